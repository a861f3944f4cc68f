/** Source text with offsets everywhere; line and column are computed on demand. */

/** A file's text plus a lazily built table of line starts (binary-searched). */
export class SourceFile {
  private lineStarts: Int32Array | undefined;
  private lineCount = 0;
  constructor(readonly name: string, readonly text: string) {}

  /** Offsets at which each line begins; line 1 starts at 0. Built once, in one pass. */
  private getLineStarts(): Int32Array {
    if (this.lineStarts) return this.lineStarts;
    const text = this.text;
    // indexOf scans with the engine's vectorized search (several times faster than a charCodeAt
    // loop), and a typed array takes the offsets without boxing them.
    let starts = new Int32Array(Math.max(16, Math.min(text.length >> 4, 1 << 20)));
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      if (n === starts.length) {
        const grown = new Int32Array(n * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[n++] = i + 1;
    }
    this.lineCount = n;
    this.lineStarts = starts;
    return starts;
  }

  /**
   * Takes the line starts of this text from a scan that passed every newline (the PTX lexer), so
   * the first diagnostic does not read the text again. Ignored once the table exists.
   */
  adoptLineStarts(starts: Int32Array): void {
    if (this.lineStarts || starts[0] !== 0) return;
    this.lineStarts = starts;
    this.lineCount = starts.length;
  }

  /** 1-based line and column of an offset. Columns count UTF-16 code units, tabs as one. */
  lineAndColumn(offset: number): { line: number; column: number } {
    const starts = this.getLineStarts();
    let lo = 0;
    let hi = this.lineCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** Text of a 1-based line, without its terminator (\n or \r\n). */
  lineText(line: number): string {
    const starts = this.getLineStarts();
    if (line < 1 || line > this.lineCount) return '';
    const start = starts[line - 1]!;
    let end = line < this.lineCount ? starts[line]! - 1 : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }

  /** A resolved location for diagnostics. */
  location(offset: number, length = 0): SourceLocation {
    const { line, column } = this.lineAndColumn(offset);
    return { file: this.name, line, column, length, lineText: this.lineText(line) };
  }
}

/** Where a diagnostic points: already resolved to the file the user wrote (after #line, includes). */
export interface SourceLocation {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** Characters to underline; 0 for a caret only. */
  length?: number;
  /** The source line, when the text is known (not for a #line-named file that is absent). */
  lineText?: string;
}

/** Whether `a` comes before `b` in the same file. */
export function locatedBefore(a: SourceLocation, b: SourceLocation): boolean {
  return a.file === b.file && (a.line < b.line || (a.line === b.line && a.column < b.column));
}

/** A half-open range of offsets into one text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Text a front end parses plus the way back to what the user wrote: after preprocessing and
 * `#line`, offsets in `text` map to original files and lines through `locate`.
 */
export interface MappedText {
  readonly text: string;
  locate(offset: number, length?: number): SourceLocation;
  /** The file itself, when the mapping is the identity. */
  readonly file?: SourceFile;
}

/** The identity mapping for text that was not preprocessed. */
export function unmapped(file: SourceFile): MappedText {
  return { text: file.text, locate: (offset, length = 0) => file.location(offset, length), file };
}

/**
 * A token's text as a message quotes it: its first line only (a string may run over line ends, and
 * a message must not depend on CRLF or LF), at most `max` characters.
 */
export function tokenExcerpt(text: string, start: number, end: number, max = 60): string {
  let stop = Math.min(end, start + max);
  const lf = text.indexOf('\n', start);
  if (lf >= 0 && lf < stop) stop = lf;
  if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
  return text.slice(start, stop);
}
