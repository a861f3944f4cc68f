/**
 * Reading an input file as the lexers like it (one module, node:fs only, so the bench's check
 * entry reads files exactly as the CLI does).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * A file's bytes, alone in a buffer one byte longer whose last byte is 0: the end mark the lexers
 * read (src/core/end-mark.ts), so that both scan these bytes without copying them
 * (`latin1Bytes` of PtxCheckOptions and AmdgpuCheckOptions).
 */
export function readWithEndMark(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    let buf = Buffer.allocUnsafeSlow(fstatSync(fd).size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) {
        // The file grew while read, or has no size (a pipe): read on into a larger buffer.
        const larger = Buffer.allocUnsafeSlow(Math.max(2 * buf.length, 65536));
        buf.copy(larger, 0, 0, n);
        buf = larger;
      }
    }
    if (n + 1 !== buf.length) {
      // Shorter than the buffer: one exact copy, so that the end mark is the buffer's last byte.
      const exact = Buffer.allocUnsafeSlow(n + 1);
      buf.copy(exact, 0, 0, n);
      buf = exact;
    }
    buf[n] = 0;
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

