/**
 * Misses of the valid-forms sweep rebuilt in session 21 (lines ptxas 13.0 refuses that gpuasm took;
 * the generator test/harness/ptx-valid-forms.ts, docs/testing.md), closed by helper ptxmiss12, each
 * rule measured with ptxas 13.0 beside valid lines: tcgen05.mma{.sp}'s operands after idesc by
 * `.kind::` (scale-input-d a constant 0-15 with .f16/.tf32, any constant with .i8, none with .f8f6f4;
 * the disable-output-lane mask a braced list or a predicate), tcgen05.mma.ws's zero-column-mask-desc
 * (64-bit), cp.reduce.async.bulk's types per reduction and destination, cp.async.bulk's operand count
 * by its words and its byteMask (16-bit), `.cp_mask`'s target gate; and the false errors the probing
 * found (tcgen05.mma .kind::i8 with a scale-input-d, taken by ptxas). With ptxas on PATH the table is
 * re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel with one instruction on line 7. */
const { ok, bad } = kernelCases({
  target: 'sm_100a',
  version: '9.0',
  decls: '.reg .pred %p<9>; .reg .b16 %h<9>; .reg .b32 %r<13>; .reg .b64 %rd<9>; .reg .f64 %fd<3>;',
});

const M4 = '{%r5, %r6, %r7, %r8}';
const M8 = '{%r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12}';
/** A tcgen05.mma line: the words after `tcgen05.mma`, and the operands after idesc. */
const mma = (words: string, tail: string): string => `tcgen05.mma${words} [%r2], %rd2, %rd3, %r4, ${tail};`;
const mmaSp = (words: string, tail: string): string => `tcgen05.mma.sp${words} [%r2], [%r3], %rd3, [%r1], %r4, ${tail};`;

const tcgen05: PtxCase[] = [
  // .kind::f16/.kind::tf32: scale-input-d an integer constant 0 to 15 (a constant expression evaluated).
  ok(mma('.cta_group::1.kind::f16', '%p6, 15')),
  ok(mma('.cta_group::1.kind::tf32', '%p6, 0x3')),
  ok(mma('.cta_group::1.kind::f16', '%p6, 1+2')),
  ok(mma('.cta_group::1.kind::f16', `${M4}, %p6, 2`)),
  ok(mma('.cta_group::2.kind::f16', `${M8}, 1, 15`)),
  bad(mma('.cta_group::1.kind::f16', '%p6, 16'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', '%p6, -1'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', '%p5, %p6'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', '%p6, %r7'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', '%p6, 1.0'), 'PTX502'),
  bad(mma('.cta_group::1.kind::tf32', `${M4}, %p6, %p7`), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', `${M4}, %p6, 16`), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16.collector::a::fill', '%p6, %p7'), 'PTX502'),
  bad(`tcgen05.mma.cta_group::1.kind::f16.ashift [%r2], [%r3], %rd3, %r4, %p6, 16;`, 'PTX502'),
  // The disable-output-lane mask: a braced list or a predicate register (a 32-bit one ptxas expands to a
  // selp it refuses; a 64-bit one or a constant "Arguments mismatch").
  ok(mma('.cta_group::1.kind::f16', '%p5, %p6, 1')),
  ok(mma('.cta_group::2.kind::f16', '%p5, 1, 15')),
  ok(mma('.cta_group::1.kind::tf32.collector::a::fill', '%p5, %p6, 3')),
  bad(mma('.cta_group::1.kind::f16', '%r5, %p6, 1'), 'PTX502'),
  bad(mma('.cta_group::2.kind::f16', '%rd5, %p6, 1'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f16', '3, %p6, 1'), 'PTX502'),
  bad(mma('.cta_group::1.kind::tf32.collector::a::fill', '%r5, %p6, 3'), 'PTX502'),
  // .kind::f8f6f4: no scale-input-d.
  ok(mma('.cta_group::1.kind::f8f6f4', `${M4}, %p6`)),
  ok(mma('.cta_group::1.kind::f8f6f4', '%p6')),
  bad(mma('.cta_group::1.kind::f8f6f4', '%p6, 0'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f8f6f4', '%p5, %p6'), 'PTX502'),
  bad(mma('.cta_group::1.kind::f8f6f4', `${M4}, %p6, 1`), 'PTX502'),
  bad(mmaSp('.cta_group::1.kind::f8f6f4', '%p6, 2'), 'PTX502'),
  // .kind::i8: two operands after idesc are a constant-taking pair (enable, scale) or (predicate mask,
  // enable); three take any integer constant last (dense only: .sp refuses a third).
  ok(mma('.cta_group::1.kind::i8', '%p6, 16')),
  ok(mma('.cta_group::1.kind::i8', '%p5, %p6')),
  ok(mma('.cta_group::1.kind::i8', '1, 1')),
  ok(mmaSp('.cta_group::2.kind::i8', '%p5, %p6')),
  bad(mma('.cta_group::1.kind::i8', '%r5, %p6'), 'PTX502'),
  bad(mma('.cta_group::1.kind::i8', '1, %p6'), 'PTX502'),
  bad(mmaSp('.cta_group::2.kind::i8', '1, %p6'), 'PTX502'),
  bad(mmaSp('.cta_group::2.kind::i8', '%r5, %p6'), 'PTX502'),
  bad(mmaSp('.cta_group::2.kind::i8', '%p5, %p6, 1'), 'PTX501'),
  // False errors before (PTX501): .kind::i8 with a scale-input-d.
  ok(mma('.cta_group::1.kind::i8', `${M4}, %p6, 16`)),
  ok(mma('.cta_group::1.kind::i8', `${M4}, %p6, -1`)),
  ok(mma('.cta_group::1.kind::i8', `${M4}, 1, 1`)),
  ok(mma('.cta_group::1.kind::i8', '%p5, %p6, 1')),
  ok(`tcgen05.mma.cta_group::1.kind::i8.ashift [%r2], [%r3], %rd3, %r4, %p5, 1, 1;`),
  ok(mma('.cta_group::1.kind::i8.collector::a::fill', '%p5, 1, 1')),
  bad(mma('.cta_group::1.kind::i8', '1, 1, 1'), 'PTX502'),
  bad(mma('.cta_group::1.kind::i8', `${M4}, %p6, 1.0`), 'PTX502'),
  bad(mma('.cta_group::1.kind::i8', `${M4}, %p6, %p7`), 'PTX502'),
  // tcgen05.mma.ws's zero-column-mask-desc: a 64-bit integer or bit-size register or an integer constant.
  ok('tcgen05.mma.ws.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r4, %p6, %rd7;'),
  ok('tcgen05.mma.ws.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r4, %p6, 5;'),
  ok('tcgen05.mma.ws.sp.cta_group::1.kind::f16 [%r2], %rd2, %rd3, [%r5], %r4, %p6, %rd7;'),
  bad('tcgen05.mma.ws.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r4, %p6, %r7;', 'PTX503'),
  bad('tcgen05.mma.ws.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r4, %p6, %fd1;', 'PTX503'),
  bad('tcgen05.mma.ws.cta_group::1.kind::i8 [%r2], [%r3], %rd3, %r4, %p6, %h7;', 'PTX503'),
  bad('tcgen05.mma.ws.sp.cta_group::1.kind::f16 [%r2], %rd2, %rd3, [%r5], %r4, %p6, 1.0;', 'PTX504'),
];

/** cp.reduce.async.bulk to global memory (bulk group) or to .shared::cluster (mbarrier). */
const toGlobal = (op: string, t: string): string => `cp.reduce.async.bulk.global.shared::cta.bulk_group.${op}.${t} [%rd1], [%r2], 16;`;
const toCluster = (op: string, t: string): string => `cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.${op}.${t} [%r1], [%r2], 16, [%r3];`;

const bulk: PtxCase[] = [
  ok(toGlobal('add', 'f64'), 'sm_90a'),
  ok(toGlobal('add', 'u64')),
  ok(toGlobal('and', 'b64')),
  ok(toGlobal('inc', 'u32')),
  ok(toGlobal('min', 'bf16')),
  ok(toGlobal('max', 's64'), 'sm_90a'),
  ok('cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.bf16 [%rd1], [%r2], 16;'),
  bad(toGlobal('add', 'b32'), 'PTX500'),
  bad(toGlobal('add', 's64'), 'PTX500'),
  bad(toGlobal('and', 'u32'), 'PTX500', 'sm_90a'),
  bad(toGlobal('dec', 's32'), 'PTX500'),
  bad(toGlobal('min', 'f32'), 'PTX500'),
  bad(toGlobal('or', 'f64'), 'PTX500'),
  ok(toCluster('add', 'u64')),
  ok(toCluster('xor', 'b32'), 'sm_90a'),
  ok(toCluster('max', 's32')),
  bad(toCluster('and', 'b64'), 'PTX500'),
  bad(toCluster('min', 'u64'), 'PTX500'),
  bad(toCluster('inc', 'u64'), 'PTX500', 'sm_90a'),
  bad(toCluster('add', 'b32'), 'PTX500'),
  // cp.async.bulk: one operand for each of .multicast::cluster, .L2::cache_hint and .cp_mask, no more.
  ok('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%rd1], 64, [%r2], %h3;'),
  ok('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%r1], [%rd1], 64, [%r2], %h3, %rd4;'),
  ok('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r1], [%rd1], 64, [%r2], %rd4;', 'sm_90a'),
  ok('cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%r3], 16, %rd4;'),
  ok('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %h5;'),
  ok('cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask [%rd1], [%r3], 16, %rd4, 5;', 'sm_120a'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%rd1], 64, [%r2];', 'PTX501'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%r1], [%rd1], 64, [%r2], 7;', 'PTX501'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 64, [%r2], %rd4;', 'PTX501', 'sm_90a'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 64, [%r2], 1;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r3], 16, %rd4;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r3], 16, 5;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask [%rd1], [%r3], 16, %rd4;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %rd4, %h5;', 'PTX501'),
  bad('cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r3], 16, %rd4, %h5;', 'PTX501'),
  // byteMask: a 16-bit register or a constant.
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %r5;', 'PTX503'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask [%rd1], [%r3], 16, %rd4, %r5;', 'PTX503'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %rd5;', 'PTX503'),
  // `.cp_mask` from sm_100 and .version 8.6.
  ok('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %h5;', 'sm_110', '9.0'),
  ok('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %h5;', 'sm_100a', '8.6'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %h5;', 'PTX509', 'sm_90a'),
  bad('cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r3], 16, %h5;', 'PTX509', 'sm_90', '8.6'),
];

ptxCaseTable('PTX valid-forms misses (session 21, ptxmiss12): tcgen05.mma operands after idesc, tcgen05.mma.ws mask', tcgen05);
ptxCaseTable('PTX valid-forms misses (session 21, ptxmiss12): cp.reduce.async.bulk types, cp.async.bulk operands and .cp_mask', bulk);
