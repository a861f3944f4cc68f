/**
 * Data layout of module-scope .global and .const variables: size, alignment, the initial byte image
 * and the relocations, as ptxas writes them into the cubin (whole-program mode, `ptxas -arch=…`).
 *
 * What ptxas leaves in the bytes of an address-holding element:
 *  - a .const variable without generic(): resolved — its offset in the constant bank plus the offset;
 *  - a device function: resolved — its 1-based index in order of first use in the initializers of
 *    module-scope variables, externally visible ones (.visible, .weak, .common) first, then the
 *    others, each in declaration order; a function-scope variable numbers none (one named only
 *    there is 0). This is what ptxas writes while the function is not laid out as code; once it
 *    is, e.g. in nvcc output with indirect calls, ptxas writes a code address that only its code
 *    generator knows;
 *  - anything else (.global variables, generic(), kernels): zero, with a relocation.
 * .const variables are placed in declaration order, externally visible ones (.visible, .weak) first,
 * each at a multiple of its alignment (the larger of `.align` and its natural alignment).
 */
import { DiagnosticBag } from '../../core/diagnostics.js';
import { type MappedText, type Span } from '../../core/source.js';
import { toS64, toU64 } from '../../core/int64.js';
import { bytesToHex } from '../../core/hex.js';
import type { Module, ModuleItem, Statement, VariableDecl } from '../parse/ast.js';
import { InstructionNode } from '../parse/nodes.js';
import { DATA_TYPES, MASK_VALUES } from '../data/data-types.js';
import { SYSTEM_CALLS } from '../data/declarations.js';
import { evaluateDims, flattenInitializer, reportDisplaced, type FlatInitializer, type InitContext, type InitSymbol } from '../check/initializers.js';
import { OPAQUE_TYPES } from '../data/declarations.js';
import { nextTokenStart } from '../lex/lexer.js';
import { OPAQUE_ALIGN, OPAQUE_ELEMENT_BYTES, checkOpaqueInitializer } from '../check/opaque.js';
import { reportPtx, type PtxCode } from '../diagnostics.js';

export interface LayoutRelocation {
  /** Byte offset inside the variable. */
  offset: number;
  /** Size in bytes of the element the address goes into. */
  size: number;
  symbol: string;
  /** Signed 64-bit byte offset added to the symbol's address. */
  addend: bigint;
  generic: boolean;
  /** mask() value when the element receives one byte of the address, else null. */
  mask: bigint | null;
}

export interface VariableLayout {
  name: string;
  space: '.global' | '.const';
  /** Element type, with the vector width when there is one: `.u32`, `.v4.f32`. */
  type: string;
  size: number;
  align: number;
  /** Initial image: zeros where nothing is written and where a relocation will write. */
  bytes: Uint8Array;
  /** `bytes` as lowercase hex. */
  hex: string;
  relocations: LayoutRelocation[];
  /**
   * Address elements resolved in `bytes` rather than relocated: `.const` offsets, and device
   * function values. A device function's value is ptxas's: its index in order of first use (see
   * the module comment) when the function is not laid out as code, otherwise a code address gpuasm
   * cannot know.
   */
  resolved: { offset: number; size: number; symbol: string; kind: 'const' | 'function' }[];
  /** Where the declarator is (offsets into the parsed text). */
  span: Span;
}

interface PendingVariable {
  decl: VariableDecl;
  name: string;
  span: Span;
  space: '.global' | '.const';
  size: number;
  align: number;
  elementSize: number;
  flat?: FlatInitializer;
  /** Offset in the constant bank (.const only). */
  bankOffset?: number;
  external: boolean;
  /** Device functions named in the initializer, in the order of their first use there. */
  functions?: string[];
  /** Declared inside a function: placed, not listed. */
  hidden?: boolean;
}

function alignUp(n: number, a: number): number {
  return a > 1 ? Math.ceil(n / a) * a : n;
}

/** A module item as the layout sees it: a function body is reduced to its variable declarations. */
type LayoutItem =
  | { kind: 'variable'; decl: VariableDecl }
  | { kind: 'function'; name: string; entry: boolean; locals?: VariableDecl[] };

/**
 * What the layout needs of a module, gathered one module item at a time (the parser can stream
 * items into it and drop them): the variable declarations in source order, the function names and
 * which functions are defined, and every label (an initializer may not name one).
 */
export class LayoutInput {
  version: number | undefined;
  readonly items: LayoutItem[] = [];
  readonly definedFunctions = new Set<string>();
  /** Functions declared `.extern` without a body (the linker resolves them under `-c`), system calls (`vprintf`, ...) apart. */
  readonly externFunctions = new Set<string>();
  readonly labels = new Set<string>();

  add(item: ModuleItem): void {
    if (item.kind === 'version') {
      this.version ??= item.major * 10 + item.minor;
    } else if (item.kind === 'variable') {
      this.items.push({ kind: 'variable', decl: item });
    } else if (item.kind === 'directive' && item.name === '.alias') {
      // `.alias a, b;` defines `a` with `b`'s body.
      const first = item.args[0];
      if (first && first.kind === 'name') this.definedFunctions.add(first.name);
    } else if (item.kind === 'function') {
      if (!item.body) {
        if (item.linkage === '.extern' && !SYSTEM_CALLS.has(item.name)) this.externFunctions.add(item.name);
        this.items.push({ kind: 'function', name: item.name, entry: item.entry });
        return;
      }
      this.definedFunctions.add(item.name);
      const locals = this.readBody(item.body.statements);
      // Locals matter only when one is initialized or lives in .global/.const (the others are
      // names for those initializers to look up): most bodies keep nothing.
      const matters = locals.some((d) => d.space === '.global' || d.space === '.const' || d.declarators.some((x) => x.initializer !== undefined));
      this.items.push(matters ? { kind: 'function', name: item.name, entry: item.entry, locals } : { kind: 'function', name: item.name, entry: item.entry });
    }
  }

  /** The body's variable declarations in source order (nested blocks included); labels go to `labels`. */
  private readBody(statements: Statement[]): VariableDecl[] {
    const locals: VariableDecl[] = [];
    // Without recursion: a stack of (list, next index).
    const stack: { list: Statement[]; i: number }[] = [{ list: statements, i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.list.length) {
        stack.pop();
        continue;
      }
      const s = top.list[top.i++]!;
      // (A statement's `kind` is a megamorphic load: the parser's instructions, most statements, are told by their class.)
      if (s instanceof InstructionNode) continue;
      const k = s.kind;
      if (k === 'variable') locals.push(s);
      else if (k === 'label') this.labels.add(s.name);
      else if (k === 'block') stack.push({ list: s.statements, i: 0 });
    }
    return locals;
  }
}

/**
 * Checks every initializer of the module and computes the layout of its module-scope .global and
 * .const variables. Problems go to `diags` (codes PTX4xx); variables with errors are left out.
 */
export function layoutModule(module: Module, diags: DiagnosticBag, options: Pick<LayoutInputOptions, 'images' | 'compileOnly'> = {}): VariableLayout[] {
  const input = new LayoutInput();
  for (const item of module.items) input.add(item);
  return layoutInput(input, module.source, diags, options);
}

export interface LayoutInputOptions {
  /** false: check only, build no byte images. */
  images?: boolean;
  /** Report only problems at or after this offset (a part of the module checked elsewhere). */
  from?: number;
  /** When given, the labels are only some of the module's: names asked about and not found go here. */
  unknownLabels?: Set<string>;
  /** Separate compilation (`ptxas -c`): the address of an `.extern` function is the linker's to resolve. */
  compileOnly?: boolean;
}

/** {@link layoutModule} over items gathered by a {@link LayoutInput}. */
export function layoutInput(input: LayoutInput, source: MappedText, diags: DiagnosticBag, options: LayoutInputOptions = {}): VariableLayout[] {
  const symbols = new Map<string, InitSymbol>();
  const from = options.from ?? 0;
  const report = (code: PtxCode, message: string, span: Span) => {
    if (span.start >= from) reportPtx(diags, code, message, source.locate(span.start, Math.max(0, span.end - span.start)));
  };
  const warn = (code: PtxCode, message: string, span: Span) => {
    if (span.start >= from) reportPtx(diags, code, message, source.locate(span.start, Math.max(0, span.end - span.start)));
  };
  const labels = input.labels;
  const unknown = options.unknownLabels;
  const isLabel = unknown ? (n: string) => labels.has(n) || (unknown.add(n), false) : (n: string) => labels.has(n);
  const ctx: InitContext = { report, warn, text: source.text, lookup: (n) => symbols.get(n), isLabel, version: input.version, keepElements: options.images !== false, placement: true };
  // Device functions named by the initializer being laid out, in order of first use.
  let used = new Set<string>();
  ctx.functionUsed = (n) => used.add(n);
  const pending: PendingVariable[] = [];

  for (const item of input.items) {
    if (item.kind === 'function') {
      symbols.set(item.name, item.entry ? { kind: 'kernel', name: item.name } : { kind: 'function', name: item.name, defined: input.definedFunctions.has(item.name) || (options.compileOnly === true && input.externFunctions.has(item.name)) });
      if (item.locals) checkFunctionBody(item.locals, ctx, pending);
      continue;
    }
    const decl = item.decl;
    for (const d of decl.declarators) {
      used = new Set();
      const v = layoutDeclarator(decl, d, ctx);
      if (v) pending.push({ ...v, functions: [...used] });
      symbols.set(d.name, { kind: 'variable', name: d.name, space: decl.space, extern: decl.linkage === '.extern' });
    }
  }

  // Constant bank placement: externally visible first, then internal, each in declaration order.
  let bank = 0;
  for (const pass of [true, false]) {
    for (const v of pending) {
      if (v.space !== '.const' || v.external !== pass) continue;
      bank = alignUp(bank, v.align);
      v.bankOffset = bank;
      bank += v.size;
    }
  }
  const bankOffsets = new Map<string, number>();
  for (const v of pending) if (v.bankOffset !== undefined && !v.hidden) bankOffsets.set(v.name, v.bankOffset);

  // The index ptxas stores for a device function (see encode): numbered in order of first use over
  // module-scope initializers, externally visible variables (.common too) first, then internal
  // ones, each in declaration order; function-scope variables number none.
  const functionOrder = new Map<string, number>();
  for (const pass of [true, false]) {
    for (const v of pending) {
      if (v.hidden || !v.functions || (v.external || v.decl.linkage === '.common') !== pass) continue;
      for (const n of v.functions) if (!functionOrder.has(n)) functionOrder.set(n, functionOrder.size + 1);
    }
  }

  // PTX450 where ptxas's packing of incomplete inner lists changes the image from C's: decided on
  // the bytes written, so resolved addresses (.const offsets, function indices) count by value.
  for (const v of pending) {
    if (!v.flat?.displaced) continue;
    const bits = Math.min(v.elementSize, 8) * 8;
    reportDisplaced(
      v.name,
      v.flat,
      (el) => {
        let r: bigint;
        if (el.symbol.kind === 'variable' && el.symbol.space === '.const' && !el.generic && bankOffsets.has(el.symbol.name)) r = BigInt(bankOffsets.get(el.symbol.name)!) + el.addend;
        else if (el.symbol.kind === 'function') r = BigInt(functionOrder.get(el.symbol.name) ?? 0);
        else return undefined;
        if (el.mask !== undefined) r = (toU64(r) & el.mask) >> BigInt(MASK_VALUES.indexOf(el.mask) * 8);
        return BigInt.asUintN(bits, toU64(r));
      },
      warn,
      source.text,
    );
  }

  // Checking alone needs no images (a `.global .u8 buf[1 << 30];` must not cost a gigabyte).
  if (options.images === false) return [];
  const out: VariableLayout[] = [];
  for (const v of pending) {
    const layout = encode(v, bankOffsets, functionOrder, diags, source);
    if (!v.hidden) out.push(layout);
  }
  return out;
}

/**
 * Initializers inside function bodies: the state-space rules, and for .global/.const variables the
 * values too (they are checked as ptxas checks them but get no module layout). Names resolve to
 * the function's earlier declarations, then to the module's.
 */
function checkFunctionBody(locals: VariableDecl[], ctx: InitContext, pending: PendingVariable[]): void {
  const local = new Map<string, InitSymbol>();
  const inner: InitContext = { ...ctx, lookup: (n) => local.get(n) ?? ctx.lookup(n) };
  for (const s of locals) {
    for (const d of s.declarators) {
      // Function-scope .global/.const variables are module statics to ptxas: they take room in
      // the constant bank (as internal variables) but are not listed in the layout.
      const v = layoutDeclarator(s, d, inner);
      if (v) pending.push({ ...v, hidden: true });
      local.set(d.name, { kind: 'variable', name: d.name, space: s.space, extern: s.linkage === '.extern' });
    }
  }
}

/** Initializers only in .global/.const, never on .extern (spec 5.4.4). */
function checkSpace(decl: VariableDecl, name: string, at: Span, ctx: InitContext): boolean {
  if (decl.linkage === '.extern') {
    ctx.report('PTX421', `no initializer is allowed on external variable '${name}'`, at);
    return false;
  }
  if (decl.space !== '.global' && decl.space !== '.const') {
    ctx.report('PTX420', `no initializer is allowed for '${name}' in the ${decl.space} state space; only .global and .const variables are initialized`, at);
    return false;
  }
  return true;
}

function layoutDeclarator(decl: VariableDecl, d: VariableDecl['declarators'][number], ctx: InitContext): PendingVariable | undefined {
  const isData = decl.space === '.global' || decl.space === '.const';
  // ptxas reports a misplaced initializer at the token after the name (`=`, or the `[` of an array).
  const misplacedAt = (): Span => {
    if (ctx.text === undefined) return d.dims.length ? d.nameSpan : d.initializer!.span;
    const at = nextTokenStart(ctx.text, d.nameSpan.end);
    return { start: at, end: at + 1 };
  };
  if (d.initializer && OPAQUE_TYPES.has(decl.type) && (decl.linkage === '.extern' || !isData)) {
    // ptxas checks the fields as it reads them, the state space once the declarator is complete.
    const dims = evaluateDims(d, ctx.report);
    let failed = false;
    const first: InitContext = { ...ctx, report: (c, m, s) => ((failed = true), ctx.report(c, m, s)) };
    if (dims) checkOpaqueInitializer(decl, dims, d.initializer, first, true);
    if (dims && !failed) checkSpace(decl, d.name, misplacedAt(), ctx);
    return undefined;
  }
  if (d.initializer && !checkSpace(decl, d.name, misplacedAt(), ctx)) return undefined;
  if (!isData || decl.linkage === '.extern' || d.parameterizedCount !== undefined) return undefined;
  // No memory representation: predicates are .reg only (the module checker reports it, PTX335).
  if (decl.type === '.pred') return undefined;
  if (OPAQUE_TYPES.has(decl.type)) return layoutOpaque(decl, d, ctx);
  const info = DATA_TYPES[decl.type];
  const dims = evaluateDims(d, ctx.report);
  if (!dims) return undefined;
  let flat: FlatInitializer | undefined;
  if (d.initializer) {
    flat = flattenInitializer(decl, dims, d.initializer, ctx);
    if (!flat) return undefined;
  }
  if (!info) return undefined; // not a data type (e.g. .texref): the module checker speaks to it
  const lanes = decl.vector ?? 1;
  const explicit = decl.align !== undefined && decl.align > 0n && decl.align <= 1n << 30n ? Number(decl.align) : 1;
  return pendingVariable(decl, d, flat?.dims ?? dims, info.size, lanes, Math.max(explicit, info.size * lanes), flat);
}

/** A module variable to be placed: `dims` resolved, `lanes` scalars of `elementSize` bytes per element. */
function pendingVariable(
  decl: VariableDecl,
  d: VariableDecl['declarators'][number],
  dims: readonly number[],
  elementSize: number,
  lanes: number,
  align: number,
  flat?: FlatInitializer,
): PendingVariable {
  let count = lanes;
  for (const n of dims) count *= n < 0 ? 0 : n;
  return {
    decl,
    name: d.name,
    span: d.span,
    space: decl.space as '.global' | '.const',
    size: count * elementSize,
    align,
    elementSize,
    flat,
    external: decl.linkage === '.visible' || decl.linkage === '.weak',
  };
}

/**
 * A .texref/.samplerref/.surfref declarator: its initializer is checked (src/ptx/opaque.ts); an
 * array of handles takes zeroed room in .nv.global, a single handle none (ptxas writes no symbol).
 */
function layoutOpaque(decl: VariableDecl, d: VariableDecl['declarators'][number], ctx: InitContext): PendingVariable | undefined {
  const dims = evaluateDims(d, ctx.report);
  if (!dims) return undefined;
  let resolved = dims;
  if (d.initializer) {
    const r = checkOpaqueInitializer(decl, dims, d.initializer, ctx);
    if (!r) return undefined;
    resolved = r;
  }
  // Vectors of handles are the module checker's to report.
  if (dims.length === 0 || decl.vector !== undefined) return undefined;
  return pendingVariable(decl, d, resolved, OPAQUE_ELEMENT_BYTES[decl.type]!, 1, OPAQUE_ALIGN);
}

/** Largest image materialized; beyond it only the initialized prefix is kept (the rest is zero). */
export const MAX_IMAGE_BYTES = 64 << 20;

function encode(v: PendingVariable, bankOffsets: Map<string, number>, functionIndex: Map<string, number>, diags: DiagnosticBag, source: MappedText): VariableLayout {
  const elementsEnd = (v.flat?.elements.length ?? 0) * v.elementSize;
  let imageSize = v.size;
  if (v.size > MAX_IMAGE_BYTES) {
    imageSize = elementsEnd;
    reportPtx(
      diags,
      'PTX442',
      `'${v.name}' has ${v.size} bytes: only its first ${imageSize} (initialized) bytes are materialized; the rest are zero`,
      source.locate(v.span.start, v.span.end - v.span.start),
    );
  }
  const bytes = new Uint8Array(imageSize);
  const relocations: LayoutRelocation[] = [];
  const resolvedSlots: VariableLayout['resolved'] = [];
  const es = v.elementSize;
  const write = (at: number, bits: bigint) => {
    // Two 32-bit halves as numbers: far cheaper than a BigInt shift per byte.
    const lo = Number(BigInt.asUintN(32, bits));
    const n = es < 8 ? es : 8;
    for (let i = 0; i < n && i < 4; i++) bytes[at + i] = (lo >>> (8 * i)) & 0xff;
    if (n > 4) {
      const hi = Number(BigInt.asUintN(32, bits >> 32n));
      for (let i = 4; i < n; i++) bytes[at + i] = (hi >>> (8 * (i - 4))) & 0xff;
    }
  };
  const elements = v.flat?.elements ?? [];
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    if (!el) continue;
    const at = i * es;
    if (el.kind === 'bits') {
      write(at, el.bits);
      continue;
    }
    let resolved: bigint | undefined;
    if (el.symbol.kind === 'variable' && el.symbol.space === '.const' && !el.generic && bankOffsets.has(el.symbol.name)) {
      resolved = BigInt(bankOffsets.get(el.symbol.name)!) + el.addend;
    } else if (el.symbol.kind === 'function') {
      resolved = BigInt(functionIndex.get(el.symbol.name) ?? 0);
    }
    if (resolved !== undefined) {
      resolvedSlots.push({ offset: at, size: es, symbol: el.symbol.name, kind: el.symbol.kind === 'function' ? 'function' : 'const' });
      if (el.mask !== undefined) resolved = (toU64(resolved) & el.mask) >> BigInt(MASK_VALUES.indexOf(el.mask) * 8);
      write(at, toU64(resolved));
      continue;
    }
    relocations.push({
      offset: at,
      size: es,
      symbol: el.symbol.name,
      addend: toS64(el.addend),
      generic: el.generic,
      mask: el.mask ?? null,
    });
  }
  const hex = bytesToHex(bytes);
  return {
    name: v.name,
    space: v.space,
    type: v.decl.vector ? `.v${v.decl.vector}${v.decl.type}` : v.decl.type,
    size: v.size,
    align: v.align,
    bytes,
    hex,
    relocations,
    resolved: resolvedSlots,
    span: v.span,
  };
}

/**
 * Reports every initializer problem of a parsed module into `diags` (PTX4xx codes): for the module
 * checker, so `gpuasm check` reports what `gpuasm layout` would.
 */
export function checkInitializers(module: Module, diags: DiagnosticBag): void {
  layoutModule(module, diags, { images: false });
}
