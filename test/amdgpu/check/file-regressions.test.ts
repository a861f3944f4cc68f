/**
 * AMDGPU whole-file cases found by the random differential suites (test/amdgpu/diff/breaks.test.ts
 * and test/amdgpu/diff/operand-forms.test.ts): the verdict and the line of the first error, as
 * llvm-mc-19 gives them with `-filetype=obj`. When llvm-mc-19 is on PATH every case is re-run
 * through it, so the table cannot drift from the tool.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';

interface Case {
  name: string;
  text: string;
  mcpu?: string;
  /** Line of the first error (llvm-mc's and ours); undefined: the file is accepted. */
  line?: number;
  /** Our diagnostic code for the first error. */
  code?: string;
  /** llvm-mc reports the error without a line (`<unknown>:0`): only the verdict is cross-checked. */
  noLine?: boolean;
  /** Every line with an error (ours and llvm-mc's), when more than the first matters. */
  lines?: number[];
  /** llvm-mc's -triple (default amdgcn-amd-amdhsa). */
  triple?: string;
}

const KERNEL = (body: string) =>
  `\t.text\nk:\n\ts_endpgm\n\t.rodata\n\t.p2align 6\n\t.amdhsa_kernel k\n\t\t.amdhsa_next_free_vgpr 1\n\t\t.amdhsa_next_free_sgpr 1\n${body}\t.end_amdhsa_kernel\n`;

const cases: Case[] = [
  // Export targets are names (issue 11): `null` is the null export target before GFX11.
  { name: 'exp null is an export target, not the null register', text: 'exp null v4, v3, v2, v1\nexp null off, off, off, off done vm\n' },
  { name: 'exp null on GFX11: not supported there', text: 'exp mrt0 v0, v0, v0, v0\nexp null v4, v3, v2, v1\n', mcpu: 'gfx1100', line: 2, code: 'AMD322' },
  { name: 'exp target out of range', text: 'exp mrt8 v0, v0, v0, v0\n', line: 1, code: 'AMD321' },
  // dim: a number written against a name is one value on GFX10+.
  { name: 'dim:2D and friends on GFX10+', text: 'image_load v0, v[2:3], s[0:7] dmask:0x1 dim:2D\nimage_load v0, v2, s[0:7] dmask:0x1 dim:1D\nimage_load v0, v[2:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY\n', mcpu: 'gfx1030' },
  { name: 'dim:4D is no dim', text: 'image_load v0, v[2:3], s[0:7] dmask:0x1 dim:2D\nimage_load v0, v[2:3], s[0:7] dmask:0x1 dim:4D\n', mcpu: 'gfx1030', line: 2, code: 'AMD323' },
  { name: 'dim before GFX10', text: 'image_load v0, v[2:3], s[0:7] dmask:0x1 dim:2D\n', line: 1, code: 'AMD324' },
  // Quoted names (llc writes `"non-uniform_load":`).
  { name: 'quoted labels, assignments and uses', text: '"non-uniform_load":\n  s_branch "non-uniform_load"\n.globl "x"\n"x":\n.set "a b", 1\n"c d" = "a b" + 1\n.type "x",@function\n.size "x", 4\n' },
  // Triples (llc -march=amdgcn output).
  { name: '.amd_amdgpu_isa on amdgcn-pc-linux-gnu', text: '\t.text\n\ts_endpgm\n\t.amd_amdgpu_isa "amdgcn-pc-linux-gnu-gfx900"\n', triple: 'amdgcn-pc-linux-gnu' },
  { name: '.amd_amdgpu_isa is unknown on amdhsa', text: '\t.text\n\t.amd_amdgpu_isa "amdgcn-pc-linux-gnu-gfx900"\n', line: 2, code: 'AMD205' },
  { name: '.amd_amdgpu_isa of another triple', text: '\t.amd_amdgpu_isa "amdgcn-pc-linux-gnu-gfx900"\n', triple: 'amdgcn--', line: 1, code: 'AMD325' },
  { name: '.amdgcn_target of the triple amdgcn', text: '\t.amdgcn_target "amdgcn----gfx900"\n', triple: 'amdgcn' },
  { name: '.amdhsa_kernel off amdhsa', text: '\t.text\n' + KERNEL(''), triple: 'amdgcn-mesa-mesa3d', line: 7, code: 'AMD205' },
  { name: '.amd_kernel_code_t with a field llvm-mc does not know', text: '\t.amd_kernel_code_t\n\t\twavefront_sizes = 6\n\t.end_amd_kernel_code_t\n', triple: 'amdgcn-mesa-mesa3d', line: 2, code: 'AMD327' },
  { name: '.amd_kernel_code_t wave64 on a wave32 GPU: at the next line', text: '\t.amd_kernel_code_t\n\t\twavefront_size = 6\n\t\tpriv = 0\n\t.end_amd_kernel_code_t\n', mcpu: 'gfx1030', triple: 'amdgcn-mesa-mesa3d', line: 3, code: 'AMD328' },
  { name: '.amd_kernel_code_t WGP mode before GFX10: when the object is written', text: '\t.amd_kernel_code_t\n\t\tenable_wgp_mode = 1\n\t.end_amd_kernel_code_t\n', triple: 'amdgcn-pc-linux-gnu', line: 2, code: 'AMD328', noLine: true },
  { name: '.amd_amdgpu_pal_metadata pairs on amdpal', text: '\t.amd_amdgpu_pal_metadata 0x2e12, 0\n\t.amd_amdgpu_pal_metadata 0x2e12\n', triple: 'amdgcn-amd-amdpal', line: 2, code: 'AMD326' },
  { name: '.amd_amdgpu_pal_metadata off amdpal', text: '\t.amd_amdgpu_pal_metadata 0x2e12, 0\n', triple: 'amdgcn-mesa-mesa3d', line: 1, code: 'AMD206' },
  { name: 'predefined ISA version symbols per OS', text: '\t.byte .option.machine_version_major * 28\n\t.byte .option.machine_version_major * 29\n', triple: 'amdgcn-amd-amdpal', line: 2, code: 'AMD131' },
  // Operand lists: llvm-mc skips an optional ',' after every operand.
  { name: 'trailing comma after the last operand', text: 's_mov_b32 s0, s1,\nv_mov_b32 v0, v1 ,\ns_nop 0,\n' },
  { name: 'operands without commas', text: 'v_mov_b32 v0 v1\ns_add_u32 s0 s1, s2\n' },
  { name: 'two commas are an empty operand', text: 's_nop 0\ns_mov_b32 s0, s1,,\n', line: 2, code: 'AMD110' },
  { name: 'a comma before the first operand', text: 's_nop 0\ns_endpgm ,\n', line: 2 },
  // Blocks left open: llvm-mc reports where the file ends.
  { name: '.amdhsa_kernel without its end: at the end of the file', text: '\t.text\n\t.amdhsa_kernel k\n\t\t.amdhsa_next_free_vgpr 1\n\t\t.amdhsa_next_free_sgpr 1\n\n', line: 6, code: 'AMD204' },
  { name: '.amdhsa_kernel cut in a directive: the directive first', text: '\t.amdhsa_kernel k\n\t\t.amdhsa_next_free_vgpr 1\n\t\t.amdhsa_except', line: 3 },
  // An error on a line of an `.amdhsa_kernel` block ends the block there (llvm-mc): the lines after it are top-level.
  { name: 'an error ends the kernel block: later .amdhsa_ lines and the end are unknown', text: '.amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 1\n .amdhsa_ieee_mode 5\n .amdhsa_dx10_clamp 0\n\n .amdhsa_fp16_overflow 1\n.end_amdhsa_kernel\n', line: 4, code: 'AMD226', lines: [4, 5, 7, 8] },
  { name: 'a parse error ends the kernel block: the next statements are top-level', text: '.amdhsa_kernel k\n .amdhsa_next_free_vgpr (1\n .amdhsa_next_free_sgpr 0\n s_nop 0\n.text\n.end_amdhsa_kernel\n', line: 2, lines: [2, 3, 6] },
  { name: 'a kernel block ended by an error needs no end', text: '.amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 0\n .amdhsa_next_free_sgpr 0\n s_endpgm\n', line: 4, code: 'AMD221', lines: [4] },
  { name: 'a new kernel block after one an error ended', text: '.amdhsa_kernel k\n .amdhsa_foo 1\n.amdhsa_kernel k2\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 0\n.end_amdhsa_kernel\n', line: 2, code: 'AMD220', lines: [2] },
  { name: '.amdgpu_metadata without its end', text: '\t.text\n\t.amdgpu_metadata\n---\namdhsa.version:\n  - 1\n', line: 6, code: 'AMD204' },
  // Directional local labels: `Nb` needs an earlier `N:`, `Nf` a later one.
  { name: 'backward reference before any local label', text: 's_nop 0\ns_branch 1b\n1:\n', line: 2, code: 'AMD126' },
  { name: 'forward reference never followed by its label', text: 's_nop 0\ns_branch 2f\n1:\ns_branch 1b\n', line: 2, code: 'AMD126' },
  { name: 'forward reference resolved by a later label', text: 's_branch 1f\n1:\ns_branch 1b\n01:\ns_branch 1b\n' },
  { name: 'a redefined local label: each reference takes the nearest', text: '1:\ns_branch 1b\n1:\ns_branch 1f\n1:\n' },
  { name: 'forward reference in data and in .set', text: '.long 3f\n.set x, 4f\n3:\n', line: 2, code: 'AMD126' },
  { name: 'backward reference in a directive', text: 's_nop 0\n.long 4b\n', line: 2, code: 'AMD126' },
  // `.L` temporaries referenced by code or data must be defined (llvm-mc fails writing the object).
  { name: 'branch to .L itself, a temporary too', text: '\t.text\nk:\n\ts_branch .L\n\ts_endpgm\n', line: 3, code: 'AMD127' },
  { name: 'branch to a deleted .L label', text: '\t.text\nk:\n\ts_cbranch_execz .LBB0_2\n\ts_nop 0\n\ts_endpgm\n', line: 3, code: 'AMD127' },
  { name: '.size with a deleted .Lfunc_end label', text: '\t.text\nk:\n\ts_endpgm\n\t.size k, .Lfunc_end0-k\n', line: 4, code: 'AMD127', noLine: true },
  { name: '.long of an undefined .L symbol', text: '\t.text\ns_nop 0\n.long .Lx+4\n', line: 3, code: 'AMD127', noLine: true },
  { name: '.L labels defined later are fine', text: '\t.text\ns_branch .LBB0_1\n.long .Lend-.LBB0_1\n.LBB0_1:\ns_endpgm\n.Lend:\n' },
  { name: 'an undefined .L symbol only in .set is not written', text: '\t.text\n.set q, .Lq\ns_endpgm\n' },
  // .amdhsa_ kernel directives: field widths and availability (llvm-mc checks them per line).
  // gfx90a: accum_offset at the block's end (KERNEL allocates 1 VGPR: up to 4).
  { name: 'accum_offset within the VGPR allocation', mcpu: 'gfx90a', text: KERNEL('\t\t.amdhsa_accum_offset 4\n') },
  { name: 'accum_offset beyond the VGPR allocation', mcpu: 'gfx90a', text: KERNEL('\t\t.amdhsa_accum_offset 8\n'), line: 10, code: 'AMD226' },
  { name: 'kernarg preload of 16 user SGPRs at most', mcpu: 'gfx942', text: KERNEL('\t\t.amdhsa_accum_offset 4\n\t\t.amdhsa_user_sgpr_kernarg_preload_length 17\n'), line: 10, code: 'AMD226' },
  { name: 'kernarg preload offset is a 9-bit field (found by the break differential, seed 2424733)', mcpu: 'gfx942', text: KERNEL('\t\t.amdhsa_accum_offset 4\n\t\t.amdhsa_user_sgpr_kernarg_preload_offset 0x100000000\n'), line: 10, code: 'AMD226' },
  { name: 'kernarg preload offset 511', mcpu: 'gfx942', text: KERNEL('\t\t.amdhsa_accum_offset 4\n\t\t.amdhsa_user_sgpr_kernarg_preload_offset 511\n') },
  { name: 'kernarg preload offset 512', mcpu: 'gfx942', text: KERNEL('\t\t.amdhsa_accum_offset 4\n\t\t.amdhsa_user_sgpr_kernarg_preload_offset 512\n'), line: 10, code: 'AMD226' },
  { name: 'accum_offset not a multiple of 4', mcpu: 'gfx90a', text: KERNEL('\t\t.amdhsa_accum_offset 6\n'), line: 10, code: 'AMD226' },
  // Image instructions: only the address (second operand) may be a non-consecutive NSA list.
  { name: 'image data as a non-consecutive list', mcpu: 'gfx1030', text: 'image_load_mip [v9,v6], [v0, v1, v6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n', line: 1, code: 'AMD310' },
  { name: 'image NSA address list', mcpu: 'gfx1030', text: 'image_load_mip v[6:9], [v0, v1, v6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n' },
  { name: '.amdhsa_dx10_clamp is a 1-bit field', text: KERNEL('\t\t.amdhsa_dx10_clamp 2\n'), line: 9, code: 'AMD226' },
  { name: '.amdhsa_float_round_mode_32 is a 2-bit field', text: KERNEL('\t\t.amdhsa_float_round_mode_32 3\n\t\t.amdhsa_float_denorm_mode_32 4\n'), line: 10, code: 'AMD226' },
  { name: '.amdhsa_kernarg_size is a 32-bit field', text: KERNEL('\t\t.amdhsa_kernarg_size 0x100000000\n'), line: 9, code: 'AMD226' },
  { name: 'negative .amdhsa_user_sgpr_count', text: KERNEL('\t\t.amdhsa_user_sgpr_count -1\n'), line: 9, code: 'AMD226' },
  { name: '.amdhsa_wavefront_size32 needs GFX10+', text: KERNEL('\t\t.amdhsa_wavefront_size32 1\n'), line: 9, code: 'AMD225' },
  { name: '.amdhsa_wavefront_size32 on GFX10', mcpu: 'gfx1030', text: KERNEL('\t\t.amdhsa_wavefront_size32 1\n') },
  { name: '.amdhsa_dx10_clamp is gone on GFX12', mcpu: 'gfx1200', text: KERNEL('\t\t.amdhsa_dx10_clamp 1\n'), line: 9, code: 'AMD225' },
  { name: '.amdhsa_reserve_flat_scratch with architected flat scratch', mcpu: 'gfx1100', text: KERNEL('\t\t.amdhsa_reserve_flat_scratch 0\n'), line: 9, code: 'AMD225' },
  { name: '.amdhsa_enable_private_segment without architected flat scratch', text: KERNEL('\t\t.amdhsa_enable_private_segment 1\n'), line: 9, code: 'AMD225' },
  { name: '.amdhsa_reserve_xnack_mask must match the target (gfx900: xnack any)', text: KERNEL('\t\t.amdhsa_reserve_xnack_mask 0\n'), line: 9, code: 'AMD226' },
  { name: '.amdhsa_reserve_xnack_mask must match the target (gfx1030: no xnack)', mcpu: 'gfx1030', text: KERNEL('\t\t.amdhsa_reserve_xnack_mask 1\n'), line: 9, code: 'AMD226' },
  { name: 'next_free_vgpr above 256 on gfx900 (checked at the end, reported at the value)', text: KERNEL('').replace('next_free_vgpr 1', 'next_free_vgpr 257'), line: 7, code: 'AMD226' },
  { name: 'next_free_vgpr 512 in wave32', mcpu: 'gfx1100', text: KERNEL('').replace('next_free_vgpr 1', 'next_free_vgpr 512') },
  { name: 'next_free_vgpr 512 in wave64', mcpu: 'gfx1100', text: KERNEL('\t\t.amdhsa_wavefront_size32 0\n').replace('next_free_vgpr 1', 'next_free_vgpr 512'), line: 7, code: 'AMD226' },
  { name: 'next_free_sgpr above 102 on gfx900', text: KERNEL('').replace('next_free_sgpr 1', 'next_free_sgpr 103'), line: 8, code: 'AMD226' },
  { name: 'user_sgpr_count below the enabled user SGPRs (reported at the end)', text: KERNEL('\t\t.amdhsa_user_sgpr_count 3\n\t\t.amdhsa_user_sgpr_dispatch_ptr 1\n\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n'), line: 12, code: 'AMD226' },
  { name: 'user_sgpr_count equal to the enabled user SGPRs', text: KERNEL('\t\t.amdhsa_user_sgpr_count 4\n\t\t.amdhsa_user_sgpr_dispatch_ptr 1\n\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n') },
  { name: 'user_sgpr_count above the 5-bit field (reported at the end)', text: KERNEL('\t\t.amdhsa_user_sgpr_count 32\n'), line: 10, code: 'AMD226' },
  { name: 'user_sgpr_count 31', text: KERNEL('\t\t.amdhsa_user_sgpr_count 31\n') },
  { name: 'user_sgpr_count is kept as 32 bits: 0x100000000 is 0', text: KERNEL('\t\t.amdhsa_user_sgpr_count 0x100000000\n') },
  { name: 'user_sgpr_count 0x100000020 is 32', text: KERNEL('\t\t.amdhsa_user_sgpr_count 0x100000020\n'), line: 10, code: 'AMD226' },
  { name: 'shared_vgpr_count with the default wave size (only an explicit wave32 refuses it)', mcpu: 'gfx1030', text: KERNEL('\t\t.amdhsa_shared_vgpr_count 1\n') },
  // GFX6/7 and the SGPR-init-bug GFX8 parts count the SGPRs reserved for VCC and flat scratch.
  { name: 'next_free_sgpr 101 on gfx700 (4 reserved for flat scratch)', mcpu: 'gfx700', text: KERNEL('').replace('next_free_sgpr 1', 'next_free_sgpr 101'), line: 8, code: 'AMD226' },
  { name: 'next_free_sgpr 100 on gfx600', mcpu: 'gfx600', text: KERNEL('').replace('next_free_sgpr 1', 'next_free_sgpr 100') },
  { name: 'next_free_sgpr 102 on gfx700 without flat scratch', mcpu: 'gfx700', text: KERNEL('\t\t.amdhsa_reserve_flat_scratch 0\n').replace('next_free_sgpr 1', 'next_free_sgpr 102') },
  { name: 'next_free_sgpr 104 on gfx700 without flat scratch and VCC', mcpu: 'gfx700', text: KERNEL('\t\t.amdhsa_reserve_flat_scratch 0\n\t\t.amdhsa_reserve_vcc 0\n').replace('next_free_sgpr 1', 'next_free_sgpr 104') },
  { name: 'next_free_sgpr 103 on gfx700 without flat scratch', mcpu: 'gfx700', text: KERNEL('\t\t.amdhsa_reserve_flat_scratch 0\n').replace('next_free_sgpr 1', 'next_free_sgpr 103'), line: 8, code: 'AMD226' },
  { name: 'next_free_sgpr 91 on gfx802 (SGPR init bug: 96 with 6 reserved)', mcpu: 'gfx802', text: KERNEL('').replace('next_free_sgpr 1', 'next_free_sgpr 91'), line: 8, code: 'AMD226' },
  { name: 'next_free_sgpr 96 on gfx805 without flat scratch and VCC', mcpu: 'gfx805', text: KERNEL('\t\t.amdhsa_reserve_flat_scratch 0\n\t\t.amdhsa_reserve_vcc 0\n').replace('next_free_sgpr 1', 'next_free_sgpr 96') },
  { name: 'next_free_sgpr 102 on gfx801 (no init bug)', mcpu: 'gfx801', text: KERNEL('').replace('next_free_sgpr 1', 'next_free_sgpr 102') },
  { name: 'shared_vgpr_count in wave32', mcpu: 'gfx1030', text: KERNEL('\t\t.amdhsa_wavefront_size32 1\n\t\t.amdhsa_shared_vgpr_count 1\n'), line: 11, code: 'AMD226' },
  { name: 'shared_vgpr_count in wave64', mcpu: 'gfx1030', text: KERNEL('\t\t.amdhsa_wavefront_size32 0\n\t\t.amdhsa_shared_vgpr_count 1\n') },
  // A data value divided by zero fails only when llvm-mc writes the object: not reported beside parse errors.
  { name: 'data value divided by zero', text: '.set a, 5\n.long 7 / !a\n.long 1\n', line: 2, code: 'AMD120' },
  { name: 'data value divided by zero beside a parse error', text: '.set a, 5\n.long 7 / !a\ns_mov_b32 s0,, s1\n', line: 3, lines: [3] },
  // A variable evaluated by an instruction or a data directive is "used": a non-absolute one may not be reassigned.
  { name: 'reassigning a variable used by an instruction', text: '.set a, b\ns_mov_b32 s0, a\na = 5\n', line: 3, code: 'AMD123' },
  { name: 'reassigning a variable used in data', text: '.set a, b + 1\n.long a\n.set a, 2\n', line: 3, code: 'AMD123' },
  { name: 'reassigning a variable used through another', text: '.set a, b\n.set c, a\n.quad c + 1\n.set a, 2\n', line: 4, code: 'AMD123' },
  { name: 'reassigning a variable used as a register index', text: '.set a, b\nv_mov_b32 v0, v[a]\n.set a, 1\n', line: 2, lines: [2, 3] },
  { name: 'reassigning a variable used as a register range bound', text: '.set a, b\ns_nop 0\n.set c, 1\ns_mov_b64 s[0:1], s[c:a]\n.set a, 1\n.set c, 2\n', line: 4, lines: [4, 5] },
  // llvm-mc evaluates every parenthesised part as it reads it: that marks variables used even where
  // the evaluation of the whole stops earlier (found by the symbol-use differential, seeds 1497920, 3219124).
  { name: 'a variable in parentheses is used although the whole stops before it', text: '.equ a, c\nc = c\n.equ c, c > ~d << (a)\n.set a, 1\n', line: 2, lines: [2, 3, 4] },
  { name: 'without the parentheses it is not', text: '.equ a, c\nc = c\n.equ c, c > ~d << a\n.set a, 1\n', line: 2, lines: [2, 3] },
  { name: 'a parenthesised use in data', text: '.set a, b\n.long ~b + (a)\n.set a, 2\n', line: 3, code: 'AMD123' },
  { name: 'reassigning an absolute variable after use is fine', text: '.set a, 1\ns_mov_b32 s0, a\n.long a\na = 5\n' },
  { name: 'reassigning an unused variable is fine', text: '.set a, b\ns_mov_b32 s0, c\na = 5\n' },
  // .type name[,] type: llvm-mc's ELF parser.
  { name: '.type spellings llvm-mc takes', text: '\t.type a,@function\n\t.type b,%object\n\t.type c, STT_FUNC\n\t.type d "function"\n\t.type e,#object\n\t.type f, function\n\t.type "l",@gnu_unique_object\n' },
  { name: '.type of a name starting with a digit', text: '\t.text\n\t.type 16_x,@function\n', line: 2, code: 'AMD228' },
  { name: '.type with junk in the name', text: '\t.text\n\t.type g!x,@function\n', line: 2, code: 'AMD228' },
  { name: '.type with a misspelt type', text: '\t.text\n\t.type h,@functio[n\n\t.type i,@functionx\n', line: 2, lines: [2, 3] },
  { name: '.type with text after the type', text: '\t.text\n\t.type j,@function x\n', line: 2, code: 'AMD201' },
  { name: '.type without a type', text: '\t.text\n\t.type k\n', line: 2, code: 'AMD228' },
  { name: '.type reads tokens: names with ? and @, comments between', text: '\t.type a?b,@function\n\t.type c, /*x*/ @function\n\t.type a@b, @function\n\t.type d,@/*y*/function\n\t.type e /*z*/ , @function\n' },
  // .amdgcn_target needs its string.
  { name: '.amdgcn_target without an argument', text: '\t.amdgcn_target\n', line: 1, code: 'AMD223' },
  // .amdhsa_code_object_version: llvm-mc reads a value starting with a number or a name, then the
  // line goes on as another statement; objects are written for versions 4-6 only (the last one set).
  { name: 'code object version 103 (found by the break differential, seed 153307)', text: '\t.amdhsa_code_object_version 103\n\t.text\n\ts_endpgm\n', line: 1, code: 'AMD229', noLine: true },
  { name: 'code object versions 4 and 6, and the last one counts', text: '\t.amdhsa_code_object_version 103\n\t.amdhsa_code_object_version 4\n\t.amdhsa_code_object_version 6\n' },
  { name: 'code object version 0x100000005 is 5 in 32 bits', text: '\t.amdhsa_code_object_version 0x100000005\n' },
  { name: 'code object version 0x100000000 is 0', text: '\t.amdhsa_code_object_version 0x100000000\n', line: 1, code: 'AMD229', noLine: true },
  { name: 'code object version divided by zero', text: '\t.amdhsa_code_object_version 1/0\n', line: 1, code: 'AMD124' },
  { name: 'code object version from a symbol defined later', text: '\t.amdhsa_code_object_version x\nx = 5\n', line: 1, code: 'AMD124' },
  { name: 'unsupported code object version beside another error: that error only', text: '\t.amdhsa_code_object_version 7\n\ts_mov_b32 s0, s999\n', line: 2, lines: [2] },
  { name: 'code object version not starting with a number or a name', text: '\t.amdhsa_code_object_version (5)\n\t.amdhsa_code_object_version -5\n\t.amdhsa_code_object_version\n', line: 1, lines: [1, 2, 3], code: 'AMD205' },
  { name: 'code object version from a later symbol', text: '\t.amdhsa_code_object_version v\nv = 5\n', line: 1, code: 'AMD124' },
  { name: 'code object version from an earlier symbol', text: 'v = 5\n\t.amdhsa_code_object_version v + 1\n' },
  { name: 'the line goes on after the code object version', text: '\t.amdhsa_code_object_version 5 s_nop 0\n\t.amdhsa_code_object_version 5 .byte 1\n\t.amdhsa_code_object_version 5 +1 x = 3\n' },
  { name: 'a comma after the code object version starts a statement', text: '\t.amdhsa_code_object_version 5, 6\n', line: 1, code: 'AMD202' },
  // Directives llvm-mc-19 does not know on amdhsa (other targets', code object v2/v3) or refuses there.
  { name: '.word, .hword and .nops are not AMDGPU directives', text: '.long 1\n.word 1\n.hword 2\n.nops 4\n', line: 2, lines: [2, 3, 4], code: 'AMD205' },
  { name: 'code object v2/v3 directives are unknown', text: '.hsa_code_object_version 2,1\n.hsa_code_object_isa 9,0,0,"AMD","AMDGPU"\n.amd_amdgpu_isa "amdgcn-amd-amdhsa--gfx900"\n.amdgpu_hsa_kernel k\n', line: 1, lines: [1, 2, 3, 4], code: 'AMD205' },
  { name: '.amd_kernel_code_t is no block: its lines are statements', text: '.amd_kernel_code_t\n  enable_sgpr_kernarg_segment_ptr = 1\n.end_amd_kernel_code_t\n', line: 1, lines: [1, 3] },
  { name: '.amd_amdgpu_hsa_metadata is no block', text: '.amd_amdgpu_hsa_metadata\n---\nfoo: 1\n.end_amd_amdgpu_hsa_metadata\n', line: 1, lines: [1, 2, 3, 4] },
  { name: '.amd_amdgpu_pal_metadata is refused on amdhsa', text: '.amd_amdgpu_pal_metadata 0x1, 0x2\n', line: 1, code: 'AMD206' },
  { name: '.amdgpu_pal_metadata is a block', text: '.amdgpu_pal_metadata\n---\nfoo: 1\n.end_amdgpu_pal_metadata\n' },
  { name: '.amdgpu_pal_metadata without its end', text: '.amdgpu_pal_metadata\n---\n', line: 3, code: 'AMD204' },
  // llvm-mc's section stack.
  { name: '.popsection without .pushsection', text: '.pushsection .a\n.pushsection .b\n.popsection\n.popsection\n.popsection\n', line: 5, code: 'AMD230' },
  { name: '.previous before any section switch', text: 'k:\n.previous\n.text\n.previous\n', line: 2, lines: [2], code: 'AMD230' },
  // Section lines repeat (the line memo skips those with no effect): the stack must stay right.
  { name: 'repeated section switches, no push', text: '.text\n.text\n.section .a\n.text\n.section .a\n.previous\n.text\n.previous\n' },
  { name: 'a push as the first switch, then repeated switches and a pop', text: '.pushsection .a\n.text\n.text\n.popsection\n.previous\n.text\n.text\n.previous\n', line: 5, lines: [5], code: 'AMD230' },
  { name: '.previous after a push and pop that were the first switch', text: '.pushsection .a\n.previous\n.previous\n.popsection\n.previous\n.text\n.previous\n', line: 5, lines: [5], code: 'AMD230' },
  { name: '.previous after a kernel descriptor (no switch)', text: '.amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n.previous\n', line: 5, code: 'AMD230' },
  { name: 'every section switch sets the previous section', text: '.rodata\n.previous\n.subsection 1\n.previous\n.section .a\n.previous\n.previous\n.bss\n.previous\n' },
  // A float after a doubled '-' (or in parentheses, or after '+') is an integer expression of its
  // IEEE bits (llvm-mc reads a float immediate only as FLOAT or '-' FLOAT); on an FP source with
  // modifiers llvm-mc refuses '--' at once ("expected 'neg' modifier").
  { name: "'--' before a float on an f32 source", text: 's_nop 0\nv_add_f32 v0, --1.0, v1\n', line: 2, code: 'AMD414' },
  { name: "'- -' with spaces, and '---'", text: 'v_add_f32 v0, -  -  1.0, v1\nv_fma_f32 v0, ---1.0, v1, v2\n', line: 1, lines: [1, 2] },
  { name: "'--' before a float on integer sources", text: 'v_mov_b32 v0, --1.5\ns_mov_b32 s0, --1.0\ns_add_u32 s0, - -1.0, s1\nv_add_u32 v0, --2.0, v1\n', line: 1, lines: [1, 2, 3, 4] },
  { name: "'-(-F)', '(F)' and '+F' are integers too", text: 'v_add_f32 v0, -(-1.0), v1\nv_add_f32 v0, (1.0), v1\nv_add_f32 v0, +1.0, v1\nv_add_f16 v0, -(1.5), v1\n', line: 1, lines: [1, 2, 3, 4], code: 'AMD401' },
  { name: "a float, '-' float and '- ' float are float immediates", text: 'v_add_f32 v0, 1.0, v1\nv_add_f32 v0, -1.0, v1\nv_add_f32 v0, - 1.5, v1\ns_mov_b32 s0, -0.5\n' },
  { name: "'--' inside |..| and neg(..)", text: 'v_add_f32_e64 v0, |--1.5|, v1\nv_add_f32 v0, neg(--1.0), v1\n', line: 1, lines: [1, 2], code: 'AMD401' },
  { name: 'a 64-bit source takes the inline 64-bit constant the bits make', text: 's_mov_b64 s[0:1], --1.0\ns_mov_b64 s[0:1], ---1.0\nv_lshlrev_b64 v[0:1], 1, --2.0\nv_mul_f64 v[0:1], -(1.0), v[2:3]\ns_bfe_i64 s[0:1], (0.5), s2\n' },
  { name: 'but not a 64-bit value that is no inline constant', text: 's_mov_b64 s[0:1], --1.0\nv_lshlrev_b64 v[0:1], 1, --1.5\ns_mov_b64 s[0:1], 0x123456789\n', line: 2, lines: [2, 3] },
  { name: 'integers beyond 32 bits on VALU and SALU sources', text: 'v_add_f32 v0, 0x123456789, v1\nv_add_f32 v0, 0xffffffff80000000, v1\ns_add_u32 s0, s1, -0x80000001\ns_cmp_eq_u32 0x100000000, s0\nx = 0x123456789\nv_mov_b32 v0, x + 0\n', line: 1, lines: [1, 3, 4, 6], code: 'AMD401' },
  { name: 'SMEM offsets, SOPK immediates beyond 32 bits', text: 's_load_dword s0, s[0:1], --1.0\ns_movk_i32 s0, --1.5\ns_getreg_b32 s0, 0x123456789\n', line: 1, lines: [1, 2, 3] },
  { name: 'instructions that truncate any value', text: 's_waitcnt --1.5\ns_nop 0x123456789\ns_trap --1.0\ns_setprio -(-1.5)\ns_sleep 0x123456789\ns_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x123456789\nv_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:--1.5\n' },
  { name: 'GFX12 prefetch counts truncate', mcpu: 'gfx1200', text: 's_prefetch_data s[0:1], 0x100, s0, --1.5\ns_mov_b32 s0, --1.5\n', line: 2 },
  { name: 'packed f32 and matrix sources may be 64 bits', mcpu: 'gfx90a', text: 'v_pk_fma_f32 v[0:1], --1.0, v[2:3], v[4:5]\nv_pk_mov_b32 v[0:1], --1.0, v[2:3] op_sel:[0,1]\n' },
];

function errorLines(c: Case): number[] {
  const d = checkAmdgpuText('case.s', c.text, { mcpu: c.mcpu ?? 'gfx900', triple: c.triple }).filter((x) => x.severity === 'error');
  return [...new Set(d.map((x) => x.location!.line))].sort((a, b) => a - b);
}

function ourFirst(c: Case): { line?: number; code?: string } {
  const d = checkAmdgpuText('case.s', c.text, { mcpu: c.mcpu ?? 'gfx900', triple: c.triple }).filter((x) => x.severity === 'error');
  return d.length ? { line: d[0]!.location!.line, code: d[0]!.code } : {};
}

describe('AMDGPU whole-file regressions (first error line)', () => {
  for (const c of cases) {
    test(c.name, () => {
      const ours = ourFirst(c);
      assert.equal(ours.line, c.line, `first error line of:\n${c.text}`);
      if (c.lines) assert.deepEqual(errorLines(c), c.lines);
      if (c.code) assert.equal(ours.code, c.code);
    });
  }
  test('the table agrees with llvm-mc-19 (-filetype=obj)', { skip: llvmMcSkipReason }, () => {
    if (llvmMcSkipReason) console.log(llvmMcSkipReason);
    const bad: string[] = [];
    for (const c of cases) {
      const r = runLlvmMc(c.text, { mcpu: c.mcpu ?? 'gfx900', triple: c.triple, filetype: 'obj' });
      const first = r.messages.find((m) => m.severity === 'error');
      const line = r.ok ? undefined : c.noLine ? c.line : first?.line;
      const all = [...new Set(r.messages.filter((m) => m.severity === 'error' && m.line !== undefined).map((m) => m.line!))].sort((a, b) => a - b);
      if (c.lines && JSON.stringify(all) !== JSON.stringify(c.lines)) bad.push(`${c.name}: llvm-mc error lines ${JSON.stringify(all)}, table ${JSON.stringify(c.lines)}`);
      if (line !== c.line) bad.push(`${c.name}: llvm-mc ${r.ok ? 'accepts' : `line ${first?.line}: ${first?.message}`}, table ${c.line ?? 'accepts'}`);
    }
    console.log(`amdgpu file regressions: ${cases.length} cases cross-checked with llvm-mc-19`);
    assert.deepEqual(bad, []);
  });
});


test('amdgpu: a code object version not known is one error, as llvm-mc says it (no evaluation error beside it)', () => {
  for (const text of ['\t.amdhsa_code_object_version 1/0\n', '\t.amdhsa_code_object_version x\nx = 5\n']) {
    const d = checkAmdgpuText('case.s', text, { mcpu: 'gfx900' }).filter((x) => x.severity === 'error');
    assert.deepEqual(d.map((x) => x.code), ['AMD124'], text);
  }
});

test('amdgpu: an unknown triple is refused by the library (RangeError) before any check', () => {
  for (const triple of ['x86_64-linux-gnu', 'amdgcn-amd-elf', 'r600--', 'amdgcn-amdhsa'])
    assert.throws(() => checkAmdgpuText('case.s', 's_nop 0\n', { mcpu: 'gfx900', triple }), RangeError, triple);
  // Any vendor, OS or environment in its place, as llvm-mc-19 takes it.
  for (const triple of ['amdgcn--amdhsa', 'amdgcn-amd-foo', 'amdgcn-amd-none'])
    assert.deepEqual(checkAmdgpuText('case.s', 's_nop 0\n', { mcpu: 'gfx900', triple }), [], triple);
});
