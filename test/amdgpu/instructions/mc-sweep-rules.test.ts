/**
 * Differential tests of the rules added for the MC-test lines found when the sweep
 * (mc-tests.test.ts) took in every file and RUN configuration (session 11), line by line against
 * llvm-mc-19 on matrices of valid and broken lines over the instructions and GPUs each rule
 * covers: the named scalar sources on the constant bus, modifier words where an operand is still
 * missing (symbols to llvm-mc-19), and floating-point literals a 32-bit or 64-bit integer operand
 * cannot take (every verified VALU/SALU form's first source, on seven GPUs). gpuasm may never reject a line llvm-mc-19 accepts, and
 * must reject the lines it rejects.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor, OperandFile as F } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const GPUS = ['tahiti', 'bonaire', 'gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1200'];

test('named scalar sources (scc, vccz, execz, apertures) on the constant bus', { skip }, () => {
  const names = ['scc', 'vccz', 'execz', 'shared_base', 'shared_limit', 'private_base', 'private_limit', 'pops_exiting_wave_id'].flatMap((n) => [n, `src_${n}`]);
  const lines: string[] = [];
  for (const n of names) {
    for (const other of ['s1', 'v1', 'vcc_lo', n, n.startsWith('src_') ? n.slice(4) : `src_${n}`, 'src_scc', '0x1234', '1'])
      lines.push(`v_add_f32_e64 v0, ${n}, ${other}`, `v_add_f32_e64 v0, ${other}, ${n}`);
    lines.push(
      `v_add_f32 v0, ${n}, v1`,
      `v_fma_f32 v0, ${n}, v1, s2`,
      `v_fma_f32 v0, v1, ${n}, ${n}`,
      `v_div_fmas_f32 v0, ${n}, v0, v1`,
      `v_cmp_eq_f32_e64 s[0:1], ${n}, s0`,
      `v_cmp_eq_f32_e64 vcc_lo, ${n}, v0`,
      `v_cndmask_b32_e64 v0, ${n}, v1, s[0:1]`,
      `v_madak_f32 v0, ${n}, v0, 0x11213141`,
      `v_pk_add_f16 v0, ${n}, s1`,
      `v_pk_add_f16 v0, ${n}, v1`,
      `v_addc_co_u32 v0, vcc, ${n}, v0, vcc`,
    );
  }
  assertLinesAgree(lines, GPUS, { label: 'bus sources', verdicts: 'both' });
});

test('modifier words where an operand is still missing are operands (symbols)', { skip }, () => {
  const words = ['gds', 'glc', 'slc', 'clamp', 'offen', 'idxen', 'scc', 'tfe', 'lds', 'nv', 'dlc', 'sc0', 'nt', 'a16', 'd16', 'noglc', 'row_mirror'];
  const lines: string[] = ['.globl gds'];
  for (const w of words)
    lines.push(
      `s_mov_b32 s0, ${w}`,
      `s_mov_b32 s0 ${w}`,
      `s_add_u32 s0, s1, ${w}`,
      `s_mov_b64 s[0:1], ${w}`,
      `v_mov_b32 v0, ${w}`,
      `v_mov_b32_e32 v0, ${w}`,
      `v_mov_b32_e64 v0, ${w}`,
      `v_add_f32 v0, v1, ${w}`,
      `v_add_f32 v0, v1 ${w}`,
      `v_add_f32 v0, ${w}, v1`,
      `v_add_f32_e64 v0, v1, ${w}`,
      `v_pk_add_u16 v2, v3 ${w}`,
      `v_add_nc_u32 v0, v1 ${w}`,
      `v_bfe_u32 v0, v1, v2 ${w}`,
      `v_cmp_eq_f32 vcc, v1, ${w}`,
      `s_cmp_eq_u32 s0, ${w}`,
      `buffer_load_dword v0, off, s[0:3], ${w}`,
      `buffer_atomic_add v0, off, s[0:3], ${w} offset:4095`,
      `s_mov_b32 s0, ${w} glc`,
    );
  assertLinesAgree(lines, GPUS, { label: 'words as operands', verdicts: 'both' });
});

test('floating-point literals: none in a 64-bit integer operand, none overflowing or underflowing 32 bits', { skip }, () => {
  const values = ['1.5', '-3.1415', '1e-70', '2.3509886e-38', '1e-40', '1.401298464324817e-45', '3.402823e+38', '3.5e+38', '1.0e300', '100000000000000000000000.0', '0.5', '0.15915494309189532'];
  for (const mcpu of ['tahiti', 'gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || !/^(VOP1|VOP2|VOPC|VOP3|SOP1|SOP2|SOPC)$/.test(f.family) || f.requiredModifiers.length > 0 || f.operands.length < 2) continue;
        // The first source: the first operand that takes a literal or an inline constant.
        const at = f.operands.findIndex((o) => (o.kind === 'src' || o.kind === 'ssrc') && (o.files & (F.LITERAL | F.INLINE)) !== 0);
        if (at < 0 || f.operands.some((o) => (o.files & (F.V | F.S | F.INLINE | F.LITERAL)) === 0)) continue;
        let v = 20;
        const ops = f.operands.map((o) => {
          const file = o.files & F.V ? 'v' : 's';
          const reg = o.size === 1 ? `${file}${v}` : `${file}[${v}:${v + o.size - 1}]`;
          v += 8;
          return reg;
        });
        for (const x of values) {
          ops[at] = x;
          lines.push(`${f.spelled} ${ops.join(', ')}`);
        }
      }
    }
    // Misses counted for this rule's refusal only ("invalid operand for instruction"), not for
    // 16-bit and packed operands, 1/(2*pi) (inline on GFX8+), values below 2^-18 (maybe 0 or a
    // small integer by their bits in some type: floatMaybeInline; judged by type only for
    // overflow/underflow and 64-bit integers), nor for GFX6-7's `v_*_co_u32` (llvm-mc-19: "operands are not valid for
    // this GPU or mode" on any operands; gpuasm does not judge them, another gap); every line is
    // judged, so no false error may come of them.
    const gfx67 = mcpu === 'tahiti' || mcpu === 'bonaire';
    assertLinesAgree(lines, [mcpu], { label: 'float literals', verdicts: 'both', countMiss: (line, mc) => mc === 'invalid operand for instruction' && !(gfx67 && /_co_u32/.test(line)) && !/(?:^|_)(?:pk|[fbiu]16|bf16)(?:_|\s)/.test(line) && !/0\.159154|e-45|e-38|e-40|e-70/.test(line) });
  }
});

test('`_e32` on a non-VALU instruction: the instruction itself, with all its rules', { skip }, () => {
  for (const mcpu of ['tahiti', 'gfx900', 'gfx1030', 'gfx1200']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      if (m.startsWith('v_')) continue;
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found' || r.forms.length !== 1) continue;
      const f = r.forms[0]!;
      if (!f.verified || f.requiredModifiers.length > 0 || !/^(SOP1|SOP2|SOPC|SOPK|SMEM|DS)$/.test(f.family)) continue;
      if (f.operands.some((o) => (o.files & (F.V | F.S)) === 0)) continue;
      let v = 20;
      const ops = f.operands.map((o) => {
        const file = o.files & F.S ? 's' : 'v';
        const reg = o.size === 1 ? `${file}${v}` : `${file}[${v}:${v + o.size - 1}]`;
        v += 8;
        return reg;
      });
      // As written, one operand fewer, the first source a VGPR, the first source the float 1.5.
      lines.push(`${m}_e32 ${ops.join(', ')}`, `${m}_e32 ${ops.slice(0, -1).join(', ')}`);
      if (ops.length > 1) lines.push(`${m}_e32 ${[ops[0], ops[1]!.replace(/^s/, 'v'), ...ops.slice(2)].join(', ')}`);
      // (A float SMEM offset is refused as not a 21-bit offset, with or without the suffix: not judged, another gap.)
      if (ops.length > 1 && f.family !== 'SMEM') lines.push(`${m}_e32 ${[ops[0], '1.5', ...ops.slice(2)].join(', ')}`);
    }
    assertLinesAgree(lines, [mcpu], { label: '_e32', verdicts: 'both' });
  }
});

test('madak/madmk/fmaak/fmamk: K is a literal whatever its value (bus and unique literal)', { skip }, () => {
  const lines: string[] = [];
  for (const m of ['v_madak_f32', 'v_madmk_f32', 'v_madak_f16', 'v_madmk_f16', 'v_fmaak_f32', 'v_fmamk_f32', 'v_fmaak_f16', 'v_fmamk_f16'])
    for (const src of ['v1', 's1', 'vcc_lo', '1', '0xff32ff', '0xff32', '1.5', '-1', 'scc'])
      for (const k of ['1', '0', '-1', '0xff32ff', '0xff32', '0x11213141', '1.5']) {
        if (m.includes('ak')) lines.push(`${m} v0, ${src}, v0, ${k}`);
        else lines.push(`${m} v0, ${src}, ${k}, v0`);
      }
  // (A 16-bit K or source wider than 16 bits, "invalid operand for instruction", is the 16-bit
  // literal range, not judged: docs/divergences.md. Judged all the same: no false error.)
  assertLinesAgree(lines, ['tahiti', 'gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1200'], { label: 'K', verdicts: 'both', countMiss: (line, mc) => !(line.includes('_f16') && mc === 'invalid operand for instruction') });
});

test('ds_gws_init/sema_br/barrier: an even data register on gfx90a and gfx940-942', { skip }, () => {
  const lines: string[] = [];
  for (const m of ['ds_gws_init', 'ds_gws_sema_br', 'ds_gws_barrier', 'ds_gws_sema_v', 'ds_gws_sema_p'])
    for (const r of ['v0', 'v1', 'v2', 'v255', 'a1', 'a2', 'V3', 's1'])
      for (const tail of [' offset:4 gds', ' gds', ' offset:65535 gds']) lines.push(`${m} ${r}${tail}`);
  assertLinesAgree(lines, ['gfx900', 'gfx908', 'gfx90a', 'gfx940', 'gfx942', 'gfx1030'], { label: 'gws', verdicts: 'both' });
});

test('register names are lower case: `V0`, `A1`, `S2` are symbols to llvm-mc-19', { skip }, () => {
  const lines: string[] = [];
  for (const r of ['V1', 'S1', 'A1', 'V300', 'S200', 'v1', 's1'])
    lines.push(`v_mov_b32 v0, ${r}`, `v_mov_b32 ${r}, v0`, `s_mov_b32 s0, ${r}`, `s_mov_b32 ${r}, s0`, `v_add_f32_e64 v0, ${r}, v1`, `v_mov_b32_e64 v0, ${r}`, `ds_gws_init ${r} gds`, `global_load_dword v0, ${r}, off`, `s_add_u32 s0, ${r}, s1`);
  // Misses counted only where the name is the destination (a symbol cannot be written to): a
  // symbol as a source is a literal to llvm-mc-19, which gpuasm does not model (docs/divergences.md).
  assertLinesAgree(lines, ['tahiti', 'gfx900', 'gfx908', 'gfx90a', 'gfx1030', 'gfx1200'], { label: 'case', verdicts: 'both', countMiss: (line) => /^\S+ [VSA]\d/.test(line) && !line.startsWith('ds_gws') });
});
