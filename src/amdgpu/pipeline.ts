/**
 * The AMDGPU pipeline: the parser (parse/) hands each statement to the file checker (check/) as
 * soon as it is read, with the repeated-statement memo (speed/) between them; then the issues
 * become diagnostics. `checkAmdgpuText` and `amdgpuSymbols` are re-exported by index.ts. Kept
 * apart from the operand encoder so that `gpuasm check` loads only what a check needs.
 */
import type { Diagnostic } from '../core/diagnostics.js';
import { SourceFile } from '../core/source.js';
import { diagnostic } from '../core/catalog.js';
import { AMD_DIAGNOSTICS } from './diagnostics.js';
import { findTarget } from './targets.js';
import { applyMattr } from './features.js';
import { FileChecker, type CheckOptions } from './check/file.js';
import type { AmdgpuFile } from './parse/ast.js';
import { evaluate, parseExpression, symbolsIn } from './parse/expr.js';
import { parseAmdgpuStatements } from './parse/parser.js';
import type { IssueSink, ParseIssue } from './parse/expr.js';
import { forEachAmdgpuStatement } from './parse/parser.js';
import { forEachAmdgpuStatementOnce, type RepeatHooks } from './speed/repeats.js';
import { isTemporarySymbol, type SymbolInfo } from './check/symbols.js';
import { spliceIncludes, type IncludeReader } from './check/include.js';

export interface AmdgpuCheckOptions {
  /** Processor name as llvm-mc's -mcpu, e.g. gfx900. */
  mcpu: string;
  /** llvm-mc --masm-integers: `0ffh`-style suffixed integers (and `0b…` is no longer binary). */
  masmIntegers?: boolean;
  /**
   * llvm-mc's -mattr, as it spells it: `+wavefrontsize64` (wave64 on GFX10+: lane masks are `vcc`,
   * `s[0:1]`), `-wavefrontsize32`, `+wavefrontsize32`... (features.ts). Other features: a warning
   * (AMD562 unknown to llvm-mc-19, AMD563 not modelled), the processor's default checked.
   */
  mattr?: string;
  /**
   * llvm-mc's -triple, default `amdgcn-amd-amdhsa`: its OS decides which directives exist
   * (`.amdhsa_*` on amdhsa; `.amd_kernel_code_t`, `.amd_amdgpu_isa`, `.amdgpu_hsa_kernel`
   * elsewhere; `.amd_amdgpu_pal_metadata` on amdpal). A triple outside `TRIPLE_FORMS` throws a RangeError.
   */
  triple?: string;
  /** false: handle every statement, even text repeated verbatim (for benchmarks; the answer is the same). Default true. */
  repeats?: boolean;
  /**
   * The bytes `text` was decoded from as latin1 (one byte per character), when the caller has them.
   * The lexer scans them instead of a copy of the text when they carry an end mark: the whole of a
   * buffer one byte longer whose last byte is 0 (core/end-mark.ts; the CLI reads files so, as for
   * PTX). Otherwise not needed.
   */
  latin1Bytes?: Uint8Array;
  /**
   * Reads the file a `.include` names (llvm-mc-19 looks in its working directory, then in each `-I`
   * directory); undefined when it cannot. Without it, every `.include` is "Could not find include file".
   */
  readInclude?: IncludeReader;
}

/** Checks a file while it is parsed: parse, apply and check one statement at a time. */
export function checkText(text: string, options: CheckOptions & Pick<AmdgpuCheckOptions, 'latin1Bytes'>, sink: IssueSink, collectSymbols = true): SymbolInfo[] {
  let errors = 0;
  const counting: IssueSink = (i) => {
    errors++;
    sink(i);
  };
  const c = new FileChecker(text, options, counting);
  // Everything through which one statement's handling can depend on or affect the rest of the
  // file: issues reported and symbol-table lookups. Repeated text that moved neither is skipped
  // (speed/repeats.ts).
  const hooks: RepeatHooks = {
    effects: () => errors + c.symbolAccesses,
    kernelBodySkipped: () => c.kernelBodySkipped(),
    lineSkipped: (directive) => c.lineSkipped(directive),
  };
  // An error inside an `.amdhsa_kernel` block ends it (llvm-mc): the parser counts every error, the checker drops the block.
  const parseOptions = { masmIntegers: options.masmIntegers, os: c.triple.os, errorCount: () => errors, onKernelAborted: () => c.kernelBodySkipped(), symbolValue: (n: string) => c.symbolValue(n), symbolDefined: (n: string) => c.symbolDefined(n), symbolUnknowable: (n: string) => c.symbolUnknowable(n), onBodyDefinition: (n: string | undefined) => c.definedInBody(n), kernelCodeFields: c.kernelCodeFields, latin1Bytes: options.latin1Bytes };
  if (options.repeats === false) forEachAmdgpuStatement(text, parseOptions, counting, (st) => c.statement(st));
  else forEachAmdgpuStatementOnce(text, parseOptions, counting, (st) => c.statement(st), hooks);
  return c.finish(errors === 0, collectSymbols);
}

/** A raw diagnostic located in `file`, its severity from the catalog. */
export function issueToDiagnostic(file: SourceFile, i: ParseIssue): Diagnostic {
  return diagnostic(AMD_DIAGNOSTICS, i.code, i.message, file.location(i.start, i.length));
}

function run(name: string, text: string, options: AmdgpuCheckOptions, collectSymbols: boolean): { diagnostics: Diagnostic[]; symbols: SymbolInfo[] } {
  const source = new SourceFile(name, text);
  const issues: ParseIssue[] = [];
  const sink = (i: ParseIssue) => issues.push(i);
  const spliced = options.readInclude ? spliceIncludes(text, options.readInclude) : undefined;
  let symbols: SymbolInfo[];
  if (!spliced) symbols = checkText(text, options, sink, collectSymbols);
  else {
    // Issues in the spliced text, each mapped back to the main text (see include.ts).
    const inSpliced: ParseIssue[] = [];
    symbols = checkText(spliced.text, { ...options, latin1Bytes: undefined }, (i) => inSpliced.push(i), collectSymbols);
    for (const i of inSpliced) {
      const o = spliced.origin(i.start);
      if ('main' in o) issues.push({ ...i, start: o.main });
      else issues.push({ ...i, start: o.directiveStart, length: o.directiveEnd - o.directiveStart, message: `in included file '${o.file}' line ${o.line}, column ${o.column}: ${i.message}` });
    }
  }
  // One diagnostic per spot; ordered by position.
  issues.sort((a, b) => a.start - b.start);
  const diagnostics: Diagnostic[] = [];
  // -mattr's warnings first, without a place (llvm-mc-19 writes them before reading the file).
  const cpu = options.mattr ? findTarget(options.mcpu) : undefined;
  if (cpu) for (const w of applyMattr(cpu, options.mattr).warnings) diagnostics.push(diagnostic(AMD_DIAGNOSTICS, w.code, w.message));
  const seen = new Set<number>();
  for (const i of issues) {
    if (seen.has(i.start)) continue;
    seen.add(i.start);
    diagnostics.push(issueToDiagnostic(source, i));
  }
  return { diagnostics, symbols };
}

/**
 * Checks one AMDGPU assembly file; returns every diagnostic (syntax, numbers, expressions,
 * symbols, directive values, register operands for `options.mcpu`).
 */
export function checkAmdgpuText(name: string, text: string, options: AmdgpuCheckOptions): Diagnostic[] {
  return run(name, text, options, false).diagnostics;
}

/**
 * The file's symbol table as llvm-mc would build it: every symbol except `.L` temporaries, in
 * order of first appearance, with the signed 64-bit value of absolute ones (null otherwise).
 */
export function amdgpuSymbols(
  name: string,
  text: string,
  options: AmdgpuCheckOptions,
): { symbols: { name: string; value: bigint | null; kind: SymbolInfo['kind'] }[]; diagnostics: Diagnostic[] } {
  const r = run(name, text, options, true);
  return { symbols: r.symbols.filter((s) => !isTemporarySymbol(s.name)), diagnostics: r.diagnostics };
}

export interface AmdgpuParseOptions {
  masmIntegers?: boolean;
}

/** Parses a file into statements (labels, assignments, directives, instructions with operands). */
export function parseAmdgpu(name: string, text: string, options: AmdgpuParseOptions = {}): { file: AmdgpuFile; diagnostics: Diagnostic[] } {
  const source = new SourceFile(name, text);
  const { statements, issues } = parseAmdgpuStatements(text, options);
  return { file: { name, text, statements }, diagnostics: issues.map((i) => issueToDiagnostic(source, i)) };
}

/** Evaluates an absolute AMDGPU assembler expression as llvm-mc does (signed 64-bit). */
export function evaluateAmdgpuExpression(text: string, options: { masmIntegers?: boolean } = {}): { value: bigint } | { diagnostics: Diagnostic[] } {
  const file = new SourceFile('<expression>', text);
  const { expr, issues } = parseExpression(text, options);
  const diagnostics: Diagnostic[] = issues.map((i) => issueToDiagnostic(file, i));
  if (!expr || diagnostics.length) return { diagnostics };
  const r = evaluate(expr);
  if ('value' in r) return { value: r.value };
  if ('error' in r) return { diagnostics: [issueToDiagnostic(file, r.error)] };
  const syms = symbolsIn(expr);
  const at = expr.span;
  return {
    diagnostics: [
      diagnostic(
        AMD_DIAGNOSTICS,
        'AMD124',
        syms.length
          ? `expected an absolute expression: '${syms[0]}' is not defined here (symbols are not absolute in a standalone expression)`
          : "expected an absolute expression: '.' (the current location) and local label references are relocatable",
        file.location(at.start, at.end - at.start),
      ),
    ],
  };
}
