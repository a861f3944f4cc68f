import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseModule, parseExpressionText } from '../../../src/ptx/parse/parser.js';
import { printModule, printExpr } from '../../../src/ptx/parse/printer.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../../src/core/source.js';
import type * as A from '../../../src/ptx/parse/ast.js';
import { fuzzSeed } from '../../harness/tools.js';

function strip(x: unknown): string {
  return JSON.stringify(x, (k, v) =>
    k === 'span' || k === 'nameSpan' || k === 'typeSpan' || k === 'opcodeSpan' || k === 'source' ? undefined : typeof v === 'bigint' ? `${v}n` : v,
  );
}

function parse(text: string): { m: A.Module; bag: DiagnosticBag } {
  const bag = new DiagnosticBag();
  return { m: parseModule(unmapped(new SourceFile('t.ptx', text)), bag), bag };
}

function roundTrip(text: string): void {
  const a = parse(text);
  assert.deepEqual(a.bag.items, [], 'input parses');
  const printed = printModule(a.m);
  const b = parse(printed);
  assert.deepEqual(b.bag.items, [], `printed text parses:\n${printed}`);
  assert.equal(strip(b.m.items), strip(a.m.items), `round trip:\n${printed}`);
  assert.equal(printModule(b.m), printed, 'printing is a fixed point');
}

describe('PTX printer', () => {
  test('a module using every construct round-trips', () => {
    roundTrip(
      `.version 8.5\n.target sm_90a, debug\n.address_size 64\n.file 1 "a.cu", 1, 2\n` +
        `.global .align 8 .u64 g = 1, h[2] = {1, 2};\n.const[2] .v4 .f32 c[2][2] = {{1.0, .5}, {0f3f800000, 0d3ff0000000000000}};\n` +
        `.shared .b8 buf[];\n.global .attribute(.unified(0x1, 2)) .u32 mg;\n.global .u64 p2[2] = {generic(g), g + 8};\n.global .u32 mk = 0xFF00(g);\n` +
        `.extern .func (.param .b32 r) f (.param .b32 a, .param .align 8 .b8 s[16]);\n.weak .func w() .noreturn;\n.alias w2, w;\n` +
        `.func old(.param .b32 a)\n.pragma "nounroll";\n` +
        `.visible .entry k(.param .u64 .ptr .global .align 16 p) .maxntid 256, 1, 1 .reqnctapercluster 2, 1, 1 .explicitcluster\n{\n` +
        `.reg .b32 %r<4>; .reg .pred %p<2>;\n.loc 1 2 3, function_name $L__s+4, inlined_at 1 5 7\n` +
        `proto: .callprototype (.param .b32 _) _ (.param .b32 _);\nbt: .branchtargets L1;\n` +
        `L1: @!%p1 bra L1;\n{ mov.b32 %r1, -(-1) + ~2 * (3 % 4) << 1 ? 1 : 2 ? 3 : 4; }\n` +
        `setp.eq.s32 %p0|%p1, %r1, (.u64)(.s64)-1;\ncall.uni (%r1), %r2, (%r3, %r4), proto;\n` +
        `ld.global.v4.f32 {%r0, %r1, _, %r3}, [%rd1 + -4];\ntex.2d.v4.f32.f32 {%r0, %r1, %r2, %r3}, [t, {%r0, %r1}];\n` +
        `vadd.u32.u32.u32.sat %r1, %r2.b0, %r3.h1, %r2;\nmov.u32 %r1, %tid.x;\nmov.b32 %r1, arr[2];\nret;\n}\n` +
        `.section .debug_str\n{\n$L__s:\n.b8 95, 90, -1\n.b32 .debug_abbrev\n.b64 $L__a - $L__b\n.b32 .debug_loc + 16\n.b64 k+8\n}\n`,
    );
  });

  test('random expression trees print to text that parses back to the same text', () => {
    const leaf = fc.oneof(
      fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((v) => v.toString()),
      fc.bigInt({ min: 0n, max: 0xffffn }).map((v) => `0x${v.toString(16)}U`),
      fc.constantFrom('%r1', 'x', 'WARP_SZ', '1.5', '.5', '0f3f800000', '07', '0b101'),
    );
    const expr = fc.letrec<{ e: string }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(fc.constantFrom('-', '+', '!', '~', '(.s64)', '(.u64)'), tie('e')).map(([o, e]) => `${o}${e}`),
        fc.tuple(tie('e'), fc.constantFrom('*', '/', '%', '+', '-', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '&', '^', '|', '&&', '||'), tie('e')).map(([a, o, b]) => `${a} ${o} ${b}`),
        fc.tuple(tie('e'), tie('e'), tie('e')).map(([a, b, c]) => `${a} ? ${b} : ${c}`),
        tie('e').map((e) => `(${e})`),
      ),
    })).e;
    const seed = fuzzSeed();
    fc.assert(
      fc.property(expr, (src) => {
        const a = parseExpressionText(src);
        assert.deepEqual(a.diagnostics, [], `seed ${seed}: ${src}`);
        const printed = printExpr(a.expr!);
        const b = parseExpressionText(printed);
        assert.deepEqual(b.diagnostics, [], `seed ${seed}: ${printed}`);
        assert.equal(strip(b.expr), strip(a.expr), `seed ${seed}: ${src} -> ${printed}`);
      }),
      { seed, numRuns: 2000 },
    );
  });

  test('synthetic trees get the parentheses their shape needs', () => {
    const sp = { start: 0, end: 0 };
    const lit = (n: number): A.Expr => ({ kind: 'int', value: BigInt(n), unsigned: false, raw: String(n), span: sp });
    const bin = (op: A.BinaryOp, l: A.Expr, r: A.Expr): A.Expr => ({ kind: 'binary', op, left: l, right: r, span: sp });
    assert.equal(printExpr(bin('*', bin('+', lit(1), lit(2)), lit(3))), '(1 + 2) * 3');
    assert.equal(printExpr(bin('-', lit(1), bin('-', lit(2), lit(3)))), '1 - (2 - 3)');
    assert.equal(printExpr({ kind: 'unary', op: '-', operand: bin('+', lit(1), lit(2)), span: sp }), '-(1 + 2)');
    const cond: A.Expr = { kind: 'conditional', test: lit(1), consequent: lit(2), alternate: lit(3), span: sp };
    assert.equal(printExpr({ kind: 'conditional', test: cond, consequent: lit(4), alternate: lit(5), span: sp }), '(1 ? 2 : 3) ? 4 : 5');
    assert.equal(printExpr({ kind: 'unary', op: '-', operand: { kind: 'unary', op: '-', operand: lit(1), span: sp }, span: sp }), '- -1');
  });
});
