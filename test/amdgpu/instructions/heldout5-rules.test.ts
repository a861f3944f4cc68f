/**
 * Rules found by checking held-out AMDGPU assembly (session 15: AQuickBlackFox/amdgpu-code's
 * hand-written GFX8 kernels, HGLiu1998/batched_gemm's and feifei14119/TensileLite's generated
 * kernels, each also taken to other processors) with gpuasm and llvm-mc-19, generalized into a matrix
 * of lines written for this test and judged line by line against llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('GFX12: no glc, slc, dlc or gds on any instruction, under the GFX12 names and the older ones', { skip }, () => {
  const insts = [
    'flat_load_dword v1, v[2:3]', 'flat_load_b32 v1, v[2:3]', 'flat_store_dword v[2:3], v1', 'flat_atomic_add v1, v[2:3], v4',
    'global_load_dword v1, v[2:3], off', 'global_load_b32 v1, v[2:3], off', 'global_store_dwordx2 v[2:3], v[4:5], off', 'global_atomic_add_u32 v1, v[2:3], v4, off',
    'scratch_load_dword v1, off, off', 'scratch_store_b32 off, v1, off',
    's_load_dword s1, s[2:3], 0x0', 's_load_b64 s[4:5], s[2:3], 0x0', 's_buffer_load_dword s1, s[4:7], 0x0',
    'buffer_load_dword v1, off, s[0:3], s4', 'buffer_load_b32 v1, off, s[0:3], s4', 'buffer_store_dword v1, off, s[0:3], s4', 'buffer_atomic_add v1, off, s[0:3], s4',
    'tbuffer_load_format_x v1, off, s[0:3], s4 format:[BUF_FMT_32_FLOAT]',
    'ds_read_b32 v1, v2', 'ds_load_b32 v1, v2', 'ds_write_b32 v1, v2', 'ds_add_u32 v1, v2', 'ds_append v1', 'ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)',
  ];
  const mods = ['', ' glc', ' slc', ' dlc', ' glc slc', ' gds', ' noglc', ' th:TH_LOAD_NT', ' scope:SCOPE_SYS', ' offset:4 glc'];
  const lines = insts.flatMap((i) => mods.map((m) => i + m));
  assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { verdicts: 'both' });
  // The same lines where these modifiers exist (GFX10-11 take glc/slc/dlc and gds).
  assertLinesAgree(lines, ['gfx1030', 'gfx1100'], { verdicts: 'both' });
});
