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
import { host } from '../../core/host.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { SourceFile, unmapped, type MappedText, type SourceLocation } from '../../core/source.js';
import { TK_IDENT } from './expr.js';
import { MAX_EXPANSION_DEPTH, MAX_UNTERMINATED_REPORTS } from './limits.js';
import { CHAR_CLASS, CH_0, CH_LPAREN, CH_SLASH, CH_STAR, CLASS_DIGIT, CLASS_DOT, CLASS_IDENT, CLASS_OTHER, CLASS_QUOTE, CLASS_SLASH, HashScanner, Macro, TK_PADDING, Tok, directiveEnd, directiveLineStart, isDigit, lexRange, matchLineMarker, needsSeparator, ppNumberEnd, quotedEnd, skipSpaceAndComments } from './scan.js';
import { FileContext, Output, buildMapped, initialPresumed, locationIn } from './source-map.js';
import { Expander, ExpansionLimit, SourceReader, SpaceTracker } from './expand.js';
import { doDefine, guardedDirective } from './directives.js';
import { PTX_DIAGNOSTICS, type PtxCode } from '../diagnostics.js';

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

/** One run of the preprocessor over a file and its includes: files, conditionals, macros, directives, and the output. */
class Preprocessor {
  readonly files: SourceFile[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly out = new Output();
  readonly macros = new Map<string, Macro>();
  /** First characters and length range of defined macro names: a cheap filter before the Map. */
  private readonly firstChars = new Uint8Array(128);
  private minNameLength = Infinity;
  private maxNameLength = 0;
  readonly includeStack: string[] = [];
  /** Include files read so far (undefined: missing), so repeated includes cost one read. */
  private readonly fileCache = new Map<string, string | undefined>();
  includeCount = 0;
  includedBytes = 0;
  includeLimitReported = false;
  readonly onceFiles = new Set<string>();
  private readonly readFile: (path: string) => string | undefined;
  readonly includeDirs: string[];
  /** Budget for expansion work (tokens created) and output characters; exceeding it stops expansion. */
  private work = 0;
  private readonly workLimit: number;
  /** Characters produced by macro expansion so far, against 10x the input read plus 1 MB. */
  private expandedChars = 0;
  private readonly mainLength: number;
  expansionDisabled = false;
  private expansionDepth = 0;
  /** Builtins (__FILE__, __LINE__) occur in some file: scan runs even without user macros. */
  builtinsUsed = false;

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

  /** Reports `code` with the catalog's severity. */
  report(code: PtxCode, message: string, location?: SourceLocation): void {
    if (this.diagnostics.length >= 1000) return;
    const severity = PTX_DIAGNOSTICS[code].severity;
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
      doDefine(this, ctx, lexRange(text, p, p + line.length), p);
      p += line.length + 1;
    }
  }

  newContext(index: number): FileContext {
    const source = this.files[index]!;
    const state = initialPresumed(source.name);
    return { index, source, text: source.text, state, nameStack: ['', '', source.name], conds: [] };
  }

  readCached(path: string): string | undefined {
    if (this.fileCache.has(path)) return this.fileCache.get(path);
    const content = this.readFile(path);
    this.fileCache.set(path, content);
    return content;
  }

  processFile(index: number, depth: number): void {
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
          guardedDirective(this, ctx, hash, end, depth, false);
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
      if (this.preprocessing) guardedDirective(this, ctx, hash, end, depth, true);
      else {
        this.report('PP002', `syntax error at '#': ptxas only understands '#line N "file"' line markers without preprocessing`, this.at(ctx, hash, 1));
      }
      pos = runStart = Math.min(end + 1, text.length);
      if (end >= text.length) break;
    }
    const open = ctx.conds.length;
    for (let i = open - 1, n = 0; i >= 0 && n < MAX_UNTERMINATED_REPORTS; i--, n++) {
      const c = ctx.conds[i]!;
      this.report('PP010', 'unterminated conditional directive (#if without #endif)', locationIn(ctx.source, c.offset, 1, c.state));
    }
    this.includeStack.pop();
  }

  // ------------------------------------------------------------ line markers

  applyLineMarker(ctx: FileContext, hash: number, line: number, name: string | undefined, flag: number): void {
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
      this.report('PP030', `${e.message}; macro expansion stopped here`, this.at(ctx, start, reader.pos - start));
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
export { MAX_INCLUDE_DEPTH, MAX_EXPANSION_DEPTH, MAX_ARGUMENT_TOKENS, MAX_DIRECTIVE_LENGTH, MAX_INCLUDES, MAX_INCLUDED_BYTES } from './limits.js';
