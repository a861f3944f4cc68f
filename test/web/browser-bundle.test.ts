/**
 * The library runs unchanged in a browser: esbuild bundles it (src/library.ts, and the playground's
 * worker, which holds all of it) for the browser platform, where any `node:` import or Node
 * built-in fails the build; the output is scanned for one all the same. And the playground page
 * itself holds no checker code: everything it checks goes through the worker.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../harness/corpus.js';
import * as library from '../../src/index.js';

/** An import of a Node built-in in bundled output: `from "node:fs"`, `import("fs")`, `require("path")`. */
const NODE_BUILTINS = ['fs', 'path', 'os', 'url', 'module', 'worker_threads', 'child_process', 'crypto', 'util', 'stream', 'buffer', 'process', 'events', 'http', 'zlib', 'v8', 'vm', 'perf_hooks'];
const NODE_IMPORT = new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*\\(?\\s*|\\brequire\\s*\\(\\s*)["'](?:node:[\\w/]+|(?:${NODE_BUILTINS.join('|')})(?:/[\\w/]*)?)["']`);

async function bundle(entry: string): Promise<{ text: string; inputs: string[] }> {
  const r = await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The playground's examples module is made by scripts/build-web.mjs; here an empty list will do.
    plugins: [
      {
        name: 'examples',
        setup(b) {
          b.onResolve({ filter: /^gpuasm:examples$/ }, () => ({ path: 'x', namespace: 'ex' }));
          b.onLoad({ filter: /.*/, namespace: 'ex' }, () => ({ contents: 'export default []' }));
        },
      },
    ],
  });
  return { text: r.outputFiles.map((f) => f.text).join('\n'), inputs: Object.keys(r.metafile.inputs) };
}

test('the scan finds Node imports (so its silence below means something)', () => {
  for (const bad of ['import{a}from"node:fs";', 'const p = require("path");', 'await import("node:worker_threads")', 'import "fs/promises";']) assert.match(bad, NODE_IMPORT, bad);
  for (const fine of ['const o = { node: n }', '"fs" + x', 'import{a}from"./fs.js"']) assert.doesNotMatch(fine, NODE_IMPORT, fine);
});

test('src/library.ts bundles for the browser with no Node built-in', async () => {
  const { text, inputs } = await bundle('src/library.ts');
  assert.doesNotMatch(text, NODE_IMPORT);
  // Both languages are in it, and nothing of the Node host or the CLI.
  assert.ok(inputs.some((i) => i.startsWith('src/ptx/')) && inputs.some((i) => i.startsWith('src/amdgpu/')), 'both front ends bundled');
  assert.deepEqual(inputs.filter((i) => i.startsWith('src/node/') || i.startsWith('src/cli/')), []);
});

test("a Node import in the library's code would fail the browser bundle", async () => {
  // The guard itself: esbuild refuses node: imports for the browser platform.
  await assert.rejects(
    esbuild.build({ stdin: { contents: 'import { readFileSync } from "node:fs"; console.log(readFileSync);', resolveDir: REPO_ROOT }, bundle: true, platform: 'browser', write: false, logLevel: 'silent' }),
  );
});

test("the playground's worker bundles for the browser with no Node built-in", async () => {
  const { text, inputs } = await bundle('web/src/worker.ts');
  assert.doesNotMatch(text, NODE_IMPORT);
  assert.ok(inputs.includes('src/ptx/index.ts') && inputs.includes('src/amdgpu/index.ts'));
  assert.deepEqual(inputs.filter((i) => i.startsWith('src/node/') || i.startsWith('src/cli/')), []);
});

test('the playground page holds no checker code: it only talks to the worker', async () => {
  const { text, inputs } = await bundle('web/src/main.ts');
  assert.doesNotMatch(text, NODE_IMPORT);
  assert.deepEqual(inputs.filter((i) => i.startsWith('src/')), [], 'the page bundles none of the library');
  assert.ok(inputs.some((i) => i.includes('@codemirror/view')), 'the page is the editor');
});

test('npm run build:web writes a static site (index.html, style.css, main.js, worker.js)', async () => {
  const { mkdtempSync, readdirSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const out = mkdtempSync(join(tmpdir(), 'gpuasm-web-'));
  try {
    const { buildWeb } = (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'build-web.mjs')).href)) as { buildWeb: (dir: string) => Promise<unknown> };
    await buildWeb(out);
    assert.deepEqual(readdirSync(out).sort(), ['index.html', 'main.js', 'style.css', 'worker.js']);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    // Every URL the page names is its own (relative) or data: — no fonts, analytics or CDNs.
    for (const m of html.matchAll(/\b(?:src|href)="([^"]*)"/g)) assert.match(m[1]!, /^(?:data:|[\w.-]+$)/, m[1]);
    for (const f of ['main.js', 'worker.js', 'style.css']) assert.doesNotMatch(readFileSync(join(out, f), 'utf8'), /https?:\/\/(?!www\.w3\.org\/)[\w.-]+\.[a-z]{2,}\/[\w/.-]*\.(?:js|css|woff2?|ttf)\b/, `${f} names no remote script, style or font`);
    // The examples are in the page, bundled at build time.
    assert.match(readFileSync(join(out, 'main.js'), 'utf8'), /saxpy\.gfx900\.s/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

/** JSON of library results (bigints as strings), to compare answers across realms. */
const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : ArrayBuffer.isView(x) ? [...(x as Uint8Array)] : x));

test('the library bundle runs in a realm without Node globals and answers as under Node', async () => {
  // A fresh JavaScript realm holds the language's own globals only: no Buffer, process, require.
  // A browser adds the Web APIs; the library may use TextEncoder and TextDecoder of those.
  const r = await esbuild.build({ absWorkingDir: REPO_ROOT, entryPoints: ['src/library.ts'], bundle: true, platform: 'browser', format: 'iife', globalName: 'gpuasmBundle', write: false, logLevel: 'silent' });
  const realm = createContext({ TextEncoder, TextDecoder });
  runInContext(r.outputFiles[0]!.text, realm);
  const web = (realm as { gpuasmBundle: typeof library }).gpuasmBundle;
  assert.equal(runInContext('typeof Buffer + typeof process + typeof require', realm), 'undefinedundefinedundefined');
  const dir = join(REPO_ROOT, 'examples');
  const files = readdirSync(dir).filter((f) => /\.(ptx|s)$/.test(f));
  assert.ok(files.length >= 5);
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'latin1');
    if (f.endsWith('.s')) {
      assert.equal(json(web.amdgpu.checkAmdgpuText(f, text, { mcpu: 'gfx900' })), json(library.amdgpu.checkAmdgpuText(f, text, { mcpu: 'gfx900' })), f);
      continue;
    }
    assert.equal(json(web.ptx.checkPtxText(f, text)), json(library.ptx.checkPtxText(f, text)), f);
    assert.equal(json(web.ptx.checkPtxText(f, text, { compileOnly: true })), json(library.ptx.checkPtxText(f, text, { compileOnly: true })), f);
    const laidOut = library.ptx.layoutPtx(f, text);
    assert.equal(json(web.ptx.layoutPtx(f, text)), json(laidOut), f);
  }
  // globals.ptx has variables with bytes and relocations: the comparison above covered them.
  assert.ok(library.ptx.layoutPtx('globals.ptx', readFileSync(join(dir, 'globals.ptx'), 'latin1')).variables.some((v) => v.hex.length > 0 && v.relocations.length > 0));
  for (const e of ['(1 << 12) - 1', '0.1 + 0.2', '1 / 0']) assert.equal(json(web.ptx.evaluatePtxExpression(e)), json(library.ptx.evaluatePtxExpression(e)), e);
  for (const [text, type] of [['1.0', 'f32'], ['v[2:3]', 'b64'], ['0x12345', 'i32']] as const) assert.equal(json(web.amdgpu.encodeOperand(text, type, 'gfx1100')), json(library.amdgpu.encodeOperand(text, type, 'gfx1100')));
  // #include through the options' readFile, as the playground gives it.
  const inc = (p: string) => (p === 'defs.h' ? '#define N 4\n' : undefined);
  const src = '#include "defs.h"\n.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 a[N];\n';
  assert.equal(web.ptx.layoutPtx('m.ptx', src, { readFile: inc }).variables[0]?.size, 16);
});
