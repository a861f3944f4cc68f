/**
 * gpuasm library entry for Node.js: the host-free library (library.ts) with Node's host installed
 * (src/node/host.ts: `#include` reads the file system, large modules may use a second thread).
 * Browsers get library.ts through the package's `browser` export condition.
 */
import './node/host.js';
export * from './library.js';
