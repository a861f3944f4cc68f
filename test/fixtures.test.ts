/**
 * Fixture tier: files under test/fixtures/{ptx,amdgpu} with inline `expect-error:` / `expect-warning:`
 * comments (see test/fixtures/expect.ts). Each fixture is checked twice:
 *   1. gpuasm reports exactly the expected diagnostics (line + message substring), nothing else;
 *   2. the reference tool (ptxas / llvm-mc-19) reports errors on exactly the expected lines, so the
 *      fixture itself is right. Skipped with a printed reason when the tool is absent.
 * Files with no expectations must check clean (and assemble cleanly).
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './harness/corpus.js';
import { llvmMcSkipReason, ptxasSkipReason } from './harness/tools.js';
import { checkPtxText } from '../src/ptx/index.js';
import { checkAmdgpuText } from '../src/amdgpu/index.js';
import { compareWithExpectations, parseFixture, ptxOptionsFromHeader } from './fixtures/expect.js';
import { crossCheckLlvmMc, crossCheckPtxas } from './fixtures/reference.js';
// Node's host: #include reads the file system and the two-thread check has its worker (core/host.ts).
import '../src/node/host.js';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');

function list(dir: string, ext: string): string[] {
  try {
    return readdirSync(join(FIXTURES, dir))
      .filter((f) => f.endsWith(ext))
      .sort()
      .map((f) => join(FIXTURES, dir, f));
  } catch {
    return [];
  }
}

/** Skip reason while a front end is still the skeleton's "not implemented" stub. */

for (const r of [ptxasSkipReason, llvmMcSkipReason]) if (r) console.log(r);

const ptxFiles = list('ptx', '.ptx');
const amdFiles = list('amdgpu', '.s');
const rel = (p: string) => p.slice(REPO_ROOT.length + 1);

/** Expectations written inside an included fixture file (only files under test/fixtures). */
function expectationsOfIncluded(path: string) {
  const abs = resolve(path);
  if (!abs.startsWith(FIXTURES + '/')) return undefined;
  try {
    return parseFixture(readFileSync(abs, 'latin1')).expectations;
  } catch {
    return undefined;
  }
}

describe('fixtures: gpuasm check', () => {
  test('fixture files are present', () => {
    assert.ok(ptxFiles.length >= 20, `only ${ptxFiles.length} PTX fixtures`);
    assert.ok(amdFiles.length >= 8, `only ${amdFiles.length} AMDGPU fixtures`);
    console.log(`fixtures: ${ptxFiles.length} PTX, ${amdFiles.length} AMDGPU`);
  });

  for (const file of ptxFiles) {
    test(`ptx ${rel(file)}`, () => {
      const text = readFileSync(file, 'latin1');
      const { expectations, header } = parseFixture(text);
      const options = ptxOptionsFromHeader(header);
      // -I directories in a header are relative to the repository root, whatever the cwd.
      options.includeDirs = options.includeDirs.map((d) => resolve(REPO_ROOT, d));
      const diags = checkPtxText(resolve(file), text, options);
      const problems = compareWithExpectations(resolve(file), diags, expectations, expectationsOfIncluded);
      assert.deepEqual(problems, [], `${rel(file)}:\n  ${problems.join('\n  ')}`);
    });
  }

  for (const file of amdFiles) {
    test(`amdgpu ${rel(file)}`, () => {
      const text = readFileSync(file, 'latin1');
      const { expectations, header } = parseFixture(text);
      const diags = checkAmdgpuText(resolve(file), text, { mcpu: header.mcpu ?? 'gfx900' });
      const problems = compareWithExpectations(resolve(file), diags, expectations);
      assert.deepEqual(problems, [], `${rel(file)}:\n  ${problems.join('\n  ')}`);
    });
  }
});

describe('fixtures: expectations agree with the reference tools', () => {
  let ptxasRuns = 0;
  for (const file of ptxFiles) {
    const text = readFileSync(file, 'latin1');
    const { expectations, header } = parseFixture(text);
    const skip = ptxasSkipReason ?? (header.reference === 'none' ? `reference: none ${header.referenceWhy ?? ''}`.trim() : undefined);
    test(`ptxas ${rel(file)}`, { skip }, () => {
      const { problems, runs } = crossCheckPtxas(text, header, expectations);
      ptxasRuns += runs;
      assert.deepEqual(problems, [], `${rel(file)}:\n  ${problems.join('\n  ')}`);
    });
  }
  for (const file of amdFiles) {
    const text = readFileSync(file, 'latin1');
    const { expectations, header } = parseFixture(text);
    const skip = llvmMcSkipReason ?? (header.reference === 'none' ? `reference: none ${header.referenceWhy ?? ''}`.trim() : undefined);
    test(`llvm-mc ${rel(file)}`, { skip }, () => {
      const { problems } = crossCheckLlvmMc(text, header.mcpu ?? 'gfx900', expectations);
      assert.deepEqual(problems, [], `${rel(file)}:\n  ${problems.join('\n  ')}`);
    });
  }
  after(() => console.log(`fixtures: ${ptxasRuns} ptxas runs cross-checked ${ptxFiles.length} PTX fixtures, ${amdFiles.length} AMDGPU fixtures against llvm-mc-19`));
});
