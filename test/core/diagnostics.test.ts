/** Core diagnostics: a message is one line, whatever line ends the text it quotes had. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticBag, oneLineMessage } from '../../src/core/diagnostics.js';
import { defineCatalog, diagnostic } from '../../src/core/catalog.js';

const CATALOG = defineCatalog({ X001: { severity: 'error', summary: 'a test code' } });

test('a line end in a message is written \\n, the same for LF, CRLF and CR', () => {
  for (const end of ['\n', '\r\n', '\r']) {
    const message = `unknown directive '.text${end}\t.x'`;
    assert.equal(oneLineMessage(message), "unknown directive '.text\\n\t.x'");
    const bag = new DiagnosticBag();
    bag.error('PTX201', message);
    bag.warning('PTX201', message, { file: 'f', line: 1, column: 1 });
    bag.add({ severity: 'note', code: 'PTX201', message, location: { file: 'f', line: 1, column: 2 } });
    assert.deepEqual(bag.items.map((d) => d.message), [oneLineMessage(message), oneLineMessage(message), oneLineMessage(message)]);
    assert.equal(diagnostic(CATALOG, 'X001', message).message, oneLineMessage(message));
  }
  assert.equal(oneLineMessage('no line end'), 'no line end');
});
