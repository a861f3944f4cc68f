/**
 * AMDGPU register operands: the four syntaxes (`v0`, `v[0]`, `v[0:3]`, `[v0,v1]`), SP3 lists of
 * special registers (`[exec_lo,exec_hi]`), 16-bit halves (`v0.l`), per-GPU ranges, alignment and
 * availability, and the 9-bit source-operand code. The rules and their order follow llvm-mc 19, so
 * the first failing rule is the one llvm-mc reports, at the same column.
 */
import { defaultOperandExprEvaluator, isDigit, isIdentPart, isIdentStart, skipSpaces, type OperandExprEvaluator } from '../parse/operand-expr.js';
import {
  isSpecialAvailable,
  SPECIAL_REGISTER_NAMES,
  specialRegister,
  specialSourceCode,
  unavailableMessage,
  type SpecialRegister,
} from '../data/special-registers.js';
import { sgprCount, ttmpBase, ttmpCount, type AmdgpuTarget } from '../targets.js';
import type { AmdCode, AmdRawDiagnostic } from '../diagnostics.js';

export type RegisterKind = 'vgpr' | 'sgpr' | 'ttmp' | 'agpr' | 'special';

/** A parsed register operand; offsets index the text it was parsed from. */
export interface RegisterOperand {
  readonly kind: RegisterKind;
  /** First register index (regular registers); 0 for special registers. */
  readonly index: number;
  /** Number of 32-bit registers. */
  readonly count: number;
  /** 16-bit half (`v0.l`, `v0.h`). */
  readonly half?: 'lo' | 'hi';
  readonly special?: SpecialRegister;
  readonly start: number;
  readonly end: number;
}

/** An operand-level error: the AMDGPU raw diagnostic (code, llvm-mc's wording or close to it, where it points), by its older name. */
export type OperandError = AmdRawDiagnostic;

export type RegisterParse =
  | { readonly status: 'none' }
  | { readonly status: 'ok'; readonly reg: RegisterOperand }
  | { readonly status: 'error'; readonly error: OperandError };

/** Diagnostic codes of register operands (docs/diagnostics.md, "AMDGPU operands"). */
export const REG_CODES = {
  invalidName: 'AMD301',
  invalidIndex: 'AMD302',
  outOfRange: 'AMD303',
  alignment: 'AMD304',
  size: 'AMD305',
  notAvailable: 'AMD306',
  indexOrder: 'AMD307',
  missingIndex: 'AMD308',
  closingBracket: 'AMD309',
  listConsecutive: 'AMD310',
  listSameKind: 'AMD311',
  listNotFit: 'AMD312',
  listSingle: 'AMD313',
  listCommaOrBracket: 'AMD314',
  listExpected: 'AMD315',
  indexExpr: 'AMD316',
  vgprAlignment: 'AMD317',
  half: 'AMD318',
  agpr: 'AMD319',
  nsaContiguous: 'AMD320',
} as const satisfies Record<string, AmdCode>;

const LBRAC = 91;
const RBRAC = 93;
const COLON = 58;
const COMMA = 44;

/** Tuple sizes llvm-mc 19 has register classes for, per kind. */
const VECTOR_SIZES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 32]);
const SGPR_SIZES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16]);
const TTMP_SIZES = new Set([1, 2, 4, 8, 16]);

/** Registers in each class as the encoder numbers them (availability per GPU is a separate rule). */
const CLASS_LIMIT: Record<Exclude<RegisterKind, 'special'>, number> = { vgpr: 256, agpr: 256, sgpr: 106, ttmp: 16 };

const REGULAR_PREFIXES: [string, Exclude<RegisterKind, 'special'>][] = [
  ['v', 'vgpr'],
  ['s', 'sgpr'],
  ['ttmp', 'ttmp'],
  ['acc', 'agpr'],
  ['a', 'agpr'],
];

/** Whether `name` is a register prefix before `[` as llvm-mc-19 spells one (`v`, `s`, `ttmp`, `acc`, `a`; lower case only). */
export function isRangePrefix(name: string): boolean {
  for (const p of REGULAR_PREFIXES) if (name === p[0]) return true;
  return false;
}

function regularPrefix(name: string): [string, Exclude<RegisterKind, 'special'>] | undefined {
  for (const p of REGULAR_PREFIXES) if (name.startsWith(p[0])) return p;
  return undefined;
}

/** Decimal register number as llvm's getAsInteger(10, unsigned): digits only, fits 32 bits. */
function decimalIndex(s: string): number | undefined {
  if (s.length === 0) return undefined;
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return undefined;
    v = v * 10 + (c - 48);
    if (v > 0xffffffff) return undefined;
  }
  return v;
}

function splitHalf(suffix: string): { num: string; half?: 'lo' | 'hi' } {
  if (suffix.endsWith('.l')) return { num: suffix.slice(0, -2), half: 'lo' };
  if (suffix.endsWith('.h')) return { num: suffix.slice(0, -2), half: 'hi' };
  return { num: suffix };
}

function identEnd(text: string, pos: number): number {
  let end = pos;
  if (end < text.length && isIdentStart(text.charCodeAt(end))) {
    end++;
    while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
  }
  return end;
}

/** Whether the text at `pos` starts a register, by llvm-mc's test (else it is an expression or symbol). */
export function looksLikeRegister(text: string, pos: number): boolean {
  pos = skipSpaces(text, pos);
  const c = text.charCodeAt(pos);
  if (c === LBRAC) return true;
  if (!isIdentStart(c)) return false;
  const end = identEnd(text, pos);
  const name = text.slice(pos, end);
  if (SPECIAL_REGISTER_NAMES.has(name)) return true;
  const p = regularPrefix(name);
  if (!p) return false;
  const suffix = name.slice(p[0].length);
  if (suffix.length > 0) return decimalIndex(splitHalf(suffix).num) !== undefined;
  return text.charCodeAt(skipSpaces(text, end)) === LBRAC;
}

interface Parsed {
  kind: RegisterKind;
  index: number;
  count: number;
  half?: 'lo' | 'hi';
  special?: SpecialRegister;
  start: number;
  end: number;
}

class RegisterParser {
  private depth = 0;
  error: OperandError | undefined;
  constructor(
    private readonly text: string,
    private readonly target: AmdgpuTarget,
    private readonly evaluator: OperandExprEvaluator,
  ) {}

  private fail(code: AmdCode, message: string, start: number, length = 1): undefined {
    this.error ??= { code, message, start, length: Math.max(1, length) };
    return undefined;
  }

  /// register ::= special | regular | '[' register (',' register)* ']'
  /// Every register parsed (list elements too) must exist on the target.
  register(pos: number): Parsed | undefined {
    pos = skipSpaces(this.text, pos);
    const r = this.text.charCodeAt(pos) === LBRAC || !isIdentStart(this.text.charCodeAt(pos)) ? this.list(pos) : this.named(pos);
    if (!r) return undefined;
    return this.checkAvailable(r) ? r : undefined;
  }

  private named(pos: number): Parsed | undefined {
    const end = identEnd(this.text, pos);
    const name = this.text.slice(pos, end);
    const sp = SPECIAL_REGISTER_NAMES.get(name);
    // Special registers count as 32 bits wide inside lists, as in llvm-mc.
    if (sp) return { kind: 'special', index: 0, count: sp.width / 32, special: sp, start: pos, end };
    return this.regular(pos, end, name);
  }

  /// regular ::= prefix DECIMAL ('.l'|'.h')? | prefix '[' expr (':' expr)? ']'
  private regular(pos: number, end: number, name: string): Parsed | undefined {
    const p = regularPrefix(name);
    if (!p) return this.fail(REG_CODES.invalidName, 'invalid register name', pos, end - pos);
    const [prefix, kind] = p;
    const suffix = name.slice(prefix.length);
    if (suffix.length > 0) {
      const { num, half } = splitHalf(suffix);
      const index = decimalIndex(num);
      if (index === undefined) return this.fail(REG_CODES.invalidIndex, 'invalid register index', pos, end - pos);
      return this.checkRegular({ kind, index, count: 1, half, start: pos, end });
    }
    const range = this.range(end);
    if (!range) return undefined;
    return this.checkRegular({ kind, index: range.lo, count: range.hi - range.lo + 1, start: pos, end: range.end });
  }

  /// range ::= '[' expr (':' expr)? ']'
  private range(pos: number): { lo: number; hi: number; end: number } | undefined {
    const text = this.text;
    pos = skipSpaces(text, pos);
    if (text.charCodeAt(pos) !== LBRAC) return this.fail(REG_CODES.missingIndex, 'missing register index', pos);
    const firstAt = skipSpaces(text, pos + 1);
    const lo = this.evaluator.evaluate(text, firstAt);
    if (!lo.ok) return this.fail(REG_CODES.indexExpr, lo.message, lo.offset);
    let hi: { value: bigint; end: number } = lo;
    let secondAt = firstAt;
    let at = skipSpaces(text, lo.end);
    if (text.charCodeAt(at) === COLON) {
      secondAt = skipSpaces(text, at + 1);
      const h = this.evaluator.evaluate(text, secondAt);
      if (!h.ok) return this.fail(REG_CODES.indexExpr, h.message, h.offset);
      hi = h;
      at = skipSpaces(text, h.end);
    }
    if (text.charCodeAt(at) !== RBRAC) return this.fail(REG_CODES.closingBracket, 'expected a closing square bracket', at);
    if (lo.value < 0n || lo.value > 0xffffffffn) return this.fail(REG_CODES.invalidIndex, 'invalid register index', firstAt, lo.end - firstAt);
    if (hi.value < 0n || hi.value > 0xffffffffn) return this.fail(REG_CODES.invalidIndex, 'invalid register index', secondAt, hi.end - secondAt);
    if (lo.value > hi.value)
      return this.fail(REG_CODES.indexOrder, 'first register index should not exceed second index', firstAt, lo.end - firstAt);
    return { lo: Number(lo.value), hi: Number(hi.value), end: at + 1 };
  }

  /// list ::= '[' register (',' register)* ']'   (single 32-bit registers, same kind, consecutive)
  private list(pos: number): Parsed | undefined {
    const text = this.text;
    if (text.charCodeAt(pos) !== LBRAC) return this.fail(REG_CODES.listExpected, 'expected a register or a list of registers', pos);
    if (++this.depth > 1000) return this.fail(REG_CODES.listExpected, 'register list nested too deeply', pos);
    try {
      let at = skipSpaces(text, pos + 1);
      const first = this.register(at);
      if (!first) return undefined;
      if (first.count !== 1 && first.kind !== 'special')
        return this.fail(REG_CODES.listSingle, 'expected a single 32-bit register', at, first.end - at);
      let acc: Parsed = { ...first, half: undefined };
      at = skipSpaces(text, first.end);
      while (text.charCodeAt(at) === COMMA) {
        const elemAt = skipSpaces(text, at + 1);
        const next = this.register(elemAt);
        if (!next) return undefined;
        if (next.count !== 1 && next.kind !== 'special')
          return this.fail(REG_CODES.listSingle, 'expected a single 32-bit register', elemAt, next.end - elemAt);
        if (next.kind !== acc.kind) return this.fail(REG_CODES.listSameKind, 'registers in a list must be of the same kind', elemAt, next.end - elemAt);
        if (acc.kind === 'special') {
          const merged = mergeSpecial(acc.special!, next.special!);
          if (!merged) return this.fail(REG_CODES.listNotFit, 'register does not fit in the list', elemAt, next.end - elemAt);
          acc = { ...acc, special: merged, count: 2 };
        } else {
          if (next.index !== acc.index + acc.count)
            return this.fail(REG_CODES.listConsecutive, 'registers in a list must have consecutive indices', elemAt, next.end - elemAt);
          acc = { ...acc, count: acc.count + 1 };
        }
        at = skipSpaces(text, next.end);
      }
      if (text.charCodeAt(at) !== RBRAC) return this.fail(REG_CODES.listCommaOrBracket, 'expected a comma or a closing square bracket', at);
      const whole: Parsed = { ...acc, start: pos, end: at + 1 };
      if (whole.kind === 'special') return whole;
      return this.checkRegular(whole);
    } finally {
      this.depth--;
    }
  }

  /// Alignment, size and class range, in llvm-mc's order.
  private checkRegular(r: Parsed): Parsed | undefined {
    const len = r.end - r.start;
    if (r.kind === 'sgpr' || r.kind === 'ttmp') {
      const align = Math.min(bitCeil(r.count), 4);
      if (r.index % align !== 0) return this.fail(REG_CODES.alignment, 'invalid register alignment', r.start, len);
    }
    const sizes = r.kind === 'sgpr' ? SGPR_SIZES : r.kind === 'ttmp' ? TTMP_SIZES : VECTOR_SIZES;
    if (!sizes.has(r.count)) return this.fail(REG_CODES.size, 'invalid or unsupported register size', r.start, len);
    if (r.index + r.count > CLASS_LIMIT[r.kind as Exclude<RegisterKind, 'special'>])
      return this.fail(REG_CODES.outOfRange, 'register index is out of range', r.start, len);
    return r;
  }

  private checkAvailable(r: Parsed): boolean {
    const t = this.target;
    const len = r.end - r.start;
    if (r.kind === 'special') {
      // vccz/execz and lds_direct are checked by llvm-mc after parsing, at the operand's start.
      if (isSpecialAvailable(r.special!, t) || isCheckedLater(r.special!)) return true;
      this.fail(REG_CODES.notAvailable, unavailableMessage(r.special!), r.start, len);
      return false;
    }
    const last = r.index + r.count - 1;
    if ((r.kind === 'sgpr' && last >= sgprCount(t)) || (r.kind === 'ttmp' && last >= ttmpCount(t))) {
      this.fail(REG_CODES.notAvailable, `${formatRegister(r)} register not available on this GPU`, r.start, len);
      return false;
    }
    return true;
  }
}

function isCheckedLater(r: SpecialRegister): boolean {
  return r.availability === 'upToGfx10' || r.availability === 'ldsDirect';
}

function bitCeil(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** `[exec_lo,exec_hi]` and friends: a low half followed by its high half makes the 64-bit register. */
function mergeSpecial(lo: SpecialRegister, hi: SpecialRegister): SpecialRegister | undefined {
  for (const name of ['exec', 'vcc', 'flat_scratch', 'xnack_mask', 'tba', 'tma']) {
    const r = specialRegister(name)!;
    if (r.lo === lo.name && r.hi === hi.name) return r;
  }
  return undefined;
}

/**
 * Parses a register at `pos`. `none` when the text there is not a register by llvm-mc's test (an
 * expression or symbol then); `error` with the first failing rule; `ok` otherwise. Indices may be
 * absolute expressions, evaluated by `evaluator` (default: numbers and operators, no symbols).
 */
export function parseRegister(
  text: string,
  pos: number,
  target: AmdgpuTarget,
  evaluator: OperandExprEvaluator = defaultOperandExprEvaluator,
): RegisterParse {
  pos = skipSpaces(text, pos);
  if (!looksLikeRegister(text, pos)) return { status: 'none' };
  const p = new RegisterParser(text, target, evaluator);
  const r = p.register(pos);
  if (!r) return { status: 'error', error: p.error ?? { code: REG_CODES.invalidName, message: 'invalid register', start: pos, length: 1 } };
  if (r.special && !isSpecialAvailable(r.special, target))
    return { status: 'error', error: { code: REG_CODES.notAvailable, message: unavailableMessage(r.special), start: pos, length: r.end - pos } };
  return { status: 'ok', reg: r };
}

/** llvm-mc's spelling of a register: `s5`, `s[4:7]`, `ttmp[12:15]`, `exec`. */
export function formatRegister(r: { kind: RegisterKind; index: number; count: number; half?: 'lo' | 'hi'; special?: SpecialRegister }): string {
  if (r.kind === 'special') return r.special!.name;
  const p = r.kind === 'vgpr' ? 'v' : r.kind === 'sgpr' ? 's' : r.kind === 'ttmp' ? 'ttmp' : 'a';
  const h = r.half === 'lo' ? '.l' : r.half === 'hi' ? '.h' : '';
  return r.count === 1 ? `${p}${r.index}${h}` : `${p}[${r.index}:${r.index + r.count - 1}]`;
}

/**
 * Rules that llvm-mc checks when it matches an instruction rather than while parsing, but that
 * hold for every operand: AGPRs only on GPUs that have them; even-aligned VGPR/AGPR tuples on
 * GFX90A/GFX940; 16-bit halves only on GFX11+ VGPRs v0…v127 (.h) / v0…v255 (.l).
 */
export function validateRegisterForTarget(r: RegisterOperand, target: AmdgpuTarget): OperandError | undefined {
  const len = r.end - r.start;
  // A bare `a16` is also the image instructions' A16 modifier (written without a comma), so it
  // is not flagged here; the instruction decides which it is.
  const isA16Modifier = r.kind === 'agpr' && r.index === 16 && r.count === 1 && len === 3;
  if (r.kind === 'agpr' && !target.agprs && !isA16Modifier)
    return { code: REG_CODES.agpr, message: 'accumulation registers (a0…a255) are not available on this GPU', start: r.start, length: len };
  if ((r.kind === 'vgpr' || r.kind === 'agpr') && target.alignedVgprTuples && r.count >= 2 && r.index % 2 !== 0)
    return {
      code: REG_CODES.vgprAlignment,
      message: 'invalid register class: vgpr tuples must be 64 bit aligned',
      start: r.start,
      length: len,
    };
  if (r.half) {
    if (r.kind !== 'vgpr' || target.generation < 11)
      return { code: REG_CODES.half, message: '16-bit register halves (.l/.h) are only valid on GFX11+ VGPRs', start: r.start, length: len };
  }
  return undefined;
}

/**
 * The 9-bit source-operand code of a register on a target: SGPRs 0…105, special registers at
 * their per-generation codes, ttmp from 112 (GFX6-8) or 108 (GFX9+), VGPRs (and AGPRs, which use
 * the same field) 256…511. A tuple's code is its first register's. `.h` halves of v0…v127 add 128
 * (the VOP1/VOP2/VOPC 16-bit form; v128.h and up are VOP3-only and keep 256 + N). Undefined for pc.
 */
export function registerSourceCode(r: RegisterOperand, target: AmdgpuTarget): number | undefined {
  switch (r.kind) {
    case 'sgpr':
      return r.index;
    case 'ttmp':
      return ttmpBase(target) + r.index;
    case 'vgpr':
      // v0.h…v127.h: the VOP1/VOP2/VOPC 16-bit form sets bit 7; higher halves exist only in VOP3 (op_sel).
      return 256 + r.index + (r.half === 'hi' && r.index < 128 ? 128 : 0);
    case 'agpr':
      return 256 + r.index;
    case 'special':
      return specialSourceCode(r.special!, target);
  }
}

/**
 * NSA (non-sequential address) lists of GFX10+ image instructions: `[v4, v1, v[2:3]]`. Each
 * element is a VGPR (any syntax); repeats and gaps are allowed. On GFX11+, when the address has
 * more than 5 dwords, elements from the 5th on must be contiguous.
 */
export function parseNsaAddress(
  text: string,
  pos: number,
  target: AmdgpuTarget,
  evaluator: OperandExprEvaluator = defaultOperandExprEvaluator,
): { status: 'ok'; regs: RegisterOperand[]; end: number } | { status: 'error'; error: OperandError } {
  pos = skipSpaces(text, pos);
  if (text.charCodeAt(pos) !== LBRAC) return { status: 'error', error: { code: REG_CODES.listExpected, message: 'expected a register or a list of registers', start: pos, length: 1 } };
  const regs: RegisterOperand[] = [];
  let at = pos + 1;
  for (;;) {
    const r = parseRegister(text, at, target, evaluator);
    if (r.status === 'none') return { status: 'error', error: { code: REG_CODES.listExpected, message: 'expected a register or a list of registers', start: skipSpaces(text, at), length: 1 } };
    if (r.status === 'error') return r;
    if (r.reg.kind !== 'vgpr') return { status: 'error', error: { code: REG_CODES.listSameKind, message: 'image address registers must be VGPRs', start: r.reg.start, length: r.reg.end - r.reg.start } };
    regs.push(r.reg);
    at = skipSpaces(text, r.reg.end);
    const c = text.charCodeAt(at);
    if (c === COMMA) {
      at++;
      continue;
    }
    if (c !== RBRAC) return { status: 'error', error: { code: REG_CODES.listCommaOrBracket, message: 'expected a comma or a closing square bracket', start: at, length: 1 } };
    break;
  }
  let dwords = 0;
  for (const r of regs) dwords += r.count;
  if (target.generation >= 11 && dwords > 5 && regs.length > 5) {
    for (let i = 5; i < regs.length; i++) {
      const prev = regs[i - 1]!;
      if (regs[i]!.index !== prev.index + prev.count)
        return { status: 'error', error: { code: REG_CODES.nsaContiguous, message: 'image address registers from the 5th on must be contiguous on GFX11+', start: regs[i]!.start, length: regs[i]!.end - regs[i]!.start } };
    }
  }
  return { status: 'ok', regs, end: at + 1 };
}
