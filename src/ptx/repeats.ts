/**
 * Repeated instruction statements, checked once.
 *
 * Compiler-generated PTX repeats itself: every instantiation of a template, every copy of an inlined
 * function, writes the same statements again (`add.f32 %f3, %f2, 0f3F800000;`, `ret;`). The parse
 * of a statement depends only on its text, and its check on its text plus what its names resolve to.
 * So when `checkPtx` meets a statement whose exact text passed the parser and checker cleanly before
 * (no diagnostic, every name declared), the parser emits a `RepeatedInstruction` instead of parsing it,
 * and the checker only re-resolves its names. If any name resolves otherwise now (undeclared in this
 * function, a label not yet defined, a different kind), the statement is parsed in full after all
 * and checked as usual: the answer is always the one the full path gives.
 *
 * Only the check path uses this (`parsePtx` builds complete trees); a `RepeatedInstruction` that
 * anything else reads is parsed in full on first access.
 */
import type { Span } from '../core/source.js';
import type * as A from './ast.js';
import { FNV_BASIS, FNV_PRIME } from './lexer.js';
import { Parser } from './parser.js';
import type { NameCell } from './scope.js';

/** Statements longer than this are not remembered (the key is hashed on every lookup). */
export const MAX_REPEAT_KEY = 160;
/** Distinct statements remembered at most: memory stays bounded on files without repetition. */
const MAX_ENTRIES = 200_000;
/** After this many lookups, a memo that found almost nothing stops looking (no cost where nothing repeats). */
const TRIAL_LOOKUPS = 20_000;
const MIN_HIT_RATE = 0.05;

/** What the checker needs to re-check a statement whose text it checked cleanly before. */
export interface RepeatEntry {
  /** The names it resolved (their lookup cells), with how each was used (the checker's operand roles). */
  readonly names: readonly NameCell[];
  readonly roles: readonly number[];
  /** An `ld`: its names may not be the function's return parameters (see ModuleChecker). */
  readonly isLoad: boolean;
}

/** A remembered statement text: where it was seen, its length, and others with the same hash. */
interface Slot {
  /** Where the text was last seen (the latest copy is the one most likely still in the CPU's cache). */
  start: number;
  readonly length: number;
  readonly entry: RepeatEntry;
  next: Slot | undefined;
}

const C_SEMI = 59;

/**
 * The memo shared by one module's parser (lookups) and checker (entries). Keys are statement texts
 * from the first token to the first `;`, kept as ranges of the module text: a lookup hashes the
 * statement's characters once (the hash is a small integer, a cheap map key) and confirms a match
 * against the text where the statement was first seen. It makes no string.
 */
export class InstructionMemo {
  private readonly slots = new Map<number, Slot>();
  private count = 0;
  private reparser: Parser | undefined;
  private misses = 0;
  private hits = 0;
  /** False once the trial showed the module does not repeat itself. */
  active = true;
  /** After `find`: the end of the statement text looked up (just after its `;`), or -1 when it has none nearby. */
  foundEnd = -1;
  /** After `find`: the hash of that text (what `remember` takes). */
  foundHash = 0;

  constructor(readonly text: string) {}

  /** The entry for the statement text at `start` (to its first `;`), if it was checked cleanly before. */
  find(start: number): RepeatEntry | undefined {
    const text = this.text;
    const limit = Math.min(text.length, start + MAX_REPEAT_KEY);
    // FNV-1a, folded to a small integer (a map key the engine hashes at no cost).
    let h = FNV_BASIS;
    let p = start;
    for (; p < limit; p++) {
      const c = text.charCodeAt(p);
      h = Math.imul(h ^ c, FNV_PRIME);
      if (c === C_SEMI) break;
    }
    if (p >= limit) {
      this.foundEnd = -1;
      return undefined;
    }
    const end = p + 1;
    const key = h & 0x3fffffff;
    this.foundEnd = end;
    this.foundHash = key;
    const n = end - start;
    for (let s = this.slots.get(key); s !== undefined; s = s.next) {
      if (s.length !== n) continue;
      const at = s.start;
      let j = 0;
      while (j < n && text.charCodeAt(at + j) === text.charCodeAt(start + j)) j++;
      if (j === n) {
        this.hits++;
        s.start = start;
        return s.entry;
      }
    }
    if (++this.misses === TRIAL_LOOKUPS && this.hits < TRIAL_LOOKUPS * MIN_HIT_RATE) this.active = false;
    return undefined;
  }

  /** Remembers the clean statement text at [start, end) (it ends with its only `;`), whose hash `find` gave. */
  remember(start: number, end: number, key: number, entry: RepeatEntry): void {
    if (this.count >= MAX_ENTRIES) return;
    const text = this.text;
    const n = end - start;
    const first = this.slots.get(key);
    for (let s = first; s !== undefined; s = s.next) {
      if (s.length !== n) continue;
      let j = 0;
      while (j < n && text.charCodeAt(s.start + j) === text.charCodeAt(start + j)) j++;
      if (j === n) return;
    }
    this.slots.set(key, { start, length: n, entry, next: first });
    this.count++;
  }

  /** The statement [start, end) of the text, known to repeat a clean one. */
  repeated(entry: RepeatEntry, start: number, end: number): RepeatedInstruction {
    return new RepeatedInstruction(this, entry, start, end);
  }

  /** The statement at `start`, parsed in full (it parses cleanly: its text did before). */
  parseAt(start: number): A.Instruction {
    this.reparser ??= new Parser(this.text);
    const ins = this.reparser.parseInstructionAt(start);
    if (!ins) throw new Error(`internal: a remembered statement at offset ${start} did not parse again`);
    return ins;
  }

  /** How many lookups found an entry (tests and tracing). */
  get hitCount(): number {
    return this.hits;
  }
}

/**
 * An instruction statement whose text was checked cleanly before. It is an `A.Instruction`: reading
 * any of its parts parses it in full, once.
 */
export class RepeatedInstruction implements A.Instruction {
  readonly kind = 'instruction' as const;
  private parsed: A.Instruction | undefined;

  constructor(
    private readonly memo: InstructionMemo,
    readonly entry: RepeatEntry,
    private readonly start: number,
    private readonly end: number,
  ) {}

  /** The statement parsed in full. */
  full(): A.Instruction {
    return (this.parsed ??= this.memo.parseAt(this.start));
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }
  get guard(): A.Guard | undefined {
    return this.full().guard;
  }
  get opcode(): string {
    return this.full().opcode;
  }
  get opcodeSpan(): Span {
    return this.full().opcodeSpan;
  }
  get modifiers(): string[] {
    return this.full().modifiers;
  }
  get operands(): A.Operand[] {
    return this.full().operands;
  }
  toJSON(): A.Instruction {
    const f = this.full();
    return 'toJSON' in f && typeof f.toJSON === 'function' ? (f.toJSON as () => A.Instruction)() : f;
  }
}
