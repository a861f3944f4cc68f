/**
 * Formatting that can never change meaning: only whitespace at the start and end of lines is
 * touched, and never where whitespace is content or could be — inside block comments, strings that
 * run over a line end (and everything after one), preprocessor lines and their continuations,
 * lines ending in a backslash, AMDGPU `#` lines and raw blocks (`.amdgpu_metadata` YAML).
 * PTX statements are indented by brace depth, labels start at column 0; AMDGPU statements are
 * indented one level, labels start at column 0. test/lsp proves the round trip.
 */
import type { TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';

export function formatDocument(a: DocumentAnalysis, doc: TextDocument, options: { tabSize: number; insertSpaces: boolean }): TextEdit[] {
  return formatLines(a, doc, options, 0, doc.lineCount - 1);
}

export function formatLines(a: DocumentAnalysis, doc: TextDocument, options: { tabSize: number; insertSpaces: boolean }, fromLine: number, toLine: number): TextEdit[] {
  const text = a.text;
  const m = a.model;
  const unit = options.insertSpaces ? ' '.repeat(Math.max(1, Math.min(16, options.tabSize | 0))) : '\t';
  const lineCount = doc.lineCount;
  // Per line: frozen (leave as is), first significant token, brace depth at its start.
  const frozen = new Uint8Array(lineCount + 1);
  const firstTok = new Int32Array(lineCount + 1).fill(-1);
  const depthAt = new Int32Array(lineCount + 1);
  let depth = 0;
  let stopAll = -1;
  const lineOf = (off: number) => doc.positionAt(off).line;
  let lineDepthSet = -1;
  for (let k = 0; k < m.tokens.length; k++) {
    const t = m.tokens[k]!;
    const l0 = lineOf(t.start);
    if (lineDepthSet < l0) {
      for (let x = lineDepthSet + 1; x <= l0; x++) depthAt[x] = depth;
      lineDepthSet = l0;
    }
    if (firstTok[l0] === -1 && !(t.kind === 'punct' && t.text === '\n')) firstTok[l0] = k;
    const multi = t.end > t.start && text.slice(t.start, t.end).includes('\n');
    if (multi) {
      const l1 = lineOf(t.end);
      for (let x = l0 + 1; x <= l1; x++) frozen[x] = 1;
      // Trailing whitespace inside the token is content.
      frozen[l0] |= 2;
    }
    if (t.kind === 'string' && (t.text.length < 2 || !t.text.endsWith('"')) && stopAll < 0 && a.lang === 'ptx') stopAll = l0;
    if (t.kind === 'string' && a.lang === 'amdgpu' && !t.text.startsWith('"')) frozen[l0] = 1;
    if (t.kind === 'preproc') frozen[l0] = 1;
    if (a.lang === 'amdgpu' && t.kind === 'comment' && t.text.startsWith('#') && firstTok[l0] === k) frozen[l0] = 1;
    if (a.lang === 'amdgpu' && t.kind === 'string' && !t.text.startsWith('"')) frozen[l0] = 1;
    if (t.kind === 'punct' && (t.text === '{' || t.text === '(')) depth++;
    else if (t.kind === 'punct' && (t.text === '}' || t.text === ')')) depth = Math.max(0, depth - 1);
  }
  for (let x = lineDepthSet + 1; x <= lineCount; x++) depthAt[x] = depth;
  for (const r of m.raw) for (let x = lineOf(r.start); x <= lineOf(r.end); x++) frozen[x] = 1;
  const edits: TextEdit[] = [];
  for (let l = Math.max(0, fromLine); l <= Math.min(toLine, lineCount - 1); l++) {
    if (stopAll >= 0 && l > stopAll) break;
    if (frozen[l]! & 1) continue;
    const start = doc.offsetAt({ line: l, character: 0 });
    const end = l + 1 < lineCount ? doc.offsetAt({ line: l + 1, character: 0 }) : text.length;
    let body = text.slice(start, end);
    let eol = '';
    const em = /\r?\n$/.exec(body);
    if (em) {
      eol = em[0];
      body = body.slice(0, -eol.length);
    }
    if (body.includes('\r')) continue;
    const trimmedStart = body.replace(/^[ \t]+/, '');
    const content = frozen[l]! & 2 || /\\[ \t]*$/.test(trimmedStart) ? trimmedStart : trimmedStart.replace(/[ \t]+$/, '');
    let indent = '';
    if (content !== '') {
      const k = firstTok[l]!;
      const t = k >= 0 ? m.tokens[k]! : undefined;
      const next = t ? m.tokens[k + 1] : undefined;
      const isLabel = !!t && t.role === 'label' && next?.text === ':';
      if (a.lang === 'ptx') {
        let d = depthAt[l]!;
        if (t && t.kind === 'punct' && (t.text === '}' || t.text === ')')) d = Math.max(0, d - 1);
        indent = isLabel ? '' : unit.repeat(d);
      } else {
        if (t && t.kind === 'comment') continue;
        indent = isLabel ? '' : unit;
      }
    }
    const out = indent + content;
    if (out !== body) edits.push({ range: { start: doc.positionAt(start), end: doc.positionAt(start + body.length) }, newText: out });
  }
  return edits;
}
