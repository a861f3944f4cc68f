/** Outline (document symbols) and workspace symbols. */
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';
import type { SymDef } from './model.js';

function kindOf(d: SymDef): SymbolKind {
  switch (d.kind) {
    case 'kernel':
      return SymbolKind.Event;
    case 'function':
      return SymbolKind.Function;
    case 'variable':
      return SymbolKind.Variable;
    case 'section':
      return SymbolKind.Namespace;
    case 'macro':
      return SymbolKind.Constant;
    case 'symbol':
      return SymbolKind.Constant;
    default:
      return SymbolKind.Key;
  }
}

/** Module-level things: kernels, functions, module variables, sections, macros, symbols. */
function outlineDefs(a: DocumentAnalysis): SymDef[] {
  return a.model.defs.filter((d) => d.scope === 0 && d.kind !== 'register' && d.kind !== 'label' && d.kind !== 'param');
}

export function documentSymbols(a: DocumentAnalysis, doc: TextDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const m = a.model;
  for (const d of outlineDefs(a)) {
    let end = d.stmtEnd;
    // A PTX function's range runs to the end of its body.
    if (a.lang === 'ptx' && (d.kind === 'kernel' || d.kind === 'function')) {
      const body = m.scopes.find((s) => s.fn === d);
      if (body) end = body.end;
    }
    const children: DocumentSymbol[] = [];
    if (a.lang === 'ptx' && (d.kind === 'kernel' || d.kind === 'function')) {
      const body = m.scopes.find((s) => s.fn === d);
      for (const x of m.defs) {
        if (x.kind === 'label' && body && x.scope === body.id) children.push(sym(doc, x, x.stmtEnd));
      }
    }
    out.push({ ...sym(doc, d, Math.max(end, d.end)), ...(children.length ? { children } : {}) });
  }
  if (a.lang === 'amdgpu') {
    // Labels that are not functions are listed too (basic blocks are left out: .L names).
    for (const d of m.defs) if (d.kind === 'label' && !d.name.startsWith('.L')) out.push(sym(doc, d, d.stmtEnd));
    out.sort((x, y) => x.range.start.line - y.range.start.line || x.range.start.character - y.range.start.character);
  }
  return out;
}

function sym(doc: TextDocument, d: SymDef, end: number): DocumentSymbol {
  const start = Math.min(d.stmtStart, d.start);
  return {
    name: d.name,
    kind: kindOf(d),
    ...(d.kind === 'kernel' ? { detail: 'kernel' } : d.kind === 'function' ? { detail: 'function' } : d.detail && d.kind === 'variable' ? { detail: d.detail } : {}),
    range: { start: doc.positionAt(start), end: doc.positionAt(Math.max(end, d.end)) },
    selectionRange: { start: doc.positionAt(d.start), end: doc.positionAt(d.end) },
  };
}

/** Workspace symbols over the open documents whose names contain `query` (case-insensitive). */
export function workspaceSymbols(docs: { a: DocumentAnalysis; doc: TextDocument }[], query: string, limit = 500): SymbolInformation[] {
  const q = query.toLowerCase();
  const out: SymbolInformation[] = [];
  for (const { a, doc } of docs) {
    for (const d of outlineDefs(a)) {
      if (d.kind === 'section' || !d.name.toLowerCase().includes(q)) continue;
      out.push({ name: d.name, kind: kindOf(d), location: { uri: a.uri, range: { start: doc.positionAt(d.start), end: doc.positionAt(d.end) } } });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
