/**
 * PTX initializers and data layout: each expected image below was read from a ptxas 13.0 cubin
 * (`ptxas -arch=sm_80`, the variable's bytes located through the ELF symbol table), or is a recorded
 * divergence (docs/divergences.md, "## PTX constants") where noted.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutPtx, type VariableLayout } from '../../../src/ptx/index.js';
import { checkPtxText } from '../../../src/ptx/index.js';
import { PTXAS, runPtxas } from '../../harness/tools.js';
import { cubinVariables } from '../../harness/cubin.js';

const HEAD = '.version 8.3\n.target sm_80\n.address_size 64\n';

function layout(body: string, version = '8.3'): { vars: Map<string, VariableLayout>; errors: string[] } {
  const r = layoutPtx('t.ptx', HEAD.replace('8.3', version) + body + '\n');
  return {
    vars: new Map(r.variables.map((v) => [v.name, v])),
    errors: r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`),
  };
}

function image(body: string, name = 'v'): string {
  const { vars, errors } = layout(body);
  assert.deepEqual(errors, [], body);
  const v = vars.get(name);
  assert.ok(v, `${name} laid out`);
  return v.hex;
}

function rejects(body: string, code: string, version?: string): void {
  const { errors } = layout(body, version);
  assert.ok(errors.length > 0, `expected an error for: ${body}`);
  assert.ok(errors.some((e) => e.startsWith(code)), `${body}: expected ${code}, got ${errors.join('; ')}`);
}

/** When ptxas is present, the expectation is re-checked against it (divergent rows excepted). */
function ptxasImage(body: string, name = 'v'): string | undefined {
  if (!PTXAS) return undefined;
  const r = runPtxas(HEAD + body + '\n', { keepCubin: true });
  assert.ok(r.ok && r.cubin, `ptxas rejects: ${body}\n${r.stderr}`);
  const v = cubinVariables(r.cubin).get(name);
  return v ? Buffer.from(v.bytes).toString('hex') : undefined;
}

function checkAgainstPtxas(body: string, hex: string): void {
  const theirs = ptxasImage(body);
  if (theirs !== undefined) assert.equal(theirs, hex, `ptxas lays out ${body} as ${theirs}`);
}

describe('scalar conversions (as ptxas)', () => {
  const cases: [string, string][] = [
    ['.visible .global .b8 v = -1;', 'ff'],
    ['.visible .global .u16 v = -1;', 'ffff'],
    ['.visible .global .s32 v = 0x123456789;', '89674523'],
    ['.visible .global .u64 v = -1;', 'ffffffffffffffff'],
    ['.visible .global .b128 v = -1;', 'ffffffffffffffff0000000000000000'],
    ['.visible .global .b8 v = 1.1;', '9a'], // low byte of the f64 pattern 3ff199999999999a
    ['.visible .global .b16 v = 1.1;', '9a99'],
    ['.visible .global .b16 v = 0f3f8ccccd;', 'cdcc'],
    ['.visible .global .b32 v = 1.1;', 'cdcc8c3f'],
    ['.visible .global .b32 v = 0d3ff199999999999a;', 'cdcc8c3f'],
    ['.visible .global .b64 v = 1.5;', '000000000000f83f'],
    ['.visible .global .b64 v = 0f3fc00000;', '0000c03f00000000'],
    ['.visible .global .f32 v = 1.5;', '0000c03f'],
    ['.visible .global .f32 v = 1e39;', '0000807f'],
    ['.visible .global .f32 v = 1e-46;', '00000000'],
    ['.visible .global .f32 v = 3.4028235677973366e38;', '0000807f'],
    ['.visible .global .f32 v = 0d7ff8000000000001;', '0000c07f'],
    ['.visible .global .f32 v = 0f7fc00001;', '0100c07f'],
    ['.visible .global .f64 v = 0f3f800000;', '0000803f00000000'],
    ['.visible .global .f64 v = -0.0;', '0000000000000080'],
    ['.visible .global .f64 v = 0.1 + 0.2;', '343333333333d33f'],
    ['.visible .global .f64 v = (0f3f800000);', '0000803f00000000'],
    ['.visible .global .u64 v = WARP_SZ;', '2000000000000000'],
    ['.visible .global .u8 v = 0xff00(0x1234);', '12'],
    ['.visible .global .u16 v = 0xff00(0x1234);', '1200'],
    ['.visible .global .u64 v = 0xff00000000000000(0xabcdef0123456789);', 'ab00000000000000'],
    ['.visible .global .u8 v = 255(5);', '05'],
    ['.visible .global .u8 v = 0x0ff(1000 + 546);', '0a'],
  ];
  for (const [body, hex] of cases)
    test(body, () => {
      assert.equal(image(body), hex);
      checkAgainstPtxas(body, hex);
    });
});

describe('shapes (as ptxas)', () => {
  const cases: [string, string][] = [
    ['.visible .global .v2 .u32 v = {1, 2};', '0100000002000000'],
    ['.visible .global .v4 .f32 v = {1.0, 2.0, 3.0, 4.0};', '0000803f000000400000404000008040'],
    ['.visible .global .v2 .u32 v[2] = {{1, 2}};', '01000000020000000000000000000000'],
    ['.visible .global .v2 .u64 v[2][1] = {{{1, 2}}, {{3, 4}}};', '0100000000000000020000000000000003000000000000000400000000000000'],
    ['.visible .global .v2 .f64 v = {1.0, 0f3f800000};', '000000000000f03f0000803f00000000'],
    ['.visible .global .s32 v[3][2] = {{1, 2}, {3}};', '010000000200000003000000000000000000000000000000'],
    ['.visible .global .u32 v[][2] = {{1, 2}, {3}};', '01000000020000000300000000000000'],
    ['.visible .global .u32 v[2] = {};', '0000000000000000'],
    ['.visible .const .f32 v[8] = {0.33, 0.25, 0.125};', 'c3f5a83e0000803e0000003e0000000000000000000000000000000000000000'],
    ['.visible .global .f16 v[4][1] = {};', '0000000000000000'],
    // Incomplete inner lists are packed: the values follow one another in source order.
    ['.visible .global .u32 v[3][2] = {{1}, {3}};', '010000000300000000000000000000000000000000000000'],
    ['.visible .global .u32 v[3][2] = {{}, {3}, {5}};', '030000000500000000000000000000000000000000000000'],
    ['.visible .global .u32 v[3][2] = {{1, 2}, {}, {5, 6}};', '010000000200000005000000060000000000000000000000'],
    ['.visible .global .u32 v[][2] = {{1}, {3}};', '0100000003000000' + '00'.repeat(8)],
    ['.visible .global .s32 v[2][2][2] = {{{1}, {2}}, {{3}}};', '010000000200000003000000' + '00'.repeat(20)],
    ['.visible .global .v2 .u32 v[2][2] = {{{1, 2}}, {{3, 4}, {5, 6}}};', '010000000200000003000000040000000500000006000000' + '00'.repeat(8)],
    ['.visible .const .u8 v[2][3] = {{1}, {3, 4}};', '010304000000'],
    ['.visible .global .b64 v[2][2] = {{1}, {3}};', '01000000000000000300000000000000' + '00'.repeat(16)],
    ['.visible .global .b128 v[2][2] = {{1}, {3}};', '01' + '00'.repeat(15) + '03' + '00'.repeat(47)],
  ];
  for (const [body, hex] of cases)
    test(body, () => {
      assert.equal(image(body), hex);
      checkAgainstPtxas(body, hex);
    });
  test('size and alignment', () => {
    const { vars } = layout('.visible .global .v4 .u16 a[3];\n.visible .const .align 16 .u8 b;\n.visible .global .align 2 .u64 c;\n.visible .global .b128 d;');
    assert.deepEqual([...vars.values()].map((v) => [v.name, v.size, v.align, v.type]), [
      ['a', 24, 8, '.v4.u16'],
      ['b', 1, 16, '.u8'],
      ['c', 8, 8, '.u64'],
      ['d', 16, 16, '.b128'],
    ]);
  });
});

describe('addresses (as ptxas)', () => {
  const prelude = [
    '.visible .func f1() { ret; }',
    '.visible .func f2() { ret; }',
    '.visible .entry k1() { ret; }',
    '.visible .const .u8 w1 = 2;',
    '.const .u8 h1 = 1;',
    '.visible .const .align 16 .u8 v2 = 5;',
    '.visible .const .align 4 .v2 .u8 v3 = {1, 2};',
    '.visible .global .u32 g[4] = {1};',
  ].join('\n');
  test('.const offsets: visible first, declaration order, aligned', () => {
    const { vars, errors } = layout(prelude + '\n.visible .global .u64 r[] = {w1, h1, v2, v3, v3+1};');
    assert.deepEqual(errors, []);
    // w1 0, v2 16, v3 20, then the internal h1 at 22.
    assert.equal(vars.get('r')!.hex, '0000000000000000' + '1600000000000000' + '1000000000000000' + '1400000000000000' + '1500000000000000');
    assert.deepEqual(vars.get('r')!.relocations, []);
  });
  test('function-scope .const variables take room in the bank, in declaration order', () => {
    const body = '.visible .entry k() { .const .u32 c = 2; ret; }\n.const .u32 z = 3;\n.visible .global .u32 v = z;';
    const { vars, errors } = layout(body);
    assert.deepEqual(errors, []);
    assert.equal(vars.get('v')!.hex, '04000000');
    assert.equal(vars.has('c'), false);
    checkAgainstPtxas(body, '04000000');
  });
  test('.global addresses and generic() are relocations over zero bytes', () => {
    const { vars } = layout(prelude + '\n.visible .global .u64 r[] = {g, g+4, generic(g)+8, generic(w1), g+-1, g + 1 << 2};');
    const r = vars.get('r')!;
    assert.equal(r.hex, '00'.repeat(48));
    assert.deepEqual(
      r.relocations.map((x) => [x.offset, x.size, x.symbol, x.addend, x.generic, x.mask]),
      [
        [0, 8, 'g', 0n, false, null],
        [8, 8, 'g', 4n, false, null],
        [16, 8, 'g', 8n, true, null],
        [24, 8, 'w1', 0n, true, null],
        [32, 8, 'g', -1n, false, null],
        // ptxas reads `sym + EXPR` with everything after '+' as the offset: g + (1 << 2).
        [40, 8, 'g', 4n, false, null],
      ],
    );
  });
  test('mask() of addresses', () => {
    const { vars } = layout(prelude + '\n.visible .global .u8 m[] = {0xff(g+8), 0xff00(g), 0xff(1000 + 546), 0xff00(131187), 0xff00(v2+5), 0xff(f2)};');
    const m = vars.get('m')!;
    assert.equal(m.hex, '00000a000001');
    assert.deepEqual(m.relocations.map((x) => [x.offset, x.symbol, x.addend, x.mask]), [
      [0, 'g', 8n, 0xffn],
      [1, 'g', 0n, 0xff00n],
    ]);
  });
  test('device functions are numbered by first use; kernels are relocations', () => {
    const { vars } = layout(prelude + '\n.visible .global .u64 a = f2;\n.visible .global .u64 b[] = {f1, f2, k1};');
    assert.equal(vars.get('a')!.hex, '0100000000000000');
    assert.equal(vars.get('b')!.hex, '0200000000000000' + '0100000000000000' + '0000000000000000');
    assert.deepEqual(vars.get('b')!.relocations.map((x) => [x.offset, x.symbol]), [[16, 'k1']]);
  });
  test('device function indices: externally visible variables first, then internal ones; function scope numbers none', () => {
    // Numbered in order of first use over module-scope initializers: .visible/.weak/.common
    // variables (e, d) first, then internal ones (a, b), each in declaration order. z, in a
    // function, is laid out after numbering and takes no number of its own.
    const body = [
      prelude,
      '.visible .func f3() { ret; }',
      '.visible .entry k2() { .global .u64 z = f3; ret; }',
      '.const .u64 a[2][2] = {{f3}, {f2}};',
      '.common .global .u64 e = f1;',
      '.global .u64 b = f3;',
      '.weak .const .u64 d[2] = {f2, f1};',
    ].join('\n');
    const { vars, errors } = layout(body);
    assert.deepEqual(errors, []);
    const want: [string, string][] = [
      ['e', '0100000000000000'],
      ['d', '0200000000000000' + '0100000000000000'],
      ['a', '0300000000000000' + '0200000000000000' + '00'.repeat(16)],
      ['b', '0300000000000000'],
    ];
    for (const [name, hex] of want) {
      assert.equal(vars.get(name)!.hex, hex, name);
      const theirs = ptxasImage(body, name);
      if (theirs !== undefined) assert.equal(theirs, hex, `ptxas: ${name}`);
    }
  });
  test('relocations in packed inner lists move with their values', () => {
    const body = prelude + '\n.visible .global .u64 r[3][2] = {{g+4}, {generic(g)+8, w1+3}, {k1}};';
    const { vars, errors } = layout(body);
    assert.deepEqual(errors, []);
    const r = vars.get('r')!;
    const ours = r.relocations.map((x) => `${x.offset}:${x.symbol}+${x.addend}`);
    assert.deepEqual(ours, ['0:g+4', '8:g+8', '24:k1+0']);
    assert.equal(r.hex, '00'.repeat(16) + '0300000000000000' + '00'.repeat(24)); // w1 is at offset 0 of the bank
    if (PTXAS) {
      const res = runPtxas(HEAD + body + '\n', { keepCubin: true });
      assert.ok(res.ok && res.cubin, res.stderr);
      const t = cubinVariables(res.cubin).get('r')!;
      assert.deepEqual(t.relocations.map((x) => `${x.offset}:${x.symbol}+${x.addend}`), ours);
      assert.equal(Buffer.from(t.bytes).toString('hex'), r.hex);
    }
  });
});

describe('initializer errors (ptxas rejects each)', () => {
  const P = '.visible .func f1() { ret; }\n.visible .entry k1() { ret; }\n.visible .global .u32 g = 1;\n.visible .shared .u32 s;\n';
  const cases: [string, string][] = [
    ['.extern .global .u32 v = 1;', 'PTX421'],
    ['.visible .shared .u32 v = 1;', 'PTX420'],
    ['.visible .entry k() { .reg .u32 r = 1; ret; }', 'PTX420'],
    ['.visible .entry k() { .local .u32 r = 1; ret; }', 'PTX420'],
    ['.visible .global .f16 v = 1.0;', 'PTX422'],
    ['.visible .global .f16x2 v = {1.0};', 'PTX422'], // divergence: ptxas stores garbage
    ['.visible .global .f16 v[2] = {1.0};', 'PTX422'],
    ['.visible .global .u32 v = 1.5;', 'PTX423'],
    ['.visible .global .s8 v = 0f3fc00000;', 'PTX423'],
    ['.visible .global .f32 v = -1;', 'PTX423'],
    ['.visible .global .f64 v = 1.5 < 2.5;', 'PTX423'],
    ['.visible .global .f32 v = 0xff(5);', 'PTX423'],
    ['.visible .global .v2 .u32 v = {1};', 'PTX424'],
    ['.visible .global .v2 .u32 v = {1, 2, 3};', 'PTX424'],
    ['.visible .global .v2 .u32 v[] = {{1, 2}, {3}};', 'PTX424'],
    ['.visible .global .u32 v[2] = {1, 2, 3};', 'PTX425'],
    ['.visible .global .u32 v[2][2] = {{}, {}, {1, 2}};', 'PTX425'],
    ['.visible .global .u32 v[2][2] = {1, 2, 3, 4};', 'PTX425'],
    ['.visible .global .u32 v = {1};', 'PTX426'],
    ['.visible .global .u32 v[2] = 1;', 'PTX426'],
    ['.visible .global .u32 v[2] = {{1}, 2};', 'PTX426'],
    ['.visible .global .v2 .u32 v = 1;', 'PTX426'],
    ['.visible .global .u32 v[] = {};', 'PTX433'],
    ['.visible .global .u16 v = g;', 'PTX427'],
    ['.visible .global .s64 v = g;', 'PTX427'],
    ['.visible .global .b64 v = g;', 'PTX427'],
    ['.visible .global .u8 v = g;', 'PTX427'],
    ['.visible .global .u16 v = 0xff(g);', 'PTX427'],
    ['.visible .global .b8 v = 0xff(g);', 'PTX427'],
    ['.visible .global .u8 v = 0xfff(5);', 'PTX428'],
    ['.visible .global .u8 v = 0xff000(5);', 'PTX428'],
    ['.visible .global .u64 v = nothere;', 'PTX429'],
    ['.visible .global .u64 v = v;', 'PTX429'],
    ['.visible .global .u64 v = later;\n.visible .global .u32 later;', 'PTX429'],
    ['.visible .global .u64 v = s;', 'PTX431'],
    ['.visible .global .u64 v = generic(f1);', 'PTX432'],
    ['.visible .global .u64 v = f1+0;', 'PTX432'],
    ['.visible .global .u64 v = k1+8;', 'PTX432'],
    ['.visible .global .u8 v = 0xff(1.5);', 'PTX404'],
    ['.visible .global .u64 v = 1 + 1.5;', 'PTX405'],
    ['.visible .global .u64 v = 5 / 0;', 'PTX406'],
    ['.visible .global .pred v;', 'PTX335'], // the module checker's rule
    ['.visible .entry k() { L1: .global .u64 a = L1; ret; }', 'PTX430'],
    ['.visible .entry k() { L1: ret; }\n.visible .global .u64 v = L1;', 'PTX430'],
    ['.visible .entry k() { .const .u32 c = 1.5; ret; }', 'PTX423'],
  ];
  const divergent = new Set(['.visible .global .f16x2 v = {1.0};']);
  for (const [body, code] of cases)
    test(body.split('\n')[0]!, () => {
      rejects(P + body, code);
      if (PTXAS && !divergent.has(body)) assert.ok(!runPtxas(HEAD + P + body + '\n').ok, `ptxas accepts ${body}`);
    });
  test('mask() needs PTX 7.1', () => rejects('.visible .global .u32 g;\n.visible .global .u8 v = 0xff(g);', 'PTX434', '7.0'));
  test('gpuasm check reports initializer errors too', () => {
    const diags = checkPtxText('t.ptx', HEAD + '.visible .global .u32 v[2] = {1, 2, 3};\n');
    assert.ok(diags.some((d) => d.code === 'PTX425' && d.location?.line === 4), JSON.stringify(diags));
  });
});

describe('PTX450: ptxas packs incomplete inner lists', () => {
  const warnings = (body: string) => {
    const text = HEAD + body + '\n';
    const fromLayout = layoutPtx('t.ptx', text).diagnostics.filter((d) => d.severity === 'warning');
    const fromCheck = checkPtxText('t.ptx', text).filter((d) => d.severity === 'warning');
    // `gpuasm check` and `gpuasm layout` say the same.
    assert.deepEqual(fromCheck, fromLayout, body);
    return fromLayout.filter((d) => d.code === 'PTX450');
  };
  test('names the first displaced value, where ptxas stores it and where C would, at the value', () => {
    const w = warnings('.visible .global .s32 x[3][2] = {{1},{3}};');
    assert.equal(w.length, 1);
    assert.equal(
      w[0]!.message,
      "ptxas packs incomplete inner lists: the value '3' is stored at x[0][1], not at x[1][0] where C would put it; write the inner lists out in full (pad with 0) to get C's layout",
    );
    assert.deepEqual([w[0]!.location?.line, w[0]!.location?.column, w[0]!.location?.length], [4, 39, 1]);
  });
  test('three dimensions, vectors and addresses', () => {
    const cases: [string, string, number, number][] = [
      ['.visible .global .s32 w[2][2][2] = {{{1},{2, 3}},{{4}}};', "the value '2' is stored at w[0][0][1], not at w[0][1][0]", 43, 1],
      ['.visible .global .v2 .u32 v[2][2] = {{{1,2}},{{3, 4},{5,6}}};', "the vector '{3, 4}' is stored at v[0][1], not at v[1][0]", 47, 6],
      ['.visible .global .u32 g;\n.visible .global .u64 r[3][2] = {{g+4},{generic(g) + 8, 7}};', "the value 'generic(g) + 8' is stored at r[0][1], not at r[1][0]", 41, 14],
      // The 0 moves among zeros; the first value that changes the image is the 5.
      ['.visible .global .s32 e[3][2] = {{1},{0},{5}};', "the value '5' is stored at e[1][0], not at e[2][0]", 43, 1],
      // The moved 0 lands on a zero: the 6 is named.
      ['.visible .const .u8 e[2][3] = {{1}, {0, 6}};', "the value '6' is stored at e[0][2], not at e[1][1]", 41, 1],
    ];
    for (const [body, what, column, length] of cases) {
      const w = warnings(body);
      assert.equal(w.length, 1, body);
      assert.ok(w[0]!.message.includes(what), `${body}: ${w[0]!.message}`);
      assert.deepEqual([w[0]!.location?.column, w[0]!.location?.length], [column, length], body);
    }
  });
  test('no warning where ptxas and C store the same image', () => {
    for (const body of [
      '.visible .global .s32 x[3][2] = {{1, 2}, {3, 4}};',
      '.visible .global .s32 x[3][2] = {{1, 2}, {3}};',
      '.visible .global .s32 x[6] = {1, 2, 3};',
      '.visible .global .s32 x[3][2] = {{1}};',
      '.visible .global .s32 x[3][2] = {{1}, {}, {}};',
      '.visible .global .s32 x[3][2] = {{1}, {0}};',
      '.visible .global .s32 x[2][2][2] = {{{1, 2}, {3, 4}}, {{5}}};',
      '.visible .global .v2 .u32 v[2][2] = {{{1, 2}, {3, 4}}, {{5, 6}}};',
      '.visible .global .f32 x[2][2] = {{0.0}, {0f00000000}};',
    ]) assert.deepEqual(warnings(body), [], body);
  });
  test('resolved addresses count by the bytes written', () => {
    // c at bank offset 16 (after the visible c0): 0xff(c) writes 16, 0xff0000(c) writes 0; f's index is 1.
    const P = '.visible .const .u32 c0[4] = {1};\n.const .u8 c = 9;\n.visible .func f() { ret; }\n';
    assert.equal(warnings(P + '.visible .const .u8 x[2][3] = {{}, {0xff(c)}};').length, 1);
    assert.deepEqual(warnings(P + '.visible .const .u8 x[2][3] = {{}, {0xff0000(c)}};'), []);
    assert.equal(warnings(P + '.visible .global .u64 x[2][2] = {{}, {f}};').length, 1);
    assert.deepEqual(warnings(P + '.visible .global .u64 x[2][2] = {{}, {0xff00(f)}};'), []);
    // c0 is at offset 0: any byte of it is 0. A relocation is never a zero.
    assert.deepEqual(warnings(P + '.visible .global .u8 x[2][3] = {{}, {0xff(c0)}};'), []);
    assert.equal(warnings('.visible .global .u32 g;\n.visible .global .u64 x[2][2] = {{}, {0xff0000(g)}};').length, 1);
  });
  test('long lists of plain literals (packed by the parser) after an incomplete one: as ptxas, the same warning as unpacked', () => {
    // 20 plain literals make a packed list; the same values with the first 0 written `00` (octal,
    // no plain literal) are not packed.
    const values = Array.from({ length: 20 }, (_, i) => String((i * 37) % 256));
    const packed = `{${values.join(', ')}}`;
    const unpacked = `{${['00', ...values.slice(1)].join(', ')}}`;
    for (const [type, dims] of [['.u8', '[3][20]'], ['.s32', '[3][20]'], ['.b16', '[3][24]']] as const) {
      for (const make of [(l: string) => `{{1, 2}, ${l}}`, (l: string) => `{${l}, {5}, ${l}}`, (l: string) => `{{}, ${l}}`]) {
        const body = (l: string) => `.visible .global ${type} v${dims} = ${make(l)};`;
        const hex = image(body(packed));
        checkAgainstPtxas(body(packed), hex);
        // Where C places the packed values elsewhere, the warning names one of them, as unpacked it does.
        assert.equal(image(body(unpacked)), hex, body(unpacked));
        const w = warnings(body(packed)).map((d) => d.message);
        const u = warnings(body(unpacked)).map((d) => d.message.replace("'00'", "'0'"));
        assert.deepEqual(w, u, body(packed));
      }
    }
  });
  test('a moved -0.0 differs from +0.0', () => {
    assert.equal(warnings('.visible .global .f32 x[2][2] = {{0.0}, {-0.0}};').length, 1);
  });
  test('function-scope .global variables are warned about too', () => {
    assert.equal(warnings('.visible .entry k() { .global .u32 t[2][2] = {{1}, {2}}; ret; }').length, 1);
  });
});
