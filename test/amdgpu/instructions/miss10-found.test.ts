/**
 * Session 21 (amdmiss10): misses found by a mutation sweep of the corpus's instruction lines
 * (clang output and LLVM MC tests; register class, tuple size, modifiers, source values and
 * source modifiers changed, seven processors). Each rule: the expected error under its input lines
 * (no tool needed), then a matrix judged line by line against llvm-mc-19 (skipped with a printed
 * reason without it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, compareLines, sampleOperands, verifiedValuForms, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';
import { OperandFile as F } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;

const ALL = ['gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1201'];

test('source modifiers around a constant or off in scalar and memory instructions: expected errors', () => {
  expectErrors('gfx900', [
    ['buffer_load_dword v1, |off|, s[0:3], s4', 'AMD507 23 not a valid operand'],
    ['buffer_load_dword v1, neg(off), s[0:3], s4', 'AMD507 23 not a valid operand'],
    ['buffer_load_dword v1, -off, s[0:3], s4', 'AMD505 23 invalid operand for instruction'],
    ['buffer_load_dword v1, off, s[0:3], neg(1)', 'AMD507 36 not a valid operand'],
    ['buffer_load_dword v1, off, s[0:3], |1|', 'AMD507 36 not a valid operand'],
    ['scratch_load_dword v1, |off|, s4', 'AMD507'],
    ['s_load_dword s1, s[0:1], |4|', 'AMD507'],
    ['buffer_load_dword v1, off, s[0:3], -1', ''],
    ['v_mov_b32 v0, -off', ''],
  ]);
  expectErrors('gfx1100', [
    ['tbuffer_load_format_x v1, off, s[0:3], format:22, |0|', 'AMD507'],
    ['scratch_load_b32 v1, -|off|, s33 offset:56', 'AMD507'],
  ]);
});

test('source modifiers around constants and off in scalar, memory and MFMA instructions', { skip }, () => {
  const vals = ['off', '1', '-1', '0', '4', '1.0', 's4', 'v2'];
  const wraps = ['X', '-X', '|X|', 'neg(X)', 'abs(X)', 'sext(X)', '-|X|'];
  const insts = ['buffer_load_dword v1, A, s[0:3], s4', 'buffer_load_dword v1, off, s[0:3], A', 'buffer_store_dword v1, A, s[0:3], 0 offset:4',
    'scratch_load_dword v1, A, s4', 'scratch_load_dword v1, v2, A', 'global_load_dword v1, v[2:3], A', 's_load_dword s1, s[0:1], A',
    's_mov_b32 s1, A', 's_add_u32 s1, s2, A', 's_nop A', 'ds_write_b32 v1, v2 offset:A'];
  const lines: string[] = [];
  for (const t of insts) for (const w of wraps) for (const v of vals) lines.push(t.replace('A', w.replace('X', v)));
  // (Left: `offset:` under modifiers, and `-off` (the symbol `off` negated) where a register or
  // constant goes, refused by llvm-mc-19 as an expression.)
  assertLinesAgree(lines, ['gfx900', 'gfx1030', 'gfx1100', 'gfx1201'], { verdicts: 'both', countMiss: (l) => !l.includes('offset:') && !l.includes('-off') });
  const mfma: string[] = [];
  for (const w of wraps) for (const v of ['1', '1.0', '0', 'v1']) mfma.push(`v_mfma_f32_4x4x1f32 a[0:3], v1, v2, ${w.replace('X', v)}`);
  // (gfx942's unsuffixed MFMA spelling also selects forms the table could not verify: not judged there.)
  assertLinesAgree(mfma, ['gfx90a'], { verdicts: 'both' });
});

test('VALU: sext around a constant, modifiers on K, VOPD and DPP: expected errors', () => {
  expectErrors('gfx900', [
    ['v_add_f32 v1, sext(1), v2', 'AMD507 15 not a valid operand'],
    ['v_writelane_b32 v1, s2, sext(1)', 'AMD507 25 not a valid operand'],
    ['v_fract_f64 v[0:1], sext(1)', 'AMD507 21 not a valid operand'],
    ['v_madmk_f32 v1, v2, neg(1.0), v3', 'AMD507 21 not a valid operand'],
    ['v_add_u32_e64 v1, sext(0x12345678), v2', 'AMD509'],
    ['v_mov_b32_dpp v1, neg(1) quad_perm:[0,1,2,3]', 'AMD505'],
    ['v_add_u32_e64 v1, sext(1), v2', ''],
    ['v_and_b32 v1, sext(1), v2', ''],
    ['v_madmk_f32 v1, v2, -1.0, v3', ''],
  ]);
  expectErrors('gfx1100', [
    ['v_mov_b32 v1, sext(1)', 'AMD507 15 not a valid operand'],
    ['v_fmaak_f32 v1, s1, v3, abs(0x3f080000)', 'AMD507 25 not a valid operand'],
    ['v_dual_mov_b32 v12, v5 :: v_dual_add_f32 v11, neg(1.0), v2', 'AMD505 47 not a valid operand'],
    ['v_dual_mov_b32 v12, sext(1) :: v_dual_add_f32 v11, 1.0, v2', 'AMD505 21 not a valid operand'],
    ['v_fmaak_f32 v1, s1, v3, -0x3f080000', ''],
    ['v_dual_mov_b32 v12, -1 :: v_dual_add_f32 v11, -1.0, v2', ''],
  ]);
  expectErrors('gfx803', [['v_cvt_f32_i32_sdwa v1, sext(1) src0_sel:WORD_0', 'AMD505']]);
});

test('VALU: source modifiers around constants at every position of chosen forms', { skip }, () => {
  const vals = ['1', '-1', '0.5', '1.0', '0x12345678', '0x3c00', '64'];
  const wraps = ['sext(X)', 'neg(X)', 'abs(X)', '|X|', '-|X|', '-X'];
  const insts = ['v_add_u32 v1, A, v2', 'v_add_u32_e64 v1, A, v2', 'v_add_u32_sdwa v1, A, v2', 'v_add_f32 v1, A, v2', 'v_add_f32_e64 v1, v2, A',
    'v_and_b32 v1, A, v2', 'v_and_b32_e64 v1, v2, A', 'v_mov_b32 v1, A', 'v_mov_b32_e64 v1, A', 'v_mov_b32_sdwa v1, A', 'v_cvt_f32_i32_sdwa v1, A',
    'v_add_nc_u32 v1, A, v2', 'v_add_nc_u32_e64 v1, v2, A', 'v_mad_u32_u24 v1, A, v2, v3', 'v_writelane_b32 v1, s2, A', 'v_readlane_b32 s1, v1, A',
    'v_lshlrev_b64 v[2:3], A, v[2:3]', 'v_fract_f64 v[0:1], A', 'v_fma_f32 v1, v2, v3, A', 'v_cmp_eq_u32 vcc, A, v2', 'v_cmp_eq_u32_e64 s[0:1], A, v2',
    'v_madmk_f32 v1, v2, A, v3', 'v_madak_f32 v1, v2, v3, A', 'v_fmaak_f32 v1, s1, v3, A', 'v_fmamk_f32 v1, v2, A, v3',
    'v_mov_b32_dpp v1, A quad_perm:[0,1,2,3]', 'v_add_f32_dpp v1, A, v2 quad_perm:[0,1,2,3]', 'v_add_f32_dpp v1, v2, A row_shl:1'];
  const lines: string[] = [];
  for (const t of insts) for (const w of wraps) for (const v of vals) lines.push(t.replace('A', w.replace('X', v)));
  // (Left: `--1`, "invalid syntax, expected 'neg' modifier", and an integer inline only as 16 bits
  // under modifiers, `neg(0x3c00)` in a 32-bit source, a literal there; gfx90a's v_writelane_b32
  // with a negative literal lane select, `-64`, no modifier.)
  assertLinesAgree(lines, ALL, { verdicts: 'both', countMiss: (l) => !l.includes('--') && !l.includes('0x3c00') && !/^v_writelane_b32 .*, -[0-9]/.test(l) });
  const dual: string[] = [];
  for (const w of ['X', ...wraps]) for (const v of ['1', '1.0', '0x3c00', 'v7', 's1']) {
    const a = w.replace('X', v);
    dual.push(`v_dual_mov_b32 v12, ${a} :: v_dual_add_f32 v11, 1.0, v2`, `v_dual_mov_b32 v12, v5 :: v_dual_add_f32 v11, ${a}, v2`,
      `v_dual_fmaak_f32 v11, s1, v18, ${a} :: v_dual_mov_b32 v12, v5`, `v_dual_mov_b32 v12, v5 :: v_dual_fmamk_f32 v11, s1, ${a}, v18`);
  }
  // (Left, older than this session: `-v7`/`-s1` as the X half's last operand, before `::`, is read
  // as an expression and taken.)
  assertLinesAgree(dual, ['gfx1100', 'gfx1201'], { verdicts: 'both', countMiss: (l) => !/, -[vs][0-9]+ ::/.test(l) });
});

test('integers inline only as 16 bits in 32-bit VALU sources: expected errors', () => {
  expectErrors('gfx900', [
    ['v_fma_f32 v1, v2, 0x3c00, v3', 'AMD509 19 literal operands are not supported'],
    ['v_and_b32 v10, 0x3c00, s7', 'AMD509 16 literal operands are not supported'],
    ['v_cmp_eq_f64 s[10:11], 0x3c00, v[18:19]', 'AMD509 24 literal operands are not supported'],
    ['v_cndmask_b32_e32 v6, 0x3c00, v6, vcc', 'AMD509'],
    ['v_add_u16_e64 v1, 0xffff, v2', 'AMD509'],
    ['v_mad_u16 v1, v2, 0x3c00, v3', 'AMD509'],
    ['v_and_b32 v10, 0x3c00, v7', ''],
    ['v_cmp_eq_f64 vcc, 0x3c00, v[18:19]', ''],
    ['v_add_f16_e64 v1, 0xffff, v2', ''],
    ['v_add_u16_sdwa v1, 0xffff, v2', ''],
    ['v_fma_f32 v1, v2, 0x3f800000, v3', ''],
  ]);
  expectErrors('gfx1030', [
    ['v_cndmask_b32_e64 v4, s15, 0x3c00, s23', 'AMD508'],
    ['v_fma_f32 v1, 0x3c00, 0x12345678, v3', 'AMD510'],
    ['v_fma_f32 v1, 0x3c00, 0x3c00, v3', ''],
  ]);
  expectErrors('gfx90a', [['v_pk_mul_f32 v[56:57], v[58:59], 0x3e22f983', '']]);
});

test('integers inline only as 16 bits: every verified VALU form, each source, beside VGPRs and an SGPR', { skip }, () => {
  const vals = ['0x3c00', '0xffff', '0x3118', '65535'];
  for (const cpu of ALL) {
    const lines = new Set<string>();
    for (const f of verifiedValuForms(cpu)) {
      const ops = sampleOperands(f);
      f.operands.forEach((o, j) => {
        if (!(o.kind === 'src' || o.kind === 'ssrc') || (o.files & F.INLINE) === 0) return;
        for (const v of vals) {
          const a = ops.slice();
          a[j] = v;
          lines.add(`${f.spelled} ${a.join(', ')}`);
          const k = f.operands.findIndex((q, m) => m !== j && (q.kind === 'src' || q.kind === 'ssrc') && (q.files & F.S) !== 0);
          if (k >= 0) {
            const b = a.slice();
            b[k] = 's7';
            lines.add(`${f.spelled} ${b.join(', ')}`);
          }
        }
      });
    }
    // No false error anywhere; misses are counted and bounded (left: the f16/bf16 instructions,
    // GFX9 SDWA and packed 32-bit forms, whose classes the name does not tell; docs/divergences.md).
    const r = compareLines([...lines], cpu, () => true);
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${cpu}: ${r.falseErrors.length} false errors`);
    const bound: Record<string, number> = { gfx803: 76, gfx900: 174, gfx90a: 376, gfx942: 376, gfx1030: 264, gfx1100: 52, gfx1201: 52 };
    assert.ok(r.missed.length <= bound[cpu]!, `${cpu}: ${r.missed.length} missed (bound ${bound[cpu]}):\n${r.missed.slice(0, 10).join('\n')}`);
    assert.ok(r.mcErrors > 0, `${cpu}: the matrix has broken lines`);
  }
});
