/** `layoutPtx` reports what `checkPtxText` reports: e.g. a .version/.target mismatch only when nothing else is wrong. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtxText, layoutPtx } from '../../../src/ptx/index.js';

const mismatchAndDuplicate = '.version 6.0\n.target sm_90\n.address_size 64\n.global .u32 a = 1;\n.global .u32 a = 2;\n';
const mismatchOnly = '.version 6.0\n.target sm_90\n.address_size 64\n.global .u32 a = 1;\n';

test('layoutPtx and checkPtxText give the same diagnostics (PTX304 rule)', () => {
  for (const text of [mismatchAndDuplicate, mismatchOnly]) {
    const codes = (ds: { code: string }[]) => ds.map((d) => d.code);
    assert.deepEqual(codes(layoutPtx('v.ptx', text).diagnostics), codes(checkPtxText('v.ptx', text)), text);
  }
  assert.ok(!codes0(layoutPtx('v.ptx', mismatchAndDuplicate).diagnostics).includes('PTX304'));
  assert.ok(codes0(layoutPtx('v.ptx', mismatchOnly).diagnostics).includes('PTX304'));
});

function codes0(ds: { code: string }[]): string[] {
  return ds.map((d) => d.code);
}
