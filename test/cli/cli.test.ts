/**
 * The CLI contract, in process (`main(argv, io)` with a recording CliIO): exit codes 0/1/2, where
 * text and JSON go, colour only when asked, stdin, several files, -I/-D passed through, language
 * by extension, and the JSON shapes of check/eval/layout/symbols/operand. Also a consistency
 * property: `check --format json` reports exactly what the library reports for the same file.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { checkPtxText } from '../../src/ptx/index.js';
import { REPO_ROOT } from '../harness/corpus.js';
import { fuzzRuns, fuzzSeed } from '../harness/tools.js';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], opts: { stdin?: string; color?: boolean } = {}): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    color: opts.color ?? false,
    readStdin: async () => opts.stdin ?? '',
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}


const ex = (f: string) => join(REPO_ROOT, 'examples', f);
const HEADER = '.version 8.0\n.target sm_80\n.address_size 64\n';
const tmp = mkdtempSync(join(tmpdir(), 'gpuasm-cli-'));

interface JsonDiagnostic {
  severity: string;
  code: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  length: number;
  notes: unknown[];
}

function parseCheckJson(stdout: string): { files: { file: string; errors: number; warnings: number }[]; diagnostics: JsonDiagnostic[] } {
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'check --format json prints exactly one JSON document');
  return JSON.parse(lines[0]!);
}

describe('cli: usage', () => {
  test('no command prints usage and exits 2; --help exits 0', async () => {
    const none = await cli([]);
    assert.equal(none.code, 2);
    assert.match(none.stdout + none.stderr, /usage: gpuasm/);
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    for (const c of ['check', 'eval', 'layout', 'operand', 'symbols']) assert.match(help.stdout, new RegExp(`\\b${c}\\b`));
  });
  test('--version prints the package version', async () => {
    const r = await cli(['--version']);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(r.stdout, `gpuasm ${pkg.version}\n`);
  });
  test('every command has --help with a usage line, exit 0', async () => {
    for (const c of ['check', 'eval', 'layout', 'operand', 'symbols']) {
      const r = await cli([c, '--help']);
      assert.equal(r.code, 0, `${c} --help exit`);
      assert.match(r.stdout, new RegExp(`usage: gpuasm ${c}`), `${c} --help text`);
    }
  });
  test('unknown command, unknown option, missing value, bad --format/--lang: exit 2 with a message', async () => {
    const cases = [
      ['frobnicate'],
      ['check', '--frobnicate', ex('vector_add.ptx')],
      ['check', '--mcpu'],
      ['check', '--format', 'xml', ex('vector_add.ptx')],
      ['check', '--lang', 'cobol', ex('vector_add.ptx')],
      ['check'],
    ];
    for (const argv of cases) {
      const r = await cli(argv);
      assert.equal(r.code, 2, `gpuasm ${argv.join(' ')}: exit ${r.code}`);
      assert.match(r.stderr, /error/, `gpuasm ${argv.join(' ')}: stderr says why`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  });
  test('a missing file is exit 2, and the other files are still checked', async () => {
    const r = await cli(['check', '--format', 'json', join(tmp, 'nope.ptx'), ex('vector_add.ptx')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read/);
    const doc = parseCheckJson(r.stdout);
    assert.deepEqual(doc.files.map((f) => f.file), [ex('vector_add.ptx')]);
  });
});

describe('cli: check', () => {
  test('clean files: exit 0, nothing printed', async () => {
    const r = await cli(['check', ex('vector_add.ptx'), ex('reduce.ptx'), ex('stencil.ptx')]);
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
  });
  test('errors: exit 1, clang-style text on stderr with the source line and a caret, nothing on stdout', async () => {
    const r = await cli(['check', ex('broken.ptx')]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const lines = r.stderr.split('\n');
    const first = lines.findIndex((l) => /^.*broken\.ptx:\d+:\d+: error: .+ \[[A-Z]+\d+\]$/.test(l));
    assert.ok(first >= 0, `no 'file:line:col: error: message [CODE]' line in:\n${r.stderr}`);
    const [, line, col] = /:(\d+):(\d+): error/.exec(lines[first]!)!;
    const source = readFileSync(ex('broken.ptx'), 'latin1').split('\n')[Number(line) - 1]!;
    assert.equal(lines[first + 1], source.replace(/\t/g, '    '), 'the source line follows');
    // The caret sits under the reported column (tabs expanded to 4 in both lines).
    const caretAt = lines[first + 2]!.indexOf('^');
    const expanded = source.slice(0, Number(col) - 1).replace(/\t/g, '    ').length;
    assert.equal(caretAt, expanded, 'caret under the column');
    assert.match(r.stderr, /\d+ errors? generated\.\n$/);
    assert.doesNotMatch(r.stderr, /\x1b\[/, 'no colour unless asked');
  });
  test('--color forces ANSI colour; --no-color removes it (real process, stderr not a terminal)', () => {
    const bin = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');
    const env = { ...process.env };
    delete env['NO_COLOR'];
    delete env['FORCE_COLOR'];
    const run = (flag: string) => spawnSync(process.execPath, [bin, flag, 'check', ex('broken.ptx')], { encoding: 'utf8', env });
    const colored = run('--color');
    assert.equal(colored.status, 1);
    assert.match(colored.stderr, /\x1b\[/);
    const plain = run('--no-color');
    assert.equal(plain.status, 1);
    assert.doesNotMatch(plain.stderr, /\x1b\[/);
  });
  test('--format json: one document on stdout, nothing on stderr, documented fields', async () => {
    const r = await cli(['check', '--format', 'json', ex('broken.ptx'), ex('vector_add.ptx')]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    const doc = parseCheckJson(r.stdout);
    assert.equal(doc.files.length, 2);
    assert.ok(doc.files[0]!.errors > 0);
    assert.equal(doc.files[1]!.errors, 0);
    assert.equal(doc.diagnostics.length, doc.files[0]!.errors + doc.files[0]!.warnings);
    for (const d of doc.diagnostics) {
      assert.deepEqual(Object.keys(d).sort(), ['code', 'column', 'file', 'length', 'line', 'message', 'notes', 'severity']);
      assert.match(d.code, /^[A-Z]+\d+$/);
      assert.ok(Number.isInteger(d.line) && d.line! >= 1 && Number.isInteger(d.column) && d.column! >= 1);
    }
    // --json is the short form.
    const short = await cli(['check', '--json', ex('broken.ptx'), ex('vector_add.ptx')]);
    assert.equal(short.stdout, r.stdout);
  });
  test('stdin with -', async () => {
    const r = await cli(['check', '--format', 'json', '-'], { stdin: `${HEADER}.global .u32 x;\n.global .u32 x;\n` });
    assert.equal(r.code, 1);
    const doc = parseCheckJson(r.stdout);
    assert.equal(doc.files[0]!.file, '<stdin>');
    assert.equal(doc.diagnostics[0]!.line, 5);
  });
  test('-I and -D reach the preprocessor; --no-preprocess turns it off', async () => {
    const dir = mkdtempSync(join(tmp, 'inc-'));
    writeFileSync(join(dir, 'decl.h'), '.global .u32 from_header[N];\n');
    const main = join(tmp, 'uses_include.ptx');
    writeFileSync(main, `${HEADER}#include "decl.h"\n.global .u64 p = from_header;\n`);
    const missing = await cli(['check', main]);
    assert.equal(missing.code, 1, 'without -I the header is not found');
    const ok = await cli(['check', '-I', dir, '-D', 'N=4', main]);
    assert.equal(ok.code, 0, ok.stderr);
    const joined = await cli(['check', `-I${dir}`, '-DN=4', main]);
    assert.equal(joined.code, 0, joined.stderr);
    const raw = await cli(['check', '--no-preprocess', '-I', dir, '-D', 'N=4', main]);
    assert.equal(raw.code, 1, 'ptxas mode: #include is a syntax error');
  });
  test('-c / --compile-only: separate compilation, as ptxas -c', async () => {
    // An .extern function called and its address taken: unresolved as a whole program, the linker's under -c.
    const rdc = `${HEADER}.extern .func ext (.param .b32 a);\n.visible .entry k ()\n{\n\t.reg .b64 %rd<2>;\n\t.param .b32 p;\n\tst.param.b32 [p], 1;\n\tcall.uni ext, (p);\n\tmov.u64 %rd1, ext;\n\tret;\n}\n`;
    const whole = await cli(['check', '--format', 'json', '-'], { stdin: rdc });
    assert.equal(whole.code, 1);
    assert.deepEqual(parseCheckJson(whole.stdout).diagnostics.map((d) => [d.code, d.line]), [['PTX349', 11]]);
    for (const flag of ['-c', '--compile-only']) {
      const r = await cli(['check', flag, '-'], { stdin: rdc });
      assert.equal(r.code, 0, `${flag}: ${r.stderr}`);
      assert.equal(r.stderr, '');
    }
    // What -c needs: .version 3.1 or later (ptxas -c: "'Compile only(-c)' requires PTX ISA .version 3.1 or later").
    const old = '.version 3.0\n.target sm_20\n.address_size 64\n.entry k ()\n{\n\tret;\n}\n';
    assert.equal((await cli(['check', '-'], { stdin: old })).code, 0);
    const refused = await cli(['check', '-c', '--format', 'json', '-'], { stdin: old });
    assert.equal(refused.code, 1);
    assert.deepEqual(parseCheckJson(refused.stdout).diagnostics.map((d) => [d.code, d.line]), [['PTX358', 1]]);
    // The CLI passes exactly the library's option.
    assert.deepEqual(
      parseCheckJson((await cli(['check', '-c', '--format', 'json', '-'], { stdin: old })).stdout).diagnostics.map((d) => d.message),
      checkPtxText('<stdin>', old, { compileOnly: true }).map((d) => d.message),
    );
  });
  test('language from the extension, or --lang', async () => {
    const s = join(tmp, 'k.s');
    writeFileSync(s, '\ts_mov_b32 s0, s1\n\ts_endpgm\n');
    assert.equal((await cli(['check', s])).code, 0);
    const asPtx = await cli(['check', '--lang', 'ptx', s]);
    assert.equal(asPtx.code, 1, 'the same text read as PTX has errors');
    const renamed = join(tmp, 'k.txt');
    writeFileSync(renamed, '\ts_mov_b32 s0, s1\n\ts_endpgm\n');
    assert.equal((await cli(['check', '--lang', 'amdgpu', renamed])).code, 0);
  });
  test('--mcpu decides register limits (s102 exists on gfx1030, not on gfx900)', async () => {
    const s = join(tmp, 'sgpr.s');
    writeFileSync(s, '\ts_mov_b32 s0, s105\n');
    assert.equal((await cli(['check', '--mcpu', 'gfx1030', s])).code, 0);
    assert.equal((await cli(['check', '--mcpu', 'gfx900', s])).code, 1);
  });

  // Random subsets of fixtures through the CLI give the library's diagnostics, no more, no fewer.
  test('check --format json agrees with checkPtxText on fixture files', async () => {
    const dir = join(REPO_ROOT, 'test', 'fixtures', 'ptx');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ptx')).sort().map((f) => join(dir, f));
    const seed = fuzzSeed();
    const runs = Math.min(fuzzRuns(30), 30);
    await fc.assert(
      fc.asyncProperty(fc.subarray(files, { minLength: 1, maxLength: 4 }), async (subset) => {
        const r = await cli(['check', '--format', 'json', ...subset]);
        const doc = parseCheckJson(r.stdout);
        const lib = subset.flatMap((f) => checkPtxText(f, readFileSync(f, 'latin1')));
        assert.equal(doc.diagnostics.length, lib.length, `seed ${seed}: ${subset.join(' ')}`);
        assert.equal(r.code, lib.some((d) => d.severity === 'error') ? 1 : 0, `seed ${seed}: exit code`);
      }),
      { seed, numRuns: runs },
    );
  });
});

describe('cli: eval, layout, symbols, operand', () => {
  test('eval prints VALUE TYPE; an invalid expression is exit 1 with a diagnostic', async () => {
    const ok = await cli(['eval', '1 + 2 * 3']);
    if (/not implemented/.test(ok.stderr)) return void console.log('gpuasm eval not implemented yet: skipped');
    assert.deepEqual(ok, { code: 0, stdout: '7 .s64\n', stderr: '' });
    assert.equal((await cli(['eval', '~0'])).stdout, '18446744073709551615 .u64\n');
    assert.equal((await cli(['eval', '-1'])).stdout, '-1 .s64\n', 'a negative number is an operand, not an option');
    const bad = await cli(['eval', '1 / 0']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /error: .*\[[A-Z]+\d+\]/);
    const amd = await cli(['eval', '--lang', 'amdgpu', '1 < 2']);
    assert.deepEqual(amd, { code: 0, stdout: '-1\n', stderr: '' }, 'llvm-mc comparisons give -1 for true');
  });
  test('eval: an expression may start with -; only --WORD is an option', async () => {
    // Found in use: `gpuasm eval '-(20908)'` and `gpuasm eval -WARP_SZ` were "unknown option".
    assert.deepEqual(await cli(['eval', '-(20908)']), { code: 0, stdout: '-20908 .s64\n', stderr: '' });
    assert.deepEqual(await cli(['eval', '-WARP_SZ']), { code: 0, stdout: '-32 .s64\n', stderr: '' });
    assert.deepEqual(await cli(['eval', '-~0']), { code: 0, stdout: '1 .u64\n', stderr: '' });
    assert.deepEqual(await cli(['eval', '--1']), { code: 0, stdout: '1 .s64\n', stderr: '' }, '-- then a digit is minus minus one');
    assert.deepEqual(await cli(['eval', '-(2)', '*', '3', '--json']), { code: 0, stdout: '{"value":"-6","type":".s64"}\n', stderr: '' }, 'options still apply after it');
    assert.deepEqual(await cli(['eval', '--lang', 'amdgpu', '-(5)']), { code: 0, stdout: '-5\n', stderr: '' });
    assert.deepEqual(await cli(['eval', '--', '-x']), await cli(['eval', '-x']), "'--' still ends the options");
    const bogus = await cli(['eval', '--bogus']);
    assert.equal(bogus.code, 2, 'an unknown --word is a usage error');
    assert.match(bogus.stderr, /unknown option --bogus/);
    assert.equal((await cli(['check', '-x'])).code, 2, 'other commands keep their option errors');
  });
  test('check/symbols --mattr: the wave size as llvm-mc -mattr, repeatable, other features warned about', async () => {
    const f = join(tmp, 'wave64.s');
    writeFileSync(f, 'v_cmp_eq_u32_e64 s[0:1], v0, v1\nv_cndmask_b32 v0, v1, v2, vcc\n');
    const wave32 = await cli(['check', '--mcpu', 'gfx1030', '--format', 'json', f]);
    assert.equal(wave32.code, 1, 'wave32 by default on gfx1030');
    assert.deepEqual(parseCheckJson(wave32.stdout).diagnostics.map((d) => d.line), [1, 2]);
    assert.deepEqual(await cli(['check', '--mcpu', 'gfx1030', '--mattr', '+wavefrontsize64', f]), { code: 0, stdout: '', stderr: '' });
    assert.equal((await cli(['check', '--mcpu', 'gfx1030', '--mattr=-wavefrontsize32,+wavefrontsize64', f])).code, 0, '= form and a list');
    assert.equal((await cli(['check', '--mcpu', 'gfx1030', '--mattr', '-wavefrontsize32', '--mattr', '+wavefrontsize64', f])).code, 0, 'repeated: joined in order');
    assert.equal((await cli(['check', '--mcpu', 'gfx1030', '--mattr', '+wavefrontsize64', '--mattr', '-wavefrontsize64', f])).code, 1, 'the last word wins');
    const unknown = await cli(['check', '--mcpu', 'gfx1030', '--mattr', '+wavefrontsize64,+foo', '--format', 'json', f]);
    assert.equal(unknown.code, 0, 'an unknown feature is a warning');
    assert.deepEqual(parseCheckJson(unknown.stdout).diagnostics.map((d) => [d.code, d.severity, d.line]), [['AMD562', 'warning', null]]);
    const sym = await cli(['symbols', '--mcpu', 'gfx1030', '--mattr', '+wavefrontsize64', f]);
    assert.equal(sym.code, 0, sym.stderr);
    assert.equal((await cli(['symbols', '--mcpu', 'gfx1030', f])).code, 1);
    assert.match((await cli(['check', '--help'])).stdout, /--mattr FEATURES/);
  });
  test('operand --masm-integers reads 0ffh-style integers', async () => {
    const r = await cli(['operand', '--mcpu', 'gfx900', '--masm-integers', '-'], { stdin: 'b32 0ffh\nb32 10h\nb32 101y\nb32 0fgh\n' });
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(out.slice(0, 3), [
      { src: 255, literal: '0x000000ff' },
      { src: 144, literal: null },
      { src: 133, literal: null },
    ]);
    assert.ok('error' in out[3]!, '0fgh is no number');
    assert.equal(r.code, 1);
    const single = await cli(['operand', '--mcpu', 'gfx900', '--masm-integers', '--type', 'i32', '40h']);
    assert.deepEqual(single, { code: 0, stdout: '{"src":192,"literal":null}\n', stderr: '' });
    const plain = await cli(['operand', '--mcpu', 'gfx900', '--type', 'i32', '40h']);
    assert.equal(plain.code, 1, 'without the option 40h is no integer');
  });
  test('layout --json: documented shape, bytes as lowercase hex of size bytes', async () => {
    const r = await cli(['layout', '--json', join(REPO_ROOT, 'test', 'golden', 'inputs', 'layout.ptx')]);
    if (/not implemented/.test(r.stderr)) return void console.log('gpuasm layout not implemented yet: skipped');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '', '--json puts everything on stdout');
    const doc = JSON.parse(r.stdout) as { variables: Record<string, unknown>[]; diagnostics: { severity: string; code: string }[] };
    assert.ok(doc.variables.length > 0);
    // The input's one warning: `packed` is laid out as ptxas packs it.
    assert.deepEqual(doc.diagnostics.map((d) => [d.severity, d.code]), [['warning', 'PTX450']]);
    for (const v of doc.variables) {
      for (const k of ['name', 'space', 'type', 'size', 'align', 'bytes', 'relocations']) assert.ok(k in v, `variable lacks ${k}`);
      assert.match(v['bytes'] as string, /^([0-9a-f]{2})*$/);
      assert.equal((v['bytes'] as string).length, 2 * (v['size'] as number));
      for (const rel of v['relocations'] as Record<string, unknown>[]) {
        for (const k of ['offset', 'size', 'symbol', 'addend', 'generic', 'mask']) assert.ok(k in rel, `relocation lacks ${k}`);
      }
    }
    const broken = await cli(['layout', '--json', ex('broken.ptx')]);
    assert.equal(broken.code, 1, 'a file with errors exits 1');
    // Diagnostics in the JSON document, in the shape `check --format json` uses, nothing on stderr.
    assert.equal(broken.stderr, '');
    const bad = JSON.parse(broken.stdout) as { variables: unknown[]; diagnostics: Record<string, unknown>[] };
    assert.deepEqual(bad.variables, []);
    const checked = JSON.parse((await cli(['check', '--format', 'json', ex('broken.ptx')])).stdout) as { diagnostics: unknown[] };
    assert.ok(bad.diagnostics.length > 0);
    assert.deepEqual(bad.diagnostics, checked.diagnostics, 'layout --json reports what check --format json reports');
  });
  test('symbols --json: names with signed decimal values or null', async () => {
    const r = await cli(['symbols', '--json', '--mcpu', 'gfx900', join(REPO_ROOT, 'test', 'golden', 'inputs', 'symbols.s')]);
    if (/not implemented/.test(r.stderr)) return void console.log('gpuasm symbols not implemented yet: skipped');
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout) as { symbols: { name: string; value: string | null; kind: string }[] };
    const byName = new Map(doc.symbols.map((s) => [s.name, s]));
    // Values from the input: base = 0x100, stride = 16, limit = base + stride*4, neg = -limit, later = 21, fwd = later*2.
    assert.equal(byName.get('base')?.value, '256');
    assert.equal(byName.get('limit')?.value, '320');
    assert.equal(byName.get('neg')?.value, '-320');
    assert.equal(byName.get('fwd')?.value, '42');
    assert.equal(byName.get('mask')?.value, '15', '>> is logical in llvm-mc');
    assert.equal(byName.get('cmp')?.value, '-1', 'comparisons give -1 for true');
    assert.equal(byName.get('entry')?.value ?? null, null, 'a label is not absolute');
  });
  test('symbols reads .include from -I directories, as check does (llvm-mc-19: working directory, then each -I)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'gpuasm-symbols-'));
    const inc = join(tmp, 'inc');
    mkdirSync(inc);
    writeFileSync(join(inc, 'consts.inc'), 'base = 0x40\n');
    const main = join(tmp, 'main.s');
    writeFileSync(main, '.include "consts.inc"\nlimit = base + 8\n');
    const withDir = await cli(['symbols', '--json', '-I', inc, main]);
    assert.equal(withDir.code, 0, withDir.stderr + withDir.stdout);
    const byName = new Map((JSON.parse(withDir.stdout) as { symbols: { name: string; value: string | null }[] }).symbols.map((s) => [s.name, s.value]));
    assert.equal(byName.get('base'), '64');
    assert.equal(byName.get('limit'), '72');
    const without = await cli(['symbols', main]);
    assert.equal(without.code, 1, 'without -I the include is not found');
    assert.match(without.stdout + without.stderr, /consts\.inc/);
  });
  test('operand: one JSON object per input line', async () => {
    const r = await cli(['operand', '--mcpu', 'gfx900', '-'], { stdin: 'i32 0\ni32 64\ni32 -16\ni32 65\nf32 1.0\nf32 3.5\nb32 v7\nb32 s102\n' });
    if (/not implemented/.test(r.stderr)) return void console.log('gpuasm operand not implemented yet: skipped');
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { src?: number; literal?: string | null; error?: string });
    assert.equal(out.length, 8);
    assert.deepEqual(out[0], { src: 128, literal: null });
    assert.deepEqual(out[1], { src: 192, literal: null });
    assert.deepEqual(out[2], { src: 208, literal: null });
    assert.deepEqual(out[3], { src: 255, literal: '0x00000041' });
    assert.deepEqual(out[4], { src: 242, literal: null });
    assert.deepEqual(out[5], { src: 255, literal: '0x40600000' });
    assert.deepEqual(out[6], { src: 263, literal: null });
    assert.ok(typeof out[7]!.error === 'string', 's102 does not exist on gfx900');
  });
});

test('the built CLI entry is executable, so `npx gpuasm` runs it directly', { skip: process.platform === 'win32' ? 'no execute bit on Windows' : undefined }, () => {
  // package.json's `bin` (bin.cjs), and bin.js, which runs it for scripts that name that file.
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: { gpuasm: string } };
  assert.equal(pkg.bin.gpuasm, 'dist/src/cli/bin.cjs');
  for (const bin of [join(REPO_ROOT, pkg.bin.gpuasm), join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js')]) {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    assert.equal(r.error, undefined, `running ${bin} directly: ${r.error?.message}`);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^gpuasm \d+\.\d+\.\d+/);
  }
});

test("the CLI's V8 flags: Node's built-ins loaded later see V8's defaults, every other compile the CLI's flags", () => {
  // V8 takes a code cache only under the flags it was made under (a hash of them), as Node's own
  // cache of its built-ins: a cache made at the defaults must be taken inside withDefaultV8Flags
  // (so V8_FLAG_DEFAULTS are V8's defaults), and one made under the CLI's flags outside it only.
  const chunks = join(REPO_ROOT, 'dist', 'src', 'cli', 'chunks.cjs');
  const script = [
    `const c = require(${JSON.stringify(chunks)});`,
    "const { Script } = require('node:vm');",
    // A source of its own each time (the same length: V8 compares only that): V8 would otherwise
    // take the script from its in-memory compilation cache and never look at the cached data.
    'let n = 0;',
    "const src = () => 'function f(a) { return a + 1; } f(1); // ' + String(n++).padStart(6, '0');",
    'const rejected = (data) => new Script(src(), { cachedData: data }).cachedDataRejected;',
    'const atDefaults = new Script(src()).createCachedData();',
    'c.setCliV8Flags();',
    'const underCli = new Script(src()).createCachedData();',
    "const inside = c.withDefaultV8Flags(() => ({ defaults: rejected(atDefaults), cli: rejected(underCli), tty: typeof require('node:tty').isatty }));",
    'console.log(JSON.stringify({ inside, after: { defaults: rejected(atDefaults), cli: rejected(underCli) } }));',
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const v8Major = Number(process.versions.v8.split('.')[0]);
  const out = JSON.parse(r.stdout) as { inside: { defaults: boolean; cli: boolean; tty: string }; after: { defaults: boolean; cli: boolean } };
  assert.equal(out.inside.tty, 'function');
  if (v8Major < 11 || v8Major > 13) return void console.log(`V8 ${process.versions.v8}: the CLI sets no flags; only the load checked`);
  assert.deepEqual(out, { inside: { defaults: false, cli: true, tty: 'function' }, after: { defaults: true, cli: false } });
});

test('cli process: output far larger than a pipe buffer arrives whole, through a reader that waits', { skip: process.platform === 'win32' ? 'needs a POSIX shell' : undefined }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-big-out-'));
  const file = join(dir, 'many.ptx');
  let text = '.version 8.0\n.target sm_80\n.entry k()\n{\n';
  for (let i = 0; i < 3000; i++) text += `\tmov.u32 %r${i}, 1;\n`;
  writeFileSync(file, text + '}\n');
  const bin = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');
  // The shell's reader sleeps before reading: the writer meets a full pipe and must wait, not drop.
  for (const [args, stream] of [
    [`--format json`, ''],
    [`--no-color`, ' 2>&1'],
  ] as const) {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" check ${args} "${file}"${stream} | (sleep 0.3; cat)`], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.ok(r.stdout.length > 100_000, `${args}: only ${r.stdout.length} bytes`);
    if (args === '--format json') assert.equal((JSON.parse(r.stdout) as { diagnostics: unknown[] }).diagnostics.length, 1000);
    else assert.match(r.stdout, /1000 errors generated\.\n$/);
  }
});
