/**
 * The checks of each statement: directive values (`.byte` ranges, `.p2align`, `.amdgcn_target`,
 * `.amdhsa_kernel` blocks, `.amd_kernel_code_t`, `.type`, sections), local-label and `.L`
 * references, and the state those keep; each instruction goes to instruction.ts.
 */
import type { Span } from '../../core/source.js';
import type { Expr, InstructionOperand, Operand, Statement } from '../parse/ast.js';
import type { KernelCodeFieldChecks } from '../parse/parser.js';
import { AMD_KERNEL_CODE_T_EXPRESSION_FIELDS, AMD_KERNEL_CODE_T_RSRC1_FIELDS } from '../data/kernel-code-t.js';
import { AMDHSA_AVAILABILITY_MESSAGES, AMDHSA_FIELD_RULES, AMDHSA_KERNEL_ENTRIES, type AmdhsaAvailability } from '../data/directives.js';
import { evaluate, symbolsIn, type IssueSink, type ParseIssue } from '../parse/expr.js';
import { isDigitCode, Lexer, Tok, type LexerOptions } from '../lex/lexer.js';
import { llvmOperandExprEvaluator, skipSpaces, type OperandExprEvaluator } from '../parse/operand-expr.js';
import { isTemporarySymbol, type SymbolTable } from './symbols.js';
import { supportsXnack, type AmdgpuTarget } from '../targets.js';
import type { AmdgpuTriple } from '../triple.js';
import { InstructionChecker, type InstructionContext } from './instruction.js';
import { BranchReach } from './branch-reach.js';
import type { AmdCode } from '../diagnostics.js';

/** A directive statement (`.text`, `.amdhsa_kernel`...), as the parser gives it. */
type DirectiveStatement = Extract<Statement, { kind: 'directive' }>;

/** The ELF section flag letters llvm-mc takes for an AMDGPU triple (`c`, `d`, `y`, `s`, `l` are other targets'). */
const SECTION_MERGE = 1;
const SECTION_GROUP = 2;
const SECTION_LAST_GROUP = 4;
const SECTION_OTHER = 8;
const SECTION_LINK_ORDER = 16;
const SECTION_FLAG_LETTERS: ReadonlyMap<string, number> = new Map([
  ['a', SECTION_OTHER], ['e', SECTION_OTHER], ['x', SECTION_OTHER], ['w', SECTION_OTHER], ['o', SECTION_LINK_ORDER], ['S', SECTION_OTHER],
  ['T', SECTION_OTHER], ['R', SECTION_OTHER], ['M', SECTION_MERGE], ['G', SECTION_GROUP], ['?', SECTION_LAST_GROUP],
]);
const SECTION_SUN_FLAGS: ReadonlySet<string> = new Set(['alloc', 'execinstr', 'write', 'tls']);

export interface CheckOptions extends LexerOptions {
  mcpu: string;
  /** llvm-mc's -mattr (`+wavefrontsize64`...): features.ts. */
  mattr?: string;
  /** llvm-mc's -triple (default amdgcn-amd-amdhsa): its OS decides which directives exist. */
  triple?: string;
  /** false: parse and check every statement, even text repeated verbatim (speed/repeats.ts). Default true; the answer is the same. */
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

/**
 * The LDS bytes a processor addresses, as llvm-mc-19 bounds `.amdgpu_lds` sizes: 32 KiB on GFX6,
 * 64 KiB on GFX7-9, 128 KiB from GFX10; none for the feature-less `generic` and `generic-hsa`.
 */
function ldsBytes(t: AmdgpuTarget): number {
  if (t.generic) return 0;
  return t.generation === 6 ? 32768 : t.generation <= 9 ? 65536 : 131072;
}

/**
 * The first numbered VGPR or SGPR (`v1`, `s[2:3]`) in an operand (inside `-x`, `|x|`, `neg()`,
 * `abs()`, `sext()` and register lists), or undefined.
 */
function gprCountRegister(op: Operand): { vgpr: boolean; span: Span } | undefined {
  switch (op.kind) {
    case 'word': {
      const n = op.name;
      const c = n.charCodeAt(0) | 0x20;
      if ((c !== 118 && c !== 115) || n.length < 2) return undefined;
      for (let i = 1; i < n.length; i++) if (!isDigitCode(n.charCodeAt(i))) return undefined;
      return { vgpr: c === 118, span: op.span };
    }
    case 'regRange': {
      const c = op.prefix.length === 1 ? op.prefix.charCodeAt(0) | 0x20 : 0;
      return c === 118 || c === 115 ? { vgpr: c === 118, span: op.span } : undefined;
    }
    case 'neg':
    case 'abs':
      return gprCountRegister(op.operand);
    case 'call':
    case 'list':
      for (const a of op.kind === 'call' ? op.args : op.items) {
        const r = gprCountRegister(a);
        if (r) return r;
      }
      return undefined;
    default:
      return undefined;
  }
}

function kernelFieldAvailable(a: AmdhsaAvailability, t: AmdgpuTarget): boolean {
  switch (a) {
    case 'gfx7plus':
      return t.isaMajor >= 7;
    case 'gfx8plus':
      return t.isaMajor >= 8;
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


/** The value of a local label's number as llvm-mc reads it (`01:` and `1b` name the same label). */
function localLabelKey(text: string): string {
  try {
    return (text.length > 1 && text.charCodeAt(0) === 48 && isDigitCode(text.charCodeAt(1)) ? BigInt('0o' + text.slice(1)) : BigInt(text)).toString();
  } catch {
    return text;
  }
}

/** `.amd_kernel_code_t` fields that set the same bit as another: the name the checks use. */
const KERNEL_CODE_T_BITS: ReadonlyMap<string, string> = new Map([
  ['compute_pgm_rsrc1_dx10_clamp', 'enable_dx10_clamp'],
  ['compute_pgm_rsrc1_ieee_mode', 'enable_ieee_mode'],
  ['compute_pgm_rsrc1_wgp_mode', 'enable_wgp_mode'],
  ['compute_pgm_rsrc1_mem_ordered', 'enable_mem_ordered'],
  ['compute_pgm_rsrc1_fwd_progress', 'enable_fwd_progress'],
]);

/** Mode bits llvm-mc-19 refuses, when it writes the object, on processors without them. */
const KERNEL_CODE_T_MODE_BITS: ReadonlyMap<string, { allowed: (t: AmdgpuTarget) => boolean; message: string }> = new Map([
  ['enable_dx10_clamp', { allowed: (t: AmdgpuTarget) => t.generation < 12, message: 'is not allowed on GFX12+' }],
  ['enable_ieee_mode', { allowed: (t: AmdgpuTarget) => t.generation < 12, message: 'is not allowed on GFX12+' }],
  ['enable_wgp_mode', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
  ['enable_mem_ordered', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
  ['enable_fwd_progress', { allowed: (t: AmdgpuTarget) => t.generation >= 10, message: 'is only allowed on GFX10+' }],
]);

/** The rules of each statement in file order, with the state they keep (kernel block, local labels, sections). */
export class StatementChecker implements InstructionContext {
  private kernel: {
    seen: Set<string>;
    start: number;
    vgprs?: { value: bigint; span: Span };
    sgprs?: { value: bigint; span: Span };
    wave32?: boolean;
    /** `.amdhsa_user_sgpr_count` as written, and the user SGPRs the enabled ones take. */
    userSgprCount?: bigint;
    impliedUserSgprs: bigint;
    /** `.amdhsa_shared_vgpr_count` (GFX10-11, wave64 only). */
    sharedVgprs?: bigint;
    /** `.amdhsa_kernarg_size` (null: not known where it stands) and the kernarg preload (gfx90a). */
    kernargSize?: bigint | null;
    preloadLength?: bigint;
    preloadOffset?: bigint;
    /** `.amdhsa_accum_offset` (gfx90a-style AGPR split). */
    accumOffset?: bigint;
    /** `.amdhsa_reserve_vcc` / `.amdhsa_reserve_flat_scratch` as written (both default to 1). */
    reserveVcc?: boolean;
    reserveFlatScratch?: boolean;
  } | null = null;
  readonly evaluator: OperandExprEvaluator;
  /** The operand checks of each instruction (instruction.ts). */
  private readonly instructions: InstructionChecker;
  /** Local labels (`1:`) defined so far, by number. */
  private readonly localLabels = new Set<string>();
  /** Forward references (`1f`) not yet followed by their label, by label number. */
  private readonly pendingForward = new Map<string, Span[]>();
  /** Data values that cannot be evaluated (division by zero): llvm-mc finds them only when writing the object. */
  private readonly deferredDataErrors: ParseIssue[] = [];
  /** The first branch to each symbol not defined at that point (not `.L`: see branchTarget). */
  private readonly undefinedBranchTargets = new Map<string, Span>();
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
  /** Branches out of reach at layout (branch-reach.ts). */
  readonly reach = new BranchReach();
  /** A `.amdgcn.next_free_vgpr`/`_sgpr` assignment was seen (see checkGprCountSymbols). */
  private gprCountSymbolsSet = false;
  private readonly lookup = (n: string): bigint | null => {
    this.symbolAccesses++;
    return this.table.currentValue(n);
  };

  constructor(
    readonly text: string,
    readonly table: SymbolTable,
    readonly target: AmdgpuTarget | undefined,
    private readonly options: CheckOptions,
    readonly sink: IssueSink,
    private readonly triple: AmdgpuTriple,
  ) {
    this.evaluator = this.makeEvaluator();
    this.instructions = new InstructionChecker(this);
  }

  /** Issues reported through issue() (the instruction layer runs only on statements without one). */
  issued = 0;

  issue(code: AmdCode, message: string, span: Span): void {
    this.issued++;
    this.sink({ code, message, start: span.start, length: span.end - span.start });
  }

  /** A kernel body known to have no effect was skipped: what its end directive would leave. */
  kernelBodySkipped(): void {
    this.kernel = null;
  }

  /** Evaluates with the symbols defined so far; reports evaluation errors; returns the value or null. */
  valueOf(e: Expr): bigint | null {
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
    for (const i of this.reach.found) this.sink(i);
    const cov = this.codeObjectVersion;
    // llvm-mc-19 writes code objects of versions 4, 5 and 6 only ("LLVM ERROR: Unsupported AMDHSA Code Object Version", no line).
    if (cov && (cov.value < 4n || cov.value > 6n))
      this.issue('AMD229', `unsupported AMDHSA code object version ${cov.value} (llvm-mc writes versions 4, 5 and 6)`, cov.span);
    for (const [name, at] of this.temporaryRefs) if (!this.table.isDefined(name)) this.issue('AMD127', `undefined label '${name}' (a .L temporary symbol must be defined in the file)`, at);
    for (const [name, at] of this.undefinedBranchTargets)
      if (!this.table.isDefined(name) && !this.table.valueUnknowable(name)) this.issue('AMD558', `undefined label '${name}': a branch target must be defined in the file (a label or a symbol set to one), whatever .globl, .extern or .weak say`, at);
  }

  /** Directional references (`1b`, `1f`) and `.L` symbol references in an expression. */
  noteReferences(e: Expr, temporaries: boolean): void {
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

  /**
   * A directive's bytes for the branch-reach bound: data of a size known here (`.fill N, SIZE`,
   * `.space`/`.skip`/`.zero N`, `.byte`... per argument), an effect (the repeated-line memo must not
   * skip it: it skips only what adds no bytes); any other directive a new run (branch-reach.ts).
   */
  private reachDirective(st: DirectiveStatement): void {
    const name = st.name;
    const size = DATA_SIZES.get(name);
    let bytes: number | undefined;
    if (size !== undefined) bytes = size * st.args.length;
    else if (name === '.fill' || name === '.space' || name === '.skip' || name === '.zero') {
      const n = this.reachValue(st.args[0]?.expr);
      // `.fill N, SIZE`: SIZE 1 by default, at most 8 (llvm-mc clamps it); a negative count is none.
      const each = name === '.fill' && st.args.length > 1 ? this.reachValue(st.args[1]?.expr) : 1n;
      if (n !== undefined && each !== undefined) bytes = Number(n <= 0n ? 0n : n > 1n << 40n ? 1n << 40n : n) * Number(each <= 0n ? 0n : each > 8n ? 8n : each);
    }
    if (bytes === undefined) this.reach.barrier();
    else {
      this.symbolAccesses++;
      this.reach.data(bytes);
    }
  }

  /** An absolute value here without reporting (the directive's own rules report), or undefined. */
  private reachValue(e: Expr | undefined): bigint | undefined {
    if (!e) return undefined;
    if (e.kind === 'int') return e.value;
    const r = evaluate(e, this.lookup);
    return 'value' in r && typeof r.value === 'bigint' ? r.value : undefined;
  }

  /**
   * A branch to a symbol without a value here: measured by the branch-reach bound, and, where the
   * symbol is not defined yet (not a `.L` temporary: AMD127 covers those), remembered to be
   * defined by the end of the file: llvm-mc-19 refuses a branch to a symbol never defined when it
   * writes the object ("undefined label", also after `.globl`/`.extern`/`.weak`; AMD558).
   */
  branchTarget(name: string, span: Span): void {
    this.reach.branch(name, span);
    if (!this.table.isDefined(name) && !isTemporarySymbol(name) && !this.undefinedBranchTargets.has(name)) this.undefinedBranchTargets.set(name, span);
  }

  noteTemporary(name: string, span: Span): void {
    // A relocation variant (`.LC0@rel32@lo`, as GCC's amdgcn output loads its string constants)
    // names the symbol before the `@`: that one must be defined.
    const at = name.indexOf('@');
    const base = at > 0 ? name.slice(0, at) : name;
    if (isTemporarySymbol(base) && !this.temporaryRefs.has(base)) this.temporaryRefs.set(base, span);
  }

  check(st: Statement): void {
    switch (st.kind) {
      case 'assignment':
        // Values were handled by the symbol table.
        this.noteReferences(st.expr, false);
        if (st.name.startsWith('.amdgcn.next_free_')) this.gprCountSymbolsSet = true;
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
        this.reachDirective(st);
        return;
      case 'label':
        this.reach.label(st.name);
        return;
      case 'instruction':
        // (A branch is measured from its start: its own bytes are counted after it.)
        if (!(this.gprCountSymbolsSet && this.triple.os === 'amdhsa' && (!this.checkGprCountSymbols(st.operands) || (st.dual && !this.checkGprCountSymbols(st.dual.operands))))) this.instructions.check(st);
        this.reach.instruction();
        return;
      default:
        this.reach.barrier();
        return;
    }
  }

  /**
   * llvm-mc-19 (amdhsa) raises `.amdgcn.next_free_vgpr` / `.amdgcn.next_free_sgpr` at each VGPR /
   * SGPR operand: where the file has set one, its value must be absolute at that point ("symbols
   * must be absolute expressions", at the first such register). False when an issue was reported.
   */
  private checkGprCountSymbols(operands: readonly InstructionOperand[]): boolean {
    for (const o of operands) {
      const at = gprCountRegister(o.operand);
      if (!at) continue;
      const name = at.vgpr ? '.amdgcn.next_free_vgpr' : '.amdgcn.next_free_sgpr';
      this.symbolAccesses++;
      // (Its own upkeep by llvm-mc aside: a value that refers to one gpuasm cannot know is taken.)
      if (this.table.isVariable(name) && this.table.currentValue(name) === null && !this.table.valueUnknowable(name, false)) {
        this.issue('AMD541', `.amdgcn.next_free_{v,s}gpr symbols must be absolute expressions: ${name} has no value here, and this ${at.vgpr ? 'VGPR' : 'SGPR'} operand raises it`, at.span);
        return false;
      }
    }
    return true;
  }

  // checkDirective runs for every directive line: each case with more than a call is a method of
  // its own, so that the optimizing compiler's graph of the dispatch stays small (compile time and
  // the compiler's memory; docs/benchmarks.md, "Session 16 (amdmem)").
  private checkDirective(st: DirectiveStatement): void {
    const name = st.name;
    if (this.kernel) {
      this.kernelBlockDirective(st);
      return;
    }
    if (name === '.amdhsa_kernel') {
      this.kernel = { seen: new Set(), start: st.span.start, impliedUserSgprs: 0n };
      return;
    }
    const size = DATA_SIZES.get(name);
    if (size !== undefined) {
      this.dataDirective(st, size);
      return;
    }
    switch (name) {
      case '.type':
        this.checkTypeDirective(st);
        return;
      case '.error':
      case '.warning':
      case '.print':
        this.checkMessageDirective(st);
        return;
      case '.include':
        this.includeDirective(st);
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
      case '.amdhsa_code_object_version':
        this.codeObjectVersionDirective(st);
        return;
      case '.p2align':
      case '.p2alignl':
      case '.p2alignw':
      case '.align':
      case '.balign':
      case '.balignl':
      case '.balignw':
        this.alignDirective(st);
        return;
      case '.amdgcn_target':
        this.amdgcnTargetDirective(st);
        return;
      case '.amd_amdgpu_isa':
        this.amdgpuIsaDirective(st);
        return;
      case '.amd_kernel_code_t':
        this.checkKernelCodeT(st);
        return;
      case '.amdgpu_lds':
        this.checkAmdgpuLds(st);
        return;
      case '.amd_amdgpu_pal_metadata':
        this.palMetadataDirective(st);
        return;
      default:
        for (const a of st.args) if (a.expr) this.valueOf(a.expr);
        return;
    }
  }

  /** A directive inside an open `.amdhsa_kernel` block, its end included. */
  private kernelBlockDirective(st: DirectiveStatement): void {
    const name = st.name;
    if (name === '.end_amdhsa_kernel') {
      this.endKernelBlock(st);
      return;
    }
    if (!AMDHSA_KERNEL_ENTRIES.has(name)) {
      this.issue('AMD220', `unknown directive '${name}' in .amdhsa_kernel block`, st.nameSpan);
      return;
    }
    const arg = st.args[0];
    if (this.kernel!.seen.has(name)) {
      this.issue('AMD221', '.amdhsa_ directives cannot be repeated', arg ? arg.span : st.nameSpan);
      return;
    }
    this.kernel!.seen.add(name);
    const v = arg?.expr ? this.valueOf(arg.expr) : null;
    if (this.target && arg) this.checkKernelField(name, st.nameSpan, v, arg.span);
  }

  /**
   * `.end_amdhsa_kernel`: the block's own rules, in llvm-mc-19's order; it reports the first that
   * fails and no other (each is a return from its directive parser). Then the block is closed.
   */
  private endKernelBlock(st: DirectiveStatement): void {
    const k = this.kernel!;
    this.kernel = null;
    // At the end of `.end_amdhsa_kernel` (llvm-mc's token error at the end of the statement).
    const at = { start: st.nameSpan.end, end: st.nameSpan.end };
    for (const req of ['.amdhsa_next_free_vgpr', '.amdhsa_next_free_sgpr'])
      if (!k.seen.has(req)) return this.issue('AMD222', `${req} directive is required in an .amdhsa_kernel block`, at);
    if (this.checkKernelRegisterCounts(k)) return;
    if (k.userSgprCount !== undefined && k.userSgprCount < k.impliedUserSgprs)
      return this.issue('AMD226', `amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs (${k.userSgprCount} < ${k.impliedUserSgprs})`, at);
    if ((k.userSgprCount ?? k.impliedUserSgprs) > 31n) return this.issue('AMD226', `too many user SGPRs enabled (${k.userSgprCount ?? k.impliedUserSgprs}; the field holds 0…31)`, at);
    if (k.kernargSize === null) return this.issue('AMD124', 'Kernarg size should be resolvable: .amdhsa_kernarg_size needs a value known where it stands', at);
    // Preloaded kernel arguments (dwords from the offset on) must lie within a non-zero kernarg segment.
    const kernarg = k.kernargSize ?? 0n;
    const length = k.preloadLength ?? 0n;
    const offset = k.preloadOffset ?? 0n;
    if (length !== 0n && kernarg !== 0n && (length + offset) * 4n > kernarg)
      return this.issue('AMD226', `Kernarg preload length + offset is larger than the kernarg segment size (${length} + ${offset} dwords, ${kernarg} bytes)`, at);
    const t = this.target;
    if (t && t.alignedVgprTuples) {
      if (!k.seen.has('.amdhsa_accum_offset')) return this.issue('AMD222', '.amdhsa_accum_offset directive is required in an .amdhsa_kernel block', at);
      // Either value known only later: llvm-mc leaves both checks to nobody.
      if (k.accumOffset !== undefined && this.checkAccumOffset(k.accumOffset, k.vgprs?.value, at)) return;
    }
    const shared = k.sharedVgprs ?? 0n;
    if (shared === 0n) return;
    // Only an explicit `.amdhsa_wavefront_size32 1` counts (llvm-mc), not the target's default.
    if (k.wave32 === true) return this.issue('AMD226', 'shared_vgpr_count directive not valid on wavefront size 32', at);
    // The shared VGPRs (two granules each) and the kernel's own VGPR granules (less one) share a
    // 6-bit count: 8 VGPRs a granule in wave32 (the processor's default), 4 in wave64.
    if (t && k.vgprs) {
      const granule = (k.wave32 ?? t.wave32) ? 8n : 4n;
      const v = k.vgprs.value > 1n ? k.vgprs.value : 1n;
      const blocks = (v + granule - 1n) / granule - 1n;
      if (blocks + 2n * shared > 63n)
        this.issue('AMD226', `shared_vgpr_count*2 + compute_pgm_rsrc1.GRANULATED_WORKITEM_VGPR_COUNT cannot exceed 63 (${shared}*2 + ${blocks})`, at);
    }
  }

  /** `.byte`, `.short`, `.long`, `.quad` and their kin: `size` bytes a value. */
  private dataDirective(st: DirectiveStatement, size: number): void {
    for (const a of st.args) {
      if (!a.expr) continue;
      this.table.markUsed(a.expr);
      // A name in data is a reference (an undefined one is relocated against: it is in the object).
      if (a.expr.kind !== 'int')
        for (const n of symbolsIn(a.expr)) {
          const at = n.indexOf('@');
          this.symbolAccesses++;
          this.table.reference(at > 0 ? n.slice(0, at) : n);
        }
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
  }

  private includeDirective(st: DirectiveStatement): void {
    // Left here only when the host could not read the file (pipeline.ts splices the others).
    const arg = this.stringArgument(st);
    if (arg.value === undefined) this.issue('AMD553', "expected string in '.include' directive", arg.at);
    else if (arg.after) this.issue('AMD553', "unexpected token in '.include' directive", arg.after);
    else this.issue('AMD553', `Could not find include file '${arg.value}'`, arg.at);
  }

  private codeObjectVersionDirective(st: DirectiveStatement): void {
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
  }

  /** `.p2align`, `.align`, `.balign` and their `l`/`w` forms. */
  private alignDirective(st: DirectiveStatement): void {
    const name = st.name;
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
  }

  private amdgcnTargetDirective(st: DirectiveStatement): void {
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
    // `-mattr`'s xnack/sramecc are in the target id on amdhsa only (measured with llvm-mc-19).
    const expected = `${this.triple.idPrefix}${this.target.idName}${this.triple.os === 'amdhsa' ? this.target.idFeatures : ''}`;
    if (id === expected) return;
    // A string that ran on over line ends is shown escaped, the same for CRLF and LF text.
    const shown = id.includes('\n') ? JSON.stringify(id.replace(/\r\n/g, '\n')) : id;
    this.issue('AMD224', `.amdgcn_target directive's target id ${shown} does not match the specified target id ${expected}`, a.span);
  }

  private amdgpuIsaDirective(st: DirectiveStatement): void {
    // The target id as a string token (llvm-mc compares the token's contents with its own).
    this.symbolAccesses++;
    if (!this.target) return;
    const a = st.args[0]!;
    const raw = this.text.slice(a.span.start, a.span.end);
    const expected = `${this.triple.idPrefix}${this.target.idName}`;
    if (raw.charCodeAt(0) === 34 && raw.slice(1, -1) === expected) return;
    const at = a.span.end > a.span.start ? a.span : { start: a.span.start, end: a.span.start + 1 };
    this.issue('AMD325', `target id must match options: .amd_amdgpu_isa needs "${expected}" for ${this.target.name} on ${this.triple.text}`, at);
  }

  private palMetadataDirective(st: DirectiveStatement): void {
    let absolute = true;
    for (const a of st.args) {
      if (!a.expr) continue;
      if (!('value' in evaluate(a.expr, this.lookup))) {
        this.issue('AMD124', 'expected absolute expression: .amd_amdgpu_pal_metadata takes register/value numbers known here', a.span);
        absolute = false;
        break;
      }
    }
    if (absolute && st.args.length % 2 !== 0)
      this.issue('AMD326', `expected an even number of values in .amd_amdgpu_pal_metadata (register, value pairs; ${st.args.length} given)`, { start: st.span.end, end: st.span.end });
  }

  /**
   * `.error`, `.warning`, `.print` with an optional string, as llvm-mc-19 runs them: `.error` is an
   * error (its string, or ".error directive invoked in source file"), `.warning` a warning, `.print`
   * prints; an argument that is not one string is an error.
   */
  private checkMessageDirective(st: DirectiveStatement): void {
    const name = st.name;
    const arg = this.stringArgument(st);
    if (name === '.print') {
      if (arg.value === undefined) this.issue('AMD551', 'expected double quoted string after .print', st.nameSpan);
      else if (arg.after) this.issue('AMD551', 'expected newline after the string of .print', arg.after);
      return;
    }
    const kind = name === '.error' ? 'AMD551' : 'AMD552';
    if (st.args.length === 0) this.issue(kind, `${name} directive invoked in source file`, st.nameSpan);
    else if (arg.value === undefined) this.issue('AMD551', `${name} argument must be a string`, arg.at);
    else if (name === '.error') this.issue(kind, arg.value, st.span);
    else if (arg.after) this.issue('AMD551', 'expected newline after the string of .warning', arg.after);
    else this.issue(kind, arg.value, st.span);
  }

  /**
   * A directive's one string argument (`.include`, `.error`, `.warning`, `.print`): its text between
   * the quotes (backslash escapes kept as written; undefined when the argument is missing or not a
   * string), where it is (the directive's end when missing), and `after`: from the first token
   * after the string to the statement's end, when anything follows it.
   */
  private stringArgument(st: DirectiveStatement): { value: string | undefined; at: Span; after?: Span } {
    const a = st.args[0];
    if (!a) return { value: undefined, at: { start: st.span.end, end: st.span.end } };
    const raw = this.text.slice(a.span.start, a.span.end);
    const str = /^"(?:[^"\\]|\\.)*"/.exec(raw);
    if (!str) return { value: undefined, at: a.span };
    const rest = raw.slice(str[0].length);
    if (rest.length === 0 && st.args.length === 1) return { value: str[0].slice(1, -1), at: a.span };
    return { value: str[0].slice(1, -1), at: a.span, after: { start: a.span.start + str[0].length + (rest.length - rest.trimStart().length), end: st.span.end } };
  }

  /**
   * `.amdgpu_lds NAME, SIZE[, ALIGN]` as llvm-mc-19 reads it: both values absolute where written;
   * the size non-negative and at most the processor's addressable LDS (ldsBytes), the alignment a
   * power of two below 2^31.
   */
  private checkAmdgpuLds(st: DirectiveStatement): void {
    this.symbolAccesses++;
    const size = st.args[1];
    const align = st.args[2];
    const sizeValue = size?.expr ? evaluate(size.expr, this.lookup) : undefined;
    if (!size || !sizeValue || !('value' in sizeValue)) {
      if (size) this.issue('AMD124', 'expected absolute expression: the size of .amdgpu_lds must be known here', size.span);
      return;
    }
    const v = sizeValue.value;
    if (v < 0n) {
      this.issue('AMD540', `size must be non-negative: .amdgpu_lds size ${v}`, size.span);
      return;
    }
    const limit = this.target ? ldsBytes(this.target) : undefined;
    if (limit !== undefined && v > BigInt(limit)) {
      this.issue('AMD540', `size is too large: .amdgpu_lds size ${v} is more than the ${limit} bytes of LDS ${this.target!.name} addresses`, size.span);
      return;
    }
    if (!align?.expr) return;
    const a = evaluate(align.expr, this.lookup);
    if (!('value' in a)) {
      this.issue('AMD124', 'expected absolute expression: the alignment of .amdgpu_lds must be known here', align.span);
      return;
    }
    const n = a.value;
    if (n <= 0n || (n & (n - 1n)) !== 0n) this.issue('AMD540', `alignment must be a power of two: .amdgpu_lds alignment ${n}`, align.span);
    else if (n >= 1n << 31n) this.issue('AMD540', `alignment is too large: .amdgpu_lds alignment ${n} (at most 2^30)`, align.span);
  }

  /**
   * The `.amd_kernel_code_t` checks llvm-mc-19 makes while it reads the block (the parser calls
   * them field by field; a refused field ends the block there, see KernelCodeFieldChecks).
   */
  readonly kernelCodeFields: KernelCodeFieldChecks = {
    value: (field, value) => AMD_KERNEL_CODE_T_EXPRESSION_FIELDS.has(field) || this.kernelCodeValue(value),
    afterValue: (field, value, at) => this.kernelCodeWaveSize(field, value, at),
  };

  /** A field's value must be absolute where it stands ("expected absolute expression"). */
  private kernelCodeValue(value: Expr): boolean {
    // The value reads the symbol table: effects the parser's repeat skipping must see.
    this.symbolAccesses++;
    const r = evaluate(value, this.lookup);
    if ('value' in r) return true;
    if ('error' in r) this.sink(r.error);
    else this.issue('AMD124', 'expected absolute expression: an amd_kernel_code_t field needs a value known here', value.span);
    return false;
  }

  /**
   * The wave size fields must match the processor's (wave64 before GFX10, wave32 from GFX10 on, as
   * llvm-mc's default features, or those of -mattr: target.wave32/wave64). llvm-mc checks them once
   * it has taken the token after the value, and reports at the token after that (`at`): normally
   * the next line's first.
   */
  private kernelCodeWaveSize(field: string, value: Expr, at: number): boolean {
    const t = this.target;
    if (!t || (field !== 'enable_wavefront_size32' && field !== 'wavefront_size')) return true;
    const v = evaluate(value, this.lookup);
    if (!('value' in v)) return true;
    const g10 = t.generation >= 10;
    let message: string | undefined;
    if (field === 'enable_wavefront_size32') {
      if ((v.value & 1n) === 1n && !g10) message = 'enable_wavefront_size32=1 is only allowed on GFX10+';
      else if ((v.value & 1n) === 1n && !t.wave32) message = `enable_wavefront_size32=1 requires +WavefrontSize32 (${t.name} is wave64 here)`;
      else if ((v.value & 1n) === 0n && !t.wave64) message = `enable_wavefront_size32=0 requires +WavefrontSize64 (${t.name} is wave32 here)`;
    } else {
      const size = BigInt.asUintN(8, v.value);
      if (size === 5n && !g10) message = 'wavefront_size=5 is only allowed on GFX10+';
      else if (size === 5n && !t.wave32) message = `wavefront_size=5 requires +WavefrontSize32 (${t.name} is wave64 here)`;
      else if (size === 6n && !t.wave64) message = `wavefront_size=6 requires +WavefrontSize64 (${t.name} is wave32 here)`;
    }
    if (message === undefined) return true;
    this.issue('AMD328', `${message} (reported at the token after the ${field} field's line end, as llvm-mc does; the block ends here)`, { start: at, end: at });
    return false;
  }

  /**
   * A whole `.amd_kernel_code_t` block (every field taken as it was read): at its end llvm-mc-19
   * checks COMPUTE_PGM_RSRC1's mode bits against the processor when every field written to that
   * register has a value known there, and reports the first refused without a place (gpuasm: at
   * the field).
   */
  private checkKernelCodeT(st: DirectiveStatement): void {
    // The block's values read the symbol table: effects the parser's repeat skipping must see.
    this.symbolAccesses++;
    const t = this.target;
    if (!t) return;
    const bits = new Map<string, bigint>();
    const spans = new Map<string, Span>();
    for (const a of st.args) {
      const field = this.text.slice(a.span.start, a.span.end).match(/^[\w.$]+/)![0];
      if (!AMD_KERNEL_CODE_T_RSRC1_FIELDS.has(field)) continue;
      const r = evaluate(a.expr!, this.lookup);
      if (!('value' in r)) return;
      const key = KERNEL_CODE_T_BITS.get(field) ?? field;
      bits.set(key, r.value);
      spans.set(key, a.span);
    }
    for (const [field, rule] of KERNEL_CODE_T_MODE_BITS) {
      const v = bits.get(field);
      if (v === undefined || (v & 1n) === 0n || rule.allowed(t)) continue;
      this.issue('AMD328', `${field}=1 ${rule.message} (llvm-mc-19 reports this without a place, at the block's end)`, spans.get(field)!);
      return;
    }
  }

  /**
   * llvm-mc's section stack: `.previous` needs a previous section, which only a section switch
   * sets (every switch, also to the same section); `.pushsection` saves the pair and switches,
   * `.popsection` needs a push and restores what was saved. Errors at the token after the name.
   */
  private sectionDirective(st: DirectiveStatement): void {
    // State the parser's repeat skipping must see, unless nothing changes: a section switch when
    // one was already made, with no .pushsection ever (only .popsection can undo a switch), is no
    // effect, so the thousands of `.text`/`.section` lines of compiler output are still skipped.
    const plainSwitch = st.name !== '.pushsection' && st.name !== '.popsection' && st.name !== '.previous';
    if (!(plainSwitch && this.hasPreviousSection && !this.sectionsPushed)) this.symbolAccesses++;
    const at = st.args[0]?.span.start ?? st.nameSpan.end;
    // A directive llvm-mc refuses switches nothing (and pushes nothing).
    if ((st.name === '.section' || st.name === '.pushsection') && this.checkSectionArguments(st)) return;
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

  /**
   * The flags, type and entry size of `.section NAME, "FLAGS", @TYPE, ENTSIZE` (and `.pushsection`),
   * as llvm-mc's ELF parser reads them: a flag it does not know (string letters `aexwoMSTRG?` or a
   * number; `#alloc`, `#execinstr`, `#write`, `#tls`) is "unknown flag"; the type is `@`, `%` or a
   * string; a mergeable section (`M`) needs a type and a positive entry size ("expected the entry
   * size", "entry size must be positive"), a group section (`G`) a type; without a type, nothing may
   * follow. Only this prefix of the arguments is read: a name of more than one token, a
   * `.pushsection` subsection (what it has instead of flags that are no string), an entry size that is not a plain integer, and what follows the
   * entry size or a type (link-order symbol, group, `unique`) are left alone.
   */
  private checkSectionArguments(st: DirectiveStatement): boolean {
    const text = this.text;
    const lex = new Lexer(text, this.options, st.nameSpan.end);
    let k: number = lex.next();
    const here = (): Span => ({ start: lex.start, end: Math.max(lex.end, lex.start + 1) });
    const end = (): boolean => k === Tok.EndOfStatement || k === Tok.Eof;
    // The name: one identifier or string (a dotted name is one identifier); a token right after it
    // (`.note.GNU-stack`) continues it, one after a space ends the statement.
    if (k !== Tok.Identifier && k !== Tok.String) return false;
    const nameEnd = lex.end;
    k = lex.next();
    if (end()) return false;
    if (k !== Tok.Comma) return lex.start > nameEnd && st.name === '.section' ? this.refuse('AMD201', 'expected end of directive', here()) : false;
    k = lex.next();
    let flags = 0;
    // (.pushsection: anything but a string there is a subsection number, not read here.)
    if (st.name === '.pushsection' && k !== Tok.String) return false;
    if (k === Tok.String) {
      const f = text.slice(lex.start + 1, lex.end - 1);
      k = lex.next();
      if (/^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]*|[1-9][0-9]*)$/.test(f)) flags = SECTION_OTHER;
      else
        for (const c of f) {
          const bit = SECTION_FLAG_LETTERS.get(c);
          if (bit === undefined) return this.refuse('AMD570', `unknown flag: '${c}' is not an ELF section flag`, here());
          flags |= bit;
        }
    } else if (k === Tok.Hash) {
      while (k === Tok.Hash) {
        k = lex.next();
        if (k !== Tok.Identifier || !SECTION_SUN_FLAGS.has(text.slice(lex.start, lex.end))) return this.refuse('AMD570', 'unknown flag: the # flags are #alloc, #execinstr, #write and #tls', here());
        k = lex.next();
        if (k !== Tok.Comma) break;
        k = lex.next();
      }
    } else return this.refuse('AMD570', 'expected string: the section flags are a string or #flags', here());
    if ((flags & SECTION_GROUP) !== 0 && (flags & SECTION_LAST_GROUP) !== 0) return false;
    let typed = false;
    if (k === Tok.Comma) {
      k = lex.next();
      if (k !== Tok.At && k !== Tok.Percent && k !== Tok.String) return this.refuse('AMD570', `expected '@<type>', '%<type>' or "<type>" after the section flags`, here());
      if (k !== Tok.String) {
        k = lex.next();
        if (k !== Tok.Integer && k !== Tok.Identifier && k !== Tok.String) return this.refuse('AMD570', 'expected identifier: the section type', here());
      }
      typed = true;
      k = lex.next();
    }
    if (!typed) {
      if ((flags & SECTION_MERGE) !== 0) return this.refuse('AMD570', 'Mergeable section must specify the type', here());
      if ((flags & SECTION_GROUP) !== 0) return this.refuse('AMD570', 'Group section must specify the type', here());
      if (!end()) return this.refuse('AMD201', 'expected end of directive', here());
      return false;
    }
    if ((flags & SECTION_MERGE) !== 0) {
      if (k !== Tok.Comma) return this.refuse('AMD570', 'expected the entry size: a mergeable section (flag M) needs one after its type', here());
      k = lex.next();
      const negative = k === Tok.Minus;
      if (negative) k = lex.next();
      if (k !== Tok.Integer) return false;
      const size = lex.intValue();
      const at = here();
      k = lex.next();
      if (k !== Tok.Comma && !end()) return false;
      if (negative || size === 0n) return this.refuse('AMD570', 'entry size must be positive', at);
    }
    // Then a link-order symbol (`o`), a group (`G`), `unique,N`: each after a comma (not read here).
    if ((flags & SECTION_GROUP) !== 0 || (flags & SECTION_LINK_ORDER) !== 0 || k === Tok.Comma || end()) return false;
    return this.refuse('AMD201', 'expected end of directive', here());
  }

  /** An issue, and true: the directive was refused. */
  private refuse(code: AmdCode, message: string, span: Span): boolean {
    this.issue(code, message, span);
    return true;
  }

  /** Availability and field width of one `.amdhsa_` directive (llvm-mc checks them as it reads the line). */
  private checkKernelField(name: string, nameSpan: Span, v: bigint | null, valueSpan: Span): void {
    const t = this.target!;
    const rule = AMDHSA_FIELD_RULES.get(name);
    const unavailable = rule?.availability?.find((a) => !kernelFieldAvailable(a, t));
    // Where llvm-mc needs the value known (a value known later is its "directive should have
    // resolvable expression"), before or after the processor's rules as it reads the line.
    const unresolved = v === null && rule?.resolved !== undefined;
    if (unresolved && (rule.resolved === 'before' || !unavailable)) return this.issue('AMD124', `directive should have resolvable expression: ${name} needs a value known here`, nameSpan);
    if (unavailable) {
      this.issue('AMD225', AMDHSA_AVAILABILITY_MESSAGES[unavailable], nameSpan);
      return;
    }
    const k = this.kernel!;
    if (v === null) {
      // A value known only later is 0 to llvm-mc's checks on the line (the descriptor gets the
      // expression): for the XNACK mask, 0 against the target id.
      if (name === '.amdhsa_kernarg_size') k.kernargSize = null;
      else if (name === '.amdhsa_reserve_xnack_mask') this.checkXnackMask(0n, nameSpan);
      return;
    }
    if (v < 0n || (rule?.bits !== undefined && v >= 1n << BigInt(rule.bits))) {
      this.issue('AMD226', `value out of range: ${v} does not fit the ${rule?.bits ?? 64}-bit unsigned field of ${name}`, valueSpan);
      return;
    }
    if (rule?.max !== undefined && v > rule.max) {
      this.issue('AMD226', `value out of range: ${v} is more than ${rule.max} for ${name}`, valueSpan);
      return;
    }
    if (name === '.amdhsa_next_free_vgpr') k.vgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_next_free_sgpr') k.sgprs = { value: v, span: valueSpan };
    else if (name === '.amdhsa_wavefront_size32') k.wave32 = v === 1n;
    // llvm-mc keeps the count as 32 bits (0x100000000 is 0).
    else if (name === '.amdhsa_user_sgpr_count') k.userSgprCount = BigInt.asUintN(32, v);
    else if (name === '.amdhsa_reserve_vcc') k.reserveVcc = v === 1n;
    else if (name === '.amdhsa_reserve_flat_scratch') k.reserveFlatScratch = v === 1n;
    else if (name === '.amdhsa_shared_vgpr_count') k.sharedVgprs = v;
    else if (name === '.amdhsa_accum_offset') k.accumOffset = v;
    else if (name === '.amdhsa_kernarg_size') k.kernargSize = v;
    else if (name === '.amdhsa_user_sgpr_kernarg_preload_offset') k.preloadOffset = v;
    else if (name === '.amdhsa_user_sgpr_kernarg_preload_length') {
      k.preloadLength = v;
      k.impliedUserSgprs += v;
    } else if (v === 1n && USER_SGPR_SIZES.has(name)) k.impliedUserSgprs += USER_SGPR_SIZES.get(name)!;
    else if (name === '.amdhsa_reserve_xnack_mask') this.checkXnackMask(v, nameSpan);
  }

  /** `.amdhsa_reserve_xnack_mask` must say what the target id says of XNACK (llvm-mc: at the directive's name). */
  private checkXnackMask(v: bigint, at: Span): void {
    const t = this.target!;
    if ((v === 1n) !== (supportsXnack(t) && !t.xnackOff))
      this.issue('AMD226', `.amdhsa_reserve_xnack_mask does not match target id (XNACK is ${t.xnackOff ? 'off (-mattr=-xnack)' : supportsXnack(t) ? 'supported' : 'not supported'} on ${t.name})`, at);
  }

  /**
   * Register counts are checked when the block ends (the wave size may come later), at their value.
   * True when one is out of range (reported).
   */
  private checkKernelRegisterCounts(k: NonNullable<StatementChecker['kernel']>): boolean {
    const t = this.target;
    if (!t) return false;
    // (The directive's wave size, else the processor's: 512 also on gfx900 with -wavefrontsize64,
    // or both sizes on; llvm-mc-19.)
    const wave32 = k.wave32 ?? t.wave32;
    const maxVgprs = t.alignedVgprTuples || wave32 ? 512n : 256n;
    if (k.vgprs && k.vgprs.value > maxVgprs) {
      this.issue('AMD226', `value out of range: ${k.vgprs.value} VGPRs (at most ${maxVgprs} on ${t.name})`, k.vgprs.span);
      return true;
    }
    const maxSgprs = k.sgprs ? maxNextFreeSgpr(t, k.reserveVcc ?? true, k.reserveFlatScratch ?? true) : undefined;
    if (k.sgprs && maxSgprs !== undefined && k.sgprs.value > maxSgprs) {
      this.issue('AMD226', `value out of range: ${k.sgprs.value} SGPRs (at most ${maxSgprs} on ${t.name} with the reserved VCC and flat scratch)`, k.sgprs.span);
      return true;
    }
    return false;
  }

  /// '.type' name [','] ('@'|'%'|'#')? type   — as llvm-mc's ELF parser reads it (the comma is optional),
  /// token by token: names are the lexer's identifiers (`a?b`, `a@b`), comments are space.
  private checkTypeDirective(st: DirectiveStatement): void {
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
  private checkAccumOffset(offset: bigint, nextFreeVgpr: bigint | undefined, at: Span): boolean {
    if (offset < 4n || offset > 256n || offset % 4n !== 0n) this.issue('AMD226', 'accum_offset should be in range [4..256] in increments of 4', at);
    else if (nextFreeVgpr !== undefined && offset > ((nextFreeVgpr > 1n ? nextFreeVgpr : 1n) + 3n) / 4n * 4n) this.issue('AMD226', 'accum_offset exceeds total VGPR allocation', at);
    else return false;
    return true;
  }
}
