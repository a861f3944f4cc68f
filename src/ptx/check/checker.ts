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
 */
import type { Diagnostic, DiagnosticBag } from '../../core/diagnostics.js';
import { locatedBefore, type MappedText, type SourceLocation, type Span } from '../../core/source.js';
import { workMeter } from '../../core/work.js';
import type * as A from '../parse/ast.js';
import { evaluateConstExpr } from './consteval.js';
import { nextTokenStart } from '../lex/lexer.js';
import { opaqueInitializerFails } from './opaque.js';
import {
  ADDRESS_SIZE_MIN_VERSION,
  ATTRIBUTE_MIN_SM,
  ATTRIBUTE_MIN_VERSION,
  ENTRY_ATTRIBUTES,
  FUNC_ATTRIBUTES,
  DECLARATION_TYPE_BITS,
  DECLARATION_VECTOR_WIDTHS,
  INSTRUCTION_ONLY_TYPES,
  MAX_VECTOR_BITS,
  MODULE_REG_ERROR_VERSION,
  OPAQUE_TYPES,
  SYSTEM_CALLS,
  TEX_DEPRECATED_VERSION,
  TYPE_REQUIREMENTS,
} from '../data/declarations.js';
import { INSTRUCTION_REFUSED, unknownModifiers } from '../data/modifiers.js';
import { SPECIAL_REGISTERS } from '../data/special-registers.js';
import {
  formatVersionCode,
  formatVersionRanges,
  parseTargetName,
  SUPPORTED_VERSIONS,
  TARGET_MIN_VERSION,
  TARGET_OPTIONS,
  versionCode,
} from '../data/targets.js';
import { mergePending, SymbolTable, type PendingRef, type PtxSymbol } from './scope.js';

/** What the header said, for checks that depend on it. */
export interface ModuleHeaderInfo {
  /** major*10+minor, when a valid-looking `.version` came first. */
  version?: number;
  /** SM number of the first architecture in `.target`. */
  sm?: number;
  texmodeIndependent: boolean;
  addressSize?: number;
}

/**
 * `ptxas -c` refuses a module below PTX 3.1 ("'Compile only(-c)' requires PTX ISA .version 3.1 or
 * later"), except, measured with ptxas 13.0 at sm_80, when the module has an instruction ptxas
 * implements with a subroutine of its own (IEEE `div`/`rcp`/`sqrt` .rn/.rz/.rm/.rp, 16- and 64-bit
 * integer `div`, `rsqrt.approx.f64`, ...). Which those are depends on the code ptxas generates, so
 * any `div`, `rem`, `rcp`, `sqrt` or `rsqrt` in the text (comments included) lets the module pass:
 * some modules ptxas refuses are accepted, none it accepts is refused.
 */
const COMPILE_ONLY_MIN_VERSION = 31;
const MAYBE_SUBROUTINE_OPCODE = /\b(?:div|rem|rcp|sqrt|rsqrt)\.[a-z]/;

const C_LT = 60;
const C_DOT = 46;
const C_SEMI = 59;
const C_0 = 48;
const C_9 = 57;
const C_LPAREN = 40;
const C_RPAREN = 41;

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

/** A module-level function as a part of the module left it (plain data: it crosses threads). */
export interface FunctionFact {
  name: string;
  nameSpan: Span;
  linkage?: string;
  entry: boolean;
  defined: boolean;
  aliased: boolean;
  calledAt?: Span;
  addressTakenAt?: Span;
  /** How many return parameters it declares (more than one disables the ABI, which `-c` needs). */
  returnCount?: number;
  /** The first `mov` of its address (refused for a system call). */
  movAddressAt?: Span;
}

/** What a checker of part of a module hands over (ModuleChecker.snapshot, merge). */
export interface CheckerSnapshot {
  functionEnds: FunctionEnd[];
  functionFacts: FunctionFact[];
}

/** A diagnostic produced at a function's end in ptxas (a forward reference that never resolved). */
interface Deferred {
  diag: Diagnostic;
  /** ptxas reports it while reading the instruction, not at the function's end. */
  immediate: boolean;
  /** ptxas reports it (and stops) at this point, a block's closing brace, when it gets there. */
  at?: SourceLocation;
}

/** The forward-reference diagnostics of one function, kept until it is known whether ptxas reaches its end. */
export interface FunctionEnd {
  deferred: Deferred[];
  /** Where the function's closing brace is. */
  end: SourceLocation;
  /** Something follows the function (a file ending inside it never completes it). */
  followed: boolean;
}

/**
 * The module checks, one module item at a time in source order (the parser can hand items over as
 * it finishes them, so a function's syntax tree is checked while it is fresh and then dropped).
 * `finish` reports what depends on where ptxas stopped.
 */
export class ModuleChecker {
  private readonly text: string;
  private readonly table = new SymbolTable();
  private readonly header: ModuleHeaderInfo = { texmodeIndependent: false };
  /** The function being checked conflicts with an earlier declaration (see func). */
  private headerConflict = false;
  /** Names of the `.param` return parameters of the function being checked (write-only in it, by name). */
  private readonly returnParams = new Set<string>();
  /** A syntax error found by the checker in the function being checked (see syntaxError). */
  private stoppedInFunction = false;
  /** `.file` indices seen so far. */
  private readonly fileIndices = new Set<string>();
  /** `.target` directives in a row right after `.version` (ptxas takes repeated ones). */
  private headerTargets = 0;
  /** Forward-reference diagnostics of the function being checked. */
  private deferred: Deferred[] = [];
  /** Functions with forward-reference diagnostics, resolved in `finish`. */
  private readonly functionEnds: FunctionEnd[] = [];
  /** How many module items came so far, and the kinds of the first two (the header's places). */
  private itemCount = 0;
  private firstKinds: [string | undefined, string | undefined] = [undefined, undefined];
  /** Errors reported so far, those the bag drops as repeats included. */
  private errorCount = 0;

  /**
   * `compileOnly`: check as `ptxas -c` (separate compilation, as `nvcc -rdc=true` output is
   * assembled): an `.extern` function may be called and its address taken without a body in the
   * module (the linker resolves it), but the module must have `.version` 3.1 or later and keep the
   * ABI (no function with several return values). See finish.
   */
  constructor(
    private readonly source: MappedText,
    private diags: DiagnosticBag,
    private readonly options: { compileOnly?: boolean } = {},
  ) {
    this.text = source.text;
  }

  /** Where the module's `.version` directive is (when it was a supported one). */
  private versionSpan: Span | undefined = undefined;

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
    return { functionEnds: this.functionEnds, functionFacts: this.functionFacts() };
  }

  /**
   * Adds the snapshot of a later part of the module, checked elsewhere from this checker's state
   * (equal digests): its forward-reference diagnostics, and its function facts (definitions,
   * aliases, the first call and address use, new functions).
   */
  merge(part: CheckerSnapshot): void {
    for (const e of part.functionEnds) this.functionEnds.push(e);
    this.mergeFunctionFacts(part.functionFacts);
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
        const added: PtxSymbol = { name: f.name, kind: 'function', nameSpan: f.nameSpan, entry: f.entry, defined: f.defined, aliased: f.aliased };
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
    switch (item.kind) {
      case 'version':
      case 'target':
      case 'address_size':
        this.headerItem(item, index);
        break;
      case 'variable':
        this.moduleVariable(item);
        break;
      case 'function':
        this.func(item);
        break;
      case 'section':
        this.sectionLabels(item);
        break;
      case 'directive':
        if (item.name === '.alias') this.alias(item);
        break;
      case 'file':
        this.fileIndex(item);
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
    if (this.options.compileOnly) this.compileOnlyNeeds();
    this.unresolvedFunctions();
    return this.header;
  }

  /**
   * What `ptxas -c` needs of a module, found after the whole of it (ptxas names no line: "'Compile
   * only(-c)' requires PTX ISA .version 3.1 or later" (see COMPILE_ONLY_MIN_VERSION), "... requires
   * ABI"). A function with several (.reg) return values turns the ABI off. (So does a module-scope
   * .reg or .local variable, but those are an error from .version 3.0 on, so the .version rule
   * covers them.) Like the link-time errors, reported only when nothing else is wrong (see
   * COMPILE_ONLY_CODES in index.ts).
   */
  private compileOnlyNeeds(): void {
    const v = this.header.version;
    if (v !== undefined && v < COMPILE_ONLY_MIN_VERSION && this.versionSpan && !MAYBE_SUBROUTINE_OPCODE.test(this.text))
      this.error('PTX358', `separate compilation (-c) needs PTX .version ${formatVersionCode(COMPILE_ONLY_MIN_VERSION)} or later, not ${formatVersionCode(v)}`, this.spanLoc(this.versionSpan));
    for (const sym of this.table.module.names.values())
      if (sym.kind === 'function' && (sym.returnCount ?? 0) > 1)
        this.error('PTX359', `separate compilation (-c) needs the ABI, which function '${sym.name}' turns off with ${sym.returnCount} return values`, this.spanLoc(sym.nameSpan));
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

  /** Labels of every `.section` share one namespace (ptxas: "Duplicate definition of label"),
   *  apart from function labels and variables. */
  private readonly sectionLabelSpans = new Map<string, Span>();

  private sectionLabels(section: A.SectionDirective): void {
    for (const e of section.entries) {
      if (e.kind !== 'label') continue;
      const prev = this.sectionLabelSpans.get(e.name);
      if (prev) {
        const colon = nextTokenStart(this.text, e.span.start + e.name.length);
        this.error('PTX321', `duplicate definition of label '${e.name}'`, this.tokenLoc(colon < this.text.length ? colon : e.span.start), this.previousNote(prev));
      } else this.sectionLabelSpans.set(e.name, { start: e.span.start, end: e.span.start + e.name.length });
    }
  }

  // ------------------------------------------------------------------ locations

  private loc(offset: number, length = 0): SourceLocation {
    return this.source.locate(offset, length);
  }

  private spanLoc(span: Span): SourceLocation {
    return this.loc(span.start, span.end - span.start);
  }

  /**
   * An error ptxas's parser makes (the checker finds it): ptxas stops there, so the function being
   * checked never reaches its end, where unresolved labels would be reported.
   */
  private syntaxError(code: string, message: string, where: SourceLocation): void {
    this.error(code, message, where);
    this.stoppedInFunction = true;
  }

  private error(code: string, message: string, where: SourceLocation, notes?: Diagnostic[]): void {
    this.errorCount++;
    this.diags.error(code, message, where, notes);
  }

  private previousNote(previous: Span): Diagnostic[] {
    return [{ severity: 'note', code: 'PTX399', message: 'previous declaration is here', location: this.spanLoc(previous) }];
  }

  /** Where ptxas reports a redeclared variable: the token after its name (after `<` for `%r<N>`). */
  private declaratorConflictLoc(d: A.Declarator): SourceLocation {
    let p = nextTokenStart(this.text, d.nameSpan.end);
    if (d.parameterizedCount !== undefined && this.text.charCodeAt(p) === C_LT) p = nextTokenStart(this.text, p + 1);
    return this.tokenLoc(p);
  }

  private tokenLoc(offset: number): SourceLocation {
    return this.loc(Math.min(offset, this.text.length), offset < this.text.length ? 1 : 0);
  }

  /** Where ptxas reports a redefined function: `.func` at its `{` (or `;`), `.entry` at its `)`. */
  private functionConflictLoc(f: A.FunctionDecl): SourceLocation {
    if (f.entry) {
      if (f.params && f.params.length > 0) return this.tokenLoc(nextTokenStart(this.text, f.params[f.params.length - 1]!.span.end));
      const p = nextTokenStart(this.text, f.nameSpan.end);
      if (f.params && this.text.charCodeAt(p) === C_LPAREN) {
        const close = nextTokenStart(this.text, p + 1);
        if (this.text.charCodeAt(close) === C_RPAREN) return this.tokenLoc(close);
      }
      return this.tokenLoc(p);
    }
    if (f.body) return this.tokenLoc(f.body.span.start);
    // A declaration: the `;` that ends it is the last character of its span; without one (ptxas
    // takes that too), the token after it.
    const last = Math.max(f.span.start, f.span.end - 1);
    return this.tokenLoc(this.text.charCodeAt(last) === C_SEMI ? last : nextTokenStart(this.text, f.span.end));
  }

  // ------------------------------------------------------------------ header

  /// header := '.version' V ('.target' T (',' T)*)+ ['.address_size' N]; nothing of the three later.
  /// ptxas takes repeated `.target` lines in a row (the last one counts).
  private headerItem(item: A.VersionDirective | A.TargetDirective | A.AddressSizeDirective, index: number): void {
    const [first, second] = this.firstKinds;
    const inPlace =
      item.kind === 'version'
        ? index === 0
        : item.kind === 'target'
          ? first === 'version' && index === 1 + this.headerTargets
          : first === 'version' && second === 'target' && index === 1 + this.headerTargets;
    if (item.kind === 'target' && inPlace) this.headerTargets++;
    if (inPlace) {
      if (item.kind === 'version') this.checkVersion(item);
      else if (item.kind === 'target') this.checkTarget(item);
      else this.checkAddressSize(item);
    } else if (index >= 2 && first === 'version' && second === 'target') {
      // Out of place in a module that starts well (one that does not has its error already).
      const what = item.kind === 'address_size' ? '.address_size' : `.${item.kind}`;
      const rule = item.kind === 'address_size' ? 'it may only follow .target' : 'it may appear only once, at the start of the file';
      this.error('PTX308', `unexpected ${what} directive: ${rule}`, this.loc(item.span.start, what.length));
    }
  }

  private checkVersion(v: A.VersionDirective): void {
    const code = versionCode(v.major, v.minor);
    if (!SUPPORTED_VERSIONS.has(code) || !Number.isInteger(v.major) || !Number.isInteger(v.minor)) {
      this.error(
        'PTX301',
        `unsupported .version ${v.raw}: ptxas accepts ${formatVersionRanges()}`,
        this.spanLoc(v.span),
      );
      return;
    }
    this.header.version = code;
    this.versionSpan = v.span;
  }

  private checkTarget(t: A.TargetDirective): void {
    let texmode: string | undefined;
    this.header.sm = undefined; // a repeated `.target` replaces the one before
    for (let i = 0; i < t.targets.length; i++) {
      const { name, span } = t.targets[i]!;
      const arch = parseTargetName(name);
      if (arch) {
        const min = TARGET_MIN_VERSION.get(arch.key);
        if (min === undefined) {
          this.error('PTX302', `unsupported .target '${name}'`, this.spanLoc(span));
          return;
        }
        if (this.header.sm === undefined) {
          this.header.sm = arch.number;
          if (this.header.version !== undefined && this.header.version < min)
            this.error(
              'PTX304',
              `PTX .version ${formatVersionCode(this.header.version)} does not support .target ${name} (it needs .version ${formatVersionCode(min)} or later)`,
              this.spanLoc(span),
            );
        }
        continue;
      }
      if (i === 0) {
        this.error('PTX303', `.target must name an architecture (sm_XX or compute_XX) first, not '${name}'`, this.spanLoc(span));
        return;
      }
      if (!TARGET_OPTIONS.has(name)) {
        this.error('PTX302', `unsupported .target '${name}'`, this.spanLoc(span));
        return;
      }
      if (name === 'texmode_unified' || name === 'texmode_independent') {
        if (texmode !== undefined && texmode !== name) {
          this.error('PTX305', `conflicting .target option '${name}' (already ${texmode})`, this.spanLoc(span));
          return;
        }
        texmode = name;
        if (name === 'texmode_independent') this.header.texmodeIndependent = true;
      }
    }
  }

  private checkAddressSize(a: A.AddressSizeDirective): void {
    if (a.size !== 32 && a.size !== 64) {
      this.error('PTX306', `illegal .address_size ${a.size}: it must be 32 or 64`, this.spanLoc(a.span));
      return;
    }
    this.header.addressSize = a.size;
    if (this.header.version !== undefined && this.header.version < ADDRESS_SIZE_MIN_VERSION)
      this.error('PTX307', `.address_size requires PTX ISA .version 2.3 or later`, this.spanLoc(a.span));
  }

  // ------------------------------------------------------------------ declarations

  private versionAtLeast(code: number): boolean {
    return this.header.version === undefined || this.header.version >= code;
  }

  /** Type, vector and state-space rules shared by every declaration. */
  private checkDeclarationShape(decl: A.VariableDecl, context: 'module' | 'body' | 'entryParam' | 'funcParam', definition = true): boolean {
    // Located only when reported: most declarations are fine.
    const typeLoc = (): SourceLocation => this.spanLoc(decl.typeSpan);
    const bits = DECLARATION_TYPE_BITS.get(decl.type);
    if (bits === undefined) {
      // ptxas 13.0 also accepts a few arrays of these and crashes on most others (see
      // docs/divergences.md): every declaration of one is refused, as its message says.
      if (INSTRUCTION_ONLY_TYPES.has(decl.type))
        this.error('PTX334', `type ${decl.type} may only be used as an instruction type, not in a declaration`, typeLoc());
      else this.error('PTX333', `type ${decl.type} cannot be used in a variable declaration`, typeLoc());
      return false;
    }
    const needs = TYPE_REQUIREMENTS.get(decl.type);
    if (needs) {
      if (this.header.sm !== undefined && this.header.sm < needs.minSm) {
        this.error('PTX346', `type ${decl.type} requires .target sm_${needs.minSm} or higher`, typeLoc());
        return false;
      }
      if (!this.versionAtLeast(needs.minVersion)) {
        this.error('PTX307', `type ${decl.type} requires PTX ISA .version ${formatVersionCode(needs.minVersion)} or later`, typeLoc());
        return false;
      }
    }
    const start = (): SourceLocation => this.loc(decl.span.start, decl.space.length);
    if (decl.space === '.sreg') {
      this.error('PTX330', `variables cannot be declared in the .sreg state space`, start());
      return false;
    }
    if (decl.vector !== undefined) {
      if (!DECLARATION_VECTOR_WIDTHS.has(decl.vector)) {
        this.error('PTX337', `.v${decl.vector} cannot be used in a declaration (only .v2 and .v4)`, start());
        return false;
      }
      if (decl.type === '.pred') {
        this.error('PTX335', `predicate type can only define scalar register variables, not vectors`, typeLoc());
        return false;
      }
      if (decl.vector * bits > MAX_VECTOR_BITS) {
        this.error('PTX337', `vector type .v${decl.vector} ${decl.type} is ${decl.vector * bits} bits: the limit is 128`, typeLoc());
        return false;
      }
    }
    const firstName = decl.declarators[0]?.name ?? '';
    if (decl.vector !== undefined && decl.space === '.param' && definition) {
      // ptxas: "Variable 'x' cannot be allocated in .param state space" (a prototype-only list may).
      this.error('PTX347', `.param variable '${firstName}' cannot have a vector type`, start());
      return false;
    }
    if (decl.linkage === '.common' && decl.space !== '.global') {
      // ptxas reports it at the end of the declaration.
      this.error('PTX330', `.common variables must be in the .global state space, not ${decl.space}`, this.loc(Math.max(decl.span.start, decl.span.end - 1), 1));
      return false;
    }
    if (decl.type === '.pred' && decl.space !== '.reg') {
      this.error('PTX335', `predicate variable '${firstName}' must be in the .reg state space`, start());
      return false;
    }
    if (OPAQUE_TYPES.has(decl.type)) {
      if (context === 'body' || context === 'funcParam') {
        this.error('PTX336', `texture, sampler and surface variables ('${firstName}') must be declared at module scope or as entry parameters`, typeLoc());
        return false;
      }
      if (!this.checkOpaqueHandles(decl, context)) return false;
    }
    if (decl.vector !== undefined && !this.writtenBeforeType(decl, `.v${decl.vector}`)) {
      this.error('PTX339', `the vector width .v${decl.vector} must come before the type ${decl.type}`, typeLoc());
      return false;
    }
    if (decl.align !== undefined) {
      if (!this.writtenBeforeType(decl, '.align')) {
        this.error('PTX339', `.align must come before the type ${decl.type}`, typeLoc());
        return false;
      }
      if (decl.align <= 0n || (decl.align & (decl.align - 1n)) !== 0n) {
        this.error('PTX341', `alignment ${decl.align} is not a power of two`, start());
        return false;
      }
    }
    if (decl.space === '.tex') {
      if (context !== 'module') {
        this.error('PTX330', `.tex variable '${firstName}' must be declared at module scope`, start());
        return false;
      }
      if (this.versionAtLeast(TEX_DEPRECATED_VERSION)) {
        this.error('PTX332', `.tex is not supported as of PTX version 1.5; declare a .global .texref instead`, start());
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
  private checkOpaqueHandles(decl: A.VariableDecl, context: 'module' | 'entryParam'): boolean {
    let ok = true;
    for (const d of decl.declarators) {
      if (d.dims.length > 0) continue;
      if (d.initializer && opaqueInitializerFails(decl, [], d.initializer, this.text)) continue;
      const at = (): SourceLocation => this.tokenLoc(nextTokenStart(this.text, d.nameSpan.end));
      if (context === 'module' && decl.space !== '.global') {
        this.error('PTX336', `texture, sampler and surface variable '${d.name}' must be in the .global state space, not ${decl.space}`, at());
        ok = false;
      }
      if (decl.type === '.samplerref' && !this.header.texmodeIndependent) {
        this.error('PTX338', `.samplerref variable '${d.name}' needs '.target texmode_independent'`, at());
        ok = false;
      }
      if (decl.linkage === '.common') {
        this.error('PTX330', `.common variable '${d.name}' cannot have type ${decl.type}`, at());
        ok = false;
      }
    }
    return ok;
  }

  /** Whether `word` (e.g. `.v2`, `.align`) is written between the declaration's start and its type. */
  private writtenBeforeType(decl: A.VariableDecl, word: string): boolean {
    let at = this.text.indexOf(word, decl.span.start);
    while (at >= 0 && at < decl.typeSpan.start) {
      const next = this.text.charCodeAt(at + word.length);
      // Not a longer word (`.v2` inside `.v24`, `.align` inside `.aligned`).
      if (!(next >= 48 && next <= 57) && !(next >= 97 && next <= 122) && next !== 95) return true;
      at = this.text.indexOf(word, at + 1);
    }
    return false;
  }

  /**
   * `x[]` needs an initializer or `.extern`; only the outermost dimension may be unsized; entry
   * parameters may not be unsized at all (function parameters may).
   */
  private checkArrayDims(decl: A.VariableDecl, d: A.Declarator, context: 'module' | 'body' | 'entryParam' | 'funcParam'): void {
    for (const e of d.dims) if (e && !this.literalDimension(e)) return;
    if (decl.space === '.reg' && d.dims.length > 0 && context !== 'module') {
      // ptxas, at the declaration (its closing `]`), used or not.
      const at = this.loc(Math.max(d.span.start, d.span.end - 1), 1);
      if (decl.type === '.pred') this.error('PTX335', `predicate type can only define scalar register variables, not arrays ('${d.name}')`, at);
      else this.error('PTX355', `register variable '${d.name}' cannot be an array`, at);
      return;
    }
    for (let i = 1; i < d.dims.length; i++)
      if (d.dims[i] === null && !d.initializer) {
        this.error('PTX342', `only the outermost array dimension of '${d.name}' may be left unsized`, this.spanLoc(d.nameSpan));
        return;
      }
    if (d.dims[0] !== null || d.dims.length === 0 || d.initializer) return;
    if (context === 'entryParam')
      // ptxas reports it at the token after the parameter.
      this.error('PTX342', `entry parameter '${d.name}' cannot be an unsized array`, this.tokenLoc(nextTokenStart(this.text, d.span.end)));
    else if (context !== 'funcParam' && decl.linkage !== '.extern')
      this.error('PTX342', `'${d.name}' has an unsized array type but no initializer and is not .extern`, this.spanLoc(d.nameSpan));
  }

  /** The reserved names a declaration may not use. */
  private checkDeclaredName(name: string, span: Span): boolean {
    if (name === '_' || name === 'WARP_SZ') {
      this.error('PTX327', `'${name}' is reserved and cannot be declared`, this.spanLoc(span));
      return false;
    }
    return true;
  }

  private moduleVariable(decl: A.VariableDecl): void {
    this.linkageVersion(decl.linkage, decl.span.start);
    const start = (): SourceLocation => this.loc(decl.span.start, decl.space.length);
    let shapeOk = false;
    if (decl.space === '.param') this.error('PTX330', `.param variables may not be declared at module scope`, start());
    else shapeOk = this.checkDeclarationShape(decl, 'module');
    // ptxas: for each declarator, at the token after its name.
    if (shapeOk && (decl.space === '.reg' || decl.space === '.local') && this.versionAtLeast(MODULE_REG_ERROR_VERSION))
      for (const d of decl.declarators)
        this.error('PTX331', `module-scope ${decl.space} variable '${d.name}' is not allowed with the ABI (PTX 3.0 and later)`, this.tokenLoc(nextTokenStart(this.text, d.nameSpan.end)));
    // A broken declaration still declares its names, so their uses do not cascade into errors.
    for (const d of decl.declarators) {
      if (!this.checkDeclaredName(d.name, d.nameSpan)) continue;
      if (shapeOk) this.checkArrayDims(decl, d, 'module');
      // Initializer names are checked with the initializer values (layout stage, PTX429).
      this.declareModuleVariable(decl, d);
    }
  }

  private declareModuleVariable(decl: A.VariableDecl, d: A.Declarator): void {
    // Located only when reported (computing a location builds the line table).
    const at = (): SourceLocation => this.declaratorConflictLoc(d);
    if (SPECIAL_REGISTERS.has(d.name)) {
      this.error('PTX326', `'${d.name}' is a predefined identifier and cannot be redeclared at module scope`, at());
      return;
    }
    const prev = this.table.conflictInCurrent(d.name, d.parameterizedCount);
    const sym: PtxSymbol = { name: d.name, kind: 'variable', nameSpan: d.nameSpan, space: decl.space, type: decl.type, array: d.dims.length > 0, shape: variableShape(decl, d) };
    if (decl.linkage) sym.linkage = decl.linkage;
    if (d.parameterizedCount !== undefined) sym.familyCount = d.parameterizedCount;
    if (!prev) {
      this.table.declare(sym);
      return;
    }
    if (prev.kind === 'function') {
      this.error('PTX323', `'${d.name}' is redeclared as a variable but was declared as a function`, at(), this.previousNote(prev.nameSpan));
      return;
    }
    // An `.extern` redeclaration, or the definition of an `.extern` variable, must repeat its type
    // and array sizes (an unsized dimension matches any); the state space is not compared (ptxas).
    if ((decl.linkage === '.extern' || prev.linkage === '.extern') && prev.shape !== undefined && !sameShape(prev.shape, sym.shape!)) {
      this.error('PTX323', `inconsistent redefinition of variable '${d.name}': type or array size differs`, at(), this.previousNote(prev.nameSpan));
      return;
    }
    if (decl.linkage === '.extern') return; // ptxas ignores an .extern redeclaration
    if (prev.linkage === '.extern' && d.parameterizedCount === undefined) {
      if (decl.linkage === '.visible' || decl.linkage === '.weak' || decl.linkage === '.common') this.table.declare(sym);
      else
        this.error('PTX324', `.extern variable '${d.name}' cannot be defined by a non-.visible (static) declaration`, at(), this.previousNote(prev.nameSpan));
      return;
    }
    this.error('PTX320', `duplicate definition of variable '${d.name}'`, at(), this.previousNote(prev.nameSpan));
  }

  // ------------------------------------------------------------------ functions

  private func(f: A.FunctionDecl): void {
    this.linkageVersion(f.linkage, f.span.start);
    const before = this.errorCount;
    this.declareFunction(f);
    if (paramReturns(f.returns) > 1) this.multipleParamReturns(this.functionConflictLoc(f));
    // ptxas compares a redeclaration with the prototype first, at the end of the header, and
    // reports duplicate parameter names only after that: then the conflict is the first error.
    this.headerConflict = this.errorCount > before;
    if (!this.headerConflict) this.externDefinition(f);
    this.checkFunctionAttributes(f);
    if (!f.body) {
      // Parameter lists of declarations still follow the declaration rules.
      for (const p of f.params ?? []) this.checkDeclarationShape(p, f.entry ? 'entryParam' : 'funcParam', false);
      return;
    }
    this.table.open();
    this.deferred = [];
    for (const r of f.returns ?? []) this.declareParam(r, 'funcParam');
    this.returnParams.clear();
    for (const r of f.returns ?? []) if (r.space === '.param') for (const d of r.declarators) this.returnParams.add(d.name);
    for (const p of f.params ?? []) this.declareParam(p, f.entry ? 'entryParam' : 'funcParam');
    this.statements(f.body.statements);
    this.returnParams.clear();
    this.closeScope(true);
    // With a syntax error, ptxas may never reach the end of this function (also when the file ends
    // inside it: a lost `}`), and then never reports its unresolved labels. Value operands are
    // reported anyway: ptxas type-checks them ("Arguments mismatch") as soon as it reads them.
    if (this.stoppedInFunction) this.deferred = this.deferred.filter((d) => d.immediate || d.at);
    this.stoppedInFunction = false;
    if (this.deferred.length > 0)
      this.functionEnds.push({
        deferred: this.deferred,
        end: this.loc(Math.max(f.body.span.start, f.body.span.end - 1)),
        followed: nextTokenStart(this.text, f.body.span.end) < this.text.length,
      });
    this.deferred = [];
  }

  /** `.maxntid` and friends belong to kernels, `.noreturn` and `.abi_preserve` to functions. */
  private checkFunctionAttributes(f: A.FunctionDecl): void {
    const allowed = f.entry ? ENTRY_ATTRIBUTES : FUNC_ATTRIBUTES;
    for (const a of f.attributes) {
      if (!allowed.has(a.name)) {
        const known = ENTRY_ATTRIBUTES.has(a.name) || FUNC_ATTRIBUTES.has(a.name);
        this.error('PTX343', known ? `${a.name} is not allowed on ${f.entry ? 'an .entry' : 'a .func'}` : `unknown function directive ${a.name}`, this.loc(a.span.start, a.name.length));
        continue;
      }
      this.checkAttributeVersion(a);
    }
  }

  private checkAttributeVersion(a: A.FunctionAttribute): void {
    const sm = ATTRIBUTE_MIN_SM.get(a.name);
    if (sm !== undefined && this.header.sm !== undefined && this.header.sm < sm) {
      this.error('PTX307', `${a.name} requires .target sm_${sm} or higher`, this.loc(a.span.start, a.name.length));
      return;
    }
    const min = ATTRIBUTE_MIN_VERSION.get(a.name);
    if (min !== undefined && !this.versionAtLeast(min))
      this.error('PTX307', `${a.name} requires PTX ISA .version ${formatVersionCode(min)} or later`, this.loc(a.span.start, a.name.length));
  }

  private declareFunction(f: A.FunctionDecl): void {
    // Located only when reported (computing a location builds the line table).
    const at = (): SourceLocation => this.functionConflictLoc(f);
    if (SPECIAL_REGISTERS.has(f.name)) {
      this.error('PTX326', `'${f.name}' is a predefined identifier and cannot name a function`, at());
      return;
    }
    const prev = this.table.module.names.get(f.name);
    const paramCount = f.params?.length ?? 0;
    if (!prev) {
      const sym: PtxSymbol = { name: f.name, kind: 'function', nameSpan: f.nameSpan, entry: f.entry, defined: !!f.body, paramCount, returnCount: f.returns?.length ?? 0, shape: functionShape(f) };
      if (f.linkage) sym.linkage = f.linkage;
      this.table.declare(sym);
      return;
    }
    const note = this.previousNote(prev.nameSpan);
    if (prev.kind !== 'function') {
      this.error('PTX323', `'${f.name}' is redeclared as a function but was declared as a variable`, at(), note);
      return;
    }
    if (prev.entry !== f.entry) {
      this.error('PTX323', `'${f.name}' is redeclared as ${f.entry ? 'an .entry' : 'a .func'} but was declared as ${prev.entry ? 'an .entry' : 'a .func'}`, at(), note);
      return;
    }
    // ptxas: once a function has a body, any later declaration of it, even a matching prototype,
    // is a duplicate definition; before that, a declaration must repeat the first one's linkage
    // (none counts as one, `.extern` included), or have none after `.visible`/`.weak`.
    if (prev.defined) {
      this.error('PTX322', `duplicate definition of function '${f.name}'`, at(), note);
      return;
    }
    if (f.linkage !== prev.linkage && !(f.linkage === undefined && prev.linkage !== '.extern')) {
      if (f.body && prev.linkage === '.extern')
        this.error('PTX323', `function '${f.name}' was declared .extern and cannot be defined in this module`, at(), note);
      else this.error('PTX323', `function '${f.name}' is redeclared ${f.linkage ?? 'without linkage'} but was first declared ${prev.linkage ?? 'without linkage'}`, at(), note);
      return;
    }
    if (paramCount !== prev.paramCount || (f.returns?.length ?? 0) !== prev.returnCount) {
      this.error('PTX325', `inconsistent prototypes of '${f.name}': ${paramCount} parameter${paramCount === 1 ? '' : 's'} here, ${prev.paramCount} before (or return parameters differ)`, at(), note);
      return;
    }
    if (prev.shape !== undefined && prev.shape !== functionShape(f)) {
      this.error('PTX325', `inconsistent prototypes of '${f.name}': parameter types, state spaces or alignments differ`, at(), note);
      return;
    }
    if (f.body) prev.defined = true;
  }

  /** ptxas: "Feature '.weak directive' requires PTX ISA .version 3.1 or later" (and `.common`, 5.0), on the declaration's line. */
  private linkageVersion(linkage: string | undefined, start: number): void {
    const min = linkage === '.weak' ? 31 : linkage === '.common' ? 50 : undefined;
    if (min === undefined || this.versionAtLeast(min)) return;
    const at = this.text.startsWith(linkage!, start) ? this.loc(start, linkage!.length) : this.loc(start);
    this.error('PTX307', `${linkage} requires PTX ISA .version ${formatVersionCode(min)} or later`, at);
  }

  /**
   * `.alias a, b;`: `a`, a declared function, takes the body of `b`, a function declared before;
   * both plain `.func`s with as many parameters. Checked as ptxas does, at the name at fault
   * (a parameter-count mismatch at `.alias`).
   */
  private alias(d: A.GenericDirective): void {
    // ptxas: "Feature '.alias' requires PTX ISA .version 6.3 or later" / "... .target sm_30 or higher", then the rest.
    const at = () => this.loc(d.span.start, '.alias'.length);
    if (!this.versionAtLeast(63)) this.error('PTX307', `.alias requires PTX ISA .version 6.3 or later`, at());
    if (this.header.sm !== undefined && this.header.sm < 30) this.error('PTX307', `.alias requires .target sm_30 or higher`, at());
    const [a, b] = d.args;
    if (a?.kind !== 'name' || b?.kind !== 'name') return;
    const syms = [a, b].map((n) => this.table.module.names.get(n.name));
    for (const [i, n] of [a, b].entries()) {
      const sym = syms[i];
      if (!sym) return this.error('PTX329', `unknown symbol '${n.name}' in .alias`, this.spanLoc(n.span));
      if (sym.kind !== 'function') return this.error('PTX329', `cannot define an alias to variable '${n.name}'`, this.spanLoc(n.span));
      if (sym.entry) return this.error('PTX329', `cannot define an alias to entry function '${n.name}'`, this.spanLoc(n.span));
    }
    const [alias, target] = syms as [PtxSymbol, PtxSymbol];
    if (alias.defined || alias.aliased) return this.error('PTX329', `function '${a.name}' is already defined and cannot become an alias`, this.spanLoc(a.span));
    if (alias.paramCount !== target.paramCount || alias.returnCount !== target.returnCount)
      return this.error('PTX329', `alias '${a.name}' and '${b.name}' have different numbers of parameters`, this.loc(d.span.start, '.alias'.length));
    // ptxas: "Function 'f' with .extern scope cannot be aliased" (its body is not in the module).
    if (target.linkage === '.extern' && !target.defined) return this.error('PTX329', `cannot define an alias to .extern function '${b.name}' (its body is not in this module)`, this.spanLoc(b.span));
    alias.aliased = true;
  }

  /** `.file N "name"`: each index once (ptxas "Duplicate file index"). */
  private fileIndex(item: A.FileDirective): void {
    const key = String(item.index);
    if (!this.fileIndices.has(key)) {
      this.fileIndices.add(key);
      return;
    }
    // With its last optional argument (the size) ptxas needs no look-ahead past the directive.
    const at = item.size ? Math.max(item.span.start, item.span.end - 1) : nextTokenStart(this.text, item.span.end);
    this.error('PTX356', `duplicate file index ${key} (.file)`, this.tokenLoc(at));
  }

  /**
   * ptxas's grammar takes only an integer literal or `WARP_SZ` as an array dimension (`[2+1]`,
   * `[(2)]`, `[-1]`, `[1.5]` are syntax errors, at the first token that is not that literal).
   */
  private literalDimension(e: A.Expr): boolean {
    if (e.kind === 'int' || (e.kind === 'name' && e.name === 'WARP_SZ')) return true;
    let leaf: A.Expr = e;
    while (leaf.kind === 'binary' || leaf.kind === 'conditional') leaf = leaf.kind === 'binary' ? leaf.left : leaf.test;
    const literalFirst = leaf.span.start === e.span.start && (leaf.kind === 'int' || (leaf.kind === 'name' && leaf.name === 'WARP_SZ'));
    const at = literalFirst ? nextTokenStart(this.text, leaf.span.end) : e.span.start;
    const near = literalFirst ? this.text.slice(at, at + 1) : this.text.slice(e.span.start, Math.min(e.span.end, e.span.start + 20));
    this.syntaxError('PTX201', `syntax error near '${near}': an array dimension must be an integer literal`, this.tokenLoc(at));
    return false;
  }

  /** ptxas: "Multiple return parameters require .register state space" (the ABI returns one). */
  private multipleParamReturns(at: SourceLocation): void {
    this.error('PTX351', `more than one return parameter: only .reg return parameters may be several`, at);
  }

  /** An `.extern` function with a body: ptxas reports it at the body's closing `}`. */
  private externDefinition(f: A.FunctionDecl): void {
    if (!f.body || f.linkage !== '.extern') return;
    this.error('PTX323', `function '${f.name}' is defined with .extern linkage (.extern declares a function defined elsewhere)`, this.tokenLoc(Math.max(f.body.span.start, f.body.span.end - 1)));
  }

  private declareParam(decl: A.VariableDecl, context: 'entryParam' | 'funcParam'): void {
    const start = (): SourceLocation => this.loc(decl.span.start, decl.space.length);
    const name = decl.declarators[0]?.name ?? '';
    if (context === 'entryParam' && decl.space !== '.param') {
      this.error('PTX330', `entry parameter '${name}' must be in the .param state space`, start());
    } else if (context === 'funcParam' && decl.space !== '.param' && decl.space !== '.reg') {
      this.error('PTX330', `function parameter '${name}' must be in the .param or .reg state space, not ${decl.space}`, start());
    } else if (!(this.headerConflict && DECLARATION_TYPE_BITS.get(decl.type) === undefined)) this.checkDeclarationShape(decl, context);
    // (A parameter type no declaration may have is reported by ptxas after the header's conflict
    // with its prototype, unlike a wrong state space: with the conflict first, it is left out.)
    for (const d of decl.declarators) {
      if (!this.checkDeclaredName(d.name, d.nameSpan)) continue;
      this.checkArrayDims(decl, d, context);
      const prev = this.table.conflictInCurrent(d.name, d.parameterizedCount);
      if (prev) {
        if (!this.headerConflict) this.error('PTX320', `duplicate definition of parameter '${d.name}'`, this.spanLoc(d.nameSpan), this.previousNote(prev.nameSpan));
        continue;
      }
      this.table.declare({ name: d.name, kind: 'variable', nameSpan: d.nameSpan, space: decl.space, type: decl.type, array: d.dims.length > 0 });
    }
  }

  /** Resolves the forward references of the scope being closed; passes the rest outwards. */
  /** `block`: the block being closed (none for a function's scope). */
  private closeScope(isFunction: boolean, block?: Span): void {
    const scope = this.table.scope;
    const pending = scope.pending;
    if (pending) {
      let unresolved: Map<string, PendingRef[]> | undefined;
      // ptxas resolves a scope's forward references in order of first use, and "Label expected for
      // forward reference" (PTX311) is fatal: names after it are never reported, and a block's
      // stops ptxas before the function's end (where its unresolved labels are reported).
      let fatal = false;
      for (const [name, refs] of pending) {
        workMeter.steps++;
        const sym = SymbolTable.lookupIn(scope, name);
        if (sym) {
          for (const r of refs) {
            if (sym.kind !== 'label') {
              // ptxas stops here (at the block's `}`), so this is kept when it never reaches the function's end.
              const at = block ? this.loc(Math.max(block.start, block.end - 1)) : undefined;
              this.defer('PTX311', `'${name}' is used before its declaration (only labels may be used before they are defined)`, r, sym, at);
              fatal = true;
            } else if (r.reportAt) this.defer('PTX344', `label '${name}' cannot be used as a value operand (only as a branch target)`, r, sym);
          }
        } else if (isFunction) {
          if (!fatal) for (const r of refs) this.defer('PTX310', `use of undeclared identifier '${name}'`, r);
        } else {
          unresolved ??= new Map();
          unresolved.set(name, refs);
        }
      }
      if (unresolved && scope.parent) mergePending(scope.parent, unresolved);
      if (fatal && !isFunction) this.stoppedInFunction = true;
    }
    this.table.close();
  }

  /**
   * ptxas type-checks an instruction as soon as it is read, so an operand that names nothing is
   * first reported on the opcode's line ("Arguments mismatch"); the caret stays on the name when
   * both are on one line.
   */
  private defer(code: string, message: string, ref: PendingRef, previous?: PtxSymbol, at?: SourceLocation): void {
    const diag: Diagnostic = { severity: 'error', code, message, location: this.lineOf(ref.span, ref.reportAt) };
    if (previous) diag.notes = [{ severity: 'note', code: 'PTX399', message: 'declared here', location: this.spanLoc(previous.nameSpan) }];
    const d: Deferred = { diag, immediate: ref.reportAt !== undefined };
    if (at) d.at = at;
    this.deferred.push(d);
  }

  // ------------------------------------------------------------------ statements

  private statements(list: A.Statement[]): void {
    for (const s of list) {
      workMeter.steps++;
      switch (s.kind) {
        case 'instruction':
          this.checkInstruction(s);
          break;
        case 'label':
          this.declareLabel(s.name, s.span, 'label');
          break;
        case 'variable':
          this.localVariable(s);
          break;
        case 'block':
          this.table.open();
          this.statements(s.statements);
          this.closeScope(false, s.span);
          break;
        case 'callprototype':
          this.declareLabel(s.name, s.span, 'prototype', s.params?.length ?? 0, s.returns?.length ?? 0);
          if (paramReturns(s.returns) > 1) this.multipleParamReturns(this.loc(Math.max(s.span.start, this.text.indexOf('.callprototype', s.span.start))));
          for (const a of s.attributes) this.checkAttributeVersion(a);
          break;
        case 'calltargets':
          this.declareLabel(s.name, s.span, 'targets');
          break;
        case 'branchtargets':
          this.declareLabel(s.name, s.span, 'targets');
          for (const t of s.targets) this.use(t.name, t.span, OperandRole.Branch);
          break;
        default:
          break;
      }
    }
  }

  /** `L:` is reported at its colon, which ends the statement span of a plain label. */
  private declareLabel(name: string, span: Span, kind: 'label' | 'prototype' | 'targets', paramCount?: number, returnCount?: number): void {
    const nameSpan = { start: span.start, end: span.start + name.length };
    let colon = nextTokenStart(this.text, nameSpan.end);
    if (colon >= this.text.length) colon = span.start;
    const prev = this.table.conflictInCurrent(name);
    if (prev) {
      this.error('PTX321', `duplicate definition of label '${name}'`, this.tokenLoc(colon), this.previousNote(prev.nameSpan));
      return;
    }
    const sym: PtxSymbol = { name, kind, nameSpan };
    if (paramCount !== undefined) sym.paramCount = paramCount;
    if (returnCount !== undefined) sym.returnCount = returnCount;
    this.table.declare(sym);
  }

  private localVariable(decl: A.VariableDecl): void {
    // A broken declaration still declares its names, so their uses do not cascade into errors.
    let shapeOk = false;
    // A syntax error for ptxas, at the state space after the linkage.
    if (decl.linkage) this.syntaxError('PTX330', `linkage directive ${decl.linkage} is not allowed inside a function body`, this.tokenLoc(nextTokenStart(this.text, decl.span.start + decl.linkage.length)));
    else shapeOk = this.checkDeclarationShape(decl, 'body');
    for (const d of decl.declarators) {
      if (!this.checkDeclaredName(d.name, d.nameSpan)) continue;
      if (shapeOk) this.checkArrayDims(decl, d, 'body');
      const prev = this.table.conflictInCurrent(d.name, d.parameterizedCount);
      if (prev) {
        const what = d.parameterizedCount !== undefined ? `${d.name}<${d.parameterizedCount}>` : d.name;
        this.error('PTX320', `duplicate definition of variable '${what}'`, this.declaratorConflictLoc(d), this.previousNote(prev.nameSpan));
        continue;
      }
      const sym: PtxSymbol = { name: d.name, kind: 'variable', nameSpan: d.nameSpan, space: decl.space, type: decl.type, array: d.dims.length > 0 };
      if (d.parameterizedCount !== undefined) sym.familyCount = d.parameterizedCount;
      this.table.declare(sym);
    }
  }

  /** A name operand: resolved; `use` when anything is to be said. */
  private operandName(x: A.NameRef, role: OperandRole, ins: A.Instruction): void {
    const sym = this.table.lookup(x.name);
    if (sym === undefined || !cleanUse(sym, role)) this.use(x.name, x.span, role, instructionDate(ins, this.text));
    if (sym?.kind === 'function' && ins.opcode === 'mov' && role === OperandRole.Value) sym.movAddressAt ??= x.span;
  }

  private checkInstruction(ins: A.Instruction): void {
    if (ins.guard) {
      const g = { start: ins.guard.span.end - ins.guard.name.length, end: ins.guard.span.end };
      this.use(ins.guard.name, g, OperandRole.Value, g);
    }
    this.checkModifiers(ins);
    const ops = ins.operands;
    if (ins.opcode === 'ld' && this.returnParams.size > 0) this.readsReturnParam(ops, ins.opcodeSpan);
    let callee = -1;
    if (ins.opcode === 'call' && ops.length > 0) {
      callee = ops[0]!.kind === 'list' ? 1 : 0;
      const c = ops[callee];
      if (c && c.kind === 'expr' && c.expr.kind === 'name') {
        const sym = this.table.lookup(c.expr.name);
        if (!sym)
          // ptxas dates it like its other operand errors: `call.uni` + newline + callee is on the opcode's line.
          this.error('PTX312', `call to '${c.expr.name}', which is not declared before this point (declare the function or a .callprototype first)`, this.lineOf(ops[0]!.span, instructionDate(ins, this.text)));
        else if (sym.kind === 'function') {
          sym.calledAt ??= c.expr.span;
          // ptxas dates the call like its other operand errors.
          this.callArity(ops, callee, sym, instructionDate(ins, this.text));
        } else {
          // An indirect call through a register: its `.callprototype` (the last operand) decides.
          const last = ops[ops.length - 1]!;
          const proto = ops.length > callee + 2 && last.kind === 'expr' && last.expr.kind === 'name' ? this.table.lookup(last.expr.name) : undefined;
          if (proto?.kind === 'prototype') this.callArity(ops, callee, proto, instructionDate(ins, this.text));
        }
      }
    }
    for (let i = 0; i < ops.length; i++) this.operand(ops[i]!, operandRole(ins, i, callee), ins);
  }

  /** A direct call passes as many arguments and return parameters as the callee declares. */
  private callArity(ops: A.Operand[], callee: number, fn: PtxSymbol, at: Span): void {
    const args = ops[callee + 1];
    const nargs = args?.kind === 'list' ? args.elements.length : 0;
    const nrets = callee === 1 && ops[0]!.kind === 'list' ? ops[0]!.elements.length : 0;
    if (nargs !== (fn.paramCount ?? 0) || nrets !== (fn.returnCount ?? 0))
      this.error('PTX353', `call to '${fn.name}' with ${nrets} return and ${nargs} argument parameters; it declares ${fn.returnCount ?? 0} and ${fn.paramCount ?? 0}`, this.spanLoc(at));
  }

  /** ptxas: "Illegal to read function return parameter" (`ld` from the function's own `.param` return). */
  private readsReturnParam(ops: A.Operand[], opcode: Span): void {
    for (const op of ops) {
      if (op.kind !== 'address') continue;
      for (const e of op.elements) {
        if (e.kind !== 'expr') continue;
        const stack: A.Expr[] = [e.expr];
        while (stack.length) {
          const x = stack.pop()!;
          if (x.kind === 'name') {
            // ptxas goes by the name (a `.param` of an inner block named alike counts too), at the opcode.
            if (this.returnParams.has(x.name)) this.error('PTX352', `'${x.name}' is a return parameter of this function: it can be written, not read`, this.lineOf(x.span, opcode));
          } else if (x.kind === 'binary') stack.push(x.left, x.right);
          else if (x.kind === 'paren') stack.push(x.expr);
        }
      }
    }
  }

  /** Modifier lists found all known, per opcode (the parser shares one list object per distinct list). */
  private readonly knownModifierLists = new WeakMap<readonly string[], Set<string>>();

  private checkModifiers(ins: A.Instruction): void {
    const list = ins.modifiers;
    if (list.length === 0) return;
    // Whether a word is known depends on the opcode (`mul.wide`, `add.wide`), so the cache is per opcode.
    const knownFor = this.knownModifierLists.get(list);
    if (knownFor?.has(ins.opcode)) return;
    const unknown = unknownModifiers(ins.opcode, list);
    if (unknown.length === 0 && !list.some(isDotDigits)) {
      if (knownFor) knownFor.add(ins.opcode);
      else this.knownModifierLists.set(list, new Set([ins.opcode]));
      return;
    }
    for (const m of list) {
      if (!isDotDigits(m)) continue;
      // ptxas's lexer reads `.0` as a floating-point number, not a modifier: a syntax error at
      // the token after it (`mov.u32.0 %r1, 1` fails near '%r1').
      const at = this.text.indexOf(m, ins.opcodeSpan.end);
      if (at >= 0 && at < ins.span.end) {
        this.syntaxError('PTX201', `syntax error: '${m}' is a number, not a modifier`, this.tokenLoc(nextTokenStart(this.text, at + m.length)));
        return;
      }
    }
    for (const m of unknown) {
      // ptxas's lexer reports unknown modifiers on the modifier's line; words only the instruction
      // check refuses (INSTRUCTION_REFUSED) are on the instruction's line, as its other checks.
      const at = this.text.indexOf(m, ins.opcodeSpan.end);
      const word = at >= 0 && at < ins.span.end ? { start: at, end: at + m.length } : ins.opcodeSpan;
      const loc = INSTRUCTION_REFUSED.has(m) ? this.lineOf(word, instructionDate(ins, this.text)) : this.spanLoc(word);
      this.error('PTX340', `unknown instruction modifier '${m}' on '${ins.opcode}'`, loc);
    }
  }

  private operand(op: A.Operand, role: OperandRole, ins: A.Instruction): void {
    // Fast paths for the common shapes (`%r1`, `[%rd2+8]`) without an explicit stack.
    if (op.kind === 'expr') {
      const e = op.expr;
      if (e.kind === 'name') return this.operandName(e, role, ins);
      if (e.kind === 'int' || e.kind === 'float' || e.kind === 'sink') return;
    }
    if (op.kind === 'vector') {
      // Vector elements are checked one by one, each on its own line ("Illegal expression").
      for (const e of op.elements) this.operand(e, role === OperandRole.Value ? OperandRole.Element : role, ins);
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
          for (const e of x.elements) this.operand(e, role === OperandRole.Value ? OperandRole.Element : role, ins);
          break;
        case 'address':
          this.addressShape(x);
          for (const e of x.elements) {
            if (e.kind === 'expr') this.integerOffset(e.expr);
            stack.push(e);
          }
          break;
        case 'list':
          for (const e of x.elements) stack.push(e);
          break;
        case 'indexed':
          this.indexable(x);
          stack.push(x.base, x.index);
          break;
        case 'name':
          this.operandName(x, role, ins);
          break;
        case 'unary':
          if (x.op === '!' && x.operand.kind === 'name') this.predicateNegation(x.operand);
          else if (x.op === '!' && x.operand.kind === 'member') // `!%tid.x`: a vector component is never a predicate
            this.error('PTX357', `'!' negates predicates only, not a vector component`, this.spanLoc(x.operand.span));
          pushChildren(x, stack);
          break;
        default:
          pushChildren(x, stack);
      }
    }
  }

  /**
   * ptxas's grammar for brackets: `[a]`, `[a, b]`, `[a, {v}]`, `[a, b, {v}]` (texture, sampler,
   * coordinates); anything else is a syntax error at the first element out of place.
   */
  private addressShape(x: A.AddressOperand): void {
    const els = x.elements;
    for (let i = 1; i < els.length; i++) {
      const prev = els[i - 1]!;
      let at = -1;
      if (prev.kind === 'vector') at = nextTokenStart(this.text, prev.span.end); // the `,` after a vector
      else if (i === 2 && els[i]!.kind !== 'vector') at = els[i]!.span.start;
      if (at < 0) continue;
      this.syntaxError('PTX201', `syntax error near '${this.text.slice(at, at + 1)}': brackets hold an address, or a texture, a sampler and a coordinate vector`, this.tokenLoc(at));
      return;
    }
  }

  /** `!x` in an operand negates a predicate: ptxas "Illegal argument to predicate negation" for anything else. */
  private predicateNegation(x: A.NameRef): void {
    const sym = this.table.lookup(x.name);
    if (sym ? sym.kind !== 'variable' || sym.type === '.pred' : !SPECIAL_REGISTERS.has(x.name)) return;
    this.error('PTX357', `'!' negates predicates only, and '${x.name}' is not a predicate`, this.spanLoc(x.span));
  }

  /** `a[i]` needs an array variable `a`: ptxas "Array indexing on non-array", at the `]`. */
  private indexable(x: A.IndexedOperand): void {
    if (x.base.kind !== 'name') return;
    const sym = this.table.lookup(x.base.name);
    if (sym ? sym.kind === 'variable' && sym.array : !SPECIAL_REGISTERS.has(x.base.name)) return;
    if (sym && isLabelLike(sym)) return; // reported as a label used as a value
    this.error('PTX350', `'${x.base.name}' is not an array and cannot be indexed`, this.loc(Math.max(x.span.start, x.span.end - 1), 1));
  }

  /**
   * The constant parts of an address (`[r+1.5]`, `[1.5]`) must be integers: ptxas "Integer constant
   * expression expected". Names are left to `use`; a float inside an integer-valued part
   * (`[r+(1.0 < 2.0)]`) is fine.
   */
  private integerOffset(e: A.Expr): void {
    // The common offsets (`[%rd1+8]`, `[p]`) need no evaluation.
    if (e.kind === 'int' || e.kind === 'name') return;
    if (e.kind === 'paren') return this.integerOffset(e.expr);
    if (e.kind === 'binary' && (e.op === '+' || e.op === '-') && (hasName(e.left) || hasName(e.right))) {
      this.integerOffset(e.left);
      this.integerOffset(e.right);
      return;
    }
    if (hasName(e)) return;
    const v = evaluateConstExpr(e, () => {});
    if (v && v.kind !== 'int') this.error('PTX354', `an address offset must be an integer constant expression`, this.spanLoc(e.span));
  }

  /** Why the module's target or version lacks a special register (ptxas names the target first). */
  private specialRegisterProblem(special: { minSm?: number; minVersion?: number }): string | undefined {
    if (special.minSm !== undefined && this.header.sm !== undefined && this.header.sm < special.minSm) return `requires .target sm_${special.minSm} or higher`;
    if (special.minVersion !== undefined && this.header.version !== undefined && this.header.version < special.minVersion)
      return `requires PTX ISA .version ${formatVersionCode(special.minVersion)} or later`;
    return undefined;
  }

  /**
   * A name used as an operand. `opcode` is where ptxas reports operand errors of value operands
   * (its type check runs when it reads the instruction).
   */
  private use(name: string, span: Span, role: OperandRole, opcode?: Span): void {
    const sym = this.table.lookup(name);
    const reportAt = role === OperandRole.Value ? opcode : undefined;
    if (sym) {
      if (role === OperandRole.Value || role === OperandRole.Element) {
        if (isLabelLike(sym))
          this.error('PTX344', `label '${name}' cannot be used as a value operand (only as a branch or call target)`, this.lineOf(span, reportAt));
        else if (sym.kind === 'function') sym.addressTakenAt ??= span;
      } else if (role === OperandRole.Branch && sym.kind !== 'label') {
        this.error('PTX345', `branch target '${name}' is not a label`, this.lineOf(span, opcode));
      }
      return;
    }
    const special = SPECIAL_REGISTERS.get(name);
    if (special) {
      const problem = this.specialRegisterProblem(special);
      if (problem !== undefined) this.error('PTX313', `${name} ${problem}`, this.spanLoc(span));
      return;
    }
    if (role === OperandRole.Declared) {
      // A call's prototype or target list must come before the call (ptxas: "Unknown symbol" at once).
      this.error('PTX310', `use of undeclared identifier '${name}' (a .callprototype or .calltargets must precede the call)`, this.spanLoc(span));
      return;
    }
    this.table.addPending(reportAt ? { name, span, reportAt } : { name, span });
  }

  /** The use's location, moved to `at`'s line when the two differ (see `defer`). */
  private lineOf(span: Span, at: Span | undefined): SourceLocation {
    const loc = this.spanLoc(span);
    if (!at) return loc;
    const other = this.spanLoc(at);
    return other.line !== loc.line || other.file !== loc.file ? other : loc;
  }
}

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

/** A variable's type and array sizes as ptxas compares redeclarations: `.v2.u32|2,` (unsized: empty). */
function variableShape(decl: A.VariableDecl, d: A.Declarator): string {
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

/** Return and parameter lists as ptxas compares prototypes: state space, alignment, type, sizes. */
function functionShape(f: A.FunctionDecl): string {
  const list = (ps: A.VariableDecl[] | undefined) =>
    (ps ?? []).map((p) => p.declarators.map((d) => `${p.space}${p.align ?? ''}${variableShape(p, d)}`).join(';')).join(';');
  return `${list(f.returns)}=>${list(f.params)}`;
}

/** How many `.param` return parameters a return list declares. */
function paramReturns(returns: A.VariableDecl[] | undefined): number {
  let n = 0;
  for (const r of returns ?? []) if (r.space === '.param') n += r.declarators.length;
  return n;
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

/** How an operand name is resolved and where its errors go. */
const enum OperandRole {
  /** A value: must be declared before the instruction ends its function; never a label. */
  Value,
  /** A vector element: like a value, but ptxas reports it where it is written. */
  Element,
  /** A branch target (`bra`, `.branchtargets`): a label, possibly defined later. */
  Branch,
  /** The callee or `brx.idx`'s target list: resolved late, any kind. */
  Name,
  /** A call's prototype or target list: must already be declared. */
  Declared,
}

function operandRole(ins: A.Instruction, i: number, callee: number): OperandRole {
  const op = ins.opcode;
  if (op === 'bra') return OperandRole.Branch;
  if (op === 'brx') return i === ins.operands.length - 1 ? OperandRole.Name : OperandRole.Value;
  if (op === 'call') {
    if (i === callee) return OperandRole.Name;
    // After the callee, a bare name (not in a list) is the prototype or the target list.
    if (i > callee && ins.operands[i]!.kind === 'expr') return OperandRole.Declared;
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
