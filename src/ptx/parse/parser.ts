/**
 * PTX parser: recursive descent over the lexer cursor, one statement at a time.
 * On an error it reports once at the offending token (where ptxas reports it), skips to the end
 * of the statement (`;` or the matching `}`) and goes on. It never throws on bad input.
 * Input-driven recursion (parentheses, ternaries, braces) is bounded by MAX_DEPTH.
 */
import type { Diagnostic } from '../../core/diagnostics.js';
import { DiagnosticBag } from '../../core/diagnostics.js';
import type { MappedText, Span } from '../../core/source.js';
import { SourceFile, tokenExcerpt, unmapped } from '../../core/source.js';
import type * as A from './ast.js';
import { Lexer, decodeFloat, decodeInt, nextTokenStart } from '../lex/lexer.js';
import { Tok, TokFlag, tokenKindText } from '../lex/tokens.js';
import { FUNCTION_ATTRIBUTE_SET, INSTRUCTION_SET, LINKAGE_SET, STATE_SPACE_SET, TYPE_SET } from '../data/keywords.js';
import { DIRECTIVE_WORDS } from '../data/modifiers.js';
import { OPAQUE_VALUE_WORDS } from '../data/declarations.js';

/** Nesting bound for parentheses, ternaries, braces and blocks. */
export const MAX_DEPTH = 1000;

interface PendingDiag {
  code: string;
  message: string;
  offset: number;
  length: number;
}

/** Thrown internally only to unwind from a too-deep nesting; always caught in this file. */
class TooDeep {}

const BINARY_PREC: Partial<Record<Tok, number>> = {
  [Tok.OrOr]: 1,
  [Tok.AndAnd]: 2,
  [Tok.Pipe]: 3,
  [Tok.Caret]: 4,
  [Tok.Amp]: 5,
  [Tok.EqEq]: 6,
  [Tok.NotEq]: 6,
  [Tok.Lt]: 7,
  [Tok.Gt]: 7,
  [Tok.Le]: 7,
  [Tok.Ge]: 7,
  [Tok.Shl]: 8,
  [Tok.Shr]: 8,
  [Tok.Plus]: 9,
  [Tok.Minus]: 9,
  [Tok.Star]: 10,
  [Tok.Slash]: 10,
  [Tok.Percent]: 10,
};

/** [min, max] argument counts of function directives (ptxas grammar). */
const ATTRIBUTE_ARITY: Record<string, [number, number]> = {
  '.maxntid': [1, 3],
  '.reqntid': [1, 3],
  '.reqnctapercluster': [1, 3],
  '.maxnreg': [1, 1],
  '.local_maxnreg': [1, 1],
  '.minnctapersm': [1, 1],
  '.maxnctapersm': [1, 1],
  '.maxclusterrank': [1, 1],
  '.abi_preserve': [1, 1],
  '.abi_preserve_control': [1, 1],
  '.explicitcluster': [0, 0],
  '.blocksareclusters': [0, 0],
  '.noreturn': [0, 0],
};

/** State spaces a declaration may start with: ptxas rejects `.sreg` declarations as a syntax error. */
const DECLARABLE_SPACES = new Set([...STATE_SPACE_SET].filter((s) => s !== '.sreg'));

const ENTRY_ONLY_ATTRIBUTES = new Set([
  '.maxnreg', '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm', '.maxclusterrank', '.reqnctapercluster',
  '.explicitcluster', '.blocksareclusters',
]);
const FUNC_ONLY_ATTRIBUTES = new Set(['.noreturn', '.abi_preserve', '.abi_preserve_control']);

/** State spaces a `.ptr` parameter may point to. */
const PTR_SPACES = new Set(['.global', '.shared', '.const', '.local']);
const VECTOR_WIDTHS: Record<string, number> = { '.v2': 2, '.v4': 4, '.v8': 8 };
const MEMBER_NAMES = new Set(['x', 'y', 'z', 'w', 'r', 'g', 'b', 'a']);
/** Directives that can only start a new module-level statement (ends a `;`-less prototype). */
const MODULE_LEVEL_STARTERS = new Set([
  '.visible', '.extern', '.weak', '.common', '.entry', '.func', '.global', '.const', '.shared', '.local',
  '.tex', '.file', '.section', '.alias', '.reg', '.param', '.pragma',
]);
/** Video-instruction operand selectors: `.b0`-`.b3`, `.b3210`, `.h0`/`.h1`, `.h10` (not a regex on the hot path: only after `name.`). */
const VIDEO_SELECTOR = /^(b[0-3]|b[0-7]{4}|h[01]|h[01]{2})$/;
/** Multi-component selectors (`.xy`, `.rgba`): parsed, then rejected as ptxas does. */
const SWIZZLE = /^([xyzw]{2,4}|[rgba]{2,4})$/;
const SECTION_DATA_TYPES = new Set(['.b8', '.b16', '.b32', '.b64']);

const C_0 = 48;
const C_9 = 57;
/** Shared bigints for the small values most literals have (no allocation per literal). */
const SMALL_BIGINTS: bigint[] = [];
for (let i = 0; i < 4096; i++) SMALL_BIGINTS.push(BigInt(i));

/**
 * The value of a plain decimal literal token (digits only, no suffix, no leading zero, at most 15
 * digits so a double holds it exactly), or -1 for any other spelling.
 */
function plainDecimalValue(text: string, start: number, end: number, flags: number): number {
  const n = end - start;
  if (n > 15 || (flags & TokFlag.Malformed) !== 0 || (n > 1 && text.charCodeAt(start) === C_0)) return -1;
  let v = 0;
  for (let p = start; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c < C_0 || c > C_9) return -1;
    v = v * 10 + (c - C_0);
  }
  return v;
}

// Shared read-only empty lists for the usual declaration without attributes or dimensions.
const NO_ATTRIBUTES: readonly A.DirectiveWord[] = Object.freeze([]);
const NO_DIMS: readonly (A.Expr | null)[] = Object.freeze([]);

/** A node of the modifier-list trie: the list ending here, and the longer ones by next word. */
interface ModifierTrieNode {
  next: Map<string, ModifierTrieNode>;
  list: readonly string[] | undefined;
}

/** Elements per chunk of a long initializer list. */
const INITIALIZER_CHUNK = 4096;

/** End of the run of decimal digits starting at `start`. */
function digitsEnd(text: string, start: number): number {
  let p = start;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c < C_0 || c > C_9) break;
    p++;
  }
  return p;
}

/**
 * A plain decimal literal (`0`, `42`): the bulk of initializer lists and immediates. Each keeps one
 * field, its offset; `value`, `raw` and `span` are read back from the text (a plain literal's digits
 * are all of its token), which sits on the prototype of a per-parse subclass. So a million-element
 * initializer costs a quarter of the memory of literal-plus-span objects. `toJSON` gives the plain
 * IntLiteral shape.
 */
abstract class DecimalLiteral implements A.IntLiteral {
  /** The parsed text (on the per-parse subclass's prototype, not on each literal). */
  declare protected readonly text: string;
  constructor(private readonly start: number) {}
  // On the prototype, not a field: initializer lists hold millions of these.
  get kind(): 'int' {
    return 'int';
  }
  get unsigned(): boolean {
    return false;
  }
  get value(): bigint {
    const v = plainDecimalValue(this.text, this.start, digitsEnd(this.text, this.start), 0);
    return v < SMALL_BIGINTS.length ? SMALL_BIGINTS[v]! : BigInt(v);
  }
  get raw(): string {
    return this.text.slice(this.start, digitsEnd(this.text, this.start));
  }
  get span(): Span {
    return { start: this.start, end: digitsEnd(this.text, this.start) };
  }
  toJSON(): A.IntLiteral {
    return { kind: 'int', value: this.value, unsigned: false, raw: this.raw, span: this.span };
  }
}

/** The DecimalLiteral class for literals of `text`. */
function decimalLiteralClass(text: string): new (start: number) => DecimalLiteral {
  class Literal extends DecimalLiteral {}
  Object.defineProperty(Literal.prototype, 'text', { value: text });
  return Literal;
}

/**
 * An operand that is one expression. Its span is its expression's, read through (one field, no
 * span object of its own). `toJSON` gives the plain ExprOperand shape.
 */
class ExprOperandNode implements A.ExprOperand {
  constructor(readonly expr: A.Expr) {}
  readonly kind = 'expr' as const;
  get span(): Span {
    return this.expr.span;
  }
  toJSON(): A.ExprOperand {
    return { kind: 'expr', expr: this.expr, span: this.span };
  }
}

/**
 * A name read from one token: its span is the token, `start` plus the name's length (no span
 * object per name). `toJSON` gives the plain NameRef shape.
 */
class NameRefNode implements A.NameRef {
  constructor(
    readonly name: string,
    private readonly start: number,
  ) {}
  readonly kind = 'name' as const;
  get span(): Span {
    return { start: this.start, end: this.start + this.name.length };
  }
  toJSON(): A.NameRef {
    return { kind: 'name', name: this.name, span: this.span };
  }
}

/**
 * An instruction statement. Its spans are kept as offsets (the opcode span is the opcode token:
 * its start plus the opcode's length) and built when read. `toJSON` gives the plain shape.
 */
class InstructionNode implements A.Instruction {
  declare guard?: A.Guard;
  constructor(
    readonly opcode: string,
    readonly modifiers: string[],
    readonly operands: A.Operand[],
    private readonly opcodeStart: number,
    private readonly start: number,
    private readonly end: number,
  ) {}
  readonly kind = 'instruction' as const;
  get opcodeSpan(): Span {
    return { start: this.opcodeStart, end: this.opcodeStart + this.opcode.length };
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  toJSON(): A.Instruction {
    const out: A.Instruction = {
      kind: 'instruction',
      opcode: this.opcode,
      opcodeSpan: this.opcodeSpan,
      modifiers: this.modifiers,
      operands: this.operands,
      span: this.span,
    };
    if (this.guard) out.guard = this.guard;
    return out;
  }
}

/** `{a, b}`, `[addr]`, `(a, b)`: the span kept as offsets, built when read. `toJSON` gives the plain shape. */
class OperandListNode {
  constructor(
    readonly kind: 'vector' | 'address' | 'list',
    readonly elements: A.Operand[],
    private readonly start: number,
    private readonly end: number,
  ) {}
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  toJSON(): A.Operand {
    return { kind: this.kind, elements: this.elements, span: this.span } as A.Operand;
  }
}

/**
 * A variable declaration: its spans kept as offsets, built when read (the setters are for the
 * parser). `toJSON` gives the plain shape.
 */
class VariableDeclNode {
  declare linkage?: A.Linkage;
  declare bank?: number;
  declare align?: bigint;
  declare vector?: number;
  type = '';
  attributes: A.DirectiveWord[] = [];
  declarators: A.Declarator[] = [];
  private typeStart = 0;
  private typeEnd = 0;
  private end = 0;
  constructor(
    readonly space: A.StateSpace,
    private start: number,
  ) {}
  readonly kind = 'variable' as const;
  setType(start: number, end: number): void {
    this.typeStart = start;
    this.typeEnd = end;
  }
  get typeSpan(): Span {
    return { start: this.typeStart, end: this.typeEnd };
  }
  set typeSpan(span: Span) {
    this.setType(span.start, span.end);
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  set span(span: Span) {
    this.start = span.start;
    this.end = span.end;
  }
  toJSON(): A.VariableDecl {
    const out: A.VariableDecl = {
      kind: 'variable',
      space: this.space,
      type: this.type,
      typeSpan: this.typeSpan,
      attributes: this.attributes,
      declarators: this.declarators,
      span: this.span,
    };
    if (this.linkage !== undefined) out.linkage = this.linkage;
    if (this.bank !== undefined) out.bank = this.bank;
    if (this.align !== undefined) out.align = this.align;
    if (this.vector !== undefined) out.vector = this.vector;
    return out;
  }
}

/** One declarator: the name span is the name token (start plus the name's length). */
class DeclaratorNode {
  declare parameterizedCount?: number;
  declare initializer?: A.Initializer;
  /** Shared and frozen while empty; the parser gives a declarator with dimensions its own array. */
  dims: (A.Expr | null)[] = NO_DIMS as (A.Expr | null)[];
  private end = 0;
  constructor(
    readonly name: string,
    private start: number,
  ) {}
  get nameSpan(): Span {
    return { start: this.start, end: this.start + this.name.length };
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  set span(span: Span) {
    this.start = span.start;
    this.end = span.end;
  }
  toJSON(): A.Declarator {
    const out: A.Declarator = { name: this.name, nameSpan: this.nameSpan, dims: this.dims, span: this.span };
    if (this.parameterizedCount !== undefined) out.parameterizedCount = this.parameterizedCount;
    if (this.initializer !== undefined) out.initializer = this.initializer;
    return out;
  }
}

export class Parser {
  readonly lx: Lexer;
  readonly text: string;
  readonly pending: PendingDiag[] = [];
  /** Current nesting of parentheses, brackets, braces and blocks (bounded by MAX_DEPTH). */
  private depth = 0;
  /** `{` consumed and not yet closed by the structured parser (for recovery after TooDeep). */
  private openBraces = 0;
  /** Dotted words are names inside `.section` data (`.b32 .debug_abbrev`). */
  private dottedNames = false;
  /** Identifiers are allowed in expressions (section data, `.loc`, `.alias`, `gpuasm eval`). */
  allowNames = false;
  /** The current statement has reported its error; further ones would be consequences. */
  private quiet = false;
  /** Interned strings for modifiers and other repeated words. */

  /** Plain decimal literals of this text. */
  private readonly DecimalLiteral: new (start: number) => DecimalLiteral;

  constructor(text: string) {
    this.text = text;
    this.DecimalLiteral = decimalLiteralClass(text);
    this.lx = new Lexer(text, (code, message, offset, length) => this.pending.push({ code, message, offset, length }));
  }

  // ------------------------------------------------------------------ helpers

  error(code: string, message: string, offset: number, length: number): void {
    if (this.quiet) return;
    this.quiet = true;
    this.pending.push({ code, message, offset, length });
  }

  /** Error at the current token, in ptxas's words where it has them. */
  errorHere(code: string, message?: string): void {
    const lx = this.lx;
    if (lx.tok() === Tok.Invalid || (lx.flags & TokFlag.Malformed) !== 0) {
      this.quiet = true; // the lexer has reported it
      return;
    }
    const near = lx.tok() === Tok.EOF ? 'end of file' : `'${tokenExcerpt(this.text, lx.start, lx.end)}'`;
    // ptxas places an error at a string on the string's last line (strings may span lines).
    const at = lx.tok() === Tok.String ? lx.end - 1 : lx.start;
    this.error(code, message ?? `syntax error near ${near}`, at, Math.max(0, lx.end - at));
  }

  span(start: number): Span {
    return { start, end: this.lastEnd };
  }

  /** End of the last consumed token. */
  lastEnd = 0;

  advance(): void {
    this.lastEnd = this.lx.end;
    this.lx.next();
  }

  /**
   * A stack for building lists: items go on top, `take(base)` copies them out as an exact-size
   * array (a growing `[]` would keep 16+ slots for a 3-operand list) and pops them.
   */
  private scratch: unknown[] = [];
  private sp = 0;

  take(base: number): unknown[] {
    const out = this.scratch.slice(base, this.sp);
    this.sp = base;
    return out;
  }

  /**
   * Modifier lists shared between instructions with the same modifiers (read-only, frozen), found
   * through a trie keyed by the interned words (no key string to build or hash per instruction).
   */
  private readonly modifierTrie: ModifierTrieNode = { next: new Map(), list: undefined };
  private static readonly NO_MODIFIERS: readonly string[] = Object.freeze([]);

  /// modifiers := DOTTED*      (`.global.v4.f32` -> ['.global', '.v4', '.f32'])
  parseModifiers(): string[] {
    const lx = this.lx;
    if (lx.tok() !== Tok.Dotted) return Parser.NO_MODIFIERS as string[];
    const base = this.sp;
    let node = this.modifierTrie;
    while (lx.tok() === Tok.Dotted) {
      const word = this.word();
      this.scratch[this.sp++] = word;
      let next = node.next.get(word);
      if (next === undefined) {
        next = { next: new Map(), list: undefined };
        node.next.set(word, next);
      }
      node = next;
      this.advance();
    }
    const list = (node.list ??= Object.freeze(this.scratch.slice(base, this.sp) as string[]));
    this.sp = base;
    return list as string[];
  }

  /** Current token's text, interned. */
  word(): string {
    return this.lx.tokenText();
  }

  accept(kind: Tok): boolean {
    if (this.lx.tok() !== kind) return false;
    this.advance();
    return true;
  }

  /** Expects a token kind; on mismatch reports and returns false (the caller recovers). */
  expect(kind: Tok, what?: string): boolean {
    if (this.lx.tok() === kind) {
      this.advance();
      return true;
    }
    this.errorHere('PTX201', `expected ${what ?? `'${tokenKindText(kind)}'`} near ${this.nearText()}`);
    return false;
  }

  nearText(): string {
    const lx = this.lx;
    return lx.tok() === Tok.EOF ? 'end of file' : `'${tokenExcerpt(this.text, lx.start, lx.end)}'`;
  }

  isDotted(word: string): boolean {
    return this.lx.tok() === Tok.Dotted && this.lx.is(word);
  }

  /**
   * Recovery: skip to just after the next `;` at this nesting level, or up to (not past) a `}`
   * that closes the enclosing block. Braces opened while skipping are matched.
   */
  skipStatement(): void {
    const lx = this.lx;
    let depth = 0;
    for (;;) {
      switch (lx.tok()) {
        case Tok.EOF:
          return;
        case Tok.Semi:
          this.advance();
          if (depth === 0) return;
          break;
        case Tok.LBrace:
          depth++;
          this.advance();
          break;
        case Tok.RBrace:
          if (depth === 0) return;
          depth--;
          this.advance();
          if (depth === 0) return;
          break;
        default:
          this.advance();
      }
    }
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.errorHere('PTX210', `nesting deeper than ${MAX_DEPTH} levels`);
      throw new TooDeep();
    }
  }

  // ------------------------------------------------------------------ module

  /// module := '.version' ver '.target' targets ['.address_size' N] moduleItem* EOF
  parseModule(source: MappedText, sink?: ModuleItemSink): A.Module {
    const items: A.ModuleItem[] = [];
    this.checkModuleHeader();
    this.parseItems(sink ? { push: sink } : items, Infinity);
    return { items, source };
  }

  /** Starts a module that `parseItems` then reads in parts. */
  beginModule(): void {
    this.checkModuleHeader();
  }

  /**
   * Parses module items until the end of the text or until the next item starts at or after
   * offset `stop`; returns where that next item starts (the text's length at the end).
   */
  parseItems(out: ItemList, stop: number): number {
    const lx = this.lx;
    while (lx.tok() !== Tok.EOF) {
      if (lx.start >= stop) return lx.start;
      const before = lx.start;
      try {
        this.parseModuleItem(out);
      } catch (e) {
        if (!(e instanceof TooDeep)) throw e;
        this.depth = 0;
        this.sp = 0;
        this.dottedNames = false;
        this.skipToTopLevel(this.openBraces);
        this.openBraces = 0;
      }
      if (lx.tok() !== Tok.EOF && lx.start === before) {
        // No progress: report and step over the token.
        this.errorHere('PTX201');
        this.advance();
      }
    }
    return this.text.length;
  }

  /** Whether nothing of an item is pending (between module items, with the header settled). */
  atCleanBoundary(): boolean {
    return this.depth === 0 && this.openBraces === 0 && !this.needTarget && !this.missingVersionPending;
  }

  /**
   * Function bodies that start before this offset are skipped by brace matching, not parsed (a
   * parallel check reads the first part of a module only for its module-level declarations).
   */
  skipBodiesBefore = -1;

  /** A body skipped unparsed: its braces matched, no statements (see skipBodiesBefore). */
  private skipBlock(): A.Block {
    const start = this.lx.start;
    this.lastEnd = this.lx.skipBraces();
    return { kind: 'block', statements: [], span: this.span(start) };
  }

  /**
   * After a too-deep nesting: skip until the `open` braces that were open when it was detected are
   * closed (counting braces seen while skipping), then to the end of that statement.
   */
  private skipToTopLevel(open: number): void {
    const lx = this.lx;
    let depth = open;
    while (lx.tok() !== Tok.EOF) {
      const k = lx.tok();
      if (k === Tok.LBrace) depth++;
      else if (k === Tok.RBrace) {
        depth--;
        if (depth <= 0) {
          this.advance();
          if (open > 0 && depth === 0 && lx.tok() === Tok.Semi) this.advance();
          return;
        }
      } else if (k === Tok.Semi && depth <= 0) {
        this.advance();
        return;
      }
      this.advance();
    }
  }

  /**
   * ptxas requires `.version` first and `.target` next; it reports a missing one at the
   * token after the first statement it could read (for `.target`, after its list).
   */
  private checkModuleHeader(): void {
    const lx = this.lx;
    if (lx.tok() === Tok.EOF) {
      // An empty file (or only comments): ptxas reports the missing .version at the end.
      this.error('PTX220', 'missing .version directive at start of file', lx.start, 0);
      return;
    }
    if (this.isDotted('.version')) {
      // ptxas reads `.version M.m` as one token: the number must follow on the same line.
      const p = lx.peek();
      const between = this.text.slice(lx.end, lx.peekStart);
      if ((p === Tok.Float || p === Tok.Int) && !between.includes('\n')) {
        this.needTarget = true;
        return;
      }
      this.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
      return;
    }
    if (this.isDotted('.target')) {
      // Reported at the token after the target list (where ptxas's parser notices).
      this.missingVersionPending = true;
      return;
    }
    this.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
  }
  private needTarget = false;
  private missingVersionPending = false;

  /// moduleItem := version | target | addressSize | file | section | loc | pragma | alias
  ///             | linkage* (function | variableDecl) | ';'
  private parseModuleItem(items: ItemList): void {
    const lx = this.lx;
    const start = lx.start;
    this.quiet = false;
    if (lx.tok() !== Tok.Dotted) {
      if (lx.tok() === Tok.Ident && lx.peek() === Tok.Colon) {
        // `name: .callprototype ...` is only valid in bodies; report the label.
        this.errorHere('PTX202', `unexpected label at module scope near ${this.nearText()}`);
      } else if (lx.tok() === Tok.Ident && INSTRUCTION_SET.has(lx.tokenText())) {
        this.errorHere('PTX202', `instruction outside a function body near ${this.nearText()}`);
      } else this.errorHere('PTX201');
      this.skipStatement();
      if (lx.tok() === Tok.RBrace) this.advance();
      return;
    }
    const word = this.word();
    switch (word) {
      case '.version': {
        const v = this.parseVersion();
        if (v) items.push(v);
        if (this.needTarget) {
          this.needTarget = false;
          if (!this.isDotted('.target')) {
            if (lx.tok() === Tok.EOF) this.error('PTX221', 'missing .target directive after .version', lx.start, 0);
            else this.errorHere('PTX221', 'missing .target directive after .version');
          }
        }
        return;
      }
      case '.target': {
        const t = this.parseTarget();
        if (t) items.push(t);
        this.afterFirstHeaderDirective();
        return;
      }
      case '.address_size': {
        const a = this.parseAddressSize();
        if (a) items.push(a);
        this.afterFirstHeaderDirective();
        return;
      }
      case '.file': {
        const f = this.parseFile();
        if (f) items.push(f);
        return;
      }
      case '.section': {
        const s = this.parseSection();
        if (s) items.push(s);
        return;
      }
      case '.pragma': {
        const p = this.parsePragma();
        if (p) items.push(p);
        return;
      }
      case '.alias': {
        const d = this.parseAlias();
        if (d) items.push(d);
        return;
      }
    }
    // Linkage, then a function or a variable.
    let linkage: A.Linkage | undefined;
    while (lx.tok() === Tok.Dotted && LINKAGE_SET.has(this.word())) {
      if (linkage !== undefined) {
        this.errorHere('PTX203', `more than one linkage directive near ${this.nearText()}`);
      }
      linkage = this.word() as A.Linkage;
      this.advance();
    }
    if (lx.tok() === Tok.Dotted) {
      const w = this.word();
      if (w === '.entry' || w === '.func') {
        const f = this.parseFunction(start, linkage);
        if (f) items.push(f);
        return;
      }
      if (DECLARABLE_SPACES.has(w)) {
        const v = this.parseVariableDecl(start, linkage, true);
        if (v) items.push(v);
        return;
      }
    }
    this.errorHere('PTX204', `unknown or misplaced directive near ${this.nearText()}`);
    this.skipStatement();
    if (lx.tok() === Tok.RBrace) this.advance();
  }

  private afterFirstHeaderDirective(): void {
    if (this.missingVersionPending) {
      this.missingVersionPending = false;
      const lx = this.lx;
      this.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
    }
  }

  /// version := '.version' MAJOR '.' MINOR     (lexed as one float token, e.g. `8.0`)
  private parseVersion(): A.VersionDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    if (lx.tok() !== Tok.Float && lx.tok() !== Tok.Int) {
      this.errorHere('PTX205', `expected version number near ${this.nearText()}`);
      this.skipLine();
      return undefined;
    }
    const raw = lx.tokenText();
    const dot = raw.indexOf('.');
    if (dot <= 0 || dot === raw.length - 1 || /[eE]/.test(raw)) {
      this.errorHere('PTX205', `malformed version number '${raw}'`);
      this.advance();
      return undefined;
    }
    this.advance();
    return { kind: 'version', major: Number(raw.slice(0, dot)), minor: Number(raw.slice(dot + 1)), raw, span: this.span(start) };
  }

  /** Skips the rest of a directive that has no `;` (up to the next token on a later line). */
  private skipLine(): void {
    const lx = this.lx;
    const nl = this.text.indexOf('\n', this.lastEnd);
    const lineEnd = nl < 0 ? this.text.length : nl;
    while (lx.tok() !== Tok.EOF && lx.start < lineEnd && lx.tok() !== Tok.Semi) this.advance();
  }

  /// target := '.target' NAME (',' NAME)*
  private parseTarget(): A.TargetDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    const targets: { name: string; span: Span }[] = [];
    for (;;) {
      if (lx.tok() !== Tok.Ident) {
        this.errorHere('PTX206', `expected target name near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      targets.push({ name: this.word(), span: { start: lx.start, end: lx.end } });
      this.advance();
      if (!this.accept(Tok.Comma)) break;
    }
    return { kind: 'target', targets, span: this.span(start) };
  }

  /// addressSize := '.address_size' INT
  private parseAddressSize(): A.AddressSizeDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    if (lx.tok() !== Tok.Int) {
      this.errorHere('PTX207', `expected address size near ${this.nearText()}`);
      this.skipLine();
      return undefined;
    }
    const size = Number(decodeInt(this.text, lx.start, lx.end).value);
    this.advance();
    return { kind: 'address_size', size, span: this.span(start) };
  }

  /// file := '.file' INT STRING [',' expr [',' expr]]
  private parseFile(): A.FileDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    if (lx.tok() !== Tok.Int) {
      this.errorHere('PTX208', `expected file number near ${this.nearText()}`);
      this.skipLine();
      return undefined;
    }
    const index = decodeInt(this.text, lx.start, lx.end).value;
    this.advance();
    if (lx.tok() !== Tok.String) {
      this.errorHere('PTX208', `expected file name string near ${this.nearText()}`);
      this.skipLine();
      return undefined;
    }
    const path = this.text.slice(lx.start + 1, lx.end - 1);
    this.advance();
    const f: A.FileDirective = { kind: 'file', index, path, span: { start, end: 0 } };
    // Timestamp and size are plain integers (ptxas: `-1`, `1+1` are syntax errors).
    if (this.accept(Tok.Comma)) {
      if (lx.tok() !== Tok.Int) {
        this.errorHere('PTX208', `expected a timestamp integer near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      f.timestamp = this.parsePrimary();
      if (this.accept(Tok.Comma)) {
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX208', `expected a file size integer near ${this.nearText()}`);
          this.skipLine();
          return undefined;
        }
        f.size = this.parsePrimary();
      }
    }
    f.span = this.span(start);
    return f;
  }

  /// loc := '.loc' INT INT INT (',' NAME locArg*)*
  /// locArg: function_name takes one expression (label [+ offset]); others take integers.
  parseLoc(): A.LocDirective | undefined {
    this.lx.deferNumberTails = true;
    try {
      return this.parseLocDirective();
    } finally {
      this.lx.deferNumberTails = false;
    }
  }

  private parseLocDirective(): A.LocDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    const nums: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      if (lx.tok() !== Tok.Int) {
        this.errorHere('PTX209', `expected integer in .loc near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      nums.push(decodeInt(this.text, lx.start, lx.end).value);
      this.advance();
    }
    // ptxas: either nothing more, or `, function_name NAME [+ INT], inlined_at F L C` (both, in
    // this order); anything else is a syntax error where the expected word is missing.
    const attributes: { name: string; args: A.Expr[]; span: Span }[] = [];
    if (lx.tok() === Tok.Comma) {
      this.advance();
      const fStart = lx.start;
      if (lx.tok() !== Tok.Ident || !lx.is('function_name')) {
        this.errorHere('PTX209', `expected 'function_name' in .loc near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      this.advance();
      if (lx.tok() !== Tok.Ident || this.isWarpSize()) {
        this.errorHere('PTX209', `expected a label after function_name near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      const nStart = lx.start;
      const fname: A.Expr = { kind: 'name', name: this.word(), span: { start: nStart, end: lx.end } };
      this.advance();
      let fArg: A.Expr = fname;
      if (lx.tok() === Tok.Plus) {
        this.advance();
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX209', `expected an integer offset near ${this.nearText()}`);
          this.skipLine();
          return undefined;
        }
        const off = this.parsePrimary();
        fArg = { kind: 'binary', op: '+', left: fname, right: off, span: this.span(nStart) };
      }
      attributes.push({ name: 'function_name', args: [fArg], span: this.span(fStart) });
      if (lx.tok() !== Tok.Comma) {
        this.errorHere('PTX209', `expected ', inlined_at F L C' after function_name near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      this.advance();
      const iStart = lx.start;
      if (lx.tok() !== Tok.Ident || !lx.is('inlined_at')) {
        this.errorHere('PTX209', `expected 'inlined_at' in .loc near ${this.nearText()}`);
        this.skipLine();
        return undefined;
      }
      this.advance();
      const args: A.Expr[] = [];
      for (let i = 0; i < 3; i++) {
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX209', `expected integer in inlined_at near ${this.nearText()}`);
          this.skipLine();
          return undefined;
        }
        args.push(this.parsePrimary());
      }
      attributes.push({ name: 'inlined_at', args, span: this.span(iStart) });
    }
    return { kind: 'loc', file: nums[0]!, line: nums[1]!, column: nums[2]!, attributes, span: this.span(start) };
  }

  /// pragma := '.pragma' STRING (',' STRING)* ';'
  private parsePragma(): A.PragmaDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const values: A.StringLiteral[] = [];
    for (;;) {
      if (this.lx.tok() !== Tok.String) {
        this.errorHere('PTX211', `expected string after .pragma near ${this.nearText()}`);
        this.skipStatement();
        return undefined;
      }
      values.push(this.parseString());
      if (!this.accept(Tok.Comma)) break;
    }
    if (!this.expect(Tok.Semi)) {
      this.skipStatement();
      return undefined;
    }
    return { kind: 'pragma', values, span: this.span(start) };
  }

  parseString(): A.StringLiteral {
    const lx = this.lx;
    const s = lx.start;
    const closed = lx.end - s >= 2 && this.text.charCodeAt(lx.end - 1) === 34;
    const value = this.text.slice(s + 1, closed ? lx.end - 1 : lx.end);
    this.advance();
    return { kind: 'string', value, span: { start: s, end: this.lastEnd } };
  }

  /// alias := '.alias' NAME ',' NAME ';'
  private parseAlias(): A.GenericDirective | undefined {
    const lx = this.lx;
    const start = lx.start;
    this.advance();
    const args: A.Expr[] = [];
    for (let i = 0; i < 2; i++) {
      if (i === 1 && !this.expect(Tok.Comma)) {
        this.skipStatement();
        return undefined;
      }
      if (lx.tok() !== Tok.Ident || this.isWarpSize()) {
        this.errorHere('PTX201');
        this.skipStatement();
        return undefined;
      }
      args.push({ kind: 'name', name: this.word(), span: { start: lx.start, end: lx.end } });
      this.advance();
    }
    if (!this.expect(Tok.Semi)) {
      this.skipStatement();
      return undefined;
    }
    return { kind: 'directive', name: '.alias', args, span: this.span(start) };
  }

  /// genericDirective := DIRECTIVE arg (',' arg)* ';'
  private parseGenericDirective(): A.GenericDirective | undefined {
    const start = this.lx.start;
    const name = this.word();
    this.advance();
    const args: (A.Expr | A.StringLiteral)[] = [];
    const lx = this.lx;
    if (lx.tok() !== Tok.Semi) {
      for (;;) {
        args.push(lx.tok() === Tok.String ? this.parseString() : this.parseNameExpr());
        if (!this.accept(Tok.Comma)) break;
      }
    }
    if (!this.expect(Tok.Semi)) {
      this.skipStatement();
      return undefined;
    }
    return { kind: 'directive', name, args, span: this.span(start) };
  }

  /// section := '.section' DOTTED '{' (label ':' | dataType value (',' value)*)* '}'
  private parseSection(): A.SectionDirective | undefined {
    const start = this.lx.start;
    this.advance();
    const lx = this.lx;
    if (lx.tok() !== Tok.Dotted) {
      this.errorHere('PTX212', `expected section name near ${this.nearText()}`);
      this.skipStatement();
      return undefined;
    }
    const name = this.word();
    this.advance();
    if (!this.expect(Tok.LBrace)) {
      this.skipStatement();
      return undefined;
    }
    const entries: A.SectionEntry[] = [];
    this.dottedNames = true;
    this.allowNames = true;
    lx.deferNumberTails = true;
    try {
      while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
        const eStart = lx.start;
        this.quiet = false;
        if (lx.tok() === Tok.Ident && lx.peek() === Tok.Colon) {
          const label = this.word();
          this.advance();
          this.advance();
          entries.push({ kind: 'label', name: label, span: this.span(eStart) });
          continue;
        }
        if (lx.tok() === Tok.Dotted && TYPE_SET.has(this.word())) {
          const type = this.word();
          if (!SECTION_DATA_TYPES.has(type)) {
            // ptxas parses it, then rejects it ("Illegal type for dwarf data").
            this.errorHere('PTX231', `illegal type ${type} for DWARF section data (only .b8, .b16, .b32, .b64)`);
          }
          this.advance();
          const values = this.parseSectionValues();
          if (!values) {
            while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) this.advance();
            break;
          }
          entries.push({ kind: 'data', type, values, span: this.span(eStart) });
          continue;
        }
        this.errorHere('PTX213', `expected data directive or label in section near ${this.nearText()}`);
        // Skip to the closing brace of the section.
        while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) this.advance();
        break;
      }
    } finally {
      this.dottedNames = false;
      this.allowNames = false;
      lx.deferNumberTails = false;
    }
    if (!this.expect(Tok.RBrace)) return undefined;
    return { kind: 'section', name, entries: entries.slice(), span: this.span(start) };
  }

  /**
   * Section data as ptxas accepts it: a list of integers, or one symbolic value.
   *
   * sectionValues := int (',' int)* | sym ['+' INT | '-' sym]
   * int := ['-'] INT          sym := NAME | DOTTED     (`$L__tmp3`, `.debug_abbrev`, a function)
   */
  private parseSectionValues(): A.Expr[] | undefined {
    const lx = this.lx;
    const start = lx.start;
    const k = lx.tok();
    if (k === Tok.Ident || k === Tok.Dotted) {
      if (this.isWarpSize()) {
        this.errorHere('PTX201');
        return undefined;
      }
      const left: A.Expr = { kind: 'name', name: this.word(), span: { start, end: lx.end } };
      this.advance();
      if (lx.tok() === Tok.Plus) {
        this.advance();
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX201');
          return undefined;
        }
        const right = this.parsePrimary();
        return [{ kind: 'binary', op: '+', left, right, span: this.span(start) }];
      }
      if (lx.tok() === Tok.Minus) {
        this.advance();
        if ((lx.tok() !== Tok.Ident && lx.tok() !== Tok.Dotted) || this.isWarpSize()) {
          this.errorHere('PTX201');
          return undefined;
        }
        const right: A.Expr = { kind: 'name', name: this.word(), span: { start: lx.start, end: lx.end } };
        this.advance();
        return [{ kind: 'binary', op: '-', left, right, span: this.span(start) }];
      }
      return [left];
    }
    const base = this.sp;
    for (;;) {
      const s = lx.start;
      const negative = lx.tok() === Tok.Minus;
      if (negative) this.advance();
      if (lx.tok() !== Tok.Int) {
        this.errorHere('PTX201');
        this.sp = base;
        return undefined;
      }
      const lit = this.parsePrimary();
      this.scratch[this.sp++] = negative ? { kind: 'unary', op: '-', operand: lit, span: this.span(s) } : lit;
      if (!this.accept(Tok.Comma)) break;
    }
    return this.take(base) as A.Expr[];
  }

  // ------------------------------------------------------------------ functions

  /// function := linkage? ('.entry' | '.func') attribute* ['(' params ')'] NAME ['(' params ')']
  ///             functionAttribute* (';' | block)
  private parseFunction(start: number, linkage: A.Linkage | undefined, inBody = false): A.FunctionDecl | undefined {
    const lx = this.lx;
    const entry = lx.is('.entry');
    this.advance();
    const attributes: A.FunctionAttribute[] = [];
    // `.func .attribute(...) name` (attributes before the return list).
    while (lx.tok() === Tok.Dotted && lx.is('.attribute')) {
      const a = this.parseFunctionAttribute();
      if (!a) return this.abandon();
      attributes.push(a);
    }
    let returns: A.VariableDecl[] | undefined;
    if (lx.tok() === Tok.LParen && entry) {
      this.errorHere('PTX214', `an .entry has no return parameters near ${this.nearText()}`);
      return this.abandon();
    }
    if (lx.tok() === Tok.LParen) {
      returns = this.parseParamList();
      if (!returns) return this.abandon();
    }
    if (lx.tok() !== Tok.Ident) {
      this.errorHere('PTX214', `expected function name near ${this.nearText()}`);
      return this.abandon();
    }
    const nameSpan = { start: lx.start, end: lx.end };
    const name = lx.tokenText();
    this.advance();
    let params: A.VariableDecl[] | undefined;
    if (lx.tok() === Tok.LParen) {
      params = this.parseParamList();
      if (!params) return this.abandon();
    }
    while (lx.tok() === Tok.Dotted && FUNCTION_ATTRIBUTE_SET.has(this.word())) {
      const w = this.word();
      // After a `.func` header `.pragma` starts a new module-level statement (the header was a
      // `;`-less prototype); performance-tuning directives belong to entries, `.noreturn` and
      // `.abi_preserve*` to functions: ptxas reports the wrong kind as a syntax error at the word.
      if (!entry && w === '.pragma') break;
      if (entry ? FUNC_ONLY_ATTRIBUTES.has(w) : ENTRY_ONLY_ATTRIBUTES.has(w)) {
        this.errorHere('PTX343', `${w} is not allowed on ${entry ? 'an .entry' : 'a .func'}`);
        return this.abandon();
      }
      const a = this.parseFunctionAttribute();
      if (!a) return this.abandon();
      attributes.push(a);
    }
    const f: A.FunctionDecl = { kind: 'function', linkage, entry, name, nameSpan, attributes, span: { start, end: 0 } };
    if (returns) f.returns = returns;
    if (params) f.params = params;
    if (lx.tok() === Tok.Semi) {
      this.advance();
    } else if (inBody) {
      if (lx.tok() === Tok.LBrace) this.errorHere('PTX222', "function body inside a function body (missing '}'?)");
      else this.errorHere('PTX201', `expected ';' after function prototype near ${this.nearText()}`);
      return this.abandon();
    } else if (lx.tok() === Tok.LBrace) {
      f.body = lx.start < this.skipBodiesBefore ? this.skipBlock() : this.parseBlock();
    } else if (!entry && (lx.tok() === Tok.EOF || (lx.tok() === Tok.Dotted && MODULE_LEVEL_STARTERS.has(this.word())))) {
      // Old PTX (ISA 1.x/2.x) writes `.func` prototypes without a `;`; ptxas accepts them (not `.entry`).
    } else {
      this.errorHere('PTX201', `expected '{' or ';' after function header near ${this.nearText()}`);
      return this.abandon();
    }
    f.span = this.span(start);
    return f;
  }

  /** Reports nothing more; skips the rest of a broken declaration (including its body). */
  private abandon(): undefined {
    const lx = this.lx;
    // Skip up to `;` or past a balanced `{...}`.
    while (lx.tok() !== Tok.EOF && lx.tok() !== Tok.Semi && lx.tok() !== Tok.LBrace) {
      if (lx.tok() === Tok.RBrace) return undefined;
      this.advance();
    }
    if (lx.tok() === Tok.Semi) this.advance();
    else if (lx.tok() === Tok.LBrace) this.skipStatement();
    return undefined;
  }

  /// paramList := '(' [paramDecl (',' paramDecl)*] ')'
  private parseParamList(): A.VariableDecl[] | undefined {
    this.advance(); // (
    const lx = this.lx;
    const out: A.VariableDecl[] = [];
    if (lx.tok() === Tok.RParen) {
      this.advance();
      return out;
    }
    for (;;) {
      const s = lx.start;
      if (lx.tok() !== Tok.Dotted || !DECLARABLE_SPACES.has(this.word())) {
        this.errorHere('PTX215', `expected parameter declaration near ${this.nearText()}`);
        return undefined;
      }
      const d = this.parseVariableDecl(s, undefined, false);
      if (!d) return undefined;
      out.push(d);
      if (this.accept(Tok.Comma)) continue;
      if (this.accept(Tok.RParen)) return out;
      this.errorHere('PTX201', `expected ',' or ')' in parameter list near ${this.nearText()}`);
      return undefined;
    }
  }

  /// functionAttribute := DOTTED ['(' args ')'] | DOTTED arg (',' arg)*   (`.maxntid 256, 1, 1`)
  ///                     | '.pragma' STRING (',' STRING)* ';'
  private parseFunctionAttribute(): A.FunctionAttribute | undefined {
    const lx = this.lx;
    const start = lx.start;
    const name = this.word();
    this.advance();
    const args: (A.Expr | A.StringLiteral)[] = [];
    const attr: A.FunctionAttribute = { name, args, span: { start, end: 0 } };
    if (name === '.attribute' || lx.tok() === Tok.LParen) {
      const words = this.parseParenWords();
      if (!words) return undefined;
      attr.words = words;
    } else if (name === '.pragma') {
      for (;;) {
        if (lx.tok() !== Tok.String) {
          this.errorHere('PTX211', `expected string after .pragma near ${this.nearText()}`);
          return undefined;
        }
        args.push(this.parseString());
        if (!this.accept(Tok.Comma)) break;
      }
      if (!this.expect(Tok.Semi)) return undefined;
    } else {
      // ptxas's arities: `.maxntid 1-3 numbers`, `.maxnreg N`, `.noreturn` none; a missing or an
      // extra argument is a syntax error at the token where the list should have ended or begun.
      const arity = ATTRIBUTE_ARITY[name];
      const max = arity ? arity[1] : Infinity;
      const min = arity ? arity[0] : 0;
      const startsArg = (): boolean => {
        const k = lx.tok();
        return k === Tok.Int || k === Tok.String || k === Tok.Minus || k === Tok.Plus || k === Tok.LParen || k === Tok.Float;
      };
      if (min > 0 && !startsArg()) {
        this.errorHere('PTX201', `${name} needs ${min === max ? min : `${min} to ${max}`} argument${max > 1 ? 's' : ''} near ${this.nearText()}`);
        return undefined;
      }
      if (max > 0 && startsArg()) {
        for (;;) {
          args.push(lx.tok() === Tok.String ? this.parseString() : this.parseConstExpr());
          if (args.length >= max || !this.accept(Tok.Comma)) break;
        }
      }
    }
    attr.span = this.span(start);
    return attr;
  }

  /// parenWords := '(' word (',' word)* ')'   word := DOTTED ['(' expr (',' expr)* ')'] | expr
  private parseParenWords(): A.DirectiveWord[] | undefined {
    const lx = this.lx;
    if (!this.expect(Tok.LParen)) return undefined;
    const out: A.DirectiveWord[] = [];
    for (;;) {
      const s = lx.start;
      if (lx.tok() !== Tok.Dotted) {
        this.errorHere('PTX216', `expected attribute near ${this.nearText()}`);
        return undefined;
      }
      const name = this.word();
      this.advance();
      const args: A.Expr[] = [];
      if (lx.tok() === Tok.LParen) {
        this.advance();
        if (lx.tok() !== Tok.RParen) {
          for (;;) {
            args.push(this.parseExpr());
            if (!this.accept(Tok.Comma)) break;
          }
        }
        if (!this.expect(Tok.RParen)) return undefined;
      }
      out.push({ name, args, span: this.span(s) });
      if (!this.accept(Tok.Comma)) break;
    }
    if (!this.expect(Tok.RParen)) return undefined;
    return out;
  }

  // ------------------------------------------------------------------ variables

  /// variableDecl := linkage? SPACE ['[' INT ']'] varAttribute* TYPE varAttribute* declarator (',' declarator)* ';'
  /// varAttribute := '.align' INT | '.v2' | '.v4' | '.v8' | '.ptr' | '.attribute' '(' ... ')' | DOTTED
  /// In parameter lists (`withSemi` false) there is one declarator and no `;`.
  private parseVariableDecl(start: number, linkage: A.Linkage | undefined, withSemi: boolean): A.VariableDecl | undefined {
    const lx = this.lx;
    const space = this.word() as A.StateSpace;
    this.advance();
    const decl: A.VariableDecl = new VariableDeclNode(space, start);
    if (linkage) decl.linkage = linkage;
    if (lx.tok() === Tok.LBracket && space === '.const') {
      // `.const[2]`: old constant banks.
      this.advance();
      if (lx.tok() !== Tok.Int) {
        this.errorHere('PTX217', `expected constant bank number near ${this.nearText()}`);
        return this.failDecl(withSemi);
      }
      decl.bank = Number(decodeInt(this.text, lx.start, lx.end).value);
      this.advance();
      if (!this.expect(Tok.RBracket)) return this.failDecl(withSemi);
    }
    // Order as ptxas requires it: `.align N` / `.attribute(...)` (any number), then at most one
    // `.vN`, then the type, then (parameters only) `.ptr [space] [.align N]`.
    while (lx.tok() === Tok.Dotted && (lx.is('.align') || lx.is('.attribute'))) {
      const ws = lx.start;
      if (lx.is('.align')) {
        this.advance();
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX217', `expected alignment after .align near ${this.nearText()}`);
          return this.failDecl(withSemi);
        }
        if (decl.align === undefined) {
          decl.align = decodeInt(this.text, lx.start, lx.end).value;
          this.advance();
        } else {
          const lit = this.parsePrimary();
          decl.attributes.push({ name: '.align', args: [lit], span: this.span(ws) });
        }
        continue;
      }
      this.advance();
      const words = this.parseParenWords();
      if (!words) return this.failDecl(withSemi);
      decl.attributes.push({ name: '.attribute', args: [], words, span: this.span(ws) });
    }
    if (lx.tok() === Tok.Dotted && VECTOR_WIDTHS[this.word()] !== undefined) {
      decl.vector = VECTOR_WIDTHS[this.word()];
      this.advance();
    }
    if (lx.tok() === Tok.Dotted && TYPE_SET.has(this.word())) {
      decl.type = this.word();
      (decl as VariableDeclNode).setType(lx.start, lx.end);
      this.advance();
    }
    if (decl.type !== '' && space === '.param' && lx.tok() === Tok.Dotted && lx.is('.ptr')) {
      decl.attributes.push({ name: '.ptr', args: [], span: { start: lx.start, end: lx.end } });
      this.advance();
      if (lx.tok() === Tok.Dotted && PTR_SPACES.has(this.word())) {
        decl.attributes.push({ name: this.word(), args: [], span: { start: lx.start, end: lx.end } });
        this.advance();
      }
      if (lx.tok() === Tok.Dotted && lx.is('.align')) {
        const ws = lx.start;
        this.advance();
        if (lx.tok() !== Tok.Int) {
          this.errorHere('PTX217', `expected alignment after .align near ${this.nearText()}`);
          return this.failDecl(withSemi);
        }
        const lit = this.parsePrimary();
        decl.attributes.push({ name: '.align', args: [lit], span: this.span(ws) });
      }
    }
    if (decl.type !== '' && lx.tok() === Tok.Dotted) {
      // Same code as the module checker's order rule (ptxas: syntax error at this word).
      const w = this.word();
      if (VECTOR_WIDTHS[w] !== undefined) {
        this.errorHere('PTX339', `the vector width ${w} must come before the type ${decl.type}`);
        return this.failDecl(withSemi);
      }
      if (w === '.align') {
        this.errorHere('PTX339', `.align must come before the type ${decl.type}`);
        return this.failDecl(withSemi);
      }
    }
    if (decl.type === '') {
      this.errorHere('PTX218', `expected a type in declaration near ${this.nearText()}`);
      return this.failDecl(withSemi);
    }
    const base = this.sp;
    for (;;) {
      const d = this.parseDeclarator(withSemi);
      if (!d) {
        this.sp = base;
        return this.failDecl(withSemi);
      }
      this.scratch[this.sp++] = d;
      if (!withSemi || !this.accept(Tok.Comma)) break;
    }
    decl.declarators = this.take(base) as A.Declarator[];
    if (withSemi && !this.expect(Tok.Semi)) return this.failDecl(withSemi);
    decl.span = this.span(start);
    if (decl.attributes.length === 0) decl.attributes = NO_ATTRIBUTES as A.DirectiveWord[];
    return decl;
  }

  private failDecl(withSemi: boolean): undefined {
    if (withSemi) this.skipStatement();
    return undefined;
  }

  /// declarator := NAME ['<' INT '>'] ('[' [expr] ']')* ['=' initializer]
  private parseDeclarator(full = true): A.Declarator | undefined {
    const lx = this.lx;
    if (lx.tok() !== Tok.Ident && lx.tok() !== Tok.Sink) {
      this.errorHere('PTX219', `expected a name in declaration near ${this.nearText()}`);
      return undefined;
    }
    const start = lx.start;
    const d: A.Declarator = new DeclaratorNode(lx.tokenText(), start);
    this.advance();
    // Parameters (`full` false) take one array dimension at most, no `<N>` and no initializer.
    if (lx.tok() === Tok.Lt && full) {
      this.advance();
      if (lx.tok() !== Tok.Int) {
        this.errorHere('PTX219', `expected register count near ${this.nearText()}`);
        return undefined;
      }
      d.parameterizedCount = Number(decodeInt(this.text, lx.start, lx.end).value);
      this.advance();
      if (!this.expect(Tok.Gt)) return undefined;
    }
    while (lx.tok() === Tok.LBracket && (full || d.dims.length === 0)) {
      this.advance();
      if (d.dims === NO_DIMS) d.dims = [];
      if (lx.tok() === Tok.RBracket && d.dims.length === 0) {
        d.dims.push(null); // only the outermost dimension may be unsized (ptxas: error at `]`)
      } else {
        d.dims.push(this.parseConstExpr());
      }
      if (!this.expect(Tok.RBracket)) return undefined;
    }
    if (lx.tok() === Tok.Assign && full) {
      this.advance();
      const quiet = this.quiet;
      const init = this.parseInitializer();
      if (!init) return undefined;
      // ptxas checks a declaration once it has read all of it: after an error inside an
      // initializer (a value expression, a field's value) it says nothing more about it.
      if (this.quiet && !quiet) return undefined;
      d.initializer = init;
    }
    d.span = this.span(start);
    return d;
  }

  /// initValue := INT '(' initValue ')'                       mask: `0xFF00(generic(g)+4)`
  ///            | 'generic' '(' NAME ')' ['+' constExpr]
  ///            | NAME ['+' constExpr]
  ///            | constExpr
  private parseInitValue(allowMask: boolean): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    const k = lx.tok();
    if ((k === Tok.Int || (k === Tok.Ident && this.isWarpSize())) && allowMask && lx.peek() === Tok.LParen) {
      // `WARP_SZ(...)` parses too (ptxas then rejects the mask value 0x20).
      const m = this.parsePrimary();
      const mask: A.IntLiteral =
        m.kind === 'int' ? m : { kind: 'int', value: 32n, unsigned: false, raw: 'WARP_SZ', span: m.span };
      this.advance(); // (
      const operand = this.parseInitValue(false);
      if (!this.expect(Tok.RParen)) return this.errorExpr(start);
      return { kind: 'mask', mask, operand, span: this.span(start) };
    }
    if (k === Tok.Ident && !this.isWarpSize()) {
      if (lx.is('generic') && lx.peek() === Tok.LParen) {
        this.advance();
        this.advance();
        if (lx.tok() !== Tok.Ident || this.isWarpSize()) {
          this.errorHere('PTX201');
          return this.errorExpr(start);
        }
        const operand = this.parseNameWithMember();
        if (!this.expect(Tok.RParen)) return this.errorExpr(start);
        const g: A.Expr = { kind: 'generic', operand, span: this.span(start) };
        return this.parseOffsetTail(g, start);
      }
      const name = this.parseNameWithMember();
      return name.kind === 'name' ? this.parseOffsetTail(name, start) : name;
    }
    return this.parseConstExpr();
  }

  /// field := NAME '=' (NAME | constExpr)          `addr_mode_0 = clamp_to_border` (spec 5.3)
  /// ptxas reads a value name at once: one of OPAQUE_VALUE_WORDS, or "Unrecognized initial value symbol".
  private parseFieldInitializer(): A.FieldInitializer {
    const lx = this.lx;
    const start = lx.start;
    const name = lx.tokenText();
    const nameSpan = { start, end: lx.end };
    this.advance(); // name
    this.advance(); // =
    let value: A.Expr;
    if (lx.tok() === Tok.Ident && !this.isWarpSize()) {
      const word = lx.tokenText();
      if (!OPAQUE_VALUE_WORDS.has(word))
        this.errorHere('PTX445', `unknown value '${word}' for field '${name}': expected one of ${[...OPAQUE_VALUE_WORDS].join(', ')} or a constant expression`);
      value = { kind: 'name', name: word, span: { start: lx.start, end: lx.end } };
      this.advance();
    } else value = this.parseConstExpr();
    return { kind: 'field', name, nameSpan, value, span: this.span(start) };
  }

  /// initializer := '{' [initializer (',' initializer)*] '}' | field | initValue
  private parseInitializer(): A.Initializer | undefined {
    const lx = this.lx;
    if (lx.tok() !== Tok.LBrace) {
      if (lx.tok() === Tok.Ident && lx.peek() === Tok.Assign && !this.isWarpSize()) return this.parseFieldInitializer();
      return this.parseInitValue(true);
    }
    this.enter();
    const start = lx.start;
    this.advance();
    this.openBraces++;
    const base = this.sp;
    // Long lists are gathered in chunks and joined once: growing one stack to a million slots
    // would leave every smaller copy of it behind as garbage at the peak.
    let chunks: A.Initializer[][] | undefined;
    if (lx.tok() !== Tok.RBrace) {
      for (;;) {
        const e = this.parseInitializer();
        if (!e) {
          this.depth--;
          this.openBraces--;
          this.sp = base;
          this.skipInitializerList();
          return undefined;
        }
        this.scratch[this.sp++] = e;
        if (this.sp - base === INITIALIZER_CHUNK) (chunks ??= []).push(this.take(base) as A.Initializer[]);
        if (!this.accept(Tok.Comma)) break;
      }
    }
    const rest = this.take(base) as A.Initializer[];
    const elements = chunks ? chunks[0]!.concat(...chunks.slice(1), rest) : rest;
    this.depth--;
    this.openBraces--;
    if (!this.expect(Tok.RBrace)) {
      this.skipInitializerList();
      return undefined;
    }
    return { kind: 'braces', elements, span: this.span(start) };
  }

  /**
   * After an error inside an initializer list: skips past the `}` that closes it, or to a `;` or the
   * end of the file, so the rest of the declaration is not read as further statements.
   */
  private skipInitializerList(): void {
    const lx = this.lx;
    let depth = 0;
    for (;;) {
      const k = lx.tok();
      if (k === Tok.EOF || k === Tok.Semi) return;
      this.advance();
      if (k === Tok.LBrace) depth++;
      else if (k === Tok.RBrace && depth-- === 0) return;
    }
  }

  // ------------------------------------------------------------------ statements

  /// block := '{' statement* '}'
  parseBlock(): A.Block {
    const lx = this.lx;
    const start = lx.start;
    this.enter();
    this.advance(); // {
    this.openBraces++;
    const statements: A.Statement[] = [];
    while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
      const before = lx.start;
      this.parseStatement(statements);
      if (lx.start === before && lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
        this.errorHere('PTX201');
        this.advance();
      }
    }
    this.depth--;
    this.openBraces--;
    if (lx.tok() === Tok.EOF) {
      this.errorHere('PTX201', "missing '}' at end of file");
    } else this.advance();
    // An exact-size copy: a grown array keeps up to 50% spare slots for the life of the tree.
    return { kind: 'block', statements: statements.slice(), span: this.span(start) };
  }

  /// statement := NAME ':' [('.callprototype' | '.calltargets' | '.branchtargets') ...]
  ///            | block | directiveStatement | instruction | ';'
  private parseStatement(out: A.Statement[]): void {
    const lx = this.lx;
    const start = lx.start;
    this.quiet = false;
    switch (lx.tok()) {
      case Tok.Ident:
        if (lx.peek() === Tok.Colon) {
          const name = lx.tokenText();
          this.advance();
          this.advance();
          if (lx.tok() === Tok.Dotted) {
            const w = this.word();
            if (w === '.callprototype') {
              const p = this.parseCallPrototype(start, name);
              if (p) out.push(p);
              return;
            }
            if (w === '.calltargets' || w === '.branchtargets') {
              const t = this.parseTargetList(start, name, w);
              if (t) out.push(t);
              return;
            }
          }
          out.push({ kind: 'label', name, span: this.span(start) });
          return;
        }
        return this.parseInstruction(out, start);
      case Tok.At:
        return this.parseInstruction(out, start);
      case Tok.LBrace:
        out.push(this.parseBlock());
        return;
      case Tok.Dotted:
        return this.parseDirectiveStatement(out, start);
      default:
        this.errorHere('PTX201');
        this.skipStatement();
    }
  }

  /// directiveStatement := linkage* variableDecl | '.pragma' ... | '.loc' ... | '.file' ... | functionAttribute-like
  private parseDirectiveStatement(out: A.Statement[], start: number): void {
    const lx = this.lx;
    const w = this.word();
    switch (w) {
      case '.pragma': {
        const p = this.parsePragma();
        if (p) out.push(p);
        return;
      }
      case '.loc': {
        const l = this.parseLoc();
        if (l) out.push(l);
        return;
      }
      case '.alias': {
        const d = this.parseGenericDirective();
        if (d) out.push(d);
        return;
      }
    }
    let linkage: A.Linkage | undefined;
    while (lx.tok() === Tok.Dotted && LINKAGE_SET.has(this.word())) {
      linkage = this.word() as A.Linkage;
      this.advance();
    }
    if (lx.tok() === Tok.Dotted) {
      const v = this.word();
      if (DECLARABLE_SPACES.has(v)) {
        const d = this.parseVariableDecl(start, linkage, true);
        if (d) out.push(d);
        return;
      }
      if (v === '.entry') {
        // ptxas: an entry inside a body (typically a lost `}`) fails at `.entry`.
        this.errorHere('PTX222', `.entry inside a function body (missing '}'?)`);
        this.skipStatement();
        return;
      }
      if (v === '.func') {
        // A `.func` prototype is allowed in a body; a body is not (ptxas fails at its `{`).
        const f = this.parseFunction(start, linkage, true);
        if (f) out.push(f);
        return;
      }
    }
    this.errorHere('PTX204', `unknown or misplaced directive near ${this.nearText()}`);
    this.skipStatement();
  }

  /// callPrototype := NAME ':' '.callprototype' ['(' param ')'] '_' '(' params ')' functionAttribute* ';'
  private parseCallPrototype(start: number, name: string): A.CallPrototype | undefined {
    const lx = this.lx;
    this.advance();
    const p: A.CallPrototype = { kind: 'callprototype', name, attributes: [], span: { start, end: 0 } };
    if (lx.tok() === Tok.LParen) {
      const r = this.parseParamList();
      if (!r) return this.failDecl(true);
      p.returns = r;
    }
    if (lx.tok() !== Tok.Sink) {
      this.errorHere('PTX223', `expected '_' in .callprototype near ${this.nearText()}`);
      return this.failDecl(true);
    }
    this.advance();
    if (lx.tok() === Tok.LParen) {
      const r = this.parseParamList();
      if (!r) return this.failDecl(true);
      p.params = r;
    }
    while (lx.tok() === Tok.Dotted) {
      const a = this.parseFunctionAttribute();
      if (!a) return this.failDecl(true);
      p.attributes.push(a);
    }
    if (!this.expect(Tok.Semi)) return this.failDecl(true);
    p.span = this.span(start);
    return p;
  }

  /// targetList := NAME ':' ('.calltargets' | '.branchtargets') NAME (',' NAME)* ';'
  private parseTargetList(start: number, name: string, w: string): A.TargetList | undefined {
    const lx = this.lx;
    this.advance();
    const targets: A.NameRef[] = [];
    for (;;) {
      if (lx.tok() !== Tok.Ident) {
        this.errorHere('PTX224', `expected a target name near ${this.nearText()}`);
        return this.failDecl(true);
      }
      targets.push({ kind: 'name', name: lx.tokenText(), span: { start: lx.start, end: lx.end } });
      this.advance();
      if (!this.accept(Tok.Comma)) break;
    }
    if (!this.expect(Tok.Semi)) return this.failDecl(true);
    return { kind: w === '.calltargets' ? 'calltargets' : 'branchtargets', name, targets, span: this.span(start) };
  }

  /// instruction := ['@' ['!'] NAME] OPCODE MODIFIER* [operand (',' operand)*] ';'
  private parseInstruction(out: A.Statement[], start: number): void {
    const lx = this.lx;
    let guard: A.Guard | undefined;
    if (lx.tok() === Tok.At) {
      this.advance();
      let negated = false;
      if (lx.tok() === Tok.Bang) {
        negated = true;
        this.advance();
      }
      if (lx.tok() !== Tok.Ident) {
        this.errorHere('PTX225', `expected predicate after '@' near ${this.nearText()}`);
        this.skipStatement();
        return;
      }
      guard = { negated, name: lx.tokenText(), span: { start, end: lx.end } };
      this.advance();
    }
    if (lx.tok() !== Tok.Ident) {
      this.errorHere('PTX201', `expected an instruction near ${this.nearText()}`);
      this.skipStatement();
      return;
    }
    const opcode = this.word();
    const opcodeStart = lx.start;
    const opcodeEnd = lx.end;
    // ptxas parses a statement with an unknown opcode like any other and reports the opcode only
    // when the statement is otherwise well-formed (a syntax error in its operands wins).
    const known = INSTRUCTION_SET.has(opcode);
    this.advance();
    // ptxas names a bare unknown opcode (`foo %r1;`) at the line of the token after it, one with
    // modifiers (`ad.s32 ...`) at its own line.
    const nextStart = lx.start;
    const nextLen = lx.end - lx.start;
    const modifiers = this.parseModifiers();
    if (!known) {
      // A directive word is a syntax error at that word (ptxas: "Parsing error near '.reg'",
      // fatal), before any operand is read; the opcode is never named.
      let at = opcodeEnd;
      for (const m of modifiers) {
        at = nextTokenStart(this.text, at);
        if (DIRECTIVE_WORDS.has(m)) {
          this.error('PTX201', `syntax error: directive '${m}' after an instruction`, at, m.length);
          this.skipStatement();
          return;
        }
        at += m.length;
      }
    }
    const base = this.sp;
    const isCall = opcode === 'call';
    if (lx.tok() !== Tok.Semi) {
      for (let i = 0; ; i++) {
        const op = this.parseOperand(isCall, i === 0);
        if (!op) {
          this.sp = base;
          this.skipStatement();
          return;
        }
        this.scratch[this.sp++] = op;
        if (!this.accept(Tok.Comma)) break;
      }
    }
    const operands = this.take(base) as A.Operand[];
    if (lx.tok() !== Tok.Semi) {
      this.errorHere('PTX201');
      this.skipStatement();
      return;
    }
    this.advance();
    if (!known) {
      const shown = opcode.length > 60 ? opcode.slice(0, 60) + '…' : opcode;
      // (Modifiers apart from the opcode, `x` + newline + `.global %r1;`, are the next token too.)
      const line0 = this.text.lastIndexOf('\n', nextStart - 1) < opcodeStart;
      if (!line0) this.error('PTX226', `unknown instruction '${shown}'`, nextStart, nextLen);
      else this.error('PTX226', `unknown instruction '${shown}'`, opcodeStart, opcodeEnd - opcodeStart);
      return;
    }
    const ins = new InstructionNode(opcode, modifiers, operands, opcodeStart, start, this.lastEnd);
    if (guard) ins.guard = guard;
    out.push(ins);
  }

  /**
   * Instruction operands, in ptxas's grammar: identifiers may appear only in the shapes below;
   * everywhere else an expression is a constant expression (literals and WARP_SZ), and ptxas
   * reports a syntax error at the identifier or operator that breaks the shape.
   *
   * operand := '{' element (',' element)* '}'                vector
   *          | '[' address ']'
   *          | '(' [element (',' element)*] ')'              call argument lists
   *          | ('-' | '!') NAME ['.' MEMBER]                 negated register / predicate
   *          | NAME ['.' MEMBER] ['[' index ']']
   *          | NAME '+' constExpr                            var+offset
   *          | (NAME | '_') '|' (NAME | '_')                 predicate pair, first operand only
   *          | '_' | constExpr
   */
  private parseOperand(isCall: boolean, first = false): A.Operand | undefined {
    const lx = this.lx;
    const start = lx.start;
    const k = lx.tok();
    if (k === Tok.LBrace || k === Tok.LBracket || (isCall && k === Tok.LParen)) {
      const close = k === Tok.LBrace ? Tok.RBrace : k === Tok.LBracket ? Tok.RBracket : Tok.RParen;
      const kind = k === Tok.LBrace ? 'vector' : k === Tok.LBracket ? 'address' : 'list';
      this.advance();
      const isBrace = close === Tok.RBrace;
      if (isBrace) this.openBraces++;
      const base = this.sp;
      let ok = true;
      if (kind === 'address') ok = this.parseAddressElements();
      else if (!(kind === 'list' && lx.tok() === Tok.RParen)) {
        for (;;) {
          const e = this.parseElement();
          if (!e) {
            ok = false;
            break;
          }
          this.scratch[this.sp++] = e;
          if (!this.accept(Tok.Comma)) break;
        }
      }
      if (isBrace) this.openBraces--;
      if (!ok) {
        this.sp = base;
        return undefined;
      }
      const elements = this.take(base) as A.Operand[];
      if (lx.tok() !== close) {
        this.errorHere('PTX201');
        return undefined;
      }
      this.advance();
      return new OperandListNode(kind, elements, start, this.lastEnd) as A.Operand;
    }
    if ((k === Tok.Minus || k === Tok.Bang) && lx.peek() === Tok.Ident && !this.peekIsWarpSize()) {
      this.advance();
      const operand = this.parseNameWithMember();
      const expr: A.Expr = { kind: 'unary', op: k === Tok.Minus ? '-' : '!', operand, span: this.span(start) };
      return new ExprOperandNode(expr);
    }
    if ((k === Tok.Ident && !this.isWarpSize()) || (k === Tok.Sink && first)) {
      const name = k === Tok.Sink ? this.parseSinkExpr() : this.parseNameWithMember();
      if (first && lx.tok() === Tok.Pipe) {
        this.advance();
        const k2 = lx.tok();
        if (!((k2 === Tok.Ident && !this.isWarpSize()) || k2 === Tok.Sink)) {
          this.errorHere('PTX201');
          return undefined;
        }
        const right = k2 === Tok.Sink ? this.parseSinkExpr() : this.parseNameWithMember();
        const expr: A.Expr = { kind: 'binary', op: '|', left: name, right, span: this.span(start) };
        return new ExprOperandNode(expr);
      }
      if (name.kind === 'name' && lx.tok() === Tok.LBracket) {
        this.advance();
        const index = this.parseIndex();
        if (!index) return undefined;
        if (!this.expect(Tok.RBracket)) return undefined;
        return { kind: 'indexed', base: name, index, span: this.span(start) };
      }
      const expr = name.kind === 'name' ? this.parseOffsetTail(name, start) : name;
      return new ExprOperandNode(expr);
    }
    const expr = this.parseConstExpr();
    return new ExprOperandNode(expr);
  }

  /// element := '_' | NAME ['.' MEMBER] | constExpr    (vector and call-list items; ptxas: no `-name` here)
  private parseElement(): A.Operand | undefined {
    const lx = this.lx;
    const start = lx.start;
    const k = lx.tok();
    if (k === Tok.Sink) {
      const expr = this.parseSinkExpr();
      return new ExprOperandNode(expr);
    }
    void start;
    const expr = k === Tok.Ident && !this.isWarpSize() ? this.parseNameWithMember() : this.parseConstExpr();
    return new ExprOperandNode(expr);
  }

  /// address := NAME ['+' constExpr] | constExpr | NAME (',' (NAME | vector))*    (after '[')
  private parseAddressElements(): boolean {
    const lx = this.lx;
    const start = lx.start;
    if (lx.tok() !== Tok.Ident || this.isWarpSize()) {
      const expr = this.parseConstExpr();
      this.scratch[this.sp++] = new ExprOperandNode(expr);
      return true;
    }
    const name = this.parseNameWithMember();
    if (name.kind === 'name' && lx.tok() === Tok.Plus) {
      const expr = this.parseOffsetTail(name, start);
      this.scratch[this.sp++] = new ExprOperandNode(expr);
      return true;
    }
    this.scratch[this.sp++] = new ExprOperandNode(name);
    // Texture and surface forms: `[tex, {x, y}]`, `[tex, sampler, {x, y}]`.
    while (lx.tok() === Tok.Comma) {
      this.advance();
      if (lx.tok() === Tok.LBrace) {
        const v = this.parseOperand(false);
        if (!v) return false;
        this.scratch[this.sp++] = v;
      } else if (lx.tok() === Tok.Ident && !this.isWarpSize()) {
        const n = this.parseNameWithMember();
        this.scratch[this.sp++] = new ExprOperandNode(n);
      } else {
        this.errorHere('PTX201');
        return false;
      }
    }
    return true;
  }

  /// index := NAME ['+' constExpr] | constExpr      (inside `name[...]`)
  private parseIndex(): A.Operand | undefined {
    const lx = this.lx;
    const start = lx.start;
    let expr: A.Expr;
    if (lx.tok() === Tok.Ident && !this.isWarpSize()) {
      const name = this.parseNameWithMember();
      expr = name.kind === 'name' ? this.parseOffsetTail(name, start) : name;
    } else expr = this.parseConstExpr();
    return new ExprOperandNode(expr);
  }

  /// offsetTail := ['+' constExpr]     (after a plain name: `var+4`, `%rd1+-8`)
  private parseOffsetTail(base: A.Expr, start: number): A.Expr {
    const lx = this.lx;
    if (lx.tok() !== Tok.Plus) return base;
    this.advance();
    const right = this.parseConstExpr();
    return { kind: 'binary', op: '+', left: base, right, span: this.span(start) };
  }

  /// NAME ['.' MEMBER]      (the member only when written without spaces: `%tid.x`, `%r1.b0`)
  private parseNameWithMember(): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    const name = lx.tokenText();
    this.advance();
    return this.memberTail(name, start, true);
  }

  /**
   * The name just read (at `start`), with its member when one is attached (`.x` right after it):
   * `%tid.x`, `v.w`, and the video byte/half selectors `%r1.b0`, `%r2.h10`, `%r3.b3210`.
   */
  private memberTail(name: string, start: number, members: boolean): A.Expr {
    const lx = this.lx;
    const ref: A.NameRef = new NameRefNode(name, start);
    if (members && lx.tok() === Tok.Dotted && lx.start === this.lastEnd) {
      const m = this.text.slice(lx.start + 1, lx.end);
      // ptxas parses `%tid.xy` and then rejects it ("Unimplemented feature: vector swizzle").
      const swizzle = SWIZZLE.test(m);
      if (swizzle) this.errorHere('PTX233', `vector swizzle .${m} is not supported`);
      if (swizzle || MEMBER_NAMES.has(m) || VIDEO_SELECTOR.test(m)) {
        this.advance();
        return { kind: 'member', object: ref, member: m, span: this.span(start) };
      }
    }
    return ref;
  }

  private parseSinkExpr(): A.Expr {
    const start = this.lx.start;
    this.advance();
    return { kind: 'sink', span: this.span(start) };
  }

  /** Set just before parsing a `0f` literal where one is allowed. */
  private f32Ok = false;

  private isF32Literal(): boolean {
    const c = this.text.charCodeAt(this.lx.start + 1);
    return c === 102 || c === 70; // f F
  }

  isWarpSize(): boolean {
    return this.lx.is('WARP_SZ');
  }

  private peekIsWarpSize(): boolean {
    const lx = this.lx;
    return lx.peekEnd - lx.peekStart === 7 && this.text.startsWith('WARP_SZ', lx.peekStart);
  }

  /** An expression that may name labels and variables (`.loc function_name L+4`, `.alias a, b`). */
  parseNameExpr(): A.Expr {
    const saved = this.allowNames;
    this.allowNames = true;
    try {
      return this.parseExpr();
    } finally {
      this.allowNames = saved;
    }
  }

  /** A constant expression: identifiers other than WARP_SZ are errors at the identifier. */
  parseConstExpr(): A.Expr {
    const saved = this.allowNames;
    this.allowNames = false;
    try {
      return this.parseExpr();
    } finally {
      this.allowNames = saved;
    }
  }

  // ------------------------------------------------------------------ expressions

  /// expr := binary ['?' expr ':' expr]      (right-associative)
  ///
  /// A `0f` single-precision constant is an expression of its own (ptxas: it may stand alone, in
  /// parentheses or as the `?` branch) but never an operand of an operator or the `:` branch.
  parseExpr(allowF32 = true): A.Expr {
    this.enter();
    const lx = this.lx;
    const start = lx.start;
    if (allowF32 && !this.allowNames && lx.tok() === Tok.HexFloat && this.isF32Literal()) {
      this.f32Ok = true;
      const lit = this.parsePrimary();
      this.depth--;
      return lit;
    }
    const test = this.parseBinary(1);
    let result = test;
    if (lx.tok() === Tok.Question) {
      this.advance();
      const consequent = this.parseExpr(true);
      if (lx.tok() !== Tok.Colon) {
        this.errorHere('PTX227', `expected ':' in conditional expression near ${this.nearText()}`);
      } else this.advance();
      const alternate = this.parseExpr(false);
      result = { kind: 'conditional', test, consequent, alternate, span: this.span(start) };
    }
    this.depth--;
    return result;
  }

  /// binary := unary (BINOP unary)*   by precedence climbing (Table 4), left-associative
  private parseBinary(minPrec: number): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    let left = this.parseUnary();
    for (;;) {
      const prec = BINARY_PREC[lx.tok()];
      if (prec === undefined || prec < minPrec) return left;
      const op = tokenKindText(lx.tok()) as A.BinaryOp;
      this.advance();
      const right = this.parseBinary(prec + 1);
      left = { kind: 'binary', op, left, right, span: this.span(start) };
    }
  }

  /// unary := ('+' | '-' | '!' | '~' | '(.s64)' | '(.u64)')* primary
  private parseUnary(): A.Expr {
    const lx = this.lx;
    // Prefix operators are collected iteratively, so `- - - ... x` cannot overflow the stack.
    let ops: { op: string; start: number }[] | undefined;
    for (;;) {
      const k = lx.tok();
      if (k === Tok.Plus || k === Tok.Minus || k === Tok.Bang || k === Tok.Tilde) {
        (ops ??= []).push({ op: tokenKindText(k), start: lx.start });
        this.advance();
        continue;
      }
      if (k === Tok.LParen && lx.peek() === Tok.Dotted) {
        const s = lx.start;
        const t = this.text.slice(lx.peekStart, lx.peekEnd);
        if (t === '.s64' || t === '.u64') {
          this.advance();
          this.advance();
          if (!this.expect(Tok.RParen)) return this.errorExpr(s);
          (ops ??= []).push({ op: t, start: s });
          continue;
        }
        if (TYPE_SET.has(t)) {
          // ptxas parses any type cast and then rejects it ("Unsupported cast operation").
          this.advance();
          this.errorHere('PTX234', `unsupported cast (${t}): only (.s64) and (.u64) are allowed`);
          this.advance();
          if (!this.expect(Tok.RParen)) return this.errorExpr(s);
          continue;
        }
      }
      break;
    }
    let e = this.parsePrimary();
    if (ops) {
      for (let i = ops.length - 1; i >= 0; i--) {
        const o = ops[i]!;
        const span = { start: o.start, end: this.lastEnd };
        if (o.op === '.s64' || o.op === '.u64') e = { kind: 'cast', type: o.op, operand: e, span };
        else e = { kind: 'unary', op: o.op as A.UnaryOp, operand: e, span };
      }
    }
    return e;
  }

  private errorExpr(start: number): A.Expr {
    return { kind: 'name', name: '', span: { start, end: Math.max(start, this.lastEnd) } };
  }

  /// primary := INT ['(' expr ')'] | FLOAT | NAME ['.' MEMBER] | '_' | 'generic' '(' expr ')' | '(' expr ')'
  ///          | DOTTED (section data only)
  parsePrimary(): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    switch (lx.tok()) {
      case Tok.Int: {
        const plain = plainDecimalValue(this.text, lx.start, lx.end, lx.flags);
        if (plain >= 0) {
          this.advance();
          return new this.DecimalLiteral(start);
        }
        const raw = lx.tokenText();
        const d = decodeInt(this.text, lx.start, lx.end);
        if (d.overflow && !(lx.flags & TokFlag.Malformed)) {
          this.error('PTX107', `integer literal '${raw.length > 40 ? raw.slice(0, 40) + '…' : raw}' does not fit in 64 bits`, lx.start, lx.end - lx.start);
        }
        this.advance();
        const lit: A.IntLiteral = { kind: 'int', value: d.value, unsigned: d.unsigned, raw, span: { start, end: this.lastEnd } };
        if (d.overflow) lit.overflow = true;
        return lit;
      }
      case Tok.Float:
      case Tok.HexFloat: {
        if (lx.tok() === Tok.HexFloat && !this.f32Ok && !this.allowNames && this.isF32Literal()) {
          this.errorHere('PTX232', `a 0f single-precision constant cannot be an operand of a constant expression`);
        }
        this.f32Ok = false;
        const raw = lx.tokenText();
        const d = decodeFloat(this.text, lx.start, lx.end);
        if (d.form === 'decimal' && !Number.isFinite(d.value)) {
          this.error('PTX108', `floating-point literal '${raw}' overflows a double`, lx.start, lx.end - lx.start);
        }
        this.advance();
        const lit: A.FloatLiteral = { kind: 'float', form: d.form, value: d.value, raw, span: { start, end: this.lastEnd } };
        if (d.bits !== undefined) lit.bits = d.bits;
        return lit;
      }
      case Tok.Ident: {
        if (!this.allowNames && !this.isWarpSize()) {
          // ptxas: identifiers are not part of constant expressions ("Parsing error near 'x'").
          this.errorHere('PTX230', `'${this.nearText().slice(1, -1)}' is not allowed in a constant expression`);
        }
        const name = lx.tokenText();
        this.advance();
        return this.memberTail(name, start, name !== 'WARP_SZ');
      }
      case Tok.Sink:
        // `_` is an operand only as a destination (first operand, vector and list items).
        if (!this.allowNames) this.errorHere('PTX230', `'_' is not allowed in a constant expression`);
        this.advance();
        return { kind: 'sink', span: this.span(start) };
      case Tok.LParen: {
        this.advance();
        const expr = this.parseExpr();
        if (!this.expect(Tok.RParen)) return this.errorExpr(start);
        return { kind: 'paren', expr, span: this.span(start) };
      }
      case Tok.Dotted:
        if (this.dottedNames) {
          const name = this.word();
          this.advance();
          return { kind: 'name', name, span: this.span(start) };
        }
        break;
    }
    this.errorHere('PTX228', `expected an expression near ${this.nearText()}`);
    return this.errorExpr(start);
  }

  // ------------------------------------------------------------------ finishing

  /** Moves the collected diagnostics (those at or after `from`) into the bag, applying ptxas's whole-file rules. */
  flush(source: MappedText, diags: DiagnosticBag, from = 0): void {
    const lx = this.lx;
    let list = this.pending;
    // ptxas reads the file as a C string and checks it for non-ASCII bytes before parsing: a NUL
    // ("Unexpected EOF") or a non-ASCII character, whichever comes first, is the only error.
    const nul = lx.nulOffset;
    const nonAscii = lx.nonAsciiOffset;
    if (nonAscii >= 0 && (nul < 0 || nonAscii < nul)) {
      list = [{ code: 'PTX105', message: 'non-ASCII character in source', offset: nonAscii, length: 1 }];
    } else if (nul >= 0) {
      list = [{ code: 'PTX106', message: 'NUL character in source (ptxas: unexpected end of file)', offset: nul, length: 1 }];
    }
    for (const d of list) {
      if (d.offset < from) continue;
      diags.add({ severity: 'error', code: d.code, message: d.message, location: source.locate(d.offset, d.length) });
    }
  }
}

/** Receives each module item as soon as it is parsed, in source order. */
export type ModuleItemSink = (item: A.ModuleItem) => void;

/** Where parsed module items go: the module's own list, or a sink. */
export interface ItemList {
  push(item: A.ModuleItem): unknown;
}

/**
 * Parses one PTX module. Never throws on bad input; diagnostics go to `diags`. With a `sink`, each
 * module item goes to it as soon as it is parsed and the returned module's `items` stays empty:
 * a caller that checks items one by one then never holds the whole tree.
 */
export function parseModule(source: MappedText, diags: DiagnosticBag, sink?: ModuleItemSink): A.Module {
  const p = new Parser(source.text);
  const m = p.parseModule(source, sink);
  p.flush(source, diags);
  return m;
}

/** Parses a standalone constant expression (for `gpuasm eval`). */
export function parseExpressionText(text: string): { expr?: A.Expr; diagnostics: Diagnostic[] } {
  const source = unmapped(new SourceFile('<expr>', text));
  const bag = new DiagnosticBag();
  const p = new Parser(text);
  let expr: A.Expr | undefined;
  try {
    expr = p.parseNameExpr();
    if (p.lx.tok() !== Tok.EOF) p.errorHere('PTX229', `unexpected ${p.nearText()} after expression`);
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    expr = undefined;
  }
  p.flush(source, bag);
  return bag.hasErrors() ? { expr, diagnostics: bag.items } : { expr, diagnostics: bag.items };
}
