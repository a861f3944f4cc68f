/**
 * Session 26 (amdmiss15): the groups session 25 left (bf16 dot products, permlane16 literals, MUBUF
 * tfe, GFX12 SMEM symbol offsets, gfx940's fp8 SDWA destination select) and what their matrices found
 * beside them (packed literals by their encoding, MFMA's accumulator source). Each rule: the
 * expected error under its input lines (no tool needed), then a matrix written from the instruction
 * table, judged line by line against llvm-mc-19 (skipped with a printed reason without it).
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor, type FormSpec } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;
const reg = (n: number, at: number) => (n === 1 ? `v${at}` : `v[${at}:${at + n - 1}]`);

/** The verified forms of the mnemonics on `cpu` whose names match. */
function* formsOf(cpu: string, names: RegExp): Generator<[string, FormSpec]> {
  for (const m of mnemonicsFor(cpu)) {
    if (!names.test(m)) continue;
    const r = lookupInstruction(m, cpu);
    if (r.status !== 'found') continue;
    for (const f of r.forms) if (f.verified) yield [f.form ? `${m}_${f.form}` : m, f];
  }
}

/**
 * Each verified form's sources given each value, alone, beside `0x1234`, beside itself and beside an
 * SGPR (the lines of the sweep's genmix.mjs, sampled: every `every`th value).
 */
function sourceMatrix(cpu: string, names: RegExp, values: readonly string[]): string[] {
  const out = new Set<string>();
  for (const [name, f] of formsOf(cpu, names)) {
    const ops = f.operands.map((o, i) => (o.kind === 'sdst' || o.kind === 'vcc' ? 'vcc' : reg(o.size, 2 * i + 10)));
    const srcs = f.operands.flatMap((o, i) => (['src', 'vsrc', 'ssrc'].includes(o.kind) ? [i] : []));
    const line = (put: (k: number) => string | undefined) => `${name} ${ops.map((o, k) => put(k) ?? o).join(', ')}`;
    for (const i of srcs)
      for (const x of values) {
        out.add(line((k) => (k === i ? x : undefined)));
        for (const j of srcs)
          if (j !== i) {
            out.add(line((k) => (k === i ? x : k === j ? '0x1234' : undefined)));
            out.add(line((k) => (k === i || k === j ? x : undefined)));
            out.add(line((k) => (k === i ? x : k === j ? 's1' : undefined)));
          }
      }
  }
  return [...out];
}

test('bf16 dot products: bf16 inline values, packed literals by 32 bits, half-precision range: expected errors', () => {
  for (const cpu of ['gfx1100', 'gfx1201']) {
    expectErrors(cpu, [
      // (False errors before: `0x3f80` is bf16 1.0, inline; `-17` is one literal 0xffffffef in both.)
      ['v_dot2_bf16_bf16 v10, 0x3f80, 0x1234, v16', ''],
      ['v_dot2_f32_bf16 v10, 0x3f80, 0x1234, v16', ''],
      ['v_dot2_f32_bf16 v10, -17, v14, -17', ''],
      ['v_dot2_f32_bf16 v10, 0.1, v14, 0x3dcd', ''],
      ['v_dot2_bf16_bf16 v10, v12, 0xffef, -17', ''],
      ['v_dot2_bf16_bf16 v10, v12, 0x1234, 0xbf80', ''],
      ['v_dot2_bf16_bf16 v10, v12, 0x1234, 0xffff', ''],
      ['v_dot2_f32_bf16 v10, 0xfffffff0, 0x1234, v16', ''],
      ['v_dot2_f32_bf16 v10, 1.0e10, v14, v16', ''],
      // (Misses before.)
      ['v_dot2_f32_bf16 v10, 0x3c00, 0x1234, v16', 'AMD510'],
      ['v_dot2_f32_bf16 v10, 0xffff, 0x1234, v16', 'AMD510'],
      ['v_dot2_f32_bf16 v10, v12, 0x1234, 0x4000', 'AMD510'],
      ['v_dot2_bf16_bf16 v10, v12, -17, 0xffef', 'AMD510'],
      ['v_dot2_bf16_bf16 v10, v12, v14, 0x12345678', 'AMD505'],
      ['v_dot2_bf16_bf16 v10, v12, v14, 65536', 'AMD505'],
      ['v_dot2_bf16_bf16 v10, 1.0e10, v14, v16', 'AMD505'],
      ['v_dot2_f32_bf16 v10, v12, 1.0e39, v16', 'AMD505'],
    ]);
  }
});

const BF16_VALUES = ['0', '-1', '-17', '0.5', '-4.0', '0.1', '0.15915494', '1.0e10', '0x3f80', '0xbf80', '0x3e22', '0x3e23', '0x4000', '0x3c00', '0xffff', '0xffef', '0xffffffef', '0xffffbf80', '0x3f800000', '0x12345678', '0xfffffff0', '-32768', '65536'];

test('bf16 dot products: each source, constants of every kind, beside literals and SGPRs, against llvm-mc-19', { skip }, () => {
  for (const cpu of ['gfx1100', 'gfx1201']) assertLinesAgree(sourceMatrix(cpu, /^v_dot2_(?:f32|bf16)_bf16$/, BF16_VALUES), [cpu], { verdicts: 'both' });
});

test('packed 16-bit sources: a literal by its 32 bits, a float by its f16 bits; f16 range in the dot products: expected errors', () => {
  for (const cpu of ['gfx1030', 'gfx1100', 'gfx1201']) {
    expectErrors(cpu, [
      ['v_dot2_f32_f16 v10, -17, v14, -17', ''],
      ['v_dot2_f32_f16 v10, 0.1, v14, 0x2e66', ''],
      ['v_pk_add_f16 v1, -17, 0xffffffef', ''],
      ['v_pk_add_f16 v1, -17, 0xffef', 'AMD510'],
      ['v_dot2_f32_f16 v10, 1.0e10, v14, v16', 'AMD505'],
    ]);
    if (cpu !== 'gfx1201') expectErrors(cpu, [['v_dot2c_f32_f16_e32 v10, 1.0e10, v14', 'AMD505']]);
  }
  // (A float in a packed integer source is a literal by its f32 bits: one literal here.)
  expectErrors('gfx1030', [['v_dot2_i32_i16 v10, 0.1, v14, 0.1', '']]);
  for (const cpu of ['gfx90a', 'gfx942']) {
    expectErrors(cpu, [
      ['v_dot2c_f32_f16_e32 v10, 0xffff, v14', ''],
      ['v_dot2c_f32_f16 v10, 0x3c00, v14', ''],
      ['v_dot2c_f32_f16_e64 v10, 0xffff, v14', 'AMD509'],
      ['v_dot2c_f32_f16_e64 v10, 0x3f800000, v14', 'AMD509'],
      ['v_dot2c_f32_f16_e64 v10, v12, 0xffff', 'AMD509'],
    ]);
  }
});

const PACKED_VALUES = ['-1', '-17', '0xffef', '0xffffffef', '0x2e66', '0.1', '0x3c00', '0xffff', '0x3f800000', '0x12345678', '0xfffffff0', '65536', '1.0e10', '0x3118'];

test('packed and dot-product sources: constants of every kind, beside literals and SGPRs, against llvm-mc-19', { skip }, () => {
  for (const cpu of ['gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1201'])
    assertLinesAgree(sourceMatrix(cpu, /^v_pk_(?:add|fma|mul)_f16$|^v_pk_add_u16$|_dot2/, PACKED_VALUES), [cpu], { verdicts: 'both' });
});

test("MFMA's accumulator source: 32-bit inline values only (64-bit ones in the f64 MFMAs): expected errors", () => {
  for (const cpu of ['gfx90a', 'gfx942']) {
    expectErrors(cpu, [
      ['v_mfma_f32_4x4x1f32 v[0:3], v1, v2, 0x3c00', 'AMD505'],
      ['v_mfma_f32_4x4x1f32 v[0:3], v1, v2, 0xffff', 'AMD505'],
      ['v_mfma_i32_4x4x4i8 v[0:3], v1, v2, 0x3118', 'AMD505'],
      ['v_mfma_f32_4x4x1f32 v[0:3], v1, v2, 0x3f800000', ''],
      ['v_mfma_f32_4x4x1f32 v[0:3], v1, v2, 1.0', ''],
      ['v_mfma_f64_16x16x4f64 v[20:27], v[40:41], v[60:61], 0x3f800000', 'AMD505'],
      ['v_mfma_f64_16x16x4f64 v[20:27], v[40:41], v[60:61], 0x3fc45f306dc9c882', ''],
      ['v_mfma_f64_16x16x4f64 v[20:27], v[40:41], v[60:61], 1.0', ''],
    ]);
  }
});

test('MFMA/SMFMAC: constants in each source, against llvm-mc-19', { skip }, () => {
  const values = ['0', '-1', '64', '-16', '1.0', '-4.0', '0.5', '0x3c00', '0x3118', '0xffff', '65535', '0x3f800000', '0x3e22f983', '0xbf800000', '0x12345678', '0xfffffff0', '0x3f80', '0.1', 's1'];
  for (const cpu of ['gfx90a', 'gfx942']) {
    const out: string[] = [];
    let n = 0;
    for (const [name, f] of formsOf(cpu, /^v_s?mfma/)) {
      if (n++ % 3) continue;
      const ops = f.operands.map((o, i) => reg(o.size, 20 * i + 20));
      for (let i = 1; i < ops.length; i++) for (const x of values) out.push(`${name} ${ops.map((p, k) => (k === i ? x : p)).join(', ')}`);
    }
    // (Left: a float near 1/(2*pi) in a 64-bit source, which llvm-mc-19 never takes as inline.)
    assertLinesAgree(out, [cpu], { verdicts: 'both', countMiss: (l) => !/f64.*0\.1$/.test(l) });
  }
});

test('v_permlane16_b32/v_permlanex16_b32: one unique 32-bit literal between the lane selects: expected errors', () => {
  for (const cpu of ['gfx1030', 'gfx1100', 'gfx1201']) {
    expectErrors(cpu, [
      ['v_permlane16_b32 v1, v2, 0x1234, 0x5678', 'AMD510'],
      ['v_permlanex16_b32 v1, v2, 0x3c00, 0x1234', 'AMD510'],
      ['v_permlane16_b32 v1, v2, 0xffff, 0x3c00', 'AMD510'],
      ['v_permlane16_b32 v1, v2, off, 0x3c00', 'AMD510'],
      ['v_permlane16_b32 v1, v2, 0x1234, 0x1234', ''],
      ['v_permlane16_b32 v1, v2, 0.1, 0x3dcccccd', ''],
      ['v_permlane16_b32 v1, v2, 0x1234, lit(0x1234)', ''],
      ['v_permlane16_b32 v1, v2, 0x3f800000, 0x1234', ''],
      ['v_permlane16_b32 v1, v2, s1, s2', ''],
    ]);
  }
});

test('v_permlane16_b32/v_permlanex16_b32: every pair of lane-select values, against llvm-mc-19', { skip }, () => {
  const xs = ['s1', 'm0', '0', '-1', '-17', '0.5', '0.1', '0x3dcccccd', '0x3c00', '0xffff', '0x3f800000', '0x3118', '0x1234', '0xffffffff', 'lit(0x1234)', 'off'];
  const lines: string[] = [];
  for (const m of ['v_permlane16_b32', 'v_permlanex16_b32']) for (const a of xs) for (const b of xs) lines.push(`${m} v1, v2, ${a}, ${b}`);
  assertLinesAgree(lines, ['gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both' });
});

test("gfx940-942: the fp8/bf8 conversions' SDWA form takes no dst_sel or dst_unused: expected errors", () => {
  expectErrors('gfx942', [
    ['v_cvt_f32_fp8_sdwa v2, v4 dst_sel:WORD_1', 'AMD507'],
    ['v_cvt_f32_bf8_sdwa v2, v4 dst_sel:DWORD', 'AMD507'],
    ['v_cvt_pk_f32_fp8_sdwa v[2:3], v4 dst_unused:UNUSED_PRESERVE', 'AMD507'],
    ['v_cvt_f32_fp8_sdwa v2, v4 src0_sel:BYTE_1', ''],
    ['v_cvt_f32_fp8_sdwa v2, v4 clamp', ''],
    ['v_cvt_f32_fp8_sdwa v2, v4 mul:2', ''],
  ]);
});

test('gfx940-942 fp8/bf8 conversions: every suffix and SDWA modifier, against llvm-mc-19', { skip }, () => {
  const lines: string[] = [];
  for (const m of ['v_cvt_f32_fp8', 'v_cvt_f32_bf8', 'v_cvt_pk_f32_fp8', 'v_cvt_pk_f32_bf8'])
    for (const suf of ['', '_sdwa', '_e32', '_e64'])
      for (const md of ['dst_sel:WORD_1', 'dst_sel:DWORD', 'dst_unused:UNUSED_PAD', 'src0_sel:WORD_1', 'clamp', 'mul:2', 'src0_sel:BYTE_3 clamp', 'dst_sel:DWORD src0_sel:WORD_1'])
        for (const src of ['v4', 's4']) lines.push(`${m}${suf} ${m.includes('_pk_') ? 'v[2:3]' : 'v2'}, ${src} ${md}`);
  assertLinesAgree(lines, ['gfx942'], { verdicts: 'both' });
});

test('MUBUF loads with tfe: one more dword of data, exactly, and nothing after tfe: expected errors', () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx1030', 'gfx1100']) {
    expectErrors(cpu, [
      ['buffer_load_dword v3, off, s[0:3], s33 offset:52 tfe', 'AMD505 50'],
      ['buffer_load_dwordx2 v[3:5], off, s[0:3], 0 tfe', ''],
      ['buffer_load_dwordx2 v[3:4], off, s[0:3], 0 tfe', 'AMD505 44'],
      ['buffer_load_dword v[3:5], off, s[0:3], 0 tfe', 'AMD505 19'],
      ['buffer_load_ubyte v3, off, s[0:3], 0 tfe', 'AMD505'],
      ['buffer_load_dword v[4:5], off, s[8:11], 0 tfe offset:4', 'AMD505 47'],
      ['buffer_load_dword v[4:5], off, s[8:11], 0 glc tfe', ''],
      ['buffer_load_dword v[4:5], v1, s[8:11], 0 offen tfe', ''],
    ]);
  }
});

test('MUBUF/MTBUF loads and atomics with tfe: data sizes and modifier orders, against llvm-mc-19', { skip }, () => {
  for (const cpu of ['gfx803', 'gfx900', 'gfx1030', 'gfx1100']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(cpu)) {
      // (Left: the unverified `_xyz` format loads and the MTBUF forms, whose data size is not checked.)
      if (!/^buffer_load|^buffer_atomic/.test(m) || /format_xyz$/.test(m)) continue;
      const r = lookupInstruction(m, cpu);
      if (r.status !== 'found') continue;
      const n = r.forms[0]!.operands[0]!.size;
      for (const d of [n - 1, n, n + 1, n + 2])
        if (d >= 1) for (const tail of [' tfe', ' glc tfe', ' tfe offset:4', ' tfe glc', '']) lines.push(`${m} ${reg(d, 4)}, off, s[8:11], 0${tail}`, `${m} ${reg(d, 4)}, v1, s[8:11], s2 offen${tail}`);
    }
    assertLinesAgree(lines, [cpu], { verdicts: 'both' });
  }
});

test('GFX12 SMEM: a symbol of unknown value is no offset: expected errors', () => {
  expectErrors('gfx1201', [
    ['s_load_b64 s[6:7], s[0:1], sym', 'AMD505 28'],
    ['s_load_dwordx2 s[6:7], s[0:1], V1', 'AMD505 32'],
    ['s_buffer_load_b128 s[0:3], s[4:7], S1', 'AMD505 36'],
    ['s_atc_probe 7, s[4:5], sym', 'AMD505 24'],
    ['s_load_b64 s[6:7], s[0:1], 0x10', ''],
  ]);
});
