/**
 * LLVM's own AMDGPU MC tests (shared corpus, llvm-mc-tests/) as fixtures for the operand rules.
 * For every RUN line whose stderr is checked, the FileCheck `// PREFIX: ... error: MSG` lines of
 * its prefixes give the expected errors and their lines (`[[@LINE-N]]`, or the preceding
 * statement). Expected errors of operand-level rules (registers, ranges, alignment, availability,
 * register lists, index expressions) must be reported by `checkAmdgpuText` at that line with the
 * same rule, wherever llvm-mc-19 itself reports an error there (the README lists where LLVM 19
 * and the newer tests differ). Instruction-level errors (operand tables, encodings, "not supported
 * on this GPU") need per-instruction tables and are only counted. Conversely, no AMD3xx/AMD4xx
 * error of ours may sit on a line llvm-mc-19 accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { findTarget } from '../../../src/amdgpu/targets.js';
import { parseTriple } from '../../../src/amdgpu/triple.js';
import { LLVM_REGISTER_RULES } from '../../harness/llvm-messages.js';

/** Messages of rules applied to an operand by itself (llvm-mc 19 wording; newer tests put the register name first). */
const OPERAND_RULES = [...LLVM_REGISTER_RULES, 'invalid register class: vgpr tuples must be 64 bit aligned'];

/** The rule a message names: "s104 register not available on this GPU" -> "register not available on this GPU". */
function rule(msg: string): string | undefined {
  const m = msg.trim();
  for (const r of OPERAND_RULES) if (m === r || m.endsWith(' ' + r) || m.startsWith(r + ':')) return AVAILABILITY.includes(r) ? AVAILABILITY[0] : r;
  return undefined;
}

/** One rule, several wordings (LLVM 19 and newer tests word availability differently). */
const AVAILABILITY = [
  'register not available on this GPU',
  "'null' operand is not supported on this GPU",
  'execz and vccz are not supported on this GPU',
  'lds_direct is not supported on this GPU',
];

/** -triple=amdgpuMAJOR.MINOR spellings LLVM 19 does not know, mapped to the processor they mean. */
const TRIPLE_CPU: Record<string, string> = { 'amdgpu8.02': 'gfx802', 'amdgpu9.00': 'gfx900', 'amdgpu10.10': 'gfx1010' };

interface Run {
  mcpu: string;
  /** The RUN line's triple as llvm-mc-19 reads it: `-triple=T` (amdgpuX.Y spellings: amdhsa), `-arch=amdgcn` (the host's OS, amdgcn-pc-linux-gnu here). */
  triple: string;
  mattr: string[];
  prefixes: string[];
}

function parseRuns(lines: string[]): Run[] {
  const runs: Run[] = [];
  for (const l of lines) {
    const at = l.indexOf('RUN:');
    if (at < 0 || !l.trimStart().startsWith('//')) continue;
    const cmd = l.slice(at + 4);
    if (!cmd.includes('llvm-mc') || !cmd.includes('2>&1') || !cmd.includes('FileCheck')) continue;
    const words = cmd.split(/\s+/);
    let mcpu: string | undefined;
    let runTriple = 'amdgcn-amd-amdhsa';
    const mattr: string[] = [];
    const prefixes: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const val = (name: string) => (w.startsWith(name + '=') ? w.slice(name.length + 1) : w === name ? words[++i] : undefined);
      const cpu = val('-mcpu');
      if (cpu) mcpu = cpu;
      const triple = val('-triple');
      if (triple && TRIPLE_CPU[triple]) mcpu ??= TRIPLE_CPU[triple];
      else if (triple && !('error' in parseTriple(triple))) runTriple = triple;
      if (val('-arch') === 'amdgcn') runTriple = 'amdgcn-pc-linux-gnu';
      const attr = val('-mattr');
      if (attr) mattr.push(attr);
      for (const opt of ['-check-prefix', '--check-prefix', '-check-prefixes', '--check-prefixes']) {
        const p = val(opt);
        if (p) prefixes.push(...p.split(','));
      }
    }
    runs.push({ mcpu: mcpu ?? 'generic', triple: runTriple, mattr, prefixes });
  }
  return runs;
}

interface Expected {
  line: number;
  message: string;
}

/** `// P: :[[@LINE-1]]:10: error: msg` for the run's prefixes. */
function expectations(lines: string[], prefixes: string[]): Expected[] {
  const out: Expected[] = [];
  let lastStatement = 0;
  lines.forEach((l, i) => {
    const t = l.trim();
    if (t.length > 0 && !t.startsWith('//')) {
      lastStatement = i + 1;
      return;
    }
    const m = /^\/\/\s*([A-Za-z0-9_-]+):(.*)$/.exec(t);
    if (!m || !prefixes.includes(m[1]!)) return;
    const e = /error:\s*(.*)$/.exec(m[2]!);
    if (!e) return;
    const rel = /\[\[@LINE([+-]\d+)?\]\]/.exec(m[2]!);
    const line = rel ? i + 1 + Number(rel[1] ?? 0) : lastStatement;
    out.push({ line, message: e[1]! });
  });
  return out;
}

const dir = sharedDir() ? join(sharedDir()!, 'corpus', 'amdgpu', 'llvm-mc-tests') : undefined;
const skip = sharedSkipReason ?? llvmMcSkipReason;
if (skip) console.log(skip);

test('llvm-mc AMDGPU tests: operand-level errors are reported at their lines', { skip }, () => {
  const files = readdirSync(dir!).filter((f) => f.endsWith('.s')).sort();
  let operandExpected = 0;
  let operandMatched = 0;
  let llvm19Accepts = 0;
  let instructionLevel = 0;
  let unknownCpuRuns = 0;
  let ourLinesChecked = 0;
  const triples = new Set<string>();
  const failures: string[] = [];
  const otherWording: string[] = [];
  for (const f of files) {
    const text = readFileSync(join(dir!, f), 'latin1');
    const lines = text.split('\n');
    const seenConfigs = new Set<string>();
    for (const run of parseRuns(lines)) {
      const target = findTarget(run.mcpu);
      if (!target) {
        unknownCpuRuns++;
        continue;
      }
      const key = `${run.triple} ${run.mcpu} ${run.mattr.join(' ')} ${run.prefixes.join(',')}`;
      if (seenConfigs.has(key)) continue;
      seenConfigs.add(key);
      const mc = runLlvmMc(text, { mcpu: run.mcpu, triple: run.triple, filetype: 'null', extraArgs: run.mattr.map((a) => `-mattr=${a}`) });
      const mcErrorLines = new Set(mc.messages.filter((m) => m.severity === 'error' && m.line).map((m) => m.line!));
      const ours = checkAmdgpuText(f, text, { mcpu: run.mcpu, triple: run.triple }).filter((d) => d.severity === 'error');
      triples.add(run.triple);
      const expected = expectations(lines, run.prefixes);
      const expectedLines = new Set(expected.map((e) => e.line));
      const oursByLine = new Map<number, string[]>();
      for (const d of ours) {
        const l = d.location?.line ?? 0;
        oursByLine.set(l, [...(oursByLine.get(l) ?? []), d.message]);
        // Our operand rules never reject a line llvm-mc-19 accepts (unless the newer test expects
        // the error too: LLVM 19 encodes neg/abs of vccz/execz on GFX11+, see docs/divergences.md).
        if (/^AMD[34]\d\d$/.test(d.code)) {
          ourLinesChecked++;
          if (!mcErrorLines.has(l) && !expectedLines.has(l)) failures.push(`${f} (${run.mcpu}) line ${l}: we report '${d.message}' [${d.code}], llvm-mc-19 accepts the line`);
        }
      }
      for (const e of expected) {
        const r = rule(e.message);
        if (!r) {
          instructionLevel++;
          continue;
        }
        if (!mcErrorLines.has(e.line)) {
          llvm19Accepts++;
          continue;
        }
        operandExpected++;
        const got = oursByLine.get(e.line) ?? [];
        if (got.some((m) => rule(m) === r)) operandMatched++;
        else if (got.length > 0 && !got.some((m) => rule(m) !== undefined)) {
          // The statement parser rejected the operand first, in its own words: right line, other wording.
          otherWording.push(`${f} (${run.mcpu}) line ${e.line}: expected '${e.message}', the parser reports ${got.map((m) => `'${m}'`).join(', ')}`);
        } else failures.push(`${f} (${run.mcpu}) line ${e.line}: expected '${e.message}', we report ${got.length ? got.map((m) => `'${m}'`).join(', ') : 'nothing'}`);
      }
    }
  }
  console.log(
    `llvm-mc tests: ${operandMatched}/${operandExpected} operand-level expected errors reported with the same rule, ${otherWording.length} at the line in other words; ` +
      `${instructionLevel} instruction-level expectations counted, not checked; ${llvm19Accepts} operand-level expectations LLVM 19 itself does not report; ` +
      `${unknownCpuRuns} RUN lines for CPUs LLVM 19 does not know; ${ourLinesChecked} of our operand errors all on lines llvm-mc-19 rejects; triples ${[...triples].join(', ')}`,
  );
  if (otherWording.length) console.log(`${otherWording.length} expected operand errors reported at the right line by the statement parser in other words:\n  ${otherWording.join('\n  ')}`);
  assert.deepEqual(failures.slice(0, 30), [], `${failures.length} failures`);
});
