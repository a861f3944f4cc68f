/** Public AMDGPU API: parse, check, symbols and expression evaluation of AMDGPU assembly. */
import type { Diagnostic } from '../core/diagnostics.js';
import { SourceFile } from '../core/source.js';
import type { AmdgpuFile } from './parse/ast.js';
import { evaluate, parseExpression, symbolsIn } from './parse/expr.js';
import { parseAmdgpuStatements } from './parse/parser.js';
import { issueToDiagnostic } from './pipeline.js';

export interface AmdgpuParseOptions {
  masmIntegers?: boolean;
}

/** Parses a file into statements (labels, assignments, directives, instructions with operands). */
export function parseAmdgpu(name: string, text: string, options: AmdgpuParseOptions = {}): { file: AmdgpuFile; diagnostics: Diagnostic[] } {
  const source = new SourceFile(name, text);
  const { statements, issues } = parseAmdgpuStatements(text, options);
  return { file: { name, text, statements }, diagnostics: issues.map((i) => issueToDiagnostic(source, i)) };
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
          : "expected an absolute expression: '.' (the current location) and local label references are relocatable",
        location: file.location(at.start, at.end - at.start),
      },
    ],
  };
}

export { checkAmdgpuText, amdgpuSymbols } from './pipeline.js';
export type { AmdgpuCheckOptions } from './pipeline.js';
export { parseExpression, evaluate, symbolsIn, ExprParser, binaryPrecedence, MAX_EXPR_DEPTH } from './parse/expr.js';
export type { EvalResult, ParseIssue, SymbolLookup } from './parse/expr.js';
export { Lexer, Tok, tokName } from './lex/lexer.js';
export type { LexerOptions } from './lex/lexer.js';
export type { SymbolInfo, SymbolKind } from './check/symbols.js';
export type * from './parse/ast.js';
export { encodeOperand, encodeParsedOperand, parseSourceOperand, validateOperand, InstructionLiterals } from './check/operand.js';
export type { EncodeOperandResult, ParsedOperand, OperandParse, ValidateOperandOptions } from './check/operand.js';
export { parseTriple, DEFAULT_TRIPLE, TRIPLE_FORMS } from './triple.js';
export type { AmdgpuTriple, AmdgpuOs } from './triple.js';
export { AMDGPU_TARGETS, findTarget, targetNames, sgprCount, ttmpCount, ttmpBase } from './targets.js';
export type { AmdgpuTarget, Generation } from './targets.js';
export { parseRegister, parseNsaAddress, registerSourceCode, validateRegisterForTarget, formatRegister, looksLikeRegister, REG_CODES } from './check/registers.js';
export type { RegisterOperand, RegisterKind, RegisterParse, OperandError } from './check/registers.js';
export { encodeImmediate, checkImmediateRange, smemOffsetRule, isOperandType, OPERAND_TYPES, IMM_CODES, IMMEDIATE_RANGES, inlineIntCode, inlineCode16, inlineCode32, inlineCode64 } from './check/immediates.js';
export type { OperandType, Immediate, EncodedImmediate, ImmediateResult, RangedImmediate, SmemOffsetRule } from './check/immediates.js';
export { llvmOperandExprEvaluator } from './parse/operand-expr.js';
export type { OperandExprEvaluator, ExprResult } from './parse/operand-expr.js';
