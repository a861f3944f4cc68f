/**
 * Entry point of a worker thread of a parallel `gpuasm check` (jobs.ts): takes files from the
 * shared counter until none is left, checks each with the main thread's own code (check-file.ts)
 * and posts each answer. A CommonJS module, as bin.cts is, so that the thread starts without Node's
 * ES module loader; it loads the CLI from the same bundled chunks and V8 code caches as bin.cjs
 * (chunks.cts), or from the ES modules when bin.cjs would (no bundle, or an older one).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { openBundle } from './chunks.cjs';

type CheckFileModule = { checkFile: typeof import('./check-file.js', { with: { 'resolution-mode': 'import' } }).checkFile };
type JobsModule = typeof import('./jobs.js', { with: { 'resolution-mode': 'import' } });
type JobsRequest = import('./jobs.js', { with: { 'resolution-mode': 'import' } }).JobsRequest;
type JobsMessage = import('./jobs.js', { with: { 'resolution-mode': 'import' } }).JobsMessage;

async function run(request: JobsRequest, post: (m: JobsMessage) => void): Promise<void> {
  const bundle = openBundle(pathToFileURL(join(__dirname, 'bin.cjs')));
  const { checkFile } = bundle ? (bundle.load('src/cli/check-file.js') as CheckFileModule) : ((await import('./check-file.js')) as CheckFileModule);
  const noStdin: JobsModule['noStdin'] = () => Promise.reject(new Error('standard input is read by one-thread runs only'));
  const { paths, order, next, options } = request;
  for (let k = Atomics.add(next, 0, 1); k < order.length; k = Atomics.add(next, 0, 1)) {
    const index = order[k]!;
    let stderr = '';
    try {
      const checked = await checkFile(paths[index]!, options, { stderr: (s) => void (stderr += s), readStdin: noStdin });
      post({ index, stderr, checked });
    } catch {
      // The main thread checks this file again itself, and fails as a one-thread run does.
      post({ index, failed: true });
    }
  }
  post({ done: true });
}

const port = parentPort!;
void run(workerData as JobsRequest, (m) => port.postMessage(m));
