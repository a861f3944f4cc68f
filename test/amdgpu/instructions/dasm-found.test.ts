/**
 * Differential tests of what session 18's amddasm sweep found: random instruction words decoded by
 * llvm-mc-19's disassembler and reassembled by it (docs/testing.md, "Held-out check: session 18").
 * Each rule's lines (some verbatim from the disassembler) beside their broken neighbours, line by
 * line against llvm-mc-19: four false errors (s_dcache_discard's soffset with `offset:`, register
 * operands of s_cbranch_join/s_cbranch_g_fork taken for undefined labels, gfx908 MFMA src2 as an
 * inline-valued special source, literal sources of K's value in s_fmaak_f32/s_fmamk_f32) and the
 * misses beside them (the 16-bit K of the f16 madak/madmk/fmaak/fmamk, K over- and underflow, f16
 * underflow of a floating-point literal); the merge review's seed-9 sweep: GFX8 v_mac SDWA dst_sel,
 * gfx940-942 dot products' op_sel, the implicit M0 of v_movrel*, lds_direct under a modifier.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test("SMEM: offset: goes with the soffset, the last operand (s_dcache_discard's second)", { skip }, () => {
  const lines = [
    // From the disassembler.
    's_dcache_discard s[58:59], s62 offset:-0xd6183',
    's_dcache_discard_x2 s[82:83], s62 offset:-0xd1ae4',
    's_dcache_discard_x2 exec, vcc_hi offset:0x3eec4',
    's_dcache_discard ttmp[8:9], ttmp3 offset:0x2fc1d',
    's_dcache_discard s[4:5], m0 offset:0x10',
    's_dcache_discard s[4:5], s6',
    's_dcache_discard s[4:5], 0x10',
    's_load_dword s0, s[4:5], s6 offset:0x10',
    's_atc_probe 1, s[4:5], s6 offset:0x10',
    's_buffer_load_dword s1, s[4:7], s6 offset:0x10',
    // Broken: offset: after an immediate offset or without a soffset.
    's_dcache_discard s[4:5], 0x10 offset:0x10',
    's_dcache_discard s[4:5] offset:0x10',
    's_dcache_discard_x2 s[4:5], 0 offset:0x10',
    's_load_dword s0, s[4:5] offset:0x10',
    's_load_dword s0, s[4:5], 0x10 offset:0x10',
    's_atc_probe 1, s[4:5] offset:0x10',
  ];
  assertLinesAgree(lines, ['gfx900', 'gfx908', 'gfx90a', 'gfx942', 'gfx1010'], { verdicts: 'both' });
});

test('s_cbranch_join and s_cbranch_g_fork read registers, not labels (no undefined label in an otherwise valid file)', { skip }, () => {
  // Valid only: AMD558 (undefined label) is reported in a file without other errors.
  const valid = ['s_cbranch_join ttmp2', 's_cbranch_join s4', 's_cbranch_join vcc_lo', 's_cbranch_join exec_hi', 's_cbranch_join m0', 's_cbranch_g_fork s[4:5], s[6:7]', 's_cbranch_g_fork ttmp[2:3], vcc'];
  assertLinesAgree(valid, ['gfx600', 'gfx700', 'gfx803', 'gfx900']);
  const broken = [...valid, 's_cbranch_join 0', 's_cbranch_join s[4:5]', 's_cbranch_join ttmp[2:3]', 's_cbranch_g_fork s4, s[6:7]', 's_branch ttmp2'];
  assertLinesAgree(broken, ['gfx600', 'gfx803', 'gfx900'], { verdicts: 'both' });
});

test('gfx908 MFMA src2: AGPRs or a special source encoded as an inline value', { skip }, () => {
  const lines = [
    'v_mfma_f32_16x16x1f32 a[92:107], v249, a26, src_scc cbsz:3 abid:12 blgp:7',
    ...['src_scc', 'scc', 'src_vccz', 'execz', 'src_shared_base', 'shared_limit', 'src_private_base', 'private_limit', 'pops_exiting_wave_id', 'a[0:15]'].map((r) => `v_mfma_f32_16x16x1f32 a[0:15], v1, v2, ${r}`),
    'v_mfma_f32_4x4x1f32 a[0:3], v1, v2, src_scc',
    'v_mfma_f32_32x32x1f32 a[0:31], v1, v2, src_execz',
    // Broken: constants, SGPRs, the register special registers, lds_direct, a special source as src0/src1.
    ...['0', '1.0', 's0', 's[0:15]', 'vcc', 'exec', 'm0', 'ttmp0', 'src_lds_direct', 'lds_direct'].map((r) => `v_mfma_f32_16x16x1f32 a[0:15], v1, v2, ${r}`),
    'v_mfma_f32_16x16x1f32 a[0:15], src_scc, v2, a[0:15]',
    'v_mfma_f32_16x16x1f32 a[0:15], v1, src_vccz, a[0:15]',
  ];
  assertLinesAgree(lines, ['gfx908'], { verdicts: 'both' });
});

test('s_fmaak_f32 and s_fmamk_f32: a source may be a literal of K’s value', { skip }, () => {
  const lines = [
    's_fmaak_f32 s97, 0xbf20c1f9, s38, 0xbf20c1f9',
    's_fmamk_f32 s97, 0xbf20c1f9, 0xbf20c1f9, s38',
    's_fmaak_f32 s0, s1, 0x12345, 0x12345',
    's_fmamk_f32 s0, s1, 0x12345, 0x12345',
    's_fmaak_f32 s0, 0x12345, 0x12345, 0x12345',
    's_fmaak_f32 s97, 1.5, s38, 1.5',
    's_fmaak_f32 s97, 0x3fc00000, s38, 1.5',
    's_fmaak_f32 s97, 1.0, s38, 0x3f800000',
    's_fmaak_f32 s0, s1, s2, 0x12345',
    // Broken: two different literals, a symbol.
    's_fmaak_f32 s97, 0xbf20c1f9, s38, 0xbf20c1f8',
    's_fmamk_f32 s97, 0xbf20c1f9, 0xbf20c1f8, s38',
    's_fmaak_f32 s0, s1, 0x12346, 0x12345',
    's_fmamk_f32 s0, 0x12346, 0x12345, 0x12345',
    's_fmaak_f32 s0, x, s1, x',
    's_add_f32 s0, 0x12345, 0x12346',
  ];
  assertLinesAgree(lines, ['gfx1150', 'gfx1200', 'gfx1201'], { verdicts: 'both' });
});

test('the K of the f16 madak/madmk/fmaak/fmamk is 16 bits, that of the f32 ones single precision', { skip }, () => {
  const ks = ['0xffff', '0x10000', '-1', '-32768', '-32769', '0xffff0000', '0xfa047617', '0xde915e5b', '1.0', '0.1', '65504.0', '65520.0', '1e10', '0x7fff', '-0x8000', '1e-5', '6.103515625e-05', '5.960464477539063e-08'];
  const fma = ks.flatMap((k) => [`v_fmaak_f16 v0, v1, v2, ${k}`, `v_fmamk_f16 v0, v1, ${k}, v2`]);
  const f32 = ['1e-40', '1e40', '1e-45', '3.5e38', '1.5', '0x100000000', '-0x80000000'].flatMap((k) => [`v_fmaak_f32 v0, v1, v2, ${k}`, `v_fmamk_f32 v0, v1, ${k}, v2`]);
  assertLinesAgree(['v_fmaak_f16 v60, 47, v207, 0xfa047617', 'v_fmamk_f16 v5, -13, 0xde17014f, v6', ...fma, ...f32], ['gfx1030', 'gfx1100', 'gfx1200'], { verdicts: 'both' });
  const mad = ks.flatMap((k) => [`v_madak_f16 v0, v1, v2, ${k}`, `v_madmk_f16 v0, v1, ${k}, v2`]);
  assertLinesAgree([...mad, 'v_madak_f32 v0, v1, v2, 1e40', 'v_madmk_f32 v0, v1, 1e-40, v2', 'v_madak_f32 v0, v1, v2, 1e-30'], ['gfx803', 'gfx900', 'gfx90a'], { verdicts: 'both' });
  assertLinesAgree(['s_fmaak_f32 s0, s1, s2, 1e40', 's_fmaak_f32 s0, s1, s2, 1e-40', 's_fmamk_f32 s0, s1, 3.5e38, s2', 's_fmaak_f32 s0, s1, s2, 1e-30'], ['gfx1200'], { verdicts: 'both' });
});

test('a floating-point literal in a 16-bit float source: below 2^-14 only the exact subnormals', { skip }, () => {
  const ks = ['2.3509886e-38', '1.401298464324817e-45', '1e-40', '1e-10', '1e-5', '5.960464477539063e-08', '1.1920928955078125e-07', '6.103515625e-05', '6.1e-05', '3e-6', '-3e-6', '0.0', '1e-4'];
  const forms = ['v_add_f16 v0, K, v1', 'v_add_f16_e64 v0, K, v1', 'v_fma_f16 v0, K, v1, v2', 'v_cmp_eq_f16 vcc, K, v1', 'v_mul_f16_e64 v0, v1, K', 'v_max_f16 v0, -K, v1', 'v_sqrt_f16 v0, K'];
  const lines = forms.flatMap((f) => ks.map((k) => f.replace('K', k)));
  assertLinesAgree(lines, ['gfx803', 'gfx900', 'gfx1030', 'gfx1100', 'gfx1200'], { verdicts: 'both' });
});

test('the 64-bit float buffer atomics of GFX6-7 and GFX10 take idxen, offen (and addr64 on GFX6-7)', { skip }, () => {
  const lines = ['buffer_atomic_fmin_x2 v[175:176], v[176:177], s[92:95], ttmp9 idxen offen offset:3381'];
  for (const m of ['buffer_atomic_fmin_x2', 'buffer_atomic_fmax_x2', 'buffer_atomic_fcmpswap_x2']) {
    const d = m.endsWith('cmpswap_x2') ? 'v[0:3]' : 'v[0:1]';
    for (const a of ['v2, s[4:7], s8 idxen', 'v2, s[4:7], s8 offen', 'v[2:3], s[4:7], s8 idxen offen', 'v[2:3], s[4:7], s8 addr64', 'v2, s[4:7], s8 offen offset:4095 glc slc', 'off, s[4:7], s8 offset:4', 'v2, s[4:7], s8 offen glc slc dlc'])
      lines.push(`${m} ${d}, ${a}`);
    // Broken: tfe, lds, a repeated modifier, the address of the wrong size, idxen with addr64.
    for (const a of ['v2, s[4:7], s8 idxen tfe', 'v2, s[4:7], s8 offen lds', 'v2, s[4:7], s8 offen offen', 'v[2:3], s[4:7], s8 offen', 'v2, s[4:7], s8 idxen addr64', 'v2, s[4:7], s8 idxen offen'])
      lines.push(`${m} ${d}, ${a}`);
  }
  assertLinesAgree(lines, ['gfx600', 'gfx700', 'gfx1010', 'gfx1030'], { verdicts: 'both' });
});

test('GFX11-12 _e64_dpp forms take the op_sel (and v_dot2_f32_f16 the op_sel_hi, neg_lo, neg_hi) of their _e64 forms', { skip }, () => {
  const lines = [
    'v_minimum3_f16_e64_dpp v64, -|v49|, v231, -|v103| op_sel:[0,1,0,1] mul:2 dpp8:[2,2,2,4,2,4,3,7] fi:1',
    'v_maximum3_f16_e64_dpp v52, -v112, -v82, |ttmp3| op_sel:[0,0,1,0] dpp8:[4,5,0,1,2,1,5,6]',
    'v_maximumminimum_f16_e64_dpp v163, -v171, -|ttmp2|, |s4| op_sel:[1,1,1,1] div:2 dpp8:[2,0,2,0,5,6,7,5]',
  ];
  const three = ['v_add_i16', 'v_sub_i16', 'v_fmac_f16', 'v_cvt_pk_bf8_f32', 'v_cvt_pk_fp8_f32'];
  const four = ['v_dot2_f32_f16', 'v_max3_num_f16', 'v_maximum3_f16', 'v_maximumminimum_f16', 'v_med3_num_f16', 'v_min3_num_f16', 'v_minimum3_f16', 'v_minimummaximum_f16'];
  for (const m of [...three, ...four]) {
    const ops = three.includes(m) ? 'v1, v2, v3' : 'v1, v2, v3, v4';
    for (const os of ['op_sel:[0,0,0,0]', 'op_sel:[1,0,0,0]', 'op_sel:[0,0,0,1]', 'op_sel:[1,1,1,1]', 'op_sel:[0,1]'])
      lines.push(`${m}_e64_dpp ${ops} ${os} dpp8:[7,6,5,4,3,2,1,0]`, `${m}_e64_dpp ${ops} ${os} quad_perm:[0,1,2,3]`, `${m}_e64 ${ops} ${os}`);
    // Broken: a modifier of VOP3P only, a repeated op_sel.
    lines.push(`${m}_e64_dpp ${ops} op_sel:[0,0,0,0] op_sel:[0,0,0,0] quad_perm:[0,1,2,3]`);
    if (m !== 'v_dot2_f32_f16') lines.push(`${m}_e64_dpp ${ops} op_sel_hi:[0,0,0] quad_perm:[0,1,2,3]`);
  }
  for (const mod of ['op_sel_hi:[1,1,1]', 'neg_lo:[1,0,1]', 'neg_hi:[0,1,0]', 'op_sel:[1,0,0]', 'clamp', 'row_mask:0xf', 'bank_mask:0x3', 'bound_ctrl:1', 'fi:1'])
    lines.push(`v_dot2_f32_f16_e64_dpp v1, v2, v3, v4 ${mod} quad_perm:[0,1,2,3]`, `v_dot2_f32_f16_e64_dpp v1, v2, v3, v4 ${mod} dpp8:[0,1,2,3,4,5,6,7]`);
  assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { verdicts: 'both' });
  // GFX11: the GFX12 instructions are refused whole.
  assertLinesAgree(lines, ['gfx1100', 'gfx1150'], { verdicts: 'both' });
});

test('the SMEM offsets of the GFX9-10 atomics and s_dcache_discard: 21-bit signed, 20-bit unsigned for s_buffer_atomic_*', { skip }, () => {
  const lines: string[] = ['s_buffer_atomic_add_x2 s[70:71], s[100:103], s88 offset:-0x24393', 's_buffer_atomic_and_x2 s[38:39], ttmp[8:11], s41 offset:-0xf75d glc dlc'];
  for (const v of ['-1', '0xfffff', '0x100000', '-0x100000', '-0x100001', '0x1fffff', '0'])
    for (const f of ['s_buffer_atomic_add s0, s[0:3], V', 's_buffer_atomic_add s0, s[0:3], s5 offset:V', 's_atomic_add s0, s[0:1], V', 's_atomic_add s0, s[0:1], s5 offset:V', 's_atomic_cmpswap_x2 s[0:3], s[4:5], V glc', 's_atc_probe_buffer 0, s[0:3], V', 's_atc_probe 0, s[0:1], V', 's_dcache_discard s[0:1], V', 's_dcache_discard_x2 s[0:1], s5 offset:V', 's_buffer_atomic_cmpswap_x2 s[0:3], s[4:7], V'])
      lines.push(f.replace('V', v));
  assertLinesAgree(lines, ['gfx900', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030'], { verdicts: 'both' });
});

test('GFX12 buffer stores take no tfe (GFX12 generated sets list it)', { skip }, () => {
  const lines = ['buffer_store_b32 v1, off, s[0:3], null', 'buffer_store_b64 v[1:2], v0, s[0:3], s4 offen', 'tbuffer_store_format_x v1, off, s[0:3], null format:[BUF_FMT_32_FLOAT]', 'buffer_load_b32 v[1:2], off, s[0:3], null tfe', 'buffer_load_format_xyz v[1:4], off, s[0:3], null tfe'];
  for (const [m, d] of [['buffer_store_b32', 'v1'], ['buffer_store_b32', 'v[1:2]'], ['buffer_store_b64', 'v[1:3]'], ['buffer_store_b96', 'v[1:4]'], ['buffer_store_b8', 'v1'], ['buffer_store_d16_format_x', 'v[1:2]'], ['buffer_store_format_x', 'v1'], ['tbuffer_store_format_x', 'v[1:2]']] as const)
    lines.push(`${m} ${d}, off, s[0:3], null tfe`, `${m} ${d}, v0, s[0:3], s4 offen tfe`);
  assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { verdicts: 'both' });
});

test('GFX11 s_waitcnt_vmcnt/_expcnt/_lgkmcnt/_vscnt: the register is null (AMD560)', { skip }, () => {
  const lines = ['s_waitcnt_vmcnt vcc_hi, 0x6e7c', 's_waitcnt_expcnt exec_lo, 0xe150', 's_waitcnt_vmcnt null, 0x6e7c', 's_waitcnt_lgkmcnt null, 1', 's_waitcnt_vscnt null, 0x1'];
  for (const r of ['m0', 'vcc', 'vcc_lo', 'exec_hi', 'src_scc', 'src_vccz', 'ttmp0', 's0', '0', 'NULL', 'x']) lines.push(`s_waitcnt_vscnt ${r}, 0`, `s_waitcnt_lgkmcnt ${r}, 1`);
  assertLinesAgree(lines, ['gfx1030', 'gfx1100', 'gfx1150'], { verdicts: 'both' });
});

test('SMEM data: null up to two dwords (GFX10+)', { skip }, () => {
  const lines = [
    's_load_dwordx4 null, s[102:103], s97 offset:0x9ae00',
    ...['s_load_dword', 's_load_dwordx2', 's_load_dwordx4', 's_load_dwordx8', 's_store_dword', 's_store_dwordx2', 's_store_dwordx4', 's_atomic_swap_x2', 's_atomic_cmpswap_x2'].map((m) => `${m} null, s[0:1], 0`),
    ...['s_buffer_load_dword', 's_buffer_load_dwordx2', 's_buffer_load_dwordx8'].map((m) => `${m} null, s[0:3], 0`),
    's_load_dword m0, s[0:1], 0',
    's_load_dwordx2 exec, s[0:1], 0',
  ];
  assertLinesAgree(lines, ['gfx1010', 'gfx1030'], { verdicts: 'both' });
  const gfx11 = ['s_load_b32', 's_load_b64', 's_load_b96', 's_load_b128', 's_load_b256'].map((m) => `${m} null, s[0:1], 0`);
  assertLinesAgree([...gfx11, 's_buffer_load_b32 null, s[0:3], 0', 's_buffer_load_b128 null, s[0:3], 0'], ['gfx1100', 'gfx1200'], { verdicts: 'both' });
});

test('MUBUF and MTBUF stores take no tfe, the unverified forms too (AMD561)', { skip }, () => {
  const lines = [
    'buffer_store_format_xyz v[82:85], off, s[36:39], s60 offset:125 dlc tfe',
    'buffer_store_format_xyz v[82:84], off, s[36:39], s60 offset:125 dlc',
    'buffer_store_format_d16_xyz v[24:27], v128, s[76:79], 0 idxen offset:571 slc tfe',
    'buffer_store_dword v1, off, s[0:3], 0 tfe',
    'buffer_store_dword v1, off, s[0:3], 0',
    'buffer_load_format_xyz v[1:4], off, s[0:3], 0 tfe',
    'tbuffer_store_format_xyz v[1:4], off, s[0:3], 0 format:[BUF_FMT_32_FLOAT] tfe',
    'buffer_store_format_xyz v[1:3], off, s[0:3], 0 TFE',
    'buffer_store_format_xyz v[1:3], off, s[0:3], 0 tfe',
  ];
  assertLinesAgree(lines, ['gfx1030', 'gfx1100', 'gfx1150'], { verdicts: 'both' });
  // gfx803's d16 data is unpacked: three dwords for xyz, four with tfe.
  assertLinesAgree(['buffer_store_format_d16_xyz v[24:27], v128, s[76:79], 0 idxen offset:571 slc tfe', 'buffer_store_format_d16_xyz v[24:26], v128, s[76:79], 0 idxen offset:571 slc', 'buffer_load_format_d16_xyz v[24:27], v128, s[76:79], 0 idxen tfe', 'buffer_store_format_d16_xy v[24:26], v128, s[76:79], 0 idxen tfe'], ['gfx803'], { verdicts: 'both' });
});

test('GFX8 v_mac_f32/v_mac_f16 SDWA: dst_sel is DWORD or absent (the destination is also src2)', { skip }, () => {
  const lines = [
    // From the review's seed-9 sweep (refused by llvm-mc-19).
    'v_mac_f32_sdwa v76, v119, |v148| dst_sel:BYTE_3 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:BYTE_0',
    'v_mac_f16_sdwa v72, |v30|, |v239| dst_sel:BYTE_3 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0',
    'v_mac_f32_sdwa v33, -|v118|, |v61| clamp dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_3',
    'v_mac_f16_sdwa v171, -v73, -v89 clamp dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD',
    'v_mac_f32 v76, v119, v148 dst_sel:WORD_1',
    'v_mac_f16 v1, v2, v3 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE',
    // Taken: dst_sel:DWORD or none, any dst_unused and source selects.
    'v_mac_f32_sdwa v76, v119, v148 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:BYTE_0',
    'v_mac_f32_sdwa v76, v119, v148 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:BYTE_0',
    'v_mac_f16_sdwa v1, -v2, |v3| clamp dst_sel:DWORD dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:WORD_0',
    'v_mac_f32_sdwa v76, v119, v148 src0_sel:BYTE_0 src1_sel:BYTE_0',
    'v_mac_f32 v76, v119, v148 dst_sel:DWORD',
    'v_mac_f16 v76, v119, v148 src0_sel:WORD_1',
    // Other VOP2 SDWA instructions take any dst_sel.
    'v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD',
    'v_mul_f16_sdwa v1, v2, v3 dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:DWORD',
  ];
  assertLinesAgree(lines, ['gfx803'], { verdicts: 'both' });
  // GFX9 on: no SDWA form of v_mac (refused whatever dst_sel); the other VOP2 SDWA lines taken.
  assertLinesAgree([...lines.slice(0, 4), ...lines.slice(-2)], ['gfx900', 'gfx1010'], { verdicts: 'both' });
});

test('gfx940-942 dot products take no op_sel bit (gfx90a and GFX10 do)', { skip }, () => {
  const lines = [
    // From the review's seed-9 sweep (refused by llvm-mc-19 on gfx942).
    'v_dot4_u32_u8 v128, src_scc, v152, v3 op_sel:[1,1,1] neg_lo:[0,0,1] neg_hi:[1,1,1]',
    'v_dot8_u32_u4 v250, v177, v165, -2 op_sel:[1,1,1] neg_lo:[0,1,0] neg_hi:[1,0,1]',
    'v_dot8_i32_i4 v220, v81, v139, v252 op_sel:[0,0,1] neg_lo:[1,0,1] neg_hi:[1,1,0] clamp',
    'v_dot2_u32_u16 v174, v141, v49, v180 op_sel:[0,1,1] neg_lo:[1,0,1] clamp',
    'v_dot4_i32_i8 v1, v2, v3, v4 op_sel:[1,0,0]',
    'v_dot2_f32_f16 v1, v2, v3, v4 op_sel:[0,1,0]',
    'v_dot2_i32_i16 v1, v2, v3, v4 op_sel:[1]',
    // Taken: op_sel of zeros or none, neg_lo/neg_hi; other VOP3P instructions keep their op_sel.
    'v_dot4_u32_u8 v128, v1, v152, v3 op_sel:[0,0,0]',
    'v_dot2_f32_f16 v1, v2, v3, v4 op_sel:[0,0]',
    'v_dot4_u32_u8 v128, v1, v152, v3 neg_lo:[0,0,1] neg_hi:[1,0,0]',
    'v_dot2_f32_f16 v1, v2, v3, v4 neg_lo:[1,1,0] clamp',
    'v_dot2c_f32_f16 v1, v2, v3',
    'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] op_sel:[1,0,0]',
    'v_pk_add_f16 v1, v2, v3 op_sel:[1,1]',
  ];
  assertLinesAgree(lines, ['gfx940', 'gfx942'], { verdicts: 'both' });
  // gfx90a takes every line (the op_sel bits included).
  assertLinesAgree(lines, ['gfx90a']);
});

test('v_movreld/v_movrels/v_movrelsd read M0 through the constant bus (GFX6-8: no other scalar source)', { skip }, () => {
  const lines = [
    // From the review's seed-9 sweep (refused by llvm-mc-19 on gfx600-gfx803).
    'v_movreld_b32_e32 v168, src_scc',
    'v_movreld_b32 v1, vcc_lo',
    'v_movreld_b32 v1, exec_lo',
    'v_movreld_b32 v1, scc',
    'v_movreld_b32 v1, src_vccz',
    'v_movreld_b32_e64 v1, src_execz',
    'v_movrels_b32_e64 v1, exec_hi',
    'v_movreld_b32 v1, s0',
    'v_movreld_b32 v1, 0x1234',
    // Taken: a VGPR, an inline constant, lds_direct, M0 itself.
    'v_movreld_b32 v1, m0',
    'v_movreld_b32_e64 v1, m0',
    'v_movreld_b32 v1, 1',
    'v_movreld_b32 v1, src_lds_direct',
    'v_movrels_b32 v1, v2',
    'v_movrelsd_b32 v1, v2',
  ];
  assertLinesAgree(lines, ['gfx600', 'gfx700', 'gfx803'], { verdicts: 'both' });
  // GFX10 allows two scalar values: M0 and one more (the literal too).
  assertLinesAgree(lines, ['gfx1010', 'gfx1030']);
});

test('lds_direct under a source modifier is still lds_direct (src0 only, no SDWA, no subrev, 32 bits)', { skip }, () => {
  const lines = [
    // From the review's seed-9 sweep (refused by llvm-mc-19: "lds_direct may be used as src0 only").
    'v_div_scale_f32 v207, s[96:97], -tba_lo, v249, -src_lds_direct clamp',
    'v_div_scale_f32 v207, vcc, v1, v249, -src_lds_direct',
    'v_fma_f32 v1, v2, v3, -src_lds_direct',
    'v_fma_f32 v1, v2, |lds_direct|, v3',
    'v_fma_f32 v1, v2, -|lds_direct|, v3',
    'v_fma_f32 v1, v2, v3, neg(src_lds_direct)',
    'v_fma_f32 v1, v2, v3, abs(src_lds_direct)',
    'v_fma_f32 v1, v2, v3, sext(lds_direct)',
    'v_add_f32 v1, v2, -lds_direct',
    'v_subrev_f32 v1, -lds_direct, v2',
    'v_mov_b32_sdwa v1, -lds_direct',
    'v_fma_f64 v[1:2], -lds_direct, v[2:3], v[4:5]',
    // Taken: src0, with or without its modifiers.
    'v_fma_f32 v1, -src_lds_direct, v2, v3',
    'v_fma_f32 v1, |lds_direct|, v2, v3',
    'v_fma_f32 v1, -|lds_direct|, v2, v3',
    'v_fma_f32 v1, neg(lds_direct), v2, v3',
    'v_add_f32 v1, -lds_direct, v2',
    'v_div_scale_f32 v207, s[96:97], src_lds_direct, v249, v1',
  ];
  assertLinesAgree(lines, ['gfx600', 'gfx803', 'gfx900'], { verdicts: 'both' });
});

test('literals compared by the dword they encode, not by their spelling (merge review sweep: vop3-literal.s)', { skip }, () => {
  const lines = [
    // From llvm-mc-tests/vop3-literal.s (its wave64 RUN line is one the MC-test sweep leaves out).
    'v_ldexp_f64 v[5:6], 0.12345, 0x3fbf9a6b',
    'v_fma_f32 v0, 1.5e3, 1.5E3, v1',
    'v_fma_f32 v0, 1.5e3, 1500.0, v1',
    'v_fma_f32 v0, 1.5e3, 0x44bb8000, v1',
    'v_fma_f16 v0, 0x58b0, 1.5e2, v1',
    'v_fma_f16 v0, -4660, 0xedcc, v1',
    'v_pk_fma_f16 v0, 0x3e00, 1.5, v1',
    'v_fma_f64 v[0:1], 1.5, 0x3ff80000, v[2:3]',
    'v_add_nc_u32_e64 v0, -1234567, 0xffed2979',
    'v_add_nc_u32_e64 v0, 1.5, 0x3fc00000',
    'v_add_nc_u16 v0, -4660, 0xedcc',
    'v_bfi_b32 v0, 0xffff0000, -65536, v1',
    'v_fmaak_f32 v0, 1.5e3, v1, 0x44bb8000',
    // Broken: two values.
    'v_fma_f32 v0, 1.5, 1.5000001, v1',
    'v_fma_f32 v0, 1.5, 0x3fc00001, v1',
    'v_fma_f64 v[0:1], 1.5, 0x3ff80001, v[2:3]',
    'v_add_nc_u16 v0, 1.5, 0x3e00',
    'v_fma_f16 v0, 0x3e01, 1.5, v1',
    'v_fmaak_f32 v0, 1.5e3, v1, 0x44bb8001',
  ];
  assertLinesAgree(lines, ['gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both' });
  assertLinesAgree(['v_dual_mov_b32 v0, 1.5e3 :: v_dual_mov_b32 v1, 1500.0', 'v_dual_mov_b32 v0, 1.5e3 :: v_dual_mov_b32 v1, 0x44bb8000', 'v_dual_mov_b32 v0, 1.5e3 :: v_dual_mov_b32 v1, 0x44bb8001'], ['gfx1100', 'gfx1201'], { verdicts: 'both' });
});

test('the constant bus counts registers, not spellings: s0, s[0] and s[0:0] are one (merge review sweep)', { skip }, () => {
  const lines = [
    'v_fma_f32 v0, s0, s[0], v1',
    'v_fma_f32 v0, s1, s[1:1], v1',
    'v_fma_f32 v0, s[2], -s2, v1',
    'v_fma_f32 v0, ttmp0, ttmp[0], v1',
    'v_mad_u32_u24 v0, s5, s[5], v1',
    // Broken: two registers.
    'v_fma_f32 v0, s0, s[1], v1',
    'v_fma_f32 v0, s[2:2], s3, v1',
    'v_fma_f32 v0, ttmp0, ttmp[1], v1',
  ];
  assertLinesAgree(lines, ['gfx803', 'gfx900', 'gfx90a'], { verdicts: 'both' });
  assertLinesAgree(['v_div_fmas_f32 v0, s0, s[0:0], v2', 'v_div_fmas_f32 v0, s0, s[1:1], v2'], ['gfx1030'], { verdicts: 'both' });
});
