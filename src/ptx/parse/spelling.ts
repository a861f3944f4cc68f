/**
 * One record per spelling of a parse (an opcode and its modifier list), made by the parser where
 * it reads the words (Cursor.parseSpelling) and carried on every instruction node written that
 * way. The checker's modifier check and the instruction layer work out once per spelling what
 * they need and keep it here, so an instruction finds it by one load instead of a WeakMap lookup
 * and a hash of its words (docs/benchmarks.md, session 16).
 *
 * What is kept is stamped with its owner (a checker's or a layer context's number from newStamp,
 * never the object: the record would then hold a module's checker as long as the tree lives), and
 * read only under that stamp: a tree checked again by another checker works it out anew.
 * Producers of instructions other than the parser leave the record undefined; the stages then take
 * their per-list caches.
 */
export class Spelling {
  /** The stamp of the checker that found every word known for this opcode (0: none yet). */
  knownIn = 0;
  /** The stamp of the layer context `plan` was worked out under (0: none yet). */
  planIn = 0;
  /** The instruction layer's plan for the spelling (its own type, opaque here), or undefined when the words match no form. */
  plan: unknown = undefined;
  constructor(
    /** The parser's shared list (one object per distinct list, as without a record). */
    readonly modifiers: string[],
  ) {}
}

let lastStamp = 0;

/** A number no owner has had before in this process (never 0). */
export function newStamp(): number {
  return ++lastStamp;
}
