/**
 * Turns the syntax data (syntax.generated.ts + curation.ts) into InstructionForm objects, and
 * parses one syntax line into modifier slots and operands. Pure functions; no checker dependency.
 */
import type { Curation, Gate, InstructionForm, ModifierSlot, OperandSpec, SetPatch, SyntaxBlock, SyntaxFamily } from './types.js';

/** Data-type words: `.u32`, `.f16x2`, `.bf16`, `.e4m3x2`, `.ue8m0x2`, `.tf32`, `.b4x16_p64`, `.pred`. */
const TYPE_WORD = /^\.(?:[bsuf]\d+(?:x\d+)?|bf16(?:x2)?|tf32|pred|u?e\d+m\d+(?:x\d+)?|b\d+x\d+(?:_p\d+)?)$/;

export function isTypeWord(word: string): boolean {
  return TYPE_WORD.test(word);
}

type FamilyBlocks = Map<string, { block: SyntaxBlock; curated: boolean; gate?: Gate }[]>;

/** familyBlocks's last answer: the checker compiles opcode by opcode (compileAll's `only`), each time from the same tables. */
let lastBlocks: { families: readonly SyntaxFamily[]; curation: Curation; byName: FamilyBlocks } | undefined;

/** The blocks of every family, the curated ones after the manual's, in table order (read-only: shared between calls). */
function familyBlocks(families: readonly SyntaxFamily[], curation: Curation): FamilyBlocks {
  if (lastBlocks && lastBlocks.families === families && lastBlocks.curation === curation) return lastBlocks.byName;
  const byName: FamilyBlocks = new Map();
  for (const f of families) byName.set(f.family, f.blocks.map((block) => ({ block, curated: false })));
  for (const [family, blocks] of Object.entries(curation.extraBlocks)) {
    const list = byName.get(family) ?? [];
    blocks.forEach((block, i) => list.push({ block, curated: true, gate: curation.extraBlockGates?.[family]?.[i] }));
    byName.set(family, list);
  }
  lastBlocks = { families, curation, byName };
  return byName;
}

/**
 * The families (in table order) whose forms may have each opcode: a form line's first word, or
 * the members of the set it names (`vop`). A superset is fine: compiling by opcode (compileAll's
 * `only`) then compiles a family more than needed, never less.
 */
export function familiesByOpcode(families: readonly SyntaxFamily[], curation: Curation): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [family, blocks] of familyBlocks(families, curation)) {
    const opcodes = new Set<string>();
    for (const { block } of blocks)
      for (const line of block.forms) {
        const w = /^[A-Za-z_]\w*/.exec(line)?.[0];
        if (!w) continue;
        let set: readonly string[] | undefined;
        for (const b of blocks) set ??= b.block.sets[w];
        for (const o of set?.filter((x) => /^[a-z]/.test(x)) ?? [w]) opcodes.add(o);
      }
    for (const o of opcodes) {
      const l = out.get(o) ?? [];
      l.push(family);
      out.set(o, l);
    }
  }
  return out;
}

/** Splits `add{.rnd}{.ftz}.f32 d, a, b` into head and operand text at the first blank outside braces. */
function splitLine(line: string): { head: string; rest: string } {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ' ' && depth === 0) {
      // `ld.global{.cop} .nc` never happens; but `{.x} .y` would: continue the head after a blank before '.'.
      if (line[i + 1] === '.' || line[i + 1] === '{' && line[i + 2] === '.') continue;
      return { head: line.slice(0, i), rest: line.slice(i + 1).trim() };
    }
  }
  return { head: line, rest: '' };
}

/**
 * Words of a head: `{ word, optional }` in order. `{.a.b}` is one optional group, `.a.b`, taken whole
 * or not at all (min/max's `{.xorsign.abs}`: ptxas 13.0 says "Modifier '.abs' requires modifier
 * '.xorsign'" and the reverse).
 */
function headWords(head: string): { opcode: string; words: { word: string; optional: boolean }[] } {
  const m = /^[A-Za-z_][\w]*/.exec(head);
  if (!m) throw new Error(`bad syntax head: ${head}`);
  const opcode = m[0];
  const words: { word: string; optional: boolean }[] = [];
  let i = opcode.length;
  while (i < head.length) {
    const c = head[i];
    if (c === ' ') { i++; continue; }
    if (c === '{') {
      const end = head.indexOf('}', i);
      const group = head.slice(i + 1, end).split('.').filter((x) => x.trim()).map((w) => '.' + w.trim());
      if (group.length > 0) words.push({ word: group.join(''), optional: true });
      i = end + 1;
      continue;
    }
    if (c === '.') {
      const r = /^\.[\w:]+/.exec(head.slice(i));
      if (!r) throw new Error(`bad syntax head: ${head}`);
      words.push({ word: r[0], optional: false });
      i += r[0].length;
      continue;
    }
    throw new Error(`bad syntax head: ${head} at ${i}`);
  }
  return { opcode, words };
}

/** Expands `.collector::buffer::op` with the block's `::buffer`/`::op` sets. */
function expandSubSets(value: string, sets: (name: string) => readonly string[] | undefined): string[] {
  const parts = value.split(/(?=::)/);
  let out = [parts[0]!];
  for (const p of parts.slice(1)) {
    const alts = sets(p);
    out = alts ? out.flatMap((o) => alts.map((a) => o + a)) : out.map((o) => o + p);
  }
  return out;
}

/** Operand list of a syntax line, e.g. `d, [a]{.unified}{, cache-policy}` or `p{|q}, a, b, {!}c`. */
export function parseOperands(text: string, opcode: string): OperandSpec[] {
  const out: OperandSpec[] = [];
  parseOperandList(text, false, out, opcode);
  return out;
}

function matching(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (text[j] === open) depth++;
    else if (text[j] === close && --depth === 0) return j;
  }
  return text.length - 1;
}

function topLevelCommaCount(s: string): number {
  let depth = 0;
  let n = 0;
  for (const c of s) {
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) n++;
  }
  return n;
}

function parseOperandList(text: string, optional: boolean, out: OperandSpec[], opcode: string): void {
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === ',') { i++; continue; }
    if (c === '{' && /^\{\s*,/.test(text.slice(i))) {
      // `{, x}`: optional operands.
      const end = matching(text, i, '{', '}');
      parseOperandList(text.slice(text.indexOf(',', i) + 1, end), true, out, opcode);
      i = end + 1;
      continue;
    }
    if (c === '{' && text[i + 1] === '!') {
      // `{!}c`: a predicate that may be negated.
      const end = text.indexOf('}', i);
      const name = /^[\w-]+/.exec(text.slice(end + 1))?.[0] ?? '';
      out.push({ name: '!' + name, kind: 'pred', optional, negatable: true });
      i = end + 1 + name.length;
      continue;
    }
    if (c === '{' && text[i + 1] === '-' && text[i + 2] === '}') {
      // `{-}a`: an operand that may be negated (video instructions).
      i += 3;
      continue;
    }
    if (c === '{' && text[i + 1] === '.') {
      // `{.unified}` after an address: an operand qualifier, not an operand.
      i = text.indexOf('}', i) + 1;
      continue;
    }
    if (c === '{') {
      const end = matching(text, i, '{', '}');
      const inner = text.slice(i + 1, end).trim();
      const fixed = !/\.\.|\+/.test(inner);
      out.push({ name: `{${inner}}`, kind: 'vector', optional, ...(fixed ? { count: topLevelCommaCount(inner) + 1 } : {}) });
      i = end + 1;
      continue;
    }
    if (c === '[') {
      const end = matching(text, i, '[', ']');
      const inner = text.slice(i + 1, end);
      out.push({ name: `[${inner.trim()}]`, kind: 'address', optional, count: topLevelCommaCount(inner) + 1 });
      i = end + 1;
      continue;
    }
    if (c === '(') {
      const end = matching(text, i, '(', ')');
      out.push({ name: text.slice(i, end + 1), kind: 'list', optional });
      i = end + 1;
      continue;
    }
    // `d.dsel` (a video instruction's selector) is one operand.
    const m = /^[\w-]+(?:\.[\w-]+)*(?:\{\|[\w-]+\}|\|[\w-]+)?/.exec(text.slice(i));
    if (!m) { i++; continue; }
    const name = m[0];
    i += name.length;
    if (name.includes('|')) out.push({ name, kind: 'pred-pair', optional });
    else out.push({ name, kind: operandKindByName(opcode, name), optional });
  }
}

/** The few operand names whose kind the syntax line alone tells (the rest are values). */
function operandKindByName(opcode: string, name: string): OperandSpec['kind'] {
  if ((opcode === 'bra' || opcode === 'brx') && /^(tgt|target|tlist|label)$/.test(name)) return 'label';
  if (opcode === 'call' && /^(func|fptr)$/.test(name)) return 'function';
  // Braced lists the syntax line names bare: tcgen05.mma's disable-output-lane mask, the bulk tensor copies' im2col offsets.
  if (name === 'disable-output-lane' || name === 'im2colInfo') return 'vector';
  return 'value';
}

type Sets = Readonly<Record<string, readonly string[]>>;

/**
 * Compiles one form line. `sets` resolves a set name (the block's own sets first, then those of the
 * family's other blocks: the Syntax blocks sometimes define a set once for several blocks). A form
 * whose opcode is a set (`vop = { vadd, vsub, ... }`) or whose set has multi-word members
 * (`.proxykind = { .alias, .async.global }`) becomes several forms.
 */
export function compileForm(line: string, sets: (name: string) => readonly string[] | undefined, family: string, id: string, gate: Gate): InstructionForm[] {
  const { head, rest } = splitLine(line);
  const { opcode, words } = headWords(head);
  const opcodes = sets(opcode)?.filter((o) => /^[a-z]/.test(o)) ?? [opcode];
  // Each slot: its values; multi-word values split the form into variants.
  type Draft = { word: string; optional: boolean; values: string[]; isSet: boolean }[];
  let drafts: Draft[] = [[]];
  for (const { word, optional } of words) {
    const set = sets(word.slice(1));
    let values = set ? set.flatMap((v) => expandSubSets(v, sets)) : expandSubSets(word, sets);
    let opt = optional;
    // `none` as a member: the slot may be left out.
    if (values.includes('none')) {
      values = values.filter((v) => v !== 'none');
      opt = true;
    }
    const single = values.filter((v) => v.lastIndexOf('.') === 0);
    const multi = values.filter((v) => v.lastIndexOf('.') > 0);
    const next: Draft[] = [];
    // An optional group of literal words (`{.xorsign.abs}`): a variant without it and one with every word required.
    const group = !set && opt && multi.length === 1 && values.length === 1;
    for (const d of drafts) {
      if (group) {
        next.push(d, [...d, ...multi[0]!.split(/(?=\.)/).map((w) => ({ word: w, optional: false, values: [w], isSet: false }))]);
        continue;
      }
      if (single.length > 0) next.push([...d, { word, optional: opt, values: single, isSet: !!set }]);
      // A word of a multi-word member may name a set itself (`.to_proxy::from_proxy.release.scope`).
      for (const m of multi) next.push([...d, ...m.split(/(?=\.)/).map((w) => {
        const inner = sets(w.slice(1));
        return inner ? { word: w, optional: opt, values: inner.flatMap((v) => expandSubSets(v, sets)), isSet: true } : { word: w, optional: opt, values: [w], isSet: false };
      })]);
    }
    drafts = next;
  }
  const operands = parseOperands(rest, opcode);
  const out: InstructionForm[] = [];
  for (const op of opcodes) {
    drafts.forEach((d, vi) => {
      const slots: ModifierSlot[] = d.map((x, position) => ({
        name: x.isSet ? x.word.slice(1) : x.values.length === 1 ? x.values[0]! : x.word,
        values: x.values,
        optional: x.optional,
        literal: !x.isSet,
        isType: x.values.length > 0 && x.values.every(isTypeWord),
        position,
      }));
      const variant = (opcodes.length > 1 ? `:${op}` : '') + (drafts.length > 1 ? `/${vi}` : '');
      const syntax = opcodes.length > 1 ? op + line.slice(opcode.length) : line;
      out.push({ id: id + variant, family, opcode: op, syntax, slots, operands, gate });
    });
  }
  return out;
}

function patched(sets: Sets, patches: readonly SetPatch[], block: number): Sets {
  const out: Record<string, readonly string[]> = { ...sets };
  for (const p of patches) {
    if (p.block !== undefined && p.block !== block) continue;
    // A patch of a set the block does not define defines it there (when it adds).
    const cur = out[p.set] ?? [];
    if (cur.length === 0 && (!p.add || p.block === undefined)) continue;
    out[p.set] = [...new Set([...cur.filter((v) => !p.remove?.includes(v)), ...(p.add ?? [])])];
  }
  return out;
}

/** All forms of the tables, in table order. */
export function compileAll(families: readonly SyntaxFamily[], curation: Curation, only?: ReadonlySet<string>): InstructionForm[] {
  const out: InstructionForm[] = [];
  const byName = familyBlocks(families, curation);
  for (const [family, blocks] of byName) {
    if (only && !only.has(family)) continue;
    const patches = curation.setPatches[family] ?? [];
    const gate = curation.familyGates[family] ?? {};
    const blockSets = blocks.map((b, i) => patched(b.block.sets, patches, i));
    blocks.forEach((b, bi) => {
      // The block's own sets, then the following blocks', then the preceding ones' (nearest first).
      const order = [bi, ...blockSets.map((_, j) => j).filter((j) => j > bi), ...blockSets.map((_, j) => j).filter((j) => j < bi).reverse()];
      const lookup = (name: string) => {
        for (const j of order) {
          const v = blockSets[j]![name];
          if (v) return v;
        }
        return undefined;
      };
      const optional = curation.optionalWords[family];
      b.block.forms.forEach((line, fi) => {
        for (const f of compileForm(line, lookup, family, `${family}#${b.curated ? '+' : ''}${bi}.${fi}`, b.gate ? { ...gate, ...b.gate } : gate)) {
          if (optional) (f as unknown as { slots: ModifierSlot[] }).slots = f.slots.map((sl) => (sl.literal && optional.includes(sl.values[0]!) ? { ...sl, optional: true } : sl));
          out.push(f);
        }
      });
    });
  }
  return out;
}
