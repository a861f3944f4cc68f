/** PTX module checks: functions (declarations, definitions, attributes, parameters, `.alias`, `.file`) and the statements of their bodies. */
import { type SourceLocation } from '../../core/source.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { workMeter } from '../../core/work.js';
import type * as A from '../parse/ast.js';
import { InstructionNode } from '../parse/nodes.js';
import { nextTokenStart } from '../lex/lexer.js';
import { ATTRIBUTE_MIN_SM, ATTRIBUTE_MIN_VERSION, ENTRY_ATTRIBUTES, FUNC_ATTRIBUTES, DECLARATION_TYPE_BITS, INSTRUCTION_ONLY_TYPES } from '../data/declarations.js';
import { SPECIAL_REGISTERS } from '../data/special-registers.js';
import { formatVersionCode } from '../data/targets.js';
import { newSymbol, type PtxSymbol } from './scope.js';
import type { CheckerState } from './state.js';
import { OperandRole } from './state.js';
import { checkArrayDims, checkDeclarationShape, checkDeclaredName, closeScope, declareLabel, linkageVersion, localVariable, spaceLoc, variableShape } from './declarations.js';
import { checkInstruction, renewInstructionLayer, use } from './instructions.js';
import { formalsOf, unsizedReturns } from './call-args.js';

/** Return and parameter lists as ptxas compares prototypes: state space, alignment, type, sizes. */
function functionShape(f: A.FunctionDecl): string {
  return `${listShape(f.returns)}=>${listShape(f.params)}`;
}

/** One list of functionShape (a function of the module, not a closure made per call). */
function listShape(ps: A.VariableDecl[] | undefined): string {
  if (ps === undefined) return '';
  return ps.map((p) => p.declarators.map((d) => `${p.space}${p.align ?? ''}${variableShape(p, d)}`).join(';')).join(';');
}

/** How many `.param` return parameters a return list declares. */
function paramReturns(returns: A.VariableDecl[] | undefined): number {
  let n = 0;
  for (const r of returns ?? []) if (r.space === '.param') n += r.declarators.length;
  return n;
}

export function func(c: CheckerState, f: A.FunctionDecl): void {
  linkageVersion(c, f.linkage, f.span.start);
  const before = c.errorCount;
  declareFunction(c, f);
  unsizedReturns(c, f.returns);
  if (paramReturns(f.returns) > 1) multipleParamReturns(c, c.functionConflictLoc(f));
  // ptxas compares a redeclaration with the prototype first, at the end of the header, and
  // reports duplicate parameter names only after that: then the conflict is the first error.
  c.headerConflict = c.errorCount > before;
  if (!c.headerConflict) externDefinition(c, f);
  checkFunctionAttributes(c, f);
  if (!f.entry) kernelParamAttributes(c, f);
  if (!f.body) {
    // Parameter lists of declarations still follow the declaration rules.
    for (const p of f.params ?? []) checkDeclarationShape(c, p, f.entry ? 'entryParam' : 'funcParam', false);
    return;
  }
  c.table.open();
  c.deferred = [];
  renewInstructionLayer(c);
  for (const r of f.returns ?? []) declareParam(c, r, 'funcParam');
  c.returnParams.clear();
  for (const r of f.returns ?? []) if (r.space === '.param') for (const d of r.declarators) c.returnParams.add(d.name);
  for (const p of f.params ?? []) declareParam(c, p, f.entry ? 'entryParam' : 'funcParam');
  c.inputParams.clear();
  for (const p of f.params ?? []) if (p.space === '.param') for (const d of p.declarators) c.inputParams.add(d.name);
  c.bodyCtaGroups = 0;
  c.bodyCallees = undefined;
  statements(c, f.body.statements);
  if (c.bodyCtaGroups !== 0) c.ctaGroups.set(f.name, (c.ctaGroups.get(f.name) ?? 0) | c.bodyCtaGroups);
  if (c.bodyCallees !== undefined) c.callees.set(f.name, c.bodyCallees);
  c.bodyCallees = undefined;
  c.returnParams.clear();
  c.inputParams.clear();
  closeScope(c, true);
  // With a syntax error, ptxas may never reach the end of this function (also when the file ends
  // inside it: a lost `}`), and then never reports its unresolved labels. Value operands are
  // reported anyway: ptxas type-checks them ("Arguments mismatch") as soon as it reads them.
  if (c.stoppedInFunction) c.deferred = c.deferred.filter((d) => d.immediate || d.at);
  c.stoppedInFunction = false;
  if (c.deferred.length > 0)
    c.functionEnds.push({
      deferred: c.deferred,
      end: c.loc(Math.max(f.body.span.start, f.body.span.end - 1)),
      followed: nextTokenStart(c.text, f.body.span.end) < c.text.length,
    });
  c.deferred = [];
}

/** `.maxntid` and friends belong to kernels, `.noreturn` and `.abi_preserve` to functions. */
export function checkFunctionAttributes(c: CheckerState, f: A.FunctionDecl): void {
  const allowed = f.entry ? ENTRY_ATTRIBUTES : FUNC_ATTRIBUTES;
  for (const a of f.attributes) {
    if (!allowed.has(a.name)) {
      const known = ENTRY_ATTRIBUTES.has(a.name) || FUNC_ATTRIBUTES.has(a.name);
      c.error('PTX343', known ? `${a.name} is not allowed on ${f.entry ? 'an .entry' : 'a .func'}` : `unknown function directive ${a.name}`, c.loc(a.span.start, a.name.length));
      continue;
    }
    checkAttributeVersion(c, a);
  }
}

/**
 * `.ptr` (with its space and alignment) belongs to kernel parameters: on a `.func` parameter or
 * return parameter ptxas refuses it ("Illegal placement of kernel parameter attribute", at the
 * parameter's name; measured with ptxas 13.0; a `.callprototype` takes it).
 */
function kernelParamAttributes(c: CheckerState, f: A.FunctionDecl): void {
  for (const list of [f.returns, f.params]) {
    for (const p of list ?? []) {
      const d = p.declarators[0];
      if (d === undefined || !p.attributes.some((a) => a.name === '.ptr')) continue;
      c.error('PTX343', `.ptr is a kernel parameter attribute, not allowed on a parameter of a .func ('${d.name}')`, c.spanLoc(d.nameSpan));
    }
  }
}

export function checkAttributeVersion(c: CheckerState, a: A.FunctionAttribute): void {
  const sm = ATTRIBUTE_MIN_SM.get(a.name);
  if (sm !== undefined && c.header.sm !== undefined && c.header.sm < sm) {
    c.error('PTX307', `${a.name} requires .target sm_${sm} or higher`, c.loc(a.span.start, a.name.length));
    return;
  }
  const min = ATTRIBUTE_MIN_VERSION.get(a.name);
  if (min !== undefined && !c.versionAtLeast(min))
    c.error('PTX307', `${a.name} requires PTX ISA .version ${formatVersionCode(min)} or later`, c.loc(a.span.start, a.name.length));
}

export function declareFunction(c: CheckerState, f: A.FunctionDecl): void {
  // Located only when reported (computing a location builds the line table).
  const at = (): SourceLocation => c.functionConflictLoc(f);
  if (SPECIAL_REGISTERS.has(f.name)) {
    c.error('PTX326', `'${f.name}' is a predefined identifier and cannot name a function`, at());
    return;
  }
  const prev = c.table.module.names.get(f.name);
  const paramCount = f.params?.length ?? 0;
  if (!prev) {
    const sym = newSymbol(f.name, 'function', f.nameSpan);
    sym.entry = f.entry;
    sym.defined = !!f.body;
    sym.paramCount = paramCount;
    sym.returnCount = f.returns?.length ?? 0;
    sym.shape = functionShape(f);
    if (f.linkage) sym.linkage = f.linkage;
    const formals = formalsOf(f.returns, f.params);
    if (formals) sym.formals = formals;
    c.table.declare(sym);
    return;
  }
  // Located only when reported: a redeclaration that is fine (a prototype, then its definition)
  // must not build the line table in the middle of the parse (the lexer's is adopted at the end).
  const note = (): Diagnostic[] => c.previousNote(prev.nameSpan);
  if (prev.kind !== 'function') {
    c.error('PTX323', `'${f.name}' is redeclared as a function but was declared as a variable`, at(), note());
    return;
  }
  if (prev.entry !== f.entry) {
    c.error('PTX323', `'${f.name}' is redeclared as ${f.entry ? 'an .entry' : 'a .func'} but was declared as ${prev.entry ? 'an .entry' : 'a .func'}`, at(), note());
    return;
  }
  // ptxas: once a function has a body, any later declaration of it, even a matching prototype,
  // is a duplicate definition; before that, a declaration must repeat the first one's linkage
  // (none counts as one, `.extern` included), or have none after `.visible`/`.weak`.
  if (prev.defined) {
    c.error('PTX322', `duplicate definition of function '${f.name}'`, at(), note());
    return;
  }
  if (f.linkage !== prev.linkage && !(f.linkage === undefined && prev.linkage !== '.extern')) {
    if (f.body && prev.linkage === '.extern')
      c.error('PTX323', `function '${f.name}' was declared .extern and cannot be defined in this module`, at(), note());
    else c.error('PTX323', `function '${f.name}' is redeclared ${f.linkage ?? 'without linkage'} but was first declared ${prev.linkage ?? 'without linkage'}`, at(), note());
    return;
  }
  if (paramCount !== prev.paramCount || (f.returns?.length ?? 0) !== prev.returnCount) {
    c.error('PTX325', `inconsistent prototypes of '${f.name}': ${paramCount} parameter${paramCount === 1 ? '' : 's'} here, ${prev.paramCount} before (or return parameters differ)`, at(), note());
    return;
  }
  // A parameter of a type no declaration takes (`.tf32`) is ptxas's syntax error on that line, where
  // it stops (PTX333 reports it): no prototype comparison after it. (An instruction-only type,
  // PTX334, is parsed by ptxas: its prototype conflict comes first.)
  const undeclarable = [...(f.returns ?? []), ...(f.params ?? [])].some((p) => !DECLARATION_TYPE_BITS.has(p.type) && !INSTRUCTION_ONLY_TYPES.has(p.type));
  if (prev.shape !== undefined && prev.shape !== functionShape(f) && !undeclarable) {
    c.error('PTX325', `inconsistent prototypes of '${f.name}': parameter types, state spaces or alignments differ`, at(), note());
    return;
  }
  if (f.body) prev.defined = true;
}

/**
 * `.alias a, b;`: `a`, a declared function, takes the body of `b`, a function declared before;
 * both plain `.func`s with as many parameters. Checked as ptxas does, at the name at fault
 * (a parameter-count mismatch at `.alias`).
 */
export function alias(c: CheckerState, d: A.GenericDirective): void {
  // ptxas: "Feature '.alias' requires PTX ISA .version 6.3 or later" / "... .target sm_30 or higher", then the rest.
  const at = () => c.loc(d.span.start, '.alias'.length);
  if (!c.versionAtLeast(63)) c.error('PTX307', `.alias requires PTX ISA .version 6.3 or later`, at());
  if (c.header.sm !== undefined && c.header.sm < 30) c.error('PTX307', `.alias requires .target sm_30 or higher`, at());
  const [a, b] = d.args;
  if (a?.kind !== 'name' || b?.kind !== 'name') return;
  const syms = [a, b].map((n) => c.table.module.names.get(n.name));
  for (const [i, n] of [a, b].entries()) {
    const sym = syms[i];
    if (!sym) return c.error('PTX329', `unknown symbol '${n.name}' in .alias`, c.spanLoc(n.span));
    if (sym.kind !== 'function') return c.error('PTX329', `cannot define an alias to variable '${n.name}'`, c.spanLoc(n.span));
    if (sym.entry) return c.error('PTX329', `cannot define an alias to entry function '${n.name}'`, c.spanLoc(n.span));
  }
  const [alias, target] = syms as [PtxSymbol, PtxSymbol];
  if (alias.defined || alias.aliased) return c.error('PTX329', `function '${a.name}' is already defined and cannot become an alias`, c.spanLoc(a.span));
  if (alias.paramCount !== target.paramCount || alias.returnCount !== target.returnCount)
    return c.error('PTX329', `alias '${a.name}' and '${b.name}' have different numbers of parameters`, c.loc(d.span.start, '.alias'.length));
  // ptxas: "Function 'f' with .extern scope cannot be aliased" (its body is not in the module).
  if (target.linkage === '.extern' && !target.defined) return c.error('PTX329', `cannot define an alias to .extern function '${b.name}' (its body is not in this module)`, c.spanLoc(b.span));
  alias.aliased = true;
}

/** `.file N "name"`: each index once (ptxas "Duplicate file index"). */
export function fileIndex(c: CheckerState, item: A.FileDirective): void {
  const key = String(item.index);
  if (item.timestamp && !c.versionAtLeast(32)) {
    // Measured: "Feature 'timestamp and filesize in .file directive' requires PTX ISA .version 3.2
    // or later", on the size or, without one, at the token after the directive.
    const at = item.size ? Math.max(item.span.start, item.span.end - 1) : nextTokenStart(c.text, item.span.end);
    c.error('PTX307', `a timestamp and file size in .file require PTX ISA .version 3.2 or later`, c.tokenLoc(at));
  }
  if (!c.fileIndices.has(key)) {
    c.fileIndices.add(key);
    return;
  }
  // With its last optional argument (the size) ptxas needs no look-ahead past the directive.
  const at = item.size ? Math.max(item.span.start, item.span.end - 1) : nextTokenStart(c.text, item.span.end);
  c.error('PTX356', `duplicate file index ${key} (.file)`, c.tokenLoc(at));
}

/** ptxas: "Multiple return parameters require .register state space" (the ABI returns one). */
export function multipleParamReturns(c: CheckerState, at: SourceLocation): void {
  c.error('PTX351', `more than one return parameter: only .reg return parameters may be several`, at);
}

/** An `.extern` function with a body: ptxas reports it at the body's closing `}`. */
export function externDefinition(c: CheckerState, f: A.FunctionDecl): void {
  if (!f.body || f.linkage !== '.extern') return;
  c.error('PTX323', `function '${f.name}' is defined with .extern linkage (.extern declares a function defined elsewhere)`, c.tokenLoc(Math.max(f.body.span.start, f.body.span.end - 1)));
}

export function declareParam(c: CheckerState, decl: A.VariableDecl, context: 'entryParam' | 'funcParam'): void {
  const name = decl.declarators[0]?.name ?? '';
  if (context === 'entryParam' && decl.space !== '.param') {
    c.error('PTX330', `entry parameter '${name}' must be in the .param state space`, spaceLoc(c, decl));
  } else if (context === 'funcParam' && decl.space !== '.param' && decl.space !== '.reg') {
    c.error('PTX330', `function parameter '${name}' must be in the .param or .reg state space, not ${decl.space}`, spaceLoc(c, decl));
  } else if (!(c.headerConflict && DECLARATION_TYPE_BITS.get(decl.type) === undefined)) checkDeclarationShape(c, decl, context);
  // (A parameter type no declaration may have is reported by ptxas after the header's conflict
  // with its prototype, unlike a wrong state space: with the conflict first, it is left out.)
  for (let i = 0; i < decl.declarators.length; i++) {
    const d = decl.declarators[i]!;
    if (!checkDeclaredName(c, d.name, d.nameSpan)) continue;
    checkArrayDims(c, decl, d, context);
    const prev = c.table.conflictInCurrent(d.name, d.parameterizedCount);
    if (prev) {
      if (!c.headerConflict) c.error('PTX320', `duplicate definition of parameter '${d.name}'`, c.spanLoc(d.nameSpan), c.previousNote(prev.nameSpan));
      continue;
    }
    const sym = newSymbol(d.name, 'variable', d.nameSpan);
    sym.space = decl.space;
    sym.type = decl.type;
    sym.array = d.dims.length > 0;
    // A `.reg .v2 .u32` parameter is a vector register, as a declared one (the instruction layer's operand rules).
    if (decl.vector !== undefined && decl.space === '.reg') sym.vector = decl.vector;
    c.table.declare(sym);
  }
}

// ------------------------------------------------------------------ statements

/** `.loc ... function_name f, inlined_at ...` (line information of inlined functions), measured. */
const INLINED_LOC_MIN_VERSION = 70;

export function statements(c: CheckerState, list: A.Statement[]): void {
  // Indexed loops on the per-statement paths: a `for...of` allocates an iterator result per
  // element in code compiled without escape analysis (the CLI's V8 flags, src/cli/bin.ts).
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    workMeter.steps++;
    // (A statement's `kind` is a megamorphic load: the parser's instructions, most statements, are told by their class.)
    if (s instanceof InstructionNode) {
      checkInstruction(c, s);
      continue;
    }
    switch (s.kind) {
      case 'instruction':
        checkInstruction(c, s);
        break;
      case 'label':
        declareLabel(c, s.name, s.span, 'label');
        break;
      case 'variable':
        localVariable(c, s);
        break;
      case 'block':
        c.table.open();
        statements(c, s.statements);
        closeScope(c, false, s.span);
        break;
      case 'callprototype':
        declareLabel(c, s.name, s.span, 'prototype', s.params?.length ?? 0, s.returns?.length ?? 0, formalsOf(s.returns, s.params));
        unsizedReturns(c, s.returns);
        if (paramReturns(s.returns) > 1) multipleParamReturns(c, c.loc(Math.max(s.span.start, c.text.indexOf('.callprototype', s.span.start))));
        for (const a of s.attributes) checkAttributeVersion(c, a);
        break;
      case 'calltargets':
        declareLabel(c, s.name, s.span, 'targets');
        break;
      case 'loc':
        // ptxas "Feature 'Line information of inline functions' requires PTX ISA .version 7.0 or later".
        if (s.attributes.length > 0 && !c.versionAtLeast(INLINED_LOC_MIN_VERSION))
          c.error('PTX307', `.loc with function_name/inlined_at requires PTX ISA .version ${formatVersionCode(INLINED_LOC_MIN_VERSION)} or later`, c.loc(s.span.start, 4));
        break;
      case 'branchtargets': {
        declareLabel(c, s.name, s.span, 'targets');
        const list = c.table.lookup(s.name);
        if (list?.kind === 'targets' && list.nameSpan.start === s.span.start) list.branchTargets = true;
        for (const t of s.targets) use(c, t.name, t.span, OperandRole.Branch);
        break;
      }
      default:
        break;
    }
  }
}
