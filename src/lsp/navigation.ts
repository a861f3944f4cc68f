/** Go to definition, find references and document highlights. */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentHighlightKind, type DocumentHighlight, type Location } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';
import { occurrences, tokenAt, type SymDef } from './model.js';

type Pos = { line: number; character: number };

/** The symbol under the cursor, when it has a definition in this document. */
export function symbolAt(a: DocumentAnalysis, doc: TextDocument, pos: Pos): SymDef | undefined {
  const t = tokenAt(a.model, doc.offsetAt(pos));
  return t?.def;
}

function includeTarget(a: DocumentAnalysis, doc: TextDocument, pos: Pos): string | undefined {
  const off = doc.offsetAt(pos);
  const inc = a.model.includes.find((i) => i.start <= off && off <= i.end);
  if (!inc) return undefined;
  const dirs = [a.directory, ...a.settings.includePaths].filter((d): d is string => !!d);
  if (isAbsolute(inc.name)) return existsSync(inc.name) ? pathToFileURL(inc.name).href : undefined;
  for (const d of dirs) {
    const p = resolve(d, inc.name);
    if (existsSync(p)) return pathToFileURL(p).href;
  }
  return undefined;
}

export function definition(a: DocumentAnalysis, doc: TextDocument, pos: Pos): Location | null {
  const inc = includeTarget(a, doc, pos);
  if (inc) return { uri: inc, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  const d = symbolAt(a, doc, pos);
  if (!d) return null;
  return { uri: a.uri, range: { start: doc.positionAt(d.start), end: doc.positionAt(d.end) } };
}

export function references(a: DocumentAnalysis, doc: TextDocument, pos: Pos, includeDeclaration: boolean): Location[] {
  const d = symbolAt(a, doc, pos);
  if (!d) return [];
  return occurrences(a.model, d)
    .filter((t) => includeDeclaration || !t.isDef)
    .map((t) => ({ uri: a.uri, range: { start: doc.positionAt(t.start), end: doc.positionAt(t.end) } }));
}

export function highlights(a: DocumentAnalysis, doc: TextDocument, pos: Pos): DocumentHighlight[] {
  const d = symbolAt(a, doc, pos);
  if (!d) return [];
  return occurrences(a.model, d).map((t) => ({
    range: { start: doc.positionAt(t.start), end: doc.positionAt(t.end) },
    kind: t.isDef ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}
