/**
 * PTX instruction tables: every form of every PTX ISA 9.0 instruction as data, a matcher from an
 * instruction's opcode and dotted words to its form(s) or the reasons it has none, and the
 * checker's instruction stage (check.ts). See docs/ptx-instructions.md.
 */
export type { Curation, Gate, InstructionForm, ModifierSlot, OperandKind, OperandSpec, SyntaxBlock, SyntaxFamily, TargetReq } from './types.js';
export {
  allInstructionForms,
  describeInstruction,
  formsOf,
  formsTakingOperandCount,
  gateProblems,
  knownOpcodes,
  matchInstruction,
  operandArity,
  targetSatisfies,
  type InstructionInfo,
  type MatchContext,
  type MatchFail,
  type MatchOk,
  type MatchResult,
  type WhyNot,
} from './match.js';
export { compileForm, isTypeWord, parseOperands } from './compile.js';
export { checkInstruction, registerTypeOf, type InstructionCheckContext } from './check.js';
export { INSTRUCTION_DIAGNOSTICS, type InstructionDiagnosticInfo } from './diagnostics.js';
