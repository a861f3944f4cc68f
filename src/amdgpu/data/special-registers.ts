/**
 * Special registers and symbolic inline values of the spec ("Operands": tba, tma, flat_scratch,
 * xnack_mask, vcc, m0, exec, vccz, execz, scc, lds_direct, null, ival), with widths, 9-bit source
 * codes and availability. Codes and availability checked against llvm-mc-19 (v_mov_b32_e32 src0).
 */
import type { AmdgpuTarget } from '../targets.js';

/** Which rule makes a special register unavailable; decides the wording llvm-mc uses. */
export type Availability =
  | 'all'
  | 'gfx7to9' // flat_scratch: CI, VI, GFX9 (and generic, which is no SI)
  | 'xnack' // xnack_mask: GFX8/9 with XNACK
  | 'gfx6to8' // tba, tma
  | 'gfx10plus' // null
  | 'gfx9plus' // shared/private base/limit
  | 'gfx9to10' // pops_exiting_wave_id
  | 'upToGfx10' // vccz, execz
  | 'ldsDirect' // lds_direct
  | 'never'; // pc: parsed as a register, never a source operand

export interface SpecialRegister {
  /** Canonical name as llvm-mc prints it. */
  readonly name: string;
  /** 32 or 64 bits; the SP3 list syntax combines two 32-bit halves into a 64-bit one. */
  readonly width: 32 | 64;
  /** For 64-bit registers: the names of the halves; for halves: the 64-bit register. */
  readonly lo?: string;
  readonly hi?: string;
  readonly availability: Availability;
  /** Symbolic inline value (src_*): an inline constant, not a register. */
  readonly inlineValue?: boolean;
}

const R = (name: string, width: 32 | 64, availability: Availability, extra: Partial<SpecialRegister> = {}): SpecialRegister =>
  Object.freeze({ name, width, availability, ...extra });

/** Canonical special registers. */
export const SPECIAL_REGISTERS: readonly SpecialRegister[] = [
  R('exec', 64, 'all', { lo: 'exec_lo', hi: 'exec_hi' }),
  R('exec_lo', 32, 'all'),
  R('exec_hi', 32, 'all'),
  R('vcc', 64, 'all', { lo: 'vcc_lo', hi: 'vcc_hi' }),
  R('vcc_lo', 32, 'all'),
  R('vcc_hi', 32, 'all'),
  R('flat_scratch', 64, 'gfx7to9', { lo: 'flat_scratch_lo', hi: 'flat_scratch_hi' }),
  R('flat_scratch_lo', 32, 'gfx7to9'),
  R('flat_scratch_hi', 32, 'gfx7to9'),
  R('xnack_mask', 64, 'xnack', { lo: 'xnack_mask_lo', hi: 'xnack_mask_hi' }),
  R('xnack_mask_lo', 32, 'xnack'),
  R('xnack_mask_hi', 32, 'xnack'),
  R('tba', 64, 'gfx6to8', { lo: 'tba_lo', hi: 'tba_hi' }),
  R('tba_lo', 32, 'gfx6to8'),
  R('tba_hi', 32, 'gfx6to8'),
  R('tma', 64, 'gfx6to8', { lo: 'tma_lo', hi: 'tma_hi' }),
  R('tma_lo', 32, 'gfx6to8'),
  R('tma_hi', 32, 'gfx6to8'),
  R('m0', 32, 'all'),
  R('null', 32, 'gfx10plus'),
  R('src_shared_base', 64, 'gfx9plus', { inlineValue: true }),
  R('src_shared_limit', 64, 'gfx9plus', { inlineValue: true }),
  R('src_private_base', 64, 'gfx9plus', { inlineValue: true }),
  R('src_private_limit', 64, 'gfx9plus', { inlineValue: true }),
  R('src_pops_exiting_wave_id', 32, 'gfx9to10', { inlineValue: true }),
  R('src_vccz', 32, 'upToGfx10', { inlineValue: true }),
  R('src_execz', 32, 'upToGfx10', { inlineValue: true }),
  R('src_scc', 32, 'all', { inlineValue: true }),
  R('src_lds_direct', 32, 'ldsDirect', { inlineValue: true }),
  R('pc', 64, 'never'),
];

const CANONICAL = new Map(SPECIAL_REGISTERS.map((r) => [r.name, r]));

/** Spellings (case-sensitive, as llvm-mc) to canonical registers; the src_ forms and their short aliases. */
export const SPECIAL_REGISTER_NAMES: ReadonlyMap<string, SpecialRegister> = (() => {
  const m = new Map<string, SpecialRegister>(CANONICAL);
  const alias: [string, string][] = [
    ['shared_base', 'src_shared_base'],
    ['shared_limit', 'src_shared_limit'],
    ['private_base', 'src_private_base'],
    ['private_limit', 'src_private_limit'],
    ['pops_exiting_wave_id', 'src_pops_exiting_wave_id'],
    ['vccz', 'src_vccz'],
    ['execz', 'src_execz'],
    ['scc', 'src_scc'],
    ['lds_direct', 'src_lds_direct'],
  ];
  for (const [a, c] of alias) m.set(a, CANONICAL.get(c)!);
  return m;
})();

export function specialRegister(name: string): SpecialRegister | undefined {
  return CANONICAL.get(name);
}

/** Whether the register exists on the target (as an operand). */
export function isSpecialAvailable(r: SpecialRegister, t: AmdgpuTarget): boolean {
  const g = t.generation;
  switch (r.availability) {
    case 'all':
      return true;
    case 'gfx7to9':
      // (and llvm-mc-19's generic processors, which are no SI)
      return (g >= 7 && g <= 9) || t.generic;
    case 'xnack':
      return (g === 8 || g === 9) && t.xnack;
    case 'gfx6to8':
      return g <= 8;
    case 'gfx10plus':
      return g >= 10;
    case 'gfx9plus':
      return g >= 9;
    case 'gfx9to10':
      return g === 9 || g === 10;
    case 'upToGfx10':
      return g <= 10;
    case 'ldsDirect':
      return t.ldsDirect;
    case 'never':
      return true;
  }
}

/** llvm-mc's wording when a special register is unavailable. */
export function unavailableMessage(r: SpecialRegister): string {
  switch (r.availability) {
    case 'gfx10plus':
      return "'null' operand is not supported on this GPU";
    case 'upToGfx10':
      return 'execz and vccz are not supported on this GPU';
    case 'ldsDirect':
      return 'lds_direct is not supported on this GPU';
    default:
      return `${r.name} register not available on this GPU`;
  }
}

/** 9-bit source code of a (32-bit or low half of a 64-bit) special register on a target; undefined for pc. */
export function specialSourceCode(r: SpecialRegister, t: AmdgpuTarget): number | undefined {
  const g = t.generation;
  switch (r.name) {
    case 'exec':
    case 'exec_lo':
      return 126;
    case 'exec_hi':
      return 127;
    case 'vcc':
    case 'vcc_lo':
      return 106;
    case 'vcc_hi':
      return 107;
    case 'flat_scratch':
    case 'flat_scratch_lo':
      return g === 7 ? 104 : 102;
    case 'flat_scratch_hi':
      return g === 7 ? 105 : 103;
    case 'xnack_mask':
    case 'xnack_mask_lo':
      return 104;
    case 'xnack_mask_hi':
      return 105;
    case 'tba':
    case 'tba_lo':
      return 108;
    case 'tba_hi':
      return 109;
    case 'tma':
    case 'tma_lo':
      return 110;
    case 'tma_hi':
      return 111;
    case 'm0':
      return g >= 11 ? 125 : 124;
    case 'null':
      return g >= 11 ? 124 : 125;
    case 'src_shared_base':
      return 235;
    case 'src_shared_limit':
      return 236;
    case 'src_private_base':
      return 237;
    case 'src_private_limit':
      return 238;
    case 'src_pops_exiting_wave_id':
      return 239;
    case 'src_vccz':
      return 251;
    case 'src_execz':
      return 252;
    case 'src_scc':
      return 253;
    case 'src_lds_direct':
      return 254;
    default:
      return undefined;
  }
}
