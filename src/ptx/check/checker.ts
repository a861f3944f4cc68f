/**
 * PTX module checks: what ptxas verifies before instruction semantics. `.version` / `.target` /
 * `.address_size` values and placement; names used but never declared, under PTX scoping (module,
 * function, nested blocks; labels may be used before their definition, variables and functions may
 * not); redeclarations; types and state spaces allowed in declarations; special registers that need
 * a newer target; instruction modifiers that PTX does not know.
 *
 * Lines follow ptxas: a redeclared variable is reported at the token after its name (ptxas's parser
 * needs that lookahead), a label at its `:`, a `.func` at its body's `{`, an `.entry` at its `)`.
 * An undeclared value operand is reported on the line ptxas type-checks the instruction (the opcode's
 * line, see `defer`); an undefined label at its use, and only if ptxas would reach the function's end.
 *
 * Linear time: every lookup is a hash-map probe; expression trees are walked with an explicit stack.
 *
 * The checks are split by construct: header.ts, declarations.ts (and scopes), functions.ts (and
 * their statements), instructions.ts; state.ts holds what they share.
 */
import type { DiagnosticBag } from '../../core/diagnostics.js';
import { locatedBefore, type SourceLocation } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import type * as A from '../parse/ast.js';
import { nextTokenStart } from '../lex/lexer.js';
import { SYSTEM_CALLS } from '../data/declarations.js';
import { formatVersionCode } from '../data/targets.js';
import { newSymbol, type PtxSymbol } from './scope.js';
import { CheckerSnapshot, CheckerState, FunctionFact, ModuleHeaderInfo } from './state.js';
import { headerItem } from './header.js';
import { moduleVariable } from './declarations.js';
import { alias, fileIndex, func } from './functions.js';
import { releaseInstructionCaches } from './instructions.js';

/**
 * `ptxas -c` refuses a module below PTX 3.1 ("'Compile only(-c)' requires PTX ISA .version 3.1 or
 * later"), except when the module defines a kernel and has an instruction ptxas implements with a
 * subroutine of its own (see SUBROUTINE_INSTRUCTION).
 */
const COMPILE_ONLY_MIN_VERSION = 31;

/**
 * The instructions that let a module below PTX 3.1 through `ptxas -c`, measured with ptxas 13.0
 * at sm_75, sm_80, sm_86, sm_89, sm_90, sm_100 and sm_120 alike: IEEE `div`, `rcp` and `sqrt` (a
 * rounding `.rn`/`.rz`/`.rm`/`.rp`, `.ftz` or not, `.f32` or `.f64`), 16- and 64-bit integer `div`
 * and `rem`, and `rsqrt.approx.f64` without `.ftz`. ptxas decides on the text, before optimizing: a
 * constant divisor, an unreachable instruction or an uncalled function count too, but only in a
 * module that defines a kernel (`.entry` with a body). Not the 32-bit
 * integer ones, `.approx`/`.full` division, other 64-bit integer or conversion instructions. The
 * test is on the text, comments included (a mention in a comment lets a module pass: a miss,
 * never a false error).
 */
const SUBROUTINE_INSTRUCTION = /\b(?:(?:div|rcp|sqrt)\.r[nzmp](?:\.ftz)?\.f(?:32|64)|(?:div|rem)\.[su](?:16|64)|rsqrt\.approx\.f64)\b/;

/** Checks one parsed module, adding PTX3xx diagnostics to `diags`. */
export function checkModule(module: A.Module, diags: DiagnosticBag, options: ModuleCheckOptions = {}): ModuleHeaderInfo {
  const checker = new ModuleChecker(module.source, diags, { compileOnly: options.compileOnly === true });
  for (const item of module.items) checker.item(item);
  return checker.finish(options.stopAt);
}

export interface ModuleCheckOptions {
  /**
   * Where ptxas would have stopped (its first syntax error): a function that does not end before
   * it never reaches ptxas's end-of-function resolution, so its unresolved names are not reported.
   */
  stopAt?: SourceLocation;
  /** Check as `ptxas -c` (separate compilation): see {@link ModuleChecker}'s `compileOnly`. */
  compileOnly?: boolean;
}

/**
 * The module checks, one module item at a time in source order (the parser can hand items over as
 * it finishes them, so a function's syntax tree is checked while it is fresh and then dropped).
 * `finish` reports what depends on where ptxas stopped.
 */
export class ModuleChecker extends CheckerState {

  // ------------------------------------------------------------------ parts of a module (speed/parallel.ts)
  // A module may be checked in two parts by two checkers (see speed/parallel.ts): both parts start
  // from equal `digest`s, and the second part's checker hands over its `snapshot` for `merge`.

  /**
   * Everything later module items can observe of the items checked so far, as one string: two
   * checkers with equal digests check the rest of a module alike. (Function bodies leave only the
   * call and address facts, which `snapshot` carries.)
   */
  digest(): string {
    const h = this.header;
    const parts: string[] = [`${this.itemCount} ${this.headerTargets} ${this.firstKinds.join(',')} ${h.version} ${h.sm} ${h.texmodeIndependent} ${h.addressSize}`];
    for (const x of this.table.module.names.values())
      parts.push(`${x.name} ${x.kind} ${x.space} ${x.linkage} ${x.entry} ${x.defined} ${x.aliased} ${x.paramCount} ${x.returnCount} ${x.shape} ${x.array} ${x.familyCount} ${x.nameSpan.start}`);
    for (const x of this.table.module.families.values()) parts.push(`family ${x.name} ${x.familyCount} ${x.nameSpan.start}`);
    for (const name of this.sectionLabelSpans.keys()) parts.push(`section label ${name}`);
    for (const i of this.fileIndices) parts.push(`file ${i}`);
    return parts.join('\n');
  }

  /**
   * What a part of the module checked by this checker hands over to the checker of the whole
   * (plain data: it crosses threads): the forward-reference diagnostics waiting for `finish`, and
   * what the checked items made known about each module-level function.
   */
  snapshot(): CheckerSnapshot {
    return { functionEnds: this.functionEnds, functionFacts: this.functionFacts(), abiOff: this.abiOff, ctaGroups: [...this.ctaGroups], callees: [...this.callees] };
  }

  /**
   * Adds the snapshot of a later part of the module, checked elsewhere from this checker's state
   * (equal digests): its forward-reference diagnostics, and its function facts (definitions,
   * aliases, the first call and address use, new functions).
   */
  merge(part: CheckerSnapshot): void {
    this.bodyItem = true;
    for (const e of part.functionEnds) this.functionEnds.push(e);
    this.mergeFunctionFacts(part.functionFacts);
    this.abiOff ??= part.abiOff;
    for (const [name, groups] of part.ctaGroups ?? []) this.ctaGroups.set(name, (this.ctaGroups.get(name) ?? 0) | groups);
    for (const [name, list] of part.callees ?? []) this.callees.set(name, list);
  }

  private functionFacts(): FunctionFact[] {
    const out: FunctionFact[] = [];
    for (const x of this.table.module.names.values()) {
      if (x.kind !== 'function') continue;
      const fact: FunctionFact = { name: x.name, nameSpan: x.nameSpan, entry: !!x.entry, defined: !!x.defined, aliased: !!x.aliased };
      if (x.linkage !== undefined) fact.linkage = x.linkage;
      if (x.calledAt) fact.calledAt = x.calledAt;
      if (x.addressTakenAt) fact.addressTakenAt = x.addressTakenAt;
      if (x.returnCount) fact.returnCount = x.returnCount;
      if (x.movAddressAt) fact.movAddressAt = x.movAddressAt;
      out.push(fact);
    }
    return out;
  }

  private mergeFunctionFacts(facts: readonly FunctionFact[]): void {
    const names = this.table.module.names;
    for (const f of facts) {
      const sym = names.get(f.name);
      if (!sym) {
        const added = newSymbol(f.name, 'function', f.nameSpan);
        added.entry = f.entry;
        added.defined = f.defined;
        added.aliased = f.aliased;
        if (f.linkage !== undefined) added.linkage = f.linkage;
        if (f.calledAt) added.calledAt = f.calledAt;
        if (f.addressTakenAt) added.addressTakenAt = f.addressTakenAt;
        if (f.returnCount) added.returnCount = f.returnCount;
        if (f.movAddressAt) added.movAddressAt = f.movAddressAt;
        names.set(f.name, added);
      } else if (sym.kind === 'function') {
        if (f.defined) sym.defined = true;
        if (f.aliased) sym.aliased = true;
        sym.calledAt ??= f.calledAt;
        sym.addressTakenAt ??= f.addressTakenAt;
        sym.movAddressAt ??= f.movAddressAt;
      }
    }
  }

  /** Checks the next module item. */
  item(item: A.ModuleItem): void {
    const index = this.itemCount++;
    if (index < 2) this.firstKinds[index] = item.kind;
    if (item.kind !== 'version' && item.kind !== 'target' && item.kind !== 'address_size') this.bodyItem = true;
    switch (item.kind) {
      case 'version':
      case 'target':
      case 'address_size':
        headerItem(this, item, index);
        break;
      case 'variable':
        moduleVariable(this, item);
        break;
      case 'function':
        func(this, item);
        break;
      case 'section':
        this.sectionLabels(item);
        break;
      case 'directive':
        if (item.name === '.alias') alias(this, item);
        break;
      case 'file':
        fileIndex(this, item);
        break;
      default:
        break;
    }
  }

  /**
   * Ends the module: forward references of a function are reported only if ptxas reaches the
   * function's end, i.e. when `stopAt` (its first syntax error) does not come before that end.
   */
  finish(stopAt?: SourceLocation): ModuleHeaderInfo {
    for (const f of this.functionEnds) {
      workMeter.steps += 1 + f.deferred.length;
      const completed = !stopAt || (f.followed && locatedBefore(f.end, stopAt));
      for (const d of f.deferred) if (completed || d.immediate || (d.at && (!stopAt || locatedBefore(d.at, stopAt)))) this.diags.add(d.diag);
    }
    this.functionEnds.length = 0;
    if (this.versionTargetMismatch && this.bodyItem) this.error(...this.versionTargetMismatch);
    if (this.options.compileOnly) this.compileOnlyNeeds();
    this.unresolvedFunctions();
    if (this.ctaGroups.size > 0) this.ctaGroupMix();
    // The instruction layer's spelling caches hold this checker (their context) until the next
    // module: let it go with the module (a language server keeps one process for many files).
    releaseInstructionCaches();
    return this.header;
  }

  /**
   * What `ptxas -c` needs of a module, found after the whole of it (ptxas names no line: "'Compile
   * only(-c)' requires PTX ISA .version 3.1 or later" (see COMPILE_ONLY_MIN_VERSION), "... requires
   * ABI"). A function with several (.reg) return values turns the ABI off, and so does a
   * module-scope .reg or .local variable (an error of its own from .version 3.0 on); ptxas names the
   * first reason only. Like the link-time errors, reported only when nothing else is wrong (see
   * COMPILE_ONLY_CODES in index.ts).
   */
  private compileOnlyNeeds(): void {
    const v = this.header.version;
    if (v !== undefined && v < COMPILE_ONLY_MIN_VERSION && this.versionSpan && !(this.definesEntry() && SUBROUTINE_INSTRUCTION.test(this.text))) {
      this.error('PTX358', `separate compilation (-c) needs PTX .version ${formatVersionCode(COMPILE_ONLY_MIN_VERSION)} or later, not ${formatVersionCode(v)}`, this.spanLoc(this.versionSpan));
      return;
    }
    if (this.abiOff) {
      const x = this.abiOff;
      this.error('PTX359', `separate compilation (-c) needs the ABI, which the module-scope ${x.space} variable '${x.name}' turns off`, this.spanLoc(x.nameSpan));
      return;
    }
    for (const sym of this.table.module.names.values())
      if (sym.kind === 'function' && (sym.returnCount ?? 0) > 1) {
        this.error('PTX359', `separate compilation (-c) needs the ABI, which function '${sym.name}' turns off with ${sym.returnCount} return values`, this.spanLoc(sym.nameSpan));
        return;
      }
  }

  /** Whether the module defines a kernel (`.entry` with a body). */
  private definesEntry(): boolean {
    for (const sym of this.table.module.names.values()) if (sym.kind === 'function' && sym.entry && sym.defined) return true;
    return false;
  }

  /**
   * ptxas compiles the whole program: a function declared without a body anywhere in the module
   * cannot be resolved ("Unresolved extern function"), unless it is `.extern` and never called;
   * the address of one cannot be taken ("Cannot take address of function"). The system calls
   * (`vprintf`, `malloc`, ...) are supplied by ptxas. With `-c` (compileOnly) `.extern` ones are
   * left to the linker: called or address taken, they are no error. These are found after
   * the whole module (ptxas names no line), so they are link-time errors (see LINK_TIME_CODES).
   */
  private unresolvedFunctions(): void {
    for (const sym of this.table.module.names.values()) {
      if (sym.kind !== 'function' || sym.defined || sym.aliased) continue;
      // A system call is supplied by ptxas, in both modes, but its address cannot be taken by a
      // `mov` (other instructions, `add`, `cvta.to`, take it without complaint).
      if (SYSTEM_CALLS.has(sym.name)) {
        if (sym.movAddressAt) this.error('PTX349', `cannot take the address of system function '${sym.name}'`, this.spanLoc(sym.movAddressAt));
        continue;
      }
      // Separate compilation: the linker resolves .extern functions (but no other body-less one).
      if (this.options.compileOnly && sym.linkage === '.extern') continue;
      if (sym.addressTakenAt)
        this.error('PTX349', `cannot take the address of function '${sym.name}': it is declared but not defined in this module`, this.spanLoc(sym.addressTakenAt));
      else if (sym.linkage !== '.extern')
        this.error('PTX348', `function '${sym.name}' is declared but never defined in this module (ptxas: unresolved extern function)`, this.spanLoc(sym.nameSpan));
      else if (sym.calledAt)
        this.error('PTX348', `.extern function '${sym.name}' is called but not defined in this module (ptxas: unresolved extern function)`, this.spanLoc(sym.calledAt));
    }
  }

  /**
   * tcgen05's CTA granularities: a kernel whose instructions, or those of the functions it calls
   * directly or through others, name both `.cta_group::1` and `.cta_group::2` (any tcgen05
   * instruction with the word, guarded or unreachable) is refused by ptxas without a line ("Function
   * 'k' uses single CTA(.cta_group::1) and CTA pair granularity(.cta_group::2) and that is not
   * allowed"); a function no kernel reaches is not compiled and not judged. Every kernel reaches, with
   * the functions it calls, every function whose address is taken anywhere in the module, by an
   * instruction of any function (called or not) or by an initializer, whether or not anything calls
   * through a register; addresses taken in initializers are not followed here (a miss, never a false
   * error). With `-c` each function is judged on its own instructions, every function, called or
   * not, kernel or not (callees are not followed). Measured with ptxas 13.0 on sm_100a. Reported at the kernel's
   * (function's) name, as a link-time error (see LINK_TIME_CODES).
   */
  private ctaGroupMix(): void {
    const names = this.table.module.names;
    const addressed: string[] = [];
    for (const sym of names.values()) if (sym.kind === 'function' && sym.addressTakenAt !== undefined) addressed.push(sym.name);
    for (const sym of names.values()) {
      if (sym.kind !== 'function' || !sym.defined) continue;
      let groups: number;
      if (this.options.compileOnly) groups = this.ctaGroups.get(sym.name) ?? 0;
      else if (!sym.entry) continue;
      else {
        groups = 0;
        const todo = [sym.name, ...addressed];
        const seen = new Set<string>(todo);
        while (todo.length > 0 && groups !== 3) {
          const f = todo.pop()!;
          groups |= this.ctaGroups.get(f) ?? 0;
          for (const g of this.callees.get(f) ?? []) {
            if (seen.has(g)) continue;
            seen.add(g);
            todo.push(g);
          }
        }
      }
      if (groups === 3)
        this.error('PTX529', `${sym.entry ? 'kernel' : 'function'} '${sym.name}' uses tcgen05 instructions of both CTA granularities, .cta_group::1 and .cta_group::2${this.options.compileOnly ? '' : ' (with the functions it calls)'}: one kernel may use one only`, this.spanLoc(sym.nameSpan));
    }
  }

  private sectionLabels(section: A.SectionDirective): void {
    for (const e of section.entries) {
      if (e.kind === 'data' && !this.versionAtLeast(75))
        for (const v of e.values)
          if (v.kind === 'binary' && v.op === '-' && v.left.kind === 'name' && v.right.kind === 'name')
            // ptxas: "Feature 'labels1 - labels2 expression in .section' requires PTX ISA .version 7.5 or later" (measured at 7.0 and 7.4).
            this.error('PTX307', `a label difference (${v.left.name} - ${v.right.name}) in .section data requires PTX ISA .version 7.5 or later`, this.spanLoc(v.span));
      if (e.kind !== 'label') continue;
      const prev = this.sectionLabelSpans.get(e.name);
      if (prev) {
        const colon = nextTokenStart(this.text, e.span.start + e.name.length);
        this.error('PTX321', `duplicate definition of label '${e.name}'`, this.tokenLoc(colon < this.text.length ? colon : e.span.start), this.previousNote(prev));
      } else this.sectionLabelSpans.set(e.name, { start: e.span.start, end: e.span.start + e.name.length });
    }
  }
}
export type { ModuleHeaderInfo, FunctionFact, FunctionEnd, CheckerSnapshot } from './state.js';
