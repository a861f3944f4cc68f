/**
 * Every AMDGPU processor llvm-mc 19 knows (`-mcpu=help`), with its aliases, generation and the
 * per-GPU facts the operand rules depend on. The facts were read off llvm-mc-19 itself (see
 * test/amdgpu/diff/operands.test.ts, which re-checks them).
 */

/** Major hardware generation: GFX6 (SI) … GFX12. */
export type Generation = 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface AmdgpuTarget {
  /** Canonical name, e.g. "gfx90a". */
  readonly name: string;
  /** Marketing/code names accepted by -mcpu, e.g. ["tahiti"]. */
  readonly aliases: readonly string[];
  readonly generation: Generation;
  /** Family label as the spec writes it: "GFX6" … "GFX12". */
  readonly family: string;
  /** XNACK supported, so xnack_mask is an operand (carrizo, stoney, every GFX9). */
  readonly xnack: boolean;
  /** Accumulation registers (a0…a255): gfx908, gfx90a, gfx940-942. */
  readonly agprs: boolean;
  /** VGPR/AGPR tuples must be even-aligned (GFX90A, GFX940). */
  readonly alignedVgprTuples: boolean;
  /** lds_direct is an operand (not on gfx90a, gfx940-942, GFX11+). */
  readonly ldsDirect: boolean;
  /** 1/(2*pi) inline constant (GFX8+). */
  readonly inv2Pi: boolean;
  /** 16-bit instructions exist (GFX8+). */
  readonly has16BitInsts: boolean;
  /** GFX940 family (gfx940, gfx941, gfx942). */
  readonly isGfx940: boolean;
  /**
   * llvm-mc-19's `generic` and `generic-hsa`: processors with no generation feature. They are
   * checked as GFX6 (`generation` 6) but for what the generation's own features decide in
   * llvm-mc-19: the instructions of features they lack (MIMG, v_movrel*, v_mad/mac_f32, ds src2,
   * s_memtime; data/generic-target.ts), SI's refusal of flat_scratch and of SMRD cache policies
   * (they take `glc`), and no LDS (`.amdgpu_lds`).
   */
  readonly generic: boolean;
  /** Major ISA version llvm-mc-19 gives the name (the `.amdhsa_` fields' gfxN+ gates): the generation, 6 for `generic`, 7 for `generic-hsa`. */
  readonly isaMajor: number;
  /** Processor name in the target id (`.amdgcn_target`, `.amd_amdgpu_isa`): the name, gfx600 for `generic`, gfx700 for `generic-hsa`. */
  readonly idName: string;
  /**
   * The wave sizes the assembler takes (llvm-mc-19's WavefrontSize32/64 features): by default wave64
   * before GFX10 and wave32 from GFX10; `-mattr` may give the other, or both (features.ts). A lane
   * mask (VCC, a compare's or a carry's SGPRs) is then 32 bits (`vcc_lo`, `s0`), 64 (`vcc`,
   * `s[0:1]`) or either.
   */
  readonly wave32: boolean;
  readonly wave64: boolean;
  /**
   * The target id's feature part as llvm-mc-19 gives it on amdhsa from `-mattr` (`:sramecc+:xnack-`;
   * empty for the default "any", and for a feature the processor does not support): withTargetIdFeatures.
   */
  readonly idFeatures: string;
  /** `-mattr=-xnack` on a processor that supports XNACK: `.amdhsa_reserve_xnack_mask` must be 0. */
  readonly xnackOff: boolean;
  /** Name of the processor with these features, for caches: the name, with `+wave64` etc. when not the default (withWaveSizes). */
  readonly key: string;
}

interface Row {
  name: string;
  aliases?: string[];
  gen: Generation;
  xnack?: boolean;
  agprs?: boolean;
  aligned?: boolean;
  noLdsDirect?: boolean;
  gfx940?: boolean;
  generic?: boolean;
  isa?: number;
  id?: string;
}

const ROWS: Row[] = [
  { name: 'generic', gen: 6, generic: true, id: 'gfx600' },
  { name: 'generic-hsa', gen: 6, generic: true, isa: 7, id: 'gfx700' },
  { name: 'gfx600', aliases: ['tahiti'], gen: 6 },
  { name: 'gfx601', aliases: ['pitcairn', 'verde'], gen: 6 },
  { name: 'gfx602', aliases: ['hainan', 'oland'], gen: 6 },
  { name: 'gfx700', aliases: ['kaveri'], gen: 7 },
  { name: 'gfx701', aliases: ['hawaii'], gen: 7 },
  { name: 'gfx702', gen: 7 },
  { name: 'gfx703', aliases: ['kabini', 'mullins'], gen: 7 },
  { name: 'gfx704', aliases: ['bonaire'], gen: 7 },
  { name: 'gfx705', gen: 7 },
  { name: 'gfx801', aliases: ['carrizo'], gen: 8, xnack: true },
  { name: 'gfx802', aliases: ['iceland', 'tonga'], gen: 8 },
  { name: 'gfx803', aliases: ['fiji', 'polaris10', 'polaris11'], gen: 8 },
  { name: 'gfx805', aliases: ['tongapro'], gen: 8 },
  { name: 'gfx810', aliases: ['stoney'], gen: 8, xnack: true },
  { name: 'gfx9-generic', gen: 9, xnack: true },
  { name: 'gfx900', gen: 9, xnack: true },
  { name: 'gfx902', gen: 9, xnack: true },
  { name: 'gfx904', gen: 9, xnack: true },
  { name: 'gfx906', gen: 9, xnack: true },
  { name: 'gfx908', gen: 9, xnack: true, agprs: true },
  { name: 'gfx909', gen: 9, xnack: true },
  { name: 'gfx90a', gen: 9, xnack: true, agprs: true, aligned: true, noLdsDirect: true },
  { name: 'gfx90c', gen: 9, xnack: true },
  { name: 'gfx940', gen: 9, xnack: true, agprs: true, aligned: true, noLdsDirect: true, gfx940: true },
  { name: 'gfx941', gen: 9, xnack: true, agprs: true, aligned: true, noLdsDirect: true, gfx940: true },
  { name: 'gfx942', gen: 9, xnack: true, agprs: true, aligned: true, noLdsDirect: true, gfx940: true },
  { name: 'gfx10-1-generic', gen: 10 },
  { name: 'gfx1010', gen: 10 },
  { name: 'gfx1011', gen: 10 },
  { name: 'gfx1012', gen: 10 },
  { name: 'gfx1013', gen: 10 },
  { name: 'gfx10-3-generic', gen: 10 },
  { name: 'gfx1030', gen: 10 },
  { name: 'gfx1031', gen: 10 },
  { name: 'gfx1032', gen: 10 },
  { name: 'gfx1033', gen: 10 },
  { name: 'gfx1034', gen: 10 },
  { name: 'gfx1035', gen: 10 },
  { name: 'gfx1036', gen: 10 },
  { name: 'gfx11-generic', gen: 11, noLdsDirect: true },
  { name: 'gfx1100', gen: 11, noLdsDirect: true },
  { name: 'gfx1101', gen: 11, noLdsDirect: true },
  { name: 'gfx1102', gen: 11, noLdsDirect: true },
  { name: 'gfx1103', gen: 11, noLdsDirect: true },
  { name: 'gfx1150', gen: 11, noLdsDirect: true },
  { name: 'gfx1151', gen: 11, noLdsDirect: true },
  { name: 'gfx1152', gen: 11, noLdsDirect: true },
  { name: 'gfx12-generic', gen: 12, noLdsDirect: true },
  { name: 'gfx1200', gen: 12, noLdsDirect: true },
  { name: 'gfx1201', gen: 12, noLdsDirect: true },
];

function build(r: Row): AmdgpuTarget {
  return Object.freeze({
    name: r.name,
    aliases: Object.freeze(r.aliases ?? []),
    generation: r.gen,
    family: `GFX${r.gen}`,
    xnack: r.xnack ?? false,
    agprs: r.agprs ?? false,
    alignedVgprTuples: r.aligned ?? false,
    ldsDirect: !(r.noLdsDirect ?? false),
    inv2Pi: r.gen >= 8,
    has16BitInsts: r.gen >= 8,
    isGfx940: r.gfx940 ?? false,
    generic: r.generic ?? false,
    isaMajor: r.isa ?? r.gen,
    idName: r.id ?? r.name,
    wave32: r.gen >= 10,
    wave64: r.gen < 10,
    idFeatures: '',
    xnackOff: false,
    key: r.name,
  });
}

/** XNACK replay is supported (the default target id has xnack "any"): GFX8 APUs, GFX9, GFX10.1 (gfx10-1-generic too). */
export function supportsXnack(t: AmdgpuTarget): boolean {
  return t.xnack || /^gfx101[0-3]$/.test(t.name) || t.name === 'gfx10-1-generic';
}

/** SRAM ECC is a target-id feature (measured with llvm-mc-19's `-mattr=+sramecc`): gfx906, gfx908, gfx90a, gfx940-942. */
export function supportsSramEcc(t: AmdgpuTarget): boolean {
  return t.name === 'gfx906' || t.name === 'gfx908' || t.name === 'gfx90a' || t.isGfx940;
}

/**
 * The target with `-mattr`'s xnack and sramecc words (true on, false off, undefined not given) as
 * llvm-mc-19 puts them in the target id: `:sramecc±` before `:xnack±`, each only where the
 * processor supports it (elsewhere llvm-mc-19 ignores the word). The same object when nothing changes.
 */
export function withTargetIdFeatures(t: AmdgpuTarget, xnack: boolean | undefined, sramecc: boolean | undefined): AmdgpuTarget {
  const x = xnack !== undefined && supportsXnack(t) ? xnack : undefined;
  const e = sramecc !== undefined && supportsSramEcc(t) ? sramecc : undefined;
  if (x === undefined && e === undefined) return t;
  const idFeatures = `${e === undefined ? '' : e ? ':sramecc+' : ':sramecc-'}${x === undefined ? '' : x ? ':xnack+' : ':xnack-'}`;
  return Object.freeze({ ...t, idFeatures, xnackOff: x === false, key: `${t.key}${idFeatures}` });
}

/** The target with other wave sizes (the same object for its own): a copy whose `key` tells the caches apart. */
export function withWaveSizes(t: AmdgpuTarget, wave32: boolean, wave64: boolean): AmdgpuTarget {
  if (t.wave32 === wave32 && t.wave64 === wave64) return t;
  const base = findTarget(t.name)!;
  if (base.wave32 === wave32 && base.wave64 === wave64) return base;
  return Object.freeze({ ...base, wave32, wave64, key: `${base.name}${wave32 ? '+wave32' : ''}${wave64 ? '+wave64' : ''}` });
}

/** All targets in -mcpu=help order of generations. */
export const AMDGPU_TARGETS: readonly AmdgpuTarget[] = Object.freeze(ROWS.map(build));

const BY_NAME = new Map<string, AmdgpuTarget>();
for (const t of AMDGPU_TARGETS) {
  BY_NAME.set(t.name, t);
  for (const a of t.aliases) BY_NAME.set(a, t);
}

/** Looks a processor up by canonical name or alias (case-sensitive, as -mcpu is); undefined if unknown. */
export function findTarget(mcpu: string): AmdgpuTarget | undefined {
  return BY_NAME.get(mcpu);
}

/** Every accepted -mcpu spelling (names and aliases), sorted. */
export function targetNames(): string[] {
  return [...BY_NAME.keys()].sort();
}

/** SGPRs usable as operands: s0…s103 on GFX6-7, s0…s101 on GFX8-9 (flat_scratch takes 102-103), s0…s105 on GFX10+. */
export function sgprCount(t: AmdgpuTarget): number {
  return t.generation <= 7 ? 104 : t.generation <= 9 ? 102 : 106;
}

/** ttmp registers: 12 before GFX9, 16 from GFX9. */
export function ttmpCount(t: AmdgpuTarget): number {
  return t.generation <= 8 ? 12 : 16;
}

/** Source code of ttmp0: 112 before GFX9, 108 from GFX9 (where tba/tma are gone). */
export function ttmpBase(t: AmdgpuTarget): number {
  return t.generation <= 8 ? 112 : 108;
}
