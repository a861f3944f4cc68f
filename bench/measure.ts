/** Small measuring helpers shared by the bench scripts (no side effects at import). */

/** The median of some numbers (the mean of the middle two for an even count; NaN for none). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
