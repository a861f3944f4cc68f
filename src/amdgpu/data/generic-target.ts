/**
 * The instructions llvm-mc-19's `generic` and `generic-hsa` processors lack among gfx600's: they
 * have no generation feature, so the instructions a feature of SI brings are not there (image
 * instructions, v_movrel*, v_mad/mac_f32 and madak/madmk, the ds `_src2` forms, s_memtime, the
 * buffer float min/max atomics, buffer_wbinvl1_sc). Read off llvm-mc-19 (every spelling of the
 * table, bare, on -mcpu=generic, generic-hsa and gfx600: generic's are gfx600's less these; the
 * two generic processors agree); re-checked by test/amdgpu/instructions/generic-target.test.ts.
 */

/** Encoding families the generic processors have none of. */
export const GENERIC_ABSENT_FAMILIES: ReadonlySet<string> = new Set(['MIMG']);

/** Base mnemonics of other families the generic processors lack. */
export const GENERIC_ABSENT_BASES: ReadonlySet<string> = new Set([
  'buffer_atomic_fmax',
  'buffer_atomic_fmax_x2',
  'buffer_atomic_fmin',
  'buffer_atomic_fmin_x2',
  'buffer_wbinvl1_sc',
  's_memtime',
  'v_mac_f32',
  'v_mac_legacy_f32',
  'v_mad_f32',
  'v_mad_legacy_f32',
  'v_madak_f32',
  'v_madmk_f32',
  'v_movreld_b32',
  'v_movrels_b32',
  'v_movrelsd_b32',
]);

/** The ds `_src2` instructions (`ds_add_src2_u32`, ...), none on the generic processors. */
export const GENERIC_ABSENT_PATTERN = /^ds_\w+_src2_\w+$/;

/** The processor whose instructions the generic processors have, less the ones above. */
export const GENERIC_BASE_PROCESSOR = 'gfx600';
