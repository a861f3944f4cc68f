/**
 * Differential test of whole AMDGPU files against llvm-mc-19: a clang-generated file from
 * ../shared/corpus/amdgpu/generated with ONE random break (a register out of range, misaligned or
 * reversed, a register list that is not consecutive, a malformed number, a doubled or trailing
 * comma, a deleted or duplicated label, a truncated file, an `.amdhsa_` value out of its field or
 * not available on the processor, an alignment or data value out of range, a directional label
 * without its target, a symbol redefinition). gpuasm and `llvm-mc-19 -filetype=obj` must agree on
 * the verdict and on the line of the first error (when llvm-mc gives one).
 *
 * Breaks that need the instruction tables (a misspelt mnemonic, an operand of the wrong kind for
 * its instruction) are not drawn: gpuasm checks operands by their syntax and the processor, not
 * per instruction (docs/divergences.md, "AMDGPU files and expressions").
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason } from '../../harness/tools.js';
import { sharedSkipReason } from '../../harness/corpus.js';
import { amdgpuCorpusBreaks } from '../../harness/amdgpu-corpus-breaks.js';

type Pick = <T>(xs: readonly T[]) => T;

/** A break: given a line and a picker, the replacement text, or null when it does not apply. */
type Break = (line: string, pick: Pick, lines: string[]) => string | null;

const isInstruction = (l: string) => /^\s+[a-z_][a-z0-9_]*(\s|$)/.test(l) && !/^\s+\./.test(l);
const REG_LIMIT: Record<string, number> = { v: 256, s: 106 };

const BREAKS: Record<string, Break> = {
  registerIndex: (l, pick) =>
    isInstruction(l) ? l.replace(/\b([vs])(\d+)\b(?!\s*:)/, (_, p: string) => p + pick(p === 'v' ? [256, 257, 300, 1000] : [106, 107, 110, 200, 1000])) : null,
  registerRange: (l, pick) =>
    isInstruction(l)
      ? l.replace(/\b([vs])\[(\d+):(\d+)\]/, (_m, p: string, a: string, b: string) => {
          const x = Number(a);
          const y = Number(b);
          return pick([
            `${p}[${y}:${x}]`,
            p === 's' && y > x ? `${p}[${x + 1}:${y + 1}]` : `${p}[${x}:${x + 12}]`,
            `${p}[${x}:${REG_LIMIT[p]! + 1}]`,
            `${p}[${x}:${x + 16}]`,
            `${p}[${REG_LIMIT[p]}:${REG_LIMIT[p]! + y - x}]`,
            `${p}[${x}:]`,
            `${p}[${x}:${y}`,
            `${p}[:${y}]`,
          ]);
        })
      : null,
  registerList: (l, pick) =>
    isInstruction(l)
      ? l.replace(/\b([vs])\[(\d+):(\d+)\]/, (m, p: string, a: string, b: string) =>
          Number(b) > Number(a) ? pick([`[${p}${a},${p}${Number(a) + 2}]`, `[${p}${b},${p}${a}]`, `[${p}${a},${p === 'v' ? 's' : 'v'}${Number(a) + 1}]`, `[${p}${a},,${p}${b}]`, `[${p}${a},${p}${b}`]) : m,
        )
      : null,
  number: (l, pick) =>
    isInstruction(l)
      ? l.replace(/(,\s*)(0x[0-9a-f]+|\d+)\s*$/, (_, sep: string) => sep + pick(['0x', '0b2', '08', '0x1ffffffffffffffffffff', '99999999999999999999', '0x1p', '0x1.8']))
      : null,
  comma: (l, pick) => {
    if (!isInstruction(l) || !l.includes(',')) return null;
    const i = l.indexOf(',');
    return pick([l.slice(0, i) + ',,' + l.slice(i + 1), l.slice(0, i) + ', ,' + l.slice(i + 1), l + ',', l.replace(/\s*;.*$/, '') + ' ,']);
  },
  deleteLabel: (l) => (/^\.L[\w.$]*:/.test(l) ? '' : null),
  duplicateLabel: (l, pick) => {
    const m = /^([A-Za-z_.$][\w.$]*):/.exec(l);
    return m ? `${l}\n${pick([`${m[1]}:`, `.set ${m[1]}, 1`, `${m[1]} = 2`, `.equiv ${m[1]}, 3`])}` : null;
  },
  truncate: () => null,
  amdhsaValue: (l, pick) => {
    const m = /^(\s*)(\.amdhsa_\w+)\s+(\S+)\s*$/.exec(l);
    if (!m || m[2] === '.amdhsa_kernel') return null;
    return `${m[1]}${m[2]} ${pick(['2', '3', '4', '16', '-1', '0x100000000', '257', '513', '103', '1', '0', '5'])}`;
  },
  amdhsaInsert: (l, pick) =>
    /^\s*\.amdhsa_next_free_sgpr/.test(l)
      ? `${l}\n\t\t${pick(['.amdhsa_wavefront_size32 1', '.amdhsa_tg_split 0', '.amdhsa_accum_offset 4', '.amdhsa_round_robin_scheduling 0', '.amdhsa_shared_vgpr_count 0', '.amdhsa_fp16_overflow 0', '.amdhsa_enable_private_segment 0', '.amdhsa_reserve_flat_scratch 0', '.amdhsa_memory_ordered 1', '.amdhsa_user_sgpr_kernarg_preload_length 0', '.amdhsa_dx10_clamp 1', '.amdhsa_reserve_xnack_mask 1', '.amdhsa_next_free_vgpr 1'])}`
      : null,
  data: (l, pick) =>
    isInstruction(l) || /^\s*\.(text|p2align)/.test(l)
      ? // In a data section: a byte inside GFX11 code makes llvm-mc-19 loop forever (docs/divergences.md).
        `${l}\n\t.pushsection .rodata\n${pick(['.byte 256', '.byte -129', '.short 70000', '.long 0x100000000', '.p2align 32', '.balign 3', '.align 5', '.byte 255', '.short -32768', '.p2align 33', '.balign 6'])}\n\t.popsection`
      : null,
  directional: (l, pick) => (isInstruction(l) ? `${l}\n${pick(['s_branch 1f', 's_branch 1b', '.long 2f', '7:\n\ts_branch 7b', 's_branch 3f\n3:'])}` : null),
  typeDirective: (l, pick) => {
    const m = /^(\s*\.type\s+)([\w.$]+)(\s*,\s*)@function\s*$/.exec(l);
    return m ? pick([`${m[1]}${m[2]}${m[3]}@functio`, `${m[1]}1${m[2]}${m[3]}@function`, `${m[1]}${m[2]}${m[3]}function`, `${m[1]}${m[2]}${m[3]}STT_FUNC`, `${m[1]}${m[2]}`, `${m[1]}${m[2]}${m[3]}@function x`, `${m[1]}${m[2]} @object`]) : null;
  },
  symbols: (l, pick) =>
    isInstruction(l)
      ? `${l}\n${pick(['.set q_sym, q_sym+1', 'q_sym = q_sym', '.set q1, 1\n.equiv q1, 2', 'q2 = 1/0', '.set q4, undefined_q * 2', 'q5 = 3\nq5 = 4', '.equiv q6, 1\n.set q6, 2'])}`
      : null,
};

const KINDS = Object.keys(BREAKS);

interface Broken {
  kind: string;
  file: string;
  mcpu: string;
  line: number;
  before: string;
  after: string;
  text: string;
}

function breakFile(text: string, file: string, mcpu: string, kind: string, rnd: () => number): Broken | null {
  const pick: Pick = (xs) => xs[Math.floor(rnd() * xs.length)]!;
  const lines = text.split('\n');
  if (kind === 'truncate') {
    // At a line boundary inside the file (a cut inside a line is a mnemonic or operand break).
    const n = 1 + Math.floor(rnd() * (lines.length - 1));
    return { kind, file, mcpu, line: n, before: lines[n - 1]!, after: '(end of file)', text: lines.slice(0, n).join('\n') + '\n' };
  }
  // Lines of `.amdgpu_metadata` blocks are YAML, not assembly: not broken here.
  const yaml = new Set<number>();
  for (let i = 0, inside = false; i < lines.length; i++) {
    if (/^\s*\.amdgpu_metadata\b/.test(lines[i]!)) inside = true;
    if (inside) yaml.add(i);
    if (/^\s*\.end_amdgpu_metadata\b/.test(lines[i]!)) inside = false;
  }
  for (let tries = 0; tries < 200; tries++) {
    const i = Math.floor(rnd() * lines.length);
    if (yaml.has(i)) continue;
    const r = BREAKS[kind]!(lines[i]!, pick, lines);
    if (r === null || r === lines[i]) continue;
    const out = lines.slice();
    out[i] = r;
    return { kind, file, mcpu, line: i + 1, before: lines[i]!, after: r, text: out.join('\n') };
  }
  return null;
}

describe('AMDGPU corpus files with one break vs llvm-mc-19 (-filetype=obj)', () => {
  const skip = llvmMcSkipReason ?? sharedSkipReason;
  if (skip) console.log(skip);
  test('verdict and line of the first error', { skip }, () => {
    const seed = fuzzSeed();
    const bad: string[] = [];
    const perKind: Record<string, number> = {};
    let rejected = 0;
    let lineless = 0;
    const hung: string[] = [];
    amdgpuCorpusBreaks({
      kinds: KINDS,
      seed,
      runs: fuzzRuns(220),
      breakFile: (text, row, kind, rnd) => breakFile(text, row.file, row.mcpu, kind, rnd),
      onHung: (kind, file, b) => {
        perKind[kind] = (perKind[kind] ?? 0) + 1;
        hung.push(`${kind} ${file} line ${b.line}: ${JSON.stringify(b.after)}`);
      },
      onCase: ({ kind, file, broken: b, mc, first, theirsLine, ours, oursLine, agree }) => {
        perKind[kind] = (perKind[kind] ?? 0) + 1;
        if (!mc.ok) rejected++;
        if (theirsLine === 0) lineless++;
        if (!agree)
          bad.push(
            `${kind} ${file} (${b.mcpu}) line ${b.line}: ${JSON.stringify(b.before)} -> ${JSON.stringify(b.after)}: llvm-mc ${mc.ok ? 'accepts' : `line ${theirsLine}: ${first?.message ?? mc.stderr.slice(0, 200)}`}, gpuasm ${ours ? `line ${oursLine}: ${ours.message}` : 'accepts'}`,
          );
      },
    });
    console.log(`amdgpu corpus breaks: ${Object.values(perKind).reduce((a, b) => a + b, 0)} files (${rejected} rejected by llvm-mc, ${lineless} without a line, ${hung.length} where llvm-mc hung${hung.length ? ': ' + hung.join('; ') : ''}), ${JSON.stringify(perKind)}, seed ${seed}`);
    assert.deepEqual(bad.slice(0, 10), [], `seed ${seed}: ${bad.length} disagreements`);
  });
});
