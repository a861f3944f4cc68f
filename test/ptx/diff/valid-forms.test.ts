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
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzzRuns, fuzzSeed, PTXAS, ptxasSkipReason } from '../../harness/tools.js';
import { FormLineGenerator, kernelDeclarations, moduleHeader } from '../../harness/ptx-valid-forms.js';
import { checkPtxText } from '../../../src/ptx/index.js';

const TARGETS: readonly [string, string][] = [['sm_80', '9.0'], ['sm_90a', '9.0'], ['sm_100a', '9.0'], ['sm_120a', '9.0'], ['sm_103a', '9.0'], ['sm_110a', '9.0'], ['sm_80', '7.0']];
const PER_KERNEL = 40;
let runs = 0;

/** Which lines ptxas takes at `arch` (each in a kernel of PER_KERNEL lines with kernelDeclarations). */
function ptxasTakes(lines: readonly string[], arch: string, version: string): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-forms-'));
  const refused = lines.map(() => false);
  let file = 0;
  const run = (units: number[], perKernel = PER_KERNEL): void => {
    let pending = units;
    for (let round = 0; round < 80 && pending.length > 0; round++) {
      let text = moduleHeader(arch, version);
      let line = text.split('\n').length;
      const where = new Map<number, number>();
      const kernels = new Map<string, number[]>();
      for (let at = 0; at < pending.length; at += perKernel) {
        kernels.set(`k${at}`, pending.slice(at, at + perKernel));
        const head = `.visible .entry k${at}()\n{\n${kernelDeclarations(version)}`;
        text += head;
        line += head.split('\n').length - 1;
        for (const u of pending.slice(at, at + perKernel)) {
          text += lines[u] + '\n';
          where.set(line++, u);
        }
        text += 'L_end:\nret;\n}\n';
        line += 3;
      }
      const p = join(dir, `f${file++}.ptx`);
      writeFileSync(p, text);
      const r = spawnSync(PTXAS!, [`-arch=${arch}`, p, '-o', '/dev/null'], { encoding: 'latin1', maxBuffer: 1 << 26 });
      if (r.status === 0) return;
      const crashed = r.signal !== null;
      const named = new Set<number>();
      const whole = new Set<number>();
      for (const m of (r.stderr ?? '').split('\n')) {
        const x = /^ptxas (.*), line (\d+); (error|fatal)/.exec(m);
        const u = x && x[1] === p ? where.get(Number(x[2])) : undefined;
        if (u !== undefined) named.add(u);
        // A kernel's error without a line (".cta_group::1 and ::2 in one function"): its lines one per kernel.
        const k = /^ptxas error\s*: Function '(k\d+)'/.exec(m);
        if (k && perKernel > 1) for (const v of kernels.get(k[1]!) ?? []) whole.add(v);
      }
      if (named.size === 0 && whole.size > 0 && !crashed) {
        run([...whole], 1);
        run(pending.filter((u) => !whole.has(u)), perKernel);
        return;
      }
      if (named.size === 0 || crashed) {
        if (pending.length === 1) {
          refused[pending[0]!] = true;
          return;
        }
        const half = Math.ceil(pending.length / 2);
        run(pending.slice(0, half));
        run(pending.slice(half));
        return;
      }
      for (const u of named) refused[u] = true;
      pending = pending.filter((u) => !named.has(u));
    }
    for (const u of pending) refused[u] = true;
  };
  try {
    const all = lines.map((_, i) => i);
    for (let at = 0; at < all.length; at += 400) run(all.slice(at, at + 400));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  runs = file;
  return refused.map((r) => !r);
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
