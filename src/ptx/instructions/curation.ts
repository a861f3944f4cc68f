/**
 * Curated instruction facts: what ptxas 13.0 accepts beyond the Syntax blocks, and the versions and
 * targets of forms and words. Every entry here was decided by running ptxas (see
 * docs/ptx-instructions.md for how, and docs/divergences.md for where the text and ptxas differ).
 */
import { FAMILY_GATES } from './gates.generated.js';
import { MEASURED_FAMILY_GATES, MEASURED_WORD_GATES } from './gates.measured.js';

/**
 * The manual's family floors, their gaps filled by what ptxas required of the corpus (a version or
 * a target the notes do not give as a plain floor; see scripts/harvest-ptx-gates.mjs).
 */
function familyGates(): Record<string, Gate> {
  const out: Record<string, Gate> = { ...FAMILY_GATES };
  for (const [family, m] of Object.entries(MEASURED_FAMILY_GATES)) {
    if (NOT_FAMILY_GATES.has(family)) continue;
    const g = out[family] ?? {};
    out[family] = { ...g, ...(g.ptx === undefined && m.ptx !== undefined ? { ptx: m.ptx } : {}), ...(g.sm === undefined && m.sm !== undefined ? { sm: m.sm } : {}) };
  }
  for (const [family, sm] of Object.entries(ARCH_SPECIFIC_FAMILIES)) out[family] = { ...(out[family] ?? {}), sm };
  return out;
}

/**
 * Harvested family floors that hold only for the corpus's forms: suld.b, sust.b, suq and txq with a
 * named handle are taken at .version 1.5 on sm_10 (measured with ptxas 13.0); the corpus's used a
 * handle in a register (3.1 and sm_20, checked by the instruction layer) or words gated below.
 */
const NOT_FAMILY_GATES: ReadonlySet<string> = new Set(['suld', 'sust', 'suq', 'txq']);

/**
 * Families of architecture-specific targets only (measured with ptxas 13.0 on sm_90, sm_90a, sm_100,
 * sm_100a/f, sm_103a, sm_110a/f, sm_120, sm_120a, sm_121a: "Instruction 'wgmma.fence' not supported
 * on .target 'sm_90'"); the corpus harvest, on `a` targets only, gave none of these.
 */
const TCGEN05: readonly string[] = ['sm_100f', 'sm_110f'];
const ARCH_SPECIFIC_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  'wgmma.fence': ['sm_90a'],
  'wgmma.commit_group': ['sm_90a'],
  'wgmma.wait_group': ['sm_90a'],
  'wgmma.mma_async': ['sm_90a'],
  'wgmma.mma_async.sp': ['sm_90a'],
  setmaxnreg: ['sm_90a', 'sm_100f', 'sm_110f', 'sm_120f'],
  'tensormap.replace': ['sm_90a', 'sm_100f', 'sm_110f', 'sm_120f'],
  'tcgen05.alloc': TCGEN05,
  'tcgen05.commit': TCGEN05,
  'tcgen05.cp': TCGEN05,
  'tcgen05.fence': TCGEN05,
  'tcgen05.ld': TCGEN05,
  'tcgen05.st': TCGEN05,
  'tcgen05.wait': TCGEN05,
  'tcgen05.mma': TCGEN05,
  'tcgen05.mma.sp': TCGEN05,
  'tcgen05.mma.ws': TCGEN05,
  'tcgen05.mma.ws.sp': TCGEN05,
  // sm_100a, sm_103a and sm_110a, not their `f` targets.
  'tcgen05.shift': ['sm_100a', 'sm_103a', 'sm_110a'],
};

/**
 * The harvested word gates, the hand-measured ones over them (a harvested gate is the word's own
 * message only, a lower bound: `setp.lt.bf16` names '.bf16' for sm_80 and 'setp.bf16' for sm_90).
 */
function wordGates(hand: Record<string, Record<string, Gate>>): Record<string, Record<string, Gate>> {
  const out: Record<string, Record<string, Gate>> = {};
  for (const [family, words] of Object.entries(MEASURED_WORD_GATES)) {
    const kept = Object.entries(words).filter(([w]) => !NOT_WORD_GATES[family]?.includes(w));
    out[family] = Object.fromEntries(kept);
  }
  for (const [family, words] of Object.entries(hand)) out[family] = { ...(out[family] ?? {}), ...words };
  return out;
}

/**
 * Harvested word gates that hold only with the other words of the corpus's instructions: mma's
 * `.and` needs sm_80 with `.b1` (the corpus), sm_75 with `.s4`/`.u4` (near-miss test, ptxas 13.0).
 */
const NOT_WORD_GATES: Readonly<Record<string, readonly string[]>> = {
  mma: ['.and'],
};
import type { Curation, Gate, SetPatch } from './types.js';

/** The surface instructions' clamp modes and geometries (measured with ptxas 13.0 on suld.b and sust.b, .version 1.5 to 5.0, sm_10 to sm_30). */
const SURFACE_WORDS: Readonly<Record<string, Gate>> = {
  '.clamp': { ptx: '2.0' },
  '.zero': { ptx: '2.0' },
  '.3d': { ptx: '3.0', sm: ['sm_20'] },
  '.a1d': { ptx: '3.0', sm: ['sm_20'] },
  '.a2d': { ptx: '3.0', sm: ['sm_20'] },
};

/** f16 arithmetic and comparisons (measured). */
const F16: Gate = { ptx: '4.2', sm: ['sm_53'] };
const SM20: Gate = { sm: ['sm_20'] };
/** "Feature '.cc with 64bit type' requires PTX ISA .version 4.3 or later" / "requires .target sm_20 or higher" (measured on add.cc, sub.cc, addc.cc, mad.lo.cc). */
const V14: Gate = { ptx: '1.4' };
/**
 * atom/red `.and`/`.or`/`.xor` `.b64` and `.min`/`.max` `.u64`/`.s64`, in every state space: "Instruction
 * 'atom.and.b64 with generic state space' requires .target sm_32 or higher" (`'red.max.s64.shared'`, ...)
 * / "requires PTX ISA .version 3.1 or later"; `.add.u64`, `.exch.b64` and `.cas.b64` have no such floor
 * (measured with ptxas 13.0 on sm_20, sm_30, sm_32 and sm_35 at 3.0 to 7.0; found by retargeting
 * llc-19's output to sm_20/sm_30).
 */
const SM32_31: Gate = { ptx: '3.1', sm: ['sm_32'] };
const ATOM_64_BIT_LOGIC: Record<string, Gate> = Object.fromEntries(
  ['.and+.b64', '.or+.b64', '.xor+.b64', '.min+.u64', '.min+.s64', '.max+.u64', '.max+.s64'].map((k) => [k, SM32_31]),
);

const SM52_73: Gate = { ptx: '7.3', sm: ['sm_52'] };
const STACK_SM52: Record<string, Gate> = { '.u32': SM52_73, '.u64': SM52_73 };

/** "Feature 'scopes on atomic operations' requires .target sm_60 or higher" / ".version 5.0" (atom, red). */
const ATOM_SCOPES: Record<string, Gate> = { '.cta': { ptx: '5.0', sm: ['sm_60'] }, '.gpu': { ptx: '5.0', sm: ['sm_60'] }, '.sys': { ptx: '5.0', sm: ['sm_60'] } };
const CC64: Gate = { ptx: '4.3', sm: ['sm_20'] };
const V81: Gate = { ptx: '8.1' };
const SURED_64: Record<string, Gate> = Object.fromEntries(['.min+.s64', '.min+.u64', '.max+.s64', '.max+.u64'].map((k) => [`.b+${k}`, V81]));
/** cvta/isspacep `.param::entry`: '::entry' at 8.3 and the `.param` space's sm_70. */
const PARAM_ENTRY_SPACE: Gate = { ptx: '8.3', sm: ['sm_70'] };
/** ld/st's L1 eviction words (measured with ptxas 13.0: .version 7.4 and sm_70). */
const L1_GATE: Gate = { ptx: '7.4', sm: ['sm_70'] };
const L1_EVICTION: Record<string, Gate> = { '.L1::no_allocate': L1_GATE, '.L1::evict_last': L1_GATE, '.L1::evict_first': L1_GATE, '.L1::evict_normal': L1_GATE, '.L1::evict_unchanged': L1_GATE };
/**
 * ld/st of 256 bits, .v8 of a 32-bit type or .v4 of a 64-bit one: "Feature '256 bit wide load/store'
 * requires .target sm_100 or higher" (.version 8.8). `.v8` of 8- and 16-bit types is 128 bits or
 * less and older (measured: `st.global.v8.b16`, `ld.global.v8.u8` taken at .version 8.3, sm_90).
 */
const WIDE_GATE: Gate = { ptx: '8.8', sm: ['sm_100'] };
const WIDE_ACCESS: Record<string, Gate> = Object.fromEntries([
  ...['.b32', '.u32', '.s32', '.f32'].map((t) => [`.v8+${t}`, WIDE_GATE]),
  ...['.b64', '.u64', '.s64', '.f64'].map((t) => [`.v4+${t}`, WIDE_GATE]),
]);

/**
 * Roundings on sm_1x targets (measured with ptxas 13.0 on .target sm_10 and sm_13 at .version 1.3,
 * 1.4 and 2.3; "Illegal rounding modifier", "Instruction 'div.rnd.f32' requires .target sm_20 or
 * higher"): add/sub/mul `.f32` round only `.rn`/`.rz` there, and `.f64` (sm_10 demotes it to
 * `.f32`) only those below sm_13; div/sqrt/rcp `.f32` take no rounding before sm_20, `.f64` only
 * `.rn`; mad `.f32` takes no rounding, `.f64` as add's.
 */
const RM_RP_F32: Record<string, Gate> = { '.rm+.f32': SM20, '.rp+.f32': SM20, '.rm+.f64': { sm: ['sm_13'] }, '.rp+.f64': { sm: ['sm_13'] } };
const ROUNDED_SM20: Record<string, Gate> = { '.rn+.f32': SM20, '.rz+.f32': SM20, '.rm+.f32': SM20, '.rp+.f32': SM20, '.rz+.f64': SM20, '.rm+.f64': SM20, '.rp+.f64': SM20 };

/**
 * The L2 words, the same in every family that takes them (measured on ld, ld.global.nc, st, atom,
 * red, cp.async): "Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later" / ".target
 * sm_80"; "Feature 'cache prefetching' requires .target sm_75 or higher" (and .version 7.4),
 * `.L2::256B` sm_80.
 */
const L2_WORDS: Record<string, Gate> = {
  '.L2::cache_hint': { ptx: '7.4', sm: ['sm_80'] },
  '.L2::64B': { ptx: '7.4', sm: ['sm_75'] },
  '.L2::128B': { ptx: '7.4', sm: ['sm_75'] },
  '.L2::256B': { ptx: '7.4', sm: ['sm_80'] },
};

/**
 * mma and mma.sp with `.kind::` (measured with ptxas 13.0): "Feature '.kind::f8f6f4' not supported
 * on .target 'sm_90'" (sm_100a/f, sm_103a/f, sm_110a/f, sm_120a/f, sm_121a/f take it, the plain
 * targets do not); "Instruction 'mma with with FP6/FP4 floating point type' not supported on
 * .target 'sm_100a'" and "Instruction 'mma with block scale' not supported ..." (sm_120a/f and
 * sm_121a/f only), both "requires PTX ISA .version 8.7 or later".
 */
const SM120F_87: Gate = { ptx: '8.7', sm: ['sm_120f'] };
const MMA_KIND_WORDS: Record<string, Gate> = {
  '.kind::f8f6f4': { sm: ['sm_100f', 'sm_110f', 'sm_120f'] },
  '.block_scale': SM120F_87,
  '.e3m2': SM120F_87,
  '.e2m3': SM120F_87,
  '.e2m1': SM120F_87,
};

/**
 * Sparse mma of FP8 (.e4m3/.e5m2, with or without `.kind::f8f6f4`) into an .f16 accumulator (measured
 * with ptxas 13.0, found on CUTLASS's SM120 sparse MMA atoms): "Instruction 'mma with with F16
 * accumulator and F8 floating point type' not supported on .target 'sm_100a'" (sm_89, sm_90a,
 * sm_100a/f, sm_103a/f, sm_110a/f, plain sm_120 and sm_121 too; sm_120a/f and sm_121a/f take it) and
 * "requires PTX ISA .version 8.7 or later". The dense forms take .f16 on every FP8 target.
 */
const SPARSE_F8_F16: Record<string, Gate> = { '.f16+.e4m3': SM120F_87, '.f16+.e5m2': SM120F_87 };
/** add/sub/mul/fma `.f32x2`: "Feature 'add.f32x2' requires .target sm_100 or higher" / "PTX ISA .version 8.6" (measured, found on ThunderKittens). */
const F32X2: Gate = { ptx: '8.6', sm: ['sm_100'] };
/** The 4-row gather/scatter tensor modes (see wordGates). */
const GATHER4: Gate = { ptx: '8.6', sm: ['sm_100f', 'sm_110f'] };
/** st.async/red.async to global memory, and `.mmio` (see wordGates). */
const ASYNC_GLOBAL: Gate = { ptx: '8.7', sm: ['sm_100'] };
/** st.async's and red.async's words with that floor: `.global`, `.mmio`, `.release`. */
const ASYNC_WORD_GATES: Record<string, Gate> = { '.global': ASYNC_GLOBAL, '.mmio': ASYNC_GLOBAL, '.release': ASYNC_GLOBAL };

/** red.async's operations and types in its global-memory form without the mbarrier (extraBlocks). */
const RED_ASYNC_GLOBAL_OPS: readonly { op: readonly string[]; type: readonly string[] }[] = [
  { op: ['.add'], type: ['.u32', '.s32', '.u64', '.s64'] },
  { op: ['.min', '.max'], type: ['.u32', '.s32'] },
  { op: ['.inc', '.dec'], type: ['.u32'] },
  { op: ['.and', '.or', '.xor'], type: ['.b32'] },
];
/**
 * add/sub/fma `.f32.f16`/`.f32.bf16` (mixed precision): "Feature 'add.f32.bf16' requires .target sm_100 or
 * higher" / "PTX ISA .version 8.6" (measured with ptxas 13.0, found on TransformerEngine and DeepEP).
 */
const MIXED_F32: Record<string, Gate> = { '.f32+.f16': F32X2, '.f32+.bf16': F32X2 };
/**
 * sm_90 and .version 7.8: add, sub, mul and red of .bf16/.bf16x2: "Feature 'mul.bf16x2' requires .target sm_90 or higher" (add/sub .bf16x2: found by retargeting NVIDIA/warp's inline PTX), "Instruction 'red.add.bf16.global'
 * requires .target sm_90" / ".version 7.8"; min/max of .s16x2/.u16x2: sm_90 and 8.0 (measured with ptxas 13.0 on sm_80 and sm_90);
 * and the other wordGates that use it (bf16 tanh/ex2/set/setp, .f64 mma shapes, cvt .tf32 roundings).
 */
const SM90_78: Gate = { ptx: '7.8', sm: ['sm_90'] };
/** sm_80 and .version 7.0 (the Ampere words: bf16/tf32 types, `.shared::cta`, min/max's half types, wmma's new shapes). */
const SM80_70: Gate = { ptx: '7.0', sm: ['sm_80'] };
/**
 * multimem's FP8 types: "Feature '.e4m3x4' not supported on .target 'sm_90a'" (and sm_100, sm_110,
 * sm_120, sm_120f, sm_121f) / "requires PTX ISA .version 8.6" (measured with ptxas 13.0 on sm_90a to
 * sm_121f, found by retargeting microsoft/mscclpp's inline PTX): the a/f targets of sm_100 and sm_110,
 * sm_120a and sm_121a.
 */
const MULTIMEM_FP8: Gate = { ptx: '8.6', sm: ['sm_100f', 'sm_110f', 'sm_120a', 'sm_121a'] };
/**
 * min/max `.abs` and `.xorsign` (every type, the three-source `.abs` form too): "Feature '.abs' requires .target sm_86 or
 * higher" / "PTX ISA .version 7.2 or later", "Modifier '.xorsign' requires .target sm_86" (measured with ptxas 13.0 on
 * sm_80, sm_86 at 7.1 and 7.2, sm_90, sm_100).
 */
const XORSIGN_ABS: Record<string, Gate> = { '.abs': { ptx: '7.2', sm: ['sm_86'] }, '.xorsign': { ptx: '7.2', sm: ['sm_86'] } };
const PACKED16: Record<string, Gate> = { '.s16x2': { ptx: '8.0', sm: ['sm_90'] }, '.u16x2': { ptx: '8.0', sm: ['sm_90'] } };
/** The a/f targets of sm_100 to sm_121: the 8-bit matrix shapes of ldmatrix/stmatrix, clusterlaunchcontrol's multicast (see wordGates). */
const AF_SM100_UP: Gate = { sm: ['sm_100f', 'sm_110f', 'sm_120f'] };

/** tcgen05.mma's words (see wordGates below). */
const TCGEN05_I8: Gate = { sm: ['sm_100a', 'sm_110a'] };
const TCGEN05_MMA_WORDS: Record<string, Gate> = {
  '.kind::i8': TCGEN05_I8,
  '.kind::mxf4nvf4': { ptx: '8.7' },
  '.block16': { ptx: '8.8' },
  '.block32': { ptx: '8.8' },
};

/** The architecture-specific tcgen05 targets (not their `f` targets) and the words only they take (see wordGates). */
const TCGEN05_ARCH: Gate = { sm: ['sm_100a', 'sm_103a', 'sm_110a'] };
const TCGEN05_SCALE_VEC_WORDS: Record<string, Gate> = { '.scale_vec::1X': TCGEN05_ARCH, '.scale_vec::2X': TCGEN05_ARCH, '.scale_vec::4X': TCGEN05_ARCH };

/** The `.kind::mxf4nvf4` block-scale forms: 2X with `.ue8m0` (the Syntax block, narrowed), 4X with `.ue4m3` (an extra block). */
const MXF4NVF4_4X = { kind: ['.kind::mxf4nvf4'], scale_vec_size: ['.scale_vec::4X'], stype: ['.ue4m3'] };
const MXF4NVF4_2X: SetPatch[] = [
  { set: 'scale_vec_size', block: 3, remove: ['.scale_vec::4X'] },
  { set: 'stype', block: 3, remove: ['.ue4m3'] },
];

/**
 * atom/red `.v2/.v4/.v8`: "Feature 'atom instruction with vector types' requires .target sm_90 or higher" / "PTX ISA
 * .version 8.1 or later" (and 'red instruction ...'; measured with ptxas 13.0 on sm_80, sm_89, sm_90 at 7.8, 8.0, 8.1).
 */
const ATOM_VECTOR_GATE: Gate = { ptx: '8.1', sm: ['sm_90'] };
const ATOM_VECTORS: Record<string, Gate> = { '.v2': ATOM_VECTOR_GATE, '.v4': ATOM_VECTOR_GATE, '.v8': ATOM_VECTOR_GATE };

/** The unidirectional proxy fences and `.sync_restrict` (see wordGates' membar). */
const PROXY_FENCE: Gate = { ptx: '8.3', sm: ['sm_90'] };
const SYNC_RESTRICT: Gate = { ptx: '8.6', sm: ['sm_90'] };

/** mbarrier's orders and scopes (see wordGates). */
const MBARRIER_SEM: Record<string, Gate> = {
  '.relaxed': { ptx: '8.6', sm: ['sm_90'] },
  '.release': { ptx: '8.0' },
  '.acquire': { ptx: '8.0' },
  '.cta': { ptx: '8.0' },
  '.cluster': { ptx: '8.0', sm: ['sm_90'] },
};

/** "Feature 'Type .b128' requires PTX ISA .version 8.3 or later" / ".target sm_70 or higher" (ld, st, mov, ldu; atom's sm_90). */
const B128: Gate = { ptx: '8.3', sm: ['sm_70'] };

/** Before PTX ISA 1.4, these took no rounding/.approx modifier (ptxas: "Rounding modifier ... required" from 1.4). */
const PRE_14 = { ptxBelow: '1.4' };

export const CURATION: Curation = {
  extraBlocks: {
    // ptxas 13.0 still reads PTX ISA 1.0-1.3 modules, where these had no required rounding.
    div: [{ forms: ['div.f32 d, a, b', 'div.f64 d, a, b'], sets: {} }],
    sqrt: [{ forms: ['sqrt.f32 d, a', 'sqrt.f64 d, a'], sets: {} }],
    rsqrt: [{ forms: ['rsqrt.f32 d, a'], sets: {} }],
    lg2: [{ forms: ['lg2.f32 d, a'], sets: {} }],
    ex2: [{ forms: ['ex2.f32 d, a'], sets: {} }],
    sin: [{ forms: ['sin.f32 d, a'], sets: {} }],
    cos: [{ forms: ['cos.f32 d, a'], sets: {} }],
    mad: [{ forms: ['mad.f64 d, a, b, c'], sets: {} }],
    // ptxas 13.0 takes these beyond the Syntax blocks (each measured):
    // a proxy fence with a `.sync_restrict` word; a release tensormap proxy fence with a state
    // space; the mbarrier_init fence with a `.sync_restrict` word;
    membar: [
      {
        forms: ['fence.proxy.proxykind.restrict', 'fence.op_restrict.release.cluster.restrict'],
        sets: { proxykind: ['.alias', '.async', '.async.global', '.async.shared::cta', '.async.shared::cluster'], restrict: ['.sync_restrict::shared::cta', '.sync_restrict::shared::cluster'], op_restrict: ['.mbarrier_init'] },
      },
      { forms: ['fence.proxy.tensormap::generic.release.scope.space'], sets: { scope: ['.cta', '.cluster', '.gpu', '.sys'], space: ['.global', '.shared', '.shared::cta', '.shared::cluster', '.sync_restrict::shared::cta', '.sync_restrict::shared::cluster'] } },
    ],
    // wmma.store.d of any shape but the .f64 one in any of .f16/.f32/.s32 (ptxas checks the vector);
    'wmma.store': [{ forms: ['wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r {, stride}'], sets: { layout: ['.row', '.col'], shape: ['.m16n16k16', '.m8n32k16', '.m32n8k16', '.m16n16k8', '.m8n8k32', '.m8n8k128'], ss: ['.global', '.shared', '.shared::cta'], type: ['.f16', '.f32', '.s32'] } }],
    // tcgen05.mma's `.kind::i8` with a last operand after enable-input-d (a scale-input-d the text
    // gives .kind::f16/.kind::tf32 only: measured with ptxas 13.0 on sm_100a, taken as any integer
    // constant, 16 and -1 too, after a braced mask or a predicate; tcgen05.mma.sp's refuses it:
    // "Arguments mismatch"; the rest by tcgen05MmaTailFits);
    'tcgen05.mma': [{ forms: ['tcgen05.mma.cta_group.kind::i8{.collector_usage} [d-tmem], a-desc, b-desc, idesc, disable-output-lane, enable-input-d, scale-input-d', 'tcgen05.mma.cta_group.kind::i8{.ashift}{.collector_usage} [d-tmem], [a-tmem], b-desc, idesc, disable-output-lane, enable-input-d, scale-input-d'], sets: { cta_group: ['.cta_group::1', '.cta_group::2'], collector_usage: ['.collector::a::fill', '.collector::a::use', '.collector::a::lastuse', '.collector::a::discard'] } }],
    // addc/subc with `.sat` on .s32, which the text does not list (measured with ptxas 13.0: taken
    // as `.sat.s32` or `.s32.sat`; "Modifier '.sat' does not apply to '.u32' type", and not with `.cc`);
    addc: [{ forms: ['addc.sat.s32 d, a, b'], sets: {} }],
    subc: [{ forms: ['subc.sat.s32 d, a, b'], sets: {} }],
    // testp without its class word;
    testp: [{ forms: ['testp.type p, a'], sets: { type: ['.f32', '.f64'] } }],
    // every rounding of .bf16/.bf16x2 fma (the text lists .rn only; add/mul refuse the others);
    // the `.oob` form's types, which the text leaves undefined;
    // `.sat` on the .f16/.f16x2 `.oob` forms;
    fma: [
      { forms: ['fma.rnd{.relu}.bf16 d, a, b, c', 'fma.rnd{.relu}.bf16x2 d, a, b, c'], sets: { rnd: ['.rn', '.rz', '.rm', '.rp'] } },
      { forms: ['fma.rn.oob.sat{.relu}.f16 d, a, b, c', 'fma.rn.oob.sat{.relu}.f16x2 d, a, b, c'], sets: {} },
    ],
    // prefetch of an eviction priority without a state space;
    prefetch: [{ forms: ['prefetch.level::eviction_priority [a]'], sets: { 'level::eviction_priority': ['.L2::evict_last', '.L2::evict_normal'] } }],
    // rcp of .f64 with `.ftz` (sqrt and div refuse it);
    rcp: [
      { forms: ['rcp.f32 d, a'], sets: {} },
      { forms: ['rcp.rnd.ftz.f64 d, a'], sets: { rnd: ['.rn', '.rz', '.rm', '.rp'] } },
    ],
    // formatted sust with a cache operator, and of arrays;
    sust: [{ forms: ['sust.p.dim{.cop}.vec.b32{.mode} [a, b], c'], sets: { dim: ['.1d', '.2d', '.3d', '.a1d', '.a2d'], cop: ['.wb', '.cg', '.cs', '.wt'], vec: ['none', '.v2', '.v4'], mode: ['.trap', '.clamp', '.zero'] } }],
    // st.async with no completion mechanism nor mbarrier operand (any type);
    // and the `.gpu`/`.sys` form without `.release` (with the red.async blocks below);
    // st.async and red.async with the completion mechanism but no mbarrier operand, and red.async's
    // `.add.s64` (measured with ptxas 13.0 on sm_90 at .version 8.1 and on sm_100a: taken, st.async's
    // without `.v2`/`.v4`, "Vector qualifier is not allowed"; the text writes `[mbar]` in every such
    // form and gives `.add` `.u32`/`.s32`/`.u64`; setPatches);
    'st.async': [
      { forms: ['st.async{.weak}{.shared::cluster}{.vec}.type [a], b', 'st.async.scope{.global}.type [a], b', 'st.async.global.type [a], b'], sets: { scope: ['.gpu', '.sys'], vec: ['.v2', '.v4'], type: ['.b8', '.b16', '.b32', '.b64', '.u8', '.u16', '.u32', '.u64', '.s8', '.s16', '.s32', '.s64', '.f32', '.f64'] } },
      { forms: ['st.async{.sem}{.scope}{.ss}.completion_mechanism.type [a], b'], sets: { sem: ['.weak'], scope: ['.cluster'], ss: ['.shared::cluster'], type: ['.b32', '.b64', '.u32', '.u64', '.s32', '.s64', '.f32', '.f64'], completion_mechanism: ['.mbarrier::complete_tx::bytes'] } },
    ],
    'red.async': [
      { forms: ['red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b'], sets: { sem: ['.relaxed'], scope: ['.cluster'], ss: ['.shared::cluster'], op: ['.inc', '.dec'], type: ['.u32'], completion_mechanism: ['.mbarrier::complete_tx::bytes'] } },
      { forms: ['red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b'], sets: { sem: ['.relaxed'], scope: ['.cluster'], ss: ['.shared::cluster'], op: ['.min', '.max'], type: ['.u32', '.s32'], completion_mechanism: ['.mbarrier::complete_tx::bytes'] } },
      { forms: ['red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b'], sets: { sem: ['.relaxed'], scope: ['.cluster'], ss: ['.shared::cluster'], op: ['.and', '.or', '.xor'], type: ['.b32'], completion_mechanism: ['.mbarrier::complete_tx::bytes'] } },
      { forms: ['red.async.sem.scope{.ss}.completion_mechanism.add.type [a], b'], sets: { sem: ['.relaxed'], scope: ['.cluster'], ss: ['.shared::cluster'], type: ['.u32', '.s32', '.u64', '.s64'], completion_mechanism: ['.mbarrier::complete_tx::bytes'] } },
      // red.async to global memory without the mbarrier: every operation of the mbarrier form, not
      // only `.add` as the text gives it, `.release` (`.mmio` with it) or `.relaxed`, `.gpu` or `.sys`
      // (measured with ptxas 13.0 on sm_100a at .version 8.8: `.min`/`.max` `.u32`/`.s32`,
      // `.inc`/`.dec` `.u32`, `.and`/`.or`/`.xor` `.b32` taken; `.f32`, 64-bit min/max and logic,
      // `.exch`, `.cluster` refused; "Modifier '.mmio' cannot be combined with modifier '.relaxed'";
      // `.relaxed` on sm_90 at 8.7 too, `.release` gated in wordGates; found in session 17's review).
      ...RED_ASYNC_GLOBAL_OPS.map((ot) => ({ forms: ['red.async{.mmio}.sem.scope{.ss}.op.type [a], b'], sets: { sem: ['.release'], scope: ['.gpu', '.sys'], ss: ['.global'], ...ot } })),
      ...RED_ASYNC_GLOBAL_OPS.map((ot) => ({ forms: ['red.async.sem.scope{.ss}.op.type [a], b'], sets: { sem: ['.relaxed'], scope: ['.gpu', '.sys'], ss: ['.global'], ...ot } })),
    ],
    // the 4X `.kind::mxf4nvf4` forms (setPatches);
    // and the sparse FP8 form with an .f16 accumulator and no `.kind` (the text lists .f32 only;
    // `.sp` without `::ordered_metadata` is an "Illegal modifier" there; wordGates gates it);
    'mma.sp': [
      { forms: ['mma.spvariant.sync.aligned.m16n8k128.row.col.kind.block_scale.scale_vec_size.f32.e2m1.e2m1.f32.stype d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}'], sets: { ...MXF4NVF4_4X, spvariant: ['.sp::ordered_metadata'] } },
      { forms: ['mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.f8type.f8type.f16 d, a, b, c, e, f'], sets: { f8type: ['.e4m3', '.e5m2'] } },
    ],
    // a rounding on the .f64 mma; a boolean operation on the 4-bit integer mma; the 4X
    // `.kind::mxf4nvf4` form (setPatches); `.kind::f8f6f4` on .m16n8k16 with .e4m3/.e5m2 A and B
    // (measured with ptxas 13.0 on sm_100a and sm_120a: taken; the text gives it .m16n8k32 only;
    // .e3m2/.e2m3/.e2m1 there "Unexpected instruction types");
    mma: [
      { forms: ['mma.sync.aligned.m16n8k16.row.col.kind.dtype.f8type.f8type.ctype d, a, b, c'], sets: { kind: ['.kind::f8f6f4'], f8type: ['.e4m3', '.e5m2'], ctype: ['.f16', '.f32'], dtype: ['.f16', '.f32'] } },
      { forms: ['mma.sync.aligned.shape.row.col.rnd.f64.f64.f64.f64 d, a, b, c'], sets: { shape: ['.m8n8k4', '.m16n8k4', '.m16n8k8', '.m16n8k16'], rnd: ['.rn', '.rz', '.rm', '.rp'] } },
      { forms: ['mma.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32.bitOp d, a, b, c'], sets: { shape: ['.m8n8k32', '.m16n8k32', '.m16n8k64'], atype: ['.u4', '.s4'], btype: ['.u4', '.s4'], bitOp: ['.xor', '.and'] } },
      { forms: ['mma.sync.aligned.m16n8k64.row.col.kind.block_scale.scale_vec_size.f32.e2m1.e2m1.f32.stype d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}'], sets: MXF4NVF4_4X },
    ],
    // integer wmma.mma: ptxas checks the words loosely (the operand vectors instead): any 8- or
    // 4-bit integer type in any shape, C of .s32 or .u32 (measured: .u32 C, .s4 in .m8n32k16,
    // .m16n16k16 and .m16n16k8, .u4 in .m8n8k4; sm_90 fails such 4-bit cases later, in an
    // internal routine, not on the words);
    'wmma.mma': [
      { forms: ['wmma.mma.sync.aligned.alayout.blayout.shape.s32.atype.btype.ctype{.satfinite} d, a, b, c'], sets: { alayout: ['.row', '.col'], blayout: ['.row', '.col'], shape: ['.m16n16k16', '.m8n32k16', '.m32n8k16', '.m8n8k32', '.m8n8k128', '.m16n16k8', '.m8n8k4'], atype: ['.s8', '.u8', '.s4', '.u4'], btype: ['.s8', '.u8', '.s4', '.u4'], ctype: ['.s32', '.u32'] } },
      // floating-point wmma.mma with `.satfinite` (llc writes it): taken below .version 6.5, from
      // 6.5 on "... with '.satfinite' is not supported starting from PTX ISA version 6.5" (measured);
      { forms: ['wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype.satfinite d, a, b, c'], sets: { alayout: ['.row', '.col'], blayout: ['.row', '.col'], shape: ['.m16n16k16', '.m8n32k16', '.m32n8k16'], dtype: ['.f16', '.f32'], ctype: ['.f16', '.f32'] } },
    ],
    // ldmatrix .m16n16 and stmatrix .m16n8: .b8 with .trans (their first block keeps .m8n8 .b16; setPatches);
    ldmatrix: [{ forms: ['ldmatrix.sync.aligned.m16n16.num.trans{.ss}.b8 r, [p]'], sets: { ss: ['.shared', '.shared::cta'] } }],
    stmatrix: [{ forms: ['stmatrix.sync.aligned.m16n8.num.trans{.ss}.b8 [p], r'], sets: { ss: ['.shared', '.shared::cta'] } }],
    // bar.warp.sync with `.no_membermask_overlap`;
    'bar.warp.sync': [{ forms: ['bar.warp.sync.no_membermask_overlap membermask'], sets: {} }],
    // set with a .bf16 destination of .bf16 sources (the text's source set for it lacks .bf16);
    set: [{ forms: ['set.CmpOp.bf16.bf16 d, a, b', 'set.CmpOp.BoolOp.bf16.bf16 d, a, b, {!}c'], sets: {} }],
    // setmaxnreg.s32;
    setmaxnreg: [{ forms: ['setmaxnreg.action.sync.aligned.s32 imm-reg-count'], sets: { action: ['.inc', '.dec'] } }],
    // mov of a whole vector (a vector register or a braced list), not in the Syntax block.
    mov: [{ forms: ['mov.vec.type d, a'], sets: { vec: ['.v2', '.v4'], type: ['.b16', '.b32', '.u16', '.u32', '.s16', '.s32', '.f32', '.b64', '.u64', '.s64', '.f64'] } }],
  },
  ignoredWords: {
    // Measured after sub.f32, ld.global.u32, setp.lt.s32, cvt.rn.f32.s32, mov.b32 (sm_120): no
    // message. Mostly tensormap field names, testp classes and sparse-matrix type words.
    '*': [
      '.acc::f16', '.acc::f32', '.b4x16_p64', '.b6x16_p32', '.b8x16', '.box_dim', '.element_stride', '.elemtype', '.fill_mode',
      '.finite', '.global_address', '.global_dim', '.global_stride', '.infinite', '.interleave_layout', '.normal', '.notanumber',
      '.number', '.rank', '.subnormal', '.swizzle_atomicity', '.swizzle_mode',
      // Ignored by the same instructions but refused by ld and mov (here ignored everywhere: lenient).
      '.samplerref', '.surfref', '.texref',
    ],
    // A scope on cp.async.bulk: no message (measured with .cta, .cluster, .gpu; cp.async.wait_all refuses it).
    'cp.async.bulk': ['.cta', '.cluster', '.gpu', '.sys'],
    // `.all`/`.any` on bar.sync and bar.red.popc; `.any` (not `.all`) also on bar.arrive and every
    // bar.red (measured: `bar.arrive.any 1, 256`, `bar.red.and.pred.any` accepted, `bar.arrive.all`
    // refused). ptxas refuses them with `.cta` and on `barrier`; here they are ignored on those
    // bar forms with `.cta` too (lenient: never a false error).
    'bar .sync': ['.all', '.any'],
    'bar .popc': ['.all', '.any'],
    'bar .arrive': ['.any'],
    'bar .red': ['.any'],
    // a vector word on wmma.store.d (check.ts, mmaVectorWordFits, with the fragment's count); and, measured on the .m8n8k32 and
    // .m8n8k128 shapes, mma's trailing type words (`wmma.store.d.sync.aligned.row.m8n8k32.s32.bf16`;
    // refused after .m16n16k16 types: lenient there).
    'wmma.store': ['.v2', '.v4', '.v8', '.bf16', '.bf16x2', '.tf32', '.u4', '.s4', '.b1', '.s2', '.u2'],
    'wmma.load': ['.v2', '.v4', '.v8'],
    // `.no_membermask_overlap` on the warp-synchronous instructions.
    'shfl.sync': ['.no_membermask_overlap'],
    'vote.sync': ['.no_membermask_overlap'],
    'match.sync': ['.no_membermask_overlap'],
    'redux.sync': ['.no_membermask_overlap'],
    // a layout word on movmatrix, ldmatrix and stmatrix.
    movmatrix: ['.row', '.col'],
    ldmatrix: ['.row', '.col'],
    stmatrix: ['.row', '.col'],
    // (and `.v2`/`.v4`/`.v8` as on mma: `.v8` taken with .f16 results; check.ts, mmaVectorWordFits)
    'wgmma.mma_async': ['.row', '.col', '.v2', '.v4', '.v8'],
    'wgmma.mma_async.sp': ['.row', '.col', '.v2', '.v4', '.v8'],
    // and on tcgen05.cp/ld/st (measured; tcgen05.mma, alloc, shift, wait, fence and commit refuse it:
    // "Illegal modifier '.alayout or .blayout'").
    'tcgen05.cp': ['.row', '.col'],
    'tcgen05.ld': ['.row', '.col'],
    'tcgen05.st': ['.row', '.col'],
    // One or more of these type words after mma's four types (measured on the f16, f64, s8 and sparse
    // forms: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.bf16` is accepted; `.f16`, `.f32`,
    // `.s8`, `.e4m3` ... there are "Unexpected instruction types"). Ignored on every mma form here
    // (lenient: ptxas refuses some combinations, `.f32.bf16.bf16.f32.tf32`, and one in the middle).
    // And a `.v2`/`.v4` word, which ptxas takes (with a warning, "Vector Type not specified
    // properly") when every braced operand has that many registers (check.ts, mmaVectorWordFits).
    // And the .b1 forms' bit-operation words on the integer forms: ptxas takes them with .s4/.u4 A
    // and B (measured: `mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32.or`, `.or.xor`, `.xor.popc`);
    // check.ts (mmaBitOpProblem) refuses them where ptxas does.
    mma: ['.bf16', '.bf16x2', '.tf32', '.u4', '.s4', '.b1', '.s2', '.u2', '.v2', '.v4', '.and', '.or', '.xor', '.popc'],
    // `.uni` on tex and tld4 (txq refuses it).
    tex: ['.uni'],
    tld4: ['.uni'],
  },
  optionalWords: {
    // Measured: accepted without `.aligned` (wmma, mma, ldmatrix, tcgen05.alloc/wait require it).
    'tcgen05.ld': ['.aligned'],
    'tcgen05.st': ['.aligned'],
    'wgmma.fence': ['.aligned'],
    'wgmma.commit_group': ['.aligned'],
    'wgmma.wait_group': ['.aligned'],
    'wgmma.mma_async': ['.aligned'],
    'wgmma.mma_async.sp': ['.aligned'],
  },
  extraBlockGates: {
    div: [PRE_14],
    rcp: [PRE_14, {}],
    sqrt: [PRE_14],
    rsqrt: [PRE_14],
    lg2: [PRE_14],
    ex2: [PRE_14],
    sin: [PRE_14],
    cos: [PRE_14],
    mad: [PRE_14],
    'wmma.mma': [{}, { ptxBelow: '6.5' }],
  },
  setPatches: {
    // The Syntax block misspells the shape `.m8n8k4` of the .f64 mma (block 5).
    mma: [
      { set: 'shape', block: 5, remove: ['.m8n84'], add: ['.m8n8k4'] },
      // `.kind::mxf4nvf4` pairs `.scale_vec::2X` with `.ue8m0` and `.scale_vec::4X` with `.ue4m3`
      // (ptxas 13.0: "Illegal modifier '.scale_vec::4X' for instruction 'mma' with type '.ue8m0'");
      // the 4X form is an extra block.
      ...MXF4NVF4_2X,
    ],
    'mma.sp': MXF4NVF4_2X,
    // Integer wgmma: the text's shape list stops at .m64n224k32; ptxas 13.0 takes .m64n240k32 and
    // .m64n256k32 too (CUTLASS writes them).
    'wgmma.mma_async': [{ set: 'shape', block: 4, add: ['.m64n240k32', '.m64n256k32'] }],
    // red's vector forms (block 1) name `{.space}` without a set of their own (block 0's would give
    // them .shared): ptxas 13.0 takes .global only, as atom's ("State space incorrect for feature
    // 'red instruction with vector types'", measured with .shared, .shared::cta, .shared::cluster).
    red: [{ set: 'space', block: 1, add: ['.global'] }],
    // getctarank takes .s32 too.
    getctarank: [{ set: 'type', add: ['.s32'] }],
    // st.async with the mbarrier: `.shared` and `.shared::cta` accepted too.
    'st.async': [{ set: 'ss', block: 0, add: ['.shared', '.shared::cta'] }],
    // red.async's `.add.s64` with the mbarrier (extraBlocks); its `.release` form without the
    // mbarrier takes `.gpu` and `.sys`, not `.cluster` ("Illegal modifier '.cluster' for instruction
    // 'red.async' with '.release'", measured with ptxas 13.0 on sm_100a; extraBlocks adds `.sys`).
    'red.async': [{ set: 'type', block: 3, add: ['.s64'] }, { set: 'scope', block: 4, remove: ['.cluster'] }],
    // mapa takes signed types too.
    mapa: [{ set: 'type', add: ['.s32', '.s64'] }],
    // `fma.rn.oob{.relu}.type`: the text names no set for .type.
    fma: [{ set: 'type', block: 1, add: ['.f16', '.f16x2', '.bf16', '.bf16x2'] }],
    // ldmatrix/stmatrix take tcgen05's larger counts `.x8` to `.x128` as their `.num` (measured:
    // `ldmatrix.sync.aligned.m8n8.x64.shared.b16` with 1, 2 or 4 registers accepted).
    // Their first block pairs `.m8n8` with `.b16` only; `.m16n16`/`.m16n8` with `.b8` and `.trans` are
    // an extra block ("Incorrect instruction type specified for ldmatrix with shape '.m8n8'",
    // "Modifier '.trans' require for instruction stmatrix with shape '.m16n8'"; measured with ptxas 13.0
    // on sm_100a, every shape, type and .trans; fresh mutation seed 1682).
    ldmatrix: [{ set: 'num', add: ['.x8', '.x16', '.x32', '.x64', '.x128'] }, { set: 'shape', block: 0, remove: ['.m16n16'] }, { set: 'type', block: 0, remove: ['.b8'] }],
    stmatrix: [{ set: 'num', add: ['.x8', '.x16', '.x32', '.x64', '.x128'] }, { set: 'shape', block: 0, remove: ['.m16n8'] }, { set: 'type', block: 0, remove: ['.b8'] }],
    // The text names `{.level::cache_hint}` without defining the set (measured: `.L2::cache_hint`
    // with a cache-policy operand accepted).
    // `.tile::scatter4` taken as in cp.async.bulk.tensor (measured with ptxas 13.0, session 23: every
    // redOp, .2d only, on sm_100a, sm_110f, at 8.6 and 9.0; gated as there, not `.tile::gather4`).
    'cp.reduce.async.bulk.tensor': [{ set: 'level::cache_hint', block: 0, add: ['.L2::cache_hint'] }, { set: 'load_mode', block: 0, add: ['.tile::scatter4'] }],
    // (tld4 has no `.a2dms`, as the text says: ptxas 13.0 refuses `tld4.r.a2dms.v4.f32.f32` at every
    // .version from 4.3 to 9.0 with every coordinate typing tried, "Integer coordinates require .s32
    // instruction type" / "Array index ... Expecting type .u32", and `.s32` coordinates as
    // "Unexpected instruction types".)
  },
  familyGates: familyGates(),
  // Each measured: the lowest .target / .version ptxas names ("requires .target sm_N or higher",
  // "requires PTX ISA .version X or later") for an instruction using the word, on .target sm_50
  // with .version 9.0, then on that target with an old .version.
  wordGates: wordGates({
    cvt: {
      // "Feature '.ftz' requires PTX ISA .version 1.4 or later" (also mad, set; measured on .version 1.3).
      '.ftz': V14,
      '.f16x2+.f32': SM80_70,
      // sm_89 from .version 8.1; before it sm_90 (measured with 7.8, 8.0 and 8.1 on sm_86/89/90).
      '.e4m3x2': { ptx: '7.8', sm: ['sm_89'], smBefore: { ptx: '8.1', sm: ['sm_90'] } },
      '.e5m2x2': { ptx: '7.8', sm: ['sm_89'], smBefore: { ptx: '8.1', sm: ['sm_90'] } },
      '.bf16': SM80_70,
      '.bf16x2': SM80_70,
      '.tf32': SM80_70,
      // "Feature 'cvt with .tf32.f32.rn' requires .target sm_90 or higher" (and .rz; .rna takes sm_80);
      // "Modifier '.satfinite' on 'cvt.tf32.f32.rna' requires PTX ISA .version 8.1", on .rn/.rz
      // ".version 8.6" and ".target sm_100 or higher" (measured with ptxas 13.0 on sm_80 to sm_120,
      // found by retargeting CUTLASS's inline PTX).
      '.rn+.tf32': SM90_78,
      '.rz+.tf32': SM90_78,
      '.rna+.satfinite+.tf32': { ptx: '8.1', sm: ['sm_80'] },
      '.rn+.satfinite+.tf32': { ptx: '8.6', sm: ['sm_100'] },
      '.rz+.satfinite+.tf32': { ptx: '8.6', sm: ['sm_100'] },
      // "Instruction 'cvt with .e2m1x2' not supported on .target 'sm_90a'" (and sm_100, sm_120; the
      // a/f targets of sm_100 to sm_121 take them; measured with ptxas 13.0, found on CUTLASS).
      ...Object.fromEntries(['.e2m1x2', '.e3m2x2', '.e2m3x2', '.ue8m0x2'].map((w) => [w, { sm: ['sm_100f', 'sm_110f', 'sm_120f'] }])),
      // "Feature '.rs' not supported on .target 'sm_100f'" / "requires PTX ISA .version 8.7 or later":
      // sm_100a and sm_103a only, every cvt.rs form (measured with ptxas 13.0 on sm_90a to sm_121a,
      // found on flashinfer).
      '.rs': { ptx: '8.7', sm: ['sm_100a', 'sm_103a'] },
    },
    // "Feature 'st.async/red.async with .global state space' (and 'with .mmio modifier') requires
    // .target sm_100 or higher" / ".version 8.7" (measured with ptxas 13.0 on sm_90 to sm_120, found on nccl).
    // `.release` likewise ("Feature 'st.async/red.async with .release modifier'", measured on sm_90 at 8.7 and sm_100a at 8.6).
    'st.async': ASYNC_WORD_GATES,
    'red.async': ASYNC_WORD_GATES,
    // "Feature 'mbarrier.try_wait' requires .target sm_90 or higher" / ".version 7.8"; 'mbarrier.arrive.expect_tx'
    // sm_90 and 8.0 (measured with ptxas 13.0 on sm_80 and sm_90, found by retargeting flashinfer's and tilelang's inline PTX).
    // "Modifier '.relaxed' on 'mbarrier.arrive' requires .target sm_90 or higher" / ".version 8.6"; "Modifier '.release'
    // on 'mbarrier.arrive' requires PTX ISA .version 8.0"; "Feature 'scopes on mbarrier operations' requires PTX ISA
    // .version 8.0"; "Feature '.cluster scope' requires .target sm_90"; "Feature '.shared::cluster' requires PTX ISA
    // .version 8.0"; "Feature 'mbarrier.arrive_drop.expect_tx' requires .target sm_90" (measured with ptxas 13.0 on
    // sm_80 and sm_90 at 7.0 to 8.6; arrive, arrive_drop, test_wait, try_wait and their .parity/.expect_tx forms).
    'mbarrier.test_wait': { '.try_wait': { ptx: '7.8', sm: ['sm_90'] }, ...MBARRIER_SEM },
    'mbarrier.arrive': { '.expect_tx': { ptx: '8.0', sm: ['sm_90'] }, ...MBARRIER_SEM, '.shared::cluster': { ptx: '8.0', sm: ['sm_90'] } },
    // multimem's 8-bit float types (MULTIMEM_FP8; the scalar .e5m2/.e4m3 too: "Feature '.e5m2' not supported on .target 'sm_120f'", measured with ptxas 13.0).
    'multimem.ld_reduce': Object.fromEntries(['.e5m2', '.e5m2x2', '.e5m2x4', '.e4m3', '.e4m3x2', '.e4m3x4'].map((w) => [w, MULTIMEM_FP8])),
    'mbarrier.arrive_drop': { '.expect_tx': { ptx: '8.0', sm: ['sm_90'] }, ...MBARRIER_SEM, '.shared::cluster': { ptx: '8.0', sm: ['sm_90'] } },
    // "Feature '.tile::gather4 with destination state space as .shared::cta' requires .target sm_100
    // or higher"; with .shared::cluster, with cp.async.bulk.prefetch.tensor and '.tile::scatter4'
    // "not supported on .target 'sm_100'" (and sm_120a): the a/f targets of sm_100 to sm_110; all
    // "requires PTX ISA .version 8.6" (measured with ptxas 13.0, found on FlashMLA and tilelang).
    // "Feature '.cta_group::2' not supported on .target 'sm_120a'" (and sm_100): as gather4's targets (found on FlashMLA).
    // `.im2col::w` as .tile::gather4 ("Feature '.im2col::w with destination state space as .shared::cta'
    // requires .target sm_100 or higher"; "... .shared::cluster' not supported on .target 'sm_100'", sm_90a,
    // sm_120a, sm_120f; "'.im2col::w with cp.async.bulk.prefetch.tensor' not supported"), `.im2col::w::128`
    // with both spaces and the prefetch as gather4's targets ("Feature '.im2col::w::128' not supported on
    // .target 'sm_120a'"); "requires PTX ISA .version 8.6" (measured with ptxas 13.0, session 23, on sm_90a,
    // sm_100, sm_100a/f, sm_103a, sm_110a/f, sm_120a/f at 9.0, sm_100a at 8.5 and 8.6).
    'cp.async.bulk.tensor': {
      '.tile::gather4+.shared::cta': { ptx: '8.6', sm: ['sm_100'] }, '.tile::gather4+.shared::cluster': GATHER4, '.tile::scatter4': GATHER4, '.cta_group::1': GATHER4, '.cta_group::2': GATHER4,
      '.im2col::w+.shared::cta': { ptx: '8.6', sm: ['sm_100'] }, '.im2col::w+.shared::cluster': GATHER4, '.im2col::w::128': GATHER4,
    },
    'cp.async.bulk.prefetch.tensor': { '.tile::gather4': GATHER4, '.im2col::w': GATHER4, '.im2col::w::128': GATHER4 },
    'cp.reduce.async.bulk.tensor': { '.tile::scatter4': GATHER4 },
    // "Feature '.cp_mask' requires .target sm_100 or higher" / "PTX ISA .version 8.6" (measured with ptxas 13.0 on sm_90, sm_90a, sm_100a, sm_110, sm_120a).
    'cp.async.bulk': { '.cp_mask': { ptx: '8.6', sm: ['sm_100'] } },
    // "Feature 'alloca' requires .target sm_52 or higher" (and 'stacksave', 'stackrestore'; the text's
    // family floor gives .version 7.3 only): measured with ptxas 13.0 on sm_30, sm_50 and sm_52 at 7.2
    // to 7.8, found by retargeting llc-19's dynamic alloca. Every form has one of these type words.
    alloca: STACK_SM52,
    stacksave: STACK_SM52,
    stackrestore: STACK_SM52,
    atom: {
      ...ATOM_SCOPES,
      '.add+.f64': { ptx: '5.0', sm: ['sm_60'] },
      // "Instruction 'atom.add.f16 with generic state space' requires PTX ISA .version 6.3" (and sm_70), in every space.
      '.f16': { ptx: '6.3', sm: ['sm_70'] },
      '.bf16': { ptx: '7.8', sm: ['sm_90'] },
      // "Instruction 'atom.add.bf16x2.global' requires .target sm_90 or higher" (.shared too; measured
      // with ptxas 13.0 on sm_80, sm_89 and sm_90; .bf16x2 had no gate).
      '.bf16x2': { ptx: '7.8', sm: ['sm_90'] },
      // "Feature 'shared storage' requires .target sm_12 or higher".
      '.shared': { sm: ['sm_12'] },
      ...ATOM_64_BIT_LOGIC,
      ...L2_WORDS,
      // "Instruction 'atom.exch.b128.global' requires .target sm_90 or higher".
      '.b128': { ptx: '8.3', sm: ['sm_90'] },
      ...ATOM_VECTORS,
    },
    red: { ...ATOM_SCOPES, ...ATOM_64_BIT_LOGIC, '.f16': { ptx: '6.3', sm: ['sm_70'] }, ...L2_WORDS, '.bf16': SM90_78, '.bf16x2': SM90_78, ...ATOM_VECTORS },
    // fence (measured with ptxas 13.0 on sm_80, sm_86, sm_89, sm_90 to sm_121, .version 7.8 to 8.6):
    // "Instruction 'fence.proxy with unidirection proxy fence' not supported on .target 'sm_89'" /
    // "requires PTX ISA .version 8.3" (the tensormap and async::generic fences, sm_90 and every later
    // target); "Feature '.sync_restrict' requires .target sm_90" / ".version 8.6"; "Feature
    // '.cluster scope' requires .target sm_90"; "Modifier '.async' requires PTX ISA .version 8.0".
    membar: {
      '.tensormap::generic': PROXY_FENCE,
      '.async::generic': PROXY_FENCE,
      '.sync_restrict::shared::cta': SYNC_RESTRICT,
      '.sync_restrict::shared::cluster': SYNC_RESTRICT,
      '.cluster': { sm: ['sm_90'] },
      '.async': { ptx: '8.0', sm: ['sm_90'] },
    },
    // "Feature 'bar.cta' requires PTX ISA .version 7.8 or later" (also barrier.cta, bar.cta.arrive,
    // bar.cta.red); "Instruction 'bar.cta' requires .target sm_20 or higher".
    bar: { '.cta': { ptx: '7.8', sm: ['sm_20'] } },
    mad: { '.ftz': V14, ...RM_RP_F32, '.rn+.f32': SM20, '.rz+.f32': SM20 },
    // "Feature 'div.full' requires PTX ISA .version 1.4 or later".
    div: { '.full': V14, ...ROUNDED_SM20 },
    sqrt: ROUNDED_SM20,
    // rcp.rn.f64 at .version 1.3: "Rounding modifier or '.approx' modifier required".
    rcp: { ...ROUNDED_SM20, '.rn+.f64': V14 },
    'add.cc': { '.u64': CC64, '.s64': CC64 },
    'sub.cc': { '.u64': CC64, '.s64': CC64 },
    'mad.cc': { '.u64': CC64, '.s64': CC64 },
    addc: { '.cc+.u64': CC64, '.cc+.s64': CC64 },
    subc: { '.cc+.u64': CC64, '.cc+.s64': CC64 },
    madc: { '.cc+.u64': CC64, '.cc+.s64': CC64 },
    // cp.async.ca/.cg take `.shared::cta` from their own .version 7.0 (measured), not from the 7.8
    // every other instruction needs for it (check.ts spaceWordGates defers to this entry).
    'cp.async': { '.shared::cta': SM80_70, ...L2_WORDS },
    // (.bf16/.bf16x2: "Feature '.bf16' requires .target sm_80 or higher" / ".version 7.0", measured
    // with ptxas 13.0 on sm_75 and sm_80 at 6.5 to 9.0; min.bf16 had no gate.)
    min: { '.f16': SM80_70, '.f16x2': SM80_70, '.bf16': SM80_70, '.bf16x2': SM80_70, ...PACKED16, ...XORSIGN_ABS },
    max: { '.f16': SM80_70, '.f16x2': SM80_70, '.bf16': SM80_70, '.bf16x2': SM80_70, ...PACKED16, ...XORSIGN_ABS },
    mma: {
      '.e4m3': { ptx: '8.4', sm: ['sm_89'] },
      '.e5m2': { ptx: '8.4', sm: ['sm_89'] },
      '.m16n8k32': SM80_70,
      // "Feature '.m16n8k4 with double types' requires .target sm_90 or higher" / "PTX ISA .version
      // 7.8" (and .m16n8k8, .m16n8k16: measured with ptxas 13.0 on sm_80, sm_89 and sm_90 at 7.0 to
      // 8.1, found by retargeting CUTLASS's SM90 DMMA atoms; .m8n8k4 takes sm_80).
      '.m16n8k4+.f64': SM90_78,
      '.m16n8k8+.f64': SM90_78,
      '.m16n8k16+.f64': SM90_78,
      ...MMA_KIND_WORDS,
    },
    // (the sparse FP8 forms as the dense ones: "Feature 'mma with FP8 floating point type' requires .target
    // sm_89 or higher", measured with ptxas 13.0 on sm_80, found by retargeting CUTLASS's SM89 sparse atoms)
    'mma.sp': { '.e4m3': { ptx: '8.4', sm: ['sm_89'] }, '.e5m2': { ptx: '8.4', sm: ['sm_89'] }, ...MMA_KIND_WORDS, ...SPARSE_F8_F16 },
    // "Instruction 'tcgen05.ld.red' not supported on .target 'sm_100a'" (and sm_100f); sm_103a/f and
    // sm_110a/f accept it.
    'tcgen05.ld': { '.red': { sm: ['sm_103f', 'sm_110f'] } },
    // "Instruction 'tensormap.replace.swizzle_atomicity' not supported on .target 'sm_90a'" / "Feature
    // 'tensormap.replace.swizzle_atomicity' requires PTX ISA .version 8.6 or later" (measured with ptxas
    // 13.0 on sm_90a, sm_100a/f, sm_103a, sm_110a, sm_120a, sm_121a at 8.3 to 9.0; fresh valid-forms lines, session 25).
    'tensormap.replace': { '.swizzle_atomicity': { ptx: '8.6', sm: ['sm_100f', 'sm_110f', 'sm_120f'] } },
    // tcgen05.mma, .sp, .ws, .ws.sp (measured with ptxas 13.0, found on CCCL's cuda::ptx): "Feature
    // '.kind::i8' not supported on .target 'sm_100f'" (sm_103a/f, sm_110f too: sm_100a and sm_110a
    // only); "Feature '.kind::mxf4nvf4' requires PTX ISA .version 8.7 or later"; "Feature '.block32'
    // requires PTX ISA .version 8.8 or later" (and .block16).
    // "Feature '.scale_vec::4X' not supported on .target 'sm_100f'" (every `.scale_vec::NX`, on sm_100f,
    // sm_103f and sm_110f; `.block16`/`.block32` taken there); "Feature '.kind::mxf4 with .sp modifier' not
    // supported on .target 'sm_100f'" (and .kind::mxf4nvf4; measured with ptxas 13.0, .version 9.0).
    'tcgen05.mma': { ...TCGEN05_MMA_WORDS, ...TCGEN05_SCALE_VEC_WORDS },
    'tcgen05.mma.sp': { ...TCGEN05_MMA_WORDS, ...TCGEN05_SCALE_VEC_WORDS, '.kind::mxf4': TCGEN05_ARCH, '.kind::mxf4nvf4': { ptx: '8.7', sm: TCGEN05_ARCH.sm } },
    'tcgen05.mma.ws': { '.kind::i8': TCGEN05_I8 },
    'tcgen05.mma.ws.sp': { '.kind::i8': TCGEN05_I8 },
    // "Instruction 'redux.f32' not supported on .target 'sm_100'" (sm_90a, sm_110a, sm_120a too); sm_100a/f and sm_103a/f take it, from .version 8.6.
    'redux.sync': { '.f32': { ptx: '8.6', sm: ['sm_100f'] } },
    // The L1 eviction words on ld and st: "Modifier '.evict_first' on 'st' requires .target sm_70 or higher" / ".version 7.4".
    'ld.global.nc': { ...L1_EVICTION, ...L2_WORDS, '.b128': B128, ...WIDE_ACCESS },
    ldu: { '.b128': B128 },
    // "Feature 'lop3.<BoolOp>' requires PTX ISA .version 8.2 or later" (measured with ptxas 13.0 at 8.1 and 8.2; found by a session 14 case).
    lop3: { '.or': { ptx: '8.2' }, '.and': { ptx: '8.2' } },
    mov: { '.b128': B128 },
    // Cache operators: "Instruction 'ld' requires .target sm_20 or higher" (measured on sm_13).
    st: { ...L1_EVICTION, ...WIDE_ACCESS, ...L2_WORDS, '.b128': B128, '.wb': SM20, '.cg': SM20, '.cs': SM20, '.wt': SM20 },
    // "Modifier 'cache eviction priority' on 'prefetch' requires PTX ISA .version 7.4 or later" / ".target sm_80".
    prefetch: { '.L2::evict_last': { ptx: '7.4', sm: ['sm_80'] }, '.L2::evict_normal': { ptx: '7.4', sm: ['sm_80'] } },
    ld: {
      ...L1_EVICTION,
      '.ca': SM20,
      '.cg': SM20,
      '.cs': SM20,
      '.lu': SM20,
      '.cv': SM20,
      ...WIDE_ACCESS,
      ...L2_WORDS,
      '.b128': B128,
      '.relaxed': { ptx: '6.0', sm: ['sm_70'] },
      '.param::entry': { ptx: '8.3' },
    },
    setp: { '.bf16': SM90_78, '.bf16x2': SM90_78, '.f16': F16, '.f16x2': F16 },
    // "Feature 'tanh.bf16' requires .target sm_90 or higher" (and tanh.bf16x2, ex2.bf16/.bf16x2,
    // set.bf16/.bf16x2, setp.bf16x2 above; measured with ptxas 13.0 on sm_80, sm_89 and sm_90 at
    // 7.0 to 8.1, found by retargeting the bf16 header's inline PTX that numba-cuda ships).
    tanh: { '.bf16': SM90_78, '.bf16x2': SM90_78 },
    ex2: { '.bf16': SM90_78, '.bf16x2': SM90_78 },
    add: { '.bf16': SM90_78, '.bf16x2': SM90_78, '.f16': F16, '.f16x2': F16, ...RM_RP_F32, '.f32x2': F32X2, ...MIXED_F32 },
    // "Feature 'f16 arithemetic and compare instructions' requires .target sm_53 / PTX ISA .version 4.2";
    // neg 6.0 and abs 6.5 ("Feature 'abs.f16 or abs.f16x2'"); set with an integer result 6.5.
    // "Feature 'cvta/isspacep with .param state space' requires .target sm_70 / PTX ISA .version 7.7".
    // "Feature 'cvta/isspacep with .const state space' requires PTX ISA .version 3.1".
    // "Feature '::entry' requires PTX ISA .version 8.3 or later" (ld, cvta, isspacep; with the
    // `.param` floor above on cvta/isspacep: sm_60 refused at 8.3; measured with ptxas 13.0).
    cvta: { '.param': { ptx: '7.7', sm: ['sm_70'] }, '.param::entry': PARAM_ENTRY_SPACE, '.const': { ptx: '3.1' } },
    isspacep: { '.param': { ptx: '7.7', sm: ['sm_70'] }, '.param::entry': PARAM_ENTRY_SPACE, '.const': { ptx: '3.1' } },
    sub: { '.bf16': SM90_78, '.bf16x2': SM90_78, '.f16': F16, '.f16x2': F16, ...RM_RP_F32, '.f32x2': F32X2, ...MIXED_F32 },
    mul: { '.f16': F16, '.f16x2': F16, ...RM_RP_F32, '.f32x2': F32X2, '.bf16': SM90_78, '.bf16x2': SM90_78 },
    // "Feature 'fma.f32' requires PTX ISA .version 2.0 or later" / "Instruction 'fma.f32' requires .target sm_20
    // or higher"; "Feature 'fma.f64' requires PTX ISA .version 1.4 or later"; on sm_10 `.f64` as add's.
    // "Modifier '.oob' requires .target sm_90 or higher" / "Feature '.oob' requires PTX ISA .version 8.1"
    // (measured with ptxas 13.0 on sm_80, sm_89 and sm_90, found by retargeting CUTLASS's inline PTX).
    fma: { '.f16': F16, '.f16x2': F16, '.f32': { ptx: '2.0', sm: ['sm_20'] }, '.f64': V14, '.rm+.f64': { sm: ['sm_13'] }, '.rp+.f64': { sm: ['sm_13'] }, '.f32x2': F32X2, ...MIXED_F32, '.oob': { ptx: '8.1', sm: ['sm_90'] } },
    // "Feature '.m16n8' not supported on .target 'sm_90a'" (and sm_100, sm_120; the a/f targets of
    // sm_100 to sm_121 take it; measured with ptxas 13.0, found on ThunderKittens' inline PTX);
    // ldmatrix's .m16n16 and .m8n16 alike.
    // wmma.mma's sm_80 shapes and types (.m16n16k8 .tf32, .m8n8k4 .f64, .bf16): "Feature '.tf32' requires
    // .target sm_80 or higher", "Feature 'WMMA with fp64 types' requires .target sm_80", ".bf16" alike,
    // all .version 7.0 (measured with ptxas 13.0 on sm_75 and sm_80 at 6.5 and 7.0; wmma.load/store had them).
    'wmma.mma': { '.m16n16k8': SM80_70, '.m8n8k4': SM80_70, '.bf16': SM80_70 },
    stmatrix: { '.m16n8': AF_SM100_UP },
    // "Feature '.multicast::cluster::all' not supported on .target 'sm_100'" (and sm_103, sm_110,
    // sm_120, sm_121; their a/f targets take it; measured with ptxas 13.0, found by retargeting
    // ThunderKittens' and CUTLASS's inline PTX).
    'clusterlaunchcontrol.try_cancel': { '.multicast::cluster::all': AF_SM100_UP },
    ldmatrix: { '.m16n16': AF_SM100_UP, '.m8n16': AF_SM100_UP },
    neg: { '.f16': { ptx: '6.0', sm: ['sm_53'] }, '.f16x2': { ptx: '6.0', sm: ['sm_53'] } },
    abs: { '.f16': { ptx: '6.5', sm: ['sm_53'] }, '.f16x2': { ptx: '6.5', sm: ['sm_53'] } },
    set: {
      '.bf16': SM90_78,
      '.bf16x2': SM90_78,
      '.ftz': V14,
      '.f16': F16,
      '.f16x2': F16,
      '.u32+.f16': { ptx: '6.5', sm: ['sm_53'] },
      '.s32+.f16': { ptx: '6.5', sm: ['sm_53'] },
      '.u32+.f16x2': { ptx: '6.5', sm: ['sm_53'] },
      '.s32+.f16x2': { ptx: '6.5', sm: ['sm_53'] },
    },
    // The texture instructions' words (measured with ptxas 13.0 at .version 1.5 to 7.8 on .target
    // sm_10 to sm_75, each word beside a form taken at every version: "Feature 'array geometry'
    // requires PTX ISA .version 2.3", "'cubemap textures' ... 3.0", "'cubemap array' requires .target
    // sm_20", "'multi-sample textures' ... 3.2" / "sm_30", "'tex.grad' ... 3.1", "Instruction 'tex.grad'
    // requires .target sm_20", "'tex.grad with cube geometry' ... 4.3", "'tld4 instruction with .cube'
    // ... 4.3" / "sm_30", "'txq.level' ... 4.3" / "sm_30", "'array_size attribute' ... 4.1",
    // "'memory_layout attribute' ... 4.2"; test/ptx/check/ptxmiss8-found.test.ts).
    tex: {
      '.a1d': { ptx: '2.3' },
      '.a2d': { ptx: '2.3' },
      '.cube': { ptx: '3.0' },
      '.acube': { ptx: '3.0', sm: ['sm_20'] },
      '.2dms': { ptx: '3.2', sm: ['sm_30'] },
      '.a2dms': { ptx: '3.2', sm: ['sm_30'] },
      '.level': { ptx: '3.1', sm: ['sm_20'] },
      '.grad': { ptx: '3.1', sm: ['sm_20'] },
      '.base': { ptx: '3.1', sm: ['sm_20'] },
      '.grad+.cube': { ptx: '4.3' },
      '.grad+.acube': { ptx: '4.3' },
    },
    tld4: { '.a2d': { ptx: '4.3', sm: ['sm_30'] }, '.cube': { ptx: '4.3', sm: ['sm_30'] }, '.acube': { ptx: '4.3', sm: ['sm_30'] } },
    txq: {
      '.level': { ptx: '4.3', sm: ['sm_30'] },
      '.channel_data_type': { ptx: '2.1' },
      '.channel_order': { ptx: '2.1' },
      '.force_unnormalized_coords': { ptx: '2.2' },
      '.array_size': { ptx: '4.1' },
      '.num_mipmap_levels': { ptx: '4.1', sm: ['sm_20'] },
      '.num_samples': { ptx: '4.1', sm: ['sm_30'] },
    },
    suq: { '.channel_data_type': { ptx: '2.1' }, '.channel_order': { ptx: '2.1' }, '.array_size': { ptx: '4.1' }, '.memory_layout': { ptx: '4.2' } },
    // The surface loads and stores (measured likewise): "Feature '.clamp modifier' requires PTX ISA
    // .version 2.0" (and .zero), "'surface instruction with .3d geometry' ... 3.0" / "sm_20" (and
    // array geometry), "Instruction 'suld.b' requires .target sm_20" with a cache operator,
    // "Instruction 'sust.p' requires .target sm_20".
    suld: { ...SURFACE_WORDS, '.ca': SM20, '.cg': SM20, '.cs': SM20, '.cv': SM20 },
    sust: { ...SURFACE_WORDS, '.p': SM20, '.wb': SM20, '.cg': SM20, '.cs': SM20, '.wt': SM20 },
    // "Feature '64-bit min/max operation on sured.b' requires PTX ISA .version 8.1 or later" (`.s64`/
    // `.u64` with `.min`/`.max`; `.add.u64` has no such floor) and "Feature '.b64 on sured.p'"
    // (measured with ptxas 13.0 at sm_90, .version 8.0 and 8.1).
    sured: { ...SURED_64, '.p+.b64': V81 },
  }),
};
