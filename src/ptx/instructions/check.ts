/**
 * The instruction layer of the checker: an instruction's words against the forms of the tables
 * (under the module's .version and .target), its operand count and kinds against the matched
 * forms, and its register and immediate operands against the instruction's type, as ptxas 13.0
 * applies them (every rule measured with ptxas; see docs/ptx-instructions.md "How the checker uses
 * the tables"). Only what is proven is reported: a type, opcode or operand shape the rules below do
 * not know is left alone.
 */
import type * as A from '../ast.js';
import type { Span } from '../../core/source.js';
import { isTypeWord } from './compile.js';
import { matchInstruction, type MatchContext, type WhyNot } from './match.js';
import type { InstructionForm, OperandSpec } from './types.js';
import type { PtxSymbol } from '../scope.js';

/** What the check needs from the checker: the module's version/target and the registers in scope. */
export interface InstructionCheckContext extends MatchContext {
  /**
   * The declared type (`.u32`, `.pred`) of a scalar `.reg` variable visible under this name;
   * undefined for anything else (other state spaces, vector or array registers, special registers,
   * labels, unknown names).
   */
  registerType(name: string): string | undefined;
  /** Reports a problem; `at` is the operand (or the opcode) it concerns. */
  report(code: string, message: string, at: Span): void;
}

/** What `registerType` answers for a symbol of the checker's table (undefined: not a scalar `.reg`). */
export function registerTypeOf(sym: PtxSymbol | undefined): string | undefined {
  return sym !== undefined && sym.space === '.reg' && sym.kind === 'variable' && !sym.array && sym.vector === undefined ? sym.type : undefined;
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

const U32: TypeInfo = TYPES.get('.u32')!;
const PRED: TypeInfo = TYPES.get('.pred')!;

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
        return r.kind === K.Bit || r.kind === K.Float;
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
      return (r.kind === K.Float && r.size === t.size) || (r.kind === K.Bit && r.size >= t.size);
    default:
      return true;
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
 * (`mul.wide`/`mad.wide` results), `U` a 32-bit integer, `P` a predicate, `-` not checked.
 */
const ROLES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const op of ['add', 'sub', 'mul', 'mad', 'mul24', 'mad24', 'sad', 'div', 'rem', 'abs', 'neg', 'min', 'max', 'and', 'or', 'xor', 'not', 'cnot', 'copysign', 'fma', 'rcp', 'sqrt', 'rsqrt', 'sin', 'cos', 'lg2', 'ex2', 'tanh', 'brev', 'addc', 'subc', 'mov'])
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
  m.set('cvt', 'T22');
  m.set('ld', 'T');
  m.set('st', '-T');
  return m;
})();

/** Instructions whose registers may be wider than their type (measured: `ld.u8 %r1`, `cvt.u16.u32 %rd1, %r1`). */
const RELAXED: ReadonlySet<string> = new Set(['ld', 'st', 'cvt']);

// ------------------------------------------------------------------------------ the check

/**
 * Checks one instruction (its guard, words, operand count, kinds and types); reports through
 * `ctx.report`, at most one problem per instruction (ptxas's first on that line decides the line).
 */
export function checkInstruction(ins: A.Instruction, ctx: InstructionCheckContext): void {
  if (ins.guard) {
    const t = ctx.registerType(ins.guard.name);
    if (t !== undefined && t !== '.pred' && t !== '.f16x2') {
      ctx.report('PTX507', `the guard '@${ins.guard.name}' must be a predicate; ${ins.guard.name} is ${t}`, ins.guard.span);
      return;
    }
  }
  const r = matchInstruction(ins.opcode, ins.modifiers, ctx);
  if (!r.ok) {
    reportMismatch(ins, r.reasons, r.nearest, ctx);
    return;
  }
  const ops = ins.operands;
  const n = ops.length;
  let countFit: InstructionForm | undefined;
  let kindFit: InstructionForm | undefined;
  for (const f of r.forms) {
    if (!takesCount(f, n)) continue;
    countFit ??= f;
    if (kindsFit(f.operands, ops)) {
      kindFit = f;
      break;
    }
  }
  const name = ins.opcode + ins.modifiers.join('');
  if (!countFit) {
    const f = r.forms[0]!;
    const { min, max } = arity(f);
    const want = min === max ? `${min}` : `${min} to ${max}`;
    ctx.report('PTX501', `${name} takes ${want} operands, not ${n} (${f.syntax})`, ins.opcodeSpan);
    return;
  }
  if (!kindFit) {
    const bad = firstKindMismatch(countFit.operands, ops);
    const o = bad >= 0 ? ops[bad]! : undefined;
    const spec = bad >= 0 ? countFit.operands[bad] : undefined;
    const what = spec?.kind === 'address' ? 'an address [...]' : spec?.kind === 'list' ? 'a parenthesized list' : 'a register or constant, not an address';
    ctx.report('PTX502', `operand ${bad + 1} of ${name} must be ${what} (${countFit.syntax})`, o?.span ?? ins.opcodeSpan);
    return;
  }
  checkOperands(ins, name, ctx);
}

function takesCount(f: InstructionForm, n: number): boolean {
  const { min, max } = arity(f);
  return n >= min && n <= max;
}

function arity(f: InstructionForm): { min: number; max: number } {
  let min = 0;
  for (const o of f.operands) if (!o.optional) min++;
  return { min, max: f.operands.length };
}

/** Whether an optional operand comes before a required one (then positions are not fixed). */
function positional(specs: readonly OperandSpec[]): boolean {
  let opt = false;
  for (const s of specs) {
    if (s.optional) opt = true;
    else if (opt) return false;
  }
  return true;
}

function kindFits(spec: OperandSpec, op: A.Operand): boolean {
  switch (spec.kind) {
    case 'address':
      return op.kind === 'address';
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
  if (!positional(specs)) return -1;
  for (let i = 0; i < ops.length && i < specs.length; i++) if (!kindFits(specs[i]!, ops[i]!)) return i;
  return -1;
}

function reportMismatch(ins: A.Instruction, reasons: readonly WhyNot[], nearest: InstructionForm | undefined, ctx: InstructionCheckContext): void {
  // Words no form of the opcode takes are the modifier check's (PTX340); unknown opcodes the parser's.
  for (const w of reasons) if (w.kind === 'unknown-modifier' || w.kind === 'unknown-opcode') return;
  const w = reasons[0]!;
  const name = ins.opcode + ins.modifiers.join('');
  const form = nearest ? ` (nearest form: ${nearest.syntax})` : '';
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
  for (const w of words) if (isTypeWord(w) && i-- === 0) return w;
  return undefined;
}

function checkOperands(ins: A.Instruction, name: string, ctx: InstructionCheckContext): void {
  const op = ins.opcode;
  const ops = ins.operands;
  if (op === 'ld' || op === 'st') {
    if (!vectorShape(ins, name, ctx)) return;
  } else if (ROLES.has(op) && op !== 'mov') {
    // ptxas: "Vector operand is not allowed for instruction 'add'".
    for (let i = 0; i < ops.length; i++)
      if (ops[i]!.kind === 'vector') {
        ctx.report('PTX502', `operand ${i + 1} of ${name} must not be a vector`, ops[i]!.span);
        return;
      }
  }
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    if (o.kind === 'address' && o.elements.length === 1 && !addressRegister(o.elements[0]!, ctx)) return;
  }
  const roles = ROLES.get(op);
  if (!roles) return;
  const w = ins.modifiers;
  const t1 = typeWord(w, 0);
  if (t1 === undefined) return;
  const relaxed = RELAXED.has(op);
  const wide = (op === 'mul' || op === 'mad') && w.includes('.wide');
  for (let i = 0; i < ops.length && i < roles.length; i++) {
    const role = roles.charCodeAt(i);
    let want: TypeInfo | undefined;
    let wantName: string;
    if (role === 84 /* T */) {
      want = TYPES.get(t1);
      wantName = t1;
      if (wide && (i === 0 || (op === 'mad' && i === 3)) && want) {
        wantName = `.${want.kind === K.Signed ? 's' : 'u'}${want.size * 2}`;
        want = TYPES.get(wantName);
      }
    } else if (role === 50 /* 2 */) {
      const t2 = typeWord(w, 1);
      if (t2 === undefined) return;
      want = TYPES.get(t2);
      wantName = t2;
    } else if (role === 85 /* U */) {
      want = U32;
      wantName = '.u32';
    } else if (role === 80 /* P */) {
      want = PRED;
      wantName = '.pred';
    } else continue;
    if (!want) continue;
    if (!operandFits(ins, name, i, ops[i]!, want, wantName, relaxed, op === 'mov', ctx)) return;
  }
}

/** `[%f1]`, `[%p1+4]`: ptxas "Illegal to use symbol '%f1' of type .f32 as address operand". */
function addressRegister(e: A.Operand, ctx: InstructionCheckContext): boolean {
  if (e.kind !== 'expr') return true;
  let x = e.expr;
  if (x.kind === 'binary' && (x.op === '+' || x.op === '-')) x = x.left;
  if (x.kind !== 'name') return true;
  const t = ctx.registerType(x.name);
  if (t === '.pred' || t === '.f16' || t === '.f32' || t === '.f64') {
    ctx.report('PTX506', `'${x.name}' is ${t}: an address register must be an integer or bit-size register`, x.span);
    return false;
  }
  return true;
}

/** ld/st `.v2/.v4/.v8` against the braced operand (ptxas "Argument vector size mismatch"). */
function vectorShape(ins: A.Instruction, name: string, ctx: InstructionCheckContext): boolean {
  const idx = ins.opcode === 'ld' ? 0 : 1;
  const o = ins.operands[idx];
  if (!o) return true;
  let n = 1;
  for (const w of ins.modifiers) if (w === '.v2') n = 2;
    else if (w === '.v4') n = 4;
    else if (w === '.v8') n = 8;
  if (o.kind === 'vector') {
    if (o.elements.length === n) return true;
    ctx.report('PTX505', n === 1 ? `${name} moves one value, not a vector of ${o.elements.length}` : `${name} moves a vector of ${n}, not ${o.elements.length}`, o.span);
    return false;
  }
  if (n === 1 || o.kind !== 'expr') return true;
  const e = o.expr;
  // A vector register (`.reg .v4 .f32 %v`) is not a scalar register: registerType says undefined.
  if (e.kind === 'name' && ctx.registerType(e.name) === undefined) return true;
  if (e.kind !== 'name' && e.kind !== 'int' && e.kind !== 'float') return true;
  ctx.report('PTX505', `${name} moves a vector of ${n}: operand ${idx + 1} must be a braced list of ${n}`, o.span);
  return false;
}

function operandFits(ins: A.Instruction, name: string, i: number, o: A.Operand, want: TypeInfo, wantName: string, relaxed: boolean, isMov: boolean, ctx: InstructionCheckContext): boolean {
  if (o.kind === 'vector') {
    if (isMov) return true; // mov packs and unpacks: its vectors are not checked here
    for (const e of o.elements) if (!operandFits(ins, name, i, e, want, wantName, relaxed, isMov, ctx)) return false;
    return true;
  }
  if (o.kind !== 'expr') return true;
  let e = o.expr;
  if (want.kind === K.Pred && e.kind === 'binary' && e.op === '|') {
    // setp's `p|q`.
    return operandFits(ins, name, i, { kind: 'expr', expr: e.left, span: e.left.span }, want, wantName, relaxed, isMov, ctx) &&
      operandFits(ins, name, i, { kind: 'expr', expr: e.right, span: e.right.span }, want, wantName, relaxed, isMov, ctx);
  }
  if (want.kind === K.Pred && e.kind === 'unary' && e.op === '!') e = e.operand;
  if (e.kind === 'name') {
    const t = ctx.registerType(e.name);
    if (t === undefined) return true;
    const r = TYPES.get(t);
    if (!r || registerFits(want, r, relaxed)) return true;
    ctx.report('PTX503', `operand ${i + 1} of ${name} must be ${typeDescription(want, wantName, relaxed)}; ${e.name} is ${t}`, e.span);
    return false;
  }
  const lit = e.kind === 'unary' && e.op === '-' ? e.operand : e;
  if (lit.kind === 'int') {
    if (want.kind === K.Float && want.size >= 32) {
      ctx.report('PTX504', `operand ${i + 1} of ${name} must be a ${wantName} value; '${lit.raw}' is an integer (write a floating-point constant)`, e.span);
      return false;
    }
  } else if (lit.kind === 'float') {
    const bad = want.kind === K.Unsigned || want.kind === K.Signed || (want.kind === K.Bit && want.size === 32 && lit.form !== 'f32');
    if (bad) {
      ctx.report('PTX504', `operand ${i + 1} of ${name} must be a ${wantName} value; '${lit.raw}' is a floating-point constant`, e.span);
      return false;
    }
  }
  return true;
}
