/**
 * Corpus sweep of separate compilation (`compileOnly`, CLI `-c`) against `ptxas -c`. Which files
 * ptxas -c accepts is found here, by running it (nothing is cached in the repository): every file of
 * ../shared/corpus/ptx (public: each manifest row but the ptxas crash and the 32-bit files;
 * generated: the PASS rows) at its manifest arch (`ptxas_arch`, or `target`). 32-bit PTX
 * (`rejected-only:parse-only`) cannot be compiled by ptxas 13 at any sm_XY, -c or not, and at
 * compute_XY (no code generated) ptxas -c applies its .version 3.1 rule to some files and not to
 * others: no reference to follow, so they are left out.
 *
 * - every file ptxas -c accepts checks clean with compileOnly (none may be a known failure);
 * - every file ptxas accepts without -c (manifest) but refuses with -c has an error with
 *   compileOnly too (what -c needs: `.version` 3.1 or later, the ABI);
 * - the files ptxas rejects only for whole-program linking (`rejected-only:compile-only`) still
 *   have an error without compileOnly.
 * Files that need a rewrite first (`.version 9.0`, a renamed arch) are not -c-accepted as they are,
 * so ptxas -c refuses them here and they are not in the first set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { checkPtxText } from '../../../src/ptx/index.js';

/** Files ptxas -c accepts that we still report errors on with compileOnly (relative to corpus/ptx). Must stay empty. */
const KNOWN_FAILURES = new Set<string>([]);

const skip = sharedSkipReason ?? ptxasSkipReason;
if (skip) console.log(`ptx compile-only corpus: ${skip}`);

interface CorpusFile {
  rel: string;
  arch: string;
  /** ptxas (without -c) accepts it, per the manifest. */
  wholeAccepted: boolean;
  classification: string;
}

function corpusFiles(): CorpusFile[] {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const out: CorpusFile[] = [];
  const pub = join(root, 'public', 'MANIFEST.tsv');
  if (existsSync(pub))
    for (const r of readManifest(pub)) {
      const c = r['classification'] ?? '';
      if (c.startsWith('ptxas-crash') || c === 'rejected-only:parse-only') continue;
      out.push({ rel: `public/${r['path']}`, arch: r['ptxas_arch'] || 'sm_80', wholeAccepted: c === 'accepted', classification: c });
    }
  const gen = join(root, 'generated', 'MANIFEST.tsv');
  if (existsSync(gen))
    for (const r of readManifest(gen)) {
      const v = r['ptxas_verdict'] ?? '';
      if (!v.startsWith('PASS')) continue;
      out.push({ rel: `generated/${r['file']}`, arch: r['target'] || 'sm_80', wholeAccepted: !v.includes('-c'), classification: v });
    }
  return out;
}

function errors(path: string, text: string, compileOnly: boolean) {
  return checkPtxText(path, text, { compileOnly }).filter((d) => d.severity === 'error');
}

test('ptx corpus under -c: gpuasm -c agrees with ptxas -c', { skip }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const files = corpusFiles();
  const falseErrors: string[] = [];
  const fixed: string[] = [];
  const missed: string[] = [];
  const stillWhole: string[] = [];
  let cAccepted = 0;
  let cOnlyRejected = 0;
  let linkOnly = 0;
  for (const f of files) {
    const path = join(root, f.rel);
    const text = readFileSync(path, 'latin1');
    const ref = runPtxas(text, { arch: f.arch, compileOnly: true, name: 'cc' });
    const ours = errors(path, text, true);
    if (ref.ok) {
      cAccepted++;
      if (ours.length > 0 && !KNOWN_FAILURES.has(f.rel)) falseErrors.push(`${f.rel}:${ours[0]!.location?.line}: [${ours[0]!.code}] ${ours[0]!.message}`);
      if (ours.length === 0 && KNOWN_FAILURES.has(f.rel)) fixed.push(f.rel);
      // Rejected without -c only for linking: without compileOnly we must still refuse it.
      if (f.classification === 'rejected-only:compile-only') {
        linkOnly++;
        if (errors(path, text, false).length === 0) stillWhole.push(`${f.rel}: no error without -c (ptxas: ${ref.stderr.trim().split('\n')[0] ?? ''})`);
      }
    } else if (f.wholeAccepted) {
      // Valid as a whole program, refused by ptxas -c: for what -c needs (.version 3.1, the ABI).
      cOnlyRejected++;
      if (ours.length === 0) missed.push(`${f.rel}: ptxas -c says ${ref.stderr.trim().split('\n').filter((l) => /fatal|error/.test(l))[0] ?? ref.stderr.trim()}`);
    }
  }
  console.log(
    `ptx compile-only corpus: ${files.length} files; ptxas -c accepts ${cAccepted} (${linkOnly} of them only with -c), ` +
      `refuses ${cOnlyRejected} it accepts without -c; gpuasm -c false errors ${falseErrors.length}, missed ${missed.length}`,
  );
  assert.ok(cAccepted > 0 && linkOnly > 0 && cOnlyRejected > 0, 'the corpus no longer exercises -c (no accepted, link-only or -c-refused files)');
  assert.deepEqual(falseErrors, [], 'files ptxas -c accepts with errors under compileOnly');
  assert.deepEqual(fixed, [], 'known failures that now pass: remove them from KNOWN_FAILURES');
  if (missed.length) console.log(`  ptxas -c refuses, gpuasm -c accepts (${missed.length}):\n  ` + missed.slice(0, 5).join('\n  '));
  assert.deepEqual(missed, [], `${missed.length} files ptxas -c refuses (but accepts without -c) that gpuasm -c accepts`);
  assert.deepEqual(stillWhole, [], 'files ptxas refuses without -c that gpuasm accepts without compileOnly');
});
