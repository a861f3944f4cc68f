/**
 * POSIX path arithmetic for `#include` resolution, as Node's `path.posix` does it (same results,
 * checked against it in test/core/path.test.ts), without importing `node:path`: the library runs in
 * browsers too (core/host.ts).
 */

/** `a/./b/../c//d` → `a/c/d`; `..` above a relative start is kept, above `/` dropped. */
function normalizeParts(path: string, absolute: boolean): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(part);
  }
  return out.join('/');
}

/** As `path.posix.normalize`. */
export function normalize(path: string): string {
  if (path === '') return '.';
  const absolute = path.charCodeAt(0) === 47; /* '/' */
  const trailing = path.charCodeAt(path.length - 1) === 47;
  let body = normalizeParts(path, absolute);
  if (body === '' && !absolute) body = '.';
  if (body !== '' && trailing) body += '/';
  return absolute ? '/' + body : body;
}

/** As `path.posix.join`: the non-empty parts joined by `/`, then normalized. */
export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p.length > 0).join('/');
  return joined === '' ? '.' : normalize(joined);
}

/** As `path.posix.dirname`. */
export function dirname(path: string): string {
  if (path === '') return '.';
  const absolute = path.charCodeAt(0) === 47;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === 47) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else matchedSlash = false;
  }
  if (end === -1) return absolute ? '/' : '.';
  if (absolute && end === 1) return '//';
  return path.slice(0, end);
}
