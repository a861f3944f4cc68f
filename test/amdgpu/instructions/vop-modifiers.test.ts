/**
 * `clamp` and the output modifier (`mul:2`, `div:2`) on every VOP1 / VOP2 / VOPC / VOP3 / VOP3P form
 * of the table (written `_e32`, `_e64`, or without suffix for VOP3-only instructions) on gfx1100,
 * gfx1150 and gfx1200, each line judged by llvm-mc-19 and by gpuasm. The GFX12 syntax page (newer
 * than LLVM 19) lists both for integer VOP3 and more; the generator lets llvm-mc-19's probe decide.
 * Lines are built from the table's own operand lists; a form whose plain line llvm-mc-19 refuses is
 * left out (and counted), so that only the modifier is judged.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { instructionInfo, mnemonicsFor, OperandFile } from '../../../src/amdgpu/instructions/table.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';

const GPUS = ['gfx1100', 'gfx1150', 'gfx1200'];
const FAMILIES = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P']);
const MODIFIERS = ['clamp', 'mul:2', 'div:2'];

function plainLines(gpu: string): string[] {
  const out = new Set<string>();
  for (const m of mnemonicsFor(gpu)) {
    for (const f of instructionInfo(m)?.forms ?? []) {
      if (!f.gpus.includes(gpu) || !f.verified || !FAMILIES.has(f.family)) continue;
      if (!(f.form === 'e32' || f.form === 'e64' || (f.form === '' && f.family.startsWith('VOP3')))) continue;
      let v = 10;
      let s = 10;
      const ops: string[] = [];
      for (const o of f.operands) {
        if (o.returnOnly) continue;
        const r = (p: string, b: number) => (o.size === 1 ? `${p}${b}` : `${p}[${b}:${b + o.size - 1}]`);
        if (o.files & OperandFile.V) ops.push(r('v', (v += 8)));
        else if (o.files & OperandFile.S) ops.push(r('s', (s += 8)));
        else if (o.files & OperandFile.SPECIAL) ops.push(o.size === 2 ? 'vcc' : 'vcc_lo');
        else if (o.files & OperandFile.INLINE) ops.push('1');
        else ops.push('0');
      }
      out.add(f.spelled + (ops.length ? ' ' + ops.join(', ') : ''));
    }
  }
  return [...out];
}

describe('clamp / mul: / div: on VOP forms vs llvm-mc-19 (gfx11, gfx12)', () => {
  for (const gpu of GPUS) {
    test(gpu, { skip: llvmMcSkipReason }, () => {
      const plain = plainLines(gpu);
      assert.ok(plain.length > 1000, `${gpu}: only ${plain.length} VOP forms in the table`);
      const lines = plain.flatMap((p) => [p, ...MODIFIERS.map((x) => `${p} ${x}`)]);
      const text = lines.join('\n') + '\n';
      const mc = runLlvmMc(text, { mcpu: gpu });
      assert.ok(!mc.timedOut, 'llvm-mc-19 timed out');
      const mcErr = new Set(mc.messages.filter((m) => m.severity === 'error').map((m) => m.line));
      const ours = new Set(checkAmdgpuText('vop-modifiers.s', text, { mcpu: gpu }).filter((d) => d.severity === 'error').map((d) => d.location?.line ?? 0));
      const differ: string[] = [];
      let judged = 0;
      let refusedPlain = 0;
      let refusedModifier = 0;
      for (let i = 0; i < lines.length; i += 1 + MODIFIERS.length) {
        if (mcErr.has(i + 1)) {
          refusedPlain++;
          continue;
        }
        for (let j = 0; j <= MODIFIERS.length; j++) {
          const n = i + 1 + j;
          judged++;
          if (mcErr.has(n)) refusedModifier++;
          if (mcErr.has(n) !== ours.has(n)) differ.push(`${mcErr.has(n) ? 'gpuasm accepts' : 'false error'}: ${lines[n - 1]}`);
        }
      }
      console.log(`${gpu}: ${plain.length} forms (${refusedPlain} plain lines refused by llvm-mc, left out), ${judged} lines judged, ${refusedModifier} refused by llvm-mc, ${differ.length} differ`);
      // the probe must judge both ways: modifiers llvm-mc refuses and ones it takes
      assert.ok(refusedModifier > 100 && refusedModifier < judged - plain.length, `${gpu}: ${refusedModifier} of ${judged} refused`);
      assert.ok(refusedPlain < plain.length / 20, `${gpu}: ${refusedPlain} plain lines refused`);
      assert.deepEqual(differ.slice(0, 20), [], `${gpu}: ${differ.length} lines differ`);
    });
  }
});
