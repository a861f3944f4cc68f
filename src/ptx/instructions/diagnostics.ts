/**
 * Diagnostic codes of the PTX instruction layer (PTX500-PTX599), each reported where ptxas reports
 * the same error (the instruction's line). See docs/diagnostics.md.
 */
import type { Severity } from '../../core/diagnostics.js';
import { PTX_DIAGNOSTICS, type PtxCode } from '../diagnostics.js';

export interface InstructionDiagnosticInfo {
  code: PtxCode;
  severity: Severity;
  summary: string;
}

/** The layer's codes (PTX500-PTX599) with their catalog entries (src/ptx/diagnostics.ts holds the one text of each). */
export const INSTRUCTION_DIAGNOSTICS: readonly InstructionDiagnosticInfo[] = (Object.keys(PTX_DIAGNOSTICS) as PtxCode[])
  .filter((code) => /^PTX5\d\d$/.test(code))
  .sort()
  .map((code) => ({ code, severity: PTX_DIAGNOSTICS[code].severity, summary: PTX_DIAGNOSTICS[code].summary }));
