/**
 * gpuasm library, host-free: core types plus both languages. Runs anywhere (Node, browsers); without
 * an installed host (core/host.ts) `#include` finds no file and checks use one thread. Node users get
 * `src/index.ts`, which installs Node's host first.
 */
export * from './core/source.js';
export * from './core/diagnostics.js';
export * as ptx from './ptx/index.js';
export * as amdgpu from './amdgpu/index.js';
export { installHost, NO_HOST, type Host, type ThreadHost } from './core/host.js';
