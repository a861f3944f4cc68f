/** AMDGPU expressions: parse and evaluate as llvm-mc-19 (every expected value read off llvm-mc-19's symbol table). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, parseExpression, MAX_EXPR_DEPTH } from '../../../src/amdgpu/parse/expr.js';
import { evaluateAmdgpuExpression } from '../../../src/amdgpu/index.js';

function ev(text: string, masmIntegers = false): bigint | string {
  const r = evaluateAmdgpuExpression(text, { masmIntegers });
  if ('value' in r) return r.value;
  return r.diagnostics.map((d) => `${d.code}@${d.location?.column}`).join(',');
}

/** Values checked on llvm-mc-19 (`.set x, EXPR`, llvm-readelf -s), as unsigned hex there. */
const LLVM_VALUES: [string, bigint][] = [
  ['1 + 2 << 3', 0x11n],
  ['1 | 2 + 4', 7n],
  ['6 & 3 == 2', -1n],
  ['1 < 2', -1n],
  ['1 && 2', 1n],
  ['!5', 0n],
  ['!0', 1n],
  ['5 ! 2', -3n],
  ['-8 >> 1', 0x7ffffffffffffffcn],
  ['1 <> 2', -1n],
  ['-7 % 2', -1n],
  ['-7 / 2', -3n],
  ['1.0', 0x3ff0000000000000n],
  ['0x10 ^ 3 | 1', 0x13n],
  ['2 || 0', 1n],
  ['3 - 1 - 1', 1n],
  ['1 << 64', 1n],
  ['1 << 65', 2n],
  ['-1 >> 64', -1n],
  ['1 << -1', -0x8000000000000000n],
  ['1 == 1 == 1', 0n],
  ['010', 8n],
  ['0b101', 5n],
  ['5 & 1 + 1', 2n],
  ['-0x1afp-10', BigInt.asIntN(64, 0xc025100000000000n)],
  ['1 < 2 < 3', -1n],
  ['-1 < 1', -1n],
  ['10U', 10n],
  ['1e3', 0x408f400000000000n],
  ['-1.5', BigInt.asIntN(64, 0xc008000000000000n)],
  ['18446744073709551615', -1n],
  ["'a'", 97n],
  ['max(1,5,3)', 5n],
  ['or(1,2)', 3n],
  ['1 + max(2,3)', 4n],
  ['(max(1,2))', 2n],
  ['1e400', 0x7ff0000000000000n],
];

describe('AMDGPU expressions: values as llvm-mc-19 computes them', () => {
  for (const [text, want] of LLVM_VALUES) test(`${text} = ${want}`, () => assert.equal(ev(text), want));
});

describe('AMDGPU expressions: precedence (GNU table)', () => {
  test('* / % << >> bind tighter than | ^ & !, which bind tighter than + -', () => {
    assert.equal(ev('2 + 3 * 4'), 14n);
    assert.equal(ev('1 + 1 << 2'), 5n);
    assert.equal(ev('1 + 6 & 3'), 3n);
    assert.equal(ev('8 - 4 ^ 1'), 3n);
  });
  test('comparisons below + -, && below comparisons, || lowest', () => {
    assert.equal(ev('1 + 1 == 2'), -1n);
    assert.equal(ev('0 || 1 && 0'), 0n);
    assert.equal(ev('1 || 0 && 0'), 1n);
  });
  test('unary operators apply to the primary expression', () => {
    assert.equal(ev('-2 * 3'), -6n);
    assert.equal(ev('~0 + 1'), 0n);
    assert.equal(ev('-(2 + 3)'), -5n);
    assert.equal(ev('!!7'), 1n);
  });
});

describe('AMDGPU expressions: errors', () => {
  test('division and remainder by zero', () => {
    assert.equal(ev('1 / 0'), 'AMD120@3');
    assert.equal(ev('1 % (2 - 2)'), 'AMD120@3');
  });
  test('INT64_MIN / -1 wraps (llvm-mc-19 crashes: the spec rule, 64-bit, is followed)', () => {
    assert.equal(ev('0x8000000000000000 / -1'), -(1n << 63n));
    assert.equal(ev('0x8000000000000000 % -1'), 0n);
  });
  test('integer literal beyond 64 bits', () => {
    assert.equal(ev('0x10000000000000000'), 'AMD104@1');
    assert.equal(ev('1 + 18446744073709551616'), 'AMD104@5');
  });
  test('syntax', () => {
    assert.equal(ev('(1'), 'AMD111@3');
    assert.equal(ev('1 +'), 'AMD110@4');
    assert.equal(ev('1 2'), 'AMD201@3');
    assert.equal(ev('?b'), 'AMD110@1');
    assert.equal(ev('max()'), 'AMD113@5');
    assert.equal(ev('max(1,)'), 'AMD113@7');
    assert.equal(ev('max(1 2)'), 'AMD113@7');
  });
  test('max after a unary operator is a symbol followed by junk (as llvm-mc)', () => {
    assert.equal(ev('-max(1,2)'), 'AMD201@5');
  });
  test('symbols and . are not absolute on their own', () => {
    assert.equal(ev('x + 1'), 'AMD124@1');
    assert.equal(ev('.'), 'AMD124@1');
  });
  test('0ffh needs --masm-integers', () => {
    assert.equal(ev('0ffh', true), 255n);
    assert.equal(ev('0ffh'), 'AMD201@2');
  });
});

describe('AMDGPU expressions: depth and size bounds', () => {
  test('200,000 nested parentheses: a clean error, no stack overflow', () => {
    const text = '('.repeat(200000) + '1' + ')'.repeat(200000);
    const r = ev(text);
    assert.equal(typeof r, 'string');
    assert.match(r as string, /^AMD112@/);
  });
  test('200,000 nested unary minus: a clean error', () => {
    assert.match(ev('-'.repeat(200000) + '1') as string, /^AMD112@/);
  });
  test('a 200,000-term chain: a clean error (bounded tree)', () => {
    assert.match(ev(Array(200000).fill('1').join('+')) as string, /^AMD112@/);
  });
  test(`nesting up to the limit (${MAX_EXPR_DEPTH - 1}) evaluates`, () => {
    const n = MAX_EXPR_DEPTH - 1;
    assert.equal(ev('('.repeat(n) + '7' + ')'.repeat(n)), 7n);
  });
  test('parseExpression reports offsets into the text', () => {
    const r = parseExpression('1 + (2 * )');
    assert.equal(r.expr, null);
    assert.equal(r.issues[0]!.start, 9);
  });
  test('evaluate with a symbol lookup', () => {
    const { expr } = parseExpression('a * 2 + b');
    const r = evaluate(expr!, (n) => (n === 'a' ? 5n : n === 'b' ? 1n : null));
    assert.deepEqual(r, { value: 11n });
    assert.deepEqual(evaluate(expr!, () => null), { relocatable: true });
  });
});
