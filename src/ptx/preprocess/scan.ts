/** PTX preprocessor, scanning: character classes, preprocessing tokens, finding directives (`#` lines) and ptxas's line markers. */
import { type SourceLocation } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import { TK_CHAR, TK_IDENT, TK_NUMBER, TK_OTHER, TK_PUNCT, TK_STRING, type ExprToken } from './expr.js';

// ---------------------------------------------------------------- character codes

export const CH_TAB = 9;

export const CH_LF = 10;

export const CH_VT = 11;

export const CH_FF = 12;

export const CH_CR = 13;

export const CH_SPACE = 32;

export const CH_BANG = 33;

export const CH_QUOTE = 34;

export const CH_HASH = 35;

export const CH_DOLLAR = 36;

export const CH_PERCENT = 37;

export const CH_AMP = 38;

export const CH_APOS = 39;

export const CH_LPAREN = 40;

export const CH_STAR = 42;

export const CH_PLUS = 43;

export const CH_MINUS = 45;

export const CH_DOT = 46;

export const CH_SLASH = 47;

export const CH_0 = 48;

export const CH_9 = 57;

export const CH_COLON = 58;

export const CH_LT = 60;

export const CH_EQ = 61;

export const CH_GT = 62;

export const CH_A = 65;

export const CH_E_UP = 69;

export const CH_P_UP = 80;

export const CH_Z = 90;

export const CH_BACKSLASH = 92;

export const CH_CARET = 94;

export const CH_UNDERSCORE = 95;

export const CH_a = 97;

export const CH_e = 101;

export const CH_p = 112;

export const CH_z = 122;

export const CH_PIPE = 124;

export const isDigit = (c: number): boolean => c >= CH_0 && c <= CH_9;

export const isIdentStart = (c: number): boolean =>
  (c >= CH_a && c <= CH_z) || (c >= CH_A && c <= CH_Z) || c === CH_UNDERSCORE || c === CH_DOLLAR;
export const isIdentChar = (c: number): boolean => isIdentStart(c) || isDigit(c);
/** Character classes for the identifier scan over ordinary text (ASCII; others are CLASS_OTHER). */
export const CLASS_IDENT = 1;
export const CLASS_DIGIT = 2;
export const CLASS_DOT = 3;
export const CLASS_SLASH = 4;
export const CLASS_QUOTE = 5;
export const CLASS_OTHER = 6;
export const CHAR_CLASS = (() => {
  const t = new Uint8Array(128).fill(CLASS_OTHER);
  for (let c = 0; c < 128; c++) {
    if (isIdentStart(c)) t[c] = CLASS_IDENT;
    else if (isDigit(c)) t[c] = CLASS_DIGIT;
  }
  t[CH_DOT] = CLASS_DOT;
  t[CH_SLASH] = CLASS_SLASH;
  t[CH_QUOTE] = CLASS_QUOTE;
  return t;
})();

/** Horizontal whitespace inside a line (cpp's set). */
export const isHSpace = (c: number): boolean => c === CH_SPACE || c === CH_TAB || c === CH_FF || c === CH_VT || c === CH_CR;

// ---------------------------------------------------------------- tokens

export interface Tok extends ExprToken {
  /** Whitespace came before it (one space is kept when it is printed). */
  space: boolean;
  /** Read while its macro was being expanded: never expanded again (C's "painted blue"). */
  noExpand?: boolean;
  /** Read from the source text (its offset is a source offset). */
  fromSource?: boolean;
  /** Paddings only: the token whose leading space they stand for (null: none). */
  src?: Tok | null;
  /** End-of-expansion markers only: the macro to enable again. */
  endOf?: Macro;
}

export interface Macro {
  name: string;
  /** undefined: object-like. */
  params?: string[];
  variadic: boolean;
  body: Tok[];
  /** The body has `##` (object-like macros then need substitution too). */
  hasPaste: boolean;
  /** Expansions of it in progress: while > 0 its name is not expanded (and is painted). */
  disabled: number;
  /** Where it was defined (resolved only for a redefinition warning). */
  where: () => SourceLocation;
}

/**
 * Not a token: cpp's "padding", which only decides whether the next token is printed (or
 * stringized) with a space before it. `src` is the token whose leading space counts; null: none.
 */
export const TK_PADDING = 0;

export function padding(src: Tok): Tok {
  return { kind: TK_PADDING, text: '', offset: -1, space: false, src };
}

export const AVOID_PASTE: Tok = { kind: TK_PADDING, text: '', offset: -1, space: false, src: null };

/** Not a token: where a macro's expansion ends and the macro may expand again (GCC's context pop). */
export const TK_END = -1;

// ---------------------------------------------------------------- lexing helpers

/** End of a pp-number starting at p (digits, letters, `.`, `_`, `$`, and e+/p- exponents). */
export function ppNumberEnd(text: string, p: number, end: number): number {
  p++;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (isIdentChar(c) || c === CH_DOT) {
      p++;
      if ((c === CH_e || c === CH_E_UP || c === CH_p || c === CH_P_UP) && p < end) {
        const s = text.charCodeAt(p);
        if (s === CH_PLUS || s === CH_MINUS) p++;
      }
    } else break;
  }
  return p;
}

/** End of a quoted literal starting at p (quote char at p); stops at the line end if unterminated. */
export function quotedEnd(text: string, p: number, end: number): number {
  const q = text.charCodeAt(p);
  p++;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (c === q) return p + 1;
    if (c === CH_LF) return p;
    if (c === CH_BACKSLASH && p + 1 < end && text.charCodeAt(p + 1) !== CH_LF) p += 2;
    else p++;
  }
  return end;
}

/** Length of the punctuator at p (multi-character operators cpp and #if care about). */
export function punctLength(text: string, p: number, end: number): number {
  const c = text.charCodeAt(p);
  const d = p + 1 < end ? text.charCodeAt(p + 1) : -1;
  switch (c) {
    case CH_HASH:
      return d === CH_HASH ? 2 : 1;
    case CH_LT:
    case CH_GT:
      if (d === c) return p + 2 < end && text.charCodeAt(p + 2) === CH_EQ ? 3 : 2;
      return d === CH_EQ ? 2 : 1;
    case CH_EQ:
    case CH_BANG:
    case CH_STAR:
    case CH_SLASH:
    case CH_PERCENT:
    case CH_CARET:
      return d === CH_EQ ? 2 : 1;
    case CH_AMP:
    case CH_PIPE:
    case CH_PLUS:
      return d === c || d === CH_EQ ? 2 : 1;
    case CH_MINUS:
      return d === c || d === CH_EQ || d === CH_GT ? 2 : 1;
    case CH_DOT:
      return d === CH_DOT && p + 2 < end && text.charCodeAt(p + 2) === CH_DOT ? 3 : 1;
    case CH_COLON:
      return d === CH_COLON ? 2 : 1;
    default:
      return 1;
  }
}

/**
 * Tokens of text[start, end): whitespace, comments and backslash-newlines separate tokens.
 * Used for directive lines (where `'` starts a character constant, as in C).
 */
export function lexRange(text: string, start: number, end: number): Tok[] {
  const out: Tok[] = [];
  let p = start;
  let space = false;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (isHSpace(c) || c === CH_LF) {
      p++;
      space = true;
      continue;
    }
    if (c === CH_BACKSLASH && p + 1 < end && (text.charCodeAt(p + 1) === CH_LF || (text.charCodeAt(p + 1) === CH_CR && text.charCodeAt(p + 2) === CH_LF))) {
      p += text.charCodeAt(p + 1) === CH_LF ? 2 : 3;
      space = true;
      continue;
    }
    if (c === CH_SLASH && p + 1 < end) {
      const d = text.charCodeAt(p + 1);
      if (d === CH_SLASH) {
        const nl = text.indexOf('\n', p);
        p = nl < 0 || nl > end ? end : nl;
        space = true;
        continue;
      }
      if (d === CH_STAR) {
        const close = text.indexOf('*/', p + 2);
        p = close < 0 || close + 2 > end ? end : close + 2;
        space = true;
        continue;
      }
    }
    let q: number;
    let kind: number;
    if (isIdentStart(c)) {
      q = p + 1;
      while (q < end && isIdentChar(text.charCodeAt(q))) q++;
      kind = TK_IDENT;
      // Wide/UTF string and character prefixes.
      if (q < end && (text.charCodeAt(q) === CH_QUOTE || text.charCodeAt(q) === CH_APOS)) {
        const prefix = text.slice(p, q);
        if (prefix === 'L' || prefix === 'u' || prefix === 'U' || prefix === 'u8') {
          kind = text.charCodeAt(q) === CH_QUOTE ? TK_STRING : TK_CHAR;
          q = quotedEnd(text, q, end);
        }
      }
    } else if (isDigit(c) || (c === CH_DOT && p + 1 < end && isDigit(text.charCodeAt(p + 1)))) {
      q = ppNumberEnd(text, p, end);
      kind = TK_NUMBER;
    } else if (c === CH_QUOTE || c === CH_APOS) {
      q = quotedEnd(text, p, end);
      kind = c === CH_QUOTE ? TK_STRING : TK_CHAR;
    } else if (c < 128) {
      q = p + punctLength(text, p, end);
      kind = TK_PUNCT;
    } else {
      q = p + 1;
      kind = TK_OTHER;
    }
    out.push({ kind, text: text.slice(p, q), offset: p, space });
    workMeter.steps++;
    space = false;
    p = q;
  }
  return out;
}

/**
 * End of the directive starting at `hash`: the index of its terminating newline (or text.length).
 * Backslash-newline continues it; a block comment that starts on the line carries it over newlines.
 */
export function directiveEnd(text: string, hash: number): number {
  const n = text.length;
  let p = hash + 1;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === CH_LF) {
      let b = p - 1;
      if (b > hash && text.charCodeAt(b) === CH_CR) b--;
      if (b > hash && text.charCodeAt(b) === CH_BACKSLASH) {
        p++;
        continue;
      }
      return p;
    }
    if (c === CH_SLASH && p + 1 < n) {
      const d = text.charCodeAt(p + 1);
      if (d === CH_SLASH) {
        // A line comment ends the directive at the newline (a trailing backslash still continues it).
        p += 2;
        continue;
      }
      if (d === CH_STAR) {
        const close = text.indexOf('*/', p + 2);
        if (close < 0) return n;
        p = close + 2;
        continue;
      }
    }
    if (c === CH_QUOTE || c === CH_APOS) {
      p = quotedEnd(text, p, n);
      continue;
    }
    p++;
  }
  return n;
}

/**
 * Finds each `#` outside comments and string literals. Jumps with indexOf between the only
 * characters that matter (`#`, `/`, `"`) and remembers their next positions across calls, so
 * scanning a whole file stays linear however many `#` it has.
 */
export class HashScanner {
  private hash = -2;
  private slash = -2;
  private quote = -2;
  /** The last few block comments skipped (a ring): directives may follow comments on their line. */
  private readonly commentStart = new Int32Array(8).fill(-1);
  private readonly commentEnd = new Int32Array(8).fill(-1);
  private commentNext = 0;
  constructor(private readonly text: string) {}

  /** Start of the recently skipped block comment that ends just before `end`, or -1. */
  commentEndingAt(end: number): number {
    for (let i = 0; i < 8; i++) if (this.commentEnd[i] === end) return this.commentStart[i]!;
    return -1;
  }

  /** The next such `#` at or after `from`, or -1. */
  next(from: number): number {
    const text = this.text;
    const n = text.length;
    let p = from;
    for (;;) {
      if (this.hash < p && this.hash !== -1) this.hash = text.indexOf('#', p);
      if (this.hash < 0) return -1;
      if (this.slash < p && this.slash !== n) {
        this.slash = text.indexOf('/', p);
        if (this.slash < 0) this.slash = n;
      }
      if (this.quote < p && this.quote !== n) {
        this.quote = text.indexOf('"', p);
        if (this.quote < 0) this.quote = n;
      }
      const first = this.slash < this.quote ? this.slash : this.quote;
      if (this.hash < first) return this.hash;
      // `first` comes before the hash: skip what it opens, if anything.
      if (first === this.slash) {
        const d = text.charCodeAt(first + 1);
        if (d === CH_SLASH) {
          const nl = text.indexOf('\n', first + 2);
          if (nl < 0) return -1;
          p = nl;
        } else if (d === CH_STAR) {
          const close = text.indexOf('*/', first + 2);
          if (close < 0) return -1; // unterminated comment: the lexer reports it
          p = close + 2;
          this.commentStart[this.commentNext] = first;
          this.commentEnd[this.commentNext] = p;
          this.commentNext = (this.commentNext + 1) & 7;
        } else p = first + 1;
      } else p = quotedEnd(text, first, n);
    }
  }
}

/**
 * Where the line holding `hash` begins when only blanks (and, with `scanner`, block comments, as
 * in cpp) precede the `#`; -1 when something else does. A comment that began on an earlier line
 * moves the start to that line.
 */
export function directiveLineStart(text: string, hash: number, scanner?: HashScanner): number {
  let p = hash - 1;
  while (p >= 0) {
    const c = text.charCodeAt(p);
    if (c === CH_LF) return p + 1;
    if (isHSpace(c)) {
      p--;
      continue;
    }
    if (scanner && c === CH_SLASH && p > 0 && text.charCodeAt(p - 1) === CH_STAR) {
      const start = scanner.commentEndingAt(p + 1);
      if (start >= 0) {
        p = start - 1;
        continue;
      }
    }
    return -1;
  }
  return 0;
}

// ---------------------------------------------------------------- ptxas line markers

export interface LineMarker {
  /** Index just past the marker's newline (or text.length). */
  end: number;
  /** Line of the next line, wrapped to 32 bits as ptxas does. */
  line: number;
  name: string;
  /** First flag digit, or -1 when none. */
  flag: number;
}

/**
 * The line markers ptxas honours anywhere outside comments (verified with ptxas 13.0):
 * `#` [ \t]* `line`? [ \t]* digits [ \t]+ `"` [^"\n]* `"` ([ \t]+ digit)* [ \t\f\r]* newline.
 * The number is read as an unsigned decimal (saturating) and truncated to 32 bits.
 */
export function matchLineMarker(text: string, hash: number): LineMarker | undefined {
  const n = text.length;
  let p = hash + 1;
  while (p < n && (text.charCodeAt(p) === CH_SPACE || text.charCodeAt(p) === CH_TAB)) p++;
  if (text.startsWith('line', p)) {
    p += 4;
    while (p < n && (text.charCodeAt(p) === CH_SPACE || text.charCodeAt(p) === CH_TAB)) p++;
  }
  const digitsStart = p;
  while (p < n && isDigit(text.charCodeAt(p))) p++;
  if (p === digitsStart) return undefined;
  const digits = text.slice(digitsStart, p);
  const spaceStart = p;
  while (p < n && (text.charCodeAt(p) === CH_SPACE || text.charCodeAt(p) === CH_TAB)) p++;
  if (p === spaceStart || text.charCodeAt(p) !== CH_QUOTE) return undefined;
  const nameStart = p + 1;
  p = nameStart;
  while (p < n && text.charCodeAt(p) !== CH_QUOTE && text.charCodeAt(p) !== CH_LF) p++;
  if (text.charCodeAt(p) !== CH_QUOTE) return undefined;
  const name = text.slice(nameStart, p);
  p++;
  let flag = -1;
  for (;;) {
    const s = p;
    while (p < n && (text.charCodeAt(p) === CH_SPACE || text.charCodeAt(p) === CH_TAB)) p++;
    if (p > s && p < n && isDigit(text.charCodeAt(p)) && (p + 1 >= n || !isIdentChar(text.charCodeAt(p + 1)))) {
      if (flag < 0) flag = text.charCodeAt(p) - CH_0;
      p++;
      continue;
    }
    break;
  }
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === CH_SPACE || c === CH_TAB || c === CH_FF || c === CH_CR) p++;
    else break;
  }
  if (p < n && text.charCodeAt(p) !== CH_LF) return undefined;
  return { end: p < n ? p + 1 : n, line: lineNumber32(digits), name, flag };
}

/** ptxas reads the number as unsigned 64-bit (saturating) and keeps the low 32 bits, signed. */
export function lineNumber32(digits: string): number {
  let v = BigInt(digits);
  if (v > 0xffffffffffffffffn) v = 0xffffffffffffffffn;
  return Number(BigInt.asIntN(32, v));
}

export function skipSpaceAndComments(text: string, p: number, end: number): number {
  while (p < end) {
    const c = text.charCodeAt(p);
    if (isHSpace(c) || c === CH_LF) p++;
    else if (c === CH_BACKSLASH && text.charCodeAt(p + 1) === CH_LF) p += 2;
    else if (c === CH_SLASH && p + 1 < end && text.charCodeAt(p + 1) === CH_SLASH) {
      const nl = text.indexOf('\n', p);
      p = nl < 0 || nl > end ? end : nl;
    } else if (c === CH_SLASH && p + 1 < end && text.charCodeAt(p + 1) === CH_STAR) {
      const close = text.indexOf('*/', p + 2);
      p = close < 0 || close + 2 > end ? end : close + 2;
    } else break;
  }
  return p;
}

/** Two adjacent output characters that would lex as one token, so a space must separate them. */
export function needsSeparator(a: number, b: number): boolean {
  if (isIdentChar(a) && (isIdentChar(b) || b === CH_QUOTE || b === CH_APOS)) return true;
  if (a === CH_DOT && isDigit(b)) return true;
  if (isDigit(a) && b === CH_DOT) return true;
  switch (a) {
    case CH_PLUS:
    case CH_MINUS:
    case CH_AMP:
    case CH_PIPE:
    case CH_LT:
    case CH_GT:
      return b === a || b === CH_EQ || (a === CH_MINUS && b === CH_GT);
    case CH_EQ:
    case CH_BANG:
    case CH_STAR:
    case CH_PERCENT:
    case CH_CARET:
      return b === CH_EQ;
    case CH_SLASH:
      return b === CH_SLASH || b === CH_STAR || b === CH_EQ;
    case CH_HASH:
      return b === CH_HASH;
  }
  return false;
}
