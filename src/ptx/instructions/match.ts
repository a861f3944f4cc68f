/**
 * The instruction-table matcher: given an opcode, its dotted modifier words and the module's
 * `.version`/`.target`, the form(s) it matches or why none does. Pure; no checker dependency.
 *
 * How ptxas reads modifiers (verified with ptxas 13.0, see docs/ptx-instructions.md): the words of
 * an instruction are a set, not a sequence — `add.s32.sat`, `ld.f32.global`, `cvt.f32.s32.rn` are
 * all accepted — except that type words are positional among themselves (`cvt.f32.s32`: the first
 * is the destination type) and so are words that more than one slot of a form takes (`.row.col`
 * of mma: A's layout, then B's). A word repeated is accepted where it names the same choice
 * (`add.sat.sat.s32`). The matcher therefore places each word in a slot of the form that takes it,
 * slots taking the same word filled in their order, type words in increasing slot order.
 */
import { parseTargetName, type ParsedTarget } from '../data/targets.js';
import { compileAll, familiesByOpcode } from './compile.js';
import { CURATION } from './curation.js';
import { PREPARED } from './prepared.js';
import { syntaxFamilies } from './syntax.generated.js';
import type { Gate, InstructionForm, ModifierSlot, OperandSpec, TargetReq } from './types.js';

/**
 * The module facts a match depends on. Answers are memoized per context object: use one object per
 * module and do not change it after matching with it.
 */
export interface MatchContext {
  /** `.version` as major*10+minor (e.g. 87 for 8.7); undefined: no version gating. */
  version?: number;
  /** The `.target` architecture (`sm_90a`, `sm_100f`, `compute_80`); undefined: no target gating. */
  target?: string;
}

/** Why an instruction matches no form. */
export type WhyNot =
  | { kind: 'unknown-opcode'; opcode: string }
  /** No form of the opcode takes this word at all. */
  | { kind: 'unknown-modifier'; word: string }
  /** The nearest form does not take this (known) word. */
  | { kind: 'modifier-not-allowed'; word: string; form: string }
  /** The nearest form has no type slot left for this type word. */
  | { kind: 'type-not-allowed'; word: string; form: string }
  /** Two words of one slot (`.rn.rz`). */
  | { kind: 'conflict'; slot: string; words: [string, string]; form: string }
  /** A required slot is not filled. */
  | { kind: 'missing'; slot: string; values: readonly string[]; form: string }
  /** Type words given in an order the form does not take (`cvt.f16.f32` for a form `.f32.f16`). */
  | { kind: 'type-order'; word: string; form: string }
  /** State spaces in another order than the form's, destination first (`cp.async.ca.global.shared`). */
  | { kind: 'space-order'; word: string; form: string }
  /** The form or a word in it needs a newer `.version`. */
  | { kind: 'needs-version'; what: string; version: string }
  /** The form was dropped in this `.version` (it is valid only in older ones). */
  | { kind: 'dropped-in-version'; what: string; version: string }
  /** The form or a word in it needs another `.target`. */
  | { kind: 'needs-target'; what: string; targets: readonly string[] };

export interface MatchOk {
  ok: true;
  /** Every form the words match (and whose gates the context passes), in table order. */
  forms: readonly InstructionForm[];
}

export interface MatchFail {
  ok: false;
  /** The reasons against the nearest form (fewest problems); never empty. */
  reasons: readonly WhyNot[];
  /** The nearest form, when the opcode has forms. */
  nearest?: InstructionForm;
}

export type MatchResult = MatchOk | MatchFail;

// ------------------------------------------------------------------------------------ the index

interface CompiledOpcode {
  forms: InstructionForm[];
  /** Every word any form of the opcode takes. */
  vocabulary: Set<string>;
  /** Per form: word -> indexes of the slots that take it. */
  slotIndex: Map<string, number[]>[];
  /** Per form: words ptxas ignores there where the form does not use them. */
  ignored: ReadonlySet<string>[];
}

let byOpcode: Map<string, CompiledOpcode> | undefined;
let allForms: InstructionForm[] | undefined;
const ignoredSets = new Map<string, Set<string>>();
/** Opcodes indexed so far (each compiles only its own families: a module uses few opcodes). */
const entries = new Map<string, CompiledOpcode | null>();
let opcodeFamilies: Map<string, string[]> | undefined;

function indexForms(forms: readonly InstructionForm[], into: Map<string, CompiledOpcode>): void {
  for (const f of forms) {
    let e = into.get(f.opcode);
    if (!e) into.set(f.opcode, (e = { forms: [], vocabulary: new Set(), slotIndex: [], ignored: [] }));
    // Keys: '*', the opcode, the family, or `opcode word` (forms with that required literal word).
    const w = CURATION.ignoredWords;
    const byWord = Object.keys(w).filter((k) => k.startsWith(f.opcode + ' ') && f.slots.some((s) => s.literal && !s.optional && s.values[0] === k.slice(f.opcode.length + 1)));
    const key = `${f.opcode} ${f.family} ${byWord.join(' ')}`;
    let ign = ignoredSets.get(key);
    if (!ign) ignoredSets.set(key, (ign = new Set([...(w['*'] ?? []), ...(w[f.opcode] ?? []), ...(f.family !== f.opcode ? (w[f.family] ?? []) : []), ...byWord.flatMap((k) => w[k]!)])));
    e.ignored.push(ign);
    const idx = new Map<string, number[]>();
    f.slots.forEach((s, i) => {
      for (const v of s.values) {
        e!.vocabulary.add(v);
        const l = idx.get(v);
        if (l) l.push(i);
        else idx.set(v, [i]);
      }
    });
    e.forms.push(f);
    e.slotIndex.push(idx);
  }
}

/** The whole index (every family compiled: about 100 ms). */
function index(): Map<string, CompiledOpcode> {
  if (byOpcode) return byOpcode;
  allForms = compileAll(syntaxFamilies(), CURATION);
  byOpcode = new Map();
  indexForms(allForms, byOpcode);
  return byOpcode;
}

/**
 * One opcode's entry: from the build's prepared data when there is some (prepared.ts), else
 * compiling only the families that may have it (the same forms, in the same order, as the whole
 * index).
 */
function opcodeEntry(opcode: string): CompiledOpcode | undefined {
  if (byOpcode) return byOpcode.get(opcode);
  const hit = entries.get(opcode);
  if (hit !== undefined) return hit ?? undefined;
  if (PREPARED !== undefined) {
    const e = Object.prototype.hasOwnProperty.call(PREPARED, opcode) ? preparedEntry(opcode, PREPARED[opcode]!) : undefined;
    entries.set(opcode, e ?? null);
    return e;
  }
  opcodeFamilies ??= familiesByOpcode(syntaxFamilies(), CURATION);
  const fams = opcodeFamilies.get(opcode);
  let e: CompiledOpcode | undefined;
  if (fams) {
    const m = new Map<string, CompiledOpcode>();
    indexForms(compileAll(syntaxFamilies(), CURATION, new Set(fams)).filter((f) => f.opcode === opcode), m);
    e = m.get(opcode);
  }
  entries.set(opcode, e ?? null);
  return e;
}

/**
 * What prepared.ts holds per opcode, as JSON: its forms as arrays (not objects: the keys of every
 * slot and operand would be most of the text, and the chunk's source, the string constants made
 * from it and its code cache all hold that text at start), the gates, operand lists and value
 * lists its forms share given once each, and per form the index of its ignored-word list.
 *
 * - `g`: gates (Gate objects as they are);
 * - `p`: operand lists, each operand `[name, kind, flags, count?]` (flags: 1 optional, 2 negatable);
 * - `v`: modifier value lists;
 * - `f`: forms, `[id, syntax, gate, operands, slots]` (indexes into `g` and `p`), each slot
 *   `[name, values, flags]` (an index into `v`; name 0 when it is the slot's only value; flags:
 *   1 optional, 2 literal, 4 isType); a form's family is its id up to `#`, its opcode the key, a
 *   slot's position its index;
 * - `i`: per form, an index into `l`, the ignored-word lists.
 */
interface PreparedOpcode {
  g: Gate[];
  p: PreparedOperand[][];
  v: string[][];
  f: [id: string, syntax: string, gate: number, operands: number, slots: [name: string | 0, values: number, flags: number][]][];
  i: number[];
  l: string[][];
}
type PreparedOperand = [name: string, kind: OperandSpec['kind'], flags: number, count?: number];

/** Index of `item` in `list` by its JSON text, added when new. */
function shared<T>(list: T[], at: Map<string, number>, item: T): number {
  const key = JSON.stringify(item);
  let i = at.get(key);
  if (i === undefined) at.set(key, (i = list.push(item) - 1));
  return i;
}

/** Per opcode, the JSON the build writes into prepared.js (compiled here, at run time, from the tables). */
export function preparedOpcodes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [opcode, e] of index()) {
    const data: PreparedOpcode = { g: [], p: [], v: [], f: [], i: [], l: [] };
    const at = { g: new Map<string, number>(), p: new Map<string, number>(), v: new Map<string, number>(), l: new Map<string, number>() };
    for (const f of e.forms) {
      if (f.opcode !== opcode || f.family !== f.id.slice(0, f.id.indexOf('#'))) throw new Error(`prepared tables: form ${f.id} is not named after its family or opcode`);
      const operands = f.operands.map((o): PreparedOperand => {
        const flags = (o.optional ? 1 : 0) | (o.negatable ? 2 : 0);
        if (o.negatable === false) throw new Error(`prepared tables: ${f.id}: negatable is false, not absent`);
        return o.count === undefined ? [o.name, o.kind, flags] : [o.name, o.kind, flags, o.count];
      });
      const slots = f.slots.map((sl, position): [string | 0, number, number] => {
        if (sl.position !== position) throw new Error(`prepared tables: ${f.id}: a slot's position is not its index`);
        const name = sl.values.length === 1 && sl.name === sl.values[0] ? 0 : sl.name;
        return [name, shared(data.v, at.v, [...sl.values]), (sl.optional ? 1 : 0) | (sl.literal ? 2 : 0) | (sl.isType ? 4 : 0)];
      });
      data.f.push([f.id, f.syntax, shared(data.g, at.g, f.gate), shared(data.p, at.p, operands), slots]);
    }
    data.i = e.ignored.map((s) => shared(data.l, at.l, [...s]));
    out[opcode] = JSON.stringify(data);
  }
  return out;
}

/** An opcode's entry from its prepared JSON (the index built as indexForms builds it). */
function preparedEntry(opcode: string, json: string): CompiledOpcode {
  const data = JSON.parse(json) as PreparedOpcode;
  const lists = data.l.map((l) => new Set(l));
  const operandLists = data.p.map((ops) =>
    ops.map(([name, kind, flags, count]): OperandSpec => {
      const o: OperandSpec = { name, kind, optional: (flags & 1) !== 0 };
      if (flags & 2) o.negatable = true;
      if (count !== undefined) o.count = count;
      return o;
    }),
  );
  const e: CompiledOpcode = { forms: [], vocabulary: new Set(), slotIndex: [], ignored: [] };
  for (let i = 0; i < data.f.length; i++) {
    const [id, syntax, gate, operands, compact] = data.f[i]!;
    const slots: ModifierSlot[] = [];
    const idx = new Map<string, number[]>();
    for (let j = 0; j < compact.length; j++) {
      const [name, v, flags] = compact[j]!;
      const values = data.v[v]!;
      slots.push({ name: name === 0 ? values[0]! : name, values, optional: (flags & 1) !== 0, literal: (flags & 2) !== 0, isType: (flags & 4) !== 0, position: j });
      for (let k = 0; k < values.length; k++) {
        const w = values[k]!;
        e.vocabulary.add(w);
        const l = idx.get(w);
        if (l) l.push(j);
        else idx.set(w, [j]);
      }
    }
    e.forms.push({ id, family: id.slice(0, id.indexOf('#')), opcode, syntax, slots, operands: operandLists[operands]!, gate: data.g[gate]! });
    e.ignored.push(lists[data.i[i]!]!);
    e.slotIndex.push(idx);
  }
  return e;
}

/** Every form of the tables (compiled on first use). */
export function allInstructionForms(): readonly InstructionForm[] {
  index();
  return allForms!;
}

/** The forms of one opcode (`add`, `cp`, `tcgen05`), in table order; empty when unknown. */
export function formsOf(opcode: string): readonly InstructionForm[] {
  return opcodeEntry(opcode)?.forms ?? [];
}

/** Every word some form of the opcode takes (empty when unknown). */
export function vocabularyOf(opcode: string): ReadonlySet<string> {
  return opcodeEntry(opcode)?.vocabulary ?? new Set();
}

/** Opcodes the tables know. */
export function knownOpcodes(): string[] {
  return [...index().keys()];
}

// ------------------------------------------------------------------------------------ matching

/** A modifier-only match of one form: the problems (empty = match) and which word went where. */
interface Placement {
  problems: WhyNot[];
  /** Per slot index: the word placed there. */
  filled: (string | undefined)[];
}

/** slotFor's answer when the word repeats a modifier already placed (not a problem of the placement). */
const DUPLICATE = -2;

/**
 * The slot a word goes to among its candidate slots `cands`: the first empty one (a type slot only
 * after the last type placed, types keep their order); DUPLICATE when the word repeats a modifier
 * already placed; -1 when none is free. place's and placeFits' one step.
 */
function slotFor(slots: InstructionForm['slots'], filled: readonly (string | undefined)[], cands: readonly number[], w: string, lastType: number): number {
  let duplicate = false;
  for (let j = 0; j < cands.length; j++) {
    const c = cands[j]!;
    if (filled[c] === undefined) {
      if (slots[c]!.isType && c < lastType) continue;
      return c;
    }
    if (filled[c] === w && !slots[c]!.isType) duplicate = true;
  }
  return duplicate ? DUPLICATE : -1;
}

/** State-space words: where a form has two space slots (a copy's destination and source), ptxas reads them in order (measured: "State space incorrect for instruction 'cp.async'"). */
const SPACES: ReadonlySet<string> = new Set(['.global', '.shared', '.shared::cta', '.shared::cluster', '.local', '.const', '.param', '.param::entry', '.param::func']);

function place(form: InstructionForm, slotIndex: Map<string, number[]>, words: readonly string[], vocabulary: Set<string>, ignored: ReadonlySet<string>): Placement {
  const slots = form.slots;
  const filled: (string | undefined)[] = new Array(slots.length);
  const problems: WhyNot[] = [];
  let lastType = -1;
  let lastSpace = -1;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    const cands = slotIndex.get(w);
    if (!cands && ignored.has(w)) continue;
    if (!cands) {
      if (!vocabulary.has(w)) problems.push({ kind: 'unknown-modifier', word: w });
      else if (isTypeLike(w, slots)) problems.push({ kind: 'type-not-allowed', word: w, form: form.id });
      else problems.push({ kind: 'modifier-not-allowed', word: w, form: form.id });
      continue;
    }
    const chosen = slotFor(slots, filled, cands, w, lastType);
    if (chosen >= 0) {
      filled[chosen] = w;
      if (slots[chosen]!.isType) lastType = chosen;
      else if (SPACES.has(w) && slots[chosen]!.values.every((v) => SPACES.has(v))) {
        if (chosen < lastSpace) problems.push({ kind: 'space-order', word: w, form: form.id });
        lastSpace = Math.max(lastSpace, chosen);
      }
      continue;
    }
    if (chosen === DUPLICATE) continue;
    const c0 = cands[0]!;
    if (slots[c0]!.isType && cands.some((c) => filled[c] === undefined)) problems.push({ kind: 'type-order', word: w, form: form.id });
    else if (slots[c0]!.isType) problems.push({ kind: 'type-not-allowed', word: w, form: form.id });
    else problems.push({ kind: 'conflict', slot: slots[c0]!.name, words: [filled[c0]!, w], form: form.id });
  }
  slots.forEach((s, i) => {
    if (!s.optional && filled[i] === undefined) problems.push({ kind: 'missing', slot: s.name, values: s.values, form: form.id });
  });
  return { problems, filled };
}

/**
 * Whether `place` finds no problem, told without building its answer (no problem objects, no
 * `filled` array of its own): matchModifiers' question for every form that takes all the words.
 * The same walk as place's, stopping at its first problem.
 */
function placeFits(form: InstructionForm, slotIndex: Map<string, number[]>, words: readonly string[], ignored: ReadonlySet<string>): boolean {
  const slots = form.slots;
  const n = slots.length;
  const filled = n <= placeScratch.length ? placeScratch : new Array<string | undefined>(n);
  for (let i = 0; i < n; i++) filled[i] = undefined;
  let lastType = -1;
  let lastSpace = -1;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    const cands = slotIndex.get(w);
    if (cands === undefined) {
      if (ignored.has(w)) continue;
      return false;
    }
    const chosen = slotFor(slots, filled, cands, w, lastType);
    if (chosen >= 0) {
      filled[chosen] = w;
      const s = slots[chosen]!;
      if (s.isType) lastType = chosen;
      else if (SPACES.has(w) && allSpaces(s.values)) {
        if (chosen < lastSpace) return false;
        if (chosen > lastSpace) lastSpace = chosen;
      }
      continue;
    }
    if (chosen !== DUPLICATE) return false;
  }
  for (let i = 0; i < n; i++) if (!slots[i]!.optional && filled[i] === undefined) return false;
  return true;
}

/** placeFits' slots (a form has a few dozen at most; a longer one gets an array of its own). */
const placeScratch: (string | undefined)[] = new Array<string | undefined>(64).fill(undefined);

function allSpaces(values: readonly string[]): boolean {
  for (let i = 0; i < values.length; i++) if (!SPACES.has(values[i]!)) return false;
  return true;
}

/** Whether every word is one some slot of the form takes or one the form ignores (else `place` finds a problem). */
function takesAll(slotIndex: Map<string, number[]>, words: readonly string[], ignored: ReadonlySet<string>): boolean {
  // (An indexed loop: run mostly before it is optimized, where for-of calls the array iterator per word.)
  for (let i = 0; i < words.length; i++) if (!slotIndex.has(words[i]!) && !ignored.has(words[i]!)) return false;
  return true;
}

function isTypeLike(word: string, slots: readonly ModifierSlot[]): boolean {
  return slots.some((s) => s.isType) && /^\.(?:[bsuf]\d|bf16|tf32|e\d|ue\d)/.test(word);
}

interface ModifierMatch {
  /** Forms whose modifier slots the words fill. */
  forms: InstructionForm[];
  /** When none: the nearest form and its problems. */
  nearest?: { form: InstructionForm; problems: WhyNot[] };
}

const memo = new Map<string, ModifierMatch>();

/** Modifier-only matching, memoized by opcode and words (real files repeat few spellings). */
function matchModifiers(opcode: string, words: readonly string[]): ModifierMatch | undefined {
  const key = opcode + '\u0000' + words.join('');
  const hit = memo.get(key);
  if (hit) return hit;
  const e = opcodeEntry(opcode);
  if (!e) return undefined;
  const forms: InstructionForm[] = [];
  let nearest: { form: InstructionForm; problems: WhyNot[] } | undefined;
  // A form that neither takes nor ignores one of the words has a problem: placing is needed only
  // for the others, and for all of them (the nearest form) only when none matches.
  for (let i = 0; i < e.forms.length; i++) {
    if (!takesAll(e.slotIndex[i]!, words, e.ignored[i]!)) continue;
    const f = e.forms[i]!;
    if (placeFits(f, e.slotIndex[i]!, words, e.ignored[i]!)) forms.push(f);
  }
  if (forms.length === 0)
    e.forms.forEach((f, i) => {
      const p = place(f, e.slotIndex[i]!, words, e.vocabulary, e.ignored[i]!);
      if (p.problems.length > 0 && (!nearest || p.problems.length < nearest.problems.length)) nearest = { form: f, problems: p.problems };
    });
  // (An exact-size copy: an array grown by push keeps room for 16, and the memo keeps it.)
  const r: ModifierMatch = forms.length > 0 ? { forms: forms.slice() } : { forms, nearest };
  if (memo.size > 50_000) memo.clear();
  memo.set(key, r);
  return r;
}

// ------------------------------------------------------------------------------------ gates

/** Whether `target` (`sm_90a`) satisfies a requirement (see TargetReq). */
export function targetSatisfies(target: string, req: string): boolean {
  const t = parsedTarget(target);
  const r = parsedTarget(req);
  if (!t || !r) return true;
  if (r.suffix === '') return t.number >= r.number;
  if (r.suffix === 'a') return t.number === r.number && t.suffix === 'a';
  // Family-specific: a member of the same family (same tens), at least as new, with `f` or `a`.
  return (t.suffix === 'f' || t.suffix === 'a') && t.number >= r.number && Math.floor(t.number / 10) === Math.floor(r.number / 10);
}

/** parseTargetName, remembered per name (a module has one target; the tables name a few dozen). */
function parsedTarget(name: string): ParsedTarget | undefined {
  let t = parsedTargets.get(name);
  if (t === undefined) {
    if (parsedTargets.size > 1000) parsedTargets.clear();
    parsedTargets.set(name, (t = parseTargetName(name) ?? null));
  }
  return t ?? undefined;
}

const parsedTargets = new Map<string, ParsedTarget | null>();

function versionCodeOf(v: string): number {
  let code = versionCodes.get(v);
  if (code === undefined) {
    const [a, b] = v.split('.');
    versionCodes.set(v, (code = Number(a) * 10 + Number(b)));
  }
  return code;
}

const versionCodes = new Map<string, number>();

/** Whether a gate refuses `ctx` (what gateProblem finds, without building its answer: most gates pass). */
function gateFails(gate: Gate, ctx: MatchContext): boolean {
  if (gate.ptx && ctx.version !== undefined && ctx.version < versionCodeOf(gate.ptx)) return true;
  if (gate.ptxBelow && ctx.version !== undefined && ctx.version >= versionCodeOf(gate.ptxBelow)) return true;
  const sm = targetsOf(gate, ctx);
  return !!sm && sm.length > 0 && ctx.target !== undefined && !sm.some((r) => targetSatisfies(ctx.target!, r));
}

/** A gate's targets under `ctx`'s version (smBefore below its version). */
function targetsOf(gate: Gate, ctx: MatchContext): readonly TargetReq[] | undefined {
  return gate.smBefore && ctx.version !== undefined && ctx.version < versionCodeOf(gate.smBefore.ptx) ? gate.smBefore.sm : gate.sm;
}

function gateProblem(gate: Gate | undefined, what: string, ctx: MatchContext): WhyNot | undefined {
  if (!gate) return undefined;
  if (gate.ptx && ctx.version !== undefined && ctx.version < versionCodeOf(gate.ptx)) return { kind: 'needs-version', what, version: gate.ptx };
  if (gate.ptxBelow && ctx.version !== undefined && ctx.version >= versionCodeOf(gate.ptxBelow)) return { kind: 'dropped-in-version', what, version: gate.ptxBelow };
  const sm = targetsOf(gate, ctx);
  if (sm && sm.length > 0 && ctx.target !== undefined && !sm.some((r) => targetSatisfies(ctx.target!, r))) return { kind: 'needs-target', what, targets: sm };
  return undefined;
}

/** A family's gates of word pairs (`word+word` keys of CURATION.wordGates), split once. */
function pairGatesOf(family: string, wg: Readonly<Record<string, Gate>>): readonly { parts: string[]; gate: Gate }[] {
  let l = pairGates.get(family);
  if (!l) {
    l = [];
    for (const [k, gate] of Object.entries(wg)) if (k.includes('+')) l.push({ parts: k.split('+'), gate });
    pairGates.set(family, l);
  }
  return l;
}

const pairGates = new Map<string, { parts: string[]; gate: Gate }[]>();

/** Whether gateProblems finds nothing (most forms pass): without its array, its text or the pair loop's iterator. */
function gatesPass(form: InstructionForm, words: readonly string[], ctx: MatchContext): boolean {
  if (form.gate && gateFails(form.gate, ctx)) return false;
  const wg = CURATION.wordGates[form.family];
  if (!wg) return true;
  for (let k = 0; k < words.length; k++) {
    const gate = wg[words[k]!];
    if (gate && gateFails(gate, ctx)) return false;
  }
  const pairs = pairGatesOf(form.family, wg);
  for (let k = 0; k < pairs.length; k++) {
    const parts = pairs[k]!.parts;
    let all = true;
    for (let j = 0; j < parts.length; j++)
      if (!words.includes(parts[j]!)) {
        all = false;
        break;
      }
    if (all && gateFails(pairs[k]!.gate, ctx)) return false;
  }
  return true;
}

/** The version/target problems of a modifier-matched form under `ctx` (empty: it passes). */
export function gateProblems(form: InstructionForm, words: readonly string[], ctx: MatchContext): WhyNot[] {
  const out: WhyNot[] = [];
  if (form.gate && gateFails(form.gate, ctx)) out.push(gateProblem(form.gate, `${form.opcode}${words.join('')}`, ctx)!);
  const wg = CURATION.wordGates[form.family];
  if (wg) {
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      const gate = wg[w];
      if (gate && gateFails(gate, ctx)) out.push(gateProblem(gate, w, ctx)!);
    }
    for (const { parts, gate } of pairGatesOf(form.family, wg)) {
      if (parts.every((p) => words.includes(p)) && gateFails(gate, ctx)) out.push(gateProblem(gate, parts.join(''), ctx)!);
    }
  }
  return out;
}

/**
 * Matches an instruction's opcode and dotted words (with dots, in written order, as
 * Instruction.modifiers holds them) against the tables under the module's version and target.
 */
export function matchInstruction(opcode: string, words: readonly string[], ctx: MatchContext = {}): MatchResult {
  // Whole answers are memoized too, per context (a module has one version and target, and repeats
  // few spellings) by the spelling's text, as matchModifiers' memo. Pass the same `ctx` object for
  // a whole module: it is recognized by identity. (One Map per version and target: a trie of words
  // held a Map per word of each spelling, a tenth of what the instruction layer keeps alive.)
  if (ctx !== lastCtx) {
    lastCtx = ctx;
    const k = `${ctx.version ?? ''}|${ctx.target ?? ''}`;
    let t = answers.get(k);
    if (!t) answers.set(k, (t = new Map()));
    lastAnswers = t;
  }
  const key = spellingKey(opcode, words);
  const hit = lastAnswers!.get(key);
  if (hit !== undefined) return hit;
  if (++cached > 200_000) {
    // Bound memory on adversarial input: start over.
    for (const m of answers.values()) m.clear();
    cached = 0;
  }
  const r = matchUncached(opcode, words, ctx);
  lastAnswers!.set(key, r);
  return r;
}

/** A spelling as one string: the opcode, a NUL, the words as written (each starts with its dot). */
function spellingKey(opcode: string, words: readonly string[]): string {
  let key = opcode + '\u0000';
  for (let j = 0; j < words.length; j++) key += words[j]!;
  return key;
}

/** Drops the reference to the last context (the answers, kept by version and target, stay). */
export function releaseMatchContext(): void {
  lastCtx = undefined;
}

const answers = new Map<string, Map<string, MatchResult>>();
let lastCtx: MatchContext | undefined;
let lastAnswers: Map<string, MatchResult> | undefined;
let cached = 0;

function matchUncached(opcode: string, words: readonly string[], ctx: MatchContext): MatchResult {
  const m = matchModifiers(opcode, words);
  if (!m) return { ok: false, reasons: [{ kind: 'unknown-opcode', opcode }] };
  if (m.forms.length === 0) {
    const n = m.nearest!;
    return { ok: false, reasons: n.problems, nearest: n.form };
  }
  if (ctx.version === undefined && ctx.target === undefined) return { ok: true, forms: m.forms };
  const passing: InstructionForm[] = [];
  let firstProblems: WhyNot[] | undefined;
  for (let k = 0; k < m.forms.length; k++) {
    const f = m.forms[k]!;
    if (gatesPass(f, words, ctx)) passing.push(f);
    else firstProblems ??= gateProblems(f, words, ctx);
  }
  // (The modifier match's own array when every form passes, else an exact-size copy: answers are kept.)
  if (passing.length > 0) return { ok: true, forms: passing.length === m.forms.length ? m.forms : passing.slice() };
  return { ok: false, reasons: firstProblems!, nearest: m.forms[0] };
}

// ------------------------------------------------------------------------------------ operands

/** How many operands a form takes: required ones, and all with the optional ones. */
export function operandArity(form: InstructionForm): { min: number; max: number } {
  let min = 0;
  for (const o of form.operands) if (!o.optional) min++;
  return { min, max: form.operands.length };
}

/** The forms among `forms` that take `count` operands. */
export function formsTakingOperandCount(forms: readonly InstructionForm[], count: number): InstructionForm[] {
  return forms.filter((f) => {
    const a = operandArity(f);
    return count >= a.min && count <= a.max;
  });
}

// ------------------------------------------------------------------------------------ editor

/** What an editor shows for an instruction: its form, a syntax line, operand kinds and needs. */
export interface InstructionInfo {
  form: string;
  syntax: string;
  operands: readonly OperandSpec[];
  /** The oldest `.version` and the targets the instruction as written needs (form and words). */
  needs: { ptx?: string; sm?: readonly string[] };
}

/** Describes the first form an instruction matches (ignoring gates), or undefined. */
export function describeInstruction(opcode: string, words: readonly string[], operandCount?: number): InstructionInfo | undefined {
  const m = matchModifiers(opcode, words);
  if (!m || m.forms.length === 0) return undefined;
  const forms = operandCount === undefined ? m.forms : formsTakingOperandCount(m.forms, operandCount);
  const f = forms[0] ?? m.forms[0]!;
  let ptx = f.gate.ptx;
  let sm = f.gate.sm;
  const wg = CURATION.wordGates[f.family] ?? {};
  for (const w of words) {
    const g = wg[w];
    if (g?.ptx && (!ptx || versionCodeOf(g.ptx) > versionCodeOf(ptx))) ptx = g.ptx;
    if (g?.sm) sm = g.sm;
  }
  return { form: f.id, syntax: f.syntax, operands: f.operands, needs: { ...(ptx ? { ptx } : {}), ...(sm ? { sm } : {}) } };
}
