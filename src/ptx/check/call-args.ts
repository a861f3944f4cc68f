/**
 * PTX module checks: a call's arguments and return parameters against the callee's formal
 * parameters (its declaration, or the `.callprototype` of an indirect call), as ptxas 13.0 checks
 * them (each rule measured; docs/ptx-instructions.md, "Call arguments"):
 *
 * - a scalar against an array, or arrays of different dimension counts: the type differs;
 * - scalars: the same type, or the same size where one is a bit-size type (`.b32` takes `.u32`,
 *   `.f32`), or both integers (`.u32`/`.s32`) or both floats of one size;
 * - arrays: the same total size (an unsized formal `[]` takes any), elements as for scalars,
 *   which must be the same type (`.u32[2]` does not take `.s32[2]`) unless one is a bit-size type,
 *   which takes any other element type and size (`.b8 p[16]` takes `.f32 a[4]`);
 * - an instruction-only type (`.e5m2x2`, ...) matches nothing, not even itself;
 * - the alignment (`.align` or the element size) must be equal as well, a separate error after the
 *   type's;
 * - a register argument counts as a scalar of its type (against an array: ptxas "Inconsistent
 *   state space"); a constant matches no array, an integer constant no float formal, a
 *   floating-point constant no integer one;
 * - a variable of another state space than `.param` and `.reg`, or a function, is refused ("Call
 *   argument ... has illegal state space"), and so is a `.param` parameter of the calling function
 *   itself ("Formal parameter ... cannot be used as argument to call").
 *
 * Reported at the call (as ptxas dates its operand errors), return parameters first, then the
 * arguments, each with its type error before its alignment error.
 */
import type { Span } from '../../core/source.js';
import type * as A from '../parse/ast.js';
import { DECLARATION_TYPE_BITS, INSTRUCTION_ONLY_TYPES } from '../data/declarations.js';
import type { CheckerState } from './state.js';

/** What a call compares of a `.param` declaration (a formal parameter or a call block's argument). */
export interface ParamFacts {
  readonly name: string;
  readonly type: string;
  /** Array dimensions (-1: unsized `[]`, -2: not a plain number); undefined for a scalar. */
  readonly dims: readonly number[] | undefined;
  /** The `.align` written, in bytes. */
  readonly align: number | undefined;
}

/** The formal parameters of a function or `.callprototype`, one entry per declared name. */
export interface Formals {
  readonly returns: readonly ParamFacts[];
  readonly params: readonly ParamFacts[];
}

export function paramFacts(decl: A.VariableDecl, d: A.Declarator): ParamFacts {
  let dims: number[] | undefined;
  if (d.dims.length > 0) {
    dims = [];
    for (const e of d.dims) dims.push(e === null ? -1 : e.kind === 'int' ? Number(e.value) : -2);
  }
  return { name: d.name, type: decl.vector === undefined ? decl.type : `.v${decl.vector}${decl.type}`, dims, align: decl.align === undefined ? undefined : Number(decl.align) };
}

/** ptxas: "Output parameter cannot be an incomplete array." (a `.param` return `[]`, of a function or `.callprototype`), at the declaration. */
export function unsizedReturns(c: CheckerState, returns: A.VariableDecl[] | undefined): void {
  for (const r of returns ?? [])
    for (const d of r.declarators)
      if (r.space === '.param' && d.dims[0] === null) c.error('PTX515', `return parameter '${d.name}' cannot be an unsized array: give its size`, c.spanLoc(d.nameSpan));
}

/** Formals of a declaration's lists; undefined when a list holds anything but plain `.param` scalars and arrays (not checked). */
export function formalsOf(returns: A.VariableDecl[] | undefined, params: A.VariableDecl[] | undefined): Formals | undefined {
  const r = paramFactsList(returns);
  const a = paramFactsList(params);
  return r && a ? { returns: r, params: a } : undefined;
}

/**
 * The facts of a parameter list's `.param` scalars and arrays; undefined when it holds anything
 * else. (A function of the module, not a closure made per call; indexed loops, not `for...of` over
 * `ps ?? []`, whose two array kinds deoptimized it: docs/benchmarks.md, session 21.)
 */
function paramFactsList(ps: A.VariableDecl[] | undefined): ParamFacts[] | undefined {
  const out: ParamFacts[] = [];
  if (ps === undefined) return out;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (p.space !== '.param' || p.vector !== undefined) return undefined;
    const ds = p.declarators;
    for (let j = 0; j < ds.length; j++) out.push(paramFacts(p, ds[j]!));
  }
  return out;
}

/** b: bit-size; i: signed or unsigned integer; f: float; x: instruction-only (matches nothing); undefined: not compared. */
function typeClass(t: string): 'b' | 'i' | 'f' | 'x' | undefined {
  if (INSTRUCTION_ONLY_TYPES.has(t)) return 'x';
  if (!DECLARATION_TYPE_BITS.has(t)) return undefined;
  switch (t[1]) {
    case 'b':
      return 'b';
    case 'u':
    case 's':
      return 'i';
    case 'f':
      return t === '.f16x2' ? undefined : 'f';
    default:
      return undefined;
  }
}

function bytes(t: string): number {
  return (DECLARATION_TYPE_BITS.get(t) ?? 8) / 8;
}

function elementsMatch(a: string, f: string, array: boolean): boolean {
  const ca = typeClass(a);
  const cf = typeClass(f);
  if (ca === 'x' || cf === 'x') return false;
  if (ca === undefined || cf === undefined || a === f) return true;
  if (ca === 'b' || cf === 'b') return array || bytes(a) === bytes(f);
  // Array elements must be the same type (`.u32[2]` is not `.s32[2]`); scalars of one size and kind match.
  if (array || bytes(a) !== bytes(f)) return false;
  return ca === cf;
}

function size(p: ParamFacts): number | undefined {
  let n = bytes(p.type);
  for (const d of p.dims ?? []) {
    if (d < 0) return undefined;
    n *= d;
  }
  return n;
}

/** Whether the types match and whether the alignments do. */
function compare(arg: ParamFacts, formal: ParamFacts): { type: boolean; align: boolean } {
  let type: boolean;
  if ((arg.dims === undefined) !== (formal.dims === undefined)) type = false;
  else if (arg.dims === undefined) type = elementsMatch(arg.type, formal.type, false);
  else {
    const sa = size(arg);
    const sf = size(formal);
    type = arg.dims.length === formal.dims!.length && (sa === undefined || sf === undefined || sa === sf) && elementsMatch(arg.type, formal.type, true);
  }
  const ta = typeClass(arg.type);
  const tf = typeClass(formal.type);
  const align = ta === undefined || tf === undefined || (arg.align ?? bytes(arg.type)) === (formal.align ?? bytes(formal.type));
  return { type, align };
}

function describe(p: ParamFacts): string {
  const dims = p.dims ? p.dims.map((d) => (d === -1 ? '[]' : d === -2 ? '[?]' : `[${d}]`)).join('') : '';
  return `${p.align !== undefined ? `.align ${p.align} ` : ''}${p.type}${dims}`;
}

/** Checks one list (returns or arguments) of a call whose counts already match the callee's. */
function checkList(c: CheckerState, list: A.Operand | undefined, formals: readonly ParamFacts[], what: 'argument' | 'return parameter', calleeName: string, at: Span): void {
  if (!list || list.kind !== 'list') return;
  for (let i = 0; i < formals.length && i < list.elements.length; i++) {
    const op = list.elements[i]!;
    const formal = formals[i]!;
    if (op.kind !== 'expr') continue;
    let e = op.expr;
    let arg: ParamFacts | undefined;
    let shown: string;
    if (e.kind === 'name') {
      const sym = c.table.lookup(e.name);
      if (sym === undefined) continue;
      if (sym.kind === 'function' || (sym.kind === 'variable' && sym.space !== '.param' && sym.space !== '.reg')) {
        c.error('PTX513', `${what} ${i + 1} of the call to '${calleeName}', '${e.name}', has an illegal state space (${sym.kind === 'function' ? 'a function' : sym.space}): pass a .param variable of the call's block, or a register`, c.spanLoc(at));
        continue;
      }
      if (sym.kind !== 'variable' || sym.type === undefined) continue;
      if (sym.space === '.param' && !sym.param) {
        c.error('PTX514', `${what} ${i + 1} of the call to '${calleeName}', '${e.name}', is a .param parameter of this function, which cannot be passed to a call: copy it into a .param variable of the call's block`, c.spanLoc(at));
        continue;
      }
      if (sym.space === '.param') arg = sym.param!;
      else if (!sym.array && sym.vector === undefined) arg = { name: e.name, type: sym.type, dims: undefined, align: undefined };
      else continue;
      shown = `'${e.name}' (${sym.space === '.reg' ? 'a register, ' : ''}${describe(arg)})`;
    } else {
      if (e.kind === 'unary' && e.op === '-') e = e.operand;
      const cf = typeClass(formal.type);
      const bad = (e.kind === 'int' || e.kind === 'float') && (formal.dims !== undefined || (e.kind === 'int' && cf === 'f') || (e.kind === 'float' && cf === 'i'));
      if (bad) c.error('PTX511', `type of ${what} ${i + 1} of the call to '${calleeName}' does not match formal parameter '${formal.name}' (${describe(formal)}): ${e.kind === 'int' ? 'an integer' : 'a floating-point'} constant`, c.spanLoc(at));
      continue;
    }
    const r = compare(arg, formal);
    const which = what === 'argument' ? `argument ${i + 1}` : `return parameter ${i + 1}`;
    if (!r.type)
      c.error('PTX511', `type of ${which} of the call to '${calleeName}', ${shown}, does not match formal parameter '${formal.name}' (${describe(formal)})`, c.spanLoc(at));
    if (!r.align)
      c.error('PTX512', `alignment of ${which} of the call to '${calleeName}', ${shown}: ${arg.align ?? bytes(arg.type)} bytes, does not match formal parameter '${formal.name}': ${formal.align ?? bytes(formal.type)} bytes`, c.spanLoc(at));
  }
}

/** A call whose return and argument counts match its callee's: each against its formal parameter. */
export function checkCallArguments(c: CheckerState, ops: A.Operand[], callee: number, fn: { readonly name: string; readonly formals?: Formals | undefined }, at: Span): void {
  const formals = fn.formals;
  if (!formals) return;
  if (callee === 1) checkList(c, ops[0], formals.returns, 'return parameter', fn.name, at);
  checkList(c, ops[callee + 1], formals.params, 'argument', fn.name, at);
}
