/**
 * Corpus sweep: every .ptx under ../shared/corpus/ptx parses; files ptxas accepts parse with no
 * syntax error and survive print -> parse unchanged (spans aside).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sharedDir, sharedSkipReason, readManifest } from '../harness/corpus.js';
import { parseModule } from '../../src/ptx/parser.js';
import { printModule } from '../../src/ptx/printer.js';
import { DiagnosticBag } from '../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../src/core/source.js';

/** Accepted files we still fail on (relative to corpus/ptx). May only shrink; goal: empty. */
const KNOWN_FAILURES = new Set<string>([]);

/** JSON of a tree without spans, source, and with bigints spelled out, for equality. */
export function stripSpans(x: unknown): string {
  return JSON.stringify(x, (k, v) =>
    k === 'span' || k === 'nameSpan' || k === 'typeSpan' || k === 'opcodeSpan' || k === 'source'
      ? undefined
      : typeof v === 'bigint'
        ? `${v}n`
        : v,
  );
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.ptx')) out.push(p);
  }
  return out;
}

function acceptedSet(root: string): Set<string> {
  const acc = new Set<string>();
  const gen = join(root, 'generated', 'MANIFEST.tsv');
  if (existsSync(gen))
    for (const r of readManifest(gen)) if ((r['ptxas_verdict'] ?? '').startsWith('PASS')) acc.add(`generated/${r['file']}`);
  const pub = join(root, 'public', 'MANIFEST.tsv');
  if (existsSync(pub))
    for (const r of readManifest(pub)) {
      const c = r['classification'] ?? '';
      if (c === 'accepted' || c === 'rejected-only:parse-only') acc.add(`public/${r['path']}`);
    }
  return acc;
}

test('PTX corpus: accepted files parse cleanly and round-trip', { skip: sharedSkipReason }, () => {
  if (sharedSkipReason) {
    console.log(sharedSkipReason);
    return;
  }
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const accepted = acceptedSet(root);
  const files = walk(root);
  let parsedClean = 0;
  let roundTripped = 0;
  let acceptedSeen = 0;
  let bytes = 0;
  let ms = 0;
  const failures: string[] = [];
  const fixed: string[] = [];
  for (const f of files) {
    const rel = relative(root, f);
    const text = readFileSync(f, 'latin1');
    const bag = new DiagnosticBag();
    const t0 = performance.now();
    const m = parseModule(unmapped(new SourceFile(rel, text)), bag);
    ms += performance.now() - t0;
    bytes += text.length;
    const isAccepted = accepted.has(rel);
    if (isAccepted) acceptedSeen++;
    let problem: string | undefined;
    if (bag.items.length === 0) {
      parsedClean++;
      const printed = printModule(m);
      const bag2 = new DiagnosticBag();
      const m2 = parseModule(unmapped(new SourceFile(rel + ' (printed)', printed)), bag2);
      if (bag2.items.length) problem = `printed text does not parse: ${bag2.items[0]!.message} at line ${bag2.items[0]!.location?.line}`;
      else if (stripSpans(m.items) !== stripSpans(m2.items)) problem = 'round trip changed the tree';
      else roundTripped++;
    } else if (isAccepted) {
      const d = bag.items[0]!;
      problem = `${d.code} line ${d.location?.line}: ${d.message}`;
    }
    if (problem && (isAccepted || problem.startsWith('printed') || problem.startsWith('round'))) {
      if (!KNOWN_FAILURES.has(rel)) failures.push(`${rel}: ${problem}`);
    } else if (KNOWN_FAILURES.has(rel)) fixed.push(rel);
  }
  console.log(
    `ptx corpus: ${files.length} files (${(bytes / 1e6).toFixed(1)} MB), ${acceptedSeen} accepted by ptxas, ` +
      `${parsedClean} parse with no diagnostic, ${roundTripped} round-trip equal; ` +
      `parse ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s; known failures ${KNOWN_FAILURES.size}`,
  );
  assert.deepEqual(failures, [], `new failures:\n${failures.join('\n')}`);
  assert.deepEqual(fixed, [], `now passing, remove from KNOWN_FAILURES:\n${fixed.join('\n')}`);
});
