/**
 * The floor of the benchmark: a Node process that reads the file and touches every byte (counts
 * lines and semicolons with a charCodeAt loop over the latin1 string, as the lexers do). No checker
 * can be faster than this on the same runtime.
 */
import { readFileSync } from 'node:fs';

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: node dist/bench/scan.js FILE\n');
  process.exit(2);
}
const text = readFileSync(path, 'latin1');
let lines = 0;
let semicolons = 0;
for (let i = 0; i < text.length; i++) {
  const c = text.charCodeAt(i);
  if (c === 10) lines++;
  else if (c === 59) semicolons++;
}
process.stdout.write(`${lines} lines, ${semicolons} semicolons\n`);
