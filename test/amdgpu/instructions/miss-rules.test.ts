/**
 * Differential tests of the rules added for MC-test lines the sweep (mc-tests.test.ts) listed as
 * missed (session 12), line by line against llvm-mc-19 on matrices of valid and broken lines over
 * the instructions and GPUs each rule covers. gpuasm may never reject a line llvm-mc-19 accepts,
 * and must reject the lines it rejects.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';
import { dppControl, formOperands } from '../../harness/amdgpu-form-operands.js';
import { lookupInstruction, mnemonicsFor, OperandFile as F, type FormSpec } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

/** A line for a form: VGPRs, SGPRs, `off` or 0 by what each position takes, a DPP control where the form needs one; undefined if a position takes none of those. */
function formLine(f: FormSpec): { ops: string[]; line: (ops: readonly string[]) => string } | undefined {
  const ops = formOperands(f, { off: true });
  if (!ops) return undefined;
  const mods = dppControl(f);
  return { ops, line: (o) => `${f.spelled} ${o.join(', ')}${mods}` };
}

test('16-bit VGPR halves (v1.l, v1.h): only in v_mov_b16 without -mattr=+real-true16', { skip }, () => {
  // Every verified form (VOPD halves aside) on three GFX11-12 processors: as written, and with
  // `.l` and `.h` on each one-dword VGPR in turn.
  for (const mcpu of ['gfx1100', 'gfx1150', 'gfx1200']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || f.form === 'vopdx' || f.form === 'vopdy') continue;
        const l = formLine(f);
        if (!l) continue;
        lines.push(l.line(l.ops));
        l.ops.forEach((o, i) => {
          if (!/^v\d+$/.test(o)) return;
          for (const h of ['.l', '.h']) lines.push(l.line(l.ops.map((x, j) => (j === i ? x + h : x))));
        });
      }
    }
    // Examples the line maker gets wrong (llvm-mc-19 refuses them for other reasons) are not counted as misses.
    assertLinesAgree(lines, [mcpu], { label: 'halves', verdicts: 'both', countMiss: (line) => /\bv\d+\.[lh]\b/.test(line) });
  }
  // Memory, VOPD, modifiers around halves, and the GPUs before GFX11 (no halves at all there).
  const more = [
    'global_load_d16_b16 v1.l, v[2:3], off',
    'global_load_d16_b16 v1, v[2:3], off',
    'global_load_d16_hi_b16 v1.h, v[2:3], off',
    'ds_load_u16_d16 v1.l, v0',
    'buffer_load_d16_b16 v1.l, off, s[0:3], 0',
    'scratch_load_d16_b16 v1.l, off, s0',
    'flat_store_b16 v[2:3], v1.l',
    'v_dual_mov_b32 v0.l, v1 :: v_dual_mov_b32 v2, v3',
    'v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v3, v3.l',
    'v_readfirstlane_b32 s0, v1.l',
    'v_ceil_f16 v0.l, abs(scc)',
    'v_ceil_f16 v0, abs(v1.l)',
    'v_ceil_f16 v0, -v1.h',
    'v_max_f16 v0.l, src_shared_base, v0.l',
    'v_cos_f16_e32 v5.l, lit(1.0)',
    'v_add_f16 v1, v2, v3',
    'v_add_f16_e32 v1.l, v2.l, v3.l',
    'lds_param_load v1.l, attr0.x',
    'image_load v1.l, v0, s[0:7] dim:SQ_RSRC_IMG_1D',
    'v_cvt_f16_f32 v0.l, v1 row_mirror',
    // Forms the table could not verify (checkNoHalves).
    'v_interp_p2_f32 v1.l, v3, v5, v7',
    'v_interp_p2_f32_e64 v1, v3.h, v5, v7',
    'v_interp_p2_f32 v1, v3, v5, v7',
    'global_load_dword_addtid v1.l, off',
    'global_store_dword_addtid v1.h, off',
    'global_load_dword_addtid v1, off',
    'image_load v[1:4], v0.l, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D',
    'image_load v[1:4], v0, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D',
  ];
  assertLinesAgree(more, ['gfx900', 'gfx1030', 'gfx1100', 'gfx1151', 'gfx1200', 'gfx1201'], { label: 'halves', verdicts: 'both' });
});

test('v_mov_b16 (GFX11+): halves of v0-v127, an SGPR or a constant as source, DPP controls only', { skip }, () => {
  const lines: string[] = [];
  for (const m of ['v_mov_b16', 'v_mov_b16_e32', 'v_mov_b16_dpp', 'v_mov_b16_e64'])
    for (const dst of ['v0.l', 'v0.h', 'v127.h', 'v128.l', 'v0', 'v[0]', 's0', 'a0'])
      for (const src of ['v1.l', 'v1.h', 'v200.h', 'v1', 's1', 'vcc_hi', 'm0', 'exec_lo', '0x1234', '1.0', '-1', 'lit(0x1234)', '-v1.l', '|v1.l|', 'neg(v1.l)', 'neg(1.0)', 'sext(v1.l)', 'a1'])
        for (const tail of ['', ' quad_perm:[0,1,2,3]', ' row_mirror row_mask:0xf fi:1', ' dpp8:[0,1,2,3,4,5,6,7]', ' clamp', ' op_sel:[0,0]', ', v2.l'])
          lines.push(`${m} ${dst}, ${src}${tail}`);
  lines.push('v_mov_b16 v0.l', 'v_mov_b16', 'v_mov_b16 v0.l v1.l', 'V_MOV_B16 v0.l, v1.l');
  assertLinesAgree(lines, ['gfx1100', 'gfx1150', 'gfx1200'], { label: 'v_mov_b16', verdicts: 'both' });
  // Not before GFX11.
  assertLinesAgree(lines, ['gfx900', 'gfx1030'], { label: 'v_mov_b16', verdicts: 'broken' });
});

test('lit(...): one constant with a value where written; no register, modifier or call inside; no -lit(...), no lit64(...)', { skip }, () => {
  const args = ['1.0', '0x7e8', '1+2', '-1', '-1.0', '(1)', '-(1)', '~1', 'abs_sym', 'abs_sym+1', 'fwd_sym', 'before', 'undefd * 0', 'v1', 's1', 'vcc_lo', 'exec', 'm0', 'scc', 'off', 'ttmp0', 's[0:1]', 'v[1:1]', '|v1|', '-v1', 'lit(0x7e8)', 'neg(1.0)', 'abs(1)', 'sext(1)', ''];
  const lines = ['.set abs_sym, 5', 'before:'];
  for (const a of args)
    lines.push(
      `v_sqrt_f32 v2, lit(${a})`,
      `v_add_f32 v2, v1, lit(${a})`,
      `s_mov_b32 s0, lit(${a})`,
      `v_madak_f32 v4, lit(${a}), v8, lit(0x7e8)`,
      `v_fma_f32 v0, v1, v2, lit(${a})`,
    );
  for (const w of ['lit(|1|)', 'lit(|-2|)', '-lit(1.0)', '- lit(1)', 'neg(lit(1.0))', 'abs(lit(1.0))', '|lit(1.0)|', '-|lit(1.0)|', 'lit64(1.0)', 'lit(1.0, 2)', 'lit (1.0)'])
    lines.push(`v_sqrt_f32 v2, ${w}`, `v_add_f32_e64 v2, v1, ${w}`);
  lines.push('fwd_sym = 3');
  // (`lit(.)` and a label difference, `lit(e)` after `.set e, l2 - l1`, are refused by llvm-mc-19
  // and not judged: misses only, left out here. So is lit(...) where it makes a literal the
  // position does not take, `v_add_f32 v2, v1, lit(0x7e8)` before GFX10: not counted as a miss.)
  assertLinesAgree(lines, ['tahiti', 'tonga', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1200'], { label: 'lit', verdicts: 'both', countMiss: (_line, mc) => mc !== 'literal operands are not supported' });
});

test('GFX12 WMMA/SWMMAC: register sizes, src2 a tuple or an inline constant, modifiers by name', { skip }, () => {
  const sizes: Record<string, readonly number[]> = {
    v_wmma_f32_16x16x16_f16: [8, 4, 4, 8],
    v_wmma_f16_16x16x16_f16: [4, 4, 4, 4],
    v_wmma_i32_16x16x16_iu8: [8, 2, 2, 8],
    v_wmma_i32_16x16x16_iu4: [8, 1, 1, 8],
    v_wmma_f32_16x16x16_fp8_bf8: [8, 2, 2, 8],
    v_swmmac_f32_16x16x32_f16: [8, 4, 8, 1],
    v_swmmac_i32_16x16x32_iu4: [8, 1, 2, 1],
    v_swmmac_i32_16x16x64_iu4: [8, 2, 4, 1],
    v_swmmac_f32_16x16x32_bf8_fp8: [8, 2, 4, 1],
  };
  const r = (p: string, b: number, n: number) => (n === 1 ? `${p}${b}` : `${p}[${b}:${b + n - 1}]`);
  const lines: string[] = [];
  for (const [m, [d, a, b, c]] of Object.entries(sizes)) {
    const sparse = m.startsWith('v_swmmac');
    const ops = [r('v', 16, d!), r('v', 32, a!), r('v', 48, b!), sparse ? 'v60' : r('v', 16, c!)];
    // Every position one size smaller and larger (a guessed size no longer fits).
    for (let i = 0; i < 4; i++)
      for (const n of [1, 2, 4, 8]) lines.push(`${m} ${ops.map((o, j) => (j === i ? r('v', [16, 32, 48, 60][i]!, n) : o)).join(', ')}`);
    for (let i = 1; i < 4; i++)
      for (const alt of ['1', '-1', '1.0', '0.5', '64', '0x1234', 's0', 'neg(v1)', '|v1|', 'lit(1.0)'])
        lines.push(`${m} ${ops.map((o, j) => (j === i ? (alt === 's0' ? r('s', 0, [d, a, b, c][j]!) : alt.includes('v1') ? alt.replace('v1', o) : alt) : o)).join(', ')}`);
    for (const mod of ['clamp', 'neg_lo:[0,0,0]', 'neg_hi:[0,0,0]', 'index_key:0', 'op_sel:[0,0,0]', 'op_sel_hi:[1,1,1]', 'glc', 'mul:2'])
      lines.push(`${m} ${ops.join(', ')} ${mod}`, `${m}_e64 ${ops.join(', ')} ${mod}`);
    lines.push(`${m} ${ops.join(', ')}`, `${m}_e64 ${ops.join(', ')}`, `${m} ${ops.slice(0, 3).join(', ')}`);
  }
  // (The lanes of neg_lo/neg_hi, index_key's value and index_key on WMMA, and lit(...) as src0 or
  // src1 are not judged: not counted as misses.)
  assertLinesAgree(lines, ['gfx1200', 'gfx1201'], { label: 'wmma12', verdicts: 'both', countMiss: (line) => !/index_key|lit\(/.test(line) });
  assertLinesAgree(lines, ['gfx1100', 'gfx942'], { label: 'wmma12 elsewhere', verdicts: 'broken', countMiss: () => false });
});

test('gfx90a, gfx940-942: DP ALU DPP takes only row_newbcast; gds only on the GWS instructions', { skip }, () => {
  for (const mcpu of ['gfx90a', 'gfx940', 'gfx942', 'gfx908', 'gfx900']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified) continue;
        const l = formLine(f);
        if (!l) continue;
        if (f.form === 'dpp') {
          // Every DPP16 form, with the controls, spelled with `_dpp` (as the table has it) and without.
          const plain = l.line(l.ops).replace(/ quad_perm:\[0,1,2,3\]$/, '');
          for (const c of ['quad_perm:[1,1,1,1]', 'row_shl:1', 'row_mirror', 'row_bcast:15', 'wave_shl:1', 'row_newbcast:1', 'row_newbcast:15 row_mask:0xf bank_mask:0xf'])
            lines.push(`${plain} ${c}`, `${plain.replace(/_dpp /, ' ')} ${c}`);
        }
        if (f.family === 'DS') lines.push(l.line(l.ops), `${l.line(l.ops)} gds`);
      }
    }
    assertLinesAgree(lines, [mcpu], { label: 'dp alu / gds', verdicts: 'both' });
  }
});

test('1/(2*pi) is an inline constant from GFX8 on, a literal on GFX6-7', { skip }, () => {
  const lines: string[] = [];
  for (const x of ['0.159154943091895317852646485335', '0.15915494', '0.15915494309189535', '0x3e22f983', '0.5', '-0.5'])
    for (const t of [
      's_mov_b64_e32 s[0:1], X',
      's_mov_b64 s[0:1], X',
      's_mov_b32 s0, X',
      's_add_u32 s0, X, s1',
      'v_and_b32_e64 v0, X, v1',
      'v_add_f32_e64 v0, X, v1',
      'v_add_f32 v0, X, v1',
      'v_add_f32 v0, X, s1',
      'v_add_f32 v0, X, X',
      'v_fma_f32 v0, v1, v2, X',
      'v_madak_f32 v0, X, v1, 0x1234',
      'v_cndmask_b32_e64 v0, X, v1, s[0:1]',
      'v_cmp_eq_f32_e64 s[0:1], X, v0',
      'v_mov_b32 v0, X',
      'v_mov_b32_e64 v0, X',
    ])
      lines.push(t.replaceAll('X', x));
  assertLinesAgree(lines, ['tahiti', 'bonaire'], { label: '1/(2pi)', verdicts: 'both' });
  // From GFX8 on only 1/(2*pi) as f32 bits is exact; the truncated decimal is judged loosely
  // (maybe inline): no false error, misses not counted.
  assertLinesAgree(lines, ['tonga', 'gfx900', 'gfx1030', 'gfx1100'], { label: '1/(2pi)', countMiss: () => false });
});

test('integers in 64-bit sources: inline by their 64-bit value, or in a double as its high dword', { skip }, () => {
  const lines: string[] = [];
  for (const x of ['0x3e22f983', '0x3f800000', '0xbf800000', '0x40000000', '64', '65', '-16', '-17', '0x3ff00000', '0x3fe00000', '0xbff00000', '0x3fc45f30', '0x3ff0000000000000'])
    for (const t of [
      'v_fract_f64_e64 v[0:1], X',
      'v_fract_f64 v[0:1], X',
      'v_add_f64 v[0:1], X, v[2:3]',
      'v_add_f64 v[0:1], v[2:3], X',
      'v_lshlrev_b64 v[0:1], v2, X',
      'v_cmp_eq_u64_e64 s[0:1], X, v[2:3]',
      'v_cmp_eq_f64_e64 s[0:1], X, v[2:3]',
      'v_cmp_eq_u64 vcc, X, v[2:3]',
      'v_cmp_eq_f64 vcc, X, v[2:3]',
      's_mov_b64 s[0:1], X',
      'v_fma_f64 v[0:1], v[2:3], v[4:5], X',
      'v_cvt_f32_f64_e64 v0, X',
      'v_cvt_f32_f64 v0, X',
      'v_ldexp_f64 v[0:1], X, v2',
      'v_div_fixup_f64 v[0:1], X, v[2:3], v[4:5]',
      'v_mad_u64_u32 v[0:1], s[2:3], v4, v5, X',
      'v_mov_b64 v[0:1], X',
      'v_pk_fma_f32 v[0:1], v[2:3], v[4:5], X',
    ])
      lines.push(t.replaceAll('X', x));
  assertLinesAgree(lines, ['tahiti', 'bonaire', 'tonga', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'], { label: '64-bit', verdicts: 'broken' });
});

test('16-bit sources: integer literals -32768 to 65535, floating-point ones within half precision', { skip }, () => {
  for (const mcpu of ['gfx802', 'gfx900', 'gfx1030', 'gfx1100']) {
    // Every verified VALU form named for a 16-bit type, each source that takes a literal in turn.
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      if (!/_(f16|i16|u16|b16|bf16)$/.test(m)) continue;
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || f.requiredModifiers.length > 0 || !/^VOP(1|2|3|C|3P)$/.test(f.family)) continue;
        let v = 10;
        const ops = f.operands.map((o) => (o.files & F.V ? (o.size === 1 ? `v${v++}` : `v[${v}:${(v += o.size) - 1}]`) : o.size === 1 ? 's10' : `s[10:${9 + o.size}]`));
        f.operands.forEach((o, i) => {
          if (!(o.files & F.LITERAL) || o.kind === 'vdst' || o.kind === 'sdst') return;
          for (const x of ['-32769', '65536', '0x10000', '65535', '-32768', '0x1000ffff', '0x3f800000', '0xffff', '123456.0', '65504.0', '65519.0', '-1', '0x1234'])
            lines.push(`${f.spelled} ${ops.map((y, j) => (j === i ? x : y)).join(', ')}`);
        });
      }
    }
    // Misses (the packed, mixed and class/ldexp sources are not judged) not counted: no false error on any line.
    assertLinesAgree(lines, [mcpu], { label: '16-bit', countMiss: () => false });
  }
  const lines = ['v_add_f16 v1, -32769, v2', 'v_add_f16 v1, 0x10000, v2', 'v_add_f16 v1, 0xffff, v2', 'v_add_f16 v1, -32768, v2', 'v_add_u16 v1, 65536, v2', 'v_max_i16 v1, v2, 0x3f800000', 'v_add_f16 v1, 123456.0, v2', 'v_add_f16 v1, 65504.0, v2', 'v_mul_f16_e64 v1, 0x10000, v2', 'v_cmp_eq_f16 vcc, 0x10000, v2', 'v_cmp_eq_u16 vcc, 0xffff, v2'];
  assertLinesAgree(lines, ['gfx802', 'gfx900', 'gfx1030', 'gfx1100'], { label: '16-bit', verdicts: 'both', countMiss: (line) => !/e64 v1, 0x10000/.test(line) });
});

test('source modifiers around a scalar register: the register judged where it stands (GFX8 SDWA/DPP sources are VGPRs)', { skip }, () => {
  const lines: string[] = [];
  for (const r of ['v1', 's1', 'vcc_lo', 'vccz', 'scc', 'execz', 'exec_lo', 'm0', 'ttmp1', 'a1', 's[2:3]', 'v[2:3]', 'src_shared_base'])
    for (const w of [`-${r}`, `|${r}|`, `neg(${r})`, `abs(${r})`, `-|${r}|`, `sext(${r})`])
      lines.push(
        `v_ceil_f32_sdwa v5, ${w} dst_sel:DWORD src0_sel:DWORD`,
        `v_ceil_f16_sdwa v5, ${w} dst_sel:DWORD dst_unused:UNUSED_PRESERVE`,
        `v_add_f32_sdwa v5, v1, ${w} dst_sel:DWORD src0_sel:DWORD`,
        `v_mov_b32_sdwa v5, ${w} dst_sel:DWORD src0_sel:WORD_1`,
        `v_cmp_eq_f32_sdwa vcc, ${w}, v2 src0_sel:WORD_1`,
        `v_add_f32_dpp v5, ${w}, v2 quad_perm:[0,1,2,3]`,
        `v_add_f32 v5, ${w}, v2`,
        `v_add_f32_e64 v5, v1, ${w}`,
        `v_fma_f32 v5, ${w}, v2, v3`,
        `v_add_f64 v[4:5], ${w}, v[2:3]`,
        `v_ceil_f64 v[4:5], ${w}`,
      );
  for (const mcpu of ['tonga', 'gfx900', 'gfx90a', 'gfx1030'])
    assertLinesAgree(lines, [mcpu], { label: 'modified scalars', verdicts: 'both', countMiss: () => false });
  // (GFX11+: vccz/execz under a modifier are a kept divergence, docs/divergences.md "vccz/execz on GFX11+".)
  assertLinesAgree(lines.filter((l) => !/vccz|execz/.test(l)), ['gfx1100'], { label: 'modified scalars', verdicts: 'both', countMiss: () => false });
  assertLinesAgree(['v_ceil_f16_sdwa v5, |vccz| dst_sel:DWORD dst_unused:UNUSED_PRESERVE', 'v_ceil_f16_sdwa v5, -scc dst_sel:DWORD dst_unused:UNUSED_PRESERVE', 'v_ceil_f32_sdwa v5, |execz| dst_sel:DWORD src0_sel:DWORD', 'v_ceil_f32_sdwa v5, -s1 dst_sel:DWORD src0_sel:DWORD', 'v_add_f32_sdwa v5, -v1, |s2| dst_sel:DWORD src0_sel:DWORD', 'v_add_f32_dpp v5, -s1, |v2| quad_perm:[0,1,2,3]', 'v_ceil_f32_sdwa v5, |v1| dst_sel:DWORD src0_sel:DWORD'], ['tonga'], { label: 'modified scalars', verdicts: 'both' });
});
