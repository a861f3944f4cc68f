/**
 * The two-thread check (src/ptx/parallel.ts) must give exactly the diagnostics of the one-thread
 * check. Corpus files (accepted, rejected, and with one random break), each split at random
 * module-item boundaries and at random offsets; the test also requires that most splits really
 * used the worker (a test where every case falls back to one thread would prove nothing).
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkPtx } from '../../../src/ptx/index.js';
import { listFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { fuzzRuns, fuzzSeed } from '../../harness/tools.js';
// Node's host: #include reads the file system and the two-thread check has its worker (core/host.ts).
import '../../../src/node/host.js';

if (sharedSkipReason) console.log(sharedSkipReason);

/** Offsets just after a line holding only `}`: where a module item can start. */
function boundaries(text: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf('\n}'); at >= 0; at = text.indexOf('\n}', at + 2)) {
    const next = text.charCodeAt(at + 2);
    if (next === 10) out.push(at + 3);
    else if (next === 13 && text.charCodeAt(at + 3) === 10) out.push(at + 4);
  }
  return out;
}

const BREAKS = ['', ';', '}', '{', '%r1', '.reg .b32 %r<4>;', 'L1:', '@', '.func f();', "'", '\n.version 7.0\n'];

test('ptx parallel check: same diagnostics as one thread, on corpus files split anywhere', { skip: sharedSkipReason }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const files = listFiles(root, '.ptx')
    .map((p) => ({ path: p, text: readFileSync(p, 'latin1') }))
    .filter((f) => f.text.indexOf('#') < 0 && boundaries(f.text).length >= 2);
  assert.ok(files.length > 50, `only ${files.length} corpus files to split`);
  const seed = fuzzSeed();
  const runs = fuzzRuns(60);
  let usedWorker = 0;
  const mismatches: string[] = [];
  fc.assert(
    fc.property(
      fc.nat(files.length - 1),
      fc.nat(),
      fc.nat(),
      fc.constantFrom(...BREAKS),
      fc.boolean(),
      fc.boolean(),
      (fileIndex, where, breakAt, insert, onBoundary, compileOnly) => {
        const file = files[fileIndex]!;
        let text = file.text;
        if (insert !== '') {
          const at = breakAt % text.length;
          text = text.slice(0, at) + insert + text.slice(at);
        }
        const points = boundaries(text);
        const split = onBoundary && points.length > 0 ? points[where % points.length]! : where % text.length;
        // Separate compilation (-c) too: the function facts the worker hands back decide more there.
        const one = checkPtx(file.path, text, { compileOnly }, { parallel: 'never' }).diagnostics;
        const two = checkPtx(file.path, text, { compileOnly }, { parallel: split });
        if (two.parallel?.includes('on a worker')) usedWorker++;
        try {
          assert.deepEqual(two.diagnostics, one);
        } catch {
          mismatches.push(`${file.path}${compileOnly ? ' (-c)' : ''} split at ${split}${insert ? `, ${JSON.stringify(insert)} inserted at ${breakAt % file.text.length}` : ''} (${two.parallel})`);
        }
      },
    ),
    { seed, numRuns: runs },
  );
  console.log(`ptx parallel check: ${runs} splits of ${files.length} corpus files, ${usedWorker} used the worker, seed ${seed}`);
  assert.deepEqual(mismatches, [], `seed ${seed}: the two-thread check differs (replay with GPUASM_SEED=${seed})`);
  assert.ok(usedWorker >= runs / 4, `seed ${seed}: only ${usedWorker} of ${runs} splits used the worker`);
});
