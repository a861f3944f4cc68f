/** Public AMDGPU API. */
import type { Diagnostic } from '../core/diagnostics.js';

export interface AmdgpuCheckOptions {
  /** Processor name as llvm-mc's -mcpu, e.g. gfx900. */
  mcpu: string;
}

/** Checks one AMDGPU assembly file; returns every diagnostic. */
export function checkAmdgpuText(name: string, text: string, options: AmdgpuCheckOptions): Diagnostic[] {
  void name;
  void text;
  void options;
  throw new Error('AMDGPU front end not implemented yet');
}

/** Evaluates an absolute AMDGPU assembler expression as llvm-mc does (signed 64-bit). */
export function evaluateAmdgpuExpression(text: string): { value: bigint } | { diagnostics: Diagnostic[] } {
  void text;
  throw new Error('AMDGPU expressions not implemented yet');
}
