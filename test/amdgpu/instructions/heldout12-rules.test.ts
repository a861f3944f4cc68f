/**
 * Found by the session-22 held-out sweep (ROCm's kfdtest shaders, `flat_load_dword v4, v[0:1] scc`
 * in PollNCMemoryIsa, at 26 processors): gpuasm took the `scc` cache-policy bit on every processor,
 * though only gfx90a has it (llvm-mc-19 "scc modifier is not supported on this GPU", on gfx940-942
 * "invalid operand for instruction"). `scc`, a register name that is a modifier in memory
 * instructions only, was never judged against the instruction's modifiers. Now it is: gfx90a's
 * FLAT, GLOBAL, SCRATCH, MUBUF, MTBUF and MIMG instructions take it (with `noscc`), DS and SMEM do
 * not, and no other processor does. Each line beside its twin without the bit, every error line
 * compared with llvm-mc-19 on eight processors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const BASES = [
  'flat_load_dword v4, v[0:1]',
  'flat_store_dword v[0:1], v6',
  'flat_atomic_add v4, v[0:1], v2 glc',
  'global_load_dwordx2 v[4:5], v[0:1], off offset:16',
  'global_atomic_add v[0:1], v2, off',
  'scratch_load_dword v4, v1, off',
  'scratch_store_dword off, v1, s2',
  'buffer_load_dword v1, off, s[0:3], 0',
  'buffer_store_dword v1, v2, s[0:3], s4 offen glc slc',
  'buffer_atomic_add v1, off, s[0:3], 0',
  'tbuffer_load_format_x v1, off, s[0:3], 0 format:4',
  'image_load v[0:3], v[0:1], s[0:7] dmask:0xf',
  'image_sample v[0:3], v[0:1], s[0:7], s[8:11] dmask:0xf',
  'ds_read_b32 v1, v2',
  's_load_dword s1, s[0:1], 0x0',
];
const SUFFIXES = ['', ' scc', ' noscc', ' scc scc', ' slc scc'];
const CPUS = ['gfx803', 'gfx900', 'gfx908', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];

test('the scc cache bit: gfx90a memory instructions only, every error line as llvm-mc-19', { skip }, () => {
  const lines = BASES.flatMap((b) => SUFFIXES.map((s) => b + s));
  const text = lines.join('\n') + '\n';
  let taken = 0;
  let refused = 0;
  for (const mcpu of CPUS) {
    const mc = runLlvmMc(text, { mcpu, filetype: 'null' });
    const theirs = new Set(mc.messages.filter((m) => m.severity === 'error').map((m) => m.line));
    const ours = new Set(checkAmdgpuText('t.s', text, { mcpu }).filter((d) => d.severity === 'error').map((d) => d.location?.line));
    for (let i = 1; i <= lines.length; i++) {
      assert.equal(ours.has(i), theirs.has(i), `${mcpu} line ${i} '${lines[i - 1]}': llvm-mc ${theirs.has(i) ? 'refuses' : 'takes'} it, gpuasm ${ours.has(i) ? 'refuses' : 'takes'} it`);
      if (lines[i - 1]!.includes('scc')) theirs.has(i) ? refused++ : taken++;
    }
  }
  assert.ok(taken > 0 && refused > 0, `both verdicts seen on lines with the bit (${taken} taken, ${refused} refused)`);
});
