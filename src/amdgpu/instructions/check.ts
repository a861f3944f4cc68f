/**
 * The AMDGPU instruction layer: each instruction statement checked against the instruction table
 * (table.ts) of the processor, as llvm-mc-19 matches it: the mnemonic (unknown anywhere, not on
 * this GPU, an encoding variant it does not have), the number of operands, the kind of each
 * operand (register file, constant, `off`), register tuple sizes, and the modifiers the encoding
 * takes. A rule is applied only where the table's facts were confirmed with llvm-mc-19
 * (`FormSpec.verified`), and refuses only what no form of the instruction takes.
 *
 * The hook in check.ts calls `checkInstruction` once per instruction statement with no earlier
 * error. Per-mnemonic facts are prepared once per processor and cached (no allocation per
 * instruction on the clean path).
 */
import type { Span } from '../../core/source.js';
import type { Expr, InstructionOperand, Operand, Statement } from '../parse/ast.js';
import type { IssueSink } from '../parse/expr.js';
import type { AmdCode } from '../diagnostics.js';
import { convertFloat, inlineCode16, inlineCode32, inlineCode64, inlineCodeBF16 } from '../check/immediates.js';
import { f64ToBF16Bits, f64ToBits, f64ToF32Bits } from '../../core/float.js';
import { parseRegister, REG_CODES } from '../check/registers.js';
import type { AmdgpuTarget } from '../targets.js';
import { AMD_INSTRUCTION_CODES as C } from './diagnostics.js';
import { SPLIT_FORMAT_NAMES, UNIFIED_FORMATS_GFX10, UNIFIED_FORMATS_NOT_GFX11 } from '../data/buffer-formats.js';
import { formSpec, instructionInfo, lookupInstruction, operandSpec, OperandFile as F, OperandModifier, type FormSpec, type InstructionLookup, type OperandSpec } from './table.js';
import { MODIFIER_SETS } from './table.generated.js';
import { checkGfx12Image, checkGfx12ImageAddress, gfx12ImageModifiers, checkGfx12ImageData, checkImageOperands, checkUnverifiedImage, imageDataDwords, imageOp, isGatherLike, isModelledUnverifiedImage } from './image.js';
import { ImageBits } from '../data/mimg.js';
import { soppImmediateRange, type ImmediateRange } from '../data/sopp-ranges.js';
import { MODIFIER_VALUE_RULES } from '../data/modifier-values.js';
import { DELAY_ALU_FIELDS } from '../data/delay-alu.js';
import { ALL_32_NAMES, BF16_DOT_NAMES, BF16_SINGLE_SRC2_NAMES, DOT_F16_NAMES, FLOAT16_SOURCE_NAMES, LANE_SELECT_LITERAL_NAMES, LAST_TYPE_16, LAST_TYPE_32, PACKED_SOURCE_NAMES, SINGLE16_SRC01_NAMES, SDWA_NO_DST_SEL_NAMES, SOURCE_TYPES_UNJUDGED, SDWA_SRC1_I16_NAMES, SRC1_32_NAMES, SRC2_32_NAMES, TRUNCATED16_SRC1_NAMES } from '../data/source-types.js';
import { lower } from './lower.js';

const IMAGE_NO_D16 = ImageBits.NO_D16;

type InstructionStatement = Extract<Statement, { kind: 'instruction' }>;
type WordOperand = Extract<Operand, { kind: 'word' }>;
type NamedOperand = Extract<Operand, { kind: 'word' | 'modifier' }>;

interface PreparedOperand {
  readonly spec: OperandSpec;
  /** `OperandFile` bits, the table's, widened where a probe could not tell (see `widen`). */
  readonly files: number;
  /** The register size is checked: 0 no, 1 vector registers, 2 vector and scalar registers, 3 a vector register of one or two dwords (gfx90a/gfx940 DPP sources with input modifiers). */
  readonly sized: 0 | 1 | 2 | 3;
  /** A GLOBAL `vaddr`: one dword with an SGPR base after it, two with `off`. */
  readonly globalVaddr: boolean;
  readonly returnOnly: boolean;
  /** A resource or sampler descriptor (and `s_buffer_*`'s sbase): no special register, `null` included. */
  readonly noSpecial: boolean;
  /**
   * Only some special registers (refusedSpecial): SMEM data (`sdst`, `sdata`) no `m0` nor `exec`
   * (or its halves), no `null` wider than two dwords; an e32/DPP/SDWA form's `vcc` position (where
   * the table has special registers only) `vcc` or `vcc_lo`. llvm-mc-19's "invalid operand for instruction".
   */
  readonly limitedSpecial: boolean;
  /**
   * What the position reads through the constant bus, as checkConstantBus counts it: BUS_READ (a
   * source: `src*`, `ssrc*`, `vsrc*`, a VCC source after the first two operands), BUS_K (the K of
   * madmk/madak/fmamk/fmaak, a literal whatever its value), 0 (nothing). See matchForm.
   */
  readonly bus: number;
}

interface PreparedForm {
  readonly spec: FormSpec;
  readonly ops: readonly PreparedOperand[];
  readonly min: number;
  readonly max: number;
  /** The first operand (a compare's VCC destination) may be left out. */
  readonly vccOptional: boolean;
  /** Constant-bus limit (0: not checked), and the implicit VCC read it includes (M0 for v_movrel*). */
  readonly busLimit: number;
  readonly implicitVcc: boolean;
  /** A scalar instruction (SOP*, SMEM): no operand takes a source modifier. */
  readonly scalar: boolean;
  /**
   * Source modifiers around a constant are judged by the position, as around a register: every
   * family but the VALU's, which fold `neg(1.0)` into a floating-point constant (scalar and memory
   * instructions, EXP: `buffer_load_dword v1, off, s[0:3], neg(1)`, `|off|`, llvm-mc-19 "not a
   * valid operand.").
   */
  readonly constantModifiers: boolean;
  /** Takes GFX12's `th:` / `scope:` (see checkCachePolicy12). */
  readonly cachePolicy12: boolean;
  /** The position of the (last) `vaddr` operand, -1 without one (MUBUF/MTBUF: checkBufferVaddr). */
  readonly vaddrAt: number;
  /** A SOPP instruction's immediate range (data/sopp-ranges.ts), looked up once per form; undefined: not checked (see checkSoppImmediate). */
  readonly soppRange: ImmediateRange | undefined;
  /** Of a family whose modifiers checkRanges reads (RANGED_MODIFIER_FAMILIES). */
  readonly rangedModifiers: boolean;
  /**
   * Whether checkFloatLiterals judges the form's literals as 16-bit sources (SHORT_SOURCES, not
   * SHORT_EXCEPT): 1 or 0, -1 until checkFloatLiterals first needs it (then set, once per form).
   */
  short: number;
  /**
   * The positions (bit i: operand i of the form) of the sources read as single 16-bit values,
   * neither packed nor 32 bits (checkShortSources, checkTypedInline): -1 until first needed.
   */
  shortOps: number;
  /** Whether the form is a bf16 dot product's (BF16_DOT_NAMES, checkBf16Sources): 1 or 0, -1 until first needed. */
  bf16: number;
}

type Prepared =
  | { readonly status: 'error'; readonly code: AmdCode; readonly message: string }
  /** Operand rules apply: the verified forms of the written mnemonic on this GPU. */
  | PreparedForms
  /** Known, but with no verified form (or a VOPD half): only the mnemonic is checked. */
  | { readonly status: 'ok' }
  /** GFX12 MIMG forms the table could not verify: only the operand count (see prepare). */
  | { readonly status: 'count'; readonly min: number; readonly max: number; /** a GFX12 image instruction's base mnemonic (its data size is judged) */ readonly image: string; /** its modifiers (undefined: not judged) */ readonly modifiers: readonly string[] | undefined }
  /** GFX10.3-11 image instructions the table could not verify, checked whole by image.ts (BVH, msaa_load). */
  | { readonly status: 'image'; readonly op: number; readonly base: string }
  /** MUBUF/MTBUF `_format_d16_*` forms the table could not verify (GFX8 `_xyz`): the data size only (see checkBufferD16). */
  | { readonly status: 'bufferD16'; readonly comps: number }
  /** GFX11+ v_mov_b16 (every form unverified: it takes 16-bit VGPR halves only), see checkMovB16. */
  | { readonly status: 'mov16' }
  /** GFX11+ instructions with a form the table could not verify (else 'ok'): no 16-bit VGPR half, see checkNoHalves. */
  | { readonly status: 'noHalves' };

/** The verified forms of a written mnemonic on one GPU, with what every instruction needs of them. */
interface PreparedForms {
  readonly status: 'forms';
  readonly forms: readonly PreparedForm[];
  /** Operand count range over the forms. */
  readonly minAll: number;
  readonly maxAll: number;
  /** A memory instruction (`a16`, `scc` are modifiers there). */
  readonly memory: boolean;
  readonly sopp: boolean;
  /** Modifiers (canonical names) the forms take (see checkModifiers). */
  readonly union: ReadonlySet<string>;
  /** Modifiers taken only cleared, written with `no` (gfx90a/gfx940-942 SMEM's `noscc`): checkModifiers; undefined for most. */
  readonly clearedOnly?: ReadonlySet<string>;
  /** Each form's required modifiers, when every form has some (else undefined: nothing required). */
  readonly required: readonly (readonly string[])[] | undefined;
  /** A MIMG instruction whose data size follows dmask, d16 and tfe (see checkImageData). */
  readonly imageData: boolean;
  /** MUBUF/MTBUF d16: the components written (1-4; 0 for other instructions), see checkBufferD16. */
  readonly bufferD16: number;
  /** A MIMG instruction before GFX12: its image operation (data/mimg.ts; 0 for other instructions), see image.ts. */
  readonly image: number;
  /** Forms split by withoutVcc: a count between the two (`v_add_co_ci_u32_e32 v1, vcc_lo, v2, v3`) is refused. */
  readonly vccSplit?: boolean;
  /** gfx90a and gfx940-942 DS/FLAT/GLOBAL/SCRATCH with two or more data registers (vdst, vdata): all VGPRs or all AGPRs (see checkAvData). */
  readonly avData: boolean;
  /** SCRATCH on GFX9 (not gfx940-942) and GFX10: its address is a VGPR or an SGPR, not both (checkScratchAddress). */
  readonly scratchAddress: boolean;
  /** GFX8 v_mac_f32/v_mac_f16 with an SDWA form: that form writes the whole destination (checkMacSdwa). */
  readonly macSdwa: boolean;
  /** An interpolation attribute or slot among the operands (`v_interp_p1_f32`, `ds_param_load`): checkInterpConstants. */
  readonly interp: boolean;
  /**
   * The modifiers of the forms that take a compare's operands without its VCC destination
   * (`v_cmp_gt_f32 v2, v4`, the `_e32` form alone before GFX10): checkModifiers judges such a line
   * by these, not by `union` (llvm-mc-19 refuses `v_cmp_le_f32 v3, v4 src0_sel:WORD_1`,
   * `v_cmp_gt_f32 v2, v4 clamp`; with `vcc` written both are taken). Undefined without such a form.
   */
  readonly vccLessUnion?: ReadonlySet<string>;
  /**
   * Before GFX10 (no literal in VOP3), the `_e32` forms of a mnemonic written without a suffix whose
   * unsuffixed form takes a literal (checkLiteralVia); undefined elsewhere.
   */
  readonly literalVia: readonly PreparedForm[] | undefined;
  /** Some rule of checkLessCommon applies whatever the operands (required modifiers, image or buffer d16 data, GWS data, AV data): see lessCommon. */
  readonly lessCommon: boolean;
  /** A VALU instruction whose src1 is read by its low 16 bits (data/source-types.ts; checkTruncatedSource). */
  readonly truncated16: boolean;
}

const OK: Prepared = { status: 'ok' };
const MOV16: Prepared = { status: 'mov16' };
const NO_HALVES: Prepared = { status: 'noHalves' };

/** Families whose vector register sizes depend on modifiers (dmask, dim, a16, d16, tfe, NSA). */
const SIZE_FREE_FAMILIES = new Set(['MIMG', 'VIMAGE', 'VSAMPLE']);
/** Families whose operands are scalar registers sized by the instruction alone. */
const SCALAR_FAMILIES = new Set(['SOP1', 'SOP2', 'SOPK', 'SOPC', 'SMEM']);
/** Families whose source modifiers around a constant are judged by the position (PreparedForm.constantModifiers). */
const CONSTANT_MODIFIER_FAMILIES = new Set([...SCALAR_FAMILIES, 'SOPP', 'MFMA', 'DS', 'EXP', 'FLAT', 'GLOBAL', 'SCRATCH', 'MIMG', 'MTBUF', 'MUBUF']);

const cache = new Map<string, Map<string, Prepared>>();

function gpuList(gpus: readonly string[]): string {
  return gpus.length <= 6 ? gpus.join(', ') : `${gpus.slice(0, 5).join(', ')} and ${gpus.length - 5} more`;
}

const SUFFIX = /_(e32|e64|sdwa|dpp|e64_dpp)$/i;

function prepare(mnemonic: string, target: AmdgpuTarget): Prepared {
  const r = lookupInstruction(mnemonic, target.name);
  // llvm-mc strips one encoding suffix and matches the rest as a mnemonic, and some of its
  // mnemonics end in a suffix themselves: a second suffix is taken on VOP1 and VOPC instructions
  // (`v_mov_b32_e32_e32`, see prepareDoubleSuffix), and is an invalid instruction on the others
  // (`v_or_b32_e32_e64`). A forced encoding on a non-VALU instruction is taken as `_e32` only
  // (`s_mov_b32_e32`; `s_mov_b32_e64` is a variant error).
  const suffix = SUFFIX.exec(mnemonic);
  if (suffix) {
    const rest = mnemonic.slice(0, suffix.index);
    // (The rules of the instruction itself then apply: `s_mov_b64_e32 s[0:1], 1.5` is refused as `s_mov_b64` is.)
    if (r.status === 'variant-not-supported' && !/^v_/i.test(mnemonic) && lower(suffix[1]!) === 'e32') return prepare(rest, target);
    const inner = r.status === 'unknown' ? SUFFIX.exec(rest) : null;
    if (inner) {
      const double = prepareDoubleSuffix(rest.slice(0, inner.index), lower(inner[1]!), lower(suffix[1]!), mnemonic, target);
      if (double) return double;
    }
  }
  switch (r.status) {
    case 'unknown-gpu':
      return OK;
    case 'unknown':
      return {
        status: 'error',
        code: C.unknownMnemonic,
        message: `invalid instruction: '${mnemonic}' is no AMDGPU instruction${r.suggestion ? `; did you mean '${r.suggestion}'?` : ''}`,
      };
    case 'not-on-gpu':
      return {
        status: 'error',
        code: C.notOnGpu,
        message: `instruction not supported on this GPU: '${mnemonic}' exists on ${gpuList(r.gpus)}, not on ${target.name}${r.suggestion ? `; did you mean '${r.suggestion}'?` : ''}`,
      };
    case 'variant-not-supported': {
      const spelled = [...new Set(r.forms.map((f) => f.spelled))];
      return {
        status: 'error',
        code: C.variantNotSupported,
        message: `${r.variant} variant of this instruction is not supported: ${target.name} has ${spelled.join(', ')}`,
      };
    }
    case 'found': {
      const wmma = target.generation === 11 ? WMMA11[r.base] : undefined;
      const wmma12 = target.generation === 12 ? WMMA12[r.base] : undefined;
      const tabled = wmma ? wmma11Forms(r.forms, wmma, target) : wmma12 ? wmma12Forms(r.base, r.forms, wmma12, target) : (target.name === 'gfx90a' || target.isGfx940) && CARRY_E32.test(r.base) ? carryE32Forms(r.forms) : target.isGfx940 && LDS_LOADS_940.test(r.base) ? ldsLoad940Forms(r.forms) : r.forms;
      const siCarry = target.generation <= 7 && SI_CARRY_ALIAS.test(r.base);
      const mfma = siCarry ? tabled.filter((f) => f.verified) : hasSiblingDonor(r.base, tabled, target) ? siblingForms(tabled, target.name) : tabled;
      if (mfma.length === 0) return { status: 'error', code: C.variantNotSupported, message: `${suffix ? lower(suffix[1]!) : ''} variant of this instruction is not supported: ${target.name} takes ${r.base} and ${r.base}_e64 only (llvm-mc-19 "${siCarry ? 'operands are not valid for this GPU or mode' : 'invalid operand for instruction'}")` };
      const specs = target.key === target.name ? mfma : waveForms(mfma, r.base, target);
      // GFX12 image instructions the table could not verify: their operand count (from the syntax
      // page) is still checked; llvm-mc-19 refuses one operand fewer or more on every one of them.
      if (target.generation >= 12 && specs.every((f) => !f.verified && f.family === 'MIMG'))
        return { status: 'count', min: Math.min(...specs.map((f) => f.minOperands)), max: Math.max(...specs.map((f) => f.maxOperands)), image: lower(r.base), modifiers: gfx12ImageModifiers(lower(r.base)) };
      if ((target.generation === 10 || target.generation === 11) && specs.every((f) => !f.verified && f.family === 'MIMG')) {
        const op = imageOp(lower(r.base));
        if (isModelledUnverifiedImage(op)) return { status: 'image', op, base: lower(r.base) };
      }
      if (specs.every((f) => !f.verified && (f.family === 'MUBUF' || f.family === 'MTBUF'))) {
        const d16 = /_(?:format_d16|d16_format|d16_hi_format)_(x|xy|xyz|xyzw)$/i.exec(r.base);
        if (d16) return { status: 'bufferD16', comps: d16[1]!.length };
      }
      if (target.generation >= 11 && r.base === 'v_mov_b16') return MOV16;
      if (specs.some((f) => !f.verified || f.form === 'vopdx' || f.form === 'vopdy')) return target.generation >= 11 ? NO_HALVES : OK;
      const split = withoutVcc(specs, r.base, target);
      const lowered = mnemonic.toLowerCase();
      const forms = split.map((spec) => sharedForm(lowered, spec, target));
      let minAll = Infinity;
      let maxAll = 0;
      for (const f of forms) {
        if (f.min < minAll) minAll = f.min;
        if (f.max > maxAll) maxAll = f.max;
      }
      const family = forms[0]!.spec.family;
      const required = forms.every((f) => f.spec.requiredModifiers.length > 0) ? forms.map((f) => f.spec.requiredModifiers) : undefined;
      const imageData = family === 'MIMG' && !/bvh/i.test(mnemonic);
      const union = modifierUnion(forms, target);
      // gfx90a and gfx940-942 have no GDS: `gds` only on the GWS instructions, which need it
      // (llvm-mc-19 "gds modifier is not supported on this GPU" on every other DS instruction).
      if (family === 'DS' && (target.name === 'gfx90a' || target.isGfx940) && !r.base.startsWith('ds_gws_')) union.delete('gds');
      // llvm-mc-19's generic processors are no SI/CI: SMRD loads take `glc` (SI's "cache policy is not
      // supported for SMRD instructions" does not apply; slc/dlc stay refused).
      if (family === 'SMEM' && target.generic && forms.some((f) => f.spec.maxOperands >= 3)) union.add('glc');
      // MIMG tfe on GFX6-9 (not gfx90a): the table's probes wrote one dword of data, which tfe makes too few.
      if (family === 'MIMG' && target.generation <= 9 && target.name !== 'gfx90a' && union.has('lwe')) union.add('tfe');
      // Every MIMG instruction takes dmask (llvm-mc-19; the probes of some atomics wrote data of another size).
      if (family === 'MIMG' && union.has('lwe')) union.add('dmask');
      // No MIMG instruction takes dlc before GFX10 (image_gather4h's table entry on GFX9 lists it).
      if (family === 'MIMG' && target.generation <= 9) union.delete('dlc');
      // gfx90a's `scc` cache bit is taken by every MIMG instruction as by the buffer and FLAT ones
      // (modifierUnion); no other processor takes it (llvm-mc-19 "scc modifier is not supported on this GPU").
      if (family === 'MIMG' && target.name === 'gfx90a') union.add('scc');
      // SMEM on gfx90a and gfx940-942 takes the bit cleared (`noscc`; llvm-mc-19 checks the bits set only).
      const clearedOnly = family === 'SMEM' && (target.name === 'gfx90a' || target.isGfx940) ? SCC_CLEARED : undefined;
      // MIMG on GFX10-11: every form takes dmask, a16 and tfe, and d16 but the atomics (llvm-mc-19 with
      // fitting data and address sizes); the table's probes changed a size with each of them.
      if (family === 'MIMG' && (target.generation === 10 || target.generation === 11) && union.has('lwe')) {
        union.add('a16');
        union.add('tfe');
        if (!(imageOp(lower(r.base)) & IMAGE_NO_D16)) union.add('d16');
      }
      // MIMG on GFX12 (not BVH): one rule for every instruction (image.ts), not the table's lists.
      const mods12 = family === 'MIMG' && target.generation >= 12 ? gfx12ImageModifiers(lower(r.base)) : undefined;
      if (mods12) {
        union.clear();
        for (const m of mods12) union.add(m);
      }
      // GFX12 writes the cache policy th:/scope: and has no GDS: no instruction takes glc, slc, dlc or
      // gds there (llvm-mc-19 "invalid operand for instruction", "gds modifier is not supported on this
      // GPU"), the GFX9-10 names (flat_load_dword, ds_read_b32, s_load_dword, ...) neither, whose table
      // entries list them (found on AQuickBlackFox/amdgpu-code's kernels taken to gfx1200).
      if (target.generation >= 12) {
        for (const m of GFX12_REFUSED_MODIFIERS) union.delete(m);
        // byte_sel: the GFX12 fp8/bf8 conversions that pick a byte, in their VOP1 and VOP3 forms
        // and VOP3's DPP (`_e64_dpp` with quad_perm or dpp8), not _e32 (llvm-mc-19 "invalid operand
        // for instruction") nor VOP1's DPP (`_dpp`, "not a valid operand.").
        if (BYTE_SEL_BASES.has(r.base) && forms.some((f) => f.spec.form === '' || f.spec.form === 'e64' || f.spec.form.startsWith('e64_dpp'))) union.add('byte_sel');
      }
      // gfx940's f64 MFMA take `neg:[a,b,c]` (llvm-mc-19; the table lists no neg), gfx90a's not.
      if (target.isGfx940 && r.base.startsWith('v_mfma_f64_')) union.add('neg');
      // MUBUF loads take tfe up to GFX10 (not gfx90a/gfx940): the same gap in the probes.
      if (family === 'MUBUF' && target.generation <= 10 && target.name !== 'gfx90a' && !target.isGfx940 && /_load_/i.test(mnemonic)) union.add('tfe');
      // (GFX11 on spell the format forms `buffer_store_d16_format_xyzw`, measured as GFX10's.)
      const d16 = (family === 'MUBUF' || family === 'MTBUF') && /_d16/i.test(mnemonic) ? /_(?:format_d16|d16_format|d16_hi_format)_(x|xy|xyz|xyzw)(_e\d+)?$/i.exec(mnemonic) : null;
      const bufferD16 = d16 ? d16[1]!.length : (family === 'MUBUF' || family === 'MTBUF') && /_d16/i.test(mnemonic) ? 1 : 0;
      const image = family === 'MIMG' && target.generation <= 11 ? imageOp(lower(r.base)) : 0;
      const gws = (target.name === 'gfx90a' || target.isGfx940) && forms.some((f) => f.spec.family === 'DS');
      const avData = target.alignedVgprTuples && AV_DATA_FAMILIES.has(family) && forms.some((f) => f.ops.filter((o) => isAvData(o.spec)).length > 1);
      const scratchAddress = family === 'SCRATCH' && (target.generation === 10 || (target.generation === 9 && !target.isGfx940));
      const macSdwa = target.generation === 8 && (r.base === 'v_mac_f32' || r.base === 'v_mac_f16') && forms.some((f) => f.spec.family === 'SDWA');
      const interp = forms.some((f) => f.ops.some((o) => o.spec.kind === 'attr' || o.spec.kind === 'param'));
      // (GFX8-10, not GFX10's v_cmpx, which write no VCC: GFX11+'s DPP forms take the line without VCC.)
      const vccLess = target.generation <= 9 || (target.generation === 10 && !r.base.startsWith('v_cmpx')) ? forms.find((f) => f.vccOptional) : undefined;
      const vccLessUnion = vccLess && modifierUnion(forms.filter((g) => vccLess.min >= g.min && vccLess.min <= g.max), target);
      // (Only where the `_e32` forms take no modifier word: a literal with one is then never in them.)
      const viaForms = target.generation < 10 && forms.some((f) => f.spec.form === '') ? forms.filter((f) => f.spec.form === 'e32') : [];
      const literalVia = viaForms.length > 0 && modifierUnion(viaForms, target).size === 0 ? viaForms : undefined;
      const lessCommon = required !== undefined || imageData || bufferD16 !== 0 || image !== 0 || gws || avData || scratchAddress || macSdwa || interp;
      return { status: 'forms', forms, minAll, maxAll, memory: MEMORY_FAMILIES.has(family), sopp: family === 'SOPP', union, required, imageData, bufferD16, image, vccSplit: split !== specs, avData, scratchAddress, macSdwa, interp, vccLessUnion, literalVia, clearedOnly, lessCommon, truncated16: TRUNCATED16_SRC1_NAMES.test(r.base) };
    }
  }
}

/**
 * A mnemonic with two encoding suffixes, `X_in_out` (llvm-mc-19 strips `_out` and matches `X_in`,
 * which is a mnemonic of its own for VOP1 and VOPC instructions; facts from a matrix of every
 * pair of suffixes on VOP1, VOP2, VOP3, VOP3P and VOPC instructions, GFX6 to GFX12):
 * - VOP1, `in` e32, e64 or sdwa, a form X has on some GPU: the same as `X_out`;
 * - VOP1, `in` dpp: not on a GPU without X's DPP form, otherwise refused (a variant error for an
 *   `out` other than dpp; `X_dpp_dpp` is refused with or without a DPP control);
 * - VOPC, `X_e32_e32`: the `_e32` form without its VCC destination (`v_cmp_gt_u32_e32_e32 v1, v2`),
 *   `X_e32_out` a variant error;
 * - anything else: an invalid instruction (undefined here: the caller reports it).
 * `_e64_dpp` as the outer suffix is not judged.
 */
function prepareDoubleSuffix(base: string, inner: string, outer: string, mnemonic: string, target: AmdgpuTarget): Prepared | undefined {
  const info = instructionInfo(base);
  if (!info || !info.forms.some((f) => f.family === 'VOP1' || f.family === 'VOPC')) return undefined;
  const here = lookupInstruction(base, target.name);
  if (here.status !== 'found' || outer === 'e64_dpp') return OK;
  const variant = (v: string): Prepared => ({ status: 'error', code: C.variantNotSupported, message: `${v} variant of this instruction is not supported: '${mnemonic}' is ${base}_${inner} with a second suffix` });
  if (info.forms.some((f) => f.family === 'VOP1')) {
    if (inner === 'dpp') {
      if (!here.forms.some((f) => f.form === 'dpp' || f.form === 'dpp8'))
        return { status: 'error', code: C.notOnGpu, message: `instruction not supported on this GPU: ${base}_dpp (in '${mnemonic}') is not on ${target.name}` };
      return variant(outer);
    }
    if (!info.forms.some((f) => f.form === inner)) return undefined;
    return prepare(`${base}_${outer}`, target);
  }
  if (info.forms.some((f) => f.family === 'VOPC')) {
    if (inner !== 'e32') return undefined;
    if (outer !== 'e32') return variant(outer);
    const p = prepare(`${base}_e32`, target);
    if (p.status !== 'forms') return p;
    const forms = p.forms.map((f) =>
      f.vccOptional ? prepareForm(lower(base), formSpec({ ...f.spec, operands: f.spec.operands.slice(1), minOperands: f.spec.minOperands - 1, maxOperands: f.spec.maxOperands - 1 }), target) : f,
    );
    let minAll = Infinity;
    let maxAll = 0;
    for (const f of forms) {
      if (f.min < minAll) minAll = f.min;
      if (f.max > maxAll) maxAll = f.max;
    }
    return { ...p, forms, minAll, maxAll };
  }
  return undefined;
}

/**
 * VOP2 carry instructions whose VCC operands may all be left out (llvm-mc-19; not on GFX6-8):
 * on GFX9 `v_add_co_u32_e32 v3, v3, v1` (the carry-out only, e32), from GFX10
 * `v_add_co_ci_u32_e32 v3, v3, v1` (e32, DPP, DPP8, SDWA: both VCC operands, never one of them).
 * Each such form becomes two: every operand written, or none of the VCC ones.
 */
/** The VCC-less forms made by withoutVcc: `vcc` as their second operand is llvm-mc's VCC token, so too few. */
const VCC_LESS = new WeakSet<FormSpec>();
const VCC_OPTIONAL_9 = /^v_(add|sub|subrev)_co_u32$/;
const VCC_OPTIONAL_10 = /^v_(add|sub|subrev)_co_ci_u32$/;
function withoutVcc(specs: readonly FormSpec[], base: string, target: AmdgpuTarget): readonly FormSpec[] {
  const g = target.generation;
  if (!(g === 9 ? VCC_OPTIONAL_9.test(base) : g >= 10 && VCC_OPTIONAL_10.test(base))) return specs;
  const out: FormSpec[] = [];
  for (const f of specs) {
    const vccLess = f.operands.filter((o) => o.kind !== 'vcc');
    // The table's optional trailing operands of these forms were the VCC-less spelling seen by its
    // probes: every form takes all of its operands (a VOP3 form too: `v_add_co_ci_u32 v3, s0, v3, v1`).
    const all = f.operands.map((o) => (o.optional ? operandSpec({ ...o, optional: false }) : o));
    out.push(formSpec({ ...f, operands: all, minOperands: all.length, maxOperands: all.length }));
    if (vccLess.length < f.operands.length && f.family !== 'VOP3' && (g >= 10 || f.form === 'e32')) {
      const spec = formSpec({ ...f, operands: vccLess, minOperands: vccLess.length, maxOperands: vccLess.length });
      VCC_LESS.add(spec);
      out.push(spec);
    }
  }
  return out;
}

/**
 * Lane masks in another wave size than the processor's default (-mattr, features.ts): VCC and the
 * SGPRs of a compare's result, a carry, v_cndmask's select, v_div_scale's and v_mad_u64_u32's
 * carry-out (VALU operands named `vcc`, and `sdst`/`ssrc2`/`src2` of SGPRs and special registers only, not
 * v_readlane/v_readfirstlane's `sdst`) are one dword in wave32 (`vcc_lo`, `s0`), two in wave64
 * (`vcc`, `s[0:1]`), either when both are on (size 0: not judged). The table has the default
 * (wave64 before GFX10, wave32 from GFX10). (WMMA: wmma11Forms, wmma12Forms.) Measured with llvm-mc-19 on gfx900, gfx1030, gfx1100
 * and gfx1200 in every mode.
 */
/**
 * A register size measured in wave32 (WMMA, GFX12's global_load_tr) in the target's wave size: half
 * in wave64 (one register at least), 0 (not judged) with both sizes on.
 */
function waveHalf(n: number, target: AmdgpuTarget): number {
  return !target.wave64 ? n : target.wave32 ? 0 : Math.max(1, n >> 1);
}

const LANE_MASK_FILES = F.S | F.SPECIAL;
const NOT_LANE_MASK = /^v_read(first)?lane_b32$/;
function waveForms(specs: readonly FormSpec[], base: string, target: AmdgpuTarget): readonly FormSpec[] {
  const size = target.wave32 && target.wave64 ? 0 : target.wave64 ? 2 : 1;
  if (size === (target.generation >= 10 ? 1 : 2) || NOT_LANE_MASK.test(base)) return specs;
  // GFX12's transposing loads write half the data in wave64 (`global_load_tr_b128 v[1:2], ...`).
  if (base.startsWith('global_load_tr_')) return specs.map((f) => formSpec({ ...f, operands: f.operands.map((o) => (o.kind === 'vdst' ? operandSpec({ ...o, size: waveHalf(o.size, target) }) : o)) }));
  return specs.map((f) => {
    if (!(f.family.startsWith('VOP') || f.family === 'SDWA' || f.family === 'DPP16' || f.family === 'DPP8')) return f;
    const isMask = (o: OperandSpec) => o.name === 'vcc' || ((o.name === 'sdst' || o.name === 'ssrc2' || o.name === 'src2') && o.files === LANE_MASK_FILES);
    if (!f.operands.some(isMask)) return f;
    return formSpec({ ...f, operands: f.operands.map((o) => (isMask(o) ? operandSpec({ ...o, size }) : o)) });
  });
}

/**
 * gfx940-942's loads into LDS (`global_load_lds_dword v[2:3], off`, `global_load_lds_ubyte v1,
 * s[2:3] offset:8 sc0`, `scratch_load_lds_dword off, s2`): the table's entries, unverified, list a
 * vdst these instructions do not have; llvm-mc-19 takes vaddr and saddr as the GLOBAL and SCRATCH
 * loads' (a 64-bit vaddr with `off`, a 32-bit one with an SGPR pair; on SCRATCH one VGPR or `off`
 * and one SGPR or `off`), `offset:` and the cache bits, so they are matched as those loads without
 * the vdst.
 */
const LDS_LOADS_940 = /^(global|scratch)_load_lds_(dword|ubyte|sbyte|ushort|sshort)$/;
function ldsLoad940Forms(forms: readonly FormSpec[]): FormSpec[] {
  return forms.map((f) => formSpec({ ...f, operands: f.operands.slice(1), minOperands: 2, maxOperands: 2, modifiers: ['offset'], verified: true }));
}

/**
 * Forms the table could not verify beside verified ones of the same instruction, replaced by
 * those: MFMA on gfx908 and gfx90a (v_mfma_f32_32x32x4bf16's unsuffixed form) and on gfx940-942
 * (`_e32`, `_sdwa`, `_dpp`, `_e64_dpp` of the names from before gfx940, and 32x32x4bf16's `_e64`);
 * GFX11+ v_interp_p2_f32's `_e64` (a VOP3 form of GFX10's with an `attr` operand). llvm-mc-19
 * takes the unsuffixed and `_e64` spellings alike (one operand list: on MFMA a matrix of both
 * spellings with VGPR and AGPR tuples, with and without cbsz/blgp, gets the same answer on each; on
 * GFX11+ `v_interp_p2_f32_e64 v0, v1, v2, v3 wait_exp:1` is the VINTERP instruction, as
 * `v_interp_p10_f32_e64` is, and `v_interp_p2_f32_e64 v2, v1, attr0.x` is refused), so the
 * verified one of the two stands in for the other; it refuses every MFMA `_e32`, `_sdwa`, `_dpp`
 * and `_e64_dpp` spelling there ("invalid operand for instruction"), which are left out
 * (test/amdgpu/instructions/miss11-found.test.ts).
 */
const MFMA_UNVERIFIED_TARGETS: ReadonlySet<string> = new Set(['gfx908', 'gfx90a']);
function hasSiblingDonor(base: string, forms: readonly FormSpec[], target: AmdgpuTarget): boolean {
  if (forms.length === 0) return false;
  if (forms[0]!.family === 'MFMA') return MFMA_UNVERIFIED_TARGETS.has(target.name) || target.isGfx940;
  return target.generation >= 11 && base === 'v_interp_p2_f32';
}
function siblingForms(forms: readonly FormSpec[], gpu: string): readonly FormSpec[] {
  if (forms.every((f) => f.verified)) return forms;
  const isDonor = (f: FormSpec) => f.verified && (f.form === '' || f.form === 'e64');
  let donor = forms.find(isDonor);
  if (!donor) {
    const all = lookupInstruction(forms[0]!.base, gpu);
    if (all.status === 'found') donor = all.forms.find(isDonor);
  }
  const out: FormSpec[] = [];
  for (const f of forms) {
    if (f.verified) out.push(f);
    else if (f.form === '' || f.form === 'e64') out.push(donor ? formSpec({ ...donor, form: f.form, spelled: f.spelled }) : f);
    else if (f.family !== 'MFMA') out.push(f);
  }
  return out;
}

/**
 * `v_add_co_u32`, `v_sub_co_u32` and `v_subrev_co_u32` on GFX6-7, where the VOP2 instruction is
 * spelled `v_add_i32` (`v_sub_i32`, `v_subrev_i32`): llvm-mc-19 takes the `_co_u32` names in the
 * VOP3 form only (unsuffixed or `_e64`: a 64-bit carry-out, src1 a VGPR) and refuses every `_e32`
 * spelling and every other operand list ("operands are not valid for this GPU or mode"; `vcc_lo`
 * "invalid operand for instruction"). The table's unverified `_e32` form is left out, so the
 * verified VOP3 form judges the operands (test/amdgpu/instructions/heldout15-found.test.ts).
 */
const SI_CARRY_ALIAS = /^v_(add|sub|subrev)_co_u32$/;

/**
 * The `_e32` forms of the VOP2 carry instructions on gfx90a and gfx940-942, which the table could
 * not verify: llvm-mc-19 treats them there exactly as on gfx900 (a matrix of valid and broken
 * operand lists gives the same answers line for line), so gfx900's verified form stands in.
 */
const CARRY_E32 = /^v_(addc|subb|subbrev)_co_u32$/;
function carryE32Forms(forms: readonly FormSpec[]): readonly FormSpec[] {
  return forms.map((f) => {
    if (f.verified || f.form !== 'e32') return f;
    const donor = lookupInstruction(`${f.base}_e32`, 'gfx900');
    return (donor.status === 'found' && donor.forms.find((g) => g.form === 'e32' && g.verified)) || f;
  });
}

/**
 * GFX11 WMMA (wave32), which the table could not verify: [dwords of src0/src1, kind of result].
 * Facts from llvm-mc-19 (gfx1100, gfx1150): vdst and src2 are eight VGPRs (src2 also an inline
 * constant), src0/src1 VGPRs only; op_sel/op_sel_hi on the f16/bf16 results only, clamp on the
 * integer ones only, neg_lo/neg_hi on all.
 */
const WMMA11: Record<string, readonly [number, 'f32' | 'f16' | 'i32']> = {
  v_wmma_f32_16x16x16_f16: [8, 'f32'],
  v_wmma_f32_16x16x16_bf16: [8, 'f32'],
  v_wmma_f16_16x16x16_f16: [8, 'f16'],
  v_wmma_bf16_16x16x16_bf16: [8, 'f16'],
  v_wmma_i32_16x16x16_iu8: [4, 'i32'],
  v_wmma_i32_16x16x16_iu4: [2, 'i32'],
};

function wmma11Forms(forms: readonly FormSpec[], [size, result]: readonly [number, 'f32' | 'f16' | 'i32'], target: AmdgpuTarget): FormSpec[] {
  const op = (name: string, kind: OperandSpec['kind'], n: number, files: number): OperandSpec => operandSpec({ name, kind, size: n, files, operandModifiers: 0, optional: false, returnOnly: false });
  // In wave64 (-mattr) vdst and src2 are four VGPRs (llvm-mc-19 on gfx1100).
  const acc = waveHalf(8, target);
  const operands = [op('vdst', 'vdst', acc, F.V), op('src0', 'src', size, F.V), op('src1', 'src', size, F.V), op('src2', 'src', acc, F.V | F.INLINE)];
  const modifiers = result === 'f16' ? ['neg_hi', 'neg_lo', 'op_sel', 'op_sel_hi'] : result === 'i32' ? ['clamp', 'neg_hi', 'neg_lo'] : ['neg_hi', 'neg_lo'];
  return forms.filter((f) => f.form === '' || f.form === 'e64').map((f) => formSpec({ ...f, family: 'VOP3P', operands, minOperands: 4, maxOperands: 4, modifiers, requiredModifiers: [], verified: true }));
}

/**
 * GFX12 WMMA and SWMMAC (forms the table could not verify), measured with llvm-mc-19 on gfx1200
 * and gfx1201 (wave32): the register sizes of vdst, src0, src1 and (WMMA) src2, and the modifiers
 * each takes (by name; the lanes of neg_lo/neg_hi and the index_key value are not judged). src0
 * and src1 are VGPRs without source modifiers; WMMA's src2 a VGPR tuple or an inline constant,
 * SWMMAC's src2 one VGPR (the sparsity index).
 */
const WMMA12: Record<string, readonly [number, number, number, number, 'f' | 'i' | '8']> = {
  v_wmma_f32_16x16x16_f16: [8, 4, 4, 8, 'f'],
  v_wmma_f32_16x16x16_bf16: [8, 4, 4, 8, 'f'],
  v_wmma_f16_16x16x16_f16: [4, 4, 4, 4, 'f'],
  v_wmma_bf16_16x16x16_bf16: [4, 4, 4, 4, 'f'],
  v_wmma_i32_16x16x16_iu8: [8, 2, 2, 8, 'i'],
  v_wmma_i32_16x16x16_iu4: [8, 1, 1, 8, 'i'],
  v_wmma_i32_16x16x32_iu4: [8, 2, 2, 8, 'i'],
  v_wmma_f32_16x16x16_fp8_fp8: [8, 2, 2, 8, '8'],
  v_wmma_f32_16x16x16_fp8_bf8: [8, 2, 2, 8, '8'],
  v_wmma_f32_16x16x16_bf8_fp8: [8, 2, 2, 8, '8'],
  v_wmma_f32_16x16x16_bf8_bf8: [8, 2, 2, 8, '8'],
  v_swmmac_f32_16x16x32_f16: [8, 4, 8, 1, 'f'],
  v_swmmac_f32_16x16x32_bf16: [8, 4, 8, 1, 'f'],
  v_swmmac_f16_16x16x32_f16: [4, 4, 8, 1, 'f'],
  v_swmmac_bf16_16x16x32_bf16: [4, 4, 8, 1, 'f'],
  v_swmmac_i32_16x16x32_iu8: [8, 2, 4, 1, 'i'],
  v_swmmac_i32_16x16x32_iu4: [8, 1, 2, 1, 'i'],
  v_swmmac_i32_16x16x64_iu4: [8, 2, 4, 1, 'i'],
  v_swmmac_f32_16x16x32_fp8_fp8: [8, 2, 4, 1, '8'],
  v_swmmac_f32_16x16x32_fp8_bf8: [8, 2, 4, 1, '8'],
  v_swmmac_f32_16x16x32_bf8_fp8: [8, 2, 4, 1, '8'],
  v_swmmac_f32_16x16x32_bf8_bf8: [8, 2, 4, 1, '8'],
};

function wmma12Forms(base: string, forms: readonly FormSpec[], [d32, a32, b32, c32, kind]: readonly [number, number, number, number, 'f' | 'i' | '8'], target: AmdgpuTarget): FormSpec[] {
  const op = (name: string, k: OperandSpec['kind'], n: number, files: number): OperandSpec => operandSpec({ name, kind: k, size: n, files, operandModifiers: 0, optional: false, returnOnly: false });
  // In wave64 (-mattr) every size is half, one VGPR at least, but SWMMAC's index (llvm-mc-19 on gfx1200).
  const [d, a, b, c] = [waveHalf(d32, target), waveHalf(a32, target), waveHalf(b32, target), waveHalf(c32, target)];
  const sparse = base.startsWith('v_swmmac');
  const operands = [op('vdst', 'vdst', d, F.V), op('src0', 'src', a, F.V), op('src1', 'src', b, F.V), sparse ? op('src2', 'src', 1, F.V) : op('src2', 'src', c, F.V | F.INLINE)];
  const modifiers = kind === 'i' ? ['clamp', 'neg_lo'] : ['neg_lo', 'neg_hi'];
  // SWMMAC: index_key (not on v_swmmac_i32_16x16x64_iu4); the fp8/bf8 ones take no neg_lo/neg_hi.
  const mods = sparse ? [...(kind === '8' ? [] : modifiers), ...(base === 'v_swmmac_i32_16x16x64_iu4' ? [] : ['index_key'])] : modifiers;
  return forms.filter((f) => f.form === '' || f.form === 'e64').map((f) => formSpec({ ...f, family: 'VOP3P', operands, minOperands: 4, maxOperands: 4, modifiers: mods, requiredModifiers: [], verified: true }));
}

/** The PreparedForm of each FormSpec prepared for the target in use (see sharedForm). */
let sharedTarget: AmdgpuTarget | undefined;
let sharedForms = new Map<FormSpec, PreparedForm>();

/**
 * prepareForm once per FormSpec and target: the spellings of one base (`v_add_f32`,
 * `v_add_f32_e32`) share their forms' preparation. prepareForm reads the mnemonic only through
 * tests of its base (`_d16`, `lane`, `s_buffer_`, `cndmask`...), which no encoding suffix changes.
 */
function sharedForm(mnemonic: string, spec: FormSpec, target: AmdgpuTarget): PreparedForm {
  if (target !== sharedTarget) {
    sharedTarget = target;
    sharedForms = new Map();
  }
  let f = sharedForms.get(spec);
  if (f === undefined) sharedForms.set(spec, (f = prepareForm(mnemonic, spec, target)));
  return f;
}

/**
 * A form's operands as the rules use them. The table's register files come from probes that
 * replace one operand of a valid example at a time; where the example's other operands or
 * modifiers decide what a position takes, the probe could not tell, and the position is widened:
 * MUBUF/MTBUF `vaddr` (a VGPR with idxen/offen, `off` without), VALU scalar sources (`ssrc*`, an
 * SGPR where the example's other source already used the constant bus), SOPP's optional immediate.
 */
function prepareForm(mnemonic: string, spec: FormSpec, target: AmdgpuTarget): PreparedForm {
  const family = spec.family;
  const ops = preparedOperands(mnemonic, spec, target);
  // SOPP: s_endpgm's optional immediate is not in the table; the other SOPP instructions without
  // an operand in the table take none (llvm-mc-19: `s_barrier 0` is an invalid operand).
  const max = family === 'SOPP' && spec.maxOperands === 0 && spec.base === 's_endpgm' ? 1 : spec.maxOperands;
  // VOPC: llvm-mc also takes the compare without its VCC destination (`v_cmpx_eq_u32_e32 0, v2`).
  const vccOptional = family === 'VOPC' && ops.length > 0 && (ops[0]!.files & F.V) === 0 && ops[0]!.spec.kind !== 'src';
  // Constant bus (VALU; lane instructions, whose scalar lane select has rules of its own, left out).
  const wide = target.generation >= 10 && !/^v_(lshlrev|lshrrev|ashrrev)_[bi]64/.test(mnemonic);
  // (Before GFX10, v_writelane_b32's two scalar sources share the one bus slot, the lane select
  // `m0` apart: see checkConstantBus.)
  const busLimit = VALU_FAMILIES.has(family) && (!mnemonic.includes('lane') || (!wide && spec.base === 'v_writelane_b32')) ? (wide ? 2 : 1) : 0;
  // Implicit VCC reads: carry-in (e32 of v_addc/v_subb/*_co_ci), v_cndmask_b32_e32, v_div_fmas;
  // and the implicit M0 of v_movreld/v_movrels/v_movrelsd (see checkConstantBus).
  const e32 = spec.form === 'e32' || family === 'VOP2' || family === 'SDWA';
  const implicitVcc = (e32 && /addc|subb|_co_ci|cndmask/.test(mnemonic)) || mnemonic.startsWith('v_div_fmas') || spec.base.startsWith('v_movrel');
  return preparedForm(spec, ops, vccOptional ? spec.minOperands - 1 : spec.minOperands, max, vccOptional, busLimit, implicitVcc, SCALAR_FAMILIES.has(family), spec.modifiers.includes('th') || spec.modifiers.includes('scope'));
}

/**
 * The PreparedOperands of a form, shared by the forms with the same operand list (the table's
 * forms of one signature share one frozen list), family and the few tests of the mnemonic and the
 * base made here (a small file prepares about 340 forms on gfx900 with 90 distinct operand lists).
 * The lists are read only (checkDual copies one to change it).
 */
let opsTarget: AmdgpuTarget | undefined;
let opsShared = new Map<readonly OperandSpec[], Map<string, readonly PreparedOperand[]>>();

function preparedOperands(mnemonic: string, spec: FormSpec, target: AmdgpuTarget): readonly PreparedOperand[] {
  if (target !== opsTarget) {
    opsTarget = target;
    opsShared = new Map();
  }
  let byKey = opsShared.get(spec.operands);
  if (byKey === undefined) opsShared.set(spec.operands, (byKey = new Map()));
  const d16 = mnemonic.includes('_d16');
  const sBuffer = mnemonic.startsWith('s_buffer_');
  const avExcept = AV_DATA_EXCEPT.has(spec.base);
  const key = spec.family + (d16 ? 1 : 0) + (sBuffer ? 2 : 0) + (avExcept ? 4 : 0);
  let ops = byKey.get(key);
  if (ops === undefined) byKey.set(key, (ops = makePreparedOperands(spec, target, d16, sBuffer, avExcept)));
  return ops;
}

/** preparedOperands' list, made (reads the mnemonic only through d16, sBuffer; the base through avExcept). */
function makePreparedOperands(spec: FormSpec, target: AmdgpuTarget, d16: boolean, sBuffer: boolean, avExcept: boolean): readonly PreparedOperand[] {
  const family = spec.family;
  const buffer = family === 'MUBUF' || family === 'MTBUF';
  const valu = family.startsWith('VOP') || family === 'SDWA' || family === 'DPP16' || family === 'DPP8' || family === 'MFMA';
  const sizeFree = SIZE_FREE_FAMILIES.has(family) || (buffer && d16);
  // MFMA (gfx90a on): vdst and src2 are both VGPRs or both AGPRs; the table probed one at a time.
  const mfmaAgprs = family === 'MFMA' && spec.operands.some((o) => (o.files & F.A) !== 0);
  // gfx90a and gfx940-942 DS/FLAT/GLOBAL/SCRATCH: a data register (vdst, vdata) is a VGPR or an
  // AGPR (llvm-mc-19's AV classes; the table's probes, one operand at a time, found the AGPR in
  // loads and stores but not in an atomic's return and data, nor in ds_write2/ds_cmpst data).
  // ds_swizzle's data is a VGPR only. All data registers of one instruction in one file: checkAvData.
  const avData = target.alignedVgprTuples && AV_DATA_FAMILIES.has(family) && !avExcept;
  return spec.operands.map((written, index): PreparedOperand => {
    let o = written;
    let files = o.files;
    // SGPR tuples are sized as strictly as VGPRs on scalar and VALU instructions (llvm-mc-19:
    // `v_cmp_ge_u32_e64 s[0:1], ...` on wave32, `v_readlane_b32 s[4:5], ...`, `v_add_f64 ..., s0, ...`).
    // (A lane mask of either size when both wave sizes are on is of size 0: waveForms.)
    let sized: 0 | 1 | 2 | 3 = sizeFree || o.size === 0 ? 0 : SCALAR_FAMILIES.has(family) || valu ? 2 : 1;
    // A buffer resource is four SGPRs (llvm-mc-19 refuses `s[8:12]`).
    if (buffer && o.kind === 'srsrc') sized = 2;
    // So is soffset one SGPR (llvm-mc-19 refuses `s[32:33]`, `vcc`, `exec`; GFX6-12).
    if (buffer && o.kind === 'soffset') sized = 2;
    if (buffer && o.kind === 'vaddr') {
      files |= F.V | F.OFF;
      sized = 0;
    }
    if (buffer && (o.kind === 'vdata' || o.kind === 'vdst') && d16) sized = 0;
    // gfx90a and gfx940-942 (DP ALU DPP): a DPP source that takes input modifiers (`-x`, `|x|`,
    // `sext(x)`) is a VGPR of one or two dwords (llvm-mc-19 takes `v_ceil_f64_dpp v[0:1], v2`,
    // `v_add_f32_dpp v0, v[2:3], v1`, `v_ldexp_f16_dpp v2, v6, v[10:11]`); sources without them
    // (`v_add_u32_dpp`, `v_mov_b32_dpp`) and destinations keep their size. PreparedOperand.sized 3.
    if (family === 'DPP16' && target.alignedVgprTuples && (o.kind === 'src' || o.kind === 'vsrc') && o.size <= 2 && o.operandModifiers !== 0) sized = 3;
    if (mfmaAgprs && (o.name === 'vdst' || o.name === 'src2')) files |= F.V | F.A;
    // gfx908 MFMA src2: AGPRs, or a special source llvm-mc-19 encodes as an inline value (src_scc,
    // src_vccz, src_shared_base...); the other special registers are check/instruction.ts's (AMD546).
    if (family === 'MFMA' && o.name === 'src2' && !target.alignedVgprTuples) files |= F.SPECIAL;
    if (avData && (files & F.V) !== 0 && isAvData(o)) files |= F.A;
    if (valu && o.name.startsWith('ssrc')) files |= F.S | F.SPECIAL;
    // gfx90a and gfx940-942's VOP3 v_writelane_b32: the lane select is an SGPR, M0 or an inline
    // constant, as the e32 form's (the table's probes found an expression only; llvm-mc-19 refuses
    // `v_writelane_b32 v5, 1, 65`, `v_writelane_b32 v5, 1, k`).
    if (spec.base === 'v_writelane_b32' && o.name === 'src1' && files === F.EXPR) files = F.S | F.SPECIAL | F.INLINE;
    // madmk/madak/fmamk/fmaak: src0 may be a literal of K's value (llvm-mc-19; one unique literal).
    if (valu && o.name === 'src0' && spec.operands.some((x) => x.kind === 'imm')) files |= F.LITERAL;
    // So may the sources of GFX11.5+'s s_fmamk_f32/s_fmaak_f32 (llvm-mc-19 takes `s_fmaak_f32 s0,
    // 1.5, s1, 1.5`; a second value is "only one unique literal operand is allowed").
    if (family === 'SOP2' && o.kind === 'ssrc' && spec.operands.some((x) => x.kind === 'imm')) files |= F.LITERAL;
    // GLOBAL: `vaddr, saddr` is `v[0:1], off` or `v0, s[0:1]`; SCRATCH: `v0, off` or `off, s0`.
    if ((family === 'GLOBAL' || family === 'SCRATCH') && o.kind === 'vaddr') files |= F.V | (family === 'SCRATCH' ? F.OFF : 0);
    if ((family === 'GLOBAL' || family === 'SCRATCH') && o.kind === 'saddr') {
      files |= F.S | F.SPECIAL | F.OFF;
      // An SGPR saddr is two SGPRs on GLOBAL, one on SCRATCH (llvm-mc-19 "invalid operand for
      // instruction": `global_load_dword v0, v1, s0`, `s[0:2]`, `vcc_lo`, `m0`; `scratch_load_dword
      // v0, off, s[0:1]`, `vcc`, `exec`); the table's probes wrote `off` there only.
      sized = 2;
      if (family === 'GLOBAL' && o.size !== 2) o = operandSpec({ ...o, size: 2 });
    }
    // An immediate (SOPK's simm16/imm32, madmk/fmaak's K) is no register: a special one is refused
    // there too (llvm-mc-19 "invalid operand for instruction": `s_waitcnt_vscnt null, null`,
    // `s_movk_i32 s0, m0`, `v_fmaak_f32 v0, v1, v2, src_scc`), though it fits a constant's position.
    const noSpecial = o.kind === 'srsrc' || o.kind === 'ssamp' || (o.kind === 'sbase' && sBuffer) || (o.kind === 'imm' && family !== 'SOPP');
    const limitedSpecial = (family === 'SMEM' && (o.kind === 'sdst' || o.kind === 'sdata')) || (o.kind === 'vcc' && files === F.SPECIAL);
    // (The object made here, with preparedOperand's fields in its order, so of its shape: called
    // for every operand of every form prepared, preparedOperand was compiled on its own.)
    return { spec: o, files, sized, globalVaddr: family === 'GLOBAL' && o.kind === 'vaddr', returnOnly: o.returnOnly, noSpecial, limitedSpecial, bus: busRole(o.kind, index) };
  });
}

const EXEC_M0 = new Set(['m0', 'exec', 'exec_lo', 'exec_hi']);
/**
 * A special register refused at a PreparedOperand.limitedSpecial position. SMEM data: m0, exec (or
 * a half); `null` wider than two dwords (`s_load_dwordx4 null, ...`; llvm-mc-19 takes
 * `s_load_dwordx2 null, ...`). A `vcc` position: all but `vcc` and `vcc_lo` (llvm-mc-19 refuses
 * `v_add_co_ci_u32_e32 v1, exec_lo, v2, v3, vcc_lo`, `null`, `m0`, `vcc_hi`, `v_cmp_eq_u32_e32
 * exec, v1, v2`, `v_cndmask_b32_e32 v1, v2, v3, null` on GFX10+; their sizes are checked apart).
 */
function refusedSpecial(op: Operand, spec: OperandSpec): boolean {
  if (op.kind !== 'word') return false;
  const n = lower(op.name);
  if (spec.kind === 'vcc') return n !== 'vcc' && n !== 'vcc_lo';
  return EXEC_M0.has(n) || (spec.size > 2 && n === 'null');
}

/** A PreparedOperand (made here and in prepareForm, with the same fields in the same order: one object shape). */
function preparedOperand(spec: OperandSpec, files: number, sized: 0 | 1 | 2 | 3, globalVaddr: boolean, returnOnly: boolean, noSpecial: boolean, limitedSpecial: boolean, bus: number): PreparedOperand {
  return { spec, files, sized, globalVaddr, returnOnly, noSpecial, limitedSpecial, bus };
}

/** PreparedOperand.bus: a source read through the constant bus, and madmk/fmaak's K. */
const BUS_READ = 1;
const BUS_K = 2;
/** The bus role of a form's operand of this kind at this index (the operands checkConstantBus reads). */
function busRole(kind: OperandSpec['kind'], index: number): number {
  if (kind === 'imm') return BUS_K;
  return kind === 'src' || kind === 'ssrc' || kind === 'vsrc' || (kind === 'vcc' && index > 1) ? BUS_READ : 0;
}

/** A PreparedForm (made here only: one object shape). */
function preparedForm(spec: FormSpec, ops: readonly PreparedOperand[], min: number, max: number, vccOptional: boolean, busLimit: number, implicitVcc: boolean, scalar: boolean, cachePolicy12: boolean): PreparedForm {
  let vaddrAt = -1;
  for (let j = 0; j < ops.length; j++) if (ops[j]!.spec.kind === 'vaddr') vaddrAt = j;
  const soppRange = spec.family === 'SOPP' ? soppImmediateRange(spec.base) : undefined;
  const constantModifiers = CONSTANT_MODIFIER_FAMILIES.has(spec.family);
  return { spec, ops, min, max, vccOptional, busLimit, implicitVcc, scalar, constantModifiers, cachePolicy12, vaddrAt, soppRange, rangedModifiers: RANGED_MODIFIER_FAMILIES.has(spec.family), short: -1, shortOps: -1, bf16: -1 };
}

let lastTarget: AmdgpuTarget | undefined;
let lastPerGpu = new Map<string, Prepared>();

function prepared(mnemonic: string, target: AmdgpuTarget): Prepared {
  let perGpu = lastPerGpu;
  if (target !== lastTarget) {
    perGpu = cache.get(target.key)!;
    if (!perGpu) cache.set(target.key, (perGpu = new Map()));
    lastTarget = target;
    lastPerGpu = perGpu;
  }
  let p = perGpu.get(mnemonic);
  if (!p) perGpu.set(mnemonic, (p = prepare(mnemonic, target)));
  return p;
}

// ---------------------------------------------------------------------------------------------
// Operands as llvm-mc separates them: positional operands, then modifiers (commas are optional)

/** Modifiers no GFX12 instruction takes (see prepare). */
const GFX12_REFUSED_MODIFIERS: readonly string[] = ['glc', 'slc', 'dlc', 'gds'];

/** Bare words llvm-mc reads as modifiers (also with a `no` prefix for the bit modifiers). */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set([
  'glc', 'slc', 'dlc', 'nt', 'sc0', 'sc1', 'gds', 'lds', 'tfe', 'lwe', 'idxen', 'offen', 'addr64', 'clamp', 'unorm', 'da',
  'r128', 'd16', 'done', 'vm', 'compr', 'high', 'nv', 'row_mirror', 'row_half_mirror', 'fi', 'row_en',
]);

/** Calls that wrap a source operand (`neg(v0)`, `abs(v0)`, `sext(v0)`, `lit(1.0)`). */
const WRAPPERS = new Set(['neg', 'abs', 'sext', 'lit', 'lit64']);

/** Modifier words that are also register names (`a16` an AGPR, `scc`): modifiers only in memory instructions. */
export const MEMORY_MODIFIER_WORDS: ReadonlySet<string> = new Set(['a16', 'scc']);

/** The modifier words as written, with and without their `no` prefix (none of them starts with `no`). */
const MODIFIER_SPELLINGS = new Set([...MODIFIER_WORDS].flatMap((w) => [w, `no${w}`]));
const MEMORY_MODIFIER_SPELLINGS = new Set([...MEMORY_MODIFIER_WORDS].flatMap((w) => [w, `no${w}`]));


/** `v0`, `s12`, `a3` (lower case: llvm-mc-19 reads `V0`, `A1` as symbols). */
function isPlainRegister(n: string): boolean {
  const c = n.charCodeAt(0);
  return (c === 118 /* v */ || c === 115 /* s */ || c === 97) /* a */ && isDigits(n, 1);
}

const MEMORY_FAMILIES = new Set(['MUBUF', 'MTBUF', 'MIMG', 'FLAT', 'GLOBAL', 'SCRATCH', 'DS', 'SMEM']);

/**
 * The positional operands: modifiers left out, and a run of calls such as `vmcnt(0) lgkmcnt(0)`
 * (with or without commas) counted as the one operand it is. A new array each time: emptying one
 * (`length = 0`) is a call into the engine's runtime from optimized code, a small array is not.
 */
let positional: Operand[] = [];
/**
 * The positional operands of an instruction that has none: an empty array of the elements kind
 * of one that had objects (a fresh `[]` left empty has another map, which deoptimizes the code
 * that reads `positional`). Never written (collectPositional is the only writer).
 */
const NO_POSITIONAL: Operand[] = [{ kind: 'word', name: '', span: { start: 0, end: 0 } }];
NO_POSITIONAL.pop();
/** Gives a reused array (emptied with `length = 0`) the elements kind it has once in use, from the start (see NO_POSITIONAL). */
function reusable<T>(seed: T): T[] {
  const a = [seed];
  a.length = 0;
  return a;
}
/**
 * Each positional operand's kind (`op.kind`), set by collectPositional, which reads every
 * operand's kind anyway: classifyPositional reads them here, not from the operands, whose eight
 * object shapes made its load deoptimize (and the function be compiled again) at the first
 * operand of a fifth shape, a `-v1` or `|v1|` late in a file.
 */
const posKinds: string[] = reusable('');
/**
 * Every operand's kind (`op.kind`), by its index in the instruction, set by collectPositional (read
 * by checkModifiers). Made long enough for any instruction at the start: a store past its end,
 * first made late in a file (an instruction with more operands than any before), deoptimized
 * collectPositional ("out of bounds").
 */
const opKinds: string[] = new Array<string>(64).fill('');
/**
 * An operand's kind, read at one load site whose type feedback is made megamorphic when this
 * module loads (below). collectPositional reads every operand's kind through it: read there
 * directly, the load was compiled for the four or fewer operand shapes seen so far (word,
 * regRange, expr, call...), and the first operand of another shape (a modifier such as
 * `offset:16`, late in a gfx1100 file) deoptimized collectPositional, which the optimizing
 * compiler then compiled again (about 26 M instructions). A megamorphic load never deoptimizes.
 */
function operandKind(op: Operand): Operand['kind'] {
  return op.kind;
}
// Five shapes, four rounds: V8 collects type feedback only from a function's ninth call on.
const SHAPES = [{ kind: 'word', a: 0 }, { kind: 'word', b: 0 }, { kind: 'word', c: 0 }, { kind: 'word', d: 0 }, { kind: 'word', e: 0 }];
for (let round = 0; round < 4; round++) for (const shape of SHAPES) operandKind(shape as unknown as Operand);
/** Whether the instruction has a `tfe` or `lwe` word (set by collectPositional). */
let hasTfe = false;
/**
 * Whether the instruction has a `lds_direct` / `src_lds_direct` word (set by collectPositional; under
 * source modifiers, on GPUs with lds_direct, by modifiedOperand; see checkLdsDirect).
 */
let hasLdsDirect = false;
function collectPositional(operands: readonly InstructionOperand[], firstIsPositional: boolean, memory: boolean): void {
  positional = [];
  hasTfe = false;
  hasLdsDirect = false;
  let prevCall = false;
  // (The modifier test written out: one load of each operand's kind, which sees every operand shape.)
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    const kind = operandKind(op);
    opKinds[i] = kind;
    if (kind === 'word') {
      const name = (op as Extract<Operand, { kind: 'word' }>).name;
      const len = name.length;
      if (len === 3) {
        const n = lower(name);
        if (n === 'tfe' || n === 'lwe') hasTfe = true;
      } else if (len === 10 || len === 14) {
        const n = lower(name);
        if (n === 'lds_direct' || n === 'src_lds_direct') hasLdsDirect = true;
      }
      prevCall = false;
      // A word such as `gds` first, where an operand must come first, is a symbol (`s_branch gds`).
      // A register (the common case) is no modifier, but `a16` is one in memory instructions.
      // Else a word is a modifier if it is one of MODIFIER_SPELLINGS (in memory instructions also
      // `a16`, `scc`). (isPlainRegister and the modifier test written out: small functions called
      // here are compiled on their own by the optimizing compiler.)
      const c = name.charCodeAt(0);
      let register = (c === 118 /* v */ || c === 115 /* s */ || c === 97) /* a */ && len > 1;
      if (register)
        for (let k = 1; k < len; k++) {
          const d = name.charCodeAt(k);
          if (d < 48 || d > 57) {
            register = false;
            break;
          }
        }
      // (Lower case only: llvm-mc-19 reads `GLC`, `Clamp`, `ROW_MIRROR` as symbols, so operands.)
      // (One store of the operand, after the branches: each inlined push is code the optimizing
      // compiler compiles.)
      if (!((firstIsPositional && positional.length === 0) || (register && !(memory && len === 3))) && (MODIFIER_SPELLINGS.has(name) || (memory && MEMORY_MODIFIER_SPELLINGS.has(name)))) continue;
    } else if (kind === 'modifier') {
      prevCall = false;
      continue;
    } else {
      const call = kind === 'call' && !WRAPPERS.has(lower((op as Extract<Operand, { kind: 'call' }>).name));
      // (lds_direct under a source modifier, `-src_lds_direct`, `|lds_direct|`, `neg(lds_direct)`,
      // is found by modifiedOperand, which walks those modifiers anyway: out of this loop, whose
      // every line the optimizing compiler compiles; docs/benchmarks.md, session 18 review.)
      if (call && prevCall) continue;
      prevCall = call;
    }
    posKinds[positional.length] = kind;
    positional.push(op);
  }
  if (positional.length === 0) positional = NO_POSITIONAL;
}

/**
 * A VOP3P source a word may be (wordsAsOperands): a 32-bit one that is neither packed nor 16 bits
 * (the dot products' accumulator, `v_dot2_f32_f16 v2, v11, v15 clamp`, taken by llvm-mc-19 on
 * GFX10+); not a packed 16-bit one (`v_pk_add_u16 v2, v3 clamp`, `v_pk_mad_u16 v2, v3, v4
 * clamp`), a mixed FMA's nor a dot product's src0/src1.
 */
function vop3pWordSource(f: PreparedForm, at: number): boolean {
  const base = f.spec.base;
  return f.ops[at]!.spec.name === 'src2' && base.startsWith('v_dot') && !shortSource(base, 'src2', 'VOP3P');
}

/**
 * A modifier word where an operand is still missing is a symbol to llvm-mc-19, so an operand
 * (`s_mov_b32 s0, gds`, `v_mov_b32 v0, clamp`, `s_add_u32 s0, s1, offen`: taken; llvm-mc-19 looks
 * for a modifier only at the positions after the operands). Such words are counted as operands (positional is rebuilt,
 * in order) where each lands at a 32-bit position some form takes a literal at, in VOP3 only
 * without source modifiers and in VOP3P only at a dot product's accumulator (a symbol is a literal to llvm-mc-19, which it
 * refuses in a VOP3 source with modifiers, `v_add_f32 v0, v1 clamp` on gfx1030, in a VOP3P one,
 * `v_pk_add_u16 v2, v3 clamp`, and as a 64-bit operand; elsewhere
 * it is refused, as the missing operand is). true when that makes `min`.
 */
function wordsAsOperands(operands: readonly InstructionOperand[], p: PreparedForms, min: number): boolean {
  const taken = positional;
  const out: Operand[] = [];
  let words = false;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (taken.includes(op)) out.push(op);
    else if (op.kind === 'word' && out.length < p.maxAll) {
      const at = out.length;
      // A MUBUF load with an LDS form (`buffer_load_dword off, s[0:3], s4 lds`): llvm-mc-19 reads a
      // word at the soffset position as that form's modifier (but `scc` on gfx940-942, no cache bit there).
      if (p.union.has('lds') && !(p.union.has('sc0') && lower(op.name) === 'scc')) return false;
      // `scc` (a cache bit on gfx90a) is the register src_scc there, an inline value.
      const want = lower(op.name) === 'scc' ? F.S | F.INLINE | F.LITERAL : F.LITERAL;
      if (!p.forms.some((f) => ((f.ops[at]?.files ?? 0) & want) !== 0 && f.ops[at]!.spec.size === 1 && (f.spec.family !== 'VOP3P' || vop3pWordSource(f, at)) && (f.spec.family !== 'VOP3' || f.ops[at]!.spec.operandModifiers === 0))) return false;
      out.push(op);
      words = true;
    }
  }
  if (!words || out.length < min) return false;
  positional = out;
  for (let i = 0; i < out.length; i++) posKinds[i] = operandKind(out[i]!);
  return true;
}

// ---------------------------------------------------------------------------------------------
// What one operand is

const enum What {
  Vgpr,
  Sgpr,
  Agpr,
  Special,
  Off,
  Inline,
  Literal,
  /** An expression whose value is not known here (a symbol, a label). */
  Expr,
  Symbolic,
  /** Something this layer does not judge (a register list, lds_direct, a malformed register...). */
  Unknown,
  /**
   * A 16-bit VGPR half (`v5.l`, `v5.h`, GFX11+): llvm-mc-19 takes one only with
   * -mattr=+real-true16, which gpuasm does not model, and in v_mov_b16 (whose forms the table
   * could not verify, so are not matched here); no verified form takes it (every form on gfx1100,
   * gfx1150 and gfx1200 probed with `.l` and `.h` at each one-dword VGPR position: all refused).
   */
  Half,
}

interface Seen {
  what: What;
  size: number;
}
const seen: Seen = { what: What.Unknown, size: 1 };

/** What each positional operand is (reused arrays, filled by classifyPositional). */
const posWhat: What[] = [];
const posSize: number[] = [];
/**
 * The source modifiers each positional operand is written with (`OperandModifier` bits) where
 * they are to be judged: around a register, or (scalar instructions) anything; else 0.
 */
const posMods: number[] = [];

/**
 * Set by classifyPositional: how many positional operands are literals, and how many may read a
 * scalar value through the constant bus (an SGPR, a special register, a literal, or an operand
 * this layer does not classify, such as `-s0` or `neg(s0)`). Rules that need two of them are
 * skipped below that (checkMatched), so that they run, and are compiled, only where they can fire.
 */
let posLiterals = 0;
let posBusCandidates = 0;

/**
 * Whether an operand's value is not known where it is written (a label, a symbol set later or
 * never; asked of the checker, check/instruction.ts, for the operands classified What.Expr only):
 * llvm-mc-19 keeps such an operand as a relocatable expression, a literal of its own (see
 * checkRelocatable). posRelocs: how many positional operands are such (set by relocatableOperands).
 */
let relocQuery: ((op: Operand) => boolean) | undefined;
/** How many positional operands classifyPositional classified What.Expr (the ones relocatableOperands asks about). */
let posExprs = 0;
/** How many positional operands are `off` (set by classifyPositional; see offSymbols). */
let posOffs = 0;
/** Which positional operands are relocatable (valid up to positional.length where posRelocs > 0). */
const posReloc: boolean[] = [];
/** 1 + the index of a positional operand that is an aperture register (`src_shared_base`...), or 0 (set by classifyPositional). */
let posAperture = 0;
/** The aperture registers, as llvm-mc-19 spells them (lower case), with and without `src_`. */
const APERTURES: ReadonlySet<string> = new Set(['src_shared_base', 'src_shared_limit', 'src_private_base', 'src_private_limit', 'shared_base', 'shared_limit', 'private_base', 'private_limit']);
let posRelocs = 0;
/**
 * 1 + the index of a positional operand that is one of the 32-bit constant registers (`src_scc`,
 * `vccz`, `src_execz`, `src_pops_exiting_wave_id`, with or without `src_`), or 0 (set by
 * classifyPositional; checkConstantRegisters judges it).
 */
let posConstant32 = 0;
/** The constant registers by size in dwords: the apertures 2, the 32-bit ones 1 (lower case, with and without `src_`). */
const CONSTANT_REGISTERS: ReadonlyMap<string, number> = new Map([
  ...[...APERTURES].map((r): [string, number] => [r, 2]),
  ...['scc', 'vccz', 'execz', 'pops_exiting_wave_id'].flatMap((r): [string, number][] => [[r, 1], [`src_${r}`, 1]]),
]);

/**
 * After classifyPositional, on checkOne's main path (not SOPP) where some operand is What.Expr:
 * asks the checker which of those are relocatable (posReloc, posRelocs), each one more candidate
 * for the constant bus. (Apart from classifyPositional, which is compiled within a file's first
 * lines: the query there, first made at a file's first symbol operand, deoptimized it.)
 */
/**
 * `off` outside a memory instruction: where a source takes it, llvm-mc-19 reads it as the symbol of
 * that name, a value unknown here, so a literal of its own (`s_add_i32 s32, off, 0x500` and
 * `v_mad_u32_u24 v7, 0x84, v0, off` on GFX10+: "only one unique literal operand is allowed").
 * Marked relocatable (posReloc) for relocIssue, which counts it in a source position only.
 */
function offSymbols(): void {
  let relocs = 0;
  for (let i = 0; i < positional.length; i++) {
    if (posWhat[i] !== What.Off) continue;
    posReloc[i] = true;
    relocs++;
  }
  posRelocs += relocs;
}

function relocatableOperands(query: (op: Operand) => boolean): void {
  let relocs = 0;
  for (let i = 0; i < positional.length; i++) {
    if (posWhat[i] !== What.Expr) continue;
    const r = query(positional[i]!);
    posReloc[i] = r;
    if (r) relocs++;
  }
  posRelocs = relocs;
  posBusCandidates += relocs;
}

function classifyPositional(text: string, target: AmdgpuTarget): void {
  let literals = 0;
  let exprs = 0;
  let offs = 0;
  let aperture = 0;
  let constant32 = 0;
  sawTinyReal = false;
  sawReal = false;
  narrowInline = false;
  modifiedInteger = false;
  doubledMinus = false;
  let candidates = 0;
  for (let i = 0; i < positional.length; i++) {
    const op = positional[i]!;
    const kind = posKinds[i]!;
    if (doubledMinusAt(text, op.span.start)) doubledMinus = true;
    modifiedWhat = -1;
    // Every call (`vmcnt(0)` too, whose modifier bits are 0): so the call has type feedback from
    // the first lines of a file on, and its first `neg(…)` does not deoptimize this function.
    posMods[i] = kind === 'neg' || kind === 'abs' || kind === 'call' ? modifiedOperand(text, op, target) : 0;
    classify(text, op, target, kind as Operand['kind']);
    // `neg(0x123)`, `-|1.23456|`: a literal whatever the modifiers fold into it; `-v1.l` a half,
    // `-s1`, `|vccz|` the scalar register inside (see modifiedOperand).
    let what = seen.what;
    let size = seen.size;
    if (modifiedWhat >= 0) {
      what = modifiedWhat as What;
      size = modifiedSize;
    }
    posWhat[i] = what;
    posSize[i] = size;
    if (what === What.Literal) literals++;
    if (what === What.Sgpr || what === What.Special || what === What.Literal || what === What.Unknown) candidates++;
    exprs += what === What.Expr ? 1 : 0;
    offs += what === What.Off ? 1 : 0;
    // (`i + 1` computed every time: its first use at the file's first aperture register, after
    // this function was optimized, deoptimized it, "insufficient type feedback for binary operation".)
    const after = i + 1;
    if (what === What.Special && kind === 'word') {
      const c = CONSTANT_REGISTERS.get((op as WordOperand).name);
      if (c === 2) aperture = after;
      else if (c === 1) constant32 = after;
    }
  }
  posAperture = aperture;
  posConstant32 = constant32;
  posRelocs = 0;
  posExprs = exprs;
  posOffs = offs;
  posLiterals = literals;
  posBusCandidates = candidates;
}

/**
 * `-x`, `|x|`, `neg(x)`, `abs(x)`, `sext(x)` (nested, any case): their `OperandModifier` bits,
 * with a flag (MODS_ON_REGISTER) when the innermost operand is a register; 0 for any other call
 * (`vmcnt(…)`, `instid0(…)`, `hwreg(…)` are no source modifiers).
 */
function modifiedOperand(text: string, op: Operand, target: AmdgpuTarget): number {
  const minus = op.kind === 'neg';
  let bits = 0;
  for (;;) {
    if (op.kind === 'neg') {
      bits |= OperandModifier.NEG;
      op = op.operand;
    } else if (op.kind === 'abs') {
      bits |= OperandModifier.ABS;
      op = op.operand;
    } else if (op.kind === 'call' && op.args.length === 1) {
      const n = lower(op.name);
      if (n === 'neg') bits |= OperandModifier.NEG;
      else if (n === 'abs') bits |= OperandModifier.ABS;
      else if (n === 'sext') bits |= OperandModifier.SEXT;
      else {
        // `lit(lds_direct)`, `neg(lit64(src_lds_direct))`: lds_direct too (see checkLdsDirect).
        if (target.ldsDirect && (n === 'lit' || n === 'lit64') && ldsDirectInside(op) !== undefined) hasLdsDirect = true;
        break;
      }
      op = op.args[0]!;
    } else break;
  }
  if (bits === 0) {
    // `lit(65)`: judged by checkModifiedIntegers in a 16-bit source.
    if (op.kind === 'call' && op.name.length === 3 && op.args.length === 1 && lower(op.name) === 'lit' && intOperand(op.args[0]!) !== undefined) modifiedInteger = true;
    return 0;
  }
  classify(text, op, target);
  // lds_direct under source modifiers (`-src_lds_direct`, `|lds_direct|`, `neg(lds_direct)`):
  // judged by checkLdsDirect where the GPU has it.
  if (target.ldsDirect && isLdsDirect(op)) hasLdsDirect = true;
  if (seen.what === What.Literal && (bits & OperandModifier.SEXT) === 0) modifiedWhat = What.Literal;
  // `sext(1)`, `sext(0x12345678)`: the constant as written, inline or literal (llvm-mc-19 "literal
  // operands are not supported" in `v_add_u32_e64 v1, sext(0x12345678), v2` on gfx900, an SDWA
  // source before GFX9 takes neither).
  else if (seen.what === What.Inline || (bits === OperandModifier.SEXT && seen.what === What.Literal)) modifiedWhat = seen.what;
  else if (seen.what === What.Half || seen.what === What.Sgpr || seen.what === What.Agpr || seen.what === What.Special || seen.what === What.Vgpr) modifiedWhat = seen.what;
  modifiedSize = seen.size;
  // (lds_direct as a register too: its modifiers are judged as a VGPR's, llvm-mc-19 "not a valid
  // operand." in `v_and_b32 v1, -lds_direct, v2`, and an `_e32` form takes none. The rest of its
  // rules are checkLdsDirect's.)
  const mods = seen.what <= What.Special || seen.what === What.Half || (seen.what === What.Unknown && hasLdsDirect && isLdsDirect(op)) ? bits | MODS_ON_REGISTER : bits;
  // `-sym` around no register is an expression (llvm-mc-19 takes `s_mov_b32 s0, -u`), no modifier.
  // (Tested here, not in classifyPositional: a compare first reached late in a file deoptimizes
  // the function it is in, and this one is small.)
  // (And judged as the expression it is: `v_add_f16 v1, -u, v2` refuses `-u` as it refuses `u`.)
  // (`-off` is the symbol `off` negated, an expression: llvm-mc-19 refuses it as a MUBUF or
  // scratch address, "invalid operand for instruction", and takes it as a VALU source.)
  if (minus && mods === OperandModifier.NEG) {
    if (seen.what === What.Expr || seen.what === What.Off) modifiedWhat = What.Expr;
    return 0;
  }
  // (modifiedIntegerValue only where it can find an integer, an expression or a `lit(…)` inside:
  // called for every `-v1` and `|v2|`, it was compiled into this function.)
  if ((bits & (OperandModifier.NEG | OperandModifier.ABS)) !== 0 && (seen.what === What.Inline || seen.what === What.Literal || ((op.kind === 'expr' || op.kind === 'call') && modifiedIntegerValue(op) !== undefined))) modifiedInteger = true;
  // `sext(1)`: judged by checkModifiedIntegers too (sextConstantTaken).
  else if (mods === (bits & OperandModifier.SEXT) && (seen.what === What.Inline || seen.what === What.Literal)) modifiedInteger = true;
  return mods;
}
const MODS_ON_REGISTER = 1 << 8;

/**
 * Set by modifiedOperand since classifyPositional began: some operand is `neg(…)`, `abs(…)` or
 * `-|…|` around a constant (`neg(65)`, `|0x12345678|`, `neg(lit(65))`, `neg(1.5)`), or `lit(…)`
 * around an integer; checkModifiedIntegers judges it.
 */
let modifiedInteger = false;

/** The ordinal of a form's operand among its sources (`src*`, `vsrc*`, `ssrc*`), or -1. */
function sourceOrdinal(f: PreparedForm, j: number): number {
  let k = 0;
  for (let n = 0; n < j && n < f.ops.length; n++) {
    const kind = f.ops[n]!.spec.kind;
    if (kind === 'src' || kind === 'vsrc' || kind === 'ssrc') k++;
  }
  const kind = f.ops[j]?.spec.kind;
  return kind === 'src' || kind === 'vsrc' || kind === 'ssrc' ? k : -1;
}

/** The modifier bits a form's k-th source takes (0 without one). */
function sourceModifiers(g: FormSpec, k: number): number {
  let n = 0;
  for (const o of g.operands) {
    if (o.kind !== 'src' && o.kind !== 'vsrc' && o.kind !== 'ssrc') continue;
    if (n++ === k) return o.operandModifiers;
  }
  return 0;
}

/** Whether the operand at `at` begins with two minus signs (`--1`, `- -4.0`; blanks between). */
function doubledMinusAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 45 /* - */) return false;
  let c = text.charCodeAt(++at);
  while (c === 32 || c === 9) c = text.charCodeAt(++at);
  return c === 45;
}

/**
 * A source written with two minus signs first (`--1`, `- -4.0`, `--v1`) where some form of the
 * instruction takes `neg` at that source (a floating-point one): llvm-mc-19 reads the first minus as
 * the neg modifier and a second as a misspelt one, "invalid syntax, expected 'neg' modifier"
 * (`v_add_f32 v0, --1, v1`, `v_sqrt_f64 v[0:1], --4.0`, `v_cndmask_b32_e64 v8, 0, --1, vcc` on
 * gfx900); elsewhere the line is an integer expression (`v_add_u32 v0, --1, v1`, `v_mov_b32 v0,
 * --1`, `v_pk_add_f16 v0, --1, v1`, `s_add_u32 s0, --1, s1` taken), as is `-(-1)` and `|--1|`.
 * Only with such an operand (doubledMinus).
 */
function checkDoubledMinus(text: string, p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (!VALU_FAMILIES.has(f.spec.family)) return true;
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  let r: InstructionLookup | undefined;
  for (let i = 0; i < count; i++) {
    const op = positional[i]!;
    const at = op.span.start;
    if (!doubledMinusAt(text, at)) continue;
    const k = sourceOrdinal(f, i + shift);
    if (k < 0) continue;
    r ??= lookupInstruction(f.spec.base, target.name);
    const neg = p.forms.some((g) => (sourceModifiers(g.spec, k) & OperandModifier.NEG) !== 0) || (r.status === 'found' && r.forms.some((g) => (sourceModifiers(g, k) & OperandModifier.NEG) !== 0));
    if (neg) return report(sink, C.misspeltNeg, `invalid syntax, expected 'neg' modifier: source ${k} of ${f.spec.base} takes neg, so llvm-mc-19 reads a second minus as a misspelt one (write -(-x) for the expression)`, { start: at, end: op.span.end });
  }
  return true;
}

/**
 * `neg`/`abs` around a constant where the matched VALU form takes no such modifier (checkModifiedIntegers):
 * taken where another form the spelling selects takes it at that source (`v_ceil_f64 v[0:1],
 * neg(1)` is VOP3); where only the instruction's other encodings do (a floating-point source
 * written `_e32`), llvm-mc-19 folds the modifier into the constant, into a double from a float
 * only (`v_ceil_f64_e32 v[0:1], neg(1.0)`; `neg(1)` is "invalid operand for instruction",
 * `v_add_f32_e32 v0, neg(1), v1` is taken); where no form
 * of the instruction does (an integer source: `v_add3_u32 v0, neg(1), v1, v2`,
 * `v_ashrrev_i64 v[0:1], v2, neg(1.5)`), "not a valid operand.".
 */
function modifiedConstantTaken(p: PreparedForms, f: PreparedForm, j: number, count: number, op: Operand, target: AmdgpuTarget, sink: IssueSink): boolean {
  const k = sourceOrdinal(f, j);
  if (k < 0) return true;
  for (const g of p.forms) if (count >= g.min && count <= g.max && (sourceModifiers(g.spec, k) & (OperandModifier.NEG | OperandModifier.ABS)) !== 0) return true;
  const r = lookupInstruction(f.spec.base, target.name);
  const float = r.status === 'found' && r.forms.some((g) => (sourceModifiers(g, k) & (OperandModifier.NEG | OperandModifier.ABS)) !== 0);
  if (!float) return report(sink, C.modifier, `not a valid operand: source ${k} of ${f.spec.base} takes no neg or abs (an integer source), not even around a constant`, op.span);
  if (modifiedIntegerValue(op) === undefined || f.ops[j]!.spec.size !== 2) return true;
  return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled} takes no source modifier at source ${k}, and neg or abs folds into a double only from a float, not an integer`, op.span);
}

/**
 * Source modifiers around a constant in a VALU form, where neg/abs fold into a floating-point
 * constant (modifiedConstantTaken judges those) and nothing else does. The K of
 * madak/madmk/fmaak/fmamk (and their VOPD halves) takes none (`v_fmaak_f32 v1, s1, v2, abs(0x3f000000)`,
 * `v_madmk_f32 v1, v2, neg(1.0), v3`, `sext(0.5)`; a minus is no modifier: `-1.0` is taken); `sext`
 * around a constant only at a source some form of the instruction takes `sext` at (llvm-mc-19
 * takes `v_add_u32_e64 v1, sext(1), v2` on gfx900, whose SDWA form takes `sext`, and refuses
 * `v_add_f32 v1, sext(1), v2`, `v_lshlrev_b64 v[2:3], sext(3), v[2:3]`, `v_writelane_b32 v1, s2,
 * sext(1)`, and every `sext(1)` on GFX11+, which has no SDWA: "not a valid operand.").
 */
function constantModifiersTaken(p: PreparedForms, f: PreparedForm, j: number, count: number, op: Operand, bits: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  if ((bits & MODS_ON_REGISTER) !== 0 || (bits & (OperandModifier.NEG | OperandModifier.ABS | OperandModifier.SEXT)) === 0 || !VALU_FAMILIES.has(f.spec.family)) return true;
  const o = f.ops[j]!.spec;
  if (o.kind === 'imm') return report(sink, C.modifier, `not a valid operand: the constant K of ${f.spec.spelled} takes no source modifier`, op.span);
  if ((bits & OperandModifier.SEXT) === 0 || (o.operandModifiers & OperandModifier.SEXT) !== 0) return true;
  const k = sourceOrdinal(f, j);
  if (k < 0) return true;
  for (const g of p.forms) if (count >= g.min && count <= g.max && (sourceModifiers(g.spec, k) & OperandModifier.SEXT) !== 0) return true;
  const r = lookupInstruction(f.spec.base, target.name);
  if (r.status === 'found' && r.forms.some((g) => (sourceModifiers(g, k) & OperandModifier.SEXT) !== 0)) return true;
  return report(sink, C.modifier, `not a valid operand: source ${k} of ${f.spec.base} takes no sext in any form, not even around a constant`, op.span);
}

/** The integer inside source modifiers (`65` of `neg(65)`, of `-|lit(65)|`), or undefined. */
function modifiedIntegerValue(op: Operand): bigint | undefined {
  for (;;) {
    if (op.kind === 'neg' || op.kind === 'abs') op = op.operand;
    else if (op.kind === 'call' && op.args.length === 1 && WRAPPERS.has(lower(op.name)) && lower(op.name) !== 'sext') op = op.args[0]!;
    else break;
  }
  return intOperand(op);
}

/**
 * Set by modifiedOperand (-1: not set): What.Literal when the operand is `neg(…)`/`abs(…)`/`-|…|`
 * around a constant that is a literal as written. llvm-mc-19 judges inline or literal on the
 * constant as written (then, on a floating-point source, folds the modifier into its sign bit:
 * `neg(0xbe22f983)` stays a literal; on an integer source it refuses the modifier). Either way the
 * instruction is refused where the position takes no literal (`v_add_f32_e64 v1, neg(0x123), v3`
 * before GFX10). What.Half around a 16-bit VGPR half (`-v1.h`, `abs(v1.l)`), refused as one;
 * the SGPR, AGPR or special register inside (`-s1`, `|vccz|`), judged as one where the position
 * takes the modifier (GFX8 SDWA and DPP sources are VGPRs: llvm-mc-19 refuses `-s1` there too).
 */
let modifiedWhat = -1;
/** The size of the operand inside the modifiers, where modifiedWhat is set. */
let modifiedSize = 1;

function isDigits(s: string, from: number): boolean {
  if (from >= s.length) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether an integer value is an inline constant under some operand type (int, f16, f32, f64 bits). */
function maybeInline(v: bigint, inv2Pi: boolean): boolean {
  if (v >= -16n && v <= 64n) return true;
  if (v >= -0x80000000n && v <= 0xffffffffn) {
    // No f64 inline pattern is a sign-extended 32-bit value: only the 32- and 16-bit ones can match.
    // (Inline only under 32 or 16 bits: a literal in a 64-bit source, see checkNarrowInline.)
    const n = Number(v) >>> 0;
    // (Set, never cleared here: a later integer of the instruction must not hide an earlier one.)
    const narrow = inlineCode32(n, inv2Pi) !== undefined || (n <= 0xffff && inlineCode16(n, inv2Pi) !== undefined);
    if (narrow) narrowInline = true;
    return narrow;
  }
  return inlineCode64(v, inv2Pi) !== undefined;
}

/** An integer outside -16..64 was classified as inline by its 32- or 16-bit value (maybeInline) since classifyPositional began. */
let narrowInline = false;
/** Some positional operand begins with two minus signs (`--1`, `- -v1`), set by classifyPositional; checkDoubledMinus judges it. */
let doubledMinus = false;

const INLINE_FLOATS = [0.5, 1, 2, 4, 0.15915494309189535];
/** A tiny float was classified as maybe inline (floatMaybeInline) since classifyPositional began. */
let sawTinyReal = false;
/** A float (`0.5`, `-1.5e3`) was classified (classifyExpr) since classifyPositional began: without one, checkFloatLiterals has nothing to judge outside its 16-bit path. */
let sawReal = false;

/**
 * A float that may round to an inline constant (to f16, 2^-11 relative), so is not surely a
 * literal; also a tiny one (at most 64 f16 denormal steps), which may be 0 or a small integer by
 * its bits in some type (`v_add_f32_e64 v0, 1.401298464324817e-45, v1`: 2^-149 is 1 as f32 bits,
 * llvm-mc-19 takes it on GFX6; 2.3509886e-38 is 0 as f16). checkFloatLiterals judges those by type.
 */
function floatMaybeInline(x: number, inv2Pi: boolean): boolean {
  const a = Math.abs(x);
  if (a <= 2 ** -18) {
    sawTinyReal = true;
    return true;
  }
  // (1/(2*pi), the last one, is inline from GFX8 only: a literal on GFX6-7.)
  const n = inv2Pi ? INLINE_FLOATS.length : INLINE_FLOATS.length - 1;
  for (let i = 0; i < n; i++) {
    const v = INLINE_FLOATS[i]!;
    if (Math.abs(a - v) <= v * 1e-3) return true;
  }
  return false;
}

/**
 * What one operand is (into `seen`). `kind` is `op.kind`, passed where the caller has read it
 * (classifyPositional: collectPositional's posKinds): its load is megamorphic (eight operand
 * shapes), a call of the engine's load stub each time in optimized code.
 */
function classify(text: string, op: Operand, target: AmdgpuTarget, kind: Operand['kind'] = op.kind): void {
  seen.size = 1;
  if (target !== wordCacheTarget) {
    wordCacheTarget = target;
    wordCache = new Map();
  }
  switch (kind) {
    case 'word': {
      const n = (op as WordOperand).name;
      // (Lower case only: llvm-mc-19 reads `V0`, `A1` as symbols.)
      const c = n.charCodeAt(0);
      if (c === 118 /* v */ || c === 115 /* s */ || c === 97 /* a */) {
        // (isDigits written out, here and in collectPositional: called from their code before it
        // is optimized, the small function was compiled on its own.)
        let digits = n.length > 1;
        for (let i = 1; i < n.length; i++) {
          const d = n.charCodeAt(i);
          if (d < 48 || d > 57) {
            digits = false;
            break;
          }
        }
        if (digits) {
          seen.what = c === 118 ? What.Vgpr : c === 115 ? What.Sgpr : What.Agpr;
          return;
        }
      }
      // (`off` in lower case only: llvm-mc-19 reads `OFF` as a symbol.)
      if (n === 'off') {
        seen.what = What.Off;
        return;
      }
      break;
    }
    case 'expr': {
      const e = (op as Extract<Operand, { kind: 'expr' }>).expr;
      if (e.kind === 'int') {
        // (-16..64 tested here: maybeInline, called for every integer, was optimized on its own.)
        const v = e.value;
        seen.what = (v >= -16n && v <= 64n) || maybeInline(v, target.inv2Pi) ? What.Inline : What.Literal;
        return;
      }
      classifyExpr(e, target);
      return;
    }
    case 'call': {
      const c = op as Extract<Operand, { kind: 'call' }>;
      const n = lower(c.name);
      seen.what = WRAPPERS.has(n) ? What.Unknown : What.Symbolic;
      // `lit(0x1234)`: a literal as the value inside is one (before GFX11 lit() changes nothing,
      // llvm-mc-19 "literal operands are not supported" where the position takes none).
      if (n === 'lit' && c.args.length === 1) litLiteral(text, c.args[0]!, target);
      return;
    }
    case 'neg':
    case 'abs':
      seen.what = What.Unknown;
      return;
    case 'list':
    case 'modifier':
      seen.what = What.Unknown;
      return;
    case 'regRange': {
      const r = op as Extract<Operand, { kind: 'regRange' }>;
      const p = r.prefix;
      const c = p.length === 1 ? p.charCodeAt(0) | 0x20 : 0;
      if ((c === 118 || c === 115 || c === 97) && r.first.kind === 'int' && (r.last === null || r.last.kind === 'int')) {
        const first = Number(r.first.value);
        const last = r.last ? Number(r.last.value) : first;
        if (last >= first) {
          seen.what = c === 118 ? What.Vgpr : c === 115 ? What.Sgpr : What.Agpr;
          seen.size = last - first + 1;
          return;
        }
      }
      break;
    }
  }
  // A word (`vcc`, `exec_lo`, `ttmp4`, a label) is what its name says on the target; no
  // register name starts with `.` (`.LBB0_2`). A register prefix (isPrefixOnly) is never put in
  // the cache, so is never found there: tested only before an insertion, not on every word.
  if (kind === 'word') {
    const name = (op as WordOperand).name;
    if (name.charCodeAt(0) === 46) {
      seen.what = What.Expr;
      return;
    }
    const known = wordCache.get(name);
    if (known !== undefined) {
      seen.what = known & 15;
      seen.size = known >> 4;
      return;
    }
    classifyWord(text, op as WordOperand, target);
    return;
  }
  classifyText(text, op, target);
}

/** classify's `lit(x)`: What.Literal where `x` is a literal, else What.Unknown (apart from classify: rare). */
function litLiteral(text: string, inner: Operand, target: AmdgpuTarget): void {
  classify(text, inner, target);
  // (`lit(1)`, `lit(0.5)`: an inline value inside is taken where the value itself is, and refused
  // where it is (llvm-mc-19: `v_add_f32_e32 v1, v2, lit(1)`, `ds_write_b32 lit(1), v2`, "invalid
  // operand for instruction"), on every processor probed (gfx900, gfx1030, gfx1100).)
  if (seen.what !== What.Literal && seen.what !== What.Inline) seen.what = What.Unknown;
  seen.size = 1;
}

/**
 * A word not in the cache: through the register parser, then cached. (Apart from classify: a few
 * hundred words a file, so this stays out of the optimizing compiler, and classify, which it
 * compiles, is smaller without the cache insertion and the prefix test.)
 */
function classifyWord(text: string, op: WordOperand, target: AmdgpuTarget): void {
  classifyText(text, op, target);
  if (wordCache.size < WORD_CACHE_MAX && !isPrefixOnly(op.name)) wordCache.set(op.name, seen.what | (seen.size << 4));
}

/**
 * An expression operand other than an integer: a float (`0.5`, `-1.5`), a negative integer, or an
 * expression whose value is not known here. (Apart from classify: a smaller function for the
 * optimizing compiler, with floatMaybeInline inlined once.)
 */
function classifyExpr(e: Expr, target: AmdgpuTarget): void {
  let x: number | undefined;
  if (e.kind === 'real') x = e.value;
  else if (e.kind === 'unary' && e.op === '-') {
    if (e.operand.kind === 'real') x = e.operand.value;
    else if (e.operand.kind === 'int') {
      // A negative integer (`-100`): a literal unless its value is an inline constant.
      seen.what = maybeInline(-e.operand.value, target.inv2Pi) ? What.Inline : What.Literal;
      return;
    }
  }
  if (x === undefined) {
    seen.what = What.Expr;
    return;
  }
  sawReal = true;
  seen.what = floatMaybeInline(x, target.inv2Pi) ? What.Inline : What.Literal;
}

/**
 * Register prefixes that are a register only with a `[...]` after them (`s [0:1]`): their
 * meaning depends on the text that follows, so they are not cached by name.
 */
function isPrefixOnly(n: string): boolean {
  const l = lower(n);
  return l === 'v' || l === 's' || l === 'a' || l === 'ttmp' || l === 'acc';
}

/** Classification of words that went through the register parser, per target (see `classify`). */
let wordCache = new Map<string, number>();
let wordCacheTarget: AmdgpuTarget | undefined;
const WORD_CACHE_MAX = 4096;

const SIZED_SPECIAL = /^(exec|vcc|flat_scratch|xnack_mask|tba|tma)(_lo|_hi)?$|^m0$/;
const VCCZ_EXECZ = /^(src_)?(vccz|execz)$/;

function classifyText(text: string, op: Operand, target: AmdgpuTarget): void {
  const r = parseRegister(text, op.span.start, target);
  if (r.status === 'none') {
    // A bare name that is no register: a symbol (its value unknown here) or a symbolic operand.
    seen.what = op.kind === 'word' ? What.Expr : What.Unknown;
    return;
  }
  if (r.status === 'error' || r.reg.end !== op.span.end) {
    // vccz/execz on GFX11+ reach the layer only under a source modifier, where llvm-mc-19 takes
    // them (check/instruction.ts, modifiedVcczExecz): a special register, judged as one.
    if (r.status === 'error' && r.error.code === REG_CODES.notAvailable && VCCZ_EXECZ.test(text.slice(op.span.start, op.span.end))) {
      seen.what = What.Special;
      seen.size = 0;
    } else seen.what = What.Unknown;
    return;
  }
  const reg = r.reg;
  seen.size = reg.count;
  switch (reg.kind) {
    case 'vgpr':
      seen.what = reg.half === undefined ? What.Vgpr : What.Half;
      return;
    case 'agpr':
      seen.what = What.Agpr;
      return;
    case 'sgpr':
    case 'ttmp':
      seen.what = What.Sgpr;
      return;
    case 'special':
      // lds_direct has rules of its own (which sources, which encodings): not judged here.
      seen.what = reg.special?.name.endsWith('lds_direct') ? What.Unknown : What.Special;
      // Only the register pairs and halves have a size; the constant sources (`src_shared_base`,
      // `scc`, `src_vccz`, `null`...) fit 32- and 64-bit operands alike (llvm-mc-19).
      if (!SIZED_SPECIAL.test(reg.special?.name ?? '')) seen.size = 0;
      return;
  }
}

/**
 * The `OperandFile` bits that take an operand of each kind (register file, constant, off), size
 * aside; indexed by `What` (What.Unknown fits anywhere and is tested apart). A table, not a
 * function with a switch: matchForm reads it inline, so no small function of its own is
 * compiled by the optimizing compiler (docs/benchmarks.md, layer cost).
 */
const FITS: readonly number[] = [
  /* Vgpr */ F.V,
  /* Sgpr */ F.S,
  /* Agpr */ F.A,
  // exec, vcc, m0, null, src_* constants: wherever a scalar register or a constant may be.
  /* Special */ F.S | F.SPECIAL | F.INLINE | F.LITERAL,
  /* Off */ F.OFF,
  /* Inline */ F.INLINE | F.LITERAL | F.EXPR | F.SYMBOLIC,
  /* Literal */ F.LITERAL | F.EXPR | F.SYMBOLIC,
  /* Expr */ F.INLINE | F.LITERAL | F.EXPR | F.SYMBOLIC,
  /* Symbolic */ F.SYMBOLIC | F.EXPR | F.INLINE | F.LITERAL,
  /* Unknown */ -1,
  /* Half */ 0,
];

/** What a position takes, in words, for messages. */
function expected(o: OperandSpec): string {
  const parts: string[] = [];
  const f = o.files;
  const tuple = (p: string) => (o.size > 1 ? `a ${o.size}-dword ${p} tuple` : p === 'SGPR' ? 'an SGPR' : `a ${p}`);
  if (f & F.V) parts.push(tuple('VGPR'));
  if (f & F.A) parts.push(tuple('AGPR'));
  if (f & F.S) parts.push(tuple('SGPR'));
  if (f & F.INLINE && f & F.LITERAL) parts.push('a constant');
  else if (f & F.INLINE) parts.push('an inline constant');
  else if (f & F.LITERAL) parts.push('a literal');
  if (f & F.EXPR && !(f & (F.INLINE | F.LITERAL))) parts.push(o.kind === 'label' ? 'a label' : 'an expression');
  if (f & F.SYMBOLIC) parts.push('a symbolic operand');
  if (f & F.OFF) parts.push("'off'");
  return `${o.name}: ${parts.length ? parts.join(' or ') : 'an operand'}`;
}

function whatName(): string {
  switch (seen.what) {
    case What.Vgpr:
      return seen.size > 1 ? `a ${seen.size}-dword VGPR tuple` : 'a VGPR';
    case What.Sgpr:
      return seen.size > 1 ? `a ${seen.size}-dword SGPR tuple` : 'an SGPR';
    case What.Agpr:
      return seen.size > 1 ? `a ${seen.size}-dword AGPR tuple` : 'an AGPR';
    case What.Special:
      return seen.size === 0 ? 'a special register' : `a ${seen.size * 32}-bit special register`;
    case What.Off:
      return "'off'";
    case What.Inline:
      return 'an inline constant';
    case What.Literal:
      return 'a literal';
    case What.Expr:
      return 'an expression';
    case What.Symbolic:
      return 'a symbolic operand';
    case What.Unknown:
      return 'this operand';
    case What.Half:
      return 'a 16-bit VGPR half (llvm-mc-19 takes .l/.h only in v_mov_b16, or with -mattr=+real-true16, which gpuasm does not model)';
  }
}

/** The first operand position a form refuses (-1: none), and why (kind or size). */
interface Mismatch {
  at: number;
  /** The form's operand at that position. */
  spec: number;
  size: boolean;
  /** The operand's source modifier (`OperandModifier` bit: `-x`/`neg()`, `|x|`/`abs()`, `sext()`) is one the position does not take (0: none). */
  modifier: number;
}
const mismatch: Mismatch = { at: -1, spec: -1, size: false, modifier: 0 };

/**
 * Set by matchForm, for the form it matched: how many operands may read a scalar value through
 * the constant bus (at a BUS_READ position an SGPR, a special register, a literal or an operand
 * this layer does not classify such as `sext(…)`, and any K), and how many of those may be
 * literals. Bounds on what checkConstantBus counts (busKeys, literalKeys): it is called only
 * where they let a limit be exceeded (checkMatched). One pass over the operands less: the count
 * is taken where matchForm reads each operand anyway.
 */
let matchBus = 0;
let matchBusLiterals = 0;
/**
 * By `What`: 1 for what may put a value on the constant bus (see busOperand), else 0; and 1 for
 * what may be a literal. An expression of unknown value (`Expr`) may be a relocatable literal
 * (checkRelocatable: one on the bus, and a literal of its own).
 */
const BUS_CANDIDATE: readonly number[] = [0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0];
const BUS_LITERAL: readonly number[] = [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0];

/** The instructions whose immediate is a branch target (a label; GFX12's table names it simm16). */
const BRANCH_TARGET = /^s_(?:branch|cbranch_\w+|call_b64|subvector_loop_(?:begin|end))$/;

function matchForm(f: PreparedForm, count: number): void {
  mismatch.at = -1;
  mismatch.size = false;
  mismatch.modifier = 0;
  let bus = 0;
  let busLiterals = 0;
  const ops = f.ops;
  // Positional operands fill the form's operands in order, skipping a return-only one when the
  // count leaves no room for it.
  let skipReturn = count < f.spec.maxOperands;
  for (let i = 0, j = f.vccOptional && count < f.spec.maxOperands ? 1 : 0; i < count; i++, j++) {
    // (The skip without a branch of its own, and its load done every time: an operation first
    // reached late in the file deoptimizes this loop.)
    const returnOnly = j < ops.length ? ops[j]!.returnOnly : false;
    const skip = skipReturn && returnOnly ? 1 : 0;
    if (skip === 1) skipReturn = false;
    j += skip;
    const o = ops[j];
    mismatch.spec = j;
    if (!o) {
      // SOPP's optional immediate (s_endpgm 0): not in the table.
      if (f.spec.family !== 'SOPP') mismatch.at = i;
      return;
    }
    // An export target (`null` is also a register name) is checked by check.ts.
    if (o.spec.kind === 'tgt') continue;
    const what = posWhat[i]!;
    const size = posSize[i]!;
    // (Without a branch: a table read and bit operations, as FITS.)
    const role = o.bus;
    const k = role >> 1;
    bus += (role & BUS_CANDIDATE[what]!) | k;
    busLiterals += (role & BUS_LITERAL[what]!) | k;
    if ((what !== What.Unknown && (FITS[what]! & o.files) === 0 && !(what === What.Off && (o.spec.kind === 'label' || (o.spec.name === 'simm16' && BRANCH_TARGET.test(f.spec.base))))) || (what === What.Special && (o.noSpecial || (o.limitedSpecial && refusedSpecial(positional[i]!, o.spec))))) {
      // (`off` at a branch target is the symbol of that name: llvm-mc-19 takes `s_branch off`,
      // `s_subvector_loop_end exec_hi, off`, `s_call_b64 s[0:1], off`.)
      mismatch.at = i;
      return;
    }
    // Source modifiers the position does not take: llvm-mc-19 "not a valid operand.". On a
    // constant only in scalar and memory instructions (constantModifiers): a VALU source of a floating-point type folds
    // `neg(1.0)`/`abs(-1)` into the constant (`v_ceil_f64_e32 v[0:1], neg(1.0)`), an integer one
    // does not, and the table does not tell the two apart.
    // (Computed every time: an operation first reached late in the file deoptimizes this loop.)
    const mods = posMods[i]!;
    const extra = mods & ~MODS_ON_REGISTER & ~o.spec.operandModifiers;
    if (extra !== 0 && ((mods & MODS_ON_REGISTER) !== 0 || f.constantModifiers)) {
      mismatch.at = i;
      mismatch.modifier = extra;
      return;
    }
    if (o.sized === 0) continue;
    if (what === What.Vgpr || what === What.Agpr) {
      let want = o.spec.size;
      if (o.globalVaddr) {
        // saddr is the last operand.
        const last = positional[count - 1]!;
        want = last.kind === 'word' && lower(last.name) === 'off' ? 2 : 1;
      }
      if (!hasTfe && size !== want && (o.sized !== 3 || size > 2)) {
        mismatch.at = i;
        mismatch.size = true;
        return;
      }
    } else if ((what === What.Sgpr || (what === What.Special && size !== 0)) && o.sized === 2 && size !== o.spec.size) {
      mismatch.at = i;
      mismatch.size = true;
      return;
    }
  }
  matchBus = bus;
  matchBusLiterals = busLiterals;
}

/**
 * Checks one instruction statement (its first half; a VOPD pair's halves only by mnemonic).
 * Reports at most one issue, at the mnemonic or the operand llvm-mc would point at.
 */
export function checkInstruction(text: string, st: InstructionStatement, target: AmdgpuTarget, sink: IssueSink, relocatable?: (op: Operand) => boolean): void {
  relocQuery = relocatable;
  const m = st.mnemonic;
  // (isDualMnemonic only for `v_d…`: called for every instruction, the small function was
  // compiled by the optimizing compiler on its own.)
  if (target.generation >= 11) {
    const dualName = (m.charCodeAt(2) | 0x20) === 100 /* d */ && isDualMnemonic(m);
    if (dualName || st.dual !== undefined) {
      // VOPD is wave32 only (llvm-mc-19 on gfx1100, gfx1200 with -mattr=+wavefrontsize64; both sizes on, taken).
      if (!target.wave32) {
        report(sink, C.waveSize, `instruction requires wavesize=32: ${m} is a VOPD instruction, and ${target.name} is wave64 here (-mattr)`, st.mnemonicSpan);
        return;
      }
      checkDual(text, st, dualName, target, sink);
      return;
    }
  }
  if (!checkOne(text, m, st.mnemonicSpan, st.operands, target, sink)) return;
  if (!st.dual) return;
  checkOne(text, st.dual.mnemonic, st.dual.mnemonicSpan, st.dual.operands, target, sink);
}

/** A VOPD pair (GFX11+: a `v_dual_` mnemonic, or an `X :: Y` statement). (Apart from checkInstruction, see checkOther.) */
function checkDual(text: string, st: InstructionStatement, dualName: boolean, target: AmdgpuTarget, sink: IssueSink): void {
  let m = st.mnemonic;
  // llvm-mc-19 takes `_e32` on a VOPD X half (`v_dual_add_f32_e32 ... :: ...`), on no Y half.
  if (dualName && m.length > 11 && lower(m.slice(-4)) === '_e32') m = m.slice(0, -4);
  if (!checkOne(text, m, st.mnemonicSpan, st.operands, target, sink)) return;
  checkVopd(text, m, st, target, sink);
}

// ---------------------------------------------------------------------------------------------
// VOPD (GFX11+): `X :: Y`, two VALU halves issued together

const DUAL_PREFIX = 'v_dual_';
/** Starts with `v_dual_` (any case; no allocation). */
function isDualMnemonic(m: string): boolean {
  if (m.length <= 7) return false;
  for (let i = 0; i < 7; i++) {
    const c = m.charCodeAt(i);
    const d = DUAL_PREFIX.charCodeAt(i);
    if (c !== d && (c | 0x20) !== d) return false;
  }
  return true;
}

/**
 * What a VOPD half's mnemonic says of its components, per prepared VOPD form (set by vopdForm):
 * fmamk (its literal is src1, its last VGPR src2), fmaak (its literal is src2), fmac/dot2acc
 * (vdst read as src2), cndmask (an implicit VCC read).
 */
const VOPD_ROLES = new WeakMap<PreparedForm, number>();
const VOPD_MK = 1;
const VOPD_AK = 2;
const VOPD_ACC = 4;
const VOPD_CNDMASK = 8;

/** The VOPD form (`vopdx` / `vopdy`) of a mnemonic on the target, prepared (cached per GPU). */
const vopdCache = new Map<string, PreparedForm | null>();
function vopdForm(mnemonic: string, which: 'vopdx' | 'vopdy', target: AmdgpuTarget): PreparedForm | null | undefined {
  const key = `${target.key} ${which} ${mnemonic}`;
  let f = vopdCache.get(key);
  if (f === undefined) {
    const r = lookupInstruction(mnemonic, target.name);
    const spec = r.status === 'found' ? r.forms.find((g) => g.form === which) : undefined;
    f = spec ? prepareForm(lower(mnemonic), spec, target) : null;
    // fmamk/fmaak: src0 may be a literal too, the same value as the instruction's own (llvm-mc-19).
    // (Made as prepareForm makes its objects, so that the code reading them sees one shape.)
    if (f && /fmamk|fmaak/i.test(mnemonic)) {
      const ops = f.ops.map((o, i) => (i === 1 ? preparedOperand(o.spec, o.files | F.LITERAL, o.sized, o.globalVaddr, o.returnOnly, o.noSpecial, o.limitedSpecial, o.bus) : o));
      f = preparedForm(f.spec, ops, f.min, f.max, f.vccOptional, f.busLimit, f.implicitVcc, f.scalar, f.cachePolicy12);
    }
    if (f) {
      const m = lower(mnemonic);
      VOPD_ROLES.set(f, (m.includes('fmamk') ? VOPD_MK : 0) | (m.includes('fmaak') ? VOPD_AK : 0) | (m.includes('fmac') || m.includes('dot2acc') ? VOPD_ACC : 0) | (m.includes('cndmask') ? VOPD_CNDMASK : 0));
    }
    vopdCache.set(key, f);
  }
  return f;
}

/** One half's register numbers by VOPD component (-1: no VGPR there). */
interface VopdHalf {
  dst: number;
  src0: number;
  src1: number;
  src2: number;
  cndmask: boolean;
}
const halfX: VopdHalf = { dst: -1, src0: -1, src1: -1, src2: -1, cndmask: false };
const halfY: VopdHalf = { dst: -1, src0: -1, src1: -1, src2: -1, cndmask: false };

/** lds_direct as a VOPD src0, for the bank rule: in bank 3 (see vopdVgprs), shown by vopdSrc0. */
const LDS_DIRECT_SRC0 = 1023;
function vopdSrc0(n: number): string {
  return n === LDS_DIRECT_SRC0 ? 'lds_direct' : `v${n}`;
}

/** `v7`, `v[7]`, `v[7:7]`: 7; anything else -1. */
const VGPR_WORD = /^v[0-9]+$/;
function vgprNumber(op: Operand): number {
  // (isPlainRegister written out: a small function called here was compiled on its own.)
  if (op.kind === 'word') {
    // (A regular expression, not isDigits or a loop: called four times per VOPD pair, either made
    // a function the optimizing compiler compiled on distinct.gfx1100.s.)
    return VGPR_WORD.test(op.name) ? Number(op.name.slice(1)) : -1;
  }
  if (op.kind === 'regRange' && op.prefix.length === 1 && (op.prefix.charCodeAt(0) | 0x20) === 118 && op.first.kind === 'int' && (op.last === null || (op.last.kind === 'int' && op.last.value === op.first.value))) return Number(op.first.value);
  return -1;
}

/**
 * One VOPD half: its operands against its form (count, kinds), its scalar values added to
 * busKeys/literalKeys, its VGPRs by component (fmamk: the literal is src1 and the last VGPR src2;
 * fmaak: the literal is src2; fmac and dot2acc read their vdst as src2).
 *
 * (The usual path short and first, returning early, the issues after it in the same function,
 * the components in functions called only where needed: the function runs for each half of each
 * VOPD pair, a thousand or so times in a file, and written as one pass it was compiled by the
 * optimizing compiler, about 18 M instructions on distinct.gfx1100.s for 0.14 M of optimized run.
 * V8 compiles a function after a number of budget ticks that grows with its length, and a call
 * spends the bytes up to its return: a long function returning early stays cold. See
 * docs/benchmarks.md, session 11.)
 */
function vopdHalf(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], f: PreparedForm, target: AmdgpuTarget, half: VopdHalf, sink: IssueSink): boolean {
  collectPositional(operands, true, false);
  const count = positional.length;
  const n = f.spec.operands.length;
  if (count === operands.length && count === n) {
    classifyPositional(text, target);
    // (A symbol without a value here is a literal of its own: busOperand.)
    if (posExprs !== 0 && relocQuery !== undefined) relocatableOperands(relocQuery);
    let k = 0;
    while (k < count && posKinds[k] !== 'neg' && posKinds[k] !== 'abs' && (posKinds[k] !== 'call' || posMods[k] === 0)) k++;
    if (k === count) {
      matchForm(f, count);
      if (mismatch.at < 0) {
        const roles = VOPD_ROLES.get(f)!;
        vopdVgprs(count, roles, half);
        if (posBusCandidates > 0 || (roles & (VOPD_MK | VOPD_AK)) !== 0) vopdScalars(text, count, roles, target);
        if (narrowInline && !f.spec.base.endsWith('_f16')) vopdNarrowLiterals(count, target);
        return true;
      }
    }
  }
  // A rule is broken: the rules in their order, the first broken one reported.
  // llvm-mc-19: no modifier in either half of a VOPD pair ("not a valid operand.", "invalid operand").
  if (count < operands.length) {
    for (let i = 0; i < operands.length; i++) {
      const op = operands[i]!.operand;
      if (!positional.includes(op)) return report(sink, C.modifier, `invalid operand for instruction: ${mnemonic} takes no modifier in a VOPD pair`, op.kind === 'modifier' ? op.nameSpan : op.span);
    }
  }
  if (count < n) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes ${n} in a VOPD pair${f.ops[count] ? `; next is ${expected(f.ops[count]!.spec)}` : ''}`, at);
  if (count > n) return report(sink, C.tooManyOperands, `invalid operand for instruction: ${mnemonic} takes ${n} operands in a VOPD pair, this is one more`, positional[n]!.span);
  for (let i = 0; i < count; i++) {
    const k = positional[i]!.kind;
    // llvm-mc-19: no source modifiers in VOPD ("not a valid operand."), around a constant too
    // (`neg(1.0)`, `sext(1)`; a minus is no modifier: `-1.0` is taken).
    if (k === 'neg' || k === 'abs' || (k === 'call' && posMods[i] !== 0)) return report(sink, C.operandKind, `not a valid operand: ${mnemonic} takes no source modifier in a VOPD pair`, positional[i]!.span);
  }
  seen.what = posWhat[mismatch.at]!;
  seen.size = posSize[mismatch.at]!;
  return report(sink, mismatch.size ? C.operandSize : C.operandKind, `invalid operand for instruction: ${mnemonic} operand ${mismatch.at + 1} is ${expected(f.ops[mismatch.spec]!.spec)}, not ${whatName()}`, positional[mismatch.at]!.span);
}

/** A matched VOPD half's VGPRs by component, into `half`. */
function vopdVgprs(count: number, roles: number, half: VopdHalf): void {
  const mk = (roles & VOPD_MK) !== 0;
  half.dst = vgprNumber(positional[0]!);
  half.src0 = count > 1 ? vgprNumber(positional[1]!) : -1;
  // lds_direct as src0 (GFX11+): llvm-mc-19 counts it in VGPR bank 3 ("src0 operands must use
  // different VGPR banks" beside v3, v7 ... or another lds_direct).
  if (half.src0 < 0 && count > 1 && isLdsDirect(positional[1]!)) half.src0 = LDS_DIRECT_SRC0;
  half.src1 = count > 2 && !mk ? vgprNumber(positional[2]!) : -1;
  half.src2 = mk ? vgprNumber(positional[3]!) : (roles & VOPD_ACC) !== 0 ? half.dst : -1;
  half.cndmask = (roles & VOPD_CNDMASK) !== 0;
}

/** A matched VOPD half's scalar values (sources only), into busKeys/literalKeys. */
function vopdScalars(text: string, count: number, roles: number, target: AmdgpuTarget): void {
  const mk = (roles & VOPD_MK) !== 0;
  const ak = (roles & VOPD_AK) !== 0;
  for (let i = 1; i < count; i++) {
    // The literal of fmamk/fmaak is one even when its value is an inline constant.
    if ((mk && i === 2) || (ak && i === 3)) {
      const op = positional[i]!;
      // (VOPD's halves are 32-bit instructions.)
      if (op.kind === 'expr') addKey(literalKeys, literalKey(text, op, LIT32));
      // (`lit(1)`: the value inside.)
      else if (op.kind === 'call' && op.args.length === 1 && op.args[0]!.kind === 'expr' && lower(op.name) === 'lit') addKey(literalKeys, literalKey(text, op.args[0]!, LIT32));
      continue;
    }
    busOperand(text, i, target);
  }
}

/**
 * A VOPD half's integers inline only as 16 bits (`0xffff`, `0x3c00`, `0x3118`), into literalKeys:
 * llvm-mc-19 reads them in the halves' 32-bit sources as literals, counted against the pair's one
 * literal value and its bus (`v_dual_mov_b32 v4, 0xffff :: v_dual_add_f32 v1, 0x12345678, v2`,
 * `v_dual_fmaak_f32 v1, 0xffff, v2, 0x12345678 :: ...`, `v_dual_mov_b32 v4, 0xffff ::
 * v_dual_cndmask_b32 v1, s3, v2` refused; `0xffff` beside `0xffff` or `65535` taken). Not
 * v_dual_dot2acc_f32_f16 (its caller): there `0xffff` is a literal but `0x3f800000` beside a
 * fmaak K of `0x3c00` is taken, a rule not pinned down. Called where maybeInline saw such an integer.
 */
function vopdNarrowLiterals(count: number, target: AmdgpuTarget): void {
  for (let i = 1; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const bits = narrowInlineBits(positional[i]!, target);
    if (bits !== undefined) addKey(literalKeys, bits);
  }
}

/**
 * The 32 bits of an integer operand that is inline only as 16 bits (`0xffff`, `0x3c00`; `0x3118`
 * with 1/(2*pi)), which llvm-mc-19 reads as a literal in a 32-bit source; undefined for anything
 * else (inline in 32 bits, out of 32-bit range, not an integer).
 */
function narrowInlineBits(op: Operand, target: AmdgpuTarget): bigint | undefined {
  const v = intOperand(op);
  if (v === undefined || v < -0x80000000n || v > 0xffffffffn || (v >= -16n && v <= 64n)) return undefined;
  const bits = Number(BigInt.asUintN(32, v));
  return inlineCode32(bits, target.inv2Pi) === undefined ? BigInt(bits) : undefined;
}

/**
 * A VOPD pair as llvm-mc-19 checks it: X a VOPD X-capable instruction, Y a Y-capable one, each
 * with its operands; together at most one literal value and two scalar values (SGPRs, VCC/EXEC/M0,
 * the literal, and cndmask's implicit VCC counted once on its own); the destinations one even and
 * one odd VGPR; src0 and src1 VGPRs in different banks (number mod 4), src2 VGPRs of different parity.
 */
function checkVopd(text: string, mnemonic: string, st: InstructionStatement, target: AmdgpuTarget, sink: IssueSink): boolean {
  const fx = vopdForm(mnemonic, 'vopdx', target);
  if (fx === undefined) return true;
  if (fx === null) {
    if (!st.dual) return true;
    return report(sink, C.operandKind, `invalid operand for instruction: ${st.mnemonic} is no VOPD X instruction, so cannot be paired with '::'`, st.dual.mnemonicSpan);
  }
  if (!st.dual) return report(sink, C.tooFewOperands, `too few operands for instruction: ${st.mnemonic} is half of a VOPD pair ('X :: Y'); the second half is missing`, st.mnemonicSpan);
  const dual = st.dual;
  const py = prepared(dual.mnemonic, target);
  if (py.status === 'error') return report(sink, py.code, py.message, dual.mnemonicSpan);
  const fy = vopdForm(dual.mnemonic, 'vopdy', target);
  if (!fy) return report(sink, C.operandKind, `invalid VOPDY instruction: ${dual.mnemonic} cannot be the second half of a VOPD pair on ${target.name}`, dual.mnemonicSpan);
  if (!fx.spec.verified || !fy.spec.verified) return true;
  busKeys.length = 0;
  literalKeys.length = 0;
  if (!vopdHalf(text, mnemonic, st.mnemonicSpan, st.operands, fx, target, halfX, sink)) return false;
  // X's last operand a bare name (a symbol, `foo`, `LDS_DIRECT`: register names are lower case):
  // followed by the ':' of '::', llvm-mc-19 reads it as a modifier's name ("not a valid operand.").
  const last = positional.length - 1;
  if (last >= 0 && posWhat[last] === What.Expr && positional[last]!.kind === 'word') {
    const op = positional[last] as WordOperand;
    return report(sink, C.operandKind, `not a valid operand: '${op.name}' right before '::' is read as a modifier name ('name:'); a symbol there needs parentheses, '(${op.name})'`, op.span);
  }
  if (!vopdHalf(text, dual.mnemonic, dual.mnemonicSpan, dual.operands, fy, target, halfY, sink)) return false;
  const at = dual.mnemonicSpan;
  if (literalKeys.length > 1) return report(sink, C.uniqueLiteral, `only one unique literal operand is allowed: this VOPD pair has ${literalKeys.length} different literals`, at);
  const used = busKeys.length + literalKeys.length + (halfX.cndmask || halfY.cndmask ? 1 : 0);
  if (used > 2) return report(sink, C.constantBus, `invalid operand (violates constant bus restrictions): this VOPD pair reads ${used} scalar values (SGPRs, VCC/EXEC/M0, the literal, cndmask's VCC); at most 2`, at);
  if (halfX.dst >= 0 && halfY.dst >= 0 && (halfX.dst & 1) === (halfY.dst & 1)) return report(sink, C.vopdBanks, `one dst register must be even and the other odd: v${halfX.dst} and v${halfY.dst}`, at);
  // GFX12: a pair of v_dual_mov_b32 has no source bank rule (llvm-mc-19).
  const movPair = target.generation >= 12 && halfX.src1 < 0 && halfY.src1 < 0 && lower(mnemonic) === 'v_dual_mov_b32' && lower(dual.mnemonic) === 'v_dual_mov_b32';
  if (movPair) return true;
  if (halfX.src0 >= 0 && halfY.src0 >= 0 && (halfX.src0 & 3) === (halfY.src0 & 3)) return report(sink, C.vopdBanks, `src0 operands must use different VGPR banks: ${vopdSrc0(halfX.src0)} and ${vopdSrc0(halfY.src0)} are both in bank ${halfX.src0 & 3} (register number mod 4${halfX.src0 === LDS_DIRECT_SRC0 || halfY.src0 === LDS_DIRECT_SRC0 ? '; lds_direct is read as bank 3' : ''})`, at);
  if (halfX.src1 >= 0 && halfY.src1 >= 0 && (halfX.src1 & 3) === (halfY.src1 & 3)) return report(sink, C.vopdBanks, `src1 operands must use different VGPR banks: v${halfX.src1} and v${halfY.src1} are both in bank ${halfX.src1 & 3} (register number mod 4)`, at);
  if (halfX.src2 >= 0 && halfY.src2 >= 0 && (halfX.src2 & 1) === (halfY.src2 & 1)) return report(sink, C.vopdBanks, `src2 operands must use different VGPR banks: v${halfX.src2} and v${halfY.src2} are both ${halfX.src2 & 1 ? 'odd' : 'even'}`, at);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Modifiers

/** DPP controls, which the table lists as the one modifier `dpp_ctrl`. */
const DPP_CONTROLS = new Set(['quad_perm', 'row_shl', 'row_shr', 'row_ror', 'wave_shl', 'wave_rol', 'wave_shr', 'wave_ror', 'row_mirror', 'row_half_mirror', 'row_bcast', 'row_share', 'row_xmask', 'row_newbcast']);

/**
 * Every modifier name the table knows, with the valued ones of MODIFIER_VALUE_RULES (`byte_sel` and
 * `index_key` only the rules give: BYTE_SEL_BASES, wmma12Forms) and gfx940's MFMA `neg` (prepare). A
 * modifier outside it is not judged as a word; written with a value (`foo:1`) it is taken by no
 * instruction (checkModifiers).
 */
let vocabulary: Set<string> | undefined;
function knownModifiers(): Set<string> {
  if (!vocabulary) {
    // `scc` (a register name, a modifier in memory instructions only: gfx90a's cache bit) is judged
    // against the forms' modifiers like the others (held-out session 22: taken before on every GPU).
    vocabulary = new Set(['dpp_ctrl', 'dpp8', 'omod', 'format', 'neg', 'scc', ...MODIFIER_VALUE_RULES.keys()]);
    for (const set of MODIFIER_SETS) for (const w of set.split(' ')) if (w) vocabulary.add(w.replace('!', ''));
  }
  return vocabulary;
}

/** A modifier's canonical name (undefined: no modifier or word); `kind` is `op.kind` (see classify). */
function canonicalModifier(op: Operand, kind: Operand['kind'] = op.kind): string | undefined {
  let n: string;
  if (kind === 'modifier' || kind === 'word') n = lower((op as WordOperand | Extract<Operand, { kind: 'modifier' }>).name);
  else return undefined;
  if (DPP_CONTROLS.has(n)) return 'dpp_ctrl';
  if (n === 'mul' || n === 'div') return 'omod';
  if (n === 'dfmt' || n === 'nfmt') return 'format';
  // llvm-mc-19 reads `inst_offset:` as `offset:` on FLAT, GLOBAL and SCRATCH instructions (checkModifiers refuses it elsewhere).
  if (n === 'inst_offset') return 'offset';
  if (kind === 'word' && n.startsWith('no') && (MODIFIER_WORDS.has(n.slice(2)) || MEMORY_MODIFIER_WORDS.has(n.slice(2)))) n = n.slice(2);
  return n;
}

/** The families whose `offset:` llvm-mc-19 also reads as `inst_offset:`. */
const FLAT_OFFSET_FAMILIES: ReadonlySet<string> = new Set(['FLAT', 'GLOBAL', 'SCRATCH']);

/** GFX12 instructions that take `byte_sel` (measured with llvm-mc-19 on gfx1200/gfx1201). */
const BYTE_SEL_BASES: ReadonlySet<string> = new Set(['v_cvt_f32_fp8', 'v_cvt_f32_bf8', 'v_cvt_sr_fp8_f32', 'v_cvt_sr_bf8_f32']);

/** Cache-policy bits of gfx90a and of gfx940-942 memory instructions (llvm-mc-19: each refuses the other's). */
const GFX90A_CACHE_BITS = ['glc', 'slc', 'scc'];
/** The cache bits gfx90a/gfx940-942 SMEM takes cleared only (`noscc`; PreparedForms.clearedOnly). */
const SCC_CLEARED: ReadonlySet<string> = new Set(['scc']);
const GFX940_CACHE_BITS = ['sc0', 'sc1', 'nt'];
const DPP_MODIFIERS = ['row_mask', 'bank_mask', 'bound_ctrl', 'fi', 'dpp_ctrl', 'dpp8'];
/**
 * What every SDWA form that writes a VGPR takes. `omod` comes from the form's own modifiers and
 * `src1_sel` from a second source only (held-out session 25: llvm-mc-19 refuses `mul:2`/`div:2` on
 * GFX8 SDWA and on integer results of GFX9-10, and `src1_sel` on VOP1 SDWA, "not a valid
 * operand.", which a blanket list here took; test/amdgpu/instructions/heldout15-found.test.ts).
 */
const SDWA_MODIFIERS = ['dst_sel', 'dst_unused', 'src0_sel', 'clamp'];
/** SDWA_NO_DST_SEL_NAMES' (data/source-types.ts). */
const SDWA_SOURCE_MODIFIERS = ['src0_sel', 'clamp'];
const SDWA_COMPARE_MODIFIERS = ['src0_sel', 'src1_sel'];
const SDWA_COMPARE_MODIFIERS_8 = ['src0_sel', 'src1_sel', 'clamp'];

/**
 * Modifiers (canonical names) the forms of a written mnemonic take: the union over the forms the
 * spelling selects, so a modifier is never refused for a form it would select instead.
 * gfx90a/gfx940: the table's known gap (cache-policy bits and offsets of some memory forms, SDWA
 * selects) is widened, with each GPU's own cache-policy bits only (glc/slc/scc on gfx90a, sc0/sc1/nt
 * on gfx940-942).
 */
function modifierUnion(forms: readonly PreparedForm[], target: AmdgpuTarget): Set<string> {
  const union = new Set<string>();
  let cacheBits = false;
  {
    for (const g of forms) {
      for (const m of g.spec.modifiers) union.add(m);
      const fam = g.spec.family;
      if (fam === 'GLOBAL' || fam === 'FLAT' || fam === 'SCRATCH' || fam === 'MUBUF' || fam === 'MTBUF') {
        // (Not the cache-control instructions, which have no operands: buffer_wbl2, buffer_invl2 and
        // buffer_wbinvl1(_vol) take no cache bit on gfx90a, buffer_wbinvl1(_vol) none on gfx940-942;
        // buffer_wbl2/buffer_inv's sc0/sc1 there come from the table. Held-out session 26.)
        if ((target.name === 'gfx90a' || target.isGfx940) && g.spec.maxOperands > 0) {
          union.add('offset');
          if (fam === 'MUBUF') union.add('lds');
          for (const m of target.isGfx940 ? GFX940_CACHE_BITS : GFX90A_CACHE_BITS) union.add(m);
        }
        if (target.name === 'gfx90a' || target.isGfx940) cacheBits = true;
      }
      // GFX7-8 FLAT: llvm-mc-19 reads `offset:` and takes a value of 0 (checkRanges refuses the others).
      if (fam === 'FLAT' && target.generation < 9) union.add('offset');
      if (fam === 'DPP16' || fam === 'DPP8' || g.spec.form.includes('dpp') || g.spec.modifiers.includes('dpp_ctrl') || g.spec.modifiers.includes('dpp8'))
        for (const m of DPP_MODIFIERS) union.add(m);
      // (A compare's SDWA form writes no VGPR, so no dst_sel, dst_unused or omod; clamp on GFX8 only:
      // llvm-mc-19 refuses `v_cmp_nle_f32_sdwa vcc, v2, v4 dst_sel:DWORD`, `mul:2`, gfx900's `clamp`.)
      // (omod, `mul:2`/`div:2`, only where the table lists it for the SDWA form, float results from
      // GFX9 on: llvm-mc-19 refuses `v_mov_b32_sdwa v1, v2 mul:2`, `v_max_i32_sdwa`'s, and gfx803's
      // `v_cvt_f32_i32_sdwa v1, v2 mul:2`.)
      if (fam === 'SDWA') {
        const writesVgpr = g.ops[0]?.spec.kind === 'vdst';
        for (const m of writesVgpr ? (SDWA_NO_DST_SEL_NAMES.test(g.spec.base) ? SDWA_SOURCE_MODIFIERS : SDWA_MODIFIERS) : target.generation === 8 ? SDWA_COMPARE_MODIFIERS_8 : SDWA_COMPARE_MODIFIERS) union.add(m);
        if (writesVgpr && g.spec.operands.filter((o) => o.kind === 'src' || o.kind === 'vsrc').length >= 2) union.add('src1_sel');
      }
    }
  }
  if (cacheBits) for (const m of target.isGfx940 ? GFX90A_CACHE_BITS : GFX940_CACHE_BITS) union.delete(m);
  // MUBUF lds: the loads of one dword or less only (llvm-mc-19 on GFX6 to GFX11; some pages list it on more).
  if (union.has('lds') && forms.length > 0 && forms[0]!.spec.family === 'MUBUF' && !/^buffer_load_(dword|ubyte|sbyte|ushort|sshort|format_x)$/.test(forms[0]!.spec.base)) union.delete('lds');
  // MTBUF before gfx90a (llvm-mc-19): no sc0/sc1/nt (gfx940's, which the table's MTBUF sets list
  // on GFX6-9), and addr64 on GFX6-7 as MUBUF has it.
  if (forms.length > 0 && forms[0]!.spec.family === 'MTBUF' && target.generation <= 9 && !cacheBits) {
    for (const m of GFX940_CACHE_BITS) union.delete(m);
    if (target.generation <= 7) union.add('addr64');
  }
  return union;
}

/** A modifier no form of the instruction takes (see modifierUnion). */
/** The DPP16 control (`quad_perm:[...]`, `row_shl:1`...) of the instruction, set by checkModifiers (see checkDpAluDpp). */
let dpp16Control: Operand | undefined;

/** A `dpp8:[...]` was written (set by checkModifiers). */
let dpp8Written = false;

function checkModifiers(operands: readonly InstructionOperand[], p: PreparedForms, f: PreparedForm, sink: IssueSink): boolean {
  opSelModifier = false;
  dpp16Control = undefined;
  dpp8Written = false;
  if (operands.length === positional.length) return true;
  const union = p.vccLessUnion !== undefined && f.vccOptional && positional.length < f.spec.maxOperands ? p.vccLessUnion : p.union;
  const vocab = knownModifiers();
  // The order rules (MODIFIER_RANK) in the same pass, not a second loop over the operands: a
  // modifier that is not taken is reported first wherever it is, so the first order issue waits.
  const ordered = !UNORDERED_FAMILIES.has(f.spec.family);
  const ranks = f.spec.family === 'VINTERP' ? VINTERP_RANK : MODIFIER_RANK;
  let top = 0;
  let topName = '';
  let orderAt = -1;
  let orderRepeat = false;
  let dppMask: Operand | undefined;
  let dppFi: Operand | undefined;
  let dppControl = 0;
  seenModifiers.length = 0;
  dpp16Control = undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    // A word is a modifier where collectPositional left it out (it tested the word with the
    // same `memory`: every form of a mnemonic is of a memory family or none is); a word taken as
    // a positional operand (`s_branch gds`) is no modifier. (No test of the word's name here:
    // one small function less for the optimizing compiler.)
    // (The kinds collectPositional read: `op.kind` is a megamorphic load, see classify.)
    const kind = opKinds[i] as Operand['kind'];
    if (kind !== 'modifier' && !(kind === 'word' && !positional.includes(op))) continue;
    const name = canonicalModifier(op, kind);
    // `done` and `row_en` have no `no` form (llvm-mc-19 refuses `nodone`, `norow_en`; `novm` is taken).
    if (kind === 'word' && (name === 'done' || name === 'row_en') && (op as WordOperand).name.length > name.length) return reportNoForm(op as WordOperand, name, sink);
    if (name === undefined) continue;
    if (kind === 'modifier' && OP_SEL_LISTS.has(name)) opSelModifier = true;
    if (vocab.has(name)) {
      // (A bit taken only cleared: written as its `no` form.)
      if (!union.has(name) && !(p.clearedOnly !== undefined && p.clearedOnly.has(name) && kind === 'word' && lower((op as WordOperand).name) === `no${name}`)) return reportNotTaken(op as NamedOperand, union, f, sink, p.clearedOnly);
      if (name === 'offset' && kind === 'modifier' && lower((op as NamedOperand).name) === 'inst_offset' && !FLAT_OFFSET_FAMILIES.has(f.spec.family)) return reportUnknownModifier(op as NamedOperand, sink);
    } else if (kind === 'modifier') return reportUnknownModifier(op as NamedOperand, sink);
    if (DPP_FOLLOWERS.has(name)) {
      if (name === 'dpp_ctrl') {
        dppControl |= 1;
        dpp16Control = op;
      } else if (name === 'dpp8') {
        dppControl |= 2;
        dpp8Written = true;
      }
      else if (name === 'fi') dppFi ??= op;
      else dppMask ??= op;
    }
    if (orderAt >= 0 || name === 'format') continue;
    if (seenModifiers.includes(name)) {
      orderAt = i;
      orderRepeat = true;
      continue;
    }
    seenModifiers.push(name);
    const rank = ranks.get(name);
    if (rank === undefined || !ordered) continue;
    if (rank < top) {
      orderAt = i;
      continue;
    }
    top = rank;
    topName = (op as NamedOperand).name;
  }
  // row_mask, bank_mask, bound_ctrl go with a DPP16 control, fi with one or dpp8 (llvm-mc-19
  // "not a valid operand." without: `v_add3_u32 v4, v2, v5, v3 row_mask:0xf` on gfx1100).
  const dppAlone = dppMask !== undefined && (dppControl & 1) === 0 ? dppMask : dppFi !== undefined && dppControl === 0 ? dppFi : undefined;
  if (dppAlone !== undefined) return reportDppAlone(dppAlone, dppAlone === dppFi, sink);
  if (orderAt < 0) return true;
  return reportOrder(operands, orderAt, orderRepeat, topName, f, sink);
}

// The issues of checkModifiers (apart from it, which is optimized: its bytecode is shorter, see checkOther).

function reportNoForm(op: WordOperand, name: string, sink: IssueSink): false {
  return report(sink, C.modifier, `invalid operand for instruction: '${op.name}' is not a modifier (${name} has no 'no' form)`, op.span);
}

function reportUnknownModifier(op: NamedOperand, sink: IssueSink): false {
  return report(sink, C.unknownModifier, `not a valid operand: '${op.name}:' is a modifier of no ${lower(op.name) === 'inst_offset' ? 'instruction but FLAT, GLOBAL and SCRATCH ones' : 'instruction'}`, op.kind === 'modifier' ? op.nameSpan : op.span);
}

function reportNotTaken(op: NamedOperand, union: ReadonlySet<string>, f: PreparedForm, sink: IssueSink, clearedOnly?: ReadonlySet<string>): false {
  const span = op.kind === 'modifier' ? op.nameSpan : op.span;
  // (The bits taken cleared only are listed by their `no` form: `noscc`.)
  const taken = clearedOnly === undefined ? [...union] : [...union, ...[...clearedOnly].map((m) => `no${m}`)];
  return report(sink, C.modifier, `invalid operand for instruction: ${f.spec.spelled} takes no '${op.name}' modifier${taken.length ? ` (it takes ${taken.sort().join(', ')})` : ' (it takes none)'}`, span);
}

function reportDppAlone(dppAlone: Operand, fi: boolean, sink: IssueSink): false {
  const spelled = dppAlone.kind === 'modifier' || dppAlone.kind === 'word' ? dppAlone.name : 'this modifier';
  return report(sink, C.modifier, `not a valid operand: '${spelled}' goes with a DPP control (quad_perm, row_shl...${fi ? ' or dpp8' : ''})`, dppAlone.kind === 'modifier' ? dppAlone.nameSpan : dppAlone.span);
}

function reportOrder(operands: readonly InstructionOperand[], orderAt: number, orderRepeat: boolean, topName: string, f: PreparedForm, sink: IssueSink): false {
  const op = operands[orderAt]!.operand as Extract<Operand, { kind: 'modifier' | 'word' }>;
  const span = op.kind === 'modifier' ? op.nameSpan : op.span;
  if (orderRepeat) return report(sink, C.modifierOrder, `invalid operand for instruction: '${op.name}' repeats a modifier of ${f.spec.spelled} (each is written once)`, span);
  return report(sink, C.modifierOrder, `not a valid operand: '${op.name}' must come before '${topName}' (llvm-mc reads ${f.spec.spelled}'s modifiers in a fixed order)`, span);
}

/**
 * The order in which llvm-mc-19 reads an instruction's modifiers (its assembly string's): a
 * modifier written after one of a higher rank is refused, and so is any modifier written twice
 * (`glc noglc` too). The cache-policy bits are one operand, in any order among themselves.
 * Facts from llvm-mc-19 on every ordered pair of the modifiers of VOP3, VOP3 op_sel, VOP3P, DPP,
 * SDWA, MFMA, FLAT/GLOBAL/SCRATCH, MUBUF, DS, SMEM and MIMG instructions, GFX9 to GFX12.
 * Modifiers without a rank here, and the families below, are not ordered (duplicates are refused).
 */
const MODIFIER_RANK: ReadonlyMap<string, number> = new Map(Object.entries({
  idxen: 4, offen: 5, addr64: 5,
  offset: 10, offset0: 10, offset1: 11,
  dmask: 12, dim: 13, unorm: 14,
  op_sel: 20, op_sel_hi: 21, neg_lo: 22, neg_hi: 23,
  clamp: 30, omod: 31,
  dst_sel: 40, dst_unused: 41, src0_sel: 42, src1_sel: 43,
  dpp_ctrl: 50, dpp8: 50, row_mask: 51, bank_mask: 52, bound_ctrl: 53, fi: 54,
  cbsz: 60, abid: 61, blgp: 62,
  glc: 70, slc: 70, dlc: 70, scc: 70, nt: 70, sc0: 70, sc1: 70, th: 70, scope: 70,
  lds: 72,
  gds: 75,
  // GFX12 ds_direct_load, ds_param_load (llvm-mc-19 refuses `wait_vm_vsrc:1 wait_va_vdst:1`).
  wait_va_vdst: 80, wait_vm_vsrc: 81,
}));

/**
 * VINTERP (GFX11+): clamp, op_sel, wait_exp (llvm-mc-19 on every ordered pair and triple, gfx1100
 * and gfx1201: `v_interp_p10_f32 v0, v1, v2, v3 wait_exp:7 clamp` is refused).
 */
const VINTERP_RANK: ReadonlyMap<string, number> = new Map(Object.entries({ clamp: 1, op_sel: 2, wait_exp: 3 }));

/** Families whose order was not measured. */
const UNORDERED_FAMILIES = new Set(['LDSDIR', 'EXP', 'VINTRP', 'MTBUF']);

/** DPP controls and the modifiers that go with them (see checkModifiers). */
const DPP_FOLLOWERS = new Set(['dpp_ctrl', 'dpp8', 'row_mask', 'bank_mask', 'bound_ctrl', 'fi']);

/** The modifiers (canonical names) an instruction wrote, reused (no allocation per instruction). */
const seenModifiers: string[] = reusable('');

// ---------------------------------------------------------------------------------------------
// Constant bus and literals

const VALU_FAMILIES = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA']);
/** Scalar values read (distinct), reused: keys of SGPRs, special registers and literals. */
const busKeys: string[] = reusable('');
const literalKeys: (string | bigint | Operand)[] = reusable<string | bigint | Operand>('');

function addKey<K>(keys: K[], k: K): void {
  for (let i = 0; i < keys.length; i++) if (keys[i] === k) return;
  keys.push(k);
}

/**
 * Special registers that are read through the constant bus as scalar registers (lower case): also
 * the named scalar sources (`scc`, `vccz`, `execz`, the aperture registers; with or without `src_`,
 * one register either way), as llvm-mc-19 counts them (`v_add_u32 v0, scc, s0` on GFX9).
 */
const BUS_SPECIALS = new Set(
  ['vcc', 'exec', 'm0', 'flat_scratch', 'xnack_mask', 'tba', 'tma'].flatMap((r) => [r, `${r}_lo`, `${r}_hi`]),
);
const BUS_SOURCES = new Set(['scc', 'vccz', 'execz', 'shared_base', 'shared_limit', 'private_base', 'private_limit', 'pops_exiting_wave_id'].flatMap((r) => [r, `src_${r}`]));

/** The scalar value a source operand reads, added to busKeys or literalKeys; `at`: its positional index. */
function busOperand(text: string, at: number, target: AmdgpuTarget, f?: PreparedForm, o?: OperandSpec): void {
  const op = positional[at]!;
  const inner = underModifiers(op);
  if (inner.kind === 'call') return;
  let what: What;
  if (inner === op) what = posWhat[at]!;
  else {
    classify(text, inner, target);
    what = seen.what;
  }
  if (what === What.Sgpr) addKey(busKeys, inner.kind === 'word' ? inner.name : inner.kind === 'regRange' ? rangeKey(text, inner) : withoutBlanks(text.slice(inner.span.start, inner.span.end)));
  else if (what === What.Special && inner.kind === 'word') {
    const n = lower(inner.name);
    if (BUS_SPECIALS.has(n)) addKey(busKeys, n);
    else if (BUS_SOURCES.has(n)) addKey(busKeys, n.startsWith('src_') ? n.slice(4) : n);
  } else if (what === What.Literal && inner.kind === 'expr') {
    // (Not a 32-bit integer that is the high dword of an inline double in an f64 source, inline:
    // llvm-mc-19 takes `v_fma_f64 v[6:7], v[6:7], 0x3ff00000, 0x3fe80000` on GFX10+.)
    if (o !== undefined && o.size === 2 && f !== undefined && f.spec.base.includes('_f64') && inlineAsHighDword(intOperand(inner) ?? -1n, target.inv2Pi)) return;
    addKey(literalKeys, literalKey(text, inner, f !== undefined && o !== undefined ? literalWidth(f, o) : LIT32));
  } else if (what === What.Expr && inner === op && posRelocs !== 0 && posReloc[at]) {
    // A value unknown here: a literal of its own, never the same as another (llvm-mc-19).
    addKey(literalKeys, op);
  }
}

/**
 * A register range's bus key by number (`s[5]`, `s[5:5]`, `s[0x5]`, `S[5]` are `s5`; `s[vo:vo+1]`
 * after the checker resolved it to numbers, check/instruction.ts): llvm-mc-19 counts registers,
 * not spellings. A range whose indices are no numbers keys as written.
 */
function rangeKey(text: string, r: Extract<Operand, { kind: 'regRange' }>): string {
  if (r.first.kind !== 'int' || (r.last !== null && r.last.kind !== 'int')) return withoutBlanks(text.slice(r.span.start, r.span.end));
  const p = lower(r.prefix);
  const a = Number(r.first.value);
  const b = r.last !== null && r.last.kind === 'int' ? Number(r.last.value) : a;
  return a === b ? `${p}${a}` : `${p}[${a}:${b}]`;
}

/**
 * How a literal is encoded at a source (literalKey): 32 bits, the high half of 64, a half-precision
 * float, another 16-bit source, a bf16 one; a packed 16-bit source (an integer by its 32 bits, a
 * float by its f16 or bf16 bits, as llvm-mc-19 keeps them: `v_dot2_f32_f16 v10, -17, v14, -17` has
 * one literal, 0xffffffef, `v_pk_add_f16 v1, -17, 0xffef` two).
 */
const LIT32 = 0;
const LIT64 = 1;
const LIT_PACKED_F16 = 2;
const LIT_PACKED_BF16 = 3;
const LIT_PACKED_INT = 4;
const LIT_F16 = 5;
const LIT16 = 6;
const LIT_BF16 = 7;

/** literalKey's width for a form's operand (only for literals: shortSource's patterns are not for every operand). */
function literalWidth(f: PreparedForm, o: OperandSpec): number {
  if (o.size === 2) return LIT64;
  const base = f.spec.base;
  if (BF16_DOT_NAMES.test(base)) return o.name.endsWith('2') ? (BF16_SINGLE_SRC2_NAMES.test(base) ? LIT_BF16 : LIT32) : LIT_PACKED_BF16;
  if (DOT_F16_NAMES.test(base)) return o.name.endsWith('2') ? LIT_F16 : LIT_PACKED_F16;
  if (shortForm(f) || shortSource(base, o.name, f.spec.family)) {
    if (PACKED_SOURCE_NAMES.test(base) && !SINGLE16_SRC01_NAMES.test(base) && !MIX_FMA.test(base)) return base.endsWith('_f16') ? LIT_PACKED_F16 : LIT_PACKED_INT;
    return base.endsWith('_f16') ? LIT_F16 : LIT16;
  }
  return LIT32;
}

/**
 * A literal as llvm-mc-19 compares literals ("only one unique literal operand is allowed"): by the
 * dword it encodes, so `1.5e3` and `0x44bb8000` in a 32-bit source are one, as are `0.12345` and
 * `0x3fbf9a6b` in a 64-bit float one (the double's high half), `-4660` and `0xedcc` in a 16-bit one
 * (measured on gfx1030 and gfx1100). An integer by its low 32 bits (16 in a 16-bit source), a float
 * by its single-precision bits, the high half of its double, or its half-precision bits in an
 * `_f16` instruction's 16-bit source. Anything else (an expression; a float in an integer 16-bit
 * source, which llvm-mc-19 does not take as half precision: `v_add_nc_u16 v0, 1.5, 0x3e00` is
 * refused) by its text.
 */
function literalKey(text: string, op: Operand, width: number): bigint | string {
  const v = intOperand(op);
  if (v !== undefined) return BigInt.asUintN(width >= LIT_F16 ? 16 : 32, v);
  const x = realOperand(op);
  if (x === undefined || width === LIT16) return text.slice(op.span.start, op.span.end);
  if (width === LIT64) return BigInt.asUintN(64, f64ToBits(x)) >> 32n;
  if (width === LIT_F16 || width === LIT_PACKED_F16) {
    const h = convertFloat(x, 16);
    return h.ok ? BigInt(h.bits) : text.slice(op.span.start, op.span.end);
  }
  if (width === LIT_BF16 || width === LIT_PACKED_BF16) return BigInt(f64ToBF16Bits(x));
  return BigInt(f64ToF32Bits(x));
}

function isM0(op: Operand): boolean {
  return op.kind === 'word' && lower(op.name) === 'm0';
}

function withoutBlanks(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 32 || c > 127) return s.replace(/\s+/g, '');
  }
  return s;
}

/**
 * llvm-mc's constant-bus limit on VALU instructions: distinct SGPRs (and VCC, EXEC, M0...) read,
 * plus literals, at most 1 before GFX10 and 2 from GFX10 (1 for the 64-bit shifts); and one
 * distinct literal value per instruction. Lane instructions (readlane, writelane, permlane), whose
 * scalar lane select has rules of its own, and VOPD are left out, but for v_writelane_b32 before
 * GFX10 (one scalar value, an `m0` lane select not counted).
 */
function checkConstantBus(text: string, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const limit = f.busLimit;
  if (limit === 0) return true;
  busKeys.length = 0;
  literalKeys.length = 0;
  // Operand sizes literals were seen at: 1 one dword or less, 2 two dwords, 3 both.
  let literalSizes = 0;
  const ops = f.ops;
  let skipReturn = count < f.spec.maxOperands;
  let culprit: Operand | undefined;
  let literalCulprit: Operand | undefined;
  for (let i = 0, j = f.vccOptional && count < f.spec.maxOperands ? 1 : 0; i < count; i++, j++) {
    let o = ops[j];
    if (o && o.returnOnly && skipReturn) {
      skipReturn = false;
      o = ops[++j];
    }
    if (!o) break;
    const k = o.spec.kind;
    // The K of madmk/madak/fmamk/fmaak (the only VALU `imm`) is a literal whatever its value
    // (llvm-mc-19: `v_madmk_f32 v5, vcc_hi, 0x3dcccccd, v5` violates the bus on GFX6-9).
    if (k === 'imm') {
      const op = positional[i]!;
      if (op.kind === 'expr') addKey(literalKeys, literalKey(text, op, literalWidth(f, o.spec)));
      // (llvm-mc-19 names the source's literal, not K, `v_fmaak_f32 v1, 0x1234, v2, 0x12345678` at
      // 17: lastLiteralSpan, which leaves K out.)
      if (literalKeys.length > 1 && !literalCulprit) literalCulprit = op;
      if (!culprit && busKeys.length + literalKeys.length > limit) culprit = op;
      continue;
    }
    if (k !== 'src' && k !== 'ssrc' && k !== 'vsrc' && !(k === 'vcc' && j > 1)) continue;
    // v_writelane_b32 (GFX6-9): `m0` as the lane select is not counted (llvm-mc-19 takes
    // `v_writelane_b32 v1, s2, m0`, refuses `v_writelane_b32 v1, m0, s2` and `v_writelane_b32 v1, s2, s3`).
    if (i === 2 && f.spec.base === 'v_writelane_b32' && isM0(positional[i]!)) continue;
    const before = busKeys.length + literalKeys.length + (literalSizes === 3 ? 1 : 0);
    const lits = literalKeys.length;
    busOperand(text, i, target, f, o.spec);
    if (literalKeys.length > 1 && lits === 1 && !literalCulprit) literalCulprit = positional[i];
    // A literal in a 64-bit and in a 32-bit source (one value or two) is two on the bus (llvm-mc-19
    // counts literals of two operand sizes twice: `v_lshlrev_b64 v[0:1], 0x12345, 0x12345` exceeds
    // the 64-bit shifts' limit of 1, `v_mad_u64_u32 v[0:1], s[0:1], 0x12345, s1, 0x12345` in wave64
    // the limit of 2; two 16/32-bit sizes are not told apart: `v_mad_u32_u16 v0, 0x1234, s1, 0x1234`
    // is taken).
    if (posWhat[i] === What.Literal) literalSizes |= o.spec.size === 2 ? 2 : 1;
    const now = busKeys.length + literalKeys.length + (literalSizes === 3 ? 1 : 0);
    if (now > before && !culprit && now > limit) culprit = positional[i];
  }
  if (literalCulprit) return report(sink, C.uniqueLiteral, `only one unique literal operand is allowed: ${f.spec.spelled} has ${literalKeys.length} different literals`, lastLiteralSpan(f, count, target, insideModifiers(literalCulprit).span));
  // (v_movrel*: M0 holds the index, read through the bus: on GFX6-8 the source is then a VGPR, an
  // inline constant, lds_direct or M0 itself; llvm-mc-19 refuses `v_movreld_b32 v1, vcc_lo`, `scc`,
  // `src_execz`: found by the merge review's seed-9 sweep.)
  // (Both wave sizes on: the VCC the instruction names, `vcc` or `vcc_lo`, is the one read;
  // llvm-mc-19 takes `v_add_co_ci_u32_e32 v0, vcc, s1, v2, vcc` and `v_cndmask_b32_e32 v0, vcc_hi, v1, vcc` then.)
  if (f.implicitVcc) addKey(busKeys, f.spec.base.startsWith('v_movrel') ? 'm0' : !target.wave32 ? 'vcc' : !target.wave64 || !busKeys.includes('vcc') ? 'vcc_lo' : 'vcc');
  const used = busKeys.length + literalKeys.length + (literalSizes === 3 ? 1 : 0);
  if (used > limit) {
    const at = culprit ?? positional[count - 1]!;
    return report(sink, C.constantBus, `invalid operand (violates constant bus restrictions): ${f.spec.spelled} reads ${used} scalar values (SGPRs, VCC/EXEC/M0, literals); ${target.name} allows ${limit}`, at.span);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Value ranges: FLAT/GLOBAL/SCRATCH offsets, s_waitcnt counters (per generation, as llvm-mc-19)

function intValue(op: Operand): bigint | undefined {
  if (op.kind !== 'expr') return undefined;
  const e = op.expr;
  if (e.kind === 'int') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int') return -e.operand.value;
  return undefined;
}

/** The families whose modifiers checkRanges reads (`offset:`, `offset0:`, `offset1:`). */
const RANGED_MODIFIER_FAMILIES = new Set(['FLAT', 'GLOBAL', 'SCRATCH', 'MUBUF', 'MTBUF', 'DS']);

function checkRanges(operands: readonly InstructionOperand[], f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  const fam = f.spec.family;
  const g = target.generation;
  if (fam === 'FLAT' || fam === 'GLOBAL' || fam === 'SCRATCH') {
    for (let i = 0; i < operands.length; i++) {
      const op = operands[i]!.operand;
      if (op.kind !== 'modifier' || (lower(op.name) !== 'offset' && lower(op.name) !== 'inst_offset')) continue;
      const v = intValue(op.value);
      if (v === undefined) continue;
      if (g < 9) {
        if (v !== 0n) return report(sink, C.offsetRange, `flat offset modifier is not supported on this GPU (${target.name} has no FLAT instruction offset)`, op.span);
        continue;
      }
      const signed = g >= 12 || fam !== 'FLAT';
      const bits = g >= 12 ? 24 : g === 10 ? (signed ? 12 : 11) : signed ? 13 : 12;
      const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
      const hi = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
      if (v < lo || v > hi) return report(sink, C.offsetRange, `expected a ${bits}-bit ${signed ? 'signed' : 'unsigned'} offset: ${v} is outside ${lo}…${hi} for ${fam} on ${target.name}`, op.value.span);
    }
    return true;
  }
  if (fam === 'MUBUF' || fam === 'MTBUF' || fam === 'DS') return checkMemoryOffsets(operands, fam, g, sink);
  if (fam === 'SOPP') {
    const first = operands.length > 0 ? operands[0]!.operand : undefined;
    if (first !== undefined && first.kind === 'expr') return checkSoppImmediate(first, f, sink);
  }
  if (fam === 'SOPP' && f.spec.base === 's_waitcnt') {
    for (let i = 0; i < operands.length; i++) {
      const op = operands[i]!.operand;
      if (op.kind !== 'call' || op.args.length !== 1) continue;
      const name = lower(op.name);
      const max = name === 'vmcnt' ? (g <= 8 ? 15 : 63) : name === 'expcnt' ? 7 : name === 'lgkmcnt' ? (g <= 9 ? 15 : 63) : undefined;
      const v = intValue(op.args[0]!);
      if (max === undefined || v === undefined) continue;
      // (A negative count is a large unsigned one to llvm-mc-19: `lgkmcnt(-1)` is "too large" too.)
      if (v > BigInt(max) || v < 0n) return report(sink, C.counterRange, `too large value for ${name}: ${v} (at most ${max} on ${target.name}${v < 0n ? ', and a negative count is a large unsigned one' : ''})`, op.args[0]!.span);
    }
  }
  return true;
}

/**
 * MUBUF/MTBUF/DS offsets written as numbers (llvm-mc-19, GFX6 to GFX12): `offset:` 0-0xffff
 * ("expected a 16-bit unsigned offset"; MUBUF/MTBUF from GFX12 24-bit signed), DS `offset0:` and
 * `offset1:` 0-255 ("invalid offset0 value.").
 */
function checkMemoryOffsets(operands: readonly InstructionOperand[], fam: string, g: number, sink: IssueSink): boolean {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind !== 'modifier') continue;
    const name = op.name;
    if (name !== 'offset' && name !== 'offset0' && name !== 'offset1') continue;
    const v = intValue(op.value);
    if (v === undefined) continue;
    if (name !== 'offset') {
      if (v < 0n || v > 255n) return report(sink, C.offsetRange, `invalid ${name} value.: ${name}: takes 0…255, not ${v}`, op.value.span);
      continue;
    }
    const wide = g >= 12 && fam !== 'DS';
    const lo = wide ? -(1n << 23n) : 0n;
    const hi = wide ? (1n << 23n) - 1n : 0xffffn;
    if (v < lo || v > hi) return report(sink, C.offsetRange, `expected a ${wide ? '24-bit signed' : '16-bit unsigned'} offset: ${v} is outside ${lo}…${hi} for ${fam}`, op.value.span);
  }
  return true;
}

/**
 * A SOPP immediate written as a number, against the range llvm-mc-19 gives that instruction
 * (data/sopp-ranges.ts; the other SOPP immediates are truncated silently).
 */
function checkSoppImmediate(op: Operand, f: PreparedForm, sink: IssueSink): boolean {
  // (The range looked up once per prepared form: looked up here, per instruction, soppImmediateRange
  // was compiled by the optimizing compiler for little use.)
  const range = f.soppRange;
  if (range === undefined) return true;
  const base = f.spec.base;
  const v = intValue(op);
  if (v === undefined || (v >= range.min && v <= range.max)) return true;
  return report(sink, C.soppImmediate, `${range.message}: ${base} takes ${range.min}…${range.max}, not ${v}`, op.span);
}

// ---------------------------------------------------------------------------------------------
// Required modifiers, MIMG data size

/**
 * A line matched by a DPP16 form without a DPP control (checkMatched): refused when no other form
 * of the mnemonic takes its operands either (GFX12's `v_cndmask_b16 v10, v12, 0x3c00, s1`, matched
 * by the DPP16 form first, is VOP3's).
 */
function checkDppOnly(p: PreparedForms, f: PreparedForm, count: number, at: Span, sink: IssueSink): boolean {
  let other = false;
  for (let k = 0; k < p.forms.length && !other; k++) {
    const g = p.forms[k]!;
    other = g !== f && g.spec.family !== 'DPP16' && g.spec.family !== 'DPP8' && count >= g.min && count <= g.max && matches(g, count);
  }
  // (`f`'s own match back, its bus counts included.)
  matchForm(f, count);
  return other || report(sink, C.requiredModifier, `too few operands for instruction: only ${f.spec.base}'s DPP form takes these operands, and it needs a DPP control (quad_perm, row_shl...)`, at);
}

/**
 * A modifier the encoding cannot go without (llvm-mc-19: "operands are not valid for this GPU or
 * mode" for MIMG without `dim:` from GFX10; "too few operands for instruction" for a `_dpp` form
 * without a DPP control, `dpp8` without `dpp8:[...]`, GWS / ordered-count DS without `gds`):
 * refused only when no form the spelling selects has all of its required modifiers.
 */
function checkRequired(operands: readonly InstructionOperand[], p: PreparedForms, at: Span, sink: IssueSink): boolean {
  const req = p.required!;
  for (const names of req) {
    let all = true;
    for (const name of names) {
      let has = false;
      for (let i = 0; i < operands.length && !has; i++) {
        const op = operands[i]!.operand;
        if ((op.kind === 'modifier' || op.kind === 'word') && canonicalModifier(op) === name) has = true;
      }
      if (!has) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  const f = p.forms[0]!.spec;
  const what = [...new Set(req.map((r) => r.map((n) => (n === 'dpp_ctrl' ? 'a DPP control (quad_perm, row_shl...)' : n === 'dim' ? 'dim:' : n === 'dpp8' ? 'dpp8:[...]' : n)).join(' and ')))].join(' or ');
  return report(sink, C.requiredModifier, `${f.family === 'MIMG' ? 'operands are not valid for this GPU or mode' : 'too few operands for instruction'}: ${f.base} needs ${what}`, at);
}

/**
 * MIMG data size (llvm-mc-19's rule): one dword per dmask bit (dmask 0 or none: one), four for
 * gather4 and msaa_load; with d16 halved (rounded up) where d16 is packed (all but GFX6-7 and the
 * GFX8 parts before gfx810), and one more with tfe (lwe adds none).
 */
function checkImageData(operands: readonly InstructionOperand[], f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  const what = posWhat[0]!;
  if (what !== What.Vgpr && what !== What.Agpr) return true;
  let dmask = 1;
  let d16 = false;
  let tfe = false;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'modifier') {
      if (lower(op.name) !== 'dmask') continue;
      const v = intValue(op.value);
      if (v === undefined) return true;
      dmask = Number(v & 15n);
    } else if (op.kind === 'word' && op.name.length === 3) {
      const n = lower(op.name);
      if (n === 'd16') d16 = true;
      else if (n === 'tfe') tfe = true;
    }
  }
  const packed = target.generation >= 9 || target.name === 'gfx810';
  const size = imageDataDwords(isGatherLike(f.spec.base), dmask, d16 && packed, tfe);
  if (posSize[0] === size) return true;
  return report(sink, C.imageDataSize, `image data size does not match dmask, d16 and tfe: ${f.spec.base} with dmask:0x${dmask.toString(16)}${d16 ? ' d16' : ''}${tfe ? ' tfe' : ''} takes ${size} dword${size === 1 ? '' : 's'} of data, not ${posSize[0]}`, positional[0]!.span);
}

/**
 * MUBUF/MTBUF d16 data (llvm-mc-19: "operands are not valid for this GPU or mode"): one dword per
 * component where d16 is unpacked (GFX8 before gfx810), one per two components where it is packed,
 * one more with tfe.
 */
function checkBufferD16(comps: number, spelled: string, target: AmdgpuTarget, sink: IssueSink): boolean {
  const what = posWhat[0]!;
  if (what !== What.Vgpr && what !== What.Agpr) return true;
  const packed = target.generation >= 9 || target.name === 'gfx810';
  const size = (packed ? (comps + 1) >> 1 : comps) + (hasTfe ? 1 : 0);
  if (posSize[0] === size) return true;
  return report(sink, C.operandSize, `operands are not valid for this GPU or mode: ${spelled} takes ${size} dword${size === 1 ? '' : 's'} of data on ${target.name} (d16 ${packed ? 'packed' : 'unpacked'}${hasTfe ? ', and tfe' : ''}), not ${posSize[0]}`, positional[0]!.span);
}

/**
 * A MUBUF load with `tfe` (GFX6-GFX10 but gfx90a/gfx940-942, which take no tfe): nothing follows
 * `tfe` (`buffer_load_dword v[4:5], off, s[8:11], 0 tfe offset:4` refused at `offset:4`, `... glc
 * tfe` taken), and the data is one dword more than the load's, exactly (llvm-mc-19 "invalid operand
 * for instruction": at `tfe` for the load's own size, `buffer_load_dword v3, off, s[0:3], 0 tfe`;
 * at the data for any other, `v[3:5]`). The d16 loads' data is checkBufferD16's, an `lds` load
 * checkMubufLds'.
 */
function checkTfeData(operands: readonly InstructionOperand[], f: PreparedForm, sink: IssueSink): boolean {
  const o = f.ops[0];
  if (f.spec.family !== 'MUBUF' || !o || o.spec.kind !== 'vdst') return true;
  let tfe = -1;
  for (let i = 0; i < operands.length && tfe < 0; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'word' && lower(op.name) === 'tfe') tfe = i;
  }
  if (tfe < 0) return true;
  if (tfe + 1 < operands.length) return report(sink, C.operandKind, `invalid operand for instruction: nothing follows tfe in ${f.spec.spelled}`, operands[tfe + 1]!.operand.span);
  const what = posWhat[0];
  if (f.spec.base.includes('d16') || (what !== What.Vgpr && what !== What.Agpr)) return true;
  const want = o.spec.size + 1;
  const size = posSize[0]!;
  if (size === want) return true;
  const at = size === want - 1 ? operands[tfe]!.operand : positional[0]!;
  return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled} with tfe takes ${want} dwords of data (the load's and the status dword), not ${size}`, at.span);
}

const SALU_LITERAL_FAMILIES = new Set(['SOP1', 'SOP2', 'SOPC']);

/** The families whose operands checkRelocatable judges (ALU and scalar memory). */
const RELOC_FAMILIES = new Set(['SOP1', 'SOP2', 'SOPC', 'SOPK', 'VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA', 'DPP16', 'DPP8', 'SMEM', 'MUBUF', 'MTBUF']);

/**
 * An operand whose value is not known where it is written (a label, a symbol set later or never:
 * llvm-mc-19 keeps it as a relocatable expression). Only a 32-bit source that takes a literal and
 * no source modifier takes one: not a 64-bit or 16-bit source, a source with modifiers (VOP3
 * floating-point sources, SDWA, DPP, VOP3P), the K of madak/madmk, a SOPK or s_setreg_imm32
 * immediate, an SMEM offset (GFX12 too: session 26), a position that takes no literal (VOP3 before GFX10,
 * a lane select) ("invalid operand for instruction", "literal operands are not supported"). Each
 * one is a literal of its own: two in one instruction, or one and a literal constant, are "only one
 * unique literal operand is allowed" (even `u, u`); on the constant bus it counts as a literal
 * (checkConstantBus, busOperand). Facts from matrices against llvm-mc-19 (reloc-rules.test.ts).
 */
function checkRelocatable(text: string, p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  // Refused only where no form of this operand count takes it (llvm-mc-19 tries each: `v_add_f32
  // v0, u, v1` is the e32 form, whose src0 takes no modifier).
  const issue = relocIssue(text, f, count, target);
  if (!issue) return true;
  // (SDWA and DPP forms only where written so: llvm-mc-19 takes none of them for a bare mnemonic here.)
  for (const g of p.forms) {
    if (g === f || count < g.min || count > g.max || (DPP_SDWA.has(g.spec.family) && !DPP_SDWA.has(f.spec.family))) continue;
    matchForm(g, count);
    if (mismatch.at < 0 && !relocIssue(text, g, count, target)) return true;
  }
  return report(sink, issue.code, issue.message, issue.span);
}

const DPP_SDWA: ReadonlySet<string> = new Set(['SDWA', 'DPP16', 'DPP8']);

/** The instructions other than SOP and SMEM whose 32-bit scalar destination takes no aperture register. */
const APERTURE_FREE_DESTINATION: ReadonlySet<string> = new Set(['v_readlane_b32', 'v_readfirstlane_b32']);

/**
 * An aperture register (`src_shared_base`, `private_limit`...) is no 32-bit scalar destination of
 * a SOP1/SOP2/SOPK/SMEM instruction (nor a SMEM store's or atomic's 32-bit data) or of
 * `v_readlane_b32`/`v_readfirstlane_b32`, nor the register source of a SOPK instruction (the
 * `s_cmpk_` compares' first operand, `s_setreg_b32`'s value): llvm-mc-19 "invalid operand for
 * instruction", GFX9 on (the operand is a 32-bit SGPR class, which holds no aperture register;
 * the table names it `sdst` on some processors, `ssrc` on others). 64-bit destinations
 * (`s_mov_b64 src_shared_base, exec`) and the other sources take it.
 */
function checkApertureDestination(f: PreparedForm, count: number, sink: IssueSink): boolean {
  const fam = f.spec.family;
  const base = f.spec.base;
  if (!(fam === 'SOP1' || fam === 'SOP2' || fam === 'SOPK' || fam === 'SMEM' || APERTURE_FREE_DESTINATION.has(base))) return true;
  // The SOPK operand that is a register source: s_setreg_b32's second, the s_cmpk_ compares' first.
  const sourceAt = fam !== 'SOPK' ? -1 : base === 's_setreg_b32' ? 1 : base.startsWith('s_cmpk_') ? 0 : -1;
  const ops = f.ops;
  for (let i = 0; i < count && i < ops.length; i++) {
    const o = ops[i]!.spec;
    const source = i === sourceAt;
    // The destination's kind in the table differs by processor (gfx90a/gfx940: the SMEM loads'
    // `sdata`, the lane reads' `vdst`); a SMEM store's or atomic's 32-bit data is refused alike.
    const destination = !source && o.size === 1 && (o.kind === 'sdst' || (i === 0 && (o.kind === 'vdst' ? APERTURE_FREE_DESTINATION.has(base) : o.kind === 'sdata' && fam === 'SMEM')));
    if (!destination && !(source && o.size === 1)) continue;
    const op = positional[i]!;
    if (op.kind !== 'word' || !APERTURES.has(op.name)) continue;
    return report(sink, C.operandKind, `invalid operand for instruction: ${op.name} is no ${destination ? '32-bit scalar destination' : `${base} source`}`, op.span);
  }
  return true;
}

/**
 * The constant registers as registers of a size (llvm-mc-19 "invalid operand for instruction"):
 * a 32-bit one (`src_scc`, `vccz`, `src_execz`, `src_pops_exiting_wave_id`) is no scalar
 * destination or data of 64 bits or more (`s_mov_b64 src_scc, s[0:1]`, `s_getpc_b64`,
 * `s_load_dwordx2`'s), SMEM base or GLOBAL saddr; an aperture (64 bits) none of more than 64
 * bits (`s_load_dwordx4 src_shared_base, ...`) and no SCRATCH saddr. As a source they are inline values of
 * any size (`s_mov_b64 s[0:1], src_scc`, `v_add_f64 v[0:1], src_shared_base, v[2:3]`), taken.
 */
function checkConstantRegisters(f: PreparedForm, count: number, sink: IssueSink): boolean {
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    const op = positional[i]!;
    if (op.kind !== 'word') continue;
    const c = CONSTANT_REGISTERS.get(op.name);
    const o = f.ops[i + shift]?.spec;
    if (c === undefined || !o) continue;
    // s_movrels_b32/_b64 read a register, whose index M0 offsets: a constant register of the
    // source's own size only (llvm-mc-19 on GFX6-12: `s_movrels_b64 s[0:1], src_scc`, `src_vccz`,
    // `src_execz`, `s_movrels_b32 s0, src_shared_base` refused; `s_movrels_b64 s[0:1],
    // src_shared_limit` and `s_movrels_b32 s0, src_scc` taken). Other scalar sources take either.
    if (o.kind === 'ssrc' && c !== o.size && f.spec.base.startsWith('s_movrels_b')) return report(sink, C.operandKind, `invalid operand for instruction: ${op.name} is a ${c * 32}-bit constant register, and ${f.spec.spelled} reads a ${o.size * 32}-bit register`, op.span);
    if (o.kind === 'src' || o.kind === 'ssrc' || o.kind === 'vsrc') continue;
    // (VALU destinations take them: `v_cmp_eq_u32_e64 src_scc, v0, v1` on wave64.)
    if (((c === 1 && o.size >= 2) || (c === 2 && o.size > 2)) && (f.scalar || f.spec.family === 'GLOBAL')) return report(sink, C.operandKind, `invalid operand for instruction: ${op.name} is a ${c * 32}-bit constant, no ${o.size * 32}-bit ${o.name} of ${f.spec.spelled}`, op.span);
    if (c === 2 && o.kind === 'saddr' && f.spec.family === 'SCRATCH') return report(sink, C.operandKind, `invalid operand for instruction: ${op.name} is a 64-bit constant, no SCRATCH saddr`, op.span);
  }
  return true;
}

/**
 * SCRATCH addresses before gfx940 and GFX11 (llvm-mc-19 "operands are not valid for this GPU or
 * mode"): a VGPR and an SGPR together (`scratch_load_dword v0, v1, s2`: the SVS address mode of
 * gfx940-942 and GFX11+), and on GFX9 neither (`scratch_load_dword v0, off, off`, taken on GFX10).
 * Called for SCRATCH instructions on GFX9 (not gfx940-942) and GFX10 (PreparedForms.scratchAddress).
 */
function checkScratchAddress(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink, lds = false): boolean {
  const v = f.vaddrAt;
  const s = f.ops.length - 1;
  if (v < 0 || s >= count || f.ops[s]!.spec.kind !== 'saddr') return true;
  const vOff = posWhat[v] === What.Off;
  const sOff = posWhat[s] === What.Off;
  // (With `lds`, GFX9-10, llvm-mc-19 says "invalid operand for instruction" of both.)
  if (!vOff && !sOff && lds) return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled} with lds takes a VGPR or an SGPR address on ${target.name}, not both`, positional[s]!.span);
  if (!vOff && !sOff) return report(sink, C.operandKind, `operands are not valid for this GPU or mode: ${f.spec.spelled} takes a VGPR or an SGPR address on ${target.name}, not both (the other one \`off\`)`, positional[s]!.span);
  if (vOff && sOff && target.generation === 9) return report(sink, C.operandKind, `operands are not valid for this GPU or mode: ${f.spec.spelled} needs a VGPR or an SGPR address on ${target.name} (\`off, off\` from gfx940 and GFX10 on)`, positional[s]!.span);
  return true;
}

/**
 * An aperture register (`src_shared_base`, `private_limit`...) is no SMEM soffset (llvm-mc-19
 * "invalid operand for instruction", GFX9+) and, on GFX12, no MUBUF/MTBUF soffset ("operands are
 * not valid for this GPU or mode"); elsewhere it is taken as one.
 */
function checkApertureOffset(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const fam = f.spec.family;
  const smem = fam === 'SMEM';
  if (!smem && !(target.generation >= 12 && (fam === 'MUBUF' || fam === 'MTBUF'))) return true;
  const i = posAperture - 1;
  const o = f.ops[i];
  if (!o || o.spec.kind !== 'soffset' || i >= count) return true;
  const op = positional[i]!;
  const name = (op as { name: string }).name;
  return smem
    ? report(sink, C.operandKind, `invalid operand for instruction: ${name} is no SMEM offset`, op.span)
    : report(sink, C.operandKind, `operands are not valid for this GPU or mode: ${name} is no ${fam} soffset on ${target.name}`, op.span);
}
/**
 * SOPK instructions whose immediate is a number only (others take a label, `s_call_b64`, or
 * symbolic names, `s_version UC_VERSION_GFX12`, `s_waitcnt_vscnt`).
 */
const IMM_K = /^s_(movk_i32|cmovk_i32|cmpk_\w+|addk_i32|addk_co_i32|mulk_i32|setreg_imm32_b32)$/;

/**
 * A 16-bit (or packed 16-bit) source, for checkRelocatable, where llvm-mc-19's operand class is
 * one (its classes are irregular: `v_sad_u16`, `v_sat_pk_u8_i16`, gfx90a's `v_dot2c_i32_i16` and
 * GFX12's scalar `s_ceil_f16` take a 32-bit one): every source of the instructions all of whose
 * sources are 16 bits (SHORT_SOURCES); src0 of the conversions from a 16-bit type, of
 * `v_ldexp_f16` and the `_class_f16` compares; src0 and src1 of the 16-bit multiply-adds to 32
 * bits, the dot products of 16-bit values, the packed 16-bit instructions (src2 too) and GFX12's
 * scalar two-source `_f16` ones.
 */
function shortSource(base: string, name: string, family: string): boolean {
  if (SHORT_SOURCES.test(base) && !SHORT_EXCEPT.test(base)) return true;
  const d = name.charCodeAt(name.length - 1) - 48;
  const n = d >= 0 && d <= 9 ? d : 0;
  if (n === 0 && SHORT_SRC0.test(base)) return true;
  if (n <= 1 && SHORT_SRC01.test(base)) return true;
  if (n === 2 && SHORT_PACKED.test(base)) return true;
  return n <= 1 && (family === 'SOP2' || family === 'SOPC') && base.endsWith('_f16');
}
const SHORT_SRC0 = /^v_cvt_\w+_(?:f16|i16|u16)$|^v_ldexp_f16$|^v_cmpx?_class_f16$/;
const SHORT_PACKED = /^v_pk_(?!\w*(?:_f32|_b32)$)/;
const SHORT_SRC01 = /^v_mad_[iu]32_[iu]16$|^v_dot2_[iu]32_[iu]16$|^v_pk_(?!\w*(?:_f32|_b32)$)|^v_dot2c?_f32_(?:f16|bf16)$|^v_dot2acc_f32_f16$|^v_pk_fmac_f16$/;

/** Why a form refuses the instruction's relocatable operands (checkRelocatable), or undefined. */
function relocIssue(text: string, f: PreparedForm, count: number, target: AmdgpuTarget): { code: AmdCode; message: string; span: Span } | undefined {
  const fam = f.spec.family;
  if (!RELOC_FAMILIES.has(fam) || (fam === 'SDWA' && target.generation < 9)) return undefined;
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  let lits = 0;
  let first: bigint | string | undefined;
  for (let i = 0; i < count; i++) {
    const op = positional[i]!;
    const o = f.ops[i + shift];
    if (!o) break;
    const spec = o.spec;
    const source = spec.kind === 'src' || spec.kind === 'ssrc' || spec.kind === 'vsrc';
    if (posWhat[i] === What.Off) {
      // (The form took `off` here: a symbol in a source, counted as a literal; elsewhere not judged.)
      if (source && posReloc[i] && ++lits > 1) return { code: C.uniqueLiteral, message: `only one unique literal operand is allowed: 'off' here is the symbol of that name, which has no value here, so is a literal of its own`, span: op.span };
    } else if (posWhat[i] === What.Expr && posReloc[i]) {
      const shown = text.slice(op.span.start, op.span.end);
      const why =
        (spec.files & F.LITERAL) === 0
          ? (spec.files & (F.INLINE | F.S | F.V)) === 0 ? '' : 'takes no literal'
          : spec.size !== 1
            ? 'is 64 bits'
            : spec.operandModifiers !== 0 || fam === 'SDWA' || fam === 'DPP16' || fam === 'DPP8'
              ? 'takes source modifiers'
              : spec.kind === 'imm' && (fam !== 'SOPK' || IMM_K.test(f.spec.base))
                ? 'is an immediate field'
                : fam === 'SMEM'
                  ? 'is an offset'
                  : source && shortSource(f.spec.base, spec.name, fam)
                    ? 'is 16 bits'
                    : '';
      if (why) return { code: C.operandKind, message: `invalid operand for instruction: '${shown}' has no value here (a relocatable expression), and operand ${i + 1} (${spec.name}) of ${f.spec.spelled} ${why}`, span: op.span };
      if (source && ++lits > 1) return { code: C.uniqueLiteral, message: `only one unique literal operand is allowed: '${shown}' has no value here, so is a literal of its own`, span: op.span };
    } else if (posWhat[i] === What.Literal && source) {
      const v = intValue(op);
      const key = v === undefined ? text.slice(op.span.start, op.span.end) : BigInt.asUintN(32, v);
      const message = 'only one unique literal operand is allowed: a value unknown here is a literal of its own';
      if (first === undefined) {
        first = key;
        if (++lits > 1) return { code: C.uniqueLiteral, message, span: op.span };
      } else if (key !== first && ++lits > 1) return { code: C.uniqueLiteral, message, span: op.span };
    }
  }
  return undefined;
}

/**
 * Scalar ALU (SOP1, SOP2, SOPC): one distinct literal value per instruction (llvm-mc-19: "only one
 * unique literal operand is allowed"), compared as encoded, by the 32 bits of the literal dword:
 * an integer by its low 32 bits; a float by its single-precision bits (half precision in the
 * `_f16` instructions: `s_add_u32 s0, 1.5, 2.5` is refused, `s_add_u32 s0, 1.5, 0x3fc00000` taken);
 * an integer inline only as 16 bits (`0xffff`, `0x3c00`) is a literal in a 32-bit source, and in a
 * 64-bit source so is any integer not inline as 64 bits (`s_and_b32 s7, -17, 0xffff`,
 * `s_and_b32 s7, 0x11111, 0x3c00`). Not in the 16-bit float sources of the SOP2 `_f16`
 * arithmetic. An expression, or a float in a 64-bit source (refused by checkFloatLiterals), leaves
 * it unjudged. Called with two literals or more (lessCommon) and with an integer inline by 16 or 32
 * bits only (checkNarrowInline).
 */
function checkScalarLiterals(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  let first: bigint | undefined;
  let narrow = false;
  for (let i = 0; i < count; i++) {
    const what = posWhat[i];
    if (what !== What.Literal && what !== What.Inline) continue;
    const op = positional[i]!;
    const v = intOperand(op);
    let bits: bigint;
    if (v === undefined) {
      if (what !== What.Literal) continue;
      const x = realOperand(op);
      if (x === undefined || f.ops[i]?.spec.size !== 1) return true;
      if (f.spec.base.endsWith('_f16')) {
        const h = convertFloat(x, 16);
        bits = BigInt(h.ok ? h.bits : 0);
      } else bits = BigInt(f64ToF32Bits(x));
    } else if (what === What.Literal) bits = BigInt.asUintN(32, v);
    else {
      if (v < -0x80000000n || v > 0xffffffffn) return true;
      bits = BigInt.asUintN(32, v);
      const size = f.ops[i]?.spec.size;
      if (v >= -16n && v <= 64n) continue;
      if (size === 1 ? inlineCode32(Number(bits), target.inv2Pi) !== undefined : size !== 2 || inlineCode64(v, target.inv2Pi) !== undefined) continue;
      // The 16-bit float sources of the SOP2 `_f16` arithmetic (GFX11.5+: s_add_f16, s_fmac_f16,
      // s_max_num_f16 ...) take 16-bit inlines as inline (llvm-mc-19 accepts `s_add_f16 s0, 0x3c00,
      // 0x1234`); the SOPC compares and s_fmamk/s_fmaak do not.
      if (f.spec.family === 'SOP2' && F16_SOP2_INLINE.test(f.spec.base) && inlineCode16(Number(bits), target.inv2Pi) !== undefined) continue;
      narrow = true;
    }
    if (first === undefined) first = bits;
    else if (bits !== first) return report(sink, C.uniqueLiteral, `only one unique literal operand is allowed: ${f.spec.spelled} has ${narrow ? 'two different literals (an integer inline only as 16 bits is a literal in a 32-bit source)' : 'two different literals'}`, op.span);
  }
  return true;
}

/** A float operand's value (`1.5`, `-0.1`), or undefined. */
function realOperand(op: Operand): number | undefined {
  if (op.kind !== 'expr') return undefined;
  const e = op.expr;
  return e.kind === 'real' ? e.value : e.kind === 'unary' && e.op === '-' && e.operand.kind === 'real' ? -e.operand.value : undefined;
}

/** The operand under its source modifiers (`-x`, `|x|`, `neg(x)`, `abs(x)`, `sext(x)`...): the operand itself when it has none. */
function underModifiers(op: Operand): Operand {
  let inner = op;
  while (inner.kind === 'neg' || inner.kind === 'abs' || (inner.kind === 'call' && inner.args.length === 1 && WRAPPERS.has(lower(inner.name)))) inner = inner.kind === 'call' ? inner.args[0]! : inner.operand;
  return inner;
}

/** The lds_direct word of an operand, under its source modifiers (neg, abs, sext...), or undefined. */
function ldsDirectInside(op: Operand): Operand | undefined {
  const inner = underModifiers(op);
  return isLdsDirect(inner) ? inner : undefined;
}

/** `lds_direct` / `src_lds_direct` (any case). */
function isLdsDirect(op: Operand): boolean {
  if (op.kind !== 'word' || (op.name.length !== 10 && op.name.length !== 14)) return false;
  const n = lower(op.name);
  return n === 'lds_direct' || n === 'src_lds_direct';
}

const LDS_DIRECT_FAMILIES = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA']);

/**
 * lds_direct where the GPU has it (llvm-mc-19): a 32-bit source of a VALU instruction only (not a
 * destination, not a 64-bit operand, not DPP, not scalar or memory instructions), src0 only, and
 * not in SDWA or the `rev` instructions (subrev, lshlrev...).
 */
function checkLdsDirect(f: PreparedForm, count: number, sink: IssueSink, target: AmdgpuTarget): boolean {
  let at = -1;
  for (let i = 0; i < count; i++) if (ldsDirectInside(positional[i]!) !== undefined) at = i;
  if (at < 0) return true;
  const ops = f.ops;
  let skipReturn = count < f.spec.maxOperands;
  let sources = 0;
  for (let i = 0, j = f.vccOptional && count < f.spec.maxOperands ? 1 : 0; i <= at; i++, j++) {
    let o = ops[j];
    if (o && o.returnOnly && skipReturn) {
      skipReturn = false;
      o = ops[++j];
    }
    if (!o) return true;
    const k = o.spec.kind;
    const source = k === 'src' || k === 'vsrc' || k === 'ssrc';
    if (source) sources++;
    const ld = ldsDirectInside(positional[i]!);
    if (ld === undefined) continue;
    const fam = f.spec.family;
    // (At the register, under its modifiers, as llvm-mc-19: `v_fma_f32 v1, v2, v3, -src_lds_direct`.)
    const span = ld.span;
    const m = f.spec.base;
    // Where a VCC or SGPR operand may be left out, the position is ambiguous here: not judged.
    if (!source && k !== 'vdst' && count < f.spec.maxOperands && LDS_DIRECT_FAMILIES.has(fam)) return true;
    // (With a DPP control written lds_direct is refused whichever form matched here, `v_add_f32 v1,
    // lds_direct, v2 row_shl:1`; a DPP form matched without one, `v_fmac_f32 v1, -lds_direct, v2`
    // on GFX10, is not what llvm-mc-19 encodes: it takes the VOP3 form, judged as one.)
    const dpp = fam === 'DPP16' || fam === 'DPP8' || f.spec.form.includes('dpp');
    if (dpp16Control !== undefined || dpp8Written || (!dpp && !LDS_DIRECT_FAMILIES.has(fam)) || !source || o.spec.size > 1)
      return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled} operand ${i + 1} is ${expected(o.spec)}, not lds_direct`, span);
    if (fam === 'SDWA' || f.spec.form === 'sdwa' || /^v_(pk_)?(sub|subb|lshl|lshr|ashr)rev/.test(m)) return report(sink, C.operandKind, `lds_direct cannot be used with this instruction (${f.spec.spelled})`, span);
    if (sources > 1) return report(sink, C.operandKind, `lds_direct may be used as src0 only: it is ${o.spec.name} of ${f.spec.spelled} here`, span);
    // A scalar src0 (v_writelane_b32's) on GFX8-9, whose VOP3 encoding reads an SGPR or constant there.
    if (k === 'ssrc' && (target.generation === 8 || target.generation === 9))
      return report(sink, C.operandKind, `operands are not valid for this GPU or mode: ${f.spec.spelled}'s ${o.spec.name} is a scalar source on ${target.name}, not lds_direct`, span);
  }
  return true;
}

/**
 * SMEM: an `offset:` modifier goes with a register soffset only (llvm-mc-19: "invalid operand for
 * instruction" after an immediate offset, "not a valid operand." without a soffset).
 */
function checkSmemOffset(operands: readonly InstructionOperand[], count: number, f: PreparedForm, sink: IssueSink): boolean {
  if (operands.length === count) return true;
  // The soffset is the form's last operand: the third of a load, the second of s_dcache_discard's.
  const at = f.spec.operands.length - 1;
  const what = count > at ? posWhat[at]! : What.Unknown;
  if (count > at && (what === What.Sgpr || what === What.Special || what === What.Unknown)) return true;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'modifier' && lower(op.name) === 'offset')
      return report(sink, C.modifier, `invalid operand for instruction: an 'offset:' modifier goes with a register soffset (${count > at ? 'not an immediate offset' : 'none is written'})`, op.nameSpan);
  }
  return true;
}

/** Joins SOPP pieces that continue the piece before (they start with `(`); the positional count. */
function joinSoppPieces(text: string): number {
  // (Into a new array: shortening one makes its elements holey, another map for the code that reads it.)
  const joined = [positional[0]!];
  let n = 1;
  for (let i = 1; i < positional.length; i++) {
    if (text.charCodeAt(positional[i]!.span.start) === 40 /* ( */) continue;
    joined.push(positional[i]!);
    posWhat[n] = posWhat[i]!;
    posSize[n] = posSize[i]!;
    n++;
  }
  positional = joined;
  return n;
}

// ---------------------------------------------------------------------------------------------
// GFX12 cache policy: `th:` and `scope:` (values and rules read off llvm-mc-19)

/** `th:` bits as llvm-mc-19 keeps them: the policy (low 3 bits) and the type the name gave it. */
const TH_LOAD = 1 << 7;
const TH_STORE = 1 << 8;
const TH_ATOMIC = 1 << 9;
const TH_REAL_BYPASS = 1 << 10;
const TH_POLICIES: Record<string, number> = { RT: 0, NT: 1, HT: 2, LU: 3, RT_WB: 3, NT_RT: 4, RT_NT: 5, NT_HT: 6, NT_WB: 7, BYPASS: 3 };
const TH_ATOMIC_POLICIES: Record<string, number> = { RT: 0, RETURN: 1, RT_RETURN: 1, NT: 2, NT_RETURN: 3, CASCADE_RT: 4, CASCADE_NT: 6 };
const SCOPES = new Set(['SCOPE_CU', 'SCOPE_SE', 'SCOPE_DEV', 'SCOPE_SYS']);

/** A `th:` name's bits (-1: llvm-mc-19 "invalid th value"). Names are case-sensitive. */
function thBits(name: string): number {
  if (name === 'TH_DEFAULT') return 0;
  // Spelled by later LLVMs; llvm-mc-19 refuses them by name.
  if (name === 'TH_STORE_LU' || name === 'TH_LOAD_RT_WB' || name === 'TH_LOAD_NT_WB') return -1;
  let type: number;
  let rest: string;
  if (name.startsWith('TH_ATOMIC_')) [type, rest] = [TH_ATOMIC, name.slice(10)];
  else if (name.startsWith('TH_LOAD_')) [type, rest] = [TH_LOAD, name.slice(8)];
  else if (name.startsWith('TH_STORE_')) [type, rest] = [TH_STORE, name.slice(9)];
  else return -1;
  const policy = type === TH_ATOMIC ? TH_ATOMIC_POLICIES[rest] : TH_POLICIES[rest];
  if (policy === undefined || !Object.hasOwn(type === TH_ATOMIC ? TH_ATOMIC_POLICIES : TH_POLICIES, rest)) return -1;
  return type | policy | (rest === 'BYPASS' ? TH_REAL_BYPASS : 0);
}

/**
 * GFX12 `th:` and `scope:` as llvm-mc-19 checks them: each at most once ("invalid operand for
 * instruction"), `th:` a known name (not a number: "expected an identifier"), `scope:` one of
 * four; a FLAT/GLOBAL atomic that returns its value needs `th:TH_ATOMIC_RETURN`; a non-default
 * policy must be of the instruction's type (atomic, store, else load), SMEM takes no NT_RT, RT_NT
 * or NT_HT, and BYPASS goes with SCOPE_SYS only (and the other policy of value 3, LU/RT_WB, not with it).
 */
function checkCachePolicy12(operands: readonly InstructionOperand[], mnemonic: string, mnemonicAt: Span, f: PreparedForm, count: number, sink: IssueSink): boolean {
  let th: { bits: number; span: Span } | undefined;
  let scope: string | undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind !== 'modifier') continue;
    const n = lower(op.name);
    if (n !== 'th' && n !== 'scope') continue;
    if (n === 'th' ? th !== undefined : scope !== undefined) return report(sink, C.modifier, `invalid operand for instruction: ${n}: is written twice`, op.span);
    const v = op.value;
    if (v.kind !== 'word') return report(sink, C.modifier, `expected an identifier: ${n}: takes a name${n === 'th' ? ' (TH_LOAD_*, TH_STORE_*, TH_ATOMIC_*)' : ' (SCOPE_CU, SCOPE_SE, SCOPE_DEV, SCOPE_SYS)'}`, v.span);
    if (n === 'scope') {
      if (!SCOPES.has(v.name)) return report(sink, C.modifier, `invalid scope value: '${v.name}' (SCOPE_CU, SCOPE_SE, SCOPE_DEV or SCOPE_SYS)`, v.span);
      scope = v.name;
      continue;
    }
    const bits = thBits(v.name);
    if (bits < 0) return report(sink, C.modifier, `invalid th value: '${v.name}' is not a th: name llvm-mc-19 knows`, v.span);
    th = { bits, span: v.span };
  }
  const m = lower(mnemonic);
  const atomic = m.includes('atomic');
  const family = f.spec.family;
  const bits = th?.bits ?? 0;
  const policy = bits & 7;
  const at = th?.span ?? mnemonicAt;
  if (atomic && (family === 'FLAT' || family === 'GLOBAL' || family === 'SCRATCH') && count === f.spec.maxOperands && f.spec.operands.some((o) => o.returnOnly) && (policy & 1) === 0)
    return report(sink, C.modifier, `instruction must use th:TH_ATOMIC_RETURN: ${mnemonic} with a destination returns its value`, at);
  if (policy === 0) return true;
  if (family === 'SMEM' && (policy === 4 || policy === 5 || policy === 6)) return report(sink, C.modifier, 'invalid th value for SMEM instruction (no NT_RT, RT_NT or NT_HT)', at);
  if (policy === 3 && (scope === 'SCOPE_SYS') !== ((bits & TH_REAL_BYPASS) !== 0))
    return report(sink, C.modifier, `scope and th combination is not valid: ${bits & TH_REAL_BYPASS ? 'BYPASS needs scope:SCOPE_SYS' : 'this policy does not go with scope:SCOPE_SYS'}`, at);
  const want = atomic ? TH_ATOMIC : m.includes('store') ? TH_STORE : TH_LOAD;
  if ((bits & want) === 0) return report(sink, C.modifier, `invalid th value for ${want === TH_ATOMIC ? 'atomic' : want === TH_STORE ? 'store' : 'load'} instructions`, at);
  return true;
}

/**
 * FLAT/GLOBAL atomics before GFX12 (llvm-mc-19): the form written with its destination returns
 * the value and must use `glc` (`sc0` on gfx940-942); the form without must not ("instruction
 * must use glc" / "instruction must not use glc"). MUBUF atomics take either (their data operand
 * is the destination too).
 */
function checkAtomicReturn(operands: readonly InstructionOperand[], at: Span, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const specs = f.spec.operands;
  let hasReturn = false;
  for (let i = 0; i < specs.length; i++) if (specs[i]!.returnOnly) hasReturn = true;
  if (!hasReturn) return true;
  const bit = target.isGfx940 ? 'sc0' : 'glc';
  let written: Operand | undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'word' && op.name.length === 3 && lower(op.name) === bit) written = op;
  }
  const returns = count === f.spec.maxOperands;
  if (returns && !written) return report(sink, C.modifier, `instruction must use ${bit}: ${f.spec.spelled} written with its destination returns the value`, at);
  if (!returns && written) return report(sink, C.modifier, `instruction must not use ${bit}: ${f.spec.spelled} without a destination returns nothing (write the destination to get the value)`, written.span);
  return true;
}

function hasLdsWord(operands: readonly InstructionOperand[]): boolean {
  return ldsWordAt(operands) >= 0;
}

/** The index of the `lds` word among the operands, -1 without one. */
function ldsWordAt(operands: readonly InstructionOperand[]): number {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'word' && op.name.length === 3 && lower(op.name) === 'lds') return i;
  }
  return -1;
}

/**
 * A MUBUF load with `lds` (GFX6-GFX10, llvm-mc-19): the data goes to LDS, so the instruction has
 * no vdata: `buffer_load_dword off, s[8:11], s3 lds` (vaddr, srsrc, soffset). Written with its
 * vdata it is "invalid operand for instruction". The operands are matched against the form
 * without its vdata (kind and size per position, the vaddr rule), the modifiers judged.
 */
function checkMubufLds(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], p: PreparedForms, target: AmdgpuTarget, sink: IssueSink): boolean {
  const f = p.forms[0]!;
  const max = f.spec.maxOperands;
  const count = positional.length;
  if (count >= max) return report(sink, C.operandKind, `invalid operand for instruction: ${mnemonic} with lds loads into LDS and takes no vdata (vaddr, srsrc, soffset)`, positional[0]!.span);
  if (count < max - 1) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} with lds takes ${max - 1} (vaddr, srsrc, soffset)`, at);
  if (hasTfe) {
    for (let i = 0; i < operands.length; i++) {
      const op = operands[i]!.operand;
      if (op.kind === 'word' && (op.name === 'tfe' || op.name === 'lwe')) return report(sink, C.modifier, `invalid operand for instruction: ${mnemonic} with lds takes no ${op.name}`, op.span);
    }
  }
  const lds = ldsFormMatch(text, mnemonic, f, count, target, sink);
  if (lds === undefined) return false;
  return checkBufferVaddr(operands, lds, target, sink) && checkModifiers(operands, p, f, sink);
}

/** The form of a MUBUF load without its vdata (see checkMubufLds), per prepared form. */
const LDS_FORMS = new WeakMap<PreparedForm, PreparedForm>();

/**
 * Matches the positional operands of a load written with `lds` against its form without the
 * vdata/vdst (checkMubufLds, checkFlatLds): that form, or undefined once a mismatch is reported.
 */
function ldsFormMatch(text: string, mnemonic: string, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): PreparedForm | undefined {
  let lds = LDS_FORMS.get(f);
  if (lds === undefined) {
    const ops = f.spec.operands.slice(1);
    LDS_FORMS.set(f, (lds = prepareForm(lower(mnemonic), formSpec({ ...f.spec, operands: ops, minOperands: ops.length, maxOperands: ops.length }), target)));
  }
  classifyPositional(text, target);
  matchForm(lds, count);
  if (mismatch.at < 0) return lds;
  seen.what = posWhat[mismatch.at]!;
  seen.size = posSize[mismatch.at]!;
  report(sink, mismatch.size ? C.operandSize : C.operandKind, `invalid operand for instruction: ${mnemonic} with lds: operand ${mismatch.at + 1} is ${expected(lds.ops[mismatch.spec]!.spec)}, not ${whatName()}`, positional[mismatch.at]!.span);
  return undefined;
}

/** The loads of one dword or less that take `lds` on GFX9 (not gfx940-942, whose `*_load_lds_*` are instructions of their own) and GFX10. */
const FLAT_LDS_BASE = /^(global|scratch)_load_(dword|ubyte|sbyte|ushort|sshort)$/;

/** A GLOBAL/SCRATCH load written with `lds` where llvm-mc-19 has that form (checkFlatLds). */
function isFlatLds(p: PreparedForms, operands: readonly InstructionOperand[], target: AmdgpuTarget): boolean {
  const f = p.forms[0]!;
  if (f.spec.family !== 'GLOBAL' && f.spec.family !== 'SCRATCH') return false;
  if (target.generation !== 10 && (target.generation !== 9 || target.isGfx940)) return false;
  return hasLdsWord(operands) && FLAT_LDS_BASE.test(f.spec.base);
}

/**
 * A GLOBAL or SCRATCH load with `lds` (GFX9 but gfx940-942, GFX10; llvm-mc-19, and llc-19's output
 * of llvm.amdgcn.global.load.lds): the data goes to LDS, so the instruction has no vdst:
 * `global_load_dword v0, s[0:1] lds`, `global_load_dword v[0:1], off offset:16 glc lds`,
 * `scratch_load_dword off, s0 lds`. `lds` is the last word (a modifier after it is "invalid operand
 * for instruction"); written with its vdst it is "invalid operand for instruction" too. The
 * operands are matched against the form without its vdst, the modifiers before `lds` judged as
 * the load's own.
 */
function checkFlatLds(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], p: PreparedForms, target: AmdgpuTarget, sink: IssueSink): boolean {
  const f = p.forms[0]!;
  const max = f.spec.maxOperands;
  const count = positional.length;
  const ldsAt = ldsWordAt(operands);
  if (ldsAt + 1 < operands.length) return report(sink, C.modifier, `invalid operand for instruction: ${mnemonic} with lds takes nothing after lds (write its modifiers before it)`, operands[ldsAt + 1]!.operand.span);
  if (count >= max) return report(sink, C.operandKind, `invalid operand for instruction: ${mnemonic} with lds loads into LDS and takes no vdst (vaddr, saddr)`, positional[0]!.span);
  if (count < max - 1) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} with lds takes ${max - 1} (vaddr, saddr)`, at);
  const lds = ldsFormMatch(text, mnemonic, f, count, target, sink);
  if (lds === undefined || (p.scratchAddress && !checkScratchAddress(lds, count, target, sink, true))) return false;
  // (`lds` is the last operand: without it the others keep their indexes.)
  const before = operands.slice(0, ldsAt);
  return checkModifiers(before, p, f, sink) && checkRanges(before, lds, target, sink);
}

/**
 * MTBUF's format operand, GFX6-11 (llvm-mc-19 reads it right after soffset, or with a comma right
 * before it): after soffset and any other modifier (`s1 idxen format:22`, `0 offset:4 format:22`,
 * `0 glc format:22`) it is "not a valid operand." everywhere; before GFX10 `format:` goes after
 * soffset only (`format:22, 0` refused) and `dfmt:`/`nfmt:` before it only (`dfmt:4, nfmt:7, 0`
 * taken, `0 dfmt:4` refused); GFX10-11 have no `dfmt:`/`nfmt:`. Their values (symbolic names,
 * ranges) are not judged here. Only for MTBUF with a modifier (checkBufferVaddr).
 */
function checkMtbufFormat(operands: readonly InstructionOperand[], f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (target.generation >= 12 || positional.length < 4 || f.spec.operands[3]?.kind !== 'soffset') return true;
  const soffset = positional[3]!;
  let seenSoffset = false;
  let other: Operand | undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op === soffset) {
      seenSoffset = true;
      continue;
    }
    const format = op.kind === 'modifier' && (op.name === 'format' || op.name === 'dfmt' || op.name === 'nfmt');
    if (!format) {
      if (seenSoffset) other ??= op;
      continue;
    }
    const m = op as Extract<Operand, { kind: 'modifier' }>;
    if (m.name === 'format' && m.value.kind === 'list' && !checkFormatNames(m.value.items, target, sink)) return false;
    if (m.name !== 'format' && target.generation >= 10)
      return report(sink, C.modifier, `not a valid operand: ${target.name} takes no '${m.name}:' (a unified format:[BUF_FMT_...] or format:N instead)`, m.nameSpan);
    if (other !== undefined) {
      const name = other.kind === 'modifier' || other.kind === 'word' ? other.name : 'another operand';
      return report(sink, C.modifierOrder, `not a valid operand: '${m.name}:' must come right after soffset, before '${name}' (llvm-mc reads ${f.spec.spelled}'s format there)`, m.nameSpan);
    }
    if (target.generation <= 9 && seenSoffset !== (m.name === 'format'))
      return report(sink, C.modifierOrder, `not a valid operand: on ${target.name} '${m.name}:' goes ${m.name === 'format' ? 'after soffset (`soffset format:N`)' : 'before soffset (`dfmt:N, nfmt:N, soffset`)'}`, m.nameSpan);
  }
  return true;
}

const UNIFIED_GFX10: ReadonlySet<string> = new Set(UNIFIED_FORMATS_GFX10.map((n) => `BUF_FMT_${n}`));
const UNIFIED_GFX11: ReadonlySet<string> = new Set(UNIFIED_FORMATS_GFX10.filter((n) => !UNIFIED_FORMATS_NOT_GFX11.includes(n)).map((n) => `BUF_FMT_${n}`));
const SPLIT_FORMATS: ReadonlySet<string> = new Set(SPLIT_FORMAT_NAMES);

/**
 * The names of a symbolic `format:[...]`, GFX6-11 (llvm-mc-19; held-out session 26, the unified
 * format of a kfdtest shader assembled for gfx90a): a unified name (`BUF_FMT_32_FLOAT`) first is
 * "unified format is not supported on this GPU" before GFX10; a name that is neither a unified
 * name of the processor nor a split one (`BUF_DATA_FORMAT_32`, `BUF_NUM_FORMAT_FLOAT`; case
 * counts) is "unsupported format". Not judged: GFX10-11's split pairs that name no unified format,
 * repeated or misordered names, numeric values.
 */
function checkFormatNames(items: readonly Operand[], target: AmdgpuTarget, sink: IssueSink): boolean {
  const unified = target.generation === 11 ? UNIFIED_GFX11 : UNIFIED_GFX10;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.kind !== 'word') return true;
    if (i === 0 && UNIFIED_GFX10.has(it.name) && target.generation <= 9)
      return report(sink, C.modifier, `unified format is not supported on this GPU: ${target.name} takes the split names (format:[BUF_DATA_FORMAT_..., BUF_NUM_FORMAT_...]) or format:N`, it.span);
    if ((i > 0 || !unified.has(it.name)) && !SPLIT_FORMATS.has(it.name))
      return report(sink, C.modifier, `unsupported format: '${it.name}' is no buffer format name on ${target.name}${i > 0 && unified.has(it.name) ? ' after another name' : ''}`, it.span);
  }
  // GFX10-11 read a split pair as the unified format it names (data format 8 and UNORM by default).
  if (target.generation >= 10 && items.length <= 2 && SPLIT_FORMATS.has((items[0] as { name: string }).name)) {
    let data = '8';
    let num = 'UNORM';
    for (const it of items as readonly { name: string }[]) {
      if (it.name.startsWith('BUF_DATA_FORMAT_')) data = it.name.slice(16);
      else num = it.name.slice(15);
    }
    const named = data === 'INVALID' && num === 'UNORM' ? 'BUF_FMT_INVALID' : `BUF_FMT_${data}_${num}`;
    if (!data.startsWith('RESERVED') && !num.startsWith('RESERVED') && !unified.has(named))
      return report(sink, C.modifier, `unsupported format: ${target.name} has no unified format ${named} for these names`, items[0]!.span);
  }
  return true;
}

/**
 * MUBUF/MTBUF `vaddr` (llvm-mc-19): `off` without idxen, offen and addr64; one VGPR with idxen or
 * offen; two with both, or with addr64 (GFX6-7), which goes with neither of the others. Anything
 * else at that position (an SGPR, a constant) is left to the other rules.
 */
function checkBufferVaddr(operands: readonly InstructionOperand[], f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (f.spec.family !== 'MUBUF' && f.spec.family !== 'MTBUF') return true;
  if (f.spec.family === 'MTBUF' && operands.length !== positional.length && !checkMtbufFormat(operands, f, target, sink)) return false;
  const at = f.vaddrAt;
  if (at < 0 || at >= positional.length) return true;
  let idxen = false;
  let offen = false;
  let addr64: Operand | undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind !== 'word') continue;
    if (op.name === 'idxen') {
      // (MTBUF's modifiers are not ordered by checkModifiers; idxen before offen holds there too.)
      if (offen) return report(sink, C.modifierOrder, `not a valid operand: 'idxen' must come before 'offen'`, op.span);
      idxen = true;
    } else if (op.name === 'offen') offen = true;
    else if (op.name === 'addr64') addr64 = op;
  }
  if (addr64 && (idxen || offen)) return report(sink, C.modifier, `invalid operand for instruction: addr64 goes with neither idxen nor offen`, addr64.span);
  const want = idxen && offen ? 2 : addr64 ? 2 : idxen || offen ? 1 : 0;
  const what = posWhat[at]!;
  const span = positional[at]!.span;
  const modes = idxen && offen ? 'idxen and offen' : addr64 ? 'addr64' : idxen ? 'idxen' : 'offen';
  if (want === 0) {
    if (what === What.Vgpr) return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled}'s vaddr is 'off' without idxen, offen or addr64, not a VGPR`, span);
    return true;
  }
  if (what === What.Off) return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled}'s vaddr is ${want === 1 ? 'a VGPR' : 'two VGPRs'} with ${modes}, not 'off'`, span);
  if (what === What.Vgpr && posSize[at] !== want) return report(sink, C.operandSize, `invalid operand for instruction: ${f.spec.spelled}'s vaddr is ${want === 1 ? 'one VGPR' : 'two VGPRs'} with ${modes}, not ${posSize[at]}`, span);
  return true;
}

const OP_SEL_LISTS = new Set(['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi']);
/** Whether the instruction has one of OP_SEL_LISTS as a modifier (set by checkModifiers; see checkLessCommon). */
let opSelModifier = false;

/** GFX11+'s 16-bit dot products (their src0/src1 are packed: no op_sel bit of their own). */
const DOT2_16 = /^v_dot2_(?:f16_f16|bf16_bf16)(?:_e64|_e64_dpp)?$/;
/** GFX12's fp8/bf8 dot products (integer-like packed sources: no neg_lo/neg_hi bit for src0/src1). */
const DOT4_FP8 = /^v_dot4_f32_(?:fp8|bf8)_(?:fp8|bf8)(?:_e64|_e64_dpp)?$/;

/**
 * `op_sel:[…]`, `op_sel_hi:[…]`, `neg_lo:[…]`, `neg_hi:[…]`: each number written must be 0 or 1
 * (llvm-mc-19 "invalid op_sel value."); v_permlane16/v_permlanex16 (and their _var forms) take
 * op_sel bits for src0 and src1 only ("invalid op_sel operand"); GFX11+'s v_dot2_f16_f16 and
 * v_dot2_bf16_bf16 none for src0 or src1 ("invalid op_sel operand"), GFX12's v_dot4_f32_fp8_bf8
 * family no neg_lo/neg_hi bit for them ("invalid neg_lo operand"); gfx940-942's dot products
 * (`v_dot2_f32_f16`, `v_dot4_u32_u8`, ...) no op_sel bit at all ("invalid op_sel operand", at the
 * modifier; `op_sel:[0,0,0]` taken: found by the merge review's seed-9 sweep).
 */
function checkOpSelLists(operands: readonly InstructionOperand[], mnemonic: string, target: AmdgpuTarget, sink: IssueSink): boolean {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind !== 'modifier' || op.value.kind !== 'list') continue;
    const name = lower(op.name);
    if (!OP_SEL_LISTS.has(name)) continue;
    const items = op.value.items;
    for (let j = 0; j < items.length; j++) {
      const it = items[j]!;
      if (it.kind !== 'expr') continue;
      const e = it.expr;
      const v = e.kind === 'int' ? e.value : e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int' ? -e.operand.value : undefined;
      if (v !== undefined && v !== 0n && v !== 1n) return report(sink, C.modifier, `invalid ${name} value: each element is 0 or 1, not ${v}`, it.span);
      if (v === 1n && name === 'op_sel' && target.isGfx940 && /^v_dot\d/.test(lower(mnemonic)))
        return report(sink, C.modifier, `invalid op_sel operand: ${mnemonic} takes no op_sel bit on ${target.name} (op_sel:[0,0,0] or none)`, op.span);
      if (v === 1n && j >= 2 && name === 'op_sel' && /^v_permlanex?16_(var_)?b32/.test(lower(mnemonic)))
        return report(sink, C.modifier, `invalid op_sel operand: ${mnemonic} takes op_sel bits for src0 and src1 only`, it.span);
      if (v === 1n && j < 2 && (name === 'op_sel' ? DOT2_16.test(lower(mnemonic)) : name !== 'op_sel_hi' && DOT4_FP8.test(lower(mnemonic))))
        return report(sink, C.modifier, `invalid ${name} operand: ${mnemonic} takes no ${name} bit for src0 or src1`, it.span);
    }
  }
  return true;
}

function modifierWords(bits: number): string {
  const w: string[] = [];
  if (bits & OperandModifier.NEG) w.push('neg (-x)');
  if (bits & OperandModifier.ABS) w.push('abs (|x|)');
  if (bits & OperandModifier.SEXT) w.push('sext');
  return w.join(' or ');
}

function report(sink: IssueSink, code: AmdCode, message: string, span: Span): false {
  sink({ code, message, start: span.start, length: span.end - span.start });
  return false;
}

/**
 * The rules after a form matched (false when an issue was reported). Apart from checkOne: several
 * of them are reached first late in a file (a DPP control, an image instruction), and each first
 * call from optimized code deoptimizes its caller; here that recompiles this small function only.
 */
function checkMatched(text: string, at: Span, operands: readonly InstructionOperand[], p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink, mnemonic: string): boolean {
  if (matchedCalls < WARM_CALLS) matchedCalls++;
  return (
    checkVccSource(f, count, mnemonic, at, sink) &&
    checkModifiers(operands, p, f, sink) &&
    // (A line only a DPP16 form takes needs its control: gfx90a/gfx940-942 `v_log_f32 v1, v[2:3]`,
    // whose 64-bit source only the DPP form takes, is refused by llvm-mc-19, "too few operands for
    // instruction"; with `quad_perm:[0,1,2,3]` taken.)
    (f.spec.family !== 'DPP16' || dpp16Control !== undefined || dpp8Written || checkDppOnly(p, f, count, at, sink)) &&
    (target.generation < 12 || !f.cachePolicy12 || checkCachePolicy12(operands, mnemonic, at, f, count, sink)) &&
    (target.generation >= 12 || (f.spec.family !== 'FLAT' && f.spec.family !== 'GLOBAL') || checkAtomicReturn(operands, at, f, count, target, sink)) &&
    lessCommon(text, operands, p, f, count, target, at, sink, mnemonic) &&
    (!hasTfe || checkTfeData(operands, f, sink)) &&
    // (After checkLessCommon's rules: these judge `src`/`ssrc` operands only, which no SMEM or DS
    // instruction, the last two of checkLessCommon, has, so the first issue reported is the same.)
    // (Without a float among the operands checkFloatLiterals judges nothing but a 16-bit form's
    // literals: the form's `short` known to be 0 is enough to skip it. On distinct.gfx1100.s,
    // where most literals are integers, it was called for each of them and optimized.)
    ((posLiterals === 0 && !sawTinyReal && !narrowInline) || (!sawReal && f.short === 0) || checkFloatLiterals(f, count, target, sink)) &&
    // (Single 16-bit sources of instructions not all of whose sources are 16 bits: checkShortSources.)
    ((posLiterals === 0 && !narrowInline) || f.shortOps === 0 || checkShortSources(f, count, sink)) &&
    (!narrowInline || checkNarrowInline(text, p, f, count, target, sink)) &&
    // (Two literals, or one beside a 16-bit-only inline integer, in a form without a bus limit: the lane selects' rule.)
    (f.busLimit !== 0 || (posLiterals + posOffs <= 1 && !narrowInline) || checkLaneLiterals(text, f, count, target, sink)) &&
    // (The bf16 dot products' sources: inline by bf16 values, literals by their encodings.)
    ((posLiterals === 0 && !narrowInline && !sawReal) || f.bf16 === 0 || checkBf16Sources(text, f, count, target, sink)) &&
    // (Before GFX10, a literal, 16-bit-only inline or `off` in a line matched by the unsuffixed union
    // form, or by `_e32` with modifier words: checkLiteralVia asks whether `_e32` takes it.)
    (p.literalVia === undefined || (posLiterals === 0 && !narrowInline && posOffs === 0) || (f.spec.form !== '' && (f.spec.form !== 'e32' || operands.length === count)) || checkLiteralVia(p.literalVia, operands, count, sink)) &&
    // (The bounds from matchForm: more scalar values than the limit, or two literals, may be read.)
    (f.busLimit === 0 || (matchBus + (f.implicitVcc ? 1 : 0) <= f.busLimit && matchBusLiterals < 2) || checkConstantBus(text, f, count, target, sink)) &&
    // checkRanges can refuse a FLAT/GLOBAL/SCRATCH/MUBUF/MTBUF/DS modifier (`offset:`) or SOPP's
    // immediates (the test written out: a small function of its own is one more for the optimizing
    // compiler; and no `RANGED_MODIFIER_FAMILIES.has` call, whose first call, at the first
    // instruction with a modifier, can come after this function is optimized and deoptimize it).
    ((f.spec.family !== 'SOPP' && (operands.length === count || !f.rangedModifiers)) || checkRanges(operands, f, target, sink)) &&
    // (checkBufferVaddr called for the first WARM_CALLS instructions whatever the family, so that
    // this call has type feedback from the first lines on: its first call, at the first buffer
    // instruction, came after this function was optimized on distinct.gfx1100.s and deoptimized it.)
    ((f.spec.family !== 'MUBUF' && f.spec.family !== 'MTBUF' && matchedCalls >= WARM_CALLS) || checkBufferVaddr(operands, f, target, sink))
  );
}

/**
 * Calls checkLessCommon where one of its rules may apply (about one instruction in 200 on the
 * distinct bench files), and for checkMatched's first WARM_CALLS instructions, so that the call
 * has type feedback from the first lines on (this small function is inlined into checkMatched: a call first made after
 * that is optimized deoptimizes it). checkLessCommon itself runs too rarely to be optimized, so the
 * first call of each of its rules deoptimizes nothing (it was called for every instruction and
 * compiled twice per file, 25 M instructions; docs/benchmarks.md).
 */
function lessCommon(text: string, operands: readonly InstructionOperand[], p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, at: Span, sink: IssueSink, mnemonic: string): boolean {
  if (!p.lessCommon && !doubledMinus && !opSelModifier && dpp16Control === undefined && !dpp8Written && !hasLdsDirect && posLiterals < 2 && posRelocs === 0 && posAperture === 0 && posConstant32 === 0 && !modifiedInteger && (operands.length === count || f.spec.family !== 'SMEM') && matchedCalls >= WARM_CALLS) return true;
  return checkLessCommon(text, operands, p, f, count, target, at, sink, mnemonic);
}
/**
 * checkMatched's calls so far, up to WARM_CALLS: until then it calls checkLessCommon and
 * checkBufferVaddr for every instruction (both safe to call for any), so that their call sites
 * have type feedback before it is optimized. Once was not enough: V8 allocates a function's
 * feedback vector only after its first few calls, and a call made before that records nothing
 * (on distinct.gfx1100.s the first buffer instruction, buffer_gl1_inv at line 16,469, then
 * deoptimized checkMatched, which was compiled again: 23 M instructions).
 */
let matchedCalls = 0;
const WARM_CALLS = 64;

/**
 * The rules of checkMatched that most instructions never reach, in their order there (see
 * lessCommon; a rule added here needs its condition in lessCommon's test too, or in
 * PreparedForms.lessCommon, else it is not reached). checkSmemOffset (SMEM only) comes before checkConstantBus (VALU only) and
 * checkRanges (FLAT/GLOBAL/SCRATCH, SOPP) here: no instruction meets it and either of them, so the
 * first issue reported is the same.
 */
function checkLessCommon(text: string, operands: readonly InstructionOperand[], p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, at: Span, sink: IssueSink, mnemonic: string): boolean {
  return (
    (!doubledMinus || checkDoubledMinus(text, p, f, count, target, sink)) &&
    // (First here, as it came right before this function in checkMatched. Only with an op_sel,
    // op_sel_hi, neg_lo or neg_hi modifier: called for every instruction with a modifier, it was
    // compiled by the optimizing compiler for little use; see docs/benchmarks.md, session 11.)
    (!opSelModifier || checkOpSelLists(operands, mnemonic, target, sink)) &&
    (p.required === undefined || checkRequired(operands, p, at, sink)) &&
    (!p.imageData || checkImageData(operands, f, target, sink)) &&
    (p.bufferD16 === 0 || checkBufferD16(p.bufferD16, f.spec.spelled, target, sink)) &&
    (p.image === 0 || checkImage(operands, p, count, target, at, sink)) &&
    (target.generation < 12 || !p.imageData || checkImage12(operands, count, f, sink)) &&
    ((dpp16Control === undefined && !dpp8Written) || checkDppForm(p, f, count, sink)) &&
    (dpp16Control === undefined || checkDpAluDpp(f, target, sink)) &&
    (!target.ldsDirect || !hasLdsDirect || checkLdsDirect(f, count, sink, target)) &&
    (posLiterals < 2 || !SALU_LITERAL_FAMILIES.has(f.spec.family) || checkScalarLiterals(f, count, target, sink)) &&
    (posRelocs === 0 || checkRelocatable(text, p, f, count, target, sink)) &&
    (posAperture === 0 || (checkApertureDestination(f, count, sink) && checkApertureOffset(f, count, target, sink))) &&
    ((posAperture === 0 && posConstant32 === 0) || checkConstantRegisters(f, count, sink)) &&
    (!p.scratchAddress || checkScratchAddress(f, count, target, sink)) &&
    (f.spec.family !== 'DS' || count === 0 || checkGwsData(f, target, sink)) &&
    (!p.avData || checkAvData(f, count, sink)) &&
    (f.spec.family !== 'SMEM' || operands.length === count || checkSmemOffset(operands, count, f, sink)) &&
    (!modifiedInteger || checkModifiedIntegers(p, f, count, target, sink)) &&
    (!p.macSdwa || checkMacSdwa(operands, f, sink)) &&
    (!p.interp || checkInterpConstants(f, count, sink))
  );
}

/**
 * An interpolation attribute (`attr0.x`) or slot (`p20`) written as a number (`v_interp_p1_f32 v5,
 * v0, 64`, `v_interp_mov_f32 v1, 3.14, attr0.x`, `v_interp_p2_f16 v1, v0, 1, v2`, `ds_param_load
 * v11, 0.5`) or an expression (`1+1`): llvm-mc-19 refuses it ("invalid operand for instruction"; "not a valid operand." on
 * GFX12's ds_param_load), where other symbolic positions (`s_sendmsg 1`, `exp 0, ...`) take a number.
 * Only for instructions with such an operand (PreparedForms.interp).
 */
function checkInterpConstants(f: PreparedForm, count: number, sink: IssueSink): boolean {
  for (let i = 0; i < count; i++) {
    const kind = f.ops[i]?.spec.kind;
    const what = posWhat[i];
    // (A name is judged by the statement checker, AMD544: `attr0.x`, `p20` are names, What.Expr.)
    if ((kind !== 'attr' && kind !== 'param') || (what !== What.Inline && what !== What.Literal && (what !== What.Expr || positional[i]!.kind === 'word'))) continue;
    return report(sink, C.operandKind, `invalid operand for instruction: operand ${i + 1} of ${f.spec.spelled} is an interpolation ${kind === 'attr' ? 'attribute (attr0.x to attr32.w)' : 'slot (p10, p20 or p0)'}, not a number or an expression`, positional[i]!.span);
  }
  return true;
}

/**
 * GFX8 v_mac_f32_sdwa and v_mac_f16_sdwa (or the bare mnemonic with an SDWA modifier): the
 * destination is also src2, so the whole dword is written: a `dst_sel:` other than DWORD is refused
 * (llvm-mc-19 "invalid operand for instruction", found by amddasm's seed-9 sweep:
 * `v_mac_f32_sdwa v76, v119, v148 dst_sel:BYTE_3 ...`); dst_unused and the source selects are taken.
 * GFX9 on has no SDWA form of them. Only for those mnemonics (PreparedForms.macSdwa).
 */
function checkMacSdwa(operands: readonly InstructionOperand[], f: PreparedForm, sink: IssueSink): boolean {
  for (const { operand: op } of operands) {
    if (op.kind !== 'modifier' || lower(op.name) !== 'dst_sel' || op.value.kind !== 'word' || op.value.name === 'DWORD') continue;
    return report(sink, C.modifier, `invalid operand for instruction: the SDWA form of ${f.spec.spelled.replace(/_(e32|e64|sdwa)$/, '')} writes its whole destination (also src2): dst_sel:${op.value.name} is refused, only DWORD`, op.span);
  }
  return true;
}

/**
 * An integer under `neg`/`abs` in a 64-bit floating-point source (`v_add_f64 v[0:1], neg(65),
 * v[2:3]`, `|0x12345678|`, `-|-17|`, `neg(lit(65))`): llvm-mc-19 cannot fold the modifier into an
 * integer literal the way it would be read as a double, and refuses it on every processor
 * ("invalid operand for instruction"; before GFX10 most such lines are refused as literals
 * already, but not VOP1/VOP2 written without a suffix, `v_ceil_f64 v[0:1], neg(65)`). An inline
 * value is taken: -16 to 64, or a double's inline bit pattern (`neg(0x3ff0000000000000)`); a
 * minus without bars is no modifier (`-65` is a literal, taken), nor is a float (`neg(1.5)`).
 * Only with such an operand (modifiedInteger).
 */
function checkModifiedIntegers(p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    const op = positional[i]!;
    const mods = posMods[i]! & (OperandModifier.NEG | OperandModifier.ABS);
    if (mods === 0 && op.kind !== 'call') continue;
    const o = f.ops[i + shift];
    if (o && !constantModifiersTaken(p, f, i + shift, count, op, posMods[i]!, target, sink)) return false;
    if (o && mods !== 0 && (posMods[i]! & MODS_ON_REGISTER) === 0 && (o.spec.operandModifiers & mods) !== mods && VALU_FAMILIES.has(f.spec.family) && !modifiedConstantTaken(p, f, i + shift, count, op, target, sink)) return false;
    const v = modifiedIntegerValue(op);
    if (!o || v === undefined || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc')) continue;
    if (mods !== 0 && o.spec.size === 2 && !((v >= -16n && v <= 64n) || inlineCode64(v, target.inv2Pi) !== undefined))
      return report(sink, C.operandKind, `invalid operand for instruction: operand ${i + 1} of ${f.spec.spelled} is a 64-bit float, where neg or abs around an integer that is no inline value (-16 to 64, a double's inline bits) is refused`, op.span);
    // (A 16-bit source, as checkShortLiterals judges the integers written bare.)
    if (o.spec.size === 1 && shortForm(f) && (v < -32768n || v > 65535n))
      return report(sink, C.operandKind, `invalid operand for instruction: ${v} does not fit the 16-bit operand ${i + 1} of ${f.spec.spelled} (-32768 to 65535)`, op.span);
  }
  return true;
}

/**
 * A DPP control written after a mnemonic without its suffix (`v_add_f32 v0, v1, v2
 * quad_perm:[0,1,2,3]`): llvm-mc-19 matches the operands against the DPP forms only (DPP16 with a
 * DPP16 control, DPP8 with `dpp8:`), so an operand only the VOP1/VOP2/VOP3 forms take is refused
 * ("invalid operand for instruction": `v_sin_f32 v0, s1 quad_perm:[...]`, GFX12's `v_cvt_f32_fp8
 * v0, s1 dpp8:[...]`; GFX11's "src1 immediate operand invalid for instruction": `v_add_f32 v0, v1,
 * 1.0 quad_perm:[...]`, which gfx1150 and GFX12 take); so is `_dpp` with `dpp8:`, whose VOP1/VOP2
 * DPP8 forms take no source modifier (`v_add_f32_dpp v0, -v1, v2 dpp8:[...]`). Only with a DPP control
 * (dpp16Control, dpp8Written); a form of the mnemonic without a DPP form is left to the others.
 */
function checkDppForm(p: PreparedForms, f: PreparedForm, count: number, sink: IssueSink): boolean {
  const want = dpp8Written ? 'DPP8' : 'DPP16';
  if (f.spec.family === want) return true;
  let first: PreparedForm | undefined;
  let at = -1;
  let spec = -1;
  for (const g of p.forms) {
    if (g.spec.family !== want || count < g.min || count > g.max) continue;
    matchForm(g, count);
    if (mismatch.at < 0) return true;
    if (first === undefined || mismatch.at > at) {
      first = g;
      at = mismatch.at;
      spec = mismatch.spec;
    }
  }
  if (first === undefined) return true;
  seen.what = posWhat[at]!;
  seen.size = posSize[at]!;
  return report(sink, C.operandKind, `invalid operand for instruction: with a DPP control ${first.spec.spelled} is the form, whose operand ${at + 1} is ${expected(first.ops[spec]!.spec)}, not ${whatName()}`, positional[at]!.span);
}

/**
 * gfx90a and gfx940-942: a DPP16 instruction with a 64-bit operand (DP ALU: `v_ceil_f64_dpp`,
 * `v_cvt_u32_f64 ... quad_perm:[...]`) takes row_newbcast as its only DPP control (llvm-mc-19 "DP
 * ALU dpp only supports row_newbcast"). Only called with a DPP16 control written.
 */
function checkDpAluDpp(f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (target.name !== 'gfx90a' && !target.isGfx940) return true;
  const op = dpp16Control!;
  const name = op.kind === 'modifier' || op.kind === 'word' ? lower(op.name) : '';
  if (name === 'row_newbcast' || !f.ops.some((o) => o.spec.size === 2 && (o.files & F.V) !== 0)) return true;
  return report(sink, C.modifier, `DP ALU dpp only supports row_newbcast: ${f.spec.spelled} has a 64-bit operand, and ${target.name} takes no other DPP control with one`, op.kind === 'modifier' ? op.nameSpan : op.span);
}

/**
 * A compare without its destination whose first source is `vcc`: llvm-mc-19 takes `vcc` as the
 * destination and finds the sources one short, unless src0 is 64 bits (`v_cmp_eq_u64_e32 vcc,
 * v[0:1]`: vcc is then src0, and the line is taken). (Here, not in checkOne: its first call, late
 * in a file, deoptimizes its caller.)
 */
function checkVccSource(f: PreparedForm, count: number, mnemonic: string, at: Span, sink: IssueSink): boolean {
  // (Its guard here, and the function called for every instruction, for the reason given at checkLessCommon.)
  if (!f.vccOptional || count === f.spec.maxOperands) return true;
  const first = positional[0]!;
  if (first.kind === 'word' && lower(first.name) === 'vcc' && f.ops[1]?.spec.size !== 2) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes vcc as its destination, then ${f.spec.maxOperands - 1} sources`, at);
  return true;
}

/** The families whose data registers are AV (VGPR or AGPR) on gfx90a and gfx940-942 (see prepareForm). */
const AV_DATA_FAMILIES: ReadonlySet<string> = new Set(['DS', 'FLAT', 'GLOBAL', 'SCRATCH']);
/** Their instructions whose data operand is a VGPR only (llvm-mc-19 refuses `ds_swizzle_b32 v4, a8`). */
const AV_DATA_EXCEPT: ReadonlySet<string> = new Set(['ds_swizzle_b32']);
/** A memory instruction's data register: its destination or data (not the address). */
function isAvData(o: OperandSpec): boolean {
  return o.kind === 'vdst' || o.kind === 'vdata';
}

/**
 * gfx90a and gfx940-942 DS/FLAT/GLOBAL/SCRATCH: the data registers of one instruction (an
 * atomic's return and data, ds_write2's or ds_cmpst's two data) are all VGPRs or all AGPRs
 * (llvm-mc-19 "invalid operand for instruction": `global_atomic_add v4, v[0:1], a8, off glc`,
 * `ds_add_rtn_u32 a4, v0, v8`). Reported at the first register of the other file.
 */
function checkAvData(f: PreparedForm, count: number, sink: IssueSink): boolean {
  const ops = f.ops;
  let skipReturn = count < f.spec.maxOperands;
  let file = -1;
  for (let i = 0, j = 0; i < count; i++, j++) {
    let o = ops[j];
    if (o && o.returnOnly && skipReturn) {
      skipReturn = false;
      o = ops[++j];
    }
    if (!o) return true;
    if (!isAvData(o.spec)) continue;
    const what = posWhat[i];
    if (what !== What.Vgpr && what !== What.Agpr) continue;
    if (file < 0) file = what;
    else if (what !== file) {
      return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled}'s data registers are all VGPRs or all AGPRs on gfx90a and gfx940-942; operand ${i + 1} (${o.spec.name}) is ${what === What.Agpr ? 'an AGPR' : 'a VGPR'}, an earlier one ${what === What.Agpr ? 'a VGPR' : 'an AGPR'}`, positional[i]!.span);
    }
  }
  return true;
}

/**
 * gfx90a and gfx940-942: the data register of ds_gws_init, ds_gws_sema_br and ds_gws_barrier (a
 * VGPR or AGPR) is even (llvm-mc-19 "vgpr must be even aligned").
 */
function checkGwsData(f: PreparedForm, target: AmdgpuTarget, sink: IssueSink): boolean {
  if ((target.name !== 'gfx90a' && !target.isGfx940) || !/^ds_gws_(init|sema_br|barrier)$/.test(f.spec.base)) return true;
  const op = positional[0]!;
  if (op.kind !== 'word' || !isPlainRegister(op.name) || (op.name.charCodeAt(0) | 0x20) === 115 /* s */) return true;
  if (Number(op.name.slice(1)) % 2 === 0) return true;
  return report(sink, C.operandKind, `vgpr must be even aligned: ${f.spec.base}'s data register on ${target.name} is even, not ${op.name}`, op.span);
}


/** Mnemonics with 16-bit or packed operands (not judged by checkFloatLiterals). */
const SHORT_OR_PACKED = /(?:^|_)(?:pk|[fbiu]16|bf16)(?:_|$)/;

/**
 * Floating-point literals llvm-mc-19 cannot encode ("invalid operand for instruction"): none in a
 * 64-bit integer operand (`s_mov_b64 s[0:1], 1.5`, `v_cmp_eq_u64 vcc, 1.5, v[0:1]`; an inline
 * value such as 1.0 is no literal), and in a 32-bit operand, integer or float, none that
 * overflows single precision or underflows it (a tiny result that is not exact: `v_trunc_f32 v0,
 * 1e-70`, `s_mov_b32 s0, 1e-40`, `v_mov_b32 v0, 3.5e38`). Operands of instructions with 16-bit or
 * packed operands are not judged.
 */
function checkFloatLiterals(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const base = f.spec.base;
  if (shortForm(f)) return checkShortLiterals(f, count, sink);
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Literal && posWhat[i] !== What.Inline) continue;
    const op = positional[i]!;
    const x = realOperand(op);
    if (x !== undefined && PACKED_16.test(base) && base.endsWith('_f16') && Number.isFinite(x) && Math.abs(x) >= 65520 && f.ops[i]?.spec.kind === 'src')
      return report(sink, C.operandKind, `invalid operand for instruction: ${x} overflows half precision (operand ${i + 1} of ${f.spec.spelled} is packed f16)`, op.span);
    if (x === undefined) continue;
    // (The packed f16 sources of the dot products, `v_dot2_f32_f16`'s, `v_dot2c_f32_f16`'s src0
    // and src1: a float there does not overflow half precision, `1.0e10` refused.)
    if (SHORT_OR_PACKED.test(base)) {
      const o = f.ops[i + shift];
      // (Overflow only: a tiny float, `2.3509886e-38`, is taken there as 0.)
      if (o && o.spec.size === 1 && o.spec.kind !== 'imm' && Number.isFinite(x) && Math.abs(x) >= 65520 && PACKED_SOURCE_NAMES.test(base) && literalWidth(f, o.spec) === LIT_PACKED_F16)
        return report(sink, C.operandKind, `invalid operand for instruction: ${x} overflows half precision (operand ${i + 1} (${o.spec.name}) of ${f.spec.spelled} is packed f16)`, op.span);
      continue;
    }
    const o = f.ops[i + shift];
    if (!o || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc' && (o.spec.kind !== 'imm' || o.spec.size !== 1))) continue;
    const a = Math.abs(x);
    if (o.spec.size === 2 && !base.includes('_f64') && a !== 0 && a !== 0.5 && a !== 1 && a !== 2 && a !== 4 && (!target.inv2Pi || Math.abs(a - 0.15915494309189535) > 1e-9))
      return report(sink, C.operandKind, `invalid operand for instruction: ${f.spec.spelled} operand ${i + 1} is a 64-bit integer, which takes no floating-point literal`, op.span);
    if (o.spec.size === 1) {
      const r = Math.fround(x);
      if ((!Number.isFinite(r) && Number.isFinite(x)) || (r !== x && Math.abs(r) < 2 ** -126))
        return report(sink, C.operandKind, `invalid operand for instruction: ${x} ${Number.isFinite(r) ? 'underflows' : 'overflows'} single precision (operand ${i + 1} of ${f.spec.spelled} is 32 bits)`, op.span);
    }
  }
  return true;
}

/** An integer operand's value (`0x3e22f983`, `-20`), or undefined. */
function intOperand(op: Operand): bigint | undefined {
  if (op.kind !== 'expr') return undefined;
  const e = op.expr;
  return e.kind === 'int' ? e.value : e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int' ? -e.operand.value : undefined;
}

/**
 * Whether a 32-bit integer is inline in a 64-bit floating-point source: llvm-mc-19 reads it there
 * as the high dword of the double (`v_fract_f64_e64 v[0:1], 0x3ff00000` is 1.0, inline).
 */
function inlineAsHighDword(v: bigint, inv2Pi: boolean): boolean {
  return v >= -0x80000000n && v <= 0xffffffffn && inlineCode64(BigInt.asUintN(32, v) << 32n, inv2Pi) !== undefined;
}

/**
 * An integer inline only by its 32- or 16-bit value (`0x3e22f983`, 1/(2*pi) as f32 bits;
 * `0x3f800000`) in a 64-bit source: no 64-bit inline constant, neither as the value nor as the
 * high dword of a double, so a literal there (llvm-mc-19: "literal operands are not supported"
 * where the position takes none, `v_fract_f64_e64 v[0:1], 0x3e22f983` on GFX8-9).
 */
function checkNarrowInline(text: string, p: PreparedForms, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (SALU_LITERAL_FAMILIES.has(f.spec.family)) return checkScalarLiterals(f, count, target, sink);
  if (target.generation >= 10 && NARROW_32_FAMILIES.has(f.spec.family) && !checkTypedInline(text, f, count, target, sink)) return false;
  if (f.spec.family === 'VOP3P' && PACKED_16.test(f.spec.base)) return checkPackedInline(f, count, target, true, sink);
  if (MADAK_32.test(f.spec.base)) return checkMadakNarrow(f, count, target, sink);
  if (f.spec.family === 'MUBUF' || f.spec.family === 'MTBUF') return checkBufferSoffsetNarrow(f, count, target, sink);
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  if (NARROW_32_FAMILIES.has(f.spec.family) && !checkNarrow32(text, p, f, count, shift, target, sink)) return false;
  // (The packed 32-bit VOP3P sources, two dwords each read as 32 bits: `v_pk_mul_f32 v[0:1],
  // v[2:3], 0x3e22f983` is inline on gfx90a, `0x3c00` is not; the dot products' sources.)
  if (f.spec.family === 'VOP3P') return MIX_FMA.test(f.spec.base) || checkPackedInline(f, count, target, false, sink);
  if (f.spec.family === 'MFMA' && !checkMfmaNarrow(f, count, target, sink)) return false;
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i + shift];
    if (!o || o.spec.size !== 2 || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc') || (o.files & F.LITERAL) !== 0) continue;
    const v = intOperand(positional[i]!);
    // (In a double the high dword: 0x3ff00000 is 1.0; in a 64-bit integer the value itself.)
    if (v === undefined || (v >= -16n && v <= 64n) || inlineCode64(v, target.inv2Pi) !== undefined || (f.spec.base.includes('_f64') && inlineAsHighDword(v, target.inv2Pi))) continue;
    // Another form of the mnemonic that takes a literal there with these operands (a compare's
    // `_e32` with `vcc`) is the one llvm-mc-19 picks.
    const what = posWhat[i]!;
    posWhat[i] = What.Literal;
    const taken = p.forms.some((g) => g !== f && count >= g.min && count <= g.max && !unionForm(p, g) && matches(g, count) && checkConstantBus(text, g, count, target, NO_SINK));
    posWhat[i] = what;
    matchForm(f, count);
    if (taken) continue;
    return report(sink, C.literalNotSupported, `literal operands are not supported: the integer is inline only as 32 or 16 bits; operand ${i + 1} of ${f.spec.spelled} is 64 bits, where it is a literal, which the position does not take`, refusedLiteralSpan(f, count, target, positional[i]!.span));
  }
  return true;
}

/**
 * MFMA's accumulator source (srcC, four or more dwords, gfx908-gfx942): each dword a 32-bit value,
 * inline only as a 32-bit inline constant; an integer inline only as 16 bits (`0x3c00`, `0xffff`,
 * `65535`, `0x3118`) is a literal, which srcC does not take (llvm-mc-19 "invalid operand for
 * instruction": `v_mfma_f32_4x4x1f32 v[0:3], v1, v2, 0x3c00`; `0x3f800000`, `1.0` taken). Its
 * 64-bit srcC (`v_mfma_f64_*`) is checkNarrowInline's.
 */
function checkMfmaNarrow(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const f64 = f.spec.base.includes('f64');
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i];
    if (!o || o.spec.kind !== 'src' || o.spec.size < 2) continue;
    if (f64) {
      // (The f64 ones' srcC holds doubles: inline only as a 64-bit inline value, not as a double's
      // high dword, `0x3ff00000` and `0x3f800000` refused.)
      const v = intOperand(positional[i]!);
      if (v === undefined || inlineCode64(v, target.inv2Pi) !== undefined) continue;
      return report(sink, C.operandKind, `invalid operand for instruction: the integer is inline only as 32 or 16 bits; operand ${i + 1} (${o.spec.name}) of ${f.spec.spelled} holds 64-bit values, where it is a literal, which the position does not take`, positional[i]!.span);
    }
    if (o.spec.size === 2 || narrowInlineBits(positional[i]!, target) === undefined) continue;
    return report(sink, C.operandKind, `invalid operand for instruction: the integer is inline only as 16 bits; operand ${i + 1} (${o.spec.name}) of ${f.spec.spelled} holds 32-bit values, where it is a literal, which the position does not take`, positional[i]!.span);
  }
  return true;
}

/**
 * src1 of the instructions read by its low 16 bits (TRUNCATED16_SRC1_NAMES, `v_ldexp_f16 v1, v2,
 * 65536`), its third operand: GFX8-GFX10 an integer there whose low 16 bits are inline (an f16
 * inline value or -16 to 64) is inline, whatever its high bits (llvm-mc-19 takes `v_ldexp_f16_e64
 * v10, v12, 65536` on gfx803-gfx942, where VOP3 takes no literal); GFX11+ an integer that does
 * not fit 16 bits is refused.
 */
function checkTruncatedSource(mnemonic: string, operands: readonly InstructionOperand[], target: AmdgpuTarget, sink: IssueSink): boolean {
  // (Not in SDWA, whose src1 is read as 32 bits: `v_ldexp_f16_sdwa v10, v12, 0x3c00` is refused;
  // a line with a modifier is left as it was classified.)
  if (positional.length !== 3 || operands.length !== 3 || lower(mnemonic).endsWith('_sdwa')) return true;
  const op = positional[2]!;
  const v = intOperand(op);
  if (v === undefined || v < -0x80000000n || v > 0xffffffffn) return true;
  if (target.generation >= 11) {
    if (v >= -32768n && v <= 65535n) return true;
    return report(sink, C.operandKind, `operands are not valid for this GPU or mode: the exponent, src1 of v_ldexp_f16, is 16 bits on ${target.name}; ${v} does not fit them`, op.span);
  }
  const what = posWhat[2];
  const inline = inlineCode16(Number(v & 0xffffn), target.inv2Pi) !== undefined;
  if (what === What.Literal && inline) {
    posWhat[2] = What.Inline;
    posLiterals--;
  } else if (what === What.Inline && !inline) {
    posWhat[2] = What.Literal;
    posLiterals++;
  }
  return true;
}

/**
 * Whether source `name` of an instruction whose name has a 16-bit type is read as 32 bits
 * (data/source-types.ts): all of them where the last type is 32 bits or the name is one of
 * ALL_32_NAMES, src1 of SRC1_32_NAMES, src2 of SRC2_32_NAMES.
 */
function wide32Source(base: string, name: string): boolean {
  if (LAST_TYPE_32.test(base) || ALL_32_NAMES.test(base)) return !shortSource(base, name, '');
  // (`src1`, SDWA's `vsrc1`.)
  const d = name.charCodeAt(name.length - 1);
  return d === 50 /* 2 */ ? SRC2_32_NAMES.test(base) : d === 49 /* 1 */ && SRC1_32_NAMES.test(base);
}

/** Whether a 16-bit integer's sign extension is an inline integer (-16 to 64: `0xffff` is -1). */
function inlineIntCode16(v: number): boolean {
  const x = (v << 16) >> 16;
  return x >= -16 && x <= 64;
}

/** The VALU families whose 32-bit sources checkNarrow32 judges. */
const NARROW_32_FAMILIES = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SDWA']);

/**
 * An integer inline only as 16 bits (`0xffff`, `0x3c00`; `0x3118` with 1/(2*pi)) in a 32-bit VALU
 * source (not a 16-bit one, shortSource) is a literal there (llvm-mc-19: "literal operands are not
 * supported" in `v_fma_f32 v1, v2, 0x3c00, v3` and `v_cmp_lt_f32_e64 s[0:1], v5, 0x3c00` before
 * GFX10, and in `v_cndmask_b32_e32 v6, 0x3c00, v6, vcc` on gfx900, where llvm-mc-19 says "invalid
 * operand (violates constant bus restrictions)"; that in `v_cndmask_b32_e64 v4, s15, 0x3c00, s23`
 * on gfx1030; "only one unique literal operand is allowed"
 * beside another literal). Such operands become What.Literal, and the constant bus and literal
 * count are judged again (checkConstantBus). Where another form of the mnemonic takes a literal
 * there (a compare's `_e32`), llvm-mc-19 picks that one.
 */
function checkNarrow32(text: string, p: PreparedForms, f: PreparedForm, count: number, shift: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  // (Not the instructions of 16-bit values, whose 32-bit sources llvm-mc-19's classes do not
  // follow the name: `v_cvt_pknorm_i16_f16`'s src1 and GFX10's `v_ldexp_f16_sdwa`'s src1 take `0xffff`.)
  // Before GFX10, the integer ones (`v_add_u16`, `v_cmp_eq_i16`, `v_mad_u32_u16`, `v_cvt_pk_i16_i32`)
  // read these integers as literals in every source, 16-bit or not (`v_add_u16_e64 v1, 0xffff,
  // v2`, `v_mad_u16 v1, v2, 0x3c00, v3` refused; their f16 ones take them: `v_add_f16_e64 v1,
  // 0xffff, v2`).
  const base = f.spec.base;
  const int16 = base.includes('16');
  // (Not their SDWA forms, which take `0xffff` on GFX9: `v_add_u16_sdwa v1, 0xffff, v2`.)
  const fam = f.spec.family;
  const skip = int16 ? target.generation >= 10 || base.includes('f16') || fam === 'VOP3P' || fam === 'SDWA' : shortForm(f);
  // But the 32-bit sources of names with a 16-bit type (`v_cvt_pkrtz_f16_f32`'s, the class
  // compares' mask: wide32Source) before GFX10 and in SDWA (`v_cvt_pkrtz_f16_f32 v1, 0x3c00, v2`,
  // `v_cmp_class_f16 vcc, 0.5, 0x3c00`, `v_cmp_class_f16_sdwa vcc, v12, 0x3c00` refused on
  // gfx803-gfx942), and the 16-bit integer sources of SDWA (sdwa16, SDWA_SRC1_I16_NAMES' src1), inline there only as a
  // 16-bit integer of -16 to 64 (`0xffff` taken; `0x3c00`, `0x3f800000` refused: `v_sub_u16_sdwa
  // v10, v12, 0x3c00` on gfx900).
  const wide = skip && int16 && fam !== 'VOP3P' && (target.generation < 10 || fam === 'SDWA');
  const sdwa16 = int16 && fam === 'SDWA' && !FLOAT16_SOURCE_NAMES.test(base);
  if (skip && !wide) return true;
  let refused = -1;
  let changed = false;
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i + shift];
    // (SDWA's src1 is a `vsrc` that takes inline constants on GFX9-10.)
    if (!o || o.spec.size !== 1 || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc' && (o.spec.kind !== 'vsrc' || (o.files & F.INLINE) === 0))) continue;
    // (The packed sources of the VOP2/VOP3 dot products before GFX10, `v_dot2c_f32_f16`'s src0 and
    // src1 on gfx90a-gfx942: inline as VOP3P's packed 16-bit sources, `0xffff`, `0x3f800000` literals.)
    if (fam !== 'VOP3P' && PACKED_SOURCE_NAMES.test(base) && literalWidth(f, o.spec) === LIT_PACKED_F16) {
      const v = intOperand(positional[i]!);
      if (v === undefined || packedInline(v, true, target)) continue;
    } else if (skip && !wide32Source(base, o.spec.name)) {
      if (!sdwa16 && !(fam === 'SDWA' && o.spec.name.endsWith('1') && SDWA_SRC1_I16_NAMES.test(base))) continue;
      const v = intOperand(positional[i]!);
      if (v === undefined || (v >= -32768n && v <= 65535n && inlineIntCode16(Number(v)))) continue;
    } else if (!skip && !int16 && shortSource(base, o.spec.name, fam)) continue;
    else if (narrowInlineBits(positional[i]!, target) === undefined) continue;
    posWhat[i] = What.Literal;
    changed = true;
    if (refused < 0 && (o.files & F.LITERAL) === 0) refused = i;
  }
  if (!changed) return true;
  if (refused < 0) {
    matchForm(f, count);
    return checkConstantBus(text, f, count, target, sink);
  }
  // Another form of the mnemonic that takes the literal, and the constant bus with it (a
  // compare's `_e32`), is the one llvm-mc-19 picks.
  const taken = p.forms.some((g) => g !== f && count >= g.min && count <= g.max && !unionForm(p, g) && matches(g, count) && checkConstantBus(text, g, count, target, NO_SINK));
  matchForm(f, count);
  if (taken) return true;
  return report(sink, C.literalNotSupported, `literal operands are not supported: the integer is inline only as 16 bits; operand ${refused + 1} of ${f.spec.spelled} is 32 bits, where it is a literal, which no form of the instruction takes there with these operands`, positional[refused]!.span);
}
const NO_SINK: IssueSink = () => {};

/**
 * MUBUF/MTBUF soffset (GFX6-11): an integer inline only as 16 bits (`0x3c00`, `0xffff`, `65535`,
 * `0x3118`) is a literal in this 32-bit position, which takes none (llvm-mc-19 "invalid operand for
 * instruction": `buffer_load_dword v1, off, s[0:3], 0x3c00 offset:4`; `0x3f000000`, `0.5`, `-16`,
 * `0x3e22f983` from GFX8 taken). Called where an integer was classified inline by 16 or 32 bits
 * only (checkNarrowInline).
 */
function checkBufferSoffsetNarrow(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline || f.ops[i]?.spec.kind !== 'soffset') continue;
    if (narrowInlineBits(positional[i]!, target) === undefined) continue;
    return report(sink, C.operandKind, `invalid operand for instruction: the integer is inline only as 16 bits; ${f.spec.spelled}'s soffset is 32 bits, where it is a literal, which the position does not take`, positional[i]!.span);
  }
  return true;
}

/**
 * Before GFX10, a literal in an instruction written without a suffix is taken in its `_e32` form
 * only: with a source that form does not take (a constant or an SGPR in src1, a source modifier
 * on a register, a compare's SGPR destination) or a modifier (`clamp`, `mul:2`, an SDWA select),
 * llvm-mc-19 picks the VOP3 or SDWA form, which takes no literal ("literal operands are not
 * supported": `v_add_f32 v1, 0x1234, 4`, `v_add_f16 v1, -17, abs(v2)`, `v_add_f32 v1, 0x1234, v2
 * clamp` on gfx803-gfx942). The table's unsuffixed form is the union of the forms, one operand at a
 * time: it takes each of these alone. (PreparedForms.literalVia; the match of `f` is kept.)
 */
function checkLiteralVia(via: readonly PreparedForm[], operands: readonly InstructionOperand[], count: number, sink: IssueSink): boolean {
  let lit = -1;
  // (`off` here is a symbol: a literal, see offSymbols.)
  for (let i = count - 1; i >= 0 && lit < 0; i--) if (posWhat[i] === What.Literal || posWhat[i] === What.Off) lit = i;
  if (lit < 0) return true;
  const bus = matchBus;
  const busLiterals = matchBusLiterals;
  let fits = false;
  if (operands.length === count) for (let k = 0; k < via.length && !fits; k++) fits = count >= via[k]!.min && count <= via[k]!.max && matches(via[k]!, count);
  matchBus = bus;
  matchBusLiterals = busLiterals;
  if (fits) return true;
  return report(sink, C.literalNotSupported, `literal operands are not supported: ${via[0]!.spec.spelled}, the one form that takes a literal before GFX10, does not take these operands${operands.length === count ? '' : ' and modifiers'}; the others are VOP3, SDWA or DPP`, positional[lit]!.span);
}

/** The unsuffixed form before GFX10, a union of the others one operand at a time: no witness that a literal is taken (checkLiteralVia judges it). */
function unionForm(p: PreparedForms, g: PreparedForm): boolean {
  return p.literalVia !== undefined && g.spec.form === '';
}

/** Whether form `g` matches the operands (matchForm; the caller restores its own form's match after). */
function matches(g: PreparedForm, count: number): boolean {
  matchForm(g, count);
  return mismatch.at < 0;
}

/** The 32-bit VOP2 instructions with a K literal (`v_madak_f32`, `v_madmk_f32`, `v_fmaak_f32`, `v_fmamk_f32`). */
const MADAK_32 = /^v_(?:mad|fma)(?:ak|mk)_f32$/;

/**
 * madak/madmk/fmaak/fmamk (f32): an integer source inline only as 16 bits (`0xffff`, `0x3c00`,
 * `0x3118` with 1/(2*pi)) is a literal in their 32-bit source, so a second one beside a K of other
 * 32 bits (llvm-mc-19, GFX6-9 madak/madmk, GFX9.4/GFX10-12 fmaak/fmamk: "only one unique literal
 * operand is allowed" for `v_madak_f32 v1, 0xffff, v2, 0x12345678`, `v_madak_f32 v1, 0xffff, v2,
 * -1`, `v_fmaak_f32 v1, 0x3c00, v2, 1.0`; `v_madak_f32 v1, 0xffff, v2, 65535` and
 * `v_madmk_f32 v1, 0xffff, 0xffff, v2` taken). K is compared by its encoded 32 bits (an integer's
 * low 32, a float's single-precision bits); a K written as an expression is left unjudged.
 * Called where an integer was classified inline by 16 or 32 bits only (checkNarrowInline).
 */
function checkMadakNarrow(f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  let k: bigint | undefined;
  for (let i = 0; i < count; i++) {
    if (f.ops[i]?.spec.kind !== 'imm') continue;
    const op = positional[i]!;
    const v = intOperand(op);
    if (v !== undefined) {
      if (v < -0x80000000n || v > 0xffffffffn) return true;
      k = BigInt.asUintN(32, v);
    } else {
      const x = realOperand(op);
      if (x === undefined) return true;
      k = BigInt(f64ToF32Bits(x));
    }
  }
  if (k === undefined) return true;
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i];
    if (!o || o.spec.kind !== 'src' || o.spec.size !== 1) continue;
    const bits = narrowInlineBits(positional[i]!, target);
    if (bits === undefined || bits === k) continue;
    return report(sink, C.uniqueLiteral, `only one unique literal operand is allowed: ${f.spec.spelled} has two different literals (an integer inline only as 16 bits is a literal in its 32-bit source, beside K)`, positional[i]!.span);
  }
  return true;
}

/** SOP2 `_f16` arithmetic whose sources are 16-bit floats (not s_fmamk_f16/s_fmaak_f16, whose K is the literal). */
const F16_SOP2_INLINE = /^s_(?!fmamk|fmaak)\w+_f16$/;

/** The packed 16-bit instructions (`v_pk_add_f16`, `v_pk_mad_u16`; not `v_pk_fma_f32`, `v_pk_mov_b32`). */
const PACKED_16 = /^v_pk_\w*_(?:f16|i16|u16|b16)$/;

/**
 * Packed 16-bit sources (VOP3P): llvm-mc-19 reads an integer there as 32 bits, inline only as an
 * integer of -16 to 64 (sign-extended: `-1`, `0xffffffff`) or, on the f16 instructions, the bits
 * of an f16 inline value in the low half (`0x3c00`), on the integer ones those of an f32 inline value
 * (`0x3f800000`). Anything else (`0xffff`, `65535`: inline as a 16-bit -1 elsewhere) is a literal,
 * refused where the position takes none (VOP3P before GFX10: "literal operands are not supported").
 * `all16`: every source is packed 16 bits (`v_pk_add_f16`); otherwise (the other VOP3P, not the
 * mixed-precision FMAs) the packed 16-bit sources are the dot products' src0 and src1 whose names
 * say 16 bits (`v_dot2_f32_f16`, `v_dot2_i32_i16`; shortSource), and the rest, 32-bit sources
 * (their src2) and the packed 32-bit ones (`v_pk_fma_f32`, read as 32 bits), take an integer inline
 * only as 16 bits (`0x3c00`, `0xffff`, `0x3118`) as a literal (llvm-mc-19 on gfx90a, gfx942:
 * `v_pk_add_f32 v[0:1], 0x3c00, v[0:1]`, `v_dot2_f32_f16 v0, v1, v2, 0xffff` refused).
 * Called where an integer was classified inline by 16 or 32 bits only (checkNarrowInline).
 */
function checkPackedInline(f: PreparedForm, count: number, target: AmdgpuTarget, all16: boolean, sink: IssueSink): boolean {
  const base = f.spec.base;
  const float = base.endsWith('_f16');
  // (The other 32-bit sources of 16-bit-free names checkNarrow32 judged.)
  const int16 = base.includes('16');
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i];
    if (!o || o.spec.kind !== 'src' || (o.files & F.LITERAL) !== 0) continue;
    if (!all16 && (o.spec.size === 2 || (int16 && !shortSource(base, o.spec.name, f.spec.family)))) {
      if (narrowInlineBits(positional[i]!, target) === undefined) continue;
      return report(sink, C.literalNotSupported, `literal operands are not supported: the integer is inline only as 16 bits; operand ${i + 1} of ${f.spec.spelled} is read as 32 bits, where it is a literal, which the position does not take`, positional[i]!.span);
    }
    if (o.spec.size !== 1 || (!all16 && !int16)) continue;
    const v = intOperand(positional[i]!);
    if (v === undefined || v < -0x80000000n || v > 0xffffffffn || packedInline(v, float, target)) continue;
    return report(sink, C.literalNotSupported, `literal operands are not supported: ${v} is no inline constant in the packed 16-bit operand ${i + 1} of ${f.spec.spelled} (a literal, which the position does not take)`, positional[i]!.span);
  }
  return true;
}

/** Whether an integer (-2^31 to 2^32-1) is inline in a packed 16-bit source (checkPackedInline), of f16 values if `float`. */
function packedInline(v: bigint, float: boolean, target: AmdgpuTarget): boolean {
  if (v < -0x80000000n || v > 0xffffffffn) return false;
  const signed = Number(BigInt.asIntN(32, v));
  if (signed >= -16 && signed <= 64) return true;
  const bits = signed >>> 0;
  // (An f16 pattern, not the 16-bit integers: 0xffff is no -1 here.)
  const low = (bits << 16) >> 16;
  return float ? bits <= 0xffff && (low < -16 || low > 64) && inlineCode16(bits, target.inv2Pi) !== undefined : inlineCode32(bits, target.inv2Pi) !== undefined;
}

/**
 * Whether a form's sources are 16 bits (PreparedForm.short, set on first use): the instructions
 * SHORT_SOURCES names, and the mixed-precision FMAs (`v_fma_mix_f32`, `v_fma_mixlo_f16`,
 * `v_mad_mix_f32`), whose sources llvm-mc-19 reads as 16-bit floats whatever op_sel_hi says
 * (`0x12345678`, `0x3f800000`, `1.0e10`, `6.0e-5` refused; `0x3c00`, `0.1` taken).
 */
function shortForm(f: PreparedForm): boolean {
  const base = f.spec.base;
  if (f.short < 0) f.short = (SHORT_SOURCES.test(base) && !SHORT_EXCEPT.test(base)) || MIX_FMA.test(base) ? 1 : 0;
  return f.short === 1;
}
const MIX_FMA = /^v_(?:fma|mad)_mix(?:lo|hi)?_f(?:16|32)$/;

/** Instructions whose sources are all 16 bits (by the type their name ends in), the packed and mixed ones and those with a 32-bit source (class masks, ldexp exponents) aside. */
const SHORT_SOURCES = /^v_[a-z0-9_]*_(?:f16|i16|u16|b16)$/;
const SHORT_EXCEPT = /_pk_|^v_pk_|_mix|class|ldexp|_dot|v_cvt_pk|v_interp|sad|v_cvt_.*_(?:f32|i32|u32)_|_f32_|_b32_|_u32_|_i32_/;

/**
 * 16-bit sources and K (checkFloatLiterals' caller: literals written): an integer literal fits 16 bits,
 * -32768 to 65535, and a floating-point one half precision, neither overflowing nor underflowing
 * it (f16; llvm-mc-19 "invalid operand for instruction": `v_add_f16 v1, 0x10000, v2`,
 * `v_add_f16 v1, 123456.0, v2`, `v_add_f16 v1, 1e-5, v2`).
 */
function checkShortLiterals(f: PreparedForm, count: number, sink: IssueSink): boolean {
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    // (Inline too: `0x3f800000` is inline as f32 bits only.)
    if (posWhat[i] !== What.Literal && posWhat[i] !== What.Inline) continue;
    const o = f.ops[i + shift];
    // (And the K of v_madak_f16/v_madmk_f16/v_fmaak_f16/v_fmamk_f16, 16 bits too: `0xfa047617` is refused there.)
    // (And SDWA's src1, a `vsrc` that takes inline constants on GFX9-10: `v_add_f16_sdwa v10, v12, 0x3f800000` is refused.)
    if (!o || o.spec.size !== 1 || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc' && o.spec.kind !== 'imm' && (o.spec.kind !== 'vsrc' || (o.files & F.INLINE) === 0))) continue;
    if (!shortOperandFits(f, i, sink)) return false;
  }
  return true;
}

/** Whether positional operand `i`, a constant in a 16-bit source, fits it (else reported: checkShortLiterals). */
function shortOperandFits(f: PreparedForm, i: number, sink: IssueSink): boolean {
  const op = positional[i]!;
  const v = intOperand(op);
  if (v !== undefined) {
    if (v >= -32768n && v <= 65535n) return true;
    return report(sink, C.operandKind, `invalid operand for instruction: ${v} does not fit the 16-bit operand ${i + 1} of ${f.spec.spelled} (-32768 to 65535)`, op.span);
  }
  // (A float is read as half precision in the integer 16-bit sources too: `v_add_nc_i16 v0,
  // 1.0e10, v1`, `v_add_u16 v0, 6.0e-5, v1` are refused, `0.1` taken.)
  // Half precision's largest finite value is 65504 (from 65520 on a value rounds to infinity); below
  // 2^-14 an f16 is subnormal, refused where that loses the value (`6.0e-5`, `3.0e-8`; 0 is exact).
  const x = realOperand(op);
  if (x !== undefined && Number.isFinite(x) && !convertFloat(x, 16).ok)
    return report(sink, C.operandKind, `invalid operand for instruction: ${x} ${Math.abs(x) >= 65520 ? 'overflows' : 'underflows'} half precision (operand ${i + 1} of ${f.spec.spelled} is 16 bits)`, op.span);
  return true;
}

/**
 * The positions of a form's sources read as single 16-bit values (PreparedForm.shortOps, set on
 * first use): shortSource's, but not those read packed (data/source-types.ts), nor in VOP3P, nor of
 * the names no rule here judges; 0 for the forms all of whose sources are 16 bits (shortForm:
 * checkShortLiterals judges those).
 */
function shortOps(f: PreparedForm): number {
  if (f.shortOps >= 0) return f.shortOps;
  const base = f.spec.base;
  const fam = f.spec.family;
  let mask = 0;
  const both = SINGLE16_SRC01_NAMES.test(base);
  if (DOT_F16_NAMES.test(base)) {
    for (let j = 0; j < f.ops.length && j < 31; j++) if (f.ops[j]!.spec.name === 'src2') mask |= 1 << j;
  } else if (!shortForm(f) && fam !== 'VOP3P' && (both || !PACKED_SOURCE_NAMES.test(base)) && !SOURCE_TYPES_UNJUDGED.test(base))
    for (let j = 0; j < f.ops.length && j < 31; j++) {
      const s = f.ops[j]!.spec;
      if ((s.kind === 'src' || s.kind === 'ssrc') && s.size === 1 && (both ? s.name === 'src0' || s.name === 'src1' : shortSource(base, s.name, fam))) mask |= 1 << j;
    }
  f.shortOps = mask;
  return mask;
}

/**
 * 16-bit sources of the instructions whose other sources or result are not 16 bits (conversions
 * from f16/i16/u16, `v_ldexp_f16`'s and the `_class_f16` compares' src0, `v_mad_u32_u16`'s src0
 * and src1, GFX12's scalar `_f16` ones): a constant fits 16 bits as checkShortLiterals says
 * (llvm-mc-19 "invalid operand for instruction": `v_ldexp_f16 v1, 0x12345678, v3` on gfx90a,
 * `v_cvt_f32_f16 v1, 0x3f800000` (inline as f32 bits only), `s_cmp_lt_f16 0x3456, 0x3e22f983` on
 * gfx1201; `0x3c00`, `-32768`, `65535` taken). Called where a literal or a 16/32-bit-only inline
 * integer was seen.
 */
function checkShortSources(f: PreparedForm, count: number, sink: IssueSink): boolean {
  const mask = shortOps(f);
  if (mask === 0) return true;
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    if ((posWhat[i] !== What.Literal && posWhat[i] !== What.Inline) || ((mask >>> (i + shift)) & 1) === 0) continue;
    if (!shortOperandFits(f, i, sink)) return false;
  }
  return true;
}

/**
 * GFX10+: an integer llvm-mc-19 reads as inline under some operand size but not under the one of
 * its source, in a position that takes a literal, is a literal there, counted on the constant bus
 * and among the instruction's literals ("only one unique literal operand is allowed": `v_fma_f64
 * v[6:7], v[6:7], 0x3c00, 0x3fe80000`, `v_add_nc_u16 v5, 0x1234, 0x3c00`, `v_pk_add_f16 v5,
 * 0xffff, 0x3f717273`; "invalid operand (violates constant bus restrictions)": `v_lshlrev_b64
 * v[5:6], s0, 0x3c00`, `v_dot2_f32_f16 v10, s1, s5, 0x3c00` on gfx1030-gfx1201). Inline in a
 * 64-bit source: a 64-bit inline value (in a double also as its high dword); in a packed 16-bit
 * one: as checkPackedInline says; in a single 16-bit one (shortOps): -16 to 64, and in an f16 one
 * (data/source-types.ts) an f16 inline value's bits; in a 32-bit one: an f32 inline value's bits.
 * (Before GFX10 the positions that take such an integer as a literal are few: checkNarrow32 and
 * checkLiteralVia judge those lines.)
 */
function checkTypedInline(text: string, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const base = f.spec.base;
  if (SOURCE_TYPES_UNJUDGED.test(base)) return true;
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  const fam = f.spec.family;
  const all16 = fam === 'VOP3P' && PACKED_16.test(base);
  const mask = shortOps(f);
  let changed = false;
  for (let i = 0; i < count; i++) {
    if (posWhat[i] !== What.Inline) continue;
    const o = f.ops[i + shift];
    if (!o || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc') || (o.files & F.LITERAL) === 0) continue;
    const v = intOperand(positional[i]!);
    if (v === undefined || (v >= -16n && v <= 64n)) continue;
    let inline: boolean;
    if (o.spec.size === 2) inline = inlineCode64(v, target.inv2Pi) !== undefined || (base.includes('_f64') && inlineAsHighDword(v, target.inv2Pi));
    else if (o.spec.size !== 1) continue;
    else if (all16 || (fam === 'VOP3P' && shortSource(base, o.spec.name, fam)) || (o.spec.name !== 'src2' && DOT_F16_NAMES.test(base))) inline = packedInline(v, base.endsWith('_f16'), target);
    else if (((mask >>> (i + shift)) & 1) !== 0 || shortForm(f)) inline = v >= -32768n && v <= 65535n && FLOAT16_SOURCE_NAMES.test(base) && inlineCode16(Number(BigInt.asUintN(16, v)), target.inv2Pi) !== undefined;
    else if (LAST_TYPE_16.test(base) && !wide32Source(base, o.spec.name)) continue;
    else inline = narrowInlineBits(positional[i]!, target) === undefined;
    if (inline) continue;
    posWhat[i] = What.Literal;
    changed = true;
  }
  if (!changed) return true;
  matchForm(f, count);
  return checkConstantBus(text, f, count, target, sink);
}

/**
 * The bf16 dot products' sources (data/source-types.ts, BF16_DOT_NAMES; GFX11+): an integer in a
 * packed bf16 source (src0, src1) is inline as -16 to 64 or a bf16 inline value's bits, nothing
 * else (`0x3f80` inline, `0x3c00`, `0xffff` literals); in `v_dot2_bf16_bf16`'s src2, a single
 * bf16, it fits 16 bits (-32768 to 65535; "invalid operand for instruction") and is inline as -16
 * to 64 after sign extension or a bf16 inline value's bits; in `v_dot2_f32_bf16`'s src2 as a
 * 32-bit source. A float fits half precision in `v_dot2_bf16_bf16`'s src2 and does not overflow it
 * in its packed sources, and fits single precision in `v_dot2_f32_bf16`'s packed sources (their 32-bit src2 is checkFloatLiterals'). Then the literals
 * are counted again (checkConstantBus, literalWidth: packed literals by 32 bits, floats by their
 * bf16 bits).
 */
function checkBf16Sources(text: string, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  const base = f.spec.base;
  if (f.bf16 < 0) f.bf16 = BF16_DOT_NAMES.test(base) ? 1 : 0;
  if (f.bf16 === 0) return true;
  const single2 = BF16_SINGLE_SRC2_NAMES.test(base);
  const shift = f.vccOptional && count < f.spec.maxOperands ? 1 : 0;
  for (let i = 0; i < count; i++) {
    const what = posWhat[i];
    if (what !== What.Inline && what !== What.Literal) continue;
    const o = f.ops[i + shift];
    if (!o || (o.spec.kind !== 'src' && o.spec.kind !== 'ssrc' && o.spec.kind !== 'vsrc') || o.spec.size !== 1) continue;
    const op = positional[i]!;
    const src2 = o.spec.name.endsWith('2');
    const x = realOperand(op);
    if (x !== undefined) {
      if (src2 && !single2) continue;
      // (In `v_dot2_bf16_bf16` half precision, in its packed sources overflow only: `1.0e-10`,
      // `2.3509886e-38` are taken in src0, refused in src2.)
      const half = single2;
      const ok = !Number.isFinite(x) || (half ? (src2 ? convertFloat(x, 16).ok : Math.abs(x) < 65520) : convertFloat(x, 32).ok);
      if (!ok) return report(sink, C.operandKind, `invalid operand for instruction: ${x} does not fit ${half ? 'half' : 'single'} precision, the range of operand ${i + 1} (${o.spec.name}) of ${f.spec.spelled}`, op.span);
      continue;
    }
    const v = intOperand(op);
    if (v === undefined) continue;
    let inline: boolean;
    if (src2 && !single2) inline = (v >= -16n && v <= 64n) || (v >= -0x80000000n && v <= 0xffffffffn && inlineCode32(Number(BigInt.asUintN(32, v)), target.inv2Pi) !== undefined);
    else if (src2) {
      if (v < -32768n || v > 65535n) return report(sink, C.operandKind, `invalid operand for instruction: ${v} does not fit 16 bits, operand ${i + 1} (src2) of ${f.spec.spelled}, a single bf16`, op.span);
      inline = inlineCodeBF16(Number(BigInt.asUintN(16, v)), target.inv2Pi) !== undefined;
    } else {
      // (By its 32 bits: `0xfffffff0` is -16.)
      const n = v >= -0x80000000n && v <= 0xffffffffn ? Number(BigInt.asIntN(32, v)) : 0x10000;
      inline = (n >= -16 && n <= 64) || (n >= 0 && n <= 0xffff && !inlineIntCode16(n) && inlineCodeBF16(n, target.inv2Pi) !== undefined);
    }
    if (inline === (what === What.Inline)) continue;
    posWhat[i] = inline ? What.Inline : What.Literal;
    posLiterals += inline ? -1 : 1;
  }
  matchForm(f, count);
  return checkConstantBus(text, f, count, target, sink);
}

/**
 * The lane selects of `v_permlane16_b32`/`v_permlanex16_b32` (LANE_SELECT_LITERAL_NAMES): one
 * unique literal, each read as 32 bits (an integer inline only as 16 bits is a literal); llvm-mc-19
 * "only one unique literal operand is allowed" at the second.
 */
function checkLaneLiterals(text: string, f: PreparedForm, count: number, target: AmdgpuTarget, sink: IssueSink): boolean {
  if (!LANE_SELECT_LITERAL_NAMES.test(f.spec.base)) return true;
  let first: bigint | string | undefined;
  for (let i = 0; i < count; i++) {
    const what = posWhat[i];
    let op = positional[i]!;
    // (`off` is the symbol of that name, a literal of its own.)
    if (what === What.Inline ? narrowInlineBits(op, target) === undefined : what !== What.Literal && what !== What.Off) continue;
    if (op.kind === 'call' && op.args.length === 1 && lower(op.name) === 'lit') op = op.args[0]!;
    const key = literalKey(text, op, LIT32);
    if (first === undefined) first = key;
    else if (key !== first) return report(sink, C.uniqueLiteral, `only one unique literal operand is allowed: ${f.spec.spelled}'s lane selects are 32 bits each and share one literal`, op.span);
  }
  return true;
}

/** What checkCachePolicy12 reads of a form, for the GFX12 image instructions the table could not verify. */
const IMAGE12_FORM = { spec: { family: 'MIMG', maxOperands: 0, operands: [] } } as unknown as PreparedForm;

/** GFX12 image addresses and descriptors (image.ts). */
function checkImage12(operands: readonly InstructionOperand[], count: number, f: PreparedForm, sink: IssueSink): boolean {
  const r = checkGfx12ImageAddress(positional, count >= 4, f.spec.base) ?? checkGfx12Image(operands, positional, count >= 4, f.spec.base, undefined);
  return r ? report(sink, r.code, r.message, r.span) : true;
}

/** Image descriptors, dmask and address size (image.ts). */
function checkImage(operands: readonly InstructionOperand[], p: PreparedForms, count: number, target: AmdgpuTarget, at: Span, sink: IssueSink): boolean {
  const r = checkImageOperands(operands, positional, count, p.image, p.forms[0]!.spec.base, target, at);
  return r ? report(sink, r.code, r.message, r.span) : true;
}

/**
 * GFX11+ v_mov_b16 (its forms unverified in the table): llvm-mc-19 without -mattr=+real-true16
 * takes 16-bit VGPR halves here and nowhere else, of v0-v127 only ("operands are not valid for
 * this GPU or mode" from v128 on); its destination is a half, its source a half, an SGPR, a
 * special register or a constant, never a full VGPR or an AGPR ("invalid operand for
 * instruction"), with no source modifier (`-v1.l`, `|v1.l|`, `neg(1.0)`: "not a valid
 * operand.", but `sext` with a DPP16 control); two operands; no modifier but DPP's (not on
 * `_e32`; `_dpp` needs a DPP control, and a half as its source).
 */
function checkMovB16(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], target: AmdgpuTarget, sink: IssueSink): boolean {
  collectPositional(operands, true, false);
  if (positional.length < 2) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes 2`, at);
  if (positional.length > 2) return report(sink, C.tooManyOperands, `invalid operand for instruction: ${mnemonic} takes 2 operands, this is one more`, positional[2]!.span);
  classifyPositional(text, target);
  const m = lower(mnemonic);
  const e32 = m.endsWith('_e32');
  const dpp = m.endsWith('_dpp');
  let control = false;
  let dpp16 = false;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (positional.includes(op)) continue;
    const n = canonicalModifier(op);
    if (n !== undefined && !e32 && DPP_FOLLOWERS.has(n)) {
      if (n === 'dpp_ctrl' || n === 'dpp8') control = true;
      if (n === 'dpp_ctrl') dpp16 = true;
      continue;
    }
    return report(sink, C.modifier, `invalid operand for instruction: ${mnemonic} takes no ${n ?? 'such'} modifier${e32 ? '' : ' (only DPP controls)'}`, op.span);
  }
  if (dpp && !control) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} needs a DPP control (quad_perm:[...], row_mirror, dpp8:[...]...)`, at);
  for (let i = 0; i < 2; i++) {
    const op = positional[i]!;
    const what = posWhat[i]!;
    const kind = posKinds[i]!;
    const mods = posMods[i]!;
    // (`sext(v1.l)` is taken with a DPP16 control, not with dpp8: the DPP16 form's source is an integer with modifiers.)
    if ((mods !== 0 || kind === 'abs') && !(dpp16 && (mods & ~MODS_ON_REGISTER) === OperandModifier.SEXT))
      return report(sink, C.modifier, `not a valid operand: ${mnemonic} operand ${i + 1} takes no source modifier`, op.span);
    if (what === What.Half) {
      const n = op.kind === 'word' ? Number(op.name.slice(1, -2)) : 0;
      if (n >= 128) return report(sink, C.operandKind, `operands are not valid for this GPU or mode: ${mnemonic} takes the 16-bit halves of v0-v127 only, not v${n}`, op.span);
      continue;
    }
    if (i === 0 || what === What.Vgpr || what === What.Agpr || what === What.Off || dpp || control) {
      seen.what = what;
      seen.size = posSize[i]!;
      const want = i === 0 ? 'vdst: a 16-bit VGPR half (v0.l, v0.h)' : dpp || control ? 'vsrc0: a 16-bit VGPR half' : 'src0: a 16-bit VGPR half, an SGPR or a constant';
      return report(sink, C.operandKind, `invalid operand for instruction: ${mnemonic} operand ${i + 1} is ${want}, not ${whatName()}`, op.span);
    }
  }
  return true;
}

/**
 * A GFX11+ instruction the table could not verify: no 16-bit VGPR half (`v1.l`) in any operand,
 * as in every verified form (see What.Half; llvm-mc-19 refuses them in v_interp_p2_f32,
 * global_load_dword_addtid, the WMMA and image instructions without -mattr=+real-true16).
 */
function checkNoHalves(mnemonic: string, operands: readonly InstructionOperand[], sink: IssueSink): boolean {
  for (let i = 0; i < operands.length; i++) {
    const op = underModifiers(operands[i]!.operand);
    if (op.kind === 'word' && /^v\d+\.[lh]$/.test(op.name))
      return report(sink, C.operandKind, `invalid operand for instruction: ${mnemonic} takes no 16-bit VGPR half such as ${op.name} (llvm-mc-19 takes .l/.h only in v_mov_b16, or with -mattr=+real-true16, which gpuasm does not model)`, op.span);
  }
  return true;
}

/**
 * A mnemonic whose preparation is not 'forms': known without verified forms, refused, or checked
 * by a rule of its own. (Apart from checkOne, whose bytecode was three times as long with these
 * cases in it: V8 runs a function in its baseline code until it has spent a budget that grows
 * with its bytecode's length, so the long checkOne ran about three times as many instructions
 * before it was optimized.) false when an issue was reported.
 */
function checkOther(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], target: AmdgpuTarget, sink: IssueSink, p: Exclude<Prepared, PreparedForms>): boolean {
  if (p.status === 'ok') return true;
  if (p.status === 'error') return report(sink, p.code, p.message, at);
  if (p.status === 'count') {
    collectPositional(operands, true, true);
    if (positional.length < p.min) return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes ${p.min}`, at);
    if (positional.length > p.max) return report(sink, C.tooManyOperands, `invalid operand for instruction: ${mnemonic} takes ${p.max} operands, this is one more`, positional[p.max]!.span);
    const r = checkGfx12ImageAddress(positional, p.max >= 4, p.image) ?? checkGfx12ImageData(operands, positional, p.image) ?? checkGfx12Image(operands, positional, p.max >= 4, p.image, p.modifiers);
    return r ? report(sink, r.code, r.message, r.span) : !p.modifiers || checkCachePolicy12(operands, mnemonic, at, IMAGE12_FORM, positional.length, sink);
  }
  if (p.status === 'bufferD16') {
    collectPositional(operands, true, true);
    if (positional.length === 0) return true;
    classifyPositional(text, target);
    return checkBufferD16(p.comps, mnemonic, target, sink);
  }
  if (p.status === 'image') {
    collectPositional(operands, true, true);
    const r = checkUnverifiedImage(operands, positional, p.op, p.base, target, at);
    return r ? report(sink, r.code, r.message, r.span) : true;
  }
  if (p.status === 'mov16') return checkMovB16(text, mnemonic, at, operands, target, sink);
  return checkNoHalves(mnemonic, operands, sink);
}

/** false when an issue was reported. */
function checkOne(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], target: AmdgpuTarget, sink: IssueSink): boolean {
  const p = prepared(mnemonic, target);
  if (p.status !== 'forms') return p.status === 'ok' || checkOther(text, mnemonic, at, operands, target, sink, p);
  const forms = p.forms;
  const minAll = p.minAll;
  const maxAll = p.maxAll;
  collectPositional(operands, minAll > 0, p.memory);
  if (p.memory && isMubufLds(p, operands)) return checkMubufLds(text, mnemonic, at, operands, p, target, sink);
  if (p.memory && operands.length > positional.length && isFlatLds(p, operands, target)) return checkFlatLds(text, mnemonic, at, operands, p, target, sink);
  if (positional.length < minAll && !wordsAsOperands(operands, p, minAll)) return reportTooFew(p, mnemonic, at, sink);
  classifyPositional(text, target);
  if (posExprs !== 0 && !p.sopp && relocQuery !== undefined) relocatableOperands(relocQuery);
  if (posOffs !== 0 && !p.memory && !p.sopp) offSymbols();
  if (p.truncated16 && (posLiterals !== 0 || narrowInline) && !checkTruncatedSource(mnemonic, operands, target, sink)) return false;
  // SOPP operands are one expression or symbolic operand, which may split into pieces here
  // (`instid0(VALU_DEP_1) | instskip(NEXT)`: a piece from a `(` on continues the one before):
  // those are joined, and any other piece is one too many.
  const count = p.sopp && positional.length > 1 ? joinSoppPieces(text) : positional.length;
  if (count > maxAll) return reportTooMany(mnemonic, maxAll, sink);
  if (p.sopp && forms[0]!.spec.base === 's_delay_alu' && !checkDelayAlu(text, operands, sink)) return false;
  let best = -1;
  let bestForm: PreparedForm | undefined;
  let bestSize = false;
  let bestSpec = 0;
  let bestModifier = 0;
  // (An indexed loop: the CLI runs V8 without escape analysis, so an iterator would be allocated.)
  for (let k = 0; k < forms.length; k++) {
    const f = forms[k]!;
    if (count < f.min || count > f.max) continue;
    if (p.vccSplit && vccAsSecond(f, count)) continue;
    matchForm(f, count);
    if (mismatch.at < 0) return checkMatched(text, at, operands, p, f, count, target, sink, mnemonic);
    if (mismatch.at > best) {
      best = mismatch.at;
      bestForm = f;
      bestSize = mismatch.size;
      bestSpec = mismatch.spec;
      bestModifier = mismatch.modifier;
    }
  }
  // No form with this count: the count fits the union only (e.g. e32 2, e64 3).
  if (!bestForm) return !p.vccSplit || reportVccSplit(p, mnemonic, at, sink);
  return checkMismatch(text, at, operands, p, count, target, sink, mnemonic, best, bestForm, bestSize, bestSpec, bestModifier);
}

// The rarer paths of checkOne (apart from it, see checkOther).

/**
 * `s_delay_alu`'s fields are joined by `|` (`instid0(VALU_DEP_1) | instskip(NEXT)`): written one
 * after the other, with or without a comma, the second is "invalid operand for instruction"
 * (llvm-mc-19; `s_waitcnt vmcnt(0) lgkmcnt(0)` and `s_waitcnt_depctr` take them so). Reached with
 * a run of calls collectPositional counted as one operand.
 */
function checkDelayAlu(text: string, operands: readonly InstructionOperand[], sink: IssueSink): boolean {
  for (let i = 1; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'call' && operands[i - 1]!.operand.kind === 'call')
      return report(sink, C.operandKind, `invalid operand for instruction: s_delay_alu's fields are joined by '|' (${op.name}(...) follows another field without it)`, op.span);
  }
  return operands.length === 0 || checkDelayAluFields(text, operands[0]!.operand.span.start, operands[operands.length - 1]!.operand.span.end, sink);
}

/**
 * Each `field(value)` of an `s_delay_alu` operand: a field of DELAY_ALU_FIELDS with one of its
 * value names (llvm-mc-19 "invalid field name", "invalid value name", "expected a value name").
 */
const DELAY_ALU_FIELD = /([A-Za-z_.$][\w.$]*)\s*\(\s*([^()]*?)\s*\)/g;
function checkDelayAluFields(text: string, start: number, end: number, sink: IssueSink): boolean {
  // (Over the operands' text only: a search of the whole text from `start` would run on past the
  // line to the next `name(...)` of the file.)
  const operand = text.slice(start, end);
  const re = DELAY_ALU_FIELD;
  re.lastIndex = 0;
  for (let m = re.exec(operand); m !== null; m = re.exec(operand)) {
    const name = m[1]!;
    const values = DELAY_ALU_FIELDS.get(name);
    const at = start + m.index;
    if (values === undefined) return report(sink, C.delayAluField, `invalid field name ${name}: s_delay_alu's fields are ${[...DELAY_ALU_FIELDS.keys()].join(', ')}`, { start: at, end: at + name.length });
    const v = m[2]!;
    const vAt = text.indexOf(v, at + name.length);
    if (!/^[A-Za-z_][\w]*$/.test(v)) return report(sink, C.delayAluField, `expected a value name: ${name}(...) takes one of ${[...values].join(', ')}${v === '' ? '' : `, not '${v}'`}`, { start: vAt, end: vAt + Math.max(v.length, 1) });
    if (!values.has(v)) return report(sink, C.delayAluField, `invalid value name ${v}: ${name}(...) takes one of ${[...values].join(', ')}`, { start: vAt, end: vAt + v.length });
  }
  return true;
}

/** A MUBUF instruction with an LDS form and an `lds` word (checkMubufLds). */
function isMubufLds(p: PreparedForms, operands: readonly InstructionOperand[]): boolean {
  return p.union.has('lds') && p.forms[0]!.spec.family === 'MUBUF' && p.forms[0]!.spec.maxOperands >= 4 && hasLdsWord(operands);
}

/** A VCC-less form (withoutVcc) with `vcc` as the second operand: llvm-mc's VCC token, so not this form. */
function vccAsSecond(f: PreparedForm, count: number): boolean {
  return VCC_LESS.has(f.spec) && count > 1 && positional[1]!.kind === 'word' && lower((positional[1] as { name: string }).name) === 'vcc';
}

function reportTooMany(mnemonic: string, maxAll: number, sink: IssueSink): false {
  return report(sink, C.tooManyOperands, `invalid operand for instruction: ${mnemonic} takes ${maxAll} operand${maxAll === 1 ? '' : 's'}, this is one more`, positional[maxAll]!.span);
}

function reportVccSplit(p: PreparedForms, mnemonic: string, at: Span, sink: IssueSink): false {
  return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes its VCC operands all or none (${p.forms.map((f) => f.max).join(' or ')} operands)`, at);
}

/** too few operands for every form (see checkOne). */
function reportTooFew(p: PreparedForms, mnemonic: string, at: Span, sink: IssueSink): false {
  const count = positional.length;
  const missing = p.forms[0]!.ops[count]?.spec;
  return report(sink, C.tooFewOperands, `too few operands for instruction: ${mnemonic} takes ${p.minAll === p.maxAll ? p.minAll : `${p.minAll} to ${p.maxAll}`}${missing ? `; next is ${expected(missing)}` : ''}`, at);
}

/**
 * Where llvm-mc-19 reports a literal refused (VOP3 before GFX10) or one too many (a second value):
 * at the last operand that is a literal or a floating-point token in a 16- or 32-bit operand, inline
 * or not (it searches the operands from the end), inside its `|..|`, `-|..|` or `neg(..)`; beside an
 * expression (a symbol) the match itself fails, at the first literal or expression.
 */
function lastLiteralSpan(form: PreparedForm, count: number, target: AmdgpuTarget, first: Span): Span {
  const shift = form.vccOptional && count < form.spec.maxOperands ? 1 : 0;
  let firstAny = -1;
  let expr = false;
  let at: Span | undefined;
  for (let i = 0; i < count; i++) {
    const what = posWhat[i];
    if (what === What.Expr || what === What.Literal) {
      if (firstAny < 0) firstAny = i;
      expr ||= what === What.Expr;
    }
    const spec = form.ops[i + shift]?.spec;
    // (madak/fmaak's K is a literal llvm-mc does not search: the source's is named.)
    if (spec?.kind === 'imm') continue;
    const op = insideModifiers(positional[i]!);
    const wide = spec?.size === 2;
    if (what === What.Literal || (op.kind === 'expr' && isRealToken(op.expr) && !wide)) at = op.span;
    else if (wide && what === What.Inline) {
      // An integer inline only by its 32-bit value (`0x3f800000`) is a literal in a 64-bit source.
      const v = intOperand(op);
      if (v !== undefined && inlineCode64(BigInt.asUintN(64, v), target.inv2Pi) === undefined && !(form.spec.base.includes('_f64') && inlineAsHighDword(v, target.inv2Pi))) at = op.span;
    }
  }
  if (expr) return positional[firstAny]!.span;
  return at ?? first;
}

/** Where a literal the position does not take is reported: in VOP3 before GFX10 as lastLiteralSpan, else at the operand (`at`). */
function refusedLiteralSpan(form: PreparedForm, count: number, target: AmdgpuTarget, at: Span): Span {
  return target.generation < 10 && form.spec.family.startsWith('VOP3') ? lastLiteralSpan(form, count, target, at) : at;
}

/** The operand inside `-`, `|..|`, `neg(..)`, `abs(..)`: where llvm-mc-19 places a literal's errors. */
function insideModifiers(op: Operand): Operand {
  while (op.kind === 'neg' || op.kind === 'abs' || (op.kind === 'call' && op.args.length === 1 && (op.name === 'neg' || op.name === 'abs'))) op = op.kind === 'call' ? op.args[0]! : op.operand;
  return op;
}

/** A floating-point token, maybe negated (`1.0`, `-0.5`). */
function isRealToken(e: Expr): boolean {
  return e.kind === 'real' || (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'real');
}

/**
 * No form matched: the operand at `best` (of the form that matched furthest) is reported, but for
 * the two cases where the operand is taken after all (checkOne). Apart from checkOne: see checkOther.
 */
function checkMismatch(text: string, at: Span, operands: readonly InstructionOperand[], p: PreparedForms, count: number, target: AmdgpuTarget, sink: IssueSink, mnemonic: string, best: number, bestForm: PreparedForm, bestSize: boolean, bestSpec: number, bestModifier: number): boolean {
  const op = positional[best]!;
  seen.what = posWhat[best]!;
  seen.size = posSize[best]!;
  const o = bestForm.spec.operands[bestSpec] ?? bestForm.spec.operands[bestForm.spec.operands.length - 1]!;
  if (bestModifier !== 0)
    return report(sink, C.modifier, `not a valid operand: ${bestForm.spec.spelled} operand ${best + 1} (${o.name}) takes no ${modifierWords(bestModifier)} modifier`, op.span);
  // GFX6 SMRD: a last operand 0-255 is the 8-bit offset field, no literal (llvm-mc-19 takes
  // `s_load_dword s0, s[0:1], 0xff` on tahiti; 0x100 and negative values are AMD545's).
  if (seen.what === What.Literal && target.generation === 6 && bestForm.spec.family === 'SMEM' && best === count - 1 && op.kind === 'expr' && op.expr.kind === 'int' && op.expr.value >= 0n && op.expr.value <= 0xffn)
    return checkMatched(text, at, operands, p, bestForm, count, target, sink, mnemonic);
  // A 32-bit integer in a 64-bit floating-point source is the high dword of the double
  // (`v_fract_f64_e64 v[0:1], 0x3ff00000` is 1.0): inline where that double is.
  if (seen.what === What.Literal && o.files & F.INLINE && o.size === 2 && bestForm.spec.base.includes('_f64') && inlineAsHighDword(intOperand(op) ?? -1n, target.inv2Pi)) {
    posWhat[best] = What.Inline;
    matchForm(bestForm, count);
    if (mismatch.at < 0) return checkMatched(text, at, operands, p, bestForm, count, target, sink, mnemonic);
    posWhat[best] = What.Literal;
  }
  if (seen.what === What.Literal && o.files & F.INLINE) {
    const noVop3Literal = target.generation < 10 && bestForm.spec.family.startsWith('VOP3');
    return report(sink, C.literalNotSupported, `literal operands are not supported: ${bestForm.spec.spelled} operand ${best + 1} (${o.name}) takes an inline constant, not a literal${noVop3Literal ? ` (no literal in VOP3 before GFX10)` : ''}`, refusedLiteralSpan(bestForm, count, target, op.span));
  }
  return report(
    sink,
    bestSize ? C.operandSize : C.operandKind,
    `invalid operand for instruction: ${bestForm.spec.spelled} operand ${best + 1} is ${globalVaddrExpected(bestForm, best, count) ?? expected(o)}, not ${whatName()}`,
    op.span,
  );
}

/** A GLOBAL vaddr's wanted size follows saddr (the last operand): one VGPR beside an SGPR pair, a pair beside `off`. */
function globalVaddrExpected(f: PreparedForm, at: number, count: number): string | undefined {
  const o = f.ops[at];
  if (!o || !o.globalVaddr) return undefined;
  const last = positional[count - 1]!;
  return last.kind === 'word' && lower(last.name) === 'off' ? 'a 2-dword VGPR tuple (saddr off)' : 'a VGPR (one dword beside an SGPR saddr)';
}
