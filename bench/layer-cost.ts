/**
 * What an instruction layer (src/ptx/instructions/, src/amdgpu/instructions/) costs `check` on the
 * distinct-code bench inputs: the built dist/ against a copy of it with the layer's one call
 * disabled ("layer off"). See docs/benchmarks.md, "PTX instruction layer on distinct code" and
 * "AMDGPU instruction layer: its cost on distinct code". Not a test: it prints figures, judges
 * nothing.
 *
 *   node dist/bench/layer-cost.js [--lang ptx|amdgpu] [--runs N] [--time N] [--no-callgrind]
 *                                 [--no-main] [--keep] [FILE[:MCPU] ...]
 *
 * Without --lang, both languages on their default inputs; FILE arguments need --lang.
 * Both builds run from copies of dist/ side by side in one temporary directory, `on/dist` and
 * `of/dist` (paths of one length: where a build lies moves its count by up to 25 M instructions,
 * see docs/benchmarks.md, session 10), each copied with its file times (bin.cjs and the bench
 * entry fall back to the ES modules when a chunk is older than bin.cjs); in the layer-off copy the
 * condition in front of the layer's call is replaced by `false` in the language's chunk and in its
 * ES module. Counts, millions of instructions, of `node DIST/bench/check-entry.js [--mcpu CPU] FILE`:
 *
 * - all the work: `valgrind --tool=callgrind node --single-threaded --predictable-gc-schedule`
 *   (V8's optimizing compiler and collector run on the main thread and are counted; the GC flag
 *   keeps the heap's growth from following the machine's load);
 * - the main thread of an ordinary run (`--separate-threads=yes`, thread 1; the optimizing
 *   compiler on a background thread, as in a user's run with a second core free). `--no-main`
 *   leaves it out.
 *
 * Both builds get `--stack-size=983`, which changes only V8's flag hash, so that neither reads its
 * chunk's code cache (the edited chunk's cache no longer matches): both compile our code alike.
 * The counted runs also get `--hash-seed=7`: V8 otherwise draws its string hash seed at start and
 * checks it with a primality test whose length varies, about 10 M instructions from run to run.
 * `--time N` adds N interleaved wall/CPU runs of each build (plain node) through /usr/bin/time and
 * prints the medians; meaningful only on a quiet machine (see `uptime`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

interface Input {
  file: string;
  mcpu?: string;
}

interface Layer {
  /** Files under dist/ whose one match of `call` becomes `if (false)` followed by group 1. */
  edits: { file: string; call: RegExp }[];
  /** Default inputs (under the repository root). */
  inputs: Input[];
}

/** Per language: where its layer is called (as the compiler emits it) and what it is measured on. */
const LAYERS: Record<string, Layer> = {
  // `if (c.errorCount === errorsBefore) checkInstruction(ins, layer.context)`, src/ptx/check/instructions.ts.
  ptx: {
    edits: [
      { file: 'src/cli/bundle-ptx.cjs', call: /if \(c\.errorCount === errorsBefore\)(\s*\(0, check_js_1\.checkInstruction\)\(ins, layer\.context\);)/ },
      { file: 'src/ptx/check/instructions.js', call: /if \(c\.errorCount === errorsBefore\)(\s*checkInstructionForms\(ins, layer\.context\);)/ },
    ],
    inputs: [{ file: '.bench-data/distinct.err.ptx' }],
  },
  // `if (this.target && this.cx.issued === issued) checkInstruction(...)`, src/amdgpu/check/instruction.ts.
  amdgpu: {
    edits: [
      { file: 'src/cli/bundle-amdgpu.cjs', call: /if \(this\.target && this\.cx\.issued === issued\)()/ },
      { file: 'src/amdgpu/check/instruction.js', call: /if \(this\.target && this\.cx\.issued === issued\)()/ },
    ],
    inputs: [
      { file: '.bench-data/distinct.gfx900.s', mcpu: 'gfx900' },
      { file: '.bench-data/distinct.gfx1100.s', mcpu: 'gfx1100' },
    ],
  },
};

const args = process.argv.slice(2);
const flagValue = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const v = args[at + 1];
  args.splice(at, 2);
  return v;
};
const count = (name: string, fallback: number): number => {
  const v = flagValue(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a count`);
  return n;
};
const flag = (name: string): boolean => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const lang = flagValue('--lang');
const runs = count('--runs', 1);
const timed = count('--time', 0);
const callgrind = !flag('--no-callgrind');
const mainToo = !flag('--no-main');
const keep = flag('--keep');
const dist = fileURLToPath(new URL('..', import.meta.url));
const root = resolve(dist, '..');
if (lang !== undefined && !LAYERS[lang]) {
  process.stderr.write(`layer-cost: no layer for --lang ${lang} (known: ${Object.keys(LAYERS).join(', ')})\n`);
  process.exit(2);
}
if (args.length > 0 && lang === undefined) {
  process.stderr.write('layer-cost: give --lang with input files\n');
  process.exit(2);
}
const langs = lang === undefined ? Object.keys(LAYERS) : [lang];

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
delete env.NODE_OPTIONS;

/** dist/ copied twice with its file times, into DIR/on/dist and DIR/of/dist, the layer's call disabled in each file of `layer.edits` of the second. */
function copies(layer: Layer): { on: string; off: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-layer-cost-'));
  const [on, copy] = ['on', 'of'].map((name) => {
    const d = join(dir, name);
    cpSync(dist, join(d, 'dist'), { recursive: true, preserveTimestamps: true });
    if (existsSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(d, 'node_modules'));
    return join(d, 'dist');
  }) as [string, string];
  for (const { file, call } of layer.edits) {
    const path = join(copy, file);
    const text = readFileSync(path, 'utf8');
    const hits = text.match(new RegExp(call.source, 'g'))?.length ?? 0;
    if (hits !== 1) throw new Error(`layer-cost: the layer's call is found ${hits} times in ${file} (expected once); update LAYERS`);
    writeFileSync(path, text.replace(call, 'if (false)$1'));
    const { atime, mtime } = statSync(join(dist, file));
    utimesSync(path, atime, mtime);
  }
  return { on, off: copy };
}

const entryArgs = (build: string, input: Input): string[] => [join(build, 'bench', 'check-entry.js'), ...(input.mcpu ? ['--mcpu', input.mcpu] : []), resolve(root, input.file)];

/** Millions of instructions of one callgrind run: all of a single-threaded run, or thread 1 of an ordinary one. */
function instructions(build: string, input: Input, mainThread: boolean): number {
  const out = mkdtempSync(join(tmpdir(), 'gpuasm-cg-'));
  try {
    const vg = mainThread ? ['--separate-threads=yes'] : [];
    const node = mainThread ? [] : ['--single-threaded', '--predictable-gc-schedule'];
    const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${join(out, 'cg.out')}`, ...vg, process.execPath, '--stack-size=983', '--hash-seed=7', ...node, ...entryArgs(build, input)], { env, encoding: 'latin1', maxBuffer: 1 << 30 });
    if (r.error) throw r.error;
    // One output file, or with --separate-threads one per thread (`cg.out-01` is the main thread).
    const files = readdirSync(out).filter((f) => !mainThread || /-0*1$/.test(f));
    if (files.length !== 1) throw new Error(`layer-cost: no count from callgrind:\n${r.stderr.slice(-2000)}`);
    const m = /^(?:summary|totals):\s*(\d+)/m.exec(readFileSync(join(out, files[0]!), 'latin1'));
    if (!m) throw new Error(`layer-cost: no totals line in ${files[0]}`);
    return Number(m[1]) / 1e6;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Seconds: [wall, user+system] of one ordinary run. */
function seconds(build: string, input: Input): [number, number] {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, ...entryArgs(build, input)], { env, encoding: 'latin1', maxBuffer: 1 << 30 });
  const [e, u, s] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return [e!, u! + s!];
}

const pct = (on: number, off: number): string => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(1)}%`;

/** `measure` N times for each build, interleaved (off, on, off, on ...): medians per build and column. */
function interleaved(n: number, on: string, off: string, measure: (build: string) => number[]): [number[], number[]] {
  const samples: [number[][], number[][]] = [[], []];
  for (let i = 0; i < n; i++) {
    samples[0].push(measure(off));
    samples[1].push(measure(on));
  }
  const medians = (rows: number[][]) => rows[0]!.map((_, col) => median(rows.map((r) => r[col]!)));
  return [medians(samples[0]), medians(samples[1])];
}

const lines: string[] = [`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`];
for (const l of langs) {
  const layer = LAYERS[l]!;
  const inputs = args.length > 0 ? args.map((a) => ({ file: a.split(':')[0]!, mcpu: a.split(':')[1] })) : layer.inputs;
  const { on, off } = copies(layer);
  try {
    for (const input of inputs) {
      if (!existsSync(resolve(root, input.file))) {
        lines.push(`${l}: ${input.file} not found (the bench inputs are made by \`node dist/bench/data.js\`)`);
        continue;
      }
      lines.push(`${l}: ${input.file}${input.mcpu ? ` --mcpu ${input.mcpu}` : ''}`);
      if (callgrind) {
        const [offN, onN] = interleaved(runs, on, off, (b) => (mainToo ? [instructions(b, input, false), instructions(b, input, true)] : [instructions(b, input, false)]));
        lines.push(`  millions of instructions (median of ${runs}): all work (--single-threaded)${mainToo ? ' | main thread of an ordinary run' : ''}`);
        lines.push(`    layer off  ${offN.map((x) => x.toFixed(0).padStart(7)).join(' | ')}`);
        lines.push(`    layer on   ${onN.map((x) => x.toFixed(0).padStart(7)).join(' | ')}`);
        lines.push(`    layer cost ${onN.map((x, i) => pct(x, offN[i]!).padStart(7)).join(' | ')}`);
      }
      if (timed > 0) {
        const [offT, onT] = interleaved(timed, on, off, (b) => seconds(b, input));
        lines.push(`  seconds (median of ${timed} interleaved runs): wall | user+system`);
        lines.push(`    layer off  ${offT.map((x) => x.toFixed(2).padStart(6)).join(' | ')}`);
        lines.push(`    layer on   ${onT.map((x) => x.toFixed(2).padStart(6)).join(' | ')}`);
        lines.push(`    layer cost ${onT.map((x, i) => pct(x, offT[i]!).padStart(6)).join(' | ')}`);
      }
    }
  } finally {
    if (keep) lines.push(`${l}: copies kept: ${on} (layer on), ${off} (layer off)`);
    else rmSync(resolve(off, '..', '..'), { recursive: true, force: true });
  }
}
lines.push(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
process.stdout.write(lines.join('\n') + '\n');
