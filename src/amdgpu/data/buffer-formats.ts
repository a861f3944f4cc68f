/**
 * The symbolic names of an MTBUF `format:[...]` (measured with llvm-mc-19, held-out session 26:
 * every BUF_FMT_<data>_<number> candidate at gfx900, gfx1030 and gfx1100; the split names at gfx600,
 * gfx900, gfx1030 and gfx1100). The names are case-sensitive.
 */

/** GFX10's unified formats, without the `BUF_FMT_` prefix; GFX6-9 know them only to refuse them. */
export const UNIFIED_FORMATS_GFX10: readonly string[] = (
  'INVALID 8_UNORM 8_SNORM 8_USCALED 8_SSCALED 8_UINT 8_SINT 16_UNORM 16_SNORM 16_USCALED 16_SSCALED 16_UINT 16_SINT 16_FLOAT ' +
  '8_8_UNORM 8_8_SNORM 8_8_USCALED 8_8_SSCALED 8_8_UINT 8_8_SINT 32_UINT 32_SINT 32_FLOAT 16_16_UNORM 16_16_SNORM 16_16_USCALED ' +
  '16_16_SSCALED 16_16_UINT 16_16_SINT 16_16_FLOAT 10_11_11_UNORM 10_11_11_SNORM 10_11_11_USCALED 10_11_11_SSCALED 10_11_11_UINT ' +
  '10_11_11_SINT 10_11_11_FLOAT 11_11_10_UNORM 11_11_10_SNORM 11_11_10_USCALED 11_11_10_SSCALED 11_11_10_UINT 11_11_10_SINT ' +
  '11_11_10_FLOAT 10_10_10_2_UNORM 10_10_10_2_SNORM 10_10_10_2_USCALED 10_10_10_2_SSCALED 10_10_10_2_UINT 10_10_10_2_SINT ' +
  '2_10_10_10_UNORM 2_10_10_10_SNORM 2_10_10_10_USCALED 2_10_10_10_SSCALED 2_10_10_10_UINT 2_10_10_10_SINT 8_8_8_8_UNORM ' +
  '8_8_8_8_SNORM 8_8_8_8_USCALED 8_8_8_8_SSCALED 8_8_8_8_UINT 8_8_8_8_SINT 32_32_UINT 32_32_SINT 32_32_FLOAT 16_16_16_16_UNORM ' +
  '16_16_16_16_SNORM 16_16_16_16_USCALED 16_16_16_16_SSCALED 16_16_16_16_UINT 16_16_16_16_SINT 16_16_16_16_FLOAT 32_32_32_UINT ' +
  '32_32_32_SINT 32_32_32_FLOAT 32_32_32_32_UINT 32_32_32_32_SINT 32_32_32_32_FLOAT'
).split(' ');

/** GFX10's unified formats GFX11 does not have. */
export const UNIFIED_FORMATS_NOT_GFX11: readonly string[] = (
  '10_11_11_UNORM 10_11_11_SNORM 10_11_11_USCALED 10_11_11_SSCALED 10_11_11_UINT 10_11_11_SINT 11_11_10_UNORM 11_11_10_SNORM ' +
  '11_11_10_USCALED 11_11_10_SSCALED 11_11_10_UINT 11_11_10_SINT 10_10_10_2_USCALED 10_10_10_2_SSCALED'
).split(' ');

/**
 * The split names every processor GFX6-11 reads (`BUF_DATA_FORMAT_*`, `BUF_NUM_FORMAT_*`), alone or
 * paired; GFX10-11 also require the pair to name a unified format, which is not judged here.
 * (`BUF_NUM_FORMAT_RESERVED_6` is read on GFX8-9 only and is left unjudged everywhere.)
 */
export const SPLIT_FORMAT_NAMES: readonly string[] = [
  ...'INVALID 8 16 8_8 32 16_16 10_11_11 11_11_10 10_10_10_2 2_10_10_10 8_8_8_8 32_32 16_16_16_16 32_32_32 32_32_32_32 RESERVED_15'
    .split(' ')
    .map((d) => `BUF_DATA_FORMAT_${d}`),
  ...'UNORM SNORM USCALED SSCALED UINT SINT FLOAT RESERVED_6'.split(' ').map((n) => `BUF_NUM_FORMAT_${n}`),
];
