/**
 * Absolute expressions inside operand text (register indices `v[2*2]`, immediates `1+2`): an
 * adapter over the file-level expression parser and evaluator (expr.ts), which follow llvm-mc's
 * precedence, so operand code can ask "what is the value of the expression that starts here, and
 * where does it end" with symbols resolved by the caller.
 */
import { evaluate, ExprParser, type ParseIssue, type SymbolLookup } from './expr.js';
import { Lexer, type LexerOptions } from '../lex/lexer.js';

/** Result of evaluating an expression that starts at `pos`: value and the offset just after it. */
export type ExprResult =
  | { ok: true; value: bigint; end: number }
  /** `relocatableEnd` is set when the expression is well formed but not absolute (symbols, `.`): where it ends. */
  | { ok: false; message: string; offset: number; relocatableEnd?: number };

/** Anything that can evaluate an absolute expression in operand text. */
export interface OperandExprEvaluator {
  evaluate(text: string, pos: number): ExprResult;
}

const SPACE = 32;
const TAB = 9;
const DOT = 46;

export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === DOT;
}

/** Characters that continue a name: the lexer's identifier characters (alnum `_ . $ @ ?`), so `v1?` is one name, as in llvm-mc. */
export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57) || c === 36 || c === 64 || c === 63;
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

/** llvm-mc's words for a missing or unexpected token where an expression should start. */
function llvmWording(message: string | undefined): string {
  if (message === undefined || message.startsWith('unknown token in expression') || message.startsWith('expected an expression'))
    return 'unknown token in expression';
  return message;
}

/**
 * An evaluator over the file-level expression parser: symbols through `lookup` (absent: none is
 * absolute). A float literal inside an expression stands for its double bits, as in llvm-mc.
 */
export function llvmOperandExprEvaluator(lookup?: SymbolLookup, options: LexerOptions = {}): OperandExprEvaluator {
  return {
    evaluate(text: string, pos: number): ExprResult {
      const issues: ParseIssue[] = [];
      const lex = new Lexer(text, options, pos);
      lex.next();
      const parser = new ExprParser(lex, (i) => issues.push(i));
      const e = parser.parseExpression();
      if (!e) {
        const i = issues[0];
        return { ok: false, message: llvmWording(i?.message), offset: i?.start ?? pos };
      }
      const r = evaluate(e, lookup);
      // The expression ends where the lexer's next token starts (a parenthesised span may not cover the parens).
      if ('value' in r) return { ok: true, value: r.value, end: Math.max(e.span.end, Math.min(lex.start, text.length)) };
      if ('error' in r) return { ok: false, message: r.error.message, offset: r.error.start };
      return { ok: false, message: 'expected absolute expression', offset: e.span.start, relocatableEnd: Math.max(e.span.end, Math.min(lex.start, text.length)) };
    },
  };
}

/** The default evaluator: llvm-mc's expression rules, no symbols. */
export const defaultOperandExprEvaluator: OperandExprEvaluator = llvmOperandExprEvaluator();
