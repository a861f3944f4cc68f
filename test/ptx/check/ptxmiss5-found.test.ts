/**
 * Instruction rules of session 15's second round (ptxmiss5), each measured with ptxas 13.0 on small
 * cases: the registers multimem's value takes (ld_reduce's result, st's and red's value; alone and
 * in braced lists), shfl.sync's operands (32-bit; the member mask an integer). Valid cases and broken ones; with ptxas on PATH every case is re-run through it
 * (test/harness/ptx-case-table.ts).
 */
import { kernelModule, ptxCaseTable, TYPED_REGISTERS, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module for `target` and `version` whose body starts at line 9 (registers %h (.f16), %rs (.b16), %us (.u16), %r (.b32), %u (.u32), %s (.s32), %rd (.b64), %ud (.u64), %f (.f32), %fd (.f64), %x (.f16x2), %p (.pred)). */
function M(target: string, version: string, body: string): string {
  return kernelModule({ entry: '.entry k()', decls: `${TYPED_REGISTERS}\n.reg .s64 %sd<9>;` }, target, version, body);
}

/** A case on `target`: valid when `line` is undefined, else broken on that line (9: the body's first). */
function C(name: string, target: string, version: string, body: string, line?: number, code?: string): PtxCase {
  return { name, full: true, arch: target, text: M(target, version, body), ...(line === undefined ? {} : { line, code }) };
}

const MM = (body: string, line?: number) => C(body.split('\n').pop()!, 'sm_100a', '8.8', body, line, line === undefined ? undefined : 'PTX503');

const cases: PtxCase[] = [
  // 1. multimem's value registers
  C('multimem values of every register type taken', 'sm_100a', '8.8', [
    'multimem.st.global.b32 [%rd1], %f1;', 'multimem.st.global.b32 [%rd1], %x1;', 'multimem.st.global.b64 [%rd1], %fd1;',
    'multimem.st.global.u32 [%rd1], %s1;', 'multimem.st.global.s32 [%rd1], %x1;', 'multimem.st.global.u64 [%rd1], %sd1;',
    'multimem.st.global.f32 [%rd1], %r1;', 'multimem.st.global.f64 [%rd1], %rd1;', 'multimem.st.global.f16x2 [%rd1], %r1;',
    'multimem.st.global.bf16x2 [%rd1], %f1;', 'multimem.st.global.e4m3x4 [%rd1], %x1;', 'multimem.st.global.v2.f16 [%rd1], {%us1, %us2};',
    'multimem.st.global.v2.f32 [%rd1], {%u1, %u2};', 'multimem.st.global.f32 [%rd1], {%s1};', 'multimem.st.global.v2.bf16x2 [%rd1], {%f1, %f2};',
    'multimem.ld_reduce.global.add.f32 %r1, [%rd1];', 'multimem.ld_reduce.global.add.bf16x2 %p1, [%rd1];', 'multimem.ld_reduce.global.min.v2.e5m2x4 {%p1, %p2}, [%rd1];',
    'multimem.ld_reduce.global.add.v4.bf16 {%h1, %h2, %rs1, %h3}, [%rd1];', 'multimem.ld_reduce.global.and.b32 %f1, [%rd1];',
    'multimem.red.global.add.f16x2 [%rd1], %x1;', 'multimem.red.global.add.v8.f16 [%rd1], {%us1, %us2, %us1, %us2, %us1, %us2, %us1, %us2};', 'multimem.red.global.add.v4.bf16 [%rd1], {%rs1, %rs2, %h1, %rs3};',
    'multimem.red.global.add.v2.bf16 [%rd1], {%rs1, %rs2};', 'multimem.red.global.add.bf16x2 [%rd1], %r1;', 'multimem.red.global.add.u32 [%rd1], %x1;',
  ].join('\n')),
  MM('multimem.st.global.f32 [%rd1], %rd1;', 9),
  MM('multimem.st.global.f32 [%rd1], %s1;', 9),
  MM('multimem.st.global.f32 [%rd1], %f1;\nmultimem.st.global.f32 [%rd1], %x1;', 10),
  MM('multimem.st.global.u32 [%rd1], %f1;', 9),
  MM('multimem.st.global.b64 [%rd1], %r1;', 9),
  MM('multimem.st.global.f16x2 [%rd1], %u1;', 9),
  MM('multimem.st.global.bf16x2 [%rd1], %p1;', 9),
  MM('multimem.st.global.v2.f32 [%rd1], {%x1, %x2};', 9),
  MM('multimem.st.global.v2.f16 [%rd1], {%h1, %r1};', 9),
  MM('multimem.st.global.v2.f16x2 [%rd1], {%f1, %f2};', 9),
  MM('multimem.ld_reduce.global.add.f32 %s1, [%rd1];', 9),
  MM('multimem.ld_reduce.global.add.u64 %fd1, [%rd1];', 9),
  MM('multimem.ld_reduce.global.add.f16x2 %p1, [%rd1];', 9),
  MM('multimem.ld_reduce.global.add.v2.f16 {%h1, %f1}, [%rd1];', 9),
  MM('multimem.red.global.add.bf16x2 [%rd1], %u1;', 9),
  MM('multimem.red.global.add.v4.bf16 [%rd1], {%h1, %h2, %h3, %h4};', 9),
  MM('multimem.red.global.add.f64 [%rd1], %sd1;', 9),
  MM('multimem.red.global.and.b32 [%rd1], %rd1;', 9),
  // 2. shfl.sync's operands
  C('shfl.sync with 32-bit registers of every kind, integer and 0f constants', 'sm_90', '8.8', [
    'shfl.sync.idx.b32 %r1, %f1, %u1, %s1, %r2;', 'shfl.sync.bfly.b32 %r1|%p1, %x1, %f2, %x2, %u1;', 'shfl.sync.up.b32 %f1, %r1, 0f3f800000, 0x1f, -1;',
    'shfl.sync.down.b32 %x1|%p1, %s1, 1+1, (31), 0xffffffff;', 'shfl.sync.idx.b32 %u1, %r1, 1, 31, %s2;',
  ].join('\n')),
  C('shfl.sync: a 64-bit lane', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, %rd1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a 16-bit lane', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, %h1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a predicate clamp', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, %p1, -1;', 9, 'PTX503'),
  C('shfl.sync: a 64-bit clamp', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, %ud1, -1;', 9, 'PTX503'),
  C('shfl.sync: a decimal constant lane', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1.0, 31, -1;', 9, 'PTX504'),
  C('shfl.sync: a 0d constant clamp', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, 0d3ff0000000000000, -1;', 9, 'PTX504'),
  C('shfl.sync: a .f32 member mask', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, 31, %f1;', 9, 'PTX503'),
  C('shfl.sync: a .f16x2 member mask', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, 31, %x1;', 9, 'PTX503'),
  C('shfl.sync: a 0f member mask', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, 31, 0f3f800000;', 9, 'PTX504'),
  C('shfl.sync: a 16-bit member mask', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %r2, 1, 31, %us1;', 9, 'PTX503'),
  C('shfl.sync: a 64-bit value', 'sm_90', '8.8', 'shfl.sync.idx.b32 %r1, %fd1, 1, 31, -1;', 9, 'PTX503'),
  C('shfl.sync: a 16-bit result', 'sm_90', '8.8', 'shfl.sync.idx.b32 %rs1, %r1, 1, 31, -1;', 9, 'PTX503'),
  // shfl without .sync: the same operands (ptxas run with -arch=sm_75: it takes no older target)
  { ...C('shfl without .sync: 32-bit operands, 0f constants', 'sm_60', '6.0', 'shfl.idx.b32 %r1|%p1, %f1, 1, %x1;\nshfl.up.b32 %f1, %r2, 0f3f800000, 31;'), arch: 'sm_75' },
  { ...C('shfl without .sync: a 64-bit clamp at .version 6.0', 'sm_60', '6.0', 'shfl.idx.b32 %r1, %r2, 1, %rd1;', 9, 'PTX503'), arch: 'sm_75' },
  { ...C('shfl without .sync: a 16-bit lane at .version 4.2', 'sm_53', '4.2', 'shfl.bfly.b32 %r1, %r2, %rs1, 31;', 9, 'PTX503'), arch: 'sm_75' },
  { ...C('shfl without .sync: a decimal constant clamp', 'sm_60', '6.3', 'shfl.down.b32 %r1, %r2, 1, 31.0;', 9, 'PTX504'), arch: 'sm_75' },
];

ptxCaseTable('PTX instruction rules of session 15, second round (ptxmiss5)', cases);
