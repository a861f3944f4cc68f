/**
 * What an instruction layer costs on the distinct-code bench inputs, in instructions counted by
 * callgrind (docs/benchmarks.md, "AMDGPU instruction layer: its cost on distinct code"): the
 * built dist/ against a copy of it with the layer's one call disabled. Not part of the package;
 * judges nothing, prints the counts.
 *
 *   node dist/bench/layer-cost-amdgpu.js [--lang amdgpu] [--runs N] [--keep] [--no-main] [FILE:CPU ...]
 *
 * Two counts per file and copy (millions of instructions):
 * - all the work: `node --single-threaded` (V8's optimizing compiler and collector on the main
 *   thread, counted);
 * - the main thread of an ordinary run (`--separate-threads=yes`, thread 1), the optimizing
 *   compiler on its background thread. `--stack-size=983` only changes V8's flag hash, so that
 *   both copies compile our code from source alike (the edited chunk's code cache no longer
 *   matches; the unedited one's would).
 *
 * The layer-off copy is a `cp -a` of dist/ (file times kept: bin.cjs and the bench entry fall back
 * to the ES modules when a chunk is older than bin.cjs) in which the one condition in front of the
 * layer's call is replaced by `false`, in the bundled chunk and in the ES module alike. Each
 * language has its own function below (`amdgpuLayer`; a PTX one may sit beside it).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Layer {
  /** Files (under dist/) to edit in the copy, each with the text to replace exactly once. */
  edits: { file: string; from: string; to: string }[];
  /** Default inputs: bench file and the `--mcpu` it is checked for. */
  inputs: { file: string; mcpu?: string }[];
}

/** The AMDGPU instruction layer: `checkInstruction(...)` in src/amdgpu/check/instruction.ts. */
function amdgpuLayer(): Layer {
  const from = 'if (this.target && this.cx.issued === issued)';
  return {
    edits: [
      { file: 'src/cli/bundle-amdgpu.cjs', from, to: 'if (false)' },
      { file: 'src/amdgpu/check/instruction.js', from, to: 'if (false)' },
    ],
    inputs: [
      { file: '.bench-data/distinct.gfx900.s', mcpu: 'gfx900' },
      { file: '.bench-data/distinct.gfx1100.s', mcpu: 'gfx1100' },
    ],
  };
}

const LAYERS: Record<string, () => Layer> = { amdgpu: amdgpuLayer };

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const lang = opt('--lang') ?? 'amdgpu';
const runs = Number(opt('--runs') ?? 1);
const keep = args.includes('--keep');
const mainToo = !args.includes('--no-main');
const layerOf = LAYERS[lang];
if (!layerOf) {
  process.stderr.write(`layer-cost: no layer for --lang ${lang} (known: ${Object.keys(LAYERS).join(', ')})\n`);
  process.exit(2);
}
const layer = layerOf();
const valued = new Set(['--lang', '--runs']);
const given = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
const inputs = given.length
  ? given.map((g) => {
      const [file, mcpu] = g.split(':');
      return { file: file!, mcpu };
    })
  : layer.inputs;

const dist = fileURLToPath(new URL('../', import.meta.url));
const root = join(dist, '..');
for (const { file } of inputs)
  if (!existsSync(join(root, file))) {
    process.stderr.write(`layer-cost: ${file} is missing (node dist/bench/data.js makes the bench inputs)\n`);
    process.exit(2);
  }
const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
if (probe.status !== 0) {
  process.stderr.write('layer-cost: valgrind is not on PATH\n');
  process.exit(2);
}

/** A `cp -a` copy of dist/ with the layer's call disabled; the edited files keep their times. */
function layerOffCopy(): string {
  const base = mkdtempSync(join(tmpdir(), 'gpuasm-layer-off-'));
  const copy = join(base, 'dist');
  cpSync(dist, copy, { recursive: true, preserveTimestamps: true });
  // Stale code caches of the edited chunk would be rejected anyway (V8 compares source lengths).
  for (const { file, from, to } of layer.edits) {
    const path = join(copy, file);
    const text = readFileSync(path, 'utf8');
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`layer-cost: ${file} has ${count} copies of \`${from}\`, expected 1`);
    const { atime, mtime } = statSync(path);
    writeFileSync(path, text.replace(from, to));
    utimesSync(path, atime, mtime);
  }
  return copy;
}

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

/** Millions of instructions of one callgrind run: all of them, or thread 1's. */
function count(distDir: string, input: { file: string; mcpu?: string }, mainThread: boolean): number {
  const out = mkdtempSync(join(tmpdir(), 'gpuasm-cg-'));
  try {
    const entry = join(distDir, 'bench/check-entry.js');
    const mcpu = input.mcpu ? ['--mcpu', input.mcpu] : [];
    const vg = mainThread
      ? ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${join(out, 'cg')}`, 'node', '--stack-size=983']
      : ['--tool=callgrind', `--callgrind-out-file=${join(out, 'cg')}`, 'node', '--single-threaded'];
    const r = spawnSync('valgrind', [...vg, entry, ...mcpu, join(root, input.file)], { encoding: 'utf8', env, maxBuffer: 1 << 28 });
    if (!mainThread) {
      const m = /Collected : (\d+)/.exec(r.stderr);
      if (!m) throw new Error(`layer-cost: no count from callgrind:\n${r.stderr.slice(-2000)}`);
      return Number(m[1]) / 1e6;
    }
    // --separate-threads: one file per thread, cg-01 is the main thread.
    const first = readdirSync(out).filter((f) => /-0*1$/.test(f));
    if (first.length !== 1) throw new Error(`layer-cost: no main-thread file from callgrind in ${out}:\n${r.stderr.slice(-2000)}`);
    const m = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(out, first[0]!), 'utf8'));
    if (!m) throw new Error('layer-cost: no totals line in the main-thread file');
    return Number(m[1]) / 1e6;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const off = layerOffCopy();
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (on: number, offN: number) => `${on >= offN ? '+' : ''}${((on / offN - 1) * 100).toFixed(1)}%`;
try {
  process.stdout.write(`layer cost, ${lang}: millions of instructions (callgrind), layer off / on, ${runs} run(s) each, interleaved\n`);
  for (const input of inputs) {
    const kinds = mainToo ? [false, true] : [false];
    for (const mainThread of kinds) {
      const offs: number[] = [];
      const ons: number[] = [];
      for (let i = 0; i < runs; i++) {
        offs.push(count(off, input, mainThread));
        ons.push(count(dist, input, mainThread));
      }
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
      const label = `${input.file}${input.mcpu ? ` --mcpu ${input.mcpu}` : ''}, ${mainThread ? 'main thread' : 'all work (--single-threaded)'}`;
      process.stdout.write(
        `${label}: off ${offs.map(fmt).join(' / ')}; on ${ons.map(fmt).join(' / ')}; median ${pct(med(ons), med(offs))}\n`,
      );
    }
  }
} finally {
  if (keep) process.stdout.write(`layer-off copy kept: ${off}\n`);
  else rmSync(join(off, '..'), { recursive: true, force: true });
}
