/**
 * Branches out of reach (llvm-mc-19 "branch size exceeds simm16", AMD557): when it writes the
 * object, llvm-mc resolves a SOPP branch to a label of the same section as the 16-bit signed
 * count of dwords from the end of the branch, `(target - branch - 4) / 4` (truncated), and reports
 * one that does not fit. gpuasm does not encode, so it does not know each instruction's size; it
 * keeps a lower bound of the bytes between a label and a branch instead, and refuses only where
 * that bound already puts the target out of reach (exact in refusing: a bound of 131,072 bytes
 * back, or 131,076 forward, from the branch's start; llvm-mc-19 measured on `.fill`, `s_nop`,
 * `.space`, `.long` runs at both limits).
 *
 * The bound: 4 bytes per instruction statement (none is shorter), the bytes of the data
 * directives whose size is known (`.fill` with absolute count and size, `.space`/`.skip`/`.zero`
 * with an absolute count, `.byte`/`.short`/`.long`/`.quad` and their other names per argument).
 * Any other directive (a section switch, `.p2align`, `.org`, a string, a `.fill` of unknown size,
 * a kernel descriptor line...) ends the run: labels before it and branches waiting for a label
 * after it are forgotten, so a branch is never measured across anything of unknown size or
 * section. Macro instantiations and skipped conditional text add nothing.
 *
 * The repeated-line memo (speed/repeats.ts) skips remembered lines unread: it reports each
 * (`lineSkipped`): a remembered line is one instruction or one directive, by its first character,
 * and the data directives counted here are effects, so never remembered. The answer is the same
 * with the memo off. Memory: labels and first forward branches, at most a few thousand of them
 * from earlier runs.
 */
import type { Span } from '../../core/source.js';
import type { ParseIssue } from '../parse/expr.js';

/** Bytes back from a branch's start that are out of reach: (-131072 - 4) / 4 < -32768. */
const BACK = 131072;
/** Bytes forward from a branch's start that are out of reach: (131076 - 4) / 4 > 32767. */
const FORWARD = 131076;
/** Entries kept across runs before the maps are emptied. */
const KEEP = 4096;

export class BranchReach {
  /** Bytes since the run began, at least (+1 at each new run, so no label of an earlier one counts). */
  private at = 0;
  /** Where the current run began. */
  private base = 0;
  /** Labels of the current run: where each was defined. */
  private readonly labels = new Map<string, number>();
  /** The first branch of the current run to each label not yet defined: where it began, and its span. */
  private readonly pending = new Map<string, { at: number; span: Span }>();
  /** Branches out of reach (reported when the object is written: only in a file without another error). */
  readonly found: ParseIssue[] = [];

  /** An instruction statement: 4 bytes at least. */
  instruction(): void {
    this.at += 4;
  }

  /** Data of a known size. */
  data(bytes: number): void {
    this.at += bytes;
  }

  /**
   * Anything of unknown size or another section: a new run. Entries of earlier runs lie below
   * `base` and are passed over (no clearing at every directive: a cleared map is a new allocation);
   * the maps are emptied once they grow large.
   */
  barrier(): void {
    this.at++;
    this.base = this.at;
    if (this.labels.size > KEEP) this.labels.clear();
    if (this.pending.size > KEEP) this.pending.clear();
  }

  /** A line the repeated-line memo skipped: an instruction (4 bytes) or a directive (a new run). */
  lineSkipped(directive: boolean): void {
    if (directive) this.barrier();
    else this.at += 4;
  }

  label(name: string): void {
    this.labels.set(name, this.at);
    if (this.pending.size === 0) return;
    const p = this.pending.get(name);
    if (p === undefined) return;
    this.pending.delete(name);
    if (p.at >= this.base && this.at - p.at >= FORWARD) this.report(name, this.at - p.at, 'forward', p.span);
  }

  /** A branch (before its own bytes are counted) to a label, `span` its target operand. */
  branch(name: string, span: Span): void {
    const l = this.labels.get(name);
    if (l !== undefined && l >= this.base) {
      if (this.at - l >= BACK) this.report(name, this.at - l, 'back', span);
      return;
    }
    const p = this.pending.get(name);
    if (p === undefined || p.at < this.base) this.pending.set(name, { at: this.at, span });
  }

  private report(name: string, bytes: number, way: 'back' | 'forward', span: Span): void {
    this.found.push({
      code: 'AMD557',
      message: `branch size exceeds simm16: '${name}' is at least ${bytes} bytes ${way} from this branch${way === 'back' ? '' : "'s start"}, beyond the 16-bit signed count of dwords a branch takes (-32768…32767)`,
      start: span.start,
      length: span.end - span.start,
    });
  }
}
