/**
 * The incremental check (src/ptx/speed/session.ts) must give exactly `checkPtx`'s diagnostics for
 * every version of a document. Corpus files get sequences of random edits (breaks inserted,
 * stretches deleted, lines copied elsewhere, undos), and after each edit the session's answer is
 * compared with a fresh full check; the test also requires that many updates really reused bodies,
 * counted over the updates where reuse is possible (after the first of a sequence, answered
 * incrementally, in a text of two or more bodies): a session that always checked everything would
 * prove nothing. Then counting tests: an edit inside one function checks only that function's
 * body. Replay with GPUASM_SEED=<seed>; scale with
 * GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkPtx, createPtxSession } from '../../../src/ptx/index.js';
import { listFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { fuzzRuns, fuzzSeed } from '../../harness/tools.js';
import '../../../src/node/host.js';

if (sharedSkipReason) console.log(sharedSkipReason);

const BREAKS = ['', ';', '}', '{', '%r1', '.reg .b32 %r<4>;', 'L1:', '@', '.func f();', "'", '\n.version 7.0\n', 'x', '\n', 'adx', '.global .u32 g;\n', 'call f;', '// c\n', '\u00e9'];

type Edit = { kind: 'insert'; at: number; what: string } | { kind: 'delete'; at: number; length: number } | { kind: 'copy'; from: number; length: number; to: number } | { kind: 'undo'; back: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), what: fc.constantFrom(...BREAKS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('copy' as const), from: fc.nat(), length: fc.integer({ min: 1, max: 400 }), to: fc.nat() }),
  fc.record({ kind: fc.constant('undo' as const), back: fc.integer({ min: 1, max: 3 }) }),
);

function apply(history: string[], e: Edit): string {
  const text = history[history.length - 1]!;
  const n = Math.max(1, text.length);
  switch (e.kind) {
    case 'insert': {
      const at = e.at % n;
      return text.slice(0, at) + e.what + text.slice(at);
    }
    case 'delete': {
      const at = e.at % n;
      return text.slice(0, at) + text.slice(at + e.length);
    }
    case 'copy': {
      const from = e.from % n;
      const piece = text.slice(from, from + e.length);
      const to = e.to % n;
      return text.slice(0, to) + piece + text.slice(to);
    }
    case 'undo':
      return history[Math.max(0, history.length - 1 - e.back)]!;
  }
}

test('ptx session: the same diagnostics as a full check after every random edit of corpus files', { skip: sharedSkipReason }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const files = listFiles(root, '.ptx').map((p) => ({ path: p, text: readFileSync(p, 'latin1') }));
  assert.ok(files.length > 50, `only ${files.length} corpus files`);
  const seed = fuzzSeed();
  const runs = fuzzRuns(40);
  let updates = 0;
  let reusing = 0;
  let full = 0;
  // Updates where reuse is possible: after the first of a sequence, answered incrementally, in a
  // text of at least two bodies (an edit lands in at most one body or outside all of them).
  let eligible = 0;
  let eligibleReusing = 0;
  const mismatches: string[] = [];
  fc.assert(
    fc.property(fc.nat(files.length - 1), fc.array(edit, { minLength: 1, maxLength: 8 }), fc.boolean(), (fileIndex, edits, compileOnly) => {
      const file = files[fileIndex]!;
      const session = createPtxSession(file.path, { compileOnly });
      const history = [file.text];
      const steps = [file.text, ...edits.map((e) => (history.push(apply(history, e)), history[history.length - 1]!))];
      for (const [i, text] of steps.entries()) {
        const got = session.update(text);
        updates++;
        if (session.stats.bodiesReused > 0) reusing++;
        if (session.stats.mode === 'full') full++;
        if (i > 0 && session.stats.mode === 'incremental' && session.stats.bodies >= 2) {
          eligible++;
          if (session.stats.bodiesReused > 0) eligibleReusing++;
        }
        const want = checkPtx(file.path, text, { compileOnly }).diagnostics;
        try {
          assert.deepEqual(got, want);
        } catch {
          mismatches.push(`${file.path}${compileOnly ? ' (-c)' : ''} after edit ${i} of ${JSON.stringify(edits)}`);
          return;
        }
      }
    }),
    { seed, numRuns: runs },
  );
  console.log(`ptx session: ${runs} edit sequences, ${updates} updates, ${reusing} reused bodies, ${full} full checks, ${eligibleReusing} of ${eligible} eligible updates reused, seed ${seed}`);
  assert.deepEqual(mismatches, [], `seed ${seed}: the session differs from a full check (replay with GPUASM_SEED=${seed})`);
  // A session that always checked everything would have no eligible update at all; one that rarely
  // reused would fall far below a third (seeds 1-30 and 118454100 give 0.6-0.9 of them).
  assert.ok(eligible >= 10, `seed ${seed}: only ${eligible} updates were answered incrementally in a text of two or more bodies`);
  assert.ok(eligibleReusing >= eligible / 3, `seed ${seed}: only ${eligibleReusing} of ${eligible} eligible updates reused a body`);
});

/** A module of `n` kernels, each calling the function `g` (declared first, defined last) and branching to a label. */
function module(n: number): string {
  const parts = ['.version 8.0\n.target sm_80\n.address_size 64\n\n.func g(.param .u32 a);\n.global .u32 counter;\n'];
  for (let i = 0; i < n; i++) {
    parts.push(
      `.visible .entry k${i}(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .pred %p;\n\tmov.u32 %r1, ${i};\n\tadd.s32 %r2, %r1, 1;\n\tsetp.eq.s32 %p, %r2, 0;\n\t@%p bra L${i};\n\t{\n\t.param .u32 q;\n\tst.param.u32 [q], %r2;\n\tcall g, (q);\n\t}\nL${i}:\n\tret;\n}\n`,
    );
  }
  parts.push('.func g(.param .u32 a)\n{\n\tret;\n}\n');
  return parts.join('');
}

test('ptx session: an edit inside one function checks only that function', () => {
  const n = 12;
  let text = module(n);
  const session = createPtxSession('m.ptx');
  assert.deepEqual(session.update(text), []);
  assert.equal(session.stats.mode, 'incremental');
  assert.equal(session.stats.bodies, n + 1);
  assert.equal(session.stats.bodiesChecked, n + 1);
  // Break an opcode in kernel 5: only its body is parsed and checked again.
  const at = text.indexOf('add.s32', text.indexOf('.entry k5('));
  text = text.slice(0, at) + 'adx' + text.slice(at + 3);
  const broken = session.update(text);
  assert.deepEqual(broken, checkPtx('m.ptx', text, {}).diagnostics);
  assert.ok(broken.some((d) => d.code === 'PTX226'));
  assert.equal(session.stats.bodiesChecked, 1);
  assert.equal(session.stats.bodiesReused, n);
  // A function with diagnostics is checked each time (its results are not kept); the others are reused.
  text = text.slice(0, 20) + text.slice(20).replace('\tmov.u32 %r1, 9;', '\tmov.u32 %r1, 9;\n\n\n');
  assert.deepEqual(session.update(text), checkPtx('m.ptx', text, {}).diagnostics);
  assert.equal(session.stats.bodiesChecked, 2);
  // Repair it, with lines added before later kernels (they move): one body checked.
  text = text.slice(0, at) + 'add' + text.slice(at + 3);
  assert.deepEqual(session.update(text), []);
  assert.equal(session.stats.bodiesChecked, 1);
  assert.equal(session.stats.bodiesReused, n);
  // Nothing changed: nothing checked.
  session.update(text);
  assert.equal(session.stats.bodiesChecked, 0);
  // Remove the definition of g at the end: PTX348 is found from the reused kernels' calls.
  const noG = text.slice(0, text.lastIndexOf('.func g(.param .u32 a)\n{'));
  const unresolved = session.update(noG);
  assert.deepEqual(unresolved, checkPtx('m.ptx', noG, {}).diagnostics);
  assert.ok(unresolved.some((d) => d.code === 'PTX348'));
  assert.equal(session.stats.bodiesChecked, 0);
  // A module-level declaration added before kernel 8: what it could change is checked again (kernels 8.. and g).
  const k8 = text.indexOf('.visible .entry k8(');
  text = text.slice(0, k8) + '.global .u32 extra;\n' + text.slice(k8);
  assert.deepEqual(session.update(text), []);
  assert.equal(session.stats.bodiesChecked, n - 8 + 1);
  assert.equal(session.stats.bodiesReused, 8);
});

test('ptx session: a file the preprocessor changes is checked whole, and says so', () => {
  const text = '#define N 4\n' + module(3).replace('mov.u32 %r1, 0;', 'mov.u32 %r1, N;');
  const session = createPtxSession('m.ptx');
  assert.deepEqual(session.update(text), checkPtx('m.ptx', text, {}).diagnostics);
  assert.equal(session.stats.mode, 'full');
  assert.match(session.stats.reason ?? '', /preprocessor/);
});
