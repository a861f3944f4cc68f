// Build step (run by postbuild.mjs after `tsc`, before the bundle): the PTX instruction tables
// compiled ahead of time. `tsc` emits src/ptx/instructions/prepared.ts as a placeholder (no data:
// each opcode's forms are compiled from the syntax data and the curation on first use, about 1.4 M
// instructions per form while that code is still cold). This overwrites the emitted
// dist/src/ptx/instructions/prepared.js with one JSON text per opcode, made by that same compile
// (match.ts `preparedOpcodes`) from the same dist, so the data always belongs to the tables built
// with it; a check then parses an opcode's JSON on its first use.
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A JS string literal in single quotes: JSON's double quotes need no escape there (15% smaller than JSON.stringify's). */
function quoted(text) {
  return `'${text.replace(/[\\'\n\r\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === "'" ? "\\'" : c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16)}`))}'`;
}

export async function preparePtxForms() {
  const file = fileURLToPath(new URL('../dist/src/ptx/instructions/prepared.js', import.meta.url));
  const { preparedOpcodes } = await import(new URL('../dist/src/ptx/instructions/match.js', import.meta.url).href);
  const data = preparedOpcodes();
  const lines = Object.keys(data)
    .sort()
    .map((op) => `  ${JSON.stringify(op)}: ${quoted(data[op])},`);
  const text = `// Written by scripts/prepare-ptx-forms.mjs (see src/ptx/instructions/prepared.ts).\nexport const PREPARED = {\n${lines.join('\n')}\n};\n`;
  writeFileSync(file + '.tmp', text);
  renameSync(file + '.tmp', file);
  return { opcodes: lines.length, bytes: text.length };
}
