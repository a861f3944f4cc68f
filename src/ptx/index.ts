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
