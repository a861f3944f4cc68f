#!/usr/bin/env node
/** Executable entry point of `gpuasm`. */
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // An internal fault is a bug, not a verdict: say so plainly and exit 2.
    process.stderr.write(`gpuasm: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
