/**
 * PTX fundamental types as data layout and initializers see them (spec 5.2, 5.4.4), as ptxas treats
 * them: size in bytes (natural alignment equals size; vectors align to their whole size) and which
 * initial values they take.
 */

/**
 * How an initializer element converts to the type:
 *  'bits'     — integers truncated; floating-point values as their bit pattern (see initializers.ts);
 *  'int'      — integers truncated; floating-point values rejected;
 *  'float'    — floating-point values only (rounded to the size); integers rejected;
 *  'none'     — no initializer at all (.f16: spec; .f16x2, .pred: spec; .bf16 etc.: ptxas).
 */
export type InitKind = 'bits' | 'int' | 'float' | 'none';

export interface DataTypeInfo {
  size: number;
  init: InitKind;
  signed?: boolean;
}

export const DATA_TYPES: Readonly<Record<string, DataTypeInfo>> = {
  '.b8': { size: 1, init: 'bits' },
  '.b16': { size: 2, init: 'bits' },
  '.b32': { size: 4, init: 'bits' },
  '.b64': { size: 8, init: 'bits' },
  '.b128': { size: 16, init: 'bits' },
  '.u8': { size: 1, init: 'int' },
  '.u16': { size: 2, init: 'int' },
  '.u32': { size: 4, init: 'int' },
  '.u64': { size: 8, init: 'int' },
  '.s8': { size: 1, init: 'int', signed: true },
  '.s16': { size: 2, init: 'int', signed: true },
  '.s32': { size: 4, init: 'int', signed: true },
  '.s64': { size: 8, init: 'int', signed: true },
  '.f32': { size: 4, init: 'float' },
  '.f64': { size: 8, init: 'float' },
  '.f16': { size: 2, init: 'none' },
  '.f16x2': { size: 4, init: 'none' },
  '.bf16': { size: 2, init: 'none' },
  '.bf16x2': { size: 4, init: 'none' },
  '.pred': { size: 1, init: 'none' },
  '.e4m3': { size: 1, init: 'none' },
  '.e5m2': { size: 1, init: 'none' },
  '.e4m3x2': { size: 2, init: 'none' },
  '.e5m2x2': { size: 2, init: 'none' },
  '.tf32': { size: 4, init: 'none' },
};

/** Types that may hold the address of a variable or function (spec 5.4.4); .u8 only through mask(). */
export const ADDRESS_TYPES: ReadonlySet<string> = new Set(['.u32', '.u64']);
export const MASKED_ADDRESS_TYPES: ReadonlySet<string> = new Set(['.u8', '.u32', '.u64']);

/** The eight mask() values (spec 5.4.4): one byte at a byte boundary. Compared by value, not spelling. */
export const MASK_VALUES: readonly bigint[] = [
  0xffn,
  0xff00n,
  0xff0000n,
  0xff000000n,
  0xff00000000n,
  0xff0000000000n,
  0xff000000000000n,
  0xff00000000000000n,
];

/** PTX ISA versions that introduced initializer features (spec 5.4.4), as major*10+minor. */
export const VERSION_MASK_OPERATOR = 71;
export const VERSION_KERNEL_ADDRESS = 31;
