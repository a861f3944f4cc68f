/** gpuasm library entry: core types plus both languages. */
export * from './core/source.js';
export * from './core/diagnostics.js';
export * as ptx from './ptx/index.js';
export * as amdgpu from './amdgpu/index.js';
