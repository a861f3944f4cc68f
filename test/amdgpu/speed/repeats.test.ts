/**
 * AMDGPU check: a repeated instruction line whose check had no effect is handled once
 * (src/amdgpu/speed/repeats.ts). Whatever the file, the diagnostics and symbols must be exactly those
 * of handling every statement: checked here against the same parser and checker without the memo.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzSeed } from '../../harness/tools.js';
import { FileChecker } from '../../../src/amdgpu/check/file.js';
import { forEachAmdgpuStatement } from '../../../src/amdgpu/parse/parser.js';
import type { ParseIssue } from '../../../src/amdgpu/parse/expr.js';
import { amdgpuSymbols, checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { SourceFile } from '../../../src/core/source.js';
import { isTemporarySymbol } from '../../../src/amdgpu/check/symbols.js';
import { issueToDiagnostic } from '../../../src/amdgpu/pipeline.js';

/** Issues of every statement handled, none skipped (sorted and one per spot, as checkAmdgpuText). */
function withoutMemo(text: string, mcpu: string, masmIntegers: boolean): string[] {
  const issues: ParseIssue[] = [];
  let errors = 0;
  const sink = (i: ParseIssue) => {
    errors++;
    issues.push(i);
  };
  const options = { mcpu, masmIntegers };
  const c = new FileChecker(text, options, sink);
  // As the pipeline composes them: an error inside a kernel block ends the block in the parser and the checker.
  forEachAmdgpuStatement(text, { ...options, errorCount: () => errors, onKernelAborted: () => c.kernelBodySkipped() }, sink, (st) => c.statement(st));
  const symbols = c.finish(errors === 0, true);
  issues.sort((a, b) => a.start - b.start);
  const file = new SourceFile('f.s', text);
  const seen = new Set<number>();
  const out: string[] = [];
  for (const i of issues) {
    if (seen.has(i.start)) continue;
    seen.add(i.start);
    // As the pipeline makes a diagnostic of it (the message written on one line).
    const d = issueToDiagnostic(file, i);
    out.push(`${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`);
  }
  for (const s of symbols) if (!isTemporarySymbol(s.name)) out.push(`symbol ${s.name} ${s.kind} ${s.value}`);
  return out;
}

function withMemo(text: string, mcpu: string, masmIntegers: boolean): string[] {
  const out = checkAmdgpuText('f.s', text, { mcpu, masmIntegers }).map((d) => `${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`);
  for (const s of amdgpuSymbols('f.s', text, { mcpu, masmIntegers }).symbols) out.push(`symbol ${s.name} ${s.kind} ${s.value}`);
  return out;
}

/** Lines that change what a repeated instruction means: symbols, kernel blocks, comments across lines. */
const LINES = [
  '\tv_mov_b32_e32 v0, v1',
  '\tv_mov_b32_e32 v0, v1 ; 4-byte Folded Spill',
  '\tv_add_f32_e32 v2, -v1, |v3|',
  '\ts_waitcnt vmcnt(0) & lgkmcnt(0)',
  '\ts_mov_b64 s[0:1], exec',
  '\tbuffer_store_dword v9, off, s[0:3], s33 offset:28',
  '\tv_mov_b32 v0, x',
  '\tv_mov_b32 v[x], 1',
  '\tv_mov_b32 v[x:x+1], v[2:3]',
  '\ts_mov_b32 s0, y',
  '\ts_mov_b32 s107, 0',
  '\tv_mov_b32 v0, acc1',
  '\tv_mov_b32 v1, v0 /* inline */',
  '\tv_mov_b32 v1, v0 /* open',
  'close */ v_mov_b32 v1, v0',
  '\tv_mov_b32 v0, 1.5',
  '\tv_mov_b32 v0, 0ffh',
  '\ts_branch x',
  '\ts_branch 1b',
  '\tv_mov_b32 v0, .',
  'lbl: v_mov_b32 v0, v1',
  '1:',
  'x = 1',
  'x = 300',
  '.set y, x + 1',
  '.equiv z, 4',
  'x:',
  '\t.amdhsa_kernel k',
  '\t.amdhsa_next_free_vgpr 1',
  '\t.amdhsa_next_free_sgpr 1',
  '\t.end_amdhsa_kernel',
  '\t.byte "a',
  'b"',
  '\tv_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v2, v3',
  '# comment',
  '',
  '\t.p2align 8',
  '\t.p2align x',
  '\t.p2align 40',
  '\t.byte 300',
  '\t.byte x',
  '\t.globl x',
  '\t.globl q',
  '\t.type q,@function',
  '\t.size x, 4',
  '\t.comm c, 4',
  '\t.section .AMDGPU.csdata,"",@progbits',
  '\t.text',
  '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx900"',
  '\t.amdgpu_metadata',
  '\t.end_amdgpu_metadata',
  '\t.end_amdhsa_kernel',
  '\t.amdhsa_ieee_mode 1',
  '\t.ascii "a',
];

/** Kernel descriptor lines: valid, repeated, unknown, symbol-valued, decoys of the end line, instructions. */
const KERNEL_LINES = [
  '\t\t.amdhsa_next_free_vgpr 1',
  '\t\t.amdhsa_next_free_sgpr 8',
  '\t\t.amdhsa_next_free_sgpr x',
  '\t\t.amdhsa_accum_offset 4',
  '\t\t.amdhsa_user_sgpr_count 6',
  '\t\t.amdhsa_ieee_mode 1',
  '\t\t.amdhsa_ieee_mode 1/0',
  '\t\t.amdhsa_bogus 1',
  '\t\t.AMDHSA_IEEE_MODE 0',
  '; .end_amdhsa_kernel in a comment',
  '\t\t.amdhsa_dx10_clamp 1 ; .end_amdhsa_kernel',
  '\tv_mov_b32 v0, v1',
  '',
];

describe('AMDGPU check: repeated instruction lines', () => {
  test('the same diagnostics and symbols as handling every statement (random files of repeated lines)', () => {
    const seed = fuzzSeed();
    const numRuns = 400;
    console.log(`amdgpu repeated lines: ${numRuns} files, seed ${seed}`);
    const file = fc.record({
      lines: fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 30 }),
      eol: fc.constantFrom('\n', '\r\n', '\r'),
      finalEol: fc.boolean(),
      mcpu: fc.constantFrom('gfx900', 'gfx90a', 'gfx1100'),
      masm: fc.boolean(),
    });
    fc.assert(
      fc.property(file, ({ lines, eol, finalEol, mcpu, masm }) => {
        const text = lines.join(eol) + (finalEol ? eol : '');
        assert.deepEqual(withMemo(text, mcpu, masm), withoutMemo(text, mcpu, masm), `seed ${seed}: ${JSON.stringify(text)}`);
        // Symbols (order of first appearance) are not changed by skipped lines either.
        const syms = amdgpuSymbols('f.s', text, { mcpu, masmIntegers: masm }).symbols.map((s) => s.name);
        const all = new Set(syms);
        assert.equal(all.size, syms.length, `seed ${seed}`);
      }),
      { seed, numRuns },
    );
  });

  test('the same diagnostics as handling every statement (random files of repeated kernel blocks)', () => {
    const seed = fuzzSeed();
    const numRuns = 300;
    console.log(`amdgpu repeated kernel blocks: ${numRuns} files, seed ${seed}`);
    // Mostly complete blocks (the required entries present), so that clean bodies repeat.
    const body = fc
      .record({ extra: fc.array(fc.constantFrom(...KERNEL_LINES), { minLength: 0, maxLength: 4 }), complete: fc.nat(3) })
      .map(({ extra, complete }) => (complete > 0 ? ['\t\t.amdhsa_next_free_vgpr 4', '\t\t.amdhsa_next_free_sgpr 8', '\t\t.amdhsa_accum_offset 4', ...extra] : extra));
    const file = fc.record({
      bodies: fc.array(body, { minLength: 1, maxLength: 3 }),
      picks: fc.array(fc.record({ body: fc.nat(2), between: fc.constantFrom(...LINES), end: fc.constantFrom('\t.end_amdhsa_kernel', '\t.end_amdhsa_kernel', '.END_AMDHSA_KERNEL', '\t.end_amdhsa_kernel ; done', '\t.end_amdhsa_kernel junk') }), { minLength: 1, maxLength: 8 }),
      eol: fc.constantFrom('\n', '\r\n'),
      mcpu: fc.constantFrom('gfx900', 'gfx90a'),
    });
    fc.assert(
      fc.property(file, ({ bodies, picks, eol, mcpu }) => {
        const lines: string[] = [];
        picks.forEach((p, i) => {
          lines.push(p.between, `\t.amdhsa_kernel k${i}`, ...bodies[p.body % bodies.length]!, p.end);
        });
        const text = lines.join(eol) + eol;
        assert.deepEqual(withMemo(text, mcpu, false), withoutMemo(text, mcpu, false), `seed ${seed}: ${JSON.stringify(text)}`);
      }),
      { seed, numRuns },
    );
  });

  test('repeats: false handles every statement, with the same answer (the benchmarks switch the memo off so)', () => {
    const text = ['\tv_mov_b32 v0, v1', '\ts_waitcnt vmcnt(0)', '\tv_mov_b32 v0, v1', '\ts_waitcnt vmcnt(0)', '\tv_mov_b32 v0, v1', '\t.byte 300', '\t.byte 300', ''].join('\n');
    const proto = FileChecker.prototype as unknown as { statement: (st: unknown) => void };
    const original = proto.statement;
    let handled = 0;
    proto.statement = function (this: unknown, st: unknown) {
      handled++;
      original.call(this, st);
    };
    try {
      const on = checkAmdgpuText('f.s', text, { mcpu: 'gfx900' });
      const handledOn = handled;
      handled = 0;
      const off = checkAmdgpuText('f.s', text, { mcpu: 'gfx900', repeats: false });
      assert.equal(handled, 7, 'every statement handled');
      assert.ok(handledOn < handled, `the memo skipped some (${handledOn} of ${handled})`);
      assert.deepEqual(off, on);
      assert.deepEqual(off.map((d) => `${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`), withoutMemo(text, 'gfx900', false));
    } finally {
      proto.statement = original;
    }
  });

  test('a repeated line is still checked where its meaning changed', () => {
    const text = ['x = 1', 'v_mov_b32 v[x], v1', 'v_mov_b32 v0, v1', 'x = 300', 'v_mov_b32 v[x], v1', 'v_mov_b32 v0, v1', '.amdhsa_kernel k', 'v_mov_b32 v0, v1', '.end_amdhsa_kernel', ''].join('\n');
    const codes = checkAmdgpuText('f.s', text, { mcpu: 'gfx900' }).map((d) => `${d.location?.line} ${d.code}`);
    // The error on line 8 ends the kernel block (llvm-mc-19: line 9 is an unknown directive).
    assert.deepEqual(codes, ['5 AMD303', '8 AMD206', '9 AMD205']);
  });

  test('a repeated line naming a symbol that became a variable in between marks it used (seed 1116915919)', () => {
    // Line 5 repeats line 1, but `y` is a variable by then: the use makes the reassignment an error.
    const text = ['\ts_mov_b32 s0, y', '.set y, x + 1', '\ts_mov_b32 s0, y', '.set y, x + 1', ''].join('\n');
    assert.deepEqual(withMemo(text, 'gfx900', false), withoutMemo(text, 'gfx900', false));
    const codes = checkAmdgpuText('f.s', text, { mcpu: 'gfx900' }).map((d) => `${d.location?.line} ${d.code}`);
    assert.deepEqual(codes, ['4 AMD123']);
  });
});
