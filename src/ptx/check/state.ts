/** PTX module checks: the checker's state (symbol table, header, pending forward references) and how it reports (see checker.ts). */
import type { Diagnostic, DiagnosticBag } from '../../core/diagnostics.js';
import { type MappedText, type SourceLocation, type Span } from '../../core/source.js';
import type * as A from '../parse/ast.js';
import { nextTokenStart } from '../lex/lexer.js';
import { SymbolTable, type PendingRef, type PtxSymbol } from './scope.js';
import type { InstructionLayer } from './instructions.js';
import { PTX_DIAGNOSTICS, reportPtx, type PtxCode } from '../diagnostics.js';
import { newStamp } from '../parse/spelling.js';

/** What the header said, for checks that depend on it. */
export interface ModuleHeaderInfo {
  /** major*10+minor, when a valid-looking `.version` came first. */
  version?: number;
  /** SM number of the first architecture in `.target`. */
  sm?: number;
  /** The first architecture in `.target`, as written (`sm_90a`). */
  target?: string;
  texmodeIndependent: boolean;
  addressSize?: number;
}

export const C_LT = 60;

export const C_DOT = 46;

export const C_SEMI = 59;

export const C_0 = 48;

export const C_9 = 57;

export const C_LPAREN = 40;

export const C_RPAREN = 41;

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
  abiOff?: AbiOff | undefined;
  /** The part's function bodies' tcgen05 CTA granularities and direct callees (CheckerState.ctaGroups, callees). */
  ctaGroups?: [string, number][];
  callees?: [string, string[]][];
}

/** The first module-scope `.reg` or `.local` variable (allowed below PTX 3.0), which turns the ABI off. */
export interface AbiOff {
  name: string;
  space: string;
  nameSpan: Span;
}

/** A diagnostic produced at a function's end in ptxas (a forward reference that never resolved). */
export interface Deferred {
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

/** How an operand name is resolved and where its errors go. */
export const enum OperandRole {
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

/** The module checker's state and its reporting helpers; the checks are free functions over it, by construct (header.ts, declarations.ts, functions.ts, instructions.ts). */
export class CheckerState {
  /** The instruction layer's view of this checker (check/instructions.ts), made at the first instruction. */
  instructionLayer: InstructionLayer | undefined = undefined;
  readonly text: string;
  readonly table = new SymbolTable();
  readonly header: ModuleHeaderInfo = { texmodeIndependent: false };
  /** The function being checked conflicts with an earlier declaration (see func). */
  headerConflict = false;
  /** Names of the `.param` return parameters of the function being checked (write-only in it, by name). */
  readonly returnParams = new Set<string>();
  /** Names of the enclosing function's (or kernel's) `.param` input parameters: `st.param` may not write them. */
  readonly inputParams = new Set<string>();
  /** A syntax error found by the checker in the function being checked (see syntaxError). */
  stoppedInFunction = false;
  /** `.file` indices seen so far. */
  readonly fileIndices = new Set<string>();
  /** `.target` directives in a row right after `.version` (ptxas takes repeated ones). */
  headerTargets = 0;
  /** Forward-reference diagnostics of the function being checked. */
  deferred: Deferred[] = [];
  /** Functions with forward-reference diagnostics, resolved in `finish`. */
  readonly functionEnds: FunctionEnd[] = [];
  /** How many module items came so far, and the kinds of the first two (the header's places). */
  itemCount = 0;
  firstKinds: [string | undefined, string | undefined] = [undefined, undefined];
  /** A `.version` too old for the `.target` (PTX304), reported in finish if the module has an item beyond its header. */
  versionTargetMismatch: [PtxCode, string, SourceLocation] | undefined = undefined;
  /** Whether an item other than .version/.target/.address_size came (a parallel part counts as one). */
  bodyItem = false;
  /** The first module-scope `.reg`/`.local` variable: `ptxas -c` then refuses the module ("requires ABI"). */
  abiOff: AbiOff | undefined = undefined;
  /**
   * Per function body (by name), the tcgen05 CTA granularities its instructions name (1:
   * `.cta_group::1`, 2: `::2`, 3: both) and the functions it calls directly: a kernel may not use
   * both with the functions it calls (ModuleChecker.ctaGroupMix). Only bodies that have some.
   */
  readonly ctaGroups = new Map<string, number>();
  readonly callees = new Map<string, string[]>();
  /** The body being checked: its granularities and direct callees so far (see ctaGroups). */
  bodyCtaGroups = 0;
  bodyCallees: string[] | undefined = undefined;
  /** Errors reported so far, those the bag drops as repeats included. */
  errorCount = 0;
  /**
   * Told of every use of a function that sets one of its facts (`calledAt`, `addressTakenAt`,
   * `movAddressAt`; the symbol keeps only the first): the incremental check (speed/session.ts)
   * records what each body contributes.
   */
  functionUse: ((sym: PtxSymbol, fact: 'calledAt' | 'addressTakenAt' | 'movAddressAt', span: Span) => void) | undefined = undefined;

  /**
   * `compileOnly`: check as `ptxas -c` (separate compilation, as `nvcc -rdc=true` output is
   * assembled): an `.extern` function may be called and its address taken without a body in the
   * module (the linker resolves it), but the module must have `.version` 3.1 or later and keep the
   * ABI (no function with several return values). See finish.
   */
  constructor(
    public readonly source: MappedText,
    public diags: DiagnosticBag,
    public readonly options: { compileOnly?: boolean } = {},
  ) {
    this.text = source.text;
  }

  /** Where the module's `.version` directive is (when it was a supported one). */
  versionSpan: Span | undefined = undefined;

  /** Labels of every `.section` share one namespace (ptxas: "Duplicate definition of label"),
   *  apart from function labels and variables. */
  readonly sectionLabelSpans = new Map<string, Span>();

  // ------------------------------------------------------------------ locations

  loc(offset: number, length = 0): SourceLocation {
    return this.source.locate(offset, length);
  }

  spanLoc(span: Span): SourceLocation {
    return this.loc(span.start, span.end - span.start);
  }

  /**
   * An error ptxas's parser makes (the checker finds it): ptxas stops there, so the function being
   * checked never reaches its end, where unresolved labels would be reported.
   */
  syntaxError(code: PtxCode, message: string, where: SourceLocation): void {
    this.error(code, message, where);
    this.stoppedInFunction = true;
  }

  error(code: PtxCode, message: string, where: SourceLocation, notes?: Diagnostic[]): void {
    this.errorCount++;
    reportPtx(this.diags, code, message, where, notes);
  }

  previousNote(previous: Span): Diagnostic[] {
    return [{ severity: PTX_DIAGNOSTICS.PTX399.severity, code: 'PTX399', message: 'previous declaration is here', location: this.spanLoc(previous) }];
  }

  /** Where ptxas reports a redeclared variable: the token after its name (after `<` for `%r<N>`). */
  declaratorConflictLoc(d: A.Declarator): SourceLocation {
    let p = nextTokenStart(this.text, d.nameSpan.end);
    if (d.parameterizedCount !== undefined && this.text.charCodeAt(p) === C_LT) p = nextTokenStart(this.text, p + 1);
    return this.tokenLoc(p);
  }

  tokenLoc(offset: number): SourceLocation {
    return this.loc(Math.min(offset, this.text.length), offset < this.text.length ? 1 : 0);
  }

  /** Where ptxas reports a redefined function: `.func` at its `{` (or `;`), `.entry` at its `)`. */
  functionConflictLoc(f: A.FunctionDecl): SourceLocation {
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

  // ------------------------------------------------------------------ versions and forward references

  versionAtLeast(code: number): boolean {
    return this.header.version === undefined || this.header.version >= code;
  }

  /**
   * ptxas type-checks an instruction as soon as it is read, so an operand that names nothing is
   * first reported on the opcode's line ("Arguments mismatch"); the caret stays on the name when
   * both are on one line.
   */
  defer(code: PtxCode, message: string, ref: PendingRef, previous?: PtxSymbol, at?: SourceLocation): void {
    const diag: Diagnostic = { severity: PTX_DIAGNOSTICS[code].severity, code, message, location: this.lineOf(ref.span, ref.reportAt) };
    if (previous) diag.notes = [{ severity: PTX_DIAGNOSTICS.PTX399.severity, code: 'PTX399', message: 'declared here', location: this.spanLoc(previous.nameSpan) }];
    const d: Deferred = { diag, immediate: ref.reportAt !== undefined };
    if (at) d.at = at;
    this.deferred.push(d);
  }

  /** This checker's mark on the parser's spelling records whose words it found all known (Spelling.knownIn). */
  readonly spellingStamp = newStamp();

  /** The use's location, moved to `at`'s line when the two differ (see `defer`). */
  lineOf(span: Span, at: Span | undefined): SourceLocation {
    const loc = this.spanLoc(span);
    if (!at) return loc;
    const other = this.spanLoc(at);
    return other.line !== loc.line || other.file !== loc.file ? other : loc;
  }
}
