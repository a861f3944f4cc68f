#!/usr/bin/env node
/**
 * dist/src/cli/bin.js: the same CLI as bin.cjs (src/cli/bin.cts), which package.json names as
 * `gpuasm` and which starts faster (no ES module loader). Kept for scripts and tests that run
 * `node dist/src/cli/bin.js`; it only runs bin.cjs.
 */
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./bin.cjs');
