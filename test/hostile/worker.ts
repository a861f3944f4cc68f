/**
 * Runs hostile inputs through a library entry point inside a worker thread, so that a hang can be
 * cut off (Worker.terminate stops even a tight loop) and a stack overflow shows up as a crash of
 * this input instead of taking the test runner down. The worker's stack is limited to about the
 * main thread's (1 MB), so depth problems show here as they would in the CLI.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Diagnostic } from '../../src/core/diagnostics.js';

export type Entry = 'ptx' | 'ptx-preprocess' | 'amdgpu' | 'amdgpu-expr';

export interface HostileJob {
  entry: Entry;
  /** Inputs, each checked in turn. */
  texts: string[];
  /** For 'ptx' and 'ptx-preprocess': files an #include may read (path -> text). */
  files?: Record<string, string>;
  mcpu?: string;
  /** Also time each input this many extra times and report the fastest (for linearity). */
  repeat?: number;
}

export interface HostileOutcome {
  /** Index into texts. */
  index: number;
  ms: number;
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
    const { preprocess } = await import('../../src/ptx/preprocess.js');
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
  const outcomes: HostileOutcome[] = [];
  for (let index = 0; index < job.texts.length; index++) {
    const text = job.texts[index]!;
    // Tells the parent which input is running, so a hang can be attributed.
    parentPort!.postMessage({ running: index });
    let best = Infinity;
    let outcome: HostileOutcome | undefined;
    for (let rep = 0; rep <= (job.repeat ?? 0); rep++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      try {
        const diags = run(text);
        // The smaller of wall and CPU time: wall time counts waiting on a busy machine, CPU time
        // counts the GC's helper threads; the minimum is closest to the work this input caused.
        const cpu = process.cpuUsage(c0);
        const ms = Math.min(performance.now() - t0, (cpu.user + cpu.system) / 1000);
        best = Math.min(best, ms);
        const v = validate(diags);
        outcome = { index, ms: best, diagnostics: v.count, errors: v.errors, bad: v.bad };
      } catch (e) {
        outcome = { index, ms: performance.now() - t0, diagnostics: 0, errors: 0, crash: e instanceof Error ? (e.stack ?? e.message) : String(e) };
        break;
      }
    }
    outcomes.push(outcome!);
  }
  parentPort!.postMessage({ outcomes });
}

if (parentPort && workerData) void main(workerData as HostileJob);
