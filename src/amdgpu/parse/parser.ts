/**
 * AMDGPU assembly parser: statements (labels, assignments, directives, instructions with their
 * operands) as llvm-mc reads them. Recursive descent over the shared Lexer; never throws on bad
 * input: every problem is reported as a ParseIssue and the parser skips to the end of the
 * statement (statement-at-a-time recovery).
 */
import type { DirectiveArg, Expr, InstructionOperand, Operand, Statement } from './ast.js';
import { ExprParser, MAX_EXPR_DEPTH, binaryPrecedence, type IssueSink, type ParseIssue } from './expr.js';
import { Lexer, Tok, type LexerOptions } from '../lex/lexer.js';
import { DIRECTIVES, DirectiveKind, NOT_ON_AMDHSA, RAW_BLOCKS, type DirectiveKindValue } from '../data/directives.js';
import { tokenExcerpt } from '../../core/source.js';
import type { AmdgpuOs } from '../triple.js';
import { AMD_KERNEL_CODE_T_FIELDS } from '../data/kernel-code-t.js';

export interface ParseOptions extends LexerOptions {
  /** The target triple's operating system (default amdhsa): which AMDGPU directives exist. */
  os?: AmdgpuOs;
}

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
 * What a caller that checks statements tells the parser so that repeated text is handled once
 * (see `Repeats`).
 */
export interface RepeatHooks {
  /**
   * A count that moves whenever handling a statement had an effect beyond the statement itself
   * or depended on anything but its text, the file's options and target: an issue reported, a
   * symbol looked up or referenced.
   */
  effects(): number;
  /** A remembered `.amdhsa_kernel` body was skipped: the block is closed, as its end directive would close it. */
  kernelBodySkipped(): void;
}

/**
 * Parses a file statement by statement, handing each to `onStatement` as soon as it is parsed
 * (nothing is retained: memory stays flat on large files).
 *
 * With `hooks`, repeated instruction lines and kernel descriptor bodies are handled once: see `Repeats`.
 */
export function forEachAmdgpuStatement(
  text: string,
  options: ParseOptions,
  sink: IssueSink,
  onStatement: (st: Statement) => void,
  hooks?: RepeatHooks,
): void {
  new StatementParser(text, options, sink, onStatement, hooks ? new Repeats(text, hooks) : null).parseFile();
}

/**
 * Text already handled without effect, so that the same text later is skipped. Compiler output
 * repeats a few thousand distinct lines (`v_mov_b32_e32 v0, 0`, `s_waitcnt vmcnt(0)`, `.p2align 8`)
 * and kernel descriptor blocks over a whole file.
 *
 * Lines: an instruction's or a directive's parse and check read only its own text, the file's
 * options and target, the symbol table, and whether a `.amdhsa_kernel` block is open; the only
 * state they change is the symbol table and that block. So outside a block, when the hooks'
 * `effects` count (issues, any use of the symbol table) did not move while a line was handled and
 * it opened no block, handling the same text again would do nothing either. A line counts only
 * when the statement was the whole rest of the line: its end-of-statement token is the line's LF,
 * so every token read lay inside the key text (a raw block or a string running on is excluded).
 *
 * Kernel bodies: the lines after `.amdhsa_kernel NAME` up to and including the first
 * `.end_amdhsa_kernel` line. Every body starts from the same state (a fresh block), so a body
 * handled without effect, whose block that very line closed, leaves only the block closed.
 */
class Repeats {
  readonly lines: TextSet;
  readonly kernelBodies: TextSet;
  constructor(
    text: string,
    readonly hooks: RepeatHooks,
  ) {
    this.lines = new TextSet(text);
    this.kernelBodies = new TextSet(text);
  }
}

/**
 * A set of ranges of one text, compared by content. The engine's own string hashing and
 * comparison do the work (a slice per lookup is cheaper than reading the characters in script).
 */
class TextSet {
  private readonly set = new Set<string>();
  constructor(private readonly text: string) {}

  get count(): number {
    return this.set.size;
  }

  /** Whether the text at [start, end) is in the set. */
  has(start: number, end: number): boolean {
    return this.set.has(this.text.slice(start, end));
  }

  /** Adds the text at [start, end). */
  add(start: number, end: number): void {
    this.set.add(this.text.slice(start, end));
  }
}

/** Lines longer than this are not remembered (the key is hashed on every lookup). */
const MAX_REPEAT_KEY = 200;
/** Kernel bodies longer than this are not remembered. */
const MAX_KERNEL_BODY = 20_000;
/** Distinct texts remembered at most per set: memory stays bounded on files without repetition. */
const MAX_REPEATS = 50_000;
const END_KERNEL = '.end_amdhsa_kernel';

class StatementParser {
  private readonly lex: Lexer;
  private readonly ep: ExprParser;
  private readonly os: AmdgpuOs;
  /** Inside `.amdhsa_kernel` … `.end_amdhsa_kernel`. */
  private inKernel: { start: number; nameEnd: number } | null = null;
  private opNesting = 0;

  /** Kind of the statement emitted last (an instruction line may be remembered by `repeats`). */
  private lastEmitted = '';
  /** Set by `.amdhsa_kernel` (its body may be remembered or skipped by `repeats`). */
  private kernelOpened = false;
  /** The kernel body being handled, to remember once its block closes: range, end (its LF), effects count at its start. */
  private bodyStart = -1;
  private bodyEnd = -1;
  private bodyEffects = 0;

  constructor(
    private readonly text: string,
    options: ParseOptions,
    private readonly sink: IssueSink,
    private emit: (st: Statement) => void,
    private readonly repeats: Repeats | null = null,
  ) {
    this.lex = new Lexer(text, options);
    this.ep = new ExprParser(this.lex, sink);
    this.os = options.os ?? 'amdhsa';
    if (repeats !== null) {
      // The kind of each statement handed out (only remembered kinds may be skipped later).
      this.emit = (st) => {
        this.lastEmitted = st.kind;
        emit(st);
      };
    }
  }

  private issue(code: string, message: string, start: number, end: number): void {
    this.sink({ code, message, start, end: Math.max(start, end) });
  }

  parseFile(): void {
    const lex = this.lex;
    const repeats = this.repeats;
    lex.next();
    // (A small loop: the per-statement work is in functions of their own, which the engine
    // optimizes as they get hot instead of recompiling this long-running loop.)
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) {
        if (repeats !== null && this.inKernel === null && this.skipRememberedLine(repeats)) continue;
        lex.next();
      }
      if (lex.cur() === Tok.Eof) break;
      if (repeats === null) this.afterStatement(this.parseStatement());
      else this.statementWithRepeats(repeats);
    }
    if (this.inKernel) {
      // llvm-mc reports it where the file ends ("expected .amdhsa_ directive or .end_amdhsa_kernel").
      this.issue('AMD204', 'missing .end_amdhsa_kernel for this .amdhsa_kernel', this.text.length, this.text.length);
    }
  }

  /** Where the line lookup of `skipRememberedLine` last failed (the statement there need not look again). */
  private missedAt = -1;

  /**
   * At the end of a statement that ended its line: when the next line, after blanks, is a
   * remembered one, skips it (true) without reading its tokens. (The lexer would skip the same
   * blanks; a remembered text starts with the identifier its statement started with.)
   */
  private skipRememberedLine(repeats: Repeats): boolean {
    const text = this.text;
    let p = this.lex.end;
    if (p === 0 || text.charCodeAt(p - 1) !== 10 /* LF */) return false;
    let c = text.charCodeAt(p);
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    // Only a line starting with a name can be remembered (not a comment or a blank line).
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 46 || c === 36)) return false;
    const nl = this.lineEndFrom(p);
    if (nl < 0 || nl - p >= MAX_REPEAT_KEY) return false;
    if (repeats.lines.has(p, nl + 1)) {
      this.lex.resumeAfterLine(nl);
      return true;
    }
    this.missedAt = p;
    return false;
  }

  /** The line feed found last (-1: none yet; the text's length: none after that point). */
  private lineEnd = -1;

  /**
   * The offset of the first LF at or after `start` (-1 if none). Found once per line: many
   * statements on one line (`a: b: c: ...`) must not each search to its end.
   */
  private lineEndFrom(start: number): number {
    if (this.lineEnd < start) {
      const nl = this.text.indexOf('\n', start);
      this.lineEnd = nl < 0 ? this.text.length : nl;
    }
    return this.lineEnd === this.text.length ? -1 : this.lineEnd;
  }

  /** The `.end_amdhsa_kernel` found last (-1: none yet; the text's length: none after that point). */
  private kernelEnd = -1;

  /** The first `.end_amdhsa_kernel` at or after `start` (-1 if none), searched once per stretch of text. */
  private kernelEndFrom(start: number): number {
    if (this.kernelEnd < start) {
      const at = this.text.indexOf(END_KERNEL, start);
      this.kernelEnd = at < 0 ? this.text.length : at;
    }
    return this.kernelEnd === this.text.length ? -1 : this.kernelEnd;
  }

  /** One statement, skipped when its line is remembered (see Repeats), else handled and maybe remembered. */
  private statementWithRepeats(repeats: Repeats): void {
    const lex = this.lex;
    if (!this.inKernel && lex.cur() === Tok.Identifier) {
      // An instruction or directive line seen before without effect: skip it whole.
      const start = lex.start;
      const nl = this.lineEndFrom(start);
      if (nl >= 0 && nl - start < MAX_REPEAT_KEY) {
        if (start !== this.missedAt && repeats.lines.has(start, nl + 1)) lex.resumeAfterLine(nl);
        else this.lineStatement(repeats, start, nl);
        return;
      }
    }
    const before = repeats.hooks.effects();
    const wasInKernel = this.inKernel !== null;
    this.kernelOpened = false;
    this.afterStatement(this.parseStatement());
    if (this.kernelOpened) {
      this.afterKernelOpened(repeats, before);
    } else if (wasInKernel && this.inKernel === null && this.bodyStart >= 0) {
      // The block closed: remember its body if it had no effect and this line closed it.
      if (lex.cur() === Tok.EndOfStatement && lex.end === this.bodyEnd + 1 && repeats.hooks.effects() === this.bodyEffects && repeats.kernelBodies.count < MAX_REPEATS) {
        repeats.kernelBodies.add(this.bodyStart, this.bodyEnd + 1);
      }
      this.bodyStart = -1;
    }
  }

  /** A statement starting a line [start, nl] outside a kernel block: handled, and remembered when that had no effect. */
  private lineStatement(repeats: Repeats, start: number, nl: number): void {
    const lex = this.lex;
    const before = repeats.hooks.effects();
    this.lastEmitted = '';
    this.kernelOpened = false;
    const ok = this.parseStatement();
    if (
      ok &&
      (this.lastEmitted === 'instruction' || (this.lastEmitted === 'directive' && !this.kernelOpened)) &&
      lex.cur() === Tok.EndOfStatement &&
      lex.end === nl + 1 &&
      repeats.hooks.effects() === before &&
      repeats.lines.count < MAX_REPEATS
    ) {
      repeats.lines.add(start, nl + 1);
    }
    this.afterStatement(ok);
    if (this.kernelOpened) this.afterKernelOpened(repeats, before);
  }

  /**
   * Just after a `.amdhsa_kernel NAME` line (`before`: the effects count before it): skips the
   * body when it is remembered, or notes where it should end so that it is remembered if it
   * closes there without effect.
   */
  private afterKernelOpened(repeats: Repeats, before: number): void {
    this.bodyStart = -1;
    if (this.inKernel !== null && repeats.hooks.effects() === before) this.skipKnownKernelBody(repeats);
  }

  private skipKnownKernelBody(repeats: Repeats): boolean {
    const lex = this.lex;
    const text = this.text;
    if (lex.cur() !== Tok.EndOfStatement || lex.end === 0 || text.charCodeAt(lex.end - 1) !== 10 /* LF */) return false;
    const start = lex.end;
    const endAt = this.kernelEndFrom(start);
    const nl = endAt < 0 ? -1 : text.indexOf('\n', endAt);
    if (nl < 0 || nl - start >= MAX_KERNEL_BODY) return false;
    if (repeats.kernelBodies.has(start, nl + 1)) {
      lex.resumeAfterLine(nl);
      this.inKernel = null;
      repeats.hooks.kernelBodySkipped();
      return true;
    }
    this.bodyStart = start;
    this.bodyEnd = nl;
    this.bodyEffects = repeats.hooks.effects();
    return false;
  }

  /** After one statement: skip the rest of a failed one; anything but its end (or a label's next statement) is an error. */
  private afterStatement(ok: boolean): void {
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
  private parseStatement(): boolean {
    const lex = this.lex;
    this.endsWithLabel = false;
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

  /// directive ::= '.name' args
  private parseDirective(rawName: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const name = rawName.toLowerCase();
    const nameSpan = { start, end: nameEnd };
    if (this.inKernel) {
      if (name === '.end_amdhsa_kernel') {
        this.inKernel = null;
        this.emit({ kind: 'directive', name, nameSpan, args: [], span: nameSpan });
        return true;
      }
      if (!name.startsWith('.amdhsa_')) {
        this.issue('AMD206', `expected .amdhsa_ directive or .end_amdhsa_kernel inside .amdhsa_kernel, found '${rawName}'`, start, nameEnd);
        return false;
      }
      const e = this.ep.parseExpression();
      if (!e) return false;
      this.emit({ kind: 'directive', name, nameSpan, args: [{ span: e.span, expr: e }], span: { start, end: e.span.end } });
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
        this.issue('AMD206', '.amd_amdgpu_hsa_metadata directive is not available on non-amdhsa OSes', lex.start, Math.max(lex.end, lex.start + 1));
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
        this.issue('AMD206', refused, lex.start, Math.max(lex.end, lex.start + 1));
        return false;
      }
      if (this.os === 'amdhsa' && (rawName === '.amd_kernel_code_t' || rawName === '.amdgpu_hsa_kernel' || rawName === '.amd_amdgpu_isa')) {
        this.issue('AMD205', `unknown directive '${rawName}' (not on amdhsa: it belongs to the other triples, e.g. --triple amdgcn-pc-linux-gnu or amdgcn-mesa-mesa3d)`, start, nameEnd);
        return false;
      }
      if (name.startsWith('.amdhsa_') && name !== '.amdhsa_kernel') {
        this.issue('AMD206', `${rawName} is only allowed inside .amdhsa_kernel … .end_amdhsa_kernel`, start, nameEnd);
      } else {
        this.issue('AMD205', `unknown directive '${rawName}'`, start, nameEnd);
      }
      return false;
    }
    return this.parseDirectiveArgs(rawName, name, kind, start, nameEnd);
  }

  /** A directive's arguments, read as its kind says. */
  private parseDirectiveArgs(rawName: string, name: string, kind: DirectiveKindValue, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const nameSpan = { start, end: nameEnd };
    switch (kind) {
      case DirectiveKind.Assign: {
        // .set NAME, EXPR
        if (lex.cur() !== Tok.Identifier && lex.cur() !== Tok.String) {
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
      case DirectiveKind.Exprs: {
        // Comma-separated expressions (at least one).
        const args: DirectiveArg[] = [];
        for (;;) {
          const e = this.ep.parseExpression();
          if (!e) return false;
          args.push({ span: e.span, expr: e });
          if (lex.cur() !== Tok.Comma) break;
          lex.next();
        }
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end: args[args.length - 1]!.span.end } });
        return true;
      }
      case DirectiveKind.LeadingExpr: {
        // Any other first token (`(5)`, `-1`, `"5"`, none) makes llvm-mc's handler fail silently,
        // and the generic parser then reports the directive itself as unknown.
        if (lex.cur() !== Tok.Integer && lex.cur() !== Tok.Identifier) {
          this.issue('AMD205', `unknown directive '${rawName}' (its value must start with a number or a symbol name)`, start, nameEnd);
          return false;
        }
        const e = this.ep.parseExpression();
        if (!e) return false;
        this.emit({ kind: 'directive', name, nameSpan, args: [{ span: e.span, expr: e }], span: { start, end: e.span.end } });
        this.endsWithLabel = true;
        return true;
      }
      case DirectiveKind.OptExprs: {
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
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end } });
        return true;
      }
      case DirectiveKind.NameExpr: {
        // .size NAME, EXPR  /  .comm NAME, SIZE[, ALIGN]  /  .amdgpu_lds NAME, SIZE[, ALIGN]
        if (lex.cur() !== Tok.Identifier && lex.cur() !== Tok.String) {
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
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end } });
        return true;
      }
      case DirectiveKind.Names: {
        // .globl a, b   .weak a   .hidden a
        const args: DirectiveArg[] = [];
        for (;;) {
          if (lex.cur() !== Tok.Identifier && lex.cur() !== Tok.String) {
            this.issue('AMD207', `expected a symbol name after ${rawName}`, lex.start, lex.end);
            return false;
          }
          args.push({ span: { start: lex.start, end: lex.end } });
          lex.next();
          if (lex.cur() !== Tok.Comma) break;
          lex.next();
        }
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end: args[args.length - 1]!.span.end } });
        return true;
      }
      case DirectiveKind.Kernel: {
        // .amdhsa_kernel NAME
        if (lex.cur() !== Tok.Identifier && lex.cur() !== Tok.String) {
          this.issue('AMD207', 'expected the kernel name after .amdhsa_kernel', lex.start, lex.end);
          return false;
        }
        const args: DirectiveArg[] = [{ span: { start: lex.start, end: lex.end } }];
        lex.next();
        this.inKernel = { start, nameEnd };
        this.kernelOpened = true;
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end: args[0]!.span.end } });
        return true;
      }
      case DirectiveKind.Raw:
      default: {
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
        this.emit({ kind: 'directive', name, nameSpan, args, span: { start, end } });
        return true;
      }
    }
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
        this.emit({ kind: 'directive', name: '.amd_kernel_code_t', nameSpan: { start, end: nameEnd }, args, span: { start, end: idStart + id.length } });
        this.endsWithLabel = true;
        return true;
      }
      if (!AMD_KERNEL_CODE_T_FIELDS.has(id)) {
        this.issue('AMD327', `unexpected amd_kernel_code_t field name ${id}`, lex.start, Math.max(lex.end, lex.start + 1));
        return false;
      }
      if (lex.cur() !== Tok.Equal) {
        this.issue('AMD327', `expected '=' after the amd_kernel_code_t field ${id}`, lex.start, Math.max(lex.end, lex.start + 1));
        return false;
      }
      lex.next();
      const e = this.ep.parseExpression();
      if (!e) return false;
      args.push({ span: { start: idStart, end: e.span.end }, expr: e });
      if (lex.cur() === Tok.Eof) continue;
      if (lex.cur() === Tok.Error) {
        this.ep.reportLexError();
        return false;
      }
      lex.next();
    }
  }

  /**
   * `.amdgpu_hsa_kernel NAME` and `.amd_amdgpu_isa "ID"` (not on amdhsa): one token, after which
   * the line goes on as a new statement (llvm-mc reads no further).
   */
  private parseV2Directive(rawName: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const nameSpan = { start, end: nameEnd };
    if (rawName === '.amdgpu_hsa_kernel' && lex.cur() !== Tok.Identifier) {
      this.issue('AMD207', `expected symbol name after ${rawName}`, lex.start, Math.max(lex.end, lex.start + 1));
      return false;
    }
    if (lex.cur() === Tok.Error) {
      this.ep.reportLexError();
      return false;
    }
    const atEnd = lex.cur() === Tok.EndOfStatement || lex.cur() === Tok.Eof;
    const arg = { span: { start: lex.start, end: atEnd ? lex.start : lex.end } };
    if (!atEnd) lex.next();
    this.emit({ kind: 'directive', name: rawName, nameSpan, args: [arg], span: { start, end: arg.span.end } });
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

  // -------------------------------------------------------------------------------------------
  // Instructions

  /// instruction ::= mnemonic [operand] ([','] operand)*
  private parseInstruction(mnemonic: string, start: number, nameEnd: number): boolean {
    const lex = this.lex;
    const first = this.parseOperandList();
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
      const ops2 = this.parseOperandList();
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
  private parseOperandList(): InstructionOperand[] | null {
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
      const op = this.parseOperand(false);
      if (!op) return null;
      if (this.juxtaposedAfterNumber(op)) return null;
      operands.push({ operand: op, afterComma });
      first = false;
    }
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

  private parseOperandInner(inAbs: boolean): Operand | null {
    const lex = this.lex;
    const start = lex.start;
    {
      switch (lex.cur()) {
        case Tok.Pipe: {
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
        case Tok.Minus: {
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
        case Tok.LBrac: {
          const items = this.parseList(Tok.RBrac);
          if (!items) return null;
          return { kind: 'list', items: items.items, span: { start, end: items.end } };
        }
        case Tok.Identifier: {
          const name = lex.tokenText();
          const nameEnd = lex.end;
          lex.next();
          const k = lex.cur();
          if (k === Tok.LBrac) {
            // v[0:3], s[2], ttmp[4:7]
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
          if (k === Tok.Colon && !inAbs && lex.text.charCodeAt(lex.end) !== 58 /* ':' of VOPD '::' */) {
            // name:value modifier
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
          if (k === Tok.LParen) {
            const args = this.parseList(Tok.RParen);
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
        default:
          return this.parseExprOperand(inAbs);
      }
    }
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

  /** `(` or `[` already current: comma-separated operands up to `close`. */
  private parseList(close: number): { items: Operand[]; end: number } | null {
    const lex = this.lex;
    lex.next();
    const items: Operand[] = [];
    if (lex.cur() === close) {
      const end = lex.end;
      lex.next();
      return { items, end };
    }
    for (;;) {
      const op = this.parseOperand(false);
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

/** A character that can end a number token or continue a name. */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 /* _ */ || c === 46 /* . */ || c === 36 /* $ */;
}
