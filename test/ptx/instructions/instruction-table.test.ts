/**
 * The PTX instruction tables (src/ptx/instructions): matcher facts measured with ptxas 13.0, the
 * coverage of every instruction of the ptxas-accepted corpus files, and near-misses made from real
 * corpus instructions, judged by the matcher and by ptxas (batched; skipped with a reason when ptxas
 * or ../shared is missing), and by the whole checker (instruction layer included: it must never
 * refuse a line ptxas accepts). Counts are printed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { checkPtxText, parsePtx } from '../../../src/ptx/index.js';
import type * as A from '../../../src/ptx/parse/ast.js';
import { printOperand } from '../../../src/ptx/parse/printer.js';
import { SPECIAL_REGISTERS } from '../../../src/ptx/data/special-registers.js';
import { GENERIC_MODIFIERS } from '../../../src/ptx/data/modifiers.js';
import {
  allInstructionForms,
  describeInstruction,
  formsOf,
  formsTakingOperandCount,
  isTypeWord,
  matchInstruction,
  targetSatisfies,
  type MatchContext,
  type WhyNot,
} from '../../../src/ptx/instructions/index.js';
import { CURATION } from '../../../src/ptx/instructions/curation.js';
import { acceptedPtxFiles, sharedSkipReason, type AcceptedPtxFile } from '../../harness/corpus.js';
import { fuzzSeed, ptxasSkipReason } from '../../harness/tools.js';
import { ptxasRefusedLines } from '../../harness/ptxas-lines.js';
import { rng } from '../../harness/ptx-mutate.js';
import { FAMILY_CASES, FAMILY_DECLS } from './family-cases.js';

/** Per mutation kind: cases, agreements, matcher-only refusals (would be false errors), ptxas-only refusals. */
type Stats = Map<string, { n: number; agree: number; falseError: number; lenient: number }>;

/** Counts one case under `kind` and says how the matcher's verdict compares with ptxas's. */
function tally(stats: Stats, kind: string, ptxasOk: boolean, matcherOk: boolean): 'agree' | 'falseError' | 'lenient' {
  const s = stats.get(kind) ?? { n: 0, agree: 0, falseError: 0, lenient: 0 };
  stats.set(kind, s);
  s.n++;
  const verdict = ptxasOk === matcherOk ? 'agree' : ptxasOk ? 'falseError' : 'lenient';
  s[verdict]++;
  return verdict;
}

const words = (s: string) => {
  const [opcode, ...rest] = s.split('.');
  return { opcode: opcode!, mods: rest.map((w) => '.' + w) };
};
const match = (s: string, ctx: MatchContext = {}) => {
  const { opcode, mods } = words(s);
  return matchInstruction(opcode, mods, ctx);
};
const kinds = (s: string, ctx: MatchContext = {}) => {
  const r = match(s, ctx);
  return r.ok ? [] : r.reasons.map((x) => x.kind);
};

describe('PTX instruction tables: matcher facts (each measured with ptxas 13.0)', () => {
  test('the tables cover the families of the PTX ISA 9.0 Syntax blocks', () => {
    const forms = allInstructionForms();
    const families = new Set(forms.map((f) => f.family));
    console.log(`instruction tables: ${forms.length} forms, ${families.size} families, ${new Set(forms.map((f) => f.opcode)).size} opcodes`);
    assert.ok(families.size >= 169);
    for (const f of forms) assert.ok(f.slots.every((s) => s.values.length > 0), `${f.id}: a slot without values`);
  });

  test('accepted spellings, in any order of non-type words (ptxas reads the words as a set)', () => {
    for (const s of [
      'add.s32', 'add.sat.s32', 'add.s32.sat', 'add.rn.ftz.f32', 'add.ftz.rn.f32', 'add.f32.rn', 'add.sat.sat.s32',
      'cvt.rn.f32.s32', 'cvt.f32.s32.rn', 'ld.global.nc.f32', 'ld.nc.global.f32', 'ld.f32.global', 'ld.global.v4.f32',
      'setp.lt.and.f32', 'setp.and.lt.f32', 'setp.f32.lt', 'mul.wide.s32', 'fence.proxy.async.shared::cta',
      'mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64', 'vadd.u32.u32.u32.sat', 'mov.v2.u32',
      'wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32', 'set.eq.f16.f16', 'suld.b.1d.b32.trap',
    ]) assert.ok(match(s).ok, s);
  });

  test('refused spellings and the reasons', () => {
    // ptxas: "Modifier '.sat' does not apply to '.u32' type"
    assert.deepEqual(kinds('add.sat.u32'), ['modifier-not-allowed']);
    // "Unknown modifier '.foo'"
    assert.deepEqual(kinds('add.foo.s32'), ['unknown-modifier']);
    // "Illegal modifier '.ftz' for instruction 'add'"
    assert.deepEqual(kinds('add.ftz.s32'), ['modifier-not-allowed']);
    // "Illegal rounding modifier for instruction 'add'"
    assert.deepEqual(kinds('add.rn.s32'), ['modifier-not-allowed']);
    // "Multiple rounding modifiers specified"
    assert.deepEqual(kinds('add.rn.rz.f32'), ['conflict']);
    // "Unexpected instruction types specified for 'add'"
    assert.ok(!match('add.u32.s32').ok);
    assert.ok(!match('add.f32.f32').ok);
    assert.ok(!match('mov.b32.b32').ok);
    // "Unexpected number of state spaces specified in instruction 'ld'"
    assert.deepEqual(kinds('ld.global.shared.f32'), ['conflict']);
    // "Rounding modifier or '.approx' modifier required for instruction 'div'" (PTX ISA 1.4 and later)
    assert.ok(!match('div.f32', { version: 14 }).ok);
    assert.ok(!match('div.f32', { version: 90 }).ok);
    assert.ok(match('div.f32', { version: 13 }).ok);
    assert.ok(!match('mad.f64', { version: 30 }).ok);
    assert.deepEqual(kinds('foo.s32'), ['unknown-opcode']);
    // a missing required word: cvt without its source type
    assert.ok(kinds('cvt.f32').includes('missing'));
    // type words are positional: the tf32 form is `.tf32.f32` only
    assert.ok(match('cvt.rna.tf32.f32').ok);
    assert.ok(!match('cvt.rna.f32.tf32').ok);
  });

  test('gates: versions and targets', () => {
    // "Instruction 'shfl' requires .target sm_30 or higher" (.target sm_20)
    const r = match('shfl.sync.bfly.b32', { version: 60, target: 'sm_20' });
    assert.ok(!r.ok && r.reasons.some((x: WhyNot) => x.kind === 'needs-target'));
    assert.ok(match('shfl.sync.bfly.b32', { version: 60, target: 'sm_30' }).ok);
    assert.ok(!match('shfl.sync.bfly.b32', { version: 50, target: 'sm_30' }).ok);
    // word gates: "Feature '.bf16x2' requires .target sm_80 or higher", "... .version 7.0 or later"
    assert.ok(match('cvt.rn.bf16x2.f32', { version: 90, target: 'sm_80' }).ok);
    assert.ok(kinds('cvt.rn.bf16x2.f32', { version: 90, target: 'sm_75' }).includes('needs-target'));
    assert.ok(kinds('cvt.rn.bf16x2.f32', { version: 65, target: 'sm_80' }).includes('needs-version'));
    // "Instruction 'atom.add.f64.global' requires .target sm_60 or higher" (a pair of words)
    assert.ok(kinds('atom.global.add.f64', { version: 90, target: 'sm_50' }).includes('needs-target'));
    assert.ok(match('atom.global.add.f64', { version: 90, target: 'sm_60' }).ok);
    assert.ok(match('atom.global.max.u64', { version: 90, target: 'sm_50' }).ok);
    assert.ok(kinds('ld.global.v8.f32', { version: 87, target: 'sm_100' }).includes('needs-version'));
    assert.deepEqual(describeInstruction('ld', ['.global', '.L2::cache_hint', '.u32'])?.needs, { ptx: '7.4', sm: ['sm_80'] });
    // target requirements
    assert.ok(targetSatisfies('sm_90a', 'sm_90'));
    assert.ok(targetSatisfies('sm_120', 'sm_90'));
    assert.ok(targetSatisfies('sm_90a', 'sm_90a'));
    assert.ok(!targetSatisfies('sm_100a', 'sm_90a'));
    assert.ok(!targetSatisfies('sm_90', 'sm_90a'));
    assert.ok(targetSatisfies('sm_103a', 'sm_100f'));
    assert.ok(targetSatisfies('sm_100f', 'sm_100f'));
    assert.ok(!targetSatisfies('sm_100', 'sm_100f'));
    assert.ok(!targetSatisfies('sm_120a', 'sm_100f'));
  });

  test('editor view: form, syntax line, operand kinds, needs', () => {
    const i = describeInstruction('setp', ['.lt', '.and', '.f32'], 4);
    assert.ok(i);
    assert.match(i.syntax, /^setp\.CmpOp\.BoolOp/);
    assert.deepEqual(i.operands.map((o) => o.kind), ['pred-pair', 'value', 'value', 'pred']);
    assert.equal(i.operands[3]!.negatable, true);
    const ld = describeInstruction('ld', ['.global', '.v4', '.f32'], 2);
    assert.ok(ld && ld.operands[1]!.kind === 'address');
    const cp = describeInstruction('cp', ['.async', '.ca', '.shared', '.global'], 3);
    assert.ok(cp);
    assert.deepEqual(cp.needs, { ptx: '7.0', sm: ['sm_80'] });
    assert.ok(formsOf('cp').length > 10);
  });
});

// ------------------------------------------------------------------------------------ corpus

interface FileFacts {
  file: AcceptedPtxFile;
  module: A.Module;
  ctx: MatchContext;
  version: string;
  targets: string;
  addressSize?: number;
}

function readFacts(file: AcceptedPtxFile): FileFacts | undefined {
  const { module } = parsePtx(file.rel, readFileSync(file.path, 'latin1'));
  if (!module) return undefined;
  const ctx: MatchContext = {};
  let version = '';
  let targets = '';
  let addressSize: number | undefined;
  for (const it of module.items) {
    if (it.kind === 'version') {
      ctx.version = it.major * 10 + it.minor;
      version = it.raw;
    } else if (it.kind === 'target') {
      targets = it.targets.map((t) => t.name).join(', ');
      ctx.target = it.targets.map((t) => t.name).find((t) => /^(sm|compute)_/.test(t));
    } else if (it.kind === 'address_size') addressSize = it.size;
  }
  return { file, module, ctx, version, targets, addressSize };
}

function* instructions(statements: readonly A.Statement[]): Generator<A.Instruction> {
  for (const s of statements) {
    if (s.kind === 'instruction') yield s;
    else if (s.kind === 'block') yield* instructions(s.statements);
  }
}

function* functions(m: A.Module): Generator<A.FunctionDecl> {
  for (const it of m.items) if (it.kind === 'function' && it.body) yield it;
}

const corpus: FileFacts[] = [];
function loadCorpus(): FileFacts[] {
  if (corpus.length === 0) for (const f of acceptedPtxFiles()) if (!f.parseOnly) {
    const facts = readFacts(f);
    if (facts) corpus.push(facts);
  }
  return corpus;
}

describe('PTX instruction tables: corpus', () => {
  test('coverage: every instruction of every ptxas-accepted corpus file matches a form for its .version/.target', (t) => {
    if (sharedSkipReason) {
      console.log(`SKIP: ${sharedSkipReason}`);
      t.skip(sharedSkipReason);
      return;
    }
    const files = loadCorpus();
    let n = 0;
    const misses = new Map<string, { count: number; file: string; why: string }>();
    const opcodes = new Set<string>();
    const formsUsed = new Set<string>();
    for (const f of files) {
      for (const fn of functions(f.module)) {
        for (const ins of instructions(fn.body!.statements)) {
          n++;
          opcodes.add(ins.opcode);
          const r = matchInstruction(ins.opcode, ins.modifiers, f.ctx);
          let why: string | undefined;
          if (!r.ok) why = JSON.stringify(r.reasons);
          else {
            const fit = formsTakingOperandCount(r.forms, ins.operands.length);
            if (fit.length === 0) why = `no form takes ${ins.operands.length} operands (${r.forms[0]!.syntax})`;
            else formsUsed.add(fit[0]!.id);
          }
          if (why) {
            const key = `${ins.opcode}${ins.modifiers.join('')} ${why}`;
            const e = misses.get(key) ?? { count: 0, file: f.file.rel, why };
            e.count++;
            misses.set(key, e);
          }
        }
      }
    }
    const missed = [...misses.values()].reduce((a, e) => a + e.count, 0);
    console.log(`coverage: ${files.length} accepted files, ${n} instructions, ${opcodes.size} opcodes, ${formsUsed.size} distinct forms used; ${n - missed} matched, ${missed} not (${misses.size} distinct)`);
    for (const [k, e] of [...misses].slice(0, 40)) console.log(`  MISS ${e.count}x ${k} (${e.file})`);
    assert.ok(files.length > 0);
    assert.equal(missed, 0, 'every instruction of an accepted file must match a form');
  });
});

// ------------------------------------------------------------------------------------ near-misses


const TYPE_WORDS = ['.b8', '.b16', '.b32', '.b64', '.b128', '.u8', '.u16', '.u32', '.u64', '.s8', '.s16', '.s32', '.s64', '.f16', '.f16x2', '.bf16', '.bf16x2', '.f32', '.f64', '.tf32', '.e4m3x2', '.pred'];

interface Case {
  /** The mini kernel's header: .version/.target/.address_size. */
  group: string;
  arch: string;
  /** Kernel text with one instruction per line; the instruction lines are cases. */
  kernelHead: string;
  lines: { text: string; kind: string; sig: string; matcherOk: boolean }[];
}

/** Names an operand uses (registers, variables, labels). */
function operandNames(o: A.Operand, out: string[]): void {
  const expr = (e: A.Expr): void => {
    switch (e.kind) {
      case 'name': out.push(e.name); break;
      case 'member': expr(e.object); break;
      case 'unary': case 'cast': expr(e.operand); break;
      case 'binary': expr(e.left); expr(e.right); break;
      case 'paren': expr(e.expr); break;
      case 'conditional': expr(e.test); expr(e.consequent); expr(e.alternate); break;
      default: break;
    }
  };
  if (o.kind === 'expr') expr(o.expr);
  else if (o.kind === 'vector' || o.kind === 'address' || o.kind === 'list') for (const e of o.elements) operandNames(e, out);
  else if (o.kind === 'indexed') { expr(o.base); operandNames(o.index, out); }
}

function regNames(fn: A.FunctionDecl): Set<string> {
  const names = new Set<string>();
  const walk = (st: readonly A.Statement[]) => {
    for (const s of st) {
      if (s.kind === 'variable' && s.space === '.reg') for (const d of s.declarators) {
        if (d.parameterizedCount !== undefined) for (let i = 0; i < d.parameterizedCount; i++) names.add(d.name + i);
        else names.add(d.name);
      } else if (s.kind === 'block') walk(s.statements);
    }
  };
  walk(fn.body!.statements);
  return names;
}

function regDecls(fn: A.FunctionDecl, text: string): string {
  const out: string[] = [];
  const walk = (st: readonly A.Statement[]) => {
    for (const s of st) {
      if (s.kind === 'variable' && s.space === '.reg') out.push(text.slice(s.span.start, s.span.end).replace(/;?$/, ';'));
      else if (s.kind === 'block') walk(s.statements);
    }
  };
  walk(fn.body!.statements);
  return out.join('\n');
}

function instructionText(ins: A.Instruction, mods: readonly string[]): string {
  const guard = ins.guard ? `@${ins.guard.negated ? '!' : ''}${ins.guard.name} ` : '';
  return `${guard}${ins.opcode}${mods.join('')} ${ins.operands.map(printOperand).join(', ')};`;
}

const IGNORED = new Set(CURATION.ignoredWords['*'] ?? []);

const SKIP_OPCODES = new Set(['bra', 'brx', 'call', 'ret', 'exit']);

/** Baselines (one real instruction per distinct spelling) and their mutations. */
function buildCases(seed: number): Case[] {
  const random = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
  const generic = [...GENERIC_MODIFIERS];
  const seen = new Set<string>();
  const groups = new Map<string, Case[]>();
  for (const f of loadCorpus()) {
    if (f.file.compileOnly) continue;
    const text = f.module.source.text;
    const head = `.version ${f.version}\n.target ${f.targets}\n${f.addressSize ? `.address_size ${f.addressSize}\n` : ''}`;
    for (const fn of functions(f.module)) {
      if (!fn.entry) continue;
      const regs = regNames(fn);
      let decls: string | undefined;
      for (const ins of instructions(fn.body!.statements)) {
        if (SKIP_OPCODES.has(ins.opcode)) continue;
        const sig = `${ins.opcode}${ins.modifiers.join('')}|${f.ctx.version}|${f.ctx.target}`;
        if (seen.has(sig)) continue;
        const names: string[] = [];
        for (const o of ins.operands) operandNames(o, names);
        if (ins.guard) names.push(ins.guard.name);
        if (!names.every((n) => regs.has(n) || SPECIAL_REGISTERS.has(n.replace(/\.[xyz]$/, '')))) continue;
        seen.add(sig);
        decls ??= regDecls(fn, text);
        const vocab = new Set(formsOf(ins.opcode).flatMap((fm) => fm.slots.flatMap((s) => s.values)));
        const mods = ins.modifiers;
        const variants: { kind: string; mods: string[] }[] = [{ kind: 'baseline', mods: [...mods] }];
        // a stray word: a word ptxas knows, that no form of this opcode takes (and that the tables
        // do not list as ignored: see CURATION.ignoredWords)
        const strays = generic.filter((w) => !vocab.has(w) && !isTypeWord(w) && !IGNORED.has(w));
        variants.push({ kind: 'stray', mods: [...mods, pick(strays)] });
        // a word dropped
        if (mods.length > 0) {
          const i = Math.floor(random() * mods.length);
          variants.push({ kind: 'drop', mods: mods.filter((_, j) => j !== i) });
        }
        // a type word replaced by another type
        const ti = mods.map((m, i) => (isTypeWord(m) ? i : -1)).filter((i) => i >= 0);
        if (ti.length > 0) {
          const i = pick(ti);
          const other = pick(TYPE_WORDS.filter((w) => w !== mods[i]));
          variants.push({ kind: 'type', mods: mods.map((m, j) => (j === i ? other : m)) });
        }
        // a non-type word replaced by another word of the opcode's vocabulary
        const wi = mods.map((m, i) => (!isTypeWord(m) ? i : -1)).filter((i) => i >= 0);
        const alts = [...vocab].filter((w) => !isTypeWord(w));
        if (wi.length > 0 && alts.length > 1) {
          const i = pick(wi);
          variants.push({ kind: 'swap', mods: mods.map((m, j) => (j === i ? pick(alts.filter((w) => w !== m)) : m)) });
        }
        // a second word of a slot the instruction already fills (`.rn` + `.rz`)
        variants.push({ kind: 'add', mods: [...mods, pick(alts.length ? alts : strays)] });
        const key = `${head}|${f.file.arch}`;
        const list = groups.get(key) ?? [];
        groups.set(key, list);
        list.push({
          group: head,
          arch: f.file.arch,
          kernelHead: `.visible .entry k${list.length}()\n{\n${decls}\n`,
          lines: variants.map((v) => ({
            text: instructionText(ins, v.mods),
            kind: v.kind,
            sig: `${ins.opcode}${v.mods.join('')}`,
            matcherOk: matchInstruction(ins.opcode, v.mods, f.ctx).ok,
          })),
        });
      }
    }
  }
  return [...groups.values()].flat();
}

/** Per case and line, whether ptxas refuses it (the lines of a case share its kernel; test/harness/ptxas-lines.ts). */
function ptxasVerdicts(cases: Case[]): boolean[][] {
  const lines = cases.flatMap((c, ci) => c.lines.map((l) => ({ head: c.group, arch: c.arch, decls: c.kernelHead.replace(/^\.visible \.entry k\d+\(\)\n\{\n/, ''), kernel: ci, text: l.text })));
  const { refused } = ptxasRefusedLines(lines, { keep: !!process.env['GPUASM_ITAB_KEEP'] });
  let at = 0;
  return cases.map((c) => c.lines.map(() => refused[at++]!));
}

/**
 * The checker's verdict on each line of the cases (the whole checker, instruction layer included,
 * on the case's kernel with that line alone), against ptxas's: a line ptxas accepts and the
 * checker refuses is a false error of the checker.
 */
function checkerAgainstPtxas(cases: Case[], verdicts: boolean[][], skipCase: (ci: number) => boolean): { judged: number; bothRefuse: number; ptxasOnly: number; falseErrors: string[] } {
  let judged = 0;
  let bothRefuse = 0;
  let ptxasOnly = 0;
  const falseErrors: string[] = [];
  cases.forEach((c, ci) => {
    if (skipCase(ci)) return;
    c.lines.forEach((l, li) => {
      const text = `${c.group}${c.kernelHead}${l.text}\nret;\n}\n`;
      // Only the instruction's line is judged (ptxasVerdicts judges only it: the kernel head is
      // the original's declarations, flattened).
      const line = `${c.group}${c.kernelHead}`.split('\n').length;
      const ours = checkPtxText('case.ptx', text, { preprocess: false }).find((d) => d.severity === 'error' && d.location?.line === line);
      const theirs = verdicts[ci]![li]!;
      judged++;
      if (ours && !theirs) falseErrors.push(`${l.kind}: ${l.text} [${c.arch}]: [${ours.code}] ${ours.message}`);
      else if (ours && theirs) bothRefuse++;
      else if (!ours && theirs) ptxasOnly++;
    });
  });
  return { judged, bothRefuse, ptxasOnly, falseErrors };
}

describe('PTX instruction tables: near-misses of real instructions, matcher against ptxas', () => {
  test('no word combination the matcher refuses is accepted by ptxas; counts of agreement', (t) => {
    const reason = sharedSkipReason ?? ptxasSkipReason;
    if (reason) {
      console.log(`SKIP: ${reason}`);
      t.skip(reason);
      return;
    }
    const seed = fuzzSeed();
    console.log(`near-misses: seed ${seed} (GPUASM_SEED=${seed} to replay)`);
    const cases = buildCases(seed);
    const verdicts = ptxasVerdicts(cases);
    const stats: Stats = new Map();
    const falseErrors: string[] = [];
    const lenient: string[] = [];
    let baselines = 0;
    cases.forEach((c, ci) => {
      // A baseline ptxas refuses out of its file (context it needs) judges nothing.
      if (verdicts[ci]![0]) return;
      baselines++;
      c.lines.forEach((l, li) => {
        const verdict = tally(stats, l.kind, !verdicts[ci]![li], l.matcherOk);
        if (verdict === 'falseError') falseErrors.push(`${l.kind}: ${l.text}  [${c.group.replace(/\n/g, ' ')}]`);
        else if (verdict === 'lenient') lenient.push(`${l.kind}: ${l.text}`);
      });
    });
    console.log(`near-misses: ${cases.length} real instructions, ${baselines} accepted by ptxas alone`);
    for (const [k, s] of stats) console.log(`  ${k.padEnd(8)} ${s.n} cases, ${s.agree} agree, ${s.falseError} matcher-only refusals, ${s.lenient} ptxas-only refusals`);
    // GPUASM_ITAB_DUMP=file: every disagreement, for curation.
    const dump = process.env['GPUASM_ITAB_DUMP'];
    if (dump) writeFileSync(dump, [...falseErrors.map((l) => `FALSE ${l}`), ...lenient.map((l) => `LENIENT ${l}`)].join('\n') + '\n');
    for (const l of lenient.slice(0, 15)) console.log(`  ptxas-only refusal (operands or an unmodelled rule): ${l}`);
    for (const l of falseErrors.slice(0, 40)) console.log(`  FALSE ERROR: ${l}`);
    // The checker (instruction layer included) on the same lines: never refuses what ptxas accepts.
    const chk = checkerAgainstPtxas(cases, verdicts, (ci) => verdicts[ci]![0]!);
    console.log(`near-misses, checker: ${chk.judged} lines judged; both refuse ${chk.bothRefuse}, ptxas only ${chk.ptxasOnly}, checker only ${chk.falseErrors.length}`);
    for (const l of chk.falseErrors.slice(0, 20)) console.log(`  CHECKER FALSE ERROR: ${l}`);
    assert.deepEqual(chk.falseErrors.slice(0, 20), [], 'the checker must never refuse what ptxas accepts');
    assert.ok(baselines > 100, 'the near-miss suite must judge real instructions');
    assert.equal(stats.get('baseline')?.falseError ?? 0, 0);
    assert.deepEqual(falseErrors, [], 'the matcher must never refuse what ptxas accepts');
    // Refusals the matcher must find: a word no form of the opcode takes. The tables ignore a few
    // words more widely than ptxas does (CURATION.ignoredWords, lenient by choice): a bound, not 0.
    const stray = stats.get('stray')!;
    assert.ok(stray.lenient <= stray.n / 100, `a word no form takes is refused by both (${stray.lenient} of ${stray.n} not)`);
  });
});

// ------------------------------------------------------------------------------------ Syntax-block cases

/** The register of a type word's size class (8-bit values live in 16-bit registers). */
function regClass(type: string | undefined): string {
  if (!type) return '%r';
  if (type === '.pred') return '%p';
  const bits = /(\d+)(?:x(\d+))?/.exec(type.replace(/^\.(?:e\d+m\d+|ue\d+m\d+)/, '.b8'));
  let size = bits ? Number(bits[1]) * (bits[2] ? Number(bits[2]) : 1) : 32;
  if (type === '.tf32') size = 32;
  if (/^\.(?:e\d|ue\d)/.test(type)) size = 8 * (Number(/x(\d+)$/.exec(type)?.[1] ?? 1));
  return size <= 16 ? '%rs' : size <= 32 ? '%r' : size <= 64 ? '%rd' : '%rq';
}

const SYNTH_DECLS = '.reg .b16 %rs<40>;\n.reg .b32 %r<80>;\n.reg .b64 %rd<40>;\n.reg .b128 %rq<8>;\n.reg .pred %p<8>;';

/** A valid-looking instance of a form: its required words (first member of each set) and operands. */
function synthesize(form: ReturnType<typeof allInstructionForms>[number]): { mods: string[]; operands: string } | undefined {
  const mods = form.slots.filter((s) => !s.optional).map((s) => s.values[0]!);
  const types = mods.filter((m) => isTypeWord(m));
  const dst = regClass(types[0]);
  const src = regClass(types[types.length - 1]);
  let n = 1;
  const reg = (cls: string) => `${cls}${n++}`;
  const ops: string[] = [];
  for (const [i, o] of form.operands.entries()) {
    if (o.optional) continue;
    const cls = i === 0 ? dst : src;
    switch (o.kind) {
      case 'value': ops.push(reg(cls)); break;
      case 'pred': ops.push(reg('%p')); break;
      case 'pred-pair': ops.push(o.name.includes('{') ? reg('%p') : `${reg('%p')}|${reg('%p')}`); break;
      case 'address': ops.push(`[${['%rd1', ...Array.from({ length: (o.count ?? 1) - 1 }, () => reg('%r'))].join(', ')}]`); break;
      case 'vector': ops.push(`{${Array.from({ length: o.count ?? 4 }, () => reg(cls)).join(', ')}}`); break;
      default: return undefined;
    }
  }
  return { mods, operands: ops.join(', ') };
}

describe('PTX instruction tables: one case per form of the Syntax blocks, with near-misses, against ptxas', () => {
  test('every form yields words the matcher accepts; ptxas verdicts on its near-misses agree', (t) => {
    const forms = allInstructionForms();
    // Internal consistency first (no ptxas needed): the required words of every form match it.
    let synthesized = 0;
    const built: { form: (typeof forms)[number]; mods: string[]; operands: string }[] = [];
    for (const f of forms) {
      const s = synthesize(f);
      if (!s) continue;
      synthesized++;
      const r = matchInstruction(f.opcode, s.mods);
      assert.ok(r.ok && r.forms.includes(f), `${f.id}: its own words ${s.mods.join('')} do not match it`);
      built.push({ form: f, ...s });
    }
    console.log(`syntax cases: ${forms.length} forms, ${synthesized} with operands synthesized`);
    if (ptxasSkipReason) {
      console.log(`SKIP (ptxas part): ${ptxasSkipReason}`);
      t.skip(ptxasSkipReason);
      return;
    }
    const seed = fuzzSeed();
    console.log(`syntax cases: seed ${seed} (GPUASM_SEED=${seed} to replay)`);
    const random = rng(seed);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
    const generic = [...GENERIC_MODIFIERS];
    // Baselines at the newest targets first; a form refused there is tried at the next.
    const targets = ['sm_100a', 'sm_90a', 'sm_120a', 'sm_103a', 'sm_110a'];
    const accepted = new Map<number, string>();
    let pending = built.map((_, i) => i);
    for (const target of targets) {
      if (pending.length === 0) break;
      const cases: Case[] = pending.map((i) => ({
        group: `.version 9.0\n.target ${target}\n.address_size 64\n`,
        arch: target,
        kernelHead: `.visible .entry k0()\n{\n${SYNTH_DECLS}\n`,
        lines: [{ text: `${built[i]!.form.opcode}${built[i]!.mods.join('')} ${built[i]!.operands};`, kind: 'baseline', sig: '', matcherOk: true }],
      }));
      const v = ptxasVerdicts(cases);
      const next: number[] = [];
      pending.forEach((i, k) => (v[k]![0] ? next.push(i) : accepted.set(i, target)));
      pending = next;
    }
    const families = new Set(built.map((b) => b.form.family));
    const famOk = new Set([...accepted.keys()].map((i) => built[i]!.form.family));
    console.log(`syntax cases: ${accepted.size} of ${built.length} forms assemble as synthesized; families ${famOk.size} of ${families.size}`);
    console.log(`  families with no form assembled as synthesized: ${[...families].filter((f) => !famOk.has(f)).join(' ')}`);
    // Near-misses of the assembled ones: a stray word, a required word dropped, a type replaced.
    const cases: Case[] = [];
    for (const [i, target] of accepted) {
      const b = built[i]!;
      const ctx: MatchContext = { version: 90, target };
      const vocab = new Set(formsOf(b.form.opcode).flatMap((f) => f.slots.flatMap((s) => s.values)));
      const variants: { kind: string; mods: string[] }[] = [{ kind: 'baseline', mods: b.mods }];
      const strays = generic.filter((w) => !vocab.has(w) && !isTypeWord(w) && !IGNORED.has(w));
      variants.push({ kind: 'stray', mods: [...b.mods, pick(strays)] });
      if (b.mods.length > 0) {
        const d = Math.floor(random() * b.mods.length);
        variants.push({ kind: 'drop', mods: b.mods.filter((_, j) => j !== d) });
      }
      const ti = b.mods.map((m, j) => (isTypeWord(m) ? j : -1)).filter((j) => j >= 0);
      if (ti.length > 0) {
        const j = pick(ti);
        variants.push({ kind: 'type', mods: b.mods.map((m, k) => (k === j ? pick(TYPE_WORDS.filter((w) => w !== m)) : m)) });
      }
      cases.push({
        group: `.version 9.0\n.target ${target}\n.address_size 64\n`,
        arch: target,
        kernelHead: `.visible .entry k0()\n{\n${SYNTH_DECLS}\n`,
        lines: variants.map((v) => ({ text: `${b.form.opcode}${v.mods.join('')} ${b.operands};`, kind: v.kind, sig: b.form.id, matcherOk: matchInstruction(b.form.opcode, v.mods, ctx).ok })),
      });
    }
    const verdicts = ptxasVerdicts(cases);
    const stats: Stats = new Map();
    const falseErrors: string[] = [];
    cases.forEach((c, ci) => {
      c.lines.forEach((l, li) => {
        if (tally(stats, l.kind, !verdicts[ci]![li], l.matcherOk) === 'falseError') falseErrors.push(`${l.kind}: ${l.text} [${c.arch}] (${l.sig})`);
      });
    });
    for (const [k, s] of stats) console.log(`  ${k.padEnd(8)} ${s.n} cases, ${s.agree} agree, ${s.falseError} matcher-only refusals, ${s.lenient} ptxas-only refusals`);
    for (const l of falseErrors.slice(0, 40)) console.log(`  FALSE ERROR: ${l}`);
    // Per family: near-misses both refuse.
    const bothRefuse = new Map<string, number>();
    cases.forEach((c, ci) => c.lines.forEach((l, li) => {
      if (l.kind !== 'baseline' && verdicts[ci]![li] && !l.matcherOk) {
        const fam = l.sig.split('#')[0]!;
        bothRefuse.set(fam, (bothRefuse.get(fam) ?? 0) + 1);
      }
    }));
    console.log(`  near-misses refused by both: ${[...bothRefuse.values()].reduce((a, b) => a + b, 0)}, in ${bothRefuse.size} families`);
    const chk = checkerAgainstPtxas(cases, verdicts, () => false);
    console.log(`  checker: ${chk.judged} lines judged; both refuse ${chk.bothRefuse}, ptxas only ${chk.ptxasOnly}, checker only ${chk.falseErrors.length}`);
    for (const l of chk.falseErrors.slice(0, 20)) console.log(`  CHECKER FALSE ERROR: ${l}`);
    assert.deepEqual(chk.falseErrors.slice(0, 20), [], 'the checker must never refuse what ptxas accepts');
    assert.ok(accepted.size > 100, 'the Syntax-block suite must judge assembled forms');
    assert.ok(bothRefuse.size > 100, 'near-misses of most families are refused by both');
    assert.deepEqual(falseErrors, [], 'the matcher must never refuse what ptxas accepts');

    // Per family: valid cases ptxas and the checker accept, near-misses both refuse on ptxas's line.
    // The synthesized ones first (their baselines, which the checker accepted above), then the
    // hand-written cases of family-cases.ts for what the synthesis cannot express.
    const valid = new Map<string, number>();
    const refused = new Map<string, number>();
    for (const i of accepted.keys()) bump(valid, built[i]!.form.family);
    cases.forEach((c, ci) => c.lines.forEach((l, li) => {
      if (l.kind === 'baseline' || !verdicts[ci]![li]) return;
      const line = `${c.group}${c.kernelHead}`.split('\n').length;
      const text = `${c.group}${c.kernelHead}${l.text}\nret;\n}\n`;
      const first = checkPtxText('case.ptx', text, { preprocess: false }).find((d) => d.severity === 'error');
      if (first?.location?.line === line) bump(refused, l.sig.split('#')[0]!);
    }));
    const hand = familyCaseVerdicts();
    if (hand.skip) console.log(`SKIP (hand-written family cases): ${hand.skip}`);
    for (const [f, n] of hand.valid) valid.set(f, (valid.get(f) ?? 0) + n);
    for (const [f, n] of hand.refused) refused.set(f, (refused.get(f) ?? 0) + n);
    const all = [...new Set(forms.map((f) => f.family))].sort();
    console.log(`  per family (valid cases accepted by ptxas and gpuasm / near-misses refused by both on ptxas's line):`);
    for (let at = 0; at < all.length; at += 6) console.log('    ' + all.slice(at, at + 6).map((f) => `${f} ${valid.get(f) ?? 0}/${refused.get(f) ?? 0}`).join(', '));
    console.log(`  hand-written: ${hand.lines} lines of ${new Set(FAMILY_CASES.map((f) => f.family)).size} families; ptxas and gpuasm agree on ${hand.agree}`);
    for (const l of hand.problems.slice(0, 40)) console.log(`  ${l}`);
    assert.deepEqual(hand.problems, [], 'every hand-written case: ptxas as the table says, gpuasm as ptxas (verdict and line)');
    assert.deepEqual(all.filter((f) => !valid.get(f)), [], 'every family has a valid case ptxas and gpuasm accept');
    assert.deepEqual(all.filter((f) => !refused.get(f)), [], 'every family has a near-miss ptxas and gpuasm refuse on the same line');
  });
});

/**
 * The hand-written family cases (family-cases.ts) through ptxas (batched: one run per target,
 * version and module-scope declarations) and through the checker, each line in its own kernel:
 * a valid line must be accepted by both, a near-miss refused by both, the checker's first error on
 * the line ptxas names. `problems` lists every departure.
 */
function familyCaseVerdicts(): { valid: Map<string, number>; refused: Map<string, number>; lines: number; agree: number; problems: string[]; skip?: string } {
  const valid = new Map<string, number>();
  const refused = new Map<string, number>();
  if (ptxasSkipReason) return { valid, refused, lines: 0, agree: 0, problems: [], skip: ptxasSkipReason };
  const cases: Case[] = FAMILY_CASES.map((fc) => {
    const version = fc.version ?? '9.0';
    // .b128 registers need .version 8.3.
    const regs = Number(version) < 8.3 ? SYNTH_DECLS.replace(/\.reg \.b128 [^;]*;\n/, '') : SYNTH_DECLS;
    return {
      // (.address_size needs .version 2.3.)
      group: `.version ${version}\n.target ${fc.target}\n${Number(version) >= 2.3 ? '.address_size 64\n' : ''}${fc.globals ?? ''}`,
      arch: fc.arch ?? fc.target,
      kernelHead: `.visible .entry k0()\n{\n${regs}\n${FAMILY_DECLS}\n${fc.decls ? fc.decls + '\n' : ''}`,
      lines: [...fc.valid.map((text) => ({ text, kind: 'valid', sig: fc.family, matcherOk: true })), ...fc.misses.map((text) => ({ text, kind: 'miss', sig: fc.family, matcherOk: false }))],
    };
  });
  const verdicts = ptxasVerdicts(cases);
  const problems: string[] = [];
  let lines = 0;
  let agree = 0;
  cases.forEach((c, ci) => c.lines.forEach((l, li) => {
    lines++;
    const ptxasRefuses = verdicts[ci]![li]!;
    const line = `${c.group}${c.kernelHead}`.split('\n').length;
    const text = `${c.group}${c.kernelHead}${l.text}\nret;\n}\n`;
    const first = checkPtxText('case.ptx', text, { preprocess: false }).find((d) => d.severity === 'error');
    const where = `${l.sig} [${c.arch}${/\.version (\S+)/.exec(c.group)![1] !== '9.0' ? ' .version ' + /\.version (\S+)/.exec(c.group)![1] : ''}]: ${l.text}`;
    if (l.kind === 'valid') {
      if (ptxasRefuses) problems.push(`VALID CASE REFUSED BY PTXAS: ${where}`);
      else if (first) problems.push(`FALSE ERROR: ${where}: line ${first.location?.line} [${first.code}] ${first.message}`);
      else (agree++, bump(valid, l.sig));
    } else if (!ptxasRefuses) problems.push(`NEAR-MISS NOT REFUSED BY PTXAS ON ITS LINE: ${where}`);
    else if (!first) problems.push(`MISSED: ${where}`);
    else if (first.location?.line !== line) problems.push(`OTHER LINE: ${where}: line ${first.location?.line} [${first.code}] ${first.message}`);
    else (agree++, bump(refused, l.sig));
  }));
  return { valid, refused, lines, agree, problems };
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}
