/**
 * The library's host on Node.js (see core/host.ts): included files from the file system, worker
 * threads for the two-thread check. Importing this module installs it; the Node entry points
 * (src/index.ts, src/node/ptx.ts, src/node/amdgpu.ts, the CLI) do.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { installHost, type Host } from '../core/host.js';
import { MAX_INCLUDED_BYTES } from '../ptx/preprocess/limits.js';
import { nodeBuiltin } from './builtins.js';

/** Regular files only: a directory, device (/dev/zero) or FIFO is "not found" rather than a hang. */
export function readFileFromDisk(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_INCLUDED_BYTES) return undefined;
    return readFileSync(path, 'latin1');
  } catch {
    return undefined;
  }
}

/** A file found by `name` in the first of `dirs` that has it (readFileFromDisk: regular files of a bounded size). */
export function readFromDirs(name: string, dirs: readonly string[]): string | undefined {
  for (const dir of dirs) {
    const text = readFileFromDisk(resolve(dir, name));
    if (text !== undefined) return text;
  }
  return undefined;
}

/** llvm-mc-19's `.include` search on the command line: the working directory, then each `-I` directory in order. */
export function commandLineIncludes(includeDirs: readonly string[]): (name: string) => string | undefined {
  const dirs = ['', ...includeDirs];
  return (name) => readFromDirs(name, dirs);
}

export const NODE_HOST: Host = {
  readFile: readFileFromDisk,
  threads: {
    // node:os too is loaded only when asked (a large PTX module): a few M instructions a start.
    cpus: () => nodeBuiltin<typeof import('node:os')>('node:os').availableParallelism(),
    // Loaded only when a check uses them (loading them costs every `gpuasm check` a few ms).
    workerThreads: () => nodeBuiltin<typeof import('node:worker_threads')>('node:worker_threads'),
  },
};

installHost(NODE_HOST);
