/**
 * Module-check cases found by checking PTX written by producers other than nvcc and llc (a PTX
 * emitter's golden files, a Python ptxas reimplementation's tests and fuzzer, numba, CUTLASS's
 * inline PTX made into modules) with gpuasm
 * and ptxas 13.0. Each case is minimal and written here; its verdict and line were read from
 * ptxas 13.0 at the case's -arch, and with ptxas on PATH the table is re-run through it.
 */
import { kernelModule, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const D = '{%r9, %r10, %r11, %r12}';
const A = '{%r0, %r1, %r2, %r3}';
const C = '{%r8, %r8, %r8, %r8}';
const SCALES = '%r6, {%rs0, %rs1}, %r7, {%rs0, %rs1}';
/** A whole module at `target` with one mma (`words` after `mma`, operands after it); the instruction is on line 8. */
const mma = (target: string, words: string, operands: string, version = '9.0'): string =>
  kernelModule({ decls: '.reg .b32 %r<32>;\n.reg .b16 %rs<4>;' }, target, version, `mma${words} ${operands};`);
const dense = (kind: string, scale: string, types: string): string => `.sync.aligned.m16n8k64.row.col.kind::${kind}.block_scale${scale}.f32.${types}`;
const denseOps = `${D}, ${A}, {%r4, %r5}, ${C}, ${SCALES}`;
const sparse = (scale: string, stype: string): string => `.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale${scale}.f32.e2m1.e2m1.f32.${stype}`;
const sparseOps = `${D}, ${A}, {%r4, %r5, %r13, %r14}, ${C}, %r15, 0, ${SCALES}`;
const f8f6f4 = (types: string): string => `.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.${types}.f32`;
const f8f6f4Ops = `${D}, ${A}, {%r4, %r5}, ${C}`;

/** A whole sm_90a module with one wgmma.mma_async (`words` after it, `n` result registers, the other operands); the instruction is on line 9. */
const wgmma = (words: string, n: number, rest: string): string =>
  kernelModule({ decls: '.reg .b32 %r<201>;\n.reg .b64 %rd<3>;\n.reg .pred %p<2>;' }, 'sm_90a', '8.7', `wgmma.mma_async${words} {${Array.from({ length: n }, (_, i) => `%r${i}`).join(', ')}}, ${rest};`);

/** A whole module at `target` (.version 9.0) with registers of each kind; the instruction is on line 7. */
const one = (target: string, ins: string): string =>
  kernelModule({ decls: '.reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .f32 %f<4>; .reg .b16 %h<4>; .reg .b8 %b<4>;' }, target, '9.0', ins);
/** An instruction, targets ptxas 13.0 takes it on, targets where it is "not supported" (measured). */
const ARCH: [string, string, string[], string[]][] = [
  ['wgmma.fence', 'wgmma.fence.sync.aligned;', ['sm_90a'], ['sm_90', 'sm_100a', 'sm_120a']],
  ['wgmma.wait_group', 'wgmma.wait_group.sync.aligned 0;', ['sm_90a'], ['sm_90', 'sm_100f']],
  ['setmaxnreg', 'setmaxnreg.inc.sync.aligned.u32 64;', ['sm_90a', 'sm_100f', 'sm_110a', 'sm_121a'], ['sm_90', 'sm_100', 'sm_120']],
  ['tcgen05.commit', 'tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd1];', ['sm_100a', 'sm_103a', 'sm_110f'], ['sm_90a', 'sm_100', 'sm_120a']],
  ['tcgen05.ld', 'tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r2];', ['sm_100f', 'sm_110a'], ['sm_90a', 'sm_121a']],
  ['tcgen05.shift', 'tcgen05.shift.cta_group::1.down [%r2];', ['sm_100a', 'sm_103a', 'sm_110a'], ['sm_100f', 'sm_110f', 'sm_120a']],
  ['redux.f32', 'redux.sync.max.NaN.f32 %f1, %f2, 0xffffffff;', ['sm_100a', 'sm_103a'], ['sm_90a', 'sm_110a', 'sm_120a']],
  ['cvt .ue8m0x2', 'cvt.rp.satfinite.ue8m0x2.f32 %h1, %f1, %f2;', ['sm_100a', 'sm_110f', 'sm_120a'], ['sm_90a', 'sm_100', 'sm_120']],
  ['cvt .e2m1x2', 'cvt.rn.satfinite.e2m1x2.f32 %b1, %f1, %f2;', ['sm_103a', 'sm_121a'], ['sm_90a', 'sm_120']],
  ['cvt from .e2m1x2', 'cvt.rn.f16x2.e2m1x2 %r1, %b1;', ['sm_100f'], ['sm_90a']],
];

const cases: PtxCase[] = [
  // `.kind::mxf4nvf4` pairs `.scale_vec::2X` with `.ue8m0` and `.scale_vec::4X` with `.ue4m3`:
  // "Illegal modifier '.scale_vec::4X' for instruction 'mma' with type '.ue8m0'".
  { name: 'mxf4nvf4 2X ue8m0', text: mma('sm_120a', dense('mxf4nvf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_120a' },
  { name: 'mxf4nvf4 4X ue4m3', text: mma('sm_120a', dense('mxf4nvf4', '.scale_vec::4X', 'e2m1.e2m1.f32.ue4m3'), denseOps), full: true, arch: 'sm_120a' },
  { name: 'mxf4nvf4 4X ue8m0', text: mma('sm_120a', dense('mxf4nvf4', '.scale_vec::4X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  { name: 'mxf4nvf4 2X ue4m3', text: mma('sm_120a', dense('mxf4nvf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue4m3'), denseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  { name: 'mxf4nvf4 without a scale_vec', text: mma('sm_120a', dense('mxf4nvf4', '', 'e2m1.e2m1.f32.ue4m3'), denseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  { name: 'mxf4 2X ue8m0 on sm_121a', text: mma('sm_121a', dense('mxf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_121a' },
  { name: 'mxf4 4X ue4m3', text: mma('sm_120a', dense('mxf4', '.scale_vec::4X', 'e2m1.e2m1.f32.ue4m3'), denseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  { name: 'sparse mxf4nvf4 4X ue4m3', text: mma('sm_120a', sparse('.scale_vec::4X', 'ue4m3'), sparseOps), full: true, arch: 'sm_120a' },
  { name: 'sparse mxf4nvf4 2X ue8m0', text: mma('sm_120a', sparse('.scale_vec::2X', 'ue8m0'), sparseOps), full: true, arch: 'sm_120a' },
  { name: 'sparse mxf4nvf4 4X ue8m0', text: mma('sm_120a', sparse('.scale_vec::4X', 'ue8m0'), sparseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  { name: 'sparse mxf4nvf4 2X ue4m3', text: mma('sm_120a', sparse('.scale_vec::2X', 'ue4m3'), sparseOps), full: true, arch: 'sm_120a', line: 8, code: 'PTX500' },
  // "Instruction 'mma with block scale' not supported on .target 'sm_90'": sm_120a/f, sm_121a/f only.
  { name: 'block-scale mma on sm_120f', text: mma('sm_120f', dense('mxf4nvf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_120f' },
  { name: 'block-scale mma on sm_90', text: mma('sm_90', dense('mxf4nvf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_90', line: 8, code: 'PTX509' },
  { name: 'block-scale mma on sm_100a', text: mma('sm_100a', dense('mxf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_100a', line: 8, code: 'PTX509' },
  { name: 'block-scale mma on sm_120', text: mma('sm_120', dense('mxf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps), full: true, arch: 'sm_120', line: 8, code: 'PTX509' },
  { name: 'sparse block-scale mma on sm_110f', text: mma('sm_110f', sparse('.scale_vec::2X', 'ue8m0'), sparseOps), full: true, arch: 'sm_110f', line: 8, code: 'PTX509' },
  { name: 'block-scale mma at .version 8.6', text: mma('sm_90', dense('mxf4', '.scale_vec::2X', 'e2m1.e2m1.f32.ue8m0'), denseOps, '8.6'), full: true, arch: 'sm_90', line: 8, code: 'PTX508' },
  // `.kind::f8f6f4`: "not supported on .target 'sm_90'" (sm_100a/f to sm_121a/f take it); with
  // an FP6/FP4 type, "mma with with FP6/FP4 floating point type" on sm_120a/f and sm_121a/f only.
  { name: 'kind::f8f6f4 e4m3 on sm_100a at 8.6', text: mma('sm_100a', f8f6f4('e4m3.e4m3'), f8f6f4Ops, '8.6'), full: true, arch: 'sm_100a' },
  { name: 'kind::f8f6f4 e5m2 on sm_110f', text: mma('sm_110f', f8f6f4('e5m2.e4m3'), f8f6f4Ops), full: true, arch: 'sm_110f' },
  { name: 'kind::f8f6f4 e4m3 on sm_90', text: mma('sm_90', f8f6f4('e4m3.e4m3'), f8f6f4Ops), full: true, arch: 'sm_90', line: 8, code: 'PTX509' },
  { name: 'kind::f8f6f4 e4m3 on sm_120', text: mma('sm_120', f8f6f4('e4m3.e4m3'), f8f6f4Ops), full: true, arch: 'sm_120', line: 8, code: 'PTX509' },
  { name: 'kind::f8f6f4 e2m1 on sm_121a', text: mma('sm_121a', f8f6f4('e2m1.e3m2'), f8f6f4Ops), full: true, arch: 'sm_121a' },
  { name: 'kind::f8f6f4 e2m1 on sm_100a', text: mma('sm_100a', f8f6f4('e2m1.e2m1'), f8f6f4Ops), full: true, arch: 'sm_100a', line: 8, code: 'PTX509' },
  { name: 'kind::f8f6f4 e3m2 on sm_103f', text: mma('sm_103f', f8f6f4('e4m3.e3m2'), f8f6f4Ops), full: true, arch: 'sm_103f', line: 8, code: 'PTX509' },
  { name: 'sparse kind::f8f6f4 e2m3 on sm_110f', text: mma('sm_110f', '.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e2m3.e2m3.f32', `${D}, ${A}, {%r4, %r5, %r6, %r7}, ${C}, %r13, 0`), full: true, arch: 'sm_110f', line: 8, code: 'PTX509' },
  // CUTLASS's inline PTX: integer wgmma up to .m64n256k32 (the text's list stops at 224).
  ...[240, 256].map((n): PtxCase => ({ name: `integer wgmma .m64n${n}k32`, text: wgmma(`.sync.aligned.m64n${n}k32.s32.s8.u8`, n / 2, '%rd1, %rd2, %p1'), full: true, arch: 'sm_90a' })),
  { name: 'integer wgmma .m64n248k32', text: wgmma('.sync.aligned.m64n248k32.s32.s8.s8', 124, '%rd1, %rd2, %p1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX500' },
  // The sparse wgmma selector: 0-1 with .f16/.bf16/.tf32, 0 with FP8 and integer types, a constant.
  { name: 'sparse f16 wgmma selector 1', text: wgmma('.sp.sync.aligned.m64n64k32.f32.f16.f16', 32, '%rd1, %rd2, %r200, 1, %p1, 1, 1, 0, 0'), full: true, arch: 'sm_90a' },
  { name: 'sparse tf32 wgmma selector 2', text: wgmma('.sp.sync.aligned.m64n64k16.f32.tf32.tf32', 32, '%rd1, %rd2, %r200, 2, %p1, 1, 1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  { name: 'sparse bf16 wgmma selector in a register', text: wgmma('.sp.sync.aligned.m64n64k32.f32.bf16.bf16', 32, '%rd1, %rd2, %r200, %r199, %p1, 1, 1, 0, 0'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  { name: 'sparse FP8 wgmma selector 0', text: wgmma('.sp.sync.aligned.m64n64k64.f32.e4m3.e5m2', 32, '%rd1, %rd2, %r200, 0, %p1, 1, 1'), full: true, arch: 'sm_90a' },
  { name: 'sparse FP8 wgmma selector 1', text: wgmma('.sp.sync.aligned.m64n64k64.f32.e4m3.e5m2', 32, '%rd1, %rd2, %r200, 1, %p1, 1, 1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  { name: 'sparse FP8 wgmma with .f16 results, selector 1', text: wgmma('.sp.sync.aligned.m64n16k64.f16.e5m2.e5m2', 4, '%rd1, %rd2, %r200, 1, %p1, 1, 1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  { name: 'sparse integer wgmma selector 1', text: wgmma('.sp.sync.aligned.m64n64k64.satfinite.s32.u8.u8', 32, '%rd1, %rd2, %r200, 1, %p1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  { name: 'sparse integer wgmma selector -1', text: wgmma('.sp.sync.aligned.m64n64k64.s32.s8.u8', 32, '%rd1, %rd2, %r200, -1, %p1'), full: true, arch: 'sm_90a', line: 9, code: 'PTX502' },
  // Architecture-specific families and words (CUTLASS's inline PTX, each at its measured targets).
  ...ARCH.flatMap(([what, ins, ok, refused]): PtxCase[] => [
    ...ok.map((t): PtxCase => ({ name: `${what} on ${t}`, text: one(t, ins), full: true, arch: t })),
    ...refused.map((t): PtxCase => ({ name: `${what} on ${t}`, text: one(t, ins), full: true, arch: t, line: 7, code: 'PTX509' })),
  ]),
  // setmaxnreg's count: a multiple of 8 from 24 to 256.
  ...['24', '256', '0x20'].map((v): PtxCase => ({ name: `setmaxnreg ${v}`, text: one('sm_90a', `setmaxnreg.inc.sync.aligned.u32 ${v};`), full: true, arch: 'sm_90a' })),
  ...['1', '23', '264', '0', '-8'].map((v): PtxCase => ({ name: `setmaxnreg ${v}`, text: one('sm_90a', `setmaxnreg.dec.sync.aligned.u32 ${v};`), full: true, arch: 'sm_90a', line: 7, code: 'PTX502' })),
];

ptxCaseTable('PTX cases found on PTX from other producers', cases);
