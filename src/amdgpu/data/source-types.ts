/**
 * How llvm-mc-19 types VALU sources whose size is not the instruction's (session 25, amdmiss14;
 * found with llvm-mc-19 at gfx803-gfx1201, see test/amdgpu/instructions/miss14-found.test.ts).
 * The instruction checker's shortSource() says which 32-bit sources are read as 16 bits; these say
 * which of those are floating-point and which are read packed (two halves, 32 bits).
 */

/**
 * Sources read packed, as 32 bits, though their name says 16 bits: the packed instructions and the
 * dot products of 16-bit values (and gfx90a's VOP2 `v_dot2c_*`, `v_pk_fmac_f16`).
 */
export const PACKED_SOURCE_NAMES = /^v_pk_|_pk_|_dot/;

/**
 * The type a 16-bit source is read as is the last type in the name (`v_cvt_f32_f16`'s source is
 * an f16, `v_cvt_f16_i16`'s an i16, `v_mad_u32_u16`'s u16): floating-point when it is f16. An
 * integer 16-bit source takes as inline only the integers -16 to 64 (`0xffff`, `0x3c00` are
 * literals there); a floating-point one also the f16 inline values' bits (`0x3c00`, `0x3118`) and
 * their 16-bit sign extensions (`0xffff` is -1).
 */
export const FLOAT16_SOURCE_NAMES = /_f16$/;

/**
 * Names whose sources the typed-inline rule does not judge: the mixed-precision FMAs (sources read
 * as f16 whatever op_sel_hi says) and the bf16 instructions (BF16_DOT_NAMES are judged by a rule
 * of their own).
 */
export const SOURCE_TYPES_UNJUDGED = /_mix|bf16/;

/**
 * The bf16 dot products (GFX11+; session 26, amdmiss15, measured with llvm-mc-19 on gfx1100 and
 * gfx1201): src0 and src1 packed bf16, inline as -16 to 64 or a bf16 inline value's bits (`0x3f80`
 * is 1.0; `0x3c00`, `0xffff`, `0xffffbf80` are literals), a literal there 32 bits (`-17` is
 * 0xffffffef), a float literal its bf16 bits (`0.1` is 0x3dcd). src2 of `v_dot2_bf16_bf16` is a
 * single bf16 (BF16_SINGLE_SRC2_NAMES): a constant fits 16 bits (-32768 to 65535), inline as -16 to
 * 64 after 16-bit sign extension (`0xffff` is -1) or a bf16 inline value's bits, a literal 16 bits;
 * src2 of `v_dot2_f32_bf16` 32 bits. A float in `v_dot2_bf16_bf16`'s sources must not overflow or
 * underflow half precision (`1.0e10` refused there, taken in `v_dot2_f32_bf16`'s src0: llvm-mc-19
 * checks their range as 16-bit values), in `v_dot2_f32_bf16`'s single precision.
 */
export const BF16_DOT_NAMES = /^v_dot2_(?:f32|bf16)_bf16$/;
/** BF16_DOT_NAMES whose src2 is a single bf16 and whose floats are checked for half-precision range. */
export const BF16_SINGLE_SRC2_NAMES = /^v_dot2_bf16_bf16$/;

/**
 * Names whose last type is 16 bits: their sources that are neither single 16-bit (shortSource) nor
 * packed are not judged as 32 bits (`v_ldexp_f16`'s src1, `v_cvt_pknorm_i16_f16`'s src1,
 * `v_pack_b32_f16`'s, GFX12's `v_dot2_f16_f16`'s src2 take `0x3c00` as inline), but for the src2
 * of SRC2_32_NAMES.
 */
export const LAST_TYPE_16 = /(?:f16|i16|u16|b16)$/;

/** Names of LAST_TYPE_16 whose src2 is 32 bits (the accumulator of a 32-bit result). */
export const SRC2_32_NAMES = /^v_dot\d\w*_(?:f32|i32|u32)_|^v_mad_[iu]32_[iu]16$/;

/** Names of LAST_TYPE_16 whose src1 is 32 bits (the class compares' mask: `v_cmp_class_f16 vcc_lo, 0x1234, 0x3c00` has two literals). */
export const SRC1_32_NAMES = /^v_cmpx?_class_f16$/;

/**
 * VOP3P names whose src0 and src1 are packed f16 and src2 a single f16 (GFX11+ `v_dot2_f16_f16`:
 * `0xffff` a literal in src0, `0x3f800000` refused in src2).
 */
export const DOT_F16_NAMES = /^v_dot2_f16_f16$/;

/**
 * Names of LAST_TYPE_16 all of whose sources are read as 32 bits (`v_sad_u16 v10, 0x3c00, 0x1234,
 * v16` has two literals, `0x3f800000` is inline there; `v_sat_pk_u8_i16_sdwa v10, 0x3f800000` taken).
 */
export const ALL_32_NAMES = /^v_sad_u16$|^v_sat_pk_u8_i16$/;

/**
 * Names whose src0 and src1 are single f16 values though the result is not 16 bits (`v_pack_b32_f16`,
 * `v_cvt_pknorm_i16_f16`, GFX12's `v_cvt_pk_norm_i16_f16`: `0x3f800000` refused in either, `0x3c00`
 * inline in either).
 */
export const SINGLE16_SRC01_NAMES = /^v_pack_b32_f16$|^v_cvt_pk_?norm_[iu]16_f16$/;

/**
 * Names whose src1 llvm-mc-19 reads by its low 16 bits (`v_ldexp_f16`'s exponent): GFX8-GFX10
 * take any 32-bit integer there, inline when those 16 bits are an f16 inline value or -16 to 64
 * (`65536` is 0, `0x10040` 64, `0x3f800000` 0, `0x12340` the literal 0x2340); GFX11+ refuse one
 * that does not fit 16 bits ("operands are not valid for this GPU or mode": `65536`, `0x3f800000`;
 * `65535` is -1).
 */
export const TRUNCATED16_SRC1_NAMES = /^v_ldexp_f16$/;

/** Names with a 16-bit type whose last type is 32 bits: their sources are 32 bits (`v_cvt_pkrtz_f16_f32`, `v_cvt_f16_f32`, `v_cvt_pk_i16_i32`). */
export const LAST_TYPE_32 = /_(?:f32|i32|u32|b32)$/;

/**
 * Names whose SDWA form's src1 is a 16-bit integer, inline only as -16 to 64 after sign extension
 * (`v_ldexp_f16_sdwa v10, v12, 0xffff` taken, `0x3c00` refused on gfx900).
 */
export const SDWA_SRC1_I16_NAMES = /^v_ldexp_f16$/;

/**
 * Lane instructions with two scalar lane selects (GFX10+ `v_permlane16_b32`, `v_permlanex16_b32`;
 * session 26, amdmiss15): no constant-bus limit (`s1, s2` taken), but one unique literal between
 * src1 and src2, each read as 32 bits (`0x1234, 0x5678` refused, `0x1234, 0x1234` and `0.1,
 * 0x3dcccccd` taken, `0x3c00` and `0xffff` literals there).
 */
export const LANE_SELECT_LITERAL_NAMES = /^v_permlanex?16_b32$/;

/**
 * SDWA forms that write a VGPR but take no destination select (gfx940-942's fp8/bf8 conversions to
 * f32; session 26, amdmiss15): llvm-mc-19 refuses `dst_sel:` (any value, DWORD too) and
 * `dst_unused:` there, "not a valid operand." (`v_cvt_f32_fp8_sdwa v2, v4 dst_sel:WORD_1`); the
 * source select, `clamp` and `mul:2` are taken.
 */
export const SDWA_NO_DST_SEL_NAMES = /^v_cvt_(?:pk_)?f32_(?:fp8|bf8)$/;
