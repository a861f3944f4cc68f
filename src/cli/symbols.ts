/** `gpuasm symbols` (to be implemented). */
import type { CliIO } from './io.js';

export async function runSymbols(argv: string[], io: CliIO): Promise<number> {
  void argv;
  io.stderr('gpuasm symbols: not implemented yet\n');
  return 2;
}
