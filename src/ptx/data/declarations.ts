/**
 * What ptxas 13.0 accepts in a variable declaration, measured by declaring each type in `.reg` and
 * `.global` (see test/ptx/check/checker.test.ts). The parser knows more type words (instruction types);
 * these tables say which of them a declaration may use.
 */

/** Types a variable may be declared with, and their size in bits (0 for opaque handles). */
export const DECLARATION_TYPE_BITS: ReadonlyMap<string, number> = new Map([
  ['.s8', 8], ['.s16', 16], ['.s32', 32], ['.s64', 64],
  ['.u8', 8], ['.u16', 16], ['.u32', 32], ['.u64', 64],
  ['.b8', 8], ['.b16', 16], ['.b32', 32], ['.b64', 64], ['.b128', 128],
  ['.f16', 16], ['.f16x2', 32], ['.f32', 32], ['.f64', 64],
  ['.pred', 1],
  ['.texref', 0], ['.samplerref', 0], ['.surfref', 0],
]);

/** Types ptxas parses in a declaration but refuses: "Type .e4m3 may only be used as an instruction type". */
export const INSTRUCTION_ONLY_TYPES: ReadonlySet<string> = new Set([
  '.e4m3', '.e5m2', '.e4m3x2', '.e5m2x2', '.e2m3x2', '.e3m2x2', '.e2m1x2', '.ue8m0x2',
]);

/** Opaque texture/sampler/surface handle types. */
export const OPAQUE_TYPES: ReadonlySet<string> = new Set(['.texref', '.samplerref', '.surfref']);

/**
 * The members each opaque type's initializer may name (`{ filter_mode = nearest, ... }`), as ptxas
 * 13.0 accepts them in both texture modes (any other name: "Unrecognized field name"). In
 * texmode_independent ptxas only notes that `filter_mode` and `addr_mode_N` of a .texref are ignored.
 */
export const OPAQUE_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['.texref', new Set([
    'width', 'height', 'depth', 'channel_data_type', 'channel_order', 'normalized_coords',
    'filter_mode', 'addr_mode_0', 'addr_mode_1', 'addr_mode_2', 'array_size', 'num_mipmap_levels', 'num_samples',
  ])],
  ['.samplerref', new Set(['force_unnormalized_coords', 'filter_mode', 'addr_mode_0', 'addr_mode_1', 'addr_mode_2'])],
  ['.surfref', new Set(['width', 'height', 'depth', 'channel_data_type', 'channel_order', 'array_size', 'memory_layout'])],
]);

/**
 * The words a member's value may be instead of a constant expression. ptxas takes any of them for
 * any member (`filter_mode = wrap` is accepted), and any other name is "Unrecognized initial value symbol".
 */
export const OPAQUE_VALUE_WORDS: ReadonlySet<string> = new Set([
  'wrap', 'mirror', 'clamp_ogl', 'clamp_to_edge', 'clamp_to_border', 'nearest', 'linear',
]);

/** Vector widths a declaration may use (`.v8` is an instruction-only vector width). */
export const DECLARATION_VECTOR_WIDTHS: ReadonlySet<number> = new Set([2, 4]);

/** The largest vector a declaration may form, in bits. */
export const MAX_VECTOR_BITS = 128;

/** Declaration types that need a newer target (SM number) or PTX version (version code). */
export const TYPE_REQUIREMENTS: ReadonlyMap<string, { minSm: number; minVersion: number }> = new Map([
  ['.f16x2', { minSm: 53, minVersion: 42 }],
  ['.b128', { minSm: 70, minVersion: 83 }],
]);

/** `.address_size` needs PTX 2.3 (version code). */
export const ADDRESS_SIZE_MIN_VERSION = 23;

/** From PTX 3.0 on, module-scope `.reg` and `.local` are errors (the ABI is always on); before, a warning. */
export const MODULE_REG_ERROR_VERSION = 30;

/** `.tex` declarations are refused from PTX 1.5 on. */
export const TEX_DEPRECATED_VERSION = 15;

/** Attributes an `.entry` may carry after its header (others are syntax errors in ptxas). */
export const ENTRY_ATTRIBUTES: ReadonlySet<string> = new Set([
  '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm', '.maxnreg', '.maxclusterrank', '.reqnctapercluster',
  '.explicitcluster', '.blocksareclusters', '.local_maxnreg', '.pragma', '.attribute',
]);

/** Attributes a `.func` may carry. */
export const FUNC_ATTRIBUTES: ReadonlySet<string> = new Set([
  '.noreturn', '.abi_preserve', '.abi_preserve_control', '.local_maxnreg', '.pragma', '.attribute',
]);

/** Function attributes that need a newer target (SM number): "Feature '.maxclusterrank' requires .target sm_90". */
export const ATTRIBUTE_MIN_SM: ReadonlyMap<string, number> = new Map([
  // "Feature '.noreturn' requires .target sm_30 or higher" (ptxas 13.0 on sm_20/sm_21 at .version 6.4; found by retargeting llc-19's output).
  ['.noreturn', 30],
  ['.maxclusterrank', 90],
  ['.reqnctapercluster', 90],
  ['.explicitcluster', 90],
  ['.blocksareclusters', 90],
]);

/** Function attributes that need a newer PTX version (version code). */
export const ATTRIBUTE_MIN_VERSION: ReadonlyMap<string, number> = new Map([
  ['.abi_preserve', 90],
  ['.abi_preserve_control', 90],
  ['.blocksareclusters', 90],
  ['.local_maxnreg', 88],
  ['.noreturn', 64],
]);

/**
 * System calls (PTX ISA "System Calls"): functions ptxas supplies itself, so a module may declare
 * and call them without defining them. Their address still cannot be taken. Verified with ptxas 13.0
 * (`__assert_fail`, `printf`, `cudaGetParameterBuffer`, ... are not among them).
 */
export const SYSTEM_CALLS: ReadonlySet<string> = new Set(['vprintf', 'malloc', 'free', '__assertfail']);
