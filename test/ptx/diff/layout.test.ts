/**
 * Differential: random constant expressions and random declarations, laid out by gpuasm and
 * assembled by ptxas (whole-program, sm_80); every variable's bytes, size and relocations must be
 * identical, and every line ptxas rejects gpuasm must reject (and the reverse).
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { diffLineCases, type LineCase } from '../../harness/ptx-layout-diff.js';
import { parseExpressionText } from '../../../src/ptx/parse/parser.js';
import { evaluateConstExpr } from '../../../src/ptx/check/consteval.js';
import { evaluatePtxExpression } from '../../../src/ptx/index.js';
import type { Expr } from '../../../src/ptx/parse/ast.js';

if (ptxasSkipReason) console.log(ptxasSkipReason);

const U64 = (1n << 64n) - 1n;

// ------------------------------------------------------------------ literals

/** An integer literal spelled in one of the four notations (4.5.1), never beyond 64 bits. */
const intLiteral: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: 0n, max: 300n }),
      fc.bigInt({ min: 0n, max: U64 }),
      fc.constantFrom(0n, 1n, 2n, 31n, 32n, 63n, 64n, 65n, 127n, 255n, 256n, 0xffffn, 0x7fffffffn, 0x80000000n, 0xffffffffn, (1n << 63n) - 1n, 1n << 63n, U64, U64 - 1n),
    ),
    fc.constantFrom('dec', 'dec', 'hex', 'HEX', 'oct', 'bin'),
    fc.boolean(),
  )
  .map(([v, form, u]) => {
    let s: string;
    switch (form) {
      case 'hex': s = '0x' + v.toString(16); break;
      case 'HEX': s = '0X' + v.toString(16).toUpperCase(); break;
      case 'oct': s = '0' + v.toString(8); break;
      case 'bin': s = '0b' + v.toString(2); break;
      default: s = v.toString();
    }
    return u ? s + 'U' : s;
  });

const hexDigits = (n: number) => fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: n, maxLength: n }).map((a) => a.join(''));

/** Decimal float forms (1.5, .5, 5., 1e3, 1.5e-3) with exponents reaching overflow and underflow. */
const decimalFloat: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.nat(999), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
  fc.nat(999).map((b) => `.${b}`),
  fc.nat(999).map((a) => `${a}.`),
  fc.tuple(fc.nat(99), fc.integer({ min: -330, max: 330 })).map(([a, e]) => `${a}e${e}`),
  fc.tuple(fc.nat(9), fc.nat(99), fc.integer({ min: -40, max: 40 })).map(([a, b, e]) => `${a}.${b}E${e}`),
  fc.constantFrom('0.1', '0.2', '0.5', '1.0', '3.4028235677973366e38', '1e39', '1e-46', '2.2250738585072014e-308', '1e308'),
);

const f64Literal = fc.oneof(
  hexDigits(16).map((h) => '0d' + h),
  fc.constantFrom('0d3ff0000000000000', '0d7ff0000000000000', '0dfff0000000000000', '0d8000000000000000', '0d3fb999999999999a', '0d7ff8000000000001'),
);
const f32Literal = fc.oneof(hexDigits(8).map((h) => '0f' + h), fc.constantFrom('0f3f800000', '0f7f800000', '0f80000000', '0f3dcccccd'));

// ------------------------------------------------------------------ expressions

const BINARY = ['*', '/', '%', '+', '-', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '&', '^', '|', '&&', '||'];

interface Gen {
  text: string;
  /** Needs parentheses when used as an operand. */
  compound: boolean;
}

const wrap = (g: Gen, keep: boolean) => (g.compound && !keep ? `(${g.text})` : g.text);

/** Random constant expressions; mostly integer, some floating-point, a few 0f misuses. */
function expressionArb(w: { int: number; float: number; f32: number }): fc.Arbitrary<string> {
  const { expr } = fc.letrec<{ expr: Gen; leaf: Gen }>((tie) => ({
    leaf: fc.oneof(
      { arbitrary: intLiteral.map((text) => ({ text, compound: false })), weight: w.int * 6 },
      { arbitrary: fc.constant({ text: 'WARP_SZ', compound: false }), weight: w.int },
      { arbitrary: decimalFloat.map((text) => ({ text, compound: false })), weight: w.float * 2 },
      { arbitrary: f64Literal.map((text) => ({ text, compound: false })), weight: w.float },
      { arbitrary: f32Literal.map((text) => ({ text, compound: false })), weight: w.f32 },
    ),
    expr: fc.oneof(
      { depthSize: 'small', maxDepth: 5 },
      { arbitrary: tie('leaf'), weight: 4 },
      {
        arbitrary: fc.tuple(fc.constantFrom('-', '+', '!', '~', '(.s64)', '(.u64)'), tie('expr'), fc.nat(3)).map(([op, e, bare]) => ({
          text: `${op}${op.length > 1 ? ' ' : ''}${op === '-' || op === '+' ? ' ' : ''}${wrap(e, bare === 0)}`,
          compound: true,
        })),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(tie('expr'), fc.constantFrom(...BINARY), tie('expr'), fc.boolean(), fc.nat(3)).map(([l, op, r, bare, bareRight]) => ({
          // Occasionally leave operands bare so C precedence (Table 4) decides the grouping.
          text: `${wrap(l, bare)} ${op} ${wrap(r, bareRight === 0)}`,
          compound: true,
        })),
        weight: 5,
      },
      {
        arbitrary: fc.tuple(tie('expr'), tie('expr'), tie('expr'), fc.nat(3)).map(([c, a, b, bare]) => ({
          text: `${wrap(c, bare === 0)} ? ${wrap(a, bare === 1)} : ${wrap(b, bare === 2)}`,
          compound: true,
        })),
        weight: 1,
      },
    ),
  }));
  return (expr as fc.Arbitrary<Gen>).map((g) => g.text);
}

/** ptxas crashes on a signed INT64_MIN / -1 (gpuasm defines it); such expressions are not compared. */
function hasSignedOverflowDivision(text: string): boolean {
  const { expr } = parseExpressionText(text);
  if (!expr) return false;
  const stack: Expr[] = [expr];
  while (stack.length) {
    const e = stack.pop()!;
    switch (e.kind) {
      case 'binary': {
        if (e.op === '/') {
          const l = evaluateConstExpr(e.left, () => {});
          const r = evaluateConstExpr(e.right, () => {});
          if (l?.kind === 'int' && r?.kind === 'int' && l.type === '.s64' && r.type === '.s64' && l.value === -(1n << 63n) && r.value === -1n) return true;
        }
        stack.push(e.left, e.right);
        break;
      }
      case 'unary': case 'cast': stack.push(e.operand); break;
      case 'paren': stack.push(e.expr); break;
      case 'conditional': stack.push(e.test, e.consequent, e.alternate); break;
      default: break;
    }
  }
  return false;
}

const PRELUDE_HEAD = '.version 8.0\n.target sm_80\n.address_size 64\n';

function expressionCases(exprs: string[]): LineCase[] {
  const cases: LineCase[] = [];
  exprs.forEach((e, i) => {
    if (hasSignedOverflowDivision(e)) return;
    const r = evaluatePtxExpression(e);
    const label = `expression ${e}`;
    if ('diagnostics' in r) {
      // Rejected by gpuasm: ptxas must reject it both as an integer and as a floating-point initializer.
      cases.push({ line: `.visible .global .u64 v${i} = ${e};`, label });
      cases.push({ line: `.visible .global .f64 v${i} = ${e};`, label });
    } else if (r.type === '.f64') {
      cases.push({ line: `.visible .global .f64 v${i} = ${e};`, label });
    } else if (r.type === '.f32') {
      cases.push({ line: `.visible .global .f32 v${i} = ${e};`, label });
    } else {
      // The value, and its signedness: (E) * 0 - 1 < 0 is 1 for .s64 and 0 for .u64.
      cases.push({ line: `.visible .global .u64 v${i} = ${e}; .visible .global .u64 v${i}t = (${e}) * 0 - 1 < 0;`, label });
    }
  });
  return cases;
}

// ------------------------------------------------------------------ declarations

const DECL_PRELUDE =
  PRELUDE_HEAD.replace('8.0', '8.3') +
  [
    '.visible .func f1() { ret; }',
    '.visible .func f2() { ret; }',
    '.visible .entry k1() { ret; }',
    '.visible .global .u32 g0[4] = {1, 2, 3, 4};',
    '.visible .global .u64 g1;',
    '.visible .const .u32 c0[4] = {5, 6, 7, 8};',
    '.const .u8 c1 = 9;',
    '.visible .const .align 16 .u16 c2 = 10;',
    '.visible .shared .u32 s0;',
  ].join('\n');

const INT_TYPES = ['.b8', '.b16', '.b32', '.b64', '.u8', '.u16', '.u32', '.u64', '.s8', '.s16', '.s32', '.s64'];
const TYPES = [...INT_TYPES, ...INT_TYPES, '.f32', '.f32', '.f64', '.f64', '.b128', '.f16', '.f16x2', '.pred'];
const NO_INIT = new Set(['.f16', '.f16x2', '.pred']);
const MASKS = ['0xff', '0xff00', '0xff0000', '0XFF000000', '0xff00000000', '0xff0000000000', '0xff000000000000', '0xff00000000000000', '255', '0xfff', '0xff000'];
const SYMBOLS = ['g0', 'g1', 'c0', 'c1', 'c2', 'f1', 'f2', 'k1', 's0', 'nosuch'];

/** One initializer element: a constant, an address, or a mask(). */
function elementArb(type: string): fc.Arbitrary<string> {
  const floatOk = type !== '.b128';
  // ptxas writes a device function's index as 8 bytes even into a .u32 element, clobbering the next
  // 4 bytes (a recorded divergence: gpuasm writes 4); bare function names are not drawn for .u32.
  const symbols = type === '.u32' ? SYMBOLS.filter((s) => s !== 'f1' && s !== 'f2') : SYMBOLS;
  const address = fc
    .tuple(fc.constantFrom(...symbols), fc.boolean(), fc.oneof(fc.constant(''), fc.integer({ min: -16, max: 64 }).map((n) => `+${n}`), fc.constant('+2*4')))
    // Likewise ptxas writes a resolved .const address with an offset as 8 bytes into a .u32 element.
    .map(([s, g, off]) => `${g ? `generic(${s})` : s}${type === '.u32' && !g && s.startsWith('c') ? '' : off}`);
  // Mostly values of the type's kind; some of the other kind, which ptxas rejects (or, for .b, takes as bits).
  const isFloatType = type === '.f32' || type === '.f64';
  const isBits = type.startsWith('.b');
  const intW = isFloatType ? 1 : 4;
  const floatW = !floatOk ? 0 : isFloatType || isBits ? 4 : 1;
  const constant = fc.oneof(
    { arbitrary: intLiteral, weight: intW * 2 },
    { arbitrary: fc.integer({ min: -300, max: 300 }).map(String), weight: intW },
    { arbitrary: fc.tuple(intLiteral, fc.constantFrom('+', '-', '*', '<<', '>>', '&'), intLiteral).map(([a, o, b]) => `${a} ${o} ${b}`), weight: intW },
    { arbitrary: decimalFloat, weight: floatW * 2 },
    { arbitrary: f64Literal, weight: floatW },
    { arbitrary: f32Literal, weight: floatW },
    { arbitrary: fc.tuple(decimalFloat, fc.constantFrom('+', '-', '*', '/'), decimalFloat).map(([a, o, b]) => `${a} ${o} ${b}`), weight: floatW },
  );
  const masked = fc
    .tuple(fc.constantFrom(...MASKS), fc.oneof(address, intLiteral, fc.tuple(intLiteral, intLiteral).map(([a, b]) => `${a} + ${b}`)))
    .map(([m, e]) => `${m}(${e})`);
  const addressLike = type === '.u32' || type === '.u64' || type === '.u8';
  return fc.oneof(
    { arbitrary: constant, weight: 8 },
    { arbitrary: address, weight: addressLike ? 4 : 1 },
    { arbitrary: masked, weight: addressLike ? 3 : 1 },
  );
}

interface Shape {
  type: string;
  vector: number;
  dims: (number | null)[];
  /** Long innermost lists: elements mostly plain decimal literals. */
  long: boolean;
}

const shapeArb: fc.Arbitrary<Shape> = fc
  .tuple(
    fc.constantFrom(...TYPES),
    fc.constantFrom(0, 0, 0, 2, 4),
    fc.oneof(
      { arbitrary: fc.constant([] as number[]), weight: 3 },
      { arbitrary: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }), weight: 3 },
      // Nested arrays, where inner lists can be incomplete.
      { arbitrary: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 3 }), weight: 3 },
      // Long innermost lists (data tables), which the parser packs when they hold plain decimal
      // literals only (parse/nodes.ts, PackedLiteralList): alone or inside an outer dimension.
      { arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 14, max: 40 })).map(([a, b]) => (a === 1 ? [b] : [a, b])), weight: 2 },
    ),
    fc.boolean(),
  )
  .map(([type, vector, dims, unsized]) => {
    const long = dims.length > 0 && dims[dims.length - 1]! >= 14;
    const v = long || type === '.b128' || (type === '.f64' || type.endsWith('64') ? vector > 2 : false) ? 0 : vector;
    return { type, vector: v, dims: dims.length && unsized ? [null, ...dims.slice(1)] : dims, long };
  });

interface GenInit {
  text: string;
  /**
   * The same initializer with every inner list padded out to its dimension with explicit zeros:
   * what C makes of `text` (an incomplete list is zero-filled), spelled so ptxas cannot place it
   * otherwise. The outermost list is not padded (an unsized array keeps its length).
   */
  padded: string;
}

/** The zero an element of the type is padded with (ptxas refuses an integer for .f32/.f64). */
const zeroOf = (type: string) => (type === '.f32' || type === '.f64' ? '0.0' : '0');

/**
 * An initializer for the shape: usually well-formed, sometimes with too many/few elements or wrong
 * nesting. Inner lists are often incomplete (any length from empty to full), anywhere in their parent.
 */
/** Values ptxas accepts for the type (for nested arrays, where one bad value rejects all). */
function validElementArb(type: string): fc.Arbitrary<string> {
  if (type === '.f32' || type === '.f64') return fc.oneof(decimalFloat, f64Literal, fc.constantFrom('0.0', '-0.0'));
  const ints = fc.oneof(fc.integer({ min: -300, max: 300 }).map(String), fc.constantFrom('0', '0', '1'));
  if (type === '.u64' || type === '.u32' || type === '.u8') {
    // Addresses that relocate or resolve, in any element type that can hold them (no bare device
    // function or offset .const address in .u32: ptxas writes those as 8 bytes, a recorded divergence).
    // Some resolve to a zero byte (0xff0000 of a small .const offset or function index).
    const addrs =
      type === '.u8'
        ? ['0xff(g0)', '0xff00(g0+4)', '0xff(c0+4)', '0xff00(generic(c1))', '0xff(c1)', '0xff0000(c1)', '0xff(f1)', '0xff00(f2)']
        : type === '.u32'
          ? ['g0', 'g0+4', 'generic(g0)+8', 'generic(c0)+4', 'c1', 'k1', '0xff0000(c2)']
          : ['g0', 'g0+4', 'generic(g0)+8', 'c0+4', 'generic(c2)', 'f1', 'f2', 'k1', '0xff00(f1)', '0xff0000(c1)'];
    return fc.oneof({ arbitrary: ints, weight: 3 }, { arbitrary: fc.constantFrom(...addrs), weight: 1 });
  }
  return ints;
}

function initializerArb(shape: Shape): fc.Arbitrary<GenInit> {
  const el = shape.long
    ? fc.oneof({ arbitrary: fc.nat(300).map(String), weight: 60 }, { arbitrary: validElementArb(shape.type), weight: 1 }, { arbitrary: elementArb(shape.type), weight: 1 })
    : shape.dims.length >= 2
      ? fc.oneof(elementArb(shape.type), validElementArb(shape.type), validElementArb(shape.type))
      : elementArb(shape.type);
  const z = zeroOf(shape.type);
  const vectorZero = `{${new Array(shape.vector).fill(z).join(', ')}}`;
  const scalar: fc.Arbitrary<GenInit> =
    shape.vector > 0
      ? fc
          .tuple(fc.array(el, { minLength: shape.vector, maxLength: shape.vector }), fc.integer({ min: 0, max: 19 }))
          .map(([xs, bad]) => {
            const text = `{${(bad === 0 ? xs.slice(1) : bad === 1 ? [...xs, xs[0]!] : xs).join(', ')}}`;
            return { text, padded: text };
          })
      : fc.tuple(el, fc.integer({ min: 0, max: 29 })).map(([x, bad]) => {
          // ptxas takes `.f16x2 v = {x}` and stores garbage (a recorded divergence): not drawn.
          const text = bad === 0 && !NO_INIT.has(shape.type) ? `{${x}}` : x;
          return { text, padded: text };
        });
  let level: fc.Arbitrary<GenInit> = scalar;
  let zero = shape.vector > 0 ? vectorZero : z;
  for (let i = shape.dims.length - 1; i >= 0; i--) {
    const n = shape.dims[i] ?? 3;
    const inner = level;
    const innerZero = zero;
    const outermost = i === 0;
    zero = `{${new Array(n).fill(innerZero).join(', ')}}`;
    level = fc
      .tuple(
        // An inner list: as often short (empty or one element) as of any length.
        outermost
          ? fc.array(inner, { minLength: 0, maxLength: n + 1 })
          : fc.oneof(fc.array(inner, { minLength: 0, maxLength: n + 1 }), fc.array(inner, { minLength: 0, maxLength: Math.min(n, 1) })),
        fc.integer({ min: 0, max: 9 }),
      )
      .map(([xs, bad]) => {
        let list = xs.length > n && bad !== 0 ? xs.slice(0, n) : xs; // too many only sometimes
        if (list.length === 0 && bad !== 1 && outermost) list = xs.slice(0, 1);
        const padded = list.map((x) => x.padded);
        if (!outermost) while (padded.length < n) padded.push(innerZero);
        return { text: `{${list.map((x) => x.text).join(', ')}}`, padded: `{${padded.join(', ')}}` };
      });
  }
  return level;
}

const declarationArb: fc.Arbitrary<{ make: (i: number) => string; twin: boolean }> = shapeArb.chain((shape) =>
  fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom('.visible .global', '.visible .const', '.const'), weight: 20 },
        { arbitrary: fc.constantFrom('.extern .global', '.visible .shared', '.extern .const'), weight: 1 },
      ),
      fc.constantFrom('', '', '', '.align 1 ', '.align 2 ', '.align 4 ', '.align 8 ', '.align 16 '),
      fc.oneof({ arbitrary: initializerArb(shape), weight: 9 }, { arbitrary: fc.constant(undefined), weight: 1 }),
      // Sometimes a second declarator in the same statement: `, vNb = x` or `, vNb[2]`.
      fc.oneof(
        { arbitrary: fc.constant(''), weight: 6 },
        { arbitrary: shape.vector ? fc.constant('[2]') : elementArb(shape.type).map((x) => ` = ${x}`), weight: 1 },
        { arbitrary: fc.constant('[2]'), weight: 1 },
      ),
    )
    .map(([space, align, gen, second]) => {
      const init = gen?.text ?? '';
      // Uninitialized unsized arrays are not definitions; give them an initializer or a size.
      const dims = shape.dims.map((d) => (d === null && !init ? '[2]' : `[${d ?? ''}]`)).join('');
      const vec = shape.vector ? `.v${shape.vector} ` : '';
      const sp = init ? space : space.replace('.extern ', '.visible ').replace('.shared', '.global');
      // C's layout of a nested initializer, as a twin variable `vNp` padded with zeros.
      const twin = gen !== undefined && shape.dims.length >= 2 && !sp.startsWith('.extern') && !sp.endsWith('.shared') && !NO_INIT.has(shape.type);
      return {
        twin,
        make: (i: number) => {
          const more = second && !sp.startsWith('.extern') ? `, v${i}b${second}` : '';
          const padded = twin ? ` ${sp} ${align}${vec}${shape.type} v${i}p${dims} = ${gen!.padded};` : '';
          return `${sp} ${align}${vec}${shape.type} v${i}${dims}${init ? ` = ${init}` : ''}${more};${padded}`;
        },
      };
    }),
);

// ------------------------------------------------------------------ tests

function report(what: string, seed: number, o: ReturnType<typeof diffLineCases>): void {
  console.log(
    `ptx layout differential (${what}): ${o.checked} cases (${o.acceptedByBoth} accepted, ${o.rejectedByBoth} rejected by both), ${o.ptxasRuns} ptxas runs, seed ${seed}`,
  );
  if (process.env['GPUASM_DIFF_STATS']) console.log('  gpuasm rejections by code:', [...o.rejectCodes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c}:${n}`).join(' '));
  assert.equal(o.mismatches.length, 0, `seed ${seed} (replay: GPUASM_SEED=${seed}); ${o.mismatches.length} mismatches:\n${o.mismatches.slice(0, 12).join('\n')}`);
}

describe('PTX layout vs ptxas', { skip: ptxasSkipReason }, () => {
  test('constant expressions', () => {
    const seed = fuzzSeed();
    // Mostly integer-only and float-only expressions (most mixes are errors), some mixed, a few 0f.
    const arb = fc.oneof(
      { arbitrary: expressionArb({ int: 1, float: 0, f32: 0 }), weight: 12 },
      { arbitrary: expressionArb({ int: 0, float: 1, f32: 0 }), weight: 5 },
      { arbitrary: expressionArb({ int: 6, float: 1, f32: 0 }), weight: 2 },
      { arbitrary: expressionArb({ int: 6, float: 2, f32: 1 }), weight: 1 },
    );
    const exprs = fc.sample(arb, { seed, numRuns: fuzzRuns(2500) });
    const cases = expressionCases(exprs);
    report('constant expressions', seed, diffLineCases(PRELUDE_HEAD, cases, { batchSize: 200, maxRejectSingles: 500 }));
  });

  test('declarations and initializers', () => {
    const seed = fuzzSeed();
    const makers = fc.sample(declarationArb, { seed, numRuns: fuzzRuns(3000) });
    const cases: LineCase[] = makers.map(({ make, twin }, i) => ({
      line: make(i),
      label: `declaration v${i}`,
      ...(twin ? { cLayout: { variable: `v${i}`, twin: `v${i}p` } } : {}),
    }));
    // Lists the parser packs (16 or more plain decimals and nothing else) are among them.
    const packed = cases.filter((c) => /\{(?:\d+, ){15,}\d+\}/.test(c.line)).length;
    console.log(`  declarations with a list of 16 or more plain decimal literals: ${packed}`);
    assert.ok(packed > 0, `seed ${seed}: no long list of plain literals drawn`);
    const o = diffLineCases(DECL_PRELUDE, cases, { batchSize: 150, maxRejectSingles: 600 });
    console.log(`  nested initializers ptxas stores otherwise than C (PTX450): ${o.cDiffers}; as C: ${o.cSame}`);
    report('declarations', seed, o);
    // Both sides of the PTX450 rule were met (thousands of draws make either count 0 all but impossible).
    assert.ok(o.cDiffers > 0 && o.cSame > 0, `seed ${seed}: ${o.cDiffers} differing, ${o.cSame} alike`);
  });
});
