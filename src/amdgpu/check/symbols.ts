/**
 * AMDGPU symbol table with llvm-mc-19's assignment semantics:
 *
 * - `.set`/`=`/`.equ` may redefine a variable; `.equiv` may not; a label may not be redefined,
 *   nor assigned to.
 * - While an expression is parsed, a reference to a variable whose value is (already folded to)
 *   a constant is replaced by that constant, so later redefinitions do not change it; the whole
 *   expression is then folded when it is absolute with the current definitions.
 * - Otherwise the expression is kept and evaluated at the end with the final definitions
 *   (forward references); a variable used that way (non-constant) may not be reassigned.
 * - A definition that refers to itself (directly or through other variables) is an error.
 */
import type { Span } from '../../core/source.js';
import type { Expr, Statement } from '../parse/ast.js';
import { binaryValue, evaluate, ExprParser, hasSymbol, isSubtargetFunction, valueUnknowableIn, type IssueSink } from '../parse/expr.js';
import { Lexer, type LexerOptions } from '../lex/lexer.js';
import type { AmdCode } from '../diagnostics.js';

/** Kind of a symbol in `amdgpuSymbols` / `gpuasm symbols` output. */
export type SymbolKind =
  /** A variable with an absolute value. */
  | 'absolute'
  /** Defined by `name:` (its address is relocatable; value null). */
  | 'label'
  /** A variable whose value depends on labels, `.` or undefined symbols (value null). */
  | 'relocatable'
  /** Referenced or declared (`.globl`), never defined (value null). */
  | 'undefined'
  /** `.comm`/`.lcomm`/`.amdgpu_lds` (allocated by the linker; value null). */
  | 'common';

export interface SymbolInfo {
  name: string;
  /** Signed 64-bit value of an absolute symbol; null otherwise. */
  value: bigint | null;
  kind: SymbolKind;
}

type SymState = 'undefined' | 'label' | 'variable' | 'common';
const STATES: readonly SymState[] = ['undefined', 'label', 'variable', 'common'];

// Bits of Sym.flags: the state (2 bits) and the booleans, one small integer per symbol
// (files may define hundreds of thousands of symbols).
const STATE_MASK = 3;
const USED = 4;
const REDEFINABLE = 8;
const PREDEFINED = 16;
const VISITED = 32;
const ACTIVE = 64;

class Sym {
  private flags = REDEFINABLE;
  /**
   * The variable's value as stored (constant-folded when it was absolute at definition). A
   * definition that inlining left unchanged is not kept: only where its text starts
   * (`exprStart`), and it is parsed again when needed (`SymbolTable.exprOf`), so a file of many
   * definitions holds no expression trees.
   */
  expr: Expr | undefined = undefined;
  /** Set when `expr` is a folded constant. */
  constant: bigint | undefined = undefined;
  /** Offset of the definition's expression in the file text when `expr` is not kept (else -1). */
  exprStart = -1;
  /** The walk (`usedIn`, `unknowableFrom`) that last reached this variable (an epoch, not a set of names per walk). */
  seenIn = 0;
  /**
   * Final value (from `finish`): an absolute value as a bare bigint, null when it cannot be
   * evaluated, undefined while not yet evaluated. Kept on the symbol: no map of 200,000 entries.
   */
  final: RelValue | bigint | null | undefined = undefined;

  constructor(readonly name: string) {}

  private flag(bit: number, on: boolean): void {
    this.flags = on ? this.flags | bit : this.flags & ~bit;
  }
  get state(): SymState {
    return STATES[this.flags & STATE_MASK]!;
  }
  set state(v: SymState) {
    this.flags = (this.flags & ~STATE_MASK) | STATES.indexOf(v);
  }
  /** A non-inlined reference to this variable was evaluated (llvm-mc's "used"). */
  get used(): boolean {
    return (this.flags & USED) !== 0;
  }
  set used(v: boolean) {
    this.flag(USED, v);
  }
  /** False after `.equiv`. */
  get redefinable(): boolean {
    return (this.flags & REDEFINABLE) !== 0;
  }
  set redefinable(v: boolean) {
    this.flag(REDEFINABLE, v);
  }
  /** Predefined by the assembler (not in the object's symbol table, not listed). */
  get predefined(): boolean {
    return (this.flags & PREDEFINED) !== 0;
  }
  set predefined(v: boolean) {
    this.flag(PREDEFINED, v);
  }
  /** Visited by `finish`'s depth-first walk (a bit, not a set: no per-symbol entry at the peak). */
  get visited(): boolean {
    return (this.flags & VISITED) !== 0;
  }
  set visited(v: boolean) {
    this.flag(VISITED, v);
  }
  /**
   * Being expanded by the evaluation under way (`rel`): a reference back to it is a cycle. A bit,
   * not a set of names: a set that gains and loses a name per variable gets new tables, in the old
   * generation once the set is old (24 MB of garbage for a cycle of 200,000 variables).
   */
  get active(): boolean {
    return (this.flags & ACTIVE) !== 0;
  }
  set active(v: boolean) {
    this.flag(ACTIVE, v);
  }
}

/** Longest chain of variables followed while evaluating (bounds the recursion). */
const MAX_CHAIN = 500;

export class SymbolTable {
  private readonly syms = new Map<string, Sym>();

  /**
   * With the file `text` (and its lexer options), definitions are stored as offsets and parsed
   * again on use; without it, their trees are kept.
   */
  constructor(
    private readonly sink: IssueSink,
    private readonly text?: string,
    private readonly lexerOptions: LexerOptions = {},
  ) {}

  /** The stored value expression of a variable (parsed again from the text when stored compactly). */
  private exprOf(s: Sym): Expr {
    if (s.expr) return s.expr;
    const lex = new Lexer(this.text!, this.lexerOptions, s.exprStart);
    lex.next();
    // It parsed without issue when it was defined; the same text parses to the same tree.
    return new ExprParser(lex, () => {}).parseExpression()!;
  }

  private issue(code: AmdCode, message: string, span: Span): void {
    this.sink({ code, message, start: span.start, length: span.end - span.start });
  }

  /**
   * Calls that read or create symbols (every definition, reference and lookup goes through one):
   * a statement that leaves this unchanged neither used nor changed the table.
   */
  touches = 0;

  private getOrCreate(name: string): Sym {
    this.touches++;
    let s = this.syms.get(name);
    if (!s) {
      s = new Sym(name);
      this.syms.set(name, s);
    }
    return s;
  }

  /** An assembler-defined absolute symbol (e.g. `.amdgcn.gfx_generation_number`). */
  predefine(name: string, value: bigint): void {
    const s = new Sym(name);
    s.state = 'variable';
    s.constant = value;
    s.expr = { kind: 'int', value, span: { start: 0, end: 0 } };
    s.predefined = true;
    this.syms.set(name, s);
  }

  /** Records a reference (e.g. `.globl x`, an instruction operand naming a symbol). */
  reference(name: string): void {
    this.getOrCreate(name);
  }

  /**
   * An expression evaluated where it is used (an instruction operand, a data value): llvm-mc's
   * evaluation marks every variable it goes through as used, which forbids reassigning a
   * non-absolute one later.
   */
  markUsed(e: Expr): void {
    // Without a symbol (`-1`, `2*3`) there is nothing to mark, and the table is not touched (a
    // statement that leaves `touches` alone can be skipped when repeated, see speed/repeats.ts).
    if (!hasSymbol(e)) return;
    this.touches++;
    this.rel(this.parseTimeFold(e), { mark: true, final: false, depth: 0 });
  }

  /** Whether the name is a variable (assigned with `=`, `.set`, …) so far. */
  isVariable(name: string): boolean {
    const s = this.syms.get(name);
    if (!s) return false;
    this.touches++;
    return s.state === 'variable';
  }

  /** Whether the symbol has a definition (label, variable or common), as at the end of the file. */
  isDefined(name: string): boolean {
    const s = this.syms.get(name);
    return s !== undefined && s.state !== 'undefined';
  }

  /** Symbols defined in a `.macro`/`.rept`/`.irp` body (gpuasm does not expand them; llvm-mc does). */
  private readonly bodyDefined = new Set<string>();
  /** A body defines a symbol whose name is built from macro arguments: any undefined one may be defined. */
  private anyBodyDefined = false;
  /** Symbols llvm-mc keeps itself (amdhsa: `.amdgcn.next_free_vgpr`/`_sgpr`, raised by register use). */
  private readonly maintained = new Set<string>();

  /** A `.macro`/`.rept`/`.irp` body defines `name` (undefined: a name built from its arguments). */
  definedInBody(name: string | undefined): void {
    if (name === undefined) this.anyBodyDefined = true;
    else this.bodyDefined.add(name);
  }

  /** A symbol whose value llvm-mc maintains (predefineSymbols). */
  maintain(name: string): void {
    this.maintained.add(name);
  }

  /**
   * Whether the symbol may have a value in llvm-mc that gpuasm cannot know here: defined in a body
   * gpuasm does not expand, maintained by llvm-mc (unless `withMaintained` is false), or a variable
   * whose value calls a subtarget function (`extrasgprs`, ...), directly or through other
   * variables. A rule that refuses a symbol for having no value asks this first: no false error.
   * Only asked on that error path (no cost on valid code).
   */
  valueUnknowable(name: string, withMaintained = true): boolean {
    return this.unknowableFrom((visit) => visit(name), withMaintained);
  }

  /** Whether an expression's value may be one gpuasm cannot know (see valueUnknowable). */
  exprUnknowable(e: Expr): boolean {
    return this.unknowableFrom((visit) => valueUnknowableIn(e, visit));
  }

  /**
   * The walk of valueUnknowable from the names `start` visits (it returns true on a subtarget
   * function of its own). A worklist, not recursion: a chain of variables may be as long as the
   * file. Each variable is looked into once per walk, marked with an epoch on the symbol (no set of
   * names, which for a chain of 200,000 variables held 200,000 names at the peak), and the worklist
   * holds symbols, whose definitions are parsed again only when taken.
   */
  private unknowableFrom(start: (visit: (name: string) => boolean) => boolean, withMaintained = true): boolean {
    const walk = ++this.walks;
    const todo: Sym[] = [];
    const visit = (n: string): boolean => {
      if (this.bodyDefined.has(n) || (withMaintained && this.maintained.has(n))) return true;
      const s = this.syms.get(n);
      if (!s || s.state === 'undefined') return this.anyBodyDefined;
      if (s.state === 'variable' && s.seenIn !== walk) {
        s.seenIn = walk;
        todo.push(s);
      }
      return false;
    };
    if (start(visit)) return true;
    while (todo.length) if (valueUnknowableIn(this.exprOf(todo.pop()!), visit)) return true;
    return false;
  }

  /** Current absolute value of a symbol (after the statements processed so far), or null. */
  currentValue(name: string): bigint | null {
    return this.currentValueOf(name);
  }

  /** Processes a label definition. */
  label(name: string, span: Span): void {
    const s = this.getOrCreate(name);
    // An assembler-defined symbol is one too until the file sets it (`.set UC_VERSION_GFX10, 1` makes it redefinable).
    if (s.state === 'label' || s.state === 'common' || (s.predefined && s.expr !== undefined && s.expr.span.end === 0)) {
      this.issue('AMD122', `symbol '${name}' is already defined`, span);
      return;
    }
    s.state = 'label';
    s.expr = undefined;
    s.exprStart = -1;
    s.constant = undefined;
  }

  common(name: string): void {
    const s = this.getOrCreate(name);
    if (s.state === 'undefined') s.state = 'common';
  }

  /**
   * Processes `name = expr` / `.set` / `.equ` / `.equiv`, in llvm-mc's order: constant variables
   * inlined and parenthesised parts folded while parsing (parseTimeFold); the expression folded
   * when absolute (evaluating marks the variables it goes through as used); the self-reference
   * check (which also marks); then the redefinition rules of MCParserUtils::parseAssignmentExpression.
   */
  assign(name: string, nameSpan: Span, expr: Expr, form: string): void {
    void nameSpan;
    const inlined = this.parseTimeFold(expr);
    // Names inside folded parentheses were parsed (and created) too.
    const refs = this.collectRefs(expr);
    // llvm-mc checks only a symbol that exists already (seen before, or named in this value).
    const existed = this.syms.has(name) || refs.includes(name);
    this.getOrCreate(name); // (listed in order of first appearance: the name comes first)
    for (const ref of refs) this.getOrCreate(ref);
    // Fold when absolute with the current definitions.
    const folded = this.rel(inlined, { mark: true, final: false, depth: 0 });
    const constant = folded !== null && folded.a === null && folded.b === null ? folded.c : undefined;
    const s = this.getOrCreate(name);
    const allowRedef = form !== '.equiv';
    if (!existed) {
      // A new symbol: no checks.
    } else if (this.usedIn(s, inlined)) {
      this.issue('AMD121', `recursive definition: the value of '${name}' refers to '${name}' itself`, expr.span);
      return;
    }
    const isVariable = s.state === 'variable';
    const isUndefined = s.state === 'undefined' || (isVariable && s.constant === undefined && this.fragmentOf(this.exprOf(s), true, 0) === null);
    if (isUndefined && !s.used && !isVariable) {
      // An undefined symbol may be assigned.
    } else if (isVariable && !s.used && allowRedef) {
      // A variable not yet used may be redefined.
    } else if (!isUndefined && (!isVariable || !allowRedef)) {
      this.issue('AMD122', `redefinition of '${name}'${isVariable ? ' (.equiv may not redefine a symbol)' : ''}`, expr.span);
      return;
    } else if (!isVariable) {
      this.issue('AMD122', `invalid assignment to '${name}'`, expr.span);
      return;
    } else if ((s.used = true) && s.constant === undefined) {
      // (llvm-mc reads the old value here with getVariableValue(), which marks it used.)
      this.issue('AMD123', `invalid reassignment of non-absolute variable '${name}' (its value was already used)`, expr.span);
      return;
    }
    s.state = 'variable';
    s.redefinable = allowRedef;
    s.exprStart = -1;
    if (constant !== undefined) {
      s.constant = constant;
      s.expr = { kind: 'int', value: constant, span: expr.span };
    } else if (inlined === expr && this.text !== undefined) {
      s.constant = undefined;
      s.expr = undefined;
      s.exprStart = expr.span.start;
    } else {
      s.constant = undefined;
      s.expr = inlined;
    }
  }

  /**
   * What llvm-mc's parser does to an expression as it reads it (copying only what changes):
   * references to constant-valued variables become their values, and every parenthesised part is
   * evaluated when its ')' is read (AsmParser::parseExpression folds it when absolute), which
   * marks the variables that evaluation goes through as used, even where the evaluation of the
   * whole stops earlier (`c > ~d << (a)`: `~d` is not absolute, `a` is used all the same).
   */
  private parseTimeFold(e: Expr): Expr {
    let out: Expr;
    switch (e.kind) {
      case 'sym': {
        const s = this.syms.get(e.name);
        if (s && s.state === 'variable' && s.constant !== undefined) return { kind: 'int', value: s.constant, span: e.span };
        out = e;
        break;
      }
      case 'unary': {
        const o = this.parseTimeFold(e.operand);
        out = o === e.operand ? e : { ...e, operand: o };
        break;
      }
      case 'binary': {
        const l = this.parseTimeFold(e.left);
        const r = this.parseTimeFold(e.right);
        out = l === e.left && r === e.right ? e : { ...e, left: l, right: r };
        break;
      }
      case 'call': {
        let changed = false;
        const args = e.args.map((a) => {
          const n = this.parseTimeFold(a);
          if (n !== a) changed = true;
          return n;
        });
        out = changed ? { ...e, args } : e;
        break;
      }
      default:
        return e;
    }
    if (!this.parenthesized(out)) return out;
    const v = this.rel(out, { mark: true, final: false, depth: 0 });
    return v !== null && v.a === null && v.b === null ? { kind: 'int', value: v.c, span: e.span } : out;
  }

  /** The node was written in parentheses (the parser widens its span to them, see expr.ts). */
  private parenthesized(e: Expr): boolean {
    if (e.kind === 'binary') return e.span.end !== e.right.span.end;
    if (e.kind === 'unary') return e.span.end !== e.operand.span.end;
    // A name, number or call never starts with '(' by itself.
    return this.text !== undefined && this.text.charCodeAt(e.span.start) === 40;
  }

  private collectRefs(e: Expr): string[] {
    const out: string[] = [];
    this.pushRefs(e, out);
    return out;
  }

  /** Appends the symbol names `e` refers to (in collectRefs order) to `out`. */
  private pushRefs(e: Expr, out: string[]): void {
    const stack: Expr[] = [e];
    while (stack.length) {
      const x = stack.pop()!;
      if (x.kind === 'sym') out.push(x.name);
      else if (x.kind === 'unary') stack.push(x.operand);
      else if (x.kind === 'binary') stack.push(x.left, x.right);
      else if (x.kind === 'call') stack.push(...x.args);
    }
  }

  /**
   * llvm-mc's isSymbolUsedInExpression: a reference to a variable looks through to its value
   * (marking it used) instead of comparing the variable itself; calls are not looked into.
   */
  private walks = 0;

  private usedIn(target: Sym, e: Expr): boolean {
    const stack: Expr[] = [e];
    const walk = ++this.walks;
    while (stack.length) {
      const x = stack.pop()!;
      // Depth-first, left operand first, stopping at the first hit (as llvm-mc's recursion).
      // Only nodes that can reach a symbol are stacked (a walk down a long chain of `x = y + 1`
      // would otherwise hold every `1` until the end).
      if (x.kind === 'unary') {
        if (mayReferToSymbol(x.operand)) stack.push(x.operand);
      } else if (x.kind === 'binary') {
        if (mayReferToSymbol(x.right)) stack.push(x.right);
        if (mayReferToSymbol(x.left)) stack.push(x.left);
      } else if (x.kind === 'sym') {
        const s = this.syms.get(x.name);
        if (s && s.state === 'variable') {
          s.used = true; // (getVariableValue() marks it)
          if (s.seenIn !== walk) {
            s.seenIn = walk;
            stack.push(this.exprOf(s));
          }
        } else if (s === target) return true;
      }
    }
    return false;
  }

  /**
   * llvm-mc's findAssociatedFragment, reduced to what the rules need: 'abs' (absolute), 'sec' (in
   * a section: a label, `.`), or null (undefined). Passing through a variable marks it used.
   */
  private fragmentOf(e: Expr, mark: boolean, depth: number, memo: Map<string, 'abs' | 'sec' | null> = new Map()): 'abs' | 'sec' | null {
    // `memo` makes shared sub-definitions cost once (and cuts reference cycles, which llvm-mc
    // itself may recurse on forever).
    if (depth > MAX_CHAIN) return null;
    switch (e.kind) {
      case 'int':
      case 'real':
      case 'string':
        return 'abs';
      case 'dot':
      case 'local':
        return 'sec';
      case 'sym': {
        const s = this.syms.get(e.name);
        if (!s || s.state === 'undefined') return null;
        if (s.state === 'label' || s.state === 'common') return 'sec';
        if (mark) s.used = true;
        if (s.constant !== undefined) return 'abs';
        const known = memo.get(s.name);
        if (known !== undefined || memo.has(s.name)) return known ?? null;
        memo.set(s.name, null);
        const f = this.fragmentOf(this.exprOf(s), mark, depth + 1, memo);
        memo.set(s.name, f);
        return f;
      }
      case 'unary':
        return this.fragmentOf(e.operand, mark, depth + 1, memo);
      case 'binary': {
        const l = this.fragmentOf(e.left, mark, depth + 1, memo);
        const r = this.fragmentOf(e.right, mark, depth + 1, memo);
        if (l === 'abs') return r;
        if (r === 'abs') return l;
        if (e.op === '-') return 'abs';
        return l ?? r;
      }
      case 'call': {
        for (const a of e.args) {
          const f = this.fragmentOf(a, mark, depth + 1, memo);
          if (f) return f;
        }
        return null;
      }
    }
  }

  /** Where the last failed `rel` evaluation failed (an operator), for the write-time error. */
  private failure: { span: Span; message: string } | null = null;

  /** rel of a variable's definition, the variable marked as being expanded (Sym.active) meanwhile. */
  private relOf(s: Sym, ctx: RelContext): RelValue | null {
    s.active = true;
    const v = this.rel(this.exprOf(s), ctx);
    s.active = false;
    return v;
  }

  /**
   * llvm-mc's evaluateAsRelocatable: `a - b + c` with symbols a, b (null when absent), or null when
   * the expression cannot be evaluated (an operator other than + - on a symbol, division by
   * zero). `final`: with the whole file known (the object writer: variables always expand, and
   * the difference of a label with itself folds). A variable is expanded only while not already
   * being expanded (`Sym.active`, set by relOf).
   */
  private rel(e: Expr, ctx: RelContext): RelValue | null {
    switch (e.kind) {
      case 'int':
        return { a: null, b: null, c: e.value };
      case 'real':
        return { a: null, b: null, c: realBits(e.value) };
      case 'dot':
      case 'local':
      case 'string':
        return { a: '.', b: null, c: 0n };
      case 'sym': {
        const s = this.syms.get(e.name);
        if (!s || s.state !== 'variable') return { a: e.name, b: null, c: 0n };
        if (s.constant !== undefined) return { a: null, b: null, c: s.constant };
        if (ctx.mark) s.used = true;
        // canExpand: always when writing the object; otherwise only when not in a section.
        const frag = ctx.final ? 'abs' : this.fragmentOf(this.exprOf(s), ctx.mark, 0, (ctx.fragMemo ??= new Map()));
        if ((ctx.final || frag !== 'sec') && !s.active && ctx.depth < MAX_CHAIN) {
          // Each variable is expanded once per evaluation (shared definitions stay linear).
          // Final values live on the symbols; an evaluation before the end has its own memo.
          const memo = ctx.final ? null : (ctx.memo ??= new Map());
          const m = memo ? memo.get(s.name) : s.final;
          if (m !== undefined) return m === null ? { a: e.name, b: null, c: 0n } : unpackRel(m);
          ctx.depth++;
          const saved = this.failure;
          const v = this.relOf(s, ctx);
          ctx.depth--;
          if (memo) memo.set(s.name, packRel(v));
          else s.final = packRel(v);
          if (v) return v;
          this.failure = saved;
        }
        return { a: e.name, b: null, c: 0n };
      }
      case 'unary': {
        const v = this.rel(e.operand, ctx);
        if (!v) return null;
        if (v.a === null && v.b === null) {
          const r = evaluate({ ...e, operand: { kind: 'int', value: v.c, span: e.operand.span } });
          return 'value' in r ? { a: null, b: null, c: r.value } : null;
        }
        if (e.op === '+') return v;
        if (e.op === '-' && !(v.a !== null && v.b === null)) return { a: v.b, b: v.a, c: BigInt.asIntN(64, -v.c) };
        return this.fail(e.span, `'${e.op}' cannot be applied to a value that depends on a symbol`);
      }
      case 'binary': {
        const l = this.rel(e.left, ctx);
        if (!l) return null;
        const r = this.rel(e.right, ctx);
        if (!r) return null;
        if (l.a === null && l.b === null && r.a === null && r.b === null) {
          const v = binaryValue(e.op, l.c, r.c, e.opSpan);
          if (typeof v === 'bigint') return { a: null, b: null, c: v };
          return this.fail(e.opSpan, v.message);
        }
        if (e.op === '+') return this.symbolicAdd(l, r, ctx.final, e.opSpan);
        if (e.op === '-') return this.symbolicAdd(l, { a: r.b, b: r.a, c: BigInt.asIntN(64, -r.c) }, ctx.final, e.opSpan);
        return this.fail(e.opSpan, `'${e.op}' cannot be applied to a value that depends on a symbol (only + and - can)`);
      }
      case 'call': {
        const vals: bigint[] = [];
        for (const a of e.args) {
          const v = this.rel(a, ctx);
          if (!v) return null;
          if (v.a !== null || v.b !== null) return this.fail(e.span, `${e.name}() needs absolute arguments`);
          vals.push(v.c);
        }
        const r = evaluate({ ...e, args: vals.map((c, i) => ({ kind: 'int', value: c, span: e.args[i]!.span })) });
        if ('value' in r) return { a: null, b: null, c: r.value };
        // llvm-mc computes these for the subtarget; gpuasm does not: no value, and no error either.
        return isSubtargetFunction(e.name) ? null : this.fail(e.span, `${e.name}() cannot be evaluated here`);
      }
    }
  }

  private fail(span: Span, message: string): null {
    this.failure = { span, message };
    return null;
  }

  private symbolicAdd(l: RelValue, r: RelValue, final: boolean, at: Span): RelValue | null {
    if ((l.a !== null && r.a !== null) || (l.b !== null && r.b !== null)) return this.fail(at, 'cannot add or subtract two symbols this way');
    const out: RelValue = { a: l.a ?? r.a, b: l.b ?? r.b, c: BigInt.asIntN(64, l.c + r.c) };
    // With the layout known, a defined label minus itself is 0.
    if (final && out.a !== null && out.a === out.b) {
      const s = this.syms.get(out.a);
      if (s && (s.state === 'label' || s.state === 'common')) return { a: null, b: null, c: out.c };
    }
    return out;
  }

  /** Current absolute value of a symbol (after the statements processed so far), or null. */
  currentValueOf(name: string): bigint | null {
    this.touches++;
    const s = this.syms.get(name);
    if (!s || s.state !== 'variable') return null;
    if (s.constant !== undefined) return s.constant;
    const v = this.relOf(s, { mark: false, final: false, depth: 0 });
    return v && v.a === null && v.b === null ? v.c : null;
  }

  /**
   * Final values, in order of first appearance: variables evaluated with the final definitions
   * (as the object writer does). A variable whose value cannot be evaluated is an error there;
   * llvm-mc only gets that far in a file without other errors, hence `reportWriteErrors`.
   * `collect` false: only the checks, no list (a check of a file of many symbols holds none).
   */
  finish(reportWriteErrors = true, collect = true): SymbolInfo[] {
    const out: SymbolInfo[] = [];
    // Evaluate variables after the variables they refer to (iterative post-order), sharing one
    // memo: every definition is evaluated once, and recursion stays shallow on long chains.
    const failures = new Map<string, { span: Span; message: string }>();
    // The depth-first stack without an object per frame: the frames' variables, and one flat list
    // of the references still to visit, where each frame's part starts at `pendingFrom`.
    const frames: Sym[] = [];
    const pendingFrom: number[] = [];
    const pending: string[] = [];
    const push = (s: Sym): void => {
      s.visited = true;
      frames.push(s);
      pendingFrom.push(pending.length);
      this.pushRefs(this.exprOf(s), pending);
    };
    for (const root of this.syms.values()) {
      if (root.state !== 'variable' || root.constant !== undefined || root.visited) continue;
      push(root);
      while (frames.length) {
        if (pending.length > pendingFrom[pendingFrom.length - 1]!) {
          const t = this.syms.get(pending.pop()!);
          if (t && t.state === 'variable' && t.constant === undefined && !t.visited) push(t);
          continue;
        }
        pendingFrom.pop();
        const s = frames.pop()!;
        this.failure = null;
        const v = this.relOf(s, { mark: false, final: true, depth: 0 });
        s.final = packRel(v);
        if (!v && this.failure) failures.set(s.name, this.failure);
      }
    }
    for (const s of this.syms.values()) {
      if (s.predefined) continue;
      if (s.state === 'label') collect && out.push({ name: s.name, value: null, kind: 'label' });
      else if (s.state === 'common') collect && out.push({ name: s.name, value: null, kind: 'common' });
      else if (s.state === 'undefined') collect && out.push({ name: s.name, value: null, kind: 'undefined' });
      else if (s.constant !== undefined) collect && out.push({ name: s.name, value: s.constant, kind: 'absolute' });
      else {
        const m = s.final;
        const v = m === undefined || m === null ? null : unpackRel(m);
        if (!v) {
          // A value that is unknowable here (a subtarget function, a symbol from a body) is no write error.
          if (reportWriteErrors && !isTemporarySymbol(s.name) && !this.valueUnknowable(s.name, false)) {
            const f = failures.get(s.name) ?? null;
            const code = f && f.message.includes('by zero') ? 'AMD120' : 'AMD125';
            this.issue(code, `expression could not be evaluated: ${f ? f.message : `the value of '${s.name}'`}`, f ? f.span : this.exprOf(s).span);
          }
          collect && out.push({ name: s.name, value: null, kind: 'relocatable' });
        } else if (v.a === null && v.b === null) collect && out.push({ name: s.name, value: v.c, kind: 'absolute' });
        else collect && out.push({ name: s.name, value: null, kind: 'relocatable' });
      }
    }
    return out;
  }
}

interface RelContext {
  mark: boolean;
  final: boolean;
  depth: number;
  memo?: RelMemo;
  /** fragmentOf results shared by one evaluation (keeps shared definitions linear). */
  fragMemo?: Map<string, 'abs' | 'sec' | null>;
}

/** Values of variables already evaluated; an absolute one as its bare value (no object per entry). */
type RelMemo = Map<string, RelValue | bigint | null>;

function packRel(v: RelValue | null): RelValue | bigint | null {
  return v !== null && v.a === null && v.b === null ? v.c : v;
}

function unpackRel(m: RelValue | bigint): RelValue {
  return typeof m === 'bigint' ? { a: null, b: null, c: m } : m;
}

interface RelValue {
  a: string | null;
  b: string | null;
  c: bigint;
}

/** Whether `usedIn` needs to look at `e` (calls are not looked into). */
function mayReferToSymbol(e: Expr): boolean {
  return e.kind === 'sym' || e.kind === 'unary' || e.kind === 'binary';
}

function realBits(v: number): bigint {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, v);
  return dv.getBigInt64(0);
}

/** Whether a word operand or symbol name is a symbol llvm-mc would put in the table (not a `.L` temporary). */
export function isTemporarySymbol(name: string): boolean {
  return name.startsWith('.L');
}

/** Applies one statement's effect on the symbol table. */
export function applyStatement(table: SymbolTable, st: Statement, text: string): void {
  switch (st.kind) {
    case 'label':
      table.label(st.name, st.span);
      break;
    case 'assignment':
      table.assign(st.name, st.nameSpan, st.expr, st.form);
      break;
    case 'directive':
      switch (st.name) {
        case '.globl':
        case '.global':
        case '.weak':
        case '.hidden':
        case '.protected':
        case '.internal':
        case '.local':
        case '.no_dead_strip':
        case '.lazy_reference':
        case '.reference':
        case '.weak_definition':
        case '.weak_reference':
        case '.private_extern':
        case '.symbol_resolver':
        case '.cold':
          for (const a of st.args) table.reference(unquoteName(text.slice(a.span.start, a.span.end)));
          break;
        case '.comm':
        case '.lcomm':
        case '.amdgpu_lds':
          if (st.args[0]) table.common(unquoteName(text.slice(st.args[0].span.start, st.args[0].span.end)));
          break;
        case '.size':
        case '.type':
        case '.amdgpu_hsa_kernel':
          if (st.args[0]) table.reference(unquoteName(text.slice(st.args[0].span.start, st.args[0].span.end)));
          break;
        default:
          break;
      }
      break;
    default:
      break;
  }
}

function unquoteName(s: string): string {
  return s.length >= 2 && s.charCodeAt(0) === 34 ? s.slice(1, -1) : s;
}
