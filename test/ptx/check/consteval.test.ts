/**
 * PTX constant expressions: every expected value and type below was observed with ptxas 13.0 by
 * putting the expression into `.global .u64 v = EXPR;` (or .f64) and reading the cubin; typing was
 * observed through `(EXPR) * 0 - 1 < 0` (1 for .s64, 0 for .u64).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluatePtxExpression } from '../../../src/ptx/index.js';
import { evaluateConstExpr } from '../../../src/ptx/check/consteval.js';
import type { Expr } from '../../../src/ptx/parse/ast.js';

function ok(text: string, value: string, type: string): void {
  const r = evaluatePtxExpression(text);
  assert.ok('value' in r, `${text}: expected ${value} ${type}, got ${'diagnostics' in r ? r.diagnostics.map((d) => d.message).join('; ') : ''}`);
  assert.equal(`${r.value} ${r.type}`, `${value} ${type}`, text);
}

function err(text: string, code?: string): void {
  const r = evaluatePtxExpression(text);
  assert.ok('diagnostics' in r, `${text}: expected an error, got ${'value' in r ? r.value + ' ' + r.type : ''}`);
  assert.ok(r.diagnostics.length > 0, text);
  if (code) assert.ok(r.diagnostics.some((d) => d.code === code), `${text}: expected ${code}, got ${r.diagnostics.map((d) => d.code).join(',')}`);
  for (const d of r.diagnostics) assert.equal(d.location?.file, '<expr>');
}

describe('PTX integer literals (4.5.1)', () => {
  const cases: [string, string, string][] = [
    ['42', '42', '.s64'],
    ['0x1234', '4660', '.s64'],
    ['0123', '83', '.s64'],
    ['017', '15', '.s64'],
    ['0b101', '5', '.s64'],
    ['0B11U', '3', '.u64'],
    ['42U', '42', '.u64'],
    ['0xfabc123400000000', '18067335819651186688', '.u64'],
    ['9223372036854775807', '9223372036854775807', '.s64'],
    ['9223372036854775808', '9223372036854775808', '.u64'],
    ['0xffffffffffffffff', '18446744073709551615', '.u64'],
    ['18446744073709551615U', '18446744073709551615', '.u64'],
    ['WARP_SZ', '32', '.s64'],
  ];
  for (const [t, v, ty] of cases) test(t, () => ok(t, v, ty));
  // ptxas wraps 2^64 to 0 but rejects 123456789012345678901 ("Constant overflow"): gpuasm rejects both.
  for (const t of ['18446744073709551616', '0x10000000000000000', '123456789012345678901', '02000000000000000000000'])
    test(`${t} does not fit 64 bits`, () => err(t));
});

describe('PTX integer expression typing (4.5.5, as ptxas)', () => {
  const cases: [string, string, string][] = [
    ['+123', '123', '.s64'],
    ['-1', '-1', '.s64'],
    ['-(-42)', '42', '.s64'],
    ['-1U', '18446744073709551615', '.u64'],
    ['-0xfabc123400000000', '379408254058364928', '.u64'],
    ['!5', '0', '.s64'],
    ['!0', '1', '.s64'],
    ['!1U', '0', '.s64'],
    ['~0', '18446744073709551615', '.u64'],
    ['~1', '18446744073709551614', '.u64'],
    ['1 + 2 * 3 - 10', '-3', '.s64'],
    ['0xffffffffffffffff / 2', '9223372036854775807', '.u64'],
    ['-7 / 2', '-3', '.s64'],
    ['9223372036854775807 + 1', '-9223372036854775808', '.s64'],
    ['9223372036854775807 * 2', '-2', '.s64'],
    // Remainder reads both operands as unsigned and yields .u64 (Table 5 says .s64).
    ['-7 % 3', '0', '.u64'],
    ['7 % -3', '7', '.u64'],
    ['1 % 2', '1', '.u64'],
    ['-1 % 2', '1', '.u64'],
    ['5U % 3', '2', '.u64'],
    // Shifts keep the left type; the count is unsigned, modulo 64.
    ['-1 >> 1', '-1', '.s64'],
    ['-8 >> 1', '-4', '.s64'],
    ['-8 >> 1U', '-4', '.s64'],
    ['-1U >> 1', '9223372036854775807', '.u64'],
    ['0x8000000000000000 >> 1', '4611686018427387904', '.u64'],
    ['1 << 1U', '2', '.s64'],
    ['1U << 1', '2', '.u64'],
    ['1 << 63', '-9223372036854775808', '.s64'],
    ['1 << 64', '1', '.s64'],
    ['1 << 65', '2', '.s64'],
    ['1 << -1', '-9223372036854775808', '.s64'],
    ['-1 >> 64', '-1', '.s64'],
    // Bitwise operators use the usual conversions (Table 5 says always .u64).
    ['1 & 1', '1', '.s64'],
    ['1 | 1U', '1', '.u64'],
    ['1 ^ 1', '0', '.s64'],
    ['-1 & 0xff', '255', '.s64'],
    // Comparisons and logical operators: .s64 0/1, comparisons after the usual conversions.
    ['-1 < 1U', '0', '.s64'],
    ['-1 < 1', '1', '.s64'],
    ['~0 < 0', '0', '.s64'],
    ['1 == 1', '1', '.s64'],
    ['1U && 1U', '1', '.s64'],
    ['0 || 0', '0', '.s64'],
    ['(1 < 2) - 5', '-4', '.s64'],
    // Casts.
    ['(.s64)0xffffffffffffffff / 2', '0', '.s64'],
    ['(.u64)-1 / 2', '9223372036854775807', '.u64'],
    ['(.s64)1U', '1', '.s64'],
    ['(.u64)(.s64)1', '1', '.u64'],
    // ?: yields the selected arm with its own type (ptxas; the spec says usual conversions).
    ['1 ? 2 : 3', '2', '.s64'],
    ['0 ? -1 : 1U', '1', '.u64'],
    ['1 ? 1 : 2U', '1', '.s64'],
    ['0 ? 1U : 2', '2', '.s64'],
    ['1U ? -1 : -2', '-1', '.s64'],
    ['1 ? 1 : 2 ? 3 : 4', '1', '.s64'],
    ['WARP_SZ / -2', '-16', '.s64'],
    ['1 - - 1', '2', '.s64'],
    ['~ ~ 1', '1', '.u64'],
    ['1 - (.s64) 2U', '-1', '.s64'],
    // Precedence and associativity (Table 4), unparenthesized.
    ['-~1', '2', '.u64'],
    ['!-1', '0', '.s64'],
    ['~-1', '0', '.u64'],
    ['-(.s64)1', '-1', '.s64'],
    ['(.u64)-1 >> 1', '9223372036854775807', '.u64'],
    ['0 ? 2 : 0 ? 4 : 5', '5', '.s64'],
    ['1 < 2 == 1', '1', '.s64'],
    ['1 | 2 ^ 3 & 4', '3', '.s64'],
    ['1 + 2 << 3', '24', '.s64'],
    ['1 && 0 || 1', '1', '.s64'],
    ['2 * 3 % 4', '2', '.u64'],
    ['- - -1', '-1', '.s64'],
    ['(.s64) (.u64) -1 < 0', '1', '.s64'],
    ['0 ? 2 : 3 + 4', '7', '.s64'],
    ['1 == 2 < 3', '1', '.s64'],
    ['7 - 2 - 1', '4', '.s64'],
    ['64 / 4 / 2', '8', '.s64'],
    ['1 << 2 << 3', '32', '.s64'],
    ['-8 >> 1 >> 1', '-2', '.s64'],
    // INT64_MIN / -1: ptxas crashes; gpuasm defines it as the wrapped value.
    ['(-9223372036854775807 - 1) / -1', '-9223372036854775808', '.s64'],
    ['0x8000000000000000 / -1', '0', '.u64'],
  ];
  for (const [t, v, ty] of cases) test(t, () => ok(t, v, ty));
});

describe('PTX floating-point constants (4.5.2)', () => {
  const cases: [string, string, string][] = [
    ['1.5', '1.5', '.f64'],
    ['1.0', '1', '.f64'],
    ['.5', '0.5', '.f64'],
    ['5.', '5', '.f64'],
    ['1e3', '1000', '.f64'],
    ['0.1 + 0.2', '0.30000000000000004', '.f64'],
    ['1.0 / 3.0', '0.3333333333333333', '.f64'],
    ['-0.0', '-0', '.f64'],
    ['+1.5', '1.5', '.f64'],
    ['-(1.5)', '-1.5', '.f64'],
    ['0d3ff0000000000000', '1', '.f64'],
    ['-0d3ff0000000000000', '-1', '.f64'],
    ['0d3ff0000000000000 + 1.0', '2', '.f64'],
    ['1e308 * 10.0', 'inf', '.f64'],
    ['0d7ff0000000000000 - 0d7ff0000000000000', 'nan', '.f64'],
    ['1.5 < 2.5', '1', '.s64'],
    ['1.5 == 1.5', '1', '.s64'],
    ['0f3f800000', '1', '.f32'],
    ['(0f3f800000)', '1', '.f32'],
    ['((0f3fc00000))', '1.5', '.f32'],
  ];
  for (const [t, v, ty] of cases) test(t, () => ok(t, v, ty));
});

describe('PTX constant expression errors (as ptxas)', () => {
  const cases: [string, string][] = [
    ['1 + 1.5', 'PTX405'], // Constant expression type mismatch
    ['1.0 / 3', 'PTX405'],
    ['2.5 > 1', 'PTX405'],
    ['1 % 1.5', 'PTX405'],
    ['1.5 << 1', 'PTX405'],
    ['1.5 && 1', 'PTX405'],
    ['1.0 % 2.0', 'PTX404'], // Integer constant expression expected
    ['~1.5', 'PTX404'],
    ['!1.5', 'PTX404'],
    ['(.s64)1.5', 'PTX404'],
    ['(.u64) 1.5', 'PTX404'],
    ['1.5 ? 1 : 2', 'PTX404'],
    ['1 ? 2 : 1.5', 'PTX405'],
    ['1 ? 1.5 : 2.5', 'PTX407'], // ptxas: Integer constant expression expected, also in instructions
    ['5 / 0', 'PTX406'],
    ['5 % 0', 'PTX406'],
    ['1.0 / 0.0', 'PTX406'],
    ['0.0 / 0.0', 'PTX406'],
    ['1 ? 2 : 1 / 0', 'PTX406'], // every arm is evaluated
    ['0 && 1 / 0', 'PTX406'],
    ['1 || 1 / 0', 'PTX406'],
    ['-0f3f800000', 'PTX403'],
    ['0f3f800000 + 1.0', 'PTX403'],
    ['1 ? 0f3f800000 : 1.0', 'PTX403'],
    ['1e400', ''], // Constant overflow (the lexer reports it)
    ['1e-310', 'PTX402'], // strtod underflow: also "Constant overflow"
    ['4.9e-324', 'PTX402'],
    ['x + 1', 'PTX408'],
    ['1 +', ''],
  ];
  for (const [t, code] of cases) test(t, () => err(t, code || undefined));
  test('1e-300 and 0e-999 are in range', () => {
    ok('1e-300', '1e-300', '.f64');
    ok('0e-999', '0', '.f64');
  });
});

describe('deep expressions', () => {
  test('a 200,000-term left-deep sum is evaluated without recursion', () => {
    // Built by hand: the parser bounds its own depth; the evaluator must not recurse per level.
    let e: Expr = { kind: 'int', value: 1n, unsigned: false, raw: '1', span: { start: 0, end: 1 } };
    for (let i = 0; i < 200_000; i++) {
      e = { kind: 'binary', op: '+', left: e, right: { kind: 'int', value: 1n, unsigned: false, raw: '1', span: { start: 0, end: 1 } }, span: { start: 0, end: 1 } };
    }
    const v = evaluateConstExpr(e, () => assert.fail('no error expected'));
    assert.deepEqual(v, { kind: 'int', type: '.s64', value: 200_001n });
  });
  test('a 200,000-deep unary chain', () => {
    let e: Expr = { kind: 'int', value: 5n, unsigned: false, raw: '5', span: { start: 0, end: 1 } };
    for (let i = 0; i < 200_000; i++) e = { kind: 'unary', op: '-', operand: e, span: { start: 0, end: 1 } };
    const v = evaluateConstExpr(e, () => assert.fail('no error expected'));
    assert.deepEqual(v, { kind: 'int', type: '.s64', value: 5n });
  });
  test('deeply nested parentheses give a diagnostic, not a crash', () => {
    const r = evaluatePtxExpression('('.repeat(200_000) + '1' + ')'.repeat(200_000));
    assert.ok('diagnostics' in r || r.value === '1');
  });
});
