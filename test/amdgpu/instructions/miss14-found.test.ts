/**
 * Session 25 (amdmiss14): misses found by the mutation sweep (fresh seeds 11, 12; 9, 10 again) and
 * the groups session 24 left. Each rule: the expected error under its input lines (no tool
 * needed), then a matrix judged line by line against llvm-mc-19 (skipped with a printed reason
 * without it). The matrices are written from the instruction table, not from llvm-mc's answers.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor, type FormSpec } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;
const reg = (n: number, at: number) => (n === 1 ? `v${at}` : `v[${at}:${at + n - 1}]`);

/** The VALU mnemonics on `cpu` the table finds, with their forms (the matrices below start from these). */
function* valuMnemonics(cpu: string): Generator<[string, readonly FormSpec[]]> {
  for (const m of mnemonicsFor(cpu)) {
    if (!m.startsWith('v_')) continue;
    const r = lookupInstruction(m, cpu);
    if (r.status === 'found') yield [m, r.forms];
  }
}

/** A form's operands as registers: a compare's destination `vcc_lo` (`vcc` where `wave64`), others VGPRs by size. */
function registerOperands(f: FormSpec, wave64: boolean): string[] {
  return f.operands.map((o, i) => (o.kind === 'sdst' || o.kind === 'vcc' ? (o.size === 1 && !wave64 ? 'vcc_lo' : 'vcc') : reg(o.size, 2 * i + 10)));
}

test('GFX10+: an integer inline under another size is a literal in its source: expected errors', () => {
  for (const cpu of ['gfx1030', 'gfx1100', 'gfx1201']) {
    expectErrors(cpu, [
      ['v_fma_f64 v[6:7], v[6:7], 0x3c00, 0x3fe80000', 'AMD510'],
      ['v_fma_f64 v[6:7], v[6:7], 0x3f800000, 0x3fe80000', 'AMD510'],
      ['v_add_f64 v[1:2], 0x3c00, 1.5', 'AMD510'],
      ['v_lshlrev_b64 v[5:6], s0, 0x3c00', 'AMD508'],
      ['v_mad_u64_u32 v[1:2], null, s15, s4, 0x3118', 'AMD508'],
      ['v_min3_i16 v5, 0xfe0b, 0x3118, v3', 'AMD510'],
      ['v_add_nc_u16 v5, 0x1234, 0xffff', 'AMD510'],
      ['v_pk_add_u16 v3, 0x19000320, 0x3c00', 'AMD510'],
      ['v_pk_add_f16 v5, 0xffff, 0x3f717273', 'AMD510'],
      ['v_dot2_f32_f16 v10, s1, s5, 0x3c00', 'AMD508'],
      ['v_sad_u16 v10, 0x3c00, 0x1234, v16', 'AMD510'],
      ['v_cmp_class_f16_e64 vcc_lo, 0x1234, 0x3c00', 'AMD510'],
      ['v_fma_f64 v[6:7], v[6:7], 0x3c00, v[2:3]', ''],
      ['v_fma_f64 v[6:7], v[6:7], 0x3ff00000, 0x3fe80000', ''],
      ['v_add_f64 v[1:2], 0x3c00, 0x3c00', ''],
      ['v_add_nc_u16 v5, 0x1234, 64', ''],
      ['v_ldexp_f16 v10, 0x1234, 0x3c00', ''],
      ['v_pack_b32_f16 v10, 0x3c00, 0x1234', ''],
      ['v_cvt_pknorm_i16_f16 v10, 0x1234, 0x3118', ''],
      ['v_pk_add_f16 v5, 0x3c00, 0x1234', ''],
    ]);
  }
});

/** VOP3/VOP3P lines (GFX10+): a narrow-inline integer in one source, beside a distinct literal, the same value or SGPRs. */
function typedInlineMatrix(cpu: string, every: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const [m, forms] of valuMnemonics(cpu)) {
    const f = forms.find((g) => g.verified && (g.family === 'VOP3' || g.family === 'VOP3P') && (g.form === 'e64' || g.form === ''));
    // (Every mnemonic with a 16-bit or 64-bit type, every `every`th of the others.)
    if (!f || (!/16|64/.test(m) && n++ % every)) continue;
    const name = f.form === 'e64' ? `${m}_e64` : m;
    const ops = registerOperands(f, false);
    const srcs = f.operands.flatMap((o, i) => (['src', 'vsrc', 'ssrc'].includes(o.kind) ? [i] : []));
    for (const i of srcs)
      for (const x of ['0x3c00', '0xffff', '0x3f800000', '65535']) {
        out.push(`${name} ${ops.map((o, k) => (k === i ? x : o)).join(', ')}`);
        for (const j of srcs)
          if (j !== i) {
            out.push(`${name} ${ops.map((o, k) => (k === i ? x : k === j ? '0x1234' : o)).join(', ')}`);
            out.push(`${name} ${ops.map((o, k) => (k === i ? x : k === j ? (f.operands[j]!.size === 1 ? 's1' : 's[2:3]') : o)).join(', ')}`);
          }
      }
  }
  return out;
}

test('GFX10+: narrow-inline integers beside literals and SGPRs, each VOP3/VOP3P source', { skip }, () => {
  // (Misses left: the bf16 dot products, v_permlane16/x16 (lane instructions, no literal count),
  // v_ldexp_f16's src1 and GFX12 v_cndmask_b16's 32-bit values.)
  const left = /bf16|permlane|ldexp|cndmask_b16/;
  for (const cpu of ['gfx1030', 'gfx1100', 'gfx1201']) assertLinesAgree(typedInlineMatrix(cpu, 4), [cpu], { verdicts: 'both', countMiss: (l) => !left.test(l) });
});

test('16-bit sources of mixed instructions: a constant fits 16 bits: expected errors', () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a', 'gfx1030']) {
    expectErrors(cpu, [
      ['v_cvt_f32_f16_e32 v5, 0x12345678', 'AMD505'],
      ['v_cvt_f32_f16 v1, 0x3f800000', 'AMD505'],
      ['v_cvt_f32_f16 v1, 0x3c00', ''],
      ['v_cvt_f32_f16 v1, -32768', ''],
      ['v_cvt_f32_f16 v1, 65535', ''],
    ]);
  }
  expectErrors('gfx1201', [
    ['s_cmp_lt_f16 0x3456, 0x3e22f983', 'AMD505'],
    ['s_cmp_lt_f16 s1, 0x3c00', ''],
    ['v_pack_b32_f16 v10, 0x3f800000, v14', 'AMD505'],
    ['v_dot2_f16_f16 v10, v12, v14, 0x3f800000', 'AMD505'],
  ]);
});

test("v_ldexp_f16's src1 is read by its low 16 bits (GFX8-10), fits 16 bits (GFX11+): expected errors", () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a']) {
    expectErrors(cpu, [
      ['v_ldexp_f16_e64 v10, v12, 65536', ''],
      ['v_ldexp_f16_e64 v10, v12, 0x10040', ''],
      ['v_ldexp_f16_e64 v10, v12, 0x3f800000', ''],
      ['v_ldexp_f16_e64 v10, v12, 0x12340', 'AMD509'],
      ['v_ldexp_f16_sdwa v10, v12, 0x3c00', cpu === 'gfx803' ? 'AMD505' : 'AMD509'],
    ]);
  }
  for (const cpu of ['gfx1100', 'gfx1201']) {
    expectErrors(cpu, [
      ['v_ldexp_f16_e64 v10, v12, 65536', 'AMD505'],
      ['v_ldexp_f16_e64 v10, v12, 0x3f800000', 'AMD505'],
      ['v_ldexp_f16_e64 v10, v12, 65535', ''],
      ['v_ldexp_f16_e64 v10, v12, 0x3c00', ''],
    ]);
  }
});

/** Each verified VALU form: constants of several sizes in each source, registers elsewhere. */
function constantMatrix(cpu: string, every: number): string[] {
  const out = new Set<string>();
  let n = 0;
  for (const [m, forms] of valuMnemonics(cpu)) {
    if (!/16/.test(m) && n++ % every) continue;
    for (const f of forms) {
      if (!f.verified || !['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA'].includes(f.family)) continue;
      const name = f.form ? `${m}_${f.form}` : m;
      const ops = registerOperands(f, !cpu.startsWith('gfx1'));
      f.operands.forEach((o, i) => {
        if (['src', 'ssrc', 'vsrc'].includes(o.kind)) for (const x of ['0x12345678', '0x3f800000', '0x3c00', '0xffff', '65536', '0xfffffff0', '1.0e10']) out.add(`${name} ${ops.map((p, k) => (k === i ? x : p)).join(', ')}`);
      });
    }
  }
  return [...out];
}

test('constants of 16, 32 and more bits in each VALU source, every form (16-bit names all, every 6th other)', { skip }, () => {
  // (Misses left: the dot products' packed sources on GFX8-9 and GFX11's, the bf16 ones, f16 SDWA
  // sources with `0x3f800000` before GFX10, v_cvt_f16_[iu]16_e64's, GFX11+ v_ldexp_f16's float,
  // `1.0e10` in v_qsad/v_mqsad's sources.)
  const left = /dot|bf16|_f16_sdwa|v_cvt_f16_[iu]16_e64|ldexp|cndmask_b16|qsad/;
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1201']) assertLinesAgree(constantMatrix(cpu, 6), [cpu], { verdicts: 'both', countMiss: (l) => !left.test(l) });
});

test('SDWA: omod only where the table lists it, inline constants by the source type: expected errors', () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a', 'gfx1030']) {
    expectErrors(cpu, [
      ['v_mov_b32 v1, v2 mul:2', 'AMD507'],
      ['v_mov_b32_sdwa v1, v2 mul:2', 'AMD507'],
      ['v_max_i32_sdwa v1, v2, v3 div:2', 'AMD507'],
      ['v_not_b32 v1, v2 mul:2', 'AMD507'],
      ['v_cvt_f32_i32_sdwa v1, v2 mul:2', cpu === 'gfx803' ? 'AMD507' : ''],
      ['v_add_f32 v1, v2, v3 mul:2', ''],
      ['v_cvt_i32_f32 v1, v2 mul:2', ''],
      ['v_mov_b32_sdwa v1, v2 clamp', ''],
    ]);
  }
  for (const cpu of ['gfx900', 'gfx90a']) {
    expectErrors(cpu, [
      ['v_add_f32_sdwa v10, v12, 0x3c00', 'AMD509'],
      ['v_sub_u16_sdwa v10, v12, 0x3c00', 'AMD509'],
      ['v_sub_u16_sdwa v10, v12, 0x3f800000', 'AMD505'],
      ['v_cvt_f16_i16_sdwa v10, 0x3c00', 'AMD509'],
      ['v_cmp_class_f16_sdwa vcc, v12, 0x3c00', 'AMD509'],
      ['v_add_f16_sdwa v10, v12, 0x3f800000', 'AMD505'],
      ['v_sub_u16_sdwa v10, v12, 0xffff', ''],
      ['v_add_f32_sdwa v10, v12, 0x3f800000', ''],
      ['v_add_f16_sdwa v10, v12, 0x3c00', ''],
      ['v_sat_pk_u8_i16_sdwa v10, 0x3f800000', ''],
    ]);
  }
});

/** Every VOP1/VOP2 mnemonic with an SDWA form writing a VGPR: `_sdwa` and unsuffixed, with omod and clamp. */
function sdwaOmodMatrix(cpu: string): string[] {
  const out: string[] = [];
  for (const m of mnemonicsFor(cpu)) {
    const r = lookupInstruction(m, cpu);
    if (r.status !== 'found') continue;
    const f = r.forms.find((g) => g.family === 'SDWA' && g.verified);
    if (!f || f.operands[0]?.kind !== 'vdst') continue;
    const ops = f.operands.map((o, i) => (o.kind === 'vcc' ? 'vcc' : reg(o.size, 2 * i + 2))).join(', ');
    for (const md of ['mul:2', 'div:2', 'clamp']) out.push(`${m}_sdwa ${ops} ${md}`, `${m} ${ops} ${md}`);
  }
  return out;
}

test('SDWA omod: every VOP1/VOP2 mnemonic with an SDWA form', { skip }, () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030']) assertLinesAgree(sdwaOmodMatrix(cpu), [cpu], { verdicts: 'both' });
});

test('a line only a DPP16 form takes needs a DPP control: expected errors', () => {
  for (const cpu of ['gfx90a', 'gfx942']) {
    expectErrors(cpu, [
      ['v_log_f16 v1, v[2:3]', 'AMD513 1'],
      ['v_add_f32 v1, v[2:3], v2', 'AMD513 1'],
      ['v_add_f32 v1, v[2:3], v2 quad_perm:[0,1,2,3]', ''],
      ['v_log_f32_dpp v1, v[2:3] row_newbcast:1', ''],
      ['v_add_f32 v1, v2, v3', ''],
    ]);
  }
  expectErrors('gfx1201', [
    ['v_cndmask_b16 v10, v12, 0x3c00, s1', ''],
    ['v_cndmask_b16 v10, v12, v14, s1', ''],
  ]);
  for (const cpu of ['gfx1030', 'gfx1100']) {
    expectErrors(cpu, [
      ['v_dot2c_f32_f16 v0, v1, -|v2|', 'AMD513 1'],
      ['v_dot2c_f32_f16 v0, -v1, v2 quad_perm:[0,1,2,3]', ''],
      ['v_dot2c_f32_f16 v0, v1, v2', ''],
    ]);
  }
});

/** Unsuffixed, `_e32` and `_dpp` VALU lines with a 64-bit VGPR pair in each 32-bit source, with and without a DPP control. */
function pairMatrix(cpu: string, every: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const [m, forms] of valuMnemonics(cpu)) {
    if (n++ % every) continue;
    const f = forms.find((g) => g.verified && g.form === '') ?? forms.find((g) => g.verified && g.form === 'e64');
    if (!f) continue;
    const ops = f.operands.map((o, i) => (o.kind === 'sdst' || o.kind === 'vcc' ? 'vcc' : o.size === 1 ? `v${2 * i + 1}` : `v[${4 * i}:${4 * i + o.size - 1}]`));
    f.operands.forEach((o, i) => {
      if (!['src', 'vsrc', 'ssrc'].includes(o.kind) || o.size !== 1) return;
      const l = ops.map((x, k) => (k === i ? 'v[10:11]' : x)).join(', ');
      out.push(`${m} ${l}`, `${m} ${l} quad_perm:[0,1,2,3]`, `${m}_dpp ${l} row_newbcast:1`);
      if (forms.some((g) => g.form === 'e32')) out.push(`${m}_e32 ${l}`);
    });
  }
  return out;
}

test('64-bit VGPR pairs in 32-bit sources, DPP control or none (every 3rd VALU mnemonic)', { skip }, () => {
  for (const cpu of ['gfx90a', 'gfx942']) assertLinesAgree(pairMatrix(cpu, 3), [cpu], { verdicts: 'both' });
  // (Elsewhere no form takes a pair in a 32-bit source.)
  for (const cpu of ['gfx900', 'gfx1030']) assertLinesAgree(pairMatrix(cpu, 3), [cpu], { verdicts: 'broken' });
});
