/**
 * `gpuasm check` on several files at once: each file is checked whole by one thread (the
 * concurrency is above the front ends, none of which knows about it), and the answers are put
 * back in the order of the command line, so the output is the one a run on one thread prints.
 *
 * The main thread checks files too, beside `threads - 1` worker threads (check-worker.cts), all
 * taking the next file from one shared counter, largest files first (so that no thread is left
 * with a large file at the end). A worker costs about a Node start-up of its own and warms its own
 * JIT: threads are used only when the work besides the largest file is worth it
 * (PARALLEL_MIN_BYTES), or when asked for with `-j N`. Loaded only when a check is given several
 * files (a chunk of its own in the bundle, scripts/bundle.mjs): a one-file run never loads it.
 *
 * Nothing a worker does can change the answer: a file whose worker failed (an exception, a crash,
 * a worker that could not start) is checked again on the main thread, where it fails, if it does,
 * as on a one-thread run.
 */
import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { host } from '../core/host.js';
import { checkFile, type CheckFileOptions, type FileChecked } from './check-file.js';

/**
 * Bytes of input, besides the largest file, below which a check stays on one thread unless `-j`
 * says otherwise: a worker's start (a Node environment, the bundle's chunks) and its JIT's warm-up
 * cost about what checking this much does (docs/benchmarks.md, "Session 13").
 */
export const PARALLEL_MIN_BYTES = 1 << 20;

/**
 * CPUs below which a check stays on one thread unless `-j` says otherwise. On 2 CPUs a second
 * thread does not pay: V8's optimizing compiler and collector already use the second core, and a
 * worker warms its own JIT again (the 134-file benchmark, quiet machine: 1.84 s wall and 3.47 s of
 * CPU on two threads against 1.80 s and 2.47 s on one; docs/benchmarks.md, "Session 13"). The same
 * floor as PTX's split of one large module (src/ptx/speed/).
 */
export const PARALLEL_MIN_CPUS = 4;

/**
 * A worker's heap. Each thread's heap grows on its own, and two heaps grown as one thread's does
 * took the 134-file benchmark past its memory target (about 230 MB peak against 163 MB on one
 * thread); a smaller young generation and an old generation capped well above what the largest file
 * a worker can take needs (the main thread takes the largest itself) bring it to about 190 MB, at no
 * measured cost in time. A worker that still runs out of memory ends, and the main thread checks
 * its file again.
 */
export function workerHeap(largestTaken: number): { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number } {
  return { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: Math.max(96, Math.ceil((32 * largestTaken) / (1 << 20))) };
}

/** What the main thread sends each worker. */
export interface JobsRequest {
  paths: string[];
  /** Indices into `paths`, in the order they are taken. */
  order: number[];
  /** [0]: the next position in `order` to take (Atomics.add). */
  next: Int32Array;
  options: CheckFileOptions;
  /** Bytes of the largest file a worker can take (the second largest: the main thread takes the first). */
  largestTaken: number;
}

/** A worker's message: one file's answer, or that it has taken its last. */
export type JobsMessage = { index: number; stderr: string; checked: FileChecked | undefined } | { index: number; failed: true } | { done: true };

/** A file's answer, in command-line order: what it wrote to stderr and its check, or the exception. */
export type FileOutcome = { stderr: string; checked: FileChecked | undefined } | { thrown: unknown };

/**
 * How many threads to check `paths` on: `jobs` when given (at most one per file), otherwise one
 * per CPU (at most one per file) on a machine of PARALLEL_MIN_CPUS or more when the input besides
 * its largest file is PARALLEL_MIN_BYTES or more, else 1. A file that cannot be read counts as empty (its error comes from its check).
 */
export function threadsFor(paths: readonly string[], jobs: number | undefined): number {
  if (jobs !== undefined) return Math.min(jobs, paths.length);
  const threads = host().threads;
  if (!threads || threads.cpus() < PARALLEL_MIN_CPUS) return 1;
  let total = 0;
  let largest = 0;
  for (const path of paths) {
    const size = sizeOf(path);
    total += size;
    if (size > largest) largest = size;
  }
  if (total - largest < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(threads.cpus(), paths.length));
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The files, checked on `threads` threads; their outcomes in the order of `paths`. `workerScript`:
 * the workers' entry (tests give one that fails, to see the main thread take its files over).
 */
export async function checkInParallel(paths: readonly string[], options: CheckFileOptions, threads: number, workerScript = new URL('./check-worker.cjs', import.meta.url)): Promise<FileOutcome[]> {
  const sizes = paths.map(sizeOf);
  // Largest first, ties in command-line order.
  const order = paths.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const outcomes: (FileOutcome | undefined)[] = new Array(paths.length);
  const finished = startWorkers(workerScript, { paths: [...paths], order, next, options, largestTaken: sizes[order[1] ?? 0] ?? 0 }, threads - 1, outcomes);
  // The main thread takes its share like any worker.
  for (let k = Atomics.add(next, 0, 1); k < order.length; k = Atomics.add(next, 0, 1)) outcomes[order[k]!] = await checkCollected(paths[order[k]!]!, options);
  await finished;
  // What no worker answered for (it failed or ended early): checked here, as on one thread.
  for (let i = 0; i < paths.length; i++) outcomes[i] ??= await checkCollected(paths[i]!, options);
  return outcomes as FileOutcome[];
}

/** One file checked with what it writes to stderr kept, and an exception kept for its turn. */
async function checkCollected(path: string, options: CheckFileOptions): Promise<FileOutcome> {
  let stderr = '';
  try {
    const checked = await checkFile(path, options, { stderr: (s) => void (stderr += s), readStdin: noStdin });
    return { stderr, checked };
  } catch (thrown) {
    return { thrown };
  }
}

/** Standard input is read on the main thread alone: a run that names `-` stays on one thread. */
export const noStdin = (): Promise<string> => Promise.reject(new Error('standard input is read by one-thread runs only'));

/**
 * Starts `count` workers of `script` on `request`; each answer is stored into `outcomes`. Resolves when every
 * worker has taken its last file and answered, or ended. A worker that cannot start is no worker.
 */
function startWorkers(script: URL, request: JobsRequest, count: number, outcomes: (FileOutcome | undefined)[]): Promise<unknown> {
  const threads = host().threads;
  if (!threads || count < 1) return Promise.resolve();
  const { Worker } = threads.workerThreads();
  const ends: Promise<void>[] = [];
  for (let w = 0; w < count; w++) {
    let worker: Worker;
    try {
      worker = new Worker(script, { workerData: request, name: 'gpuasm check', resourceLimits: workerHeap(request.largestTaken) });
    } catch {
      break;
    }
    ends.push(
      new Promise<void>((resolve) => {
        worker.on('message', (m: JobsMessage) => {
          if ('done' in m) resolve();
          else if (!('failed' in m)) outcomes[m.index] = { stderr: m.stderr, checked: m.checked };
        });
        // A failure to load, or a crash: the files it took and did not answer for are checked
        // again by the main thread. (Messages it sent before are delivered before 'exit'.)
        worker.on('error', () => undefined);
        worker.on('exit', () => resolve());
      }),
    );
  }
  return Promise.all(ends);
}
