/**
 * Instruction-level single breaks of a PTX file (differential testing of the instruction layer
 * against ptxas): a wrong type suffix, an operand dropped or added, a register of another declared
 * type, a stray modifier, another state space or vector width, an older `.target` or `.version`,
 * a special register or WARP_SZ for a register operand, the sink `_` for a first operand (a whole
 * register, or every element of a braced list). Works on the text line by line (one instruction per line, as compiler output writes them).
 * Test-only code: regexes and simple scans are fine here.
 */
import { INSTRUCTION_SET } from '../../src/ptx/data/keywords.js';

export const INSN_MUTATIONS = [
  'type-suffix',
  'drop-operand',
  'add-operand',
  'other-register',
  'stray-modifier',
  'state-space',
  'vector-width',
  'older-target',
  'older-version',
  'special-register',
  'sink-result',
] as const;
export type InsnMutation = (typeof INSN_MUTATIONS)[number];

interface InsnLine {
  /** Offsets of the instruction in the text: from the opcode to the `;` (exclusive). */
  start: number;
  end: number;
  opcode: string;
  words: string[];
  operands: string[];
}

export interface InsnFile {
  text: string;
  lines: InsnLine[];
  /** Declared scalar registers by type: `.u32` -> ['%r1', ...] (a few of each family). */
  registers: Map<string, string[]>;
}

const INSN = /^([ \t]*(?:@!?%?[\w$]+[ \t]+)?)([a-z][a-z0-9_]*)((?:\.[\w:]+)*)(?:[ \t]+([^;]*))?;[ \t]*(?:\/\/.*)?$/;

/** Splits operands at top-level commas (brackets, braces and parentheses nest), each trimmed. */
export function splitOperands(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

export function prepareInsnFile(text: string): InsnFile {
  const lines: InsnLine[] = [];
  let off = 0;
  for (const l of text.split('\n')) {
    const m = INSN.exec(l);
    if (m && INSTRUCTION_SET.has(m[2]!)) {
      const start = off + m[1]!.length;
      const semi = l.indexOf(';', m[1]!.length);
      lines.push({ start, end: off + semi, opcode: m[2]!, words: m[3] ? m[3].split('.').slice(1).map((w) => '.' + w) : [], operands: m[4] ? splitOperands(m[4]) : [] });
    }
    off += l.length + 1;
  }
  const registers = new Map<string, string[]>();
  for (const m of text.matchAll(/\.reg\s+(\.\w+)\s+(%[A-Za-z_$][\w$]*)<(\d+)>/g)) {
    const list = registers.get(m[1]!) ?? [];
    const n = Math.min(Number(m[3]), 4);
    for (let i = 1; i < n; i++) list.push(`${m[2]}${i}`);
    registers.set(m[1]!, list);
  }
  return { text, lines, registers };
}

const TYPES = ['.b8', '.b16', '.b32', '.b64', '.u8', '.u16', '.u32', '.u64', '.s8', '.s16', '.s32', '.s64', '.f16', '.f16x2', '.bf16', '.f32', '.f64', '.pred'];
const STRAY = ['.rn', '.rz', '.sat', '.ftz', '.approx', '.wide', '.hi', '.lo', '.cc', '.global', '.shared', '.local', '.volatile', '.relaxed', '.acquire', '.release', '.gpu', '.cta', '.sys', '.v2', '.v4', '.uni', '.sync', '.aligned', '.nc', '.ca', '.cg', '.cs', '.full', '.x4', '.trans', '.and', '.or', '.eq', '.lt', '.L1::no_allocate', '.L2::128B', '.b32', '.u64', '.f32'];
const SPACES = ['.global', '.shared', '.local', '.const', '.param', '.shared::cta', '.shared::cluster'];
const TARGETS = ['sm_30', 'sm_50', 'sm_52', 'sm_60', 'sm_61', 'sm_70', 'sm_72', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90'];
const VERSIONS = ['3.0', '4.0', '5.0', '6.0', '6.3', '6.4', '7.0', '7.3', '7.5', '7.8', '8.0', '8.3', '8.6'];

/** Special registers (scalars, elements, a vector, 64-bit ones) and WARP_SZ, for 'special-register'. */
const SPECIALS = ['%tid.x', '%ntid.y', '%ctaid.z', '%tid', '%laneid', '%warpid', '%smid', '%clock', '%clock64', '%globaltimer', '%lanemask_lt', '%envreg3', '%dynamic_smem_size', 'WARP_SZ'];

const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)]!;

function rebuild(f: InsnFile, l: InsnLine, words: string[], operands: string[]): string {
  const ins = `${l.opcode}${words.join('')}${operands.length ? ' ' + operands.join(', ') : ''}`;
  return f.text.slice(0, l.start) + ins + f.text.slice(l.end);
}

/** One break of the given kind at a random place, or undefined when the file offers none. */
export function mutateInsn(f: InsnFile, kind: InsnMutation, r: () => number): string | undefined {
  if (kind === 'older-target') {
    const m = /\.target[ \t]+sm_(\d+)[a-z]?/.exec(f.text);
    if (!m) return undefined;
    const older = TARGETS.filter((t) => Number(t.slice(3)) < Number(m[1]));
    if (older.length === 0) return undefined;
    return f.text.slice(0, m.index) + `.target ${pick(older, r)}` + f.text.slice(m.index + m[0].length);
  }
  if (kind === 'older-version') {
    const m = /\.version[ \t]+(\d+)\.(\d+)/.exec(f.text);
    if (!m) return undefined;
    const v = Number(m[1]) * 10 + Number(m[2]);
    const older = VERSIONS.filter((x) => Number(x.replace('.', '')) < v);
    if (older.length === 0) return undefined;
    return f.text.slice(0, m.index) + `.version ${pick(older, r)}` + f.text.slice(m.index + m[0].length);
  }
  if (f.lines.length === 0) return undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    const l = pick(f.lines, r);
    const words = [...l.words];
    const ops = [...l.operands];
    switch (kind) {
      case 'type-suffix': {
        const i = words.findIndex((w) => TYPES.includes(w));
        if (i < 0) continue;
        words[i] = pick(TYPES.filter((t) => t !== words[i]), r);
        return rebuild(f, l, words, ops);
      }
      case 'drop-operand':
        if (ops.length === 0) continue;
        ops.splice(Math.floor(r() * ops.length), 1);
        return rebuild(f, l, words, ops);
      case 'add-operand':
        if (ops.length === 0) continue;
        ops.push(ops[Math.floor(r() * ops.length)]!);
        return rebuild(f, l, words, ops);
      case 'other-register': {
        const regOps = ops.map((o, i) => [o, i] as const).filter(([o]) => /^%[A-Za-z_$][\w$]*$/.test(o) && !o.startsWith('%tid') && !o.startsWith('%ntid') && !o.startsWith('%ctaid'));
        if (regOps.length === 0) continue;
        const [, i] = pick(regOps, r);
        const types = [...f.registers.keys()];
        if (types.length < 2) return undefined;
        const regs = f.registers.get(pick(types, r))!;
        if (regs.length === 0) continue;
        ops[i] = pick(regs, r);
        if (ops[i] === l.operands[i]) continue;
        return rebuild(f, l, words, ops);
      }
      case 'special-register': {
        // A register operand (a result too) replaced by a special register or WARP_SZ.
        const regOps = ops.map((o, i) => [o, i] as const).filter(([o]) => /^%[A-Za-z_$][\w$]*$/.test(o));
        if (regOps.length === 0) continue;
        const [, i] = pick(regOps, r);
        ops[i] = pick(SPECIALS, r);
        return rebuild(f, l, words, ops);
      }
      case 'sink-result': {
        // The first operand (a result, mostly; an input for bar, nanosleep, ...) discarded: `_`, or `{_, _}` for a braced list.
        const d = ops[0];
        if (d === undefined) continue;
        if (/^%[A-Za-z_$][\w$]*$/.test(d)) ops[0] = '_';
        else if (/^\{[^{}]*\}$/.test(d)) ops[0] = `{${splitOperands(d.slice(1, -1)).map(() => '_').join(', ')}}`;
        else continue;
        return rebuild(f, l, words, ops);
      }
      case 'stray-modifier': {
        const w = pick(STRAY, r);
        if (words.includes(w)) continue;
        words.splice(Math.floor(r() * (words.length + 1)), 0, w);
        return rebuild(f, l, words, ops);
      }
      case 'state-space': {
        const i = words.findIndex((w) => SPACES.includes(w));
        if (i < 0) continue;
        const w = pick([...SPACES.filter((s) => s !== words[i]), ''], r);
        if (w) words[i] = w;
        else words.splice(i, 1);
        return rebuild(f, l, words, ops);
      }
      case 'vector-width': {
        const i = words.findIndex((w) => /^\.v\d$/.test(w));
        if (i >= 0) {
          const w = pick(['.v2', '.v4', '.v8', ''].filter((x) => x !== words[i]), r);
          if (w) words[i] = w;
          else words.splice(i, 1);
          return rebuild(f, l, words, ops);
        }
        if (l.opcode !== 'ld' && l.opcode !== 'st') continue;
        const t = words.findIndex((w) => TYPES.includes(w));
        if (t < 0) continue;
        words.splice(t, 0, pick(['.v2', '.v4'], r));
        return rebuild(f, l, words, ops);
      }
    }
  }
  return undefined;
}
