/**
 * Differential test of AMDGPU expressions against llvm-mc-19: random expressions over the whole
 * grammar (every operator, every number form, parentheses, unary operators, large values) are
 * assigned with `.set eN, EXPR`, hundreds per file; llvm-mc-19 writes an object and its symbol
 * table gives each value. Ours must be identical (as unsigned 64-bit, which is how ELF stores it).
 *
 * Cases where llvm-mc-19 crashes or refuses to write an object (INT64_MIN / -1, division by zero)
 * are filtered out of the value batches and checked on their own below.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { readElf } from '../../harness/elf.js';
import { evaluateAmdgpuExpression } from '../../../src/amdgpu/index.js';
import { parseExpression } from '../../../src/amdgpu/parse/expr.js';
import type { Expr } from '../../../src/amdgpu/parse/ast.js';

const SHN_ABS = 0xfff1;

/** Values of the absolute symbols in an llvm-mc object, by name. */
export function absoluteSymbols(object: Buffer): Map<string, bigint> {
  const elf = readElf(object);
  const out = new Map<string, bigint>();
  for (const s of elf.symbols) if (s.shndx === SHN_ABS && s.name) out.set(s.name, s.value);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators

const bigU64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const interesting = fc.constantFrom(0n, 1n, 2n, 63n, 64n, 65n, 127n, 128n, 255n, 256n, 0x7fffffffn, 0x80000000n, 0xffffffffn, 0x100000000n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n);
const smallU = fc.bigInt({ min: 0n, max: 70n });
const anyU = fc.oneof({ weight: 3, arbitrary: smallU }, { weight: 2, arbitrary: interesting }, { weight: 2, arbitrary: bigU64 });

/** An integer literal in one of the GNU forms (all within 64 bits). */
const intLiteral: fc.Arbitrary<string> = fc.oneof(
  anyU.map((v) => v.toString(10)),
  anyU.map((v) => '0x' + v.toString(16)),
  fc.tuple(anyU, fc.boolean()).map(([v, up]) => (up ? '0X' + v.toString(16).toUpperCase() : '0x' + v.toString(16))),
  anyU.map((v) => '0b' + v.toString(2)),
  anyU.filter((v) => v > 0n).map((v) => '0' + v.toString(8)),
  fc.tuple(smallU, fc.constantFrom('U', 'L', 'UL', 'LL', 'ull', 'u')).map(([v, s]) => v.toString() + s),
  fc.constantFrom("'a'", "'Z'", "'0'", "'\\n'", "'\\t'", "' '"),
);

/** Float literals: decimal and hex (in an expression they stand for their double bits). */
const realLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1.0', '0.5', '2.', '.25', '1e3', '1.5e-3', '1e400', '3.0e+2', '0x1p0', '0x1.8p1', '0x.8p1', '0x1afp-10', '0x1p-1074', '5e'),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }).map((d) => {
    const s = d.toString();
    return /[.e]/.test(s) ? s : s + '.0';
  }),
);

const BINOPS = ['+', '-', '*', '/', '%', '<<', '>>', '|', '^', '&', '!', '&&', '||', '==', '!=', '<>', '<', '<=', '>', '>='];
const UNOPS = ['-', '+', '~', '!'];

function genExpr(depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof({ weight: 6, arbitrary: intLiteral }, { weight: 1, arbitrary: realLiteral });
  if (depth <= 0) return leaf;
  const sub = genExpr(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 4, arbitrary: fc.tuple(sub, fc.constantFrom(...BINOPS), sub, fc.constantFrom(' ', '', '  ')).map(([a, op, b, sp]) => `${a}${sp}${op}${sp}${b}`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...UNOPS), sub).map(([u, a]) => `${u}${a}`) },
    { weight: 2, arbitrary: sub.map((a) => `(${a})`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('max', 'or'), fc.array(sub, { minLength: 1, maxLength: 3 })).map(([f, args]) => `(${f}(${args.join(', ')}))`) },
  );
}

/** Whether llvm-mc-19 would trap on the expression (INT64_MIN / -1 or % -1 crashes it). */
function trapsInLlvm(e: Expr): boolean {
  // Evaluate every division's operands with our evaluator on the subtrees.
  const stack: Expr[] = [e];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.kind === 'binary') {
      if (x.op === '/' || x.op === '%') {
        const l = evalSub(x.left);
        const r = evalSub(x.right);
        if (l === -(1n << 63n) && r === -1n) return true;
      }
      stack.push(x.left, x.right);
    } else if (x.kind === 'unary') stack.push(x.operand);
    else if (x.kind === 'call') stack.push(...x.args);
  }
  return false;
}

function evalSub(e: Expr): bigint | undefined {
  const r = evaluateAmdgpuExpression(textOf(e));
  return 'value' in r ? r.value : undefined;
}

let currentText = '';
function textOf(e: Expr): string {
  return currentText.slice(e.span.start, e.span.end);
}

interface Case {
  text: string;
  ours: bigint;
}

/** Our value for a case, or undefined when it must be left out of a value batch (error/trap). */
function prepare(text: string): Case | undefined {
  const r = evaluateAmdgpuExpression(text);
  if (!('value' in r)) return undefined;
  currentText = text;
  const p = parseExpression(text);
  if (!p.expr || trapsInLlvm(p.expr)) return undefined;
  return { text, ours: r.value };
}

function runBatch(cases: Case[], extraArgs: string[] = []): { mismatches: string[]; llvmErrors: string } {
  const src = cases.map((c, i) => `.set e${i}, ${c.text}\n`).join('');
  const r = runLlvmMc(src, { mcpu: 'gfx900', filetype: 'obj', extraArgs });
  if (!r.ok || !r.object) return { mismatches: [], llvmErrors: r.stderr.slice(0, 2000) || 'llvm-mc failed without a message' };
  const syms = absoluteSymbols(r.object);
  const mismatches: string[] = [];
  cases.forEach((c, i) => {
    const theirs = syms.get(`e${i}`);
    const ours = BigInt.asUintN(64, c.ours);
    if (theirs !== ours) mismatches.push(`${c.text}  => llvm-mc ${theirs === undefined ? 'no absolute value' : '0x' + theirs.toString(16)}, gpuasm 0x${ours.toString(16)}`);
  });
  return { mismatches, llvmErrors: '' };
}

describe('AMDGPU expressions vs llvm-mc-19 (differential)', () => {
  if (llvmMcSkipReason) console.log(llvmMcSkipReason);

  test('random expressions: values identical to llvm-mc-19 symbol table', { skip: llvmMcSkipReason }, () => {
    const seed = fuzzSeed();
    const batches = fuzzRuns(8);
    const perBatch = 400;
    let total = 0;
    for (let b = 0; b < batches; b++) {
      const texts = fc.sample(genExpr(4), { seed: seed + b, numRuns: perBatch * 2 });
      const cases: Case[] = [];
      for (const t of texts) {
        const c = prepare(t);
        if (c) cases.push(c);
        if (cases.length >= perBatch) break;
      }
      const { mismatches, llvmErrors } = runBatch(cases);
      assert.equal(llvmErrors, '', `llvm-mc rejected a batch gpuasm accepted (seed ${seed}, batch ${b}): ${llvmErrors}`);
      assert.deepEqual(mismatches.slice(0, 10), [], `seed ${seed}, batch ${b}: ${mismatches.length} mismatches`);
      total += cases.length;
    }
    console.log(`amdgpu expression differential: ${total} cases in ${batches} llvm-mc runs, seed ${seed}`);
  });

  test('--masm-integers forms', { skip: llvmMcSkipReason }, () => {
    const seed = fuzzSeed();
    const masmLit = fc.oneof(
      anyU.map((v) => '0' + v.toString(16) + 'h'),
      anyU.map((v) => v.toString(16).replace(/^[a-f]/, '0$&') + 'H'),
      anyU.map((v) => v.toString(2) + 'y'),
      anyU.map((v) => v.toString(2) + 'b'),
      anyU.map((v) => v.toString(8) + 'o'),
      anyU.map((v) => v.toString(8) + 'q'),
      anyU.map((v) => v.toString(10) + 't'),
      anyU.map((v) => v.toString(10) + 'd'),
      anyU.map((v) => v.toString(10)),
      anyU.map((v) => '0x' + v.toString(16)),
    );
    const texts = fc.sample(fc.tuple(masmLit, fc.constantFrom('+', '-', '|', '^', '*'), masmLit).map(([a, op, b]) => `${a} ${op} ${b}`), { seed, numRuns: 400 });
    const cases: Case[] = [];
    for (const t of texts) {
      const r = evaluateAmdgpuExpression(t, { masmIntegers: true });
      assert.ok('value' in r, `gpuasm rejects ${t} with --masm-integers (seed ${seed})`);
      if ('value' in r) cases.push({ text: t, ours: r.value });
    }
    const { mismatches, llvmErrors } = runBatch(cases, ['--masm-integers']);
    assert.equal(llvmErrors, '', `seed ${seed}: ${llvmErrors}`);
    assert.deepEqual(mismatches.slice(0, 10), [], `seed ${seed}: ${mismatches.length} mismatches`);
    console.log(`amdgpu --masm-integers differential: ${cases.length} cases, seed ${seed}`);
  });

  test('rejected expressions: llvm-mc-19 rejects each one too (one run per case)', { skip: llvmMcSkipReason }, () => {
    const bad = ['1 / 0', '5 % (3 - 3)', '0x10000000000000000', '18446744073709551616 + 1', '(1', '1 +', '1 2', '?b', '0x', '09', 'max()', 'max(1,)', '0x1p'];
    for (const t of bad) {
      const ours = evaluateAmdgpuExpression(t);
      assert.ok(!('value' in ours), `gpuasm accepts ${t}`);
      const r = runLlvmMc(`.set x, ${t}\n`, { mcpu: 'gfx900', filetype: 'obj' });
      assert.ok(!r.ok, `llvm-mc accepts ${t}`);
    }
    console.log(`amdgpu expression errors: ${bad.length} cases`);
  });
});
