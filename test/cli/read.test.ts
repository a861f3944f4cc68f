import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWithEndMark } from '../../src/cli/read.js';

test("readWithEndMark: the file's bytes, alone in a buffer one byte longer whose last byte is 0", () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-read-'));
  try {
    for (const size of [0, 1, 4095, 4096, 70000]) {
      const path = join(dir, `f${size}`);
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i++) data[i] = (i * 7 + 1) & 255;
      writeFileSync(path, data);
      const got = readWithEndMark(path);
      assert.deepEqual(Buffer.from(got), readFileSync(path), `size ${size}`);
      assert.equal(got.byteOffset, 0);
      assert.equal(got.buffer.byteLength, size + 1);
      assert.equal(new Uint8Array(got.buffer)[size], 0);
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
});
