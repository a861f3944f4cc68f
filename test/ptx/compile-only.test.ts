/**
 * `compileOnly` (CLI `-c`), as `ptxas -c` (each case's ptxas 13.0 verdict, -arch=sm_80, in its
 * comment): what it relaxes, what it still refuses, what it adds, and that the two-thread check and
 * layoutPtx honour it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtx, checkPtxText, layoutPtx } from '../../src/ptx/index.js';
// Node's host: #include reads the file system and the two-thread check has its worker (core/host.ts).
import '../../src/node/host.js';

const H = '.version 8.0\n.target sm_80\n.address_size 64\n';

function codes(text: string, compileOnly: boolean): string[] {
  return checkPtxText('m.ptx', text, { compileOnly })
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.location?.line}:${d.code}`);
}

/** [case, module, errors without -c, errors with -c]. */
const CASES: [string, string, string[], string[]][] = [
  // ptxas: Unresolved extern function 'foo' / -c: accepted
  ['.extern function called', `${H}.extern .func foo (.param .b32 x);\n.visible .entry k () { .param .b32 p; st.param.b32 [p], 1; call foo, (p); ret; }\n`, ['5:PTX348'], []],
  // ptxas: Cannot take address of function 'foo' / -c: accepted
  ['.extern function address in an initializer', `${H}.extern .func foo ();\n.global .u64 fp = foo;\n.visible .entry k () { ret; }\n`, ['5:PTX436'], []],
  ['.extern function address by mov', `${H}.extern .func foo ();\n.visible .entry k () { .reg .u64 r; mov.u64 r, foo; ret; }\n`, ['5:PTX349'], []],
  // ptxas: Unresolved extern function 'foo' in both modes: only .extern is left to the linker
  ['declared .func never defined', `${H}.func foo ();\n.visible .entry k () { call foo, (); ret; }\n`, ['4:PTX348'], ['4:PTX348']],
  ['declared .weak .func never defined', `${H}.weak .func foo ();\n.visible .entry k () { call foo, (); ret; }\n`, ['4:PTX348'], ['4:PTX348']],
  ['declared .visible .func never defined', `${H}.visible .func foo ();\n.visible .entry k () { ret; }\n`, ['4:PTX348'], ['4:PTX348']],
  // ptxas: Cannot take address of function 'foo' in both modes
  ['address of a declared .func', `${H}.func foo ();\n.visible .entry k () { .reg .u64 r; mov.u64 r, foo; ret; }\n`, ['5:PTX349'], ['5:PTX349']],
  // ptxas: Cannot take address of function 'vprintf' in both modes (a system call, not the linker's)
  ['address of vprintf', `${H}.extern .func vprintf ();\n.visible .entry k () { .reg .u64 r; mov.u64 r, vprintf; ret; }\n`, ['5:PTX349'], ['5:PTX349']],
  // ptxas: accepted in both modes (warning "Unresolved extern variable" without -c)
  ['.extern .global variable', `${H}.extern .global .u32 gv;\n.global .u64 pg = gv;\n.visible .entry k () { .reg .u32 v; ld.global.u32 v, [gv]; ret; }\n`, [], []],
  // ptxas line 2: PTX .version 6.0 does not support .target sm_80, in both modes
  ['.version too old for .target', `.version 6.0\n.target sm_80\n.address_size 64\n.extern .func foo ();\n.visible .entry k () { call foo, (); ret; }\n`, ['2:PTX304'], ['2:PTX304']],
  // ptxas -c: 'Compile only(-c)' requires PTX ISA .version 3.1 or later (accepted without -c)
  ['.version below 3.1', `.version 3.0\n.target sm_20\n.address_size 64\n.entry k () { ret; }\n`, [], ['1:PTX358']],
  ['.version 3.1', `.version 3.1\n.target sm_20\n.address_size 64\n.entry k () { ret; }\n`, [], []],
  // ptxas -c accepts this one: div.rn.f32 is implemented with a subroutine of ptxas's own
  ['.version below 3.1 with div.rn', `.version 3.0\n.target sm_20\n.address_size 64\n.entry k () { .reg .f32 %f<3>; div.rn.f32 %f0, %f1, %f2; ret; }\n`, [], []],
  // ptxas -c: 'Compile only(-c)' requires ABI (a function with two return values turns it off); no Unresolved after it
  ['several return values', `${H}.func (.reg .b32 a, .reg .b32 b) f () { mov.b32 a, 1; mov.b32 b, 2; ret; }\n.visible .entry k () { ret; }\n`, [], ['4:PTX359']],
  ['several return values, declared only', `${H}.func (.reg .b32 a, .reg .b32 b) f ();\n.visible .entry k () { ret; }\n`, ['4:PTX348'], ['4:PTX359']],
  // ptxas line 6: Function 'foo' with .extern scope cannot be aliased, in both modes
  ['.alias to an .extern function', `${H}.extern .func foo ();\n.func bar ();\n.alias bar, foo;\n.visible .entry k () { ret; }\n`, ['6:PTX329'], ['6:PTX329']],
  // ptxas line 5: an undeclared register, in both modes; nothing link-time after it
  ['another error first', `${H}.extern .func foo ();\n.visible .entry k () { call foo, (); add.s32 %r1, %r1, 1; ret; }\n`, ['5:PTX310'], ['5:PTX310']],
];

for (const [name, text, whole, rdc] of CASES) {
  test(`compileOnly: ${name}`, () => {
    assert.deepEqual(codes(text, false).slice(0, whole.length || 1), whole.length ? whole : [], 'without -c');
    assert.deepEqual(codes(text, true).slice(0, rdc.length || 1), rdc.length ? rdc : [], 'with -c');
  });
}

test('compileOnly: the two-thread check carries what -c needs across the split', () => {
  // Declared in the first part; called, addressed and a multi-return function in the second (the worker's).
  const first = `${H}.extern .func ext ();\n.extern .func vprintf ();\n.func a ()\n{\n\tret;\n}\n`;
  const second = [
    '.global .u64 p = ext;',
    '.visible .entry k ()',
    '{',
    '\t.reg .u64 r;',
    '\tcall.uni ext, ();',
    '\tmov.u64 r, ext;',
    '\tret;',
    '}',
    '',
  ].join('\n');
  const variants = [
    second,
    second.replace('\tret;\n}', '\tmov.u64 r, vprintf;\n\tret;\n}'),
    `${second}.func (.reg .b32 x, .reg .b32 y) two ()\n{\n\tmov.b32 x, 1;\n\tmov.b32 y, 2;\n\tret;\n}\n`,
  ];
  const expected = [[], ['PTX349'], ['PTX359']];
  variants.forEach((rest, i) => {
    const text = first + rest;
    for (const compileOnly of [false, true]) {
      const one = checkPtx('m.ptx', text, { compileOnly }, { parallel: 'never' });
      const two = checkPtx('m.ptx', text, { compileOnly }, { parallel: first.length });
      assert.match(two.parallel ?? '', /on a worker/, `variant ${i}: the worker's answer was not used (${two.parallel})`);
      assert.deepEqual(two.diagnostics, one.diagnostics, `variant ${i}, compileOnly ${compileOnly}`);
      if (compileOnly) assert.deepEqual(one.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), expected[i], `variant ${i}`);
      else assert.ok(one.diagnostics.some((d) => d.severity === 'error'), `variant ${i}: no error without -c`);
    }
  });
});

test('compileOnly: layoutPtx checks as ptxas -c', () => {
  const text = `${H}.extern .func ext ();\n.visible .global .u64 handler = ext;\n.visible .entry k () { ret; }\n`;
  const whole = layoutPtx('m.ptx', text);
  assert.deepEqual(whole.diagnostics.map((d) => d.code), ['PTX436']);
  assert.deepEqual(whole.variables, []);
  const rdc = layoutPtx('m.ptx', text, { compileOnly: true });
  assert.deepEqual(rdc.diagnostics, []);
  assert.deepEqual(rdc.variables.map((v) => v.name), ['handler']);
});
