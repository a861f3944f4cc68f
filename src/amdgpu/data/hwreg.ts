/**
 * Hardware register names of `hwreg(...)` (s_getreg / s_setreg), and the processors llvm-mc-19
 * knows each on. Read off llvm-mc-19 (`s_getreg_b32 s0, hwreg(NAME)` on every processor of
 * targets.ts): the processors fall into seven groups with the same names.
 */
import type { AmdgpuTarget } from '../targets.js';

/** Processors with the same hardware register names. */
export type HwregGroup = 'gfx6-8' | 'gfx9' | 'gfx940' | 'gfx10.1' | 'gfx10.3' | 'gfx11' | 'gfx12';

export function hwregGroup(t: AmdgpuTarget): HwregGroup {
  const g = t.generation;
  if (g <= 8) return 'gfx6-8';
  if (g === 9) return t.name.startsWith('gfx94') ? 'gfx940' : 'gfx9';
  if (g === 10) return t.name.startsWith('gfx101') || t.name === 'gfx10-1-generic' ? 'gfx10.1' : 'gfx10.3';
  return g === 11 ? 'gfx11' : 'gfx12';
}

const ALL: readonly HwregGroup[] = ['gfx6-8', 'gfx9', 'gfx940', 'gfx10.1', 'gfx10.3', 'gfx11', 'gfx12'];
const GFX9_TO_10: readonly HwregGroup[] = ['gfx9', 'gfx940', 'gfx10.1', 'gfx10.3'];

/** Each name (with its `HW_REG_` prefix, case-sensitive) and the groups that have it. */
export const HWREG_NAMES: ReadonlyMap<string, readonly HwregGroup[]> = new Map<string, readonly HwregGroup[]>([
  ['HW_REG_MODE', ALL],
  ['HW_REG_STATUS', ALL],
  ['HW_REG_GPR_ALLOC', ALL],
  ['HW_REG_LDS_ALLOC', ALL],
  ['HW_REG_IB_STS', ALL],
  ['HW_REG_TRAPSTS', ['gfx6-8', 'gfx9', 'gfx940', 'gfx10.1', 'gfx10.3', 'gfx11']],
  ['HW_REG_HW_ID', ['gfx6-8', 'gfx9', 'gfx940', 'gfx10.1', 'gfx10.3']],
  ['HW_REG_SH_MEM_BASES', [...GFX9_TO_10, 'gfx11']],
  ['HW_REG_TBA_LO', GFX9_TO_10],
  ['HW_REG_TBA_HI', GFX9_TO_10],
  ['HW_REG_TMA_LO', GFX9_TO_10],
  ['HW_REG_TMA_HI', GFX9_TO_10],
  ['HW_REG_XCC_ID', ['gfx940']],
  ['HW_REG_SQ_PERF_SNAPSHOT_DATA', ['gfx940']],
  ['HW_REG_SQ_PERF_SNAPSHOT_DATA1', ['gfx940']],
  ['HW_REG_SQ_PERF_SNAPSHOT_PC_LO', ['gfx940']],
  ['HW_REG_SQ_PERF_SNAPSHOT_PC_HI', ['gfx940']],
  ['HW_REG_FLAT_SCR_LO', ['gfx10.1', 'gfx10.3', 'gfx11']],
  ['HW_REG_FLAT_SCR_HI', ['gfx10.1', 'gfx10.3', 'gfx11']],
  ['HW_REG_XNACK_MASK', ['gfx10.1']],
  ['HW_REG_HW_ID1', ['gfx10.1', 'gfx10.3', 'gfx11', 'gfx12']],
  ['HW_REG_HW_ID2', ['gfx10.1', 'gfx10.3', 'gfx11', 'gfx12']],
  ['HW_REG_POPS_PACKER', ['gfx10.1', 'gfx10.3']],
  ['HW_REG_SHADER_CYCLES', ['gfx10.3', 'gfx11']],
  ['HW_REG_PERF_SNAPSHOT_DATA', ['gfx11', 'gfx12']],
  ['HW_REG_PERF_SNAPSHOT_PC_LO', ['gfx11', 'gfx12']],
  ['HW_REG_PERF_SNAPSHOT_PC_HI', ['gfx11', 'gfx12']],
  ['HW_REG_SHADER_CYCLES_HI', ['gfx12']],
  ['HW_REG_SHADER_CYCLES_LO', ['gfx12']],
  ['HW_REG_EXCP_FLAG_PRIV', ['gfx12']],
  ['HW_REG_EXCP_FLAG_USER', ['gfx12']],
  ['HW_REG_TRAP_CTRL', ['gfx12']],
  ['HW_REG_SCRATCH_BASE_LO', ['gfx12']],
  ['HW_REG_SCRATCH_BASE_HI', ['gfx12']],
  ['HW_REG_DVGPR_ALLOC_LO', ['gfx12']],
  ['HW_REG_DVGPR_ALLOC_HI', ['gfx12']],
  ['HW_REG_PERF_SNAPSHOT_DATA1', ['gfx12']],
  ['HW_REG_PERF_SNAPSHOT_DATA2', ['gfx12']],
  ['HW_REG_STATE_PRIV', ['gfx12']],
]);
