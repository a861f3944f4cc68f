/**
 * PTX check: the lexer records every line start as it scans (so diagnostics find their lines
 * without a second pass over the text; see Lexer.lineTable). Compared with the line starts of the
 * text on every corpus file (as is, with a random break, and with CRLF line ends) and on newlines
 * inside comments and strings. Replay with GPUASM_SEED=<seed>.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '../../../src/ptx/parse/parser.js';
import { itemChecks } from '../../../src/ptx/pipeline.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../../src/core/source.js';
import { listFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { fuzzSeed } from '../../harness/tools.js';
import { rng } from '../../harness/ptx-mutate.js';

if (sharedSkipReason) console.log(sharedSkipReason);

/** Texts inserted at a random place: each breaks a statement, a comment or a string. */
const BREAKS = [';', '}', '{', '%r1', '.reg .b32 %r<4>;', 'L1:', '@', "'", '/*', '//', '\n', 'x'];

/** Every line start of `text`, as SourceFile computes it (reference for the lexer's table). */
function lineStartsOf(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The lexer's line table after parsing and checking `text`, as checkPtx does. */
function lexerLines(text: string): number[] | undefined {
  const parser = new Parser(text);
  const { sink } = itemChecks(unmapped(new SourceFile('m.ptx', text)), new DiagnosticBag(), parser);
  parser.beginModule();
  parser.parseItems(sink, Infinity);
  const t = parser.lx.lineTable();
  return t ? [...t] : undefined;
}

test('ptx line table: the lexer records every line start of corpus files, broken or with CRLF', { skip: sharedSkipReason }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const seed = fuzzSeed();
  const pick = rng(seed);
  const wrong: string[] = [];
  let checked = 0;
  for (const path of listFiles(root, '.ptx')) {
    const text = readFileSync(path, 'latin1');
    const insert = BREAKS[Math.floor(pick() * BREAKS.length)]!;
    const at = Math.floor(pick() * text.length);
    // As is, with a break, and with CRLF line ends.
    for (const t of [text, text.slice(0, at) + insert + text.slice(at), text.replace(/\n/g, '\r\n')]) {
      const got = lexerLines(t);
      assert.ok(got, `${path}: the scan read the whole text`);
      checked++;
      if (JSON.stringify(got) !== JSON.stringify(lineStartsOf(t))) wrong.push(path);
    }
  }
  assert.deepEqual(wrong.slice(0, 5), [], `seed ${seed}: ${wrong.length} texts`);
  assert.ok(checked > 300);
});

test('ptx line table: statements over several lines; newlines in comments and strings are lines', () => {
  const body = (i: number) =>
    `.entry k${i}()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1,\n\t%r2, 1;\n\tadd.s32 %r1, /* a\nb */ %r2, 2;\n\tmov.u32 %r1, %r2;\n\tret;\n}\n.pragma "x\ny";\n`;
  const text = '.version 8.0\n.target sm_80\n' + [0, 1, 2].map(body).join('');
  assert.deepEqual(lexerLines(text), lineStartsOf(text));
});
