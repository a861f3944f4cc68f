/**
 * The playground's checker (worker.ts runs it in a Web Worker, so the page's thread only edits and
 * draws). It answers the requests of protocol.ts with what the `gpuasm` CLI would print for the same input:
 * `check`, `layout`, `eval` and `operand`, plus hover text. Nothing here touches the network:
 * `#include` reads only the files the visitor added to the page.
 */
import { formatDiagnostic, type Diagnostic } from '../../src/core/diagnostics.js';
import * as ptx from '../../src/ptx/index.js';
import * as amdgpu from '../../src/amdgpu/index.js';
import type { Options, Request, Response, WebDiagnostic } from './protocol.js';
import { ptxHover, amdgpuHover, operandAt } from './hover.js';
import examples from 'gpuasm:examples';

let checks = 0;
let session: { name: string; compileOnly: boolean; session: ptx.PtxSession } | undefined;
let currentFiles: Record<string, string> = {};

/**
 * The text as the CLI reads a file: one character per byte of its UTF-8 encoding (latin1), so
 * columns count bytes as `gpuasm check` counts them; `toUtf16` maps such an offset back into the
 * editor's text. ASCII text (nearly all assembly) is its own image.
 */
function asBytes(text: string): { text: string; toUtf16: (offset: number) => number } {
  if (!/[^\x00-\x7f]/.test(text)) return { text, toUtf16: (o) => o };
  const bytes = new TextEncoder().encode(text);
  let latin1 = '';
  for (let i = 0; i < bytes.length; i += 0x8000) latin1 += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // byte offset -> UTF-16 offset, for every byte (continuation bytes map to their character).
  const map = new Int32Array(bytes.length + 1);
  let b = 0;
  for (let u = 0; u < text.length; u++) {
    const cp = text.codePointAt(u)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 0; k < n; k++) map[b + k] = u;
    b += n;
    if (cp > 0xffff) u++;
  }
  map[bytes.length] = text.length;
  return { text: latin1, toUtf16: (o) => map[Math.max(0, Math.min(o, bytes.length))]! };
}

/** `#include` from the visitor's files: by the name as written (`./` and `dir/` allowed), else by its last part. */
function fileReader(files: Record<string, string>): (path: string) => string | undefined {
  return (path) => {
    const clean = path.replace(/^(\.\/)+/, '');
    if (clean in files) return files[clean];
    const base = clean.slice(clean.lastIndexOf('/') + 1);
    return base in files ? files[base] : undefined;
  };
}

/** Offsets of each line start in `text` (1-based line n starts at result[n - 1]). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The first line of `gpuasm check`'s message for `d`, without the document's own name. */
export function headline(d: Diagnostic, name: string): string {
  const first = formatDiagnostic({ ...d, notes: [] }).split('\n')[0]!;
  const loc = d.location;
  if (loc && loc.file === name) return first.slice(name.length + 1);
  return first;
}

function toWeb(list: Diagnostic[], name: string, bytes: { text: string; toUtf16: (o: number) => number }): WebDiagnostic[] {
  const out: WebDiagnostic[] = [];
  let starts: number[] | undefined;
  const add = (d: Diagnostic) => {
    const w: WebDiagnostic = { severity: d.severity, code: d.code, text: headline(d, name) };
    const loc = d.location;
    if (loc && loc.file === name) {
      starts ??= lineStarts(bytes.text);
      const lineStart = starts[loc.line - 1];
      if (lineStart !== undefined) {
        const from = lineStart + loc.column - 1;
        w.from = bytes.toUtf16(from);
        w.to = bytes.toUtf16(from + Math.max(loc.length ?? 0, 0));
      }
    }
    out.push(w);
    for (const n of d.notes ?? []) add(n);
  };
  for (const d of list) add(d);
  return out;
}

/** The processor and triple a `.amdgcn_target "TRIPLE--PROCESSOR[:features]"` directive names, when gpuasm knows them. */
export function targetOfText(text: string): { mcpu: string; triple?: string } | undefined {
  const m = /^[ \t]*\.amdgcn_target[ \t]+"([^"\n]*)"/m.exec(text);
  if (!m) return undefined;
  const id = m[1]!.split(':')[0]!;
  const dash = id.lastIndexOf('-');
  const proc = id.slice(dash + 1);
  if (!amdgpu.findTarget(proc)) return undefined;
  const prefix = id.slice(0, dash + 1);
  const parts = prefix.split('-');
  const candidates = [parts.slice(0, 3).join('-'), parts.slice(0, 4).join('-'), 'amdgcn'];
  for (const c of candidates) {
    const t = amdgpu.parseTriple(c);
    if (!('error' in t) && t.idPrefix === prefix) return { mcpu: proc, triple: c === amdgpu.DEFAULT_TRIPLE ? undefined : c };
  }
  return { mcpu: proc };
}

function check(name: string, text: string, options: Options, files: Record<string, string>): Response {
  checks++;
  return checked(name, text, options, files);
}

function checked(name: string, text: string, options: Options, files: Record<string, string>): Response & { kind: 'check' } {
  const bytes = asBytes(text);
  if (options.lang === 'amdgpu') {
    const fromText = targetOfText(bytes.text);
    const mcpu = fromText?.mcpu ?? options.mcpu;
    const triple = fromText?.triple;
    const mattr = options.mattr.trim();
    const diags = amdgpu.checkAmdgpuText(name, bytes.text, { mcpu, triple, ...(mattr ? { mattr } : {}) });
    return { kind: 'check', id: 0, checks, diagnostics: toWeb(diags, name, bytes), mcpu, triple, mcpuFrom: fromText ? 'amdgcn_target' : 'selector' };
  }
  // One incremental session for the document being edited (re-checks only the function an edit
  // touched); includes are read from the files of the latest request.
  currentFiles = files;
  if (!session || session.name !== name || session.compileOnly !== options.compileOnly) {
    const read = (path: string) => fileReader(currentFiles)(path);
    session = { name, compileOnly: options.compileOnly, session: ptx.createPtxSession(name, { compileOnly: options.compileOnly, readFile: read }) };
  }
  return { kind: 'check', id: 0, checks, diagnostics: toWeb(session.session.update(bytes.text), name, bytes) };
}

/** What `gpuasm` prints on stderr for diagnostics in text form (no colour). */
function printed(diags: Diagnostic[]): string {
  let s = '';
  for (const d of diags) s += formatDiagnostic(d) + '\n';
  const errors = diags.filter((d) => d.severity === 'error').length;
  const warnings = diags.filter((d) => d.severity === 'warning').length;
  if (errors || warnings) {
    const parts: string[] = [];
    if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
    if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
    s += `${parts.join(' and ')} generated.\n`;
  }
  return s;
}

function layout(name: string, text: string, files: Record<string, string>): Response {
  const r = ptx.layoutPtx(name, asBytes(text).text, { readFile: fileReader(files) });
  const failed = r.diagnostics.some((d) => d.severity === 'error');
  const out = printed(r.diagnostics) + (failed ? '' : ptx.formatLayoutTable(r.variables));
  return { kind: 'layout', id: 0, output: out, ok: !failed };
}

function evaluate(lang: 'ptx' | 'amdgpu', expr: string): Response {
  if (lang === 'amdgpu') {
    const r = amdgpu.evaluateAmdgpuExpression(expr);
    if ('diagnostics' in r) return { kind: 'eval', id: 0, output: printed(r.diagnostics), ok: false };
    return { kind: 'eval', id: 0, output: `${BigInt.asIntN(64, r.value)}\n`, ok: true };
  }
  const r = ptx.evaluatePtxExpression(expr);
  if ('diagnostics' in r) return { kind: 'eval', id: 0, output: printed(r.diagnostics), ok: false };
  return { kind: 'eval', id: 0, output: `${r.value} ${r.type}\n`, ok: true };
}

/** `gpuasm operand --mcpu CPU -` with one line `TYPE TEXT` for every operand type, each answer after its type. */
export function operandTable(mcpu: string, text: string): { output: string; ok: boolean } {
  const target = amdgpu.findTarget(mcpu);
  if (!target) return { output: `unknown processor '${mcpu}'\n`, ok: false };
  let out = '';
  let ok = true;
  const warnings: string[] = [];
  amdgpu.OPERAND_TYPES.forEach((type, i) => {
    const r = amdgpu.encodeOperand(text, type, target);
    if ('error' in r) ok = false;
    else if (r.warning) warnings.push(`gpuasm operand: warning: line ${i + 1}: ${r.warning}\n`);
    out += `${type.padEnd(4)} ${'error' in r ? JSON.stringify({ error: r.error }) : JSON.stringify({ src: r.src, literal: r.literal })}\n`;
  });
  return { output: warnings.join('') + out, ok };
}

export function handle(q: Request): Response {
  let r: Response;
  try {
    switch (q.kind) {
      case 'check':
        r = check(q.name, q.text, q.options, q.files);
        break;
      case 'layout':
        r = layout(q.name, q.text, q.files);
        break;
      case 'eval':
        r = evaluate(q.lang, q.expr);
        break;
      case 'operand': {
        const found = operandAt(q.line, q.column);
        if (!found) {
          r = { kind: 'operand', id: 0, operand: null, output: '', ok: false };
          break;
        }
        r = { kind: 'operand', id: 0, operand: found, ...operandTable(q.mcpu, found) };
        break;
      }
      case 'hover':
        r = { kind: 'hover', id: 0, text: q.lang === 'ptx' ? ptxHover(q.line, q.column) : amdgpuHover(q.line, q.column, q.mcpu) };
        break;
    }
  } catch (err) {
    // A checker bug must not leave the page waiting: say so where the answer would go.
    const message = `gpuasm: internal error: ${(err as Error).message}`;
    if (q.kind === 'check') r = { kind: 'check', id: 0, checks, diagnostics: [{ severity: 'error', code: 'internal', text: message }] };
    else if (q.kind === 'hover') r = { kind: 'hover', id: 0, text: null };
    else if (q.kind === 'operand') r = { kind: 'operand', id: 0, operand: null, output: message, ok: false };
    else r = { kind: q.kind, id: 0, output: message, ok: false } as Response;
  }
  return { ...r, id: q.id } as Response;
}

/**
 * Warm-up: the first check of a large file on a fresh page ran the checker's code cold (V8's
 * interpreter, then its compilers as the functions got hot): a 200 KB PTX paste took 3-5x the
 * processor time of the next one (docs/benchmarks.md, playground). So at start the worker checks
 * the built-in examples (both languages; PTX also laid out, as the page asks after each PTX
 * check) a number of rounds, one example per task:
 * a request that arrives meanwhile waits for at most one small example's check. These checks are
 * not counted in `checks` and answer nobody. `done` is called with the number of checks run and
 * the milliseconds from start to end.
 */
export function warmUp(done: (checksRun: number, ms: number) => void, rounds = WARM_ROUNDS): void {
  const t0 = performance.now();
  const steps: (() => void)[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const ex of examples) {
      if (/\.ptx$/.test(ex.name)) {
        steps.push(() => void checked(ex.name, ex.text, { lang: 'ptx', mcpu: 'gfx900', compileOnly: false, mattr: '' }, {}));
        steps.push(() => void layout(ex.name, ex.text, {}));
      } else {
        steps.push(() => void checked(ex.name, ex.text, { lang: 'amdgpu', mcpu: 'gfx900', compileOnly: false, mattr: '' }, {}));
      }
    }
  }
  let i = 0;
  const step = () => {
    if (i >= steps.length) return done(i, performance.now() - t0);
    try {
      steps[i++]!();
    } catch {
      // A checker bug shows on the visitor's own text; warming up is best effort.
    }
    setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

/** Rounds of the examples the worker checks at start (warmUp). */
export const WARM_ROUNDS = 20;

/** The first message: what the selectors offer. */
export function ready(): Response {
  return {
    kind: 'ready',
    targets: amdgpu.AMDGPU_TARGETS.map((t) => ({ name: t.name, aliases: t.aliases, family: t.family })),
    operandTypes: amdgpu.OPERAND_TYPES,
  };
}
