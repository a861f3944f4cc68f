/**
 * Session 20 (amdmiss8): misses found by mutating one element of valid lines (the disassembler
 * sweep's accepted lines of heldout8: register size, source modifier, operand kind, literal,
 * op_sel, spelling case, lds_direct) and judging each mutant with llvm-mc-19 per processor. Three
 * families, largest first: a name that is no register before `[` (`V[2]`, `S[4:7]`, `foo[0]`,
 * llvm-mc's register prefixes are lower case); lds_direct under neg/abs where the position takes
 * no such modifier (and with a DPP control); `lit(...)` around an inline value where no constant
 * is taken. First each rule's expected error under its input line (no tool needed), then the
 * matrices line by line against llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree, expectFirstErrors } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const expectErrors = expectFirstErrors;

test('a name that is no register before [ is a symbol and a register list: expected errors', () => {
  expectErrors('gfx900', [
    ['v_mov_b32 v1, foo[2]',
     'AMD315 19 expected a register or a list of registers'],
    ['s_mov_b64 s[0:1], S[2:3]',
     'AMD315 21 expected a register or a list of registers'],
    ['v_add_f32 v1, v2, V[3]',
     'AMD315 21 expected a register or a list of registers'],
    ['buffer_load_dword v1, off, S[4:7], 0',
     'AMD315 30 expected a register or a list of registers'],
    ['v_mov_b32 v1, foo[v2:3]',
     'AMD314 21 expected a comma or a closing square bracket'],
    ['v_mov_b32 v1, V [3]',
     'AMD315 18 expected a register or a list of registers'],
    ['v_mov_b32 v1, vcc[2]',
     'AMD315 19 expected a register or a list of registers'],
    ['v_mov_b32 v1, v[2]', ''],
    ['s_mov_b32 s1, ttmp[2]', ''],
  ]);
  expectErrors('gfx90a', [
    ['v_accvgpr_read_b32 v0, acc[2]', ''],
    ['v_accvgpr_read_b32 v0, ACC[2]',
     'AMD315 28 expected a register or a list of registers'],
  ]);
});

test('lds_direct under neg/abs where the position takes none: expected errors', () => {
  expectErrors('gfx900', [
    ['v_and_b32 v1, |lds_direct|, v2',
     'AMD507 15 not a valid operand'],
    ['v_mov_b32 v1, -lds_direct',
     'AMD507 15 not a valid operand'],
    ['v_min_f32_e32 v56, |lds_direct|, v69',
     'AMD507'],
    ['v_add_f32 v1, lds_direct, v2 row_shl:1',
     'AMD505 15 invalid operand for instruction'],
    ['v_add_f32 v1, |lds_direct|, v2', ''],
    ['v_add_f32_e64 v1, -lds_direct, v2', ''],
    ['v_add_f16 v1, -lds_direct, v2', ''],
  ]);
  expectErrors('gfx1030', [
    // The DPP form matched first without a DPP control is not what llvm-mc-19 encodes (VOP3).
    ['v_fmac_f32 v1, -lds_direct, v2', ''],
    ['v_cvt_f16_i16 v121, neg(lds_direct)',
     'AMD507'],
  ]);
});

test('lit() around an inline value where no constant is taken: expected errors', () => {
  expectErrors('gfx900', [
    ['v_add_f32_e32 v81, s68, lit(1)',
     'AMD505 25 invalid operand for instruction'],
    ['ds_write_b32 lit(1), v2',
     'AMD505 14 invalid operand for instruction'],
    ['v_add_f32_e64 v1, lit(1), v2', ''],
    ['v_add_f32_sdwa v1, lit(1), v2', ''],
  ]);
  expectErrors('gfx1100', [
    ['v_add_f32_e32 v1, v2, lit(1)',
     'AMD505 23 invalid operand for instruction'],
    ['v_add_f32_e64 v1, lit(1), lit(2)', ''],
  ]);
});

const ALL = ['gfx700', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];

test('names before [: every register prefix in both cases, and names that are none', { skip }, () => {
  const lines: string[] = [];
  for (const p of ['v', 'V', 's', 'S', 'a', 'A', 'acc', 'ACC', 'ttmp', 'TTMP', 'Ttmp', 'foo', 'vcc', 'x'])
    for (const r of ['[2]', '[2:3]', ' [2]', '[v2]', '[]', '[-1]', '[v2:3]'])
      lines.push(`v_mov_b32 v1, ${p}${r}`, `s_mov_b64 s[0:1], ${p}${r}`, `v_add_f32 v1, v2, ${p}${r}`, `buffer_load_dword v1, off, ${p}${r}, 0`, `v_add_f32 v1, -${p}${r}, v2`);
  lines.push('s_nop foo[0]', 's_load_dword s1, s[2:3], foo[0]', 's_branch foo[2]', 'v_cndmask_b32 v1, foo[2], v2, vcc', 'v_mov_b32 v1, m0[2]', 'v_mov_b32 v1, exec_lo [2]');
  // Not judged: a bracket that is a register list is one operand more (llvm-mc-19 takes `v_add_f32
  // v1, foo[v2]` as `v1, foo, v2`, which gpuasm refuses: docs/divergences.md); and a 64-bit VGPR
  // under neg in a 32-bit source (docs/divergences.md).
  assertLinesAgree(lines, ALL, { verdicts: 'both', countMiss: (line) => !line.includes('[v2]') && !line.includes(' v[2:3]') && !line.includes('-v[2:3]') });
});

test('lds_direct under neg/abs/-|x|/neg(abs()) in each kind of source, with and without DPP controls', { skip }, () => {
  const lines: string[] = [];
  const insts = [
    'v_add_f32 v1, X, v2', 'v_add_f32_e32 v1, X, v2', 'v_add_f32_e64 v1, X, v2', 'v_add_f32_sdwa v1, X, v2', 'v_add_f32 v1, X, v2 row_shl:1', 'v_add_f32 v1, v2, X',
    'v_mov_b32 v1, X', 'v_mov_b32_e64 v1, X', 'v_sin_f32 v1, X', 'v_cvt_f32_u32 v1, X', 'v_cvt_f16_i16 v1, X', 'v_and_b32 v1, X, v2', 'v_add_u32 v1, X, v2',
    'v_add_u16 v1, X, v2', 'v_add_f16 v1, X, v2', 'v_max_i16 v1, X, v2', 'v_mad_u32_u24 v1, X, v2, v3', 'v_fma_f32 v1, X, v2, v3', 'v_bfe_u32 v1, X, v2, v3',
    'v_pk_add_f16 v1, X, v2', 'v_pk_fma_f16 v1, X, v2, v3', 'v_cndmask_b32 v1, X, v2, vcc', 'v_cndmask_b32_e32 v1, X, v2, vcc', 'v_cmp_eq_f32 vcc, X, v2',
    'v_cmp_eq_u32 vcc, X, v2', 'v_madmk_f32 v1, X, 0x1234, v2', 'v_fmac_f32 v1, X, v2', 'v_mac_f32 v1, X, v2', 'v_cvt_pkrtz_f16_f32 v1, X, v2', 'v_ldexp_f32 v1, X, v2',
    'v_fract_f64 v[1:2], X', 'v_readfirstlane_b32 s1, X',
  ];
  for (const i of insts) for (const x of ['lds_direct', '-lds_direct', '|lds_direct|', '-|lds_direct|', 'neg(lds_direct)', 'abs(src_lds_direct)', 'neg(abs(lds_direct))']) lines.push(i.replace('X', x));
  assertLinesAgree(lines, ['gfx700', 'gfx900', 'gfx1030'], { verdicts: 'both' });
  // Where there is no lds_direct, every line is refused as before.
  assertLinesAgree(lines, ['gfx90a', 'gfx1100'], { verdicts: 'broken' });
});

test('lit() around inline and literal values in each kind of position', { skip }, () => {
  const lines: string[] = [];
  const insts = [
    'v_add_f32_e32 v1, v2, X', 'v_add_f32_e32 v1, X, v2', 'v_add_f32_e64 v1, X, v2', 'v_add_f32_e64 v1, v2, X', 'v_add_f32_sdwa v1, X, v2', 'v_add_f32 v1, X, v2 row_shl:1',
    'v_cndmask_b32 v1, X, v2, vcc', 'v_mov_b32 v1, X', 'v_add_f16 v1, X, v2', 'v_pk_add_f16 v1, X, v2', 's_mov_b32 s0, X', 's_add_u32 s0, X, s1',
    'v_madak_f32 v1, v2, v3, X', 'v_fma_f32 v1, X, v2, v3', 'v_fma_f64 v[0:1], X, v[2:3], v[4:5]', 'ds_write_b32 X, v2',
    'buffer_load_dword v1, off, s[4:7], X', 'v_cmp_eq_u32 vcc, X, v2', 'v_lshlrev_b64 v[0:1], X, v[2:3]', 'v_writelane_b32 v1, X, 0', 'v_readlane_b32 s1, v1, X',
    's_cmp_eq_u32 X, s1', 'v_mul_lo_u32 v1, X, v2', 'v_mov_b32_dpp v1, X row_shl:1', 'exp mrt0 X, v1, v1, v1', 'v_accvgpr_write_b32 a1, X', 'v_swap_b32 v1, X',
  ];
  for (const i of insts) for (const x of ['lit(1)', 'lit(-16)', 'lit(64)', 'lit(0)', 'lit(1.0)', 'lit(0.5)', 'lit(0x1234)', 'lit(65)']) lines.push(i.replace('X', x));
  assertLinesAgree(lines, ['gfx700', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100'], { verdicts: 'broken' });
});

test("MTBUF's format right after soffset, format: after it and dfmt:/nfmt: before it on GFX6-9: expected errors", () => {
  expectErrors('gfx900', [
    ['tbuffer_load_format_x v1, v2, s[4:7], s1 idxen format:22',
     'AMD524 48 not a valid operand'],
    ['tbuffer_load_format_x v1, off, s[4:7], 0 offset:4 format:22',
     'AMD524 51 not a valid operand'],
    ['tbuffer_load_format_x v1, off, s[4:7], format:22, 0',
     'AMD524 40 not a valid operand'],
    ['tbuffer_load_format_x v1, off, s[4:7], 0 dfmt:4 nfmt:7',
     'AMD524 42 not a valid operand'],
    ['tbuffer_load_format_x v1, off, s[4:7], dfmt:4, nfmt:7, 0', ''],
    ['tbuffer_load_format_x v1, off, s[4:7], 0 format:22 offset:4', ''],
  ]);
  expectErrors('gfx1100', [
    ['tbuffer_load_format_x v1, off, s[4:7], dfmt:4, nfmt:7, 0',
     'AMD507 40 not a valid operand'],
    ['tbuffer_load_format_x v1, v2, s[4:7], format:22, s1 idxen', ''],
    ['tbuffer_load_format_x v1, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT] offset:4', ''],
  ]);
});

test("MTBUF's format operand: each spelling on each side of soffset and after its modifiers", { skip }, () => {
  const formats = ['format:22', 'format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]', 'format:[BUF_FMT_32_FLOAT]', 'dfmt:4', 'nfmt:7', 'dfmt:4, nfmt:7', 'dfmt:4 nfmt:7', 'format:0', 'format:127'];
  const lines: string[] = [];
  for (const f of formats)
    lines.push(
      `tbuffer_load_format_x v1, off, s[4:7], ${f}, 0`, `tbuffer_load_format_x v1, off, s[4:7], 0 ${f}`, `tbuffer_load_format_x v1, off, s[4:7], 0 ${f} offset:4`,
      `tbuffer_load_format_x v1, off, s[4:7], 0 offset:4 ${f}`, `tbuffer_load_format_x v1, v2, s[4:7], s1 idxen ${f}`, `tbuffer_load_format_x v1, v2, s[4:7], ${f}, s1 idxen`,
      `tbuffer_store_format_xy v[1:2], v[2:3], s[4:7], s1 ${f} idxen offen glc`, `tbuffer_store_format_x v1, off, s[4:7], 0 glc ${f}`,
    );
  // Not judged: the format's value (unified names before GFX10, a data or numeric format alone on GFX10+, ranges).
  const value = (line: string, m: string) => !/unified format|unsupported format|out of range format|expected absolute expression|expected ']'/.test(m);
  assertLinesAgree(lines, ['gfx600', 'gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100'], { verdicts: 'both', countMiss: value });
});
