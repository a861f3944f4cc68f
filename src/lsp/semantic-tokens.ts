/** Semantic tokens: opcodes, modifiers, directives, types, registers, predicates, labels, numbers, macros. */
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';
import type { Role, Tok } from './model.js';

export const TOKEN_TYPES = ['keyword', 'modifier', 'decorator', 'type', 'variable', 'parameter', 'label', 'function', 'macro', 'number', 'string', 'comment', 'property', 'enumMember'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary', 'predicate'] as const;

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const T = (name: (typeof TOKEN_TYPES)[number]) => TOKEN_TYPES.indexOf(name);
const M = (name: (typeof TOKEN_MODIFIERS)[number]) => 1 << TOKEN_MODIFIERS.indexOf(name);

/** The semantic type and modifiers of a token, or undefined to leave it to the grammar. */
export function classify(t: Tok): [number, number] | undefined {
  const decl = t.isDef ? M('declaration') : 0;
  const byRole: Partial<Record<Role, [number, number]>> = {
    opcode: [T('keyword'), 0],
    modifier: [T('modifier'), 0],
    directive: [T('decorator'), 0],
    type: [T('type'), 0],
    register: [T('variable'), decl],
    special: [T('variable'), M('readonly') | M('defaultLibrary')],
    predicate: [T('parameter'), decl | M('predicate')],
    label: [T('label'), decl],
    function: [T('function'), decl],
    variable: [T('variable'), decl],
    macro: [T('macro'), decl],
    symbol: [T('variable'), decl | M('readonly')],
    property: [T('property'), 0],
    operandModifier: [T('enumMember'), 0],
  };
  const r = byRole[t.role];
  if (r) return r;
  if (t.kind === 'number') return [T('number'), 0];
  if (t.kind === 'dot') return [T('decorator'), 0];
  return undefined;
}

/** Every classified token of the document, as LSP's relative encoding (multi-line tokens split). */
export function semanticTokens(a: DocumentAnalysis, doc: TextDocument): SemanticTokens {
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const t of a.model.tokens) {
    const c = classify(t);
    if (!c) continue;
    const p = doc.positionAt(t.start);
    const e = doc.positionAt(t.end);
    if (e.line !== p.line) continue;
    const dl = p.line - prevLine;
    data.push(dl, dl === 0 ? p.character - prevChar : p.character, e.character - p.character, c[0], c[1]);
    prevLine = p.line;
    prevChar = p.character;
  }
  return { data };
}
