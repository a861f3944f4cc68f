/**
 * Where a literal's error goes (session 26): llvm-mc-19 places "literal operands are not supported"
 * (VOP3 before GFX10) at the last operand that is a literal or a floating-point token in a 16- or
 * 32-bit operand (inline or not: `v_fma_f32 v0, 0x12345, v1, 1.0` at the `1.0`), searching from the
 * end, and inside `|..|`, `-|..|` and `neg(..)`; and "only one unique literal operand is allowed"
 * (GFX10+) at the literal inside its modifiers. gpuasm placed both at the first literal's operand.
 * Lines drawn at random (seed printed) and judged by llvm-mc-19 each run: the same lines refused,
 * and for these two messages the same column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const VALUES = ['0x12345', '0x23456', '1', '-1', '64', '1.0', '-0.5', '1.5', '2.5', '|0x23456|', '-|2.0|', 'neg(1.0)', 'neg(0x3456)', '-0x12345', '0x3f800000'];
/** [mnemonic and destination, sources, 64-bit source positions]. */
const FORMS: [string, number, number[]][] = [
  ['v_fma_f32 v0', 3, []],
  ['v_add_f32_e64 v0', 2, []],
  ['v_mad_u32_u24 v0', 3, []],
  ['v_fma_f16 v0', 3, []],
  ['v_add_f16_e64 v0', 2, []],
  ['v_bfe_u32 v0', 3, []],
  ['v_cndmask_b32_e64 v0', 2, []],
  ['v_cmp_lt_f32_e64 s[0:1]', 2, []],
  ['v_ldexp_f64 v[0:1]', 2, [0]],
  ['v_fma_f64 v[0:1]', 3, [0, 1, 2]],
  ['v_mad_u64_u32 v[0:1], s[0:1]', 3, [2]],
];

test('a literal refused or repeated is reported where llvm-mc-19 places it', { skip }, () => {
  const seed = fuzzSeed();
  const runs = fuzzRuns(120);
  console.log(`literal columns: seed ${seed} (GPUASM_SEED=${seed} to replay), ${runs} lines per processor`);
  const source = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...VALUES) }, { weight: 1, arbitrary: fc.constant('REG') });
  const line = fc.tuple(fc.constantFrom(...FORMS), fc.array(source, { minLength: 3, maxLength: 3 })).map(([[head, n, wide], vals]) =>
    `${head}, ${vals.slice(0, n).map((v, i) => (v === 'REG' ? (wide.includes(i) ? 'v[2:3]' : `v${i + 1}`) : v)).join(', ')}${head.startsWith('v_cndmask') ? ', s[0:1]' : ''}`,
  );
  let placed = 0;
  for (const [i, mcpu] of ['gfx700', 'gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100'].entries()) {
    const lines = [...new Set(fc.sample(line, { numRuns: runs, seed: seed + i }))];
    const text = lines.join('\n') + '\n';
    const mc = runLlvmMc(text, { mcpu, filetype: 'null' });
    const ours = checkAmdgpuText('t.s', text, { mcpu }).filter((d) => d.severity === 'error');
    const problems: string[] = [];
    for (const [k, l] of lines.entries()) {
      const theirs = mc.messages.filter((m) => m.severity === 'error' && m.line === k + 1);
      const mine = ours.filter((d) => d.location?.line === k + 1);
      if ((theirs.length > 0) !== (mine.length > 0)) problems.push(`${mcpu} ${l}: llvm-mc ${theirs.map((m) => m.message).join(' | ') || 'takes it'}; gpuasm ${mine.map((d) => d.message).join(' | ') || 'takes it'}`);
      const t = theirs[0];
      if (!t || !/^(literal operands are not supported|only one unique literal operand is allowed)$/.test(t.message)) continue;
      placed++;
      if (!mine.some((d) => d.location?.column === t.column)) problems.push(`${mcpu} ${l}: llvm-mc at column ${t.column} (${t.message}); gpuasm ${mine.map((d) => `${d.location?.column} ${d.message}`).join(' | ')}`);
    }
    assert.deepEqual(problems, [], `seed ${seed}`);
  }
  assert.ok(placed > 100, `lines with a placed literal error: ${placed} (seed ${seed})`);
  console.log(`literal columns: ${placed} literal errors placed as llvm-mc-19 places them (seed ${seed})`);
});
