/**
 * Session 23 (helper ptxtex): tex's operand list as ptxas 13.0 reads it with a sampler register in
 * texmode_unified (measured on a grid of every geometry, plain, .base, .level and .grad, .s32/.f32
 * coordinates, samplers .b64/.b32/.f32/.s32, coordinates, levels of detail and gradients in .b32 and
 * typed registers, ten shapes after them; sm_80, sm_90a, sm_100a), and the other misses of the
 * valid-forms sweep closed here: alloca's, istypep's and getctarank's register types, mul.wide/mad.wide
 * of 64-bit types, membar.proxy.async, stmatrix's scalar fragment, .relaxed/.acquire/.release on spaces
 * that take no memory order. The first tex case was a false error (a 64-bit sampler register, then an
 * offset vector shorter than the geometry's: PTX505), fixed here. With ptxas on PATH the table is re-run
 * through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const shape = {
  globals: '.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];\n.global .texref tex0;',
  decls: () =>
    '.reg .pred %p<9>; .reg .b16 %h<9>; .reg .b32 %r<20>; .reg .b64 %rd<9>; .reg .f64 %fd<9>;\n' +
    '.reg .f32 %f<16>; .reg .u32 %u<9>; .reg .s32 %s<16>; .reg .u64 %ud<9>; .reg .s64 %sd<9>;',
};
const { ok, bad } = kernelCases({ ...shape, target: 'sm_90a', version: '9.0' });
/** The same kernel under texmode_independent (ptxas's -arch: the target's first part). */
const ind = kernelCases({ ...shape, globals: `${shape.globals}\n.global .samplerref smp0;`, target: 'sm_90a, texmode_independent', version: '9.0', arch: (t) => t.split(',')[0]! });

const D4 = '{%f0, %f1, %f2, %f3}';
const R4 = '{%r8, %r9, %r10, %r11}';
const F4 = '{%f8, %f9, %f10, %f11}';

const sampler64: PtxCase[] = [
  // The false error: any offset vector of 1, 2 or 4 beside a 64-bit sampler register (texmode_unified).
  ok(`tex.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f4, %f5}], {%r10};`),
  ok(`tex.2d.v4.f32.s32 ${D4}, [tex0, %rd3, {%s8, %s9}], {%s6};`, 'sm_100a'),
  ok(`tex.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], {%s6, %s7};`, 'sm_80'),
  ok(`tex.base.3d.v4.f32.s32 ${D4}, [tex0, %rd3, ${R4}], {%s6};`),
  ok(`tex.level.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], %f5, {%s6}, %f7;`),
  ok(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%r8, %r9}], {%f8, %f9}, {%f12, %f13}, {%s6};`),
  ok(`tex.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], {%s6}, %f7;`),
  ok(`tex.3d.v4.f32.s32 ${D4}, [tex0, %rd3, ${R4}], %s6;`),
  ok(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], %f5, %f7;`),
  ok(`tex.level.1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%r8}], %r5, %r6;`),
  ok(`tex.grad.1d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8}], {%f8}, {%f12}, %s6;`, 'sm_100a'),
  // Up to sm_89 .grad takes .3d and a depth compare value beside a 64-bit sampler.
  ok(`tex.grad.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], ${F4}, {%f12, %f13, %f14, %f15};`, 'sm_80'),
  ok(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], {%f8, %f9}, {%f12, %f13}, {%s6}, %f7;`, 'sm_80'),
  // texmode_independent keeps the geometry's offset count.
  ind.ok(`tex.2d.v4.f32.f32 ${D4}, [tex0, smp0, {%f8, %f9}], {%s6, %s7};`),
  ind.bad(`tex.2d.v4.f32.f32 ${D4}, [tex0, smp0, {%f8, %f9}], {%s6};`, 'PTX505'),
  ind.bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], {%s6, %s7};`, 'PTX505'),
  bad(`tex.2d.v4.f32.f32 ${D4}, [tex0, {%f8, %f9}], {%s6};`, 'PTX505'),
  bad(`tex.cube.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}];`, 'PTX502'),
  bad(`tex.base.acube.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], %f7;`, 'PTX502', 'sm_80'),
  bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], {%s6, %s7}, %f7;`, 'PTX502'),
  bad(`tex.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], %f7;`, 'PTX502', 'sm_100a'),
  bad(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${F4}], %f5;`, 'PTX502'),
  bad(`tex.level.1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%s8}], %s5;`, 'PTX502'),
  bad(`tex.level.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], %f5, {%s6, %s7};`, 'PTX502'),
  bad(`tex.level.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], %f5, %s6;`, 'PTX502', 'sm_80'),
  bad(`tex.level.1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%r8}], %r5, %r6, %f7;`, 'PTX502'),
  bad(`tex.grad.3d.v4.f32.f32 ${D4}, [tex0, %rd3, ${R4}], ${F4}, {%f12, %f13, %f14, %f15};`, 'PTX502'),
  bad(`tex.grad.a1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%s8, %s9}], {%f8}, {%f12};`, 'PTX502', 'sm_100a'),
  bad(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8, %f9}], {%f8, %f9}, {%f12, %f13}, {%s6}, %f7;`, 'PTX502'),
  bad(`tex.grad.1d.v4.f32.f32 ${D4}, [tex0, %rd3, {%f8}], {%f8}, {%f12}, %f7;`, 'PTX502'),
  bad(`tex.grad.1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%s8}], {%f8}, {%f12}, %r6;`, 'PTX502', 'sm_100a'),
];

const sampler32: PtxCase[] = [
  ok(`tex.level.1d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8}], %r5, %f7;`),
  ok(`tex.level.2d.v4.f32.f32 ${D4}, [tex0, %f3, {%r8, %r9}], %s5, %r6;`),
  ok(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, %r3, ${R4}], %s5;`, 'sm_100a'),
  ok(`tex.level.3d.v4.f32.s32 ${D4}, [tex0, %s3, ${R4}], %s5;`),
  ok(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8, %r9}], {%r12, %r13}, {%r16, %r17}, %f7;`),
  ok(`tex.grad.3d.v4.f32.s32 ${D4}, [tex0, %r3, ${R4}], {%r12, %r13, %r14, %r15}, {%r16, %r17, %r18, %r19};`, 'sm_80'),
  ok(`tex.1d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8}], %f7;`),
  bad(`tex.level.1d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8}], %r5, {%s6};`, 'PTX502'),
  bad(`tex.level.2d.v4.f32.f32 ${D4}, [tex0, %f3, {%r8, %r9}], %r5, %s6, %f7;`, 'PTX502', 'sm_100a'),
  bad(`tex.level.1d.v4.f32.s32 ${D4}, [tex0, %r3, {%r8}], %r5, 7;`, 'PTX502'),
  bad(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, %r3, ${R4}], %s5, 0f3F800000;`, 'PTX502'),
  bad(`tex.level.3d.v4.f32.f32 ${D4}, [tex0, %r3, ${R4}], %f5;`, 'PTX502', 'sm_80'),
  bad(`tex.level.1d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8}], %f5, %f7;`, 'PTX502'),
  bad(`tex.level.cube.v4.f32.f32 ${D4}, [tex0, %r3, ${R4}], %r5, %s6;`, 'PTX502'),
  bad(`tex.grad.cube.v4.f32.f32 ${D4}, [tex0, %f3, ${R4}], {%r12, %r13, %r14, %r15}, {%r16, %r17, %r18, %r19};`, 'PTX502'),
  bad(`tex.grad.acube.v4.f32.f32 ${D4}, [tex0, %r3, ${R4}], {%r12, %r13, %r14, %r15}, {%r16, %r17, %r18, %r19};`, 'PTX502', 'sm_100a'),
  bad(`tex.grad.2d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8, %r9}], {%f8, %f9}, {%f12, %f13};`, 'PTX502'),
  bad(`tex.grad.2d.v4.f32.s32 ${D4}, [tex0, %r3, {%r8, %r9}], {%r12, %r13}, {%r16, %r17}, {%s6, %s7};`, 'PTX502'),
  bad(`tex.grad.1d.v4.f32.s32 ${D4}, [tex0, %s3, {%r8}], {%r12}, {%r16}, %s6;`, 'PTX502', 'sm_80'),
  bad(`tex.1d.v4.f32.f32 ${D4}, [tex0, %r3, {%r8}], %s6;`, 'PTX502'),
  // .s32 coordinates: no lone .f32 register after them (a depth compare value), with or without a sampler.
  bad(`tex.2d.v4.f32.s32 ${D4}, [tex0, {%s8, %s9}], %f7;`, 'PTX502'),
  bad(`tex.a1d.v4.f32.s32 ${D4}, [tex0, %rd3, {%r8, %r9}], %f7;`, 'PTX502', 'sm_100a'),
  ind.bad(`tex.1d.v4.f32.s32 ${D4}, [tex0, smp0, {%r8}], %f7;`, 'PTX502'),
  ok(`tex.2d.v4.f32.s32 ${D4}, [tex0, {%s8, %s9}], %s7;`),
];

const others: PtxCase[] = [
  ok('alloca.u32 %r1, 4;'),
  ok('alloca.u64 %rd1, %rd2, 8;'),
  ok('alloca.u32 %r1, %u2;'),
  ok('alloca.u64 %sd1, %ud2;', 'sm_80'),
  bad('alloca.u32 %rd1, 4, 8;', 'PTX503'),
  bad('alloca.u64 %r1, 4;', 'PTX503'),
  bad('alloca.u32 %r1, %rd2;', 'PTX503'),
  bad('alloca.u32 %r1, %f2;', 'PTX503', 'sm_100a'),
  ok('istypep.texref %p1, %rd2;'),
  ok('istypep.samplerref %p1, %sd2;'),
  bad('istypep.texref %p1, %r2;', 'PTX503'),
  bad('istypep.surfref %p1, %fd2;', 'PTX503', 'sm_80'),
  ok('getctarank.u64 %r1, %rd2;'),
  ok('getctarank.shared::cluster.u32 %r1, %r2;'),
  ok('getctarank.u32 %r1, sbuf;', 'sm_100a'),
  bad('getctarank.u64 %r1, %r2;', 'PTX503'),
  bad('getctarank.shared::cluster.u64 %rd1, %rd2;', 'PTX503'),
  bad('getctarank.s32 %r1, %rd2;', 'PTX503', 'sm_100a'),
  ok('mul.wide.s32 %rd1, %r2, %r3;'),
  ok('mad.wide.u32 %rd1, %r2, %r3, %rd4;'),
  bad('mul.wide.s64 %rd1, %rd2, %rd3;', 'PTX500'),
  bad('mad.wide.u64 %rd1, %rd2, %rd3, %rd4;', 'PTX500', 'sm_80'),
  ok('membar.proxy.alias;'),
  ok('fence.proxy.async.global;'),
  bad('membar.proxy.async;', 'PTX500'),
  bad('membar.proxy.async.shared::cta;', 'PTX500', 'sm_100a'),
  ok('stmatrix.sync.aligned.m8n8.x1.b16 [sbuf], {%r0};'),
  ok('stmatrix.sync.aligned.m16n8.x1.trans.b8 [sbuf], {%r0};', 'sm_100a'),
  bad('stmatrix.sync.aligned.m8n8.x1.trans.b16 [sbuf], %r0;', 'PTX505'),
  bad('stmatrix.sync.aligned.m16n8.x1.trans.b8 [gbuf+16], %r0;', 'PTX505', 'sm_100a'),
  ok('ld.relaxed.sys.global.u32 %r1, [%rd1];'),
  ok('st.release.cta.shared.u32 [%rd1], %r1;'),
  ok('ld.weak.local.u32 %r1, [%rd1];'),
  bad('ld.relaxed.sys.param.u32 %r1, [%rd1];', 'PTX500'),
  bad('ld.acquire.cta.const.u32 %r1, [%rd1];', 'PTX500', 'sm_80'),
  bad('ld.relaxed.gpu.local.u32 %r1, [%rd1];', 'PTX500'),
  bad('st.release.sys.local.u32 [%rd1], %u2;', 'PTX500'),
  bad('st.relaxed.cta.param::func.u32 [%rd1], %r1;', 'PTX500', 'sm_100a'),
];

ptxCaseTable('PTX tex with a 64-bit sampler register in texmode_unified (session 23, ptxtex)', sampler64);
ptxCaseTable('PTX tex with a 32-bit sampler register, .s32 coordinates and a lone .f32 (session 23, ptxtex)', sampler32);
ptxCaseTable('PTX valid-forms misses (session 23, ptxtex): alloca, istypep, getctarank, .wide, membar.proxy, stmatrix, memory orders', others);
