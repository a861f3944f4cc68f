/**
 * The loop both PTX mutation differentials share (test/ptx/diff/mutations.test.ts, token breaks;
 * test/ptx/instructions/mutations.test.ts, instruction breaks): accepted corpus files up to a size,
 * random draws of (file, kind, position), each file prepared once, the broken text run through
 * ptxas. Cases ptxas refuses only for code-generation limits or linking (not module checks,
 * docs/divergences.md) are left out. Each test compares gpuasm with the answer in its own way.
 */
import { readFileSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { acceptedPtxFiles } from './corpus.js';
import { runPtxas, type PtxasResult } from './tools.js';
import { rng } from './ptx-mutate.js';

export interface MutatedCase<K> {
  /** The corpus file's path relative to the corpus, its target and whether ptxas takes it with -c. */
  file: { rel: string; arch: string; compileOnly: boolean };
  kind: K;
  /** The draw's position seed (in failure messages, to find the case again). */
  pos: number;
  broken: string;
  ptxas: PtxasResult;
}

export interface MutationRun<K> {
  cases: MutatedCase<K>[];
  /** Draws left out because their file has a non-ASCII byte or a `#` line. */
  skipped: number;
  /** Cases left out because ptxas crashed on them (no verdict), counted so that a rise shows. */
  crashed: number;
  /** How many draws there were. */
  draws: number;
}

/**
 * Draws `runs` cases with `seed`, mutates and runs ptxas on each. `prepare` and `mutate` are the
 * generator's; `notModuleChecks` says which ptxas failures without a line are left out.
 */
export function mutatedCorpusCases<P extends { text: string }, K>(options: {
  maxBytes: number;
  kinds: readonly K[];
  seed: number;
  runs: number;
  prepare: (text: string) => P;
  mutate: (prepared: P, kind: K, r: () => number) => string | undefined;
  notModuleChecks: RegExp;
  name: string;
}): MutationRun<K> {
  const files: { rel: string; arch: string; compileOnly: boolean; path: string; prepared?: P }[] = [];
  for (const f of acceptedPtxFiles()) if (!f.parseOnly && statSync(f.path).size <= options.maxBytes) files.push({ rel: f.rel, arch: f.arch, compileOnly: f.compileOnly, path: f.path });
  if (files.length === 0) throw new Error('no accepted corpus files');
  const draws = fc.sample(fc.record({ file: fc.nat(files.length - 1), kind: fc.constantFrom(...options.kinds), pos: fc.nat() }), { seed: options.seed, numRuns: options.runs });
  const cases: MutatedCase<K>[] = [];
  let skipped = 0;
  let crashed = 0;
  for (const d of draws) {
    const f = files[d.file]!;
    if (!f.prepared) {
      const text = readFileSync(f.path, 'latin1');
      if (/[^\x00-\x7f]/.test(text) || /^\s*#/m.test(text)) {
        skipped++;
        continue;
      }
      f.prepared = options.prepare(text);
    }
    const broken = options.mutate(f.prepared, d.kind, rng(d.pos));
    if (broken === undefined || broken === f.prepared.text) continue;
    const ptxas = runPtxas(broken, { arch: f.arch, compileOnly: f.compileOnly, name: options.name });
    // ptxas crashed (it does on `st.param` through a register in a kernel, SIGSEGV): no verdict to compare.
    if (ptxas.signal) {
      crashed++;
      continue;
    }
    if (!ptxas.ok && ptxas.firstErrorLine === undefined && options.notModuleChecks.test(ptxas.stderr)) continue;
    cases.push({ file: { rel: f.rel, arch: f.arch, compileOnly: f.compileOnly }, kind: d.kind, pos: d.pos, broken, ptxas });
  }
  return { cases, skipped, crashed, draws: draws.length };
}
