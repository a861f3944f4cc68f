/**
 * Differential test of conditional assembly (`.if`, `.ifdef`, `.ifeq` … `.elseif`, `.else`,
 * `.endif`) against llvm-mc-19: on each case, valid and broken, the lines with an error are the same
 * for both, with the repeated-statement memo on and off. A branch not taken is skipped unread (no
 * errors, no definitions); stray `.else`/`.elseif`/`.endif`, an unclosed block and a condition
 * that is not absolute are errors.
 *   1. fixed cases, each rule on valid and on broken text;
 *   2. random files of nested blocks with valid and invalid lines in their branches.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason } from '../../harness/tools.js';
import { gpuasmErrorLines, llvmMcErrorLines } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const MCPU = 'gfx900';

const theirLines = (text: string): number[] => llvmMcErrorLines(text, MCPU);
const ourLines = (text: string, repeats = true): number[] => gpuasmErrorLines(text, MCPU, repeats);

const CASES: Record<string, string> = {
  task: '.if 0\nv_foo v0\n.else\nv_mov_b32 v0, v1\n.endif\n.set X, 1\n.if X\ns_nop 0\n.else\nv_bar v1\n.endif\n',
  takenBranchError: '.if 1\nv_foo v0\n.else\nv_bar v0\n.endif\n',
  elseTakenError: '.if 0\nv_foo v0\n.else\nv_bar v0\n.endif\n',
  elseif: '.if 0\nv_a\n.elseif 0\nv_b\n.elseif 1\nv_c\n.elseif 1\nv_d\n.else\nv_e\n.endif\n',
  elseifValid: '.if 0\nv_a\n.elseif 2 - 2\nv_b\n.elseif 1\ns_nop 0\n.else\nv_e\n.endif\n',
  nestedUntaken: '.if 0\n.if 1\nv_x\n.else\nv_y\n.endif\nv_z\n.else\n.if 0\nv_w\n.endif\ns_nop 0\n.endif\n',
  nestedTaken: '.if 1\n.if 0\nv_x\n.elseif 1\nv_y\n.endif\n.endif\n',
  ifFamily: '.ifeq 0\nv_a\n.endif\n.ifeq 1\nv_b\n.endif\n.ifne 0\nv_c\n.endif\n.ifge -1\nv_d\n.endif\n.ifge 0\nv_e\n.endif\n.ifgt 0\nv_f\n.endif\n.ifle 0\nv_g\n.endif\n.iflt 0\nv_h\n.endif\n.iflt -1\nv_i\n.endif\n',
  upperCase: '.IF 0\nv_a\n.ELSE\nv_b\n.ENDIF\n',
  ifdef: '.ifdef Q\nv_a\n.endif\n.set Q, 1\n.ifdef Q\nv_b\n.endif\n.ifndef Q\nv_c\n.endif\n.ifndef R\nv_d\n.endif\n',
  ifdefLabel: 'L:\n.ifdef L\nv_a\n.endif\n.ifndef L\nv_b\n.endif\n',
  ifb: '.ifb\nv_a\n.endif\n.ifb x\nv_b\n.endif\n.ifnb\nv_c\n.endif\n.ifnb x\nv_d\n.endif\n',
  noDefinitionInUntaken: '.if 0\n.set Y, 1\n.endif\n.if Y\nv_a\n.endif\n',
  noLabelInUntaken: '.if 0\nL:\n.endif\n.ifdef L\nv_a\n.endif\n',
  definitionInTaken: '.if 1\n.set Y, 0\n.endif\n.if Y\nv_a\n.endif\n',
  equivAndEquals: 'A = 3\n.equiv B, A - 3\n.if A\n.else\nv_a\n.endif\n.if B\nv_b\n.endif\n',
  labelDifference: 'a:\nb:\n.if b-a\nv_foo\n.else\nv_bar\n.endif\n',
  undefinedSymbol: '.if U\nv_foo\n.else\nv_bar\n.endif\n',
  strayElse: '.else\ns_nop 0\n',
  strayElseif: '.elseif 1\ns_nop 0\n',
  strayEndif: 's_nop 0\n.endif\n',
  doubleElse: '.if 0\n.else\n.else\nv_a\n.endif\n',
  doubleElseUntaken: '.if 1\n.else\n.else\nv_a\n.endif\n',
  elseifAfterElse: '.if 1\n.else\n.elseif 1\nv_a\n.endif\n',
  missingEndif: '.if 1\ns_nop 0\n',
  missingEndifUntaken: '.if 0\nv_a\n',
  sameLineRepeated: 'v_mov_b32 v0, v1\n.if 0\nv_mov_b32 v0, v1\nv_foo\n.else\nv_mov_b32 v0, v1\n.endif\nv_mov_b32 v0, v1\n.if 1\nv_mov_b32 v0, v1\n.else\nv_mov_b32 v0, v1\nv_foo\n.endif\n',
  macroUntaken: '.if 0\n.macro M\n.endm\n.endif\nM\n',
  macroTaken: '.if 1\n.macro M\nv_nop\n.endm\n.endif\nM\n',
  kernelInUntaken: '.if 0\n.amdhsa_kernel k\n.amdhsa_foo 1\n.end_amdhsa_kernel\n.endif\ns_nop 0\n',
  ifc: '.ifc a,a\nv_eq\n.endif\n.ifc a , a \nv_sp\n.endif\n.ifc a,b\nv_ne\n.endif\n.ifnc a,b\nv_nc\n.endif\n.ifc a b,a b\nv_ab\n.endif\n.ifc a\nv_x\n.endif\n.ifc a,a ; v_semi\n.endif\n.ifc "a",a\nv_q\n.endif\n.ifc "a,b",x\nv_r\n.endif\n',
  ifcValid: '.ifc x,y\nv_foo\n.else\ns_nop 0\n.endif\n.ifnc x, x\nv_foo\n.endif\n',
  ifeqs: '.ifeqs "a","a"\nv_1\n.endif\n.ifeqs "a", "b"\nv_2\n.endif\n.ifnes "a","b"\nv_3\n.endif\n.ifeqs a,"a"\nv_4\n.endif\n.ifeqs "a"\nv_5\n.endif\n.ifnes "x"\n.endif\n',
  ifeqsValid: '.ifeqs "a","b"\nv_foo\n.endif\n.ifnes "a", "a"\nv_foo\n.else\ns_nop 0\n.endif\n',
  trailingText: '.if 0 junk\nv_a\n.endif\n.if 1\n.elseif 1 junk\nv_b\n.endif\n.ifdef X Y\nv_c\n.endif\n.ifeqs "a","a" x\nv_d\n.endif\n',
  ifInKernel: '.amdhsa_kernel k\n.if 0\n.amdhsa_foo 1\n.endif\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n',
  ifdefForwardReference: 's_branch L\n.ifdef L\nv_a\n.endif\n.ifndef L\nv_b\n.endif\nL:\n.ifdef L\nv_c\n.endif\n',
  labelValuedSymbol: 'L:\n.set A, L\n.ifdef A\nv_a\n.endif\n.if A\nv_b\n.endif\n.set B, 2 * 3 - 6\n.if B\nv_c\n.endif\n',
  predefined: '.if .amdgcn.gfx_generation_number - 9\nv_a\n.else\ns_nop 0\n.endif\n',
  missingOperands: '.ifdef\n.endif\n.ifdef 1\n.endif\n.if\n.endif\n.ifeq\nv_a\n.endif\n',
  semicolons: '.if 0 ; v_foo ; .else ; v_bar ; .endif\n',
};

describe('AMDGPU conditional assembly against llvm-mc-19', () => {
  test('fixed cases: the same error lines, memo on and off', { skip }, () => {
    const problems: string[] = [];
    for (const [name, text] of Object.entries(CASES)) {
      const t = theirLines(text);
      const o = ourLines(text);
      const off = ourLines(text, false);
      if (JSON.stringify(off) !== JSON.stringify(o)) problems.push(`${name}: memo on ${o}, off ${off}`);
      if (JSON.stringify(t) !== JSON.stringify(o)) problems.push(`${name}: llvm-mc ${t}, gpuasm ${o}`);
    }
    assert.deepEqual(problems, []);
  });

  test('the cases include valid and broken files', { skip }, () => {
    const valid = Object.values(CASES).filter((t) => theirLines(t).length === 0).length;
    assert.ok(valid >= 5 && valid < Object.keys(CASES).length, `valid ${valid} of ${Object.keys(CASES).length}`);
  });

  test('random nested blocks: the same error lines, memo on and off', { skip }, () => {
    const seed = fuzzSeed();
    const runs = fuzzRuns(40);
    const line = fc.constantFrom('v_nop', 'v_mov_b32 v0, v1', 'v_foo v0', 's_nop 0', '.set S, 1', '.set S, 0', 'L1:');
    const cond = fc.constantFrom('.if 0', '.if 1', '.if S', '.ifdef S', '.ifndef S', '.ifdef L1', '.ifeq S', '.iflt S - 1');
    const block: fc.Memo<string[]> = fc.memo((n) =>
      n <= 1
        ? fc.array(line, { maxLength: 2 })
        : fc.oneof(
            fc.array(line, { maxLength: 2 }),
            fc.tuple(cond, block(n - 1), fc.option(fc.tuple(cond, block(n - 1)), { nil: undefined }), fc.option(block(n - 1), { nil: undefined }), fc.boolean()).map(([c, a, ei, e, close]) => [
              c,
              ...a,
              ...(ei ? [ei[0].replace('.if', '.elseif').replace(/^\.elseif(def|ndef|eq|lt)/, '.elseif'), ...ei[1]] : []),
              ...(e ? ['.else', ...e] : []),
              ...(close ? ['.endif'] : []),
            ]),
            fc.constantFrom('.else', '.endif', '.elseif 1').map((d) => [d]),
          ),
    );
    let cases = 0;
    fc.assert(
      fc.property(fc.array(block(3), { minLength: 1, maxLength: 4 }), (parts) => {
        const text = parts.flat().join('\n') + '\n';
        cases++;
        const t = theirLines(text);
        const o = ourLines(text);
        assert.deepEqual(ourLines(text, false), o, `memo off differs:\n${text}`);
        assert.deepEqual(o, t, `error lines differ (llvm-mc ${t}, gpuasm ${o}):\n${text}`);
      }),
      { seed, numRuns: runs },
    );
    console.log(`conditionals fuzz: seed ${seed}, ${cases} cases`);
  });
});
