/**
 * Differential tests of what session 17's stressamd sweep found: llc-19 output of random LLVM IR
 * (`llvm-stress-19`) and of hand-written IR calling llvm.amdgcn.* intrinsics, on many processors and
 * triples, judged by llvm-mc-19 (docs/testing.md, "Held-out check: session 17").
 * GLOBAL/SCRATCH loads with `lds` (llvm.amdgcn.global.load.lds on GFX9 and GFX10: no vdst, `lds`
 * last), each beside its broken neighbours, line by line against llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('GLOBAL and SCRATCH loads with lds: no vdst, lds last (GFX9 but gfx940-942, GFX10)', { skip }, () => {
  const lines = [
    // llc-19's lines (llvm.amdgcn.global.load.lds).
    'global_load_dword v0, s[0:1] lds',
    'global_load_dword v[0:1], off lds',
    'global_load_dword v0, s[0:1] offset:16 lds',
    'global_load_dword v0, s[0:1] offset:-16 glc lds',
    'global_load_dword v0, s[0:1] glc slc lds',
    'global_load_ubyte v0, s[0:1] lds',
    'global_load_sbyte v0, s[0:1] lds',
    'global_load_ushort v0, s[0:1] lds',
    'global_load_sshort v0, s[0:1] lds',
    'global_load_ubyte v[2:3], off glc slc lds',
    'global_load_dword v[0:1], off offset:4095 lds',
    'global_load_dword v[0:1], off offset:2048 lds',
    'scratch_load_dword v0, off lds',
    'scratch_load_dword off, s0 lds',
    'scratch_load_sshort v1, off offset:16 glc lds',
    // Broken: lds before a modifier, with its vdst, wider loads and stores, operands of the wrong kind or size.
    'global_load_dword v0, s[0:1] lds offset:16',
    'global_load_dword v0, s[0:1] lds glc slc',
    'global_load_dword v0, s[0:1] lds dlc',
    'global_load_dword v0, s[0:1] lds lds',
    'global_load_dword v1, v0, s[0:1] lds',
    'global_load_dword v0, v[2:3], off lds',
    'global_load_dwordx2 v0, s[0:1] lds',
    'global_load_dwordx4 v0, s[0:1] lds',
    'global_load_dwordx3 v0, s[0:1] lds',
    'global_store_dword v0, v1, s[0:1] lds',
    'global_load_dword v0, off lds',
    'global_load_dword v[0:1], s[0:1] lds',
    'global_load_dword v[0:3], s[0:1] lds',
    'global_load_dword s0, s[0:1] lds',
    'global_load_dword v0 lds',
    'global_load_dword v0, s[0:1], lds',
    'global_load_dword v0, s[0:1] nolds',
    'global_load_dword v0, s[0:1] slc glc lds',
    'global_load_dword v0, s[0:1] offset:4 offset:8 lds',
    'global_load_dword v[0:1], off offset:4096 lds',
    'global_load_dword v[0:1], off offset:-4097 lds',
    'global_load_dword v0, s[0:1] dlc lds',
    'global_load_dword v0, s[0:1] glc dlc lds',
    'scratch_load_dword v0, off lds x',
    'global_load_lds_dword v0, s[0:1]',
    'global_load_lds_dword v0, s[0:1] offset:16 sc0',
    'global_load_lds_ubyte v0, s[0:1]',
  ];
  assertLinesAgree(lines, ['gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030'], { verdicts: 'both' });
  // No GLOBAL load with lds at all (GFX8 has no GLOBAL; GFX11 on dropped the form): every line refused.
  assertLinesAgree(lines, ['gfx803', 'gfx1100', 'gfx1201'], { verdicts: 'broken' });
});
