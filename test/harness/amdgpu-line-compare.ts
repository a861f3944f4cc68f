/**
 * One line per case, judged by llvm-mc-19 and by gpuasm in one run each: the lines where they
 * disagree. Shared by the AMDGPU rule matrices (test/amdgpu/instructions/*-rules.test.ts).
 */
import assert from 'node:assert/strict';
import { runLlvmMc } from './tools.js';
import { checkAmdgpuText } from '../../src/amdgpu/index.js';
import { lookupInstruction, mnemonicsFor, OperandFile as F, type FormSpec } from '../../src/amdgpu/instructions/table.js';

export interface LineComparison {
  /** Lines gpuasm refuses and llvm-mc-19 accepts. */
  falseErrors: string[];
  /** Lines llvm-mc-19 refuses and gpuasm accepts, where `countMiss` says so. */
  missed: string[];
  /** Lines llvm-mc-19 refuses. */
  mcErrors: number;
}

export function compareLines(lines: readonly string[], mcpu: string, countMiss: (line: string, mcMessage: string) => boolean, triple?: string, mattr?: string): LineComparison {
  const text = lines.join('\n') + '\n';
  const mc = runLlvmMc(text, { mcpu, filetype: 'null', ...(triple ? { triple } : {}), ...(mattr ? { extraArgs: [`-mattr=${mattr}`] } : {}) });
  const theirs = new Map<number, string>();
  for (const m of mc.messages) if (m.severity === 'error' && m.line && !theirs.has(m.line)) theirs.set(m.line, m.message);
  const ours = new Map<number, string>();
  for (const d of checkAmdgpuText('rules.s', text, { mcpu, ...(triple ? { triple } : {}), ...(mattr ? { mattr } : {}) })) if (d.severity === 'error' && !ours.has(d.location!.line)) ours.set(d.location!.line, `${d.code} ${d.message}`);
  const falseErrors: string[] = [];
  const missed: string[] = [];
  for (let i = 1; i <= lines.length; i++) {
    const a = theirs.get(i);
    const b = ours.get(i);
    if (b && !a) falseErrors.push(`${mcpu}: ${lines[i - 1]} -- ${b}`);
    if (a && !b && countMiss(lines[i - 1]!, a)) missed.push(`${mcpu}: ${lines[i - 1]} -- llvm-mc: ${a}`);
  }
  return { falseErrors, missed, mcErrors: theirs.size };
}

export interface AgreeOptions {
  /** Put before each message. */
  label?: string;
  /** Which of llvm-mc-19's refusals count as misses (default: all). */
  countMiss?: (line: string, mcMessage: string) => boolean;
  /**
   * What the matrix must hold, or it proves little: `both`, lines llvm-mc-19 refuses and lines it
   * takes; `broken`, a line it refuses (matrices of fewer than 4 lines excepted). Default: nothing.
   */
  verdicts?: 'both' | 'broken';
  /** The triple of both runs (default amdgcn-amd-amdhsa). */
  triple?: string;
  /** -mattr of both runs (gpuasm's `mattr`), e.g. `+wavefrontsize64`. */
  mattr?: string;
}

/** compareLines on each of `mcpus`: no false error, no miss, and the verdicts `o.verdicts` asks for. */
export function assertLinesAgree(lines: readonly string[], mcpus: readonly string[], o: AgreeOptions = {}): void {
  const label = o.label ? `${o.label} ` : '';
  for (const mcpu of mcpus) {
    const r = compareLines(lines, mcpu, o.countMiss ?? (() => true), o.triple, o.mattr);
    const where = `${label}${mcpu}${o.mattr ? ` -mattr=${o.mattr}` : ''}`;
    assert.deepEqual(r.falseErrors.slice(0, 10), [], `${where}: ${r.falseErrors.length} false errors`);
    assert.deepEqual(r.missed.slice(0, 10), [], `${where}: ${r.missed.length} missed`);
    if (o.verdicts === 'both') assert.ok(r.mcErrors > 0 && r.mcErrors < lines.length, `${label}${mcpu}: llvm-mc-19 rejects ${r.mcErrors} of ${lines.length} (the matrix needs both verdicts)`);
    if (o.verdicts === 'broken') assert.ok(r.mcErrors > 0 || lines.length < 4, `${label}${mcpu}: the matrix has broken lines`);
  }
}

/**
 * Operands for a form: every VGPR position a distinct register (tuples by size, 8 apart from
 * v10), every scalar-only position s10 or s[10:...].
 */
export function sampleOperands(f: FormSpec): string[] {
  let v = 10;
  return f.operands.map((o) => {
    if ((o.files & F.V) === 0) return o.size === 1 ? 's10' : `s[10:${9 + o.size}]`;
    const s = o.size === 1 ? `v${v}` : `v[${v}:${v + o.size - 1}]`;
    v += 8;
    return s;
  });
}

/** The verified VALU forms on `mcpu` with no required modifier and register operands only (the rule matrices' lines). */
export function* verifiedValuForms(mcpu: string): Generator<FormSpec> {
  for (const m of mnemonicsFor(mcpu)) {
    const r = lookupInstruction(m, mcpu);
    if (r.status !== 'found') continue;
    for (const f of r.forms) {
      if (!f.verified || !/^(VOP|SDWA|DPP)/.test(f.family) || f.requiredModifiers.length > 0) continue;
      if (f.operands.some((o) => (o.files & (F.V | F.S)) === 0)) continue;
      yield f;
    }
  }
}

/** llvm-mc-19's error lines of the file (not of `<instantiation>`), ascending and distinct. */
export function llvmMcErrorLines(text: string, mcpu: string): number[] {
  const r = runLlvmMc(text, { mcpu, filetype: 'null' });
  const lines = r.messages.filter((m) => m.severity === 'error' && m.line !== undefined && m.file !== '<instantiation>').map((m) => m.line!);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** gpuasm's error lines, ascending and distinct (`repeats`: the repeated-line memo on or off). */
export function gpuasmErrorLines(text: string, mcpu: string, repeats = true): number[] {
  const d = checkAmdgpuText('t.s', text, { mcpu, repeats }).filter((x) => x.severity === 'error');
  return [...new Set(d.map((x) => x.location!.line))].sort((a, b) => a - b);
}

/**
 * Verdict per line, and, where both refuse a line and gpuasm answers with one of `codes`,
 * llvm-mc-19's message as the start of gpuasm's (gpuasm says what is allowed after it). Asserts;
 * returns how many lines llvm-mc-19 refused.
 */
export function assertSameAnswers(lines: readonly string[], mcpu: string, codes: ReadonlySet<string>, triple = 'amdgcn-amd-amdhsa'): { refused: number } {
  const text = lines.join('\n') + '\n';
  const mc = runLlvmMc(text, { mcpu, triple, filetype: 'null' });
  const theirs = new Map<number, string>();
  for (const m of mc.messages) if (m.severity === 'error' && m.line && !theirs.has(m.line)) theirs.set(m.line, m.message);
  const ours = new Map<number, { code: string; message: string }>();
  for (const d of checkAmdgpuText('m.s', text, { mcpu, triple })) if (d.severity === 'error' && !ours.has(d.location!.line)) ours.set(d.location!.line, { code: d.code, message: d.message });
  const wrong: string[] = [];
  for (let i = 1; i <= lines.length; i++) {
    const a = theirs.get(i);
    const b = ours.get(i);
    if (!a !== !b) wrong.push(`${mcpu} ${triple}: ${lines[i - 1]} -- llvm-mc: ${a ?? 'accepted'}; gpuasm: ${b ? `${b.code} ${b.message}` : 'accepted'}`);
    else if (a && b && codes.has(b.code) && !b.message.startsWith(a.replace(/\.$/, ''))) wrong.push(`${mcpu} ${triple}: ${lines[i - 1]} -- llvm-mc: ${a}; gpuasm: ${b.code} ${b.message}`);
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} lines answered otherwise than llvm-mc-19`);
  return { refused: theirs.size };
}

/**
 * `[input line, expected first error ('CODE col message start'), or '' for none]` at `mcpu`:
 * gpuasm's first error on each line alone (no tool needed; the rule tests' expected errors).
 */
export function expectFirstErrors(mcpu: string, cases: readonly (readonly [string, string])[]): void {
  for (const [line, want] of cases) {
    const errors = checkAmdgpuText('expect.s', line + '\n', { mcpu }).filter((d) => d.severity === 'error');
    const got = errors.length === 0 ? '' : `${errors[0]!.code} ${errors[0]!.location!.column} ${errors[0]!.message}`;
    if (want === '') assert.equal(got, '', `${mcpu}: ${line}`);
    else assert.ok(got.startsWith(want), `${mcpu}: ${line}\n  want: ${want}\n  got:  ${got}`);
  }
}

/**
 * Each line's verdict (refused or taken) at each processor is llvm-mc-19's (`-filetype=null`);
 * among the lines `what` picks, both verdicts must be seen.
 */
export function assertLineVerdicts(lines: readonly string[], cpus: readonly string[], what: (line: string) => boolean): void {
  const text = lines.join('\n') + '\n';
  let taken = 0;
  let refused = 0;
  for (const mcpu of cpus) {
    const mc = runLlvmMc(text, { mcpu, filetype: 'null' });
    const theirs = new Set(mc.messages.filter((m) => m.severity === 'error').map((m) => m.line));
    const ours = new Set(checkAmdgpuText('t.s', text, { mcpu }).filter((d) => d.severity === 'error').map((d) => d.location?.line));
    for (let i = 1; i <= lines.length; i++) {
      assert.equal(ours.has(i), theirs.has(i), `${mcpu} line ${i} '${lines[i - 1]}': llvm-mc ${theirs.has(i) ? 'refuses' : 'takes'} it, gpuasm ${ours.has(i) ? 'refuses' : 'takes'} it`);
      if (what(lines[i - 1]!)) theirs.has(i) ? refused++ : taken++;
    }
  }
  assert.ok(taken > 0 && refused > 0, `both verdicts seen (${taken} taken, ${refused} refused)`);
}
