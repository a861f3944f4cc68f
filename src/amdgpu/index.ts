/** Public AMDGPU API. */
import type { Diagnostic } from '../core/diagnostics.js';
import { SourceFile } from '../core/source.js';
import { evaluate, parseExpression, symbolsIn, type ParseIssue } from './expr.js';

export interface AmdgpuCheckOptions {
  /** Processor name as llvm-mc's -mcpu, e.g. gfx900. */
  mcpu: string;
}

/** Checks one AMDGPU assembly file; returns every diagnostic. */
export function checkAmdgpuText(name: string, text: string, options: AmdgpuCheckOptions): Diagnostic[] {
  void name;
  void text;
  void options;
  throw new Error('AMDGPU front end not implemented yet');
}

/** Evaluates an absolute AMDGPU assembler expression as llvm-mc does (signed 64-bit). */
export function evaluateAmdgpuExpression(text: string, options: { masmIntegers?: boolean } = {}): { value: bigint } | { diagnostics: Diagnostic[] } {
  const file = new SourceFile('<expression>', text);
  const { expr, issues } = parseExpression(text, options);
  const diagnostics: Diagnostic[] = issues.map((i) => issueToDiagnostic(file, i));
  if (!expr || diagnostics.length) return { diagnostics };
  const r = evaluate(expr);
  if ('value' in r) return { value: r.value };
  if ('error' in r) return { diagnostics: [issueToDiagnostic(file, r.error)] };
  const syms = symbolsIn(expr);
  const at = expr.span;
  return {
    diagnostics: [
      {
        severity: 'error',
        code: 'AMD124',
        message: syms.length
          ? `expected an absolute expression: '${syms[0]}' is not defined here (symbols are not absolute in a standalone expression)`
          : "expected an absolute expression: '.' (the current location) is relocatable",
        location: file.location(at.start, at.end - at.start),
      },
    ],
  };
}

function issueToDiagnostic(file: SourceFile, i: ParseIssue): Diagnostic {
  return { severity: 'error', code: i.code, message: i.message, location: file.location(i.start, i.end - i.start) };
}

export { parseExpression, evaluate, symbolsIn, ExprParser, binaryPrecedence, MAX_EXPR_DEPTH } from './expr.js';
export type { EvalResult, ParseIssue, SymbolLookup } from './expr.js';
export { Lexer, Tok, tokName } from './lexer.js';
export type { LexerOptions } from './lexer.js';
export type * from './ast.js';
