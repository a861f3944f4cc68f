// `npm run package:vscode`: the VS Code extension of editors/vscode as a .vsix, self-contained.
//
// 1. esbuild bundles the client (src/extension.ts with vscode-languageclient; `vscode` is the
//    host's) and the server (src/server.ts: the gpuasm language server and the whole library, with
//    vscode-languageserver) into editors/vscode/dist/, each one CommonJS file;
// 2. docs/diagnostics.md goes beside the server, which links each diagnostic code to its section;
// 3. @vscode/vsce packages editors/vscode into dist/gpuasm-<version>.vsix (no npm dependency walk:
//    the bundles need nothing else). Prints the path of the .vsix.
//
//   node scripts/package-vscode.mjs [--bundle-only] [--out FILE]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXT = join(ROOT, 'editors', 'vscode');
const OUT = join(EXT, 'dist');
const args = process.argv.slice(2);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'docs'), { recursive: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  sourcemap: false,
  legalComments: 'none',
  // The PTX checker's worker thread (a large-file option the server does not use) is located
  // through import.meta.url, which a CommonJS bundle does not have.
  logOverride: { 'empty-import-meta': 'silent' },
};
await build({ ...common, entryPoints: [join(EXT, 'src', 'extension.ts')], outfile: join(OUT, 'extension.js'), external: ['vscode'] });
await build({ ...common, entryPoints: [join(EXT, 'src', 'server.ts')], outfile: join(OUT, 'server.js') });
copyFileSync(join(ROOT, 'docs', 'diagnostics.md'), join(OUT, 'docs', 'diagnostics.md'));

if (!args.includes('--bundle-only')) {
  const version = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')).version;
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(ROOT, 'dist', `gpuasm-${version}.vsix`);
  mkdirSync(dirname(out), { recursive: true });
  const vsce = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', out], {
    cwd: EXT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, VSCE_TELEMETRY: 'off' },
  });
  if (r.status !== 0) {
    process.stderr.write(`package-vscode: vsce failed (status ${r.status ?? r.signal})\n`);
    process.exit(1);
  }
  process.stdout.write(out + '\n');
}
