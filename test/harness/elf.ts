/**
 * A small little-endian ELF64 reader: section headers with names and bytes, and the symbol table.
 * Enough to read cubins written by ptxas and relocatable objects written by llvm-mc.
 */

export interface ElfSection {
  name: string;
  /** sh_type, e.g. 1 PROGBITS, 2 SYMTAB, 3 STRTAB, 4 RELA, 8 NOBITS, 9 REL. */
  type: number;
  flags: bigint;
  offset: number;
  size: number;
  link: number;
  info: number;
  align: number;
  entsize: number;
  /** The section's bytes in the file; empty for NOBITS. */
  data: Uint8Array;
}

export interface ElfSymbol {
  name: string;
  value: bigint;
  size: bigint;
  /** Index of the section the symbol is defined in (0 undefined, 0xfff1 absolute, …). */
  shndx: number;
  /** 0 LOCAL, 1 GLOBAL, 2 WEAK. */
  bind: number;
  /** 0 NOTYPE, 1 OBJECT, 2 FUNC, 3 SECTION, 4 FILE. */
  type: number;
  other: number;
}

export interface ElfRelocation {
  offset: bigint;
  type: number;
  symbol: number;
  addend: bigint;
}

export interface ElfFile {
  machine: number;
  flags: number;
  sections: ElfSection[];
  symbols: ElfSymbol[];
}

export const SHT_SYMTAB = 2;
export const SHT_RELA = 4;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;

function cString(bytes: Uint8Array, at: number): string {
  let end = at;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return Buffer.from(bytes.subarray(at, end)).toString('latin1');
}

/** Parses an ELF64 little-endian image; throws on anything else (this is a test harness). */
export function readElf(buf: Uint8Array): ElfFile {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf[0] !== 0x7f || buf[1] !== 0x45 || buf[2] !== 0x4c || buf[3] !== 0x46) throw new Error('not an ELF file');
  if (buf[4] !== 2 || buf[5] !== 1) throw new Error('only little-endian ELF64 is supported');
  const machine = view.getUint16(18, true);
  const flags = view.getUint32(48, true);
  const shoff = Number(view.getBigUint64(40, true));
  const shentsize = view.getUint16(58, true);
  const shnum = view.getUint16(60, true);
  const shstrndx = view.getUint16(62, true);
  const raw: (Omit<ElfSection, 'name'> & { nameOffset: number })[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    const type = view.getUint32(at + 4, true);
    const offset = Number(view.getBigUint64(at + 24, true));
    const size = Number(view.getBigUint64(at + 32, true));
    raw.push({
      nameOffset: view.getUint32(at, true),
      type,
      flags: view.getBigUint64(at + 8, true),
      offset,
      size,
      link: view.getUint32(at + 40, true),
      info: view.getUint32(at + 44, true),
      align: Number(view.getBigUint64(at + 48, true)),
      entsize: Number(view.getBigUint64(at + 56, true)),
      data: type === SHT_NOBITS ? new Uint8Array(0) : buf.subarray(offset, offset + size),
    });
  }
  const names = raw[shstrndx]?.data ?? new Uint8Array(0);
  const sections: ElfSection[] = raw.map(({ nameOffset, ...s }) => ({ name: cString(names, nameOffset), ...s }));
  const symbols: ElfSymbol[] = [];
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (symtab) {
    const strings = sections[symtab.link]?.data ?? new Uint8Array(0);
    const sv = new DataView(symtab.data.buffer, symtab.data.byteOffset, symtab.data.byteLength);
    for (let at = 0; at + 24 <= symtab.data.length; at += 24) {
      const info = sv.getUint8(at + 4);
      symbols.push({
        name: cString(strings, sv.getUint32(at, true)),
        bind: info >> 4,
        type: info & 15,
        other: sv.getUint8(at + 5),
        shndx: sv.getUint16(at + 6, true),
        value: sv.getBigUint64(at + 8, true),
        size: sv.getBigUint64(at + 16, true),
      });
    }
  }
  return { machine, flags, sections, symbols };
}

/** Entries of a REL or RELA section. */
export function readRelocations(section: ElfSection): ElfRelocation[] {
  const out: ElfRelocation[] = [];
  const rela = section.type === SHT_RELA;
  const step = rela ? 24 : 16;
  const v = new DataView(section.data.buffer, section.data.byteOffset, section.data.byteLength);
  for (let at = 0; at + step <= section.data.length; at += step) {
    const info = v.getBigUint64(at + 8, true);
    out.push({
      offset: v.getBigUint64(at, true),
      type: Number(info & 0xffffffffn),
      symbol: Number(info >> 32n),
      addend: rela ? v.getBigInt64(at + 16, true) : 0n,
    });
  }
  return out;
}

/** The bytes of a defined symbol (zeros for NOBITS sections), or undefined when it has no section. */
export function symbolBytes(elf: ElfFile, sym: ElfSymbol): Uint8Array | undefined {
  const sec = elf.sections[sym.shndx];
  if (!sec || sym.shndx === 0 || sym.shndx >= 0xff00) return undefined;
  const start = Number(sym.value);
  const size = Number(sym.size);
  if (sec.type === SHT_NOBITS) return new Uint8Array(size);
  return sec.data.subarray(start, start + size);
}
