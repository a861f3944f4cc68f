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
import type { Span } from '../core/source.js';
import type { Expr, Statement } from './ast.js';
import { evaluate, type IssueSink, type ParseIssue } from './expr.js';

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

interface Sym {
  name: string;
  state: 'undefined' | 'label' | 'variable' | 'common';
  /** The variable's value as stored (constant-folded when it was absolute at definition). */
  expr?: Expr;
  /** Set when `expr` is a folded constant. */
  constant?: bigint;
  /** A non-inlined reference to this variable was evaluated (llvm-mc's "used"). */
  used: boolean;
  /** False after `.equiv`. */
  redefinable: boolean;
}

/** Longest chain of variables followed while evaluating (bounds the recursion). */
const MAX_CHAIN = 500;

export class SymbolTable {
  private readonly syms = new Map<string, Sym>();

  constructor(private readonly sink: IssueSink) {}

  private issue(code: string, message: string, span: Span): void {
    this.sink({ code, message, start: span.start, end: span.end });
  }

  private getOrCreate(name: string): Sym {
    let s = this.syms.get(name);
    if (!s) {
      s = { name, state: 'undefined', used: false, redefinable: true };
      this.syms.set(name, s);
    }
    return s;
  }

  /** Records a reference (e.g. `.globl x`, an instruction operand naming a symbol). */
  reference(name: string): void {
    this.getOrCreate(name);
  }

  /** Current absolute value of a symbol (after the statements processed so far), or null. */
  currentValue(name: string): bigint | null {
    const s = this.syms.get(name);
    if (!s || s.state !== 'variable') return null;
    if (s.constant !== undefined) return s.constant;
    const r = this.evalCurrent(s.expr!, new Set([name]), 0, false);
    return typeof r === 'bigint' ? r : null;
  }

  /** Processes a label definition. */
  label(name: string, span: Span): void {
    const s = this.getOrCreate(name);
    if (s.state === 'label' || s.state === 'common') {
      this.issue('AMD122', `symbol '${name}' is already defined`, span);
      return;
    }
    s.state = 'label';
    s.expr = undefined;
    s.constant = undefined;
  }

  common(name: string): void {
    const s = this.getOrCreate(name);
    if (s.state === 'undefined') s.state = 'common';
  }

  /** Processes `name = expr` / `.set` / `.equ` / `.equiv`. */
  assign(name: string, nameSpan: Span, expr: Expr, form: string): void {
    // 1. References to constant variables are inlined (llvm-mc does it while parsing).
    const s = this.getOrCreate(name);
    const inlined = this.inlineConstants(expr);
    for (const ref of this.collectRefs(inlined)) this.getOrCreate(ref);
    // 2. Self-reference, directly or through other variables.
    if (this.refersTo(inlined, name)) {
      this.issue('AMD121', `recursive definition: the value of '${name}' refers to '${name}' itself`, expr.span);
      return;
    }
    // 3. Redefinition rules.
    if (s.state === 'label' || s.state === 'common') {
      this.issue('AMD122', `redefinition of '${name}': it is already defined as a label`, expr.span);
      return;
    }
    if (s.state === 'variable') {
      if (!s.redefinable || form === '.equiv') {
        this.issue('AMD122', `redefinition of '${name}'${!s.redefinable ? ' (defined with .equiv)' : ' (.equiv may not redefine a symbol)'}`, expr.span);
        return;
      }
      if (s.used && s.constant === undefined) {
        this.issue('AMD123', `invalid reassignment of non-absolute variable '${name}' (its value was already used)`, expr.span);
        return;
      }
    }
    // 4. Fold now when absolute with the current definitions; mark evaluated variables used.
    const v = this.evalCurrent(inlined, new Set([name]), 0, true);
    if (typeof v === 'object' && v !== null) {
      this.sink(v);
      return;
    }
    s.state = 'variable';
    s.redefinable = form !== '.equiv';
    s.used = false;
    if (typeof v === 'bigint') {
      s.constant = v;
      s.expr = { kind: 'int', value: v, span: expr.span };
    } else {
      s.constant = undefined;
      s.expr = inlined;
    }
  }

  /** Replaces references to constant-valued variables by their values (copying only what changes). */
  private inlineConstants(e: Expr): Expr {
    switch (e.kind) {
      case 'sym': {
        const s = this.syms.get(e.name);
        if (s && s.state === 'variable' && s.constant !== undefined) return { kind: 'int', value: s.constant, span: e.span };
        return e;
      }
      case 'unary': {
        const o = this.inlineConstants(e.operand);
        return o === e.operand ? e : { ...e, operand: o };
      }
      case 'binary': {
        const l = this.inlineConstants(e.left);
        const r = this.inlineConstants(e.right);
        return l === e.left && r === e.right ? e : { ...e, left: l, right: r };
      }
      case 'call': {
        let changed = false;
        const args = e.args.map((a) => {
          const n = this.inlineConstants(a);
          if (n !== a) changed = true;
          return n;
        });
        return changed ? { ...e, args } : e;
      }
      default:
        return e;
    }
  }

  private collectRefs(e: Expr): string[] {
    const out: string[] = [];
    const stack: Expr[] = [e];
    while (stack.length) {
      const x = stack.pop()!;
      if (x.kind === 'sym') out.push(x.name);
      else if (x.kind === 'unary') stack.push(x.operand);
      else if (x.kind === 'binary') stack.push(x.left, x.right);
      else if (x.kind === 'call') stack.push(...x.args);
    }
    return out;
  }

  /** Whether `e` refers to `name`, directly or through the stored values of variables. */
  private refersTo(e: Expr, name: string): boolean {
    const seen = new Set<string>();
    const work = this.collectRefs(e);
    while (work.length) {
      const n = work.pop()!;
      if (n === name) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      const s = this.syms.get(n);
      if (s && s.state === 'variable' && s.constant === undefined && s.expr) work.push(...this.collectRefs(s.expr));
    }
    return false;
  }

  /** Evaluates with the current definitions: bigint, null (not absolute) or an issue. */
  private evalCurrent(e: Expr, active: Set<string>, depth: number, markUsed: boolean): bigint | null | ParseIssue {
    const r = evaluate(e, (n) => {
      const s = this.syms.get(n);
      if (!s || s.state !== 'variable') return null;
      if (s.constant !== undefined) return s.constant;
      if (markUsed) s.used = true;
      if (active.has(n) || depth >= MAX_CHAIN) return null;
      active.add(n);
      const v = this.evalCurrent(s.expr!, active, depth + 1, markUsed);
      active.delete(n);
      return typeof v === 'bigint' ? v : null;
    });
    if ('value' in r) return r.value;
    if ('error' in r) return r.error;
    return null;
  }

  /**
   * Final values, in order of first appearance: variables evaluated with the final definitions.
   * Reports errors found only now (e.g. division by zero after a forward reference resolved).
   */
  finish(): SymbolInfo[] {
    const memo = new Map<string, bigint | null>();
    const active = new Set<string>();
    const valueOf = (s: Sym, depth: number): bigint | null => {
      if (s.state !== 'variable') return null;
      if (s.constant !== undefined) return s.constant;
      const m = memo.get(s.name);
      if (m !== undefined) return m;
      if (active.has(s.name) || depth >= MAX_CHAIN) return null;
      active.add(s.name);
      const r = evaluate(s.expr!, (n) => {
        const t = this.syms.get(n);
        return t ? valueOf(t, depth + 1) : null;
      });
      active.delete(s.name);
      let v: bigint | null = null;
      if ('value' in r) v = r.value;
      else if ('error' in r) this.sink(r.error);
      memo.set(s.name, v);
      return v;
    };
    const out: SymbolInfo[] = [];
    for (const s of this.syms.values()) {
      if (s.state === 'label') out.push({ name: s.name, value: null, kind: 'label' });
      else if (s.state === 'common') out.push({ name: s.name, value: null, kind: 'common' });
      else if (s.state === 'undefined') out.push({ name: s.name, value: null, kind: 'undefined' });
      else {
        const v = valueOf(s, 0);
        out.push({ name: s.name, value: v, kind: v === null ? 'relocatable' : 'absolute' });
      }
    }
    return out;
  }
}

/** Whether a word operand or symbol name is a symbol llvm-mc would put in the table (not a `.L` temporary). */
export function isTemporarySymbol(name: string): boolean {
  return name.startsWith('.L');
}

/** Runs the symbol rules over parsed statements (assignments, labels, symbol directives). */
export function buildSymbolTable(statements: readonly Statement[], text: string, sink: IssueSink): SymbolTable {
  const table = new SymbolTable(sink);
  for (const st of statements) applyStatement(table, st, text);
  return table;
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
          for (const a of st.args) table.reference(unquoteName(text.slice(a.span.start, a.span.end)));
          break;
        case '.comm':
        case '.lcomm':
        case '.amdgpu_lds':
          if (st.args[0]) table.common(unquoteName(text.slice(st.args[0].span.start, st.args[0].span.end)));
          break;
        case '.size':
        case '.type':
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
