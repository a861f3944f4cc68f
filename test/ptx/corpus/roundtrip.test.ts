/**
 * Corpus sweep: every .ptx under ../shared/corpus/ptx parses; files ptxas accepts parse with no
 * syntax error and survive print -> parse unchanged (spans aside).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { acceptedPtxFiles, listFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { parseModule } from '../../../src/ptx/parse/parser.js';
import { printModule } from '../../../src/ptx/parse/printer.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../../src/core/source.js';
import { fuzzSeed, fuzzRuns, runPtxas, ptxasSkipReason } from '../../harness/tools.js';

/** Accepted files we still fail on (relative to corpus/ptx). May only shrink; goal: empty. */
const KNOWN_FAILURES = new Set<string>([]);

/** JSON of a tree without spans, source, and with bigints spelled out, for equality. */
export function stripSpans(x: unknown): string {
  return JSON.stringify(x, (k, v) =>
    k === 'span' || k === 'nameSpan' || k === 'typeSpan' || k === 'opcodeSpan' || k === 'source'
      ? undefined
      : typeof v === 'bigint'
        ? `${v}n`
        : v,
  );
}



test('PTX corpus: accepted files parse cleanly and round-trip', { skip: sharedSkipReason }, () => {
  if (sharedSkipReason) {
    console.log(sharedSkipReason);
    return;
  }
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const accepted = new Set(acceptedPtxFiles().map((f) => f.rel));
  const files = listFiles(root, '.ptx');
  let parsedClean = 0;
  let roundTripped = 0;
  let acceptedSeen = 0;
  let bytes = 0;
  const failures: string[] = [];
  const fixed: string[] = [];
  for (const f of files) {
    const rel = relative(root, f);
    const text = readFileSync(f, 'latin1');
    const bag = new DiagnosticBag();
    const m = parseModule(unmapped(new SourceFile(rel, text)), bag);
    bytes += text.length;
    const isAccepted = accepted.has(rel);
    if (isAccepted) acceptedSeen++;
    let problem: string | undefined;
    if (bag.items.length === 0) {
      parsedClean++;
      const printed = printModule(m);
      const bag2 = new DiagnosticBag();
      const m2 = parseModule(unmapped(new SourceFile(rel + ' (printed)', printed)), bag2);
      if (bag2.items.length) problem = `printed text does not parse: ${bag2.items[0]!.message} at line ${bag2.items[0]!.location?.line}`;
      else if (stripSpans(m.items) !== stripSpans(m2.items)) problem = 'round trip changed the tree';
      else roundTripped++;
    } else if (isAccepted) {
      const d = bag.items[0]!;
      problem = `${d.code} line ${d.location?.line}: ${d.message}`;
    }
    if (problem && (isAccepted || problem.startsWith('printed') || problem.startsWith('round'))) {
      if (!KNOWN_FAILURES.has(rel)) failures.push(`${rel}: ${problem}`);
    } else if (KNOWN_FAILURES.has(rel)) fixed.push(rel);
  }
  console.log(
    `ptx corpus: ${files.length} files (${bytes} bytes), ${acceptedSeen} accepted by ptxas, ` +
      `${parsedClean} parse with no diagnostic, ${roundTripped} round-trip equal; ` +
      `known failures ${KNOWN_FAILURES.size}`,
  );
  assert.deepEqual(failures, [], `new failures:\n${failures.join('\n')}`);
  assert.deepEqual(fixed, [], `now passing, remove from KNOWN_FAILURES:\n${fixed.join('\n')}`);
});

/** ptxas messages that come from its lexer/parser (the rest are semantic and not the parser's). */
const PTXAS_SYNTAX = /Parsing error|Missing \.(version|target)|Not a name of any known instruction|non-ASCII|Unexpected EOF/;

type Mutation = (lines: string[], pick: (n: number) => number) => boolean;

/** Edits of the kinds real broken files show: one per case, at a random place. */
const MUTATIONS: Record<string, Mutation> = {
  'lost ;': (ls, pick) => edit(ls, pick, /;\s*$/, (l) => l.replace(/;(\s*)$/, '$1')),
  'misspelt opcode': (ls, pick) => edit(ls, pick, /^\t[a-z]{2,}[.\s]/, (l) => l.replace(/^\t(\w)(\w)/, '\t$2$1')),
  'misspelt directive': (ls, pick) => edit(ls, pick, /^\s*\.[a-z]{3,}/, (l) => l.replace(/\.([a-z])([a-z])([a-z])/, '.$1$3$2')),
  'lost brace': (ls, pick) => edit(ls, pick, /^\s*[{}]\s*$/, () => ''),
  'broken literal': (ls, pick) =>
    edit(ls, pick, /[ ,[+](0[fFdD][0-9A-Fa-f]+|\d+)[;,\]]/, (l) =>
      l.replace(/([ ,[+])(0[fFdD][0-9A-Fa-f]+|\d+)([;,\]])/, (_m, a: string, b: string, d: string) => a + (/^0[fFdD]/.test(b) ? b.slice(0, -1) : b + 'x') + d),
    ),
  'lost .version': (ls) => {
    const i = ls.findIndex((l) => l.startsWith('.version'));
    if (i < 0) return false;
    ls[i] = '';
    return true;
  },
  'doubled comma': (ls, pick) => edit(ls, pick, /^\t[a-z].*, /, (l) => l.replace(', ', ', , ')),
  'lost )': (ls, pick) => edit(ls, pick, /\)\s*$/, (l) => l.replace(/\)\s*$/, '')),
  'stray token': (ls, pick) => edit(ls, pick, /^\t[a-z]/, (l) => l.replace(/^\t/, '\t% ')),
};

function edit(ls: string[], pick: (n: number) => number, where: RegExp, change: (l: string) => string): boolean {
  const candidates: number[] = [];
  for (let i = 0; i < ls.length; i++) if (where.test(ls[i]!)) candidates.push(i);
  if (candidates.length === 0) return false;
  const i = candidates[pick(candidates.length)]!;
  ls[i] = change(ls[i]!);
  return true;
}

test('PTX corpus: first syntax error line matches ptxas on mutated real files', { skip: sharedSkipReason ?? ptxasSkipReason }, () => {
  const reason = sharedSkipReason ?? ptxasSkipReason;
  if (reason) {
    console.log(reason);
    return;
  }
  const dir = join(sharedDir()!, 'corpus', 'ptx', 'generated');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ptx')).sort();
  const seed = fuzzSeed();
  let state = seed >>> 0 || 1;
  const pick = (n: number): number => {
    // xorshift32: deterministic from the printed seed.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
  const names = Object.keys(MUTATIONS);
  const runs = fuzzRuns(1000);
  const mismatches: string[] = [];
  let compared = 0;
  for (let k = 0; k < runs; k++) {
    const file = files[pick(files.length)]!;
    const name = names[pick(names.length)]!;
    const lines = readFileSync(join(dir, file), 'latin1').split('\n');
    if (!MUTATIONS[name]!(lines, pick)) continue;
    const text = lines.join('\n');
    const arch = /sm_\d+a?/.exec(file)?.[0] ?? 'sm_80';
    const tool = runPtxas(text, { arch });
    const toolSyntax = tool.messages.find((m) => m.severity !== 'warning' && PTXAS_SYNTAX.test(m.message));
    const bag = new DiagnosticBag();
    parseModule(unmapped(new SourceFile(file, text)), bag);
    const ours = bag.items.find((d) => d.severity === 'error');
    compared++;
    // ptxas names no line for a few whole-file errors (non-ASCII): then only the verdict is compared.
    const toolLine = toolSyntax?.line ?? (toolSyntax ? /line (\d+)/.exec(toolSyntax.message)?.[1] : undefined);
    const same = toolSyntax ? ours !== undefined && Number(toolLine) === ours.location?.line : ours === undefined;
    if (!same)
      mismatches.push(
        `${name} in ${file}: ptxas ${toolSyntax ? `line ${toolLine}: ${toolSyntax.message}` : 'no syntax error'}; ours ${ours ? `line ${ours.location?.line}: ${ours.message}` : 'none'}`,
      );
  }
  console.log(`ptx parse errors vs ptxas: ${compared} mutated corpus files, seed ${seed}, ${mismatches.length} mismatches`);
  assert.deepEqual(mismatches, [], `seed ${seed}`);
});
