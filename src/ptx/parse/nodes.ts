/**
 * The parser's syntax-tree nodes that keep offsets instead of spans (spans are built when read):
 * they implement the shapes of ast.ts, and `toJSON` gives the plain shape.
 */
import type { Span } from '../../core/source.js';
import type * as A from './ast.js';
import { TokFlag } from '../lex/tokens.js';
import type { Spelling } from './spelling.js';

export const C_0 = 48;
export const C_9 = 57;
/** Shared bigints for the small values most literals have (no allocation per literal). */
export const SMALL_BIGINTS: bigint[] = [];
for (let i = 0; i < 4096; i++) SMALL_BIGINTS.push(BigInt(i));

/**
 * The value of a plain decimal literal token (digits only, no suffix, no leading zero, at most 15
 * digits so a double holds it exactly), or -1 for any other spelling.
 */
export function plainDecimalValue(text: string, start: number, end: number, flags: number): number {
  const n = end - start;
  if (n > 15 || (flags & TokFlag.Malformed) !== 0 || (n > 1 && text.charCodeAt(start) === C_0)) return -1;
  let v = 0;
  for (let p = start; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c < C_0 || c > C_9) return -1;
    v = v * 10 + (c - C_0);
  }
  return v;
}

// Shared read-only empty lists for the usual declaration without attributes or dimensions.
export const NO_ATTRIBUTES: readonly A.DirectiveWord[] = Object.freeze([]);
export const NO_DIMS: readonly (A.Expr | null)[] = Object.freeze([]);

/** End of the run of decimal digits starting at `start`. */
export function digitsEnd(text: string, start: number): number {
  let p = start;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c < C_0 || c > C_9) break;
    p++;
  }
  return p;
}

/** The value of the plain decimal literal at `start` of `text` (a shared bigint for small ones). */
export function decimalValueAt(text: string, start: number): bigint {
  const v = plainDecimalValue(text, start, digitsEnd(text, start), 0);
  return v < SMALL_BIGINTS.length ? SMALL_BIGINTS[v]! : BigInt(v);
}

/**
 * A plain decimal literal (`0`, `42`): the bulk of initializer lists and immediates. Each keeps one
 * field, its offset; `value`, `raw` and `span` are read back from the text (a plain literal's digits
 * are all of its token), which sits on the prototype of a per-parse subclass. So a million-element
 * initializer costs a quarter of the memory of literal-plus-span objects. `toJSON` gives the plain
 * IntLiteral shape.
 */
export abstract class DecimalLiteral implements A.IntLiteral {
  /** The parsed text (on the per-parse subclass's prototype, not on each literal). */
  declare protected readonly text: string;
  declare private readonly start: number;
  constructor(start: number) {
    this.start = start;
  }
  // On the prototype, not a field: initializer lists hold millions of these.
  get kind(): 'int' {
    return 'int';
  }
  get unsigned(): boolean {
    return false;
  }
  get value(): bigint {
    return decimalValueAt(this.text, this.start);
  }
  get raw(): string {
    return this.text.slice(this.start, digitsEnd(this.text, this.start));
  }
  get span(): Span {
    return { start: this.start, end: digitsEnd(this.text, this.start) };
  }
  toJSON(): A.IntLiteral {
    return { kind: 'int', value: this.value, unsigned: false, raw: this.raw, span: this.span };
  }
}

/**
 * A brace list of plain decimal literals only (`{0, 128, 63, ...}`: the data tables compilers write)
 * of at least PACKED_LIST_MIN of them: the literals' offsets in one Int32Array, 4 bytes each, where a
 * node each took 32 bytes and an array slot 8 more, all of it copied by the young-generation collector
 * (a 2 MB table line spent half its parse in the collector). `elements` makes the DecimalLiteral
 * nodes on first read and keeps them (library users, the printer, error paths); the initializer
 * check reads `starts` (see check/initializers.ts). `toJSON` gives the plain InitializerList shape.
 */
export class PackedLiteralList implements A.InitializerList {
  declare readonly starts: Int32Array;
  declare readonly span: Span;
  declare private readonly Literal: new (start: number) => DecimalLiteral;
  declare private readonly text: string;
  declare private made: A.Initializer[] | undefined;
  constructor(starts: Int32Array, span: Span, Literal: new (start: number) => DecimalLiteral, text: string) {
    this.starts = starts;
    this.span = span;
    this.Literal = Literal;
    this.text = text;
    this.made = undefined;
  }
  get kind(): 'braces' {
    return 'braces';
  }
  get elements(): A.Initializer[] {
    if (this.made === undefined) {
      const made: A.Initializer[] = new Array(this.starts.length);
      for (let i = 0; i < made.length; i++) made[i] = new this.Literal(this.starts[i]!);
      this.made = made;
    }
    return this.made;
  }
  /** The k-th literal's value, read from the parsed text. */
  value(k: number): bigint {
    return decimalValueAt(this.text, this.starts[k]!);
  }
  /** The k-th literal's node (made alone unless `elements` has been read). */
  literal(k: number): A.Initializer {
    return this.made !== undefined ? this.made[k]! : new this.Literal(this.starts[k]!);
  }
  toJSON(): A.InitializerList {
    return { kind: 'braces', elements: this.elements, span: this.span };
  }
}

/** Lists shorter than this keep a node per literal (vectors' lanes, short tables). */
export const PACKED_LIST_MIN = 16;

/** The number of elements of a brace list, without making a packed list's nodes. */
export function listLength(list: A.InitializerList): number {
  return list instanceof PackedLiteralList ? list.starts.length : list.elements.length;
}

/** The DecimalLiteral class for literals of `text`. */
export function decimalLiteralClass(text: string): new (start: number) => DecimalLiteral {
  class Literal extends DecimalLiteral {}
  Object.defineProperty(Literal.prototype, 'text', { value: text });
  return Literal;
}

/**
 * An operand that is one expression. Its span is its expression's, read through (one field, no
 * span object of its own). `toJSON` gives the plain ExprOperand shape.
 */
export class ExprOperandNode implements A.ExprOperand {
  // Fields assigned in the constructor, none declared as class fields (here and in the node classes
  // below): a class field makes V8 run a field initializer per object, which keeps `new` from being
  // inlined into the parser's optimized code under the CLI's inlining budget (src/cli/chunks.cts),
  // so each node went through the generic construct stub and a runtime allocation. (Assigned in
  // the order the class fields had: the same own-property order as before.)
  declare readonly expr: A.Expr;
  declare readonly kind: 'expr';
  constructor(expr: A.Expr) {
    this.expr = expr;
    this.kind = 'expr';
  }
  get span(): Span {
    return this.expr.span;
  }
  toJSON(): A.ExprOperand {
    return { kind: 'expr', expr: this.expr, span: this.span };
  }
}

/**
 * A name read from one token: its span is the token, `start` plus the name's length (no span
 * object per name). `toJSON` gives the plain NameRef shape.
 */
export class NameRefNode implements A.NameRef {
  declare readonly name: string;
  declare private readonly start: number;
  declare readonly kind: 'name';
  constructor(name: string, start: number) {
    this.name = name;
    this.start = start;
    this.kind = 'name';
  }
  get span(): Span {
    return { start: this.start, end: this.start + this.name.length };
  }
  toJSON(): A.NameRef {
    return { kind: 'name', name: this.name, span: this.span };
  }
}

/**
 * An instruction statement. Its spans are kept as offsets (the opcode span is the opcode token:
 * its start plus the opcode's length) and built when read. `toJSON` gives the plain shape.
 */
export class InstructionNode implements A.Instruction {
  // `guard` is a field of every instruction (undefined when none), set by the constructor: one
  // object shape for all instructions, so reads of them stay monomorphic.
  declare readonly opcode: string;
  /** The parse's record of the opcode and words (see parse/spelling.ts), which holds the modifier list: left out of toJSON. */
  declare readonly spelling: Spelling;
  declare readonly operands: A.Operand[];
  declare private readonly opcodeStart: number;
  declare private readonly start: number;
  declare private readonly end: number;
  declare readonly guard: A.Guard | undefined;
  declare readonly kind: 'instruction';
  constructor(opcode: string, spelling: Spelling, operands: A.Operand[], opcodeStart: number, start: number, end: number, guard: A.Guard | undefined) {
    this.opcode = opcode;
    this.spelling = spelling;
    this.operands = operands;
    this.opcodeStart = opcodeStart;
    this.start = start;
    this.end = end;
    this.guard = guard;
    this.kind = 'instruction';
  }
  /** The spelling's (shared) list: no field of its own, so that an instruction is no larger than before the record. */
  get modifiers(): string[] {
    return this.spelling.modifiers;
  }
  get opcodeSpan(): Span {
    return { start: this.opcodeStart, end: this.opcodeStart + this.opcode.length };
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  toJSON(): A.Instruction {
    const out: A.Instruction = {
      kind: 'instruction',
      opcode: this.opcode,
      opcodeSpan: this.opcodeSpan,
      modifiers: this.modifiers,
      operands: this.operands,
      span: this.span,
    };
    if (this.guard) out.guard = this.guard;
    return out;
  }
}

/** `{a, b}`, `[addr]`, `(a, b)`: the span kept as offsets, built when read. `toJSON` gives the plain shape. */
export class OperandListNode {
  /** A vector's `|p` (see A.VectorOperand); a field of every list (undefined when none): one object shape. */
  declare predicate: A.Expr | undefined;
  declare readonly kind: 'vector' | 'address' | 'list';
  declare readonly elements: A.Operand[];
  declare private readonly start: number;
  declare private readonly end: number;
  constructor(kind: 'vector' | 'address' | 'list', elements: A.Operand[], start: number, end: number) {
    this.kind = kind;
    this.elements = elements;
    this.start = start;
    this.end = end;
    this.predicate = undefined;
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  toJSON(): A.Operand {
    const out = { kind: this.kind, elements: this.elements, span: this.span } as A.Operand;
    if (this.predicate !== undefined) (out as A.VectorOperand).predicate = this.predicate;
    return out;
  }
}

/**
 * A variable declaration: its spans kept as offsets, built when read (the setters are for the
 * parser). `toJSON` gives the plain shape.
 */
export class VariableDeclNode {
  // Optional parts are fields of every declaration (undefined when absent), not added when met:
  // one object shape for all declarations.
  declare linkage: A.Linkage | undefined;
  declare bank: number | undefined;
  declare align: bigint | undefined;
  declare vector: number | undefined;
  declare type: string;
  declare attributes: A.DirectiveWord[];
  declare declarators: A.Declarator[];
  declare private typeStart: number;
  declare private typeEnd: number;
  declare private end: number;
  declare readonly space: A.StateSpace;
  declare private start: number;
  declare readonly kind: 'variable';
  constructor(space: A.StateSpace, start: number, linkage: A.Linkage | undefined = undefined) {
    this.space = space;
    this.start = start;
    this.linkage = linkage;
    this.bank = undefined;
    this.align = undefined;
    this.vector = undefined;
    this.type = '';
    this.attributes = [];
    this.declarators = [];
    this.typeStart = 0;
    this.typeEnd = 0;
    this.end = 0;
    this.kind = 'variable';
  }
  setType(start: number, end: number): void {
    this.typeStart = start;
    this.typeEnd = end;
  }
  get typeSpan(): Span {
    return { start: this.typeStart, end: this.typeEnd };
  }
  set typeSpan(span: Span) {
    this.setType(span.start, span.end);
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  set span(span: Span) {
    this.start = span.start;
    this.end = span.end;
  }
  toJSON(): A.VariableDecl {
    const out: A.VariableDecl = {
      kind: 'variable',
      space: this.space,
      type: this.type,
      typeSpan: this.typeSpan,
      attributes: this.attributes,
      declarators: this.declarators,
      span: this.span,
    };
    if (this.linkage !== undefined) out.linkage = this.linkage;
    if (this.bank !== undefined) out.bank = this.bank;
    if (this.align !== undefined) out.align = this.align;
    if (this.vector !== undefined) out.vector = this.vector;
    return out;
  }
}

/** One declarator: the name span is the name token (start plus the name's length). */
export class DeclaratorNode {
  // Fields of every declarator (undefined when absent): one object shape for all.
  declare parameterizedCount: number | undefined;
  declare initializer: A.Initializer | undefined;
  /** Shared and frozen while empty; the parser gives a declarator with dimensions its own array. */
  declare dims: (A.Expr | null)[];
  declare private end: number;
  declare readonly name: string;
  declare private start: number;
  constructor(name: string, start: number) {
    this.name = name;
    this.start = start;
    this.parameterizedCount = undefined;
    this.initializer = undefined;
    this.dims = NO_DIMS as (A.Expr | null)[];
    this.end = 0;
  }
  get nameSpan(): Span {
    return { start: this.start, end: this.start + this.name.length };
  }
  get span(): Span {
    return { start: this.start, end: this.end };
  }
  set span(span: Span) {
    this.start = span.start;
    this.end = span.end;
  }
  toJSON(): A.Declarator {
    const out: A.Declarator = { name: this.name, nameSpan: this.nameSpan, dims: this.dims, span: this.span };
    if (this.parameterizedCount !== undefined) out.parameterizedCount = this.parameterizedCount;
    if (this.initializer !== undefined) out.initializer = this.initializer;
    return out;
  }
}
