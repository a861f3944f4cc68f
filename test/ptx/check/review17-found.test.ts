/**
 * Cases found at the session 17 merge review, each measured with ptxas 13.0 before the rule changed:
 * - red.async to global memory without the mbarrier takes every operation of its mbarrier form
 *   (the text gives `.add` only), with `.release` or `.relaxed` and `.gpu` or `.sys`; `.release`
 *   needs sm_100 and .version 8.7, `.cluster` is refused with `.release`, `.mmio` with `.relaxed`
 *   (a false error on every operation but `.add`, and on `.sys` and `.relaxed`);
 * - an array of texture/sampler/surface handles in a module-scope `.local`/`.reg` declaration
 *   beside a scalar handle: ptxas reports the ABI's module-scope rule at the array first (found by
 *   the random field-initializer differential, seed 1191161749).
 * With ptxas on PATH the table is re-run through it.
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel (sm_100a, .version 8.8 unless named) with one instruction on line 8. */
const { ok, bad } = kernelCases({
  target: 'sm_100a',
  version: '8.8',
  entry: '.visible .entry k(.param .u64 a)',
  decls: '.reg .b64 %rd<3>; .reg .b32 %r<3>; .reg .f32 %f<3>;\nld.param.u64 %rd1, [a];',
});

const value = (ot: string): string => (ot.endsWith('64') ? '%rd2' : ot.endsWith('f32') ? '%f1' : '%r1');
const red = (prefix: string, ot: string): string => `${prefix}.${ot} [%rd1], ${value(ot)};`;

const TAKEN_OPS = ['add.u32', 'add.s32', 'add.u64', 'add.s64', 'min.u32', 'max.s32', 'min.s32', 'max.u32', 'inc.u32', 'dec.u32', 'and.b32', 'or.b32', 'xor.b32'];
const REFUSED_OPS = ['add.f32', 'min.u64', 'max.s64', 'xor.b64', 'exch.b32'];
const TAKEN_PREFIXES = [
  'red.async.release.gpu',
  'red.async.release.sys.global',
  'red.async.mmio.release.sys',
  'red.async.mmio.release.gpu.global',
  'red.async.relaxed.gpu.global',
  'red.async.relaxed.sys',
];
const REFUSED_PREFIXES = ['red.async.release.cluster.global', 'red.async.mmio.relaxed.sys', 'red.async.release.global', 'red.async.relaxed.gpu.shared::cluster', 'red.async.acquire.gpu.global'];

const redAsync: PtxCase[] = [
  ...TAKEN_PREFIXES.flatMap((p) => TAKEN_OPS.map((ot) => ok(red(p, ot)))),
  ...TAKEN_PREFIXES.flatMap((p) => REFUSED_OPS.map((ot) => bad(red(p, ot), 'PTX500'))),
  ...REFUSED_PREFIXES.flatMap((p) => ['add.u32', 'min.u32', 'and.b32'].map((ot) => bad(red(p, ot), 'PTX500'))),
  // `.relaxed` without `.global` from the family's floor; `.release` from sm_100 and 8.7 ("Feature
  // 'st.async/red.async with .release modifier' requires .target sm_100 or higher").
  ok(red('red.async.relaxed.gpu', 'add.u32'), 'sm_90', '8.7'),
  ok(red('red.async.relaxed.sys', 'min.u32'), 'sm_90', '8.7'),
  bad(red('red.async.release.gpu', 'add.u32'), 'PTX509', 'sm_90', '8.7'),
  bad(red('red.async.release.gpu', 'inc.u32'), 'PTX508', 'sm_100a', '8.6'),
  ok(red('red.async.release.sys', 'xor.b32'), 'sm_120', '8.7'),
  bad('st.async.release.gpu.b32 [%rd1], %r1;', 'PTX509', 'sm_90', '8.7'),
  ok('st.async.release.gpu.b32 [%rd1], %r1;', 'sm_100a', '8.7'),
  ok('st.async.gpu.b32 [%rd1], %r1;', 'sm_90', '8.7'),
];

/** A module with texmode_independent and declarations from line 4. */
const module = (decls: string): string => `.version 8.0\n.target sm_80, texmode_independent\n.address_size 64\n${decls}\n`;
const decl = (name: string, decls: string, line?: number, code?: string): PtxCase => ({
  name,
  text: module(decls),
  full: true,
  ...(line ? { line } : {}),
  ...(code ? { code } : {}),
});

const handles: PtxCase[] = [
  decl('an array of .samplerref in .local, then a scalar one', '.local\n.samplerref s [ 2 ] [ 2\n] , t = { } ;', 5, 'PTX331'),
  decl('a .local array of handles alone', '.local .texref t[3];', 4, 'PTX331'),
  decl('a .reg array of handles, then a scalar one', '.reg .texref t1[2], t2;', 4, 'PTX331'),
  decl('scalar .samplerref handles in .local', '.local .samplerref s, t = { };', 4, 'PTX336'),
  decl('.global handles, arrays and scalars', '.global .texref t1[2], t2;\n.global .samplerref s = { filter_mode = nearest };'),
];

ptxCaseTable('session 17 review finds', [...redAsync, ...handles]);
