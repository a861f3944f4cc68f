/**
 * Directives the AMDGPU front end knows (llvm-mc-19's generic ELF directives plus the AMDGPU
 * target's), each with how its arguments are read. Anything else is "unknown directive", as in
 * llvm-mc.
 */

export const DirectiveKind = {
  /** `.set NAME, EXPR` and friends. */
  Assign: 0,
  /** One or more comma-separated expressions. */
  Exprs: 1,
  /** Zero or more expressions, empty slots allowed (`.p2align 6, , 4`). */
  OptExprs: 2,
  /** `NAME, EXPR[, EXPR]`. */
  NameExpr: 3,
  /** Comma-separated symbol names. */
  Names: 4,
  /** `.amdhsa_kernel NAME` (opens the kernel-descriptor block). */
  Kernel: 5,
  /** Arguments kept as raw text. */
  Raw: 6,
  /**
   * One expression that must start with a number or a name, after which the line goes on as a
   * new statement: llvm-mc's `.amdhsa_code_object_version` handler reads its value and stops
   * (`.amdhsa_code_object_version 5 s_nop 0` is two statements; `5, 6` fails at the comma).
   */
  LeadingExpr: 7,
} as const;
export type DirectiveKindValue = (typeof DirectiveKind)[keyof typeof DirectiveKind];

const K = DirectiveKind;

// Not here, as llvm-mc-19 (amdhsa) does not know them: `.word`, `.hword`, `.nops` (other targets'),
// and the code object v2/v3 directives `.hsa_code_object_version`, `.hsa_code_object_isa`,
// `.amd_amdgpu_isa`, `.amdgpu_hsa_kernel`, `.amd_kernel_code_t`, `.amd_amdgpu_hsa_metadata`.
const TABLE: [string, DirectiveKindValue][] = [
  ['.set', K.Assign],
  ['.equ', K.Assign],
  ['.equiv', K.Assign],
  ['.byte', K.Exprs],
  ['.short', K.Exprs],
  ['.value', K.Exprs],
  ['.2byte', K.Exprs],
  ['.long', K.Exprs],
  ['.int', K.Exprs],
  ['.4byte', K.Exprs],
  ['.quad', K.Exprs],
  ['.8byte', K.Exprs],
  ['.sleb128', K.Exprs],
  ['.uleb128', K.Exprs],
  ['.org', K.OptExprs],
  ['.p2align', K.OptExprs],
  ['.p2alignw', K.OptExprs],
  ['.p2alignl', K.OptExprs],
  ['.align', K.OptExprs],
  ['.balign', K.OptExprs],
  ['.balignw', K.OptExprs],
  ['.balignl', K.OptExprs],
  ['.fill', K.OptExprs],
  ['.zero', K.OptExprs],
  ['.skip', K.OptExprs],
  ['.space', K.OptExprs],
  ['.amdhsa_code_object_version', K.LeadingExpr],
  ['.size', K.NameExpr],
  ['.comm', K.NameExpr],
  ['.lcomm', K.NameExpr],
  ['.amdgpu_lds', K.NameExpr],
  ['.globl', K.Names],
  ['.global', K.Names],
  ['.weak', K.Names],
  ['.hidden', K.Names],
  ['.protected', K.Names],
  ['.internal', K.Names],
  ['.local', K.Names],
  ['.addrsig_sym', K.Names],
  // llvm-mc's target-independent symbol attributes (llc-19 writes `.no_dead_strip` for llvm.used);
  // `.extern` is read and ignored, whatever follows it.
  ['.no_dead_strip', K.Names],
  ['.lazy_reference', K.Names],
  ['.reference', K.Names],
  ['.weak_definition', K.Names],
  ['.weak_reference', K.Names],
  ['.private_extern', K.Names],
  ['.symbol_resolver', K.Names],
  ['.cold', K.Names],
  ['.extern', K.Raw],
  ['.amdhsa_kernel', K.Kernel],
  // Raw-argument directives.
  ['.text', K.Raw],
  ['.data', K.Raw],
  ['.bss', K.Raw],
  ['.rodata', K.Raw],
  ['.section', K.Raw],
  ['.pushsection', K.Raw],
  ['.popsection', K.Raw],
  ['.previous', K.Raw],
  ['.subsection', K.Raw],
  ['.type', K.Raw],
  ['.ident', K.Raw],
  ['.error', K.Raw],
  ['.warning', K.Raw],
  ['.print', K.Raw],
  ['.include', K.Raw],
  ['.file', K.Raw],
  ['.loc', K.Raw],
  ['.addrsig', K.Raw],
  ['.ascii', K.Raw],
  ['.asciz', K.Raw],
  ['.string', K.Raw],
  ['.symver', K.Raw],
  ['.version', K.Raw],
  ['.end', K.Raw],
  ['.amdgcn_target', K.Raw],
  ['.cfi_sections', K.Raw],
  ['.cfi_startproc', K.Raw],
  ['.cfi_endproc', K.Raw],
  ['.cfi_def_cfa', K.Raw],
  ['.cfi_def_cfa_offset', K.Raw],
  ['.cfi_def_cfa_register', K.Raw],
  ['.cfi_offset', K.Raw],
  ['.cfi_rel_offset', K.Raw],
  ['.cfi_escape', K.Raw],
  ['.cfi_undefined', K.Raw],
  ['.cfi_register', K.Raw],
  ['.cfi_restore', K.Raw],
  ['.cfi_same_value', K.Raw],
  ['.cfi_llvm_def_aspace_cfa', K.Raw],
  ['.cfi_remember_state', K.Raw],
  ['.cfi_restore_state', K.Raw],
  ['.cfi_return_column', K.Raw],
  ['.cfi_adjust_cfa_offset', K.Raw],
  ['.cfi_window_save', K.Raw],
  ['.cfi_signal_frame', K.Raw],
  ['.cfi_personality', K.Raw],
  ['.cfi_lsda', K.Raw],
  ['.cfi_register', K.Raw],
  ['.cfi_val_offset', K.Raw],
  ['.cfi_llvm_vector_registers', K.Raw],
  ['.ifdef', K.Raw],
  ['.ifndef', K.Raw],
  ['.ifnotdef', K.Raw],
  ['.if', K.Raw],
  // The other conditionals llvm-mc-19 knows (read like `.if`: both branches are checked).
  ['.ifc', K.Raw],
  ['.ifnc', K.Raw],
  ['.ifb', K.Raw],
  ['.ifnb', K.Raw],
  ['.ifeq', K.Raw],
  ['.ifne', K.Raw],
  ['.ifge', K.Raw],
  ['.ifgt', K.Raw],
  ['.ifle', K.Raw],
  ['.iflt', K.Raw],
  ['.ifeqs', K.Raw],
  ['.ifnes', K.Raw],
  ['.elseif', K.Raw],
  ['.else', K.Raw],
  ['.endif', K.Raw],
  ['.reloc', K.Raw],
];

export const DIRECTIVES: ReadonlyMap<string, DirectiveKindValue> = new Map(TABLE);

/** Blocks whose body is passed through untouched: opening directive -> closing directive. */
export const RAW_BLOCKS: ReadonlyMap<string, string> = new Map([
  ['.amdgpu_metadata', '.end_amdgpu_metadata'],
  ['.amdgpu_pal_metadata', '.end_amdgpu_pal_metadata'],
]);

/** Directives llvm-mc-19 knows but refuses on amdhsa, at the token after the name, with its message. */
export const NOT_ON_AMDHSA: ReadonlyMap<string, string> = new Map([
  ['.amd_amdgpu_pal_metadata', '.amd_amdgpu_pal_metadata directive is not available on non-amdpal OSes'],
]);

/** Entries allowed inside `.amdhsa_kernel` (llvm-mc-19, all targets). */
export const AMDHSA_KERNEL_ENTRIES: ReadonlySet<string> = new Set([
  '.amdhsa_group_segment_fixed_size',
  '.amdhsa_private_segment_fixed_size',
  '.amdhsa_kernarg_size',
  '.amdhsa_user_sgpr_count',
  '.amdhsa_user_sgpr_private_segment_buffer',
  '.amdhsa_user_sgpr_dispatch_ptr',
  '.amdhsa_user_sgpr_queue_ptr',
  '.amdhsa_user_sgpr_kernarg_segment_ptr',
  '.amdhsa_user_sgpr_dispatch_id',
  '.amdhsa_user_sgpr_flat_scratch_init',
  '.amdhsa_user_sgpr_kernarg_preload_length',
  '.amdhsa_user_sgpr_kernarg_preload_offset',
  '.amdhsa_user_sgpr_private_segment_size',
  '.amdhsa_wavefront_size32',
  '.amdhsa_uses_dynamic_stack',
  '.amdhsa_system_sgpr_private_segment_wavefront_offset',
  '.amdhsa_enable_private_segment',
  '.amdhsa_system_sgpr_workgroup_id_x',
  '.amdhsa_system_sgpr_workgroup_id_y',
  '.amdhsa_system_sgpr_workgroup_id_z',
  '.amdhsa_system_sgpr_workgroup_info',
  '.amdhsa_system_vgpr_workitem_id',
  '.amdhsa_next_free_vgpr',
  '.amdhsa_next_free_sgpr',
  '.amdhsa_accum_offset',
  '.amdhsa_reserve_vcc',
  '.amdhsa_reserve_flat_scratch',
  '.amdhsa_reserve_xnack_mask',
  '.amdhsa_float_round_mode_32',
  '.amdhsa_float_round_mode_16_64',
  '.amdhsa_float_denorm_mode_32',
  '.amdhsa_float_denorm_mode_16_64',
  '.amdhsa_dx10_clamp',
  '.amdhsa_ieee_mode',
  '.amdhsa_fp16_overflow',
  '.amdhsa_tg_split',
  '.amdhsa_workgroup_processor_mode',
  '.amdhsa_memory_ordered',
  '.amdhsa_forward_progress',
  '.amdhsa_shared_vgpr_count',
  '.amdhsa_round_robin_scheduling',
  '.amdhsa_exception_fp_ieee_invalid_op',
  '.amdhsa_exception_fp_denorm_src',
  '.amdhsa_exception_fp_ieee_div_zero',
  '.amdhsa_exception_fp_ieee_overflow',
  '.amdhsa_exception_fp_ieee_underflow',
  '.amdhsa_exception_fp_ieee_inexact',
  '.amdhsa_exception_int_div_zero',
]);

/**
 * Which processors take an `.amdhsa_` kernel directive, as llvm-mc-19 checks it (with its message):
 * GFX90A/GFX940 only, GFX9+, GFX10+, GFX10-GFX11, GFX12+, before GFX12, and the flat-scratch
 * setup that exists only without (or only with) architected flat scratch (GFX940, GFX11+).
 */
export type AmdhsaAvailability = 'gfx7plus' | 'gfx8plus' | 'gfx90a' | 'gfx9plus' | 'gfx10plus' | 'gfx10to11' | 'gfx12plus' | 'belowGfx12' | 'noArchitectedFlatScratch' | 'architectedFlatScratch';

export interface AmdhsaFieldRule {
  /** Width of the descriptor field: the value must be in 0 … 2^bits-1 ("value out of range"). */
  readonly bits?: number;
  /** Largest value taken, when less than the field holds ("value out of range"). */
  readonly max?: bigint;
  /** Every rule must hold; the first that fails gives the message. */
  readonly availability?: readonly AmdhsaAvailability[];
  /**
   * The value must be known where the directive stands (llvm-mc-19: "directive should have
   * resolvable expression"; a symbol set later does not do): checked before the availability, or
   * after it. The other fields take a value known only later (their descriptor bits are an
   * expression).
   */
  readonly resolved?: 'before' | 'after';
}

/** `.amdhsa_` directives with a field width or an availability rule (measured with llvm-mc-19). */
export const AMDHSA_FIELD_RULES: ReadonlyMap<string, AmdhsaFieldRule> = new Map<string, AmdhsaFieldRule>([
  ['.amdhsa_group_segment_fixed_size', { bits: 32 }],
  ['.amdhsa_private_segment_fixed_size', { bits: 32 }],
  ['.amdhsa_kernarg_size', { bits: 32 }],
  ['.amdhsa_user_sgpr_count', { resolved: 'before' }],
  ['.amdhsa_user_sgpr_private_segment_buffer', { resolved: 'before', bits: 1, availability: ['noArchitectedFlatScratch'] }],
  ['.amdhsa_user_sgpr_dispatch_ptr', { resolved: 'before', bits: 1 }],
  ['.amdhsa_user_sgpr_queue_ptr', { resolved: 'before', bits: 1 }],
  ['.amdhsa_user_sgpr_kernarg_segment_ptr', { resolved: 'before', bits: 1 }],
  ['.amdhsa_user_sgpr_dispatch_id', { resolved: 'before', bits: 1 }],
  ['.amdhsa_user_sgpr_flat_scratch_init', { resolved: 'after', bits: 1, availability: ['noArchitectedFlatScratch'] }],
  // At most the 16 user SGPRs a kernel has (llvm-mc: "value out of range" at the value).
  ['.amdhsa_user_sgpr_kernarg_preload_length', { resolved: 'before', max: 16n, availability: ['gfx90a'] }],
  // A 9-bit field (found by the break differential, seed 2424733: 0x100000000).
  ['.amdhsa_user_sgpr_kernarg_preload_offset', { resolved: 'before', bits: 9, availability: ['gfx90a'] }],
  ['.amdhsa_user_sgpr_private_segment_size', { resolved: 'before', bits: 1 }],
  ['.amdhsa_wavefront_size32', { resolved: 'before', bits: 1, availability: ['gfx10plus'] }],
  ['.amdhsa_uses_dynamic_stack', { bits: 1 }],
  ['.amdhsa_system_sgpr_private_segment_wavefront_offset', { bits: 1, availability: ['noArchitectedFlatScratch'] }],
  ['.amdhsa_enable_private_segment', { bits: 1, availability: ['architectedFlatScratch'] }],
  ['.amdhsa_system_sgpr_workgroup_id_x', { bits: 1 }],
  ['.amdhsa_system_sgpr_workgroup_id_y', { bits: 1 }],
  ['.amdhsa_system_sgpr_workgroup_id_z', { bits: 1 }],
  ['.amdhsa_system_sgpr_workgroup_info', { bits: 1 }],
  ['.amdhsa_system_vgpr_workitem_id', { bits: 2 }],
  ['.amdhsa_accum_offset', { availability: ['gfx90a'] }],
  ['.amdhsa_reserve_vcc', { bits: 1 }],
  ['.amdhsa_reserve_flat_scratch', { bits: 1, availability: ['gfx7plus', 'noArchitectedFlatScratch'] }],
  ['.amdhsa_reserve_xnack_mask', { bits: 1, availability: ['gfx8plus'] }],
  ['.amdhsa_float_round_mode_32', { bits: 2 }],
  ['.amdhsa_float_round_mode_16_64', { bits: 2 }],
  ['.amdhsa_float_denorm_mode_32', { bits: 2 }],
  ['.amdhsa_float_denorm_mode_16_64', { bits: 2 }],
  ['.amdhsa_dx10_clamp', { bits: 1, availability: ['belowGfx12'] }],
  ['.amdhsa_ieee_mode', { bits: 1, availability: ['belowGfx12'] }],
  ['.amdhsa_fp16_overflow', { bits: 1, availability: ['gfx9plus'] }],
  ['.amdhsa_tg_split', { bits: 1, availability: ['gfx90a'] }],
  ['.amdhsa_workgroup_processor_mode', { bits: 1, availability: ['gfx10plus'] }],
  ['.amdhsa_memory_ordered', { bits: 1, availability: ['gfx10plus'] }],
  ['.amdhsa_forward_progress', { bits: 1, availability: ['gfx10plus'] }],
  ['.amdhsa_shared_vgpr_count', { resolved: 'before', bits: 4, availability: ['gfx10to11'] }],
  ['.amdhsa_round_robin_scheduling', { bits: 1, availability: ['gfx12plus'] }],
  ['.amdhsa_exception_fp_ieee_invalid_op', { bits: 1 }],
  ['.amdhsa_exception_fp_denorm_src', { bits: 1 }],
  ['.amdhsa_exception_fp_ieee_div_zero', { bits: 1 }],
  ['.amdhsa_exception_fp_ieee_overflow', { bits: 1 }],
  ['.amdhsa_exception_fp_ieee_underflow', { bits: 1 }],
  ['.amdhsa_exception_fp_ieee_inexact', { bits: 1 }],
  ['.amdhsa_exception_int_div_zero', { bits: 1 }],
]);

/** llvm-mc-19's message when a directive is not available on the processor. */
export const AMDHSA_AVAILABILITY_MESSAGES: Readonly<Record<AmdhsaAvailability, string>> = {
  gfx7plus: 'directive requires gfx7+',
  gfx8plus: 'directive requires gfx8+',
  gfx90a: 'directive requires gfx90a+',
  gfx9plus: 'directive requires gfx9+',
  gfx10plus: 'directive requires gfx10+',
  gfx10to11: 'directive requires gfx10 or gfx11',
  gfx12plus: 'directive requires gfx12+',
  belowGfx12: 'directive unsupported on gfx12+',
  noArchitectedFlatScratch: 'directive is not supported with architected flat scratch',
  architectedFlatScratch: 'directive is not supported without architected flat scratch',
};
