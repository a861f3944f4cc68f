/**
 * Module-check cases found by running llc-19 (LLVM's code generator) over a held-out set of LLVM
 * IR inputs and comparing gpuasm with ptxas 13.0 on its output. Each case is minimal and written
 * here; its verdict and line were read from ptxas 13.0 (`ptxas -arch=sm_80`), and with ptxas on
 * PATH the table is re-run through it.
 */
import { ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const k = (params: string, body = 'ret;'): string => `.visible .entry k(${params})\n{\n${body}\n}`;

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
];

ptxCaseTable('PTX cases found on llc-19 output', cases);
