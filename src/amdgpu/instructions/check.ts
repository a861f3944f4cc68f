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
import type { InstructionOperand, Operand, Statement } from '../ast.js';
import type { IssueSink } from '../expr.js';
import { inlineCode16, inlineCode32, inlineCode64 } from '../immediates.js';
import { parseRegister } from '../registers.js';
import type { AmdgpuTarget } from '../targets.js';
import { AMD_INSTRUCTION_CODES as C } from './diagnostics.js';
import { lookupInstruction, OperandFile as F, type FormSpec, type OperandSpec } from './table.js';

type InstructionStatement = Extract<Statement, { kind: 'instruction' }>;

interface PreparedOperand {
  readonly spec: OperandSpec;
  /** `OperandFile` bits, the table's, widened where a probe could not tell (see `widen`). */
  readonly files: number;
  /** The register size is checked: 0 no, 1 vector registers, 2 vector and scalar registers. */
  readonly sized: 0 | 1 | 2;
  /** A GLOBAL `vaddr`: one dword with an SGPR base after it, two with `off`. */
  readonly globalVaddr: boolean;
  readonly returnOnly: boolean;
}

interface PreparedForm {
  readonly spec: FormSpec;
  readonly ops: readonly PreparedOperand[];
  readonly min: number;
  readonly max: number;
}

type Prepared =
  | { readonly status: 'error'; readonly code: string; readonly message: string }
  /** Operand rules apply: the verified forms of the written mnemonic on this GPU. */
  | { readonly status: 'forms'; readonly forms: readonly PreparedForm[] }
  /** Known, but with no verified form (or a VOPD half): only the mnemonic is checked. */
  | { readonly status: 'ok' };

const OK: Prepared = { status: 'ok' };

/** Families whose vector register sizes depend on modifiers (dmask, dim, a16, d16, tfe, NSA). */
const SIZE_FREE_FAMILIES = new Set(['MIMG', 'VIMAGE', 'VSAMPLE']);
/** Families whose operands are scalar registers sized by the instruction alone. */
const SCALAR_FAMILIES = new Set(['SOP1', 'SOP2', 'SOPK', 'SOPC', 'SMEM']);

const cache = new Map<string, Map<string, Prepared>>();

function gpuList(gpus: readonly string[]): string {
  return gpus.length <= 6 ? gpus.join(', ') : `${gpus.slice(0, 5).join(', ')} and ${gpus.length - 5} more`;
}

const SUFFIX = /_(e32|e64|sdwa|dpp|e64_dpp)$/i;

function prepare(mnemonic: string, target: AmdgpuTarget): Prepared {
  const r = lookupInstruction(mnemonic, target.name);
  // llvm-mc strips one encoding suffix and matches the rest as a mnemonic, and some of its
  // mnemonics end in a suffix themselves (`v_mov_b32_e32_e32` is taken); a forced encoding on a
  // non-VALU instruction is refused only for some (`s_mov_b32_e32` is taken, `s_mov_b32_e64` is
  // not). The table has neither: such spellings are left alone.
  const suffix = SUFFIX.exec(mnemonic);
  if (suffix) {
    const rest = mnemonic.slice(0, suffix.index);
    if (r.status === 'variant-not-supported' && !/^v_/i.test(mnemonic)) return OK;
    if (r.status === 'unknown' && SUFFIX.test(rest)) {
      const s = lookupInstruction(rest, target.name).status;
      if (s === 'found' || s === 'variant-not-supported') return OK;
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
      if (r.forms.some((f) => !f.verified || f.form === 'vopdx' || f.form === 'vopdy')) return OK;
      return { status: 'forms', forms: r.forms.map((spec) => prepareForm(mnemonic.toLowerCase(), spec)) };
    }
  }
}

/**
 * A form's operands as the rules use them. The table's register files come from probes that
 * replace one operand of a valid example at a time; where the example's other operands or
 * modifiers decide what a position takes, the probe could not tell, and the position is widened:
 * MUBUF/MTBUF `vaddr` (a VGPR with idxen/offen, `off` without), VALU scalar sources (`ssrc*`, an
 * SGPR where the example's other source already used the constant bus), SOPP's optional immediate.
 */
function prepareForm(mnemonic: string, spec: FormSpec): PreparedForm {
  const family = spec.family;
  const buffer = family === 'MUBUF' || family === 'MTBUF';
  const valu = family.startsWith('VOP') || family === 'SDWA' || family === 'DPP16' || family === 'DPP8' || family === 'MFMA';
  const sizeFree = SIZE_FREE_FAMILIES.has(family) || (buffer && mnemonic.includes('_d16'));
  // MFMA (gfx90a on): vdst and src2 are both VGPRs or both AGPRs; the table probed one at a time.
  const mfmaAgprs = family === 'MFMA' && spec.operands.some((o) => (o.files & F.A) !== 0);
  const ops = spec.operands.map((o): PreparedOperand => {
    let files = o.files;
    let sized: 0 | 1 | 2 = sizeFree ? 0 : SCALAR_FAMILIES.has(family) ? 2 : 1;
    if (buffer && o.kind === 'vaddr') {
      files |= F.V | F.OFF;
      sized = 0;
    }
    if (buffer && (o.kind === 'vdata' || o.kind === 'vdst') && mnemonic.includes('_d16')) sized = 0;
    if (mfmaAgprs && (o.name === 'vdst' || o.name === 'src2')) files |= F.V | F.A;
    if (valu && o.name.startsWith('ssrc')) files |= F.S | F.SPECIAL;
    // GLOBAL: `vaddr, saddr` is `v[0:1], off` or `v0, s[0:1]`; SCRATCH: `v0, off` or `off, s0`.
    if ((family === 'GLOBAL' || family === 'SCRATCH') && o.kind === 'vaddr') files |= F.V | (family === 'SCRATCH' ? F.OFF : 0);
    if ((family === 'GLOBAL' || family === 'SCRATCH') && o.kind === 'saddr') files |= F.S | F.SPECIAL | F.OFF;
    return { spec: o, files, sized, globalVaddr: family === 'GLOBAL' && o.kind === 'vaddr', returnOnly: o.returnOnly };
  });
  const max = family === 'SOPP' ? Math.max(spec.maxOperands, 1) : spec.maxOperands;
  return { spec, ops, min: spec.minOperands, max };
}

function prepared(mnemonic: string, target: AmdgpuTarget): Prepared {
  let perGpu = cache.get(target.name);
  if (!perGpu) cache.set(target.name, (perGpu = new Map()));
  let p = perGpu.get(mnemonic);
  if (!p) perGpu.set(mnemonic, (p = prepare(mnemonic, target)));
  return p;
}

// ---------------------------------------------------------------------------------------------
// Operands as llvm-mc separates them: positional operands, then modifiers (commas are optional)

/** Bare words llvm-mc reads as modifiers (also with a `no` prefix for the bit modifiers). */
const MODIFIER_WORDS = new Set([
  'glc', 'slc', 'dlc', 'nt', 'sc0', 'sc1', 'gds', 'lds', 'tfe', 'lwe', 'idxen', 'offen', 'addr64', 'clamp', 'unorm', 'da',
  'r128', 'd16', 'done', 'vm', 'compr', 'high', 'nv', 'row_mirror', 'row_half_mirror', 'bound_ctrl', 'fi', 'row_en',
]);

/** Calls that wrap a source operand (`neg(v0)`, `abs(v0)`, `sext(v0)`, `lit(1.0)`). */
const WRAPPERS = new Set(['neg', 'abs', 'sext', 'lit', 'lit64']);

/** Modifier words that are also register names (`a16` an AGPR, `scc`): modifiers only in memory instructions. */
const MEMORY_MODIFIER_WORDS = new Set(['a16', 'scc']);

function isModifier(op: Operand, memory: boolean): boolean {
  if (op.kind === 'modifier') return true;
  if (op.kind !== 'word') return false;
  const n = op.name.toLowerCase();
  const m = n.startsWith('no') ? n.slice(2) : n;
  return MODIFIER_WORDS.has(m) || (memory && MEMORY_MODIFIER_WORDS.has(m));
}

const MEMORY_FAMILIES = new Set(['MUBUF', 'MTBUF', 'MIMG', 'FLAT', 'GLOBAL', 'SCRATCH', 'DS', 'SMEM']);

/**
 * The positional operands: modifiers left out, and a run of calls such as `vmcnt(0) lgkmcnt(0)`
 * (with or without commas) counted as the one operand it is. Reuses one array (no allocation).
 */
const positional: Operand[] = [];
function collectPositional(operands: readonly InstructionOperand[], firstIsPositional: boolean, memory: boolean): void {
  positional.length = 0;
  let prevCall = false;
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    // A word such as `gds` first, where an operand must come first, is a symbol (`s_branch gds`).
    if (isModifier(op, memory) && !(firstIsPositional && positional.length === 0 && op.kind === 'word')) {
      prevCall = false;
      continue;
    }
    const call = op.kind === 'call' && !WRAPPERS.has(op.name.toLowerCase());
    if (call && prevCall) continue;
    prevCall = call;
    positional.push(op);
  }
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
}

interface Seen {
  what: What;
  size: number;
}
const seen: Seen = { what: What.Unknown, size: 1 };

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
  if (inlineCode64(v, inv2Pi) !== undefined) return true;
  if (v >= -0x80000000n && v <= 0xffffffffn) {
    const n = Number(BigInt.asUintN(32, v));
    if (inlineCode32(n, inv2Pi) !== undefined) return true;
    if (n <= 0xffff && inlineCode16(n, inv2Pi) !== undefined) return true;
  }
  return false;
}

const INLINE_FLOATS = new Set([0, 0.5, 1, 2, 4, -0.5, -1, -2, -4]);

function classify(text: string, op: Operand, target: AmdgpuTarget): void {
  seen.size = 1;
  switch (op.kind) {
    case 'word': {
      const n = op.name;
      const c = n.charCodeAt(0) | 0x20;
      if ((c === 118 /* v */ || c === 115 /* s */ || c === 97 /* a */) && isDigits(n, 1)) {
        seen.what = c === 118 ? What.Vgpr : c === 115 ? What.Sgpr : What.Agpr;
        return;
      }
      if (n === 'off' || n === 'OFF') {
        seen.what = What.Off;
        return;
      }
      break;
    }
    case 'expr': {
      const e = op.expr;
      if (e.kind === 'int') {
        seen.what = maybeInline(e.value, target.inv2Pi) ? What.Inline : What.Literal;
        return;
      }
      if (e.kind === 'real') {
        seen.what = INLINE_FLOATS.has(e.value) || Math.abs(e.value - 0.15915494309189535) < 1e-9 ? What.Inline : What.Literal;
        return;
      }
      if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'real') {
        seen.what = INLINE_FLOATS.has(-e.operand.value) ? What.Inline : What.Literal;
        return;
      }
      seen.what = What.Expr;
      return;
    }
    case 'call':
      seen.what = WRAPPERS.has(op.name.toLowerCase()) ? What.Unknown : What.Symbolic;
      return;
    case 'neg':
    case 'abs':
      seen.what = What.Unknown;
      return;
    case 'list':
    case 'modifier':
      seen.what = What.Unknown;
      return;
    case 'regRange':
      break;
  }
  const r = parseRegister(text, op.span.start, target);
  if (r.status === 'none') {
    // A bare name that is no register: a symbol (its value unknown here) or a symbolic operand.
    seen.what = op.kind === 'word' ? What.Expr : What.Unknown;
    return;
  }
  if (r.status === 'error' || r.reg.end !== op.span.end) {
    seen.what = What.Unknown;
    return;
  }
  const reg = r.reg;
  seen.size = reg.count;
  switch (reg.kind) {
    case 'vgpr':
      seen.what = What.Vgpr;
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
      return;
  }
}

/** Whether an operand of this kind fits the position (register file, constant, off), size aside. */
function kindFits(what: What, files: number): boolean {
  switch (what) {
    case What.Vgpr:
      return (files & F.V) !== 0;
    case What.Sgpr:
      return (files & F.S) !== 0;
    case What.Agpr:
      return (files & F.A) !== 0;
    case What.Special:
      // exec, vcc, m0, null, src_* constants: wherever a scalar register or a constant may be.
      return (files & (F.S | F.SPECIAL | F.INLINE | F.LITERAL)) !== 0;
    case What.Off:
      return (files & F.OFF) !== 0;
    case What.Inline:
      return (files & (F.INLINE | F.LITERAL | F.EXPR | F.SYMBOLIC)) !== 0;
    case What.Literal:
    case What.Expr:
      return (files & (F.INLINE | F.LITERAL | F.EXPR | F.SYMBOLIC)) !== 0;
    case What.Symbolic:
      return (files & (F.SYMBOLIC | F.EXPR | F.INLINE | F.LITERAL)) !== 0;
    case What.Unknown:
      return true;
  }
}

/** What a position takes, in words, for messages. */
function expected(o: OperandSpec): string {
  const parts: string[] = [];
  const f = o.files;
  const tuple = (p: string) => (o.size > 1 ? `a ${o.size}-dword ${p} tuple` : `a ${p}`);
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
      return 'a special register';
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
  }
}

/** The first operand position a form refuses (-1: none), and why (kind or size). */
interface Mismatch {
  at: number;
  /** The form's operand at that position. */
  spec: number;
  size: boolean;
}
const mismatch: Mismatch = { at: -1, spec: -1, size: false };

function matchForm(text: string, f: PreparedForm, count: number, target: AmdgpuTarget, hasTfe: boolean): void {
  mismatch.at = -1;
  mismatch.size = false;
  const ops = f.ops;
  // Positional operands fill the form's operands in order, skipping a return-only one when the
  // count leaves no room for it.
  let skipReturn = count < f.spec.maxOperands;
  for (let i = 0, j = 0; i < count; i++, j++) {
    let o = ops[j];
    if (o && o.returnOnly && skipReturn) {
      skipReturn = false;
      o = ops[++j];
    }
    mismatch.spec = j;
    if (!o) {
      // SOPP's optional immediate (s_endpgm 0): not in the table.
      if (f.spec.family !== 'SOPP') mismatch.at = i;
      return;
    }
    classify(text, positional[i]!, target);
    if (!kindFits(seen.what, o.files)) {
      mismatch.at = i;
      return;
    }
    if (o.sized === 0) continue;
    if (seen.what === What.Vgpr || seen.what === What.Agpr) {
      let want = o.spec.size;
      if (o.globalVaddr) {
        // saddr is the last operand.
        const last = positional[count - 1]!;
        want = last.kind === 'word' && last.name.toLowerCase() === 'off' ? 2 : 1;
      }
      if (!hasTfe && seen.size !== want) {
        mismatch.at = i;
        mismatch.size = true;
        return;
      }
    } else if (seen.what === What.Sgpr && o.sized === 2 && seen.size !== o.spec.size) {
      mismatch.at = i;
      mismatch.size = true;
      return;
    }
  }
}

function hasModifier(operands: readonly InstructionOperand[], name: string): boolean {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i]!.operand;
    if (op.kind === 'word' && op.name.toLowerCase() === name) return true;
  }
  return false;
}

/**
 * Checks one instruction statement (its first half; a VOPD pair's halves only by mnemonic).
 * Reports at most one issue, at the mnemonic or the operand llvm-mc would point at.
 */
export function checkInstruction(text: string, st: InstructionStatement, target: AmdgpuTarget, sink: IssueSink): void {
  // Macro invocations (gpuasm does not expand `.macro`; the directive itself is reported).
  if (text !== macroText) {
    macroText = text;
    macroNames = text.includes('.macro') ? new Set([...text.matchAll(/^[ \t]*\.macro[ \t]+([\w.$]+)/gim)].map((m) => m[1]!.toLowerCase())) : undefined;
  }
  if (macroNames?.has(st.mnemonic.toLowerCase())) return;
  if (!checkOne(text, st.mnemonic, st.mnemonicSpan, st.operands, target, sink) || !st.dual) return;
  checkOne(text, st.dual.mnemonic, st.dual.mnemonicSpan, st.dual.operands, target, sink);
}

let macroText: string | undefined;
let macroNames: Set<string> | undefined;

function report(sink: IssueSink, code: string, message: string, span: Span): false {
  sink({ code, message, start: span.start, end: span.end });
  return false;
}

/** false when an issue was reported. */
function checkOne(text: string, mnemonic: string, at: Span, operands: readonly InstructionOperand[], target: AmdgpuTarget, sink: IssueSink): boolean {
  const p = prepared(mnemonic, target);
  if (p.status === 'ok') return true;
  if (p.status === 'error') return report(sink, p.code, p.message, at);
  const forms = p.forms;
  let minAll = Infinity;
  let maxAll = 0;
  for (const f of forms) {
    if (f.min < minAll) minAll = f.min;
    if (f.max > maxAll) maxAll = f.max;
  }
  collectPositional(operands, minAll > 0, MEMORY_FAMILIES.has(forms[0]!.spec.family));
  const count = positional.length;
  if (count < minAll) {
    const f = forms[0]!;
    const missing = f.ops[count]?.spec;
    return report(sink, C.tooFewOperands, `too few operands for instruction: ${f.spec.spelled} takes ${minAll === maxAll ? minAll : `${minAll} to ${maxAll}`}${missing ? `; next is ${expected(missing)}` : ''}`, at);
  }
  // SOPP operands are one expression or symbolic operand, however it splits into pieces here.
  if (count > maxAll && forms[0]!.spec.family !== 'SOPP') {
    const extra = positional[maxAll]!;
    return report(sink, C.tooManyOperands, `invalid operand for instruction: ${forms[0]!.spec.spelled} takes ${maxAll} operand${maxAll === 1 ? '' : 's'}, this is one more`, extra.span);
  }
  const hasTfe = hasModifier(operands, 'tfe') || hasModifier(operands, 'lwe');
  let best = -1;
  let bestForm: PreparedForm | undefined;
  let bestSize = false;
  let bestSpec = 0;
  for (const f of forms) {
    if (count < f.min || count > f.max) continue;
    matchForm(text, f, count, target, hasTfe);
    if (mismatch.at < 0) return true;
    if (mismatch.at > best) {
      best = mismatch.at;
      bestForm = f;
      bestSize = mismatch.size;
      bestSpec = mismatch.spec;
    }
  }
  if (!bestForm) {
    // Every form with this count... none: the count fits the union only (e.g. e32 2, e64 3).
    return true;
  }
  const op = positional[best]!;
  classify(text, op, target);
  const o = bestForm.spec.operands[bestSpec] ?? bestForm.spec.operands[bestForm.spec.operands.length - 1]!;
  return report(
    sink,
    bestSize ? C.operandSize : C.operandKind,
    `invalid operand for instruction: ${bestForm.spec.spelled} operand ${best + 1} is ${expected(o)}, not ${whatName()}`,
    op.span,
  );
}
