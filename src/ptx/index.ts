/** Public PTX API (the pipeline itself is composed in pipeline.ts). */
export {
  parsePtx,
  checkPtxText,
  checkPtx,
  finalDiagnostics,
  layoutPtx,
  evaluatePtxExpression,
  type PtxCheckOptions,
  type PtxParseResult,
  type CheckStrategy,
  type PtxLayoutOptions,
  type PtxLayoutResult,
  type PtxExpressionResult,
} from './pipeline.js';
export { checkModule, type ModuleHeaderInfo } from './check/checker.js';
export { layoutModule, checkInitializers, type VariableLayout, type LayoutRelocation } from './layout/layout.js';
export { evaluateConstExpr, formatConstValue, type ConstValue } from './check/consteval.js';
export { describeInstruction, matchInstruction, formsOf, INSTRUCTION_DIAGNOSTICS, type InstructionInfo, type InstructionForm, type OperandSpec } from './instructions/index.js';
export { SPECIAL_REGISTERS, type SpecialRegister as PtxSpecialRegister, type SpecialRegister } from './data/special-registers.js';
export { knownOpcodes } from './instructions/index.js';
export { DIRECTIVES as PTX_DIRECTIVES } from './data/keywords.js';
export { INSTRUCTION_KEYWORDS } from './data/keywords.js';
export { TYPE_SET as PTX_TYPES } from './data/keywords.js';
export { STATE_SPACE_SET as PTX_STATE_SPACES } from './data/keywords.js';
export { printModule } from './parse/printer.js';
export { formatLayoutTable } from './layout/format.js';
export { PTX_DIAGNOSTICS } from './diagnostics.js';
export type { PtxCode, PtxRawDiagnostic } from './diagnostics.js';
export { createPtxSession, type PtxSession, type PtxSessionStats } from './speed/session.js';
