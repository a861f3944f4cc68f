/**
 * The lexer's spelling of the language's own words: for a word of the text that is a keyword or a
 * generic modifier, the lexer hands out the string of this table (see `canonicalWord`).
 */
import { KEYWORDS } from './keywords.js';
import { GENERIC_MODIFIERS } from './modifiers.js';

/**
 * Each keyword and generic modifier as the engine's unique copy of its spelling: a property name
 * (V8 internalizes property names; `for…in` hands those back), the same string object as the
 * literals of the checker's and the instruction layer's tables and comparisons. A word sliced
 * from the text is equal to it but another object: comparing the two reads their characters
 * (`sym.space === '.reg'`, a Map keyed by literals), where two unique copies compare by identity.
 */
const CANONICAL: ReadonlyMap<string, string> = (() => {
  const names: Record<string, true> = Object.create(null) as Record<string, true>;
  for (const w of KEYWORDS) names[w] = true;
  for (const w of GENERIC_MODIFIERS) names[w] = true;
  const map = new Map<string, string>();
  for (const name in names) map.set(name, name);
  return map;
})();

/** `word`, or the table's string of the same spelling when it is a keyword or a generic modifier. */
export function canonicalWord(word: string): string {
  return CANONICAL.get(word) ?? word;
}
