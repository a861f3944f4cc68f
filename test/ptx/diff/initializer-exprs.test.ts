/**
 * Differential: initializers built from random constant expressions written with as few
 * parentheses as C precedence allows (so the grouping is decided by Table 4, not by the writer),
 * deep unary chains and casts, every literal notation (octal, binary, upper-case prefixes, `U`,
 * leading zeros), shifts past 64, division and remainder by zero, and int/float mixes; stored into
 * every scalar type (.b8 .. .b64, .u/.s, .f32, .f64), vectors and arrays, with addresses, generic()
 * and mask() of expressions. gpuasm's bytes must equal ptxas's cubin, and each line ptxas rejects
 * gpuasm must reject. Independent of test/ptx/diff/layout.test.ts (other shapes and weights).
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { diffLineCases, type LineCase } from '../../harness/ptx-layout-diff.js';
import { parseExpressionText } from '../../../src/ptx/parse/parser.js';
import { evaluateConstExpr } from '../../../src/ptx/check/consteval.js';
import type { Expr } from '../../../src/ptx/parse/ast.js';

if (ptxasSkipReason) console.log(`ptx initializer expressions differential skipped: ${ptxasSkipReason}`);

/** Binding strength of each form (higher binds tighter), as Table 4. */
const BINARY_PREC: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6, '<': 7, '>': 7, '<=': 7, '>=': 7,
  '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10,
};
const UNARY_PREC = 11;
const PRIMARY_PREC = 12;

interface Printed {
  text: string;
  prec: number;
}

/** Parenthesizes only when needed, and now and then when not. */
function operand(p: Printed, need: number, extra: boolean): string {
  return p.prec < need || (extra && p.prec < PRIMARY_PREC) ? `(${p.text})` : p.text;
}

const small = fc.integer({ min: 0, max: 70 }).map(BigInt);
const U64 = (1n << 64n) - 1n;

/** An integer literal: decimal, 0x/0X, octal, 0b/0B, sometimes U, small values often. */
const intLit: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { arbitrary: small, weight: 6 },
      { arbitrary: fc.bigInt({ min: 0n, max: U64 }), weight: 2 },
      { arbitrary: fc.constantFrom(0x7fn, 0x80n, 0xffn, 0x100n, 0x7fffn, 0x8000n, 0xffffn, 0x10000n, 0x7fffffffn, 0x80000000n, 0xffffffffn, 1n << 32n, (1n << 63n) - 1n, 1n << 63n, U64), weight: 3 },
    ),
    fc.constantFrom('d', 'd', 'd', 'x', 'X', 'o', 'b', 'B'),
    fc.nat(5),
  )
  .map(([v, f, u]) => {
    let s = f === 'x' ? '0x' + v.toString(16) : f === 'X' ? '0X' + v.toString(16).toUpperCase() : f === 'o' ? '0' + v.toString(8) : f === 'b' ? '0b' + v.toString(2) : f === 'B' ? '0B' + v.toString(2) : v.toString();
    if (f === 'o' && v === 0n) s = '00';
    return u === 0 ? s + 'U' : s;
  });

const floatLit: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
  fc.tuple(fc.nat(9), fc.integer({ min: -8, max: 8 })).map(([a, e]) => `${a}e${e}`),
  fc.tuple(fc.nat(9), fc.nat(9), fc.integer({ min: -45, max: 40 })).map(([a, b, e]) => `${a}.${b}e${e >= 0 ? '+' : ''}${e}`),
  fc.constantFrom('0.0', '.5', '2.', '1e0', '65504.0', '65520.0', '3.4028234663852886e38', '3.4028235677973366e38', '1.401298464324817e-45', '7e-46', '5.960464477539063e-08'),
  fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: 16, maxLength: 16 }).map((d) => '0d' + d.join('')),
  fc.constantFrom('0d7ff0000000000000', '0d8000000000000000', '0d3ff0000000000000', '0D3FF8000000000000', '0d47efffffe0000000', '0d36a0000000000000'),
);

/** A random expression, `ints`: integer leaves only (else mostly float leaves, a few ints). */
function exprArb(ints: boolean): fc.Arbitrary<Printed> {
  const { e } = fc.letrec<{ e: Printed; leaf: Printed }>((tie) => ({
    leaf: (ints ? fc.oneof({ arbitrary: intLit, weight: 10 }, { arbitrary: fc.constant('WARP_SZ'), weight: 1 }) : fc.oneof({ arbitrary: floatLit, weight: 10 }, { arbitrary: intLit, weight: 1 })).map((text) => ({ text, prec: PRIMARY_PREC })),
    e: fc.oneof(
      { depthSize: 'small', maxDepth: 6 },
      { arbitrary: tie('leaf'), weight: 5 },
      {
        // unary chains, casts included: `- ~!x`, `(.u64) -x`
        arbitrary: fc
          .tuple(fc.array(fc.constantFrom(...(ints ? ['-', '+', '!', '~', '(.s64)', '(.u64)', '-'] : ['-', '+', '-'])), { minLength: 1, maxLength: 3 }), tie('e'), fc.boolean())
          .map(([ops, x, extra]) => {
            let t = operand(x, UNARY_PREC, extra);
            for (const op of ops.reverse()) t = op.startsWith('(') ? `${op}${t}` : `${op}${t.startsWith(op[0]!) || t.startsWith('-') || t.startsWith('+') ? ' ' : ''}${t}`;
            return { text: t, prec: UNARY_PREC };
          }),
        weight: 2,
      },
      {
        arbitrary: fc
          .tuple(tie('e'), fc.constantFrom(...(ints ? Object.keys(BINARY_PREC) : ['+', '-', '*', '/', '+', '-', '*', '/', '<', '==', '>='])), tie('e'), fc.nat(7))
          .map(([l, op, r, extra]) => {
            const p = BINARY_PREC[op]!;
            return { text: `${operand(l, p, extra === 0)} ${op} ${operand(r, p + 1, extra === 1)}`, prec: p };
          }),
        weight: 5,
      },
      {
        arbitrary: fc.tuple(tie('e'), tie('e'), tie('e'), fc.nat(5)).map(([c, a, b, extra]) => ({
          // right associative: the else arm may be another bare conditional
          text: `${operand(c, 1, extra === 0)} ? ${operand(a, 0, extra === 1)} : ${operand(b, 0, extra === 2)}`,
          prec: 0,
        })),
        weight: 1,
      },
    ),
  }));
  return e as fc.Arbitrary<Printed>;
}

/** ptxas crashes on signed INT64_MIN / -1 (a recorded divergence): such expressions are left out. */
function crashesPtxas(text: string): boolean {
  const { expr } = parseExpressionText(text);
  if (!expr) return false;
  const stack: Expr[] = [expr];
  while (stack.length) {
    const e = stack.pop()!;
    if (e.kind === 'binary') {
      if (e.op === '/') {
        const l = evaluateConstExpr(e.left, () => {});
        const r = evaluateConstExpr(e.right, () => {});
        if (l?.kind === 'int' && r?.kind === 'int' && l.type === '.s64' && r.type === '.s64' && l.value === -(1n << 63n) && r.value === -1n) return true;
      }
      stack.push(e.left, e.right);
    } else if (e.kind === 'unary' || e.kind === 'cast') stack.push(e.operand);
    else if (e.kind === 'paren') stack.push(e.expr);
    else if (e.kind === 'conditional') stack.push(e.test, e.consequent, e.alternate);
  }
  return false;
}

const INT_TYPES = ['.b8', '.b16', '.b32', '.b64', '.u8', '.u16', '.u32', '.u64', '.s8', '.s16', '.s32', '.s64'];
const FLOAT_TYPES = ['.f32', '.f64'];

const PRELUDE = [
  '.version 8.3',
  '.target sm_80',
  '.address_size 64',
  '.visible .global .u32 ga[8];',
  '.global .b8 gb = 1;',
  '.visible .const .align 8 .u64 ca[2] = {3, 4};',
  '.const .u16 cb = 5;',
  '.visible .func fn() { ret; }',
  '.visible .entry kn() { ret; }',
].join('\n');

/** One element for a variable of `type`: an expression (of the type's kind, mostly), an address or a mask(). */
function elementArb(type: string): fc.Arbitrary<string> {
  const isFloat = FLOAT_TYPES.includes(type);
  const expr = fc.oneof(
    { arbitrary: exprArb(!isFloat).map((p) => p.text), weight: 8 },
    { arbitrary: exprArb(isFloat).map((p) => p.text), weight: type.startsWith('.b') ? 3 : 1 },
  );
  const sym = fc.constantFrom('ga', 'gb', 'ca', 'cb', 'kn', 'fn', 'ga', 'ca');
  const address = fc
    .tuple(sym, fc.boolean(), fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 40 }).map((n) => ` + ${n}`), fc.constant(' + 2 * 2'), fc.constant(' - 1')))
    .filter(([s, , off]) => !(type === '.u32' && (s === 'fn' || (s.startsWith('c') && off !== '')))) // ptxas writes 8 bytes there (recorded divergence)
    .map(([s, g, off]) => (g ? `generic(${s})${off}` : `${s}${off}`));
  const mask = fc
    .tuple(fc.constantFrom('0xff', '0xff00', '0xff0000', '0xff000000', '0xff00000000', '0xff0000000000', '0xff000000000000', '0xff00000000000000', '0xf0', '0x1ff'), fc.oneof(exprArb(true).map((p) => p.text), address))
    .map(([m, x]) => `${m}(${x})`);
  const addressy = type === '.u32' || type === '.u64' || type === '.u8';
  return fc.oneof({ arbitrary: expr, weight: 30 }, { arbitrary: address, weight: addressy ? 9 : 1 }, { arbitrary: mask, weight: addressy ? 6 : 1 });
}

/** A declaration line for variable `v<i>`: scalar, vector or 1-2 dimensional array, maybe a second declarator. */
const lineArb: fc.Arbitrary<(i: number) => string> = fc
  .tuple(fc.constantFrom(...INT_TYPES, ...INT_TYPES, ...FLOAT_TYPES, ...FLOAT_TYPES), fc.constantFrom('scalar', 'scalar', 'scalar', 'vector', 'array', 'array2', 'unsized'), fc.constantFrom('.visible .global', '.global', '.visible .const', '.const'))
  .chain(([type, shape, space]) => {
    const el = elementArb(type);
    const lanes = type.endsWith('64') ? 2 : 4;
    const body: fc.Arbitrary<[string, string]> =
      shape === 'scalar'
        ? el.map((x) => ['', x])
        : shape === 'vector'
          ? fc.tuple(fc.constantFrom(2, lanes), fc.array(el, { minLength: 1, maxLength: 4 })).map(([n, xs]) => [`.v${n} `, `{${xs.slice(0, n).concat(Array(Math.max(0, n - xs.length)).fill('0')).join(', ')}}`])
          : shape === 'array'
            ? fc.tuple(fc.integer({ min: 1, max: 5 }), fc.array(el, { minLength: 0, maxLength: 5 })).map(([n, xs]) => [`[${n}]`, `{${xs.slice(0, n).join(', ')}}`])
            : shape === 'unsized'
              ? fc.array(el, { minLength: 1, maxLength: 4 }).map((xs) => ['[]', `{${xs.join(',')}}`])
              : fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.array(el, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 3 })).map(([n, rows]) => [`[${n}][2]`, `{${rows.slice(0, n).map((r) => `{${r.join(', ')}}`).join(', ')}}`]);
    return body.map(([dims, init]) => (i: number) => {
      if (dims.startsWith('.v')) return `${space} ${dims}${type} v${i} = ${init};`;
      return `${space} ${type} v${i}${dims} = ${init};`;
    });
  });

describe('PTX initializer expressions vs ptxas', { skip: ptxasSkipReason }, () => {
  test('random minimal-parenthesis expressions in every type and shape', () => {
    const seed = fuzzSeed();
    const makers = fc.sample(lineArb, { seed, numRuns: fuzzRuns(800) });
    const cases: LineCase[] = [];
    makers.forEach((make, i) => {
      const line = make(i);
      const init = line.slice(line.indexOf('=') + 1, -1);
      // Every expression of the line (split on the top-level list commas) must not crash ptxas.
      if (init.split(/[{},]/).some((part) => part.trim() && !/[a-z](\(|$)/.test(part.trim()) && crashesPtxas(part))) return;
      cases.push({ line, label: `v${i}` });
    });
    const o = diffLineCases(PRELUDE, cases, { batchSize: 150, maxRejectSingles: 250 });
    console.log(
      `ptx initializer expressions differential: ${o.checked} cases (${o.acceptedByBoth} accepted, ${o.rejectedByBoth} rejected by both), ${o.ptxasRuns} ptxas runs, seed ${seed}`,
    );
    assert.equal(o.mismatches.length, 0, `seed ${seed} (replay: GPUASM_SEED=${seed}); ${o.mismatches.length} mismatches:\n${o.mismatches.slice(0, 12).join('\n')}`);
    // Bytes are compared only for cases both accept: a broken prelude would reject them all.
    assert.ok(o.acceptedByBoth >= Math.floor(o.checked / 4), `seed ${seed}: only ${o.acceptedByBoth} of ${o.checked} cases accepted by both`);
  });
});
