/**
 * Differential test on lines of every encoding: random instruction words (biased by their top bits
 * toward each encoding family: SOP*, SMEM, VOP1/2/C with SDWA/DPP/DPP8/literal sources, VOP3,
 * VOP3P, VOPD, VINTERP, LDSDIR, DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF, MIMG, EXP, GFX12's
 * VBUFFER/VIMAGE/VSAMPLE) decoded by llvm-mc-19's disassembler, the decoded lines reassembled by
 * llvm-mc-19 (lines with its comments, such as `/*Invalid register...*\/`, and lines it refuses
 * are dropped), and the lines it takes checked by gpuasm: no error on any (no false error).
 * GFX6-7, which LLVM 19 cannot disassemble, take gfx803's decoded lines. Replay with
 * GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS (words per processor). Session 18 (amddasm);
 * the full sweep's scripts live outside the repository (docs/testing.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fuzzRuns, fuzzSeed, LLVM_MC, llvmMcSkipReason } from '../../harness/tools.js';
import { rng as random } from '../../harness/ptx-mutate.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const SOP_VOP: [string, number][] = [
  ['10', 3], ['1011', 2], ['101111101', 3], ['101111110', 2], ['101111111', 3], // SOP2, SOPK, SOP1, SOPC, SOPP
  ['0', 4], ['0111111', 4], ['0111110', 4], // VOP2, VOP1, VOPC
];
/** Top-bit prefixes of the other encodings by generation ('' draws any top bits). */
function families(cpu: string): [string, number][] {
  const g = cpu.slice(3);
  let f: [string, number][];
  if (g.startsWith('8') || g.startsWith('9'))
    f = [['110000', 3], ['110100', 5], ['110101', 2], ['110110', 3], ['110111', 5], ['111000', 3], ['111010', 2], ['111100', 3], ['110001', 2], ['110100111', g.startsWith('9') ? 4 : 0]];
  else if (g.startsWith('10')) f = [['111101', 3], ['110101', 5], ['110011', 4], ['110010', 2], ['110110', 3], ['110111', 5], ['111000', 3], ['111010', 2], ['111100', 3], ['111110', 2]];
  else if (g.startsWith('11'))
    f = [['111101', 3], ['110101', 6], ['11001100', 4], ['110010', 4], ['110110', 3], ['110111', 5], ['111000', 3], ['111010', 2], ['111100', 3], ['111110', 2], ['11001101', 2], ['11001110', 2]];
  else
    f = [['111101', 3], ['110101', 6], ['11001100', 4], ['110010', 4], ['110110', 3], ['11101100', 3], ['11101101', 3], ['11101110', 3], ['11000100', 3], ['11010011', 3], ['11100111', 3], ['111110', 2], ['11001101', 2], ['11001110', 2]];
  return [...SOP_VOP, ...f, ['', 4]];
}
/** Sources that select SDWA, DPP, DPP8, a literal, constants and special registers. */
const SPECIAL = [0xf9, 0xfa, 0xe9, 0xea, 0xff, 0xfd, 0x7c, 0x7d, 0x7e, 0x80, 0xc1, 0xf0, 0xf8];

/** One line of 4, 8, 12 or 16 random bytes (`0x.. 0x..`), its first dword's top bits from a family. */
function word(rnd: () => number, fams: readonly [string, number][], total: number): string {
  let x = rnd() * total;
  let p = '';
  for (const [q, w] of fams) {
    p = q;
    if ((x -= w) <= 0) break;
  }
  const words = [0, 1, 2, 3].map(() => Math.floor(rnd() * 2 ** 32) >>> 0);
  if (p) {
    const k = p.length;
    words[0] = ((parseInt(p, 2) * 2 ** (32 - k)) + (words[0]! % 2 ** (32 - k))) >>> 0;
  }
  if (p.startsWith('0') && rnd() < 0.5) words[0] = ((words[0]! & ~0x1ff) | SPECIAL[Math.floor(rnd() * SPECIAL.length)]!) >>> 0;
  else if (p.startsWith('11') && rnd() < 0.4) words[1] = ((words[1]! & ~0x1ff) | SPECIAL[Math.floor(rnd() * SPECIAL.length)]!) >>> 0;
  // Small register numbers are likelier valid.
  if (rnd() < 0.5) for (let i = 1; i < 4; i++) if (rnd() < 0.5) words[i] = (words[i]! & 0xf0ffffff) >>> 0;
  const n = [4, 8, 8, 12, 16][Math.floor(rnd() * 5)]!;
  const bytes: string[] = [];
  for (let i = 0; i < n; i++) bytes.push(`0x${((words[i >> 2]! >>> (8 * (i & 3))) & 0xff).toString(16).padStart(2, '0')}`);
  return bytes.join(' ');
}

function mc(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(LLVM_MC!, ['-triple=amdgcn-amd-amdhsa', ...args], { input, encoding: 'latin1', maxBuffer: 64 << 20, timeout: 60_000, killSignal: 'SIGKILL' });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Decoded lines of `lines` (llvm-mc-19's disassembler aborts on some words: halved until the word is alone, then dropped). */
function decode(cpu: string, lines: readonly string[], crashed: { n: number }, mattr = ''): string[] {
  const r = mc([`-mcpu=${cpu}`, ...(mattr ? [`-mattr=${mattr}`] : []), '--disassemble'], lines.join('\n') + '\n');
  if (r.status === 0) return r.stdout.split('\n').map((l) => l.trim()).filter((l) => l && l !== '.text');
  if (lines.length === 1) {
    crashed.n++;
    return [];
  }
  const h = lines.length >> 1;
  return [...decode(cpu, lines.slice(0, h), crashed, mattr), ...decode(cpu, lines.slice(h), crashed, mattr)];
}

/** The lines llvm-mc-19 assembles at `cpu` (those it refuses dropped, run again until none is). */
function reassembled(cpu: string, lines: readonly string[], mattr = ''): { accepted: string[]; refused: number } {
  let cur = [...lines];
  let refused = 0;
  for (let round = 0; round < 20 && cur.length; round++) {
    const r = mc([`-mcpu=${cpu}`, ...(mattr ? [`-mattr=${mattr}`] : []), '-show-encoding', '-o', '/dev/null'], cur.join('\n') + '\n');
    const bad = new Set<number>();
    for (const m of r.stderr.matchAll(/^<stdin>:(\d+):\d+: error: /gm)) bad.add(Number(m[1]));
    if (bad.size === 0) return { accepted: cur, refused };
    refused += bad.size;
    cur = cur.filter((_, i) => !bad.has(i + 1));
  }
  return { accepted: cur, refused };
}

/** Processors, some in wave64 (`-mattr=+wavefrontsize64`: decoded, reassembled and checked so). */
const CPUS = ['gfx600', 'gfx700', 'gfx803', 'gfx900', 'gfx908', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200', 'gfx1201', 'gfx1030 +wavefrontsize64', 'gfx1100 +wavefrontsize64', 'gfx1200 +wavefrontsize64'];

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

test('random words decoded and reassembled by llvm-mc-19: no gpuasm error on a line it takes', { skip }, () => {
  const seed = fuzzSeed();
  console.log(`AMDGPU disassembler sweep: seed ${seed} (GPUASM_SEED=${seed} to replay)`);
  const rnd = random(seed);
  const perCpu = fuzzRuns(800);
  // Five processors per run, drawn from the sixteen (three of them wave64).
  const cpus = [...CPUS].sort(() => rnd() - 0.5).slice(0, 5);
  const bad: string[] = [];
  let total = 0;
  for (const entry of cpus) {
    const [cpu, mattr = ''] = entry.split(' ') as [string, string?];
    const dcpu = cpu === 'gfx600' || cpu === 'gfx700' ? 'gfx803' : cpu;
    const fams = families(dcpu);
    const weight = fams.reduce((a, [, w]) => a + w, 0);
    const words = Array.from({ length: perCpu }, () => word(rnd, fams, weight));
    const crashed = { n: 0 };
    const decoded = decode(dcpu, words, crashed, mattr).filter((l) => !l.includes('/*') && !l.includes(';') && !l.includes('//'));
    const { accepted, refused } = reassembled(cpu, [...new Set(decoded)], mattr);
    total += accepted.length;
    const diags = checkAmdgpuText('dasm.s', accepted.join('\n') + '\n', { mcpu: cpu, triple: 'amdgcn-amd-amdhsa', mattr: mattr || undefined });
    for (const d of diags) if (d.severity === 'error' && d.location) bad.push(`${entry}: ${accepted[d.location.line - 1]} -- ${d.code} ${d.message}`);
    console.log(`  ${entry}: ${words.length} words, ${decoded.length} decoded (${crashed.n} crashed the disassembler), ${accepted.length} reassembled, ${refused} refused`);
  }
  assert.ok(total > 0, `seed ${seed}: no line decoded and reassembled`);
  assert.deepEqual(bad.slice(0, 10), [], `seed ${seed}: ${bad.length} false errors (replay with GPUASM_SEED=${seed})`);
});
