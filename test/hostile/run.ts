/** Runs a hostile job in a worker thread with a deadline; reports hangs, crashes and out-of-memory. */
import { Worker } from 'node:worker_threads';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostileJob, HostileOutcome } from './worker.js';
import { measuredSpawn, type MeasuredRun } from '../harness/process.js';

export interface JobResult {
  outcomes: HostileOutcome[];
  /** Set when the worker had to be stopped or died: which input, and why. */
  failure?: { index: number; reason: string };
}

export function runInWorker(job: HostileJob, timeoutMs: number, heapMb = 768): Promise<JobResult> {
  return new Promise((resolveJob) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), {
      workerData: job,
      // About the main thread's stack, so depth problems show as they would in the CLI.
      resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: heapMb },
    });
    let running = -1;
    let settled = false;
    const finish = (r: JobResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolveJob(r);
    };
    // The guard is per input: it starts again whenever the worker takes the next one, so a batch
    // of many inputs on a slow or crowded machine never reaches it; only one input that never ends.
    const guard = () => setTimeout(() => finish({ outcomes: [], failure: { index: running, reason: `no answer within ${timeoutMs} ms for one input (hang)` } }), timeoutMs);
    let timer = guard();
    worker.on('message', (m: { running?: number; outcomes?: HostileOutcome[] }) => {
      if (m.running !== undefined) {
        running = m.running;
        clearTimeout(timer);
        timer = guard();
      }
      if (m.outcomes) finish({ outcomes: m.outcomes });
    });
    worker.on('error', (e: Error & { code?: string }) => {
      const reason = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `out of memory (heap limit ${heapMb} MB)` : `worker died: ${e.stack ?? e.message}`;
      finish({ outcomes: [], failure: { index: running, reason } });
    });
    worker.on('exit', (code) => finish({ outcomes: [], failure: { index: running, reason: `worker exited with code ${code}` } }));
  });
}

/** Short printable excerpt of an input for a failure message. */
export function excerpt(text: string, max = 300): string {
  const s = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${s}… (${text.length} chars)` : s;
}

/** Keeps a failing input on disk so it can be replayed and turned into a fixture. */
export function saveFailingInput(tag: string, text: string): string {
  const path = join(tmpdir(), `gpuasm-hostile-${tag.replace(/[^\w.-]+/g, '_')}.txt`);
  writeFileSync(path, text, 'latin1');
  return path;
}

// ---------------------------------------------------------------- CLI runs

/** A measured CLI run (see measuredSpawn), and whether the deadline ended it. */
export interface CliRun extends Omit<MeasuredRun, 'error'> {
  timedOut: boolean;
}

let cliScratch: string | undefined;
export function cliScratchDir(): string {
  cliScratch ??= mkdtempSync(join(tmpdir(), 'gpuasm-hostile-'));
  return cliScratch;
}
process.on('exit', () => {
  if (cliScratch) rmSync(cliScratch, { recursive: true, force: true });
});

const TIMEOUT = existsSync('/usr/bin/timeout') ? '/usr/bin/timeout' : undefined;

/**
 * Runs `node BIN args` (under /usr/bin/time when present) with a deadline. The deadline is enforced
 * by coreutils `timeout -s KILL` around node itself: killing /usr/bin/time would orphan a runaway
 * node (e.g. one reading /dev/zero) that then keeps growing.
 */
export function runCli(bin: string, args: string[], timeoutMs: number): CliRun {
  const [cmd, ...argv] = TIMEOUT
    ? [TIMEOUT, '-s', 'KILL', String(Math.ceil(timeoutMs / 1000)), process.execPath, bin, ...args]
    : [process.execPath, bin, ...args];
  const r = measuredSpawn(cmd!, argv, { timeoutMs: timeoutMs + 5000 });
  const { error, ...run } = r;
  return { ...run, timedOut: error?.code === 'ETIMEDOUT' || (r.code === 137 && r.wallMs >= timeoutMs - 200) };
}
