/**
 * Misses of the session 18 valid-forms sweep (lines ptxas 13.0 refuses that gpuasm took; generator in
 * /work/heldout8/ptx, docs/testing.md) closed in session 19, each rule measured with ptxas 13.0 beside
 * the valid lines that prove it the other way:
 * - `.L2::cache_hint` without the cache-policy operand (ld, ld.global.nc, st, atom, red, cp.async, the
 *   bulk copies and prefetches: "Arguments mismatch", PTX501);
 * - applypriority's and discard's size: the constant 128 (a constant expression of that value taken;
 *   another value, a register or 1.0 refused, PTX502);
 * - multimem.ld_reduce/st/red: a scope needs a memory order other than `.weak`, and an order a scope
 *   ("Modifier '.gpu' requires order", PTX530);
 * - mma.sp's sparsity selector: an integer constant (a register or a floating-point constant is
 *   "Arguments mismatch", PTX502);
 * - `.u16x2`, `.s16x2`, `.f32x2` sources of add, sub, mul, fma, min, max: no constant (PTX504);
 * - mbarrier's address variable: a .shared one ("Illegal state space for address operand", PTX502);
 * and, from the corpus mutation test (seed 159387715), instruction names in an operand read as one
 * undeclared symbol with a field (`barrier.cluster.wait`, `mul.wide.u32`: "Unknown symbol", PTX310).
 * With ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel with one instruction on line 8 (variables of three spaces on line 4, a .local one on line 7). */
const { ok, bad } = kernelCases({
  target: 'sm_90a',
  version: '9.0',
  globals: '.global .align 16 .b8 gbuf[64]; .shared .align 16 .b8 sbuf[64]; .const .align 16 .b8 cbuf[64];',
  decls: '.reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .b128 %q<4>; .reg .f32 %f<4>; .reg .pred %p<3>; .local .align 16 .b8 lbuf[64];',
});

const cacheHint: PtxCase[] = [
  ok('atom.global.add.L2::cache_hint.s32 %r1, [%rd1], %r3, %rd2;'),
  bad('atom.global.add.L2::cache_hint.s32 %r1, [%rd1], %r3;', 'PTX501'),
  bad('atom.global.add.L2::cache_hint.s32 %r1, [%rd1], %r3;', 'PTX501', 'sm_80'),
  ok('atom.global.exch.L2::cache_hint.b128 %q1, [%rd1], %q3, %rd2;'),
  bad('atom.global.exch.L2::cache_hint.b128 %q1, [%rd1], %q3;', 'PTX501'),
  ok('red.global.add.L2::cache_hint.s32 [%rd1], %r3, %rd2;'),
  bad('red.global.add.L2::cache_hint.s32 [%rd1], %r3;', 'PTX501'),
  bad('red.global.add.noftz.L2::cache_hint.f16x2 [%rd1], %r3;', 'PTX501', 'sm_100a'),
  ok('ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;'),
  bad('ld.global.L2::cache_hint.u32 %r1, [%rd1];', 'PTX501'),
  bad('ld.global.L2::cache_hint.v2.u32 {%r1, %r2}, [%rd1];', 'PTX501', 'sm_80'),
  ok('ld.global.nc.L2::cache_hint.u32 %r1, [%rd1], %rd2;'),
  bad('ld.global.nc.L2::cache_hint.u32 %r1, [%rd1];', 'PTX501'),
  ok('st.global.L2::cache_hint.u32 [%rd1], %r1, %rd2;'),
  bad('st.global.L2::cache_hint.u32 [%rd1], %r1;', 'PTX501'),
  ok('cp.async.ca.shared.global.L2::cache_hint [%r1], [%rd1], 4, %rd2;', 'sm_80'),
  ok('cp.async.ca.shared.global.L2::cache_hint [%r1], [%rd1], 4, 4, %rd2;', 'sm_80'),
  bad('cp.async.ca.shared.global.L2::cache_hint [%r1], [%rd1], 4;', 'PTX501', 'sm_80'),
  ok('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r1], [%rd1], 16, [%r2], %rd2;'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r1], [%rd1], 16, [%r2];', 'PTX501'),
  ok('cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1], 16, %rd2;'),
  bad('cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1], 16;', 'PTX501'),
];

const size128: PtxCase[] = [
  ok('applypriority.global.L2::evict_normal [%rd1], 128;', 'sm_80'),
  ok('applypriority.L2::evict_normal [%rd1], 64+64;', 'sm_80'),
  bad('applypriority.global.L2::evict_normal [%rd1], 64;', 'PTX502', 'sm_80'),
  bad('applypriority.global.L2::evict_normal [%rd1], %r1;', 'PTX502'),
  bad('applypriority.global.L2::evict_normal [%rd1], 1.0;', 'PTX502'),
  ok('discard.global.L2 [%rd1], 0x80;', 'sm_80'),
  bad('discard.global.L2 [%rd1], 256;', 'PTX502', 'sm_80'),
  bad('discard.L2 [%rd1], %rd2;', 'PTX502'),
];

const multimem: PtxCase[] = [
  ok('multimem.ld_reduce.global.add.u32 %r1, [%rd1];'),
  ok('multimem.ld_reduce.weak.global.add.u32 %r1, [%rd1];'),
  ok('multimem.ld_reduce.relaxed.gpu.global.add.u32 %r1, [%rd1];'),
  ok('multimem.ld_reduce.acquire.sys.global.min.u32 %r1, [%rd1];', 'sm_100a'),
  bad('multimem.ld_reduce.gpu.global.add.u32 %r1, [%rd1];', 'PTX530'),
  bad('multimem.ld_reduce.acquire.global.add.u32 %r1, [%rd1];', 'PTX530', 'sm_100a'),
  ok('multimem.st.release.cta.global.u32 [%rd1], %r1;'),
  bad('multimem.st.sys.global.u32 [%rd1], %r1;', 'PTX530'),
  bad('multimem.st.relaxed.global.u32 [%rd1], %r1;', 'PTX530'),
  ok('multimem.red.relaxed.cluster.global.add.u32 [%rd1], %r1;'),
  bad('multimem.red.cta.global.add.u32 [%rd1], %r1;', 'PTX530'),
  bad('multimem.red.release.global.add.u32 [%rd1], %r1;', 'PTX530'),
];

const MMA_SP = 'mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r0, %r1, %r2, %r3}, {%r0, %r1}, {%r0, %r1}, {%r0, %r1, %r2, %r3}, %r5,';
const MMA_SP_F16 = 'mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r0, %r1, %r2, %r3}, {%r0, %r1}, {%r0, %r1}, {%r0, %r1, %r2, %r3}, %r5,';
const mmaSp: PtxCase[] = [
  ok(`${MMA_SP} 0;`),
  ok(`${MMA_SP} 0x1;`),
  ok(`${MMA_SP_F16} 1;`),
  bad(`${MMA_SP} %r6;`, 'PTX502'),
  bad(`${MMA_SP} 1.0;`, 'PTX502'),
  bad(`${MMA_SP_F16} 0f00000000;`, 'PTX502'),
  bad(`${MMA_SP_F16} %r6;`, 'PTX502', 'sm_80'),
];

const packed: PtxCase[] = [
  ok('add.u16x2 %r1, %r2, %r3;'),
  ok('min.relu.s16x2 %r1, %r2, %r3;'),
  ok('fma.rn.f32x2 %rd1, %rd2, %rd3, %rd4;', 'sm_100a'),
  ok('add.u32 %r1, %r2, 7;'),
  bad('add.u16x2 %r1, %r2, 7;', 'PTX504'),
  bad('add.s16x2 %r1, 0x00010001, %r2;', 'PTX504'),
  bad('max.s16x2 %r1, %r2, WARP_SZ;', 'PTX504'),
  bad('min.u16x2 %r1, %r2, (1+1);', 'PTX504'),
  bad('add.f32x2 %rd1, %rd2, 1.0;', 'PTX504', 'sm_100a'),
  bad('mul.f32x2 %rd1, %rd2, 7;', 'PTX504', 'sm_100a'),
  bad('fma.rn.f32x2 %rd1, 7, %rd2, %rd3;', 'PTX504', 'sm_100a'),
];

const mbarrier: PtxCase[] = [
  ok('mbarrier.init.b64 [sbuf], 1;'),
  ok('mbarrier.init.shared::cta.b64 [sbuf+8], 1;'),
  ok('mbarrier.arrive.b64 %rd1, [%rd2];'),
  ok('mbarrier.arrive.release.cluster.shared::cluster.b64 _, [sbuf];'),
  bad('mbarrier.init.b64 [gbuf], 1;', 'PTX502'),
  bad('mbarrier.init.b64 [gbuf], 1;', 'PTX502', 'sm_80'),
  bad('mbarrier.init.shared.b64 [cbuf], 1;', 'PTX502'),
  bad('mbarrier.arrive.b64 %rd1, [gbuf+16];', 'PTX502'),
  bad('mbarrier.try_wait.b64 %p1, [lbuf], %rd1;', 'PTX502'),
  bad('mbarrier.inval.b64 [gbuf];', 'PTX502'),
];

const operandNames: PtxCase[] = [
  bad('mov.u32 %r1, barrier.cluster.wait;', 'PTX310'),
  bad('mov.u32 %r1, mul.wide.u32;', 'PTX310'),
  bad('mov.u32 %r1, fence.proxy .async;', 'PTX310'),
  bad('mov.u32 %r1, tcgen05.wait_operation;', 'PTX201'),
  bad('mov.u32 %r1, barrier.cluster.wait.aligned;', 'PTX201'),
];

ptxCaseTable('PTX valid-forms misses (session 19)', [...cacheHint, ...size128, ...multimem, ...mmaSp, ...packed, ...mbarrier, ...operandNames]);
