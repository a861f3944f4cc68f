/**
 * Module-check cases found by checking held-out PTX (session 13: CCCL's generated cuda::ptx
 * wrappers and ThunderKittens' and DeepGEMM's inline PTX, each `asm` made a module; Triton,
 * Rust-CUDA and CUDA-samples PTX files) with
 * gpuasm and ptxas 13.0. Each case is minimal and written here; its verdict and line were read
 * from ptxas 13.0 at the case's -arch, and with ptxas on PATH the table is re-run through it.
 */
import { kernelModule, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A whole module at `target` and `version` with one instruction on line 9. */
const mod = (target: string, ins: string, version = '9.0'): string =>
  kernelModule({ decls: '.reg .b32 %r<9>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;' }, target, version, ins);

/** An sm_100a module with 16-, 32- and 64-bit registers; the instruction on line 9. */
const mmod = (ins: string): string =>
  kernelModule({ decls: '.reg .b32 %r<9>; .reg .b64 %rd<4>;\n.reg .b16 %h<4>; .reg .f32 %f<4>;\n.reg .f64 %fd<4>;' }, 'sm_100a', '9.0', ins);

const I8: [string, string][] = [
  ['tcgen05.mma', 'tcgen05.mma.cta_group::1.kind::i8 [%r0], %rd0, %rd1, %r1, %p1;'],
  ['tcgen05.mma.sp', 'tcgen05.mma.sp.cta_group::2.kind::i8 [%r0], %rd0, %rd1, [%r2], %r1, %p1;'],
  ['tcgen05.mma.ws', 'tcgen05.mma.ws.cta_group::1.kind::i8 [%r0], %rd0, %rd1, %r1, %p1;'],
  ['tcgen05.mma.ws.sp', 'tcgen05.mma.ws.sp.cta_group::1.kind::i8 [%r0], %rd0, %rd1, [%r2], %r1, %p1;'],
];
const scaled = (kind: string, vec: string, sp = false): string =>
  `tcgen05.mma${sp ? '.sp' : ''}.cta_group::1.kind::${kind}.block_scale${vec} [%r0], %rd0, %rd1, ${sp ? '[%r4], ' : ''}%r1, [%r2], [%r3], %p1;`;
const fenceAcquire = (size: string): string => `fence.proxy.tensormap::generic.acquire.cta [%rd0], ${size};`;
const cpFenceproxy = (size: string): string => `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.cta.sync.aligned [%rd0], [%r0], ${size};`;

const cases: PtxCase[] = [
  // "Feature '.kind::i8' not supported on .target 'sm_100f'": sm_100a and sm_110a only, in each
  // tcgen05.mma family.
  ...I8.flatMap(([what, ins]): PtxCase[] => [
    ...['sm_100a', 'sm_110a'].map((t): PtxCase => ({ name: `${what} .kind::i8 on ${t}`, text: mod(t, ins), full: true, arch: t })),
    ...['sm_100f', 'sm_103a', 'sm_110f'].map((t): PtxCase => ({ name: `${what} .kind::i8 on ${t}`, text: mod(t, ins), full: true, arch: t, line: 9, code: 'PTX509' })),
  ]),
  // "Feature '.kind::mxf4nvf4' requires PTX ISA .version 8.7 or later"; ".block16"/".block32" 8.8.
  { name: 'mxf4nvf4 scale_vec::4X at 8.7', text: mod('sm_100a', scaled('mxf4nvf4', '.scale_vec::4X'), '8.7'), full: true, arch: 'sm_100a' },
  { name: 'mxf4nvf4 scale_vec::2X at 8.6', text: mod('sm_100a', scaled('mxf4nvf4', '.scale_vec::2X'), '8.6'), full: true, arch: 'sm_100a', line: 9, code: 'PTX508' },
  { name: 'sparse mxf4nvf4 scale_vec::4X at 8.6', text: mod('sm_100a', scaled('mxf4nvf4', '.scale_vec::4X', true), '8.6'), full: true, arch: 'sm_100a', line: 9, code: 'PTX508' },
  { name: 'mxf4 scale_vec::2X at 8.6', text: mod('sm_100a', scaled('mxf4', '.scale_vec::2X'), '8.6'), full: true, arch: 'sm_100a' },
  { name: 'mxf8f6f4 scale_vec::1X at 8.6', text: mod('sm_100a', scaled('mxf8f6f4', '.scale_vec::1X'), '8.6'), full: true, arch: 'sm_100a' },
  { name: 'mxf4 block32 at 8.8', text: mod('sm_100a', scaled('mxf4', '.block32'), '8.8'), full: true, arch: 'sm_100a' },
  { name: 'mxf4nvf4 block16 at 8.8', text: mod('sm_100f', scaled('mxf4nvf4', '.block16'), '8.8'), full: true, arch: 'sm_100f' },
  { name: 'mxf4 block32 at 8.7', text: mod('sm_100a', scaled('mxf4', '.block32'), '8.7'), full: true, arch: 'sm_100a', line: 9, code: 'PTX508' },
  { name: 'sparse mxf8f6f4 block32 at 8.7', text: mod('sm_100a', scaled('mxf8f6f4', '.block32', true), '8.7'), full: true, arch: 'sm_100a', line: 9, code: 'PTX508' },
  { name: 'mxf4nvf4 block16 at 8.7', text: mod('sm_100a', scaled('mxf4nvf4', '.block16'), '8.7'), full: true, arch: 'sm_100a', line: 9, code: 'PTX508' },
  // The tensor map size of the acquire proxy fence and of tensormap.cp_fenceproxy is the constant
  // 128: "unexpected value '8', expected to be 128"; a register or a float is "Arguments mismatch".
  ...[fenceAcquire, cpFenceproxy].flatMap((f): PtxCase[] => [
    ...['128', '0x80', '64+64'].map((v): PtxCase => ({ name: `${f(v)}`, text: mod('sm_90', f(v), '8.3'), full: true, arch: 'sm_90' })),
    ...['8', '0', '-128', '%r1', '128.0'].map((v): PtxCase => ({ name: `${f(v)}`, text: mod('sm_90', f(v), '8.3'), full: true, arch: 'sm_90', line: 9, code: 'PTX502' })),
  ]),
  // Found on ThunderKittens' and DeepGEMM's inline PTX. add/sub/mul/fma .f32x2: "requires .target
  // sm_100 or higher"; ldmatrix/stmatrix's 8-bit shapes: "Feature '.m16n8' not supported on
  // .target 'sm_90a'" (the a/f targets of sm_100 to sm_121 only).
  ...['add.f32x2 %rd0, %rd1, %rd2;', 'fma.rn.f32x2 %rd0, %rd1, %rd2, %rd3;', 'mul.rz.ftz.f32x2 %rd0, %rd1, %rd2;'].flatMap((ins): PtxCase[] => [
    ...['sm_100', 'sm_120'].map((t): PtxCase => ({ name: `${ins} on ${t}`, text: mod(t, ins), full: true, arch: t })),
    { name: `${ins} on sm_90a`, text: mod('sm_90a', ins), full: true, arch: 'sm_90a', line: 9, code: 'PTX509' },
  ]),
  ...['stmatrix.sync.aligned.m16n8.x2.trans.shared::cta.b8 [%rd0], {%r0, %r1};', 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8x16.b6x16_p32 {%r0, %r1}, [%rd0];', 'ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b4x16_p64 {%r0}, [%rd0];'].flatMap((ins): PtxCase[] => [
    ...['sm_100a', 'sm_110f', 'sm_120f'].map((t): PtxCase => ({ name: `${ins} on ${t}`, text: mod(t, ins), full: true, arch: t })),
    ...['sm_90a', 'sm_100', 'sm_120'].map((t): PtxCase => ({ name: `${ins} on ${t}`, text: mod(t, ins), full: true, arch: t, line: 9, code: 'PTX509' })),
  ]),
  // Constant operands: a bulk copy's size a multiple of 16; tcgen05.alloc's columns a power of 2
  // from 32 to 512, tcgen05.dealloc's a multiple of 32; a barrier's thread count a multiple of 32
  // (on an arrive, not 0).
  ...([
    ['cp.async.bulk.global.shared::cta.bulk_group [%rd0], [%r0], N;', 'sm_90a', ['0', '16', '0x20', '%r3'], ['17', '8']],
    ['cp.async.bulk.prefetch.L2.global [%rd0], N;', 'sm_90a', ['4096'], ['17']],
    ['cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%rd0], [%r0], N;', 'sm_90a', ['32'], ['20']],
    ['tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd0], N;', 'sm_100a', ['32', '64', '512', '%r3'], ['0', '16', '48', '544', '1024']],
    ['tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r0, N;', 'sm_100a', ['32', '96', '544', '%r3'], ['16', '48']],
    ['bar.arrive %r0, N;', 'sm_90a', ['32', '1056', '%r3'], ['0', '1', '33']],
    ['barrier.sync.aligned 1, N;', 'sm_90a', ['0', '64', '-32'], ['33', '-33']],
    ['bar.red.popc.u32 %r1, 1, N, %p1;', 'sm_90a', ['0', '96'], ['40']],
  ] as [string, string, string[], string[]][]).flatMap(([ins, t, ok, bad]): PtxCase[] => [
    ...ok.map((v): PtxCase => ({ name: ins.replace('N', v), text: mod(t, ins.replace('N', v)), full: true, arch: t })),
    ...bad.map((v): PtxCase => ({ name: ins.replace('N', v), text: mod(t, ins.replace('N', v)), full: true, arch: t, line: 9, code: 'PTX502' })),
  ]),
  // Floating-point multimem accesses: 32 to 128 bits, .f64 unvectored.
  ...([
    ['multimem.st.weak.global.v2.bf16 [%rd0], {%h0, %h1};', true],
    ['multimem.st.weak.global.bf16 [%rd0], %h0;', false],
    ['multimem.st.relaxed.sys.global.v8.f16 [%rd0], {%h0, %h1, %h0, %h1, %h0, %h1, %h0, %h1};', true],
    ['multimem.ld_reduce.weak.global.add.f16x2 %r0, [%rd0];', true],
    ['multimem.ld_reduce.weak.global.add.v8.f16x2 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, [%rd0];', false],
    ['multimem.ld_reduce.weak.global.min.f16 %h0, [%rd0];', false],
    ['multimem.ld_reduce.weak.global.add.acc::f32.v4.bf16 {%h0, %h1, %h0, %h1}, [%rd0];', true],
    ['multimem.red.release.sys.global.add.f64 [%rd0], %fd0;', true],
    ['multimem.red.release.sys.global.add.v2.f64 [%rd0], {%fd0, %fd1};', false],
    ['multimem.red.release.sys.global.add.bf16 [%rd0], %h0;', false],
    ['multimem.st.weak.global.v4.f32 [%rd0], {%f0, %f1, %f0, %f1};', true],
    ['multimem.st.weak.global.u32 [%rd0], %r0;', true],
  ] as [string, boolean][]).map(([ins, ok]): PtxCase => ({ name: ins, text: mmod(ins), full: true, arch: 'sm_100a', ...(ok ? {} : { line: 9, code: 'PTX500' }) })),
  { name: 'bar.warp.sync 33 (a member mask)', text: mod('sm_90a', 'bar.warp.sync 33;'), full: true, arch: 'sm_90a' },
];

ptxCaseTable('PTX cases found on held-out PTX (session 13)', cases);
