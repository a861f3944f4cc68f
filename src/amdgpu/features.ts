/**
 * llvm-mc's `-mattr` for AMDGPU: a comma-separated list of features, each `+name`, `-name` or
 * `name` (on), applied in order, names compared in lower case (measured with llvm-mc-19). gpuasm
 * models the wave size (`wavefrontsize32`, `wavefrontsize64`) and the target id's `xnack` and
 * `sramecc`; a feature llvm-mc-19 does not know
 * is a warning with its words, and one it knows that gpuasm does not model a warning too (the
 * processor's default is checked).
 */
import { LLVM_FEATURES } from './data/features.js';
import { withTargetIdFeatures, withWaveSizes, type AmdgpuTarget } from './targets.js';

/** Features gpuasm models (lower case). */
export const MODELLED_FEATURES: readonly string[] = ['wavefrontsize32', 'wavefrontsize64', 'xnack', 'sramecc'];

export interface MattrResult {
  /** The target with the features applied. */
  target: AmdgpuTarget;
  /** Warnings: AMD562 a feature llvm-mc-19 does not recognise, AMD563 one gpuasm does not model. */
  warnings: { code: 'AMD562' | 'AMD563'; message: string }[];
}

/**
 * Applies `-mattr` to a processor. The wave sizes as llvm-mc-19 sets them: the processor's own
 * (wave64 before GFX10, none from GFX10), then each feature in order (the last word on a name
 * wins), then wave32 if neither is on (`-wavefrontsize32` alone on gfx1030 is still wave32;
 * `-wavefrontsize64` on gfx900 is wave32); both on (`+wavefrontsize32,+wavefrontsize64`), llvm-mc-19
 * takes a lane mask of either size.
 */
export function applyMattr(target: AmdgpuTarget, mattr: string | undefined): MattrResult {
  const warnings: MattrResult['warnings'] = [];
  if (!mattr) return { target, warnings };
  let wave32 = false;
  let wave64 = target.generation < 10;
  // xnack and sramecc: only the target id (`.amdgcn_target`) and `.amdhsa_reserve_xnack_mask` (targets.ts).
  let xnack: boolean | undefined;
  let sramecc: boolean | undefined;
  const unmodelled = new Set<string>();
  for (const word of mattr.split(',')) {
    if (word === '') continue;
    const sign = word[0] === '+' || word[0] === '-' ? word[0] : '+';
    const name = (word[0] === '+' || word[0] === '-' ? word.slice(1) : word).toLowerCase();
    if (!LLVM_FEATURES.has(name)) {
      warnings.push({ code: 'AMD562', message: `'${sign}${name}' is not a recognized feature for this target (ignoring feature)` });
      continue;
    }
    if (name === 'wavefrontsize32') wave32 = sign === '+';
    else if (name === 'wavefrontsize64') wave64 = sign === '+';
    else if (name === 'xnack') xnack = sign === '+';
    else if (name === 'sramecc') sramecc = sign === '+';
    else if (!unmodelled.has(`${sign}${name}`)) {
      unmodelled.add(`${sign}${name}`);
      warnings.push({ code: 'AMD563', message: `feature '${sign}${name}' is not modelled by gpuasm: checked with ${target.name}'s default for it (gpuasm models ${MODELLED_FEATURES.map((f) => `±${f}`).join(', ')})` });
    }
  }
  if (!wave32 && !wave64) wave32 = true;
  // Wave32 before GFX10 (`-wavefrontsize64` or `+wavefrontsize32` on gfx900): llvm-mc-19 takes it,
  // half-way (it refuses `v_cmp_eq_u32 vcc_lo, v0, v1` and `v_add_co_u32_dpp v1, vcc_lo, ...` there
  // but takes `v_add_co_u32 v1, vcc, v2, v3`); no hardware runs it. Not modelled: checked as wave64.
  if (wave32 && target.generation < 10) {
    warnings.push({ code: 'AMD563', message: `wave32 on ${target.name} (before GFX10) is not modelled by gpuasm: checked as wave64` });
    wave32 = false;
    wave64 = true;
  }
  return { target: withTargetIdFeatures(withWaveSizes(target, wave32, wave64), xnack, sramecc), warnings };
}
