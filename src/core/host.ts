/**
 * What the library needs from where it runs, and nothing more: reading an included file, and
 * (optionally) a second thread. The checking code itself imports no `node:` module, so the same
 * code runs in Node (the CLI, the language server, library users) and in a browser (the
 * playground). Node's implementations live in `src/node/host.ts`, which the Node entry points
 * install; a page installs its own (virtual files) or none.
 */
import type * as WorkerThreads from 'node:worker_threads';

/** The two-thread check's needs (src/ptx/parallel.ts). */
export interface ThreadHost {
  /** How many CPUs the machine has (a second thread pays only with four or more). */
  cpus(): number;
  /** Node's `worker_threads`, loaded when first used. */
  workerThreads(): typeof WorkerThreads;
}

export interface Host {
  /**
   * The contents of a file named by an `#include` (one byte per character), or undefined when it
   * is absent or not a regular file.
   */
  readFile(path: string): string | undefined;
  /** Threads for the two-thread check; absent where there are none (the check then uses one). */
  threads?: ThreadHost;
}

/** No file system and no threads: every include is "not found", every check runs on one thread. */
export const NO_HOST: Host = { readFile: () => undefined };

let current: Host = NO_HOST;

/** The host the library uses when a call's options give no `readFile`. */
export function host(): Host {
  return current;
}

/** Sets the host for every later call (Node entry points call this once, at load). */
export function installHost(h: Host): void {
  current = h;
}
