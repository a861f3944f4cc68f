/**
 * Misses of the valid-forms sweep (session 21's lines, /work/ptxmiss12-data) closed by helper ptxtensor
 * in session 23, each rule measured with ptxas 13.0 beside valid lines: the bulk tensor copies'
 * operands by their words (the load mode's dimensions, the coordinates braced and counted by dimension
 * or by .tile::gather4/.tile::scatter4, the im2col offsets by mode, the ctaMask with .multicast::cluster,
 * the cache policy with .L2::cache_hint, nothing else; `.im2col::w`'s targets; cp.reduce.async.bulk.tensor's
 * `.tile::scatter4`, a false error found on the way); tcgen05.ld/st's registers always braced and
 * at most 128; tcgen05.commit's ctaMask with .multicast::cluster only. With ptxas on PATH the table is
 * re-run through it (skipped, with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const { ok, bad } = kernelCases({
  target: 'sm_100a',
  version: '9.0',
  globals: '.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];',
  decls: '.reg .b16 %h<9>; .reg .b32 %r<200>; .reg .b64 %rd<9>; .reg .s64 %sd<9>; .reg .f64 %fd<9>;',
});

const MB = '.mbarrier::complete_tx::bytes';
const C2 = '{%r0, %r1}';
const C3 = '{%r0, %r1, %r2}';
const C5 = '{%r0, %r1, %r2, %r3, %r4}';

const tensor: PtxCase[] = [
  // Each load mode with the dimensions it takes; no load mode is .tile.
  ok(`cp.async.bulk.tensor.1d.shared::cta.global${MB} [sbuf], [gbuf, {%r0}], [%rd1];`),
  ok(`cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4${MB} [sbuf], [gbuf, ${C5}], [%rd1];`),
  ok(`cp.async.bulk.tensor.3d.shared::cta.global.im2col${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0};`, 'sm_90a'),
  ok(`cp.async.bulk.tensor.5d.shared::cta.global.im2col${MB} [sbuf], [gbuf, ${C5}], [%rd1], {%h0, %h1, %h2};`),
  ok(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1};`),
  ok(`cp.async.bulk.tensor.5d.shared::cta.global.im2col::w::128${MB} [sbuf], [gbuf, ${C5}], [%rd1], {%h0, %h1};`),
  ok(`cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [gbuf, ${C5}], [sbuf];`),
  ok(`cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [gbuf, ${C3}], [sbuf];`, 'sm_90a'),
  ok(`cp.async.bulk.prefetch.tensor.4d.L2.global.im2col::w [gbuf, {%r0, %r1, %r2, %r3}], {%h0, %h1};`),
  ok('cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [gbuf, {%r0}], [sbuf];'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.tile::gather4${MB} [sbuf], [gbuf, ${C5}], [%rd1];`, 'PTX500'),
  bad(`cp.async.bulk.tensor.2d.shared::cta.global.im2col${MB} [sbuf], [gbuf, ${C2}], [%rd1];`, 'PTX500'),
  bad(`cp.async.bulk.tensor.2d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C2}], [%rd1], {%h0, %h1};`, 'PTX500'),
  bad('cp.async.bulk.tensor.1d.global.shared::cta.tile::scatter4.bulk_group [gbuf, {%r0}], [sbuf];', 'PTX500'),
  bad('cp.async.bulk.tensor.2d.global.shared::cta.im2col_no_offs.bulk_group [gbuf, {%r0, %r1}], [sbuf];', 'PTX500'),
  bad(`cp.async.bulk.prefetch.tensor.5d.L2.global.tile::gather4 [gbuf, ${C5}];`, 'PTX500'),
  // The coordinates: braced, even one; .tile::gather4 and .tile::scatter4 take five.
  bad(`cp.async.bulk.tensor.1d.shared::cta.global${MB} [sbuf], [gbuf, %r0], [%rd1];`, 'PTX502'),
  bad('cp.async.bulk.prefetch.tensor.1d.L2.global [gbuf, %r0];', 'PTX502'),
  bad('cp.reduce.async.bulk.tensor.1d.global.shared::cta.min.bulk_group [gbuf, %r0], [sbuf];', 'PTX502'),
  bad(`cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4${MB} [sbuf], [gbuf, ${C2}], [%rd1];`, 'PTX505'),
  bad('cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [gbuf, {%r0, %r1, %r2, %r3}], [sbuf];', 'PTX505'),
  // The im2col offsets: a braced list, the dimension less two for .im2col, two for .im2col::w; none for the others.
  ok(`cp.async.bulk.prefetch.tensor.3d.L2.global.im2col::w::128.L2::cache_hint [gbuf, ${C3}], {%h0, %h1}, %rd5;`),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0};`, 'PTX505'),
  bad(`cp.async.bulk.tensor.5d.shared::cta.global.im2col::w::128${MB} [sbuf], [gbuf, ${C5}], [%rd1], {%h0, %h1, %h2};`, 'PTX505'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1];`, 'PTX501'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.im2col${MB} [sbuf], [gbuf, ${C3}], [%rd1], %h0;`, 'PTX502'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0};`, 'PTX501'),
  bad(`cp.async.bulk.tensor.5d.shared::cta.global.tile.cta_group::2${MB} [sbuf], [gbuf, ${C5}], [%rd1], {%h0, %h1, %h2};`, 'PTX501'),
  bad(`cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [gbuf, {%r0, %r1, %r2, %r3}], 0x10;`, 'PTX502'),
  bad('cp.async.bulk.prefetch.tensor.3d.L2.global.tile [gbuf, {%r0, %r1, %r2}], {%h0};', 'PTX501'),
  // The cache policy with .L2::cache_hint, the ctaMask with .multicast::cluster, neither braced nor without its word.
  ok(`cp.async.bulk.tensor.2d.shared::cluster.global.tile${MB}.L2::cache_hint [sbuf], [gbuf, ${C2}], [%rd1], 7;`),
  ok(`cp.async.bulk.tensor.2d.shared::cluster.global${MB}.multicast::cluster.L2::cache_hint [sbuf], [gbuf, ${C2}], [%rd1], %h0, %rd5;`),
  ok(`cp.async.bulk.tensor.3d.shared::cluster.global.im2col${MB}.multicast::cluster.L2::cache_hint [sbuf], [gbuf, ${C3}], [%rd1], {%h0}, 7, 1;`),
  ok('cp.async.bulk.tensor.2d.global.shared::cta.bulk_group.L2::cache_hint [gbuf, {%r0, %r1}], [sbuf], %rd5;'),
  bad(`cp.async.bulk.tensor.2d.shared::cta.global${MB} [sbuf], [gbuf, ${C2}], [%rd1], %rd5;`, 'PTX501'),
  bad(`cp.async.bulk.tensor.3d.shared::cluster.global${MB}.multicast::cluster.L2::cache_hint [sbuf], [gbuf, ${C3}], [%rd1], %h0;`, 'PTX501'),
  bad(`cp.async.bulk.tensor.5d.shared::cluster.global${MB}.multicast::cluster [sbuf], [gbuf, ${C5}], [%rd1], {%h0, %h1, %h2};`, 'PTX502'),
  bad(`cp.async.bulk.tensor.2d.shared::cluster.global.tile${MB}.multicast::cluster.L2::cache_hint [sbuf], [gbuf, ${C2}], [%rd1], {%h0};`, 'PTX501'),
  bad('cp.async.bulk.prefetch.tensor.2d.L2.global.L2::cache_hint [gbuf, {%r0, %r1}], {%rd5};', 'PTX502'),
  bad('cp.async.bulk.prefetch.tensor.2d.L2.global [gbuf, {%r0, %r1}], %rd5;', 'PTX501'),
  bad('cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint [gbuf, {%r0, %r1}], [sbuf], %rd5, %rd5;', 'PTX501'),
  // A 64-bit register where the ctaMask goes after any im2col mode's offsets, without the hint: taken.
  ok(`cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w${MB}.multicast::cluster [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1}, %rd5;`),
  ok(`cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w::128${MB}.multicast::cluster [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1}, %sd1;`),
  // `.im2col::w` and `.im2col::w::128` by target: to .shared::cta from sm_100 on, else gather4's a/f targets.
  ok(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1};`, 'sm_120a'),
  ok(`cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1};`, 'sm_110f'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1};`, 'PTX509', 'sm_90a'),
  bad(`cp.async.bulk.tensor.4d.shared::cluster.global.im2col::w${MB} [sbuf], [gbuf, {%r0, %r1, %r2, %r3}], [%rd1], {%h0, %h1};`, 'PTX509', 'sm_120a'),
  bad(`cp.async.bulk.tensor.3d.shared::cta.global.im2col::w::128${MB} [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1};`, 'PTX509', 'sm_100'),
  bad('cp.async.bulk.prefetch.tensor.4d.L2.global.im2col::w [gbuf, {%r0, %r1, %r2, %r3}], {%h0, %h1};', 'PTX509', 'sm_90a'),
  bad('cp.async.bulk.prefetch.tensor.4d.L2.global.im2col::w::128 [gbuf, {%r0, %r1, %r2, %r3}], {%h0, %h1};', 'PTX509', 'sm_120a'),
  bad('cp.async.bulk.prefetch.tensor.3d.L2.global.im2col::w [gbuf, {%r0, %r1, %r2}], {%h0, %h1};', 'PTX508', 'sm_100a', '8.5'),
  // cp.reduce.async.bulk.tensor takes `.tile::scatter4` (not `.tile::gather4`) where cp.async.bulk.tensor does.
  ok(`cp.reduce.async.bulk.tensor.2d.global.shared::cta.xor.tile::scatter4.bulk_group [gbuf, ${C5}], [sbuf];`),
  ok(`cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile::scatter4.bulk_group.L2::cache_hint [gbuf, ${C5}], [sbuf], %rd5;`, 'sm_110f'),
  bad(`cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile::scatter4.bulk_group [gbuf, ${C5}], [sbuf];`, 'PTX509', 'sm_120a'),
  bad(`cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile::scatter4.bulk_group [gbuf, ${C5}], [sbuf];`, 'PTX500'),
  bad(`cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile::gather4.bulk_group [gbuf, ${C5}], [sbuf];`, 'PTX500'),
  // The 64-bit register after the offsets is an integer or bit-size one.
  bad(`cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w${MB}.multicast::cluster [sbuf], [gbuf, ${C3}], [%rd1], {%h0, %h1}, %fd1;`, 'PTX503'),
];

const list = (n: number): string => `{${Array.from({ length: n }, (_, i) => `%r${i % 200}`).join(', ')}}`;

const tcgen05: PtxCase[] = [
  // The registers braced, even one; shape times .num at most 128.
  ok(`tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r0}, [%r1];`),
  ok(`tcgen05.st.sync.aligned.16x32bx2.x1.b32 [%r1], 64, {%r0};`),
  ok(`tcgen05.ld.sync.aligned.16x128b.x64.b32 ${list(128)}, [%r1];`),
  ok(`tcgen05.st.sync.aligned.16x256b.x32.b32 [%r1], ${list(128)};`),
  ok(`tcgen05.ld.sync.aligned.32x32b.x128.pack::16b.b32 ${list(128)}, [%r1];`),
  bad('tcgen05.ld.sync.aligned.32x32b.x1.b32 %r0, [%r1];', 'PTX502'),
  bad('tcgen05.ld.sync.aligned.16x32bx2.x1.pack::16b.b32 %r0, [%r1], 32;', 'PTX502'),
  bad('tcgen05.st.sync.aligned.16x64b.x1.unpack::16b.b32 [%r1], %r0;', 'PTX502'),
  bad('tcgen05.st.sync.aligned.16x32bx2.x1.b32 [%r1], 64, %r0;', 'PTX502'),
  bad(`tcgen05.ld.sync.aligned.16x128b.x128.b32 ${list(256)}, [%r1];`, 'PTX505'),
  bad(`tcgen05.st.sync.aligned.16x256b.x64.unpack::16b.b32 [%r1], ${list(256)};`, 'PTX505'),
  bad(`tcgen05.ld.sync.aligned.16x256b.x128.pack::16b.b32 ${list(512)}, [%r1];`, 'PTX505'),
  // tcgen05.commit's ctaMask with .multicast::cluster, always and only, one register.
  ok('tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd1];'),
  ok('tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%rd1], %h1;'),
  bad('tcgen05.commit.cta_group::1.mbarrier::arrive::one.multicast::cluster.b64 [%rd1];', 'PTX501'),
  bad('tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r1];', 'PTX501'),
  bad('tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd1], %h1;', 'PTX501'),
  bad('tcgen05.commit.cta_group::1.mbarrier::arrive::one.multicast::cluster.b64 [%rd1], {%h1};', 'PTX502'),
];

ptxCaseTable('PTX valid-forms misses (session 23, ptxtensor): bulk tensor copies operands by their words', tensor);
ptxCaseTable('PTX valid-forms misses (session 23, ptxtensor): tcgen05.ld/st lists, tcgen05.commit ctaMask', tcgen05);
