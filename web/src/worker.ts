/** The playground's Web Worker: every check, layout, evaluation and hover runs here (service.ts). */
import type { Request, Response } from './protocol.js';
import { handle, ready } from './service.js';

const scope = self as unknown as { postMessage(m: Response): void; onmessage: ((e: MessageEvent<Request>) => void) | null };
scope.onmessage = (e) => scope.postMessage(handle(e.data));
scope.postMessage(ready());
