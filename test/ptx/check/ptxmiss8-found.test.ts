/**
 * Rules of session 18 (ptxmiss8), the misses docs/divergences.md left and those found beside them,
 * each measured with ptxas 13.0 on matrices of valid and broken lines: tex's and tld4's sampler
 * operand, offset and predicate result, the texture and surface instructions' words (version and
 * target floors), a texture or surface handle in a register below sm_20, cp.async's src-size and
 * its cache policy with `.L2::cache_hint`, predicate registers in A/B of an FP8 mma where ptxas
 * expands it (sm_90 to sm_11x), and tcgen05's two CTA granularities in one kernel, its callees
 * and the functions whose address it takes (with and without -c); a member in an address (a
 * syntax error), byte and half-word selectors outside the video instructions. With ptxas on PATH every case is re-run through it (test/harness/ptx-case-table.ts;
 * the -c cases here).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';
import { checkPtx, checkPtxText, createPtxSession } from '../../../src/ptx/index.js';
import '../../../src/node/host.js';
import { ptxasSkipReason, runPtxas } from '../../harness/tools.js';

/**
 * Cases of a texture module whose body starts at line 10 (run at sm_75): `tr` a .texref, `sr` a
 * .samplerref (in texmode_independent only), `su` a .surfref; registers %r (.b32), %f (.f32), %rd
 * (.b64), %p (.pred). `valid`: valid lines (one module); `bad`: one broken line and gpuasm's code.
 */
function tex(target: string, version: string, independent = false) {
  const wide = Number(version) >= 2.3;
  return kernelCases({
    ...(wide ? {} : { addressSize: false }),
    globals: `${wide ? '' : '// 32-bit\n'}.global .texref tr;\n${independent ? '.global .samplerref sr;' : '// no sampler'}\n.global .surfref su;`,
    entry: '.entry k()',
    decls: '.reg .b32 %r<9>; .reg .f32 %f<9>; .reg .b64 %rd<9>; .reg .pred %p<3>;',
    arch: () => 'sm_75',
  }).at(`${target}${independent ? ', texmode_independent' : ''}`, version);
}

/** Cases of a module of registers of every type whose body starts at line 10. */
const REGISTERS = kernelCases({
  entry: '.entry k()',
  decls:
    '.reg .b32 %r<20>; .reg .u32 %u<9>; .reg .s32 %s<9>; .reg .b16 %rs<9>; .reg .u16 %us<9>;\n' +
    '.reg .b64 %rd<9>; .reg .u64 %ud<9>; .reg .s64 %sd<9>; .reg .f32 %f<20>; .reg .f64 %fd<9>;\n' +
    '.reg .pred %p<20>; .reg .f16x2 %h<9>;\n' +
    '// line 9',
});
const reg = (target: string, version: string) => REGISTERS.at(target, version);

const U31 = tex('sm_35', '3.1');
const U42 = tex('sm_35', '4.2');
const U43 = tex('sm_35', '4.3');
const I31 = tex('sm_35', '3.1', true);
const I42 = tex('sm_35', '4.2', true);
const I43 = tex('sm_35', '4.3', true);
const I70 = tex('sm_75', '7.0', true);

const V4 = '{%f1,%f2,%f3,%f4}';

const textureCases: PtxCase[] = [
  // The sampler operand: texmode_unified from .version 4.3; texmode_independent always, a register handle from 4.3.
  U31.valid([`tex.1d.v4.f32.s32 ${V4}, [%rd1, {%r1}];`, `tex.1d.v4.f32.s32 ${V4}, [tr, {%r1}];`, `tex.level.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], %f5;`, `tld4.r.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}];`, 'txq.width.b32 %r1, [%rd1];', 'txq.filter_mode.b32 %r1, [%rd2];']),
  U43.valid([`tex.1d.v4.f32.s32 ${V4}, [%rd1, %rd2, {%r1}];`, `tex.1d.v4.f32.s32 ${V4}, [tr, %rd2, {%r1}];`, `tex.level.2d.v4.f32.f32 ${V4}, [tr, %rd2, {%f1,%f2}], %f5;`, `tex.grad.2d.v4.f32.f32 ${V4}, [%rd1, %rd2, {%f1,%f2}], {%f3,%f4}, {%f5,%f6};`, `tld4.r.2d.v4.f32.f32 ${V4}, [tr, %rd2, {%f1,%f2}];`]),
  U42.bad(`tex.1d.v4.f32.s32 ${V4}, [%rd1, %rd2, {%r1}];`, 'PTX508'),
  U42.bad(`tex.2d.v4.s32.f32 {%r1,%r2,%r3,%r4}, [tr, %rd2, {%f1,%f2}];`, 'PTX508'),
  U31.bad(`tex.level.2d.v4.f32.f32 ${V4}, [%rd1, %rd2, {%f1,%f2}], %f5;`, 'PTX508'),
  U31.bad(`tld4.r.2d.v4.f32.f32 ${V4}, [tr, %rd2, {%f1,%f2}];`, 'PTX508'),
  I31.valid([`tex.1d.v4.f32.s32 ${V4}, [tr, sr, {%r1}];`, `tex.level.2d.v4.f32.f32 ${V4}, [tr, sr, {%f1,%f2}], %f5;`, `tex.a1d.v4.f32.s32 ${V4}, [tr, sr, {%r1,%r2}];`, `tld4.r.2d.v4.f32.f32 ${V4}, [tr, sr, {%f1,%f2}];`, 'txq.width.b32 %r1, [%rd1];', 'txq.filter_mode.b32 %r1, [sr];', 'suq.width.b32 %r1, [%rd3];']),
  I43.valid([`tex.1d.v4.f32.s32 ${V4}, [%rd1, %rd2, {%r1}];`, `tex.1d.v4.f32.s32 ${V4}, [tr, %rd2, {%r1}];`, `tex.1d.v4.f32.s32 ${V4}, [%rd1, sr, {%r1}];`, `tld4.r.2d.v4.f32.f32 ${V4}, [%rd1, sr, {%f1,%f2}];`]),
  I42.bad(`tex.1d.v4.f32.s32 ${V4}, [%rd1, sr, {%r1}];`, 'PTX508'),
  I42.bad(`tex.1d.v4.f32.s32 ${V4}, [tr, %rd2, {%r1}];`, 'PTX508'),
  I31.bad(`tld4.r.2d.v4.f32.f32 ${V4}, [%rd1, %rd2, {%f1,%f2}];`, 'PTX508'),
  I31.bad(`tex.1d.v4.f32.s32 ${V4}, [tr, {%r1}];`, 'PTX502'),
  I43.bad(`tex.level.2d.v4.f32.f32 ${V4}, [%rd1, {%f1,%f2}], %f5;`, 'PTX502'),
  I70.bad(`tld4.r.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}];`, 'PTX502'),
  // Offset and depth compare operands: .version 4.3 (sm_30 as before); the predicate result: sm_60, then .version 7.1.
  U43.valid([`tex.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%r1,%r2};`, `tex.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%r1,%r2}, %f5;`, `tld4.r.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%r1,%r2};`]),
  tex('sm_53', '4.2').bad(`tex.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%r1,%r2};`, 'PTX508'),
  U31.bad(`tld4.r.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%r1,%r2}, %f5;`, 'PTX508'),
  tex('sm_75', '7.1').valid([`tex.1d.v4.f32.s32 ${V4}|%p1, [tr, {%r1}];`, `tex.2d.v4.f32.f32 ${V4}|%p1, [%rd1, %rd2, {%f1,%f2}];`, `tld4.r.2d.v4.f32.f32 ${V4}|%p1, [tr, {%f1,%f2}];`]),
  tex('sm_75', '7.0').bad(`tex.1d.v4.f32.s32 ${V4}|%p1, [tr, {%r1}];`, 'PTX508'),
  U43.bad(`tld4.r.2d.v4.f32.f32 ${V4}|%p1, [tr, {%f1,%f2}];`, 'PTX509'),
  // Words: geometries, mipmaps, queries.
  tex('sm_10', '2.3').valid([`tex.a1d.v4.f32.s32 ${V4}, [tr, {%r1,%r2}];`, 'txq.width.b32 %r1, [tr];', 'txq.channel_order.b32 %r1, [tr];', 'suq.width.b32 %r1, [su];', 'suld.b.1d.b32.trap {%r1}, [su, %r2];', 'sust.b.2d.b32.clamp [su, {%r2,%r3}], {%r1};']),
  tex('sm_10', '1.5').valid(['txq.width.b32 %r1, [tr];', 'suq.width.b32 %r1, [su];', 'suld.b.1d.v4.b32.trap {%r1,%r2,%r3,%r4}, [su, %r2];', 'sust.b.1d.b32.trap [su, %r2], {%r1};']),
  tex('sm_10', '2.2').bad(`tex.a2d.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, 'PTX508'),
  tex('sm_20', '3.0').valid([`tex.cube.v4.f32.f32 ${V4}, [tr, {%f1,%f2,%f3,%f4}];`, `tex.acube.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, 'suld.b.3d.b32.trap {%r1}, [su, {%r2,%r3,%r4,%r5}];', 'sust.b.a2d.b32.zero [su, {%r2,%r3,%r4,%r5}], {%r1};', 'suld.b.1d.ca.b32.trap {%r1}, [su, %r2];', 'sust.p.1d.b32.trap [su, %r2], {%r1};']),
  tex('sm_20', '2.3').bad(`tex.cube.v4.f32.f32 ${V4}, [tr, {%f1,%f2,%f3,%f4}];`, 'PTX508'),
  tex('sm_10', '3.0').bad(`tex.acube.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, 'PTX509'),
  tex('sm_30', '3.2').valid([`tex.2dms.v4.f32.s32 ${V4}, [tr, {%r1,%r2,%r3,%r4}];`, `tex.a2dms.v4.f32.s32 ${V4}, [tr, {%r1,%r2,%r3,%r4}];`]),
  tex('sm_30', '3.1').bad(`tex.2dms.v4.f32.s32 ${V4}, [tr, {%r1,%r2,%r3,%r4}];`, 'PTX508'),
  tex('sm_20', '4.3').bad(`tex.a2dms.v4.f32.s32 ${V4}, [tr, {%r1,%r2,%r3,%r4}];`, 'PTX509'),
  tex('sm_20', '3.1').valid([`tex.level.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], %f5;`, `tex.grad.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%f3,%f4}, {%f5,%f6};`, `tex.base.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}];`, 'txq.width.b32 %r1, [%rd1];']),
  tex('sm_20', '3.0').bad(`tex.grad.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], {%f3,%f4}, {%f5,%f6};`, 'PTX508'),
  tex('sm_10', '3.1').bad(`tex.level.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}], %f5;`, 'PTX509'),
  tex('sm_10', '3.1').bad(`tex.base.2d.v4.f32.f32 ${V4}, [tr, {%f1,%f2}];`, 'PTX509'),
  tex('sm_30', '4.3').valid([`tex.grad.cube.v4.f32.f32 ${V4}, [tr, {%f1,%f2,%f3,%f4}], {%f3,%f4,%f5,%f6}, {%f5,%f6,%f7,%f8};`, `tld4.r.a2d.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, `tld4.r.cube.v4.f32.f32 ${V4}, [tr, {%f1,%f2,%f3,%f4}];`, `tld4.r.acube.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, 'txq.level.width.b32 %r1, [tr], %r2;']),
  tex('sm_30', '4.2').bad(`tex.grad.acube.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}], {%f3,%f4,%f5,%f6}, {%f5,%f6,%f7,%f8};`, 'PTX508'),
  tex('sm_30', '4.2').bad(`tld4.r.cube.v4.f32.f32 ${V4}, [tr, {%f1,%f2,%f3,%f4}];`, 'PTX508'),
  tex('sm_20', '4.3').bad(`tld4.r.a2d.v4.f32.f32 ${V4}, [tr, {%r1,%f2,%f3,%f4}];`, 'PTX509'),
  tex('sm_30', '4.2').bad('txq.level.width.b32 %r1, [tr], %r2;', 'PTX508'),
  tex('sm_20', '4.3').bad('txq.level.width.b32 %r1, [tr], %r2;', 'PTX509'),
  tex('sm_30', '4.1').valid(['txq.array_size.b32 %r1, [tr];', 'txq.num_mipmap_levels.b32 %r1, [tr];', 'txq.num_samples.b32 %r1, [tr];', 'suq.array_size.b32 %r1, [su];']),
  tex('sm_30', '4.0').bad('txq.num_samples.b32 %r1, [tr];', 'PTX508'),
  tex('sm_20', '4.1').bad('txq.num_samples.b32 %r1, [tr];', 'PTX509'),
  tex('sm_10', '4.1').bad('txq.num_mipmap_levels.b32 %r1, [tr];', 'PTX509'),
  tex('sm_30', '4.1').bad('suq.memory_layout.b32 %r1, [su];', 'PTX508'),
  tex('sm_10', '2.0').bad('txq.channel_data_type.b32 %r1, [tr];', 'PTX508'),
  tex('sm_10', '1.5').bad('suld.b.1d.b32.clamp {%r1}, [su, %r2];', 'PTX508'),
  tex('sm_10', '3.0').bad('suld.b.a1d.b32.trap {%r1}, [su, {%r2,%r3}];', 'PTX509'),
  tex('sm_20', '2.3').bad('sust.b.3d.b32.trap [su, {%r2,%r3,%r4,%r5}], {%r1};', 'PTX508'),
  tex('sm_10', '2.3').bad('sust.b.1d.wb.b32.trap [su, %r2], {%r1};', 'PTX509'),
  tex('sm_10', '2.3').bad('sust.p.1d.b32.trap [su, %r2], {%r1};', 'PTX509'),
  // A handle in a register: sm_20 (and .version 3.1, as before).
  tex('sm_10', '3.1').bad(`tex.1d.v4.f32.s32 ${V4}, [%rd1, {%r1}];`, 'PTX509'),
  tex('sm_10', '3.1').bad('suq.width.b32 %r1, [%rd1];', 'PTX509'),
  tex('sm_20', '3.0').bad('suld.b.1d.b32.trap {%r1}, [%rd1, %r2];', 'PTX508'),
];

const CP = reg('sm_80', '8.0');
const CA = 'cp.async.ca.shared.global';
const CG = 'cp.async.cg.shared.global';
const H = '.L2::cache_hint';

const cpAsyncCases: PtxCase[] = [
  // Without the hint the fourth operand is src-size (or ignore-src): a 32-bit integer or bit-size register, a predicate, a constant 0 to cp-size.
  CP.valid([`${CA} [%rd1], [%rd2], 16, %r4;`, `${CA} [%rd1], [%rd2], 16, %u4;`, `${CA} [%rd1], [%rd2], 16, %s4;`, `${CA} [%rd1], [%rd2], 16, %p1;`, `${CA} [%rd1], [%rd2], 16, 8;`, `${CG} [%rd1], [%rd2], 16, 0;`]),
  CP.bad(`${CA} [%rd1], [%rd2], 16, %rd4;`, 'PTX503'),
  CP.bad(`${CA} [%rd1], [%rd2], 16, %rs4;`, 'PTX503'),
  CP.bad(`${CG} [%rd1], [%rd2], 16, %f4;`, 'PTX503'),
  CP.bad(`${CA} [%rd1], [%rd2], 16, 1.0;`, 'PTX504'),
  CP.bad(`${CA} [%rd1], [%rd2], 16, WARP_SZ;`, 'PTX502'),
  CP.bad(`${CA} [%rd1], [%rd2], 16, -1;`, 'PTX502'),
  // With the hint and four operands the fourth is the cache policy: a 64-bit integer or bit-size register, any integer constant.
  CP.valid([`${CA}${H} [%rd1], [%rd2], 16, %rd4;`, `${CA}${H} [%rd1], [%rd2], 16, %ud4;`, `${CA}${H} [%rd1], [%rd2], 16, %sd4;`, `${CA}${H} [%rd1], [%rd2], 16, -1;`, `${CG}${H} [%rd1], [%rd2], 16, 17;`, `${CA}${H} [%rd1], [%rd2], 16, WARP_SZ;`]),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %r4;`, 'PTX503'),
  CP.bad(`${CG}${H} [%rd1], [%rd2], 16, %u4;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %p1;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %fd4;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, 0f3f800000;`, 'PTX504'),
  // Five operands: src-size (ignore-src) then the cache policy.
  CP.valid([`${CA}${H} [%rd1], [%rd2], 16, %r4, %rd5;`, `${CA}${H} [%rd1], [%rd2], 16, %p1, %rd5;`, `${CA}${H} [%rd1], [%rd2], 16, 8, -1;`, `${CA}${H} [%rd1], [%rd2], 16, %u4, 17;`]),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %rd4, %rd5;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %us4, %rd5;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, %r5, %r4;`, 'PTX503'),
  CP.bad(`${CA}${H} [%rd1], [%rd2], 16, 17, %rd5;`, 'PTX502'),
];

const F4 = '{%f1,%f2,%f3,%f4}';
const SP64 = 'mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32';
const K32 = 'mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32';
const K16 = 'mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32';
const K32H = 'mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16';

const mmaCases: PtxCase[] = [
  // sm_89 and sm_120a take predicates in A and B (ptxas does not expand the instruction there); .f32 registers are taken everywhere.
  ...['sm_89', 'sm_120a'].map((t) =>
    reg(t, '8.7').valid([
      `${SP64} ${F4}, {%p1,%p2,%p3,%p4}, {%p5,%p6,%p7,%p8}, ${F4}, %r9, 0;`,
      `${K32} ${F4}, {%r1,%p2,%r3,%r4}, {%p5,%p6}, ${F4};`,
      `${K16} ${F4}, {%p1,%p2}, {%p5}, ${F4};`,
      `${K32H} {%h1,%h2}, {%r1,%r2,%r3,%r4}, {%p5,%p6}, {%h1,%h2};`,
    ]),
  ),
  ...['sm_90', 'sm_100a', 'sm_110a'].map((t) =>
    reg(t, t === 'sm_90' ? '8.7' : '9.0').valid([
      `${SP64} ${F4}, {%r1,%r2,%r3,%r4}, {%r5,%r6,%r7,%r8}, ${F4}, %r9, 0;`,
      `${SP64} ${F4}, {%f1,%f2,%f3,%f4}, {%f5,%f6,%f7,%f8}, ${F4}, %r9, 0;`,
      `${K32} ${F4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, ${F4};`,
      `${K16} ${F4}, {%r1,%r2}, {%r5}, ${F4};`,
    ]),
  ),
  reg('sm_90', '8.7').bad(`${SP64} ${F4}, {%r1,%r2,%r3,%r4}, {%p5,%p6,%p7,%p8}, ${F4}, %r9, 0;`, 'PTX503'),
  reg('sm_90a', '8.7').bad(`${SP64} ${F4}, {%p1,%p2,%p3,%p4}, {%r5,%r6,%r7,%r8}, ${F4}, %r9, 0;`, 'PTX503'),
  reg('sm_100a', '8.8').bad(`${K32} ${F4}, {%r1,%p2,%r3,%r4}, {%r5,%r6}, ${F4};`, 'PTX503'),
  reg('sm_103a', '8.8').bad(`${K16} ${F4}, {%r1,%r2}, {%p5}, ${F4};`, 'PTX503'),
  reg('sm_110', '9.0').bad(`${K32H} {%h1,%h2}, {%r1,%r2,%r3,%r4}, {%r5,%p6}, {%h1,%h2};`, 'PTX503'),
];

/** A tcgen05 module (sm_100a, .version 8.8) of the given items; its first item starts at line 4. */
function G(items: string): string {
  return `.version 8.8\n.target sm_100a\n.address_size 64\n${items}`;
}
const REGS = '.reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .pred %p<3>;';
const body = (lines: readonly string[]) => `{\n${REGS}\n${lines.join('\n')}\nret;\n}\n`;
const ONE = 'tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;';
const TWO = 'tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;';
const g = (name: string, items: string, line?: number): PtxCase => ({ name, full: true, arch: 'sm_100a', text: G(items), line, ...(line === undefined ? {} : { code: 'PTX529' }) });

const ctaCases: PtxCase[] = [
  g('one kernel, both granularities', `.entry k()\n${body([ONE, TWO])}`, 0),
  g('both through callees', `.func f()\n${body([TWO])}.func h()\n${body([ONE])}.func m()\n${body(['call f;'])}.entry k()\n${body(['call m;', 'call h;'])}`, 0),
  g('a callee of the other granularity', `.func f()\n${body([TWO, 'call f;'])}.entry k()\n${body([ONE, 'call f;'])}`, 0),
  ...[
    'tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%rd1], 32;',
    'tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r1, 32;',
    'tcgen05.mma.cta_group::2.kind::tf32 [%r1], %rd1, %rd2, %r2, %p1;',
    'tcgen05.cp.cta_group::2.128x256b [%r1], %rd2;',
    'tcgen05.shift.cta_group::2.down [%r1];',
    'tcgen05.commit.cta_group::2.mbarrier::arrive::one.b64 [%rd1];',
    `@%p1 ${TWO}`,
  ].map((x) => g(`::1 beside ${x}`, `.entry k()\n${body([ONE, x])}`, 0)),
  g('after ret', `.entry k()\n${body([ONE, 'ret;', TWO])}`, 0),
  // Every kernel reaches every function whose address is taken anywhere (an indirect call or not); an indirect call reaches nothing else.
  g('the address of one of the other granularity', `.func f()\n${body([TWO])}.entry k()\n${body([ONE, 'mov.u64 %rd1, f;'])}`, 0),
  g('the address taken in an uncalled function', `.func f()\n${body([TWO])}.func h()\n${body(['mov.u64 %rd1, f;'])}.entry k()\n${body([ONE])}`, 0),
  g('a function whose address is taken calls one of the other granularity', `.func f()\n${body([TWO])}.func h()\n${body(['call f;'])}.entry k2()\n${body(['mov.u64 %rd1, h;'])}.entry k()\n${body([ONE])}`, 0),
  g('a function of one granularity takes its own address; a kernel without tcgen05', `.func f()\n${body([TWO, 'mov.u64 %rd1, f;'])}.entry k()\n${body([])}`),
  g('an indirect call, the address taken in another kernel', `.func f()\n${body([TWO])}.entry k2()\n${body(['mov.u64 %rd1, f;', 'st.global.u64 [%rd2], %rd1;'])}.entry k()\n${body([ONE, 'ld.global.u64 %rd1, [%rd2];', 'proto: .callprototype _ ();', 'call %rd1, proto;'])}`, 0),
  g('an indirect call of another prototype', `.func f()\n${body([TWO])}.entry k()\n${body([ONE, 'mov.u64 %rd1, f;', 'proto: .callprototype _ (.param .b32 _);', '{ .param .b32 a; st.param.b32 [a], 1;', 'call %rd1, (a), proto; }'])}`, 0),
  g('an indirect call, no address taken', `.func f()\n${body([TWO])}.entry k()\n${body([ONE, 'ld.global.u64 %rd1, [%rd2];', 'proto: .callprototype _ ();', 'call %rd1, proto;'])}`),
  g('the address taken in a kernel without tcgen05', `.func f()\n${body([TWO])}.entry k2()\n${body(['mov.u64 %rd1, f;', 'st.global.u64 [%rd2], %rd1;'])}.entry k()\n${body([ONE])}`, 0),
  g('one each in two kernels', `.entry k1()\n${body([TWO])}.entry k2()\n${body([ONE])}`),
  g('a function with both that no kernel calls', `.visible .func f()\n${body([TWO, ONE])}.entry k()\n${body([ONE])}`),
  g('tcgen05.ld, fence and wait name no granularity', `.entry k()\n${body([ONE, 'tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2}, [%r3];', 'tcgen05.wait::ld.sync.aligned;', 'tcgen05.fence::before_thread_sync;'])}`),
  g('an error on a line comes first', `.entry k()\n${body([ONE, TWO, 'add.u32 %r1, %rd1, 1;'])}`, 9),
];
ctaCases[ctaCases.length - 1]!.code = 'PTX503';

const AD = reg('sm_80', '8.0');
/** A member (`%tid.x`, `%r1.b0`) in an address, outside a braced list: ptxas "Parsing error near '.x'" (a syntax error, PTX201). */
const addressMemberCases: PtxCase[] = [
  AD.valid(['mov.u32 %r1, %tid.x;', 'ld.global.u32 %r1, [%rd1];', 'ld.global.u32 %r1, [%rd1+4];', 'tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%f1,%f2}];']),
  AD.bad('ld.global.u32 %r1, [%tid.x];', 'PTX201'),
  AD.bad('st.global.u32 [%ctaid.x], %r1;', 'PTX201'),
  AD.bad('ld.global.u32 %r1, [%r1.b0];', 'PTX201'),
  AD.bad('ld.global.u32 %r1, [%rd1.lo];', 'PTX201'),
  AD.bad('suld.b.1d.b32.trap {%r1}, [%rd1, %r2.x];', 'PTX201'),
  // A special register of four components, whole, as an address (scalar ones taken).
  reg('sm_90', '8.0').valid(['ld.global.u32 %r1, [%laneid];', 'ld.global.u32 %r1, [%laneid+4];', 'ld.global.u32 %r1, [%clock64];', 'ld.global.u32 %r1, [%smid];']),
  reg('sm_90', '8.0').bad('ld.global.u32 %r1, [%tid];', 'PTX502'),
  reg('sm_90', '8.0').bad('ld.global.u32 %r1, [%tid+4];', 'PTX502'),
  reg('sm_90', '8.0').bad('st.global.u32 [%ctaid], %r1;', 'PTX502'),
  reg('sm_90', '8.0').bad('atom.global.add.u32 %r1, [%ntid], 1;', 'PTX502'),
  reg('sm_90', '8.0').bad('prefetch.global.L2 [%cluster_nctaid];', 'PTX502'),
];

/** Byte and half-word selectors: the video instructions' only, each of its kind; in a braced list any (measured on 221 lines). */
const selectorCases: PtxCase[] = [
  AD.valid(['vadd.u32.u32.u32 %r2, %r1.b0, %r3.h1;', 'vmad.u32.u32.u32 %r2, %r1.h0, %r3.b1, %r4;', 'vadd2.u32.u32.u32 %r2, %r1.h10, %r3.h32, %r4;', 'vset2.u32.u32.ne %r2, %r1.h33, %r3, %r4;', 'vadd4.u32.u32.u32 %r2, %r1.b3210, %r3.b7654, %r4;', 'st.global.v2.u32 [%rd1], {%r1.b0, %r2};', 'mov.b64 %rd1, {%r1.h0, %r2};', 'mov.u32 %r2, %tid.x;']),
  AD.bad('mov.u32 %r2, %r1.b0;', 'PTX516'),
  AD.bad('mov.b32 %r2.b0, %r1;', 'PTX516'),
  AD.bad('cvt.u32.u16 %r2, %r1.h0;', 'PTX516'),
  AD.bad('add.u32 %r2, %r1.b0, 1;', 'PTX516'),
  AD.bad('st.global.u32 [%rd1], %r1.b0;', 'PTX516'),
  AD.bad('dp4a.u32.u32 %r2, %r1.b0, %r3, %r4;', 'PTX516'),
  AD.bad('vote.sync.all.pred %p1, %p2, %r1.b0;', 'PTX516'),
  AD.bad('vadd.u32.u32.u32 %r2, %r1.h10, %r3;', 'PTX516'),
  AD.bad('vadd2.u32.u32.u32 %r2, %r1.h0, %r3, %r4;', 'PTX516'),
  AD.bad('vset4.u32.u32.lt %r2, %r1.h10, %r3, %r4;', 'PTX516'),
  AD.bad('vavrg4.u32.u32.u32 %r2, %r1, %r3.b0, %r4;', 'PTX516'),
  // A vector element of a scalar register.
  AD.bad('mov.u32 %r2, %r1.x;', 'PTX502'),
  AD.bad('add.u32 %r2, %r1.y, 1;', 'PTX502'),
  AD.bad('vadd.u32.u32.u32 %r2, %r1.x, %r3;', 'PTX502'),
  AD.bad('mov.b32 %r2.x, %r1;', 'PTX502'),
  AD.bad('mov.u64 %rd2, %rd1.x;', 'PTX502'),
  AD.bad('st.global.v2.u32 [%rd1], {%r1.x, %r2};', 'PTX502'),
  AD.bad('mov.b64 %rd1, {%r2, %r1.y};', 'PTX502'),
];

ptxCaseTable('ptxmiss8: tex/tld4 sampler, offsets, predicate result; texture and surface words', textureCases);
ptxCaseTable('ptxmiss8: byte and half-word selectors', selectorCases);
ptxCaseTable('ptxmiss8: a member in an address', addressMemberCases);
ptxCaseTable('ptxmiss8: cp.async src-size and cache policy', cpAsyncCases);
ptxCaseTable('ptxmiss8: predicates in an expanded FP8 mma', mmaCases);
ptxCaseTable('ptxmiss8: tcgen05 CTA granularities of a kernel', ctaCases);

/** -c (compileOnly): each function on its own instructions; callees and unresolved .extern functions do not count. */
const compileOnlyCases: { name: string; text: string; refused: boolean }[] = [
  { name: 'a static function with both, called by nothing', text: G(`.func f()\n${body([TWO, ONE])}`), refused: true },
  { name: 'a visible function calling one of the other granularity', text: G(`.func f()\n${body([TWO])}.visible .func g()\n${body([ONE, 'call f;'])}`), refused: false },
  { name: 'a kernel calling one of the other granularity', text: G(`.func f()\n${body([TWO])}.entry k()\n${body([ONE, 'call f;'])}`), refused: false },
  { name: 'a kernel with both and an .extern call', text: G(`.extern .func e();\n.entry k()\n${body([ONE, TWO, 'call e;'])}`), refused: true },
  { name: 'a kernel taking the address of one of the other granularity', text: G(`.func f()\n${body([TWO])}.entry k()\n${body([ONE, 'mov.u64 %rd1, f;'])}`), refused: false },
];

describe('ptxmiss8: tcgen05 CTA granularities with -c (cases verified with ptxas 13.0 -c)', () => {
  for (const c of compileOnlyCases) {
    test(c.name, () => {
      const errors = checkPtxText('case.ptx', c.text, { compileOnly: true }).filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => d.code),
        c.refused ? ['PTX529'] : [],
        c.text,
      );
    });
  }
  test('the same verdicts from ptxas -c', { skip: ptxasSkipReason }, () => {
    if (ptxasSkipReason) return;
    for (const c of compileOnlyCases) {
      const r = runPtxas(c.text, { arch: 'sm_100a', compileOnly: true, name: 'ctagroup' });
      assert.equal(!r.ok, c.refused, `${c.name}: ${r.stderr}`);
    }
  });
});
if (ptxasSkipReason) console.log(ptxasSkipReason);

/** PTX529 is found in `finish` from every body's record: the incremental session (bodies replayed) and the two-thread check (a part's record merged) must give checkPtxText's answer. */
describe('ptxmiss8: tcgen05 CTA granularities through the session and the two-thread check', () => {
  const fn = (name: string, lines: readonly string[]) => `.func ${name}()\n${body(lines)}`;
  const pad = Array.from({ length: 120 }, (_, i) => fn(`p${i}`, [`add.u32 %r1, %r1, ${i};`])).join('');
  const mk = (g: string, k: string) => G(`${fn('f', [TWO])}${fn('g', [g])}.func h();\n.entry k()\n${body([k])}${fn('h', [ONE])}`);
  const codes = (ds: readonly { code: string; location?: { line: number } }[]) => ds.map((d) => `${d.code}@${d.location?.line}`).join(',');
  test('an edited module, bodies reused: as checkPtxText', () => {
    const session = createPtxSession('s.ptx');
    const versions = [mk('add.u32 %r1, %r1, 1;', 'call f; call h;'), mk('add.u32 %r1, %r1, 2;', 'call f; call h;'), mk('add.u32 %r1, %r1, 2;', 'call h;'), mk('add.u32 %r1, %r1, 3;', 'call f; call h;'), mk('mov.u64 %rd1, f;', 'call h;'), mk('add.u32 %r1, %r1, 3;', 'call h;')];
    let reused = 0;
    for (const v of versions) {
      assert.equal(codes(session.update(v)), codes(checkPtxText('s.ptx', v)), v);
      reused += session.stats.bodiesReused;
    }
    assert.ok(reused > 0, 'some bodies were reused');
    assert.equal(codes(checkPtxText('s.ptx', versions[0]!)).split(',')[0]!.split('@')[0], 'PTX529');
  });
  test('split in two parts: as checkPtxText', () => {
    const texts = [
      G(`${fn('f', [TWO])}.func h();\n${pad}.entry k()\n${body([ONE, 'call f;'])}${fn('h', [])}`),
      G(`${fn('f', [ONE])}.entry k()\n${body(['call f;'])}${pad}${fn('g', [TWO, 'mov.u64 %rd1, g;'])}`),
    ];
    for (const t of texts)
      for (const share of [0.3, 0.5, 0.8]) {
        const r = checkPtx('p.ptx', t, {}, { parallel: Math.floor(t.length * share) });
        assert.equal(codes(r.diagnostics), codes(checkPtxText('p.ptx', t)));
        assert.match(codes(r.diagnostics), /^PTX529@/);
      }
  });
});

