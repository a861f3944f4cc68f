/** PTX module checks: variable declarations (shape, types, state spaces, arrays), labels, and scopes (closing one resolves its forward references). */
import { type SourceLocation, type Span } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import type * as A from '../parse/ast.js';
import { nextTokenStart } from '../lex/lexer.js';
import { opaqueInitializerFails } from './opaque.js';
import { DECLARATION_TYPE_BITS, DECLARATION_VECTOR_WIDTHS, INSTRUCTION_ONLY_TYPES, MAX_VECTOR_BITS, MODULE_REG_ERROR_VERSION, OPAQUE_TYPES, TEX_DEPRECATED_VERSION, TYPE_REQUIREMENTS } from '../data/declarations.js';
import { SPECIAL_REGISTERS } from '../data/special-registers.js';
import { formatVersionCode } from '../data/targets.js';
import { mergePending, newSymbol, pendingInOrder, SymbolTable, type PendingGroup, type PtxSymbol } from './scope.js';
import type { CheckerState } from './state.js';
import { paramFacts, type Formals } from './call-args.js';

/** A variable's type and array sizes as ptxas compares redeclarations: `.v2.u32|2,` (unsized: empty). */
export function variableShape(decl: A.VariableDecl, d: A.Declarator): string {
  let dims = '';
  for (const e of d.dims) dims += (e === null ? '' : e.kind === 'int' ? String(e.value) : '?') + ',';
  return `${decl.vector ?? ''}${decl.type}|${dims}`;
}

/** Same type and as many dimensions, each equal or unsized in one of them. */
function sameShape(a: string, b: string): boolean {
  if (a === b) return true;
  const [ta, da] = a.split('|') as [string, string];
  const [tb, db] = b.split('|') as [string, string];
  if (ta !== tb) return false;
  const xa = da.split(',');
  const xb = db.split(',');
  return xa.length === xb.length && xa.every((x, i) => x === xb[i] || x === '' || xb[i] === '' || x === '?' || xb[i] === '?');
}

// Diagnostic locations of a declaration, computed only when reported (a location may build the
// line table), by functions rather than closures: a closure costs its allocation on every call.

/** A declaration's type. */
function typeLoc(c: CheckerState, decl: A.VariableDecl): SourceLocation {
  return c.spanLoc(decl.typeSpan);
}

/** A declaration's state space. */
export function spaceLoc(c: CheckerState, decl: A.VariableDecl): SourceLocation {
  return c.loc(decl.span.start, decl.space.length);
}

/**
 * Declarations whose shape failed only at the handle rules (checkOpaqueHandles): ptxas still applies
 * the module-scope .local/.reg rule to each of their declarators (moduleVariable).
 */
const handlesRefused = new WeakSet<A.VariableDecl>();

/** Type, vector and state-space rules shared by every declaration. */
export function checkDeclarationShape(c: CheckerState, decl: A.VariableDecl, context: 'module' | 'body' | 'entryParam' | 'funcParam', definition = true): boolean {
  const bits = DECLARATION_TYPE_BITS.get(decl.type);
  if (bits === undefined) {
    // ptxas 13.0 accepts these in the parameters of a declaration without a body and arrays of
    // them as function parameters, refuses scalars and vectors elsewhere, and crashes on the other
    // arrays (a module `.shared` array only once an instruction uses it; see docs/divergences.md):
    // those are refused, as its message says.
    if (INSTRUCTION_ONLY_TYPES.has(decl.type)) {
      const arrays = decl.declarators.length > 0 && decl.declarators.every((d) => d.dims.length > 0);
      const prototype = !definition && (context === 'funcParam' || context === 'entryParam');
      if (decl.vector === undefined && (prototype || (arrays && context === 'funcParam'))) return false;
      // Other arrays pass ptxas's checks and crash its compiler: an error only when nothing else is
      // (a link-time code, LINK_TIME_CODES), so another error later in the module comes first.
      if (arrays && decl.vector === undefined && !decl.declarators.some((d) => d.initializer)) {
        c.error('PTX360', `an array of ${decl.type}, which may only be used as an instruction type: ptxas crashes on it`, typeLoc(c, decl));
        return false;
      }
      c.error('PTX334', `type ${decl.type} may only be used as an instruction type, not in a declaration`, typeLoc(c, decl));
    } else c.error('PTX333', `type ${decl.type} cannot be used in a variable declaration`, typeLoc(c, decl));
    return false;
  }
  const needs = TYPE_REQUIREMENTS.get(decl.type);
  if (needs) {
    if (c.header.sm !== undefined && c.header.sm < needs.minSm) {
      c.error('PTX346', `type ${decl.type} requires .target sm_${needs.minSm} or higher`, typeLoc(c, decl));
      return false;
    }
    if (!c.versionAtLeast(needs.minVersion)) {
      c.error('PTX307', `type ${decl.type} requires PTX ISA .version ${formatVersionCode(needs.minVersion)} or later`, typeLoc(c, decl));
      return false;
    }
  }
  if (decl.space === '.sreg') {
    c.error('PTX330', `variables cannot be declared in the .sreg state space`, spaceLoc(c, decl));
    return false;
  }
  if (decl.vector !== undefined) {
    if (!DECLARATION_VECTOR_WIDTHS.has(decl.vector)) {
      c.error('PTX337', `.v${decl.vector} cannot be used in a declaration (only .v2 and .v4)`, spaceLoc(c, decl));
      return false;
    }
    if (decl.type === '.pred') {
      c.error('PTX335', `predicate type can only define scalar register variables, not vectors`, typeLoc(c, decl));
      return false;
    }
    if (decl.vector * bits > MAX_VECTOR_BITS) {
      c.error('PTX337', `vector type .v${decl.vector} ${decl.type} is ${decl.vector * bits} bits: the limit is 128`, typeLoc(c, decl));
      return false;
    }
  }
  const firstName = decl.declarators[0]?.name ?? '';
  if (decl.vector !== undefined && decl.space === '.param' && definition) {
    // ptxas: "Variable 'x' cannot be allocated in .param state space" (a prototype-only list may).
    c.error('PTX347', `.param variable '${firstName}' cannot have a vector type`, spaceLoc(c, decl));
    return false;
  }
  if (decl.linkage === '.common' && decl.space !== '.global') {
    // ptxas reports it at the end of the declaration.
    c.error('PTX330', `.common variables must be in the .global state space, not ${decl.space}`, c.loc(Math.max(decl.span.start, decl.span.end - 1), 1));
    return false;
  }
  if (decl.type === '.pred' && decl.space !== '.reg') {
    c.error('PTX335', `predicate variable '${firstName}' must be in the .reg state space`, spaceLoc(c, decl));
    return false;
  }
  if (OPAQUE_TYPES.has(decl.type)) {
    if (context === 'body' || context === 'funcParam') {
      c.error('PTX336', `texture, sampler and surface variables ('${firstName}') must be declared at module scope or as entry parameters`, typeLoc(c, decl));
      return false;
    }
    if (!checkOpaqueHandles(c, decl, context)) {
      handlesRefused.add(decl);
      return false;
    }
  }
  if (decl.vector !== undefined && !writtenBeforeType(c, decl, `.v${decl.vector}`)) {
    c.error('PTX339', `the vector width .v${decl.vector} must come before the type ${decl.type}`, typeLoc(c, decl));
    return false;
  }
  if (decl.align !== undefined) {
    if (!writtenBeforeType(c, decl, '.align')) {
      c.error('PTX339', `.align must come before the type ${decl.type}`, typeLoc(c, decl));
      return false;
    }
    if (decl.align <= 0n || (decl.align & (decl.align - 1n)) !== 0n) {
      c.error('PTX341', `alignment ${decl.align} is not a power of two`, spaceLoc(c, decl));
      return false;
    }
  }
  if (decl.space === '.tex') {
    if (context !== 'module') {
      c.error('PTX330', `.tex variable '${firstName}' must be declared at module scope`, spaceLoc(c, decl));
      return false;
    }
    if (c.versionAtLeast(TEX_DEPRECATED_VERSION)) {
      c.error('PTX332', `.tex is not supported as of PTX version 1.5; declare a .global .texref instead`, spaceLoc(c, decl));
      return false;
    }
  }
  return true;
}

/**
 * The rules ptxas applies to each single texture/sampler/surface handle, once its declarator is
 * complete, at the token after its name: at module scope it lives in .global and is not .common;
 * a .samplerref (also an entry parameter) needs texmode_independent. Arrays of handles are data
 * to ptxas (any state space, any texture mode), and it never completes a handle whose
 * initializer it stops at (src/ptx/opaque.ts reports that).
 */
export function checkOpaqueHandles(c: CheckerState, decl: A.VariableDecl, context: 'module' | 'entryParam'): boolean {
  let ok = true;
  for (const d of decl.declarators) {
    if (d.dims.length > 0) continue;
    if (d.initializer && opaqueInitializerFails(decl, [], d.initializer, c.text)) continue;
    const at = (): SourceLocation => c.tokenLoc(nextTokenStart(c.text, d.nameSpan.end));
    if (context === 'module' && decl.space !== '.global') {
      c.error('PTX336', `texture, sampler and surface variable '${d.name}' must be in the .global state space, not ${decl.space}`, at());
      ok = false;
    }
    if (decl.type === '.samplerref' && !c.header.texmodeIndependent) {
      c.error('PTX338', `.samplerref variable '${d.name}' needs '.target texmode_independent'`, at());
      ok = false;
    }
    if (decl.linkage === '.common') {
      c.error('PTX330', `.common variable '${d.name}' cannot have type ${decl.type}`, at());
      ok = false;
    }
  }
  return ok;
}

/** Whether `word` (e.g. `.v2`, `.align`) is written between the declaration's start and its type. */
export function writtenBeforeType(c: CheckerState, decl: A.VariableDecl, word: string): boolean {
  let at = c.text.indexOf(word, decl.span.start);
  while (at >= 0 && at < decl.typeSpan.start) {
    const next = c.text.charCodeAt(at + word.length);
    // Not a longer word (`.v2` inside `.v24`, `.align` inside `.aligned`).
    if (!(next >= 48 && next <= 57) && !(next >= 97 && next <= 122) && next !== 95) return true;
    at = c.text.indexOf(word, at + 1);
  }
  return false;
}

/**
 * `x[]` needs an initializer or `.extern`; only the outermost dimension may be unsized; entry
 * parameters may not be unsized at all (function parameters may).
 */
export function checkArrayDims(c: CheckerState, decl: A.VariableDecl, d: A.Declarator, context: 'module' | 'body' | 'entryParam' | 'funcParam'): void {
  for (let i = 0; i < d.dims.length; i++) {
    const e = d.dims[i];
    if (e && !literalDimension(c, e)) return;
  }
  if (decl.space === '.reg' && d.dims.length > 0 && context !== 'module') {
    // ptxas, at the declaration (its closing `]`), used or not.
    const at = c.loc(Math.max(d.span.start, d.span.end - 1), 1);
    if (decl.type === '.pred') c.error('PTX335', `predicate type can only define scalar register variables, not arrays ('${d.name}')`, at);
    else c.error('PTX355', `register variable '${d.name}' cannot be an array`, at);
    return;
  }
  for (let i = 1; i < d.dims.length; i++)
    if (d.dims[i] === null && !d.initializer) {
      c.error('PTX342', `only the outermost array dimension of '${d.name}' may be left unsized`, c.spanLoc(d.nameSpan));
      return;
    }
  if (d.dims[0] !== null || d.dims.length === 0 || d.initializer) return;
  if (context === 'funcParam') {
    // Measured: "Feature 'Unsized Array Parameter' requires .target sm_30 or higher", then "... PTX ISA .version 6.0 or later".
    if (c.header.sm !== undefined && c.header.sm < 30) c.error('PTX307', `an unsized array parameter ('${d.name}') requires .target sm_30 or higher`, c.spanLoc(d.nameSpan));
    else if (!c.versionAtLeast(60)) c.error('PTX307', `an unsized array parameter ('${d.name}') requires PTX ISA .version 6.0 or later`, c.spanLoc(d.nameSpan));
  }
  if (context === 'entryParam')
    // ptxas reports it at the token after the parameter.
    c.error('PTX342', `entry parameter '${d.name}' cannot be an unsized array`, c.tokenLoc(nextTokenStart(c.text, d.span.end)));
  else if (context !== 'funcParam' && decl.linkage !== '.extern')
    c.error('PTX342', `'${d.name}' has an unsized array type but no initializer and is not .extern`, c.spanLoc(d.nameSpan));
}

/** The reserved names a declaration may not use. */
export function checkDeclaredName(c: CheckerState, name: string, span: Span): boolean {
  if (name === '_' || name === 'WARP_SZ') {
    c.error('PTX327', `'${name}' is reserved and cannot be declared`, c.spanLoc(span));
    return false;
  }
  return true;
}

export function moduleVariable(c: CheckerState, decl: A.VariableDecl): void {
  linkageVersion(c, decl.linkage, decl.span.start);
  let shapeOk = false;
  if (decl.space === '.param') c.error('PTX330', `.param variables may not be declared at module scope`, spaceLoc(c, decl));
  else shapeOk = checkDeclarationShape(c, decl, 'module');
  // ptxas: for each declarator, at the token after its name; after a handle's own error there
  // (`.local .samplerref s[2], t = {};`: line of s[2] "Module-scoped variables in .local state space
  // are not allowed with ABI", then t's texture error and its own; measured with ptxas 13.0).
  if ((shapeOk || handlesRefused.has(decl)) && (decl.space === '.reg' || decl.space === '.local')) {
    if (c.versionAtLeast(MODULE_REG_ERROR_VERSION))
      for (const d of decl.declarators)
        c.error('PTX331', `module-scope ${decl.space} variable '${d.name}' is not allowed with the ABI (PTX 3.0 and later)`, c.tokenLoc(nextTokenStart(c.text, d.nameSpan.end)));
    else if (!c.abiOff && decl.declarators[0]) c.abiOff = { name: decl.declarators[0].name, space: decl.space, nameSpan: decl.declarators[0].nameSpan };
  }
  // A broken declaration still declares its names, so their uses do not cascade into errors.
  for (const d of decl.declarators) {
    if (!checkDeclaredName(c, d.name, d.nameSpan)) continue;
    if (shapeOk) checkArrayDims(c, decl, d, 'module');
    // Initializer names are checked with the initializer values (layout stage, PTX429).
    declareModuleVariable(c, decl, d);
  }
}

export function declareModuleVariable(c: CheckerState, decl: A.VariableDecl, d: A.Declarator): void {
  // Located only when reported (computing a location builds the line table).
  const at = (): SourceLocation => c.declaratorConflictLoc(d);
  if (SPECIAL_REGISTERS.has(d.name)) {
    c.error('PTX326', `'${d.name}' is a predefined identifier and cannot be redeclared at module scope`, at());
    return;
  }
  const prev = c.table.conflictInCurrent(d.name, d.parameterizedCount);
  const sym = newSymbol(d.name, 'variable', d.nameSpan);
  sym.space = decl.space;
  sym.type = decl.type;
  sym.array = d.dims.length > 0;
  sym.shape = variableShape(decl, d);
  if (decl.vector !== undefined) sym.vector = decl.vector;
  if (decl.linkage) sym.linkage = decl.linkage;
  if (d.parameterizedCount !== undefined) sym.familyCount = d.parameterizedCount;
  if (!prev) {
    c.table.declare(sym);
    return;
  }
  if (prev.kind === 'function') {
    c.error('PTX323', `'${d.name}' is redeclared as a variable but was declared as a function`, at(), c.previousNote(prev.nameSpan));
    return;
  }
  // An `.extern` redeclaration, or the definition of an `.extern` variable, must repeat its type
  // and array sizes (an unsized dimension matches any); the state space is not compared (ptxas).
  if ((decl.linkage === '.extern' || prev.linkage === '.extern') && prev.shape !== undefined && !sameShape(prev.shape, sym.shape!)) {
    c.error('PTX323', `inconsistent redefinition of variable '${d.name}': type or array size differs`, at(), c.previousNote(prev.nameSpan));
    return;
  }
  if (decl.linkage === '.extern') return; // ptxas ignores an .extern redeclaration
  if (prev.linkage === '.extern' && d.parameterizedCount === undefined) {
    if (decl.linkage === '.visible' || decl.linkage === '.weak' || decl.linkage === '.common') c.table.declare(sym);
    else
      c.error('PTX324', `.extern variable '${d.name}' cannot be defined by a non-.visible (static) declaration`, at(), c.previousNote(prev.nameSpan));
    return;
  }
  c.error('PTX320', `duplicate definition of variable '${d.name}'`, at(), c.previousNote(prev.nameSpan));
}

/** ptxas: "Feature '.weak directive' requires PTX ISA .version 3.1 or later" (and `.common`, 5.0), on the declaration's line. */
export function linkageVersion(c: CheckerState, linkage: string | undefined, start: number): void {
  const min = linkage === '.weak' ? 31 : linkage === '.common' ? 50 : undefined;
  if (min === undefined || c.versionAtLeast(min)) return;
  const at = c.text.startsWith(linkage!, start) ? c.loc(start, linkage!.length) : c.loc(start);
  c.error('PTX307', `${linkage} requires PTX ISA .version ${formatVersionCode(min)} or later`, at);
}

/**
 * ptxas's grammar takes only an integer literal or `WARP_SZ` as an array dimension (`[2+1]`,
 * `[(2)]`, `[-1]`, `[1.5]` are syntax errors, at the first token that is not that literal).
 */
export function literalDimension(c: CheckerState, e: A.Expr): boolean {
  if (e.kind === 'int' || (e.kind === 'name' && e.name === 'WARP_SZ')) return true;
  let leaf: A.Expr = e;
  while (leaf.kind === 'binary' || leaf.kind === 'conditional') leaf = leaf.kind === 'binary' ? leaf.left : leaf.test;
  const literalFirst = leaf.span.start === e.span.start && (leaf.kind === 'int' || (leaf.kind === 'name' && leaf.name === 'WARP_SZ'));
  const at = literalFirst ? nextTokenStart(c.text, leaf.span.end) : e.span.start;
  const near = literalFirst ? c.text.slice(at, at + 1) : c.text.slice(e.span.start, Math.min(e.span.end, e.span.start + 20));
  c.syntaxError('PTX201', `syntax error near '${near}': an array dimension must be an integer literal`, c.tokenLoc(at));
  return false;
}

/**
 * Resolves the forward references of the scope being closed; passes the rest outwards. A block
 * looks up only the names it could resolve: its pending names, or its own declarations when it
 * has fewer (and no family), so references passing through blocks that declare nothing of theirs
 * cost nothing there. `block`: the block being closed (none for a function's scope).
 */
export function closeScope(c: CheckerState, isFunction: boolean, block?: Span): void {
  const scope = c.table.scope;
  const pending = scope.pending;
  if (pending && pending.size > 0) {
    // ptxas resolves a scope's forward references in order of first use, and "Label expected for
    // forward reference" (PTX311) is fatal: names after it are never reported, and a block's
    // stops ptxas before the function's end (where its unresolved labels are reported).
    let fatal = false;
    let groups: Iterable<[string, PendingGroup]>;
    if (isFunction || scope.families.size > 0 || scope.names.size >= pending.size) groups = pendingInOrder(scope);
    else {
      const found: [string, PendingGroup][] = [];
      for (const name of scope.names.keys()) {
        workMeter.steps++;
        const g = pending.get(name);
        if (g) found.push([name, g]);
      }
      groups = found.sort((a, b) => a[1].first - b[1].first);
    }
    for (const [name, { refs }] of groups) {
      workMeter.steps++;
      const sym = SymbolTable.lookupIn(scope, name);
      if (sym) {
        pending.delete(name);
        for (const r of refs) {
          if (sym.kind !== 'label') {
            // ptxas stops here (at the block's `}`), so this is kept when it never reaches the function's end.
            const at = block ? c.loc(Math.max(block.start, block.end - 1)) : undefined;
            c.defer('PTX311', `'${name}' is used before its declaration (only labels may be used before they are defined)`, r, sym, at);
            fatal = true;
          } else if (r.reportAt) c.defer('PTX344', `label '${name}' cannot be used as a value operand (only as a branch target)`, r, sym);
        }
      } else if (isFunction) {
        if (!fatal) for (const r of refs) c.defer('PTX310', `use of undeclared identifier '${name}'`, r);
      }
    }
    if (!isFunction && pending.size > 0 && scope.parent) mergePending(scope.parent, scope);
    if (fatal && !isFunction) c.stoppedInFunction = true;
  }
  c.table.close();
}

/** `L:` is reported at its colon, which ends the statement span of a plain label. */
export function declareLabel(c: CheckerState, name: string, span: Span, kind: 'label' | 'prototype' | 'targets', paramCount?: number, returnCount?: number, formals?: Formals): void {
  const nameSpan = { start: span.start, end: span.start + name.length };
  let colon = nextTokenStart(c.text, nameSpan.end);
  if (colon >= c.text.length) colon = span.start;
  const prev = c.table.conflictInCurrent(name);
  if (prev) {
    c.error('PTX321', `duplicate definition of label '${name}'`, c.tokenLoc(colon), c.previousNote(prev.nameSpan));
    return;
  }
  const sym = newSymbol(name, kind, nameSpan);
  if (paramCount !== undefined) sym.paramCount = paramCount;
  if (returnCount !== undefined) sym.returnCount = returnCount;
  if (formals) sym.formals = formals;
  c.table.declare(sym);
}

export function localVariable(c: CheckerState, decl: A.VariableDecl): void {
  // A broken declaration still declares its names, so their uses do not cascade into errors.
  let shapeOk = false;
  // A syntax error for ptxas, at the state space after the linkage.
  if (decl.linkage) c.syntaxError('PTX330', `linkage directive ${decl.linkage} is not allowed inside a function body`, c.tokenLoc(nextTokenStart(c.text, decl.span.start + decl.linkage.length)));
  else shapeOk = checkDeclarationShape(c, decl, 'body');
  for (let i = 0; i < decl.declarators.length; i++) {
    const d = decl.declarators[i]!;
    if (!checkDeclaredName(c, d.name, d.nameSpan)) continue;
    if (shapeOk) checkArrayDims(c, decl, d, 'body');
    const prev = c.table.conflictInCurrent(d.name, d.parameterizedCount);
    if (prev) {
      const what = d.parameterizedCount !== undefined ? `${d.name}<${d.parameterizedCount}>` : d.name;
      c.error('PTX320', `duplicate definition of variable '${what}'`, c.declaratorConflictLoc(d), c.previousNote(prev.nameSpan));
      continue;
    }
    const sym = newSymbol(d.name, 'variable', d.nameSpan);
    sym.space = decl.space;
    sym.type = decl.type;
    sym.array = d.dims.length > 0;
    if (d.parameterizedCount !== undefined) sym.familyCount = d.parameterizedCount;
    if (decl.vector !== undefined) sym.vector = decl.vector;
    if (decl.space === '.param') sym.param = paramFacts(decl, d);
    c.table.declare(sym);
  }
}
