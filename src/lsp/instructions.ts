/**
 * What the editor says about instructions, registers and directives: read from the library's
 * instruction tables through its public entry points, with texts of our own. Where a table does
 * not know an instruction yet, the opcode family is described instead.
 */
import { describeInstruction, formsOf, INSTRUCTION_KEYWORDS, knownOpcodes, SPECIAL_REGISTERS } from '../ptx/index.js';
import { allMnemonics, instructionInfo, lookupInstruction, mnemonicsFor, specialRegister, type FormSpec } from '../amdgpu/index.js';

export interface InstructionHelp {
  /** The syntax line(s). */
  signatures: { label: string; parameters: string[] }[];
  /** Markdown lines after the syntax. */
  notes: string[];
}

/** PTX: what the tables say about `opcode.words` with `operandCount` operands. */
export function ptxInstructionHelp(opcode: string, words: string[], operandCount?: number): InstructionHelp | undefined {
  let info: ReturnType<typeof describeInstruction>;
  try {
    info = describeInstruction(opcode, words, operandCount);
  } catch {
    info = undefined;
  }
  if (info) {
    const notes: string[] = [];
    if (info.operands.length) notes.push('Operands: ' + info.operands.map((o) => `\`${o.name}\` ${o.kind}${o.optional ? ' (optional)' : ''}`).join(', '));
    const needs: string[] = [];
    if (info.needs.ptx) needs.push(`PTX ISA ${info.needs.ptx}`);
    if (info.needs.sm?.length) needs.push(`target ${info.needs.sm.join(' or ')}`);
    if (needs.length) notes.push(`Needs ${needs.join(', ')}.`);
    return { signatures: [{ label: info.syntax, parameters: info.operands.map((o) => o.name) }], notes };
  }
  let forms: ReturnType<typeof formsOf> = [];
  try {
    forms = formsOf(opcode);
  } catch {
    forms = [];
  }
  if (forms.length) {
    const seen = new Set<string>();
    const signatures: InstructionHelp['signatures'] = [];
    for (const f of forms) {
      if (seen.has(f.syntax) || signatures.length >= 8) continue;
      seen.add(f.syntax);
      signatures.push({ label: f.syntax, parameters: f.operands.map((o) => o.name) });
    }
    const more = new Set(forms.map((f) => f.syntax)).size - signatures.length;
    return { signatures, notes: [`\`${opcode}\` family: ${forms.length} form(s)${more > 0 ? `, ${more} more not shown` : ''}; the words written here match none exactly.`] };
  }
  if (INSTRUCTION_KEYWORDS.includes(opcode)) return { signatures: [], notes: [`\`${opcode}\` is a PTX instruction keyword.`] };
  return undefined;
}

/** Every PTX opcode the tables or the keyword list know, sorted. */
export function ptxOpcodes(): string[] {
  let known: string[] = [];
  try {
    known = knownOpcodes();
  } catch {
    known = [];
  }
  return [...new Set([...known, ...INSTRUCTION_KEYWORDS])].sort();
}

/** PTX: the modifier words any form of `opcode` takes at the next position (for completion). */
export function ptxModifierWords(opcode: string): string[] {
  const out = new Set<string>();
  try {
    for (const f of formsOf(opcode)) for (const s of f.slots) for (const v of s.values) out.add(v);
  } catch {
    // no table: no words
  }
  return [...out].sort();
}

const PTX_SPECIAL_TEXT: Record<string, [string, string]> = {
  '%tid': ['.v4.u32', 'thread index within the CTA (`.x`, `.y`, `.z`)'],
  '%ntid': ['.v4.u32', 'number of threads of the CTA in each dimension'],
  '%ctaid': ['.v4.u32', 'CTA index within the grid'],
  '%nctaid': ['.v4.u32', 'number of CTAs of the grid in each dimension'],
  '%laneid': ['.u32', 'lane of the thread within its warp (0-31)'],
  '%warpid': ['.u32', 'warp index within the CTA (may change during execution)'],
  '%nwarpid': ['.u32', 'largest warp id plus one'],
  '%smid': ['.u32', 'index of the SM the thread runs on (may change)'],
  '%nsmid': ['.u32', 'largest SM id plus one'],
  '%gridid': ['.u64', 'identifier of the grid (kernel launch)'],
  '%clock': ['.u32', 'low 32 bits of a per-SM cycle counter'],
  '%clock_hi': ['.u32', 'high 32 bits of the per-SM cycle counter'],
  '%clock64': ['.u64', '64-bit per-SM cycle counter'],
  '%globaltimer': ['.u64', 'global nanosecond timer'],
  '%globaltimer_lo': ['.u32', 'low 32 bits of the global nanosecond timer'],
  '%globaltimer_hi': ['.u32', 'high 32 bits of the global nanosecond timer'],
  '%lanemask_eq': ['.u32', 'bit mask with the bit of this lane set'],
  '%lanemask_le': ['.u32', 'bit mask of the lanes at or below this one'],
  '%lanemask_lt': ['.u32', 'bit mask of the lanes below this one'],
  '%lanemask_ge': ['.u32', 'bit mask of the lanes at or above this one'],
  '%lanemask_gt': ['.u32', 'bit mask of the lanes above this one'],
  '%dynamic_smem_size': ['.u32', 'bytes of dynamically allocated shared memory of the launch'],
  '%total_smem_size': ['.u32', 'bytes of shared memory allocated to the CTA (static and dynamic)'],
  '%aggr_smem_size': ['.u32', 'bytes of shared memory of the CTA including reserved memory'],
  '%cluster_ctaid': ['.v4.u32', 'CTA index within its cluster'],
  '%cluster_nctaid': ['.v4.u32', 'number of CTAs of the cluster in each dimension'],
  '%cluster_ctarank': ['.u32', 'rank of the CTA within its cluster'],
  '%cluster_nctarank': ['.u32', 'number of CTAs of the cluster'],
  '%clusterid': ['.v4.u32', 'cluster index within the grid'],
  '%nclusterid': ['.v4.u32', 'number of clusters of the grid in each dimension'],
  '%is_explicit_cluster': ['.pred', 'whether the launch asked for clusters explicitly'],
  '%current_graph_exec': ['.u64', 'handle of the CUDA graph being executed, or 0'],
  '%reserved_smem_offset_begin': ['.b32', 'start of the reserved shared memory region'],
  '%reserved_smem_offset_end': ['.b32', 'end of the reserved shared memory region'],
  '%reserved_smem_offset_cap': ['.b32', 'capacity of the reserved shared memory region'],
  '%reserved_smem_offset_0': ['.b32', 'reserved shared memory offset 0'],
  '%reserved_smem_offset_1': ['.b32', 'reserved shared memory offset 1'],
  WARP_SZ: ['.u32', 'warp size, a constant (32)'],
};

/** PTX: a predefined identifier's type, meaning and availability. */
export function ptxSpecialHelp(name: string): string | undefined {
  const r = SPECIAL_REGISTERS.get(name);
  if (!r) return undefined;
  let text = PTX_SPECIAL_TEXT[name];
  if (!text && /^%envreg\d+$/.test(name)) text = ['.b32', 'driver-defined environment register (read-only)'];
  if (!text && /^%pm\d+_64$/.test(name)) text = ['.u64', 'performance monitoring counter (64-bit)'];
  if (!text && /^%pm\d+$/.test(name)) text = ['.u32', 'performance monitoring counter'];
  const [type, what] = text ?? ['', 'predefined identifier'];
  const avail: string[] = [];
  if (r.minVersion !== undefined) avail.push(`PTX ISA ${Math.floor(r.minVersion / 10)}.${r.minVersion % 10}`);
  if (r.minSm !== undefined) avail.push(`sm_${r.minSm}`);
  return `**${name}**${type ? ` \`${type}\`` : ''} — ${what}.\n\nAvailable ${avail.length ? 'from ' + avail.join(' and ') : 'on every target and version'}.`;
}

/** AMDGPU: the forms of a mnemonic on `gpu`, or what is wrong with it there. */
export function amdgpuInstructionHelp(mnemonic: string, gpu: string): InstructionHelp | undefined {
  let look: ReturnType<typeof lookupInstruction>;
  try {
    look = lookupInstruction(mnemonic, gpu);
  } catch {
    return undefined;
  }
  const describe = (forms: readonly FormSpec[]) => {
    const signatures = forms.slice(0, 6).map((f) => ({ label: `${f.spelled} ${f.operands.map((o) => (o.optional ? `[${o.name}]` : o.name)).join(', ')}`.trim(), parameters: f.operands.map((o) => o.name) }));
    const notes: string[] = [];
    const f = forms[0];
    if (f) {
      notes.push(`Encoding: ${[...new Set(forms.map((x) => x.family))].join(', ')}.`);
      if (f.operands.length) notes.push('Operands: ' + f.operands.map((o) => `\`${o.name}\` ${o.kind}${o.size > 1 ? ` (${o.size} dwords)` : ''}`).join(', '));
      if (f.modifiers.length) notes.push('Modifiers: ' + f.modifiers.map((m) => `\`${m}\``).join(', '));
      notes.push(`On: ${f.gpus.join(', ')}.`);
    }
    return { signatures, notes };
  };
  switch (look.status) {
    case 'found':
      return describe(look.forms);
    case 'not-on-gpu':
      return { signatures: [], notes: [`\`${look.base}\` is not on ${gpu}; it exists on ${look.gpus.join(', ')}.${look.suggestion ? ` Did you mean \`${look.suggestion}\`?` : ''}`] };
    case 'variant-not-supported':
      return { ...describe(look.forms), notes: [`The ${look.variant} variant of \`${look.base}\` is not on ${gpu}.`, ...describe(look.forms).notes] };
    case 'unknown': {
      const info = instructionInfo(mnemonic);
      if (info) return describe(info.forms);
      return look.suggestion ? { signatures: [], notes: [`Unknown instruction. Did you mean \`${look.suggestion}\`?`] } : undefined;
    }
    default:
      return undefined;
  }
}

export function amdgpuMnemonics(gpu: string): readonly string[] {
  try {
    const m = mnemonicsFor(gpu);
    return m.length ? m : allMnemonics();
  } catch {
    return [];
  }
}

/** Nearest AMDGPU mnemonic the table suggests for a misspelt one. */
export function amdgpuSuggestion(mnemonic: string, gpu: string): string | undefined {
  try {
    const l = lookupInstruction(mnemonic, gpu);
    return l.status === 'unknown' || l.status === 'not-on-gpu' ? l.suggestion : undefined;
  } catch {
    return undefined;
  }
}

export function amdgpuSpecialHelp(name: string): string | undefined {
  const r = specialRegister(name.toLowerCase());
  if (!r) return undefined;
  const parts = [`**${r.name}** — ${r.inlineValue ? 'symbolic inline value' : `${r.width}-bit special register`}`];
  if (r.lo && r.hi) parts.push(`halves \`${r.lo}\`, \`${r.hi}\``);
  else if (r.lo || r.hi) parts.push(`half of \`${r.lo ?? r.hi}\``);
  parts.push(`availability: ${r.availability}`);
  return parts.join('; ') + '.';
}

const PTX_DIRECTIVE_TEXT: Record<string, string> = {
  '.version': 'PTX ISA version of the module (first statement).',
  '.target': 'Target architecture(s) and platform options of the module.',
  '.address_size': 'Address size of the module: 32 or 64.',
  '.entry': 'Kernel entry point: callable from the host.',
  '.func': 'Device function: callable from PTX code.',
  '.reg': 'Register state space: fast per-thread storage.',
  '.param': 'Kernel or function parameters.',
  '.global': 'Global memory, shared by every thread of every grid.',
  '.shared': 'Shared memory of a CTA (or cluster).',
  '.const': 'Constant memory: read-only, initialized by the host.',
  '.local': 'Thread-local memory.',
  '.extern': 'Declared here, defined elsewhere.',
  '.visible': 'Visible outside the module.',
  '.weak': 'Visible outside the module; another definition may take its place.',
  '.common': 'Visible outside the module; the largest definition wins.',
  '.align': 'Byte alignment of a variable (a power of two).',
  '.maxntid': 'Most threads a CTA of this kernel may have.',
  '.reqntid': 'Exact number of threads of every CTA of this kernel.',
  '.minnctapersm': 'Fewest CTAs per SM the kernel is compiled for.',
  '.maxnreg': 'Most registers per thread.',
  '.pragma': 'A pragma passed to ptxas (e.g. "nounroll").',
  '.loc': 'Source position for debug information.',
  '.file': 'Source file number for `.loc`.',
  '.section': 'A raw (DWARF) section.',
  '.callprototype': 'Prototype for an indirect call.',
  '.calltargets': 'Possible targets of an indirect call.',
  '.branchtargets': 'Possible targets of an indirect branch (`brx.idx`).',
  '.noreturn': 'The function never returns.',
};

export function ptxDirectiveHelp(name: string): string | undefined {
  return PTX_DIRECTIVE_TEXT[name];
}
