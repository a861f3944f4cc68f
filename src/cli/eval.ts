/** `gpuasm eval` (to be implemented). */
import type { CliIO } from './io.js';

export async function runEval(argv: string[], io: CliIO): Promise<number> {
  void argv;
  io.stderr('gpuasm eval: not implemented yet\n');
  return 2;
}
