/**
 * Session 20, second round (amdmiss9): a family of misses left by amdmiss8's one-element mutation
 * sweep. madak/madmk/fmaak/fmamk (f32) with an integer source inline only as 16 bits (`0xffff`,
 * a 16-bit -1; `0x3c00`, f16 1.0; `0x3118`, f16 1/(2*pi)): llvm-mc-19 reads it in their 32-bit
 * source as a literal, a second one beside a K of other 32 bits ("only one unique literal operand
 * is allowed"). First the expected error under each input line (no tool needed), then a matrix
 * of sources, K values and mnemonics judged line by line against llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;

test('madak/madmk/fmaak/fmamk f32: an integer inline only as 16 bits is a second literal beside K: expected errors', () => {
  expectErrors('gfx900', [
    ['v_madak_f32 v1, 0xffff, v2, 0x12345678',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madmk_f32 v1, 0xffff, 0x12345678, v2',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madak_f32_e32 v1, 0xffff, v2, 0x12345678',
     'AMD510 21 only one unique literal operand is allowed'],
    ['v_madak_f32 v1, 0xffff, v2, -1',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madak_f32 v1, 0xffff, v2, 0x3c00',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madmk_f32 v1, 0x3118, 0.5, v2',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madak_f32 v1, 0x4400, v2, 0x44000000',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madak_f32 v1, 0xffff, v2, 0xffff', ''],
    ['v_madak_f32 v1, 0xffff, v2, 65535', ''],
    ['v_madmk_f32 v1, 0xffff, 0xffff, v2', ''],
    ['v_madak_f32 v1, 0x3f800000, v2, 0x12345678', ''],
    ['v_madak_f32 v1, 0x3e22f983, v2, 0x12345678', ''],
    ['v_madak_f32 v1, 0xffffffff, v2, 0x12345678', ''],
    ['v_madak_f16 v1, 0xffff, v2, 0x1234', ''],
  ]);
  expectErrors('gfx600', [
    ['v_madak_f32 v1, 0xffff, v2, 0x12345678',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_madak_f32 v1, 0x3f800000, v2, 0x12345678', ''],
  ]);
  expectErrors('gfx1100', [
    ['v_fmaak_f32 v1, 0xffff, v2, 0x12345678',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_fmamk_f32 v1, 0x3c00, 0x12345678, v2',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_fmaak_f32 v1, 0xffff, v2, 65535.0',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_fmaak_f32 v1, 0x3c00, v2, 1.0',
     'AMD510 17 only one unique literal operand is allowed'],
    ['v_fmaak_f32 v1, 0xffff, v2, 0xffff', ''],
    ['v_fmaak_f16 v1, 0xffff, v2, 0x1234', ''],
    ['v_fmamk_f16 v1, 0xffff, 0x1234, v2', ''],
  ]);
});

const ALL = ['gfx600', 'gfx700', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];

test('madak/madmk/fmaak/fmamk: sources inline as 16 or 32 bits beside each kind of K', { skip }, () => {
  const srcs = ['0xffff', '65535', '0x3c00', '0x3118', '0x4400', '0xfffe', '0x3f800000', '0x3e22f983', '-1', '0xffffffff', '0x12345678', '0.5', 'v3'];
  const ks = ['0xffff', '65535', '-1', '0x3c00', '1.0', '0.5', '0x12345678', '65535.0', '0x44000000', '0x3118'];
  const insts = ['v_madak_f32 v1, X, v2, K', 'v_madak_f32_e32 v1, X, v2, K', 'v_madmk_f32 v1, X, K, v2', 'v_fmaak_f32 v1, X, v2, K', 'v_fmamk_f32 v1, X, K, v2',
    'v_madak_f16 v1, X, v2, K', 'v_fmaak_f16 v1, X, v2, K', 'v_fmamk_f16 v1, X, K, v2'];
  const lines: string[] = [];
  for (const t of insts) for (const x of srcs) for (const k of ks) lines.push(t.replace('X', x).replace('K', k));
  assertLinesAgree(lines, ALL, { verdicts: 'both' });
});

test('VOPD: an integer inline only as 16 bits is a literal of the pair: expected errors', () => {
  expectErrors('gfx1100', [
    ['v_dual_fmaak_f32 v1, 0xffff, v2, 0x12345678 :: v_dual_mov_b32 v4, v5',
     'AMD510'],
    ['v_dual_mov_b32 v4, 0xffff :: v_dual_add_f32 v1, 0x12345678, v2',
     'AMD510'],
    ['v_dual_mov_b32 v4, 0xffff :: v_dual_cndmask_b32 v1, s3, v2',
     'AMD508'],
    ['v_dual_mov_b32 v4, 0xffff :: v_dual_add_f32 v1, 65535, v2', ''],
    ['v_dual_dot2acc_f32_f16 v1, 0x3c00, v2 :: v_dual_add_f32 v4, 0x12345678, v5', ''],
    ['v_dual_mov_b32 v4, 0xffff :: v_dual_add_f32 v1, s3, v2', ''],
  ]);
});

test('VOPD: halves with sources inline as 16 or 32 bits, literals and SGPRs', { skip }, () => {
  const vals = ['0xffff', '65535', '0x3c00', '0x3118', '0x3f800000', '0x12345678', 'v5', 's3'];
  const xs = ['v_dual_mov_b32 v4, A', 'v_dual_add_f32 v4, A, v2', 'v_dual_fmaak_f32 v4, A, v2, 0xffff', 'v_dual_fmamk_f32 v4, A, 0x12345678, v2', 'v_dual_dot2acc_f32_f16 v4, A, v2'];
  const ys = ['v_dual_add_f32 v1, B, v3', 'v_dual_cndmask_b32 v1, B, v3', 'v_dual_mov_b32 v1, B', 'v_dual_fmaak_f32 v1, B, v3, 0x3c00'];
  const lines: string[] = [];
  for (const x of xs) for (const y of ys) for (const a of vals) for (const b of vals) lines.push(`${x.replace('A', a)} :: ${y.replace('B', b)}`);
  // (v_dual_dot2acc_f32_f16 with an integer inline only as 16 bits left unjudged: see vopdNarrowLiterals.)
  assertLinesAgree(lines, ['gfx1100', 'gfx1150', 'gfx1200'], { verdicts: 'both', countMiss: (line) => !line.startsWith('v_dual_dot2acc') });
});
