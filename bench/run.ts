/**
 * `npm run bench`: whole-process wall time and peak memory of `gpuasm check` on large real inputs,
 * beside the reference front ends and a raw byte scan in Node (the floor).
 *
 *   node dist/bench/run.js [--runs N] [--profile] [--no-record] [--only ptx|amdgpu]
 *
 * PTX: `gpuasm check big.err.ptx` vs `ptxas -arch=sm_80 big.err.ptx` (a syntax error appended at the end,
 * so ptxas stops once it has parsed everything). AMDGPU: `gpuasm check --mcpu gfx900` vs
 * `llvm-mc-19 -filetype=null`. Runs are interleaved (one of each tool per round) so a busy machine
 * slows all of them alike; the median of N rounds is reported. Peak RSS comes from /usr/bin/time.
 * Results are printed and written into docs/benchmarks.md between the bench:results markers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { DATA, ensureAmdgpuInput, ensurePtxInput, REPO_ROOT, type BenchInput } from './data.js';
import { GNU_TIME, measuredSpawn, which } from '../test/harness/process.js';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) > 0 && args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const PROFILE = args.includes('--profile');
const RECORD = !args.includes('--no-record');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const BIN = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');
const SCAN = join(REPO_ROOT, 'dist', 'bench', 'scan.js');
const log = (s: string) => process.stdout.write(s + '\n');

interface Sample {
  ms: number;
  rssKb?: number;
  code: number | null;
  stderr: string;
  stdout: string;
}

function runOnce(cmd: string, argv: string[]): Sample {
  const r = measuredSpawn(cmd, argv, { maxBuffer: 512 << 20 });
  return { ms: r.wallMs, rssKb: r.maxRssKb, code: r.code, stderr: r.stderr, stdout: r.stdout };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

interface Measured {
  label: string;
  ms: number;
  minMs: number;
  rssMb?: number;
  samples: Sample[];
}

/** Runs each command once per round, RUNS rounds, and summarises each by its median. */
function measure(cmds: { label: string; cmd: string; argv: string[] }[]): Measured[] {
  const samples = cmds.map(() => [] as Sample[]);
  for (let round = 0; round < RUNS; round++) cmds.forEach((c, i) => samples[i]!.push(runOnce(c.cmd, c.argv)));
  return cmds.map((c, i) => {
    const s = samples[i]!;
    const rss = s.map((x) => x.rssKb).filter((x): x is number => x !== undefined);
    return { label: c.label, ms: median(s.map((x) => x.ms)), minMs: Math.min(...s.map((x) => x.ms)), rssMb: rss.length ? median(rss) / 1024 : undefined, samples: s };
  });
}

const mb = (bytes: number) => bytes / (1 << 20);
const fmt = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(d));

interface Comparison {
  lang: string;
  input: BenchInput;
  gpuasm: Measured;
  reference: Measured;
  floor: Measured;
  target: number;
  verdict: string;
  baselineRssMb?: number;
}

function table(c: Comparison): string[] {
  const rows = [c.gpuasm, c.reference, c.floor];
  const lines = [
    `| ${c.lang} (${fmt(mb(c.input.bytes), 1)} MB) | median wall s | min s | MB/s | peak RSS MB | time / reference |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(`| ${r.label} | ${fmt(r.ms / 1000, 3)} | ${fmt(r.minMs / 1000, 3)} | ${fmt(mb(c.input.bytes) / (r.ms / 1000), 1)} | ${fmt(r.rssMb, 0)} | ${fmt(r.ms / c.reference.ms, 3)} |`);
  }
  return lines;
}

function summary(c: Comparison): string[] {
  const ratio = c.gpuasm.ms / c.reference.ms;
  const out = [`- time: gpuasm / ${c.reference.label.split(' ')[0]} = **${fmt(ratio, 3)}** (target <= ${c.target}): ${ratio <= c.target ? 'met' : 'NOT met'}`];
  if (c.gpuasm.rssMb !== undefined && c.baselineRssMb !== undefined) {
    const beyond = c.gpuasm.rssMb - c.baselineRssMb;
    const factor = beyond / mb(c.input.bytes);
    out.push(`- memory: ${fmt(beyond, 0)} MB beyond Node's baseline (${fmt(c.baselineRssMb, 0)} MB) = **${fmt(factor, 1)}x** the input (target <= 10x): ${factor <= 10 ? 'met' : 'NOT met'}`);
  }
  out.push(`- gpuasm over the floor (raw scan): ${fmt(c.gpuasm.ms / c.floor.ms, 1)}x`);
  out.push(`- verdicts: ${c.verdict}`);
  return out;
}

function describeVerdict(s: Sample): string {
  const firstLine = (s.stderr.split('\n').find((l) => l.trim().length > 0) ?? '').slice(0, 160);
  return `exit ${s.code}${firstLine ? ` ("${firstLine}")` : ''}`;
}

// ---------------------------------------------------------------- profiling

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Top self-time functions of a .cpuprofile, as "percent name file:line" lines. */
export function topFunctions(profilePath: string, count = 15): string[] {
  const prof = JSON.parse(readFileSync(profilePath, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const selfById = new Map<number, number>();
  prof.samples.forEach((id, i) => selfById.set(id, (selfById.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  const byFrame = new Map<string, number>();
  let total = 0;
  for (const n of prof.nodes) {
    const t = selfById.get(n.id) ?? 0;
    total += t;
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(REPO_ROOT + '/', '');
    const key = `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
    byFrame.set(key, (byFrame.get(key) ?? 0) + t);
  }
  return [...byFrame.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}

function profile(label: string, argv: string[]): string[] {
  const dir = join(DATA, 'profiles', label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, BIN, ...argv], { encoding: 'latin1', maxBuffer: 512 << 20 });
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  return file ? topFunctions(join(dir, file)) : ['(no profile written)'];
}

// ---------------------------------------------------------------- main

function machine(): string[] {
  const c = cpus();
  return [
    `- date: ${new Date().toISOString()}`,
    `- machine: ${c[0]?.model ?? 'unknown CPU'}, ${c.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; load average at start ${loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    `- node ${process.version}; ${RUNS} interleaved rounds, median reported; peak RSS from ${GNU_TIME ? '/usr/bin/time' : '(unavailable)'}`,
  ];
}

function main(): void {
  if (!existsSync(BIN)) {
    log(`${BIN} not built: run npx tsc -p . first`);
    process.exit(2);
  }
  const report: string[] = ['## Latest results', '', ...machine(), ''];
  log(report.join('\n'));
  const baseline = measure([{ label: 'node gpuasm --version', cmd: process.execPath, argv: [BIN, '--version'] }])[0]!;
  const baselineRssMb = baseline.rssMb;
  const base = `- Node baseline (\`gpuasm --version\`): ${fmt(baseline.ms / 1000, 3)} s, ${fmt(baselineRssMb, 0)} MB peak RSS`;
  log(base);
  report.push(base, '');
  const comparisons: Comparison[] = [];
  const profiles: string[] = [];

  if (ONLY !== 'amdgpu') {
    const { withError } = ensurePtxInput(log);
    const ptxas = which('ptxas');
    if (withError.missing) report.push(`PTX comparison skipped: ${withError.missing}`, '');
    else if (!ptxas) report.push('PTX comparison skipped: ptxas not on PATH', '');
    else {
      log(`PTX: ${fmt(mb(withError.bytes), 1)} MB, ${RUNS} rounds...`);
      const [g, r, f] = measure([
        { label: 'gpuasm check', cmd: process.execPath, argv: [BIN, '--no-color', 'check', withError.path] },
        { label: 'ptxas -arch=sm_80 (front end: stops at the appended error)', cmd: ptxas, argv: ['-arch=sm_80', withError.path, '-o', '/dev/null'] },
        { label: 'node raw byte scan (floor)', cmd: process.execPath, argv: [SCAN, withError.path] },
      ]);
      const verdict = `gpuasm ${describeVerdict(g!.samples[0]!)}; ptxas ${describeVerdict(r!.samples[0]!)}`;
      comparisons.push({ lang: 'PTX', input: withError, gpuasm: g!, reference: r!, floor: f!, target: 0.2, verdict, baselineRssMb });
      if (PROFILE) {
        profiles.push('### Profile: gpuasm check on the PTX input (self time)', '', '```', ...profile('ptx', ['--no-color', 'check', withError.path]), '```', '');
        const stages = spawnSync(process.execPath, ['--expose-gc', join(REPO_ROOT, 'dist', 'bench', 'stages.js'), withError.path], { encoding: 'utf8' });
        profiles.push('### Stages of checkPtxText on the PTX input (in process, `dist/bench/stages.js`)', '', '```', ...(stages.stdout || stages.stderr).trim().split('\n'), '```', '');
      }
    }
  }
  if (ONLY !== 'ptx') {
    const input = ensureAmdgpuInput(log);
    const mc = which('llvm-mc-19');
    if (input.missing) report.push(`AMDGPU comparison skipped: ${input.missing}`, '');
    else if (!mc) report.push('AMDGPU comparison skipped: llvm-mc-19 not on PATH', '');
    else {
      log(`AMDGPU: ${fmt(mb(input.bytes), 1)} MB, ${RUNS} rounds...`);
      const [g, r, f] = measure([
        { label: 'gpuasm check --mcpu gfx900', cmd: process.execPath, argv: [BIN, '--no-color', 'check', '--mcpu', 'gfx900', input.path] },
        { label: 'llvm-mc-19 -mcpu=gfx900 -filetype=null', cmd: mc, argv: ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx900', '-filetype=null', input.path] },
        { label: 'node raw byte scan (floor)', cmd: process.execPath, argv: [SCAN, input.path] },
      ]);
      const verdict = `gpuasm ${describeVerdict(g!.samples[0]!)}; llvm-mc ${describeVerdict(r!.samples[0]!)}`;
      comparisons.push({ lang: 'AMDGPU', input, gpuasm: g!, reference: r!, floor: f!, target: 0.5, verdict, baselineRssMb });
      if (PROFILE) profiles.push('### Profile: gpuasm check on the AMDGPU input (self time)', '', '```', ...profile('amdgpu', ['--no-color', 'check', '--mcpu', 'gfx900', input.path]), '```', '');
    }
  }

  for (const c of comparisons) report.push(...table(c), '', ...summary(c), '');
  report.push(...profiles);
  log('\n' + report.slice(machine().length + 3).join('\n'));
  if (RECORD) record(report.join('\n'));
}

/** Replaces the results block of docs/benchmarks.md, keeping the hand-written analysis. */
function record(block: string): void {
  const path = join(REPO_ROOT, 'docs', 'benchmarks.md');
  const begin = '<!-- bench:results -->';
  const end = '<!-- /bench:results -->';
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : `# Benchmarks\n\n${begin}\n${end}\n`;
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  const next = i >= 0 && j > i ? doc.slice(0, i + begin.length) + '\n' + block + '\n' + doc.slice(j) : `${doc}\n${begin}\n${block}\n${end}\n`;
  writeFileSync(path, next);
  log(`recorded in docs/benchmarks.md`);
}

main();
