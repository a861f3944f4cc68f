/**
 * Misses of the session 18 valid-forms sweep (lines ptxas 13.0 refuses that gpuasm took; generator in
 * /work/heldout8/ptx, docs/testing.md) closed in session 20's second round: mma.sp's sparsity selector
 * (operand 6) by shape and A type ("Argument 6 of instruction 'Sparse mma': value '2' out of range,
 * expected to be in range [0..1]"; FP8/FP6/FP4 "Argument 5 of instruction 'mma': unexpected value '1',
 * expected to be 0"; PTX502), measured with ptxas 13.0 beside the valid lines at each range's top;
 * and a false error the probing found: a constant expression of integer literals as the selector
 * (`2-1`, taken by ptxas). With ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel with one instruction on line 7. */
const K = kernelCases({ target: 'sm_90a', version: '9.0', decls: '.reg .b32 %r<9>; .reg .f32 %f<5>;' });
const ok = K.ok;
/** Every refusal here is PTX502. */
const bad = (ins: string, target?: string): PtxCase => K.bad(ins, 'PTX502', target);

const R2 = '{%r0, %r1}';
const R4 = '{%r0, %r1, %r2, %r3}';
const F4 = '{%f0, %f1, %f2, %f3}';
/** An mma.sp line: the spelling after `mma.sp`, the fragments D, A, B, C and the selector. */
const sp = (words: string, d: string, a: string, c: string, sel: string): string => `mma.sp${words} ${d}, ${a}, ${a}, ${c}, %r5, ${sel};`;

const selector: PtxCase[] = [
  // .f16 and .bf16: [0..3] at m16n8k16; at m16n8k32 [0..3] with an .f32 result, [0..1] with .f16 and with .bf16.
  ok(sp('.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16', R2, R2, R2, '3')),
  bad(sp('.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16', R2, R2, R2, '4')),
  ok(sp('::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', F4, R2, F4, '3'), 'sm_80'),
  bad(sp('::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', F4, R2, F4, '4'), 'sm_80'),
  ok(sp('.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32', F4, R4, F4, '3')),
  bad(sp('.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32', F4, R4, F4, '4'), 'sm_120a'),
  ok(sp('.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16', R2, R4, R2, '1')),
  bad(sp('.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16', R2, R4, R2, '3')),
  ok(sp('.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32', F4, R4, F4, '1')),
  bad(sp('.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32', F4, R4, F4, '2'), 'sm_100a'),
  // .tf32: [0..3] at m16n8k8, [0..1] at m16n8k16.
  ok(sp('.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32', F4, R2, F4, '3')),
  bad(sp('.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32', F4, R2, F4, '4')),
  ok(sp('.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32', F4, R4, F4, '1')),
  bad(sp('.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32', F4, R4, F4, '2')),
  // 8-bit integers: [0..1] at m16n8k32, 0 at m16n8k64; 4-bit ones [0..1] at m16n8k64, 0 at m16n8k128.
  ok(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '0x1'), 'sm_80'),
  bad(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '2'), 'sm_80'),
  bad(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '-1')),
  bad(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '4294967297')),
  ok(sp('::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.u8.s8.s32', R4, R4, R4, '0')),
  bad(sp('::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.u8.s8.s32', R4, R4, R4, '1')),
  ok(sp('.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32', R4, R2, R4, '1')),
  bad(sp('.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32', R4, R2, R4, '2')),
  ok(sp('.sync.aligned.m16n8k128.row.col.s32.u4.s4.s32', R4, R4, R4, '0'), 'sm_100a'),
  bad(sp('.sync.aligned.m16n8k128.row.col.s32.u4.s4.s32', R4, R4, R4, '1'), 'sm_100a'),
  // FP8 (sm_89 and later), .kind::f8f6f4 (sm_120a): 0 only.
  ok(sp('.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32', F4, R4, F4, '0')),
  bad(sp('.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32', F4, R4, F4, '1')),
  ok(sp('::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e4m3.e4m3.f16', R2, R4, R2, '0'), 'sm_120a'),
  bad(sp('::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e4m3.e4m3.f16', R2, R4, R2, '1'), 'sm_120a'),
  bad(sp('::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32', F4, R4, F4, '1'), 'sm_120a'),
  // A false error before: a constant expression of integer literals is evaluated by ptxas (`2-1` taken).
  ok(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '2-1')),
  ok(sp('.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', F4, R2, F4, '(3)')),
  // Still refused: a register as the selector.
  bad(sp('.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', R4, R2, R4, '%r6')),
];

ptxCaseTable('PTX valid-forms misses (session 20, second round): mma.sp sparsity selector', selector);
