/**
 * The instruction layer on LLVM's AMDGPU assembler tests (../shared/corpus/amdgpu/llvm-mc-tests,
 * every file and every -mcpu of its MANIFEST.tsv that llvm-mc-19 knows), line by line against
 * llvm-mc-19 itself: no gpuasm error of any kind (instruction layer, operands, directives, macros)
 * on a line llvm-mc-19 accepts (zero false errors), and the lines where llvm-mc-19 reports an error that gpuasm does not are
 * listed: they must be exactly KNOWN_MISSES (the misses are grouped by cause in docs/divergences.md).
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

/**
 * The llvm-mc-19 error lines gpuasm misses, exactly (`file mcpu line`), grouped by cause as in
 * docs/divergences.md ("MC-test lines still missed"): a new miss fails, and so does a miss that is
 * found now (take it off the list). 1 of 1,774 (69 at the start of session 9, before the MIMG
 * address, BVH and msaa_load rules, the GFX8 `_format_d16_xyz` data sizes, and the directive,
 * s_set_gpr_idx_on, FLAT atomic glc, neg()/abs() literal, interpolation, DPP, SMEM offset and MFMA
 * rules; 180 at the start of session 8; 526 before the MIMG, WMMA, VOPD, buffer d16, lds_direct,
 * exp and scalar-literal rules).
 */
const KNOWN_MISSES: readonly string[] = [];


const skip = sharedSkipReason ?? llvmMcSkipReason;
if (skip) console.log(skip);

test('LLVM MC tests: gpuasm errors only where llvm-mc-19 errs; errors found counted', { skip }, () => {
  const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'llvm-mc-tests');
  let mcLines = 0;
  let found = 0;
  let configs = 0;
  const missed: string[] = [];
  const falseErrors: string[] = [];
  for (const row of readManifest(join(dir, 'MANIFEST.tsv'))) {
    const { file, mcpu } = row as { file: string; mcpu: string };
    const mattr = row['mattr'] ?? '';
    if (!findTarget(mcpu) || /\+wavefrontsize64|real-true16|-mad-mix|-fast-fmaf/i.test(mattr)) continue;
    configs++;
    const text = readFileSync(join(dir, file), 'latin1');
    const mc = runLlvmMc(text, { mcpu, filetype: 'null', extraArgs: mattr ? [`-mattr=${mattr}`] : [] });
    const theirs = new Set(mc.messages.filter((m) => m.severity === 'error' && m.line && m.file !== '<instantiation>').map((m) => m.line!));
    const ours = checkAmdgpuText(file, text, { mcpu }).filter((d) => d.severity === 'error');
    const ourLines = new Set(ours.map((d) => d.location?.line ?? 0));
    mcLines += theirs.size;
    for (const l of theirs) {
      if (ourLines.has(l)) found++;
      else missed.push(`${file} ${mcpu} ${l}`);
    }
    for (const d of ours) {
      if (theirs.has(d.location!.line)) continue;
      falseErrors.push(`${file} (${mcpu}) line ${d.location!.line}: ${text.split('\n')[d.location!.line - 1]!.trim()} -- ${d.code} ${d.message}`);
    }
  }
  console.log(`llvm-mc tests, ${configs} file/-mcpu configurations: llvm-mc-19 rejects ${mcLines} lines, gpuasm ${found} of them, misses ${mcLines - found} (known ${KNOWN_MISSES.length}); ${falseErrors.length} gpuasm errors on lines llvm-mc-19 accepts`);
  assert.deepEqual(falseErrors.slice(0, 200), [], `${falseErrors.length} false errors`);
  const known = new Set(KNOWN_MISSES);
  const got = new Set(missed);
  assert.deepEqual(missed.filter((m) => !known.has(m)), [], 'new misses (lines llvm-mc-19 rejects and gpuasm accepts)');
  assert.deepEqual(KNOWN_MISSES.filter((m) => !got.has(m)), [], 'known misses now found: take them off KNOWN_MISSES');
});
