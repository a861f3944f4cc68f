/**
 * Version and target floors of instruction words that real code rarely uses, found in session 23 by
 * judging the valid-forms lines (the syntax reference's forms, lines ptxas takes at sm_80 to sm_120a)
 * again at older targets (sm_20 to sm_89) and older `.version`s: `scripts/harvest-ptx-gates.mjs` now
 * measures those lines beside the corpus. Each floor beside the line at the floor itself, and valid
 * lines an inference from family messages (tried and taken out) once refused: `.cs` with
 * `ld.global.nc` on sm_70 and sm_60, `mbarrier.test_wait.parity` on sm_80. With ptxas on PATH the table is re-run through it (skipped,
 * with the reason printed, without).
 */
import { kernelCases, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel with one instruction (no .b128 or .f16x2 registers: sm_70 and sm_53 types). */
const shape = {
  target: 'sm_80',
  version: '9.0',
  globals: '.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];\n.global .surfref surf0;',
  decls: '.reg .pred %p<9>; .reg .b16 %h<9>; .reg .b32 %r<16>; .reg .b64 %rd<9>; .reg .f32 %f<9>;\n.reg .u32 %u<9>; .reg .s32 %s<9>; .reg .f16 %hf<9>;',
};
const { ok, bad } = kernelCases(shape);
/** The same with .b128 registers (sm_70 and .version 8.3 on). */
const wide = kernelCases({ ...shape, decls: `${shape.decls}\n.reg .b128 %q<9>;` });

const targets: PtxCase[] = [
  bad('add.u16x2 %r1, %r2, %r3;', 'PTX509', 'sm_89'),
  ok('add.u16x2 %r1, %r2, %r3;', 'sm_90'),
  bad('max.relu.s32 %r1, %r2, %r3;', 'PTX509', 'sm_86'),
  ok('max.relu.s32 %r1, %r2, %r3;', 'sm_90'),
  bad('min.relu.s32 %r1, %r2, 7;', 'PTX509', 'sm_75'),
  bad('atom.acq_rel.cluster.add.noftz.f16x2 %r1, [gbuf+16], %r3;', 'PTX509', 'sm_86'),
  ok('atom.acq_rel.cluster.add.noftz.f16x2 %r1, [gbuf+16], %r3;', 'sm_90'),
  ok('atom.cas.b16 %h1, [%rd1+8], %h3, %h4;', 'sm_70'),
  ok('mbarrier.arrive.noComplete.b64 %rd1, [%rd1+8], 128;', 'sm_80'),
  bad('szext.clamp.s32 %r1, %r2, %r3;', 'PTX509', 'sm_60'),
  ok('szext.clamp.s32 %r1, %r2, %r3;', 'sm_70'),
  bad('cvta.param::entry.u64 %rd1, %rd2;', 'PTX509', 'sm_60'),
  ok('cvta.param::entry.u64 %rd1, %rd2;', 'sm_70'),
  ok('wmma.load.a.sync.aligned.col.m16n16k16.shared.s8 {%r0, %r1}, [%rd1];', 'sm_72'),
  bad('vset2.u32.s32.lt %u1.h0, %s2, %s3, %s4;', 'PTX509', 'sm_20'),
  ok('vset2.u32.s32.lt %u1.h0, %s2, %s3, %s4;', 'sm_30'),
  // Inferred from too few lines once (all with `.L2::64B`, which needs sm_75): ptxas takes it on sm_70.
  wide.ok('ld.global.cs.nc.b128 %q1, [gbuf];', 'sm_70'),
  ok('ld.global.cs.nc.s16 %h1, [gbuf];', 'sm_60'),
  // Inferred once from try_wait's message ('mbarrier.try_wait.parity' needs sm_90): test_wait's .parity is sm_80's.
  ok('mbarrier.test_wait.parity.shared.b64 %p1, [%rd1], %r2;', 'sm_80'),
];

const versions: PtxCase[] = [
  bad('add.s16x2 %r1, %r2, %r3;', 'PTX508', 'sm_90', '7.8'),
  ok('add.s16x2 %r1, %r2, %r3;', 'sm_90', '8.0'),
  bad('ld.mmio.relaxed.sys.b16 %h1, [%rd1+8];', 'PTX508', 'sm_90', '8.0'),
  ok('ld.mmio.relaxed.sys.b16 %h1, [%rd1+8];', 'sm_90', '8.2'),
  bad('max.relu.s32 %r1, %r2, %r3;', 'PTX508', 'sm_90', '7.8'),
  // '::entry' (session 24, fresh valid-forms lines at sm_75/7.0).
  bad('isspacep.param::entry %p1, %rd2;', 'PTX508', 'sm_90', '8.2'),
  ok('isspacep.param::entry %p1, %rd2;', 'sm_90', '8.3'),
  bad('cvta.param::entry.u64 %rd1, %rd2;', 'PTX508', 'sm_90', '8.2'),
  bad('ld.param::entry.u32 %r1, [%rd2];', 'PTX508', 'sm_90', '8.2'),
  ok('ld.param::entry.u32 %r1, [%rd2];', 'sm_90', '8.3'),
  bad('sured.b.max.1d.s64.clamp [surf0, %r1], %rd2;', 'PTX508', 'sm_90', '8.0'),
  ok('sured.b.max.1d.s64.clamp [surf0, %r1], %rd2;', 'sm_90', '8.1'),
  ok('sured.b.add.1d.u64.clamp [surf0, %r1], %rd2;', 'sm_90', '8.0'),
  bad('sured.p.max.1d.b64.clamp [surf0, %r1], %rd2;', 'PTX508', 'sm_90', '8.0'),
  ok('sured.p.max.1d.b64.clamp [surf0, %r1], %rd2;', 'sm_90', '8.1'),
  // Lost by the first harvest of valid-forms lines (one refused at .version 1.0 for another reason
  // voided the family's and words' gates), found by the CI's mutation and operand-rule tests.
  bad('mbarrier.init.shared.b64 [%rd1], %r2;', 'PTX508', 'sm_80', '6.5'),
  ok('mbarrier.init.shared.b64 [%rd1], %r2;', 'sm_80', '7.0'),
  // The family's floor by hand (the harvest reads ptxas's 'mbarrier.arrive' as opcode and word).
  bad('mbarrier.arrive.shared.b64 %rd1, [%rd2];', 'PTX508', 'sm_80', '6.5'),
  bad('mbarrier.arrive.noComplete.b64 %rd1, [%rd2], %r3;', 'PTX509', 'sm_75', '7.0'),
  ok('mbarrier.arrive.noComplete.b64 %rd1, [%rd2], %r3;', 'sm_80', '7.0'),
  bad('mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4, %r5, %r6}, {%r7, %r8}, {%r9, %r10};', 'PTX508', 'sm_80', '6.5'),
  ok('mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4, %r5, %r6}, {%r7, %r8}, {%r9, %r10};', 'sm_80', '7.0'),
  ok('mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4}, {%r7}, {%r9, %r10};', 'sm_75', '6.5'),
  bad('mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4}, {%r7}, {%r9, %r10};', 'PTX508', 'sm_75', '6.4'),
];

ptxCaseTable('PTX target floors of rare words (session 23, valid-forms lines at older targets)', targets);
ptxCaseTable('PTX version floors of rare words (session 23, valid-forms lines at older .versions)', versions);
