/**
 * Differential test of AMDGPU hexadecimal float literals against llvm-mc-19: long mantissas (far
 * more digits than a double holds, ties broken by a late non-zero digit, long runs of leading
 * zeros) must round exactly as llvm-mc rounds them. `.double X` lines, hundreds per file:
 * llvm-mc-19 prints each as `.quad BITS`.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { parseRealLiteral } from '../../../src/amdgpu/lex/lexer.js';
import { scanFloat } from '../../../src/amdgpu/check/immediates.js';
import { allocatedDuring } from '../../harness/alloc.js';

const skip = llvmMcSkipReason;
if (skip) console.log(`amdgpu hex float differential: skipped: ${skip}`);

function bits(v: number): bigint {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, v);
  return dv.getBigUint64(0);
}

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');
const hexRun = (min: number, max: number) => fc.array(hexDigit, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** Mantissas around the rounding points: 53 significant bits, then a tie digit, then a long tail. */
const mantissa = fc.oneof(
  // 1.<13 digits><8 or 7 or 9><zeros><maybe a late non-zero digit>
  fc
    .record({
      head: hexRun(13, 13),
      tie: fc.constantFrom('8', '7', '9', '0', 'f'),
      zeros: fc.integer({ min: 0, max: 3000 }),
      late: fc.constantFrom('', '1', '8', 'f'),
      tail: fc.constantFrom('', '0', '00'),
    })
    .map(({ head, tie, zeros, late, tail }) => `1.${head}${tie}${'0'.repeat(zeros)}${late}${tail}`),
  // Leading zeros before the significant digits, on either side of the point.
  fc
    .record({ lead: fc.integer({ min: 0, max: 2000 }), digits: hexRun(1, 80), dot: fc.nat(3) })
    .map(({ lead, digits, dot }) => (dot === 0 ? `${'0'.repeat(lead)}${digits}` : `0.${'0'.repeat(lead)}${digits}`)),
  // Plain random digits, long.
  fc.record({ a: hexRun(0, 200), b: hexRun(1, 200) }).map(({ a, b }) => `${a}.${b}`),
);

const literal = fc
  .record({ m: mantissa, sign: fc.constantFrom('', '+', '-'), exp: fc.integer({ min: 0, max: 12000 }) })
  .map(({ m, sign, exp }) => `0x${m}p${sign}${exp}`);

describe('AMDGPU hexadecimal floats: long mantissas round as llvm-mc-19', () => {
  test('random long mantissas, batched', { skip }, () => {
    const seed = fuzzSeed();
    const n = fuzzRuns(400);
    const cases = fc.sample(literal, { seed, numRuns: n });
    console.log(`amdgpu hex float differential: ${cases.length} cases, seed ${seed}`);
    const r = runLlvmMc(cases.map((c) => `.double ${c}\n`).join(''), { mcpu: 'gfx900' });
    assert.ok(r.ok, `seed ${seed}: llvm-mc-19 failed: ${r.stderr.slice(0, 500)}`);
    const quads = r.stdout
      .split('\n')
      .map((l) => /^\s*\.quad\s+(-?\d+)/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => BigInt.asUintN(64, BigInt(m[1]!)));
    assert.equal(quads.length, cases.length, `seed ${seed}`);
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i]!;
      const ours = bits(parseRealLiteral(c));
      assert.equal(ours, quads[i], `seed ${seed}: ${c.length > 200 ? c.slice(0, 100) + '…' + c.slice(-60) : c}`);
      // The operand reader reads the same token.
      assert.equal(bits(scanFloat(c, 0)!.value), quads[i], `seed ${seed}: scanFloat ${c.slice(0, 100)}`);
    }
  });

  test('a mantissa of 1,000,000 digits is read in linear time', () => {
    const long = `0x1.${'0'.repeat(13)}8${'0'.repeat(1_000_000)}1p0`;
    const { result: v, bytes } = allocatedDuring(() => parseRealLiteral(long));
    assert.equal(v, 1 + 2 ** -52); // the late 1 breaks the tie upwards
    // Judged by allocation, not time: a BigInt per digit allocates hundreds of gigabytes here (and
    // takes minutes); keeping 32 digits and a sticky bit allocates almost nothing.
    assert.ok(bytes < 16 << 20, `allocated ${(bytes / (1 << 20)).toFixed(1)} MB reading ${long.length} characters`);
  });
});
