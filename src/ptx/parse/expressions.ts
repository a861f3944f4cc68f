/** PTX grammar: constant expressions (spec 4.5), by precedence climbing. */
import type * as A from './ast.js';
import { decodeFloat, decodeInt } from '../lex/lexer.js';
import { Tok, TokFlag, tokenKindText } from '../lex/tokens.js';
import { TYPE_SET } from '../data/keywords.js';
import type { Cursor } from './cursor.js';
import { NameRefNode, plainDecimalValue } from './nodes.js';

const BINARY_PREC: Partial<Record<Tok, number>> = {
  [Tok.OrOr]: 1,
  [Tok.AndAnd]: 2,
  [Tok.Pipe]: 3,
  [Tok.Caret]: 4,
  [Tok.Amp]: 5,
  [Tok.EqEq]: 6,
  [Tok.NotEq]: 6,
  [Tok.Lt]: 7,
  [Tok.Gt]: 7,
  [Tok.Le]: 7,
  [Tok.Ge]: 7,
  [Tok.Shl]: 8,
  [Tok.Shr]: 8,
  [Tok.Plus]: 9,
  [Tok.Minus]: 9,
  [Tok.Star]: 10,
  [Tok.Slash]: 10,
  [Tok.Percent]: 10,
};
const MEMBER_NAMES = new Set(['x', 'y', 'z', 'w', 'r', 'g', 'b', 'a']);
/** Video-instruction operand selectors: `.b0`-`.b3`, `.b3210`, `.h0`/`.h1`, `.h10` (not a regex on the hot path: only after `name.`). */
const VIDEO_SELECTOR = /^(b[0-3]|b[0-7]{4}|h[01]|h[01]{2})$/;
/** Multi-component selectors (`.xy`, `.rgba`): parsed, then rejected as ptxas does. */
const SWIZZLE = /^([xyzw]{2,4}|[rgba]{2,4})$/;

/**
 * The name just read (at `start`), with its member when one is attached (`.x` right after it):
 * `%tid.x`, `v.w`, and the video byte/half selectors `%r1.b0`, `%r2.h10`, `%r3.b3210`.
 */
export function memberTail(p: Cursor, name: string, start: number, members: boolean): A.Expr {
  const lx = p.lx;
  const ref: A.NameRef = new NameRefNode(name, start);
  if (members && lx.tok() === Tok.Dotted && lx.start === p.lastEnd) {
    const m = p.text.slice(lx.start + 1, lx.end);
    // ptxas parses `%tid.xy` and then rejects it ("Unimplemented feature: vector swizzle").
    const swizzle = SWIZZLE.test(m);
    if (swizzle) p.errorHere('PTX233', `vector swizzle .${m} is not supported`);
    if (swizzle || MEMBER_NAMES.has(m) || VIDEO_SELECTOR.test(m)) {
      p.advance();
      return { kind: 'member', object: ref, member: m, span: p.span(start) };
    }
  }
  return ref;
}

export function isF32Literal(p: Cursor): boolean {
  const c = p.text.charCodeAt(p.lx.start + 1);
  return c === 102 || c === 70; // f F
}

export function isWarpSize(p: Cursor): boolean {
  return p.lx.is('WARP_SZ');
}

export function peekIsWarpSize(p: Cursor): boolean {
  const lx = p.lx;
  return lx.peekEnd - lx.peekStart === 7 && p.text.startsWith('WARP_SZ', lx.peekStart);
}

/** An expression that may name labels and variables (`.loc function_name L+4`, `.alias a, b`). */
export function parseNameExpr(p: Cursor): A.Expr {
  const saved = p.allowNames;
  p.allowNames = true;
  try {
    return parseExpr(p);
  } finally {
    p.allowNames = saved;
  }
}

/** A constant expression: identifiers other than WARP_SZ are errors at the identifier. */
export function parseConstExpr(p: Cursor): A.Expr {
  const saved = p.allowNames;
  p.allowNames = false;
  try {
    return parseExpr(p);
  } finally {
    p.allowNames = saved;
  }
}

/// expr := binary ['?' expr ':' expr]      (right-associative)
///
/// A `0f` single-precision constant is an expression of its own (ptxas: it may stand alone, in
/// parentheses or as the `?` branch) but never an operand of an operator or the `:` branch.
export function parseExpr(p: Cursor, allowF32 = true): A.Expr {
  p.enter();
  const lx = p.lx;
  const start = lx.start;
  if (allowF32 && !p.allowNames && lx.tok() === Tok.HexFloat && isF32Literal(p)) {
    p.f32Ok = true;
    const lit = parsePrimary(p);
    p.depth--;
    return lit;
  }
  const test = parseBinary(p, 1);
  let result = test;
  if (lx.tok() === Tok.Question) {
    p.advance();
    const consequent = parseExpr(p, true);
    if (lx.tok() !== Tok.Colon) {
      p.errorHere('PTX227', `expected ':' in conditional expression near ${p.nearText()}`);
    } else p.advance();
    const alternate = parseExpr(p, false);
    result = { kind: 'conditional', test, consequent, alternate, span: p.span(start) };
  }
  p.depth--;
  return result;
}

/// binary := unary (BINOP unary)*   by precedence climbing (Table 4), left-associative
export function parseBinary(p: Cursor, minPrec: number): A.Expr {
  const lx = p.lx;
  const start = lx.start;
  let left = parseUnary(p);
  for (;;) {
    const prec = BINARY_PREC[lx.tok()];
    if (prec === undefined || prec < minPrec) return left;
    const op = tokenKindText(lx.tok()) as A.BinaryOp;
    p.advance();
    const right = parseBinary(p, prec + 1);
    left = { kind: 'binary', op, left, right, span: p.span(start) };
  }
}

/// unary := ('+' | '-' | '!' | '~' | '(.s64)' | '(.u64)')* primary
export function parseUnary(p: Cursor): A.Expr {
  const lx = p.lx;
  // Prefix operators are collected iteratively, so `- - - ... x` cannot overflow the stack.
  let ops: { op: string; start: number }[] | undefined;
  for (;;) {
    const k = lx.tok();
    if (k === Tok.Plus || k === Tok.Minus || k === Tok.Bang || k === Tok.Tilde) {
      (ops ??= []).push({ op: tokenKindText(k), start: lx.start });
      p.advance();
      continue;
    }
    if (k === Tok.LParen && lx.peek() === Tok.Dotted) {
      const s = lx.start;
      const t = p.text.slice(lx.peekStart, lx.peekEnd);
      if (t === '.s64' || t === '.u64') {
        p.advance();
        p.advance();
        if (!p.expect(Tok.RParen)) return errorExpr(p, s);
        (ops ??= []).push({ op: t, start: s });
        continue;
      }
      if (TYPE_SET.has(t)) {
        // ptxas parses any type cast and then rejects it ("Unsupported cast operation").
        p.advance();
        p.errorHere('PTX234', `unsupported cast (${t}): only (.s64) and (.u64) are allowed`);
        p.advance();
        if (!p.expect(Tok.RParen)) return errorExpr(p, s);
        continue;
      }
    }
    break;
  }
  let e = parsePrimary(p);
  if (ops) {
    for (let i = ops.length - 1; i >= 0; i--) {
      const o = ops[i]!;
      const span = { start: o.start, end: p.lastEnd };
      if (o.op === '.s64' || o.op === '.u64') e = { kind: 'cast', type: o.op, operand: e, span };
      else e = { kind: 'unary', op: o.op as A.UnaryOp, operand: e, span };
    }
  }
  return e;
}

export function errorExpr(p: Cursor, start: number): A.Expr {
  return { kind: 'name', name: '', span: { start, end: Math.max(start, p.lastEnd) } };
}

/// primary := INT ['(' expr ')'] | FLOAT | NAME ['.' MEMBER] | '_' | 'generic' '(' expr ')' | '(' expr ')'
///          | DOTTED (section data only)
export function parsePrimary(p: Cursor): A.Expr {
  const lx = p.lx;
  const start = lx.start;
  switch (lx.tok()) {
    case Tok.Int: {
      const plain = plainDecimalValue(p.text, lx.start, lx.end, lx.flags);
      if (plain >= 0) {
        p.advance();
        return new p.DecimalLiteral(start);
      }
      const raw = lx.tokenText();
      const d = decodeInt(p.text, lx.start, lx.end);
      if (d.overflow && !(lx.flags & TokFlag.Malformed)) {
        p.error('PTX107', `integer literal '${raw.length > 40 ? raw.slice(0, 40) + '…' : raw}' does not fit in 64 bits`, lx.start, lx.end - lx.start);
      }
      p.advance();
      const lit: A.IntLiteral = { kind: 'int', value: d.value, unsigned: d.unsigned, raw, span: { start, end: p.lastEnd } };
      if (d.overflow) lit.overflow = true;
      return lit;
    }
    case Tok.Float:
    case Tok.HexFloat: {
      if (lx.tok() === Tok.HexFloat && !p.f32Ok && !p.allowNames && isF32Literal(p)) {
        p.errorHere('PTX232', `a 0f single-precision constant cannot be an operand of a constant expression`);
      }
      p.f32Ok = false;
      const raw = lx.tokenText();
      const d = decodeFloat(p.text, lx.start, lx.end);
      if (d.form === 'decimal' && !Number.isFinite(d.value)) {
        p.error('PTX108', `floating-point literal '${raw}' overflows a double`, lx.start, lx.end - lx.start);
      }
      p.advance();
      const lit: A.FloatLiteral = { kind: 'float', form: d.form, value: d.value, raw, span: { start, end: p.lastEnd } };
      if (d.bits !== undefined) lit.bits = d.bits;
      return lit;
    }
    case Tok.Ident: {
      if (!p.allowNames && !isWarpSize(p)) {
        // ptxas: identifiers are not part of constant expressions ("Parsing error near 'x'").
        p.errorHere('PTX230', `'${p.nearText().slice(1, -1)}' is not allowed in a constant expression`);
      }
      const name = lx.tokenText();
      p.advance();
      return memberTail(p, name, start, name !== 'WARP_SZ');
    }
    case Tok.Sink:
      // `_` is an operand only as a destination (first operand, vector and list items).
      if (!p.allowNames) p.errorHere('PTX230', `'_' is not allowed in a constant expression`);
      p.advance();
      return { kind: 'sink', span: p.span(start) };
    case Tok.LParen: {
      p.advance();
      const expr = parseExpr(p);
      if (!p.expect(Tok.RParen)) return errorExpr(p, start);
      return { kind: 'paren', expr, span: p.span(start) };
    }
    case Tok.Dotted:
      if (p.dottedNames) {
        const name = p.word();
        p.advance();
        return { kind: 'name', name, span: p.span(start) };
      }
      break;
  }
  p.errorHere('PTX228', `expected an expression near ${p.nearText()}`);
  return errorExpr(p, start);
}
