/**
 * PTX abstract syntax tree. Every node has a span: half-open offsets into the parsed
 * (preprocessed) text; `Module.source.locate` turns a span into a user-facing location.
 * The printer writes any tree back canonically; parse(print(t)) equals t up to spans.
 */
import type { MappedText, Span } from '../../core/source.js';
import type { Spelling } from './spelling.js';

export interface Node {
  span: Span;
}

// ---------------------------------------------------------------- expressions

export type BinaryOp =
  | '*' | '/' | '%' | '+' | '-' | '<<' | '>>' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '&' | '^' | '|' | '&&' | '||';
export type UnaryOp = '+' | '-' | '!' | '~';

export type Expr =
  | IntLiteral
  | FloatLiteral
  | NameRef
  | SinkExpr
  | MemberExpr
  | UnaryExpr
  | CastExpr
  | BinaryExpr
  | ConditionalExpr
  | ParenExpr
  | GenericExpr
  | MaskExpr;

/** `42`, `0x1fU`, `017`, `0b101`. `value` is the literal's 64-bit magnitude (never negative). */
export interface IntLiteral extends Node {
  kind: 'int';
  value: bigint;
  /** `U` suffix given, or the value does not fit .s64. */
  unsigned: boolean;
  /** The literal exactly as written (for printing and diagnostics). */
  raw: string;
  /** The literal does not fit in 64 bits (reported by the checker/evaluator; value is wrapped). */
  overflow?: boolean;
}

/** `1.5`, `.5`, `1e3` (.f64); `0f3f800000` (exact single); `0d3ff0000000000000` (exact double). */
export interface FloatLiteral extends Node {
  kind: 'float';
  /** 'decimal' literals and 0d literals are .f64; 0f literals keep their 32-bit value. */
  form: 'decimal' | 'f32' | 'f64';
  /** The numeric value as a double (for 0f: the single widened exactly). */
  value: number;
  /** For 0f: the 32 bits; for 0d: the 64 bits. */
  bits?: bigint;
  raw: string;
}

/** An identifier: register, variable, label, function, special register, WARP_SZ, section name. */
export interface NameRef extends Node {
  kind: 'name';
  name: string;
}

/** The sink operand `_`. */
export interface SinkExpr extends Node {
  kind: 'sink';
}

/** `%tid.x`, `v.y`: a component of a vector register or special register. */
export interface MemberExpr extends Node {
  kind: 'member';
  object: Expr;
  member: string; // x y z w r g b a
}

export interface UnaryExpr extends Node {
  kind: 'unary';
  op: UnaryOp;
  operand: Expr;
}

/** `(.s64) e`, `(.u64) e`. */
export interface CastExpr extends Node {
  kind: 'cast';
  type: '.s64' | '.u64';
  operand: Expr;
}

export interface BinaryExpr extends Node {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

export interface ConditionalExpr extends Node {
  kind: 'conditional';
  test: Expr;
  consequent: Expr;
  alternate: Expr;
}

/** Parentheses are kept so printing preserves the author's grouping. */
export interface ParenExpr extends Node {
  kind: 'paren';
  expr: Expr;
}

/** `generic(var)` in initializers. */
export interface GenericExpr extends Node {
  kind: 'generic';
  operand: Expr;
}

/** `0xFF00(expr)`: the mask() operator of initializers. */
export interface MaskExpr extends Node {
  kind: 'mask';
  mask: IntLiteral;
  operand: Expr;
}

// ---------------------------------------------------------------- instruction operands

export type Operand = ExprOperand | VectorOperand | AddressOperand | IndexedOperand | ListOperand;

/** Register, immediate, label, constant expression, `!p`, `_`. */
export interface ExprOperand extends Node {
  kind: 'expr';
  expr: Expr;
}

/** `{a, b, c, d}`; as a first operand also `{a, b, c, d}|p` (tex/tld4's predicate result). */
export interface VectorOperand extends Node {
  kind: 'vector';
  elements: Operand[];
  /** The `|p` after the braces, when written. */
  predicate?: Expr;
}

/** `[reg+imm]`, `[var]`, `[imm]`, `[tex, {c0, c1}]`: the bracket contents, comma separated. */
export interface AddressOperand extends Node {
  kind: 'address';
  elements: Operand[];
}

/** `array[index]`. */
export interface IndexedOperand extends Node {
  kind: 'indexed';
  base: Expr;
  index: Operand;
}

/** `(a, b)`: the return and argument lists of `call`. */
export interface ListOperand extends Node {
  kind: 'list';
  elements: Operand[];
}

// ---------------------------------------------------------------- declarations

export type StateSpace = '.reg' | '.sreg' | '.const' | '.global' | '.local' | '.param' | '.shared' | '.tex';
export type Linkage = '.extern' | '.visible' | '.weak' | '.common';

/** `{ 1, 2, {3, 4} }`, a single expression, or a field assignment (`filter_mode = nearest`). */
export type Initializer = Expr | InitializerList | FieldInitializer;

export interface InitializerList extends Node {
  kind: 'braces';
  elements: Initializer[];
}

/**
 * `addr_mode_0 = clamp_to_border`: one member of a `.texref`/`.samplerref`/`.surfref` initializer
 * (spec 5.3). ptxas parses it as an element of any initializer list (see src/ptx/opaque.ts for
 * what it then does with it). `value` is a name (`wrap`, `nearest`, … or an unknown word,
 * reported by the parser) or a constant expression.
 */
export interface FieldInitializer extends Node {
  kind: 'field';
  name: string;
  nameSpan: Span;
  value: Expr;
}

/** One name in a declaration: `a`, `%r<100>`, `arr[4][2] = {...}`, `buf[]`. */
export interface Declarator extends Node {
  name: string;
  nameSpan: Span;
  /** `%r<100>`: declares %r0..%r99. */
  parameterizedCount?: number;
  /** Array dimensions, outermost first; null for an unsized `[]`. */
  dims: (Expr | null)[];
  initializer?: Initializer;
}

/**
 * `.global .align 8 .u64 a = 1, b;`, `.reg .pred %p<4>;`, `.param .u64 .ptr.global.align 16 p`.
 * Attributes keep everything else written between space and names, in order, as directive
 * words with optional arguments (e.g. `.attribute(.managed)`, `.ptr`, `.global` after `.ptr`).
 */
export interface VariableDecl extends Node {
  kind: 'variable';
  linkage?: Linkage;
  space: StateSpace;
  /** `.const[2]` (old PTX constant banks). */
  bank?: number;
  align?: bigint;
  /** `.v2`, `.v4`, `.v8`. */
  vector?: number;
  /** `.b32`, `.f16x2`, `.pred`, `.texref`, … */
  type: string;
  typeSpan: Span;
  attributes: DirectiveWord[];
  declarators: Declarator[];
}

/** A dotted word with optional parenthesized or numeric arguments. */
export interface DirectiveWord extends Node {
  name: string;
  args: Expr[];
  /** Parenthesized directive words, e.g. `.attribute(.managed)`, `.attribute(.unified(1, 2))`. */
  words?: DirectiveWord[];
}

/** `.maxntid 256, 1, 1`, `.noreturn`, `.pragma "nounroll"`, … attached to a function. */
export interface FunctionAttribute extends Node {
  name: string;
  args: (Expr | StringLiteral)[];
  /** Parenthesized directive words, e.g. `.attribute(.unified(1, 2))`. */
  words?: DirectiveWord[];
}

export interface StringLiteral extends Node {
  kind: 'string';
  /** Contents without quotes, escapes kept as written. */
  value: string;
}

export interface FunctionDecl extends Node {
  kind: 'function';
  linkage?: Linkage;
  entry: boolean; // .entry or .func
  name: string;
  nameSpan: Span;
  /** `.func (.param .b32 r) f (...)`; undefined when no return list was written. */
  returns?: VariableDecl[];
  /** Undefined when no parameter list was written at all. */
  params?: VariableDecl[];
  /** Performance-tuning and other directives between the header and the body, in order. */
  attributes: FunctionAttribute[];
  /** Undefined for a declaration ending in `;`. */
  body?: Block;
}

// ---------------------------------------------------------------- statements

export type Statement =
  | Instruction
  | LabelStatement
  | VariableDecl
  | Block
  | PragmaDirective
  | LocDirective
  | CallPrototype
  | TargetList
  | GenericDirective
  /** A `.func` prototype inside a body (`.extern .func f (.param .b32 a);`); never has a body. */
  | FunctionDecl;

export interface Block extends Node {
  kind: 'block';
  statements: Statement[];
}

export interface LabelStatement extends Node {
  kind: 'label';
  name: string;
}

export interface Guard extends Node {
  negated: boolean;
  name: string;
}

export interface Instruction extends Node {
  kind: 'instruction';
  guard?: Guard;
  /** Base opcode, e.g. `ld` (one of the reserved instruction keywords). */
  opcode: string;
  opcodeSpan: Span;
  /** Dotted modifiers in order, with dots: ['.global', '.v4', '.f32']. */
  modifiers: string[];
  operands: Operand[];
  /**
   * The parser's record of this spelling (opcode and modifiers), where the checks keep what they
   * work out once per spelling (see parse/spelling.ts); undefined from other producers.
   */
  spelling?: Spelling | undefined;
}

/** `name: .callprototype (.param .b32 _) _ (.param .b64 _);` */
export interface CallPrototype extends Node {
  kind: 'callprototype';
  name: string;
  returns?: VariableDecl[];
  params?: VariableDecl[];
  attributes: FunctionAttribute[];
}

/** `name: .calltargets f, g;` or `name: .branchtargets L1, L2;` */
export interface TargetList extends Node {
  kind: 'calltargets' | 'branchtargets';
  name: string;
  targets: NameRef[];
}

export interface PragmaDirective extends Node {
  kind: 'pragma';
  values: StringLiteral[];
}

/** `.loc file line column [, function_name label [+ off], inlined_at f l c]`. */
export interface LocDirective extends Node {
  kind: 'loc';
  file: bigint;
  line: bigint;
  column: bigint;
  /** Further attributes as written, e.g. function_name / inlined_at with their arguments. */
  attributes: { name: string; args: Expr[]; span: Span }[];
}

/** A directive kept with its arguments but without dedicated structure (e.g. `.alias a, b`). */
export interface GenericDirective extends Node {
  kind: 'directive';
  name: string;
  args: (Expr | StringLiteral)[];
}

// ---------------------------------------------------------------- module

export interface VersionDirective extends Node {
  kind: 'version';
  major: number;
  minor: number;
  raw: string;
}

export interface TargetDirective extends Node {
  kind: 'target';
  targets: { name: string; span: Span }[];
}

export interface AddressSizeDirective extends Node {
  kind: 'address_size';
  size: number;
}

/** `.file 1 "name.cu", 1700000000, 1234` */
export interface FileDirective extends Node {
  kind: 'file';
  index: bigint;
  path: string;
  timestamp?: Expr;
  size?: Expr;
}

/** `.section .debug_info { .b32 1 .b8 2,3 label: .b64 $L__x-$L__y }` */
export interface SectionDirective extends Node {
  kind: 'section';
  name: string;
  entries: SectionEntry[];
}

export type SectionEntry =
  /**
   * `.b8 1, 2, -3` (integers) or one symbolic value: `.b64 $L__tmp1`, `.b32 .debug_loc+16`,
   * `.b32 $L__a-$L__b`. `type` is normally .b8/.b16/.b32/.b64; other type words parse but are
   * reported (PTX231), as ptxas does.
   */
  | { kind: 'data'; span: Span; type: '.b8' | '.b16' | '.b32' | '.b64' | (string & {}); values: (Expr | StringLiteral)[] }
  | LabelStatement;

export type ModuleItem =
  | VersionDirective
  | TargetDirective
  | AddressSizeDirective
  | VariableDecl
  | FunctionDecl
  | FileDirective
  | SectionDirective
  | PragmaDirective
  | LocDirective
  | CallPrototype
  | GenericDirective;

export interface Module {
  items: ModuleItem[];
  /** The parsed text and the way back to original files and lines. */
  source: MappedText;
}
