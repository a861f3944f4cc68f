/** Hover: instructions, registers, special registers, constants, operands, variables, symbols. */
import type { Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { evaluatePtxExpression } from '../ptx/index.js';
import { encodeOperand } from '../amdgpu/index.js';
import type { DocumentAnalysis } from './analysis.js';
import { amdgpuInstructionHelp, amdgpuSpecialHelp, ptxDirectiveHelp, ptxInstructionHelp, ptxSpecialHelp } from './instructions.js';
import { statementAt, tokenAt, type Model, type Statement, type SymDef, type Tok } from './model.js';

function code(lang: string, s: string): string {
  return '```' + lang + '\n' + s + '\n```';
}

/** Operands of a statement split at top-level commas: [first token index, end index). */
export function operandRanges(model: Model, st: Statement): [number, number][] {
  const out: [number, number][] = [];
  if (st.operandsFrom === undefined) return out;
  let depth = 0;
  let s = st.operandsFrom;
  for (let k = st.operandsFrom; k < st.last; k++) {
    const t = model.tokens[k]!;
    if (t.kind !== 'punct') continue;
    if ('([{'.includes(t.text)) depth++;
    else if (')]}'.includes(t.text)) depth--;
    else if (t.text === ',' && depth === 0) {
      out.push([s, k]);
      s = k + 1;
    } else if (t.text === ';' || t.text === '\n') break;
  }
  let e = st.last;
  while (e > s && (model.tokens[e - 1]!.kind === 'comment' || model.tokens[e - 1]!.text === ';')) e--;
  if (e > s) out.push([s, e]);
  return out;
}

function defText(a: DocumentAnalysis, d: SymDef): string {
  const t = a.text.slice(d.stmtStart, d.stmtEnd).replace(/\s*;\s*$/, '');
  return t.length > 600 ? t.slice(0, 600) + ' …' : t;
}

function amdOperandType(mnemonic: string): string {
  const m = /_(f16|f32|f64|i16|u16|b16|i32|u32|b32|i64|u64|b64|bf16)(?:_|$)/.exec(mnemonic.toLowerCase());
  if (!m) return 'b32';
  return m[1] === 'bf16' ? 'b16' : m[1]!;
}

export function hover(a: DocumentAnalysis, doc: TextDocument, pos: { line: number; character: number }): Hover | null {
  const offset = doc.offsetAt(pos);
  const m = a.model;
  const t = tokenAt(m, offset);
  if (!t || t.kind === 'comment') return null;
  const range = { start: doc.positionAt(t.start), end: doc.positionAt(t.end) };
  const md = (value: string): Hover => ({ contents: { kind: 'markdown', value }, range });
  const lang = a.lang;
  const st = statementAt(m, t.start);

  if (t.role === 'opcode' && st) {
    const count = operandRanges(m, st).length;
    if (lang === 'ptx') {
      const full = t.text + st.words.join('');
      const help = ptxInstructionHelp(t.text, st.words, count);
      if (!help) return md(`\`${full}\`: not an instruction the PTX tables know.`);
      const sigs = help.signatures.map((s) => s.label).join('\n');
      return md([`**${full}**`, sigs ? code('ptx', sigs) : '', ...help.notes].filter(Boolean).join('\n\n'));
    }
    const gpu = a.target.mcpu;
    const help = amdgpuInstructionHelp(t.text, gpu);
    if (!help) return md(`\`${t.text}\`: not an instruction the AMDGPU tables know.`);
    const sigs = help.signatures.map((s) => s.label).join('\n');
    return md([`**${t.text}** (${gpu})`, sigs ? code('amdgpu', sigs) : '', ...help.notes].filter(Boolean).join('\n\n'));
  }
  if ((t.role === 'modifier' || t.role === 'type') && st?.opcode !== undefined && st.words.length && t.start > m.tokens[st.opcode]!.start && lang === 'ptx' && t.start < (m.tokens[st.operandsFrom ?? st.last]?.start ?? Infinity)) {
    const op = m.tokens[st.opcode]!;
    const help = ptxInstructionHelp(op.text, st.words, operandRanges(m, st).length);
    return md([`\`${t.text}\` modifier of \`${op.text}${st.words.join('')}\``, help?.signatures[0] ? code('ptx', help.signatures[0].label) : ''].filter(Boolean).join('\n\n'));
  }
  if (t.role === 'special') {
    const h = lang === 'ptx' ? ptxSpecialHelp(t.text) : amdgpuSpecialHelp(t.text);
    const enc = lang === 'amdgpu' ? amdgpuEncoding(a, t.text, st) : '';
    if (h) return md([h, enc].filter(Boolean).join('\n\n'));
  }
  if (t.kind === 'dot' && lang === 'ptx' && (t.role === 'directive' || t.role === 'type')) {
    const h = ptxDirectiveHelp(t.text);
    if (h) return md(`\`${t.text}\` — ${h}`);
  }
  if (t.def) {
    const d = t.def;
    const parts = [code(lang, defText(a, d))];
    if (d.count !== undefined && t.text !== d.name) parts.push(`\`${t.text}\` is register ${t.text.slice(d.name.length)} of the ${d.count} declared as \`${d.name}<${d.count}>\`.`);
    if (lang === 'ptx' && d.kind === 'variable' && d.scope === 0) {
      const lay = a.layout.find((v) => v.name === d.name);
      if (lay) {
        const hex = lay.hex.length > 128 ? lay.hex.slice(0, 128) + '…' : lay.hex;
        parts.push(`Layout: ${lay.space} ${lay.type}, size ${lay.size} bytes, alignment ${lay.align}${hex && /[^0]/.test(hex) ? `, initial bytes \`${hex}\`` : ', zero-initialized'}.`);
      }
    }
    if (lang === 'amdgpu' && d.kind === 'symbol') {
      const v = a.symbolValues.get(d.name);
      if (v !== undefined && v !== null) parts.push(`Value: ${v} (0x${BigInt.asUintN(64, v).toString(16)})`);
    }
    if (d.kind === 'label' && d.detail) parts.push(`Label in \`${d.detail}\`.`);
    return md(parts.join('\n\n'));
  }
  if (lang === 'amdgpu' && (t.role === 'register' || t.kind === 'number')) {
    const text = operandText(m, t, st);
    const enc = amdgpuEncoding(a, text, st);
    if (enc) return md(enc);
  }
  if (lang === 'ptx' && t.kind === 'number') {
    const text = operandText(m, t, st);
    for (const candidate of [text, t.text]) {
      const r = evaluatePtxExpression(candidate);
      if ('value' in r) return md(`\`${candidate}\` = **${r.value}** (\`${r.type}\`)`);
    }
  }
  return null;
}

/** The operand around a token (a register range `v[0:3]`, an expression), as written. */
function operandText(m: Model, t: Tok, st: Statement | undefined): string {
  if (!st) return t.text;
  const idx = m.tokens.indexOf(t);
  for (const [s, e] of operandRanges(m, st)) if (idx >= s && idx < e) return m.text.slice(m.tokens[s]!.start, m.tokens[e - 1]!.end).trim();
  return t.text;
}

function amdgpuEncoding(a: DocumentAnalysis, text: string, st: Statement | undefined): string {
  const mnemonic = st?.opcode !== undefined ? a.model.tokens[st.opcode]!.text : '';
  const type = amdOperandType(mnemonic);
  let r: ReturnType<typeof encodeOperand>;
  try {
    r = encodeOperand(text, type, a.target.mcpu);
  } catch {
    return '';
  }
  if ('error' in r) return '';
  return `\`${text}\` as a ${type} source operand on ${a.target.mcpu}: code **${r.src}**${r.literal !== null ? `, literal \`${r.literal}\`` : ''}`;
}
