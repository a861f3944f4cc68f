/**
 * The Syntax-block families (syntax.generated.ts) are built on first use: a check reads the
 * instruction forms prepared at build time (prepared.ts), so checking real PTX never builds them
 * (what keeps them out of every check's start-up). A test in its own process: nothing else here
 * asks for the families.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkPtxText } from '../../../src/ptx/index.js';
import { syntaxFamilies, syntaxFamiliesBuilt } from '../../../src/ptx/instructions/syntax.generated.js';
import { REPO_ROOT } from '../../harness/corpus.js';

test('checking PTX uses the prepared forms: the Syntax-block families are never built', () => {
  const dir = join(REPO_ROOT, 'examples');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ptx'));
  assert.ok(files.length >= 3, 'examples/*.ptx');
  let instructions = 0;
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'latin1');
    checkPtxText(f, text);
    instructions += text.split('\n').filter((l) => /^\s+[a-z]/.test(l)).length;
  }
  assert.ok(instructions > 50, `${instructions} instruction lines checked`);
  assert.equal(syntaxFamiliesBuilt(), false, 'a check built the Syntax-block families');
  // ...and the families are there when asked for, built once.
  assert.ok(syntaxFamilies().length > 100);
  assert.equal(syntaxFamilies(), syntaxFamilies());
  assert.equal(syntaxFamiliesBuilt(), true);
});
