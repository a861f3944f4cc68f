/**
 * What the PTX instruction layer (src/ptx/instructions/) costs `check` on one file: the same build
 * counted as built and with the layer's one call disabled ("layer off"), instructions counted
 * under callgrind. See docs/benchmarks.md, "PTX instruction layer on distinct code".
 *
 *   node dist/bench/layer-cost.js [--runs N] [--time N] [--no-callgrind] [--keep] [FILE.ptx]
 *
 * The layer-off copy is dist/ copied with its file times (bin.cjs and the bench entry fall back to
 * the ES modules when a chunk is older than bin.cjs) into a temporary folder, in which the
 * condition in front of the layer's call (`if (c.errorCount === errorsBefore)` before
 * `checkInstruction(ins, layer.context)`, src/ptx/check/instructions.ts) becomes `if (false)` in
 * both the PTX chunk and the ES module. Counts, millions of instructions, of
 * `node DIST/bench/check-entry.js FILE` (default .bench-data/distinct.err.ptx):
 *
 * - all the work: `valgrind --tool=callgrind node --single-threaded --predictable-gc-schedule`
 *   (V8's optimizing compiler and collector run on the main thread and are counted; the GC flag
 *   keeps the heap's growth from following the machine's load);
 * - the main thread of an ordinary run: `--separate-threads=yes`, thread 1 (the optimizing
 *   compiler runs on a background thread, as in a user's run with a second core free).
 *
 * Both builds get `--stack-size=983`, which changes only V8's flag hash, so that neither reads its
 * chunk's code cache (the edited chunk's cache no longer matches): both compile our code alike.
 * `--time N` adds N interleaved wall/CPU runs of each build (plain node, the CLI's flags) through
 * /usr/bin/time and prints the medians; meaningful only on a quiet machine (see `uptime`).
 * Not a test: nothing here judges anything, it prints figures.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const flagValue = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const n = Number(args[at + 1]);
  args.splice(at, 2);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a count`);
  return n;
};
const flag = (name: string): boolean => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const runs = flagValue('--runs', 1);
const timed = flagValue('--time', 0);
const callgrind = !flag('--no-callgrind');
const keep = flag('--keep');
const dist = fileURLToPath(new URL('..', import.meta.url));
const root = resolve(dist, '..');
const file = resolve(args[0] ?? join(root, '.bench-data', 'distinct.err.ptx'));
if (!existsSync(file)) {
  process.stderr.write(`layer-cost: ${file} not found (the bench inputs are made by \`node dist/bench/data.js\`)\n`);
  process.exit(2);
}

/** The layer's call as the compiler emits it, in the chunk and in the ES module. */
const CALLS: [string, RegExp][] = [
  ['src/cli/bundle-ptx.cjs', /if \(c\.errorCount === errorsBefore\)(\s*\(0, check_js_1\.checkInstruction\)\(ins, layer\.context\);)/],
  ['src/ptx/check/instructions.js', /if \(c\.errorCount === errorsBefore\)(\s*checkInstructionForms\(ins, layer\.context\);)/],
];

/** dist/ copied with its file times, the layer's call disabled. */
function layerOffCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-ptx-layer-off-'));
  const copy = join(dir, 'dist');
  cpSync(dist, copy, { recursive: true, preserveTimestamps: true });
  if (existsSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const [rel, call] of CALLS) {
    const path = join(copy, rel);
    const text = readFileSync(path, 'utf8');
    const hits = text.match(new RegExp(call.source, 'g'))?.length ?? 0;
    if (hits !== 1) throw new Error(`layer-cost: the layer's call is found ${hits} times in ${rel} (expected once); update CALLS`);
    writeFileSync(path, text.replace(call, 'if (false)$1'));
    const { atime, mtime } = statSync(join(dist, rel));
    utimesSync(path, atime, mtime);
  }
  return copy;
}

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
delete env.NODE_OPTIONS;

/** Millions of instructions: [all of a single-threaded run, thread 1 of an ordinary run]. */
function count(build: string): [number, number] {
  const entry = join(build, 'bench', 'check-entry.js');
  const one = (vgArgs: string[], nodeArgs: string[]): string => {
    const out = mkdtempSync(join(tmpdir(), 'gpuasm-ptx-cg-'));
    const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${join(out, 'cg.out')}`, ...vgArgs, process.execPath, '--stack-size=983', ...nodeArgs, entry, file], { env, encoding: 'latin1', maxBuffer: 1 << 30 });
    if (r.error) throw r.error;
    return out;
  };
  /** The count of each output file, by thread number (a single-threaded run's one file: thread 0). */
  const totals = (out: string): Map<number, number> => {
    const m = new Map<number, number>();
    for (const f of readdirSync(out)) {
      const text = readFileSync(join(out, f), 'latin1');
      const n = /^summary:\s*(\d+)/m.exec(text) ?? /^totals:\s*(\d+)/m.exec(text);
      m.set(threadOf(f) ?? 0, n ? Number(n[1]) / 1e6 : NaN);
    }
    rmSync(out, { recursive: true, force: true });
    return m;
  };
  const all = [...totals(one([], ['--single-threaded', '--predictable-gc-schedule'])).values()][0]!;
  const main = totals(one(['--separate-threads=yes'], [])).get(1) ?? NaN;
  return [all, main];
}

function threadOf(name: string): number | undefined {
  const m = /-(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Seconds: [wall, user+system] of one ordinary run. */
function time(build: string): [number, number] {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, join(build, 'bench', 'check-entry.js'), file], { env, encoding: 'latin1', maxBuffer: 1 << 30 });
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [e, u, s] = last.split(' ').map(Number);
  return [e!, u! + s!];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (on: number, off: number): string => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(1)}%`;

const off = layerOffCopy();
const builds: [string, string][] = [
  ['layer off', off],
  ['layer on', dist],
];
const lines: string[] = [`file ${file}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`];
try {
  if (callgrind) {
    const counts = new Map<string, [number[], number[]]>(builds.map(([n]) => [n, [[], []]]));
    for (let i = 0; i < runs; i++)
      for (const [name, build] of builds) {
        const [all, main] = count(build);
        counts.get(name)![0].push(all);
        counts.get(name)![1].push(main);
      }
    const [offAll, offMain] = counts.get('layer off')!.map(median) as [number, number];
    const [onAll, onMain] = counts.get('layer on')!.map(median) as [number, number];
    lines.push(
      `millions of instructions (median of ${runs}): all work (--single-threaded --predictable-gc-schedule) | main thread of an ordinary run`,
      `  layer off  ${offAll.toFixed(0).padStart(7)} | ${offMain.toFixed(0).padStart(7)}`,
      `  layer on   ${onAll.toFixed(0).padStart(7)} | ${onMain.toFixed(0).padStart(7)}`,
      `  layer cost ${pct(onAll, offAll).padStart(7)} | ${pct(onMain, offMain).padStart(7)}`,
    );
  }
  if (timed > 0) {
    const t = new Map<string, [number[], number[]]>(builds.map(([n]) => [n, [[], []]]));
    for (let i = 0; i < timed; i++)
      for (const [name, build] of builds) {
        const [w, c] = time(build);
        t.get(name)![0].push(w);
        t.get(name)![1].push(c);
      }
    const [offW, offC] = t.get('layer off')!.map(median) as [number, number];
    const [onW, onC] = t.get('layer on')!.map(median) as [number, number];
    lines.push(
      `seconds (median of ${timed} interleaved runs): wall | user+system`,
      `  layer off  ${offW.toFixed(2).padStart(6)} | ${offC.toFixed(2).padStart(6)}`,
      `  layer on   ${onW.toFixed(2).padStart(6)} | ${onC.toFixed(2).padStart(6)}`,
      `  layer cost ${pct(onW, offW).padStart(6)} | ${pct(onC, offC).padStart(6)}`,
    );
  }
  lines.push(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
} finally {
  if (keep) lines.push(`layer-off copy kept: ${off}`);
  else rmSync(resolve(off, '..'), { recursive: true, force: true });
}
process.stdout.write(lines.join('\n') + '\n');
