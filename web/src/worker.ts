/** The playground's Web Worker: every check, layout, evaluation and hover runs here (service.ts). */
import type { Request, Response } from './protocol.js';
import { handle, ready, warmUp } from './service.js';

const scope = self as unknown as { postMessage(m: Response): void; onmessage: ((e: MessageEvent<Request>) => void) | null };
scope.onmessage = (e) => scope.postMessage(handle(e.data));
scope.postMessage(ready());
// The checker's code compiled and optimised before the visitor's first paste (service.ts).
warmUp((checks, ms) => scope.postMessage({ kind: 'warm', checks, ms }));
