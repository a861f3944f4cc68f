/**
 * Curated instruction facts: what ptxas 13.0 accepts beyond the Syntax blocks, and the versions and
 * targets of forms and words. Every entry here was decided by running ptxas (see
 * docs/ptx-instructions.md for how, and docs/divergences.md for where the text and ptxas differ).
 */
import { FAMILY_GATES } from './gates.generated.js';
import type { Curation } from './types.js';

/** Before PTX ISA 1.4, these took no rounding/.approx modifier (ptxas: "Rounding modifier ... required" from 1.4). */
const PRE_14 = { ptxBelow: '1.4' };

export const CURATION: Curation = {
  extraBlocks: {
    // ptxas 13.0 still reads PTX ISA 1.0-1.3 modules, where these had no required rounding.
    div: [{ forms: ['div.f32 d, a, b'], sets: {} }],
    rcp: [{ forms: ['rcp.f32 d, a'], sets: {} }],
    sqrt: [{ forms: ['sqrt.f32 d, a'], sets: {} }],
    rsqrt: [{ forms: ['rsqrt.f32 d, a'], sets: {} }],
    lg2: [{ forms: ['lg2.f32 d, a'], sets: {} }],
    ex2: [{ forms: ['ex2.f32 d, a'], sets: {} }],
    sin: [{ forms: ['sin.f32 d, a'], sets: {} }],
    cos: [{ forms: ['cos.f32 d, a'], sets: {} }],
    mad: [{ forms: ['mad.f64 d, a, b, c'], sets: {} }],
    // mov of a whole vector (a vector register or a braced list), not in the Syntax block.
    mov: [{ forms: ['mov.vec.type d, a'], sets: { vec: ['.v2', '.v4'], type: ['.b16', '.b32', '.u16', '.u32', '.s16', '.s32', '.f32', '.b64', '.u64', '.s64', '.f64'] } }],
  },
  extraBlockGates: {
    div: [PRE_14],
    rcp: [PRE_14],
    sqrt: [PRE_14],
    rsqrt: [PRE_14],
    lg2: [PRE_14],
    ex2: [PRE_14],
    sin: [PRE_14],
    cos: [PRE_14],
    mad: [PRE_14],
  },
  setPatches: {
    // The Syntax block misspells the shape `.m8n8k4` of the .f64 mma (block 5).
    mma: [{ set: 'shape', block: 5, remove: ['.m8n84'], add: ['.m8n8k4'] }],
  },
  familyGates: FAMILY_GATES,
  wordGates: {},
};
