/**
 * Inline constants of the spec ("iconst", "fconst"): integers 0…64 and -16…-1, and the floating
 * values 0.5, ±1, ±2, ±4, -0.5 and 1/(2π) (GFX8+) as bit patterns of each operand size.
 */

/** Source codes: 128 + n for 0…64, 192 - n for -1…-16. */
export const INLINE_INT_MIN = -16;
export const INLINE_INT_MAX = 64;
export const INLINE_INT_ZERO_CODE = 128;

/** Codes 240…248 in order: 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2π). */
export const INLINE_FLOAT_CODES = [240, 241, 242, 243, 244, 245, 246, 247, 248] as const;
export const INV_2PI_CODE = 248;

/** f16 bits of the values above, in code order. */
export const INLINE_F16_BITS = [0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118] as const;
/** bf16 bits of the values above, in code order (the bf16 dot products' sources; 1/(2*pi) rounds down to 0x3e22). */
export const INLINE_BF16_BITS = [0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22] as const;
/** f32 bits. */
export const INLINE_F32_BITS = [0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983] as const;
/** f64 bits. */
export const INLINE_F64_BITS = [
  0x3fe0000000000000n,
  0xbfe0000000000000n,
  0x3ff0000000000000n,
  0xbff0000000000000n,
  0x4000000000000000n,
  0xc000000000000000n,
  0x4010000000000000n,
  0xc010000000000000n,
  0x3fc45f306dc9c882n,
] as const;
