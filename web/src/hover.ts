/**
 * Hover text and the operand under the cursor, from one line of the document (runs in the worker).
 * PTX: an instruction's form and syntax (describeInstruction), special registers, constants (their
 * value and type as `gpuasm eval` gives them). AMDGPU: an instruction's forms on the processor
 * (lookupInstruction), registers and constants with their source-operand codes.
 */
import * as ptx from '../../src/ptx/index.js';
import * as amdgpu from '../../src/amdgpu/index.js';

/** Columns of `line` before a comment (`//` or, for AMDGPU, `;`). */
function codeEnd(line: string, semicolonComment: boolean): number {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inString = !inString;
    if (inString) continue;
    if (c === '/' && (line[i + 1] === '/' || line[i + 1] === '*')) return i;
    if (semicolonComment && c === ';') return i;
  }
  return line.length;
}

/** The word at `column` (letters, digits, `_ $ % . :` and, inside, `+ -` after an exponent are left out). */
function wordAt(line: string, column: number, chars: RegExp): { text: string; start: number; end: number } | undefined {
  let start = column;
  let end = column;
  while (start > 0 && chars.test(line[start - 1]!)) start--;
  while (end < line.length && chars.test(line[end]!)) end++;
  if (start === end) return undefined;
  return { text: line.slice(start, end), start, end };
}

/** Splits the operand text of an instruction at top-level commas; each part with its start column. */
function splitOperands(line: string, from: number, to: number): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i <= to; i++) {
    const c = i < to ? line[i] : ',';
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') depth--;
    else if (c === ',' && depth <= 0) {
      const raw = line.slice(start, i);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text) out.push({ text, start: start + lead, end: start + lead + text.length });
      start = i + 1;
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------ PTX

interface PtxInstructionLine {
  opcode: string;
  words: string[];
  start: number;
  end: number;
  operands: { text: string; start: number; end: number }[];
}

function ptxInstruction(line: string): PtxInstructionLine | undefined {
  const end = Math.min(codeEnd(line, false), line.includes(';') ? line.indexOf(';') : line.length);
  const m = /^(\s*(?:[A-Za-z_$][\w$]*:\s*)?(?:@!?%?[\w$]+\s+)?)([a-z][\w]*(?:\.[\w:]+)*)/.exec(line.slice(0, end));
  if (!m) return undefined;
  const start = m[1]!.length;
  const full = m[2]!;
  const [opcode, ...rest] = full.split('.');
  return { opcode: opcode!, words: rest.map((w) => '.' + w), start, end: start + full.length, operands: splitOperands(line, start + full.length, end) };
}

export function ptxHover(line: string, column: number): string | null {
  const word = wordAt(line, column, /[\w$%.:]/);
  if (!word) return null;
  const ins = ptxInstruction(line);
  if (ins && column >= ins.start && column < ins.end) {
    const info = ptx.describeInstruction(ins.opcode, ins.words, ins.operands.length);
    if (!info) return `${line.slice(ins.start, ins.end)}: no form of '${ins.opcode}' takes these modifiers`;
    const needs: string[] = [];
    if (info.needs.ptx) needs.push(`PTX ISA ${info.needs.ptx}`);
    if (info.needs.sm?.length) needs.push(info.needs.sm.join(' or '));
    const ops = info.operands.map((o) => `${o.name}: ${o.kind}${o.optional ? ' (optional)' : ''}`);
    return [info.syntax, `form ${info.form}`, ops.length ? `operands: ${ops.join(', ')}` : 'no operands', needs.length ? `needs ${needs.join(', ')}` : '']
      .filter(Boolean)
      .join('\n');
  }
  if (word.text.startsWith('%')) {
    const base = word.text.split('.')[0]!;
    const sr = ptx.SPECIAL_REGISTERS.get(base);
    if (sr) {
      const needs: string[] = [];
      if (sr.minVersion) needs.push(`PTX ISA ${Math.floor(sr.minVersion / 10)}.${sr.minVersion % 10}`);
      if (sr.minSm) needs.push(`sm_${sr.minSm}`);
      return `${base}: predefined (special) register${needs.length ? `; needs ${needs.join(' and ')}` : ''}`;
    }
    return null;
  }
  // A constant: its value and type, as `gpuasm eval` gives them.
  const num = wordAt(line, column, /[\w.]/);
  if (num && /^(?:0[fFdD][0-9a-fA-F]+|0[xX][0-9a-fA-F]+U?|0[bB][01]+U?|[0-9]+(?:\.[0-9]*)?(?:[eE][0-9]+)?U?)$/.test(num.text)) {
    const r = ptx.evaluatePtxExpression(num.text);
    if (!('diagnostics' in r)) return `${num.text} = ${r.value} ${r.type}`;
  }
  return null;
}

// --------------------------------------------------------------------------------------- AMDGPU

interface AmdgpuInstructionLine {
  mnemonic: string;
  start: number;
  end: number;
  operands: { text: string; start: number; end: number }[];
}

function amdgpuInstruction(line: string): AmdgpuInstructionLine | undefined {
  const end = codeEnd(line, true);
  const m = /^(\s*(?:[A-Za-z_.$][\w.$]*:\s*)?)([A-Za-z_][\w]*)/.exec(line.slice(0, end));
  if (!m) return undefined;
  const start = m[1]!.length;
  const mnemonic = m[2]!;
  return { mnemonic, start, end: start + mnemonic.length, operands: splitOperands(line, start + mnemonic.length, end) };
}

/** The operand of the AMDGPU instruction on `line` that `column` is in (the text `gpuasm operand` takes). */
export function operandAt(line: string, column: number): string | null {
  const ins = amdgpuInstruction(line);
  if (!ins) return null;
  for (const o of ins.operands) if (column >= o.start && column <= o.end) return o.text;
  return null;
}

export function amdgpuHover(line: string, column: number, mcpu: string): string | null {
  const ins = amdgpuInstruction(line);
  if (ins && column >= ins.start && column < ins.end) {
    const r = amdgpu.lookupInstruction(ins.mnemonic, mcpu);
    switch (r.status) {
      case 'found': {
        const lines = [`${r.base} on ${mcpu}:`];
        for (const f of r.forms.slice(0, 6)) {
          const ops = f.operands.map((o) => (o.optional ? `[${o.name}]` : o.name)).join(', ');
          lines.push(`  ${f.spelled} (${f.family}) ${ops}${f.modifiers.length ? `  modifiers: ${f.modifiers.join(' ')}` : ''}`);
        }
        if (r.forms.length > 6) lines.push(`  … ${r.forms.length - 6} more forms`);
        return lines.join('\n');
      }
      case 'not-on-gpu':
        return `${r.base}: not on ${mcpu}; on ${r.gpus.join(' ')}${r.suggestion ? `\ndid you mean ${r.suggestion}?` : ''}`;
      case 'variant-not-supported':
        return `${r.base}: the ${r.variant} variant is not on ${mcpu}`;
      case 'unknown':
        return `${ins.mnemonic}: not an instruction${r.suggestion ? `; did you mean ${r.suggestion}?` : ''}`;
      default:
        return null;
    }
  }
  const operand = ins?.operands.find((o) => column >= o.start && column < o.end);
  if (!operand) return null;
  const target = amdgpu.findTarget(mcpu);
  if (!target) return null;
  const reg = amdgpu.parseRegister(operand.text, 0, target);
  if (reg.status === 'ok') {
    const r = reg.reg;
    const name = amdgpu.formatRegister(r);
    const size = `${r.count} dword${r.count === 1 ? '' : 's'}`;
    const enc = amdgpu.encodeOperand(operand.text, r.count === 2 ? 'b64' : 'b32', target);
    return `${name}: ${r.kind === 'special' ? 'special register' : r.kind.toUpperCase()}, ${size}${'error' in enc ? '' : `; source operand code ${enc.src}`}`;
  }
  if (reg.status === 'error') return `${operand.text}: ${reg.error.message}`;
  const value = amdgpu.evaluateAmdgpuExpression(operand.text);
  if ('value' in value) {
    const enc = amdgpu.encodeOperand(operand.text, 'b32', target);
    const how = 'error' in enc ? '' : enc.literal === null ? `; inline constant, source operand code ${enc.src}` : `; 32-bit literal ${enc.literal}`;
    return `${operand.text} = ${BigInt.asIntN(64, value.value)}${how}`;
  }
  return null;
}
