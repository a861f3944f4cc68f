/**
 * PTX symbol scopes, as ptxas resolves names: a module scope, one scope per function (its return
 * and parameter declarations plus the body's top level), and one per nested `{}` block. Labels and
 * variables share a scope's name space. Lookups are O(1): a map from each name to its innermost
 * visible binding, with the outer binding restored when a scope closes (no chain walks).
 *
 * `.reg .b32 %r<100>` declares a family: ptxas splits a used name into its non-digit prefix and
 * trailing decimal digits (`%r012` is `%r` + 12) and accepts it when the family `%r` has more members.
 * So `%r1<4>` declares a family no name can reach, and `%r<4>` then `%r4` do not collide.
 */
import type { Span } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import type { Formals, ParamFacts } from './call-args.js';

/** `targets`: a `.branchtargets` / `.calltargets` list; `prototype`: a `.callprototype`. */
export type SymbolKind = 'variable' | 'label' | 'function' | 'prototype' | 'targets';

export interface PtxSymbol {
  name: string;
  kind: SymbolKind;
  /** Where the name was written (for "previous declaration is here" notes). */
  nameSpan: Span;
  /** State space of a variable (`.reg`, `.global`, ...). */
  space?: string;
  linkage?: string;
  /** Functions: `.entry` rather than `.func`. */
  entry?: boolean;
  /** Functions: a body has been seen. */
  defined?: boolean;
  /** Functions: number of parameters in the first declaration that had a list. */
  paramCount?: number;
  /** Functions: number of return parameters in the first declaration. */
  returnCount?: number;
  /** Variables: type and array sizes; functions: parameter lists (redeclarations must match). */
  shape?: string;
  /** Variables: the declared type (`.pred`, `.b32`, ...). */
  type?: string;
  /** Variables: declared with array dimensions. */
  array?: boolean;
  /** Variables: `.v2`/`.v4`/`.v8` (a vector register is not a scalar of its type). */
  vector?: number;
  /** Functions: named first by an `.alias` (defined as another function's alias). */
  aliased?: boolean;
  /** Functions: the first `call` of it. */
  calledAt?: Span;
  /** Functions: the first instruction operand that takes its address (`mov.u64 %rd1, f`). */
  addressTakenAt?: Span;
  /** Functions: the first `mov` that takes its address (what ptxas refuses for a system call such as `vprintf`). */
  movAddressAt?: Span;
  /** Target lists: a `.branchtargets` list (not `.calltargets`). */
  branchTargets?: boolean;
  /** Families (`%r<100>`): the number of members. */
  familyCount?: number;
  /** Functions and `.callprototype`s: the formal parameters a call is compared with (call-args.ts). */
  formals?: Formals;
  /** `.param` variables of a body (call arguments): what a call compares (call-args.ts). */
  param?: ParamFacts;
}

/**
 * A symbol with every field of PtxSymbol present (those not given undefined), always in this order:
 * every symbol then has one object shape, so the checker's and the instruction layer's reads of
 * symbols stay monomorphic (with a literal per kind and fields added later, they saw many shapes and
 * were re-optimized after "wrong map" deoptimizations on distinct code).
 */
export function newSymbol(name: string, kind: SymbolKind, nameSpan: Span): PtxSymbol {
  return {
    name,
    kind,
    nameSpan,
    space: undefined,
    linkage: undefined,
    entry: undefined,
    defined: undefined,
    paramCount: undefined,
    returnCount: undefined,
    shape: undefined,
    type: undefined,
    array: undefined,
    vector: undefined,
    aliased: undefined,
    calledAt: undefined,
    addressTakenAt: undefined,
    movAddressAt: undefined,
    branchTargets: undefined,
    familyCount: undefined,
    formals: undefined,
    param: undefined,
  };
}

/**
 * Every field of a symbol is written after the symbol is made (its declaration's facts, then its
 * uses: `calledAt`, `addressTakenAt`, `branchTargets`...). V8 takes a field nobody has written
 * since its object was made as constant, and the first later store anywhere turns it mutable on
 * the map all symbols share, throwing away the optimized code that made or read symbols under the
 * old assumption ("code dependencies" deoptimizations of newSymbol and localVariable, at the first
 * function whose address is taken, the first `.branchtargets`...). One symbol written once per
 * field, with values of the kinds the checker stores, when the module loads: the map's fields are
 * mutable before any code is optimized (docs/benchmarks.md, session 21). No behaviour: the symbol
 * is dropped.
 */
function settleSymbolFields(): void {
  const span: Span = { start: 0, end: 0 };
  const sym = newSymbol('', 'function', span);
  sym.space = '.reg';
  sym.linkage = '.extern';
  sym.entry = true;
  sym.defined = true;
  sym.paramCount = 1;
  sym.returnCount = 1;
  sym.shape = '';
  sym.type = '.b32';
  sym.array = true;
  sym.vector = 2;
  sym.aliased = true;
  sym.calledAt = span;
  sym.addressTakenAt = span;
  sym.movAddressAt = span;
  sym.branchTargets = true;
  sym.familyCount = 1;
  sym.formals = { returns: [], params: [] };
  sym.param = { name: '', type: '.b32', dims: undefined, align: undefined };
}
settleSymbolFields();

/**
 * Everything the table knows about one name, for the whole module (see SymbolTable.cells): its
 * innermost visible plain declaration and, split once, the family its digits could belong to.
 * Callers may hold a cell to look the name up again without hashing it.
 */
export interface NameCell {
  readonly name: string;
  /** The innermost visible plain declaration of the name, with the ones it shadows. */
  plain: Binding | undefined;
  /** The name as family prefix and index (null: no trailing digits; undefined: not split yet). */
  split: FamilySplit | null | undefined;
}

interface FamilySplit {
  /** The visible families of the name's prefix. */
  family: FamilyCell;
  index: number;
}

/** The innermost visible family (`%r<N>`) of one prefix, with the ones it shadows. */
interface FamilyCell {
  binding: Binding | undefined;
}

interface Binding {
  symbol: PtxSymbol;
  scope: Scope;
  outer: Binding | undefined;
}

/** A name used before anything visible declared it: resolved when its scope closes. */
export interface PendingRef {
  name: string;
  span: Span;
  /** Where ptxas reports it when that differs from the use (the instruction's opcode). */
  reportAt?: Span;
}

/** A scope's unresolved uses of one name, and when the first of them was made. */
export interface PendingGroup {
  /**
   * Order of first use: the groups a scope holds are resolved and reported in ascending order of
   * this (numbered as groups are made; a merged group keeps the smaller number), which is the
   * order in which the scope met the names, its own uses and those its closed blocks left.
   */
  first: number;
  refs: PendingRef[];
}

// Most block scopes (call sequences) declare no family: they share this map, which is never written.
const NO_FAMILIES: Map<string, PtxSymbol> = new Map();

export class Scope {
  /** Names declared directly in this scope. */
  readonly names = new Map<string, PtxSymbol>();
  /** Their cells, in the table of the module (what closing the scope updates). */
  readonly declared: NameCell[] = [];
  /** Families (`%r<N>`) declared directly in this scope, by prefix (shared empty map until the first). */
  families: Map<string, PtxSymbol> = NO_FAMILIES;
  /** Smallest numeric suffix of a plain name per prefix (to see `%r1` collide with `%r<4>`); see suffixTable. */
  smallestSuffix: Map<string, number> | undefined;
  /** How many times suffixTable built `smallestSuffix` from `names`; from the second on, `declare` keeps it up to date. */
  suffixBuilds = 0;
  /**
   * Forward references waiting for this scope to close, grouped by name (in no particular order:
   * see PendingGroup.first). A closing block hands its map on whole when it is the larger one.
   */
  pending: Map<string, PendingGroup> | undefined;
  /**
   * Whether `pending` iterates in order of first use already: it does until a block's larger map
   * takes in this scope's groups (closeScope then sorts them).
   */
  pendingOrdered = true;
  constructor(readonly parent: Scope | undefined, readonly depth: number) {}
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;

/** `%r012` -> ['%r', 12]; undefined when the name has no trailing digits or only digits. */
export function splitNumericSuffix(name: string): [string, number] | undefined {
  const at = numericSuffixStart(name);
  if (at < 0) return undefined;
  return [name.slice(0, at), suffixValue(name, at)];
}

/** Index where the trailing digits start, or -1 when there are none (or the name is all digits). */
function numericSuffixStart(name: string): number {
  let i = name.length;
  while (i > 0) {
    const c = name.charCodeAt(i - 1);
    if (c < DIGIT_0 || c > DIGIT_9) break;
    i--;
  }
  return i === name.length || i === 0 ? -1 : i;
}

/** The value of the digits from `at` on (saturating: long runs are never below a family count). */
function suffixValue(name: string, at: number): number {
  let v = 0;
  for (let i = at; i < name.length; i++) {
    v = v * 10 + (name.charCodeAt(i) - DIGIT_0);
    if (v > Number.MAX_SAFE_INTEGER / 10) return Number.MAX_SAFE_INTEGER;
  }
  return v;
}

export class SymbolTable {
  /**
   * One cell per name for the whole module, holding the name's visible bindings: a lookup is one
   * probe here (none for a caller holding the cell) plus a few field reads, and a declaration or a
   * closing scope updates the cell in place. No map is built, emptied or rehashed per function.
   */
  private readonly cells = new Map<string, NameCell>();
  /** One cell per family prefix (`%r`), likewise. */
  private readonly familyCells = new Map<string, FamilyCell>();
  /** Families visible now, in all scopes (none: no name needs its digits split). */
  private visibleFamilies = 0;
  /**
   * How many variables (not registers) have been declared under a name starting with '%' (never
   * lowered at a scope's end): the instruction layer asks such names of its operands only when
   * there is one (PTX502, a variable alone).
   */
  percentVariables = 0;
  readonly module: Scope = new Scope(undefined, 0);
  private current: Scope = this.module;

  get scope(): Scope {
    return this.current;
  }

  open(): Scope {
    this.current = new Scope(this.current, this.current.depth + 1);
    return this.current;
  }

  /** Closes the current scope; returns it (its `names` stay readable). */
  close(): Scope {
    const s = this.current;
    const declared = s.declared;
    for (let i = 0; i < declared.length; i++) declared[i]!.plain = declared[i]!.plain!.outer;
    if (s.families.size > 0) {
      s.families.forEach((_symbol, prefix) => {
        const f = this.familyCells.get(prefix)!;
        f.binding = f.binding!.outer;
        this.visibleFamilies--;
      });
    }
    this.current = s.parent ?? this.module;
    return s;
  }

  /** What `name` would collide with in the current scope, if anything. */
  conflictInCurrent(name: string, familyCount?: number): PtxSymbol | undefined {
    const s = this.current;
    if (familyCount !== undefined) {
      const f = s.families.get(name);
      if (f) return f;
      const smallest = suffixTable(s).get(name);
      if (smallest !== undefined && smallest < familyCount) {
        // Find that member for the note (rare path; one lookup per candidate is fine).
        for (const [n, sym] of s.names) {
          const split = splitNumericSuffix(n);
          if (split && split[0] === name && split[1] < familyCount) return sym;
        }
      }
      return undefined;
    }
    return SymbolTable.lookupIn(s, name);
  }

  /** Declares in the current scope (the caller has checked conflicts). */
  declare(symbol: PtxSymbol): void {
    const s = this.current;
    if (symbol.kind === 'variable' && symbol.space !== '.reg' && symbol.name.charCodeAt(0) === 37) this.percentVariables++;
    if (symbol.familyCount !== undefined) {
      if (s.families === NO_FAMILIES) s.families = new Map();
      suffixTable(s);
      s.families.set(symbol.name, symbol);
      const f = this.familyCell(symbol.name);
      f.binding = { symbol, scope: s, outer: f.binding };
      this.visibleFamilies++;
      return;
    }
    const c = this.cell(symbol.name);
    const top = c.plain;
    s.names.set(symbol.name, symbol);
    if (top !== undefined && top.scope === s) {
      // Replacing within one scope (e.g. a definition after a declaration): keep the outer link.
      top.symbol = symbol;
      return;
    }
    c.plain = { symbol, scope: s, outer: top };
    s.declared.push(c);
    if (s.smallestSuffix) {
      // Kept up to date only in a scope that met a family after plain names twice; elsewhere
      // dropped and built again if another family comes (function bodies declare their `.reg`
      // families first, then labels: the table is built once and never read again).
      if (s.suffixBuilds > 1) noteSuffix(s.smallestSuffix, symbol.name);
      else s.smallestSuffix = undefined;
    }
  }

  /** The innermost visible declaration of `name` (plain or family member). */
  lookup(name: string): PtxSymbol | undefined {
    return this.lookupCell(this.cell(name));
  }

  /** The cell of `name`, made on first request; it lives as long as this table. */
  cell(name: string): NameCell {
    let c = this.cells.get(name);
    if (c === undefined) {
      c = { name, plain: undefined, split: undefined };
      this.cells.set(name, c);
    }
    return c;
  }

  private familyCell(prefix: string): FamilyCell {
    let f = this.familyCells.get(prefix);
    if (f === undefined) {
      f = { binding: undefined };
      this.familyCells.set(prefix, f);
    }
    return f;
  }

  /** `lookup` of a cell's name. */
  lookupCell(c: NameCell): PtxSymbol | undefined {
    const b = c.plain;
    // Nothing can be declared deeper than the current scope: no family can shadow this binding.
    if ((b !== undefined && b.scope === this.current) || this.visibleFamilies === 0) return b?.symbol;
    // Split once per name: every function resolves its registers anew, and the same names come back.
    let split = c.split;
    if (split === undefined) {
      const name = c.name;
      const at = numericSuffixStart(name);
      split = c.split = at < 0 ? null : { family: this.familyCell(name.slice(0, at)), index: suffixValue(name, at) };
    }
    if (split !== null) {
      const fb = split.family.binding;
      if (fb !== undefined && split.index < fb.symbol.familyCount! && (b === undefined || fb.scope.depth > b.scope.depth)) return fb.symbol;
    }
    return b?.symbol;
  }

  /** A name declared directly in `scope` (plain or family member), after that scope's declarations are final. */
  static lookupIn(scope: Scope, name: string): PtxSymbol | undefined {
    const direct = scope.names.get(name);
    if (direct) return direct;
    if (scope.families.size === 0) return undefined;
    const at = numericSuffixStart(name);
    if (at >= 0) {
      const f = scope.families.get(name.slice(0, at));
      if (f && suffixValue(name, at) < f.familyCount!) return f;
    }
    return undefined;
  }

  /** Numbers the pending groups as they are made (PendingGroup.first). */
  private pendingGroups = 0;

  /** Records a use that nothing visible declares yet, in the current scope. */
  addPending(ref: PendingRef): void {
    const s = this.current;
    s.pending ??= new Map();
    const group = s.pending.get(ref.name);
    if (group) group.refs.push(ref);
    else s.pending.set(ref.name, { first: this.pendingGroups++, refs: [ref] });
  }
}

/**
 * The scope's smallest numeric suffix per prefix of its plain names, so a family can see a collision
 * (`%r1` then `%r<4>`). Built when the scope meets a family: scopes without families (most call
 * blocks) never pay for it. A plain name declared later drops it (a label, a local: most are
 * declared after the last family, and the table is not read again), and the next family builds
 * it again; from that second build on, `declare` keeps it up to date instead (at most two builds
 * per scope, however declarations and families alternate).
 */
function suffixTable(s: Scope): Map<string, number> {
  if (s.smallestSuffix) return s.smallestSuffix;
  const table = new Map<string, number>();
  for (const name of s.names.keys()) noteSuffix(table, name);
  s.smallestSuffix = table;
  s.suffixBuilds++;
  return table;
}

/** Records `name`'s numeric suffix in a scope's smallest-suffix table (`%r7` -> `%r`: 7). */
function noteSuffix(smallest: Map<string, number>, name: string): void {
  const at = numericSuffixStart(name);
  if (at < 0) return;
  const prefix = name.slice(0, at);
  const value = suffixValue(name, at);
  const prev = smallest.get(prefix);
  if (prev === undefined || value < prev) smallest.set(prefix, value);
}

/**
 * Moves the unresolved references of a closed block to its parent: the smaller of the two maps
 * is merged into the larger, which the parent keeps, so a reference made deep in a nest moves only
 * when its map is the smaller one (at most log2 of the references' count times, not once per
 * enclosing block). Two groups of one name become one: the smaller list appended to the larger
 * (the parent's first when they are as long).
 */
export function mergePending(into: Scope, from: Scope): void {
  const refs = from.pending!;
  const have = into.pending;
  if (!have || have.size === 0) {
    into.pending = refs;
    into.pendingOrdered = from.pendingOrdered;
    return;
  }
  const parentLarger = have.size >= refs.size;
  // The block's groups were all made after the parent's: appended, they keep the order.
  into.pendingOrdered = parentLarger && into.pendingOrdered && from.pendingOrdered;
  const [small, large] = parentLarger ? [refs, have] : [have, refs];
  for (const [name, g] of small) {
    workMeter.steps++;
    const other = large.get(name);
    if (!other) large.set(name, g);
    else large.set(name, parentLarger ? joinGroups(other, g) : joinGroups(g, other));
  }
  into.pending = large;
}

/** One group of a parent's (`have`) and a closed block's (`list`) uses of a name. */
function joinGroups(have: PendingGroup, list: PendingGroup): PendingGroup {
  const [to, from] = have.refs.length >= list.refs.length ? [have, list] : [list, have];
  for (const r of from.refs) to.refs.push(r);
  to.first = Math.min(have.first, list.first);
  return to;
}

/** A scope's pending groups in order of first use (the map itself when it iterates so). */
export function pendingInOrder(scope: Scope): Iterable<[string, PendingGroup]> {
  const pending = scope.pending!;
  return scope.pendingOrdered ? pending : [...pending].sort((a, b) => a[1].first - b[1].first);
}
