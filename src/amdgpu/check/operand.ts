/**
 * One source operand to its 9-bit source code and literal: registers (registers.ts), immediates
 * (immediates.ts), `lit(...)`, and validation usable by the statement checker.
 */
import { defaultOperandExprEvaluator, skipSpaces, type OperandExprEvaluator } from '../parse/operand-expr.js';
import type { Operand } from '../parse/ast.js';
import {
  formatRegister,
  parseNsaAddress,
  parseRegister,
  registerSourceCode,
  validateRegisterForTarget,
  type OperandError,
  type RegisterOperand,
} from './registers.js';
import {
  encodeImmediate,
  formatLiteral,
  IMM_CODES,
  isOperandType,
  operandBits,
  scanFloat,
  type Immediate,
  type OperandType,
} from './immediates.js';
import { findTarget, type AmdgpuTarget } from '../targets.js';
import type { AmdCode } from '../diagnostics.js';

/**
 * What `encodeOperand` returns: the code and literal (`0x` + 8 hex digits) or an error message.
 * `src` 255 with `literal` null is a relocatable value (a symbol) that the linker fills in.
 */
export type EncodeOperandResult =
  | { src: number; literal: string | null; warning?: string }
  | { error: string; code?: AmdCode; offset?: number };

/** A parsed source operand: a register, or an immediate (possibly `lit(...)`). */
export type ParsedOperand =
  | { readonly kind: 'register'; readonly reg: RegisterOperand; readonly start: number; readonly end: number }
  | { readonly kind: 'immediate'; readonly imm: Immediate; readonly forceLiteral: boolean; readonly start: number; readonly end: number }
  /** A well-formed expression that is not absolute (symbols, `.`): a literal the linker fills in. */
  | { readonly kind: 'relocatable'; readonly start: number; readonly end: number };

export type OperandParse = { ok: true; operand: ParsedOperand } | { ok: false; error: OperandError };

const LPAREN = 40;
const RPAREN = 41;
const MINUS = 45;

function err(code: AmdCode, message: string, start: number, length = 1): { ok: false; error: OperandError } {
  return { ok: false, error: { code, message, start, length } };
}

/**
 * Parses one source operand at `pos` (register, float, integer or absolute expression, `lit(x)`),
 * stopping at its end; the caller decides what may follow. Never throws.
 */
export function parseSourceOperand(
  text: string,
  pos: number,
  target: AmdgpuTarget,
  evaluator: OperandExprEvaluator = defaultOperandExprEvaluator,
): OperandParse {
  const start = skipSpaces(text, pos);
  const r = parseRegister(text, start, target, evaluator);
  if (r.status === 'error') return { ok: false, error: r.error };
  if (r.status === 'ok') return { ok: true, operand: { kind: 'register', reg: r.reg, start, end: r.reg.end } };
  if (text.startsWith('lit', start) && text.charCodeAt(skipSpaces(text, start + 3)) === LPAREN) {
    const inner = parseImmediate(text, skipSpaces(text, start + 3) + 1, evaluator);
    if (!inner.ok) return inner;
    const close = skipSpaces(text, inner.end);
    if (text.charCodeAt(close) !== RPAREN) return err(IMM_CODES.badLit, "expected ')' to close lit(", close);
    return { ok: true, operand: { kind: 'immediate', imm: inner.imm, forceLiteral: true, start, end: close + 1 } };
  }
  const imm = parseImmediate(text, start, evaluator);
  if (!imm.ok) {
    if (imm.relocatableEnd !== undefined) return { ok: true, operand: { kind: 'relocatable', start, end: imm.relocatableEnd } };
    return imm;
  }
  return { ok: true, operand: { kind: 'immediate', imm: imm.imm, forceLiteral: false, start, end: imm.end } };
}

/** Floating-point sources take SP3 modifiers: llvm-mc reads a second '-' (`--1.0`, `- -x`) as a misspelt `neg`. */
function misspeltNeg(text: string, pos: number, type: string): OperandError | undefined {
  const lead = skipSpaces(text, pos);
  if (type.charCodeAt(0) === 102 /* f */ && text.charCodeAt(lead) === MINUS && text.charCodeAt(skipSpaces(text, lead + 1)) === MINUS)
    return err('AMD414', "invalid syntax, expected 'neg' modifier", lead).error;
  return undefined;
}

/// immediate ::= '-'? FLOAT | expr
function parseImmediate(
  text: string,
  pos: number,
  evaluator: OperandExprEvaluator,
): { ok: true; imm: Immediate; end: number } | { ok: false; error: OperandError; relocatableEnd?: number } {
  pos = skipSpaces(text, pos);
  // A float, maybe after a '-' (its digits scanned once).
  const negated = text.charCodeAt(pos) === MINUS ? scanFloat(text, skipSpaces(text, pos + 1)) : undefined;
  const f = negated ?? scanFloat(text, pos);
  if (f) return { ok: true, imm: { kind: 'float', value: negated ? -f.value : f.value }, end: f.end };
  const e = evaluator.evaluate(text, pos);
  if (!e.ok) {
    const code = e.message === 'expected absolute expression' ? IMM_CODES.notAbsolute : IMM_CODES.badNumber;
    return { ...err(code, e.message, e.offset), relocatableEnd: e.relocatableEnd };
  }
  return { ok: true, imm: { kind: 'int', value: e.value }, end: e.end };
}

/** Register widths an operand type takes: 16- and 32-bit operands one register, 64-bit two. */
function registerFits(reg: RegisterOperand, type: OperandType): boolean {
  const bits = operandBits(type);
  if (reg.kind === 'special') {
    const sp = reg.special!;
    if (sp.inlineValue) return !(sp.name === 'src_lds_direct' && bits === 64);
    if (sp.name === 'null') return true;
    return bits === 64 ? sp.width === 64 : sp.width === 32;
  }
  return bits === 64 ? reg.count === 2 && !reg.half : reg.count === 1;
}

/**
 * Validates a parsed operand as a source of type `type` on `target` and encodes it. The checker
 * calls this for every source operand whose type it knows; it reports `error` at `error.start`.
 */
export function encodeParsedOperand(
  op: ParsedOperand,
  type: OperandType,
  target: AmdgpuTarget,
): { ok: true; src: number; literal: number | null; warning?: { code: AmdCode; message: string } } | { ok: false; error: OperandError } {
  if (op.kind === 'register') {
    const reg = op.reg;
    const len = reg.end - reg.start;
    const bad = validateRegisterForTarget(reg, target);
    if (bad) return { ok: false, error: bad };
    const src = registerSourceCode(reg, target);
    if (src === undefined)
      return err(IMM_CODES.registerType, `invalid operand for instruction: ${formatRegister(reg)} cannot be a source operand`, reg.start, len);
    if (!registerFits(reg, type))
      return err(
        IMM_CODES.registerType,
        `invalid operand for instruction: ${formatRegister(reg)} (${reg.kind === 'special' ? reg.special!.width : reg.count * 32}-bit) is not a ${operandBits(type)}-bit ${type} operand`,
        reg.start,
        len,
      );
    if (reg.half && operandBits(type) !== 16)
      return err(IMM_CODES.registerType, `invalid operand for instruction: a 16-bit register half is not a ${type} operand`, reg.start, len);
    return { ok: true, src, literal: null };
  }
  if (op.kind === 'relocatable') {
    // Relocatable values are 32-bit literals (spec: "limited to branch targets and 32-bit integer operands"; llvm-mc also takes f32).
    if (operandBits(type) === 32) return { ok: true, src: 255, literal: null };
    return err(IMM_CODES.notAbsolute, `invalid operand for instruction: a relocatable expression cannot be a ${type} operand (only 32-bit operands)`, op.start, op.end - op.start);
  }
  const r = encodeImmediate(op.imm, type, target, op.forceLiteral);
  if (!r.ok) return err(r.code, r.message, op.start, op.end - op.start);
  return { ok: true, src: r.src, literal: r.literal, warning: r.warning };
}

/**
 * Encodes one operand written as text for an operand of `type` on `mcpu` (name or alias):
 * `{ src, literal }` with the literal as `0x` + 8 lowercase hex digits (the 32-bit dword that
 * follows the instruction; for f64 the high half of the double) or null, or `{ error }`.
 */
export function encodeOperand(text: string, type: string, mcpu: string | AmdgpuTarget, evaluator?: OperandExprEvaluator): EncodeOperandResult {
  const target = typeof mcpu === 'string' ? findTarget(mcpu) : mcpu;
  if (!target) return { error: `unknown processor '${String(mcpu)}'` };
  if (!isOperandType(type)) return { error: `unknown operand type '${type}' (expected one of i16 u16 b16 f16 i32 u32 b32 f32 i64 u64 b64 f64)` };
  const neg = misspeltNeg(text, 0, type);
  if (neg) return { error: neg.message, code: neg.code, offset: neg.start };
  const p = parseSourceOperand(text, 0, target, evaluator);
  if (!p.ok) return { error: p.error.message, code: p.error.code, offset: p.error.start };
  const rest = skipSpaces(text, p.operand.end);
  if (rest < text.length) return { error: `invalid operand for instruction: unexpected '${text.slice(rest)}' after the operand`, code: IMM_CODES.trailing, offset: rest };
  const e = encodeParsedOperand(p.operand, type, target);
  if (!e.ok) return { error: e.error.message, code: e.error.code, offset: e.error.start };
  const out: EncodeOperandResult = { src: e.src, literal: e.literal === null ? null : formatLiteral(e.literal) };
  if (e.warning) out.warning = e.warning.message;
  return out;
}

/**
 * Tracks the literals of one instruction: llvm-mc allows one literal dword per instruction, used
 * by any number of operands with the same value. Returns an error for a second, different value.
 */
export class InstructionLiterals {
  private value: number | undefined;
  add(literal: number | null, start: number, length = 1): OperandError | undefined {
    if (literal === null) return undefined;
    if (this.value === undefined || this.value === literal) {
      this.value = literal;
      return undefined;
    }
    return { code: IMM_CODES.uniqueLiteral, message: 'only one unique literal operand is allowed', start, length };
  }
}

export interface ValidateOperandOptions {
  /** The operand's type when the caller knows the instruction's operand table; enables immediate checks. */
  type?: OperandType;
  /** Index/immediate expressions with the file's symbols (default: no symbols). */
  evaluator?: OperandExprEvaluator;
  /** Literal tracker of the current instruction (one unique literal per instruction). */
  literals?: InstructionLiterals;
  /** A `[...]` list is an NSA image address (GFX10+ image instructions). */
  nsa?: boolean;
}

/**
 * Validates one operand of the file-level AST (`ast.ts`) on `target`; `text` is the text its spans
 * index. Register operands (`word`, `regRange`, `list`, also under `neg`/`abs`) get every register
 * rule (syntax, size, range, alignment, availability, GFX90A tuple alignment, AGPRs, halves); with
 * `options.type` immediates get the conversion rules and registers the width check; with
 * `options.literals` a second distinct literal in the instruction is an error. Words that are not
 * registers (symbols, modifiers such as `off`) are left alone. Returns the errors (and warnings
 * as AMD405), never throws.
 */
export function validateOperand(op: Operand, text: string, target: AmdgpuTarget, options: ValidateOperandOptions = {}): OperandError[] {
  const evaluator = options.evaluator ?? defaultOperandExprEvaluator;
  const neg = options.type ? misspeltNeg(text, op.span.start, options.type) : undefined;
  if (neg) return [neg];
  switch (op.kind) {
    case 'word':
    case 'regRange':
    case 'list': {
      if (op.kind === 'list' && options.nsa && target.generation >= 10) {
        const n = parseNsaAddress(text, op.span.start, target, evaluator);
        if (n.status === 'ok') return [];
        const whole = parseRegister(text, op.span.start, target, evaluator);
        return whole.status === 'ok' ? [] : [n.error];
      }
      const r = parseRegister(text, op.span.start, target, evaluator);
      if (r.status === 'none') return [];
      if (r.status === 'error') return [r.error];
      if (!options.type) {
        const bad = validateRegisterForTarget(r.reg, target);
        return bad ? [bad] : [];
      }
      const e = encodeParsedOperand({ kind: 'register', reg: r.reg, start: r.reg.start, end: r.reg.end }, options.type, target);
      return e.ok ? [] : [e.error];
    }
    case 'neg':
    case 'abs':
      return validateOperand(op.operand, text, target, options);
    case 'expr':
    case 'call': {
      if (op.kind === 'call' && op.name !== 'lit') {
        if (op.name === 'neg' || op.name === 'abs' || op.name === 'sext')
          return op.args.length === 1 ? validateOperand(op.args[0]!, text, target, options) : [];
        return [];
      }
      if (!options.type) return [];
      const p = parseSourceOperand(text, op.span.start, target, evaluator);
      if (!p.ok) return [p.error];
      const e = encodeParsedOperand(p.operand, options.type, target);
      if (!e.ok) return [e.error];
      const out: OperandError[] = [];
      if (e.warning) out.push({ code: e.warning.code, message: e.warning.message, start: op.span.start, length: op.span.end - op.span.start });
      const dup = options.literals?.add(e.literal, op.span.start, op.span.end - op.span.start);
      if (dup) out.push(dup);
      return out;
    }
    case 'modifier':
      return [];
  }
}
