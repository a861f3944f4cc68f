/**
 * The PTX parser's cursor: the state of one parse over the lexer (the current token, the pending
 * diagnostics, the nesting depth) and the small moves every construct is written with: advance,
 * accept, expect, report an error (once per statement, where ptxas reports it) and recover by
 * skipping to the end of the statement. The grammar is free functions over a cursor, one file per
 * construct (module.ts, directives.ts, functions.ts, declarations.ts, instructions.ts,
 * operands.ts, expressions.ts); parser.ts is the entry.
 */
import { DiagnosticBag } from '../../core/diagnostics.js';
import type { MappedText, Span } from '../../core/source.js';
import { tokenExcerpt } from '../../core/source.js';
import { Lexer } from '../lex/lexer.js';
import { Tok, TokFlag, tokenKindText } from '../lex/tokens.js';
import { INSTRUCTION_SET, STATE_SPACE_SET } from '../data/keywords.js';
import { DecimalLiteral, decimalLiteralClass } from './nodes.js';
import { PTX_DIAGNOSTICS, type PtxCode } from '../diagnostics.js';
import { Spelling } from './spelling.js';

/** Nesting bound for parentheses, ternaries, braces and blocks. */
export const MAX_DEPTH = 1000;

export interface PendingDiag {
  code: PtxCode;
  message: string;
  offset: number;
  length: number;
}

/** Thrown internally only to unwind from a too-deep nesting; always caught in parser.ts. */
export class TooDeep {}

/** State spaces a declaration may start with: ptxas rejects `.sreg` declarations as a syntax error. */
export const DECLARABLE_SPACES = new Set([...STATE_SPACE_SET].filter((s) => s !== '.sreg'));

/** A node of the modifier-list trie: the list ending here, and the longer ones by next word. */
export interface ModifierTrieNode {
  next: Map<string, ModifierTrieNode>;
  list: readonly string[] | undefined;
}

/** A node of the spelling trie (an opcode, then its words in order): the spelling ending here, and the longer ones by next word. */
export interface SpellingTrieNode {
  next: Map<string, SpellingTrieNode>;
  spelling: Spelling | undefined;
  /** At an opcode's node, whether the opcode is an instruction keyword (looked up once per opcode); false below (one shape for all nodes). */
  readonly known: boolean;
  /**
   * The word last looked up in `next`, and its node: asked first. An instruction's next word is
   * mostly the one the node's last instruction had (80% of the lookups on the distinct file), and
   * an identity compare costs a tenth of the `Map` lookup (the words are interned: one string per
   * spelling of a word in a parse).
   */
  lastWord: string | undefined;
  lastNext: SpellingTrieNode | undefined;
}

/** One parse's state and moves (see the file comment); the grammar's functions take it as `p`. */
export class Cursor {
  readonly lx: Lexer;
  readonly text: string;
  readonly pending: PendingDiag[] = [];
  /** Current nesting of parentheses, brackets, braces and blocks (bounded by MAX_DEPTH). */
  depth = 0;
  /** `{` consumed and not yet closed by the structured parser (for recovery after TooDeep). */
  openBraces = 0;
  /** Dotted words are names inside `.section` data (`.b32 .debug_abbrev`). */
  dottedNames = false;
  /** Identifiers are allowed in expressions (section data, `.loc`, `.alias`, `gpuasm eval`). */
  allowNames = false;
  /** The current statement has reported its error; further ones would be consequences. */
  quiet = false;
  /** Plain decimal literals of this text. */
  readonly DecimalLiteral: new (start: number) => DecimalLiteral;
  /**
   * The offsets of the plain decimal literals read so far by the innermost brace list that holds
   * nothing else (see parseInitializer): a stack from `literalTop` down, grown by doubling.
   */
  literalStarts = new Int32Array(256);
  literalTop = 0;

  /** `latin1`: the bytes `text` was decoded from as latin1, when the caller has them (see Lexer). */
  constructor(text: string, latin1?: Uint8Array) {
    this.text = text;
    this.DecimalLiteral = decimalLiteralClass(text);
    this.lx = new Lexer(text, (code, message, offset, length) => this.pending.push({ code, message, offset, length }), latin1);
  }

  // ------------------------------------------------------------------ helpers

  error(code: PtxCode, message: string, offset: number, length: number): void {
    if (this.quiet) return;
    this.quiet = true;
    this.pending.push({ code, message, offset, length });
  }

  /** Error at the current token, in ptxas's words where it has them. */
  errorHere(code: PtxCode, message?: string): void {
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
  scratch: unknown[] = [];
  sp = 0;

  /**
   * A new, empty `scratch` for a function body (when nothing is on it). The stack outlives many
   * bodies and is moved to the old generation, where every store of a new operand node into it
   * took the write barrier's slow path (a remembered-set insertion per operand); one made with the
   * body is as young as the nodes stored into it.
   */
  renewScratch(): void {
    if (this.sp === 0) this.scratch = [];
  }

  take(base: number): unknown[] {
    const s = this.scratch;
    const sp = this.sp;
    this.sp = base;
    // Lists of one to four items (most operand lists) as literals: allocated inline by optimized
    // code, where `slice` is a call into the engine per list.
    switch (sp - base) {
      case 1:
        return [s[base]];
      case 2:
        return [s[base], s[base + 1]];
      case 3:
        return [s[base], s[base + 1], s[base + 2]];
      case 4:
        return [s[base], s[base + 1], s[base + 2], s[base + 3]];
      default:
        return s.slice(base, sp);
    }
  }

  /**
   * Modifier lists shared between instructions with the same modifiers (read-only by convention,
   * not frozen: V8 11's optimized code reads a frozen array's elements through the generic keyed
   * load, and the instruction layer reads every list's words; docs/benchmarks.md, session 12),
   * found through a trie keyed by the interned words (no key string to build or hash per instruction).
   */
  readonly modifierTrie: ModifierTrieNode = { next: new Map(), list: undefined };
  static readonly NO_MODIFIERS: readonly string[] = Object.freeze([]);

  /**
   * The spellings of this parse by opcode and words: one record per distinct spelling, carried on
   * its instructions (see parse/spelling.ts).
   */
  private readonly spellingTrie = new Map<string, SpellingTrieNode>();

  /** The spelling trie's node of an opcode (interned): made on its first use. */
  opcodeNode(opcode: string): SpellingTrieNode {
    let node = this.spellingTrie.get(opcode);
    if (node === undefined) {
      node = { next: new Map(), spelling: undefined, known: INSTRUCTION_SET.has(opcode), lastWord: undefined, lastNext: undefined };
      this.spellingTrie.set(opcode, node);
    }
    return node;
  }

  /**
   * An instruction's modifiers after its opcode (`root`, from opcodeNode; the opcode already read),
   * as the record of the spelling; its list is the shared one of the words (see modifierTrie).
   *
   * modifiers := DOTTED*      (`.global.v4.f32` -> ['.global', '.v4', '.f32'])
   */
  parseSpelling(root: SpellingTrieNode): Spelling {
    const lx = this.lx;
    let node: SpellingTrieNode = root;
    const base = this.sp;
    while (lx.tok() === Tok.Dotted) {
      const word = this.word();
      this.scratch[this.sp++] = word;
      let next: SpellingTrieNode | undefined = node.lastNext;
      if (node.lastWord !== word) {
        next = node.next.get(word);
        if (next === undefined) {
          next = { next: new Map(), spelling: undefined, known: false, lastWord: undefined, lastNext: undefined };
          node.next.set(word, next);
        }
        node.lastWord = word;
        node.lastNext = next;
      }
      node = next!;
      this.advance();
    }
    const s = (node.spelling ??= new Spelling(this.sharedList(base)));
    this.sp = base;
    return s;
  }

  /** The shared list (see modifierTrie) of the words in `scratch` from `base` on: once per spelling. */
  private sharedList(base: number): string[] {
    if (base === this.sp) return Cursor.NO_MODIFIERS as string[];
    let node = this.modifierTrie;
    for (let i = base; i < this.sp; i++) {
      const word = this.scratch[i] as string;
      let next = node.next.get(word);
      if (next === undefined) {
        next = { next: new Map(), list: undefined };
        node.next.set(word, next);
      }
      node = next;
    }
    return (node.list ??= this.scratch.slice(base, this.sp) as string[]) as string[];
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

  /**
   * Function bodies that start before this offset are skipped by brace matching, not parsed (a
   * parallel check reads the first part of a module only for its module-level declarations).
   */
  skipBodiesBefore = -1;
  /**
   * Asked at the start of each module item (between items, nothing pending): an offset after it
   * skips the text up to there unread (the incremental check of speed/session.ts replays an
   * unchanged item instead); -1 parses it.
   */
  skipItem: ((start: number) => number) | undefined = undefined;
  needTarget = false;
  missingVersionPending = false;

  /** Set just before parsing a `0f` literal where one is allowed. */
  f32Ok = false;

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
      diags.add({ severity: PTX_DIAGNOSTICS[d.code].severity, code: d.code, message: d.message, location: source.locate(d.offset, d.length) });
    }
  }
}
