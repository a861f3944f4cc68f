/**
 * Stage breakdown of `checkPtxText` on one file, in process: time and live heap after each stage
 * (preprocess, parse, module checks, initializer checks). Run with --expose-gc so the heap figures
 * are what each stage keeps alive, not garbage waiting to be collected.
 *
 *   node --expose-gc dist/bench/stages.js FILE.ptx
 */
import { readFileSync } from 'node:fs';
import { preprocess } from '../src/ptx/preprocess/preprocess.js';
import { parseModule } from '../src/ptx/parse/parser.js';
import { checkModule } from '../src/ptx/check/checker.js';
import { checkInitializers } from '../src/ptx/layout/layout.js';
import { DiagnosticBag } from '../src/core/diagnostics.js';

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: node --expose-gc dist/bench/stages.js FILE.ptx\n');
  process.exit(2);
}
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heapMb = () => {
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const text = readFileSync(path, 'latin1');
const lines: string[] = [`input ${(text.length / 2 ** 20).toFixed(1)} MB; live heap at start ${heapMb().toFixed(0)} MB`];
let t = performance.now();
const lap = (name: string) => {
  const ms = performance.now() - t;
  lines.push(`${name.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms   live heap after: ${heapMb().toFixed(0)} MB`);
  t = performance.now();
};
const pre = preprocess(path, text, {});
lap('preprocess');
const front = new DiagnosticBag();
const module = parseModule(pre.mapped, front);
lap('parseModule');
const checks = new DiagnosticBag();
checkModule(module, checks, {});
lap('checkModule');
checkInitializers(module, checks);
lap('checkInitializers');
lines.push(`diagnostics: ${front.items.length + checks.items.length}`);
process.stdout.write(lines.join('\n') + '\n');
