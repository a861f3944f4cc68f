/** `gpuasm layout` (to be implemented). */
import type { CliIO } from './io.js';

export async function runLayout(argv: string[], io: CliIO): Promise<number> {
  void argv;
  io.stderr('gpuasm layout: not implemented yet\n');
  return 2;
}
