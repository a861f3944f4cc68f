/**
 * Corpus sweep of `checkPtxText`: every PTX file ptxas accepts (generated: MANIFEST `ptxas_verdict`
 * PASS...; public: `accepted` or `rejected-only:parse-only`, i.e. valid 32-bit PTX) checks with no
 * error. The public files ptxas really rejects (`rejected-genuine`) are counted: how many we reject
 * too, and how often our first error is on ptxas's first-error line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptedPtxFiles, readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { checkPtxText } from '../../../src/ptx/index.js';

/** Accepted files we still report errors on (relative to corpus/ptx). May only shrink; goal: empty. */
const KNOWN_FAILURES = new Set<string>([]);


const root = sharedDir() ? join(sharedDir()!, 'corpus', 'ptx') : undefined;
if (sharedSkipReason) console.log(sharedSkipReason);

function acceptedFiles(): string[] {
  return acceptedPtxFiles().map((f) => f.rel);
}

function firstError(rel: string): { line?: number; code?: string; message?: string; count: number; bytes: number } {
  const path = join(root!, rel);
  const text = readFileSync(path, 'latin1');
  const errors = checkPtxText(path, text).filter((d) => d.severity === 'error');
  return { line: errors[0]?.location?.line, code: errors[0]?.code, message: errors[0]?.message, count: errors.length, bytes: text.length };
}

test('every PTX file ptxas accepts passes checkPtxText', { skip: sharedSkipReason }, () => {
  const files = acceptedFiles();
  const unexpected: string[] = [];
  const fixed: string[] = [];
  let bytes = 0;
  for (const rel of files) {
    const r = firstError(rel);
    bytes += r.bytes;
    if (r.count > 0 && !KNOWN_FAILURES.has(rel)) unexpected.push(`${rel}:${r.line}: [${r.code}] ${r.message} (${r.count} errors)`);
    if (r.count === 0 && KNOWN_FAILURES.has(rel)) fixed.push(rel);
  }
  console.log(
    `ptx check corpus: ${files.length} accepted files (${bytes} bytes), ${files.length - unexpected.length - KNOWN_FAILURES.size + fixed.length} clean, ` +
      `${KNOWN_FAILURES.size} known failures`,
  );
  assert.ok(files.length > 0, 'no accepted files listed in the manifests');
  assert.deepEqual(unexpected, [], 'accepted files with errors');
  assert.deepEqual(fixed, [], 'known failures that now pass: remove them from KNOWN_FAILURES');
});

test('rejected-genuine public files: we reject them too, on ptxas line', { skip: sharedSkipReason }, () => {
  const pub = join(root!, 'public', 'MANIFEST.tsv');
  let total = 0;
  let rejected = 0;
  let sameLine = 0;
  let withLine = 0;
  const accepted: string[] = [];
  const otherLine: string[] = [];
  for (const r of readManifest(pub)) {
    if (r['classification'] !== 'rejected-genuine') continue;
    total++;
    const rel = `public/${r['path']}`;
    const got = firstError(rel);
    const m = /, line (\d+);/.exec(r['first_error'] ?? '');
    const expected = m ? Number(m[1]) : undefined;
    if (expected !== undefined) withLine++;
    if (got.count > 0) rejected++;
    else accepted.push(`${rel}: ptxas says ${r['first_error']}`);
    if (got.count > 0 && expected !== undefined && got.line === expected) sameLine++;
    else if (got.count > 0 && expected !== undefined) otherLine.push(`${rel}: ptxas line ${expected} (${r['first_error']}); we line ${got.line}`);
  }
  console.log(
    `ptx check corpus: rejected-genuine ${total} files, we reject ${rejected}, first error on ptxas's line ${sameLine} (of ${withLine} with a line)`,
  );
  // Every one refused, each on ptxas's first-error line where ptxas names one (no known failures).
  assert.ok(total > 0, 'no rejected-genuine files in the manifest');
  assert.deepEqual(accepted, [], 'rejected-genuine files we accept');
  assert.deepEqual(otherLine, [], "rejected-genuine files we refuse on another line than ptxas's first error");
  assert.equal(sameLine, withLine);
});

test('public files ptxas rejects only when linking the whole program: we reject them too', { skip: sharedSkipReason }, () => {
  // `rejected-only:compile-only`: ptxas -c accepts them; without -c (whole program, as gpuasm
  // checks) it cannot resolve a function they declare and call ("Unresolved extern function").
  const pub = join(root!, 'public', 'MANIFEST.tsv');
  const accepted: string[] = [];
  let total = 0;
  for (const r of readManifest(pub)) {
    if (!(r['classification'] ?? '').includes('compile-only') || !(r['first_error'] ?? '').includes('Unresolved extern function')) continue;
    total++;
    const got = firstError(`public/${r['path']}`);
    if (got.code !== 'PTX348') accepted.push(`public/${r['path']}: ${got.code ?? 'accepted'} (ptxas: ${r['first_error']})`);
  }
  console.log(`ptx check corpus: ${total} files ptxas rejects for an unresolved function`);
  assert.ok(total > 0, 'the manifest lists no such file');
  assert.deepEqual(accepted, []);
});
