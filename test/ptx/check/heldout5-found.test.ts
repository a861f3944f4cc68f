/**
 * Module-check cases found by checking held-out PTX (session 15: the inline `asm` statements of
 * microsoft/mscclpp, NVIDIA/Fuser, InternLM/lmdeploy, mit-han-lab/nunchaku and omniserve,
 * thu-ml/SageAttention, microsoft/BitBLAS, rapidsai/raft, NVIDIA/warp, xlite-dev/LeetCUDA and
 * exllama, each made a module, and tinygrad's own PTX renderer's output) with gpuasm and ptxas 13.0.
 * Each case is minimal and written here; its verdict and line were read from ptxas 13.0 at the
 * case's -arch, and with ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module (sm_100a, .version 9.0 unless named) with one instruction on line 14. */
const { ok, bad } = kernelCases({
  target: 'sm_100a',
  version: '9.0',
  decls: '.reg .b32 %r<9>;\n.reg .f32 %f<9>;\n.reg .b64 %rd<9>;\n.reg .f64 %fd<9>;\n.reg .b16 %h<9>;\n.reg .v2 .f32 %v2;\n.reg .v4 .f32 %v4;\n.reg .v2 .b32 %w2;',
});

const cases: PtxCase[] = [
  // atom/red without a vector word take no braced list and no vector register (red.async neither).
  bad('red.global.add.u32 [%rd0], {%r0};', 'PTX502'),
  bad('red.global.add.noftz.f16x2 [%rd0], {%r0};', 'PTX502'),
  bad('atom.global.add.u32 %r0, [%rd0], {%r1};', 'PTX502'),
  bad('atom.global.add.u32 {%r0}, [%rd0], %r1;', 'PTX502'),
  bad('atom.shared.cas.b32 %r0, [%r1], %r1, {%r2};', 'PTX502'),
  bad('red.global.add.f32 [%rd0], %v2;', 'PTX502'),
  bad('red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r0], {%r1}, [%r2];', 'PTX502'),
  // With .v2/.v4/.v8: d and b braced lists of that size; b also a vector register of that size.
  ok('atom.global.v2.f32.add {%f0, %f1}, [%rd0], {%f2, %f3};'),
  ok('atom.global.v2.f32.add {_, %f1}, [%rd0], {%f2, %f3};'),
  ok('atom.global.v2.f32.add _, [%rd0], {%f2, %f3};'),
  ok('atom.global.v2.f32.add.L2::cache_hint {%f0, %f1}, [%rd0], {%f2, %f3}, %rd1;'),
  ok('atom.global.v8.bf16.add.noftz {%h0, %h1, %h2, %h3, %h4, %h5, %h6, %h7}, [%rd0], {%h0, %h1, %h2, %h3, %h4, %h5, %h6, %h7};'),
  ok('red.global.add.noftz.v2.f16x2 [%rd0], {%r0, %r1};'),
  ok('red.global.v2.f32.add [%rd0], {0f3F800000, %f1};'),
  ok('red.global.v2.f32.add [%rd0], %v2;'),
  ok('red.global.v2.f32.add [%rd0], %w2;'),
  ok('atom.global.v2.f32.add {%f0, %f1}, [%rd0], %v2;'),
  // (A vector register as atom's d: ptxas 13.0 crashes (signal 11) writing the cubin; refused.)
  bad('red.global.add.noftz.v2.f16x2 [%rd0], {%r0};', 'PTX505'),
  bad('red.global.add.noftz.v8.f16 [%rd0], {%h0, %h1, %h2, %h3};', 'PTX505'),
  bad('atom.global.v4.f32.add {%f0, %f1, %f2, %f3}, [%rd0], {%f2, %f3};', 'PTX505'),
  bad('atom.global.v2.f32.add {%f0}, [%rd0], {%f2, %f3};', 'PTX505'),
  bad('red.global.v2.f32.add [%rd0], %f0;', 'PTX505'),
  bad('atom.global.v2.f32.add {%f0, %f1}, [%rd0], %f2;', 'PTX505'),
  bad('red.global.v2.f32.add [%rd0], %v4;', 'PTX505'),
  bad('atom.global.v2.f32.add.L2::cache_hint {%f0, %f1}, [%rd0], {%f2, %f3}, {%rd1};', 'PTX502'),
  // multimem: a floating-point ld_reduce/st takes a braced list of exactly its vector size (1
  // without .vN), red one only with .vN; an integer type none; a vector register never.
  ok('multimem.st.relaxed.sys.global.f32 [%rd0], {%f0};'),
  ok('multimem.st.relaxed.sys.global.f64 [%rd0], {%fd0};'),
  ok('multimem.ld_reduce.relaxed.sys.global.add.f16x2 {%r0}, [%rd0];'),
  ok('multimem.ld_reduce.weak.global.add.e4m3x4 {%r0}, [%rd0];'),
  ok('multimem.ld_reduce.relaxed.sys.global.add.v2.f32 {_, %f1}, [%rd0];'),
  ok('multimem.st.relaxed.sys.global.v8.f16 [%rd0], {%h0, %h1, %h2, %h3, %h4, %h5, %h6, %h7};'),
  ok('multimem.red.relaxed.sys.global.add.v2.f32 [%rd0], {0f3F800000, %f1};'),
  ok('multimem.red.relaxed.sys.global.add.f32 [%rd0], %f0;'),
  bad('multimem.red.relaxed.sys.global.add.f32 [%rd0], {%f0};', 'PTX502'),
  bad('multimem.red.relaxed.sys.global.add.f16x2 [%rd0], {%r0};', 'PTX502'),
  bad('multimem.st.relaxed.sys.global.u32 [%rd0], {%r0};', 'PTX502'),
  bad('multimem.ld_reduce.relaxed.sys.global.and.b32 {%r0}, [%rd0];', 'PTX502'),
  bad('multimem.red.relaxed.sys.global.add.u32 [%rd0], {%r0};', 'PTX502'),
  bad('multimem.st.relaxed.sys.global.f32 [%rd0], {%f0, %f1};', 'PTX505'),
  bad('multimem.ld_reduce.relaxed.sys.global.add.v2.f32 {%f0}, [%rd0];', 'PTX505'),
  bad('multimem.ld_reduce.relaxed.sys.global.add.acc::f16.v2.e4m3x4 {%r0}, [%rd0];', 'PTX505'),
  bad('multimem.st.relaxed.sys.global.v8.f16 [%rd0], {%h0, %h1, %h2, %h3};', 'PTX505'),
  bad('multimem.red.relaxed.sys.global.add.v4.f32 [%rd0], {%f0, %f1};', 'PTX505'),
  bad('multimem.red.relaxed.sys.global.add.v2.f32 [%rd0], %f0;', 'PTX505'),
  bad('multimem.st.relaxed.sys.global.v2.f32 [%rd0], %v2;', 'PTX505'),
  bad('multimem.red.relaxed.sys.global.add.f32 [%rd0], %v2;', 'PTX505'),
  bad('multimem.ld_reduce.relaxed.sys.global.add.u32 %w2, [%rd0];', 'PTX505'),
  // Found by checking the same modules at other targets. add/sub of .bf16 and .bf16x2: sm_90 (as mul).
  ...['sub.bf16 %h0, %h1, %h2;', 'sub.rn.bf16x2 %r0, %r1, %r2;', 'add.bf16x2 %r0, %r1, %r2;', 'add.rn.bf16 %h0, %h1, %h2;'].flatMap((ins): PtxCase[] => [
    bad(ins, 'PTX509', 'sm_80'),
    bad(ins, 'PTX509', 'sm_89'),
    ok(ins, 'sm_90'),
  ]),
  ok('fma.rn.bf16 %h0, %h1, %h2, %h3;', 'sm_80'),
  // mbarrier.arrive/arrive_drop with a count and without .noComplete: sm_90 (the count form with .noComplete from sm_80).
  ...['mbarrier.arrive.shared.b64 %rd0, [%r0], %r1;', 'mbarrier.arrive_drop.shared.b64 %rd0, [%r0], %r1;', 'mbarrier.arrive.shared::cta.b64 _, [%r0], %r1;', 'mbarrier.arrive.b64 %rd0, [%rd1], %r1;'].flatMap((ins): PtxCase[] => [
    bad(ins, 'PTX509', 'sm_80'),
    ok(ins, 'sm_90'),
  ]),
  ok('mbarrier.arrive.noComplete.shared.b64 %rd0, [%r0], %r1;', 'sm_80'),
  ok('mbarrier.arrive_drop.noComplete.shared.b64 %rd0, [%r0], %r1;', 'sm_80'),
  ok('mbarrier.arrive.shared.b64 %rd0, [%r0];', 'sm_80'),
  // multimem's FP8 types: the a/f targets of sm_100 and sm_110, sm_120a and sm_121a; .version 8.6.
  ...['sm_100a', 'sm_100f', 'sm_103f', 'sm_110a', 'sm_110f', 'sm_120a', 'sm_121a'].map((t) => ok('multimem.ld_reduce.relaxed.sys.global.add.acc::f16.v2.e5m2x4 {%r0, %r1}, [%rd0];', t)),
  ...['sm_90a', 'sm_100', 'sm_110', 'sm_120', 'sm_120f', 'sm_121f'].flatMap((t): PtxCase[] => [
    bad('multimem.ld_reduce.relaxed.sys.global.add.acc::f16.v2.e5m2x4 {%r0, %r1}, [%rd0];', 'PTX509', t),
    bad('multimem.st.relaxed.sys.global.e4m3x4 [%rd0], %r0;', 'PTX509', t),
    bad('multimem.ld_reduce.relaxed.sys.global.min.v2.e4m3x2 {%h0, %h1}, [%rd0];', 'PTX509', t),
  ]),
  ok('multimem.ld_reduce.relaxed.sys.global.add.bf16x2 %r0, [%rd0];', 'sm_90a'),
  bad('multimem.st.relaxed.sys.global.e4m3x4 [%rd0], %r0;', 'PTX508', 'sm_100a', '8.5'),
  // A block-scaled mma's {byte-id, thread-id} constants: the byte-id by the scale vector (1X 0-3, 2X 0/2, 4X 0), thread-id A 0-1, B 0-3.
  ...([
    ['kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3', 'm16n8k64', ['0', '%h1'], ['1', '2']],
    ['kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0', 'm16n8k64', ['0', '2'], ['1', '3']],
    ['kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0', 'm16n8k64', ['0', '2'], ['1', '3']],
    ['kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0', 'm16n8k32', ['0', '1', '2', '3'], ['4']],
    ['kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0', 'm16n8k32', ['3'], ['4']],
  ] as [string, string, string[], string[]][]).flatMap(([words, shape, good, wrong]): PtxCase[] => {
    const ins = (bidA: string, tidA: string, bidB: string, tidB: string): string =>
      `mma.sync.aligned.${shape}.row.col.${words} {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7}, {%r6}, {${bidA}, ${tidA}}, {%r7}, {${bidB}, ${tidB}};`;
    return [
      ...good.flatMap((b) => [ok(ins(b, '1', b, '3'), 'sm_120a')]),
      ...wrong.flatMap((b) => [bad(ins(b, '0', '0', '0'), 'PTX502', 'sm_120a'), bad(ins('0', '0', b, '0'), 'PTX502', 'sm_120a')]),
      bad(ins('0', '2', '0', '0'), 'PTX502', 'sm_120a'),
      bad(ins('0', '0', '0', '4'), 'PTX502', 'sm_120a'),
    ];
  }),
];

ptxCaseTable('PTX cases found on held-out PTX (session 15)', cases);
