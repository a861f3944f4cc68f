/**
 * The loop both AMDGPU break differentials share (test/amdgpu/diff/breaks.test.ts, file-level
 * breaks; test/amdgpu/instructions/breaks.test.ts, instruction-level breaks): clang-generated corpus
 * files llvm-mc accepts, random draws of (file, kind, position seed), each draw's own random
 * sequence, the broken text run through `llvm-mc-19 -filetype=obj` and `checkAmdgpuText`, and
 * whether the two agree on the verdict and the line of the first error. Each test judges the
 * disagreements in its own way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { checkAmdgpuText } from '../../src/amdgpu/index.js';
import { readManifest, sharedDir } from './corpus.js';
import { runLlvmMc, type LlvmMcResult, type ToolMessage } from './tools.js';

/** A broken file: the processor it is assembled for and its text. */
export interface AmdgpuBreak {
  mcpu: string;
  text: string;
}

export interface BrokenAmdgpuCase<K, B extends AmdgpuBreak> {
  kind: K;
  /** The corpus file (relative to corpus/amdgpu/generated). */
  file: string;
  broken: B;
  mc: LlvmMcResult;
  /** llvm-mc's first error; its line is `theirsLine` (null: accepted, 0: an error without a line). */
  first?: ToolMessage;
  theirsLine: number | null;
  /** gpuasm's first error and its line (null: accepted). */
  ours?: Diagnostic;
  oursLine: number | null;
  /** Same verdict and, where llvm-mc gives one, the same first-error line. */
  agree: boolean;
}

/**
 * Draws `runs` cases with `seed`; `breakFile` breaks a file's text for a kind with the draw's own
 * random numbers (`rnd`, in [0, 1)), or gives null when the kind does not apply to the file. Each
 * compared case goes to `onCase`, in draw order; a break on which llvm-mc does not end (it can
 * loop forever on some inputs) goes to `onHung` instead and is not compared.
 */
export function amdgpuCorpusBreaks<K extends string, B extends AmdgpuBreak>(options: {
  kinds: readonly K[];
  seed: number;
  runs: number;
  breakFile: (text: string, row: { file: string; mcpu: string }, kind: K, rnd: () => number) => B | null;
  onCase: (c: BrokenAmdgpuCase<K, B>) => void;
  onHung?: (kind: K, file: string, broken: B) => void;
}): void {
  const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'generated');
  const rows = readManifest(join(dir, 'MANIFEST.tsv')).filter((r) => r['verdict'] === 'ok');
  const texts = new Map<string, string>();
  const plan = fc.sample(fc.tuple(fc.nat(rows.length - 1), fc.constantFrom(...options.kinds), fc.integer()), { seed: options.seed, numRuns: options.runs });
  for (const [r, kind, s] of plan) {
    const row = rows[r]!;
    const file = row['file']!;
    if (!texts.has(file)) texts.set(file, readFileSync(join(dir, file), 'latin1'));
    let state = s | 0;
    const rnd = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0), (state >>> 1) / 0x80000000);
    const broken = options.breakFile(texts.get(file)!, { file, mcpu: row['mcpu']! }, kind, rnd);
    if (!broken) continue;
    const mc = runLlvmMc(broken.text, { mcpu: broken.mcpu, filetype: 'obj', timeoutMs: 20000 });
    if (mc.timedOut) {
      options.onHung?.(kind, file, broken);
      continue;
    }
    const first = mc.messages.find((m) => m.severity === 'error');
    const ours = checkAmdgpuText(file, broken.text, { mcpu: broken.mcpu }).find((d) => d.severity === 'error');
    const theirsLine = mc.ok ? null : (first?.line ?? 0);
    const oursLine = ours ? ours.location!.line : null;
    const agree = theirsLine === 0 ? oursLine !== null : theirsLine === oursLine;
    options.onCase({ kind, file, broken, mc, first, theirsLine, ours, oursLine, agree });
  }
}
