/**
 * Evaluation of PTX constant expressions (spec 4.5): 64-bit integers typed .s64/.u64, doubles typed
 * .f64, and whole `0f` literals that keep their 32 bits. Evaluation is iterative (an explicit stack),
 * so arbitrarily deep trees cannot overflow the call stack; every sub-expression is evaluated, as
 * ptxas does (a division by zero in an unselected `?:` arm or after `0 &&` is still an error).
 */
import { toS64, toU64 } from '../../core/int64.js';
import { bitsToF64 } from '../../core/float.js';
import { workMeter } from '../../core/work.js';
import type { Span } from '../../core/source.js';
import type { Expr, FloatLiteral, IntLiteral } from '../parse/ast.js';
import { BINARY_RULES, WARP_SZ } from './const-operators.js';
import type { PtxCode } from '../diagnostics.js';

export type IntConstType = '.s64' | '.u64';

/** A constant's value. Integers are kept normalized: .s64 in [-2^63, 2^63), .u64 in [0, 2^64). */
export type ConstValue =
  | { kind: 'int'; type: IntConstType; value: bigint }
  /** `bits`: present while the value is an untouched `0d` literal (keeps NaN payloads exact). */
  | { kind: 'float'; type: '.f64'; value: number; bits?: bigint }
  /** A whole `0f` literal: exact single-precision bits, usable only as a whole operand or initializer. */
  | { kind: 'f32'; type: '.f32'; bits: number; value: number };

/** Called once with the first problem found; evaluation then stops. */
export type ConstEvalReporter = (code: PtxCode, message: string, span: Span) => void;

export interface ConstEvalOptions {
  /** Resolves a name other than WARP_SZ (undefined: report "not a constant"). */
  resolveName?: (name: string, span: Span) => ConstValue | undefined;
}

export function intValue(type: IntConstType, v: bigint): ConstValue {
  return { kind: 'int', type, value: type === '.s64' ? toS64(v) : toU64(v) };
}

/** The type of an integer literal (4.5.1): .u64 with a `U` suffix or when it does not fit .s64. */
export function intLiteralValue(lit: IntLiteral): ConstValue {
  return intValue(lit.unsigned || lit.value > 0x7fffffffffffffffn ? '.u64' : '.s64', lit.value);
}

/**
 * Whether a decimal floating-point literal is representable: ptxas reads it with strtod and calls
 * any overflow or underflow "Constant overflow" — an infinite result, and also a non-zero literal
 * whose double is zero or subnormal (1e-310 is rejected; 1e-300 is fine).
 */
export function decimalFloatInRange(raw: string, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (value !== 0 && Math.abs(value) >= 2.2250738585072014e-308) return true;
  // Zero or subnormal: fine only when the mantissa digits are all zero.
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 101 || c === 69) break; // e E
    if (c >= 49 && c <= 57) return false; // 1-9
  }
  return true;
}

function floatLiteralValue(lit: FloatLiteral): ConstValue {
  if (lit.form === 'f32') {
    const bits = Number(lit.bits ?? 0n) >>> 0;
    return { kind: 'f32', type: '.f32', bits, value: lit.value };
  }
  if (lit.form === 'f64') {
    const bits = BigInt.asUintN(64, lit.bits ?? 0n);
    return { kind: 'float', type: '.f64', value: bitsToF64(bits), bits };
  }
  return { kind: 'float', type: '.f64', value: lit.value };
}

function asU64(v: { value: bigint }): bigint {
  return toU64(v.value);
}


/**
 * Evaluates a constant expression. Returns undefined after reporting the first problem.
 * `0f` literals are returned as kind 'f32' only when they are the whole expression (parentheses allowed).
 */
export function evaluateConstExpr(expr: Expr, report: ConstEvalReporter, options: ConstEvalOptions = {}): ConstValue | undefined {
  // Post-order work items in two parallel stacks (no object per item: a 1,000,000-node chain
  // would otherwise allocate two million of them): the node, and whether its operands are
  // already on the value stack.
  const work: Expr[] = [expr];
  const ready: boolean[] = [false];
  const values: ConstValue[] = [];
  let failed = false;
  const fail = (code: PtxCode, message: string, span: Span): undefined => {
    if (!failed) report(code, message, span);
    failed = true;
    return undefined;
  };
  /** Operands of an operator: 0f literals are not allowed there (4.5.2). */
  const operand = (v: ConstValue, at: Expr): ConstValue | undefined => {
    if (v.kind === 'f32') {
      return fail('PTX403', 'a 0f single-precision literal cannot be used inside a constant expression', at.span);
    }
    return v;
  };
  while (work.length > 0 && !failed) {
    workMeter.steps++;
    const e = work.pop()!;
    if (!ready.pop()) {
      switch (e.kind) {
        case 'int':
          if (e.overflow) {
            // The parser has reported it (PTX107); no value, and no second diagnostic at the spot.
            failed = true;
            break;
          }
          values.push(intLiteralValue(e));
          break;
        case 'float':
          if (e.form === 'decimal' && !Number.isFinite(e.value)) {
            failed = true; // overflow: reported by the parser (PTX108)
            break;
          }
          if (e.form === 'decimal' && !decimalFloatInRange(e.raw, e.value)) {
            fail('PTX402', `floating-point literal '${e.raw}' is out of the range of .f64 (overflow or underflow)`, e.span);
            break;
          }
          values.push(floatLiteralValue(e));
          break;
        case 'name': {
          if (e.name === 'WARP_SZ') {
            values.push(intValue('.s64', WARP_SZ));
            break;
          }
          const v = options.resolveName?.(e.name, e.span);
          if (v) values.push(v);
          else fail('PTX408', `'${e.name}' is not a constant; a constant expression may only use literals and WARP_SZ`, e.span);
          break;
        }
        case 'unary':
        case 'cast':
        case 'paren':
          work.push(e);
          ready.push(true);
          work.push(e.kind === 'paren' ? e.expr : e.operand);
          ready.push(false);
          break;
        case 'binary':
          work.push(e);
          ready.push(true);
          work.push(e.right);
          ready.push(false);
          work.push(e.left);
          ready.push(false);
          break;
        case 'conditional':
          work.push(e);
          ready.push(true);
          work.push(e.alternate);
          ready.push(false);
          work.push(e.consequent);
          ready.push(false);
          work.push(e.test);
          ready.push(false);
          break;
        case 'generic':
          fail('PTX410', 'generic() is only allowed in variable initializers', e.span);
          break;
        case 'mask':
          fail('PTX410', 'the mask() operator is only allowed in variable initializers', e.span);
          break;
        default:
          fail('PTX410', 'not a constant expression', e.span);
      }
      continue;
    }
    switch (e.kind) {
      case 'paren':
        break; // the operand's value stays on the stack as the result
      case 'unary': {
        const v = operand(values.pop()!, e.operand);
        if (!v || v.kind === 'f32') break;
        if (v.kind === 'float') {
          if (e.op === '+') values.push(v);
          else if (e.op === '-') values.push({ kind: 'float', type: '.f64', value: -v.value });
          else fail('PTX404', `operator '${e.op}' needs an integer operand`, e.operand.span);
          break;
        }
        if (e.op === '+') values.push(v);
        else if (e.op === '-') values.push(intValue(v.type, -v.value));
        else if (e.op === '!') values.push(intValue('.s64', v.value === 0n ? 1n : 0n));
        else values.push(intValue('.u64', ~asU64(v)));
        break;
      }
      case 'cast': {
        const v = operand(values.pop()!, e.operand);
        if (!v || v.kind === 'f32') break;
        if (v.kind !== 'int') {
          fail('PTX404', `a (${e.type}) cast needs an integer operand; PTX has no casts between integer and floating-point`, e.operand.span);
          break;
        }
        values.push(intValue(e.type, v.value));
        break;
      }
      case 'binary': {
        const rRaw = values.pop()!;
        const lRaw = values.pop()!;
        const l = operand(lRaw, e.left);
        const r = l && operand(rRaw, e.right);
        if (!l || !r || l.kind === 'f32' || r.kind === 'f32') break;
        const rule = BINARY_RULES[e.op];
        if (l.kind !== r.kind) {
          fail('PTX405', `operator '${e.op}' mixes integer and floating-point operands`, e.span);
          break;
        }
        if (l.kind === 'float' && r.kind === 'float') {
          if (!rule.float) {
            fail('PTX404', `operator '${e.op}' needs integer operands`, e.span);
            break;
          }
          const a = l.value;
          const b = r.value;
          let x: number;
          switch (e.op) {
            case '+': x = a + b; break;
            case '-': x = a - b; break;
            case '*': x = a * b; break;
            case '/':
              if (b === 0) {
                fail('PTX406', 'division by zero in a constant expression', e.right.span);
                continue;
              }
              x = a / b;
              break;
            case '<': values.push(intValue('.s64', a < b ? 1n : 0n)); continue;
            case '>': values.push(intValue('.s64', a > b ? 1n : 0n)); continue;
            case '<=': values.push(intValue('.s64', a <= b ? 1n : 0n)); continue;
            case '>=': values.push(intValue('.s64', a >= b ? 1n : 0n)); continue;
            case '==': values.push(intValue('.s64', a === b ? 1n : 0n)); continue;
            default: values.push(intValue('.s64', a !== b ? 1n : 0n)); continue;
          }
          values.push({ kind: 'float', type: '.f64', value: x });
          break;
        }
        if (l.kind !== 'int' || r.kind !== 'int') break;
        const v = binaryInt(e.op, l, r, e, fail);
        if (v) values.push(v);
        break;
      }
      case 'conditional': {
        const alt = values.pop()!;
        const cons = values.pop()!;
        const test = operand(values.pop()!, e.test);
        if (!test || test.kind === 'f32') break;
        if (test.kind !== 'int') {
          fail('PTX404', 'the condition of ?: must be an integer', e.test.span);
          break;
        }
        const c = operand(cons, e.consequent);
        const a = c && operand(alt, e.alternate);
        if (!c || !a || c.kind === 'f32' || a.kind === 'f32') break;
        if (c.kind !== 'int' || a.kind !== 'int') {
          if (c.kind === a.kind) fail('PTX407', '?: with floating-point operands is not supported by ptxas; only integer arms are', e.span);
          else fail('PTX405', '?: mixes integer and floating-point operands', e.span);
          break;
        }
        // ptxas yields the selected arm with its own type (no usual conversions between the arms).
        values.push(test.value !== 0n ? c : a);
        break;
      }
      default:
        break;
    }
  }
  if (failed) return undefined;
  return values.pop();
}

function binaryInt(
  op: keyof typeof BINARY_RULES,
  l: { type: IntConstType; value: bigint },
  r: { type: IntConstType; value: bigint },
  e: Expr & { right: Expr },
  fail: (code: PtxCode, message: string, span: Span) => undefined,
): ConstValue | undefined {
  const t: IntConstType = l.type === '.u64' || r.type === '.u64' ? '.u64' : '.s64';
  const norm = (v: bigint) => (t === '.s64' ? toS64(v) : toU64(v));
  const a = norm(l.value);
  const b = norm(r.value);
  const bool = (x: boolean) => intValue('.s64', x ? 1n : 0n);
  switch (op) {
    case '+': return intValue(t, a + b);
    case '-': return intValue(t, a - b);
    case '*': return intValue(t, a * b);
    case '/':
      if (b === 0n) return fail('PTX406', 'division by zero in a constant expression', e.right.span);
      // BigInt division truncates toward zero; INT64_MIN / -1 wraps to INT64_MIN (ptxas crashes).
      return intValue(t, a / b);
    case '%': {
      const bu = toU64(r.value);
      if (bu === 0n) return fail('PTX406', 'remainder by zero in a constant expression', e.right.span);
      return intValue('.u64', toU64(l.value) % bu);
    }
    case '<<': {
      // The count is read as unsigned, modulo 64 (ptxas: 1 << 64 == 1, 1 << -1 == 1 << 63).
      const n = toU64(r.value) & 63n;
      return intValue(l.type, l.value << n);
    }
    case '>>': {
      const n = toU64(r.value) & 63n;
      return intValue(l.type, (l.type === '.s64' ? toS64(l.value) : toU64(l.value)) >> n);
    }
    case '<': return bool(a < b);
    case '>': return bool(a > b);
    case '<=': return bool(a <= b);
    case '>=': return bool(a >= b);
    case '==': return bool(a === b);
    case '!=': return bool(a !== b);
    case '&': return intValue(t, a & b);
    case '^': return intValue(t, a ^ b);
    case '|': return intValue(t, a | b);
    case '&&': return bool(a !== 0n && b !== 0n);
    case '||': return bool(a !== 0n || b !== 0n);
  }
}

/** Decimal text of a .f64 as `gpuasm eval` prints it: JavaScript's shortest round-trip form. */
export function formatF64(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Object.is(x, -0)) return '-0';
  return String(x);
}

/** Printable text of a constant: decimal integer, or the .f64/.f32 value. */
export function formatConstValue(v: ConstValue): string {
  return v.kind === 'int' ? v.value.toString() : formatF64(v.value);
}
