/**
 * Corpus sweep: every ptxas-accepted corpus file with module-scope initializers is laid out by
 * gpuasm and assembled by ptxas (its MANIFEST arch, whole-program); every initialized variable
 * ptxas keeps must have identical bytes, size and relocations. The sweep is bounded by a count of
 * files, not by time: all of today's corpus (77 files, about 30 s), smallest first up to MAX_FILES.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { acceptedPtxFiles, listFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { cubinVariables } from '../../harness/cubin.js';
import { compareLayouts } from '../../harness/ptx-layout-diff.js';
import { layoutPtx } from '../../../src/ptx/index.js';

/** Files assembled at most; taken smallest first, the rest counted as left out (a fixed bound, never a time). */
const MAX_FILES = 150;

/** A module-scope .global/.const declaration with `=` (nvcc writes one per line). */
const INITIALIZED = /^\s*(?:\.(?:visible|weak|common)\s+)?\.(?:global|const)\b[^;]*=/m;


/** Accepted files (whole-program, not `ptxas -c`) with the arch to assemble them for. */
function acceptedFiles(): Map<string, string> {
  return new Map(acceptedPtxFiles().filter((f) => !f.compileOnly && !f.parseOnly).map((f) => [f.rel, f.arch]));
}

const skip = sharedSkipReason ?? ptxasSkipReason;
if (skip) console.log(skip);

test('corpus: initialized variables lay out as ptxas writes them', { skip }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const accepted = acceptedFiles();
  const files = listFiles(root, '.ptx')
    .map((p) => ({ p, rel: relative(root, p), size: statSync(p).size }))
    .filter((f) => accepted.has(f.rel))
    .sort((a, b) => a.size - b.size || (a.rel < b.rel ? -1 : 1));
  let withInit = 0;
  let compared = 0;
  let variables = 0;
  let leftOut = 0;
  let gpuasmErrors = 0;
  const failures: string[] = [];
  for (const f of files) {
    const text = readFileSync(f.p, 'latin1');
    if (!INITIALIZED.test(text)) continue;
    withInit++;
    if (withInit > MAX_FILES) {
      leftOut++;
      continue;
    }
    const ours = layoutPtx(f.rel, text);
    const errs = ours.diagnostics.filter((d) => d.severity === 'error');
    if (errs.length) {
      // The module checker's verdict on accepted files is swept by its own suite; count it here.
      gpuasmErrors++;
      failures.push(`${f.rel}: gpuasm reports ${errs[0]!.code} ${errs[0]!.message} (line ${errs[0]!.location?.line})`);
      continue;
    }
    const r = runPtxas(text, { arch: accepted.get(f.rel)!, keepCubin: true, name: 'corpus' });
    if (!r.ok || !r.cubin) continue; // e.g. an arch this ptxas build lacks: the verdict suite covers it
    const theirs = cubinVariables(r.cubin);
    // Variables ptxas optimized away are not compared; so are uninitialized ones (all zero anyway).
    const initialized = ours.variables.filter((v) => theirs.has(v.name) && /[^0]/.test(v.hex + (v.relocations.length ? 'x' : '')));
    variables += initialized.length;
    compared++;
    failures.push(...compareLayouts(initialized, theirs, (n) => `${f.rel}: ${n}`, { ignoreFunctionValues: true }));
  }
  console.log(
    `ptx layout corpus: ${compared} files assembled of ${withInit} accepted files with initializers (${leftOut} left out beyond the first ${MAX_FILES}), ${variables} initialized variables compared, ${gpuasmErrors} rejected by gpuasm`,
  );
  assert.equal(failures.length, 0, `${failures.length} mismatches:\n${failures.slice(0, 15).join('\n')}`);
});
