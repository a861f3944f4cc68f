/**
 * The repeated-statement memo of the AMDGPU check: text already handled without effect is skipped
 * the next time it appears. A speed trick only (the answer is the same with it off:
 * `AmdgpuCheckOptions.repeats: false`, and test/amdgpu/speed/repeats.test.ts compares the two); it
 * pays on distinct compiler output (docs/benchmarks.md: without it, 23-25% more instructions).
 *
 * The parser knows nothing of it: `RepeatingStatementParser` drives the parser's statement loop
 * through its protected members, and the checker is seen only through `RepeatHooks`.
 */
import type { Statement } from '../parse/ast.js';
import type { IssueSink } from '../parse/expr.js';
import { Tok } from '../lex/lexer.js';
import { StatementParser, type ParseOptions } from '../parse/parser.js';

/**
 * What a caller that checks statements tells the parser so that repeated text is handled once
 * (see `Repeats`).
 */
export interface RepeatHooks {
  /**
   * A count that moves whenever handling a statement had an effect beyond the statement itself
   * or depended on anything but its text, the file's options and target: an issue reported, a
   * symbol looked up or referenced.
   */
  effects(): number;
  /** A remembered `.amdhsa_kernel` body was skipped: the block is closed, as its end directive would close it. */
  kernelBodySkipped(): void;
  /**
   * A remembered line was skipped: one directive (`directive`, its text starts with `.`) or one
   * instruction. (What the branch-reach bound counts of every line: check/branch-reach.ts.)
   */
  lineSkipped(directive: boolean): void;
}

/**
 * `forEachAmdgpuStatement` (parse/parser.ts) with repeated instruction lines and kernel descriptor
 * bodies handled once: see `Repeats`.
 */
export function forEachAmdgpuStatementOnce(
  text: string,
  options: ParseOptions,
  sink: IssueSink,
  onStatement: (st: Statement) => void,
  hooks: RepeatHooks,
): void {
  new RepeatingStatementParser(text, options, sink, onStatement, new Repeats(text, hooks)).parseFile();
}

/**
 * Text already handled without effect, so that the same text later is skipped. Compiler output
 * repeats a few thousand distinct lines (`v_mov_b32_e32 v0, 0`, `s_waitcnt vmcnt(0)`, `.p2align 8`)
 * and kernel descriptor blocks over a whole file.
 *
 * Lines: an instruction's or a directive's parse and check read only its own text, the file's
 * options and target, the symbol table, and whether a `.amdhsa_kernel` block is open; the only
 * state they change is the symbol table and that block. So outside a block, when the hooks'
 * `effects` count (issues, any use of the symbol table) did not move while a line was handled and
 * it opened no block, handling the same text again would do nothing either. A line counts only
 * when the statement was the whole rest of the line: its end-of-statement token is the line's LF,
 * so every token read lay inside the key text (a raw block or a string running on is excluded).
 *
 * Kernel bodies: the lines after `.amdhsa_kernel NAME` up to and including the first
 * `.end_amdhsa_kernel` line. Every body starts from the same state (a fresh block), so a body
 * handled without effect, whose block that very line closed, leaves only the block closed.
 */
class Repeats {
  readonly lines: TextSet;
  readonly kernelBodies: TextSet;
  constructor(
    text: string,
    readonly hooks: RepeatHooks,
  ) {
    this.lines = new TextSet(text);
    this.kernelBodies = new TextSet(text);
  }
}

/**
 * A set of ranges of one text, compared by content. The engine's own string hashing and
 * comparison do the work (a slice per lookup is cheaper than reading the characters in script).
 */
class TextSet {
  private readonly set = new Set<string>();
  constructor(private readonly text: string) {}

  get count(): number {
    return this.set.size;
  }

  // The key of the last `has` that missed: a line is looked up, then handled, then added, and
  // adding it reuses that string (its hash already computed) instead of slicing and hashing again.
  private missKey = '';
  private missStart = -1;
  private missEnd = -1;

  /** Whether the text at [start, end) is in the set. */
  has(start: number, end: number): boolean {
    const key = this.text.slice(start, end);
    if (this.set.has(key)) return true;
    this.missKey = key;
    this.missStart = start;
    this.missEnd = end;
    return false;
  }

  /** Forgets every text. */
  clear(): void {
    this.set.clear();
  }

  /** Adds the text at [start, end). */
  add(start: number, end: number): void {
    this.set.add(start === this.missStart && end === this.missEnd ? this.missKey : this.text.slice(start, end));
  }
}

/** Lines longer than this are not remembered (the key is hashed on every lookup). */
const MAX_REPEAT_KEY = 200;
/** Kernel bodies longer than this are not remembered. */
const MAX_KERNEL_BODY = 20_000;
/** Distinct texts remembered at most per set: memory stays bounded on files without repetition. */
const MAX_REPEATS = 50_000;
const END_KERNEL = '.end_amdhsa_kernel';

/** The parser's statement loop with the memo. */
class RepeatingStatementParser extends StatementParser {
  /** Kind of the statement emitted last (an instruction line may be remembered). */
  private lastEmitted = '';
  /** The kernel body being handled, to remember once its block closes: range, end (its LF), effects count at its start. */
  private bodyStart = -1;
  private bodyEnd = -1;
  private bodyEffects = 0;

  constructor(
    text: string,
    options: ParseOptions,
    sink: IssueSink,
    emit: (st: Statement) => void,
    private readonly repeats: Repeats,
  ) {
    super(text, options, sink, emit);
    // The kind of each statement handed out (only remembered kinds may be skipped later).
    this.emit = (st) => {
      this.lastEmitted = st.kind;
      emit(st);
    };
  }

  override parseFile(): void {
    const lex = this.lex;
    const repeats = this.repeats;
    lex.next();
    // (A small loop: the per-statement work is in functions of their own, which the engine
    // optimizes as they get hot instead of recompiling this long-running loop.)
    for (;;) {
      while (lex.cur() === Tok.EndOfStatement) {
        if (this.inKernel === null && this.skipRememberedLine(repeats)) continue;
        lex.next();
      }
      if (lex.cur() === Tok.Eof) break;
      this.statementWithRepeats(repeats);
    }
    this.endOfFile();
  }

  /** A line remembered as an instruction or directive may now instantiate a macro that defines macros. */
  protected override instantiationsHaveEffects(): void {
    this.repeats.lines.clear();
  }

  /** Where the line lookup of `skipRememberedLine` last failed (the statement there need not look again). */
  private missedAt = -1;

  /**
   * At the end of a statement that ended its line: when the next line, after blanks, is a
   * remembered one, skips it (true) without reading its tokens. (The lexer would skip the same
   * blanks; a remembered text starts with the identifier its statement started with.)
   */
  private skipRememberedLine(repeats: Repeats): boolean {
    const text = this.text;
    let p = this.lex.end;
    if (p === 0 || text.charCodeAt(p - 1) !== 10 /* LF */) return false;
    let c = text.charCodeAt(p);
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    // Only a line starting with a name can be remembered (not a comment or a blank line).
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 46 || c === 36)) return false;
    const nl = this.lineEndFrom(p);
    if (nl < 0 || nl - p >= MAX_REPEAT_KEY) return false;
    if (repeats.lines.has(p, nl + 1)) {
      this.lex.resumeAfterLine(nl);
      repeats.hooks.lineSkipped(c === 46 /* . */);
      return true;
    }
    this.missedAt = p;
    return false;
  }

  /** The line feed found last (-1: none yet; the text's length: none after that point). */
  private lineEnd = -1;

  /**
   * The offset of the first LF at or after `start` (-1 if none). Found once per line: many
   * statements on one line (`a: b: c: ...`) must not each search to its end.
   */
  private lineEndFrom(start: number): number {
    if (this.lineEnd < start) {
      const nl = this.text.indexOf('\n', start);
      this.lineEnd = nl < 0 ? this.text.length : nl;
    }
    return this.lineEnd === this.text.length ? -1 : this.lineEnd;
  }

  /** The `.end_amdhsa_kernel` found last (-1: none yet; the text's length: none after that point). */
  private kernelEnd = -1;

  /** The first `.end_amdhsa_kernel` at or after `start` (-1 if none), searched once per stretch of text. */
  private kernelEndFrom(start: number): number {
    if (this.kernelEnd < start) {
      const at = this.text.indexOf(END_KERNEL, start);
      this.kernelEnd = at < 0 ? this.text.length : at;
    }
    return this.kernelEnd === this.text.length ? -1 : this.kernelEnd;
  }

  /** One statement, skipped when its line is remembered (see Repeats), else handled and maybe remembered. */
  private statementWithRepeats(repeats: Repeats): void {
    const lex = this.lex;
    if (!this.inKernel && lex.cur() === Tok.Identifier) {
      // An instruction or directive line seen before without effect: skip it whole.
      const start = lex.start;
      const nl = this.lineEndFrom(start);
      if (nl >= 0 && nl - start < MAX_REPEAT_KEY) {
        if (start !== this.missedAt && repeats.lines.has(start, nl + 1)) {
          lex.resumeAfterLine(nl);
          repeats.hooks.lineSkipped(this.text.charCodeAt(start) === 46 /* . */);
        } else this.lineStatement(repeats, start, nl);
        return;
      }
    }
    const before = repeats.hooks.effects();
    const wasInKernel = this.inKernel !== null;
    this.kernelOpened = false;
    this.afterStatement(this.parseStatement());
    if (this.kernelOpened) {
      this.afterKernelOpened(repeats, before);
    } else if (wasInKernel && this.inKernel === null && this.bodyStart >= 0) {
      // The block closed: remember its body if it had no effect and this line closed it.
      if (lex.cur() === Tok.EndOfStatement && lex.end === this.bodyEnd + 1 && repeats.hooks.effects() === this.bodyEffects && repeats.kernelBodies.count < MAX_REPEATS) {
        repeats.kernelBodies.add(this.bodyStart, this.bodyEnd + 1);
      }
      this.bodyStart = -1;
    }
  }

  /** A statement starting a line [start, nl] outside a kernel block: handled, and remembered when that had no effect. */
  private lineStatement(repeats: Repeats, start: number, nl: number): void {
    const lex = this.lex;
    const before = repeats.hooks.effects();
    this.lastEmitted = '';
    this.kernelOpened = false;
    const ok = this.parseStatement();
    if (
      ok &&
      (this.lastEmitted === 'instruction' || (this.lastEmitted === 'directive' && !this.kernelOpened)) &&
      lex.cur() === Tok.EndOfStatement &&
      lex.end === nl + 1 &&
      repeats.hooks.effects() === before &&
      repeats.lines.count < MAX_REPEATS
    ) {
      repeats.lines.add(start, nl + 1);
    }
    this.afterStatement(ok);
    if (this.kernelOpened) this.afterKernelOpened(repeats, before);
  }

  /**
   * Just after a `.amdhsa_kernel NAME` line (`before`: the effects count before it): skips the
   * body when it is remembered, or notes where it should end so that it is remembered if it
   * closes there without effect.
   */
  private afterKernelOpened(repeats: Repeats, before: number): void {
    this.bodyStart = -1;
    if (this.inKernel !== null && repeats.hooks.effects() === before) this.skipKnownKernelBody(repeats);
  }

  private skipKnownKernelBody(repeats: Repeats): boolean {
    const lex = this.lex;
    const text = this.text;
    if (lex.cur() !== Tok.EndOfStatement || lex.end === 0 || text.charCodeAt(lex.end - 1) !== 10 /* LF */) return false;
    const start = lex.end;
    const endAt = this.kernelEndFrom(start);
    const nl = endAt < 0 ? -1 : text.indexOf('\n', endAt);
    if (nl < 0 || nl - start >= MAX_KERNEL_BODY) return false;
    if (repeats.kernelBodies.has(start, nl + 1)) {
      lex.resumeAfterLine(nl);
      this.inKernel = null;
      repeats.hooks.kernelBodySkipped();
      return true;
    }
    this.bodyStart = start;
    this.bodyEnd = nl;
    this.bodyEffects = repeats.hooks.effects();
    return false;
  }

}
