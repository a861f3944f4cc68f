/**
 * Byte tables for the lexers' punctuation (PTX and AMDGPU build theirs from these): one table read
 * on the scanner's path instead of a `switch` case per character, so that a character first met
 * late in a file reaches no case the optimized scanner has never run (each such case cost a
 * deoptimization and another compile of the scanner). Token kinds are the caller's numbers (1-255).
 */

/** The token kind of each byte that is a token of one character whatever follows it (0: not one). */
export function singleTokenTable(pairs: readonly (readonly [byte: number, kind: number])[]): Uint8Array {
  const t = new Uint8Array(256);
  for (const [c, k] of pairs) t[c] = k;
  return t;
}

/**
 * Operators that may take a second character: `row[c]` numbers the first characters (0: none; at
 * most 7 rows), `alone[row]` is the token of the character alone, and `pair[row << 8 | next]` the
 * token of the two characters (0: not a pair).
 */
export interface OperatorTables {
  readonly row: Uint8Array;
  readonly alone: Uint8Array;
  readonly pair: Uint8Array;
}

/** OperatorTables from rows of (first character, its token alone, [second character, token of both]...). */
export function operatorTables(rows: readonly (readonly [byte: number, alone: number, pairs: readonly (readonly [byte: number, kind: number])[]])[]): OperatorTables {
  if (rows.length > 7) throw new Error('operatorTables: at most 7 rows');
  const row = new Uint8Array(256);
  const alone = new Uint8Array(8);
  const pair = new Uint8Array(8 * 256);
  rows.forEach(([c, k, pairs], i) => {
    row[c] = i + 1;
    alone[i + 1] = k;
    for (const [d, kk] of pairs) pair[((i + 1) << 8) | d] = kk;
  });
  return { row, alone, pair };
}
