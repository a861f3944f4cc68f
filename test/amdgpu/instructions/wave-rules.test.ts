/**
 * gpuasm's `mattr` (`gpuasm check --mattr`, llvm-mc's -mattr): the wave size, line by line against
 * llvm-mc-19 with the same -mattr, on GFX10-12 in every mode llvm-mc-19 reads (default wave32,
 * `+wavefrontsize64`, `-wavefrontsize32,+wavefrontsize64`, `-wavefrontsize32` alone, which is
 * still wave32, and both sizes on): lane masks (vcc/vcc_lo, s[0:1]/s0 of compares, carries,
 * cndmask, div_scale, mad_u64_u32, exec as a destination), the implicit VCC on the constant bus,
 * VOPD (wave32 only), WMMA and GFX12's global_load_tr sizes, the `.amd_kernel_code_t` wave fields
 * and the VGPR limit of `.amdhsa_kernel`; the literal counted twice in a 64-bit and a 32-bit source
 * (found beside them); and the feature list's warnings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { assertLinesAgree, compareLines } from '../../harness/amdgpu-line-compare.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { applyMattr } from '../../../src/amdgpu/features.js';
import { findTarget } from '../../../src/amdgpu/targets.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const MODES = ['', '+wavefrontsize64', '-wavefrontsize32,+wavefrontsize64', '-wavefrontsize32', '+wavefrontsize32', '+wavefrontsize32,+wavefrontsize64', 'wavefrontsize64', '+WavefrontSize64'];
const GFX10_12 = ['gfx1010', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200'];

test('lane masks, the implicit VCC and VOPD in every wave mode (GFX10-12)', { skip }, () => {
  const lines = [
    'v_add_co_u32 v1, vcc, v2, v3',
    'v_add_co_u32 v1, vcc_lo, v2, v3',
    'v_add_co_u32_e64 v1, s[0:1], v2, v3',
    'v_add_co_u32_e64 v1, s0, v2, v3',
    'v_cmp_eq_u32_e64 s[0:1], v0, v1',
    'v_cmp_eq_u32_e64 s0, v0, v1',
    'v_cmp_eq_u32 vcc, v0, v1',
    'v_cmp_eq_u32 vcc_lo, v0, v1',
    'v_cndmask_b32 v0, v1, v2, vcc',
    'v_cndmask_b32 v0, v1, v2, vcc_lo',
    'v_cndmask_b32_e64 v0, v1, v2, s[0:1]',
    'v_cndmask_b32_e64 v0, v1, v2, s0',
    's_and_saveexec_b64 s[0:1], s[2:3]',
    's_and_saveexec_b32 s0, s2',
    'v_readlane_b32 s0, v1, 0',
    's_mov_b64 exec, s[0:1]',
    's_mov_b32 exec_lo, s0',
    'v_cmpx_eq_u32_e64 s[0:1], v0, v1',
    'v_cmpx_eq_u32 v0, v1',
    'v_add_co_ci_u32 v1, vcc, v2, v3, vcc',
    'v_add_co_ci_u32 v1, vcc_lo, v2, v3, vcc_lo',
    'v_div_scale_f32 v0, vcc, v1, v2, v3',
    'v_div_scale_f32 v0, vcc_lo, v1, v2, v3',
    'v_div_scale_f32 v0, s[0:1], v1, v2, v3',
    'v_div_scale_f32 v0, s0, v1, v2, v3',
    'v_mad_u64_u32 v[0:1], s[0:1], v1, v2, v[4:5]',
    'v_mad_u64_u32 v[0:1], s0, v1, v2, v[4:5]',
    'v_cmp_class_f32 vcc, v0, v1',
    'v_cmp_class_f32_e64 s[0:1], v0, v1',
    'v_addc_co_u32 v1, vcc, v2, v3, vcc',
    'v_addc_co_u32 v1, vcc_lo, v2, v3, vcc_lo',
    'v_cmp_eq_u32_sdwa vcc, v0, v1 src0_sel:WORD_1',
    'v_cmp_eq_u32_sdwa vcc_lo, v0, v1 src0_sel:WORD_1',
    'v_cmp_eq_u32_sdwa s0, v0, v1 src0_sel:WORD_1',
    'v_cmp_eq_u32_sdwa s[0:1], v0, v1 src0_sel:WORD_1',
    'v_add_co_u32_dpp v1, vcc, v2, v3 quad_perm:[0,1,2,3]',
    'v_add_co_u32_dpp v1, vcc_lo, v2, v3 quad_perm:[0,1,2,3]',
    'v_cndmask_b32_sdwa v0, v1, v2, vcc src0_sel:WORD_1',
    'v_cndmask_b32_sdwa v0, v1, v2, vcc_lo src0_sel:WORD_1',
    'v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v2, v3',
    'v_dual_cndmask_b32 v0, v1, v2 :: v_dual_mov_b32 v3, v4',
    'v_dual_mov_b32 v3, v4 :: v_dual_cndmask_b32 v0, v1, v2',
    'v_dual_cndmask_b32 v0, s1, v2 :: v_dual_mov_b32 v3, v4',
    'v_cndmask_b32 v0, s1, v2, vcc',
    'v_cndmask_b32 v0, s1, v2, vcc_lo',
    'v_cndmask_b32_e64 v0, s1, s2, vcc',
    'v_cndmask_b32_e64 v0, s1, s2, vcc_lo',
    'v_cndmask_b32_e64 v0, s1, v2, vcc',
    'v_cndmask_b32_e64 v0, s1, v2, s[4:5]',
    'v_cndmask_b32_e64 v0, s4, v2, s[4:5]',
    'v_cndmask_b32_e64 v0, s1, s1, s[4:5]',
    'v_add_co_ci_u32_e32 v0, vcc, s1, v2, vcc',
    'v_add_co_ci_u32_e32 v0, vcc_lo, s1, v2, vcc_lo',
    'v_add_co_ci_u32_e64 v0, s[0:1], s1, s2, vcc',
    'v_add_co_ci_u32_e64 v0, s[0:1], s1, v2, vcc',
    'v_div_fmas_f32 v0, s1, v1, v2',
    'v_div_fmas_f32 v0, s1, s2, v2',
    'v_div_fmas_f32 v0, vcc_lo, v1, v2',
    'v_div_fmas_f32 v0, vcc_hi, v1, v2',
    'v_div_fmas_f32 v0, vcc_hi, s1, v2',
    'v_div_fmas_f64 v[0:1], vcc, v[2:3], v[4:5]',
    'v_div_fmas_f64 v[0:1], s[2:3], v[2:3], v[4:5]',
    'v_cndmask_b32_e32 v0, vcc_lo, v1, vcc',
    'v_cndmask_b32_e32 v0, vcc_hi, v1, vcc',
    'v_cndmask_b32_e32 v0, exec_lo, v1, vcc',
    'v_cndmask_b32_e64 v0, vcc_lo, v1, vcc',
    'v_cmp_eq_u32_e64 exec, v0, v1',
    'v_cmp_eq_u32_e64 exec_lo, v0, v1',
    'v_cmp_eq_u32_e64 null, v0, v1',
    'v_cmp_eq_u32_e64 ttmp[0:1], v0, v1',
    'v_cmp_eq_u32_e64 s[1:2], v0, v1',
    'v_cmp_eq_u32_e64 s[104:105], v0, v1',
    'v_cmp_eq_u32_e64 vcc_hi, v0, v1',
    'v_cmpx_eq_u32_e64 v0, v1',
    'v_cmpx_eq_u32_e64 exec, v0, v1',
    'v_add_co_u32_e64 v0, vcc, v1, v2 clamp',
    'v_sub_co_u32 v0, vcc, v1, v2',
    'v_subrev_co_ci_u32 v0, vcc, v1, v2, vcc',
    'v_cndmask_b16 v0, v1, v2, s[0:1]',
    'v_cndmask_b16 v0, v1, v2, s0',
    'v_cmp_eq_u32_e64_dpp s[0:1], v0, v1 quad_perm:[0,1,2,3]',
    'v_cmp_eq_u32_e64_dpp s0, v0, v1 quad_perm:[0,1,2,3]',
    'v_cmp_eq_u32_dpp vcc, v0, v1 quad_perm:[0,1,2,3]',
    'v_cmp_eq_u32_dpp vcc_lo, v0, v1 quad_perm:[0,1,2,3]',
    'v_add_co_ci_u32_e64_dpp v0, s[0:1], v1, v2, s[2:3] quad_perm:[0,1,2,3]',
    'v_add_co_ci_u32_e64_dpp v0, s0, v1, v2, s2 quad_perm:[0,1,2,3]',
    'v_cndmask_b32_e64_dpp v0, v1, v2, s[0:1] dpp8:[0,1,2,3,4,5,6,7]',
    'v_cndmask_b32_e64_dpp v0, v1, v2, s0 dpp8:[0,1,2,3,4,5,6,7]',
    'v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[0,1,2,3]',
    'v_cmp_class_f32_sdwa s[0:1], v0, v1 src0_sel:WORD_1',
    'v_cmp_class_f32_sdwa vcc, v0, v1 src0_sel:WORD_1',
    'v_mad_co_u64_u32 v[0:1], s[0:1], v1, v2, v[4:5]',
    'v_mad_co_u64_u32 v[0:1], s0, v1, v2, v[4:5]',
    'v_mad_i64_i32 v[0:1], s[0:1], v1, v2, v[4:5]',
    'v_readfirstlane_b32 s0, v1',
    'v_writelane_b32 v1, s0, 0',
    'v_permlane16_b32 v0, v1, s0, s1',
    's_cbranch_vccz 0',
    's_mov_b64 vcc, exec',
    's_mov_b32 vcc_lo, exec_lo',
    'v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v3, v4',
    'v_dual_add_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v5, v6',
    'v_cndmask_b16 v0, v1, v2, vcc',
    'v_cndmask_b16 v0, v1, v2, vcc_lo',
    'v_cndmask_b16_e64 v0, v1, v2, vcc',
  ];
  for (const mattr of MODES) assertLinesAgree(lines, GFX10_12, { verdicts: 'both', mattr: mattr || undefined });
});

test('WMMA sizes in wave64: GFX11 vdst and src2 four VGPRs, GFX12 every operand half (SWMMAC index one VGPR)', { skip }, () => {
  const reg = (n: number, b: number) => (n === 1 ? `v${b}` : `v[${b}:${b + n - 1}]`);
  const wmma11 = ['v_wmma_f32_16x16x16_f16', 'v_wmma_f32_16x16x16_bf16', 'v_wmma_f16_16x16x16_f16', 'v_wmma_bf16_16x16x16_bf16', 'v_wmma_i32_16x16x16_iu8', 'v_wmma_i32_16x16x16_iu4'];
  const lines11: string[] = [];
  for (const m of wmma11) for (const d of [2, 4, 8]) for (const s of [1, 2, 4, 8]) lines11.push(`${m} ${reg(d, 16)}, ${reg(s, 0)}, ${reg(s, 8)}, ${reg(d, 16)}`);
  for (const mattr of ['', '+wavefrontsize64']) assertLinesAgree(lines11, ['gfx1100', 'gfx1150'], { verdicts: 'both', mattr: mattr || undefined });
  const wmma12 = [...wmma11, 'v_wmma_i32_16x16x32_iu4', 'v_wmma_f32_16x16x16_fp8_fp8', 'v_wmma_f32_16x16x16_bf8_bf8', 'v_swmmac_f32_16x16x32_f16', 'v_swmmac_f16_16x16x32_f16', 'v_swmmac_i32_16x16x32_iu8', 'v_swmmac_i32_16x16x32_iu4', 'v_swmmac_f32_16x16x32_fp8_bf8'];
  const lines12: string[] = [];
  for (const m of wmma12)
    for (const d of [1, 2, 4, 8]) for (const a of [1, 2, 4]) for (const b of [1, 2, 4, 8]) lines12.push(`${m} ${reg(d, 16)}, ${reg(a, 0)}, ${reg(b, 8)}, ${m.startsWith('v_swmmac') ? 'v40' : reg(d, 16)}`);
  for (const mattr of ['', '+wavefrontsize64']) assertLinesAgree(lines12, ['gfx1200'], { verdicts: 'both', mattr: mattr || undefined });
  // Both sizes on: llvm-mc-19 takes one of them; gpuasm judges no size there (no false error).
  for (const [lines, cpu] of [[lines11, 'gfx1100'], [lines12, 'gfx1200']] as const) {
    const r = compareLines(lines, cpu, () => false, undefined, '+wavefrontsize32,+wavefrontsize64');
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${cpu} both sizes: ${r.falseErrors.length} false errors`);
  }
});

test("GFX12's global_load_tr writes half the data in wave64", { skip }, () => {
  const lines: string[] = [];
  for (const d of ['v1', 'v[1:2]', 'v[1:4]', 'v[1:8]']) lines.push(`global_load_tr_b64 ${d}, v0, s[0:1] offset:64`, `global_load_tr_b128 ${d}, v[2:3], off`);
  for (const mattr of ['', '+wavefrontsize64', '-wavefrontsize32,+wavefrontsize64']) assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { verdicts: 'both', mattr: mattr || undefined });
});

test('a literal in a 64-bit and a 32-bit source is two on the constant bus (GFX10+, both wave sizes)', { skip }, () => {
  const lines = [
    'v_lshlrev_b64 v[0:1], 0x12345, 0x12345',
    'v_lshlrev_b64 v[0:1], 0x12345, v[2:3]',
    'v_lshlrev_b64 v[0:1], v2, 0x12345',
    'v_lshlrev_b64 v[0:1], s2, 0x12345',
    'v_lshlrev_b64 v[0:1], 0x12345, s[2:3]',
    'v_lshlrev_b64 v[0:1], s2, s[2:3]',
    'v_lshlrev_b64 v[0:1], s2, s[4:5]',
    'v_lshlrev_b64 v[0:1], 1, 0x12345',
    'v_lshlrev_b64 v[0:1], 0x12345, 1',
    'v_lshrrev_b64 v[0:1], 0x12345, 0x12345',
    'v_ashrrev_i64 v[0:1], 0x12345, 0x12345',
    'v_lshlrev_b64 v[0:1], 1.5, 1.5',
    'v_lshlrev_b64 v[0:1], 0x3f717273, 0x3f717273',
    'v_add_nc_u32 v0, 0x12345, 0x12345',
    'v_lshl_add_u64 v[0:1], 0x12345, 0x12345, v[2:3]',
    'v_ldexp_f64 v[0:1], 0x12345, 0x12345',
    'v_mad_u64_u32 v[0:1], s[0:1], 0x12345, v1, 0x12345',
    'v_mad_u64_u32 v[0:1], s[0:1], 0x12345, s1, 0x12345',
    'v_mad_u64_u32 v[0:1], s[0:1], 0x12345, s1, v[2:3]',
    'v_mad_u64_u32 v[0:1], s[0:1], 0x12345, 0x12345, v[2:3]',
    'v_mad_u64_u32 v[0:1], s[0:1], 0x12345, 0x12345, s[2:3]',
    'v_ldexp_f64 v[0:1], 1.5, 0x3ff80000',
    'v_trig_preop_f64 v[0:1], 0x12345, 0x12345',
    'v_lshlrev_b64 v[0:1], 0x12345, 0x1234500000000',
    'v_fma_f64 v[0:1], 0x12345, 0x12345, s[2:3]',
    'v_add_co_u32 v0, s0, 0x12345, 0x12345',
    'v_add_co_ci_u32_e64 v0, s0, 0x12345, 0x12345, s1',
    'v_fma_mix_f32 v0, 0x12345, 0x12345, s1',
    'v_fma_mixlo_f16 v0, 0x3c00, 0x3c00, s1',
    'v_pk_fma_f16 v0, 0x3c00, 0x3c00, s1',
    'v_fma_f16 v0, 0x3c00, 0x3c00, s1',
    'v_cvt_pk_norm_i16_f16 v0, 0x3c00, 0x3c00',
    'v_add3_u32 v0, 0x12345, 0x12345, s1',
    'v_mad_u32_u16 v0, 0x1234, 0x1234, s1',
    'v_mad_u32_u16 v0, 0x1234, s1, 0x1234',
    'v_alignbit_b32 v0, 0x12345, 0x12345, s1',
    'v_div_fixup_f16 v0, 0x3c00, 0x3c00, s1',
    'v_cvt_pkrtz_f16_f32 v0, 0x12345, 0x12345',
    'v_ldexp_f16 v0, 0x3c00, 0x3c00',
    'v_mul_lo_u16 v0, 0x1234, 0x1234',
  ];
  for (const mattr of ['', '+wavefrontsize64']) assertLinesAgree(lines, ['gfx1010', 'gfx1030', 'gfx1100', 'gfx1200'], { verdicts: 'both', mattr: mattr || undefined });
  assertLinesAgree(lines, ['gfx900', 'gfx90a', 'gfx942'], { verdicts: 'both' });
});

test('kernel descriptors follow the wave size: .amd_kernel_code_t wave fields, the VGPR limit', { skip }, () => {
  const hsa = (body: string) => `.amdhsa_kernel k\n  .amdhsa_next_free_sgpr 8\n${body}.end_amdhsa_kernel\n`;
  const codeT = (field: string) => `.amdgpu_hsa_kernel t\nt:\n.amd_kernel_code_t\n  ${field}\n.end_amd_kernel_code_t\n`;
  const files: [string, string][] = [
    ...['', '  .amdhsa_wavefront_size32 1\n', '  .amdhsa_wavefront_size32 0\n'].flatMap((w) => ['8', '300', '600'].map((n) => [hsa(`  .amdhsa_next_free_vgpr ${n}\n${w}`), 'amdgcn-amd-amdhsa'] as [string, string])),
    [hsa('  .amdhsa_next_free_vgpr 8\n  .amdhsa_shared_vgpr_count 1\n'), 'amdgcn-amd-amdhsa'],
    ...['enable_wavefront_size32 = 1', 'enable_wavefront_size32 = 0', 'wavefront_size = 5', 'wavefront_size = 6'].map((f) => [codeT(f), 'amdgcn-amd-amdpal'] as [string, string]),
  ];
  let refused = 0;
  for (const cpu of ['gfx900', 'gfx1030', 'gfx1100', 'gfx1200'])
    for (const mattr of ['', '+wavefrontsize64', '+wavefrontsize32,+wavefrontsize64', '-wavefrontsize32'])
      for (const [text, triple] of files) {
        // (Wave32 before GFX10 is not modelled: AMD563, checked as wave64.)
        if (cpu === 'gfx900' && mattr.startsWith('+wavefrontsize32')) continue;
        const mc = runLlvmMc(text, { mcpu: cpu, triple, filetype: 'obj', extraArgs: mattr ? [`-mattr=${mattr}`] : [] });
        const theirs = mc.messages.filter((m) => m.severity === 'error').map((m) => m.line);
        const ours = checkAmdgpuText('k.s', text, { mcpu: cpu, triple, mattr: mattr || undefined }).filter((d) => d.severity === 'error').map((d) => d.location?.line);
        if (theirs.length) refused++;
        assert.deepEqual([...new Set(ours)], [...new Set(theirs)], `${cpu} -mattr=${mattr}:\n${text}`);
      }
  assert.ok(refused > 0, 'the matrix has refused files');
});

test('-mattr as llvm-mc-19 reads it: order, case, unknown features (AMD562), unmodelled ones (AMD563)', { skip }, () => {
  const gfx1030 = findTarget('gfx1030')!;
  const gfx900 = findTarget('gfx900')!;
  const wave = (t: ReturnType<typeof findTarget>) => `${t!.wave32 ? 32 : ''}${t!.wave64 ? 64 : ''}`;
  assert.equal(wave(applyMattr(gfx1030, '+wavefrontsize64').target), '64');
  assert.equal(wave(applyMattr(gfx1030, '-wavefrontsize32').target), '32');
  assert.equal(wave(applyMattr(gfx1030, '+wavefrontsize64,-wavefrontsize64').target), '32');
  assert.equal(wave(applyMattr(gfx1030, '-wavefrontsize64,+wavefrontsize64').target), '64');
  assert.equal(wave(applyMattr(gfx1030, '+wavefrontsize32,+wavefrontsize64').target), '3264');
  assert.equal(wave(applyMattr(gfx1030, 'WavefrontSize64').target), '64');
  assert.equal(applyMattr(gfx1030, '').target, gfx1030);
  assert.equal(applyMattr(gfx1030, '-wavefrontsize64').target, gfx1030);
  // Wave32 before GFX10 is not modelled: a warning, checked as wave64.
  const w = applyMattr(gfx900, '-wavefrontsize64');
  assert.equal(wave(w.target), '64');
  assert.deepEqual(w.warnings.map((x) => x.code), ['AMD563']);
  // Unknown features: llvm-mc-19's own warning, word for word; known ones gpuasm does not model: AMD563.
  for (const mattr of ['+foo', 'bar', '-Baz', '+code-object-v3', '+wavefrontsize64 ']) {
    const mc = runLlvmMc('s_nop 0\n', { mcpu: 'gfx1030', extraArgs: [`-mattr=${mattr}`] });
    const d = checkAmdgpuText('f.s', 's_nop 0\n', { mcpu: 'gfx1030', mattr });
    assert.equal(d.length, 1);
    assert.equal(d[0]!.code, 'AMD562');
    assert.equal(d[0]!.severity, 'warning');
    assert.ok(mc.stderr.includes(d[0]!.message), `${mattr}: llvm-mc-19 says ${mc.stderr}`);
  }
  for (const mattr of ['+cumode', '-mad-mix-insts', '+real-true16']) {
    const d = checkAmdgpuText('f.s', 's_nop 0\n', { mcpu: 'gfx900', mattr });
    assert.deepEqual(d.map((x) => `${x.code} ${x.severity}`), ['AMD563 warning'], mattr);
    assert.match(d[0]!.message, /not modelled/);
  }
});
