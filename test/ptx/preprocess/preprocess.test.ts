/** PTX preprocessor: features, location mapping, bounds, modes, and #line against ptxas. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { preprocess, MAX_INCLUDE_DEPTH, MAX_INCLUDES, type PreprocessOptions } from '../../../src/ptx/preprocess/preprocess.js';
import { workMeter } from '../../../src/core/work.js';
import { SourceFile } from '../../../src/core/source.js';
import { fuzzRuns, fuzzSeed, PTXAS, ptxasSkipReason } from '../../harness/tools.js';
import { readManifest, REPO_ROOT, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
// Node's host: #include reads the file system and the two-thread check has its worker (core/host.ts).
import '../../../src/node/host.js';

/** Options with an in-memory file system. */
function memfs(files: Record<string, string>, extra: PreprocessOptions = {}): PreprocessOptions {
  return { ...extra, readFile: (p) => files[p] };
}

function codes(text: string, opts?: PreprocessOptions): string[] {
  return preprocess('t.ptx', text, opts).diagnostics.map((d) => d.code);
}

function out(text: string, opts?: PreprocessOptions): string {
  const r = preprocess('t.ptx', text, opts);
  assert.deepEqual(r.diagnostics, [], `unexpected diagnostics for ${JSON.stringify(text)}`);
  return r.mapped.text;
}

describe('preprocess: macros', () => {
  const cases: [string, string, string][] = [
    ['object-like', '#define N 4\n.reg .b32 %r<N>;\n', '.reg .b32 %r<4>;\n'],
    ['no expansion in comments and strings', '#define N 4\nN // N\n/* N */ "N" N\n', '4 // N\n/* N */ "N" 4\n'],
    ['identifier boundaries', '#define r1 x\n%r1 %r12 r1_ $r1 .r1 0r1\n', '%x %r12 r1_ $r1 .x 0r1\n'],
    ['function-like', '#define ADD(a,b) a+b\nADD(1,2) ADD((x,y),z)\n', '1+2 (x,y)+z\n'],
    ['name without ( is not invoked', '#define F(x) [x]\nF + F (1)\n', 'F + [1]\n'],
    ['arguments across lines', '#define F(a,b) a|b\nF(1,\n  2) end\n', '1|2 end\n'],
    ['stringize', '#define S(x) #x\nS(  a   "q\\n"  b )\n', '"a \\"q\\\\n\\" b"\n'],
    ['paste', '#define P(a,b) a##b\nP(x,y) P(,y) P(x,) P(1,2) P(%r,1)\n', 'xy y x 12 %r1\n'],
    ['paste with object-like body', '#define REG(n) %r##n\nREG(7)\n', '%r7\n'],
    ['variadic', '#define V(...) f(__VA_ARGS__)\nV() V(1) V(1, 2)\n', 'f() f(1) f(1, 2)\n'],
    ['GNU comma paste', '#define G(a, ...) g(a, ## __VA_ARGS__)\nG(x) G(x, y)\n', 'g(x) g(x, y)\n'],
    ['self reference not re-expanded', '#define a a b\na\n', 'a b\n'],
    ['mutual recursion stops', '#define f(x) g(x)\n#define g(x) f(x)\nf(1)\n', 'f(1)\n'],
    ['rescan picks up ( from source', '#define g f\n#define f(x) <x>\ng(1)\n', '<1>\n'],
    ['arguments are expanded first', '#define N 3\n#define F(x) x x\nF(N)\n', '3 3\n'],
    ['# and ## operands are not expanded', '#define N 3\n#define S(x) #x\n#define P(x) x##1\nS(N) P(N)\n', '"N" N1\n'],
    ['undef', '#define N 1\n#undef N\nN\n', 'N\n'],
    ['no accidental paste', '#define E\n#define F(x) x\nF(a)F(b) -F(-1)\n', 'a b - -1\n'],
    ['empty expansion', '#define E\na E b\n', 'a  b\n'],
    ['predefined -D', 'N M F(2)\n', '3 1 2+2\n'],
    ['__LINE__ and __FILE__', 'x __LINE__ __FILE__\n#line 10 "q.cu"\n__LINE__ __FILE__\n', 'x 1 "t.ptx"\n10 "q.cu"\n'],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => {
      const opts = name === 'predefined -D' ? { defines: ['N=3', 'M', 'F(x)=x+x'] } : {};
      assert.equal(out(input, opts), expected);
    });
  }

  test('a failed invocation leaves no macro disabled', () => {
    const r = preprocess('t.ptx', '#define F(x) [x]\n#define G F(\nG\n#define H 1\nF(2) G) H\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line]),
      [['PP031', 3]],
    );
    assert.equal(r.mapped.text, '[2] [] 1\n');
  });

  test('macro errors', () => {
    assert.deepEqual(codes('#define F(x) x\nF(1\n'), ['PP031']);
    assert.deepEqual(codes('#define F(x, y) x\nF(1)\n'), ['PP032']);
    assert.deepEqual(codes('#define F() x\nF(1)\n'), ['PP032']);
    assert.deepEqual(codes('#define 1x\n'), ['PP020']);
    assert.deepEqual(codes('#define F(x #x\n'), ['PP023']);
    assert.deepEqual(codes('#define F(x, x) x\n'), ['PP023']);
    assert.deepEqual(codes('#define F(x) #y\n'), ['PP024']);
    assert.deepEqual(codes('#define F ## x\n'), ['PP024']);
    assert.deepEqual(codes('#define N 1\n#define N 2\n'), ['PP025']);
    assert.deepEqual(codes('#define N 1\n#define N  1\n'), []);
    assert.deepEqual(codes('#define P(a,b) a##b\nP(+,/)\n'), ['PP033']);
  });
});

describe('preprocess: conditionals', () => {
  const truthy: string[] = [
    '1',
    '1 + 2 * 3 == 7',
    '(1 + 2) * 3 == 9',
    '-1 < 0',
    '-1 > 0u',
    '0xffffffffffffffff == -1',
    '18446744073709551615 == -1',
    '9223372036854775807 + 1 < 0',
    '(1 << 63) < 0',
    '1 << 64 == 0',
    '-8 >> 1 == -4',
    '-8 >> 70 == -1',
    '7 / 2 == 3 && -7 / 2 == -3 && -7 % 2 == -1',
    '~0 == -1 && !0 && !!5',
    '(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6',
    '1 ? 2 : (1/0)',
    '0 && 1/0 || 1',
    '1 || 1 / 0',
    '(0 ? 1 : 2) == 2',
    "'a' == 97 && '\\n' == 10 && '\\377' < 0",
    '010 == 8 && 0x10 == 16 && 0b101 == 5',
    '10UL == 10 && 10ll == 10',
    'undefined_name == 0',
    'defined X && defined(X) && !defined Y',
    'N == 3',
    'TWICE(N) == 6',
    '(1, 2) == 2',
    '1 >= 1 && 1 <= 1 && 2 != 1',
    'ISDEF_X && !ISDEF_Y',
    'defined N && defined(TWICE)',
  ];
  const defs = '#define X\n#define N 3\n#define TWICE(a) ((a) * 2)\n#define ISDEF_X defined(X)\n#define ISDEF_Y defined Y\n';
  for (const e of truthy) {
    test(`#if ${e}`, () => {
      assert.equal(out(`${defs}#if ${e}\nyes\n#else\nno\n#endif\n`), 'yes\n');
    });
  }

  test('#ifdef / #ifndef / #elif chains', () => {
    assert.equal(out('#define A\n#ifdef A\n1\n#endif\n#ifndef A\n2\n#endif\n'), '1\n');
    assert.equal(out('#if 0\na\n#elif 0\nb\n#elif 1\nc\n#elif 1\nd\n#else\ne\n#endif\n'), 'c\n');
    assert.equal(out('#if 0\n#if 1/0\n#error no\n#bogus\n#endif\nx\n#else\ny\n#endif\n'), 'y\n');
  });

  test('errors', () => {
    assert.deepEqual(codes('#if 1/0\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 1 %  0\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 1 +\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if (1\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 1.5\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 1 2\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 1 = 1\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if 99999999999999999999\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if defined\n#endif\n'), ['PP021']);
    assert.deepEqual(codes('#else\n'), ['PP011']);
    assert.deepEqual(codes('#endif\n'), ['PP011']);
    assert.deepEqual(codes('#elif 1\n'), ['PP011']);
    assert.deepEqual(codes('#if 1\n#else\n#else\n#endif\n'), ['PP012']);
    assert.deepEqual(codes('#ifdef\n#endif\n'), ['PP020']);
    assert.deepEqual(codes('#if 1\n#endif junk\n'), ['PP053']);
  });

  test('unterminated #if is reported at the #if', () => {
    const r = preprocess('t.ptx', 'a\n#if 1\nb\n  #ifdef Q\nc\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line, d.location?.column]),
      [
        ['PP010', 4, 3],
        ['PP010', 2, 1],
      ],
    );
  });
});

describe('preprocess: other directives', () => {
  test('#error, #warning, #pragma, unknown', () => {
    const r = preprocess('t.ptx', '#error stop  here\n#warning careful\n#pragma once\n#pragma unroll 4\n#ident "x"\n#foo\n#\nx\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.severity, d.code, d.location?.line]),
      [
        ['error', 'PP050', 1],
        ['warning', 'PP051', 2],
        ['warning', 'PP052', 4],
        ['error', 'PP001', 6],
      ],
    );
    assert.equal(r.diagnostics[0]!.message, '#error stop  here');
    assert.equal(r.mapped.text, 'x\n');
  });

  test('# inside comments, strings and continued directives', () => {
    assert.equal(out('/*\n#error no\n*/\n// #error no\n.global "#x"\n'), '/*\n#error no\n*/\n// #error no\n.global "#x"\n');
    assert.equal(out('#define LONG 1 + \\\n 2\nLONG\n'), '1 + 2\n');
    assert.equal(out('#define C 1 /* spans\nlines */ + 2\nC\n'), '1 + 2\n');
  });

  test('unterminated block comment is left to the lexer', () => {
    assert.equal(out('#define N 1\nN /* open\n#error hidden\n'), '1 /* open\n#error hidden\n');
    assert.equal(out('#define N 1 /* open\n'), '');
  });

  test('block comments before # on the directive line (as cpp)', () => {
    assert.equal(out('/* c */ #define X 1\nX\n/* a\n b */ #define Y 2\nY\n/* p */ /* q */ #if 0\nno\n#endif\n'), '1\n2\n');
    const r = preprocess('t.ptx', 'a */ #define Z\n', { preprocess: true });
    assert.equal(r.mapped.text, 'a */ #define Z\n');
  });

  test('mid-line # that is not a line marker is left in place', () => {
    assert.equal(out('#define T u32\n.reg .#T# r;\n'), '.reg .#u32# r;\n');
  });
});

describe('preprocess: includes', () => {
  test('relative to the including file, then -I; locations inside includes', () => {
    const files = { 'dir/a.h': 'A1\n#include "b.h"\nA3\n', 'dir/b.h': 'B1\n', 'inc/c.h': '#define C 42\nC\n' };
    const r = preprocess('dir/main.ptx', 'M1\n#include "a.h"\n#include <c.h>\nM4 C\n', memfs(files, { includeDirs: ['inc'] }));
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.mapped.text, 'M1\nA1\nB1\nA3\n42\nM4 42\n');
    const at = (s: string) => {
      const l = r.mapped.locate(r.mapped.text.indexOf(s));
      return [l.file, l.line, l.column, l.lineText];
    };
    assert.deepEqual(at('A1'), ['dir/a.h', 1, 1, 'A1']);
    assert.deepEqual(at('B1'), ['dir/b.h', 1, 1, 'B1']);
    assert.deepEqual(at('A3'), ['dir/a.h', 3, 1, 'A3']);
    assert.deepEqual(at('42\n'), ['inc/c.h', 2, 1, 'C']);
    assert.deepEqual(at('M4'), ['dir/main.ptx', 4, 1, 'M4 C']);
  });

  test('missing file, cycles, depth', () => {
    assert.deepEqual(codes('#include "nope.h"\n', memfs({})), ['PP061']);
    assert.deepEqual(codes('#include nope.h\n', memfs({})), ['PP060']);
    const cyc = preprocess('t.ptx', '#include "a.h"\n', memfs({ 'a.h': 'x\n#include "b.h"\n', 'b.h': '#include "a.h"\n' }));
    assert.deepEqual(
      cyc.diagnostics.map((d) => [d.code, d.location?.file, d.location?.line]),
      [['PP063', 'b.h', 1]],
    );
    const self = preprocess('t.ptx', '#include "t.ptx"\n', memfs({ 't.ptx': '#include "t.ptx"\n' }));
    assert.deepEqual(
      self.diagnostics.map((d) => d.code),
      ['PP063'],
    );
    // A chain of distinct files deeper than the limit.
    const chain: Record<string, string> = {};
    for (let i = 0; i < 100; i++) chain[`f${i}.h`] = `#include "f${i + 1}.h"\n`;
    const deep = preprocess('t.ptx', '#include "f0.h"\n', memfs(chain));
    assert.deepEqual(
      deep.diagnostics.map((d) => [d.code, d.location?.file]),
      [['PP062', `f${MAX_INCLUDE_DEPTH - 1}.h`]],
    );
  });

  test('#pragma once and guarded headers', () => {
    const files = { 'o.h': '#pragma once\nO\n', 'g.h': '#ifndef G\n#define G\nG1\n#endif\n' };
    assert.equal(out('#include "o.h"\n#include "o.h"\n#include "g.h"\n#include "g.h"\n', memfs(files)), 'O\nG1\n');
  });

  test('a large include does not count against the macro expansion budget', () => {
    const header = '.global .u32 g;\n'.repeat(200_000);
    const r = preprocess('t.ptx', '#define N 4\n#include "big.h"\nN\n', memfs({ 'big.h': header }));
    assert.deepEqual(r.diagnostics, []);
    assert.ok(r.mapped.text.endsWith('g;\n4\n'));
  });

  test('included file without a final newline stays on its own line', () => {
    assert.equal(out('#include "n.h"\nnext\n', memfs({ 'n.h': 'last' })), 'last\nnext\n');
  });

  test('file-system fixtures (default readFile)', () => {
    const main = join(REPO_ROOT, 'test/fixtures/preprocess/main.ptx');
    const text = '#include "inc/decl.h"\nbody;\n';
    const r = preprocess(main, text, { includeDirs: [join(REPO_ROOT, 'test/fixtures/preprocess/sys')] });
    assert.deepEqual(r.diagnostics, []);
    assert.match(r.mapped.text, /\.reg \.b32 %r<8>;/);
    const loc = r.mapped.locate(r.mapped.text.indexOf('.reg'));
    assert.equal(loc.file, join(REPO_ROOT, 'test/fixtures/preprocess/inc/decl.h'));
    assert.equal(loc.lineText, '.reg .b32 %r<COUNT>;');
  });
});

describe('preprocess: location mapping', () => {
  test('unchanged lines keep their columns; macro uses point at the use', () => {
    const src = '#define N 100\n  mov.u32 %r1, N; // N\n  add.u32 %r1, %r1, N;\n';
    const r = preprocess('t.ptx', src);
    const text = r.mapped.text;
    assert.equal(text, '  mov.u32 %r1, 100; // N\n  add.u32 %r1, %r1, 100;\n');
    const loc = (o: number) => {
      const l = r.mapped.locate(o);
      return [l.line, l.column, l.length];
    };
    assert.deepEqual(loc(text.indexOf('mov')), [2, 3, 0]);
    assert.deepEqual(loc(text.indexOf('100')), [2, 16, 1]);
    assert.deepEqual(loc(text.indexOf('100') + 2), [2, 16, 1]);
    assert.deepEqual(loc(text.indexOf(';')), [2, 17, 0]);
    assert.deepEqual(loc(text.indexOf('add')), [3, 3, 0]);
    assert.deepEqual(loc(text.lastIndexOf('100')), [3, 21, 1]);
    assert.deepEqual(loc(text.length), [4, 1, 0]);
  });

  test('#line with and without file; lineText only when known', () => {
    const r = preprocess('t.ptx', 'a\n#line 50 "x.cu"\nb\n  c\n#line 7\nd\n# 90 "t.ptx"\ne\n');
    const at = (s: string) => {
      const l = r.mapped.locate(r.mapped.text.indexOf(s));
      return [l.file, l.line, l.column, l.lineText];
    };
    assert.deepEqual(at('a'), ['t.ptx', 1, 1, 'a']);
    assert.deepEqual(at('b'), ['x.cu', 50, 1, undefined]);
    assert.deepEqual(at('c'), ['x.cu', 51, 3, undefined]);
    assert.deepEqual(at('d'), ['x.cu', 7, 1, undefined]);
    assert.deepEqual(at('e'), ['t.ptx', 90, 1, undefined]);
    // Renaming back to the real name and line shows the text again.
    const back = preprocess('t.ptx', 'a\n#line 3 "t.ptx"\nb\n');
    assert.equal(back.mapped.locate(back.mapped.text.indexOf('b')).lineText, 'b');
  });

  test('ptxas marker semantics: flags, 32-bit wrap, mid-line markers', () => {
    const at = (src: string, s: string, opts?: PreprocessOptions) => {
      const r = preprocess('t.ptx', src, opts);
      const l = r.mapped.locate(r.mapped.text.indexOf(s));
      return [l.file, l.line];
    };
    assert.deepEqual(at('#line 10 "a" 1\n#line 20 "b" 1\n#line 30 "c" 2\nX\n', 'X'), ['a', 30]);
    assert.deepEqual(at('#line 10 "a"\n#line 30 "c" 2\nX\n', 'X'), ['', 30]);
    assert.deepEqual(at('#line 10 "a" 1\n#line 30 "c" 4\nX\n', 'X'), ['a', 30]);
    assert.deepEqual(at('#line 10 "a" 1\n#line 30 "c" 3\nX\n', 'X'), ['c', 30]);
    assert.deepEqual(at('#line 10 "a" 5 1\nX\n', 'X'), ['t.ptx', 10]);
    // Popping past the first file (found by the differential test): the stack is ["", "", file].
    const pops = (s: string) => s.split(' ').map((op) => (op === 'pop' ? '#line 9 "z" 2' : op === 'push' ? '#line 9 "c" 1' : `#line 9 "${op}"`)).join('\n') + '\nX\n';
    assert.deepEqual(at(pops('a pop pop b pop'), 'X'), ['b', 9]);
    assert.deepEqual(at(pops('a pop b pop'), 'X'), ['', 9]);
    assert.deepEqual(at(pops('pop b push pop pop'), 'X'), ['', 9]);
    assert.deepEqual(at(pops('pop b push pop pop pop d pop'), 'X'), ['d', 9]);
    assert.deepEqual(at(pops('push pop'), 'X'), ['t.ptx', 9]);
    assert.deepEqual(at('#line 2147483648 "w"\n\nX\n', 'X'), ['w', -2147483647]);
    assert.deepEqual(at('#line 99999999999999999999 "w"\nX\n', 'X'), ['w', -1]);
    assert.deepEqual(at('.global .u32 g; #line 50 "m.cu"\nX\n', 'X'), ['m.cu', 50]);
    assert.deepEqual(at('.global .u32 g; #line 50 "m.cu"\nX\n', 'X', { preprocess: false }), ['m.cu', 50]);
  });

  test('locate never throws, for every offset of a mixed file', () => {
    const src = '#define F(x) x x\n#include "h.h"\nF(1) /* c */ F(\n2)\n#line 5 "z"\nend';
    const r = preprocess('t.ptx', src, memfs({ 'h.h': 'H' }));
    for (let o = 0; o <= r.mapped.text.length + 2; o++) {
      const l = r.mapped.locate(o);
      assert.ok(l.line >= 1 && l.column >= 1, `offset ${o}`);
    }
  });
});

describe('preprocess: --no-preprocess (ptxas mode)', () => {
  test('only line markers are understood', () => {
    const r = preprocess('t.ptx', 'a\n#define X 1\n  #include "f"\n#line 50\n#if 0\nX\n', { preprocess: false });
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line, d.location?.column]),
      [
        ['PP002', 2, 1],
        ['PP002', 3, 3],
        ['PP002', 4, 1],
        ['PP002', 5, 1],
      ],
    );
    assert.equal(r.mapped.text, 'a\nX\n');
  });

  test('-D is ignored without preprocessing', () => {
    assert.equal(preprocess('t.ptx', 'N\n', { preprocess: false, defines: ['N=1'] }).mapped.text, 'N\n');
  });
});

/** The result of f and the work-meter steps it took (src/core/work.ts): growth is judged by counting, never by time. */
function counted<T>(f: () => T): [T, number] {
  const s0 = workMeter.steps;
  const r = f();
  return [r, workMeter.steps - s0];
}

/**
 * Steps an expansion bomb may take: the preprocessor stops expanding after 3,000,000 units of work
 * plus 2 per byte of input; each unit is a few steps (a bomb measures about 1.6 million in all).
 */
const bombSteps = (src: string) => 4 * (3_000_000 + 2 * src.length);

describe('preprocess: bounds', () => {
  test('exponential object-like macro chain (40 levels) ends in a clean error', () => {
    let src = '';
    for (let i = 0; i < 40; i++) src += `#define m${i} m${i + 1} m${i + 1}\n`;
    src += 'm0\nafter\n';
    const [r, steps] = counted(() => preprocess('t.ptx', src));
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line]),
      [['PP030', 41]],
    );
    assert.ok(steps < bombSteps(src), `${steps} steps`);
    assert.ok(r.mapped.text.length < 10 * src.length + (1 << 20) + 100);
    assert.ok(r.mapped.text.endsWith('0\nafter\n'));
  });

  test('exponential function-like nesting ends in a clean error', () => {
    const src = '#define F(x) x x\n' + 'F('.repeat(40) + '1' + ')'.repeat(40) + '\n';
    const [c, steps] = counted(() => codes(src));
    assert.deepEqual(c, ['PP030']);
    assert.ok(steps < bombSteps(src), `${steps} steps`);
  });

  test('deeply nested invocations and parentheses', () => {
    const n = 100000;
    assert.deepEqual(codes('#define F(x) x\n' + 'F('.repeat(n) + ')'.repeat(n) + '\n'), ['PP030']);
    assert.equal(out('#define F(x) x\nF(' + '('.repeat(n) + ')'.repeat(n) + ')\n').length, 2 * n + 1);
    assert.deepEqual(codes('#if ' + '('.repeat(n) + '1' + ')'.repeat(n) + '\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if ' + '-'.repeat(n) + '1\n#endif\n'), ['PP022']);
    assert.deepEqual(codes('#if ' + '1?'.repeat(n) + '1' + ':1'.repeat(n) + '\n#endif\n'), ['PP022']);
  });

  test('include bomb without a cycle (each file includes the next twice)', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`b${i}.h`] = `x${i}\n#include "b${i + 1}.h"\n#include "b${i + 1}.h"\n`;
    files['b40.h'] = 'leaf\n';
    const [r, steps] = counted(() => preprocess('t.ptx', '#include "b0.h"\nend\n', memfs(files)));
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['PP064'],
    );
    assert.ok(r.mapped.text.endsWith('end\n'));
    // Inclusion stops after MAX_INCLUDES files of a few tokens each.
    assert.ok(steps < 10 * MAX_INCLUDES, `${steps} steps`);
  });

  test('a directive over 4 MB is rejected without tokenizing, #if structure kept', () => {
    const r = preprocess('t.ptx', '#if ' + '1+'.repeat(2_200_000) + '1\nhidden\n#else\nshown\n#endif\n#define BIG ' + 'x '.repeat(2_200_000) + '\nBIG\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line]),
      [
        ['PP003', 1],
        ['PP003', 6],
      ],
    );
    assert.equal(r.mapped.text, 'shown\nBIG\n');
  });

  test('100k nested #if, terminated and not', () => {
    const run = (n: number) =>
      counted(() => {
        assert.equal(out('#if 1\n'.repeat(n) + 'x\n' + '#endif\n'.repeat(n)), 'x\n');
        assert.equal(out('#if 0\n' + '#if 1\n'.repeat(n) + 'x\n' + '#endif\n'.repeat(n + 1) + 'y\n'), 'y\n');
        const r = preprocess('t.ptx', '#ifdef A\n'.repeat(n));
        assert.ok(r.diagnostics.length > 0 && r.diagnostics.length <= 20);
        assert.ok(r.diagnostics.every((d) => d.code === 'PP010'));
      })[1];
    // Linear: twice the nesting, at most twice the work.
    const half = run(50000);
    const full = run(100000);
    assert.ok(full <= 2 * half + 100, `${half} steps for 50k, ${full} for 100k`);
  });
});

describe('preprocess: identity and modes (properties)', () => {
  const chunk = fc.constantFrom('a', 'mov.u32', ' ', '\t', '\n', '\r\n', '// c\n', '/*', '*/', '"s"', '%r1', ';', '0f3F800000', '.reg', '$L1', '\\', "'");

  test('text without # maps identically', () => {
    const seed = fuzzSeed();
    const numRuns = fuzzRuns(300);
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 60 }), fc.nat(), (parts, k) => {
        const text = parts.join('');
        const r = preprocess('p.ptx', text);
        const file = new SourceFile('p.ptx', text);
        assert.equal(r.mapped.text, text, `seed ${seed}`);
        assert.deepEqual(r.diagnostics, [], `seed ${seed}`);
        const o = text.length === 0 ? 0 : k % (text.length + 1);
        assert.deepEqual(r.mapped.locate(o, 2), file.location(o, 2), `seed ${seed}`);
      }),
      { seed, numRuns },
    );
  });

  test('# only in comments or strings also maps identically (slow path)', () => {
    const seed = fuzzSeed();
    const numRuns = fuzzRuns(300);
    const hidden = fc.constantFrom('// #define X\n', '/* #if 0 */', '/*\n#error\n*/', '"#"');
    fc.assert(
      fc.property(fc.array(fc.oneof(chunk.filter((c) => c !== '/*' && c !== '*/' && c !== '"s"' && c !== '\\' && c !== "'"), hidden), { maxLength: 40 }), fc.nat(), (parts, k) => {
        const text = parts.join('');
        const r = preprocess('p.ptx', text);
        assert.equal(r.mapped.text, text, `seed ${seed}`);
        assert.deepEqual(r.diagnostics, [], `seed ${seed}`);
        const file = new SourceFile('p.ptx', text);
        for (let i = 0; i < 5; i++) {
          const o = text.length === 0 ? 0 : (k + i * 7) % (text.length + 1);
          assert.deepEqual(r.mapped.locate(o), file.location(o), `seed ${seed} offset ${o}`);
        }
      }),
      { seed, numRuns },
    );
  });

  test('a file using only line markers gives identical results in both modes', () => {
    const seed = fuzzSeed();
    const numRuns = fuzzRuns(200);
    fc.assert(
      fc.property(fc.array(lineArb(), { minLength: 1, maxLength: 30 }), (lines) => {
        const text = lines.join('\n') + '\n';
        const a = preprocess('m.ptx', text);
        const b = preprocess('m.ptx', text, { preprocess: false });
        assert.equal(a.mapped.text, b.mapped.text, `seed ${seed}`);
        assert.deepEqual(a.diagnostics, b.diagnostics, `seed ${seed}`);
        for (let o = 0; o <= a.mapped.text.length; o += 3) assert.deepEqual(a.mapped.locate(o), b.mapped.locate(o), `seed ${seed} offset ${o}`);
      }),
      { seed, numRuns },
    );
  });
});

const MARKER_FILES = ['a.cu', 'b.cu', 'dir/c.h', '', 'x y.cu'];

/** A line of a generated file: a statement, a comment, blank, or a ptxas line marker. */
function lineArb(): fc.Arbitrary<string> {
  const marker = fc
    .tuple(
      fc.constantFrom('#line ', '# ', '#', '  #line\t', '#line'),
      fc.oneof(fc.nat({ max: 5000 }), fc.constantFrom(0, 2147483647, 2147483648, 4294967295, 4294967296)),
      fc.constantFrom(...MARKER_FILES),
      fc.constantFrom('', ' 1', ' 2', ' 3', ' 4', ' 5', ' 1 3 4', ' 2 1', ' 5 1'),
      fc.constantFrom('', ' ', '\t', ' \r'),
    )
    .map(([head, n, f, flags, tail]) => `${head}${n} "${f}"${flags}${tail}`);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('  ret;', '  mov.u32 %r1, 1;', '', '// note', '/* c */') },
    { weight: 2, arbitrary: marker },
    { weight: 1, arbitrary: marker.map((m) => `  add.u32 %r1, %r1, 1; ${m.trimStart()}`) },
  );
}

describe('preprocess: #line against ptxas', () => {
  test('random line markers: located error lines match ptxas', { skip: ptxasSkipReason }, () => {
    const seed = fuzzSeed();
    const files = fuzzRuns(40);
    const perFile = 30;
    const rng = fc.sample(fc.array(lineArb(), { minLength: perFile, maxLength: perFile }), { seed, numRuns: files });
    const dir = mkdtempSync(join(tmpdir(), 'gpuasm-pp-'));
    let compared = 0;
    try {
      for (let f = 0; f < files; f++) {
        const lines = rng[f]!;
        const body: string[] = [];
        for (let i = 0; i < lines.length; i++) body.push(lines[i]!, `  bogus${i};`);
        const text = `.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n  .reg .b32 %r<3>;\n${body.join('\n')}\n  ret;\n}\n`;
        const path = join(dir, `case${f}.ptx`);
        writeFileSync(path, text, 'latin1');
        let stderr = '';
        try {
          execFileSync(PTXAS!, ['-arch=sm_80', path, '-o', join(dir, 'out.cubin')], { stdio: 'pipe' });
        } catch (e) {
          stderr = String((e as { stderr?: Buffer }).stderr ?? '');
        }
        // Own pattern: the harness's does not read negative line numbers (after a 32-bit wrap).
        const reported: { file: string; line: number }[] = [];
        for (const l of stderr.split('\n')) {
          const m = /^ptxas (.*), line (-?\d+); error\s*: Not a name of any known instruction: 'bogus\d+'$/.exec(l);
          if (m) reported.push({ file: m[1]!, line: Number(m[2]) });
        }
        assert.equal(reported.length, perFile, `ptxas reported ${reported.length} of ${perFile} (seed ${seed})\n${stderr}`);
        for (const mode of [true, false]) {
          const r = preprocess(path, text, { preprocess: mode });
          let from = 0;
          for (let i = 0; i < perFile; i++) {
            const off = r.mapped.text.indexOf(`bogus${i};`, from);
            assert.ok(off >= 0, `bogus${i} missing (seed ${seed})`);
            from = off;
            const loc = r.mapped.locate(off);
            const want = reported[i]!;
            const context = `case ${f} bogus${i} preprocess=${mode} seed ${seed}\n${text}`;
            assert.equal(loc.file, want.file, context);
            assert.equal(loc.line, want.line, context);
            compared++;
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`preprocess #line differential: ${files} ptxas runs, ${compared} located errors compared, seed ${seed}`);
  });
});

describe('preprocess: corpus sweep', () => {
  test('real PTX: accepted files give no PP error; # syntax errors on the ptxas line', { skip: sharedSkipReason }, () => {
    if (sharedSkipReason) console.log(sharedSkipReason);
    const root = join(sharedDir()!, 'corpus', 'ptx');
    const rows: { path: string; accepted: boolean; firstError: string }[] = [];
    for (const r of readManifest(join(root, 'public', 'MANIFEST.tsv')))
      rows.push({ path: join(root, 'public', r['path']!), accepted: r['ptxas_verdict'] === 'accepted', firstError: r['first_error'] ?? '' });
    for (const r of readManifest(join(root, 'generated', 'MANIFEST.tsv')))
      rows.push({ path: join(root, 'generated', r['file']!), accepted: r['ptxas_verdict']!.startsWith('PASS'), firstError: '' });
    let bytes = 0;
    let identical = 0;
    let hashLines = 0;
    for (const row of rows) {
      const text = readFileSync(row.path, 'latin1');
      bytes += text.length;
      const a = preprocess(row.path, text);
      const b = preprocess(row.path, text, { preprocess: false });
      if (a.mapped.text === text) identical++;
      const errs = b.diagnostics.filter((d) => d.severity === 'error');
      if (row.accepted) {
        assert.deepEqual(errs, [], row.path);
        assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error'), [], row.path);
      }
      const m = /line (\d+); fatal\s*: Parsing error near '#'/.exec(row.firstError);
      if (m && errs.length > 0) {
        assert.equal(errs[0]!.location?.line, Number(m[1]), row.path);
        hashLines++;
      }
    }
    console.log(`preprocess corpus sweep: ${rows.length} files, ${bytes} bytes (both modes), ${identical} unchanged, ${hashLines} '#' error lines matched ptxas`);
    assert.ok(hashLines >= 1 || !rows.some((r) => r.firstError.includes("near '#'")));
  });
});

// ---------------------------------------------------------------- against GNU cpp
// ptxas runs no preprocessor, so the C preprocessor itself is the reference for macro expansion
// and #if arithmetic. Each suite is one cpp run over many cases.

const CPP = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v cpp'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
const cppSkipReason = CPP ? undefined : 'cpp (GNU C preprocessor) not found on PATH: cpp differential tests skipped';

/** A small deterministic generator (LCG) so a failing seed replays exactly. */
function lcg(seed: number): { next: () => number; pick: <T>(a: readonly T[]) => T } {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 1) / 0x80000000;
  };
  return { next, pick: (a) => a[Math.floor(next() * a.length)]! };
}

/** Runs cpp on `text`; returns stdout and the set of input lines with errors (macro errors at their use). */
function runCpp(text: string): { stdout: string; errorLines: Set<number> } {
  const r = spawnSync(CPP!, ['-P', '-undef', '-nostdinc', '-std=c11'], { input: text, encoding: 'latin1' });
  const errorLines = new Set<number>();
  let pending = false;
  for (const l of (r.stderr ?? '').split('\n')) {
    const m = /^<stdin>:(\d+):\d+: (error|note|warning)/.exec(l);
    if (!m) continue;
    if (m[2] === 'error') {
      errorLines.add(Number(m[1]));
      pending = true;
    } else if (m[2] === 'note' && pending && /in expansion of macro/.test(l)) errorLines.add(Number(m[1]));
    else pending = false;
  }
  return { stdout: r.stdout ?? '', errorLines };
}

describe('preprocess: against GNU cpp', () => {
  if (cppSkipReason) console.log(cppSkipReason);

  test('conditional structure: same lines survive', { skip: cppSkipReason }, () => {
    const seed = fuzzSeed();
    const count = fuzzRuns(300);
    const g = lcg(seed);
    const cases: string[] = [];
    for (let i = 0; i < count; i++) {
      const lines: string[] = [];
      let n = 0;
      const names = ['A', 'B', 'C'].map((x) => `k${i}_${x}`);
      const cond = () => {
        const r = g.next();
        const nm = g.pick(names);
        if (r < 0.3) return `#ifdef ${nm}`;
        if (r < 0.5) return `#ifndef ${nm}`;
        return `#if ${g.pick([`defined(${nm})`, `${nm} > 1`, `!defined ${nm} || ${nm} == 2`, '0', '1', `${nm}`])}`;
      };
      const block = (depth: number) => {
        const items = 1 + Math.floor(g.next() * 4);
        for (let k = 0; k < items; k++) {
          const r = g.next();
          if (r < 0.2) lines.push(`#define ${g.pick(names)} ${Math.floor(g.next() * 4)}`);
          else if (r < 0.3) lines.push(`#undef ${g.pick(names)}`);
          else if (r < 0.55 && depth < 4) {
            lines.push(cond());
            block(depth + 1);
            const elifs = Math.floor(g.next() * 3);
            for (let e = 0; e < elifs; e++) {
              lines.push(`#elif ${g.pick(['1', '0', `defined ${g.pick(names)}`, `${g.pick(names)} == 3`])}`);
              block(depth + 1);
            }
            if (g.next() < 0.5) {
              lines.push('#else');
              block(depth + 1);
            }
            lines.push('#endif');
          } else lines.push(`L${i}_${n++}`);
        }
      };
      block(0);
      cases.push(lines.join('\n') + '\n');
    }
    const cpp = runCpp(cases.map((c, i) => `@@@${i}@@@\n${c}`).join(''));
    assert.equal(cpp.errorLines.size, 0, `cpp errors on generated conditionals (seed ${seed})`);
    const parts = cpp.stdout.split(/@@@(\d+)@@@\n/);
    for (let k = 1; k < parts.length; k += 2) {
      const i = Number(parts[k]);
      const mine = preprocess('t.ptx', cases[i]!);
      assert.deepEqual(mine.diagnostics.filter((d) => d.severity === 'error'), [], `seed ${seed}\n${cases[i]}`);
      const lines = (s: string) => s.split('\n').filter((l) => l.trim() !== '');
      assert.deepEqual(lines(mine.mapped.text), lines(parts[k + 1]!), `seed ${seed}\n${cases[i]}`);
    }
    console.log(`preprocess conditional differential vs cpp: ${count} programs, seed ${seed}`);
  });

  test('#if expressions: same truth value, same errors', { skip: cppSkipReason }, () => {
    const seed = fuzzSeed();
    const count = fuzzRuns(1000);
    const g = lcg(seed);
    const leaves = ['0', '1', '2', '7', '63', '64', '65', '0x7fffffffffffffff', '0xffffffffffffffff', '18446744073709551615u', '9223372036854775807', '0x8000000000000000', '010', '1u', '5ll', "'a'", "'\\377'", 'ZZ', 'defined(DEF)', 'defined DEF', 'defined NODEF', 'DEF', 'NUM', 'NEG'];
    const ops = ['*', '/', '%', '+', '-', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '&', '^', '|', '&&', '||'];
    const gen = (d: number): string => {
      const r = g.next();
      if (d <= 0 || r < 0.25) return g.pick(leaves);
      if (r < 0.4) return g.pick(['-', '+', '~', '!']) + gen(d - 1);
      if (r < 0.5) return `(${gen(d - 1)})`;
      if (r < 0.57) return `${gen(d - 1)} ? ${gen(d - 1)} : ${gen(d - 1)}`;
      return `${gen(d - 1)} ${g.pick(ops)} ${gen(d - 1)}`;
    };
    const head = '#define DEF\n#define NUM (3 * 5)\n#define NEG -1\n';
    const exprs: string[] = [];
    let all = head;
    for (let i = 0; i < count; i++) {
      exprs.push(gen(4));
      all += `#if ${exprs[i]}\n${i} T\n#else\n${i} F\n#endif\n`;
    }
    const cpp = runCpp(all);
    const cppValue = new Map<number, string>();
    for (const l of cpp.stdout.split('\n')) {
      const m = /^(\d+) ([TF])$/.exec(l);
      if (m) cppValue.set(Number(m[1]), m[2]!);
    }
    let errors = 0;
    for (let i = 0; i < count; i++) {
      const mine = preprocess('t.ptx', `${head}#if ${exprs[i]}\nT\n#else\nF\n#endif\n`);
      const myError = mine.diagnostics.some((d) => d.severity === 'error');
      const cppError = cpp.errorLines.has(4 + 5 * i);
      const context = `#if ${exprs[i]} (seed ${seed})`;
      assert.equal(myError, cppError, `${context}: error ${myError} vs cpp ${cppError} ${JSON.stringify(mine.diagnostics.map((d) => d.message))}`);
      if (myError) {
        errors++;
        continue;
      }
      assert.equal(mine.mapped.text.trim(), cppValue.get(i), context);
    }
    console.log(`preprocess #if differential vs cpp: ${count} expressions (${errors} errors in both), seed ${seed}`);
  });

  test('macro expansion: same tokens as cpp', { skip: cppSkipReason }, () => {
    const seed = fuzzSeed();
    const count = fuzzRuns(400);
    const g = lcg(seed);
    const cases: string[] = [];
    for (let i = 0; i < count; i++) cases.push(macroCase(g, `c${i}_`));
    let all = '';
    const starts: number[] = [];
    let line = 1;
    for (let i = 0; i < count; i++) {
      starts.push(line);
      all += `@@@${i}@@@\n` + cases[i];
      line += cases[i]!.split('\n').length;
    }
    const cpp = runCpp(all);
    const caseOfLine = (ln: number) => {
      let c = 0;
      for (let i = 0; i < count; i++) if (starts[i]! <= ln) c = i;
      return c;
    };
    const cppErrorCases = new Set([...cpp.errorLines].map(caseOfLine));
    const parts = cpp.stdout.split(/@@@(\d+)@@@\n/);
    const cppOut = new Map<number, string>();
    for (let k = 1; k < parts.length; k += 2) cppOut.set(Number(parts[k]), parts[k + 1]!);
    // Spacing between tokens (cpp's avoid-paste blanks) is not compared; string literals (from #)
    // must match exactly.
    const squash = (s: string) => s.split(/("(?:[^"\\\n]|\\.)*")/).map((p, i) => (i % 2 ? p : p.replace(/\s+/g, ''))).join('');
    let compared = 0;
    for (let i = 0; i < count; i++) {
      const mine = preprocess('t.ptx', cases[i]!);
      const myError = mine.diagnostics.some((d) => d.severity === 'error');
      const context = `case (seed ${seed}):\n${cases[i]}`;
      if (cppErrorCases.has(i)) {
        assert.ok(myError, `cpp reports an error, we do not: ${context}`);
        continue;
      }
      assert.ok(!myError, `we report ${JSON.stringify(mine.diagnostics.map((d) => d.message))}, cpp does not: ${context}`);
      assert.equal(squash(mine.mapped.text), squash(cppOut.get(i) ?? ''), context);
      compared++;
    }
    console.log(`preprocess macro differential vs cpp: ${count} programs (${compared} compared, ${count - compared} errors in both), seed ${seed}`);
  });
});

/** A random program: a few object- and function-like macros (recursion, #, ##, variadics) and uses. */
function macroCase(g: ReturnType<typeof lcg>, prefix: string): string {
  interface M {
    name: string;
    fn: boolean;
    params: string[];
    variadic: boolean;
  }
  const k = 1 + Math.floor(g.next() * 4);
  const macros: M[] = [];
  for (let j = 0; j < k; j++) {
    const fn = g.next() < 0.6;
    const np = fn ? Math.floor(g.next() * 3) + (g.next() < 0.2 ? 0 : 1) : 0;
    macros.push({ name: `${prefix}M${j}`, fn, params: Array.from({ length: np }, (_, i) => `p${i}`), variadic: fn && g.next() < 0.2 });
  }
  const paramsOf = (m: M | null) => (m ? [...m.params, ...(m.variadic ? ['__VA_ARGS__'] : [])] : []);
  const invocation = (m: M | null, depth: number): string => {
    const t = g.pick(macros);
    if (!t.fn || g.next() < 0.15) return t.name;
    const n = t.params.length + (t.variadic ? Math.floor(g.next() * 3) : 0);
    if (n === 0) return `${t.name}()`;
    const args: string[] = [];
    for (let i = 0; i < n; i++) args.push(depth > 0 ? seq(m, depth - 1, 2) : g.pick(['u', '3', '']));
    return `${t.name}(${args.join(', ')})`;
  };
  const seq = (m: M | null, depth: number, max: number): string => {
    const n = Math.floor(g.next() * max) + 1;
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(depth > 0 && g.next() < 0.4 ? invocation(m, depth) : g.pick(['a', 'b', '1', '(x, y)', '+', ...(m ? [...m.params, 'w'] : ['v'])]));
    return out.join(' ');
  };
  const atom = (m: M): string => {
    const r = g.next();
    const ps = paramsOf(m);
    if (ps.length && r < 0.3) return g.pick(ps);
    if (m.fn && ps.length && r < 0.38) return '#' + g.pick(ps);
    if (r < 0.45) {
      const a = ps.length && g.next() < 0.5 ? g.pick(ps) : g.pick(['x', 'y', '1', `${prefix}M`]);
      const b = ps.length && g.next() < 0.5 ? g.pick(ps) : g.pick(['z', '2', `M${Math.floor(g.next() * k)}`, '_q']);
      return `${a} ## ${b}`;
    }
    if (r < 0.7) return invocation(m, 2);
    return g.pick(['a', 'b', '+', '1', '-', '*', '0x1f', 'k']);
  };
  let text = '';
  for (const m of macros) {
    const n = Math.floor(g.next() * 4);
    const body: string[] = [];
    for (let i = 0; i < n; i++) body.push(atom(m));
    const plist = m.fn ? `(${[...m.params, ...(m.variadic ? ['...'] : [])].join(', ')})` : '';
    text += `#define ${m.name}${plist} ${body.join(' ')}\n`;
  }
  const uses: string[] = [];
  for (let i = 0; i < 3; i++) uses.push(seq(null, 2, 3) + ' ' + invocation(null, 2));
  return text + uses.join(' ; ') + '\n';
}

describe('preprocess: mapping consistency (property)', () => {
  test('copied text maps to the same character; expansions map to the macro name', () => {
    const seed = fuzzSeed();
    const runs = fuzzRuns(150);
    const g = lcg(seed);
    const noise = ['  mov.u32 %r1, 1; // c\n', '/* a\n b */ x\n', '"str # // s"\n', '\n', '\r\n', '#line 40 "q.cu"\n', '# 7 "t.ptx" 3\n', '#if 0\nskipped\n#endif\n', '#include "h.h"\n', 'y; #line 9 "m.cu"\n', '  \t\n'];
    const header = '#define HM(a) [a]\nh1 HM(2)\n';
    for (let run = 0; run < runs; run++) {
      let text = '';
      const pieces = 1 + Math.floor(g.next() * 6);
      for (let i = 0; i < pieces; i++) text += g.next() < 0.4 ? macroCase(g, `r${i}_`) : g.pick(noise);
      const r = preprocess('t.ptx', text, memfs({ 'h.h': header }));
      const outText = r.mapped.text;
      for (let o = 0; o < outText.length; o++) {
        const loc = r.mapped.locate(o);
        const ch = outText[o]!;
        if (loc.lineText === undefined || ch === '\n' || ch === '\r') continue;
        const context = `seed ${seed} run ${run} offset ${o} ${JSON.stringify(loc)}\n${text}`;
        if (loc.length === 0) assert.equal(loc.lineText[loc.column - 1], ch, context);
        else assert.match(loc.lineText.slice(loc.column - 1), /^[A-Za-z_$]/, context);
      }
    }
    console.log(`preprocess mapping property: ${runs} random programs, seed ${seed}`);
  });
});

describe('preprocess: more directives and inputs', () => {
  test('#file renames, keeps numbering', () => {
    const r = preprocess('t.ptx', 'a\n#file "k.cu"\nb\n');
    const l = r.mapped.locate(r.mapped.text.indexOf('b'));
    assert.deepEqual([l.file, l.line, l.lineText], ['k.cu', 3, undefined]);
  });

  test('CRLF line endings', () => {
    const r = preprocess('t.ptx', '#define N 2\r\n#if N == 2\r\nx N\r\n#endif\r\ny\r\n');
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.mapped.text, 'x 2\r\ny\r\n');
    const l = r.mapped.locate(r.mapped.text.indexOf('y'));
    assert.deepEqual([l.line, l.column, l.lineText], [5, 1, 'y']);
  });

  test('#line inside an include does not leak into the includer', () => {
    const r = preprocess('t.ptx', 'a\n#include "h.h"\nb\n', memfs({ 'h.h': '#line 100 "gen.cu"\nh\n' }));
    const at = (s: string) => {
      const l = r.mapped.locate(r.mapped.text.indexOf(s));
      return [l.file, l.line];
    };
    assert.deepEqual(at('h'), ['gen.cu', 100]);
    assert.deepEqual(at('b'), ['t.ptx', 3]);
  });

  test('computed #include and __FILE__ inside an include', () => {
    const files = { 'inc/x.h': 'X __FILE__ __LINE__\n' };
    assert.equal(out('#define HDR "inc/x.h"\n#include HDR\n', memfs(files)), 'X "inc/x.h" 1\n');
  });

  test('-D errors are located on the command line', () => {
    const r = preprocess('t.ptx', 'x\n', { defines: ['1BAD=2'] });
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.file]),
      [['PP020', '<command-line>']],
    );
  });

  test('directive after leading blanks and with comments inside', () => {
    assert.equal(out('   #   define /* c */ N /* d */ 7 // e\n\t# if N > 6\nN\n  #endif\n'), '7\n');
  });

  test('macro invocation spanning lines keeps later lines mapped', () => {
    const r = preprocess('t.ptx', '#define F(a, b) a b\nF(x,\n  y) z\nw\n');
    assert.equal(r.mapped.text, 'x y z\nw\n');
    const at = (s: string) => {
      const l = r.mapped.locate(r.mapped.text.indexOf(s));
      return [l.line, l.column];
    };
    assert.deepEqual(at('x'), [2, 1]);
    assert.deepEqual(at('z'), [3, 6]);
    assert.deepEqual(at('w'), [4, 1]);
  });
});

describe('preprocess: --no-preprocess against ptxas', () => {
  test('the first rejected # line is where ptxas stops (file and line after markers)', { skip: ptxasSkipReason }, () => {
    const seed = fuzzSeed();
    const runs = fuzzRuns(30);
    const g = lcg(seed);
    const bad = ['#define X 1', '#line 5', '#include "f.h"', '#pragma unroll', '#', '#line 0x10 "f"', '#line 5 "f" junk', '#file "q.cu"', '#if 0', '  #endif', '#line 5 "f" // c', '#line 7 "a\\"b"'];
    const good = ['#line 40 "g.cu"', '# 9 "h.cu" 1', '# 3 "" 2', '  mov.u32 %r1, 2;', '// c', ''];
    const dir = mkdtempSync(join(tmpdir(), 'gpuasm-pp-'));
    let compared = 0;
    try {
      for (let run = 0; run < runs; run++) {
        const body: string[] = [];
        const n = 2 + Math.floor(g.next() * 8);
        for (let i = 0; i < n; i++) body.push(g.pick(good));
        body.push(g.pick(bad));
        for (let i = 0; i < 3; i++) body.push(g.pick([...good, ...bad]));
        const text = `.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n  .reg .b32 %r<3>;\n${body.join('\n')}\n  ret;\n}\n`;
        const path = join(dir, `nopp${run}.ptx`);
        writeFileSync(path, text, 'latin1');
        let stderr = '';
        try {
          execFileSync(PTXAS!, ['-arch=sm_80', path, '-o', join(dir, 'out.cubin')], { stdio: 'pipe' });
        } catch (e) {
          stderr = String((e as { stderr?: Buffer }).stderr ?? '');
        }
        const m = /^ptxas (.*), line (-?\d+); fatal\s*: Parsing error near '#'/m.exec(stderr);
        assert.ok(m, `ptxas did not stop at a '#' (seed ${seed})\n${stderr}\n${text}`);
        const r = preprocess(path, text, { preprocess: false });
        const first = r.diagnostics.find((d) => d.code === 'PP002');
        assert.ok(first, `no PP002 (seed ${seed})\n${text}`);
        assert.deepEqual([first.location?.file, first.location?.line], [m[1], Number(m[2])], `seed ${seed}\n${text}`);
        compared++;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`preprocess --no-preprocess differential: ${compared} files compared with ptxas, seed ${seed}`);
  });
});
