/**
 * A bench-only stand-in for `gpuasm check FILE...` that can switch AMDGPU's repeated-statement memo
 * off: the same V8 flags as the CLI (`setCliV8Flags`, src/cli/chunks.cts), the same reading of each file, the library's
 * check with `repeats` as asked (PTX has no memo), and the diagnostics printed one per line. Not
 * part of the package. The library is loaded as `gpuasm check` loads it: from the bundled chunks
 * (dist/src/cli/bundle-*.cjs, with their V8 code caches, see src/cli/bin.cts) when they are there
 * and newer than bin.cjs, else from the ES modules.
 *
 *   node dist/bench/check-entry.js [--no-repeats] [--mcpu CPU] FILE...
 */
const { openBundle, setCliV8Flags } = await import('../src/cli/chunks.cjs');
const { createRequire } = await import('node:module');
// The CLI's V8 flags, before the library is loaded.
setCliV8Flags();

/**
 * A module of the library from the CLI's bundled chunks, loaded as bin.cjs loads them (the same
 * loader, src/cli/chunks.cts; caches are only read here). Undefined when the chunks are missing or
 * older than bin.cjs: the caller imports the ES modules instead.
 */
const bundle = openBundle(new URL('../src/cli/bin.cjs', import.meta.url));
const fromBundle = bundle ? (id: string) => bundle.load(id) : undefined;
// node:fs as bin.cjs's code takes it (require): an ES import of a built-in copies every export,
// and fs's stream getters load Node's stream modules, which `gpuasm check` never loads.
const { writeSync } = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const { readWithEndMark } = (fromBundle?.('src/cli/read.js') as typeof import('../src/cli/read.js') | undefined) ?? (await import('../src/cli/read.js'));
const args = process.argv.slice(2);
const repeats = !args.includes('--no-repeats');
const mcpuAt = args.indexOf('--mcpu');
const mcpu = mcpuAt >= 0 ? args[mcpuAt + 1]! : 'gfx900';
const files = args.filter((a, i) => !a.startsWith('--') && (mcpuAt < 0 || i !== mcpuAt + 1));
const out: string[] = [];
let errors = 0;
for (const path of files) {
  const bytes = readWithEndMark(path);
  const text = bytes.toString('latin1');
  let diags: { severity: string; code: string; message: string; location?: { line: number; column: number } }[];
  if (/\.(s|S|asm)$/.test(path)) {
    const { checkAmdgpuText } = (fromBundle?.('src/amdgpu/pipeline.js') as typeof import('../src/amdgpu/pipeline.js') | undefined) ?? (await import('../src/amdgpu/pipeline.js'));
    diags = checkAmdgpuText(path, text, { mcpu, repeats, latin1Bytes: bytes });
  } else {
    const { checkPtx } = (fromBundle?.('src/ptx/index.js') as typeof import('../src/ptx/index.js') | undefined) ?? (await import('../src/ptx/index.js'));
    diags = checkPtx(path, text, { latin1Bytes: bytes }).diagnostics;
  }
  for (const d of diags) {
    if (d.severity === 'error') errors++;
    out.push(`${path}:${d.location?.line ?? 0}:${d.location?.column ?? 0}: ${d.severity}: ${d.message} [${d.code}]`);
  }
}
if (out.length) writeSync(2, out.join('\n') + '\n');
process.exit(errors ? 1 : 0);
