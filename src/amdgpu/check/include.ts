/**
 * `.include "FILE"` as llvm-mc-19 runs it: the file's text read in place of the directive (llvm-mc
 * looks for FILE in its working directory, then in each `-I` directory). gpuasm splices the text of
 * every include the host can read before checking, and maps each issue back: one in the main text
 * to its own place, one in an included text to the `.include` line that brought it in, its message
 * naming the included file and line. An include the host cannot read stays a directive, which the
 * checker reports as llvm-mc does ("Could not find include file").
 */

/** Reads an included file by the name written in `.include`; undefined when there is none. */
export type IncludeReader = (name: string) => string | undefined;

/** Where an offset of the spliced text comes from. */
export type SplicedOrigin =
  | { readonly main: number }
  | { readonly directiveStart: number; readonly directiveEnd: number; readonly file: string; readonly line: number; readonly column: number };

interface Piece {
  /** Start in the spliced text. */
  readonly at: number;
  /** Main text: the offset of `at` there; included text: -1. */
  readonly main: number;
  /** For an included piece: the `.include` span in the main text, the file, its text and where in that text `at` is. */
  readonly directiveStart?: number;
  readonly directiveEnd?: number;
  readonly file?: string;
  readonly fileText?: string;
  readonly fileAt?: number;
}

/** Deeper includes than this are left as directives (an include cycle ends here). */
const MAX_DEPTH = 20;

/**
 * Inclusions and included bytes per file: beyond them an include is left as a directive. The depth
 * alone does not bound the work: a file that includes itself twice would be read 2^20 times.
 */
const MAX_INCLUDES = 20000;
const MAX_INCLUDED_BYTES = 64 << 20;

const INCLUDE_LINE = /^[ \t]*\.include[ \t]+"([^"\n]*)"[ \t]*(?:(?:;|\/\/)[^\n]*)?$/gim;

export interface Spliced {
  readonly text: string;
  origin(offset: number): SplicedOrigin;
}

/** The text with every readable `.include` replaced by its file's text; undefined when none was read. */
export function spliceIncludes(text: string, read: IncludeReader): Spliced | undefined {
  if (!/\.include/i.test(text)) return undefined;
  const pieces: Piece[] = [];
  let out = '';
  let includes = 0;
  let includedBytes = 0;
  const splice = (src: string, depth: number, outer: { start: number; end: number } | undefined, file: string | undefined): boolean => {
    let last = 0;
    let any = false;
    INCLUDE_LINE.lastIndex = 0;
    const matches = [...src.matchAll(INCLUDE_LINE)];
    for (const m of matches) {
      const included = depth < MAX_DEPTH && includes < MAX_INCLUDES && includedBytes < MAX_INCLUDED_BYTES ? read(m[1]!) : undefined;
      if (included === undefined) continue;
      includes++;
      includedBytes += included.length;
      any = true;
      const start = m.index!;
      const end = start + m[0].length;
      piece(src, last, start, outer, file);
      const span = outer ?? { start, end };
      const body = included.endsWith('\n') || included === '' ? included : included + '\n';
      // A blank line for the directive's own line end keeps the next main line a line of its own.
      splice(body, depth + 1, span, m[1]!);
      last = end;
    }
    if (any || depth > 0) piece(src, last, src.length, outer, file);
    return any;
  };
  const piece = (src: string, from: number, to: number, outer: { start: number; end: number } | undefined, file: string | undefined): void => {
    if (to <= from) return;
    if (outer) pieces.push({ at: out.length, main: -1, directiveStart: outer.start, directiveEnd: outer.end, file, fileText: src, fileAt: from });
    else pieces.push({ at: out.length, main: from });
    out += src.slice(from, to);
  };
  if (!splice(text, 0, undefined, undefined)) return undefined;
  return {
    text: out,
    origin(offset: number): SplicedOrigin {
      let lo = 0;
      let hi = pieces.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (pieces[mid]!.at <= offset) lo = mid;
        else hi = mid - 1;
      }
      const p = pieces[lo]!;
      if (p.main >= 0) return { main: p.main + (offset - p.at) };
      const inFile = p.fileAt! + (offset - p.at);
      const before = p.fileText!.slice(0, inFile);
      const line = before.split('\n').length;
      const column = inFile - before.lastIndexOf('\n');
      return { directiveStart: p.directiveStart!, directiveEnd: p.directiveEnd!, file: p.file!, line, column };
    },
  };
}
