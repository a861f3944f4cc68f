/**
 * `npm run bench`: whole-process wall time and peak memory of `gpuasm check` on inputs made of
 * distinct real compiler output, beside the reference front ends, Node's own start-up and a raw
 * byte scan in Node (the floor). See docs/benchmarks.md for the method.
 *
 *   node dist/bench/run.js [--runs N] [--only ptx|multi|amdgpu|small|lsp|playground|repetitive]... [--no-repetitive]
 *                          [--callgrind] [--profile] [--no-record]
 *
 * Runs are interleaved (one of each command per round) so a busy machine slows all of them alike;
 * the median of N rounds is reported, with the minimum. Peak RSS comes from /usr/bin/time.
 * `--callgrind` adds instruction counts of one run of each gpuasm command (valgrind, V8 on one
 * thread: figures that do not depend on the machine's load), and for the small files a count with
 * code caches made on one thread (oneThreadCounts). Results are written
 * into docs/benchmarks.md between the bench:results markers. (The CLI itself starts from bundled
 * chunks with V8 code caches: scripts/bundle.mjs.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DATA,
  ensureAmdgpuInput,
  ensureDistinctAmdgpu,
  ensureDistinctPtx,
  ensureMultiPtx,
  ensurePtxInput,
  ensureSmallInputs,
  PTX_DISTINCT_TARGET,
  REPO_ROOT,
  type BenchInput,
} from './data.js';
import { GNU_TIME, measuredSpawn, which } from '../test/harness/process.js';
import { ensureLspInput, measureLsp } from './lsp.js';
import { ensurePlaygroundInput, measurePlayground, playgroundSkipReason } from './playground.js';
import { median } from './measure.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) > 0 ? Number(option('--runs')) : 5;
const PROFILE = args.includes('--profile');
const CALLGRIND = args.includes('--callgrind');
const RECORD = !args.includes('--no-record');
const ONLY = new Set(args.flatMap((a, i) => (args[i - 1] === '--only' ? [a] : [])));
const wanted = (part: string) => (ONLY.size === 0 ? part !== 'repetitive' || !args.includes('--no-repetitive') : ONLY.has(part));

// package.json's `bin`: what `npx gpuasm` runs.
const BIN = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');
const ENTRY = join(REPO_ROOT, 'dist', 'bench', 'check-entry.js');
const SCAN = join(REPO_ROOT, 'dist', 'bench', 'scan.js');
const NODE = process.execPath;
const log = (s: string) => process.stdout.write(s + '\n');

/**
 * NODE_EXTRA_CA_CERTS makes every Node process load that file's certificates at start, before any
 * script runs: with OpenSSL 3 even a 20 KB file (as some sandboxes and company networks set) costs
 * about 416 M instructions and 0.1-0.2 s, five times Node's own start (88 M instructions without
 * it). It would be counted in every Node row, `node -e 0` included, and flatter the small-file
 * ratios.
 * The children run without it (the report says so); no check reads certificates.
 */
const DROPPED_ENV = ['NODE_EXTRA_CA_CERTS'].filter((k) => process.env[k] !== undefined);
for (const k of DROPPED_ENV) delete process.env[k];

interface Sample {
  ms: number;
  /** CPU time of the process(es), user + system: less moved by other jobs than the wall time. */
  cpuMs?: number;
  rssKb?: number;
  /** Minor page faults of the process(es): every page of memory touched for the first time is one. */
  faults?: number;
  code: number | null;
  stderr: string;
}

/** A command to time: one process, or several one after another (their times added up). */
interface Cmd {
  label: string;
  steps: { cmd: string; argv: string[] }[];
  /** Counted with callgrind when --callgrind is given. */
  count?: boolean;
}

const one = (label: string, cmd: string, argv: string[], count = false): Cmd => ({ label, steps: [{ cmd, argv }], count });

/** One process under GNU time: wall time, peak RSS and CPU time (user + system) of the child. */
function spawnTimed(cmd: string, argv: string[]): { wallMs: number; cpuMs?: number; maxRssKb?: number; faults?: number; code: number | null; stderr: string } {
  if (!GNU_TIME) {
    const r = measuredSpawn(cmd, argv, { maxBuffer: 512 << 20 });
    return { wallMs: r.wallMs, maxRssKb: r.maxRssKb, code: r.code, stderr: r.stderr };
  }
  const t0 = performance.now();
  const r = spawnSync(GNU_TIME, ['-f', '@@bench %M %U %S %R', cmd, ...argv], { encoding: 'latin1', maxBuffer: 512 << 20 });
  const wallMs = performance.now() - t0;
  let stderr = r.stderr ?? '';
  const m = /@@bench (\d+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(stderr);
  if (m) stderr = stderr.slice(0, m.index);
  stderr = stderr.replace(/^Command (terminated by signal|exited with non-zero status) .*\n?/m, '');
  return { wallMs, maxRssKb: m ? Number(m[1]) : undefined, cpuMs: m ? (Number(m[2]) + Number(m[3])) * 1000 : undefined, faults: m ? Number(m[4]) : undefined, code: r.status, stderr };
}

function runOnce(c: Cmd): Sample {
  let ms = 0;
  let cpuMs: number | undefined;
  let rss: number | undefined;
  let faults: number | undefined;
  let code: number | null = 0;
  let stderr = '';
  for (const s of c.steps) {
    const r = spawnTimed(s.cmd, s.argv);
    ms += r.wallMs;
    if (r.cpuMs !== undefined) cpuMs = (cpuMs ?? 0) + r.cpuMs;
    if (r.maxRssKb !== undefined) rss = Math.max(rss ?? 0, r.maxRssKb);
    if (r.faults !== undefined) faults = (faults ?? 0) + r.faults;
    if (r.code !== 0 && code === 0) code = r.code;
    if (!stderr) stderr = r.stderr;
  }
  return { ms, cpuMs, rssKb: rss, faults, code, stderr };
}


interface Measured {
  label: string;
  ms: number;
  minMs: number;
  /** Median CPU time (user + system). */
  cpuMs?: number;
  rssMb?: number;
  /** Median minor page faults. */
  faults?: number;
  samples: Sample[];
  /** Instructions (callgrind), millions. */
  mInstr?: number;
}

/** Runs each command once per round, RUNS rounds, and summarises each by its median. */
function measure(cmds: Cmd[]): Measured[] {
  const samples = cmds.map(() => [] as Sample[]);
  for (let round = 0; round < RUNS; round++) cmds.forEach((c, i) => samples[i]!.push(runOnce(c)));
  return cmds.map((c, i) => {
    const s = samples[i]!;
    const rss = s.map((x) => x.rssKb).filter((x): x is number => x !== undefined);
    const cpu = s.map((x) => x.cpuMs).filter((x): x is number => x !== undefined);
    const faults = s.map((x) => x.faults).filter((x): x is number => x !== undefined);
    return { label: c.label, ms: median(s.map((x) => x.ms)), cpuMs: cpu.length ? median(cpu) : undefined, faults: faults.length ? median(faults) : undefined, minMs: Math.min(...s.map((x) => x.ms)), rssMb: rss.length ? median(rss) / 1024 : undefined, samples: s, mInstr: c.count && CALLGRIND ? instructions(c) : undefined };
  });
}

/** Instructions executed by one run of a one-process Node command (V8 on one thread), in millions. */
function instructions(c: Cmd): number | undefined {
  const vg = which('valgrind');
  if (!vg || c.steps.length !== 1) return undefined;
  const out = join(DATA, 'callgrind.out');
  const s = c.steps[0]!;
  const argv = s.cmd === NODE ? ['--single-threaded', ...s.argv] : s.argv;
  const r = spawnSync(vg, ['--tool=callgrind', `--callgrind-out-file=${out}`, s.cmd, ...argv], { encoding: 'latin1', maxBuffer: 512 << 20 });
  const m = /Collected : (\d+)/.exec(r.stderr ?? '');
  rmSync(out, { force: true });
  return m ? Number(m[1]) / 1e6 : undefined;
}

/**
 * Instructions of `gpuasm check` on each small file as a user's run executes them, on one thread:
 * `node --single-threaded` reading code caches made under that flag. (The `--callgrind` counts of
 * the tables run `--single-threaded` with the build's caches, which V8 rejects, made under other
 * flags: they include compiling all our code from source.) The caches are made in a copy of
 * dist/src in .bench-data/one-thread/ (file times kept: bin.cjs takes the chunks only when they are
 * newer than itself) by checking examples/ on one thread with the CLI's flags, as the build does.
 */
function oneThreadCounts(files: string[]): string[] {
  const vg = which('valgrind');
  if (!vg) return ['- one-thread counts skipped: valgrind not on PATH'];
  const root = join(DATA, 'one-thread');
  const cli = join(root, 'dist', 'src', 'cli');
  rmSync(root, { recursive: true, force: true });
  cpSync(join(REPO_ROOT, 'dist', 'src'), join(root, 'dist', 'src'), { recursive: true, preserveTimestamps: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
  for (const f of readdirSync(cli)) if (f.endsWith('.cache')) rmSync(join(cli, f));
  const examples = readdirSync(join(REPO_ROOT, 'examples'))
    .filter((f) => /\.(ptx|s)$/.test(f))
    .map((f) => join(REPO_ROOT, 'examples', f));
  const make = [
    `const c = require(${JSON.stringify(join(cli, 'chunks.cjs'))});`,
    'c.setCliV8Flags();',
    `const b = c.openBundle(require('node:url').pathToFileURL(${JSON.stringify(join(cli, 'bin.cjs'))}));`,
    `b.load('src/cli/main.js').main(${JSON.stringify(['--no-color', 'check', ...examples])}).then(() => b.saveCaches(true));`,
  ].join('\n');
  spawnSync(NODE, ['--single-threaded', '-e', make], { encoding: 'latin1' });
  if (!readdirSync(cli).some((f) => f.endsWith('.cache'))) return ['- one-thread counts skipped: no code cache was written'];
  const out = join(DATA, 'callgrind.out');
  const lines = [''];
  for (const file of files) {
    const r = spawnSync(vg, ['--tool=callgrind', `--callgrind-out-file=${out}`, NODE, '--single-threaded', join(cli, 'bin.cjs'), '--no-color', 'check', file], { encoding: 'latin1', maxBuffer: 512 << 20 });
    const m = /Collected : (\d+)/.exec(r.stderr ?? '');
    rmSync(out, { force: true });
    lines.push(`- instructions, \`gpuasm check ${file.split('/').pop()}\` on one thread with caches made on it: ${m ? `${fmt(Number(m[1]) / 1e6, 0)} M` : 'n/a'}`);
  }
  return lines;
}

const mb = (bytes: number) => bytes / (1 << 20);
const fmt = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(d));

function describeVerdict(s: Sample): string {
  const firstLine = (s.stderr.split('\n').find((l) => l.trim().length > 0 && !/Advisory/.test(l)) ?? '').slice(0, 140);
  return `exit ${s.code}${firstLine ? ` ("${firstLine}")` : ''}`;
}

/** A table of measured rows, the ratio taken against `reference`. */
function table(title: string, bytes: number, rows: Measured[], reference: Measured): string[] {
  const counted = rows.some((r) => r.mInstr !== undefined);
  const lines = [
    `| ${title} | median wall s | min s | MB/s | peak RSS MB | time / ${reference.label.split(' ')[0]} | CPU s (user+sys) | CPU / ${reference.label.split(' ')[0]} | minor faults | fault time s (est.) |${counted ? ' instructions (M) |' : ''}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${counted ? ' ---: |' : ''}`,
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${fmt(r.ms / 1000, 3)} | ${fmt(r.minMs / 1000, 3)} | ${bytes ? fmt(mb(bytes) / (r.ms / 1000), 1) : ''} | ${fmt(r.rssMb, 0)} | ${fmt(r.ms / reference.ms, 3)} | ${fmt(r.cpuMs === undefined ? undefined : r.cpuMs / 1000, 3)} | ${fmt(r.cpuMs === undefined || reference.cpuMs === undefined ? undefined : r.cpuMs / reference.cpuMs, 3)} | ${r.faults === undefined ? '' : fmt(r.faults, 0)} | ${r.faults === undefined || FAULT_US === undefined ? '' : fmt((r.faults * FAULT_US) / 1e6, 3)} |${counted ? ` ${r.mInstr === undefined ? '' : fmt(r.mInstr, 0)} |` : ''}`,
    );
  }
  return lines;
}

function verdictLines(gpuasm: Measured, reference: Measured, target: number, bytes: number, baselineRssMb: number | undefined): string[] {
  const ratio = gpuasm.ms / reference.ms;
  const out = [`- time: ${gpuasm.label} / ${reference.label.split(' ')[0]} = **${fmt(ratio, 3)}** (target <= ${target}): ${ratio <= target ? 'met' : 'NOT met'}`];
  if (gpuasm.rssMb !== undefined && baselineRssMb !== undefined) {
    const beyond = gpuasm.rssMb - baselineRssMb;
    const factor = beyond / mb(bytes);
    out.push(`- memory: ${fmt(beyond, 0)} MB beyond Node's baseline (${fmt(baselineRssMb, 0)} MB) = **${fmt(factor, 1)}x** the input (target <= 10x): ${factor <= 10 ? 'met' : 'NOT met'}`);
  }
  return out;
}

// ---------------------------------------------------------------- profiling

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
  spawnSync(NODE, ['--cpu-prof', `--cpu-prof-dir=${dir}`, BIN, ...argv], { encoding: 'latin1', maxBuffer: 512 << 20 });
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  return file ? topFunctions(join(dir, file)) : ['(no profile written)'];
}

// ---------------------------------------------------------------- main

/**
 * What a minor page fault costs on this machine, in microseconds: the first touch of each page of
 * a fresh 64 MB buffer, less a second pass over the same (now mapped) pages; the median of three
 * processes. A process pays this for every page it touches for the first time (V8's heap as it
 * grows, the input file and its text, the code caches), and on some virtual machines it is far
 * more than on bare hardware (13-14 us here in session 22, against well under 1 us usually), so
 * the tables show each command's faults and what they cost at this rate.
 */
function faultCostUs(): number | undefined {
  const script =
    'const n=64<<20,b=Buffer.allocUnsafeSlow(n),t0=process.hrtime.bigint();b.fill(1);const t1=process.hrtime.bigint();b.fill(2);const t2=process.hrtime.bigint();' +
    'process.stdout.write(String(Number((t1-t0)-(t2-t1))/1e3/(n/4096)))';
  const costs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(NODE, ['-e', script], { encoding: 'latin1' });
    const us = Number(r.stdout);
    if (r.status === 0 && Number.isFinite(us)) costs.push(us);
  }
  return costs.length ? median(costs) : undefined;
}
/** faultCostUs(), measured once at the start of main. */
let FAULT_US: number | undefined;

function machine(): string[] {
  const c = cpus();
  return [
    `- date: ${new Date().toISOString()}`,
    `- machine: ${c[0]?.model ?? 'unknown CPU'}, ${c.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; load average at start ${loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    `- a minor page fault (first touch of a 4 KB page) costs ${fmt(FAULT_US, 1)} us here (64 MB filled in a fresh process, less a second fill); "fault time" in the tables = faults x that`,
    `- node ${process.version}; ${RUNS} interleaved rounds, median reported; peak RSS and minor faults from ${GNU_TIME ? '/usr/bin/time' : '(unavailable)'}${CALLGRIND ? '; instructions: one run under `valgrind --tool=callgrind node --single-threaded`' : ''}`,
  ];
}

async function main(): Promise<void> {
  if (!existsSync(BIN) || !existsSync(ENTRY)) {
    log(`${BIN} not built: run npx tsc -p . first`);
    process.exit(2);
  }
  FAULT_US = faultCostUs();
  const report: string[] = ['## Latest results', '', ...machine(), ''];
  log(report.join('\n'));
  const ptxas = which('ptxas');
  const mc = which('llvm-mc-19');
  const [nodeStart, version] = measure([one('node -e 0', NODE, ['-e', '0'], true), one('gpuasm --version', NODE, [BIN, '--version'], true)]);
  const baselineRssMb = version!.rssMb;
  const startLine = `- Node's own start-up (\`node -e 0\`): ${fmt(nodeStart!.ms / 1000, 3)} s, ${fmt(nodeStart!.rssMb, 0)} MB; \`gpuasm --version\`: ${fmt(version!.ms / 1000, 3)} s, ${fmt(baselineRssMb, 0)} MB (the memory baseline)`;
  log(startLine);
  report.push(startLine, '');
  const profiles: string[] = [];
  const section = (heading: string, lines: string[]) => {
    report.push(`### ${heading}`, '', ...lines, '');
    log(`\n### ${heading}\n\n${lines.join('\n')}`);
  };

  if (wanted('ptx')) {
    const { withError, note } = ensureDistinctPtx(log);
    if (withError.missing || !ptxas) section('PTX, distinct code', [`skipped: ${withError.missing ?? 'ptxas not on PATH'}`]);
    else {
      log(`PTX distinct: ${fmt(mb(withError.bytes), 1)} MB, ${RUNS} rounds...`);
      const rows = measure([
        one('gpuasm check', NODE, [BIN, '--no-color', 'check', withError.path], true),
        one(`ptxas -arch=${PTX_DISTINCT_TARGET} (front end)`, ptxas, [`-arch=${PTX_DISTINCT_TARGET}`, withError.path, '-o', '/dev/null']),
        one('node raw byte scan (floor)', NODE, [SCAN, withError.path]),
      ]);
      const [g, ref] = rows;
      section(`PTX, distinct code (${fmt(mb(withError.bytes), 1)} MB)`, [
        `Input: \`.bench-data/distinct.err.ptx\`: ${note ?? ''}.`,
        '',
        ...table('command', withError.bytes, rows, ref!),
        '',
        ...verdictLines(g!, ref!, 0.4, withError.bytes, baselineRssMb),
        `- verdicts: gpuasm ${describeVerdict(g!.samples[0]!)}; ptxas ${describeVerdict(ref!.samples[0]!)}`,
      ]);
      if (PROFILE) profiles.push('### Profile: gpuasm check on the distinct PTX input (self time)', '', '```', ...profile('ptx', ['--no-color', 'check', withError.path]), '```', '');
    }
  }
  if (wanted('multi')) {
    const multi = ensureMultiPtx();
    if (multi.missing || !ptxas) section('PTX, many files', [`skipped: ${multi.missing ?? 'ptxas not on PATH'}`]);
    else {
      const paths = multi.files.map((f) => f.path);
      log(`PTX multi-file: ${paths.length} files, ${RUNS} rounds...`);
      const rows = measure([
        one(`gpuasm check (one process, ${paths.length} files)`, NODE, [BIN, '--no-color', 'check', ...paths], true),
        { label: `ptxas (${paths.length} processes, front end each)`, steps: multi.files.map((f) => ({ cmd: ptxas, argv: [`-arch=${f.arch}`, f.path, '-o', '/dev/null'] })) },
        // The files on one thread (the default uses one per CPU for this much input: src/cli/jobs.ts).
        one(`gpuasm check -j 1 (one thread)`, NODE, [BIN, '--no-color', 'check', '-j', '1', ...paths], true),
      ]);
      section(`PTX, many files: corpus/ptx/generated (${paths.length} files, ${fmt(mb(multi.bytes), 1)} MB)`, [
        'Each file with the syntax error appended (`.bench-data/multi/`); ptxas run once per file with the `-arch` of its MANIFEST `target`, times added up.',
        '',
        ...table('command', multi.bytes, rows, rows[1]!),
        '',
        ...verdictLines(rows[0]!, rows[1]!, 0.4, multi.bytes, baselineRssMb),
      ]);
    }
  }
  if (wanted('amdgpu')) {
    for (const mcpu of ['gfx900', 'gfx1100']) {
      const input = ensureDistinctAmdgpu(log, mcpu);
      if (input.missing || !mc) {
        section(`AMDGPU ${mcpu}, distinct code`, [`skipped: ${input.missing ?? 'llvm-mc-19 not on PATH'}`]);
        continue;
      }
      log(`AMDGPU ${mcpu}: ${fmt(mb(input.bytes), 1)} MB, ${RUNS} rounds...`);
      const rows = measure([
        one(`gpuasm check --mcpu ${mcpu}`, NODE, [BIN, '--no-color', 'check', '--mcpu', mcpu, input.path], true),
        one('bench entry, memo on', NODE, [ENTRY, '--mcpu', mcpu, input.path], true),
        one('bench entry, memo off', NODE, [ENTRY, '--no-repeats', '--mcpu', mcpu, input.path], true),
        one(`llvm-mc-19 -mcpu=${mcpu} -filetype=null`, mc, ['-triple=amdgcn-amd-amdhsa', `-mcpu=${mcpu}`, '-filetype=null', input.path]),
        one('node raw byte scan (floor)', NODE, [SCAN, input.path]),
      ]);
      const [g, on, off, ref] = rows;
      section(`AMDGPU ${mcpu}, distinct code (${fmt(mb(input.bytes), 1)} MB)`, [
        `Input: \`.bench-data/distinct.${mcpu}.s\`: ${input.note ?? ''}.`,
        '',
        ...table('command', input.bytes, rows, ref!),
        '',
        ...verdictLines(g!, ref!, 0.5, input.bytes, baselineRssMb),
        `- memo off / memo on: ${fmt(off!.ms / on!.ms, 2)}x wall${off!.mInstr && on!.mInstr ? `, ${fmt(off!.mInstr / on!.mInstr, 2)}x instructions` : ''}`,
        `- verdicts: gpuasm ${describeVerdict(g!.samples[0]!)}; llvm-mc ${describeVerdict(ref!.samples[0]!)}`,
      ]);
      if (PROFILE && mcpu === 'gfx1100') profiles.push('### Profile: gpuasm check on the distinct gfx1100 input (self time)', '', '```', ...profile('amdgpu', ['--no-color', 'check', '--mcpu', mcpu, input.path]), '```', '');
    }
  }
  if (wanted('small')) {
    const small = ensureSmallInputs(log);
    const lines: string[] = [];
    const rows: Cmd[] = [one('node -e 0', NODE, ['-e', '0'], true)];
    if (!small.s.missing && mc) rows.push(one(`gpuasm check, ${fmt(small.s.bytes / 1000, 0)} KB clang .s`, NODE, [BIN, '--no-color', 'check', small.s.path], true), one('llvm-mc-19 -mcpu=gfx900 -filetype=null, same file', mc, ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx900', '-filetype=null', small.s.path]));
    else lines.push(`(.s skipped: ${small.s.missing ?? 'llvm-mc-19 not on PATH'})`);
    if (!small.ptx.missing && ptxas) rows.push(one(`gpuasm check, ${fmt(small.ptx.bytes / 1000, 0)} KB nvcc .ptx`, NODE, [BIN, '--no-color', 'check', small.ptx.path], true), one(`ptxas -arch=${PTX_DISTINCT_TARGET} (front end), same file`, ptxas, [`-arch=${PTX_DISTINCT_TARGET}`, small.ptx.path, '-o', '/dev/null']));
    else lines.push(`(.ptx skipped: ${small.ptx.missing ?? 'ptxas not on PATH'})`);
    const m = measure(rows);
    const node = m[0]!;
    lines.push(...table('small files', 0, m, node), '');
    for (const r of m.slice(1)) if (r.label.startsWith('gpuasm')) lines.push(`- ${r.label}: **${fmt(r.ms / node.ms, 2)}x** Node's start-up (target <= 1.5x): ${r.ms / node.ms <= 1.5 ? 'met' : 'NOT met'}`);
    if (DROPPED_ENV.length) lines.push(`- run without ${DROPPED_ENV.join(', ')} (set in the bench's environment): it adds a certificate decoding to every Node start, \`node -e 0\` included`);
    if (CALLGRIND) lines.push(...oneThreadCounts([small.s, small.ptx].filter((f) => !f.missing).map((f) => f.path)));
    section('Small files: start-up latency', lines);
  }
  if (wanted('lsp')) {
    const input = ensureLspInput(log);
    if (input.missing) section('Language server: edit to diagnostics', [`skipped: ${input.missing}`]);
    else {
      log(`LSP: ${fmt(mb(input.bytes), 2)} MB PTX, 40 edits...`);
      const r = await measureLsp(input);
      section(`Language server: edit to diagnostics (${fmt(mb(input.bytes), 2)} MB PTX)`, [
        'Through a real client over stdio (`gpuasm lsp --stdio`, bench/lsp.ts): `.bench-data/lsp.ptx` (the leading items of the distinct PTX input) opened, then 40 one-line edits one at a time, each breaking or repairing an opcode somewhere in the file; time from sending `didChange` to receiving the diagnostics of that version.',
        '',
        '| measure | value |',
        '| --- | ---: |',
        `| open to first diagnostics | ${fmt(r.openMs, 0)} ms |`,
        `| edit to diagnostics, median of ${r.edits} | **${fmt(r.medianMs, 1)} ms** |`,
        `| edit to diagnostics, min / p90 / max | ${fmt(r.minMs, 1)} / ${fmt(r.p90Ms, 1)} / ${fmt(r.maxMs, 1)} ms |`,
        `| checks per edit (incremental: only what the edit touched) | ${fmt(r.checksPerEdit, 2)} |`,
        `| function bodies re-checked / reused per edit (of the file's) | ${fmt(r.bodiesCheckedPerEdit, 2)} / ${fmt(r.bodiesReusedPerEdit, 2)} |`,
        `| server RSS with the file open | ${fmt(r.rssMb, 0)} MB |`,
        `| server RSS with 40 more files (200 KB each) open | ${fmt(r.rssManyMb, 0)} MB |`,
        '',
        `- target: new diagnostics within 50 ms (median of edits): ${r.medianMs <= 50 ? 'met' : 'NOT met'}`,
      ]);
    }
  }
  if (wanted('playground')) {
    const input = playgroundSkipReason ? undefined : ensurePlaygroundInput(log);
    const why = playgroundSkipReason ?? input?.missing;
    if (why || !input) {
      log(`playground: skipped: ${why}`);
      section('Playground: paste to diagnostic, typing', [`skipped: ${why}`]);
    } else {
      log(`playground: ${fmt(input.bytes / 1000, 0)} KB PTX pasted ${RUNS} times in Chromium, then typing...`);
      const r = await measurePlayground(input, Math.max(RUNS, 5), log);
      const sorted = [...r.pasteMs].sort((a, b) => a - b);
      const paste = median(r.pasteMs);
      const longest = r.longTasks.length ? Math.max(...r.longTasks) : 0;
      section(`Playground: paste to diagnostic, typing (${fmt(input.bytes / 1000, 0)} KB PTX)`, [
        `In Chromium (bench/playground.ts): \`.bench-data/playground.err.ptx\` (the items of \`small.err.ptx\`, the opcode of its last plain instruction misspelt) pasted over a small file ${r.pasteMs.length} times; time from dispatching the paste to its diagnostic (\`${r.expected}\`) in the list (MutationObserver, performance.now()), and to the next frame; then ${r.typed} characters typed at its end (30 ms apart) under a \`longtask\` PerformanceObserver.`,
        '',
        '| measure | value |',
        '| --- | ---: |',
        `| paste to diagnostic in the list, median of ${r.pasteMs.length} | **${fmt(paste, 1)} ms** |`,
        `| paste to diagnostic, min / max | ${fmt(sorted[0], 1)} / ${fmt(sorted[sorted.length - 1], 1)} ms |`,
        `| paste to the next frame, median | ${fmt(median(r.pasteFrameMs), 1)} ms |`,
        `| the first paste on a fresh page (after the worker's warm-up) | ${fmt(r.pasteMs[0], 1)} ms |`,
        `| the worker's warm-up at page start (examples checked; wall time in the worker) | ${fmt(r.warmMs, 0)} ms |`,
        `| the worker's processor time for the check: first paste / median of the others | ${fmt(r.pasteWorkerCpuMs[0], 1)} / ${fmt(median(r.pasteWorkerCpuMs.slice(1)), 1)} ms |`,
        `| typing: longest main-thread task | ${r.longTasks.length ? `${fmt(longest, 0)} ms` : 'none over 50 ms'} |`,
        `| typing: tasks over 50 ms | ${r.longTasks.length} |`,
        ...r.longTaskDetail.map((t) => `| typing: a task of ${fmt(t.ms, 0)} ms (trace) | ${fmt(t.cpuMs, 1)} ms processor time; ${t.inside} |`),
        '',
        `- target: the diagnostic within 100 ms of the paste (median): ${paste <= 100 ? 'met' : 'NOT met'}; the first paste: ${r.pasteMs[0]! <= 100 ? 'met' : 'NOT met'}`,
        `- target: no main-thread task over 50 ms while typing: ${r.longTasks.length === 0 ? 'met' : 'NOT met'}`,
      ]);
    }
  }
  if (wanted('repetitive')) {
    const { withError } = ensurePtxInput(log);
    const rep = ensureAmdgpuInput(log);
    // Each group: gpuasm's rows, then the reference tool's (the last of the group).
    const groups: Cmd[][] = [];
    if (!withError.missing && ptxas) groups.push([one('gpuasm check big.err.ptx (700 instances of one template)', NODE, [BIN, '--no-color', 'check', withError.path]), one('ptxas -arch=sm_80 (front end)', ptxas, ['-arch=sm_80', withError.path, '-o', '/dev/null'])]);
    if (!rep.missing && mc) groups.push([one('gpuasm check big.gfx900.s (corpus gfx900 files, renamed copies)', NODE, [BIN, '--no-color', 'check', '--mcpu', 'gfx900', rep.path]), one('bench entry, memo off', NODE, [ENTRY, '--no-repeats', rep.path]), one('llvm-mc-19 -mcpu=gfx900 -filetype=null', mc, ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx900', '-filetype=null', rep.path])]);
    if (groups.length) {
      const m = measure(groups.flat());
      const lines = ['Extra rows, not the targets: the inputs of earlier rounds, built by repetition, where the memo pays most.', '', '| command | median wall s | peak RSS MB | time / reference |', '| --- | ---: | ---: | ---: |'];
      let i = 0;
      for (const g of groups) {
        const ref = m[i + g.length - 1]!;
        for (const r of m.slice(i, i + g.length)) lines.push(`| ${r.label} | ${fmt(r.ms / 1000, 3)} | ${fmt(r.rssMb, 0)} | ${fmt(r.ms / ref.ms, 3)} |`);
        i += g.length;
      }
      section('Repetitive inputs (extra)', lines);
    }
  }
  report.push(...profiles);
  if (RECORD) record(report.join('\n'));
}

/** Replaces the results block of docs/benchmarks.md, keeping the hand-written text around it. */
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

// Only when run, not when imported (topFunctions is reused).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
