#!/usr/bin/env node
/**
 * Measures the minimum PTX ISA version and target of instruction families and words with ptxas:
 * every ptxas-accepted corpus file is assembled twice more, once with `.version 1.0` and once with
 * `.target sm_10` (ptxas reports each instruction that needs more, "Feature 'X' requires PTX ISA
 * .version N or later" / "requires .target sm_N or higher", and goes on). Per instruction line: what
 * its messages require; a message naming one of the instruction's words (`'::cta'`, `'.aligned'`,
 * `Modifier '.no_allocate' on 'ld'`) is the word's, any other the family's. A family's (or word's)
 * gate is the lowest requirement over every line of it (a line without a message requires
 * nothing), so no accepted line is refused. A line ptxas also refuses for another reason counts
 * with what ptxas says it requires (a lower bound: it lowers a gate, never raises one). A requirement whose message names no word of the line ("WMMA with
 * integer types") is the family's only: inferring it for the line's words (session 23) refused valid
 * lines the sample had not shown (`.parity` from try_wait's message on test_wait, `.v4` from suld's
 * indirect access). Besides the corpus, the valid-forms lines of the syntax reference that ptxas
 * takes (test/harness/ptx-valid-forms.ts) are measured the same way: real code does not use every
 * word. Writes src/ptx/instructions/gates.measured.ts.
 *
 * Usage (after a build): node scripts/harvest-ptx-gates.mjs [corpus/ptx dir] [--no-forms] [--cache FILE]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--cache');
const corpus = positional[0] ?? resolve(root, '..', 'shared', 'corpus', 'ptx');
const { parsePtx } = await import(join(root, 'dist/src/ptx/index.js'));
const { matchInstruction } = await import(join(root, 'dist/src/ptx/instructions/index.js'));

function manifest(path) {
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const head = lines[0].split('\t');
  return lines.slice(1).map((l) => Object.fromEntries(l.split('\t').map((c, i) => [head[i], c])));
}
const files = [];
for (const r of manifest(join(corpus, 'generated', 'MANIFEST.tsv'))) if (r.ptxas_verdict?.startsWith('PASS')) files.push({ path: join(corpus, 'generated', r.file), arch: r.target || 'sm_80', c: r.ptxas_verdict.includes('-c') });
for (const r of manifest(join(corpus, 'public', 'MANIFEST.tsv'))) if (r.classification === 'accepted') files.push({ path: join(corpus, 'public', r.path), arch: r.ptxas_arch || 'sm_80', c: false });

// The second source: the valid-forms lines of the syntax reference (test/harness/ptx-valid-forms.ts,
// seeds 1 and 2 as the valid-forms sweep), each at the first of FORM_TARGETS where ptxas takes it, 40 to
// a kernel. Real code does not use every word; these lines do. `--no-forms` skips them.
const FORM_TARGETS = [['sm_80', '9.0'], ['sm_90a', '9.0'], ['sm_100a', '9.0'], ['sm_120a', '9.0'], ['sm_103a', '9.0'], ['sm_110a', '9.0']];
let formLines = 0;
const cacheAt = process.argv.indexOf('--cache');
const cache = cacheAt > 0 ? process.argv[cacheAt + 1] : undefined;
if (!process.argv.includes('--no-forms') && !(cache && existsSync(cache))) {
  const { FormLineGenerator, moduleHeader, kernelDeclarations } = await import(join(root, 'dist/test/harness/ptx-valid-forms.js'));
  const { ptxasRefusedLines } = await import(join(root, 'dist/test/harness/ptxas-lines.js'));
  let left = new Set();
  for (const [seed, draws] of [[1, 24], [2, 48]]) {
    const g = new FormLineGenerator(seed);
    for (const f of FormLineGenerator.forms()) for (let i = 0; i < draws; i++) left.add(g.line(f.family, f.form, f.sets));
  }
  for (const [arch, version] of FORM_TARGETS) {
    const pending = [...left];
    const { refused } = ptxasRefusedLines(pending.map((text) => ({ head: moduleHeader(arch, version), arch, decls: kernelDeclarations(version), text })), { perKernel: 40, kernelTail: 'L_end:\nret;\n}\n' });
    const taken = pending.filter((_, i) => !refused[i]);
    for (const t of taken) left.delete(t);
    formLines += taken.length;
    for (let at = 0; at < taken.length; at += 100) {
      let text = moduleHeader(arch, version);
      for (let k = at; k < Math.min(at + 100, taken.length); k += 40) text += `.visible .entry k${k}()\n{\n${kernelDeclarations(version)}${taken.slice(k, Math.min(k + 40, at + 100, taken.length)).join('\n')}\nL_end:\nret;\n}\n`;
      files.push({ text, arch, c: false, form: true });
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'harvest-'));
function ptxas(text, arch, c) {
  const f = join(dir, 'h.ptx');
  writeFileSync(f, text, 'latin1');
  const args = [`-arch=${arch}`, f, '-o', join(dir, 'h.cubin')];
  if (c) args.unshift('-c');
  const r = spawnSync('ptxas', args, { encoding: 'latin1', maxBuffer: 64 << 20 });
  const byLine = new Map();
  // ptxas stops at a fatal message ("Result discard mode is not allowed" for `_` at .version 1.0): the
  // lines after it have none, which says nothing of what they need (`stoppedAt`).
  let stoppedAt = Infinity;
  for (const l of (r.stderr ?? '').split('\n')) {
    const m = /^ptxas .*?, line (\d+); (error|fatal)\s*: (.*)$/.exec(l);
    if (!m) continue;
    const line = Number(m[1]);
    if (m[2] === 'fatal') stoppedAt = Math.min(stoppedAt, line);
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push(m[3]);
  }
  return { byLine, stoppedAt };
}

const vcode = (v) => {
  const [a, b] = v.split('.');
  return Number(a) * 10 + Number(b);
};
/** family -> { ptx: {min, named}, sm: {min, named}, words: word -> same } ; min: 0 = nothing required; named: ptxas named the word alone on some line */
const stats = new Map();
const rec = () => ({ ptx: { min: Infinity, named: false }, sm: { min: Infinity, named: false } });
/** One line's requirement of a family or word. */
function note(r, kind, value) {
  r[kind].min = Math.min(r[kind].min, value);
}

// Collected per instruction line: family, opcode, words, and per kind ('ptx', 'sm') ptxas's
// messages (null after a fatal one) as [named, value, requirement or message] (value 0 for a message that is no requirement).
// `--cache FILE` keeps them (the ptxas runs take long) and reuses them when FILE exists.
let n = 0;
let records = [];
if (cache && existsSync(cache)) ({ n, formLines, records } = JSON.parse(readFileSync(cache, 'utf8')));
else {
  for (const f of files) {
    if (f.text === undefined && !existsSync(f.path)) continue;
    const text = f.text ?? readFileSync(f.path, 'latin1');
    if (/^\s*#/m.test(text)) continue;
    const vm = /^[ \t]*\.version[ \t]+\d+\.\d+/m.exec(text);
    const tm = /^[ \t]*\.target[ \t]+sm_\d+[af]?/m.exec(text);
    if (!vm || !tm) continue;
    const { module, diagnostics } = parsePtx('h.ptx', text, { preprocess: false });
    if (!module || diagnostics.some((d) => d.severity === 'error')) continue;
    const ctx = {};
    const lines = new Map(); // line -> { family, words }
    const walk = (sts) => {
      for (const s of sts) {
        if (s.kind === 'block') walk(s.statements);
        else if (s.kind === 'instruction') {
          const m = matchInstruction(s.opcode, s.modifiers, ctx);
          if (!m.ok) continue;
          const start = module.source.locate(s.span.start).line;
          const end = module.source.locate(s.span.end).line;
          if (start !== end) continue;
          if (lines.has(start)) lines.set(start, null);
          else lines.set(start, { family: m.forms[0].family, words: s.modifiers, opcode: s.opcode });
        }
      }
    };
    for (const it of module.items) if (it.kind === 'function' && it.body) walk(it.body.statements);
    const lowV = ptxas(text.slice(0, vm.index) + vm[0].replace(/\d+\.\d+/, '1.0') + text.slice(vm.index + vm[0].length), f.arch, f.c);
    const lowT = ptxas(text.slice(0, tm.index) + tm[0].replace(/sm_\d+[af]?/, 'sm_10') + text.slice(tm.index + tm[0].length), f.arch, f.c);
    n++;
    for (const [line, ins] of lines) {
      if (!ins) continue;
      const messages = (msgs, kind) =>
        msgs.map((msg) => {
          const req = kind === 'ptx' ? /requires PTX ISA \.version (\d+\.\d+) or later/.exec(msg) : /requires \.target (sm_\d+[af]?) or higher/.exec(msg);
          if (process.env.HARVEST_DEBUG) console.log(kind, ins.family, ins.words.join(''), '|', msg);
          const named = /^(?:Feature|Modifier|Instruction) '([^']*)'/.exec(msg)?.[1] ?? '';
          // Not a floor: value 0 ("Feature '.cta_group::1' not supported on .target 'sm_10'").
          if (!req) return [named, 0, msg];
          return [named, kind === 'ptx' ? vcode(req[1]) : Number(/\d+/.exec(req[1])[0]), req[1]];
        });
      // (null: after the line ptxas stopped at, nothing known.)
      const ptx = line > lowV.stoppedAt ? null : messages(lowV.byLine.get(line) ?? [], 'ptx');
      const sm = line > lowT.stoppedAt ? null : messages(lowT.byLine.get(line) ?? [], 'sm');
      records.push({ ...ins, ptx, sm, ...(f.form ? { form: true } : {}) });
    }
  }
  if (cache) writeFileSync(cache, JSON.stringify({ n, formLines, records }));
}

for (const ins of records) {
  let fam = stats.get(ins.family);
  if (!fam) stats.set(ins.family, (fam = { ...rec(), words: new Map() }));
  for (const kind of ['ptx', 'sm']) {
    if (ins[kind] === null) continue;
    let famReq = 0;
    const wordReq = new Map();
    for (const [named, value] of ins[kind]) {
      // A message that is no requirement gives no floor ("'.multicast::cluster::all' not supported
      // on .target 'sm_10'", "'.noComplete' modifier required"); the line's others still do.
      if (value === 0) continue;
      // A message naming the word alone is the word's ('.aligned', '::cta', Modifier '.x' on 'op'),
      // also 'max.relu' / 'add.u16x2' (the opcode and one word, in a family of that opcode alone:
      // 'mbarrier.try_wait' is its family's) and '.cluster scope'; a qualified one
      // ('.m8n8k4 with .f64', 'WMMA with integer types') is the family's.
      const word = ins.words.find((w) => named === w || named === w.slice(1) || (named === ins.opcode + w && ins.family === ins.opcode) || named === `${w} scope` || (w.includes('::') && named === w.slice(w.indexOf('::'))));
      if (word && !named.startsWith(ins.opcode + ' ') && named !== ins.opcode) {
        wordReq.set(word, Math.max(wordReq.get(word) ?? 0, value));
      } else famReq = Math.max(famReq, value);
    }
    // A line ptxas also refuses for another reason ("'.noComplete' modifier required", "Result
    // discard mode is not allowed" at .version 1.0) still needs what ptxas says it needs; it may need
    // more that ptxas no longer says, so its requirement is a lower bound, which the minimum over the
    // lines can take: such a line lowers a gate, never raises one. (Voiding the family's gates for
    // it lost mbarrier.arrive's 7.0/sm_80; leaving it out could raise a gate above it.)
    note(fam, kind, famReq);
    // A word ptxas names on this line needs what it says. One it does not: what the whole line needs
    // (ptxas says something else instead, 'mma with FP8 floating point type' for `.m16n8k16`), but
    // only for a word ptxas names on some other line (`named`): a word never named is never gated,
    // whatever the lines it was seen on needed (`.cs` beside `.L2::64B`, `.parity` in try_wait's).
    const lineReq = Math.max(famReq, ...wordReq.values());
    for (const w of ins.words) {
      const r = fam.words.get(w) ?? (fam.words.set(w, rec()), fam.words.get(w));
      const q = wordReq.get(w);
      if (q !== undefined) r[kind].named = true;
      note(r, kind, q ?? lineReq);
    }
  }
}
rmSync(dir, { recursive: true, force: true });

const fmtV = (c) => `${Math.floor(c / 10)}.${c % 10}`;
function gate(r) {
  const g = {};
  if (r.ptx.min > 0 && r.ptx.min !== Infinity) g.ptx = fmtV(r.ptx.min);
  // Every line needed at least sm_<min>, so that is a floor even where a line's own requirement was
  // an architecture's (`sm_90a`) or a family's (`sm_100f`).
  if (r.sm.min > 0 && r.sm.min !== Infinity) g.sm = [`sm_${r.sm.min}`];
  return g;
}
const fam = {};
const words = {};
for (const [family, r] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
  const g = gate(r);
  if (g.ptx || g.sm) fam[family] = g;
  for (const [w, wr] of [...r.words].sort(([a], [b]) => a.localeCompare(b))) {
    const wg = gate(wr);
    if (!wr.ptx.named) delete wg.ptx;
    if (!wr.sm.named) delete wg.sm;
    // Only what the family's own gate does not already say.
    if (wg.ptx && g.ptx && vcode(wg.ptx) <= vcode(g.ptx)) delete wg.ptx;
    if (wg.sm && g.sm && Number(wg.sm[0].slice(3)) <= Number(g.sm[0].slice(3))) delete wg.sm;
    if (wg.ptx || wg.sm) (words[family] ??= {})[w] = wg;
  }
}
/** An object literal, one entry a line (a gate on one line, not five). */
const lines = (o, value, indent = '  ') => `{\n${Object.entries(o).map(([k, v]) => `${indent}${JSON.stringify(k)}: ${value(v)},`).join('\n')}\n${indent.slice(2)}}`;
const out = `/**
 * GENERATED by scripts/harvest-ptx-gates.mjs from ptxas 13.0 on the accepted corpus files and the
 * syntax reference's valid-forms lines ptxas takes (${n} modules, ${formLines} form lines, each
 * assembled with \`.version 1.0\` and with \`.target sm_10\`): per family and per word, the lowest
 * .version and target ptxas required over every instruction of it. Do not edit.
 */
import type { Gate } from './types.js';

export const MEASURED_FAMILY_GATES: Readonly<Record<string, Gate>> = ${lines(fam, (g) => JSON.stringify(g))};

export const MEASURED_WORD_GATES: Readonly<Record<string, Readonly<Record<string, Gate>>>> = ${lines(words, (w) => lines(w, (g) => JSON.stringify(g), '    '))};
`;
writeFileSync(join(root, 'src/ptx/instructions/gates.measured.ts'), out);
console.log(`${n} files; ${Object.keys(fam).length} family gates, ${Object.values(words).reduce((a, w) => a + Object.keys(w).length, 0)} word gates`);
