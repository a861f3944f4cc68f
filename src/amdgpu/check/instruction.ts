/**
 * The checks of one instruction's operands that need no per-instruction operand types: registers
 * (registers.ts) against the target, integer values that fit no source, export targets, `dim:`,
 * and the symbol references operands make.
 */
import type { Span } from '../../core/source.js';
import type { Expr, InstructionOperand, Operand, Statement } from '../parse/ast.js';
import { symbolsIn } from '../parse/expr.js';
import { isDigitCode } from '../lex/lexer.js';
import { skipSpaces, type OperandExprEvaluator } from '../parse/operand-expr.js';
import { floatJoins } from '../parse/parser.js';
import { IMM_CODES, inlineCode64, inlineIntCode, smemOffsetRule, type SmemOffsetRule } from './immediates.js';
import { isRangePrefix, looksLikeRegister, parseNsaAddress, parseRegister, validateRegisterForTarget } from './registers.js';
import type { SymbolTable } from './symbols.js';
import type { AmdgpuTarget } from '../targets.js';
import { HWREG_NAMES, hwregGroup } from '../data/hwreg.js';
import {
  MSG_SYSMSG_ID,
  SENDMSG_GS_OPS,
  SENDMSG_MESSAGES,
  SENDMSG_OP_MAX,
  SENDMSG_STREAM_MAX,
  SENDMSG_SYS_OPS,
  sendmsgGenerations,
  sendmsgIdMask,
  sendmsgLookup,
  sendmsgNames,
  sendmsgNeedsOp,
  sendmsgTakesStream,
} from '../data/sendmsg.js';
import { soppImmediateRange, type ImmediateRange } from '../data/sopp-ranges.js';
import { SWIZZLE_MASK_CHARS, SWIZZLE_MASK_LENGTH, SWIZZLE_MODES, SWIZZLE_OFFSET_MAX } from '../data/swizzle.js';
import { MODIFIER_GPU_NAMES, MODIFIER_VALUE_RULES, modifierOnGpu, type ModifierValueRule } from '../data/modifier-values.js';
import { checkInstruction, MEMORY_MODIFIER_WORDS, MODIFIER_WORDS } from '../instructions/check.js';
import { lower } from '../instructions/lower.js';
import { lookupInstruction } from '../instructions/table.js';
import type { IssueSink } from '../parse/expr.js';
import type { AmdCode, AmdRawDiagnostic } from '../diagnostics.js';

/**
 * The spec's validation for 32 bits: all-0 high bits, or all-1 with the sign bit set (int32 or
 * uint32). `isSafeTruncation(v, 32)` (immediates.ts) in two comparisons, without its BigInt
 * conversions: this runs for every integer operand.
 */
function fits32(v: bigint): boolean {
  return v >= -0x80000000n && v <= 0xffffffffn;
}

/** `s_ca…`, `s_cb…`, `s_ge…`, `s_su…` (s_call_b64, s_cbranch_i_fork, s_getreg_b32, s_subvector_loop_*): by two letters, no lower-casing for `s_cmp_*`. */
function isCallForkOrGetreg(m: string): boolean {
  const c2 = m.charCodeAt(2) | 0x20;
  const c3 = m.charCodeAt(3) | 0x20;
  return c2 === 99 ? c3 === 97 || c3 === 98 : c2 === 103 ? c3 === 101 : c2 === 115 && c3 === 117;
}

/** The SOPK instructions with a 16-bit immediate K (checkSopkImmediate). */
const SOPK_K = /^s_(movk_i32|cmovk_i32|cmpk_\w+|addk_i32|addk_co_i32|mulk_i32|version|waitcnt_(?:vs|vm|exp|lgkm)cnt)$/;

/** An integer literal operand (judged by the instruction layer). */
function isInt(op: Operand): boolean {
  return op.kind === 'expr' && op.expr.kind === 'int';
}

/** What a source modifier is around (`-x`, `|x|`, `neg(x)`, `abs(x)`, `sext(x)`), or undefined. */
function modifierInner(op: Operand): Operand | undefined {
  if (op.kind === 'neg' || op.kind === 'abs') return op.operand;
  if (op.kind === 'call' && (op.name === 'neg' || op.name === 'abs' || op.name === 'sext') && op.args.length === 1) return op.args[0];
  return undefined;
}
function isNegation(op: Operand): boolean {
  return op.kind === 'neg' || (op.kind === 'call' && op.name === 'neg');
}
function isAbsolute(op: Operand): boolean {
  return op.kind === 'abs' || (op.kind === 'call' && op.name === 'abs');
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

/** The IEEE double bits of a float (llvm-mc reads a float where an integer belongs as those). */
function doubleBits(x: number): bigint {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigInt64(0);
}

interface SmemOffset {
  /** The operand index of the immediate offset. */
  readonly index: number;
  readonly rule: SmemOffsetRule;
}

const SMEM_OFFSET_24: SmemOffsetRule = { min: -(1n << 23n), max: (1n << 23n) - 1n, message: 'expected a 24-bit signed offset' };

/** MUBUF and MTBUF stores (checkByMnemonic). */
const BUFFER_STORE = /^t?buffer_store_/i;

/**
 * Where a scalar memory instruction's immediate offset is, and its range (GFX8 on): the third
 * operand of loads, stores, atomics and `s_atc_probe*` (smemOffsetRule; `s_atc_probe_buffer` and
 * `s_buffer_atomic_*` as the buffer forms), the second of `s_dcache_discard*`, the second of GFX12's `s_prefetch_inst`/`_data` and `s_buffer_prefetch_data`, the
 * first of their `_pc_rel` forms (24-bit signed).
 */
function smemOffsetOf(mnemonic: string, generation: number): SmemOffset | null {
  const m = mnemonic.toLowerCase();
  if (generation >= 12 && (m === 's_prefetch_inst' || m === 's_prefetch_data' || m === 's_buffer_prefetch_data')) return { index: 1, rule: SMEM_OFFSET_24 };
  if (generation >= 12 && (m === 's_prefetch_inst_pc_rel' || m === 's_prefetch_data_pc_rel')) return { index: 0, rule: SMEM_OFFSET_24 };
  // The atomics and s_dcache_discard (GFX9-10) as the loads of their kind (llvm-mc-19, measured on gfx900 and gfx1010).
  if (m.startsWith('s_dcache_discard')) {
    const r = smemOffsetRule('s_load_dword', generation);
    return r ? { index: 1, rule: r } : null;
  }
  const as = m === 's_atc_probe' || m.startsWith('s_atomic_') ? 's_load_dword' : m === 's_atc_probe_buffer' || m.startsWith('s_buffer_atomic_') ? 's_buffer_load_dword' : m;
  const rule = smemOffsetRule(as, generation);
  return rule ? { index: 2, rule } : null;
}

/**
 * Whether a scalar memory instruction may have an offset out of some range: an operand that is
 * not a register and not an integer 0…0xfffff (inside every processor's range), or a modifier
 * (`offset:`). Clang's `s_load_dword s0, s[0:1], 0x24` is skipped without a lookup.
 */
function mayHaveLargeOffset(operands: readonly InstructionOperand[]): boolean {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'expr') {
      const e = op.expr;
      if (e.kind !== 'int' || e.value < 0n || e.value > 0xfffffn) return true;
    } else if (op.kind === 'modifier') return true;
    else if (op.kind === 'word' && !((op.name.charCodeAt(0) | 0x20) === 115 && isDigitCode(op.name.charCodeAt(1)))) return true;
  }
  return false;
}

/** Whether a name has an ASCII upper-case letter (llvm-mc-19 reads modifier and call names as written). */
const hasUpperCase = (n: string): boolean => lower(n) !== n;

/** Modifiers written as a bare word, which take no `:value` (llvm-mc-19 "unknown token in expression"). */
const BARE_MODIFIERS: ReadonlySet<string> = new Set(
  // The layer's modifier words (instructions/check.ts), but `fi` (written `fi:1`) and `nv`.
  [...MODIFIER_WORDS, ...MEMORY_MODIFIER_WORDS].filter((w) => w !== 'fi' && w !== 'nv').flatMap((w) => [w, `no${w}`]),
);

/** SDWA selects and their values, as llvm-mc-19 reads them (names only, upper case). */
const SDWA_SELECT = ['BYTE_0', 'BYTE_1', 'BYTE_2', 'BYTE_3', 'WORD_0', 'WORD_1', 'DWORD'];
const SDWA_SELECT_VALUES: ReadonlyMap<string, readonly string[]> = new Map([
  ['dst_sel', SDWA_SELECT],
  ['src0_sel', SDWA_SELECT],
  ['src1_sel', SDWA_SELECT],
  ['dst_unused', ['UNUSED_PAD', 'UNUSED_SEXT', 'UNUSED_PRESERVE']],
]);

/** Call names llvm-mc-19 reads (in lower case only), besides `depctr_*`. */
const CALL_NAMES: ReadonlySet<string> = new Set(['neg', 'abs', 'sext', 'lit', 'lit64', 'hwreg', 'sendmsg', 'swizzle', 'gpr_idx', 'vmcnt', 'expcnt', 'lgkmcnt', 'vmcnt_sat', 'expcnt_sat', 'lgkmcnt_sat', 'instid0', 'instid1', 'instskip']);
/** The counters `s_waitcnt` takes. */
const WAITCNT_COUNTERS: ReadonlySet<string> = new Set(['vmcnt', 'expcnt', 'lgkmcnt', 'vmcnt_sat', 'expcnt_sat', 'lgkmcnt_sat']);

/**
 * Modifiers whose value (or each value of the list) is a number llvm-mc-19 needs where the
 * modifier is written (AMD565); those of MODIFIER_VALUE_RULES are judged with their ranges (AMD543).
 */
const ABSOLUTE_MODIFIERS: ReadonlySet<string> = new Set(['offset', 'offset0', 'offset1', 'op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi', 'dmask', 'dfmt', 'nfmt', 'format']);

/** First letters of the modifiers of MODIFIER_VALUE_RULES. */

/** `gpr_idx(...)` modes, by bit (llvm-mc-19 spells them upper case only). */
const GPR_IDX_MODES: readonly string[] = ['SRC0', 'SRC1', 'SRC2', 'DST'];

/** Image dimensions as `dim:` names them (upper case). */
const DIM_VALUES: ReadonlySet<string> = new Set(['1D', '2D', '3D', 'CUBE', '1D_ARRAY', '2D_ARRAY', '2D_MSAA', '2D_MSAA_ARRAY']);

/** What the instruction checks use of the file's statement checker (statements.ts). */
export interface InstructionContext {
  readonly text: string;
  readonly target: AmdgpuTarget | undefined;
  readonly table: SymbolTable;
  /** Register-index expressions: the one llvm-mc evaluator, with the current symbols. */
  readonly evaluator: OperandExprEvaluator;
  /** A branch to a symbol without a value here (a label, or one never defined): the branch-reach bound and "undefined label". */
  branchTarget(name: string, span: Span): void;
  /** Symbol-table lookups and references so far (the repeat memo's effects count, pipeline.ts). */
  symbolAccesses: number;
  issue(code: AmdCode, message: string, span: Span): void;
  /** Issues reported through issue() so far (the instruction layer runs only on statements without one). */
  readonly issued: number;
  /** Where the instruction layer reports. */
  readonly sink: IssueSink;
  /** Evaluates with the symbols defined so far; reports evaluation errors; returns the value or null. */
  valueOf(e: Expr): bigint | null;
  /** Notes directional (`1b`, `1f`) and, with `temporaries`, `.L` references in an expression. */
  noteReferences(e: Expr, temporaries: boolean): void;
  noteTemporary(name: string, span: Span): void;
}

/** The operand checks of each instruction of one file (one per file: it keeps the register cache). */
export class InstructionChecker {
  private readonly text: string;
  private readonly target: AmdgpuTarget | undefined;
  private readonly table: SymbolTable;
  private readonly evaluator: OperandExprEvaluator;
  constructor(private readonly cx: InstructionContext) {
    this.text = cx.text;
    this.target = cx.target;
    this.table = cx.table;
    this.evaluator = cx.evaluator;
  }

  /**
   * Checks one instruction statement (both halves of a GFX11 `v_dual_…`): the hook point of the
   * instruction layer (instructions/).
   */
  check(st: Extract<Statement, { kind: 'instruction' }>): void {
    const issued = this.cx.issued;
    this.issuedBefore = issued;
    this.symbolicRange = false;
    this.checkOperands(st.mnemonic, st.operands);
    if (st.dual) this.checkOperands(st.dual.mnemonic, st.dual.operands);
    if (this.target && this.cx.issued === issued) checkInstruction(this.text, this.symbolicRange ? this.withResolvedRanges(st) : st, this.target, this.cx.sink, this.isRelocatable);
  }

  /**
   * The statement with its register ranges of symbolic indices (`v[vo:vo+1]` after `.set vo, 16`,
   * as hand-written and Tensile kernels write them) made numbers, as llvm-mc-19 reads them (an
   * absolute value where the line is): the instruction layer then judges their file and size as
   * it does `v[16:17]`. The statement itself when there is none (no copy); a range whose indices do
   * not evaluate, or are symbols llvm-mc maintains, stays as written (not judged).
   */
  private withResolvedRanges(st: Extract<Statement, { kind: 'instruction' }>): Extract<Statement, { kind: 'instruction' }> {
    const ops = this.resolvedOperands(st.operands);
    const dualOps = st.dual ? this.resolvedOperands(st.dual.operands) : undefined;
    if (ops === st.operands && (!st.dual || dualOps === st.dual.operands)) return st;
    return { ...st, operands: ops, dual: st.dual ? { ...st.dual, operands: dualOps! } : undefined };
  }

  private resolvedOperands(operands: InstructionOperand[]): InstructionOperand[] {
    let out: InstructionOperand[] | undefined;
    for (let i = 0; i < operands.length; i++) {
      const io = operands[i]!;
      const op = io.operand;
      const inner = op.kind === 'neg' || op.kind === 'abs' ? op.operand : op;
      if (inner.kind !== 'regRange' || (inner.first.kind === 'int' && (inner.last === null || inner.last.kind === 'int'))) continue;
      const r = this.resolvedRange(inner);
      if (!r) continue;
      out ??= operands.slice();
      out[i] = { ...io, operand: inner === op ? r : { ...(op as Extract<Operand, { kind: 'neg' | 'abs' }>), operand: r } };
    }
    return out ?? operands;
  }

  private resolvedRange(op: Extract<Operand, { kind: 'regRange' }>): Extract<Operand, { kind: 'regRange' }> | null {
    const c = op.prefix.length === 1 ? op.prefix.charCodeAt(0) | 0x20 : 0;
    if (c !== 118 && c !== 115 && c !== 97) return null;
    if (this.table.exprUnknowable(op.first) || (op.last !== null && this.table.exprUnknowable(op.last))) return null;
    const r = parseRegister(this.text, op.span.start, this.target!, this.evaluator);
    if (r.status !== 'ok' || r.reg.end !== op.span.end || r.reg.half !== undefined) return null;
    const k = r.reg.kind;
    if ((c === 118 && k !== 'vgpr') || (c === 115 && k !== 'sgpr') || (c === 97 && k !== 'agpr')) return null;
    const first: Expr = { kind: 'int', value: BigInt(r.reg.index), span: op.first.span };
    const last: Expr | null = r.reg.count === 1 ? null : { kind: 'int', value: BigInt(r.reg.index + r.reg.count - 1), span: (op.last ?? op.first).span };
    return { kind: 'regRange', prefix: op.prefix, first, last, span: op.span };
  }

  /**
   * Whether an operand's value is not known where it is written: a symbol with no value here (a
   * label, a name set later or never), alone or with numbers and symbols that have one (`u + 4`);
   * llvm-mc-19 keeps such an operand as a relocatable expression (the instruction layer's
   * checkRelocatable, which asks this only of operands it classified as expressions). Not: registers,
   * numbers, expressions of two symbols without a value (a label difference may be folded),
   * symbols whose value gpuasm cannot know (valueUnknowable).
   */
  private readonly isRelocatable = (op: Operand): boolean => {
    // `-u` around no register is the expression -u (llvm-mc-19's SP3 `-` is a modifier only before a register, `|` or `abs`).
    if (op.kind === 'neg') return (op.operand.kind === 'word' || op.operand.kind === 'expr') && this.isRelocatable(op.operand);
    let unknown: string | undefined;
    if (op.kind === 'word') {
      if (looksLikeRegister(op.name, 0) || op.name === 'off') return false;
      this.cx.symbolAccesses++;
      if (this.table.currentValue(op.name) === null) unknown = op.name;
    } else if (op.kind === 'expr' && op.expr.kind !== 'int' && op.expr.kind !== 'real' && !this.isFloatLiteral(op.expr)) {
      let count = 0;
      for (const n of symbolsIn(op.expr)) {
        this.cx.symbolAccesses++;
        if (this.table.currentValue(n) === null) {
          unknown = n;
          count++;
        }
      }
      if (count !== 1) return false;
    }
    return unknown !== undefined && !this.table.valueUnknowable(unknown);
  };

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
    this.checkByMnemonic(mnemonic, operands);
  }

  /**
   * The rules of a few mnemonics, each found by a test of its letters (a function of its own, out of
   * checkOperands: their first uses come late in a file and deoptimized it, which the optimizing
   * compiler then compiled again with all of these inside; docs/benchmarks.md, session 19). By the
   * first letter: the scalar ones in a method of their own, so that the first late use of one kind
   * recompiles only that kind's tests.
   */
  private checkByMnemonic(mnemonic: string, operands: readonly InstructionOperand[]): void {
    const c0 = mnemonic.charCodeAt(0) | 0x20;
    if (c0 === 115 /* s */) this.checkScalarByMnemonic(mnemonic, operands);
    // buffer_store_*/tbuffer_store_*: no tfe (the forms the table could not verify included).
    else if (c0 === 98 || c0 === 116) {
      if (operands.length > 4 && BUFFER_STORE.test(mnemonic)) this.checkStoreTfe(operands);
    } else if (operands.length >= 4 && (mnemonic.charCodeAt(3) | 0x20) === 102 /* f */ && (mnemonic.charCodeAt(4) | 0x20) === 109 /* m */ && mnemonic.toLowerCase().startsWith('v_mfma'))
      this.checkMfmaOverlap(mnemonic, operands);
    // v_interp_* (VINTRP, and their VOP3 forms) and GFX11+ lds_param_load / ds_param_load.
    if (mnemonic.length >= 13 && (mnemonic.startsWith('v_interp_') || mnemonic.endsWith('param_load'))) this.checkInterpolation(mnemonic, operands);
  }

  /** checkByMnemonic's rules of the mnemonics that begin with `s` (in the order they had there). */
  private checkScalarByMnemonic(mnemonic: string, operands: readonly InstructionOperand[]): void {
    if (operands.length > 1 && mnemonic.length === 16 && (mnemonic.charCodeAt(4) | 0x20) === 116 /* s_se(t) */ && this.target && (this.target.generation === 8 || this.target.generation === 9) && mnemonic.toLowerCase() === 's_set_gpr_idx_on')
      this.checkGprIdxMode(operands[1]!.operand);
    // s_waitcnt_vmcnt/_expcnt/_lgkmcnt/_vscnt on GFX11: the register is null (by the length, two letters and the '_' at 9, then
    // the name; the length first: charCodeAt past the end of `s_waitcnt` deoptimized this function).
    if (operands.length > 1 && mnemonic.length >= 15 && (mnemonic.charCodeAt(2) | 0x20) === 119 /* w */ && mnemonic.charCodeAt(9) === 95 && this.target && this.target.generation === 11) this.checkWaitcntNull(mnemonic, operands[0]!.operand);
    // s_lo(ad), s_bu(ffer), s_st(ore), s_sc(ratch), s_at(c_probe, omic), s_dc(ache_discard), s_pr(efetch): by two letters, no lookup for other scalar instructions.
    const c2 = mnemonic.charCodeAt(2) | 0x20;
    const c3 = mnemonic.charCodeAt(3) | 0x20;
    if (
      (c2 === 108 ? c3 === 111 : c2 === 98 ? c3 === 117 : c2 === 115 ? c3 === 116 || c3 === 99 : c2 === 97 ? c3 === 116 : c2 === 100 ? c3 === 99 : c2 === 112 && c3 === 114) &&
      this.target &&
      this.target.generation >= 6 &&
      mayHaveLargeOffset(operands)
    )
      this.checkSmemOffset(mnemonic, operands);
    // Scalar instructions of one or two operands: SOPP values, branch targets, hwreg values, SOPK immediates.
    if (operands.length <= 2 && operands.length > 0 && mnemonic.charCodeAt(1) === 95) this.checkScalarValues(mnemonic, operands);
  }

  /** The operand values of scalar instructions of one or two operands (a function of its own: checkOperands stays small). */
  private checkScalarValues(mnemonic: string, operands: readonly InstructionOperand[]): void {
    if (operands.length === 1) this.checkSoppValue(mnemonic, operands[0]!.operand);
    // s_call_b64 / s_cbranch_i_fork / s_subvector_loop_*'s target, s_getreg_b32's hwreg: the second operand (by letters: s_ca, s_cb, s_ge, s_su; not s_cmp).
    else if (isCallForkOrGetreg(mnemonic)) {
      const m = lower(mnemonic);
      if (m === 's_call_b64' || m === 's_cbranch_i_fork' || m === 's_subvector_loop_begin' || m === 's_subvector_loop_end') this.checkBranchTarget(m, operands[1]!.operand);
      else if (m === 's_getreg_b32') this.checkHwregValue(m, operands[1]!.operand);
    }
    // s_version's and s_waitcnt_{vs,vm,exp,lgkm}cnt's 16-bit immediate (by letters and length: not s_waitcnt).
    if ((mnemonic.length === 9 && (mnemonic.charCodeAt(2) | 0x20) === 118) || (mnemonic.length >= 15 && (mnemonic.charCodeAt(2) | 0x20) === 119))
      this.checkSopkImmediate(mnemonic, operands[operands.length - 1]!.operand);
    if (operands.length !== 2) return;
    // SOPK's 16-bit immediate (s_movk_i32, s_cmovk_i32, s_cmpk_*, s_addk_i32, s_mulk_i32): 'k' at [5] or [6].
    if ((mnemonic.charCodeAt(5) | 0x20) === 107 || (mnemonic.charCodeAt(6) | 0x20) === 107) this.checkSopkImmediate(mnemonic, operands[1]!.operand);
    // s_setreg_b32 / s_setreg_imm32_b32's hwreg: the first.
    else if ((mnemonic.charCodeAt(4) | 0x20) === 116 /* s_se(t) */ && (mnemonic.charCodeAt(5) | 0x20) === 114) {
      const m = lower(mnemonic);
      if (m === 's_setreg_b32' || m === 's_setreg_imm32_b32') this.checkHwregValue(m, operands[0]!.operand);
    }
    // s_sendmsg_rtn_b32 / _b64's message: the second (s_se(n)dmsg_rtn_).
    else if ((mnemonic.charCodeAt(4) | 0x20) === 110 && mnemonic.length === 17) {
      const m = lower(mnemonic);
      if (m === 's_sendmsg_rtn_b32' || m === 's_sendmsg_rtn_b64') this.checkSendmsgRtnValue(m, operands[1]!.operand);
    }
  }

  /**
   * MFMA destination and src2 (llvm-mc-19): both VGPRs or both AGPRs (AGPRs only on gfx908); with a
   * result of more than four dwords, src2 is the destination's registers or registers apart from
   * them ("source 2 operand must not partially overlap with dst").
   */
  private checkMfmaOverlap(mnemonic: string, operands: readonly InstructionOperand[]): void {
    const t = this.target;
    if (!t) return;
    const a = operands[0]!.operand;
    const b = operands[3]!.operand;
    // gfx908 (whose MFMA forms the table could not verify): sources are VGPRs or AGPRs, src2 AGPRs.
    if (!t.alignedVgprTuples && !this.checkMfmaSources908(mnemonic, operands)) return;
    if ((a.kind !== 'regRange' && a.kind !== 'word') || (b.kind !== 'regRange' && b.kind !== 'word')) return;
    const d = parseRegister(this.text, a.span.start, t, this.evaluator);
    const c = parseRegister(this.text, b.span.start, t, this.evaluator);
    if (d.status !== 'ok' || c.status !== 'ok') return;
    const dst = d.reg;
    const src2 = c.reg;
    if ((dst.kind !== 'vgpr' && dst.kind !== 'agpr') || (src2.kind !== 'vgpr' && src2.kind !== 'agpr')) return;
    // gfx908 writes MFMA results to AGPRs only; later GPUs take VGPRs or AGPRs, the same for both.
    if (dst.kind === 'vgpr' && !t.alignedVgprTuples) {
      this.cx.issue('AMD546', `operands are not valid for this GPU or mode: ${mnemonic} writes AGPRs on ${t.name}, not VGPRs`, a.span);
      return;
    }
    if (dst.kind !== src2.kind) {
      this.cx.issue('AMD546', `invalid operand for instruction: ${mnemonic}'s src2 is ${dst.kind === 'agpr' ? 'AGPRs' : 'VGPRs'} as its destination is`, b.span);
      return;
    }
    if (dst.count <= 4 || dst.index === src2.index) return;
    if (src2.index + src2.count <= dst.index || dst.index + dst.count <= src2.index) return;
    this.cx.issue('AMD546', `source 2 operand must not partially overlap with dst: ${mnemonic} takes the destination's registers as src2, or others`, b.span);
  }

  /** Issues reported before the current instruction (llvm-mc-19 reports one error per instruction: the modifier rules stop at the first). */
  private issuedBefore = 0;

  /**
   * gfx908 MFMA sources (llvm-mc-19): src0 and src1 VGPRs or AGPRs, src2 AGPRs or an inline-valued
   * special source such as src_scc (a constant there:
   * "inline constants are not allowed for this operand"; an SGPR or a constant as src0/src1:
   * "invalid operand for instruction"). False when an issue was reported.
   */
  private checkMfmaSources908(mnemonic: string, operands: readonly InstructionOperand[]): boolean {
    for (let k = 1; k <= 3; k++) {
      const op = operands[k]!.operand;
      if (op.kind === 'expr') {
        const inline = k === 3 && op.expr.kind !== 'sym' && this.isInlineConstant(op.expr);
        this.cx.issue('AMD546', inline ? `inline constants are not allowed for this operand: ${mnemonic}'s src2 is AGPRs on ${this.target!.name}` : `invalid operand for instruction: ${mnemonic}'s ${k === 3 ? 'src2 is AGPRs' : `src${k - 1} is a VGPR or an AGPR`} on ${this.target!.name}, not a constant`, op.span);
        return false;
      }
      if (op.kind !== 'regRange' && op.kind !== 'word') continue;
      const r = parseRegister(this.text, op.span.start, this.target!, this.evaluator);
      if (r.status !== 'ok') continue;
      const kind = r.reg.kind;
      if (kind === 'agpr' || (kind === 'vgpr' && k < 3)) continue;
      if (kind === 'vgpr') continue; // src2 in VGPRs: the destination rule below (both AGPRs)
      // src2 takes the special sources llvm-mc-19 encodes as inline values (src_scc, src_vccz, src_shared_base, ...), not lds_direct.
      if (k === 3 && kind === 'special' && r.reg.special?.inlineValue && r.reg.special.name !== 'src_lds_direct') continue;
      this.cx.issue('AMD546', `invalid operand for instruction: ${mnemonic}'s ${k === 3 ? 'src2 is AGPRs' : `src${k - 1} is a VGPR or an AGPR`} on ${this.target!.name}, not ${kind === 'sgpr' || kind === 'ttmp' ? 'an SGPR' : 'a special register'}`, op.span);
      return false;
    }
    return true;
  }

  /** Whether a constant operand is an inline constant of some type (immediates.ts: an integer -16…64, or an f64 inline value). */
  private isInlineConstant(e: Expr): boolean {
    const neg = e.kind === 'unary' && e.op === '-';
    const x = neg ? e.operand : e;
    if (x.kind === 'int') return inlineIntCode(neg ? -x.value : x.value) !== undefined;
    if (x.kind !== 'real') return false;
    const bits = new DataView(new ArrayBuffer(8));
    bits.setFloat64(0, neg ? -x.value : x.value);
    return inlineCode64(bits.getBigUint64(0), this.target!.inv2Pi) !== undefined;
  }

  /** Per mnemonic (as written): the range of its SOPP immediate, or null (data/sopp-ranges.ts). */
  private readonly soppRanges = new Map<string, ImmediateRange | null>();

  /** Per mnemonic (as written): whether it is a SOPP instruction whose operand is no branch target. */
  private readonly soppValues = new Map<string, boolean>();

  /**
   * The operand of a SOPP instruction other than a branch (`s_nop`, `s_sleep`, `s_wait_event`,
   * `s_waitcnt`, `s_sendmsg`...), written as a symbol or an expression: llvm-mc-19 needs its value
   * at that point ("invalid operand for instruction", "expected absolute expression"); a label, a
   * symbol defined later or never are refused. (Numbers, and symbolic operands such as
   * `vmcnt(0)`, are judged elsewhere.)
   */
  private checkSoppValue(mnemonic: string, op: Operand): void {
    const t = this.target;
    if (!t) return;
    // s_branch, s_cbranch_*: branch targets, without the lookup.
    const c2 = mnemonic.charCodeAt(2) | 0x20;
    const c3 = mnemonic.charCodeAt(3) | 0x20;
    if ((c2 === 98 && c3 === 114) || (c2 === 99 && c3 === 98)) {
      if (isInt(op)) return;
      // A label (the common case): a symbol without a value, by one lookup.
      if (op.kind === 'word') {
        this.cx.symbolAccesses++;
        if (this.table.currentValue(op.name) === null) {
          // A register (s_cbranch_join's and s_cbranch_g_fork's SGPR operands) is no label.
          if (!looksLikeRegister(op.name, 0)) this.cx.branchTarget(op.name, op.span);
          return;
        }
      }
      const m = lower(mnemonic);
      if (m.startsWith('s_branch') || (m.startsWith('s_cbranch_') && m !== 's_cbranch_g_fork')) this.checkBranchTarget(m, op);
      return;
    }
    // A float (`1.0`, `-0.0`): its double bits, as llvm-mc-19 reads them here.
    let real: bigint | undefined;
    if (op.kind === 'expr' && op.expr.kind !== 'int') {
      const x = op.expr;
      if (x.kind === 'real') real = doubleBits(x.value);
      else if (this.isFloatLiteral(x)) {
        // `-0.0`: the negated double where llvm-mc reads a float operand, the negated bits where it reads its own expression (floatJoins).
        const f = (x as { operand: { value: number } }).operand.value;
        real = floatJoins(mnemonic, 0) ? BigInt.asIntN(64, -doubleBits(f)) : doubleBits(-f);
      }
    } else if (op.kind === 'neg' ? op.operand.kind !== 'word' && op.operand.kind !== 'expr' : op.kind !== 'word') return;
    let sopp = this.soppValues.get(mnemonic);
    if (sopp === undefined) {
      const r = lookupInstruction(mnemonic, t.name);
      const m = mnemonic.toLowerCase();
      // Branches take labels (the table marks some GFX12 ones `imm`).
      sopp = !m.startsWith('s_branch') && !m.startsWith('s_cbranch') && r.status === 'found' && r.forms.length > 0 && r.forms.every((f) => f.family === 'SOPP' && f.verified && f.operands[0]?.kind !== 'label');
      this.soppValues.set(mnemonic, sopp);
    }
    if (!sopp || (op.kind === 'word' && looksLikeRegister(op.name, 0))) return;
    // A symbol or an expression (`-u` is the expression -u: no modifier in a scalar instruction):
    // its value here; undefined where gpuasm cannot know it (valueUnknowable: not judged).
    const v = real ?? this.macroArgValue(op);
    if (v === undefined) return;
    if (v === null) {
      this.cx.issue('AMD547', `invalid operand for instruction: the operand of ${mnemonic} must have a value here ('${this.text.slice(op.span.start, op.span.end)}' is not defined before it as a value)`, op.span);
      return;
    }
    // The range of the instruction's immediate (data/sopp-ranges.ts), for a value not written as a number (per mnemonic as written).
    let range = this.soppRanges.get(mnemonic);
    if (range === undefined) this.soppRanges.set(mnemonic, (range = soppImmediateRange(lower(mnemonic)) ?? null));
    if (range && (v < range.min || v > range.max)) this.cx.issue('AMD550', `${range.message}: ${mnemonic} takes ${range.min}…${range.max}, not ${v}${real !== undefined ? ' (a float stands for its double bits here)' : ''}`, op.span);
  }

  /**
   * A branch target other than a number (`s_branch`, `s_cbranch_*`; `s_call_b64`,
   * `s_cbranch_i_fork`, `s_subvector_loop_*` numbers too), as llvm-mc-19's parseSOPPBrTarget reads it: a label (a symbol alone,
   * parenthesised or not, `.`, `1f`/`1b`), or an expression with a value here, which is then a
   * 16-bit offset (-32768-0xffff; a float is its double bits). `l+4`, `-u`, `.+4`, `1.0 + x` are
   * "expected an absolute expression or a label". (Numbers of SOPP branches: the instruction layer.) AMD571.
   */
  private checkBranchTarget(mnemonic: string, op: Operand): void {
    let v: bigint | null | undefined;
    if (op.kind === 'word') {
      // A label, or a symbol with a value (then an offset).
      if (looksLikeRegister(op.name, 0)) return;
      this.cx.symbolAccesses++;
      v = this.table.currentValue(op.name);
      if (v === null) {
        this.cx.branchTarget(op.name, op.span);
        return;
      }
    } else if (op.kind === 'expr') {
      const e = op.expr;
      if (e.kind === 'sym' || e.kind === 'dot' || e.kind === 'local') return;
      v = this.macroArgValue(op);
    } else if (op.kind === 'neg') v = this.macroArgValue(op);
    else return;
    if (v === undefined) return;
    if (v === null) this.cx.issue('AMD571', `expected an absolute expression or a label: the target of ${mnemonic} is a label or a value known here, not '${this.text.slice(op.span.start, op.span.end)}'`, op.span);
    else if (v < -0x8000n || v > 0xffffn) this.cx.issue('AMD571', `expected a 16-bit signed jump offset: the target of ${mnemonic} written as a value is -32768…65535, not ${v}`, op.span);
  }

  /**
   * The hardware register operand of `s_getreg_b32`, `s_setreg_b32`, `s_setreg_imm32_b32` written
   * as a value (not `hwreg(...)`): llvm-mc-19
   * needs it here ("expected a hwreg macro, structured immediate or an absolute expression") and
   * in 16 bits ("invalid immediate: only 16-bit values are legal"; a float is its double bits). AMD572.
   */
  private checkHwregValue(mnemonic: string, op: Operand): void {
    if (op.kind === 'call' || (op.kind === 'word' && looksLikeRegister(op.name, 0))) return;
    const v = this.macroArgValue(op);
    if (v === undefined) return;
    if (v === null) this.cx.issue('AMD572', `expected a hwreg macro, structured immediate or an absolute expression: '${this.text.slice(op.span.start, op.span.end)}' has no value here (${mnemonic} takes hwreg(NAME[, offset, width]) or a 16-bit value)`, op.span);
    else if (v < 0n || v > 0xffffn) this.cx.issue('AMD572', `invalid immediate: only 16-bit values are legal (the hardware register operand of ${mnemonic} is 0…65535, not ${v})`, op.span);
  }

  /**
   * The message operand of `s_sendmsg_rtn_b32`/`_b64` written as a value (not `sendmsg(...)`):
   * llvm-mc-19 needs it here ("expected a sendmsg macro or an absolute expression": a label, a
   * symbol set later or never, `-u`, `.`, `1f`; a register, `m0` and `null` too) and in 0-65535
   * ("invalid immediate: only 16-bit values are legal": `-1`, `0x10000`; a float is its double
   * bits, `-0.0` 0, as in `s_sendmsg`).
   * (`s_sendmsg`/`s_sendmsghalt`, SOPP: checkSoppValue.) AMD556.
   */
  private checkSendmsgRtnValue(mnemonic: string, op: Operand): void {
    // GFX11+ (elsewhere the instruction is not supported: the instruction layer says so).
    if (!this.target || this.target.generation < 11 || op.kind === 'call') return;
    const register = op.kind === 'regRange' || (op.kind === 'word' && looksLikeRegister(op.name, 0));
    const v = register ? null : this.macroArgValue(op);
    if (v === undefined) return;
    if (v === null) this.cx.issue('AMD556', `expected a sendmsg macro or an absolute expression: '${this.text.slice(op.span.start, op.span.end)}' ${register ? 'is a register' : 'has no value here'} (${mnemonic} takes sendmsg(MSG[, OP[, STREAM]]) or a 16-bit value)`, op.span);
    else if (v < 0n || v > 0xffffn) this.cx.issue('AMD556', `invalid immediate: only 16-bit values are legal (the message operand of ${mnemonic} is 0…65535, not ${v})`, op.span);
  }

  /**
   * The 16-bit immediate of `s_movk_i32`, `s_cmovk_i32`, `s_cmpk_*`, `s_addk_i32` (`s_addk_co_i32`), `s_mulk_i32`,
   * `s_version`, `s_waitcnt_{vs,vm,exp,lgkm}cnt` (llvm-mc-19 "invalid operand for instruction"): -32768…65535, 0…65535 for the unsigned compares
   * (`s_cmpk_*_u32`); a float is its double bits (`0.0` fits, `1.0` and `-0.0` do not), a symbol
   * its value here (one without a value is a relocatable, judged by the instruction layer). AMD573.
   */
  private checkSopkImmediate(mnemonic: string, op: Operand): void {
    const m = lower(mnemonic);
    if (!SOPK_K.test(m)) return;
    let v: bigint | null | undefined;
    if (op.kind === 'expr' && this.isFloatLiteral(op.expr)) {
      const x = op.expr;
      v = x.kind === 'real' ? doubleBits(x.value) : doubleBits(-(x as { operand: { value: number } }).operand.value);
    } else if (op.kind === 'word' && looksLikeRegister(op.name, 0)) return;
    else v = this.macroArgValue(op);
    if (v === undefined) return;
    if (v === null) {
      // A symbol without a value: a relocatable where the instruction layer judges one (movk...);
      // s_version and s_waitcnt_*cnt take none (llvm-mc-19's UC_VERSION_* names are symbols with a value: data/uc-version.ts).
      if (m.startsWith('s_waitcnt_') || m === 's_version') this.cx.issue('AMD573', `invalid operand for instruction: the 16-bit immediate of ${m} must have a value here ('${this.text.slice(op.span.start, op.span.end)}' has none)`, op.span);
      return;
    }
    const unsigned = m.endsWith('_u32');
    const min = unsigned ? 0n : -0x8000n;
    if (v >= min && v <= 0xffffn) return;
    this.cx.issue('AMD573', `invalid operand for instruction: the 16-bit immediate of ${m} is ${min}…65535, not ${v}${op.kind === 'expr' && (op.expr.kind === 'real' || this.isFloatLiteral(op.expr)) ? ' (a float stands for its double bits here)' : ''}`, op.span);
  }

  /**
   * MUBUF and MTBUF stores take no `tfe` (llvm-mc-19 "TFE modifier has no meaning for store
   * instructions"; its disassembler prints one: `buffer_store_format_xyz v[82:85], off, s[36:39],
   * s60 offset:125 dlc tfe` on gfx1100). The verified forms refuse it already (AMD507); this
   * reaches the ones the table could not verify.
   */
  private checkStoreTfe(operands: readonly InstructionOperand[]): void {
    for (let i = 4; i < operands.length; i++) {
      const op = operands[i]!.operand;
      if (op.kind === 'word' && lower(op.name) === 'tfe') this.cx.issue('AMD561', 'TFE modifier has no meaning for store instructions', op.span);
    }
  }

  /**
   * GFX11's SOPK `s_waitcnt_vmcnt`, `_expcnt`, `_lgkmcnt`, `_vscnt`: the register operand is `null`
   * (llvm-mc-19 "src0 must be null": `s_waitcnt_vmcnt vcc_hi, 0x6e7c`, decoded by its disassembler
   * from words whose field is not 0x7c). An SGPR is refused by the form (AMD505); here the special registers.
   */
  private checkWaitcntNull(mnemonic: string, op: Operand): void {
    if (op.kind !== 'word' || lower(op.name) === 'null' || !/^s_waitcnt_(vm|exp|lgkm|vs)cnt$/i.test(mnemonic)) return;
    const r = parseRegister(this.text, op.span.start, this.target!, this.evaluator);
    if (r.status !== 'ok' || r.reg.kind !== 'special' || r.reg.end !== op.span.end) return;
    this.cx.issue('AMD560', `src0 must be null: ${mnemonic}'s register on ${this.target!.name} is null, not ${op.name}`, op.span);
  }

  /** Per mnemonic (as written): where its SMEM immediate offset is and its range, or null (see smemOffsetOf). */
  private readonly smemOffsets = new Map<string, SmemOffset | null>();

  /**
   * The immediate offset of a scalar memory instruction (GFX6 on; smemOffsetRule, re-checked in
   * test/amdgpu/diff/operands.test.ts), written as the offset operand or, with a register
   * soffset, as `offset:`: a value out of the range is llvm-mc-19's "expected a 20-bit unsigned
   * offset" / "21-bit signed" / "24-bit signed". Values not known here are not judged.
   */
  private checkSmemOffset(mnemonic: string, operands: readonly InstructionOperand[]): void {
    let at = this.smemOffsets.get(mnemonic);
    if (at === undefined) this.smemOffsets.set(mnemonic, (at = smemOffsetOf(mnemonic, this.target!.generation)));
    if (at === null) return;
    for (let i = at.index; i < operands.length; i++) {
      let op = operands[i]!.operand;
      if (i > at.index) {
        if (op.kind !== 'modifier' || op.name.toLowerCase() !== 'offset') continue;
        op = op.value;
      }
      let v: bigint | null;
      if (op.kind === 'expr' && op.expr.kind === 'real' && this.target!.generation < 8) {
        // SMRD offsets are integers (llvm-mc-19 refuses `1.0`, measured on tahiti and hawaii).
        this.cx.issue('AMD545', `${at.rule.message}: the offset of ${mnemonic} on ${this.target!.name} is an integer, not ${op.expr.text}`, op.span);
        continue;
      }
      if (op.kind === 'expr') v = op.expr.kind === 'int' ? op.expr.value : this.cx.valueOf(op.expr);
      else if (op.kind === 'word' && !looksLikeRegister(op.name, 0)) {
        this.cx.symbolAccesses++;
        v = this.table.currentValue(op.name);
      } else continue;
      if (v !== null && (v < at.rule.min || v > at.rule.max))
        this.cx.issue('AMD545', `${at.rule.message}: ${v} is outside ${at.rule.min}…${at.rule.max} for ${mnemonic} on ${this.target!.name}`, op.span);
    }
  }

  /**
   * Interpolation operands as llvm-mc-19 reads them: the attribute `attrN.c` (`attr` in lower
   * case, N 0-32, leading zeros allowed, one channel x, y, z or w), the third operand of
   * `v_interp_*` and the second of `*param_load`; and `v_interp_mov_f32`'s slot p10, p20 or p0.
   */
  private checkInterpolation(mnemonic: string, operands: readonly InstructionOperand[]): void {
    const m = mnemonic.toLowerCase();
    const code = 'AMD544';
    if (!m.startsWith('v_interp_') && m !== 'lds_param_load' && m !== 'ds_param_load') return;
    // The GFX11+ VINTERP instructions (v_interp_p10_f32...) take VGPRs, no attribute.
    if (/^v_interp_p(10|2)_(rtz_)?(f16_)?f(16|32)$/.test(m) && this.target && this.target.generation >= 11) return;
    if (m === 'v_interp_mov_f32' || m === 'v_interp_mov_f32_e32' || m === 'v_interp_mov_f32_e64') {
      const slot = operands[1]?.operand;
      if (slot && slot.kind === 'word' && slot.name !== 'p10' && slot.name !== 'p20' && slot.name !== 'p0' && !looksLikeRegister(slot.name, 0)) {
        this.cx.issue(code, `invalid interpolation slot: '${slot.name}' (p10, p20 or p0)`, slot.span);
        return;
      }
    }
    const op = operands[m.startsWith('v_') ? 2 : 1]?.operand;
    if (!op || op.kind !== 'word' || looksLikeRegister(op.name, 0)) return;
    const n = op.name;
    if (!n.startsWith('attr')) {
      this.cx.issue(code, `invalid interpolation attribute: '${n}' (attr0.x to attr32.w)`, op.span);
      return;
    }
    let end = 4;
    while (end < n.length && isDigitCode(n.charCodeAt(end))) end++;
    const num = end > 4 ? BigInt(n.slice(4, end)) : -1n;
    if (num < 0n || num > 0xffffffffn) this.cx.issue(code, `invalid or missing interpolation attribute number: '${n}' (attr0.x to attr32.w)`, op.span);
    else if (num > 32n) this.cx.issue(code, `out of bounds interpolation attribute number: attr${num} (attr0 to attr32)`, op.span);
    else if (n.length !== end + 2 || n.charCodeAt(end) !== 46 /* . */ || !'xyzw'.includes(n[end + 1]!)) this.cx.issue(code, `invalid or missing interpolation attribute channel: '${n}' (.x, .y, .z or .w)`, op.span);
  }

  /**
   * `s_set_gpr_idx_on`'s mode as llvm-mc-19 reads it: `gpr_idx(...)` (that spelling) with the
   * modes SRC0, SRC1, SRC2, DST (upper case) each at most once, or an absolute expression (its
   * symbols defined at that point) of 4 bits, 0-15.
   */
  private checkGprIdxMode(op: Operand): void {
    const code = 'AMD542';
    if (op.kind === 'call' && op.name === 'gpr_idx') {
      let seen = 0;
      for (let k = 0; k < op.args.length; k++) {
        const a = op.args[k]!;
        const bit = a.kind === 'word' ? GPR_IDX_MODES.indexOf(a.name) : -1;
        if (bit < 0) {
          this.cx.issue(code, `${k === 0 ? 'expected a VGPR index mode or a closing parenthesis' : 'expected a VGPR index mode'}: SRC0, SRC1, SRC2 or DST`, a.span);
          return;
        }
        if (seen & (1 << bit)) {
          this.cx.issue(code, `duplicate VGPR index mode: ${GPR_IDX_MODES[bit]} is written twice`, a.span);
          return;
        }
        seen |= 1 << bit;
      }
      return;
    }
    let v: bigint | null;
    if (op.kind === 'expr') {
      const e = op.expr;
      // A float is the integer of its IEEE double bits: only 0.0 fits.
      v = e.kind === 'int' ? e.value : e.kind === 'real' ? (e.value === 0 && !Object.is(e.value, -0) ? 0n : -1n) : this.cx.valueOf(e);
    } else if (op.kind === 'word') {
      // A register (`s1`, `m0`) is no expression.
      if (looksLikeRegister(op.name, 0)) v = null;
      else {
        this.cx.symbolAccesses++;
        v = this.table.currentValue(op.name);
      }
    } else if (op.kind === 'call' || op.kind === 'regRange') v = null;
    else return;
    if (v === null) {
      if (!this.unknowable(op)) this.cx.issue(code, `expected absolute expression: the VGPR index mode of s_set_gpr_idx_on is gpr_idx(...) or a value known here`, op.span);
    } else if (v < 0n || v > 15n) this.cx.issue(code, `invalid immediate: only 4-bit values are legal (the VGPR index mode of s_set_gpr_idx_on is 0-15${v >= 0n ? `, not ${v}` : ''})`, op.span);
  }

  /**
   * `exp`/`export` targets as llvm-mc-19 reads them: a name (case-sensitive) from its table,
   * numbered ones without leading zeros, each available on the GPUs that have it.
   */
  private checkExportTarget(op: Operand): void {
    if (op.kind !== 'word') {
      this.cx.issue('AMD321', 'invalid operand for instruction: the export target must be a name such as mrt0, mrtz, pos0, param0 or null', op.span);
      return;
    }
    const m = EXPORT_TARGET.exec(op.name);
    const base = m ? (m[1] ?? m[2]!) : undefined;
    const index = m?.[3] === undefined ? 0 : Number(m[3]);
    const limit = base === undefined ? undefined : EXPORT_TARGET_LIMITS.get(base);
    if (limit === undefined || index > limit) {
      this.cx.issue('AMD321', `invalid exp target '${op.name}' (mrt0-7, mrtz, null, pos0-4, param0-31, prim, dual_src_blend0-1)`, op.span);
      return;
    }
    const t = this.target;
    if (!t) return;
    const g = t.generation;
    const available =
      base === 'null' || base === 'param' ? g < 11 : base === 'prim' || (base === 'pos' && index === 4) ? g >= 10 : base === 'dual_src_blend' ? g >= 11 : true;
    if (!available) this.cx.issue('AMD322', `exp target is not supported on this GPU: '${op.name}' does not exist on ${t.name}`, op.span);
  }

  /**
   * `dim:` (GFX10+ image instructions): a name from the MIMG dim table, case-insensitive, with or
   * without the `SQ_RSRC_IMG_` prefix (case-sensitive); before GFX10 llvm-mc has no such operand.
   */
  private checkDim(op: Extract<Operand, { kind: 'modifier' }>): void {
    const t = this.target;
    if (!t) return;
    if (t.generation < 10) {
      this.cx.issue('AMD324', `not a valid operand: dim: exists from GFX10 on, not on ${t.name}`, op.nameSpan);
      return;
    }
    const v = op.value;
    const raw = v.kind === 'word' ? v.name : undefined;
    const id = raw?.startsWith('SQ_RSRC_IMG_') ? raw.slice(12) : raw;
    if (id === undefined || !DIM_VALUES.has(id.toUpperCase()))
      this.cx.issue('AMD323', `invalid dim value '${this.text.slice(v.span.start, v.span.end)}' (1D, 2D, 3D, CUBE, 1D_ARRAY, 2D_ARRAY, 2D_MSAA, 2D_MSAA_ARRAY, optionally with SQ_RSRC_IMG_)`, v.span);
  }

  /**
   * `hwreg(id[, offset, width])` as llvm-mc-19 reads it: a name of the processor's hardware
   * registers (data/hwreg.ts; one of another processor: "not supported on this GPU"; no register
   * name and no symbol with a value: "expected a register name or an absolute expression"), or a
   * 6-bit number; offset 0-31, width 1-32 (checked where written as numbers).
   */
  private checkHwreg(op: Extract<Operand, { kind: 'call' }>): void {
    const t = this.target;
    if (!t || op.args.length === 0) return;
    const id = op.args[0]!;
    if (id.kind === 'word') {
      const groups = HWREG_NAMES.get(id.name);
      if (groups) {
        if (!groups.includes(hwregGroup(t))) {
          this.cx.issue('AMD516', `invalid hardware register: not supported on this GPU (${id.name} is not a hardware register of ${t.name})`, id.span);
          return;
        }
      } else {
        // Not a register name: an expression; a symbol with a value here is taken.
        this.cx.symbolAccesses++;
        if (this.table.currentValue(id.name) === null && !this.table.valueUnknowable(id.name)) {
          this.cx.issue('AMD516', `expected a register name or an absolute expression: '${id.name}' is no hardware register name on ${t.name} and no symbol with a value`, id.span);
          return;
        }
      }
    }
    const num = (a: Operand | undefined): bigint | undefined => (a?.kind === 'expr' && a.expr.kind === 'int' ? a.expr.value : undefined);
    const code = num(id);
    if (code !== undefined && code > 63n) {
      this.cx.issue('AMD516', 'invalid code of hardware register: only 6-bit values are legal', id.span);
      return;
    }
    const offset = num(op.args[1]);
    if (offset !== undefined && offset > 31n) {
      this.cx.issue('AMD516', 'invalid bit offset: only 5-bit values are legal', op.args[1]!.span);
      return;
    }
    const width = num(op.args[2]);
    if (width !== undefined && (width < 1n || width > 32n)) this.cx.issue('AMD516', 'invalid bitfield width: only values from 1 to 32 are legal', op.args[2]!.span);
  }

  /**
   * The value of an argument of a symbolic operand as llvm-mc-19's parseExpr reads it: a number (a
   * float as its double bits), a symbol or expression with a value here; null when it has none
   * (a label, a name defined later or never, a register); undefined when gpuasm cannot know it
   * (valueUnknowable) or the argument is of another shape (then the operand is not judged).
   */
  private macroArgValue(a: Operand): bigint | null | undefined {
    if (a.kind === 'expr') {
      const e = a.expr;
      if (e.kind === 'int') return e.value;
      if (e.kind === 'real') return doubleBits(e.value);
      const v = this.cx.valueOf(e);
      return v === null && this.table.exprUnknowable(e) ? undefined : v;
    }
    if (a.kind === 'word') {
      this.cx.symbolAccesses++;
      const v = this.table.currentValue(a.name);
      return v === null && this.table.valueUnknowable(a.name) ? undefined : v;
    }
    if (a.kind === 'neg' && (a.operand.kind === 'word' || a.operand.kind === 'expr')) {
      const v = this.macroArgValue(a.operand);
      return typeof v === 'bigint' ? BigInt.asIntN(64, -v) : v;
    }
    return a.kind === 'regRange' ? null : undefined;
  }

  /**
   * `sendmsg(msg[, op[, stream]])` of `s_sendmsg`, `s_sendmsghalt` and `s_sendmsg_rtn_*`, as
   * llvm-mc-19 reads it (data/sendmsg.ts): the message a name of this GPU (strict: the operations
   * and streams that message takes) or an absolute id (4 bits before GFX11, 8 from GFX11; any
   * operation 0-7 and stream 0-3); the operation a name of the message's operations (MSG_SYSMSG's,
   * else GS's) or an absolute value; the stream an absolute value. Arguments are read first, then
   * judged in llvm-mc-19's order. AMD554.
   */
  private checkSendmsg(op: Extract<Operand, { kind: 'call' }>): void {
    const t = this.target;
    if (!t || this.cx.issued > this.issuedBefore) return;
    const g = t.generation;
    const code = 'AMD554';
    const args = op.args;
    const gpuNames = (): string => sendmsgNames(SENDMSG_MESSAGES, g).join(', ');
    if (args.length === 0) {
      this.cx.issue(code, `unknown token in expression: sendmsg(...) takes a message (${gpuNames()} on ${t.name}, or an id)`, op.span);
      return;
    }
    if (args.length > 3) {
      this.cx.issue(code, 'expected a closing parenthesis: sendmsg(...) takes a message, an operation and a stream id at most', args[3]!.span);
      return;
    }
    // The message.
    const m = args[0]!;
    let strict = false;
    let msg: bigint;
    let unsupported: string | undefined;
    const byName = m.kind === 'word' ? sendmsgLookup(SENDMSG_MESSAGES, m.name, g) : undefined;
    if (byName !== undefined) {
      strict = true;
      if (byName === 'other-gpu') {
        unsupported = (m as { name: string }).name;
        msg = -1n;
      } else msg = BigInt(byName);
    } else {
      const v = this.macroArgValue(m);
      if (v === undefined) return;
      if (v === null) {
        this.cx.issue(code, `expected a message name or an absolute expression: '${this.text.slice(m.span.start, m.span.end)}' is no message of ${t.name} (${gpuNames()}) and has no value here`, m.span);
        return;
      }
      msg = v;
    }
    // The operation.
    const o = args[1];
    let opValue = 0n;
    let opUnsupported: string | undefined;
    if (o) {
      const table = msg === BigInt(MSG_SYSMSG_ID) ? SENDMSG_SYS_OPS : SENDMSG_GS_OPS;
      const byOpName = o.kind === 'word' ? sendmsgLookup(table, o.name, g) : undefined;
      if (byOpName === 'other-gpu') opUnsupported = (o as { name: string }).name;
      else if (byOpName !== undefined) opValue = BigInt(byOpName);
      else {
        const v = this.macroArgValue(o);
        if (v === undefined) return;
        if (v === null) {
          const names = sendmsgNames(table, g).join(', ');
          this.cx.issue(code, `expected an operation name or an absolute expression: '${this.text.slice(o.span.start, o.span.end)}' is no operation of this message (${names}) and has no value here`, o.span);
          return;
        }
        opValue = v;
      }
    }
    // The stream.
    const s = args[2];
    let stream = 0n;
    if (s) {
      const v = this.macroArgValue(s);
      if (v === undefined) return;
      if (v === null) {
        this.cx.issue(code, `expected absolute expression: the stream id of sendmsg(...) must have a value here`, s.span);
        return;
      }
      stream = v;
    }
    const msgName = this.text.slice(m.span.start, m.span.end);
    if (unsupported !== undefined) {
      const row = SENDMSG_MESSAGES.find((n) => n.name === unsupported)!;
      this.cx.issue(code, `specified message id is not supported on this GPU: ${unsupported} is a message of ${sendmsgGenerations(row)}, not of ${t.name} (${t.name} has ${gpuNames()})`, m.span);
      return;
    }
    const mask = BigInt(sendmsgIdMask(g));
    if (!strict && (msg < 0n || (msg & ~mask) !== 0n)) {
      this.cx.issue(code, `invalid message id: ${msg} (a message id on ${t.name} is 0-${mask}, or a name: ${gpuNames()})`, m.span);
      return;
    }
    const id = Number(msg);
    const needsOp = sendmsgNeedsOp(id, g);
    if (strict && needsOp !== (o !== undefined)) {
      if (o) this.cx.issue(code, `message does not support operations: ${msgName} takes none on ${t.name}`, o.span);
      else this.cx.issue(code, `missing message operation: ${msgName} takes one (${this.opNames(id, g)})`, m.span);
      return;
    }
    if (o) {
      let ok: boolean;
      if (opUnsupported !== undefined) ok = false;
      else if (!strict) ok = opValue >= 0n && opValue <= BigInt(SENDMSG_OP_MAX);
      else if (needsOp) {
        const table = id === MSG_SYSMSG_ID ? SENDMSG_SYS_OPS : SENDMSG_GS_OPS;
        ok = !(g < 11 && id === 2 && opValue === 0n) && table.some((n) => BigInt(n.id) === opValue && g >= n.from && g <= n.to);
      } else ok = opValue === 0n;
      if (!ok) {
        if (opUnsupported !== undefined) {
          const row = SENDMSG_SYS_OPS.find((n) => n.name === opUnsupported)!;
          this.cx.issue(code, `specified operation id is not supported on this GPU: ${opUnsupported} is an operation of ${sendmsgGenerations(row)}, not of ${t.name} (${msgName} takes ${this.opNames(id, g)})`, o.span);
        } else
          this.cx.issue(code, `invalid operation id: ${this.text.slice(o.span.start, o.span.end)} (${strict ? `${msgName} takes ${this.opNames(id, g)}` : `an operation of a message given by number is 0-${SENDMSG_OP_MAX}`})`, o.span);
        return;
      }
    }
    if (s) {
      const op = Number(opValue);
      if (strict && !sendmsgTakesStream(id, op, g)) {
        this.cx.issue(code, `message operation does not support streams: ${msgName}${o ? ` with ${this.text.slice(o.span.start, o.span.end)}` : ''} takes no stream id on ${t.name}${g < 11 ? ' (MSG_GS and MSG_GS_DONE take one, but with GS_OP_NOP)' : ''}`, s.span);
        return;
      }
      if (stream < 0n || stream > BigInt(SENDMSG_STREAM_MAX)) this.cx.issue(code, `invalid message stream id: ${stream} (a stream id is 0-${SENDMSG_STREAM_MAX})`, s.span);
    }
  }

  /** The operations a message (by id) takes on generation `g`, for messages. */
  private opNames(id: number, g: number): string {
    if (id === MSG_SYSMSG_ID) return sendmsgNames(SENDMSG_SYS_OPS, g).join(', ');
    return sendmsgNames(SENDMSG_GS_OPS, g)
      .filter((n) => id !== 2 || n !== 'GS_OP_NOP')
      .join(', ');
  }

  /**
   * `ds_swizzle_b32`'s `offset:` other than a number, as llvm-mc-19 reads it (data/swizzle.ts):
   * `swizzle(MODE, ...)` with the mode's arguments in their ranges, or an absolute expression of
   * 16 bits (a float is its double bits). AMD555.
   */
  private checkSwizzleOffset(v: Operand): void {
    if (this.cx.issued > this.issuedBefore) return;
    const code = 'AMD555';
    if (v.kind !== 'call' || v.name !== 'swizzle') {
      if (v.kind === 'word' && v.name === 'swizzle') {
        this.cx.issue(code, 'expected a left parentheses: swizzle(MODE, ...)', { start: v.span.end, end: v.span.end + 1 });
        return;
      }
      const x = this.macroArgValue(v);
      if (x === undefined) return;
      if (x === null) this.cx.issue(code, `expected a swizzle macro or an absolute expression: '${this.text.slice(v.span.start, v.span.end)}' has no value here`, v.span);
      else if (x < 0n || x > BigInt(SWIZZLE_OFFSET_MAX)) this.cx.issue(code, `expected a 16-bit offset: the swizzle offset is 0-${SWIZZLE_OFFSET_MAX}${v.kind === 'expr' && v.expr.kind === 'real' ? ` (a float stands for its double bits here)` : ''}`, v.span);
      return;
    }
    const modes = [...SWIZZLE_MODES.keys()].join(', ');
    const mode = v.args[0];
    const spec = mode && mode.kind === 'word' ? SWIZZLE_MODES.get(mode.name) : undefined;
    if (!spec) {
      this.cx.issue(code, `expected a swizzle mode: ${modes} (upper case; llvm-mc-19 has no FFT or ROTATE)`, mode ? mode.span : v.span);
      return;
    }
    const name = (mode as { name: string }).name;
    let group = 0n;
    for (let i = 0; i < spec.length; i++) {
      const a = v.args[i + 1];
      const arg = spec[i]!;
      if (!a) {
        this.cx.issue(code, `expected a comma: swizzle(${name}, ...) takes ${spec.length} argument${spec.length > 1 ? 's' : ''}`, { start: v.span.end - 1, end: v.span.end });
        return;
      }
      if (arg.kind === 'mask') {
        // (A quoted string reads as a symbol named by its contents in an expression: expr.ts.)
        if (a.kind !== 'expr' || a.expr.kind !== 'sym' || this.text.charCodeAt(a.span.start) !== 34 /* " */) {
          this.cx.issue(code, `expected a string: swizzle(BITMASK_PERM, "MASK") takes a mask of ${SWIZZLE_MASK_LENGTH} characters, each ${SWIZZLE_MASK_CHARS.split('').join(', ')}`, a.span);
          return;
        }
        const chars = this.text.slice(a.span.start + 1, a.span.end - 1);
        if (chars.length !== SWIZZLE_MASK_LENGTH) {
          this.cx.issue(code, `${arg.message}: the BITMASK_PERM mask has ${SWIZZLE_MASK_LENGTH} characters, each ${SWIZZLE_MASK_CHARS.split('').join(', ')}`, a.span);
          return;
        }
        for (const c of chars)
          if (!SWIZZLE_MASK_CHARS.includes(c)) {
            this.cx.issue(code, `invalid mask: '${c}' is not one of ${SWIZZLE_MASK_CHARS.split('').join(', ')} (lower case)`, a.span);
            return;
          }
        continue;
      }
      const x = this.macroArgValue(a);
      if (x === undefined) return;
      if (x === null) {
        this.cx.issue(code, `expected absolute expression: the arguments of swizzle(${name}, ...) must have a value here`, a.span);
        return;
      }
      const max = arg.belowGroup ? group - 1n : BigInt(arg.max!);
      if (x < BigInt(arg.min!) || x > max) {
        this.cx.issue(code, `${arg.message} (swizzle(${name}, ...): ${x})`, a.span);
        return;
      }
      if (arg.pow2 && (x & (x - 1n)) !== 0n) {
        this.cx.issue(code, `group size must be a power of two (swizzle(${name}, ...): ${x})`, a.span);
        return;
      }
      group = x;
    }
    if (v.args.length > spec.length + 1) this.cx.issue(code, `expected a closing parentheses: swizzle(${name}, ...) takes ${spec.length} argument${spec.length > 1 ? 's' : ''}`, v.args[spec.length + 1]!.span);
  }

  /** `position`: the operand's index in the instruction, or -1 inside an expression; `nested`: inside `|…|`, `-…`, `neg(…)`… */
  private checkOperand(mnemonic: string, op: Operand, position: number, nested = false): void {
    // A small dispatch: each case with more than a call is a method of its own (the optimizing
    // compiler's zone for one large function was the largest of a check; docs/benchmarks.md).
    switch (op.kind) {
      case 'expr':
        this.checkExprOperand(mnemonic, op, position, nested);
        return;
      case 'word':
        this.checkWordOperand(mnemonic, op, position, nested);
        return;
      case 'regRange':
        this.checkRegRangeOperand(op);
        return;
      case 'list':
        if (position >= 0) this.checkRegisterList(mnemonic, op, position);
        return;
      case 'neg':
      case 'abs':
        if (!nested && position >= 0 && isValu(mnemonic) && !this.checkModifierNesting(op)) return;
        this.checkNegAbsOperand(mnemonic, op, position);
        return;
      case 'call':
        if (!nested && position >= 0 && (op.name === 'neg' || op.name === 'abs') && isValu(mnemonic) && !this.checkModifierNesting(op)) return;
        this.checkCallOperand(mnemonic, op, position);
        return;
      case 'modifier':
        this.checkModifierOperand(mnemonic, op, position);
        return;
    }
  }

  private checkExprOperand(mnemonic: string, op: Extract<Operand, { kind: 'expr' }>, position: number, nested: boolean): void {
    const e = op.expr;
    // A literal (the common case) has nothing to resolve or evaluate.
    if (e.kind === 'int') {
      if (!fits32(e.value)) this.checkValue(mnemonic, position, e.value, op.span, nested);
      return;
    }
    if (this.isFloatLiteral(e)) return;
    this.cx.noteReferences(e, true);
    this.table.markUsed(e);
    for (const n of symbolsIn(e)) {
      const at = n.indexOf('@');
      this.cx.symbolAccesses++;
      this.table.reference(at > 0 ? n.slice(0, at) : n);
    }
    const v = this.cx.valueOf(e);
    if (v !== null && !fits32(v)) this.checkValue(mnemonic, position, v, op.span, nested);
  }

  private checkWordOperand(mnemonic: string, op: Extract<Operand, { kind: 'word' }>, position: number, nested: boolean): void {
    this.cx.noteTemporary(op.name, op.span);
    // A bare name is an expression operand when it is not a register or modifier: a variable there is evaluated.
    if (this.table.isVariable(op.name)) this.table.markUsed({ kind: 'sym', name: op.name, span: op.span });
    // The lookup is state the repeat memo must see (speed/repeats.ts): a name that is no variable
    // yet may become one (`s_mov_b32 s0, y` before and after `.set y, x + 1`), and the same line
    // then marks it used. Registers (`s0`, `vcc`) and `off` never name a symbol here.
    else if (op.name !== 'off' && !this.looksLikeRegister(op.name)) this.cx.symbolAccesses++;
    // vccz/execz under a source modifier on GFX11+: llvm-mc-19 refuses them bare only (below).
    if (nested && this.modifiedVcczExecz(op.name)) return;
    if (position === 1 && !nested && this.vopdLdsDirect(mnemonic, op.name)) return;
    this.checkRegister(op);
  }

  /** A register range with an index that is no number was seen in the statement's operands (withResolvedRanges). */
  private symbolicRange = false;

  private checkRegRangeOperand(op: Extract<Operand, { kind: 'regRange' }>): void {
    if (op.first.kind !== 'int' || (op.last !== null && op.last.kind !== 'int')) this.symbolicRange = true;
    // Index expressions are evaluated: the variables they name become "used".
    this.table.markUsed(op.first);
    if (op.last) this.table.markUsed(op.last);
    this.checkRegister(op);
  }

  /**
   * Source modifiers of a VALU operand nested as llvm-mc-19 reads them: one negation (`-x` or
   * `neg(x)`) around one absolute value (`|x|` or `abs(x)`) around a register or a constant (a
   * negative number included: `|-1|`, `neg(-1.0)`). Refused: an absolute value around a negation
   * or another absolute value (`|-v1|`, `abs(neg(v1))`, `abs(|v1|)`, `-|neg(1)|`), a `neg(...)`
   * around a negation (`neg(-v1)`, `neg(neg(v1))`, `neg(-abs(v1))`) ("failed parsing operand."),
   * and `-` before `neg(...)` (`-neg(1.0)`: "not a valid operand."). AMD566. False when reported.
   */
  private checkModifierNesting(op: Operand): boolean {
    let outer = op;
    let inner = modifierInner(op);
    // `-neg(...)`.
    if (op.kind === 'neg' && inner !== undefined && inner.kind === 'call' && inner.name === 'neg') return this.nestingIssue('not a valid operand', op, 'a `-` before neg(...)');
    // After the negation, an absolute value.
    if (isNegation(op) && inner !== undefined) {
      if (isNegation(inner)) return this.nestingIssue('failed parsing operand', inner, 'a negation inside a negation');
      if (!isAbsolute(inner)) return true;
      outer = inner;
      inner = modifierInner(inner);
    }
    if (isAbsolute(outer) && inner !== undefined && (isNegation(inner) || isAbsolute(inner) || (inner.kind === 'call' && inner.name === 'sext')))
      return this.nestingIssue('failed parsing operand', inner, 'a source modifier inside an absolute value');
    return true;
  }

  private nestingIssue(message: string, at: Operand, what: string): false {
    if (this.cx.issued === this.issuedBefore) this.cx.issue('AMD566', `${message}: ${what} (llvm-mc-19 reads one negation around one absolute value around a register or constant)`, at.span);
    return false;
  }

  private checkNegAbsOperand(mnemonic: string, op: Extract<Operand, { kind: 'neg' | 'abs' }>, position: number): void {
    this.checkOperand(mnemonic, op.operand, position, true);
    if (op.kind === 'abs' && position >= 0 && isValu(mnemonic)) this.checkModifiedValue(op.operand);
    // `-lit(1.0)` (llvm-mc-19: "invalid operand for instruction"; `neg(lit(1.0))` and `-|lit(1.0)|` are taken).
    else if (op.kind === 'neg' && op.operand.kind === 'call' && op.operand.name === 'lit' && position >= 0 && this.cx.issued === this.issuedBefore)
      this.cx.issue(IMM_CODES.badLit, `invalid operand for instruction: '-' before lit(...) (llvm-mc-19 takes neg(lit(...)))`, op.span);
  }

  private checkCallOperand(mnemonic: string, op: Extract<Operand, { kind: 'call' }>, position: number): void {
    if (op.name === 'neg' || op.name === 'abs' || op.name === 'sext' || op.name === 'lit' || op.name === 'lit64') {
      for (const a of op.args) this.checkOperand(mnemonic, a, position, true);
      if (position >= 0 && op.args.length === 1 && op.name !== 'lit' && op.name !== 'lit64' && isValu(mnemonic)) this.checkModifiedValue(op.args[0]!);
      else if (position >= 0 && (op.name === 'lit' || op.name === 'lit64')) this.checkLit(op);
    } else if (op.name === 'hwreg' && position >= 0) this.checkHwreg(op);
    else if (position >= 0) this.checkCallName(mnemonic, op);
  }

  private checkModifierOperand(mnemonic: string, op: Extract<Operand, { kind: 'modifier' }>, position: number): void {
    if (op.name === 'dim' && position >= 0) {
      this.checkDim(op);
      return;
    }
    // DPP controls and masks, byte_sel (data/modifier-values.ts); not offset:, dmask:...
    if (position >= 0) {
      const rule = MODIFIER_VALUE_RULES.get(op.name);
      if (rule) {
        this.checkModifierValue(op, rule);
        return;
      }
      if (!this.checkModifierName(op, mnemonic)) return;
      if (ABSOLUTE_MODIFIERS.has(op.name) && !(op.value.kind === 'expr' && op.value.expr.kind === 'int')) {
        this.checkAbsoluteModifier(op);
        return;
      }
    }
    if (op.value.kind === 'expr' && op.value.expr.kind !== 'int') this.cx.valueOf(op.value.expr);
  }

  /**
   * A numeric modifier's value (ABSOLUTE_MODIFIERS; each item of `op_sel:[...]`): llvm-mc-19 needs it
   * where it is written ("expected absolute expression": `offset:i1+4` before `i1=1`, or with `i1`
   * a label or never set; `format:BUF_DATA_FORMAT_32` without brackets, the bracketed form being
   * symbolic). AMD565.
   */
  private checkAbsoluteModifier(op: Extract<Operand, { kind: 'modifier' }>): void {
    const v = op.value;
    if (v.kind === 'list') {
      if (op.name === 'format') return;
      for (const it of v.items) if (!this.checkAbsoluteValue(op.name, it)) return;
      return;
    }
    this.checkAbsoluteValue(op.name, v);
  }

  private checkAbsoluteValue(name: string, v: Operand): boolean {
    if (v.kind === 'expr' && (v.expr.kind === 'int' || v.expr.kind === 'real')) return true;
    if (v.kind !== 'expr' && v.kind !== 'word') return true;
    if (this.macroArgValue(v) !== null) return true;
    if (this.cx.issued > this.issuedBefore) return false;
    this.cx.issue('AMD565', `expected absolute expression: the value of ${name}: must be known here ('${this.text.slice(v.span.start, v.span.end)}' has none at this point)`, v.span);
    return false;
  }

  /**
   * A modifier's spelling as llvm-mc-19 reads it (the first issue of the instruction only): its
   * name in lower case (`ROW_MASK:0xf`, `Offset:4`: "not a valid operand."), and no value after a
   * modifier that is a bare word (`row_mirror:1`, `glc:1`: "unknown token in expression"); and
   * `ds_swizzle_b32`'s `offset:` macro (checkSwizzleOffset). False when an issue was reported or
   * the value was judged here.
   */
  private checkModifierName(op: Extract<Operand, { kind: 'modifier' }>, mnemonic: string): boolean {
    const n = op.name;
    const upper = hasUpperCase(n);
    if (!upper && !BARE_MODIFIERS.has(n)) {
      const values = SDWA_SELECT_VALUES.get(n);
      if (values === undefined) {
        // ds_swizzle_b32's `offset:` other than a number: the swizzle macro, or an absolute expression (false: judged here).
        if (n === 'offset' && (op.value.kind !== 'expr' || op.value.expr.kind !== 'int') && lower(mnemonic) === 'ds_swizzle_b32') {
          this.checkSwizzleOffset(op.value);
          return false;
        }
        return true;
      }
      const v = op.value;
      if (v.kind === 'word' && values.includes(v.name)) return true;
      if (this.cx.issued > this.issuedBefore) return false;
      this.cx.issue('AMD549', `${v.kind === 'word' ? `invalid ${n} value` : 'expected an identifier'}: ${n}: takes ${values.join(', ')} (upper case)`, v.span);
      return false;
    }
    if (this.cx.issued > this.issuedBefore) return false;
    if (upper) this.cx.issue('AMD549', `not a valid operand: modifier names are lower case ('${n}:' is no modifier llvm-mc-19 reads)`, op.nameSpan);
    else this.cx.issue('AMD549', `unknown token in expression: ${n} is a modifier without a value`, { start: op.nameSpan.end, end: op.nameSpan.end + 1 });
    return false;
  }

  /**
   * A call operand other than `neg`/`abs`/`sext`/`lit`/`hwreg` (`vmcnt(0)`, `sendmsg(...)`,
   * `instid0(...)`, `depctr_va_vdst(0)`, `NEG(v1)`): llvm-mc-19 reads these names in lower case
   * only; and `s_waitcnt` takes the counters vmcnt, expcnt, lgkmcnt (and their `_sat` forms) only
   * ("invalid counter name").
   */
  private checkCallName(mnemonic: string, op: Extract<Operand, { kind: 'call' }>): void {
    const n = op.name;
    const l = lower(n);
    if (l !== n) {
      if (CALL_NAMES.has(l) || l.startsWith('depctr_')) this.cx.issue('AMD549', `invalid operand for instruction: '${n}(...)' is spelled in lower case (${l}) in llvm-mc-19`, op.span);
      return;
    }
    if (n === 'sendmsg') {
      if (mnemonic.length >= 9 && lower(mnemonic).startsWith('s_sendmsg')) this.checkSendmsg(op);
      return;
    }
    if (mnemonic === 's_waitcnt' && !WAITCNT_COUNTERS.has(n)) this.cx.issue('AMD549', `invalid counter name ${n}: s_waitcnt counts vmcnt, expcnt and lgkmcnt (also vmcnt_sat, expcnt_sat, lgkmcnt_sat)`, op.span);
  }

  /**
   * A DPP control or mask, or `byte_sel` (data/modifier-values.ts): a modifier of this processor,
   * with absolute values (symbols defined at that point) in llvm-mc-19's range.
   */
  private checkModifierValue(op: Extract<Operand, { kind: 'modifier' }>, rule: ModifierValueRule): void {
    const t = this.target;
    if (!t) return;
    const code = 'AMD543';
    if (this.cx.issued > this.issuedBefore) return;
    if (!modifierOnGpu(rule.gpus, t)) {
      this.cx.issue(code, `not a valid operand: ${op.name}: is a modifier of ${MODIFIER_GPU_NAMES[rule.gpus]}, not of ${t.name}`, op.nameSpan);
      return;
    }
    const v = op.value;
    if (rule.list !== undefined) {
      if (v.kind !== 'list') return;
      if (v.items.length !== rule.list) {
        this.cx.issue(code, `${v.items.length < rule.list ? 'expected a comma' : 'expected a closing square bracket'}: ${op.name}:[...] takes ${rule.list} values, not ${v.items.length}`, v.span);
        return;
      }
      for (const it of v.items) if (!this.checkModifierNumber(op.name, it, rule)) return;
      return;
    }
    this.checkModifierNumber(op.name, v, rule);
  }

  /** One value of a modifier (see checkModifierValue); false when an issue was reported. */
  private checkModifierNumber(name: string, op: Operand, rule: ModifierValueRule): boolean {
    let v: bigint | null;
    if (op.kind === 'expr') {
      const e = op.expr;
      v = e.kind === 'int' ? e.value : e.kind === 'real' ? doubleBits(e.value) : this.cx.valueOf(e);
    } else if (op.kind === 'word') {
      if (looksLikeRegister(op.name, 0)) v = null;
      else {
        this.cx.symbolAccesses++;
        v = this.table.currentValue(op.name);
      }
    } else return true;
    if (v === null) {
      if (this.unknowable(op)) return true;
      this.cx.issue('AMD543', `expected absolute expression: the value of ${name}: must be known here`, op.span);
      return false;
    }
    const ok = rule.values ? rule.values.some((x) => BigInt(x) === v) : rule.min === undefined || (v >= BigInt(rule.min) && v <= BigInt(rule.max!));
    if (ok) return true;
    const allowed = rule.values ? rule.values.join(' or ') : `${rule.min}-${rule.max}`;
    this.cx.issue('AMD543', `${rule.message}: ${name}: takes ${allowed}, not ${v}`, op.span);
    return false;
  }

  /**
   * A symbol or expression inside `neg(…)`, `abs(…)`, `|…|` or `sext(…)` (VALU sources): llvm-mc-19
   * needs its value at that point ("expected an absolute expression"; relocatable expressions
   * take no source modifier).
   */
  /**
   * Whether an operand without a value here may have one in llvm-mc that gpuasm cannot know (a
   * symbol defined in an unexpanded body, maintained by llvm-mc, or a subtarget function's value):
   * the rules that refuse a missing value ask this first (SymbolTable.valueUnknowable).
   */
  private unknowable(op: Operand): boolean {
    if (op.kind === 'word') return this.table.valueUnknowable(op.name);
    return op.kind === 'expr' && this.table.exprUnknowable(op.expr);
  }

  /**
   * `lit(x)` as llvm-mc-19 reads it: one constant whose value is known where it is written, a
   * number or an expression of symbols with a value then (`.set`, `=` before the line). Refused
   * (after any issue of the operand itself): a register or `off` ("expected immediate with lit
   * modifier"), a modifier or another call inside (`lit(lit(1))`, `lit(neg(1.0))`, `lit(-v1)`:
   * "failed parsing operand."), a symbol without a value yet (a label, a forward or undefined
   * name: "failed parsing operand."), no or two arguments, and `lit64(...)`, which LLVM 19 does not
   * have ("invalid operand for instruction").
   */
  private checkLit(op: Extract<Operand, { kind: 'call' }>): void {
    if (this.cx.issued > this.issuedBefore) return;
    if (op.name === 'lit64') {
      this.cx.issue(IMM_CODES.badLit, 'invalid operand for instruction: lit64(...) is not in LLVM 19 (llvm-mc-19 takes lit(...))', op.span);
      return;
    }
    if (op.args.length !== 1) {
      this.cx.issue(IMM_CODES.badLit, `expected closing parentheses: lit(...) takes one constant, not ${op.args.length}`, op.span);
      return;
    }
    const a = op.args[0]!;
    let why: string | undefined;
    switch (a.kind) {
      case 'word':
        if (a.name === 'off' || this.looksLikeRegister(a.name)) why = `expected immediate with lit modifier: lit(...) takes a constant, not the register ${a.name}`;
        else if (this.table.currentValue(a.name) === null && !this.table.valueUnknowable(a.name)) why = `failed parsing operand: '${a.name}' has no value here, and lit(...) takes a constant`;
        break;
      case 'regRange':
        why = 'expected immediate with lit modifier: lit(...) takes a constant, not a register';
        break;
      case 'neg':
      case 'abs': {
        // `lit(|1|)` is taken; `lit(-v1)`, `lit(|v1|)` are not.
        let inner: Operand = a;
        while (inner.kind === 'neg' || inner.kind === 'abs') inner = inner.operand;
        if (inner.kind === 'regRange' || (inner.kind === 'word' && this.looksLikeRegister(inner.name)))
          why = `failed parsing operand: lit(...) takes a constant, not '${this.text.slice(a.span.start, a.span.end)}'`;
        break;
      }
      case 'call':
      case 'list':
      case 'modifier':
        why = `failed parsing operand: lit(...) takes a constant, not '${this.text.slice(a.span.start, a.span.end)}'`;
        break;
      case 'expr':
        if (a.expr.kind === 'int' || a.expr.kind === 'real') break;
        for (const n of symbolsIn(a.expr))
          if (this.table.currentValue(n) === null && !this.table.valueUnknowable(n)) {
            why = `failed parsing operand: '${n}' has no value here, and lit(...) takes a constant`;
            break;
          }
        break;
    }
    if (why) this.cx.issue(IMM_CODES.badLit, why, a.span);
  }

  private checkModifiedValue(op: Operand): void {
    let v: bigint | null;
    if (op.kind === 'word') {
      // `|v1|`, `-s2` (the common case) without the register scan.
      const c = op.name.charCodeAt(0) | 0x20;
      if ((c === 118 || c === 115 || c === 97) && isDigitCode(op.name.charCodeAt(1))) return;
      if (looksLikeRegister(op.name, 0)) return;
      this.cx.symbolAccesses++;
      v = this.table.currentValue(op.name);
    } else if (op.kind === 'expr' && op.expr.kind !== 'int' && !this.isFloatLiteral(op.expr)) v = this.cx.valueOf(op.expr);
    else return;
    if (v === null && !this.unknowable(op)) this.cx.issue('AMD548', `expected an absolute expression: '${this.text.slice(op.span.start, op.span.end)}' has no value here, and a source modifier takes a value`, op.span);
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
      this.cx.issue('AMD414', `invalid syntax, expected 'neg' modifier: after a doubled '-' the operand is the integer ${shown}, which no source of ${mnemonic} takes`, span);
    else this.cx.issue(IMM_CODES.truncation, `invalid operand for instruction: ${shown} does not fit in 32 bits${may64 ? ' and is no 64-bit inline constant' : ''}`, span);
  }

  /** `looksLikeRegister(name, 0)` by name (a pure function of it), for names not starting with `.` (labels: each a new spelling). */
  private readonly registerLike = new Map<string, boolean>();

  private looksLikeRegister(name: string): boolean {
    if (name.charCodeAt(0) === 46 /* . */) return looksLikeRegister(name, 0);
    let r = this.registerLike.get(name);
    if (r === undefined) {
      r = looksLikeRegister(name, 0);
      if (this.registerLike.size < 4096) this.registerLike.set(name, r);
    }
    return r;
  }

  /**
   * Register validation results of operands whose meaning cannot change (no symbols inside), by
   * their text: clang output repeats the same few hundred register spellings.
   */
  private readonly registerCache = new Map<string, AmdRawDiagnostic | null>();

  /**
   * `vccz`/`execz` (`src_vccz`, `src_execz`) inside `-`, `|...|`, `neg()`, `abs()`, `sext()` on
   * GFX11+: llvm-mc-19 refuses these registers only where written bare ("execz and vccz are not
   * supported on this GPU": its check skips an operand with input modifiers) and encodes them under
   * a modifier (`v_ceil_f32 v0, -vccz` is `v_ceil_f32_e64 v0, -src_vccz`), so the register is not
   * refused here; a position that takes no modifier is refused by the modifier rules as before
   * (`v_mov_b32 v0, -vccz`, `_e32`, DPP, VOPD, scalar instructions). docs/divergences.md,
   * "vccz/execz on GFX11+".
   */
  private modifiedVcczExecz(name: string): boolean {
    if (!this.target || this.target.generation < 11) return false;
    const n = name.charCodeAt(0) === 115 /* s */ && name.startsWith('src_') ? name.slice(4) : name;
    return n === 'vccz' || n === 'execz';
  }

  /**
   * `lds_direct` (`src_lds_direct`) as the src0 of either half of a GFX11+ `v_dual_…`: llvm-mc-19
   * takes it there (encoded as source 254), though the register is "not supported on this GPU"
   * everywhere else on GFX11+ (vsrc1 too: "invalid operand for instruction").
   */
  private vopdLdsDirect(mnemonic: string, name: string): boolean {
    return (name === 'lds_direct' || name === 'src_lds_direct') && this.target !== undefined && this.target.generation >= 11 && mnemonic.toLowerCase().startsWith('v_dual_');
  }

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
        this.cx.issue(cached.code, cached.message, { start: op.span.start + cached.start, end: op.span.start + cached.start + cached.length });
        return;
      }
    }
    let found = this.registerProblem(op.span.start);
    if (found === null && op.kind === 'regRange') found = this.unknownPrefixRange(op);
    // An index of symbols llvm-mc maintains (`v[A]` after `A = .kernel.vgpr_count`): its value is
    // not modelled, so the register is not judged (only on this error path).
    if (found && found.code === 'AMD316' && op.kind === 'regRange' && (this.table.exprUnknowable(op.first) || (op.last !== null && this.table.exprUnknowable(op.last)))) found = null;
    if (key !== undefined) this.registerCache.set(key, found ? { code: found.code, message: found.message, start: found.start - op.span.start, length: found.length } : null);
    if (found) this.cx.issue(found.code, found.message, { start: found.start, end: found.start + found.length });
  }

  /**
   * `name[...]` where `name` is no register prefix as llvm-mc-19 spells them (case-sensitive:
   * `V[2]`, `S[4:7]`, `TTMP[2]`, `foo[0]`; or a whole register, `vcc[2]`, `m0[2]`): llvm-mc reads
   * `name` as a symbol (or that register) and the bracket as a register list that follows it
   * without a comma, so a bracket that holds no register list is refused there ("expected a
   * register or a list of registers" at `2`, "expected a comma or a closing square bracket" in
   * `foo[v2:3]`). A bracket that is a register list makes one operand more (`v_add_f32 v1,
   * foo[v2]` is taken as `v1, foo, v2`), which is left to the instruction's forms. Only on the
   * register check's path, for a range no register rule refused.
   */
  private unknownPrefixRange(op: Extract<Operand, { kind: 'regRange' }>): AmdRawDiagnostic | null {
    if (isRangePrefix(op.prefix)) return null;
    let at = op.span.start + op.prefix.length;
    while (at < op.span.end && this.text.charCodeAt(at) !== 91 /* [ */) at++;
    if (at >= op.span.end) return null;
    const r = parseRegister(this.text, at, this.target!, this.evaluator);
    if (r.status !== 'error') return null;
    return { code: r.error.code, message: `${r.error.message}: '${op.prefix}' is no register prefix (llvm-mc-19 reads it as ${looksLikeRegister(this.text, op.span.start) ? 'a register' : 'a symbol'}, and the '[' after it as a register list)`, start: r.error.start, length: Math.max(1, r.error.length) };
  }

  /** The first register rule the operand at `pos` breaks, or null (also for non-registers). */
  private registerProblem(pos: number): AmdRawDiagnostic | null {
    const r = parseRegister(this.text, pos, this.target!, this.evaluator);
    if (r.status === 'none') return null;
    if (r.status === 'error') return { code: r.error.code, message: r.error.message, start: r.error.start, length: Math.max(1, r.error.length) };
    const bad = validateRegisterForTarget(r.reg, this.target!);
    if (bad) return { code: bad.code, message: bad.message, start: bad.start, length: Math.max(1, bad.length) };
    return null;
  }

  private checkRegisterList(mnemonic: string, op: Extract<Operand, { kind: 'list' }>, position: number): void {
    if (!this.target) return;
    const r = parseRegister(this.text, op.span.start, this.target, this.evaluator);
    if (r.status === 'ok') {
      const bad = validateRegisterForTarget(r.reg, this.target);
      if (bad) this.cx.issue(bad.code, bad.message, { start: bad.start, end: bad.start + Math.max(1, bad.length) });
      return;
    }
    if (r.status === 'none') return;
    // Image instructions on GFX10+ take NSA address lists (non-consecutive registers), as their
    // address operand (the second; the first is the data, which stays a register tuple).
    if (mnemonic.startsWith('image_') && this.target.generation >= 10 && position === 1) {
      const n = parseNsaAddress(this.text, op.span.start, this.target, this.evaluator);
      if (n.status === 'ok') return;
      this.cx.issue(n.error.code, n.error.message, { start: n.error.start, end: n.error.start + Math.max(1, n.error.length) });
      return;
    }
    this.cx.issue(r.error.code, r.error.message, { start: r.error.start, end: r.error.start + Math.max(1, r.error.length) });
  }
}
