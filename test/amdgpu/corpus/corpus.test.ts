/**
 * Corpus sweep: every clang-generated AMDGPU file in ../shared/corpus/amdgpu/generated (all
 * assembled cleanly by llvm-mc-19; MANIFEST.tsv gives each file's -mcpu, and its triple where a
 * `triple` column exists, else clang's amdgcn-amd-amdhsa) must pass `checkAmdgpuText` without an
 * error under that triple; and re-targeted to each other triple (test/harness/amdgpu-retarget.ts,
 * the directives of that OS in place of the HSA ones) as well. KNOWN_FAILURES may only shrink
 * (goal: empty). (test/amdgpu/diff/triples.test.ts has llvm-mc-19 check the re-targeted files.)
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { checkAmdgpuText, parseAmdgpu } from '../../../src/amdgpu/index.js';
import { OTHER_TRIPLES, retarget } from '../../harness/amdgpu-retarget.js';

/** Files that still report an error, with the reason. Empty: every file passes. */
const KNOWN_FAILURES = new Map<string, string>();

describe('AMDGPU corpus sweep (clang output)', () => {
  if (sharedSkipReason) console.log(sharedSkipReason);
  test('every generated file checks clean for its --mcpu', { skip: sharedSkipReason }, () => {
    const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'generated');
    const rows = readManifest(join(dir, 'MANIFEST.tsv'));
    const failures: string[] = [];
    let bytes = 0;
    let statements = 0;
    for (const row of rows) {
      const file = row['file']!;
      const text = readFileSync(join(dir, file), 'latin1');
      bytes += text.length;
      const diags = checkAmdgpuText(file, text, { mcpu: row['mcpu']!, triple: row['triple'] || 'amdgcn-amd-amdhsa' }).filter((d) => d.severity === 'error');
      const known = KNOWN_FAILURES.has(file);
      if (diags.length && !known) failures.push(`${file}:${diags[0]!.location?.line}:${diags[0]!.location?.column}: ${diags[0]!.message} [${diags[0]!.code}]`);
      if (!diags.length && known) failures.push(`${file} now passes: remove it from KNOWN_FAILURES`);
    }
    for (const row of rows.slice(0, 20)) statements += parseAmdgpu(row['file']!, readFileSync(join(dir, row['file']!), 'latin1')).file.statements.length;
    console.log(`amdgpu corpus: ${rows.length} files, ${bytes} bytes checked, ${failures.length} failures, ${KNOWN_FAILURES.size} known (${statements} statements in the first 20 files)`);
    assert.deepEqual(failures, []);
  });

  test('every generated file re-targeted to each other triple checks clean', { skip: sharedSkipReason }, () => {
    const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'generated');
    const rows = readManifest(join(dir, 'MANIFEST.tsv'));
    const failures: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const text = readFileSync(join(dir, row['file']!), 'latin1');
      for (const triple of OTHER_TRIPLES) {
        const diags = checkAmdgpuText(row['file']!, retarget(text, row['mcpu']!, triple), { mcpu: row['mcpu']!, triple }).filter((d) => d.severity === 'error');
        checked++;
        if (diags.length) failures.push(`${row['file']} as ${triple}:${diags[0]!.location?.line}:${diags[0]!.location?.column}: ${diags[0]!.message} [${diags[0]!.code}]`);
      }
    }
    console.log(`amdgpu corpus re-targeted: ${checked} file/triple pairs (${OTHER_TRIPLES.length} triples), ${failures.length} failures`);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures`);
  });
});
