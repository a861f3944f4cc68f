/**
 * Differential test against ptxas: small random modules from a grammar (test/harness/ptx-modgen.ts):
 * variables in every state space with linkage and initializers, prototypes and definitions with
 * parameters and return parameters, kernels, nested blocks that shadow names, labels used before
 * their definition or from closed blocks, branches, direct and indirect calls. gpuasm must reject
 * exactly when ptxas does, on ptxas's first-error line.
 *
 * ptxas prints the unresolved labels of a function after its other errors (docs/divergences.md,
 * "PTX module checks"); with several errors, a first-error line that differs only by that order
 * (each tool also reports the other's first line, or ptxas stopped at a fatal error before printing
 * the unresolved label we report first) is counted, not failed. Modules are assembled as
 * a whole program, as `gpuasm check` judges them.
 * Replay with GPUASM_SEED; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { randomModule } from '../../harness/ptx-modgen.js';
import { rng } from '../../harness/ptx-mutate.js';
import { checkPtxText } from '../../../src/ptx/index.js';

/** ptxas errors of instruction typing, which gpuasm does not check (see ptx-mutations.test.ts). */
const INSTRUCTION_TYPING = /Arguments mismatch|instruction types|Illegal operand type|must be register/;

if (ptxasSkipReason) console.log(`ptx random modules differential skipped: ${ptxasSkipReason}`);

test('random PTX modules: verdict and first-error line as ptxas', { skip: ptxasSkipReason }, () => {
  const seed = fuzzSeed();
  const seeds = fc.sample(fc.nat(), { seed, numRuns: fuzzRuns(400) });
  let rejects = 0;
  let agree = 0;
  let reordered = 0;
  let typing = 0;
  const failures: string[] = [];
  for (const s of seeds) {
    const text = randomModule(rng(s));
    const arch = /\.target (sm_\d+)/.exec(text)?.[1] ?? 'sm_80';
    const ptx = runPtxas(text, { arch, name: 'mod' });
    const ours = checkPtxText('m.ptx', text).filter((d) => d.severity === 'error');
    if (!ptx.ok) rejects++;
    const line = ours[0]?.location?.line;
    if (ours.length > 0 === !ptx.ok && (ptx.ok || ptx.firstErrorLine === undefined || line === ptx.firstErrorLine)) {
      agree++;
      continue;
    }
    const first = ptx.messages.find((m) => m.severity !== 'warning');
    if (ours.length > 0 && !ptx.ok) {
      const theirLines = new Set(ptx.messages.map((m) => m.line));
      const ourLines = new Set(ours.map((d) => d.location?.line));
      // A fatal ptxas error (it stops at once) ends the function before ptxas prints its unresolved
      // labels: our earlier unresolved-label error stands where ptxas has none (same order rule).
      const fatalFirst = first?.severity === 'fatal' && ours[0]!.code === 'PTX310' && line !== undefined && line < ptx.firstErrorLine!;
      if ((theirLines.has(line) || fatalFirst) && ourLines.has(ptx.firstErrorLine)) {
        reordered++;
        continue;
      }
      if (first && INSTRUCTION_TYPING.test(first.message)) {
        typing++;
        continue;
      }
    }
    failures.push(
      `module seed ${s}: ptxas ${ptx.ok ? 'accepts' : `line ${ptx.firstErrorLine}: ${first?.message}`}; ` +
        `we ${ours.length ? `line ${line}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accept'}\n${text}`,
    );
  }
  console.log(
    `ptx random modules differential: ${seeds.length} modules, ptxas rejects ${rejects}, agree ${agree}, ` +
      `${reordered} differ only in error order, ${typing} only by instruction typing; seed ${seed}`,
  );
  assert.deepEqual(failures.slice(0, 3), [], `seed ${seed}: ${failures.length} disagreements (replay with GPUASM_SEED=${seed})`);
  // The order escape stays an exception: about 3% of the modules (10-11 of 400 over the seeds tried).
  assert.ok(reordered <= Math.max(3, seeds.length * 0.06), `seed ${seed}: ${reordered} modules differ only in error order (more than 6%)`);
});
