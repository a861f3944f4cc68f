// core/path.ts gives the same answers as Node's path.posix (the library cannot import node:path:
// it runs in browsers too), on hand-picked and random paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import fc from 'fast-check';
import { dirname, join, normalize } from '../../src/core/path.js';
import { fuzzRuns, fuzzSeed } from '../harness/tools.js';

const CASES = ['', '/', '//', 'a', 'a/', '/a', '/a/', 'a/b', 'a//b', 'a/./b', 'a/../b', '../a', '../../a/b', '/..', '/../a', 'a/..', 'a/b/../..', './', '.', '..', 'dir/main.ptx', '/abs/dir/f.ptx', 'x/y/z/', '//a//b//'];

test('normalize, dirname and join agree with path.posix on hand-picked paths', () => {
  for (const p of CASES) {
    assert.equal(normalize(p), posix.normalize(p), `normalize(${JSON.stringify(p)})`);
    assert.equal(dirname(p), posix.dirname(p), `dirname(${JSON.stringify(p)})`);
    for (const q of CASES) assert.equal(join(p, q), posix.join(p, q), `join(${JSON.stringify(p)}, ${JSON.stringify(q)})`);
  }
});

test('normalize, dirname and join agree with path.posix on random paths', () => {
  const seed = fuzzSeed();
  console.log(`core/path random paths: seed ${seed} (replay with GPUASM_SEED=${seed})`);
  const part = fc.constantFrom('', '.', '..', 'a', 'bc', 'd.h');
  const path = fc.array(part, { maxLength: 6 }).map((ps) => ps.join('/'));
  fc.assert(
    fc.property(path, path, (p, q) => {
      assert.equal(normalize(p), posix.normalize(p));
      assert.equal(dirname(p), posix.dirname(p));
      assert.equal(join(p, q), posix.join(p, q));
    }),
    { seed, numRuns: fuzzRuns(2000) },
  );
});
