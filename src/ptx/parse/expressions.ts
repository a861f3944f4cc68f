/** PTX grammar: constant expressions (spec 4.5), by precedence climbing. */
import type * as A from './ast.js';
import { decodeFloat, decodeInt } from '../lex/lexer.js';
import { Tok, TokFlag, tokenKindText } from '../lex/tokens.js';
import { TYPE_SET } from '../data/keywords.js';
import { Cursor } from './cursor.js';
import { NameRefNode, plainDecimalValue } from './nodes.js';
import { VIDEO_SELECTOR_SHAPE } from '../data/video-selectors.js';

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
/**
 * Video-instruction operand selectors: `.b0`, `.b3210`, `.h10`, `.h03`; any `b`/`h` with digits, as ptxas reads
 * them (which ones an instruction takes is the checker's: data/video-selectors.ts). Not a regex on the hot path:
 * only after `name.`.
 */
const VIDEO_SELECTOR = VIDEO_SELECTOR_SHAPE;
/** Multi-component selectors (`.xy`, `.rgba`): parsed, then rejected as ptxas does. */
const SWIZZLE = /^([xyzw]{2,4}|[rgba]{2,4})$/;

/**
 * The cursor with the expression grammar as methods: expressions nest (parentheses, ternaries) up to
 * MAX_DEPTH levels, and a method keeps each level's stack frames as small as they were before the
 * grammar was split (a free function takes the cursor as one more argument in every frame).
 */
export class ExprCursor extends Cursor {
  /**
   * The name just read (at `start`), with its member when one is attached (`.x` right after it):
   * `%tid.x`, `v.w`, and the video byte/half selectors `%r1.b0`, `%r2.h10`, `%r3.b3210`.
   */
  memberTail(name: string, start: number, members: boolean): A.Expr {
    const lx = this.lx;
    const ref: A.NameRef = new NameRefNode(name, start);
    if (members && lx.tok() === Tok.Dotted && lx.start === this.lastEnd) {
      const m = this.text.slice(lx.start + 1, lx.end);
      // ptxas parses `%tid.xy` and then rejects it ("Unimplemented feature: vector swizzle").
      const swizzle = SWIZZLE.test(m);
      if (swizzle) this.errorHere('PTX233', `vector swizzle .${m} is not supported`);
      if (swizzle || MEMBER_NAMES.has(m) || VIDEO_SELECTOR.test(m)) {
        this.advance();
        return { kind: 'member', object: ref, member: m, span: this.span(start) };
      }
    }
    return ref;
  }

  isF32Literal(): boolean {
    const c = this.text.charCodeAt(this.lx.start + 1);
    return c === 102 || c === 70; // f F
  }

  isWarpSize(): boolean {
    return this.lx.is('WARP_SZ');
  }

  peekIsWarpSize(): boolean {
    const lx = this.lx;
    return lx.peekEnd - lx.peekStart === 7 && this.text.startsWith('WARP_SZ', lx.peekStart);
  }

  /** An expression that may name labels and variables (`.loc function_name L+4`, `.alias a, b`). */
  parseNameExpr(): A.Expr {
    const saved = this.allowNames;
    this.allowNames = true;
    try {
      return this.parseExpr();
    } finally {
      this.allowNames = saved;
    }
  }

  /** A constant expression: identifiers other than WARP_SZ are errors at the identifier. */
  parseConstExpr(): A.Expr {
    const saved = this.allowNames;
    this.allowNames = false;
    try {
      return this.parseExpr();
    } finally {
      this.allowNames = saved;
    }
  }

  /// expr := binary ['?' expr ':' expr]      (right-associative)
  ///
  /// A `0f` single-precision constant is an expression of its own (ptxas: it may stand alone, in
  /// parentheses or as the `?` branch) but never an operand of an operator or the `:` branch.
  parseExpr(allowF32 = true): A.Expr {
    this.enter();
    const lx = this.lx;
    const start = lx.start;
    if (allowF32 && !this.allowNames && lx.tok() === Tok.HexFloat && this.isF32Literal()) {
      this.f32Ok = true;
      const lit = this.parsePrimary();
      this.depth--;
      return lit;
    }
    const test = this.parseBinary(1);
    let result = test;
    if (lx.tok() === Tok.Question) {
      this.advance();
      const consequent = this.parseExpr(true);
      if (lx.tok() !== Tok.Colon) {
        this.errorHere('PTX227', `expected ':' in conditional expression near ${this.nearText()}`);
      } else this.advance();
      const alternate = this.parseExpr(false);
      result = { kind: 'conditional', test, consequent, alternate, span: this.span(start) };
    }
    this.depth--;
    return result;
  }

  /// binary := unary (BINOP unary)*   by precedence climbing (Table 4), left-associative
  parseBinary(minPrec: number): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    let left = this.parseUnary();
    for (;;) {
      const prec = BINARY_PREC[lx.tok()];
      if (prec === undefined || prec < minPrec) return left;
      const op = tokenKindText(lx.tok()) as A.BinaryOp;
      this.advance();
      const right = this.parseBinary(prec + 1);
      left = { kind: 'binary', op, left, right, span: this.span(start) };
    }
  }

  /// unary := ('+' | '-' | '!' | '~' | '(.s64)' | '(.u64)')* primary
  parseUnary(): A.Expr {
    const lx = this.lx;
    // Prefix operators are collected iteratively, so `- - - ... x` cannot overflow the stack.
    let ops: { op: string; start: number }[] | undefined;
    for (;;) {
      const k = lx.tok();
      if (k === Tok.Plus || k === Tok.Minus || k === Tok.Bang || k === Tok.Tilde) {
        (ops ??= []).push({ op: tokenKindText(k), start: lx.start });
        this.advance();
        continue;
      }
      if (k === Tok.LParen && lx.peek() === Tok.Dotted) {
        const s = lx.start;
        const t = this.text.slice(lx.peekStart, lx.peekEnd);
        if (t === '.s64' || t === '.u64') {
          this.advance();
          this.advance();
          if (!this.expect(Tok.RParen)) return this.errorExpr(s);
          (ops ??= []).push({ op: t, start: s });
          continue;
        }
        if (TYPE_SET.has(t)) {
          // ptxas parses any type cast and then rejects it ("Unsupported cast operation").
          this.advance();
          this.errorHere('PTX234', `unsupported cast (${t}): only (.s64) and (.u64) are allowed`);
          this.advance();
          if (!this.expect(Tok.RParen)) return this.errorExpr(s);
          continue;
        }
      }
      break;
    }
    let e = this.parsePrimary();
    if (ops) {
      for (let i = ops.length - 1; i >= 0; i--) {
        const o = ops[i]!;
        const span = { start: o.start, end: this.lastEnd };
        if (o.op === '.s64' || o.op === '.u64') e = { kind: 'cast', type: o.op, operand: e, span };
        else e = { kind: 'unary', op: o.op as A.UnaryOp, operand: e, span };
      }
    }
    return e;
  }

  errorExpr(start: number): A.Expr {
    return { kind: 'name', name: '', span: { start, end: Math.max(start, this.lastEnd) } };
  }

  /// primary := INT ['(' expr ')'] | FLOAT | NAME ['.' MEMBER] | '_' | 'generic' '(' expr ')' | '(' expr ')'
  ///          | DOTTED (section data only)
  parsePrimary(): A.Expr {
    const lx = this.lx;
    const start = lx.start;
    switch (lx.tok()) {
      case Tok.Int: {
        const plain = plainDecimalValue(this.text, lx.start, lx.end, lx.flags);
        if (plain >= 0) {
          this.advance();
          return new this.DecimalLiteral(start);
        }
        const raw = lx.tokenText();
        const d = decodeInt(this.text, lx.start, lx.end);
        if (d.overflow && !(lx.flags & TokFlag.Malformed)) {
          this.error('PTX107', `integer literal '${raw.length > 40 ? raw.slice(0, 40) + '…' : raw}' does not fit in 64 bits`, lx.start, lx.end - lx.start);
        }
        this.advance();
        const lit: A.IntLiteral = { kind: 'int', value: d.value, unsigned: d.unsigned, raw, span: { start, end: this.lastEnd } };
        if (d.overflow) lit.overflow = true;
        return lit;
      }
      case Tok.Float:
      case Tok.HexFloat: {
        if (lx.tok() === Tok.HexFloat && !this.f32Ok && !this.allowNames && this.isF32Literal()) {
          this.errorHere('PTX232', `a 0f single-precision constant cannot be an operand of a constant expression`);
        }
        this.f32Ok = false;
        const raw = lx.tokenText();
        const d = decodeFloat(this.text, lx.start, lx.end);
        if (d.form === 'decimal' && !Number.isFinite(d.value)) {
          this.error('PTX108', `floating-point literal '${raw}' overflows a double`, lx.start, lx.end - lx.start);
        }
        this.advance();
        const lit: A.FloatLiteral = { kind: 'float', form: d.form, value: d.value, raw, span: { start, end: this.lastEnd } };
        if (d.bits !== undefined) lit.bits = d.bits;
        return lit;
      }
      case Tok.Ident: {
        if (!this.allowNames && !this.isWarpSize()) {
          // ptxas: identifiers are not part of constant expressions ("Parsing error near 'x'").
          this.errorHere('PTX230', `'${this.nearText().slice(1, -1)}' is not allowed in a constant expression`);
        }
        const name = lx.tokenText();
        this.advance();
        return this.memberTail(name, start, name !== 'WARP_SZ');
      }
      case Tok.Sink:
        // `_` is an operand only as a destination (first operand, vector and list items).
        if (!this.allowNames) this.errorHere('PTX230', `'_' is not allowed in a constant expression`);
        this.advance();
        return { kind: 'sink', span: this.span(start) };
      case Tok.LParen: {
        this.advance();
        const expr = this.parseExpr();
        if (!this.expect(Tok.RParen)) return this.errorExpr(start);
        return { kind: 'paren', expr, span: this.span(start) };
      }
      case Tok.Dotted:
        if (this.dottedNames) {
          const name = this.word();
          this.advance();
          return { kind: 'name', name, span: this.span(start) };
        }
        break;
    }
    this.errorHere('PTX228', `expected an expression near ${this.nearText()}`);
    return this.errorExpr(start);
  }
}
