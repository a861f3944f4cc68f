/** `gpuasm/ptx` on Node.js: the PTX API with Node's host installed (see src/index.ts). */
import './host.js';
export * from '../ptx/index.js';
