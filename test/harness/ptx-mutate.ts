/**
 * Token-level single breaks for PTX files (differential testing against ptxas). Unlike the
 * regex-driven breaks of test/ptx/diff/breaks.test.ts, this works on a rough token stream of the
 * file (comments and strings skipped), so every token of a class is a candidate position: any
 * `;`, `,`, brace, directive, opcode, modifier, register, literal, label, declaration or function.
 * Test-only code: regexes and simple scans are fine here.
 */
import { INSTRUCTION_SET } from '../../src/ptx/data/keywords.js';

export const enum TokKind {
  Ident,
  Directive,
  Number,
  Punct,
  String,
}

export interface Tok {
  kind: TokKind;
  start: number;
  end: number;
  text: string;
}

const isIdentStart = (c: string) => /[A-Za-z_$%]/.test(c);
const isIdentPart = (c: string) => /[A-Za-z0-9_$]/.test(c);

/** A rough PTX tokenizer: identifiers (with `%`/`$`), `.directives`, numbers, strings, punctuation. */
export function tokenizePtx(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
    } else if (c === '"') {
      const s = i++;
      while (i < n && text[i] !== '"' && text[i] !== '\n') i++;
      if (text[i] === '"') i++;
      out.push({ kind: TokKind.String, start: s, end: i, text: text.slice(s, i) });
    } else if (c === '.' && i + 1 < n && /[A-Za-z_]/.test(text[i + 1]!)) {
      const s = i++;
      while (i < n && isIdentPart(text[i]!)) i++;
      out.push({ kind: TokKind.Directive, start: s, end: i, text: text.slice(s, i) });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const s = i;
      const hexish = c === '0' && /[xXfFdD]/.test(text[i + 1] ?? '');
      while (i < n) {
        const d = text[i]!;
        if (/[0-9A-Za-z_.]/.test(d)) i++;
        else if ((d === '+' || d === '-') && !hexish && /[eE]/.test(text[i - 1]!)) i++;
        else break;
      }
      out.push({ kind: TokKind.Number, start: s, end: i, text: text.slice(s, i) });
    } else if (isIdentStart(c)) {
      const s = i++;
      while (i < n && isIdentPart(text[i]!)) i++;
      out.push({ kind: TokKind.Ident, start: s, end: i, text: text.slice(s, i) });
    } else {
      out.push({ kind: TokKind.Punct, start: i, end: i + 1, text: c });
      i++;
    }
  }
  return out;
}

export const MUTATIONS = [
  'drop-semicolon',
  'misspell-directive',
  'misspell-opcode',
  'misspell-modifier',
  'undeclared-name',
  'broken-literal',
  'duplicate-register',
  'duplicate-variable',
  'duplicate-parameter',
  'duplicate-function',
  'drop-header',
  'bad-type',
  'drop-brace',
  'duplicate-label',
  'drop-comma',
  'extra-closer',
  'vector-braces',
  'stray-character',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface PreparedFile {
  text: string;
  toks: Tok[];
  /** Index of opcode tokens (identifiers starting an instruction). */
  opcodes: number[];
}

export function prepareFile(text: string): PreparedFile {
  const toks = tokenizePtx(text);
  const opcodes: number[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind !== TokKind.Ident || !INSTRUCTION_SET.has(t.text)) continue;
    const p = toks[k - 1];
    const pp = toks[k - 2];
    const p3 = toks[k - 3];
    const starts =
      !p ||
      (p.kind === TokKind.Punct && (p.text === ';' || p.text === '{' || p.text === '}' || p.text === ':')) ||
      // guard: `@%p1 op` / `@!%p1 op`
      (p.kind === TokKind.Ident && ((pp?.text === '@') || (pp?.text === '!' && p3?.text === '@')));
    if (starts) opcodes.push(k);
  }
  return { text, toks, opcodes };
}

/** Deterministic small random number source from a seed (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A different spelling of a word: a letter dropped, doubled, changed, or case-flipped, or a suffix. */
function respell(word: string, r: () => number): string {
  const lead = word.startsWith('.') || word.startsWith('%') ? 1 : 0;
  const body = word.slice(lead);
  const i = Math.floor(r() * body.length);
  let b: string;
  switch (Math.floor(r() * 6)) {
    case 0: b = body.slice(0, i) + body.slice(i + 1); break;
    case 1: b = body.slice(0, i) + body[i] + body.slice(i); break;
    case 2: b = body.slice(0, i) + (body[i] === 'x' ? 'y' : 'x') + body.slice(i + 1); break;
    case 3: b = body.toUpperCase(); break;
    case 4: b = body + ['2', '_', 'z', 's'][Math.floor(r() * 4)]; break;
    default: b = body.slice(0, i) + '_' + body.slice(i); break;
  }
  if (b.length === 0 || b === body) b = body + 'q';
  return word.slice(0, lead) + b;
}

function pickFrom<T>(xs: T[], r: () => number): T | undefined {
  return xs.length ? xs[Math.floor(r() * xs.length)] : undefined;
}

/** Statement containing token k: [first token index, index of its `;`] (or undefined). */
function statementAround(toks: Tok[], k: number): [number, number] | undefined {
  let s = k;
  while (s > 0 && !(toks[s - 1]!.kind === TokKind.Punct && /[;{}]/.test(toks[s - 1]!.text))) s--;
  let e = k;
  while (e < toks.length && !(toks[e]!.kind === TokKind.Punct && /[;{}]/.test(toks[e]!.text))) e++;
  if (e >= toks.length || toks[e]!.text !== ';') return undefined;
  return [s, e];
}

const BAD_TYPES = ['.b31', '.u128', '.s128', '.f128', '.i32', '.u4', '.s2', '.f8', '.pred2', '.b1', '.uint', '.f32x2x', '.f61', '.v3', '.v8'];

/**
 * Applies one `kind` of break to the file at a position drawn from `r`. Returns the new text, or
 * undefined when the file has no place for that break.
 */
export function mutate(f: PreparedFile, kind: Mutation, r: () => number): string | undefined {
  const { text, toks } = f;
  const at = (start: number, end: number, by: string) => text.slice(0, start) + by + text.slice(end);
  const insert = (pos: number, s: string) => text.slice(0, pos) + s + text.slice(pos);
  const punct = (s: string) => toks.filter((t) => t.kind === TokKind.Punct && t.text === s);
  switch (kind) {
    case 'drop-semicolon': {
      const t = pickFrom(punct(';'), r);
      return t && at(t.start, t.end, r() < 0.3 ? ',' : '');
    }
    case 'drop-comma': {
      const t = pickFrom(punct(','), r);
      return t && at(t.start, t.end, r() < 0.2 ? ';' : ' ');
    }
    case 'drop-brace': {
      const t = pickFrom([...punct('{'), ...punct('}')], r);
      return t && at(t.start, t.end, '');
    }
    case 'misspell-directive': {
      // A directive at the start of a statement, or a linkage/space/attribute word.
      const cands = toks.filter((t, k) => {
        if (t.kind !== TokKind.Directive) return false;
        const p = toks[k - 1];
        return !p || (p.kind === TokKind.Punct && /[;{})]/.test(p.text)) || (p.kind === TokKind.Directive && p.end < t.start);
      });
      const t = pickFrom(cands, r);
      return t && at(t.start, t.end, respell(t.text, r));
    }
    case 'misspell-opcode': {
      const k = pickFrom(f.opcodes, r);
      if (k === undefined) return undefined;
      const t = toks[k]!;
      let w = respell(t.text, r);
      if (INSTRUCTION_SET.has(w)) w += 'q';
      return at(t.start, t.end, w);
    }
    case 'misspell-modifier': {
      const cands: Tok[] = [];
      for (const k of f.opcodes) {
        for (let j = k + 1; j < toks.length && toks[j]!.kind === TokKind.Directive && toks[j]!.start === toks[j - 1]!.end; j++) cands.push(toks[j]!);
      }
      const t = pickFrom(cands, r);
      return t && at(t.start, t.end, respell(t.text, r));
    }
    case 'undeclared-name': {
      // An operand naming a register, variable or parameter (not a declaration of it).
      const opcodeSet = new Set(f.opcodes);
      const cands = toks.filter((t, k) => {
        if (t.kind !== TokKind.Ident || !/^[%A-Za-z_]/.test(t.text) || opcodeSet.has(k)) return false;
        const stmt = statementAround(toks, k);
        if (!stmt) return false;
        // after the statement's opcode (which may follow a label and a guard)
        for (let j = stmt[0]; j < k && j <= stmt[0] + 5; j++) if (opcodeSet.has(j)) return toks[k - 1]?.text !== '.';
        return false;
      });
      const t = pickFrom(cands, r);
      if (!t) return undefined;
      const v = r();
      // (A one-letter name gets a letter added: dropping its last character would leave a number.)
      return at(t.start, t.end, v < 0.4 || t.text.length < 2 ? t.text + 'x' : v < 0.7 ? t.text.slice(0, -1) + (t.text.endsWith('9') ? '8' : '9') + '9' : '%undef_' + Math.floor(r() * 100));
    }
    case 'broken-literal': {
      const cands = toks.filter((t, k) => {
        if (t.kind !== TokKind.Number) return false;
        const stmt = statementAround(toks, k);
        const lead = stmt ? toks[stmt[0]]!.text : '';
        return !['.version', '.file', '.address_size', '.pragma'].includes(lead);
      });
      const t = pickFrom(cands, r);
      if (!t) return undefined;
      const s = t.text;
      const pool: string[] = [];
      if (/^0[fF]/.test(s)) pool.push(s.slice(0, -1), s + '0', s + 'U', s.slice(0, 2) + 'g' + s.slice(3), s.slice(0, 2));
      else if (/^0[dD]/.test(s)) pool.push(s.slice(0, -1), s + 'f', s + 'U', s.slice(0, 2) + s.slice(2, 10), s.slice(0, 2));
      else if (/^0[xX]/.test(s)) pool.push(s + 'G', '0x', s + 'UU', s + 'u', s + 'L', s.replace(/^0x/i, '0h'), s + '.5');
      else if (/[.eE]/.test(s)) pool.push(s + 'U', s + 'f', s + 'e', s + 'e+', s.replace('.', '..'), s + '.0', '0f' + s.replace(/\D/g, '').padEnd(7, '0').slice(0, 7), '0d' + s.replace(/\D/g, '').padEnd(15, '1').slice(0, 15));
      else pool.push('0' + s + '9', '0b' + s + '2', s + 'UU', s + 'u', s + 'LL', '0b', '0' + '8' + s, s + '.e5', s + 'x', '0B102', '08', '0x' + s + 'z', s + 'U');
      return at(t.start, t.end, pickFrom(pool, r)!);
    }
    case 'duplicate-register': {
      // `.reg .T name;` or `.reg .T %r<N>;` re-declared right after, or a name of it re-declared.
      const regs = toks.flatMap((t, k) => (t.kind === TokKind.Directive && t.text === '.reg' ? [k] : []));
      const k = pickFrom(regs, r);
      if (k === undefined) return undefined;
      const stmt = statementAround(toks, k);
      if (!stmt) return undefined;
      const s = toks[stmt[0]]!.start;
      const e = toks[stmt[1]]!.end;
      const decl = text.slice(s, e);
      const v = r();
      if (v < 0.5) return insert(e, '\n' + decl);
      // Only one of its names, with the same type, on its own.
      const name = toks.slice(stmt[0], stmt[1]).find((t) => t.kind === TokKind.Ident);
      const type = toks.slice(stmt[0], stmt[1]).find((t) => t.kind === TokKind.Directive && t.text !== '.reg' && !t.text.startsWith('.v'));
      if (!name || !type) return undefined;
      const lt = toks[toks.indexOf(name) + 1];
      const fam = lt?.text === '<' ? `${name.text}${Math.floor(r() * 3)}` : name.text;
      return insert(e, `\n\t.reg ${type.text} ${v < 0.75 ? fam : fam + ', ' + fam};`);
    }
    case 'duplicate-variable': {
      const cands = toks.flatMap((t, k) =>
        t.kind === TokKind.Directive && ['.global', '.const', '.shared', '.local'].includes(t.text) ? [k] : [],
      );
      const k = pickFrom(cands, r);
      if (k === undefined) return undefined;
      const stmt = statementAround(toks, k);
      if (!stmt) return undefined;
      // Only declarations (the statement starts with a directive), not instruction modifiers.
      if (toks[stmt[0]]!.kind !== TokKind.Directive) return undefined;
      const s = toks[stmt[0]]!.start;
      const e = toks[stmt[1]]!.end;
      const decl = text.slice(s, e);
      const v = r();
      if (v < 0.4) return insert(e, '\n' + decl);
      if (v < 0.7) return insert(s, decl + '\n');
      // A different declaration of the same name in another state space.
      const space = toks[k]!.text === '.global' ? '.shared' : '.global';
      return insert(e, '\n' + decl.replace(toks[k]!.text, space).replace(/\s*=[\s\S]*;$/, ';'));
    }
    case 'duplicate-parameter': {
      // `.param .T name` inside a parameter list, copied next to itself.
      const cands: { s: number; e: number }[] = [];
      for (let k = 0; k < toks.length; k++) {
        if (toks[k]!.text !== '.param' && !(toks[k]!.text === '.reg' && toks[k - 1] && /[(,]/.test(toks[k - 1]!.text))) continue;
        const p = toks[k - 1];
        if (!p || !(p.text === '(' || p.text === ',')) continue;
        let j = k;
        let depth = 0;
        while (j < toks.length) {
          const x = toks[j]!.text;
          if (x === '[') depth++;
          if (x === ']') depth--;
          if (depth === 0 && (x === ',' || x === ')')) break;
          j++;
        }
        if (j < toks.length) cands.push({ s: toks[k]!.start, e: toks[j - 1]!.end });
      }
      const c = pickFrom(cands, r);
      return c && insert(c.e, ', ' + text.slice(c.s, c.e));
    }
    case 'duplicate-function': {
      // A whole `.func`/`.entry` definition (or a prototype of it) copied after itself.
      const heads = toks.flatMap((t, k) => (t.kind === TokKind.Directive && (t.text === '.func' || t.text === '.entry') ? [k] : []));
      const k = pickFrom(heads, r);
      if (k === undefined) return undefined;
      let s = k;
      while (s > 0 && toks[s - 1]!.kind === TokKind.Directive) s--;
      // find body `{` at depth 0 parens, or `;`
      let j = k;
      let paren = 0;
      while (j < toks.length) {
        const x = toks[j]!.text;
        if (x === '(') paren++;
        else if (x === ')') paren--;
        else if (paren === 0 && (x === '{' || x === ';')) break;
        j++;
      }
      if (j >= toks.length) return undefined;
      const headEnd = toks[j - 1]!.end;
      if (toks[j]!.text === ';') return insert(toks[j]!.end, '\n' + text.slice(toks[s]!.start, toks[j]!.end));
      let depth = 0;
      let e = j;
      for (; e < toks.length; e++) {
        if (toks[e]!.text === '{') depth++;
        else if (toks[e]!.text === '}' && --depth === 0) break;
      }
      if (e >= toks.length) return undefined;
      const whole = text.slice(toks[s]!.start, toks[e]!.end);
      const v = r();
      if (v < 0.5) return insert(toks[e]!.end, '\n' + whole + '\n');
      // A declaration (prototype) of it after the definition: legal when it matches.
      return insert(toks[e]!.end, '\n' + text.slice(toks[s]!.start, headEnd).replace(/^\.visible\s+|^\.weak\s+/, '.extern ') + ';\n');
    }
    case 'drop-header': {
      const cands = toks.filter((t) => t.text === '.version' || t.text === '.target' || t.text === '.address_size');
      const t = pickFrom(cands, r);
      if (!t) return undefined;
      const lineEnd = text.indexOf('\n', t.start);
      const e = lineEnd < 0 ? text.length : lineEnd;
      const v = r();
      if (v < 0.6) return at(t.start, e, '');
      if (v < 0.8) return at(t.start, e, text.slice(t.start, e) + '\n' + text.slice(t.start, e)); // repeated
      return at(t.start, e, text.slice(t.start, e).replace(/\s+\S+$/, '')); // argument lost
    }
    case 'bad-type': {
      // A type word in a declaration or an instruction.
      const cands = toks.filter((t) => t.kind === TokKind.Directive && /^\.(?:[bsuf](?:8|16|32|64)|pred|f16x2|bf16|bf16x2|b128)$/.test(t.text));
      const t = pickFrom(cands, r);
      return t && at(t.start, t.end, pickFrom(BAD_TYPES, r)!);
    }
    case 'duplicate-label': {
      const cands = toks.filter((t, k) => t.kind === TokKind.Ident && toks[k + 1]?.text === ':' && /[;{}]/.test(toks[k - 1]?.text ?? ';'));
      const t = pickFrom(cands, r);
      if (!t) return undefined;
      // Next statement end or brace after the label.
      const semi = toks.find((x) => x.start > t.end && x.kind === TokKind.Punct && (x.text === ';' || x.text === '}'));
      const v = r();
      if (v < 0.4 || !semi) return insert(t.start, `${t.text}:\n`);
      if (semi.text === '}') return insert(semi.start, `${t.text}: `);
      return insert(semi.end, `\n${t.text}:`);
    }
    case 'extra-closer': {
      const cands = toks.filter((t) => t.kind === TokKind.Ident || t.kind === TokKind.Number || t.text === ')' || t.text === ']');
      const t = pickFrom(cands, r);
      return t && insert(t.end, r() < 0.5 ? ')' : ']');
    }
    case 'vector-braces': {
      // `{a, b}` operand lists (and initializers): a brace replaced, lost or doubled.
      const opens = toks.filter((t, k) => t.text === '{' && k > 0 && /[,=]/.test(toks[k - 1]!.text));
      const o = pickFrom(opens, r);
      if (!o) return undefined;
      let d = 0;
      const oi = toks.indexOf(o);
      let ci = oi;
      for (; ci < toks.length; ci++) {
        if (toks[ci]!.text === '{') d++;
        else if (toks[ci]!.text === '}' && --d === 0) break;
      }
      const c = toks[ci];
      if (!c) return undefined;
      const v = Math.floor(r() * 6);
      switch (v) {
        case 0: return at(c.start, c.end, ')');
        case 1: return text.slice(0, o.start) + '(' + text.slice(o.end, c.start) + ')' + text.slice(c.end);
        case 2: return text.slice(0, o.start) + '[' + text.slice(o.end, c.start) + ']' + text.slice(c.end);
        case 3: return at(c.start, c.end, '');
        case 4: return at(c.start, c.end, '}}');
        default: return text.slice(0, o.end) + text.slice(o.end, c.start).replace(/,\s*[^,]*$/, '') + text.slice(c.start);
      }
    }
    case 'stray-character': {
      const t = pickFrom(toks.filter((x) => x.kind !== TokKind.String), r);
      if (!t) return undefined;
      // (not `\`: ptxas skips one at the start of a statement, which gpuasm does not model)
      const ch = pickFrom(['@', '#', '`', "'", '?', '~', '!', '^', '&', '|', '*', '/', '=', '+', '-', '<', '>', '"', '(', '[', ':', '.', '$', '%', '0', 'x'], r)!;
      return insert(r() < 0.5 ? t.start : t.end, ch);
    }
  }
}
