/**
 * File-level checks of an AMDGPU assembly file: the rules that need no per-instruction operand
 * types — syntax (parser.ts), numbers and expressions (expr.ts), symbols (symbols.ts), directive
 * values (`.byte` ranges, `.p2align`, `.amdgcn_target`, `.amdhsa_kernel` blocks) — plus register
 * validation of every instruction operand through registers.ts (owned by the operand stage).
 */
import type { Span } from '../core/source.js';
import type { Expr, InstructionOperand, Operand, Statement } from './ast.js';
import { AMDHSA_AVAILABILITY_MESSAGES, AMDHSA_FIELD_RULES, AMDHSA_KERNEL_ENTRIES, type AmdhsaAvailability } from './data/directives.js';
import { evaluate, symbolsIn, type IssueSink, type ParseIssue } from './expr.js';
import { IMM_CODES, inlineCode64 } from './immediates.js';
import { isDigitCode, Lexer, Tok, type LexerOptions } from './lexer.js';
import { forEachAmdgpuStatement } from './parser.js';
import { llvmOperandExprEvaluator, skipSpaces, type OperandExprEvaluator } from './operand-expr.js';
import { parseNsaAddress, parseRegister, validateRegisterForTarget } from './registers.js';
import { applyStatement, isTemporarySymbol, SymbolTable, type SymbolInfo } from './symbols.js';
import { findTarget, type AmdgpuTarget } from './targets.js';
import { checkInstruction } from './instructions/check.js';
import { tripleOrThrow, type AmdgpuOs, type AmdgpuTriple } from './triple.js';

export interface CheckOptions extends LexerOptions {
  mcpu: string;
  /** llvm-mc's -triple (default amdgcn-amd-amdhsa): its OS decides which directives exist. */
  triple?: string;
  /** false: parse and check every statement, even text repeated verbatim (parser.ts, Repeats). Default true; the answer is the same. */
  repeats?: boolean;
}

/** Byte sizes of the data directives, for their range check. */
const DATA_SIZES: ReadonlyMap<string, number> = new Map([
  ['.byte', 1],
  ['.short', 2],
  ['.value', 2],
  ['.2byte', 2],
  ['.long', 4],
  ['.int', 4],
  ['.4byte', 4],
  ['.quad', 8],
  ['.8byte', 8],
]);

/** Checks a file while it is parsed: parse, apply and check one statement at a time. */
export function checkText(text: string, options: CheckOptions, sink: IssueSink, collectSymbols = true): SymbolInfo[] {
  let errors = 0;
  const counting: IssueSink = (i) => {
    errors++;
    sink(i);
  };
  const c = new FileChecker(text, options, counting);
  // Everything through which one statement's handling can depend on or affect the rest of the
  // file: issues reported and symbol-table lookups. Repeated text that moved neither is skipped
  // (parser.ts, Repeats).
  const hooks = {
    effects: () => errors + c.symbolAccesses,
    kernelBodySkipped: () => c.kernelBodySkipped(),
  };
  forEachAmdgpuStatement(text, { masmIntegers: options.masmIntegers, os: c.triple.os }, counting, (st) => c.statement(st), options.repeats === false ? undefined : hooks);
  return c.finish(errors === 0, collectSymbols);
}

/**
 * The symbols llvm-mc-19 predefines: the ISA version of the processor (`gfx90a` is 9.0.10), as
 * `.amdgcn.gfx_generation_*` on amdhsa and `.option.machine_version_*` on other triples.
 * `.amdgcn.next_free_vgpr`/`_sgpr` (amdhsa) and `.kernel.*` (others) follow register use and are
 * not modelled.
 */
function predefineSymbols(table: SymbolTable, target: AmdgpuTarget, os: AmdgpuOs): void {
  const digits = target.name.slice(3);
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
    const target = findTarget(options.mcpu);
    if (target) predefineSymbols(this.table, target, this.triple.os);
    this.checker = new StatementChecker(text, this.table, target, options, sink, this.triple);
  }
  statement(st: Statement): void {
    applyStatement(this.table, st, this.text);
    this.checker.check(st);
  }
  /** Symbol-table lookups, references and definitions so far (by the checks and by statements' effects). */
  get symbolAccesses(): number {
    return this.checker.symbolAccesses + this.table.touches;
  }
  /** The parser skipped a kernel body known to have no effect: the block is closed. */
  kernelBodySkipped(): void {
    this.checker.kernelBodySkipped();
  }
  /** `reportWriteErrors`: the file had no other error (llvm-mc writes no object otherwise). */
  finish(reportWriteErrors = true, collectSymbols = true): SymbolInfo[] {
    // Forward references to local labels never defined: llvm-mc reports them when parsing ends.
    if (this.checker.reportUnresolvedForward() > 0) reportWriteErrors = false;
    if (reportWriteErrors) this.checker.reportWriteTimeErrors();
    return this.table.finish(reportWriteErrors, collectSymbols);
  }
}

/** Symbol types `.type` takes (llvm-mc's ELF parser). */
const ELF_SYMBOL_TYPES: ReadonlySet<string> = new Set([
  'STT_FUNC', 'function', 'STT_OBJECT', 'object', 'STT_TLS', 'tls_object', 'STT_COMMON', 'common', 'STT_NOTYPE', 'notype',
  'STT_GNU_IFUNC', 'gnu_indirect_function', 'gnu_unique_object',
]);

/** User SGPRs each enabled `.amdhsa_user_sgpr_*` input takes. */
const USER_SGPR_SIZES: ReadonlyMap<string, bigint> = new Map([
  ['.amdhsa_user_sgpr_private_segment_buffer', 4n],
  ['.amdhsa_user_sgpr_dispatch_ptr', 2n],
  ['.amdhsa_user_sgpr_queue_ptr', 2n],
  ['.amdhsa_user_sgpr_kernarg_segment_ptr', 2n],
  ['.amdhsa_user_sgpr_dispatch_id', 2n],
  ['.amdhsa_user_sgpr_flat_scratch_init', 2n],
  ['.amdhsa_user_sgpr_private_segment_size', 1n],
]);

function kernelFieldAvailable(a: AmdhsaAvailability, t: AmdgpuTarget): boolean {
  switch (a) {
    case 'gfx7plus':
      return t.generation >= 7;
    case 'gfx8plus':
      return t.generation >= 8;
    case 'gfx90a':
      return t.alignedVgprTuples;
    case 'gfx9plus':
      return t.generation >= 9;
    case 'gfx10plus':
      return t.generation >= 10;
    case 'gfx10to11':
      return t.generation === 10 || t.generation === 11;
    case 'gfx12plus':
      return t.generation >= 12;
    case 'belowGfx12':
      return t.generation < 12;
    case 'noArchitectedFlatScratch':
      return !(t.isGfx940 || t.generation >= 11);
    case 'architectedFlatScratch':
      return t.isGfx940 || t.generation >= 11;
  }
}

/**
 * The largest `.amdhsa_next_free_sgpr` llvm-mc-19 takes (calculateGPRBlocks), or undefined on
 * GFX10+ (no limit). GFX8/9: 102 addressable SGPRs, the extra ones not counted; gfx802/gfx805
 * (SGPR init bug): 96 with the extra ones (6 for flat scratch, else 2 for VCC); GFX6/7: 104 with
 * the extra ones (4 for flat scratch, which GFX6 always reserves, else 2 for VCC).
 */
function maxNextFreeSgpr(t: AmdgpuTarget, vcc: boolean, flatScratch: boolean): bigint | undefined {
  if (t.generation >= 10) return undefined;
  if (t.name === 'gfx802' || t.name === 'gfx805') return 96n - (flatScratch ? 6n : vcc ? 2n : 0n);
  if (t.generation >= 8) return 102n;
  return 104n - (flatScratch ? 4n : vcc ? 2n : 0n);
}

/** XNACK replay is supported (the default target id has xnack "any"): GFX8 APUs, GFX9, GFX10.1. */
function supportsXnack(t: AmdgpuTarget): boolean {
  return t.xnack || /^gfx101[0-3]$/.test(t.name);
}

/** The value of a local label's number as llvm-mc reads it (`01:` and `1b` name the same label). */
function localLabelKey(text: string): string {
  try {
    return (text.length > 1 && text.charCodeAt(0) === 48 && isDigitCode(text.charCodeAt(1)) ? BigInt('0o' + text.slice(1)) : BigInt(text)).toString();
  } catch {
    return text;
  }
}

/**
 * The spec's validation for 32 bits: all-0 high bits, or all-1 with the sign bit set (int32 or
 * uint32). `isSafeTruncation(v, 32)` (immediates.ts) in two comparisons, without its BigInt
 * conversions: this runs for every integer operand.
 */
function fits32(v: bigint): boolean {
  return v >= -0x80000000n && v <= 0xffffffffn;
}

/** A vector ALU instruction (`v_…`, also each half of a GFX11 dual `v_dual_…`). */
function isValu(mnemonic: string): boolean {
  const c = mnemonic.charCodeAt(0);
  return (c === 118 /* v */ || c === 86 /* V */) && mnemonic.charCodeAt(1) === 95 /* _ */;
}

/**
 * Whether an operand at `position` is a source that needs a 32-bit value (or a 64-bit inline
 * constant). Every VALU operand is. Scalar instructions: every operand after the first (SALU
 * sources, SOPK immediates, SMEM offsets, branch targets), and the first of a compare, except
 * where llvm-mc-19 silently truncates: `s_setreg_imm32_b32`'s value and GFX12 `s_prefetch_*`
 * counts. First operands of SOPP instructions (`s_nop`, `s_waitcnt`, `s_trap`, `s_sleep`…) are
 * truncated too and are not checked; neither are other instruction families.
 */
function valueChecked(mnemonic: string, position: number): boolean {
  if (isValu(mnemonic)) return true;
  const c = mnemonic.charCodeAt(0);
  if ((c !== 115 /* s */ && c !== 83 /* S */) || mnemonic.charCodeAt(1) !== 95 /* _ */) return false;
  const m = mnemonic.toLowerCase();
  if (position === 0) return m.startsWith('s_cmp_') || m.startsWith('s_bitcmp');
  return position > 0 && m !== 's_setreg_imm32_b32' && !m.includes('prefetch');
}

/**
 * The instruction may have a 64-bit source, by its name: a 64-bit type (`_b64`, `_u64`, `_i64`,
 * `_f64`, not the `_e64` encoding suffix), the (m)qsad family, gfx90a packed f32 (`v_pk_fma_f32`,
 * `v_pk_mov_b32`) and matrix instructions. Errs on the side of "may" (then nothing is refused).
 */
function mayHave64BitSource(mnemonic: string): boolean {
  const m = mnemonic.toLowerCase();
  if (m.includes('_b64') || m.includes('_u64') || m.includes('_i64') || m.includes('_f64') || m.includes('qsad')) return true;
  if (m.includes('mfma') || m.includes('mmac') || m.includes('wmma')) return true;
  return m.startsWith('v_pk_') && (m.includes('_f32') || m.includes('_b32'));
}

/** `exp` (GFX6-GFX12) and `export` (GFX12), in any case as llvm-mc matches mnemonics. */
function isExport(mnemonic: string): boolean {
  const n = mnemonic.length;
  if (n !== 3 && n !== 6) return false;
  const m = mnemonic.toLowerCase();
  return m === 'exp' || m === 'export';
}

/** Export target names: unnumbered (`null`, `mrtz`, `prim`) or a base with a decimal index without leading zeros. */
const EXPORT_TARGET = /^(?:(null|mrtz|prim)|(mrt|pos|param|dual_src_blend)(0|[1-9][0-9]{0,5}))$/;
/** The largest index of each export target base (0 for unnumbered ones). */
const EXPORT_TARGET_LIMITS: ReadonlyMap<string, number> = new Map([
  ['null', 0],
  ['mrtz', 0],
  ['prim', 0],
  ['mrt', 7],
  ['pos', 4],
  ['param', 31],
  ['dual_src_blend', 1],
]);

/** `.amd_kernel_code_t` fields that set the same bit as another: the name the checks use. */
const KERNEL_CODE_T_BITS: ReadonlyMap<string, string> = new Map([
  ['compute_pgm_rsrc1_dx10_clamp', 'enable_dx10_clamp'],
  ['compute_pgm_rsrc1_ieee_mode', 'enable_ieee_mode'],
  ['compute_pgm_rsrc1_wgp_mode', 'enable_wgp_mode'],
  ['compute_pgm_rsrc1_mem_ordered', 'enable_mem_ordered'],
  ['compute_pgm_rsrc1_fwd_progress', 'enable_fwd_progress'],
]);

/** Mode bits llvm-mc-19 refuses, when it writes the object, on processors without them. */
const KERNEL_CODE_T_MODE_BITS: ReadonlyMap<string, { allowed: (t: AmdgpuTarget) => boolean; message: string }> = new Map([
  ['enable_dx10_clamp', { allowed: (t: AmdgpuTarget) => t.generation < 12, message: 'is not allowed on GFX12+' }],
  ['enable_ieee_mode', { allowed: (t: AmdgpuTarget) => t.generation < 12, message: 'is not allowed on GFX12+' }],
  ['enable_wgp_mode', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
  ['enable_mem_ordered', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
  ['enable_fwd_progress', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
]);

/** Image dimensions as `dim:` names them (upper case). */
const DIM_VALUES: ReadonlySet<string> = new Set(['1D', '2D', '3D', 'CUBE', '1D_ARRAY', '2D_ARRAY', '2D_MSAA', '2D_MSAA_ARRAY']);

class StatementChecker {
  private kernel: {
    seen: Set<string>;
    start: number;
    vgprs?: { value: bigint; span: Span };
    sgprs?: { value: bigint; span: Span };
    wave32?: boolean;
    /** `.amdhsa_user_sgpr_count` as written, and the user SGPRs the enabled ones take. */
    userSgprCount?: bigint;
    impliedUserSgprs: bigint;
    /** A non-zero `.amdhsa_shared_vgpr_count` (GFX10-11, wave64 only). */
    sharedVgprs?: boolean;
    /** `.amdhsa_accum_offset` (gfx90a-style AGPR split). */
    accumOffset?: bigint;
    /** `.amdhsa_reserve_vcc` / `.amdhsa_reserve_flat_scratch` as written (both default to 1). */
    reserveVcc?: boolean;
    reserveFlatScratch?: boolean;
  } | null = null;
  private readonly evaluator: OperandExprEvaluator;
  /** Local labels (`1:`) defined so far, by number. */
  private readonly localLabels = new Set<string>();
  /** Forward references (`1f`) not yet followed by their label, by label number. */
  private readonly pendingForward = new Map<string, Span[]>();
  /** Data values that cannot be evaluated (division by zero): llvm-mc finds them only when writing the object. */
  private readonly deferredDataErrors: ParseIssue[] = [];
  /** First reference to each `.L` temporary symbol from an instruction or a directive. */
  private readonly temporaryRefs = new Map<string, Span>();
  /** A section switch happened (llvm-mc's "previous section"), and what each open `.pushsection` saved of it. */
  private hasPreviousSection = false;
  private readonly pushedSections: boolean[] = [];
  /** A .pushsection was seen: from then on a section switch can be undone, so every one counts. */
  private sectionsPushed = false;
  /** The last `.amdhsa_code_object_version` (its value as llvm-mc's 32 bits). */
  private codeObjectVersion: { value: bigint; span: Span } | undefined;
  /** Symbol-table lookups and references so far (see checkText). */
  symbolAccesses = 0;
  private readonly lookup = (n: string): bigint | null => {
    this.symbolAccesses++;
    return this.table.currentValue(n);
  };

  constructor(
    private readonly text: string,
    private readonly table: SymbolTable,
    private readonly target: AmdgpuTarget | undefined,
    private readonly options: CheckOptions,
    private readonly sink: IssueSink,
    private readonly triple: AmdgpuTriple,
  ) {
    this.evaluator = this.makeEvaluator();
  }

  /** Issues reported through issue() (the instruction layer runs only on statements without one). */
  private issued = 0;

  private issue(code: string, message: string, span: Span): void {
    this.issued++;
    this.sink({ code, message, start: span.start, end: span.end });
  }

  /** A kernel body known to have no effect was skipped: what its end directive would leave. */
  kernelBodySkipped(): void {
    this.kernel = null;
  }

  /** Evaluates with the symbols defined so far; reports evaluation errors; returns the value or null. */
  private valueOf(e: Expr): bigint | null {
    const r = evaluate(e, this.lookup);
    if ('error' in r) {
      this.sink(r.error);
      return null;
    }
    return 'value' in r ? r.value : null;
  }

  /** Register-index expressions for registers.ts: the one llvm-mc evaluator, with the current symbols. */
  private makeEvaluator(): OperandExprEvaluator {
    return llvmOperandExprEvaluator(this.lookup, this.options);
  }

  /** Reports every forward local-label reference left unresolved; returns how many. */
  reportUnresolvedForward(): number {
    let n = 0;
    for (const spans of this.pendingForward.values())
      for (const at of spans) {
        this.issue('AMD126', 'directional label undefined: no local label of this number follows', at);
        n++;
      }
    this.pendingForward.clear();
    return n;
  }

  /**
   * `.L` temporaries referenced by code or data but never defined: llvm-mc fails when it writes
   * the object ("undefined label", "Undefined temporary symbol"), so only in a file without other errors.
   */
  reportWriteTimeErrors(): void {
    for (const i of this.deferredDataErrors) this.sink(i);
    const cov = this.codeObjectVersion;
    // llvm-mc-19 writes code objects of versions 4, 5 and 6 only ("LLVM ERROR: Unsupported AMDHSA Code Object Version", no line).
    if (cov && (cov.value < 4n || cov.value > 6n))
      this.issue('AMD229', `unsupported AMDHSA code object version ${cov.value} (llvm-mc writes versions 4, 5 and 6)`, cov.span);
    for (const [name, at] of this.temporaryRefs) if (!this.table.isDefined(name)) this.issue('AMD127', `undefined label '${name}' (a .L temporary symbol must be defined in the file)`, at);
  }

  /** Directional references (`1b`, `1f`) and `.L` symbol references in an expression. */
  private noteReferences(e: Expr, temporaries: boolean): void {
    switch (e.kind) {
      case 'local': {
        // Local labels are state the parser's repeat skipping must see (checkText's effects).
        this.symbolAccesses++;
        const key = localLabelKey(e.label);
        if (!e.forward) {
          if (!this.localLabels.has(key)) this.issue('AMD126', 'directional label undefined: no local label of this number before this reference', e.span);
          return;
        }
        const list = this.pendingForward.get(key);
        if (list) list.push(e.span);
        else this.pendingForward.set(key, [e.span]);
        return;
      }
      case 'sym':
        if (temporaries) this.noteTemporary(e.name, e.span);
        return;
      case 'unary':
        this.noteReferences(e.operand, temporaries);
        return;
      case 'binary':
        this.noteReferences(e.left, temporaries);
        this.noteReferences(e.right, temporaries);
        return;
      case 'call':
        for (const a of e.args) this.noteReferences(a, temporaries);
        return;
      default:
        return;
    }
  }

  private noteTemporary(name: string, span: Span): void {
    if (isTemporarySymbol(name) && !this.temporaryRefs.has(name)) this.temporaryRefs.set(name, span);
  }

  check(st: Statement): void {
    switch (st.kind) {
      case 'assignment':
        // Values were handled by the symbol table.
        this.noteReferences(st.expr, false);
        return;
      case 'localLabel': {
        this.symbolAccesses++;
        const key = localLabelKey(st.label);
        this.localLabels.add(key);
        this.pendingForward.delete(key);
        return;
      }
      case 'directive':
        // `.L` names in data and `.size` must be defined; `.globl .Lx` and the like only declare.
        for (const a of st.args) if (a.expr) this.noteReferences(a.expr, st.name === '.size' || DATA_SIZES.has(st.name));
        this.checkDirective(st);
        return;
      case 'instruction': {
        const issued = this.issued;
        this.checkOperands(st.mnemonic, st.operands);
        if (st.dual) this.checkOperands(st.dual.mnemonic, st.dual.operands);
        if (this.target && this.issued === issued) checkInstruction(this.text, st, this.target, this.sink);
        return;
      }
      default:
        return;
    }
  }

  private checkDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    const name = st.name;
    if (this.kernel) {
      if (name === '.end_amdhsa_kernel') {
        this.checkKernelRegisterCounts(this.kernel);
        const k = this.kernel;
        if (k.userSgprCount !== undefined && k.userSgprCount < k.impliedUserSgprs)
          this.issue('AMD226', `amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs (${k.userSgprCount} < ${k.impliedUserSgprs})`, st.nameSpan);
        else if ((k.userSgprCount ?? k.impliedUserSgprs) > 31n) this.issue('AMD226', `too many user SGPRs enabled (${k.userSgprCount ?? k.impliedUserSgprs}; the field holds 0…31)`, st.nameSpan);
        // Only an explicit `.amdhsa_wavefront_size32 1` counts (llvm-mc), not the target's default.
        if (k.sharedVgprs && k.wave32 === true) this.issue('AMD226', 'shared_vgpr_count directive not valid on wavefront size 32', st.nameSpan);
        let missing = false;
        for (const req of this.requiredKernelEntries()) {
          if (this.kernel.seen.has(req)) continue;
          missing = true;
          this.issue('AMD222', `${req} directive is required in an .amdhsa_kernel block`, { start: st.nameSpan.end, end: st.nameSpan.end });
        }
        if (!missing && k.accumOffset !== undefined) this.checkAccumOffset(k.accumOffset, k.vgprs?.value ?? 0n, { start: st.nameSpan.end, end: st.nameSpan.end });
        this.kernel = null;
        return;
      }
      if (!AMDHSA_KERNEL_ENTRIES.has(name)) {
        this.issue('AMD220', `unknown directive '${name}' in .amdhsa_kernel block`, st.nameSpan);
        return;
      }
      const arg = st.args[0];
      if (this.kernel.seen.has(name)) {
        this.issue('AMD221', '.amdhsa_ directives cannot be repeated', arg ? arg.span : st.nameSpan);
        return;
      }
      this.kernel.seen.add(name);
      const v = arg?.expr ? this.valueOf(arg.expr) : null;
      if (this.target && arg) this.checkKernelField(name, st.nameSpan, v, arg.span);
      return;
    }
    if (name === '.amdhsa_kernel') {
      this.kernel = { seen: new Set(), start: st.span.start, impliedUserSgprs: 0n };
      return;
    }
    const size = DATA_SIZES.get(name);
    if (size !== undefined) {
      for (const a of st.args) {
        if (!a.expr) continue;
        this.table.markUsed(a.expr);
        // A name in data is a reference (an undefined one is relocated against: it is in the object).
        if (a.expr.kind !== 'int')
          for (const n of symbolsIn(a.expr)) {
            const at = n.indexOf('@');
            this.symbolAccesses++;
            this.table.reference(at > 0 ? n.slice(0, at) : n);
          }
        const r = evaluate(a.expr, this.lookup);
        if ('error' in r) {
          this.deferredDataErrors.push(r.error);
          this.symbolAccesses++;
          continue;
        }
        const v = 'value' in r ? r.value : null;
        if (v === null || size === 8) continue;
        const bits = BigInt(size * 8);
        if (v < -(1n << (bits - 1n)) || v >= 1n << bits) this.issue('AMD131', `out of range literal value: ${v} does not fit in ${size} byte${size > 1 ? 's' : ''}`, a.span);
      }
      return;
    }
    switch (name) {
      case '.type':
        this.checkTypeDirective(st);
        return;
      case '.text':
      case '.data':
      case '.bss':
      case '.rodata':
      case '.section':
      case '.subsection':
      case '.pushsection':
      case '.popsection':
      case '.previous':
        this.sectionDirective(st);
        return;
      case '.amdhsa_code_object_version': {
        // State the parser's repeat skipping must see (a repeated line may set it back).
        this.symbolAccesses++;
        const a = st.args[0]!;
        // Any value not known here (undefined, division by zero, ...) is llvm-mc's one "expected
        // absolute expression", so the evaluation's own error is not reported as well.
        const r = evaluate(a.expr!, this.lookup);
        if (!('value' in r)) {
          this.issue('AMD124', 'expected absolute expression: .amdhsa_code_object_version needs a value known here', a.span);
          return;
        }
        // llvm-mc keeps the value as 32 bits; the last one is what the object gets.
        this.codeObjectVersion = { value: BigInt.asUintN(32, r.value), span: a.span };
        return;
      }
      case '.p2align':
      case '.p2alignl':
      case '.p2alignw':
      case '.align':
      case '.balign':
      case '.balignl':
      case '.balignw': {
        const a = st.args[0];
        if (!a?.expr) return;
        const v = this.valueOf(a.expr);
        if (v === null) {
          this.issue('AMD132', `expected an absolute expression for the alignment of ${name}`, a.span);
          return;
        }
        if (name.startsWith('.p2align')) {
          if (v < 0n || v >= 32n) this.issue('AMD133', `invalid alignment value: ${v} (a power of two exponent 0…31)`, a.span);
        } else if (v !== 0n && (v < 0n || (v & (v - 1n)) !== 0n)) {
          this.issue('AMD133', `invalid alignment value: ${v} is not a power of two`, a.span);
        }
        for (const b of st.args.slice(1)) if (b.expr) this.valueOf(b.expr);
        return;
      }
      case '.amdgcn_target': {
        const a = st.args[0];
        if (!a) {
          this.issue('AMD223', '.amdgcn_target expects a quoted target id string', { start: st.nameSpan.end, end: st.nameSpan.end });
          return;
        }
        if (!this.target) return;
        const raw = this.text.slice(a.span.start, a.span.end);
        if (raw.charCodeAt(0) !== 34) {
          this.issue('AMD223', '.amdgcn_target expects a quoted target id string', a.span);
          return;
        }
        const id = raw.slice(1, -1);
        const expected = `${this.triple.idPrefix}${this.target.name}`;
        if (id === expected) return;
        // A string that ran on over line ends is shown escaped, the same for CRLF and LF text.
        const shown = id.includes('\n') ? JSON.stringify(id.replace(/\r\n/g, '\n')) : id;
        this.issue('AMD224', `.amdgcn_target directive's target id ${shown} does not match the specified target id ${expected}`, a.span);
        return;
      }
      case '.amd_amdgpu_isa': {
        // The target id as a string token (llvm-mc compares the token's contents with its own).
        this.symbolAccesses++;
        if (!this.target) return;
        const a = st.args[0]!;
        const raw = this.text.slice(a.span.start, a.span.end);
        const expected = `${this.triple.idPrefix}${this.target.name}`;
        if (raw.charCodeAt(0) === 34 && raw.slice(1, -1) === expected) return;
        const at = a.span.end > a.span.start ? a.span : { start: a.span.start, end: a.span.start + 1 };
        this.issue('AMD325', `target id must match options: .amd_amdgpu_isa needs "${expected}" for ${this.target.name} on ${this.triple.text}`, at);
        return;
      }
      case '.amd_kernel_code_t':
        this.checkKernelCodeT(st);
        return;
      case '.amd_amdgpu_pal_metadata': {
        let absolute = true;
        for (const a of st.args) {
          if (!a.expr) continue;
          if (!('value' in evaluate(a.expr, this.lookup))) {
            this.issue('AMD124', 'expected absolute expression: .amd_amdgpu_pal_metadata takes register/value numbers known here', a.span);
            absolute = false;
            break;
          }
        }
        if (absolute && st.args.length % 2 !== 0)
          this.issue('AMD326', `expected an even number of values in .amd_amdgpu_pal_metadata (register, value pairs; ${st.args.length} given)`, { start: st.span.end, end: st.span.end });
        return;
      }
      default:
        for (const a of st.args) if (a.expr) this.valueOf(a.expr);
        return;
    }
  }

  /**
   * `.amd_kernel_code_t` fields: absolute values; at the block's end the wave size fields must
   * match the processor's (wave64 before GFX10, wave32 from GFX10 on, as llvm-mc's default
   * features); mode bits that the processor lacks are refused when the object is written.
   */
  private checkKernelCodeT(st: Extract<Statement, { kind: 'directive' }>): void {
    // The block has effects the parser's repeat skipping must see (deferred errors).
    this.symbolAccesses++;
    const t = this.target;
    const bits = new Map<string, bigint>();
    const spans = new Map<string, Span>();
    for (const a of st.args) {
      const r = evaluate(a.expr!, this.lookup);
      if (!('value' in r)) {
        if ('error' in r) this.sink(r.error);
        else this.issue('AMD124', 'expected absolute expression: an amd_kernel_code_t field needs a value known here', a.expr!.span);
        return;
      }
      const field = this.text.slice(a.span.start, a.span.end).match(/^[\w.$]+/)![0];
      const key = KERNEL_CODE_T_BITS.get(field) ?? field;
      bits.set(key, r.value);
      spans.set(key, a.span);
    }
    if (!t) return;
    const g10 = t.generation >= 10;
    // The wave size fields are checked as each is read: llvm-mc reports at the next line's first token.
    for (const a of st.args) {
      const field = this.text.slice(a.span.start, a.span.end).match(/^[\w.$]+/)![0];
      if (field !== 'enable_wavefront_size32' && field !== 'wavefront_size') continue;
      const v = evaluate(a.expr!, this.lookup);
      if (!('value' in v)) return;
      let message: string | undefined;
      if (field === 'enable_wavefront_size32') {
        if ((v.value & 1n) === 1n && !g10) message = 'enable_wavefront_size32=1 is only allowed on GFX10+';
        else if ((v.value & 1n) === 0n && g10) message = `enable_wavefront_size32=0 requires +WavefrontSize64 (${t.name} is wave32 here)`;
      } else {
        const size = BigInt.asUintN(8, v.value);
        if (size === 5n && !g10) message = 'wavefront_size=5 is only allowed on GFX10+';
        else if (size === 6n && g10) message = `wavefront_size=6 requires +WavefrontSize64 (${t.name} is wave32 here)`;
      }
      if (message === undefined) continue;
      const nl = this.text.indexOf('\n', a.span.end);
      const at = nl < 0 ? this.text.length : skipSpaces(this.text, nl + 1);
      this.issue('AMD328', `${message} (reported at the line after the ${field} field, as llvm-mc does)`, { start: at, end: at });
      return;
    }
    for (const [field, rule] of KERNEL_CODE_T_MODE_BITS) {
      const v = bits.get(field);
      if (v === undefined || (v & 1n) === 0n || rule.allowed(t)) continue;
      const at = spans.get(field)!;
      this.deferredDataErrors.push({ code: 'AMD328', message: `${field}=1 ${rule.message}`, start: at.start, end: at.end });
    }
  }

  /**
   * llvm-mc's section stack: `.previous` needs a previous section, which only a section switch
   * sets (every switch, also to the same section); `.pushsection` saves the pair and switches,
   * `.popsection` needs a push and restores what was saved. Errors at the token after the name.
   */
  private sectionDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    // State the parser's repeat skipping must see, unless nothing changes: a section switch when
    // one was already made, with no .pushsection ever (only .popsection can undo a switch), is no
    // effect, so the thousands of `.text`/`.section` lines of compiler output are still skipped.
    const plainSwitch = st.name !== '.pushsection' && st.name !== '.popsection' && st.name !== '.previous';
    if (!(plainSwitch && this.hasPreviousSection && !this.sectionsPushed)) this.symbolAccesses++;
    const at = st.args[0]?.span.start ?? st.nameSpan.end;
    switch (st.name) {
      case '.pushsection':
        this.sectionsPushed = true;
        this.pushedSections.push(this.hasPreviousSection);
        this.hasPreviousSection = true;
        return;
      case '.popsection': {
        const saved = this.pushedSections.pop();
        if (saved === undefined) this.issue('AMD230', '.popsection without corresponding .pushsection', { start: at, end: at + 1 });
        else this.hasPreviousSection = saved;
        return;
      }
      case '.previous':
        if (!this.hasPreviousSection) this.issue('AMD230', '.previous without corresponding .section', { start: at, end: at + 1 });
        return;
      default:
        this.hasPreviousSection = true;
    }
  }

  /** Availability and field width of one `.amdhsa_` directive (llvm-mc checks them as it reads the line). */
  private checkKernelField(name: string, nameSpan: Span, v: bigint | null, valueSpan: Span): void {
    const t = this.target!;
    const rule = AMDHSA_FIELD_RULES.get(name);
    const unavailable = rule?.availability?.find((a) => !kernelFieldAvailable(a, t));
    if (unavailable) {
      this.issue('AMD225', AMDHSA_AVAILABILITY_MESSAGES[unavailable], nameSpan);
      return;
    }
    if (v === null) return;
    if (v < 0n || (rule?.bits !== undefined && v >= 1n << BigInt(rule.bits))) {
      this.issue('AMD226', `value out of range: ${v} does not fit the ${rule?.bits ?? 64}-bit unsigned field of ${name}`, valueSpan);
      return;
    }
    if (rule?.max !== undefined && v > rule.max) {
      this.issue('AMD226', `value out of range: ${v} is more than ${rule.max} for ${name}`, valueSpan);
      return;
    }
    const k = this.kernel!;
    if (name === '.amdhsa_next_free_vgpr') k.vgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_next_free_sgpr') k.sgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_wavefront_size32') k.wave32 = v === 1n;
    // llvm-mc keeps the count as 32 bits (0x100000000 is 0).
    else if (name === '.amdhsa_user_sgpr_count') k.userSgprCount = BigInt.asUintN(32, v);
    else if (name === '.amdhsa_reserve_vcc') k.reserveVcc = v === 1n;
    else if (name === '.amdhsa_reserve_flat_scratch') k.reserveFlatScratch = v === 1n;
    else if (name === '.amdhsa_shared_vgpr_count') k.sharedVgprs = v !== 0n;
    else if (name === '.amdhsa_accum_offset') k.accumOffset = v;
    else if (name === '.amdhsa_user_sgpr_kernarg_preload_length') k.impliedUserSgprs += v;
    else if (v === 1n && USER_SGPR_SIZES.has(name)) k.impliedUserSgprs += USER_SGPR_SIZES.get(name)!;
    else if (name === '.amdhsa_reserve_xnack_mask' && (v === 1n) !== supportsXnack(t))
      this.issue('AMD226', `.amdhsa_reserve_xnack_mask does not match target id (XNACK is ${supportsXnack(t) ? '' : 'not '}supported on ${t.name})`, valueSpan);
  }

  /** Register counts are checked when the block ends (the wave size may come later), at their value. */
  private checkKernelRegisterCounts(k: NonNullable<StatementChecker['kernel']>): void {
    const t = this.target;
    if (!t) return;
    const wave32 = k.wave32 ?? t.generation >= 10;
    const maxVgprs = t.alignedVgprTuples || (t.generation >= 10 && wave32) ? 512n : 256n;
    if (k.vgprs && k.vgprs.value > maxVgprs) this.issue('AMD226', `value out of range: ${k.vgprs.value} VGPRs (at most ${maxVgprs} on ${t.name})`, k.vgprs.span);
    const maxSgprs = k.sgprs ? maxNextFreeSgpr(t, k.reserveVcc ?? true, k.reserveFlatScratch ?? true) : undefined;
    if (k.sgprs && maxSgprs !== undefined && k.sgprs.value > maxSgprs)
      this.issue('AMD226', `value out of range: ${k.sgprs.value} SGPRs (at most ${maxSgprs} on ${t.name} with the reserved VCC and flat scratch)`, k.sgprs.span);
  }

  /// '.type' name [','] ('@'|'%'|'#')? type   — as llvm-mc's ELF parser reads it (the comma is optional),
  /// token by token: names are the lexer's identifiers (`a?b`, `a@b`), comments are space.
  private checkTypeDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    const text = this.text;
    const lex = new Lexer(text, this.options, st.nameSpan.end);
    let k: number = lex.next();
    const here = (): Span => ({ start: lex.start, end: Math.max(lex.end, lex.start + 1) });
    const word = (): string | undefined =>
      k === Tok.Identifier ? text.slice(lex.start, lex.end) : k === Tok.String ? text.slice(lex.start + 1, lex.end - 1) : undefined;
    if (!word()) return this.issue('AMD228', 'expected identifier: .type needs a symbol name', here());
    k = lex.next();
    if (k === Tok.Comma) k = lex.next();
    if (k === Tok.At || k === Tok.Percent || k === Tok.Hash) k = lex.next();
    else if (k !== Tok.Identifier && k !== Tok.String)
      return this.issue('AMD228', `expected STT_<TYPE_IN_UPPER_CASE>, '#<type>', '@<type>', '%<type>' or "<type>" after .type`, here());
    const type = word() ?? '';
    if (!ELF_SYMBOL_TYPES.has(type)) return this.issue('AMD228', `unsupported attribute: '${type}' is not a symbol type`, here());
    k = lex.next();
    if (k !== Tok.EndOfStatement && k !== Tok.Eof) this.issue('AMD201', 'expected end of directive', here());
  }

  /**
   * gfx90a's AGPRs start at `accum_offset`: a multiple of 4 in [4, 256], within the VGPRs the kernel
   * allocates (`next_free_vgpr` rounded up to 4). llvm-mc checks it at the block's end.
   */
  private checkAccumOffset(offset: bigint, nextFreeVgpr: bigint, at: Span): void {
    if (offset < 4n || offset > 256n || offset % 4n !== 0n) this.issue('AMD226', 'accum_offset should be in range [4..256] in increments of 4', at);
    else if (offset > ((nextFreeVgpr > 1n ? nextFreeVgpr : 1n) + 3n) / 4n * 4n) this.issue('AMD226', 'accum_offset exceeds total VGPR allocation', at);
  }

  private requiredKernelEntries(): string[] {
    const req = ['.amdhsa_next_free_vgpr', '.amdhsa_next_free_sgpr'];
    if (this.target && this.target.alignedVgprTuples) req.push('.amdhsa_accum_offset');
    return req;
  }

  // -------------------------------------------------------------------------------------------
  // Instruction operands

  private checkOperands(mnemonic: string, operands: readonly InstructionOperand[]): void {
    let i = 0;
    // An export's first operand is its target (`mrt0`, `pos0`, `null`…), not a register.
    if (operands.length > 0 && isExport(mnemonic)) {
      this.checkExportTarget(operands[0]!.operand);
      i = 1;
    }
    // An indexed loop: this runs for every instruction, mostly before the optimizing compiler
    // has seen it, where an iterator with destructuring costs more.
    for (; i < operands.length; i++) this.checkOperand(mnemonic, operands[i]!.operand, i);
  }

  /**
   * `exp`/`export` targets as llvm-mc-19 reads them: a name (case-sensitive) from its table,
   * numbered ones without leading zeros, each available on the GPUs that have it.
   */
  private checkExportTarget(op: Operand): void {
    if (op.kind !== 'word') {
      this.issue('AMD321', 'invalid operand for instruction: the export target must be a name such as mrt0, mrtz, pos0, param0 or null', op.span);
      return;
    }
    const m = EXPORT_TARGET.exec(op.name);
    const base = m ? (m[1] ?? m[2]!) : undefined;
    const index = m?.[3] === undefined ? 0 : Number(m[3]);
    const limit = base === undefined ? undefined : EXPORT_TARGET_LIMITS.get(base);
    if (limit === undefined || index > limit) {
      this.issue('AMD321', `invalid exp target '${op.name}' (mrt0-7, mrtz, null, pos0-4, param0-31, prim, dual_src_blend0-1)`, op.span);
      return;
    }
    const t = this.target;
    if (!t) return;
    const g = t.generation;
    const available =
      base === 'null' || base === 'param' ? g < 11 : base === 'prim' || (base === 'pos' && index === 4) ? g >= 10 : base === 'dual_src_blend' ? g >= 11 : true;
    if (!available) this.issue('AMD322', `exp target is not supported on this GPU: '${op.name}' does not exist on ${t.name}`, op.span);
  }

  /**
   * `dim:` (GFX10+ image instructions): a name from the MIMG dim table, case-insensitive, with or
   * without the `SQ_RSRC_IMG_` prefix (case-sensitive); before GFX10 llvm-mc has no such operand.
   */
  private checkDim(op: Extract<Operand, { kind: 'modifier' }>): void {
    const t = this.target;
    if (!t) return;
    if (t.generation < 10) {
      this.issue('AMD324', `not a valid operand: dim: exists from GFX10 on, not on ${t.name}`, op.nameSpan);
      return;
    }
    const v = op.value;
    const raw = v.kind === 'word' ? v.name : undefined;
    const id = raw?.startsWith('SQ_RSRC_IMG_') ? raw.slice(12) : raw;
    if (id === undefined || !DIM_VALUES.has(id.toUpperCase()))
      this.issue('AMD323', `invalid dim value '${this.text.slice(v.span.start, v.span.end)}' (1D, 2D, 3D, CUBE, 1D_ARRAY, 2D_ARRAY, 2D_MSAA, 2D_MSAA_ARRAY, optionally with SQ_RSRC_IMG_)`, v.span);
  }

  /** `position`: the operand's index in the instruction, or -1 inside an expression; `nested`: inside `|…|`, `-…`, `neg(…)`… */
  private checkOperand(mnemonic: string, op: Operand, position: number, nested = false): void {
    switch (op.kind) {
      case 'expr': {
        const e = op.expr;
        // A literal (the common case) has nothing to resolve or evaluate.
        if (e.kind === 'int') {
          if (!fits32(e.value)) this.checkValue(mnemonic, position, e.value, op.span, nested);
          return;
        }
        if (this.isFloatLiteral(e)) return;
        this.noteReferences(e, true);
        this.table.markUsed(e);
        for (const n of symbolsIn(e)) {
          const at = n.indexOf('@');
          this.symbolAccesses++;
          this.table.reference(at > 0 ? n.slice(0, at) : n);
        }
        const v = this.valueOf(e);
        if (v !== null && !fits32(v)) this.checkValue(mnemonic, position, v, op.span, nested);
        return;
      }
      case 'word':
        this.noteTemporary(op.name, op.span);
        // A bare name is an expression operand when it is not a register or modifier: a variable there is evaluated.
        if (this.table.isVariable(op.name)) this.table.markUsed({ kind: 'sym', name: op.name, span: op.span });
        this.checkRegister(op);
        return;
      case 'regRange':
        // Index expressions are evaluated: the variables they name become "used".
        this.table.markUsed(op.first);
        if (op.last) this.table.markUsed(op.last);
        this.checkRegister(op);
        return;
      case 'list':
        if (position >= 0) this.checkRegisterList(mnemonic, op, position);
        return;
      case 'neg':
      case 'abs':
        this.checkOperand(mnemonic, op.operand, position, true);
        return;
      case 'call':
        if (op.name === 'neg' || op.name === 'abs' || op.name === 'sext' || op.name === 'lit' || op.name === 'lit64') {
          for (const a of op.args) this.checkOperand(mnemonic, a, position, true);
        }
        return;
      case 'modifier':
        if (op.name === 'dim' && position >= 0) {
          this.checkDim(op);
          return;
        }
        if (op.value.kind === 'expr' && op.value.expr.kind !== 'int') this.valueOf(op.value.expr);
        return;
    }
  }

  /**
   * llvm-mc reads a float token, or '-' and a float token, as a floating-point immediate; a float
   * anywhere else (`--1.0`, `-(1.0)`, `(0.5)`, `+1.0`) is an integer expression of its IEEE
   * double bits. A parenthesised float keeps its node kind with the wider span (expr.ts).
   */
  private isFloatLiteral(e: Expr): boolean {
    if (e.kind === 'real') return e.span.end - e.span.start === e.text.length;
    return (
      e.kind === 'unary' &&
      e.op === '-' &&
      e.operand.kind === 'real' &&
      e.operand.span.end - e.operand.span.start === e.operand.text.length &&
      this.text.charCodeAt(e.span.start) === 45 /* - */ &&
      e.span.end === e.operand.span.end
    );
  }

  /**
   * An absolute integer operand that no source of the instruction takes (where valueChecked
   * holds): every source kind (f16/f32/f64, integers, packed, with or without modifiers, SMEM
   * offsets, branch targets) needs a value that truncates safely to 32 bits, except a 64-bit
   * source, which also takes a 64-bit inline constant (llvm-mc: `v_lshlrev_b64 v[0:1], 1, --1.0`
   * is the inline 1.0). Whether the instruction may have a 64-bit source is read from its name,
   * not from operand tables; such values are refused only where no source can be 64 bits.
   */
  private checkValue(mnemonic: string, position: number, v: bigint, span: Span, nested: boolean): void {
    if (!this.target || !valueChecked(mnemonic, position)) return;
    const may64 = mayHave64BitSource(mnemonic);
    if (may64 && inlineCode64(v, this.target.inv2Pi) !== undefined) return;
    const shown = v < 0n ? '-0x' + (-v).toString(16) : '0x' + v.toString(16);
    const text = this.text;
    if (!nested && isValu(mnemonic) && text.charCodeAt(span.start) === 45 /* - */ && text.charCodeAt(skipSpaces(text, span.start + 1)) === 45)
      // llvm-mc's message where the source takes modifiers (elsewhere "invalid operand for instruction").
      this.issue('AMD414', `invalid syntax, expected 'neg' modifier: after a doubled '-' the operand is the integer ${shown}, which no source of ${mnemonic} takes`, span);
    else this.issue(IMM_CODES.truncation, `invalid operand for instruction: ${shown} does not fit in 32 bits${may64 ? ' and is no 64-bit inline constant' : ''}`, span);
  }

  /**
   * Register validation results of operands whose meaning cannot change (no symbols inside), by
   * their text: clang output repeats the same few hundred register spellings.
   */
  private readonly registerCache = new Map<string, { code: string; message: string; start: number; length: number } | null>();

  private checkRegister(op: Operand): void {
    if (!this.target) return;
    let key: string | undefined;
    if (op.kind === 'word') {
      // No register name starts with '.': labels such as `.LBB0_2` (each branch target a new
      // spelling) skip the register parser and the cache.
      if (op.name.charCodeAt(0) === 46 /* . */) return;
      key = op.name;
    }
    else if (op.kind === 'regRange' && op.first.kind === 'int' && (op.last === null || op.last.kind === 'int')) key = this.text.slice(op.span.start, op.span.end);
    if (key !== undefined) {
      const cached = this.registerCache.get(key);
      if (cached === null) return;
      if (cached !== undefined) {
        this.issue(cached.code, cached.message, { start: op.span.start + cached.start, end: op.span.start + cached.start + cached.length });
        return;
      }
    }
    const found = this.registerProblem(op.span.start);
    if (key !== undefined) this.registerCache.set(key, found ? { code: found.code, message: found.message, start: found.offset - op.span.start, length: found.length } : null);
    if (found) this.issue(found.code, found.message, { start: found.offset, end: found.offset + found.length });
  }

  /** The first register rule the operand at `pos` breaks, or null (also for non-registers). */
  private registerProblem(pos: number): { code: string; message: string; offset: number; length: number } | null {
    const r = parseRegister(this.text, pos, this.target!, this.evaluator);
    if (r.status === 'none') return null;
    if (r.status === 'error') return { code: r.error.code, message: r.error.message, offset: r.error.offset, length: Math.max(1, r.error.length) };
    const bad = validateRegisterForTarget(r.reg, this.target!);
    if (bad) return { code: bad.code, message: bad.message, offset: bad.offset, length: Math.max(1, bad.length) };
    return null;
  }

  private checkRegisterList(mnemonic: string, op: Extract<Operand, { kind: 'list' }>, position: number): void {
    if (!this.target) return;
    const r = parseRegister(this.text, op.span.start, this.target, this.evaluator);
    if (r.status === 'ok') {
      const bad = validateRegisterForTarget(r.reg, this.target);
      if (bad) this.issue(bad.code, bad.message, { start: bad.offset, end: bad.offset + Math.max(1, bad.length) });
      return;
    }
    if (r.status === 'none') return;
    // Image instructions on GFX10+ take NSA address lists (non-consecutive registers), as their
    // address operand (the second; the first is the data, which stays a register tuple).
    if (mnemonic.startsWith('image_') && this.target.generation >= 10 && position === 1) {
      const n = parseNsaAddress(this.text, op.span.start, this.target, this.evaluator);
      if (n.status === 'ok') return;
      this.issue(n.error.code, n.error.message, { start: n.error.offset, end: n.error.offset + Math.max(1, n.error.length) });
      return;
    }
    this.issue(r.error.code, r.error.message, { start: r.error.offset, end: r.error.offset + Math.max(1, r.error.length) });
  }
}



