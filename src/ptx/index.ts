/** Public PTX API. */
import { DiagnosticBag, sortDiagnostics, type Diagnostic } from '../core/diagnostics.js';
import type { MappedText, SourceLocation } from '../core/source.js';
import type { Module } from './ast.js';
import { ModuleChecker } from './check.js';
import { LayoutInput, layoutInput } from './layout.js';
import { parseModule } from './parser.js';
import { preprocess } from './preprocess.js';

export interface PtxCheckOptions {
  /** Directories searched for `#include "f"` after the including file's own directory. */
  includeDirs?: string[];
  /** `-D NAME[=VALUE]` predefinitions. */
  defines?: string[];
  /** false: `#` lines are treated as ptxas treats them (only #line/#file understood). Default true. */
  preprocess?: boolean;
  /** How includes are read; defaults to the file system. Returns undefined when absent. */
  readFile?: (path: string) => string | undefined;
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
  const module = parseInto(name, text, options, bag);
  return { module, diagnostics: sortDiagnostics(bag.items) };
}

function parseInto(name: string, text: string, options: PtxCheckOptions, bag: DiagnosticBag): Module {
  return parseModule(preprocessInto(name, text, options, bag), bag);
}

/** The preprocessed text (its diagnostics go to `bag`). */
function preprocessInto(name: string, text: string, options: PtxCheckOptions, bag: DiagnosticBag): MappedText {
  const pre = preprocess(name, text, options);
  for (const d of pre.diagnostics) bag.add(d);
  return pre.mapped;
}

/**
 * The first error after which ptxas would have stopped: a preprocessor or syntax error. Unknown
 * opcodes (PTX226) are not fatal in ptxas; it goes on after them.
 */
function firstFatal(items: readonly Diagnostic[]): SourceLocation | undefined {
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
const LINK_TIME_CODES = new Set(['PTX304', 'PTX348', 'PTX349', 'PTX436']);

/** Whether `a` comes after `b` in the same file (different files: unknown, so not after). */
function isAfter(a: SourceLocation, b: SourceLocation): boolean {
  return a.file === b.file && (a.line > b.line || (a.line === b.line && a.column > b.column));
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
  const front = new DiagnosticBag();
  const checks = new DiagnosticBag();
  // Each module item is checked as soon as it is parsed and then dropped: the whole syntax tree
  // is never held (memory stays near the size of the text, and the collector has little to do).
  const source = preprocessInto(name, text, options, front);
  const checker = new ModuleChecker(source, checks);
  const initializers = new LayoutInput();
  parseModule(source, front, (item) => {
    checker.item(item);
    initializers.add(item);
  });
  // ptxas refuses a file with a non-ASCII byte before parsing it and says nothing else.
  if (front.items.some((d) => d.code === 'PTX105')) return sortDiagnostics(front.items);
  const cutoff = firstFatal(front.items);
  checker.finish(cutoff);
  layoutInput(initializers, source, checks, { images: false });
  const all = [...front.items];
  for (const d of checks.items) if (!cutoff || !d.location || !isAfter(d.location, cutoff)) all.push(d);
  return finalDiagnostics(all);
}

/**
 * Sorted diagnostics of a checked module. Link-time errors (LINK_TIME_CODES) are reported only
 * when no other error is: ptxas gets to them only then (a too-old `.version` would otherwise come
 * first here, on line 2).
 */
export function finalDiagnostics(all: Diagnostic[]): Diagnostic[] {
  const isOther = (d: Diagnostic) => d.severity === 'error' && !LINK_TIME_CODES.has(d.code);
  if (all.some(isOther) && all.some((d) => LINK_TIME_CODES.has(d.code))) return sortDiagnostics(all.filter((d) => !LINK_TIME_CODES.has(d.code)));
  return sortDiagnostics(all);
}

export { checkModule, type ModuleHeaderInfo } from './check.js';
export {
  layoutPtx,
  layoutModule,
  checkInitializers,
  evaluatePtxExpression,
  type VariableLayout,
  type LayoutRelocation,
  type PtxLayoutOptions,
  type PtxLayoutResult,
  type PtxExpressionResult,
} from './layout.js';
export { evaluateConstExpr, formatConstValue, type ConstValue } from './consteval.js';
