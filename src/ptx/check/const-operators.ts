/**
 * Operator rules of PTX constant expressions (spec 4.5.5 and Table 5), as ptxas applies them.
 * Where ptxas departs from Table 5 the row says so; docs/divergences.md ("## PTX constants") has the detail.
 */
import type { BinaryOp } from '../parse/ast.js';

/** What a binary operator accepts and what type it yields. */
export interface BinaryRule {
  /** true: .f64 operands are allowed (both sides .f64); false: integer operands only. */
  float: boolean;
  /**
   * Result type for integer operands:
   *  'converted' — the usual arithmetic conversions (.u64 if either side is .u64, else .s64);
   *  's64' — always .s64 (value 0 or 1);
   *  'u64' — always .u64;
   *  'first' — the type of the left operand (shifts).
   */
  intResult: 'converted' | 's64' | 'u64' | 'first';
  /** Result for .f64 operands: 'f64' arithmetic, 's64' comparisons (0 or 1). */
  floatResult?: 'f64' | 's64';
}

export const BINARY_RULES: Record<BinaryOp, BinaryRule> = {
  '*': { float: true, intResult: 'converted', floatResult: 'f64' },
  '/': { float: true, intResult: 'converted', floatResult: 'f64' },
  // Table 5 says .s64; the 4.5.5 text says the operands are read as unsigned, and ptxas yields .u64.
  '%': { float: false, intResult: 'u64' },
  '+': { float: true, intResult: 'converted', floatResult: 'f64' },
  '-': { float: true, intResult: 'converted', floatResult: 'f64' },
  '<<': { float: false, intResult: 'first' },
  '>>': { float: false, intResult: 'first' },
  '<': { float: true, intResult: 's64', floatResult: 's64' },
  '>': { float: true, intResult: 's64', floatResult: 's64' },
  '<=': { float: true, intResult: 's64', floatResult: 's64' },
  '>=': { float: true, intResult: 's64', floatResult: 's64' },
  '==': { float: true, intResult: 's64', floatResult: 's64' },
  '!=': { float: true, intResult: 's64', floatResult: 's64' },
  // Table 5 says .u64; the 4.5.5 text says usual conversions, and ptxas follows the text.
  '&': { float: false, intResult: 'converted' },
  '^': { float: false, intResult: 'converted' },
  '|': { float: false, intResult: 'converted' },
  '&&': { float: false, intResult: 's64' },
  '||': { float: false, intResult: 's64' },
};

/** The predefined integer constant (spec 4.4/4.5.1): threads per warp on every target to date. */
export const WARP_SZ = 32n;
