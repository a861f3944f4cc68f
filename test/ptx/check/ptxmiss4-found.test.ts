/**
 * Instruction rules of session 15 (ptxmiss4), each measured with ptxas 13.0 on small cases: min/max
 * `.xorsign.abs` (one optional group, sm_86 and 7.2), atom/red `.v2/.v4/.v8` (sm_90 and 8.1, .global,
 * braced lists of that many), the sink in a braced input, fence's proxy and `.sync_restrict` gates,
 * mbarrier's order and scope (together; `.relaxed` sm_90 and 8.6), tcgen05.mma's `.scale_vec::NX` on
 * the `f` targets, constant expressions by their type (`(1.0)` is 64-bit, `(0f3f800000)` 32-bit),
 * multimem.ld_reduce's `.acc::f32`/`.acc::f16`, mma `.block_scale` fragment sizes. Valid cases and
 * broken ones; with ptxas on PATH every case is re-run through it (test/harness/ptx-case-table.ts).
 */
import { kernelModule, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module for `target` and `version` whose body starts at line 10 (registers %rs, %r, %rd, %f, %fd, %p, vectors %v (.v2 .f32) and %w (.v4 .f32), `.shared` sh, `.surfref` s). */
function M(target: string, version: string, body: string): string {
  const decls = '.reg .b16 %rs<9>; .reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .f32 %f<9>; .reg .f64 %fd<9>; .reg .pred %p<4>;\n.shared .align 16 .b8 sh[1024];\n.reg .v2 .f32 %v; .reg .v4 .f32 %w;';
  return kernelModule({ globals: '.global .surfref s;', entry: '.entry k()', decls }, target, version, body);
}

/** A case on `target`: valid when `line` is undefined, else broken on that line (10: the body's first). */
function C(name: string, target: string, version: string, body: string, line?: number, code?: string): PtxCase {
  return { name, full: true, arch: target, text: M(target, version, body), ...(line === undefined ? {} : { line, code }) };
}

const TC = (w: string) => `tcgen05.mma.cta_group::1.kind::${w} [%r1], %rd1, %rd2, %r2, [%r1], [%r1], %p1;`;
const TCSP = (w: string) => `tcgen05.mma.sp.cta_group::1.kind::${w} [%r1], %rd1, %rd2, [%r3], %r2, [%r1], [%r1], %p1;`;
const MXF4 = 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0';
const MXF8 = 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e5m2.f32.ue8m0';
const MXF4SP = 'mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0';
const D4 = '{%f1, %f2, %f3, %f4}';
const A4 = '{%r1, %r2, %r3, %r4}';
const C4 = '{%f5, %f6, %f7, %f8}';

const cases: PtxCase[] = [
  // 1. min/max .xorsign.abs
  C('min/max .xorsign.abs on sm_86, the three-source .abs on sm_100', 'sm_86', '7.2', 'min.xorsign.abs.f32 %f1, %f2, %f3;\nmax.NaN.xorsign.abs.f16 %rs1, %rs2, %rs3;\nmax.abs.xorsign.bf16x2 %r1, %r2, %r3;'),
  C('min.abs.f32 with three sources on sm_100', 'sm_100', '8.8', 'min.abs.f32 %f1, %f2, %f3, %f4;\nmin.NaN.xorsign.abs.f32 %f1, %f2, %f3;'),
  C('min .abs without .xorsign', 'sm_86', '8.8', 'min.xorsign.abs.f32 %f1, %f2, %f3;\nmin.abs.f32 %f1, %f2, %f3;', 11, 'PTX501'),
  C('min .xorsign without .abs', 'sm_100', '8.8', 'min.xorsign.f32 %f1, %f2, %f3;', 10, 'PTX500'),
  C('max .xorsign.abs below sm_86', 'sm_80', '8.8', 'max.NaN.f32 %f1, %f2, %f3;\nmax.xorsign.abs.bf16 %rs1, %rs2, %rs3;', 11, 'PTX509'),
  C('min .abs (three sources) below sm_86', 'sm_80', '8.8', 'min.abs.f32 %f1, %f2, %f3, %f4;', 10, 'PTX509'),
  C('min .xorsign.abs below .version 7.2', 'sm_86', '7.1', 'min.xorsign.abs.f32 %f1, %f2, %f3;', 10, 'PTX508'),
  // 2. atom/red .v2/.v4/.v8
  C('atom/red vectors on sm_90', 'sm_90', '8.1', 'atom.global.add.v2.f32 {%f1, %f2}, [%rd1], {%f3, %f4};\natom.add.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1], %w;\nred.global.add.noftz.v8.bf16 [%rd1], {%rs1, %rs2, %rs1, %rs2, %rs1, %rs2, %rs1, %rs2};\nred.global.add.v2.f32 [%rd1], %v;\natom.global.add.v2.f32 _, [%rd1], %v;\natom.global.add.v2.f32 {%f1, _}, [%rd1], {1.0, %f4};\nred.global.release.gpu.add.noftz.v4.f16x2 [%rd1], {%r1, %r2, %r3, %r4};'),
  C('red vector to .shared', 'sm_90', '8.1', 'red.global.add.v2.f32 [%rd1], {%f3, %f4};\nred.shared::cta.add.v2.f32 [%rd1], {%f3, %f4};', 11, 'PTX500'),
  C('red .v2 with a list of 3', 'sm_90', '8.1', 'red.global.add.v2.f32 [%rd1], {%f3, %f4, %f5};', 10, 'PTX505'),
  C('red .v2 with a scalar', 'sm_90', '8.1', 'red.global.add.v2.f32 [%rd1], %f3;', 10, 'PTX505'),
  C('red .v2 with a constant', 'sm_90', '8.1', 'red.global.add.v2.f32 [%rd1], 1.0;', 10, 'PTX505'),
  C('atom .v2 with a .v4 vector register as its result', 'sm_90', '8.1', 'atom.global.add.v2.f32 %w, [%rd1], %v;', 10, 'PTX505'),
  C('atom vectors below sm_90', 'sm_80', '8.1', 'atom.global.add.v2.f32 {%f1, %f2}, [%rd1], {%f3, %f4};', 10, 'PTX509'),
  C('red vectors below .version 8.1', 'sm_90', '8.0', 'red.global.add.noftz.v2.f16 [%rd1], {%rs3, %rs4};', 10, 'PTX508'),
  // The sink in a braced input
  C('a sink in a braced result list (mov.b64, mov.v2) is taken', 'sm_90', '8.1', 'mov.b64 {%r1, _}, %rd1;\nmov.v2.b32 {%r1, %r2}, {%r3, _};'),
  C('a sink in red\'s braced value', 'sm_90', '8.1', 'red.global.add.v2.f32 [%rd1], {%f1, _};', 10, 'PTX502'),
  C('a sink in mov.b64\'s braced source', 'sm_90', '8.1', 'mov.b64 %rd1, {%r1, _};', 10, 'PTX502'),
  C('a sink in sust\'s coordinates', 'sm_90', '8.1', 'sust.b.2d.b32.trap [s, {%r1, _}], %r2;', 10, 'PTX502'),
  C('a sink in mma\'s C', 'sm_90', '8.1', 'mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3}, {%f1, %f2, %f3, _};', 10, 'PTX502'),
  // 3. fence.proxy
  C('the proxy fences on sm_90 (8.3, 8.6)', 'sm_90', '8.6', 'fence.proxy.tensormap::generic.release.gpu;\nfence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;\nfence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster;\nfence.acquire.sync_restrict::shared::cluster.cluster;\nfence.proxy.async.shared::cta;\nfence.acq_rel.cluster;'),
  C('fence.proxy.tensormap on sm_120', 'sm_120', '8.8', 'fence.proxy.tensormap::generic.release.sys;'),
  C('fence.proxy.tensormap on sm_89', 'sm_89', '9.0', 'fence.proxy.tensormap::generic.release.gpu;', 10, 'PTX509'),
  C('fence.proxy.tensormap below .version 8.3', 'sm_90', '8.2', 'fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;', 10, 'PTX508'),
  C('fence .sync_restrict below .version 8.6', 'sm_90', '8.5', 'fence.acquire.sync_restrict::shared::cluster.cluster;', 10, 'PTX508'),
  C('fence .cluster below sm_90', 'sm_80', '8.6', 'fence.acq_rel.gpu;\nfence.acq_rel.cluster;', 11, 'PTX509'),
  C('fence.proxy.async below .version 8.0', 'sm_90', '7.8', 'fence.proxy.async;', 10, 'PTX508'),
  // 4. mbarrier orders and scopes
  C('mbarrier orders and scopes on sm_90 at 8.6', 'sm_90', '8.6', 'mbarrier.arrive.relaxed.cta.b64 %rd1, [sh];\nmbarrier.test_wait.acquire.cluster.b64 %p1, [sh], %rd1;\nmbarrier.try_wait.parity.relaxed.cluster.b64 %p1, [sh], %r1;\nmbarrier.arrive_drop.expect_tx.release.cta.b64 %rd1, [sh], 1;\nmbarrier.arrive.b64 %rd1, [sh];'),
  C('mbarrier .release.cta on sm_80 at 8.0', 'sm_80', '8.0', 'mbarrier.arrive.release.cta.b64 %rd1, [sh];\nmbarrier.test_wait.acquire.cta.b64 %p1, [sh], %rd1;'),
  C('mbarrier .relaxed below sm_90', 'sm_80', '8.6', 'mbarrier.arrive.relaxed.cta.b64 %rd1, [sh];', 10, 'PTX509'),
  C('mbarrier .relaxed below .version 8.6', 'sm_90', '8.5', 'mbarrier.test_wait.relaxed.cta.b64 %p1, [sh], %rd1;', 10, 'PTX508'),
  C('mbarrier .cluster below sm_90', 'sm_80', '8.6', 'mbarrier.arrive_drop.release.cluster.b64 %rd1, [sh];', 10, 'PTX509'),
  C('mbarrier .release below .version 8.0', 'sm_80', '7.8', 'mbarrier.arrive.release.cta.b64 %rd1, [sh];', 10, 'PTX508'),
  C('mbarrier: a scope without an order', 'sm_90', '8.6', 'mbarrier.arrive.cta.b64 %rd1, [sh];', 10, 'PTX500'),
  C('mbarrier: an order without a scope', 'sm_90', '8.6', 'mbarrier.complete_tx.relaxed.b64 [sh], 1;', 10, 'PTX500'),
  // 5. tcgen05.mma .scale_vec::NX on the f targets
  C('tcgen05.mma .scale_vec::4X on sm_100a', 'sm_100a', '8.8', TC('mxf4nvf4.block_scale.scale_vec::4X') + '\n' + TCSP('mxf4.block_scale.scale_vec::2X')),
  C('tcgen05.mma on sm_100f: .block16/.block32, .sp with mxf8f6f4', 'sm_100f', '9.0', TC('mxf4nvf4.block_scale.block16') + '\n' + TCSP('mxf8f6f4.block_scale.block32') + '\n' + TC('mxf4.block_scale')),
  C('tcgen05.mma .scale_vec::4X on sm_100f', 'sm_100f', '9.0', TC('mxf4nvf4.block_scale.scale_vec::4X'), 10, 'PTX509'),
  C('tcgen05.mma .scale_vec::1X on sm_103f', 'sm_103f', '9.0', TC('mxf8f6f4.block_scale.scale_vec::1X'), 10, 'PTX509'),
  C('tcgen05.mma.sp .kind::mxf4 on sm_110f', 'sm_110f', '9.0', TCSP('mxf4.block_scale.block32'), 10, 'PTX509'),
  // 6. constant expressions by their type
  C('constant expressions of the right type', 'sm_90', '8.1', 'sust.b.1d.b32.trap [s, {%r1}], (0f3f800000);\nsust.b.1d.b64.trap [s, {%r1}], (1.0);\nsust.b.1d.b32.trap [s, {2*3}], 1+1;\nmov.b32 %r1, +(0f3f800000);\nadd.f32 %f1, %f2, (1.0);\nadd.f32 %f1, %f2, -(0f3f800000);\nmov.b32 %r1, 1.0 > 0.5;\nsust.b.1d.v2.b32.trap [s, {%r1}], {(0f3f800000), 0f3f800000};'),
  C('sust.b.b32: a parenthesized decimal constant', 'sm_90', '8.1', 'sust.b.1d.b32.trap [s, {%r1}], (1.0);', 10, 'PTX504'),
  C('sust.b.b64: a parenthesized 0f constant', 'sm_90', '8.1', 'sust.b.1d.b64.trap [s, {%r1}], (0f3f800000);', 10, 'PTX504'),
  C('sust: a floating-point coordinate expression', 'sm_90', '8.1', 'sust.b.1d.b32.trap [s, {(1.0)}], %r1;', 10, 'PTX504'),
  C('sured: a floating-point expression', 'sm_90', '8.1', 'sured.b.add.1d.u32.trap [s, {%r1}], (1.0);', 10, 'PTX504'),
  C('mov.b32 of a sum of decimals', 'sm_90', '8.1', 'mov.b32 %r1, 1.0+1.0;', 10, 'PTX504'),
  C('add.f32 of an integer expression', 'sm_90', '8.1', 'add.f32 %f1, %f2, 1+1;', 10, 'PTX504'),
  C('st.b64 of a parenthesized 0f constant', 'sm_90', '8.1', 'st.global.b64 [%rd1], (0f3f800000);', 10, 'PTX504'),
  C('a braced list of a float and an integer expression', 'sm_90', '8.1', 'sust.b.1d.v2.b32.trap [s, {%r1}], {(0f3f800000), 1+2};', 10, 'PTX503'),
  // 7. multimem.ld_reduce .acc::f32/.acc::f16
  C('multimem.ld_reduce accumulator precisions', 'sm_100a', '8.8', 'multimem.ld_reduce.global.add.acc::f32.f16x2 %r1, [%rd1];\nmultimem.ld_reduce.global.add.acc::f32.v2.bf16 {%rs1, %rs2}, [%rd1];\nmultimem.ld_reduce.global.add.acc::f16.e4m3x4 %r1, [%rd1];\nmultimem.red.global.add.acc::f32.f16x2 [%rd1], %r1;\nmultimem.st.global.e4m3x4 [%rd1], %r1;'),
  C('multimem.ld_reduce .acc::f32 with .f32', 'sm_100a', '8.8', 'multimem.ld_reduce.global.add.acc::f32.f32 %f1, [%rd1];', 10, 'PTX500'),
  C('multimem.ld_reduce .acc::f32 with .min', 'sm_100a', '8.8', 'multimem.ld_reduce.global.min.acc::f32.f16x2 %r1, [%rd1];', 10, 'PTX500'),
  C('multimem.ld_reduce .acc::f16 with .f16x2', 'sm_100a', '8.8', 'multimem.ld_reduce.global.add.acc::f16.f16x2 %r1, [%rd1];', 10, 'PTX500'),
  C('multimem.ld_reduce .acc::f32 below .version 8.2', 'sm_90', '8.1', 'multimem.ld_reduce.global.add.acc::f32.f16x2 %r1, [%rd1];', 10, 'PTX508'),
  C('multimem 8-bit float types on sm_90a', 'sm_90a', '9.0', 'multimem.st.global.e4m3x4 [%rd1], %r1;', 10, 'PTX509'),
  // 8. mma .block_scale fragment sizes
  C('mma .block_scale fragments', 'sm_120a', '8.8', `${MXF4} ${D4}, ${A4}, {%r5, %r6}, ${C4}, %r7, {0, 0}, %r8, {0, 0};\n${MXF8} ${D4}, ${A4}, {%r5, %r6}, ${C4}, {%r7}, {0, 0}, %r8, {%rs1, %rs2};\n${MXF4SP} ${D4}, ${A4}, {%r5, %r6, %r7, %r8}, ${C4}, %r1, 0, %r7, {0, 0}, %r8, {0, 0};`),
  C('mma .block_scale: D of 3', 'sm_120a', '8.8', `${MXF4} {%f1, %f2, %f3}, ${A4}, {%r5, %r6}, ${C4}, %r7, {0, 0}, %r8, {0, 0};`, 10, 'PTX505'),
  C('mma .kind::mxf8f6f4 .block_scale: B of 3', 'sm_120a', '8.8', `${MXF8} ${D4}, ${A4}, {%r5, %r6, %r1}, ${C4}, %r7, {0, 0}, %r8, {0, 0};`, 10, 'PTX505'),
  C('mma .block_scale: a {byte-id, thread-id} of one', 'sm_120a', '8.8', `${MXF4} ${D4}, ${A4}, {%r5, %r6}, ${C4}, %r7, {0}, %r8, {0, 0};`, 10, 'PTX505'),
  C('mma.sp .block_scale: A of 2', 'sm_120a', '8.8', `${MXF4SP} ${D4}, {%r1, %r2}, {%r5, %r6, %r7, %r8}, ${C4}, %r1, 0, %r7, {0, 0}, %r8, {0, 0};`, 10, 'PTX505'),
  C('mma.sp .block_scale: the second {byte-id, thread-id} of one', 'sm_120a', '8.8', `${MXF4SP} ${D4}, ${A4}, {%r5, %r6, %r7, %r8}, ${C4}, %r1, 0, %r7, {0, 0}, %r8, {0};`, 10, 'PTX505'),
  // Fresh mutation seed 1682: ldmatrix/stmatrix shapes and types are paired
  C('ldmatrix .m8n8 .b16, .m16n16 .trans .b8; stmatrix .m16n8 .trans .b8', 'sm_100a', '8.8', 'ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r1, %r2, %r3, %r4}, [%rd1];\nldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 {%r1, %r2, %r3, %r4}, [%rd1];\nstmatrix.sync.aligned.m8n8.x2.b16 [%rd1], {%r1, %r2};\nstmatrix.sync.aligned.m16n8.x1.trans.shared::cta.b8 [%rd1], {%r1};'),
  C('ldmatrix .m8n8 with .b8 (fresh mutation seed 1682)', 'sm_100a', '8.8', 'ldmatrix.sync.aligned.m8n8.x4.shared.b8 {%r1, %r2, %r3, %r4}, [%rd1];', 10, 'PTX500'),
  C('stmatrix .m16n8 without .trans', 'sm_100a', '8.8', 'stmatrix.sync.aligned.m16n8.x1.shared.b8 [%rd1], {%r1};', 10, 'PTX500'),
  C('stmatrix .m16n8 with .b16', 'sm_100a', '8.8', 'stmatrix.sync.aligned.m16n8.x1.trans.shared.b16 [%rd1], {%r1};', 10, 'PTX500'),
];

ptxCaseTable('PTX instruction rules of session 15 (ptxmiss4)', cases);
