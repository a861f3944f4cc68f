/**
 * Branches out of reach (AMD557, check/branch-reach.ts) against `llvm-mc-19 -filetype=obj` ("branch
 * size exceeds simm16", found when it lays the section out), skipped with the reason printed where
 * llvm-mc-19 is missing: files of a label and a branch with data and instructions between them at
 * both limits (131,068 / 131,072 bytes back, 131,072 / 131,076 forward from the branch's start), on
 * four GPUs, each file's error lines the same; the kinds gpuasm does not measure (a local label,
 * `.org`, `.p2align`, a section left and re-entered) may only be missed, never refused wrongly.
 * And branches to a label never defined (AMD558, "undefined label", also a layout error). And the repeated-line memo: the same answer with it off, and
 * remembered section switches still end a run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const rep = (line: string, n: number) => line.repeat(n);
const longs = (n: number) => rep(`.long ${Array(64).fill('0').join(', ')}\n`, n);

/** name -> file text. */
const CASES: Record<string, string> = {
  backFill: 'L:\n.fill 32768, 4, 0x7e\ns_branch L\n',
  backFillIn: 'L:\n.fill 32767, 4, 0x7e\ns_branch L\n',
  backBytes: 'L:\n.fill 131072, 1, 0\ns_branch L\n',
  backBytesIn: 'L:\n.fill 131071, 1, 0\ns_branch L\n',
  backNops: `L:\n${rep('s_nop 0\n', 32768)}s_branch L\n`,
  backNopsIn: `L:\n${rep('s_nop 0\n', 32767)}s_branch L\n`,
  backMixed: `L:\n${rep('s_nop 0\n', 16384)}.fill 16384, 4, 0\ns_cbranch_scc1 L\n`,
  backMixedIn: `L:\n${rep('s_nop 0\n', 16384)}.fill 16383, 4, 0\ns_cbranch_vccz L\n`,
  forwardFill: 's_branch L\n.fill 32768, 4, 0x7e\nL:\ns_endpgm\n',
  forwardFillIn: 's_branch L\n.fill 32767, 4, 0x7e\nL:\ns_endpgm\n',
  forwardBytes: 's_branch L\n.fill 131072, 1, 0\nL:\ns_endpgm\n',
  forwardBytesIn: 's_branch L\n.fill 131071, 1, 0\nL:\ns_endpgm\n',
  forwardNops: `s_cbranch_execz L\n${rep('v_nop\n', 32768)}L:\ns_endpgm\n`,
  forwardNopsIn: `s_cbranch_execz L\n${rep('v_nop\n', 32767)}L:\ns_endpgm\n`,
  forwardTwo: 's_branch L\ns_branch L\n.fill 32767, 4, 0\nL:\ns_endpgm\n',
  call: 'L:\n.fill 32768, 4, 0x7e\ns_call_b64 s[0:1], L\n',
  callIn: 'L:\n.fill 32767, 4, 0x7e\ns_call_b64 s[0:1], L\n',
  sizes: 'L:\n.fill 16384, 16, 0\n.fill -1, 4, 0\n.fill 1, 0, 0\ns_branch L\n',
  space: 'L:\n.space 131072\ns_branch L\n',
  skip: 'L:\n.skip 131071\ns_branch L\n',
  zero: 'L:\n.zero 131072\ns_branch L\n',
  longs: `L:\n${longs(512)}s_branch L\n`,
  longsIn: `L:\n${longs(511)}.quad 0\n.short 0, 0\n.byte 0, 1, 2, 3\ns_branch L\n`,
  symbolCount: 'n = 32768\nL:\n.fill n, 4, 0\ns_branch L\n',
  twoErrors: 'L:\n.fill 32768, 4, 0x7e\ns_branch L\ns_branch L\ns_mov_b32 s0, s1\n',
  otherError: 'L:\n.fill 32768, 4, 0x7e\ns_branch L\ns_mov_b32 s0, v1\n',
  notTaken: 'L:\n.if 0\n.fill 32768, 4, 0\n.endif\n.rept 0\n.fill 32768, 4, 0\n.endr\ns_branch L\n',
  sectionBetween: 'L:\n.section .data\n.fill 32768, 4, 0\n.text\ns_branch L\n',
  // Remembered lines (the second `.text`, `.section .data`, `s_nop 0`) are skipped by the memo: a skipped section switch still ends the run.
  sectionsRemembered: `.text\ns_nop 0\n.section .data\n.long 0\n.text\ns_nop 0\nL:\n.section .data\n.fill 32768, 4, 0\n.text\ns_nop 0\ns_branch L\n`,
  // Not measured by gpuasm (misses): llvm-mc-19 refuses each.
  localBack: '1:\n.fill 32768, 4, 0\ns_branch 1b\n',
  localForward: 's_branch 1f\n.fill 32768, 4, 0\n1:\ns_endpgm\n',
  org: 'L:\n.org 131072\ns_branch L\n',
  p2align: 'L:\n.fill 32767, 4, 0\n.p2align 8\ns_branch L\n',
  sectionReentered: '.text\nL:\n.fill 32768, 4, 0\n.section .data\n.long 0\n.text\ns_branch L\n',
  // A branch to a label never defined (AMD558): refused, declared or not; defined later in any way, taken.
  undefinedTarget: '.fill 32768, 4, 0\ns_branch U\n',
  undefinedGlobl: '.globl U\ns_branch U\ns_endpgm\n',
  undefinedExtern: '.extern U\ns_call_b64 s[0:1], U\n',
  undefinedWeak: 's_cbranch_scc0 U\n.weak U\n',
  undefinedAfterError: 's_branch U\ns_mov_b32 s0, v1\n',
  definedLater: 's_branch U\nU = 5\n',
  definedElsewhere: 's_branch U\n.section .data\nU:\n.long 0\n',
  definedAsVariable: 's_branch U\n.set U, V\nV:\n',
  // Not measured: the second branch to the same undefined label, a label defined in an unexpanded macro body, a common symbol.
  undefinedTwice: 's_branch U\ns_branch U\n',
  undefinedInMacro: '.macro M\nU:\n.endm\ns_branch U\n',
  undefinedCommon: 's_branch U\n.comm U, 4\n',
};
const NOT_MEASURED = new Set(['localBack', 'localForward', 'org', 'p2align', 'sectionReentered', 'undefinedTwice', 'undefinedInMacro', 'undefinedCommon']);

function errorLines(lines: readonly (number | undefined)[]): string {
  return [...new Set(lines)].sort((a, b) => a! - b!).join(' ');
}

for (const mcpu of ['gfx900', 'gfx1030', 'gfx1100', 'gfx1200']) {
  test(`branches out of reach at layout, as llvm-mc-19 -filetype=obj: ${mcpu}`, { skip }, () => {
    const wrong: string[] = [];
    let refused = 0;
    let found = 0;
    for (const [name, text] of Object.entries(CASES)) {
      const mc = runLlvmMc(text, { mcpu, filetype: 'obj' });
      const theirs = errorLines(mc.messages.filter((m) => m.severity === 'error').map((m) => m.line));
      const oursDiags = checkAmdgpuText(`${name}.s`, text, { mcpu }).filter((d) => d.severity === 'error');
      const ours = errorLines(oursDiags.map((d) => d.location?.line));
      if (theirs !== '') refused++;
      if (oursDiags.some((d) => d.code === 'AMD557')) found++;
      // The memo changes nothing.
      const plain = errorLines(checkAmdgpuText(`${name}.s`, text, { mcpu, repeats: false }).filter((d) => d.severity === 'error').map((d) => d.location?.line));
      if (plain !== ours) wrong.push(`${name}: gpuasm [${ours}], without the memo [${plain}]`);
      if (NOT_MEASURED.has(name)) {
        // Missed (fewer lines than llvm-mc-19's, never one it takes).
        if (ours.split(' ').some((l) => l !== '' && !theirs.split(' ').includes(l)) || theirs === '' || ours === theirs) wrong.push(`${name} (not measured): llvm-mc [${theirs}], gpuasm [${ours}]`);
      } else if (theirs !== ours) wrong.push(`${name}: llvm-mc [${theirs}] ${mc.messages[0]?.message ?? ''}, gpuasm [${ours}]`);
    }
    assert.deepEqual(wrong, []);
    assert.ok(refused > 10 && refused < Object.keys(CASES).length - 5, `${mcpu}: llvm-mc-19 refuses ${refused} files (both verdicts needed)`);
    assert.ok(found > 10, `${mcpu}: AMD557 on ${found} files`);
  });
}
