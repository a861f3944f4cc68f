/**
 * Diagnostic codes of the PTX instruction layer (PTX500-PTX599), each reported where ptxas reports
 * the same error (the instruction's line). See docs/diagnostics.md.
 */
import type { PtxCode } from '../diagnostics.js';

export interface InstructionDiagnosticInfo {
  code: PtxCode;
  severity: 'error' | 'warning';
  summary: string;
}

export const INSTRUCTION_DIAGNOSTICS: readonly InstructionDiagnosticInfo[] = [
  { code: 'PTX500', severity: 'error', summary: 'the modifiers or types of an instruction match none of its forms (ptxas "Unexpected instruction types specified", "Illegal modifier", ...)' },
  { code: 'PTX501', severity: 'error', summary: 'no form of the instruction takes that many operands (ptxas "Arguments mismatch for instruction")' },
  { code: 'PTX502', severity: 'error', summary: 'an operand of the wrong kind: an address where a value is expected or the reverse, a vector where none is allowed' },
  { code: 'PTX503', severity: 'error', summary: 'a register whose declared type the instruction does not take at that operand (ptxas "Arguments mismatch for instruction")' },
  { code: 'PTX504', severity: 'error', summary: 'an immediate of the wrong kind: a floating-point constant for an integer type, an integer for a floating-point type' },
  { code: 'PTX505', severity: 'error', summary: 'a braced vector whose size is not the instruction\'s .v2/.v4/.v8 (ptxas "Argument vector size mismatch")' },
  { code: 'PTX506', severity: 'error', summary: 'a floating-point or predicate register used as an address (ptxas "Illegal to use symbol ... as address operand")' },
  { code: 'PTX507', severity: 'error', summary: 'a guard `@r` whose register is not a predicate (ptxas "Predicate expression expected")' },
  { code: 'PTX508', severity: 'error', summary: 'the instruction, a modifier or a type needs a newer PTX ISA .version' },
  { code: 'PTX509', severity: 'error', summary: 'the instruction, a modifier or a type needs another .target' },
  { code: 'PTX510', severity: 'error', summary: 'the instruction form is no longer valid from this PTX ISA .version on' },
  { code: 'PTX511', severity: 'error', summary: 'a call argument or return parameter whose type does not match the callee\'s formal parameter (ptxas "Type of argument does not match formal parameter")' },
  { code: 'PTX512', severity: 'error', summary: 'a call argument or return parameter whose alignment does not match the callee\'s formal parameter (ptxas "Alignment of argument does not match formal parameter")' },
  { code: 'PTX513', severity: 'error', summary: 'a call argument that is a variable of another state space than .param or .reg, or a function (ptxas "Call argument has illegal state space")' },
  { code: 'PTX514', severity: 'error', summary: 'a call argument that is a .param parameter of the calling function (ptxas "Formal parameter declared in .param space cannot be used as argument to call")' },
  { code: 'PTX515', severity: 'error', summary: 'a .param return parameter declared as an unsized array (ptxas "Output parameter cannot be an incomplete array.")' },
];
