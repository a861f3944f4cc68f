/**
 * Differential: valid forms from the syntax reference (session 18's held-out source, bounded). A seeded
 * draw of forms, each made a concrete line (test/harness/ptx-valid-forms.ts), goes through ptxas 13.0 at a
 * drawn target, batched: one kernel per 40 lines, the lines ptxas names removed and the rest run again until
 * it passes (a batch it crashes on is halved; a line it crashes on alone is dropped). Every line ptxas takes
 * must pass checkPtxText alone in the same module: no false error. (Lines ptxas refuses are not judged here:
 * many are the generator's rough operand guesses.) Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS
 * (lines per run, default 500).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzRuns, fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { ptxasRefusedLines } from '../../harness/ptxas-lines.js';
import { FormLineGenerator, kernelDeclarations, moduleHeader } from '../../harness/ptx-valid-forms.js';
import { checkPtxText } from '../../../src/ptx/index.js';

const TARGETS: readonly [string, string][] = [['sm_80', '9.0'], ['sm_90a', '9.0'], ['sm_100a', '9.0'], ['sm_120a', '9.0'], ['sm_103a', '9.0'], ['sm_110a', '9.0'], ['sm_80', '7.0']];
const PER_KERNEL = 40;
let runs = 0;

/** Which lines ptxas takes at `arch` (PER_KERNEL lines a kernel with kernelDeclarations, 400 a run). */
function ptxasTakes(lines: readonly string[], arch: string, version: string): boolean[] {
  const head = moduleHeader(arch, version);
  const decls = kernelDeclarations(version);
  const r = ptxasRefusedLines(lines.map((text) => ({ head, arch, decls, text })), { perKernel: PER_KERNEL, perFile: 400, kernelTail: 'L_end:\nret;\n}\n' });
  runs = r.runs;
  return r.refused.map((x) => !x);
}

test('valid forms from the syntax reference: no false error', { skip: ptxasSkipReason }, () => {
  const seed = fuzzSeed();
  const count = fuzzRuns(500);
  const gen = new FormLineGenerator(seed);
  const forms = FormLineGenerator.forms();
  const [arch, version] = TARGETS[Math.abs(seed) % TARGETS.length]!;
  const lines: string[] = [];
  // Every form once in turn from a drawn start, then again: the forms spread over the runs.
  for (let i = 0; i < count; i++) {
    const f = forms[(Math.abs(seed) + i * 7) % forms.length]!;
    lines.push(gen.line(f.family, f.form, f.sets));
  }
  const takes = ptxasTakes(lines, arch, version);
  const falseErrors: string[] = [];
  lines.forEach((l, i) => {
    if (!takes[i]) return;
    const text = `${moduleHeader(arch, version)}.visible .entry k()\n{\n${kernelDeclarations(version)}${l}\nL_end:\nret;\n}\n`;
    const e = checkPtxText('forms.ptx', text).filter((d) => d.severity === 'error');
    if (e.length > 0) falseErrors.push(`${l}  -> ${e[0]!.code} ${e[0]!.message}`);
  });
  const accepted = takes.filter(Boolean).length;
  console.log(`valid forms: seed ${seed} (GPUASM_SEED=${seed} to replay), ${arch} .version ${version}: ${lines.length} lines, ptxas takes ${accepted}, false errors ${falseErrors.length} (${runs} ptxas runs)`);
  assert.ok(accepted > 0, 'ptxas took no line: the harness is broken');
  assert.deepEqual(falseErrors, [], `false errors at ${arch} (seed ${seed})`);
});
