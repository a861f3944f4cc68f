/**
 * Checking a large module on two threads. The main thread parses and checks the first part of the
 * module as usual; a worker parses the same text from the start too, but skims the first part
 * (module-level items only, function bodies skipped by brace matching) and fully checks the rest.
 *
 * The worker's answer is used only when the main thread can prove it is the answer a sequential
 * check would give: both must stop the first part at the same item boundary with nothing pending,
 * reach the same module-level state (`ModuleChecker.digest`), and the worker must not have
 * leaned on what skimming hid (labels of skimmed bodies, a non-ASCII or NUL byte). Otherwise the
 * main thread simply goes on parsing the rest itself: same result, no speed-up.
 *
 * The main thread waits for the worker synchronously (Atomics.wait), so checkPtxText stays a plain
 * synchronous function.
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import { host } from '../../core/host.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import type { ModuleItem } from '../parse/ast.js';
import type { CheckerSnapshot, ModuleChecker } from '../check/checker.js';
import type { LayoutInput } from '../layout/layout.js';
import { Parser } from '../parse/parser.js';

/** Below this size a second thread costs more than it saves. */
export const PARALLEL_MIN_BYTES = 2 << 20;

/**
 * CPUs needed before a second thread is used. On a 2-vCPU virtual machine two busy threads were
 * measured to slow each other by 1.3-1.8x (the vCPUs share hardware), which, with the worker's
 * start-up and skim, left no gain at all; with four or more there is room for both.
 */
export const PARALLEL_MIN_CPUS = 4;

/**
 * Fraction of the text the main thread takes: the worker first starts up and skims that part,
 * so it gets a little less than half to check.
 */
const MAIN_SHARE = 0.55;

/** What the main thread sends the worker. */
export interface PartRequest {
  name: string;
  text: string;
  /** The second part starts with the first module item at or after this offset. */
  split: number;
  port: MessagePort;
  /** Set to 1 (and notified) when the answer has been posted. */
  signal: Int32Array;
  /** Separate compilation (PtxCheckOptions.compileOnly). */
  compileOnly: boolean;
}

/** The worker's answer: the second part checked, and what it assumed of the first. */
export type PartResult =
  | {
      ok: true;
      /** Where the second part's first item starts. */
      partStart: number;
      /** `ModuleChecker.digest()` and the initializer pass's state after the first part. */
      digest: string;
      parseDiagnostics: Diagnostic[];
      checkDiagnostics: Diagnostic[];
      layoutDiagnostics: Diagnostic[];
      /** The second part's checker's hand-over (ModuleChecker.snapshot). */
      checker: CheckerSnapshot;
      definedFunctions: string[];
      labels: string[];
      /** Names initializers asked about that are no label of the second part. */
      unknownLabels: string[];
      /** Milliseconds the worker spent skimming the first part and checking the second. */
      skimMs: number;
      checkMs: number;
    }
  | { ok: false; reason: string };

/** A worker checking the second part of a module; `join` waits for its answer. */
export interface ParallelPart {
  split: number;
  join(): PartResult | undefined;
}

/**
 * Starts a worker on the second part of `text`, when the text is large enough and a second CPU is
 * there (see PARALLEL_MIN_CPUS), or always, at `split`, when one is given (tests). Returns undefined when it is not
 * worth it or the worker cannot start.
 */
export function startParallelPart(name: string, text: string, split?: number, compileOnly = false): ParallelPart | undefined {
  // No threads where the library runs (a browser): one thread, same answer.
  const threads = host().threads;
  if (!threads) return undefined;
  if (split === undefined) {
    if (text.length < PARALLEL_MIN_BYTES || threads.cpus() < PARALLEL_MIN_CPUS) return undefined;
    split = itemBoundaryNear(text, Math.floor(text.length * MAIN_SHARE));
    if (split < 0) return undefined;
  }
  const { MessageChannel, Worker, receiveMessageOnPort } = threads.workerThreads();
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    const request: PartRequest = { name, text, split, port: port2, signal, compileOnly };
    worker = new Worker(new URL('./parallel-worker.js', import.meta.url), {
      workerData: request,
      transferList: [port2],
      // A small young generation: the worker's objects die young, and memory is a budget too.
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
  } catch {
    return undefined;
  }
  // The worker reports its own failures through the port; nothing it does may crash this thread.
  worker.on('error', () => undefined);
  worker.unref();
  const chosen = split;
  return {
    split: chosen,
    join(): PartResult | undefined {
      // Generous, but finite: a worker that never answers must not hang the check; the main
      // thread then checks the second part itself.
      const timeoutMs = 10_000 + text.length / 200;
      const waited = Atomics.wait(signal, 0, 0, timeoutMs);
      const message = waited === 'timed-out' ? undefined : receiveMessageOnPort(port1)?.message;
      void worker.terminate();
      port1.close();
      return message as PartResult | undefined;
    },
  };
}

/**
 * The start of a line just after a line that is a lone `}` (where compiler output ends a function),
 * at or after `from`; -1 when there is none. Only a guess: the main thread verifies it.
 */
function itemBoundaryNear(text: string, from: number): number {
  for (let at = text.indexOf('\n}', from); at >= 0; at = text.indexOf('\n}', at + 2)) {
    const next = text.charCodeAt(at + 2);
    if (next === 10) return at + 3;
    if (next === 13 && text.charCodeAt(at + 3) === 10) return at + 4;
  }
  return -1;
}

/**
 * The main thread's side: parses and checks the module up to the split, waits for the worker, and
 * keeps its answer only when it is provably the one-thread answer (see the file comment). Without
 * `second`, the caller parses on from where this stopped. `message` says what happened and why.
 */
export function checkFirstPartAndJoin(
  part: ParallelPart,
  parser: Parser,
  sink: { push(item: ModuleItem): void },
  checker: ModuleChecker,
  input: LayoutInput,
): { second?: Extract<PartResult, { ok: true }>; message: string } {
  const t0 = performance.now();
  const stop = parser.parseItems(sink, part.split);
  const t1 = performance.now();
  const answer = part.join();
  const why = !answer
    ? 'no answer from the worker'
    : !answer.ok
      ? answer.reason
      : answer.partStart !== stop || !parser.atCleanBoundary()
        ? 'the parts do not meet at one item boundary'
        : answer.digest !== partDigest(checker, input)
          ? 'different module-level state after the first part'
          : answer.unknownLabels.some((l) => input.labels.has(l))
            ? 'an initializer names a label of the first part'
            : undefined;
  if (why !== undefined || !answer?.ok) return { message: `checked on one thread: ${why}` };
  const timing = `main ${Math.round(t1 - t0)} ms, waited ${Math.round(performance.now() - t1)} ms; worker skimmed ${Math.round(answer.skimMs)} ms, checked ${Math.round(answer.checkMs)} ms`;
  return { second: answer, message: `second part (from offset ${stop}) checked on a worker (${timing})` };
}

/** The state both threads must agree on after the first part (see ModuleChecker.digest). */
export function partDigest(checker: ModuleChecker, input: LayoutInput): string {
  return `${checker.digest()}\nlayout ${input.version} ${input.items.length}`;
}
