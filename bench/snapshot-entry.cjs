// Experiment of docs/benchmarks.md ("Small files, session 9"), not part of the package: `gpuasm`
// run from a Node start-up snapshot holding the CLI's loaded modules (and, with GPUASM_WARM, the
// functions compiled by checking those files once). Built and run (after `npm run build`):
//
//   GPUASM_PRELOAD=src/cli/check.js,src/amdgpu/pipeline.js,src/ptx/index.js \
//   GPUASM_WARM=examples/reduce.ptx,examples/saxpy.gfx900.s \
//     node --snapshot-blob .bench-data/gpuasm.blob --build-snapshot bench/snapshot-entry.cjs
//   node --snapshot-blob .bench-data/gpuasm.blob check FILE      (`-- --version`: Node reads options first)
//
// The chunks are evaluated with indirect eval, not vm.Script as bin.cjs does: a vm.Script is held by
// a global handle, which V8 cannot serialize ("global handle not serialized"). So there are no code
// caches here: what the snapshot holds instead is the heap itself. The CLI's V8 flags are set in the
// deserialized main function, not while building: flags set at build time change V8's flag hash,
// and a run without them then refuses the blob ("built with a different version of V8 or with
// different V8 configurations"), as it does under valgrind (other CPU features): build the blob
// under valgrind to count a run under valgrind.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const dist = path.resolve(__dirname, '..', 'dist');
const cliDir = path.join(dist, 'src', 'cli');
const FLAGS = ['--max-inlined-bytecode-size-cumulative=150', '--no-turbo-loop-peeling', '--no-turbo-escape'];
const chunkOf = (id) =>
  id === 'src/ptx/preprocess/limits.js' ? 'cli' : id.startsWith('src/ptx/') ? 'ptx' : id.startsWith('src/amdgpu/') ? 'amdgpu' : id.startsWith('src/lsp/') || id === 'src/cli/lsp.js' ? 'lsp' : 'cli';
const nodeRequire = require('node:module').createRequire(path.join(cliDir, 'bin.cjs'));
const distUrl = require('node:url').pathToFileURL(dist + '/').href;
const defs = new Map();
const define = (id, body) => void defs.set(id, body);
const modules = new Map();
const join = (from, spec) => {
  const out = from.split('/').slice(0, -1);
  for (const s of spec.split('/')) if (s === '..') out.pop();
  else if (s !== '.') out.push(s);
  return out.join('/');
};
const load = (id) => {
  const hit = modules.get(id);
  if (hit) return hit.exports;
  if (!defs.has(id)) (0, eval)(fs.readFileSync(path.join(cliDir, `bundle-${chunkOf(id)}.cjs`), 'latin1'))(define);
  const body = defs.get(id);
  if (!body) throw new Error(`module ${id} is not in the bundle`);
  const module = { exports: {} };
  modules.set(id, module);
  body(module.exports, (spec) => (spec.startsWith('.') ? load(join(id, spec)) : nodeRequire(spec)), module, () => distUrl + id);
  return module.exports;
};
const { main } = load('src/cli/main.js');
const { outputFlushed } = load('src/cli/io.js');
for (const id of (process.env.GPUASM_PRELOAD ?? '').split(',').filter(Boolean)) load(id);
const warm = (process.env.GPUASM_WARM ?? '').split(',').filter(Boolean);
(warm.length ? main(['--no-color', 'check', ...warm]) : Promise.resolve()).then(() => {
  v8.startupSnapshot.setDeserializeMainFunction(() => {
    for (const f of FLAGS) v8.setFlagsFromString(f);
    // process.argv is [node, ...the user's arguments] here (no script name).
    main(process.argv.slice(1)).then((code) => {
      process.exitCode = code;
      if (outputFlushed()) process.exit(code);
    });
  });
});
