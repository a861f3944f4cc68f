/**
 * Differential tests of the instruction rules whose facts are not in the table's operand lists,
 * line by line against llvm-mc-19: MIMG data size (dmask, d16, tfe, gather4) on every generation,
 * MIMG `dim:` required from GFX10, GFX11 WMMA operands and modifiers, and VOPD pairs (random pairs
 * of the table's VOPD halves: operands, one literal, two scalar values, register banks), and
 * MUBUF/MTBUF d16 data sizes (packed or not) and `tfe` on every buffer instruction, and
 * lds_direct at every operand position of every VALU, SALU and DS form of the table, and the
 * cache-policy bits of every gfx90a / gfx942 memory form. gpuasm
 * may never reject a line llvm-mc-19 accepts, and must reject every line llvm-mc-19 rejects with
 * the rule's own message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { compareLines, sampleOperands, verifiedValuForms, type LineComparison } from '../../harness/amdgpu-line-compare.js';
import { lookupInstruction, mnemonicsFor, OperandFile as F } from '../../../src/amdgpu/instructions/table.js';
import { HWREG_NAMES } from '../../../src/amdgpu/data/hwreg.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

/** Lines where llvm-mc and gpuasm disagree: false errors, and misses whose llvm-mc message matches `rule`. */
function compare(lines: readonly string[], mcpu: string, rule: RegExp): LineComparison {
  return compareLines(lines, mcpu, (_line, message) => rule.test(message));
}

test('MIMG data size and dim: vs llvm-mc-19', { skip }, () => {
  for (const mcpu of ['gfx600', 'gfx700', 'gfx803', 'gfx810', 'gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const dim = mcpu.startsWith('gfx1') ? ' dim:SQ_RSRC_IMG_1D' : '';
    const lines: string[] = [];
    for (const v of ['v0', 'v[0:1]', 'v[0:2]', 'v[0:3]', 'v[0:4]'])
      for (const m of ['', ' dmask:0x0', ' dmask:0x1', ' dmask:0x3', ' dmask:0x7', ' dmask:0xf'])
        for (const x of ['', ' d16', ' tfe', ' lwe', ' d16 tfe']) {
          lines.push(`image_load ${v}, v0, s[0:7]${m}${x}${dim}`, `image_gather4 ${v}, v0, s[0:7], s[0:3]${m}${x}${dim}`, `image_atomic_cmpswap ${v}, v0, s[0:7]${m}${x}${dim}`, `image_store ${v}, v0, s[0:7]${m}${x}${dim}`, `image_sample ${v}, v0, s[0:7], s[0:3]${m}${x}${dim}`);
          if (dim) lines.push(`image_load ${v}, v0, s[0:7]${m}${x}`);
        }
    const r = compare(lines, mcpu, /image data size|not valid for this GPU or mode/);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
  }
});

test('GFX11 WMMA operands and modifiers vs llvm-mc-19', { skip }, () => {
  const lines: string[] = [];
  for (const m of ['v_wmma_f32_16x16x16_f16', 'v_wmma_f32_16x16x16_bf16', 'v_wmma_f16_16x16x16_f16', 'v_wmma_bf16_16x16x16_bf16', 'v_wmma_i32_16x16x16_iu8', 'v_wmma_i32_16x16x16_iu4'])
    for (const d of ['v[16:23]', 'v[16:19]'])
      for (const a of ['v[0:7]', 'v[0:3]', 'v[0:1]', 's0', '1'])
        for (const c of ['v[16:23]', 'v[16:19]', '1', '1.0', '0x1234', 's[0:7]'])
          for (const x of ['', ' clamp', ' op_sel:[0,0,1]', ' neg_lo:[1,0,0]', ' neg_hi:[0,0,1]', ' op_sel_hi:[1,1,1]']) lines.push(`${m} ${d}, ${a}, ${a}, ${c}${x}`);
  for (const mcpu of ['gfx1100', 'gfx1150']) {
    const r = compare(lines, mcpu, /./);
    assert.ok(r.mcErrors > 0 && r.mcErrors < lines.length, `llvm-mc accepts some and rejects some (${r.mcErrors} of ${lines.length})`);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
  }
});

test('VOPD pairs vs llvm-mc-19 (random pairs of the table\'s halves)', { skip }, () => {
  const seed = fuzzSeed();
  for (const mcpu of ['gfx1100', 'gfx1200']) {
    const x: [string, number][] = [];
    const y: [string, number][] = [];
    for (const m of mnemonicsFor(mcpu)) {
      if (!m.startsWith('v_dual_')) continue;
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (f.form === 'vopdx') x.push([m, f.operands.length]);
        if (f.form === 'vopdy') y.push([m, f.operands.length]);
      }
    }
    const vgpr = fc.nat(11).map((n) => `v${n}`);
    const src = fc.oneof({ weight: 8, arbitrary: vgpr }, { weight: 1, arbitrary: fc.constantFrom('s0', 's1', 's3', 'vcc_lo', 'exec_lo', 'm0', '0x1234', '0x5678', '1.0', '2') });
    const half = (forms: [string, number][]) =>
      fc.tuple(fc.constantFrom(...forms), vgpr, src, fc.array(fc.oneof({ weight: 8, arbitrary: vgpr }, { weight: 1, arbitrary: fc.constantFrom('s2', '0x1234', '0x5678', '1.0') }), { minLength: 2, maxLength: 2 }), fc.nat(40)).map(([[m, n], d, s0, rest, odd]) => {
        const ops = [odd === 0 ? 's1' : d, s0, ...rest].slice(0, n);
        if (m.includes('fmamk')) ops[2] = rest[1]!.startsWith('v') ? '0x1234' : rest[1]!;
        if (m.includes('fmaak') && n > 3) ops[3] = rest[0]!.startsWith('v') ? '0x5678' : rest[0]!;
        if (odd === 1) ops.pop();
        if (odd === 2) ops.push('v1');
        return `${m} ${ops.join(', ')}`;
      });
    const lines = fc.sample(fc.tuple(half(x), half(y)).map(([a, b]) => `${a} :: ${b}`), { seed, numRuns: 1500 });
    const r = compare(lines, mcpu, /./);
    console.log(`VOPD ${mcpu}: ${lines.length} pairs, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors, seed ${seed}`);
    assert.ok(r.mcErrors < lines.length - 100, `enough valid pairs (${lines.length - r.mcErrors})`);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `seed ${seed}: ${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `seed ${seed}: ${r.missed.length} missed`);
  }
});

test('MUBUF/MTBUF d16 data size and tfe vs llvm-mc-19', { skip }, () => {
  for (const mcpu of ['gfx600', 'gfx700', 'gfx803', 'gfx810', 'gfx900', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const lines: string[] = [];
    for (const m of ['buffer_load_format_d16_x', 'buffer_load_format_d16_xy', 'buffer_load_format_d16_xyz', 'buffer_load_format_d16_xyzw', 'buffer_store_format_d16_xy', 'buffer_store_format_d16_xyzw', 'buffer_load_format_d16_hi_x', 'buffer_load_ubyte_d16', 'buffer_load_short_d16_hi'])
      for (const v of ['v1', 'v[1:2]', 'v[1:3]', 'v[1:4]', 'v[1:5]']) for (const x of ['', ' tfe']) lines.push(`${m} ${v}, off, s[4:7], s1${x}`);
    // Every buffer instruction of the table with its data operand one dword larger and tfe.
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      const f = r.status === 'found' ? r.forms[0]! : undefined;
      if (!f || (f.family !== 'MUBUF' && f.family !== 'MTBUF') || !f.operands.length || f.operands[0]!.files === 0 || /_d16/.test(m)) continue;
      const n = f.operands[0]!.size + 1;
      lines.push(`${m} v[2:${1 + n}], off, s[4:7], s1${f.family === 'MTBUF' ? ' format:1' : ''}${/atomic/.test(m) ? ' glc' : ''} tfe`);
    }
    const r = compare(lines, mcpu, /not valid for this GPU or mode/);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${mcpu}: ${r.missed.length} missed`);
  }
});

test('lds_direct at every operand position vs llvm-mc-19', { skip }, () => {
  const families = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA', 'DPP16', 'SOP1', 'SOP2', 'SOPC', 'DS', 'VINTRP', 'MFMA']);
  const REQUIRED: Record<string, string> = { dpp_ctrl: ' quad_perm:[0,1,2,3]', dpp8: ' dpp8:[7,6,5,4,3,2,1,0]', gds: ' gds' };
  for (const mcpu of ['gfx803', 'gfx900', 'gfx908', 'gfx1030']) {
    const lines: string[] = [];
    for (const b of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(b, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || !families.has(f.family) || !f.gpus.includes(mcpu)) continue;
        const ops: string[] = [];
        for (const [k, o] of f.operands.entries()) {
          if (o.optional || o.returnOnly) continue;
          const reg = (p: string, base: number) => (o.size === 1 ? `${p}${base}` : `${p}[${base}:${base + o.size - 1}]`);
          if (o.kind === 'vcc') ops.push(mcpu.startsWith('gfx1') ? 'vcc_lo' : 'vcc');
          else if (o.files & F.V) ops.push(reg('v', 16 * (k + 1)));
          else if (o.files & F.S) ops.push(reg('s', 8 + 12 * k));
          else if (o.files & (F.INLINE | F.EXPR)) ops.push('1');
          else ops.push('?');
        }
        if (ops.includes('?')) continue;
        const req = f.requiredModifiers.map((m) => REQUIRED[m] ?? '').join('');
        for (let k = 0; k < ops.length; k++) lines.push(`${f.spelled} ${ops.map((o, i) => (i === k ? (k % 2 ? 'src_lds_direct' : 'lds_direct') : o)).join(', ')}${req}`);
      }
    }
    // Misses (any message): where a VCC or SGPR operand may be left out, the position is not judged.
    const r = compare(lines, mcpu, /./);
    console.log(`lds_direct ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
    assert.ok(lines.length - r.mcErrors > 300, 'enough accepted lines');
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.ok(r.missed.length <= 100, `${r.missed.length} missed (at most 100): ${r.missed.slice(0, 5).join('; ')}`);
  }
});

test('gfx90a and gfx942 memory cache-policy bits vs llvm-mc-19', { skip }, () => {
  for (const mcpu of ['gfx90a', 'gfx942']) {
    const lines: string[] = [];
    for (const b of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(b, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || !['GLOBAL', 'FLAT', 'SCRATCH', 'MUBUF', 'MTBUF'].includes(f.family)) continue;
        const ops: string[] = [];
        for (const [k, o] of f.operands.entries()) {
          if (o.optional || o.returnOnly) continue;
          const reg = (p: string, base: number) => (o.size === 1 ? `${p}${base}` : `${p}[${base}:${base + o.size - 1}]`);
          if (o.files & F.OFF && (o.kind === 'saddr' || o.kind === 'vaddr')) ops.push('off');
          else if (o.files & F.V) ops.push(reg('v', 16 * (k + 1)));
          else if (o.files & F.S) ops.push(reg('s', 8 + 12 * k));
          else if (o.files & (F.INLINE | F.EXPR)) ops.push('0');
          else ops.push('?');
        }
        if (ops.includes('?')) continue;
        let line = `${f.spelled} ${ops.join(', ')}`;
        if (f.family === 'GLOBAL') line = line.replace(/(v\d+|v\[\d+:\d+\]), off$/, 'v[40:41], off');
        const fmt = f.family === 'MTBUF' ? ' format:1' : '';
        for (const x of ['', ' glc', ' slc', ' scc', ' sc0', ' sc1', ' nt', ' glc slc', ' sc0 sc1', ' offset:4', ' lds', ' dlc']) lines.push(line + fmt + x);
      }
    }
    const r = compare(lines, mcpu, /^$/);
    console.log(`cache bits ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.falseErrors.length} false errors`);
    assert.ok(lines.length - r.mcErrors > 300, 'enough accepted lines');
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
  }
});

/**
 * Source modifiers (`-v`, `|v|`, `sext(v)`) at every VGPR source of every verified VALU form:
 * refused where the table says the position takes none (llvm-mc-19: "not a valid operand."). Lines
 * whose unmodified form llvm-mc-19 refuses are left out. The table is wider than llvm-mc-19 at a
 * few positions (GFX11+ `sext` on 16-bit integer VOP3, `dot2c`): those stay accepted, counted.
 */
test('source modifiers at every VALU source vs llvm-mc-19', { skip }, () => {
  // Measured misses per GPU (the table's wider positions); a new one fails.
  const knownMisses: Record<string, number> = { gfx900: 0, gfx90a: 18, gfx1100: 0, gfx1200: 12 };
  for (const [mcpu, allowed] of Object.entries(knownMisses)) {
    const lines: string[] = [];
    const bases: string[] = [];
    for (const f of verifiedValuForms(mcpu)) {
      const ops = sampleOperands(f);
      for (let i = 1; i < ops.length; i++) {
        if ((f.operands[i]!.files & F.V) === 0) continue;
        for (const w of [`-${ops[i]}`, `|${ops[i]}|`, `sext(${ops[i]})`]) {
          lines.push(`${f.spelled} ${ops.map((o, j) => (j === i ? w : o)).join(', ')}`);
          bases.push(`${f.spelled} ${ops.join(', ')}`);
        }
      }
    }
    const baseErrors = new Set(runLlvmMc(bases.join('\n') + '\n', { mcpu, filetype: 'null' }).messages.filter((m) => m.severity === 'error' && m.line).map((m) => m.line!));
    const kept = lines.filter((_, i) => !baseErrors.has(i + 1));
    const r = compare(kept, mcpu, /not a valid operand|invalid operand/);
    console.log(`source modifiers ${mcpu}: ${kept.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
    assert.ok(r.mcErrors > 100, `${mcpu}: llvm-mc-19 refuses ${r.mcErrors} of ${kept.length} lines`);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.ok(r.missed.length <= allowed, `${mcpu}: ${r.missed.length} missed > ${allowed}:\n${r.missed.slice(0, 10).join('\n')}`);
  }
});

/**
 * GFX12 `th:` and `scope:`: every name of the three types with every scope, on loads, stores and
 * atomics of each memory family (FLAT atomics with and without a returned value), SMEM and the
 * cache-control instructions; numbers, unknown names, repeated modifiers.
 */
test('GFX12 th: and scope: vs llvm-mc-19', { skip }, () => {
  const insts = [
    'global_load_b32 v1, v[2:3], off', 'global_store_b32 v[2:3], v1, off', 'global_atomic_add_u32 v[2:3], v1, off', 'global_atomic_add_u32 v0, v[2:3], v1, off',
    'image_load v0, v0, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D', 'image_store v0, v0, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D', 'image_atomic_swap v0, v0, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D',
    'image_sample v[0:3], v0, s[0:7], s[0:3] dmask:0xf dim:SQ_RSRC_IMG_1D', 'buffer_load_b32 v1, off, s[4:7], s0', 'buffer_store_b32 v1, off, s[4:7], s0', 'buffer_atomic_add_u32 v1, off, s[4:7], s0',
    's_load_b32 s5, s[4:5], 0x0', 's_buffer_load_b32 s5, s[4:7], 0x0', 'scratch_load_b32 v1, off, off', 'scratch_store_b32 off, v1, off', 'flat_load_b32 v1, v[2:3]', 'flat_atomic_cmpswap_b32 v0, v[2:3], v[4:5]',
    'global_inv', 'global_wb', 'tbuffer_load_format_x v1, off, s[4:7], s0 format:[BUF_FMT_32_FLOAT]', 'global_load_tr_b64 v[0:1], v[2:3], off',
  ];
  const policies = ['RT', 'NT', 'HT', 'LU', 'BYPASS', 'RT_WB', 'NT_RT', 'RT_NT', 'NT_HT', 'NT_WB', 'WB', 'RETURN', 'RT_RETURN', 'NT_RETURN', 'CASCADE_RT', 'CASCADE_NT'];
  const ths = ['', 'th:TH_DEFAULT', 'th:0x1', 'th:th_load_nt', 'th:TH_FOO', ...['LOAD', 'STORE', 'ATOMIC'].flatMap((k) => policies.map((p) => `th:TH_${k}_${p}`))];
  const lines: string[] = [];
  for (const i of insts) for (const t of ths) for (const s of ['', 'scope:SCOPE_CU', 'scope:SCOPE_DEV', 'scope:SCOPE_SYS']) lines.push(`${i} ${t} ${s}`.trimEnd());
  lines.push('global_load_b32 v1, v[2:3], off th:TH_LOAD_NT th:TH_LOAD_NT', 'global_load_b32 v1, v[2:3], off scope:SCOPE_SE scope:SCOPE_SE', 'global_load_b32 v1, v[2:3], off scope:SCOPE_FOO', 'global_load_b32 v1, v[2:3], off scope:SCOPE_SE th:TH_LOAD_NT');
  const r = compare(lines, 'gfx1200', /th|scope|identifier|invalid operand/);
  console.log(`th/scope gfx1200: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
  assert.ok(r.mcErrors > 1000);
  assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
  assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
});

/**
 * Special registers in scalar operands of a given size: the register pairs and their halves
 * (`exec`, `vcc`, `flat_scratch`, `xnack_mask`, `tba`, `tma`, `m0`) only where the size fits; the
 * constant sources (`src_shared_base`, `scc`, `src_vccz`, `null`...) anywhere. gpuasm may never
 * refuse what llvm-mc-19 takes (other misses are other rules).
 */
test('special registers in sized scalar operands vs llvm-mc-19', { skip }, () => {
  const names = 'exec exec_lo exec_hi vcc vcc_lo vcc_hi flat_scratch flat_scratch_lo flat_scratch_hi xnack_mask xnack_mask_lo xnack_mask_hi tba tba_lo tma_hi m0 null src_shared_base src_private_limit src_pops_exiting_wave_id src_vccz src_execz src_scc shared_base pops_exiting_wave_id vccz execz scc'.split(' ');
  const forms = ['s_mov_b32 X, s0', 's_mov_b64 X, s[0:1]', 's_mov_b32 s0, X', 's_mov_b64 s[0:1], X', 's_add_u32 s0, X, s1', 's_and_b64 s[0:1], X, s[2:3]', 's_cmp_eq_u64 X, s[0:1]', 's_load_dword s0, X, 0x0', 's_load_dwordx2 X, s[0:1], 0x0', 's_cselect_b64 X, s[0:1], s[2:3]', 's_lshl_b64 s[0:1], X, 1', 's_and_saveexec_b64 X, s[0:1]', 's_getpc_b64 X', 's_load_b32 s0, X, 0x0'];
  const lines = forms.flatMap((f) => names.map((n) => f.replace('X', n)));
  for (const mcpu of ['gfx600', 'gfx803', 'gfx900', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const r = compare(lines, mcpu, /invalid operand/);
    console.log(`special registers ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.falseErrors.length} false errors`);
    assert.ok(r.mcErrors > 100);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    // A half where a pair belongs, and a pair where a half belongs, are found.
    const sizeMisses = r.missed.filter((l) => /s_mov_b64 (exec|vcc|flat_scratch|xnack_mask|tba|tma)_(lo|hi),|s_mov_b32 (exec|vcc|flat_scratch|xnack_mask), /.test(l));
    assert.deepEqual(sizeMisses, []);
  }
});

/**
 * `hwreg(...)`: every hardware register name of data/hwreg.ts (and some of later LLVMs) on one
 * processor of each group, numbers, symbols defined before and after, offsets and widths.
 */
test('hwreg names, codes, offsets and widths vs llvm-mc-19', { skip }, () => {
  const names = [...HWREG_NAMES.keys(), 'HW_REG_WAVE_MODE', 'HW_REG_WAVE_SCHED_MODE', 'HW_REG_SHADER_TBA_LO', 'HW_REG_FOO', 'hw_reg_mode', 'MYREG', 'UNDEF_SYM', '1', '63', '64', '0x3f'];
  const lines = ['.set MYREG, 5'];
  for (const n of names) lines.push(`s_getreg_b32 s0, hwreg(${n})`, `s_setreg_b32 hwreg(${n}, 0, 32), s2`, `s_setreg_imm32_b32 hwreg(${n}, 31, 1), 0x2`);
  for (const [o, w] of [[0, 0], [0, 1], [31, 1], [32, 1], [0, 33], [31, 32]]) lines.push(`s_getreg_b32 s0, hwreg(HW_REG_MODE, ${o}, ${w})`, `s_getreg_b32 s0, hwreg(1, ${o}, ${w})`);
  lines.push('s_getreg_b32 s0, hwreg(LATER)', '.set LATER, 3', 's_getreg_b32 s0, hwreg(LATER)');
  for (const mcpu of ['gfx600', 'gfx900', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const r = compare(lines, mcpu, /./);
    console.log(`hwreg ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
    assert.ok(r.mcErrors > 50);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
  }
});

/** Negative integers at every constant-taking VGPR source of the verified VALU forms: `-100` is a literal, `-16` inline. */
test('negative integer literals at VALU sources vs llvm-mc-19', { skip }, () => {
  for (const mcpu of ['gfx900', 'gfx1100']) {
    const lines: string[] = [];
    for (const f of verifiedValuForms(mcpu)) {
      const ops = sampleOperands(f);
      for (let i = 1; i < ops.length; i++) {
        if ((f.operands[i]!.files & F.V) === 0 || (f.operands[i]!.files & F.INLINE) === 0) continue;
        for (const w of ['-16', '-17', '-100']) lines.push(`${f.spelled} ${ops.map((o, j) => (j === i ? w : o)).join(', ')}`);
      }
    }
    const r = compare(lines, mcpu, /literal/);
    console.log(`negative literals ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
    assert.ok(r.mcErrors > 50);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
  }
});

/** op_sel / op_sel_hi / neg_lo / neg_hi element values (0 or 1) on every verified form that takes them; permlane16's op_sel bits. */
test('op_sel lists vs llvm-mc-19', { skip }, () => {
  for (const mcpu of ['gfx900', 'gfx1100', 'gfx1200']) {
    const lines: string[] = [];
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      for (const f of r.forms) {
        if (!f.verified || f.requiredModifiers.length > 0 || f.operands.some((o) => (o.files & (F.V | F.S)) === 0)) continue;
        const lists = f.modifiers.filter((x) => ['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi'].includes(x));
        if (lists.length === 0) continue;
        const ops = sampleOperands(f);
        for (const l of lists) for (const vals of ['[0,0]', '[1,0]', '[0,1,1]', '[2,0]', '[0,-1]', '[0,0,0,1]', '[0,0,1,0]']) lines.push(`${f.spelled} ${ops.join(', ')} ${l}:${vals}`);
      }
    }
    // Misses counted for the values; which op_sel bits an instruction takes is judged for permlane16 only (v_dot2_f16_f16 and others have rules of their own; the MC-test sweep has the permlane16 lines).
    const r = compare(lines, mcpu, /value/);
    console.log(`op_sel lists ${mcpu}: ${lines.length} lines, llvm-mc rejects ${r.mcErrors}, ${r.missed.length} missed, ${r.falseErrors.length} false errors`);
    assert.ok(r.mcErrors > 100);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${r.missed.length} missed`);
  }
});
