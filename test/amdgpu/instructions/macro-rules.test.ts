/**
 * The rules of session 14, line by line against llvm-mc-19 (skipped with the reason printed where it
 * is missing): `sendmsg(...)` (AMD554, data/sendmsg.ts) and `swizzle(...)` (AMD555,
 * data/swizzle.ts) on matrices of every name, operation, stream and argument value around the
 * limits, with llvm-mc-19's message as the start of gpuasm's; a float operand followed by an
 * operator (parser.ts, floatJoins) and `-sym` (a relocatable expression) at every source of every
 * verified SALU/VALU/SMEM form and every SOPP/SOPK immediate; the `.kernel.*` symbols llvm-mc-19
 * maintains on non-amdhsa triples.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, assertSameAnswers } from '../../harness/amdgpu-line-compare.js';
import { dppControl, formOperands } from '../../harness/amdgpu-form-operands.js';
import { lookupInstruction, mnemonicsFor } from '../../../src/amdgpu/instructions/table.js';
import { SENDMSG_GS_OPS, SENDMSG_MESSAGES, SENDMSG_SYS_OPS } from '../../../src/amdgpu/data/sendmsg.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

/** Every message name (of any GPU, and unknown ones), ids around the limits, each with every operation and stream. */
function sendmsgMatrix(prefix: string): string[] {
  const names = [...SENDMSG_MESSAGES.map((m) => m.name), 'MSG_SAVEWAVE_HAS_TDM', 'MSG_FOO', 'msg_interrupt', 'known', 'later'];
  const ids = ['0', '1', '2', '3', '9', '14', '15', '16', '127', '128', '135', '255', '256', '-1', '1+1'];
  const ops = [...SENDMSG_GS_OPS.map((o) => o.name), ...SENDMSG_SYS_OPS.map((o) => o.name), 'GS_OP_FOO', '0', '1', '3', '4', '7', '8', '-1'];
  const out = ['known = 2'];
  for (const m of [...names, ...ids]) {
    out.push(`${prefix}sendmsg(${m})`);
    for (const o of ops) {
      out.push(`${prefix}sendmsg(${m}, ${o})`);
      if (o.startsWith('GS_OP') || /^\d$/.test(o)) for (const s of ['0', '3', '4', '-1', 'later']) out.push(`${prefix}sendmsg(${m}, ${o}, ${s})`);
    }
  }
  out.push(`${prefix}sendmsg()`, `${prefix}sendmsg(MSG_GS, GS_OP_CUT, 0, 0)`, `${prefix}sendmsg(MSG_INTERRUPT`);
  out.push('later = 1');
  return out;
}

const SENDMSG_GPUS = ['tahiti', 'bonaire', 'tonga', 'gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200'];

test('sendmsg(...): every name, operation and stream on 13 GPUs (s_sendmsg), s_sendmsghalt and s_sendmsg_rtn_b32', { skip }, () => {
  const codes = new Set(['AMD554']);
  const m = sendmsgMatrix('s_sendmsg ');
  for (const mcpu of SENDMSG_GPUS) {
    const { refused } = assertSameAnswers(m, mcpu, codes);
    assert.ok(refused > 0 && refused < m.length - 100, `${mcpu}: the matrix needs both verdicts`);
  }
  for (const mcpu of ['tahiti', 'gfx1100']) assertSameAnswers(sendmsgMatrix('s_sendmsghalt '), mcpu, codes);
  for (const mcpu of ['gfx1100', 'gfx1200']) assertSameAnswers(sendmsgMatrix('s_sendmsg_rtn_b32 s0, '), mcpu, codes);
});

function swizzleMatrix(): string[] {
  const p = 'ds_swizzle_b32 v0, v1 offset:';
  const out = ['known = 2'];
  const lanes = ['0', '3', '4', '-1'];
  for (const a of lanes) for (const b of lanes) out.push(`${p}swizzle(QUAD_PERM, ${a}, ${b}, 2, ${b === '3' ? a : '1'})`);
  for (const g of ['-1', '0', '1', '2', '3', '4', '8', '16', '17', '32', '33', '64', 'known', 'later', '1+1']) {
    for (const l of ['-1', '0', '1', '3', '15', '31', '32']) out.push(`${p}swizzle(BROADCAST, ${g}, ${l})`);
    out.push(`${p}swizzle(BROADCAST, ${g})`, `${p}swizzle(BROADCAST, ${g}, 0, 0)`);
    for (const mode of ['SWAP', 'REVERSE']) out.push(`${p}swizzle(${mode}, ${g})`, `${p}swizzle(${mode}, ${g}, 0)`);
  }
  for (const s of ['"01pi0"', '"00000"', '"0000"', '"000000"', '"01pix"', '""', '"PPPPP"', '"iiiii"', '5', 'known', '"01pi0", 1']) out.push(`${p}swizzle(BITMASK_PERM, ${s})`);
  for (const s of ['swizzle(BITMASK_PERM)', 'swizzle(SWAP)', 'swizzle(QUAD_PERM, 0, 1, 2)', 'swizzle(QUAD_PERM, 0, 1, 2, 3, 0)', 'swizzle(FFT, 5)', 'swizzle(ROTATE, 0, 1)', 'swizzle(quad_perm, 0, 1, 2, 3)', 'swizzle(0, 0)', 'swizzle()', 'swizzle', 'swizzle(known)'])
    out.push(p + s);
  for (const s of ['0', '65535', '65536', '-1', 'known', 'later', '1.0', '0.0', 'known + 1']) out.push(p + s);
  out.push('later = 1');
  return out;
}

test('swizzle(...): every mode with arguments around their limits on 11 GPUs', { skip }, () => {
  const m = swizzleMatrix();
  for (const mcpu of ['tahiti', 'bonaire', 'tonga', 'gfx900', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200']) {
    const { refused } = assertSameAnswers(m, mcpu, new Set(['AMD555']));
    assert.ok(refused > 0 && refused < m.length - 30, `${mcpu}: the matrix needs both verdicts`);
  }
});

const RELOC_FAMILIES = /^(SOP1|SOP2|SOPC|SOPK|VOP1|VOP2|VOPC|VOP3|VOP3P|SMEM|SDWA|DPP16|DPP8)$/;

/** Every verified SALU/VALU/SMEM form with `put` at each source, immediate or offset (as reloc-rules.test.ts). */
function sourceMatrix(mcpu: string, put: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of mnemonicsFor(mcpu)) {
    const r = lookupInstruction(m, mcpu);
    if (r.status !== 'found') continue;
    for (const f of r.forms) {
      if (!f.verified || !RELOC_FAMILIES.test(f.family)) continue;
      const ops = formOperands(f);
      if (!ops) continue;
      const dpp = dppControl(f);
      if (dpp === '' && f.requiredModifiers.length) continue;
      const spec = f.operands.filter((o) => !o.returnOnly);
      for (let i = 0; i < spec.length; i++) {
        if (!['src', 'ssrc', 'vsrc', 'imm'].includes(spec[i]!.kind) && !/offset/.test(spec[i]!.name)) continue;
        for (const x of put) out.push(`${f.spelled} ${ops.map((o, j) => (j === i ? x : o)).join(', ')}${dpp}`);
      }
    }
  }
  return out;
}

for (const mcpu of ['tahiti', 'tonga', 'gfx900', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200']) {
  test(`a float followed by an operator, and -sym, at every source of every SALU/VALU/SMEM form: ${mcpu}`, { skip }, () => {
    assertLinesAgree(sourceMatrix(mcpu, ['0.5 + 1', '-2.0 - 1', '1.0 +x', '-u', '-known']), [mcpu], {
      label: 'float-split',
      verdicts: 'both',
      // Not judged: the SOPK immediates that take names too, as in reloc-rules.test.ts, and GFX12 SMEM offsets.
      countMiss: (line) => !/^s_(version|waitcnt_\w+|getreg_b32|setreg_b32|sendmsg_rtn_b(32|64)) |^s_(atc_probe|buffer_load|load|prefetch|buffer_prefetch)\w* .*, -u$|^(v_(add|sub|subrev)_co_u32|v_writelane_b32|v_readlane_b32)(_e32|_e64)? |-known/.test(line),
    });
  });
}

test('a float, a float followed by an operator, a symbol and an expression as the immediate of every SOPP/SOPK instruction (joined where llvm-mc reads its own expression; ranges, branch targets, hwreg values)', { skip }, () => {
  for (const mcpu of ['tahiti', 'tonga', 'gfx900', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200']) {
    const lines: string[] = ['big = 0x10000'];
    for (const m of mnemonicsFor(mcpu)) {
      const r = lookupInstruction(m, mcpu);
      if (r.status !== 'found') continue;
      const f = r.forms.find((x) => (x.family === 'SOPP' || x.family === 'SOPK') && x.verified);
      if (!f) continue;
      const ops = formOperands(f);
      if (!ops || ops.length === 0) continue;
      for (let i = 0; i < ops.length; i++) if (ops[i] === '0') for (const x of ['0.0 + 1', '-0.0 + 1', '1.0 - 1', '1.0', '-0.0', '0.0', 'big', 'big - 0xffff', '-u', 'u + 1', '0x10000', '-1', '-0x8001']) lines.push(`${f.spelled} ${ops.map((o, j) => (j === i ? x : o)).join(', ')}`);
    }
    assertLinesAgree(lines, [mcpu], { label: 'sopp-float', verdicts: 'both' });
  }
});

test('.kernel.vgpr_count / .kernel.sgpr_count / .kernel.agpr_count (non-amdhsa) and .amdgcn.next_free_* (amdhsa) as register indices', { skip }, () => {
  const lines = [
    '.amdgpu_hsa_kernel K',
    'K:',
    'A = .kernel.vgpr_count',
    'v_mov_b32_e32 v[A], s0',
    'B = .kernel.sgpr_count + 3',
    's_load_dwordx4 s[B:B+3], s[0:1], 0x0',
    'v_mov_b32_e32 v[.kernel.vgpr_count], v[A]',
    'v_mov_b32_e32 v[.kernel.agpr_count], s0',
    'v_mov_b32_e32 v[undefined_sym], s0',
    'C = .amdgcn.next_free_vgpr',
    'v_mov_b32_e32 v[C], s0',
    '.byte .kernel.vgpr_count',
  ];
  for (const triple of ['amdgcn-pc-linux-gnu', 'amdgcn-amd-amdpal'])
    for (const mcpu of ['generic', 'gfx900', 'gfx908', 'gfx1100']) assertLinesAgree(lines.filter((l) => !l.includes('next_free') && !/^C|\[C\]/.test(l)), [mcpu], { label: `kernel-scope ${triple}`, triple, verdicts: 'broken' });
  const hsa = lines.filter((l) => !l.includes('.kernel.') && !l.startsWith('.amdgpu_hsa_kernel') && !/\[A\]|\[B/.test(l));
  assertLinesAgree(hsa, ['gfx900', 'gfx1100'], { label: 'next_free amdhsa', verdicts: 'broken' });
});
