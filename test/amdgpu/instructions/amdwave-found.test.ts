/**
 * Session 19 (amdwave), the known misses of docs/divergences.md taken up beside the wave size:
 * s_movrels_b32/_b64 read a register, so a constant register (src_scc, src_vccz, src_execz,
 * src_pops_exiting_wave_id: 32 bits; the apertures: 64) only of the source's own size. Line by line
 * against llvm-mc-19 on GFX6-12, with the neighbours that take either size (s_movreld, s_movrelsd_2,
 * s_mov).
 */
import { test } from 'node:test';
import { llvmMcSkipReason } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('s_movrels_b32/_b64: a constant register of the source size only', { skip }, () => {
  const sources = ['src_scc', 'scc', 'src_shared_limit', 'shared_limit', 'src_shared_base', 'shared_base', 'src_private_base', 'private_base', 'src_private_limit', 'private_limit', 'src_vccz', 'vccz', 'src_execz', 'execz', 'src_pops_exiting_wave_id', 'pops_exiting_wave_id', 's0', 'vcc', 'exec', 'm0'];
  const lines: string[] = [];
  for (const r of sources)
    lines.push(`s_movrels_b32 s0, ${r}`, `s_movrels_b64 s[0:1], ${r}`, `s_movreld_b32 s0, ${r}`, `s_movreld_b64 s[0:1], ${r}`, `s_movrelsd_2_b32 s0, ${r}`, `s_mov_b64 s[0:1], ${r}`, `s_mov_b32 s0, ${r}`);
  assertLinesAgree(lines, ['gfx600', 'gfx803', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1200'], { verdicts: 'both' });
});
