/**
 * AMDGPU assembler expressions: parsing and 64-bit evaluation, as llvm-mc-19 does them.
 *
 * Precedence is llvm-mc's GNU table (verified on llvm-mc-19; the spec's table differs, see
 * docs/divergences.md), lowest first, all left-associative:
 *   1: ||    2: &&    3: == != <> < <= > >=    4: + -    5: | ^ & ! (or-not)    6: * / % << >>
 * Unary `- + ~ !` apply to a primary expression. Comparisons yield -1 (all ones) for true; `&&`,
 * `||` and unary `!` yield 1. `>>` is a logical shift; shift counts are taken modulo 64 (what
 * llvm-mc's x86 build computes). Division or remainder by zero is an error. A float literal stands
 * for its IEEE double bits.
 */
import type { Span } from '../../core/source.js';
import { S64_MIN } from '../../core/int64.js';
import { workMeter } from '../../core/work.js';
import type { BinaryOp, Expr, UnaryOp } from './ast.js';
import { Lexer, Tok, type LexerOptions } from '../lex/lexer.js';
import type { AmdCode, AmdRawDiagnostic, AmdSink } from '../diagnostics.js';

/** A problem found while parsing or evaluating: the AMDGPU raw diagnostic (diagnostics.ts), by its older name. */
export type ParseIssue = AmdRawDiagnostic;

export type IssueSink = AmdSink;

/** Nesting limit for parentheses/unary operators and for the depth of an expression tree. */
export const MAX_EXPR_DEPTH = 1000;

/** AMDGPU expression functions (llvm-mc-19's AMDGPUMCExpr); recognised only where llvm-mc does. */
const TARGET_FUNCTIONS = new Set(['max', 'or', 'extrasgprs', 'totalnumvgprs', 'alignto', 'occupancy']);

/** GNU binary-operator precedence of a token kind, or 0 when it is not a binary operator. */
export function binaryPrecedence(kind: number): number {
  switch (kind) {
    case Tok.PipePipe:
      return 1;
    case Tok.AmpAmp:
      return 2;
    case Tok.EqualEqual:
    case Tok.ExclaimEqual:
    case Tok.LessGreater:
    case Tok.Less:
    case Tok.LessEqual:
    case Tok.Greater:
    case Tok.GreaterEqual:
      return 3;
    case Tok.Plus:
    case Tok.Minus:
      return 4;
    case Tok.Pipe:
    case Tok.Caret:
    case Tok.Amp:
    case Tok.Exclaim:
      return 5;
    case Tok.Star:
    case Tok.Slash:
    case Tok.Percent:
    case Tok.LessLess:
    case Tok.GreaterGreater:
      return 6;
    default:
      return 0;
  }
}

function binaryOpOf(kind: number): BinaryOp {
  switch (kind) {
    case Tok.PipePipe:
      return '||';
    case Tok.AmpAmp:
      return '&&';
    case Tok.EqualEqual:
      return '==';
    case Tok.ExclaimEqual:
      return '!=';
    case Tok.LessGreater:
      return '<>';
    case Tok.Less:
      return '<';
    case Tok.LessEqual:
      return '<=';
    case Tok.Greater:
      return '>';
    case Tok.GreaterEqual:
      return '>=';
    case Tok.Plus:
      return '+';
    case Tok.Minus:
      return '-';
    case Tok.Pipe:
      return '|';
    case Tok.Caret:
      return '^';
    case Tok.Amp:
      return '&';
    case Tok.Exclaim:
      return '!';
    case Tok.Star:
      return '*';
    case Tok.Slash:
      return '/';
    case Tok.Percent:
      return '%';
    case Tok.LessLess:
      return '<<';
    default:
      return '>>';
  }
}

const MAX_U64 = (1n << 64n) - 1n;

/**
 * Operator nodes allowed in one expression. Bounds the depth of every tree walk (evaluation,
 * symbol substitution) without tracking depth per node: a tree is never deeper than its size.
 */
export const MAX_EXPR_OPERATORS = 2000;

/**
 * Recursive-descent expression parser over a shared Lexer. The lexer's current token is the
 * first token of the expression; after a successful parse it is the first token after it.
 * Never throws on bad input: reports through `sink` and returns null.
 */
export class ExprParser {
  private nesting = 0;
  /** Operator nodes built in the current top-level expression. */
  private operators = 0;
  constructor(
    readonly lex: Lexer,
    readonly sink: IssueSink,
  ) {}

  private error(code: AmdCode, message: string, start: number, end: number): null {
    this.sink({ code, message, start, length: Math.max(end, start) - start });
    return null;
  }

  /** Reports the current token when it is a lexical error; true if it was. */
  reportLexError(): boolean {
    const lex = this.lex;
    if (lex.cur() !== Tok.Error) return false;
    const msg = lex.errorMessage ?? 'invalid token';
    const code = msg.startsWith('invalid character')
      ? 'AMD101'
      : msg.startsWith('unterminated')
        ? 'AMD102'
        : msg.includes('floating-point') || msg.includes('float literal')
          ? 'AMD105'
          : 'AMD103';
    this.error(code, msg, lex.start, lex.end);
    return true;
  }

  /// expr ::= primary (binop primary)*      with GNU precedence
  parseExpression(): Expr | null {
    if (this.nesting === 0) this.operators = 0;
    const lhs = this.parsePrimary(true);
    if (!lhs) return null;
    return this.parseBinOpRHS(1, lhs);
  }

  /** Continues an expression whose first primary was parsed elsewhere (e.g. `vmcnt(0) & ...`). */
  continueBinary(lhs: Expr): Expr | null {
    if (this.nesting === 0) this.operators = 0;
    return this.parseBinOpRHS(1, lhs);
  }

  /** Counts one operator node; false (after reporting) when the expression is too large. */
  private countOperator(start: number, end: number): boolean {
    if (++this.operators <= MAX_EXPR_OPERATORS) return true;
    this.error('AMD112', `expression too large or nested too deeply (more than ${MAX_EXPR_OPERATORS} operators)`, start, end);
    return false;
  }

  /** `-x` built by the operand parser (same node as the unary operator here). */
  makeUnary(op: UnaryOp, operand: Expr, start: number): Expr | null {
    if (!this.countOperator(start, start + 1)) return null;
    return { kind: 'unary', op, operand, span: { start, end: operand.span.end } };
  }

  /** `(precedence climbing)`: combines `lhs` with following operators of at least `minPrec`. */
  private parseBinOpRHS(minPrec: number, lhs: Expr): Expr | null {
    const lex = this.lex;
    for (;;) {
      const prec = binaryPrecedence(lex.cur());
      if (prec < minPrec || prec === 0) return lhs;
      const opKind = lex.cur();
      const opSpan = { start: lex.start, end: lex.end };
      lex.next();
      let rhs = this.parsePrimary(true);
      if (!rhs) return null;
      const nextPrec = binaryPrecedence(lex.cur());
      if (nextPrec > prec) {
        rhs = this.parseBinOpRHS(prec + 1, rhs);
        if (!rhs) return null;
      }
      if (!this.countOperator(opSpan.start, opSpan.end)) return null;
      lhs = { kind: 'binary', op: binaryOpOf(opKind), left: lhs, right: rhs, opSpan, span: { start: lhs.span.start, end: rhs.span.end } };
    }
  }

  /// primary ::= number | real | symbol | '.' | '(' expr ')' | unop primary | fn '(' expr, ... ')'
  /// `allowTarget`: AMDGPU functions (max, or, ...) are recognised at the start of an expression
  /// and after a binary operator, not after a unary one (as llvm-mc-19).
  parsePrimary(allowTarget: boolean): Expr | null {
    const lex = this.lex;
    if (this.nesting >= MAX_EXPR_DEPTH) return this.error('AMD112', `expression nested too deeply (more than ${MAX_EXPR_DEPTH} levels)`, lex.start, lex.end);
    const start = lex.start;
    switch (lex.cur()) {
      case Tok.Integer: {
        const value = lex.intValue();
        const end = lex.end;
        if (value > MAX_U64) return this.error('AMD104', 'literal value out of range for directive: integer does not fit in 64 bits', start, end);
        // `1b` / `1f`: directional reference to local label 1.
        const tokStart = start;
        lex.next();
        if (lex.cur() === Tok.Identifier && !lex.spaceBefore && lex.start === end) {
          const t = lex.tokenText();
          if (t === 'b' || t === 'f' || t === 'B' || t === 'F') {
            const labelText = lex.text.slice(tokStart, end);
            const e: Expr = { kind: 'local', label: labelText, forward: t === 'f' || t === 'F', span: { start: tokStart, end: lex.end } };
            lex.next();
            return e;
          }
        }
        return { kind: 'int', value: BigInt.asIntN(64, value), span: { start, end } };
      }
      case Tok.Real: {
        const e: Expr = { kind: 'real', value: lex.realValue(), text: lex.tokenText(), span: { start, end: lex.end } };
        lex.next();
        return e;
      }
      case Tok.Identifier:
      case Tok.String: {
        const isString = lex.cur() === Tok.String;
        let name = isString ? unquote(lex.tokenText()) : lex.tokenText();
        let end = lex.end;
        lex.next();
        if (!isString && allowTarget && lex.cur() === Tok.LParen && TARGET_FUNCTIONS.has(name)) return this.parseTargetCall(name, start);
        // `sym@variant` written with the variant as a separate token (identifiers already take `@`).
        if (lex.cur() === Tok.At && !lex.spaceBefore) {
          lex.next();
          if (lex.cur() !== Tok.Identifier) return this.error('AMD110', "expected symbol variant after '@'", lex.start, lex.end);
          name += '@' + lex.tokenText();
          end = lex.end;
          lex.next();
        }
        return { kind: 'sym', name, span: { start, end } };
      }
      case Tok.Dot: {
        lex.next();
        return { kind: 'dot', span: { start, end: start + 1 } };
      }
      case Tok.LParen: {
        lex.next();
        this.nesting++;
        const inner = this.parseExpression();
        this.nesting--;
        if (!inner) return null;
        if (lex.cur() !== Tok.RParen) return this.error('AMD111', "expected ')' to close the '(' here", lex.start, lex.end);
        const end = lex.end;
        lex.next();
        // The node keeps the parenthesised span so diagnostics underline what the user wrote.
        return { ...inner, span: { start, end } };
      }
      case Tok.Minus:
      case Tok.Plus:
      case Tok.Tilde:
      case Tok.Exclaim: {
        const op: UnaryOp = lex.cur() === Tok.Minus ? '-' : lex.cur() === Tok.Plus ? '+' : lex.cur() === Tok.Tilde ? '~' : '!';
        lex.next();
        this.nesting++;
        const operand = this.parsePrimary(false);
        this.nesting--;
        if (!operand) return null;
        return this.makeUnary(op, operand, start);
      }
      case Tok.Error:
        this.reportLexError();
        return null;
      case Tok.EndOfStatement:
      case Tok.Eof:
        return this.error('AMD110', 'expected an expression', start, start);
      default:
        return this.error('AMD110', `unknown token in expression: '${lex.tokenText()}'`, start, lex.end);
    }
  }

  /// fn '(' expr (',' expr)* ')'     for max, or, alignto, ...
  private parseTargetCall(name: string, start: number): Expr | null {
    const lex = this.lex;
    lex.next(); // '('
    const args: Expr[] = [];
    let commas = 0;
    this.nesting++;
    try {
      for (;;) {
        if (lex.cur() === Tok.RParen) {
          if (args.length === 0) return this.error('AMD113', `empty ${name} expression`, lex.start, lex.end);
          if (commas + 1 !== args.length) return this.error('AMD113', `mismatch of commas in ${name} expression`, lex.start, lex.end);
          const end = lex.end;
          lex.next();
          if (!this.countOperator(start, end)) return null;
          return { kind: 'call', name, args, span: { start, end } };
        }
        const e = this.parseExpression();
        if (!e) return null;
        args.push(e);
        if (lex.cur() === Tok.Comma) {
          commas++;
          lex.next();
        } else if (lex.cur() !== Tok.RParen) {
          return this.error('AMD113', `unexpected token in ${name} expression`, lex.start, lex.end);
        }
      }
    } finally {
      this.nesting--;
    }
  }
}

function unquote(s: string): string {
  return s.length >= 2 ? s.slice(1, -1) : s;
}

/**
 * Parses `text` as one whole expression (as after `.set x,`). Issues carry offsets into `text`.
 */
export function parseExpression(text: string, options: LexerOptions = {}): { expr: Expr | null; issues: ParseIssue[] } {
  const issues: ParseIssue[] = [];
  const lex = new Lexer(text, options);
  lex.next();
  const p = new ExprParser(lex, (i) => issues.push(i));
  const expr = p.parseExpression();
  if (expr && lex.cur() !== Tok.EndOfStatement && lex.cur() !== Tok.Eof) {
    if (!p.reportLexError()) issues.push({ code: 'AMD201', message: `unexpected '${lex.tokenText()}' after the expression`, start: lex.start, length: lex.end - lex.start });
    return { expr: null, issues };
  }
  if (expr && lex.cur() === Tok.EndOfStatement) {
    // Only comments/blank lines may follow.
    lex.next();
    while (lex.cur() === Tok.EndOfStatement) lex.next();
    if (lex.cur() !== Tok.Eof) {
      issues.push({ code: 'AMD201', message: 'expected one expression; found more text on a following line', start: lex.start, length: lex.end - lex.start });
      return { expr: null, issues };
    }
  }
  return { expr: issues.length ? null : expr, issues };
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** What evaluation knows about a symbol: its absolute value, or null when it is not absolute. */
export type SymbolLookup = (name: string, span: Span) => bigint | null;

export type EvalResult =
  /** Absolute: a signed 64-bit value. */
  | { value: bigint }
  /** Depends on a label, `.`, an undefined symbol or a relocation: no value at assembly time. */
  | { relocatable: true }
  | { error: ParseIssue };

const ONE = 1n;
const ZERO = 0n;
const MINUS_ONE = -1n;

/** IEEE double bits of a float literal, as a signed 64-bit value. */
function realBits(v: number): bigint {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, v);
  return dv.getBigInt64(0);
}

/**
 * Evaluates an expression to a signed 64-bit value. Symbols are resolved by `lookup` (absent:
 * every symbol is non-absolute). Recursion is bounded by the parser's depth limit.
 */
export function evaluate(expr: Expr, lookup?: SymbolLookup): EvalResult {
  const r = evalNode(expr, lookup);
  if (typeof r === 'bigint') return { value: r };
  if (r === null) return { relocatable: true };
  return { error: r };
}

type Val = bigint | null | ParseIssue;

function isIssue(v: Val): v is ParseIssue {
  return v !== null && typeof v === 'object';
}

function evalNode(e: Expr, lookup: SymbolLookup | undefined): Val {
  workMeter.steps++;
  switch (e.kind) {
    case 'int':
      return e.value;
    case 'real':
      return realBits(e.value);
    case 'sym':
      return lookup ? lookup(e.name, e.span) : null;
    case 'dot':
    case 'local':
    case 'string':
      return null;
    case 'unary': {
      const v = evalNode(e.operand, lookup);
      if (typeof v !== 'bigint') return v;
      switch (e.op) {
        case '-':
          return BigInt.asIntN(64, -v);
        case '+':
          return v;
        case '~':
          return BigInt.asIntN(64, ~v);
        case '!':
          return v === ZERO ? ONE : ZERO;
      }
      return null;
    }
    case 'call': {
      const vals: bigint[] = [];
      let rel = false;
      for (const a of e.args) {
        const v = evalNode(a, lookup);
        if (isIssue(v)) return v;
        if (v === null) rel = true;
        else vals.push(v);
      }
      if (rel) return null;
      return evalTargetFunction(e.name, vals);
    }
    case 'binary': {
      const l = evalNode(e.left, lookup);
      if (isIssue(l)) return l;
      const r = evalNode(e.right, lookup);
      if (isIssue(r)) return r;
      if (l === null || r === null) return null;
      return binaryValue(e.op, l, r, e.opSpan);
    }
  }
}

/** llvm-mc-19's AMDGPUMCExpr functions whose value depends on the subtarget: not evaluated here (evalTargetFunction). */
const SUBTARGET_FUNCTIONS: ReadonlySet<string> = new Set(['extrasgprs', 'totalnumvgprs', 'occupancy']);

/** `extrasgprs`, `totalnumvgprs`, `occupancy` (any case): a value llvm-mc computes for the subtarget, gpuasm does not. */
export function isSubtargetFunction(name: string): boolean {
  return SUBTARGET_FUNCTIONS.has(name.toLowerCase());
}

/**
 * Whether an expression's value is one llvm-mc knows and gpuasm cannot: it calls a subtarget
 * function, or names a symbol `unknowable` says so of. (A null value of such an expression is no
 * evidence of an error.)
 */
export function valueUnknowableIn(expr: Expr, unknowable: (name: string) => boolean): boolean {
  return someNode(expr, (e) => (e.kind === 'sym' && unknowable(e.name)) || (e.kind === 'call' && isSubtargetFunction(e.name)));
}

/** llvm-mc-19's AMDGPUMCExpr functions that need no subtarget: max (signed), or, alignto. */
function evalTargetFunction(name: string, vals: bigint[]): bigint | null {
  switch (name) {
    case 'max': {
      // Signed, as llvm-mc-19 computes it (verified: max(66, -1600) = 66).
      let m = vals[0]!;
      for (const v of vals) if (v > m) m = v;
      return m;
    }
    case 'or': {
      let m = 0n;
      for (const v of vals) m |= BigInt.asUintN(64, v);
      return BigInt.asIntN(64, m);
    }
    case 'alignto': {
      if (vals.length !== 2) return null;
      const v = BigInt.asUintN(64, vals[0]!);
      const a = BigInt.asUintN(64, vals[1]!);
      if (a === 0n) return null;
      return BigInt.asIntN(64, ((v + a - 1n) / a) * a);
    }
    default:
      // extrasgprs, totalnumvgprs, occupancy depend on the subtarget: not evaluated here.
      return null;
  }
}

/** One binary operation on signed 64-bit values, exactly as llvm-mc computes it. */
export function binaryValue(op: BinaryOp, l: bigint, r: bigint, opSpan: Span): bigint | ParseIssue {
  switch (op) {
    case '+':
      return BigInt.asIntN(64, l + r);
    case '-':
      return BigInt.asIntN(64, l - r);
    case '*':
      return BigInt.asIntN(64, l * r);
    case '/':
      if (r === ZERO) return { code: 'AMD120', message: 'division by zero: expression could not be evaluated', start: opSpan.start, length: opSpan.end - opSpan.start };
      // INT64_MIN / -1 overflows (llvm-mc-19 crashes); wraps to INT64_MIN here.
      if (l === S64_MIN && r === MINUS_ONE) return S64_MIN;
      return l / r; // BigInt division truncates toward zero, as C++
    case '%':
      if (r === ZERO) return { code: 'AMD120', message: 'remainder by zero: expression could not be evaluated', start: opSpan.start, length: opSpan.end - opSpan.start };
      if (r === MINUS_ONE) return ZERO;
      return l % r; // sign of the dividend, as C++
    case '<<':
      return BigInt.asIntN(64, l << (BigInt.asUintN(64, r) & 63n));
    case '>>':
      return BigInt.asIntN(64, BigInt.asUintN(64, l) >> (BigInt.asUintN(64, r) & 63n));
    case '&':
      return l & r;
    case '|':
      return l | r;
    case '^':
      return l ^ r;
    case '!':
      return BigInt.asIntN(64, l | ~r);
    case '&&':
      return l !== ZERO && r !== ZERO ? ONE : ZERO;
    case '||':
      return l !== ZERO || r !== ZERO ? ONE : ZERO;
    case '==':
      return l === r ? MINUS_ONE : ZERO;
    case '!=':
    case '<>':
      return l !== r ? MINUS_ONE : ZERO;
    case '<':
      return l < r ? MINUS_ONE : ZERO;
    case '<=':
      return l <= r ? MINUS_ONE : ZERO;
    case '>':
      return l > r ? MINUS_ONE : ZERO;
    case '>=':
      return l >= r ? MINUS_ONE : ZERO;
  }
}

/** Names of the symbols an expression refers to (iterative; trees are depth-bounded anyway). */
export function symbolsIn(expr: Expr): string[] {
  // A leaf (most operands and data values) without the walk's stack and closure.
  if (expr.kind === 'sym') return [expr.name];
  if (expr.kind === 'int' || expr.kind === 'real') return [];
  const out: string[] = [];
  someNode(expr, (e) => {
    if (e.kind === 'sym') out.push(e.name);
    return false;
  });
  return out;
}

const isSymbol = (e: Expr): boolean => e.kind === 'sym';

/** Whether an expression refers to a symbol: `symbolsIn(expr).length > 0` without the list. */
export function hasSymbol(expr: Expr): boolean {
  if (expr.kind === 'sym') return true;
  if (expr.kind === 'int' || expr.kind === 'real') return false;
  return someNode(expr, isSymbol);
}

/** Whether `test` holds for a node of `expr`, visited left to right, depth first (without recursion); stops at the first. */
function someNode(expr: Expr, test: (e: Expr) => boolean): boolean {
  const stack: Expr[] = [expr];
  while (stack.length) {
    const e = stack.pop()!;
    if (test(e)) return true;
    switch (e.kind) {
      case 'unary':
        stack.push(e.operand);
        break;
      case 'binary':
        stack.push(e.right, e.left);
        break;
      case 'call':
        for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]!);
        break;
      default:
        break;
    }
  }
  return false;
}
