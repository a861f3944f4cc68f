/**
 * `gpuasm check` on several threads (src/cli/jobs.ts): the output, exit status and JSON summary are
 * the one-thread run's, byte for byte, on a set of files with errors, warnings, includes, both
 * languages and an unreadable file; `-j 1` keeps one thread; a worker that fails leaves its files
 * to the main thread, same answer; the built CLI (bundled chunks) gives the same. No test here
 * judges time.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import type { CheckFileOptions } from '../../src/cli/check-file.js';
import { checkInParallel, PARALLEL_MIN_BYTES, PARALLEL_MIN_CPUS, threadsFor } from '../../src/cli/jobs.js';
import { REPO_ROOT } from '../harness/corpus.js';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[]): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), color: false, readStdin: async () => '' };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const BIN = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');
function built(argv: string[], env: Record<string, string> = {}): Captured {
  const r = spawnSync(process.execPath, [BIN, '--no-color', ...argv], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const ex = (f: string) => readFileSync(join(REPO_ROOT, 'examples', f), 'latin1');
const dir = mkdtempSync(join(tmpdir(), 'gpuasm-jobs-'));
const inc = join(dir, 'inc');
mkdirSync(inc);
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text, 'latin1');
  return join(dir, name);
};

// PTX: an include found through -I, a macro from it, a #warning (PP051), and an error.
writeFileSync(join(inc, 'defs.h'), '#define WIDTH 4\n');
writeFileSync(join(inc, 'part.inc'), '\ts_nop 0\n\tv_bogus_b32 v0, v1\n');
const withInclude = file(
  'include.ptx',
  '.version 8.0\n.target sm_80\n.address_size 64\n#include "defs.h"\n#warning from the test\n.global .u32 g[WIDTH];\n.visible .entry k()\n{\n\tret;\n\tbra NOWHERE;\n}\n',
);
// AMDGPU: an .include through -I (an error inside it), a .warning, a line refused by gfx900 alone.
const withAmdInclude = file('include.s', '\t.text\n\t.include "part.inc"\n\t.warning "from the test"\n\tv_dot2_f32_f16 v0, v1, v2, v3\n\ts_endpgm\n');
const FILES = [
  file('vector_add.ptx', ex('vector_add.ptx')),
  file('broken.ptx', ex('broken.ptx')),
  withInclude,
  file('saxpy.gfx900.s', ex('saxpy.gfx900.s')),
  withAmdInclude,
  join(dir, 'missing.ptx'),
  file('reduce.ptx', ex('reduce.ptx')),
  file('stencil.ptx', ex('stencil.ptx')),
  file('globals.ptx', ex('globals.ptx')),
  // The same file twice: two entries, in place.
  join(dir, 'broken.ptx'),
];

const VARIANTS: string[][] = [[], ['--format', 'json'], ['--mcpu', 'gfx1100'], ['--triple', 'amdgcn-amd-amdpal', '--mcpu', 'gfx90a'], ['-D', 'WIDTH=8', '--no-preprocess'], ['-c']];

describe('gpuasm check on several threads', () => {
  test('the file set is what it should be: errors, warnings, an unreadable file, both languages', async () => {
    const r = await cli(['check', '-j', '1', '-I', inc, ...FILES]);
    assert.equal(r.code, 2, 'an unreadable file: exit 2');
    assert.match(r.stderr, /cannot read '.*missing\.ptx'/);
    assert.match(r.stderr, /include\.ptx:\d+:\d+: warning: /);
    assert.match(r.stderr, /include\.s:\d+:\d+: warning: /);
    assert.match(r.stderr, /part\.inc|include\.s:2:/, 'an error reported through the .include');
    assert.match(r.stderr, /broken\.ptx:\d+:\d+: error: /);
    assert.match(r.stderr, /\d+ warnings? and \d+ errors? generated\.\n$/);
  });

  for (const variant of VARIANTS) {
    test(`in process, ${variant.join(' ') || 'text'}: -j 1, -j 2, --jobs=3 and -j 16 print the same`, async () => {
      const one = await cli(['check', ...variant, '-j', '1', '-I', inc, ...FILES]);
      for (const j of [['-j', '2'], ['--jobs=3'], ['-j16']]) assert.deepEqual(await cli(['check', ...variant, ...j, '-I', inc, ...FILES]), one, j.join(' '));
    });
  }

  test('without an unreadable file: exit 1 on both, and the JSON summary in command-line order', async () => {
    const files = FILES.filter((f) => !f.endsWith('missing.ptx'));
    const one = await cli(['check', '--format', 'json', '-j', '1', '-I', inc, ...files]);
    const many = await cli(['check', '--format', 'json', '-j', '4', '-I', inc, ...files]);
    assert.deepEqual(many, one);
    assert.equal(one.code, 1);
    assert.deepEqual(
      (JSON.parse(one.stdout) as { files: { file: string }[] }).files.map((f) => f.file),
      files,
    );
  });

  test('the built CLI (bundled chunks, worker from check-worker.cjs): same output and exit status as -j 1', () => {
    for (const variant of [[], ['--format', 'json'], ['--mcpu', 'gfx1100']]) {
      const one = built(['check', ...variant, '-j', '1', '-I', inc, ...FILES]);
      const two = built(['check', ...variant, '-j', '2', '-I', inc, ...FILES], { GPUASM_TRACE_JOBS: '1' });
      assert.match(two.stderr, /^gpuasm: 10 files on 2 threads\n/);
      assert.deepEqual({ ...two, stderr: two.stderr.replace(/^gpuasm: .*\n/, '') }, one, variant.join(' '));
    }
  });

  test('-j 1 keeps one thread; so do one file, standard input, and a small input by default', () => {
    const trace = (argv: string[]) => /^gpuasm: (.*)\n/.exec(built(['check', ...argv], { GPUASM_TRACE_JOBS: '1' }).stderr)?.[1];
    assert.equal(trace(['-j', '1', ...FILES]), '10 files on 1 thread');
    assert.equal(trace(['--jobs', '1', ...FILES]), '10 files on 1 thread');
    assert.equal(trace(['-j', '4', FILES[0]!]), '1 file on 1 thread');
    assert.equal(trace(['-j', '4', FILES[0]!, '-']), '2 files on 1 thread');
    assert.equal(trace(FILES), '10 files on 1 thread', 'a few KB: not worth a thread');
    assert.equal(trace(['-j', '3', ...FILES]), '10 files on 3 threads');
  });

  test('-j takes a whole number of threads, 1 or more (else exit 2)', async () => {
    for (const bad of ['0', '-1', 'x', '1.5', '']) {
      const r = await cli(['check', `--jobs=${bad}`, ...FILES.slice(0, 2)]);
      assert.equal(r.code, 2, bad);
      assert.match(r.stderr, /-j\/--jobs must be a whole number/);
    }
  });

  test('threadsFor: by default threads only on PARALLEL_MIN_CPUS or more, when the input besides the largest file is PARALLEL_MIN_BYTES or more', () => {
    const sized = (name: string, size: number) => {
      const p = file(name, '');
      truncateSync(p, size);
      return p;
    };
    const big = sized('big.ptx', 4 * PARALLEL_MIN_BYTES);
    const half = sized('half.ptx', PARALLEL_MIN_BYTES / 2);
    const cpus = availableParallelism();
    assert.equal(threadsFor([big, half], undefined), 1);
    assert.equal(threadsFor([big, half, half], undefined), cpus < PARALLEL_MIN_CPUS ? 1 : Math.min(cpus, 3));
    assert.equal(threadsFor([half, half, join(dir, 'missing.ptx')], undefined), 1, 'an unreadable file counts as empty');
    assert.equal(threadsFor([half, half, half, join(dir, 'missing.ptx')], undefined), cpus < PARALLEL_MIN_CPUS ? 1 : Math.min(cpus, 4));
    assert.equal(threadsFor([big, half], 8), 2, '-j: at most one thread per file');
  });

  test('a worker that fails (at start, or after taking a file) leaves its files to the main thread: same outcomes', async () => {
    const options: CheckFileOptions = { mcpu: 'gfx900', masmIntegers: false, includeDirs: [inc], defines: [], preprocess: true, compileOnly: false, noSplit: false };
    const alone = await checkInParallel(FILES, options, 1);
    const crashes = file('crash.cjs', "const { workerData } = require('node:worker_threads');\nAtomics.add(workerData.next, 0, 1);\nthrow new Error('worker crash (test)');\n");
    const exits = file('exits.cjs', "const { workerData } = require('node:worker_threads');\nAtomics.add(workerData.next, 0, 2);\nprocess.exit(3);\n");
    for (const script of [crashes, exits, join(dir, 'no-such-worker.cjs')]) {
      assert.deepEqual(await checkInParallel(FILES, options, 3, pathToFileURL(script)), alone, script);
    }
  });
});
