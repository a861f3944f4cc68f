/**
 * AMDGPU assembly AST: statements, expressions and instruction operands, each with a source span
 * (half-open offsets into the parsed text).
 *
 * Operands are kept close to the source so that register and immediate rules (owned by
 * `operand.ts`) can be applied per GPU: a bare identifier is a `word` (register name, special
 * name, bare modifier such as `glc`/`off`, or a symbol), `v[0:3]` a `regRange`, `[v0,v1]` or
 * `[0,1]` a `list`, and so on.
 */
import type { Span } from '../../core/source.js';

// ---------------------------------------------------------------------------------------------
// Expressions

/** Binary operators, as in llvm-mc's MCBinaryExpr (GNU precedence, see expr.ts). */
export type BinaryOp =
  | '||'
  | '&&'
  | '=='
  | '!='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '|'
  | '^'
  | '&'
  /** `a ! b` is "or-not": a | ~b. */
  | '!'
  | '*'
  | '/'
  | '%'
  | '<<'
  | '>>';

export type UnaryOp = '-' | '+' | '~' | '!';

export type Expr =
  /** Integer literal (already checked to fit 64 bits; `value` is its signed 64-bit reading). */
  | { kind: 'int'; value: bigint; span: Span }
  /** Floating-point literal: in an expression it stands for its IEEE double bits. */
  | { kind: 'real'; value: number; text: string; span: Span }
  /** Symbol reference; `name` may carry an `@variant` (e.g. `foo@rel32@lo`). */
  | { kind: 'sym'; name: string; span: Span }
  /** `.`: the current location. */
  | { kind: 'dot'; span: Span }
  /** Directional local label reference `1b` / `1f`. */
  | { kind: 'local'; label: string; forward: boolean; span: Span }
  | { kind: 'unary'; op: UnaryOp; operand: Expr; span: Span }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; opSpan: Span; span: Span }
  /**
   * Function-like form: AMDGPU expression functions (`max`, `or`, `extrasgprs`, `totalnumvgprs`,
   * `alignto`, `occupancy`) or, inside operands, `vmcnt(0)`, `hwreg(...)` joined by operators.
   */
  | { kind: 'call'; name: string; args: Expr[]; span: Span }
  /** A string (only meaningful as an argument of a call such as `swizzle(BITMASK_PERM, "01pip")`). */
  | { kind: 'string'; text: string; span: Span };

// ---------------------------------------------------------------------------------------------
// Instruction operands

export type Operand =
  /** A bare identifier: `v0`, `s12`, `vcc`, `exec_lo`, `off`, `glc`, `BUF_FMT_32_FLOAT`, a symbol... */
  | { kind: 'word'; name: string; span: Span }
  /** `v[N]`, `v[N:K]`, `s[..]`, `ttmp[..]`, `a[..]`, `acc[..]`: prefix plus index expression(s). */
  | { kind: 'regRange'; prefix: string; first: Expr; last: Expr | null; span: Span }
  /** `[x, y, ...]`: register list `[v0,v1]`, NSA `[v1,v[2:3]]`, or a value list `[0,1]` (after `op_sel:`). */
  | { kind: 'list'; items: Operand[]; span: Span }
  /** An integer/float literal or expression: `0x2c`, `-1`, `1.0`, `-0.5`, `x+4`, `vmcnt(0) & lgkmcnt(0)`. */
  | { kind: 'expr'; expr: Expr; span: Span }
  /**
   * `-X` where X is a word, register range, list, `|..|` or a call (`abs(..)`, `neg(..)`, ...):
   * the SP3 negation modifier. (`-` followed by a number or `(` is an `expr` with unary minus.)
   * When X is a word that is not a register, it is the expression `-symbol`.
   */
  | { kind: 'neg'; operand: Operand; span: Span }
  /** `|X|`: the SP3 absolute-value modifier. */
  | { kind: 'abs'; operand: Operand; span: Span }
  /** `name(args)`: `neg(..)`, `abs(..)`, `sext(..)`, `lit(..)`, `lit64(..)`, `hwreg(..)`, `sendmsg(..)`, `vmcnt(0)`... */
  | { kind: 'call'; name: string; args: Operand[]; span: Span }
  /** `name:value`: `offset:16`, `op_sel:[0,1]`, `row_shr:1`, `dst_sel:WORD_1`, `dmask:0xf`. */
  | { kind: 'modifier'; name: string; value: Operand; nameSpan: Span; span: Span };

export interface InstructionOperand {
  operand: Operand;
  /** A comma preceded this operand (AMDGPU modifiers such as `glc`, `offset:16` follow without one). */
  afterComma: boolean;
}

// ---------------------------------------------------------------------------------------------
// Statements

export type Statement =
  | { kind: 'label'; name: string; span: Span }
  /** `N:` local (directional) label. */
  | { kind: 'localLabel'; label: string; span: Span }
  /** `SYM = EXPR`, `.set SYM, EXPR`, `.equ SYM, EXPR`, `.equiv SYM, EXPR`. */
  | {
      kind: 'assignment';
      name: string;
      nameSpan: Span;
      expr: Expr;
      /** How it was written: '=' | '.set' | '.equ' | '.equiv'. `.equiv` forbids redefinition. */
      form: '=' | '.set' | '.equ' | '.equiv';
      span: Span;
    }
  | {
      kind: 'directive';
      /** Lower-case name with its dot, e.g. `.p2align`. */
      name: string;
      nameSpan: Span;
      /** Comma-separated arguments as raw text spans (parsed further only where needed). */
      args: DirectiveArg[];
      span: Span;
    }
  /** A block passed through untouched: `.amdgpu_metadata` … `.end_amdgpu_metadata` (YAML). */
  | { kind: 'rawBlock'; name: string; body: Span; span: Span }
  | {
      kind: 'instruction';
      mnemonic: string;
      mnemonicSpan: Span;
      operands: InstructionOperand[];
      /** GFX11+ VOPD: the second half after `::` (`v_dual_mov_b32 v0, v1 :: v_dual_add_f32 ...`). */
      dual?: { mnemonic: string; mnemonicSpan: Span; operands: InstructionOperand[] };
      span: Span;
    };

/** One directive argument: its span, plus an expression when it parsed as one. */
export interface DirectiveArg {
  span: Span;
  /** Parsed expression (for value-taking directives), or undefined when taken as raw text. */
  expr?: Expr;
}

export interface AmdgpuFile {
  name: string;
  text: string;
  statements: Statement[];
}
