/**
 * PTX module checks: instruction statements (guard, modifiers, calls and their arity, operands and
 * the names they use). `checkInstruction` is where instruction checking starts.
 */
import { type Span } from '../../core/source.js';
import type * as A from '../parse/ast.js';
import { NameRefNode } from '../parse/nodes.js';
import { evaluateConstExpr } from './consteval.js';
import { nextTokenStart } from '../lex/lexer.js';
import { INSTRUCTION_REFUSED, compoundNames, lacksName, unknownModifiers } from '../data/modifiers.js';
import { SPECIAL_REGISTERS } from '../data/special-registers.js';
import { formatVersionCode } from '../data/targets.js';
import { type PtxSymbol } from './scope.js';
import type { CheckerState } from './state.js';
import type { PtxCode } from '../diagnostics.js';
import { checkCallArguments } from './call-args.js';
import { checkInstruction as checkInstructionForms, registerTypeOf, type InstructionCheckContext } from '../instructions/check.js';
export { releaseInstructionCaches } from '../instructions/check.js';
import { C_0, C_9, C_DOT, OperandRole } from './state.js';

/**
 * Where ptxas dates an instruction (its operand errors): the token after the opcode (its lookahead).
 * That is the opcode's line when modifiers are attached to it (`mov.b32`); `trap` + newline + `x;`
 * is on x's line, and so is `mov` + newline + `.b32 %r1, x;` (the modifier's line). Built only when a
 * diagnostic may need it.
 */
function instructionDate(ins: A.Instruction, text: string): Span {
  const ops = ins.operands;
  if (ins.modifiers.length > 0) {
    const end = ins.opcodeSpan.end;
    if (text.charCodeAt(end) === C_DOT) return ins.opcodeSpan;
    const at = nextTokenStart(text, end);
    return { start: at, end: at + 1 };
  }
  return ops.length === 0 ? ins.opcodeSpan : ops[0]!.span;
}

/** `.0`, `.12`: a dot and digits only. */
function isDotDigits(m: string): boolean {
  if (m.length < 2) return false;
  for (let i = 1; i < m.length; i++) {
    const c = m.charCodeAt(i);
    if (c < C_0 || c > C_9) return false;
  }
  return true;
}

/** Whether an expression names anything (a register, variable or label). */
function hasName(e: A.Expr): boolean {
  // The common answers without the stack's allocation: a leaf, or an operator between two leaves.
  const k = e.kind;
  if (k === 'name') return true;
  if (k === 'int' || k === 'float') return false;
  if (k === 'binary') {
    const l = e.left.kind;
    const r = e.right.kind;
    if (l === 'name' || r === 'name') return true;
    if ((l === 'int' || l === 'float') && (r === 'int' || r === 'float')) return false;
  }
  const stack: A.Expr[] = [e];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.kind === 'name') return true;
    if (x.kind === 'binary') stack.push(x.left, x.right);
    else if (x.kind === 'unary' || x.kind === 'cast') stack.push(x.operand);
    else if (x.kind === 'paren') stack.push(x.expr);
    else if (x.kind === 'conditional') stack.push(x.test, x.consequent, x.alternate);
    else if (x.kind !== 'int' && x.kind !== 'float') return true; // anything else: not a plain constant
  }
  return false;
}

/** A declared name used in `role` with nothing to report or note (see ModuleChecker.use). */
function cleanUse(sym: PtxSymbol, role: OperandRole): boolean {
  if (role === OperandRole.Value || role === OperandRole.Element) return !isLabelLike(sym) && sym.kind !== 'function';
  return !(role === OperandRole.Branch && sym.kind !== 'label');
}

/** Names that are not values: labels, `.branchtargets` / `.calltargets` lists, `.callprototype`s. */
function isLabelLike(sym: PtxSymbol): boolean {
  return sym.kind === 'label' || sym.kind === 'targets' || sym.kind === 'prototype';
}

function operandRole(ins: A.Instruction, op: A.Operand, i: number, last: boolean, callee: number): OperandRole {
  // (The operand and whether it is the last from the caller: a load or subtraction first reached
  // late, at the first brx of a file, threw the caller's optimized code away when this was inlined into it.)
  const opcode = ins.opcode;
  if (opcode === 'bra') return OperandRole.Branch;
  if (opcode === 'brx') return last ? OperandRole.Name : OperandRole.Value;
  if (opcode === 'call') {
    if (i === callee) return OperandRole.Name;
    // After the callee, a bare name (not in a list) is the prototype or the target list.
    if (i > callee && op.kind === 'expr') return OperandRole.Declared;
  }
  return OperandRole.Value;
}

/** Pushes the sub-expressions of an expression node (leaves push nothing). */
function pushChildren(e: A.Expr, stack: (A.Operand | A.Expr)[]): void {
  switch (e.kind) {
    case 'member':
      stack.push(e.object);
      break;
    case 'unary':
    case 'cast':
    case 'generic':
    case 'mask':
      stack.push(e.operand);
      break;
    case 'paren':
      stack.push(e.expr);
      break;
    case 'binary':
      stack.push(e.right, e.left);
      break;
    case 'conditional':
      stack.push(e.alternate, e.consequent, e.test);
      break;
    default:
      break;
  }
}

/** A name operand: resolved; `use` when anything is to be said. */
export function operandName(c: CheckerState, x: A.NameRef, role: OperandRole, ins: A.Instruction): void {
  const sym = c.table.lookup(x.name);
  // Remembered for the instruction layer's register types (no second lookup there).
  const seen = instructionLayerOf(c);
  seen.names[seen.count] = x.name;
  seen.syms[seen.count++] = sym;
  // (A variable, most names, is clean in every role but a branch's: told here without the call.)
  if (sym === undefined || (sym.kind === 'variable' ? role === OperandRole.Branch : !cleanUse(sym, role))) useSymbol(c, sym, x.name, x.span, role, undefined, ins);
  if (sym?.kind === 'function' && ins.opcode === 'mov' && role === OperandRole.Value) {
    sym.movAddressAt ??= x.span;
    c.functionUse?.(sym, 'movAddressAt', x.span);
  }
}

export function checkInstruction(c: CheckerState, ins: A.Instruction): void {
  const errorsBefore = c.errorCount;
  const layer = instructionLayerOf(c);
  layer.count = 0;
  const guard = ins.guard;
  if (guard) {
    // A declared predicate has nothing to report: no span built, no second lookup in `use`.
    const sym = c.table.lookup(guard.name);
    // Remembered for the instruction layer's guard test, as the operands' names are (operandName).
    layer.names[layer.count] = guard.name;
    layer.syms[layer.count++] = sym;
    if (sym === undefined || !cleanUse(sym, OperandRole.Value)) {
      const g = { start: guard.span.end - guard.name.length, end: guard.span.end };
      useSymbol(c, sym, guard.name, g, OperandRole.Value, g, undefined);
    }
  }
  checkModifiers(c, ins);
  if (ins.opcode === 'tcgen05') tcgen05CtaGroup(c, ins);
  const ops = ins.operands;
  if (ins.opcode === 'ld' && c.returnParams.size > 0) paramDirection(c, ops, c.returnParams, ins, 'a return parameter of this function: it can be written, not read');
  else if (ins.opcode === 'st' && c.inputParams.size > 0 && ins.modifiers.includes('.param'))
    paramDirection(c, ops, c.inputParams, ins, 'an input parameter of this function: it can be read, not written');
  else if ((ins.opcode === 'mov' || (ins.opcode === 'cvta' && !ins.modifiers.includes('.to'))) && ops.length === 2) paramAddress(c, ops[1]!, ins);
  let callee = -1;
  if (ins.opcode === 'call' && ops.length > 0) {
    callee = ops[0]!.kind === 'list' ? 1 : 0;
    const calleeOp = ops[callee];
    if (calleeOp === undefined || calleeOp.kind === 'list')
      // `call (r), (a);`: ptxas "Parsing error near '('" (no callee between the lists); `call (a);` "near ';'".
      c.error('PTX502', `call has no callee: a function name or register goes between the return list and the argument list`, c.lineOf((calleeOp ?? ops[0]!).span, instructionDate(ins, c.text)));
    if (calleeOp && calleeOp.kind === 'expr' && calleeOp.expr.kind !== 'name')
      // `call 42, (a)`: ptxas "Parsing error near '42'", on the constant's line.
      c.error('PTX502', `call's callee must be a function name or a register, not '${c.text.slice(calleeOp.span.start, calleeOp.span.end)}'`, c.spanLoc(calleeOp.span));
    else if (calleeOp && calleeOp.kind === 'expr' && calleeOp.expr.kind === 'name') {
      const sym = c.table.lookup(calleeOp.expr.name);
      if (!sym)
        // ptxas dates it like its other operand errors: `call.uni` + newline + callee is on the opcode's line.
        c.error('PTX312', `call to '${calleeOp.expr.name}', which is not declared before this point (declare the function or a .callprototype first)`, c.lineOf(ops[0]!.span, instructionDate(ins, c.text)));
      else if (sym.kind === 'function') {
        (c.bodyCallees ??= []).push(sym.name);
        sym.calledAt ??= calleeOp.expr.span;
        c.functionUse?.(sym, 'calledAt', calleeOp.expr.span);
        // (`call f, x`: an operand after the callee that is not the argument list counts too.)
        const extra = ops[callee + 1]?.kind === 'list' ? ops[callee + 2] : ops[callee + 1];
        if (extra !== undefined)
          // Measured: a prototype or target list after the arguments makes the call indirect: ptxas
          // "Argument 1 of instruction 'call': must be register" for a function as the callee.
          c.error('PTX502', `call through a prototype or target list ('${c.text.slice(extra.span.start, extra.span.end)}') needs a register as the callee; '${calleeOp.expr.name}' is a function`, c.lineOf(calleeOp.span, instructionDate(ins, c.text)));
        // ptxas dates the call like its other operand errors.
        else callArity(c, ops, callee, sym, instructionDate(ins, c.text));
      } else {
        // An indirect call through a register: its `.callprototype` (the last operand) decides.
        const last = ops[ops.length - 1]!;
        // (`call (r), %rd1, proto;` with no argument list: the prototype right after the callee.)
        const proto = ops.length > callee + 1 && last !== calleeOp && last.kind === 'expr' && last.expr.kind === 'name' ? c.table.lookup(last.expr.name) : undefined;
        const rt = registerTypeOf(sym);
        const fits = rt === undefined || indirectCalleeFits(c, ins, calleeOp.expr.name, rt, ops.length > callee + (ops[callee + 1]?.kind === 'list' ? 2 : 1));
        if (fits && proto?.kind === 'prototype') callArity(c, ops, callee, proto, instructionDate(ins, c.text));
      }
    }
  }
  for (let i = 0; i < ops.length; i++) {
    // Where operand i's names start among those recorded (operandName): a name alone is that one.
    layer.slots[i] = layer.count;
    const o = ops[i]!;
    operand(c, o, operandRole(ins, o, i, i === ops.length - 1, callee), ins);
  }
  // (One call for bra and brx: brx's first use, late in a file, then recompiles branchRules, not this.)
  if ((ins.opcode === 'bra' || ins.opcode === 'brx') && c.errorCount === errorsBefore) branchRules(c, ins);
  // The instruction layer (src/ptx/instructions/check.ts): words, operand count, kinds and types,
  // on instructions the checks above found nothing wrong with.
  layer.ins = ins;
  if (c.errorCount === errorsBefore) checkInstructionForms(ins, layer.context);
}

/**
 * A call through a register (measured with ptxas 13.0): the register a 32- or 64-bit integer or
 * bit-size one ("Arguments mismatch for instruction 'call'" for a predicate, float or .f16x2 one),
 * and a `.callprototype` or `.calltargets` list after the arguments ("Label expected for argument 0
 * of instruction 'call'" without one).
 */
function indirectCalleeFits(c: CheckerState, ins: A.Instruction, reg: string, rt: string, listed: boolean): boolean {
  // (Located only when reported: the first location of a file builds its whole line table.)
  const at = () => c.lineOf(ins.opcodeSpan, instructionDate(ins, c.text));
  if (!listed) c.error('PTX502', `call through the register ${reg} needs a .callprototype or .calltargets list after its arguments (or call a function by name)`, at());
  else if (!/^\.[bus](32|64)$/.test(rt)) c.error('PTX503', `the callee of call must be a 32- or 64-bit integer or bit-size register holding the function's address; ${reg} is ${rt}`, at());
  else return true;
  return false;
}

/**
 * bra's target is a label's name (measured with ptxas 13.0): a constant (`bra 0`, `bra 1.5`), an
 * expression (`bra L+4`), a special register or WARP_SZ is "Label expected for argument 0 of
 * instruction 'bra'" (or "Arguments mismatch"); declared names are `use`'s.
 */
function branchTarget(c: CheckerState, ins: A.Instruction): void {
  const o = ins.operands[0];
  if (o === undefined) return;
  if (o.kind === 'expr' && o.expr.kind === 'name' && (!SPECIAL_REGISTERS.has(o.expr.name) || c.table.lookup(o.expr.name) !== undefined)) return;
  c.error('PTX345', `branch target '${c.text.slice(o.span.start, o.span.end)}' is not a label`, c.lineOf(o.span, instructionDate(ins, c.text)));
}

/**
 * brx.idx's last operand names a `.branchtargets` list (measured with ptxas 13.0: "Label with
 * '.branchtargets' directive expected" for a label, a `.calltargets` list, a register, a function;
 * "Arguments mismatch" for a constant). It must be declared before the instruction: a name declared
 * later (a label or even a `.branchtargets` list) is "Arguments mismatch" there, and a name never
 * declared is that and the forward-reference check's error (PTX310) on the same line. bra's
 * target is branchTarget's (one function for both, too large to be inlined into checkInstruction).
 */
function branchRules(c: CheckerState, ins: A.Instruction): void {
  if (ins.opcode === 'bra') return branchTarget(c, ins);
  const o = ins.operands[ins.operands.length - 1];
  if (o === undefined || ins.operands.length < 2) return;
  const name = o.kind === 'expr' && o.expr.kind === 'name' ? o.expr.name : undefined;
  const sym = name === undefined ? undefined : c.table.lookup(name);
  if (sym?.kind === 'targets' && sym.branchTargets) return;
  if (name !== undefined && sym === undefined) {
    c.error('PTX502', `operand ${ins.operands.length} of brx.idx must name a .branchtargets list declared before it ('${name}' is not declared yet)`, c.lineOf(o!.span, instructionDate(ins, c.text)));
    return;
  }
  const what = sym === undefined ? 'not a name' : sym.kind === 'targets' ? 'a .calltargets list' : sym.kind === 'variable' ? 'a variable' : `a ${sym.kind}`;
  c.error('PTX502', `operand ${ins.operands.length} of brx.idx must name a .branchtargets list ('${c.text.slice(o.span.start, o.span.end)}' is ${what})`, c.lineOf(o.span, instructionDate(ins, c.text)));
}

/** What the instruction layer reads of the checker: the names the operand pass just resolved, the header, a report. */
export interface InstructionLayer {
  ins: A.Instruction | undefined;
  /** (Made anew at each function body: see renewInstructionLayer.) */
  names: string[];
  syms: (PtxSymbol | undefined)[];
  count: number;
  /** Per operand of the instruction, the first of `names` recorded for it (the guard's is 0). */
  readonly slots: number[];
  readonly context: InstructionCheckContext;
}

/**
 * New `names` and `syms` arrays for a function body. The arrays outlive many bodies and are moved
 * to the old generation, while most symbols an instruction names are the body's own (young):
 * every store of a young object into an old array takes the write barrier's slow path (a
 * remembered-set insertion; about 39 M instructions on the distinct file). Arrays made with the
 * body are as young as its symbols.
 */
export function renewInstructionLayer(c: CheckerState): void {
  const l = c.instructionLayer;
  if (l === undefined) return;
  l.names = [];
  l.syms = [];
}

function instructionLayerOf(c: CheckerState): InstructionLayer {
  // (The first call's work apart, in newInstructionLayer.)
  return c.instructionLayer ?? newInstructionLayer(c);
}

function newInstructionLayer(c: CheckerState): InstructionLayer {
  const l: { -readonly [K in keyof InstructionLayer]: InstructionLayer[K] } = { ins: undefined, names: [], syms: [], count: 0, slots: [], context: undefined! };
  l.context = new LayerContext(c, l);
  c.instructionLayer = l;
  return l;
}

/**
 * The layer's context: a class, not an object literal. A literal with getters (version, target,
 * percentVariables) is made in dictionary mode, and every `ctx.registerType`, `ctx.operandRegisterType`
 * ... the layer's optimized code read from it was a generic property load (LoadIC) per use; an
 * instance of a class has a fast, stable map and its methods sit on the prototype (loads folded,
 * calls inlined).
 */
class LayerContext implements InstructionCheckContext {
  constructor(
    private readonly c: CheckerState,
    private readonly l: InstructionLayer,
  ) {}
  get version(): number | undefined {
    return this.c.header.version;
  }
  get target(): string | undefined {
    return this.c.header.target;
  }
  get percentVariables(): boolean {
    return this.c.table.percentVariables > 0;
  }
  get texmodeIndependent(): boolean {
    return this.c.header.texmodeIndependent;
  }
  /** A name among those the operand pass just resolved, else the symbol table. */
  private lookup(name: string): PtxSymbol | undefined {
    const l = this.l;
    for (let i = 0; i < l.count; i++) if (l.names[i] === name) return l.syms[i];
    return this.c.table.lookup(name);
  }
  registerType(name: string): string | undefined {
    return registerTypeOf(this.lookup(name));
  }
  operandRegisterType(i: number, name: string): string | undefined {
    // (The name compared as a check: the same string object when the slot is this operand's.)
    const l = this.l;
    const at = i < 0 ? 0 : l.slots[i]!;
    return registerTypeOf(at < l.count && l.names[at] === name ? l.syms[at] : this.lookup(name));
  }
  vectorRegister(name: string): { count: number; type: string } | undefined {
    const sym = this.lookup(name);
    return sym?.kind === 'variable' && sym.space === '.reg' && sym.vector !== undefined && !sym.array && sym.type !== undefined ? { count: sym.vector, type: sym.type } : undefined;
  }
  variableSpace(name: string): { space: string; type?: string; array?: boolean; vector?: number } | undefined {
    const sym = this.lookup(name);
    return sym?.kind === 'variable' && sym.space !== undefined && sym.space !== '.reg' ? { space: sym.space, type: sym.type, array: sym.array, vector: sym.vector } : undefined;
  }
  // (As addressSpaceOf(variableSpace(name)), without its object.)
  addressSpace(name: string): string | undefined {
    const sym = this.lookup(name);
    return sym?.kind === 'variable' && sym.space !== undefined && sym.space !== '.reg' && !(sym.type !== undefined && sym.type.endsWith('ref')) ? sym.space : undefined;
  }
  report(code: PtxCode, message: string, at: Span): void {
    this.c.error(code, message, this.c.lineOf(at, instructionDate(this.l.ins!, this.c.text)));
  }
  reportAt(code: PtxCode, message: string, at: Span): void {
    this.c.error(code, message, this.c.spanLoc(at));
  }
}

/** A direct call passes as many arguments and return parameters as the callee declares. */
export function callArity(c: CheckerState, ops: A.Operand[], callee: number, fn: PtxSymbol, at: Span): void {
  const args = ops[callee + 1];
  const nargs = args?.kind === 'list' ? args.elements.length : 0;
  const nrets = callee === 1 && ops[0]!.kind === 'list' ? ops[0]!.elements.length : 0;
  if (nargs !== (fn.paramCount ?? 0) || nrets !== (fn.returnCount ?? 0))
    c.error('PTX353', `call to '${fn.name}' with ${nrets} return and ${nargs} argument parameters; it declares ${fn.returnCount ?? 0} and ${fn.paramCount ?? 0}`, c.spanLoc(at));
  else checkCallArguments(c, ops, callee, fn, at);
}

/**
 * ptxas: "Illegal to take address of parameter": `mov` or `cvta` (not `cvta.to`) of a `.param`
 * variable declared in a body (a call's argument or result), written alone (`c+4` is taken). By
 * name: one named like the function's own input or return parameter is taken (measured, ptxas
 * 13.0). At the opcode.
 */
// (The instruction, not its opcode's span: the span is built only when reported, not for every mov.)
function paramAddress(c: CheckerState, op: A.Operand, ins: A.Instruction): void {
  if (op.kind !== 'expr' || op.expr.kind !== 'name') return;
  const name = op.expr.name;
  const sym = c.table.lookup(name);
  if (sym === undefined || sym.kind !== 'variable' || sym.space !== '.param' || c.inputParams.has(name) || c.returnParams.has(name)) return;
  c.error('PTX352', `'${name}' is a .param variable of a call: its address cannot be taken (only ld.param and st.param reach it)`, c.lineOf(op.expr.span, ins.opcodeSpan));
}

/**
 * ptxas: "Illegal to read function return parameter" (`ld` from the function's own `.param`
 * return) and "Illegal to write to function input parameter" (`st.param` to one of its own or a
 * kernel's `.param` inputs, with or without an offset). By the name in `names`, at the opcode.
 */
export function paramDirection(c: CheckerState, ops: A.Operand[], names: ReadonlySet<string>, ins: A.Instruction, what: string): void {
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    if (op.kind !== 'address') continue;
    for (let j = 0; j < op.elements.length; j++) {
      const e = op.elements[j]!;
      if (e.kind !== 'expr') continue;
      const stack: A.Expr[] = [e.expr];
      while (stack.length) {
        const x = stack.pop()!;
        if (x.kind === 'name') {
          // ptxas goes by the name (a `.param` of an inner block named alike counts too), at the opcode.
          if (names.has(x.name)) c.error('PTX352', `'${x.name}' is ${what}`, c.lineOf(x.span, ins.opcodeSpan));
        } else if (x.kind === 'binary') stack.push(x.left, x.right);
        else if (x.kind === 'paren') stack.push(x.expr);
      }
    }
  }
}

export function checkModifiers(c: CheckerState, ins: A.Instruction): void {
  const list = ins.modifiers;
  if (list.length === 0) return;
  // Whether a word is known depends on the opcode (`mul.wide`, `add.wide`), so what is kept is per
  // spelling: on the parser's record of the opcode and words, marked by the checker that found
  // them known. An instruction from another producer (no record) is looked at every time.
  const spelling = ins.spelling;
  if (spelling !== undefined && spelling.knownIn === c.spellingStamp) return;
  if (lacksName(ins.opcode, list)) {
    c.error('PTX226', `unknown instruction '${ins.opcode}': its name is ${compoundNames(ins.opcode).join(' or ')}, with no modifier between`, c.spanLoc(ins.opcodeSpan));
    return;
  }
  const unknown = unknownModifiers(ins.opcode, list);
  if (unknown.length === 0 && !list.some(isDotDigits)) {
    if (spelling !== undefined) spelling.knownIn = c.spellingStamp;
    return;
  }
  for (const m of list) {
    if (!isDotDigits(m)) continue;
    // ptxas's lexer reads `.0` as a floating-point number, not a modifier: a syntax error at
    // the token after it (`mov.u32.0 %r1, 1` fails near '%r1').
    const at = c.text.indexOf(m, ins.opcodeSpan.end);
    if (at >= 0 && at < ins.span.end) {
      c.syntaxError('PTX201', `syntax error: '${m}' is a number, not a modifier`, c.tokenLoc(nextTokenStart(c.text, at + m.length)));
      return;
    }
  }
  for (const m of unknown) {
    // ptxas's lexer reports unknown modifiers on the modifier's line; words only the instruction
    // check refuses (INSTRUCTION_REFUSED) are on the instruction's line, as its other checks.
    const at = c.text.indexOf(m, ins.opcodeSpan.end);
    const word = at >= 0 && at < ins.span.end ? { start: at, end: at + m.length } : ins.opcodeSpan;
    const loc = INSTRUCTION_REFUSED.has(m) ? c.lineOf(word, instructionDate(ins, c.text)) : c.spanLoc(word);
    c.error('PTX340', `unknown instruction modifier '${m}' on '${ins.opcode}'`, loc);
  }
}

/**
 * vmad negates its register sources, with or without a selector (`-%r2`, `-%r3.b0`; measured with ptxas 13.0,
 * session 18), but not with `.po` ("Conflicting use of '.po' modifier with operand negation"), and never a symbol or
 * special register.
 */
function vmadNegatesRegister(c: CheckerState, ins: A.Instruction, x: A.Expr): boolean {
  if (ins.opcode !== 'vmad' || ins.modifiers.includes('.po')) return false;
  const ref = x.kind === 'member' ? x.object : x;
  if (ref.kind !== 'name') return false;
  const sym = c.table.lookup(ref.name);
  return sym?.kind === 'variable' && sym.space === '.reg';
}

export function operand(c: CheckerState, op: A.Operand, role: OperandRole, ins: A.Instruction): void {
  // Fast paths for the common shapes (`%r1`, `[%rd2+8]`) without an explicit stack.
  // (An expression's `kind` is a megamorphic load, a stub-cache probe each: the parser's name node
  // is told by its class, and the kind of any other expression is read once.)
  if (op.kind === 'expr') {
    const e = op.expr;
    if (e instanceof NameRefNode) return operandName(c, e, role, ins);
    const k = e.kind;
    if (k === 'name') return operandName(c, e, role, ins);
    if (k === 'int' || k === 'float' || k === 'sink') return;
    if (k === 'unary') {
      const ok = e.operand.kind;
      // `-1`, `-0f3F800000` (common in compiler output): a negated literal, nothing to evaluate.
      if (e.op === '-' && (ok === 'int' || ok === 'float')) return;
      // `-%r1`, `-%tid.x`, `-gv`: ptxas negates no register or symbol operand ("Operand negation not
      // allowed for instruction", "Illegal argument to unary minus"; measured on 40 opcodes).
      if (e.op === '-' && (ok === 'name' || ok === 'member') && !vmadNegatesRegister(c, ins, e.operand))
        c.error('PTX502', `an operand of ${ins.opcode} cannot be negated: '-' applies to constants only`, c.lineOf(e.span, instructionDate(ins, c.text)));
    }
    // A constant expression: evaluated as in initializers; no name in it for the walk below.
    if ((k === 'binary' || k === 'unary' || k === 'paren' || k === 'conditional' || k === 'cast') && !hasName(e)) return constantOperand(c, e);
  }
  if (op.kind === 'address' && op.elements.length === 1) {
    // `[%rd1]`, `[%rd1+8]`: what the walk below does for them (no shape or offset to check).
    const el = op.elements[0]!;
    if (el.kind === 'expr') {
      const e = el.expr;
      if (e instanceof NameRefNode) return operandName(c, e, role, ins);
      const k = e.kind;
      if (k === 'name') return operandName(c, e, role, ins);
      if (k === 'binary' && (e.op === '+' || e.op === '-') && e.left.kind === 'name' && e.right.kind === 'int') return operandName(c, e.left, role, ins);
    }
  }
  if (op.kind === 'vector') {
    // Vector elements are checked one by one, each on its own line ("Illegal expression").
    // (Indexed loops here: see statements() in functions.ts.)
    const els = op.elements;
    for (let i = 0; i < els.length; i++) operand(c, els[i]!, role === OperandRole.Value ? OperandRole.Element : role, ins);
    if (op.predicate?.kind === 'name') operandName(c, op.predicate, role, ins);
    return;
  }
  const stack: (A.Operand | A.Expr)[] = [op];
  while (stack.length > 0) {
    const x = stack.pop()!;
    switch (x.kind) {
      case 'expr':
        stack.push(x.expr);
        break;
      case 'vector':
        for (let i = 0; i < x.elements.length; i++) operand(c, x.elements[i]!, role === OperandRole.Value ? OperandRole.Element : role, ins);
        break;
      case 'address':
        addressShape(c, x);
        for (let i = 0; i < x.elements.length; i++) {
          const e = x.elements[i]!;
          if (e.kind === 'expr') integerOffset(c, e.expr);
          stack.push(e);
        }
        break;
      case 'list':
        for (let i = 0; i < x.elements.length; i++) stack.push(x.elements[i]!);
        break;
      case 'indexed':
        indexable(c, x);
        stack.push(x.base, x.index);
        break;
      case 'name':
        operandName(c, x, role, ins);
        break;
      case 'unary':
        if (x.op === '!' && x.operand.kind === 'name') predicateNegation(c, x.operand);
        else if (x.op === '!' && x.operand.kind === 'member') // `!%tid.x`: a vector component is never a predicate
          c.error('PTX357', `'!' negates predicates only, not a vector component`, c.spanLoc(x.operand.span));
        pushChildren(x, stack);
        break;
      default:
        pushChildren(x, stack);
    }
  }
}

/**
 * A constant expression as an operand (`(1<<4)+3`): evaluated as in initializers, so that mixed
 * integer and floating-point operands ("Constant expression type mismatch"), an integer operator on
 * a floating-point value ("Integer constant expression expected") and division by zero are
 * reported (measured with ptxas 13.0). A `0f` literal in parentheses is accepted inside an
 * operand's expression (`(0f3F800000)*2.0`, measured), so PTX403 is not reported here.
 */
function constantOperand(c: CheckerState, e: A.Expr): void {
  evaluateConstExpr(e, (code, message, span) => {
    if (code !== 'PTX403') c.error(code, message, c.spanLoc(span));
  });
}

/**
 * ptxas's grammar for brackets: `[a]`, `[a, b]`, `[a, {v}]`, `[a, b, {v}]` (texture, sampler,
 * coordinates); anything else is a syntax error at the first element out of place.
 */
export function addressShape(c: CheckerState, x: A.AddressOperand): void {
  const els = x.elements;
  for (let i = 1; i < els.length; i++) {
    const prev = els[i - 1]!;
    let at = -1;
    if (prev.kind === 'vector') at = nextTokenStart(c.text, prev.span.end); // the `,` after a vector
    else if (i === 2 && els[i]!.kind !== 'vector') at = els[i]!.span.start;
    if (at < 0) continue;
    c.syntaxError('PTX201', `syntax error near '${c.text.slice(at, at + 1)}': brackets hold an address, or a texture, a sampler and a coordinate vector`, c.tokenLoc(at));
    return;
  }
}

/** `!x` in an operand negates a predicate: ptxas "Illegal argument to predicate negation" for anything else. */
export function predicateNegation(c: CheckerState, x: A.NameRef): void {
  const sym = c.table.lookup(x.name);
  if (sym ? sym.kind !== 'variable' || sym.type === '.pred' : !SPECIAL_REGISTERS.has(x.name)) return;
  c.error('PTX357', `'!' negates predicates only, and '${x.name}' is not a predicate`, c.spanLoc(x.span));
}

/** `a[i]` needs an array variable `a`: ptxas "Array indexing on non-array", at the `]`. */
export function indexable(c: CheckerState, x: A.IndexedOperand): void {
  if (x.base.kind !== 'name') return;
  const sym = c.table.lookup(x.base.name);
  if (sym ? sym.kind === 'variable' && sym.array : !SPECIAL_REGISTERS.has(x.base.name)) return;
  if (sym && isLabelLike(sym)) return; // reported as a label used as a value
  c.error('PTX350', `'${x.base.name}' is not an array and cannot be indexed`, c.loc(Math.max(x.span.start, x.span.end - 1), 1));
}

/**
 * The constant parts of an address (`[r+1.5]`, `[1.5]`) must be integers: ptxas "Integer constant
 * expression expected". Names are left to `use`; a float inside an integer-valued part
 * (`[r+(1.0 < 2.0)]`) is fine.
 */
export function integerOffset(c: CheckerState, e: A.Expr): void {
  // The common offsets (`[%rd1+8]`, `[p]`) need no evaluation.
  if (e.kind === 'int' || e.kind === 'name') return;
  if (e.kind === 'paren') return integerOffset(c, e.expr);
  if (e.kind === 'binary' && (e.op === '+' || e.op === '-') && (hasName(e.left) || hasName(e.right))) {
    integerOffset(c, e.left);
    integerOffset(c, e.right);
    return;
  }
  if (hasName(e)) return;
  const v = evaluateConstExpr(e, () => {});
  if (v && v.kind !== 'int') c.error('PTX354', `an address offset must be an integer constant expression`, c.spanLoc(e.span));
}

/** Why the module's target or version lacks a special register (ptxas names the target first). */
export function specialRegisterProblem(c: CheckerState, special: { minSm?: number; minVersion?: number }): string | undefined {
  if (special.minSm !== undefined && c.header.sm !== undefined && c.header.sm < special.minSm) return `requires .target sm_${special.minSm} or higher`;
  if (special.minVersion !== undefined && c.header.version !== undefined && c.header.version < special.minVersion)
    return `requires PTX ISA .version ${formatVersionCode(special.minVersion)} or later`;
  return undefined;
}

/**
 * A name used as an operand. `opcode` is where ptxas reports operand errors of value operands
 * (its type check runs when it reads the instruction).
 */
export function use(c: CheckerState, name: string, span: Span, role: OperandRole, opcode?: Span): void {
  useSymbol(c, c.table.lookup(name), name, span, role, opcode, undefined);
}

/**
 * `use` of a name already looked up (`sym`). The date is `opcode`, else `ins`'s (instructionDate),
 * built only where a report or a pending reference keeps it: a branch to a label further on (the
 * most common case here) keeps none.
 */
function useSymbol(c: CheckerState, sym: PtxSymbol | undefined, name: string, span: Span, role: OperandRole, opcode: Span | undefined, ins: A.Instruction | undefined): void {
  if (sym) {
    if (role === OperandRole.Value || role === OperandRole.Element) {
      if (isLabelLike(sym))
        c.error('PTX344', `label '${name}' cannot be used as a value operand (only as a branch or call target)`, c.lineOf(span, role === OperandRole.Value ? dateOf(c, opcode, ins) : undefined));
      else if (sym.kind === 'function') {
        sym.addressTakenAt ??= span;
        c.functionUse?.(sym, 'addressTakenAt', span);
      }
    } else if (role === OperandRole.Branch && sym.kind !== 'label') {
      c.error('PTX345', `branch target '${name}' is not a label`, c.lineOf(span, dateOf(c, opcode, ins)));
    }
    return;
  }
  const special = SPECIAL_REGISTERS.get(name);
  if (special) {
    const problem = specialRegisterProblem(c, special);
    if (problem !== undefined) c.error('PTX313', `${name} ${problem}`, c.spanLoc(span));
    return;
  }
  if (role === OperandRole.Declared) {
    // A call's prototype or target list must come before the call (ptxas: "Unknown symbol" at once).
    c.error('PTX310', `use of undeclared identifier '${name}' (a .callprototype or .calltargets must precede the call)`, c.spanLoc(span));
    return;
  }
  const reportAt = role === OperandRole.Value ? dateOf(c, opcode, ins) : undefined;
  c.table.addPending(reportAt ? { name, span, reportAt } : { name, span });
}

/** `use`'s date: the one given, else the instruction's (instructionDate), else none. */
function dateOf(c: CheckerState, opcode: Span | undefined, ins: A.Instruction | undefined): Span | undefined {
  return opcode ?? (ins === undefined ? undefined : instructionDate(ins, c.text));
}

/** The tcgen05 CTA granularity an instruction names (`.cta_group::1` or `::2`), for ModuleChecker.ctaGroupMix. Out of line: rare. */
function tcgen05CtaGroup(c: CheckerState, ins: A.Instruction): void {
  for (let k = 0; k < ins.modifiers.length; k++) {
    const w = ins.modifiers[k]!;
    if (w === '.cta_group::1') c.bodyCtaGroups |= 1;
    else if (w === '.cta_group::2') c.bodyCtaGroups |= 2;
  }
}
