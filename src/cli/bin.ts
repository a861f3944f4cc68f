#!/usr/bin/env node
/** Executable entry point of `gpuasm`. */
import { accessSync, constants, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

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
type ModuleBody = (exports: object, require: (spec: string) => unknown, module: { exports: object }, moduleUrl: () => string) => void;

/** The chunks scripts/bundle.mjs writes (its `chunkOf` says which module goes where). */
const CHUNKS = ['cli', 'ptx', 'amdgpu', 'lsp'] as const;
const chunkOf = (id: string) =>
  id === 'src/ptx/preprocess/limits.js' ? 'cli' : id.startsWith('src/ptx/') ? 'ptx' : id.startsWith('src/amdgpu/') ? 'amdgpu' : id.startsWith('src/lsp/') || id === 'src/cli/lsp.js' ? 'lsp' : 'cli';

/**
 * The CLI from dist/src/cli/bundle-*.cjs, scripts of all its modules as CommonJS that
 * scripts/bundle.mjs writes after `tsc`, each compiled with the V8 code cache next to it: Node then
 * neither loads ~46 ES modules nor V8 compiles their functions, which was a large part of the work
 * of checking a small file. A chunk is loaded on first need, so a run deserializes only the front
 * end it uses. Undefined when a chunk is missing or older than this file (`tsc` ran without the
 * build step): the ES modules are loaded instead, the same code. `saveCaches` writes the cache of
 * each chunk loaded that had none or whose cache V8 rejected (another Node version or flags), in a
 * run without Node options; a cache it cannot write is skipped.
 */
function bundled(): (Cli & { saveCaches: () => void }) | undefined {
  const files = new Map(CHUNKS.map((c) => [c, fileURLToPath(new URL(`./bundle-${c}.cjs`, import.meta.url))]));
  try {
    const built = statSync(fileURLToPath(import.meta.url)).mtimeMs;
    for (const file of files.values()) if (statSync(file).mtimeMs < built) return undefined;
  } catch {
    return undefined;
  }
  const nodeRequire = createRequire(import.meta.url);
  const distUrl = new URL('../../', import.meta.url).href;
  const defs = new Map<string, ModuleBody>();
  const define = (id: string, body: ModuleBody) => void defs.set(id, body);
  const loaded: { cacheFile: string; script: Script; cachedData: Buffer | undefined }[] = [];
  const loadChunk = (name: (typeof CHUNKS)[number]) => {
    const file = files.get(name)!;
    // ASCII (scripts/bundle.mjs escapes everything else): latin1 is a plain copy, no UTF-8 decoding.
    const source = readFileSync(file, 'latin1');
    // The cache is named after the hash on the chunk's first line: V8 itself compares only lengths.
    const hash = /^\/\/ gpuasm bundle ([0-9a-f]+)\n/.exec(source)?.[1];
    const cacheFile = hash ? `${file}.${hash}.cache` : undefined;
    let cachedData: Buffer | undefined;
    try {
      cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
    } catch {
      cachedData = undefined;
    }
    const script = new Script(source, { filename: file, cachedData });
    (script.runInThisContext() as (d: typeof define) => void)(define);
    if (cacheFile) loaded.push({ cacheFile, script, cachedData });
  };
  const modules = new Map<string, { exports: object }>();
  const load = (id: string): object => {
    const hit = modules.get(id);
    if (hit) return hit.exports;
    if (!defs.has(id)) loadChunk(chunkOf(id));
    const body = defs.get(id);
    if (!body) throw new Error(`module ${id} is not in the bundle`);
    const module = { exports: {} };
    modules.set(id, module);
    body(module.exports, (spec) => (spec.startsWith('.') ? load(join(id, spec)) : nodeRequire(spec)), module, () => distUrl + id);
    return module.exports;
  };
  const join = (from: string, spec: string) => {
    const out = from.split('/').slice(0, -1);
    for (const s of spec.split('/')) if (s === '..') out.pop();
    else if (s !== '.') out.push(s);
    return out.join('/');
  };
  // A run under other Node options (a profiler, a debugger) would make a cache that the next plain
  // run rejects, and that run would write it back: only plain runs write caches.
  const plain = process.execArgv.length === 0 && !process.env['NODE_OPTIONS'];
  const saveCaches = () => {
    if (!plain) return;
    for (const { cacheFile, script, cachedData } of loaded) {
      if (cachedData && !script.cachedDataRejected) continue;
      // An installation this user cannot write to: not even the work of making the cache.
      try {
        accessSync(dirname(cacheFile), constants.W_OK);
      } catch {
        return;
      }
      // Through a file of its own, renamed into place: a concurrent run never reads half a cache.
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        try {
          unlinkSync(tmp);
        } catch {
          // nothing was written
        }
      }
    }
  };
  const { main } = load('src/cli/main.js') as Pick<Cli, 'main'>;
  const { outputFlushed } = load('src/cli/io.js') as Pick<Cli, 'outputFlushed'>;
  return { main, outputFlushed, saveCaches };
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
