/**
 * Diagnostic codes of the AMDGPU instruction layer (AMD500-AMD599), with llvm-mc-19's rule in
 * each summary. Listed in docs/diagnostics.md ("AMDGPU instructions").
 */
export interface InstructionDiagnostic {
  readonly code: string;
  readonly severity: 'error' | 'warning';
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
} as const;

export const AMD_INSTRUCTION_DIAGNOSTICS: readonly InstructionDiagnostic[] = [
  { code: 'AMD500', severity: 'error', summary: 'invalid instruction: no such mnemonic on any GPU (with the nearest one on this GPU)' },
  { code: 'AMD501', severity: 'error', summary: 'instruction not supported on this GPU (the GPUs that have it)' },
  { code: 'AMD502', severity: 'error', summary: 'the encoding suffix (_e32, _e64, _sdwa, _dpp) names a variant this instruction does not have here' },
  { code: 'AMD503', severity: 'error', summary: 'too few operands for instruction' },
  { code: 'AMD504', severity: 'error', summary: 'invalid operand for instruction: more operands than the instruction takes' },
  { code: 'AMD505', severity: 'error', summary: 'invalid operand for instruction: wrong kind at this position (VGPR/SGPR/AGPR, constant, off...)' },
  { code: 'AMD506', severity: 'error', summary: 'invalid operand for instruction: register tuple of the wrong size at this position' },
  { code: 'AMD507', severity: 'error', summary: 'invalid operand for instruction: a modifier this instruction does not take' },
  { code: 'AMD508', severity: 'error', summary: 'invalid operand (violates constant bus restrictions)' },
  { code: 'AMD509', severity: 'error', summary: 'literal operands are not supported (VOP3 before GFX10, and operands that take no literal)' },
  { code: 'AMD510', severity: 'error', summary: 'only one unique literal operand is allowed' },
  { code: 'AMD511', severity: 'error', summary: 'offset out of the range this instruction encodes on this GPU' },
  { code: 'AMD512', severity: 'error', summary: 'counter value too large for this GPU (s_waitcnt vmcnt/expcnt/lgkmcnt)' },
  { code: 'AMD513', severity: 'error', summary: 'a modifier the encoding cannot go without is missing (MIMG dim from GFX10, a DPP control, gds)' },
  { code: 'AMD514', severity: 'error', summary: 'image data size does not match dmask, d16 and tfe' },
  { code: 'AMD515', severity: 'error', summary: 'VOPD register banks: one dst even and the other odd; src0/src1 VGPRs in different banks; src2 of different parity' },
  { code: 'AMD530', severity: 'error', summary: 'image address size does not match dim and a16 (MIMG vaddr dwords per operation, dim, a16, g16; NSA lists; BVH address by a16)' },
  { code: 'AMD531', severity: 'error', summary: 'invalid image dmask: gather4 (and GFX11 msaa_load) one bit, atomics 0x1, 0x3 or 0xf' },
  { code: 'AMD532', severity: 'error', summary: 'invalid dim; must be MSAA type (image_msaa_load)' },
  { code: 'AMD550', severity: 'error', summary: 'SOPP immediate out of the range llvm-mc-19 gives the instruction (expected a 16-bit value: s_endpgm; only 16-bit values: s_sendmsg; signed or unsigned 16 bits: s_clause, s_waitcnt_depctr, GFX12 s_wait_*; a 16-bit signed jump offset: branches; 4 bits: s_set_gpr_idx_mode)' },
  { code: 'AMD524', severity: 'error', summary: 'a modifier out of llvm-mc\'s order for the instruction, or written twice' },
];
