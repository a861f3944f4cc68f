/**
 * Session 24 (helper ptxmiss15): tex in texmode_independent (measured on a grid of every geometry, plain, .base, .level and
 * .grad, .s32/.f32 coordinates in typed and .b32 registers, samplers smp0 (.samplerref) and %rd3, twelve shapes after them;
 * sm_80, sm_90a, sm_100a, sm_120a), tld4 with a 64-bit sampler register in texmode_unified, and mma's type pairs (FP8/FP6/FP4
 * A and B: D and C of one type; .m16n8k8 .bf16/.tf32: A and B of one type; .kind::f8f6f4 on .m16n8k16, a false error fixed
 * here), and clusterlaunchcontrol.query_cancel's results (no .b128 register, no sink as the predicate). With ptxas on PATH the table is re-run through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const shape = {
  globals: '.global .texref tex0;\n.global .samplerref smp0;',
  decls: () =>
    '.reg .pred %p<9>; .reg .b16 %h<9>; .reg .b32 %r<20>; .reg .b64 %rd<9>; .reg .f64 %fd<9>;\n' +
    '.reg .f32 %f<16>; .reg .u32 %u<9>; .reg .s32 %s<16>; .reg .u64 %ud<9>; .reg .s64 %sd<9>;',
};
/** texmode_independent (ptxas's -arch: the target's first part). */
const ind = kernelCases({ ...shape, target: 'sm_90a, texmode_independent', version: '9.0', arch: (t) => t.split(',')[0]! });
const { ok, bad } = kernelCases({ globals: '.global .texref tex0;', decls: shape.decls, target: 'sm_90a', version: '9.0' });
const mmaCases = kernelCases({ globals: '', decls: shape.decls, target: 'sm_120a', version: '9.0' });

const D4 = '{%f0, %f1, %f2, %f3}';
const F4 = '{%f8, %f9, %f10, %f11}';
const S4 = '{%s8, %s9, %s10, %s11}';
const R4 = '{%r8, %r9, %r10, %r11}';
const it = (t: string) => `sm_${t}, texmode_independent`;

const independent: PtxCase[] = [
  // .a2dms: .s32 coordinates only, no .level/.grad, then as .2dms.
  ind.ok(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], {%s6, %s7};`),
  ind.ok(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, %rd3, ${R4}], %u6;`, it('120a')),
  ind.ok(`tex.base.a2dms.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], 7;`, it('80')),
  ind.bad(`tex.a2dms.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}];`, 'PTX500'),
  ind.bad(`tex.a2dms.v2.f16x2.f32 {%r0, %r1}, [tex0, smp0, ${R4}];`, 'PTX500', it('100a')),
  ind.bad(`tex.level.a2dms.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], %s5;`, 'PTX500'),
  ind.bad(`tex.grad.a2dms.v4.f32.s32 ${D4}, [tex0, %rd3, ${S4}], {%f8, %f9}, {%f12, %f13};`, 'PTX500', it('80')),
  ind.bad(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], {%s6};`, 'PTX505'),
  ind.bad(`tex.a2dms.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], %s6, %f7;`, 'PTX502', it('120a')),
  // .3d: no depth compare value; a lone scalar only a .s32/.u32 register or an integer constant (an offset).
  ind.ok(`tex.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %s6;`),
  ind.ok(`tex.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], 7;`, it('100a')),
  ind.ok(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${R4}], %f5, {%s6, %s7, %s8, %s9};`),
  ind.ok(`tex.grad.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], {%f8, %f9, %f10, %f11}, {%f12, %f13, %f14, %f15}, %u6;`, it('80')),
  ind.bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %f7;`, 'PTX502'),
  ind.bad(`tex.3d.v4.f32.s32 ${D4}, [tex0, smp0, ${S4}], %r6;`, 'PTX502', it('80')),
  ind.bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], 0f3F800000;`, 'PTX502'),
  ind.bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %rd6;`, 'PTX502', it('120a')),
  ind.bad(`tex.base.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], {%s6, %s7, %s8, %s9}, %f7;`, 'PTX502'),
  ind.bad(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %r5, %s6, %f7;`, 'PTX502', it('100a')),
  ind.bad(`tex.grad.3d.v4.f32.f32 ${D4}, [tex0, smp0, ${R4}], {%r12, %r13, %r14, %r15}, {%r16, %r17, %r18, %r19}, %f7;`, 'PTX502'),
  // .level.cube/.acube: no offset vector, with or without a depth compare value (texmode_unified's 64-bit sampler takes one).
  ind.ok(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %f5, %s6, %f7;`),
  ind.bad(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], %f5, {%s6}, %f7;`, 'PTX502'),
  ind.bad(`tex.level.acube.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], %r5, {%s6, %s7, %s8, %s9}, %f7;`, 'PTX502', it('80')),
  ok(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], %f5, {%s6}, %f7;`),
  // .grad from sm_90 on: beside a depth compare value a scalar offset is a .b32 register (taken on sm_80).
  ind.ok(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, smp0, {%f8, %f9}], {%f8, %f9}, {%f12, %f13}, %r6, %f7;`),
  ind.ok(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, smp0, {%f8, %f9}], {%f8, %f9}, {%f12, %f13}, {%s6, %s7}, %f7;`, it('120a')),
  ind.ok(`tex.grad.1d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8}], {%f8}, {%f12}, %s6, %f7;`, it('80')),
  ind.ok(`tex.grad.cube.v4.f32.f32 ${D4}, [tex0, smp0, ${F4}], ${F4}, {%f12, %f13, %f14, %f15}, %u6;`),
  ind.bad(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, smp0, {%f8, %f9}], {%f8, %f9}, {%f12, %f13}, %s6, %f7;`, 'PTX502'),
  ind.bad(`tex.grad.1d.v4.f32.f32 ${D4}, [tex0, %rd3, {%r8}], {%r12}, {%r16}, %u6, %f7;`, 'PTX502', it('100a')),
  ind.bad(`tex.grad.a2d.v4.f32.f32 ${D4}, [tex0, smp0, ${R4}], {%f8, %f9}, {%f12, %f13}, 5, %f7;`, 'PTX502', it('120a')),
  ind.bad(`tex.grad.acube.v4.f32.f32 ${D4}, [tex0, smp0, ${R4}], ${F4}, {%f12, %f13, %f14, %f15}, %s6, 0f3F800000;`, 'PTX502'),
];

const tld4: PtxCase[] = [
  ok(`tld4.r.cube.v4.f32.f32 ${D4}, [tex0, ${F4}];`),
  ok(`tld4.g.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], {%s6, %s7};`, 'sm_100a'),
  ind.ok(`tld4.a.acube.v4.f32.f32 ${D4}, [tex0, smp0, ${R4}];`),
  bad(`tld4.r.cube.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}];`, 'PTX502'),
  bad(`tld4.a.acube.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], %f7;`, 'PTX502', 'sm_80'),
  bad(`tld4.b.cube.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], %s6, %f7;`, 'PTX502', 'sm_120a'),
];

const A2 = '{%r0, %r1}';
const A4 = '{%r0, %r1, %r2, %r3}';
const mma: PtxCase[] = [
  // The false error: .kind::f8f6f4 on .m16n8k16 (FP8 A and B only).
  mmaCases.ok(`mma.sync.aligned.m16n8k16.row.col.kind::f8f6f4.f32.e4m3.e5m2.f32 ${A4}, ${A2}, {%r0}, ${A4};`),
  mmaCases.ok(`mma.sync.aligned.m16n8k16.row.col.kind::f8f6f4.f16.e5m2.e5m2.f16 ${A2}, ${A2}, {%r0}, ${A2};`, 'sm_100a'),
  mmaCases.bad(`mma.sync.aligned.m16n8k16.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32 ${A4}, ${A2}, {%r0}, ${A4};`, 'PTX500'),
  mmaCases.bad(`mma.sync.aligned.m16n8k16.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32 ${A4}, ${A2}, {%r0}, ${A4};`, 'PTX509', 'sm_90a'),
  // FP8/FP6/FP4 A and B: D and C of one type.
  mmaCases.ok(`mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 ${A2}, ${A4}, ${A2}, ${A2};`, 'sm_89'),
  mmaCases.ok(`mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32 ${A4}, ${A4}, ${A2}, ${A4};`),
  mmaCases.bad(`mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f32 ${A2}, ${A4}, ${A2}, ${A4};`, 'PTX500', 'sm_89'),
  mmaCases.bad(`mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f16 ${A4}, ${A2}, {%r0}, ${A2};`, 'PTX500', 'sm_90a'),
  mmaCases.bad(`mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m3.e2m1.f16 ${A4}, ${A4}, ${A2}, ${A2};`, 'PTX500'),
  mmaCases.bad(`mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e3m2.e4m3.f32 ${A2}, ${A4}, ${A4}, ${A4}, %r5, 0;`, 'PTX500'),
  mmaCases.bad(`mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f16 ${A4}, ${A4}, ${A4}, ${A2}, %r5, 0;`, 'PTX500', 'sm_100a'),
  // .m16n8k8 .bf16/.tf32: A and B of one type.
  mmaCases.ok(`mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 ${A4}, ${A4}, ${A2}, ${A4};`, 'sm_80'),
  mmaCases.ok(`mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 ${A4}, ${A2}, {%r0}, ${A4};`),
  mmaCases.bad(`mma.sync.aligned.m16n8k8.row.col.f32.tf32.bf16.f32 ${A4}, ${A4}, {%r0}, ${A4};`, 'PTX500', 'sm_80'),
  mmaCases.bad(`mma.sync.aligned.m16n8k8.row.col.f32.bf16.tf32.f32 ${A4}, ${A2}, ${A2}, ${A4};`, 'PTX500'),
];

const clc = kernelCases({ globals: '', decls: () => `${shape.decls()}\n.reg .b128 %q<8>;`, target: 'sm_100a', version: '9.0' });
const queryCancel: PtxCase[] = [
  clc.ok('clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%r1, %r2, %r3, _}, %q1;'),
  clc.ok('clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%r1, %r2, %f3, _}, %q1;'),
  clc.ok('clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %q1;', 'sm_120a'),
  clc.bad('clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%q1, %q2, %q3, _}, %q1;', 'PTX503'),
  clc.bad('clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%q1, %q2, %q3, %q4}, %q1;', 'PTX503', 'sm_120a'),
  clc.bad('clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128 %q2, %q1;', 'PTX503'),
  clc.bad('clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 _, %q1;', 'PTX502'),
];

ptxCaseTable('PTX tex in texmode_independent (session 24, ptxmiss15)', independent);
ptxCaseTable('PTX tld4 with a 64-bit sampler register in texmode_unified (session 24, ptxmiss15)', tld4);
ptxCaseTable('PTX clusterlaunchcontrol.query_cancel results (session 24, ptxmiss15)', queryCancel);
ptxCaseTable('PTX mma type pairs and .kind::f8f6f4 on .m16n8k16 (session 24, ptxmiss15)', mma);

/**
 * suld/sust/sured are names only with `.b`/`.p` right after (found by the instruction mutations,
 * seed 86355905: `sust.cg.b.2d...` in ZLUDA's mipmap_array.ptx): "Not a name of any known
 * instruction: 'sust'" with a cache operator or an operation first.
 */
const surf = kernelCases({ globals: '.global .surfref surf0;', decls: '.reg .b32 %r<8>;\n.reg .b64 %rd<4>;', target: 'sm_90', version: '8.0' });
const surfaceNames: PtxCase[] = [
  surf.bad('sust.cg.b.2d.v4.b32.trap [surf0, {%r1, %r2}], {%r1, %r2, %r3, %r4};', 'PTX226'),
  surf.ok('sust.b.cg.2d.v4.b32.trap [surf0, {%r1, %r2}], {%r1, %r2, %r3, %r4};'),
  surf.bad('suld.cg.b.2d.v4.b32.trap {%r1, %r2, %r3, %r4}, [surf0, {%r1, %r2}];', 'PTX226'),
  surf.ok('suld.b.cg.2d.v4.b32.trap {%r1, %r2, %r3, %r4}, [surf0, {%r1, %r2}];'),
  surf.bad('sured.add.b.1d.u32.trap [surf0, {%r1}], %r2;', 'PTX226'),
  surf.ok('sured.b.add.1d.u32.trap [surf0, {%r1}], %r2;'),
  surf.ok('sured.p.add.1d.b32.trap [surf0, {%r1}], %r2;'),
];
ptxCaseTable('PTX surface instruction names: .b or .p right after the opcode (session 24)', surfaceNames);
