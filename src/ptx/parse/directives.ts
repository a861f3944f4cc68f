/** PTX grammar: directives allowed at module level and in bodies (`.loc`, `.pragma`, `.alias`, others). */
import type { Span } from '../../core/source.js';
import type * as A from './ast.js';
import { decodeInt } from '../lex/lexer.js';
import { Tok } from '../lex/tokens.js';
import type { ExprCursor } from './expressions.js';

/** Skips the rest of a directive that has no `;` (up to the next token on a later line). */
export function skipLine(p: ExprCursor): void {
  const lx = p.lx;
  const nl = p.text.indexOf('\n', p.lastEnd);
  const lineEnd = nl < 0 ? p.text.length : nl;
  while (lx.tok() !== Tok.EOF && lx.start < lineEnd && lx.tok() !== Tok.Semi) p.advance();
}

/// loc := '.loc' INT INT INT (',' NAME locArg*)*
/// locArg: function_name takes one expression (label [+ offset]); others take integers.
export function parseLoc(p: ExprCursor): A.LocDirective | undefined {
  p.lx.deferNumberTails = true;
  try {
    return parseLocDirective(p);
  } finally {
    p.lx.deferNumberTails = false;
  }
}

export function parseLocDirective(p: ExprCursor): A.LocDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  const nums: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    if (lx.tok() !== Tok.Int) {
      p.errorHere('PTX209', `expected integer in .loc near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    nums.push(decodeInt(p.text, lx.start, lx.end).value);
    p.advance();
  }
  // ptxas: either nothing more, or `, function_name NAME [+ INT], inlined_at F L C` (both, in
  // this order); anything else is a syntax error where the expected word is missing.
  const attributes: { name: string; args: A.Expr[]; span: Span }[] = [];
  if (lx.tok() === Tok.Comma) {
    p.advance();
    const fStart = lx.start;
    if (lx.tok() !== Tok.Ident || !lx.is('function_name')) {
      p.errorHere('PTX209', `expected 'function_name' in .loc near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    p.advance();
    if (lx.tok() !== Tok.Ident || p.isWarpSize()) {
      p.errorHere('PTX209', `expected a label after function_name near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    const nStart = lx.start;
    const fname: A.Expr = { kind: 'name', name: p.word(), span: { start: nStart, end: lx.end } };
    p.advance();
    let fArg: A.Expr = fname;
    if (lx.tok() === Tok.Plus) {
      p.advance();
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX209', `expected an integer offset near ${p.nearText()}`);
        skipLine(p);
        return undefined;
      }
      const off = p.parsePrimary();
      fArg = { kind: 'binary', op: '+', left: fname, right: off, span: p.span(nStart) };
    }
    attributes.push({ name: 'function_name', args: [fArg], span: p.span(fStart) });
    if (lx.tok() !== Tok.Comma) {
      p.errorHere('PTX209', `expected ', inlined_at F L C' after function_name near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    p.advance();
    const iStart = lx.start;
    if (lx.tok() !== Tok.Ident || !lx.is('inlined_at')) {
      p.errorHere('PTX209', `expected 'inlined_at' in .loc near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    p.advance();
    const args: A.Expr[] = [];
    for (let i = 0; i < 3; i++) {
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX209', `expected integer in inlined_at near ${p.nearText()}`);
        skipLine(p);
        return undefined;
      }
      args.push(p.parsePrimary());
    }
    attributes.push({ name: 'inlined_at', args, span: p.span(iStart) });
  }
  return { kind: 'loc', file: nums[0]!, line: nums[1]!, column: nums[2]!, attributes, span: p.span(start) };
}

/// pragma := '.pragma' STRING (',' STRING)* ';'
export function parsePragma(p: ExprCursor): A.PragmaDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const values: A.StringLiteral[] = [];
  for (;;) {
    if (p.lx.tok() !== Tok.String) {
      p.errorHere('PTX211', `expected string after .pragma near ${p.nearText()}`);
      p.skipStatement();
      return undefined;
    }
    values.push(parseString(p));
    if (!p.accept(Tok.Comma)) break;
  }
  if (!p.expect(Tok.Semi)) {
    p.skipStatement();
    return undefined;
  }
  return { kind: 'pragma', values, span: p.span(start) };
}

export function parseString(p: ExprCursor): A.StringLiteral {
  const lx = p.lx;
  const s = lx.start;
  const closed = lx.end - s >= 2 && p.text.charCodeAt(lx.end - 1) === 34;
  const value = p.text.slice(s + 1, closed ? lx.end - 1 : lx.end);
  p.advance();
  return { kind: 'string', value, span: { start: s, end: p.lastEnd } };
}

/// alias := '.alias' NAME ',' NAME ';'
export function parseAlias(p: ExprCursor): A.GenericDirective | undefined {
  const lx = p.lx;
  const start = lx.start;
  p.advance();
  const args: A.Expr[] = [];
  for (let i = 0; i < 2; i++) {
    if (i === 1 && !p.expect(Tok.Comma)) {
      p.skipStatement();
      return undefined;
    }
    if (lx.tok() !== Tok.Ident || p.isWarpSize()) {
      p.errorHere('PTX201');
      p.skipStatement();
      return undefined;
    }
    args.push({ kind: 'name', name: p.word(), span: { start: lx.start, end: lx.end } });
    p.advance();
  }
  if (!p.expect(Tok.Semi)) {
    p.skipStatement();
    return undefined;
  }
  return { kind: 'directive', name: '.alias', args, span: p.span(start) };
}

/// genericDirective := DIRECTIVE arg (',' arg)* ';'
export function parseGenericDirective(p: ExprCursor): A.GenericDirective | undefined {
  const start = p.lx.start;
  const name = p.word();
  p.advance();
  const args: (A.Expr | A.StringLiteral)[] = [];
  const lx = p.lx;
  if (lx.tok() !== Tok.Semi) {
    for (;;) {
      args.push(lx.tok() === Tok.String ? parseString(p) : p.parseNameExpr());
      if (!p.accept(Tok.Comma)) break;
    }
  }
  if (!p.expect(Tok.Semi)) {
    p.skipStatement();
    return undefined;
  }
  return { kind: 'directive', name, args, span: p.span(start) };
}

/// parenWords := '(' word (',' word)* ')'   word := DOTTED ['(' expr (',' expr)* ')'] | expr
export function parseParenWords(p: ExprCursor): A.DirectiveWord[] | undefined {
  const lx = p.lx;
  if (!p.expect(Tok.LParen)) return undefined;
  const out: A.DirectiveWord[] = [];
  for (;;) {
    const s = lx.start;
    if (lx.tok() !== Tok.Dotted) {
      p.errorHere('PTX216', `expected attribute near ${p.nearText()}`);
      return undefined;
    }
    const name = p.word();
    p.advance();
    const args: A.Expr[] = [];
    if (lx.tok() === Tok.LParen) {
      p.advance();
      if (lx.tok() !== Tok.RParen) {
        for (;;) {
          args.push(p.parseExpr());
          if (!p.accept(Tok.Comma)) break;
        }
      }
      if (!p.expect(Tok.RParen)) return undefined;
    }
    out.push({ name, args, span: p.span(s) });
    if (!p.accept(Tok.Comma)) break;
  }
  if (!p.expect(Tok.RParen)) return undefined;
  return out;
}
