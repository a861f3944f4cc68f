/**
 * Differential test against ptxas on real files with ONE break each. From corpus files ptxas
 * accepts (small and medium ones, for speed), fast-check picks a file, a kind of break and a
 * position: a lost `;`, a misspelt directive, a misspelt opcode, an undeclared register, a broken
 * literal, a duplicate declaration, a missing `.version`, a bad type, a lost `}`, a duplicate label.
 * ptxas assembles the result for the file's own target. We must reject exactly when ptxas does,
 * and our first error must be on ptxas's first-error line. A break may leave a file ptxas still
 * accepts (a `;` lost before `}`): then we must accept too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { acceptedPtxFiles, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { checkPtxText } from '../../../src/ptx/index.js';
import { INSTRUCTION_SET } from '../../../src/ptx/data/keywords.js';

interface SourceFileCase {
  rel: string;
  text: string;
  /** Text with comments and strings blanked (same length), so patterns only see code. */
  code: string;
  arch: string;
  compileOnly: boolean;
}

export type BreakKind =
  | 'lost-semicolon'
  | 'misspelt-directive'
  | 'misspelt-opcode'
  | 'undeclared-register'
  | 'broken-literal'
  | 'duplicate-declaration'
  | 'missing-version'
  | 'bad-type'
  | 'lost-brace'
  | 'duplicate-label';

const KINDS: BreakKind[] = [
  'lost-semicolon',
  'misspelt-directive',
  'misspelt-opcode',
  'undeclared-register',
  'broken-literal',
  'duplicate-declaration',
  'missing-version',
  'bad-type',
  'lost-brace',
  'duplicate-label',
];

/** Files at most this large are used (ptxas and the checker stay fast). */
const MAX_BYTES = 24_000;

/** Blanks comments and string literals so that the patterns below only match code. */
export function blankCommentsAndStrings(text: string): string {
  const out = text.split('');
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') out[i++] = ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== '\n') out[i] = ' ';
    } else if (c === '"') {
      out[i++] = ' ';
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') out[i++] = ' ';
      if (i < text.length && text[i] === '"') out[i++] = ' ';
    } else i++;
  }
  return out.join('');
}

function matches(re: RegExp, s: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const m of s.matchAll(re)) out.push({ at: m.index!, text: m[0] });
  return out;
}

/** Positions of group 1 of a regex whose match ends right after group 1. */
function tails(re: RegExp, s: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const m of s.matchAll(re)) {
    const t = m[1]!;
    out.push({ at: m.index! + m[0].length - t.length, text: t });
  }
  return out;
}

function lineBounds(text: string, at: number): [number, number] {
  const s = text.lastIndexOf('\n', at - 1) + 1;
  const e = text.indexOf('\n', at);
  return [s, e < 0 ? text.length : e];
}

/** Misspells a word: drops, doubles, swaps or replaces one of its letters (never its first). */
function misspell(word: string, r: number): string {
  const start = word.startsWith('.') ? 2 : 1;
  if (word.length <= start) return word + 'q';
  const i = start + (r % (word.length - start));
  switch ((r >> 4) % 4) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1) + (word.length - 1 <= start ? 'q' : '');
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return i + 1 < word.length && word[i] !== word[i + 1] ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + 'x';
    default:
      return word.slice(0, i) + (word[i] === 'q' ? 'z' : 'q') + word.slice(i + 1);
  }
}

const DIRECTIVE_WORDS = new Set([
  '.reg', '.global', '.shared', '.local', '.const', '.param', '.entry', '.func', '.visible', '.extern', '.weak',
  '.align', '.loc', '.file', '.maxntid', '.reqntid', '.minnctapersm', '.pragma', '.target', '.address_size', '.section',
]);

/** Applies one break of `kind`; `r` picks the position. Undefined when the file has no such place. */
export function applyBreak(src: { text: string; code: string }, kind: BreakKind, r: number): string | undefined {
  const { text, code } = src;
  const pick = <T>(list: T[]): T | undefined => (list.length ? list[r % list.length] : undefined);
  const replace = (at: number, len: number, by: string) => text.slice(0, at) + by + text.slice(at + len);
  switch (kind) {
    case 'lost-semicolon': {
      const p = pick(matches(/;/g, code));
      return p && replace(p.at, 1, '');
    }
    case 'lost-brace': {
      const p = pick(matches((r >> 8) % 3 === 0 ? /\{/g : /\}/g, code));
      return p && replace(p.at, 1, '');
    }
    case 'misspelt-directive': {
      const p = pick(matches(/\.[a-z_]+\b/g, code).filter((m) => DIRECTIVE_WORDS.has(m.text) && /(^|[\s;{}(),])$/.test(code.slice(Math.max(0, m.at - 1), m.at))));
      return p && replace(p.at, p.text.length, misspell(p.text, r >> 8));
    }
    case 'misspelt-opcode': {
      const p = pick(tails(/(?:^|[;{}:])[ \t]*(?:@!?[%\w$]+[ \t]+)?([a-z][a-z0-9_]*)(?=[.\s;])/gm, code).filter((m) => INSTRUCTION_SET.has(m.text)));
      if (!p) return undefined;
      let w = misspell(p.text, r >> 8);
      if (INSTRUCTION_SET.has(w)) w = w + 'q';
      return replace(p.at, p.text.length, w);
    }
    case 'undeclared-register': {
      const uses = matches(/%(?:r|rd|rs|f|fd|p|h|hh|b|bd|rl)\d+\b/g, code).filter((m) => {
        const [s, e] = lineBounds(code, m.at);
        const line = code.slice(s, e);
        return !/^\s*\.reg\b/.test(line) && !line.includes('.reg ');
      });
      const p = pick(uses);
      if (!p) return undefined;
      switch ((r >> 8) % 3) {
        case 0:
          return replace(p.at, p.text.length, '%undeclared' + (r % 97));
        case 1: {
          // Past the end of its family: `%r<5>` declares %r0..%r4.
          const m = /^(%[a-z]+)(\d+)$/.exec(p.text)!;
          const fam = new RegExp(`\\.reg\\s+\\.\\w+\\s+${m[1]}<(\\d+)>`).exec(code);
          return replace(p.at, p.text.length, m[1] + (fam ? fam[1] : '100000'));
        }
        default: {
          // The register's family renamed at its declaration: every use becomes undeclared.
          const m = /^(%[a-z]+)\d+$/.exec(p.text)!;
          const fam = new RegExp(`(\\.reg\\s+\\.\\w+\\s+)${m[1]}<`).exec(code);
          if (!fam) return replace(p.at, p.text.length, '%undeclared' + (r % 97));
          const at = fam.index + fam[1]!.length;
          return replace(at, m[1]!.length, m[1] + 'x');
        }
      }
    }
    case 'broken-literal': {
      const lits = matches(/(?<![\w$%.])(?:0[xX][0-9a-fA-F]+|0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16}|\d+\.\d+|\d+)(?![\w.])/g, code).filter((m) => {
        const [s, e] = lineBounds(code, m.at);
        const line = code.slice(s, e);
        return !/^\s*\.(version|loc|file|section|b8|b16|b32|b64)\b/.test(line) && !/\.(maxntid|reqntid|minnctapersm|maxnreg|align)\b/.test(line);
      });
      const p = pick(lits);
      if (!p) return undefined;
      const t = p.text;
      const forms =
        t.length > 2 && /^0[fFdD]/.test(t)
          ? [t.slice(0, -1), t + '0', t.slice(0, 2) + 'g' + t.slice(3)]
          : t.startsWith('0x') || t.startsWith('0X')
            ? [t.slice(0, 2), t + 'g', t.slice(0, 2) + 'z' + t.slice(2)]
            : t.includes('.')
              ? [t + '.5', t.replace('.', '..'), t + 'e']
              : [t + 'z', t + '.5.5', '0x' + 'g' + t];
      return replace(p.at, t.length, forms[(r >> 8) % forms.length]!);
    }
    case 'duplicate-declaration': {
      const decls = matches(/^[ \t]*(?:\.visible[ \t]+|\.extern[ \t]+|\.weak[ \t]+)?\.(?:reg|shared|local|global|const)\b[^;\n{}]*;[ \t]*$/gm, code);
      const p = pick(decls);
      if (!p) return undefined;
      const end = p.at + p.text.length;
      const copy = text.slice(p.at, end);
      if ((r >> 8) % 3 === 0) {
        // The copy goes into a nested block of its own: legal shadowing when it is a register.
        return text.slice(0, end) + '\n{' + copy + '\n}' + text.slice(end);
      }
      return text.slice(0, end) + '\n' + copy + text.slice(end);
    }
    case 'missing-version': {
      const p = pick(matches(/^[ \t]*\.version[^\n]*$/gm, code));
      if (!p) return undefined;
      if ((r >> 8) % 3 === 0) {
        // `.target` first, `.version` after it.
        const t = /^[ \t]*\.target[^\n]*$/m.exec(code);
        if (t && t.index > p.at) {
          const tText = text.slice(t.index, t.index + t[0].length);
          return text.slice(0, p.at) + tText + text.slice(p.at + p.text.length, t.index) + text.slice(p.at, p.at + p.text.length) + text.slice(t.index + t[0].length);
        }
      }
      return replace(p.at, p.text.length, '');
    }
    case 'bad-type': {
      const types = matches(/^[ \t]*(?:\.visible[ \t]+|\.extern[ \t]+|\.weak[ \t]+)?\.(?:reg|shared|local|global|const|param)\b[^;\n{}]*/gm, code).flatMap((d) =>
        matches(/\.(?:[bsuf](?:8|16|32|64)|pred)\b/g, d.text).map((m) => ({ at: d.at + m.at, text: m.text })),
      );
      const p = pick(types);
      if (!p) return undefined;
      // Only types no declaration may use: a valid but different type (.f16x2) would test
      // instruction operand typing, which is not this stage.
      const bad = ['.b31', '.u63', '.s33', '.f31', '.i32', '.bf32', '.prd', '.u7', '.bf16', '.tf32', '.e4m3', '.e5m2x2', '.s4'];
      return replace(p.at, p.text.length, bad[(r >> 8) % bad.length]!);
    }
    case 'duplicate-label': {
      const labels = matches(/^[ \t]*[$%\w]+:/gm, code);
      const p = pick(labels);
      if (!p) return undefined;
      const end = p.at + p.text.length;
      const label = p.text.trim();
      if ((r >> 8) % 3 === 0) {
        // The copy in a nested block of its own (legal: labels are block-scoped).
        return text.slice(0, end) + '\n{ ' + label + ' }' + text.slice(end);
      }
      if ((r >> 8) % 3 === 1) {
        // The copy just before the next `ret` or `}` of the function.
        const next = code.slice(end).search(/\bret\b|\}/);
        if (next > 0) return text.slice(0, end + next) + label + '\n' + text.slice(end + next);
      }
      return text.slice(0, end) + '\n' + label + text.slice(end);
    }
  }
}

function loadFiles(): SourceFileCase[] {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const out: SourceFileCase[] = [];
  const add = (rel: string, arch: string, compileOnly: boolean) => {
    const path = join(root, rel);
    if (!existsSync(path)) return;
    const text = readFileSync(path, 'latin1');
    if (text.length > MAX_BYTES || /[^\x00-\x7f]/.test(text) || /^\s*#/m.test(text)) return;
    out.push({ rel, text, code: blankCommentsAndStrings(text), arch, compileOnly });
  };
  for (const f of acceptedPtxFiles()) if (!f.parseOnly) add(f.rel, f.arch, f.compileOnly);
  return out;
}

const skip = sharedSkipReason ?? ptxasSkipReason;
if (skip) console.log(`ptx breaks differential skipped: ${skip}`);

test('ptx breaks: we reject exactly when ptxas does, on its first-error line', { skip }, () => {
  const files = loadFiles();
  assert.ok(files.length > 0, 'no small accepted corpus files');
  const seed = fuzzSeed();
  const runs = fuzzRuns(2000);
  const cases = fc.sample(
    fc.record({ file: fc.nat(files.length - 1), kind: fc.constantFrom(...KINDS), pos: fc.nat() }),
    { seed, numRuns: runs },
  );
  const counts = new Map<BreakKind, { n: number; ptxasRejects: number; agree: number }>();
  const failures: string[] = [];
  let resourceLimits = 0;
  for (const c of cases) {
    const f = files[c.file]!;
    const broken = applyBreak(f, c.kind, c.pos);
    if (broken === undefined || broken === f.text) continue;
    const ptx = runPtxas(broken, { arch: f.arch, compileOnly: f.compileOnly, name: 'brk' });
    // Resource limits of code generation (a duplicated .shared array overflowing 48 KB) are not
    // module checks; gpuasm allocates no memory per kernel (docs/divergences.md). Counted, not compared.
    if (!ptx.ok && ptx.firstErrorLine === undefined && /uses too much (shared|local|param)/.test(ptx.stderr)) {
      resourceLimits++;
      continue;
    }
    const ours = checkPtxText(f.rel, broken, { preprocess: false, compileOnly: f.compileOnly }).filter((d) => d.severity === 'error');
    const stat = counts.get(c.kind) ?? { n: 0, ptxasRejects: 0, agree: 0 };
    counts.set(c.kind, stat);
    stat.n++;
    if (!ptx.ok) stat.ptxasRejects++;
    const ourLine = ours[0]?.location?.line;
    const verdictOk = ours.length > 0 === !ptx.ok;
    // ptxas messages without a line (e.g. "Unresolved extern function") give no line to compare.
    const lineOk = ptx.ok || ptx.firstErrorLine === undefined || ourLine === ptx.firstErrorLine;
    if (verdictOk && lineOk) stat.agree++;
    else
      failures.push(
        `${c.kind} in ${f.rel} (pos ${c.pos}): ptxas ${ptx.ok ? 'accepts' : `line ${ptx.firstErrorLine}: ${ptx.messages.find((m) => m.severity !== 'warning')?.message}`}; ` +
          `we ${ours.length ? `line ${ourLine}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accept'}`,
      );
  }
  const total = [...counts.values()].reduce((a, s) => a + s.n, 0);
  console.log(
    `ptx breaks differential: ${total} cases from ${files.length} files, seed ${seed}` +
      (resourceLimits ? ` (${resourceLimits} more hit a ptxas resource limit and were not compared)` : ''),
  );
  for (const k of KINDS) {
    const s = counts.get(k);
    if (s) console.log(`  ${k.padEnd(22)} ${s.n} cases, ptxas rejects ${s.ptxasRejects}, agree ${s.agree}`);
  }
  // GPUASM_DISAGREE_DUMP=file: every disagreement appended (for grouping them over many seeds).
  const dump = process.env['GPUASM_DISAGREE_DUMP'];
  if (dump) appendFileSync(dump, failures.map((m) => `brk ${seed} FAIL ${m.replace(/\n/g, ' ')}\n`).join(''));
  assert.deepEqual(failures.slice(0, 30), [], `seed ${seed}: ${failures.length} disagreements (replay with GPUASM_SEED=${seed})`);
});
