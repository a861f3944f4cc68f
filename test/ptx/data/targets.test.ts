/**
 * `.version` ranges as printed in messages (PTX301): formatted from SUPPORTED_VERSIONS, so the message
 * cannot drift from the table the check uses.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkPtxText } from '../../../src/ptx/index.js';
import { formatVersionRanges, MAX_PTX_VERSION, SUPPORTED_VERSIONS, versionCode } from '../../../src/ptx/data/targets.js';
import { fuzzSeed } from '../../harness/tools.js';

/** Reads "1.0-1.5, 2.0 and 3.1-3.2" back into version codes. */
function parseRanges(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(/, | and /)) {
    const [from, to = from] = part.split('-') as [string, string?];
    const code = (v: string) => {
      const [major, minor] = v.split('.').map(Number) as [number, number];
      return versionCode(major, minor);
    };
    for (let c = code(from); c <= code(to); c++) out.push(c);
  }
  return out;
}

describe('formatVersionRanges', () => {
  test('formats the supported table as ptxas ranges', () => {
    assert.equal(formatVersionRanges(), '1.0-1.5, 2.0-2.3, 3.0-3.2, 4.0-4.3, 5.0-5.1, 6.0-6.5, 7.0-7.8, 8.0-8.8 and 9.0');
    assert.deepEqual(parseRanges(formatVersionRanges()), [...SUPPORTED_VERSIONS].sort((a, b) => a - b));
    assert.ok(formatVersionRanges().endsWith(MAX_PTX_VERSION), 'the newest version closes the list');
  });

  test('small inputs', () => {
    assert.equal(formatVersionRanges([]), '');
    assert.equal(formatVersionRanges([90]), '9.0');
    assert.equal(formatVersionRanges([10, 11]), '1.0-1.1');
    assert.equal(formatVersionRanges([12, 10, 11, 14]), '1.0-1.2 and 1.4');
    // 1.9 and 2.0 are consecutive codes but different majors: two ranges.
    assert.equal(formatVersionRanges([18, 19, 20, 21]), '1.8-1.9 and 2.0-2.1');
    assert.equal(formatVersionRanges([30, 40, 50]), '3.0, 4.0 and 5.0');
  });

  test('round trip on random sets of versions', () => {
    const seed = fuzzSeed();
    const codes = fc.uniqueArray(fc.integer({ min: 10, max: 99 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(codes, (cs) => {
        const sorted = [...cs].sort((a, b) => a - b);
        assert.deepEqual(parseRanges(formatVersionRanges(cs)), sorted, `seed ${seed}`);
      }),
      { seed, numRuns: 300 },
    );
  });

  test('PTX301 lists the ranges from the table', () => {
    const d = checkPtxText('v.ptx', '.version 9.1\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n');
    assert.equal(d[0]?.code, 'PTX301');
    assert.ok(d[0]!.message.endsWith(`ptxas accepts ${formatVersionRanges()}`), d[0]!.message);
  });
});
