/**
 * MIMG (image) instruction facts as llvm-mc-19 applies them, for the address and dmask rules of
 * the instruction layer (instructions/image.ts). Facts from llvm-mc-19 probes on gfx600-gfx1100
 * (see docs/divergences.md, "MIMG"); no logic here.
 */

/** `dim:` values (without `SQ_RSRC_IMG_`): [coordinates, gradients, MSAA]. */
export const MIMG_DIMS: ReadonlyMap<string, readonly [coords: number, gradients: number, msaa: boolean]> = new Map([
  ['1D', [1, 2, false]],
  ['2D', [2, 4, false]],
  ['3D', [3, 6, false]],
  ['CUBE', [3, 4, false]],
  ['1D_ARRAY', [2, 2, false]],
  ['2D_ARRAY', [3, 4, false]],
  ['2D_MSAA', [3, 4, true]],
  ['2D_MSAA_ARRAY', [4, 4, true]],
]);

/** Bits of an image operation's description (`ImageOp`). */
export const ImageBits = {
  /** The address has the dim's coordinates. */
  COORDS: 1,
  /** One more address component (lod, clamp or mip level), packed with the coordinates under a16. */
  LOD: 2,
  /** The dim's derivatives (`_d`, `_cd`). */
  GRADIENTS: 4,
  /** 16-bit derivatives (`_g16`): two per dword, padded to an even count. */
  G16: 8,
  /** Takes a sampler (`image_sample*`, `image_gather4*`, `image_get_lod`). */
  SAMPLER: 16,
  /** Gather (one dmask bit, four dwords of data): `image_gather4*`, GFX11's `image_msaa_load`. */
  GATHER: 32,
  /** `image_msaa_load`: an MSAA dim only. */
  MSAA: 64,
  /** `image_atomic_*`: dmask 0x1, 0x3 or 0xf (0xf only for cmpswap). */
  ATOMIC: 128,
  /** `image_bvh_intersect_ray` (fixed operands, a16 by the register counts). */
  BVH: 256,
  /** `image_bvh64_intersect_ray`. */
  BVH64: 512,
  /** Takes no `d16` (atomics, `image_get_resinfo`, `image_get_lod`, the `_pck` loads and stores). */
  NO_D16: 1024,
  /** `image_atomic_cmpswap`, `image_atomic_fcmpswap` (data sizes of their own, ATOMIC_DATA_SIZES). */
  CMPSWAP: 2048,
} as const;

/** An image operation: `ImageBits`, plus the count of one-dword extra address arguments times 4096. */
export type ImageOp = number;
export const EXTRA_ARG = 4096;

const B = ImageBits;

/** The operations that take no sample variant suffix, by name. */
export const IMAGE_OPS: ReadonlyMap<string, ImageOp> = new Map([
  ['image_load', B.COORDS],
  ['image_load_mip', B.COORDS | B.LOD],
  ['image_load_pck', B.COORDS | B.NO_D16],
  ['image_load_pck_sgn', B.COORDS | B.NO_D16],
  ['image_load_mip_pck', B.COORDS | B.LOD | B.NO_D16],
  ['image_load_mip_pck_sgn', B.COORDS | B.LOD | B.NO_D16],
  ['image_store', B.COORDS],
  ['image_store_mip', B.COORDS | B.LOD],
  ['image_store_pck', B.COORDS | B.NO_D16],
  ['image_store_mip_pck', B.COORDS | B.LOD | B.NO_D16],
  ['image_get_resinfo', B.LOD | B.NO_D16],
  ['image_get_lod', B.COORDS | B.SAMPLER | B.NO_D16],
  ['image_msaa_load', B.COORDS | B.MSAA],
  ['image_gather4h', B.COORDS | B.SAMPLER | B.GATHER],
  ['image_atomic_cmpswap', B.COORDS | B.ATOMIC | B.NO_D16 | B.CMPSWAP],
  ['image_atomic_fcmpswap', B.COORDS | B.ATOMIC | B.NO_D16 | B.CMPSWAP],
  ['image_bvh_intersect_ray', B.BVH],
  ['image_bvh64_intersect_ray', B.BVH | B.BVH64],
]);

/** Operations named by a prefix: `image_sample` and `image_gather4` take the sample variant suffixes below. */
export const IMAGE_PREFIXES: readonly (readonly [prefix: string, op: ImageOp, variants: boolean])[] = [
  ['image_sample', B.COORDS | B.SAMPLER, true],
  ['image_gather4', B.COORDS | B.SAMPLER | B.GATHER, true],
  ['image_atomic_', B.COORDS | B.ATOMIC | B.NO_D16, false],
];

/**
 * The words of a sample variant suffix (`_c_d_cl_o_g16`) and what each adds: an extra address
 * dword (`c` the depth compare, `b` the bias, `o` the offsets), the lod or clamp (`l`, `cl`), the
 * derivatives (`d`, `cd`), 16-bit derivatives (`g16`); `lz` adds nothing.
 */
export const SAMPLE_SUFFIX_WORDS: ReadonlyMap<string, ImageOp> = new Map([
  ['c', EXTRA_ARG],
  ['b', EXTRA_ARG],
  ['o', EXTRA_ARG],
  ['l', B.LOD],
  ['cl', B.LOD],
  ['lz', 0],
  ['d', B.GRADIENTS],
  ['cd', B.GRADIENTS],
  ['g16', B.G16],
]);

/**
 * The address dword counts an operation has encodings for, before its extra arguments (llvm-mc-19,
 * GFX6-11): operations without a sampler 1-4 (`image_load_mip` on a 2D_MSAA_ARRAY dim, 5 dwords,
 * has none); sample and gather by their derivatives and lod/clamp. MSAA dims are not counted for
 * sample and gather, so some of them have no encoding there (`image_sample_c` on 2D_MSAA_ARRAY).
 * Besides these, a tuple of 4 exists where 3 does, of 8 where any of 5-7 does.
 */
export const ADDRESS_WORDS = {
  noSampler: [1, 2, 3, 4],
  plain: [1, 2, 3],
  lod: [1, 2, 3, 4],
  gradients: [2, 3, 4, 5, 6, 7, 8, 9],
  gradientsLod: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  g16: [2, 3, 4, 5, 6, 7],
  g16Lod: [2, 3, 4, 5, 6, 7, 8],
} as const;

/**
 * Longest non-sequential address (NSA) list per generation: GFX10 one VGPR per address dword (up
 * to 13); GFX11 at most 5 entries, the last a tuple with the remaining dwords when more than 5.
 */
export const NSA_MAX: Readonly<Record<number, number>> = { 10: 13, 11: 5 };

/**
 * GFX12 address lists (VIMAGE, VSAMPLE): at most 5 entries without a sampler, 4 with one; where
 * the address has more dwords than that, the last entry is a tuple holding the rest.
 */
export const NSA_MAX_GFX12 = { image: 5, sample: 4 } as const;

/**
 * BVH intersect-ray address (GFX10.3, GFX11): dwords without and with a16, for the 32- and
 * 64-bit node pointer; GFX11's NSA form as a list of entry sizes.
 */
export const BVH_ADDRESS = {
  words: { bvh: [11, 8], bvh64: [12, 9] },
  nsa11: { bvh: [[1, 1, 3, 3, 3], [1, 1, 3, 3]], bvh64: [[2, 1, 3, 3, 3], [2, 1, 3, 3]] },
  /** vdata dwords and resource descriptor SGPRs. */
  data: 4,
  rsrc: 4,
} as const;

/**
 * The data register sizes (dwords) atomics have encodings for (with tfe's extra dword): the others
 * have none of 4 dwords, the cmpswap atomics none of 1 (llvm-mc-19, GFX6-11).
 */
export const ATOMIC_DATA_SIZES = { plain: [1, 2, 3, 5], cmpswap: [2, 3, 4, 5] } as const;

/** Resource and sampler descriptor sizes (SGPRs) of every other image instruction. */
export const IMAGE_RSRC = 8;
export const IMAGE_SAMP = 4;
