/**
 * Re-targets clang's amdhsa output (../shared/corpus/amdgpu/generated) to another triple, as a
 * compiler for that OS would write it: without the HSA directives (`.amdhsa_kernel` blocks,
 * `.amdgpu_metadata`, `.amdhsa_code_object_version`), with the target id of the triple in
 * `.amdgcn_target`, and off amdhsa with the code object v2 directives (`.amdgpu_hsa_kernel`,
 * an `.amd_kernel_code_t` block per kernel, `.amd_amdgpu_isa`; on amdpal also
 * `.amd_amdgpu_pal_metadata`). Used by the corpus sweep and the triple differential test.
 */
import { parseTriple } from '../../src/amdgpu/triple.js';
import { findTarget } from '../../src/amdgpu/targets.js';

/** Triples the corpus is re-targeted to (llvm-mc-19 spellings, normalised or not). */
export const OTHER_TRIPLES = [
  'amdgcn-amd-amdpal',
  'amdgcn-mesa-mesa3d',
  'amdgcn-pc-linux-gnu',
  'amdgcn--',
  'amdgcn',
  'amdgcn-unknown-linux-gnu',
  'amdgcn--amdhsa',
  'amdgcn-amd-',
  'amdgcn--amdpal',
  'amdgcn-amd-amdhsa-',
];

/** The `.amd_kernel_code_t` fields written for a kernel (valid values for the processor's generation). */
export function kernelCodeFields(generation: number): string[] {
  return [
    'amd_code_version_major = 1',
    'amd_code_version_minor = 2',
    `amd_machine_version_major = ${generation}`,
    'kernel_code_entry_byte_offset = 256',
    'enable_sgpr_kernarg_segment_ptr = 1',
    'user_sgpr_count = 6',
    `enable_wavefront_size32 = ${generation >= 10 ? 1 : 0}`,
    `wavefront_size = ${generation >= 10 ? 5 : 6}`,
    `enable_dx10_clamp = ${generation >= 12 ? 0 : 1}`,
    `enable_ieee_mode = ${generation >= 12 ? 0 : 1}`,
    `enable_wgp_mode = ${generation >= 10 ? 1 : 0}`,
    'kernarg_segment_byte_size = 16',
    'call_convention = -1',
  ];
}

export function retarget(text: string, mcpu: string, triple: string): string {
  const t = parseTriple(triple);
  if ('error' in t) throw new Error(t.error);
  const generation = findTarget(mcpu)!.generation;
  const hsa = t.os === 'amdhsa';
  const lines = text.split('\n');
  const kernels = new Set<string>();
  for (const l of lines) {
    const m = /^\s*\.amdhsa_kernel\s+(\S+)/.exec(l);
    if (m) kernels.add(m[1]!);
  }
  const out: string[] = [];
  let skipUntil: string | null = null;
  for (const l of lines) {
    if (skipUntil !== null) {
      if (l.trim().startsWith(skipUntil)) skipUntil = null;
      continue;
    }
    const tr = l.trim();
    if (!hsa) {
      if (tr.startsWith('.amdhsa_kernel ')) {
        skipUntil = '.end_amdhsa_kernel';
        continue;
      }
      if (tr === '.amdgpu_metadata') {
        skipUntil = '.end_amdgpu_metadata';
        continue;
      }
      if (tr.startsWith('.amdhsa_code_object_version')) continue;
    }
    if (tr.startsWith('.amdgcn_target "amdgcn-amd-amdhsa--')) {
      out.push(l.replace('"amdgcn-amd-amdhsa--', `"${t.idPrefix}`));
      continue;
    }
    const label = /^([\w.$]+):/.exec(l);
    if (!hsa && label && kernels.has(label[1]!)) {
      out.push(`\t.amdgpu_hsa_kernel ${label[1]}`, l, '\t.amd_kernel_code_t', ...kernelCodeFields(generation).map((f) => `\t\t${f}`), '\t.end_amd_kernel_code_t');
      continue;
    }
    out.push(l);
  }
  if (!hsa) out.push(`\t.amd_amdgpu_isa "${t.idPrefix}${mcpu}"`);
  if (t.os === 'amdpal') out.push('\t.amd_amdgpu_pal_metadata 0x2e12, 0xaf0000, 0x2e13, 0x8c');
  return out.join('\n');
}
