import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SourceFile, tokenExcerpt } from '../../src/core/source.js';

test('tokenExcerpt quotes the first line only, the same for CRLF and LF', () => {
  const lf = 'x "abc\ndef" y';
  const crlf = 'x "abc\r\ndef" y';
  assert.equal(tokenExcerpt(lf, 2, 11), '"abc');
  assert.equal(tokenExcerpt(crlf, 2, 12), '"abc');
  assert.equal(tokenExcerpt('0123456789', 0, 10, 4), '0123');
  assert.equal(tokenExcerpt('abc', 0, 3), 'abc');
});

test('line table: lines, columns and line texts with CRLF', () => {
  const f = new SourceFile('f', 'a\r\nbc\nd');
  assert.deepEqual(f.lineAndColumn(0), { line: 1, column: 1 });
  assert.deepEqual(f.lineAndColumn(4), { line: 2, column: 2 });
  assert.deepEqual(f.lineAndColumn(6), { line: 3, column: 1 });
  assert.equal(f.lineText(1), 'a');
  assert.equal(f.lineText(2), 'bc');
  assert.equal(f.lineText(3), 'd');
});
