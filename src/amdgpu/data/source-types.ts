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
 * Names whose sources no rule here judges: the mixed-precision FMAs (sources read as f16 whatever
 * op_sel_hi says) and the bf16 instructions (their inline values not probed).
 */
export const SOURCE_TYPES_UNJUDGED = /_mix|bf16/;

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
