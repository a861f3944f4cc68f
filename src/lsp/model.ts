/**
 * The editor's model of one document: tokens, statements, scopes, symbol definitions and
 * references, for PTX and AMDGPU. Built from the text alone in one linear pass, and tolerant of
 * anything (half-typed statements, binary data): it never throws and never judges validity — the
 * library's check does that. Every feature of the server (hover, definition, rename, semantic
 * tokens, completion, formatting, …) reads this model.
 */

export type Lang = 'ptx' | 'amdgpu';

export type TokKind =
  | 'comment'
  | 'string'
  | 'number'
  /** `.word`: a directive, type, state space or instruction modifier (classified in `role`). */
  | 'dot'
  | 'ident'
  | 'punct'
  /** A whole preprocessor line (PTX `#...`). */
  | 'preproc';

/** What a token is in its statement (for semantic tokens and the features). */
export type Role =
  | 'none'
  | 'opcode'
  | 'modifier'
  | 'directive'
  | 'type'
  | 'register'
  | 'special'
  | 'predicate'
  | 'label'
  | 'function'
  | 'variable'
  | 'macro'
  | 'symbol'
  | 'property'
  | 'operandModifier';

export interface Tok {
  kind: TokKind;
  start: number;
  end: number;
  text: string;
  role: Role;
  /** The definition this token names or refers to (identifiers only). */
  def?: SymDef;
  /** This token is the name of `def` (its declaration). */
  isDef?: boolean;
}

export type SymKind = 'label' | 'register' | 'variable' | 'function' | 'kernel' | 'param' | 'macro' | 'symbol' | 'section';

export interface SymDef {
  name: string;
  kind: SymKind;
  /** The name's span. */
  start: number;
  end: number;
  /** The whole declaring statement (for hover and outline). */
  stmtStart: number;
  stmtEnd: number;
  scope: number;
  /** `%r<12>`: twelve registers `%r0`…`%r11` (PTX parameterized names). */
  count?: number;
  /** The declared type words (`.reg .b32`), PTX; the containing function for labels. */
  detail: string;
  /** Predicate register (`.pred`). */
  predicate?: boolean;
}

export interface Scope {
  id: number;
  parent: number;
  start: number;
  end: number;
  /** The function whose body this is (top-level scopes of functions). */
  fn?: SymDef;
}

export interface Statement {
  start: number;
  end: number;
  /** Indices into `tokens` (first, one past last). */
  first: number;
  last: number;
  scope: number;
  /** The opcode or mnemonic token index, when the statement is an instruction. */
  opcode?: number;
  /** PTX: the dotted words right after the opcode (`.global`, `.u32`). */
  words: string[];
  /** Token index where the operands start (after the opcode and its words). */
  operandsFrom?: number;
}

export interface IncludeLink {
  /** The quoted name's span, without quotes. */
  start: number;
  end: number;
  name: string;
}

export interface Model {
  lang: Lang;
  text: string;
  tokens: Tok[];
  statements: Statement[];
  scopes: Scope[];
  defs: SymDef[];
  includes: IncludeLink[];
  /** Number of tokens built: the tests count work with it. */
  work: number;
  /** Spans whose text is content, whitespace included (AMDGPU raw blocks: YAML metadata). */
  raw: { start: number; end: number }[];
}

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isIdChar = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** End of the block comment starting at `i` (just after its closing star-slash; the text's end when unclosed). */
function blockCommentEnd(text: string, i: number): number {
  const e = text.indexOf('*/', i + 2);
  return e < 0 ? text.length : e + 2;
}

/** End of the string literal whose `"` is at `i`: after the closing quote, or at the line's end (backslash escapes step over a character). */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  i++;
  while (i < n) {
    const d = text.charCodeAt(i);
    if (d === 92) i += 2;
    else if (d === 34) return i + 1;
    else if (d === 10) break;
    else i++;
  }
  return Math.min(i, n);
}

/**
 * End of the number starting at `start` (its first character already read, at `i`): word
 * characters, `.digit`, and a sign after an exponent `e`/`E` unless the number has a prefix
 * (`radix`: hexadecimal and the language's other prefixed forms, whose `e` is a digit).
 */
function numberEnd(text: string, start: number, i: number, radix: RegExp): number {
  const n = text.length;
  while (i < n) {
    const d = text.charCodeAt(i);
    if (isIdChar(d)) i++;
    else if (d === 46 && isDigit(text.charCodeAt(i + 1))) i++;
    else if ((d === 43 || d === 45) && (text.charCodeAt(i - 1) | 32) === 101 && !radix.test(text.slice(start, i))) i++;
    else break;
  }
  return i;
}

/** PTX numbers whose `e` is a digit: hexadecimal, and the `0f`/`0d` float bit patterns. */
const PTX_PREFIXED_NUMBER = /^0[xXfFdD]/;
/** AMDGPU numbers whose `e` is a digit (or that take no exponent): hexadecimal and binary. */
const AMDGPU_PREFIXED_NUMBER = /^0[xXbB]/;

/** Tokens of a PTX text. */
function lexPtx(text: string): Tok[] {
  const out: Tok[] = [];
  const n = text.length;
  let i = 0;
  let lineStart = true;
  const push = (kind: TokKind, start: number, end: number) => out.push({ kind, start, end, text: text.slice(start, end), role: 'none' });
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStart = true;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    if (c === 35 && lineStart) {
      // A preprocessor line, with backslash continuations.
      while (i < n) {
        const e = text.indexOf('\n', i);
        if (e < 0) {
          i = n;
          break;
        }
        let k = e - 1;
        if (k >= 0 && text.charCodeAt(k) === 13) k--;
        if (k >= i && text.charCodeAt(k) === 92) {
          i = e + 1;
          continue;
        }
        i = e;
        break;
      }
      push('preproc', start, i);
      continue;
    }
    lineStart = false;
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
      push('comment', start, i);
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      i = blockCommentEnd(text, i);
      push('comment', start, i);
      continue;
    }
    if (c === 34) {
      i = stringEnd(text, i);
      push('string', start, i);
      continue;
    }
    if (c === 46 && i + 1 < n && (isIdStart(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === 37)) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isIdChar(d)) i++;
        else if (d === 58 && text.charCodeAt(i + 1) === 58 && isIdChar(text.charCodeAt(i + 2))) i += 2;
        else break;
      }
      push('dot', start, i);
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      i = numberEnd(text, start, i + 1, PTX_PREFIXED_NUMBER);
      push('number', start, i);
      continue;
    }
    if (isIdStart(c) || (c === 37 && i + 1 < n && isIdChar(text.charCodeAt(i + 1)))) {
      i++;
      while (i < n && isIdChar(text.charCodeAt(i))) i++;
      push('ident', start, i);
      continue;
    }
    i++;
    push('punct', start, i);
  }
  return out;
}

/** Tokens of an AMDGPU (llvm-mc) text. Newlines become `punct` tokens with text '\n'. */
function lexAmdgpu(text: string): Tok[] {
  const out: Tok[] = [];
  const n = text.length;
  let i = 0;
  let lineStart = true;
  const push = (kind: TokKind, start: number, end: number) => out.push({ kind, start, end, text: text.slice(start, end), role: 'none' });
  const isSym = (d: number) => isIdChar(d) || d === 46 || d === 64;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      push('punct', i, i + 1);
      lineStart = true;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    if (c === 59 || (c === 47 && text.charCodeAt(i + 1) === 47) || (c === 35 && lineStart)) {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
      push('comment', start, i);
      continue;
    }
    lineStart = false;
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      i = blockCommentEnd(text, i);
      push('comment', start, i);
      continue;
    }
    if (c === 34) {
      i = stringEnd(text, i);
      push('string', start, i);
      continue;
    }
    if (isDigit(c)) {
      i = numberEnd(text, start, i + 1, AMDGPU_PREFIXED_NUMBER);
      push('number', start, i);
      continue;
    }
    if (isIdStart(c) || c === 46) {
      i++;
      while (i < n && isSym(text.charCodeAt(i))) i++;
      push(c === 46 && i > start + 1 ? 'dot' : i > start + 1 || c !== 46 ? 'ident' : 'punct', start, i);
      continue;
    }
    i++;
    push('punct', start, i);
  }
  return out;
}

/** Directives that end at the end of their line (no `;`). */
const LINE_DIRECTIVES = new Set(['.version', '.target', '.address_size', '.file', '.loc']);
/** Directives that begin a statement: one of these (not glued to a word, not after a linkage word) ends the statement before. */
const STARTERS = new Set(['.version', '.target', '.address_size', '.file', '.loc', '.entry', '.func', '.visible', '.extern', '.weak', '.common', '.global', '.const', '.shared', '.local', '.reg', '.tex', '.section', '.alias']);

function lineEndAt(text: string, from: number): number {
  const e = text.indexOf('\n', from);
  return e < 0 ? text.length : e;
}

function startsStatement(tokens: Tok[], from: number, at: number): boolean {
  const u = tokens[at]!;
  let k = at - 1;
  while (k >= from && tokens[k]!.kind === 'comment') k--;
  if (k < from) return false;
  const prev = tokens[k]!;
  if (prev.end === u.start) return false;
  if (prev.kind === 'dot' && (prev.text === '.visible' || prev.text === '.extern' || prev.text === '.weak' || prev.text === '.common')) return false;
  // `.param`/`.reg` inside a declaration (`.extern .func`, `.global .u32`): only when the previous statement looks complete.
  if (u.text === '.global' || u.text === '.const' || u.text === '.shared' || u.text === '.local' || u.text === '.reg' || u.text === '.tex') {
    return prev.kind !== 'dot';
  }
  return true;
}

const PTX_STATE_SPACES = new Set(['.reg', '.sreg', '.const', '.global', '.local', '.param', '.shared', '.tex']);
const PTX_LINKAGE = new Set(['.extern', '.visible', '.weak', '.common']);

/** Is `name` (`%r5`) one of the registers of a parameterized declaration `%r<count>`? */
function rangeIndex(name: string, prefix: string): number {
  if (!name.startsWith(prefix) || name.length === prefix.length) return -1;
  const rest = name.slice(prefix.length);
  if (!/^\d+$/.test(rest) || (rest.length > 1 && rest[0] === '0')) return -1;
  return Number(rest);
}

class Resolver {
  private readonly byScope = new Map<number, Map<string, SymDef>>();
  private readonly ranges = new Map<number, SymDef[]>();
  constructor(private readonly scopes: Scope[]) {}
  add(d: SymDef): void {
    let m = this.byScope.get(d.scope);
    if (!m) this.byScope.set(d.scope, (m = new Map()));
    if (d.count !== undefined) {
      let r = this.ranges.get(d.scope);
      if (!r) this.ranges.set(d.scope, (r = []));
      r.push(d);
    } else if (!m.has(d.name)) m.set(d.name, d);
  }
  lookup(name: string, scope: number): SymDef | undefined {
    for (let s = scope; s >= 0; s = this.scopes[s]!.parent) {
      const d = this.byScope.get(s)?.get(name);
      if (d) return d;
      const rs = this.ranges.get(s);
      if (rs) for (const r of rs) {
        const k = rangeIndex(name, r.name);
        if (k >= 0 && k < r.count!) return r;
      }
      if (s === 0) break;
    }
    return undefined;
  }
}

/** Builds the model of a PTX document. */
function buildPtx(text: string, specials: ReadonlyMap<string, unknown>): Model {
  const tokens = lexPtx(text);
  const scopes: Scope[] = [{ id: 0, parent: -1, start: 0, end: text.length }];
  const statements: Statement[] = [];
  const defs: SymDef[] = [];
  const includes: IncludeLink[] = [];
  const resolver = new Resolver(scopes);
  const pending: { t: Tok; scope: number; opcode: string | undefined }[] = [];
  const addDef = (d: SymDef) => {
    defs.push(d);
    resolver.add(d);
  };
  let scope = 0;
  /** The function scope labels go to (top-level body). */
  let fnScope = 0;
  let pendingFn: SymDef | undefined;
  let pendingParams: SymDef[] = [];
  let i = 0;
  const n = tokens.length;
  while (i < n) {
    const t = tokens[i]!;
    if (t.kind === 'comment') {
      i++;
      continue;
    }
    if (t.kind === 'preproc') {
      const m = /^#\s*(define|include|undef|ifdef|ifndef)\b\s*(?:([A-Za-z_$][\w$]*)|"([^"\n]*)"|<([^>\n]*)>)?/.exec(t.text);
      if (m && m[1] === 'define' && m[2]) {
        const at = t.start + t.text.indexOf(m[2], m[0].length - m[2].length);
        addDef({ name: m[2], kind: 'macro', start: at, end: at + m[2].length, stmtStart: t.start, stmtEnd: t.end, scope: 0, detail: t.text.split('\n')[0]! });
      } else if (m && m[1] === 'include' && (m[3] !== undefined || m[4] !== undefined)) {
        const name = m[3] ?? m[4]!;
        const at = t.start + m[0].length - 1 - name.length;
        includes.push({ name, start: at, end: at + name.length });
      }
      statements.push({ start: t.start, end: t.end, first: i, last: i + 1, scope, words: [] });
      i++;
      continue;
    }
    if (t.kind === 'punct' && t.text === '{') {
      const s: Scope = { id: scopes.length, parent: scope, start: t.start, end: text.length };
      if (scope === 0 && pendingFn) {
        s.fn = pendingFn;
        fnScope = s.id;
      }
      scopes.push(s);
      scope = s.id;
      for (const p of pendingParams) {
        p.scope = s.id;
        resolver.add(p);
      }
      pendingParams = [];
      pendingFn = undefined;
      i++;
      continue;
    }
    if (t.kind === 'punct' && t.text === '}') {
      if (scope > 0) {
        scopes[scope]!.end = t.end;
        scope = scopes[scope]!.parent;
        if (scope === 0) fnScope = 0;
      }
      i++;
      continue;
    }
    if (t.kind === 'punct' && t.text === ';') {
      i++;
      continue;
    }
    // One statement: up to `;`, or `{`/`}` (a function header, a block), or a preprocessor line.
    let j = i;
    let paren = 0;
    /** A function header: its `{` opens the body. Elsewhere braces belong to the statement. */
    let header = false;
    // `.version 8.0`, `.target sm_80`, `.loc 1 2 3`, …: no `;`, the line ends them.
    const lineEnd = t.kind === 'dot' && LINE_DIRECTIVES.has(t.text) ? lineEndAt(text, t.end) : Infinity;
    while (j < n) {
      const u = tokens[j]!;
      if (u.kind === 'preproc' || u.start >= lineEnd) break;
      if (j > i && paren === 0 && u.kind === 'dot' && STARTERS.has(u.text) && startsStatement(tokens, i, j)) break;
      if (u.kind === 'dot' && (u.text === '.entry' || u.text === '.func')) header = true;
      if (u.kind === 'punct') {
        if (u.text === '(') paren++;
        else if (u.text === ')') paren = Math.max(0, paren - 1);
        else if (u.text === ';' || u.text === '}' || (u.text === '{' && paren === 0 && (header || !bracesInStatement(tokens, i, j)))) break;
        else if (u.text === '{') {
          // Skip braces inside a statement (an initializer, a vector operand) to their close.
          let depth = 0;
          while (j < n) {
            const w = tokens[j]!;
            if (w.kind === 'punct' && w.text === '{') depth++;
            else if (w.kind === 'punct' && w.text === '}' && --depth === 0) break;
            else if (w.kind === 'punct' && w.text === ';') break;
            j++;
          }
          if (j >= n || tokens[j]!.text === ';') break;
        }
      }
      j++;
    }
    const st: Statement = { start: t.start, end: tokens[Math.max(i, j - 1)]!.end, first: i, last: j, scope, words: [] };
    statements.push(st);
    analysePtxStatement(st);
    i = j;
    if (i < n && tokens[i]!.kind === 'punct' && tokens[i]!.text === ';') {
      st.end = tokens[i]!.end;
      i++;
    }
  }

  function analysePtxStatement(st: Statement): void {
    let k = st.first;
    const end = st.last;
    const sig = (x: number) => {
      while (x < end && tokens[x]!.kind === 'comment') x++;
      return x;
    };
    k = sig(k);
    // Labels: `name:` (also before .callprototype / .branchtargets).
    while (k < end && tokens[k]!.kind === 'ident' && sig(k + 1) < end && tokens[sig(k + 1)]!.text === ':') {
      const t = tokens[k]!;
      t.role = 'label';
      t.isDef = true;
      const d: SymDef = { name: t.text, kind: 'label', start: t.start, end: t.end, stmtStart: t.start, stmtEnd: tokens[sig(k + 1)]!.end, scope: fnScope, detail: scopes[fnScope]!.fn?.name ?? '' };
      t.def = d;
      addDef(d);
      k = sig(sig(k + 1) + 1);
      st.first = k;
      st.start = k < end ? tokens[k]!.start : st.start;
    }
    if (k >= end) return;
    const head = tokens[k]!;
    // Guard `@%p` / `@!%p`.
    if (head.kind === 'punct' && head.text === '@') {
      k = sig(k + 1);
      if (k < end && tokens[k]!.text === '!') k = sig(k + 1);
      if (k < end && tokens[k]!.kind === 'ident') {
        tokens[k]!.role = 'predicate';
        k = sig(k + 1);
      }
    }
    if (k >= end) return;
    const first = tokens[k]!;
    if (first.kind === 'ident' && scope > 0) {
      st.opcode = k;
      first.role = 'opcode';
      let m = k + 1;
      while (m < end && tokens[m]!.kind === 'dot' && tokens[m]!.start === tokens[m - 1]!.end) {
        tokens[m]!.role = PTX_TYPE_RE.test(tokens[m]!.text) ? 'type' : 'modifier';
        st.words.push(tokens[m]!.text);
        m++;
      }
      st.operandsFrom = m;
      refsIn(m, end, st.scope, first.text);
      return;
    }
    if (first.kind === 'dot') declarationOrDirective(k, end, st);
    else refsIn(k, end, st.scope, undefined);
  }

  function declarationOrDirective(k: number, end: number, st: Statement): void {
    let x = k;
    while (x < end && tokens[x]!.kind === 'dot' && PTX_LINKAGE.has(tokens[x]!.text)) {
      tokens[x]!.role = 'directive';
      x++;
    }
    const head = tokens[x];
    if (!head) return;
    if (head.kind === 'dot' && (head.text === '.entry' || head.text === '.func') && scope === 0) {
      head.role = 'directive';
      functionHeader(x + 1, end, st, head.text === '.entry' ? 'kernel' : 'function', k);
      return;
    }
    if (head.kind === 'dot' && PTX_STATE_SPACES.has(head.text)) {
      declarators(x, end, st, scope, k);
      return;
    }
    for (let m = k; m < end; m++) if (tokens[m]!.kind === 'dot') tokens[m]!.role = PTX_TYPE_RE.test(tokens[m]!.text) ? 'type' : 'directive';
    refsIn(k, end, st.scope, undefined);
  }

  function functionHeader(x: number, end: number, st: Statement, kind: 'kernel' | 'function', declStart: number): void {
    let depth = 0;
    let named = false;
    let groupStart = x;
    for (let m = x; m < end; m++) {
      const t = tokens[m]!;
      if (t.kind === 'punct' && t.text === '(') {
        if (depth === 0) groupStart = m + 1;
        depth++;
        continue;
      }
      if (t.kind === 'punct' && t.text === ')') {
        depth--;
        if (depth === 0) paramGroup(groupStart, m, st, declStart);
        continue;
      }
      if (depth > 0) continue;
      if (t.kind === 'dot') t.role = 'directive';
      else if (t.kind === 'ident' && !named) {
        named = true;
        t.role = 'function';
        t.isDef = true;
        const d: SymDef = { name: t.text, kind, start: t.start, end: t.end, stmtStart: tokens[declStart]!.start, stmtEnd: st.end, scope: 0, detail: '' };
        t.def = d;
        addDef(d);
        pendingFn = d;
      } else if (t.kind === 'number') t.role = 'none';
    }
    const last = tokens[Math.max(x, end - 1)];
    if (pendingFn) pendingFn.detail = text.slice(tokens[declStart]!.start, last ? last.end : st.end).replace(/\s+/g, ' ');
  }

  function paramGroup(from: number, to: number, st: Statement, declStart: number): void {
    // `.param .u64 a, .reg .b32 b` — split at top-level commas, each part a declaration.
    let s = from;
    for (let m = from; m <= to; m++) {
      if (m === to || (tokens[m]!.kind === 'punct' && tokens[m]!.text === ',')) {
        if (m > s) declarators(s, m, st, -1, declStart, true);
        s = m + 1;
      }
    }
  }

  function declarators(x: number, end: number, st: Statement, inScope: number, declStart: number, param = false): void {
    const types: string[] = [];
    let prevWasDot = false;
    let afterComma = false;
    let sawName = false;
    let depth = 0;
    for (let m = x; m < end; m++) {
      const t = tokens[m]!;
      if (t.kind === 'punct') {
        if (t.text === '=') {
          refsIn(m + 1, end, st.scope, undefined);
          return;
        }
        if (t.text === '[' || t.text === '<') depth++;
        else if (t.text === ']' || t.text === '>') depth = Math.max(0, depth - 1);
        else if (t.text === ',' && depth === 0) afterComma = true;
        prevWasDot = false;
        continue;
      }
      if (t.kind === 'dot') {
        t.role = PTX_TYPE_RE.test(t.text) ? 'type' : 'directive';
        types.push(t.text);
        prevWasDot = true;
        continue;
      }
      if (t.kind === 'number') {
        prevWasDot = tokens[m - 1]?.text === '.align' || prevWasDot;
        continue;
      }
      if (t.kind === 'ident' && depth === 0 && (prevWasDot || afterComma || !sawName)) {
        sawName = true;
        afterComma = false;
        prevWasDot = false;
        let count: number | undefined;
        if (tokens[m + 1]?.text === '<' && tokens[m + 2]?.kind === 'number' && tokens[m + 3]?.text === '>') {
          const v = Number(tokens[m + 2]!.text);
          if (Number.isSafeInteger(v)) count = v;
        }
        const isPred = types.includes('.pred');
        const space = types.find((w) => PTX_STATE_SPACES.has(w));
        const kind: SymKind = space === '.reg' || space === '.sreg' ? 'register' : param ? 'param' : 'variable';
        t.role = kind === 'register' ? (isPred ? 'predicate' : 'register') : 'variable';
        t.isDef = true;
        const stmtS = param ? tokens[x]!.start : tokens[declStart]!.start;
        const d: SymDef = {
          name: t.text,
          kind,
          start: t.start,
          end: t.end,
          stmtStart: stmtS,
          stmtEnd: param ? tokens[end - 1]!.end : st.end,
          scope: inScope < 0 ? -1 : inScope,
          detail: types.join(' '),
          ...(count !== undefined ? { count } : {}),
          ...(isPred ? { predicate: true } : {}),
        };
        t.def = d;
        defs.push(d);
        if (inScope < 0) pendingParams.push(d);
        else resolver.add(d);
        continue;
      }
      if (t.kind === 'ident') ref(t, st.scope, undefined);
    }
  }

  function refsIn(from: number, end: number, sc: number, opcode: string | undefined): void {
    for (let m = from; m < end; m++) {
      const t = tokens[m]!;
      if (t.kind === 'ident') ref(t, sc, opcode);
      else if (t.kind === 'dot') {
        const prev = tokens[m - 1];
        if (prev && prev.end === t.start && (prev.kind === 'ident' || prev.text === ']')) t.role = 'property';
        else t.role = PTX_TYPE_RE.test(t.text) ? 'type' : 'directive';
      }
    }
  }
  function ref(t: Tok, sc: number, opcode: string | undefined): void {
    if (t.role === 'none' || t.role === 'predicate') pending.push({ t, scope: sc, opcode });
  }

  // Resolve references once every definition is known (functions may be used before their body).
  for (const { t, scope: sc } of pending) {
    const d = resolver.lookup(t.text, sc);
    if (d) {
      t.def = d;
      if (t.role !== 'predicate') t.role = roleOfDef(d);
      else if (!d.predicate && d.kind === 'register') t.role = 'register';
    } else if (specials.has(t.text)) t.role = 'special';
  }
  return { lang: 'ptx', text, tokens, statements, scopes, defs, includes, work: tokens.length, raw: [] };
}

const PTX_TYPE_RE = /^\.(?:[subf](?:8|16|32|64|128)|bf16|bf16x2|f16x2|tf32|pred|e[245]m[123](?:x2)?|ue8m0(?:x2)?|s2f6x2|texref|samplerref|surfref|v[248]|b8|b16|b32|b64|b128)$/;

function roleOfDef(d: SymDef): Role {
  switch (d.kind) {
    case 'label':
      return 'label';
    case 'register':
      return d.predicate ? 'predicate' : 'register';
    case 'function':
    case 'kernel':
      return 'function';
    case 'macro':
      return 'macro';
    case 'symbol':
      return 'symbol';
    default:
      return 'variable';
  }
}

/** A `{` inside a statement: an initializer (`= {`) or a vector operand (`.u32 {`, `, {`), not a block. */
function bracesInStatement(tokens: Tok[], from: number, at: number): boolean {
  for (let k = at - 1; k >= from; k--) {
    const t = tokens[k]!;
    if (t.kind === 'comment') continue;
    return t.kind === 'dot' || (t.kind === 'punct' && (t.text === ',' || t.text === '=' || t.text === '{' || t.text === '[' || t.text === '('));
  }
  return false;
}

/** AMDGPU register names: `v0`, `s[0:1]` prefixes, `ttmp3`, `a7`, `acc7`. */
export const AMDGPU_REGISTER_RE = /^(?:[vsa]|acc|ttmp)\d+$/i;
const AMDGPU_RANGE_PREFIX = /^(?:[vsa]|acc|ttmp)$/i;

/** Builds the model of an AMDGPU document. */
function buildAmdgpu(text: string, isSpecialRegister: (name: string) => boolean): Model {
  const tokens = lexAmdgpu(text);
  const scopes: Scope[] = [{ id: 0, parent: -1, start: 0, end: text.length }];
  const statements: Statement[] = [];
  const defs: SymDef[] = [];
  const byName = new Map<string, SymDef>();
  const includes: IncludeLink[] = [];
  const addDef = (d: SymDef) => {
    defs.push(d);
    if (!byName.has(d.name)) byName.set(d.name, d);
  };
  const refs: Tok[] = [];
  const kernels = new Set<string>();
  const functions = new Set<string>();
  let rawEnd: string | undefined;
  let rawStart = 0;
  const raw: { start: number; end: number }[] = [];
  let currentFn = '';
  const n = tokens.length;
  let i = 0;
  while (i < n) {
    // One line at a time.
    let j = i;
    while (j < n && !(tokens[j]!.kind === 'punct' && tokens[j]!.text === '\n')) j++;
    const sig: number[] = [];
    for (let k = i; k < j; k++) if (tokens[k]!.kind !== 'comment') sig.push(k);
    if (rawEnd) {
      if (sig.length && tokens[sig[0]!]!.text.toLowerCase() === rawEnd) {
        tokens[sig[0]!]!.role = 'directive';
        rawEnd = undefined;
        raw.push({ start: rawStart, end: tokens[sig[0]!]!.start });
      } else for (const k of sig) tokens[k]!.kind = 'string';
      i = j + 1;
      continue;
    }
    if (sig.length) analyseLine(sig);
    i = j + 1;
  }

  function analyseLine(sig: number[]): void {
    let p = 0;
    const T = (q: number) => tokens[sig[q]!]!;
    // Labels: `name:` (several may lead a line); `1:` local labels are left alone.
    while (p + 1 < sig.length && (T(p).kind === 'ident' || T(p).kind === 'dot' || T(p).kind === 'string') && T(p + 1).text === ':' && T(p + 1).start === T(p).end) {
      const t = T(p);
      const name = t.kind === 'string' ? t.text.slice(1, -1) : t.text;
      t.role = 'label';
      t.isDef = true;
      const d: SymDef = { name, kind: 'label', start: t.start, end: t.end, stmtStart: t.start, stmtEnd: T(p + 1).end, scope: 0, detail: currentFn };
      if (!name.startsWith('.L') && !name.startsWith('$')) currentFn = name;
      t.def = d;
      addDef(d);
      p += 2;
    }
    if (p >= sig.length) return;
    const first = sig[p]!;
    const lineEnd = sig[sig.length - 1]! + 1;
    const st: Statement = { start: T(p).start, end: T(sig.length - 1).end, first, last: lineEnd, scope: 0, words: [] };
    statements.push(st);
    const head = T(p);
    // `SYM = EXPR`
    if (head.kind === 'ident' && p + 1 < sig.length && T(p + 1).text === '=' && T(p + 2)?.text !== '=') {
      head.role = 'symbol';
      head.isDef = true;
      const d: SymDef = { name: head.text, kind: 'symbol', start: head.start, end: head.end, stmtStart: st.start, stmtEnd: st.end, scope: 0, detail: text.slice(st.start, st.end) };
      head.def = d;
      addDef(d);
      operands(p + 2);
      return;
    }
    if (head.kind === 'dot') {
      const name = head.text.toLowerCase();
      head.role = 'directive';
      if (RAW_ENDS[name]) {
        rawEnd = RAW_ENDS[name];
        rawStart = st.end;
      }
      if ((name === '.set' || name === '.equ' || name === '.equiv') && p + 1 < sig.length && (T(p + 1).kind === 'ident' || T(p + 1).kind === 'dot')) {
        const t = T(p + 1);
        t.role = 'symbol';
        t.isDef = true;
        const d: SymDef = { name: t.text, kind: 'symbol', start: t.start, end: t.end, stmtStart: st.start, stmtEnd: st.end, scope: 0, detail: text.slice(st.start, st.end) };
        t.def = d;
        addDef(d);
        operands(p + 2);
        return;
      }
      if (name === '.amdhsa_kernel' && p + 1 < sig.length) {
        kernels.add(T(p + 1).text);
      }
      if (name === '.type' && p + 3 < sig.length && /@function|%function|STT_FUNC/.test(text.slice(T(p + 1).end, st.end))) functions.add(T(p + 1).text);
      if (name === '.section' || name === '.text' || name === '.data' || name === '.rodata' || name === '.bss') {
        const label = name === '.section' ? text.slice(head.end, st.end).trim().split(/[\s,]/)[0] ?? '' : name;
        const d: SymDef = { name: label || name, kind: 'section', start: head.start, end: head.end, stmtStart: st.start, stmtEnd: st.end, scope: 0, detail: text.slice(st.start, st.end) };
        defs.push(d);
        return;
      }
      if (name === '.include' && T(p + 1)?.kind === 'string') {
        const s = T(p + 1);
        includes.push({ name: s.text.slice(1, -1), start: s.start + 1, end: s.end - 1 });
        return;
      }
      if (name.startsWith('.amdhsa_') || name === '.amdgcn_target' || name === '.amdgpu_hsa_kernel') {
        operands(p + 1);
        return;
      }
      operands(p + 1);
      return;
    }
    if (head.kind === 'ident') {
      head.role = 'opcode';
      st.opcode = first;
      st.operandsFrom = first + 1;
      operands(p + 1);
    }
    function operands(from: number): void {
      for (let q = from; q < sig.length; q++) {
        const t = T(q);
        if (t.kind !== 'ident' && t.kind !== 'dot') continue;
        const next = q + 1 < sig.length ? T(q + 1) : undefined;
        const prev = q > 0 ? T(q - 1) : undefined;
        if (next && next.text === ':' && next.start === t.end) {
          t.role = 'operandModifier';
          continue;
        }
        if (next && next.text === '(' && next.start === t.end && st.opcode !== undefined) {
          t.role = 'operandModifier';
          continue;
        }
        if (prev?.text === '@' || prev?.text === '%') {
          t.role = 'property';
          continue;
        }
        if (AMDGPU_REGISTER_RE.test(t.text) || (AMDGPU_RANGE_PREFIX.test(t.text) && next?.text === '[') || isSpecialRegister(t.text.toLowerCase())) {
          t.role = isSpecialRegister(t.text.toLowerCase()) ? 'special' : 'register';
          continue;
        }
        refs.push(t);
      }
    }
  }
  for (const t of refs) {
    const name = t.text.replace(/@[\w.]+$/, '');
    const d = byName.get(name);
    if (d) {
      t.def = d;
      t.role = d.kind === 'label' ? (functions.has(d.name) || kernels.has(d.name) ? 'function' : 'label') : 'symbol';
    } else if (st_isModifierWord(t.text)) t.role = 'operandModifier';
    else t.role = 'symbol';
  }
  for (const d of defs) {
    if (d.kind === 'label' && kernels.has(d.name)) d.kind = 'kernel';
    else if (d.kind === 'label' && functions.has(d.name)) d.kind = 'function';
  }
  for (const t of tokens) if (t.isDef && t.def && (t.def.kind === 'kernel' || t.def.kind === 'function')) t.role = 'function';
  if (rawEnd) raw.push({ start: rawStart, end: text.length });
  return { lang: 'amdgpu', text, tokens, statements, scopes, defs, includes, work: tokens.length, raw };
}

/** Bare AMDGPU instruction modifiers that are words, not symbols. */
const BARE_MODIFIERS = new Set(['off', 'glc', 'slc', 'dlc', 'scc', 'gds', 'lds', 'tfe', 'lwe', 'da', 'r128', 'a16', 'd16', 'unorm', 'idxen', 'offen', 'addr64', 'clamp', 'high', 'nv', 'sc0', 'sc1', 'nt', 'done', 'vm', 'compr', 'row_en', 'bound_ctrl', 'fi']);
function st_isModifierWord(w: string): boolean {
  return BARE_MODIFIERS.has(w.toLowerCase());
}

const RAW_ENDS: Record<string, string> = {
  '.amdgpu_metadata': '.end_amdgpu_metadata',
  '.amd_amdgpu_hsa_metadata': '.end_amd_amdgpu_hsa_metadata',
  '.amdgpu_pal_metadata': '.end_amdgpu_pal_metadata',
};

export interface ModelContext {
  ptxSpecials: ReadonlyMap<string, unknown>;
  amdgpuSpecial: (name: string) => boolean;
}

export function buildModel(lang: Lang, text: string, ctx: ModelContext): Model {
  return lang === 'ptx' ? buildPtx(text, ctx.ptxSpecials) : buildAmdgpu(text, ctx.amdgpuSpecial);
}

/** The token at or just before `offset` (the cursor may sit right after a word). */
export function tokenAt(model: Model, offset: number): Tok | undefined {
  const toks = model.tokens;
  let lo = 0;
  let hi = toks.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (toks[mid]!.start <= offset) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best < 0) return undefined;
  const t = toks[best]!;
  if (offset < t.end) return t;
  if (offset === t.end && t.kind !== 'punct') return t;
  return undefined;
}

/** Index of the token at `offset`, or -1. */
export function tokenIndexAt(model: Model, offset: number): number {
  const t = tokenAt(model, offset);
  return t ? model.tokens.indexOf(t) : -1;
}

/** The statement containing `offset`, or undefined. */
export function statementAt(model: Model, offset: number): Statement | undefined {
  const sts = model.statements;
  let lo = 0;
  let hi = sts.length - 1;
  let best: Statement | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sts[mid]!.start <= offset) {
      best = sts[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best && offset <= best.end ? best : undefined;
}

/** The innermost scope at `offset` (PTX). */
export function scopeAt(model: Model, offset: number): number {
  let s = 0;
  for (const sc of model.scopes) if (sc.id > 0 && sc.start <= offset && offset < sc.end && sc.start >= model.scopes[s]!.start) s = sc.id;
  return s;
}

/** Every token that refers to or names `def`. */
export function occurrences(model: Model, def: SymDef): Tok[] {
  return model.tokens.filter((t) => t.def === def);
}
