/**
 * The table `gpuasm layout` prints for a module's variables: name, state space, type, size,
 * alignment and initial bytes (hex, cut at 32 bytes), then the relocations. One formatter for the
 * CLI and the playground (both show exactly this text).
 */
import type { VariableLayout } from './layout.js';

export function formatLayoutTable(variables: VariableLayout[]): string {
  const rows = [['name', 'space', 'type', 'size', 'align', 'bytes']];
  const notes: string[] = [];
  for (const v of variables) {
    const shown = v.hex.length > 64 ? v.hex.slice(0, 64) + `… (${v.size} bytes)` : v.hex || '-';
    rows.push([v.name, v.space, v.type, String(v.size), String(v.align), shown]);
    for (const r of v.relocations) {
      const target = `${r.generic ? 'generic(' + r.symbol + ')' : r.symbol}${r.addend ? (r.addend < 0n ? ' - ' + -r.addend : ' + ' + r.addend) : ''}`;
      notes.push(`  ${v.name}+${r.offset} (${r.size} bytes): ${r.mask !== null ? `0x${r.mask.toString(16)}(${target})` : target}`);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ').trimEnd());
  if (notes.length) lines.push('', 'relocations:', ...notes);
  return lines.join('\n') + '\n';
}
