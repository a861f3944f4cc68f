/**
 * Runs hostile inputs through a library entry point inside a worker thread, so that a hang can be
 * cut off (Worker.terminate stops even a tight loop) and a stack overflow shows up as a crash of
 * this input instead of taking the test runner down. The worker's stack is limited to about the
 * main thread's (1 MB), so depth problems show here as they would in the CLI.
 *
 * Each input's cost is measured by things that do not depend on the machine's speed or load
 * (docs/testing.md, "How growth is judged"): the library's work meter (tokens read, expression
 * nodes evaluated), the bytes allocated on the V8 heap and the heap's peak growth while the input
 * is checked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { workMeter } from '../../src/core/work.js';
import { allocatedDuring } from '../harness/alloc.js';

export type Entry = 'ptx' | 'ptx-preprocess' | 'amdgpu' | 'amdgpu-expr';

export interface HostileJob {
  entry: Entry;
  /** Inputs, each checked in turn. */
  texts: string[];
  /** For 'ptx' and 'ptx-preprocess': files an #include may read (path -> text). */
  files?: Record<string, string>;
  mcpu?: string;
}

export interface HostileOutcome {
  /** Index into texts. */
  index: number;
  /** Work-meter steps the input caused (see src/core/work.ts). */
  steps: number;
  /** Bytes allocated on the V8 heap while the input was checked (test/harness/alloc.ts). */
  allocatedBytes: number;
  /** Peak growth of the used V8 heap while the input was checked, in bytes (sampled at each GC and at the end). */
  heapBytes: number;
  diagnostics: number;
  errors: number;
  /** Thrown by the entry point: message and stack. */
  crash?: string;
  /** Malformed diagnostics or internal-error messages. */
  bad?: string;
}

function validate(diags: unknown): { count: number; errors: number; bad?: string } {
  if (!Array.isArray(diags)) return { count: 0, errors: 0, bad: `result is not an array: ${typeof diags}` };
  let errors = 0;
  for (const d of diags as Diagnostic[]) {
    if (typeof d?.message !== 'string' || typeof d.code !== 'string' || !['error', 'warning', 'note'].includes(d.severity)) {
      return { count: diags.length, errors, bad: `malformed diagnostic ${JSON.stringify(d)?.slice(0, 200)}` };
    }
    if (/internal error|\[object |\bat .*\.js:\d+/i.test(d.message)) return { count: diags.length, errors, bad: `suspicious message: ${d.message.slice(0, 200)}` };
    if (d.location && (!(d.location.line >= 1) || !(d.location.column >= 1))) {
      return { count: diags.length, errors, bad: `bad location ${JSON.stringify({ ...d.location, lineText: undefined })}` };
    }
    if (d.severity === 'error') errors++;
  }
  return { count: diags.length, errors };
}

async function main(job: HostileJob): Promise<void> {
  const files = job.files ?? {};
  const readFile = (p: string) => {
    for (const [k, v] of Object.entries(files)) if (p === k || p.endsWith('/' + k)) return v;
    return undefined;
  };
  let run: (text: string) => unknown;
  if (job.entry === 'ptx') {
    const { checkPtxText } = await import('../../src/ptx/index.js');
    run = (t) => checkPtxText('hostile.ptx', t, { readFile });
  } else if (job.entry === 'ptx-preprocess') {
    const { preprocess } = await import('../../src/ptx/preprocess/preprocess.js');
    run = (t) => {
      const r = preprocess('hostile.ptx', t, { readFile });
      // Touch the mapping the way the parser will: locate the start and the end.
      r.mapped.locate(0);
      r.mapped.locate(r.mapped.text.length);
      return r.diagnostics;
    };
  } else if (job.entry === 'amdgpu') {
    const { checkAmdgpuText } = await import('../../src/amdgpu/index.js');
    run = (t) => checkAmdgpuText('hostile.s', t, { mcpu: job.mcpu ?? 'gfx900' });
  } else {
    const { evaluateAmdgpuExpression } = await import('../../src/amdgpu/index.js');
    run = (t) => {
      const r = evaluateAmdgpuExpression(t);
      return 'value' in r ? [] : r.diagnostics;
    };
  }
  // A full collection before each input, so that its heap growth starts from the live data alone.
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const outcomes: HostileOutcome[] = [];
  for (let index = 0; index < job.texts.length; index++) {
    const text = job.texts[index]!;
    // Tells the parent which input is running, so a hang can be attributed.
    parentPort!.postMessage({ running: index });
    gc();
    const steps0 = workMeter.steps;
    let outcome: HostileOutcome;
    try {
      const { result: diags, bytes, peakBytes } = allocatedDuring(() => run(text));
      const v = validate(diags);
      outcome = { index, steps: workMeter.steps - steps0, allocatedBytes: bytes, heapBytes: peakBytes, diagnostics: v.count, errors: v.errors, bad: v.bad };
    } catch (e) {
      outcome = { index, steps: workMeter.steps - steps0, allocatedBytes: 0, heapBytes: 0, diagnostics: 0, errors: 0, crash: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    outcomes.push(outcome);
  }
  parentPort!.postMessage({ outcomes });
}

if (parentPort && workerData) void main(workerData as HostileJob);
