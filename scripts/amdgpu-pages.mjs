// Reads LLVM's AMDGPU assembler syntax pages (../shared/reference/amdgpu-asm-syntax) into rows:
// one row per listed instruction form, with its section (encoding), operands and modifiers.
// Used by gen-amdgpu-instructions.mjs; facts only (names, operand kinds, modifiers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pages and the generation each one describes. */
export const PAGES = [
  { id: 'GFX7', file: 'llvm-2019/AMDGPUAsmGFX7.rst', gen: 7 },
  { id: 'GFX8', file: 'llvm-2019/AMDGPUAsmGFX8.rst', gen: 8 },
  { id: 'GFX9', file: 'llvm-2019/AMDGPUAsmGFX9.rst', gen: 9 },
  { id: 'GFX940', file: 'llvm-current/AMDGPUAsmGFX940.rst', gen: 9 },
  { id: 'GFX10', file: 'llvm-2019/AMDGPUAsmGFX10.rst', gen: 10 },
  { id: 'GFX11', file: 'llvm-current/AMDGPUAsmGFX11.rst', gen: 11 },
  { id: 'GFX12', file: 'llvm-current/AMDGPUAsmGFX12.rst', gen: 12 },
];

const REF = /:ref:`([^<`]*)<([^>`]*)>`/y;

/** Splits the text after the mnemonic into items: {name, ref, ann[], generic, comma}. */
function items(rest) {
  const out = [];
  let i = 0;
  while (i < rest.length) {
    if (rest[i] === ' ' || rest[i] === '\t') { i++; continue; }
    if (rest[i] === ',') { if (out.length) out[out.length - 1].comma = true; i++; continue; }
    let item;
    REF.lastIndex = i;
    let m = REF.exec(rest);
    if (m) {
      item = { name: m[1], ref: m[2], ann: [], comma: false };
      i = REF.lastIndex;
      // annotations `::ref:`m<..>`` (rendered `name:m`, `name:u32`)
      while (rest[i] === ':') {
        REF.lastIndex = i + 1;
        const a = REF.exec(rest);
        if (!a) break;
        item.ann.push(a[1]);
        i = REF.lastIndex;
      }
    } else {
      let j = i;
      while (j < rest.length && rest[j] !== ' ' && rest[j] !== ',') j++;
      const word = rest.slice(i, j);
      const parts = word.split(':');
      item = { name: parts[0], ref: '', ann: parts.slice(1), comma: false };
      i = j;
    }
    // generic refs (amdgpu_synid_NAME without a family tag) are modifiers
    item.generic = /^amdgpu_synid_(?!gfx\d)[a-z]/.test(item.ref) || /^amdgpu_syn_/.test(item.ref);
    out.push(item);
  }
  return out;
}

export function readPage(root, page) {
  const lines = readFileSync(join(root, page.file), 'utf8').split('\n');
  const rows = [];
  let section = null;
  let inTable = false;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k];
    if (/^[A-Z][A-Za-z0-9 _]*$/.test(l) && /^-{2,}$/.test(lines[k + 1] ?? '')) {
      section = l.trim().replace(/\s+/g, '_');
      inTable = false;
      continue;
    }
    if (l.includes('**INSTRUCTION**')) { inTable = true; continue; }
    if (!inTable) continue;
    const m = /^    ([a-z][a-z0-9_]*)(.*)$/.exec(l);
    if (!m) continue;
    const its = items(m[2]);
    const ops = [];
    const mods = [];
    for (const it of its) {
      if (it.generic) mods.push(it.ref.replace(/^amdgpu_synid_/, ''));
      else ops.push({ name: it.name, ref: it.ref, ann: it.ann });
    }
    rows.push({ page: page.id, section, mnemonic: m[1], ops, mods });
  }
  return rows;
}

export function readPages(root) {
  return PAGES.map((p) => ({ ...p, rows: readPage(root, p) }));
}
