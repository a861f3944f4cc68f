/**
 * Rules found by running llc-19 (LLVM's code generator) over a held-out set of LLVM IR inputs and
 * comparing gpuasm with llvm-mc-19 on its output, each generalized here into a matrix of lines
 * written for this test and judged line by line against llvm-mc-19: SMRD immediate offsets on
 * GFX6/GFX7 (8-bit and 32-bit unsigned, integers only), and the target-independent symbol
 * attribute directives (`.no_dead_strip`, which llc writes for llvm.used, and its kin; empty lists).
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('SMEM immediate offsets on GFX6 (uimm8), GFX7 (uimm32) and later', { skip }, () => {
  const loads = ['s_load_dword s4, s[6:7],', 's_load_dwordx4 s[4:7], s[6:7],', 's_buffer_load_dwordx2 s[4:5], s[8:11],'];
  const offsets = ['0', '0x40', '0x41', '0xfa', '0xff', '0x100', '0xfffff', '0xffffffff', '0x100000000', '-1', '-16', '-17', '1.0', '0.5', '-1.0', 's9', 'm0'];
  const lines = loads.flatMap((l) => offsets.map((o) => `${l} ${o}`));
  assertLinesAgree(lines, ['tahiti', 'bonaire', 'hawaii', 'tonga', 'gfx900'], { verdicts: 'both' });
});

test('symbol attribute directives: names, empty lists, temporaries, separators', { skip }, () => {
  const directives = ['.globl', '.global', '.weak', '.hidden', '.local', '.addrsig_sym', '.no_dead_strip', '.NO_DEAD_STRIP', '.lazy_reference', '.reference', '.weak_definition', '.weak_reference', '.private_extern', '.symbol_resolver', '.cold', '.extern'];
  const args = ['', 'foo', '.Lfoo', '"q w"', '".Lq"', 's0', '1', 'foo bar', 'foo,', 'foo, bar', 'foo, .Lfoo', 'foo+1', 'foo ; comment'];
  const lines = ['foo:', 'bar:'];
  for (const d of directives) for (const a of args) lines.push(`${d} ${a}`.trimEnd());
  assertLinesAgree(lines, ['gfx900', 'gfx1100'], { verdicts: 'both' });
});

test('d16 buffer format data sizes, GFX10 names (`_format_d16_xyzw`) and GFX11+ names (`_d16_format_xyzw`)', { skip }, () => {
  for (const mcpu of ['gfx803', 'gfx810', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200']) {
    const format = /^gfx[89]/.test(mcpu) ? ' format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]' : ' format:[BUF_FMT_32_FLOAT]';
    const lines: string[] = [];
    for (const op of ['buffer_store', 'buffer_load', 'tbuffer_store', 'tbuffer_load'])
      for (const name of ['d16_format_x', 'd16_format_xy', 'd16_format_xyz', 'd16_format_xyzw', 'format_d16_x', 'format_d16_xy', 'format_d16_xyz', 'format_d16_xyzw', 'd16_hi_format_x', 'format_d16_hi_x'])
        for (const data of ['v1', 'v[1:2]', 'v[1:3]']) lines.push(`${op}_${name} ${data}, off, s[0:3], s4${op.startsWith('t') ? format : ''}`);
    assertLinesAgree(lines, [mcpu], { verdicts: 'both' });
  }
});

test('FLAT `offset:` on GFX7-8: read, 0 taken, other values refused', { skip }, () => {
  const insts = ['flat_load_dword v1, v[3:4]', 'flat_store_dword v[3:4], v1', 'flat_atomic_add v1, v[3:4], v5', 'flat_atomic_cmpswap_x2 v[1:2], v[3:4], v[5:8]'];
  const mods = [' offset:0', ' offset:0 glc', ' offset:0 glc slc', ' glc offset:0', ' offset:0x0', ' offset:1-1', ' offset:4', ' offset:-1', ' offset:4095', ' offset:0 offset:0'];
  const lines = insts.flatMap((i) => mods.map((m) => i + m));
  assertLinesAgree(lines, ['bonaire', 'kaveri', 'tonga', 'gfx810', 'gfx900'], { verdicts: 'both' });
});

test('SMEM data registers: no m0 nor exec (or its halves); other special registers taken', { skip }, () => {
  const ops = ['s_load_dword {d}, s[0:1], s4', 's_load_dword {d}, s[0:1], 0x0', 's_buffer_load_dword {d}, s[0:3], s4', 's_store_dword {d}, s[2:3], 0x0', 's_buffer_store_dword {d}, s[0:3], 0x0', 's_atomic_add {d}, s[2:3], 0x0', 's_memtime {D}', 's_memrealtime {D}', 's_load_dwordx2 {D}, s[0:1], s4', 's_store_dwordx2 {D}, s[2:3], 0x0', 's_buffer_load_dwordx2 {D}, s[0:3], s4', 's_load_dword s5, {D}, s4', 's_load_dword s5, s[0:1], {d}'];
  const regs: [string, string][] = [['m0', 'exec'], ['exec_lo', 'vcc'], ['exec_hi', 'flat_scratch'], ['vcc_lo', 'xnack_mask'], ['s5', 's[4:5]'], ['ttmp0', 'ttmp[0:1]'], ['null', 'tba'], ['vcc_hi', 'tma']];
  const lines = ops.flatMap((o) => regs.map(([d, D]) => o.replace('{d}', d).replace('{D}', D)));
  assertLinesAgree(lines, ['tahiti', 'bonaire', 'tonga', 'gfx900', 'gfx90a', 'gfx1010', 'gfx1100', 'gfx1200'], { verdicts: 'both' });
});

test('.ifnotdef (.ifndef\'s other spelling); .error, .warning and .print with and without strings', { skip }, () => {
  const lines = [
    'foo = 1',
    '.ifnotdef foo', '.error "taken?"', '.else', 's_nop 0', '.endif',
    '.ifnotdef bar', 's_nop 1', '.endif',
    '.ifnotdef', '.endif', '.ifnotdef 1', '.endif', '.ifnotdef foo bar', '.endif',
    '.ifdef foo', '.warning "in a taken branch"', '.endif',
    '.if 0', '.error "not taken"', '.print 1', '.endif',
    '.error "e"', '.error', '.error 1', '.error "e" junk',
    '.warning "w"', '.warning', '.warning 1', '.warning "a" "b"', '.warning "a", "b"', '.warning "w" // comment',
    '.print "p"', '.print', '.print 1', '.print "a", 1', '.print "p" ; comment',
  ];
  assertLinesAgree(lines, ['gfx900', 'gfx1100'], { verdicts: 'both' });
});
