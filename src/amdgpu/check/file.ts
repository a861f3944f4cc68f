/**
 * The file-level checker: one symbol table and one statement checker per file, fed one statement
 * at a time as the parser produces it (pipeline.ts composes the two), and the checks that run when
 * the file ends (what llvm-mc reports while writing the object).
 */
import type { IssueSink } from '../parse/expr.js';
import type { Statement } from '../parse/ast.js';
import type { KernelCodeFieldChecks } from '../parse/parser.js';
import { StatementChecker, type CheckOptions } from './statements.js';
import { applyStatement, SymbolTable, type SymbolInfo } from './symbols.js';
import { findTarget, type AmdgpuTarget } from '../targets.js';
import { applyMattr } from '../features.js';
import { tripleOrThrow, type AmdgpuOs, type AmdgpuTriple } from '../triple.js';
import { UC_VERSION_SYMBOLS } from '../data/uc-version.js';

export type { CheckOptions } from './statements.js';

/**
 * The symbols llvm-mc-19 predefines: the ISA version of the processor (`gfx90a` is 9.0.10, `generic`
 * 6.0.0 and `generic-hsa` 7.0.0, the processors of their target ids), as
 * `.amdgcn.gfx_generation_*` on amdhsa and `.option.machine_version_*` on other triples.
 * `.amdgcn.next_free_vgpr`/`_sgpr` (amdhsa) and `.kernel.vgpr_count`/`.kernel.sgpr_count` (other
 * triples; `.kernel.agpr_count` too where the processor has AGPRs; reset by `.amdgpu_hsa_kernel`)
 * follow register use and are not modelled: they are marked maintained
 * (SymbolTable.valueUnknowable), so that no rule refuses their use for want of a value (measured
 * with llvm-mc-19 on amdhsa, amdpal and linux for generic, generic-hsa, gfx908, gfx90a, gfx1100).
 * The `UC_VERSION_*` names of `s_version` on every processor and triple (data/uc-version.ts).
 */
function predefineSymbols(table: SymbolTable, target: AmdgpuTarget, os: AmdgpuOs): void {
  for (const [name, value] of UC_VERSION_SYMBOLS) table.predefine(name, value);
  if (os === 'amdhsa') {
    // Raised by every register operand in llvm-mc (not modelled): their values are unknowable here.
    table.maintain('.amdgcn.next_free_vgpr');
    table.maintain('.amdgcn.next_free_sgpr');
  } else {
    table.maintain('.kernel.vgpr_count');
    table.maintain('.kernel.sgpr_count');
    if (target.agprs) table.maintain('.kernel.agpr_count');
  }
  const digits = target.idName.slice(3);
  if (digits.length < 3) return;
  const stepping = parseInt(digits.slice(-1), 16);
  const minor = parseInt(digits.slice(-2, -1), 16);
  const major = parseInt(digits.slice(0, -2), 10);
  if (Number.isNaN(stepping) || Number.isNaN(minor) || Number.isNaN(major)) return;
  if (os !== 'amdhsa') {
    table.predefine('.option.machine_version_major', BigInt(major));
    table.predefine('.option.machine_version_minor', BigInt(minor));
    table.predefine('.option.machine_version_stepping', BigInt(stepping));
    return;
  }
  table.predefine('.amdgcn.gfx_generation_number', BigInt(major));
  table.predefine('.amdgcn.gfx_generation_minor', BigInt(minor));
  table.predefine('.amdgcn.gfx_generation_stepping', BigInt(stepping));
}

/** Statement-at-a-time checker: symbol effects first, then the statement's own rules. */
export class FileChecker {
  private readonly table: SymbolTable;
  private readonly checker: StatementChecker;
  readonly triple: AmdgpuTriple;
  constructor(
    private readonly text: string,
    options: CheckOptions,
    sink: IssueSink,
  ) {
    this.triple = tripleOrThrow(options.triple);
    this.table = new SymbolTable(sink, text, options);
    const cpu = findTarget(options.mcpu);
    // (The feature warnings are the pipeline's: they have no place in the text.)
    const target = cpu && options.mattr ? applyMattr(cpu, options.mattr).target : cpu;
    if (target) predefineSymbols(this.table, target, this.triple.os);
    this.checker = new StatementChecker(text, this.table, target, options, sink, this.triple);
  }
  statement(st: Statement): void {
    applyStatement(this.table, st, this.text);
    this.checker.check(st);
  }
  /** A symbol's absolute value so far, or null (`.if` conditions). */
  symbolValue(name: string): bigint | null {
    return this.table.currentValueOf(name);
  }
  /** Whether a symbol is defined so far (`.ifdef`). */
  symbolDefined(name: string): boolean {
    return this.table.isDefined(name);
  }
  /** Whether a symbol's value or definition may be one llvm-mc knows and gpuasm cannot (`.if`, `.ifdef`). */
  symbolUnknowable(name: string): boolean {
    return this.table.valueUnknowable(name);
  }
  /** A `.macro`/`.rept`/`.irp` body defines a symbol (the parser reads bodies, does not expand them). */
  definedInBody(name: string | undefined): void {
    this.table.definedInBody(name);
  }
  /** Symbol-table lookups, references and definitions so far (by the checks and by statements' effects). */
  get symbolAccesses(): number {
    return this.checker.symbolAccesses + this.table.touches;
  }
  /** The checks of `.amd_kernel_code_t` fields made as the parser reads them. */
  get kernelCodeFields(): KernelCodeFieldChecks {
    return this.checker.kernelCodeFields;
  }
  /** The parser skipped a kernel body known to have no effect, or an error ended the block: the block is closed. */
  kernelBodySkipped(): void {
    this.checker.kernelBodySkipped();
  }
  /** The repeated-line memo skipped a remembered line (a directive or an instruction; check/branch-reach.ts). */
  lineSkipped(directive: boolean): void {
    this.checker.reach.lineSkipped(directive);
  }
  /** `reportWriteErrors`: the file had no other error (llvm-mc writes no object otherwise). */
  finish(reportWriteErrors = true, collectSymbols = true): SymbolInfo[] {
    // Forward references to local labels never defined: llvm-mc reports them when parsing ends.
    if (this.checker.reportUnresolvedForward() > 0) reportWriteErrors = false;
    if (reportWriteErrors) this.checker.reportWriteTimeErrors();
    return this.table.finish(reportWriteErrors, collectSymbols);
  }
}

