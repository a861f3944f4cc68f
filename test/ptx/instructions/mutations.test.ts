/**
 * Differential test of the PTX instruction layer against ptxas: one instruction-level break
 * (test/harness/ptx-insn-mutate.ts: a wrong type suffix, an operand dropped or added, a register
 * of another declared type, a stray modifier, another state space or vector width, an older
 * `.target` or `.version`, a special register or WARP_SZ for a register, the sink `_` for a first operand) in a ptxas-accepted corpus file. Compared: the verdict and the first
 * error's line. Required: no false error (gpuasm never refuses what ptxas accepts), no error on
 * another line than ptxas's first from this layer (PTX5xx) and no missed break (ptxas refuses,
 * gpuasm accepts; counted and printed per kind); disagreements whose first
 * error of ours comes from a check outside this layer (PTX304, which ptxas reports after the
 * instructions' errors; PTX307, `.loc` with inlined_at on an old .version) are counted and printed,
 * bounded by MAX_OTHER_SHARE. A first error ptxas finds in its own macro text (`<macro util>`) has
 * no line of the file (test/harness/tools.ts). Replay with GPUASM_SEED; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import { appendFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { sharedSkipReason } from '../../harness/corpus.js';
import { fuzzRuns, fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { INSN_MUTATIONS, mutateInsn, prepareInsnFile, type InsnMutation } from '../../harness/ptx-insn-mutate.js';
import { mutatedCorpusCases } from '../../harness/ptx-corpus-mutations.js';
import { checkPtxText } from '../../../src/ptx/index.js';

/** Files at most this large (ptxas time grows with the file). */
const MAX_BYTES = 12_000;
/*
 * Misses (ptxas refuses, gpuasm accepts) are not tolerated. History: session 9 bounded them by 0.2%
 * of the refusals (3 misses over 45 seeds); sessions 10-12 ran fresh seeds 100-173, 500-586 and
 * 700-765 (about 575 refusals each), found 24 misses (at most 2 a seed), each fixed by its general
 * rule. Session 13: the last known miss fixed (a variable named with '%' at an operand no type rule
 * asks: shfl, vote, match, activemask); fresh seeds 800-833 (34 seeds, 19,169 refusals) had no miss
 * and no false error. A new kind ('special-register') and trial breaks found rules the others could
 * not (only mov and cvt read a special register; a result is no constant, WARP_SZ or special
 * register; cvt of a special register; matrix fragments are braced lists), measured and fixed; then
 * fresh seeds 900-940 with ten kinds (41 seeds, 23,533 refusals) found one miss (seed 910: cvt
 * .tf32 of a special register) and one false error (seed 931: an indirect call with no argument
 * list), each fixed and its seed re-run clean. Session 14: fresh seeds 1400-1452 (53 seeds,
 * 30,398 refusals) found one miss (seed 1411: WARP_SZ as mma.sp's metadata); trial breaks found
 * the rules of results (sinks, constants, braced lists), createpolicy, multimem, sust, video
 * selectors and tcgen05 scale vectors; a new kind ('sink-result') then ran seeds 1500-1516 (17
 * seeds, 9,614 refusals) and found one miss (seed 1509: shf's sink result). Both fixed, with cases
 * in fuzz-found.test.ts (a seed's draws differ once the kinds change). Session 15: fresh seeds
 * 1600-1660 (61 seeds, 41,809 cases, 34,255 refusals) on main's build had no miss and no false error;
 * the rules of the misses left from session 14 (min/max .xorsign.abs, vector atom/red, fence and
 * mbarrier gates, tcgen05 .scale_vec on f targets, typed constant expressions, multimem .acc::, mma
 * .block_scale fragments) were measured on small cases instead (ptxmiss4-found.test.ts); fresh seeds
 * 1661-1700 after them (40 seeds, 27,427 cases, 22,489 refusals): one miss (seed 1682: ldmatrix
 * .m8n8 with .b8; ptxas pairs the shapes and types, fixed for ldmatrix and stmatrix, the seed re-run
 * clean), no false error. Session 16: fresh seeds 2600-2685 (1,000 draws) and 2700-2707 (3,000
 * draws), 73,846 cases, 60,596 refusals: one miss (seed 2666: `.v2` on wmma.load.b .m8n8k4 .f64,
 * fixed at the merge, the seed re-run clean), no false error; hand-written cases of the families the mutations rarely reach found
 * two false errors (red.async/st.async without [mbar], red.async .add.s64), fixed
 * (ptxmiss6-found.test.ts). Session 18 (ptxmiss8): fresh seeds 3000-3040 (41 seeds, 27,930 cases,
 * 22,842 refusals) on that branch: no miss, no false error; matrices of the texture, surface,
 * cp.async, FP8 mma and video-selector families found the misses instead (ptxmiss8-found.test.ts).
 * The bound is 0.
 */
/**
 * Of all cases, at most this share may disagree on the line through a check outside this layer
 * (PTX304 where ptxas names an instruction's version gate the tables lack). Session 9: none over the
 * same 45 seeds; session 10: none over 118 seeds. No false error and no PTX5xx error on another
 * line in any of them.
 */
const MAX_OTHER_SHARE = 0;

const skip = sharedSkipReason ?? ptxasSkipReason;
if (skip) console.log(`ptx instruction mutations differential skipped: ${skip}`);

test('ptx instruction-level mutations of corpus files: verdict and first-error line as ptxas', { skip }, () => {
  const seed = fuzzSeed();
  const run = mutatedCorpusCases({ maxBytes: MAX_BYTES, kinds: INSN_MUTATIONS, seed, runs: fuzzRuns(1000), prepare: prepareInsnFile, mutate: mutateInsn, notModuleChecks: /uses too much|Unresolved extern function|32-Bit compilation|32-Bit ABI/, name: 'imut' });
  const stats = new Map<InsnMutation, { n: number; rejects: number; agree: number; missed: number }>();
  const wrong: string[] = [];
  const missed: string[] = [];
  const otherLayer: string[] = [];
  for (const { file: f, kind, pos, broken, ptxas: ptx } of run.cases) {
    const c = { kind, pos };
    const first = ptx.messages.find((m) => m.severity !== 'warning');
    const ours = checkPtxText(f.rel, broken, { preprocess: false, compileOnly: f.compileOnly }).filter((d) => d.severity === 'error');
    const line = ours[0]?.location?.line;
    const s = stats.get(c.kind) ?? { n: 0, rejects: 0, agree: 0, missed: 0 };
    stats.set(c.kind, s);
    s.n++;
    if (!ptx.ok) s.rejects++;
    const agree = ours.length > 0 === !ptx.ok && (ptx.ok || ptx.firstErrorLine === undefined || line === ptx.firstErrorLine);
    const desc = `${c.kind} in ${f.rel} (pos ${c.pos}): ptxas ${ptx.ok ? 'accepts' : `line ${ptx.firstErrorLine}: ${first?.message}`}; we ${ours.length ? `line ${line}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accept'}`;
    if (agree) s.agree++;
    else if (ours.length === 0) {
      s.missed++;
      missed.push(desc);
    } else if (!/^PTX5\d\d$/.test(ours[0]!.code)) {
      // Ours first from a check outside this layer: on another line (PTX304's place) or, rarely, a
      // refusal ptxas does not make (PTX304 for a module with no item at all, which ptxas accepts).
      otherLayer.push(desc);
    } else wrong.push(desc);
  }
  const total = [...stats.values()].reduce((a, s) => a + s.n, 0);
  const agreeAll = [...stats.values()].reduce((a, s) => a + s.agree, 0);
  const rejects = [...stats.values()].reduce((a, s) => a + s.rejects, 0);
  console.log(
    `ptx instruction mutations: ${total} cases, seed ${seed}; agree ${agreeAll} (${((100 * agreeAll) / Math.max(1, total)).toFixed(1)}%), ` +
      `ptxas rejects ${rejects}, gpuasm misses ${missed.length}, wrong verdict or line ${wrong.length}, another line by a check outside this layer ${otherLayer.length}; ${run.skipped} draws of files with non-ASCII or # lines skipped, ${run.crashed} where ptxas crashed (no verdict)`,
  );
  for (const k of INSN_MUTATIONS) {
    const s = stats.get(k);
    if (s) console.log(`  ${k.padEnd(16)} ${s.n} cases, ptxas rejects ${s.rejects}, agree ${s.agree}, missed ${s.missed}`);
  }
  // GPUASM_DISAGREE_DUMP=file: every disagreement appended (for grouping them over many seeds).
  const dump = process.env['GPUASM_DISAGREE_DUMP'];
  if (dump) appendFileSync(dump, [...missed.map((m) => `imut ${seed} MISSED ${m}`), ...otherLayer.map((m) => `imut ${seed} OTHER ${m}`), ...wrong.map((m) => `imut ${seed} WRONG ${m}`)].map((l) => l.replace(/\n/g, ' ') + '\n').join(''));
  for (const m of missed.slice(0, 15)) console.log(`  MISSED ${m}`);
  for (const m of otherLayer.slice(0, 10)) console.log(`  OTHER ${m}`);
  assert.deepEqual(wrong.slice(0, 20), [], `seed ${seed}: ${wrong.length} false errors or errors on another line (replay with GPUASM_SEED=${seed})`);
  assert.deepEqual(missed.slice(0, 15), [], `seed ${seed}: ${missed.length} of ${rejects} breaks ptxas refuses are accepted (replay with GPUASM_SEED=${seed})`);
  assert.ok(otherLayer.length <= MAX_OTHER_SHARE * total, `seed ${seed}: ${otherLayer.length} of ${total} cases on another line by checks outside this layer`);
  assert.ok(total >= Math.floor(run.draws / 3), `seed ${seed}: only ${total} of ${run.draws} draws compared`);
});
