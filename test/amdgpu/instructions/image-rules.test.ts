/**
 * Differential test of the MIMG rules (src/amdgpu/instructions/image.ts, data/mimg.ts) against
 * llvm-mc-19: random image lines (test/harness/amdgpu-image-lines.ts: any image mnemonic of the
 * GPU, dims, dmask, d16, a16, tfe/lwe, data and address registers as tuples or NSA lists of random
 * sizes, descriptors, one fault in about half of them) on GFX6 to GFX11, line by line. gpuasm may
 * never reject a line llvm-mc-19 accepts, and must reject every line llvm-mc-19 rejects.
 * GPUASM_SEED replays a run, GPUASM_FUZZ_RUNS sets the lines per GPU.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason } from '../../harness/tools.js';
import { compareLines } from '../../harness/amdgpu-line-compare.js';
import { imageLineArb, imageMnemonics } from '../../harness/amdgpu-image-lines.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const GPUS = ['gfx600', 'gfx700', 'gfx803', 'gfx810', 'gfx900', 'gfx90a', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1150'];

test('MIMG lines (address, data, dmask, descriptors, BVH, msaa_load) vs llvm-mc-19', { skip }, () => {
  const seed = fuzzSeed();
  const runs = fuzzRuns(300);
  console.log(`image lines: seed ${seed} (GPUASM_SEED=${seed} to replay), ${runs} lines per GPU`);
  let total = 0;
  let errors = 0;
  for (const [i, mcpu] of GPUS.entries()) {
    const lines = fc.sample(imageLineArb(mcpu, imageMnemonics(mcpu)), { numRuns: runs, seed: seed + i });
    const r = compareLines(lines, mcpu, () => true);
    total += lines.length;
    errors += r.mcErrors;
    // Both verdicts are common, or the test proves little.
    assert.ok(r.mcErrors > lines.length / 10 && r.mcErrors < lines.length * 0.9, `${mcpu}: llvm-mc-19 rejects ${r.mcErrors} of ${lines.length} (seed ${seed})`);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${mcpu}: ${r.falseErrors.length} false errors (seed ${seed})`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${mcpu}: ${r.missed.length} missed (seed ${seed})`);
  }
  console.log(`image lines: ${total} lines on ${GPUS.length} GPUs, llvm-mc-19 rejects ${errors}; gpuasm agrees on every line (seed ${seed})`);
});
