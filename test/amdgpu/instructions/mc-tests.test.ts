/**
 * The instruction layer on LLVM's AMDGPU assembler tests (../shared/corpus/amdgpu/llvm-mc-tests,
 * every file and every -mcpu of its MANIFEST.tsv that llvm-mc-19 knows), line by line against
 * llvm-mc-19 itself: no error of the instruction layer (AMD5xx) on a line llvm-mc-19 accepts
 * (zero false errors), and the lines where llvm-mc-19 reports an error that gpuasm does not are
 * counted: that count may not exceed its allowance (lower it as rules are added; the misses are
 * listed by cause in docs/divergences.md).
 *
 * RUN configurations with -mattr features gpuasm has no option for (wave64 on GFX10+, real-true16,
 * features turned off) are left out: gpuasm checks the processor's default features.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText, findTarget } from '../../../src/amdgpu/index.js';

/** llvm-mc-19 error lines that gpuasm misses, at most (measured: 72 of 1,774; 81 before op_sel list values, 85 before negative integer literals, 102 before hwreg names per GPU, 111 before special registers were sized, 128 before GFX12 th:/scope: values, 137 before source modifiers were checked, 180 before kernel blocks ended at their first error; 526 before the MIMG, WMMA, VOPD, buffer d16, lds_direct, exp, scalar-literal rules). */
const MISSED_MAX = 72;

const skip = sharedSkipReason ?? llvmMcSkipReason;
if (skip) console.log(skip);

test('LLVM MC tests: instruction-layer errors only where llvm-mc-19 errs; errors found counted', { skip }, () => {
  const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'llvm-mc-tests');
  let mcLines = 0;
  let found = 0;
  let configs = 0;
  const falseErrors: string[] = [];
  for (const row of readManifest(join(dir, 'MANIFEST.tsv'))) {
    const { file, mcpu } = row as { file: string; mcpu: string };
    const mattr = row['mattr'] ?? '';
    if (!findTarget(mcpu) || /\+wavefrontsize64|real-true16|-mad-mix|-fast-fmaf/i.test(mattr)) continue;
    configs++;
    const text = readFileSync(join(dir, file), 'latin1');
    const mc = runLlvmMc(text, { mcpu, filetype: 'null', extraArgs: mattr ? [`-mattr=${mattr}`] : [] });
    const theirs = new Set(mc.messages.filter((m) => m.severity === 'error' && m.line).map((m) => m.line!));
    const ours = checkAmdgpuText(file, text, { mcpu }).filter((d) => d.severity === 'error');
    const ourLines = new Set(ours.map((d) => d.location?.line ?? 0));
    mcLines += theirs.size;
    for (const l of theirs) if (ourLines.has(l)) found++;
    for (const d of ours) {
      if (!/^AMD5\d\d$/.test(d.code) || theirs.has(d.location!.line)) continue;
      falseErrors.push(`${file} (${mcpu}) line ${d.location!.line}: ${text.split('\n')[d.location!.line - 1]!.trim()} -- ${d.code} ${d.message}`);
    }
  }
  console.log(`llvm-mc tests, ${configs} file/-mcpu configurations: llvm-mc-19 rejects ${mcLines} lines, gpuasm ${found} of them, misses ${mcLines - found} (allowance ${MISSED_MAX}); ${falseErrors.length} instruction-layer errors on lines llvm-mc-19 accepts`);
  assert.deepEqual(falseErrors.slice(0, 20), [], `${falseErrors.length} false errors`);
  assert.ok(mcLines - found <= MISSED_MAX, `missed ${mcLines - found} > allowance ${MISSED_MAX}`);
});
