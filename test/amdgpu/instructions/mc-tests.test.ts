/**
 * The instruction layer on LLVM's AMDGPU assembler tests (../shared/corpus/amdgpu/llvm-mc-tests,
 * every `.s` file under it, top level and llvm-2019/, llvm-current/), line by line against
 * llvm-mc-19 itself, for every assembler configuration of the file's own RUN lines: the first
 * `llvm-mc` of each RUN pipe gives the triple (`-arch=amdgcn` is the host's `amdgcn-pc-linux-gnu`;
 * the newer `-triple=amdgpuMAJOR.MINOR` spelling, which LLVM 19 does not read, is `amdgcn` with
 * the processor it names), the `-mcpu` (none: `generic`), the `-mattr` and the `-filetype`. No
 * gpuasm error of any kind (instruction layer, operands, directives, macros) on a line llvm-mc-19
 * accepts (zero false errors), and the lines where llvm-mc-19 reports an error that gpuasm does
 * not are listed: they must be exactly KNOWN_MISSES (the misses are grouped by cause in
 * docs/divergences.md). The MANIFEST.tsv rows must all be among these configurations.
 *
 * Left out, each with its reason printed and proven where llvm-mc-19 can prove it: RUN lines of
 * another architecture (r600), processors llvm-mc-19 does not know (it warns "not a recognized
 * processor" and assembles for none), and the -mattr feature real-true16, which gpuasm does not
 * model. The others are passed as gpuasm's `mattr` (the wave size is modelled: wave64 on GFX10+
 * from session 19; the rest warned about and checked with the processor's default).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles, readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText, findTarget } from '../../../src/amdgpu/index.js';

/**
 * The llvm-mc-19 error lines gpuasm misses, exactly (`file mcpu [triple] [mattr] [obj] line`),
 * grouped by cause as in docs/divergences.md ("MC-test lines still missed"): a new miss fails, and
 * so does a miss that is found now (take it off the list). None of 3,500 since session 19 took in
 * the wave64 and both-size RUN lines (12 configurations more; their one miss, a literal in a 64-bit
 * and a 32-bit source of v_lshlrev_b64 in vop3-literal.s, found since). None of 3,334 (1 at the start of
 * session 15: a branch beyond the 16-bit offset, which llvm-mc-19 finds at layout, found since by
 * check/branch-reach.ts; 3 at the start of session 14: a float followed by an operator, `-1.0 + 1.0`, and a negated symbol on a 16-bit source,
 * `-INV2PI`, are found since; 19 at the start of session
 * 13: -mcpu=generic, symbols of unknown value, packed 16-bit constants, apertures as soffset;
 * generic-target.test.ts and
 * reloc-rules.test.ts;
 * 85 at the end of session 11, rules of session 12 in miss-rules.test.ts) since session 11 took in
 * every file (the 17 top-level files and the RUN lines without -mcpu had not been swept: 188
 * misses and 24 false errors then); 0 of the 1,774 lines of the files swept before.
 */
const KNOWN_MISSES: readonly string[] = [];

/**
 * gpuasm errors on lines llvm-mc-19 accepts, kept on purpose (`file mcpu triple line`; each in
 * docs/divergences.md): none. A new false error fails, and so does one of these no longer seen.
 * (The 8 lines of `neg`/`abs` around vccz/execz on GFX11+ in literals.s were kept here until
 * session 15: llvm-mc-19 refuses these registers bare only, and gpuasm now follows it, though the
 * file itself expects the error later LLVM gives. The five `.kernel.vgpr_count`/`.kernel.sgpr_count`
 * register indices of sym_kernel_scope.s were kept until session 14: symbols llvm-mc-19 maintains.)
 */
const KNOWN_DIVERGENT: readonly string[] = [];


/** -triple=amdgpuMAJOR.MINOR (newer LLVM) names a processor: amdgpu11.00 is gfx1100, amdgpu9.00 gfx900. */
function tripleCpu(triple: string): string | undefined {
  const m = /^amdgpu(\d+)\.(\d+)$/.exec(triple);
  return m ? `gfx${m[1]}${m[2]}` : undefined;
}

/** One assembler configuration of a RUN line. */
interface McRun {
  triple: string;
  mcpu: string;
  mattr: string;
  filetype: 'obj' | 'null';
}

/** The configurations of a file's RUN lines (the first `llvm-mc` of each pipe; disassembler runs left out), or why one is left out. */
function runConfigs(text: string): { runs: McRun[]; other: string[] } {
  const runs: McRun[] = [];
  const other: string[] = [];
  for (const l of text.split('\n')) {
    const at = l.indexOf('RUN:');
    if (at < 0 || !/^\s*(\/\/|#|;)/.test(l)) continue;
    const cmd = l
      .slice(at + 4)
      .split('|')
      .find((c) => /(^|\s)llvm-mc(\s|$)/.test(c));
    if (!cmd || /-disassemble/.test(cmd)) continue;
    const words = cmd.trim().split(/\s+/);
    let triple: string | undefined;
    let mcpu: string | undefined;
    const mattr: string[] = [];
    let filetype: 'obj' | 'null' = 'null';
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const val = (name: string) => (w.startsWith(name + '=') ? w.slice(name.length + 1) : w === name ? words[++i] : undefined);
      const t = val('-triple') ?? val('--triple');
      if (t !== undefined) triple = t;
      const a = val('-arch') ?? val('--arch');
      if (a !== undefined) triple = a === 'amdgcn' ? 'amdgcn-pc-linux-gnu' : a;
      const c = val('-mcpu') ?? val('--mcpu');
      if (c !== undefined) mcpu = c;
      const f = val('-mattr') ?? val('--mattr');
      if (f !== undefined) mattr.push(f);
      if ((val('-filetype') ?? val('--filetype')) === 'obj') filetype = 'obj';
    }
    if (triple === undefined) {
      other.push(`no -triple/-arch: ${cmd.trim()}`);
      continue;
    }
    const cpu = tripleCpu(triple);
    if (cpu) triple = 'amdgcn';
    if (!triple.startsWith('amdgcn')) {
      other.push(`architecture ${triple} (gpuasm reads amdgcn only)`);
      continue;
    }
    runs.push({ triple, mcpu: mcpu ?? cpu ?? 'generic', mattr: mattr.join(','), filetype });
  }
  return { runs, other };
}

/**
 * -mattr features left out: real-true16 (gpuasm checks each processor's default for it, AMD563).
 * The wave size is modelled (gpuasm's `mattr`: wave64 on GFX10+, both sizes in wave_any.s); other
 * features gpuasm does not model are swept with the processor's default (`-mad-mix-insts`,
 * `-fast-fmaf` in hsa_isa_version_attrs.s change nothing the file writes; `+xnack`), and
 * `-code-object-v3` is no LLVM 19 feature at all (AMD562, as llvm-mc-19 warns).
 */
const UNMODELLED_FEATURES = /real-true16/i;

const skip = sharedSkipReason ?? llvmMcSkipReason;
if (skip) console.log(skip);

test('LLVM MC tests: gpuasm errors only where llvm-mc-19 errs; errors found counted', { skip }, () => {
  const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'llvm-mc-tests');
  let mcLines = 0;
  let found = 0;
  let configs = 0;
  const missed: string[] = [];
  const falseErrors: string[] = [];
  const leftOut: string[] = [];
  const unproven: string[] = [];
  const covered = new Set<string>();
  const divergent = new Set<string>();
  const otherArchitecture = new Set<string>();
  const files = listFiles(dir, '.s')
    .map((p) => relative(dir, p))
    .sort();
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'latin1');
    const { runs, other } = runConfigs(text);
    for (const o of other) leftOut.push(`${file}: ${o}`);
    if (runs.length === 0 && other.length > 0) otherArchitecture.add(file);
    if (runs.length === 0 && other.length === 0) unproven.push(`${file}: no llvm-mc RUN line`);
    const seen = new Set<string>();
    for (const run of runs) {
      const { triple, mcpu, mattr, filetype } = run;
      const key = `${triple} ${mcpu} ${mattr} ${filetype}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const extraArgs = mattr ? [`-mattr=${mattr}`] : [];
      if (!findTarget(mcpu)) {
        // Left out only where llvm-mc-19 does not know the processor either.
        const mc = runLlvmMc('', { mcpu, triple, filetype: 'null', extraArgs });
        if (!/is not a recognized processor/.test(mc.stderr)) unproven.push(`${file}: -mcpu=${mcpu} unknown to gpuasm, known to llvm-mc-19`);
        leftOut.push(`${file}: -mcpu=${mcpu} (llvm-mc-19: not a recognized processor)`);
        continue;
      }
      if (UNMODELLED_FEATURES.test(mattr)) {
        leftOut.push(`${file}: -mcpu=${mcpu} -mattr=${mattr} (a feature gpuasm has no option for)`);
        continue;
      }
      configs++;
      covered.add(`${file}\t${mcpu}\t${mattr}`);
      const mc = runLlvmMc(text, { mcpu, triple, filetype, extraArgs });
      const theirs = new Set(mc.messages.filter((m) => m.severity === 'error' && m.line && m.file !== '<instantiation>').map((m) => m.line!));
      const ours = checkAmdgpuText(file, text, { mcpu, triple, mattr: mattr || undefined }).filter((d) => d.severity === 'error');
      const ourLines = new Set(ours.map((d) => d.location?.line ?? 0));
      mcLines += theirs.size;
      const where = `${file} ${mcpu}${triple === 'amdgcn-amd-amdhsa' ? '' : ` ${triple}`}${mattr ? ` ${mattr}` : ''}${filetype === 'obj' ? ' obj' : ''}`;
      for (const l of theirs) {
        if (ourLines.has(l)) found++;
        else missed.push(`${where} ${l}`);
      }
      for (const d of ours) {
        if (theirs.has(d.location!.line)) continue;
        const key = `${where} ${d.location!.line}`;
        if (KNOWN_DIVERGENT.includes(key)) {
          divergent.add(key);
          continue;
        }
        falseErrors.push(`${where} line ${d.location!.line}: ${text.split('\n')[d.location!.line - 1]!.trim()} -- ${d.code} ${d.message}`);
      }
    }
  }
  // Every row of the corpus manifest is one of the configurations swept.
  for (const row of readManifest(join(dir, 'MANIFEST.tsv'))) {
    const mcpu = row['mcpu'] || 'generic';
    const mattr = row['mattr'] ?? '';
    if (!findTarget(mcpu) || UNMODELLED_FEATURES.test(mattr) || otherArchitecture.has(row['file']!)) continue;
    if (!covered.has(`${row['file']}\t${mcpu}\t${mattr}`)) unproven.push(`MANIFEST.tsv row ${row['file']} ${mcpu} ${mattr}: not among the RUN-line configurations swept`);
  }
  console.log(`llvm-mc tests: ${files.length} files, ${configs} file/configuration pairs: llvm-mc-19 rejects ${mcLines} lines, gpuasm ${found} of them, misses ${mcLines - found} (known ${KNOWN_MISSES.length}); ${falseErrors.length} gpuasm errors on lines llvm-mc-19 accepts (besides ${divergent.size} kept divergences)`);
  console.log(`left out (${leftOut.length}):\n  ${leftOut.join('\n  ')}`);
  if (falseErrors.length) console.log(`false errors (${falseErrors.length}):\n  ${falseErrors.join('\n  ')}`);
  const newMisses = missed.filter((m) => !KNOWN_MISSES.includes(m));
  if (newMisses.length) console.log(`misses not in KNOWN_MISSES (${newMisses.length}):\n  ${newMisses.join('\n  ')}`);
  assert.deepEqual(unproven, [], 'files or configurations not swept without a proven reason');
  assert.deepEqual(falseErrors.slice(0, 200), [], `${falseErrors.length} false errors`);
  const known = new Set(KNOWN_MISSES);
  const got = new Set(missed);
  assert.deepEqual(missed.filter((m) => !known.has(m)), [], 'new misses (lines llvm-mc-19 rejects and gpuasm accepts)');
  assert.deepEqual(KNOWN_MISSES.filter((m) => !got.has(m)), [], 'known misses now found: take them off KNOWN_MISSES');
  assert.deepEqual(KNOWN_DIVERGENT.filter((m) => !divergent.has(m)), [], 'known divergences no longer seen: take them off KNOWN_DIVERGENT');
});
