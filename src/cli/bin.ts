#!/usr/bin/env node
/** Executable entry point of `gpuasm`. */
import { setFlagsFromString } from 'node:v8';

// A check is one short burst of work, not a long-lived server: most of the time of a large file
// goes to the JIT warming up, and the optimizing compiler's thread competes with ours. Inlining
// less makes each optimized function several times cheaper to compile, so optimized code arrives
// sooner; the code itself is as fast (measured in docs/benchmarks.md: -8% wall time on 11 MB of
// PTX). Set before the modules below are loaded, so every function is compiled with it.
try {
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=150');
} catch {
  // An engine without this flag runs with its defaults.
}

const { main } = await import('./main.js');
const { outputFlushed } = await import('./io.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Leaving at once spares tearing the heap down (about 10 ms after a large check). Only when
    // everything written has been handed to the system: no output is cut short.
    if (outputFlushed()) process.exit(code);
  },
  (e: unknown) => {
    // An internal fault is a bug, not a verdict: say so plainly and exit 2.
    process.stderr.write(`gpuasm: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
