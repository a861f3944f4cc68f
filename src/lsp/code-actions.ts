/** Code actions: "did you mean" fixes for misspelt opcodes, directives and registers. */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { AMDGPU_DIRECTIVES } from '../amdgpu/index.js';
import { PTX_DIRECTIVES, PTX_STATE_SPACES, PTX_TYPES, SPECIAL_REGISTERS } from '../ptx/index.js';
import type { DocumentAnalysis } from './analysis.js';
import { amdgpuMnemonics, amdgpuSuggestion, ptxOpcodes } from './instructions.js';
import { scopeAt, tokenAt, type Tok } from './model.js';

/** Edit distance with adjacent transpositions counting one (`mvo` -> `mov` is 1), stopping past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest candidates to `word` (edit distance at most a third of its length, at least 1). */
export function nearest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(1, Math.floor(word.length / 3));
  const scored: [number, string][] = [];
  for (const c of candidates) {
    if (c === word || Math.abs(c.length - word.length) > limit) continue;
    const d = editDistance(word.toLowerCase(), c.toLowerCase(), limit + 1);
    if (d <= limit) scored.push([d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, max).map((s) => s[1]);
}

function suggestionsFor(a: DocumentAnalysis, t: Tok): string[] {
  const m = a.model;
  if (a.lang === 'ptx') {
    if (t.role === 'opcode') return ptxOpcodes().includes(t.text) ? [] : nearest(t.text, ptxOpcodes());
    if (t.kind === 'dot' && t.role !== 'modifier' && t.role !== 'property') {
      const all = [...PTX_DIRECTIVES, ...PTX_TYPES, ...PTX_STATE_SPACES];
      return all.includes(t.text) ? [] : nearest(t.text, all);
    }
    if (t.kind === 'ident' && !t.def && t.role !== 'special' && t.text.startsWith('%')) {
      const scope = scopeAt(m, t.start);
      const names = new Set<string>(SPECIAL_REGISTERS.keys());
      for (const d of m.defs) {
        if (d.kind !== 'register' && d.kind !== 'param') continue;
        if (d.scope !== 0 && d.scope !== scope && !isAncestor(m.scopes, d.scope, scope)) continue;
        if (d.count !== undefined) {
          const idx = /\d+$/.exec(t.text)?.[0];
          names.add(idx !== undefined && Number(idx) < d.count ? d.name + idx : d.name + '0');
        } else names.add(d.name);
      }
      return nearest(t.text, names);
    }
    return [];
  }
  if (t.role === 'opcode') {
    const mn = amdgpuMnemonics(a.target.mcpu);
    if (mn.includes(t.text.toLowerCase())) return [];
    const s = amdgpuSuggestion(t.text, a.target.mcpu);
    return [...new Set([...nearest(t.text, mn), ...(s ? [s] : [])])];
  }
  if (t.kind === 'dot' && t.role === 'directive') {
    return AMDGPU_DIRECTIVES.has(t.text.toLowerCase()) ? [] : nearest(t.text, AMDGPU_DIRECTIVES.keys());
  }
  return [];
}

function isAncestor(scopes: { parent: number }[], anc: number, s: number): boolean {
  for (let x = s; x > 0; x = scopes[x]!.parent) if (x === anc) return true;
  return anc === 0;
}

export function codeActions(a: DocumentAnalysis, doc: TextDocument, range: Range, diagnostics: LspDiagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const seen = new Set<Tok>();
  const places = [range.start, ...diagnostics.map((d) => d.range.start)];
  for (const p of places) {
    const t = tokenAt(a.model, doc.offsetAt(p));
    if (!t || seen.has(t)) continue;
    seen.add(t);
    const related = diagnostics.filter((d) => doc.offsetAt(d.range.start) >= t.start && doc.offsetAt(d.range.start) <= t.end);
    for (const s of suggestionsFor(a, t)) {
      out.push({
        title: `Did you mean '${s}'?`,
        kind: CodeActionKind.QuickFix,
        ...(related.length ? { diagnostics: related } : {}),
        isPreferred: out.length === 0,
        edit: { changes: { [a.uri]: [{ range: { start: doc.positionAt(t.start), end: doc.positionAt(t.end) }, newText: s }] } },
      });
    }
  }
  return out;
}
