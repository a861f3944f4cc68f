/**
 * Predefined identifiers (spec Table 3) as ptxas 13.0 knows them, with the PTX version and target
 * each needs where ptxas enforces one. Measured with ptxas: it also knows the undocumented
 * `%clock_hi`; it does not enforce the ISA's version notes for `%dynamic_smem_size`,
 * `%current_graph_exec` or `%reserved_smem_offset_*`.
 */

export interface SpecialRegister {
  /** Oldest `.version` (major*10+minor) that knows it, when ptxas checks. */
  minVersion?: number;
  /** Oldest SM number that has it, when ptxas checks ("requires .target sm_90 or higher"). */
  minSm?: number;
}

const SM90: SpecialRegister = { minSm: 90 };
const ANY: SpecialRegister = {};

const table = new Map<string, SpecialRegister>([
  ['%aggr_smem_size', { minVersion: 81, minSm: 90 }],
  ['%clock', ANY], ['%clock64', ANY], ['%clock_hi', ANY],
  ['%cluster_ctaid', SM90], ['%cluster_ctarank', SM90], ['%cluster_nctaid', SM90], ['%cluster_nctarank', SM90],
  ['%clusterid', SM90], ['%nclusterid', SM90], ['%is_explicit_cluster', SM90],
  ['%ctaid', ANY], ['%nctaid', ANY], ['%tid', ANY], ['%ntid', ANY],
  ['%current_graph_exec', ANY], ['%dynamic_smem_size', ANY], ['%total_smem_size', ANY],
  ['%globaltimer', ANY], ['%globaltimer_hi', ANY], ['%globaltimer_lo', ANY], ['%gridid', ANY],
  ['%laneid', ANY], ['%lanemask_eq', ANY], ['%lanemask_ge', ANY], ['%lanemask_gt', ANY], ['%lanemask_le', ANY],
  ['%lanemask_lt', ANY], ['%nsmid', ANY], ['%nwarpid', ANY], ['%smid', ANY], ['%warpid', ANY],
  ['%reserved_smem_offset_begin', ANY], ['%reserved_smem_offset_cap', ANY], ['%reserved_smem_offset_end', ANY],
  ['%reserved_smem_offset_0', ANY], ['%reserved_smem_offset_1', ANY],
  ['WARP_SZ', ANY],
]);
for (let i = 0; i < 32; i++) table.set(`%envreg${i}`, ANY);
for (let i = 0; i < 8; i++) {
  table.set(`%pm${i}`, ANY);
  table.set(`%pm${i}_64`, ANY);
}

/** Every predefined identifier, with its requirements. */
export const SPECIAL_REGISTERS: ReadonlyMap<string, SpecialRegister> = table;
