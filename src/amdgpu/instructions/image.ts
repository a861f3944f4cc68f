/**
 * MIMG rules the instruction table's operand lists do not carry (facts in data/mimg.ts, from
 * llvm-mc-19 probes):
 * - the address size (GFX10-11): dwords from the operation, `dim:`, `a16` and 16-bit derivatives
 *   (llvm-mc-19 "image address size does not match dim and a16"), as one VGPR tuple or a
 *   non-sequential list (NSA: one VGPR per dword on GFX10; on GFX11 at most 5 entries, the last
 *   holding the remaining dwords);
 * - dmask: gather one bit ("invalid image_gather dmask"), atomics 0x1, 0x3 or 0xf ("invalid
 *   atomic image dmask");
 * - descriptor sizes (8 SGPRs for the resource, 4 for the sampler; 4 for BVH);
 * - the instructions the table could not verify on GFX10.3-11: `image_bvh*_intersect_ray`
 *   (fixed data, descriptor and address shapes, `a16` only) and `image_msaa_load` (an MSAA dim,
 *   gather-like on GFX11).
 * Only image instructions reach this module; it allocates nothing per instruction.
 */
import type { Span } from '../../core/source.js';
import type { InstructionOperand, Operand } from '../parse/ast.js';
import type { AmdCode } from '../diagnostics.js';
import type { AmdgpuTarget } from '../targets.js';
import { AMD_INSTRUCTION_CODES as C } from './diagnostics.js';
import {
  ADDRESS_WORDS,
  ATOMIC_DATA_SIZES,
  BVH_ADDRESS,
  EXTRA_ARG,
  IMAGE_OPS,
  IMAGE_PREFIXES,
  IMAGE_RSRC,
  IMAGE_SAMP,
  ImageBits as B,
  MIMG_DIMS,
  NSA_MAX,
  NSA_MAX_GFX12,
  SAMPLE_SUFFIX_WORDS,
  type ImageOp,
} from '../data/mimg.js';
import { lower } from './lower.js';

export interface ImageIssue {
  code: AmdCode;
  message: string;
  span: Span;
}

/** The image operation of a base mnemonic (lower case); 0 when its address is not modelled. */
export function imageOp(base: string): ImageOp {
  const known = IMAGE_OPS.get(base);
  if (known !== undefined) return known;
  for (const [prefix, op, variants] of IMAGE_PREFIXES) {
    if (!base.startsWith(prefix)) continue;
    if (!variants) return op;
    const rest = base.slice(prefix.length);
    if (rest === '') return op;
    if (rest[0] !== '_') return 0;
    let out = op;
    for (const w of rest.slice(1).split('_')) {
      const add = SAMPLE_SUFFIX_WORDS.get(w);
      if (add === undefined) return 0;
      out = add === EXTRA_ARG ? out + EXTRA_ARG : out | add;
    }
    return out;
  }
  return 0;
}

/** The unverified table forms this module checks whole (see checkUnverifiedImage): BVH and msaa_load. */
export function isModelledUnverifiedImage(op: ImageOp): boolean {
  return (op & (B.BVH | B.MSAA)) !== 0;
}

/**
 * Address dwords of an operation on a dim (llvm-mc-19): the extra arguments, then the
 * coordinates and lod/clamp (two per dword with a16), then the derivatives (two per dword,
 * padded to an even count, for `_g16`, and with a16 where 16-bit derivatives are not separate).
 */
export function addressWords(op: ImageOp, coords: number, gradients: number, a16: boolean, g16Supported: boolean): number {
  const comps = (op & B.COORDS ? coords : 0) + (op & B.LOD ? 1 : 0);
  let words = Math.floor(op / EXTRA_ARG) + (a16 ? (comps + 1) >> 1 : comps);
  if (op & B.GRADIENTS) words += (a16 && !g16Supported) || op & B.G16 ? ((gradients >> 1) + 1) & ~1 : gradients;
  return words;
}

/** The address dword counts the operation has encodings for, as bits (bit n: n dwords). */
export function addressMask(op: ImageOp): number {
  const list =
    (op & B.SAMPLER) === 0
      ? ADDRESS_WORDS.noSampler
      : op & B.GRADIENTS
        ? op & B.G16
          ? op & B.LOD
            ? ADDRESS_WORDS.g16Lod
            : ADDRESS_WORDS.g16
          : op & B.LOD
            ? ADDRESS_WORDS.gradientsLod
            : ADDRESS_WORDS.gradients
        : op & B.LOD
          ? ADDRESS_WORDS.lod
          : ADDRESS_WORDS.plain;
  const extra = (op & B.SAMPLER) === 0 ? 0 : Math.floor(op / EXTRA_ARG);
  let mask = 0;
  for (let i = 0; i < list.length; i++) mask |= 1 << (list[i]! + extra);
  return mask;
}

/** Whether a VGPR tuple of `size` dwords is an address encoding of the operation (`mask` from addressMask). */
export function tupleExists(mask: number, size: number): boolean {
  if (size < 1 || size > 16) return false;
  if ((mask >> size) & 1) return true;
  if (size === 4) return (mask & (1 << 3)) !== 0;
  if (size === 8) return (mask & (7 << 5)) !== 0;
  if (size === 16) return (mask & (15 << 13)) !== 0;
  return false;
}

// ---------------------------------------------------------------------------------------------
// The instruction's modifiers and registers, read once per image instruction into fixed slots

const mods = { dim: '' as string | undefined, a16: false, dmask: 0, dmaskSpan: undefined as Span | undefined, d16: false, tfe: false, other: undefined as Operand | undefined, twice: undefined as Operand | undefined };


/** `dim:` values as written (`SQ_RSRC_IMG_2D`, `2d`...) to their MIMG_DIMS name (undefined: none), cached. */
const dimNames = new Map<string, string | undefined>();
function dimName(raw: string): string | undefined {
  let id = dimNames.get(raw);
  if (id === undefined && !dimNames.has(raw)) {
    const u = (raw.startsWith('SQ_RSRC_IMG_') ? raw.slice(12) : raw).toUpperCase();
    id = MIMG_DIMS.has(u) ? u : undefined;
    if (dimNames.size < 256) dimNames.set(raw, id);
  }
  return id;
}

/**
 * Reads dim, a16, dmask (-1: not a number), d16, tfe; with `allowed` (names in order, at most 31),
 * `other` the first modifier outside it and `twice` the first written twice.
 */
function readModifiers(operands: readonly InstructionOperand[], allowed: readonly string[] | undefined): void {
  let seen = 0;
  mods.dim = '';
  mods.a16 = false;
  mods.dmask = 0;
  mods.dmaskSpan = undefined;
  mods.d16 = false;
  mods.tfe = false;
  mods.other = undefined;
  mods.twice = undefined;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    let name: string;
    if (op.kind === 'modifier') {
      name = lower(op.name);
      if (name === 'dmask') {
        const v = op.value;
        mods.dmask = v.kind === 'expr' && v.expr.kind === 'int' ? Number(v.expr.value & 15n) : -1;
        mods.dmaskSpan = v.span;
      } else if (name === 'dim') {
        const v = op.value;
        mods.dim = v.kind === 'word' ? dimName(v.name) : undefined;
      }
    } else if (op.kind === 'word' && i >= 3) {
      name = lower(op.name);
      const bare = name.startsWith('no') ? name.slice(2) : name;
      if (bare === 'a16') mods.a16 = name === 'a16';
      else if (bare === 'd16') mods.d16 = name === 'd16';
      else if (bare === 'tfe') mods.tfe = name === 'tfe';
      name = bare;
    } else continue;
    if (!allowed) continue;
    const bit = allowed.indexOf(name);
    if (bit < 0) mods.other ??= op;
    else if (seen & (1 << bit)) mods.twice ??= op;
    else seen |= 1 << bit;
  }
}

/** A register operand's file (`v`, `s`, `a`; `n` for `null`) and size; file '' when not a plain register. */
const reg = { file: '', size: 0 };
function readRegister(op: Operand): void {
  reg.file = '';
  reg.size = 0;
  if (op.kind === 'word') {
    const n = op.name;
    const c = n.charCodeAt(0) | 0x20;
    if ((c === 118 || c === 115 || c === 97) && /^[a-z]\d+$/i.test(n)) {
      reg.file = String.fromCharCode(c);
      reg.size = 1;
    } else if (/^ttmp\d+$/i.test(n)) {
      reg.file = 's';
      reg.size = 1;
    } else if (lower(n) === 'null') reg.file = 'n';
  } else if (op.kind === 'regRange' && op.first.kind === 'int' && (op.last === null || op.last.kind === 'int')) {
    const p = lower(op.prefix);
    const file = p === 'v' ? 'v' : p === 's' || p === 'ttmp' ? 's' : p === 'a' ? 'a' : '';
    const first = Number(op.first.value);
    const last = op.last ? Number(op.last.value) : first;
    if (file && last >= first) {
      reg.file = file;
      reg.size = last - first + 1;
    }
  }
}

function issue(code: AmdCode, message: string, span: Span): ImageIssue {
  return { code, message, span };
}

/** A descriptor operand (`srsrc`, `ssamp`): `size` SGPRs (or ttmps); anything else is left alone. */
function checkDescriptor(op: Operand, size: number, what: string): ImageIssue | undefined {
  readRegister(op);
  if (reg.file === 'n' || (reg.file !== '' && reg.file !== 's')) return issue(C.operandKind, `invalid operand for instruction: the ${what} is ${size} SGPRs, not ${reg.file === 'n' ? 'null' : reg.file === 'v' ? 'a VGPR' : 'an AGPR'}`, op.span);
  if (reg.file === 's' && reg.size !== size) return issue(C.operandSize, `invalid operand for instruction: the ${what} is ${size} SGPRs, not ${reg.size}`, op.span);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Address size (GFX10-11)

/**
 * The address operand against the dwords expected (llvm-mc-19): a VGPR tuple the operation has
 * an encoding for (see tupleExists) of exactly that size (8 also for 5-7, a leftover of older
 * assembly), or a list: on GFX10 one VGPR per dword (a count the operation has an encoding for),
 * on GFX11 at most 5 entries, VGPRs but for the last, which is a tuple only in a list of 5 and
 * then holds the dwords beyond the fourth (a list of 5 is taken for 5 dwords whatever its last
 * entry's size, where the operation has an encoding of that shape).
 */
function checkAddress(vaddr: Operand, op: ImageOp, expected: number, target: AmdgpuTarget, base: string): ImageIssue | undefined {
  const g = target.generation;
  const mask = addressMask(op);
  if (vaddr.kind === 'list' && vaddr.items.length > 1) {
    const items = vaddr.items;
    const n = items.length;
    const nsaMax = NSA_MAX[g] ?? 0;
    let lastSize = 1;
    for (let i = 0; i < n; i++) {
      readRegister(items[i]!);
      if (reg.file === '') return undefined;
      if (reg.file !== 'v') return issue(C.operandKind, `invalid operand for instruction: image address list entries are VGPRs, not ${reg.file === 's' ? 'SGPRs' : reg.file === 'a' ? 'AGPRs' : 'null'}`, items[i]!.span);
      if (reg.size > 1 && (i < n - 1 || g < 11 || n !== nsaMax))
        return issue(C.operandSize, `invalid operand for instruction: ${g >= 11 ? `only the last entry of a list of ${nsaMax}` : 'no entry of an image address list'} may be a VGPR tuple on ${target.name}`, items[i]!.span);
      if (i === n - 1) lastSize = reg.size;
    }
    const words = n - 1 + lastSize;
    if (n > nsaMax || words > 16 || !((mask >> words) & 1))
      return issue(C.imageAddressSize, `not a valid operand: ${base} has no address list of ${n > nsaMax ? `${n} entries on ${target.name} (at most ${nsaMax})` : `${words} dwords`}`, vaddr.span);
    const actual = g >= 11 && expected > nsaMax ? words : n;
    if (actual !== expected) return addressMismatch(base, expected, `a list of ${lastSize > 1 ? `${words} dwords` : `${n} VGPRs`}`, vaddr.span);
    return undefined;
  }
  const single = vaddr.kind === 'list' ? vaddr.items[0] : vaddr;
  if (!single) return undefined;
  readRegister(single);
  if (reg.file !== 'v') return undefined;
  const size = reg.size;
  if (!tupleExists(mask, size)) return issue(C.operandSize, `invalid operand for instruction: ${base} has no ${size}-dword address`, vaddr.span);
  if (size === expected || (expected > 12 && size === 16) || (size === 8 && expected >= 5 && expected <= 7)) return undefined;
  return addressMismatch(base, expected, `${size}`, vaddr.span);
}

function addressMismatch(base: string, expected: number, got: string, span: Span): ImageIssue {
  return issue(C.imageAddressSize, `image address size does not match dim and a16: ${base} with dim:${mods.dim}${mods.a16 ? ' a16' : ''} takes ${expected} address dword${expected === 1 ? '' : 's'}, not ${got}`, span);
}

// ---------------------------------------------------------------------------------------------
// Entry points

/**
 * A verified image form whose operands matched (positional: vdata, vaddr, srsrc[, ssamp]): the
 * descriptor sizes, dmask, and (GFX10-11) the address size.
 */
export function checkImageOperands(operands: readonly InstructionOperand[], positional: readonly Operand[], count: number, op: ImageOp, base: string, target: AmdgpuTarget, at: Span): ImageIssue | undefined {
  if (count < 3) return undefined;
  const sampler = (op & B.SAMPLER) !== 0 && count >= 4;
  const d = checkDescriptor(positional[2]!, IMAGE_RSRC, 'resource descriptor') ?? (sampler ? checkDescriptor(positional[3]!, IMAGE_SAMP, 'sampler descriptor') : undefined);
  if (d) return d;
  readModifiers(operands, undefined);
  const dm = checkDmask(op, at);
  if (dm) return dm;
  if (op & B.ATOMIC) {
    readRegister(positional[0]!);
    const sizes: readonly number[] = op & B.CMPSWAP ? ATOMIC_DATA_SIZES.cmpswap : ATOMIC_DATA_SIZES.plain;
    // (includes: no allocation)
    if (reg.file === 'v' && !sizes.includes(reg.size)) return issue(C.operandSize, `invalid operand for instruction: ${base} has no ${reg.size}-dword data form (it has ${sizes.join(', ')})`, positional[0]!.span);
  }
  const g = target.generation;
  // Gather data is 4 dwords, 2 with packed d16, one more with tfe: no encoding has 3.
  if (op & B.GATHER && mods.d16 && mods.tfe && (g >= 9 || target.name === 'gfx810'))
    return issue(C.operandSize, `invalid operand for instruction: ${base} has no 3-dword data form (packed d16 with tfe)`, positional[0]!.span);
  if (op & B.BVH) return undefined;
  if (g < 10) {
    // No address size rule before GFX10: the tuple need only be one the operation has an encoding for.
    readRegister(positional[1]!);
    if (reg.file === 'v' && !tupleExists(addressMask(op), reg.size)) return issue(C.operandSize, `invalid operand for instruction: ${base} has no ${reg.size}-dword address`, positional[1]!.span);
    return undefined;
  }
  if (g > 11 || !mods.dim) return undefined;
  const dim = MIMG_DIMS.get(mods.dim)!;
  const expected = addressWords(op, dim[0], dim[1], mods.a16, true);
  return checkAddress(positional[1]!, op, expected, target, base);
}

function checkDmask(op: ImageOp, at: Span): ImageIssue | undefined {
  const m = mods.dmask;
  if (m < 0) return undefined;
  if (op & B.GATHER && m !== 1 && m !== 2 && m !== 4 && m !== 8)
    return issue(C.imageDmask, `invalid image_gather dmask: only one bit must be set, not 0x${m.toString(16)}`, mods.dmaskSpan ?? at);
  if (op & B.ATOMIC && m !== 1 && m !== 3 && m !== 15)
    return issue(C.imageDmask, `invalid atomic image dmask: 0x1, 0x3 or 0xf, not 0x${m.toString(16)}`, mods.dmaskSpan ?? at);
  return undefined;
}

/** Modifiers `image_msaa_load` takes (llvm-mc-19, GFX10.3-11). */
const MSAA_MODIFIERS = ['dmask', 'dim', 'unorm', 'glc', 'slc', 'dlc', 'r128', 'a16', 'tfe', 'lwe', 'd16'];
const BVH_MODIFIERS = ['a16'];

/**
 * The GFX10.3-11 image instructions the table could not verify (`image_bvh_intersect_ray`,
 * `image_bvh64_intersect_ray`, `image_msaa_load`), whole: three operands, a VGPR tuple of data, the
 * address, the resource descriptor, their modifiers, dmask, data and address sizes.
 */
export function checkUnverifiedImage(operands: readonly InstructionOperand[], positional: readonly Operand[], op: ImageOp, base: string, target: AmdgpuTarget, at: Span): ImageIssue | undefined {
  const count = positional.length;
  if (count < 3) return issue(C.tooFewOperands, `too few operands for instruction: ${base} takes 3 (data, address, resource descriptor)`, at);
  if (count > 3) return issue(C.tooManyOperands, `invalid operand for instruction: ${base} takes 3 operands, this is one more`, positional[3]!.span);
  const bvh = (op & B.BVH) !== 0;
  readModifiers(operands, bvh ? BVH_MODIFIERS : MSAA_MODIFIERS);
  if (mods.other) return issue(C.modifier, `invalid operand for instruction: ${base} takes ${bvh ? 'no modifier but a16' : 'no such modifier'}`, mods.other.span);
  if (mods.twice) return issue(C.modifierOrder, `invalid operand for instruction: a modifier written twice`, mods.twice.span);
  const vdata = positional[0]!;
  readRegister(vdata);
  if (reg.file !== '' && reg.file !== 'v') return issue(C.operandKind, `invalid operand for instruction: ${base} writes VGPRs`, vdata.span);
  const dataSize = reg.file === 'v' ? reg.size : 0;
  const d = checkDescriptor(positional[2]!, bvh ? BVH_ADDRESS.rsrc : IMAGE_RSRC, 'resource descriptor');
  if (d) return d;
  if (bvh) return checkBvh(positional[1]!, dataSize, op, base, target, at);
  // image_msaa_load: dim required and MSAA; GFX11 gathers (one dmask bit, four dwords).
  if (mods.dim === '') return issue(C.requiredModifier, `operands are not valid for this GPU or mode: ${base} needs dim:`, at);
  if (mods.dim === undefined) return undefined;
  const dim = MIMG_DIMS.get(mods.dim)!;
  if (!dim[2]) return issue(C.imageMsaaDim, `invalid dim; must be MSAA type: ${base} takes dim:2D_MSAA or dim:2D_MSAA_ARRAY, not ${mods.dim}`, at);
  const gather = target.generation >= 11;
  const dm = checkDmask(gather ? op | B.GATHER : op, at);
  if (dm) return dm;
  if (dataSize > 0 && mods.dmask >= 0) {
    const want = imageDataDwords(gather, mods.dmask, mods.d16, mods.tfe);
    if (dataSize !== want) return issue(C.imageDataSize, `image data size does not match dmask, d16 and tfe: ${base} takes ${want} dword${want === 1 ? '' : 's'} of data here, not ${dataSize}`, vdata.span);
  }
  return checkAddress(positional[1]!, op, addressWords(op, dim[0], dim[1], mods.a16, true), target, base);
}

/**
 * BVH intersect-ray: 4 dwords of data, a 4-SGPR descriptor, and the address: a tuple (or on
 * GFX10.3 a list of single VGPRs) of 11 dwords (12 for bvh64), 8 (9) with a16; on GFX11 also the
 * list [node, extent, origin, direction, inverse direction] (direction and inverse direction in
 * one entry of 3 with a16). "image address size does not match a16" where the size is a16's other.
 */
function checkBvh(vaddr: Operand, dataSize: number, op: ImageOp, base: string, target: AmdgpuTarget, at: Span): ImageIssue | undefined {
  if (dataSize > 0 && dataSize !== BVH_ADDRESS.data) return issue(C.operandSize, `invalid operand for instruction: ${base} writes ${BVH_ADDRESS.data} VGPRs, not ${dataSize}`, at);
  const which = op & B.BVH64 ? 'bvh64' : 'bvh';
  const words = BVH_ADDRESS.words[which];
  const want = words[mods.a16 ? 1 : 0];
  const other = words[mods.a16 ? 0 : 1];
  if (vaddr.kind === 'list' && vaddr.items.length > 1) {
    const items = vaddr.items;
    let singles = true;
    let matchWant = target.generation >= 11;
    let matchOther = matchWant;
    const listWant: readonly number[] = BVH_ADDRESS.nsa11[which][mods.a16 ? 1 : 0];
    const listOther: readonly number[] = BVH_ADDRESS.nsa11[which][mods.a16 ? 0 : 1];
    if (items.length !== listWant.length) matchWant = false;
    if (items.length !== listOther.length) matchOther = false;
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      readRegister(it);
      if (reg.file === '') return undefined;
      if (reg.file !== 'v') return issue(C.operandKind, `invalid operand for instruction: image address list entries are VGPRs`, it.span);
      if (reg.size !== 1) singles = false;
      if (reg.size !== listWant[i]) matchWant = false;
      if (reg.size !== listOther[i]) matchOther = false;
    }
    if (target.generation >= 11) {
      if (matchWant) return undefined;
      if (matchOther) return bvhMismatch(base, want, at);
    } else if (singles) {
      if (items.length === want) return undefined;
      if (items.length === other) return bvhMismatch(base, want, at);
    }
    return issue(C.imageAddressSize, `invalid operand for instruction: ${base}${mods.a16 ? ' with a16' : ''} takes its address as ${target.generation >= 11 ? `the list [${listWant.join(', ')}] (entry sizes) or ` : `${want} single VGPRs or `}a tuple of ${want}`, vaddr.span);
  }
  const single = vaddr.kind === 'list' ? vaddr.items[0] : vaddr;
  if (!single) return undefined;
  readRegister(single);
  if (reg.file === '') return undefined;
  if (reg.file !== 'v') return issue(C.operandKind, `invalid operand for instruction: ${base} takes its address in VGPRs`, vaddr.span);
  if (reg.size === want) return undefined;
  if (reg.size === other) return bvhMismatch(base, want, at);
  return issue(C.imageAddressSize, `invalid operand for instruction: ${base}${mods.a16 ? ' with a16' : ''} takes ${want} address dwords, not ${reg.size}`, vaddr.span);
}

function bvhMismatch(base: string, want: number, at: Span): ImageIssue {
  return issue(C.imageAddressSize, `image address size does not match a16: ${base}${mods.a16 ? ' with a16' : ''} takes ${want} address dwords`, at);
}

/**
 * The data dwords of an image instruction (llvm-mc-19's "image data size does not match dmask, d16
 * and tfe"): one per dmask bit (none set counts as one), four for gathers (and msaa_load where it
 * is one); halved, rounded up, with packed d16; one more with tfe.
 */
export function imageDataDwords(gather: boolean, dmask: number, packedD16: boolean, tfe: boolean): number {
  let n = 0;
  if (gather) n = 4;
  else for (let m = dmask || 1; m; m >>= 1) n += m & 1;
  if (packedD16) n = (n + 1) >> 1;
  return tfe ? n + 1 : n;
}

/** Whether a base mnemonic returns four dwords whatever its dmask (gathers, msaa_load). */
export function isGatherLike(base: string): boolean {
  return base.includes('gather4') || base.includes('msaa_load');
}

/**
 * GFX12 image instructions the table could not verify (only their operand count is checked
 * otherwise): the data register's size against dmask, d16 and tfe, as llvm-mc-19 judges it on
 * every GFX12 image instruction but BVH — one dword per dmask bit (an absent dmask is one bit;
 * gathers and image_msaa_load four), halved with d16 (packed), one more with tfe. Only a plain
 * VGPR tuple as data and a numeric dmask (or none) are judged.
 */
export function checkGfx12ImageData(operands: readonly InstructionOperand[], positional: readonly Operand[], base: string): ImageIssue | undefined {
  if (positional.length === 0 || base.includes('bvh')) return undefined;
  readModifiers(operands, undefined);
  if (mods.dmask < 0) return undefined;
  const vdata = positional[0]!;
  readRegister(vdata);
  if (reg.file !== 'v') return undefined;
  const want = imageDataDwords(isGatherLike(base), mods.dmask, mods.d16, mods.tfe);
  if (reg.size === want) return undefined;
  return issue(C.imageDataSize, `image data size does not match dmask, d16 and tfe: ${base} takes ${want} dword${want === 1 ? '' : 's'} of data here, not ${reg.size}`, vdata.span);
}

/**
 * GFX12 image addresses (llvm-mc-19): single VGPRs, as `v0` or a list `[v0, v1, ...]`; a tuple
 * (`v[0:1]`) is refused ("operands are not valid for this GPU or mode"), and so is a tuple in a
 * list ("invalid operand for instruction") but as the last entry of a list of 4 in an instruction
 * with a sampler (VSAMPLE's partial NSA: the dwords beyond the third). BVH lists (node, extent,
 * origin, direction...) are not judged here; a BVH address as one tuple is refused too.
 */
export function checkGfx12ImageAddress(positional: readonly Operand[], sampler: boolean, base: string): ImageIssue | undefined {
  const vaddr = positional[1];
  if (vaddr === undefined) return undefined;
  if (vaddr.kind === 'regRange') {
    readRegister(vaddr);
    if (reg.file === 'v' && reg.size > 1) return issue(C.imageAddressSize, `operands are not valid for this GPU or mode: GFX12 ${base} takes its address as single VGPRs (v0, or a list [v0, v1, ...]), not a ${reg.size}-dword tuple`, vaddr.span);
    return undefined;
  }
  if (vaddr.kind !== 'list' || base.includes('bvh')) return undefined;
  const items = vaddr.items;
  for (let i = 0; i < items.length; i++) {
    readRegister(items[i]!);
    if (reg.file !== 'v' || reg.size === 1) continue;
    if (sampler && items.length === 4 && i === 3) continue;
    return issue(C.operandSize, `invalid operand for instruction: GFX12 ${base}'s address list takes single VGPRs${sampler ? ' (a tuple only as the last of 4 entries)' : ''}, not a ${reg.size}-dword tuple`, items[i]!.span);
  }
  return undefined;
}

/**
 * GFX12 image instructions but BVH (llvm-mc-19), after checkGfx12ImageAddress: with `allowed`
 * (the forms the table could not verify) the modifiers (the syntax page's, less `nv`: llvm-mc-19
 * refuses it) and VGPR data; on every form the descriptor sizes (8 SGPRs, the sampler 4) and the
 * address size against dim and a16 ("image address size does not match dim and a16"): a list
 * counts its entries, or, where the address has more dwords than a list may have entries (4 with
 * a sampler, 5 without), the entries before the last plus the last one's size.
 */
export function checkGfx12Image(operands: readonly InstructionOperand[], positional: readonly Operand[], sampler: boolean, base: string, allowed: readonly string[] | undefined): ImageIssue | undefined {
  if (positional.length < 3 || base.includes('bvh')) return undefined;
  readModifiers(operands, allowed);
  if (mods.other) return issue(C.modifier, `invalid operand for instruction: ${base} takes no '${mods.other.kind === 'modifier' ? mods.other.name : mods.other.kind === 'word' ? mods.other.name : 'such'}' modifier on GFX12 (it takes ${allowed!.join(', ')})`, mods.other.span);
  if (mods.twice) return issue(C.modifierOrder, `invalid operand for instruction: a modifier written twice`, mods.twice.span);
  if (allowed) {
    readRegister(positional[0]!);
    if (reg.file !== '' && reg.file !== 'v') return issue(C.operandKind, `invalid operand for instruction: ${base}'s data is in VGPRs`, positional[0]!.span);
  }
  const d = checkDescriptor(positional[2]!, IMAGE_RSRC, 'resource descriptor') ?? (sampler && positional.length >= 4 ? checkDescriptor(positional[3]!, IMAGE_SAMP, 'sampler descriptor') : undefined);
  if (d) return d;
  const op = imageOp(base);
  if (op === 0) return undefined;
  // image_msaa_load gathers on GFX12 as on GFX11 (one dmask bit).
  const dm = checkDmask(op & B.MSAA ? op | B.GATHER : op, positional[0]!.span);
  if (dm) return dm;
  if (op & B.ATOMIC) {
    readRegister(positional[0]!);
    const sizes: readonly number[] = op & B.CMPSWAP ? ATOMIC_DATA_SIZES.cmpswap : ATOMIC_DATA_SIZES.plain;
    if (reg.file === 'v' && !sizes.includes(reg.size)) return issue(C.operandSize, `invalid operand for instruction: ${base} has no ${reg.size}-dword data form (it has ${sizes.join(', ')})`, positional[0]!.span);
  }
  // Gather data is 4 dwords, 2 with d16, one more with tfe: no encoding has 3.
  if (op & B.GATHER && mods.d16 && mods.tfe) return issue(C.operandSize, `invalid operand for instruction: ${base} has no 3-dword data form (d16 with tfe)`, positional[0]!.span);
  const vaddr = positional[1]!;
  // The dwords written (a list's entries before the last plus the last one's size), which need an encoding.
  let words: number;
  let entries: number;
  if (vaddr.kind === 'list') {
    const items = vaddr.items;
    entries = items.length;
    if (entries === 0) return undefined;
    readRegister(items[entries - 1]!);
    if (reg.file !== 'v') return undefined;
    words = entries - 1 + reg.size;
  } else {
    readRegister(vaddr);
    if (reg.file !== 'v') return undefined;
    words = entries = reg.size;
  }
  if (words > 16 || !((addressMask(op) >> words) & 1)) return issue(C.imageAddressSize, `not a valid operand: ${base} has no address of ${words} dwords`, vaddr.span);
  if (!mods.dim) return undefined;
  const dim = MIMG_DIMS.get(mods.dim)!;
  const expected = addressWords(op, dim[0], dim[1], mods.a16, true);
  const actual = expected > (sampler ? NSA_MAX_GFX12.sample : NSA_MAX_GFX12.image) ? words : entries;
  if (actual === expected) return undefined;
  return addressMismatch(base, expected, vaddr.kind === 'list' ? `a list of ${actual} dwords` : `${actual}`, vaddr.span);
}

/**
 * The modifiers of a GFX12 image instruction but BVH (llvm-mc-19, every image mnemonic): dmask,
 * dim, a16, r128, th, scope, tfe; d16 but on atomics and the `_pck`, get_resinfo and get_lod
 * operations; lwe and unorm where it samples (VSAMPLE: a sampler, or image_msaa_load). The table's
 * lists differ (the page's have `nv`, the old atomic names GFX11's cache bits). Undefined where the
 * operation is not modelled.
 */
export function gfx12ImageModifiers(base: string): readonly string[] | undefined {
  const op = imageOp(base);
  if (op === 0 || op & B.BVH) return undefined;
  const out = ['dmask', 'dim', 'a16', 'r128', 'th', 'scope', 'tfe'];
  if (!(op & (B.ATOMIC | B.NO_D16))) out.push('d16');
  if (op & (B.SAMPLER | B.MSAA)) out.push('lwe', 'unorm');
  return out;
}
