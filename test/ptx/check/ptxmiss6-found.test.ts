/**
 * Instruction rules of session 16 (ptxmiss6), each measured with ptxas 13.0 on small cases: a `.f16x2`
 * register beside another kind in a braced list (multimem's and every other), the constants multimem's value takes (alone and
 * in lists of constants only), shfl's `d|p`, a `.vN` word on wmma.load/wmma.store. Valid cases beside broken ones; with ptxas on PATH every
 * case is re-run through it (test/harness/ptx-case-table.ts).
 */
import { kernelModule, ptxCaseTable, TYPED_REGISTERS, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module whose body starts at line 9 (registers %h (.f16), %rs (.b16), %us (.u16), %ss (.s16), %r (.b32), %u (.u32), %s (.s32), %rd (.b64), %ud (.u64), %sd (.s64), %f (.f32), %fd (.f64), %x (.f16x2), %p (.pred)). */
function M(target: string, version: string, body: string): string {
  return kernelModule({ entry: '.entry k()', decls: `${TYPED_REGISTERS}\n.reg .s64 %sd<9>; .reg .s16 %ss<9>;` }, target, version, body);
}

/** A case on `target`: valid when `line` is undefined, else broken on that line (9: the body's first). */
function C(name: string, target: string, version: string, body: string, line?: number, code?: string): PtxCase {
  return { name, full: true, arch: target, text: M(target, version, body), ...(line === undefined ? {} : { line, code }) };
}

/** multimem on sm_100a: valid lines, or one broken line (the last) with its code. */
const MM = (body: string, code?: string) => C(body.split('\n').pop()!, 'sm_100a', '8.8', body, code === undefined ? undefined : 8 + body.split('\n').length, code);

const F = '0f3f800000';
const D = '0d3ff0000000000000';

const cases: PtxCase[] = [
  // 1. multimem lists: neighbouring elements of one kind (bit-size registers go with any)
  MM([
    'multimem.st.global.v2.f16 [%rd1], {%rs1, %h2};', 'multimem.st.global.v2.f16 [%rd1], {%us1, %ss2};', 'multimem.st.global.v2.f16 [%rd1], {%rs1, %us2};',
    'multimem.st.global.v2.f32 [%rd1], {%u1, %s2};', 'multimem.st.global.v2.f32 [%rd1], {%x1, %r2};', 'multimem.st.global.v2.bf16x2 [%rd1], {%f1, %r2};',
    'multimem.st.global.v4.f32 [%rd1], {%u1, %r1, %f1, %r2};', 'multimem.st.global.v4.f32 [%rd1], {%f1, %f2, %r1, %u1};', 'multimem.st.global.v4.f32 [%rd1], {%x1, %r1, %f1, %r2};',
    'multimem.st.global.v4.f32 [%rd1], {%u1, %r1, 1.0, %r2};', `multimem.st.global.v2.f32 [%rd1], {%f1, ${D}};`, 'multimem.st.global.v2.f32 [%rd1], {%u1, -1};',
    'multimem.st.global.v2.f16 [%rd1], {%h1, 1.0};', 'multimem.st.global.v2.f16 [%rd1], {%us1, 1};', 'multimem.st.global.v2.bf16x2 [%rd1], {%r1, 1.0};',
    'multimem.ld_reduce.global.add.v2.bf16x2 {%p1, %r1}, [%rd1];', 'multimem.ld_reduce.global.add.v2.bf16x2 {%p1, %p2}, [%rd1];', 'multimem.ld_reduce.global.add.v2.bf16x2 {%s1, %u1}, [%rd1];',
    'multimem.red.global.add.v2.f16 [%rd1], {%rs1, %h2};',
  ].join('\n')),
  MM('multimem.st.global.v2.f32 [%rd1], {%f1, %x1};', 'PTX503'),
  MM('multimem.st.global.v2.f16 [%rd1], {%us1, %h1};', 'PTX503'),
  MM('multimem.st.global.v2.f16 [%rd1], {%h1, %ss1};', 'PTX503'),
  MM('multimem.st.global.v2.f32 [%rd1], {%s1, %f2};', 'PTX503'),
  MM('multimem.st.global.v2.bf16x2 [%rd1], {%x1, %u2};', 'PTX503'),
  MM('multimem.st.global.v4.f32 [%rd1], {%r1, %u1, %f1, %r2};', 'PTX503'),
  MM('multimem.st.global.v4.f32 [%rd1], {%u1, 1.0, %r1, %r2};', 'PTX503'),
  MM('multimem.st.global.v2.f32 [%rd1], {%f1, 1};', 'PTX503'),
  MM(`multimem.st.global.v2.bf16x2 [%rd1], {%x1, ${F}};`, 'PTX503'),
  MM('multimem.red.global.add.v2.f16 [%rd1], {%h1, %us2};', 'PTX503'),
  MM('multimem.ld_reduce.global.add.v2.bf16x2 {%p1, %u1}, [%rd1];', 'PTX503'),
  MM('multimem.ld_reduce.global.add.v2.bf16x2 {%x1, %p1}, [%rd1];', 'PTX503'),
  MM('multimem.ld_reduce.global.add.v2.f32 {%f1, %u1}, [%rd1];', 'PTX503'),
  // (the same rule in every braced list: a .f16x2 register beside another kind)
  MM(['st.global.v4.b32 [%rd1], {%x1, %r1, %f1, %r2};', 'mov.b64 %rd1, {%x1, %r1};', 'ld.global.v2.b32 {%x1, %r1}, [%rd1];', 'red.global.add.noftz.v2.f16x2 [%rd1], {%x1, %r1};'].join('\n')),
  MM('st.global.v2.b32 [%rd1], {%x1, %u1};', 'PTX503'),
  MM('st.global.v2.b32 [%rd1], {%x1, 1};', 'PTX503'),
  MM('st.global.v2.b32 [%rd1], {%x1, %rd1};', 'PTX503'),
  MM('mov.b64 %rd1, {%x1, %f1};', 'PTX503'),
  MM('mov.v2.b32 {%x1, %u1}, {%r1, %r2};', 'PTX503'),
  // 2. multimem constants alone
  MM([
    'multimem.st.global.b32 [%rd1], 1;', `multimem.st.global.b32 [%rd1], ${F};`, 'multimem.st.global.b32 [%rd1], 0x1ffffffff;', 'multimem.st.global.u32 [%rd1], -1;',
    'multimem.st.global.s64 [%rd1], 1;', 'multimem.st.global.b64 [%rd1], 1.0;', `multimem.st.global.b64 [%rd1], ${D};`, 'multimem.st.global.f32 [%rd1], 1.0;',
    `multimem.st.global.f32 [%rd1], ${D};`, `multimem.st.global.f64 [%rd1], ${F};`, 'multimem.st.global.bf16x2 [%rd1], 1;', `multimem.st.global.e5m2x4 [%rd1], ${F};`,
    'multimem.red.global.add.u64 [%rd1], 1;', `multimem.red.global.add.f64 [%rd1], ${F};`, `multimem.red.global.and.b32 [%rd1], ${F};`,
  ].join('\n')),
  MM('multimem.st.global.b32 [%rd1], 1.0;', 'PTX504'),
  MM(`multimem.st.global.b32 [%rd1], ${D};`, 'PTX504'),
  MM(`multimem.st.global.u32 [%rd1], ${F};`, 'PTX504'),
  MM('multimem.st.global.s64 [%rd1], 1.0;', 'PTX504'),
  MM(`multimem.st.global.b64 [%rd1], ${F};`, 'PTX504'),
  MM('multimem.st.global.f32 [%rd1], 1;', 'PTX504'),
  MM('multimem.st.global.f64 [%rd1], 0x7fffffff;', 'PTX504'),
  MM(`multimem.st.global.f16x2 [%rd1], ${F};`, 'PTX504'),
  MM('multimem.st.global.f16x2 [%rd1], 1;', 'PTX504'),
  MM('multimem.st.global.bf16x2 [%rd1], 1.0;', 'PTX504'),
  MM(`multimem.st.global.e4m3x4 [%rd1], ${D};`, 'PTX504'),
  MM('multimem.red.global.add.u32 [%rd1], 1.0;', 'PTX504'),
  MM('multimem.red.global.add.f32 [%rd1], 1;', 'PTX504'),
  MM(`multimem.red.global.add.bf16x2 [%rd1], ${F};`, 'PTX504'),
  MM('multimem.red.global.add.bf16x2 [%rd1], 1;', 'PTX504'),
  MM(`multimem.red.global.and.b64 [%rd1], ${F};`, 'PTX504'),
  // 3. multimem lists of constants only
  MM([
    'multimem.st.global.f32 [%rd1], {1.0};', `multimem.st.global.f32 [%rd1], {${D}};`, `multimem.st.global.v2.f32 [%rd1], {${F}, ${F}};`,
    `multimem.st.global.v4.f32 [%rd1], {${F}, ${F}, ${F}, ${F}};`, `multimem.st.global.bf16x2 [%rd1], {${F}};`, `multimem.st.global.v2.e4m3x4 [%rd1], {${F}, ${F}};`,
    'multimem.red.global.add.v2.f32 [%rd1], {1.0, 1.0};', `multimem.red.global.add.v4.f32 [%rd1], {${D}, 1.0, ${F}, 1.0};`,
  ].join('\n')),
  MM('multimem.st.global.f32 [%rd1], {1};', 'PTX504'),
  MM('multimem.st.global.v2.f32 [%rd1], {1.0, 1.0};', 'PTX504'),
  MM(`multimem.st.global.v2.f32 [%rd1], {${F}, 1.0};`, 'PTX504'),
  MM('multimem.st.global.bf16x2 [%rd1], {1};', 'PTX504'),
  MM('multimem.st.global.v2.bf16x2 [%rd1], {1.0, 2.0};', 'PTX504'),
  MM(`multimem.st.global.f16x2 [%rd1], {${F}};`, 'PTX504'),
  MM(`multimem.st.global.v2.f16 [%rd1], {${F}, ${F}};`, 'PTX504'),
  MM('multimem.st.global.v8.f16 [%rd1], {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};', 'PTX504'),
  MM('multimem.st.global.v2.e5m2x2 [%rd1], {1.0, 1.0};', 'PTX504'),
  MM('multimem.red.global.add.v2.f32 [%rd1], {1, 2};', 'PTX504'),
  MM(`multimem.red.global.add.v2.bf16x2 [%rd1], {${F}, ${F}};`, 'PTX504'),
  MM('multimem.red.global.add.v2.f16 [%rd1], {1.0, 1.0};', 'PTX504'),
  // 4. shfl's d|p
  C('shfl.sync d|p with 32-bit registers of every kind, p a predicate or the sink', 'sm_90', '8.8', [
    'shfl.sync.idx.b32 %f1|%p1, %r2, 1, 31, -1;', 'shfl.sync.idx.b32 %x1|%p1, %r2, 1, 31, -1;', 'shfl.sync.idx.b32 %u1|%p1, %r2, 1, 31, -1;',
    'shfl.sync.idx.b32 %r1|_, %r2, 1, 31, -1;',
  ].join('\n')),
  C('shfl.sync: a 64-bit d with |p', 'sm_90', '8.8', 'shfl.sync.idx.b32 %rd1|%p1, %r2, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a 16-bit d with |p', 'sm_90', '8.8', 'shfl.sync.bfly.b32 %h1|%p1, %r2, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a predicate d with |p', 'sm_90', '8.8', 'shfl.sync.idx.b32 %p2|%p1, %r2, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a .f64 d with |p', 'sm_90', '8.8', 'shfl.sync.up.b32 %fd1|%p1, %r2, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a .b32 register as p', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1|%r2, %r2, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a .f32 register as p', 'sm_90', '8.8', 'shfl.sync.down.b32 %r1|%f2, %r2, 1, 31, -1;', 9, 'PTX503'),
  { ...C('shfl without .sync: d|p with a .f32 d', 'sm_60', '6.0', 'shfl.idx.b32 %f1|%p1, %r2, 1, 31;'), arch: 'sm_75' },
  { ...C('shfl without .sync: a 64-bit d with |p', 'sm_60', '6.0', 'shfl.idx.b32 %rd1|%p1, %r2, 1, 31;', 9, 'PTX503'), arch: 'sm_75' },
  { ...C('shfl without .sync: a .b32 register as p', 'sm_60', '6.0', 'shfl.idx.b32 %r1|%r2, %r2, 1, 31;', 9, 'PTX503'), arch: 'sm_75' },
  // 5. tcgen05's register operands (sm_100a)
  MM([
    'tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], %u1;', 'tcgen05.dealloc.cta_group::1.sync.aligned.b32 %s1, %r2;',
    'tcgen05.mma.cta_group::1.kind::f16 [%r1], %ud1, %sd1, %u2, %p1;', 'tcgen05.mma.cta_group::1.kind::f16 [%r1], 1, %rd2, 1, 1;',
    'tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, {%r3, %r4, %u5, %s6}, %p1;', 'tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1, 1;',
    'tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, {%r3, %r4, %r5, %r6}, %p1, 1;', 'tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, 0, 3;',
    'tcgen05.mma.sp.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r5], %r2, %p1;', 'tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1, %rd3;',
    'tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale [%r1], %rd1, %rd2, %r2, [%r3], [%r4], %p1;', 'tcgen05.cp.cta_group::1.128x256b [%r1], %ud1;',
  ].join('\n')),
  MM('tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], %rd2;', 'PTX503'),
  MM('tcgen05.dealloc.cta_group::1.sync.aligned.b32 %rd1, 32;', 'PTX503'),
  MM('tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, %rd2;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %r1, %rd2, %r2, %p1;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %fd2, %r2, %p1;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %rd3, %p1;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %r3;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %r3, 1;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, {%r3, %r4, %r5, %r6}, %r1, 1;', 'PTX503'),
  MM('tcgen05.mma.sp.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r5], %r2, %r7;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale [%r1], %rd1, %rd2, %r2, [%r3], [%r4], %r1;', 'PTX503'),
  MM('tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, 1.0;', 'PTX504'),
  MM('tcgen05.cp.cta_group::1.128x256b [%r1], %r2;', 'PTX503'),
  // tcgen05.ld/st's register counts by shape and .num, 32-bit registers
  MM([
    'tcgen05.st.sync.aligned.16x128b.x1.unpack::16b.b32 [%r2], {%r1, %r2};', 'tcgen05.st.sync.aligned.16x256b.x1.b32 [%r2], {%r1, %r2, %r3, %r4};',
    'tcgen05.st.sync.aligned.16x32bx2.x2.b32 [%r2], 2, {%r1, %r2};', 'tcgen05.st.sync.aligned.32x32b.x2.b32 [%r2], {%x1, %x2};',
    'tcgen05.ld.sync.aligned.16x64b.x4.pack::16b.b32 {%u1, %u2, %s1, %s2}, [%r2];', 'tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r1}, [%r2], 2;',
    'tcgen05.ld.sync.aligned.32x32b.x2.b32 {%f1, %f2}, [%r2];',
  ].join('\n')),
  MM('tcgen05.st.sync.aligned.16x128b.x1.b32 [%r2], {%r1};', 'PTX505'),
  MM('tcgen05.st.sync.aligned.16x256b.x2.b32 [%r2], {%r1, %r2, %r3, %r4};', 'PTX505'),
  MM('tcgen05.st.sync.aligned.16x32bx2.x2.b32 [%r2], 2, {%r1};', 'PTX505'),
  MM('tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1}, [%r3];', 'PTX505'),
  MM('tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r1, %r2}, [%r2], 2;', 'PTX505'),
  MM('tcgen05.st.sync.aligned.32x32b.x2.b32 [%r2], {%r1, %p1};', 'PTX503'),
  MM('tcgen05.ld.sync.aligned.32x32b.x2.b32 {%rd1, %rd2}, [%r2];', 'PTX503'),
  MM('tcgen05.ld.sync.aligned.32x32b.x2.b32 {%h1, %h2}, [%r2];', 'PTX503'),
  // wgmma's descriptors and sparsity metadata (sm_90a)
  C('wgmma descriptors and metadata of the registers taken', 'sm_90a', '8.8', [
    'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %ud1, %sd1, %p1, 1, 1, 0, 0;',
    'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, 1, %p1, 1, 1, 0;',
    'wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %f1, 0, %p1, 1, 1, 0, 0;',
    'wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %p1, 0, %p1, 1, 1, 0, 0;',
  ].join('\n')),
  C('wgmma: a 32-bit a-desc', 'sm_90a', '8.8', 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %r1, %rd2, %p1, 1, 1, 0, 0;', 9, 'PTX503'),
  C('wgmma: a .f64 b-desc', 'sm_90a', '8.8', 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %fd1, %p1, 1, 1, 0, 0;', 9, 'PTX503'),
  C('wgmma: a 64-bit sparsity metadata', 'sm_90a', '8.8', 'wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %rd1, 0, %p1, 1, 1, 0, 0;', 9, 'PTX503'),
  C('wgmma: a constant sparsity metadata', 'sm_90a', '8.8', 'wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 0, %p1, 1, 1, 0, 0;', 9),
  // 6. red.async and st.async with the completion mechanism and no mbarrier operand; red.async's .add.s64
  C('red.async/st.async without [mbar], red.async .add.s64', 'sm_90', '8.1', [
    'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%rd1], %r1;', 'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.s32 [%rd1], %r1;',
    'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b32 [%rd1], %r1;', 'red.async.relaxed.cluster.mbarrier::complete_tx::bytes.dec.u32 [%rd1], %r1;',
    'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64 [%rd1], %rd1, [%rd2];', 'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64 [%rd1], 1;',
    'st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd1], %r1;', 'st.async.shared::cluster.mbarrier::complete_tx::bytes.f32 [%rd1], %f1;',
  ].join('\n')),
  C('red.async.min.s64', 'sm_90', '8.1', 'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.s64 [%rd1], %rd1, [%rd2];', 9, 'PTX500'),
  C('red.async.dec.s32 without [mbar]', 'sm_90', '8.1', 'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.s32 [%rd1], %r1;', 9, 'PTX500'),
  C('red.async.add.s64 of a 32-bit register', 'sm_90', '8.1', 'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64 [%rd1], %r1, [%rd2];', 9, 'PTX503'),
  C('st.async without [mbar] with .v2', 'sm_90', '8.1', 'st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%rd1], {%f1, %f2};', 9, 'PTX501'),
  C('red.async .global .add.s64 (sm_100a)', 'sm_100a', '8.8', 'red.async.release.gpu.global.add.s64 [%rd1], %rd2;\nred.async.release.gpu.global.add.u64 [%rd1], %rd2;'),
  C('red .add.s64 stays refused', 'sm_100a', '8.8', 'red.global.add.s64 [%rd2], %rd3;', 9, 'PTX500'),
  // 7. A vector word on wmma.load/wmma.store (found by the mutation sweep, seed 2666): taken when it
  // repeats the fragment's own register count and stays within 128 bits.
  C('wmma .vN repeating the fragment count', 'sm_80', '8.0', [
    'wmma.load.a.sync.aligned.row.m16n16k16.f16.v8 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1], %r0;',
    'wmma.load.c.sync.aligned.row.m8n8k4.f64.v2 {%fd1, %fd2}, [%rd1], %r0;',
    'wmma.store.d.sync.aligned.row.m16n16k16.f16.v4 [%rd1], {%r1, %r2, %r3, %r4}, %r0;',
    'wmma.load.a.sync.aligned.row.m16n16k16.s8.v2 {%r1, %r2}, [%rd1], %r0;',
    'wmma.store.d.sync.aligned.row.m8n8k32.s32.v2 [%rd1], {%r1, %r2}, %r0;',
  ].join('\n')),
  C('wmma.load.b .f64 .v2 of one register', 'sm_80', '8.0', 'wmma.load.b.sync.aligned.row.m8n8k4.f64.v2 {%fd1}, [%rd1], %r0;', 9, 'PTX505'),
  C('wmma.load.a .s4 .v2 of one register', 'sm_80', '8.0', 'wmma.load.a.sync.aligned.row.m8n8k32.s4.v2 {%r1}, [%rd1], %r0;', 9, 'PTX505'),
  C('wmma.store.d .f32 .v4 of eight registers', 'sm_80', '8.0', 'wmma.store.d.sync.aligned.row.m16n16k16.f32.v4 [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, %r0;', 9, 'PTX505'),
  C('wmma.load.c .f32 .v8: more than 128 bits', 'sm_80', '8.0', 'wmma.load.c.sync.aligned.row.m16n16k16.f32.v8 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1], %r0;', 9, 'PTX505'),
  C('wmma.load.c .f64 .v4: more than 128 bits', 'sm_80', '8.0', 'wmma.load.c.sync.aligned.row.m8n8k4.f64.v4 {%fd1, %fd2}, [%rd1], %r0;', 9, 'PTX505'),
];

ptxCaseTable('PTX instruction rules of session 16 (ptxmiss6)', cases);
