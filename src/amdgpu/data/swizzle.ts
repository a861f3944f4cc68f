/**
 * The `swizzle(...)` macro of `ds_swizzle_b32`'s `offset:` as llvm-mc-19 reads it: each mode (upper
 * case) and its arguments. Modes from LLVM's AMDGPU operand syntax pages (swizzle); every range
 * measured with llvm-mc-19 on gfx600, gfx700, gfx803, gfx900, gfx90a, gfx942, gfx1010, gfx1030,
 * gfx1100, gfx1150 and gfx1200, which all answer alike (test/amdgpu/instructions/macro-rules.test.ts).
 * `FFT` and `ROTATE` (later LLVMs, GFX9+) are no mode of llvm-mc-19 on any GPU ("expected a
 * swizzle mode").
 */

/** One argument: an absolute expression in [min, max] (a power of two where `pow2`), or a mask string. */
export interface SwizzleArg {
  readonly kind: 'value' | 'mask';
  readonly min?: number;
  readonly max?: number;
  readonly pow2?: boolean;
  /** The lane id of BROADCAST: below the group size (the previous argument). */
  readonly belowGroup?: boolean;
  /** llvm-mc-19's message when the value is out of range. */
  readonly message: string;
}

const LANE2: SwizzleArg = { kind: 'value', min: 0, max: 3, message: 'expected a 2-bit lane id' };
const GROUP_2_32: SwizzleArg = { kind: 'value', min: 2, max: 32, pow2: true, message: 'group size must be in the interval [2,32]' };

export const SWIZZLE_MODES: ReadonlyMap<string, readonly SwizzleArg[]> = new Map<string, readonly SwizzleArg[]>([
  ['QUAD_PERM', [LANE2, LANE2, LANE2, LANE2]],
  // A string of 5 characters, each 0, 1, p or i (lower case).
  ['BITMASK_PERM', [{ kind: 'mask', message: 'expected a 5-character mask' }]],
  ['BROADCAST', [GROUP_2_32, { kind: 'value', min: 0, max: 31, belowGroup: true, message: 'lane id must be in the interval [0,group size - 1]' }]],
  ['SWAP', [{ kind: 'value', min: 1, max: 16, pow2: true, message: 'group size must be in the interval [1,16]' }]],
  ['REVERSE', [GROUP_2_32]],
]);

/** The characters of a BITMASK_PERM mask ("invalid mask" otherwise). */
export const SWIZZLE_MASK_CHARS = '01pi';
export const SWIZZLE_MASK_LENGTH = 5;

/** `offset:` written as a number: 16 bits ("expected a 16-bit offset"). */
export const SWIZZLE_OFFSET_MAX = 0xffff;
