/**
 * `npm run package:vscode` (scripts/package-vscode.mjs) builds a .vsix that holds the bundled
 * client and server, the grammars, language configurations and the diagnostic catalog; the
 * bundled server, run alone, answers as `gpuasm lsp` does.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../harness/corpus.js';
import { BIN, fileUri, LspClient } from '../harness/lsp-client.js';
import { DEFAULT_SETTINGS } from '../../src/lsp/analysis.js';

const VSCE = join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
const ESBUILD = join(REPO_ROOT, 'node_modules', 'esbuild');
const skip = !existsSync(VSCE) ? '@vscode/vsce is not installed (npm ci): .vsix tests skipped' : !existsSync(ESBUILD) ? 'esbuild is not installed (npm ci): .vsix tests skipped' : undefined;
if (skip) console.log(`# ${skip}`);

/** The entries of a zip file (central directory), with a reader for stored or deflated ones. */
function zipEntries(buf: Buffer): Map<string, () => Buffer> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  assert.ok(eocd >= 0, 'a zip end-of-central-directory record');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, () => Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nlen = buf.readUInt16LE(p + 28);
    const xlen = buf.readUInt16LE(p + 30);
    const clen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nlen).toString('utf8');
    out.set(name, () => {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + csize);
      return method === 0 ? data : inflateRawSync(data);
    });
    p += 46 + nlen + xlen + clen;
  }
  return out;
}

describe('VS Code extension package', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-vsix-'));
  const vsix = join(dir, 'gpuasm.vsix');

  test('npm run package:vscode builds a self-contained .vsix', () => {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'package-vscode.mjs'), '--out', vsix], { encoding: 'utf8', cwd: REPO_ROOT, timeout: 300_000 });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const entries = zipEntries(readFileSync(vsix));
    for (const f of ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/server.js', 'extension/dist/docs/diagnostics.md', 'extension/syntaxes/ptx.tmLanguage.json', 'extension/syntaxes/amdgpu.tmLanguage.json', 'extension/ptx.language-configuration.json', 'extension/amdgpu.language-configuration.json', 'extension.vsixmanifest']) {
      assert.ok(entries.has(f), `${f} in the .vsix (has: ${[...entries.keys()].join(', ')})`);
    }
    assert.ok(![...entries.keys()].some((k) => k.includes('node_modules/') || k.startsWith('extension/src/')), 'no sources or node_modules');
    const pkg = JSON.parse(entries.get('extension/package.json')!().toString('utf8')) as { main: string; contributes: { languages: { id: string; extensions: string[] }[]; grammars: { path: string }[]; configuration: { properties: Record<string, unknown> } } };
    assert.equal(pkg.main, './dist/extension.js');
    assert.deepEqual(pkg.contributes.languages.map((l) => [l.id, l.extensions]), [['ptx', ['.ptx']], ['amdgpu', ['.s', '.S', '.asm']]]);
    // Every setting the server reads is contributed (so VS Code offers it) and documented in docs/lsp.md.
    const lspDoc = readFileSync(join(REPO_ROOT, 'docs', 'lsp.md'), 'utf8');
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      const s = `gpuasm.${key}`;
      assert.ok(s in pkg.contributes.configuration.properties, s);
      assert.ok(lspDoc.includes(`| \`${s}\` |`), `${s} in docs/lsp.md`);
    }
    for (const g of pkg.contributes.grammars) assert.ok(entries.has('extension/' + g.path.replace(/^\.\//, '')), g.path);
    // The server is one file: it requires nothing but Node's own modules.
    const server = entries.get('extension/dist/server.js')!().toString('utf8');
    const requires = [...server.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:'));
    const builtin = new Set(['fs', 'path', 'url', 'os', 'util', 'events', 'crypto', 'child_process', 'net', 'stream', 'worker_threads', 'module', 'assert', 'buffer', 'tty', 'v8', 'vm', 'zlib', 'string_decoder']);
    assert.deepEqual(requires.filter((m) => !builtin.has(m)), [], 'only built-in modules are required');
    const client = entries.get('extension/dist/extension.js')!().toString('utf8');
    const clientRequires = [...client.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:') && !builtin.has(m));
    assert.deepEqual([...new Set(clientRequires)], ['vscode'], 'the client requires only vscode');
  });

  test('the bundled server answers as gpuasm lsp: same diagnostics, codes linked to the bundled catalog', async () => {
    const server = join(REPO_ROOT, 'editors', 'vscode', 'dist', 'server.js');
    assert.ok(existsSync(server), 'built by the test above');
    const c = await LspClient.start({}, LspClient.spawnScript(server, ['--stdio']));
    try {
    const f = join(dir, 'broken.ptx');
    writeFileSync(f, '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmvo.u32 %r1, 1;\n\tret;\n}\n');
    const uri = fileUri(f);
    c.open(uri, 'ptx', readFileSync(f, 'utf8'));
    const got = await c.diagnosticsFor(uri, 1);
    const want = (JSON.parse(spawnSync(process.execPath, [BIN, 'check', '--format', 'json', f], { encoding: 'utf8' }).stdout) as { diagnostics: { code: string; message: string; line: number; column: number }[] }).diagnostics;
    assert.deepEqual(
      got.diagnostics.map((d) => [d.code, d.message, d.range.start.line + 1, d.range.start.character + 1]),
      want.map((d) => [d.code, d.message, d.line, d.column]),
    );
    const href = got.diagnostics[0]!.codeDescription!.href;
    assert.ok(href.startsWith('file:') && existsSync(fileURLToPath(href.replace(/#.*$/, ''))) && href.includes('editors/vscode/dist/docs/diagnostics.md#'), href);
    const hover = await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 10 } });
    assert.match(hover?.contents.value ?? '', /\.reg \.b32 %r<2>/);
    assert.equal((await c.shutdown()).code, 0);
    } finally {
      c.kill();
    }
  });
});
