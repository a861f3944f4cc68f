/**
 * Variable initializers (spec 5.4.4): matching braces to array dimensions and vector widths, reading
 * each element as a constant, a variable or function address (`var`, `var+offset`, `generic(var)`),
 * or a `mask()` byte, and converting it to the element type exactly as ptxas does.
 */
import type { Span } from '../../core/source.js';
import { f64ToBits, f64ToF32Bits } from '../../core/float.js';
import { toU64 } from '../../core/int64.js';
import { workMeter } from '../../core/work.js';
import type { BinaryExpr, ConditionalExpr, Declarator, Expr, Initializer, StateSpace, VariableDecl } from '../parse/ast.js';
import { evaluateConstExpr, intLiteralValue, type ConstValue } from './consteval.js';
import { ignoredField } from './opaque.js';
import { nextTokenStart } from '../lex/lexer.js';
import { listLength, PackedLiteralList } from '../parse/nodes.js';
import {
  ADDRESS_TYPES,
  DATA_TYPES,
  MASK_VALUES,
  MASKED_ADDRESS_TYPES,
  VERSION_KERNEL_ADDRESS,
  VERSION_MASK_OPERATOR,
  type DataTypeInfo,
} from '../data/data-types.js';
import type { PtxCode } from '../diagnostics.js';

export type Reporter = (code: PtxCode, message: string, span: Span) => void;

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
  /** true: note where ptxas places values otherwise than C (`FlatInitializer.displaced`, for PTX450). */
  placement?: boolean;
  /** Called with each device function whose address is a value, in storage order. */
  functionUsed?(name: string): void;
  /** Warnings (PTX449); none when absent. */
  warn?: Reporter;
  /** The parsed text, to place a report at the token after a span (as ptxas does). */
  text?: string;
}

/** A declarator's shape and, when it has an initializer, its elements in storage order. */
export interface FlatInitializer {
  /** Array dimensions with the unsized outer dimension filled in from the initializer. */
  dims: number[];
  /**
   * Scalar elements (vector lanes count one each) in storage order, as ptxas stores them: the values
   * one after another in source order, whatever the inner braces (see {@link flattenInitializer});
   * undefined slots are zero.
   */
  elements: (InitElement | undefined)[];
  /** With `InitContext.placement`: the values from the first one ptxas places elsewhere than C. */
  displaced?: Displaced;
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
    if (ctx.version !== undefined && ctx.version < 31) {
      // Measured: "Feature 'generic() operator' requires PTX ISA .version 3.1 or later".
      ctx.report('PTX307', 'generic() requires PTX ISA .version 3.1 or later', leaf.span);
      return undefined;
    }
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

/** Where ptxas reports a shape mismatch (PTX426): a list at its closing brace, a value at the token after it. */
function shapeAt(node: Initializer, ctx: InitContext): Span {
  if (node.kind === 'braces') return { start: Math.max(node.span.start, node.span.end - 1), end: node.span.end };
  if (ctx.text === undefined) return node.span;
  const at = nextTokenStart(ctx.text, node.span.end);
  return { start: at, end: at + 1 };
}

/**
 * Matches an initializer against the declarator's dimensions and vector width and reads every
 * element. `dims` may start with -1 (unsized), which the initializer's length fills in.
 * Returns undefined after reporting the first problem.
 *
 * The braces must follow the dimensions and no list may be longer than its dimension, but ptxas
 * then stores the values (scalars, or whole vectors) one after another in source order: an
 * incomplete inner list is not padded, the next list's values follow it directly
 * (`x[3][2] = {{1},{3}}` holds 1,3,0,0,0,0, where C would have 1,0,3,0,0,0). The elements are
 * placed as ptxas places them; see {@link reportDisplaced} for the warning where C's image differs.
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
      ctx.report('PTX426', 'an array needs a brace-enclosed initializer', shapeAt(init, ctx));
      return undefined;
    }
    const n = listLength(init);
    if (n === 0) {
      ctx.report('PTX433', 'an unsized array needs at least one initializer element', init.span);
      return undefined;
    }
    resolved[0] = n;
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
  // ptxas's next slot; each value (scalar or vector) also has the slot C gives it (`base`). From
  // the first value where they differ (only an inner list can be incomplete), each value's C slot
  // and node are kept for the PTX450 comparison, and when only checking, the values too: before
  // it, both layouts hold the same values in the same slots, and C puts none of the later ones there.
  let next = 0;
  let displaced: Displaced | undefined;
  // (`k`: the node is the k-th literal of a packed list, made only when it is kept here.)
  const place = (node: Initializer, cSlot: number, k = -1) => {
    if (cSlot !== next && !displaced && ctx.placement) displaced = { from: next, lanes, cSlots: [], nodes: [], values: keep ? elements : [] };
    if (displaced) {
      displaced.cSlots.push(cSlot);
      displaced.nodes.push(k < 0 ? node : (node as PackedLiteralList).literal(k));
    }
    const at = next;
    next += lanes;
    return at;
  };
  const store = (at: number, v: InitElement) => {
    if (v.kind === 'address' && v.symbol.kind === 'function') ctx.functionUsed?.(v.symbol.name);
    if (keep) elements[at] = v;
    else if (displaced) displaced.values[at - displaced.from] = v;
  };
  /**
   * Reads a list of single values (the innermost list of an array of scalars, or a vector's lanes)
   * and stores the k-th value read at `slot(el, k)`. A field takes no slot in either layout: the
   * values after it move down (ptxas). False after reporting the first problem.
   */
  const readValues = (list: Initializer[], bracesMessage: string, slot: (el: Initializer, k: number) => number): boolean => {
    let skipped = 0;
    for (let i = 0; i < list.length; i++) {
      const el = list[i]!;
      if (el.kind === 'braces') {
        ctx.report('PTX426', `initial value type mismatch: ${bracesMessage}`, shapeAt(el, ctx));
        return false;
      }
      if (el.kind === 'field') {
        if (!ignoredField(el, decl.type, info, ctx)) return false;
        skipped++;
        continue;
      }
      const v = readElement(el, decl.type, info, ctx);
      if (!v) return false;
      store(slot(el, i - skipped), v);
    }
    return true;
  };
  /**
   * An innermost list of plain decimal literals for an integer or bit-size type (packed by the
   * parser): what readElement gives each of them (its value cut to the type's size; none can fail),
   * read from the text, with no node made unless C places it elsewhere (`displaced`).
   */
  const readPlainLiterals = (list: PackedLiteralList, slot0: number) => {
    const width = Math.min(info.size, 8) * 8;
    for (let k = 0; k < list.starts.length; k++) {
      const at = place(list, slot0 + k, k);
      // (The value only where it is stored: the image is kept, or C places it elsewhere.)
      if (keep || displaced) store(at, { kind: 'bits', bits: BigInt.asUintN(width, list.value(k)) });
    }
  };
  // Explicit stack: (initializer, dimension level, first slot in C's layout).
  const work: { init: Initializer; level: number; base: number }[] = [{ init, level: 0, base: 0 }];
  while (work.length > 0) {
    const { init: node, level, base } = work.pop()!;
    if (node.kind === 'field') {
      // A whole array taking one field crashes ptxas (a recorded divergence); elsewhere it is ignored.
      if (node === init && dims.length > 0) {
        ctx.report('PTX426', 'an array needs a brace-enclosed initializer, not a single field', node.span);
        return undefined;
      }
      if (!ignoredField(node, decl.type, info, ctx)) return undefined;
      continue;
    }
    if (level < resolved.length) {
      if (node.kind !== 'braces') {
        ctx.report('PTX426', 'initial value type mismatch: expected a brace-enclosed list for an array dimension', shapeAt(node, ctx));
        return undefined;
      }
      const n = listLength(node);
      if (n > resolved[level]!) {
        // ptxas: at the list's closing brace.
        ctx.report('PTX425', `too many elements in array initializer: ${n} for a dimension of ${resolved[level]}`, { start: Math.max(node.span.start, node.span.end - 1), end: node.span.end });
        return undefined;
      }
      if (level === resolved.length - 1 && decl.vector === undefined) {
        // The innermost list of scalars: read it in place (no work item per element), each value
        // placed on its own.
        if (node instanceof PackedLiteralList && (info.init === 'int' || info.init === 'bits')) {
          readPlainLiterals(node, base);
          continue;
        }
        if (!readValues(node.elements, 'braces where a single value is expected', (el, k) => place(el, base + k))) return undefined;
        continue;
      }
      for (let i = node.elements.length - 1; i >= 0; i--) work.push({ init: node.elements[i]!, level: level + 1, base: base + i * strides[level]! });
      continue;
    }
    if (decl.vector !== undefined) {
      if (node.kind !== 'braces') {
        ctx.report('PTX426', `initial value type mismatch: a .v${lanes} vector needs a brace-enclosed list of ${lanes} values`, shapeAt(node, ctx));
        return undefined;
      }
      if (node.elements.length !== lanes) {
        ctx.report('PTX424', `a .v${lanes} vector initializer needs exactly ${lanes} elements, not ${node.elements.length}`, node.span);
        return undefined;
      }
      // The vector is placed as one value; its lanes follow one another.
      const at = place(node, base);
      if (!readValues(node.elements, 'a vector element must be a single value', (_, k) => at + k)) return undefined;
      continue;
    }
    if (node.kind === 'braces') {
      ctx.report('PTX426', 'initial value type mismatch: braces where a single value is expected', shapeAt(node, ctx));
      return undefined;
    }
    const v = readElement(node, decl.type, info, ctx);
    if (!v) return undefined;
    store(place(node, base), v);
  }
  return displaced ? { dims: resolved, elements, displaced } : { dims: resolved, elements };
}

/** The values of an initializer from the first one ptxas places elsewhere than C. */
export interface Displaced {
  /** ptxas's slot of that first value (a multiple of `lanes`). */
  from: number;
  /** Scalar slots per value (the vector width, or 1). */
  lanes: number;
  /** C's slot of each value from it on. */
  cSlots: number[];
  nodes: Initializer[];
  /** The values by ptxas's slot: the whole image (when the elements are kept), else from `from` on. */
  values: (InitElement | undefined)[];
}

/**
 * What a slot holds once the constant bank is placed: the bits written into the image (an element's
 * constant, or a resolved `.const` offset or function index, masked), or undefined for an address
 * left to a relocation.
 */
export type SlotResolver = (el: Extract<InitElement, { kind: 'address' }>) => bigint | undefined;

/** Whether two slots of an image hold the same thing (undefined is zero). */
function sameSlot(a: InitElement | undefined, b: InitElement | undefined, resolve: SlotResolver): boolean {
  if (a === b) return true;
  const ra = a === undefined ? 0n : a.kind === 'bits' ? a.bits : resolve(a);
  const rb = b === undefined ? 0n : b.kind === 'bits' ? b.bits : resolve(b);
  if (ra !== undefined || rb !== undefined) return ra === rb;
  // Two relocations.
  const ka = a as Extract<InitElement, { kind: 'address' }>;
  const kb = b as Extract<InitElement, { kind: 'address' }>;
  return ka.symbol.name === kb.symbol.name && ka.addend === kb.addend && ka.generic === kb.generic && ka.mask === kb.mask;
}

/** `x[1][0]` for the value at linear index `k` (in values, not scalar slots) of an array of `dims`. */
function subscript(name: string, dims: number[], k: number): string {
  const idx: number[] = [];
  for (let i = dims.length - 1; i >= 0; i--) {
    idx.push(k % dims[i]!);
    k = Math.floor(k / dims[i]!);
  }
  return name + idx.reverse().map((i) => `[${i}]`).join('');
}

/**
 * PTX450, when the image ptxas stores (values packed in source order) differs from C's, where the
 * values from `d.from` on go to `d.cSlots`: at the first value whose placement changes the image,
 * naming where ptxas and C put it. `text` is the parsed text the spans index (to quote the value).
 */
export function reportDisplaced(name: string, flat: FlatInitializer, resolve: SlotResolver, warn: Reporter, text?: string): void {
  const d = flat.displaced;
  if (!d) return;
  const { lanes } = d;
  const whole = d.values === flat.elements;
  const ptxas = (s: number) => d.values[whole ? s : s - d.from];
  // C's image from d.from on (slots before it are the same in both).
  const c: (InitElement | undefined)[] = [];
  for (let k = 0; k < d.cSlots.length; k++) for (let i = 0; i < lanes; i++) c[d.cSlots[k]! + i - d.from] = ptxas(d.from + k * lanes + i);
  const end = d.from + Math.max(c.length, d.cSlots.length * lanes);
  let s = d.from;
  while (s < end && sameSlot(c[s - d.from], ptxas(s), resolve)) s++;
  if (s === end) return; // placed differently, stored the same (e.g. zeros moved among zeros)
  // The value ptxas stores at slot s. (s is within ptxas's values: were the slots before them all
  // equal, they would hold every value that is not zero, and C's later slots would be zero too.)
  const k = Math.floor((s - d.from) / lanes);
  const node = d.nodes[k]!;
  let quoted = '';
  if (text !== undefined) {
    const t = text.slice(node.span.start, node.span.end).replace(/\s+/g, ' ');
    quoted = ` '${t.length > 40 ? t.slice(0, 37) + '...' : t}'`;
  }
  const what = lanes > 1 ? `the vector${quoted}` : `the value${quoted}`;
  const first = d.from / lanes;
  warn(
    'PTX450',
    `ptxas packs incomplete inner lists: ${what} is stored at ${subscript(name, flat.dims, first + k)}, not at ${subscript(name, flat.dims, d.cSlots[k]! / lanes)} where C would put it; write the inner lists out in full (pad with 0) to get C's layout`,
    node.span,
  );
}
