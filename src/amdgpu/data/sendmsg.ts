/**
 * `sendmsg(...)` (`s_sendmsg`, `s_sendmsghalt`, `s_sendmsg_rtn_b32`/`_b64`) as llvm-mc-19 reads it:
 * the message names with their ids and the generations that have them, the operations of the
 * messages that take one, and the stream ids. Names from LLVM's AMDGPU operand syntax pages
 * (../shared/reference/amdgpu-asm-syntax, gfx*_msg), every fact measured with llvm-mc-19 on gfx600,
 * gfx700, gfx803, gfx900, gfx906, gfx908, gfx90a, gfx942, gfx1010, gfx1030, gfx1100, gfx1150 and
 * gfx1200 (each name, each operation name and number 0-8, each stream 0-4, message ids 0-16 and
 * 127-256; test/amdgpu/instructions/macro-rules.test.ts). Later LLVMs' names
 * (`MSG_SAVEWAVE_HAS_TDM`, `MSG_RTN_GET_CLUSTER_BARRIER_STATE`) are unknown to llvm-mc-19.
 */

/** A name, its id (or operation id) and the generations (first, last) that have it. */
export interface SendmsgName {
  readonly name: string;
  readonly id: number;
  readonly from: number;
  readonly to: number;
}

const ALL = 99;

/** Message names (upper case, as llvm-mc-19 reads them). */
export const SENDMSG_MESSAGES: readonly SendmsgName[] = [
  { name: 'MSG_INTERRUPT', id: 1, from: 6, to: ALL },
  { name: 'MSG_GS', id: 2, from: 6, to: 10 },
  { name: 'MSG_GS_DONE', id: 3, from: 6, to: 10 },
  { name: 'MSG_HS_TESSFACTOR', id: 2, from: 11, to: ALL },
  { name: 'MSG_DEALLOC_VGPRS', id: 3, from: 11, to: ALL },
  { name: 'MSG_SAVEWAVE', id: 4, from: 8, to: 10 },
  { name: 'MSG_STALL_WAVE_GEN', id: 5, from: 9, to: 11 },
  { name: 'MSG_HALT_WAVES', id: 6, from: 9, to: 11 },
  { name: 'MSG_ORDERED_PS_DONE', id: 7, from: 9, to: 10 },
  { name: 'MSG_EARLY_PRIM_DEALLOC', id: 8, from: 9, to: 10 },
  { name: 'MSG_GS_ALLOC_REQ', id: 9, from: 9, to: ALL },
  { name: 'MSG_GET_DOORBELL', id: 10, from: 9, to: 10 },
  { name: 'MSG_GET_DDID', id: 11, from: 10, to: 10 },
  { name: 'MSG_SYSMSG', id: 15, from: 6, to: ALL },
  { name: 'MSG_RTN_GET_DOORBELL', id: 128, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_DDID', id: 129, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_TMA', id: 130, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_REALTIME', id: 131, from: 11, to: ALL },
  { name: 'MSG_RTN_SAVE_WAVE', id: 132, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_TBA', id: 133, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_TBA_TO_PC', id: 134, from: 11, to: ALL },
  { name: 'MSG_RTN_GET_SE_AID_ID', id: 135, from: 12, to: ALL },
];

/** The message id of MSG_SYSMSG, whose operations are SENDMSG_SYS_OPS (every other message's operation names are SENDMSG_GS_OPS). */
export const MSG_SYSMSG_ID = 15;

/** Operations of MSG_SYSMSG. */
export const SENDMSG_SYS_OPS: readonly SendmsgName[] = [
  { name: 'SYSMSG_OP_ECC_ERR_INTERRUPT', id: 1, from: 6, to: ALL },
  { name: 'SYSMSG_OP_REG_RD', id: 2, from: 6, to: ALL },
  { name: 'SYSMSG_OP_HOST_TRAP_ACK', id: 3, from: 6, to: 8 },
  { name: 'SYSMSG_OP_TTRACE_PC', id: 4, from: 6, to: ALL },
];

/** Operations of MSG_GS and MSG_GS_DONE (GFX6-10); GS_OP_NOP only with MSG_GS_DONE. */
export const SENDMSG_GS_OPS: readonly SendmsgName[] = [
  { name: 'GS_OP_NOP', id: 0, from: 6, to: ALL },
  { name: 'GS_OP_CUT', id: 1, from: 6, to: ALL },
  { name: 'GS_OP_EMIT', id: 2, from: 6, to: ALL },
  { name: 'GS_OP_EMIT_CUT', id: 3, from: 6, to: ALL },
];

/** Message ids by number: 4 bits before GFX11, 8 from GFX11 ("invalid message id"). */
export function sendmsgIdMask(generation: number): number {
  return generation >= 11 ? 0xff : 0xf;
}

/** Operations by number (a message given by number): 3 bits; streams: 2 bits. */
export const SENDMSG_OP_MAX = 7;
export const SENDMSG_STREAM_MAX = 3;

/** Whether a message (given by name) needs an operation: MSG_SYSMSG, and MSG_GS / MSG_GS_DONE before GFX11. */
export function sendmsgNeedsOp(id: number, generation: number): boolean {
  return id === MSG_SYSMSG_ID || (generation < 11 && (id === 2 || id === 3));
}

/** Whether a message (given by name) with this operation takes a stream id (0-3): MSG_GS / MSG_GS_DONE before GFX11, but GS_OP_NOP. */
export function sendmsgTakesStream(id: number, op: number, generation: number): boolean {
  return generation < 11 && (id === 2 || id === 3) && op !== 0;
}

/** A name of `table` on this generation: its id, 'other-gpu' (a name of other generations), or undefined (no such name). */
export function sendmsgLookup(table: readonly SendmsgName[], name: string, generation: number): number | 'other-gpu' | undefined {
  for (const n of table) if (n.name === name) return generation >= n.from && generation <= n.to ? n.id : 'other-gpu';
  return undefined;
}

/** The names of `table` on this generation (for messages), optionally only those of one id. */
export function sendmsgNames(table: readonly SendmsgName[], generation: number): string[] {
  return table.filter((n) => generation >= n.from && generation <= n.to).map((n) => n.name);
}

/** The generations that have a name, as a range ("GFX9-GFX10", "GFX11+"). */
export function sendmsgGenerations(n: SendmsgName): string {
  if (n.to === ALL) return `GFX${n.from}+`;
  return n.from === n.to ? `GFX${n.from}` : `GFX${n.from}-GFX${n.to}`;
}
