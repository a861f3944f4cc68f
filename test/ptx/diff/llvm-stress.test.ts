/**
 * Differential: compiler output. Random LLVM IR from `llvm-stress-19` (seed and size drawn), some
 * of it made a kernel (`ptx_kernel`) or run through `opt-19` first, compiled by `llc-19` for a
 * drawn `-march` (nvptx64, sometimes nvptx), `-mcpu` (sm_20 to sm_90a), `+ptxNN` and -O level;
 * each PTX file goes through ptxas 13.0 at its `.target` (sm_75 at least: ptxas 13.0 has nothing
 * older; `compute_XX` for a 32-bit module, which ptxas 13.0 makes no code for) with and without
 * `-c`, and through gpuasm with and without `compileOnly`: the verdicts must agree, and when ptxas
 * names a line, gpuasm's first error must be on it. About half the draws also check the file retargeted: `.version` and `.target`
 * rewritten to a drawn pair the version supports (sm_20 to sm_120a), which reaches the target and
 * version floors of what llc-19 wrote. Inputs llc-19 refuses or crashes on are skipped (counted).
 * Files are generated into a temporary directory. Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { which } from '../../harness/process.js';
import { checkPtxText } from '../../../src/ptx/index.js';
import { SUPPORTED_VERSIONS, TARGET_MIN_VERSION, formatVersionCode } from '../../../src/ptx/data/targets.js';

const LLVM_STRESS = which('llvm-stress-19');
const LLC = which('llc-19');
const OPT = which('opt-19');
const skip =
  ptxasSkipReason ??
  (!LLVM_STRESS ? 'llvm-stress-19 not found (apt-get install -y llvm-19): llvm-stress PTX differential skipped' : undefined) ??
  (!LLC ? 'llc-19 not found (apt-get install -y llvm-19): llvm-stress PTX differential skipped' : undefined);
if (skip) console.log(skip);

const CPUS = ['sm_20', 'sm_30', 'sm_35', 'sm_50', 'sm_53', 'sm_60', 'sm_61', 'sm_70', 'sm_72', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90', 'sm_90a'] as const;
/** The lowest `+ptxNN` llc-19 takes for each processor. */
const MIN_PTX: Record<(typeof CPUS)[number], number> = {
  sm_20: 32, sm_30: 32, sm_35: 32, sm_50: 40, sm_53: 42, sm_60: 50, sm_61: 50, sm_70: 60, sm_72: 61, sm_75: 63, sm_80: 70, sm_86: 71, sm_87: 74, sm_89: 78, sm_90: 78, sm_90a: 80,
};
const PTX = [32, 40, 42, 43, 50, 60, 61, 63, 64, 65, 70, 71, 72, 74, 75, 76, 78, 80, 81, 82, 83, 84, 85];
const OPT_PASSES = [[], [], ['-O2'], ['-O3'], ['-passes=loop-vectorize,slp-vectorizer,instcombine'], ['-passes=sroa,instcombine,gvn,simplifycfg']];

/** Retargets: `.target` and a `.version` from those (2.3 on) that support it. */
const RETARGETS = ['sm_20', 'sm_30', 'sm_35', 'sm_50', 'sm_52', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100a', 'sm_120a'];
const VERSION_CODES = [...SUPPORTED_VERSIONS].filter((v) => v >= 23).sort((a, b) => a - b);

interface Draw {
  seed: number;
  size: number;
  m32: boolean;
  cpu: (typeof CPUS)[number];
  /** Index into the `+ptxNN` the processor takes; -1: llc-19's default. */
  ptx: number;
  kernel: boolean;
  opt: number;
  level: string;
  /** Indexes into RETARGETS and the versions that support it, or null: the file as llc-19 wrote it only. */
  re: { target: number; version: number } | null;
}

const draw: fc.Arbitrary<Draw> = fc.record({
  seed: fc.nat({ max: 0x7fffffff }),
  size: fc.integer({ min: 50, max: 600 }),
  m32: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))).chain((b) => (b ? fc.boolean() : fc.constant(false))),
  cpu: fc.constantFrom(...CPUS),
  ptx: fc.integer({ min: -1, max: 30 }),
  kernel: fc.boolean(),
  opt: fc.integer({ min: 0, max: OPT_PASSES.length - 1 }),
  level: fc.constantFrom('-O0', '-O1', '-O2', '-O3'),
  re: fc.oneof(fc.constant(null), fc.record({ target: fc.nat({ max: RETARGETS.length - 1 }), version: fc.nat({ max: 100 }) })),
});

/** ptxas 13.0's -arch for a module: its target (sm_75 at least), `compute_XX` for a 32-bit module. */
function archFor(text: string): string {
  const target = /^\s*\.target\s+(sm_\w+)/m.exec(text)?.[1] ?? 'sm_75';
  const arch = Number(/\d+/.exec(target)![0]) < 75 ? 'sm_75' : target;
  return /^\s*\.address_size\s+32/m.test(text) ? arch.replace('sm_', 'compute_') : arch;
}

function run(cmd: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'latin1', maxBuffer: 64 << 20, timeout: 60_000 });
  return { ok: r.status === 0 && !r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** gpuasm's first error line (0 for one without a location), or undefined when it accepts. */
function oursFirstLine(text: string, compileOnly: boolean): number | undefined {
  const e = checkPtxText('stress.ptx', text, { compileOnly }).find((d) => d.severity === 'error');
  return e ? (e.location?.line ?? 0) : undefined;
}

test('llvm-stress-19 | llc-19 PTX agrees with ptxas (verdict and first error line, with and without -c)', { skip }, () => {
  const seed = fuzzSeed();
  const runs = fuzzRuns(24);
  console.log(`llvm-stress PTX differential: seed ${seed} (replay with GPUASM_SEED=${seed})`);
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-stress-'));
  const wrong: string[] = [];
  let compared = 0;
  let refused = 0;
  let skipped = 0;
  try {
    for (const [i, d] of fc.sample(draw, { seed, numRuns: runs }).entries()) {
      const g = run(LLVM_STRESS!, ['-seed', String(d.seed), '-size', String(d.size)]);
      if (!g.ok) { skipped++; continue; }
      const ll = join(dir, `s${i}.ll`);
      writeFileSync(ll, d.kernel ? g.stdout.replace(/define void @/, 'define ptx_kernel void @') : g.stdout);
      let src = ll;
      const passes = OPT_PASSES[d.opt]!;
      if (passes.length && OPT) {
        const o = run(OPT, [...passes, ll, '-S', '-o', `${ll}.opt.ll`]);
        if (!o.ok) { skipped++; continue; }
        src = `${ll}.opt.ll`;
      }
      const ptxs = PTX.filter((p) => p >= MIN_PTX[d.cpu]);
      const mattr = d.ptx < 0 ? [] : [`-mattr=+ptx${ptxs[d.ptx % ptxs.length]}`];
      const out = join(dir, `s${i}.ptx`);
      const args = [`-march=${d.m32 ? 'nvptx' : 'nvptx64'}`, `-mcpu=${d.cpu}`, ...mattr, d.level, src, '-o', out];
      const l = run(LLC!, args);
      if (!l.ok) { skipped++; continue; }
      const text = readFileSync(out, 'latin1');
      const recipe = `llvm-stress-19 -seed ${d.seed} -size ${d.size}${d.kernel ? ' (ptx_kernel)' : ''}${passes.length && OPT ? ` | opt-19 ${passes.join(' ')}` : ''} | llc-19 ${args.slice(0, -3).join(' ')}`;
      const variants: [string, string][] = [[recipe, text]];
      if (d.re) {
        const target = RETARGETS[d.re.target]!;
        const versions = VERSION_CODES.filter((v) => v >= TARGET_MIN_VERSION.get(target.slice(3))!);
        const version = formatVersionCode(versions[d.re.version % versions.length]!);
        variants.push([`${recipe}, retargeted to .version ${version} .target ${target}`, text.replace(/^\.version\s+\S+/m, `.version ${version}`).replace(/^\.target\s+\S+/m, `.target ${target}`)]);
      }
      for (const [what, ptx] of variants) {
        const arch = archFor(ptx);
        for (const compileOnly of [false, true]) {
          const r = runPtxas(ptx, { arch, compileOnly, name: 'stress' });
          if (r.signal) continue;
          compared++;
          if (!r.ok) refused++;
          // A refusal without a line (link-time resolution, `-c` below .version 3.1) is compared by verdict.
          const ours = oursFirstLine(ptx, compileOnly);
          const agree = r.ok ? ours === undefined : ours !== undefined && (r.firstErrorLine === undefined || r.firstErrorLine === ours);
          if (!agree) wrong.push(`${what}${compileOnly ? ' (-c)' : ''}: gpuasm ${ours ?? 'accepts'}, ptxas -arch=${arch} ${r.ok ? 'accepts' : (r.firstErrorLine ?? 'refuses (no line)')} ${r.stderr.split('\n')[0]}`);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`llvm-stress PTX differential: seed ${seed}: ${compared} ptxas runs compared (${refused} refused), ${skipped} draws llvm-stress/opt/llc did not compile`);
  assert.deepEqual(wrong.slice(0, 5), [], `seed ${seed}: ${wrong.length} disagreements (replay with GPUASM_SEED=${seed})`);
  assert.ok(compared >= runs, `seed ${seed}: only ${compared} ptxas runs compared of ${runs} draws`);
});
