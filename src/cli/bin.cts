#!/usr/bin/env node
/**
 * Executable entry point of `gpuasm` (package.json `bin`). A CommonJS module (`.cts`, compiled to
 * bin.cjs), as is chunks.cts, its loader: Node then starts it without its ES module loader, which
 * an ES module entry costs every run (about 19 M instructions, a sixth of loading the CLI;
 * docs/benchmarks.md). dist/src/cli/bin.js (bin.ts) runs this same file, for scripts that name it.
 */
import { setFlagsFromString } from 'node:v8';
import { pathToFileURL } from 'node:url';
import { openBundle } from './chunks.cjs';

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

type Cli = { main: (argv: string[]) => Promise<number>; outputFlushed: () => boolean; saveCaches?: () => void };

/**
 * The CLI from its bundled chunks (src/cli/chunks.cts: no ES module loading, V8 code caches), or
 * undefined when they are missing or older than this file: the ES modules are loaded instead.
 */
function bundled(): Cli | undefined {
  const bundle = openBundle(pathToFileURL(__filename));
  if (!bundle) return undefined;
  const { main } = bundle.load('src/cli/main.js') as Pick<Cli, 'main'>;
  const { outputFlushed } = bundle.load('src/cli/io.js') as Pick<Cli, 'outputFlushed'>;
  return { main, outputFlushed, saveCaches: bundle.saveCaches };
}

async function modules(): Promise<Cli> {
  return { main: (await import('./main.js')).main, outputFlushed: (await import('./io.js')).outputFlushed };
}

const start = (cli: Cli) =>
  cli.main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    cli.saveCaches?.();
    // Leaving at once spares tearing the heap down (about 10 ms after a large check). Only when
    // everything written has been handed to the system: no output is cut short.
    if (cli.outputFlushed()) process.exit(code);
  });

const cli = bundled();
(cli ? start(cli) : modules().then(start)).catch((e: unknown) => {
  // An internal fault is a bug, not a verdict: say so plainly and exit 2.
  process.stderr.write(`gpuasm: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 2;
});
