/**
 * Variable initializers (spec 5.4.4): matching braces to array dimensions and vector widths, reading
 * each element as a constant, a variable or function address (`var`, `var+offset`, `generic(var)`),
 * or a `mask()` byte, and converting it to the element type exactly as ptxas does.
 */
import type { Span } from '../core/source.js';
import { f64ToBits, f64ToF32Bits } from '../core/float.js';
import { toU64 } from '../core/int64.js';
import { workMeter } from '../core/work.js';
import type { BinaryExpr, ConditionalExpr, Declarator, Expr, Initializer, StateSpace, VariableDecl } from './ast.js';
import { evaluateConstExpr, intLiteralValue, type ConstValue } from './consteval.js';
import {
  ADDRESS_TYPES,
  DATA_TYPES,
  MASK_VALUES,
  MASKED_ADDRESS_TYPES,
  VERSION_KERNEL_ADDRESS,
  VERSION_MASK_OPERATOR,
  type DataTypeInfo,
} from './data/data-types.js';

export type Reporter = (code: string, message: string, span: Span) => void;

/** What a name in an initializer refers to. */
export type InitSymbol =
  | { kind: 'variable'; name: string; space: StateSpace; extern: boolean }
  | { kind: 'function'; name: string; defined: boolean }
  | { kind: 'kernel'; name: string };

/** One scalar slot of the initial image. */
export type InitElement =
  | { kind: 'bits'; bits: bigint }
  | {
      kind: 'address';
      symbol: InitSymbol;
      addend: bigint;
      generic: boolean;
      /** mask() value, when the element is one byte of the address. */
      mask?: bigint;
      span: Span;
    };

export interface InitContext {
  report: Reporter;
  /** Names declared before this declaration (ptxas rejects forward references). */
  lookup(name: string): InitSymbol | undefined;
  /** Whether the name is a label somewhere in the module (labels cannot be used in initializers). */
  isLabel?(name: string): boolean;
  /** false: only check (elements are read and validated, not kept). */
  keepElements?: boolean;
  /** `.version` as major*10+minor; undefined: no version gating. */
  version?: number;
}

/** A declarator's shape and, when it has an initializer, its elements in storage order. */
export interface FlatInitializer {
  /** Array dimensions with the unsized outer dimension filled in from the initializer. */
  dims: number[];
  /** Scalar elements (vector lanes count one each) in order; undefined slots are zero. */
  elements: (InitElement | undefined)[];
}

/** Evaluates array dimensions; null (unsized) is kept as -1. Reports and returns undefined on error. */
export function evaluateDims(d: Declarator, report: Reporter): number[] | undefined {
  const dims: number[] = [];
  for (let i = 0; i < d.dims.length; i++) {
    const e = d.dims[i];
    if (e === null || e === undefined) {
      dims.push(-1);
      continue;
    }
    const v = evaluateConstExpr(e, report);
    if (!v) return undefined;
    if (v.kind !== 'int') {
      report('PTX440', 'an array dimension must be an integer constant', e.span);
      return undefined;
    }
    const n = v.value;
    if (n <= 0n || n > 0xffffffffn) {
      report('PTX440', `array dimension ${n} is out of range`, e.span);
      return undefined;
    }
    dims.push(Number(n));
  }
  return dims;
}

/** Walks down the left operands (binary) and conditions (?:) to the expression's first primary. */
function leftmostPath(e: Expr): Expr[] {
  const path: Expr[] = [e];
  for (;;) {
    workMeter.steps++;
    const top = path[path.length - 1]!;
    if (top.kind === 'binary') path.push(top.left);
    else if (top.kind === 'conditional') path.push(top.test);
    else return path;
  }
}

/** The expression's first primary (the last node of leftmostPath), without building the path. */
function leftmostLeaf(e: Expr): Expr {
  for (;;) {
    workMeter.steps++;
    if (e.kind === 'binary') e = e.left;
    else if (e.kind === 'conditional') e = e.test;
    else return e;
  }
}

/**
 * ptxas reads an address initializer as `sym + EXPR` where EXPR is everything after the `+`.
 * Our tree groups `g + 1 << 2` as `(g + 1) << 2`; removing `g +` from the leftmost position gives
 * the tree of the tokens after the `+`, which is what ptxas evaluates as the offset.
 */
function offsetTree(path: Expr[]): Expr {
  // path[k] is the address leaf, path[k-1] the `+` whose left it is.
  const k = path.length - 1;
  let replaced: Expr = (path[k - 1] as BinaryExpr).right;
  for (let i = k - 2; i >= 0; i--) {
    const n = path[i]!;
    if (n.kind === 'binary') replaced = { ...(n as BinaryExpr), left: replaced };
    else replaced = { ...(n as ConditionalExpr), test: replaced };
  }
  return replaced;
}

/** A name (other than WARP_SZ) or generic() at the leftmost position makes the element an address. */
const isAddressLeaf = (e: Expr): boolean => e.kind === 'generic' || (e.kind === 'name' && e.name !== 'WARP_SZ');

/** Reads `sym`, `sym+off`, `generic(sym)`, `generic(sym)+off`; undefined after a report. */
function readAddress(e: Expr, ctx: InitContext, elementType: string, masked: boolean): InitElement | undefined {
  const path = leftmostPath(e);
  const leaf = path[path.length - 1]!;
  let addend = 0n;
  if (path.length > 1) {
    const parent = path[path.length - 2]!;
    if (parent.kind !== 'binary' || parent.op !== '+') {
      ctx.report('PTX429', `an address in an initializer can only be followed by '+ offset'`, parent.span);
      return undefined;
    }
    const off = evaluateConstExpr(offsetTree(path), ctx.report);
    if (!off) return undefined;
    if (off.kind !== 'int') {
      ctx.report('PTX423', 'the offset added to an address must be an integer', parent.right.span);
      return undefined;
    }
    addend = off.value;
  }
  let generic = false;
  let nameExpr: Expr = leaf;
  if (leaf.kind === 'generic') {
    generic = true;
    nameExpr = leaf.operand;
    if (nameExpr.kind !== 'name') {
      ctx.report('PTX429', 'generic() takes the name of a variable', nameExpr.span);
      return undefined;
    }
  }
  if (nameExpr.kind !== 'name') return undefined;
  const sym = ctx.lookup(nameExpr.name);
  if (!sym && ctx.isLabel?.(nameExpr.name)) {
    ctx.report('PTX430', `'${nameExpr.name}' is a label; labels cannot be used in initializers`, nameExpr.span);
    return undefined;
  }
  if (!sym) {
    ctx.report('PTX429', `'${nameExpr.name}' is not a variable or function declared before this initializer`, nameExpr.span);
    return undefined;
  }
  // PTX before 3.1 reads every .global variable in an initializer as generic (5.4.4, Note).
  if (sym.kind === 'variable' && sym.space === '.global' && ctx.version !== undefined && ctx.version < 31) generic = true;
  if (sym.kind === 'variable' && sym.space !== '.global' && sym.space !== '.const') {
    ctx.report('PTX431', `only .global and .const variables may appear in initializers; '${sym.name}' is ${sym.space}`, nameExpr.span);
    return undefined;
  }
  if (sym.kind !== 'variable') {
    if (generic) {
      ctx.report('PTX432', `generic() applies to variables, not to function '${sym.name}'`, leaf.span);
      return undefined;
    }
    if (path.length > 1) {
      ctx.report('PTX432', `an offset cannot be added to the address of function '${sym.name}'`, e.span);
      return undefined;
    }
    if (sym.kind === 'kernel' && ctx.version !== undefined && ctx.version < VERSION_KERNEL_ADDRESS) {
      ctx.report('PTX435', 'kernel function names in initializers require PTX ISA 3.1 or later', nameExpr.span);
      return undefined;
    }
    if (sym.kind === 'function' && !sym.defined) {
      ctx.report('PTX436', `cannot take the address of function '${sym.name}': it is declared but not defined in this module`, nameExpr.span);
      return undefined;
    }
  }
  const allowed = masked ? MASKED_ADDRESS_TYPES : ADDRESS_TYPES;
  if (!allowed.has(elementType)) {
    ctx.report(
      'PTX427',
      masked
        ? `a mask() of an address needs a .u8, .u32 or .u64 variable, not ${elementType}`
        : `a variable holding an address must be .u32 or .u64 (or .u8 with mask()), not ${elementType}`,
      e.span,
    );
    return undefined;
  }
  return { kind: 'address', symbol: sym, addend: toU64(addend), generic, span: e.span };
}

/**
 * Bits of a constant in an element of the given type, as ptxas stores them: integers truncated;
 * doubles (decimal, 0d, arithmetic) as their 64-bit pattern, rounded to single for 4-byte types;
 * 0f literals as their 32-bit pattern, zero-extended into 8-byte types; 1- and 2-byte .b types take
 * the low bytes of that pattern. Undefined when ptxas rejects the pairing.
 */
export function constantBits(v: ConstValue, info: DataTypeInfo): bigint | undefined {
  const bytes = Math.min(info.size, 8);
  if (v.kind === 'int') {
    if (info.init === 'float') return undefined;
    return BigInt.asUintN(bytes * 8, v.value);
  }
  if (info.init === 'int') return undefined;
  if (v.kind === 'f32') return BigInt.asUintN(bytes * 8, BigInt(v.bits));
  if (info.size === 4) return BigInt(f32BitsOfDouble(v));
  const bits = v.bits ?? f64ToBits(v.value);
  return BigInt.asUintN(bytes * 8, bits);
}

/** Rounds a double to single precision; a NaN keeps its sign and top payload bits, quieted (as x86 does). */
function f32BitsOfDouble(v: { value: number; bits?: bigint }): number {
  if (!Number.isNaN(v.value)) return f64ToF32Bits(v.value);
  const b = v.bits ?? f64ToBits(v.value);
  const sign = Number(b >> 63n) << 31;
  return (sign | 0x7fc00000 | Number((b >> 29n) & 0x3fffffn)) >>> 0;
}

/** Reads one scalar initializer element for a variable of `type`. */
function readElement(e: Expr, type: string, info: DataTypeInfo, ctx: InitContext): InitElement | undefined {
  if (info.init === 'none') {
    ctx.report('PTX422', `initializers are not allowed for ${type} variables`, e.span);
    return undefined;
  }
  if (e.kind === 'mask') {
    const m = e.mask.value;
    if (!MASK_VALUES.includes(m) || e.mask.overflow) {
      ctx.report('PTX428', `invalid mask value '${e.mask.raw}': must be 0xFF shifted left by a whole number of bytes (0xFF … 0xFF00000000000000)`, e.mask.span);
      return undefined;
    }
    if (ctx.version !== undefined && ctx.version < VERSION_MASK_OPERATOR) {
      ctx.report('PTX434', 'the mask() operator in initializers requires PTX ISA 7.1 or later', e.mask.span);
      return undefined;
    }
    const inner = e.operand;
    const leaf = leftmostLeaf(inner);
    if (isAddressLeaf(leaf)) {
      const a = readAddress(inner, ctx, type, true);
      if (!a || a.kind !== 'address') return undefined;
      return { ...a, mask: m, span: e.span };
    }
    const v = evaluateConstExpr(inner, ctx.report);
    if (!v) return undefined;
    if (v.kind !== 'int') {
      ctx.report('PTX404', 'mask() needs an integer constant expression or a variable address', inner.span);
      return undefined;
    }
    const shift = BigInt(MASK_VALUES.indexOf(m) * 8);
    const byte = (toU64(v.value) & m) >> shift;
    const bits = constantBits({ kind: 'int', type: '.u64', value: byte }, info);
    if (bits === undefined) {
      ctx.report('PTX423', `initial value type mismatch: an integer cannot initialize ${type}`, e.span);
      return undefined;
    }
    return { kind: 'bits', bits };
  }
  // Fast path for the common plain literal (tables of thousands of numbers).
  if (e.kind === 'int' && !e.overflow) {
    const bits = constantBits(intLiteralValue(e), info);
    if (bits !== undefined) return { kind: 'bits', bits };
  }
  const leaf = leftmostLeaf(e);
  if (isAddressLeaf(leaf)) return readAddress(e, ctx, type, false);
  const v = evaluateConstExpr(e, ctx.report);
  if (!v) return undefined;
  const bits = constantBits(v, info);
  if (bits === undefined) {
    const what = v.kind === 'int' ? 'an integer' : 'a floating-point value';
    ctx.report('PTX423', `initial value type mismatch: ${what} cannot initialize ${type}`, e.span);
    return undefined;
  }
  return { kind: 'bits', bits };
}

/**
 * Matches an initializer against the declarator's dimensions and vector width and reads every
 * element. `dims` may start with -1 (unsized), which the initializer's length fills in.
 * Returns undefined after reporting the first problem.
 */
export function flattenInitializer(decl: VariableDecl, dims: number[], init: Initializer, ctx: InitContext): FlatInitializer | undefined {
  const info = DATA_TYPES[decl.type];
  if (!info) {
    ctx.report('PTX422', `variables of type ${decl.type} cannot have an initializer`, decl.typeSpan);
    return undefined;
  }
  // ptxas accepts an array of these types whose initializer holds no value at all (`= {}`), so the
  // check is made per value; a scalar cannot have an initializer.
  if (info.init === 'none' && dims.length === 0) {
    ctx.report('PTX422', `initializers are not allowed for ${decl.type} variables`, init.span);
    return undefined;
  }
  const lanes = decl.vector ?? 1;
  const resolved = dims.slice();
  if (resolved.length > 0 && resolved[0] === -1) {
    if (init.kind !== 'braces') {
      ctx.report('PTX426', 'an array needs a brace-enclosed initializer', init.span);
      return undefined;
    }
    if (init.elements.length === 0) {
      ctx.report('PTX433', 'an unsized array needs at least one initializer element', init.span);
      return undefined;
    }
    resolved[0] = init.elements.length;
  }
  for (let i = 1; i < resolved.length; i++) {
    if (resolved[i] === -1) {
      ctx.report('PTX433', 'only the outermost array dimension may be left unsized', init.span);
      return undefined;
    }
  }
  // Scalar slots per index of each dimension.
  const strides: number[] = new Array(resolved.length);
  let stride = lanes;
  for (let i = resolved.length - 1; i >= 0; i--) {
    strides[i] = stride;
    stride *= resolved[i]!;
  }
  const elements: (InitElement | undefined)[] = [];
  const keep = ctx.keepElements !== false;
  // Explicit stack: (initializer, dimension level, first slot).
  const work: { init: Initializer; level: number; base: number }[] = [{ init, level: 0, base: 0 }];
  while (work.length > 0) {
    const { init: node, level, base } = work.pop()!;
    if (level < resolved.length) {
      if (node.kind !== 'braces') {
        ctx.report('PTX426', 'initial value type mismatch: expected a brace-enclosed list for an array dimension', node.span);
        return undefined;
      }
      if (node.elements.length > resolved[level]!) {
        ctx.report('PTX425', `too many elements in array initializer: ${node.elements.length} for a dimension of ${resolved[level]}`, node.elements[resolved[level]!]!.span);
        return undefined;
      }
      if (level === resolved.length - 1 && decl.vector === undefined) {
        // The innermost list of scalars: read it in place (no work item per element).
        for (let i = 0; i < node.elements.length; i++) {
          const el = node.elements[i]!;
          if (el.kind === 'braces') {
            ctx.report('PTX426', 'initial value type mismatch: braces where a single value is expected', el.span);
            return undefined;
          }
          const v = readElement(el, decl.type, info, ctx);
          if (!v) return undefined;
          if (keep) elements[base + i] = v;
        }
        continue;
      }
      for (let i = node.elements.length - 1; i >= 0; i--) work.push({ init: node.elements[i]!, level: level + 1, base: base + i * strides[level]! });
      continue;
    }
    if (decl.vector !== undefined) {
      if (node.kind !== 'braces') {
        ctx.report('PTX426', `initial value type mismatch: a .v${lanes} vector needs a brace-enclosed list of ${lanes} values`, node.span);
        return undefined;
      }
      if (node.elements.length !== lanes) {
        ctx.report('PTX424', `a .v${lanes} vector initializer needs exactly ${lanes} elements, not ${node.elements.length}`, node.span);
        return undefined;
      }
      for (let i = 0; i < lanes; i++) {
        const el = node.elements[i]!;
        if (el.kind === 'braces') {
          ctx.report('PTX426', 'initial value type mismatch: a vector element must be a single value', el.span);
          return undefined;
        }
        const v = readElement(el, decl.type, info, ctx);
        if (!v) return undefined;
        if (keep) elements[base + i] = v;
      }
      continue;
    }
    if (node.kind === 'braces') {
      ctx.report('PTX426', 'initial value type mismatch: braces where a single value is expected', node.span);
      return undefined;
    }
    const v = readElement(node, decl.type, info, ctx);
    if (!v) return undefined;
    if (keep) elements[base] = v;
  }
  return { dims: resolved, elements };
}
