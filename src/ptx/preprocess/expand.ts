/** PTX preprocessor, macro expansion: token sources, the expander (object-like and function-like macros, `#`, `##`), stringizing. */
import { workMeter } from '../../core/work.js';
import { TK_CHAR, TK_IDENT, TK_NUMBER, TK_OTHER, TK_PUNCT, TK_STRING } from './expr.js';
import { MAX_ARGUMENT_TOKENS } from './limits.js';
import { AVOID_PASTE, CH_DOT, CH_LPAREN, CH_QUOTE, Macro, TK_END, TK_PADDING, Tok, isDigit, isIdentChar, isIdentStart, lexRange, padding, ppNumberEnd, punctLength, quotedEnd, skipSpaceAndComments } from './scan.js';
import type { SourceLocation } from '../../core/source.js';
import type { PtxCode } from '../diagnostics.js';
import type { FileContext } from './source-map.js';

/** What the expander asks of the preprocessor that runs it. */
export interface ExpansionHost {
  report(code: PtxCode, message: string, location?: SourceLocation): void;
  at(ctx: FileContext, offset: number, length?: number): SourceLocation;
  countWork(n: number): void;
  macroNamed(name: string): Macro | undefined;
  macroFor(t: Tok): Macro | 'builtin' | undefined;
  expandList(ctx: FileContext, tokens: Tok[], at: number, ifExpression?: boolean): Tok[];
}

/** Thrown to abandon an expansion that exceeds the budget (reported once, then expansion stops). */
export class ExpansionLimit {
  constructor(readonly message: string) {}
}

export function sameDefinition(a: Macro, b: Macro): boolean {
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

// ---------------------------------------------------------------- token sources and expansion

/** Source tokens of a run, read lazily while a macro invocation needs them. */
export class SourceReader {
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
export class Expander {
  /** Pending tokens, top of stack = next token. */
  private readonly pending: Tok[] = [];

  constructor(
    private readonly pp: ExpansionHost,
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
        this.pp.report('PP031', `unterminated argument list invoking macro "${m.name}"`, this.pp.at(this.ctx, this.originOffset(nameTok), m.name.length));
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
              this.pp.report('PP032', `macro "${m.name}" requires ${wanted} argument${wanted === '1' ? '' : 's'}, but ${nargs} given`, this.pp.at(this.ctx, this.originOffset(nameTok), m.name.length));
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
    this.pp.report('PP033', `pasting "${left.text}" and "${right.text}" does not give a valid preprocessing token`, this.pp.at(this.ctx, this.at, 1));
    return [left, right];
  }
}

/**
 * cpp's rule for whether a token is printed (or stringized) with a space before it, given the
 * paddings in front of it: the first padding's source decides, unless it had no space and a
 * "nothing" padding follows, in which case the token's own spacing does.
 */
export class SpaceTracker {
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
export function stringize(tokens: Tok[]): string {
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
