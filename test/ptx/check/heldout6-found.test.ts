/**
 * Module-check cases found by checking held-out PTX (session 16: the inline `asm` statements of
 * NVIDIA/cutlass, HazyResearch/ThunderKittens, deepseek-ai/DeepGEMM, NVIDIA/numba-cuda (the bf16 and
 * fp16 headers it ships), bitsandbytes, huggingface/candle and ml-explore/mlx, each made a module at
 * its own target and retargeted to sm_80, sm_90a, sm_100a and sm_120a) with gpuasm and ptxas 13.0.
 * Each case is minimal and written here; its verdict and line were read from ptxas 13.0 at the
 * case's -arch, and with ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module at a target (.version 9.0 unless named) with one instruction on line 12. */
const { ok, bad } = kernelCases({
  version: '9.0',
  decls: '.reg .b32 %r<20>;\n.reg .f32 %f<9>;\n.reg .b64 %rd<9>;\n.reg .f64 %fd<20>;\n.reg .b16 %h<9>;\n.reg .pred %p<3>;',
});

/** Sparse m16n8k64 mma of FP8 into .f16, with and without `.kind::f8f6f4`. */
const SP16 = '{%r0, %r1}, {%r2, %r3, %r4, %r5}, {%r6, %r7, %r8, %r9}, {%r10, %r11}, %r12, 0x0;';
const SP32 = '{%f0, %f1, %f2, %f3}, {%r2, %r3, %r4, %r5}, {%r6, %r7, %r8, %r9}, {%f4, %f5, %f6, %f7}, %r12, 0x0;';
const SPARSE_F16 = [
  `mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16 ${SP16}`,
  `mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.e5m2.e4m3.f16 ${SP16}`,
  `mma.sync.aligned.kind::f8f6f4.sp::ordered_metadata.m16n8k64.row.col.f16.e4m3.e4m3.f16 ${SP16}`,
];
const DMMA = [
  'mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%fd0, %fd1, %fd2, %fd3}, {%fd4, %fd5, %fd6, %fd7}, {%fd8, %fd9}, {%fd10, %fd11, %fd12, %fd13};',
  'mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%fd0, %fd1, %fd2, %fd3}, {%fd4, %fd5, %fd6, %fd7, %fd14, %fd15, %fd16, %fd17}, {%fd8, %fd9, %fd18, %fd19}, {%fd10, %fd11, %fd12, %fd13};',
  'mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%fd0, %fd1, %fd2, %fd3}, {%fd4, %fd5}, {%fd8}, {%fd10, %fd11, %fd12, %fd13};',
];
/** Instructions sm_90 (and .version 7.8) takes and sm_80/sm_89 refuse. */
const SM90_ONLY = [
  ...DMMA,
  'tanh.approx.bf16 %h0, %h1;',
  'tanh.approx.bf16x2 %r0, %r1;',
  'ex2.approx.ftz.bf16 %h0, %h1;',
  'ex2.approx.ftz.bf16x2 %r0, %r1;',
  'set.eq.u32.bf16 %r0, %h0, %h1;',
  'set.ltu.bf16x2.bf16x2 %r0, %r1, %r2;',
  'setp.eq.bf16x2 %p0|%p1, %r1, %r2;',
  'cvt.rn.tf32.f32 %r0, %f1;',
  'cvt.rz.relu.tf32.f32 %r0, %f1;',
];

const cases: PtxCase[] = [
  // Sparse FP8 into .f16: sm_120a/f and sm_121a/f at .version 8.7 (the text lists .f32 only
  // without .kind); every other target refuses it, .kind::f8f6f4 or not; .f32 is taken on sm_89 up.
  ...SPARSE_F16.flatMap((ins): PtxCase[] => [
    ok(ins, 'sm_120a'),
    ok(ins, 'sm_120f'),
    ok(ins, 'sm_121a'),
    ok(ins, 'sm_120a', '8.7'),
    bad(ins, 'PTX508', 'sm_120a', '8.6'),
    bad(ins, 'PTX509', 'sm_100a'),
    bad(ins, 'PTX509', 'sm_103f'),
    bad(ins, 'PTX509', 'sm_110a'),
    bad(ins, 'PTX509', 'sm_120'),
  ]),
  ok(`mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 ${SP32}`, 'sm_89'),
  ok(`mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 ${SP32}`, 'sm_100a'),
  ok(`mma.sync.aligned.kind::f8f6f4.sp::ordered_metadata.m16n8k64.row.col.f32.e4m3.e4m3.f32 ${SP32}`, 'sm_100a'),
  ok('mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r0, %r1}, {%r2, %r3, %r4, %r5}, {%r6, %r7}, {%r10, %r11};', 'sm_100a'),
  ok('mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r0, %r1}, {%r2, %r3, %r4, %r5}, {%r6, %r7}, {%r10, %r11};', 'sm_89'),
  ok(`mma.sp::ordered_metadata.sync.aligned.kind::f8f6f4.m16n8k64.row.col.f16.e2m1.e4m3.f16 ${SP16}`, 'sm_120a'),
  // Sparse FP8 (.f32): sm_89 and .version 8.4, as the dense form.
  ok(`mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32 ${SP32}`, 'sm_89', '8.4'),
  bad(`mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32 ${SP32}`, 'PTX509', 'sm_80'),
  bad(`mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32 ${SP32}`, 'PTX509', 'sm_86'),
  bad(`mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 ${SP32}`, 'PTX508', 'sm_89', '8.3'),
  // `.sp` without ::ordered_metadata on the .f16 form: "Illegal modifier '.sp'".
  bad(`mma.sp.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16 ${SP16}`, 'PTX500', 'sm_120a'),
  // Mixed .f16/.f32 accumulators: "Unexpected instruction types".
  bad('mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f32 {%r0, %r1}, {%r2, %r3, %r4, %r5}, {%r6, %r7, %r8, %r9}, {%f4, %f5, %f6, %f7}, %r12, 0x0;', 'PTX500', 'sm_120a'),
  // sm_90 and .version 7.8: the .f64 mma shapes beyond m8n8k4, tanh/ex2/set .bf16(x2), setp
  // .bf16x2, cvt.rn/.rz .tf32.f32.
  ...SM90_ONLY.flatMap((ins): PtxCase[] => [
    ok(ins, 'sm_90', '7.8'),
    ok(ins, 'sm_100a'),
    bad(ins, 'PTX509', 'sm_80'),
    bad(ins, 'PTX509', 'sm_89'),
  ]),
  ...DMMA.map((ins) => bad(ins, 'PTX508', 'sm_80', '7.7')),
  ok('mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd0, %fd1}, {%fd4}, {%fd8}, {%fd10, %fd11};', 'sm_80', '7.0'),
  ok('cvt.rna.tf32.f32 %r0, %f1;', 'sm_80', '7.0'),
  ok('setp.eq.f16x2 %p0|%p1, %r1, %r2;', 'sm_80'),
  ok('min.bf16x2 %r0, %r1, %r2;', 'sm_80'),
  ok('fma.rn.relu.bf16x2 %r0, %r1, %r2, %r3;', 'sm_80'),
  // fma .oob: sm_90 and .version 8.1.
  ok('fma.rn.oob.f16 %h0, %h1, %h2, %h3;', 'sm_90', '8.1'),
  ok('fma.rn.oob.relu.bf16x2 %r0, %r1, %r2, %r3;', 'sm_90a'),
  bad('fma.rn.oob.f16 %h0, %h1, %h2, %h3;', 'PTX509', 'sm_89'),
  bad('fma.rn.oob.relu.bf16x2 %r0, %r1, %r2, %r3;', 'PTX509', 'sm_80'),
  bad('fma.rn.oob.f16 %h0, %h1, %h2, %h3;', 'PTX508', 'sm_90', '8.0'),
  // cvt .tf32.f32 `.satfinite`: .rna from .version 8.1 on sm_80; .rn/.rz from 8.6 on sm_100.
  ok('cvt.rna.satfinite.tf32.f32 %r0, %f1;', 'sm_80', '8.1'),
  bad('cvt.rna.satfinite.tf32.f32 %r0, %f1;', 'PTX508', 'sm_80', '8.0'),
  ok('cvt.rz.satfinite.tf32.f32 %r0, %f1;', 'sm_100', '8.6'),
  ok('cvt.rn.satfinite.relu.tf32.f32 %r0, %f1;', 'sm_120a'),
  bad('cvt.rz.satfinite.tf32.f32 %r0, %f1;', 'PTX509', 'sm_90a'),
  bad('cvt.rn.satfinite.relu.tf32.f32 %r0, %f1;', 'PTX509', 'sm_90'),
  bad('cvt.rn.satfinite.tf32.f32 %r0, %f1;', 'PTX508', 'sm_90a', '8.5'),
  // min/max .bf16/.bf16x2: sm_80 and .version 7.0 (min.bf16 had no gate).
  ok('min.bf16 %h0, %h1, %h2;', 'sm_80', '7.0'),
  ok('max.NaN.bf16x2 %r0, %r1, %r2;', 'sm_80'),
  bad('min.bf16 %h0, %h1, %h2;', 'PTX509', 'sm_75'),
  bad('min.bf16 %h0, %h1, %h2;', 'PTX508', 'sm_75', '6.5'),
  bad('max.bf16 %h0, %h1, %h2;', 'PTX509', 'sm_75'),
  // atom .bf16x2: sm_90 (.global, .shared and generic alike).
  ok('atom.global.add.noftz.bf16x2 %r0, [%rd1], %r1;', 'sm_90', '7.8'),
  ok('atom.shared.add.noftz.bf16x2 %r0, [%r1], %r1;', 'sm_90'),
  ok('atom.global.add.noftz.f16x2 %r0, [%rd1], %r1;', 'sm_80'),
  bad('atom.global.add.noftz.bf16x2 %r0, [%rd1], %r1;', 'PTX509', 'sm_80'),
  bad('atom.shared.add.noftz.bf16x2 %r0, [%r1], %r1;', 'PTX509', 'sm_89'),
  // clusterlaunchcontrol.try_cancel `.multicast::cluster::all`: the a/f targets of sm_100 to sm_121.
  ...['sm_100a', 'sm_100f', 'sm_103f', 'sm_110f', 'sm_120a', 'sm_121a'].map((t) => ok('clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128 [%r0], [%r1];', t)),
  ...['sm_100', 'sm_103', 'sm_110', 'sm_120', 'sm_121'].flatMap((t): PtxCase[] => [
    bad('clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128 [%r0], [%r1];', 'PTX509', t),
    ok('clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%r0], [%r1];', t),
  ]),
  // wmma.mma's .m16n16k8 (.tf32), .m8n8k4 (.f64) and .bf16: sm_80 and .version 7.0, as wmma.load's.
  ...[
    'wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};',
    'wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 {%fd0, %fd1}, {%fd2}, {%fd3}, {%fd4, %fd5};',
    'wmma.mma.sync.aligned.row.col.m8n8k4.rn.f64.f64.f64.f64 {%fd0, %fd1}, {%fd2}, {%fd3}, {%fd4, %fd5};',
    'wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};',
  ].flatMap((ins): PtxCase[] => [ok(ins, 'sm_80', '7.0'), bad(ins, 'PTX509', 'sm_75', '7.0'), bad(ins, 'PTX508', 'sm_80', '6.5')]),
  ok('wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};', 'sm_75', '6.5'),
  // %is_explicit_cluster is a predicate: mov.pred reads it, no other mov type nor any cvt.
  ok('mov.pred %p0, %is_explicit_cluster;', 'sm_90'),
  ok('mov.u32 %r0, %cluster_ctarank;', 'sm_90'),
  ...['mov.u32 %r0, %is_explicit_cluster;', 'mov.b16 %h0, %is_explicit_cluster;', 'mov.u64 %rd0, %is_explicit_cluster;', 'cvt.u32.u32 %r0, %is_explicit_cluster;'].map((ins) => bad(ins, 'PTX503', 'sm_90')),
];

ptxCaseTable('PTX cases found on held-out PTX (session 16)', cases);
