/**
 * PTX preprocessor, source mapping: the output text with its segment table, and the presumed
 * file and line (after `#line` and line markers) that maps each output offset back to what the user wrote.
 */
import { SourceFile, type MappedText, type SourceLocation } from '../../core/source.js';
import { CH_LF } from './scan.js';

// ---------------------------------------------------------------- output and location mapping

/**
 * How lines of one physical file are presented: the name and line numbering `#line` set. The
 * line offset is computed on first use, so a clean file never builds its line table here.
 */
export interface Presumed {
  name: string;
  /** Offset of the `#line` that set this (-1: the file's own numbering). */
  markerOffset: number;
  /** The line number the marker gives the next physical line (32-bit, as ptxas). */
  markerLine: number;
  /** Cached: presumed line = (physical line + delta) | 0. */
  delta?: number;
}

export function initialPresumed(name: string): Presumed {
  return { name, markerOffset: -1, markerLine: 0, delta: 0 };
}

export function presumedDelta(file: SourceFile, s: Presumed): number {
  if (s.delta === undefined) s.delta = s.markerLine - (file.lineAndColumn(s.markerOffset).line + 1);
  return s.delta;
}

/** Output text in chunks plus the segment table that maps it back. */
export class Output {
  readonly chunks: string[] = [];
  length = 0;
  readonly segOut: number[] = [];
  readonly segFile: number[] = [];
  readonly segSrc: number[] = [];
  /** -1: offsets map one to one; otherwise every offset maps to segSrc with this length (macro use). */
  readonly segPoint: number[] = [];
  readonly segState: Presumed[] = [];
  lastChar = CH_LF;

  copy(file: number, text: string, start: number, end: number, state: Presumed): void {
    if (end <= start) return;
    const k = this.segOut.length - 1;
    if (
      !(k >= 0 && this.segPoint[k] === -1 && this.segFile[k] === file && this.segState[k] === state && this.segSrc[k]! + (this.length - this.segOut[k]!) === start)
    ) {
      this.segOut.push(this.length);
      this.segFile.push(file);
      this.segSrc.push(start);
      this.segPoint.push(-1);
      this.segState.push(state);
    }
    this.chunks.push(start === 0 && end === text.length ? text : text.slice(start, end));
    this.length += end - start;
    this.lastChar = text.charCodeAt(end - 1);
  }

  point(file: number, s: string, src: number, len: number, state: Presumed): void {
    if (s.length === 0) return;
    this.segOut.push(this.length);
    this.segFile.push(file);
    this.segSrc.push(src);
    this.segPoint.push(len);
    this.segState.push(state);
    this.chunks.push(s);
    this.length += s.length;
    this.lastChar = s.charCodeAt(s.length - 1);
  }
}

export function locationIn(file: SourceFile, offset: number, length: number, state: Presumed): SourceLocation {
  const off = Math.max(0, Math.min(offset, file.text.length));
  const { line, column } = file.lineAndColumn(off);
  const delta = presumedDelta(file, state);
  const loc: SourceLocation = { file: state.name, line: (line + delta) | 0, column, length };
  // The physical line's text is shown only when it is the line the location names.
  if (delta === 0 && state.name === file.name) loc.lineText = file.lineText(line);
  return loc;
}

export function buildMapped(out: Output, files: SourceFile[], mainState: Presumed): MappedText {
  const text = out.chunks.length === 1 ? out.chunks[0]! : out.chunks.join('');
  out.chunks.length = 0;
  const { segOut, segFile, segSrc, segPoint, segState } = out;
  const count = segOut.length;
  return {
    text,
    locate(offset: number, length = 0): SourceLocation {
      if (count === 0) return locationIn(files[0]!, 0, length, mainState);
      let lo = 0;
      let hi = count - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (segOut[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      const point = segPoint[lo]!;
      const file = files[segFile[lo]!]!;
      if (point >= 0) return locationIn(file, segSrc[lo]!, point, segState[lo]!);
      return locationIn(file, segSrc[lo]! + Math.max(0, offset - segOut[lo]!), length, segState[lo]!);
    },
  };
}

// ---------------------------------------------------------------- per-file state

export interface Conditional {
  /** Offset of the `#if`/`#ifdef`/`#ifndef` (for "unterminated"). */
  offset: number;
  state: Presumed;
  /** The enclosing region is live. */
  parentLive: boolean;
  /** Some branch of this conditional was (or is) taken. */
  taken: boolean;
  /** The current branch is live. */
  live: boolean;
  /** `#else` seen. */
  sawElse: boolean;
}

/** Per-file processing state. */
export interface FileContext {
  index: number;
  source: SourceFile;
  text: string;
  state: Presumed;
  /** ptxas's line-marker file stack (flag 1 pushes, flag 2 pops). */
  nameStack: string[];
  conds: Conditional[];
}
