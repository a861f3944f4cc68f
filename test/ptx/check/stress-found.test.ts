/**
 * Module-check cases found by the session 17 llvm-stress sweep: random LLVM IR (`llvm-stress-19`)
 * and hand-written NVVM intrinsic calls compiled by `llc-19` to PTX (sm_20 to sm_90a, +ptx32 to
 * +ptx85), and the same files retargeted (`.version`/`.target` rewritten), judged by ptxas 13.0.
 * Each case is minimal and written here; its verdict and line were read from ptxas 13.0 (at
 * -arch=sm_75 for the older targets, which ptxas 13.0 no longer generates code for), and with ptxas
 * on PATH the table is re-run through it.
 */
import { kernelCases, ptxasArch, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

/** A kernel at a target with one instruction on line 9. */
const { ok, bad } = kernelCases({ decls: '.reg .b64 %rd<5>;\n.reg .b32 %r<4>;\n.reg .f32 %f<4>;' });

/** atom/red forms that need sm_32 and .version 3.1 (64-bit bitwise operations and min/max). */
const SM32 = [
  'atom.and.b64 %rd1, [%rd2], %rd3;',
  'atom.global.or.b64 %rd1, [%rd2], %rd3;',
  'atom.shared.xor.b64 %rd1, [%rd2], %rd3;',
  'atom.min.u64 %rd1, [%rd2], %rd3;',
  'atom.global.max.s64 %rd1, [%rd2], %rd3;',
  'atom.shared.min.s64 %rd1, [%rd2], %rd3;',
  'red.and.b64 [%rd2], %rd3;',
  'red.global.or.b64 [%rd2], %rd3;',
  'red.min.u64 [%rd2], %rd3;',
  'red.shared.max.s64 [%rd2], %rd3;',
];
/** Their 64-bit neighbours that sm_20 already takes. */
const SM20 = [
  'atom.add.u64 %rd1, [%rd2], %rd3;',
  'atom.exch.b64 %rd1, [%rd2], %rd3;',
  'atom.cas.b64 %rd1, [%rd2], %rd3, %rd4;',
  'atom.shared.add.u64 %rd1, [%rd2], %rd3;',
  'red.global.add.u64 [%rd2], %rd3;',
  'atom.and.b32 %r1, [%rd2], %r2;',
  'atom.shared.max.s32 %r1, [%rd2], %r2;',
  'red.min.u32 [%rd2], %r2;',
  'atom.add.f32 %f1, [%rd2], %f2;',
];

/** A function with `.noreturn` (line 5) called from a kernel. */
const noreturn = (target: string, version: string): string =>
  `.version ${version}\n.target ${target}\n.address_size 64\n.func f()\n.noreturn\n{\nret;\n}\n.visible .entry k()\n{\ncall f;\nret;\n}\n`;
const nr = (t: string, v: string, line?: number): PtxCase => ({
  name: `.noreturn on ${t} at ${v}`,
  text: noreturn(t, v),
  full: true,
  arch: ptxasArch(t),
  ...(line ? { line, code: 'PTX307' } : {}),
});

const cases: PtxCase[] = [
  // "Instruction 'atom.and.b64 with generic state space' requires .target sm_32 or higher"
  // ('atom.min.u64.global', 'red.max.s64.shared', ...); "requires PTX ISA .version 3.1 or later" on
  // sm_35 at 3.0 (a mismatch of .version and .target ptxas reports after the instruction's error).
  ...SM32.flatMap((ins): PtxCase[] => [
    ok(ins, 'sm_32', '4.0'),
    ok(ins, 'sm_35', '3.1'),
    ok(ins, 'sm_90', '8.0'),
    bad(ins, 'PTX509', 'sm_30', '6.0'),
    // Both floors missed: ptxas names the target, gpuasm the version (PTX508), on the same line.
    bad(ins, 'PTX508', 'sm_20', '3.0'),
    bad(ins, 'PTX508', 'sm_35', '3.0'),
  ]),
  ...SM20.flatMap((ins): PtxCase[] => [ok(ins, 'sm_20', '3.0'), ok(ins, 'sm_30', '6.0')]),
  // "Feature 'alloca' requires .target sm_52 or higher" (and stacksave, stackrestore); .version 7.3 before it.
  ...['alloca.u64 %rd1, %rd2, 8;', 'alloca.u64 %rd1, %rd2;', 'stacksave.u64 %rd1;', 'stackrestore.u64 %rd1;'].flatMap((ins): PtxCase[] => [
    ok(ins, 'sm_52', '7.3'),
    ok(ins, 'sm_90', '7.8'),
    bad(ins, 'PTX509', 'sm_50', '7.3'),
    bad(ins, 'PTX509', 'sm_30', '7.8'),
    bad(ins, 'PTX508', 'sm_52', '7.2'),
  ]),
  // "Feature '.noreturn' requires .target sm_30 or higher" (and .version 6.4, on the same line).
  nr('sm_30', '6.4'),
  nr('sm_35', '7.0'),
  nr('sm_20', '6.4', 5),
  nr('sm_21', '7.8', 5),
  nr('sm_20', '6.3', 5),
  nr('sm_30', '6.3', 5),
];

ptxCaseTable('llvm-stress sweep finds', cases);
