/**
 * Predefined identifiers (spec Table 3) as ptxas 13.0 knows them, with the target and PTX version
 * each needs ("Feature '%globaltimer' requires .target sm_30 or higher"), measured by using every
 * register under old targets and versions. ptxas also knows the undocumented `%clock_hi`.
 */

export interface SpecialRegister {
  /** Oldest `.version` (major*10+minor) that knows it, when ptxas checks. */
  minVersion?: number;
  /** Oldest SM number that has it, when ptxas checks ("requires .target sm_90 or higher"). */
  minSm?: number;
}

const ANY: SpecialRegister = {};
const need = (minSm: number | undefined, minVersion: number | undefined): SpecialRegister => {
  const r: SpecialRegister = {};
  if (minSm !== undefined) r.minSm = minSm;
  if (minVersion !== undefined) r.minVersion = minVersion;
  return r;
};
const CLUSTER = need(90, 78);
const SMEM = need(20, 41);
const TIMER = need(30, 31);
const SM20 = need(20, 20);
const V13 = need(undefined, 13);
const RESERVED = need(80, 76);

const table = new Map<string, SpecialRegister>([
  ['%aggr_smem_size', need(90, 81)],
  ['%clock', ANY], ['%clock64', SM20], ['%clock_hi', need(20, 50)],
  ['%cluster_ctaid', CLUSTER], ['%cluster_ctarank', CLUSTER], ['%cluster_nctaid', CLUSTER], ['%cluster_nctarank', CLUSTER],
  ['%clusterid', CLUSTER], ['%nclusterid', CLUSTER], ['%is_explicit_cluster', CLUSTER],
  ['%ctaid', ANY], ['%nctaid', ANY], ['%tid', ANY], ['%ntid', ANY],
  ['%current_graph_exec', need(50, 80)], ['%dynamic_smem_size', SMEM], ['%total_smem_size', SMEM],
  ['%globaltimer', TIMER], ['%globaltimer_hi', TIMER], ['%globaltimer_lo', TIMER], ['%gridid', ANY],
  ['%laneid', V13], ['%lanemask_eq', SM20], ['%lanemask_ge', SM20], ['%lanemask_gt', SM20], ['%lanemask_le', SM20],
  ['%lanemask_lt', SM20], ['%nsmid', SM20], ['%nwarpid', SM20], ['%smid', V13], ['%warpid', V13],
  ['%reserved_smem_offset_begin', RESERVED], ['%reserved_smem_offset_cap', RESERVED], ['%reserved_smem_offset_end', RESERVED],
  ['%reserved_smem_offset_0', RESERVED], ['%reserved_smem_offset_1', RESERVED],
  ['WARP_SZ', ANY],
]);
for (let i = 0; i < 32; i++) table.set(`%envreg${i}`, ANY);
for (let i = 0; i < 8; i++) {
  table.set(`%pm${i}`, V13);
  table.set(`%pm${i}_64`, need(50, 40));
}

/** Every predefined identifier, with its requirements. */
export const SPECIAL_REGISTERS: ReadonlyMap<string, SpecialRegister> = table;

/**
 * False when `name` is certainly no special register, without a table lookup: the registers a
 * compiler writes, `%r12`, `%f1`, `%p2`, `%h3` (a digit third) and `%rd3`, `%fd1`, `%rs2`, `%hh4`
 * (`d`, `s` or `h` third, a digit fourth); no special register is spelled so (a test asks every
 * one). True otherwise: then ask SPECIAL_REGISTERS. For the instruction layer, which asks of
 * every operand.
 */
export function maybeSpecialRegister(name: string): boolean {
  // (The length first: a character read past the end deoptimizes the callers this is inlined into.)
  const n = name.length;
  if (n < 3) return true;
  const c2 = name.charCodeAt(2);
  if (c2 >= 48 && c2 <= 57) return false;
  if (c2 !== 100 && c2 !== 115 && c2 !== 104) return true;
  if (n < 4) return false;
  const c3 = name.charCodeAt(3);
  return c3 < 48 || c3 > 57;
}
