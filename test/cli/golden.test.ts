/**
 * Golden tier: runs the built CLI (`node dist/src/cli/bin.js --no-color ...`) from the repository root
 * on fixed inputs and compares exit code, stdout and stderr with `test/golden/<name>.out`.
 *
 *   GPUASM_UPDATE_GOLDEN=1 npm test      rewrites the .out files from the current output
 *
 * A case whose .out file is not recorded yet is skipped with a printed reason. Output that shows an
 * unfinished feature ("not implemented") or a crash ("internal error") is never recorded.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../harness/corpus.js';

const GOLDEN = join(REPO_ROOT, 'test', 'golden');
const BIN = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');
const UPDATE = process.env['GPUASM_UPDATE_GOLDEN'] === '1';
const input = (name: string) => `test/golden/inputs/${name}`;

interface GoldenCase {
  name: string;
  args: string[];
  stdin?: string;
}

const CASES: GoldenCase[] = [
  // check: clang-style text with source line and caret, JSON, clean files, AMDGPU, #line, stdin
  { name: 'check-broken-text', args: ['check', 'examples/broken.ptx'] },
  { name: 'check-broken-json', args: ['check', '--format', 'json', 'examples/broken.ptx'] },
  { name: 'check-clean-ptx', args: ['check', 'examples/vector_add.ptx', 'examples/reduce.ptx', 'examples/stencil.ptx'] },
  { name: 'check-clean-ptx-json', args: ['check', '--format', 'json', 'examples/vector_add.ptx'] },
  { name: 'check-line-directive', args: ['check', input('line_directive.ptx')] },
  { name: 'check-stdin', args: ['check', '--lang', 'ptx', '-'], stdin: '.version 8.0\n.target sm_80\n.global .u32 x;\n.global .u32 x;\n' },
  // separate compilation: refused as a whole program, clean with -c / --compile-only
  { name: 'check-rdc-whole', args: ['check', input('rdc.ptx')] },
  { name: 'check-rdc-compile-only', args: ['check', '-c', input('rdc.ptx')] },
  { name: 'check-rdc-compile-only-json', args: ['check', '--compile-only', '--format', 'json', input('rdc.ptx')] },
  { name: 'check-amdgpu-clean', args: ['check', '--mcpu', 'gfx900', 'examples/saxpy.gfx900.s'] },
  { name: 'check-amdgpu-errors', args: ['check', '--mcpu', 'gfx900', input('registers.s')] },
  { name: 'check-amdgpu-errors-json', args: ['check', '--mcpu', 'gfx900', '--format', 'json', input('registers.s')] },
  { name: 'check-amdgpu-triple', args: ['check', '--mcpu', 'gfx900', '--triple', 'amdgcn-pc-linux-gnu', input('llc-linux.gfx900.s')] },
  { name: 'check-amdgpu-triple-hsa', args: ['check', '--mcpu', 'gfx900', input('llc-linux.gfx900.s')] },
  { name: 'usage-check-bad-triple', args: ['check', '--triple', 'x86_64-linux-gnu', input('llc-linux.gfx900.s')] },
  // eval
  { name: 'eval-ptx-int', args: ['eval', '1 + 2 * 3 - 10'] },
  { name: 'eval-ptx-unsigned', args: ['eval', '~0'] },
  { name: 'eval-ptx-float', args: ['eval', '0.1 + 0.2'] },
  { name: 'eval-ptx-div-zero', args: ['eval', '1 / 0'] },
  { name: 'eval-ptx-syntax-error', args: ['eval', '1 +'] },
  { name: 'eval-amdgpu', args: ['eval', '--lang', 'amdgpu', '(1 < 2) + (-1 >> 60)'] },
  { name: 'eval-ptx-leading-minus', args: ['eval', '-(20908)'] },
  // layout
  { name: 'layout-json', args: ['layout', '--json', input('layout.ptx')] },
  { name: 'layout-table', args: ['layout', input('layout.ptx')] },
  { name: 'layout-errors', args: ['layout', '--json', 'examples/broken.ptx'] },
  // operand
  { name: 'operand-stdin', args: ['operand', '--mcpu', 'gfx900', '-'], stdin: readInput('operands.txt') },
  { name: 'operand-single', args: ['operand', '--mcpu', 'gfx900', '--type', 'f32', '0.5'] },
  { name: 'operand-gfx1100', args: ['operand', '--mcpu', 'gfx1100', '--type', 'f16', '0.15915494'] },
  { name: 'operand-masm-integers', args: ['operand', '--mcpu', 'gfx900', '--masm-integers', '--type', 'b32', '0ffh'] },
  // symbols
  { name: 'symbols-json', args: ['symbols', '--json', '--mcpu', 'gfx900', input('symbols.s')] },
  { name: 'symbols-table', args: ['symbols', '--mcpu', 'gfx900', input('symbols.s')] },
  { name: 'symbols-triple', args: ['symbols', '--mcpu', 'gfx900', '--triple', 'amdgcn-pc-linux-gnu', input('llc-linux.gfx900.s')] },
  { name: 'usage-symbols-bad-triple', args: ['symbols', '--triple', 'amdgcn-amdhsa', input('llc-linux.gfx900.s')] },
  // help of each command
  { name: 'help', args: ['--help'] },
  { name: 'help-check', args: ['check', '--help'] },
  { name: 'help-eval', args: ['eval', '--help'] },
  { name: 'help-layout', args: ['layout', '--help'] },
  { name: 'help-operand', args: ['operand', '--help'] },
  { name: 'help-symbols', args: ['symbols', '--help'] },
  // usage errors (exit 2) and a missing file (exit 2)
  { name: 'usage-no-command', args: [] },
  { name: 'usage-unknown-command', args: ['frobnicate'] },
  { name: 'usage-check-no-files', args: ['check'] },
  { name: 'usage-check-bad-format', args: ['check', '--format', 'xml', 'examples/vector_add.ptx'] },
  { name: 'usage-check-bad-lang', args: ['check', '--lang', 'cobol', 'examples/vector_add.ptx'] },
  { name: 'usage-unknown-option', args: ['check', '--frobnicate', 'examples/vector_add.ptx'] },
  { name: 'usage-missing-value', args: ['check', '--mcpu'] },
  { name: 'missing-file', args: ['check', 'no/such/file.ptx'] },
  { name: 'missing-file-and-good-file', args: ['check', 'no/such/file.ptx', 'examples/vector_add.ptx'] },
];

function readInput(name: string): string {
  return readFileSync(join(GOLDEN, 'inputs', name), 'utf8');
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(c: GoldenCase): Promise<RunResult> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [BIN, '--no-color', ...c.args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
    child.stdin.end(c.stdin ?? '');
  });
}

/** The .out format: the command, the exit code, then stdout and stderr verbatim. */
export function renderGolden(c: GoldenCase, r: RunResult): string {
  const norm = (s: string) => s.split(REPO_ROOT).join('<repo>');
  const quoted = c.args.map((a) => (/^[\w./:=@+-]+$/.test(a) ? a : `'${a}'`)).join(' ');
  return `$ gpuasm ${quoted}${c.stdin !== undefined ? ' < stdin' : ''}\nexit: ${r.code}\n--- stdout\n${norm(r.stdout)}--- stderr\n${norm(r.stderr)}`;
}

/** Why an output must not become a golden file, if it must not. */
function unrecordable(r: RunResult): string | undefined {
  const all = r.stdout + r.stderr;
  if (/not implemented/i.test(all)) return 'feature not implemented yet';
  if (/internal error/i.test(all) || /\n\s+at .*\.js:\d+/.test(all)) return 'the command crashed (internal error / stack trace)';
  return undefined;
}

const binMissing = existsSync(BIN) ? undefined : `${BIN} not built: golden tests skipped`;
if (binMissing) console.log(binMissing);
const results = new Map<string, Promise<RunResult>>();
if (!binMissing) for (const c of CASES) results.set(c.name, run(c));

describe('golden CLI outputs', () => {
  let compared = 0;
  for (const c of CASES) {
    const file = join(GOLDEN, `${c.name}.out`);
    const recorded = existsSync(file);
    const skip = binMissing ?? (!recorded && !UPDATE ? `test/golden/${c.name}.out not recorded yet (GPUASM_UPDATE_GOLDEN=1 npm test)` : undefined);
    test(c.name, { skip }, async (t) => {
      const r = await results.get(c.name)!;
      const text = renderGolden(c, r);
      const why = unrecordable(r);
      if (UPDATE) {
        if (why) {
          t.skip(`not recorded: ${why}`);
          console.log(`golden ${c.name}: not recorded (${why})`);
          return;
        }
        writeFileSync(file, text);
        return;
      }
      compared++;
      assert.equal(text, readFileSync(file, 'utf8'), `golden ${c.name} differs (GPUASM_UPDATE_GOLDEN=1 npm test rewrites it after review)`);
    });
  }
  test('every golden case has a distinct name', () => {
    assert.equal(new Set(CASES.map((c) => c.name)).size, CASES.length);
  });
  after(() => console.log(`golden: ${CASES.length} CLI cases defined, ${compared} compared with recorded output`));
});
