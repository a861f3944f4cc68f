/**
 * Misses of the valid-forms sweep (session 21's lines, /work/ptxmiss12-data) closed by helper ptxmiss13
 * in session 22, each rule measured with ptxas 13.0 beside valid lines: sured's types per operation and
 * addressing; atom's fourth operand without .cas or `.L2::cache_hint`, and the cache-policy operand of
 * .b128 ld/st; the bulk copies' addresses by variable space; cvt's rbits, the two-element 8-bit and 6-bit
 * float sources and .ue8m0x2 (no constant), cvt.rna.tf32.f32's .f64 constants, cvt.pack's result and c;
 * multimem's single 8-bit float types and 8-bit registers; tex without a sampler: .3d's depth compare
 * value (a lone .u32/.s32 or integer constant is an offset there), the lone scalar after the coordinates,
 * .a2dms as .2dms. The first .3d rule was a false error the sweep found (`tex.3d... , %s4`), fixed here. With ptxas on PATH the table is re-run
 * through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel with one instruction on line 14 (.b128 registers from .version 8.3). */
const { ok, bad } = kernelCases({
  target: 'sm_100a',
  version: '9.0',
  globals: '.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];\n.const .align 16 .b8 cbuf[256];\n.global .texref tex0;\n.global .surfref surf0;',
  decls: (version) =>
    '.reg .pred %p<9>; .reg .b8 %b<9>; .reg .b16 %h<9>; .reg .b32 %r<16>; .reg .b64 %rd<9>;\n' +
    `.reg .f32 %f<9>; .reg .u32 %u<9>; .reg .s32 %s<9>; .reg .f16 %hf<9>; .reg .s16 %ss<9>;\n${Number(version) >= 8.3 ? '.reg .b128 %q<9>;' : ''}`,
});

const sured: PtxCase[] = [
  // sured.b: .add .u32/.u64/.s32; .min/.max also .s64; .and/.or .b32 only. sured.p: .b32, and .b64 for .min/.max.
  ok('sured.b.add.1d.u32.trap [surf0, {%r0}], %r2;'),
  ok('sured.b.add.2d.u64.clamp [surf0, {%r0, %r1}], %rd2;', 'sm_80'),
  ok('sured.b.min.1d.s64.zero [surf0, {%r0}], %rd2;'),
  ok('sured.b.max.3d.u32.trap [surf0, {%r0, %r1, %r2, %r3}], %r2;'),
  ok('sured.b.and.1d.b32.trap [surf0, {%r0}], %r2;'),
  ok('sured.b.or.1d.b32.trap [surf0, %r0], 1;'),
  ok('sured.p.add.1d.b32.trap [surf0, {%r0}], %r2;'),
  ok('sured.p.min.1d.b64.trap [surf0, {%r0}], %rd2;', 'sm_90a'),
  ok('sured.p.max.2d.b64.clamp [surf0, {%r0, %r1}], %rd2;'),
  bad('sured.b.add.1d.b32.trap [surf0, {%r0}], %r2;', 'PTX500'),
  bad('sured.b.add.1d.s64.trap [surf0, {%r0}], %rd2;', 'PTX500'),
  bad('sured.b.min.1d.b32.zero [surf0, {%r0}], %r2;', 'PTX500', 'sm_80'),
  bad('sured.b.and.1d.u32.trap [surf0, {%r0}], %r2;', 'PTX500'),
  bad('sured.b.or.2d.s64.clamp [surf0, {%r0, %r1}], %rd2;', 'PTX500'),
  bad('sured.p.add.1d.b64.trap [surf0, {%r0}], %rd2;', 'PTX500'),
  bad('sured.p.and.1d.b64.trap [surf0, {%r0}], %rd2;', 'PTX500', 'sm_90a'),
  bad('sured.p.or.3d.b64.zero [surf0, {%r0, %r1, %r2, %r3}], 7;', 'PTX500'),
];

const atom: PtxCase[] = [
  // Without .cas or the hint, a fourth operand is a register of the .b32/.b128 type's size, nothing else.
  ok('atom.global.xor.b32 %r1, [%rd1], %r3, %r4;'),
  ok('atom.global.exch.b32 %r1, [%rd1], %r3, %f4;'),
  ok('atom.global.exch.b32 %r1, [%rd1], %r3, %u4;', 'sm_80'),
  ok('atom.exch.b128 %q1, [%rd1], %q3, %q4;'),
  ok('atom.shared.exch.b128 %q1, [%rd1], %q3, %q4;', 'sm_90a'),
  ok('atom.global.L2::cache_hint.exch.b32 %r1, [%rd1], %r3, 7;'),
  ok('atom.global.L2::cache_hint.exch.b128 %q1, [%rd1], %q3, %rd4;'),
  ok('atom.global.cas.b32 %r1, [%rd1], %r3, 7;'),
  ok('st.global.L2::cache_hint.b128 [%rd1+8], %q2, %rd3;'),
  bad('atom.global.xor.b32 %r1, [%rd1], %r3, 0x10;', 'PTX501'),
  bad('atom.global.exch.b32 %r1, [%rd1], %r3, 7;', 'PTX501', 'sm_80'),
  bad('atom.global.exch.b64 %rd1, [%rd1], %rd3, 7;', 'PTX501'),
  bad('atom.global.exch.b64 %rd1, [%rd1], %rd3, %q4;', 'PTX501'),
  bad('atom.global.exch.b32 %r1, [%rd1], %r3, %q4;', 'PTX501'),
  bad('atom.exch.b128 %q1, [%rd1], %q3, 0x10;', 'PTX501'),
  bad('atom.global.exch.b128 %q1, [%rd1], %q3, %rd4;', 'PTX501', 'sm_90a'),
  bad('ld.global.nc.b128 %q1, [%rd1+8], %q3;', 'PTX501'),
  bad('ld.global.b128 %q1, [%rd1+8], %rd3;', 'PTX501'),
  bad('st.global.b128 [%rd1+8], %q2, %rd3;', 'PTX501'),
];

const bulk: PtxCase[] = [
  // Each address holding a variable: in its position's space (.shared for .shared::cta/::cluster and [mbar]).
  ok('cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 64, [sbuf];'),
  ok('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sbuf+16], [gbuf+16], 64, [%rd3];', 'sm_90a'),
  ok('cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [sbuf], [sbuf], 64, [sbuf];'),
  ok('cp.async.bulk.global.shared::cta.bulk_group [gbuf], [sbuf], 64;'),
  ok('cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [gbuf], [%rd2], 64;'),
  ok('cp.async.bulk.prefetch.L2.global [gbuf], 64;'),
  bad('cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [sbuf], [sbuf+16], 128, [%rd1];', 'PTX502'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [gbuf], [gbuf], 64, [sbuf];', 'PTX502', 'sm_90a'),
  bad('cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 64, [gbuf];', 'PTX502'),
  bad('cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [sbuf], [cbuf], 64, [%rd3];', 'PTX502'),
  bad('cp.async.bulk.global.shared::cta.bulk_group [sbuf+16], [sbuf+16], 64;', 'PTX502'),
  bad('cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u64 [sbuf], [%rd1], 16;', 'PTX502'),
  bad('cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%rd1], [gbuf], 64, [sbuf];', 'PTX502'),
  bad('cp.async.bulk.prefetch.L2.global [sbuf], 64;', 'PTX502'),
];

const cvt: PtxCase[] = [
  // .rs's rbits: a .b32 register.
  ok('cvt.rs.f16x2.f32 %r1, %f1, %f2, %r3;'),
  ok('cvt.rs.satfinite.e4m3x4.f32 %r1, {%f1, %f2, %f3, %f4}, %r3;'),
  bad('cvt.rs.f16x2.f32 %r1, %f1, %f2, 7;', 'PTX504'),
  bad('cvt.rs.f16x2.f32 %r1, %f1, %f2, %u3;', 'PTX503'),
  bad('cvt.rs.relu.satfinite.bf16x2.f32 %r1, %f1, %f2, %f3;', 'PTX503'),
  bad('cvt.rs.satfinite.e4m3x4.f32 %r1, {%f1, %f2, %f3, %f4}, 1.0;', 'PTX504'),
  // The two-element 8-bit and 6-bit float sources and .ue8m0x2: a .b16 register, no constant.
  ok('cvt.rn.relu.f16x2.e4m3x2 %r1, %h2;', 'sm_90a'),
  ok('cvt.rn.bf16x2.ue8m0x2 %r1, %h1;'),
  bad('cvt.rn.f16x2.e4m3x2 %r1, 7;', 'PTX504', 'sm_90a'),
  bad('cvt.rn.relu.f16x2.e2m3x2 %r1, 0x10;', 'PTX504'),
  bad('cvt.rn.bf16x2.ue8m0x2 %r1, 1;', 'PTX504'),
  bad('cvt.rn.f16x2.e5m2x2 %r1, WARP_SZ;', 'PTX504'),
  // cvt.rna.tf32.f32: a 0f constant, no .f64 one (.rn takes both).
  ok('cvt.rna.tf32.f32 %r1, 0f3F800000;', 'sm_80'),
  ok('cvt.rna.satfinite.tf32.f32 %r1, (0f3F800000);'),
  ok('cvt.rn.tf32.f32 %r1, 1.0;'),
  bad('cvt.rna.tf32.f32 %r1, 1.0;', 'PTX504', 'sm_80'),
  bad('cvt.rna.satfinite.tf32.f32 %r1, -2.5;', 'PTX504'),
  bad('cvt.rna.tf32.f32 %r1, 0d3FF0000000000000;', 'PTX504'),
  // cvt.pack: the result and c registers of 32 bits or more.
  ok('cvt.pack.sat.s16.s32 %r1, %r2, %r3;'),
  ok('cvt.pack.sat.u16.s32 %rd1, %r2, %r3;'),
  ok('cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, 7;'),
  ok('cvt.pack.sat.u4.s32.b32 %r1, %r2, %r3, %s4;'),
  bad('cvt.pack.sat.s16.s32 %h1, %r2, %r3;', 'PTX503'),
  bad('cvt.pack.sat.u16.s32 %ss1, %r2, %r3;', 'PTX503', 'sm_80'),
  bad('cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, %h4;', 'PTX503'),
  bad('cvt.pack.sat.s16.s32 %b1, %r2, %r3;', 'PTX503'),
];

const multimem: PtxCase[] = [
  // The single 8-bit float types: no multimem form; 8-bit registers: none.
  ok('multimem.st.weak.global.e4m3x4 [%rd1], %r2;'),
  ok('multimem.ld_reduce.weak.global.add.acc::f16.v2.e5m2x4 {%r2, %r3}, [%rd1];'),
  ok('multimem.st.weak.global.v2.f16x2 [%rd1], {%r2, %r3};', 'sm_90a'),
  bad('multimem.st.weak.global.e4m3 [%rd1], %r2;', 'PTX500'),
  bad('multimem.ld_reduce.weak.global.min.e5m2 %h1, [%rd1];', 'PTX500'),
  bad('multimem.ld_reduce.weak.global.add.acc::f16.v4.e4m3 {%r2, %r3, %r4, %r5}, [%rd1];', 'PTX500'),
  bad('multimem.st.weak.global.e4m3x4 [%rd1], %b2;', 'PTX503'),
  bad('multimem.ld_reduce.weak.global.min.bf16x2 %b1, [%rd1];', 'PTX503'),
  bad('multimem.st.weak.global.v2.f16 [%rd1], {%b2, %b3};', 'PTX503', 'sm_90a'),
  bad('multimem.red.relaxed.gpu.global.add.f16x2 [%rd1], %b3;', 'PTX503'),
];

const D4 = '{%f0, %f1, %f2, %f3}';
const C4 = '{%r10, %r11, %r12, %r13}';
const tex: PtxCase[] = [
  // tex [a, c]: .3d takes no depth compare value; a lone scalar is a 32-bit value (an integer one for the
  // multi-sample geometries); .a2dms as .2dms: .s32 coordinates, no .level/.grad, nothing after an offset.
  ok(`tex.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], ${C4};`),
  ok(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], %f1;`),
  ok(`tex.3d.v4.f32.s32 ${D4}, [tex0, ${C4}], %s5;`),
  ok(`tex.3d.v2.f16x2.s32 {%r0, %r1}, [tex0, ${C4}], 0x10;`),
  ok(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], %f1, %u5;`),
  ok(`tex.1d.v4.f32.f32 ${D4}, [tex0, {%r10}], %f5;`, 'sm_80'),
  ok(`tex.2d.v4.f32.f32 ${D4}, [tex0, {%r10, %r11}], 1.0;`),
  ok(`tex.cube.v4.f32.f32 ${D4}, [tex0, ${C4}], %r5;`),
  ok(`tex.2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], %s5;`),
  ok(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], 1;`),
  ok(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], {%r5, %r6};`, 'sm_90a'),
  ok(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}];`),
  bad(`tex.3d.v4.f32.s32 ${D4}, [tex0, ${C4}], %r5;`, 'PTX502'),
  bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], ${C4}, %f6;`, 'PTX502'),
  bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], 1.0;`, 'PTX502'),
  bad(`tex.3d.v4.f32.s32 ${D4}, [tex0, ${C4}], %s5, %s6;`, 'PTX502'),
  bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], ${C4}, 1;`, 'PTX502'),
  bad(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], %f1, %r5, %f6;`, 'PTX502'),
  bad(`tex.grad.3d.v4.f32.f32 ${D4}, [tex0, ${C4}], ${C4}, ${C4}, 1.0;`, 'PTX502', 'sm_80'),
  bad(`tex.1d.v4.f32.f32 ${D4}, [tex0, {%r10}], %rd5;`, 'PTX503'),
  bad(`tex.cube.v4.f32.f32 ${D4}, [tex0, ${C4}], %h5;`, 'PTX503'),
  bad(`tex.2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], %f5;`, 'PTX502'), // PTX502 since ptxtex (session 23): a lone .f32 after .s32 coordinates is refused by its shape first
  bad(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], 1.0;`, 'PTX504'),
  bad(`tex.a2dms.v4.f32.f32 ${D4}, [tex0, ${C4}];`, 'PTX500'),
  bad(`tex.a2dms.v4.f32.f32 ${D4}, [tex0, %rd3, ${C4}];`, 'PTX500', 'sm_90a'),
  bad(`tex.level.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], %r3;`, 'PTX500'),
  bad(`tex.grad.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], ${C4}, ${C4};`, 'PTX500'),
  bad(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, ${C4}], {%r5, %r6}, %r7;`, 'PTX502'),
];

ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): sured types per operation', sured);
ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): atom fourth operand, .b128 cache policy', atom);
ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): bulk copies addresses by variable space', bulk);
ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): cvt rbits, packed 8-bit sources, rna.tf32 constants, cvt.pack', cvt);
ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): multimem 8-bit float types and registers', multimem);
ptxCaseTable('PTX valid-forms misses (session 22, ptxmiss13): tex without a sampler', tex);
