/**
 * PTX lexer: a cursor over the text. The current token is `kind` / `start` / `end` (+ `flags`);
 * values are decoded lazily by the parser (`decodeInt`, `decodeFloat`). One token of lookahead.
 * Hand-written switch over char codes; no regex and no per-token allocation.
 */
import { Tok, TokFlag } from './tokens.js';
import { U64_MASK } from '../../core/int64.js';
import { bitsToF64, bitsToF32 } from '../../core/float.js';
import { workMeter } from '../../core/work.js';
import { withEndMark } from '../../core/end-mark.js';
import { operatorTables, singleTokenTable } from '../../core/token-tables.js';
import type { PtxCode } from '../diagnostics.js';
import { canonicalWord } from '../data/words.js';

/** Receives lexical errors: a stable code, a message, and the offending range. */
export type LexDiagnosticSink = (code: PtxCode, message: string, offset: number, length: number) => void;

// Character codes.
const C_TAB = 9;
const C_LF = 10;
const C_FF = 12;
const C_CR = 13;
const C_SPACE = 32;
const C_BANG = 33;
const C_DQUOTE = 34;
const C_HASH = 35;
const C_DOLLAR = 36;
const C_PERCENT = 37;
const C_AMP = 38;
const C_LPAREN = 40;
const C_RPAREN = 41;
const C_STAR = 42;
const C_PLUS = 43;
const C_COMMA = 44;
const C_MINUS = 45;
const C_DOT = 46;
const C_SLASH = 47;
const C_0 = 48;
const C_1 = 49;
const C_7 = 55;
const C_9 = 57;
const C_COLON = 58;
const C_SEMI = 59;
const C_LT = 60;
const C_EQ = 61;
const C_GT = 62;
const C_QUESTION = 63;
const C_AT = 64;
const C_UPPER_B = 66;
const C_UPPER_D = 68;
const C_UPPER_E = 69;
const C_UPPER_F = 70;
const C_UPPER_U = 85;
const C_UPPER_X = 88;
const C_LBRACKET = 91;
const C_BACKSLASH = 92;
const C_RBRACKET = 93;
const C_CARET = 94;
const C_UNDERSCORE = 95;
const C_LOWER_B = 98;
const C_LOWER_D = 100;
const C_LOWER_E = 101;
const C_LOWER_F = 102;
const C_LOWER_X = 120;
const C_LBRACE = 123;
const C_PIPE = 124;
const C_RBRACE = 125;
const C_TILDE = 126;

// Character classes (bit flags), indexed by UTF-16 code unit.
const CL_LETTER = 1; // [a-zA-Z]
const CL_FOLLOW = 2; // [a-zA-Z0-9_$]
const CL_DIGIT = 4; // [0-9]
const CL_HEX = 8; // [0-9a-fA-F]
const CL_SPACE = 16; // space, tab, CR, LF, FF (not VT: ptxas rejects it)

const CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  let k = 0;
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const digit = c >= C_0 && c <= C_9;
  if (letter) k |= CL_LETTER | CL_FOLLOW;
  if (digit) k |= CL_DIGIT | CL_FOLLOW | CL_HEX;
  if (c === C_UNDERSCORE || c === C_DOLLAR) k |= CL_FOLLOW;
  if ((c >= 65 && c <= 70) || (c >= 97 && c <= 102)) k |= CL_HEX;
  if (c === C_SPACE || c === C_TAB || c === C_LF || c === C_CR || c === C_FF) k |= CL_SPACE;
  CLASS[c] = k;
}

/** One-character tokens and operators of one or two characters, by table (src/core/token-tables.ts). */
const SINGLE_TOKEN = singleTokenTable([
  [C_LPAREN, Tok.LParen], [C_RPAREN, Tok.RParen], [C_LBRACKET, Tok.LBracket], [C_RBRACKET, Tok.RBracket],
  [C_LBRACE, Tok.LBrace], [C_RBRACE, Tok.RBrace], [C_COMMA, Tok.Comma], [C_SEMI, Tok.Semi], [C_AT, Tok.At],
  [C_PLUS, Tok.Plus], [C_MINUS, Tok.Minus], [C_STAR, Tok.Star], [C_SLASH, Tok.Slash], [C_CARET, Tok.Caret],
  [C_TILDE, Tok.Tilde], [C_QUESTION, Tok.Question],
]);
const { row: OPERATOR_ROW, alone: OPERATOR_ALONE, pair: OPERATOR_PAIR } = operatorTables([
  [C_COLON, Tok.Colon, [[C_COLON, Tok.ColonColon]]],
  [C_EQ, Tok.Assign, [[C_EQ, Tok.EqEq]]],
  [C_LT, Tok.Lt, [[C_LT, Tok.Shl], [C_EQ, Tok.Le]]],
  [C_GT, Tok.Gt, [[C_GT, Tok.Shr], [C_EQ, Tok.Ge]]],
  [C_BANG, Tok.Bang, [[C_EQ, Tok.NotEq]]],
  [C_AMP, Tok.Amp, [[C_AMP, Tok.AndAnd]]],
  [C_PIPE, Tok.Pipe, [[C_PIPE, Tok.OrOr]]],
]);

/** FNV-1a (32 bits): the intern table's hash, computed by the scanner as it reads a word. */
export const FNV_BASIS = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** Words up to this length are interned. */
const INTERN_MAX = 48;

/** Slots of the intern table for a text of `length` characters: a power of two, 32K or more. */
function internTableSize(length: number): number {
  let size = 1 << 15;
  while (size < length / 128 && size < 1 << 24) size *= 2;
  return size;
}

/** Copies ASCII text into a byte array in one native pass (see Lexer.bytes). */
const ASCII_ENCODER = new TextEncoder();

export class Lexer {
  readonly text: string;
  /**
   * The text's code units as bytes, those above 127 as 128 (the scanner treats them all alike), plus
   * a 0 after the end: the hot loops read a typed array instead of the string. `exactBytes`: the
   * text is ASCII, so equal bytes mean equal characters (the intern table's compare relies on it).
   */
  private readonly bytes: Uint8Array;
  private readonly exactBytes: boolean;
  /** The same bytes, for the intern table's compare of four at a time. */
  private readonly view: DataView;
  private readonly len: number;
  private readonly report: LexDiagnosticSink;
  /** Set by the parser where a name may follow a number (section data, `.loc`): see scanNumber. */
  deferNumberTails = false;
  /** Scan position (just after the current token, or after the lookahead when one is buffered). */
  private pos = 0;

  /** Current token. */
  kind: Tok = Tok.EOF;
  start = 0;
  end = 0;
  flags: TokFlag = TokFlag.None;
  /** FNV-1a hash of a word token's text (identifier or dotted), computed while scanning it. */
  private hash = 0;

  // One buffered lookahead token (valid when hasPeek).
  private hasPeek = false;
  private peekKindV: Tok = Tok.EOF;
  private peekStartV = 0;
  private peekEndV = 0;
  private peekFlagsV: TokFlag = TokFlag.None;
  private peekHashV = 0;

  /** Kind and end of the token scanned last (for the `.2d` adjacency rule). */
  private lastKind: Tok = Tok.EOF;
  private lastEnd = -1;

  /**
   * Where lines start (entry 0: line 1), recorded as the scan passes each newline: a diagnostic's
   * line then needs no second pass over the text (see lineTable).
   */
  private lineStarts: Int32Array;
  private lineCount = 1;
  /** False once text was passed over without scanning it (skipBraces): the table has holes. */
  private linesWhole = true;

  /** Offset of the first non-ASCII character seen, or -1 (ptxas rejects the whole file for it). */
  nonAsciiOffset = -1;
  /** Offset of a NUL character, which ends the input as ptxas does; -1 when none. */
  nulOffset = -1;

  /**
   * `latin1`: the bytes `text` was decoded from as latin1 (one byte per character), when the caller
   * has them. Read in place of a copy when they sit alone in a buffer one byte longer whose last
   * byte is 0 (core/end-mark.ts): the scanner needs that 0 after the end. Latin1 bytes compare
   * exactly as the characters do, and the scanner treats every byte above 127 as it treats 128.
   */
  constructor(text: string, report: LexDiagnosticSink, latin1?: Uint8Array) {
    this.text = text;
    this.len = text.length;
    // Sized for compiler output's lines (about 30 characters on the distinct-code benchmark), so
    // that a large module's table is made once: growing copies it, and the old and new tables
    // are both held for a moment near the end of the scan, when memory peaks.
    this.lineStarts = new Int32Array(Math.max(1024, Math.ceil(text.length / 24)));
    this.internTable = new Array(internTableSize(text.length));
    this.internSlots = new Int32Array(2 * this.internTable.length);
    this.report = report;
    const own = latin1 !== undefined ? withEndMark(latin1, text.length) : undefined;
    if (own !== undefined) {
      this.bytes = own;
      this.view = new DataView(own.buffer, own.byteOffset, own.byteLength);
      this.exactBytes = true;
      this.next();
      return;
    }
    const bytes = new Uint8Array(text.length + 1);
    // One native pass for ASCII text (the UTF-8 encoding is then the text itself).
    const r = ASCII_ENCODER.encodeInto(text, bytes);
    this.exactBytes = r.read === text.length && r.written === text.length;
    if (!this.exactBytes) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        bytes[i] = c < 128 ? c : 128;
      }
      bytes[text.length] = 0;
    }
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.next();
  }

  /** Advances to the next token and returns its kind. */
  next(): Tok {
    if (this.hasPeek) {
      this.hasPeek = false;
      this.kind = this.peekKindV;
      this.start = this.peekStartV;
      this.end = this.peekEndV;
      this.flags = this.peekFlagsV;
      this.hash = this.peekHashV;
      return this.kind;
    }
    this.scan();
    this.kind = this.lastKind;
    this.start = this.scanStart;
    this.end = this.lastEnd;
    this.flags = this.scanFlags;
    this.hash = this.scanHash;
    return this.kind;
  }

  /** Kind of the current token (a call, so TypeScript does not narrow it across `next()`). */
  tok(): Tok {
    return this.kind;
  }

  /** Kind of the token after the current one (scanned once and buffered). */
  peek(): Tok {
    if (!this.hasPeek) {
      this.scan();
      this.hasPeek = true;
      this.peekKindV = this.lastKind;
      this.peekStartV = this.scanStart;
      this.peekEndV = this.lastEnd;
      this.peekFlagsV = this.scanFlags;
      this.peekHashV = this.scanHash;
    }
    return this.peekKindV;
  }
  get peekStart(): number {
    this.peek();
    return this.peekStartV;
  }
  get peekEnd(): number {
    this.peek();
    return this.peekEndV;
  }

  /** Text of the current token, interned when short (repeated names and modifiers share one string). */
  tokenText(): string {
    if (this.end - this.start > INTERN_MAX) return this.text.slice(this.start, this.end);
    // Words were hashed as they were scanned: interning them reads their characters only to compare.
    const k = this.kind;
    return k === Tok.Ident || k === Tok.Dotted ? this.internHashed(this.start, this.end, this.hash) : this.intern(this.start, this.end);
  }

  // Open-addressing string table keyed by the characters of text[start, end): interning needs no
  // slice when the word was seen before, which keeps the parser nearly allocation-free per token.
  // Each slot also keeps the word's hash and where in the text it was first seen: a probe compares
  // hashes, and a match is confirmed against the text itself (one string, one kind of read).
  // Sized from the text's length for a compiler-generated module's distinct words (about one per
  // 230 bytes on the distinct-code benchmark), so that a large module does not grow it (growing
  // rehashes every word). `internSlots` holds each slot's hash and first offset side by side: a
  // probe reads one place.
  private internTable: (string | undefined)[];
  private internSlots: Int32Array;
  private internCount = 0;

  /** The string text[start, end), shared with earlier equal words. */
  intern(start: number, end: number): string {
    const text = this.text;
    let h = FNV_BASIS;
    for (let p = start; p < end; p++) h = Math.imul(h ^ text.charCodeAt(p), FNV_PRIME);
    return this.internHashed(start, end, h);
  }

  /**
   * `intern` with the FNV-1a hash `h` of text[start, end) already known. A candidate of the same
   * hash and length is compared four bytes at a time (a DataView's 32-bit reads, unaligned; the
   * last four overlapping the ones before: most words are 4-7 characters, two reads), written out
   * here rather than called (the CLI's inlining budget would leave a call per word).
   */
  private internHashed(start: number, end: number, h: number): string {
    const table = this.internTable;
    const slots = this.internSlots;
    const mask = table.length - 1;
    const n = end - start;
    const last = n - 4;
    // (The probe steps at the top of the loop, so that its increment runs on every call.)
    let i = (h & mask) - 1;
    for (;;) {
      i = (i + 1) & mask;
      const cand = table[i];
      if (cand === undefined) return this.internNew(start, end, h, i);
      if (slots[2 * i] !== h || cand.length !== n) continue;
      const at = slots[2 * i + 1]!;
      if (last >= 0 && this.exactBytes) {
        const view = this.view;
        let j = 0;
        while (j < last && view.getInt32(at + j) === view.getInt32(start + j)) j += 4;
        if (j < last || view.getInt32(at + last) !== view.getInt32(start + last)) continue;
      } else if (!this.sameChars(at, start, n)) continue;
      // The next compare reads this copy: it is the likeliest to still be in the CPU's cache.
      slots[2 * i + 1] = start;
      return cand;
    }
  }

  /** Whether the `n` characters at `at` and at `start` are the same (short words, or a text that is not ASCII). */
  private sameChars(at: number, start: number, n: number): boolean {
    if (this.exactBytes) {
      const bytes = this.bytes;
      for (let j = 0; j < n; j++) if (bytes[at + j] !== bytes[start + j]) return false;
      return true;
    }
    const text = this.text;
    for (let j = 0; j < n; j++) if (text.charCodeAt(at + j) !== text.charCodeAt(start + j)) return false;
    return true;
  }

  /** A word not in the table: its string goes into the empty slot `i` the probe ended at. */
  private internNew(start: number, end: number, h: number, i: number): string {
    const table = this.internTable;
    const slots = this.internSlots;
    // (Once per distinct word: a keyword's string is the tables' own, compared by identity.)
    const s = canonicalWord(this.text.slice(start, end));
    table[i] = s;
    slots[2 * i] = h;
    slots[2 * i + 1] = start;
    if (++this.internCount * 2 > table.length) this.growInternTable();
    return s;
  }

  private growInternTable(): void {
    const old = this.internTable;
    const oldSlots = this.internSlots;
    const size = old.length * 2;
    const table: (string | undefined)[] = new Array(size);
    const slots = new Int32Array(2 * size);
    const mask = size - 1;
    for (let k = 0; k < old.length; k++) {
      if (old[k] === undefined) continue;
      let i = oldSlots[2 * k]! & mask;
      while (table[i] !== undefined) i = (i + 1) & mask;
      table[i] = old[k];
      slots[2 * i] = oldSlots[2 * k]!;
      slots[2 * i + 1] = oldSlots[2 * k + 1]!;
    }
    this.internTable = table;
    this.internSlots = slots;
  }

  /**
   * With the current token a `{`: moves past its matching `}` without making tokens, so the current
   * token is the one after it; returns the offset just after the `}` (the text's length when
   * unmatched). Comments and strings are stepped over. It jumps between the next `{`, `}`, `/` and
   * `"` found by indexOf (the engine's fast search), so a body costs little more than a copy.
   * For skimming function bodies (parallel.ts verifies the result); reports nothing.
   */
  private readonly skimNext = [-1, -1, -1, -1];

  skipBraces(): number {
    const text = this.text;
    const len = this.len;
    this.linesWhole = false;
    const find = (c: string, from: number): number => {
      const at = text.indexOf(c, from);
      return at < 0 ? len : at;
    };
    let pos = this.start + 1;
    let depth = 1;
    // The next of each character found by an earlier call is still good when not passed: skims go
    // forward, so each search runs over the text once (a character the text lacks is not looked
    // for again in every body).
    const seen = this.skimNext;
    let open = seen[0]! >= pos ? seen[0]! : find('{', pos);
    let close = seen[1]! >= pos ? seen[1]! : find('}', pos);
    let slash = seen[2]! >= pos ? seen[2]! : find('/', pos);
    let quote = seen[3]! >= pos ? seen[3]! : find('"', pos);
    for (;;) {
      const next = Math.min(open, close, slash, quote);
      if (next >= len) {
        pos = len;
        break;
      }
      if (next === close) {
        pos = close + 1;
        if (--depth === 0) break;
        close = find('}', pos);
        continue;
      }
      if (next === open) {
        depth++;
        pos = open + 1;
        open = find('{', pos);
        continue;
      }
      if (next === slash) {
        const d = text.charCodeAt(slash + 1);
        if (d === C_SLASH) pos = find('\n', slash + 2);
        else if (d === C_STAR) pos = Math.min(len, find('*/', slash + 2) + 2);
        else pos = slash + 1;
      } else {
        pos = quote + 1;
        while (pos < len) {
          const e = text.charCodeAt(pos);
          if (e === C_DQUOTE) {
            pos++;
            break;
          }
          if (e === C_LF) break;
          pos += e === C_BACKSLASH ? 2 : 1;
        }
      }
      // A comment or string may hide the next of each: look again past it.
      if (open < pos) open = find('{', pos);
      if (close < pos) close = find('}', pos);
      if (slash < pos) slash = find('/', pos);
      if (quote < pos) quote = find('"', pos);
    }
    if (pos > len) pos = len;
    seen[0] = open;
    seen[1] = close;
    seen[2] = slash;
    seen[3] = quote;
    this.hasPeek = false;
    this.pos = pos;
    this.lastKind = Tok.RBrace;
    this.next();
    return pos;
  }

  /**
   * Moves to `offset`, where the caller knows a token starts after a `}` (the end of a module item
   * the incremental check replays without reading it, speed/session.ts), and reads the token there.
   */
  skipTo(offset: number): void {
    this.linesWhole = false;
    this.hasPeek = false;
    this.pos = Math.min(offset, this.len);
    this.lastKind = Tok.RBrace;
    this.next();
  }

  /** Records the newline at `pos`. */
  private newline(pos: number): void {
    if (this.lineCount === this.lineStarts.length) {
      const grown = new Int32Array(this.lineCount + (this.lineCount >> 1));
      grown.set(this.lineStarts);
      this.lineStarts = grown;
    }
    this.lineStarts[this.lineCount++] = pos + 1;
  }

  /**
   * Where each line of the text starts, when the scan has read all of it (at the end, with no
   * part passed over), else undefined.
   */
  lineTable(): Int32Array | undefined {
    if (!this.linesWhole || this.pos < this.len) return undefined;
    return this.lineStarts.subarray(0, this.lineCount);
  }

  /** True when the current token is exactly `word` (compared without slicing). */
  is(word: string): boolean {
    const n = word.length;
    if (this.end - this.start !== n) return false;
    return this.text.startsWith(word, this.start);
  }

  /** Whether there is whitespace or a comment between the current token and the next. */
  nextIsAdjacent(): boolean {
    return this.peekStart === this.end;
  }

  // ------------------------------------------------------------------ scanning

  private scanStart = 0;
  private scanFlags: TokFlag = TokFlag.None;
  private scanHash = 0;

  private finish(kind: Tok, end: number): void {
    this.lastKind = kind;
    this.lastEnd = end;
    this.pos = end;
  }

  /** Skips whitespace, comments and leftover `#` lines; leaves `pos` at a token start or the end. */
  private skipTrivia(): void {
    const text = this.text;
    const bytes = this.bytes;
    const len = this.len;
    let pos = this.pos;
    let atLineStart = pos === 0 || this.lastKind === Tok.EOF;
    // (No bound test: at the end, the 0 after the text is none of the cases below.)
    for (;;) {
      const c = bytes[pos]!;
      if (c === C_LF) {
        this.newline(pos);
        atLineStart = true;
        pos++;
      } else if (c === C_SPACE || c === C_TAB || c === C_CR || c === C_FF) {
        // (vertical tab is not whitespace for ptxas: it is a syntax error)
        pos++;
      } else if (c === C_SLASH) {
        const d = bytes[pos + 1]!;
        if (d === C_SLASH) {
          pos += 2;
          while (pos < len) {
            const e = bytes[pos]!;
            if (e === C_LF) break;
            if (e >= 128 || e === 0) this.oddChar(pos, e);
            pos++;
          }
        } else if (d === C_STAR) {
          const open = pos;
          pos += 2;
          let closed = false;
          while (pos < len) {
            const e = text.charCodeAt(pos);
            if (e === C_STAR && text.charCodeAt(pos + 1) === C_SLASH) {
              pos += 2;
              closed = true;
              break;
            }
            if (e === C_LF) this.newline(pos);
            else if (e >= 128 || e === 0) this.oddChar(pos, e);
            pos++;
          }
          if (!closed) {
            // ptxas reports an unterminated comment at the line where it starts.
            this.report('PTX104', 'unterminated /* comment', open, 2);
          }
        } else break;
      } else if (c === C_HASH && atLineStart) {
        // A preprocessor line that reached the parser (`#line`, `# 5 "f"`, or preprocessing off):
        // line mapping is the preprocessor's job; here the line is skipped.
        while (pos < len) {
          const e = text.charCodeAt(pos);
          if (e === C_LF) break;
          if (e >= 128 || e === 0) this.oddChar(pos, e);
          pos++;
        }
      } else break;
    }
    this.pos = pos;
  }

  /** Non-ASCII characters and NUL anywhere (comments included) are errors in ptxas. */
  private oddChar(pos: number, c: number): void {
    if (c === 0) {
      if (this.nulOffset < 0) this.nulOffset = pos;
    } else if (this.nonAsciiOffset < 0) {
      this.nonAsciiOffset = pos;
    }
  }

  private scan(): void {
    workMeter.steps++;
    this.skipTrivia();
    const text = this.text;
    const len = this.len;
    let pos = this.pos;
    this.scanStart = pos;
    this.scanFlags = TokFlag.None;
    if (pos >= len) return this.finish(Tok.EOF, len);
    // (Code units above 127 read as 128: all of them take the non-ASCII path below.)
    const bytes = this.bytes;
    const c = bytes[pos]!;
    const cls = CLASS[c]!;
    if (cls & CL_LETTER) return this.finish(Tok.Ident, this.scanWordRest(pos + 1, Math.imul(FNV_BASIS ^ c, FNV_PRIME)));
    if (cls & CL_DIGIT) return this.scanNumber(pos);
    const single = SINGLE_TOKEN[c]!;
    if (single !== 0) return this.finish(single, pos + 1);
    // (`bytes[pos + 1]` is in bounds: at most the end mark.)
    const row = OPERATOR_ROW[c]!;
    if (row !== 0) {
      const pair = OPERATOR_PAIR[(row << 8) | bytes[pos + 1]!]!;
      return pair !== 0 ? this.finish(pair, pos + 2) : this.finish(OPERATOR_ALONE[row]!, pos + 1);
    }
    switch (c) {
      case C_UNDERSCORE:
      case C_DOLLAR:
      case C_PERCENT: {
        const p = this.scanWordRest(pos + 1, Math.imul(FNV_BASIS ^ c, FNV_PRIME));
        if (p > pos + 1) return this.finish(Tok.Ident, p);
        if (c === C_UNDERSCORE) return this.finish(Tok.Sink, p);
        if (c === C_PERCENT) return this.finish(Tok.Percent, p);
        this.report('PTX101', "unexpected character '$'", pos, 1);
        return this.finish(Tok.Invalid, p);
      }
      case C_DOT: {
        const d = bytes[pos + 1]!;
        const dcls = CLASS[d]!;
        // `.2d` right after a word (`tex.2d`, `.tensor.3d`) is a modifier, elsewhere `.5` is a number.
        const afterWord = (this.lastKind === Tok.Ident || this.lastKind === Tok.Dotted) && this.lastEnd === pos;
        if (dcls & CL_DIGIT && !afterWord) return this.scanNumber(pos);
        if (dcls & CL_FOLLOW) return this.finish(Tok.Dotted, this.scanDottedRest(pos + 1));
        this.report('PTX101', "unexpected character '.'", pos, 1);
        return this.finish(Tok.Invalid, pos + 1);
      }
      case C_DQUOTE:
        return this.scanString(pos);
      case 0:
        // ptxas stops reading at NUL ("Unexpected EOF"): the rest of the input is ignored.
        this.oddChar(pos, 0);
        this.report('PTX106', 'NUL character in source (input ends here)', pos, 1);
        return this.finish(Tok.EOF, len);
    }
    if (c >= 128) {
      this.oddChar(pos, c);
      this.report('PTX105', 'non-ASCII character in source', pos, 1);
      // Swallow a whole run so one bad word gives one error.
      let p = pos + 1;
      while (p < len && text.charCodeAt(p) >= 128) p++;
      return this.finish(Tok.Invalid, p);
    }
    this.report('PTX101', `unexpected character '${String.fromCharCode(c)}'`, pos, 1);
    return this.finish(Tok.Invalid, pos + 1);
  }

  /**
   * The rest of a word from `pos`: `[a-zA-Z0-9_$]*`. `h` is the hash of what came before; the word's
   * hash goes to scanHash. Returns the word's end.
   */
  private scanWordRest(pos: number, h: number): number {
    const bytes = this.bytes;
    // (No bound test: the 0 after the text ends every word.)
    for (;;) {
      const d = bytes[pos]!;
      if (!(CLASS[d]! & CL_FOLLOW)) break;
      h = Math.imul(h ^ d, FNV_PRIME);
      pos++;
    }
    this.scanHash = h;
    return pos;
  }

  /** After `.` (at `pos`): `[a-zA-Z0-9_$]+` segments joined by `::`. Sets scanHash (dot included). */
  private scanDottedRest(pos: number): number {
    pos = this.scanWordRest(pos, Math.imul(FNV_BASIS ^ C_DOT, FNV_PRIME));
    const bytes = this.bytes;
    while (pos + 2 < this.len && bytes[pos] === C_COLON && bytes[pos + 1] === C_COLON && CLASS[bytes[pos + 2]!]! & CL_FOLLOW)
      pos = this.scanWordRest(pos + 2, Math.imul(Math.imul(this.scanHash ^ C_COLON, FNV_PRIME) ^ C_COLON, FNV_PRIME));
    return pos;
  }

  private scanString(start: number): void {
    const text = this.text;
    const len = this.len;
    let pos = start + 1;
    // As ptxas: a string runs to the next `"`, across lines, with no escapes (`"a\"` is a string).
    while (pos < len) {
      const c = text.charCodeAt(pos);
      if (c === C_DQUOTE) return this.finish(Tok.String, pos + 1);
      if (c === C_LF) this.newline(pos);
      else if (c >= 128 || c === 0) this.oddChar(pos, c);
      pos++;
    }
    this.report('PTX103', 'unterminated string literal', start, 1);
    this.scanFlags = TokFlag.Malformed;
    return this.finish(Tok.String, Math.min(pos, len));
  }

  /** Numbers: `0x..`, `0b..`, `0..` (octal), decimal, floats, `0f` + 8 / `0d` + 16 hex digits; `U`. */
  private scanNumber(start: number): void {
    const bytes = this.bytes;
    const len = this.len;
    let pos = start;
    let kind = Tok.Int;
    let bad = false;
    /** The text past the number ptxas reads starts with a letter (`3u`, `0x`, `0x1g`). */
    let letterTail = false;
    let what = 'integer';
    const c0 = bytes[pos]!;
    const c1 = bytes[pos + 1]!;
    if (c0 === C_0 && (c1 === C_LOWER_X || c1 === C_UPPER_X)) {
      pos += 2;
      const digits = pos;
      while (pos < len && CLASS[bytes[pos]!]! & CL_HEX) pos++;
      if (pos === digits) bad = letterTail = true; // ptxas: `0` and the name `x...`
      if (bytes[pos]! === C_UPPER_U) pos++;
      what = 'hexadecimal integer';
    } else if (c0 === C_0 && (c1 === C_LOWER_B || c1 === C_UPPER_B)) {
      pos += 2;
      const digits = pos;
      while (pos < len && (bytes[pos]! === C_0 || bytes[pos]! === C_1)) pos++;
      if (pos === digits) bad = letterTail = true;
      if (bytes[pos]! === C_UPPER_U) pos++;
      what = 'binary integer';
    } else if (c0 === C_0 && (c1 === C_LOWER_F || c1 === C_UPPER_F || c1 === C_LOWER_D || c1 === C_UPPER_D)) {
      pos += 2;
      const digits = pos;
      while (pos < len && CLASS[bytes[pos]!]! & CL_HEX) pos++;
      const want = c1 === C_LOWER_F || c1 === C_UPPER_F ? 8 : 16;
      kind = Tok.HexFloat;
      what = want === 8 ? '0f single-precision constant' : '0d double-precision constant';
      if (pos - digits !== want) {
        this.scanFlags = TokFlag.Malformed;
        // Swallow any trailing word characters too, then report once.
        while (pos < len && CLASS[bytes[pos]!]! & CL_FOLLOW) pos++;
        // ptxas reads `0` then the name `f...` (see the deferral below).
        const at = this.deferNumberTails ? nextTokenStart(this.text, pos) : start;
        this.report('PTX102', `${what} needs exactly ${want} hexadecimal digits`, at, at === start ? pos - start : 1);
        return this.finish(kind, pos);
      }
    } else {
      // Decimal or octal integer, or a decimal float.
      while (pos < len && CLASS[bytes[pos]!]! & CL_DIGIT) pos++;
      let isFloat = false;
      if (bytes[pos]! === C_DOT) {
        isFloat = true;
        pos++;
        while (pos < len && CLASS[bytes[pos]!]! & CL_DIGIT) pos++;
      }
      const e = bytes[pos]!;
      if (e === C_LOWER_E || e === C_UPPER_E) {
        let p = pos + 1;
        const s = bytes[p]!;
        if (s === C_PLUS || s === C_MINUS) p++;
        if (CLASS[bytes[p]!]! & CL_DIGIT) {
          while (p < len && CLASS[bytes[p]!]! & CL_DIGIT) p++;
          pos = p;
          isFloat = true;
        }
      }
      if (isFloat) {
        kind = Tok.Float;
        what = 'floating-point constant';
      } else {
        if (c0 === C_0 && pos - start > 1) {
          // Octal: every digit must be 0-7.
          for (let p = start + 1; p < pos; p++) if (bytes[p]! > C_7) bad = true;
          what = 'octal integer';
        } else what = 'decimal integer';
        if (bytes[pos]! === C_UPPER_U) pos++;
      }
    }
    // Letters, digits, `_` or `$` glued to a number make it malformed (e.g. `12u`, `0x1g`).
    if (pos < len && CLASS[bytes[pos]!]! & CL_FOLLOW) {
      if (!bad) letterTail = (CLASS[bytes[pos]!]! & CL_LETTER) !== 0;
      bad = true;
      while (pos < len && CLASS[bytes[pos]!]! & CL_FOLLOW) pos++;
    }
    if (bad) {
      const text = this.text;
      this.scanFlags = TokFlag.Malformed;
      // ptxas reads `3u` as `3` then the name `u`; where a name may follow (section data, .loc)
      // its parse fails only at the token after that name, maybe on a later line. (`08`, `0b02`:
      // a digit follows the number ptxas reads, and it fails right there.)
      const at = this.deferNumberTails && letterTail && kind === Tok.Int ? nextTokenStart(text, pos) : start;
      this.report('PTX102', `malformed ${what} '${text.slice(start, Math.min(pos, start + 40))}'`, at, at === start ? pos - start : 1);
    }
    return this.finish(kind, pos);
  }
}

// ------------------------------------------------------------------ literal decoding

export interface DecodedInt {
  /** Magnitude wrapped to 64 bits. */
  value: bigint;
  unsigned: boolean;
  overflow: boolean;
}

const TWO63 = 1n << 63n;
/** Shared BigInts for small literals (BigInts are immutable, so sharing is safe). */
const SMALL_BIGINTS: bigint[] = [];
for (let i = 0; i < 4096; i++) SMALL_BIGINTS.push(BigInt(i));

/** Value of an integer literal token `text[start, end)` (well-formed or not: bad digits give 0). */
export function decodeInt(text: string, start: number, end: number): DecodedInt {
  let hasU = text.charCodeAt(end - 1) === C_UPPER_U;
  const last = hasU ? end - 1 : end;
  let value: bigint;
  const c1 = text.charCodeAt(start + 1);
  if (last - start <= 15 && text.charCodeAt(start) !== C_0) {
    // Fast path: short decimal fits a double exactly.
    let n = 0;
    for (let p = start; p < last; p++) {
      const d = text.charCodeAt(p) - C_0;
      if (d < 0 || d > 9) return { value: 0n, unsigned: hasU, overflow: false };
      n = n * 10 + d;
    }
    return { value: n < SMALL_BIGINTS.length ? SMALL_BIGINTS[n]! : BigInt(n), unsigned: hasU, overflow: false };
  }
  try {
    if (text.charCodeAt(start) === C_0 && last - start > 1) {
      if (c1 === C_LOWER_X || c1 === C_UPPER_X) value = BigInt('0x' + text.slice(start + 2, last));
      else if (c1 === C_LOWER_B || c1 === C_UPPER_B) value = BigInt('0b' + text.slice(start + 2, last));
      else value = BigInt('0o' + text.slice(start + 1, last));
    } else value = BigInt(text.slice(start, last));
  } catch {
    return { value: 0n, unsigned: hasU, overflow: false };
  }
  let overflow = false;
  if (value > U64_MASK) {
    overflow = true;
    value &= U64_MASK;
  }
  if (value >= TWO63) hasU = true;
  return { value, unsigned: hasU, overflow };
}

export interface DecodedFloat {
  form: 'decimal' | 'f32' | 'f64';
  value: number;
  bits?: bigint;
}

/** Value of a Float or HexFloat token. */
export function decodeFloat(text: string, start: number, end: number): DecodedFloat {
  const c1 = text.charCodeAt(start + 1);
  if (text.charCodeAt(start) === C_0 && (c1 === C_LOWER_F || c1 === C_UPPER_F || c1 === C_LOWER_D || c1 === C_UPPER_D)) {
    const hexDigits = text.slice(start + 2, end);
    let bits = 0n;
    try {
      bits = hexDigits.length ? BigInt('0x' + hexDigits) : 0n;
    } catch {
      bits = 0n;
    }
    if (c1 === C_LOWER_F || c1 === C_UPPER_F) {
      bits = BigInt.asUintN(32, bits);
      return { form: 'f32', value: bitsToF32(Number(bits)), bits };
    }
    bits = BigInt.asUintN(64, bits);
    return { form: 'f64', value: bitsToF64(bits), bits };
  }
  return { form: 'decimal', value: Number(text.slice(start, end)) };
}

// ------------------------------------------------------------------ whole-text tokenizing

/** All tokens of a text in parallel arrays (for tools and tests; the parser uses the cursor). */
export interface TokenStream {
  count: number;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  flags: Uint8Array;
}

/** Tokenizes the whole text; errors go to `diags`. */
export function tokenize(text: string, diags: LexDiagnosticSink): TokenStream {
  let cap = 1024;
  let kinds = new Uint8Array(cap);
  let starts = new Int32Array(cap);
  let ends = new Int32Array(cap);
  let flags = new Uint8Array(cap);
  let count = 0;
  const lx = new Lexer(text, diags);
  for (;;) {
    if (count === cap) {
      cap *= 2;
      const k = new Uint8Array(cap);
      k.set(kinds);
      kinds = k;
      const s = new Int32Array(cap);
      s.set(starts);
      starts = s;
      const e = new Int32Array(cap);
      e.set(ends);
      ends = e;
      const f = new Uint8Array(cap);
      f.set(flags);
      flags = f;
    }
    kinds[count] = lx.kind;
    starts[count] = lx.start;
    ends[count] = lx.end;
    flags[count] = lx.flags;
    count++;
    if (lx.kind === Tok.EOF) break;
    lx.next();
  }
  return { count, kinds, starts, ends, flags };
}

/**
 * Start of the next token at or after `pos` in `text`: whitespace and comments skipped (an
 * unterminated block comment runs to the end). For diagnostics that name the token after a place.
 */
export function nextTokenStart(text: string, pos: number): number {
  const len = text.length;
  while (pos < len) {
    const c = text.charCodeAt(pos);
    if (CLASS[c]! & CL_SPACE) pos++;
    else if (c === C_SLASH && text.charCodeAt(pos + 1) === C_SLASH) {
      const nl = text.indexOf('\n', pos);
      pos = nl < 0 ? len : nl + 1;
    } else if (c === C_SLASH && text.charCodeAt(pos + 1) === C_STAR) {
      const end = text.indexOf('*/', pos + 2);
      pos = end < 0 ? len : end + 2;
    } else break;
  }
  return pos;
}
