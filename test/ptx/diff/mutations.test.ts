/**
 * Differential test against ptxas: one token-level break (test/harness/ptx-mutate.ts) in a real
 * file. Every accepted corpus file is a candidate (nvcc output and the public test-suite files),
 * every token of a class a candidate position: lost `;` `,` `{` `}`, misspelt directives, opcodes
 * and modifiers, undeclared names, broken literals (hex/octal/binary/float, `0f`/`0d` with wrong
 * digit counts, suffixes), duplicate registers, variables, parameters and functions, lost or
 * repeated header directives, bad types, duplicate labels, extra `)`/`]`, wrong vector braces and
 * stray characters. gpuasm must reject exactly when ptxas does, on ptxas's first-error line.
 *
 * gpuasm does not type-check instructions against their operands (ptxas "Arguments mismatch",
 * "Unexpected instruction types", an opcode's own modifier list, two words of one modifier group,
 * an address in another state space than the instruction's, a missing operation): a disagreement
 * whose ptxas error is one of those is counted and printed, not failed. Replay with GPUASM_SEED; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import { appendFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { sharedSkipReason } from '../../harness/corpus.js';
import { fuzzRuns, fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { MUTATIONS, mutate, prepareFile, type Mutation } from '../../harness/ptx-mutate.js';
import { mutatedCorpusCases } from '../../harness/ptx-corpus-mutations.js';
import { checkPtxText } from '../../../src/ptx/index.js';

/** ptxas errors of instruction typing, which gpuasm does not check (see the file comment). */
const INSTRUCTION_TYPING =
  /Arguments mismatch|instruction types|Unknown modifier|Illegal vector size|vector size mismatch|Operand vector size|must be register|Illegal rounding modifier|requires \.target sm_|Illegal operand type|modifier required|not supported on \.target|Integer constant expression expected for|Vector expected|Operand negation|Illegal argument to unary minus|Multiple [a-z ]+ specified|Duplicate \.[a-z]|State space mismatch|Illegal operation/;

/**
 * Of those, the ones gpuasm does report in some cases (unknown modifier words, special registers a
 * target lacks): excused only when gpuasm's first error is not its own report of the same thing.
 */
const OWN_REPORTS: [RegExp, string][] = [
  [/Unknown modifier/, 'PTX340'],
  [/requires \.target sm_/, 'PTX313'],
];

/** Files at most this large (ptxas time grows with the file). */
const MAX_BYTES = 16_000;

const skip = sharedSkipReason ?? ptxasSkipReason;
if (skip) console.log(`ptx mutations differential skipped: ${skip}`);

test('ptx token mutations of corpus files: verdict and first-error line as ptxas', { skip }, () => {
  const seed = fuzzSeed();
  const run = mutatedCorpusCases({ maxBytes: MAX_BYTES, kinds: MUTATIONS, seed, runs: fuzzRuns(250), prepare: prepareFile, mutate, notModuleChecks: /uses too much|Unresolved extern function/, name: 'mut' });
  const stats = new Map<Mutation, { n: number; rejects: number; agree: number }>();
  const failures: string[] = [];
  let typing = 0;
  const excused: string[] = [];
  for (const { file: f, kind, pos, broken, ptxas: ptx } of run.cases) {
    const c = { kind, pos };
    const first = ptx.messages.find((m) => m.severity !== 'warning');
    const ours = checkPtxText(f.rel, broken, { preprocess: false, compileOnly: f.compileOnly }).filter((d) => d.severity === 'error');
    const line = ours[0]?.location?.line;
    const agree = ours.length > 0 === !ptx.ok && (ptx.ok || ptx.firstErrorLine === undefined || line === ptx.firstErrorLine);
    const ownReport = first !== undefined && OWN_REPORTS.some(([re, code]) => re.test(first.message) && ours[0]?.code === code);
    if (!agree && first && INSTRUCTION_TYPING.test(first.message) && !ownReport) {
      typing++;
      excused.push(`${c.kind} in ${f.rel} (pos ${c.pos}): ptxas line ${ptx.firstErrorLine}: ${first.message}; we ${ours.length ? `line ${line}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accept'}`);
      continue;
    }
    const s = stats.get(c.kind) ?? { n: 0, rejects: 0, agree: 0 };
    stats.set(c.kind, s);
    s.n++;
    if (!ptx.ok) s.rejects++;
    if (agree) s.agree++;
    else
      failures.push(
        `${c.kind} in ${f.rel} (pos ${c.pos}): ptxas ${ptx.ok ? 'accepts' : `line ${ptx.firstErrorLine}: ${first?.message}`}; ` +
          `we ${ours.length ? `line ${line}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accept'}`,
      );
  }
  const total = [...stats.values()].reduce((a, s) => a + s.n, 0);
  console.log(
    `ptx mutations differential: ${total} cases compared, seed ${seed}; ` +
      `${typing} more disagree only by instruction typing (not checked by gpuasm), ${run.skipped} draws of files with non-ASCII or # lines skipped, ${run.crashed} where ptxas crashed (no verdict)`,
  );
  for (const k of MUTATIONS) {
    const s = stats.get(k);
    if (s) console.log(`  ${k.padEnd(20)} ${s.n} cases, ptxas rejects ${s.rejects}, agree ${s.agree}`);
  }
  // GPUASM_DISAGREE_DUMP=file: every disagreement appended (for grouping them over many seeds).
  const dump = process.env['GPUASM_DISAGREE_DUMP'];
  if (dump) appendFileSync(dump, [...failures.map((m) => `mut ${seed} FAIL ${m}`), ...excused.map((m) => `mut ${seed} TYPING ${m}`)].map((l) => l.replace(/\n/g, ' ') + '\n').join(''));
  assert.deepEqual(failures.slice(0, 20), [], `seed ${seed}: ${failures.length} disagreements (replay with GPUASM_SEED=${seed})`);
  // A run whose draws were all skipped or excused would compare nothing.
  assert.ok(total >= Math.floor(run.draws / 4), `seed ${seed}: only ${total} of ${run.draws} draws compared`);
});
