/**
 * PTX preprocessor, directives: conditionals (`#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`
 * and their expressions), `#define`/`#undef`, `#include`, `#line` and line markers, `#file`,
 * `#error`/`#warning`, `#pragma`. Free functions over the preprocessor's state (`DirectiveHost`,
 * which the `Preprocessor` of preprocess.ts is); the file walk and macro expansion stay there.
 */
import { dirname, join } from '../../core/path.js';
import { SourceFile, type SourceLocation } from '../../core/source.js';
import type { PtxCode } from '../diagnostics.js';
import { evaluateExpression, TK_IDENT, TK_NUMBER, TK_PUNCT, TK_STRING } from './expr.js';
import { MAX_DIRECTIVE_LENGTH, MAX_INCLUDED_BYTES, MAX_INCLUDES, MAX_INCLUDE_DEPTH } from './limits.js';
import { CH_CR, CH_LF, CH_LT, CH_QUOTE, Macro, Tok, lexRange, lineNumber32, skipSpaceAndComments } from './scan.js';
import { locationIn, type FileContext, type Output } from './source-map.js';
import { ExpansionLimit, sameDefinition } from './expand.js';

/** The preprocessor state and moves the directives use (the `Preprocessor` class provides them). */
export interface DirectiveHost {
  readonly files: SourceFile[];
  readonly out: Output;
  readonly macros: Map<string, Macro>;
  readonly includeDirs: string[];
  readonly includeStack: string[];
  readonly onceFiles: Set<string>;
  includeCount: number;
  includedBytes: number;
  includeLimitReported: boolean;
  expansionDisabled: boolean;
  builtinsUsed: boolean;
  report(code: PtxCode, message: string, location?: SourceLocation): void;
  at(ctx: FileContext, offset: number, length?: number): SourceLocation;
  define(m: Macro): void;
  expandTokens(ctx: FileContext, tokens: Tok[], at: number, ifExpression?: boolean): Tok[];
  readCached(path: string): string | undefined;
  newContext(index: number): FileContext;
  processFile(index: number, depth: number): void;
  applyLineMarker(ctx: FileContext, hash: number, line: number, name: string | undefined, flag: number): void;
}

/** A directive whose macro expansion exceeds the budget is reported, not thrown. */
export function guardedDirective(pp: DirectiveHost, ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
  try {
    directive(pp, ctx, hash, end, depth, live);
  } catch (e) {
    if (!(e instanceof ExpansionLimit)) throw e;
    pp.report('PP030', e.message, pp.at(ctx, hash, 1));
    pp.expansionDisabled = true;
  }
}

/** Handles the directive text[hash, end); `live` is false inside a skipped region. */
function directive(pp: DirectiveHost, ctx: FileContext, hash: number, end: number, depth: number, live: boolean): void {
  const text = ctx.text;
  if (end - hash > MAX_DIRECTIVE_LENGTH) {
    pp.report('PP003', `directive longer than ${MAX_DIRECTIVE_LENGTH >> 20} MB ignored`, pp.at(ctx, hash, 1));
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
      if (live) taken = evalCondition(pp, ctx, name, nameTok, args, end);
      ctx.conds.push({ offset: hash, state: ctx.state, parentLive: live, taken, live: taken, sawElse: false });
      return;
    }
    case 'elif':
    case 'else': {
      const c = ctx.conds[ctx.conds.length - 1];
      if (!c) {
        pp.report('PP011', `#${name} without #if`, pp.at(ctx, hash, end - hash));
        return;
      }
      if (c.sawElse) {
        pp.report('PP012', `#${name} after #else`, pp.at(ctx, hash, end - hash));
        c.live = false;
        return;
      }
      if (name === 'else') {
        c.sawElse = true;
        c.live = c.parentLive && !c.taken;
        if (c.live) c.taken = true;
        if (live || c.parentLive) extraTokens(pp, ctx, args, 'else');
        return;
      }
      if (c.parentLive && !c.taken) {
        c.live = evalCondition(pp, ctx, 'elif', nameTok, args, end);
        if (c.live) c.taken = true;
      } else c.live = false;
      return;
    }
    case 'endif': {
      const c = ctx.conds.pop();
      if (!c) pp.report('PP011', '#endif without #if', pp.at(ctx, hash, end - hash));
      else if (c.parentLive) extraTokens(pp, ctx, args, 'endif');
      return;
    }
  }
  if (!live) return; // other directives in skipped regions are not even checked (as cpp)
  if (nameTok.kind === TK_NUMBER) {
    // GNU line marker `# 33 "file" flags` not in ptxas's exact form (e.g. a trailing comment).
    doLine(pp, ctx, hash, toks, end);
    return;
  }
  switch (name) {
    case 'define':
      doDefine(pp, ctx, args, hash);
      return;
    case 'undef': {
      const t = args[0];
      if (!t || t.kind !== TK_IDENT) {
        pp.report('PP020', 'macro names must be identifiers', pp.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? 5));
        return;
      }
      pp.macros.delete(t.text);
      extraTokens(pp, ctx, args.slice(1), 'undef');
      return;
    }
    case 'include':
    case 'include_next':
    case 'import':
      doInclude(pp, ctx, hash, nameTok, end, depth, name === 'import');
      return;
    case 'line':
      doLine(pp, ctx, hash, args, end);
      return;
    case 'file': {
      // Not cpp and not ptxas: `#file "name"` renames the current file (see docs/divergences.md).
      const s = args.find((t) => t.kind === TK_STRING);
      if (!s) {
        pp.report('PP041', '#file expects "filename"', pp.at(ctx, nameTok.offset, 4));
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
      pp.report(name === 'error' ? 'PP050' : 'PP051', `#${name}${msg ? ' ' + msg : ''}`, pp.at(ctx, hash, end - hash));
      return;
    }
    case 'pragma': {
      if (args[0]?.text === 'once' && args.length === 1) {
        pp.onceFiles.add(ctx.source.name);
        return;
      }
      pp.report('PP052', `#pragma ignored: ptxas does not accept '#pragma' lines`, pp.at(ctx, hash, end - hash));
      return;
    }
    case 'ident':
    case 'sccs':
      return;
  }
  pp.report('PP001', `invalid preprocessing directive #${nameTok.text}`, pp.at(ctx, nameTok.offset, nameTok.text.length));
}

function extraTokens(pp: DirectiveHost, ctx: FileContext, rest: Tok[], name: string): void {
  if (rest.length > 0) pp.report('PP053', `extra tokens at end of #${name} directive`, pp.at(ctx, rest[0]!.offset, rest[0]!.text.length));
}

function evalCondition(pp: DirectiveHost, ctx: FileContext, kind: string, nameTok: Tok, args: Tok[], end: number): boolean {
  if (kind === 'ifdef' || kind === 'ifndef') {
    const t = args[0];
    if (!t || t.kind !== TK_IDENT) {
      pp.report('PP020', `#${kind} expects a macro name`, pp.at(ctx, t?.offset ?? nameTok.offset, t?.text.length ?? kind.length));
      return false;
    }
    extraTokens(pp, ctx, args.slice(1), kind);
    const defined = pp.macros.has(t.text) || t.text === '__LINE__' || t.text === '__FILE__';
    return kind === 'ifdef' ? defined : !defined;
  }
  // Macro expansion leaves the operand of `defined` alone (also a `defined` that a macro
  // produced, as GCC does); then `defined X` / `defined(X)` become 1 or 0.
  let expanded: Tok[];
  try {
    expanded = pp.expandTokens(ctx, args, nameTok.offset, true);
  } catch (e) {
    if (!(e instanceof ExpansionLimit)) throw e;
    pp.report('PP030', e.message, pp.at(ctx, nameTok.offset, kind.length));
    pp.expansionDisabled = true;
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
      pp.report('PP021', "operator 'defined' requires an identifier", pp.at(ctx, located(id ?? t), id?.text.length ?? 7));
      return false;
    }
    if (paren) {
      const close = expanded[j + 1];
      if (!close || close.kind !== TK_PUNCT || close.text !== ')') {
        pp.report('PP021', "missing ')' after 'defined'", pp.at(ctx, located(close ?? id), 1));
        return false;
      }
      j++;
    }
    const isDef = pp.macros.has(id.text) || id.text === '__LINE__' || id.text === '__FILE__';
    operands.push({ kind: TK_NUMBER, text: isDef ? '1' : '0', offset: t.offset, space: t.space });
    i = j;
  }
  // "Ends too early" points just past the last character of the line (before a CR).
  const lineEnd = end > nameTok.offset && ctx.text.charCodeAt(end - 1) === CH_CR ? end - 1 : end;
  const r = evaluateExpression(operands, lineEnd);
  if (!r.ok) {
    // Offsets of tokens that came out of macro bodies are not in this file: point at the directive.
    const off = r.offset >= nameTok.offset && r.offset <= end ? r.offset : nameTok.offset;
    pp.report('PP022', r.message, pp.at(ctx, off, 1));
    return false;
  }
  return r.value !== 0n;
}

/// define := IDENT ( '(' params ')' )? body
export function doDefine(pp: DirectiveHost, ctx: FileContext, args: Tok[], at: number): void {
  const nameTok = args[0];
  if (!nameTok || nameTok.kind !== TK_IDENT) {
    pp.report('PP020', 'macro names must be identifiers', pp.at(ctx, nameTok?.offset ?? at, nameTok?.text.length ?? 1));
    return;
  }
  const name = nameTok.text;
  if (name === 'defined') {
    pp.report('PP020', '"defined" cannot be used as a macro name', pp.at(ctx, nameTok.offset, name.length));
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
        pp.report('PP023', "missing ')' in macro parameter list", pp.at(ctx, lp.offset, 1));
        return;
      }
      i++;
      if (t.kind === TK_PUNCT && t.text === ')' && (!expectParam || params.length === 0)) break;
      if (expectParam && t.kind === TK_IDENT) {
        if (params.includes(t.text)) {
          pp.report('PP023', `duplicate macro parameter "${t.text}"`, pp.at(ctx, t.offset, t.text.length));
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
          pp.report('PP023', "missing ')' after '...'", pp.at(ctx, t.offset, 3));
          return;
        }
        i++;
        break;
      }
      pp.report('PP023', `unexpected "${t.text}" in macro parameter list`, pp.at(ctx, t.offset, t.text.length));
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
          pp.report('PP024', "'#' is not followed by a macro parameter", pp.at(ctx, t.offset, 1));
          return;
        }
      }
    }
  }
  const first = body[0];
  const last = body[body.length - 1];
  if ((first && first.kind === TK_PUNCT && first.text === '##') || (last && last.kind === TK_PUNCT && last.text === '##')) {
    const t = first?.text === '##' ? first : last!;
    pp.report('PP024', "'##' cannot appear at either end of a macro expansion", pp.at(ctx, t.offset, 2));
    return;
  }
  const old = pp.macros.get(name);
  const state = ctx.state;
  const hasPaste = body.some((t) => t.kind === TK_PUNCT && t.text === '##');
  const macro: Macro = { name, params, variadic, body, hasPaste, disabled: 0, where: () => locationIn(ctx.source, nameTok.offset, 0, state) };
  if (old && !sameDefinition(old, macro)) {
    const prev = old.where();
    pp.report('PP025', `"${name}" redefined (previous definition at ${prev.file}:${prev.line})`, pp.at(ctx, nameTok.offset, name.length));
  }
  pp.define(macro);
}

function doLine(pp: DirectiveHost, ctx: FileContext, hash: number, args: Tok[], end: number): void {
  let toks = args;
  if (toks[0]?.kind !== TK_NUMBER) {
    try {
      toks = pp.expandTokens(ctx, args, hash);
    } catch (e) {
      if (!(e instanceof ExpansionLimit)) throw e;
      pp.report('PP030', e.message, pp.at(ctx, hash, 1));
      pp.expansionDisabled = true;
      return;
    }
  }
  const num = toks[0];
  if (!num || num.kind !== TK_NUMBER || !/^[0-9]+$/.test(num.text)) {
    const off = num && num.offset > hash && num.offset < end ? num.offset : hash;
    pp.report('PP040', `#line requires a simple digit sequence, not "${num?.text ?? ''}"`, pp.at(ctx, off, num?.text.length ?? 1));
    return;
  }
  const fileTok = toks[1];
  let name: string | undefined;
  let flag = -1;
  if (fileTok) {
    if (fileTok.kind !== TK_STRING || fileTok.text[0] !== '"') {
      pp.report('PP041', `invalid filename "${fileTok.text}" in #line`, pp.at(ctx, fileTok.offset, fileTok.text.length));
      return;
    }
    name = fileTok.text.slice(1, -1);
    for (let k = 2; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.kind === TK_NUMBER && /^[0-9]$/.test(t.text)) {
        if (flag < 0) flag = Number(t.text);
      } else {
        extraTokens(pp, ctx, toks.slice(k), 'line');
        break;
      }
    }
  }
  pp.applyLineMarker(ctx, hash, lineNumber32(num.text), name, flag);
}

function doInclude(pp: DirectiveHost, ctx: FileContext, hash: number, nameTok: Tok, end: number, depth: number, once: boolean): void {
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
    const expanded = pp.expandTokens(ctx, lexRange(text, p, end), hash);
    const spelled = expanded.map((t, i) => (i > 0 && t.space ? ' ' : '') + t.text).join('');
    if (spelled.length >= 2 && spelled[0] === '"' && spelled.endsWith('"')) target = spelled.slice(1, -1);
    else if (spelled.length >= 2 && spelled[0] === '<' && spelled.endsWith('>')) {
      target = spelled.slice(1, -1);
      angled = true;
    }
  }
  if (target === undefined || target.length === 0) {
    pp.report('PP060', '#include expects "FILENAME" or <FILENAME>', pp.at(ctx, hash, end - hash));
    return;
  }
  if (depth + 1 > MAX_INCLUDE_DEPTH) {
    pp.report('PP062', `#include nested too deeply (more than ${MAX_INCLUDE_DEPTH} levels)`, pp.at(ctx, hash, end - hash));
    return;
  }
  const candidates: string[] = [];
  if (!angled) candidates.push(target.startsWith('/') ? target : join(dirname(ctx.source.name), target));
  for (const dir of pp.includeDirs) candidates.push(target.startsWith('/') ? target : join(dir, target));
  let found: string | undefined;
  let content: string | undefined;
  for (const path of candidates) {
    content = pp.readCached(path);
    if (content !== undefined) {
      found = path;
      break;
    }
  }
  if (found === undefined || content === undefined) {
    pp.report('PP061', `cannot open include file '${target}'`, pp.at(ctx, hash, end - hash));
    return;
  }
  if (pp.onceFiles.has(found)) return;
  // Repeated inclusion can grow exponentially without any cycle (a.h includes b.h twice, ...).
  pp.includeCount++;
  pp.includedBytes += content.length;
  if (pp.includeCount > MAX_INCLUDES || pp.includedBytes > MAX_INCLUDED_BYTES) {
    if (!pp.includeLimitReported) {
      pp.includeLimitReported = true;
      pp.report('PP064', `too much included text (more than ${MAX_INCLUDES} inclusions or ${MAX_INCLUDED_BYTES >> 20} MB); further #include ignored`, pp.at(ctx, hash, end - hash));
    }
    return;
  }
  if (pp.includeStack.includes(found)) {
    const chain = [...pp.includeStack.slice(pp.includeStack.indexOf(found)), found].join(' -> ');
    pp.report('PP063', `#include cycle: ${chain}`, pp.at(ctx, hash, end - hash));
    return;
  }
  if (once) pp.onceFiles.add(found);
  if (!pp.builtinsUsed) pp.builtinsUsed = content.includes('__LINE__') || content.includes('__FILE__');
  pp.files.push(new SourceFile(found, content));
  const index = pp.files.length - 1;
  pp.processFile(index, depth + 1);
  // Keep the included file's last line apart from the includer's next line.
  if (content.length > 0 && content.charCodeAt(content.length - 1) !== CH_LF) pp.out.point(index, '\n', content.length, 0, pp.newContext(index).state);
}
