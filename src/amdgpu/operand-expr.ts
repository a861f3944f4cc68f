/**
 * A small absolute-expression evaluator for operand text (register indices, immediates) used when
 * no file-level symbol table is involved (`gpuasm operand`, library calls). It follows the spec's
 * grammar and priorities with 64-bit wrap-around; symbols are looked up through an optional
 * resolver. The file-level front end may pass its own `OperandExprEvaluator` instead.
 */

/** Result of evaluating an expression that starts at `pos`: value and the offset just after it. */
export type ExprResult = { ok: true; value: bigint; end: number } | { ok: false; message: string; offset: number };

/** Anything that can evaluate an absolute expression in operand text. */
export interface OperandExprEvaluator {
  evaluate(text: string, pos: number): ExprResult;
}

/** Looks a symbol up; undefined when it is unknown (then the expression is not absolute). */
export type SymbolResolver = (name: string) => bigint | undefined;

const SPACE = 32;
const TAB = 9;
const LPAREN = 40;
const RPAREN = 41;
const MINUS = 45;
const PLUS = 43;
const TILDE = 126;
const BANG = 33;
const STAR = 42;
const SLASH = 47;
const PERCENT = 37;
const LT = 60;
const GT = 62;
const EQ = 61;
const AMP = 38;
const PIPE = 124;
const CARET = 94;
const DOT = 46;

/** Depth bound for nested parentheses and unary operators: a clean error instead of a stack overflow. */
export const MAX_EXPR_DEPTH = 1000;

export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === DOT;
}

export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57) || c === 36 || c === 64;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function skipSpaces(text: string, pos: number): number {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c !== SPACE && c !== TAB) break;
    pos++;
  }
  return pos;
}

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/**
 * An integer token at `pos` (no sign): decimal, 0x hex, 0b binary, 0 octal, or NNNh hex.
 * Returns undefined when the text there is not an integer (e.g. a float).
 */
export function scanInteger(text: string, pos: number): { value: bigint; end: number } | { error: string; end: number } | undefined {
  const c0 = text.charCodeAt(pos);
  if (!isDigit(c0)) return undefined;
  let end = pos;
  while (end < text.length && isIdentPart(text.charCodeAt(end)) && text.charCodeAt(end) !== DOT) end++;
  const tok = text.slice(pos, end);
  // A '.' or exponent right after digits makes it a float: not ours.
  if (text.charCodeAt(end) === DOT) return undefined;
  let v = 0n;
  const lower = tok.toLowerCase();
  if (lower.startsWith('0x')) {
    if (lower.length === 2) return { error: 'invalid hexadecimal number', end };
    for (let i = 2; i < lower.length; i++) {
      const h = hexVal(lower.charCodeAt(i));
      if (h < 0) return lower.includes('p') ? undefined : { error: 'invalid hexadecimal number', end };
      v = v * 16n + BigInt(h);
    }
  } else if (lower.endsWith('h')) {
    for (let i = 0; i < lower.length - 1; i++) {
      const h = hexVal(lower.charCodeAt(i));
      if (h < 0) return { error: 'invalid hexadecimal number', end };
      v = v * 16n + BigInt(h);
    }
  } else if (lower.startsWith('0b') && lower.length > 2 && allBinary(lower)) {
    for (let i = 2; i < lower.length; i++) v = v * 2n + BigInt(lower.charCodeAt(i) - 48);
  } else {
    if (hasExponent(lower)) return undefined; // 1e5 is a float
    const octal = lower.length > 1 && lower.charCodeAt(0) === 48;
    const base = octal ? 8n : 10n;
    for (let i = 0; i < lower.length; i++) {
      const d = lower.charCodeAt(i) - 48;
      if (d < 0 || d > 9 || (octal && d > 7)) return { error: 'invalid ' + (octal ? 'octal' : 'decimal') + ' number', end };
      v = v * base + BigInt(d);
    }
  }
  if (v > 0xffffffffffffffffn) return { error: 'integer literal is too large', end };
  return { value: BigInt.asIntN(64, v), end };
}

function allBinary(s: string): boolean {
  for (let i = 2; i < s.length; i++) if (s.charCodeAt(i) !== 48 && s.charCodeAt(i) !== 49) return false;
  return true;
}

/** Digits then 'e' (as in 1e5): the lexer makes a float of it. */
function hasExponent(s: string): boolean {
  let i = 0;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  return i > 0 && i < s.length && s.charCodeAt(i) === 101;
}

type Op = { prec: number; len: number; apply: (a: bigint, b: bigint) => bigint | string };

const s64 = (v: bigint) => BigInt.asIntN(64, v);
const u64 = (v: bigint) => BigInt.asUintN(64, v);
const bool = (b: boolean) => (b ? 1n : 0n);

/** Binary operator at `pos`, with LLVM MC priorities (higher binds tighter). */
function binaryOp(text: string, pos: number): Op | undefined {
  const c = text.charCodeAt(pos);
  const n = text.charCodeAt(pos + 1);
  switch (c) {
    case STAR:
      return { prec: 6, len: 1, apply: (a, b) => s64(a * b) };
    case SLASH:
      return { prec: 6, len: 1, apply: (a, b) => (b === 0n ? 'division by zero' : s64(a / b)) };
    case PERCENT:
      return { prec: 6, len: 1, apply: (a, b) => (b === 0n ? 'division by zero' : s64(a % b)) };
    case PLUS:
      return { prec: 5, len: 1, apply: (a, b) => s64(a + b) };
    case MINUS:
      return { prec: 5, len: 1, apply: (a, b) => s64(a - b) };
    case LT:
      if (n === LT) return { prec: 4, len: 2, apply: (a, b) => s64(a << (u64(b) & 63n)) };
      if (n === EQ) return { prec: 3, len: 2, apply: (a, b) => bool(a <= b) };
      if (n === GT) return { prec: 3, len: 2, apply: (a, b) => bool(a !== b) };
      return { prec: 3, len: 1, apply: (a, b) => bool(a < b) };
    case GT:
      if (n === GT) return { prec: 4, len: 2, apply: (a, b) => s64(u64(a) >> (u64(b) & 63n)) };
      if (n === EQ) return { prec: 3, len: 2, apply: (a, b) => bool(a >= b) };
      return { prec: 3, len: 1, apply: (a, b) => bool(a > b) };
    case EQ:
      if (n === EQ) return { prec: 3, len: 2, apply: (a, b) => bool(a === b) };
      return undefined;
    case BANG:
      if (n === EQ) return { prec: 3, len: 2, apply: (a, b) => bool(a !== b) };
      return undefined;
    case AMP:
      if (n === AMP) return { prec: 1, len: 2, apply: (a, b) => bool(a !== 0n && b !== 0n) };
      return { prec: 2, len: 1, apply: (a, b) => s64(a & b) };
    case PIPE:
      if (n === PIPE) return { prec: 1, len: 2, apply: (a, b) => bool(a !== 0n || b !== 0n) };
      return { prec: 2, len: 1, apply: (a, b) => s64(a | b) };
    case CARET:
      return { prec: 2, len: 1, apply: (a, b) => s64(a ^ b) };
    default:
      return undefined;
  }
}

class Evaluator {
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly resolve: SymbolResolver | undefined,
  ) {}

  /// expr ::= primary (binop primary)*   (precedence climbing)
  expr(pos: number, minPrec: number): ExprResult {
    let lhs = this.primary(pos);
    if (!lhs.ok) return lhs;
    for (;;) {
      const at = skipSpaces(this.text, lhs.end);
      const op = binaryOp(this.text, at);
      if (!op || op.prec < minPrec) return lhs;
      const rhs = this.expr(at + op.len, op.prec + 1);
      if (!rhs.ok) return rhs;
      const v = op.apply(lhs.value, rhs.value);
      if (typeof v === 'string') return { ok: false, message: v, offset: at };
      lhs = { ok: true, value: v, end: rhs.end };
    }
  }

  /// primary ::= '(' expr ')' | number | symbol | unop primary
  primary(pos: number): ExprResult {
    const text = this.text;
    pos = skipSpaces(text, pos);
    if (++this.depth > MAX_EXPR_DEPTH) return { ok: false, message: 'expression nested too deeply', offset: pos };
    try {
      const c = text.charCodeAt(pos);
      if (c === LPAREN) {
        const inner = this.expr(pos + 1, 0);
        if (!inner.ok) return inner;
        const close = skipSpaces(text, inner.end);
        if (text.charCodeAt(close) !== RPAREN) return { ok: false, message: "expected ')' in parentheses expression", offset: close };
        return { ok: true, value: inner.value, end: close + 1 };
      }
      if (c === MINUS || c === PLUS || c === TILDE || c === BANG) {
        const r = this.primary(pos + 1);
        if (!r.ok) return r;
        const v = c === MINUS ? s64(-r.value) : c === TILDE ? s64(~r.value) : c === BANG ? bool(r.value === 0n) : r.value;
        return { ok: true, value: v, end: r.end };
      }
      if (isDigit(c)) {
        const n = scanInteger(text, pos);
        if (!n) return { ok: false, message: 'floating-point numbers are not allowed in expressions', offset: pos };
        if ('error' in n) return { ok: false, message: n.error, offset: pos };
        return { ok: true, value: n.value, end: n.end };
      }
      if (isIdentStart(c)) {
        let end = pos + 1;
        while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
        const name = text.slice(pos, end);
        const v = this.resolve?.(name);
        if (v === undefined) return { ok: false, message: 'expected absolute expression', offset: pos };
        return { ok: true, value: v, end };
      }
      return { ok: false, message: 'unknown token in expression', offset: pos };
    } finally {
      this.depth--;
    }
  }
}

/** Evaluates the absolute expression starting at `pos`; stops before the first text that cannot continue it. */
export function evaluateOperandExpr(text: string, pos: number, resolve?: SymbolResolver): ExprResult {
  return new Evaluator(text, resolve).expr(pos, 0);
}

/** The default evaluator: no symbols. */
export const defaultOperandExprEvaluator: OperandExprEvaluator = {
  evaluate: (text, pos) => evaluateOperandExpr(text, pos),
};
