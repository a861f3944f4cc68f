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
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../harness/corpus.js';

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
