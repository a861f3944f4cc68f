/**
 * PTX instruction tables: every form of every PTX ISA 9.0 instruction as data, and a matcher from
 * an instruction's opcode and dotted words to its form(s) or the reasons it has none. Not yet used
 * by the checker. See docs/ptx-instructions.md.
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
