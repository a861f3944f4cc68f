/**
 * Module-check cases found by checking held-out PTX (session 14: the inline `asm` statements of
 * flashinfer, NVIDIA nccl, flash-attention, marlin, ggml-cuda, DeepEP, FlashMLA, tilelang,
 * TransformerEngine and torchao, each made a module) with gpuasm and ptxas 13.0. Each case is
 * minimal and written here; its verdict and line were read from ptxas 13.0 at the case's -arch, and
 * with ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module at a target (.version 9.0 unless named) with one instruction on line 12. */
const K = kernelCases({
  version: '9.0',
  decls: '.reg .b32 %r<300>;\n.reg .b64 %rd<9>;\n.reg .pred %p<2>;\n.reg .f32 %f<300>;\n.reg .f64 %fd<160>;\n.reg .b16 %h<9>;',
});

/** `{%<p>0, ... }` of n registers from `from`. */
const list = (p: string, n: number, from = 0): string => `{${Array.from({ length: n }, (_, i) => `%${p}${from + i}`).join(', ')}}`;

/** mma with D, A, B, C lists of the given sizes (D and C of `dc` registers, A and B of `ab`). */
const mma = (words: string, dc: string, ab: string, n: [number, number, number, number], tail = ''): string =>
  `${words} ${list(dc, n[0])}, ${list(ab, n[1], 100)}, ${list(ab, n[2], 120)}, ${list(dc, n[3], 140)}${tail};`;

/** K's cases under a name of their own. */
const ok = (name: string, t: string, ins: string, version?: string): PtxCase => ({ ...K.ok(ins, t, version), name: `${name} on ${t}` });
const bad = (name: string, t: string, ins: string, code: string, version?: string): PtxCase => ({ ...K.bad(ins, code, t, version), name: `${name} on ${t}` });

// The per-thread fragment sizes of mma (D, A, B, C): a form, then which operand to change.
const MMA_FORMS: [string, string, string, [number, number, number, number], string?][] = [
  ['mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', 'f', 'r', [4, 4, 2, 4]],
  ['mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16', 'r', 'r', [2, 2, 1, 2]],
  ['mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32', 'f', 'r', [8, 2, 2, 8]],
  ['mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32', 'f', 'r', [4, 2, 1, 4]],
  ['mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64', 'fd', 'fd', [4, 8, 4, 4]],
  ['mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32', 'r', 'r', [4, 4, 2, 4]],
  ['mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32', 'r', 'r', [2, 1, 1, 2]],
  ['mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc', 'r', 'r', [4, 4, 2, 4]],
  ['mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16', 'r', 'r', [2, 4, 2, 2]],
  ['mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32', 'f', 'r', [4, 4, 4, 4], ', %r290, 0x0'],
];

const cases: PtxCase[] = [
  // mma: each list exactly its fragment's size, "Argument vector size mismatch for instruction 'mma'".
  ...MMA_FORMS.flatMap(([w, dc, ab, n, tail]): PtxCase[] => [
    ok(w, 'sm_90a', mma(w, dc, ab, n, tail)),
    ...[0, 1, 2, 3].map((i) => {
      const m: [number, number, number, number] = [...n];
      m[i] = m[i] === 1 ? 2 : m[i]! / 2;
      return bad(`${w} ${'DABC'[i]} of ${m[i]}`, 'sm_90a', mma(w, dc, ab, m, tail), 'PTX505');
    }),
  ]),
  // ptxas takes B of any size in the FP8 .m16n8k16 form (left alone); A is still checked.
  ok('fp8 m16n8k16, B of 4', 'sm_120a', mma('mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32', 'f', 'r', [4, 2, 4, 4])),
  bad('fp8 m16n8k16, A of 4', 'sm_120a', mma('mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32', 'f', 'r', [4, 4, 1, 4]), 'PTX505'),
  // A sink in an FP8 mma's D: refused where ptxas expands the instruction (sm_90 to sm_11x).
  ...['sm_89', 'sm_120'].map((t) => ok('fp8 mma, a sink in D', t, 'mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%f0, _, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};')),
  ...['sm_90', 'sm_100a', 'sm_110'].map((t) => bad('fp8 mma, a sink in D', t, 'mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%f0, _, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};', 'PTX528')),
  ok('bf16 mma, a sink in D', 'sm_90a', 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {_, %f1, _, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};'),
  // wgmma: D of N/2 (.f32, .s32) or N/4 (.f16) registers, a braced A of 4.
  ok('wgmma f32 n24', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n24k16.f32.bf16.bf16 ${list('f', 12)}, %rd1, %rd2, 1, 1, 1, 0, 1;`),
  bad('wgmma f32 n24, D of 6', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n24k16.f32.bf16.bf16 ${list('f', 6)}, %rd1, %rd2, 1, 1, 1, 0, 1;`, 'PTX505'),
  ok('wgmma f16 n40, register A', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n40k16.f16.f16.f16 ${list('r', 10)}, ${list('r', 4, 200)}, %rd2, 1, 1, 1, 0;`),
  bad('wgmma f16 n40, register A of 2', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n40k16.f16.f16.f16 ${list('r', 10)}, ${list('r', 2, 200)}, %rd2, 1, 1, 1, 0;`, 'PTX505'),
  bad('wgmma s32 n16, D of 4', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n16k32.s32.u8.s8 ${list('r', 4)}, %rd1, %rd2, 1;`, 'PTX505'),
  bad('sparse wgmma e5m2 n16, D of 16', 'sm_90a', `wgmma.mma_async.sp.sync.aligned.m64n16k64.f32.e5m2.e5m2 ${list('f', 16)}, %rd1, %rd2, %r290, 0, 1, 1, 1;`, 'PTX505'),
  // wgmma's immediates: scale-d a predicate or 0/1; imm-scale-a/b 1 or -1; imm-trans-a/b 0 or 1.
  ...['%p1', '0', '!%p1'].map((v) => ok(`wgmma scale-d ${v}`, 'sm_90a', `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd1, %rd2, ${v}, -1, 1, 1, 0;`)),
  ...['%r5', '2'].map((v) => bad(`wgmma scale-d ${v}`, 'sm_90a', `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd1, %rd2, ${v}, 1, 1, 1, 0;`, 'PTX502')),
  ...['0', '%r5', '1.0'].map((v) => bad(`wgmma imm-scale-b ${v}`, 'sm_90a', `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd1, %rd2, 1, 1, ${v}, 1, 0;`, 'PTX502')),
  ...['2', '%rd3'].map((v) => bad(`wgmma register-A imm-trans-b ${v}`, 'sm_90a', `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, ${list('r', 4, 200)}, %rd2, 1, 1, 1, ${v};`, 'PTX502')),
  bad('int wgmma scale-d 3', 'sm_90a', `wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 ${list('r', 4)}, %rd1, %rd2, 3;`, 'PTX502'),
  // Bulk tensor copies: the coordinates as many as the dimension, im2col offsets two fewer.
  ok('3d tile store', 'sm_90a', 'cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%rd1, {%r0, %r1, %r2}], [%r5];'),
  bad('3d tile store, 2 coordinates', 'sm_90a', 'cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%rd1, {%r0, %r1}], [%r5];', 'PTX505'),
  bad('1d prefetch, 2 coordinates', 'sm_90a', 'cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%rd1, {%r0, %r1}];', 'PTX505'),
  bad('4d reduce, 5 coordinates', 'sm_90a', 'cp.reduce.async.bulk.tensor.4d.global.shared::cta.max.tile.bulk_group [%rd1, {%r0, %r1, %r2, %r3, %r4}], [%r5];', 'PTX505'),
  ok('5d im2col load', 'sm_90a', 'cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r9], [%rd1, {%r0, %r1, %r2, %r3, %r4}], [%r8], {%h0, %h1, %h2};'),
  bad('5d im2col load, 2 offsets', 'sm_90a', 'cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r9], [%rd1, {%r0, %r1, %r2, %r3, %r4}], [%r8], {%h0, %h1};', 'PTX505'),
  bad('4d im2col prefetch, 1 offset', 'sm_90a', 'cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd1, {%r0, %r1, %r2, %r3}], {%h0};', 'PTX505'),
  // The 4-row gather/scatter modes: .shared::cta gather on sm_100 and later, the others on the a/f
  // targets of sm_100 to sm_110 only; all from .version 8.6.
  ...['sm_100', 'sm_120'].map((t) => ok('gather4 to .shared::cta', t, 'cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes [%r0], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r6];')),
  bad('gather4 to .shared::cta', 'sm_90a', 'cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes [%r0], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r6];', 'PTX509'),
  ...['sm_100f', 'sm_110a'].map((t) => ok('gather4 to .shared::cluster', t, 'cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [%r0], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r6];')),
  ...['sm_100', 'sm_120a'].map((t) => bad('gather4 to .shared::cluster', t, 'cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [%r0], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r6];', 'PTX509')),
  ...['sm_103a'].map((t) => ok('scatter4', t, 'cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r0];')),
  ...['sm_100', 'sm_120a'].map((t) => bad('scatter4', t, 'cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r0];', 'PTX509')),
  bad('gather4 prefetch', 'sm_120a', 'cp.async.bulk.prefetch.tensor.2d.L2.global.tile::gather4 [%rd1, {%r1, %r2, %r3, %r4, %r5}];', 'PTX509'),
  ok('gather4 prefetch', 'sm_100a', 'cp.async.bulk.prefetch.tensor.2d.L2.global.tile::gather4 [%rd1, {%r1, %r2, %r3, %r4, %r5}];'),
  bad('scatter4 at 8.5', 'sm_90a', 'cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%rd1, {%r1, %r2, %r3, %r4, %r5}], [%r0];', 'PTX508', '8.5'),
  // ld.global.nc of 256 bits: sm_100 and .version 8.8, as ld.
  ok('ld.global.nc.v4.u64', 'sm_100', 'ld.global.nc.v4.u64 {%rd0, %rd1, %rd2, %rd3}, [%rd4];'),
  bad('ld.global.nc.v4.u64', 'sm_90a', 'ld.global.nc.v4.u64 {%rd0, %rd1, %rd2, %rd3}, [%rd4];', 'PTX509'),
  bad('ld.global.nc.L1::no_allocate.v8.f32', 'sm_100a', `ld.global.nc.L1::no_allocate.v8.f32 ${list('f', 8)}, [%rd4];`, 'PTX508', '8.7'),
  // cvt.rs: sm_100a and sm_103a only, .version 8.7.
  ...['sm_100a', 'sm_103a'].map((t) => ok('cvt.rs.relu.f16x2.f32', t, 'cvt.rs.relu.f16x2.f32 %r0, %f1, %f2, %r3;')),
  ...['sm_90a', 'sm_100f', 'sm_110a', 'sm_120a'].map((t) => bad('cvt.rs.relu.f16x2.f32', t, 'cvt.rs.relu.f16x2.f32 %r0, %f1, %f2, %r3;', 'PTX509')),
  bad('cvt.rs.satfinite.e5m2x4.f32', 'sm_100a', 'cvt.rs.satfinite.e5m2x4.f32 %r0, {%f1, %f2, %f3, %f4}, %r5;', 'PTX508', '8.6'),
  // st.async/red.async to .global and with .mmio: sm_100 and .version 8.7.
  ...['sm_100', 'sm_120'].map((t) => ok('st.async.global', t, 'st.async.mmio.release.sys.global.u32 [%rd1], %r0;')),
  bad('st.async.global', 'sm_90a', 'st.async.release.gpu.global.s64 [%rd1], %rd2;', 'PTX509'),
  bad('st.async.mmio', 'sm_90a', 'st.async.mmio.release.sys.global.u32 [%rd1], %r0;', 'PTX509'),
  bad('red.async.global', 'sm_90', 'red.async.release.global.gpu.add.u32 [%rd1], %r0;', 'PTX509'),
  bad('red.async.global at 8.6', 'sm_100', 'red.async.release.global.gpu.add.u32 [%rd1], %r0;', 'PTX508', '8.6'),
  // Found by checking the same modules at other targets. Mixed-precision add/sub/fma (.f32 with
  // .f16/.bf16 sources, sm_100 and .version 8.6): a (and fma's b) 16-bit, d and c .f32.
  ...['sm_100', 'sm_120'].flatMap((t) => [
    ok('fma.rn.f32.bf16', t, 'fma.rn.f32.bf16 %f0, %h1, %h2, %f3;'),
    ok('sub.rz.sat.f32.f16', t, 'sub.rz.sat.f32.f16 %f0, %h1, %f3;'),
    ok('add.f32.bf16 with a .f32 constant', t, 'add.f32.bf16 %f0, %h1, 0f3F800000;'),
    bad('fma.rn.f32.bf16, a .b16 c', t, 'fma.rn.f32.bf16 %f0, %h1, %h2, %h3;', 'PTX503'),
    bad('add.rn.f32.f16, a .f32 a', t, 'add.rn.f32.f16 %f0, %f1, %f3;', 'PTX503'),
  ]),
  bad('add.rn.f32.bf16', 'sm_90a', 'add.rn.f32.bf16 %f0, %h1, %f3;', 'PTX509'),
  bad('fma.rn.f32.f16 at 8.5', 'sm_90', 'fma.rn.f32.f16 %f0, %h1, %h2, %f3;', 'PTX508', '8.5'),
  // A bulk tensor copy's .cta_group: the a/f targets of sm_100 to sm_110.
  ok('cp.async.bulk.tensor .cta_group::2', 'sm_110f', 'cp.async.bulk.tensor.2d.cta_group::2.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r0], [%rd1, {%r1, %r2}], [%r6];'),
  ...['sm_100', 'sm_120a'].map((t) => bad('cp.async.bulk.tensor .cta_group::1', t, 'cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::1 [%r0], [%rd1, {%r1}], [%r6];', 'PTX509')),
  // sm_90 words: mbarrier.try_wait (7.8), mbarrier.arrive.expect_tx (8.0), mul and red of .bf16/.bf16x2 (7.8), min/max of .s16x2/.u16x2 (8.0).
  ...([
    ['mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2;', '7.8'],
    ['mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [%r0], %r1;', '8.0'],
    ['mul.rn.bf16x2 %r0, %r1, %r2;', '7.8'],
    ['red.global.add.noftz.bf16 [%rd1], %h0;', '7.8'],
    ['max.s16x2 %r0, %r1, %r2;', '8.0'],
    ['min.u16x2 %r0, %r1, %r2;', '8.0'],
  ] as [string, string][]).flatMap(([ins, v]): PtxCase[] => [ok(ins, 'sm_90', ins, v), bad(ins, 'sm_80', ins, 'PTX509', v)]),
  ok('mbarrier.test_wait on sm_80', 'sm_80', 'mbarrier.test_wait.shared.b64 %p1, [%r0], %rd0;'),
  ok('mul.f16 on sm_80', 'sm_80', 'mul.rn.f16 %h0, %h1, %h2;'),
];

ptxCaseTable('PTX cases found on held-out PTX (session 14)', cases);
