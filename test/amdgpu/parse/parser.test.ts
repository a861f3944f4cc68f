/** AMDGPU statement and operand parser, and file-level checks (expected verdicts checked on llvm-mc-19). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseAmdgpuStatements } from '../../../src/amdgpu/parse/parser.js';
import { amdgpuSymbols, checkAmdgpuText, parseAmdgpu } from '../../../src/amdgpu/index.js';
import type { Operand, Statement } from '../../../src/amdgpu/parse/ast.js';

function stmts(text: string): Statement[] {
  const r = parseAmdgpuStatements(text);
  assert.deepEqual(r.issues, [], JSON.stringify(r.issues));
  return r.statements;
}

/** Compact rendering of an operand tree. */
function show(op: Operand, text: string): string {
  switch (op.kind) {
    case 'word':
      return op.name;
    case 'regRange':
      return `${op.prefix}[${text.slice(op.first.span.start, op.first.span.end)}${op.last ? ':' + text.slice(op.last.span.start, op.last.span.end) : ''}]`;
    case 'list':
      return `[${op.items.map((i) => show(i, text)).join(',')}]`;
    case 'expr':
      return `expr(${text.slice(op.span.start, op.span.end)})`;
    case 'neg':
      return `neg(${show(op.operand, text)})`;
    case 'abs':
      return `abs(${show(op.operand, text)})`;
    case 'call':
      return `${op.name}(${op.args.map((a) => show(a, text)).join(',')})`;
    case 'modifier':
      return `${op.name}:${show(op.value, text)}`;
  }
}

function operands(line: string): string[] {
  const [st] = stmts(line);
  assert.equal(st!.kind, 'instruction');
  if (st!.kind !== 'instruction') return [];
  return st!.operands.map((o) => (o.afterComma ? ',' : '') + show(o.operand, line));
}

function codes(text: string, mcpu = 'gfx900'): string[] {
  return checkAmdgpuText('t.s', text, { mcpu }).map((d) => `${d.location?.line}:${d.location?.column}:${d.code}`);
}

describe('AMDGPU parser: statements', () => {
  test('labels, several on a line, followed by a statement', () => {
    const s = stmts('foo: bar: s_nop 0\n.LBB0_1:\n1:\n');
    assert.deepEqual(
      s.map((x) => x.kind),
      ['label', 'label', 'instruction', 'label', 'localLabel'],
    );
  });
  test('assignments in all forms', () => {
    const s = stmts('a = 1\n.set b, a+1\n.equ c, 2\n.equiv d, 3\n');
    assert.deepEqual(
      s.map((x) => (x.kind === 'assignment' ? `${x.form} ${x.name}` : x.kind)),
      ['= a', '.set b', '.equ c', '.equiv d'],
    );
  });
  test('directives: expressions, names, raw arguments', () => {
    const text = '.p2align 6, , 4\n.size foo, .Lfunc_end0-foo\n.type foo,@function\n.section .rodata,"a",@progbits\n.globl a, b\n.byte 1, 2, 3\n';
    const s = stmts(text);
    assert.deepEqual(
      s.map((x) => (x.kind === 'directive' ? `${x.name}/${x.args.length}` : x.kind)),
      ['.p2align/3', '.size/2', '.type/2', '.section/3', '.globl/2', '.byte/3'],
    );
  });
  test('.amdgpu_metadata YAML is passed through untouched', () => {
    const text = '.amdgpu_metadata\n---\namdhsa.kernels: [ "x\n  - .args: \'\n...\n    .end_amdgpu_metadata\ns_nop 0\n';
    const s = stmts(text);
    assert.deepEqual(
      s.map((x) => x.kind),
      ['rawBlock', 'instruction'],
    );
    const b = s[0]!;
    assert.ok(b.kind === 'rawBlock' && text.slice(b.body.start, b.body.end).startsWith('---'));
  });
  test('.amdhsa_kernel block entries', () => {
    const s = stmts('.amdhsa_kernel k\n  .amdhsa_next_free_vgpr 1+1\n  .amdhsa_next_free_sgpr 8\n.end_amdhsa_kernel\n');
    assert.deepEqual(
      s.map((x) => (x.kind === 'directive' ? x.name : x.kind)),
      ['.amdhsa_kernel', '.amdhsa_next_free_vgpr', '.amdhsa_next_free_sgpr', '.end_amdhsa_kernel'],
    );
  });
  test('VOPD dual instructions', () => {
    const [st] = stmts('v_dual_mov_b32 v1, v2 :: v_dual_add_f32 v0, 0.5, v1\n');
    assert.ok(st!.kind === 'instruction' && st!.dual?.mnemonic === 'v_dual_add_f32' && st!.dual.operands.length === 3);
  });
});

describe('AMDGPU parser: operands', () => {
  test('registers, ranges, lists', () => {
    assert.deepEqual(operands('s_load_dwordx4 s[0:3], s[4:5], 0x0\n'), ['s[0:3]', ',s[4:5]', ',expr(0x0)']);
    assert.deepEqual(operands('v_mov_b32 v[2*2], ttmp[4:7], [v0,v1], [s4]\n'), ['v[2*2]', ',ttmp[4:7]', ',[v0,v1]', ',[s4]']);
  });
  test('modifiers without commas', () => {
    assert.deepEqual(operands('global_load_dword v5, v[2:3], off offset:-16 glc\n'), ['v5', ',v[2:3]', ',off', 'offset:expr(-16)', 'glc']);
    assert.deepEqual(operands('v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xf\n'), ['v0', ',v1', 'quad_perm:[expr(1),expr(0),expr(3),expr(2)]', 'row_mask:expr(0xf)']);
    assert.deepEqual(operands('v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[0,1] op_sel_hi:[1,1,0]\n').slice(4), ['op_sel:[expr(0),expr(1)]', 'op_sel_hi:[expr(1),expr(1),expr(0)]']);
  });
  test('SP3 and function modifiers', () => {
    assert.deepEqual(operands('v_add_f32 v0, -v1, |v2|, -|v3|, neg(v4), abs(v5), sext(v6), lit(1.0)\n'), [
      'v0',
      ',neg(v1)',
      ',abs(v2)',
      ',neg(abs(v3))',
      ',neg(v4)',
      ',abs(v5)',
      ',sext(v6)',
      ',lit(expr(1.0))',
    ]);
  });
  test('numbers and expressions', () => {
    assert.deepEqual(operands('v_mov_b32 v0, -1.0, -1, x+4, (1+2)*3, -x+1, foo@rel32@lo+4\n').slice(1), [
      ',expr(-1.0)',
      ',expr(-1)',
      ',expr(x+4)',
      ',expr((1+2)*3)',
      ',expr(-x+1)',
      ',expr(foo@rel32@lo+4)',
    ]);
  });
  test('s_waitcnt forms', () => {
    assert.deepEqual(operands('s_waitcnt vmcnt(0) lgkmcnt(0)\n'), ['vmcnt(expr(0))', 'lgkmcnt(expr(0))']);
    assert.deepEqual(operands('s_waitcnt vmcnt(0) & lgkmcnt(0)\n'), ['vmcnt(expr(0))', 'lgkmcnt(expr(0))']);
  });
  test('inside |..| only a primary expression (llvm-mc: "expected vertical bar")', () => {
    assert.deepEqual(operands('v_ceil_f32 v1, |-(i1+1)|\n'), ['v1', ',abs(expr(-(i1+1)))']);
    const r = parseAmdgpuStatements('v_ceil_f32 v1, |i1+1|\n');
    assert.equal(r.issues[0]?.code, 'AMD209');
  });
});

describe('AMDGPU check: file rules (verdicts as llvm-mc-19)', () => {
  test('clean file', () => {
    assert.deepEqual(codes('\t.text\nfoo:\n\ts_mov_b32 s0, 0x10 ; c\n\t.size foo, .Lend-foo\n.Lend:\n'), []);
  });
  test('junk after a statement', () => {
    assert.deepEqual(codes('.set a, 1 2\n'), ['1:11:AMD201']);
    assert.deepEqual(codes('.set b, 3 # x\n'), ['1:11:AMD201']);
  });
  test('unknown directive', () => {
    assert.deepEqual(codes('.foo 1\n'), ['1:1:AMD205']);
  });
  test('one error per statement, recovery at the next line', () => {
    assert.deepEqual(codes('.set a, (1\n.set b, 1 +\n.set c, 1\n'), ['1:11:AMD111', '2:12:AMD110']);
  });
  test('symbol redefinition rules', () => {
    assert.deepEqual(codes('x:\n.set x, 1\n'), ['2:9:AMD122']);
    assert.deepEqual(codes('x:\nx:\n'), ['2:1:AMD122']);
    assert.deepEqual(codes('.equiv f, 6\n.equiv f, 7\n'), ['2:11:AMD122']);
    assert.deepEqual(codes('.set a, b\n.set b, a\n'), ['2:9:AMD121']);
    assert.deepEqual(codes('.set a, a+1\n'), ['1:9:AMD121']);
    assert.deepEqual(codes('.set a, c\n.set b, a\n.set a, 2\n.set c, 10\n'), ['3:9:AMD123']);
    assert.deepEqual(codes('.set a, 1\n.set a, 2\nb = 3\nb = 4\n.set x, 1\nx:\n'), []);
  });
  test('.byte/.short/.long ranges', () => {
    assert.deepEqual(codes('.byte 256\n.byte -129\n.byte -128, 255\n.short 65535\n.short 65536\n.long -0x80000000\n.long 0x100000000\n.quad -1\n'), [
      '1:7:AMD131',
      '2:7:AMD131',
      '5:8:AMD131',
      '7:7:AMD131',
    ]);
  });
  test('.p2align bound', () => {
    assert.deepEqual(codes('.p2align 33\n.p2align 8\n'), ['1:10:AMD133']);
  });
  test('.amdgcn_target must match --mcpu', () => {
    assert.deepEqual(codes('.amdgcn_target "amdgcn-amd-amdhsa--gfx906"\n'), ['1:16:AMD224']);
    assert.deepEqual(codes('.amdgcn_target "amdgcn-amd-amdhsa--gfx803"\n', 'fiji'), []);
    assert.deepEqual(codes('.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack+"\n', 'gfx90a'), ['1:16:AMD224']);
  });
  test('.amdhsa_kernel: unknown, repeated and required entries', () => {
    const k = (body: string) => codes(`.amdhsa_kernel k\n${body}.end_amdhsa_kernel\n`);
    assert.deepEqual(k('.amdhsa_next_free_vgpr 1\n'), ['3:19:AMD222']);
    // An error ends the block (llvm-mc): its end directive is then unknown.
    assert.deepEqual(k('.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_next_free_sgpr 1\n'), ['4:24:AMD221', '5:1:AMD205']);
    assert.deepEqual(k('.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_foo 1\n'), ['4:1:AMD220', '5:1:AMD205']);
  });
  test('unterminated blocks (reported where the file ends, as llvm-mc)', () => {
    assert.deepEqual(codes('.amdgpu_metadata\n---\n'), ['3:1:AMD204']);
  });
  test('a number directly followed by a name or number (llvm-mc: invalid operand for instruction)', () => {
    assert.deepEqual(codes('v_mov_b32 v0, 0ffh\n'), ['1:15:AMD214']);
    assert.deepEqual(codes('v_mov_b32 v0, 0x1g\n'), ['1:15:AMD214']);
    assert.deepEqual(codes('global_load_dword v1, v[2:3], off 1glc\n'), ['1:35:AMD214']);
    assert.deepEqual(codes('s_mov_b32 s0, 1.0x\n'), ['1:15:AMD214']);
    // Not juxtaposed: a space, a comma, a closing parenthesis, or a local label reference.
    assert.deepEqual(codes('s_waitcnt vmcnt(0)lgkmcnt(0)\n'), []);
    assert.deepEqual(codes('global_load_dword v1, v[2:3], off glc\n'), []);
    assert.deepEqual(codes('v_mov_b32 v0, 0x10\n'), []);
    assert.deepEqual(codes('1:\ns_branch 1b\n'), []);
  });
});

describe('AMDGPU symbols', () => {
  test('values, forward references, inlining of constants', () => {
    const r = amdgpuSymbols('t.s', '.set a, 1\n.set b, a\n.set a, 2\n.set c, d+1\n.set d, 10\nfoo:\n.globl g\n.set r, foo+1\n.Ltmp:\n', { mcpu: 'gfx900' });
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.symbols.map((s) => `${s.name}=${s.value}/${s.kind}`),
      ['a=2/absolute', 'b=1/absolute', 'c=11/absolute', 'd=10/absolute', 'foo=null/label', 'g=null/undefined', 'r=null/relocatable'],
    );
  });
  test('a parenthesised part is folded when it is read (values read off llvm-mc-19)', () => {
    // `(y)` is absolute (3) when x is defined, though `(y) + u` is not: llvm-mc keeps 3 + u.
    const r = amdgpuSymbols('t.s', 'y = z + 1\nz = 2\n.set x, (y) + u\nz = 5\nu = 0\n', { mcpu: 'gfx900' });
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.symbols.map((s) => `${s.name}=${s.value}`),
      ['y=6', 'z=5', 'x=3', 'u=0'],
    );
  });
  test('predefined ISA version symbols (values read off llvm-mc-19)', () => {
    const text = '.set a, .amdgcn.gfx_generation_number\n.set b, .amdgcn.gfx_generation_minor\n.set c, .amdgcn.gfx_generation_stepping\n';
    const vals = (mcpu: string) => amdgpuSymbols('t.s', text, { mcpu }).symbols.map((s) => s.value);
    assert.deepEqual(vals('gfx90a'), [9n, 0n, 10n]);
    assert.deepEqual(vals('gfx1030'), [10n, 3n, 0n]);
    assert.deepEqual(vals('gfx942'), [9n, 4n, 2n]);
    assert.deepEqual(vals('fiji'), [8n, 0n, 3n]);
  });
  test('parseAmdgpu returns statements with spans', () => {
    const { file, diagnostics } = parseAmdgpu('t.s', 'x = 1\n');
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(file.statements[0]!.span, { start: 0, end: 5 });
  });
});
