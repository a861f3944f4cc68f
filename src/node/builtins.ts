/**
 * Node built-in modules a run loads after it has started, when it needs them (node:tty to decide on
 * colour, node:os and node:worker_threads for a check on several threads). The CLI sets V8 flags
 * at its start, and Node's cache of its own modules is then rejected: bin.cjs hands in a way to load
 * them with V8's flags at their defaults (src/cli/chunks.cts, `withDefaultV8Flags`). Without it
 * (the library under Node, the bench's entries) a plain `require`.
 */
import { createRequire } from 'node:module';

type Around = <T>(load: () => T) => T;
let around: Around | undefined;

/** How the built-ins loaded from now on are loaded (bin.cjs: chunks.cts's `withDefaultV8Flags`). */
export function loadBuiltinsThrough(a: Around): void {
  around = a;
}

/** A Node built-in module (`node:tty`), loaded on first need. */
export function nodeBuiltin<T>(name: string): T {
  const load = () => createRequire(import.meta.url)(name) as T;
  return around ? around(load) : load();
}

/** `process.stdin`: made on first use, from the stream or tty modules (Node's own, as nodeBuiltin's). */
export function nodeStdin(): NodeJS.ReadStream {
  return around ? around(() => process.stdin) : process.stdin;
}
