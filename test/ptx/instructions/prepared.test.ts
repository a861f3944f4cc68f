/**
 * The instruction tables compiled ahead of time (src/ptx/instructions/prepared.ts, written into
 * dist by scripts/prepare-ptx-forms.mjs): what a check reads from them must be what compiling the
 * tables at run time gives, opcode by opcode (forms, in order, and the words each form ignores).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PREPARED } from '../../../src/ptx/instructions/prepared.js';
import { allInstructionForms, formsOf, matchInstruction, preparedOpcodes, vocabularyOf } from '../../../src/ptx/instructions/match.js';
import type { InstructionForm } from '../../../src/ptx/instructions/types.js';

const skip = PREPARED === undefined ? 'no prepared tables in this build (scripts/postbuild.mjs did not run after tsc): nothing to compare' : undefined;
if (skip) console.log(`prepared tables: skipped: ${skip}`);

test('prepared instruction tables: each opcode read from the data equals the tables compiled at run time', { skip }, () => {
  const prepared = PREPARED!;
  // Read through the prepared data first (the whole index is not built yet, so formsOf parses the JSON).
  const fromData = new Map<string, { forms: readonly InstructionForm[]; vocabulary: ReadonlySet<string> }>();
  for (const op of Object.keys(prepared)) fromData.set(op, { forms: formsOf(op), vocabulary: vocabularyOf(op) });
  // A word of no table: no entry, as at run time.
  assert.deepEqual(formsOf('constructor'), []);
  assert.equal(matchInstruction('toString', ['.u32']).ok, false);
  // Now compile everything at run time and compare.
  const compiled = new Map<string, InstructionForm[]>();
  for (const f of allInstructionForms()) {
    let l = compiled.get(f.opcode);
    if (!l) compiled.set(f.opcode, (l = []));
    l.push(f);
  }
  assert.deepEqual([...fromData.keys()].sort(), [...compiled.keys()].sort(), 'the same opcodes');
  let forms = 0;
  for (const [op, d] of fromData) {
    assert.deepStrictEqual(d.forms, compiled.get(op), `forms of ${op}`);
    const vocabulary = new Set<string>();
    for (const f of compiled.get(op)!) for (const s of f.slots) for (const v of s.values) vocabulary.add(v);
    assert.deepStrictEqual(new Set(d.vocabulary), vocabulary, `vocabulary of ${op}`);
    forms += d.forms.length;
  }
  // The data is the run-time compile's own output (ignored words included), text for text.
  const fresh = preparedOpcodes();
  for (const op of Object.keys(fresh)) assert.equal(prepared[op], fresh[op], `prepared data of ${op} is up to date`);
  console.log(`prepared tables: ${fromData.size} opcodes, ${forms} forms, equal to the run-time compile`);
});
