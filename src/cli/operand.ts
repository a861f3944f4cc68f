/** `gpuasm operand` (to be implemented). */
import type { CliIO } from './io.js';

export async function runOperand(argv: string[], io: CliIO): Promise<number> {
  void argv;
  io.stderr('gpuasm operand: not implemented yet\n');
  return 2;
}
