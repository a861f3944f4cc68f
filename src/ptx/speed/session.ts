/**
 * An incremental PTX check for an editor: a session keeps what it learnt of one document's last
 * version and, given the next version, re-reads and re-checks only what the edit can affect. Its
 * answer is always the one `checkPtx` gives for the same text (test/ptx/speed/session.test.ts
 * compares them after random edits).
 *
 * What is reused: a whole function item (kernel or `.func`, header and body). The other module
 * items (the header, variables, directives, body-less declarations) are parsed and checked every
 * time; they are small, and they decide what every body sees. A body is checked against the
 * module-level declarations before it, so its check is a function of its own text and of those
 * declarations, nothing else (its only effect on the rest of the module are the declaration of its
 * function, the first call, address and `mov` uses of functions, which `finish` reads, and its
 * labels, which initializers may name). So the item is stepped over unread (the parser asks
 * `skipItem` at each clean item boundary, the lexer jumps with `skipTo`) and its recorded
 * contribution replayed when:
 *  - the whole function item (header and body) has the same text as one checked before, and
 *  - the module-level items before it are the same, item by item, as at that check, and
 *  - that check found nothing in it: no parse or check diagnostic, no forward reference left for
 *    `finish`, no local variable the layout needs (then nothing of it depends on where it stands
 *    in the file, since any diagnostic would carry a position).
 * Every other body is parsed and checked as `checkPtx` does, in the same order, into the same
 * checker, so the module-level and whole-program results (ptxas's order of first errors, the
 * link-time PTX304/348/349, the cut-off after a syntax error) come out of the same code.
 *
 * Falls back to a full check (and says so in `stats.reason`) when the preprocessor changes the text
 * (`#include`, `#define`, ...) or the text has a non-ASCII or NUL character (ptxas's whole-file rule).
 */
import { DiagnosticBag, type Diagnostic } from '../../core/diagnostics.js';
import { locatedBefore } from '../../core/source.js';
import type * as A from '../parse/ast.js';
import { newSymbol, type PtxSymbol } from '../check/scope.js';
import { Parser } from '../parse/parser.js';
import { preprocess } from '../preprocess/preprocess.js';
import { layoutInput } from '../layout/layout.js';
import { checkPtx, finalDiagnostics, firstFatal, itemChecks, type PtxCheckOptions } from '../pipeline.js';

/** What the last `update` did (counts, for tests and the language server's statistics). */
export interface PtxSessionStats {
  /** 'incremental': bodies reused where possible; 'full': a plain `checkPtx` (see `reason`). */
  mode: 'incremental' | 'full';
  /** Why the update was a full check. */
  reason?: string;
  /** Function bodies in the module. */
  bodies: number;
  /** Bodies parsed and checked. */
  bodiesChecked: number;
  /** Bodies skipped, their recorded results reused. */
  bodiesReused: number;
  /** Characters of the text in reused bodies (not lexed, only brace-matched). */
  bytesReused: number;
  /** Characters of the text. */
  bytes: number;
}

/** A document's incremental check: `update(text)` returns `checkPtx(name, text, options)`'s diagnostics. */
export interface PtxSession {
  update(text: string): Diagnostic[];
  /** Counts of the last update. */
  readonly stats: PtxSessionStats;
}

type Fact = 'calledAt' | 'addressTakenAt' | 'movAddressAt';

/** A function item checked clean, with what it contributes to the module. */
interface CleanFunction {
  /** Where the item (header and body) starts in the version it was last seen in, and its length. */
  start: number;
  length: number;
  /** Its header's length (the module-level text, up to the body). */
  headerLength: number;
  /** Its index among the module's items (the module-level items before it are in `moduleItems`). */
  index: number;
  name: string;
  entry: boolean;
  /** The module-level symbol it declared (facts left out, `nameSpan` relative to the item), or none when it defined one declared before. */
  declares: PtxSymbol | undefined;
  /** Function uses that set a module function's fact (the first per name and fact), offsets relative to the item. */
  facts: { fact: Fact; name: string; start: number; end: number }[];
  /** Labels of the body (initializers may name them). */
  labels: string[];
  /** Its tcgen05 CTA granularities and direct callees (the checker's ctaGroups and callees, which `finish` reads). */
  ctaGroups: number | undefined;
  callees: string[] | undefined;
}

/** A replay met a module that does not fit it: start again with everything read. */
class Resync extends Error {}

const NON_ASCII_OR_NUL = /[^\x01-\x7f]/;

/**
 * A session for one document named `name` (used in diagnostics and to resolve includes), checked
 * with `options` (as `checkPtx` takes them; `parallel` is not used).
 */
export function createPtxSession(name: string, options: PtxCheckOptions = {}): PtxSession {
  /** Clean function items of the last version, by where they start. */
  let cache = new Map<number, CleanFunction>();
  /** The last version's text, where each module item's module-level text (a function's up to its body) starts and how long it is, and where its lines start. */
  let lastText = '';
  let moduleItems: number[] = [];
  let lastLines: Int32Array | undefined;
  const stats: PtxSessionStats = { mode: 'full', bodies: 0, bodiesChecked: 0, bodiesReused: 0, bytesReused: 0, bytes: 0 };

  function full(text: string, reason: string): Diagnostic[] {
    cache = new Map();
    moduleItems = [];
    lastText = '';
    lastLines = undefined;
    Object.assign(stats, { mode: 'full', reason, bodies: 0, bodiesChecked: 0, bodiesReused: 0, bytesReused: 0, bytes: text.length });
    return checkPtx(name, text, options).diagnostics;
  }

  function incremental(text: string, useCache: boolean): Diagnostic[] {
    // The text is the last version's but for one changed stretch: [0, same) and the last `tail`
    // characters are unchanged (the tail moved by `shift`).
    const before = useCache ? lastText : '';
    const same = commonPrefix(before, text);
    const tail = commonSuffix(before, text, Math.min(before.length, text.length) - same);
    const shift = text.length - before.length;
    const pre = preprocess(name, text, options);
    if (!pre.identity) return full(text, 'the preprocessor changes the text (#include, #define, ...)');
    // (The last version, when there is one, had none.)
    if (NON_ASCII_OR_NUL.test(before ? text.slice(same, text.length - tail) : text)) return full(text, 'a non-ASCII or NUL character');
    const compileOnly = options.compileOnly === true;
    const front = new DiagnosticBag();
    const checks = new DiagnosticBag();
    for (const d of pre.diagnostics) front.add(d);
    const source = pre.mapped;
    const lines = lineStarts(text, before ? lastLines : undefined, same, tail, shift);
    source.file?.adoptLineStarts(lines);
    const parser = new Parser(source.text);
    const { checker, input, sink } = itemChecks(source, checks, parser, compileOnly);
    const names = checker.table.module.names;
    const old = useCache ? cache : new Map<number, CleanFunction>();
    const oldItems = useCache ? moduleItems : [];
    const nextCache = new Map<number, CleanFunction>();
    const items: number[] = [];
    /** Where the text at [at, at + length) was in the last version, when it is unchanged; else -1. */
    const lastAt = (at: number, length: number): number => (at + length <= same ? at : at >= text.length - tail ? at - shift : -1);
    let sameBefore = true;
    let recording: CleanFunction['facts'] | undefined;
    let pendingMark = 0;
    let bodies = 0;
    let checked = 0;
    let reused = 0;
    let bytesReused = 0;

    /** Notes a module item's module-level text; from the first that differs from the last version's, nothing after it is reused. */
    const moduleLevel = (index: number, start: number, length: number): void => {
      items.push(start, length);
      if (sameBefore && (oldItems[2 * index + 1] !== length || lastAt(start, length) !== oldItems[2 * index])) sameBefore = false;
    };

    // An unchanged clean function item whose module-level items before it are unchanged: not read,
    // its contribution replayed (what checking it would do to the checker and the layout input).
    parser.skipItem = (at) => {
      if (!sameBefore) return -1;
      const c = old.get(at < same ? at : at - shift);
      const index = items.length / 2;
      if (!c || c.index !== index || lastAt(at, c.length) !== c.start) return -1;
      checker.itemCount++;
      if (c.declares) checker.table.declare(symbolAt(c.declares, at));
      else {
        const sym = names.get(c.name);
        if (sym?.kind !== 'function') throw new Resync();
        sym.defined = true;
      }
      for (const r of c.facts) {
        const sym = names.get(r.name);
        if (sym?.kind === 'function') sym[r.fact] ??= { start: at + r.start, end: at + r.end };
      }
      if (c.ctaGroups !== undefined) checker.ctaGroups.set(c.name, (checker.ctaGroups.get(c.name) ?? 0) | c.ctaGroups);
      if (c.callees !== undefined) checker.callees.set(c.name, c.callees);
      const body: A.Block = { kind: 'block', statements: [], span: { start: at + c.headerLength, end: at + c.length } };
      input.add({ kind: 'function', linkage: undefined, entry: c.entry, name: c.name, nameSpan: body.span, attributes: [], body, span: { start: at, end: at + c.length } });
      for (const l of c.labels) input.labels.add(l);
      moduleLevel(index, at, c.headerLength);
      nextCache.set(at, { ...c, start: at, index });
      bodies++;
      reused++;
      bytesReused += c.length;
      return at + c.length;
    };
    checker.functionUse = (sym, fact, span) => {
      if (!recording || names.get(sym.name) !== sym) return;
      for (const r of recording) if (r.name === sym.name && r.fact === fact) return;
      recording.push({ fact, name: own(sym.name), start: span.start, end: span.end });
    };
    const push = (item: A.ModuleItem): void => {
      const index = items.length / 2;
      const start = item.span.start;
      const body = item.kind === 'function' ? item.body : undefined;
      const headerLength = (body ? body.span.start : item.span.end) - start;
      if (item.kind !== 'function' || !body) {
        sink.push(item);
      } else {
        bodies++;
        checked++;
        const errors = checker.errorCount;
        const ends = checker.functionEnds.length;
        const found = checks.items.length;
        const parseClean = parser.pending.length === pendingMark;
        const prev = names.get(item.name);
        recording = [];
        sink.push(item);
        const facts = recording;
        recording = undefined;
        const sym = names.get(item.name);
        const last = input.items[input.items.length - 1];
        const keepsLocals = last !== undefined && 'locals' in last && last.locals !== undefined;
        const clean = parseClean && checker.errorCount === errors && checker.functionEnds.length === ends && checks.items.length === found && !keepsLocals;
        const fresh = !prev && sym?.kind === 'function';
        if (clean && index >= 2 && (fresh || (prev === sym && sym?.kind === 'function' && sym.defined))) {
          for (const r of facts) {
            r.start -= start;
            r.end -= start;
          }
          let declares: PtxSymbol | undefined;
          if (fresh) {
            declares = symbolAt(sym!, -start);
          }
          const callees = checker.callees.get(item.name);
          nextCache.set(start, { start, length: item.span.end - start, headerLength, index, name: own(item.name), entry: item.entry, declares, facts, labels: labelsOf(body.statements), ctaGroups: checker.ctaGroups.get(item.name), callees: callees?.map(own) });
        }
      }
      moduleLevel(index, start, headerLength);
      pendingMark = parser.pending.length;
    };

    parser.beginModule();
    parser.parseItems({ push }, Infinity);
    parser.flush(source, front);
    const cutoff = firstFatal(front.items);
    checker.finish(cutoff);
    layoutInput(input, source, checks, { images: false, compileOnly });
    const all = [...front.items];
    for (const d of checks.items) if (!cutoff || !d.location || !locatedBefore(cutoff, d.location)) all.push(d);
    cache = nextCache;
    moduleItems = items;
    lastText = text;
    lastLines = lines;
    Object.assign(stats, { mode: 'incremental', reason: undefined, bodies, bodiesChecked: checked, bodiesReused: reused, bytesReused, bytes: text.length });
    return finalDiagnostics(all);
  }

  return {
    stats,
    update(text: string): Diagnostic[] {
      try {
        return incremental(text, true);
      } catch (e) {
        if (!(e instanceof Resync)) throw e;
        return incremental(text, false);
      }
    },
  };
}

const FACTS: ReadonlySet<string> = new Set<Fact>(['calledAt', 'addressTakenAt', 'movAddressAt']);

/**
 * A copy of a function's symbol, its name moved by `by`, without the facts of uses (made by
 * newSymbol and copied field by field, so that it has the shape of the symbols the checker makes).
 */
function symbolAt(sym: PtxSymbol, by: number): PtxSymbol {
  const out = newSymbol(own(sym.name), sym.kind, { start: sym.nameSpan.start + by, end: sym.nameSpan.end + by }) as unknown as Record<string, unknown>;
  for (const k in sym) {
    if (FACTS.has(k) || k === 'name' || k === 'kind' || k === 'nameSpan') continue;
    const v = sym[k as keyof PtxSymbol];
    out[k] = typeof v === 'string' ? own(v) : v;
  }
  return out as unknown as PtxSymbol;
}

/**
 * Where the lines of `text` start: those of the last version's unchanged head and tail taken from
 * `last` (the tail's moved by `shift`), the changed stretch between them scanned.
 */
function lineStarts(text: string, last: Int32Array | undefined, same: number, tail: number, shift: number): Int32Array {
  const middle: number[] = [];
  const to = text.length - tail;
  if (!last) {
    const all = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) all.push(i + 1);
    return Int32Array.from(all);
  }
  // Head: lines starting at or before `same` (their newline is in the unchanged head).
  const head = countAtMost(last, same);
  const scanFrom = same;
  for (let i = text.indexOf('\n', scanFrom); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) middle.push(i + 1);
  // Tail: lines whose newline is in the unchanged tail, i.e. starting after its first character.
  const lastLength = text.length - shift;
  const from = Math.max(head, countAtMost(last, lastLength - tail));
  const out = new Int32Array(head + middle.length + (last.length - from));
  out.set(last.subarray(0, head));
  out.set(middle, head);
  for (let i = from, o = head + middle.length; i < last.length; i++, o++) out[o] = last[i]! + shift;
  return out;
}

/**
 * A copy of `s` that holds no reference to the text it was cut from (an engine may keep a short
 * slice as a view of its whole source text; the records outlive that version of the document).
 */
function own(s: string): string {
  return (' ' + s).slice(1);
}

/** How many entries of the ascending `a` are at most `x`. */
function countAtMost(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const BLOCK = 2048;

/** How many characters `a` and `b` have in common at their start. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Blocks first (a string comparison is the engine's fast compare), then characters.
  while (i + BLOCK <= n && a.substring(i, i + BLOCK) === b.substring(i, i + BLOCK)) i += BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How many characters (at most `max`) `a` and `b` have in common at their end. */
function commonSuffix(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  let i = 0;
  while (i + BLOCK <= max && a.substring(la - i - BLOCK, la - i) === b.substring(lb - i - BLOCK, lb - i)) i += BLOCK;
  while (i < max && a.charCodeAt(la - 1 - i) === b.charCodeAt(lb - 1 - i)) i++;
  return i;
}

/** The labels of a body, nested blocks included (what LayoutInput collects of it). */
function labelsOf(statements: A.Statement[]): string[] {
  const out: string[] = [];
  const stack: A.Statement[][] = [statements];
  for (let list = stack.pop(); list; list = stack.pop()) {
    for (const s of list) {
      if (s.kind === 'label') out.push(own(s.name));
      else if (s.kind === 'block') stack.push(s.statements);
    }
  }
  return out;
}
