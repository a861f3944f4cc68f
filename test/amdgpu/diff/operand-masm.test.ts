/**
 * `gpuasm operand --masm-integers` against `llvm-mc-19 --masm-integers`: MASM integer forms (0ffh,
 * 17o, 10t, 101y, ...) as a b32 source operand of `v_mov_b32_e32 v0, X` on gfx900. The verdict, the
 * 9-bit source code and the literal dword must agree. Without the option the same forms are not
 * integers, for llvm-mc as for gpuasm.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { main } from '../../../src/cli/main.js';
import type { CliIO } from '../../../src/cli/io.js';

const VALUES = ['0ffh', '10h', '40h', '41h', '0ah', '0FFFFFFFFh', '-10h', '101y', '101b', '17o', '17q', '100t', '10d', '1234h+1', '(20h)*2', '0b101', '12', '0x10'];
/** Invalid MASM numbers: both tools must reject them. */
const INVALID = ['0fgh', '102y', '18o'];

async function operands(lines: string[], masm: boolean): Promise<({ src: number; literal: string | null } | { error: string })[]> {
  let stdout = '';
  const io: CliIO = { stdout: (s) => (stdout += s), stderr: () => {}, color: false, readStdin: async () => lines.map((l) => `b32 ${l}`).join('\n') + '\n' };
  await main(['operand', '--mcpu', 'gfx900', ...(masm ? ['--masm-integers'] : []), '-'], io);
  return stdout.trim().split('\n').map((l) => JSON.parse(l));
}

function llvmMc(lines: string[], masm: boolean): ({ src: number; literal: string | null } | { error: string })[] {
  const r = runLlvmMc(lines.map((l) => `v_mov_b32_e32 v0, ${l}`).join('\n') + '\n', { mcpu: 'gfx900', extraArgs: masm ? ['--masm-integers'] : [] });
  const errors = new Map<number, string>();
  for (const m of r.messages) if (m.severity === 'error' && m.line !== undefined && !errors.has(m.line)) errors.set(m.line, m.message);
  const enc = r.stdout.split('\n').filter((l) => l.includes('; encoding: ['));
  let k = 0;
  return lines.map((_, i) => {
    const e = errors.get(i + 1);
    if (e !== undefined) return { error: e };
    const l = enc[k++]!;
    const b = l.slice(l.indexOf('[') + 1, l.lastIndexOf(']')).split(',').map((x) => parseInt(x, 16));
    const dword = (j: number) => (b[j]! | (b[j + 1]! << 8) | (b[j + 2]! << 16) | (b[j + 3]! << 24)) >>> 0;
    return { src: dword(0) & 0x1ff, literal: b.length >= 8 ? '0x' + dword(4).toString(16).padStart(8, '0') : null };
  });
}

if (llvmMcSkipReason) console.log(llvmMcSkipReason);
test('operand --masm-integers encodes as llvm-mc-19 --masm-integers', { skip: llvmMcSkipReason }, async () => {
  const lines = [...VALUES, ...INVALID];
  const ours = await operands(lines, true);
  const theirs = llvmMc(lines, true);
  lines.forEach((l, i) => {
    const [a, b] = [ours[i]!, theirs[i]!];
    if ('error' in b) assert.ok('error' in a, `${l}: llvm-mc rejects it (${b.error}), gpuasm gives ${JSON.stringify(a)}`);
    else assert.deepEqual(a, b, `${l}: gpuasm ${JSON.stringify(a)}, llvm-mc ${JSON.stringify(b)}`);
  });
  console.log(`operand --masm-integers: ${lines.length} forms agree with llvm-mc-19 --masm-integers`);
  // Without the option these are no integers, for either tool.
  const plain = ['0ffh', '10h', '100t'];
  const [ourPlain, theirPlain] = [await operands(plain, false), llvmMc(plain, false)];
  plain.forEach((l, i) => {
    assert.ok('error' in theirPlain[i]!, `${l}: llvm-mc without --masm-integers accepts it`);
    assert.ok('error' in ourPlain[i]!, `${l}: gpuasm operand without --masm-integers gives ${JSON.stringify(ourPlain[i])}`);
  });
});
