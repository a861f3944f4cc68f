/**
 * Initializers of .texref/.samplerref/.surfref variables (`{ filter_mode = nearest, ... }`) and the
 * rules of single handles. Every verdict and line below was read from ptxas 13.0
 * (`ptxas -arch=sm_80`); test/ptx/diff/texref-init.test.ts compares random cases with ptxas.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseModule } from '../../../src/ptx/parse/parser.js';
import { printModule } from '../../../src/ptx/parse/printer.js';
import { checkPtxText } from '../../../src/ptx/index.js';
import { layoutPtx } from '../../../src/ptx/index.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../../src/core/source.js';
import type * as A from '../../../src/ptx/parse/ast.js';

const INDEPENDENT = '.version 8.5\n.target sm_80, texmode_independent\n.address_size 64\n';
const UNIFIED = '.version 8.5\n.target sm_80\n.address_size 64\n';
const KERNEL = '\n.entry k() { ret; }\n';

function parse(text: string): { m: A.Module; bag: DiagnosticBag } {
  const bag = new DiagnosticBag();
  return { m: parseModule(unmapped(new SourceFile('t.ptx', text)), bag), bag };
}

/** First error as `CODE line:column`, or 'ok'; `body` starts on line 4. */
function first(body: string, head = INDEPENDENT): string {
  const d = checkPtxText('t.ptx', head + body + KERNEL).find((x) => x.severity === 'error');
  return d ? `${d.code} ${d.location?.line}:${d.location?.column}` : 'ok';
}

describe('PTX opaque initializers: parsing and printing', () => {
  test('the LLVM texmode_independent form parses into fields', () => {
    const { m, bag } = parse(
      INDEPENDENT + '.global .samplerref gsam = { addr_mode_0 = clamp_to_border, filter_mode = nearest, force_unnormalized_coords = 1 };',
    );
    assert.deepEqual(bag.items, []);
    const decl = m.items.find((i) => i.kind === 'variable') as A.VariableDecl;
    const init = decl.declarators[0]!.initializer as A.InitializerList;
    assert.equal(init.kind, 'braces');
    const fields = init.elements.map((e) => {
      assert.equal(e.kind, 'field');
      const f = e as A.FieldInitializer;
      return `${f.name}=${f.value.kind === 'name' ? f.value.name : f.value.kind}`;
    });
    assert.deepEqual(fields, ['addr_mode_0=clamp_to_border', 'filter_mode=nearest', 'force_unnormalized_coords=int']);
  });

  test('an unknown value word is PTX445 at the word (ptxas: "Unrecognized initial value symbol")', () => {
    const { bag } = parse(INDEPENDENT + '.global .samplerref s = { filter_mode = bilinear };');
    assert.equal(bag.items.length, 1);
    assert.equal(bag.items[0]!.code, 'PTX445');
    assert.equal(bag.items[0]!.location?.column, 41);
    assert.match(bag.items[0]!.message, /'bilinear'/);
  });

  test('value words take no operators; identifiers other than the words are PTX445 even in data initializers', () => {
    // ptxas: "Parsing error near '+'", "near 'nearest'", "Unrecognized initial value symbol 'g'".
    assert.equal(first('.global .samplerref s = { filter_mode = nearest + 1 };'), 'PTX201 4:49');
    assert.equal(first('.global .samplerref s = { filter_mode = (nearest) };'), 'PTX230 4:42');
    assert.equal(first('.global .u32 g;\n.global .u32 a[2] = { width = g };'), 'PTX445 5:31');
    assert.equal(first('.global .texref t = { WARP_SZ = 1 };'), 'PTX201 4:31');
  });

  test('opaque and data field initializers round-trip through the printer', () => {
    const text =
      INDEPENDENT +
      '.global .samplerref s = {addr_mode_0 = clamp_to_border, filter_mode = nearest, force_unnormalized_coords = 1};\n' +
      '.global .texref t[2][2] = {{{width = 1 + 2}, {}}, {height = WARP_SZ}};\n' +
      '.global .surfref u = {memory_layout = 1, channel_order = 0x10B5}, v = {};\n' +
      '.global .u32 a[3] = {1, width = linear, 2};\n' +
      '.global .u32 b = x = 1.5;\n';
    const a = parse(text);
    assert.deepEqual(a.bag.items, []);
    const printed = printModule(a.m);
    assert.match(printed, /filter_mode = nearest/);
    const b = parse(printed);
    assert.deepEqual(b.bag.items, []);
    assert.equal(printModule(b.m), printed);
  });
});

describe('PTX opaque initializers: the rules ptxas applies', () => {
  test('fields per type (both texture modes), values of any kind, repeats and empty braces', () => {
    for (const ok of [
      '.global .samplerref s = { addr_mode_0 = wrap, addr_mode_1 = mirror, addr_mode_2 = clamp_ogl, filter_mode = linear, force_unnormalized_coords = 0 };',
      '.global .samplerref s = { filter_mode = wrap, addr_mode_0 = nearest, force_unnormalized_coords = 7 };',
      '.global .samplerref s = { filter_mode = nearest, filter_mode = linear };',
      '.global .samplerref s = { };',
      '.global .texref t = { width = 1, height = 2, depth = 3, channel_data_type = 0x10D2, channel_order = 0x10B5, normalized_coords = 1, array_size = 2, num_mipmap_levels = 1, num_samples = 1 };',
      // Ignored (ptxas only notes it) in independent mode.
      '.global .texref t = { filter_mode = linear, addr_mode_0 = clamp_to_edge, addr_mode_1 = wrap, addr_mode_2 = mirror };',
      '.global .surfref u = { width = 1, height = 2, depth = 3, channel_data_type = 1, channel_order = 2, array_size = 3, memory_layout = 1 };',
      '.global .texref t = { width = 1.5, height = 0f3f800000, depth = WARP_SZ * 2, array_size = -1, num_samples = 18446744073709551615 };',
      '.global .texref t = { width = 1 }, u = { height = 2 }, v;',
      '.visible .global .texref t = { width = 1 };',
      '.global .align 8 .texref t = { width = 1 };',
    ])
      assert.equal(first(ok), 'ok', ok);
    assert.equal(first('.global .texref t = { filter_mode = linear, addr_mode_2 = wrap, normalized_coords = 1 };', UNIFIED), 'ok');
  });

  test('unknown fields and unnamed elements: at the closing brace of their list', () => {
    assert.equal(first('.global .samplerref s = { width = 3 };'), 'PTX446 4:37');
    assert.equal(first('.global .samplerref s = { normalized_coords = 1 };'), 'PTX446 4:49');
    assert.equal(first('.global .texref t = { force_unnormalized_coords = 1 };'), 'PTX446 4:53');
    assert.equal(first('.global .texref t = { memory_layout = 1 };'), 'PTX446 4:41');
    assert.equal(first('.global .surfref t = { filter_mode = 1 };'), 'PTX446 4:40');
    assert.equal(first('.global .texref t = { addr_mode_3 = wrap };'), 'PTX446 4:42');
    assert.equal(first('.global .texref t = { WIDTH = 1 };'), 'PTX446 4:33');
    assert.equal(first('.global .samplerref s = {\naddr_mode_0 = wrap,\nwidth\n=\n1\n}\n;'), 'PTX446 9:1');
    assert.equal(first('.global .texref t = { 1 };'), 'PTX447 4:25');
    assert.equal(first('.global .texref t = { width = 1, 2 };'), 'PTX447 4:36');
    assert.equal(first('.global .texref t = { { width = 1 } };'), 'PTX447 4:37');
    assert.equal(first('.global .texref s[2] = {\n{width=1, {height=2}\n},\nwidth=1\n}\n;'), 'PTX447 6:1');
    // The first bad element decides: an unknown name before an unnamed element, and the reverse.
    assert.equal(first('.global .texref t = { foo = 1, 2 };'), 'PTX446 4:34');
  });

  test('syntax: no trailing comma, no missing value, no nested value list', () => {
    assert.equal(first('.global .samplerref s = { filter_mode = nearest, };'), 'PTX228 4:50');
    assert.equal(first('.global .texref t = { width = };'), 'PTX228 4:31');
    assert.equal(first('.global .texref t = { width = { 1 } };'), 'PTX228 4:31');
    assert.equal(first('.global .texref t = { width 1 };'), 'PTX201 4:29');
  });

  test('values are constant expressions evaluated as ptxas does', () => {
    assert.equal(first('.global .texref t = { width = 1 / 0 };'), 'PTX406 4:35');
    assert.equal(first('.global .texref t = { width = 1.5 % 2 };'), 'PTX405 4:37');
    assert.equal(first('.global .texref t = { width = (.s32)1 };'), 'PTX234 4:32');
    assert.equal(first('.global .texref t = { width = 1e400 };'), 'PTX108 4:31');
    // Evaluated as parsed: before the unknown field of the same list.
    assert.equal(first('.global .texref t = { foo = 1,\nwidth = 1 / 0 };'), 'PTX406 5:13');
  });

  test('a value where a field list is expected: at the token after it (ptxas: "Initial value type mismatch")', () => {
    assert.equal(first('.global .samplerref s = 0;'), 'PTX448 4:26');
    assert.equal(first('.global .texref t = width;'), 'PTX448 4:26');
    assert.equal(first('.global .texref s[2] = {\n{width=1},\n2\n}\n;'), 'PTX448 7:1');
    assert.equal(first('.global .texref s[2] = {\n2\n,\n{width=1}\n}\n;'), 'PTX448 6:1');
    // A single field as the whole initializer of a handle or an unsized array crashes ptxas.
    assert.equal(first('.global .texref t = width = 1;'), 'PTX448 4:21');
    assert.equal(first('.global .texref t[] = width = 1;'), 'PTX448 4:23');
    assert.equal(first('.global .texref t[2] = width = 1;'), 'ok');
  });

  test('arrays of handles: counted from the outermost list in, fields in array places ignored', () => {
    for (const ok of [
      '.global .texref t[2] = { { width = 1 }, { width = 2 } };',
      '.global .texref t[] = { { width = 1 }, { width = 2 } };',
      '.global .texref t[] = { width = 1 };',
      '.global .texref t[2] = { { width = 1 }, { } };',
      '.global .texref t[2] = { { width = 1 }, width = 2 };',
      '.global .texref t[2] = { foo = 1, bar = 2 };',
      '.global .texref t[2][2] = { { { width = 1 }, { width = 2 } }, { { height = 1 } } };',
      '.global .texref t[][2] = { width = 1, height = 2, depth = 3 };',
      '.global .samplerref s[2] = { { filter_mode = linear }, { addr_mode_0 = wrap } };',
    ])
      assert.equal(first(ok), 'ok', ok);
    assert.equal(first('.global .texref t[2] = { { width = 1 }, { width = 2 }, { width = 3 } };'), 'PTX425 4:70');
    assert.equal(first('.global .texref t[2] = { width = 1, width = 2, width = 3 };'), 'PTX425 4:58');
    assert.equal(first('.global .texref s[]\n=\n{\n}\n;'), 'PTX433 7:1');
    // The outer count first, although the inner problem is on an earlier line.
    assert.equal(first('.global .texref s[2] = {\n{foo=1}\n,{},{}\n}\n;'), 'PTX425 7:1');
    assert.equal(first('.global .texref s[2] = {\n{foo=1}\n,2\n}\n;'), 'PTX446 5:7');
  });

  test('single handles: .global at module scope, not .common, .samplerref only in texmode_independent; arrays are data', () => {
    assert.equal(first('.const .texref t;'), 'PTX336 4:17');
    assert.equal(first('.const\n.texref\ns\n;'), 'PTX336 7:1');
    assert.equal(first('.shared .texref t;'), 'PTX336 4:18');
    assert.equal(first('.common .global .texref t;'), 'PTX330 4:26');
    for (const ok of ['.const .texref t[2];', '.shared .surfref t[2];', '.common .global .texref t[2];', '.const .samplerref t[2] = { { filter_mode = linear } };'])
      assert.equal(first(ok), 'ok', ok);
    assert.equal(first('.global .samplerref s;', UNIFIED), 'PTX338 4:22');
    assert.equal(first('.global .samplerref t[2], s;', UNIFIED), 'PTX338 4:28');
    assert.equal(first('.global\n.samplerref\ns\n,\nt\n=\n{\n}\n;', UNIFIED), 'PTX338 7:1');
    assert.equal(first('.entry k2(.param .samplerref p) { ret; }', UNIFIED), 'PTX338 4:31');
    for (const ok of ['.global .samplerref s[2];', '.global .samplerref s[] = { { filter_mode = linear } };', '.entry k2(.param .samplerref p[2]) { ret; }'])
      assert.equal(first(ok, UNIFIED), 'ok', ok);
    // ptxas stops at the unknown field (at the `}`) before it completes the handle.
    assert.equal(first('.global\n.samplerref\ns\n=\n{\nfilter=linear\n}\n;', UNIFIED), 'PTX446 10:1');
  });

  test('misplaced initializers: .extern and spaces other than .global/.const, at the `=` of a single handle', () => {
    assert.equal(first('.extern\n.global\n.texref\ns\n=\n{\nwidth=1\n}\n;'), 'PTX421 8:1');
    assert.equal(first('.shared .texref t[2] = { { width = 1 } };'), 'PTX420 4:18');
    assert.equal(first('.extern .global .u32 a\n=\n1\n;'), 'PTX421 5:1');
    assert.equal(first('.entry k2() {\n.global .texref t = { width = 1 };\nret; }'), 'PTX336 5:9');
    assert.equal(first('.entry k2(.param .samplerref s = { filter_mode = linear }) { ret; }'), 'PTX201 4:32');
  });

  test('fields in data initializers: counted, no bytes, warned (PTX449)', () => {
    const r = checkPtxText('t.ptx', UNIFIED + '.global .u32 a[2] = { width = 1, 2 };\n.global .f32 b = x = 1;\n.global .v2 .u32 c = { 1, y = 2 };' + KERNEL);
    assert.deepEqual(
      r.map((d) => `${d.severity} ${d.code} ${d.location?.line}`),
      ['warning PTX449 4', 'warning PTX449 5', 'warning PTX449 6'],
    );
    assert.equal(first('.global .u32 a[1] = { 1, width = 1 };'), 'PTX425 4:36');
    assert.equal(first('.global .u32 a[2] = { width = 1 / 0 };'), 'PTX406 4:35');
    assert.equal(first('.global .f16 h[2] = { width = 1 };'), 'PTX422 4:23');
    // ptxas crashes on these.
    assert.equal(first('.global .u32 a[2] = width = 1;'), 'PTX426 4:21');
    assert.equal(first('.global .u32 a[] = width = 1;'), 'PTX426 4:29');
  });
});

describe('PTX opaque variables in the layout', () => {
  test('arrays of handles take 52/20/28 zero bytes each, aligned to 4; single handles take none', () => {
    const r = layoutPtx(
      't.ptx',
      INDEPENDENT +
        '.visible .global .samplerref s = { filter_mode = nearest };\n' +
        '.visible .global .texref t[2] = { { width = 4 }, { } };\n' +
        '.visible .global .surfref u[2][3];\n' +
        '.visible .global .samplerref w[] = { { filter_mode = linear }, { }, { } };\n' +
        '.visible .const .samplerref c[1];' +
        KERNEL,
    );
    assert.deepEqual(r.diagnostics.filter((d) => d.severity === 'error'), []);
    const got = r.variables.map((v) => `${v.name} ${v.space} ${v.type} ${v.size} ${v.align} ${/^0*$/.test(v.hex)}`);
    assert.deepEqual(got, ['t .global .texref 104 4 true', 'u .global .surfref 168 4 true', 'w .global .samplerref 60 4 true', 'c .const .samplerref 20 4 true']);
  });
});
