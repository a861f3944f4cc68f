/**
 * AMDGPU assembly lexer: the token rules of llvm-mc's AsmLexer as configured for the amdgcn
 * target (comment string ";", `//` and `/* *\/` comments, `#` line comments at statement start,
 * `@`, `$`, `?` allowed inside identifiers, GNU integer forms, optional MASM integer suffixes).
 *
 * One token at a time into fields (no token objects): the parser reads `kind`, `start`, `end`.
 * Offsets only; line/column are computed on demand by the caller's SourceFile.
 */
import { workMeter } from '../../core/work.js';
import { withEndMark } from '../../core/end-mark.js';
import { operatorTables, singleTokenTable } from '../../core/token-tables.js';

/** Token kinds: small numbers. */
export const enum Tok {
  Eof = 0,
  /** Newline, `\r\n`, or a line comment up to and including its newline. */
  EndOfStatement = 1,
  Identifier = 2,
  /** An integer literal; value via `intValue()`. May exceed 64 bits (checked by the parser). */
  Integer = 3,
  /** A floating-point literal (decimal or hex); value via `realValue()`. */
  Real = 4,
  /** A double-quoted string, quotes included in the span. */
  String = 5,
  /** A lexical error; message in `errorMessage`. */
  Error = 6,
  Dot = 7,
  Colon = 8,
  Plus = 9,
  Minus = 10,
  Tilde = 11,
  LParen = 12,
  RParen = 13,
  LBrac = 14,
  RBrac = 15,
  LCurly = 16,
  RCurly = 17,
  Star = 18,
  Comma = 19,
  Dollar = 20,
  At = 21,
  Hash = 22,
  Question = 23,
  BackSlash = 24,
  Equal = 25,
  EqualEqual = 26,
  MinusGreater = 27,
  Pipe = 28,
  PipePipe = 29,
  Caret = 30,
  Amp = 31,
  AmpAmp = 32,
  Exclaim = 33,
  ExclaimEqual = 34,
  Percent = 35,
  Slash = 36,
  Less = 37,
  LessLess = 38,
  LessEqual = 39,
  LessGreater = 40,
  Greater = 41,
  GreaterGreater = 42,
  GreaterEqual = 43,
}
export type TokKind = Tok;

const TOK_NAMES: readonly string[] = ['Eof', 'EndOfStatement', 'Identifier', 'Integer', 'Real', 'String', 'Error', 'Dot', 'Colon', 'Plus', 'Minus', 'Tilde', 'LParen', 'RParen', 'LBrac', 'RBrac', 'LCurly', 'RCurly', 'Star', 'Comma', 'Dollar', 'At', 'Hash', 'Question', 'BackSlash', 'Equal', 'EqualEqual', 'MinusGreater', 'Pipe', 'PipePipe', 'Caret', 'Amp', 'AmpAmp', 'Exclaim', 'ExclaimEqual', 'Percent', 'Slash', 'Less', 'LessLess', 'LessEqual', 'LessGreater', 'Greater', 'GreaterGreater', 'GreaterEqual'];
export function tokName(kind: number): string {
  return TOK_NAMES[kind] ?? `tok${kind}`;
}

/** Character codes (a const enum: inlined as literals, so switches compile to jump tables). */
const enum Ch {
  TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  BANG = 33,
  DQUOTE = 34,
  HASH = 35,
  DOLLAR = 36,
  PERCENT = 37,
  AMP = 38,
  SQUOTE = 39,
  LPAREN = 40,
  RPAREN = 41,
  STAR = 42,
  PLUS = 43,
  COMMA = 44,
  MINUS = 45,
  DOT = 46,
  SLASH = 47,
  D0 = 48,
  D1 = 49,
  D7 = 55,
  D9 = 57,
  COLON = 58,
  SEMI = 59,
  LT = 60,
  EQ = 61,
  GT = 62,
  QUESTION = 63,
  AT = 64,
  A = 65,
  B = 66,
  D = 68,
  E = 69,
  F = 70,
  H = 72,
  L = 76,
  O = 79,
  P = 80,
  Q = 81,
  T = 84,
  U = 85,
  X = 88,
  Y = 89,
  Z = 90,
  LBRAC = 91,
  BACKSLASH = 92,
  RBRAC = 93,
  CARET = 94,
  UNDERSCORE = 95,
  a = 97,
  b = 98,
  d = 100,
  e = 101,
  f = 102,
  h = 104,
  l = 108,
  n = 110,
  o = 111,
  p = 112,
  q = 113,
  r = 114,
  t = 116,
  u = 117,
  x = 120,
  y = 121,
  z = 122,
  LCURLY = 123,
  PIPE = 124,
  RCURLY = 125,
  TILDE = 126,
}

export function isDigitCode(c: number): boolean {
  return c >= Ch.D0 && c <= Ch.D9;
}
export function isHexDigitCode(c: number): boolean {
  return (c >= Ch.D0 && c <= Ch.D9) || (c >= Ch.a && c <= Ch.f) || (c >= Ch.A && c <= Ch.F);
}
/**
 * 1 for identifier characters (alnum `_ $ . ? @`), by code below 128: one load per character.
 * (256 entries, 0 from 128 on: the byte copy's 128, non-ASCII, is read in bounds.)
 */
const IDENT_CHAR = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 128; c++) {
    if ((c >= Ch.a && c <= Ch.z) || (c >= Ch.A && c <= Ch.Z) || (c >= Ch.D0 && c <= Ch.D9) || c === Ch.UNDERSCORE || c === Ch.DOLLAR || c === Ch.DOT || c === Ch.QUESTION || c === Ch.AT) t[c] = 1;
  }
  return t;
})();

/**
 * 1 for characters that start an identifier on next()'s fast path: letters, `_`, `$`. (`.` also
 * starts one, but may be a float `.5` or the Dot token: lexIdentifier decides.)
 */
const IDENT_START = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 128; c++) {
    if ((c >= Ch.a && c <= Ch.z) || (c >= Ch.A && c <= Ch.Z) || c === Ch.UNDERSCORE || c === Ch.DOLLAR) t[c] = 1;
  }
  return t;
})();

/**
 * One-character tokens and operators of one or two characters (`-`, `->`, `<`, `<<`, `<=`, `<>`,
 * ...), by table (src/core/token-tables.ts). `#` at the start of a statement is a comment, found
 * before SINGLE_TOKEN is read.
 */
const SINGLE_TOKEN = singleTokenTable([
  [Ch.COLON, Tok.Colon], [Ch.PLUS, Tok.Plus], [Ch.TILDE, Tok.Tilde], [Ch.LPAREN, Tok.LParen], [Ch.RPAREN, Tok.RParen],
  [Ch.LBRAC, Tok.LBrac], [Ch.RBRAC, Tok.RBrac], [Ch.LCURLY, Tok.LCurly], [Ch.RCURLY, Tok.RCurly], [Ch.STAR, Tok.Star],
  [Ch.AT, Tok.At], [Ch.HASH, Tok.Hash], [Ch.QUESTION, Tok.Question], [Ch.BACKSLASH, Tok.BackSlash], [Ch.CARET, Tok.Caret],
  [Ch.PERCENT, Tok.Percent],
]);
const { row: OPERATOR_ROW, alone: OPERATOR_ALONE, pair: OPERATOR_PAIR } = operatorTables([
  [Ch.EQ, Tok.Equal, [[Ch.EQ, Tok.EqualEqual]]],
  [Ch.MINUS, Tok.Minus, [[Ch.GT, Tok.MinusGreater]]],
  [Ch.PIPE, Tok.Pipe, [[Ch.PIPE, Tok.PipePipe]]],
  [Ch.AMP, Tok.Amp, [[Ch.AMP, Tok.AmpAmp]]],
  [Ch.BANG, Tok.Exclaim, [[Ch.EQ, Tok.ExclaimEqual]]],
  [Ch.LT, Tok.Less, [[Ch.LT, Tok.LessLess], [Ch.EQ, Tok.LessEqual], [Ch.GT, Tok.LessGreater]]],
  [Ch.GT, Tok.Greater, [[Ch.GT, Tok.GreaterGreater], [Ch.EQ, Tok.GreaterEqual]]],
]);

export function isIdentCharCode(c: number): boolean {
  return c >= 0 && c < 128 && IDENT_CHAR[c] === 1;
}
function hexVal(c: number): number {
  if (c >= Ch.D0 && c <= Ch.D9) return c - Ch.D0;
  if (c >= Ch.a && c <= Ch.f) return c - Ch.a + 10;
  if (c >= Ch.A && c <= Ch.F) return c - Ch.A + 10;
  return 99;
}

/** Copies ASCII text into a byte array in one native pass (see bytesOf). */
const ASCII_ENCODER = new TextEncoder();
/**
 * The last long text lexed and its bytes (the caller's, or a copy): the lexers made at offsets
 * in one file (the checks' expressions, `.type`, symbol values) share them.
 */
let cachedText: string | undefined;
let cachedBytes: Uint8Array | undefined;
/** Texts at least this long keep their bytes in the cache (shorter ones are copied again: cheap). */
const CACHE_MIN_LENGTH = 256;

/**
 * The bytes a lexer of `text` scans, with an end mark (a 0 after the text's end; core/end-mark.ts):
 * the caller's `latin1` bytes of the text when they have one (one copy of a large file less in
 * memory, and no pass over it: latin1 bytes above 127 are read as the copy's 128, which no rule
 * tells apart), else the text's code units, those above 127 as 128, plus a 0. The hot loops read
 * this typed array instead of the string.
 */
function bytesOf(text: string, latin1: Uint8Array | undefined): Uint8Array {
  const given = latin1 !== undefined ? withEndMark(latin1, text.length) : undefined;
  if (given === undefined && text === cachedText) return cachedBytes!;
  const n = text.length;
  let bytes = given;
  if (bytes === undefined) {
    bytes = new Uint8Array(n + 1);
    // One native pass for ASCII text (the UTF-8 encoding is then the text itself).
    const r = ASCII_ENCODER.encodeInto(text, bytes);
    if (r.read !== n || r.written !== n) {
      for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        bytes[i] = c < 128 ? c : 128;
      }
      bytes[n] = 0;
    }
  }
  if (n >= CACHE_MIN_LENGTH) {
    cachedText = text;
    cachedBytes = bytes;
  }
  return bytes;
}

export interface LexerOptions {
  /** llvm-mc --masm-integers: `0ffh`, `101y`, `17o`, `10t` suffix forms; `0b101` no longer binary. */
  masmIntegers?: boolean;
}

/** Saved lexer position for lookahead. */
export interface LexerState {
  pos: number;
  kind: number;
  start: number;
  end: number;
  atStatementStart: boolean;
  spaceBefore: boolean;
  radix: number;
  digitsStart: number;
  digitsEnd: number;
  errorMessage: string | undefined;
}

export class Lexer {
  /** Current token. */
  kind: number = Tok.Eof;
  start = 0;
  end = 0;
  /** Whitespace (or a block comment) separated this token from the previous one. */
  spaceBefore = false;
  /** For Integer tokens: radix and the digit range (prefix and suffixes excluded). */
  radix = 10;
  digitsStart = 0;
  digitsEnd = 0;
  /** For Error tokens. */
  errorMessage: string | undefined;

  private pos: number;
  private atStatementStart = true;
  private readonly len: number;
  /** The text as bytes with an end mark (see bytesOf): `bytes[len]` is 0. */
  private readonly bytes: Uint8Array;
  private readonly masm: boolean;
  /** The text has a CR not followed by LF (then comments end at CR too, scanned by hand). */
  private readonly loneCR: boolean;

  /**
   * `latin1`: the bytes `text` was decoded from as latin1, when the caller has them with an end
   * mark (core/end-mark.ts; the CLI reads files so): scanned in place of a copy. Others are not used.
   */
  constructor(
    readonly text: string,
    options: LexerOptions = {},
    startOffset = 0,
    latin1?: Uint8Array,
  ) {
    this.pos = startOffset;
    this.len = text.length;
    this.bytes = bytesOf(text, latin1);
    // (Known before the first comment: a call first made from optimized code would deoptimize it.)
    this.loneCR = hasLoneCR(text);
    this.masm = options.masmIntegers ?? false;
  }

  /** Current scan offset (just after the current token). */
  get offset(): number {
    return this.pos;
  }

  save(): LexerState {
    return {
      pos: this.pos,
      kind: this.kind,
      start: this.start,
      end: this.end,
      atStatementStart: this.atStatementStart,
      spaceBefore: this.spaceBefore,
      radix: this.radix,
      digitsStart: this.digitsStart,
      digitsEnd: this.digitsEnd,
      errorMessage: this.errorMessage,
    };
  }

  restore(s: LexerState): void {
    this.pos = s.pos;
    this.kind = s.kind;
    this.start = s.start;
    this.end = s.end;
    this.atStatementStart = s.atStatementStart;
    this.spaceBefore = s.spaceBefore;
    this.radix = s.radix;
    this.digitsStart = s.digitsStart;
    this.digitsEnd = s.digitsEnd;
    this.errorMessage = s.errorMessage;
  }

  /** Kind of the token after the current one, without moving (no allocation). */
  peek(): number {
    const pos = this.pos, kind = this.kind, start = this.start, end = this.end, ats = this.atStatementStart, sp = this.spaceBefore;
    const radix = this.radix, ds = this.digitsStart, de = this.digitsEnd, em = this.errorMessage;
    const k = this.next();
    this.pos = pos;
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.atStatementStart = ats;
    this.spaceBefore = sp;
    this.radix = radix;
    this.digitsStart = ds;
    this.digitsEnd = de;
    this.errorMessage = em;
    return k;
  }

  /** Kind of the current token (a call, so TypeScript does not narrow it across `next()`). */
  cur(): number {
    return this.kind;
  }

  /** Text of the current token. */
  tokenText(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Code of the character at `i`, or -1 past the end. */
  private ch(i: number): number {
    return i < this.len ? this.bytes[i]! : -1;
  }

  /** Advances to the next token and returns its kind. */
  next(): number {
    workMeter.steps++;
    const text = this.text;
    const bytes = this.bytes;
    const len = this.len;
    let p = this.pos;
    let space = false;
    let c = p < len ? bytes[p]! : -1;
    // Skip blanks and block comments; a block comment does not end the statement.
    for (;;) {
      if (c === Ch.SPACE || c === Ch.TAB || c === 0) {
        space = true;
        c = ++p < len ? bytes[p]! : -1;
        continue;
      }
      if (c === Ch.SLASH && p + 1 < len && bytes[p + 1] === Ch.STAR) {
        const close = text.indexOf('*/', p + 2);
        if (close < 0) {
          this.spaceBefore = space;
          this.pos = len;
          return this.err(p, len, 'unterminated comment');
        }
        p = close + 2;
        space = true;
        this.atStatementStart = false;
        c = p < len ? bytes[p]! : -1;
        continue;
      }
      break;
    }
    this.spaceBefore = space;
    this.start = p;
    // Identifiers first: the most common token (mnemonics, registers, names). `.` followed by
    // a digit (a float) and a lone `.` (Dot) take lexIdentifier's slow path.
    if (c >= 0 && IDENT_START[c] === 1) {
      this.atStatementStart = false;
      const q = this.identEnd(p + 1);
      this.end = q;
      this.pos = q;
      return (this.kind = Tok.Identifier);
    }
    if (c === Ch.COMMA) {
      this.atStatementStart = false;
      this.end = p + 1;
      this.pos = p + 1;
      return (this.kind = Tok.Comma);
    }
    if (c < 0) {
      this.pos = p;
      this.end = p;
      if (!this.atStatementStart) {
        this.atStatementStart = true;
        return (this.kind = Tok.EndOfStatement);
      }
      return (this.kind = Tok.Eof);
    }
    // Line comments: `;` anywhere, `//` anywhere, `#` at the start of a statement.
    if (c === Ch.SEMI || (c === Ch.SLASH && this.ch(p + 1) === Ch.SLASH) || (c === Ch.HASH && this.atStatementStart)) {
      let q: number;
      if (!this.loneCR) {
        // No lone CR in the file: the comment ends at the next LF (native search).
        const nl = text.indexOf('\n', p + 1);
        q = nl < 0 ? len : nl + 1;
      } else {
        q = p + 1;
        while (q < len) {
          const d = text.charCodeAt(q);
          if (d === Ch.LF) {
            q++;
            break;
          }
          if (d === Ch.CR) {
            q++;
            if (q < len && text.charCodeAt(q) === Ch.LF) q++;
            break;
          }
          q++;
        }
      }
      this.pos = q;
      this.end = q;
      this.atStatementStart = true;
      return (this.kind = Tok.EndOfStatement);
    }
    if (c === Ch.LF) {
      // The end of a line: the commonest token after names and commas, before the tables.
      this.atStatementStart = true;
      this.end = p + 1;
      this.pos = p + 1;
      return (this.kind = Tok.EndOfStatement);
    }
    // One-character tokens through one path: a character first met late in the file does not
    // reach a case the optimized code has never run (each such case cost a deoptimization and
    // another compile of this function).
    const single = SINGLE_TOKEN[c]!;
    if (single !== 0) {
      this.atStatementStart = false;
      this.end = p + 1;
      this.pos = p + 1;
      return (this.kind = single);
    }
    // Operators of one or two characters (`-`, `->`, `<`, `<<`, `<=`, `<>`, ...), by table, for
    // the same reason. (`bytes[p + 1]` is in bounds: at most the end mark.)
    const row = OPERATOR_ROW[c]!;
    if (row !== 0) {
      this.atStatementStart = false;
      const pair = OPERATOR_PAIR[(row << 8) | bytes[p + 1]!]!;
      const end = pair !== 0 ? p + 2 : p + 1;
      this.end = end;
      this.pos = end;
      return (this.kind = pair !== 0 ? pair : OPERATOR_ALONE[row]!);
    }
    const wasStart = this.atStatementStart;
    this.atStatementStart = false;
    switch (c) {
      case Ch.CR:
        this.atStatementStart = true;
        return this.tok(Tok.EndOfStatement, this.ch(p + 1) === Ch.LF ? p + 2 : p + 1);
      case Ch.SLASH:
        this.atStatementStart = wasStart;
        return this.tok(Tok.Slash, p + 1);
      case Ch.SQUOTE:
        return this.lexCharLiteral(p);
      case Ch.DQUOTE:
        return this.lexString(p);
      default:
        if (c >= Ch.D0 && c <= Ch.D9) return this.lexDigit(p);
        // (Letters, `_`, `$` and `,` took the fast paths above.)
        if (c === Ch.DOT) return this.lexIdentifier(p);
        return this.err(p, p + 1, 'invalid character in input');
    }
  }

  private tok(kind: number, end: number): number {
    this.end = end;
    this.pos = end;
    return (this.kind = kind);
  }

  private err(start: number, end: number, message: string): number {
    this.start = start;
    this.errorMessage = message;
    return this.tok(Tok.Error, end);
  }

  private lexIdentifier(p: number): number {
    const bytes = this.bytes;
    let q = p + 1;
    // `.5`, `.5e3`: a float literal rather than an identifier.
    if (bytes[p] === Ch.DOT && isDigitCode(this.ch(q))) {
      while (isDigitCode(this.ch(q))) q++;
      const d = this.ch(q);
      if (!isIdentCharCode(d) || d === Ch.e || d === Ch.E) return this.lexFloatTail(q);
    }
    q = this.identEnd(q);
    if (q === p + 1 && bytes[p] === Ch.DOT) return this.tok(Tok.Dot, q);
    return this.tok(Tok.Identifier, q);
  }

  /** The end of the identifier characters from `q` on. */
  private identEnd(q: number): number {
    const bytes = this.bytes;
    // (Code units above 127 read as 128: IDENT_CHAR has 0 there; the end mark, 0, ends the loop.)
    while (IDENT_CHAR[bytes[q]!] === 1) q++;
    return q;
  }

  /** After the integer part and `.` (and maybe some fraction digits): fraction, exponent. */
  private lexFloatTail(q: number): number {
    while (isDigitCode(this.ch(q))) q++;
    const s = this.ch(q);
    if (s === Ch.MINUS || s === Ch.PLUS) {
      this.pos = q + 1;
      return this.err(q, q + 1, 'invalid sign in float literal');
    }
    if (s === Ch.e || s === Ch.E) {
      q++;
      const t = this.ch(q);
      if (t === Ch.MINUS || t === Ch.PLUS) q++;
      while (isDigitCode(this.ch(q))) q++;
    }
    return this.tok(Tok.Real, q);
  }

  /** After `0x` and its hex digits, at `.`, `p` or `P`. */
  private lexHexFloat(p: number, q: number, noIntDigits: boolean): number {
    let noFrac = true;
    if (this.ch(q) === Ch.DOT) {
      q++;
      const f = q;
      while (isHexDigitCode(this.ch(q))) q++;
      noFrac = q === f;
    }
    if (noIntDigits && noFrac) return this.err(p, q, 'invalid hexadecimal floating-point constant: expected at least one significand digit');
    const e = this.ch(q);
    if (e !== Ch.p && e !== Ch.P) return this.err(p, q, "invalid hexadecimal floating-point constant: expected exponent part 'p'");
    q++;
    const s = this.ch(q);
    if (s === Ch.PLUS || s === Ch.MINUS) q++;
    const es = q;
    while (isDigitCode(this.ch(q))) q++;
    if (q === es) return this.err(p, q, 'invalid hexadecimal floating-point constant: expected at least one exponent digit');
    return this.tok(Tok.Real, q);
  }

  private skipIntSuffix(q: number): number {
    let c = this.ch(q);
    if (c === Ch.U || c === Ch.u) c = this.ch(++q);
    if (c === Ch.L || c === Ch.l) c = this.ch(++q);
    if (c === Ch.L || c === Ch.l) ++q;
    return q;
  }

  private intTok(digitsStart: number, digitsEnd: number, radix: number, end: number): number {
    this.digitsStart = digitsStart;
    this.digitsEnd = digitsEnd;
    this.radix = radix;
    return this.tok(Tok.Integer, end);
  }

  /** True when every character in [a, b) is a digit of `radix`. */
  private validDigits(a: number, b: number, radix: number): boolean {
    if (a >= b) return false;
    const bytes = this.bytes;
    for (let i = a; i < b; i++) if (hexVal(bytes[i]!) >= radix) return false;
    return true;
  }

  /**
   * `[0x]?[0-9][0-9a-fA-F]*[hH]` lookahead (only with MASM integers): returns the end of the
   * digits and whether an `h` suffix follows.
   */
  private hexLookAhead(q: number): number {
    // Returns the end of the digits; sets `lookAheadHex` when an `h` suffix follows (MASM only).
    let firstNonDec = -1;
    let la = q;
    for (;;) {
      const c = this.ch(la);
      if (c >= Ch.D0 && c <= Ch.D9) {
        la++;
        continue;
      }
      if (firstNonDec < 0) firstNonDec = la;
      if (this.masm && isHexDigitCode(c)) la++;
      else break;
    }
    const h = this.ch(la);
    const hex = this.masm && (h === Ch.h || h === Ch.H);
    this.lookAheadHex = hex;
    return hex || firstNonDec < 0 ? la : firstNonDec;
  }
  private lookAheadHex = false;

  private lexDigit(p: number): number {
    const first = this.bytes[p]!;
    let q = p + 1;
    if (this.masm) {
      // MASM suffix forms: [01]+[yY] / [bB], [0-7]+[oOqQ], [0-9]+[tT] / [dD], [0-9][0-9a-fA-F]*[hH].
      let firstNonBinary = first !== Ch.D0 && first !== Ch.D1 ? p : -1;
      let firstNonDecimal = -1;
      let r = q;
      while (isHexDigitCode(this.ch(r))) {
        const c = this.ch(r);
        if (!isDigitCode(c) && firstNonDecimal < 0) firstNonDecimal = r;
        if (c !== Ch.D0 && c !== Ch.D1 && firstNonBinary < 0) firstNonBinary = r;
        r++;
      }
      const s = this.ch(r);
      if (s === Ch.DOT) return this.lexFloatTail(r + 1);
      let radix = 0;
      let end = r;
      if (s === Ch.h || s === Ch.H) {
        radix = 16;
        end = r + 1;
      } else if (s === Ch.t || s === Ch.T) {
        radix = 10;
        end = r + 1;
      } else if (s === Ch.o || s === Ch.O || s === Ch.q || s === Ch.Q) {
        radix = 8;
        end = r + 1;
      } else if (s === Ch.y || s === Ch.Y) {
        radix = 2;
        end = r + 1;
      } else if (firstNonDecimal >= 0 && firstNonDecimal + 1 === r && (this.ch(firstNonDecimal) === Ch.d || this.ch(firstNonDecimal) === Ch.D)) {
        radix = 10;
      } else if (firstNonBinary >= 0 && firstNonBinary + 1 === r && (this.ch(firstNonBinary) === Ch.b || this.ch(firstNonBinary) === Ch.B)) {
        radix = 2;
      }
      if (radix) {
        // The token without its last character must be all digits of the radix.
        const digitsEnd = end - 1;
        if (!this.validDigits(p, digitsEnd, radix)) return this.err(p, end, `invalid ${radixName(radix)} number`);
        return this.intTok(p, digitsEnd, radix, this.skipIntSuffix(end));
      }
      // Default-radix integers and floats fall through to the GNU rules.
    }
    // Decimal: [1-9][0-9]* (or a float).
    if (first !== Ch.D0 || this.ch(q) === Ch.DOT) {
      q = this.hexLookAhead(q);
      if (!this.lookAheadHex) {
        const c = this.ch(q);
        if (c === Ch.DOT || c === Ch.e || c === Ch.E) return this.lexFloatTail(c === Ch.DOT ? q + 1 : q);
        return this.intTok(p, q, 10, this.skipIntSuffix(q));
      }
      if (!this.validDigits(p, q, 16)) return this.err(p, q, 'invalid hexadecimal number');
      return this.intTok(p, q, 16, this.skipIntSuffix(q + 1));
    }
    const c1 = this.ch(q);
    if (!this.masm && (c1 === Ch.b || c1 === Ch.B)) {
      q++;
      // `0b` alone is a backward reference to local label 0, as in `jmp 0b`.
      if (!isDigitCode(this.ch(q))) return this.intTok(p, p + 1, 10, q - 1);
      const ns = q;
      while (this.ch(q) === Ch.D0 || this.ch(q) === Ch.D1) q++;
      if (q === ns) return this.err(p, q, 'invalid binary number');
      return this.intTok(ns, q, 2, this.skipIntSuffix(q));
    }
    if (c1 === Ch.x || c1 === Ch.X) {
      q++;
      const ns = q;
      while (isHexDigitCode(this.ch(q))) q++;
      const c = this.ch(q);
      if (c === Ch.DOT || c === Ch.p || c === Ch.P) return this.lexHexFloat(p, q, ns === q);
      if (q === ns) return this.err(p, q, 'invalid hexadecimal number');
      const de = q;
      if (this.masm && (this.ch(q) === Ch.h || this.ch(q) === Ch.H)) q++;
      return this.intTok(ns, de, 16, this.skipIntSuffix(q));
    }
    // Octal (or MASM hex with a leading 0).
    q = this.hexLookAhead(q);
    const hex = this.lookAheadHex;
    const radix = hex ? 16 : 8;
    if (!this.validDigits(p, q, radix)) return this.err(p, q, `invalid ${radixName(radix)} number`);
    return this.intTok(p, q, radix, this.skipIntSuffix(hex ? q + 1 : q));
  }

  private lexCharLiteral(p: number): number {
    // 'c' or '\c': an integer constant.
    let q = p + 1;
    let c = this.ch(q);
    if (c === Ch.BACKSLASH) c = this.ch(++q);
    if (c < 0) return this.err(p, this.len, 'unterminated single quote');
    q++;
    if (this.ch(q) !== Ch.SQUOTE) return this.err(p, q, 'single quote way too long');
    q++;
    this.radix = 0; // marks a character literal: value from the text
    this.digitsStart = p;
    this.digitsEnd = q;
    return this.tok(Tok.Integer, q);
  }

  private lexString(p: number): number {
    let q = p + 1;
    for (;;) {
      if (q >= this.len) return this.err(p, this.len, 'unterminated string constant');
      const c = this.bytes[q]!;
      if (c === Ch.BACKSLASH) {
        q += 2;
        continue;
      }
      q++;
      if (c === Ch.DQUOTE) break;
    }
    return this.tok(Tok.String, q);
  }

  /** Value of the current Integer token (may need more than 64 bits: the caller checks). */
  intValue(): bigint {
    return integerTokenValue(this.text, this.radix, this.digitsStart, this.digitsEnd);
  }

  /** Value of the current Real token as a double. */
  realValue(): number {
    return parseRealLiteral(this.tokenText());
  }

  /**
   * Continues after the line feed at `nl` as if the tokens up to it had been read: the current
   * token becomes that line's end of statement (for a caller skipping a line it already knows).
   */
  resumeAfterLine(nl: number): void {
    this.pos = nl + 1;
    this.start = nl;
    this.end = nl + 1;
    this.kind = Tok.EndOfStatement;
    this.atStatementStart = true;
  }

  /** Skips to the end of the current statement (after an error): the next token is the first of the next statement. */
  skipToEndOfStatement(): void {
    while (this.kind !== Tok.EndOfStatement && this.kind !== Tok.Eof) this.next();
  }
}

/**
 * The last long text searched for a lone CR, and the answer: the lexers made at offsets in one
 * file (each expression the checks evaluate) share it instead of searching the whole file again.
 */
let loneCRText: string | undefined;
let loneCRFound = false;

/** Whether `text` has a carriage return that is not part of CRLF (once per file, native search). */
function hasLoneCR(text: string): boolean {
  if (text === loneCRText) return loneCRFound;
  const found = searchLoneCR(text);
  if (text.length >= CACHE_MIN_LENGTH) {
    loneCRText = text;
    loneCRFound = found;
  }
  return found;
}

function searchLoneCR(text: string): boolean {
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== Ch.LF) return true;
  }
  return false;
}

export function radixName(radix: number): string {
  return radix === 2 ? 'binary' : radix === 8 ? 'octal' : radix === 10 ? 'decimal' : radix === 16 ? 'hexadecimal' : `base-${radix}`;
}

/** Small literal values (offsets, counters, immediates) as shared BigInts: no allocation per literal. */
const SMALL_BIGINT_COUNT = 1024;
const SMALL_BIGINTS: bigint[] = [];
function smallBigInt(v: number): bigint {
  let b = SMALL_BIGINTS[v];
  if (b === undefined) {
    // Filled in order once, so the array stays packed.
    for (let i = SMALL_BIGINTS.length; i <= v; i++) SMALL_BIGINTS.push(BigInt(i));
    b = SMALL_BIGINTS[v]!;
  }
  return b;
}

/** Value of an integer token from its digit range (radix 0: a character literal 'c'). */
export function integerTokenValue(text: string, radix: number, start: number, end: number): bigint {
  if (radix === 0) {
    // 'c' or '\c'
    if (text.charCodeAt(start + 1) !== Ch.BACKSLASH) return BigInt(text.charCodeAt(start + 1));
    const e = text.charCodeAt(start + 2);
    switch (e) {
      case Ch.t:
        return 9n;
      case Ch.n:
        return 10n;
      case Ch.b:
        return 8n;
      case Ch.f:
        return 12n;
      case Ch.r:
        return 13n;
      default:
        return BigInt(e);
    }
  }
  // Small values (the common case) without BigInt parsing.
  if (end - start <= 12 && radix !== 2) {
    let v = 0;
    for (let i = start; i < end; i++) v = v * radix + hexVal(text.charCodeAt(i));
    return v < SMALL_BIGINT_COUNT ? smallBigInt(v) : BigInt(v);
  }
  // Few digits (the usual case: offsets, small immediates): exact in a double, no string.
  const n = end - start;
  if ((radix === 10 && n <= 15) || (radix === 16 && n <= 13) || (radix === 8 && n <= 17) || (radix === 2 && n <= 53)) {
    let v = 0;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      v = v * radix + (c <= Ch.D9 ? c - Ch.D0 : (c | 0x20) - Ch.a + 10);
    }
    return BigInt(v);
  }
  const digits = text.slice(start, end);
  if (radix === 10) return BigInt(digits);
  const prefix = radix === 16 ? '0x' : radix === 8 ? '0o' : '0b';
  return BigInt(prefix + digits);
}

/** Double value of a float token: decimal (`1.5`, `1e3`, `.5`, `5e`) or hex (`0x1.8p3`). */
export function parseRealLiteral(s: string): number {
  const c1 = s.charCodeAt(1);
  if (s.charCodeAt(0) === Ch.D0 && (c1 === Ch.x || c1 === Ch.X)) return parseHexFloat(s.slice(2));
  // An exponent marker without digits (`5e`, `1.5e+`) reads as no exponent, as in llvm-mc.
  let t = s;
  let last = t.charCodeAt(t.length - 1);
  if (last === Ch.PLUS || last === Ch.MINUS) {
    t = t.slice(0, -1);
    last = t.charCodeAt(t.length - 1);
  }
  if (last === Ch.e || last === Ch.E) t = t.slice(0, -1);
  // MASM forms may carry a trailing 'r'; not produced without --masm-hex-floats.
  const v = Number(t);
  return Number.isNaN(v) ? 0 : v;
}

/** Significant hex digits kept from a mantissa (128 bits, far more than a double's 53 + guard bit). */
const HEX_FLOAT_KEPT_DIGITS = 32;

/**
 * `h*[.h*]p[+-]d+` (the part after 0x), rounded once to nearest-even double. Linear in the
 * length: the first 32 significant digits are kept exactly and the rest only as a sticky bit
 * (whether any of them is non-zero), which is all a single rounding to 53 bits needs.
 */
function parseHexFloat(s: string): number {
  let i = 0;
  let fracDigits = 0;
  let seenDot = false;
  let kept = '';
  let dropped = 0;
  let sticky = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === Ch.DOT) {
      seenDot = true;
      continue;
    }
    const v = hexVal(c);
    if (v >= 16) break;
    if (seenDot) fracDigits++;
    if (kept.length === 0 && v === 0) continue; // a leading zero
    if (kept.length < HEX_FLOAT_KEPT_DIGITS) kept += s[i];
    else {
      dropped++;
      if (v !== 0) sticky = true;
    }
  }
  // exponent
  i++; // 'p'
  let sign = 1;
  if (s.charCodeAt(i) === Ch.PLUS) i++;
  else if (s.charCodeAt(i) === Ch.MINUS) {
    sign = -1;
    i++;
  }
  let exp = 0;
  for (; i < s.length; i++) {
    exp = exp * 10 + (s.charCodeAt(i) - Ch.D0);
    if (exp > 100000) exp = 100000;
  }
  if (kept.length === 0) return 0;
  // One bit below the kept digits carries the sticky bit (a tie is broken by any dropped non-zero).
  const mant = (BigInt('0x' + kept) << 1n) | (sticky ? 1n : 0n);
  return scaleBigToDouble(mant, sign * exp - 4 * fracDigits + 4 * dropped - 1);
}

/** mant * 2^exp2 rounded to nearest-even double (one rounding, subnormals included). */
export function scaleBigToDouble(mant: bigint, exp2: number): number {
  if (mant === 0n) return 0;
  const bits = mant.toString(2).length;
  const topExp = exp2 + bits - 1; // value in [2^topExp, 2^(topExp+1))
  if (topExp > 1023) return Infinity;
  let keep = topExp >= -1022 ? 53 : 53 - (-1022 - topExp);
  if (keep < 0) return 0;
  let m = mant;
  let e = exp2;
  if (bits > keep) {
    const shift = BigInt(bits - keep);
    const q = m >> shift;
    const rem = m & ((1n << shift) - 1n);
    const half = 1n << (shift - 1n);
    m = q;
    if (rem > half || (rem === half && (q & 1n) === 1n)) m += 1n;
    e += bits - keep;
  }
  // m fits in 54 bits at most; the scaling is exact unless it overflows.
  let v = Number(m);
  while (e > 0) {
    const k = Math.min(e, 1000);
    v *= 2 ** k;
    e -= k;
  }
  while (e < 0) {
    const k = Math.min(-e, 1000);
    v /= 2 ** k;
    e += k;
  }
  return v;
}
