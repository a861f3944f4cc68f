// After `tsc`: the CLI entry must be executable, or `npx gpuasm` (which runs the package's own
// bin from this checkout) fails with "Permission denied". tsc writes files without the x bit.
// chmod is a no-op on Windows, where npm's shims run node explicitly.
import { chmodSync } from 'node:fs';

// (bin.cjs is package.json's `bin`; bin.js runs it, for scripts that name that file.)
for (const bin of ['bin.cjs', 'bin.js']) chmodSync(new URL(`../dist/src/cli/${bin}`, import.meta.url), 0o755);

// The CLI as one script with a V8 code cache, which bin.cjs loads (scripts/bundle.mjs says why).
const { buildBundle } = await import('./bundle.mjs');
buildBundle();
