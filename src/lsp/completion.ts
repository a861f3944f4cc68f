/**
 * Completion: directives, opcodes, the modifiers the tables allow after what is typed, registers
 * and labels in scope, special registers, AMDGPU registers, symbols and instruction modifiers.
 */
import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { PTX_DIRECTIVES, PTX_STATE_SPACES, PTX_TYPES, SPECIAL_REGISTERS } from '../ptx/index.js';
import { AMDGPU_DIRECTIVES, AMDGPU_SPECIAL_REGISTERS, lookupInstruction } from '../amdgpu/index.js';
import type { DocumentAnalysis } from './analysis.js';
import { amdgpuMnemonics, ptxModifierWords, ptxOpcodes } from './instructions.js';
import { scopeAt, type SymDef } from './model.js';

const MAX_ITEMS = 2000;

function item(label: string, kind: CompletionItemKind, detail?: string): CompletionItem {
  return { label, kind, ...(detail ? { detail } : {}) };
}

/** Definitions visible at `offset` (PTX scopes; AMDGPU: all). */
function visibleDefs(a: DocumentAnalysis, offset: number): SymDef[] {
  const m = a.model;
  if (a.lang === 'amdgpu') return m.defs.filter((d) => d.kind !== 'section');
  const chain = new Set<number>();
  for (let s = scopeAt(m, offset); s >= 0; s = m.scopes[s]!.parent) {
    chain.add(s);
    if (s === 0) break;
  }
  return m.defs.filter((d) => chain.has(d.scope));
}

export function completion(a: DocumentAnalysis, doc: TextDocument, pos: { line: number; character: number }): CompletionList {
  const r = items(a, doc, pos);
  return { isIncomplete: r.length >= MAX_ITEMS, items: r };
}

function items(a: DocumentAnalysis, doc: TextDocument, pos: { line: number; character: number }): CompletionItem[] {
  const offset = doc.offsetAt(pos);
  const lineStart = offset - pos.character;
  let before = a.text.slice(lineStart, offset);
  if (a.lang === 'ptx') {
    const cut = Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}'));
    if (cut >= 0) before = before.slice(cut + 1);
    if (/\/\/|^\s*#/.test(before)) return [];
  } else if (/;|\/\/|^\s*#/.test(before)) return [];
  const word = /[%.\w$@]*$/.exec(before)![0];
  const rest = before.slice(0, before.length - word.length).replace(/^\s*(?:[\w$.]+:\s*)*/, '').replace(/^@!?%?[\w$]+\s+/, '');
  const atStart = rest.trim() === '';
  const out: CompletionItem[] = [];
  // Only what matches the word typed so far (its last dotted part after an opcode), at most MAX_ITEMS.
  let prefix = word.toLowerCase();
  const push = (c: CompletionItem) => {
    if (out.length < MAX_ITEMS && c.label.toLowerCase().startsWith(prefix)) out.push(c);
  };

  if (a.lang === 'ptx') {
    const inBody = scopeAt(a.model, offset) > 0;
    const dotted = /^([a-z][\w]*)((?:\.[\w:]+)*)\.[\w:]*$/.exec(word);
    if (atStart && dotted && inBody) {
      prefix = word.slice(word.lastIndexOf('.') + 1).toLowerCase();
      for (const w of ptxModifierWords(dotted[1]!)) push(item(w.slice(1), CompletionItemKind.Keyword, `${dotted[1]} modifier`));
      return out;
    }
    if (word.startsWith('.')) {
      for (const d of PTX_DIRECTIVES) push(item(d, CompletionItemKind.Keyword, 'directive'));
      for (const t of PTX_TYPES) push(item(t, CompletionItemKind.TypeParameter, 'type'));
      for (const s of PTX_STATE_SPACES) if (!PTX_DIRECTIVES.includes(s)) push(item(s, CompletionItemKind.Keyword, 'state space'));
      return out;
    }
    if (atStart && inBody) {
      for (const op of ptxOpcodes()) push(item(op, CompletionItemKind.Function, 'instruction'));
      return out;
    }
    for (const d of visibleDefs(a, offset)) {
      if (d.kind === 'register' && d.count !== undefined) {
        const n = Math.min(d.count, 64);
        for (let i = 0; i < n; i++) push(item(`${d.name}${i}`, CompletionItemKind.Variable, `${d.detail} ${d.name}<${d.count}>`));
      } else push(item(d.name, kindOf(d), d.detail || d.kind));
    }
    for (const s of SPECIAL_REGISTERS.keys()) push(item(s, CompletionItemKind.Constant, 'special register'));
    return out;
  }

  // AMDGPU
  if (atStart) {
    if (word.startsWith('.') || word === '') for (const d of AMDGPU_DIRECTIVES.keys()) push(item(d, CompletionItemKind.Keyword, 'directive'));
    if (!word.startsWith('.')) for (const mn of amdgpuMnemonics(a.target.mcpu)) push(item(mn, CompletionItemKind.Function, 'instruction'));
    return out;
  }
  const mnemonic = /^\s*([\w]+)/.exec(rest)?.[1];
  if (mnemonic) {
    try {
      const l = lookupInstruction(mnemonic, a.target.mcpu);
      if (l.status === 'found') {
        const mods = new Set<string>();
        for (const f of l.forms) for (const x of f.modifiers) mods.add(x);
        for (const x of mods) push(item(x, CompletionItemKind.Property, 'modifier'));
      }
    } catch {
      // no modifiers
    }
  }
  for (const r of AMDGPU_SPECIAL_REGISTERS) push(item(r.name, CompletionItemKind.Constant, 'special register'));
  for (const p of ['v', 's', 'a', 'ttmp']) {
    push(item(`${p}0`, CompletionItemKind.Variable, 'register'));
    push(item(`${p}[0:1]`, CompletionItemKind.Variable, 'register range'));
  }
  for (const d of visibleDefs(a, offset)) push(item(d.name, kindOf(d), d.kind));
  return out;
}

function kindOf(d: SymDef): CompletionItemKind {
  switch (d.kind) {
    case 'label':
      return CompletionItemKind.Reference;
    case 'function':
    case 'kernel':
      return CompletionItemKind.Function;
    case 'macro':
    case 'symbol':
      return CompletionItemKind.Constant;
    default:
      return CompletionItemKind.Variable;
  }
}
