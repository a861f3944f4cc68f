/**
 * Found by the session-26 held-out check (heldout16), in the lines around misses left by session 22
 * (ROCm kfdtest shaders assembled for gfx90a):
 *
 * 1. The cache-control buffer instructions, which have no operands: on gfx90a `buffer_wbl2`,
 *    `buffer_invl2`, `buffer_wbinvl1` and `buffer_wbinvl1_vol` take no cache bit, on gfx940-942
 *    `buffer_wbinvl1(_vol)` none ("invalid operand for instruction"); gpuasm's gfx90a/gfx940 widening
 *    of the memory instructions' cache bits gave them glc/slc/scc (sc0/sc1/nt).
 * 2. MTBUF `format:[...]` names: a unified name (`BUF_FMT_32_FLOAT`) before GFX10 ("unified format is
 *    not supported on this GPU"), a name of neither kind or a split pair naming no unified format on
 *    GFX10-11 ("unsupported format"); gpuasm judged no format name.
 *
 * Each line beside valid twins, every error line compared with llvm-mc-19.
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLineVerdicts } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const compare = assertLineVerdicts;

test('cache-control buffer instructions: their own cache bits only, as llvm-mc-19', { skip }, () => {
  const lines: string[] = [];
  for (const name of ['buffer_wbl2', 'buffer_invl2', 'buffer_wbinvl1', 'buffer_wbinvl1_vol', 'buffer_inv', 'buffer_gl0_inv', 'buffer_gl1_inv'])
    for (const m of ['', ' glc', ' slc', ' scc', ' sc0', ' sc1', ' nt', ' dlc', ' glc slc', ' sc0 sc1', ' noscc'])
      lines.push(name + m);
  lines.push('buffer_load_dword v1, off, s[4:7], s0 glc', 'buffer_load_dword v1, off, s[4:7], s0 sc0 sc1', 'buffer_store_dword v1, off, s[4:7], s0 scc');
  compare(lines, ['gfx900', 'gfx908', 'gfx90a', 'gfx940', 'gfx942', 'gfx1030', 'gfx1100'], (l) => l.startsWith('buffer_') && !l.includes(','));
});

test('MTBUF format:[...] names by processor, as llvm-mc-19', { skip }, () => {
  const data = ['INVALID', '8', '16', '32', '16_16', '10_11_11', '11_11_10', '32_32', '32_32_32_32', '5_6_5'];
  const nums = ['UNORM', 'SINT', 'FLOAT', 'SRGB'];
  const lists: string[] = [];
  for (const d of data) lists.push(`[BUF_DATA_FORMAT_${d}]`);
  for (const n of nums) lists.push(`[BUF_NUM_FORMAT_${n}]`);
  for (const d of data) for (const n of nums) lists.push(`[BUF_DATA_FORMAT_${d}, BUF_NUM_FORMAT_${n}]`, `[BUF_NUM_FORMAT_${n},BUF_DATA_FORMAT_${d}]`);
  for (const u of ['INVALID', '8_UNORM', '32_FLOAT', '10_11_11_UINT', '11_11_10_FLOAT', '10_10_10_2_SSCALED', '32_32_32_32_FLOAT', '32_UNORM', 'FOO'])
    lists.push(`[BUF_FMT_${u}]`, `[BUF_NUM_FORMAT_FLOAT, BUF_FMT_${u}]`);
  lists.push('[buf_fmt_32_float]', '[BUF_DATA_FORMAT_X]', '22', '127');
  const lines = lists.flatMap((l) => [`tbuffer_load_format_x v1, off, s[4:7], s0 format:${l}`, `tbuffer_store_format_x v1, v0, s[4:7], 0 offen format:${l} offset:8`]);
  lines.push('tbuffer_load_format_xy v[2:3], off, s[4:7], s1 format:[BUF_FMT_32_32_FLOAT] glc');
  compare(lines, ['gfx600', 'gfx803', 'gfx900', 'gfx90a', 'gfx940', 'gfx1030', 'gfx1100'], (l) => l.includes('format:['));
});
