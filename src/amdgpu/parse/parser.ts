/**
 * AMDGPU assembly parser: statements (labels, assignments, directives, instructions with their
 * operands) as llvm-mc reads them. Recursive descent over the shared Lexer; never throws on bad
 * input: every problem is reported as a raw diagnostic (diagnostics.ts) and the parser skips to the end of the
 * statement (statement-at-a-time recovery).
 */
import type { DirectiveArg, Expr, InstructionOperand, Operand, Statement } from './ast.js';
import { ExprParser, MAX_EXPR_DEPTH, binaryPrecedence, evaluate, hasSymbol, valueUnknowableIn, type IssueSink, type ParseIssue } from './expr.js';
import { Lexer, Tok, type LexerOptions } from '../lex/lexer.js';
import { DIRECTIVES, DirectiveKind, NOT_ON_AMDHSA, RAW_BLOCKS, type DirectiveKindValue } from '../data/directives.js';
import { tokenExcerpt } from '../../core/source.js';
import type { AmdgpuOs } from '../triple.js';
import { AMD_KERNEL_CODE_T_FIELDS } from '../data/kernel-code-t.js';
import type { AmdCode } from '../diagnostics.js';

export interface ParseOptions extends LexerOptions {
  /** The target triple's operating system (default amdhsa): which AMDGPU directives exist. */
  os?: AmdgpuOs;
  /**
   * Errors reported so far, by the parser and by whatever handles its statements (default: the
   * parser's own). An error on a line inside `.amdhsa_kernel` ends the block there, as in llvm-mc:
   * the lines after it are top-level statements (`.amdhsa_*`, `.end_amdhsa_kernel`: unknown directives).
   */
  errorCount?: () => number;
  /** Called when an error ended an `.amdhsa_kernel` block early (whoever keeps block state drops it). */
  onKernelAborted?: () => void;
  /** A symbol's absolute value so far (for `.if` conditions); null when it has none. Default: none. */
  symbolValue?: (name: string) => bigint | null;
  /** Whether a symbol is defined so far (`.ifdef`). Default: none is. */
  symbolDefined?: (name: string) => boolean;
  /**
   * Whether a symbol may have a value (or a definition) that llvm-mc knows and the caller cannot
   * (SymbolTable.valueUnknowable): a conditional on it is not evaluated; all its branches are
   * skipped (a miss at worst, never a false error). Default: none.
   */
  symbolUnknowable?: (name: string) => boolean;
  /** A `.macro`/`.rept`/`.irp` body (not expanded) defines this symbol (undefined: a name built from arguments). */
  onBodyDefinition?: (name: string | undefined) => void;
  /** The text's latin1 bytes with an end mark (core/end-mark.ts), when the caller has them: the lexer scans them. */
  latin1Bytes?: Uint8Array;
  /** The checks llvm-mc makes on each `.amd_kernel_code_t` field while it reads the block (the checker's). */
  kernelCodeFields?: KernelCodeFieldChecks;
}

/**
 * What llvm-mc-19 refuses while it reads an `.amd_kernel_code_t` block, field by field. A refused
 * field ends the block there: llvm-mc drops the directive, and the lines after it are read as
 * top-level statements (`FIELD = VALUE` an assignment, `.end_amd_kernel_code_t` an unknown directive).
 */
export interface KernelCodeFieldChecks {
  /** The value just read (the lexer after it): false when refused (reported by the callee). */
  value(field: string, value: Expr): boolean;
  /** The same field once the token after its value is taken; `at`: the next token's start, where llvm-mc reports. */
  afterValue(field: string, value: Expr, at: number): boolean;
}

/** A condition gpuasm cannot evaluate (see ParseOptions.symbolUnknowable). */
const UNKNOWN = 'unknown';

/** Symbol-attribute directives of llvm-mc's generic parser: a `.L` name is "non-local symbol required". */
const GENERIC_SYMBOL_ATTRIBUTES: ReadonlySet<string> = new Set(['.globl', '.global', '.no_dead_strip', '.lazy_reference', '.reference', '.weak_definition', '.weak_reference', '.private_extern', '.symbol_resolver', '.cold']);

/** A body line that defines a symbol: `.set NAME,` (and .equ, .equiv, .eqv) or `NAME:` / `NAME =` (not `==`). */
const BODY_DEFINITION = /^\s*(?:\.(?:set|equ|equiv|eqv)\s+([^\s,]+)\s*,|([^\s:=,;]+)\s*(?::|=(?!=)))/i;

/** The conditional-assembly directives, tracked for nesting even inside a branch not taken (llvm-mc). */
const COND_IFS = new Set(['.if', '.ifdef', '.ifndef', '.ifnotdef', '.ifc', '.ifnc', '.ifb', '.ifnb', '.ifeq', '.ifne', '.ifge', '.ifgt', '.ifle', '.iflt', '.ifeqs', '.ifnes']);

export interface ParseResult {
  statements: Statement[];
  issues: ParseIssue[];
}

/** Parses a whole file. */
export function parseAmdgpuStatements(text: string, options: ParseOptions = {}): ParseResult {
  const issues: ParseIssue[] = [];
  const statements: Statement[] = [];
  new StatementParser(text, options, (i) => issues.push(i), (st) => statements.push(st)).parseFile();
  return { statements, issues };
}

/**
 * Parses a file statement by statement, handing each to `onStatement` as soon as it is parsed
 * (nothing is retained: memory stays flat on large files). (speed/repeats.ts does the same while
 * skipping repeated text.)
 */
export function forEachAmdgpuStatement(text: string, options: ParseOptions, sink: IssueSink, onStatement: (st: Statement) => void): void {
  new StatementParser(text, options, sink, onStatement).parseFile();
}

/**
 * The statement parser. Its `protected` members are what the repeated-statement memo
 * (speed/repeats.ts, a subclass) reads and drives; nothing here depends on the memo.
 */
export class StatementParser {
  protected readonly lex: Lexer;
  private readonly ep: ExprParser;
  private readonly os: AmdgpuOs;
  private readonly kernelCodeFields: KernelCodeFieldChecks | undefined;
  /** Inside `.amdhsa_kernel` … `.end_amdhsa_kernel`. */
  protected inKernel: { start: number; nameEnd: number } | null = null;
  private opNesting = 0;
  /** Set by `.amdhsa_kernel` (for the memo: its body may be remembered or skipped). */
  protected kernelOpened = false;
  private readonly sink: IssueSink;
  private readonly errorCount: () => number;
  private readonly onKernelAborted: (() => void) | undefined;
  /** The error count when the current statement started inside a kernel block (-1: outside). */
  private kernelErrorsBefore = -1;
  /** An error ended the last `.amdhsa_kernel` block early (for the messages of the lines after it). */
  private kernelAborted = false;
  /**
   * The macros defined so far (`.macro`), by their case-sensitive names, each with the macros its
   * body defines directly (defined when it is instantiated) and those nested deeper.
   */
  private readonly macros = new Map<string, { inner: string[]; deeper: string[]; required?: string[]; expanded?: boolean }>();
  /**
   * Macros nested deeper than one level in an instantiated macro: gpuasm does not expand bodies,
   * so they may exist; their instantiations and `.purgem` are accepted.
   */
  private readonly mayBeMacros = new Set<string>();
  /** `.macros_off` turns instantiation off (names are then mnemonics), `.macros_on` back on. */
  private macrosEnabled = true;
  /** Open `.if` blocks: in the `.else` branch; an `.if`/`.elseif` condition held (llvm-mc's CondMet: the later branches are skipped). */
  private readonly conds: { inElse: boolean; met: boolean }[] = [];
  private readonly symbolValue: ((name: string) => bigint | null) | undefined;
  private readonly symbolDefined: ((name: string) => boolean) | undefined;
  private readonly symbolUnknowable: ((name: string) => boolean) | undefined;
  private readonly onBodyDefinition: ((name: string | undefined) => void) | undefined;

  constructor(
    protected readonly text: string,
    options: ParseOptions,
    sink: IssueSink,
    protected emit: (st: Statement) => void,
  ) {
    if (options.errorCount) {
      this.sink = sink;
      this.errorCount = options.errorCount;
    } else {
      let n = 0;
      this.sink = (i) => {
        n++;
        sink(i);
      };
      this.errorCount = () => n;
    }
    this.onKernelAborted = options.onKernelAborted;
    this.symbolValue = options.symbolValue;
    this.symbolDefined = options.symbolDefined;
    this.symbolUnknowable = options.symbolUnknowable;
    this.onBodyDefinition = options.onBodyDefinition;
    this.lex = new Lexer(text, options, 0, options.latin1Bytes);
    this.ep = new ExprParser(this.lex, sink);
    this.os = options.os ?? 'amdhsa';
    this.kernelCodeFields = options.kernelCodeFields;
  }

  private issue(code: AmdCode, message: string, start: number, end: number): void {
    this.sink({ code, message, start, length: Math.max(start, end) - start });
  }

  /** An issue on the current token (at least one character wide, at the end of a statement too). */
  private issueAtToken(code: AmdCode, message: string): void {
    this.issue(code, message, this.lex.start, Math.max(this.lex.end, this.lex.start + 1));
  }

  parseFile(): void {
    const lex = this.lex;
    lex.next();
    // (A small loop: the per-statement work is in functions of their own, which the engine
    // optimizes as they get hot instead of recompiling this long-running loop.)
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) lex.next();
      if (lex.cur() === Tok.Eof) break;
      this.afterStatement(this.parseStatement());
    }
    this.endOfFile();
  }

  protected endOfFile(): void {
    if (this.conds.length !== 0) this.issue('AMD216', 'unmatched .ifs or .elses', this.text.length, this.text.length);
    if (this.inKernel) {
      // llvm-mc reports it where the file ends ("expected .amdhsa_ directive or .end_amdhsa_kernel").
      this.issue('AMD204', 'missing .end_amdhsa_kernel for this .amdhsa_kernel', this.text.length, this.text.length);
    }
  }

  /**
   * After one statement: skip the rest of a failed one; anything but its end (or a label's next
   * statement) is an error. An error on a line of a kernel block ends the block (llvm-mc).
   */
  protected afterStatement(ok: boolean): void {
    this.finishStatement(ok);
    if (this.kernelErrorsBefore >= 0 && this.inKernel !== null && this.errorCount() !== this.kernelErrorsBefore) {
      this.inKernel = null;
      this.kernelAborted = true;
      this.onKernelAborted?.();
    }
  }

  private finishStatement(ok: boolean): void {
    const lex = this.lex;
    if (!ok) {
      lex.skipToEndOfStatement();
      return;
    }
    if (lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof) return;
    // A label is followed directly by the next statement on the same line.
    if (this.endsWithLabel) return;
    this.unexpectedAtEnd();
    lex.skipToEndOfStatement();
  }

  /**
   * Set when the statement just parsed lets the line continue with another statement: a label,
   * or `.amdhsa_code_object_version`'s value (DirectiveKind.LeadingExpr).
   */
  private endsWithLabel = false;

  private unexpectedAtEnd(): void {
    const lex = this.lex;
    if (lex.cur() === Tok.Error) {
      this.ep.reportLexError();
      return;
    }
    this.issue('AMD201', `expected end of statement, found '${lex.tokenText()}'`, lex.start, lex.end);
  }

  /** Parses one statement; false after reporting an error (the caller skips the rest of it). */
  protected parseStatement(): boolean {
    const lex = this.lex;
    this.endsWithLabel = false;
    this.kernelErrorsBefore = this.inKernel === null ? -1 : this.errorCount();
    const start = lex.start;
    switch (lex.cur()) {
      case Tok.Identifier:
      case Tok.String: {
        // llvm-mc reads a quoted name at the start of a statement as the identifier it encloses
        // (raw, escapes kept): a label `"a-b":`, an assignment `"a b" = 1`, even a mnemonic or a directive.
        const name = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
        const nameEnd = lex.end;
        lex.next();
        if (lex.cur() === Tok.Colon) {
          const end = lex.end;
          lex.next();
          this.emit({ kind: 'label', name, span: { start, end } });
          this.endsWithLabel = true;
          return true;
        }
        if (lex.cur() === Tok.Equal) {
          lex.next();
          return this.parseAssignmentValue(name, { start, end: nameEnd }, '=', start);
        }
        // A macro instantiation comes before directives and instructions (llvm-mc; names are case-sensitive).
        // Its expansion is not checked: llvm-mc reports errors in it at '<instantiation>', on no line of the file.
        if ((this.macros.size !== 0 || this.mayBeMacros.size !== 0) && this.macrosEnabled && this.inKernel === null && (this.macros.has(name) || this.mayBeMacros.has(name))) {
          const m = this.macros.get(name);
          if (m && !m.expanded && (m.inner.length !== 0 || m.deeper.length !== 0)) {
            // Its body's own `.macro` definitions take effect (a second one is llvm-mc's error at
            // '<instantiation>'); once, until a `.purgem` (no work per instantiation after the first).
            m.expanded = true;
            for (const n of m.inner) if (!this.macros.has(n)) this.macros.set(n, { inner: [], deeper: [] });
            for (const n of m.deeper) this.mayBeMacros.add(n);
          }
          if (m?.required && (lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof)) {
            // No arguments at all (other argument lists are not checked against the parameters).
            for (const p of m.required) this.issue('AMD215', `missing value for required parameter '${p}' in macro '${name}'`, lex.start, lex.start);
          }
          lex.skipToEndOfStatement();
          return true;
        }
        if (name.charCodeAt(0) === 46 /* . */) return this.parseDirective(name, start, nameEnd);
        if (this.inKernel) {
          this.issue('AMD206', `expected .amdhsa_ directive or .end_amdhsa_kernel inside .amdhsa_kernel, found '${name}'`, start, nameEnd);
          return false;
        }
        return this.parseInstruction(name, start, nameEnd);
      }
      case Tok.Integer: {
        // `1:` local label.
        const label = lex.tokenText();
        const end = lex.end;
        lex.next();
        if (lex.cur() === Tok.Colon) {
          const e = lex.end;
          lex.next();
          this.emit({ kind: 'localLabel', label, span: { start, end: e } });
          this.endsWithLabel = true;
          return true;
        }
        this.issue('AMD202', `unexpected token at start of statement: '${label}'`, start, end);
        return false;
      }
      case Tok.Dot: {
        // `. = expr` moves the location counter.
        lex.next();
        if (lex.cur() === Tok.Equal) {
          lex.next();
          const e = this.ep.parseExpression();
          if (!e) return false;
          this.emit({ kind: 'directive', name: '.org', nameSpan: { start, end: start + 1 }, args: [{ span: e.span, expr: e }], span: { start, end: e.span.end } });
          return true;
        }
        this.issue('AMD202', "unexpected token at start of statement: '.'", start, start + 1);
        return false;
      }
      case Tok.Error:
        this.ep.reportLexError();
        return false;
      default:
        this.issue('AMD202', `unexpected token at start of statement: '${tokenExcerpt(this.text, start, lex.end)}'`, start, lex.end);
        return false;
    }
  }

  private parseAssignmentValue(name: string, nameSpan: { start: number; end: number }, form: '=' | '.set' | '.equ' | '.equiv', start: number): boolean {
    const expr = this.ep.parseExpression();
    if (!expr) return false;
    this.emit({ kind: 'assignment', name, nameSpan, expr, form, span: { start, end: expr.span.end } });
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Directives

  /** Emits a directive statement: its name (as the caller spells it), the name's span from `start`, its arguments, and its span from `start` to `end`. */
  private emitDirective(name: string, start: number, nameEnd: number, args: DirectiveArg[], end: number): void {
    this.emit({ kind: 'directive', name, nameSpan: { start, end: nameEnd }, args, span: { start, end } });
  }

  /** Whether the current token can be a symbol name: an identifier or a quoted string. */
  private atSymbolName(): boolean {
    const k = this.lex.cur();
    return k === Tok.Identifier || k === Tok.String;
  }

  /// directive ::= '.name' args
  private parseDirective(rawName: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const name = rawName.toLowerCase();
    if (this.inKernel) {
      if (name === '.end_amdhsa_kernel') {
        this.inKernel = null;
        this.emitDirective(name, start, nameEnd, [], nameEnd);
        return true;
      }
      if (!name.startsWith('.amdhsa_')) {
        this.issue('AMD206', `expected .amdhsa_ directive or .end_amdhsa_kernel inside .amdhsa_kernel, found '${rawName}'`, start, nameEnd);
        return false;
      }
      const e = this.ep.parseExpression();
      if (!e) return false;
      this.emitDirective(name, start, nameEnd, [{ span: e.span, expr: e }], e.span.end);
      return true;
    }
    if (COND_IFS.has(name) || name === '.else' || name === '.elseif' || name === '.endif') return this.parseConditional(name, start, nameEnd);
    if (name === '.macro') return this.parseMacro(start, nameEnd);
    if (name === '.endm' || name === '.endmacro') {
      this.issue('AMD215', `unexpected '${rawName}' in file, no current macro definition`, nameEnd, nameEnd);
      return false;
    }
    if (name === '.rept' || name === '.rep' || name === '.irp' || name === '.irpc') return this.parseRepeatBlock(name, start, nameEnd);
    if (name === '.altmacro' || name === '.noaltmacro' || name === '.macros_on' || name === '.macros_off') {
      // `.altmacro` changes how arguments are substituted, which gpuasm does not do; `.macros_off` stops instantiations.
      if (name === '.macros_on' || name === '.macros_off') this.macrosEnabled = name === '.macros_on';
      return true;
    }
    if (name === '.exitm') {
      // Only inside an expansion; llvm-mc reports it after the statement's end.
      this.issue('AMD215', "unexpected '.exitm' in file, no current macro definition", lex.cur() === Tok.EndOfStatement ? lex.end : lex.start, lex.end);
      return false;
    }
    if (name === '.endr') {
      this.issue('AMD215', "unmatched '.endr' directive", nameEnd, nameEnd);
      return false;
    }
    if (name === '.purgem') {
      if (lex.cur() !== Tok.Identifier) {
        this.issue('AMD207', "expected identifier in '.purgem' directive", lex.start, lex.end);
        return false;
      }
      const macro = lex.tokenText();
      if (!this.macros.delete(macro) && !this.mayBeMacros.delete(macro)) {
        this.issue('AMD215', `macro '${macro}' is not defined`, start, nameEnd);
        return false;
      }
      for (const m of this.macros.values()) m.expanded = false;
      lex.next();
      return true;
    }
    if (this.os !== 'amdhsa') {
      // The code object v2 directives, in llvm-mc's spelling (case-sensitive, as target directives are).
      if (rawName === '.amd_kernel_code_t') return this.parseKernelCodeT(start, nameEnd);
      if (rawName === '.amdgpu_hsa_kernel' || rawName === '.amd_amdgpu_isa') return this.parseV2Directive(rawName, start, nameEnd);
      // Without the HSA ABI llvm-mc has no .amdhsa_ directives nor HSA metadata: the generic parser calls them unknown.
      if (name.startsWith('.amdhsa_') || name === '.amdgpu_metadata') {
        this.issue('AMD205', `unknown directive '${rawName}' (not on ${this.os === 'other' ? 'this operating system' : this.os}: the .amdhsa_ directives and .amdgpu_metadata need an amdhsa triple)`, start, nameEnd);
        return false;
      }
      if (rawName === '.amd_amdgpu_hsa_metadata') {
        this.issueAtToken('AMD206', '.amd_amdgpu_hsa_metadata directive is not available on non-amdhsa OSes');
        return false;
      }
    }
    if (this.os === 'amdpal' && rawName === '.amd_amdgpu_pal_metadata') return this.parseDirectiveArgs(rawName, '.amd_amdgpu_pal_metadata', DirectiveKind.Exprs, start, nameEnd);
    const rawEnd = RAW_BLOCKS.get(name);
    if (rawEnd !== undefined) return this.parseRawBlock(name, rawEnd, start, nameEnd);
    const kind = DIRECTIVES.get(name);
    if (kind === undefined) {
      const refused = NOT_ON_AMDHSA.get(name);
      if (refused !== undefined) {
        this.issueAtToken('AMD206', refused);
        return false;
      }
      if (this.os === 'amdhsa' && (rawName === '.amd_kernel_code_t' || rawName === '.amdgpu_hsa_kernel' || rawName === '.amd_amdgpu_isa')) {
        this.issue('AMD205', `unknown directive '${rawName}' (not on amdhsa: it belongs to the other triples, e.g. --triple amdgcn-pc-linux-gnu or amdgcn-mesa-mesa3d)`, start, nameEnd);
        return false;
      }
      const ended = this.kernelAborted ? ' (an error ended the .amdhsa_kernel block before this line, as in llvm-mc)' : '';
      if (name.startsWith('.amdhsa_') && name !== '.amdhsa_kernel') {
        this.issue('AMD206', `${rawName} is only allowed inside .amdhsa_kernel … .end_amdhsa_kernel${ended}`, start, nameEnd);
      } else {
        this.issue('AMD205', `unknown directive '${rawName}'${name === '.end_amdhsa_kernel' ? ended : ''}`, start, nameEnd);
      }
      return false;
    }
    return this.parseDirectiveArgs(rawName, name, kind, start, nameEnd);
  }

  /**
   * A directive's arguments, read as its kind says: one method a kind, so that the optimizing
   * compiler's graph of the dispatch stays small (docs/benchmarks.md, "Session 16 (amdmem)").
   */
  private parseDirectiveArgs(rawName: string, name: string, kind: DirectiveKindValue, start: number, nameEnd: number): boolean {
    switch (kind) {
      case DirectiveKind.Assign:
        return this.parseAssignArgs(rawName, name, start, nameEnd);
      case DirectiveKind.Exprs:
        return this.parseExprsArgs(rawName, name, start, nameEnd);
      case DirectiveKind.LeadingExpr:
        return this.parseLeadingExprArgs(rawName, name, start, nameEnd);
      case DirectiveKind.OptExprs:
        return this.parseOptExprsArgs(rawName, name, start, nameEnd);
      case DirectiveKind.NameExpr:
        return this.parseNameExprArgs(rawName, name, start, nameEnd);
      case DirectiveKind.Names:
        return this.parseNamesArgs(rawName, name, start, nameEnd);
      case DirectiveKind.Kernel:
        return this.parseKernelArgs(rawName, name, start, nameEnd);
      case DirectiveKind.Raw:
      default:
        return this.parseRawArgs(rawName, name, start, nameEnd);
    }
  }

  /** `.set NAME, EXPR` and its kin. */
  private parseAssignArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // .set NAME, EXPR
    if (!this.atSymbolName()) {
      this.issue('AMD207', `expected identifier after ${rawName}`, lex.start, lex.end);
      return false;
    }
    const symName = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
    const symSpan = { start: lex.start, end: lex.end };
    lex.next();
    if (lex.cur() !== Tok.Comma) {
      this.issue('AMD208', `expected ',' after the symbol name in ${rawName}`, lex.start, lex.end);
      return false;
    }
    lex.next();
    return this.parseAssignmentValue(symName, symSpan, name as '.set' | '.equ' | '.equiv', start);
  }

  /** Comma-separated expressions, at least one. */
  private parseExprsArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // Comma-separated expressions (at least one).
    const args: DirectiveArg[] = [];
    for (;;) {
      const e = this.ep.parseExpression();
      if (!e) return false;
      args.push({ span: e.span, expr: e });
      if (lex.cur() !== Tok.Comma) break;
      lex.next();
    }
    this.emitDirective(name, start, nameEnd, args, args[args.length - 1]!.span.end);
    return true;
  }

  /** One expression that starts with a number or a name. */
  private parseLeadingExprArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // Any other first token (`(5)`, `-1`, `"5"`, none) makes llvm-mc's handler fail silently,
    // and the generic parser then reports the directive itself as unknown.
    if (lex.cur() !== Tok.Integer && lex.cur() !== Tok.Identifier) {
      this.issue('AMD205', `unknown directive '${rawName}' (its value must start with a number or a symbol name)`, start, nameEnd);
      return false;
    }
    const e = this.ep.parseExpression();
    if (!e) return false;
    this.emitDirective(name, start, nameEnd, [{ span: e.span, expr: e }], e.span.end);
    this.endsWithLabel = true;
    return true;
  }

  /** Expressions, possibly none, possibly empty between commas. */
  private parseOptExprsArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // Expressions, possibly none, possibly empty between commas (`.p2align 6, , 4`).
    const args: DirectiveArg[] = [];
    let end = nameEnd;
    if (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
      for (;;) {
        if (lex.cur() === Tok.Comma) {
          args.push({ span: { start: lex.start, end: lex.start } });
        } else {
          const e = this.ep.parseExpression();
          if (!e) return false;
          args.push({ span: e.span, expr: e });
          end = e.span.end;
        }
        if (lex.cur() !== Tok.Comma) break;
        end = lex.end;
        lex.next();
      }
    }
    this.emitDirective(name, start, nameEnd, args, end);
    return true;
  }

  /** `NAME, EXPR[, EXPR]` (`.size`, `.comm`, `.amdgpu_lds`). */
  private parseNameExprArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // .size NAME, EXPR  /  .comm NAME, SIZE[, ALIGN]  /  .amdgpu_lds NAME, SIZE[, ALIGN]
    if (!this.atSymbolName()) {
      this.issue('AMD207', `expected identifier after ${rawName}`, lex.start, lex.end);
      return false;
    }
    const args: DirectiveArg[] = [{ span: { start: lex.start, end: lex.end } }];
    lex.next();
    let end = args[0]!.span.end;
    while (lex.cur() === Tok.Comma) {
      lex.next();
      const e = this.ep.parseExpression();
      if (!e) return false;
      args.push({ span: e.span, expr: e });
      end = e.span.end;
    }
    if (args.length < 2) {
      this.issue('AMD208', `expected ',' and an expression after the symbol name in ${rawName}`, lex.start, lex.end);
      return false;
    }
    this.emitDirective(name, start, nameEnd, args, end);
    return true;
  }

  /** A list of symbol names (`.globl a, b`). */
  private parseNamesArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // .globl a, b   .weak a   .hidden a; an empty list is taken (llvm-mc-19), but by .addrsig_sym.
    const args: DirectiveArg[] = [];
    if ((lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof) && name !== '.addrsig_sym') {
      this.emitDirective(name, start, nameEnd, args, nameEnd);
      return true;
    }
    for (;;) {
      if (!this.atSymbolName()) {
        this.issue('AMD207', `expected a symbol name after ${rawName}`, lex.start, lex.end);
        return false;
      }
      if (GENERIC_SYMBOL_ATTRIBUTES.has(name) && this.text.startsWith(lex.cur() === Tok.String ? '".L' : '.L', lex.start)) {
        // llvm-mc-19's target-independent attributes refuse assembler-local names (the ELF
        // ones, .weak/.hidden/.protected/.internal/.local, take them).
        this.issue('AMD207', `non-local symbol required in directive ${rawName}: '${this.text.slice(lex.start, lex.end)}' is a temporary (.L) symbol`, lex.start, lex.end);
        return false;
      }
      args.push({ span: { start: lex.start, end: lex.end } });
      lex.next();
      // .addrsig_sym takes one name (llvm-mc-19: "expected newline" at a comma).
      if (lex.cur() !== Tok.Comma || name === '.addrsig_sym') break;
      lex.next();
    }
    this.emitDirective(name, start, nameEnd, args, args[args.length - 1]!.span.end);
    return true;
  }

  /** `.amdhsa_kernel NAME`. */
  private parseKernelArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // .amdhsa_kernel NAME
    if (!this.atSymbolName()) {
      this.issue('AMD207', 'expected the kernel name after .amdhsa_kernel', lex.start, lex.end);
      return false;
    }
    const args: DirectiveArg[] = [{ span: { start: lex.start, end: lex.end } }];
    lex.next();
    this.inKernel = { start, nameEnd };
    this.kernelOpened = true;
    this.kernelAborted = false;
    this.emitDirective(name, start, nameEnd, args, args[0]!.span.end);
    return true;
  }

  /** Arguments kept as raw text up to the end of the statement. */
  private parseRawArgs(rawName: string, name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    // Arguments kept as raw text up to the end of the statement (strings, @types, flags).
    const args: DirectiveArg[] = [];
    let argStart = -1;
    let argEnd = -1;
    while (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
      if (lex.cur() === Tok.Error) {
        this.ep.reportLexError();
        return false;
      }
      if (lex.cur() === Tok.Comma) {
        if (argStart >= 0) args.push({ span: { start: argStart, end: argEnd } });
        argStart = -1;
      } else {
        if (argStart < 0) argStart = lex.start;
        argEnd = lex.end;
      }
      lex.next();
    }
    if (argStart >= 0) args.push({ span: { start: argStart, end: argEnd } });
    const end = args.length ? args[args.length - 1]!.span.end : nameEnd;
    this.emitDirective(name, start, nameEnd, args, end);
    return true;
  }

  /**
   * `.amd_kernel_code_t` … `.end_amd_kernel_code_t` (not on amdhsa), read as llvm-mc-19 reads it:
   * token by token, line ends skipped, `FIELD = EXPR` for each field of its table; after each
   * value one more token is taken unread (normally the line end; `x = 1 junk` passes). Emitted as
   * one directive whose arguments span `FIELD = EXPR` each. A line may follow the end directive.
   */
  private parseKernelCodeT(start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const args: DirectiveArg[] = [];
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) lex.next();
      if (lex.cur() === Tok.Eof) {
        this.issue('AMD204', 'missing .end_amd_kernel_code_t for this .amd_kernel_code_t (expected value identifier or .end_amd_kernel_code_t)', this.text.length, this.text.length);
        return false;
      }
      if (lex.cur() !== Tok.Identifier) {
        if (lex.cur() === Tok.Error) this.ep.reportLexError();
        else this.issue('AMD327', `expected value identifier or .end_amd_kernel_code_t, found '${lex.tokenText()}'`, lex.start, lex.end);
        return false;
      }
      const id = lex.tokenText();
      const idStart = lex.start;
      lex.next();
      if (id === '.end_amd_kernel_code_t') {
        this.emitDirective('.amd_kernel_code_t', start, nameEnd, args, idStart + id.length);
        this.endsWithLabel = true;
        return true;
      }
      if (id === 'max_scratch_backing_memory_byte_size') {
        // Deprecated: llvm-mc skips the rest of its line unread.
        lex.skipToEndOfStatement();
        continue;
      }
      if (!AMD_KERNEL_CODE_T_FIELDS.has(id)) {
        this.issueAtToken('AMD327', `unexpected amd_kernel_code_t field name ${id}`);
        return false;
      }
      if (lex.cur() !== Tok.Equal) {
        this.issueAtToken('AMD327', `expected '=' after the amd_kernel_code_t field ${id}`);
        return false;
      }
      lex.next();
      const e = this.ep.parseExpression();
      if (!e) return false;
      const checks = this.kernelCodeFields;
      // A refused value: the rest of its line is skipped, and the block has ended.
      if (checks && !checks.value(id, e)) return false;
      args.push({ span: { start: idStart, end: e.span.end }, expr: e });
      if (lex.cur() === Tok.Eof) continue;
      if (lex.cur() === Tok.Error) {
        this.ep.reportLexError();
        return false;
      }
      const tookLineEnd = lex.cur() === Tok.EndOfStatement;
      lex.next();
      if (checks && !checks.afterValue(id, e, lex.start)) {
        // Refused at the next token: when that starts a line, the line is read as a statement.
        this.endsWithLabel = tookLineEnd;
        return tookLineEnd;
      }
    }
  }

  /**
   * `.amdgpu_hsa_kernel NAME` and `.amd_amdgpu_isa "ID"` (not on amdhsa): one token, after which
   * the line goes on as a new statement (llvm-mc reads no further).
   */
  private parseV2Directive(rawName: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    if (rawName === '.amdgpu_hsa_kernel' && lex.cur() !== Tok.Identifier) {
      this.issueAtToken('AMD207', `expected symbol name after ${rawName}`);
      return false;
    }
    if (lex.cur() === Tok.Error) {
      this.ep.reportLexError();
      return false;
    }
    const atEnd = lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof;
    const arg = { span: { start: lex.start, end: atEnd ? lex.start : lex.end } };
    if (!atEnd) lex.next();
    this.emitDirective(rawName, start, nameEnd, [arg], arg.span.end);
    this.endsWithLabel = true;
    return true;
  }

  /** `.amdgpu_metadata` … `.end_amdgpu_metadata`: the body is passed through untouched. */
  private parseRawBlock(name: string, endName: string, start: number, nameEnd: number): boolean {
    const text = this.text;
    // The body starts on the line after the directive.
    let p = nameEnd;
    while (p < text.length && text.charCodeAt(p) !== 10) p++;
    const bodyStart = Math.min(p + 1, text.length);
    let lineStart = bodyStart;
    while (lineStart < text.length) {
      let q = lineStart;
      while (q < text.length && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q++;
      if (text.startsWith(endName, q)) {
        const after = q + endName.length;
        const c = after < text.length ? text.charCodeAt(after) : 10;
        if (c === 10 || c === 13 || c === 32 || c === 9 || c === 59) {
          this.emit({ kind: 'rawBlock', name, body: { start: bodyStart, end: lineStart }, span: { start, end: after } });
          // Continue lexing after the end directive.
          this.lex.restore({ ...this.lex.save(), pos: after, kind: Tok.Identifier, start: q, end: after, atStatementStart: false });
          this.lex.next();
          return true;
        }
      }
      let nl = text.indexOf('\n', lineStart);
      if (nl < 0) nl = text.length;
      lineStart = nl + 1;
    }
    // llvm-mc reports it where the file ends ("expected directive … not found").
    this.issue('AMD204', `missing ${endName} for this ${name}`, text.length, text.length);
    this.lex.restore({ ...this.lex.save(), pos: text.length, kind: Tok.Eof, start: text.length, end: text.length, atStatementStart: true });
    return true;
  }

  /**
   * `.macro NAME [params]` … `.endm` (or `.endmacro`): the body is read as llvm-mc reads it, a
   * statement at a time, up to the `.endm` of the same depth (`.macro`, `.endm`, `.endmacro` in the
   * body are recognised case-sensitively, as in llvm-mc; a label before them hides them). The body
   * and the parameter list are not checked (llvm-mc checks a body only where it is instantiated);
   * the name is remembered so that its instantiations are accepted.
   */
  private parseMacro(start: number, nameEnd: number): boolean {
    const lex = this.lex;
    if (!this.atSymbolName()) {
      this.issueAtToken('AMD207', "expected identifier in '.macro' directive");
      return false;
    }
    const macro = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
    lex.next();
    // On an error in the first line llvm-mc reads no body: its lines are statements, its `.endm` stray.
    const required: string[] = [];
    if (!this.macroParameters(macro, required)) return false;
    lex.skipToEndOfStatement();
    let depth = 0;
    const inner: string[] = [];
    const deeper: string[] = [];
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) lex.next();
      if (lex.cur() === Tok.Eof) {
        this.issue('AMD204', "no matching '.endmacro' in definition", start, nameEnd);
        return true;
      }
      if (lex.cur() === Tok.Identifier) {
        const t = lex.tokenText();
        if (t === '.endm' || t === '.endmacro') {
          if (depth === 0) {
            lex.next();
            if (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
              this.issueAtToken('AMD215', `unexpected token in '${t}' directive`);
              return false;
            }
            if (this.macros.has(macro)) {
              this.issue('AMD215', `macro '${macro}' is already defined`, start, nameEnd);
              return true;
            }
            this.macros.set(macro, required.length !== 0 ? { inner, deeper, required } : { inner, deeper });
            if (inner.length !== 0 || deeper.length !== 0) this.instantiationsHaveEffects();
            return true;
          }
          depth--;
        } else if (t === '.macro') {
          depth++;
          // A macro defined inside a body exists once the outer one is instantiated.
          lex.next();
          if (lex.cur() === Tok.Identifier || lex.cur() === Tok.String) {
            const n = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
            (depth === 1 ? inner : deeper).push(n);
          }
        } else this.noteBodyDefinition();
      } else this.noteBodyDefinition();
      lex.skipToEndOfStatement();
    }
  }

  /**
   * A macro whose instantiations define macros was defined: a line handled before (an instruction,
   * a directive) may now be its instantiation, which is no longer without effect. (For the
   * repeated-statement memo, speed/repeats.ts, which forgets its remembered lines.)
   */
  protected instantiationsHaveEffects(): void {}

  /**
   * A body line (`.macro`, `.rept`, `.irp`: read, not expanded) that defines a symbol when llvm-mc
   * expands it: `NAME:`, `NAME = …`, `.set`/`.equ`/`.equiv`/`.eqv NAME, …`. The name is passed on
   * (onBodyDefinition; undefined when it is built from macro arguments, `\name`), so that no rule
   * refuses its later use for want of a value gpuasm does not compute.
   */
  private noteBodyDefinition(): void {
    if (!this.onBodyDefinition || this.lex.cur() === Tok.EndOfStatement || this.lex.cur() === Tok.Eof) return;
    const start = this.lex.start;
    let end = this.text.indexOf('\n', start);
    if (end < 0) end = this.text.length;
    const m = BODY_DEFINITION.exec(this.text.slice(start, end));
    if (!m) return;
    const name = m[1] ?? m[2]!;
    this.onBodyDefinition(name.includes('\\') ? undefined : name);
    this.instantiationsHaveEffects();
  }

  /**
   * A `.macro` line's parameters, `NAME[:req|:vararg][=DEFAULT]`, separated by commas or spaces:
   * names, duplicates and qualifiers are checked up to the first default (whose value, ended by a
   * comma or a space, is not read); the `:req` ones before it are added to `required`.
   */
  private macroParameters(macro: string, required: string[]): boolean {
    const lex = this.lex;
    if (lex.cur() === Tok.Comma) lex.next();
    const seen = new Set<string>();
    let vararg: string | null = null;
    while (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
      if (vararg !== null) {
        this.issueAtToken('AMD215', `vararg parameter '${vararg}' should be the last parameter`);
        return false;
      }
      if (!this.atSymbolName()) {
        this.issueAtToken('AMD207', "expected identifier in '.macro' directive");
        return false;
      }
      const p = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
      if (seen.has(p)) {
        this.issue('AMD215', `macro '${macro}' has multiple parameters named '${p}'`, lex.start, lex.end);
        return false;
      }
      seen.add(p);
      lex.next();
      if (lex.cur() === Tok.Colon) {
        lex.next();
        if (lex.cur() !== Tok.Identifier) {
          this.issueAtToken('AMD215', `missing parameter qualifier for '${p}' in macro '${macro}'`);
          return false;
        }
        const q = lex.tokenText();
        if (q === 'vararg') vararg = p;
        else if (q === 'req') required.push(p);
        else {
          this.issue('AMD215', `${q} is not a valid parameter qualifier for '${p}' in macro '${macro}'`, lex.start, lex.end);
          return false;
        }
        lex.next();
      }
      if (lex.cur() === Tok.Equal) return true;
      if (lex.cur() === Tok.Comma) lex.next();
    }
    return true;
  }

  /**
   * `.rept COUNT` / `.irp NAME, VALUES` / `.irpc NAME, CHARS` … `.endr`: the body is read up to
   * the `.endr` of the same depth (nested `.rept`/`.irp`/`.irpc` count, as in llvm-mc) and not
   * checked: it is expanded COUNT times (maybe none) with `\NAME` replaced, which gpuasm does not do.
   */
  private parseRepeatBlock(name: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    /** The `.rept` count when known. */
    let count: bigint | null = null;
    /** Macros the body defines, directly and nested in them (defined when the body is expanded). */
    const direct: string[] = [];
    const deeper: string[] = [];
    let macroDepth = 0;
    // On an error in the first line llvm-mc reads no body: its lines are statements, its `.endr` stray.
    if (name === '.rept' || name === '.rep') {
      const countAt = lex.start;
      const e = this.ep.parseExpression();
      if (!e) return false;
      // A count of symbols needs their values (not known while parsing): accepted.
      const v = !hasSymbol(e) ? evaluate(e) : undefined;
      if (v !== undefined && 'value' in v) {
        if (v.value < 0n) {
          this.issue('AMD215', 'Count is negative', countAt, e.span.end);
          return false;
        }
        count = v.value;
      }
      if (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
        this.issueAtToken('AMD215', `unexpected token in '${name}' directive`);
        return false;
      }
    } else if (lex.cur() !== Tok.Identifier) {
      this.issueAtToken('AMD207', `expected identifier in '${name}' directive`);
      return false;
    }
    lex.skipToEndOfStatement();
    let depth = 0;
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) lex.next();
      if (lex.cur() === Tok.Eof) {
        this.issue('AMD204', "no matching '.endr' in definition", start, nameEnd);
        return true;
      }
      if (lex.cur() === Tok.Identifier) {
        const t = lex.tokenText();
        if (t === '.endr') {
          if (depth === 0) {
            lex.next();
            if (count !== 0n) {
              // Expanded at least once when the count is known; maybe, for symbols and `.irp`/`.irpc`.
              for (const n of direct) {
                if (count !== null && !this.macros.has(n)) this.macros.set(n, { inner: [], deeper: [] });
                else if (count === null) this.mayBeMacros.add(n);
              }
              for (const n of deeper) this.mayBeMacros.add(n);
            }
            return true;
          }
          depth--;
        } else if (t === '.rept' || t === '.rep' || t === '.irp' || t === '.irpc') {
          depth++;
        } else if (t === '.macro') {
          macroDepth++;
          lex.next();
          if (lex.cur() === Tok.Identifier || lex.cur() === Tok.String) {
            const n = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
            (macroDepth === 1 && depth === 0 ? direct : deeper).push(n);
          }
        } else if ((t === '.endm' || t === '.endmacro') && macroDepth > 0) {
          macroDepth--;
        } else this.noteBodyDefinition();
      } else this.noteBodyDefinition();
      lex.skipToEndOfStatement();
    }
  }

  /**
   * Conditional assembly (`.if` … `.elseif` … `.else` … `.endif`), as llvm-mc: a branch not taken is
   * skipped unread (no errors, no definitions) but for the conditional directives, tracked for
   * nesting. A condition llvm-mc refuses (not absolute) is an error; both branches are then read.
   */
  private parseConditional(name: string, start: number, nameEnd: number): boolean {
    const conds = this.conds;
    const top = conds.length !== 0 ? conds[conds.length - 1]! : undefined;
    if (name === '.endif') {
      if (!top) {
        this.issue('AMD216', "Encountered a .endif that doesn't follow an .if or .else", start, nameEnd);
        return false;
      }
      conds.pop();
      return true;
    }
    if (name === '.else') {
      if (!top || top.inElse) {
        this.issue('AMD216', "Encountered a .else that doesn't follow  an .if or an .elseif", start, nameEnd);
        return false;
      }
      top.inElse = true;
      return top.met ? this.skipBranch() : true;
    }
    if (name === '.elseif') {
      if (!top || top.inElse) {
        this.issue('AMD216', "Encountered a .elseif that doesn't follow an .if or  an .elseif", start, nameEnd);
        return false;
      }
      if (top.met) return this.skipBranch();
      const v = this.condition('.if');
      if (v === undefined) return false;
      if (v === UNKNOWN) {
        // Not evaluated (a value gpuasm cannot know): this branch and the later ones are skipped.
        top.met = true;
        return this.skipBranch();
      }
      if (v) {
        top.met = true;
        return true;
      }
      return this.skipBranch();
    }
    // llvm-mc copies the enclosing block's state: after an error in the condition, a branch is
    // taken as far as the enclosing block's was (its later `.elseif`/`.else` are then skipped).
    conds.push({ inElse: false, met: top ? top.met : false });
    const v = this.condition(name);
    if (v === undefined) return false;
    // UNKNOWN: a value gpuasm cannot know; every branch is skipped (met: the later ones too).
    conds[conds.length - 1]!.met = v !== false;
    return v === true ? true : this.skipBranch();
  }

  /**
   * A condition's value, the statement read to its end; undefined after an error (reported);
   * UNKNOWN when it names a symbol whose value (or definition) gpuasm cannot know (symbolUnknowable).
   */
  private condition(name: string): boolean | typeof UNKNOWN | undefined {
    const lex = this.lex;
    const v = this.conditionValue(name);
    if (v === undefined || lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof) return v;
    this.issueAtToken('AMD216', 'expected newline');
    return undefined;
  }

  private conditionValue(name: string): boolean | typeof UNKNOWN | undefined {
    const lex = this.lex;
    if (name === '.ifb' || name === '.ifnb') {
      const blank = lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof;
      lex.skipToEndOfStatement();
      return blank === (name === '.ifb');
    }
    // `.ifnotdef` is llvm-mc-19's other spelling of `.ifndef`.
    if (name === '.ifdef' || name === '.ifndef' || name === '.ifnotdef') {
      if (!this.atSymbolName()) {
        this.issueAtToken('AMD207', 'expected identifier after \'' + name + "'");
        return undefined;
      }
      const sym = lex.cur() === Tok.String ? lex.tokenText().slice(1, -1) : lex.tokenText();
      lex.next();
      const defined = this.symbolDefined ? this.symbolDefined(sym) : false;
      if (!defined && this.symbolUnknowable?.(sym)) return UNKNOWN;
      return defined === (name === '.ifdef');
    }
    if (name === '.ifc' || name === '.ifnc') {
      // Two texts, the first up to a comma, the second to the end of the statement, compared trimmed.
      const s1 = lex.start;
      while (lex.cur() !== Tok.Comma && lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) lex.next();
      if (lex.cur() !== Tok.Comma) {
        this.issue('AMD216', 'expected comma', lex.start, lex.start + 1);
        return undefined;
      }
      const first = this.text.slice(s1, lex.start).trim();
      lex.next();
      const s2 = lex.start;
      let e2 = s2;
      while (lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
        e2 = lex.end;
        lex.next();
      }
      return (first === this.text.slice(s2, e2).trim()) === (name === '.ifc');
    }
    if (name === '.ifeqs' || name === '.ifnes') {
      // Two quoted strings compared as written; on an error llvm-mc opens no block.
      const strings: string[] = [];
      for (let i = 0; i < 2; i++) {
        if (i === 1) {
          if (lex.cur() !== Tok.Comma) {
            this.conds.pop();
            this.issue('AMD216', `expected comma after first string for '${name}' directive`, lex.start, lex.start + 1);
            return undefined;
          }
          lex.next();
        }
        if (lex.cur() !== Tok.String) {
          this.conds.pop();
          this.issueAtToken('AMD216', `expected string parameter for '${name}' directive`);
          return undefined;
        }
        strings.push(lex.tokenText().slice(1, -1));
        lex.next();
      }
      return (strings[0] === strings[1]) === (name === '.ifeqs');
    }
    const e = this.ep.parseExpression();
    if (!e) return undefined;
    const lookup = this.symbolValue;
    const r = evaluate(e, lookup ? (n) => lookup(n) : () => null);
    if (!('value' in r)) {
      if (this.symbolUnknowable && valueUnknowableIn(e, this.symbolUnknowable)) return UNKNOWN;
      this.issue('AMD216', 'expected absolute expression', e.span.start, e.span.end);
      return undefined;
    }
    const x = r.value;
    switch (name) {
      case '.ifeq':
        return x === 0n;
      case '.ifge':
        return x >= 0n;
      case '.ifgt':
        return x > 0n;
      case '.ifle':
        return x <= 0n;
      case '.iflt':
        return x < 0n;
      default:
        return x !== 0n;
    }
  }

  /**
   * Skips a branch not taken, up to the `.elseif`, `.else` or `.endif` of its block: a taken
   * `.elseif`/`.else` is read as the end of this statement (its branch is then read), `.endif` closes the block.
   */
  private skipBranch(): boolean {
    const lex = this.lex;
    const top = this.conds[this.conds.length - 1]!;
    /** Blocks nested in the skipped branch: in their `.else` branch (llvm-mc tracks them too). */
    const nested: boolean[] = [];
    lex.skipToEndOfStatement();
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) lex.next();
      if (lex.cur() === Tok.Eof) return true;
      if (lex.cur() === Tok.Identifier) {
        const t = lex.tokenText().toLowerCase();
        if (COND_IFS.has(t)) nested.push(false);
        else if (t === '.endif') {
          if (nested.length === 0) {
            this.conds.pop();
            lex.next();
            return true;
          }
          nested.pop();
        } else if (nested.length !== 0 && (t === '.else' || t === '.elseif')) {
          if (nested[nested.length - 1]) {
            this.issue('AMD216', t === '.else' ? "Encountered a .else that doesn't follow  an .if or an .elseif" : "Encountered a .elseif that doesn't follow an .if or  an .elseif", lex.start, lex.end);
          } else if (t === '.else') nested[nested.length - 1] = true;
        } else if (t === '.else' || t === '.elseif') {
          const at = lex.start;
          const atEnd = lex.end;
          lex.next();
          if (top.inElse) {
            this.issue('AMD216', t === '.else' ? "Encountered a .else that doesn't follow  an .if or an .elseif" : "Encountered a .elseif that doesn't follow an .if or  an .elseif", at, atEnd);
          } else if (t === '.else') {
            top.inElse = true;
            if (!top.met) return true;
          } else if (!top.met) {
            // An error in its condition leaves the branch skipped (llvm-mc).
            const v = this.condition('.if');
            if (v) {
              top.met = true;
              return true;
            }
          }
        }
      }
      lex.skipToEndOfStatement();
    }
  }

  // -------------------------------------------------------------------------------------------
  // Instructions

  /// instruction ::= mnemonic [operand] ([','] operand)*
  private parseInstruction(mnemonic: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const first = this.parseOperandList(mnemonic);
    if (!first) return false;
    let end = first.length ? first[first.length - 1]!.operand.span.end : nameEnd;
    let dual: { mnemonic: string; mnemonicSpan: { start: number; end: number }; operands: InstructionOperand[] } | undefined;
    if (lex.cur() === Tok.Colon) {
      // VOPD `X :: Y`.
      const c1 = lex.start;
      lex.next();
      if (lex.cur() !== Tok.Colon || lex.start !== c1 + 1) {
        this.issue('AMD213', "expected '::' between the two halves of a dual instruction", c1, lex.end);
        return false;
      }
      lex.next();
      if (lex.cur() !== Tok.Identifier) {
        this.issue('AMD213', "expected the second instruction's mnemonic after '::'", lex.start, lex.end);
        return false;
      }
      const m2 = lex.tokenText();
      const m2Span = { start: lex.start, end: lex.end };
      lex.next();
      const ops2 = this.parseOperandList(m2);
      if (!ops2) return false;
      end = ops2.length ? ops2[ops2.length - 1]!.operand.span.end : m2Span.end;
      dual = { mnemonic: m2, mnemonicSpan: m2Span, operands: ops2 };
    }
    const st: Statement = { kind: 'instruction', mnemonic, mnemonicSpan: { start, end: nameEnd }, operands: first, span: { start, end } };
    if (dual) st.dual = dual;
    this.emit(st);
    return true;
  }

  /// operands ::= [operand] ([','] operand)*      (stops at end of statement or '::')
  private parseOperandList(mnemonic: string): InstructionOperand[] | null {
    const lex = this.lex;
    const operands: InstructionOperand[] = [];
    let first = true;
    for (;;) {
      const k = lex.cur();
      if (k === Tok.EndOfStatement || k === Tok.Eof || k === Tok.Colon) return operands;
      let afterComma = false;
      if (!first && k === Tok.Comma) {
        afterComma = true;
        lex.next();
        // llvm-mc skips an optional ',' after each operand: a trailing one ends the list.
        if (lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof) return operands;
      } else if (k === Tok.Amp && operands.length > 0 && operands[operands.length - 1]!.operand.kind === 'call') {
        // s_waitcnt vmcnt(0) & lgkmcnt(0): '&' joins counter fields.
        lex.next();
      }
      const c = lex.cur();
      const op = (c === Tok.Real || (c === Tok.Minus && mayBeFloatAfter(lex.text, lex.end) && lex.peek() === Tok.Real)) && !floatJoins(mnemonic, operands.length) ? this.parseFloatOperand() : this.parseOperand(false);
      if (!op) return null;
      if (this.juxtaposedAfterNumber(op)) return null;
      operands.push({ operand: op, afterComma });
      first = false;
    }
  }

  /**
   * A floating-point operand as llvm-mc-19 reads one (AMDGPUAsmParser's parseImm): a float token,
   * or '-' and a float token, is the whole operand; what follows is the next operand
   * (`v_add_f32 v0, 1.0 + 1` is `v0, 1.0, +1`; `v_ceil_f32 v1, -1.0 + 1.0` has one operand too
   * many). Current token: the float or the '-'.
   */
  private parseFloatOperand(): Operand | null {
    const lex = this.lex;
    const start = lex.start;
    const neg = lex.cur() === Tok.Minus;
    if (neg) lex.next();
    const real = this.ep.parsePrimary(false);
    if (!real) return null;
    const e = neg ? this.ep.makeUnary('-', real, start) : real;
    if (!e) return null;
    return { kind: 'expr', expr: e, span: e.span };
  }

  /**
   * A number written directly against a name or another number (`0ffh` without
   * --masm-integers, `0x1g`, `1glc`, `1.0x`) lexes as two operands, which llvm-mc rejects
   * ("invalid operand for instruction"). (`1b`/`1f` are local label references, taken earlier.)
   * Only an operand ending in a letter, digit, `_`, `.` or `$` can be followed so: that is a
   * number's last character, since a name would have taken the following characters itself.
   */
  private juxtaposedAfterNumber(op: Operand): boolean {
    const lex = this.lex;
    const k = lex.cur();
    if ((k !== Tok.Identifier && k !== Tok.Integer && k !== Tok.Real) || lex.spaceBefore || lex.start !== op.span.end || op.span.end === 0) return false;
    if (!isNameChar(lex.text.charCodeAt(op.span.end - 1))) return false;
    this.issue('AMD214', `invalid operand for instruction: '${lex.text.slice(op.span.start, lex.end)}' is a number directly followed by '${lex.tokenText()}'`, op.span.start, lex.end);
    return true;
  }

  /// operand ::= '|' inner '|' | '-' operand | '[' list ']' | name '[' range ']' | name '(' args ')'
  ///           | name ':' value | name | expression
  /// `inAbs`: inside `|..|` only a register or a primary expression is allowed (llvm-mc).
  private parseOperand(inAbs: boolean): Operand | null {
    const lex = this.lex;
    if (this.opNesting >= MAX_EXPR_DEPTH) {
      this.issue('AMD112', `operand nested too deeply (more than ${MAX_EXPR_DEPTH} levels)`, lex.start, lex.end);
      return null;
    }
    // (No try/finally on this hot path: the parser never throws, so the count is restored here.)
    this.opNesting++;
    const op = this.parseOperandInner(inAbs);
    this.opNesting--;
    return op;
  }

  /** A small dispatch: each case with more than a call is a method of its own (docs/benchmarks.md). */
  private parseOperandInner(inAbs: boolean): Operand | null {
    switch (this.lex.cur()) {
      case Tok.Pipe:
        return this.parseAbsOperand();
      case Tok.Minus:
        return this.parseNegOperand(inAbs);
      case Tok.LBrac:
        return this.parseListOperand();
      case Tok.Identifier:
        return this.parseNamedOperand(inAbs);
      default:
        return this.parseExprOperand(inAbs);
    }
  }

  private parseAbsOperand(): Operand | null {
    const lex = this.lex;
    const start = lex.start;
    lex.next();
    const inner = this.parseOperand(true);
    if (!inner) return null;
    if (lex.cur() !== Tok.Pipe) {
      this.issue('AMD209', "expected vertical bar '|' closing the absolute-value modifier (only a register or a primary expression may stand between bars)", lex.start, lex.end);
      return null;
    }
    const end = lex.end;
    lex.next();
    return { kind: 'abs', operand: inner, span: { start, end } };
  }

  private parseNegOperand(inAbs: boolean): Operand | null {
    const lex = this.lex;
    const start = lex.start;
    // SP3 negation of a register/abs/call form; otherwise an expression with unary minus.
    lex.next();
    const k = lex.cur();
    let modifierForm = k === Tok.Pipe || k === Tok.LBrac;
    if (k === Tok.Identifier) {
      const k2 = lex.peek();
      modifierForm = k2 === Tok.LBrac || k2 === Tok.LParen || (binaryPrecedence(k2) === 0 && k2 !== Tok.Colon && k2 !== Tok.At);
      if (k2 === Tok.Pipe && inAbs) modifierForm = true;
    }
    if (!modifierForm) {
      // `-` binds to the primary that follows; the rest continues as a binary expression.
      const operand = this.ep.parsePrimary(false);
      if (!operand) return null;
      const neg = this.ep.makeUnary('-', operand, start);
      if (!neg) return null;
      const full = inAbs ? neg : this.ep.continueBinary(neg);
      if (!full) return null;
      return { kind: 'expr', expr: full, span: full.span };
    }
    const inner = this.parseOperand(inAbs);
    if (!inner) return null;
    return { kind: 'neg', operand: inner, span: { start, end: inner.span.end } };
  }

  private parseListOperand(): Operand | null {
    const start = this.lex.start;
    const items = this.parseList(Tok.RBrac);
    if (!items) return null;
    return { kind: 'list', items: items.items, span: { start, end: items.end } };
  }

  /** An operand that starts with a name: a register range, a `name:value` modifier, a call, an expression or a word. */
  private parseNamedOperand(inAbs: boolean): Operand | null {
    const lex = this.lex;
    const start = lex.start;
    const name = lex.tokenText();
    const nameEnd = lex.end;
    lex.next();
    const k = lex.cur();
    if (k === Tok.LBrac) return this.parseRegRange(name, start);
    if (k === Tok.Colon && !inAbs && lex.text.charCodeAt(lex.end) !== 58 /* ':' of VOPD '::' */) return this.parseModifierOperand(name, start, nameEnd);
    if (k === Tok.LParen) {
      const args = this.parseList(Tok.RParen, name === 'neg' || name === 'abs' || name === 'sext' || name === 'lit');
      if (!args) return null;
      const call: Operand = { kind: 'call', name, args: args.items, span: { start, end: args.end } };
      // `vmcnt(0) & lgkmcnt(0)`: there `&` separates counters (see parseOperandList).
      if (!inAbs && binaryPrecedence(lex.cur()) > 0 && lex.cur() !== Tok.Amp) return this.continueAsExpression(call);
      return call;
    }
    if (!inAbs && binaryPrecedence(k) > 0) {
      // An expression starting with a symbol.
      const full = this.ep.continueBinary({ kind: 'sym', name, span: { start, end: nameEnd } });
      if (!full) return null;
      return { kind: 'expr', expr: full, span: full.span };
    }
    return { kind: 'word', name, span: { start, end: nameEnd } };
  }

  /** v[0:3], s[2], ttmp[4:7]: `[` current. */
  private parseRegRange(name: string, start: number): Operand | null {
    const lex = this.lex;
    lex.next();
    const first = this.ep.parseExpression();
    if (!first) return null;
    let last: Expr | null = null;
    if (lex.cur() === Tok.Colon) {
      lex.next();
      last = this.ep.parseExpression();
      if (!last) return null;
    }
    if (lex.cur() !== Tok.RBrac) {
      this.issue('AMD210', `expected ']' closing the register range of '${name}'`, lex.start, lex.end);
      return null;
    }
    const end = lex.end;
    lex.next();
    return { kind: 'regRange', prefix: name, first, last, span: { start, end } };
  }

  /** name:value modifier: `:` current. */
  private parseModifierOperand(name: string, start: number, nameEnd: number): Operand | null {
    const lex = this.lex;
    lex.next();
    // `dim:2D`, `dim:1D_ARRAY`: llvm-mc joins a number and a name written against it into
    // one dim value (the checker validates it).
    if (name === 'dim' && lex.cur() === Tok.Integer) {
      const saved = lex.save();
      const vStart = lex.start;
      const vEnd = lex.end;
      lex.next();
      if (lex.cur() === Tok.Identifier && lex.start === vEnd) {
        const end = lex.end;
        lex.next();
        const value: Operand = { kind: 'word', name: lex.text.slice(vStart, end), span: { start: vStart, end } };
        return { kind: 'modifier', name, value, nameSpan: { start, end: nameEnd }, span: { start, end } };
      }
      lex.restore(saved);
    }
    const value = this.parseModifierValue();
    if (!value) return null;
    return { kind: 'modifier', name, value, nameSpan: { start, end: nameEnd }, span: { start, end: value.span.end } };
  }

  /** Value after `name:` — a list `[..]`, or an operand (number, expression, word). */
  private parseModifierValue(): Operand | null {
    const lex = this.lex;
    if (lex.cur() === Tok.LBrac) {
      const start = lex.start;
      const items = this.parseList(Tok.RBrac);
      if (!items) return null;
      return { kind: 'list', items: items.items, span: { start, end: items.end } };
    }
    return this.parseOperand(false);
  }

  /**
   * `(` or `[` already current: comma-separated operands up to `close`. `floats`: a float item
   * ends where the float ends (the argument of `neg(...)`, `abs(...)`, `sext(...)`, `lit(...)`, which
   * llvm-mc-19 reads as an operand: see parseFloatOperand).
   */
  private parseList(close: number, floats = false): { items: Operand[]; end: number } | null {
    const lex = this.lex;
    lex.next();
    const items: Operand[] = [];
    if (lex.cur() === close) {
      const end = lex.end;
      lex.next();
      return { items, end };
    }
    for (;;) {
      const c = floats ? lex.cur() : 0;
      const op = floats && (c === Tok.Real || (c === Tok.Minus && lex.peek() === Tok.Real)) ? this.parseFloatOperand() : this.parseOperand(false);
      if (!op) return null;
      items.push(op);
      if (lex.cur() === Tok.Comma) {
        lex.next();
        continue;
      }
      if (lex.cur() === close) {
        const end = lex.end;
        lex.next();
        return { items, end };
      }
      this.issue('AMD211', `expected ',' or '${close === Tok.RBrac ? ']' : ')'}' in the list`, lex.start, lex.end);
      return null;
    }
  }

  private parseExprOperand(inAbs: boolean): Operand | null {
    const lex = this.lex;
    if (lex.cur() === Tok.Error) {
      this.ep.reportLexError();
      return null;
    }
    const e = inAbs ? this.ep.parsePrimary(false) : this.ep.parseExpression();
    if (!e) return null;
    return { kind: 'expr', expr: e, span: e.span };
  }

  /** `vmcnt(0) & lgkmcnt(0)`: a call followed by an operator continues as an expression. */
  private continueAsExpression(op: Operand): Operand | null {
    const e = operandToExpr(op);
    if (!e) {
      this.issue('AMD212', 'this operand cannot be part of an expression', op.span.start, op.span.end);
      return null;
    }
    const full = this.ep.continueBinary(e);
    if (!full) return null;
    return { kind: 'expr', expr: full, span: full.span };
  }
}

/** Converts a call/word/expression operand to an expression node (for `vmcnt(0) & lgkmcnt(0)`). */
export function operandToExpr(op: Operand): Expr | null {
  switch (op.kind) {
    case 'expr':
      return op.expr;
    case 'word':
      return { kind: 'sym', name: op.name, span: op.span };
    case 'call': {
      const args: Expr[] = [];
      for (const a of op.args) {
        const e = operandToExpr(a);
        if (!e) return null;
        args.push(e);
      }
      return { kind: 'call', name: op.name, args, span: op.span };
    }
    default:
      return null;
  }
}

/**
 * Whether the operand at `position` of `mnemonic` is one llvm-mc-19 reads with its own parser
 * (a counter, message, hardware register, index mode, dependency or branch target, with
 * MCAsmParser's expressions, where a float stands for its double bits and `0.0 + 1` is 1), so a
 * float there does not end the operand: `s_waitcnt`, `s_sendmsg*`, `s_getreg_b32`/`s_setreg_b32`
 * (the hwreg operand), `s_setreg_imm32_b32`'s first, `s_set_gpr_idx_on`'s second, `s_set_gpr_idx_mode`, `s_delay_alu`,
 * `s_waitcnt_depctr`, GFX12 `s_wait_alu`, `s_endpgm` and branches (`s_branch`, `s_cbranch_*` but
 * `s_cbranch_g_fork`, `s_call_b64`, `s_subvector_loop_*`). Measured with llvm-mc-19 on gfx900, gfx1030, gfx1100 and
 * gfx1200 (`X 0.0 + 1` at each operand of every SOPP/SOPK instruction with an immediate). Only
 * asked when an operand starts with a float.
 */
export function floatJoins(mnemonic: string, position: number): boolean {
  const m = mnemonic.toLowerCase();
  if (m === 's_setreg_imm32_b32' || m === 's_set_gpr_idx_on') return position === (m === 's_set_gpr_idx_on' ? 1 : 0);
  // (SGPR operands only: llvm-mc-19 reads a float there as an operand of its own.)
  if (m === 's_cbranch_g_fork') return false;
  return (
    m === 's_waitcnt' ||
    m.startsWith('s_sendmsg') ||
    m === 's_getreg_b32' ||
    m === 's_setreg_b32' ||
    m === 's_set_gpr_idx_on' ||
    m === 's_set_gpr_idx_mode' ||
    m === 's_delay_alu' ||
    m === 's_waitcnt_depctr' ||
    m === 's_wait_alu' ||
    m === 's_endpgm' ||
    m === 's_branch' ||
    m.startsWith('s_cbranch_') ||
    m === 's_call_b64' ||
    m.startsWith('s_subvector_loop_')
  );
}

/**
 * Whether a float token may start at `pos` (after a '-'): a digit, then a run of letters, digits
 * and '.' holding '.', 'e' or 'p' (`-1`, `-0x10`, `-v1`: no; only then is the token after '-' lexed).
 */
function mayBeFloatAfter(text: string, pos: number): boolean {
  let c = text.charCodeAt(pos);
  while (c === 32 || c === 9) c = text.charCodeAt(++pos);
  if (c < 48 || c > 57) return false;
  for (;;) {
    c = text.charCodeAt(++pos) | 0x20;
    if (c === 46 /* . */ || c === 101 /* e */ || c === 112 /* p */) return true;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 127)) return false;
  }
}

/** A character that can end a number token or continue a name. */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 /* _ */ || c === 46 /* . */ || c === 36 /* $ */;
}
