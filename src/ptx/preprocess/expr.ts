/**
 * `#if` / `#elif` expression evaluation: C integer constant expressions in 64 bits (intmax_t /
 * uintmax_t with the usual arithmetic conversions), as cpp evaluates them. The caller has already
 * replaced `defined X` and expanded macros; identifiers left over are 0.
 */
import { workMeter } from '../../core/work.js';

/** Preprocessing token kinds (shared with the preprocessor). */
export const TK_IDENT = 1;
export const TK_NUMBER = 2;
export const TK_STRING = 3;
export const TK_CHAR = 4;
export const TK_PUNCT = 5;
export const TK_OTHER = 6;

export interface ExprToken {
  kind: number;
  text: string;
  /** Offset of the token in its source text (for diagnostics). */
  offset: number;
}

export type ExprOutcome = { ok: true; value: bigint; unsigned: boolean } | { ok: false; message: string; offset: number };

/** Parentheses, unary operators and `?:` nest by recursion; deeper input is an error, not a stack overflow. */
const MAX_DEPTH = 1000;

interface Value {
  v: bigint; // always kept wrapped: signed values as asIntN(64), unsigned as asUintN(64)
  u: boolean;
}

class ExprError {
  constructor(readonly message: string, readonly offset: number) {}
}

/** Binary operator precedence (higher binds tighter); 0 = not a binary operator. */
function binaryPrecedence(op: string): number {
  switch (op) {
    case '*':
    case '/':
    case '%':
      return 10;
    case '+':
    case '-':
      return 9;
    case '<<':
    case '>>':
      return 8;
    case '<':
    case '>':
    case '<=':
    case '>=':
      return 7;
    case '==':
    case '!=':
      return 6;
    case '&':
      return 5;
    case '^':
      return 4;
    case '|':
      return 3;
    case '&&':
      return 2;
    case '||':
      return 1;
    default:
      return 0;
  }
}

const wrap = (v: bigint, u: boolean): Value => ({ v: u ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v), u });
const bool = (b: boolean): Value => ({ v: b ? 1n : 0n, u: false });

class ExprParser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly toks: ExprToken[], private readonly endOffset: number) {}

  private peek(): ExprToken | undefined {
    return this.toks[this.pos];
  }
  private isPunct(text: string): boolean {
    const t = this.toks[this.pos];
    return t !== undefined && t.kind === TK_PUNCT && t.text === text;
  }
  private here(): number {
    return this.toks[this.pos]?.offset ?? this.endOffset;
  }

  parseAll(): Value {
    if (this.toks.length === 0) throw new ExprError('#if with no expression', this.endOffset);
    const v = this.parseComma(true);
    const t = this.peek();
    if (t) throw new ExprError(`missing binary operator before token "${t.text}"`, t.offset);
    return v;
  }

  /// comma := cond (',' cond)*
  private parseComma(live: boolean): Value {
    let v = this.parseConditional(live);
    while (this.isPunct(',')) {
      this.pos++;
      v = this.parseConditional(live);
    }
    return v;
  }

  /// cond := binary ('?' comma ':' cond)?
  private parseConditional(live: boolean): Value {
    this.enter();
    const c = this.parseBinary(1, live);
    let result = c;
    if (this.isPunct('?')) {
      this.pos++;
      const truthy = c.v !== 0n;
      const a = this.parseComma(live && truthy);
      if (!this.isPunct(':')) throw new ExprError("expected ':' in conditional expression", this.here());
      this.pos++;
      const b = this.parseConditional(live && !truthy);
      const u = a.u || b.u;
      result = wrap(truthy ? a.v : b.v, u);
    }
    this.depth--;
    return result;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new ExprError('expression nested too deeply', this.here());
  }

  /// binary := unary (op unary)*, by precedence climbing
  private parseBinary(minPrec: number, live: boolean): Value {
    let left = this.parseUnary(live);
    for (;;) {
      const t = this.peek();
      if (!t || t.kind !== TK_PUNCT) return left;
      const prec = binaryPrecedence(t.text);
      if (prec === 0 || prec < minPrec) return left;
      this.pos++;
      const op = t.text;
      // && and || do not evaluate (and so do not diagnose) their right side when decided.
      const rightLive = op === '&&' ? live && left.v !== 0n : op === '||' ? live && left.v === 0n : live;
      this.enter();
      const right = this.parseBinary(prec + 1, rightLive);
      this.depth--;
      left = this.apply(op, left, right, live, t.offset);
    }
  }

  private apply(op: string, a: Value, b: Value, live: boolean, offset: number): Value {
    if (op === '&&') return bool(a.v !== 0n && b.v !== 0n);
    if (op === '||') return bool(a.v !== 0n || b.v !== 0n);
    if (op === '<<' || op === '>>') return shift(op, a, b);
    // Usual arithmetic conversions: unsigned if either side is.
    const u = a.u || b.u;
    const x = u ? BigInt.asUintN(64, a.v) : a.v;
    const y = u ? BigInt.asUintN(64, b.v) : b.v;
    switch (op) {
      case '*':
        return wrap(x * y, u);
      case '/':
      case '%':
        if (y === 0n) {
          if (live) throw new ExprError('division by zero in #if', offset);
          return { v: 0n, u };
        }
        return wrap(op === '/' ? x / y : x % y, u);
      case '+':
        return wrap(x + y, u);
      case '-':
        return wrap(x - y, u);
      case '<':
        return bool(x < y);
      case '>':
        return bool(x > y);
      case '<=':
        return bool(x <= y);
      case '>=':
        return bool(x >= y);
      case '==':
        return bool(x === y);
      case '!=':
        return bool(x !== y);
      case '&':
        return wrap(x & y, u);
      case '^':
        return wrap(x ^ y, u);
      case '|':
        return wrap(x | y, u);
    }
    throw new ExprError(`operator '${op}' has no right operand`, offset);
  }

  /// unary := ('+'|'-'|'~'|'!') unary | primary
  private parseUnary(live: boolean): Value {
    workMeter.steps++;
    const t = this.peek();
    if (!t) throw new ExprError('#if expression ends too early', this.endOffset);
    if (t.kind === TK_PUNCT) {
      switch (t.text) {
        case '+':
        case '-':
        case '~':
        case '!': {
          this.pos++;
          this.enter();
          const v = this.parseUnary(live);
          this.depth--;
          if (t.text === '+') return v;
          if (t.text === '-') return wrap(-v.v, v.u);
          if (t.text === '~') return wrap(~v.v, v.u);
          return bool(v.v === 0n);
        }
        case '(': {
          this.pos++;
          this.enter();
          const v = this.parseComma(live);
          this.depth--;
          if (!this.isPunct(')')) throw new ExprError("missing ')' in expression", this.here());
          this.pos++;
          return v;
        }
      }
    }
    this.pos++;
    switch (t.kind) {
      case TK_NUMBER:
        return parseIntegerLiteral(t);
      case TK_CHAR:
        return parseCharLiteral(t);
      case TK_IDENT:
        return { v: 0n, u: false }; // C: an identifier left after expansion is 0
      case TK_STRING:
        throw new ExprError(`token "${t.text}" is not valid in preprocessor expressions`, t.offset);
      default:
        if (t.text === ')' || binaryPrecedence(t.text) > 0 || t.text === '?' || t.text === ':')
          throw new ExprError(`operator '${t.text}' has no left operand`, t.offset);
        throw new ExprError(`token "${t.text}" is not valid in preprocessor expressions`, t.offset);
    }
  }
}

function shift(op: string, a: Value, b: Value): Value {
  // The result has the left operand's type; a negative count shifts the other way (as GCC does).
  let n = b.u ? BigInt.asUintN(64, b.v) : b.v;
  let left = op === '<<';
  if (n < 0n) {
    n = -n;
    left = !left;
  }
  if (left) return n >= 64n ? { v: 0n, u: a.u } : wrap(a.v << n, a.u);
  if (n >= 64n) return { v: !a.u && a.v < 0n ? -1n : 0n, u: a.u };
  return wrap(a.v >> n, a.u); // a.v is kept wrapped: BigInt >> is arithmetic for signed, logical for unsigned
}

function parseIntegerLiteral(t: ExprToken): Value {
  const s = t.text;
  let i = 0;
  let radix = 10;
  if (s.length > 1 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) {
    radix = 16;
    i = 2;
  } else if (s.length > 1 && s[0] === '0' && (s[1] === 'b' || s[1] === 'B')) {
    radix = 2;
    i = 2;
  } else if (s[0] === '0') radix = 8;
  const digitsStart = i;
  let value = 0n;
  const big = BigInt(radix);
  for (; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i));
    if (d < 0 || d >= radix) break;
    value = value * big + BigInt(d);
  }
  const suffix = s.slice(i);
  if ((radix === 16 || radix === 2) && i === digitsStart) throw new ExprError(`invalid integer constant "${s}" in #if`, t.offset);
  if (radix !== 16 && /[.eEpP]/.test(suffix)) throw new ExprError('floating constant in preprocessor expression', t.offset);
  if (radix === 16 && suffix.includes('.')) throw new ExprError('floating constant in preprocessor expression', t.offset);
  if (!INTEGER_SUFFIXES.has(suffix)) throw new ExprError(`invalid suffix "${suffix}" on integer constant`, t.offset);
  if (value > (1n << 64n) - 1n) throw new ExprError('integer constant is too large for its type', t.offset);
  const unsigned = suffix.includes('u') || suffix.includes('U') || value > (1n << 63n) - 1n;
  return wrap(value, unsigned);
}

const INTEGER_SUFFIXES = new Set(
  ['', 'l', 'L', 'll', 'LL'].flatMap((l) => (l === '' ? ['', 'u', 'U'] : [l, 'u' + l, 'U' + l, l + 'u', l + 'U'])),
);

function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function parseCharLiteral(t: ExprToken): Value {
  const s = t.text;
  // Prefixes (L, u, U, u8) select wider types; the value of a single character is the same.
  const q = s.indexOf("'");
  const body = s.slice(q + 1, s.length - 1);
  if (body.length === 0) throw new ExprError('empty character constant', t.offset);
  let value = 0n;
  let i = 0;
  let count = 0;
  while (i < body.length) {
    let c: number;
    if (body[i] === '\\') {
      i++;
      const e = body[i] ?? '';
      i++;
      switch (e) {
        case 'n': c = 10; break;
        case 't': c = 9; break;
        case 'r': c = 13; break;
        case 'a': c = 7; break;
        case 'b': c = 8; break;
        case 'f': c = 12; break;
        case 'v': c = 11; break;
        case 'e': c = 27; break;
        case 'x': {
          c = 0;
          while (i < body.length && digitValue(body.charCodeAt(i)) >= 0) c = (c * 16 + digitValue(body.charCodeAt(i++))) & 0xff;
          break;
        }
        default:
          if (e >= '0' && e <= '7') {
            c = e.charCodeAt(0) - 48;
            for (let k = 0; k < 2 && i < body.length && body[i]! >= '0' && body[i]! <= '7'; k++) c = c * 8 + body.charCodeAt(i++) - 48;
            c &= 0xff;
          } else c = e.charCodeAt(0);
      }
    } else c = body.charCodeAt(i++) & 0xff;
    value = ((value << 8n) | BigInt(c)) & 0xffffffffn;
    count++;
  }
  // A one-character constant is a (signed) char widened to int; multi-character constants are ints.
  const v = count === 1 ? BigInt.asIntN(8, value) : BigInt.asIntN(32, value);
  return { v, u: false };
}

/** Evaluates a fully expanded `#if` expression. `endOffset` locates "expression ends too early". */
export function evaluateExpression(tokens: ExprToken[], endOffset: number): ExprOutcome {
  try {
    const v = new ExprParser(tokens, endOffset).parseAll();
    return { ok: true, value: v.v, unsigned: v.u };
  } catch (e) {
    if (e instanceof ExprError) return { ok: false, message: e.message, offset: e.offset };
    throw e;
  }
}
