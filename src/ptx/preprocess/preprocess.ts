/**
 * PTX preprocessor stage: the C preprocessor subset the PTX spec allows (`#include`, `#define`,
 * `#if`…, `#line`), plus the line markers ptxas itself honours. The output is one text for the
 * lexer and a segment table that maps every output offset back to the file, line and column the
 * user wrote (through includes, macro expansions and `#line`).
 *
 * Design: text between directives ("runs") is copied as whole slices when no macro can occur in
 * it; otherwise it is scanned for identifiers and only macro invocations are replaced. Directives
 * are found with indexOf jumps over `#`, `/` and `"`, so a large file costs a few native scans.
 */
import { dirname, join } from '../../core/path.js';
import { host } from '../../core/host.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { SourceFile, unmapped, type MappedText, type SourceLocation } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import { evaluateExpression, TK_CHAR, TK_IDENT, TK_NUMBER, TK_OTHER, TK_PUNCT, TK_STRING, type ExprToken } from './expr.js';

export interface PreprocessOptions {
  /** Searched after the including file's directory. */
  includeDirs?: string[];
  /** "NAME" or "NAME=VALUE" (like -D). */
  defines?: string[];
  /** false = ptxas mode: only `#line` / line markers understood, as ptxas itself does. Default true. */
  preprocess?: boolean;
  /** Default: the file system, read as latin1; undefined when missing. */
  readFile?: (path: string) => string | undefined;
}

export interface PreprocessResult {
  mapped: MappedText;
  diagnostics: Diagnostic[];
  /** The text came through unchanged and `mapped` is the identity mapping of the input file. */
  identity?: boolean;
}

// ---------------------------------------------------------------- limits

/** `#include` nesting deeper than this is an error (also stops runaway recursion). */
export const MAX_INCLUDE_DEPTH = 64;
/** Nested macro invocations inside macro arguments. */
export const MAX_EXPANSION_DEPTH = 256;
/** Tokens one macro invocation may collect as arguments (they are held in memory at once). */
export const MAX_ARGUMENT_TOKENS = 1_000_000;
/** A longer directive (e.g. a multi-megabyte #define) is rejected rather than tokenized. */
export const MAX_DIRECTIVE_LENGTH = 4 << 20;
/** Inclusions and included bytes per run: bounds include bombs that have no cycle. */
export const MAX_INCLUDES = 20000;
export const MAX_INCLUDED_BYTES = 512 << 20;
/** Diagnostics for unterminated `#if`s at the end of one file. */
const MAX_UNTERMINATED_REPORTS = 20;

// ---------------------------------------------------------------- character codes

const CH_TAB = 9;
const CH_LF = 10;
const CH_VT = 11;
const CH_FF = 12;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_BANG = 33;
const CH_QUOTE = 34;
const CH_HASH = 35;
const CH_DOLLAR = 36;
const CH_PERCENT = 37;
const CH_AMP = 38;
const CH_APOS = 39;
const CH_LPAREN = 40;
const CH_STAR = 42;
const CH_PLUS = 43;
const CH_MINUS = 45;
const CH_DOT = 46;
const CH_SLASH = 47;
const CH_0 = 48;
const CH_9 = 57;
const CH_COLON = 58;
const CH_LT = 60;
const CH_EQ = 61;
const CH_GT = 62;
const CH_A = 65;
const CH_E_UP = 69;
const CH_P_UP = 80;
const CH_Z = 90;
const CH_BACKSLASH = 92;
const CH_CARET = 94;
const CH_UNDERSCORE = 95;
const CH_a = 97;
const CH_e = 101;
const CH_p = 112;
const CH_z = 122;
const CH_PIPE = 124;

const isDigit = (c: number): boolean => c >= CH_0 && c <= CH_9;
const isIdentStart = (c: number): boolean =>
  (c >= CH_a && c <= CH_z) || (c >= CH_A && c <= CH_Z) || c === CH_UNDERSCORE || c === CH_DOLLAR;
const isIdentChar = (c: number): boolean => isIdentStart(c) || isDigit(c);
/** Character classes for the identifier scan over ordinary text (ASCII; others are CLASS_OTHER). */
const CLASS_IDENT = 1;
const CLASS_DIGIT = 2;
const CLASS_DOT = 3;
const CLASS_SLASH = 4;
const CLASS_QUOTE = 5;
const CLASS_OTHER = 6;
const CHAR_CLASS = (() => {
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
const isHSpace = (c: number): boolean => c === CH_SPACE || c === CH_TAB || c === CH_FF || c === CH_VT || c === CH_CR;

// ---------------------------------------------------------------- tokens

interface Tok extends ExprToken {
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

interface Macro {
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
const TK_PADDING = 0;
function padding(src: Tok): Tok {
  return { kind: TK_PADDING, text: '', offset: -1, space: false, src };
}
const AVOID_PASTE: Tok = { kind: TK_PADDING, text: '', offset: -1, space: false, src: null };
/** Not a token: where a macro's expansion ends and the macro may expand again (GCC's context pop). */
const TK_END = -1;

/** Thrown to abandon an expansion that exceeds the budget (reported once, then expansion stops). */
class ExpansionLimit {
  constructor(readonly message: string) {}
}

// ---------------------------------------------------------------- lexing helpers

/** End of a pp-number starting at p (digits, letters, `.`, `_`, `$`, and e+/p- exponents). */
function ppNumberEnd(text: string, p: number, end: number): number {
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
function quotedEnd(text: string, p: number, end: number): number {
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
function punctLength(text: string, p: number, end: number): number {
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
function lexRange(text: string, start: number, end: number): Tok[] {
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
function directiveEnd(text: string, hash: number): number {
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
class HashScanner {
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
function directiveLineStart(text: string, hash: number, scanner?: HashScanner): number {
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

interface LineMarker {
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
function matchLineMarker(text: string, hash: number): LineMarker | undefined {
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
function lineNumber32(digits: string): number {
  let v = BigInt(digits);
  if (v > 0xffffffffffffffffn) v = 0xffffffffffffffffn;
  return Number(BigInt.asIntN(32, v));
}

// ---------------------------------------------------------------- output and location mapping

/**
 * How lines of one physical file are presented: the name and line numbering `#line` set. The
 * line offset is computed on first use, so a clean file never builds its line table here.
 */
interface Presumed {
  name: string;
  /** Offset of the `#line` that set this (-1: the file's own numbering). */
  markerOffset: number;
  /** The line number the marker gives the next physical line (32-bit, as ptxas). */
  markerLine: number;
  /** Cached: presumed line = (physical line + delta) | 0. */
  delta?: number;
}

function initialPresumed(name: string): Presumed {
  return { name, markerOffset: -1, markerLine: 0, delta: 0 };
}

function presumedDelta(file: SourceFile, s: Presumed): number {
  if (s.delta === undefined) s.delta = s.markerLine - (file.lineAndColumn(s.markerOffset).line + 1);
  return s.delta;
}

/** Output text in chunks plus the segment table that maps it back. */
class Output {
  readonly chunks: string[] = [];
  length = 0;
  readonly segOut: number[] = [];
  readonly segFile: number[] = [];
  readonly segSrc: number[] = [];
  /** -1: offsets map one to one; otherwise every offset maps to segSrc with this length (macro use). */
  readonly segPoint: number[] = [];
  readonly segState: Presumed[] = [];
  lastChar = CH_LF;

  copy(file: number, text: string, start: number, end: number, state: Presumed): void {
    if (end <= start) return;
    const k = this.segOut.length - 1;
    if (
      !(k >= 0 && this.segPoint[k] === -1 && this.segFile[k] === file && this.segState[k] === state && this.segSrc[k]! + (this.length - this.segOut[k]!) === start)
    ) {
      this.segOut.push(this.length);
      this.segFile.push(file);
      this.segSrc.push(start);
      this.segPoint.push(-1);
      this.segState.push(state);
    }
    this.chunks.push(start === 0 && end === text.length ? text : text.slice(start, end));
    this.length += end - start;
    this.lastChar = text.charCodeAt(end - 1);
  }

  point(file: number, s: string, src: number, len: number, state: Presumed): void {
    if (s.length === 0) return;
    this.segOut.push(this.length);
    this.segFile.push(file);
    this.segSrc.push(src);
    this.segPoint.push(len);
    this.segState.push(state);
    this.chunks.push(s);
    this.length += s.length;
    this.lastChar = s.charCodeAt(s.length - 1);
  }
}

function locationIn(file: SourceFile, offset: number, length: number, state: Presumed): SourceLocation {
  const off = Math.max(0, Math.min(offset, file.text.length));
  const { line, column } = file.lineAndColumn(off);
  const delta = presumedDelta(file, state);
  const loc: SourceLocation = { file: state.name, line: (line + delta) | 0, column, length };
  // The physical line's text is shown only when it is the line the location names.
  if (delta === 0 && state.name === file.name) loc.lineText = file.lineText(line);
  return loc;
}

function buildMapped(out: Output, files: SourceFile[], mainState: Presumed): MappedText {
  const text = out.chunks.length === 1 ? out.chunks[0]! : out.chunks.join('');
  out.chunks.length = 0;
  const { segOut, segFile, segSrc, segPoint, segState } = out;
  const count = segOut.length;
  return {
    text,
    locate(offset: number, length = 0): SourceLocation {
      if (count === 0) return locationIn(files[0]!, 0, length, mainState);
      let lo = 0;
      let hi = count - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (segOut[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      const point = segPoint[lo]!;
      const file = files[segFile[lo]!]!;
      if (point >= 0) return locationIn(file, segSrc[lo]!, point, segState[lo]!);
      return locationIn(file, segSrc[lo]! + Math.max(0, offset - segOut[lo]!), length, segState[lo]!);
    },
  };
}

// ---------------------------------------------------------------- the preprocessor

interface Conditional {
  /** Offset of the `#if`/`#ifdef`/`#ifndef` (for "unterminated"). */
  offset: number;
  state: Presumed;
  /** The enclosing region is live. */
  parentLive: boolean;
  /** Some branch of this conditional was (or is) taken. */
  taken: boolean;
  /** The current branch is live. */
  live: boolean;
  /** `#else` seen. */
  sawElse: boolean;
}

/** Per-file processing state. */
interface FileContext {
  index: number;
  source: SourceFile;
  text: string;
  state: Presumed;
  /** ptxas's line-marker file stack (flag 1 pushes, flag 2 pops). */
  nameStack: string[];
  conds: Conditional[];
}

class Preprocessor {
  readonly files: SourceFile[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly out = new Output();
  readonly macros = new Map<string, Macro>();
  /** First characters and length range of defined macro names: a cheap filter before the Map. */
  private readonly firstChars = new Uint8Array(128);
  private minNameLength = Infinity;
  private maxNameLength = 0;
  private readonly includeStack: string[] = [];
  /** Include files read so far (undefined: missing), so repeated includes cost one read. */
  private readonly fileCache = new Map<string, string | undefined>();
  private includeCount = 0;
  private includedBytes = 0;
  private includeLimitReported = false;
  private readonly onceFiles = new Set<string>();
  private readonly readFile: (path: string) => string | undefined;
  private readonly includeDirs: string[];
  /** Budget for expansion work (tokens created) and output characters; exceeding it stops expansion. */
  private work = 0;
  private readonly workLimit: number;
  /** Characters produced by macro expansion so far, against 10x the input read plus 1 MB. */
  private expandedChars = 0;
  private readonly mainLength: number;
  private expansionDisabled = false;
  private expansionDepth = 0;
  /** Builtins (__FILE__, __LINE__) occur in some file: scan runs even without user macros. */
  private builtinsUsed = false;

  constructor(
    readonly mainName: string,
    mainText: string,
    private readonly options: PreprocessOptions,
  ) {
    this.readFile = options.readFile ?? host().readFile;
    this.includeDirs = options.includeDirs ?? [];
    // Time bound; memory is bounded separately (MAX_ARGUMENT_TOKENS held per invocation).
    this.workLimit = 2 * mainText.length + 3_000_000;
    this.mainLength = mainText.length;
  }

  get preprocessing(): boolean {
    return this.options.preprocess !== false;
  }

  // ------------------------------------------------------------ diagnostics

  report(severity: 'error' | 'warning', code: string, message: string, location?: SourceLocation): void {
    if (this.diagnostics.length >= 1000) return;
    this.diagnostics.push(location ? { severity, code, message, location } : { severity, code, message });
  }

  at(ctx: FileContext, offset: number, length = 0): SourceLocation {
    return locationIn(ctx.source, offset, length, ctx.state);
  }

  // ------------------------------------------------------------ macro table

  private macroFilter(name: string): boolean {
    const c = name.charCodeAt(0);
    return c < 128 && this.firstChars[c] !== 0 && name.length >= this.minNameLength && name.length <= this.maxNameLength;
  }

  define(m: Macro): void {
    this.macros.set(m.name, m);
    const c = m.name.charCodeAt(0);
    if (c < 128) this.firstChars[c] = 1;
    if (m.name.length < this.minNameLength) this.minNameLength = m.name.length;
    if (m.name.length > this.maxNameLength) this.maxNameLength = m.name.length;
  }

  private lookup(name: string): Macro | undefined {
    return this.macros.get(name);
  }

  // ------------------------------------------------------------ files

  run(mainText: string): void {
    const main = new SourceFile(this.mainName, mainText);
    this.files.push(main);
    this.builtinsUsed = mainText.includes('__LINE__') || mainText.includes('__FILE__');
    if (this.preprocessing) this.applyCommandLineDefines();
    this.processFile(0, 0);
  }

  private applyCommandLineDefines(): void {
    const defines = this.options.defines ?? [];
    if (defines.length === 0) return;
    const cmdText = defines.map((d) => {
      const eq = d.indexOf('=');
      return eq < 0 ? `${d} 1` : `${d.slice(0, eq)} ${d.slice(eq + 1)}`;
    });
    const text = cmdText.join('\n') + '\n';
    const file = new SourceFile('<command-line>', text);
    this.files.push(file);
    const ctx = this.newContext(this.files.length - 1);
    let p = 0;
    for (const line of cmdText) {
      this.doDefine(ctx, lexRange(text, p, p + line.length), p);
      p += line.length + 1;
    }
  }

  private newContext(index: number): FileContext {
    const source = this.files[index]!;
    const state = initialPresumed(source.name);
    return { index, source, text: source.text, state, nameStack: ['', '', source.name], conds: [] };
  }

  private readCached(path: string): string | undefined {
    if (this.fileCache.has(path)) return this.fileCache.get(path);
    const content = this.readFile(path);
    this.fileCache.set(path, content);
    return content;
  }

  private processFile(index: number, depth: number): void {
    const ctx = this.newContext(index);
    const text = ctx.text;
    this.includeStack.push(ctx.source.name);
    const scanner = new HashScanner(text);
    let runStart = 0;
    let pos = 0;
    for (;;) {
      const live = ctx.conds.length === 0 || ctx.conds[ctx.conds.length - 1]!.live;
      const hash = scanner.next(pos);
      if (hash < 0) {
        if (live) this.emitRun(ctx, runStart, text.length);
        break;
      }
      // Without preprocessing only blanks count (ptxas has no notion of a directive line).
      const lineBegin = directiveLineStart(text, hash, this.preprocessing ? scanner : undefined);
      const lineStart = lineBegin >= 0;
      const cut = Math.max(runStart, lineBegin);
      if (!live) {
        // Skipped region: only conditional directives at a line start matter.
        if (lineStart) {
          const end = directiveEnd(text, hash);
          this.guardedDirective(ctx, hash, end, depth, false);
          pos = runStart = Math.min(end + 1, text.length);
          if (end >= text.length) break;
        } else pos = hash + 1;
        continue;
      }
      const marker = matchLineMarker(text, hash);
      if (marker) {
        const start = lineStart ? cut : hash;
        this.emitRun(ctx, runStart, start);
        if (!lineStart) this.out.point(ctx.index, '\n', hash, 0, ctx.state);
        this.applyLineMarker(ctx, hash, marker.line, marker.name, marker.flag);
        pos = runStart = marker.end;
        continue;
      }
      if (!lineStart) {
        // A stray `#` inside a line is left for the lexer (ptxas: syntax error there).
        pos = hash + 1;
        continue;
      }
      // ptxas has no line continuation: without preprocessing the bad line ends at its newline.
      const nl = text.indexOf('\n', hash);
      const end = this.preprocessing ? directiveEnd(text, hash) : nl < 0 ? text.length : nl;
      this.emitRun(ctx, runStart, cut);
      if (this.preprocessing) this.guardedDirective(ctx, hash, end, depth, true);
      else {
        this.report('error', 'PP002', `syntax error at '#': ptxas only understands '#line N "file"' line markers without preprocessing`, this.at(ctx, hash, 1));
      }
      pos = runStart = Math.min(end + 1, text.length);
      if (end >= text.length) break;
    }
    const open = ctx.conds.length;
    for (let i = open - 1, n = 0; i >= 0 && n < MAX_UNTERMINATED_REPORTS; i--, n++) {
      const c = ctx.conds[i]!;
      this.report('error', 'PP010', 'unterminated conditional directive (#if without #endif)', locationIn(ctx.source, c.offset, 1, c.state));
    }
    this.includeStack.pop();
  }

  // ------------------------------------------------------------ line markers

  private applyLineMarker(ctx: FileContext, hash: number, line: number, name: string | undefined, flag: number): void {
    let newName = ctx.state.name;
    if (name !== undefined) {
      // ptxas (probed with 13.0): flag 1 enters a file (push), flag 2 returns (pop), flag 3 or no
      // flag renames the current entry, any other first flag keeps the name. The stack starts as
      // ["", "", file] and a pop never removes its last entry, so popping past the file gives "".
      const stack = ctx.nameStack;
      if (flag === -1 || flag === 3) {
        stack[stack.length - 1] = name;
      } else if (flag === 1) {
        stack.push(name);
      } else if (flag === 2) {
        if (stack.length > 1) stack.pop();
      }
      newName = stack[stack.length - 1]!;
    }
    ctx.state = { name: newName, markerOffset: hash, markerLine: line };
  }

  // ------------------------------------------------------------ runs of ordinary text

  private emitRun(ctx: FileContext, start: number, end: number): void {
    if (end <= start) return;
    if ((this.macros.size === 0 && !this.builtinsUsed) || this.expansionDisabled || !this.preprocessing) {
      this.out.copy(ctx.index, ctx.text, start, end, ctx.state);
      return;
    }
    this.expandRun(ctx, start, end);
  }

  /** Copies text[start, end) replacing macro invocations; everything else is copied as slices. */
  private expandRun(ctx: FileContext, start: number, end: number): void {
    const text = ctx.text;
    let copyStart = start;
    let p = start;
    while (p < end) {
      const c = text.charCodeAt(p);
      const cls = c < 128 ? CHAR_CLASS[c]! : CLASS_OTHER;
      if (cls === CLASS_OTHER) {
        p++;
      } else if (cls === CLASS_IDENT) {
        let q = p + 1;
        while (q < end) {
          const d = text.charCodeAt(q);
          if (d < 128 && CHAR_CLASS[d]! <= CLASS_DIGIT) q++;
          else break;
        }
        const len = q - p;
        if ((len >= this.minNameLength && len <= this.maxNameLength && this.firstChars[c] !== 0) || (this.builtinsUsed && len === 8)) {
          const name = text.slice(p, q);
          const m = this.lookup(name);
          if (m || name === '__LINE__' || name === '__FILE__') {
            if (m?.params && !this.nextIsLParen(text, q, end)) {
              p = q;
              continue;
            }
            this.out.copy(ctx.index, text, copyStart, p, ctx.state);
            const after = this.expandAtSource(ctx, p, end);
            copyStart = p = after;
            if (this.expansionDisabled) break;
            continue;
          }
        }
        p = q;
      } else if (cls === CLASS_DIGIT || (cls === CLASS_DOT && p + 1 < end && isDigit(text.charCodeAt(p + 1)))) {
        p = ppNumberEnd(text, p, end);
      } else if (cls === CLASS_SLASH && p + 1 < end && text.charCodeAt(p + 1) === CH_SLASH) {
        const nl = text.indexOf('\n', p);
        p = nl < 0 || nl > end ? end : nl;
      } else if (cls === CLASS_SLASH && p + 1 < end && text.charCodeAt(p + 1) === CH_STAR) {
        const close = text.indexOf('*/', p + 2);
        p = close < 0 || close + 2 > end ? end : close + 2;
      } else if (cls === CLASS_QUOTE) {
        p = quotedEnd(text, p, end);
      } else p++;
    }
    this.out.copy(ctx.index, text, copyStart, end, ctx.state);
  }

  /** After whitespace, comments and newlines, is the next character `(` (before `end`)? */
  private nextIsLParen(text: string, p: number, end: number): boolean {
    return skipSpaceAndComments(text, p, end) < end && text.charCodeAt(skipSpaceAndComments(text, p, end)) === CH_LPAREN;
  }

  /**
   * Expands the macro invocation that starts at `start` in the source (reading arguments and,
   * during rescanning, further source tokens as C requires). Emits the result as one segment that
   * points at the invocation; returns the source offset after everything consumed.
   */
  private expandAtSource(ctx: FileContext, start: number, end: number): number {
    const reader = new SourceReader(ctx.text, start, end);
    const expander = new Expander(this, ctx, reader, start);
    const parts: string[] = [];
    let last = this.out.lastChar;
    let produced = 0;
    let first = true;
    const spacing = new SpaceTracker();
    try {
      expander.run((t) => {
        if (t.kind === TK_PADDING) {
          spacing.padding(t);
          return;
        }
        // The first token follows the copied text, which already has the name's leading blanks.
        const space = spacing.spaceBefore(t);
        if ((!first && space) || needsSeparator(last, t.text.charCodeAt(0))) {
          parts.push(' ');
          produced++;
        }
        first = false;
        parts.push(t.text);
        produced += t.text.length;
        last = t.text.charCodeAt(t.text.length - 1);
        if (this.expandedChars + produced > 10 * (this.mainLength + this.includedBytes) + (1 << 20)) throw new ExpansionLimit('macro expansion output exceeds the limit');
      });
    } catch (e) {
      if (!(e instanceof ExpansionLimit)) throw e;
      this.report('error', 'PP030', `${e.message}; macro expansion stopped here`, this.at(ctx, start, reader.pos - start));
      this.expansionDisabled = true;
      // Recovery: the invocation becomes `0` (bombs sit in expressions), so what follows is not
      // a cascade of unrelated errors about a half-expanded line.
      this.out.point(ctx.index, needsSeparator(this.out.lastChar, CH_0) ? ' 0' : '0', start, reader.pos - start, ctx.state);
      return reader.pos;
    }
    this.expandedChars += produced;
    const after = reader.pos;
    if (after < ctx.text.length && parts.length > 0 && needsSeparator(last, ctx.text.charCodeAt(after))) parts.push(' ');
    this.out.point(ctx.index, parts.join(''), start, after - start, ctx.state);
    return after;
  }

  // ------------------------------------------------------------ expansion support (used by Expander)

  countWork(n: number): void {
    this.work += n;
    if (this.work > this.workLimit) throw new ExpansionLimit('macro expansion is too large (possible macro bomb)');
  }

  enterExpansion(): void {
    if (++this.expansionDepth > MAX_EXPANSION_DEPTH) {
      throw new ExpansionLimit('macro invocations nested too deeply');
    }
  }
  leaveExpansion(): void {
    if (this.expansionDepth > 0) this.expansionDepth--;
  }

  /** The macro defined under `name` (cheap filter first: most identifiers are not macros). */
  macroNamed(name: string): Macro | undefined {
    return this.macroFilter(name) ? this.macros.get(name) : undefined;
  }

  macroFor(t: Tok): Macro | 'builtin' | undefined {
    if (t.kind !== TK_IDENT || t.noExpand) return undefined;
    if (this.macroFilter(t.text)) {
      const m = this.macros.get(t.text);
      if (m) return m;
    }
    if ((t.text === '__LINE__' || t.text === '__FILE__') && !this.macros.has(t.text)) return 'builtin';
    return undefined;
  }

  /** Fully expands a token list in isolation (macro arguments, #if and #include operands). */
  expandList(ctx: FileContext, tokens: Tok[], at: number, ifExpression = false): Tok[] {
    const out: Tok[] = [];
    try {
      this.enterExpansion();
      new Expander(this, ctx, null, at, tokens, ifExpression).run((t) => out.push(t));
    } finally {
      this.leaveExpansion();
    }
    return out;
  }

  /** Fully expanded tokens without paddings (for #if, #line and #include operands). */
  expandTokens(ctx: FileContext, tokens: Tok[], at: number, ifExpression = false): Tok[] {
    return this.expandList(ctx, tokens, at, ifExpression).filter((t) => t.kind !== TK_PADDING);
  }

  // ------------------------------------------------------------ directives

  /** A directive whose macro expansion exceeds the budget is reported, not thrown. */
  private guardedDirective(ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
    try {
      this.directive(ctx, hash, end, depth, live);
    } catch (e) {
      if (!(e instanceof ExpansionLimit)) throw e;
      this.report('error', 'PP030', e.message, this.at(ctx, hash, 1));
      this.expansionDisabled = true;
    }
  }

  /** Handles the directive text[hash, end); `live` is false inside a skipped region. */
  private directive(ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
    const text = ctx.text;
    if (end - hash > MAX_DIRECTIVE_LENGTH) {
      this.report('error', 'PP003', `directive longer than ${MAX_DIRECTIVE_LENGTH >> 20} MB ignored`, this.at(ctx, hash, 1));
      // Keep the #if structure: an overlong condition counts as false.
      const head = lexRange(text, hash + 1, Math.min(end, hash + 256))[0]?.text;
      if (head === 'if' || head === 'ifdef' || head === 'ifndef') ctx.conds.push({ offset: hash, state: ctx.state, parentLive: live, taken: false, live: false, sawElse: false });
      else if (head === 'elif' && ctx.conds.length > 0) ctx.conds[ctx.conds.length - 1]!.live = false;
      return;
    }
    const toks = lexRange(text, hash + 1, end);
    const nameTok = toks[0];
    if (!nameTok) return; // null directive
    const name = nameTok.kind === TK_IDENT ? nameTok.text : '';
    const args = toks.slice(1);
    switch (name) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        let taken = false;
        if (live) taken = this.evalCondition(ctx, name, nameTok, args, end);
        ctx.conds.push({ offset: hash, state: ctx.state, parentLive: live, taken, live: taken, sawElse: false });
        return;
      }
      case 'elif':
      case 'else': {
        const c = ctx.conds[ctx.conds.length - 1];
        if (!c) {
          this.report('error', 'PP011', `#${name} without #if`, this.at(ctx, hash, end - hash));
          return;
        }
        if (c.sawElse) {
          this.report('error', 'PP012', `#${name} after #else`, this.at(ctx, hash, end - hash));
          c.live = false;
          return;
        }
        if (name === 'else') {
          c.sawElse = true;
          c.live = c.parentLive && !c.taken;
          if (c.live) c.taken = true;
          if (live || c.parentLive) this.extraTokens(ctx, args, 'else');
          return;
        }
        if (c.parentLive && !c.taken) {
          c.live = this.evalCondition(ctx, 'elif', nameTok, args, end);
          if (c.live) c.taken = true;
        } else c.live = false;
        return;
      }
      case 'endif': {
        const c = ctx.conds.pop();
        if (!c) this.report('error', 'PP011', '#endif without #if', this.at(ctx, hash, end - hash));
        else if (c.parentLive) this.extraTokens(ctx, args, 'endif');
        return;
      }
    }
    if (!live) return; // other directives in skipped regions are not even checked (as cpp)
    if (nameTok.kind === TK_NUMBER) {
      // GNU line marker `# 33 "file" flags` not in ptxas's exact form (e.g. a trailing comment).
      this.doLine(ctx, hash, toks, end);
      return;
    }
    switch (name) {
      case 'define':
        this.doDefine(ctx, args, hash);
        return;
      case 'undef': {
        const t = args[0];
        if (!t || t.kind !== TK_IDENT) {
          this.report('error', 'PP020', 'macro names must be identifiers', this.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? 5));
          return;
        }
        this.macros.delete(t.text);
        this.extraTokens(ctx, args.slice(1), 'undef');
        return;
      }
      case 'include':
      case 'include_next':
      case 'import':
        this.doInclude(ctx, hash, nameTok, end, depth, name === 'import');
        return;
      case 'line':
        this.doLine(ctx, hash, args, end);
        return;
      case 'file': {
        // Not cpp and not ptxas: `#file "name"` renames the current file (see docs/divergences.md).
        const s = args.find((t) => t.kind === TK_STRING);
        if (!s) {
          this.report('error', 'PP041', '#file expects "filename"', this.at(ctx, nameTok.offset, 4));
          return;
        }
        const newName = s.text.slice(1, -1);
        ctx.state = { ...ctx.state, name: newName };
        ctx.nameStack[ctx.nameStack.length - 1] = newName;
        return;
      }
      case 'error':
      case 'warning': {
        const msg = text.slice(nameTok.offset + name.length, end).trim();
        this.report(name === 'error' ? 'error' : 'warning', name === 'error' ? 'PP050' : 'PP051', `#${name}${msg ? ' ' + msg : ''}`, this.at(ctx, hash, end - hash));
        return;
      }
      case 'pragma': {
        if (args[0]?.text === 'once' && args.length === 1) {
          this.onceFiles.add(ctx.source.name);
          return;
        }
        this.report('warning', 'PP052', `#pragma ignored: ptxas does not accept '#pragma' lines`, this.at(ctx, hash, end - hash));
        return;
      }
      case 'ident':
      case 'sccs':
        return;
    }
    this.report('error', 'PP001', `invalid preprocessing directive #${nameTok.text}`, this.at(ctx, nameTok.offset, nameTok.text.length));
  }

  private extraTokens(ctx: FileContext, rest: Tok[], name: string): void {
    if (rest.length > 0) this.report('warning', 'PP053', `extra tokens at end of #${name} directive`, this.at(ctx, rest[0]!.offset, rest[0]!.text.length));
  }

  private evalCondition(ctx: FileContext, kind: string, nameTok: Tok, args: Tok[], end: number): boolean {
    if (kind === 'ifdef' || kind === 'ifndef') {
      const t = args[0];
      if (!t || t.kind !== TK_IDENT) {
        this.report('error', 'PP020', `#${kind} expects a macro name`, this.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? kind.length));
        return false;
      }
      this.extraTokens(ctx, args.slice(1), kind);
      const defined = this.macros.has(t.text) || t.text === '__LINE__' || t.text === '__FILE__';
      return kind === 'ifdef' ? defined : !defined;
    }
    // Macro expansion leaves the operand of `defined` alone (also a `defined` that a macro
    // produced, as GCC does); then `defined X` / `defined(X)` become 1 or 0.
    let expanded: Tok[];
    try {
      expanded = this.expandTokens(ctx, args, nameTok.offset, true);
    } catch (e) {
      if (!(e instanceof ExpansionLimit)) throw e;
      this.report('error', 'PP030', e.message, this.at(ctx, nameTok.offset, kind.length));
      this.expansionDisabled = true;
      return false;
    }
    const operands: Tok[] = [];
    const located = (t: Tok | undefined): number => (t && t.offset > nameTok.offset && t.offset < end ? t.offset : nameTok.offset);
    for (let i = 0; i < expanded.length; i++) {
      const t = expanded[i]!;
      if (t.kind !== TK_IDENT || t.text !== 'defined') {
        operands.push(t);
        continue;
      }
      let j = i + 1;
      const paren = expanded[j]?.kind === TK_PUNCT && expanded[j]!.text === '(';
      if (paren) j++;
      const id = expanded[j];
      if (!id || id.kind !== TK_IDENT) {
        this.report('error', 'PP021', "operator 'defined' requires an identifier", this.at(ctx, located(id ?? t), id?.text.length ?? 7));
        return false;
      }
      if (paren) {
        const close = expanded[j + 1];
        if (!close || close.kind !== TK_PUNCT || close.text !== ')') {
          this.report('error', 'PP021', "missing ')' after 'defined'", this.at(ctx, located(close ?? id), 1));
          return false;
        }
        j++;
      }
      const isDef = this.macros.has(id.text) || id.text === '__LINE__' || id.text === '__FILE__';
      operands.push({ kind: TK_NUMBER, text: isDef ? '1' : '0', offset: t.offset, space: t.space });
      i = j;
    }
    // "Ends too early" points just past the last character of the line (before a CR).
    const lineEnd = end > nameTok.offset && ctx.text.charCodeAt(end - 1) === CH_CR ? end - 1 : end;
    const r = evaluateExpression(operands, lineEnd);
    if (!r.ok) {
      // Offsets of tokens that came out of macro bodies are not in this file: point at the directive.
      const off = r.offset >= nameTok.offset && r.offset <= end ? r.offset : nameTok.offset;
      this.report('error', 'PP022', r.message, this.at(ctx, off, 1));
      return false;
    }
    return r.value !== 0n;
  }

  /// define := IDENT ( '(' params ')' )? body
  doDefine(ctx: FileContext, args: Tok[], at: number): void {
    const nameTok = args[0];
    if (!nameTok || nameTok.kind !== TK_IDENT) {
      this.report('error', 'PP020', 'macro names must be identifiers', this.at(ctx, nameTok?.offset ?? at, nameTok?.text.length ?? 1));
      return;
    }
    const name = nameTok.text;
    if (name === 'defined') {
      this.report('error', 'PP020', '"defined" cannot be used as a macro name', this.at(ctx, nameTok.offset, name.length));
      return;
    }
    let i = 1;
    let params: string[] | undefined;
    let variadic = false;
    const lp = args[1];
    if (lp && lp.kind === TK_PUNCT && lp.text === '(' && !lp.space) {
      params = [];
      i = 2;
      let expectParam = true;
      for (;;) {
        const t = args[i];
        if (!t) {
          this.report('error', 'PP023', "missing ')' in macro parameter list", this.at(ctx, lp.offset, 1));
          return;
        }
        i++;
        if (t.kind === TK_PUNCT && t.text === ')' && (!expectParam || params.length === 0)) break;
        if (expectParam && t.kind === TK_IDENT) {
          if (params.includes(t.text)) {
            this.report('error', 'PP023', `duplicate macro parameter "${t.text}"`, this.at(ctx, t.offset, t.text.length));
            return;
          }
          params.push(t.text);
          expectParam = false;
          continue;
        }
        if (!expectParam && t.kind === TK_PUNCT && t.text === ',') {
          expectParam = true;
          continue;
        }
        if (t.kind === TK_PUNCT && t.text === '...') {
          // `...` alone names __VA_ARGS__; after a name it is GNU's named variadic `args...`.
          if (expectParam) params.push('__VA_ARGS__');
          variadic = true;
          const close = args[i];
          if (!close || close.text !== ')') {
            this.report('error', 'PP023', "missing ')' after '...'", this.at(ctx, t.offset, 3));
            return;
          }
          i++;
          break;
        }
        this.report('error', 'PP023', `unexpected "${t.text}" in macro parameter list`, this.at(ctx, t.offset, t.text.length));
        return;
      }
    }
    const body = args.slice(i);
    if (body.length > 0) body[0] = { ...body[0]!, space: false };
    // `#` must name a parameter in function-like macros; `##` cannot be at either end.
    if (params) {
      for (let k = 0; k < body.length; k++) {
        const t = body[k]!;
        if (t.kind === TK_PUNCT && t.text === '#') {
          const p = body[k + 1];
          if (!p || p.kind !== TK_IDENT || !params.includes(p.text)) {
            this.report('error', 'PP024', "'#' is not followed by a macro parameter", this.at(ctx, t.offset, 1));
            return;
          }
        }
      }
    }
    const first = body[0];
    const last = body[body.length - 1];
    if ((first && first.kind === TK_PUNCT && first.text === '##') || (last && last.kind === TK_PUNCT && last.text === '##')) {
      const t = first?.text === '##' ? first : last!;
      this.report('error', 'PP024', "'##' cannot appear at either end of a macro expansion", this.at(ctx, t.offset, 2));
      return;
    }
    const old = this.macros.get(name);
    const state = ctx.state;
    const hasPaste = body.some((t) => t.kind === TK_PUNCT && t.text === '##');
    const macro: Macro = { name, params, variadic, body, hasPaste, disabled: 0, where: () => locationIn(ctx.source, nameTok.offset, 0, state) };
    if (old && !sameDefinition(old, macro)) {
      const prev = old.where();
      this.report('warning', 'PP025', `"${name}" redefined (previous definition at ${prev.file}:${prev.line})`, this.at(ctx, nameTok.offset, name.length));
    }
    this.define(macro);
  }

  private doLine(ctx: FileContext, hash: number, args: Tok[], end: number): void {
    let toks = args;
    if (toks[0]?.kind !== TK_NUMBER) {
      try {
        toks = this.expandTokens(ctx, args, hash);
      } catch (e) {
        if (!(e instanceof ExpansionLimit)) throw e;
        this.report('error', 'PP030', e.message, this.at(ctx, hash, 1));
        this.expansionDisabled = true;
        return;
      }
    }
    const num = toks[0];
    if (!num || num.kind !== TK_NUMBER || !/^[0-9]+$/.test(num.text)) {
      const off = num && num.offset > hash && num.offset < end ? num.offset : hash;
      this.report('error', 'PP040', `#line requires a simple digit sequence, not "${num?.text ?? ''}"`, this.at(ctx, off, num?.text.length ?? 1));
      return;
    }
    const fileTok = toks[1];
    let name: string | undefined;
    let flag = -1;
    if (fileTok) {
      if (fileTok.kind !== TK_STRING || fileTok.text[0] !== '"') {
        this.report('error', 'PP041', `invalid filename "${fileTok.text}" in #line`, this.at(ctx, fileTok.offset, fileTok.text.length));
        return;
      }
      name = fileTok.text.slice(1, -1);
      for (let k = 2; k < toks.length; k++) {
        const t = toks[k]!;
        if (t.kind === TK_NUMBER && /^[0-9]$/.test(t.text)) {
          if (flag < 0) flag = Number(t.text);
        } else {
          this.extraTokens(ctx, toks.slice(k), 'line');
          break;
        }
      }
    }
    this.applyLineMarker(ctx, hash, lineNumber32(num.text), name, flag);
  }

  private doInclude(ctx: FileContext, hash: number, nameTok: Tok, end: number, depth: number, once: boolean): void {
    const text = ctx.text;
    const p = skipSpaceAndComments(text, nameTok.offset + nameTok.text.length, end);
    let target: string | undefined;
    let angled = false;
    const c = text.charCodeAt(p);
    if (p < end && c === CH_QUOTE) {
      const close = text.indexOf('"', p + 1);
      if (close > 0 && close < end) target = text.slice(p + 1, close);
    } else if (p < end && c === CH_LT) {
      const close = text.indexOf('>', p + 1);
      if (close > 0 && close < end) {
        target = text.slice(p + 1, close);
        angled = true;
      }
    } else if (p < end) {
      // Computed include: macro-expand the operand.
      const expanded = this.expandTokens(ctx, lexRange(text, p, end), hash);
      const spelled = expanded.map((t, i) => (i > 0 && t.space ? ' ' : '') + t.text).join('');
      if (spelled.length >= 2 && spelled[0] === '"' && spelled.endsWith('"')) target = spelled.slice(1, -1);
      else if (spelled.length >= 2 && spelled[0] === '<' && spelled.endsWith('>')) {
        target = spelled.slice(1, -1);
        angled = true;
      }
    }
    if (target === undefined || target.length === 0) {
      this.report('error', 'PP060', '#include expects "FILENAME" or <FILENAME>', this.at(ctx, hash, end - hash));
      return;
    }
    if (depth + 1 > MAX_INCLUDE_DEPTH) {
      this.report('error', 'PP062', `#include nested too deeply (more than ${MAX_INCLUDE_DEPTH} levels)`, this.at(ctx, hash, end - hash));
      return;
    }
    const candidates: string[] = [];
    if (!angled) candidates.push(target.startsWith('/') ? target : join(dirname(ctx.source.name), target));
    for (const dir of this.includeDirs) candidates.push(target.startsWith('/') ? target : join(dir, target));
    let found: string | undefined;
    let content: string | undefined;
    for (const path of candidates) {
      content = this.readCached(path);
      if (content !== undefined) {
        found = path;
        break;
      }
    }
    if (found === undefined || content === undefined) {
      this.report('error', 'PP061', `cannot open include file '${target}'`, this.at(ctx, hash, end - hash));
      return;
    }
    if (this.onceFiles.has(found)) return;
    // Repeated inclusion can grow exponentially without any cycle (a.h includes b.h twice, ...).
    this.includeCount++;
    this.includedBytes += content.length;
    if (this.includeCount > MAX_INCLUDES || this.includedBytes > MAX_INCLUDED_BYTES) {
      if (!this.includeLimitReported) {
        this.includeLimitReported = true;
        this.report('error', 'PP064', `too much included text (more than ${MAX_INCLUDES} inclusions or ${MAX_INCLUDED_BYTES >> 20} MB); further #include ignored`, this.at(ctx, hash, end - hash));
      }
      return;
    }
    if (this.includeStack.includes(found)) {
      const chain = [...this.includeStack.slice(this.includeStack.indexOf(found)), found].join(' -> ');
      this.report('error', 'PP063', `#include cycle: ${chain}`, this.at(ctx, hash, end - hash));
      return;
    }
    if (once) this.onceFiles.add(found);
    if (!this.builtinsUsed) this.builtinsUsed = content.includes('__LINE__') || content.includes('__FILE__');
    this.files.push(new SourceFile(found, content));
    const index = this.files.length - 1;
    this.processFile(index, depth + 1);
    // Keep the included file's last line apart from the includer's next line.
    if (content.length > 0 && content.charCodeAt(content.length - 1) !== CH_LF) this.out.point(index, '\n', content.length, 0, this.newContext(index).state);
  }
}

function sameDefinition(a: Macro, b: Macro): boolean {
  if ((a.params === undefined) !== (b.params === undefined)) return false;
  if (a.params && b.params && a.params.join(',') !== b.params.join(',')) return false;
  if (a.variadic !== b.variadic || a.body.length !== b.body.length) return false;
  for (let i = 0; i < a.body.length; i++) {
    const x = a.body[i]!;
    const y = b.body[i]!;
    if (x.text !== y.text || (i > 0 && x.space !== y.space)) return false;
  }
  return true;
}

function skipSpaceAndComments(text: string, p: number, end: number): number {
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
function needsSeparator(a: number, b: number): boolean {
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

// ---------------------------------------------------------------- token sources and expansion

/** Source tokens of a run, read lazily while a macro invocation needs them. */
class SourceReader {
  constructor(
    readonly text: string,
    public pos: number,
    readonly end: number,
  ) {}

  /** The next token, or undefined at the end of the run. Text tokens do not treat `'` as a quote. */
  next(): Tok | undefined {
    workMeter.steps++;
    const text = this.text;
    const start = this.pos;
    const p = skipSpaceAndComments(text, start, this.end);
    if (p >= this.end) {
      this.pos = this.end;
      return undefined;
    }
    const c = text.charCodeAt(p);
    let q: number;
    let kind: number;
    if (isIdentStart(c)) {
      q = p + 1;
      while (q < this.end && isIdentChar(text.charCodeAt(q))) q++;
      kind = TK_IDENT;
    } else if (isDigit(c) || (c === CH_DOT && p + 1 < this.end && isDigit(text.charCodeAt(p + 1)))) {
      q = ppNumberEnd(text, p, this.end);
      kind = TK_NUMBER;
    } else if (c === CH_QUOTE) {
      q = quotedEnd(text, p, this.end);
      kind = TK_STRING;
    } else if (c < 128) {
      q = p + punctLength(text, p, this.end);
      kind = TK_PUNCT;
    } else {
      q = p + 1;
      kind = TK_OTHER;
    }
    this.pos = q;
    return { kind, text: text.slice(p, q), offset: p, space: p > start, fromSource: true };
  }

  /** Is the next non-blank character `(`? (Does not consume.) */
  peekLParen(): boolean {
    const p = skipSpaceAndComments(this.text, this.pos, this.end);
    return p < this.end && this.text.charCodeAt(p) === CH_LPAREN;
  }
}

/**
 * Rescanning expander: a stack of pending tokens in front of an optional source reader. Each
 * identifier naming a macro that is not being expanded is replaced by its expansion, pushed back
 * in front with an end marker (the context model of GCC's cpplib).
 */
class Expander {
  /** Pending tokens, top of stack = next token. */
  private readonly pending: Tok[] = [];

  constructor(
    private readonly pp: Preprocessor,
    private readonly ctx: FileContext,
    private readonly source: SourceReader | null,
    /** Source offset of the invocation (for __LINE__ and diagnostics). */
    private readonly at: number,
    tokens?: Tok[],
    /** In `#if`: the operand of `defined` is not expanded. */
    private readonly ifExpression = false,
  ) {
    if (tokens) for (let i = tokens.length - 1; i >= 0; i--) this.pending.push(tokens[i]!);
  }

  /**
   * The next token, paddings and end markers included. An identifier read while its macro is
   * being expanded is painted: it never expands afterwards (GCC's NO_EXPAND).
   */
  private next(): Tok | undefined {
    workMeter.steps++;
    const t = this.pending.pop() ?? (this.source ? this.source.next() : undefined);
    if (t && t.kind === TK_IDENT && !t.noExpand) {
      const m = this.pp.macroNamed(t.text);
      if (m && m.disabled > 0) return { ...t, noExpand: true };
    }
    return t;
  }

  /** Is the next token other than padding `(`? (Does not consume.) */
  private peekIsLParen(): boolean {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const t = this.pending[i]!;
      if (t.kind === TK_PADDING || t.kind === TK_END) continue;
      return t.kind === TK_PUNCT && t.text === '(';
    }
    return this.source ? this.source.peekLParen() : false;
  }

  private pushFront(tokens: Tok[]): void {
    for (let i = tokens.length - 1; i >= 0; i--) this.pending.push(tokens[i]!);
  }

  /**
   * An expansion goes back in front between paddings (its name's spacing, then "nothing"); the
   * macro stays disabled until its end marker is read.
   */
  private pushExpansion(tokens: Tok[], name: Tok, m: Macro): void {
    this.pending.push(AVOID_PASTE);
    this.pending.push({ kind: TK_END, text: '', offset: -1, space: false, endOf: m });
    this.pushFront(tokens);
    this.pending.push(padding(name));
    m.disabled++;
  }

  /** After an abandoned expansion: enable again every macro whose end marker is still pending. */
  private releasePending(): void {
    for (const t of this.pending) if (t.kind === TK_END) t.endOf!.disabled--;
    this.pending.length = 0;
  }

  /**
   * Emits the fully expanded tokens, paddings included. With a source reader this ends once the
   * first source token (the macro name) and everything its expansion pulled in are done.
   */
  run(emit: (t: Tok) => void): void {
    try {
      this.runUnguarded(emit);
    } catch (e) {
      this.releasePending();
      throw e;
    }
  }

  private runUnguarded(emit: (t: Tok) => void): void {
    let started = false;
    for (;;) {
      if (started && this.source && this.pending.length === 0) return;
      const t = this.next();
      if (!t) return;
      started = true;
      if (t.kind === TK_END) {
        t.endOf!.disabled--;
        continue;
      }
      if (this.ifExpression && t.kind === TK_IDENT && t.text === 'defined') {
        emit(t);
        // `defined X` or `defined ( X )`: pass the operand through unexpanded.
        let u = this.nextReal();
        if (u && u.kind === TK_PUNCT && u.text === '(') {
          emit(u);
          u = this.nextReal();
        }
        if (u) emit(u);
        continue;
      }
      const m = this.pp.macroFor(t);
      if (m === undefined) {
        emit(t);
        continue;
      }
      if (m === 'builtin') {
        emit(this.builtin(t));
        continue;
      }
      if (!m.params) {
        this.pp.countWork(m.body.length + 1);
        this.pushExpansion(m.hasPaste ? this.substitute(m, []) : m.body, t, m);
        continue;
      }
      if (!this.peekIsLParen()) {
        emit(t);
        continue;
      }
      this.nextReal(); // (
      const call = this.collectArgs(m, t);
      if (!call) continue;
      this.pushExpansion(this.substitute(m, call.args), t, m);
    }
  }

  /** The next token that is not padding, processing end markers on the way. */
  private nextReal(): Tok | undefined {
    for (;;) {
      const u = this.next();
      if (!u) return undefined;
      if (u.kind === TK_PADDING) continue;
      if (u.kind === TK_END) {
        u.endOf!.disabled--;
        continue;
      }
      return u;
    }
  }

  private builtin(t: Tok): Tok {
    // Straight from the source: its own line; from a macro body or argument: the invocation's.
    const loc = this.pp.at(this.ctx, this.source && t.fromSource ? t.offset : this.at);
    const text = t.text === '__LINE__' ? String(loc.line) : JSON.stringify(loc.file);
    return { kind: t.text === '__LINE__' ? TK_NUMBER : TK_STRING, text, offset: t.offset, space: t.space };
  }

  /**
   * Reads `arg, arg, ...)` after the `(`; undefined (after an error) when unterminated or wrong
   * count. Paddings are kept inside an argument and dropped at its ends (as cpp does).
   */
  private collectArgs(m: Macro, nameTok: Tok): { args: Tok[][] } | undefined {
    const params = m.params!;
    const args: Tok[][] = [[]];
    let depth = 0;
    let collected = 0;
    const trim = (a: Tok[]) => {
      while (a.length > 0 && a[a.length - 1]!.kind === TK_PADDING) a.pop();
    };
    for (;;) {
      const t = this.next();
      if (!t) {
        this.pp.report('error', 'PP031', `unterminated argument list invoking macro "${m.name}"`, this.pp.at(this.ctx, this.originOffset(nameTok), m.name.length));
        return undefined;
      }
      this.pp.countWork(1);
      if (++collected > MAX_ARGUMENT_TOKENS) throw new ExpansionLimit(`arguments of macro "${m.name}" exceed ${MAX_ARGUMENT_TOKENS} tokens`);
      const current = args[args.length - 1]!;
      if (t.kind === TK_END) {
        // Arguments may run past the end of an expansion: that macro is enabled again (as GCC).
        t.endOf!.disabled--;
        continue;
      }
      if (t.kind === TK_PADDING) {
        if (current.length > 0) current.push(t);
        continue;
      }
      if (t.kind === TK_PUNCT) {
        if (t.text === '(') depth++;
        else if (t.text === ')') {
          if (depth === 0) {
            for (const a of args) trim(a);
            const nargs = args.length === 1 && args[0]!.length === 0 && params.length === 0 ? 0 : args.length;
            if (params.length === 0 && nargs === 0) return { args: [] };
            if (m.variadic ? nargs < params.length - 1 : nargs !== params.length) {
              const wanted = m.variadic ? `at least ${params.length - 1}` : String(params.length);
              this.pp.report('error', 'PP032', `macro "${m.name}" requires ${wanted} argument${wanted === '1' ? '' : 's'}, but ${nargs} given`, this.pp.at(this.ctx, this.originOffset(nameTok), m.name.length));
              return undefined;
            }
            while (args.length < params.length) args.push([]);
            return { args };
          }
          depth--;
        } else if (t.text === ',' && depth === 0 && !(m.variadic && args.length === params.length)) {
          args.push([]);
          continue;
        }
      }
      current.push(t);
    }
  }

  private originOffset(t: Tok): number {
    return this.source && t.fromSource ? t.offset : this.at;
  }

  /** The body with parameters replaced: `#p` stringized, operands of `##` raw, others fully expanded. */
  private substitute(m: Macro, args: Tok[][]): Tok[] {
    const params = m.params ?? [];
    const expandedCache = new Map<number, Tok[]>();
    const argIndex = (t: Tok | undefined): number => (t && t.kind === TK_IDENT ? params.indexOf(t.text) : -1);
    const expanded = (k: number): Tok[] => {
      let e = expandedCache.get(k);
      if (!e) {
        e = this.pp.expandList(this.ctx, args[k]!, this.at);
        expandedCache.set(k, e);
      }
      return e;
    };
    const body = m.body;
    const out: Tok[] = [];
    const isPaste = (t: Tok | undefined): boolean => t !== undefined && t.kind === TK_PUNCT && t.text === '##';
    /** The last real token of `out` (paddings between are dropped, as cpp's paste skips them). */
    const lastReal = (): Tok | undefined => {
      while (out.length > 0 && out[out.length - 1]!.kind === TK_PADDING) out.pop();
      return out[out.length - 1];
    };
    for (let i = 0; i < body.length; i++) {
      const t = body[i]!;
      if (t.kind === TK_PUNCT && t.text === '#' && argIndex(body[i + 1]) >= 0) {
        out.push({ kind: TK_STRING, text: stringize(args[argIndex(body[i + 1])]!), offset: t.offset, space: t.space });
        i++;
        continue;
      }
      if (isPaste(t)) {
        const rhs = body[i + 1]!;
        const k = argIndex(rhs);
        let right: Tok[];
        if (k >= 0) {
          right = args[k]!;
          // GNU: `, ## __VA_ARGS__` drops the comma when the variable arguments are empty.
          if (m.variadic && k === params.length - 1) {
            const prev = lastReal();
            if (prev && prev.kind === TK_PUNCT && prev.text === ',') {
              if (right.length === 0) out.pop();
              else for (const r of right) out.push(r);
              i++;
              continue;
            }
          }
        } else right = [rhs];
        i++;
        if (right.length === 0) continue; // placemarker on the right
        const left = lastReal();
        if (!left || (left as Tok & { placemarker?: boolean }).placemarker) {
          if (left) out.pop();
          for (const r of right) out.push(r);
          continue;
        }
        out.pop();
        for (const p of this.paste(left, right[0]!)) out.push(p);
        for (let r = 1; r < right.length; r++) out.push(right[r]!);
        continue;
      }
      const k = argIndex(t);
      if (k >= 0) {
        if (isPaste(body[i + 1])) {
          const raw = args[k]!;
          // Left operand of `##`: cpp still pads it with the parameter's spacing.
          if (i > 0 && !isPaste(body[i - 1])) out.push(padding(t));
          if (raw.length === 0) out.push({ kind: TK_OTHER, text: '', offset: t.offset, space: t.space, placemarker: true } as Tok);
          else for (const r of raw) out.push(r);
        } else {
          // cpp: padding for the parameter's own spacing (not before the first body token), the
          // expanded argument, then padding that adds nothing.
          if (i > 0) out.push(padding(t));
          for (const e of expanded(k)) out.push(e);
          out.push(AVOID_PASTE);
        }
        continue;
      }
      out.push(t);
    }
    this.pp.countWork(out.length);
    // Drop any placemarkers left (an empty argument whose `##` partner was also empty).
    return out.filter((t) => !(t as Tok & { placemarker?: boolean }).placemarker);
  }

  private paste(left: Tok, right: Tok): Tok[] {
    const text = left.text + right.text;
    const toks = lexRange(text, 0, text.length);
    if (toks.length === 1) return [{ ...toks[0]!, offset: left.offset, space: left.space }];
    this.pp.report('error', 'PP033', `pasting "${left.text}" and "${right.text}" does not give a valid preprocessing token`, this.pp.at(this.ctx, this.at, 1));
    return [left, right];
  }
}

/**
 * cpp's rule for whether a token is printed (or stringized) with a space before it, given the
 * paddings in front of it: the first padding's source decides, unless it had no space and a
 * "nothing" padding follows, in which case the token's own spacing does.
 */
class SpaceTracker {
  private source: Tok | null | undefined = undefined;
  padding(p: Tok): void {
    const src = p.src ?? null;
    if (this.source === undefined || this.source === null || (!this.source.space && src === null)) this.source = src;
  }
  /** Whether `t` gets a space before it; resets for the next token. */
  spaceBefore(t: Tok): boolean {
    const s = this.source ?? t;
    this.source = undefined;
    return s.space;
  }
}

/** `#arg`: the argument's spelling as a string literal, `"` and `\` escaped inside literals. */
function stringize(tokens: Tok[]): string {
  let s = '"';
  let any = false;
  const spacing = new SpaceTracker();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === TK_PADDING) {
      spacing.padding(t);
      continue;
    }
    const space = spacing.spaceBefore(t);
    if (any && space) s += ' ';
    any = true;
    if (t.kind === TK_STRING || t.kind === TK_CHAR) {
      for (const ch of t.text) s += ch === '"' || ch === '\\' ? '\\' + ch : ch;
    } else s += t.text;
  }
  return s + '"';
}

/**
 * Preprocesses one PTX file. Text without any `#` (and no -D) is returned unchanged with the
 * identity mapping after a single indexOf scan.
 */
export function preprocess(fileName: string, text: string, options: PreprocessOptions = {}): PreprocessResult {
  const defines = options.preprocess !== false ? (options.defines ?? []) : [];
  if (defines.length === 0 && text.indexOf('#') < 0) return { mapped: unmapped(new SourceFile(fileName, text)), diagnostics: [], identity: true };
  const pp = new Preprocessor(fileName, text, options);
  pp.run(text);
  if (pp.diagnostics.length === 0 && pp.out.segOut.length === 1 && pp.out.segSrc[0] === 0 && pp.out.segFile[0] === 0 && pp.out.length === text.length && pp.out.segPoint[0] === -1 && pp.out.segState[0]!.markerOffset < 0) {
    // Nothing changed (e.g. `#` only in comments): the plain mapping is as good and cheaper.
    return { mapped: unmapped(pp.files[0]!), diagnostics: [], identity: true };
  }
  return { mapped: buildMapped(pp.out, pp.files, initialPresumed(fileName)), diagnostics: pp.diagnostics };
}
