// Build step (run by postbuild.mjs after `tsc`): the `gpuasm` CLI as three scripts (chunks: the
// CLI and core, the PTX front end, the AMDGPU front end), each with a V8 code cache, a fourth
// for the language server (`gpuasm lsp`), which no check loads, and a fifth for checking several
// files on several threads (src/cli/jobs.ts), which no one-file check loads.
//
// Starting the CLI from the ES module build makes Node read, link and compile each of its ~46
// modules, and V8 compile every function on its first call. dist/src/cli/bin.cjs instead compiles
// the chunks it needs through `vm.Script` with the code caches written here, so V8 skips parsing and
// compiling what a cache holds (callgrind: 7% fewer instructions for a 242 KB AMDGPU file, 10% for a
// 208 KB PTX file). bin.cjs falls back to the ES modules when a chunk is missing or older than itself
// (a `tsc` run without this step), and compiles without a cache that V8 rejects (another Node
// version or flags), then writes a fresh one if it can.
//
// No bundler is a dependency: TypeScript (already needed for the build) transpiles each compiled
// ES module of dist/ to CommonJS, and each becomes one function in a chunk, run on first use.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

const transpiled = new Map();
function commonJs(rel) {
  let text = transpiled.get(rel);
  if (text === undefined) {
    const source = readFileSync(join(DIST, rel), 'utf8');
    text = ts.transpileModule(source, {
      fileName: rel,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false, removeComments: true },
    }).outputText;
    // import.meta.url: the module's own file in the ES module build, so that URLs made from it
    // (package.json, the worker thread's module) name the same files as there.
    text = text.replace(/\bimport\.meta\.url\b/g, '__moduleUrl()');
    if (/\bimport\.meta\b|\bimport\(/.test(text)) throw new Error(`bundle: ${rel} still uses import.meta or import() after transpiling`);
    transpiled.set(rel, text);
  }
  return text;
}

/** The modules reachable from `entries` through relative `require` calls, in discovery order. */
function reachable(entries) {
  const seen = new Set();
  const visit = (rel) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const m of commonJs(rel).matchAll(/require\((['"])(\.[^'"]+)\1\)/g)) visit(posix.join(posix.dirname(rel), m[2]));
  };
  for (const e of entries) visit(e);
  return [...seen];
}

/**
 * The chunk a module goes into: each front end its own, so a run loads (and deserializes) only its
 * own. The PTX preprocessor's limits (constants only) go with the CLI: the Node host, which every
 * run loads, reads one of them, and an AMDGPU check would otherwise load the whole PTX chunk.
 */
export function chunkOf(rel) {
  return rel === 'src/ptx/preprocess/limits.js' ? 'cli' : rel.startsWith('src/ptx/') ? 'ptx' : rel.startsWith('src/amdgpu/') ? 'amdgpu' : rel.startsWith('src/lsp/') || rel === 'src/cli/lsp.js' ? 'lsp' : rel === 'src/cli/jobs.js' ? 'jobs' : 'cli';
}
// The language server (`gpuasm lsp`) has a chunk of its own: a check never loads it.
export const CHUNKS = ['cli', 'ptx', 'amdgpu', 'lsp', 'jobs'];
export const chunkFile = (name) => join(DIST, 'src', 'cli', `bundle-${name}.cjs`);

// Each chunk is a script that evaluates to a function of `define`, which it calls once a module:
// define(id, function (exports, require, module, __moduleUrl) { ...the module as CommonJS... }).
// bin.cjs runs a module on first `require` and loads the chunk that holds it on first need.
export function buildBundle() {
  // The worker thread's module is started by URL from the ES module build; it is not bundled.
  const mods = reachable(['src/cli/main.js', 'src/cli/io.js']).filter((r) => !r.endsWith('parallel-worker.js'));
  let bytes = 0;
  for (const name of CHUNKS) {
    const parts = ['(function (define) {', "'use strict';"];
    for (const rel of mods.filter((m) => chunkOf(m) === name)) {
      parts.push(`define(${JSON.stringify(rel)}, function (exports, require, module, __moduleUrl) {\n${commonJs(rel)}\n});`);
    }
    parts.push('})');
    // ASCII only (other characters as \u escapes, the same values in strings, templates and regular
    // expressions; no module reads a template's raw text): bin.cjs reads the chunk as latin1, a plain
    // copy, where UTF-8 decoding of the ~1 MB it loads cost about 12 M instructions a run.
    const body = parts.join('\n').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    // V8 checks only a cache's Node version, flags and source length, not the source itself: the
    // cache's file name carries a hash of the chunk (bin.cjs reads it from the first line), so no
    // run can take a cache made for other code of the same length.
    const text = `// gpuasm bundle ${createHash('sha256').update(body).digest('hex').slice(0, 16)}\n${body}`;
    bytes += text.length;
    // Renamed into place: a run meanwhile reads the old chunk or the new one, never half of one.
    writeFileSync(chunkFile(name) + '.tmp', text);
    renameSync(chunkFile(name) + '.tmp', chunkFile(name));
  }
  const cliDir = dirname(chunkFile('cli'));
  for (const f of readdirSync(cliDir)) if (/^bundle-.*\.(cache|tmp)$/.test(f)) rmSync(join(cliDir, f), { force: true });
  // The code caches: bin.cjs writes one for each chunk it loaded that had none. One check of the
  // examples (PTX and AMDGPU) compiles the functions of both front ends, so the caches hold them;
  // bin.cjs sets its V8 flags before compiling, as in every later run (V8 rejects a cache made
  // under other flags).
  const bin = join(DIST, 'src', 'cli', 'bin.cjs');
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((f) => /\.(ptx|s)$/.test(f))
    .map((f) => join(ROOT, 'examples', f));
  // broken.ptx has errors (exit 1): diagnostics are printed by functions worth having too.
  // The first on one thread (-j 1), the front ends' caches; the second on two (-j 2: the jobs
  // chunk of a check of several files, whose other chunks then have their caches).
  for (const jobs of ['1', '2']) {
    const r = spawnSync(process.execPath, [bin, '--no-color', 'check', '-j', jobs, ...examples], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(`bundle: the check that writes the code cache failed (${r.status}): ${r.stderr}`);
  }
  const cached = readdirSync(cliDir);
  // (A long-running server's start is not worth a cache: the lsp chunk has none.)
  for (const name of CHUNKS) if (name !== 'lsp' && !cached.some((f) => f.startsWith(`bundle-${name}.cjs.`) && f.endsWith('.cache'))) throw new Error(`bundle: no code cache was written for ${name}`);
  return { modules: mods.length, bytes };
}
