/**
 * Differential tests of session 17's amdmiss6, line by line against llvm-mc-19 on matrices of valid
 * and broken lines (found by probing gfx90a, gfx942, gfx1150 and gfx1200/1201 with generated lines
 * of the recently touched families: valued modifiers, VOP3P, VOPD, SALU literals, aperture
 * registers, AGPR memory operands, DP ALU DPP):
 * two misses (an aperture register as an `s_cmpk_` compare's source; a bare name as the last
 * operand of a VOPD X half, which llvm-mc-19 reads as a modifier's name before the ':' of '::')
 * and lds_direct's VGPR bank in VOPD; three false errors (byte_sel on GFX12's fp8/bf8
 * `_e64_dpp` forms; AGPR data in gfx90a/gfx940 DS/FLAT/GLOBAL atomics and DS returns; one- or
 * two-dword VGPRs in gfx90a/gfx940 DPP sources with input modifiers), each with its neighbours.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('an aperture register is no source of the s_cmpk_ compares (nor of s_setreg_b32)', { skip }, () => {
  const apertures = ['src_shared_base', 'src_shared_limit', 'src_private_base', 'private_limit', 'shared_base'];
  const lines = [
    ...apertures.map((a) => `s_cmpk_eq_u32 ${a}, 1`),
    ...apertures.map((a) => `s_cmpk_lt_i32 ${a}, 0x1234`),
    's_cmpk_lg_u32 src_scc, 1',
    's_cmpk_ge_u32 src_vccz, 7',
    's_cmpk_eq_u32 vcc_lo, 1',
    's_cmpk_eq_u32 m0, 1',
    's_cmpk_eq_u32 s5, 1',
    's_cmpk_eq_u32 src_lds_direct, 1',
    's_setreg_b32 hwreg(HW_REG_MODE), src_shared_base',
    's_setreg_b32 hwreg(HW_REG_MODE), s0',
    's_cmp_eq_u32 src_shared_base, 1',
    's_getreg_b32 src_private_base, hwreg(HW_REG_MODE)',
  ];
  assertLinesAgree(lines, ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100'], { verdicts: 'both' });
  // GFX12 has no SOPK compares: s_setreg_b32 only.
  assertLinesAgree(['s_setreg_b32 hwreg(HW_REG_MODE), src_shared_base', 's_setreg_b32 hwreg(HW_REG_MODE), private_limit', 's_setreg_b32 hwreg(HW_REG_MODE), s0', 's_cmp_eq_u32 src_shared_base, 1'], ['gfx1200', 'gfx1201'], { verdicts: 'both' });
});

test("a bare name before '::' in a VOPD pair is read as a modifier's name", { skip }, () => {
  const lines = [
    'bar = 5',
    'v_dual_mov_b32 v0, LDS_DIRECT :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, SRC_LDS_DIRECT :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, foo :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, bar :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, VCC_LO :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, .Lfoo :: v_dual_mov_b32 v1, v2',
    'v_dual_fmaak_f32 v0, v1, v2, foo :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, (foo) :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, foo+1 :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, -bar :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, 0x1234 :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, vcc_lo :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, lds_direct :: v_dual_mov_b32 v1, v2',
    'v_dual_add_f32 v0, foo, v1 :: v_dual_mov_b32 v1, v2',
    'v_dual_mov_b32 v0, v2 :: v_dual_mov_b32 v1, foo',
    'v_dual_fmaak_f32 v0, v1, v2, 0x1234 :: v_dual_mov_b32 v1, v2',
  ];
  assertLinesAgree(lines, ['gfx1100', 'gfx1150', 'gfx1200', 'gfx1201'], { verdicts: 'both' });
});

test('lds_direct as a VOPD src0 is in VGPR bank 3', { skip }, () => {
  const lines: string[] = [];
  for (const n of [0, 1, 2, 3, 7, 11]) {
    lines.push(`v_dual_mul_f32 v0, lds_direct, v1 :: v_dual_add_f32 v1, v${n}, v2`);
    lines.push(`v_dual_mul_f32 v0, v${n}, v1 :: v_dual_add_f32 v1, lds_direct, v2`);
    lines.push(`v_dual_mov_b32 v0, lds_direct :: v_dual_mov_b32 v1, v${n}`);
  }
  lines.push('v_dual_mul_f32 v0, lds_direct, v1 :: v_dual_add_f32 v1, lds_direct, v2');
  lines.push('v_dual_mul_f32 v0, lds_direct, v1 :: v_dual_add_f32 v1, s3, v2');
  lines.push('v_dual_fmamk_f32 v4, lds_direct, 0x1234, v8 :: v_dual_sub_f32 v5, v7, v9');
  assertLinesAgree(lines, ['gfx1100', 'gfx1150', 'gfx1200'], { verdicts: 'both' });
});

test("byte_sel on GFX12's fp8/bf8 conversions in their _e64_dpp forms", { skip }, () => {
  const lines: string[] = [];
  for (const m of ['v_cvt_f32_fp8', 'v_cvt_f32_bf8']) {
    for (const form of ['', '_e64', '_e32', '_dpp', '_e64_dpp']) {
      for (const dpp of ['', ' quad_perm:[0,1,2,3]', ' dpp8:[0,1,2,3,4,5,6,7]', ' row_share:3 row_mask:0x5']) lines.push(`${m}${form} v5, v1 byte_sel:2${dpp}`);
    }
  }
  for (const m of ['v_cvt_sr_fp8_f32', 'v_cvt_sr_bf8_f32']) {
    for (const form of ['', '_e64', '_e64_dpp']) {
      for (const dpp of ['', ' quad_perm:[3,2,1,0]', ' dpp8:[7,6,5,4,3,2,1,0]']) lines.push(`${m}${form} v5, v1, v2 byte_sel:3${dpp}`);
    }
  }
  lines.push('v_cvt_f32_fp8_e64_dpp v5, v1 byte_sel:4 quad_perm:[0,1,2,3]');
  lines.push('v_cvt_f32_fp8_e64_dpp v5, v1 quad_perm:[0,1,2,3]');
  assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { verdicts: 'both' });
});

test('gfx90a and gfx940-942: AGPR data in DS, FLAT and GLOBAL atomics, all data registers in one file', { skip }, () => {
  const lines: string[] = [];
  for (const [d, s] of [['v', 'v'], ['v', 'a'], ['a', 'v'], ['a', 'a']] as const) {
    lines.push(`global_atomic_add ${d}4, v[0:1], ${s}8, off glc`);
    lines.push(`global_atomic_cmpswap_x2 ${d}[4:5], v[0:1], ${s}[8:11], off glc`);
    lines.push(`global_atomic_add_f64 ${d}[4:5], v[0:1], ${s}[8:9], off glc`);
    lines.push(`flat_atomic_umin ${d}4, v[0:1], ${s}8 glc`);
    lines.push(`ds_add_rtn_u32 ${d}4, v0, ${s}8`);
    lines.push(`ds_cmpst_rtn_b32 ${d}4, v0, ${s}8, ${s}12`);
    lines.push(`ds_cmpst_rtn_b32 ${d}4, v0, ${d}8, ${s}12`);
    lines.push(`ds_wrxchg_rtn_b64 ${d}[4:5], v0, ${s}[8:9]`);
    lines.push(`ds_bpermute_b32 ${d}4, v0, ${s}8`);
    lines.push(`ds_write2_b32 v0, ${d}8, ${s}12 offset1:1`);
    lines.push(`ds_swizzle_b32 ${d}4, ${s}8 offset:0x1f`);
  }
  for (const s of ['v', 'a']) {
    lines.push(`global_atomic_add v[0:1], ${s}8, off`);
    lines.push(`global_atomic_smax_x2 v[0:1], ${s}[8:9], off`);
    lines.push(`flat_atomic_add_f64 v[0:1], ${s}[8:9]`);
    lines.push(`ds_add_f64 v0, ${s}[8:9]`);
    lines.push(`ds_cmpst_b64 v0, ${s}[8:9], ${s}[12:13]`);
    lines.push(`global_load_dwordx2 ${s}[4:5], v[0:1], off`);
    lines.push(`buffer_atomic_add ${s}4, v0, s[0:3], 0 idxen glc`);
  }
  assertLinesAgree(lines, ['gfx90a', 'gfx942'], { verdicts: 'both' });
  // gfx908 has AGPRs but none of them in memory instructions.
  assertLinesAgree(['global_atomic_add a4, v[0:1], a8, off glc', 'global_atomic_add v4, v[0:1], v8, off glc', 'ds_add_rtn_u32 a4, v0, a8', 'ds_add_rtn_u32 v4, v0, v8'], ['gfx908'], { verdicts: 'both' });
});

test('gfx90a and gfx940-942: a DPP source with input modifiers is a VGPR of one or two dwords', { skip }, () => {
  const lines: string[] = [];
  for (const src of ['v2', 'v[2:3]', 'v[2:4]']) {
    for (const ctl of ['row_newbcast:1', 'quad_perm:[0,1,2,3]']) {
      lines.push(`v_ceil_f64_dpp v[0:1], ${src} ${ctl}`);
      lines.push(`v_cvt_f32_f64_dpp v0, ${src} ${ctl}`);
      lines.push(`v_cvt_f64_f32_dpp v[0:1], ${src} ${ctl}`);
      lines.push(`v_fmac_f64_dpp v[0:1], ${src}, v[4:5] ${ctl}`);
      lines.push(`v_fmac_f64_dpp v[0:1], v[4:5], ${src} ${ctl}`);
      lines.push(`v_add_f32_dpp v0, ${src}, v1 ${ctl}`);
      lines.push(`v_ldexp_f16_dpp v0, v1, ${src} ${ctl}`);
      lines.push(`v_add_u32_dpp v0, ${src}, v1 ${ctl}`);
      lines.push(`v_mov_b32_dpp v0, ${src} ${ctl}`);
      lines.push(`v_cvt_f64_i32_dpp v[0:1], ${src} ${ctl}`);
    }
  }
  lines.push('v_add_f32_dpp v[0:1], v2, v1 row_newbcast:1');
  lines.push('v_fmac_f64_dpp v[0:1], -v[2:3], |v[4:5]| row_newbcast:1');
  assertLinesAgree(lines, ['gfx90a', 'gfx942'], { verdicts: 'both' });
});
