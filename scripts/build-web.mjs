// `npm run build:web`: the playground (web/) as a static site in web/dist, deployable as is.
// esbuild bundles the page (web/src/main.ts) and the checker's Web Worker (web/src/worker.ts, which
// holds the whole library) for the browser; the files of examples/ are bundled in as a module
// (gpuasm:examples). The library is bundled from its TypeScript sources: no `tsc` run is needed.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The assembly files of examples/, by name. */
function examples() {
  const dir = join(ROOT, 'examples');
  return readdirSync(dir)
    .filter((f) => /\.(ptx|s)$/.test(f))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'latin1') }));
}

const examplesPlugin = {
  name: 'gpuasm-examples',
  setup(build) {
    build.onResolve({ filter: /^gpuasm:examples$/ }, () => ({ path: 'examples', namespace: 'gpuasm-examples' }));
    build.onLoad({ filter: /.*/, namespace: 'gpuasm-examples' }, () => ({
      contents: `export default ${JSON.stringify(examples())};`,
      loader: 'js',
      watchDirs: [join(ROOT, 'examples')],
    }));
  },
};

/**
 * Builds the site into `outDir` (default web/dist). Returns esbuild's metafile (which inputs went
 * into which output: the tests check that the page itself holds no checker code).
 */
export async function buildWeb(outDir = join(ROOT, 'web', 'dist'), { minify = true } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'web/src/main.ts', worker: 'web/src/worker.ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['chrome111', 'firefox111', 'safari16.4'],
    outdir: outDir,
    minify,
    sourcemap: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [examplesPlugin],
  });
  for (const f of ['index.html', 'style.css']) copyFileSync(join(ROOT, 'web', f), join(outDir, f));
  return result.metafile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'web', 'dist');
  const meta = await buildWeb(out);
  for (const [file, o] of Object.entries(meta.outputs)) console.log(`${file.replace(ROOT + '/', '')}  ${(o.bytes / 1024).toFixed(0)} KB`);
  console.log(`playground built in ${out.replace(ROOT + '/', '')} (serve it with: npm run playground)`);
}
