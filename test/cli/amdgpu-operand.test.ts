/** `gpuasm operand`: stdin batch, single operand, help, usage errors. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOperand } from '../../src/cli/operand.js';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

function io(stdin = ''): CliIO & { out: string; err: string } {
  const o = { out: '', err: '' } as CliIO & { out: string; err: string };
  o.stdout = (s) => (o.out += s);
  o.stderr = (s) => (o.err += s);
  o.color = false;
  o.readStdin = async () => stdin;
  return o;
}

test('reads TYPE TEXT lines and prints one JSON object per line', async () => {
  const x = io('f32 1.5\ni32 -1\n\nu16 0x1ff00\nf64 0.1\ni64 s[2:3]\nf16   v[0]  \r\nb32 [exec_lo]\nx32 1\n');
  const code = await runOperand(['--mcpu', 'gfx900', '-'], x);
  const lines = x.out.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.slice(0, 2), [{ src: 255, literal: '0x3fc00000' }, { src: 193, literal: null }]);
  assert.ok('error' in lines[2]);
  assert.deepEqual(lines[3], { src: 255, literal: '0x3fb99999' });
  assert.deepEqual(lines[4], { src: 2, literal: null });
  assert.deepEqual(lines[5], { src: 256, literal: null });
  assert.deepEqual(lines[6], { src: 126, literal: null });
  assert.match(lines[7].error, /unknown operand type/);
  assert.equal(lines.length, 8);
  assert.equal(code, 1);
  assert.match(x.err, /line 5: .*Low 32-bits will be set to zero/);
});

test('--type TEXT, aliases, exit status', async () => {
  const x = io();
  assert.equal(await runOperand(['--mcpu', 'gfx1100', '--type', 'i32', 'm0'], x), 0);
  assert.equal(x.out, '{"src":125,"literal":null}\n');
  const y = io();
  assert.equal(await runOperand(['--mcpu=tonga', '--type', 'i32', 'tba_lo'], y), 0);
  assert.equal(y.out, '{"src":108,"literal":null}\n');
});

test('help and usage errors', async () => {
  const h = io();
  assert.equal(await runOperand(['--help'], h), 0);
  assert.match(h.out, /literal/);
  assert.match(h.out, /i16 u16 b16 f16 i32 u32 b32 f32 i64 u64 b64 f64/);
  const u = io();
  assert.equal(await main(['operand', '--mcpu', 'gfx9999', '-'], u), 2);
  assert.match(u.err, /unknown processor/);
  const v = io();
  assert.equal(await main(['operand', '--mcpu', 'gfx900'], v), 2);
});
