/**
 * Loading the CLI's bundled chunks (dist/src/cli/bundle-*.cjs, written by scripts/bundle.mjs after
 * `tsc`): scripts of all the CLI's modules as CommonJS bodies, each compiled with the V8 code cache
 * next to it, so that a run neither loads ~46 ES modules nor compiles their functions from source.
 * Used by bin.cjs, and by the bench's stand-in for `gpuasm check` (bench/check-entry.ts) so that
 * both load the library the same way. Imports only Node built-ins: it runs before any chunk. A
 * CommonJS module (`.cts`), as bin.cts is: Node starts them without its ES module loader.
 */
import { accessSync, constants, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

type ModuleBody = (exports: object, require: (spec: string) => unknown, module: { exports: object }, moduleUrl: () => string) => void;

/** The chunks scripts/bundle.mjs writes (its `chunkOf` says which module goes where). */
export const CHUNKS = ['cli', 'ptx', 'amdgpu', 'lsp', 'jobs'] as const;
const chunkOf = (id: string) =>
  id === 'src/ptx/preprocess/limits.js' ? 'cli' : id.startsWith('src/ptx/') ? 'ptx' : id.startsWith('src/amdgpu/') ? 'amdgpu' : id.startsWith('src/lsp/') || id === 'src/cli/lsp.js' ? 'lsp' : id === 'src/cli/jobs.js' ? 'jobs' : 'cli';

export interface Bundle {
  /** A module by its path under dist/ (`src/cli/main.js`), run on first need as `require` would. */
  load(id: string): object;
  /**
   * Writes the cache of each chunk loaded that had none or whose cache V8 rejected (another Node
   * version or flags); a cache it cannot write is skipped. Only in a run without Node options,
   * unless `underOptions` (the bench makes caches under `--single-threaded` in a copy of dist/).
   */
  saveCaches(underOptions?: boolean): void;
}

// A check is one short burst of work, not a long-lived server: most of the time of a large file
// goes to the JIT warming up, and the optimizing compiler's thread competes with ours (on two
// cores, or a busy machine). These make each optimized function cheaper to compile, so optimized
// code arrives sooner, at no cost to the code itself (docs/benchmarks.md: inlining less cut the
// compiler's work by half; without loop peeling and escape analysis it does 13% less again, and
// the whole run executes fewer instructions; on small files too). Only on the V8 versions they
// were measured on (an engine that lacks a flag would print an error for it).
const V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=150', '--no-turbo-loop-peeling', '--no-turbo-escape'];
/** The same flags at V8's defaults (test/cli/cli.test.ts checks, through V8's code cache, that they are). */
export const V8_FLAG_DEFAULTS = ['--max-inlined-bytecode-size-cumulative=920', '--turbo-loop-peeling', '--turbo-escape'];

/** V8's `setFlagsFromString` once setCliV8Flags has set the CLI's flags; undefined before (or never). */
let flagsSetBy: ((flag: string) => void) | undefined;

/**
 * Sets the CLI's V8 flags: before any chunk is loaded, so that every function is compiled with
 * them and the code caches are made and read under the same flags (V8 rejects a cache made under
 * others). bin.cjs and the bench's entries call it.
 */
export function setCliV8Flags(): void {
  const v8Major = Number(process.versions.v8.split('.')[0]);
  if (v8Major >= 11 && v8Major <= 13) {
    const setFlags = v8FlagSetter();
    for (const flag of V8_FLAGS) setFlags(flag);
    flagsSetBy = setFlags;
  }
}

/**
 * Runs `load` (a require of a Node built-in module) with V8's flags at their defaults, then sets
 * the CLI's again. Node compiles its built-in modules with the code cache embedded in its binary,
 * which V8 checks against a hash of its flags: once setCliV8Flags has changed them, every built-in
 * loaded afterwards is compiled from source (and Node makes a cache for it that it never uses).
 * node:tty, which `gpuasm check` loads to decide on colour when stderr is a terminal, brings net and
 * the stream modules: `node -e "require('tty')"` 92-104 M instructions at the defaults, 134-139 M
 * under the CLI's flags (`node -e 0`: 83-87 M; docs/benchmarks.md, session 19). Nothing is
 * compiled in between but the built-ins (chunks are loaded by `load` of a Bundle, never inside
 * this), so no code cache of ours is read or made under the defaults. bin.cjs hands this to
 * src/node/builtins.ts. (Not for worker threads: a worker boots on its own thread.)
 */
export function withDefaultV8Flags<T>(load: () => T): T {
  const setFlags = flagsSetBy;
  if (!setFlags) return load();
  for (const flag of V8_FLAG_DEFAULTS) setFlags(flag);
  try {
    return load();
  } finally {
    for (const flag of V8_FLAGS) setFlags(flag);
  }
}

/**
 * V8's `setFlagsFromString`. node:v8 is the same function of the same binding, but loading it loads
 * the heap-snapshot and stream modules with it: about 31 M instructions, a third of Node's own
 * start (`node -e 0`: 93.5 M; with `require('node:v8')`: 125.8 M; with the binding: 94.2 M).
 * `process.binding('v8')` is deprecated (DEP0111, a warning that is silenced here for the one
 * call, whatever --throw-deprecation says), so node:v8 when the binding is gone or refused (a later
 * Node, the permission model).
 */
function v8FlagSetter(): (flag: string) => void {
  const quiet = process.noDeprecation;
  try {
    process.noDeprecation = true;
    const binding = (process as unknown as { binding(name: string): { setFlagsFromString?: unknown } }).binding('v8');
    const set = binding.setFlagsFromString;
    if (typeof set === 'function') return (flag) => void (set as (f: string) => void).call(binding, flag);
  } catch {
    // no binding: node:v8 below
  } finally {
    process.noDeprecation = quiet;
  }
  const v8 = require('node:v8') as typeof import('node:v8');
  return (flag) => v8.setFlagsFromString(flag);
}

/**
 * The bundle next to `bin` (the URL of dist/src/cli/bin.cjs). Undefined when a chunk is missing or
 * older than bin.cjs (`tsc` ran without the build step): the caller loads the ES modules instead,
 * the same code.
 */
export function openBundle(bin: URL): Bundle | undefined {
  const files = new Map(CHUNKS.map((c) => [c, fileURLToPath(new URL(`./bundle-${c}.cjs`, bin))]));
  try {
    const built = statSync(fileURLToPath(bin)).mtimeMs;
    for (const file of files.values()) if (statSync(file).mtimeMs < built) return undefined;
  } catch {
    return undefined;
  }
  const nodeRequire = createRequire(bin);
  const distUrl = new URL('../../', bin).href;
  const defs = new Map<string, ModuleBody>();
  const define = (id: string, body: ModuleBody) => void defs.set(id, body);
  const loaded: { cacheFile: string; script: Script; hadCache: boolean }[] = [];
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
    // Whether there was a cache, not the cache itself: its bytes (588 KB for the AMDGPU chunk) are
    // not needed once the script is compiled, and a check's peak memory would carry them.
    if (cacheFile) loaded.push({ cacheFile, script, hadCache: cachedData !== undefined });
  };
  const modules = new Map<string, { exports: object }>();
  const join = (from: string, spec: string) => {
    const out = from.split('/').slice(0, -1);
    for (const s of spec.split('/')) if (s === '..') out.pop();
    else if (s !== '.') out.push(s);
    return out.join('/');
  };
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
  // A run under other Node options (a profiler, a debugger) would make a cache that the next plain
  // run rejects, and that run would write it back: only plain runs write caches.
  const plain = process.execArgv.length === 0 && !process.env['NODE_OPTIONS'];
  const saveCaches = (underOptions = false) => {
    if (!plain && !underOptions) return;
    for (const { cacheFile, script, hadCache } of loaded) {
      if (hadCache && !script.cachedDataRejected) continue;
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
  return { load, saveCaches };
}
