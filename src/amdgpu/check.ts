/**
 * File-level checks of an AMDGPU assembly file: the rules that need no per-instruction operand
 * types — syntax (parser.ts), numbers and expressions (expr.ts), symbols (symbols.ts), directive
 * values (`.byte` ranges, `.p2align`, `.amdgcn_target`, `.amdhsa_kernel` blocks) — plus register
 * validation of every instruction operand through registers.ts (owned by the operand stage).
 */
import type { Span } from '../core/source.js';
import type { Expr, InstructionOperand, Operand, Statement } from './ast.js';
import { AMDHSA_AVAILABILITY_MESSAGES, AMDHSA_FIELD_RULES, AMDHSA_KERNEL_ENTRIES, type AmdhsaAvailability } from './data/directives.js';
import { evaluate, symbolsIn, type IssueSink, type ParseIssue } from './expr.js';
import { IMM_CODES, inlineCode64 } from './immediates.js';
import { isDigitCode, Lexer, Tok, type LexerOptions } from './lexer.js';
import { forEachAmdgpuStatement } from './parser.js';
import { llvmOperandExprEvaluator, skipSpaces, type OperandExprEvaluator } from './operand-expr.js';
import { parseNsaAddress, parseRegister, validateRegisterForTarget } from './registers.js';
import { applyStatement, isTemporarySymbol, SymbolTable, type SymbolInfo } from './symbols.js';
import { findTarget, type AmdgpuTarget } from './targets.js';

export interface CheckOptions extends LexerOptions {
  mcpu: string;
  /** false: parse and check every statement, even text repeated verbatim (parser.ts, Repeats). Default true; the answer is the same. */
  repeats?: boolean;
}

/** Byte sizes of the data directives, for their range check. */
const DATA_SIZES: ReadonlyMap<string, number> = new Map([
  ['.byte', 1],
  ['.short', 2],
  ['.value', 2],
  ['.2byte', 2],
  ['.long', 4],
  ['.int', 4],
  ['.4byte', 4],
  ['.quad', 8],
  ['.8byte', 8],
]);

/** Checks a file while it is parsed: parse, apply and check one statement at a time. */
export function checkText(text: string, options: CheckOptions, sink: IssueSink, collectSymbols = true): SymbolInfo[] {
  let errors = 0;
  const counting: IssueSink = (i) => {
    errors++;
    sink(i);
  };
  const c = new FileChecker(text, options, counting);
  // Everything through which one statement's handling can depend on or affect the rest of the
  // file: issues reported and symbol-table lookups. Repeated text that moved neither is skipped
  // (parser.ts, Repeats).
  const hooks = {
    effects: () => errors + c.symbolAccesses,
    kernelBodySkipped: () => c.kernelBodySkipped(),
  };
  forEachAmdgpuStatement(text, options, counting, (st) => c.statement(st), options.repeats === false ? undefined : hooks);
  return c.finish(errors === 0, collectSymbols);
}

/**
 * The symbols llvm-mc-19 predefines for an amdhsa target: the ISA version of the processor
 * (`gfx90a` is 9.0.10). `.amdgcn.next_free_vgpr`/`_sgpr` follow register use and are not modelled.
 */
function predefineSymbols(table: SymbolTable, target: AmdgpuTarget): void {
  const digits = target.name.slice(3);
  if (digits.length < 3) return;
  const stepping = parseInt(digits.slice(-1), 16);
  const minor = parseInt(digits.slice(-2, -1), 16);
  const major = parseInt(digits.slice(0, -2), 10);
  if (Number.isNaN(stepping) || Number.isNaN(minor) || Number.isNaN(major)) return;
  table.predefine('.amdgcn.gfx_generation_number', BigInt(major));
  table.predefine('.amdgcn.gfx_generation_minor', BigInt(minor));
  table.predefine('.amdgcn.gfx_generation_stepping', BigInt(stepping));
}

/** Statement-at-a-time checker: symbol effects first, then the statement's own rules. */
export class FileChecker {
  private readonly table: SymbolTable;
  private readonly checker: StatementChecker;
  constructor(
    private readonly text: string,
    options: CheckOptions,
    sink: IssueSink,
  ) {
    this.table = new SymbolTable(sink, text, options);
    const target = findTarget(options.mcpu);
    if (target) predefineSymbols(this.table, target);
    this.checker = new StatementChecker(text, this.table, target, options, sink);
  }
  statement(st: Statement): void {
    applyStatement(this.table, st, this.text);
    this.checker.check(st);
  }
  /** Symbol-table lookups, references and definitions so far (by the checks and by statements' effects). */
  get symbolAccesses(): number {
    return this.checker.symbolAccesses + this.table.touches;
  }
  /** The parser skipped a kernel body known to have no effect: the block is closed. */
  kernelBodySkipped(): void {
    this.checker.kernelBodySkipped();
  }
  /** `reportWriteErrors`: the file had no other error (llvm-mc writes no object otherwise). */
  finish(reportWriteErrors = true, collectSymbols = true): SymbolInfo[] {
    // Forward references to local labels never defined: llvm-mc reports them when parsing ends.
    if (this.checker.reportUnresolvedForward() > 0) reportWriteErrors = false;
    if (reportWriteErrors) this.checker.reportWriteTimeErrors();
    return this.table.finish(reportWriteErrors, collectSymbols);
  }
}

/** Symbol types `.type` takes (llvm-mc's ELF parser). */
const ELF_SYMBOL_TYPES: ReadonlySet<string> = new Set([
  'STT_FUNC', 'function', 'STT_OBJECT', 'object', 'STT_TLS', 'tls_object', 'STT_COMMON', 'common', 'STT_NOTYPE', 'notype',
  'STT_GNU_IFUNC', 'gnu_indirect_function', 'gnu_unique_object',
]);

/** User SGPRs each enabled `.amdhsa_user_sgpr_*` input takes. */
const USER_SGPR_SIZES: ReadonlyMap<string, bigint> = new Map([
  ['.amdhsa_user_sgpr_private_segment_buffer', 4n],
  ['.amdhsa_user_sgpr_dispatch_ptr', 2n],
  ['.amdhsa_user_sgpr_queue_ptr', 2n],
  ['.amdhsa_user_sgpr_kernarg_segment_ptr', 2n],
  ['.amdhsa_user_sgpr_dispatch_id', 2n],
  ['.amdhsa_user_sgpr_flat_scratch_init', 2n],
  ['.amdhsa_user_sgpr_private_segment_size', 1n],
]);

function kernelFieldAvailable(a: AmdhsaAvailability, t: AmdgpuTarget): boolean {
  switch (a) {
    case 'gfx7plus':
      return t.generation >= 7;
    case 'gfx8plus':
      return t.generation >= 8;
    case 'gfx90a':
      return t.alignedVgprTuples;
    case 'gfx9plus':
      return t.generation >= 9;
    case 'gfx10plus':
      return t.generation >= 10;
    case 'gfx10to11':
      return t.generation === 10 || t.generation === 11;
    case 'gfx12plus':
      return t.generation >= 12;
    case 'belowGfx12':
      return t.generation < 12;
    case 'noArchitectedFlatScratch':
      return !(t.isGfx940 || t.generation >= 11);
    case 'architectedFlatScratch':
      return t.isGfx940 || t.generation >= 11;
  }
}

/**
 * The largest `.amdhsa_next_free_sgpr` llvm-mc-19 takes (calculateGPRBlocks), or undefined on
 * GFX10+ (no limit). GFX8/9: 102 addressable SGPRs, the extra ones not counted; gfx802/gfx805
 * (SGPR init bug): 96 with the extra ones (6 for flat scratch, else 2 for VCC); GFX6/7: 104 with
 * the extra ones (4 for flat scratch, which GFX6 always reserves, else 2 for VCC).
 */
function maxNextFreeSgpr(t: AmdgpuTarget, vcc: boolean, flatScratch: boolean): bigint | undefined {
  if (t.generation >= 10) return undefined;
  if (t.name === 'gfx802' || t.name === 'gfx805') return 96n - (flatScratch ? 6n : vcc ? 2n : 0n);
  if (t.generation >= 8) return 102n;
  return 104n - (flatScratch ? 4n : vcc ? 2n : 0n);
}

/** XNACK replay is supported (the default target id has xnack "any"): GFX8 APUs, GFX9, GFX10.1. */
function supportsXnack(t: AmdgpuTarget): boolean {
  return t.xnack || /^gfx101[0-3]$/.test(t.name);
}

/** The value of a local label's number as llvm-mc reads it (`01:` and `1b` name the same label). */
function localLabelKey(text: string): string {
  try {
    return (text.length > 1 && text.charCodeAt(0) === 48 && isDigitCode(text.charCodeAt(1)) ? BigInt('0o' + text.slice(1)) : BigInt(text)).toString();
  } catch {
    return text;
  }
}

/**
 * The spec's validation for 32 bits: all-0 high bits, or all-1 with the sign bit set (int32 or
 * uint32). `isSafeTruncation(v, 32)` (immediates.ts) in two comparisons, without its BigInt
 * conversions: this runs for every integer operand.
 */
function fits32(v: bigint): boolean {
  return v >= -0x80000000n && v <= 0xffffffffn;
}

/** A vector ALU instruction (`v_…`, also each half of a GFX11 dual `v_dual_…`). */
function isValu(mnemonic: string): boolean {
  const c = mnemonic.charCodeAt(0);
  return (c === 118 /* v */ || c === 86 /* V */) && mnemonic.charCodeAt(1) === 95 /* _ */;
}

/**
 * Whether an operand at `position` is a source that needs a 32-bit value (or a 64-bit inline
 * constant). Every VALU operand is. Scalar instructions: every operand after the first (SALU
 * sources, SOPK immediates, SMEM offsets, branch targets), and the first of a compare, except
 * where llvm-mc-19 silently truncates: `s_setreg_imm32_b32`'s value and GFX12 `s_prefetch_*`
 * counts. First operands of SOPP instructions (`s_nop`, `s_waitcnt`, `s_trap`, `s_sleep`…) are
 * truncated too and are not checked; neither are other instruction families.
 */
function valueChecked(mnemonic: string, position: number): boolean {
  if (isValu(mnemonic)) return true;
  const c = mnemonic.charCodeAt(0);
  if ((c !== 115 /* s */ && c !== 83 /* S */) || mnemonic.charCodeAt(1) !== 95 /* _ */) return false;
  const m = mnemonic.toLowerCase();
  if (position === 0) return m.startsWith('s_cmp_') || m.startsWith('s_bitcmp');
  return position > 0 && m !== 's_setreg_imm32_b32' && !m.includes('prefetch');
}

/**
 * The instruction may have a 64-bit source, by its name: a 64-bit type (`_b64`, `_u64`, `_i64`,
 * `_f64`, not the `_e64` encoding suffix), the (m)qsad family, gfx90a packed f32 (`v_pk_fma_f32`,
 * `v_pk_mov_b32`) and matrix instructions. Errs on the side of "may" (then nothing is refused).
 */
function mayHave64BitSource(mnemonic: string): boolean {
  const m = mnemonic.toLowerCase();
  if (m.includes('_b64') || m.includes('_u64') || m.includes('_i64') || m.includes('_f64') || m.includes('qsad')) return true;
  if (m.includes('mfma') || m.includes('mmac') || m.includes('wmma')) return true;
  return m.startsWith('v_pk_') && (m.includes('_f32') || m.includes('_b32'));
}

class StatementChecker {
  private kernel: {
    seen: Set<string>;
    start: number;
    vgprs?: { value: bigint; span: Span };
    sgprs?: { value: bigint; span: Span };
    wave32?: boolean;
    /** `.amdhsa_user_sgpr_count` as written, and the user SGPRs the enabled ones take. */
    userSgprCount?: bigint;
    impliedUserSgprs: bigint;
    /** A non-zero `.amdhsa_shared_vgpr_count` (GFX10-11, wave64 only). */
    sharedVgprs?: boolean;
    /** `.amdhsa_accum_offset` (gfx90a-style AGPR split). */
    accumOffset?: bigint;
    /** `.amdhsa_reserve_vcc` / `.amdhsa_reserve_flat_scratch` as written (both default to 1). */
    reserveVcc?: boolean;
    reserveFlatScratch?: boolean;
  } | null = null;
  private readonly evaluator: OperandExprEvaluator;
  /** Local labels (`1:`) defined so far, by number. */
  private readonly localLabels = new Set<string>();
  /** Forward references (`1f`) not yet followed by their label, by label number. */
  private readonly pendingForward = new Map<string, Span[]>();
  /** Data values that cannot be evaluated (division by zero): llvm-mc finds them only when writing the object. */
  private readonly deferredDataErrors: ParseIssue[] = [];
  /** First reference to each `.L` temporary symbol from an instruction or a directive. */
  private readonly temporaryRefs = new Map<string, Span>();
  /** A section switch happened (llvm-mc's "previous section"), and what each open `.pushsection` saved of it. */
  private hasPreviousSection = false;
  private readonly pushedSections: boolean[] = [];
  /** A .pushsection was seen: from then on a section switch can be undone, so every one counts. */
  private sectionsPushed = false;
  /** The last `.amdhsa_code_object_version` (its value as llvm-mc's 32 bits). */
  private codeObjectVersion: { value: bigint; span: Span } | undefined;
  /** Symbol-table lookups and references so far (see checkText). */
  symbolAccesses = 0;
  private readonly lookup = (n: string): bigint | null => {
    this.symbolAccesses++;
    return this.table.currentValue(n);
  };

  constructor(
    private readonly text: string,
    private readonly table: SymbolTable,
    private readonly target: AmdgpuTarget | undefined,
    private readonly options: CheckOptions,
    private readonly sink: IssueSink,
  ) {
    this.evaluator = this.makeEvaluator();
  }

  private issue(code: string, message: string, span: Span): void {
    this.sink({ code, message, start: span.start, end: span.end });
  }

  /** A kernel body known to have no effect was skipped: what its end directive would leave. */
  kernelBodySkipped(): void {
    this.kernel = null;
  }

  /** Evaluates with the symbols defined so far; reports evaluation errors; returns the value or null. */
  private valueOf(e: Expr): bigint | null {
    const r = evaluate(e, this.lookup);
    if ('error' in r) {
      this.sink(r.error);
      return null;
    }
    return 'value' in r ? r.value : null;
  }

  /** Register-index expressions for registers.ts: the one llvm-mc evaluator, with the current symbols. */
  private makeEvaluator(): OperandExprEvaluator {
    return llvmOperandExprEvaluator(this.lookup, this.options);
  }

  /** Reports every forward local-label reference left unresolved; returns how many. */
  reportUnresolvedForward(): number {
    let n = 0;
    for (const spans of this.pendingForward.values())
      for (const at of spans) {
        this.issue('AMD126', 'directional label undefined: no local label of this number follows', at);
        n++;
      }
    this.pendingForward.clear();
    return n;
  }

  /**
   * `.L` temporaries referenced by code or data but never defined: llvm-mc fails when it writes
   * the object ("undefined label", "Undefined temporary symbol"), so only in a file without other errors.
   */
  reportWriteTimeErrors(): void {
    for (const i of this.deferredDataErrors) this.sink(i);
    const cov = this.codeObjectVersion;
    // llvm-mc-19 writes code objects of versions 4, 5 and 6 only ("LLVM ERROR: Unsupported AMDHSA Code Object Version", no line).
    if (cov && (cov.value < 4n || cov.value > 6n))
      this.issue('AMD229', `unsupported AMDHSA code object version ${cov.value} (llvm-mc writes versions 4, 5 and 6)`, cov.span);
    for (const [name, at] of this.temporaryRefs) if (!this.table.isDefined(name)) this.issue('AMD127', `undefined label '${name}' (a .L temporary symbol must be defined in the file)`, at);
  }

  /** Directional references (`1b`, `1f`) and `.L` symbol references in an expression. */
  private noteReferences(e: Expr, temporaries: boolean): void {
    switch (e.kind) {
      case 'local': {
        // Local labels are state the parser's repeat skipping must see (checkText's effects).
        this.symbolAccesses++;
        const key = localLabelKey(e.label);
        if (!e.forward) {
          if (!this.localLabels.has(key)) this.issue('AMD126', 'directional label undefined: no local label of this number before this reference', e.span);
          return;
        }
        const list = this.pendingForward.get(key);
        if (list) list.push(e.span);
        else this.pendingForward.set(key, [e.span]);
        return;
      }
      case 'sym':
        if (temporaries) this.noteTemporary(e.name, e.span);
        return;
      case 'unary':
        this.noteReferences(e.operand, temporaries);
        return;
      case 'binary':
        this.noteReferences(e.left, temporaries);
        this.noteReferences(e.right, temporaries);
        return;
      case 'call':
        for (const a of e.args) this.noteReferences(a, temporaries);
        return;
      default:
        return;
    }
  }

  private noteTemporary(name: string, span: Span): void {
    if (isTemporarySymbol(name) && !this.temporaryRefs.has(name)) this.temporaryRefs.set(name, span);
  }

  check(st: Statement): void {
    switch (st.kind) {
      case 'assignment':
        // Values were handled by the symbol table.
        this.noteReferences(st.expr, false);
        return;
      case 'localLabel': {
        this.symbolAccesses++;
        const key = localLabelKey(st.label);
        this.localLabels.add(key);
        this.pendingForward.delete(key);
        return;
      }
      case 'directive':
        // `.L` names in data and `.size` must be defined; `.globl .Lx` and the like only declare.
        for (const a of st.args) if (a.expr) this.noteReferences(a.expr, st.name === '.size' || DATA_SIZES.has(st.name));
        this.checkDirective(st);
        return;
      case 'instruction':
        this.checkOperands(st.mnemonic, st.operands);
        if (st.dual) this.checkOperands(st.dual.mnemonic, st.dual.operands);
        return;
      default:
        return;
    }
  }

  private checkDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    const name = st.name;
    if (this.kernel) {
      if (name === '.end_amdhsa_kernel') {
        this.checkKernelRegisterCounts(this.kernel);
        const k = this.kernel;
        if (k.userSgprCount !== undefined && k.userSgprCount < k.impliedUserSgprs)
          this.issue('AMD226', `amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs (${k.userSgprCount} < ${k.impliedUserSgprs})`, st.nameSpan);
        else if ((k.userSgprCount ?? k.impliedUserSgprs) > 31n) this.issue('AMD226', `too many user SGPRs enabled (${k.userSgprCount ?? k.impliedUserSgprs}; the field holds 0…31)`, st.nameSpan);
        // Only an explicit `.amdhsa_wavefront_size32 1` counts (llvm-mc), not the target's default.
        if (k.sharedVgprs && k.wave32 === true) this.issue('AMD226', 'shared_vgpr_count directive not valid on wavefront size 32', st.nameSpan);
        let missing = false;
        for (const req of this.requiredKernelEntries()) {
          if (this.kernel.seen.has(req)) continue;
          missing = true;
          this.issue('AMD222', `${req} directive is required in an .amdhsa_kernel block`, { start: st.nameSpan.end, end: st.nameSpan.end });
        }
        if (!missing && k.accumOffset !== undefined) this.checkAccumOffset(k.accumOffset, k.vgprs?.value ?? 0n, { start: st.nameSpan.end, end: st.nameSpan.end });
        this.kernel = null;
        return;
      }
      if (!AMDHSA_KERNEL_ENTRIES.has(name)) {
        this.issue('AMD220', `unknown directive '${name}' in .amdhsa_kernel block`, st.nameSpan);
        return;
      }
      const arg = st.args[0];
      if (this.kernel.seen.has(name)) {
        this.issue('AMD221', '.amdhsa_ directives cannot be repeated', arg ? arg.span : st.nameSpan);
        return;
      }
      this.kernel.seen.add(name);
      const v = arg?.expr ? this.valueOf(arg.expr) : null;
      if (this.target && arg) this.checkKernelField(name, st.nameSpan, v, arg.span);
      return;
    }
    if (name === '.amdhsa_kernel') {
      this.kernel = { seen: new Set(), start: st.span.start, impliedUserSgprs: 0n };
      return;
    }
    const size = DATA_SIZES.get(name);
    if (size !== undefined) {
      for (const a of st.args) {
        if (!a.expr) continue;
        this.table.markUsed(a.expr);
        const r = evaluate(a.expr, this.lookup);
        if ('error' in r) {
          this.deferredDataErrors.push(r.error);
          this.symbolAccesses++;
          continue;
        }
        const v = 'value' in r ? r.value : null;
        if (v === null || size === 8) continue;
        const bits = BigInt(size * 8);
        if (v < -(1n << (bits - 1n)) || v >= 1n << bits) this.issue('AMD131', `out of range literal value: ${v} does not fit in ${size} byte${size > 1 ? 's' : ''}`, a.span);
      }
      return;
    }
    switch (name) {
      case '.type':
        this.checkTypeDirective(st);
        return;
      case '.text':
      case '.data':
      case '.bss':
      case '.rodata':
      case '.section':
      case '.subsection':
      case '.pushsection':
      case '.popsection':
      case '.previous':
        this.sectionDirective(st);
        return;
      case '.amdhsa_code_object_version': {
        // State the parser's repeat skipping must see (a repeated line may set it back).
        this.symbolAccesses++;
        const a = st.args[0]!;
        // Any value not known here (undefined, division by zero, ...) is llvm-mc's one "expected
        // absolute expression", so the evaluation's own error is not reported as well.
        const r = evaluate(a.expr!, this.lookup);
        if (!('value' in r)) {
          this.issue('AMD124', 'expected absolute expression: .amdhsa_code_object_version needs a value known here', a.span);
          return;
        }
        // llvm-mc keeps the value as 32 bits; the last one is what the object gets.
        this.codeObjectVersion = { value: BigInt.asUintN(32, r.value), span: a.span };
        return;
      }
      case '.p2align':
      case '.p2alignl':
      case '.p2alignw':
      case '.align':
      case '.balign':
      case '.balignl':
      case '.balignw': {
        const a = st.args[0];
        if (!a?.expr) return;
        const v = this.valueOf(a.expr);
        if (v === null) {
          this.issue('AMD132', `expected an absolute expression for the alignment of ${name}`, a.span);
          return;
        }
        if (name.startsWith('.p2align')) {
          if (v < 0n || v >= 32n) this.issue('AMD133', `invalid alignment value: ${v} (a power of two exponent 0…31)`, a.span);
        } else if (v !== 0n && (v < 0n || (v & (v - 1n)) !== 0n)) {
          this.issue('AMD133', `invalid alignment value: ${v} is not a power of two`, a.span);
        }
        for (const b of st.args.slice(1)) if (b.expr) this.valueOf(b.expr);
        return;
      }
      case '.amdgcn_target': {
        const a = st.args[0];
        if (!a) {
          this.issue('AMD223', '.amdgcn_target expects a quoted target id string', { start: st.nameSpan.end, end: st.nameSpan.end });
          return;
        }
        if (!this.target) return;
        const raw = this.text.slice(a.span.start, a.span.end);
        if (raw.charCodeAt(0) !== 34) {
          this.issue('AMD223', '.amdgcn_target expects a quoted target id string', a.span);
          return;
        }
        const id = raw.slice(1, -1);
        const expected = `amdgcn-amd-amdhsa--${this.target.name}`;
        if (id === expected) return;
        // A string that ran on over line ends is shown escaped, the same for CRLF and LF text.
        const shown = id.includes('\n') ? JSON.stringify(id.replace(/\r\n/g, '\n')) : id;
        this.issue('AMD224', `.amdgcn_target directive's target id ${shown} does not match the specified target id ${expected}`, a.span);
        return;
      }
      default:
        for (const a of st.args) if (a.expr) this.valueOf(a.expr);
        return;
    }
  }

  /**
   * llvm-mc's section stack: `.previous` needs a previous section, which only a section switch
   * sets (every switch, also to the same section); `.pushsection` saves the pair and switches,
   * `.popsection` needs a push and restores what was saved. Errors at the token after the name.
   */
  private sectionDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    // State the parser's repeat skipping must see, unless nothing changes: a section switch when
    // one was already made, with no .pushsection ever (only .popsection can undo a switch), is no
    // effect, so the thousands of `.text`/`.section` lines of compiler output are still skipped.
    const plainSwitch = st.name !== '.pushsection' && st.name !== '.popsection' && st.name !== '.previous';
    if (!(plainSwitch && this.hasPreviousSection && !this.sectionsPushed)) this.symbolAccesses++;
    const at = st.args[0]?.span.start ?? st.nameSpan.end;
    switch (st.name) {
      case '.pushsection':
        this.sectionsPushed = true;
        this.pushedSections.push(this.hasPreviousSection);
        this.hasPreviousSection = true;
        return;
      case '.popsection': {
        const saved = this.pushedSections.pop();
        if (saved === undefined) this.issue('AMD230', '.popsection without corresponding .pushsection', { start: at, end: at + 1 });
        else this.hasPreviousSection = saved;
        return;
      }
      case '.previous':
        if (!this.hasPreviousSection) this.issue('AMD230', '.previous without corresponding .section', { start: at, end: at + 1 });
        return;
      default:
        this.hasPreviousSection = true;
    }
  }

  /** Availability and field width of one `.amdhsa_` directive (llvm-mc checks them as it reads the line). */
  private checkKernelField(name: string, nameSpan: Span, v: bigint | null, valueSpan: Span): void {
    const t = this.target!;
    const rule = AMDHSA_FIELD_RULES.get(name);
    const unavailable = rule?.availability?.find((a) => !kernelFieldAvailable(a, t));
    if (unavailable) {
      this.issue('AMD225', AMDHSA_AVAILABILITY_MESSAGES[unavailable], nameSpan);
      return;
    }
    if (v === null) return;
    if (v < 0n || (rule?.bits !== undefined && v >= 1n << BigInt(rule.bits))) {
      this.issue('AMD226', `value out of range: ${v} does not fit the ${rule?.bits ?? 64}-bit unsigned field of ${name}`, valueSpan);
      return;
    }
    if (rule?.max !== undefined && v > rule.max) {
      this.issue('AMD226', `value out of range: ${v} is more than ${rule.max} for ${name}`, valueSpan);
      return;
    }
    const k = this.kernel!;
    if (name === '.amdhsa_next_free_vgpr') k.vgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_next_free_sgpr') k.sgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_wavefront_size32') k.wave32 = v === 1n;
    // llvm-mc keeps the count as 32 bits (0x100000000 is 0).
    else if (name === '.amdhsa_user_sgpr_count') k.userSgprCount = BigInt.asUintN(32, v);
    else if (name === '.amdhsa_reserve_vcc') k.reserveVcc = v === 1n;
    else if (name === '.amdhsa_reserve_flat_scratch') k.reserveFlatScratch = v === 1n;
    else if (name === '.amdhsa_shared_vgpr_count') k.sharedVgprs = v !== 0n;
    else if (name === '.amdhsa_accum_offset') k.accumOffset = v;
    else if (name === '.amdhsa_user_sgpr_kernarg_preload_length') k.impliedUserSgprs += v;
    else if (v === 1n && USER_SGPR_SIZES.has(name)) k.impliedUserSgprs += USER_SGPR_SIZES.get(name)!;
    else if (name === '.amdhsa_reserve_xnack_mask' && (v === 1n) !== supportsXnack(t))
      this.issue('AMD226', `.amdhsa_reserve_xnack_mask does not match target id (XNACK is ${supportsXnack(t) ? '' : 'not '}supported on ${t.name})`, valueSpan);
  }

  /** Register counts are checked when the block ends (the wave size may come later), at their value. */
  private checkKernelRegisterCounts(k: NonNullable<StatementChecker['kernel']>): void {
    const t = this.target;
    if (!t) return;
    const wave32 = k.wave32 ?? t.generation >= 10;
    const maxVgprs = t.alignedVgprTuples || (t.generation >= 10 && wave32) ? 512n : 256n;
    if (k.vgprs && k.vgprs.value > maxVgprs) this.issue('AMD226', `value out of range: ${k.vgprs.value} VGPRs (at most ${maxVgprs} on ${t.name})`, k.vgprs.span);
    const maxSgprs = k.sgprs ? maxNextFreeSgpr(t, k.reserveVcc ?? true, k.reserveFlatScratch ?? true) : undefined;
    if (k.sgprs && maxSgprs !== undefined && k.sgprs.value > maxSgprs)
      this.issue('AMD226', `value out of range: ${k.sgprs.value} SGPRs (at most ${maxSgprs} on ${t.name} with the reserved VCC and flat scratch)`, k.sgprs.span);
  }

  /// '.type' name [','] ('@'|'%'|'#')? type   — as llvm-mc's ELF parser reads it (the comma is optional),
  /// token by token: names are the lexer's identifiers (`a?b`, `a@b`), comments are space.
  private checkTypeDirective(st: Extract<Statement, { kind: 'directive' }>): void {
    const text = this.text;
    const lex = new Lexer(text, this.options, st.nameSpan.end);
    let k: number = lex.next();
    const here = (): Span => ({ start: lex.start, end: Math.max(lex.end, lex.start + 1) });
    const word = (): string | undefined =>
      k === Tok.Identifier ? text.slice(lex.start, lex.end) : k === Tok.String ? text.slice(lex.start + 1, lex.end - 1) : undefined;
    if (!word()) return this.issue('AMD228', 'expected identifier: .type needs a symbol name', here());
    k = lex.next();
    if (k === Tok.Comma) k = lex.next();
    if (k === Tok.At || k === Tok.Percent || k === Tok.Hash) k = lex.next();
    else if (k !== Tok.Identifier && k !== Tok.String)
      return this.issue('AMD228', `expected STT_<TYPE_IN_UPPER_CASE>, '#<type>', '@<type>', '%<type>' or "<type>" after .type`, here());
    const type = word() ?? '';
    if (!ELF_SYMBOL_TYPES.has(type)) return this.issue('AMD228', `unsupported attribute: '${type}' is not a symbol type`, here());
    k = lex.next();
    if (k !== Tok.EndOfStatement && k !== Tok.Eof) this.issue('AMD201', 'expected end of directive', here());
  }

  /**
   * gfx90a's AGPRs start at `accum_offset`: a multiple of 4 in [4, 256], within the VGPRs the kernel
   * allocates (`next_free_vgpr` rounded up to 4). llvm-mc checks it at the block's end.
   */
  private checkAccumOffset(offset: bigint, nextFreeVgpr: bigint, at: Span): void {
    if (offset < 4n || offset > 256n || offset % 4n !== 0n) this.issue('AMD226', 'accum_offset should be in range [4..256] in increments of 4', at);
    else if (offset > ((nextFreeVgpr > 1n ? nextFreeVgpr : 1n) + 3n) / 4n * 4n) this.issue('AMD226', 'accum_offset exceeds total VGPR allocation', at);
  }

  private requiredKernelEntries(): string[] {
    const req = ['.amdhsa_next_free_vgpr', '.amdhsa_next_free_sgpr'];
    if (this.target && this.target.alignedVgprTuples) req.push('.amdhsa_accum_offset');
    return req;
  }

  // -------------------------------------------------------------------------------------------
  // Instruction operands

  private checkOperands(mnemonic: string, operands: readonly InstructionOperand[]): void {
    // An indexed loop: this runs for every instruction, mostly before the optimizing compiler
    // has seen it, where an iterator with destructuring costs more.
    for (let i = 0; i < operands.length; i++) this.checkOperand(mnemonic, operands[i]!.operand, i);
  }

  /** `position`: the operand's index in the instruction, or -1 inside an expression; `nested`: inside `|…|`, `-…`, `neg(…)`… */
  private checkOperand(mnemonic: string, op: Operand, position: number, nested = false): void {
    switch (op.kind) {
      case 'expr': {
        const e = op.expr;
        // A literal (the common case) has nothing to resolve or evaluate.
        if (e.kind === 'int') {
          if (!fits32(e.value)) this.checkValue(mnemonic, position, e.value, op.span, nested);
          return;
        }
        if (this.isFloatLiteral(e)) return;
        this.noteReferences(e, true);
        this.table.markUsed(e);
        for (const n of symbolsIn(e)) {
          const at = n.indexOf('@');
          this.symbolAccesses++;
          this.table.reference(at > 0 ? n.slice(0, at) : n);
        }
        const v = this.valueOf(e);
        if (v !== null && !fits32(v)) this.checkValue(mnemonic, position, v, op.span, nested);
        return;
      }
      case 'word':
        this.noteTemporary(op.name, op.span);
        // A bare name is an expression operand when it is not a register or modifier: a variable there is evaluated.
        if (this.table.isVariable(op.name)) this.table.markUsed({ kind: 'sym', name: op.name, span: op.span });
        this.checkRegister(op);
        return;
      case 'regRange':
        // Index expressions are evaluated: the variables they name become "used".
        this.table.markUsed(op.first);
        if (op.last) this.table.markUsed(op.last);
        this.checkRegister(op);
        return;
      case 'list':
        if (position >= 0) this.checkRegisterList(mnemonic, op, position);
        return;
      case 'neg':
      case 'abs':
        this.checkOperand(mnemonic, op.operand, position, true);
        return;
      case 'call':
        if (op.name === 'neg' || op.name === 'abs' || op.name === 'sext' || op.name === 'lit' || op.name === 'lit64') {
          for (const a of op.args) this.checkOperand(mnemonic, a, position, true);
        }
        return;
      case 'modifier':
        if (op.value.kind === 'expr' && op.value.expr.kind !== 'int') this.valueOf(op.value.expr);
        return;
    }
  }

  /**
   * llvm-mc reads a float token, or '-' and a float token, as a floating-point immediate; a float
   * anywhere else (`--1.0`, `-(1.0)`, `(0.5)`, `+1.0`) is an integer expression of its IEEE
   * double bits. A parenthesised float keeps its node kind with the wider span (expr.ts).
   */
  private isFloatLiteral(e: Expr): boolean {
    if (e.kind === 'real') return e.span.end - e.span.start === e.text.length;
    return (
      e.kind === 'unary' &&
      e.op === '-' &&
      e.operand.kind === 'real' &&
      e.operand.span.end - e.operand.span.start === e.operand.text.length &&
      this.text.charCodeAt(e.span.start) === 45 /* - */ &&
      e.span.end === e.operand.span.end
    );
  }

  /**
   * An absolute integer operand that no source of the instruction takes (where valueChecked
   * holds): every source kind (f16/f32/f64, integers, packed, with or without modifiers, SMEM
   * offsets, branch targets) needs a value that truncates safely to 32 bits, except a 64-bit
   * source, which also takes a 64-bit inline constant (llvm-mc: `v_lshlrev_b64 v[0:1], 1, --1.0`
   * is the inline 1.0). Whether the instruction may have a 64-bit source is read from its name,
   * not from operand tables; such values are refused only where no source can be 64 bits.
   */
  private checkValue(mnemonic: string, position: number, v: bigint, span: Span, nested: boolean): void {
    if (!this.target || !valueChecked(mnemonic, position)) return;
    const may64 = mayHave64BitSource(mnemonic);
    if (may64 && inlineCode64(v, this.target.inv2Pi) !== undefined) return;
    const shown = v < 0n ? '-0x' + (-v).toString(16) : '0x' + v.toString(16);
    const text = this.text;
    if (!nested && isValu(mnemonic) && text.charCodeAt(span.start) === 45 /* - */ && text.charCodeAt(skipSpaces(text, span.start + 1)) === 45)
      // llvm-mc's message where the source takes modifiers (elsewhere "invalid operand for instruction").
      this.issue('AMD414', `invalid syntax, expected 'neg' modifier: after a doubled '-' the operand is the integer ${shown}, which no source of ${mnemonic} takes`, span);
    else this.issue(IMM_CODES.truncation, `invalid operand for instruction: ${shown} does not fit in 32 bits${may64 ? ' and is no 64-bit inline constant' : ''}`, span);
  }

  /**
   * Register validation results of operands whose meaning cannot change (no symbols inside), by
   * their text: clang output repeats the same few hundred register spellings.
   */
  private readonly registerCache = new Map<string, { code: string; message: string; start: number; length: number } | null>();

  private checkRegister(op: Operand): void {
    if (!this.target) return;
    let key: string | undefined;
    if (op.kind === 'word') {
      // No register name starts with '.': labels such as `.LBB0_2` (each branch target a new
      // spelling) skip the register parser and the cache.
      if (op.name.charCodeAt(0) === 46 /* . */) return;
      key = op.name;
    }
    else if (op.kind === 'regRange' && op.first.kind === 'int' && (op.last === null || op.last.kind === 'int')) key = this.text.slice(op.span.start, op.span.end);
    if (key !== undefined) {
      const cached = this.registerCache.get(key);
      if (cached === null) return;
      if (cached !== undefined) {
        this.issue(cached.code, cached.message, { start: op.span.start + cached.start, end: op.span.start + cached.start + cached.length });
        return;
      }
    }
    const found = this.registerProblem(op.span.start);
    if (key !== undefined) this.registerCache.set(key, found ? { code: found.code, message: found.message, start: found.offset - op.span.start, length: found.length } : null);
    if (found) this.issue(found.code, found.message, { start: found.offset, end: found.offset + found.length });
  }

  /** The first register rule the operand at `pos` breaks, or null (also for non-registers). */
  private registerProblem(pos: number): { code: string; message: string; offset: number; length: number } | null {
    const r = parseRegister(this.text, pos, this.target!, this.evaluator);
    if (r.status === 'none') return null;
    if (r.status === 'error') return { code: r.error.code, message: r.error.message, offset: r.error.offset, length: Math.max(1, r.error.length) };
    const bad = validateRegisterForTarget(r.reg, this.target!);
    if (bad) return { code: bad.code, message: bad.message, offset: bad.offset, length: Math.max(1, bad.length) };
    return null;
  }

  private checkRegisterList(mnemonic: string, op: Extract<Operand, { kind: 'list' }>, position: number): void {
    if (!this.target) return;
    const r = parseRegister(this.text, op.span.start, this.target, this.evaluator);
    if (r.status === 'ok') {
      const bad = validateRegisterForTarget(r.reg, this.target);
      if (bad) this.issue(bad.code, bad.message, { start: bad.offset, end: bad.offset + Math.max(1, bad.length) });
      return;
    }
    if (r.status === 'none') return;
    // Image instructions on GFX10+ take NSA address lists (non-consecutive registers), as their
    // address operand (the second; the first is the data, which stays a register tuple).
    if (mnemonic.startsWith('image_') && this.target.generation >= 10 && position === 1) {
      const n = parseNsaAddress(this.text, op.span.start, this.target, this.evaluator);
      if (n.status === 'ok') return;
      this.issue(n.error.code, n.error.message, { start: n.error.offset, end: n.error.offset + Math.max(1, n.error.length) });
      return;
    }
    this.issue(r.error.code, r.error.message, { start: r.error.offset, end: r.error.offset + Math.max(1, r.error.length) });
  }
}



