/**
 * Session 22 (amdmiss11): misses found by the mutation sweep of session 21 re-run (clang output and
 * LLVM MC tests, seven processors). Each rule: the expected error under its input lines (no tool
 * needed), then a matrix judged line by line against llvm-mc-19 (skipped with a printed reason
 * without it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;

const ALL = ['gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1201'];

test('v_writelane_b32 before GFX10: one scalar value, an m0 lane select apart: expected errors', () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a', 'gfx942']) {
    expectErrors(cpu, [
      ['v_writelane_b32 v5, s3, s12', 'AMD508 25 invalid operand (violates constant bus restrictions)'],
      ['v_writelane_b32 v5, m0, s3', 'AMD508'],
      ['v_writelane_b32 v5, s3, vcc_lo', 'AMD508'],
      ['v_writelane_b32 v5, s3, 65', 'AMD5'],
      ['v_writelane_b32 v5, s3, m0', ''],
      ['v_writelane_b32 v5, s3, s3', ''],
      ['v_writelane_b32 v5, exec_lo, m0', ''],
      ['v_writelane_b32 v5, 1, s3', ''],
    ]);
  }
  expectErrors('gfx1030', [['v_writelane_b32 v5, s3, s12', ''], ['v_writelane_b32 v5, m0, s3', '']]);
});

test('v_writelane_b32: scalar sources, lane selects and constants', { skip }, () => {
  const srcs = ['s3', 'm0', 'vcc_lo', 'exec_lo', 'ttmp1', 'src_scc', 'flat_scratch_lo', '1', '-1', '0.5', '64', '65', '-17', '0x3c00', '0x1234', 'lds_direct'];
  const lines: string[] = [];
  for (const a of srcs) for (const b of srcs) lines.push(`v_writelane_b32 v5, ${a}, ${b}`);
  lines.push('v_writelane_b32 v5, s3, s[3:3]', 'v_writelane_b32 v5, m0, m0', 'v_readlane_b32 s5, v3, s12', 'v_readlane_b32 s5, v3, m0');
  assertLinesAgree(lines, ['gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100'], { verdicts: 'both' });
});

test('MFMA forms the table could not verify; GFX11+ v_interp_p2_f32_e64: expected errors', () => {
  expectErrors('gfx942', [
    ['v_mfma_f32_32x32x8f16_e32 v[0:15], v[32:33], v[26:27], v[0:15]', 'AMD502'],
    ['v_mfma_f32_32x32x8f16_sdwa v[0:15], v[32:33], v[26:27], v[0:15]', 'AMD502'],
    ['v_mfma_f32_32x32x8f16 v[0:15], s[32:33], v[26:27], v[0:15]', 'AMD505 32'],
    ['v_mfma_f32_32x32x8f16 v[0:15], v[32:33], v[26:27], neg(1.0)', 'AMD507 52'],
    ['v_mfma_f32_32x32x1f32 acc[0:31], vcc_lo, acc1, acc[32:63]', 'AMD505 34'],
    ['v_mfma_f32_32x32x4bf16_e64 a[0:31], v32, v26, a[0:31]', 'AMD506 37'],
    ['v_mfma_f32_32x32x8f16 v[0:15], v[32:33], v[26:27], v[0:15]', ''],
    ['v_mfma_f32_32x32x4bf16_e64 v[0:31], v[32:33], v[26:27], v[0:31]', ''],
  ]);
  expectErrors('gfx90a', [['v_mfma_f32_32x32x4bf16 a[0:31], v32, v26, a[0:31]', 'AMD506']]);
  expectErrors('gfx1100', [
    ['v_interp_p2_f32 v2, v1, attr0.x', 'AMD503'],
    ['v_interp_p2_f32 v0, 1, v2, v3', 'AMD505 21'],
    ['v_interp_p2_f32_e64 v0, v1, v2', 'AMD503'],
    ['v_interp_p2_f32_e64 v0, v1, v2, v3 wait_exp:1', ''],
  ]);
});

test('MFMA of the forms the table could not verify, every spelling (gfx908, gfx90a, gfx942)', { skip }, () => {
  for (const cpu of ['gfx908', 'gfx90a', 'gfx942']) {
    const lines: string[] = [];
    const reg = (p: string, n: number, at: number) => (n === 1 ? `${p}${at}` : `${p}[${at}:${at + n - 1}]`);
    for (const m of mnemonicsFor(cpu)) {
      const r = lookupInstruction(m, cpu);
      if (r.status !== 'found' || r.forms[0]!.family !== 'MFMA' || r.forms.every((f) => f.verified)) continue;
      const v = r.forms.find((f) => f.verified)!;
      const o = v.operands;
      for (const sfx of ['', '_e32', '_e64', '_sdwa', '_dpp', '_e64_dpp'])
        for (const p of ['v', 'a'])
          for (const extra of ['', ' cbsz:1', ' blgp:1']) {
            lines.push(`${m}${sfx} ${reg(p, o[0]!.size, 0)}, ${reg('v', o[1]!.size, 64)}, ${reg('v', o[2]!.size, 70)}, ${reg(p, o[3]!.size, 0)}${extra}`);
            lines.push(`${m}${sfx} ${reg(p, o[0]!.size, 0)}, v64, v70, ${reg(p, o[3]!.size, 0)}${extra}`);
          }
      lines.push(`${m} ${reg('a', o[0]!.size, 0)}, s[2:3], v[70:71], ${reg('a', o[3]!.size, 0)}`, `${m} ${reg('a', o[0]!.size, 0)}, v[64:65], v[70:71], neg(1.0)`);
    }
    assert.ok(lines.length > 0, `${cpu}: MFMA instructions with unverified forms`);
    assertLinesAgree(lines, [cpu], { verdicts: 'both' });
  }
});

test('VINTERP and the GFX11-12 LDS direct loads: modifier order, wait counts', { skip }, () => {
  const lines: string[] = [];
  const mods = ['clamp', 'op_sel:[0,0,0,0]', 'wait_exp:1'];
  for (const a of mods) for (const b of mods) if (a !== b) lines.push(`v_interp_p10_f16_f32 v0, v1, v2, v3 ${a} ${b}`);
  lines.push('v_interp_p10_f16_f32 v0, v1, v2, v3 clamp op_sel:[0,0,0,0] wait_exp:1', 'v_interp_p10_f16_f32 v0, v1, v2, v3 wait_exp:1 op_sel:[0,0,0,0] clamp');
  for (const v of ['-1', '0', '1', '2', '7', '8', '15', '16', '0x7', 'k']) {
    lines.push(`v_interp_p10_f32 v0, v1, v2, v3 wait_exp:${v}`, `v_interp_p2_f32 v0, v1, v2, v3 wait_exp:${v} clamp`, `v_interp_p2_f32 v0, v1, v2, v3 clamp wait_exp:${v}`);
    lines.push(`lds_direct_load v1 wait_vdst:${v}`, `lds_param_load v1, attr0.x wait_vdst:${v}`);
  }
  assertLinesAgree(lines, ['gfx1100'], { verdicts: 'both' });
  const ds: string[] = [];
  for (const v of ['-1', '0', '1', '2', '15', '16']) ds.push(`ds_direct_load v1 wait_va_vdst:${v}`, `ds_param_load v1, attr0.x wait_vm_vsrc:${v}`, `ds_param_load v1, attr0.x wait_vdst:${v}`, `ds_direct_load v1 wait_vdst:${v}`);
  ds.push('ds_param_load v1, attr0.x wait_va_vdst:1 wait_vm_vsrc:1', 'ds_param_load v1, attr0.x wait_vm_vsrc:1 wait_va_vdst:1', 'ds_direct_load v1 wait_vm_vsrc:0 wait_va_vdst:3');
  const interp: string[] = [];
  for (const x of ['v2, v1, attr0.x', 'v0, v1, v2, v3', 'v0, 1, v2, v3', 'v0, v1, 1.0, v3', 'v0, v1, v2, s3', 'v0, -v1, v2, |v3|', 'v0, v1, v2']) interp.push(`v_interp_p2_f32 ${x}`, `v_interp_p2_f32_e64 ${x}`);
  assertLinesAgree([...ds, ...interp], ['gfx1201'], { verdicts: 'both' });
  assertLinesAgree(interp, ['gfx1100', 'gfx1030'], { verdicts: 'both' });
});

test('omod values, numeric modifiers of unknown value: expected errors', () => {
  expectErrors('gfx900', [
    ['v_add_f32_e64 v1, v2, v3 mul:3', 'AMD543 30 invalid mul value.'],
    ['v_add_f32_e64 v1, v2, v3 div:4', 'AMD543 30 invalid div value.'],
    ['v_add_f32_e64 v1, v2, v3 mul:4', ''],
    ['buffer_load_dword v1, off, s[4:7], s1 offset:i1+4', 'AMD565 46 expected absolute expression'],
    ['v_pk_add_u16 v1, v2, v3 op_sel:[2-i1,i1-1]', 'AMD565 33 expected absolute expression'],
    ['ds_write2_b32 v1, v2, v3 offset0:1 offset1:j1', 'AMD565 44'],
    ['tbuffer_load_format_x v1, off, s[4:7], s1 format:BUF_DATA_FORMAT_32', 'AMD565'],
    ['buffer_load_dword v1, off, s[4:7], s1 offset:(1+2)', ''],
  ]);
});

test('numeric modifiers: values known or not where they are written', { skip }, () => {
  const lines = [
    'buffer_load_dword v1, off, s[4:7], s1 offset:i1+4', 'buffer_load_dword v1, off, s[4:7], s1 offset:.', 'v_pk_add_u16 v1, v2, v3 op_sel:[2-i1,i1-1]',
    'v_pk_add_u16 v1, v2, v3 op_sel_hi:[j1,0]', 'v_pk_add_f16 v1, v2, v3 neg_lo:[j1,0]', 'v_pk_add_f16 v1, v2, v3 neg_hi:[0,j1]',
    'ds_write2_b32 v1, v2, v3 offset0:j1 offset1:2', 'ds_write_b32 v1, v2 offset:j1', 'global_load_dword v1, v[2:3], off offset:j1',
    'image_load v[0:3], v[4:7], s[8:15] dmask:j1 unorm', 'tbuffer_load_format_x v1, off, s[4:7], dfmt:j1, nfmt:2, s1',
    'tbuffer_load_format_x v1, off, s[4:7], s1 format:j1', 'tbuffer_load_format_x v1, off, s[4:7], s1 format:BUF_DATA_FORMAT_32',
    'tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]', 'v_add_f32_e64 v1, v2, v3 mul:j1', 'v_mad_mix_f32 v1, v2, v3, v4 op_sel:[j1,0,0]',
    'ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3)', 'buffer_load_dword v1, off, s[4:7], s1 offset:(1+2)', 'buffer_load_dword v1, off, s[4:7], s1 offset:-1+5',
    'buffer_atomic_inc v1, off, s[8:11], i1+1 glc', 'buffer_load_dword v1, off, s[4:7], j1',
    'i1=1', 'j1=4', 'buffer_load_dword v1, off, s[4:7], s1 offset:i1+4', 'v_pk_add_u16 v1, v2, v3 op_sel:[2-i1,i1-1]', 'buffer_atomic_inc v1, off, s[8:11], i1+1 glc',
    'ds_write2_b32 v1, v2, v3 offset0:j1 offset1:2', 'v_add_f32_e64 v1, v2, v3 mul:j1', 'v_add_f32_e64 v1, v2, v3 div:j1', 'k1=k2', 'buffer_load_dword v1, off, s[4:7], s1 offset:k1',
  ];
  for (const m of ['mul', 'div']) for (const v of ['-1', '0', '1', '2', '3', '4', '8', '0x2', '2.0']) lines.push(`v_add_f32_e64 v1, v2, v3 ${m}:${v}`, `v_cvt_f32_u32_e64 v5, s1 ${m}:${v}`);
  assertLinesAgree(lines, ['gfx803', 'gfx900', 'gfx90a'], { verdicts: 'both' });
  // (GFX10+: `dfmt:` is no modifier and `format:[BUF_DATA_FORMAT_32]` an "unsupported format", a miss older than this session.)
  assertLinesAgree(lines, ['gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both', countMiss: (l) => !l.includes('format:[') });
});

test('MUBUF/MTBUF soffset: one SGPR, 32-bit inline constants: expected errors', () => {
  expectErrors('gfx900', [
    ['buffer_load_dword v1, off, s[0:3], 0x3c00 offset:4', 'AMD505 36 invalid operand for instruction'],
    ['buffer_store_dword v1, off, s[0:3], 65535', 'AMD505 37'],
    ['buffer_load_dword v1, off, s[0:3], s[32:33] offset:4', 'AMD506 36'],
    ['buffer_store_dword v1, off, s[0:3], vcc', 'AMD50'],
    ['buffer_load_dword v1, off, s[0:3], 0x3f000000 offset:4', ''],
    ['buffer_load_dword v1, off, s[0:3], 0.5 offset:4', ''],
  ]);
});

test('MUBUF/MTBUF soffset: registers, special registers, constants', { skip }, () => {
  const lines: string[] = [];
  const vals = ['0x3c00', '0x3118', '0xffff', '65535', '0x3800', '0xbc00', 'vcc', 'exec', 'vcc_lo', 'exec_lo', 'm0', 'S1', 'V1', 's[32:33]', 's1', 'ttmp1', '1', '-1', '64', '65',
    '-16', '-17', '0.5', '1.0', '-4.0', '0x3f000000', '0x3e22f983', '0xc0800000', '0xffffffff', '0xfffffff0', 'src_scc', 'null', 'off', 'flat_scratch_lo', 'tba_lo'];
  for (const s of vals) lines.push(`buffer_load_dword v1, off, s[0:3], ${s} offset:4`, `buffer_store_dword v1, off, s[0:3], ${s}`, `tbuffer_load_format_x v1, off, s[0:3], ${s}`, `buffer_load_format_d16_x v1, off, s[0:3], ${s}`);
  assertLinesAgree(lines, ['gfx700', 'gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both' });
});

test('e32, SDWA and DPP vcc positions take vcc (vcc_lo): expected errors', () => {
  expectErrors('gfx1100', [
    ['v_add_co_ci_u32_e32 v10, exec_lo, v7, v17, vcc_lo', 'AMD505 26'],
    ['v_add_co_ci_u32_e32 v10, vcc_lo, v7, v17, null', 'AMD505 43'],
    ['v_cndmask_b32_e32 v18, v23, v18, exec_lo', 'AMD505 34'],
    ['v_cmp_eq_u32_e32 null, v1, v2', 'AMD505 18'],
    ['v_add_co_ci_u32_e32 v10, vcc_lo, v7, v17, vcc_lo', ''],
  ]);
  expectErrors('gfx900', [['v_add_co_u32_e32 v8, exec, v8, v14', 'AMD505 22'], ['v_cmp_eq_u32_e32 flat_scratch, v1, v2', 'AMD505'], ['v_cmp_eq_u32_sdwa exec, v1, v2', '']]);
});

test('e32, SDWA and DPP vcc positions', { skip }, () => {
  const regs = ['vcc', 'vcc_lo', 'vcc_hi', 'exec', 'exec_lo', 'null', 'm0', 's0', 's[0:1]', 'flat_scratch', 'ttmp[0:1]', 'VCC'];
  const insts = ['v_add_co_ci_u32_e32 v10, R, v7, v17, vcc_lo', 'v_add_co_ci_u32_e32 v10, vcc_lo, v7, v17, R', 'v_add_co_ci_u32_e32 v10, vcc, v7, v17, R', 'v_sub_co_ci_u32_e32 v10, R, v7, v17, vcc_lo',
    'v_cndmask_b32_e32 v18, v23, v18, R', 'v_cmp_eq_u32_e32 R, v1, v2', 'v_cmpx_eq_u32_e32 R, v1, v2', 'v_add_co_u32_e32 v8, R, v8, v14', 'v_addc_co_u32_e32 v8, vcc, v8, v14, R',
    'v_add_co_u32_sdwa v8, R, v8, v14', 'v_cmp_eq_u32_sdwa R, v1, v2', 'v_cndmask_b32_sdwa v1, v2, v3, R', 'v_add_co_ci_u32_dpp v1, R, v2, v3, vcc_lo quad_perm:[0,1,2,3]',
    'v_cndmask_b32_dpp v1, v2, v3, R quad_perm:[0,1,2,3]', 'v_cndmask_b32_e64 v1, v2, v3, R', 'v_add_co_u32_e64 v8, R, v8, v14'];
  const lines: string[] = [];
  for (const t of insts) for (const r of regs) lines.push(t.replace('R', r));
  assertLinesAgree(lines, ['gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both' });
  assertLinesAgree(lines, ['gfx1030', 'gfx1100'], { verdicts: 'both', mattr: '+wavefrontsize64', label: 'wave64' });
});

test('source modifiers nested: expected errors', () => {
  expectErrors('gfx900', [
    ['v_fma_f32 v7, |-v7|, v16, v9', 'AMD566 16 failed parsing operand'],
    ['v_fma_f32 v8, abs(-v6), v6, v4', 'AMD566 19 failed parsing operand'],
    ['v_fma_f32 v14, neg(-v11), v9, v7', 'AMD566 20 failed parsing operand'],
    ['v_ceil_f32 v0, -neg(1.0)', 'AMD566 16 not a valid operand'],
    ['v_ceil_f64 v[0:1], -|neg(1)|', 'AMD566 22'],
    ['v_fma_f32 v14, neg(|v11|), v9, v7', ''],
    ['v_fma_f32 v14, -abs(v11), v9, v7', ''],
    ['v_ceil_f32 v0, -|-1|', ''],
    ['v_ceil_f32 v0, neg(-1.0)', ''],
  ]);
});

test('source modifiers nested, at VALU sources of each kind', { skip }, () => {
  const insts = ['v_ceil_f32 v0, X', 'v_ceil_f32_e32 v0, X', 'v_mov_b32 v0, X', 'v_mov_b32_e64 v0, X', 'v_add_u32 v0, X, v2', 'v_add_u32_e64 v0, X, v2', 'v_and_b32 v0, X, v2',
    'v_add_f32_sdwa v0, X, v2', 'v_add_f32_dpp v0, X, v2 quad_perm:[0,1,2,3]', 'v_pk_add_f16 v0, X, v2', 'v_fma_f64 v[0:1], X, v[2:3], v[2:3]', 'v_cvt_f32_i32_e64 v0, X',
    'v_fma_f32 v1, v2, X, v3', 'v_cmp_eq_f32_e64 vcc, v0, X', 'v_dual_mov_b32 v12, X :: v_dual_add_f32 v11, 1.0, v2'];
  const xs = ['|-v1|', 'abs(-v1)', 'neg(-v1)', 'abs(neg(v1))', '|neg(v1)|', 'neg(neg(v1))', '-neg(v1)', '-neg(1.0)', 'neg(-1)', '|-1|', '-|-1|', 'abs(abs(v1))',
    'neg(-abs(v1))', '-|neg(1)|', 'abs(|v1|)', '|abs(v1)|', '-abs(-v1)', 'neg(|v1|)', 'neg(abs(v1))', '-|v1|', '-abs(v1)', '|sext(v1)|', 'neg(sext(v1))', '-|-abs(0x3e22f983)|'];
  const lines: string[] = [];
  for (const t of insts) for (const x of xs) lines.push(t.replace('X', x));
  // (Left: `--1` at a source that takes `-`, "invalid syntax, expected 'neg' modifier".)
  assertLinesAgree(lines.filter((l) => !l.startsWith('v_dual')), ['gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1201'], { verdicts: 'both' });
  assertLinesAgree(lines, ['gfx1100'], { verdicts: 'both' });
});
