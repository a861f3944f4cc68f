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
import type { Span } from '../../core/source.js';
import type * as A from '../parse/ast.js';
import { Parser } from '../parse/parser.js';
import type { NameCell } from '../check/scope.js';

/** Statements longer than this are not remembered (the key is hashed on every lookup). */
export const MAX_REPEAT_KEY = 160;
/** Distinct statements remembered at most: memory stays bounded on files without repetition. */
const MAX_ENTRIES = 200_000;
/** Slots of a new memo (doubled as it fills). */
const INITIAL_SLOTS = 1 << 12;
/** After this many lookups, a memo that found almost nothing stops looking (no cost where nothing repeats). */
const TRIAL_LOOKUPS = 20_000;
const MIN_HIT_RATE = 0.05;

/** What the checker needs to re-check a statement whose text it checked cleanly before. */
export interface RepeatEntry {
  readonly kind: 'instruction';
  /** The length of its text (every copy has it). */
  readonly length: number;
  /** The names it resolved (their lookup cells), with how each was used (the checker's operand roles). */
  readonly names: readonly NameCell[];
  readonly roles: readonly number[];
  /** An `ld`: its names may not be the function's return parameters (see ModuleChecker). */
  readonly isLoad: boolean;
}

/**
 * What the checker needs to declare again a body variable whose declaration (one name, no
 * initializer, in .reg, .param, .local or .shared) it checked cleanly before: the symbol it made.
 */
export interface DeclarationEntry {
  readonly kind: 'declaration';
  /** The length of its text (every copy has it). */
  readonly length: number;
  readonly name: string;
  /** Where the name starts, counted from the statement's start. */
  readonly nameOffset: number;
  readonly space: A.StateSpace;
  readonly type: string;
  /** `%r<100>`: the family's count. */
  readonly familyCount: number | undefined;
}

export type MemoEntry = RepeatEntry | DeclarationEntry;

const ENCODER = new TextEncoder();

/** Mixing constant of the key hash (MurmurHash2's multiplier: spreads every input bit). */
const MIX = 0x5bd1e995;
/** Four `;` bytes. */
const SEMIS = 0x3b3b3b3b;

/** The last, short word of the text from `p`, little-endian, padded with zero bytes. */
function tailWord(bytes: DataView, p: number): number {
  let w = 0;
  for (let i = bytes.byteLength - 1; i >= p; i--) w = (w << 8) | bytes.getUint8(i);
  return w;
}

/**
 * The memo shared by one module's parser (lookups) and checker (entries) of instruction statements
 * and body declarations. Keys are statement texts from the first token to the first `;`, kept as
 * ranges of the module text: a lookup hashes the statement once and confirms a match against the
 * text where the statement was last seen. It makes no string. Both read the text's bytes four at a
 * time: half the time of reading characters one by one.
 */
export class StatementMemo {
  /**
   * Open addressing, four integers a slot side by side, so a probe reads one cache line: the key
   * (-1: empty), where the text was last seen (the latest copy is the one most likely still in the
   * CPU's cache), its length, and the index of its entry in `entries`. (A Map of slot objects cost
   * three cache misses a lookup: its buckets, its entries, the slot.)
   */
  private table = new Int32Array(INITIAL_SLOTS * 4).fill(-1);
  private readonly entries: MemoEntry[] = [];
  private reparser: Parser | undefined;
  private misses = 0;
  private hits = 0;
  /** The text as bytes, one per character. */
  private readonly bytes: DataView;
  /** False once the trial showed the module does not repeat itself (or the text is not plain ASCII). */
  active = true;
  /** After `find`: the end of the statement text looked up (just after its `;`), or -1 when it has none nearby. */
  foundEnd = -1;
  /** After `find`: the hash of that text (what `remember` takes). */
  foundHash = 0;

  /**
   * `bytes`, when given, must hold the text's character codes, one byte each (a file read as
   * latin1 and its buffer). Otherwise the memo encodes the text itself; it stays off for a text
   * that is not plain ASCII (ptxas refuses such a file before parsing it: PTX105, nothing to save).
   */
  constructor(
    readonly text: string,
    bytes?: Uint8Array,
  ) {
    let b = bytes;
    if (b === undefined || b.length !== text.length) {
      b = new Uint8Array(text.length);
      const r = ENCODER.encodeInto(text, b);
      if (r.read !== text.length || r.written !== text.length) this.active = false;
    }
    this.bytes = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  /** The entry for the statement text at `start` (to its first `;`), if it was checked cleanly before. */
  find(start: number): MemoEntry | undefined {
    const bytes = this.bytes;
    const length = bytes.byteLength;
    const limit = Math.min(length, start + MAX_REPEAT_KEY);
    // One pass, four bytes at a time, little-endian: each word is hashed until the one that holds
    // the first `;` (found with the classic has-zero-byte test on the word xor ";;;;").
    let h = 0;
    for (let p = start; p < limit; p += 4) {
      const w = p + 4 <= length ? bytes.getInt32(p, true) : tailWord(bytes, p);
      const x = w ^ SEMIS;
      // The lowest flagged byte is a `;` (a borrow can only flag bytes above a real one).
      const flags = (x - 0x01010101) & ~x & 0x80808080;
      if (flags !== 0) {
        const k = (31 - Math.clz32(flags & -flags)) >> 3;
        const end = p + k + 1;
        if (end > limit) break;
        h = Math.imul(h ^ (k === 3 ? w : w & ((1 << ((k + 1) << 3)) - 1)), MIX);
        h ^= (h >>> 15) ^ (end - start);
        h = Math.imul(h ^ (h >>> 13), MIX);
        // (Non-negative: -1 marks an empty slot.)
        return this.lookup(start, end, h & 0x3fffffff);
      }
      h = Math.imul(h ^ w, MIX);
      h ^= h >>> 15;
    }
    this.foundEnd = -1;
    return undefined;
  }

  /** The entry for the text [start, end) of hash `key`; notes both for `remember`. */
  private lookup(start: number, end: number, key: number): MemoEntry | undefined {
    this.foundEnd = end;
    this.foundHash = key;
    const n = end - start;
    const table = this.table;
    const mask = (table.length >> 2) - 1;
    for (let i = key & mask; ; i = (i + 1) & mask) {
      const at = i << 2;
      const k = table[at]!;
      if (k === -1) break;
      if (k === key && table[at + 2] === n && this.same(table[at + 1]!, start, n)) {
        this.hits++;
        table[at + 1] = start;
        return this.entries[table[at + 3]!];
      }
    }
    if (++this.misses === TRIAL_LOOKUPS && this.hits < TRIAL_LOOKUPS * MIN_HIT_RATE) this.active = false;
    return undefined;
  }

  /** Whether the `n` characters at `a` and at `b` are the same. */
  private same(a: number, b: number, n: number): boolean {
    const bytes = this.bytes;
    let j = 0;
    for (; j + 4 <= n; j += 4) if (bytes.getInt32(a + j, true) !== bytes.getInt32(b + j, true)) return false;
    for (; j < n; j++) if (bytes.getUint8(a + j) !== bytes.getUint8(b + j)) return false;
    return true;
  }

  /** Remembers the clean statement text at [start, end) (it ends with its only `;`), whose hash `find` gave. */
  remember(start: number, end: number, key: number, entry: MemoEntry): void {
    const count = this.entries.length;
    if (count >= MAX_ENTRIES) return;
    const n = end - start;
    const table = this.table;
    const mask = (table.length >> 2) - 1;
    let i = key & mask;
    for (; ; i = (i + 1) & mask) {
      const at = i << 2;
      const k = table[at]!;
      if (k === -1) break;
      if (k === key && table[at + 2] === n && this.same(table[at + 1]!, start, n)) return;
    }
    const at = i << 2;
    table[at] = key;
    table[at + 1] = start;
    table[at + 2] = n;
    table[at + 3] = count;
    this.entries.push(entry);
    // At most half full: probes stay short.
    if ((count + 1) * 2 > mask + 1) this.grow();
  }

  /** Twice the slots, every key placed again (the keys are kept: no text is read). */
  private grow(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2).fill(-1);
    const mask = (table.length >> 2) - 1;
    for (let from = 0; from < old.length; from += 4) {
      const key = old[from]!;
      if (key === -1) continue;
      let i = key & mask;
      while (table[i << 2] !== -1) i = (i + 1) & mask;
      table.set(old.subarray(from, from + 4), i << 2);
    }
    this.table = table;
  }

  /** The statement at `start`, known to repeat the clean one of `entry`. */
  repeated(entry: MemoEntry, start: number): RepeatedInstruction | RepeatedDeclaration {
    return entry.kind === 'instruction' ? new RepeatedInstruction(this, entry, start) : new RepeatedDeclaration(this, entry, start);
  }

  /** The statement at `start`, parsed in full (it parses cleanly: its text did before). */
  parseAt(start: number): A.Statement {
    this.reparser ??= new Parser(this.text);
    const s = this.reparser.parseStatementAt(start);
    if (!s) throw new Error(`internal: a remembered statement at offset ${start} did not parse again`);
    return s;
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
  /** (On the prototype: hundreds of thousands of these are made, each as small as it can be.) */
  declare readonly kind: 'instruction';
  private parsed: A.Instruction | undefined;

  constructor(
    private readonly memo: StatementMemo,
    readonly entry: RepeatEntry,
    private readonly start: number,
  ) {}

  /** The statement parsed in full. */
  full(): A.Instruction {
    return (this.parsed ??= this.memo.parseAt(this.start) as A.Instruction);
  }

  get span(): Span {
    return { start: this.start, end: this.start + this.entry.length };
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

/**
 * A body variable declaration whose text was checked cleanly before. It is an `A.VariableDecl`:
 * its state space is known without parsing; reading any other part parses it in full, once.
 */
export class RepeatedDeclaration implements A.VariableDecl {
  /** (On the prototype, as for RepeatedInstruction.) */
  declare readonly kind: 'variable';
  private parsed: A.VariableDecl | undefined;

  constructor(
    private readonly memo: StatementMemo,
    readonly entry: DeclarationEntry,
    readonly start: number,
  ) {}

  /** The declaration parsed in full. */
  full(): A.VariableDecl {
    return (this.parsed ??= this.memo.parseAt(this.start) as A.VariableDecl);
  }

  get span(): Span {
    return { start: this.start, end: this.start + this.entry.length };
  }
  get space(): A.StateSpace {
    return this.entry.space;
  }
  get type(): string {
    return this.entry.type;
  }
  get typeSpan(): Span {
    return this.full().typeSpan;
  }
  get attributes(): A.DirectiveWord[] {
    return this.full().attributes;
  }
  get declarators(): A.Declarator[] {
    return this.full().declarators;
  }
  get linkage(): A.Linkage | undefined {
    return undefined;
  }
  get bank(): number | undefined {
    return this.full().bank;
  }
  get align(): bigint | undefined {
    return this.full().align;
  }
  get vector(): number | undefined {
    return this.full().vector;
  }
  toJSON(): A.VariableDecl {
    const f = this.full();
    return 'toJSON' in f && typeof f.toJSON === 'function' ? (f.toJSON as () => A.VariableDecl)() : f;
  }
}

Object.defineProperty(RepeatedInstruction.prototype, 'kind', { value: 'instruction', enumerable: true });
Object.defineProperty(RepeatedDeclaration.prototype, 'kind', { value: 'variable', enumerable: true });
