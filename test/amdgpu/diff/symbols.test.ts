/**
 * Differential test of AMDGPU symbol rules against llvm-mc-19: random chains of `.set`, `=`,
 * `.equ`, `.equiv` and labels referring to earlier and later symbols (forward references,
 * redefinitions, self and mutual references). Many independent chains share one file (each its
 * own names). Per batch:
 *   1. the lines llvm-mc-19 rejects must be exactly the lines gpuasm rejects;
 *   2. with those lines removed, every absolute symbol in llvm-mc-19's object has the same value
 *      in `amdgpuSymbols`, and every symbol gpuasm calls absolute is absolute there.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { readElf } from '../../harness/elf.js';
import { amdgpuSymbols } from '../../../src/amdgpu/index.js';

const SHN_ABS = 0xfff1;
/** llvm-mc answers a batch in well under a second; one that runs this long has hung. */
const LLVM_MC_DEADLINE_MS = 20_000;
const VARS = 5;
/** One label per chain, defined first (differences of two different labels need instruction sizes). */
const LABELS = 1;

type Stmt = { kind: 'assign'; form: '.set' | '=' | '.equ' | '.equiv'; target: number; expr: string } | { kind: 'label'; label: number };

/** An expression over the chain's variables (by index, rendered later) and literals. */
const term: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: VARS - 1 }).map((i) => `@${i}`) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0x7fffffffffffffff', '0xffffffffffffffff', '0x80000000', '1.5') },
);
const OPS = ['+', '-', '*', '&', '|', '^', '<<', '>>', '==', '!=', '<', '>=', '&&', '||', '!'];
const exprArb: fc.Arbitrary<string> = fc
  .tuple(term, fc.array(fc.tuple(fc.constantFrom(...OPS), term, fc.boolean()), { maxLength: 3 }), fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: LABELS - 1 }) }))
  .map(([first, rest, label]) => {
    let e = first;
    for (const [op, t, paren] of rest) e = paren ? `(${e}) ${op} ${t}` : `${e} ${op} ${t}`;
    // A label only as an added base: `L + (expr)` (a relocatable value).
    return label === null ? e : `%${label} + (${e})`;
  });

const stmtArb: fc.Arbitrary<Stmt> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .record({ form: fc.constantFrom<'.set' | '=' | '.equ' | '.equiv'>('.set', '.set', '=', '.equ', '.equiv'), target: fc.integer({ min: 0, max: VARS - 1 }), expr: exprArb })
      .map((r) => ({ kind: 'assign' as const, ...r })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: LABELS - 1 }).map((label) => ({ kind: 'label' as const, label })) },
);

const chainArb = fc.array(stmtArb, { minLength: 2, maxLength: 9 });

function render(chains: Stmt[][]): string {
  const lines: string[] = [];
  chains.forEach((chain, k) => {
    const v = (i: number) => `c${k}_v${i}`;
    const l = (i: number) => `c${k}_L${i}`;
    lines.push(`${l(0)}:`);
    for (const s of chain) {
      if (s.kind === 'label') {
        lines.push(`${l(s.label)}:`);
        continue;
      }
      const e = s.expr.replace(/@(\d)/g, (_, i) => v(Number(i))).replace(/%(\d)/g, (_, i) => l(Number(i)));
      lines.push(s.form === '=' ? `${v(s.target)} = ${e}` : `${s.form} ${v(s.target)}, ${e}`);
    }
  });
  return lines.join('\n') + '\n';
}

function ourErrorLines(text: string): number[] {
  const r = amdgpuSymbols('t.s', text, { mcpu: 'gfx900' });
  return [...new Set(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.location!.line))].sort((a, b) => a - b);
}

describe('AMDGPU symbols vs llvm-mc-19 (differential)', () => {
  if (llvmMcSkipReason) console.log(llvmMcSkipReason);

  test('random .set/=/.equ/.equiv/label chains: same rejected lines, same values', { skip: llvmMcSkipReason }, () => {
    const seed = fuzzSeed();
    const batches = fuzzRuns(8);
    let chainsRun = 0;
    let statements = 0;
    let errorsSeen = 0;
    let valuesCompared = 0;
    let crashes = 0;
    let skippedLabelValues = 0;
    let parseDiffs = 0;
    let firstParseDiff: string | undefined;
    let writeTimeDiffs = 0;
    let unresolved = 0;
    let hangs = 0;
    for (let b = 0; b < batches; b++) {
      const chains = fc.sample(chainArb, { seed: seed + b, numRuns: 60 });
      const text = render(chains);
      chainsRun += chains.length;
      statements += text.split('\n').length - 1;
      // 1. Rejected lines; rejected lines blanked out and llvm-mc run again until it writes an
      //    object (errors found only when writing appear once the parse errors are gone).
      let current = text;
      let run = runLlvmMc(current, { mcpu: 'gfx900', filetype: 'obj', timeoutMs: LLVM_MC_DEADLINE_MS });
      for (let round = 0; ; round++) {
        // llvm-mc 19 loops forever on some symbol chains (docs/divergences.md): no verdict to compare.
        if (run.timedOut) break;
        const llvmLines = [...new Set(run.messages.filter((m) => m.severity === 'error' && m.line !== undefined).map((m) => m.line!))].sort((a, b) => a - b);
        const ours = ourErrorLines(current);
        const why = () =>
          `seed ${seed}, batch ${b}, round ${round}: rejected lines differ: gpuasm ${JSON.stringify(ours)}, llvm-mc ${JSON.stringify(llvmLines)}\n${numbered(current, [...ours.filter((x) => !llvmLines.includes(x)), ...llvmLines.filter((x) => !ours.includes(x))])}\nllvm-mc: ${run.stderr.slice(0, 1000)} … ${run.stderr.slice(-600)}`;
        if (round === 0 && !run.stderr.includes('LLVM ERROR') && !run.stderr.includes('Stack dump')) {
          // Errors found while parsing: the same lines. A rare corner of llvm-mc's "used"
          // bookkeeping is not reproduced (docs/divergences.md): at most 1 line in 200 may differ.
          const diff = ours.filter((n) => !llvmLines.includes(n)).length + llvmLines.filter((n) => !ours.includes(n)).length;
          if (diff > 0) {
            parseDiffs += diff;
            firstParseDiff ??= why();
          }
        } else {
          // Errors found only while writing the object, or llvm-mc aborted: llvm-mc stops at the
          // first fatal symbol and resolves some label arithmetic differently (docs/divergences.md),
          // so these lines are counted, not required to match; both sets are removed.
          writeTimeDiffs += ours.filter((n) => !llvmLines.includes(n)).length + llvmLines.filter((n) => !ours.includes(n)).length;
          if (run.stderr.includes('LLVM ERROR') || run.stderr.includes('Stack dump')) crashes++;
        }
        errorsSeen += llvmLines.length;
        if (run.ok) break;
        const drop = [...new Set([...ours, ...llvmLines])];
        if (drop.length === 0 || round >= 6) break;
        const lines = current.split('\n');
        for (const n of drop) lines[n - 1] = '';
        current = lines.join('\n');
        run = runLlvmMc(current, { mcpu: 'gfx900', filetype: 'obj', timeoutMs: LLVM_MC_DEADLINE_MS });
      }
      if (run.timedOut) {
        hangs++;
        continue;
      }
      if (!run.ok) {
        unresolved++;
        continue;
      }
      // 2. Values.
      const clean = current;
      const second = run;
      const theirs = new Map<string, bigint>();
      for (const s of readElf(second.object!).symbols) if (s.shndx === SHN_ABS && s.name) theirs.set(s.name, s.value);
      const mine = amdgpuSymbols('t.s', clean, { mcpu: 'gfx900' });
      assert.deepEqual(mine.diagnostics, [], `seed ${seed}, batch ${b}: gpuasm rejects the cleaned file`);
      // Symbols whose definitions involve a label (directly or through other symbols) depend on
      // the object layout, which gpuasm does not model (docs/divergences.md): not compared.
      const tainted = labelTainted(clean);
      const problems: string[] = [];
      const ourAbs = new Map<string, bigint>();
      for (const s of mine.symbols) if (s.kind === 'absolute') ourAbs.set(s.name, BigInt.asUintN(64, s.value!));
      for (const name of tainted) {
        if (theirs.delete(name) || ourAbs.delete(name)) skippedLabelValues++;
        ourAbs.delete(name);
      }
      for (const [name, v] of theirs) {
        const o = ourAbs.get(name);
        if (o !== v) problems.push(`${name}: llvm-mc 0x${v.toString(16)}, gpuasm ${o === undefined ? mine.symbols.find((s) => s.name === name)?.kind ?? 'missing' : '0x' + o.toString(16)}`);
      }
      for (const [name, o] of ourAbs) if (!theirs.has(name)) problems.push(`${name}: gpuasm 0x${o.toString(16)}, llvm-mc not absolute`);
      valuesCompared += theirs.size;
      assert.deepEqual(problems.slice(0, 8), [], `seed ${seed}, batch ${b}: ${problems.length} value differences\n${clean}`);
    }
    assert.ok(parseDiffs * 200 <= errorsSeen, `${parseDiffs} of ${errorsSeen} rejected lines differ; first: ${firstParseDiff}`);
    if (firstParseDiff) console.log(`amdgpu symbol differential: ${parseDiffs} parse-time line(s) differ (tolerated), first:\n${firstParseDiff.slice(0, 1500)}`);
    console.log(`amdgpu symbol differential: ${chainsRun} chains, ${statements} statements, ${errorsSeen} rejected lines, ${valuesCompared} values compared (${skippedLabelValues} label-dependent skipped), ${crashes} llvm-mc aborts, ${writeTimeDiffs} write-time error lines differing, ${unresolved} batches without an object, ${hangs} batches where llvm-mc hung (no verdict), seed ${seed}`);
  });
});

/** The whole chains (numbered lines) that contain the given lines. */
function numbered(text: string, lines: number[]): string {
  const all = text.split('\n');
  const chains = new Set(lines.map((n) => /^\.?\w*?\s*c(\d+)_/.exec(all[n - 1] ?? '')?.[1] ?? /c(\d+)_/.exec(all[n - 1] ?? '')?.[1]));
  return all
    .map((l, i) => (chains.has(/c(\d+)_/.exec(l)?.[1]) ? `${lines.includes(i + 1) ? '*' : ' '}${i + 1}: ${l}` : null))
    .filter((x) => x !== null)
    .join('\n');
}

/** Names whose assignments mention a label, directly or through another such name (fixpoint). */
function labelTainted(text: string): Set<string> {
  const defs: [string, string][] = [];
  for (const line of text.split('\n')) {
    const m = /^(?:\.set|\.equ|\.equiv)\s+(\w+),\s*(.*)$/.exec(line) ?? /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (m) defs.push([m[1]!, m[2]!]);
  }
  const tainted = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, rhs] of defs) {
      if (tainted.has(name)) continue;
      const refs = rhs.match(/c\d+_[vL]\d+/g) ?? [];
      if (refs.some((r) => r.includes('_L') || tainted.has(r))) {
        tainted.add(name);
        changed = true;
      }
    }
  }
  return tainted;
}
