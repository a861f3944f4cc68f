/**
 * The PTX pipeline, composed: preprocess (preprocess/), lex (lex/), parse (parse/), check (check/),
 * layout (layout/), with the two-thread split of speed/ for large modules. Each stage's folder says
 * what it takes and gives; docs/architecture.md draws the picture. index.ts exports the public part.
 */
import { DiagnosticBag, sortDiagnostics, type Diagnostic } from '../core/diagnostics.js';
import { locatedBefore, SourceFile, type MappedText, type SourceLocation } from '../core/source.js';
import type { Module, ModuleItem } from './parse/ast.js';
import { Parser, parseExpressionText, parseModule } from './parse/parser.js';
import { preprocess } from './preprocess/preprocess.js';
import { checkModule, ModuleChecker } from './check/checker.js';
import { evaluateConstExpr, formatConstValue, type ConstValue } from './check/consteval.js';
import { LayoutInput, layoutInput, layoutModule, type VariableLayout } from './layout/layout.js';
import { checkFirstPartAndJoin, startParallelPart } from './speed/parallel.js';
import { PTX_DIAGNOSTICS, type PtxCode } from './diagnostics.js';

export interface PtxCheckOptions {
  /** Directories searched for `#include "f"` after the including file's own directory. */
  includeDirs?: string[];
  /** `-D NAME[=VALUE]` predefinitions. */
  defines?: string[];
  /** false: `#` lines are treated as ptxas treats them (only #line/#file understood). Default true. */
  preprocess?: boolean;
  /**
   * Check a large module (2 MB or more, not changed by the preprocessor) on two threads when the
   * machine has four or more CPUs (see parallel.ts): the same diagnostics, in less time. Default
   * false; the CLI sets it.
   */
  parallel?: boolean;
  /**
   * Check as `ptxas -c` checks separately compiled PTX (what `nvcc -rdc=true` writes; CLI `-c`,
   * `--compile-only`): the link-time resolution of functions is left to the linker, so an `.extern`
   * function may be called and its address taken without a body in the module (PTX348, PTX349 and
   * PTX436 do not fire for it; they still do for a body-less function that is not `.extern`). What
   * `ptxas -c` needs in return is checked instead: `.version` 3.1 or later (PTX358) and the ABI
   * (PTX359). Default false: the module is a whole program, as `ptxas` without `-c` takes it.
   */
  compileOnly?: boolean;
  /**
   * How includes are read; returns undefined when absent. Default: the installed host's (core/host.ts):
   * the file system under Node (src/node/host.ts), nothing in a browser.
   */
  readFile?: (path: string) => string | undefined;
  /**
   * The bytes `text` was decoded from as latin1 (one byte per character), when the caller has them.
   * The lexer scans them instead of a copy of the text when they are the whole of a buffer one byte
   * longer whose last byte is 0 (the scanner's end mark; the CLI reads files so): one copy of a
   * large file less in memory. Otherwise not needed.
   */
  latin1Bytes?: Uint8Array;
}

/** What {@link parsePtx} returns. */
export interface PtxParseResult {
  /**
   * The syntax tree. Always present (the parser recovers statement by statement), but only
   * trustworthy when `diagnostics` holds no error: broken statements are left out of it.
   */
  module?: Module;
  /** Preprocessor and parser diagnostics, sorted by location in the original files. */
  diagnostics: Diagnostic[];
}

/**
 * Parses one PTX module: preprocesses `text` (unless `options.preprocess` is false), then lexes and
 * parses it into the AST of `ast.ts`. Runs no module checks (see {@link checkPtxText} for those).
 * Every node keeps offsets into `module.source.text`; `module.source.locate(offset)` maps them back
 * to the original file and line (after `#include` and `#line`).
 *
 * @param name the file name used in diagnostics (and to resolve `#include "..."`)
 * @param text the file's contents
 * @example
 * const { module, diagnostics } = parsePtx('k.ptx', '.version 8.0\n.target sm_80\n');
 */
export function parsePtx(name: string, text: string, options: PtxCheckOptions = {}): PtxParseResult {
  const bag = new DiagnosticBag();
  const pre = preprocess(name, text, options);
  for (const d of pre.diagnostics) bag.add(d);
  const module = parseModule(pre.mapped, bag);
  return { module, diagnostics: sortDiagnostics(bag.items) };
}

/**
 * The first error after which ptxas would have stopped: a preprocessor or syntax error. Unknown
 * opcodes (PTX226) are not fatal in ptxas; it goes on after them.
 */
export function firstFatal(items: readonly Diagnostic[]): SourceLocation | undefined {
  let first: SourceLocation | undefined;
  for (const d of items) {
    if (d.severity !== 'error' || !d.location || d.code === 'PTX226') continue;
    if (!first || isAfter(first, d.location)) first = d.location;
  }
  return first;
}

/**
 * Errors ptxas finds only after reading the whole module, and reports only when nothing else went
 * wrong: `.version` too old for `.target` (it compares them at the end), and the whole-program
 * resolution of functions (declared but never defined, address of an undefined function).
 */
const LINK_TIME_CODES = new Set<string>(['PTX304', 'PTX348', 'PTX349', 'PTX436', 'PTX358', 'PTX359', 'PTX360', 'PTX529'] satisfies PtxCode[]);

/**
 * What `ptxas -c` needs of the whole module (see PtxCheckOptions.compileOnly): found at the end
 * like the link-time errors, after a too-old `.version` for the `.target` (PTX304), and ptxas stops
 * there, before resolving functions (PTX348, PTX349, PTX436).
 */
const COMPILE_ONLY_CODES = new Set<string>(['PTX358', 'PTX359'] satisfies PtxCode[]);

/** The link-time errors that resolve functions across the module: `ptxas -c` leaves `.extern` ones to the linker. */
const RESOLUTION_CODES = new Set<string>(['PTX348', 'PTX349', 'PTX436'] satisfies PtxCode[]);

/** Whether `a` comes after `b` in the same file (different files: unknown, so not after). */
function isAfter(a: SourceLocation, b: SourceLocation): boolean {
  return locatedBefore(b, a);
}

/**
 * Checks one PTX module: preprocess, parse, module checks (`.version`/`.target`, declarations and
 * scopes, types and state spaces, modifiers) and initializers. Returns every diagnostic (errors and
 * warnings), located in the original files and sorted by location.
 *
 * Like ptxas, which stops at its first syntax error, module-check findings located after the first
 * preprocessor or syntax error are not reported (they would mostly be its consequences).
 */
export function checkPtxText(name: string, text: string, options: PtxCheckOptions = {}): Diagnostic[] {
  return checkPtx(name, text, options, { parallel: options.parallel === true ? 'auto' : 'never' }).diagnostics;
}

/** How {@link checkPtx} goes about its work (the answer is the same whatever these say). */
export interface CheckStrategy {
  /**
   * 'never' (the default): one thread. 'auto': a large module's second part on a worker thread
   * when the machine has the CPUs for it (see parallel.ts). A number: split there, always (tests).
   */
  parallel?: 'never' | 'auto' | number;
}

/**
 * checkPtxText, with the choices of `strategy`. `parallel` in the result says whether the worker's
 * answer was used, and if not why (the CLI prints it when GPUASM_TRACE_PARALLEL=1).
 */
export function checkPtx(name: string, text: string, options: PtxCheckOptions, strategy: CheckStrategy = {}): { diagnostics: Diagnostic[]; parallel?: string } {
  const front = new DiagnosticBag();
  const checks = new DiagnosticBag();
  const pre = preprocess(name, text, options);
  for (const d of pre.diagnostics) front.add(d);
  const source = pre.mapped;
  // Each module item is checked as soon as it is parsed and then dropped: the whole syntax tree
  // is never held (memory stays near the size of the text, and the collector has little to do).
  const parser = new Parser(source.text, pre.identity ? options.latin1Bytes : undefined);
  const compileOnly = options.compileOnly === true;
  const { checker, input: initializers, sink } = itemChecks(source, checks, parser, compileOnly);
  parser.beginModule();
  const split = strategy.parallel ?? 'never';
  const part = split !== 'never' && pre.identity ? startParallelPart(name, text, split === 'auto' ? undefined : split, compileOnly) : undefined;
  const joined = part ? checkFirstPartAndJoin(part, parser, sink, checker, initializers) : undefined;
  const second = joined?.second;
  if (!second) parser.parseItems(sink, Infinity);
  // The lexer passed every newline: diagnostics find their lines without another pass.
  if (pre.identity && source.file) {
    const lines = parser.lx.lineTable();
    if (lines) source.file.adoptLineStarts(lines);
  }
  parser.flush(source, front);
  if (second) for (const d of second.parseDiagnostics) front.add(d);
  // ptxas refuses a file with a non-ASCII byte before parsing it and says nothing else.
  if (front.items.some((d) => d.code === 'PTX105')) return { diagnostics: sortDiagnostics(front.items), parallel: joined?.message };
  if (second) {
    for (const d of second.checkDiagnostics) checks.add(d);
    checker.merge(second.checker);
    for (const f of second.definedFunctions) initializers.definedFunctions.add(f);
    for (const l of second.labels) initializers.labels.add(l);
  }
  const cutoff = firstFatal(front.items);
  checker.finish(cutoff);
  layoutInput(initializers, source, checks, { images: false, compileOnly });
  if (second) for (const d of second.layoutDiagnostics) checks.add(d);
  const all = [...front.items];
  for (const d of checks.items) if (!cutoff || !d.location || !isAfter(d.location, cutoff)) all.push(d);
  return { diagnostics: finalDiagnostics(all), parallel: joined?.message };
}

/**
 * Sorted diagnostics of a checked module. Link-time errors (LINK_TIME_CODES) are reported only
 * when no other error is: ptxas gets to them only then (a too-old `.version` would otherwise come
 * first here, on line 2). The compile-only ones (COMPILE_ONLY_CODES, only with `compileOnly`) come
 * after PTX304 and before the resolution of functions.
 */
export function finalDiagnostics(all: Diagnostic[]): Diagnostic[] {
  const isOther = (d: Diagnostic) => d.severity === 'error' && !LINK_TIME_CODES.has(d.code);
  if (all.some(isOther) && all.some((d) => LINK_TIME_CODES.has(d.code))) return sortDiagnostics(all.filter((d) => !LINK_TIME_CODES.has(d.code)));
  // An unresolved function stops ptxas before it judges the kernels' tcgen05 granularities (PTX529, measured).
  if (all.some((d) => d.code === 'PTX529') && all.some((d) => RESOLUTION_CODES.has(d.code))) all = all.filter((d) => d.code !== 'PTX529');
  // Separate compilation (-c): ptxas reports a too-old .version for the .target before what -c
  // needs, and what -c needs before the resolution of functions (it stops at the first of these).
  if (all.some((d) => COMPILE_ONLY_CODES.has(d.code))) {
    const drop = all.some((d) => d.code === 'PTX304') ? COMPILE_ONLY_CODES : RESOLUTION_CODES;
    return sortDiagnostics(all.filter((d) => !drop.has(d.code)));
  }
  return sortDiagnostics(all);
}

/**
 * The checks that take module items one at a time, as the parser hands them over: the module
 * checker (findings to `diags`) and the initializer pass's input.
 */
export function itemChecks(
  source: MappedText,
  diags: DiagnosticBag,
  parser: Parser,
  compileOnly = false,
): { checker: ModuleChecker; input: LayoutInput; sink: { push(item: ModuleItem): void } } {
  const checker = new ModuleChecker(source, diags, { compileOnly });
  const input = new LayoutInput();
  const sink = {
    push(item: ModuleItem): void {
      checker.item(item);
      input.add(item);
    },
  };
  return { checker, input, sink };
}

// ------------------------------------------------------------------ layout and expressions over text

/** Same inputs as checkPtxText: include dirs, -D defines, preprocess switch, file reader. */
export type PtxLayoutOptions = PtxCheckOptions;

export interface PtxLayoutResult {
  variables: VariableLayout[];
  diagnostics: Diagnostic[];
}

/**
 * Lays out one PTX module: parses and checks it (`parsePtx` of the module checker when available)
 * and returns every module-scope .global/.const variable in declaration order, or diagnostics.
 * Any error leaves `variables` empty.
 */
export function layoutPtx(name: string, text: string, options: PtxLayoutOptions = {}): PtxLayoutResult {
  const parsed = parsePtx(name, text, options);
  // With a preprocessor or syntax error, the full check decides which diagnostics to show.
  if (!parsed.module || parsed.diagnostics.some((d) => d.severity === 'error')) {
    return { variables: [], diagnostics: checkPtxText(name, text, options) };
  }
  // Otherwise the same checks as checkPtxText, on the one tree, and the layout from that pass.
  const bag = new DiagnosticBag();
  const compileOnly = options.compileOnly === true;
  checkModule(parsed.module, bag, { compileOnly });
  const variables = layoutModule(parsed.module, bag, { compileOnly });
  const diagnostics = finalDiagnostics([...parsed.diagnostics, ...bag.items]);
  return { variables: diagnostics.some((d) => d.severity === 'error') ? [] : variables, diagnostics };
}

export type PtxExpressionResult =
  | { value: string; type: '.s64' | '.u64' | '.f64' | '.f32'; constant: ConstValue }
  | { diagnostics: Diagnostic[] };

/**
 * Evaluates a PTX constant expression (spec 4.5) given as text. The value is decimal for integers
 * and the shortest round-trip decimal for .f64 (`nan`, `inf`, `-inf`, `-0` spelled so); a whole `0f`
 * literal gives its single-precision value with type .f32. Errors are located in file `<expr>`.
 */
export function evaluatePtxExpression(text: string): PtxExpressionResult {
  const parsed = parseExpressionText(text);
  if (!parsed.expr || parsed.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: parsed.diagnostics };
  const file = new SourceFile('<expr>', text);
  const diagnostics: Diagnostic[] = [];
  const v = evaluateConstExpr(parsed.expr, (code, message, span) => {
    diagnostics.push({ severity: PTX_DIAGNOSTICS[code].severity, code, message, location: file.location(span.start, Math.max(0, span.end - span.start)) });
  });
  if (!v) return { diagnostics };
  return { value: formatConstValue(v), type: v.type, constant: v };
}
