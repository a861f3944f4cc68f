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
import { evaluateExpression, TK_IDENT, TK_NUMBER, TK_PUNCT, TK_STRING } from './expr.js';
import { MAX_DIRECTIVE_LENGTH, MAX_EXPANSION_DEPTH, MAX_INCLUDED_BYTES, MAX_INCLUDES, MAX_INCLUDE_DEPTH, MAX_UNTERMINATED_REPORTS } from './limits.js';
import { CHAR_CLASS, CH_0, CH_CR, CH_LF, CH_LPAREN, CH_LT, CH_QUOTE, CH_SLASH, CH_STAR, CLASS_DIGIT, CLASS_DOT, CLASS_IDENT, CLASS_OTHER, CLASS_QUOTE, CLASS_SLASH, HashScanner, Macro, TK_PADDING, Tok, directiveEnd, directiveLineStart, isDigit, lexRange, lineNumber32, matchLineMarker, needsSeparator, ppNumberEnd, quotedEnd, skipSpaceAndComments } from './scan.js';
import { FileContext, Output, buildMapped, initialPresumed, locationIn } from './source-map.js';
import { Expander, ExpansionLimit, SourceReader, SpaceTracker, sameDefinition } from './expand.js';
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

  // ------------------------------------------------------------ directives

  /** A directive whose macro expansion exceeds the budget is reported, not thrown. */
  private guardedDirective(ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
    try {
      this.directive(ctx, hash, end, depth, live);
    } catch (e) {
      if (!(e instanceof ExpansionLimit)) throw e;
      this.report('PP030', e.message, this.at(ctx, hash, 1));
      this.expansionDisabled = true;
    }
  }

  /** Handles the directive text[hash, end); `live` is false inside a skipped region. */
  private directive(ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
    const text = ctx.text;
    if (end - hash > MAX_DIRECTIVE_LENGTH) {
      this.report('PP003', `directive longer than ${MAX_DIRECTIVE_LENGTH >> 20} MB ignored`, this.at(ctx, hash, 1));
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
          this.report('PP011', `#${name} without #if`, this.at(ctx, hash, end - hash));
          return;
        }
        if (c.sawElse) {
          this.report('PP012', `#${name} after #else`, this.at(ctx, hash, end - hash));
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
        if (!c) this.report('PP011', '#endif without #if', this.at(ctx, hash, end - hash));
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
          this.report('PP020', 'macro names must be identifiers', this.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? 5));
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
          this.report('PP041', '#file expects "filename"', this.at(ctx, nameTok.offset, 4));
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
        this.report(name === 'error' ? 'PP050' : 'PP051', `#${name}${msg ? ' ' + msg : ''}`, this.at(ctx, hash, end - hash));
        return;
      }
      case 'pragma': {
        if (args[0]?.text === 'once' && args.length === 1) {
          this.onceFiles.add(ctx.source.name);
          return;
        }
        this.report('PP052', `#pragma ignored: ptxas does not accept '#pragma' lines`, this.at(ctx, hash, end - hash));
        return;
      }
      case 'ident':
      case 'sccs':
        return;
    }
    this.report('PP001', `invalid preprocessing directive #${nameTok.text}`, this.at(ctx, nameTok.offset, nameTok.text.length));
  }

  private extraTokens(ctx: FileContext, rest: Tok[], name: string): void {
    if (rest.length > 0) this.report('PP053', `extra tokens at end of #${name} directive`, this.at(ctx, rest[0]!.offset, rest[0]!.text.length));
  }

  private evalCondition(ctx: FileContext, kind: string, nameTok: Tok, args: Tok[], end: number): boolean {
    if (kind === 'ifdef' || kind === 'ifndef') {
      const t = args[0];
      if (!t || t.kind !== TK_IDENT) {
        this.report('PP020', `#${kind} expects a macro name`, this.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? kind.length));
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
      this.report('PP030', e.message, this.at(ctx, nameTok.offset, kind.length));
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
        this.report('PP021', "operator 'defined' requires an identifier", this.at(ctx, located(id ?? t), id?.text.length ?? 7));
        return false;
      }
      if (paren) {
        const close = expanded[j + 1];
        if (!close || close.kind !== TK_PUNCT || close.text !== ')') {
          this.report('PP021', "missing ')' after 'defined'", this.at(ctx, located(close ?? id), 1));
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
      this.report('PP022', r.message, this.at(ctx, off, 1));
      return false;
    }
    return r.value !== 0n;
  }

  /// define := IDENT ( '(' params ')' )? body
  doDefine(ctx: FileContext, args: Tok[], at: number): void {
    const nameTok = args[0];
    if (!nameTok || nameTok.kind !== TK_IDENT) {
      this.report('PP020', 'macro names must be identifiers', this.at(ctx, nameTok?.offset ?? at, nameTok?.text.length ?? 1));
      return;
    }
    const name = nameTok.text;
    if (name === 'defined') {
      this.report('PP020', '"defined" cannot be used as a macro name', this.at(ctx, nameTok.offset, name.length));
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
          this.report('PP023', "missing ')' in macro parameter list", this.at(ctx, lp.offset, 1));
          return;
        }
        i++;
        if (t.kind === TK_PUNCT && t.text === ')' && (!expectParam || params.length === 0)) break;
        if (expectParam && t.kind === TK_IDENT) {
          if (params.includes(t.text)) {
            this.report('PP023', `duplicate macro parameter "${t.text}"`, this.at(ctx, t.offset, t.text.length));
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
            this.report('PP023', "missing ')' after '...'", this.at(ctx, t.offset, 3));
            return;
          }
          i++;
          break;
        }
        this.report('PP023', `unexpected "${t.text}" in macro parameter list`, this.at(ctx, t.offset, t.text.length));
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
            this.report('PP024', "'#' is not followed by a macro parameter", this.at(ctx, t.offset, 1));
            return;
          }
        }
      }
    }
    const first = body[0];
    const last = body[body.length - 1];
    if ((first && first.kind === TK_PUNCT && first.text === '##') || (last && last.kind === TK_PUNCT && last.text === '##')) {
      const t = first?.text === '##' ? first : last!;
      this.report('PP024', "'##' cannot appear at either end of a macro expansion", this.at(ctx, t.offset, 2));
      return;
    }
    const old = this.macros.get(name);
    const state = ctx.state;
    const hasPaste = body.some((t) => t.kind === TK_PUNCT && t.text === '##');
    const macro: Macro = { name, params, variadic, body, hasPaste, disabled: 0, where: () => locationIn(ctx.source, nameTok.offset, 0, state) };
    if (old && !sameDefinition(old, macro)) {
      const prev = old.where();
      this.report('PP025', `"${name}" redefined (previous definition at ${prev.file}:${prev.line})`, this.at(ctx, nameTok.offset, name.length));
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
        this.report('PP030', e.message, this.at(ctx, hash, 1));
        this.expansionDisabled = true;
        return;
      }
    }
    const num = toks[0];
    if (!num || num.kind !== TK_NUMBER || !/^[0-9]+$/.test(num.text)) {
      const off = num && num.offset > hash && num.offset < end ? num.offset : hash;
      this.report('PP040', `#line requires a simple digit sequence, not "${num?.text ?? ''}"`, this.at(ctx, off, num?.text.length ?? 1));
      return;
    }
    const fileTok = toks[1];
    let name: string | undefined;
    let flag = -1;
    if (fileTok) {
      if (fileTok.kind !== TK_STRING || fileTok.text[0] !== '"') {
        this.report('PP041', `invalid filename "${fileTok.text}" in #line`, this.at(ctx, fileTok.offset, fileTok.text.length));
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
      this.report('PP060', '#include expects "FILENAME" or <FILENAME>', this.at(ctx, hash, end - hash));
      return;
    }
    if (depth + 1 > MAX_INCLUDE_DEPTH) {
      this.report('PP062', `#include nested too deeply (more than ${MAX_INCLUDE_DEPTH} levels)`, this.at(ctx, hash, end - hash));
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
      this.report('PP061', `cannot open include file '${target}'`, this.at(ctx, hash, end - hash));
      return;
    }
    if (this.onceFiles.has(found)) return;
    // Repeated inclusion can grow exponentially without any cycle (a.h includes b.h twice, ...).
    this.includeCount++;
    this.includedBytes += content.length;
    if (this.includeCount > MAX_INCLUDES || this.includedBytes > MAX_INCLUDED_BYTES) {
      if (!this.includeLimitReported) {
        this.includeLimitReported = true;
        this.report('PP064', `too much included text (more than ${MAX_INCLUDES} inclusions or ${MAX_INCLUDED_BYTES >> 20} MB); further #include ignored`, this.at(ctx, hash, end - hash));
      }
      return;
    }
    if (this.includeStack.includes(found)) {
      const chain = [...this.includeStack.slice(this.includeStack.indexOf(found)), found].join(' -> ');
      this.report('PP063', `#include cycle: ${chain}`, this.at(ctx, hash, end - hash));
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
