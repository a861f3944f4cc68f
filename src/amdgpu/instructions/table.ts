/**
 * AMDGPU instruction tables: every mnemonic llvm-mc-19 accepts, per GPU, with its encoding forms,
 * operands and modifiers. The data is generated (table.generated.ts, by
 * scripts/gen-amdgpu-instructions.mjs) and parsed lazily on first use; this module is pure.
 *
 * A written mnemonic is a base (`v_add_f32`) plus an optional encoding suffix (`_e32`, `_e64`,
 * `_sdwa`, `_dpp`, `_e64_dpp`). Each base has one or more forms (`e32`, `e64`, `sdwa`, `dpp`,
 * `dpp8`, `e64_dpp`, `e64_dpp8`, `vopdx`, `vopdy`, or `''` for instructions with one encoding).
 * See docs/amdgpu-instructions.md for the data format and how it was verified.
 */
import { ENTRIES, FAMILIES, GPU_CLASSES, MODIFIER_SETS, SIGNATURES } from './table.generated.js';
import { findTarget } from '../targets.js';
import { GENERIC_ABSENT_BASES, GENERIC_ABSENT_FAMILIES, GENERIC_ABSENT_PATTERN, GENERIC_BASE_PROCESSOR } from '../data/generic-target.js';

/** Encoding form of one instruction variant. */
export type InstructionForm = '' | 'e32' | 'e64' | 'sdwa' | 'dpp' | 'dpp8' | 'e64_dpp' | 'e64_dpp8' | 'vopdx' | 'vopdy';

/** What an operand position accepts (bits of `OperandSpec.files`). */
export const OperandFile = {
  /** VGPRs `v0`, `v[0:1]`. */
  V: 1,
  /** SGPRs `s0`, `s[0:1]` (and, for scalar operands, ttmp). */
  S: 2,
  /** AGPRs `a0` (gfx908, gfx90a, gfx940-942). */
  A: 4,
  /** Inline constants (`1`, `-16`, `0.5`). */
  INLINE: 8,
  /** A literal constant (`0x4d2`). */
  LITERAL: 16,
  /** `off` (no address / no offset register). */
  OFF: 32,
  /** Named special registers (`exec`, `vcc`, `m0`, `null`). */
  SPECIAL: 64,
  /** An expression: immediate field, branch target, counter. */
  EXPR: 128,
  /** A symbolic operand: `hwreg(...)`, `sendmsg(...)`, export targets, interpolation attributes. */
  SYMBOLIC: 256,
} as const;

/** Operand modifiers an operand position takes (bits of `OperandSpec.operandModifiers`). */
export const OperandModifier = { NEG: 1, ABS: 2, SEXT: 4 } as const;

/** Normalised operand kind, from the operand's name in LLVM's syntax pages. */
export type OperandKind =
  | 'vdst'
  | 'sdst'
  | 'src'
  | 'vsrc'
  | 'ssrc'
  | 'vaddr'
  | 'saddr'
  | 'vdata'
  | 'sdata'
  | 'srsrc'
  | 'ssamp'
  | 'sbase'
  | 'soffset'
  | 'vcc'
  | 'imm'
  | 'label'
  | 'waitcnt'
  | 'hwreg'
  | 'sendmsg'
  | 'tgt'
  | 'attr'
  | 'param'
  | 'other';

export interface OperandSpec {
  /** Name as LLVM's syntax pages write it: `vdst`, `src0`, `vsrc1`, `saddr`, `simm16`, ... */
  readonly name: string;
  readonly kind: OperandKind;
  /** Size in dwords of a register operand (1 for immediates and symbolic operands). */
  readonly size: number;
  /** `OperandFile` bits; 0 when not verified with llvm-mc (see `FormSpec.verified`). */
  readonly files: number;
  /** `OperandModifier` bits (`-x`, `|x|`, `sext(x)`) llvm-mc took at this position. */
  readonly operandModifiers: number;
  /** May be left out (a trailing operand llvm-mc accepts without). */
  readonly optional: boolean;
  /** Written only when the instruction returns its result (atomics with glc / sc0 / th:TH_ATOMIC_RETURN). */
  readonly returnOnly: boolean;
}

export interface FormSpec {
  /** Base mnemonic, e.g. `v_add_f32`. */
  readonly base: string;
  readonly form: InstructionForm;
  /** The mnemonic with the form's explicit suffix, e.g. `v_add_f32_e64` (same as base for `''`). */
  readonly spelled: string;
  /** Encoding family: VOP1, VOP2, VOPC, VOP3, VOP3P, SDWA, DPP16, DPP8, VOPD, MFMA, SOP1, SOP2, SOPK,
   *  SOPC, SOPP, SMEM, DS, MUBUF, MTBUF, MIMG, FLAT, GLOBAL, SCRATCH, EXP, VINTRP, VINTERP, LDSDIR, ... */
  readonly family: string;
  readonly operands: readonly OperandSpec[];
  /** Operand count range as written (positional operands, before the modifiers). */
  readonly minOperands: number;
  readonly maxOperands: number;
  /** Canonical modifier names: `offset`, `glc`, `clamp`, `omod`, `op_sel`, `dmask`, `row_mask`, ... */
  readonly modifiers: readonly string[];
  /** Modifiers the form cannot go without: `dpp_ctrl` (a DPP control such as `quad_perm:[..]`),
   *  `dpp8`, `gds` (GWS and ordered-count DS instructions), `dim` (MIMG from GFX10). */
  readonly requiredModifiers: readonly string[];
  /** Operands and modifiers were confirmed with llvm-mc-19 on a valid example (else from the pages). */
  readonly verified: boolean;
  /** Canonical names of the processors that have this form. */
  readonly gpus: readonly string[];
}

export type InstructionLookup =
  | { readonly status: 'found'; readonly base: string; readonly forms: readonly FormSpec[] }
  /** llvm-mc: "invalid instruction". */
  | { readonly status: 'unknown'; readonly suggestion?: string }
  /** llvm-mc: "instruction not supported on this GPU". */
  | { readonly status: 'not-on-gpu'; readonly base: string; readonly gpus: readonly string[]; readonly suggestion?: string }
  /** llvm-mc: "<variant> variant of this instruction is not supported". */
  | { readonly status: 'variant-not-supported'; readonly base: string; readonly variant: string; readonly forms: readonly FormSpec[] }
  /** The processor name is not one llvm-mc-19 knows. */
  | { readonly status: 'unknown-gpu' };

// ---------------------------------------------------------------------------------------------

interface RawForm {
  form: InstructionForm;
  family: number;
  sig: number;
  mods: number;
  mask: number;
  verified: boolean;
  /** Its FormSpec, made on first use (see `spec`). */
  spec: FormSpec | undefined;
}

const SUFFIX_FORMS: readonly (readonly [string, readonly InstructionForm[]])[] = [
  ['_e64_dpp', ['e64_dpp', 'e64_dpp8']],
  ['_e32', ['e32']],
  ['_e64', ['e64']],
  ['_sdwa', ['sdwa']],
  ['_dpp', ['dpp', 'dpp8']],
];
const FORM_SUFFIX: Record<InstructionForm, string> = {
  '': '',
  e32: '_e32',
  e64: '_e64',
  sdwa: '_sdwa',
  dpp: '_dpp',
  dpp8: '_dpp',
  e64_dpp: '_e64_dpp',
  e64_dpp8: '_e64_dpp',
  vopdx: '',
  vopdy: '',
};

/** Start of each base mnemonic's line in ENTRIES (its forms are parsed on first use). */
let index: Map<string, number> | null = null;
const parsed = new Map<string, RawForm[]>();
let classOf: Map<string, number> | null = null;
const sigCache = new Map<number, { ops: OperandSpec[]; min: number; max: number }>();
const modCache = new Map<number, { mods: readonly string[]; required: readonly string[] }>();
const basesByClass = new Map<number, string[]>();

function load(): Map<string, number> {
  if (index) return index;
  index = new Map();
  for (let p = 0; p < ENTRIES.length; ) {
    let nl = ENTRIES.indexOf('\n', p);
    if (nl < 0) nl = ENTRIES.length;
    const sp = ENTRIES.indexOf(' ', p);
    index.set(ENTRIES.slice(p, sp < 0 || sp > nl ? nl : sp), p);
    p = nl + 1;
  }
  classOf = new Map();
  GPU_CLASSES.forEach((c, i) => {
    for (const g of c.split(' ')) classOf!.set(g, i);
  });
  return index;
}

/**
 * The words of a base mnemonic's entry (undefined: not in the table): `base form:family:sig:mods:mask[:u] ...`,
 * numbers in base 36. Read with the engine's split and parseInt: this runs once per mnemonic, mostly
 * before any optimization, where a loop over the characters in script costs more (and gets the loop
 * compiled for a few hundred calls).
 */
function entryWords(base: string): string[] | undefined {
  const at = index!.get(base);
  if (at === undefined) return undefined;
  let nl = ENTRIES.indexOf('\n', at);
  if (nl < 0) nl = ENTRIES.length;
  return ENTRIES.slice(at, nl).split(' ');
}

/** The forms of a base mnemonic (undefined: not in the table), parsed once. */
function rawForms(base: string): RawForm[] | undefined {
  let forms = parsed.get(base);
  if (forms) return forms;
  // (Every caller has called load(): not called here, so that the optimizing compiler does not
  // inline its loop into this function, which it compiles after a few hundred mnemonics.)
  const words = entryWords(base);
  if (words === undefined) return undefined;
  forms = [];
  for (let w = 1; w < words.length; w++) {
    const f = words[w]!.split(':');
    forms.push({
      form: f[0] as InstructionForm,
      family: parseInt(f[1]!, 36),
      sig: parseInt(f[2]!, 36),
      mods: parseInt(f[3]!, 36),
      mask: parseInt(f[4]!, 36),
      // `:u` after the mask: not verified.
      verified: f[5] !== 'u',
      spec: undefined,
    });
  }
  parsed.set(base, forms);
  return forms;
}

/** The forms of a base mnemonic on one GPU class, per class (see rawFormsOn). */
const parsedOn = new Map<number, Map<string, RawForm[]>>();

/**
 * The forms of a base mnemonic whose class mask has `bit` (undefined: not in the table), parsed
 * once per class: only those forms are decoded, each of the others read as far as its mask (a
 * used mnemonic has about eight forms over all the GPUs, two or three on one; the first use of
 * each mnemonic decoded them all).
 */
function rawFormsOn(base: string, ci: number): RawForm[] | undefined {
  let perClass = parsedOn.get(ci);
  if (!perClass) parsedOn.set(ci, (perClass = new Map()));
  let forms = perClass.get(base);
  if (forms) return forms;
  if (ci === GPU_CLASSES.length) {
    // The generic processors: their base processor's forms less the ones they lack.
    const of = rawFormsOn(base, classOf!.get(GENERIC_BASE_PROCESSOR)!);
    if (of === undefined) return undefined;
    forms = GENERIC_ABSENT_BASES.has(base) || GENERIC_ABSENT_PATTERN.test(base) ? [] : of.filter((f) => !GENERIC_ABSENT_FAMILIES.has(FAMILIES[f.family]!));
    perClass.set(base, forms);
    return forms;
  }
  const all = parsed.get(base);
  const bit = 1 << ci;
  if (all) {
    forms = [];
    for (let i = 0; i < all.length; i++) if (all[i]!.mask & bit) forms.push(all[i]!);
    perClass.set(base, forms);
    return forms;
  }
  const words = entryWords(base);
  if (words === undefined) return undefined;
  forms = [];
  for (let w = 1; w < words.length; w++) {
    const word = words[w]!;
    // The mask is the last field, or the one before `:u` (parseInt stops at the colon).
    const end = word.endsWith(':u') ? word.length - 3 : word.length - 1;
    const mask = parseInt(word.slice(word.lastIndexOf(':', end) + 1), 36);
    if ((mask & bit) !== 0) forms.push(decodeForm(word, mask));
  }
  perClass.set(base, forms);
  return forms;
}

/**
 * One form of a table line (`form:family:sig:mods:mask[:u]`) whose mask was read. (A function of
 * its own: rawFormsOn runs once per mnemonic looked up, a few hundred times, and is compiled by the
 * optimizing compiler; this part, for two or three forms of each, is then not compiled with it.)
 */
function decodeForm(word: string, mask: number): RawForm {
  const f = word.split(':');
  return {
    form: f[0] as InstructionForm,
    family: parseInt(f[1]!, 36),
    sig: parseInt(f[2]!, 36),
    mods: parseInt(f[3]!, 36),
    mask,
    verified: f[5] !== 'u',
    spec: undefined,
  };
}

/** Operand kinds by name (a few dozen names; the tests below run once per name). */
const kinds = new Map<string, OperandKind>();

function kindOf(name: string): OperandKind {
  let k = kinds.get(name);
  if (k === undefined) kinds.set(name, (k = kindOfName(name)));
  return k;
}

function kindOfName(name: string): OperandKind {
  if (/^(vdst|vdstx|vdsty|dst)$/.test(name)) return 'vdst';
  if (name === 'sdst') return 'sdst';
  if (/^src[xy]?\d?$/.test(name)) return 'src';
  if (/^vsrc|^vparam|^vij$/.test(name)) return 'vsrc';
  if (/^ssrc/.test(name)) return 'ssrc';
  if (name === 'vaddr' || name === 'addr') return 'vaddr';
  if (name === 'saddr') return 'saddr';
  if (/^v?data\d?$/.test(name)) return 'vdata';
  if (name === 'sdata') return 'sdata';
  if (name === 'srsrc' || name === 'rsrc') return 'srsrc';
  if (name === 'ssamp' || name === 'samp') return 'ssamp';
  if (name === 'sbase') return 'sbase';
  if (name === 'soffset') return 'soffset';
  if (name === 'vcc') return 'vcc';
  if (name === 'label') return 'label';
  if (name === 'waitcnt' || name === 'waitcnt_depctr' || name === 'delay') return 'waitcnt';
  if (name === 'hwreg') return 'hwreg';
  if (name === 'msg') return 'sendmsg';
  if (name === 'tgt') return 'tgt';
  if (name === 'attr') return 'attr';
  if (name === 'param') return 'param';
  if (/imm|literal|offset/.test(name)) return 'imm';
  return 'other';
}

function signature(i: number): { ops: OperandSpec[]; min: number; max: number } {
  let s = sigCache.get(i);
  if (s) return s;
  const text = SIGNATURES[i]!;
  const ops: OperandSpec[] = [];
  let min = 0;
  // (Indexed, without destructuring: see splitMnemonic.)
  const words = text ? text.split(' ') : [];
  for (let w = 0; w < words.length; w++) {
    const o = words[w]!;
    const f = o.split('.');
    const name = f[0]!;
    const op = newOperandSpec(name, kindOf(name), Number(f[1]), parseInt(f[2]!, 36), parseInt(f[3]!, 10), o.endsWith('?'), o.endsWith('r'));
    if (!op.optional && !op.returnOnly) min++;
    ops.push(op);
  }
  s = { ops: Object.freeze(ops) as OperandSpec[], min, max: ops.length };
  sigCache.set(i, s);
  return s;
}

/** A modifier set: names, required ones first with a `!` prefix. */
function modifierSet(i: number): { mods: readonly string[]; required: readonly string[] } {
  let m = modCache.get(i);
  if (!m) {
    const words = MODIFIER_SETS[i] ? MODIFIER_SETS[i]!.split(' ') : [];
    const required = words.filter((w) => w.startsWith('!')).map((w) => w.slice(1));
    const mods = [...required, ...words.filter((w) => !w.startsWith('!'))].sort();
    m = { mods: Object.freeze(mods), required: Object.freeze(required) };
    modCache.set(i, m);
  }
  return m;
}

/** Each class's processor names (GPU_CLASSES split once). */
let classNames: readonly (readonly string[])[] | undefined;

function gpusOfMask(mask: number): string[] {
  classNames ??= GPU_CLASSES.map((c) => c.split(' '));
  const out: string[] = [];
  for (let i = 0; i < classNames.length; i++) if (mask & (1 << i)) for (const g of classNames[i]!) out.push(g);
  return out;
}

/** Frozen GPU lists per mask, shared by the forms (a form's `gpus` is never written). */
const gpusCache = new Map<number, readonly string[]>();
function frozenGpus(mask: number): readonly string[] {
  let g = gpusCache.get(mask);
  if (!g) gpusCache.set(mask, (g = Object.freeze(gpusOfMask(mask))));
  return g;
}

/** The FormSpec of a raw form, made once. */
function spec(base: string, r: RawForm): FormSpec {
  return (r.spec ??= makeSpec(base, r));
}

function makeSpec(base: string, r: RawForm): FormSpec {
  const s = signature(r.sig);
  const m = modifierSet(r.mods);
  let mods = ADDRESS_MODIFIERS_MISSING.has(base) && !m.mods.includes('idxen') ? withAddressModifiers(m.mods) : m.mods;
  // Buffer stores take no tfe (llvm-mc-19: "TFE modifier has no meaning for store instructions"),
  // though GFX12's generated sets list it (the disassembler prints it: `buffer_store_b64 v[1:3], off, s[0:3], null tfe`).
  if (mods.includes('tfe') && STORE_NO_TFE.test(base)) mods = Object.freeze(mods.filter((x) => x !== 'tfe'));
  // GFX12's ds_direct_load and ds_param_load take no wait_vdst (GFX11's lds_* do), though the
  // generated sets list it (llvm-mc-19: `ds_param_load v1, attr0.x wait_vdst:1` "not a valid operand.").
  if (GFX12_DS_DIRECT.test(base) && mods.includes('wait_vdst')) mods = Object.freeze(mods.filter((x) => x !== 'wait_vdst'));
  const missing = r.form === 'e64_dpp' || r.form === 'e64_dpp8' ? MODIFIERS_MISSING_DPP.get(base) : undefined;
  if (missing) mods = Object.freeze([...new Set([...mods, ...missing])].sort());
  return newFormSpec(base, r.form, base + FORM_SUFFIX[r.form], FAMILIES[r.family]!, s.ops, s.min, s.max, mods, m.required, r.verified, frozenGpus(r.mask));
}

/**
 * MUBUF instructions whose generated modifier sets lack the address modifiers (verified with
 * `off` only): the 64-bit float atomics of GFX6-7 and GFX10, which llvm-mc-19 takes with `idxen`,
 * `offen` (both: `v[2:3]`) and, on GFX6-7 (no `dlc` there), `addr64`, like buffer_atomic_add_x2
 * (found by the session 18 disassembler sweep: `buffer_atomic_fmin_x2 v[0:1], v2, s[4:7], s8 offen`).
 */
const ADDRESS_MODIFIERS_MISSING: ReadonlySet<string> = new Set(['buffer_atomic_fmin_x2', 'buffer_atomic_fmax_x2', 'buffer_atomic_fcmpswap_x2']);

/**
 * VOP3 and VOP3P instructions whose `_e64_dpp` forms (DPP16 and DPP8) lack modifiers in the
 * generated data that their `_e64` forms have and llvm-mc-19 takes there too (GFX11-12), found by
 * the session 18 disassembler sweep: `op_sel` (`v_minimum3_f16_e64_dpp v64, -|v49|, v231, -|v103|
 * op_sel:[0,1,0,1] dpp8:[2,2,2,4,2,4,3,7]`), and v_dot2_f32_f16's `op_sel_hi`, `neg_lo`, `neg_hi`
 * (not row_mask, bank_mask, bound_ctrl, fi: llvm-mc-19 refuses those there).
 */
const OP_SEL = ['op_sel'];
const MODIFIERS_MISSING_DPP: ReadonlyMap<string, readonly string[]> = new Map([
  ...['v_add_i16', 'v_sub_i16', 'v_fmac_f16', 'v_cvt_pk_bf8_f32', 'v_cvt_pk_fp8_f32', 'v_max3_num_f16', 'v_maximum3_f16', 'v_maximumminimum_f16', 'v_med3_num_f16', 'v_min3_num_f16', 'v_minimum3_f16', 'v_minimummaximum_f16'].map((b) => [b, OP_SEL] as const),
  ['v_dot2_f32_f16', ['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi']],
]);

const GFX12_DS_DIRECT = /^ds_(direct|param)_load$/;

/** MUBUF and MTBUF stores (GFX12's VBUFFER ones included). */
const STORE_NO_TFE = /^t?buffer_store_/;

function withAddressModifiers(mods: readonly string[]): readonly string[] {
  return Object.freeze([...mods, 'idxen', 'offen', ...(mods.includes('dlc') ? [] : ['addr64'])].sort());
}

// Every FormSpec and OperandSpec is made by one of these two (frozen, one object shape each: the
// instruction layer reads their fields in its hottest functions, where an object of another shape,
// such as a spread copy, makes each load test several shapes). A copy with changes: formSpec /
// operandSpec of a spread object.

function newFormSpec(base: string, form: InstructionForm, spelled: string, family: string, operands: readonly OperandSpec[], minOperands: number, maxOperands: number, modifiers: readonly string[], requiredModifiers: readonly string[], verified: boolean, gpus: readonly string[]): FormSpec {
  return Object.freeze({ base, form, spelled, family, operands, minOperands, maxOperands, modifiers, requiredModifiers, verified, gpus });
}

function newOperandSpec(name: string, kind: OperandKind, size: number, files: number, operandModifiers: number, optional: boolean, returnOnly: boolean): OperandSpec {
  return Object.freeze({ name, kind, size, files, operandModifiers, optional, returnOnly });
}

/** A FormSpec with the fields of `s` (which may be a spread copy of one, with changes), of the one shape. */
export function formSpec(s: FormSpec): FormSpec {
  return newFormSpec(s.base, s.form, s.spelled, s.family, s.operands, s.minOperands, s.maxOperands, s.modifiers, s.requiredModifiers, s.verified, s.gpus);
}

/** An OperandSpec with the fields of `o` (see formSpec). */
export function operandSpec(o: OperandSpec): OperandSpec {
  return newOperandSpec(o.name, o.kind, o.size, o.files, o.operandModifiers, o.optional, o.returnOnly);
}

/** The processor asked last and its class (a check asks for one processor throughout). */
let lastGpu: string | undefined;
let lastClass = -1;

/**
 * The class index of a processor (canonical name or alias), or -1. llvm-mc-19's generic processors
 * (`generic`, `generic-hsa`) are a class of their own after the table's (GPU_CLASSES.length): their
 * base processor's forms less the ones data/generic-target.ts lists.
 */
function gpuClass(gpu: string): number {
  if (gpu === lastGpu) return lastClass;
  load();
  const t = findTarget(gpu);
  const c = t ? (t.generic ? GPU_CLASSES.length : classOf!.get(t.name)) : undefined;
  lastGpu = gpu;
  lastClass = c ?? -1;
  return lastClass;
}

/** Splits a written mnemonic into a known base and the forms its suffix forces (null: any form). */
function splitMnemonic(m: string): { base: string; forms: readonly InstructionForm[] | null; suffix: string } {
  // (index once loaded: load() called for every lookup was compiled as a small function.)
  const t = index ?? load();
  if (t.has(m)) return { base: m, forms: null, suffix: '' };
  // (An indexed loop: destructuring a pair reads it through the iterator protocol, which before
  // optimization costs more than the rest of the test; this runs once per mnemonic.)
  for (let i = 0; i < SUFFIX_FORMS.length; i++) {
    const suffix = SUFFIX_FORMS[i]![0];
    if (m.endsWith(suffix)) {
      const base = m.slice(0, -suffix.length);
      if (t.has(base)) return { base, forms: SUFFIX_FORMS[i]![1], suffix };
    }
  }
  return { base: m, forms: null, suffix: '' };
}

/** Base mnemonics present on a GPU class, sorted. */
function basesOn(ci: number): string[] {
  let list = basesByClass.get(ci);
  if (list) return list;
  list = [];
  if (ci === GPU_CLASSES.length) {
    for (const b of basesOn(classOf!.get(GENERIC_BASE_PROCESSOR)!)) if (rawFormsOn(b, ci)!.length) list.push(b);
  } else {
    for (const b of load().keys()) if (rawForms(b)!.some((f) => f.mask & (1 << ci))) list.push(b);
  }
  list.sort();
  basesByClass.set(ci, list);
  return list;
}

/** Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Nearest base mnemonic on a GPU class (by edit distance, then alphabetically), within a limit. */
function nearest(word: string, ci: number): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 4));
  let best: string | undefined;
  let bestD = limit + 1;
  for (const b of basesOn(ci)) {
    const d = editDistance(word, b, bestD);
    if (d < bestD) {
      bestD = d;
      best = b;
    }
  }
  return best;
}

/**
 * Looks up a written mnemonic (`v_add_f32`, `v_add_f32_e64`, `v_dual_mul_f32`, ...) on a processor.
 * Case-insensitive, as llvm-mc is.
 */
export function lookupInstruction(mnemonic: string, gpu: string): InstructionLookup {
  const ci = gpuClass(gpu);
  if (ci < 0) return { status: 'unknown-gpu' };
  const m = mnemonic.toLowerCase();
  const { base, forms: forced, suffix } = splitMnemonic(m);
  const here = rawFormsOn(base, ci);
  if (!here) {
    const near = nearest(m, ci);
    return near ? { status: 'unknown', suggestion: near } : { status: 'unknown' };
  }
  if (!here.length) {
    const all = rawForms(base)!.reduce((a, r) => a | r.mask, 0);
    const near = nearest(base, ci);
    return {
      status: 'not-on-gpu',
      base,
      gpus: gpusOfMask(all),
      ...(near ? { suggestion: near + (suffix && near ? suffix : '') } : {}),
    };
  }
  const forms: FormSpec[] = [];
  for (let i = 0; i < here.length; i++) if (!forced || forced.includes(here[i]!.form)) forms.push(spec(base, here[i]!));
  if (!forms.length) {
    return { status: 'variant-not-supported', base, variant: suffix.slice(1), forms: here.map((r) => spec(base, r)) };
  }
  return { status: 'found', base, forms };
}

/** Every form of a mnemonic on any GPU (for the editor: hover, completion, signature help). */
export function instructionInfo(mnemonic: string): { base: string; forms: readonly FormSpec[] } | undefined {
  const { base } = splitMnemonic(mnemonic.toLowerCase());
  const raw = rawForms(base);
  return raw ? { base, forms: raw.map((r) => spec(base, r)) } : undefined;
}

/** The base mnemonics a processor has, sorted; empty for an unknown processor. */
export function mnemonicsFor(gpu: string): readonly string[] {
  const ci = gpuClass(gpu);
  return ci < 0 ? [] : basesOn(ci);
}

/** Every base mnemonic in the table (any GPU), sorted. */
export function allMnemonics(): readonly string[] {
  return [...load().keys()];
}
