/** Core diagnostics: a message is one line, whatever line ends the text it quotes had. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticBag, oneLineMessage } from '../../src/core/diagnostics.js';
import { defineCatalog, diagnostic } from '../../src/core/catalog.js';
import type { PtxCode } from '../../src/ptx/diagnostics.js';

const CATALOG = defineCatalog({ X001: { severity: 'error', summary: 'a test code' } });

test('a line end in a message is written \\n, the same for LF, CRLF and CR', () => {
  for (const end of ['\n', '\r\n', '\r']) {
    const message = `unknown directive '.text${end}\t.x'`;
    assert.equal(oneLineMessage(message), "unknown directive '.text\\n\t.x'");
    const bag = new DiagnosticBag<PtxCode>();
    bag.error('PTX201', message);
    bag.warning('PTX201', message, { file: 'f', line: 1, column: 1 });
    bag.add({ severity: 'note', code: 'PTX201', message, location: { file: 'f', line: 1, column: 2 } });
    assert.deepEqual(bag.items.map((d) => d.message), [oneLineMessage(message), oneLineMessage(message), oneLineMessage(message)]);
    assert.equal(diagnostic(CATALOG, 'X001', message).message, oneLineMessage(message));
  }
  assert.equal(oneLineMessage('no line end'), 'no line end');
});

test('a bag takes only the codes of its catalog (checked by the compiler)', () => {
  const typed = new DiagnosticBag<PtxCode>();
  const untyped = new DiagnosticBag();
  // Never called: tsc fails the build when one of these lines compiles.
  const wrong = () => {
    // @ts-expect-error: PTX9999 is no PTX code
    typed.error('PTX9999', 'x');
    // @ts-expect-error: AMDGPU codes are not PTX codes
    typed.warning('AMD205', 'x');
    // @ts-expect-error: a bag without a catalog takes no code (report through the catalog)
    untyped.error('PTX201', 'x');
  };
  assert.equal(typeof wrong, 'function');
  typed.error('PTX201', 'x');
  assert.deepEqual(typed.items.map((d) => [d.severity, d.code]), [['error', 'PTX201']]);
});
