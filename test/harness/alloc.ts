/**
 * Bytes a call allocates on the V8 heap, and its peak heap, from heap statistics rather than a
 * clock: the used heap before and after the call plus, for every garbage collection during it,
 * what had been allocated since the previous sample (GCProfiler reports the used heap before and
 * after each collection). The allocated total is nearly exact (optimizing compilers may remove a
 * few allocations); the peak is sampled at collections, so it can miss up to what was allocated
 * since the last one. Both are the same on a fast machine as on a loaded one: growth is judged with
 * them, never with time.
 */
import v8 from 'node:v8';

export function allocatedDuring<T>(f: () => T): { result: T; bytes: number; peakBytes: number; collections: number } {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const start = v8.getHeapStatistics().used_heap_size;
  let result: T;
  try {
    result = f();
  } catch (e) {
    profiler.stop();
    throw e;
  }
  const end = v8.getHeapStatistics().used_heap_size;
  const gcs = profiler.stop()?.statistics ?? [];
  let bytes = 0;
  let last = start;
  let peak = Math.max(start, end);
  for (const g of gcs) {
    const before = g.beforeGC.heapStatistics.usedHeapSize;
    bytes += Math.max(0, before - last);
    peak = Math.max(peak, before);
    last = g.afterGC.heapStatistics.usedHeapSize;
  }
  bytes += Math.max(0, end - last);
  return { result, bytes, peakBytes: Math.max(0, peak - start), collections: gcs.length };
}
