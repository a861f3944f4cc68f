/**
 * Differential tests of the rules added for MC-test lines the sweep (mc-tests.test.ts) listed as
 * missed (session 12), line by line against llvm-mc-19 on matrices of valid and broken lines over
 * the instructions and GPUs each rule covers. gpuasm may never reject a line llvm-mc-19 accepts,
 * and must reject the lines it rejects.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor, OperandFile as F, type FormSpec } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

/** A line for a form: VGPRs, SGPRs, `off` or 0 by what each position takes, a DPP control where the form needs one; undefined if a position takes none of those. */
function formLine(f: FormSpec): { ops: string[]; line: (ops: readonly string[]) => string } | undefined {
  let v = 1;
  let s = 0;
  const ops: string[] = [];
  for (const o of f.operands) {
    if (o.returnOnly) continue;
    const n = o.size;
    if (o.files & F.V) {
      ops.push(n === 1 ? `v${v}` : `v[${v}:${v + n - 1}]`);
      v += n + 1;
    } else if (o.files & F.S) {
      ops.push(n === 1 ? `s${s}` : `s[${s}:${s + n - 1}]`);
      s += n + 2;
    } else if (o.files & (F.INLINE | F.LITERAL | F.EXPR)) ops.push('0');
    else if (o.files & F.OFF) ops.push('off');
    else return undefined;
  }
  const mods = f.form === 'dpp' || f.form === 'e64_dpp' ? ' quad_perm:[0,1,2,3]' : f.form === 'dpp8' || f.form === 'e64_dpp8' ? ' dpp8:[0,1,2,3,4,5,6,7]' : '';
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
