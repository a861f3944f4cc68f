/** A name in lower case; the name itself (no new string) when it has no upper-case letter. */
export function lower(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) return name.toLowerCase();
  }
  return name;
}
