/**
 * Diagnostic codes of the AMDGPU instruction layer (AMD500-AMD599), with llvm-mc-19's rule in
 * each summary. Listed in docs/diagnostics.md ("AMDGPU instructions").
 */
import type { Severity } from '../../core/diagnostics.js';
import { AMD_DIAGNOSTICS, type AmdCode } from '../diagnostics.js';

export interface InstructionDiagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly summary: string;
}

export const AMD_INSTRUCTION_CODES = {
  unknownMnemonic: 'AMD500',
  notOnGpu: 'AMD501',
  variantNotSupported: 'AMD502',
  tooFewOperands: 'AMD503',
  tooManyOperands: 'AMD504',
  operandKind: 'AMD505',
  operandSize: 'AMD506',
  modifier: 'AMD507',
  constantBus: 'AMD508',
  literalNotSupported: 'AMD509',
  uniqueLiteral: 'AMD510',
  offsetRange: 'AMD511',
  counterRange: 'AMD512',
  requiredModifier: 'AMD513',
  imageDataSize: 'AMD514',
  vopdBanks: 'AMD515',
  modifierOrder: 'AMD524',
  imageAddressSize: 'AMD530',
  imageDmask: 'AMD531',
  imageMsaaDim: 'AMD532',
  soppImmediate: 'AMD550',
  unknownModifier: 'AMD559',
  waveSize: 'AMD564',
  misspeltNeg: 'AMD414',
  delayAluField: 'AMD567',
} as const;

/** The layer's codes with their catalog entries (src/amdgpu/diagnostics.ts holds the one text of each). */
export const AMD_INSTRUCTION_DIAGNOSTICS: readonly InstructionDiagnostic[] = [...new Set<AmdCode>(Object.values(AMD_INSTRUCTION_CODES))]
  .sort()
  .map((code) => ({ code, severity: AMD_DIAGNOSTICS[code].severity, summary: AMD_DIAGNOSTICS[code].summary }));
