/**
 * Found by the session-20 held-out sweep (tinygrad's AMDGPU LLVM IR through llc-19 with `-mattr`
 * xnack/sramecc): `-mattr`'s xnack and sramecc words are part of llvm-mc-19's target id on amdhsa
 * (`.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"`, sramecc first, each only where the
 * processor supports it; not on amdpal or mesa3d), and `-xnack` makes `.amdhsa_reserve_xnack_mask`
 * 0. gpuasm checked the processor's default (a false AMD224 / AMD226 on every such llc file).
 * Every line against llvm-mc-19 run with the same -mattr and triple.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const CPUS = ['gfx801', 'gfx803', 'gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx940', 'gfx942', 'gfx9-generic', 'gfx1010', 'gfx10-1-generic', 'gfx1030', 'gfx1100'];
const MATTRS = ['', '+xnack', '-xnack', '+sramecc', '-sramecc', '+xnack,+sramecc', '-sramecc,-xnack', '+xnack,-xnack', '+sramecc,+xnack,-sramecc', 'xnack'];
const SUFFIXES = ['', ':xnack+', ':xnack-', ':sramecc+', ':sramecc-', ':sramecc+:xnack+', ':sramecc-:xnack-', ':sramecc+:xnack-', ':xnack+:sramecc+', ':sramecc-:xnack+'];
const TRIPLES: [string, string][] = [['amdgcn-amd-amdhsa', 'amdgcn-amd-amdhsa--'], ['amdgcn-amd-amdpal', 'amdgcn-amd-amdpal--'], ['amdgcn-amd-mesa3d', 'amdgcn-amd-mesa3d--']];

test('.amdgcn_target with -mattr xnack/sramecc, three triples', { skip }, () => {
  for (const [triple, prefix] of TRIPLES) {
    for (const cpu of CPUS) {
      const lines = SUFFIXES.map((s) => `.amdgcn_target "${prefix}${cpu}${s}"`);
      for (const mattr of MATTRS) assertLinesAgree(lines, [cpu], { triple, ...(mattr ? { mattr } : {}), verdicts: 'broken' });
    }
  }
});

test('.amdhsa_reserve_xnack_mask against -mattr xnack', { skip }, () => {
  for (const cpu of CPUS.filter((c) => c !== 'gfx801')) {
    for (const mattr of ['', '+xnack', '-xnack', '-xnack,+xnack', '+sramecc,-xnack']) {
      for (const v of [0, 1]) {
        const lines = ['.amdhsa_kernel k', '  .amdhsa_next_free_vgpr 8', '  .amdhsa_next_free_sgpr 8'];
        if (/^gfx9(0a|4)/.test(cpu)) lines.push('  .amdhsa_accum_offset 4');
        lines.push(`  .amdhsa_reserve_xnack_mask ${v}`, '.end_amdhsa_kernel');
        assertLinesAgree(lines, [cpu], { ...(mattr ? { mattr } : {}), label: `reserve_xnack_mask ${v}` });
      }
    }
  }
});

test('xnack and sramecc are modelled: no AMD563 warning', () => {
  for (const mattr of ['+xnack', '-sramecc', '+sramecc,-xnack']) {
    const d = checkAmdgpuText('f.s', 's_nop 0\n', { mcpu: 'gfx90a', mattr });
    assert.deepEqual(d, [], mattr);
  }
});
