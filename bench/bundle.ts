/**
 * Prototype, for the start-up measurements: the `gpuasm` CLI as one CommonJS script, loaded through
 * `vm.Script` with a V8 code cache. No bundler is installed, so this is the least that works: tsc
 * compiles src/ to CommonJS (.bench-data/cjs), each module reachable from the CLI is wrapped in a
 * function inside one file, and a small launcher runs it.
 *
 *   node dist/bench/bundle.js      writes .bench-data/bundle/gpuasm.cjs (launcher) and gpuasm.bundle.js
 *   node .bench-data/bundle/gpuasm.cjs check FILE
 *
 * The build ends with one check of two examples, which writes the code cache (gpuasm.bundle.js.cache);
 * a run writes it again only when it is missing or V8 rejects it.
 *
 * Not part of the package: the coordinator decides whether the CLI ships so (esbuild would replace
 * the wrapping below).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA, REPO_ROOT } from './data.js';

const CJS = join(DATA, 'cjs');
const OUT = join(DATA, 'bundle');

function compileCommonJs(): void {
  const config = join(DATA, 'tsconfig.cjs.json');
  mkdirSync(DATA, { recursive: true });
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(REPO_ROOT, 'tsconfig.json'),
      compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', outDir: CJS, rootDir: REPO_ROOT, declaration: false, noEmitOnError: false },
      include: [join(REPO_ROOT, 'src', '**', '*.ts')],
    }),
  );
  rmSync(CJS, { recursive: true, force: true });
  // tsc reports `import.meta` as not allowed in CommonJS (and this config's type roots); it still emits.
  spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { encoding: 'utf8' });
  if (!existsSync(join(CJS, 'src', 'cli', 'main.js'))) throw new Error('tsc did not emit the CommonJS build');
}

/** The modules reachable from `entries` through relative `require` calls, in discovery order. */
function reachable(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const text = readFileSync(join(CJS, rel), 'utf8');
    for (const m of text.matchAll(/require\((['"])(\.[^'"]+)\1\)/g)) visit(posix.join(posix.dirname(rel), m[2]!));
  };
  for (const e of entries) visit(e);
  // The worker's file is started by URL from the ES module build; it is not bundled.
  return [...seen].filter((r) => !r.endsWith('parallel-worker.js'));
}

export function buildBundle(): { bundle: string; launcher: string; modules: number; bytes: number } {
  compileCommonJs();
  const mods = reachable(['src/cli/main.js', 'src/cli/io.js']);
  const parts = [
    '(function (nodeRequire) {',
    "'use strict';",
    'const defs = Object.create(null);',
    'const cache = Object.create(null);',
    'function load(id) {',
    '  const hit = cache[id];',
    '  if (hit) return hit.exports;',
    '  const module = { exports: {} };',
    '  cache[id] = module;',
    '  defs[id](module.exports, (spec) => (spec.startsWith(".") ? load(join(id, spec)) : nodeRequire(spec)), module);',
    '  return module.exports;',
    '}',
    'function join(from, spec) {',
    "  const out = from.split('/').slice(0, -1);",
    "  for (const s of spec.split('/')) if (s === '..') out.pop(); else if (s !== '.') out.push(s);",
    "  return out.join('/');",
    '}',
  ];
  for (const rel of mods) {
    // import.meta.url: the module's own file in the ES module build (dist/), so that URLs made from
    // it (package.json, the worker) name the same files as there.
    const url = pathToFileURL(join(REPO_ROOT, 'dist', rel)).href;
    const body = readFileSync(join(CJS, rel), 'utf8').replace(/import\.meta\.url/g, JSON.stringify(url));
    parts.push(`defs[${JSON.stringify(rel)}] = function (exports, require, module) {\n${body}\n};`);
  }
  parts.push("return { main: load('src/cli/main.js').main, outputFlushed: load('src/cli/io.js').outputFlushed };", '})');
  mkdirSync(OUT, { recursive: true });
  const bundle = join(OUT, 'gpuasm.bundle.js');
  writeFileSync(bundle, parts.join('\n'));
  rmSync(bundle + '.cache', { force: true });
  const launcher = join(OUT, 'gpuasm.cjs');
  writeFileSync(launcher, LAUNCHER.replace('REQUIRE_FROM', JSON.stringify(join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js'))));
  // One run over a PTX and an AMDGPU example fills the code cache with both front ends' functions.
  spawnSync(process.execPath, [launcher, '--no-color', 'check', join(REPO_ROOT, 'examples', 'reduce.ptx'), join(REPO_ROOT, 'examples', 'saxpy.gfx900.s')], { encoding: 'utf8' });
  return { bundle, launcher, modules: mods.length, bytes: parts.join('\n').length };
}

/** The launcher: V8 flags as bin.ts, the bundle compiled with its code cache, then main(). */
const LAUNCHER = `'use strict';
const v8 = require('node:v8');
const V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=150', '--no-turbo-loop-peeling', '--no-turbo-escape'];
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 13) for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
const fs = require('node:fs');
const vm = require('node:vm');
const file = require('node:path').join(__dirname, 'gpuasm.bundle.js');
const cacheFile = file + '.cache';
let cachedData;
try { cachedData = fs.readFileSync(cacheFile); } catch {}
const script = new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file, cachedData });
const { main, outputFlushed } = script.runInThisContext()(require('node:module').createRequire(REQUIRE_FROM));
const writeCache = () => {
  if (cachedData && !script.cachedDataRejected) return;
  try { fs.writeFileSync(cacheFile, script.createCachedData()); } catch {}
};
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    writeCache();
    if (outputFlushed()) process.exit(code);
  },
  (e) => {
    process.stderr.write('gpuasm: internal error: ' + (e instanceof Error ? (e.stack ?? e.message) : String(e)) + '\\n');
    process.exitCode = 2;
  },
);
`;

if (process.argv[1] && relative(process.argv[1], join(dirname(new URL(import.meta.url).pathname), 'bundle.js')) === '') {
  const r = buildBundle();
  process.stdout.write(`${r.modules} modules, ${(r.bytes / 1024).toFixed(0)} KB: ${r.launcher}\n`);
}
