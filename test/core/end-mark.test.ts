/** src/core/end-mark.ts: which bytes a lexer may scan in place (a view one byte longer), which it must copy. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withEndMark } from '../../src/core/end-mark.js';

test('withEndMark: a view one byte longer for bytes alone in a buffer ending in 0, undefined otherwise', () => {
  const marked = new Uint8Array(4);
  marked.set([97, 98, 99]);
  const view = withEndMark(marked.subarray(0, 3), 3);
  assert.ok(view);
  assert.equal(view.length, 4);
  assert.equal(view[3], 0);
  assert.equal(view.buffer, marked.buffer, 'the same memory, no copy');
  // The wrong length, an offset, a larger buffer, a last byte that is not 0: no view.
  assert.equal(withEndMark(marked.subarray(0, 3), 2), undefined);
  assert.equal(withEndMark(marked.subarray(1, 3), 2), undefined);
  assert.equal(withEndMark(new Uint8Array(5).subarray(0, 3), 3), undefined);
  const notZero = new Uint8Array(4);
  notZero[3] = 65;
  assert.equal(withEndMark(notZero.subarray(0, 3), 3), undefined);
  assert.equal(withEndMark(new Uint8Array(3), 3), undefined, 'exact-length bytes (no room for the mark)');
});
