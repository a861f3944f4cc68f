/** Rename of registers, labels, variables, functions, macros and symbols declared in the document. */
import { ResponseError, ErrorCodes, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';
import { occurrences, tokenAt, type SymDef, type Tok } from './model.js';

type Pos = { line: number; character: number };

const PTX_NAME = /^(?:[A-Za-z][\w$]*|[_$%][\w$]+)$/;
const AMDGPU_NAME = /^[A-Za-z_.$][\w.$]*$/;

function target(a: DocumentAnalysis, doc: TextDocument, pos: Pos): { t: Tok; d: SymDef } | undefined {
  const t = tokenAt(a.model, doc.offsetAt(pos));
  if (!t?.def || t.def.kind === 'section') return undefined;
  return { t, d: t.def };
}

/** The part of an occurrence that is the name: for `%r5` of `%r<12>`, the prefix `%r`. */
function nameSpan(t: Tok, d: SymDef): { start: number; end: number } {
  return d.count !== undefined ? { start: t.start, end: t.start + d.name.length } : { start: t.start, end: t.end };
}

export function prepareRename(a: DocumentAnalysis, doc: TextDocument, pos: Pos): { range: Range; placeholder: string } | null {
  const x = target(a, doc, pos);
  if (!x) return null;
  const s = nameSpan(x.t, x.d);
  return { range: { start: doc.positionAt(s.start), end: doc.positionAt(s.end) }, placeholder: x.d.name };
}

export function rename(a: DocumentAnalysis, doc: TextDocument, pos: Pos, newName: string): WorkspaceEdit | null {
  const x = target(a, doc, pos);
  if (!x) return null;
  const ok = a.lang === 'ptx' ? PTX_NAME : AMDGPU_NAME;
  if (!ok.test(newName)) throw new ResponseError(ErrorCodes.InvalidParams, `'${newName}' is not a valid ${a.lang === 'ptx' ? 'PTX' : 'AMDGPU'} name`);
  const clash = a.model.defs.find((d) => d !== x.d && d.name === newName && (d.scope === x.d.scope || d.scope === 0 || x.d.scope === 0));
  if (clash) throw new ResponseError(ErrorCodes.InvalidParams, `'${newName}' is already declared here`);
  const edits = occurrences(a.model, x.d).map((t) => {
    const s = nameSpan(t, x.d);
    return { range: { start: doc.positionAt(s.start), end: doc.positionAt(s.end) }, newText: newName };
  });
  return { changes: { [a.uri]: edits } };
}
