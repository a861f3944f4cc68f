/**
 * The target triple (llvm-mc's `-triple`): its operating system decides which AMDGPU directives
 * exist and which symbols the assembler predefines, and its text is part of the target id that
 * `.amdgcn_target` and `.amd_amdgpu_isa` must repeat.
 */

/** `amdhsa`: ROCm (`.amdhsa_kernel`, `.amdgpu_metadata`); `amdpal`: PAL; `mesa3d`, `other`: code object v2 directives. */
export type AmdgpuOs = 'amdhsa' | 'amdpal' | 'mesa3d' | 'other';

export interface AmdgpuTriple {
  /** As given. */
  readonly text: string;
  readonly os: AmdgpuOs;
  /** The target id before the processor name, as llvm-mc-19 prints it: `amdgcn-amd-amdhsa--`. */
  readonly idPrefix: string;
}

export const DEFAULT_TRIPLE = 'amdgcn-amd-amdhsa';

const VENDORS = new Set(['amd', 'mesa', 'pc', 'unknown', '']);
const SYSTEMS = new Set(['amdhsa', 'amdpal', 'mesa3d', 'linux', 'unknown', '']);
const ENVIRONMENTS = new Set(['gnu', 'unknown', '']);

/** The triples gpuasm reads, for messages. */
export const TRIPLE_FORMS = 'amdgcn or amdgcn-VENDOR-OS[-ENV] (VENDOR amd, mesa, pc, unknown or empty; OS amdhsa, amdpal, mesa3d, linux, unknown or empty; ENV gnu or empty)';

/**
 * Reads a triple; returns an error message for one gpuasm does not know (another architecture,
 * or a vendor, OS or environment outside TRIPLE_FORMS, whose normalisation llvm-mc may reorder).
 * Components that are present but empty read as `unknown`, as llvm-mc normalises them; `amdgcn`
 * alone keeps no components (target id `amdgcn----gfx900`).
 */
export function parseTriple(text: string): AmdgpuTriple | { error: string } {
  const parts = text.split('-');
  const bad = { error: `unsupported target triple '${text}': gpuasm reads ${TRIPLE_FORMS}` };
  if (parts[0] !== 'amdgcn') return bad;
  if (parts.length === 1) return { text, os: 'other', idPrefix: 'amdgcn----' };
  if (parts.length < 3 || parts.length > 4) return bad;
  const [, vendor, sys, env] = parts as [string, string, string, string | undefined];
  if (!VENDORS.has(vendor) || !SYSTEMS.has(sys) || (env !== undefined && !ENVIRONMENTS.has(env))) return bad;
  const known = (s: string) => (s === '' ? 'unknown' : s);
  const os: AmdgpuOs = sys === 'amdhsa' ? 'amdhsa' : sys === 'amdpal' ? 'amdpal' : sys === 'mesa3d' ? 'mesa3d' : 'other';
  return { text, os, idPrefix: `amdgcn-${known(vendor)}-${known(sys)}-${env === undefined ? '' : known(env)}-` };
}

/** Like parseTriple, for the library: an unknown triple is a programming error there. */
export function tripleOrThrow(text: string | undefined): AmdgpuTriple {
  const t = parseTriple(text ?? DEFAULT_TRIPLE);
  if ('error' in t) throw new RangeError(t.error);
  return t;
}
