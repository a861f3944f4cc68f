#!/usr/bin/env node
/**
 * Executable entry point of `gpuasm` (package.json `bin`). A CommonJS module (`.cts`, compiled to
 * bin.cjs), as is chunks.cts, its loader: Node then starts it without its ES module loader, which
 * an ES module entry costs every run (an empty ES module takes 15 M instructions more to run than
 * an empty CommonJS script; docs/benchmarks.md). dist/src/cli/bin.js (bin.ts) runs this same file, for scripts that name it.
 */
import { pathToFileURL } from 'node:url';
import { openBundle, setCliV8Flags, withDefaultV8Flags } from './chunks.cjs';

// The CLI's V8 flags, before any chunk is compiled (chunks.cts says which and why).
setCliV8Flags();

type Builtins = Pick<typeof import('../node/builtins.js', { with: { 'resolution-mode': 'import' } }), 'loadBuiltinsThrough'>;
type Cli = { main: (argv: string[]) => Promise<number>; outputFlushed: () => boolean; saveCaches?: () => void };

/**
 * The CLI from its bundled chunks (src/cli/chunks.cts: no ES module loading, V8 code caches), or
 * undefined when they are missing or older than this file: the ES modules are loaded instead.
 */
function bundled(): Cli | undefined {
  const bundle = openBundle(pathToFileURL(__filename));
  if (!bundle) return undefined;
  // Node's built-ins loaded from now on, at V8's default flags (chunks.cts says why).
  (bundle.load('src/node/builtins.js') as Builtins).loadBuiltinsThrough(withDefaultV8Flags);
  const { main } = bundle.load('src/cli/main.js') as Pick<Cli, 'main'>;
  const { outputFlushed } = bundle.load('src/cli/io.js') as Pick<Cli, 'outputFlushed'>;
  return { main, outputFlushed, saveCaches: bundle.saveCaches };
}

async function modules(): Promise<Cli> {
  ((await import('../node/builtins.js')) as Builtins).loadBuiltinsThrough(withDefaultV8Flags);
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
