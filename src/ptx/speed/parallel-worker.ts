/**
 * Entry point of the worker thread of a two-thread PTX check (see parallel.ts). It loads the front
 * end itself inside a try, so even a failure to load answers the waiting main thread at once.
 */
import { workerData } from 'node:worker_threads';
import type { PartRequest, PartResult } from './parallel.js';

const request = workerData as PartRequest;
let result: PartResult;
try {
  const { checkSecondPart } = await import('./second-part.js');
  result = checkSecondPart(request);
} catch (e) {
  result = { ok: false, reason: `worker failed: ${e instanceof Error ? e.message : String(e)}` };
}
request.port.postMessage(result);
Atomics.store(request.signal, 0, 1);
Atomics.notify(request.signal, 0);
