/**
 * Tables of small PTX modules with the first error ptxas 13.0 reports for each (or none), shared by
 * the module-check tables (test/ptx/check/*.test.ts): each case is a test of its own against gpuasm,
 * and with ptxas on PATH the whole table (plus any extra modules) is run through ptxas, which must
 * give the table's line and gpuasm's. `kernelCases` makes the cases of one kernel shape (its
 * declarations, target and version) around one line or a few.
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

/** Registers of most scalar types, two lines: %h .f16, %rs .b16, %us .u16, %r .b32, %u .u32, %s .s32, %rd .b64, %ud .u64, %f .f32, %fd .f64, %x .f16x2, %p .pred. */
export const TYPED_REGISTERS =
  '.reg .f16 %h<9>; .reg .b16 %rs<9>; .reg .u16 %us<9>; .reg .b32 %r<9>; .reg .u32 %u<9>; .reg .s32 %s<9>;\n' +
  '.reg .b64 %rd<9>; .reg .u64 %ud<9>; .reg .f32 %f<9>; .reg .f64 %fd<9>; .reg .f16x2 %x<9>; .reg .pred %p<4>;';

/**
 * The module around the lines a table tests: its head, the kernel's declarations, and the lines.
 * Module text: `.version`, `.target`, `.address_size 64` (unless `addressSize` is false), `globals`,
 * `entry`, `{`, `decls`, the lines, `ret;`, `}`.
 */
export interface KernelShape {
  /**
   * The kernel's lines ahead of the tested ones: register (and other) declarations, one or more
   * lines; or made per `.version` (the same number of lines for every version).
   */
  decls: string | ((version: string) => string);
  /** Module-scope lines between `.address_size` and the entry. */
  globals?: string;
  /** The entry's head (default `.visible .entry k()`). */
  entry?: string;
  /** Without `.address_size 64` (an old .version). */
  addressSize?: false;
  /** `ok`/`bad`'s target and .version when a case names none. */
  target?: string;
  version?: string;
  /** ptxas's -arch for a target (default: ptxasArch). */
  arch?: (target: string) => string;
}

/**
 * ptxas 13.0's -arch for a `.target`: the target itself, or sm_75 for the older ones, which it
 * still reads (judging each instruction by the `.target`) but no longer generates code for.
 */
export function ptxasArch(target: string): string {
  return Number(/\d+/.exec(target)?.[0] ?? 0) < 75 ? 'sm_75' : target;
}

/** The module of `shape` at `target` and `version` around `body` (one or more lines). */
export function kernelModule(shape: KernelShape, target: string, version: string, body: string): string {
  const address = shape.addressSize === false ? '' : '.address_size 64\n';
  const globals = shape.globals === undefined ? '' : `${shape.globals}\n`;
  const decls = typeof shape.decls === 'function' ? shape.decls(version) : shape.decls;
  return `.version ${version}\n.target ${target}\n${address}${globals}${shape.entry ?? '.visible .entry k()'}\n{\n${decls}\n${body}\nret;\n}\n`;
}

export interface KernelCases {
  /** The instruction's line. */
  line: number;
  ok: (ins: string, target?: string, version?: string) => PtxCase;
  bad: (ins: string, code: string, target?: string, version?: string) => PtxCase;
  valid: (lines: readonly string[], target?: string, version?: string) => PtxCase;
  at: (target: string, version: string) => KernelCases;
}

/**
 * Cases of `shape`: `ok` a line ptxas takes, `bad` a line it refuses (at the instruction's line,
 * `line`) with gpuasm's code, `valid` several lines ptxas takes in one module; target and version
 * default to the shape's (`at` gives them for a set of cases).
 */
export function kernelCases(shape: KernelShape): KernelCases {
  const line = kernelModule(shape, '', '', '').split('\n').length - 3;
  const make = (verdict: string, shown: string, body: string, target = shape.target, version = shape.version): PtxCase => {
    if (target === undefined || version === undefined) throw new Error(`no target or version for ${body}`);
    const arch = (shape.arch ?? ptxasArch)(target);
    return { name: `${verdict} (${target} ${version}): ${shown}`, text: kernelModule(shape, target, version, body), full: true, arch };
  };
  return {
    line,
    ok: (ins, target, version) => make('valid', ins, ins, target, version),
    bad: (ins, code, target, version) => ({ ...make('refused', ins, ins, target, version), line, code }),
    valid: (lines, target, version) => make('valid', `${lines[0]} (+${lines.length - 1} more)`, lines.join('\n'), target, version),
    at: (target, version) => kernelCases({ ...shape, target, version }),
  };
}

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
