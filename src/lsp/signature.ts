/** Signature help: the instruction's syntax line with the operand under the cursor. */
import type { SignatureHelp } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from './analysis.js';
import { operandRanges } from './hover.js';
import { amdgpuInstructionHelp, ptxInstructionHelp } from './instructions.js';
import { statementAt } from './model.js';

export function signatureHelp(a: DocumentAnalysis, doc: TextDocument, pos: { line: number; character: number }): SignatureHelp | null {
  const offset = doc.offsetAt(pos);
  const m = a.model;
  // The cursor may be after the last token of the statement (typing an operand).
  let st = statementAt(m, offset);
  if (!st) {
    for (let k = m.statements.length - 1; k >= 0; k--) {
      const s = m.statements[k]!;
      if (s.start <= offset) {
        const between = a.text.slice(s.end, offset);
        if (!/[;\n{}]/.test(between) || (a.lang === 'ptx' && !/[;{}]/.test(between))) st = s;
        break;
      }
    }
  }
  if (!st || st.opcode === undefined || offset <= m.tokens[st.opcode]!.end) return null;
  const op = m.tokens[st.opcode]!;
  const ranges = operandRanges(m, st);
  let active = 0;
  let depth = 0;
  for (let k = st.operandsFrom ?? st.last; k < m.tokens.length && m.tokens[k]!.start < offset; k++) {
    const t = m.tokens[k]!;
    if (t.kind !== 'punct') continue;
    if ('([{'.includes(t.text)) depth++;
    else if (')]}'.includes(t.text)) depth--;
    else if (t.text === ',' && depth === 0) active++;
    else if (t.text === ';' || t.text === '\n') break;
  }
  const help = a.lang === 'ptx' ? ptxInstructionHelp(op.text, st.words, Math.max(ranges.length, active + 1)) : amdgpuInstructionHelp(op.text, a.target.mcpu);
  if (!help || help.signatures.length === 0) return null;
  return {
    signatures: help.signatures.map((s) => ({ label: s.label, parameters: s.parameters.map((p) => ({ label: p })), ...(help.notes.length ? { documentation: { kind: 'markdown' as const, value: help.notes.join('\n\n') } } : {}) })),
    activeSignature: 0,
    activeParameter: active,
  };
}
