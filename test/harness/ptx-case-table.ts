/**
 * Tables of small PTX modules with the first error ptxas 13.0 reports for each (or none), shared by
 * the module-check tables (test/ptx/check/checker.test.ts, fuzz-found.test.ts): each case is a test
 * of its own against gpuasm, and with ptxas on PATH the whole table (plus any extra modules) is run
 * through ptxas, which must give the table's line and gpuasm's.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtxText } from '../../src/ptx/index.js';
import { ptxasSkipReason, runPtxas } from './tools.js';

export const HEADER = '.version 8.0\n.target sm_80\n.address_size 64\n';

export interface PtxCase {
  name: string;
  /** Module text after HEADER (its lines start at 4), or the whole file when `full`. */
  text: string;
  full?: boolean;
  /** ptxas's first-error line; 0: rejected without a line (link time); undefined: accepted. */
  line?: number;
  /** Our diagnostic code for the first error. */
  code?: string;
  /** -arch for ptxas (default sm_80, or sm_90 for a whole file that names it). */
  arch?: string;
}

export const caseText = (c: { text: string; full?: boolean }): string => (c.full ? c.text : HEADER + c.text + '\n');

/** Errors ptxas reports without a line (whole-program resolution). */
const LINK_TIME = new Set(['PTX348', 'PTX349', 'PTX529']);

/** gpuasm's first error: its line (0 for a link-time error) and code. */
export function firstError(text: string): { line?: number; code?: string } {
  const errors = checkPtxText('case.ptx', text).filter((d) => d.severity === 'error');
  if (!errors.length) return {};
  return { line: LINK_TIME.has(errors[0]!.code) ? 0 : errors[0]!.location?.line, code: errors[0]!.code };
}

/**
 * `title`: one test per case (gpuasm's first error line and code as the table says); then, with
 * ptxas, every case and every module of `extra` (compared with gpuasm only) through ptxas.
 */
export function ptxCaseTable(title: string, cases: readonly PtxCase[], extra: readonly { name: string; text: string }[] = []): void {
  describe(`${title} (cases verified with ptxas 13.0)`, () => {
    for (const c of cases) {
      test(c.name, () => {
        const text = caseText(c);
        const got = firstError(text);
        assert.equal(got.line, c.line, `first error line for:\n${text}\ngot ${JSON.stringify(got)}`);
        if (c.code) assert.equal(got.code, c.code, `code for:\n${text}`);
      });
    }
  });
  describe(`${title} agree with ptxas`, { skip: ptxasSkipReason }, () => {
    if (ptxasSkipReason) console.log(ptxasSkipReason);
    test(`${cases.length} table cases${extra.length ? ` and ${extra.length} more modules` : ''} re-run through ptxas`, () => {
      const wrong: string[] = [];
      const run = (c: { name: string; text: string; full?: boolean; arch?: string }, table: boolean, line?: number) => {
        const text = caseText(c);
        const arch = c.arch ?? (c.full && c.text.includes('sm_90') ? 'sm_90' : 'sm_80');
        const r = runPtxas(text, { arch, name: 'checkcase' });
        const theirs = r.ok ? undefined : (r.firstErrorLine ?? 0);
        const ours = firstError(text).line;
        if (table && theirs !== line) wrong.push(`${c.name}: table ${line ?? 'accept'}, ptxas ${theirs ?? 'accept'} ${r.stderr.split('\n')[0]}`);
        if (theirs !== ours) wrong.push(`${c.name}: ours ${ours ?? 'accept'}, ptxas ${theirs ?? 'accept'} ${r.stderr.split('\n')[0]}`);
      };
      for (const c of cases) run(c, true, c.line);
      for (const m of extra) run(m, false);
      assert.deepEqual(wrong, []);
    });
  });
}
