/**
 * The range llvm-mc-19 gives the immediate of each SOPP instruction that checks one (facts from
 * llvm-mc-19 on every SOPP mnemonic of gfx600 to gfx1200 with the values 0, 1, 15, 16, 0xffff,
 * 0x10000, -1, -32768 and -32769; test/amdgpu/instructions/sweep-rules.test.ts re-runs that
 * matrix). The other SOPP immediates (`s_nop`, `s_sleep`, `s_waitcnt`, `s_setprio`, `s_trap`,
 * `s_delay_alu`...) are truncated to their field without a message.
 */
/** A range of an immediate with llvm-mc-19's message when a value is outside it (SOPP immediates here, SMEM offsets in check/immediates.ts). */
export interface ImmediateRange {
  readonly min: bigint;
  readonly max: bigint;
  /** llvm-mc-19's message. */
  readonly message: string;
}

const U16: ImmediateRange = { min: 0n, max: 0xffffn, message: 'expected a 16-bit value' };
const MSG16: ImmediateRange = { min: 0n, max: 0xffffn, message: 'invalid immediate: only 16-bit values are legal' };
/** A signed or an unsigned 16-bit value. */
const ANY16: ImmediateRange = { min: -0x8000n, max: 0xffffn, message: 'invalid operand for instruction' };
const JUMP16: ImmediateRange = { min: -0x8000n, max: 0xffffn, message: 'expected a 16-bit signed jump offset' };
const U4: ImmediateRange = { min: 0n, max: 15n, message: 'invalid immediate: only 4-bit values are legal' };

const RANGES: ReadonlyMap<string, ImmediateRange> = new Map([
  ['s_endpgm', U16],
  ['s_sendmsg', MSG16],
  ['s_sendmsghalt', MSG16],
  ['s_set_gpr_idx_mode', U4],
  ...[
    's_clause', 's_inst_prefetch', 's_round_mode', 's_set_inst_prefetch_distance', 's_ttracedata_imm', 's_wait_event',
    's_waitcnt_depctr', 's_singleuse_vdst', 's_wait_alu', 's_wait_bvhcnt', 's_wait_dscnt', 's_wait_expcnt', 's_wait_kmcnt',
    's_wait_loadcnt', 's_wait_loadcnt_dscnt', 's_wait_samplecnt', 's_wait_storecnt', 's_wait_storecnt_dscnt',
  ].map((m): [string, ImmediateRange] => [m, ANY16]),
]);

/** The range of a SOPP instruction's immediate (base mnemonic, lower case), or undefined: not checked. */
export function soppImmediateRange(base: string): ImmediateRange | undefined {
  const r = RANGES.get(base);
  if (r !== undefined) return r;
  // Branches written with a number: a 16-bit offset.
  return base.startsWith('s_branch') || base.startsWith('s_cbranch_') ? JUMP16 : undefined;
}
