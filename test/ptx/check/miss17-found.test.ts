/**
 * Session 26 (helper ptxmiss17): rules found by fresh valid-forms lines (seeds 11 and 12), single breaks of the lines
 * ptxas took (seed 17), and each register of those lines replaced by a .b128 one. A .b128 register where a value of
 * another size goes (operand roles, operand classes, video operands, addresses, a block-scaled mma's scale data); ldu's
 * result typed as ld's; tensormap's address spaces; WARP_SZ as wgmma's immediates; wmma's stride one value; tex beside a 32-bit sampler register
 * (tex.level's level of detail, tex.grad's depth compare value and its one-gradient form). With ptxas on PATH the table is
 * re-run through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const decls =
  '.reg .pred %p<9>; .reg .b8 %b<9>; .reg .b16 %h<9>; .reg .b32 %r<32>; .reg .b64 %rd<9>; .reg .b128 %q<9>; .reg .f32 %f<16>;\n' +
  '.reg .f16 %hf<9>; .reg .f16x2 %hh<9>; .reg .u16 %us<9>; .reg .u32 %u<9>; .reg .s32 %s<9>; .reg .f64 %fd<9>; .local .align 16 .b8 lbuf[64];';
const globals = '.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];\n.const .align 16 .b8 cbuf[256];\n.global .texref tex0;';
const k = kernelCases({ globals, decls, target: 'sm_90a', version: '9.0' });

const b128: PtxCase[] = [
  // Plain roles: a .b128 register is no value of another size; ld/st/cvt's wider-register rule takes it.
  k.ok('mov.b128 %q1, %q2;'),
  k.ok('ld.global.b128 %q1, [gbuf];'),
  k.ok('st.global.b128 [gbuf], %q1;'),
  k.ok('ld.global.u32 %q1, [gbuf];'),
  k.ok('cvt.u32.u64 %r1, %q1;'),
  k.ok('atom.global.exch.b128 %q1, [gbuf], %q2;'),
  k.bad('add.u32 %r1, %q1, %r2;', 'PTX503'),
  k.bad('add.u32 %q1, %r1, %r2;', 'PTX503', 'sm_100a'),
  k.bad('mov.b64 %rd1, %q1;', 'PTX503'),
  k.bad('setp.eq.u32 %p1, %q1, %r1;', 'PTX503'),
  k.bad('selp.b32 %r1, %r1, %r2, %q1;', 'PTX503'),
  k.bad('shl.b32 %r1, %r2, %q1;', 'PTX503'),
  k.bad('bar.sync %q1;', 'PTX503', 'sm_120a'),
  k.bad('cvta.to.global.u64 %rd1, %q1;', 'PTX503'),
  // Video operands (selectors and negation too).
  k.ok('vadd.u32.u32.u32 %r1, %r2.b0, %r3;'),
  k.bad('vadd.u32.u32.u32 %r1, %q1, %r3;', 'PTX503'),
  k.bad('vset2.u32.s32.ge.add %u1, %q1, %s3, %s4;', 'PTX503'),
  k.bad('vmad.u32.u32.u32 %r1, %r2, %r3, %q4;', 'PTX503', 'sm_80'),
  k.bad('vset.u32.u32.lt %r1, %q1.b0, %r3;', 'PTX503'),
  k.bad('vmad.u32.s32.s32.shr15 %r1, %r2.h1, -%q1, 1;', 'PTX503'),
  // mbarrier's state, tex's level of detail, a block-scaled mma's scale data, tcgen05.ld.red's redval.
  k.ok('mbarrier.arrive.shared.b64 %rd2, [sbuf+16];'),
  k.bad('mbarrier.arrive.shared.b64 %q2, [sbuf+16];', 'PTX503'),
  k.bad('mbarrier.arrive_drop.noComplete.shared.b64 %q2, [sbuf+16], 32;', 'PTX503'),
  k.bad('mbarrier.test_wait.shared.b64 %p1, [sbuf+16], %q2;', 'PTX503'),
  k.ok('tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, {%f0, %f1}], %f3;'),
  k.bad('tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, {%f0, %f1}], %q3;', 'PTX503'),
  k.bad(
    'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r0, %r1}, {%f0, %f1, %f2, %f3}, %q5, {%h1, %h2}, %r7, {%h3, %h4};',
    'PTX503', 'sm_120a',
  ),
  k.bad('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, %q3, [%r1];', 'PTX503', 'sm_103a'),
  // An address register.
  k.ok('ld.global.u32 %r1, [%rd1+4];'),
  k.bad('ld.global.u32 %r1, [%q1+4];', 'PTX506'),
  k.bad('atom.global.add.u32 %r1, [%q1], %r2;', 'PTX506'),
  k.bad('cp.async.ca.shared.global [%q1], [gbuf], 4;', 'PTX506', 'sm_80'),
];
ptxCaseTable('PTX .b128 registers where a value of another size goes (session 26, ptxmiss17)', b128);

const others: PtxCase[] = [
  // ldu's result: as ld's (a narrower register refused, a wider one taken).
  k.ok('ldu.global.u8 %b0, [gbuf];'),
  k.ok('ldu.global.v2.u16 {%r0, %r1}, [gbuf];'),
  k.ok('ldu.global.v2.f32 {%r0, %r1}, [gbuf];'),
  k.ok('ldu.global.b128 %q1, [gbuf];'),
  k.bad('ldu.global.u16 %b0, [gbuf];', 'PTX503'),
  k.bad('ldu.global.v2.u16 {%b0, %b1}, [gbuf];', 'PTX503', 'sm_80'),
  k.bad('ldu.global.v2.u32 {%h0, %h1}, [gbuf];', 'PTX503'),
  k.bad('ldu.global.u32 %f1, [gbuf];', 'PTX503'),
  // tensormap.replace's address in the space its word names (generic: no .const); cp_fenceproxy's [dst] .global, [src] .shared.
  k.ok('tensormap.replace.tile.global_address.global.b1024.b64 [gbuf], 0x10;'),
  k.ok('tensormap.replace.tile.global_address.shared::cta.b1024.b64 [sbuf], 0x10;'),
  k.ok('tensormap.replace.tile.global_address.b1024.b64 [lbuf], 0x10;'),
  k.ok('tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [gbuf], [sbuf], 128;'),
  k.bad('tensormap.replace.tile.global_address.global.b1024.b64 [sbuf], 0x10;', 'PTX502'),
  k.bad('tensormap.replace.tile.rank.shared::cta.b1024.b32 [gbuf], 2;', 'PTX502', 'sm_100a'),
  k.bad('tensormap.replace.tile.global_address.b1024.b64 [cbuf], 0x10;', 'PTX502'),
  k.bad('tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [sbuf], [gbuf], 128;', 'PTX502'),
  // wgmma's immediates: WARP_SZ is 32.
  k.ok('wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd2, %rd3, 1, 1, -1, 0, 0;'),
  k.bad('wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd2, %rd3, WARP_SZ, 1, -1, 0, 0;', 'PTX502'),
  k.bad('wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r0, %r1}, %rd2, %rd3, 1, WARP_SZ, -1, 0, 0;', 'PTX502'),
  // wmma's stride: one value.
  k.ok('wmma.load.b.sync.aligned.col.m8n8k32.s4 {%r0}, [%rd1+8], %r0;', 'sm_80'),
  k.bad('wmma.load.b.sync.aligned.col.m8n8k32.s4 {%r0}, [%rd1+8], {%r0};', 'PTX502', 'sm_80'),
  k.bad('wmma.store.d.sync.aligned.row.m8n8k32.shared.s32 [%rd1+8], {%r0, %r1}, {%r1};', 'PTX502'),
];
ptxCaseTable('PTX ldu, tensormap spaces, wgmma immediates, wmma stride (session 26, ptxmiss17)', others);

const tex: PtxCase[] = [
  // tex.level beside a 32-bit sampler: the level of detail a 32-bit register but .f16x2 (.1d/.2d), a .u32/.s32 one on .3d.
  k.ok('tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1}], %u5;'),
  k.ok('tex.level.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%f0}], %f5;', 'sm_80'),
  k.ok('tex.level.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1, %f2, %f3}], %s5;'),
  k.ok('tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1}], 1;'),
  k.bad('tex.level.2d.v4.f16.f32 {%hf0, %hf1, %hf2, %hf3}, [tex0, %r3, {%r0, %r1}], %q3, 0f00000000;', 'PTX503'),
  k.bad('tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1}], %hh5;', 'PTX503', 'sm_80'),
  k.bad('tex.level.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1, %f2, %f3}], %f5;', 'PTX502'),
  // tex.grad beside a 32-bit sampler: the depth compare value after two gradients a .f32/.b32 register or a 0f constant.
  k.ok('tex.grad.2d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0, %r1}], {%r0, %r1}, {%r0, %r1}, %f3;'),
  k.ok('tex.grad.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%r0}], {%r0}, {%r0}, 0f3F800000;'),
  k.bad('tex.grad.2d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0, %r1}], {%r0, %r1}, {%r0, %r1}, %hh3;', 'PTX503'),
  k.bad('tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%r0, %r1}], {%r0, %r1}, {%r0, %r1}, %u5;', 'PTX502', 'sm_80'),
  k.bad('tex.grad.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%r0}], {%r0}, {%r0}, 1;', 'PTX504'),
  // ... and its one-gradient form: a scalar as the level of detail above; a braced operand or two after it refused.
  k.ok('tex.grad.1d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0}], {%r0}, %r0;'),
  k.ok('tex.grad.1d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0}], {%r0}, %r0, %f6;', 'sm_80'),
  k.ok('tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%f0, %f1}], {%f0, %f1}, %f1;'),
  k.bad('tex.grad.1d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0}], {%r0}, %r0, {%r0}, %f6;', 'PTX502'),
  k.bad('tex.grad.1d.v2.f16x2.f32 {%r0, %r1}, [tex0, %f3, {%r0}], {%r0}, %r0, {%r0};', 'PTX502', 'sm_80'),
  k.bad('tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %r3, {%f0, %f1}], {%f0, %f1}, %f1, %r0, %f6;', 'PTX502'),
  k.bad('tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%f0, %f1}], {%f0, %f1}, %hh1;', 'PTX503'),
  k.bad('tex.grad.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, %f3, {%f0, %f1, %f2, %f3}], {%f0, %f1, %f2, %f3}, %r1;', 'PTX503'),
];
ptxCaseTable('PTX tex beside a 32-bit sampler register (session 26, ptxmiss17)', tex);
