/**
 * Session 25 (helper ptxmiss16): rules found by fresh valid-forms lines (seeds 7 and 8) and single
 * breaks of the lines ptxas took (test/harness/ptx-insn-mutate.ts). A block-scaled mma's scale
 * operands (scale data a 32-bit register or a 0f constant; {byte-id, thread-id} of 16-bit registers
 * or constants, not two .f16 registers nor two floating-point constants; mma.sp's id constants as
 * mma's), and tensormap.replace `.swizzle_atomicity`'s gate (sm_100f/sm_110f/sm_120f, .version 8.6).
 * With ptxas on PATH the table is re-run through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const decls =
  '.reg .pred %p<9>; .reg .b8 %b<9>; .reg .b16 %h<9>; .reg .b32 %r<32>; .reg .b64 %rd<9>; .reg .f32 %f<16>;\n' +
  '.reg .f16 %hf<9>; .reg .f16x2 %hh<9>; .reg .u16 %us<9>; .reg .s16 %ss<9>; .reg .u32 %u<9>; .reg .s32 %s<9>;';
const m120 = kernelCases({ globals: '', decls, target: 'sm_120a', version: '9.0' });

const F4 = '{%f0, %f1, %f2, %f3}';
const R4 = '{%r0, %r1, %r2, %r3}';
/** A dense .kind::mxf8f6f4 mma up to C; then scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}. */
const dense = (tail: string) => `mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0 ${F4}, ${R4}, {%r0, %r1}, ${F4}, ${tail};`;
/** A sparse .kind::mxf4nvf4 4X mma up to its metadata and selector. */
const sparse = (tail: string) =>
  `mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 ${F4}, ${R4}, ${R4}, ${F4}, %r9, 0, ${tail};`;

const blockScale: PtxCase[] = [
  // {byte-id, thread-id}: 16-bit registers of any kind, mixed, or constants (floating-point ones too, beside a register).
  m120.ok(dense('%r5, {%h1, %h2}, %r7, {%h3, %h4}')),
  m120.ok(dense('%r5, {%us1, %ss2}, %r7, {%hf3, %h4}')),
  m120.ok(dense('%r5, {0, 0}, %r7, {1, 3}')),
  m120.ok(dense('%r5, {1.0, %h2}, %r7, {%hf3, 0f3F800000}')),
  m120.ok(dense('%r5, {%hf1, 1.0}, %r7, {%h3, %us4}')),
  m120.ok(sparse('%r5, {%h1, %h2}, %r7, {0, 3}')),
  m120.bad(dense('%r5, {%r21, %r22}, %r7, {%r29, %r30}'), 'PTX503'),
  m120.bad(dense('%r5, {%h1, %h2}, %r7, {%b3, %b4}'), 'PTX503'),
  m120.bad(dense('%r5, {%p1, %p2}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(dense('%r5, {%h1, %h2}, %r7, {%hh3, %hh4}'), 'PTX503'),
  m120.bad(dense('%r5, {%hf1, %hf2}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(dense('%r5, {1.0, 0f3F800000}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(sparse('%r5, {%r1, %r2}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(sparse('%r5, {%h1, %h2}, %r7, {%hf3, %hf4}'), 'PTX503'),
  // Scale data: any 32-bit register (a predicate too) or a 0f constant.
  m120.ok(dense('%u5, {%h1, %h2}, %f7, {%h3, %h4}')),
  m120.ok(dense('%p5, {%h1, %h2}, %hh7, {%h3, %h4}')),
  m120.ok(dense('0f3F800000, {%h1, %h2}, (0f00000000), {%h3, %h4}')),
  m120.bad(dense('%h5, {%h1, %h2}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(dense('%r5, {%h1, %h2}, %rd7, {%h3, %h4}'), 'PTX503'),
  m120.bad(dense('5, {%h1, %h2}, %r7, {%h3, %h4}'), 'PTX504'),
  m120.bad(dense('%r5, {%h1, %h2}, WARP_SZ, {%h3, %h4}'), 'PTX504'),
  m120.bad(dense('1.0, {%h1, %h2}, %r7, {%h3, %h4}'), 'PTX504'),
  m120.bad(dense('%r5, {%h1, %h2}, 0d3FF0000000000000, {%h3, %h4}'), 'PTX504'),
  m120.bad(sparse('%h5, {%h1, %h2}, %r7, {%h3, %h4}'), 'PTX503'),
  m120.bad(sparse('%r5, {%h1, %h2}, 1, {%h3, %h4}'), 'PTX504'),
  // mma.sp's id constants: as mma's (4X: byte-id 0; A's thread-id 0 or 1, B's 0 to 3).
  m120.bad(sparse('%r5, {%h1, %h2}, %r7, {1, 3}'), 'PTX502'),
  m120.bad(sparse('%r5, {%h1, %h2}, %r7, {0, 4}'), 'PTX502'),
  m120.bad(sparse('%r5, {0, 2}, %r7, {0, 3}'), 'PTX502'),
];
ptxCaseTable('PTX block-scaled mma scale operands (session 25, ptxmiss16)', blockScale);

const tmap = kernelCases({ globals: '.global .align 128 .b8 gbuf[1024];\n.shared .align 128 .b8 sbuf[1024];', decls: '.reg .b32 %r<4>;', target: 'sm_100a', version: '9.0' });
const tensormap: PtxCase[] = [
  tmap.ok('tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [gbuf], 1;'),
  tmap.ok('tensormap.replace.tile.swizzle_atomicity.shared::cta.b1024.b32 [sbuf], 3;', 'sm_120a'),
  tmap.ok('tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [gbuf], 2;', 'sm_110a'),
  tmap.ok('tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [gbuf], 1;', 'sm_100a', '8.6'),
  tmap.ok('tensormap.replace.tile.swizzle_mode.global.b1024.b32 [gbuf], 1;', 'sm_90a', '8.3'),
  tmap.bad('tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [gbuf], 1;', 'PTX509', 'sm_90a'),
  tmap.bad('tensormap.replace.tile.swizzle_atomicity.shared::cta.b1024.b32 [sbuf], 1;', 'PTX508', 'sm_90a', '8.5'),
];
ptxCaseTable('PTX tensormap.replace .swizzle_atomicity gate (session 25, ptxmiss16)', tensormap);

/**
 * Found by single breaks of taken lines (other-register, stray-modifier, vector-width,
 * special-register): set/setp .bf16x2 (two false errors fixed: a .u32 result, a predicate b), the
 * video instructions' register kinds (a .f16x2 register taken: a false error fixed; vmad and the
 * SIMD ones were not checked), tcgen05.ld.red's redval, ldu's vector count, multimem's name.
 */
const v = kernelCases({ globals: '.global .align 16 .b8 gbuf[1024];', decls, target: 'sm_90a', version: '9.0' });
const breaks: PtxCase[] = [
  // set/setp with .bf16x2 sources: b a predicate only without c; set's .bf16x2 result any 32-bit register or a predicate.
  v.ok('setp.ge.bf16x2 %p2|%p3, %r3, %p4;'),
  v.ok('set.ge.bf16x2.bf16x2 %r2, %r3, %p2;', 'sm_100a'),
  v.ok('set.ge.u32.bf16x2 %r2, %r3, %p2;'),
  v.ok('set.ge.xor.bf16x2.bf16x2 %u2, %r2, %r3, %p4;'),
  v.ok('set.ge.xor.bf16x2.bf16x2 %f2, %r2, %r3, %p4;', 'sm_100a'),
  v.ok('set.ge.xor.bf16x2.bf16x2 %p2, %r2, %r3, %p4;'),
  v.ok('set.ge.bf16x2.bf16x2 %hh2, %r2, %r3;'),
  v.bad('setp.ge.bf16x2 %p2|%p3, %p2, %r3;', 'PTX503'),
  v.bad('setp.ge.and.bf16x2 %p2|%p3, %r3, %p2, %p4;', 'PTX503', 'sm_120a'),
  v.bad('set.ge.xor.bf16x2.bf16x2 %r2, %r3, %p2, %p4;', 'PTX503'),
  v.bad('set.ge.xor.bf16x2.bf16x2 %h2, %r2, %r3, %p4;', 'PTX503'),
  v.bad('set.ge.bf16x2.bf16x2 %rd2, %r2, %r3;', 'PTX503', 'sm_100a'),
  v.bad('set.ge.bf16x2.bf16x2 %r2, %r3, %u2;', 'PTX503'),
  // Video: a .f16x2 register taken (not as vset's d or c); vmad and the SIMD ones checked as the others.
  v.ok('vadd.u32.u32.u32 %hh1, %hh2, %r3;'),
  v.ok('vset.s32.u32.lt %s1, %u2, %hh2;'),
  v.ok('vmad.s32.s32.u32.po %hh1, %r2, %hh3.b1, %s4;'),
  v.ok('vmad.u32.u32.u32 %r1, -%u2.b0, -%r3, 7;', 'sm_75', '7.0'),
  v.ok('vadd2.u32.u32.u32 %hh1.h0, %hh2.h10, %r3, %u4;'),
  v.ok('vset4.u32.u32.lt %u1, %hh2.b3210, %r3, %s4;', 'sm_120a'),
  v.bad('vset.u32.u32.lt %hh1, %r2, %r3;', 'PTX503'),
  v.bad('vmad.u32.u32.u32 %r1, %p1, %r3, %r4;', 'PTX503'),
  v.bad('vmad.u32.u32.u32 %r1, %r2, %r3, %rd4;', 'PTX503', 'sm_75', '7.0'),
  v.bad('vmad.u32.u32.u32 %r1, %f2.b0, %r3, %r4;', 'PTX503'),
  v.bad('vmad.u32.u32.u32 %r1, -%hh2, %r3, %r4;', 'PTX503'),
  v.bad('vmad.u32.u32.u32 -%r1, %r2, %r3, %r4;', 'PTX502'),
  v.bad('vadd.u32.u32.u32 %r1, %rd2.b0, %r3;', 'PTX503', 'sm_120a'),
  v.bad('vset2.u32.u32.lt %f1, %r2, %r3, %r4;', 'PTX503'),
  v.bad('vset2.u32.u32.lt %r1, %r2, %r3, %hh4;', 'PTX503'),
  v.bad('vset4.u32.u32.lt %hh1.b0, %r2, %r3, %r4;', 'PTX503'),
  v.bad('vadd2.u32.u32.u32 %r1, %us2, %r3, %r4;', 'PTX503', 'sm_80'),
  v.bad('vmax4.s32.s32.s32.add %r1, %r2, WARP_SZ, %r4;', 'PTX502'),
  // ldu .v2/.v4: that many elements.
  v.ok('ldu.global.v2.f32 {%f0, %f1}, [gbuf+16];'),
  v.ok('ldu.global.u32 {%r0}, [gbuf+16];'),
  v.bad('ldu.global.v4.f32 {%r0, %r1}, [gbuf+16];', 'PTX505'),
  v.bad('ldu.global.v2.u32 {%r0}, [gbuf+16];', 'PTX505', 'sm_80'),
  // multimem: .ld_reduce, .st or .red right after the opcode.
  v.ok('multimem.st.relaxed.gpu.global.v4.f32 [gbuf], {%f1, %f2, %f3, %f4};'),
  v.bad('multimem.v4.st.f32 [gbuf], {%f1, %f2, %f3, %f4};', 'PTX226'),
  v.bad('multimem.relaxed.st.f32 [gbuf], 0f3F800000;', 'PTX226', 'sm_100a'),
];
ptxCaseTable('PTX single breaks of fresh valid-forms lines (session 25, ptxmiss16)', breaks);

const tc = kernelCases({ globals: '', decls, target: 'sm_103a', version: '9.0' });
const redval: PtxCase[] = [
  tc.ok('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, %r3, [%r1];'),
  tc.ok('tcgen05.ld.red.sync.aligned.16x32bx2.x4.min.f32 {%r0, %r1, %r2, %r3}, %f3, [%r1], 16;', 'sm_110a'),
  tc.ok('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, %hh3, [%r1];'),
  tc.ok('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, {%r3}, [%r1];'),
  tc.bad('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, %us3, [%r1];', 'PTX503'),
  tc.bad('tcgen05.ld.red.sync.aligned.16x32bx2.x4.min.f32 {%r0, %r1, %r2, %r3}, %rd3, [%r1], 16;', 'PTX503', 'sm_110a'),
  tc.bad('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, %p3, [%r1];', 'PTX503'),
  tc.bad('tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 {%r0, %r1}, WARP_SZ, [%r1];', 'PTX504'),
  tc.bad('tcgen05.ld.red.sync.aligned.16x32bx2.x4.min.f32 {%r0, %r1, %r2, %r3}, 1, [%r1], 16;', 'PTX504'),
  // `.num` from .x2 (fresh valid-forms lines); plain tcgen05.ld takes .x1.
  tc.ok('tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r0}, [%r1];'),
  tc.bad('tcgen05.ld.red.sync.aligned.32x32b.x1.min.u32 {%r0}, %r2, [%r1];', 'PTX500'),
  tc.bad('tcgen05.ld.red.sync.aligned.16x32bx2.x1.max.f32 {%r0}, %f2, [%r1], 16;', 'PTX500', 'sm_110a'),
];
ptxCaseTable('PTX tcgen05.ld.red redval (session 25, ptxmiss16)', redval);
