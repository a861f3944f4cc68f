import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { scanFloat } from '../../../src/amdgpu/check/immediates.js';

// Spec "Floating-Point Numbers": hexadecimal form 0x[h]*(.[h]*)?[pP][+-]?d+, handled as a double
// (one round-to-nearest-even, subnormals included).
describe('amdgpu hexadecimal float operands', () => {
  const cases: [string, number][] = [
    ['0x.1afp10', 0x1af / 4096 * 1024],
    ['0x1afp-10', 0x1af / 1024],
    ['0x1p-1074', 2 ** -1074],
    ['0x1p-1075', 0], // exact tie below the smallest subnormal: to even (0)
    ['0x3p-1075', 2 * 2 ** -1074], // 1.5 ulps: tie to even (2 ulps)
    ['0x1.00000000000008p0', 1], // 1 + 2^-53: tie to even (1)
    ['0x1.000000000000080000000000000000000001p0', 1 + 2 ** -52], // sticky digit past 32 hex digits breaks the tie
    ['0x1.fffffffffffffp1023', Number.MAX_VALUE],
    ['0x1p1024', Infinity],
    ['0x0p0', 0], // no significant digit at all
    ['0x0.' + '0'.repeat(40) + '1p160', 0.0625], // leading zeros do not count against the 32 kept digits
    ['0x' + '0'.repeat(40) + '3p0', 3],
  ];
  for (const [text, want] of cases) {
    test(text, () => {
      const r = scanFloat(text, 0);
      assert.ok(r, `${text} should scan as a float`);
      assert.equal(r.value, want, text);
      assert.equal(r.end, text.length, text);
    });
  }
});
