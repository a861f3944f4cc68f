/**
 * Module-check cases found by running llc-19 (LLVM's code generator) over a held-out set of LLVM
 * IR inputs and comparing gpuasm with ptxas 13.0 on its output. Each case is minimal and written
 * here; its verdict and line were read from ptxas 13.0 (`ptxas -arch=sm_80`), and with ptxas on
 * PATH the table is re-run through it.
 */
import { kernelModule, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const k = (params: string, body = 'ret;'): string => `.visible .entry k(${params})\n{\n${body}\n}`;

const R4 = '{%r1, %r2, %r3, %r4}';
const R8 = '{%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}';
const F8 = '{%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}';
/** A whole sm_75 module with one wmma.mma (`words` after `.aligned.`); the instruction is on line 8. */
const wmma = (version: string, words: string, d: string, c: string): string =>
  kernelModule({ decls: '.reg .b32 %r<9>;\n.reg .f32 %f<9>;' }, 'sm_75', version, `wmma.mma.sync.aligned.${words} ${d}, ${R8}, ${R8}, ${c};`);

/** A whole module with a .section whose first datum (line 10) is a label difference. */
const section = (version: string): string =>
  `.version ${version}\n.target sm_80\n.address_size 64\n.entry k()\n{\nret;\n}\n.section .debug_pubnames\n{\n.b32 $L__end-$L__start\n$L__start:\n.b8 2\n$L__end:\n}\n`;

const cases: PtxCase[] = [
  // llc writes OpenCL image, sampler and surface kernel arguments as `.ptr` to the handle type.
  { name: '.ptr .texref entry parameter', text: k('.param .u64 .ptr .texref t') },
  { name: '.ptr .samplerref entry parameter', text: k('.param .u64 .ptr .samplerref s') },
  { name: '.ptr .surfref entry parameter', text: k('.param .u64 .ptr .surfref s') },
  { name: '.ptr .texref with .align', text: k('.param .u64 .ptr .texref .align 8 t') },
  { name: '.ptr .surfref on a 32-bit parameter', text: k('.param .u32 .ptr .surfref s') },
  {
    name: '.ptr .surfref parameter loaded and used by suld',
    text: k('.param .u64 .ptr .surfref s, .param .u32 x', '.reg .b64 %rd<2>;\n.reg .b32 %r<3>;\nld.param.u64 %rd1, [s];\nld.param.u32 %r1, [x];\nsuld.b.1d.b32.trap {%r2}, [%rd1, {%r1}];\nret;'),
  },
  { name: '.ptr then a space then .texref', text: k('.param .u64 .ptr .global .texref t'), line: 4, code: 'PTX219' },
  { name: '.ptr .align then .texref', text: k('.param .u64 .ptr .align 8 .texref t'), line: 4, code: 'PTX219' },
  { name: '.ptr .texref then a space', text: k('.param .u64 .ptr .texref .global t'), line: 4, code: 'PTX219' },
  // llc writes `.satfinite` on floating-point wmma.mma: ptxas takes it below .version 6.5.
  { name: 'f16 wmma.mma .satfinite at .version 6.4', text: wmma('6.4', 'row.col.m16n16k16.f16.f16.satfinite', R4, R4), full: true, arch: 'sm_75' },
  { name: 'f32.f16 wmma.mma .satfinite at .version 6.3', text: wmma('6.3', 'col.row.m32n8k16.f32.f16.satfinite', F8, R4), full: true, arch: 'sm_75' },
  { name: 'f16.f32 wmma.mma .satfinite at .version 6.4, .m8n32k16', text: wmma('6.4', 'row.row.m8n32k16.f16.f32.satfinite', R4, F8), full: true, arch: 'sm_75' },
  { name: 'f16 wmma.mma .satfinite from .version 6.5', text: wmma('6.5', 'row.col.m16n16k16.f16.f16.satfinite', R4, R4), full: true, arch: 'sm_75', line: 8, code: 'PTX510' },
  { name: 'f32 wmma.mma .satfinite at .version 8.0', text: wmma('8.0', 'row.col.m16n16k16.f32.f32.satfinite', F8, F8), full: true, arch: 'sm_75', line: 8 },
  // llc-19 (for an old IR input) wrote a parameter's name as an operand of add: a variable alone is
  // its address only in mov/cvta; elsewhere ptxas says "Argument N of instruction 'add': must be register".
  { name: 'entry parameter alone in add', text: k('.param .u64 p', '.reg .b64 %rd<3>;\nadd.s64 %rd2, p, %rd1;\nret;'), line: 7, code: 'PTX502' },
  { name: 'global variable alone as second source of and', text: '.global .u64 g;\n' + k('', '.reg .b64 %rd<3>;\nand.b64 %rd2, %rd1, g;\nret;'), line: 8, code: 'PTX502' },
  { name: 'shared variable alone in setp', text: k('', '.reg .pred %p<2>;\n.shared .u32 s;\nsetp.eq.u32 %p1, s, 0;\nret;'), line: 8, code: 'PTX502' },
  { name: 'global variable alone stored', text: '.global .u64 g;\n' + k('', '.reg .b64 %rd<3>;\nst.u64 [%rd1], g;\nret;'), line: 8, code: 'PTX502' },
  { name: 'variable plus offset in add is a constant', text: '.global .u64 g;\n' + k('', '.reg .b64 %rd<3>;\nadd.s64 %rd2, g+0, %rd1;\nret;') },
  { name: 'variable alone in mov and cvta', text: '.global .u64 g;\n' + k('.param .u64 p', '.reg .b64 %rd<3>;\nmov.u64 %rd1, g;\nmov.u64 %rd2, p;\ncvta.global.u64 %rd1, g;\nret;') },
  // `.ptr` belongs to kernel parameters: "Illegal placement of kernel parameter attribute".
  { name: '.ptr on a .func parameter', text: '.func f(.param .u32 a,\n.param .u64 .ptr .global b)\n{\nret;\n}', line: 5, code: 'PTX343' },
  { name: '.ptr on a .func result', text: '.func (.param .u64 .ptr r) f()\n{\nret;\n}', line: 4, code: 'PTX343' },
  { name: '.ptr on a .func declaration before its body', text: '.func f(.param .u64 .ptr p);\n.func f(.param .u64 p)\n{\nret;\n}', line: 4, code: 'PTX343' },
  { name: '.ptr in a .callprototype is taken', text: k('', 'pt: .callprototype ()_ (.param .u64 .ptr p);\nret;') },
  // llc writes DWARF lengths as label differences: ptxas takes them in .section data from .version 7.5.
  { name: 'label difference in .section at .version 7.4', text: section('7.4'), full: true, line: 10, code: 'PTX307' },
  { name: 'label difference in .section at .version 7.5', text: section('7.5'), full: true },
];

ptxCaseTable('PTX cases found on llc-19 output', cases);
