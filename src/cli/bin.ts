#!/usr/bin/env node
/** Executable entry point of `gpuasm`. */
import { setFlagsFromString } from 'node:v8';
import { openBundle } from './chunks.js';

// A check is one short burst of work, not a long-lived server: most of the time of a large file
// goes to the JIT warming up, and the optimizing compiler's thread competes with ours (on two
// cores, or a busy machine). These make each optimized function cheaper to compile, so optimized
// code arrives sooner, at no cost to the code itself (docs/benchmarks.md: inlining less cut the
// compiler's work by half; without loop peeling and escape analysis it does 13% less again, and
// the whole run executes fewer instructions). Set before the modules below are loaded, so every
// function is compiled with them; only on the V8 versions they were measured on (an engine that
// lacks a flag would print an error for it).
const V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=150', '--no-turbo-loop-peeling', '--no-turbo-escape'];
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 13) for (const flag of V8_FLAGS) setFlagsFromString(flag);

type Cli = { main: (argv: string[]) => Promise<number>; outputFlushed: () => boolean };

/**
 * The CLI from its bundled chunks (src/cli/chunks.ts: no ES module loading, V8 code caches), or
 * undefined when they are missing or older than this file: the ES modules are loaded instead.
 */
function bundled(): (Cli & { saveCaches: () => void }) | undefined {
  const bundle = openBundle(new URL(import.meta.url));
  if (!bundle) return undefined;
  const { main } = bundle.load('src/cli/main.js') as Pick<Cli, 'main'>;
  const { outputFlushed } = bundle.load('src/cli/io.js') as Pick<Cli, 'outputFlushed'>;
  return { main, outputFlushed, saveCaches: bundle.saveCaches };
}

const cli: Cli & { saveCaches?: () => void } = bundled() ?? {
  main: (await import('./main.js')).main,
  outputFlushed: (await import('./io.js')).outputFlushed,
};
const { main, outputFlushed } = cli;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    cli.saveCaches?.();
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
