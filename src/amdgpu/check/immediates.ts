/**
 * Immediates: inline constants, literals and the spec's "Type and Size Conversion" of integer and
 * floating-point values to the twelve operand types. Where llvm-mc 19 departs from the spec the
 * choice is recorded in docs/divergences.md ("AMDGPU operands").
 */
import { bitsToF32, f16BitsToF64, f64ToBits, f64ToF16Bits, f64ToF32Bits } from '../../core/float.js';
import {
  INLINE_BF16_BITS,
  INLINE_F16_BITS,
  INLINE_F32_BITS,
  INLINE_F64_BITS,
  INLINE_FLOAT_CODES,
  INLINE_INT_MAX,
  INLINE_INT_MIN,
  INLINE_INT_ZERO_CODE,
  INV_2PI_CODE,
} from '../data/inline-constants.js';
import { Lexer, Tok } from '../lex/lexer.js';
import { isDigit } from '../parse/operand-expr.js';
import type { AmdCode } from '../diagnostics.js';
import type { ImmediateRange } from '../data/sopp-ranges.js';

/** The operand types of the spec's conversion tables. */
export const OPERAND_TYPES = ['i16', 'u16', 'b16', 'f16', 'i32', 'u32', 'b32', 'f32', 'i64', 'u64', 'b64', 'f64'] as const;
export type OperandType = (typeof OPERAND_TYPES)[number];

export function isOperandType(s: string): s is OperandType {
  return (OPERAND_TYPES as readonly string[]).includes(s);
}

export function operandBits(t: OperandType): 16 | 32 | 64 {
  return t.endsWith('16') ? 16 : t.endsWith('32') ? 32 : 64;
}

export function isFloatType(t: OperandType): boolean {
  return t.startsWith('f');
}

/** A number as written: an integer (64-bit, from a number or absolute expression) or a double. */
export type Immediate = { readonly kind: 'int'; readonly value: bigint } | { readonly kind: 'float'; readonly value: number };

/** Encoded immediate: the 9-bit source code, and the 32-bit literal dword when src is 255. */
export interface EncodedImmediate {
  readonly src: number;
  /** The literal dword (unsigned 32-bit) or null for an inline constant. */
  readonly literal: number | null;
  readonly warning?: { code: AmdCode; message: string };
}

export type ImmediateResult = ({ ok: true } & EncodedImmediate) | { ok: false; code: AmdCode; message: string };

export const IMM_CODES = {
  truncation: 'AMD401',
  fpOverflow: 'AMD402',
  fpUnderflow: 'AMD403',
  fpOn64BitInt: 'AMD404',
  f64LowBits: 'AMD405',
  range: 'AMD406',
  uniqueLiteral: 'AMD407',
  badNumber: 'AMD408',
  trailing: 'AMD409',
  notAbsolute: 'AMD410',
  badLit: 'AMD412',
  registerType: 'AMD413',
} as const satisfies Record<string, AmdCode>;

export const LITERAL_CODE = 255;

/** Inline integer code for -16…64, else undefined. */
export function inlineIntCode(v: bigint | number): number | undefined {
  const n = typeof v === 'bigint' ? (v >= -16n && v <= 64n ? Number(v) : undefined) : v;
  if (n === undefined || n < INLINE_INT_MIN || n > INLINE_INT_MAX) return undefined;
  return n >= 0 ? INLINE_INT_ZERO_CODE + n : 192 - n;
}

function floatCode(index: number, inv2Pi: boolean): number | undefined {
  if (index < 0) return undefined;
  if (INLINE_FLOAT_CODES[index] === INV_2PI_CODE && !inv2Pi) return undefined;
  return INLINE_FLOAT_CODES[index];
}

/** Inline code of 32-bit value bits (integer or f32 pattern), as llvm's getLit32Encoding. */
export function inlineCode32(bits: number, inv2Pi: boolean): number | undefined {
  const i = inlineIntCode(bits | 0);
  if (i !== undefined) return i;
  return floatCode((INLINE_F32_BITS as readonly number[]).indexOf(bits >>> 0), inv2Pi);
}

/** Inline code of 16-bit f16-operand bits (integer as int16, or f16 pattern), as getLit16Encoding. */
export function inlineCode16(bits: number, inv2Pi: boolean): number | undefined {
  const i = inlineIntCode((bits << 16) >> 16);
  if (i !== undefined) return i;
  return floatCode((INLINE_F16_BITS as readonly number[]).indexOf(bits & 0xffff), inv2Pi);
}

/** Inline code of 16-bit bf16-operand bits (integer as int16, or a bf16 pattern: `0x3f80` is 1.0). */
export function inlineCodeBF16(bits: number, inv2Pi: boolean): number | undefined {
  const i = inlineIntCode((bits << 16) >> 16);
  if (i !== undefined) return i;
  return floatCode((INLINE_BF16_BITS as readonly number[]).indexOf(bits & 0xffff), inv2Pi);
}

/** Inline code of 64-bit value bits (integer as int64, or f64 pattern), as getLit64Encoding. */
export function inlineCode64(bits: bigint, inv2Pi: boolean): number | undefined {
  const i = inlineIntCode(BigInt.asIntN(64, bits));
  if (i !== undefined) return i;
  return floatCode((INLINE_F64_BITS as readonly bigint[]).indexOf(BigInt.asUintN(64, bits)), inv2Pi);
}

/** The spec's validation: truncation to `bits` loses nothing (all-0 high bits, or all-1 with the MSB set). */
export function isSafeTruncation(v: bigint, bits: number): boolean {
  return BigInt.asUintN(bits, v) === v || BigInt.asIntN(bits, v) === v;
}

type FpCheck = { ok: true; bits: number } | { ok: false; code: AmdCode; message: string };

/** Converts a double to f32 or f16 bits (RNE); precision loss allowed, overflow and underflow not. */
export function convertFloat(x: number, to: 16 | 32): FpCheck {
  const bits = to === 32 ? f64ToF32Bits(x) : f64ToF16Bits(x);
  const back = to === 32 ? bitsToF32(bits) : f16BitsToF64(bits);
  const expMask = to === 32 ? 0x7f800000 : 0x7c00;
  const name = to === 32 ? 'f32' : 'f16';
  if (Number.isFinite(x) && !Number.isFinite(back))
    return { ok: false, code: IMM_CODES.fpOverflow, message: `invalid operand for instruction: ${x} overflows ${name}` };
  if ((bits & expMask) === 0 && back !== x)
    return { ok: false, code: IMM_CODES.fpUnderflow, message: `invalid operand for instruction: ${x} underflows ${name}` };
  return { ok: true, bits };
}

const hex8 = (v: number) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

function literal(dword: number | bigint): ImmediateResult {
  const v = typeof dword === 'bigint' ? Number(BigInt.asUintN(32, dword)) : dword >>> 0;
  return { ok: true, src: LITERAL_CODE, literal: v };
}

function inline(src: number): ImmediateResult {
  return { ok: true, src, literal: null };
}

export interface ImmediateTarget {
  /** 1/(2π) is an inline constant (GFX8+). */
  readonly inv2Pi: boolean;
}

/**
 * Encodes an immediate for an operand of type `type`: validation, conversion, and the inline
 * constant when one exists (unless `forceLiteral`, i.e. `lit(...)`). The literal is the 32-bit
 * dword of the instruction stream: for f64 operands the high half of the double.
 */
export function encodeImmediate(imm: Immediate, type: OperandType, target: ImmediateTarget, forceLiteral = false): ImmediateResult {
  const size = operandBits(type);
  const inv2Pi = target.inv2Pi;
  if (imm.kind === 'int') {
    const v = imm.value;
    if (size === 64) {
      const code = inlineCode64(v, inv2Pi);
      if (code !== undefined && !forceLiteral) return inline(code);
      if (!isSafeTruncation(v, 32)) return truncationError(v, 32);
      if (type === 'f64') {
        // The 32-bit value becomes the high half of the double; llvm-mc inlines what that makes.
        const hiBits = BigInt.asUintN(64, v << 32n);
        const c = inlineCode64(hiBits, inv2Pi);
        if (c !== undefined && !forceLiteral) return inline(c);
      }
      return literal(v);
    }
    if (!isSafeTruncation(v, size)) return truncationError(v, size);
    if (size === 32) {
      const bits = Number(BigInt.asUintN(32, v));
      const code = inlineCode32(bits, inv2Pi);
      return code !== undefined && !forceLiteral ? inline(code) : literal(bits);
    }
    const bits = Number(BigInt.asUintN(16, v));
    if (type === 'f16') {
      const code = inlineCode16(bits, inv2Pi);
      return code !== undefined && !forceLiteral ? inline(code) : literal(bits);
    }
    // 16-bit integer operands: only the integer constants -16…64 of the value as written are inline.
    const code = inlineIntCode(v);
    return code !== undefined && !forceLiteral ? inline(code) : literal(bits);
  }

  const x = imm.value;
  if (size === 64) {
    const bits = f64ToBits(x);
    const code = inlineCode64(bits, inv2Pi);
    if (code !== undefined && !forceLiteral) return inline(code);
    if (type !== 'f64')
      return {
        ok: false,
        code: IMM_CODES.fpOn64BitInt,
        message: `invalid operand for instruction: a floating-point literal cannot be used with a 64-bit integer operand`,
      };
    // The operand's value is the double with its low half zeroed ({hi, 0}); when that is an inline
    // constant (0.0, 1.0, -2.0, …) it is encoded inline, as llvm-mc does (`1.0000000001` → 1.0).
    const hi = bits >> 32n;
    const truncatedCode = inlineCode64(hi << 32n, inv2Pi);
    const r = (truncatedCode !== undefined && !forceLiteral ? inline(truncatedCode) : literal(hi)) as { ok: true } & EncodedImmediate;
    if ((bits & 0xffffffffn) !== 0n)
      return {
        ...r,
        warning: {
          code: IMM_CODES.f64LowBits,
          message: "Can't encode literal as exact 64-bit floating-point operand. Low 32-bits will be set to zero",
        },
      };
    return r;
  }
  if (size === 32) {
    const c = convertFloat(x, 32);
    if (!c.ok) return c;
    const code = inlineCode32(c.bits, inv2Pi);
    return code !== undefined && !forceLiteral ? inline(code) : literal(c.bits);
  }
  const c = convertFloat(x, 16);
  if (!c.ok) return c;
  if (type === 'f16') {
    const code = inlineCode16(c.bits, inv2Pi);
    return code !== undefined && !forceLiteral ? inline(code) : literal(c.bits);
  }
  // Float on a 16-bit integer operand: llvm-mc 19 inlines what is an inline constant as f32; the
  // literal is the f16 bits, as the spec says (llvm-mc 19 writes the f32 bits; see divergences).
  const code = inlineCode32(f64ToF32Bits(x), inv2Pi);
  return code !== undefined && !forceLiteral ? inline(code) : literal(c.bits);
}

function truncationError(v: bigint, bits: number): ImmediateResult {
  const shown = v < 0n ? '-0x' + (-v).toString(16) : '0x' + v.toString(16);
  return {
    ok: false,
    code: IMM_CODES.truncation,
    message: `invalid operand for instruction: ${shown} does not fit in ${bits} bits (the truncated bits must be all 0, or all 1 with the result's sign bit set)`,
  };
}

/** `0x` + 8 lowercase hex digits. */
export function formatLiteral(dword: number): string {
  return hex8(dword);
}

/** Range checks of the spec's uimm8, uimm32, uimm20 and simm21 operands. */
export const IMMEDIATE_RANGES = {
  uimm8: { min: 0n, max: 0xffn },
  uimm32: { min: 0n, max: 0xffffffffn },
  uimm20: { min: 0n, max: 0xfffffn },
  simm21: { min: -0x100000n, max: 0xfffffn },
} as const;
export type RangedImmediate = keyof typeof IMMEDIATE_RANGES;

export function checkImmediateRange(kind: RangedImmediate, v: bigint): { ok: true } | { ok: false; code: AmdCode; message: string } {
  const r = IMMEDIATE_RANGES[kind];
  if (v >= r.min && v <= r.max) return { ok: true };
  const fmt = (x: bigint) => (x < 0n ? '-0x' + (-x).toString(16) : '0x' + x.toString(16));
  const what = kind === 'uimm20' ? 'expected a 20-bit unsigned offset' : kind === 'simm21' ? 'expected a 21-bit signed offset' : `expected an ${kind} value`;
  return { ok: false, code: IMM_CODES.range, message: `${what}: ${v} is out of range ${fmt(r.min)}..${fmt(r.max)}` };
}

const DOT = 46;

/**
 * A floating-point token at `pos` (no sign), as llvm-mc's lexer sees one: decimal with a '.' or
 * an exponent (`1.5`, `.5`, `1.`, `234e2`), or hexadecimal with a 'p' exponent (`0x1.8p1`).
 * Undefined when the token there is not a float. The file lexer reads it (one set of float rules).
 */
export function scanFloat(text: string, pos: number): { value: number; end: number } | undefined {
  const c0 = text.charCodeAt(pos);
  if (!isDigit(c0) && !(c0 === DOT && isDigit(text.charCodeAt(pos + 1)))) return undefined;
  const lex = new Lexer(text, {}, pos);
  if (lex.next() !== Tok.Real) return undefined;
  return { value: lex.realValue(), end: lex.end };
}

/** The immediate offset rule of a scalar memory instruction, as llvm-mc 19 checks it. */
export type SmemOffsetRule = ImmediateRange;

const SMRD_OFFSET_8: SmemOffsetRule = { min: 0n, max: 0xffn, message: 'operands are not valid for this GPU or mode' };
const SMRD_OFFSET_32: SmemOffsetRule = { min: 0n, max: 0xffffffffn, message: 'operands are not valid for this GPU or mode' };

/**
 * Range of the immediate offset (third operand) of SMEM loads/stores on a target: GFX6 (SMRD)
 * uimm8, GFX7 uimm32, both integers only; GFX8 uimm20;
 * GFX9-GFX11 simm21, but uimm20 for buffer forms (`s_buffer_*`); GFX12 a 24-bit signed offset for
 * all. Undefined for other mnemonics.
 */
export function smemOffsetRule(mnemonic: string, generation: number): SmemOffsetRule | undefined {
  const m = mnemonic.toLowerCase();
  const isBuffer = m.startsWith('s_buffer_load_') || m.startsWith('s_buffer_store_');
  if (!isBuffer && !m.startsWith('s_load_') && !m.startsWith('s_store_') && !m.startsWith('s_scratch_load_') && !m.startsWith('s_scratch_store_')) return undefined;
  // SMRD (llvm-mc-19 "operands are not valid for this GPU or mode"): GFX6 an 8-bit unsigned
  // offset, GFX7 a 32-bit unsigned one (measured: 0xff/0x100 on tahiti, 0xffffffff on hawaii,
  // negative values on both).
  if (generation === 6) return SMRD_OFFSET_8;
  if (generation === 7) return SMRD_OFFSET_32;
  if (generation < 8) return undefined;
  if (generation >= 12) return { min: -(1n << 23n), max: (1n << 23n) - 1n, message: 'expected a 24-bit signed offset' };
  if (generation === 8 || isBuffer) return { min: IMMEDIATE_RANGES.uimm20.min, max: IMMEDIATE_RANGES.uimm20.max, message: 'expected a 20-bit unsigned offset' };
  return { min: IMMEDIATE_RANGES.simm21.min, max: IMMEDIATE_RANGES.simm21.max, message: 'expected a 21-bit signed offset' };
}
