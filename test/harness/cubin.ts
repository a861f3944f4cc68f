/** Reading module-scope variables out of a ptxas cubin: each variable's section, offset, bytes and relocations. */
import { readElf, readRelocations, SHT_REL, SHT_RELA, symbolBytes, type ElfFile } from './elf.js';

export interface CubinRelocation {
  /** Offset inside the variable. */
  offset: number;
  type: number;
  symbol: string;
  addend: bigint;
}

export interface CubinVariable {
  name: string;
  section: string;
  /** Offset of the variable inside its section. */
  value: number;
  size: number;
  bytes: Uint8Array;
  relocations: CubinRelocation[];
}

/** Every OBJECT symbol defined in a data section, with its bytes and the relocations that land in it. */
export function cubinVariables(cubin: Uint8Array): Map<string, CubinVariable> {
  const elf: ElfFile = readElf(cubin);
  const out = new Map<string, CubinVariable>();
  // Relocations applying to each section index.
  const relocsBySection = new Map<number, { offset: number; type: number; symbol: string; addend: bigint }[]>();
  for (const sec of elf.sections) {
    if (sec.type !== SHT_RELA && sec.type !== SHT_REL) continue;
    // Only relocations whose target section is a data section matter here.
    const target = elf.sections[sec.info];
    if (!target || !/^\.nv\.(global|constant)/.test(target.name)) continue;
    const list = relocsBySection.get(sec.info) ?? [];
    for (const r of readRelocations(sec)) {
      list.push({ offset: Number(r.offset), type: r.type, symbol: elf.symbols[r.symbol]?.name ?? `#${r.symbol}`, addend: r.addend });
    }
    relocsBySection.set(sec.info, list);
  }
  for (const sym of elf.symbols) {
    if (sym.type !== 1) continue;
    const bytes = symbolBytes(elf, sym);
    if (!bytes) continue;
    const value = Number(sym.value);
    const size = Number(sym.size);
    const relocations = (relocsBySection.get(sym.shndx) ?? [])
      .filter((r) => r.offset >= value && r.offset < value + size)
      .map((r) => ({ ...r, offset: r.offset - value }))
      .sort((a, b) => a.offset - b.offset);
    out.set(sym.name, { name: sym.name, section: elf.sections[sym.shndx]!.name, value, size, bytes, relocations });
  }
  return out;
}
