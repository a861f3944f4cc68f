/**
 * The `UC_VERSION_*` symbols llvm-mc-19 defines in every file, on every processor and triple, as
 * absolute values that a file may set again (`.set UC_VERSION_GFX10, 99`): the microcode version
 * names and bits `s_version` is written with (`s_version UC_VERSION_GFX10 | UC_VERSION_W32_BIT`).
 * Measured with llvm-mc-19 (`.if NAME != VALUE` on generic, gfx600, gfx900, gfx1100; amdhsa and
 * amdpal); `UC_VERSION_GFX8`, `UC_VERSION_GFX9` are no such symbol.
 */
export const UC_VERSION_SYMBOLS: readonly (readonly [string, bigint])[] = [
  ['UC_VERSION_GFX7', 0n],
  ['UC_VERSION_GFX10', 4n],
  ['UC_VERSION_GFX11', 6n],
  ['UC_VERSION_GFX12', 9n],
  ['UC_VERSION_W64_BIT', 0x2000n],
  ['UC_VERSION_W32_BIT', 0x4000n],
  ['UC_VERSION_MDP_BIT', 0x8000n],
];
