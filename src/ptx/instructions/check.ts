/**
 * The instruction layer of the checker: an instruction's words against the forms of the tables
 * (under the module's .version and .target), its operand count and kinds against the matched
 * forms, and its register and immediate operands against the instruction's type, as ptxas 13.0
 * applies them (every rule measured with ptxas; see docs/ptx-instructions.md "How the checker uses
 * the tables"). Only what is proven is reported: a type, opcode or operand shape the rules below do
 * not know is left alone.
 */
import type * as A from '../parse/ast.js';
import type { Span } from '../../core/source.js';
import { isTypeWord } from './compile.js';
import { formatVersionCode, parseTargetName, type ParsedTarget } from '../data/targets.js';
import { matchInstruction, releaseMatchContext, vocabularyOf, type MatchContext, type MatchFail, type MatchResult, type WhyNot } from './match.js';
import type { InstructionForm, OperandSpec } from './types.js';
import type { PtxSymbol } from '../check/scope.js';
import type { PtxCode } from '../diagnostics.js';
import { maybeSpecialRegister, SPECIAL_REGISTERS } from '../data/special-registers.js';
import { INSTRUCTION_KEYWORDS } from '../data/keywords.js';
import { NOT_SELECTORS, SCALAR_SELECTOR, SIMD2_MASKS, VIDEO_OPCODES, VIDEO_SELECTOR_SHAPE, SIMD2_SOURCE, SIMD4_MASKS, SIMD4_SOURCE, VIDEO_SIMD2, VIDEO_SIMD4 } from '../data/video-selectors.js';
import { CURATION } from './curation.js';
import { ExprOperandNode, NameRefNode } from '../parse/nodes.js';
import { newStamp, type Spelling } from '../parse/spelling.js';

/** What the check needs from the checker: the module's version/target and the registers in scope. */
export interface InstructionCheckContext extends MatchContext {
  /**
   * The declared type (`.u32`, `.pred`) of a scalar `.reg` variable visible under this name;
   * undefined for anything else (other state spaces, vector or array registers, special registers,
   * labels, unknown names).
   */
  registerType(name: string): string | undefined;
  /**
   * registerType of operand `i` of the instruction being checked (-1: its guard), a name (`name`)
   * written alone: the checker answers from what its operand pass resolved, without a search.
   */
  operandRegisterType(i: number, name: string): string | undefined;
  /** A `.reg .v2/.v4` variable visible under this name: its element count and type; undefined otherwise. */
  vectorRegister?(name: string): { count: number; type: string } | undefined;
  /** The state space of a variable (not a register) visible under this name, with its type; undefined otherwise. */
  variableSpace(name: string): { space: string; type?: string; array?: boolean; vector?: number } | undefined;
  /**
   * What spaceFits reads of a name in an address, without building variableSpace's object (one per
   * `[param]`, `[gvar+4]` ...): the variable's state space, undefined for anything variableSpace
   * answers undefined for and for a variable of a `...ref` type. variableSpace's when absent.
   */
  addressSpace?(name: string): string | undefined;
  /**
   * Whether the module declares a variable (not a register) named with a leading '%' (`.global
   * .u32 %g`): only then are such names of the operands asked whether they are variables.
   */
  readonly percentVariables?: boolean;
  /** The module's `.target` names texmode_independent (tex and tld4 then take a sampler operand). */
  readonly texmodeIndependent?: boolean;
  /** Reports a problem; `at` is the operand (or the opcode) it concerns. */
  report(code: PtxCode, message: string, at: Span): void;
  /** Reports a problem on the line of `at` itself (a problem ptxas finds while it reads the operands); report when absent. */
  reportAt?(code: PtxCode, message: string, at: Span): void;
}

/** What `registerType` answers for a symbol of the checker's table (undefined: not a scalar `.reg`). */
export function registerTypeOf(sym: PtxSymbol | undefined): string | undefined {
  // The kind first: a label's or function's space is undefined, and comparing that with a string
  // threw the optimized callers away ("not a String").
  return sym !== undefined && sym.kind === 'variable' && sym.space === '.reg' && !sym.array && sym.vector === undefined ? sym.type : undefined;
}

/**
 * What the layer's verdict on an instruction depends on for one of its names (the checker's memo
 * compares it for a repeated text): the register type, or for a variable its space and type.
 */
export function operandKeyOf(sym: PtxSymbol | undefined): string | undefined {
  if (sym === undefined) return undefined;
  return registerTypeOf(sym) ?? (sym.kind === 'variable' ? `${sym.space}${sym.type}${sym.vector ?? ''}${sym.array ? '[]' : ''}` : sym.kind);
}

// ------------------------------------------------------------------------------ types

const enum K {
  Bit,
  Unsigned,
  Signed,
  Float,
  /** `.f16x2`: a 32-bit packed type; as a register ptxas treats it like an integer one, except for float instructions. */
  Packed,
  Pred,
}

interface TypeInfo {
  kind: K;
  /** Size in bits (pred: 1). */
  size: number;
}

/** The types whose rules are measured; any other type word (`.bf16`, `.b128`, `.tf32`, `.e4m3x2`, ...) is not checked. */
const TYPES: ReadonlyMap<string, TypeInfo> = new Map([
  ['.b8', { kind: K.Bit, size: 8 }],
  ['.b16', { kind: K.Bit, size: 16 }],
  ['.b32', { kind: K.Bit, size: 32 }],
  ['.b64', { kind: K.Bit, size: 64 }],
  ['.u8', { kind: K.Unsigned, size: 8 }],
  ['.u16', { kind: K.Unsigned, size: 16 }],
  ['.u32', { kind: K.Unsigned, size: 32 }],
  ['.u64', { kind: K.Unsigned, size: 64 }],
  ['.s8', { kind: K.Signed, size: 8 }],
  ['.s16', { kind: K.Signed, size: 16 }],
  ['.s32', { kind: K.Signed, size: 32 }],
  ['.s64', { kind: K.Signed, size: 64 }],
  ['.f16', { kind: K.Float, size: 16 }],
  ['.f32', { kind: K.Float, size: 32 }],
  ['.f64', { kind: K.Float, size: 64 }],
  ['.f16x2', { kind: K.Packed, size: 32 }],
  ['.pred', { kind: K.Pred, size: 1 }],
]);

/**
 * The element of a `.v2/.v4` ld/st of .f32/.f64: a same-size register of any integer or float kind,
 * or a wider bit-size one (a kind of its own, told apart by identity in registerFits).
 */
const F32_ELEMENT: TypeInfo = { kind: K.Float, size: 32 };
const F64_ELEMENT: TypeInfo = { kind: K.Float, size: 64 };

/** The roles `U` (a 32-bit integer: a shift amount, a bit position) and `P` (a predicate); own objects, told apart by identity. */
const U32: TypeInfo = { kind: K.Unsigned, size: 32 };
const PRED: TypeInfo = { kind: K.Pred, size: 1 };
const U64: TypeInfo = { kind: K.Unsigned, size: 64 };
/** bar.red's result and the role `V` (a video operand): as U32 and PRED, but a `.f16x2` register is taken (other objects, so the identity test lets it). */
const U32_RESULT: TypeInfo = { kind: K.Unsigned, size: 32 };
const PRED_RESULT: TypeInfo = { kind: K.Pred, size: 1 };

/**
 * Whether a register of type `r` may stand where an instruction of type `t` reads or writes.
 * Strict (most instructions): same size; a bit-size instruction takes any register kind, an
 * integer one bit-size and integer registers (and `.f16x2`), a float one bit-size and float
 * registers. Relaxed (`ld`, `st`, `cvt`): the register may be wider, except a float register
 * against a float type (exact size).
 */
function registerFits(t: TypeInfo, r: TypeInfo, relaxed: boolean): boolean {
  if (t.kind === K.Pred) return r.kind === K.Pred || r.kind === K.Packed; // mov.pred takes a .f16x2 register (measured)
  if (r.kind === K.Pred) return false;
  if (!relaxed) {
    if (r.size !== t.size) return false;
    switch (t.kind) {
      case K.Bit:
        return true;
      case K.Unsigned:
      case K.Signed:
        return r.kind !== K.Float;
      case K.Float:
        // (An element of atom/red's .f32 vector: an integer register of its size too.)
        return r.kind === K.Bit || r.kind === K.Float || (t === F32_ELEMENT && r.kind !== K.Packed);
      default: // .f16x2
        return r.kind === K.Bit || r.kind === K.Packed;
    }
  }
  switch (t.kind) {
    case K.Bit:
      return r.size >= t.size;
    case K.Unsigned:
    case K.Signed:
      return r.kind !== K.Float && r.size >= t.size;
    case K.Float:
      if (t === F32_ELEMENT || t === F64_ELEMENT) return (r.size === t.size && r.kind !== K.Packed) || (r.kind === K.Bit && r.size >= t.size);
      return (r.kind === K.Float && r.size === t.size) || (r.kind === K.Bit && r.size >= t.size);
    default:
      // .f16x2 (cvt's result, measured): a .f16x2 register or a bit-size one of 32 bits or more.
      return r.kind === K.Packed || (r.kind === K.Bit && r.size >= 32);
  }
}

function typeDescription(t: TypeInfo, name: string, relaxed: boolean): string {
  const size = relaxed ? `${t.size}-bit or wider` : `${t.size}-bit`;
  switch (t.kind) {
    case K.Bit:
      return `a ${size} register`;
    case K.Unsigned:
    case K.Signed:
      return `a ${size} integer or bit-size register`;
    case K.Float:
      return relaxed ? `a ${name} register or a ${t.size}-bit or wider bit-size register` : `a ${name} or .b${t.size} register`;
    case K.Packed:
      return `a .f16x2 or .b32 register`;
    default:
      return 'a predicate';
  }
}

// ------------------------------------------------------------------------------ operand roles

/**
 * The type each operand position takes, per opcode (only the opcodes measured): `T` the
 * instruction's (first) type, `T2` its second type (cvt's source), `W` twice the first type's size
 * (`mul.wide`/`mad.wide` results), `U` a 32-bit integer (`V` or a .f16x2 register), `L` a 64-bit integer, `P` a predicate,
 * `I` a constant (a register there is "Arguments mismatch"), `-` not checked.
 */
const ROLES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const op of ['add', 'sub', 'mul', 'mad', 'mul24', 'mad24', 'sad', 'div', 'rem', 'abs', 'neg', 'min', 'max', 'and', 'or', 'xor', 'not', 'cnot', 'copysign', 'fma', 'rcp', 'sqrt', 'rsqrt', 'sin', 'cos', 'lg2', 'ex2', 'tanh', 'brev', 'addc', 'subc', 'madc', 'mov'])
    m.set(op, 'TTTTT');
  m.set('setp', 'PTTP');
  m.set('selp', 'TTTP');
  m.set('shl', 'TTU');
  m.set('shr', 'TTU');
  m.set('popc', 'UT');
  m.set('clz', 'UT');
  m.set('bfind', 'UT');
  m.set('bfe', 'TTUU');
  m.set('bfi', 'TTTUU');
  m.set('testp', 'PT');
  m.set('shf', 'TTTU');
  m.set('cvta', 'TT');
  m.set('cvt', 'T22');
  m.set('ld', 'T');
  m.set('st', '-T');
  // ldu's result as ld's (measured with ptxas 13.0 on sm_90a, session 26: every type of ld.global's and ldu.global's, scalar
  // and .v2, against registers of every type, the same verdicts).
  m.set('ldu', 'T');
  // Measured with ptxas 13.0 (test/ptx/instructions/family-cases.ts).
  m.set('isspacep', 'P');
  // istypep's a a 64-bit integer or bit-size register (or a constant); alloca's ptr and size of its type; getctarank's d a
  // 32-bit integer, a of its type (measured with ptxas 13.0 on sm_100a, session 23: "Arguments mismatch").
  m.set('istypep', 'PL');
  m.set('alloca', 'TT');
  m.set('getctarank', 'UT');
  // vote.sync's member mask (measured with ptxas 13.0: a 64-bit, float, 16-bit or predicate register, or a floating-point constant, "Arguments mismatch").
  m.set('vote', 'TPU');
  m.set('slct', 'TTT2');
  m.set('lop3', '----I');
  m.set('pmevent', 'I');
  m.set('setmaxnreg', 'I');
  // atom/red (d, [a], b, c): typed as add is (a cache-policy operand is a .b64). createpolicy's result is its .b64.
  m.set('atom', 'T-TT');
  m.set('red', '-T');
  m.set('createpolicy', 'L');
  m.set('elect', '-U'); // d|p: electFits
  m.set('movmatrix', '--'); // movmatrixFits
  // set.CmpOp{.BoolOp}.dtype.stype d, a, b{, c}: measured with ptxas 13.0 (test/ptx/instructions/operand-rules.test.ts).
  m.set('set', 'T22P');
  m.set('prmt', 'TTTT');
  // redux.sync d, a, membermask (measured with ptxas 13.0 on .u32/.s32/.b32 and .f32 forms, sm_100a; fresh mutation seed 764).
  m.set('redux', 'TTU');
  // nanosleep.u32 t: a 32-bit integer or bit-size register or an integer constant (measured with ptxas 13.0; a fresh break kind's case).
  m.set('nanosleep', 'U');
  // The video instructions: d, a, b and c 32-bit integer or bit-size registers or integer
  // constants (`%r1.b0` selectors too), measured with ptxas 13.0 on each with .u32/.s32/.b32, .f32,
  // .b64, .b16 and .pred registers and floating-point constants (a fresh break kind's case); a .f16x2
  // register too (`V`), but for vset's, vset2's and vset4's d and c (measured on sm_90a, session 25:
  // the scalar ones, vmad and the SIMD ones; the SIMD ones' constants are simdSelectorsFit's).
  for (const op of ['vadd', 'vsub', 'vabsdiff', 'vmin', 'vmax', 'vshl', 'vshr', 'vmad']) m.set(op, 'VVVV');
  for (const op of VIDEO_SIMD2) m.set(op, 'VVVV');
  for (const op of VIDEO_SIMD4) m.set(op, 'VVVV');
  for (const op of ['vset', 'vset2', 'vset4']) m.set(op, 'UVVU');
  return m;
})();

/**
 * shfl.sync d|p, a, b, c, membermask and shfl d|p, a, b, c (measured with ptxas 13.0 on sm_90 with a register of every
 * type and constants, every mode): b and c any 32-bit register, an integer or `0f` constant (a
 * 16- or 64-bit or predicate register, `1.0` or `0d...`: "Arguments mismatch"); the member mask a
 * 32-bit integer or bit-size register or an integer constant (not `.f32`, `.f16x2`, `0f`). shfl
 * without `.sync` (d, a, b, c) the same, at every .version from 3.0 (measured with -arch=sm_75 on
 * .target sm_30 and sm_60 modules, .address_size 32 and 64). Not in ROLES: shfl keeps its opcode
 * rules (OPCODE_RULES: PRED_RESULT_REFUSED).
 */
const SHFL_ROLES = 'TTTTU';

/** Instructions whose registers may be wider than their type (measured: `ld.u8 %r1`, `cvt.u16.u32 %rd1, %r1`). */
const RELAXED: ReadonlySet<string> = new Set(['ld', 'ldu', 'st', 'cvt']);

// ------------------------------------------------------------------------------ the check

/**
 * Checks one instruction (its guard, words, operand count, kinds and types); reports through
 * `ctx.report`, at most one problem per instruction (ptxas's first on that line decides the line).
 */
export function checkInstruction(ins: A.Instruction, ctx: InstructionCheckContext): void {
  if (ins.guard) {
    const t = ctx.operandRegisterType(-1, ins.guard.name);
    if (t !== undefined && t !== '.pred' && t !== '.f16x2') {
      ctx.report('PTX507', `the guard '@${ins.guard.name}' must be a predicate; ${ins.guard.name} is ${t}`, ins.guard.span);
      return;
    }
  }
  const plan = cachedPlan(ins, ctx);
  if (plan === undefined) {
    const r = matchInstruction(ins.opcode, ins.modifiers, ctx) as MatchFail;
    reportMismatch(ins, r.reasons, r.nearest, ctx);
    return;
  }
  if (plan.wordProblem) {
    ctx.report(plan.wordProblem[0], plan.wordProblem[1], ins.opcodeSpan);
    return;
  }
  if ((plan.genericOld || plan.textureOld) && !operandGates(ins, plan, ctx)) return;
  // The form found before for this spelling and operand shape (see shapeKey).
  const shape = shapeKey(ins.operands);
  // The spelling's last shape first: nearly every instruction repeats it (no Map lookup then).
  if (shape === plan.lastShape) return checkOperands(ins, plan, plan.lastBound!, ctx);
  const known = shape >= 0 && plan.formByShape !== undefined ? plan.formByShape.get(shape) : undefined;
  if (known !== undefined) {
    lastShapeOf(plan, shape, known);
    return checkOperands(ins, plan, known, ctx);
  }
  const form = chooseForm(ins, plan, ctx);
  if (form === undefined) return;
  const bound = bind(plan, form, ins.operands.length);
  if (shape >= 0) lastShapeOf(plan, shape, bound);
  checkOperands(ins, plan, bound, ctx);
}

/**
 * Makes a shape and its bound form the plan's last; the one it replaces goes to formByShape. Most
 * spellings are written with one operand shape: they keep no Map (one per spelling was about a
 * tenth of what the layer holds, marked by every major collection).
 */
function lastShapeOf(plan: Plan, shape: number, bound: Bound): void {
  if (plan.lastShape >= 0) (plan.formByShape ??= new Map()).set(plan.lastShape, plan.lastBound!);
  plan.lastShape = shape;
  plan.lastBound = bound;
}

/**
 * The form an instruction's operands select among its plan's forms (count, kinds, cache policy),
 * or undefined when none does (reported). Once per spelling and operand shape: kept out of
 * checkInstruction, whose every call is hot.
 */
function chooseForm(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): InstructionForm | undefined {
  const ops = ins.operands;
  const n = ops.length;
  if (n === 3 && plan.op === 'atom' && ins.modifiers.includes('.cas')) {
    // Measured: "Arguments mismatch for instruction 'atom'" (the forms with `op` take three; .cas four).
    ctx.report('PTX501', `${plan.name} takes four operands: d, [a], b (the compare value) and c (the new value)`, ins.opcodeSpan);
    return undefined;
  }
  const candidates = formsTaking(plan, n);
  const r = plan.result;
  let kindFit: InstructionForm | undefined;
  let cacheFit: InstructionForm | undefined;
  for (let k = 0; k < candidates.length; k++) {
    const f = candidates[k]!;
    if (kindsFit(f.operands, ops)) {
      kindFit ??= f;
      if (cachePolicyFits(f, ins, ctx)) {
        cacheFit = f;
        break;
      }
    }
  }
  if (candidates.length === 0) {
    const f = r.forms[0]!;
    const { min, max } = arity(f);
    const want = min === max ? `${min}` : `${min} to ${max}`;
    ctx.report('PTX501', `${plan.name} takes ${want} operands, not ${n} (${f.syntax})`, ins.opcodeSpan);
    return undefined;
  }
  if (!kindFit) {
    const countFit = candidates[0]!;
    const bad = firstKindMismatch(countFit.operands, ops);
    const o = bad >= 0 ? ops[bad]! : undefined;
    const spec = bad >= 0 ? countFit.operands[bad] : undefined;
    // `call (r), %rd1, proto;`: no argument list before the prototype, which ptxas takes when the
    // prototype has no parameters (fresh mutation seed 931); the module checks judge the call.
    if (plan.op === 'call' && spec?.kind === 'list' && o !== undefined && o.kind === 'expr' && o.expr.kind === 'name') return undefined;
    const what = spec?.kind === 'address' ? 'an address [...]' : spec?.kind === 'list' ? 'a parenthesized list' : 'a register or constant, not an address';
    ctx.report('PTX502', `operand ${bad + 1} of ${plan.name} must be ${what} (${countFit.syntax})`, o?.span ?? ins.opcodeSpan);
    return undefined;
  }
  if (!cacheFit) {
    // ptxas ".L2::cache_hint modifier required for instruction 'ld' with 3 arguments".
    ctx.report('PTX501', `${plan.name}: the cache-policy operand needs .L2::cache_hint (${kindFit.syntax})`, ops[n - 1]?.span ?? ins.opcodeSpan);
    return undefined;
  }
  if (!cachePolicyPresent(cacheFit, ins)) {
    ctx.report('PTX501', `${plan.name}: .L2::cache_hint needs the cache-policy operand (${cacheFit.syntax})`, ins.opcodeSpan);
    return undefined;
  }
  return cacheFit;
}

/**
 * What the choice of form reads of the operands (their count, and per operand whether it is an
 * address, an indexed array, a parenthesized list or anything else: see kindFits) as one number,
 * distinct for each shape; -1 for more operands than it encodes.
 */
function shapeKey(ops: readonly A.Operand[]): number {
  const n = ops.length;
  if (n > 12) return -1;
  let k = n;
  for (let i = 0; i < n; i++) {
    const kind = ops[i]!.kind;
    k = k * 4 + (kind === 'address' ? 1 : kind === 'indexed' ? 2 : kind === 'list' ? 3 : 0);
  }
  return k;
}

/**
 * The plan of an instruction's spelling, or undefined when its words match no form: kept on the
 * parser's record of the spelling (parse/spelling.ts) under this context's stamp (one context per
 * module), so worked out once per spelling. An instruction from another producer (no record) has
 * it worked out each time (matchInstruction keeps its own per-spelling answers).
 */
function cachedPlan(ins: A.Instruction, ctx: InstructionCheckContext): Plan | undefined {
  if (ctx !== planCtx) {
    planCtx = ctx;
    planStamp = newStamp();
  }
  const spelling = ins.spelling;
  if (spelling !== undefined && spelling.planIn === planStamp) return spelling.plan as Plan | undefined;
  return spellingPlan(ins, spelling, ctx);
}

/** cachedPlan's first use of a spelling under this context: the plan worked out (and kept on the record, if any). */
function spellingPlan(ins: A.Instruction, spelling: Spelling | undefined, ctx: InstructionCheckContext): Plan | undefined {
  const r = matchInstruction(ins.opcode, ins.modifiers, ctx);
  const p = r.ok ? planOf(ins, r, ctx) : undefined;
  if (spelling !== undefined) {
    spelling.plan = p;
    spelling.planIn = planStamp;
  }
  return p;
}

/**
 * Forgets the last module's context (its checker: symbol tables and all), which planCtx otherwise
 * keeps alive until the next module is checked: called when a module's check ends.
 */
export function releaseInstructionCaches(): void {
  planCtx = undefined;
  planStamp = 0;
  releaseMatchContext();
}

let planCtx: InstructionCheckContext | undefined;
/** The mark of planCtx's plans on the parser's spelling records (Spelling.planIn): a new one per context. */
let planStamp = 0;

/** What an instruction's spelling (opcode and words, under one context) decides, worked out once per spelling. */
interface Plan {
  result: MatchResult & { ok: true };
  /**
   * The opcode as the source's string constant (see OPCODES): the checks' many `op === 'mov'`
   * tests are then a pointer comparison, not a comparison of the parser's copy character by character.
   */
  op: string;
  /** mul/mad `.wide`. */
  wide: boolean;
  /** The vector width the words give (`.v2`, `.v4`, `.v8`: the last of them), else 1. */
  vectors: number;
  /**
   * For spaceFits: the state space the words name (undefined: generic), or null when the
   * instruction's addresses are not compared with their variables' spaces.
   */
  space: string | undefined | null;
  /** `ld.global.f32`, for messages. */
  name: string;
  /** A problem of the words alone (code, message), reported at the opcode. */
  wordProblem: [PtxCode, string] | undefined;
  /** The matched forms. */
  forms: readonly InstructionForm[];
  /** First and second type words and what the rules know of them. */
  t1: string | undefined;
  t1Info: TypeInfo | undefined;
  t2: string | undefined;
  t2Info: TypeInfo | undefined;
  /** Generic addressing on a target below sm_20; a texture instruction below .version 3.1 or sm_20. */
  genericOld: boolean;
  textureOld: boolean;
  /** By opcode, looked up once: the operand roles, the relaxed size rule. */
  roles: string | undefined;
  relaxed: boolean;
  /** The forms chosen for operand shapes (shapeKey) but the last one, with their operands' types (undefined: none yet). */
  formByShape: Map<number, Bound> | undefined;
  /** The last shape used (-1: none yet) and its form, checked before formByShape. */
  lastShape: number;
  lastBound: Bound | undefined;
  /** The opcode's rules in shapesAfter, before and after the address checks (shapeRuleOf, lateRuleOf). */
  shapeRule: ShapeRule;
  lateRule: ShapeRule;
  /** mma's registers per fragment (mmaFragmentCountsFit; undefined: not worked out yet). */
  mmaCounts: MmaCounts | null | undefined;
  /** tcgen05's braced list's register count (tcgen05RegistersFit; 0: none checked, undefined: not worked out yet). */
  tcgen05List: number | undefined;
}

/** A form chosen for a spelling and a count of operands, with the type each operand takes (see bind). */
interface Bound {
  form: InstructionForm;
  /** Per operand: the type it must fit, CONSTANT_ROLE, or undefined (not typed); undefined when the opcode has no roles. */
  wants: (TypeInfo | undefined)[] | undefined;
  /** The names of those types, for messages. */
  wantNames: string[];
  /** The operands typed are those before this one (a `2` role without a second type stops there). */
  end: number;
  /** The plan's relaxed rule, except for cvt to or from a bit-held type (BIT_HELD): its other operand is strict (measured). */
  relaxed: boolean;
}

/** Role `I`: a constant (told apart by identity). */
const CONSTANT_ROLE: TypeInfo = { kind: K.Bit, size: 0 };
/** A `.bf16`/`.bf16x2` operand (no TypeInfo of its own: it sits in a bit-size register; see bf16Fits). */
const BF16_ROLE: TypeInfo = { kind: K.Bit, size: 0 };

/**
 * What checkOperands types in each of `n` operands of a spelling's form: from the opcode's roles
 * (ROLES), the spelling's types and the form's operands. Once per spelling and operand shape.
 */
function bind(plan: Plan, form: InstructionForm, n: number): Bound {
  const roles = plan.roles;
  const b: Bound = { form, wants: undefined, wantNames: [], end: n, relaxed: plan.relaxed && !(plan.op === 'cvt' && (BIT_HELD.has(plan.t1 ?? '') || BIT_HELD.has(plan.t2 ?? ''))) };
  if (roles === undefined) return b;
  const wants: (TypeInfo | undefined)[] = [];
  for (let i = 0; i < n; i++) {
    const role = i < roles.length ? roles.charCodeAt(i) : 45; /* - */
    const spec = form.operands[i];
    let want: TypeInfo | undefined;
    let wantName = '';
    if (spec !== undefined && spec.optional && spec.name === 'cache-policy') {
      // A cache policy is a 64-bit integer (measured: `ld.global.L2::cache_hint.u32 %r1, [%rd1], %r3` is refused).
      // (atom .b128's fourth operand there is a .b128 register: atomFourthFits, session 22.)
      want = plan.op === 'atom' && plan.t1 === '.b128' ? undefined : U64;
      wantName = '.u64';
    } else if (role === 84 /* T */) {
      if (plan.t1 !== undefined) {
        want = plan.t1Info;
        wantName = plan.t1;
        if (plan.wide && (i === 0 || (plan.op === 'mad' && i === 3))) {
          const w = WIDER.get(wantName);
          want = w === undefined ? undefined : TYPES.get(w);
          wantName = w ?? '';
        }
      }
    } else if (role === 50 /* 2 */) {
      if (plan.t2 === undefined) {
        b.end = i;
        break;
      }
      want = plan.t2Info;
      wantName = plan.t2;
    } else if (role === 76 /* L */) {
      want = U64;
      wantName = '.u64';
    } else if (role === 85 /* U */) {
      want = U32;
      wantName = '.u32';
    } else if (role === 86 /* V */) {
      want = U32_RESULT;
      wantName = '.u32';
    } else if (role === 80 /* P */) {
      want = PRED;
      wantName = '.pred';
    } else if (role === 73 /* I */) want = CONSTANT_ROLE;
    if (want === undefined && BIT_HELD.has(wantName)) want = BF16_ROLE;
    // A braced operand the form has as such (cvt.rs's sources) is not typed here.
    else if (want !== CONSTANT_ROLE && spec !== undefined && spec.kind === 'vector') want = undefined;
    wants.push(want);
    b.wantNames.push(wantName);
  }
  // (Copies of their exact size: an array grown by push keeps room for 16, and bound forms live as
  // long as their plans, marked by every major collection.)
  b.wants = wants.slice();
  b.wantNames = b.wantNames.slice();
  return b;
}

/** Each opcode the parser takes, to its string constant (INSTRUCTION_KEYWORDS). */
const OPCODES: ReadonlyMap<string, string> = new Map(INSTRUCTION_KEYWORDS.map((k) => [k, k]));

// Plans by match result (each result object stands for one spelling under one context; see matchInstruction).
const plans = new Map<MatchResult, Plan>();

function planOf(ins: A.Instruction, r: MatchResult & { ok: true }, ctx: InstructionCheckContext): Plan {
  let p = plans.get(r);
  if (p) return p;
  if (plans.size > 100_000) plans.clear();
  const w = ins.modifiers;
  const name = ins.opcode + w.join('');
  let problem: [PtxCode, string] | undefined;
  const recorder: InstructionCheckContext = {
    version: ctx.version,
    target: ctx.target,
    registerType: () => undefined,
    operandRegisterType: () => undefined,
    variableSpace: () => undefined,
    report: (code, message) => (problem ??= [code, message]),
  };
  const op = ins.opcode;
  if ((op === 'vote' || op === 'shfl') && !w.includes('.sync') && withoutSyncRefused(ctx))
    // Measured: a warning below .version 6.4 or below sm_70, an error from both on.
    problem = ['PTX510', `${op} without .sync is not supported on .target sm_70 and higher from PTX ISA .version 6.4 (write ${op}.sync with a member mask)`];
  const opcodeVersion = OPCODE_VERSIONS.get(op);
  if (!problem && opcodeVersion !== undefined && ctx.version !== undefined && ctx.version < opcodeVersion)
    problem = ['PTX508', `${op} requires PTX ISA .version ${formatVersionCode(opcodeVersion)} or later`];
  if (!problem) spaceWordGates(ins, r.forms[0]?.family, recorder);
  if (!problem && (op === 'ld' || op === 'st') && w.includes('.volatile') && w.includes('.param')) problem = ['PTX500', `${name}: .volatile does not apply to the .param space`];
  if (!problem && (op === 'ld' || op === 'st')) problem = spaceModifierProblem(w, name) ?? (LD_ST_FAMILIES.has(r.forms[0]?.family ?? '') ? l2EvictionProblem(w, name) : undefined);
  // Measured (ld, ld.global.nc, ldu, st; every space, sm_80 and sm_100): "Vector type too large, exceeds 128 bit limit".
  if (!problem && (op === 'ld' || op === 'st' || op === 'ldu') && vectorWidth(w) > 1 && w.includes('.b128')) problem = ['PTX505', `${name}: a vector of .b128 values is more than 128 bits (move one .b128 value, or .v2 of .b64)`];
  if (!problem && (op === 'ld' || op === 'st' || op === 'ldu' || op === 'suld' || op === 'sust')) problem = vectorSizeProblem(op, w, name);
  if (!problem && (op === 'atom' || op === 'red')) problem = cacheHintSpaceProblem(w, name);
  if (!problem && op === 'mad') problem = madRoundingProblem(w, name, ctx);
  // Measured with ptxas 13.0 (sm_90a .version 8.6, sm_100a 9.0): "Unexpected instruction types specified for 'mul.wide'" (and 'mad.wide').
  if (!problem && (op === 'mul' || op === 'mad') && w.includes('.wide') && (w.includes('.s64') || w.includes('.u64'))) problem = ['PTX500', `${name}: .wide takes 16- or 32-bit integer types (a 64-bit product has no wider result)`];
  // Measured (sm_90a .version 8.6, sm_100a 9.0): "Illegal modifier '.async' for instruction 'membar.proxy'" ("State space incorrect" with a space); fence.proxy.async is the form.
  if (!problem && op === 'membar' && w[0] === '.proxy' && w.includes('.async')) problem = ['PTX500', `${name}: membar.proxy takes .alias only (the async proxy: fence.proxy.async)`];
  if (!problem && op === 'st' && (w.includes('.param') || w.includes('.param::func')) && ctx.target !== undefined && (parsedTarget(ctx.target)?.number ?? 99) < 20)
    // Measured: ptxas "State space incorrect for instruction 'st'" below sm_20 (ld.param is accepted).
    problem = ['PTX509', `${name}: st to the .param space requires .target sm_20 or higher`];
  if (!problem && (op === 'setp' || op === 'set')) comparisonFits(ins, name, recorder);
  if (!problem && (op === 'suld' || op === 'sust' || op === 'sured') && !w.some((x) => x === '.trap' || x === '.clamp' || x === '.zero'))
    // Measured (every .version): "Clamp modifier required for instruction 'suld.b'"; the manual shows it optional.
    problem = ['PTX500', `${name}: a clamp mode (.trap, .clamp or .zero) is required`];
  if (!problem && op === 'cvt' && cvtModifiersFit(ins, name, recorder)) satfiniteGate(ins, name, recorder);
  if (!problem && op === 'wmma' && w[0] === '.mma') problem = wmmaIntegerTypesProblem(w, name);
  if (!problem && op === 'tex') problem = textureWordsProblem(w, name);
  if (!problem && op === 'mma') problem = mmaTypePairsProblem(w, name) ?? mmaBitOpProblem(w, name);
  // Measured: "Illegal modifier '.cta' for instruction 'bar'" where .cta is not the first word (`bar.sync.cta`).
  if (!problem && (op === 'atom' || op === 'red')) problem = atomOpTypeProblem(w, name);
  if (!problem && op === 'createpolicy') problem = createpolicyWordsProblem(w, name);
  if (!problem && op === 'multimem') problem = multimemOpTypeProblem(w, name, ctx.version);
  if (!problem && op === 'cp') problem = cpReduceBulkTypeProblem(w, name);
  if (!problem && op === 'sured') problem = suredTypeProblem(w, name);
  if (!problem && op === 'tcgen05') problem = tcgen05ScaleVecProblem(w, name) ?? tcgen05CopyShapeProblem(w, name);
  if (!problem && op === 'tensormap') problem = tensormapFieldTypeProblem(w, name);
  // Measured (ptxas 13.0, sm_90 and sm_100a, with and without [mbar]): "Modifier '.shared::cluster' requires modifier '.completion_mechanism' for instruction 'st.async'".
  if (!problem && op === 'st' && w[0] === '.async' && w.includes('.shared::cluster') && !w.includes('.mbarrier::complete_tx::bytes')) problem = ['PTX500', `${name}: .shared::cluster needs the completion mechanism .mbarrier::complete_tx::bytes`];
  // Measured (ptxas 13.0, sm_90a and sm_100a): "Modifier '.weak' cannot be combined with modifier '.cluster'" (each alone taken).
  if (!problem && op === 'st' && w[0] === '.async' && w.includes('.weak') && w.includes('.cluster')) problem = ['PTX500', `${name}: .weak cannot be combined with the scope .cluster (write either alone)`];
  if (!problem && op === 'mbarrier') problem = mbarrierOrderScopeProblem(w, name);
  // Measured: "Unexpected instruction types specified for 'mad'" for `mad.cc.lo` (madc: "Not a name of any known instruction").
  if (!problem && (op === 'mad' || op === 'madc') && w.indexOf('.cc') >= 0 && w.findIndex((x) => x === '.lo' || x === '.hi') > w.indexOf('.cc')) problem = ['PTX500', `${name}: .cc goes after .lo or .hi (${op}.lo.cc)`];
  if (!problem && (op === 'bar' || op === 'barrier') && w[0] !== '.cta' && w.includes('.cta')) problem = ['PTX500', `${name}: .cta goes right after ${op} (${op}.cta${w.filter((x) => x !== '.cta').join('')})`];
  let generic = GENERIC_ADDRESSING.has(op);
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (SPACE_WORDS.has(x)) generic = false;
  }
  const t = ctx.target === undefined ? undefined : parsedTarget(ctx.target);
  const t1 = typeWord(w, 0);
  const t2 = typeWord(w, 1);
  p = {
    result: r,
    op: OPCODES.get(op) ?? op,
    wide: (op === 'mul' || op === 'mad') && w.includes('.wide'),
    vectors: vectorWidth(w),
    space: SPACE_CHECKED.has(op) ? instructionSpace(op, w) : op === 'mbarrier' ? mbarrierSpace(w) : null,
    name,
    wordProblem: problem,
    forms: r.forms,
    t1,
    t1Info: t1 === undefined ? undefined : TYPES.get(t1),
    t2,
    t2Info: t2 === undefined ? undefined : TYPES.get(t2),
    genericOld: generic && t !== undefined && t.number < 20,
    textureOld: TEXTURE_OPS.has(op) && ((ctx.version !== undefined && ctx.version < 31) || (t !== undefined && t.number < 20)),
    roles: (t2 === '.f16' || t2 === '.bf16') && t1 === '.f32' && (op === 'add' || op === 'sub' || op === 'fma') ? MIXED_ROLES.get(op) : op === 'shfl' ? SHFL_ROLES : ROLES.get(op),
    // (st.async's value is of the type's size, measured with ptxas 13.0: "Arguments mismatch" for a .b64 register of .b32.)
    relaxed: RELAXED.has(op) && !(op === 'st' && w[0] === '.async'),
    formByShape: undefined,
    lastShape: -1,
    lastBound: undefined,
    shapeRule: shapeRuleOf(op),
    lateRule: t1 !== undefined && NO_CONSTANT_TYPES.has(t1) && NO_CONSTANT_OPS.has(op) ? noConstantRule(lateRuleOf(op)) : lateRuleOf(op),
    mmaCounts: undefined,
    tcgen05List: undefined,
  };
  plans.set(r, p);
  return p;
}

/**
 * The mixed-precision forms `add/sub{.rnd}{.sat}.f32.atype d, a, c` and `fma.rnd{.sat}.f32.abtype
 * d, a, b, c` (.f16/.bf16, sm_100): a (and fma's b) of the second type, d and c .f32 (measured with
 * ptxas 13.0 on sm_100, sm_100a and sm_120; a .f32 a or a .b16 c is "Arguments mismatch"; a false
 * error before, found by retargeting TransformerEngine's and DeepEP's inline PTX).
 */
const MIXED_ROLES: ReadonlyMap<string, string> = new Map([
  ['add', 'T2T'],
  ['sub', 'T2T'],
  ['fma', 'T22T'],
]);

/**
 * The types of multimem.ld_reduce's and multimem.red's operations (measured with ptxas 13.0 on
 * sm_90 and sm_100a, every pair: "Incorrect type '.b32' for operation '.min' in instruction
 * 'multimem.ld_reduce'"): .min/.max integer and half-precision and 8-bit float types (no .b32/.b64,
 * no .f32/.f64), .add integers but .s64 and the float types, .and/.or/.xor .b32/.b64 only.
 */
/** The bit-size types atom/red's and multimem's .and/.or/.xor take. */
const ATOM_BITS = ['.b32', '.b64'];
const MULTIMEM_SMALL_FLOATS = ['.f16', '.f16x2', '.bf16', '.bf16x2', '.e5m2', '.e5m2x2', '.e5m2x4', '.e4m3', '.e4m3x2', '.e4m3x4'];
const MULTIMEM_MINMAX = ['.u32', '.u64', '.s32', '.s64', ...MULTIMEM_SMALL_FLOATS];
const MULTIMEM_OP_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ['.min', MULTIMEM_MINMAX],
  ['.max', MULTIMEM_MINMAX],
  ['.add', ['.u32', '.u64', '.s32', '.f32', '.f64', ...MULTIMEM_SMALL_FLOATS]],
  ['.and', ATOM_BITS],
  ['.or', ATOM_BITS],
  ['.xor', ATOM_BITS],
]);

/**
 * cp.reduce.async.bulk's (not .tensor) types per reduction and destination (measured with ptxas 13.0 on
 * sm_90a and sm_100a, every operation and type of the Syntax blocks: "Incorrect type '.b32' for operation
 * '.add'", "Illegal reduction operation for instruction 'cp.reduce.async.bulk.shared::cluster.shared::cta.b64'").
 * The text's type sets are each block's union. The `.add.noftz` form (.f16, .bf16) is its own block.
 */
const CP_REDUCE_BULK_TYPES: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map([
  ['.global', new Map([
    ['.add', ['.u32', '.s32', '.u64', '.f32', '.f64']], ['.and', ['.b32', '.b64']], ['.or', ['.b32', '.b64']], ['.xor', ['.b32', '.b64']],
    ['.inc', ['.u32']], ['.dec', ['.u32']], ['.min', ['.u32', '.s32', '.u64', '.s64', '.f16', '.bf16']], ['.max', ['.u32', '.s32', '.u64', '.s64', '.f16', '.bf16']],
  ])],
  ['.shared::cluster', new Map([
    ['.add', ['.u32', '.s32', '.u64']], ['.and', ['.b32']], ['.or', ['.b32']], ['.xor', ['.b32']],
    ['.inc', ['.u32']], ['.dec', ['.u32']], ['.min', ['.u32', '.s32']], ['.max', ['.u32', '.s32']],
  ])],
]);

function cpReduceBulkTypeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  if (w[0] !== '.reduce' || w[2] !== '.bulk' || w.includes('.tensor') || w.includes('.noftz')) return undefined;
  return opTypesProblem(CP_REDUCE_BULK_TYPES.get(w[3] ?? ''), w, name, ` to ${w[3]}`);
}

/** The first operation word of w whose types (byOp) lack w's type, as a problem (`where` follows the word in the message). */
function opTypesProblem(byOp: ReadonlyMap<string, readonly string[]> | undefined, w: readonly string[], name: string, where: string): [PtxCode, string] | undefined {
  const t = typeWord(w, 0);
  if (byOp === undefined || t === undefined) return undefined;
  for (const x of w) {
    const types = byOp.get(x);
    if (types !== undefined && !types.includes(t)) return ['PTX500', `${name}: ${x}${where} takes ${types.join(', ')}, not ${t}`];
  }
  return undefined;
}

/**
 * sured's types per operation and addressing (measured with ptxas 13.0 on sm_80, sm_90a and sm_100a, every
 * operation and type of the Syntax blocks: "Incorrect type '.b32' for operation '.add' in instruction 'sured.b'").
 * The text gives each addressing's type set for every operation.
 */
const SURED_B_MINMAX = ['.u32', '.u64', '.s32', '.s64'];
const SURED_TYPES: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map([
  ['.b', new Map([['.add', ['.u32', '.u64', '.s32']], ['.min', SURED_B_MINMAX], ['.max', SURED_B_MINMAX], ['.and', ['.b32']], ['.or', ['.b32']]])],
  ['.p', new Map([['.add', ['.b32']], ['.min', ['.b32', '.b64']], ['.max', ['.b32', '.b64']], ['.and', ['.b32']], ['.or', ['.b32']]])],
]);

function suredTypeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  return opTypesProblem(SURED_TYPES.get(w[0] ?? ''), w, name, ` (sured${w[0]})`);
}

/**
 * multimem.ld_reduce's accumulator precisions (measured with ptxas 13.0 on sm_90, sm_100a, sm_120a, every
 * operation and type): `.add` only ("Illegal reduction operation for instruction 'multimem.ld_reduce.acc::f32'");
 * `.acc::f32` with the 16-bit float types, `.acc::f16` with the 8-bit ones ("Illegal modifier '.acc::f32' for
 * instruction 'multimem.ld_reduce' with type '.f32'"); `.acc::f32` from .version 8.2 ("Modifier '.acc::f32'
 * requires PTX ISA .version 8.2"; `.acc::f16` comes with its types' gate, 8.6). ptxas ignores them on
 * multimem.st and multimem.red, as on other instructions (curation.ts, ignoredWords).
 */
const MULTIMEM_ACC: ReadonlyMap<string, { types: readonly string[]; ptx: number }> = new Map([
  ['.acc::f32', { types: ['.f16', '.f16x2', '.bf16', '.bf16x2'], ptx: 82 }],
  ['.acc::f16', { types: ['.e5m2', '.e5m2x2', '.e5m2x4', '.e4m3', '.e4m3x2', '.e4m3x4'], ptx: 86 }],
]);

function multimemOpTypeProblem(w: readonly string[], name: string, version: number | undefined): [PtxCode, string] | undefined {
  // Measured with ptxas 13.0 on sm_90a, sm_100a, sm_103a, sm_110a and sm_120a: the single 8-bit float types the text lists
  // are taken by no multimem form, scalar or .v2/.v4/.v8, whatever the register ("Arguments mismatch"; multimem.red:
  // "Unexpected instruction types"); the four-element .e4m3x4/.e5m2x4 are.
  for (let k = 1; k < w.length; k++) {
    const x = w[k]!;
    if (x === '.e4m3' || x === '.e5m2') return ['PTX500', `${name}: multimem takes 8-bit floats four to a 32-bit value (${x}x4), not ${x}`];
  }
  if (w[0] !== '.ld_reduce' && w[0] !== '.red') return undefined;
  const t = typeWord(w, 0);
  if (t === undefined) return undefined;
  let op: string | undefined;
  for (let k = 1; k < w.length; k++) {
    const types = MULTIMEM_OP_TYPES.get(w[k]!);
    if (types !== undefined) {
      if (!types.includes(t)) return ['PTX500', `${name}: ${w[k]} takes ${types.join(', ')}, not ${t}`];
      op ??= w[k];
    }
  }
  if (w[0] !== '.ld_reduce') return undefined;
  for (let k = 1; k < w.length; k++) {
    const acc = MULTIMEM_ACC.get(w[k]!);
    if (acc === undefined) continue;
    if (op !== '.add') return ['PTX500', `${name}: ${w[k]} goes with .add only${op === undefined ? '' : `, not ${op}`}`];
    if (!acc.types.includes(t)) return ['PTX500', `${name}: ${w[k]} takes ${acc.types.join(', ')}, not ${t}`];
    if (version !== undefined && version < acc.ptx) return ['PTX508', `${name}: ${w[k]} requires PTX ISA .version ${formatVersionCode(acc.ptx)} or later`];
  }
  return undefined;
}

/**
 * tcgen05.mma{.sp} `.block_scale`: the scale-vector words each `.kind::` takes (measured with ptxas
 * 13.0 on sm_100a, plain, `.sp` and `.collector` forms: "Modifier '.kind::mxf4' cannot be combined
 * with modifier '.scale_vec::1X'"; `.kind::mxf4nvf4` without one: "requires modifier
 * '.scale_vectorsize'").
 */
const TCGEN05_SCALE_VEC: ReadonlyMap<string, { words: readonly string[]; required: boolean }> = new Map([
  ['.kind::mxf8f6f4', { words: ['.scale_vec::1X', '.block32'], required: false }],
  ['.kind::mxf4', { words: ['.scale_vec::2X', '.block32'], required: false }],
  ['.kind::mxf4nvf4', { words: ['.scale_vec::2X', '.scale_vec::4X', '.block16', '.block32'], required: true }],
]);
const SCALE_VEC_WORDS: ReadonlySet<string> = new Set(['.scale_vec::1X', '.scale_vec::2X', '.scale_vec::4X', '.block16', '.block32']);

function tcgen05ScaleVecProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  if (w[0] !== '.mma' || !w.includes('.block_scale')) return undefined;
  let kind: { words: readonly string[]; required: boolean } | undefined;
  let kindWord = '';
  let scale: string | undefined;
  for (let k = 1; k < w.length; k++) {
    const x = w[k]!;
    const row = TCGEN05_SCALE_VEC.get(x);
    if (row !== undefined) {
      kind = row;
      kindWord = x;
    } else if (SCALE_VEC_WORDS.has(x)) scale = x;
  }
  if (kind === undefined) return undefined;
  if (scale === undefined) return kind.required ? ['PTX500', `${name}: ${kindWord} needs a scale-vector word (${kind.words.join(', ')})`] : undefined;
  return kind.words.includes(scale) ? undefined : ['PTX500', `${name}: ${kindWord} takes ${kind.words.join(', ')}, not ${scale}`];
}

/**
 * tcgen05.cp's shape against its warp word (measured with ptxas 13.0 on sm_100a, every shape with no
 * word and each of the three): `.32x128b` needs `.warpx4`, `.64x128b` `.warpx2::02_13` or
 * `.warpx2::01_23` ("Modifier '.warptype' require for instruction tcgen05.cp with shape '.32x128b'"),
 * the other shapes take none ("Modifier .warpx4 not allowed for instruction tcgen05.cp with shape").
 */
const TCGEN05_CP_WARPS: ReadonlyMap<string, readonly string[]> = new Map([
  ['.32x128b', ['.warpx4']], ['.64x128b', ['.warpx2::02_13', '.warpx2::01_23']], ['.128x256b', []], ['.4x256b', []], ['.128x128b', []],
]);
const TCGEN05_CP_WARP_WORDS: ReadonlySet<string> = new Set(['.warpx4', '.warpx2::02_13', '.warpx2::01_23']);
function tcgen05CopyShapeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  if (w[0] !== '.cp') return undefined;
  let takes: readonly string[] | undefined;
  let shape = '';
  let warp: string | undefined;
  for (let k = 1; k < w.length; k++) {
    const x = w[k]!;
    const row = TCGEN05_CP_WARPS.get(x);
    if (row !== undefined) {
      takes = row;
      shape = x;
    } else if (TCGEN05_CP_WARP_WORDS.has(x)) warp = x;
  }
  if (takes === undefined) return undefined;
  if (warp === undefined) return takes.length === 0 ? undefined : ['PTX500', `${name}: shape ${shape} needs a warp word (${takes.join(' or ')})`];
  return takes.includes(warp) ? undefined : ['PTX500', `${name}: shape ${shape} takes ${takes.length === 0 ? 'no warp word' : takes.join(' or ')}, not ${warp}`];
}

/**
 * tensormap.replace's field against its type word (measured with ptxas 13.0 on sm_100a, each field with
 * `.b32` and `.b64`: "Illegal modifier '.rank' for instruction 'tensormap.replace' with type '.b64'"):
 * `.global_address` and `.global_stride` are `.b64`, the others `.b32`.
 */
const TENSORMAP_B64_FIELDS: ReadonlySet<string> = new Set(['.global_address', '.global_stride']);
const TENSORMAP_B32_FIELDS: ReadonlySet<string> = new Set(['.rank', '.box_dim', '.global_dim', '.element_stride', '.elemtype', '.interleave_layout', '.swizzle_mode', '.swizzle_atomicity', '.fill_mode']);
function tensormapFieldTypeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  if (w[0] !== '.replace') return undefined;
  const b64 = w.includes('.b64');
  if (!b64 && !w.includes('.b32')) return undefined;
  for (let k = 1; k < w.length; k++) {
    const x = w[k]!;
    if (b64 ? TENSORMAP_B32_FIELDS.has(x) : TENSORMAP_B64_FIELDS.has(x)) return ['PTX500', `${name}: the field ${x} is replaced with .${b64 ? 'b32' : 'b64'}, not .${b64 ? 'b64' : 'b32'}`];
  }
  return undefined;
}

/** The operand types of atom/red's operations (ptxas 13.0: "Operation .and requires .b32 or .b64 type for instruction 'atom'"; measured on sm_90). */
const ATOM_MINMAX = ['.u32', '.s32', '.u64', '.s64', '.f16', '.f16x2', '.bf16', '.bf16x2'];
const ATOM_OP_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ['.and', ATOM_BITS],
  ['.or', ATOM_BITS],
  ['.xor', ATOM_BITS],
  ['.cas', ['.b16', '.b32', '.b64', '.b128']],
  ['.exch', ['.b32', '.b64', '.b128']],
  ['.add', ['.u32', '.s32', '.u64', '.f16', '.f16x2', '.f32', '.f64', '.bf16', '.bf16x2']],
  ['.inc', ['.u32']],
  ['.dec', ['.u32']],
  ['.min', ATOM_MINMAX],
  ['.max', ATOM_MINMAX],
]);

function atomOpTypeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  // (red.async's syntax blocks list each operation's types: its table decides; its .add takes .s64
  // too, both forms, measured with ptxas 13.0 on sm_90 and sm_100a.)
  return w[0] === '.async' ? undefined : opTypesProblem(ATOM_OP_TYPES, w, name, '');
}

/**
 * createpolicy's priorities (measured with ptxas 13.0): the second `.L2::evict_*` word is the
 * secondary priority, `.L2::evict_first` or `.L2::evict_unchanged`, also when it repeats the first
 * (`.L2::evict_last.L2::evict_last`: "Unsupported modifier '.evict_last' as secondary_priority";
 * the matcher takes a repeated word as the same choice).
 */
/** mbarrier's memory orders and scopes (the Syntax blocks' `{.sem}{.scope}`). */
const MBARRIER_ORDERS: ReadonlySet<string> = new Set(['.relaxed', '.release', '.acquire']);
const MBARRIER_SCOPES: ReadonlySet<string> = new Set(['.cta', '.cluster']);

/**
 * mbarrier's order and scope go together (measured with ptxas 13.0 on sm_90 at 8.6, on arrive,
 * arrive.expect_tx, arrive.noComplete, arrive_drop(.expect_tx), test_wait(.parity), try_wait(.parity),
 * expect_tx, complete_tx): "Modifier '.cta' requires order with 'mbarrier.arrive' instruction",
 * "Modifier '.release' requires scope with 'mbarrier.arrive' instruction".
 */
function mbarrierOrderScopeProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let order: string | undefined;
  let scope: string | undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (MBARRIER_ORDERS.has(x)) order ??= x;
    else if (MBARRIER_SCOPES.has(x)) scope ??= x;
  }
  if (order !== undefined && scope === undefined) return ['PTX500', `${name}: '${order}' needs a scope (.cta or .cluster) with it`];
  if (scope !== undefined && order === undefined) return ['PTX500', `${name}: '${scope}' needs a memory order (.release, .acquire or .relaxed) with it`];
  return undefined;
}

function createpolicyWordsProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let first: string | undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (!x.startsWith('.L2::evict_')) continue;
    if (first === undefined) first = x;
    else if (x === first && x !== '.L2::evict_first' && x !== '.L2::evict_unchanged') return ['PTX500', `${name}: the second priority word is the secondary priority, .L2::evict_first or .L2::evict_unchanged, not ${x}`];
  }
  return undefined;
}

/**
 * tex's geometry against its coordinate type and mipmap words (measured with ptxas 13.0): cube
 * geometries take .f32 coordinates only ("Floating-point coordinates required"), `.2dms` .s32 only
 * ("Integer coordinates require .s32 instruction type") and no `.level`/`.grad` ("Illegal modifier
 * 'Multi-sample geometry'"); `.a2dms` likewise (measured with ptxas 13.0 on sm_80 to sm_120a, with and
 * without a sampler: "Integer coordinates require .s32 instruction type"; in texmode_independent too, session 24).
 */
function textureWordsProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  const ct = typeWord(w, 1);
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (x === '.a2dms') {
      if (ct === '.f32') return ['PTX500', `${name}: .a2dms takes .s32 coordinates, not .f32`];
      if (w.includes('.level') || w.includes('.grad')) return ['PTX500', `${name}: a multi-sample geometry (.a2dms) takes no .level or .grad`];
    }
    if ((x === '.cube' || x === '.acube') && ct === '.s32') return ['PTX500', `${name}: ${x} takes .f32 coordinates, not .s32`];
    if (x === '.2dms') {
      if (ct === '.f32') return ['PTX500', `${name}: .2dms takes .s32 coordinates, not .f32`];
      if (w.includes('.level') || w.includes('.grad')) return ['PTX500', `${name}: a multi-sample geometry (.2dms) takes no .level or .grad`];
    }
  }
  return undefined;
}

/**
 * Opcodes newer than the family they share with an older one (measured): `barrier` ("Feature
 * 'barrier' requires PTX ISA .version 6.0"), where `bar` is 1.0.
 */
const OPCODE_VERSIONS: ReadonlyMap<string, number> = new Map([['barrier', 60]]);

/**
 * mma's type pairs (measured with ptxas 13.0 on sm_80 to sm_120a): with these A and B types, on these shapes (any shape
 * where none are given), D and C have one type (".dtype must be '.f32' when .ctype is '.f32'", "Unexpected instruction types
 * specified for 'mma'"), or A and B have one type ("Incorrect instruction type specified for mma with shape '.m16n8k8'");
 * .m8n8k4 takes .f16 A and B with D and C mixed.
 */
const MMA_TYPE_PAIRS: readonly { readonly ab: ReadonlySet<string>; readonly shapes?: ReadonlySet<string>; readonly same: 'dc' | 'ab' }[] = [
  { ab: new Set(['.f16']), shapes: new Set(['.m16n8k8', '.m16n8k16']), same: 'dc' },
  { ab: new Set(['.e4m3', '.e5m2', '.e3m2', '.e2m3', '.e2m1']), same: 'dc' },
  { ab: new Set(['.bf16', '.tf32']), shapes: new Set(['.m16n8k8']), same: 'ab' },
];

/** mma's D/C and A/B type pairs against MMA_TYPE_PAIRS (D and C .f16 or .f32 only). */
function mmaTypePairsProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  const d = typeWord(w, 0);
  const a = typeWord(w, 1);
  const b = typeWord(w, 2);
  const c = typeWord(w, 3);
  if (a === undefined || b === undefined || c === undefined) return undefined;
  for (const rule of MMA_TYPE_PAIRS) {
    if (!rule.ab.has(a) || !rule.ab.has(b) || (rule.shapes !== undefined && !w.some((x) => rule.shapes!.has(x)))) continue;
    if (rule.same === 'ab' && a !== b) return ['PTX500', `${name}: A and B have one type here (${a} and ${b} differ)`];
    if (rule.same === 'dc' && d !== c && (d === '.f16' || d === '.f32') && (c === '.f16' || c === '.f32')) return ['PTX500', `${name}: with ${a} A and ${b} B, D and C have one type (${d} and ${c} differ)`];
  }
  return undefined;
}

/**
 * The .b1 forms' bit-operation words (.and/.or/.xor, .popc) on mma forms without .b1 (measured
 * with ptxas 13.0, sm_80): taken with .s4/.u4 A and B, any number of them, but `.popc` needs a
 * boolean operation ("Boolean operation is required for instruction 'mma'") and `.satfinite`
 * is then refused ("Illegal modifier '.satfinite'"); with other types "Unexpected instruction
 * types specified for 'mma'".
 */
function mmaBitOpProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let bool = false;
  let popc = false;
  let four = false;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (x === '.b1') return undefined;
    if (x === '.and' || x === '.or' || x === '.xor') bool = true;
    else if (x === '.popc') popc = true;
    else if (x === '.s4' || x === '.u4') four = true;
  }
  if (!bool && !popc) return undefined;
  if (!four) return ['PTX500', `${name}: a bit operation (.and, .or, .xor, .popc) belongs to the .b1 forms`];
  if (!bool) return ['PTX500', `${name}: .popc needs a boolean operation (.and, .or or .xor)`];
  if (w.includes('.satfinite')) return ['PTX500', `${name}: .satfinite is not taken with a bit operation`];
  return undefined;
}

const WMMA_INTEGER_AB: ReadonlySet<string> = new Set(['.s8', '.u8', '.s4', '.u4']);

/**
 * Integer wmma.mma: A and B of one type (measured with ptxas 13.0 on .m16n16k16 and .m8n8k32:
 * every pair of .s8/.u8/.s4/.u4 that differ is "Unexpected instruction types specified").
 */
function wmmaIntegerTypesProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let a: string | undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (WMMA_INTEGER_AB.has(x)) {
      if (a === undefined) a = x;
      else if (x !== a) return ['PTX500', `${name}: A and B of an integer wmma.mma have one type ('${a}' and '${x}' differ)`];
    }
  }
  return undefined;
}

function formsTaking(plan: Plan, n: number): InstructionForm[] {
  // (Not kept per plan: chooseForm runs once per spelling and operand shape, and what plans keep is
  // marked by every major collection.)
  return plan.forms.filter((f) => takesCount(f, n));
}

/**
 * `.L2::cache_hint` goes with the cache-policy operand: written with fewer operands than the form's
 * required ones and the policy, it is "Arguments mismatch" (measured with ptxas 13.0 on sm_80 and
 * sm_100a: ld, ld.global.nc, st, atom, red, cp.async, the bulk copies, prefetches and reductions).
 */
function cachePolicyPresent(f: InstructionForm, ins: A.Instruction): boolean {
  if (!ins.modifiers.includes('.L2::cache_hint')) return true;
  if (!f.operands.some((o) => o.optional && o.name === 'cache-policy')) return true;
  return ins.operands.length > arity(f).min;
}

/** An operand the form names `cache-policy` (optional, last) goes with `.L2::cache_hint`. */
function cachePolicyFits(f: InstructionForm, ins: A.Instruction, ctx: InstructionCheckContext): boolean {
  const n = ins.operands.length;
  if (n === 0 || f.operands.length !== n) return true;
  const last = f.operands[n - 1]!;
  // atom's fourth operand without .cas or the hint: the form that names it `c` (.b128 has none), then
  // atomRules, per instruction (it reads the operand).
  if (f.family === 'atom' && n === 4 && !ins.modifiers.includes('.cas') && !ins.modifiers.includes('.L2::cache_hint')) return last.name === 'c' || ins.modifiers.includes('.b128');
  return !(last.optional && last.name === 'cache-policy') || ins.modifiers.includes('.L2::cache_hint');
}

/**
 * ld/st words that apply to the generic and .global spaces only ("Modifier '.no_allocate' cannot be applied to '.shared' space"), measured;
 * `.L2::cache_hint` too (ptxas 13.0, sm_80 to sm_120a: "Modifier '.L2::cache_hint' cannot be applied to '.shared::cta' space", every
 * space word but .global: .shared, .shared::cta, .shared::cluster, .local, .const, .param).
 */
const GLOBAL_ONLY_WORDS: ReadonlySet<string> = new Set(['.L1::no_allocate', '.L1::evict_last', '.L1::evict_first', '.L1::evict_normal', '.L1::evict_unchanged', '.L2::64B', '.L2::128B', '.L2::256B', '.L2::cache_hint']);

/**
 * atom/red's `.L2::cache_hint` with a state space: .global only (measured with ptxas 13.0 on sm_80, sm_90a, sm_100a, sm_120a: "Modifier
 * '.L2::cache_hint' cannot be applied to '.shared' space for instruction 'atom'"; .shared, .shared::cta, .shared::cluster; every
 * operation and type, .noftz and the memory orders alike). Generic is taken.
 */
function cacheHintSpaceProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  if (!w.includes('.L2::cache_hint')) return undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (SPACE_WORDS.has(x) && x !== '.global') return ['PTX500', `${name}: .L2::cache_hint applies only to the .global (or generic) space, not ${x}`];
  }
  return undefined;
}

/**
 * The widest vector access (measured with ptxas 13.0 on sm_90a and sm_100a, every space: "Vector type too large, exceeds 128 bit
 * limit"): ld, ld.global.nc and st move up to 256 bits (`.v8.b64` refused), ldu, st.async, suld and sust up to 128 (`.v4.b64`
 * refused). (`.b128` vectors: the rule above.)
 */
function vectorSizeProblem(op: string, w: readonly string[], name: string): [PtxCode, string] | undefined {
  const v = vectorWidth(w);
  if (v < 4) return undefined;
  let size = 0;
  for (let k = 0; k < w.length; k++) {
    const t = TYPES.get(w[k]!);
    if (t !== undefined) size = t.size;
  }
  const limit = (op === 'ld' || op === 'st') && w[0] !== '.async' ? 256 : 128;
  if (size === 0 || v * size <= limit) return undefined;
  return ['PTX505', `${name}: a vector of ${v * size} bits is more than ${op}${op === 'st' && w[0] === '.async' ? '.async' : ''} moves (${limit} bits at most)`];
}

/**
 * mad.f32 without a rounding word (measured with ptxas 13.0): "Rounding modifier required for instruction 'mad'" from PTX ISA
 * .version 3.2 on with .target sm_20 and higher (a warning at 3.1, nothing before; sm_1x targets take it at every .version).
 */
function madRoundingProblem(w: readonly string[], name: string, ctx: InstructionCheckContext): [PtxCode, string] | undefined {
  if (!w.includes('.f32') || w.includes('.rn') || w.includes('.rz') || w.includes('.rm') || w.includes('.rp')) return undefined;
  if (ctx.version === undefined || ctx.version < 32 || ctx.target === undefined) return undefined;
  const t = parsedTarget(ctx.target);
  if (t === undefined || t.number < 20) return undefined;
  return ['PTX500', `${name}: a rounding modifier (.rn, .rz, .rm, .rp) is required from PTX ISA .version 3.2 on with .target sm_20 and higher`];
}
/** Spaces `.volatile` does not apply to ("Modifier '.volatile' cannot be applied to '.local' space"; .param has its own message). */
const NOT_VOLATILE_SPACES: ReadonlySet<string> = new Set(['.local', '.const', '.param::entry', '.param::func']);

function spaceModifierProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let space: string | undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (SPACE_WORDS.has(x)) space = x;
  }
  if (space === undefined || space === '.global') return undefined;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (GLOBAL_ONLY_WORDS.has(x)) return ['PTX500', `${name}: ${x} applies only to the .global (or generic) space, not ${space}`];
    if (x === '.volatile' && NOT_VOLATILE_SPACES.has(space)) return ['PTX500', `${name}: .volatile does not apply to the ${space} space`];
    // Measured with ptxas 13.0 (sm_80 .version 7.0, sm_100a 9.0; session 23): "Modifier '.relaxed' cannot be applied to '.param' space" (.acquire, .release; .const, .local, .param::entry, .param::func likewise).
    if ((x === '.relaxed' || x === '.acquire' || x === '.release') && (space === '.param' || NOT_VOLATILE_SPACES.has(space))) return ['PTX500', `${name}: ${x} does not apply to the ${space} space (only to .global, .shared or generic addresses)`];
  }
  return undefined;
}

/** ld/st proper, not st.async, st.bulk, ...: the families whose 256-bit accesses and L2 eviction words these rules describe. */
const LD_ST_FAMILIES: ReadonlySet<string> = new Set(['ld', 'st', 'ld.global.nc']);

const L2_EVICTION: ReadonlySet<string> = new Set(['.L2::evict_last', '.L2::evict_first', '.L2::evict_normal']);

/**
 * ld/st with an L2 eviction word (.L2::evict_last/first/normal) move 256 bits: ptxas "Instruction
 * 'ld' requires '.v8.b32/.v4.b64' type with '.L2::evict_last' modifier" otherwise; a 256-bit access
 * is to the .global space or generic (measured).
 */
function l2EvictionProblem(w: readonly string[], name: string): [PtxCode, string] | undefined {
  let l2: string | undefined;
  let v = 0;
  let size = 0;
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (L2_EVICTION.has(x)) l2 = x;
    else if (x === '.v8') v = 8;
    else if (x === '.v4') v = 4;
    else size = TYPES.get(x)?.size ?? size;
  }
  const wide = (v === 8 && size === 32) || (v === 4 && size === 64);
  if (wide) {
    // Measured: "global state space expected for feature '256 bit wide load/store'" (generic is taken).
    for (let k = 0; k < w.length; k++) {
      const x = w[k]!;
      if (SPACE_WORDS.has(x) && x !== '.global') return ['PTX500', `${name}: a 256-bit access takes the .global (or generic) space, not ${x}`];
    }
  }
  if (l2 === undefined || wide) return undefined;
  return ['PTX500', `${name}: ${l2} needs a 256-bit access (.v8 of a 32-bit type or .v4 of a 64-bit type)`];
}

/** Opcodes whose address without a state-space word is generic (ptxas: "generic addressing" needs sm_20). */
const GENERIC_ADDRESSING: ReadonlySet<string> = new Set(['ld', 'st', 'atom', 'red', 'prefetch']);
const SPACE_WORDS: ReadonlySet<string> = new Set(['.global', '.shared', '.shared::cta', '.shared::cluster', '.local', '.const', '.param', '.param::entry', '.param::func', '.tex']);
/** Texture and surface instructions: a register as the handle is "indirect texture access" (.version 3.1). */
const TEXTURE_OPS: ReadonlySet<string> = new Set(['tex', 'tld4', 'txq', 'suld', 'sust', 'sured', 'suq']);

/**
 * `.shared::cta` and `.shared::cluster` need .version 7.8 (`::cluster` also sm_90), measured;
 * unless the family's own word gates (CURATION.wordGates, which the matcher applies) say otherwise
 * for the word: cp.async.ca/.cg take `.shared::cta` from their own .version 7.0.
 */
function spaceWordGates(ins: A.Instruction, family: string | undefined, ctx: InstructionCheckContext): void {
  const own = family === undefined ? undefined : CURATION.wordGates[family];
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (w !== '.shared::cta' && w !== '.shared::cluster') continue;
    if (own?.[w] !== undefined) continue;
    const sub = w.slice(7);
    if (ctx.version !== undefined && ctx.version < 78) return ctx.report('PTX508', `'${sub}' (on ${w}) requires PTX ISA .version 7.8 or later`, ins.opcodeSpan);
    if (sub === '::cluster' && ctx.target !== undefined) {
      const t = parsedTarget(ctx.target);
      if (t && t.number < 90) return ctx.report('PTX509', `'::cluster' (on ${w}) requires .target sm_90 or higher`, ins.opcodeSpan);
    }
  }
}

/** Generic addressing needs sm_20; a texture or surface handle in a register .version 3.1 and sm_20 (measured). */
function operandGates(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): boolean {
  if (plan.genericOld && ins.operands.some((o) => o.kind === 'address')) {
    ctx.report('PTX509', `generic addressing (${ins.opcode} without a state space) requires .target sm_20 or higher`, ins.opcodeSpan);
    return false;
  }
  if (plan.textureOld) {
    for (let k = 0; k < ins.operands.length; k++) {
      const o = ins.operands[k]!;
      if (o.kind !== 'address' || o.elements.length === 0) continue;
      const e = o.elements[0]!;
      if (e.kind === 'expr' && e.expr.kind === 'name' && ctx.registerType(e.expr.name) !== undefined) {
        if (ctx.version !== undefined && ctx.version < 31) ctx.report('PTX508', `a texture or surface handle in a register (${e.expr.name}) requires PTX ISA .version 3.1 or later`, e.span);
        // Measured: "Instruction 'indirect texture access' requires .target sm_20 or higher".
        else ctx.report('PTX509', `a texture or surface handle in a register (${e.expr.name}) requires .target sm_20 or higher`, e.span);
        return false;
      }
    }
  }
  return true;
}

/** parseTargetName of the module's target, remembered (a module has one; planOf asks once per spelling). */
function parsedTarget(name: string): ParsedTarget | undefined {
  if (name !== lastTargetName) {
    lastTargetName = name;
    lastTarget = parseTargetName(name);
  }
  return lastTarget;
}

let lastTargetName: string | undefined;
let lastTarget: ParsedTarget | undefined;

function withoutSyncRefused(ctx: InstructionCheckContext): boolean {
  if (ctx.version === undefined || ctx.version < 64 || ctx.target === undefined) return false;
  const t = parsedTarget(ctx.target);
  return t !== undefined && t.number >= 70;
}

function takesCount(f: InstructionForm, n: number): boolean {
  const { min, max } = arity(f);
  return n >= min && n <= max;
}

function arity(f: InstructionForm): { min: number; max: number } {
  let min = 0;
  for (let k = 0; k < f.operands.length; k++) {
    const o = f.operands[k]!;
    if (!o.optional) min++;
  }
  return { min, max: f.operands.length };
}

/** Whether an optional operand comes before a required one (then positions are not fixed). */
function positional(specs: readonly OperandSpec[]): boolean {
  let opt = false;
  for (let k = 0; k < specs.length; k++) {
    const s = specs[k]!;
    if (s.optional) opt = true;
    else if (opt) return false;
  }
  return true;
}

function kindFits(spec: OperandSpec, op: A.Operand): boolean {
  switch (spec.kind) {
    case 'address':
      // `ld.shared.u32 %r1, sm[4]`: an indexed array is an address too (measured).
      return op.kind === 'address' || op.kind === 'indexed';
    case 'list':
      return op.kind === 'list';
    case 'value':
    case 'pred':
    case 'pred-pair':
    case 'vector':
      return op.kind !== 'address' && op.kind !== 'list';
    default:
      return true;
  }
}

function kindsFit(specs: readonly OperandSpec[], ops: readonly A.Operand[]): boolean {
  return firstKindMismatch(specs, ops) < 0;
}

function firstKindMismatch(specs: readonly OperandSpec[], ops: readonly A.Operand[]): number {
  for (let i = 0; i < ops.length && i < specs.length; i++) if (!kindFits(specs[i]!, ops[i]!)) return positional(specs) ? i : -1;
  return -1;
}

function reportMismatch(ins: A.Instruction, reasons: readonly WhyNot[], nearest: InstructionForm | undefined, ctx: InstructionCheckContext): void {
  // Unknown opcodes are the parser's.
  for (let k = 0; k < reasons.length; k++) {
    const w = reasons[k]!;
    if (w.kind === 'unknown-opcode') return;
  }
  const name = ins.opcode + ins.modifiers.join('');
  const form = nearest ? ` (nearest form: ${nearest.syntax})` : '';
  // ptxas refuses a word no form of the opcode takes ("Illegal modifier", "Unknown modifier").
  for (let k = 0; k < reasons.length; k++) {
    const w = reasons[k]!;
    if (w.kind === 'unknown-modifier') {
      const near = nearestWord(w.word, vocabularyOf(ins.opcode));
      ctx.report('PTX500', `'${w.word}' is not a modifier of ${ins.opcode}${near ? ` (did you mean '${near}'?)` : ''}${form}`, ins.opcodeSpan);
      return;
    }
  }
  const w = reasons[0]!;
  switch (w.kind) {
    case 'needs-version':
      ctx.report('PTX508', `'${w.what}' requires PTX ISA .version ${w.version} or later`, ins.opcodeSpan);
      return;
    case 'dropped-in-version':
      ctx.report('PTX510', `'${w.what}' is not valid from PTX ISA .version ${w.version} on${form}`, ins.opcodeSpan);
      return;
    case 'needs-target':
      ctx.report('PTX509', `'${w.what}' requires .target ${w.targets.join(' or ')}${w.targets.some((t) => /^sm_\d+$/.test(t)) ? ' or higher' : ''}`, ins.opcodeSpan);
      return;
    case 'missing':
      ctx.report('PTX500', `${name}: a ${w.slot.startsWith('.') ? w.slot : `.${w.slot}`} word is required (${w.values.slice(0, 8).join(' ')}${w.values.length > 8 ? ' ...' : ''})${form}`, ins.opcodeSpan);
      return;
    case 'conflict':
      ctx.report('PTX500', `${name}: '${w.words[0]}' and '${w.words[1]}' are alternatives of one .${w.slot} choice${form}`, ins.opcodeSpan);
      return;
    case 'type-order':
      ctx.report('PTX500', `${name}: the type words are not in an order any form takes${form}`, ins.opcodeSpan);
      return;
    case 'space-order':
      ctx.report('PTX500', `${name}: the state spaces are not in the form's order (destination, then source)${form}`, ins.opcodeSpan);
      return;
    case 'type-not-allowed':
      ctx.report('PTX500', `${name}: type '${w.word}' is not allowed here${form}`, ins.opcodeSpan);
      return;
    case 'modifier-not-allowed':
      ctx.report('PTX500', `${name}: '${w.word}' is not allowed with the other words${form}`, ins.opcodeSpan);
      return;
  }
}

/** The i-th type word of the instruction (0 = first), or undefined. */
function typeWord(words: readonly string[], i: number): string | undefined {
  // (Indexed: it runs mostly before it is optimized, where for-of allocates an iterator result per word.)
  for (let k = 0; k < words.length; k++) if (isTypeWord(words[k]!) && i-- === 0) return words[k];
  return undefined;
}

/** mul.wide / mad.wide: the type of the wide result. */
const WIDER: ReadonlyMap<string, string> = new Map([
  ['.u16', '.u32'],
  ['.u32', '.u64'],
  ['.s16', '.s32'],
  ['.s32', '.s64'],
]);

/**
 * An instruction's operands against its form: the shape rules (operandShapes), then each operand
 * against its role's type. Called for every instruction: kept small, the rare rules in functions
 * of their own (their first use late in a file then recompiles them, not this).
 */
function checkOperands(ins: A.Instruction, plan: Plan, bound: Bound, ctx: InstructionCheckContext): void {
  if (!operandShapes(ins, plan, bound.form, ctx)) return;
  const wants = bound.wants;
  if (wants === undefined) return;
  const ops = ins.operands;
  const name = plan.name;
  // (A constant where the result goes was refused by operandShapes: resultFits.)
  if (plan.op === 'cvt') for (let i = 1; i < ops.length; i++) if (!cvtSpecialFits(ops[i]!, i, ops.length, plan, name, ctx)) return;
  const relaxed = bound.relaxed;
  const end = bound.end;
  for (let i = 0; i < end; i++) {
    const want = wants[i];
    if (want === undefined) continue;
    const o = ops[i]!;
    // (Roles `I` and bf16 through one call: a call first reached late in the file recompiles this function.)
    if (want === CONSTANT_ROLE || want === BF16_ROLE) {
      if (!roleOperandFits(ins, plan, bound, i, o, want, ctx)) return;
    } else if (!plainOperandFits(o, i, want, relaxed, ctx) && !operandFits(ins, name, i, o, want, bound.wantNames[i]!, relaxed, plan.op === 'mov', ctx)) return;
  }
}

/** checkOperands' operand of role `I` (a constant) or of a bf16 type. */
function roleOperandFits(ins: A.Instruction, plan: Plan, bound: Bound, i: number, o: A.Operand, want: TypeInfo, ctx: InstructionCheckContext): boolean {
  return want === CONSTANT_ROLE ? constantOperand(ins, plan.name, i, o, ctx) : bf16Fits(plan.name, i, o, bound.wantNames[i]!, plan.op, ins.operands.length, ctx);
}

/**
 * `v.x` of a vector register: its element type as a register of that type where `want` goes
 * (measured with ptxas 13.0: mov, add, mad, shl, selp, setp, cvt, ld, st with .v2 registers of
 * every element type).
 */
function vectorElementFits(name: string, i: number, v: string, member: string, want: TypeInfo, wantName: string, relaxed: boolean, at: Span, ctx: InstructionCheckContext): boolean {
  const t = ctx.vectorRegister?.(v)?.type;
  const r = t === undefined ? undefined : TYPES.get(t);
  if (r === undefined || registerOperandFits(want, r, relaxed)) return true;
  ctx.report('PTX503', `operand ${i + 1} of ${name} must be ${typeDescription(want, wantName, relaxed)}; ${v}.${member} is ${t}`, at);
  return false;
}

/** The names the Syntax blocks give a result written first (`d`, `d|p`, `p{|q}`, `dst`, isspacep's `p`, bfi's `f`, cvta's `p`, mbarrier's `state`). */
const RESULT_NAME = /^(?:d|dst|p|r|f|ptr|state|count|waitComplete|pred|reg|cache-policy)(?![\w-])/;

/**
 * An instruction's first operand where it is its result (RESULT_NAME): no constant, no WARP_SZ
 * ("Result register required for instruction 'shfl'") and no special register (`%tid.x`, `%clock`:
 * "Read-only special register cannot be destination argument", "Special register argument not
 * allowed", "Arguments mismatch"), for every opcode (measured with ptxas 13.0: mov, cvt, add, ld,
 * shl, setp, selp, popc, atom, activemask, shfl, tex of each). A register declared under a special
 * register's name is a register. The form is asked only when the operand is one of these.
 */
function resultFits(e: A.Expr, form: InstructionForm, name: string, ctx: InstructionCheckContext): boolean {
  // (A compiler's register, the common case, told by class and spelling first: `kind` read from the many expression shapes is a megamorphic load.)
  if (e instanceof NameRefNode && e.name.charCodeAt(0) === C_PERCENT && !maybeSpecialRegister(e.name)) return true;
  return otherResultFits(e, form, name, ctx);
}

/**
 * resultFits for a result that is not a plain register: a function of its own, so that a shape of
 * result first seen late in a file throws this one's optimized code away, not resultFits' (which
 * ran as baseline code for 22,954 calls after such a deoptimization on the distinct file).
 */
function otherResultFits(e: A.Expr, form: InstructionForm, name: string, ctx: InstructionCheckContext): boolean {
  // (The refusals' reports in functions of their own, resultRefused and the two below: this body stays small and is optimized sooner.)
  if (e.kind === 'name') {
    if (e.name === 'WARP_SZ' || (maybeSpecialRegister(e.name) && SPECIAL_REGISTERS.has(e.name) && ctx.registerType(e.name) === undefined)) return nameResultFits(e, form, name, ctx);
    return true;
  }
  if (e.kind === 'member') return memberResultFits(e, form, name, ctx);
  if (constantResult(e)) return resultRefused(e, form, name, 'a constant', ctx);
  if (e.kind === 'binary' && e.op === '|' && e.left.kind === 'sink' && form.opcode === 'shfl') return resultRefused(e, form, name, "the sink '_' (shfl's value result is no sink; its predicate may be)", ctx);
  if (e.kind === 'sink') {
    if (!sinkResultRefused(form) && !SINK_FIRST_REFUSED.has(form.opcode)) return true;
    return resultRefused(e, form, name, "the sink '_' (ptxas takes no discarded result here)", ctx);
  }
  return true;
}

/** otherResultFits' WARP_SZ or special register (not declared as a register) written as the result. */
function nameResultFits(e: A.NameRef, form: InstructionForm, name: string, ctx: InstructionCheckContext): boolean {
  return resultRefused(e, form, name, e.name === 'WARP_SZ' ? 'WARP_SZ (a constant)' : `the special register ${e.name} (read-only)`, ctx);
}

/** otherResultFits' member expression written as the result (`%tid.x`). */
function memberResultFits(e: A.MemberExpr, form: InstructionForm, name: string, ctx: InstructionCheckContext): boolean {
  const x = e.object;
  if (x.kind !== 'name' || !SPECIAL_REGISTERS.has(x.name) || ctx.registerType(x.name) !== undefined) return true;
  return resultRefused(e, form, name, `the special register ${x.name}.${e.member} (read-only)`, ctx);
}

/** otherResultFits' report of a result that is no register (`what`), where the form's first operand is its result. */
function resultRefused(e: A.Expr, form: InstructionForm, name: string, what: string, ctx: InstructionCheckContext): boolean {
  const r = form.operands[0];
  if (e.kind === 'sink' && SINK_FIRST_REFUSED.has(form.opcode)) {
    // (An input written first: ptxas reads a first operand '_' as a discarded result all the same.)
    ctx.report('PTX502', `operand 1 of ${name} is no result to discard: the sink '_' is not taken here`, e.span);
    return false;
  }
  if (r === undefined || (r.kind !== 'value' && r.kind !== 'pred-pair') || !RESULT_NAME.test(r.name)) return true;
  ctx.report('PTX502', `operand 1 of ${name} is its result: it must be a register, not ${what}`, e.span);
  return false;
}

/**
 * The opcodes whose result is no sink `_` (measured with ptxas 13.0 on each: "Result discard mode is
 * not allowed for instruction 'add'"); atom, lop3, setp, mbarrier.arrive's state, match.all, and
 * elect's and shfl's predicate take one. ptxas crashes (signal 11) on a sink result of ldmatrix,
 * mma, wmma.load, movmatrix, tcgen05.ld and clusterlaunchcontrol (no verdict: the matrix fragments
 * stay refused, fragmentListFits; the others are left alone, as are opcodes not measured).
 */
const SINK_REFUSED: ReadonlySet<string> = new Set([
  'add', 'sub', 'mul', 'mad', 'div', 'rem', 'abs', 'neg', 'min', 'max', 'and', 'or', 'xor', 'not', 'cnot', 'copysign', 'fma', 'rcp', 'sqrt', 'rsqrt',
  'sin', 'cos', 'lg2', 'ex2', 'tanh', 'brev', 'addc', 'subc', 'madc', 'mad24', 'mul24', 'sad', 'mov', 'cvt', 'ld', 'ldu', 'shl', 'shr', 'popc', 'clz',
  'bfind', 'bfe', 'bfi', 'selp', 'slct', 'set', 'testp', 'isspacep', 'istypep', 'cvta', 'mapa', 'getctarank', 'activemask', 'shfl', 'vote', 'redux',
  'prmt', 'dp4a', 'dp2a', 'szext', 'bmsk', 'fns', 'stacksave', 'alloca', 'suq', 'txq', 'suld', 'tex', 'tld4', 'createpolicy', 'multimem', 'bar', 'barrier',
  'vadd', 'vsub', 'vabsdiff', 'vmin', 'vmax', 'vshl', 'vshr', 'vset', 'vmad', 'vadd2', 'vsub2', 'vavrg2', 'vabsdiff2', 'vmin2', 'vmax2', 'vset2',
  'vadd4', 'vsub4', 'vavrg4', 'vabsdiff4', 'vmin4', 'vmax4', 'vset4',
  // Fresh mutation seed 1509 (the 'sink-result' kind): "Result discard mode is not allowed for instruction 'shf.l'".
  'shf',
]);

/** Opcodes whose first operand is an input, refused as the sink `_` too ("Result discard mode is not allowed for instruction 'bar'"; measured with ptxas 13.0 on each). */
const SINK_FIRST_REFUSED: ReadonlySet<string> = new Set(['bar', 'barrier', 'nanosleep', 'brx', 'pmevent', 'stackrestore', 'cp', 'setmaxnreg']);

/** Whether the sink `_` as the whole first operand (a result) of `form` is refused (SINK_REFUSED; match.any, not match.all; mbarrier's test_wait, try_wait and pending_count, not arrive). */
function sinkResultRefused(form: InstructionForm): boolean {
  const op = form.opcode;
  if (op === 'match') return form.operands[0]!.kind === 'value';
  if (op === 'mbarrier') return form.operands[0]!.name !== 'state';
  return SINK_REFUSED.has(op);
}

/**
 * A braced list written first (a result: ld, ldu, mov, tex, tld4, suld, atom, mma, ldmatrix,
 * wmma.load, tcgen05.ld, clusterlaunchcontrol): no constant or WARP_SZ among its elements (measured
 * with ptxas 13.0: "Result register required for instruction 'ld'"; a special register's element
 * is taken by ld).
 */
function resultListFits(o: A.VectorOperand, name: string, ctx: InstructionCheckContext): boolean {
  const els = o.elements;
  for (let k = 0; k < els.length; k++) {
    const el = els[k]!;
    if (el.kind !== 'expr') continue;
    const e = el.expr;
    if (e instanceof NameRefNode ? e.name !== 'WARP_SZ' : !constantResult(e) && !(e.kind === 'name' && e.name === 'WARP_SZ')) continue;
    ctx.report('PTX502', `operand 1 of ${name} is its result: an element of its list must be a register or the sink '_', not ${e.kind === 'name' ? 'WARP_SZ (a constant)' : 'a constant'}`, el.span);
    return false;
  }
  return true;
}

/**
 * A braced list read as an input (not written first; an address's braced coordinates): no sink `_`
 * among its elements (measured with ptxas 13.0 on st, st.async, red and atom .v2, multimem.st/red,
 * mov.b64's source, sust's coordinates and value, tex's and cp.async.bulk.tensor's coordinates,
 * mma's and wgmma's A and C: "Sink '_' not allowed as a source operand"). mov's vector form
 * (`mov.v2.b32 %v, {%r1, _}`) takes one.
 */
function sourceListFits(ins: A.Instruction, op: string, o: A.VectorOperand, name: string, ctx: InstructionCheckContext): boolean {
  const els = o.elements;
  for (let k = 0; k < els.length; k++) {
    const el = els[k]!;
    if (el.kind !== 'expr' || el.expr.kind !== 'sink') continue;
    if (op === 'mov' && vectorWidth(ins.modifiers) > 1) return true;
    // (A list of sinks only: "Unable to infer type of vector elements" first, mixedVectorFits.)
    if (els.every((x) => x.kind === 'expr' && x.expr.kind === 'sink')) return true;
    ctx.report('PTX502', `${name}: the sink '_' is for results only; it cannot be read in a braced list`, el.span);
    return false;
  }
  return true;
}

/** Opcodes (not typed by ROLES) whose result is no braced list (measured with ptxas 13.0 on each); atom's without .v2/.v4/.v8 too (operandShapes). */
const VECTOR_RESULT_REFUSED: ReadonlySet<string> = new Set(['bar', 'barrier', 'activemask', 'shfl', 'match', 'dp4a', 'dp2a', 'mapa', 'getctarank', 'szext', 'bmsk', 'fns', 'mbarrier', 'stacksave', 'alloca', 'suq', 'txq']);

/** The scalar video instructions (the SIMD ones, vadd2 ... vset4, take a mask on d). */
const VIDEO_SCALAR: ReadonlySet<string> = new Set(['vadd', 'vsub', 'vabsdiff', 'vmin', 'vmax', 'vshl', 'vshr', 'vset', 'vmad']);

/**
 * The scalar video instructions' selectors (measured with ptxas 13.0 on each): `d.dsel` only in the
 * merge form, with c and no secondary operation ("Video selector is not allowed on destination for
 * instruction 'vadd'", "Video instruction cannot have destination selector and secondary
 * operation"), never on vmad's d; no selector on c ("Video selector is not allowed on 'source C'
 * operand").
 */
function videoSelectorsFit(ins: A.Instruction, op: string, name: string, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const d = ops[0];
  // `.b01`, `.b12`, `.b23` on d and c are no selector to ptxas (taken in every form, with a secondary
  // operation and on vmad too; measured with ptxas 13.0, session 18); on a and b they are refused below.
  if (d !== undefined && d.kind === 'expr' && d.expr.kind === 'member' && !NOT_SELECTORS.has(d.expr.member)) {
    const w = ins.modifiers;
    const op2 = w.includes('.add') || w.includes('.min') || w.includes('.max');
    if (op === 'vmad' || ops.length < 4 || op2) {
      ctx.report('PTX502', `${name}: a selector on the result (${d.expr.member}) ${op === 'vmad' ? 'is not taken by vmad' : op2 ? 'and a secondary operation do not go together' : 'needs the merge form, with a fourth operand c'}`, d.span);
      return false;
    }
  }
  const c = ops[3];
  if (c !== undefined && c.kind === 'expr' && c.expr.kind === 'member' && !NOT_SELECTORS.has(c.expr.member)) {
    ctx.report('PTX502', `operand 4 of ${name} (c) takes no selector (${c.expr.member})`, c.span);
    return false;
  }
  // vmad: "Operand negation limited to either (source A xor source B) or source C" (measured with ptxas 13.0,
  // session 18: -c with exactly one of -a, -b is refused; -a -b -c is taken).
  if (op === 'vmad' && ops.length === 4 && negated(ops[3]!) && negated(ops[1]!) !== negated(ops[2]!)) {
    ctx.report('PTX502', `${name}: c is negated with only one of a and b (negate a and b together, or c alone)`, ops[3]!.span);
    return false;
  }
  if (op === 'vmad' && d !== undefined && negated(d)) {
    ctx.report('PTX502', `${name}: the result cannot be negated`, d.span);
    return false;
  }
  for (let i = 0; i < ops.length; i++) if (!videoRegisterFits(ops[i]!, i, op, name, ctx)) return false;
  for (let i = 0; i < 3 && i < ops.length; i++) {
    const sel = selectorOf(ops[i]!);
    if (sel !== undefined && !SCALAR_SELECTOR.test(sel) && !(i === 0 && NOT_SELECTORS.has(sel))) {
      ctx.report('PTX516', `operand ${i + 1} of ${name} takes no selector .${sel}`, ops[i]!.span);
      return false;
    }
  }
  return true;
}

/** A register named by `e`: its name, declared type and that type's facts (undefined for .b128), or undefined. */
function namedRegister(e: A.Expr, ctx: InstructionCheckContext): { name: string; type: string; info: TypeInfo | undefined } | undefined {
  if (e.kind !== 'name') return undefined;
  const type = ctx.registerType(e.name);
  return type === undefined ? undefined : { name: e.name, type, info: registerTypeInfo(type) };
}

/**
 * A video operand's register under a selector or a negation (`%r1.b0`, `-%r1`; a plain register is
 * ROLES' `V`/`U`), measured with ptxas 13.0 on sm_90a (session 25, the scalar and SIMD ones and vmad):
 * a 32-bit integer or bit-size register or a .f16x2 one (not for vset's, vset2's and vset4's d and c);
 * a 64-bit one "Unknown field '.b0'", a .f32 one "Arguments mismatch", a negated .f16x2 one "Illegal
 * argument to unary minus".
 */
function videoRegisterFits(o: A.Operand, i: number, op: string, name: string, ctx: InstructionCheckContext): boolean {
  if (o.kind !== 'expr') return true;
  const neg = o.expr.kind === 'unary' && o.expr.op === '-';
  const e = neg ? (o.expr as A.UnaryExpr).operand : o.expr;
  const held = e.kind === 'member' ? e.object : neg ? e : undefined;
  const reg = held === undefined ? undefined : namedRegister(held, ctx);
  const r = reg?.info;
  if (r === undefined) return true;
  const packedRefused = neg || ((op === 'vset' || op === 'vset2' || op === 'vset4') && (i === 0 || i === 3));
  if (r.size === 32 && r.kind !== K.Float && r.kind !== K.Pred && !(r.kind === K.Packed && packedRefused)) return true;
  ctx.report('PTX503', `operand ${i + 1} of ${name} must be a 32-bit integer or bit-size register${packedRefused ? '' : ' or a .f16x2 one'}; ${reg!.name} is ${reg!.type}`, o.span);
  return false;
}

/** A register operand negated (`-%r1`, `-%r1.b0`; not a constant). */
function negated(o: A.Operand): boolean {
  return o.kind === 'expr' && o.expr.kind === 'unary' && o.expr.op === '-' && (o.expr.operand.kind === 'name' || o.expr.operand.kind === 'member');
}

/** A video operand's selector (`%r1.h10`: 'h10'; `-%r1.b0` too), if it has one. */
function selectorOf(o: A.Operand): string | undefined {
  if (o.kind !== 'expr') return undefined;
  const e = o.expr.kind === 'unary' ? o.expr.operand : o.expr;
  return e.kind === 'member' ? e.member : undefined;
}

/**
 * The SIMD video instructions' selectors (measured with ptxas 13.0, data/video-selectors.ts): a mask on
 * d (`.h0`, `.h1`, `.h10`; byte lanes `.b0` ... `.b3210`), a lane selector on a and b (`.hxy`, `.bxyzw`),
 * none on c ("Video selector is not allowed on 'source C' operand"); no constant source.
 */
function simdSelectorsFit(ins: A.Instruction, op: string, name: string, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const two = VIDEO_SIMD2.has(op);
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    // No constant source either (measured: ptxas 13.0 says "Incorrect video selector for operand N" of a constant a, b or c, WARP_SZ too).
    if (i > 0 && o.kind === 'expr' && (constantResult(o.expr) || (o.expr.kind === 'name' && o.expr.name === 'WARP_SZ'))) {
      ctx.report('PTX502', `operand ${i + 1} of ${name} must be a register, not a constant`, o.span);
      return false;
    }
    if (!videoRegisterFits(o, i, op, name, ctx)) return false;
    const sel = selectorOf(o);
    if (sel === undefined) continue;
    if (i === 3) {
      ctx.report('PTX502', `operand 4 of ${name} (c) takes no selector (${sel})`, ops[i]!.span);
      return false;
    }
    const fits = i === 0 ? (two ? SIMD2_MASKS : SIMD4_MASKS).has(sel) : (two ? SIMD2_SOURCE : SIMD4_SOURCE).test(sel);
    if (!fits) {
      ctx.report('PTX516', `operand ${i + 1} of ${name} takes no selector .${sel}: ${i === 0 ? `the result mask is one of ${[...(two ? SIMD2_MASKS : SIMD4_MASKS)].map((m) => '.' + m).join(', ')}` : two ? 'a source takes .hxy, x and y lanes 0-3' : 'a source takes .bxyzw, lanes 0-7'}`, ops[i]!.span);
      return false;
    }
  }
  return true;
}

/** A constant (`1`, `-1.0`) where a result goes. */
function constantResult(e: A.Expr): boolean {
  return e.kind === 'int' || e.kind === 'float' || (e.kind === 'unary' && (e.operand.kind === 'int' || e.operand.kind === 'float'));
}

/** Role `I`: a constant; a register there is "Arguments mismatch" (reported). */
function constantOperand(ins: A.Instruction, name: string, i: number, o: A.Operand, ctx: InstructionCheckContext): boolean {
  if (o.kind === 'expr' && o.expr.kind === 'name' && ctx.registerType(o.expr.name) !== undefined) {
    ctx.report('PTX502', `operand ${i + 1} of ${name} must be a constant, not the register ${o.expr.name}`, o.span);
    return false;
  }
  return true;
}

/** A register of type `r` where `want` goes (a .f16x2 register is no predicate and no .u32). Both plainOperandFits and operandFits ask this. */
function registerOperandFits(want: TypeInfo, r: TypeInfo, relaxed: boolean): boolean {
  return registerFits(want, r, relaxed) && !(r.kind === K.Packed && (want === PRED || want === U32));
}

/**
 * The common operands operandFits would pass, told without it: a register whose type fits, an
 * integer constant where no float or .f16x2 is wanted. False means "ask operandFits" (which
 * reports), not "refused". Registers are judged by registerOperandFits, shared with operandFits.
 */
function plainOperandFits(o: A.Operand, i: number, want: TypeInfo, relaxed: boolean, ctx: InstructionCheckContext): boolean {
  // The parser's operand and name classes first (most operands): `kind` read from the many shapes
  // of operands and expressions is a megamorphic load.
  let e: A.Expr;
  if (o instanceof ExprOperandNode) e = o.expr;
  else if (o.kind !== 'expr') return false;
  else e = o.expr;
  let name: string;
  if (e instanceof NameRefNode) name = e.name;
  else if (e.kind === 'name') name = e.name;
  else return e.kind === 'int' && want.kind !== K.Float && want.kind !== K.Packed;
  // (Operand i is this name alone: the checker has its symbol by position.)
  const t = ctx.operandRegisterType(i, name);
  if (t === undefined) return false;
  // The last register type's answer first (most operands of an instruction share one type).
  let r: TypeInfo | undefined;
  if (t === lastType) r = lastTypeInfo;
  else {
    r = registerTypeInfo(t);
    lastType = t;
    lastTypeInfo = r;
  }
  if (r === undefined) return true;
  // And the last verdict for the same wanted type, register type and rule.
  if (r === lastR && want === lastWant && relaxed === lastRelaxed) return lastFits;
  lastR = r;
  lastWant = want;
  lastRelaxed = relaxed;
  return (lastFits = registerOperandFits(want, r, relaxed));
}

let lastType = '';
let lastTypeInfo: TypeInfo | undefined;
let lastR: TypeInfo | undefined;
let lastWant: TypeInfo | undefined;
let lastRelaxed = false;
let lastFits = false;

/**
 * The rules of an instruction's operand shapes before their types: a vector's `|p`, vector counts,
 * address registers and spaces, and the opcode-specific ones. False when one reported. Called for
 * every instruction: this part holds the loop over the common operands (registers and names); the
 * other operands' rules (otherOperandShape) and the rules after the loop (shapesAfter) are in
 * functions of their own, too large to be inlined, so that a rule first reached late in a file
 * recompiles that function, not this one (it was compiled six times on the distinct file).
 */
function operandShapes(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const op = plan.op;
  const ops = ins.operands;
  const name = plan.name;
  // Braced lists first: ptxas finds their problems while it reads the operands.
  pendingProblem = undefined;
  const d = ops[0];
  if (d instanceof ExprOperandNode && !resultFits(d.expr, form, name, ctx)) return false;
  // (Names with a leading '%' are registers but in a module that names a variable so.)
  const percent = ctx.percentVariables === true ? -1 : C_PERCENT;
  // Only mov and cvt read a special register (their own rules say which); WARP_SZ is a constant.
  const specials = op !== 'mov' && op !== 'cvt';
  // Whether an operand is a list or an address (or of a shape not the parser's): the loops over those run only then.
  let lists = false;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    // (The parser's classes first, as in plainOperandFits: `kind` read from many shapes is a megamorphic load.)
    if (o instanceof ExprOperandNode) {
      const e = o.expr;
      if (e instanceof NameRefNode) {
        const c = e.name.charCodeAt(0);
        if (c !== percent && !variableAloneFits(ins, i, e, name, ctx)) return false;
        if (specials && c === C_PERCENT && maybeSpecialRegister(e.name) && SPECIAL_REGISTERS.has(e.name) && ctx.registerType(e.name) === undefined) return specialRefused(name, i, e.name, e.span, ctx);
        continue;
      }
      if (!specials) {
        if (e.kind === 'member' && !selectorAllowed(op, e, i, name, ctx)) return false;
        continue;
      }
    } else lists = true;
    if (!otherOperandShape(ins, op, o, i, name, percent, ctx)) return false;
  }
  return shapesAfter(ins, plan, form, ctx, lists);
}

/**
 * operandShapes' rules of an operand that is not a name: a special register's member outside mov
 * and cvt (an expression of the parser's class, asked only then), a braced list, an address (its
 * braced coordinates, a texture handle), an expression of a shape not the parser's.
 */
function otherOperandShape(ins: A.Instruction, op: string, o: A.Operand, i: number, name: string, percent: number, ctx: InstructionCheckContext): boolean {
  if (o instanceof ExprOperandNode) {
    const e = o.expr;
    if (e.kind === 'member' && e.object.kind === 'name' && SPECIAL_REGISTERS.has(e.object.name) && ctx.registerType(e.object.name) === undefined)
      return specialRefused(name, i, `${e.object.name}.${e.member}`, e.span, ctx);
    return e.kind !== 'member' || selectorAllowed(op, e, i, name, ctx);
  }
  return listOperandShape(ins, op, o, i, name, percent, ctx);
}

/**
 * A byte or half-word selector (`%r1.b0`, `%r1.h1`) on a register operand outside a braced list:
 * the video instructions' only (measured with ptxas 13.0 on mov, add, cvt, st, shl, setp, prmt,
 * dp4a and vote: "Video selector is not allowed on source operand for instruction 'mov'", "... on
 * destination"; `{%r1.b0, %r2}` is taken); the video instructions' own are judged by videoRule and
 * simdVideoRule. `.b01`, `.b12`, `.b23` are no selector to ptxas outside the video instructions: taken
 * on a 32-bit register of any instruction (measured: add, mov, st, add.f32; a 64-bit one's "Unknown
 * field", left as a miss). Out of line: rare.
 */
function selectorAllowed(op: string, e: A.MemberExpr, i: number, name: string, ctx: InstructionCheckContext): boolean {
  if (e.object.kind !== 'name') return true;
  if (e.member.length === 1) return scalarElementFits(e, name, ctx);
  if (!VIDEO_SELECTOR_SHAPE.test(e.member) || VIDEO_OPCODES.has(op) || NOT_SELECTORS.has(e.member) || ctx.registerType(e.object.name) === undefined) return true;
  ctx.report('PTX516', `${name}: a byte or half-word selector (${e.object.name}.${e.member}) is allowed on the video instructions only, not on ${i === 0 ? 'the result' : `operand ${i + 1}`}`, e.span);
  return false;
}

/**
 * A one-letter member (`.x`, `.r`) is a vector element: a scalar register has none (measured with
 * ptxas 13.0: "Unknown video selector: '.x'", on a 64-bit one "Unknown field '.x'"; a .v2/.v4
 * register's are taken, so is %tid.x). `what` names the instruction or its operand.
 */
function scalarElementFits(e: A.MemberExpr, what: string, ctx: InstructionCheckContext): boolean {
  if (e.object.kind !== 'name' || ctx.registerType(e.object.name) === undefined) return true;
  ctx.report('PTX502', `${what}: ${e.object.name} is a scalar register; it has no element .${e.member}`, e.span);
  return false;
}

/** otherOperandShape's operands that are no expression of the parser's class (braced lists, addresses): a function of its own, as otherResultFits. */
function listOperandShape(ins: A.Instruction, op: string, o: A.Operand, i: number, name: string, percent: number, ctx: InstructionCheckContext): boolean {
  if (o.kind === 'vector') return (i !== 0 ? sourceListFits(ins, op, o, name, ctx) : resultListFits(o, name, ctx)) && vectorExpressionFits(o, i, name, ctx);
  if (o.kind === 'address') {
    if (o.elements.length > 1 && !coordinatesFit(ins, op, o, i, name, ctx)) return false;
    const h = o.elements[0];
    if (o.elements.length === 1 && h !== undefined && h.kind === 'expr' && !addressBaseFits(h.expr, name, ctx)) return false;
    return !(h !== undefined && h.kind === 'expr' && h.expr.kind === 'name' && h.expr.name.charCodeAt(0) !== percent && TEXTURE_OPS.has(op) && !textureHandleFits(op, h.expr, name, ctx));
  }
  return !(o.kind === 'expr' && o.expr.kind === 'name' && o.expr.name.charCodeAt(0) !== percent && !variableAloneFits(ins, i, o.expr, name, ctx));
}

/**
 * An address `[r]`, `[r+imm]` of a vector special register (measured with ptxas 13.0 on ld, st, atom and
 * prefetch, sm_90: "Illegal operand type for address/array-index"; `[%laneid]`, `[%clock64]` are taken).
 */
function addressBaseFits(e: A.Expr, name: string, ctx: InstructionCheckContext): boolean {
  const b = e.kind === 'binary' ? e.left : e;
  // (Each of them ends in 'd', no register of a family does: one character read for `[%rd1]`.)
  if (b.kind !== 'name' || b.name.charCodeAt(b.name.length - 1) !== 100 || !VECTOR_SPECIALS.has(b.name) || ctx.registerType(b.name) !== undefined) return true;
  ctx.report('PTX502', `${name}: ${b.name} has four components; an address takes a register or a scalar special register, not it`, b.span);
  return false;
}

/** listOperandShape's address of more than one element (`[tex, {c0, c1}]`): the braced coordinates are a vector expression too. A function of its own, as the rare case. */
function coordinatesFit(ins: A.Instruction, op: string, o: A.AddressOperand, i: number, name: string, ctx: InstructionCheckContext): boolean {
  const c = o.elements[o.elements.length - 1]!;
  return !(c.kind === 'vector' && (!sourceListFits(ins, op, c, name, ctx) || !vectorExpressionFits(c, i, name, ctx, (op === 'tex' || op === 'tld4') && arrayGeometry(ins.modifiers))));
}

/** operandShapes' rules after its loop over the operands (`lists`: an operand is not an expression of the parser's class). */
function shapesAfter(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext, lists: boolean): boolean {
  const op = plan.op;
  const ops = ins.operands;
  const name = plan.name;
  const roles = plan.roles;
  // (Set by mixedVectorFits in the calls above: TypeScript does not see that.)
  const pending = pendingProblem as { message: string; at: Span } | undefined;
  if (pending !== undefined) {
    ctx.report('PTX503', pending.message, pending.at);
    return false;
  }
  const first = ops[0];
  if (lists && first !== undefined && first.kind === 'vector' && first.predicate !== undefined && !predicateResultFits(first.predicate, name, form, ctx)) return false;
  // The opcode's own shape rule (lop3, the scalar video instructions, min/max, ld/st's vectors,
  // mbarrier's count gate, mma's block-scale ids and fragments: see shapeRuleOf), through one call
  // whatever the opcode: ld and st come early in every file, so this call is soon megamorphic, and
  // the first lop3 or vadd late in a file no longer throws this function's optimized code away (it
  // did, once per rule).
  if (!plan.shapeRule(ins, plan, form, ctx)) return false;
  if (op === 'ld' || op === 'st' || op === 'ldu') {
    // (Their vectors: shapeRule. No other opcode's rule applies to ld/st/ldu, so it may come first.)
  } else if (op === 'atom' || op === 'red' || op === 'multimem') {
    if (!atomicVectorShape(ins, name, plan, ctx)) return false;
  } else if (lists && first !== undefined && first.kind === 'vector' && VECTOR_RESULT_REFUSED.has(op)) {
    // ptxas "Vector operand is not allowed for instruction 'shfl'", "Arguments mismatch" (measured with ptxas 13.0 on each).
    ctx.report('PTX502', `operand 1 of ${name} must not be a vector`, first.span);
    return false;
  } else if (lists && roles !== undefined && op !== 'mov' && op !== 'atom' && op !== 'red') {
    // (atom/red .v2/.v4/.v8 take braced lists where the syntax writes `d` and `b`.)
    // ptxas: "Vector operand is not allowed for instruction 'add'" (where the form has none: cvt.rs takes one).
    for (let i = 0; i < ops.length; i++)
      if (ops[i]!.kind === 'vector' && form.operands[i]?.kind !== 'vector') {
        ctx.report('PTX502', `operand ${i + 1} of ${name} must not be a vector`, ops[i]!.span);
        return false;
      }
  }
  if (lists)
    for (let i = 0; i < ops.length; i++) {
      const o = ops[i]!;
      if (o.kind === 'address' && o.elements.length === 1 && !addressRegister(o.elements[0]!, ctx)) return false;
    }
  if (plan.space !== null && !spaceFits(ins, name, plan, ctx)) return false;
  // mov's shapes, st.bulk's named operands, the other opcodes' rules (lateRuleOf): one call, as shapeRule's.
  return plan.lateRule(ins, plan, form, ctx);
}

/**
 * Where atom, red and multimem take a vector (measured with ptxas 13.0 on sm_100a, found on
 * microsoft/mscclpp's inline PTX): the operand positions that hold the value(s) moved, by
 * instruction (multimem by its second word).
 */
const ATOMIC_VALUE_OPERANDS: ReadonlyMap<string, readonly number[]> = new Map([
  ['atom', [0, 2]],
  ['red', [1]],
  ['.ld_reduce', [0]],
  ['.st', [1]],
  ['.red', [1]],
]);
/** The multimem types that move as vectors (the floating-point ones); an integer multimem takes no braced list. */
const MULTIMEM_VECTOR_TYPES: ReadonlySet<string> = new Set(['.f16', '.bf16', '.f16x2', '.bf16x2', '.f32', '.f64', '.e5m2', '.e4m3', '.e5m2x2', '.e4m3x2', '.e5m2x4', '.e4m3x4']);

/**
 * atom/red/multimem against their vector word (measured with ptxas 13.0). atom and red (red.async
 * too) without `.v2/.v4/.v8` take no braced list ("Vector is not expected for argument 1 of
 * instruction 'red'", "Vector operand is not allowed for instruction 'atom'"); with one, the value
 * operands (atom's d and b, red's b) are braced lists or vector registers of that size ("Argument
 * vector size mismatch", "Vector expected for argument 1") and nothing else is braced. multimem:
 * an integer type takes no braced list; a floating-point one a braced list (never a vector
 * register) of exactly the vector size where it moves its value, of 1 without `.vN` for ld_reduce
 * and st; multimem.red without `.vN` takes none ("Vector of size 2 is expected for argument 1 of
 * instruction 'multimem.red'").
 */
function atomicVectorShape(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const op = plan.op;
  const n = plan.vectors;
  const ops = ins.operands;
  let positions: readonly number[] | undefined;
  let multimemFloat = false;
  if (op === 'multimem') {
    const sub = ins.modifiers[0];
    positions = sub === undefined ? undefined : ATOMIC_VALUE_OPERANDS.get(sub);
    if (positions === undefined) return true;
    for (let k = 0; k < ins.modifiers.length; k++) if (MULTIMEM_VECTOR_TYPES.has(ins.modifiers[k]!)) multimemFloat = true;
  } else positions = ATOMIC_VALUE_OPERANDS.get(op)!;
  // How many values a braced list at a value position holds: 0 where none is taken.
  const want = op === 'multimem' ? (!multimemFloat ? 0 : n === 1 && ins.modifiers[0] === '.red' ? 0 : n) : n === 1 ? 0 : n;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    const value = positions.includes(i);
    if (o.kind === 'vector') {
      if (!value || want === 0) {
        ctx.report('PTX502', `operand ${i + 1} of ${name} must not be a vector${value && op !== 'multimem' ? ' (a vector atom or red writes .v2, .v4 or .v8)' : ''}`, o.span);
        return false;
      }
      if (o.elements.length !== want) {
        ctx.report('PTX505', `${name} moves ${want === 1 ? 'one value' : `a vector of ${want}`}, not ${o.elements.length}`, o.span);
        return false;
      }
      continue;
    }
    if (!value || o.kind !== 'expr') continue;
    const e = o.expr;
    const v = e.kind === 'name' ? ctx.vectorRegister?.(e.name) : undefined;
    if (e.kind === 'name' && v !== undefined) {
      // A vector register: atom/red's b where the word asks for as many (elements typed later; as atom's d
      // nameOperandFits refuses it: ptxas 13.0 crashes on it); never multimem's.
      if (op !== 'multimem' && (n === 1 || v.count === n)) continue;
      ctx.report('PTX505', `${name} moves ${n === 1 ? 'one value' : `a vector of ${n}`}; ${e.name} is a vector register of ${v.count}`, o.span);
      return false;
    }
    if (n === 1 || e.kind === 'sink') continue;
    ctx.report('PTX505', `${name} moves a vector of ${n}: operand ${i + 1} must be a braced list of ${n}`, o.span);
    return false;
  }
  return true;
}

/** An opcode's shape rule (Plan.shapeRule, Plan.lateRule): false when it reported. */
type ShapeRule = (ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext) => boolean;

const noShapeRule: ShapeRule = () => true;

/** lop3's d is untyped (ROLES): a predicate register there is "Arguments mismatch" (measured with ptxas 13.0). */
const lop3Rule: ShapeRule = (ins, plan, form, ctx) => {
  const first = ins.operands[0];
  if (first instanceof ExprOperandNode && first.expr instanceof NameRefNode && ctx.registerType(first.expr.name) === '.pred') {
    ctx.report('PTX503', `operand 1 of ${plan.name} is a value result: it must be a register of a value type, not the predicate ${first.expr.name} (write d|p for a predicate result)`, first.span);
    return false;
  }
  return true;
};

/** The scalar video instructions: their selectors. */
const videoRule: ShapeRule = (ins, plan, form, ctx) => videoSelectorsFit(ins, plan.op, plan.name, ctx);

/** The SIMD video instructions: their selectors. */
const simdVideoRule: ShapeRule = (ins, plan, form, ctx) => simdSelectorsFit(ins, plan.op, plan.name, ctx);

/** min/max: their three-input form's gate. */
const minMaxRule: ShapeRule = (ins, plan, form, ctx) => ins.operands.length !== 4 || threeInputGate(plan.name, ctx, ins);

/**
 * ldu's braced result with `.v2`/`.v4` (measured with ptxas 13.0 on sm_90a, session 25's mutations):
 * that many elements ("Argument vector size mismatch for instruction 'ldu'"); without `.vN`, a braced
 * one is taken.
 */
const lduRule: ShapeRule = (ins, plan, form, ctx) => {
  const o = ins.operands[0];
  const n = plan.vectors;
  if (n === 1 || o === undefined || o.kind !== 'vector' || o.elements.length === n) return true;
  ctx.report('PTX505', `${plan.name} loads a vector of ${n}, not ${o.elements.length}`, o.span);
  return false;
};

/** ld/st proper (not st.async, st.bulk, ...: ptxas does not check their vectors the same way). */
const vectorRule: ShapeRule = (ins, plan, form, ctx) => !LD_ST_FAMILIES.has(form.family) || vectorShape(ins, plan.name, plan, ctx);

/** mbarrier.arrive/arrive_drop with a count: its gate (arriveCountGate). */
const mbarrierRule: ShapeRule = (ins, plan, form, ctx) => ins.operands.length !== 3 || arriveCountGate(plan.name, ctx, ins);

/** mma `.block_scale`: its scale operands' kinds (mmaScaleOperandsFit), the byte-id and thread-id constants (mmaScaleIdsFit). */
const mmaRule: ShapeRule = (ins, plan, form, ctx) =>
  (ins.operands.length !== 8 && ins.operands.length !== 10) ||
  !ins.modifiers.includes('.block_scale') ||
  (mmaScaleOperandsFit(ins, plan.name, ctx) && mmaScaleIdsFit(ins, plan.name, ctx));

/** shapesAfter's first opcode rule for an opcode (Plan.shapeRule). */
function shapeRuleOf(op: string): ShapeRule {
  if (op === 'ld' || op === 'st') return vectorRule;
  if (op === 'ldu') return lduRule;
  if (op === 'lop3') return lop3Rule;
  if (op === 'min' || op === 'max') return minMaxRule;
  if (VIDEO_SCALAR.has(op)) return videoRule;
  if (VIDEO_SIMD2.has(op) || VIDEO_SIMD4.has(op)) return simdVideoRule;
  if (op === 'mbarrier') return mbarrierRule;
  if (op === 'mma') return mmaRules;
  if (op === 'ldmatrix') return ldmatrixRules;
  if (op === 'stmatrix') return stmatrixRules;
  if (op === 'wgmma') return wgmmaFirstRules;
  if (op === 'wmma') return wmmaFirstRules;
  return noShapeRule;
}

const movRule: ShapeRule = (ins, plan, form, ctx) => movShape(ins, plan.name, plan, ctx);

/** st.bulk's named operands, size and initval; st.async's [mbar]. */
const stRule: ShapeRule = (ins, plan, form, ctx) => form.family === 'st' || (form.family === 'st.async' ? stAsyncMbarrierFits(ins, plan.name, ctx) : namedOperandsFit(ins, plan.name, form, ST_NAMED_ROLES, ctx));

/**
 * st.async's `[mbar]` needs `.mbarrier::complete_tx::bytes` (measured with ptxas 13.0 on sm_90 and
 * sm_100a: "Modifier '.shared::cluster' requires modifier '.completion_mechanism'"; the form without
 * `[mbar]` and the word is the release form's, `st.async.b32 [a], b`).
 */
function stAsyncMbarrierFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  if (ins.operands.length < 3 || ins.modifiers.includes('.mbarrier::complete_tx::bytes')) return true;
  ctx.report('PTX500', `${name}: the [mbar] operand needs the completion mechanism .mbarrier::complete_tx::bytes`, ins.opcodeSpan);
  return false;
}

/**
 * Packed types (not typed by TYPES) whose sources take no constant, integer or floating-point, on
 * these opcodes (measured with ptxas 13.0 on sm_100a: `add.u16x2 %r1, %r2, 7`, `min.relu.s16x2 ..., 1`,
 * `add.f32x2 %rd1, %rd2, 1.0`, `fma.rn.f32x2 %rd1, 7, %rd2, %rd3`, `(1+1)` and WARP_SZ too: "Arguments mismatch").
 */
const NO_CONSTANT_TYPES: ReadonlySet<string> = new Set(['.u16x2', '.s16x2', '.f32x2']);
const NO_CONSTANT_OPS: ReadonlySet<string> = new Set(['add', 'sub', 'mul', 'fma', 'min', 'max']);

/** The late rule of a spelling of NO_CONSTANT_TYPES: no constant source, then the opcode's own rule. */
function noConstantRule(next: ShapeRule): ShapeRule {
  return (ins, plan, form, ctx) => {
    const ops = ins.operands;
    for (let i = 1; i < ops.length; i++) {
      const o = ops[i]!;
      if (o.kind !== 'expr') continue;
      const e = o.expr;
      if (e.kind === 'name' ? e.name !== 'WARP_SZ' : constantKind(e, true) === undefined) continue;
      ctx.report('PTX504', `operand ${i + 1} of ${plan.name} must be a register: ${plan.t1} takes no constant`, o.span);
      return false;
    }
    return next(ins, plan, form, ctx);
  };
}

/** shapesAfter's rule after the address checks, for an opcode (Plan.lateRule). */
function lateRuleOf(op: string): ShapeRule {
  return op === 'mov' ? movRule : op === 'st' ? stRule : OPCODE_RULES.get(op) ?? noShapeRule;
}

/** `{d...}|p`: ptxas "Predicate output not allowed for instruction 'mov'" where the form has no `d|p`, "Predicate output expected" for a register of another type. */
function predicateResultFits(p: A.Expr, name: string, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  if (form.operands[0]?.kind !== 'pred-pair') {
    ctx.report('PTX502', `${name} has no predicate result: operand 1 takes no '|p'`, p.span);
    return false;
  }
  return predicateRegisterFits(p, name, ctx);
}

/** The `p` of a `d|p` result: a .pred register (or anything not a register, judged elsewhere): "Predicate output expected". */
function predicateRegisterFits(p: A.Expr, name: string, ctx: InstructionCheckContext): boolean {
  const pt = p.kind === 'name' ? ctx.registerType(p.name) : undefined;
  if (pt !== undefined && pt !== '.pred') {
    ctx.report('PTX503', `the predicate result of ${name} must be a .pred register; ${(p as A.NameRef).name} is ${pt}`, p.span);
    return false;
  }
  return true;
}

/**
 * isspacep's address (measured with ptxas 13.0): a 32- or 64-bit integer or bit-size register, a
 * register or variable plus an offset, or an integer constant; a predicate, floating-point, 8- or
 * 16-bit register is "Arguments mismatch", a special register "Special register argument not
 * allowed", a variable alone (`gv`, where `gv+0` is taken) "must be register", a floating-point
 * constant "Arguments mismatch".
 */
function isspacepAddressFits(o: A.Operand, name: string, ctx: InstructionCheckContext): boolean {
  const special = specialName(o);
  if (special !== undefined && ctx.registerType(special) === undefined) return specialRefused(name, 1, special, o.span, ctx);
  if (!classFits(o, Cls.Address, name, 1, 'an address', ctx)) return false;
  if (o.kind === 'expr' && o.expr.kind === 'name' && ctx.registerType(o.expr.name) === undefined && ctx.variableSpace(o.expr.name) !== undefined) {
    ctx.report('PTX502', `operand 2 of ${name} must be a register (move the address of '${o.expr.name}' into one, or write ${o.expr.name}+0)`, o.span);
    return false;
  }
  return true;
}

/**
 * mma.sp's sparsity metadata (operand 5, `e`): a 32-bit register of any type (measured with ptxas
 * 13.0: .b32, .s32, .f32 and .pred taken; .b16, .f16, .b64, .f64 and a constant "Arguments mismatch").
 */
function sparsityMetadataFits(o: A.Operand, name: string, ctx: InstructionCheckContext): boolean {
  return classFits(o, Cls.Metadata, name, 4, 'the sparsity metadata', ctx);
}

/**
 * mma.sp's sparsity selector (operand 6, `f`): its largest value by shape and A type (measured with
 * ptxas 13.0 on sm_80, sm_90a, sm_100a and sm_120a, `.sp` and `.sp::ordered_metadata` alike: "Argument
 * 6 of instruction 'Sparse mma': value '2' out of range, expected to be in range [0..1]"; the FP8,
 * FP6 and FP4 types "Argument 5 of instruction 'mma': unexpected value '1', expected to be 0"). The
 * .f16 m16n8k32 range follows the result type: [0..3] with .f32, [0..1] with .f16. ptxas evaluates a
 * constant expression there (`2-1` taken, `1+1` out of range); only a plain or negated literal is
 * judged here.
 */
function sparsitySelectorFits(o: A.Operand, name: string, ctx: InstructionCheckContext): boolean {
  const v = o.kind === 'expr' ? intConstant(o.expr) : undefined;
  if (v === undefined) return true;
  const m = SPARSE_MMA_TYPES.exec(name);
  if (m === null) return true;
  const max = sparsitySelectorMax(Number(m[1]), m[2]!, m[3]!);
  if (max === undefined || (v >= 0n && v <= max)) return true;
  ctx.report('PTX502', `operand 6 of ${name} (the sparsity selector) must be ${max === 0n ? 'the constant 0' : `a constant from 0 to ${max}`} with this shape and type`, o.span);
  return false;
}

/** An mma.sp spelling's K, result type and A type. */
const SPARSE_MMA_TYPES = /\.m16n8k(\d+)\.row\.col(?:\.kind::f8f6f4)?(?:\.satfinite)?\.(\w+)\.(\w+)\./;

/** The sparsity selector's largest value (sparsitySelectorFits); undefined where unmeasured. */
function sparsitySelectorMax(k: number, d: string, a: string): bigint | undefined {
  switch (a) {
    case 'e4m3': case 'e5m2': case 'e2m1': case 'e2m3': case 'e3m2': return 0n;
    case 's8': case 'u8': return k === 32 ? 1n : k === 64 ? 0n : undefined;
    case 's4': case 'u4': return k === 64 ? 1n : k === 128 ? 0n : undefined;
    case 'tf32': return k === 8 ? 3n : k === 16 ? 1n : undefined;
    case 'bf16': return k === 16 ? 3n : k === 32 ? 1n : undefined;
    case 'f16': return k === 16 ? 3n : k === 32 ? (d === 'f32' ? 3n : 1n) : undefined;
    default: return undefined;
  }
}

/**
 * The rules of particular opcodes that come before the address checks: one function per opcode,
 * chosen once per spelling (shapeRuleOf, Plan.shapeRule), so that each opcode's calls land in a
 * small function of its own (one that tested the opcode against each rule's was never optimized:
 * 2,499 bytes of bytecode, too few calls for TurboFan's ticks).
 */
function ldmatrixRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return fragmentListFits(ins, 0, name, ctx) && matrixCountFits(ins, name, ctx);
}

function stmatrixRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return fragmentListFits(ins, 1, name, ctx) && matrixCountFits(ins, name, ctx);
}

/** mma: its block-scale ids (mmaRule), then its fragments. */
function mmaRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  if (!mmaRule(ins, plan, form, ctx)) return false;
  const name = plan.name;
  if (!(fragmentListFits(ins, 0, name, ctx) && fragmentListFits(ins, 1, name, ctx) && fragmentListFits(ins, 2, name, ctx) && fragmentListFits(ins, 3, name, ctx))) return false;
  if (!mmaVectorWordFits(ins, plan, ctx)) return false;
  if (ins.operands.length === 6 && !sparsityMetadataFits(ins.operands[4]!, name, ctx)) return false;
  if (!namedRules(ins, plan, form, ctx)) return false;
  if (ins.operands.length === 6 && !sparsitySelectorFits(ins.operands[5]!, name, ctx)) return false;
  if (!mmaFragmentsFit(ins, name, ctx)) return false;
  if (!mmaFragmentCountsFit(ins, plan, ctx)) return false;
  if (!mmaResultSinkFits(ins, name, ctx)) return false;
  if (!mmaExpandedPredicatesFit(ins, name, ctx)) return false;
  return true;
}

function wgmmaFirstRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  return mmaVectorWordFits(ins, plan, ctx);
}

function wmmaFirstRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  if (ins.modifiers[0] !== '.mma' && !mmaVectorWordFits(ins, plan, ctx)) return false;
  return true;
}

/**
 * A sink `_` in the D of an FP8 mma (.e4m3/.e5m2 A, no `.kind::`, dense or sparse) on sm_90 to
 * sm_11x, where ptxas expands the instruction: "Result discard mode is not allowed for instruction
 * 'add'" (a fatal error at the line; measured with ptxas 13.0 on sm_89 to sm_121, found on
 * flashinfer). sm_89 and sm_120 and later take it, as every other mma does.
 */
function mmaResultSinkFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const d = ins.operands[0];
  if (d?.kind !== 'vector' || ctx.target === undefined) return true;
  let sink: A.Operand | undefined;
  for (let k = 0; k < d.elements.length && sink === undefined; k++) {
    const el = d.elements[k]!;
    if (el.kind === 'expr' && el.expr.kind === 'sink') sink = el;
  }
  if (sink === undefined) return true;
  const a = typeWord(ins.modifiers, 1);
  if ((a !== '.e4m3' && a !== '.e5m2') || ins.modifiers.some((w) => w.startsWith('.kind::'))) return true;
  const n = parsedTarget(ctx.target)?.number ?? 0;
  if (n < 90 || n >= 120) return true;
  ctx.report('PTX528', `${name}: the sink '_' is not allowed in the result of an FP8 mma on ${ctx.target} (ptxas expands it there; write a register)`, sink.span);
  return false;
}

/**
 * A predicate register in A or B of an FP8 mma (.e4m3/.e5m2, no `.kind::`; dense m16n8k16 and
 * m16n8k32, sparse m16n8k64, .f32 or .f16 D) on sm_90 to sm_11x, where ptxas expands the
 * instruction: "Arguments mismatch for instruction 'mov'" (measured with ptxas 13.0 on sm_89 to
 * sm_121a, every A/B type pair, predicates in A, B, both or one among .b32 registers; sm_89 and
 * sm_120 and later take them, as every other mma does; .f32 registers are taken everywhere).
 */
function mmaExpandedPredicatesFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  if (ctx.target === undefined) return true;
  const a = typeWord(ins.modifiers, 1);
  if ((a !== '.e4m3' && a !== '.e5m2') || ins.modifiers.some((w) => w.startsWith('.kind::'))) return true;
  const n = parsedTarget(ctx.target)?.number ?? 0;
  if (n < 90 || n >= 120) return true;
  for (let i = 1; i <= 2; i++) {
    const o = ins.operands[i];
    if (o?.kind !== 'vector') continue;
    for (let k = 0; k < o.elements.length; k++) {
      const el = o.elements[k]!;
      if (el.kind !== 'expr' || el.expr.kind !== 'name' || ctx.registerType(el.expr.name) !== '.pred') continue;
      ctx.report('PTX503', `operand ${i + 1} of ${name}: a predicate register (${el.expr.name}) is not allowed in ${i === 1 ? 'A' : 'B'} of an FP8 mma on ${ctx.target} (ptxas expands it there; write a .b32 register)`, el.span);
      return false;
    }
  }
  return true;
}

/**
 * wgmma.mma_async(.sp)'s braced D and A against the registers a thread holds (measured with ptxas
 * 13.0 on the .f16, .bf16, .tf32, FP8, 8-bit integer and .b1 forms, dense and sparse, descriptor and
 * register A, N from 8 to 256, D made one more or less, half and double, A 1, 2 or 8: 1,539 lines,
 * "Argument vector size mismatch", found on flashinfer): D holds N/2 registers (.f32, .s32) or N/4
 * (.f16); a braced A, 4. A `.v2`/`.v4`/`.v8` word is mmaVectorWordFits's.
 */
function wgmmaFragmentCountsFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const w = ins.modifiers;
  let N = 0;
  for (let j = 0; j < w.length; j++) {
    const x = w[j]!;
    if (x === '.v2' || x === '.v4' || x === '.v8') return true;
    if (N === 0 && x.startsWith('.m64n')) {
      const m = /^\.m64n(\d+)k\d+$/.exec(x);
      if (m !== null) N = +m[1]!;
    }
  }
  const d = typeWord(w, 0);
  if (N === 0 || N % 8 !== 0) return true;
  const want = [d === '.f16' ? N / 4 : d === '.f32' || d === '.s32' ? N / 2 : 0, 4];
  for (let i = 0; i < 2; i++) {
    const o = ins.operands[i];
    const n = want[i]!;
    if (o?.kind !== 'vector' || n === 0 || o.elements.length === n) continue;
    ctx.report('PTX505', `${name}: ${'DA'[i]} (operand ${i + 1}) is ${n} registers per thread for .m64n${N} ${i === 0 ? d : ''}: a braced list of ${n}, not ${o.elements.length}`.replace(' :', ':'), o.span);
    return false;
  }
  // D's registers by its type (measured with ptxas 13.0 on sm_90a, a list of each register type: "Arguments
  // mismatch"): .f32 a .f32 or .b32 one, .f16 a .f16x2 or .b32 one, .s32 a 32-bit integer or bit-size one.
  const cls = d === '.f32' ? Cls.FragF32 : d === '.f16' ? Cls.FragF16 : d === '.s32' ? Cls.FragInt32 : undefined;
  const o = ins.operands[0];
  if (cls === undefined || o?.kind !== 'vector' || o === joinedList) return true;
  for (const r of o.elements) if (!classFits(r, cls, name, 0, `D, ${d}`, ctx)) return false;
  return true;
}

/** wgmma's immediate operands and the values ptxas takes (wgmmaImmediatesFit). */
const WGMMA_IMMEDIATES: ReadonlyMap<string, readonly bigint[]> = new Map([
  ['scale-d', [0n, 1n]],
  ['imm-scale-a', [1n, -1n]],
  ['imm-scale-b', [1n, -1n]],
  ['imm-trans-a', [0n, 1n]],
  ['imm-trans-b', [0n, 1n]],
]);

/**
 * wgmma.mma_async(.sp)'s scale-d, a predicate or the constant 0 or 1; imm-scale-a/b, the constant 1
 * or -1; imm-trans-a/b, 0 or 1 (measured with ptxas 13.0 on the .f16, FP8 and integer forms, dense
 * and sparse: another register is "Arguments mismatch", another value "Argument 4 of instruction
 * 'wgmma.mma_async with floating point types': unexpected value '2'", found on flashinfer).
 */
function wgmmaImmediatesFit(ins: A.Instruction, form: InstructionForm, name: string, ctx: InstructionCheckContext): boolean {
  const transA = form.operands[1]?.name === 'a-desc' && ins.operands[1]?.kind === 'vector' ? form.operands.findIndex((o) => o.name === 'imm-trans-a') : -1;
  if (transA >= 0 && ins.operands.length > transA) {
    // A braced A with the descriptor form's imm-trans-a (measured: "Arguments mismatch"): the
    // register-A form has none (the .tf32 and 8-bit forms have none in either: their counts agree).
    ctx.report('PTX501', `${name}: with A as a braced list of registers the form takes one immediate fewer (no imm-trans-a)`, ins.operands[1].span);
    return false;
  }
  for (let i = 0; i < form.operands.length && i < ins.operands.length; i++) {
    const allowed = WGMMA_IMMEDIATES.get(form.operands[i]!.name);
    const o = ins.operands[i]!;
    if (allowed === undefined || o.kind !== 'expr') continue;
    const e = o.expr;
    // (WARP_SZ is 32 there, measured with ptxas 13.0 on sm_90a, session 26: "unexpected value '32', expected to be 0 or 1".)
    const v = intOrWarpSize(e, ctx);
    const pred = form.operands[i]!.name === 'scale-d' && ((e.kind === 'name' && ctx.registerType(e.name) === '.pred') || (e.kind === 'unary' && e.op === '!'));
    if (pred || (v !== undefined && allowed.includes(v))) continue;
    if (e.kind === 'name' && ctx.registerType(e.name) === undefined && v === undefined) continue;
    const what = form.operands[i]!.name === 'scale-d' ? 'a predicate or the constant 0 or 1' : `the constant ${allowed[0]} or ${allowed[1]}`;
    ctx.report('PTX502', `operand ${i + 1} of ${name} (${form.operands[i]!.name}) must be ${what}`, o.span);
    return false;
  }
  return true;
}

/**
 * The bulk tensor copies' load modes (measured with ptxas 13.0 on sm_100a, session 23: every mode
 * with .1d to .5d, coordinate lists of 1 to 5 and a lone register, no im2col offsets, braced lists of
 * 1 to 3 and a lone register, on cp.async.bulk.tensor both ways, cp.async.bulk.prefetch.tensor and
 * cp.reduce.async.bulk.tensor: 3,360 lines, each mode and dimension taken in exactly one shape): the
 * dimensions it goes with ("Modifier '.1d' cannot be combined with modifier '.tile::gather4'"), the
 * coordinates (0: as many as the dimension; "Argument vector size mismatch"), the im2col offsets
 * (0: none, "Arguments mismatch"; -2: two fewer than the dimension; 2: {wHalo, wOffset}). No load
 * mode is `.tile`.
 */
interface TensorLoadMode { readonly lo: number; readonly hi: number; readonly coordinates: number; readonly offsets: number }
const TENSOR_LOAD_MODES: ReadonlyMap<string, TensorLoadMode> = new Map([
  ['.tile', { lo: 1, hi: 5, coordinates: 0, offsets: 0 }],
  ['.tile::gather4', { lo: 2, hi: 2, coordinates: 5, offsets: 0 }],
  ['.tile::scatter4', { lo: 2, hi: 2, coordinates: 5, offsets: 0 }],
  ['.im2col', { lo: 3, hi: 5, coordinates: 0, offsets: -2 }],
  ['.im2col::w', { lo: 3, hi: 5, coordinates: 0, offsets: 2 }],
  ['.im2col::w::128', { lo: 3, hi: 5, coordinates: 0, offsets: 2 }],
  ['.im2col_no_offs', { lo: 3, hi: 5, coordinates: 0, offsets: 0 }],
]);

/**
 * The bulk tensor copies' operands by their words (TENSOR_LOAD_MODES; measured as there, and the
 * operands after [mbar] or [srcMem] on sm_100a with and without `.multicast::cluster` and
 * `.L2::cache_hint`, each left out, doubled or braced: 920 lines): `[tensorMap, {coordinates}]`, a
 * braced list even of one ("Vector expected for argument 1"); to shared memory `[dstMem]` before it
 * and `[mbar]` after, then the im2col offsets (a braced list) if the mode has them, the ctaMask with
 * `.multicast::cluster`, the cache policy with `.L2::cache_hint`, none other ("Arguments mismatch");
 * neither of the last two braced ("Vector is not expected"). The prefetch: the offsets and the
 * cache policy after the tensor; to global memory and the reduction: `[srcMem]` and the cache policy.
 */
function tensorOperandsFit(ins: A.Instruction, name: string, family: string, ctx: InstructionCheckContext): boolean {
  const w = ins.modifiers;
  let dim = 0;
  let modeWord = '.tile';
  for (let j = 0; j < w.length; j++) {
    const x = w[j]!;
    if (x.length === 3 && x.endsWith('d') && x >= '.1d' && x <= '.5d') dim = x.charCodeAt(1) - 48;
    else if (TENSOR_LOAD_MODES.has(x)) modeWord = x;
  }
  const mode = TENSOR_LOAD_MODES.get(modeWord)!;
  if (dim === 0) return true;
  if (dim < mode.lo || dim > mode.hi) {
    ctx.report('PTX500', `${name}: ${modeWord} goes with ${mode.lo === mode.hi ? `.${mode.lo}d only` : `.${mode.lo}d to .${mode.hi}d`}, not .${dim}d`, ins.opcodeSpan);
    return false;
  }
  const toShared = family === 'cp.async.bulk.tensor' && w.includes('.mbarrier::complete_tx::bytes');
  const at = toShared ? 1 : 0;
  const fixed = toShared ? 3 : family === 'cp.async.bulk.prefetch.tensor' ? 1 : 2;
  const offsets = fixed === 2 ? 0 : mode.offsets < 0 ? dim + mode.offsets : mode.offsets;
  const mask = toShared && w.includes('.multicast::cluster');
  const hint = w.includes('.L2::cache_hint');
  const ops = ins.operands;
  const want = fixed + Number(offsets > 0) + Number(mask) + Number(hint);
  if (ops.length !== want) {
    const tail = [offsets > 0 ? `the im2col offsets of ${modeWord}` : '', mask ? 'the ctaMask of .multicast::cluster' : '', hint ? 'the cache policy of .L2::cache_hint' : ''].filter(Boolean);
    ctx.report('PTX501', `${name} takes ${want} operands, not ${ops.length}: ${tail.length ? `after the tensor${toShared ? ' and [mbar]' : ''}, ${tail.join(', ')}` : 'no operand after the tensor' + (fixed > 1 ? ` and ${toShared ? '[mbar]' : '[srcMem]'}` : '')}`, ins.opcodeSpan);
    return false;
  }
  const a = ops[at]!;
  if (a.kind !== 'address' || a.elements.length !== 2) return true;
  const c = a.elements[1]!;
  const count = mode.coordinates || dim;
  if (c.kind !== 'vector') {
    ctx.report('PTX502', `${name}: the coordinates are a braced list of ${count}, even of one (${modeWord === '.tile' ? '' : modeWord + ', '}.${dim}d)`, c.span);
    return false;
  }
  if (c.elements.length !== count) {
    ctx.report('PTX505', `${name}: ${mode.coordinates ? `${modeWord} takes ${count} coordinates` : `a ${dim}-dimensional tensor takes ${dim === 1 ? 'one coordinate' : `${dim} coordinates`}`}: a braced list of ${count}, not ${c.elements.length}`, c.span);
    return false;
  }
  if (!listOfSizeFits(c, 32, name, 'the coordinates', ctx)) return false;
  for (let i = fixed; i < ops.length; i++) {
    const o = ops[i]!;
    if (i === fixed && offsets > 0) {
      if (o.kind !== 'vector') {
        ctx.report('PTX502', `${name}: the im2col offsets of ${modeWord} are a braced list of ${offsets}`, o.span);
        return false;
      }
      if (o.elements.length !== offsets) {
        ctx.report('PTX505', `${name}: the im2col offsets of ${modeWord}${mode.offsets < 0 ? ` on a ${dim}-dimensional tensor` : ''} are ${offsets === 1 ? 'one value' : `${offsets} values`}: a braced list of ${offsets}, not ${o.elements.length}`, o.span);
        return false;
      }
      if (!listOfSizeFits(o, 16, name, 'the im2col offsets', ctx)) return false;
    } else if (o.kind === 'vector') {
      ctx.report('PTX502', `${name}: the ${mask && i === ops.length - 1 - Number(hint) ? 'ctaMask' : 'cache policy'} is one value, not a braced list`, o.span);
      return false;
    }
  }
  return true;
}

/**
 * A braced list of registers of one type (measured with ptxas 13.0 on the bulk tensor copies, sm_100a):
 * that type must be an integer or bit-size one of `size` bits (coordinates 32, im2col offsets 16;
 * "Arguments mismatch"). Lists of differing types make a bit-size type (vectorExpressionFits's
 * rule: `{%f1, %r1}` is taken), constants go with any.
 */
function listOfSizeFits(o: A.VectorOperand, size: number, name: string, what: string, ctx: InstructionCheckContext): boolean {
  let one: string | undefined;
  let at: A.NameRef | undefined;
  for (const r of o.elements) {
    if (r.kind !== 'expr' || r.expr.kind !== 'name') continue;
    const t = ctx.registerType(r.expr.name);
    if (t === undefined) continue;
    if (one !== undefined && t !== one) return true;
    one = t;
    at ??= r.expr;
  }
  const ti = one === undefined ? undefined : TYPES.get(one);
  if (at === undefined || ti === undefined || (isInt(ti) && ti.size === size)) return true;
  ctx.report('PTX503', `${name}: ${what} must be ${size}-bit integer or bit-size registers; ${at.name} is ${one}`, at.span);
  return false;
}

/** The bits of an mma input element by its type word (.e2m1 and the FP6 types in an 8-bit container under `.kind::f8f6f4`). */
const MMA_INPUT_BITS: ReadonlyMap<string, number> = new Map([
  ['.f16', 16], ['.bf16', 16], ['.tf32', 32], ['.f64', 64], ['.s8', 8], ['.u8', 8], ['.s4', 4], ['.u4', 4], ['.b1', 1],
  ['.e4m3', 8], ['.e5m2', 8], ['.e2m1', 4], ['.e3m2', 6], ['.e2m3', 6],
]);

/**
 * mma's and mma.sp's braced D, A, B and C against the registers a thread holds of an MxNxK product
 * (measured with ptxas 13.0 on 51 forms: .f16, .bf16, .tf32, .f64, 8- and 4-bit integer, .b1, FP8
 * and `.kind::f8f6f4` shapes, dense and sparse, each list made 1, 2, 4, 8, half, double and one more
 * than its size: 734 lines, "Argument vector size mismatch for instruction 'mma'", found on
 * flashinfer). D and C hold M*N/32 elements (.f16 two to a register); A holds M*K elements' bits over
 * 32 threads of 32-bit registers (.f64 one a register), half of that when sparse; B likewise N*K;
 * .m8n8k4 with .f16 inputs is a quad-pair shape (A and B 2, D and C 4 of .f16 or 8 of .f32). ptxas
 * takes B of any size with the FP8 .m16n8k16 form (measured: 1 to 8), which is left alone, as are
 * forms with a `.v2`/`.v4` word (mmaVectorWordFits) and forms of fewer than four types. `.block_scale`
 * (measured with ptxas 13.0 on sm_120a, the .kind::mxf4, mxf4nvf4 and mxf8f6f4 forms, dense and sparse,
 * each list one shorter and longer, half and double): as the others, `.kind::mxf8f6f4` in 8-bit
 * containers, and each {byte-id, thread-id} a braced list of 2.
 */
function mmaFragmentCountsFit(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): boolean {
  // (What the words decide, once per spelling: the instruction only compares its lists' lengths.)
  let counts = plan.mmaCounts;
  if (counts === undefined) plan.mmaCounts = counts = mmaCountsOf(ins.modifiers);
  if (counts === null) return true;
  const want = counts.want;
  for (let i = 0; i < 4; i++) {
    const o = ins.operands[i];
    const n = want[i];
    if (o?.kind !== 'vector' || n === undefined || !Number.isInteger(n) || n < 1 || o.elements.length === n) continue;
    ctx.report('PTX505', `${plan.name}: ${'DABC'[i]} (operand ${i + 1}) is ${n === 1 ? 'one register' : `${n} registers`} per thread for .m${counts.m}n${counts.n}k${counts.k} ${counts.types[i]}: a braced list of ${n}, not ${o.elements.length}`, o.span);
    return false;
  }
  // `.block_scale`: after C (and mma.sp's e and f) scale-a-data, {byte-id-a, thread-id-a}, scale-b-data,
  // {byte-id-b, thread-id-b}; each id pair a braced list of 2 (scale data may be braced, `{%r7}`: taken).
  for (let i = counts.idsFrom; i >= 0 && i < ins.operands.length; i += 2) {
    const o = ins.operands[i]!;
    if (o.kind !== 'vector' || o.elements.length === 2) continue;
    ctx.report('PTX505', `${plan.name}: operand ${i + 1} is a scale factor's {byte-id, thread-id}: a braced list of 2, not ${o.elements.length}`, o.span);
    return false;
  }
  return true;
}

/** What mmaFragmentCountsFit reads of an mma's words: the registers per thread of D, A, B, C (null: not checked). */
interface MmaCounts {
  want: readonly (number | undefined)[];
  m: number;
  n: number;
  k: number;
  types: readonly string[];
  /** `.block_scale`: the first {byte-id, thread-id} operand (-1: none). */
  idsFrom: number;
}

function mmaCountsOf(w: readonly string[]): MmaCounts | null {
  let M = 0;
  let N = 0;
  let K = 0;
  let kind8 = false;
  let sparse = false;
  let blockScale = false;
  for (let j = 0; j < w.length; j++) {
    const x = w[j]!;
    if (x === '.v2' || x === '.v4' || x === '.v8') return null;
    if (x === '.block_scale') blockScale = true;
    else if (x === '.sp' || x === '.sp::ordered_metadata') sparse = true;
    else if (x === '.kind::f8f6f4' || x === '.kind::mxf8f6f4') kind8 = true;
    else if (x === '.kind::mxf4' || x === '.kind::mxf4nvf4') continue;
    else if (x.startsWith('.kind::')) return null;
    else if (M === 0 && x.startsWith('.m')) {
      const m = /^\.m(\d+)n(\d+)k(\d+)$/.exec(x);
      if (m !== null) {
        M = +m[1]!;
        N = +m[2]!;
        K = +m[3]!;
      }
    }
  }
  const d = typeWord(w, 0);
  const a = typeWord(w, 1);
  const b = typeWord(w, 2);
  const c = typeWord(w, 3);
  if (M === 0 || d === undefined || a === undefined || b === undefined || c === undefined) return null;
  const accumulator = (t: string): number | undefined => (t === '.f16' ? (M * N) / 64 : t === '.f32' || t === '.s32' || t === '.f64' ? (M * N) / 32 : undefined);
  const input = (rows: number, t: string): number | undefined => {
    const bits = MMA_INPUT_BITS.get(t);
    if (bits === undefined) return undefined;
    return t === '.f64' ? (rows * K) / 32 : (rows * K * (kind8 ? 8 : bits)) / 1024;
  };
  let want: (number | undefined)[];
  if (M === 8 && N === 8 && K === 4 && a === '.f16') want = [d === '.f16' ? 4 : 8, 2, 2, c === '.f16' ? 4 : 8];
  else {
    const an = input(M, a);
    const bn = (a === '.e4m3' || a === '.e5m2') && !kind8 && M === 16 && N === 8 && K === 16 ? undefined : input(N, b);
    want = [accumulator(d), an === undefined ? undefined : sparse ? an / 2 : an, bn, accumulator(c)];
  }
  return { want, m: M, n: N, k: K, types: [d, a, b, c], idsFrom: blockScale ? (sparse ? 7 : 5) : -1 };
}

/**
 * mma's braced d, a, b and c (measured with ptxas 13.0 on sm_80, sm_90 and sm_120a, every register
 * type in each fragment of 25 forms, all elements of one type: test/ptx/instructions/family-cases.ts):
 * a list of registers of one type against the class of its fragment's type word (Cls.FragF16 ...).
 * A type word not measured, or a list of mixed types, is not checked.
 */
function mmaFragmentsFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  // (.sp: a .f32 d or c takes any 32-bit register, except with fp8 inputs.)
  const a = typeWord(ins.modifiers, 1);
  const sparse = a !== '.e4m3' && a !== '.e5m2' && ins.modifiers.some((w) => w === '.sp' || w === '.sp::ordered_metadata');
  const ops = ins.operands;
  for (let i = 0; i < 4 && i < ops.length; i++) {
    const o = ops[i]!;
    if (o.kind !== 'vector') continue;
    const t = typeWord(ins.modifiers, i);
    if (t === undefined) return true;
    if (!mmaListTypesAgree(o, name, i, ctx)) return false;
    const cls = mmaFragmentClass(t, i === 1 || i === 2, sparse);
    // (Only a list of registers of one type: a mixed list whose neighbours agree fits every class.)
    if (cls === undefined || !sameRegisterType(o, ctx)) continue;
    if (!classFits(o.elements[0]!, cls, name, i, `an element of ${'dabc'[i]}`, ctx)) return false;
  }
  return true;
}

/**
 * A matrix fragment (mma's and wmma.mma's d, a, b and c, wmma.load's d, wmma.store's r, ldmatrix's
 * d, stmatrix's r): a braced list or a vector register (measured with ptxas 13.0: a scalar register, a constant,
 * WARP_SZ or a special register is "Vector expected for argument 2", "Arguments mismatch" or
 * "Vector of size 1 is expected"; stmatrix .x1 `[sbuf], %r0` too, session 23). Other operand kinds (an address) are the other rules'.
 */
function fragmentListFits(ins: A.Instruction, i: number, name: string, ctx: InstructionCheckContext): boolean {
  const o = ins.operands[i];
  if (o === undefined || o.kind !== 'expr') return true;
  const e = o.expr;
  if (e.kind === 'name' && ctx.vectorRegister?.(e.name) !== undefined) return true;
  ctx.report('PTX505', `operand ${i + 1} of ${name} is a matrix fragment: it must be a braced list of registers (or a vector register), not '${e.kind === 'name' ? e.name : 'this expression'}'`, o.span);
  return false;
}

/**
 * mma's braced lists (measured with ptxas 13.0 on d, a, b and c of the .f16, .f32, .s32, .f64,
 * .bf16, .tf32 and .s8 forms): each element's register type must agree with the one before it
 * ("Vector with elements of different types are not allowed in mma instruction"): the same type,
 * or a bit-size one on either side (a .b32 also next to a predicate), or two integer types.
 * Only neighbours are compared: `{%f1, %r2, %u3}` is taken, `{%f1, %u2}` refused. Registers of
 * different sizes are left to the other rules.
 */
function mmaListTypesAgree(o: A.VectorOperand, name: string, at: number, ctx: InstructionCheckContext): boolean {
  let prev: TypeInfo | undefined;
  let prevName = '';
  let prevType = '';
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    const rn = el.kind === 'expr' && el.expr.kind === 'name' ? el.expr.name : undefined;
    const rt = rn === undefined ? undefined : ctx.registerType(rn);
    const r = rt === undefined ? undefined : TYPES.get(rt);
    if (r !== undefined && prev !== undefined && rt !== prevType && r.kind !== K.Bit && prev.kind !== K.Bit) {
      const ints = isInt(r) && isInt(prev) && r.size === prev.size;
      if (!ints && (r.size === prev.size || r.kind === K.Pred || prev.kind === K.Pred)) {
        ctx.report('PTX503', `operand ${at + 1} of ${name}: the elements of a braced list must have agreeing types; ${prevName} is ${prevType} and ${rn} is ${rt}`, el.span);
        return false;
      }
    }
    prev = r;
    prevName = rn ?? '';
    prevType = rt ?? '';
  }
  return true;
}

/** Whether every element of a braced list is a register of the first one's declared type. */
function sameRegisterType(o: A.VectorOperand, ctx: InstructionCheckContext): boolean {
  let t: string | undefined;
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    const rt = el.kind === 'expr' && el.expr.kind === 'name' ? ctx.registerType(el.expr.name) : undefined;
    if (rt === undefined || (t !== undefined && rt !== t)) return false;
    t = rt;
  }
  return t !== undefined;
}

function mmaFragmentClass(t: string, input: boolean, sparse: boolean): Cls | undefined {
  switch (t) {
    case '.f16':
      return Cls.FragF16;
    case '.f32':
      return input ? undefined : sparse ? Cls.FragAny32 : Cls.FragF32;
    case '.s32':
      return input ? undefined : Cls.FragInt32;
    case '.f64':
      return Cls.Frag64;
    case '.bf16':
    case '.tf32':
      return input ? (sparse ? Cls.FragAny32 : Cls.FragB32) : undefined;
    case '.s8':
    case '.u8':
    case '.s4':
    case '.u4':
    case '.b1':
    case '.e4m3':
    case '.e5m2':
    case '.e2m1':
    case '.e3m2':
    case '.e2m3':
      return input ? Cls.FragAny32 : undefined;
    default:
      return undefined;
  }
}

/**
 * The rules of particular opcodes after the shape and address checks (operandShapes): one function
 * per opcode, chosen once per spelling (lateRuleOf, Plan.lateRule; OPCODE_RULES). False when one
 * reported. An opcode without one here has none.
 */
function cvtaRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if (ops.length === 2 && ops[1]!.kind === 'expr' && ops[1]!.expr.kind === 'name' && ins.modifiers.includes('.to') && ctx.variableSpace(ops[1]!.expr.name)) {
    // ptxas "Argument 1 of instruction 'cvta.to': must be register".
    ctx.report('PTX502', `operand 2 of ${name} must be a register holding a generic address, not the variable '${ops[1]!.expr.name}' (use cvta without .to, or mov)`, ops[1]!.span);
    return false;
  }
  return true;
}

/**
 * atom without .cas with a fourth operand and no `.L2::cache_hint` (measured with ptxas 13.0 on sm_80 and
 * sm_100a): taken only as a register of a bit-size type's size, .b32 or .b128 (`atom.exch.b32 d, [a], b,
 * %r4` and `%f4`, `atom.exch.b128 ..., %q4`); a constant, a 64-bit register (read as a cache policy:
 * ".L2::cache_hint modifier required for instruction 'atom' with 4 arguments"), a register of another
 * size ("Arguments mismatch"), and any fourth operand with .b64 or a typed (.u32, .f32 ...) operation are refused.
 */
function atomRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const w = ins.modifiers;
  if (ops.length !== 4 || w.includes('.cas') || w.includes('.L2::cache_hint')) return true;
  const o = ops[3]!;
  const t = plan.t1;
  const size = t === '.b32' || t === '.b128' ? registerBits(t) : 0;
  const rt = o.kind === 'expr' && o.expr.kind === 'name' ? ctx.registerType(o.expr.name) : undefined;
  // (A name not typed here: a variable, judged elsewhere ("must be register"), a special or vector register.)
  if (o.kind === 'expr' && o.expr.kind === 'name' && rt === undefined) return true;
  if (size !== 0 && rt !== undefined && registerBits(rt) === size) return true;
  ctx.report('PTX501', `${plan.name}: a fourth operand without .cas is the cache policy, which needs .L2::cache_hint (or, with .b32/.b128, a register of that size)`, o.span);
  return false;
}

/** A register type's facts, .b128 included (TYPES lists the types of values, not .b128). */
function registerTypeInfo(t: string): TypeInfo | undefined {
  return t === '.b128' ? B128 : TYPES.get(t);
}

/** A register type's size in bits, 0 when unknown. */
function registerBits(t: string): number {
  return registerTypeInfo(t)?.size ?? 0;
}

/**
 * cvt's operands its roles do not type (measured with ptxas 13.0 on sm_100a, "Arguments mismatch"): `.rs`'s rbits
 * (the last operand) a .b32 register, no other type, no constant; `cvt.rna{.satfinite}.tf32.f32`'s source no
 * .f64 constant (a decimal or 0d one, even in parentheses or negated; 0f taken, as `.rn`/`.rz` take both:
 * ptxas reports "Arguments mismatch for instruction 'mov'"); `cvt.pack`'s result and `.b32` operand (c) a
 * register of 32 bits or more (a 16-bit one refused; the .s16/.u16/.u8... type names the packed elements).
 */
function cvtRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const w = ins.modifiers;
  const name = plan.name;
  if (w[0] === '.pack') {
    for (const i of [0, 3]) {
      const o = ops[i];
      const t = o !== undefined && o.kind === 'expr' && o.expr.kind === 'name' ? ctx.registerType(o.expr.name) : undefined;
      const size = t === undefined ? 0 : registerBits(t);
      if (size === 0 || size >= 32) continue;
      ctx.report('PTX503', `operand ${i + 1} of ${name} must be a register of 32 bits or more (${i === 0 ? 'the packed result' : 'c, the .b32 source'}), not ${(o as A.ExprOperand & { expr: A.NameRef }).expr.name} (${t})`, o!.span);
      return false;
    }
    return true;
  }
  if (w.includes('.rs') && ops.length >= 3) {
    const o = ops[ops.length - 1]!;
    const e = o.kind === 'expr' ? o.expr : undefined;
    const t = e !== undefined && e.kind === 'name' ? ctx.registerType(e.name) : undefined;
    const constant = e !== undefined && constantKind(e, true) !== undefined;
    if (constant || (t !== undefined && t !== '.b32')) {
      ctx.report(constant ? 'PTX504' : 'PTX503', `operand ${ops.length} of ${name} (rbits, the random bits) must be a .b32 register, not ${constant ? 'a constant' : `${(e as A.NameRef).name} (${t})`}`, o.span);
      return false;
    }
  }
  if (plan.t1 === '.tf32' && w.includes('.rna') && ops.length === 2) {
    const o = ops[1]!;
    if (o.kind === 'expr' && constantKind(o.expr, true) === 'f64') {
      ctx.report('PTX504', `operand 2 of ${name} must not be a 64-bit floating-point constant (a decimal or 0d one): write it as 0f... or in a register`, o.span);
      return false;
    }
  }
  return true;
}

function isspacepRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if (ops.length === 2 && !isspacepAddressFits(ops[1]!, name, ctx)) return false;
  return true;
}

/** suld, sust: their vector word, then the surface rules (surfaceRules). */
function suldSustRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  if (!surfaceVectorFits(ins, name, ctx)) return false;
  return surfaceRules(ins, plan, form, ctx);
}

/** The texture and surface instructions (TEXTURE_OPS): tex and tld4 by textureFits, the others by surfaceFits. */
function textureRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return textureSamplerFits(ins, name, ctx) && textureFits(ins, name, plan, ctx);
}

/**
 * tex's and tld4's predicate result `d|p` (sm_60, .version 7.1) and sampler operand `[a, b, c]` (measured with ptxas 13.0 at .version 3.1 to 7.0,
 * unified and independent mode, the handles named or in registers, on tex, tex.level, tex.grad,
 * tex.a1d and tld4): in texmode_unified (the default) it needs .version 4.3 ("Feature 'tex' requires
 * PTX ISA .version 4.3 or later", 'tex.level', 'tld4' ...); in texmode_independent it is required at
 * every .version ("Argument 2 of instruction 'tex': .samplerref or .u64 register expected" for
 * `[a, c]`), and a texture or sampler in a register needs .version 4.3 ("Feature 'indirect texture
 * access with texmode_independent' requires PTX ISA .version 4.3 or later"). Out of line: rare.
 */
function textureSamplerFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const d = ins.operands[0];
  if (d !== undefined && d.kind === 'vector' && d.predicate !== undefined) {
    // Measured (tex, tld4; .version 4.3 to 7.0, sm_35 to sm_75): "Feature 'Texture instruction with optional
    // predicate result' requires .target sm_60 or higher" (the target first), "... PTX ISA .version 7.1 or later".
    const t = ctx.target === undefined ? undefined : parsedTarget(ctx.target);
    if (t !== undefined && t.number < 60) {
      ctx.report('PTX509', `${name}: a predicate result (d|p) requires .target sm_60 or higher`, d.predicate.span);
      return false;
    }
    if (ctx.version !== undefined && ctx.version < 71) {
      ctx.report('PTX508', `${name}: a predicate result (d|p) requires PTX ISA .version 7.1 or later`, d.predicate.span);
      return false;
    }
  }
  const a = ins.operands[1];
  if (a === undefined || a.kind !== 'address') return true;
  const n = a.elements.length;
  const independent = ctx.texmodeIndependent === true;
  if (independent && n === 2) {
    ctx.report('PTX502', `${name}: under texmode_independent the address takes a sampler: [texture, sampler, coordinates]`, a.span);
    return false;
  }
  if (n !== 3 || ctx.version === undefined || ctx.version >= 43) return true;
  if (!independent) {
    ctx.report('PTX508', `${name} with a sampler operand ([texture, sampler, coordinates]) under texmode_unified requires PTX ISA .version 4.3 or later`, a.span);
    return false;
  }
  for (let k = 0; k < 2; k++) {
    const h = a.elements[k]!;
    if (h.kind === 'expr' && h.expr.kind === 'name' && ctx.registerType(h.expr.name) !== undefined) {
      ctx.report('PTX508', `${name}: a ${k === 0 ? 'texture' : 'sampler'} in a register (${h.expr.name}) under texmode_independent requires PTX ISA .version 4.3 or later`, h.span);
      return false;
    }
  }
  return true;
}

function surfaceRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return surfaceFits(ins, name, plan, ctx);
}

function clusterlaunchcontrolRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if (ins.modifiers[0] === '.query_cancel' && ops[0] !== undefined) {
    // Measured (ptxas 13.0, sm_100a, session 24): a .b128 register in the result, alone or in the braced list ("Arguments
    // mismatch"; 32-bit registers of any type taken), and the sink as is_canceled's predicate ("Result discard mode is not
    // allowed"; get_first_ctaid's results take it).
    const d = ops[0];
    if (plan.t1 === '.pred' && d.kind === 'expr' && d.expr.kind === 'sink') {
      ctx.report('PTX502', `${name}: the sink '_' is not taken as the predicate result`, d.span);
      return false;
    }
    for (const el of d.kind === 'vector' ? d.elements : [d]) {
      if (el.kind === 'expr' && el.expr.kind === 'name' && ctx.registerType(el.expr.name) === '.b128') {
        ctx.report('PTX503', `operand 1 of ${name}: its results are 32-bit registers, not the .b128 ${el.expr.name}`, el.span);
        return false;
      }
    }
  }
  if (ops[0]?.kind === 'expr' && plan.t1Info !== undefined && ins.modifiers[0] === '.query_cancel') {
    // Measured: query_cancel's scalar result is typed by its first type (.b32: any 32-bit register but a predicate; .pred: a predicate), "Arguments mismatch".
    const want = plan.t1 === '.pred' ? PRED : plan.t1Info;
    if (!plainOperandFits(ops[0], 0, want, false, ctx) && !operandFits(ins, name, 0, ops[0], want, plan.t1!, false, false, ctx)) return false;
  }
  return true;
}

function electRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return electFits(ins, name, ctx);
}

function movmatrixRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return movmatrixFits(ins, name, ctx);
}

/** wmma: its fragments, then its operands typed by name (NAMED_ROLES). */
function wmmaRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  if (!wmmaFragmentFits(ins, name, ctx)) return false;
  return namedRules(ins, plan, form, ctx);
}

/** wgmma: the register-A form's A, the fragment counts and immediates, the sparsity selector, then its operands typed by name (NAMED_ROLES). */
function wgmmaRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if (form.operands[1]?.name === 'a' && ops[1]?.kind === 'expr' && !(ops[1].expr.kind === 'name' && ctx.vectorRegister?.(ops[1].expr.name))) {
    // The register-A form (measured with ptxas 13.0): A is a braced list or a vector register
    // ("Vector expected for argument 1"; a descriptor there is "Arguments mismatch": the
    // descriptor form takes one more immediate, imm-trans-a).
    ctx.report('PTX502', `operand 2 of ${name} must be A as a braced list of registers (with a descriptor for A, the form takes one more immediate: ${form.syntax})`, ops[1].span);
    return false;
  }
  if ((form.family === 'wgmma.mma_async' || form.family === 'wgmma.mma_async.sp') && !(wgmmaFragmentCountsFit(ins, name, ctx) && wgmmaImmediatesFit(ins, form, name, ctx))) return false;
  if (form.family === 'wgmma.mma_async.sp') {
    // The sparsity selector (measured with ptxas 13.0): a constant, 0 or 1 with .f16/.bf16/.tf32 and
    // 0 with the FP8 and integer types ("Argument 4 of instruction 'Sparse wgmma.mma_async with FP8
    // types': unexpected value '1', expected to be 0"; a register is "Arguments mismatch").
    const at = form.operands.findIndex((o) => o.name === 'sp-sel');
    const o = at >= 0 ? ops[at] : undefined;
    if (o !== undefined) {
      const e = o.kind === 'expr' ? o.expr : undefined;
      const v = intConstant(e);
      const max = /\.(e4m3|e5m2|s8|u8)(\.|$)/.test(name) ? 0n : 1n;
      if (e !== undefined && (v === undefined ? e.kind === 'name' && ctx.registerType(e.name) !== undefined : v < 0n || v > max)) {
        ctx.report('PTX502', `operand ${at + 1} of ${name} (the sparsity selector) must be the constant ${max === 0n ? '0 with FP8 and integer types' : '0 or 1'}`, o.span);
        return false;
      }
    }
  }
  return namedRules(ins, plan, form, ctx);
}

/** cp: the bulk tensor copies' coordinates, cp.async's sizes, then its operands typed by name (NAMED_ROLES). */
function cpRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if ((form.family === 'cp.async.bulk.tensor' || form.family === 'cp.async.bulk.prefetch.tensor' || form.family === 'cp.reduce.async.bulk.tensor') && !tensorOperandsFit(ins, name, form.family, ctx)) return false;
  if ((form.family === 'cp.async.bulk' || form.family === 'cp.reduce.async.bulk' || form.family === 'cp.async.bulk.prefetch') && !copySpacesFit(ins, name, bulkCopySpaces(ins.modifiers), ctx)) return false;
  if (form.family === 'cp.async.bulk') {
    // The operands its words ask for, each word's one operand, none left out or added (measured with ptxas
    // 13.0 on sm_100a, every direction: `.multicast::cluster` without ctaMask, a cache policy without
    // `.L2::cache_hint` (`..., 16, %rd4` in the .bulk_group form, `..., [mbar], %rd4` to .shared::cluster),
    // `.cp_mask` without byteMask or with a cache policy but no `.L2::cache_hint`: "Arguments mismatch",
    // "Illegal modifier '.cp_mask'"). The text marks ctaMask, cache-policy and byteMask optional.
    const w = ins.modifiers;
    const want = (w.includes('.bulk_group') ? 3 : 4) + Number(w.includes('.multicast::cluster')) + Number(w.includes('.L2::cache_hint')) + Number(w.includes('.cp_mask'));
    if (ops.length !== want) {
      const words = ['.multicast::cluster', '.L2::cache_hint', '.cp_mask'].filter((x) => w.includes(x));
      ctx.report('PTX501', `${name} takes ${want} operands, not ${ops.length}: one for each of ${words.length ? words.join(', ') : 'no word'} (ctaMask, cache-policy, byteMask) after ${w.includes('.bulk_group') ? 'size' : '[mbar]'}`, ins.opcodeSpan);
      return false;
    }
  }
  if (form.family === 'cp.async') {
    // A size the form fixes (cp.async.cg: 16): ptxas "unexpected value '8', expected to be 16".
    // cp-size is the constant 4, 8 or 16 ("unexpected value '12', expected to be 4 or 8 or 16"; a
    // register is "Arguments mismatch"); a constant src-size is 0 to cp-size ("value '20' out of
    // range, expected to be in range [0..16]"). Measured with ptxas 13.0.
    // With .L2::cache_hint and four operands the fourth is the cache policy, not src-size (measured:
    // `-1`, `17` and a .b64 register taken there, a .b32 one "Arguments mismatch"; namedOperandsFit).
    if (!copySpacesFit(ins, name, CP_ASYNC_SPACES, ctx)) return false;
    const policyFourth = ops.length === 4 && ins.modifiers.includes('.L2::cache_hint');
    let size: bigint | undefined;
    for (let i = 0; i < ops.length && i < form.operands.length; i++) {
      const fixed = form.operands[i]!.name;
      const o = ops[i]!;
      const e = o.kind === 'expr' ? o.expr : undefined;
      if (i === 3 && policyFourth) break;
      // (WARP_SZ is 32 there: "value '32' out of range, expected to be in range [0..16]".)
      const v = intOrWarpSize(e, ctx);
      if (/^\d+$/.test(fixed) && o.kind === 'expr' && o.expr.kind === 'int' && o.expr.value !== BigInt(fixed)) {
        ctx.report('PTX502', `operand ${i + 1} of ${name} must be ${fixed}, not ${o.expr.raw}`, o.span);
        return false;
      }
      if (/^\d+$/.test(fixed)) size = BigInt(fixed);
      else if (fixed === 'cp-size' && e !== undefined) {
        if (v === undefined ? e.kind === 'name' && ctx.registerType(e.name) !== undefined : v !== 4n && v !== 8n && v !== 16n) {
          ctx.report('PTX502', `operand ${i + 1} of ${name} (cp-size) must be the constant 4, 8 or 16`, o.span);
          return false;
        }
        size = v;
      } else if (fixed === 'src-size' && v !== undefined && size !== undefined && (v < 0n || v > size)) {
        ctx.report('PTX502', `operand ${i + 1} of ${name} (src-size) must be 0 to ${size}, the cp-size`, o.span);
        return false;
      }
    }
  }
  return namedRules(ins, plan, form, ctx);
}

/**
 * cp.async's addresses by variable: the destination a .shared one, the source a .global one (measured with ptxas 13.0 on sm_80 and
 * sm_90a, .ca and .cg, `.shared` and `.shared::cta`: a .global, .shared, .const, .local or kernel .param variable in the other
 * place is "State space mismatch between instruction and address in instruction 'cp.async'"; registers are taken).
 */
const CP_ASYNC_SPACES: readonly (string | undefined)[] = ['.shared', '.global'];

/**
 * The bulk copies' (cp.async.bulk, cp.reduce.async.bulk, cp.async.bulk.prefetch; not .tensor) addresses by variable: each of the
 * first operands in the space its space word names, in order (`.shared::cta`/`.shared::cluster` a .shared variable), and
 * `[mbar]` a .shared one (measured with ptxas 13.0 on sm_90a and sm_100a, every direction, .global, .shared and .const
 * variables in each place: "State space mismatch between instruction and address in instruction 'cp.async.bulk'"; registers
 * are taken).
 */
function bulkCopySpaces(w: readonly string[]): (string | undefined)[] {
  const spaces: (string | undefined)[] = [];
  for (let k = 0; k < w.length; k++) {
    const x = w[k]!;
    if (x === '.global') spaces.push('.global');
    else if (x === '.shared::cta' || x === '.shared::cluster') spaces.push('.shared');
  }
  if (w.includes('.mbarrier::complete_tx::bytes')) spaces[3] = '.shared';
  return spaces;
}

/** Each address operand k holding a variable (plus an offset) of the space wants[k] (cp.async, the bulk copies). */
function copySpacesFit(ins: A.Instruction, name: string, wants: readonly (string | undefined)[], ctx: InstructionCheckContext): boolean {
  for (let k = 0; k < wants.length && k < ins.operands.length; k++) {
    const o = ins.operands[k]!;
    const want = wants[k];
    if (want === undefined || o.kind !== 'address' || o.elements.length !== 1 || o.elements[0]!.kind !== 'expr') continue;
    let x = o.elements[0]!.expr;
    if (x.kind === 'binary' && (x.op === '+' || x.op === '-')) x = x.left;
    if (x.kind !== 'name') continue;
    const vs = ctx.addressSpace !== undefined ? ctx.addressSpace(x.name) : addressSpaceOf(ctx.variableSpace(x.name));
    if (vs === undefined || !VARIABLE_SPACES.has(vs) || vs === want) continue;
    ctx.report('PTX502', `operand ${k + 1} of ${name} addresses the ${want} space; '${x.name}' is a ${vs} variable`, x.span);
    return false;
  }
  return true;
}

function setmaxnregRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  if (form.family === 'setmaxnreg' && ops[0]?.kind === 'expr') {
    // The register count (measured with ptxas 13.0): "value '264' out of range, expected to be in
    // range [24..256]", "unexpected value '23', expected to be multiple of 8".
    const e = ops[0].expr;
    const v = intConstant(e);
    if (v !== undefined && (v < 24n || v > 256n || v % 8n !== 0n)) {
      ctx.report('PTX502', `operand 1 of ${name} (the register count) must be a multiple of 8 from 24 to 256, not ${v}`, ops[0].span);
      return false;
    }
  }
  return true;
}

/** The operands typed by name (NAMED_ROLES) of an opcode that has them (st's: stRule). */
function namedRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  const named = NAMED_ROLES.get(plan.op);
  if (named !== undefined && !namedOperandsFit(ins, name, form, named, ctx)) return false;
  return true;
}

/**
 * tensormap: its operands typed by name (NAMED_ROLES); cp_fenceproxy's [dst] and [src] variables in the spaces its words
 * name, in order (bulkCopySpaces: `.global.shared::cta`, a .global then a .shared one; measured with ptxas 13.0 on sm_90a,
 * session 26: "State space mismatch between instruction and address in instruction 'tensormap.cp_fenceproxy'"). (replace's
 * address: spaceFits, SPACE_CHECKED.)
 */
function tensormapRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  if (!namedRules(ins, plan, form, ctx)) return false;
  return ins.modifiers[0] !== '.cp_fenceproxy' || copySpacesFit(ins, plan.name, bulkCopySpaces(ins.modifiers), ctx);
}

/** tcgen05: its operands typed by name (NAMED_ROLES), then ld's and st's registers. */
function tcgen05Rules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  return tcgen05CommitFits(ins, plan.name, ctx) && namedRules(ins, plan, form, ctx) && tcgen05RegistersFit(ins, plan, ctx) && tcgen05MmaTailFits(ins, plan, ctx);
}

/**
 * tcgen05.commit's ctaMask goes with `.multicast::cluster`, always and only (measured with ptxas 13.0 on
 * sm_100a, both CTA groups, with and without `.shared::cluster`, the mask left out, added, braced or
 * doubled: 40 lines, "Arguments mismatch for instruction 'tcgen05.commit'"); never braced.
 */
function tcgen05CommitFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  if (ins.modifiers[0] !== '.commit') return true;
  const mask = ins.modifiers.includes('.multicast::cluster');
  const ops = ins.operands;
  if (ops.length !== 1 + Number(mask)) {
    ctx.report('PTX501', `${name} takes ${mask ? 'two operands, [mbar] and the ctaMask of .multicast::cluster' : 'one operand, [mbar] (a ctaMask goes with .multicast::cluster)'}, not ${ops.length}`, ins.opcodeSpan);
    return false;
  }
  if (mask && ops[1]!.kind === 'vector') {
    ctx.report('PTX502', `${name}: the ctaMask is one register, not a braced list`, ops[1]!.span);
    return false;
  }
  return true;
}

/**
 * tcgen05.mma{.sp}'s operands after idesc, by `.kind::` (measured with ptxas 13.0 on sm_100a, dense and
 * `.sp`, `.cta_group::1`/`::2`, with `.collector::a::*` and `.ashift`): scale-input-d an integer constant,
 * 0 to 15 with .kind::f16/.kind::tf32 ("value '16' out of range, expected to be in range [0..15]"; a
 * register or 1.0 "Arguments mismatch"), any with .kind::i8 and none with .kind::f8f6f4 ("Illegal
 * modifier '.kind::f8f6f4' ... with 'arg scale-inp-d-imm'"). Two operands after idesc, the first no
 * braced list: enable-input-d and scale-input-d (so `%p5, %p6` is refused), with .kind::i8 also a
 * predicate mask and enable-input-d (`%p5, %p6` taken, `1, %p6` not). Three: the disable-output-lane
 * mask a braced list or a predicate register (`%p5, %p6, 1` taken; a 32-bit register "Arguments mismatch
 * for instruction 'selp'", a 64-bit one or a constant "Arguments mismatch"). Null: no scale-input-d.
 */
const TCGEN05_SCALE_INPUT_D: ReadonlyMap<string, readonly [bigint, bigint] | null | undefined> = new Map([
  ['.kind::f16', [0n, 15n]], ['.kind::tf32', [0n, 15n]], ['.kind::f8f6f4', null], ['.kind::i8', undefined],
]);

function tcgen05MmaTailFits(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): boolean {
  const w = ins.modifiers;
  if (w[0] !== '.mma' || w[1] === '.ws') return true;
  const kind = w.find((x) => TCGEN05_SCALE_INPUT_D.has(x));
  if (kind === undefined) return true;
  const ops = ins.operands;
  const at = w[1] === '.sp' ? 5 : 4;
  const n = ops.length - at;
  if ((n !== 2 && n !== 3) || (n === 2 && ops[at]!.kind === 'vector')) return true;
  // Each operand's kind: a braced list, a predicate or other register, an integer constant (a literal or an expression of them).
  const kinds: string[] = [];
  for (const o of ops.slice(at)) {
    if (o.kind === 'vector') { kinds.push('vector'); continue; }
    if (o.kind !== 'expr') return true;
    const e = o.expr;
    if (e.kind === 'name') {
      const t = ctx.registerType(e.name);
      if (t === undefined) return true;
      kinds.push(t === '.pred' ? 'pred' : 'register');
    } else kinds.push(intConstant(e) !== undefined ? 'int' : integerLiteralExpr(e) ? 'expr' : 'other');
  }
  const isInt = (k: string): boolean => k === 'int' || k === 'expr';
  const enable = (k: string): boolean => k === 'pred' || isInt(k);
  const range = TCGEN05_SCALE_INPUT_D.get(kind);
  const name = plan.name;
  const last = ops[ops.length - 1]!;
  if (range === null) {
    ctx.report('PTX502', `${name}: .kind::f8f6f4 takes no scale-input-d (after idesc: {disable-output-lane,} enable-input-d)`, last.span);
    return false;
  }
  if (n === 3 && kinds[0] !== 'vector' && kinds[0] !== 'pred') {
    ctx.report('PTX502', `operand ${at + 1} of ${name} (disable-output-lane) must be a braced list of registers or a predicate`, ops[at]!.span);
    return false;
  }
  if (n === 2 && range === undefined && ((enable(kinds[0]!) && isInt(kinds[1]!)) || (kinds[0] === 'pred' && enable(kinds[1]!)))) return true;
  const scale = kinds[n - 1]!;
  const v = last.kind === 'expr' ? intConstant(last.expr) : undefined;
  if (isInt(scale) && (range === undefined || v === undefined || (v >= range[0] && v <= range[1]))) return true;
  const want = range === undefined ? 'an integer constant' : `an integer constant from ${range[0]} to ${range[1]}`;
  ctx.report('PTX502', `operand ${ops.length} of ${name} (scale-input-d) must be ${want}`, last.span);
  return false;
}

/** bar/barrier (no roles: nothing is typed after their own operand rules). */
function barRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  barOperands(ins, name, ctx);
  return true;
}

function multimemRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return multimemScopeFits(ins, name, ctx) && multimemVectorFits(ins, name, ctx) && multimemValuesFit(ins, name, ctx);
}

/** multimem's scopes and memory orders other than `.weak`: each needs the other (MULTIMEM_SCOPE_ORDER). */
const MULTIMEM_SCOPES: readonly string[] = ['.cta', '.cluster', '.gpu', '.sys'];
const MULTIMEM_ORDERS: readonly string[] = ['.relaxed', '.acquire', '.release'];

/**
 * multimem.ld_reduce, st and red: a scope without a memory order, or an order without a scope
 * (measured with ptxas 13.0 on sm_100a, every order with every scope: "Modifier '.gpu' requires
 * order with 'multimem.st' instruction", "Modifier '.relaxed' requires scope with ...").
 */
function multimemScopeFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const mods = ins.modifiers;
  const scope = mods.find((w) => MULTIMEM_SCOPES.includes(w));
  const order = mods.find((w) => MULTIMEM_ORDERS.includes(w));
  if ((scope === undefined) === (order === undefined)) return true;
  const message = scope !== undefined ? `${name}: the scope ${scope} needs a memory order (.relaxed, .acquire or .release)` : `${name}: the memory order ${order} needs a scope (.cta, .cluster, .gpu or .sys)`;
  ctx.report('PTX530', message, ins.opcodeSpan);
  return false;
}

function createpolicyRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const name = plan.name;
  return createpolicyFits(ins, name, form, ctx);
}

/** The opcodes of PRED_RESULT_REFUSED. */
function predResultRules(ins: A.Instruction, plan: Plan, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const name = plan.name;
  // A predicate register where a value result goes (measured with ptxas 13.0 on each: "Arguments mismatch for instruction 'shfl'").
  const d = ops[0];
  if (d !== undefined && d.kind === 'expr' && d.expr.kind === 'name' && ctx.registerType(d.expr.name) === '.pred') {
    ctx.report('PTX503', `operand 1 of ${name} is a value result: it must be a register of a value type, not the predicate ${d.expr.name}`, d.span);
    return false;
  }
  return true;
}

/** Opcodes not typed by ROLES whose result is a value (no predicate register; measured with ptxas 13.0). */
const PRED_RESULT_REFUSED: ReadonlySet<string> = new Set(['ldu', 'activemask', 'shfl', 'match', 'dp4a', 'dp2a', 'stacksave']);

/**
 * Each opcode's rules after the address checks (lateRuleOf; mov's and st's are movRule and stRule).
 * An opcode given a rule here must not be one of the opcodes typed by ROLES unless its rules type
 * what ROLES leaves untyped (cvta, elect, movmatrix, isspacep, setmaxnreg, createpolicy).
 */
const OPCODE_RULES: ReadonlyMap<string, ShapeRule> = new Map<string, ShapeRule>([
  ['cvta', cvtaRules],
  ['atom', atomRules],
  ['cvt', cvtRules],
  ['isspacep', isspacepRules],
  ['suld', suldSustRules],
  ['sust', suldSustRules],
  ['sured', surfaceRules],
  ['suq', surfaceRules],
  ['txq', surfaceRules],
  ['tex', textureRules],
  ['tld4', textureRules],
  ['clusterlaunchcontrol', clusterlaunchcontrolRules],
  ['elect', electRules],
  ['movmatrix', movmatrixRules],
  ['wmma', wmmaRules],
  ['wgmma', wgmmaRules],
  ['cp', cpRules],
  ['setmaxnreg', setmaxnregRules],
  ['mbarrier', namedRules],
  ['tensormap', tensormapRules],
  ['fence', namedRules],
  ['applypriority', namedRules],
  ['discard', namedRules],
  ['tcgen05', tcgen05Rules],
  ['bar', barRules],
  ['barrier', barRules],
  ['multimem', multimemRules],
  ['createpolicy', createpolicyRules],
  ...[...PRED_RESULT_REFUSED].map((op): [string, ShapeRule] => [op, predResultRules]),
]);

/**
 * createpolicy's operands after its result (measured with ptxas 13.0 on sm_80 and sm_100a; the
 * result is typed by ROLES): `.range`'s address no immediate ("Immediate addresses allowed only for
 * .local state space"), its sizes 32-bit integer or bit-size registers or integer constants, a
 * constant primary-size no larger than a constant total-size (both read as unsigned 32-bit: "value
 * '32' must be less than or equal to the value '16' of argument 4"); `.fractional`'s fraction a .f32
 * or .b32 register or a floating-point constant (WARP_SZ and integer constants refused, "Arguments
 * mismatch") in (0, 1] once rounded to .f32 ("value '1.500000' out of range, expected to be in range
 * (0.000000 .. 1.000000]"); `.cvt`'s access property a 64-bit integer or bit-size register or an
 * integer constant.
 */
function createpolicyFits(ins: A.Instruction, name: string, form: InstructionForm, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const what = form.operands[1]?.name;
  if (what === '[a]') {
    const a = ops[1];
    if (a !== undefined && a.kind === 'address' && a.elements.length === 1 && a.elements[0]!.kind === 'expr' && intConstant(a.elements[0]!.expr) !== undefined) {
      ctx.report('PTX502', `operand 2 of ${name} must be an address in a register or variable: an immediate address is the .local space's only`, a.span);
      return false;
    }
    const p = ops[2];
    const t = ops[3];
    if (p === undefined || t === undefined) return true;
    if (!classFits(p, Cls.Int32, name, 2, 'primary-size', ctx) || !classFits(t, Cls.Int32, name, 3, 'total-size', ctx)) return false;
    const pv = p.kind === 'expr' ? u32Constant(p.expr) : undefined;
    const tv = t.kind === 'expr' ? u32Constant(t.expr) : undefined;
    if (pv !== undefined && tv !== undefined && pv > tv) {
      ctx.report('PTX502', `operand 3 of ${name} (primary-size, ${pv} as a 32-bit unsigned value) must be no larger than operand 4 (total-size, ${tv})`, p.span);
      return false;
    }
    return true;
  }
  const o = ops[1];
  if (o === undefined || o.kind !== 'expr') return true;
  if (what === 'access-property') return classFits(o, Cls.Int64, name, 1, 'access-property', ctx);
  if (what !== 'fraction') return true;
  const e = o.expr;
  if (!classFits(o, Cls.Fraction, name, 1, 'the fraction', ctx)) return false;
  const v = floatConstant(e);
  if (v === null) {
    ctx.report('PTX504', `operand 2 of ${name} (the fraction) must be a floating-point value, not an integer constant`, o.span);
    return false;
  }
  if (v !== undefined) {
    const f = Math.fround(v);
    if (!(f > 0 && f <= 1)) {
      ctx.report('PTX502', `operand 2 of ${name} (the fraction) must be in (0, 1] as a .f32 value, not ${f}`, o.span);
      return false;
    }
  }
  return true;
}

/** An integer constant expression (literals, WARP_SZ, + - * and parentheses) as an unsigned 32-bit value; undefined for anything else. */
function u32Constant(e: A.Expr): bigint | undefined {
  const v = intExpr(e);
  return v === undefined ? undefined : BigInt.asUintN(32, v);
}

function intExpr(e: A.Expr): bigint | undefined {
  switch (e.kind) {
    case 'int':
      return e.value;
    case 'name':
      return e.name === 'WARP_SZ' ? 32n : undefined;
    case 'paren':
      return intExpr(e.expr);
    case 'unary': {
      const v = intExpr(e.operand);
      return v === undefined ? undefined : e.op === '-' ? -v : e.op === '+' ? v : undefined;
    }
    case 'binary': {
      const l = intExpr(e.left);
      const r = l === undefined ? undefined : intExpr(e.right);
      if (l === undefined || r === undefined) return undefined;
      return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A constant expression of floating-point literals (`0.5`, `0f3f000000`, `-(0.5)`, `1.0+0.0`): its
 * value; null for one of integer literals only (`1`, `2-1`); undefined for anything else (a register,
 * operands of both kinds: the constant-expression check's).
 */
function floatConstant(e: A.Expr): number | null | undefined {
  switch (e.kind) {
    case 'float':
      return e.value;
    case 'int':
      return null;
    case 'paren':
      return floatConstant(e.expr);
    case 'unary': {
      const v = floatConstant(e.operand);
      return v === null || v === undefined ? v : e.op === '-' ? -v : e.op === '+' ? v : undefined;
    }
    case 'binary': {
      const l = floatConstant(e.left);
      const r = floatConstant(e.right);
      if (l === null && r === null) return null;
      if (l === null || r === null || l === undefined || r === undefined) return undefined;
      return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : e.op === '/' ? l / r : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The floating-point multimem.ld_reduce/st/red (measured with ptxas 13.0 on sm_100a, found on
 * ThunderKittens' inline PTX): the access is 32 to 128 bits, a `.f64` one unvectored: 16-bit types
 * (`.f16`, `.bf16`, `.e5m2x2`, `.e4m3x2`) only as `.v2`/`.v4`/`.v8` ("Unexpected instruction types
 * specified for 'multimem.st'"), 32-bit ones not as `.v8`, `.f64` not as a vector ("Inconsistent type
 * '.bf16x2' with vector .v8"). (The 8-bit `.e5m2`/`.e4m3` are left alone.)
 */
const MULTIMEM_BITS: ReadonlyMap<string, number> = new Map([
  ['.f16', 16], ['.bf16', 16], ['.e5m2x2', 16], ['.e4m3x2', 16],
  ['.f16x2', 32], ['.bf16x2', 32], ['.e5m2x4', 32], ['.e4m3x4', 32], ['.f32', 32], ['.f64', 64],
]);
function multimemVectorFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  let bits: number | undefined;
  let count = 1;
  for (const w of ins.modifiers) {
    bits = MULTIMEM_BITS.get(w) ?? bits;
    if (w === '.v2' || w === '.v4' || w === '.v8') count = Number(w.slice(2));
  }
  if (bits === undefined) return true;
  const total = bits * count;
  if (total >= 32 && total <= 128 && (bits !== 64 || count === 1)) return true;
  ctx.report('PTX500', `${name}: a multimem access of ${count === 1 ? 'one' : count} ${bits}-bit value${count === 1 ? '' : 's'} (${total} bits): ptxas takes 32 to 128 bits, a 64-bit type unvectored`, ins.opcodeSpan);
  return false;
}

/**
 * The registers multimem's value takes (ld_reduce's d, st's and red's b; measured with ptxas 13.0 on
 * sm_100a with each register type, "Arguments mismatch for instruction 'multimem.st'"): by the
 * instruction's type, a register alone by MULTIMEM_SCALAR, each register of a braced list (`.vN`
 * or not) by MULTIMEM_ELEMENT; `red.` and `ld_reduce.` keys override the shared ones. Register types
 * not measured (and constants) are not judged.
 */
const MM_ANY16 = ['.b16', '.u16', '.s16', '.f16'];
const MM_ANY32 = ['.b32', '.u32', '.s32', '.f32', '.f16x2'];
const MM_INT32 = ['.b32', '.u32', '.s32', '.f16x2'];
const MM_ANY64 = ['.b64', '.u64', '.s64', '.f64'];
const MM_INT64 = ['.b64', '.u64', '.s64'];
const MM_PACKED = ['.b32', '.f16x2'];
const MM_LD_ANY32 = [...MM_ANY32, '.pred']; // ld_reduce's .bf16x2/.e5m2x4/.e4m3x4 result takes a predicate register (measured)
// (8-bit registers: refused for every type, measured on .f16x2, .bf16x2, .e4m3x4, .f16 and .b32, scalar and braced.)
const MM_MEASURED: ReadonlySet<string> = new Set([...MM_ANY16, ...MM_ANY32, ...MM_ANY64, '.pred', '.b8', '.u8', '.s8']);
const MULTIMEM_SCALAR: ReadonlyMap<string, readonly string[]> = new Map([
  ['.b32', MM_ANY32], ['.b64', MM_ANY64], ['.u32', MM_INT32], ['.s32', MM_INT32], ['.u64', MM_INT64], ['.s64', MM_INT64],
  ['.f16x2', MM_PACKED], ['.f32', ['.b32', '.f32']], ['.f64', ['.b64', '.f64']],
  ['.bf16x2', MM_ANY32], ['.e5m2x4', MM_ANY32], ['.e4m3x4', MM_ANY32],
  ['red.bf16x2', ['.b32']],
  ['ld_reduce.bf16x2', MM_LD_ANY32], ['ld_reduce.e5m2x4', MM_LD_ANY32], ['ld_reduce.e4m3x4', MM_LD_ANY32],
]);
const MULTIMEM_ELEMENT: ReadonlyMap<string, readonly string[]> = new Map([
  ['.f16', MM_ANY16], ['.bf16', MM_ANY16], ['.e5m2x2', MM_ANY16], ['.e4m3x2', MM_ANY16],
  ['.f32', ['.b32', '.u32', '.s32', '.f32']], ['.f16x2', MM_PACKED],
  ['.bf16x2', MM_ANY32], ['.e5m2x4', MM_ANY32], ['.e4m3x4', MM_ANY32],
  ['red.bf16', ['.b16']], ['red.bf16x2', ['.b32']],
  ['ld_reduce.bf16x2', MM_LD_ANY32], ['ld_reduce.e5m2x4', MM_LD_ANY32], ['ld_reduce.e4m3x4', MM_LD_ANY32],
]);
function multimemValuesFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const sub = ins.modifiers[0];
  if (sub !== '.ld_reduce' && sub !== '.st' && sub !== '.red') return true;
  let type: string | undefined;
  for (const w of ins.modifiers) if (MULTIMEM_SCALAR.has(w) || MULTIMEM_ELEMENT.has(w)) type = w;
  if (type === undefined) return true;
  const at = sub === '.ld_reduce' ? 0 : 1;
  const o = ins.operands[at];
  if (o === undefined) return true;
  if (sub !== '.ld_reduce' && !multimemConstantsFit(o, sub.slice(1), type, at, name, ctx)) return false;
  const table = o.kind === 'vector' ? MULTIMEM_ELEMENT : MULTIMEM_SCALAR;
  const takes = table.get(sub.slice(1) + type) ?? table.get(type);
  if (takes === undefined) return true;
  const regs = o.kind === 'vector' ? o.elements : [o];
  // A list of registers of different types is one of bit-size elements (as in st; vectorExpressionFits).
  let first: string | undefined;
  let mixed = false;
  for (const r of regs) {
    if (r.kind !== 'expr' || r.expr.kind !== 'name') continue;
    const t = ctx.registerType(r.expr.name);
    if (first === undefined) first = t;
    else if (t !== first) mixed = true;
  }
  for (const r of regs) {
    if (r.kind !== 'expr' || r.expr.kind !== 'name') continue;
    let t = ctx.registerType(r.expr.name);
    if (t === undefined || !MM_MEASURED.has(t)) continue;
    if (mixed) {
      if (t === '.pred') continue;
      t = `.b${TYPES.get(t)!.size}`; // (every type of MM_MEASURED but .pred is in TYPES)
    }
    if (takes.includes(t)) continue;
    ctx.report('PTX503', `operand ${at + 1} of ${name}${o.kind === 'vector' ? ' (an element)' : ''} takes a ${takes.join(' / ')} register for ${type}, not ${r.expr.name} (${t})`, r.span);
    return false;
  }
  return true;
}

/**
 * tcgen05.ld's and tcgen05.st's braced registers (measured with ptxas 13.0 on sm_100a, each shape
 * with .x1 and .x2, with and without .pack::16b/.unpack::16b, lists of 1 to 16): `.num`'s count
 * times 1 (`.32x32b`, `.16x64b`, `.16x32bx2`), 2 (`.16x128b`) or 4 (`.16x256b`) registers ("Argument
 * vector size mismatch"), each any 32-bit register but a predicate ("Arguments mismatch for
 * instruction 'tcgen05.ld'"; the size rule of every list is vectorExpressionFits'); tcgen05.st's
 * constants among them: a 64-bit floating-point one (`1.0`, `0d...`) never, an integer one only
 * beside a register (`{%r1, 1}`; `{1, 2}` "Arguments mismatch"). tcgen05.mma's disable-output-lane
 * (every form that has one, dense and `.sp`): 4 registers with `.cta_group::1`, 8 with
 * `.cta_group::2` ("Argument vector size mismatch", "Illegal vector size: 3"). The .red forms are
 * left alone.
 */
const TCGEN05_SHAPE_REGISTERS: ReadonlyMap<string, number> = new Map([['.32x32b', 1], ['.16x64b', 1], ['.16x32bx2', 1], ['.16x128b', 2], ['.16x256b', 4]]);
/**
 * The most registers of a tcgen05.ld/st list (measured with ptxas 13.0 on sm_100a, each shape with
 * .x1 to .x128, its list braced in full: `.16x128b.x128` and `.16x256b.x64`/`.x128` "Illegal vector
 * size: 256"/"512"); a lone register, even for one, "Vector expected".
 */
const TCGEN05_LIST_MOST = 128;
const TCGEN05_NUM: ReadonlyMap<string, number> = new Map(['.x1', '.x2', '.x4', '.x8', '.x16', '.x32', '.x64', '.x128'].map((x) => [x, Number(x.slice(2))]));

/** The registers of a tcgen05 spelling's braced list (Plan.tcgen05List): ld's/st's registers, mma's disable-output-lane count; 0: not checked. */
function tcgen05ListOf(w: readonly string[]): number {
  const w0 = w[0];
  if (w0 === '.mma') return w.includes('.ws') ? 0 : w.includes('.cta_group::1') ? 4 : w.includes('.cta_group::2') ? 8 : 0;
  if ((w0 !== '.ld' && w0 !== '.st') || w.includes('.red')) return 0;
  let per = 0;
  let num = 0;
  for (let k = 1; k < w.length; k++) {
    const x = w[k]!;
    per = TCGEN05_SHAPE_REGISTERS.get(x) ?? per;
    num = TCGEN05_NUM.get(x) ?? num;
  }
  return per * num;
}

function tcgen05RegistersFit(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): boolean {
  let want = plan.tcgen05List;
  if (want === undefined) plan.tcgen05List = want = tcgen05ListOf(ins.modifiers);
  if (want === 0) return ins.modifiers[0] !== '.ld' || !ins.modifiers.includes('.red') || tcgen05RedFits(ins, plan.name, ctx);
  const name = plan.name;
  const mma = ins.modifiers[0] === '.mma';
  if (!mma && want > TCGEN05_LIST_MOST) {
    ctx.report('PTX505', `${name}: its shape and .num make a list of ${want} registers; at most ${TCGEN05_LIST_MOST} go in one (a smaller .num)`, ins.opcodeSpan);
    return false;
  }
  const at = ins.operands.findIndex((o) => o.kind === 'vector');
  const o = ins.operands[at];
  if (!mma && at < 0) {
    // The registers always braced, even one (`tcgen05.ld.sync.aligned.32x32b.x1.b32 %r0, [%r1]`).
    const lone = ins.modifiers[0] === '.ld' ? ins.operands[0] : ins.operands[ins.operands.length - 1];
    if (lone !== undefined && lone.kind === 'expr') {
      ctx.report('PTX502', `${name}: the registers are a braced list of ${want}, even of one`, lone.span);
      return false;
    }
  }
  if (o === undefined || o.kind !== 'vector') return true;
  if (o.elements.length !== want) {
    const per = want / (TCGEN05_NUM.get(ins.modifiers.find((x) => TCGEN05_NUM.has(x)) ?? '') ?? 1);
    const how = mma ? `the disable-output-lane mask of ${ins.modifiers.includes('.cta_group::1') ? '.cta_group::1' : '.cta_group::2'}` : `${per === 1 ? '' : `${per} per `}${want / per === 1 ? 'one repetition' : `${want / per} repetitions`}`;
    ctx.report('PTX505', `operand ${at + 1} of ${name} must be a braced list of ${want} registers (${how}), not ${o.elements.length}`, o.span);
    return false;
  }
  if (mma) return true;
  let register = false;
  for (const r of o.elements) {
    if (r.kind !== 'expr' || r.expr.kind !== 'name') continue;
    const t = ctx.registerType(r.expr.name);
    if (t !== undefined) register = true;
    const ti = t === undefined ? undefined : TYPES.get(t);
    if (ti === undefined || (ti.size === 32 && ti.kind !== K.Pred)) continue;
    ctx.report('PTX503', `operand ${at + 1} of ${name}: each register must be a 32-bit one; ${r.expr.name} is ${t}`, r.span);
    return false;
  }
  if (ins.modifiers[0] !== '.st') return true;
  for (const r of o.elements) {
    const k = r.kind !== 'expr' ? undefined : r.expr.kind !== 'name' ? constantKind(r.expr, true) : r.expr.name === 'WARP_SZ' && !register ? 'int' : undefined;
    if (k === undefined || k === 'f32' || (k === 'int' && register)) continue;
    ctx.report('PTX504', `operand ${at + 1} of ${name}: ${k === 'f64' ? 'a 64-bit floating-point constant is no 32-bit value' : 'an integer constant goes only beside a register'} (write 0f... or a register)`, r.span);
    return false;
  }
  return true;
}

/**
 * tcgen05.ld.red (measured with ptxas 13.0 on sm_103a and sm_110a, session 25): `.num` from `.x2`
 * ("Illegal modifier '.x1' for instruction 'tcgen05.ld.red'", fresh valid-forms lines; plain
 * tcgen05.ld takes `.x1`); its redval (operand 2; every register type and constant kind, the
 * mutations): any 32-bit register but a predicate (.f32 and .f16x2 too; braced, `{%r3}`, too); a
 * 16-, 64- or 128-bit register, a predicate or a constant "Arguments mismatch".
 */
function tcgen05RedFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  if (ins.modifiers.includes('.x1')) {
    ctx.report('PTX500', `${name}: tcgen05.ld.red's .num is .x2 to .x128, not .x1`, ins.opcodeSpan);
    return false;
  }
  const o = ins.operands[1];
  if (o === undefined || o.kind !== 'expr') return true;
  const e = o.expr;
  const k = e.kind === 'name' ? (e.name === 'WARP_SZ' ? 'int' : undefined) : constantKind(e, true);
  if (k !== undefined) {
    ctx.report('PTX504', `operand 2 of ${name} (redval) must be a 32-bit register, not a constant`, o.span);
    return false;
  }
  const reg = namedRegister(e, ctx);
  if (reg === undefined) return true;
  const r = reg.info;
  if (r === undefined || (r.size === 32 && r.kind !== K.Pred)) return true;
  ctx.report('PTX503', `operand 2 of ${name} (redval) must be a 32-bit register other than a predicate; ${reg.name} is ${reg.type}`, o.span);
  return false;
}

/**
 * The constants multimem.st's and multimem.red's value takes (measured with ptxas 13.0 on sm_100a,
 * each type with `1`, `-1`, `1.0`, `0f...`, `0d...`; "Arguments mismatch for instruction
 * 'multimem.st'"). Alone: `.b32` and the packed 8-bit and bf16 types an integer or a 32-bit float
 * (`0f`), `.b64` an integer or a 64-bit float, the integer types an integer, `.f32`/`.f64` any
 * floating-point constant, `.f16x2` none, multimem.red's `.bf16x2` none. A braced list of constants
 * only: `.f32` any floating-point constant in a list of one and in multimem.red's lists, `0f` only in
 * multimem.st's longer ones; the packed bf16 and 8-bit types `0f`; the 16-bit types, `.f16x2` and
 * multimem.red's `.bf16x2` none. (With a register in the list, constants are judged by their kind
 * only, multimemListOfOneKind; ptxas crashes on an integer constant in multimem.red's float lists.)
 */
type ConstKind = 'int' | 'f32' | 'f64';
const MM_C_BITS32: readonly ConstKind[] = ['int', 'f32'];
const MM_C_FLOAT: readonly ConstKind[] = ['f32', 'f64'];
const MULTIMEM_CONSTANT: ReadonlyMap<string, readonly ConstKind[]> = new Map<string, readonly ConstKind[]>([
  ['.b32', MM_C_BITS32], ['.b64', ['int', 'f64']], ['.u32', ['int']], ['.s32', ['int']], ['.u64', ['int']], ['.s64', ['int']],
  ['.f32', MM_C_FLOAT], ['.f64', MM_C_FLOAT], ['.f16x2', []], ['.bf16x2', MM_C_BITS32], ['.e5m2x4', MM_C_BITS32], ['.e4m3x4', MM_C_BITS32],
  ['red.bf16x2', []],
]);
const MULTIMEM_LIST_CONSTANT: ReadonlyMap<string, readonly ConstKind[]> = new Map<string, readonly ConstKind[]>([
  ['.f32', MM_C_FLOAT], ['st.vN.f32', ['f32']], ['.bf16x2', ['f32']], ['.e5m2x4', ['f32']], ['.e4m3x4', ['f32']], ['red.bf16x2', []],
  ['.f16x2', []], ['.f16', []], ['.bf16', []], ['.e5m2x2', []], ['.e4m3x2', []],
]);
const CONST_KIND_NAME: Readonly<Record<ConstKind, string>> = { int: 'an integer', f32: 'a 32-bit floating-point (0f...)', f64: 'a 64-bit floating-point' };
function multimemConstantsFit(o: A.Operand, sub: string, type: string, at: number, name: string, ctx: InstructionCheckContext): boolean {
  let takes: readonly ConstKind[] | undefined;
  let elements: readonly A.Operand[];
  if (o.kind === 'vector') {
    elements = o.elements;
    for (const r of elements) if (r.kind !== 'expr' || constantKind(r.expr, true) === undefined) return true;
    takes = (o.elements.length > 1 ? MULTIMEM_LIST_CONSTANT.get(`${sub}.vN${type}`) : undefined) ?? MULTIMEM_LIST_CONSTANT.get(sub + type) ?? MULTIMEM_LIST_CONSTANT.get(type);
  } else {
    elements = [o];
    takes = MULTIMEM_CONSTANT.get(sub + type) ?? MULTIMEM_CONSTANT.get(type);
  }
  if (takes === undefined) return true;
  for (const r of elements) {
    const k = r.kind === 'expr' ? constantKind(r.expr, true) : undefined;
    if (k === undefined || takes.includes(k)) continue;
    const list = o.kind === 'vector' ? ' in a list of constants only' : '';
    ctx.report('PTX504', `operand ${at + 1} of ${name} takes ${takes.length === 0 ? 'no constant' : takes.map((t) => CONST_KIND_NAME[t]).join(' or ') + ' constant'}${list} for ${type}, not ${CONST_KIND_NAME[k]} one`, r.span);
    return false;
  }
  return true;
}

/**
 * bar/barrier (measured): barrier numbers and thread counts are 32-bit integers; bar.red.popc's
 * result is .u32, bar.red.and/or's a predicate, and its last operand a predicate.
 */
function barOperands(ins: A.Instruction, name: string, ctx: InstructionCheckContext): void {
  const ops = ins.operands;
  const red = ins.modifiers.includes('.red');
  // The thread count, a constant: a multiple of the warp size, and on an arrive not 0 (measured with
  // ptxas 13.0: "Number of threads participating in barrier must be in multiple of warp size",
  // "Instruction 'bar.arrive' requires a non-zero thread count argument"; bar.sync/bar.red take 0;
  // found on ThunderKittens' inline PTX).
  const count = red ? (ops.length === 4 ? ops[2] : undefined) : ops[1];
  const n = count?.kind === 'expr' ? intConstant(count.expr) : undefined;
  const arrive = ins.modifiers.includes('.arrive');
  if (count !== undefined && n !== undefined && (n % 32n !== 0n || (arrive && n === 0n))) {
    ctx.report('PTX502', `operand ${ops.indexOf(count) + 1} of ${name} (the thread count) must be a ${arrive ? 'nonzero ' : ''}multiple of the warp size (32), not ${String(n)}`, count.span);
    return;
  }
  for (let i = 0; i < ops.length; i++) {
    // (bar.red's result may be a .f16x2 register, as mov.pred's may: measured.)
    let want = red && i === 0 ? U32_RESULT : U32;
    let wantName = '.u32';
    if (red && (i === ops.length - 1 || (i === 0 && !ins.modifiers.includes('.popc')))) {
      want = i === 0 ? PRED_RESULT : PRED;
      wantName = '.pred';
    }
    const o = ops[i]!;
    if (o.kind !== 'expr') continue;
    if (want !== PRED && o.expr.kind === 'unary' && o.expr.op === '!') {
      // Measured: `bar.sync !%p1`, `bar.red.and.pred %p1, 1, !%p2, %p1` ("Arguments mismatch").
      ctx.report('PTX503', `operand ${i + 1} of ${name} must be a 32-bit integer, not a negated predicate`, o.span);
      return;
    }
    if (!operandFits(ins, name, i, o, want, wantName, false, false, ctx)) return;
  }
}

const INT_ROUNDING: ReadonlySet<string> = new Set(['.rni', '.rzi', '.rmi', '.rpi']);
const FLOAT_ROUNDING: ReadonlySet<string> = new Set(['.rn', '.rz', '.rm', '.rp']);

/**
 * cvt between integer and f16/f32/f64 types (measured with ptxas 13.0 at .version 8.5 and 1.3, every
 * pair): which rounding a conversion requires or refuses, where .sat is pointless (refused) and
 * .ftz applies (only with a .f32 side).
 */
function cvtModifiersFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const dn = typeWord(ins.modifiers, 0);
  const an = typeWord(ins.modifiers, 1);
  if (dn === undefined || an === undefined || typeWord(ins.modifiers, 2) !== undefined) return true;
  const d = dn === '.bf16' ? BF16_VALUE : TYPES.get(dn);
  const a = an === '.bf16' ? BF16_VALUE : TYPES.get(an);
  if (!d || !a || d.kind === K.Bit || a.kind === K.Bit || d.kind === K.Packed || a.kind === K.Packed || d.kind === K.Pred || a.kind === K.Pred) return true;
  let irnd: string | undefined;
  let frnd: string | undefined;
  let sat = false;
  let ftz = false;
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (INT_ROUNDING.has(w)) irnd = w;
    else if (FLOAT_ROUNDING.has(w)) frnd = w;
    else if (w === '.sat') sat = true;
    else if (w === '.ftz') ftz = true;
    else if (w !== dn && w !== an) return true; // other words (.relu, .satfinite, ...): not these rules
  }
  const dFloat = d.kind === K.Float;
  const aFloat = a.kind === K.Float;
  // What rounding the conversion takes: 'int' (.rni ...), 'float' (.rn ...), 'none'; and whether it must have one.
  let takes: 'int' | 'float' | 'none' | 'int?';
  let required = false;
  if (!dFloat && !aFloat) takes = 'none';
  else if (!dFloat) (takes = 'int'), (required = true);
  else if (!aFloat) (takes = 'float'), (required = true);
  else if (d.size === a.size) takes = dn === an ? 'int?' : 'float'; // .f16 <-> .bf16: a float rounding, optional
  else if (d.size > a.size) takes = an === '.bf16' ? 'float' : 'none'; // from .bf16: a float rounding, optional (measured)
  else (takes = 'float'), (required = true);
  const given = irnd ?? frnd;
  const problem =
    given !== undefined && (takes === 'none' || ((takes === 'int' || takes === 'int?') && frnd) || (takes === 'float' && irnd))
      ? `the rounding ${given} does not apply to a conversion from ${an} to ${dn}`
      : required && given === undefined && (ctx.version === undefined || ctx.version >= 13)
        ? `a conversion from ${an} to ${dn} needs a rounding modifier (${takes === 'int' ? '.rni .rzi .rmi .rpi' : '.rn .rz .rm .rp'})`
        : ftz && dn !== '.f32' && an !== '.f32'
          ? `.ftz applies only to a conversion from or to .f32`
          : sat && (dn === '.bf16' || an === '.bf16')
            ? `.sat does not apply to a conversion from or to .bf16`
          : sat && !dFloat && !aFloat && d.size >= a.size && (a.kind === d.kind || (a.kind === K.Unsigned && d.size > a.size))
            ? `.sat is pointless from ${an} to ${dn} (every value fits)`
            : undefined;
  if (problem === undefined) return bf16Gates(dn, an, name, ins, ctx);
  ctx.report('PTX500', `${name}: ${problem}`, ins.opcodeSpan);
  return false;
}

/** An integer constant operand's value, negated ones included (`16`, `-1`); undefined for anything else. */
function intConstant(e: A.Expr | undefined): bigint | undefined {
  if (e === undefined) return undefined;
  return e.kind === 'int' ? e.value : e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int' ? -e.operand.value : undefined;
}

/** intConstant, with WARP_SZ (a name not declared as a register) as 32. */
function intOrWarpSize(e: A.Expr | undefined, ctx: InstructionCheckContext): bigint | undefined {
  return e !== undefined && e.kind === 'name' && e.name === 'WARP_SZ' && ctx.registerType(e.name) === undefined ? 32n : intConstant(e);
}

/**
 * A constant expression of integer literals only (`2-1`, `(1)`): ptxas evaluates one where it wants an
 * integer constant (measured with ptxas 13.0: mma.sp's sparsity selector `2-1` taken), so it is no
 * register, variable or floating-point value to refuse.
 */
function integerLiteralExpr(e: A.Expr): boolean {
  switch (e.kind) {
    case 'int': return true;
    case 'paren': return integerLiteralExpr(e.expr);
    case 'unary': case 'cast': return integerLiteralExpr(e.operand);
    case 'binary': return integerLiteralExpr(e.left) && integerLiteralExpr(e.right);
    case 'conditional': return integerLiteralExpr(e.test) && integerLiteralExpr(e.consequent) && integerLiteralExpr(e.alternate);
    default: return false;
  }
}

/** The 16-bit float conversions from `.f32` that take `.satfinite` from .version 8.1 (satfiniteGate). */
const HALF_FLOATS: ReadonlySet<string> = new Set(['.f16', '.f16x2', '.bf16', '.bf16x2']);

/**
 * "Modifier '.satfinite' on 'cvt.bf16.f32' requires PTX ISA .version 8.1 or later" (also .bf16x2,
 * .f16, .f16x2 from .f32; measured on 8.0 and 8.1; the fp8 conversions from .f16x2 take it at 7.8).
 */
function satfiniteGate(ins: A.Instruction, name: string, ctx: InstructionCheckContext): void {
  const w = ins.modifiers;
  if (ctx.version === undefined || ctx.version >= 81 || !w.includes('.satfinite')) return;
  const dn = typeWord(w, 0);
  if (dn !== undefined && HALF_FLOATS.has(dn) && typeWord(w, 1) === '.f32') ctx.report('PTX508', `${name}: .satfinite on a conversion from .f32 to ${dn} requires PTX ISA .version 8.1 or later`, ins.opcodeSpan);
}

/** A `.bf16` value for cvt's rounding rules: a 16-bit float (measured: as `.f16`, but see cvtModifiersFit). */
const BF16_VALUE: TypeInfo = { kind: K.Float, size: 16 };

/**
 * cvt's `.bf16` pairs (measured with ptxas 13.0 at .version 7.0, 7.1, 7.7 and 7.8 on sm_80, sm_89
 * and sm_90): to `.bf16` from `.f32`, .version 7.0 and sm_80 (the `.bf16` word gate); from `.bf16`
 * to `.f32`, .version 7.1 ("Feature 'cvt with .f32.bf16' requires PTX ISA .version 7.1"), with `.ftz`
 * sm_90; with any
 * other type, `.bf16` itself included, .version 7.8 and sm_90 ("Feature 'cvt with .u16.bf16'
 * requires .target sm_90 or higher").
 */
function bf16Gates(dn: string, an: string, name: string, ins: A.Instruction, ctx: InstructionCheckContext): boolean {
  if (dn !== '.bf16' && an !== '.bf16') return true;
  const other = dn === '.bf16' ? an : dn;
  const t = ctx.target === undefined ? undefined : parsedTarget(ctx.target);
  if (other === '.f32') {
    if (dn !== '.f32') return true;
    if (ctx.version !== undefined && ctx.version < 71) {
      ctx.report('PTX508', `${name}: a conversion from .bf16 to .f32 requires PTX ISA .version 7.1 or later`, ins.opcodeSpan);
      return false;
    }
    // "Feature 'cvt with .f32.bf16.ftz' requires .target sm_90 or higher".
    if (t === undefined || t.number >= 90 || !ins.modifiers.includes('.ftz')) return true;
    ctx.report('PTX509', `${name}: .ftz on a conversion from .bf16 to .f32 requires .target sm_90 or higher`, ins.opcodeSpan);
    return false;
  }
  if (t !== undefined && t.number < 90) {
    ctx.report('PTX509', `${name}: a conversion between .bf16 and ${other} requires .target sm_90 or higher`, ins.opcodeSpan);
    return false;
  }
  if (ctx.version !== undefined && ctx.version < 78) {
    ctx.report('PTX508', `${name}: a conversion between .bf16 and ${other} requires PTX ISA .version 7.8 or later`, ins.opcodeSpan);
    return false;
  }
  return true;
}

/** Comparisons by the kind of type they compare (measured: `setp.lo.s32`, `setp.lt.b32`, `setp.ltu.u32` refused). */
const BIT_CMP: ReadonlySet<string> = new Set(['.eq', '.ne']);
const SIGNED_CMP: ReadonlySet<string> = new Set(['.eq', '.ne', '.lt', '.le', '.gt', '.ge']);
const UNSIGNED_CMP: ReadonlySet<string> = new Set([...SIGNED_CMP, '.lo', '.ls', '.hi', '.hs']);
const FLOAT_CMP: ReadonlySet<string> = new Set([...SIGNED_CMP, '.equ', '.neu', '.ltu', '.leu', '.gtu', '.geu', '.num', '.nan']);
const ALL_CMP: ReadonlySet<string> = new Set([...UNSIGNED_CMP, ...FLOAT_CMP]);

/** setp/set: the comparison must suit the compared type ("Mismatch between instruction type and comparison qualifier"). */
function comparisonFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const cmp = ins.modifiers.find((w) => ALL_CMP.has(w));
  // set.CmpOp.dtype.stype compares stype; setp has one type.
  const t = typeWord(ins.modifiers, ins.opcode === 'set' ? 1 : 0);
  if (cmp === undefined || t === undefined) return true;
  const k = TYPES.get(t)?.kind ?? (t.startsWith('.bf16') ? K.Float : undefined);
  const ok = k === K.Bit ? BIT_CMP : k === K.Signed ? SIGNED_CMP : k === K.Unsigned ? UNSIGNED_CMP : k === K.Float || k === K.Packed ? FLOAT_CMP : undefined;
  if (k !== undefined && (t === '.f64' || (k !== K.Float && k !== K.Packed)) && ins.modifiers.includes('.ftz')) {
    // ptxas "Illegal modifier '.ftz' for instruction 'setp'" (on integer, bit-size and .f64 comparisons).
    ctx.report('PTX500', `${name}: .ftz applies to .f32 and half-precision comparisons, not ${t}`, ins.opcodeSpan);
    return false;
  }
  if (!ok || ok.has(cmp)) return true;
  ctx.report('PTX500', `${name}: the comparison ${cmp} does not apply to ${t} (${[...ok].join(' ')})`, ins.opcodeSpan);
  return false;
}

/** Instructions whose address `[var]` must be in the instruction's state space (measured; tensormap.replace's with ptxas 13.0 on sm_90a, session 26). */
const SPACE_CHECKED: ReadonlySet<string> = new Set(['ld', 'st', 'atom', 'red', 'prefetch', 'cvta', 'ldu', 'createpolicy', 'tensormap']);
/** Instruction state-space words checked, and the variable space each names. */
const INSTRUCTION_SPACES: ReadonlyMap<string, string> = new Map([
  ['.global', '.global'],
  ['.shared', '.shared'],
  ['.shared::cta', '.shared'],
  ['.shared::cluster', '.shared'],
  ['.local', '.local'],
  ['.const', '.const'],
  ['.param', '.param'],
  ['.param::entry', '.param'],
  ['.param::func', '.param'],
]);
/** Variable spaces compared (a `.param` variable is left alone but against an explicit other space). */
const VARIABLE_SPACES: ReadonlySet<string> = new Set(['.global', '.shared', '.local', '.const', '.param']);

/** The space an instruction's words name for spaceFits (undefined: generic), or null when its addresses are not compared. */
function instructionSpace(opcode: string, words: readonly string[]): string | undefined | null {
  let space: string | undefined;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    // ld/st.shared::cluster take a .shared variable (measured; the others are not).
    if (w === '.to' || (w === '.shared::cluster' && opcode !== 'ld' && opcode !== 'st') || w.startsWith('.async')) return null;
    const s = INSTRUCTION_SPACES.get(w);
    if (s !== undefined) {
      if (space !== undefined && space !== s) return null;
      space = s;
    }
  }
  return space;
}

/**
 * mbarrier's address: a `.shared` variable, with or without `.shared`/`.shared::cta` (measured with
 * ptxas 13.0 on sm_100a, init, arrive, arrive_drop, expect_tx, complete_tx, test_wait, try_wait, inval:
 * a .global, .const, .local or kernel .param variable is "Illegal state space for address operand");
 * `.shared::cluster` is left alone.
 */
function mbarrierSpace(words: readonly string[]): string | null {
  return words.includes('.shared::cluster') ? null : '.shared';
}

/** `.v2`, `.v4`, `.v8` among the words (the last one), else 1. */
function vectorWidth(words: readonly string[]): number {
  let n = 1;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === '.v2') n = 2;
    else if (w === '.v4') n = 4;
    else if (w === '.v8') n = 8;
  }
  return n;
}

/**
 * `ld.shared [globalVar]`, `ld.global [sharedVar+4]`, generic `ld [constVar]`: ptxas "State space
 * mismatch between instruction and address".
 */
function spaceFits(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const space = plan.space;
  if (space === null) return true;
  for (let k = 0; k < ins.operands.length; k++) {
    const o = ins.operands[k]!;
    let x: A.Expr | undefined;
    if (o.kind === 'address' && o.elements.length === 1 && o.elements[0]!.kind === 'expr') x = o.elements[0]!.expr;
    else if (plan.op === 'cvta' && o.kind === 'expr') x = o.expr;
    if (x === undefined) continue;
    if (x.kind === 'binary' && (x.op === '+' || x.op === '-')) x = x.left;
    if (x.kind !== 'name') continue;
    const vs = ctx.addressSpace !== undefined ? ctx.addressSpace(x.name) : addressSpaceOf(ctx.variableSpace(x.name));
    if (vs === undefined || !VARIABLE_SPACES.has(vs)) continue;
    // Generic addressing reaches .global, .shared and .local variables, not .const or .param ones.
    if (space === undefined ? vs === '.const' || vs === '.param' : vs !== space) {
      ctx.report('PTX502', `${name} addresses the ${space ?? 'generic'} space; '${x.name}' is a ${vs} variable`, x.span);
      return false;
    }
  }
  return true;
}

/** InstructionCheckContext.addressSpace from variableSpace's answer: its space, but for a `...ref` type. */
function addressSpaceOf(v: { space: string; type?: string } | undefined): string | undefined {
  return v === undefined || (v.type !== undefined && v.type.endsWith('ref')) ? undefined : v.space;
}

/**
 * `[%f1]`, `[%p1+4]`: ptxas "Illegal to use symbol '%f1' of type .f32 as address operand"; `[%q1]` (.b128) "Illegal operand
 * type for address/array-index" (measured with ptxas 13.0 on sm_90a, session 26).
 */
function addressRegister(e: A.Operand, ctx: InstructionCheckContext): boolean {
  if (e.kind !== 'expr') return true;
  let x = e.expr;
  if (x.kind === 'binary' && (x.op === '+' || x.op === '-')) x = x.left;
  if (x.kind !== 'name') return true;
  const t = ctx.registerType(x.name);
  if (t === '.pred' || t === '.f16' || t === '.f32' || t === '.f64' || t === '.f16x2' || t === '.b128') {
    ctx.report('PTX506', `'${x.name}' is ${t}: an address register must be an integer or bit-size register`, x.span);
    return false;
  }
  return true;
}

/**
 * ldmatrix/stmatrix `.x1/.x2/.x4` against the braced register list (ptxas "Vector of size N is
 * expected"); the larger counts `.x8`... are taken with any list (measured).
 */
function matrixCountFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const o = ins.operands[ins.opcode === 'ldmatrix' ? 0 : 1];
  if (o?.kind !== 'vector') return true;
  let n = 0;
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (w === '.x1') n = 1;
      else if (w === '.x2') n = 2;
      else if (w === '.x4') n = 4;
  }
  if (n === 0) return true;
  // A 16x16 matrix of 8-bit elements takes two registers per thread (measured: `.m16n16.x1` wants
  // a vector of 2, `.x2` of 4).
  const want = ins.modifiers.includes('.m16n16') ? 2 * n : n;
  if (o.elements.length === want) return true;
  ctx.report('PTX505', `${name} moves ${want === 1 ? 'one register' : `${want} registers`} (.x${n}): operand must be a braced list of ${want}, not ${o.elements.length}`, o.span);
  return false;
}

/**
 * elect.sync's `d|p` (measured with ptxas 13.0): the predicate result is required ("Predicate
 * output expected" for `%r1`, `_` or `%r1|_`), a .pred register; d a 32-bit integer or bit-size
 * register or the sink `_` ("Arguments mismatch" for .f32, .b16, .b64).
 */
function electFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const o = ins.operands[0];
  if (o?.kind !== 'expr') return true;
  const e = o.expr;
  if (e.kind !== 'binary' || e.op !== '|' || e.right.kind === 'sink') {
    ctx.report('PTX502', `${name}: operand 1 must be d|p with a predicate result p (write _|%p to keep only the predicate)`, e.kind === 'binary' ? e.right.span : o.span);
    return false;
  }
  return (
    operandFits(ins, name, 0, { kind: 'expr', expr: e.left, span: e.left.span }, U32, '.u32', false, false, ctx) &&
    operandFits(ins, name, 0, { kind: 'expr', expr: e.right, span: e.right.span }, PRED, '.pred', false, false, ctx)
  );
}

/**
 * The registers per thread of a wmma fragment, by `fragment shape type` (measured with ptxas 13.0
 * on wmma.load.a/.b/.c and wmma.store.d, lists of 1, 2, 4 and 8: exactly one count is taken,
 * "Argument vector size mismatch" for the others). Other spellings are left alone.
 */
const WMMA_FRAGMENT_REGISTERS: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  for (const sh of ['.m16n16k16', '.m8n32k16', '.m32n8k16']) {
    for (const f of ['.a', '.b']) m.set(`${f}${sh}.f16`, 8);
    for (const f of ['.c', '.d']) {
      m.set(`${f}${sh}.f16`, 4);
      m.set(`${f}${sh}.f32`, 8);
      m.set(`${f}${sh}.s32`, 8);
    }
  }
  // 8-bit integers and .bf16: A and B per shape (.m8n32k16 has the smaller A, .m32n8k16 the smaller B).
  for (const [sh, a, b] of [['.m16n16k16', 2, 2], ['.m8n32k16', 1, 4], ['.m32n8k16', 4, 1]] as const) {
    for (const t of ['.s8', '.u8']) {
      m.set(`.a${sh}${t}`, a);
      m.set(`.b${sh}${t}`, b);
    }
    m.set(`.a${sh}.bf16`, 2 * a);
    m.set(`.b${sh}.bf16`, 2 * b);
  }
  m.set('.a.m16n16k8.tf32', 4).set('.b.m16n16k8.tf32', 4).set('.c.m16n16k8.f32', 8).set('.d.m16n16k8.f32', 8);
  m.set('.a.m8n8k4.f64', 1).set('.b.m8n8k4.f64', 1).set('.c.m8n8k4.f64', 2).set('.d.m8n8k4.f64', 2);
  for (const t of ['.s4', '.u4']) m.set(`.a.m8n8k32${t}`, 1).set(`.b.m8n8k32${t}`, 1);
  m.set('.c.m8n8k32.s32', 2).set('.d.m8n8k32.s32', 2);
  m.set('.a.m8n8k128.b1', 1).set('.b.m8n8k128.b1', 1).set('.c.m8n8k128.s32', 2).set('.d.m8n8k128.s32', 2);
  return m;
})();

/**
 * wmma.load/wmma.store: the braced register list against WMMA_FRAGMENT_REGISTERS; wmma.mma: its
 * four lists, D, A, B, C, the same (measured with ptxas 13.0 on every form of the Syntax blocks,
 * each list 1, 2, 4 or 8 long: 338 lines, one count taken per operand); a combination of words
 * not in the map (ptxas takes integer words loosely) is left alone.
 */
function wmmaFragmentFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const w = ins.modifiers;
  if (w[0] === '.mma')
    return fragmentListFits(ins, 0, name, ctx) && fragmentListFits(ins, 1, name, ctx) && fragmentListFits(ins, 2, name, ctx) && fragmentListFits(ins, 3, name, ctx) && wmmaMmaFits(ins, name, ctx);
  const load = w[0] === '.load';
  if (!load && w[0] !== '.store') return true;
  if (!fragmentListFits(ins, load ? 0 : 1, name, ctx)) return false;
  const o = ins.operands[load ? 0 : 1];
  if (o?.kind !== 'vector') return true;
  let shape: string | undefined;
  let type: string | undefined;
  for (let j = 0; j < w.length; j++) {
    const x = w[j]!;
    if (shape === undefined && x.startsWith('.m') && /^\.m\d+n\d+k\d+$/.test(x)) shape = x;
    else if (shape !== undefined && isTypeWord(x)) {
      type = x;
      break;
    }
  }
  const want = shape === undefined || type === undefined ? undefined : WMMA_FRAGMENT_REGISTERS.get(`${w[1]}${shape}${type}`);
  if (want === undefined || o.elements.length === want) return true;
  ctx.report('PTX505', `${name}: a ${w[1]} fragment of ${shape} ${type} is ${want === 1 ? 'one register' : `${want} registers`} per thread: operand must be a braced list of ${want}, not ${o.elements.length}`, o.span);
  return false;
}

function wmmaMmaFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  let shape: string | undefined;
  const types: string[] = [];
  for (let j = 0; j < ins.modifiers.length; j++) {
    const x = ins.modifiers[j]!;
    if (shape === undefined && /^\.m\d+n\d+k\d+$/.test(x)) shape = x;
    else if (shape !== undefined && isTypeWord(x)) types.push(x);
  }
  if (shape === undefined || (types.length !== 2 && types.length !== 4)) return true;
  // `.dtype.ctype` (A and B .f16) or `.dtype.atype.btype.ctype`.
  const t = types.length === 2 ? [types[0], '.f16', '.f16', types[1]] : types;
  const want: number[] = [];
  for (let i = 0; i < 4; i++) {
    const n = WMMA_FRAGMENT_REGISTERS.get(`${'.d.a.b.c'.slice(2 * i, 2 * i + 2)}${shape}${t[i]}`);
    if (n === undefined) return true;
    want.push(n);
  }
  for (let i = 0; i < 4; i++) {
    const o = ins.operands[i];
    if (o?.kind !== 'vector' || o.elements.length === want[i]) continue;
    ctx.report('PTX505', `${name}: ${'DABC'[i]} (operand ${i + 1}) is ${want[i] === 1 ? 'one register' : `${want[i]} registers`} per thread for ${shape} ${t[i]}: a braced list of ${want[i]}, not ${o.elements.length}`, o.span);
    return false;
  }
  return true;
}

const B32: TypeInfo = { kind: K.Bit, size: 32 };

/**
 * movmatrix's `d, a` (measured with ptxas 13.0): 32-bit registers of any kind (.b32, .f32), no
 * constant ("Arguments mismatch" for `0`, `1.0`, a .b16 or .b64 register).
 */
function movmatrixFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  for (let i = 0; i < ins.operands.length && i < 2; i++) {
    const o = ins.operands[i]!;
    if (o.kind !== 'expr') continue;
    const e = o.expr.kind === 'unary' && o.expr.op === '-' ? o.expr.operand : o.expr;
    // The source may be a 32-bit floating-point constant (`0f3F800000`, measured with ptxas 13.0;
    // an integer, `1.5`, `0d...` or WARP_SZ is "Arguments mismatch").
    if (i === 1 && e === o.expr && e.kind === 'float' && e.form === 'f32') continue;
    if (e.kind === 'int' || e.kind === 'float' || (e.kind === 'name' && e.name === 'WARP_SZ')) {
      ctx.report('PTX504', `operand ${i + 1} of ${name} must be a 32-bit register, not the constant '${e.kind === 'name' ? e.name : e.raw}'`, o.span);
      return false;
    }
    // ptxas takes a .pred register as either operand (measured with ptxas 13.0).
    if (e.kind === 'name' && ctx.registerType(e.name) === '.pred') continue;
    if (!operandFits(ins, name, i, o, B32, '.b32', false, false, ctx)) return false;
  }
  return true;
}

/**
 * A `.v2`/`.v4` word on mma, and `.v2`/`.v4`/`.v8` on wgmma.mma_async(.sp), wmma.load and
 * wmma.store (measured with ptxas 13.0, dense and sparse forms; wmma on 180 lines of every fragment
 * kind): accepted when every braced operand has that many registers, else "Argument vector size
 * mismatch"; more than 128 bits of the result type ("Vector type too large, exceeds 128 bit limit":
 * `.v8` with .f32/.s32, `.v4` with .f64; on mma `.v8` is a word it does not take). On wmma the
 * fragment's own count (wmmaFragmentFits) must hold as well, so the word only ever repeats it.
 */
function mmaVectorWordFits(ins: A.Instruction, plan: Plan, ctx: InstructionCheckContext): boolean {
  const n = plan.vectors;
  if (n === 1) return true;
  const name = plan.name;
  const size = plan.t1Info?.size ?? 0;
  if (n * size > 128) {
    ctx.report('PTX505', `${name}: .v${n} of ${size}-bit values is more than 128 bits`, ins.opcodeSpan);
    return false;
  }
  const ops = ins.operands;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    if (o.kind === 'vector' && o.elements.length !== n) {
      ctx.report('PTX505', `${name}: with .v${n} every braced operand holds ${n} registers; operand ${i + 1} has ${o.elements.length}`, o.span);
      return false;
    }
  }
  return true;
}

/** ld/st `.v2/.v4/.v8` against the braced operand (ptxas "Argument vector size mismatch"). */
function vectorShape(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const idx = plan.op === 'ld' ? 0 : 1;
  const o = ins.operands[idx];
  if (!o) return true;
  const n = plan.vectors;
  if (o.kind === 'vector') {
    if (o.elements.length === n) return true;
    ctx.report('PTX505', n === 1 ? `${name} moves one value, not a vector of ${o.elements.length}` : `${name} moves a vector of ${n}, not ${o.elements.length}`, o.span);
    return false;
  }
  if (o.kind === 'expr' && o.expr.kind === 'name') {
    // A vector register (`.reg .v4 .f32 %v`) moves as many values as it has elements (measured).
    const v = ctx.vectorRegister?.(o.expr.name);
    if (v !== undefined) {
      if (v.count === n) return true;
      ctx.report('PTX505', `${name} moves ${n === 1 ? 'one value' : `a vector of ${n}`}; ${o.expr.name} is a vector register of ${v.count}`, o.span);
      return false;
    }
  }
  if (n === 1 || o.kind !== 'expr') return true;
  const e = o.expr;
  // WARP_SZ is a constant (measured: `st.v2.u8 [a], WARP_SZ` refused as a constant is).
  if (e.kind === 'name' && e.name !== 'WARP_SZ' && ctx.registerType(e.name) === undefined) return true;
  // `%v.x`: one element (ld: "Result vector expected"); an expression (`%rd2 + 1`, `-1`, `gv+4`) one value (measured).
  ctx.report('PTX505', `${name} moves a vector of ${n}: operand ${idx + 1} must be a braced list of ${n}`, o.span);
  return false;
}

/**
 * suld/sust with `.v2`/`.v4` (measured with ptxas 13.0): a braced list or vector register of that
 * many elements ("Argument vector size mismatch"); suld's result a vector ("Result vector
 * expected" for a scalar), sust's value may be a scalar. Without `.vN` ptxas takes any list.
 */
function surfaceVectorFits(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  let n = 1;
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (w === '.v2') n = 2;
      else if (w === '.v4') n = 4;
  }
  if (n === 1) return true;
  const o = ins.operands[ins.opcode === 'suld' ? 0 : 1];
  if (!o) return true;
  let have: number | undefined;
  if (o.kind === 'vector') have = o.elements.length;
  else if (o.kind === 'expr' && o.expr.kind === 'name') {
    have = ctx.vectorRegister?.(o.expr.name)?.count;
    if (have === undefined && ins.opcode === 'suld' && ctx.registerType(o.expr.name) !== undefined) {
      ctx.report('PTX505', `${name} loads a vector of ${n}: operand 1 must be a braced list of ${n}`, o.span);
      return false;
    }
  }
  if (have === undefined || have === n) return true;
  ctx.report('PTX505', `${name} moves a vector of ${n}, not ${have}`, o.span);
  return false;
}

/**
 * mov's vector forms (measured): with `.v2/.v4` the result is a braced list or vector register of
 * that size (a scalar register: "Result vector expected"), the source
 * a list or vector register of that size, or a scalar (broadcast); the elements of vector
 * registers fit the type as scalar ones do. Without, a vector register stands for a packed value
 * of its total size. A sink is no result of mov.
 */
/** Special registers that are vectors of 4 (`%tid`; `%tid.x` is an element). */
const VECTOR_SPECIALS: ReadonlySet<string> = new Set(['%tid', '%ntid', '%ctaid', '%nctaid', '%clusterid', '%nclusterid', '%cluster_ctaid', '%cluster_nctaid']);

/** The 64-bit special registers (the others are 32-bit: `mov.u64 %rd1, %laneid` is refused, measured). */
const SPECIALS_64: ReadonlySet<string> = new Set(['%clock64', '%globaltimer', '%current_graph_exec', ...Array.from({ length: 8 }, (_, i) => `%pm${i}_64`)]);

/** The special register an operand reads (`%laneid`, `%tid.x`), or undefined. */
function specialName(o: A.Operand): string | undefined {
  if (o.kind !== 'expr') return undefined;
  const e = o.expr.kind === 'member' ? o.expr.object : o.expr;
  return e.kind === 'name' && SPECIAL_REGISTERS.has(e.name) ? e.name : undefined;
}

/** Whether a scalar mov of type `t` reads the special register `o` (if it is one): an integer or bit type of its size. */
function specialFits(o: A.Operand, t: TypeInfo, ctx: InstructionCheckContext): boolean {
  const s = specialName(o);
  if (s === undefined || (o.kind === 'expr' && o.expr.kind === 'name' && VECTOR_SPECIALS.has(s)) || ctx.registerType(s) !== undefined) return true;
  if (s === 'WARP_SZ') return t.kind !== K.Float; // a constant
  // A predicate: mov.pred only ("Arguments mismatch" for .b16/.b32/.u32/.s32/.u64/.f32, measured with ptxas 13.0 at .version 7.8 and 9.0).
  if (s === '%is_explicit_cluster') return t.kind === K.Pred;
  if (t.kind !== K.Bit && t.kind !== K.Unsigned && t.kind !== K.Signed) return false;
  if (s === '%gridid') return true; // any integer size
  // `mov.u16 %rs1, %tid.x`: the elements of %tid, %ntid, ... are also read as 16-bit (every .version, measured).
  return t.size === (SPECIALS_64.has(s) ? 64 : 32) || (t.size === 16 && VECTOR_SPECIALS.has(s));
}

/**
 * cvt of a special register (`cvt.u32.u16 %r1, %tid.x`, measured with ptxas 13.0 on %tid.x,
 * %clock, %clock64, %envreg3, %laneid, %globaltimer): an integer conversion whose source type is no
 * wider than the register (32 or 64 bits; "Arguments mismatch" for `cvt.u64.u64 %rd1, %tid.x`);
 * a conversion to or from a floating-point type is "Special register argument not allowed".
 */
function cvtSpecialFits(o: A.Operand, i: number, n: number, plan: Plan, name: string, ctx: InstructionCheckContext): boolean {
  if (o.kind === 'vector') {
    // (Here too, cvt's one braced operand: the four sources of `.rs` to a four-element type; measured
    // with ptxas 13.0 on sm_100a, lists of 2, 3 and 5: "Illegal vector size: 3", "Arguments mismatch".)
    if (o.elements.length === 4 || !plan.t1?.endsWith('x4')) return true;
    ctx.report('PTX505', `operand ${i + 1} of ${name} must be a braced list of 4 sources for ${plan.t1}, not ${o.elements.length}`, o.span);
    return false;
  }
  const s = specialName(o);
  if (s === undefined || s === 'WARP_SZ' || (o.kind === 'expr' && o.expr.kind === 'name' && VECTOR_SPECIALS.has(s)) || ctx.registerType(s) !== undefined) return true;
  if (s === '%is_explicit_cluster') {
    // A predicate: no cvt reads it ("Arguments mismatch", measured with ptxas 13.0).
    ctx.report('PTX503', `operand ${i + 1} of ${name}: the special register %is_explicit_cluster is a predicate (mov.pred it to a predicate register)`, o.span);
    return false;
  }
  const t1 = plan.t1Info;
  const t2 = plan.t2Info;
  const reg = o.kind === 'expr' && o.expr.kind === 'member' ? `${s}.${o.expr.member}` : s;
  // (The types without TypeInfo are floating-point ones: .bf16, .tf32, .e4m3x2, ...; a cvt of
  // three or more operands packs floats. Measured on sm_90 with .tf32, .bf16, .bf16x2, .f16x2 and .e4m3x2 too.)
  if (n !== 2 || !isIntegerInfo(t1) || !isIntegerInfo(t2)) {
    ctx.report('PTX502', `operand ${i + 1} of ${name} must not be the special register ${reg}: cvt reads special registers only in integer conversions (mov it to a register first)`, o.span);
    return false;
  }
  const size = SPECIALS_64.has(s) || s === '%gridid' ? 64 : 32;
  if (t2.size <= size) return true;
  ctx.report('PTX503', `operand 2 of ${name}: the special register ${reg} is ${size}-bit, narrower than ${plan.t2}`, o.span);
  return false;
}

function isIntegerInfo(t: TypeInfo | undefined): t is TypeInfo {
  return t !== undefined && (t.kind === K.Bit || t.kind === K.Unsigned || t.kind === K.Signed);
}

function movShape(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  if (ops.length !== 2) return true;
  const d = ops[0]!;
  if (d.kind === 'expr' && d.expr.kind === 'sink') {
    ctx.report('PTX502', `${name}: the sink '_' is not allowed as the result of mov`, d.span);
    return false;
  }
  const n = plan.vectors;
  for (let i = 0; i < 2; i++) {
    const o = ops[i]!;
    if (o.kind === 'vector') {
      if (n === 1 || o.elements.length === n) continue;
      ctx.report('PTX505', `${name} moves a vector of ${n}, not ${o.elements.length}`, o.span);
      return false;
    }
    if (i === 1 && plan.t1Info !== undefined && !specialFits(ops[1]!, plan.t1Info, ctx)) return movSpecialRefused(ops[1]!, name, plan, plan.t1Info, ctx);
    if (i === 1 && o.kind === 'expr' && plan.t1Info?.kind === K.Float && n === 1) {
      // A variable's address moves as an integer (measured: `mov.f32 %f1, gv` and `mov.f64 %fd1, gv+4` refused; a function's is taken).
      const x = o.expr.kind === 'binary' && (o.expr.op === '+' || o.expr.op === '-') ? o.expr.left : o.expr;
      if (x.kind === 'name' && ctx.variableSpace(x.name) !== undefined) {
        ctx.report('PTX503', `operand 2 of ${name}: the address of '${x.name}' is an integer; move it with mov.u64 or mov.b64 (mov.u32 with 32-bit addresses)`, o.span);
        return false;
      }
    }
    if (o.kind !== 'expr' || o.expr.kind !== 'name') continue;
    if (i === 0 && o.expr.name !== 'WARP_SZ' && SPECIAL_REGISTERS.has(o.expr.name) && ctx.registerType(o.expr.name) === undefined) {
      // ptxas "Read-only special register cannot be destination argument".
      ctx.report('PTX502', `${name}: the special register ${o.expr.name} is read-only`, o.span);
      return false;
    }
    if (i === 1 && VECTOR_SPECIALS.has(o.expr.name)) {
      if (n === 4) continue;
      ctx.report('PTX505', `${name}: ${o.expr.name} is a vector of 4 .u32 (write ${o.expr.name}.x, or mov.v4)`, o.span);
      return false;
    }
    const v = ctx.vectorRegister?.(o.expr.name);
    if (v === undefined) {
      if (n > 1 && i === 0 && ctx.registerType(o.expr.name) !== undefined) {
        ctx.report('PTX505', `${name} writes a vector of ${n}: operand 1 must be a braced list or a vector register, not the scalar ${o.expr.name}`, o.span);
        return false;
      }
      continue;
    }
    if (!movVectorRegisterFits(o, o.expr, i, v, name, plan, ctx)) return false;
  }
  return true;
}

/** movShape's special register that does not fit the type (reported): a function of its own, as the rare cases below, so that movShape's bytecode stays small (it is optimized after fewer calls). */
function movSpecialRefused(o: A.Operand, name: string, plan: Plan, t1Info: TypeInfo, ctx: InstructionCheckContext): false {
  const sp = specialName(o) ?? '';
  ctx.report('PTX503', `operand 2 of ${name}: the special register does not fit ${plan.t1} (${sp === '%is_explicit_cluster' ? 'it is a predicate: mov.pred' : `it is ${SPECIALS_64.has(sp) ? '64' : '32'}-bit${t1Info.kind === K.Float ? ', and no float' : ''}`})`, o.span);
  return false;
}

/** movShape's operand `i` that is the vector register `v`: its count and elements against the words. */
function movVectorRegisterFits(o: A.Operand, x: A.NameRef, i: number, v: { count: number; type: string }, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const n = plan.vectors;
  const e = TYPES.get(v.type);
  const t = plan.t1Info;
  if (e === undefined || t === undefined) return true;
  if (n === 1 && (t.kind === K.Unsigned || t.kind === K.Signed || t.kind === K.Float)) {
    // As with a braced list (movVectorFits): a vector register packs only with a bit-size type (measured: `mov.s64 %rd1, %v2u32` refused).
    ctx.report('PTX505', `${name}: a vector register packs or unpacks only with a bit-size type (write mov.b${t.size})`, o.span);
    return false;
  }
  if (n > 1 ? v.count !== n : v.count * e.size !== t.size) {
    ctx.report('PTX505', n > 1 ? `${name} moves a vector of ${n}; ${x.name} is a vector register of ${v.count}` : `${name}: ${x.name} (${v.count} x ${v.type}) is not one ${t.size}-bit value`, o.span);
    return false;
  }
  // Same size; an integer type takes no float elements (a float type takes integer ones, measured).
  if (n > 1 && e.kind !== K.Packed && e.kind !== K.Pred && (e.size !== t.size || ((t.kind === K.Unsigned || t.kind === K.Signed) && e.kind === K.Float))) {
    ctx.report('PTX503', `operand ${i + 1} of ${name} must have elements of ${typeDescription(t, plan.t1!, false)}; ${x.name} is a vector of ${v.type}`, o.span);
    return false;
  }
  return true;
}

function movVectorFits(ins: A.Instruction, name: string, o: A.VectorOperand, want: TypeInfo, ctx: InstructionCheckContext): boolean {
  // mov.vN: each element a register of the type's size (a float type takes integer ones too, as texture elements; measured).
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (w === '.v2' || w === '.v4' || w === '.v8') {
      if (o === ins.operands[0])
        for (let j = 0; j < o.elements.length; j++) {
          const e = o.elements[j]!;
          if (e.kind === 'expr' && (e.expr.kind === 'int' || e.expr.kind === 'float')) {
            ctx.report('PTX502', `${name}: a result element must be a register, not a constant`, e.span);
            return false;
          }
        }
      return texVectorFits(o, Cls.Element, want, typeWord(ins.modifiers, 0) ?? '', 'elements', name, false, ctx);
    }
  }
  if (want.kind === K.Unsigned || want.kind === K.Signed || want.kind === K.Float) {
    // Packing is for bit-size types (and .f16x2): `mov.u32 %r1, {%rs1, %rs2}`, `mov.f64 %fd1, {%r1, %r2}` are refused (measured).
    ctx.report('PTX505', `${name}: a braced list packs or unpacks only with a bit-size type (write mov.b${want.size})`, o.span);
    return false;
  }
  const n = o.elements.length;
  let size = 0;
  let preds = 0;
  for (let k = 0; k < o.elements.length; k++) {
    const e = o.elements[k]!;
    if (e.kind !== 'expr' || e.expr.kind !== 'name') return true;
    const t = ctx.registerType(e.expr.name);
    const r = t === undefined ? undefined : TYPES.get(t);
    // A predicate packs as 32 bits next to other registers; predicates alone do not pack (measured).
    const rs = r?.kind === K.Pred ? 32 : r?.size;
    if (!r || (size !== 0 && rs !== size)) return true;
    size = rs!;
    if (r.kind === K.Pred) preds++;
  }
  if (preds === n) {
    ctx.report('PTX505', `${name}: predicates cannot be packed into a ${want.size}-bit value`, o.span);
    return false;
  }
  if ((n === 1 || n === 2 || n === 4) && n * size === want.size) return true;
  ctx.report('PTX505', `${name}: ${n} registers of ${size} bits do not make one ${want.size}-bit value (write 2 or 4 registers of ${want.size / 2} or ${want.size / 4} bits)`, o.span);
  return false;
}

/**
 * A braced list is one vector expression of one element type, for every instruction (measured with
 * ptxas 13.0 on ld, st, mov, tex, tld4, suld, sust, atom, red, ldmatrix, stmatrix, wmma.load, mma and
 * multimem.ld_reduce, every pair of register types): its registers (and scalar variables and `v.x`
 * elements, as registers of their type) all of one size, a predicate counting as 32 bits
 * ("Incompatible elements of vector expression"); each element's type agreeing with its neighbour's
 * ("Vector with elements of different types are not allowed in st instruction"): the same type,
 * bit-size on either side, or two integer types; an integer constant is an integer of any size, a
 * floating-point constant a float of any size, a `.f16x2` register agrees with `.f16x2` and bit-size
 * ones only and is 32 bits (measured on st, ld, mov, red and multimem: `{%f1, %x1}`, `{%x1, %u1}`,
 * `{%x1, 1.0}`, `{%p1, %x1}`, `{%x1, %rd1}` refused, `{%x1, %r1}` taken); sinks are passed over. A list whose types differ is
 * then one of bit-size elements (`{%f1, %r1}` is taken by st.u32, `{%u1, %s1}` by st.f32). An array
 * or vector variable is no element ("Illegal expression"). Registers of one type only: the common
 * case, told without the slower walk.
 */
function vectorExpressionFits(o: A.VectorOperand, at: number, name: string, ctx: InstructionCheckContext, arrayIndex = false): boolean {
  const els = o.elements;
  let t0: string | undefined;
  uniformList = undefined;
  for (let k = 0; k < els.length; k++) {
    const el = els[k]!;
    const t = el.kind === 'expr' && el.expr.kind === 'name' ? ctx.registerType(el.expr.name) : undefined;
    if (t === undefined || (t0 !== undefined && t !== t0)) return mixedVectorFits(o, at, name, ctx, arrayIndex);
    t0 = t;
  }
  if (joinedList === o) joinedList = undefined;
  uniformList = o;
  uniformType = t0;
  return true;
}

/**
 * The last braced list vectorExpressionFits found to be registers of one type (by identity), and
 * that type: operandFits then judges its elements by one verdict instead of looking each up again.
 */
let uniformList: A.VectorOperand | undefined;
let uniformType: string | undefined;

/** A braced list whose elements differ in type (see vectorExpressionFits); records its bit-size join. */
const INT_CONSTANT: TypeInfo = { kind: K.Signed, size: 0 };
const FLOAT_CONSTANT: TypeInfo = { kind: K.Float, size: 0 };
/** The last braced list of differing types that agreed (by identity), and the bit-size type its elements make; see operandFits. */
let joinedList: A.VectorOperand | undefined;
let joinedType: TypeInfo | undefined;
/** Whether that list has a scalar variable among its elements (checked as a register of its type in operandFits). */
let joinedVariable = false;
/** The first disagreement of neighbours' types in the instruction's lists, reported after every list's sizes (operandShapes). */
let pendingProblem: { message: string; at: Span } | undefined;

/** Reported on the line of the list's closing brace, as ptxas does for what it finds while reading a list. */
function reportAtBrace(code: PtxCode, message: string, o: A.VectorOperand, ctx: InstructionCheckContext): false {
  const at = { start: o.span.end - 1, end: o.span.end };
  if (ctx.reportAt) ctx.reportAt(code, message, at);
  else ctx.report(code, message, at);
  return false;
}
/** A .b128 register: its size counts in a list (`{%q1, %rd1}` refused, measured); not in TYPES (no other rule of it measured). */
const B128: TypeInfo = { kind: K.Bit, size: 128 };
const BIT_TYPES: ReadonlyMap<number, TypeInfo> = new Map([8, 16, 32, 64].map((n) => [n, TYPES.get(`.b${n}`)!]));

/** tex/tld4 of an array geometry: the array index (the first coordinate) has no type its neighbour must agree with (measured: `[t, {%s1, %f1}]`). */
function arrayGeometry(words: readonly string[]): boolean {
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (GEOMETRY.get(w)?.array) return true;
  }
  return false;
}

function mixedVectorFits(o: A.VectorOperand, at: number, name: string, ctx: InstructionCheckContext, arrayIndex: boolean): boolean {
  // Sinks only (`{_, _}`, any operand of any instruction): ptxas "Unable to infer type of vector elements" (measured with ptxas 13.0: ld, mov, tex, tld4, suld, atom, mma, ldmatrix, wmma.load, stmatrix, clusterlaunchcontrol).
  let sinks = 0;
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    if (el.kind === 'expr' && el.expr.kind === 'sink') sinks++;
  }
  if (sinks > 0 && sinks === o.elements.length) return reportAtBrace('PTX505', `operand ${at + 1} of ${name}: a braced list of sinks only has no element type to go by (keep one register in it)`, o, ctx);
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    // (Inside a braced list too: `{%r1.x, %r2}` "Unknown video selector: '.x'", as outside one.)
    if (el.kind === 'expr' && el.expr.kind === 'member' && el.expr.member.length === 1 && !scalarElementFits(el.expr, `operand ${at + 1} of ${name}`, ctx)) return false;
  }
  let prev: TypeInfo | undefined;
  let prevType = '';
  let prevName = '';
  let size = 0;
  let sizeName = '';
  let sizeText = '';
  let first = '';
  let mixed = false;
  let variable = false;
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    if (el.kind !== 'expr') {
      prev = undefined;
      continue;
    }
    let e = el.expr;
    if (e.kind === 'sink') continue;
    if (e.kind === 'unary' && e.op === '-' && (e.operand.kind === 'int' || e.operand.kind === 'float')) e = e.operand;
    let t: string | undefined;
    let r: TypeInfo | undefined;
    const text = e.kind === 'name' ? e.name : e.kind === 'member' && e.object.kind === 'name' ? `${e.object.name}.${e.member}` : e.kind === 'int' || e.kind === 'float' ? e.raw : exprText(e);
    if (e.kind === 'int') r = INT_CONSTANT;
    else if (e.kind === 'float') r = FLOAT_CONSTANT;
    else if (e.kind !== 'name' && e.kind !== 'member') {
      // A constant expression (`(0f3f800000)`, `1+2`) by its type (constantKind).
      const c = constantKind(e, true);
      if (c !== undefined) r = c === 'int' ? INT_CONSTANT : FLOAT_CONSTANT;
    } else if (e.kind === 'name') {
      t = ctx.registerType(e.name);
      if (t === undefined && ctx.vectorRegister?.(e.name) === undefined) {
        const v = ctx.variableSpace(e.name);
        if (v !== undefined && (v.array || v.vector !== undefined)) {
          // ptxas "Illegal expression 'ga'".
          return reportAtBrace('PTX502', `operand ${at + 1} of ${name}: the ${v.array ? 'array' : 'vector'} variable '${e.name}' cannot be an element of a braced list`, o, ctx);
        }
        t = v?.type;
        if (t !== undefined) variable = true;
      }
    } else if (e.kind === 'member' && e.object.kind === 'name') {
      t = ctx.vectorRegister?.(e.object.name)?.type;
      // `%tid.x`: 32 bits, of no type a neighbour disagrees with (measured: `{%tid.x, %f1}` taken, `{%tid.x, %rd1}` refused).
      if (t === undefined && VECTOR_SPECIALS.has(e.object.name)) t = '.b32';
    }
    if (t !== undefined) r = registerTypeInfo(t);
    // (Anything else, and types not measured here, breaks the comparisons.)
    if (r === undefined || (r.kind === K.Packed && t !== '.f16x2')) {
      prev = undefined;
      continue;
    }
    const key = t ?? (r === INT_CONSTANT ? 'int' : 'float');
    if (first === '') first = key;
    else if (key !== first) mixed = true;
    if (r.size !== 0) {
      const rs = r.kind === K.Pred ? 32 : r.size;
      if (size !== 0 && rs !== size) {
        return reportAtBrace('PTX503', `operand ${at + 1} of ${name}: the elements of a braced list must be of one size; ${sizeName} is ${sizeText} and ${text} is ${r.kind === K.Pred ? 'a predicate (32 bits here)' : `${rs}-bit`}`, o, ctx);
      }
      size = rs;
      sizeName = text;
      sizeText = r.kind === K.Pred ? 'a predicate (32 bits here)' : `${rs}-bit`;
    }
    if (prev !== undefined && key !== prevType && prev.kind !== K.Bit && r.kind !== K.Bit) {
      const ints = (prev.kind === K.Unsigned || prev.kind === K.Signed) && (r.kind === K.Unsigned || r.kind === K.Signed);
      const floats = prev.kind === K.Float && r.kind === K.Float;
      // (A predicate next to a constant: not measured, let be.)
      const predConst = (prev.kind === K.Pred && r.size === 0) || (r.kind === K.Pred && prev.size === 0);
      if (!ints && !floats && !predConst && pendingProblem === undefined)
        pendingProblem = { message: `operand ${at + 1} of ${name}: the elements of a braced list must have agreeing types; ${prevName} is ${typeText(prevType)} and ${text} is ${typeText(key)}`, at: e.span };
    }
    prev = arrayIndex && el === o.elements[0] ? undefined : r;
    prevType = key;
    prevName = text;
  }
  joinedList = o;
  joinedType = mixed ? BIT_TYPES.get(size) ?? CONSTANT_ROLE : undefined;
  joinedVariable = variable;
  return true;
}

/** A scalar variable in a braced list: as a register of its declared type (measured: `{g, g}` of a .f32 g refused by st.v2.u32). */
function listVariablesFit(o: A.VectorOperand, name: string, i: number, want: TypeInfo, wantName: string, relaxed: boolean, ctx: InstructionCheckContext): boolean {
  for (let k = 0; k < o.elements.length; k++) {
    const el = o.elements[k]!;
    if (el.kind !== 'expr' || el.expr.kind !== 'name' || ctx.registerType(el.expr.name) !== undefined) continue;
    const t = ctx.variableSpace(el.expr.name)?.type;
    const r = t === undefined ? undefined : TYPES.get(t);
    if (r === undefined || registerOperandFits(want, r, relaxed)) continue;
    ctx.report('PTX503', `operand ${i + 1} of ${name} must have elements of ${typeDescription(want, wantName, relaxed)}; the variable ${el.expr.name} is ${t}`, el.span);
    return false;
  }
  return true;
}

function typeText(key: string): string {
  return key === 'int' ? 'an integer constant' : key === 'float' ? 'a floating-point constant' : key;
}

const C_PERCENT = 37;

/**
 * A texture or surface handle written as a variable (measured with ptxas 13.0 on tex, tld4, txq,
 * suld, sust, suq): tex/tld4/txq take a .texref one (txq a .samplerref too), the surface
 * instructions a .surfref one: "Argument 1 of instruction 'tex': .texref or .u64 register expected"
 * for any other, a `.param .u64 .ptr .texref` kernel parameter too; a variable of the old .tex
 * space (`.tex .u64 t`) is one.
 */
function textureHandleFits(op: string, e: A.NameRef, name: string, ctx: InstructionCheckContext): boolean {
  if (ctx.registerType(e.name) !== undefined) return true;
  const v = ctx.variableSpace(e.name);
  // (A variable of the old .tex space is a texture reference: `.tex .u64 t`, measured.)
  if (v === undefined || v.space === '.tex') return true;
  const surface = op.charCodeAt(0) === 115; // suld, sust, sured, suq
  const want = surface ? '.surfref' : '.texref';
  if (v.type === want || (op === 'txq' && v.type === '.samplerref')) return true;
  ctx.report('PTX502', `${name}: the ${surface ? 'surface' : 'texture'} must be a ${want} variable or a .u64 register; '${e.name}' is ${v.type ?? 'a variable'} (${v.space})`, e.span);
  return false;
}

/**
 * A variable (any state space but .reg) written alone as an operand, outside brackets, of any
 * instruction but mov's and cvta's source (its address), mapa's and getctarank's address (a .shared
 * one), isspacep (its own rule) and the branch and call targets: ptxas "Argument N of instruction 'shfl': must be register" (or
 * "Arguments mismatch"), measured with ptxas 13.0 on 70 opcodes, every operand position, the result
 * too (`mov.u32 g, %r1`). Names starting with '%' are registers by convention and asked only in a
 * module that declares a variable so named (`.global .u32 %g`; InstructionCheckContext.percentVariables).
 */
function variableAloneFits(ins: A.Instruction, i: number, e: A.NameRef, name: string, ctx: InstructionCheckContext): boolean {
  const op = ins.opcode;
  if (op === 'bra' || op === 'call' || op === 'brx' || op === 'isspacep') return true;
  if (i > 0 && (op === 'mov' || op === 'cvta')) return true;
  if (ctx.registerType(e.name) !== undefined) return true;
  const v = ctx.variableSpace(e.name);
  if (v === undefined) return true;
  if (i === 1 && (op === 'mapa' || op === 'getctarank')) {
    // Their address: a .shared variable ("State space mismatch between instruction and address" for the others, measured).
    if (v.space === '.shared') return true;
    ctx.report('PTX502', `${name} takes a .shared variable's address; '${e.name}' is a ${v.space} variable`, e.span);
    return false;
  }
  ctx.report('PTX502', `operand ${i + 1} of ${name} must be a register, not the variable '${e.name}'${i > 0 ? ` (mov its address into one, or write ${e.name}+0)` : ''}`, e.span);
  return false;
}

function operandFits(ins: A.Instruction, name: string, i: number, o: A.Operand, want: TypeInfo, wantName: string, relaxed: boolean, isMov: boolean, ctx: InstructionCheckContext): boolean {
  if (o.kind === 'vector') return listOperandFits(ins, name, i, o, want, wantName, relaxed, isMov, ctx);
  if (o.kind !== 'expr') return true;
  let e = o.expr;
  if (e.kind === 'binary' && e.op === '|' && (want.kind === K.Pred || (i === 0 && o === ins.operands[0] && ins.opcode === 'shfl'))) return pairOperandFits(ins, name, i, e, want, wantName, relaxed, isMov, ctx);
  if (want.kind === K.Pred && e.kind === 'unary' && e.op === '!') e = e.operand;
  if (e.kind === 'name') {
    const t = ctx.registerType(e.name);
    // (A name that is no scalar register: a function of its own, so that its first use late in a file does not throw this one's optimized code away.)
    if (t === undefined) return isMov || nameOperandFits(ins, name, i, o, e, want, wantName, ctx);
    const r = registerTypeInfo(t);
    // A predicate or 32-bit-integer role (setp's result, a shift amount) takes no .f16x2 register.
    if (!r || registerOperandFits(want, r, relaxed)) return true;
    return registerMismatch(name, i, e, t, want, wantName, relaxed, ctx);
  }
  if (e.kind === 'member') return memberOperandFits(ins, name, i, o, e, want, wantName, relaxed, isMov, ctx);
  return constantOperandFits(e, i, name, want, wantName, ctx);
}

/** operandFits' report of a register of the wrong type (`t`): a function of its own, as pairOperandFits. */
function registerMismatch(name: string, i: number, e: A.NameRef, t: string, want: TypeInfo, wantName: string, relaxed: boolean, ctx: InstructionCheckContext): boolean {
  ctx.report('PTX503', `operand ${i + 1} of ${name} must be ${typeDescription(want, wantName, relaxed)}; ${e.name} is ${t}`, e.span);
  return false;
}

/** operandFits' member expression (`%tid.x`, `v.x`): a function of its own, as pairOperandFits. */
function memberOperandFits(ins: A.Instruction, name: string, i: number, o: A.Operand, e: A.MemberExpr, want: TypeInfo, wantName: string, relaxed: boolean, isMov: boolean, ctx: InstructionCheckContext): boolean {
  // `%tid.x`: a special register's element is refused as an operand but of mov and cvt (or in a braced list), measured.
  if (!isMov && ins.opcode !== 'cvt' && o === ins.operands[i] && e.object.kind === 'name' && SPECIAL_REGISTERS.has(e.object.name) && ctx.registerType(e.object.name) === undefined)
    return specialRefused(name, i, `${e.object.name}.${e.member}`, e.span, ctx);
  return e.object.kind !== 'name' || vectorElementFits(name, i, e.object.name, e.member, want, wantName, relaxed, e.span, ctx);
}

/** operandFits' `a|b`: setp's `p|q`, shfl's `d|p` (a function of its own, as listOperandFits: operandFits' bytecode stays small). */
function pairOperandFits(ins: A.Instruction, name: string, i: number, e: A.BinaryExpr, want: TypeInfo, wantName: string, relaxed: boolean, isMov: boolean, ctx: InstructionCheckContext): boolean {
  if (want.kind === K.Pred) {
    // setp's `p|q`.
    return operandFits(ins, name, i, { kind: 'expr', expr: e.left, span: e.left.span }, want, wantName, relaxed, isMov, ctx) &&
      operandFits(ins, name, i, { kind: 'expr', expr: e.right, span: e.right.span }, want, wantName, relaxed, isMov, ctx);
  }
  // shfl's `d|p` (measured with ptxas 13.0 on sm_90): d typed as a d alone (a 16- or 64-bit or
  // predicate register is "Arguments mismatch"), p a .pred register or the sink ("Predicate output
  // expected for instruction 'shfl'"). (A sink d is refused by the result rules.)
  if (e.left.kind !== 'sink' && !operandFits(ins, name, i, { kind: 'expr', expr: e.left, span: e.left.span }, want, wantName, relaxed, isMov, ctx)) return false;
  return predicateRegisterFits(e.right, name, ctx);
}

/** operandFits' braced list: a function of its own, so that a list first seen late in a file throws this one's optimized code away, not operandFits'. */
function listOperandFits(ins: A.Instruction, name: string, i: number, o: A.VectorOperand, want: TypeInfo, wantName: string, relaxed: boolean, isMov: boolean, ctx: InstructionCheckContext): boolean {
  // mov packs and unpacks: `mov.b64 {%r1, %r2}, %rd1`: 2 or 4 registers of one size making the type's.
  if (isMov) return movVectorFits(ins, name, o, want, ctx);
  // Elements of a float vector of ld/st (and of atom/red .v2/.v4.f32) may also be integer registers of the type's size (measured).
  const elementWant = (relaxed || ins.opcode === 'atom' || ins.opcode === 'red') && want.kind === K.Float ? (want.size === 32 ? F32_ELEMENT : want.size === 64 ? F64_ELEMENT : want) : want;
  if (o === joinedList) {
    // Elements of differing types: one bit-size type of their size (vectorExpressionFits).
    const j = joinedType;
    if (j !== undefined) {
      if (j === CONSTANT_ROLE || registerOperandFits(elementWant, j, relaxed)) return true;
      ctx.report('PTX503', `operand ${i + 1} of ${name} must have elements of ${typeDescription(want, wantName, relaxed)}; the elements of this list make ${j.size}-bit values`, o.span);
      return false;
    }
    if (joinedVariable && !listVariablesFit(o, name, i, elementWant, wantName, relaxed, ctx)) return false;
  } else if (o === uniformList && o.elements.length > 0) {
    // Registers of one type (vectorExpressionFits): each element's verdict below is this one, the first reported.
    const t = uniformType!;
    const r = registerTypeInfo(t);
    if (!r || registerOperandFits(elementWant, r, relaxed)) return true;
    // (Every element is a name: see vectorExpressionFits.)
    const e = (o.elements[0] as A.ExprOperand).expr as A.NameRef;
    ctx.report('PTX503', `operand ${i + 1} of ${name} must be ${typeDescription(elementWant, wantName, relaxed)}; ${e.name} is ${t}`, e.span);
    return false;
  }
  for (let k = 0; k < o.elements.length; k++) {
    const e = o.elements[k]!;
    if (ins.opcode === 'st' && e.kind === 'expr' && e.expr.kind === 'sink') {
      ctx.report('PTX502', `${name}: the sink '_' cannot be stored (it is for results only)`, e.span);
      return false;
    }
    if (!operandFits(ins, name, i, e, elementWant, wantName, relaxed, isMov, ctx)) return false;
  }
  return true;
}

/** operandFits' constant (a literal or a constant expression): a function of its own, as listOperandFits. */
function constantOperandFits(e: A.Expr, i: number, name: string, want: TypeInfo, wantName: string, ctx: InstructionCheckContext): boolean {
  let lit: A.Expr = e.kind === 'unary' && e.op === '-' ? e.operand : e;
  if (lit.kind !== 'int' && lit.kind !== 'float') {
    // A constant expression (`(1.0)`, `1.0+1.0`, `1+1`, `1.0 > 0.5`): judged by its type as a literal of it.
    const k = constantKind(e, true);
    if (k === undefined) return true;
    lit = k === 'int' ? { kind: 'int', value: 0n, unsigned: false, raw: exprText(e), span: e.span } : { kind: 'float', form: k === 'f32' ? 'f32' : 'f64', value: 0, bits: 0n, raw: exprText(e), span: e.span } as A.Expr;
  }
  if ((lit.kind === 'int' || lit.kind === 'float') && want.kind === K.Packed) {
    ctx.report('PTX504', `operand ${i + 1} of ${name} must be a .f16x2 register; no constant is one`, e.span);
    return false;
  }
  if (lit.kind === 'int') {
    if (want.kind === K.Float) {
      ctx.report('PTX504', `operand ${i + 1} of ${name} must be a ${wantName} value; '${lit.raw}' is an integer (write a floating-point constant)`, e.span);
      return false;
    }
  } else if (lit.kind === 'float') {
    // A floating-point constant is 32-bit (0f...) or 64-bit (decimal, 0d...): a bit-size type takes
    // one of its own size; .f16 takes none.
    const bad =
      want.kind === K.Pred ||
      want.kind === K.Unsigned ||
      want.kind === K.Signed ||
      (want.kind === K.Float && want.size === 16) ||
      (want.kind === K.Bit && (want.size < 32 || (want.size === 32) !== (lit.form === 'f32')));
    if (bad) {
      ctx.report('PTX504', `operand ${i + 1} of ${name} must be a ${wantName} value; '${lit.raw}' is a floating-point constant`, e.span);
      return false;
    }
  }
  return true;
}

/**
 * The type of a constant expression as ptxas gives it (measured with ptxas 13.0 on mov, add, st,
 * sust, sured): an integer, or a floating-point value of 32 bits (a `0f` literal, alone or in
 * parentheses) or 64 bits (a decimal or `0d` literal; any arithmetic on a float, `-(0f3f800000)`
 * included); a comparison or logical operation is an integer. Undefined for anything that is not
 * a constant (a register, a variable's address, `gv+4`).
 */
function constantKind(e: A.Expr, whole: boolean, depth = 0): 'int' | 'f32' | 'f64' | undefined {
  // (A deeper expression, `1+1+...` of thousands of terms, is left alone: no stack for it, and no verdict.)
  if (depth > 64) return undefined;
  switch (e.kind) {
    case 'int':
      return 'int';
    case 'float':
      return e.form === 'f32' && whole ? 'f32' : 'f64';
    case 'name':
      return e.name === 'WARP_SZ' ? 'int' : undefined;
    case 'paren':
      return constantKind(e.expr, whole, depth + 1);
    case 'cast':
      return constantKind(e.operand, false, depth + 1) === undefined ? undefined : 'int';
    case 'unary': {
      // (`+(0f3f800000)` keeps its 32 bits: measured, `mov.b32 %r1, +(0f3f800000)` taken.)
      if (e.op === '+') return constantKind(e.operand, whole, depth + 1);
      const k = constantKind(e.operand, false, depth + 1);
      if (k === undefined) return undefined;
      return e.op === '!' || e.op === '~' || k === 'int' ? 'int' : 'f64';
    }
    case 'binary': {
      const l = constantKind(e.left, false, depth + 1);
      const r = constantKind(e.right, false, depth + 1);
      if (l === undefined || r === undefined) return undefined;
      if (COMPARISON_OPS.has(e.op)) return 'int';
      return l === 'int' && r === 'int' ? 'int' : 'f64';
    }
    case 'conditional': {
      const a = constantKind(e.consequent, false, depth + 1);
      const b = constantKind(e.alternate, false, depth + 1);
      return a === undefined || b === undefined || constantKind(e.test, false, depth + 1) === undefined ? undefined : a === 'int' && b === 'int' ? 'int' : 'f64';
    }
    default:
      return undefined;
  }
}
const COMPARISON_OPS: ReadonlySet<string> = new Set(['<', '>', '<=', '>=', '==', '!=', '&&', '||']);

/** The text of an expression for a message (its span is not at hand here: a short description). */
function exprText(e: A.Expr): string {
  return e.kind === 'paren' ? 'the parenthesized constant' : 'the constant expression';
}

/** operandFits for a name that is no scalar register (a special register, a vector register, a variable, a label); not mov's (movShape's). */
function nameOperandFits(ins: A.Instruction, name: string, i: number, o: A.Operand, e: A.NameRef, want: TypeInfo, wantName: string, ctx: InstructionCheckContext): boolean {
  const op = ins.opcode;
  if (e.name === 'WARP_SZ' && (want.kind === K.Float || want.kind === K.Packed)) {
    // An integer constant (measured: `add.f32 %f1, %f1, WARP_SZ`, `st.global.f64 [a], WARP_SZ` "Arguments mismatch").
    ctx.report('PTX504', `operand ${i + 1} of ${name} must be a ${wantName} value; WARP_SZ is an integer constant`, e.span);
    return false;
  }
  if (VECTOR_SPECIALS.has(e.name) && op === 'cvt') {
    // ptxas "Vector operand is not allowed for instruction 'cvt'".
    ctx.report('PTX502', `operand ${i + 1} of ${name} must not be the vector ${e.name} (write ${e.name}.x)`, e.span);
    return false;
  }
  if (o === ins.operands[i] && op !== 'cvt' && e.name !== 'WARP_SZ' && SPECIAL_REGISTERS.has(e.name)) return specialRefused(name, i, e.name, e.span, ctx);
  if (o !== ins.operands[i] && VECTOR_SPECIALS.has(e.name)) {
    // ptxas "Illegal expression '%tid'" (in a braced list).
    ctx.report('PTX502', `${e.name} is a vector: it cannot be an element of a braced list (write ${e.name}.x)`, e.span);
    return false;
  }
  const v = ctx.vectorRegister?.(e.name);
  if (v === undefined) {
    // A variable alone (its address; `g+0` is a constant and taken): variableAloneFits (operandShapes
    // asked it already, but for a context without percentVariables).
    return o !== ins.operands[i] || variableAloneFits(ins, i, e, name, ctx);
  }
  // (atom/red .vN take a vector register of N as b: atomicVectorShape checked the count. As atom's d, ptxas 13.0 crashes: refused here.)
  if (op !== 'ld' && op !== 'st' && !((op === 'atom' || op === 'red') && i !== 0 && vectorWidth(ins.modifiers) === v.count && v.count > 1)) {
    // ptxas "Vector operand is not allowed for instruction 'add'" ("Arguments mismatch" for and, shl ...).
    ctx.report('PTX502', `operand ${i + 1} of ${name} must not be a vector register (${e.name})`, e.span);
    return false;
  }
  // ld/st: its elements as those of a braced list (vectorShape checked the count).
  const r = TYPES.get(v.type);
  const elementWant = want.kind === K.Float ? (want.size === 32 ? F32_ELEMENT : want.size === 64 ? F64_ELEMENT : want) : want;
  if (!r || registerFits(elementWant, r, true)) return true;
  ctx.report('PTX503', `operand ${i + 1} of ${name} must have elements of ${typeDescription(want, wantName, true)}; ${e.name} is a vector of ${v.type}`, e.span);
  return false;
}

/** ptxas "Special register argument not allowed for instruction 'add'": only mov and cvt read one (measured). */
function specialRefused(name: string, i: number, reg: string, at: Span, ctx: InstructionCheckContext): false {
  ctx.report('PTX502', `operand ${i + 1} of ${name} must not be the special register ${reg}: only mov and cvt read special registers (mov it to a register first)`, at);
  return false;
}

/** The word of `vocabulary` nearest `word` (edit distance at most a third of its length), or undefined. */
function nearestWord(word: string, vocabulary: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const v of vocabulary) {
    const d = editDistance(word, v, bestD);
    if (d < bestD) {
      bestD = d;
      best = v;
    }
  }
  return best;
}

function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

// ------------------------------------------------------------------------------ textures and surfaces

/**
 * Per geometry word (measured with ptxas 13.0 on tex, tld4, suld and sust; test/ptx/instructions/
 * operand-rules.test.ts): `coords`, the fewest elements of the braced coordinate vector (more are
 * taken, in a vector of 1, 2 or 4: "Operand vector size doesn't match geometry", "Illegal vector
 * size: 3"); `offsets`, the fewest of tex's offset vector e (0: no offset vector, "Illegal modifier
 * '.cube'"); `grad`, the size of tex.grad's dPdx and dPdy (0: 1, 2 or 4); `array`: the first
 * coordinate is the array index. `.a2dms` (tex only) is not here: ptxas takes any coordinates with it.
 */
const GEOMETRY: ReadonlyMap<string, { coords: number; offsets: number; grad: number; array: boolean }> = new Map([
  ['.1d', { coords: 1, offsets: 1, grad: 1, array: false }],
  ['.2d', { coords: 2, offsets: 2, grad: 2, array: false }],
  ['.3d', { coords: 4, offsets: 4, grad: 4, array: false }],
  ['.a1d', { coords: 2, offsets: 1, grad: 1, array: true }],
  ['.a2d', { coords: 4, offsets: 2, grad: 2, array: true }],
  ['.cube', { coords: 4, offsets: 0, grad: 0, array: false }],
  ['.acube', { coords: 4, offsets: 0, grad: 0, array: true }],
  ['.2dms', { coords: 4, offsets: 2, grad: 0, array: false }],
]);
const MULTISAMPLE = GEOMETRY.get('.2dms');

// ------------------------------------------------------------------------------ operand classes

/**
 * The operand classes of the rules outside plain typing: texture and surface operands, operands by
 * name (NAMED_ROLES), isspacep's address, mma.sp's sparsity metadata, .bf16 operands (measured with
 * ptxas 13.0; test/ptx/instructions/operand-rules.test.ts and family-cases.ts). Each class with a
 * row in CLASSES says which declared register types it takes, how a message names them and which
 * constants it takes; classFits judges an operand by its row. `Element` and `Strict` have no row:
 * they are typed by the instruction (a texture's element or coordinate type `t`).
 */
const enum Cls {
  /** A 32-bit integer or bit-size register (array index, offsets, surface coordinates, txq's level; mbarrier's counts, wmma's stride). */
  Int32,
  /** A 64-bit integer or bit-size register (a texture, sampler or surface in a register; mbarrier's state). */
  Int64,
  /** Any 32-bit register (txq/suq's result). */
  Word,
  /** Any 32-bit register or a predicate (a texture coordinate after an array index, whatever ctype says). */
  WordOrPred,
  /** A sampler in a register with .s32 coordinates: a 64-bit integer or bit-size one or any 32-bit one but .f32. */
  IntSampler,
  /** tex's depth compare value: a .f32 register (Depth32 with .f32 coordinates: also a .b32 one). */
  Depth,
  Depth32,
  /** isspacep's address: a 32- or 64-bit integer or bit-size register or an integer constant. */
  Address,
  /** mma.sp's sparsity metadata: any 32-bit register or a predicate, no constant. */
  Metadata,
  /** st.bulk's size: a 64-bit integer or bit-size register or an .s32 one (constants: the caller's multiple-of-8 rule). */
  BulkSize,
  /** A .bf16 / .bf16x2 operand: a .b16 / .b32 register (Bf16x2OrPred: setp.bf16x2's sources, also a predicate), no constant. */
  Bf16,
  Bf16x2,
  Bf16x2OrPred,
  /** cvt's .tf32: a .b32 register (constants left to ptxas's other rules); its two-element fp8/fp6 types and .ue8m0x2: a .b16 one, no constant (measured: `cvt.rn.f16x2.e4m3x2 %r1, 7`, "Arguments mismatch"). */
  Tf32,
  Bits16,
  /** cvt's .e2m1x2: a .b8 register, no constant; its four-element fp8/fp6 types: a .b32 one (BIT_HELD). */
  Bits8,
  Bits32,
  /** A .b128 operand (ld, st, mov, atom): a .b128 register, any constant. */
  Bits128,
  /**
   * mma's fragment elements by their type word (mmaFragmentsFit): .f16 a .b32 or .f16x2 register;
   * .f32 a .b32 or .f32 one (Any32 with .sp, but for fp8 inputs); .s32 a 32-bit integer or bit-size one; .f64 any
   * 64-bit one; .bf16/.tf32 inputs a .b32 one (Any32 with .sp); integer and fp8/6/4 inputs any
   * 32-bit register or a predicate. Constants are left to ptxas's other rules.
   */
  FragF16,
  FragF32,
  FragInt32,
  Frag64,
  FragB32,
  FragAny32,
  /** createpolicy.fractional's fraction: a .f32 or .b32 register or a floating-point constant (no integer one). */
  Fraction,
  /** A vector element of the type `t` (a float type takes any register of its size but .f16x2, an integer one as Strict). */
  Element,
  /** As add's operands, of the type `t`. */
  Strict,
  /** A 16-bit integer or bit-size register or an integer constant (a bulk copy's multicast ctaMask); Reg16 no constant (tcgen05.commit's). */
  Int16,
  Reg16,
  /** cp.async's src-size (or ignore-src): a 32-bit integer or bit-size register or a predicate, or an integer constant (its range: cpRules). */
  SrcSize,
  /** A sampler in a register with .f32 coordinates: a 64-bit integer or bit-size one or a .b32 or .f32 one (not .u32/.s32). */
  FloatSampler,
  /** A 32-bit register but .f16x2 or a predicate, or any constant (tex's level of detail beside a 32-bit sampler: sampler32ScalarFits). */
  Scalar32,
}

/** Which constants a class takes. */
const enum Lit {
  Any,
  Int,
  Float,
  None,
}

interface ClassRow {
  /** Whether a register declared `rt` (`r` its TypeInfo, undefined for a type whose rules are not measured) fits. */
  takes: (r: TypeInfo | undefined, rt: string) => boolean;
  text: string;
  constants: Lit;
  /** The code of a constant refused. */
  constantCode: 'PTX502' | 'PTX504';
}

const isInt = (r: TypeInfo) => r.kind === K.Bit || r.kind === K.Unsigned || r.kind === K.Signed;
const INT32 = 'a 32-bit integer or bit-size register';
const INT64 = 'a 64-bit integer or bit-size register';

const CLASSES: readonly (ClassRow | undefined)[] = [
  { takes: (r) => r === undefined || (isInt(r) && r.size === 32), text: INT32, constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 64), text: INT64, constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.kind !== K.Pred && r.size === 32), text: 'a 32-bit register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || r.size === 32 || r.kind === K.Pred, text: 'a 32-bit register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.kind !== K.Pred && r.kind !== K.Float && (r.size === 32 || r.size === 64)), text: 'a 32-bit or 64-bit integer or bit-size register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.kind === K.Float && r.size === 32), text: 'a .f32 register', constants: Lit.Float, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || ((r.kind === K.Float || r.kind === K.Bit) && r.size === 32), text: 'a .f32 register', constants: Lit.Float, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (isInt(r) && (r.size === 32 || r.size === 64)), text: 'a 32- or 64-bit integer or bit-size register', constants: Lit.Int, constantCode: 'PTX502' },
  { takes: (r) => r === undefined || r.size === 32 || r.kind === K.Pred, text: 'a 32-bit register', constants: Lit.None, constantCode: 'PTX502' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 64) || (r.kind === K.Signed && r.size === 32), text: `${INT64} or an .s32 one`, constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b16', text: 'a .b16 register (.bf16 values live in bit-size registers)', constants: Lit.None, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b32', text: 'a .b32 register (.bf16x2 values live in bit-size registers)', constants: Lit.None, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b32' || rt === '.pred', text: 'a .b32 register (.bf16x2 values live in bit-size registers)', constants: Lit.None, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b32', text: 'a .b32 register (.tf32 values live in bit-size registers)', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b16', text: 'a .b16 register (two-element 8-bit float values live in bit-size registers)', constants: Lit.None, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b8', text: 'a .b8 register (.e2m1x2 values live in bit-size registers)', constants: Lit.None, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b32', text: 'a .b32 register (four-element 8-bit and 6-bit float values live in bit-size registers)', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (_, rt) => rt === '.b128', text: 'a .b128 register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.size === 32 && (r.kind === K.Bit || r.kind === K.Packed)), text: 'a .b32 or .f16x2 register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.size === 32 && (r.kind === K.Bit || r.kind === K.Float)), text: 'a .f32 or .b32 register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 32), text: INT32, constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.kind !== K.Pred && r.size === 64), text: 'a 64-bit register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.kind === K.Bit && r.size === 32), text: 'a .b32 register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || r.size === 32 || r.kind === K.Pred, text: 'a 32-bit register', constants: Lit.Any, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.size === 32 && (r.kind === K.Bit || r.kind === K.Float)), text: 'a .f32 or .b32 register', constants: Lit.Float, constantCode: 'PTX504' },
  // (Element and Strict have no row: typed by `t`.)
  undefined,
  undefined,
  { takes: (r) => r === undefined || (isInt(r) && r.size === 16), text: 'a 16-bit integer or bit-size register', constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 16), text: 'a 16-bit integer or bit-size register', constants: Lit.None, constantCode: 'PTX502' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 32) || r.kind === K.Pred, text: `${INT32} or a predicate`, constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (isInt(r) && r.size === 64) || (r.size === 32 && (r.kind === K.Bit || r.kind === K.Float)), text: `${INT64} or a .b32 or .f32 one`, constants: Lit.Int, constantCode: 'PTX504' },
  { takes: (r) => r === undefined || (r.size === 32 && r.kind !== K.Pred && r.kind !== K.Packed), text: 'a 32-bit register other than .f16x2', constants: Lit.Any, constantCode: 'PTX504' },
];

/**
 * An operand against its class: true when it fits (or is neither a constant nor a register);
 * else reported as "operand <at+1> of <name> (<note>) must be ..." (at < 0: "<name>: the <note>
 * must be ..."). `t` and `tName` type the classes Element and Strict.
 */
function classFits(o: A.Operand, cls: Cls, name: string, at: number, note: string | undefined, ctx: InstructionCheckContext, t: TypeInfo = U32, tName = ''): boolean {
  if (o.kind !== 'expr') return true;
  const e = o.expr.kind === 'unary' && o.expr.op === '-' ? o.expr.operand : o.expr;
  const row = CLASSES[cls];
  // (WARP_SZ is an integer constant: mma.sp's metadata refuses it as any constant, fresh mutation seed 1411.)
  // A constant expression (`(1.0)`, `1+1`) by its type, where the class takes constants of one kind (measured on sust's and sured's coordinates).
  const k = e.kind === 'int' || e.kind === 'float' || e.kind === 'name' ? undefined : constantKind(o.expr, true);
  const lits0 = row !== undefined ? row.constants : t.kind === K.Float ? Lit.Float : Lit.Int;
  if (e.kind === 'int' || e.kind === 'float' || (e.kind === 'name' && e.name === 'WARP_SZ') || (k !== undefined && (lits0 === Lit.Int || lits0 === Lit.Float))) {
    const lits = lits0;
    const float = k === undefined ? e.kind === 'float' : k !== 'int';
    if (lits === Lit.Any || (lits === Lit.Int && !float) || (lits === Lit.Float && float)) return true;
    const want = lits === Lit.Int ? 'an integer, not a floating-point constant' : lits === Lit.Float ? 'a floating-point value, not an integer constant' : `${row!.text}, not a constant`;
    ctx.report(row?.constantCode ?? 'PTX504', `${classSubject(name, at, note)} must be ${want}`, o.span);
    return false;
  }
  if (e.kind !== 'name') return true;
  const rt = ctx.registerType(e.name);
  if (rt === undefined) return true;
  const r = registerTypeInfo(rt);
  if (row !== undefined ? row.takes(r, rt) : r === undefined || typedClassTakes(cls, t, r)) return true;
  ctx.report('PTX503', `${classSubject(name, at, note)} must be ${row !== undefined ? row.text : typeDescription(t, tName, false)}; ${e.name} is ${rt}`, o.span);
  return false;
}

/** Element and Strict: a register `r` where a value of type `t` goes (no predicate). */
function typedClassTakes(cls: Cls, t: TypeInfo, r: TypeInfo): boolean {
  if (r.kind === K.Pred) return false;
  return cls === Cls.Element && t.kind === K.Float ? r.size === t.size && r.kind !== K.Packed : registerFits(t, r, false);
}

function classSubject(name: string, at: number, note: string | undefined): string {
  return at < 0 ? `${name}: the ${note}` : `operand ${at + 1} of ${name}${note === undefined ? '' : ` (${note})`}`;
}

// ------------------------------------------------------------------------------ textures and surfaces

const F32: TypeInfo = { kind: K.Float, size: 32 };

/** One texture or surface operand (or element) against its class (a depth compare value with .f32 coordinates: also .b32). */
function texOperandFits(o: A.Operand, role: Cls, t: TypeInfo, tName: string, what: string, name: string, floatCoords: boolean, ctx: InstructionCheckContext): boolean {
  return classFits(o, role === Cls.Depth && floatCoords ? Cls.Depth32 : role, name, -1, what, ctx, t, tName);
}

/** A braced operand's elements against one role (the first may have its own: an array index). */
function texVectorFits(o: A.VectorOperand, role: Cls, t: TypeInfo, tName: string, what: string, name: string, floatCoords: boolean, ctx: InstructionCheckContext, firstIndex = false): boolean {
  // Elements of differing types make bit-size ones (vectorExpressionFits): not checked one by one.
  if (o === joinedList && joinedType !== undefined) {
    // (The array index is still a .u32 one; and their size still counts: `{%rs1, %rs2}` of .b16 and .u16 is no pair of 32-bit coordinates.)
    if (firstIndex && o.elements.length > 0 && !texOperandFits(o.elements[0]!, Cls.Int32, U32, '.u32', 'array index', name, floatCoords, ctx)) return false;
    if (joinedType === CONSTANT_ROLE || joinedType.size === t.size) return true;
    ctx.report('PTX503', `${name}: the ${what} must be ${t.size}-bit values; the elements of this list make ${joinedType.size}-bit values`, o.span);
    return false;
  }
  for (let i = 0; i < o.elements.length; i++) {
    const el = o.elements[i]!;
    if (i === 0 && firstIndex) {
      if (!texOperandFits(el, Cls.Int32, U32, '.u32', 'array index', name, floatCoords, ctx)) return false;
    } else if (firstIndex) {
      // After an array index ptxas takes any 32-bit register (or a predicate), whatever ctype says (measured).
      if (!texOperandFits(el, Cls.WordOrPred, t, tName, what, name, floatCoords, ctx)) return false;
    } else if (!texOperandFits(el, role, t, tName, what, name, floatCoords, ctx)) return false;
  }
  return true;
}

/** A braced operand's size: one of 1, 2, 4 and at least `min` (or exactly `exact`). */
function texCountFits(o: A.VectorOperand, min: number, exact: boolean, what: string, name: string, ctx: InstructionCheckContext): boolean {
  const n = o.elements.length;
  if ((n === 1 || n === 2 || n === 4) && (exact ? n === min : n >= min)) return true;
  ctx.report('PTX505', `${name}: the ${what} vector has ${n} element${n === 1 ? '' : 's'}; this geometry takes ${exact ? min : min === 4 ? '4' : min === 2 ? '2 or 4' : '1, 2 or 4'}`, o.span);
  return false;
}

/**
 * A texture, sampler or surface in a register: 64-bit (the elements before the coordinates of `[a, b, c]`, or `[a]`); a
 * sampler may also be a 32-bit register of the coordinates' kind (measured with ptxas 13.0, session 18: .f32 coordinates
 * take a .b32 or .f32 sampler, not .u32; .s32 ones any 32-bit but .f32).
 */
function texHandlesFit(o: A.Operand | undefined, upTo: number, floatCoords: boolean, name: string, ctx: InstructionCheckContext, level = false): boolean {
  if (o?.kind !== 'address') return true;
  // With .f32 coordinates a 32-bit sampler is taken only beside a coordinate list holding some register
  // not declared .f32 (measured: `[t, %f3, {%r1, %r2}]` and `[t, %r3, {%f1, %r2}]` taken, `[t, %r3, {%f1, %f2}]` refused);
  // tex.level's with any (session 20: `tex.level.2d.v4.f32.f32 d, [t, %r3, {%f0, %f1}], %f5` taken on sm_80 to sm_120a).
  const floatSampler = floatCoords && upTo < o.elements.length && (level || someNotF32(o.elements[o.elements.length - 1]!, ctx));
  for (let i = 0; i < upTo && i < o.elements.length; i++)
    if (!texOperandFits(o.elements[i]!, i === 0 || (floatCoords && !floatSampler) ? Cls.Int64 : floatCoords ? Cls.FloatSampler : Cls.IntSampler, U64, '.u64', i === 0 ? 'texture or surface handle' : 'sampler', name, false, ctx)) return false;
  return true;
}

/** Whether a coordinate operand (a braced list or one register) has a register declared other than .f32. */
function someNotF32(o: A.Operand, ctx: InstructionCheckContext): boolean {
  const els = o.kind === 'vector' ? o.elements : [o];
  for (const e of els) {
    if (e.kind !== 'expr' || e.expr.kind !== 'name') continue;
    const t = ctx.registerType(e.expr.name);
    if (t !== undefined && t !== '.f32') return true;
  }
  return false;
}

/**
 * tex/tld4 (measured with ptxas 13.0): d a vector of the .vN count, its elements of dtype; the
 * handles 64-bit; the coordinates of ctype, as many as the geometry needs, an array index first
 * for the array geometries; tex.level's lod of ctype; tex.grad's dPdx/dPdy .f32 vectors of the
 * geometry's size; the offset vector e 32-bit integers; the depth compare value f a .f32. A lone
 * scalar after the address (e or f) is left alone, and so are vector registers.
 */
function textureFits(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const dt = plan.t1Info;
  const ctName = ins.opcode === 'tld4' ? '.f32' : plan.t2;
  const ct = ctName === undefined ? undefined : TYPES.get(ctName);
  if (dt === undefined || ct === undefined || ops.length < 2) return true;
  let geom: { coords: number; offsets: number; grad: number; array: boolean } | undefined;
  let level = false;
  let grad = false;
  let geomWord: string | undefined;
  let n = 0;
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    geom ??= GEOMETRY.get(w);
    if (GEOMETRY_WORDS.has(w)) geomWord = w;
    if (w === '.level') level = true;
    else if (w === '.grad') grad = true;
    else if (w === '.v4') n = 4;
    else if (w === '.v2') n = 2;
  }
  const floatCoords = ct.kind === K.Float;
  const d = ops[0]!;
  if (d.kind === 'vector') {
    if (n !== 0 && d.elements.length !== n) {
      ctx.report('PTX505', `${name} returns a vector of ${n}: operand 1 must be a braced list of ${n}, not ${d.elements.length}`, d.span);
      return false;
    }
    if (!texVectorFits(d, Cls.Element, dt, plan.t1!, 'result', name, floatCoords, ctx)) return false;
  } else if (d.kind === 'expr' && d.expr.kind === 'name' && ctx.registerType(d.expr.name) !== undefined) {
    ctx.report('PTX505', `${name} returns a vector of ${n || 4}: operand 1 must be a braced list, not the scalar ${d.expr.name}`, d.span);
    return false;
  }
  const a = ops[1]!;
  if (a.kind !== 'address' || a.elements.length < 2) return true;
  // tex.grad with a sampler register and a scalar after a braced dPdx: ptxas takes it (and refuses two braced gradients
  // beside a 32-bit sampler), reading another form than the reference's (measured with ptxas 13.0, session 18:
  // `[t, %f3, {%f0}], {%f0}, %f1` taken; `[t, {%f0}], {%f0}, %f1` not; the array geometries refuse it: "Operand vector
  // size doesn't match geometry"; with a 64-bit sampler taken up to sm_89, refused from sm_90 by a later stage:
  // "Arguments mismatch for instruction 'mov'"). Left alone.
  if (grad && geom?.array !== true && a.elements.length === 3 && ops.length > 3 && ops[2]!.kind === 'vector' && ops[3]!.kind === 'expr')
    return ctx.texmodeIndependent === true || samplerRegisterSize(a, ctx) !== 32 || sampler32GradFits(ops, geomWord, name, ctx);
  if (!texHandlesFit(a, a.elements.length - 1, floatCoords, name, ctx, level)) return false;
  // A sampler register's size in texmode_unified (undefined without one or of no known type).
  const samplerBits = a.elements.length === 3 && ctx.texmodeIndependent !== true ? samplerRegisterSize(a, ctx) : undefined;
  if (samplerBits === 32 && !sampler32Fits(ins, a, geomWord, level, grad, floatCoords, name, ctx)) return false;
  if ((samplerBits === 32 || samplerBits === 64) && ins.opcode === 'tex' && !unifiedSamplerFits(ins, a, samplerBits, geomWord, level, grad, floatCoords, name, ctx)) return false;
  if (samplerBits === 64 && ins.opcode === 'tld4' && (geomWord === '.cube' || geomWord === '.acube')) {
    // Measured (ptxas 13.0, sm_80, sm_90a, sm_100a, sm_120a, session 24): "Illegal modifier '.cube' for instruction 'tld4'" with any
    // operands after the address (without a sampler, and in texmode_independent, taken; .a2d with a 64-bit sampler crashes ptxas).
    ctx.report('PTX502', `${name} with a 64-bit sampler register (texmode_unified): no ${geomWord} geometry`, a.elements[1]!.span);
    return false;
  }
  // A 64-bit sampler register in texmode_unified: any offset vector of 1, 2 or 4 (unifiedSamplerFits).
  const freeOffsets = samplerBits === 64;
  const c = a.elements[a.elements.length - 1]!;
  // .a2dms without a sampler in texmode_unified, and in texmode_independent: as .2dms after the address (measured with
  // ptxas 13.0 on sm_100a, and in texmode_independent on sm_80 to sm_120a, session 24: an offset vector of 2 or 4, a lone
  // 32-bit integer operand, nothing after an offset). (Its coordinate type: textureWordsProblem.)
  const independent = ctx.texmodeIndependent === true;
  const unifiedPlain = a.elements.length === 2 && !independent;
  if (geom === undefined && geomWord === '.a2dms' && (unifiedPlain || independent)) geom = MULTISAMPLE;
  if (geom === undefined) return true;
  if (c.kind === 'vector') {
    // (.2dms: ptxas types its sample index and coordinates in ways not modelled here; only the count is checked.)
    if (!texCountFits(c, geom.coords, false, 'coordinate', name, ctx) || (geom !== MULTISAMPLE && !texVectorFits(c, Cls.Element, ct, ctName!, 'coordinates', name, floatCoords, ctx, geom.array))) return false;
  } else if (!texOperandFits(c, Cls.Strict, ct, ctName!, 'coordinate', name, floatCoords, ctx)) return false;
  let i = 2;
  if (level && ops.length > i) {
    const lod = ops[i++]!;
    // (Beside a 32-bit sampler register in texmode_unified a .s32 level of detail is taken with .f32 coordinates: measured, session 23.)
    if (samplerBits === 32 && lod.kind === 'expr' && (geomWord === '.1d' || geomWord === '.2d' || geomWord === '.3d') && !sampler32ScalarFits(lod, geomWord, 'level of detail', name, ctx)) return false;
    if (samplerBits !== 32 && (lod.kind === 'vector' ? !texCountFits(lod, 1, false, 'level of detail', name, ctx) || !texVectorFits(lod, Cls.Strict, ct, ctName!, 'level of detail', name, floatCoords, ctx) : !texOperandFits(lod, Cls.Strict, ct, ctName!, 'level of detail', name, floatCoords, ctx))) return false;
  } else if (grad) {
    for (; i < 4 && i < ops.length; i++) {
      const g = ops[i]!;
      if (g.kind !== 'vector') {
        if (g.kind === 'expr' && g.expr.kind === 'name' && ctx.vectorRegister?.(g.expr.name) !== undefined) return true;
        ctx.report('PTX505', `${name}: operand ${i + 1} (a gradient) must be a braced vector of .f32`, g.span);
        return false;
      }
      if (!(geom.grad === 0 ? texCountFits(g, 1, false, 'gradient', name, ctx) : texCountFits(g, geom.grad, true, 'gradient', name, ctx))) return false;
      if (!texVectorFits(g, Cls.Strict, F32, '.f32', 'gradient', name, floatCoords, ctx)) return false;
    }
  }
  const rest = ops.length - i;
  if (rest === 1 && !floatCoords && ops[i]!.kind !== 'vector' && typedAs(ops[i], F32_TYPED, ctx)) {
    // Measured (session 23, every geometry, with and without a sampler, both texture modes): a .f32 register alone after .s32 coordinates.
    ctx.report('PTX502', `${name}: a depth compare value (operand ${i + 1}) needs .f32 coordinates`, ops[i]!.span);
    return false;
  }
  // tex.grad's depth compare value after two gradients beside a 32-bit sampler register, .1d/.2d: a .f32 or .b32 register or a 0f
  // constant (measured with ptxas 13.0 on sm_80 and sm_90a, session 26: .u32, .s32, .f16x2, 16- and 64-bit registers, predicates,
  // .b128 and integer constants "Arguments mismatch").
  if (rest === 1 && grad && floatCoords && samplerBits === 32 && (geomWord === '.1d' || geomWord === '.2d') && !classFits(ops[i]!, Cls.Depth32, name, -1, 'depth compare value', ctx)) return false;
  // (texmode_independent: .3d's lone scalar as texmode_unified's without a sampler, measured session 24; the others not.)
  if (rest === 1 && (unifiedPlain || (independent && geomWord === '.3d')) && ops[i]!.kind !== 'vector' && !texLoneScalarFits(ops[i]!, geom, geomWord, name, floatCoords, ctx)) return false;
  const e = rest === 2 || (rest === 1 && ops[i]!.kind === 'vector') ? ops[i]! : undefined;
  if (e !== undefined && ctx.target !== undefined && (parsedTarget(ctx.target)?.number ?? 99) < 30) {
    // Measured: "Feature 'offset operand' requires .target sm_30 or higher".
    ctx.report('PTX509', `${name}: an offset operand requires .target sm_30 or higher`, e.span);
    return false;
  }
  if (e !== undefined && ctx.version !== undefined && ctx.version < 43) {
    // Measured (tex and tld4, .version 3.0 to 4.2): "Feature 'tex' requires PTX ISA .version 4.3 or later" for an offset, with or without a depth compare value.
    ctx.report('PTX508', `${name}: an offset operand (and a depth compare value) requires PTX ISA .version 4.3 or later`, e.span);
    return false;
  }
  if (e?.kind === 'vector') {
    // (tex.level.cube with a 64-bit sampler register takes an offset vector beside a depth compare value: measured with ptxas
    // 13.0, sm_80 to sm_120a, `[t, %rd3, {...}], %f5, {%r0}, %f6` taken, without the sampler or the depth value refused,
    // and in texmode_independent refused, session 24.)
    if (geom.offsets === 0 && !(level && samplerBits === 64 && rest === 2)) {
      ctx.report('PTX502', `${name}: a cube geometry takes no offset vector`, e.span);
      return false;
    }
    if (!texCountFits(e, freeOffsets ? 1 : geom.offsets, false, 'offset', name, ctx)) return false;
    if (!texVectorFits(e, Cls.Int32, U32, '.u32', 'offset', name, floatCoords, ctx)) return false;
  } else if (e !== undefined && !texOperandFits(e, Cls.Int32, U32, '.u32', 'offset', name, floatCoords, ctx)) return false;
  if (rest === 2) {
    const f = ops[i + 1]!;
    if ((unifiedPlain || independent) && geomWord === '.3d') {
      // Measured (ptxas 13.0, sm_100a; texmode_independent sm_80 to sm_120a, session 24): any two operands after .3d's
      // coordinates ("Arguments mismatch", "Illegal modifier '.3d'").
      ctx.report('PTX502', `${name}: a .3d texture takes no depth compare value (operand ${i + 2})`, f.span);
      return false;
    }
    if (!floatCoords) {
      // Measured: any depth compare value (a .f32 register or constant) is refused with .s32 coordinates.
      ctx.report('PTX502', `${name}: a depth compare value (operand ${i + 2}) needs .f32 coordinates`, f.span);
      return false;
    }
    if (f.kind === 'vector') {
      ctx.report('PTX502', `${name}: the depth compare value (operand ${i + 2}) is a scalar .f32, not a vector`, f.span);
      return false;
    }
    if (independent && grad && e!.kind !== 'vector' && !typedAs(e, B32_TYPED, ctx) && ctx.target !== undefined && (parsedTarget(ctx.target)?.number ?? 0) >= 90) {
      // Measured (ptxas 13.0, texmode_independent, every geometry .grad takes, sm_90a to sm_120a; taken on sm_80): a scalar offset
      // beside a depth compare value only as a .b32 register (a .s32/.u32 register or an integer constant: "Arguments mismatch
      // for instruction 'st'", from a later stage).
      ctx.report('PTX502', `${name}: beside a depth compare value tex.grad's scalar offset (operand ${i + 1}) is a .b32 register (or a braced vector) from sm_90 on`, e!.span);
      return false;
    }
    if (!texOperandFits(f, Cls.Depth, F32, '.f32', 'depth compare value', name, floatCoords, ctx)) return false;
  }
  return true;
}

const GEOMETRY_WORDS: ReadonlySet<string> = new Set([...GEOMETRY.keys(), '.a2dms']);

/** .3d's lone scalar: an integer constant or a .u32/.s32 register (or a name not typed here). */
function lone3dFits(e: A.Expr, ctx: InstructionCheckContext): boolean {
  if (e.kind === 'name') {
    const t = ctx.registerType(e.name);
    return t === undefined ? e.name === 'WARP_SZ' || ctx.variableSpace(e.name) === undefined : t === '.u32' || t === '.s32';
  }
  return constantKind(e, true) !== 'f32' && constantKind(e, true) !== 'f64';
}

/**
 * tex `[a, c]` (texmode_unified) with one scalar after the coordinates (and lod or gradients), which ptxas reads as the depth
 * compare value unless it is an integer (measured with ptxas 13.0 on sm_100a, every geometry, plain, .base, .level and .grad): .3d
 * takes no depth compare value ("Illegal modifier '.3d'" for a .b32 or .f32 register or a float constant; .b64, .s64, .s16 refused)
 * but a .u32/.s32 register or an integer constant (an offset, then); the multi-sample geometries a 32-bit integer or bit-size register or an integer constant (a .f32 register
 * or constant "Arguments mismatch"); the others any 32-bit register or constant (a 16- or 64-bit register "Arguments mismatch").
 */
function texLoneScalarFits(o: A.Operand, geom: { coords: number }, geomWord: string | undefined, name: string, floatCoords: boolean, ctx: InstructionCheckContext): boolean {
  if (geomWord === '.3d') {
    if (o.kind === 'expr' && !lone3dFits(o.expr, ctx)) {
      ctx.report('PTX502', `${name}: a .3d texture takes no depth compare value (after the coordinates: an offset vector of 4, or one .u32/.s32 register or integer constant)`, o.span);
      return false;
    }
    return true;
  }
  return geom === MULTISAMPLE
    ? texOperandFits(o, Cls.Int32, U32, '.u32', 'operand after the coordinates', name, floatCoords, ctx)
    : texOperandFits(o, Cls.Word, F32, '.f32', 'depth compare value', name, floatCoords, ctx);
}

/**
 * tex/tld4 `[a, b, c]` with b a 32-bit register in texmode_unified (measured with ptxas 13.0 on sm_80 .version 7.0 and 9.0, sm_90a,
 * sm_100a, sm_120a: every geometry, .s32/.f32 coordinates, .v4 and .v2.f16x2 results, .b32/.u32/.s32/.f32 samplers, 13,920 lines):
 * ptxas reads another form than the 64-bit sampler's: tex, tex.base and tld4 take no .cube/.acube, no .a2dms
 * with .f32 coordinates, and after the address only a scalar with .f32 coordinates on .1d/.2d (a depth compare value): an offset
 * vector, two operands, or a scalar with .s32 coordinates are "Arguments mismatch" ("Illegal modifier '.cube'" for the geometries).
 * The array geometries and .2dms with nothing after the address crash ptxas (signal 11): left alone.
 * Called for a sampler register of 32 bits (textureFits).
 */
function sampler32Fits(ins: A.Instruction, a: A.AddressOperand, geomWord: string | undefined, level: boolean, grad: boolean, floatCoords: boolean, name: string, ctx: InstructionCheckContext): boolean {
  const s = a.elements[1]!;
  if (s.kind !== 'expr' || s.expr.kind !== 'name') return true;
  const ops = ins.operands;
  const after = ops.length - 2 - (level ? 1 : 0);
  let why: string | undefined;
  // (tex.grad and tex.level are left alone: ptxas takes them or not by their operands' register types, `{%r0, %r1}` gradients
  // and a .b32 level of detail taken where .f32 ones are refused.)
  if (grad || level) return true;
  if (geomWord === '.cube' || geomWord === '.acube') why = `no ${geomWord} geometry`;
  else if (geomWord === '.a2dms' && floatCoords) why = '.a2dms needs .s32 coordinates';
  else if (after >= 2) why = 'no offset operand';
  else if (after === 1 && (ops[2]!.kind === 'vector' || !floatCoords || (geomWord !== '.1d' && geomWord !== '.2d') || typedAs(ops[2], INT32_TYPED, ctx)))
    why = 'no offset operand (after the address only a depth compare value, with .f32 coordinates on .1d or .2d)';
  if (why === undefined) return true;
  ctx.report('PTX502', `${name} with a 32-bit sampler register (${s.expr.name}, texmode_unified): ${why}`, s.span);
  return false;
}

/**
 * Beside a 32-bit sampler register (texmode_unified), tex.level's level of detail and the scalar after tex.grad's one braced
 * gradient (measured with ptxas 13.0 on sm_80 and sm_90a, session 26: .f32 and .b32 samplers, registers of every type and
 * constants): on .1d and .2d a 32-bit register but .f16x2 (or a constant), on .3d a .u32/.s32 register or an integer constant
 * (lone3dFits); anything else "Arguments mismatch".
 */
function sampler32ScalarFits(o: A.ExprOperand, geomWord: string, what: string, name: string, ctx: InstructionCheckContext): boolean {
  if (geomWord === '.3d' ? lone3dFits(o.expr, ctx) : classFits(o, Cls.Scalar32, name, -1, what, ctx)) return true;
  if (geomWord === '.3d') ctx.report('PTX503', `${name}: beside a 32-bit sampler register a .3d texture's ${what} is a .u32/.s32 register or an integer constant`, o.span);
  return false;
}

/**
 * tex.grad `[a, b, c], {dPdx}, x` with b a 32-bit register (texmode_unified; measured with ptxas 13.0 on sm_80 and sm_90a,
 * session 26: .1d, .2d, .3d and .cube, .f32/.b32/.u32/.s32 samplers, 3,360 lines): x as sampler32ScalarFits says (on .1d,
 * .2d, .3d); a braced operand after x, or two, "Arguments mismatch". (One scalar after x is taken or not by the registers'
 * types, `{%r0}, %r0, %f6` taken and `{%f0}, %f1, %r0` not: left alone.)
 */
function sampler32GradFits(ops: readonly A.Operand[], geomWord: string | undefined, name: string, ctx: InstructionCheckContext): boolean {
  const x = ops[3] as A.ExprOperand;
  if (ops.length === 4) return (geomWord !== '.1d' && geomWord !== '.2d' && geomWord !== '.3d') || sampler32ScalarFits(x, geomWord, 'operand after the gradient', name, ctx);
  if (ops.length === 5 && ops[4]!.kind !== 'vector') return true;
  ctx.report('PTX502', `${name} with a 32-bit sampler register and one braced gradient takes at most one scalar after operand 4, no braced operand`, ops[4]!.span);
  return false;
}

/** The size of `[a, b, c]`'s b when it is a register of a known type (undefined otherwise). */
function samplerRegisterSize(a: A.AddressOperand, ctx: InstructionCheckContext): number | undefined {
  const s = a.elements[1]!;
  if (s.kind !== 'expr' || s.expr.kind !== 'name') return undefined;
  const rt = ctx.registerType(s.expr.name);
  return rt === undefined ? undefined : TYPES.get(rt)?.size;
}

/** A register operand declared with one of `types` (a braced list: any element). */
function typedAs(o: A.Operand | undefined, types: ReadonlySet<string>, ctx: InstructionCheckContext): boolean {
  if (o === undefined) return false;
  const els = o.kind === 'vector' ? o.elements : [o];
  for (const e of els) {
    if (e.kind !== 'expr' || e.expr.kind !== 'name') continue;
    const t = ctx.registerType(e.expr.name);
    if (t !== undefined && types.has(t)) return true;
  }
  return false;
}

const INT32_TYPED: ReadonlySet<string> = new Set(['.s32', '.u32']);
const F32_TYPED: ReadonlySet<string> = new Set(['.f32']);
const B32_TYPED: ReadonlySet<string> = new Set(['.b32']);
const B32_F32_TYPED: ReadonlySet<string> = new Set(['.b32', '.f32']);

/**
 * tex `[a, b, c]` with b a sampler register in texmode_unified, the forms sampler32Fits leaves (measured with ptxas 13.0, session 23:
 * every geometry, plain, .base, .level and .grad, .s32/.f32 coordinates, samplers .b64/.b32/.f32/.s32, coordinates, levels of
 * detail and gradients in .b32 and typed registers, ten shapes after them; sm_80 .version 9.0, sm_90a, sm_100a). Only what every
 * measured line refuses is refused here; ptxas reads these forms unlike the reference's (a register's declared type decides more
 * than elsewhere) and crashes on the array and multi-sample geometries with a sampler register (signal 11): those are left alone.
 *  - a 32-bit sampler, .level or .grad: .grad only on .1d/.2d/.3d, its gradients not .f32 registers; after the level of detail or
 *    gradients at most one scalar, not a .s32/.u32 register, and only with .f32 coordinates outside .3d ("Arguments mismatch",
 *    "Illegal modifier '.cube'").
 *  - a 64-bit sampler: no .cube/.acube without .level; .3d takes no depth compare value (a lone .f32 register there refused) and
 *    no .level; .level's level of detail not a .s32/.u32 register (nor a .f32 one with .s32 coordinates), after it no lone vector or
 *    .s32/.u32 register, two operands only with .f32 coordinates; from sm_90 on .grad only on .1d/.2d, after the gradients at
 *    most one operand, not a .f32 or .b32 register (up to sm_89 taken). Any offset vector of 1, 2 or 4 elements (textureFits).
 *  - with .s32 coordinates, with or without a sampler: no lone .f32 register after the coordinates (a depth compare value).
 */
function unifiedSamplerFits(ins: A.Instruction, a: A.AddressOperand, size: 32 | 64, geomWord: string | undefined, level: boolean, grad: boolean, floatCoords: boolean, name: string, ctx: InstructionCheckContext): boolean {
  if (size === 32 && !level && !grad) return true; // (sampler32Fits)
  const ops = ins.operands;
  const first = 2 + (level ? 1 : grad ? 2 : 0);
  const n = ops.length - first;
  const tail = ops[first];
  const lone = n === 1 && tail!.kind !== 'vector' ? tail : undefined;
  let why: string | undefined;
  if (size === 32) {
    if (grad && geomWord !== '.1d' && geomWord !== '.2d' && geomWord !== '.3d') why = `tex.grad takes no ${geomWord} geometry`;
    else if (grad && (typedAs(ops[2], F32_TYPED, ctx) || typedAs(ops[3], F32_TYPED, ctx))) why = 'the gradients are no .f32 registers (.b32 ones are taken)';
    else if (n >= 2 || (n === 1 && lone === undefined)) why = 'no offset operand';
    else if (lone !== undefined && (!floatCoords || geomWord === '.3d' || typedAs(lone, INT32_TYPED, ctx))) why = 'no offset operand (after the address only a depth compare value, with .f32 coordinates outside .3d)';
    else if (level && geomWord === '.3d' && typedAs(ops[2], B32_F32_TYPED, ctx)) why = 'with .3d the level of detail is a .s32 register';
    else if (level && lone !== undefined && typedAs(ops[2], F32_TYPED, ctx)) why = 'nothing after a .f32 level of detail';
  } else if (!floatCoords && (n >= 2 || (lone !== undefined && typedAs(lone, F32_TYPED, ctx)))) why = 'a depth compare value needs .f32 coordinates';
  else if (grad) {
    // (Up to sm_89 ptxas takes .3d and a depth compare value here: these are refused from sm_90 on by a later stage, "Arguments mismatch for instruction 'mov'".)
    if (ctx.target === undefined || (parsedTarget(ctx.target)?.number ?? 0) < 90) return true;
    if (geomWord !== '.1d' && geomWord !== '.2d') why = `tex.grad takes no ${geomWord} geometry`;
    else if (n >= 2) why = 'no depth compare value';
    else if (lone !== undefined && typedAs(lone, B32_F32_TYPED, ctx)) why = 'no depth compare value (after the gradients an offset: a braced vector or a .s32/.u32 register)';
  } else if (level) {
    if (geomWord === '.3d') why = 'no .3d geometry';
    else if (typedAs(ops[2], INT32_TYPED, ctx) || (!floatCoords && typedAs(ops[2], F32_TYPED, ctx))) why = 'the level of detail is a .b32 register (or .f32 with .f32 coordinates)';
    else if (n === 1 && (lone === undefined || typedAs(lone, INT32_TYPED, ctx))) why = 'after the level of detail a depth compare value, not an offset alone';
    else if (n >= 2 && !floatCoords) why = 'no depth compare value with .s32 coordinates';
  } else if (geomWord === '.cube' || geomWord === '.acube') why = `no ${geomWord} geometry`;
  else if (geomWord === '.3d' && (n >= 2 || (lone !== undefined && typedAs(lone, F32_TYPED, ctx)))) why = 'no depth compare value on .3d';
  if (why === undefined) return true;
  const b = a.elements[1]!;
  ctx.report('PTX502', `${name} with a ${size}-bit sampler register (${b.kind === 'expr' && b.expr.kind === 'name' ? b.expr.name : 'b'}, texmode_unified): ${why}`, b.span);
  return false;
}

/**
 * txq/suq (measured): the result any 32-bit register, the handle 64-bit, txq.level's level a
 * 32-bit integer; suld/sust/sured: the handle 64-bit, the coordinates 32-bit integers, as many as
 * the geometry needs, the value of the type or wider (not a predicate: as ld/st).
 */
function surfaceFits(ins: A.Instruction, name: string, plan: Plan, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  const op = ins.opcode;
  if (op === 'txq' || op === 'suq') {
    if (ops[0] && !texOperandFits(ops[0], Cls.Word, U32, '.b32', 'result', name, false, ctx)) return false;
    // Measured (ptxas 13.0, sm_80 to sm_100a): the handle takes no offset (`[tex0+8]`: "Arguments mismatch"; `[%rd1+8]`, `[%rd1+0]`:
    // "Argument 1 of instruction 'txq': .texref or .u64 register expected").
    const h = ops[1];
    if (h?.kind === 'address' && h.elements.length === 1 && h.elements[0]!.kind === 'expr' && h.elements[0]!.expr.kind === 'binary') {
      ctx.report('PTX502', `${name}: the ${op === 'txq' ? 'texture' : 'surface'} is a handle alone ([name] or [register]), without an offset`, h.span);
      return false;
    }
    if (!texHandlesFit(ops[1], 1, true, name, ctx)) return false;
    return ops[2] === undefined || texOperandFits(ops[2], Cls.Int32, U32, '.u32', 'level', name, false, ctx);
  }
  const ai = op === 'suld' ? 1 : 0;
  const a = ops[ai];
  if (a?.kind !== 'address' || a.elements.length !== 2) return true;
  if (!texHandlesFit(a, 1, true, name, ctx)) return false;
  const c = a.elements[1]!;
  let geom: { coords: number } | undefined;
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    geom ??= GEOMETRY.get(w);
  }
  if (c.kind === 'vector') {
    if (geom !== undefined && !texCountFits(c, geom.coords, false, 'coordinate', name, ctx)) return false;
    if (!texVectorFits(c, Cls.Int32, U32, '.u32', 'coordinates', name, false, ctx)) return false;
  } else if (!texOperandFits(c, Cls.Int32, U32, '.u32', 'coordinate', name, false, ctx)) return false;
  const v = ops[op === 'suld' ? 0 : 1];
  if (v === undefined || plan.t1Info === undefined) return true;
  // (A floating-point constant as sust's or sured's value too: one of the type's size for sust.b, none for sured; measured with ptxas 13.0.)
  if (v.kind === 'vector' || (v.kind === 'expr' && ((v.expr.kind === 'name' && ctx.registerType(v.expr.name) !== undefined) || v.expr.kind === 'float' || (v.expr.kind === 'unary' && v.expr.operand.kind === 'float') || constantKind(v.expr, true) === 'f32' || constantKind(v.expr, true) === 'f64')))
    return operandFits(ins, name, op === 'suld' ? 0 : 1, v, plan.t1Info, plan.t1!, true, false, ctx);
  return true;
}

// ------------------------------------------------------------------------------ operands by name

/**
 * Operands typed by the name the form's syntax line gives them, per opcode (measured with ptxas
 * 13.0; test/ptx/instructions/operand-rules.test.ts): mbarrier's state (a 64-bit integer or
 * bit-size register), counts and hints (32-bit), its predicate result; wmma's stride (32-bit);
 * st.bulk's size (a 64-bit integer or bit-size register, an .s32 one, or a constant multiple of 8;
 * a .b32/.u32 register is refused with "Arguments mismatch for instruction 'mov'", once a module)
 * and initval (the constant 0).
 */
const enum NamedRole {
  /** A predicate result (operandFits). */
  Pred = -1,
  /** The constant 0. */
  Zero = -2,
  /** The constant 128 (a tensor map's size). */
  Size128 = -3,
  /** A constant, if one, that is a multiple of 16 (a bulk copy's size). */
  Multiple16 = -4,
  /** tcgen05's column count, if a constant: alloc's a power of 2 from 32 to 512, dealloc's a multiple of 32. */
  Columns = -5,
  /** A tensor-memory address `[r]`, `[r+imm]`: r a 32-bit integer or bit-size register (no variable; tcgen05ld/st/mma: no constant). */
  Tmem = -6,
  /** An integer constant (a register or a floating-point constant is "Arguments mismatch"). */
  IntConstant = -7,
  /** A non-negative integer constant (wgmma.wait_group's count). */
  Count = -8,
  /** tensormap.replace's ordinal: the constant 0 to 4. */
  Ordinal = -9,
  /** tensormap.replace's new value: by the field and the type word (tensormapValueFits). */
  TensormapValue = -10,
}

/** Per opcode, the operand names typed by name: an operand class (Cls.Int32, Cls.Int64, Cls.BulkSize) or a NamedRole. */
const NAMED_ROLES: ReadonlyMap<string, ReadonlyMap<string, Cls | NamedRole>> = new Map<string, ReadonlyMap<string, Cls | NamedRole>>([
  ['mbarrier', new Map<string, Cls | NamedRole>([['state', Cls.Int64], ['count', Cls.Int32], ['txCount', Cls.Int32], ['tx_count', Cls.Int32], ['suspendTimeHint', Cls.Int32], ['phaseParity', Cls.Int32], ['waitComplete', NamedRole.Pred], ['_', Cls.Int64]])],
  ['wmma', new Map<string, Cls | NamedRole>([['stride', Cls.Int32]])],
  ['st', new Map<string, Cls | NamedRole>([['size', Cls.BulkSize], ['initval', NamedRole.Zero]])],
  // The size of tensormap.cp_fenceproxy and of the acquire fence.proxy.tensormap::generic: the
  // constant 128 (measured with ptxas 13.0: "unexpected value '8', expected to be 128"; a register
  // or a floating-point constant is "Arguments mismatch"; a constant expression such as 64+64 is taken).
  ['tensormap', new Map<string, Cls | NamedRole>([['size', NamedRole.Size128], ['ord', NamedRole.Ordinal], ['new_val', NamedRole.TensormapValue]])],
  ['fence', new Map<string, Cls | NamedRole>([['size', NamedRole.Size128]])],
  // applypriority's and discard's size likewise (measured with ptxas 13.0 on sm_80 and sm_100a: "Argument 2 of
  // instruction 'discard': unexpected value '64', expected to be 128"; a register or 1.0 "Arguments mismatch"; 64+64 taken).
  // mma.sp's sparsity selector f: an integer constant (measured with ptxas 13.0 on sm_90a, m16n8k8 .tf32, m16n8k16 .f16,
  // m16n8k32 .s8, `.sp` and `.sp::ordered_metadata`: a register, 1.0 or 0f00000000 "Arguments mismatch"; 0, 0x0 taken).
  ['mma', new Map<string, Cls | NamedRole>([['f', NamedRole.IntConstant]])],
  ['applypriority', new Map<string, Cls | NamedRole>([['size', NamedRole.Size128]])],
  ['discard', new Map<string, Cls | NamedRole>([['size', NamedRole.Size128]])],
  // The size of cp.async.bulk, cp.reduce.async.bulk and cp.async.bulk.prefetch ("unexpected value
  // '17', expected to be multiple of 16"); tcgen05.alloc's column count ("value '16' out of range,
  // expected to be in range [32..512]", "value must be power of 2"), tcgen05.dealloc's ("expected to
  // be multiple of 32"). Measured with ptxas 13.0, found on ThunderKittens' and DeepGEMM's inline PTX.
  // The cache policy of every cp form a 64-bit integer or bit-size register (or an integer constant),
  // the multicast ctaMask a 16-bit one (cp.async.bulk's byteMask too: a 32- or 64-bit register "Arguments mismatch", measured); the bulk tensor copies' coordinates and im2col offsets:
  // tensorOperandsFit (measured with ptxas 13.0 on sm_100a: "Arguments mismatch").
  // cp.async's src-size (ignore-src) a 32-bit integer or bit-size register, a predicate or an integer
  // constant (a 16- or 64-bit or float register or a floating-point constant "Arguments mismatch";
  // measured with ptxas 13.0 on sm_80, with and without .L2::cache_hint and a cache policy).
  ['cp', new Map<string, Cls | NamedRole>([['size', NamedRole.Multiple16], ['cache-policy', Cls.Int64], ['ctaMask', Cls.Int16], ['byteMask', Cls.Int16], ['src-size', Cls.SrcSize], ['ignore-src', Cls.SrcSize]])],
  // tcgen05's register operands (measured with ptxas 13.0 on sm_100a with a register of every type,
  // `1` and `1.0`: "Arguments mismatch for instruction 'tcgen05.mma'"): the descriptors a 64-bit
  // integer or bit-size register or an integer constant, idesc and dealloc's taddr (and the column
  // count) a 32-bit one, enable-input-d a predicate or an integer constant.
  // tcgen05.mma.ws's zero-column-mask-desc a 64-bit integer or bit-size register or an integer constant (measured
  // with ptxas 13.0 on sm_100a, dense and `.sp`: a 32-bit, 16-bit, .f64 or predicate register or 1.0 "Arguments mismatch").
  // wgmma's descriptors a 64-bit integer or bit-size register or an integer constant, the sparsity
  // metadata any 32-bit register or a predicate, no constant (measured with ptxas 13.0 on sm_90a).
  // wgmma.wait_group's count a non-negative integer constant ("unexpected value '-1', expected to be non-negative int").
  // tcgen05's tensor-memory addresses a 32-bit integer or bit-size register, `+imm` taken (a 64-bit or
  // 16-bit one "Arguments mismatch", a variable "must be register", a constant "Arguments mismatch" on
  // tcgen05.ld, st and mma: ptxas crashes on one in tcgen05.cp and tcgen05.shift, no verdict, taken);
  // the half-split offset an integer constant; commit's ctaMask a 16-bit integer or bit-size register, no constant.
  ['wgmma', new Map<string, Cls | NamedRole>([['a-desc', Cls.Int64], ['b-desc', Cls.Int64], ['sp-meta', Cls.Metadata], ['N', NamedRole.Count]])],
  ['tcgen05', new Map<string, Cls | NamedRole>([
    ['nCols', NamedRole.Columns], ['taddr', Cls.Int32], ['a-desc', Cls.Int64], ['b-desc', Cls.Int64], ['s-desc', Cls.Int64], ['idesc', Cls.Int32], ['enable-input-d', NamedRole.Pred], ['zero-column-mask-desc', Cls.Int64],
    ['[taddr]', NamedRole.Tmem], ['[d-tmem]', NamedRole.Tmem], ['[a-tmem]', NamedRole.Tmem], ['[sp-meta-tmem]', NamedRole.Tmem], ['[scale-A-tmem]', NamedRole.Tmem], ['[scale-B-tmem]', NamedRole.Tmem],
    ['immHalfSplitoff', NamedRole.IntConstant], ['ctaMask', Cls.Reg16],
  ])],
]);

/** st.bulk's roles (stRule). */
const ST_NAMED_ROLES = NAMED_ROLES.get('st')!;

function namedOperandsFit(ins: A.Instruction, name: string, form: InstructionForm, roles: ReadonlyMap<string, Cls | NamedRole>, ctx: InstructionCheckContext): boolean {
  const ops = ins.operands;
  // An optional braced operand left out before others (tcgen05.mma's `{, disable-output-lane}`):
  // the operands after it go with the specs after it.
  let skip = 0;
  for (let i = 0; i < ops.length && i + skip < form.operands.length; i++) {
    let spec = form.operands[i + skip]!;
    // (Likewise a multicast ctaMask without a `.multicast` word, a cache policy without `.L2::cache_hint`:
    // the operand there is the next one, the cache policy, cp.async.bulk's byteMask.)
    // cp.async's src-size with .L2::cache_hint and one operand short: ptxas reads the cache policy there.)
    while (spec.optional && (spec.kind === 'vector' ? ops[i]!.kind !== 'vector' : spec.name === 'ctaMask' ? !ins.modifiers.some((x) => x.startsWith('.multicast')) : spec.name === 'cache-policy' ? !ins.modifiers.includes('.L2::cache_hint') : (spec.name === 'src-size' || spec.name === 'ignore-src') && ins.modifiers.includes('.L2::cache_hint')) && ops.length < form.operands.length - skip) {
      skip++;
      if (i + skip >= form.operands.length) break;
      spec = form.operands[i + skip]!;
    }
    if (i + skip >= form.operands.length) break;
    const o = ops[i]!;
    // (tcgen05.mma's two forms differ in A alone, `a-desc` or `[a-tmem]`, and an optional operand
    // before the last leaves the first form bound: an address there is the second form's.)
    const role = roles.get(o.kind === 'address' && spec.name === 'a-desc' ? '[a-tmem]' : spec.name);
    if (role === undefined) continue;
    // A multicast im2col bulk tensor copy takes a 64-bit register where the ctaMask goes (measured with ptxas 13.0,
    // session 18, sm_90a to sm_110a: `..., {%h0, %h1}, %rd6` taken, not `%r6`, nor `%rd6` in the tile form;
    // session 23, sm_100a: `.im2col::w` and `.im2col::w::128` likewise, %rd and %sd, not %fd): left alone.
    if (spec.name === 'ctaMask' && o.kind === 'expr' && o.expr.kind === 'name' && ins.modifiers.some((x) => x === '.im2col' || x.startsWith('.im2col::')) &&
      !ins.modifiers.includes('.L2::cache_hint') && ops[i - 1]?.kind === 'vector' && isWideMask(TYPES.get(ctx.registerType(o.expr.name) ?? ''))) continue;
    if (role === NamedRole.Tmem) {
      if (!tmemAddressFits(ins, name, i, o, ctx)) return false;
      continue;
    }
    if (spec.name === 'stride' && o.kind === 'vector') {
      // wmma's stride is one value (measured with ptxas 13.0 on sm_80 to sm_110a, session 26: `{%r0}` "Arguments mismatch").
      ctx.report('PTX502', `operand ${i + 1} of ${name} (stride) is one value, not a braced list`, o.span);
      return false;
    }
    if (o.kind !== 'expr') continue;
    const lit = o.expr.kind === 'unary' && o.expr.op === '-' ? o.expr.operand : o.expr;
    if (i === 0 && (lit.kind === 'int' || lit.kind === 'float') && role !== NamedRole.Count) {
      // ptxas "Arguments mismatch": a constant where a result goes.
      ctx.report('PTX502', `operand 1 of ${name} (${form.operands[0]!.name}) is a result: it must be a register, not a constant`, o.span);
      return false;
    }
    if (i === 0 && role === Cls.Int64 && o.expr.kind !== 'sink' && ins.modifiers.includes('.shared::cluster')) {
      // Measured: "Sink '_' is expected as a destination operand for instruction 'mbarrier.arrive' with '.shared::cluster'".
      ctx.report('PTX502', `${name}: on a .shared::cluster mbarrier the state result is the sink '_'`, o.span);
      return false;
    }
    if (role === NamedRole.Pred) {
      if (!operandFits(ins, name, i, o, PRED, '.pred', false, false, ctx)) return false;
    } else if (role === NamedRole.Multiple16 || role === NamedRole.Columns) {
      const v = intConstant(o.expr);
      if (v === undefined) {
        if (role === NamedRole.Columns && !classFits(o, Cls.Int32, name, i, spec.name, ctx)) return false;
        continue;
      }
      const what = spec.name;
      const alloc = name.startsWith('tcgen05.alloc');
      if (role === NamedRole.Multiple16 ? v % 16n !== 0n : alloc ? v < 32n || v > 512n || (v & (v - 1n)) !== 0n : v % 32n !== 0n) {
        const rule = role === NamedRole.Multiple16 ? 'a multiple of 16' : alloc ? 'a power of 2 from 32 to 512' : 'a multiple of 32';
        ctx.report('PTX502', `operand ${i + 1} of ${name} (${what}) must be ${rule}, not ${o.expr.kind === 'int' ? o.expr.raw : String(v)}`, o.span);
        return false;
      }
    } else if (role === NamedRole.Size128) {
      const v = intConstant(o.expr);
      const register = o.expr.kind === 'name' && ctx.registerType(o.expr.name) !== undefined;
      if (v === 128n || (v === undefined && !register && lit.kind !== 'float')) continue;
      ctx.report('PTX502', `operand ${i + 1} of ${name} (${spec.name}) must be the constant 128`, o.span);
      return false;
    } else if (role === NamedRole.IntConstant || role === NamedRole.Count || role === NamedRole.Ordinal) {
      const v = intConstant(o.expr);
      const want = role === NamedRole.IntConstant ? 'an integer constant' : role === NamedRole.Count ? 'a non-negative integer constant' : 'the constant 0 to 4';
      if (v === undefined ? (o.expr.kind === 'name' && ctx.registerType(o.expr.name) === undefined) || (role === NamedRole.IntConstant && integerLiteralExpr(o.expr)) : role === NamedRole.IntConstant || (v >= 0n && (role === NamedRole.Count || v <= 4n))) continue;
      ctx.report('PTX502', `operand ${i + 1} of ${name} (${spec.name}) must be ${want}`, o.span);
      return false;
    } else if (role === NamedRole.TensormapValue) {
      if (!tensormapValueFits(ins, name, i, o, ctx)) return false;
    } else if (role === NamedRole.Zero) {
      if (o.expr.kind === 'int' && o.expr.value === 0n) continue;
      ctx.report('PTX502', `operand ${i + 1} of ${name} (${spec.name}) must be the constant 0`, o.span);
      return false;
    } else if (role === Cls.BulkSize && lit.kind === 'int' && lit.value % 8n !== 0n) {
      // Measured: "unexpected value '1', expected to be multiple of 8".
      ctx.report('PTX502', `operand ${i + 1} of ${name} (${spec.name}) must be a multiple of 8, not ${lit.raw}`, o.span);
      return false;
    } else if (!classFits(o, role, name, i, spec.name, ctx)) return false;
  }
  return true;
}

/** A 64-bit integer or bit-size register type (the ctaMask ptxas takes after im2col offsets; namedOperandsFit). */
function isWideMask(ti: TypeInfo | undefined): boolean {
  return ti !== undefined && ti.size === 64 && isInt(ti);
}

/** A tcgen05 tensor-memory address (NamedRole.Tmem). */
function tmemAddressFits(ins: A.Instruction, name: string, i: number, o: A.Operand, ctx: InstructionCheckContext): boolean {
  if (o.kind !== 'address' || o.elements.length !== 1 || o.elements[0]!.kind !== 'expr') return true;
  let x = o.elements[0]!.expr;
  if (x.kind === 'binary' && (x.op === '+' || x.op === '-')) x = x.left;
  if (x.kind === 'name') {
    const t = ctx.registerType(x.name);
    if (t === undefined) {
      if (ctx.variableSpace(x.name) === undefined) return true;
      ctx.report('PTX502', `operand ${i + 1} of ${name} is a tensor-memory address: a 32-bit register, not the variable ${x.name}`, x.span);
      return false;
    }
    const r = TYPES.get(t);
    if (r === undefined || (isInt(r) && r.size === 32)) return true;
    ctx.report('PTX503', `operand ${i + 1} of ${name} is a tensor-memory address: a 32-bit integer or bit-size register; ${x.name} is ${t}`, x.span);
    return false;
  }
  const w0 = ins.modifiers[0];
  if (intConstant(x) === undefined || w0 === '.cp' || w0 === '.shift') return true;
  ctx.report('PTX502', `operand ${i + 1} of ${name} is a tensor-memory address: a 32-bit register, not a constant`, o.span);
  return false;
}

/**
 * tensormap.replace's new value (measured with ptxas 13.0 on sm_100a): `.elemtype`,
 * `.interleave_layout`, `.swizzle_mode`, `.swizzle_atomicity` and `.fill_mode` an integer constant
 * of 0 to 15, 2, 3, 3 and 1 ("value '16' expected to be in range [0..15]"; a register "Integer
 * constant expression expected"); the other fields any register of the type word's size
 * ("Arguments mismatch"; `.box_dim`, `.global_dim` and `.element_stride` no .f32 one: "Arguments
 * mismatch for instruction 'sub'") or an integer constant, `.b64` also a 64-bit floating-point one,
 * `.rank` a `0f...` one.
 */
const TENSORMAP_FIELD_MAX: ReadonlyMap<string, bigint> = new Map([['.elemtype', 15n], ['.interleave_layout', 2n], ['.swizzle_mode', 3n], ['.swizzle_atomicity', 3n], ['.fill_mode', 1n]]);
function tensormapValueFits(ins: A.Instruction, name: string, i: number, o: A.Operand, ctx: InstructionCheckContext): boolean {
  if (o.kind !== 'expr') return true;
  const w = ins.modifiers;
  let max: bigint | undefined;
  for (let k = 1; k < w.length && max === undefined; k++) max = TENSORMAP_FIELD_MAX.get(w[k]!);
  if (max === undefined) {
    const b64 = w.includes('.b64');
    const ord = ins.operands.length === 3;
    const e = o.expr;
    const k = e.kind === 'name' ? undefined : constantKind(e, true);
    if (k !== undefined) {
      if (k === 'int' || k === (b64 ? 'f64' : ord ? 'int' : 'f32')) return true;
      ctx.report('PTX504', `operand ${i + 1} of ${name} (new_val) must be an integer constant${b64 ? ' or a 64-bit floating-point one' : ord ? '' : ' or a 32-bit floating-point one (0f...)'}`, o.span);
      return false;
    }
    if (ord && !b64 && e.kind === 'name' && ctx.registerType(e.name) === '.f32') {
      ctx.report('PTX503', `operand ${i + 1} of ${name} (new_val) must be a 32-bit register other than .f32 for this field; ${e.name} is .f32`, o.span);
      return false;
    }
    return classFits(o, b64 ? Cls.Frag64 : Cls.Word, name, i, 'new_val', ctx);
  }
  const v = intConstant(o.expr);
  if (v === undefined ? o.expr.kind === 'name' && ctx.registerType(o.expr.name) === undefined : v >= 0n && v <= max) return true;
  ctx.report('PTX502', `operand ${i + 1} of ${name} (new_val) must be an integer constant of 0 to ${String(max)} for this field`, o.span);
  return false;
}

/**
 * An operand of a .bf16 or .bf16x2 instruction (measured with ptxas 13.0 on fma, add, mul, max,
 * neg, abs, ex2, tanh, setp, set and cvt): a .b16 register (.bf16x2: a .b32 one), no constant.
 * set and setp with .bf16x2 sources (measured on sm_90a, every register type in each operand, with
 * and without a boolean operation; session 25's mutations): b is also a predicate when no c follows
 * (`setp.ge.bf16x2 %p1|%p2, %r3, %p4` taken; a predicate a, or b beside c, "Arguments mismatch");
 * set's .bf16x2 result is any 32-bit register or a predicate (16- and 64-bit ones refused).
 */
function bf16Fits(name: string, i: number, o: A.Operand, t: string, op: string, operands: number, ctx: InstructionCheckContext): boolean {
  let cls = BIT_HELD.get(t)!;
  if (t === '.bf16x2' && (op === 'set' || op === 'setp')) {
    if (i === 2 && operands === 3) cls = Cls.Bf16x2OrPred;
    else if (i === 0 && op === 'set') cls = Cls.WordOrPred;
  }
  return classFits(o, cls, name, i, undefined, ctx);
}

/**
 * Types with no TypeInfo whose operands live in bit-size registers of one size (BF16_ROLE): .bf16
 * and .bf16x2 (bf16Fits), cvt's .tf32 (a .b32 register) and its two-element fp8/fp6 types and
 * .ue8m0x2 (a .b16 one), .e2m1x2 (a .b8 one, no constant), the four-element .e2m1x4 (a .b16 one)
 * and .e4m3x4/.e5m2x4/.e2m3x4/.e3m2x4 (a .b32 one), measured with ptxas 13.0 on sm_90 and sm_100a;
 * and .b128 (ld, st, mov, atom: a .b128 register, "Arguments mismatch" for a .b64 one; constants taken).
 */
const BIT_HELD: ReadonlyMap<string, Cls> = new Map([
  ['.bf16', Cls.Bf16],
  ['.bf16x2', Cls.Bf16x2],
  ['.tf32', Cls.Tf32],
  ['.e4m3x2', Cls.Bits16],
  ['.e5m2x2', Cls.Bits16],
  ['.e2m3x2', Cls.Bits16],
  ['.e3m2x2', Cls.Bits16],
  ['.ue8m0x2', Cls.Bits16],
  ['.e2m1x2', Cls.Bits8],
  ['.e2m1x4', Cls.Bits16],
  ['.e4m3x4', Cls.Bits32],
  ['.e5m2x4', Cls.Bits32],
  ['.e2m3x4', Cls.Bits32],
  ['.e3m2x4', Cls.Bits32],
  ['.b128', Cls.Bits128],
]);

/**
 * mbarrier.arrive/arrive_drop with a count and without `.noComplete` (measured with ptxas 13.0,
 * found by retargeting thu-ml/SageAttention's inline PTX): "Feature 'mbarrier.arrive with count
 * argument and without '.noComplete' modifier' requires .target sm_90 or higher" (then .version 7.8).
 * (`.expect_tx` has its own word gate.) Hand-written, not a word gate: the matcher applies gates
 * (gatesPass, gateProblems) to the words before any operand is read and memoizes its answer by the
 * spelling alone (matchInstruction), and the count is an optional operand of the same form
 * (`state, [addr]{, count}`), so a gate on it would need the operand count in the matcher's key and
 * in every gate check (session 16: left hand-written rather than widen that plumbing).
 */
const ARRIVE_COUNT_OPS: ReadonlySet<string> = new Set(['.arrive', '.arrive_drop']);
function arriveCountGate(name: string, ctx: InstructionCheckContext, ins: A.Instruction): boolean {
  const w = ins.modifiers;
  if (!ARRIVE_COUNT_OPS.has(w[0] ?? '') || w.includes('.noComplete') || w.includes('.expect_tx')) return true;
  const t = ctx.target === undefined ? undefined : parsedTarget(ctx.target);
  if (t !== undefined && t.number < 90) {
    ctx.report('PTX509', `${name} with a count and without .noComplete requires .target sm_90 or higher`, ins.opcodeSpan);
    return false;
  }
  if (ctx.version !== undefined && ctx.version < 78) {
    ctx.report('PTX508', `${name} with a count and without .noComplete requires PTX ISA .version 7.8 or later`, ins.opcodeSpan);
    return false;
  }
  return true;
}

/**
 * A block-scaled mma's `{byte-id, thread-id}` pairs (operands 6 and 8, mma.sp's 8 and 10), where constants (measured
 * with ptxas 13.0 on sm_120a, found by retargeting mit-han-lab/nunchaku's inline PTX): the byte-id
 * by the scale vector's size ("unexpected value '1', expected to be 0 or 2"): 1X any of 0 to 3, 2X
 * 0 or 2, 4X 0; A's thread-id 0 or 1, B's 0 to 3 ("value '2' out of range, expected to be in range
 * [0..1]"). The size is the `.scale_vec::` word's, else `.block16` 4X and `.block32` 1X with
 * `.kind::mxf8f6f4` and 2X with the others, else 1X for `.kind::mxf8f6f4` and 2X for `.kind::mxf4`.
 */
const SCALE_BYTE_IDS: ReadonlyMap<number, readonly bigint[]> = new Map([[1, [0n, 1n, 2n, 3n]], [2, [0n, 2n]], [4, [0n]]]);
const SCALE_THREAD_ID_MAX: readonly bigint[] = [1n, 3n];
function mmaScaleIdsFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const w = ins.modifiers;
  const f8 = w.includes('.kind::mxf8f6f4');
  const size = w.includes('.scale_vec::1X') ? 1 : w.includes('.scale_vec::2X') ? 2 : w.includes('.scale_vec::4X') ? 4 : w.includes('.block16') ? 4 : w.includes('.block32') ? (f8 ? 1 : 2) : f8 ? 1 : w.includes('.kind::mxf4') ? 2 : 0;
  const bytes = SCALE_BYTE_IDS.get(size);
  if (bytes === undefined) return true;
  for (let k = 0; k < 2; k++) {
    const at = ins.operands.length - 3 + 2 * k;
    const o = ins.operands[at]!;
    if (o.kind !== 'vector' || o.elements.length !== 2) continue;
    const [b, t] = o.elements;
    const bv = b!.kind === 'expr' ? intConstant(b!.expr) : undefined;
    if (bv !== undefined && !bytes.includes(bv)) {
      ctx.report('PTX502', `${name}: the byte-id of operand ${at + 1} must be ${bytes.length === 1 ? '0' : bytes.length === 2 ? '0 or 2' : '0 to 3'} with a ${size}X scale vector, not ${String(bv)}`, b!.span);
      return false;
    }
    const tv = t!.kind === 'expr' ? intConstant(t!.expr) : undefined;
    if (tv !== undefined && (tv < 0n || tv > SCALE_THREAD_ID_MAX[k]!)) {
      ctx.report('PTX502', `${name}: the thread-id of operand ${at + 1} must be 0 to ${String(SCALE_THREAD_ID_MAX[k])}, not ${String(tv)}`, t!.span);
      return false;
    }
  }
  return true;
}

/**
 * A block-scaled mma's last four operands, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data,
 * {byte-id-b, thread-id-b} (measured with ptxas 13.0 on sm_120a, dense and sparse, every register
 * type and constant kind in each; "Arguments mismatch", found by fresh valid-forms lines, session 25):
 * scale data is a 32-bit register (a predicate too) or a `0f` constant (no integer, `0d` or decimal
 * one); a {byte-id, thread-id} element is a 16-bit register (.b16, .u16, .s16, .f16) or a constant,
 * and the pair is neither two .f16 registers nor two floating-point constants (a .f16 register beside
 * a .b16 one or a constant is taken). A braced scale data (`{%r7}`) and a mixed pair's sizes are the
 * other rules'.
 */
function mmaScaleOperandsFit(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const first = ins.operands.length - 4;
  for (let k = 0; k < 4; k++) {
    const at = first + k;
    const o = ins.operands[at]!;
    if (k % 2 === 0) {
      if (o.kind !== 'expr') continue;
      const kind = constantKind(o.expr, true);
      if (kind !== undefined && kind !== 'f32') {
        ctx.report('PTX504', `operand ${at + 1} of ${name} (scale data) must be a 32-bit register or a 0f constant, not ${kind === 'int' ? 'an integer' : 'a 64-bit floating-point'} constant`, o.span);
        return false;
      }
      const reg = namedRegister(o.expr, ctx);
      const r = reg?.info;
      if (r !== undefined && r.size !== 32 && r.kind !== K.Pred) {
        ctx.report('PTX503', `operand ${at + 1} of ${name} (scale data) must be a 32-bit register; ${reg!.name} is ${reg!.type}`, o.span);
        return false;
      }
      continue;
    }
    if (o.kind !== 'vector' || o.elements.length !== 2) continue;
    let floats = 0;
    let floatConstants = 0;
    for (const el of o.elements) {
      if (el.kind !== 'expr') break;
      const kind = constantKind(el.expr, true);
      if (kind === 'f32' || kind === 'f64') floatConstants++;
      const reg = namedRegister(el.expr, ctx);
      const r = reg?.info;
      if (r === undefined) continue;
      if (r.size !== 16 || r.kind === K.Pred || r.kind === K.Packed) {
        ctx.report('PTX503', `operand ${at + 1} of ${name}: a {byte-id, thread-id} element must be a 16-bit register or a constant; ${reg!.name} is ${reg!.type}`, el.span);
        return false;
      }
      if (r.kind === K.Float) floats++;
    }
    if (floats === 2 || floatConstants === 2) {
      ctx.report('PTX503', `operand ${at + 1} of ${name}: a {byte-id, thread-id} pair must not be ${floats === 2 ? 'two .f16 registers' : 'two floating-point constants'}`, o.span);
      return false;
    }
  }
  return true;
}

/** min/max.f32 with three sources (measured): "Feature 'min.f32 with 3 input operands' requires .target sm_100 or higher" (and .version 8.8). */
function threeInputGate(name: string, ctx: InstructionCheckContext, ins: A.Instruction): boolean {
  const t = ctx.target === undefined ? undefined : parsedTarget(ctx.target);
  if (t !== undefined && t.number < 100) {
    ctx.report('PTX509', `${name} with three sources requires .target sm_100 or higher`, ins.opcodeSpan);
    return false;
  }
  if (ctx.version !== undefined && ctx.version < 88) {
    ctx.report('PTX508', `${name} with three sources requires PTX ISA .version 8.8 or later`, ins.opcodeSpan);
    return false;
  }
  return true;
}
