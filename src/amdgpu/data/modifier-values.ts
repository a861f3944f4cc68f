/**
 * The values llvm-mc-19 takes in the modifiers that carry a number (or a list of numbers), and the
 * processors that have each modifier: DPP controls and masks, `byte_sel`, `index_key` and the MFMA
 * controls (`abid`, `cbsz`, `blgp`; gfx908, gfx90a, gfx942, session 18), the GFX11-12 wait counts
 * (session 22). Read off llvm-mc-19
 * on every value from -1 to 32 (and 2^32 + 15) on gfx803, gfx90a, gfx940, gfx1030, gfx1100 and
 * gfx1200 (test/amdgpu/instructions/misc-rules.test.ts re-checks them). Which instructions take
 * a modifier is the instruction table's; a modifier of another processor is "not a valid operand.".
 */
import type { AmdgpuTarget } from '../targets.js';

/** Processors that have a modifier. */
export type ModifierGpus = 'all' | 'gfx8-9' | 'gfx10+' | 'gfx90a';

export interface ModifierValueRule {
  readonly gpus: ModifierGpus;
  /** Allowed values (inclusive range), or undefined: any absolute value. */
  readonly min?: number;
  readonly max?: number;
  /** Allowed values when not a range. */
  readonly values?: readonly number[];
  /** A list of this many values (`quad_perm:[...]`, `dpp8:[...]`), each in min…max. */
  readonly list?: number;
  /** llvm-mc-19's message for a value outside them. */
  readonly message: string;
}

const shift = (name: string): ModifierValueRule => ({ gpus: 'all', min: 1, max: 15, message: `invalid ${name} value` });
const wave = (name: string): ModifierValueRule => ({ gpus: 'gfx8-9', min: 1, max: 1, message: `invalid ${name} value` });

/** By the modifier's name as written (llvm-mc-19 spells them in lower case only). */
export const MODIFIER_VALUE_RULES: ReadonlyMap<string, ModifierValueRule> = new Map<string, ModifierValueRule>([
  ['quad_perm', { gpus: 'all', list: 4, min: 0, max: 3, message: 'expected a 2-bit value' }],
  ['dpp8', { gpus: 'gfx10+', list: 8, min: 0, max: 7, message: 'expected a 3-bit value' }],
  ['row_shl', shift('row_shl')],
  ['row_shr', shift('row_shr')],
  ['row_ror', shift('row_ror')],
  ['wave_shl', wave('wave_shl')],
  ['wave_rol', wave('wave_rol')],
  ['wave_shr', wave('wave_shr')],
  ['wave_ror', wave('wave_ror')],
  ['row_bcast', { gpus: 'gfx8-9', values: [15, 31], message: 'invalid row_bcast value' }],
  ['row_share', { gpus: 'gfx10+', min: 0, max: 15, message: 'invalid row_share value' }],
  ['row_xmask', { gpus: 'gfx10+', min: 0, max: 15, message: 'invalid row_xmask value' }],
  ['row_newbcast', { gpus: 'gfx90a', min: 0, max: 15, message: 'invalid row_newbcast value' }],
  ['bound_ctrl', { gpus: 'all', min: 0, max: 1, message: 'invalid bound_ctrl value.' }],
  ['fi', { gpus: 'gfx10+', message: '' }],
  ['row_mask', { gpus: 'all', message: '' }],
  ['bank_mask', { gpus: 'all', message: '' }],
  ['byte_sel', { gpus: 'all', min: 0, max: 3, message: 'invalid byte_sel value.' }],
  // GFX12 SWMMAC's sparsity index selector: 0 or 1 on every one of them in llvm-mc-19 (the 8-bit ones too).
  ['index_key', { gpus: 'all', min: 0, max: 1, message: 'out of range index_key' }],
  // MFMA broadcast controls (gfx908, gfx90a, gfx940-942): abid 4 bits, cbsz and blgp 3 bits.
  ['abid', { gpus: 'all', min: 0, max: 15, message: 'invalid abid value.' }],
  ['cbsz', { gpus: 'all', min: 0, max: 7, message: 'invalid cbsz value.' }],
  ['blgp', { gpus: 'all', min: 0, max: 7, message: 'invalid operand for instruction' }],
  // Output modifiers (omod): `mul:1`, `mul:2`, `mul:4`, `div:1`, `div:2` (session 22, every processor).
  ['mul', { gpus: 'all', values: [1, 2, 4], message: 'invalid mul value.' }],
  ['div', { gpus: 'all', values: [1, 2], message: 'invalid div value.' }],
  // Wait counts of GFX11's VINTERP (wait_exp) and LDSDIR (wait_vdst), GFX12's ds_direct_load and
  // ds_param_load (wait_va_vdst, wait_vm_vsrc): 3, 4, 4 and 1 bits (session 22, gfx1100 and gfx1201).
  ['wait_exp', { gpus: 'all', min: 0, max: 7, message: 'invalid wait_exp value.' }],
  ['wait_vdst', { gpus: 'all', min: 0, max: 15, message: 'invalid wait_vdst value.' }],
  ['wait_va_vdst', { gpus: 'all', min: 0, max: 15, message: 'invalid wait_va_vdst value.' }],
  ['wait_vm_vsrc', { gpus: 'all', min: 0, max: 1, message: 'invalid wait_vm_vsrc value.' }],
]);

export function modifierOnGpu(gpus: ModifierGpus, t: AmdgpuTarget): boolean {
  switch (gpus) {
    case 'all':
      return true;
    case 'gfx8-9':
      return t.generation <= 9;
    case 'gfx10+':
      return t.generation >= 10;
    case 'gfx90a':
      return t.alignedVgprTuples;
  }
}

export const MODIFIER_GPU_NAMES: Readonly<Record<ModifierGpus, string>> = { all: 'every GPU', 'gfx8-9': 'GFX8-GFX9', 'gfx10+': 'GFX10 and later', gfx90a: 'gfx90a and gfx940-942' };
