/**
 * Bytes a call allocates on the V8 heap, from heap statistics rather than a clock: the used heap
 * before and after the call plus, for every garbage collection during it, what had been allocated
 * since the previous sample (GCProfiler reports the used heap before and after each collection).
 * Nearly exact for allocation-heavy work (optimizing compilers may remove a few allocations), and
 * the same on a fast machine as on a loaded one: growth is judged with it, never with time.
 */
import v8 from 'node:v8';

export function allocatedDuring<T>(f: () => T): { result: T; bytes: number; collections: number } {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const start = v8.getHeapStatistics().used_heap_size;
  const result = f();
  const end = v8.getHeapStatistics().used_heap_size;
  const gcs = profiler.stop()?.statistics ?? [];
  let bytes = 0;
  let last = start;
  for (const g of gcs) {
    bytes += Math.max(0, g.beforeGC.heapStatistics.usedHeapSize - last);
    last = g.afterGC.heapStatistics.usedHeapSize;
  }
  bytes += Math.max(0, end - last);
  return { result, bytes, collections: gcs.length };
}
