/**
 * PTX check: an instruction statement whose exact text was checked cleanly before is only
 * re-resolved (src/ptx/repeats.ts). Whatever the file, the diagnostics must be exactly those of
 * parsing and checking every statement: compared here with the memo off, on every corpus file
 * (as is and with a random break), and on random modules built from a small pool of statements
 * (so that texts repeat) in contexts that change what a repeated text means: undeclared or
 * retyped registers, labels before and after, return parameters, special registers the target
 * lacks, shadowing blocks, comments holding `;`, statements across lines.
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkPtx } from '../../src/ptx/index.js';
import { StatementMemo, MAX_REPEAT_KEY, RepeatedDeclaration, RepeatedInstruction } from '../../src/ptx/speed/repeats.js';
import { Parser } from '../../src/ptx/parse/parser.js';
import { itemChecks } from '../../src/ptx/pipeline.js';
import { DiagnosticBag } from '../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../src/core/source.js';
import { listFiles, sharedDir, sharedSkipReason } from '../harness/corpus.js';
import { fuzzRuns, fuzzSeed } from '../harness/tools.js';
import { rng } from '../harness/ptx-mutate.js';
import { pick, type Rng } from '../harness/ptx-modgen.js';

if (sharedSkipReason) console.log(sharedSkipReason);

function bothWays(text: string): { on: string; off: string; repeated: number } {
  const on = checkPtx('m.ptx', text, {}, { repeats: true });
  const off = checkPtx('m.ptx', text, {}, { repeats: false });
  return { on: JSON.stringify(on.diagnostics), off: JSON.stringify(off.diagnostics), repeated: on.repeated };
}

const BREAKS = [';', '}', '{', '%r1', '.reg .b32 %r<4>;', 'L1:', '@', "'", '/*', '//', '\n', 'x'];

test('ptx repeats: corpus files give the same diagnostics with and without the memo', { skip: sharedSkipReason }, () => {
  const root = join(sharedDir()!, 'corpus', 'ptx');
  const files = listFiles(root, '.ptx');
  assert.ok(files.length > 100, `only ${files.length} corpus files`);
  const seed = fuzzSeed();
  const pick = rng(seed);
  let repeated = 0;
  const mismatches: string[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'latin1');
    // As is, and with one break at a random place (the breaks make errors inside repeated texts).
    const insert = BREAKS[Math.floor(pick() * BREAKS.length)]!;
    const at = Math.floor(pick() * text.length);
    for (const t of [text, text.slice(0, at) + insert + text.slice(at)]) {
      const r = bothWays(t);
      repeated += r.repeated;
      if (r.on !== r.off) mismatches.push(`${path}${t === text ? '' : ` with ${JSON.stringify(insert)} at offset ${at}`}`);
    }
  }
  assert.deepEqual(mismatches.slice(0, 5), [], `seed ${seed}: ${mismatches.length} files differ`);
  // The corpus repeats itself: a memo that never hits would make this test prove nothing.
  assert.ok(repeated > 10_000, `only ${repeated} repeated statements found in the corpus`);
});

/** Declarations of a body: some declare what the pool uses, some retype it, some leave it out. */
const DECLS = [
  '.reg .b32 %r<5>;',
  '.reg .b32 %r<5>;',
  '.reg .b32 %r3;',
  '.reg .b32 %r9;',
  '.reg .b32 %r<12>;',
  '.param .b32 p;',
  '.param .b32 ret;',
  '.param .b32 param0;',
  '.param .b32 param0;',
  '.param .v2 .b32 pv;',
  '.param .align 4 .b8 pa[8];',
  '.reg .b32 _;',
  '.reg .b32 WARP_SZ;',
  '.reg .b32 %tid;',
  '.local .b32 x = 5;',
  '.local .b32 y, z;',
  '.shared .align 3 .b32 s2;',
  '.shared .align 8 .b32 s2;',
  '.reg .bf16 h;',
  '.reg .f16x2 h;',
  '.reg .b32 f;',
  '.reg .b32 /* ; */ c;',
  '.reg .b32\n\tnl;',
  '.global .b32 gl;',
  '.const .b32 cn;',
  '.reg .v4 .b64 wide;',
  '.reg .pred %p1;',
  '.reg .b32 %r<2>;',
  '.reg .f32 %r<5>;',
  '.reg .b32 %r1;',
  '.reg .pred %p<3>;',
  '.reg .b32 %p<3>;',
  '.reg .b64 %rd<4>;',
  '.local .b32 arr[4];',
  '.local .b32 arr;',
  '.shared .b32 sh;',
  '.reg .b32 L1;',
];

/** Statements that repeat verbatim across bodies; their meaning depends on the body around them. */
const POOL = [
  'mov.u32 %r1, %r2;',
  'add.s32 %r1, %r2, 1;',
  'add.s32 %r3, %r4, %r1;',
  '@%p1 bra L1;',
  '@!%p1 bra L2;',
  'bra L1;',
  'bra.uni L2;',
  'mov.u32 %r1, %tid.x;',
  'mov.u32 %r1, %clusterid.x;',
  'mov.u32 %r1, %envreg3;',
  'ld.param.b32 %r1, [ret];',
  'ld.global.b32 %r1, [ret+4];',
  'ld.global.b32 %r1, [gv];',
  'ld.param.b32 %r1, [p];',
  'st.param.b32 [ret], %r1;',
  'mov.u32 %r1, L1;',
  'mov.u64 %rd1, f;',
  'mov.u64 %rd1, arr;',
  'ld.local.b32 %r1, [arr+4];',
  'ld.local.b32 %r1, [arr+1.5];',
  'mov.u32 %r1, arr[1];',
  'not.pred %p1, !%p2;',
  'selp.b32 %r1, %r2, %r3, %p1;',
  'ld.shared.b32 %r1, [sh];',
  'mov.u32 %r1, %r9;',
  'mov.u32 %r1, /* ; */ %r2;',
  'mov.u32 %r1, // ;\n %r2;',
  'add.s32 %r1,\n\t%r2, 1;',
  'add.foo %r1, %r2, %r3;',
  'mov.u32 %r1 %r2;',
  'mov.u32.0 %r1, %r2;',
  'call f, ();',
  'call (%r1), g, (%r2);',
  'ret;',
  'exit;',
  'membar.gl;',
  'mov.u32 %r1, WARP_SZ;',
  'mov.b32 %r1, 0f3F800000;',
  'mov.u32 %r1, %tid.xy;',
  'ld.global.v2.u32 {%r1, %r2}, [%rd1];',
  '@%r1 bra L1;',
  'mov.u32 %r1, %r2; // é',
];

const LABELS = ['L1:', 'L2:'];

/** A few of `list`, chosen per module: bodies drawing from a small set repeat one another often. */
function some<T>(r: Rng, list: readonly T[], n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(pick(r, list));
  return out;
}

/** A body: declarations, then pool statements with labels and shadowing blocks among them. */
function randomBody(r: Rng, pool: string[], decls: string[], depth = 0): string {
  const lines: string[] = [];
  const n0 = Math.floor(r() * 4);
  for (let i = 0; i < n0; i++) lines.push(pick(r, decls));
  const n = 2 + Math.floor(r() * 8);
  for (let i = 0; i < n; i++) {
    const x = r();
    if (x < 0.12) lines.push(pick(r, LABELS));
    else if (x < 0.2 && depth < 2) lines.push(`{\n${randomBody(r, pool, decls, depth + 1)}\n}`);
    else if (x < 0.25) lines.push(pick(r, decls));
    else lines.push(pick(r, pool));
  }
  return lines.map((l) => `\t${l}`).join('\n');
}

function randomPoolModule(r: Rng): string {
  const target = pick(r, ['sm_50', 'sm_80', 'sm_90']);
  const version = pick(r, ['7.0', '7.8', '8.0']);
  const out = [`.version ${version}`, `.target ${target}`, '.address_size 64', ''];
  // Module-scope names that bodies may use, or shadow (a return parameter named `ret`).
  for (const d of ['.global .b32 ret;', '.global .b32 gv[4];', '.const .b32 sh;', '.global .u32 p;']) if (r() < 0.4) out.push(d);
  if (r() < 0.7) out.push('.func f()\n{\n\tret;\n}');
  if (r() < 0.5) out.push('.func (.reg .b32 x) g(.reg .b32 y)\n{\n\tmov.b32 x, y;\n\tret;\n}');
  const pool = some(r, POOL, 6);
  const decls = some(r, DECLS, 3);
  const functions = 2 + Math.floor(r() * 5);
  for (let i = 0; i < functions; i++) {
    const kind = r();
    const header =
      kind < 0.4
        ? `.visible .entry k${i}(.param .b32 p)`
        : kind < 0.7
          ? `.func (.param .b32 ret) h${i}(.param .b32 p)`
          : `.func h${i}(.param .b32 p)`;
    out.push(`${header}\n{\n${randomBody(r, pool, decls)}\n}`);
  }
  return out.join('\n') + '\n';
}

test('ptx repeats: random modules of repeated statements give the same diagnostics with and without the memo', () => {
  const seed = fuzzSeed();
  let repeated = 0;
  fc.assert(
    fc.property(fc.nat(), (s) => {
      const text = randomPoolModule(rng(s));
      const r = bothWays(text);
      repeated += r.repeated;
      assert.equal(r.on, r.off, text);
    }),
    { seed, numRuns: fuzzRuns(600) },
  );
  assert.ok(repeated > 100, `seed ${seed}: only ${repeated} repeated statements in the random modules`);
});

/** The second copy of `word`'s statement in `text`: where it starts and ends, and its full parse. */
function secondCopy(text: string, word: string): { start: number; end: number; parsed: unknown } {
  const start = text.indexOf(word, text.indexOf(word) + 1);
  const end = text.indexOf(';', start) + 1;
  const parsed = new Parser(text).parseStatementAt(start);
  assert.ok(parsed);
  return { start, end, parsed };
}

const plain = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

test('ptx repeats: a repeated statement reads as the statement parsed in full', () => {
  const text = '.version 8.0\n.target sm_80\n.entry k()\n{\n\t.reg .b32 %r<3>;\n\t@%r1 add.s32 %r1, %r2, 4;\n\t@%r1 add.s32 %r1, %r2, 4;\n}\n';
  const { start, end, parsed } = secondCopy(text, '@');
  const r = new StatementMemo(text).repeated({ kind: 'instruction', length: end - start, names: [], roles: [], isLoad: false }, start);
  assert.ok(r instanceof RepeatedInstruction);
  assert.equal(plain(r), plain(parsed));
  assert.equal(r.opcode, 'add');
  assert.deepEqual(r.modifiers, ['.s32']);
  assert.deepEqual(r.span, { start, end });
  assert.equal(r.guard?.name, '%r1');
});

test('ptx repeats: a repeated declaration reads as the declaration parsed in full', () => {
  const text = '.version 8.0\n.target sm_80\n.entry k()\n{\n\t{\n\t.param .align 4 .b32 param0;\n\t}\n\t.param .align 4 .b32 param0;\n}\n';
  const { start, end, parsed } = secondCopy(text, '.param');
  const entry = { kind: 'declaration', length: end - start, name: 'param0', nameOffset: 21, space: '.param', type: '.b32', familyCount: undefined } as const;
  const r = new StatementMemo(text).repeated(entry, start);
  assert.ok(r instanceof RepeatedDeclaration);
  assert.equal(plain(r), plain(parsed));
  assert.equal(r.space, '.param');
  assert.equal(r.align, 4n);
  assert.deepEqual(r.span, { start, end });
  assert.deepEqual(r.declarators[0]?.nameSpan, { start: start + 21, end: start + 27 });
});

test('ptx repeats: a repeated text followed by a lexical error is still read in full when its check needs it', () => {
  // The second copies need their full parse (a name resolves otherwise, or the layout reads the
  // declaration); the reparse reads the unterminated comment after them, which is not theirs.
  const header = '.version 8.0\n.target sm_80\n';
  const first = '.entry a()\n{\n\t.reg .b32 %r<3>;\n\t.param .b32 q;\n\tadd.s32 %r1, %r2, 1;\n}\n';
  for (const second of [
    '.entry b()\n{\n\t.reg .b32 %r<2>;\n\tadd.s32 %r1, %r2, 1;/* no end',
    '.entry b()\n{\n\t.param .b32 q;\n\t.param .b32 q;/* no end',
    '.entry b()\n{\n\t.local .b32 v = 1;\n\t.param .b32 q;/* no end',
  ]) {
    const r = bothWays(header + first + second);
    assert.equal(r.on, r.off, second);
    assert.match(r.on, /PTX/);
    assert.ok(r.repeated >= 1, second);
  }
});

test('ptx repeats: body declarations repeated verbatim are declared again, not parsed again', () => {
  // The memo learns from checked functions: statements repeat across functions.
  const call = '\t{\n\t.param .b32 param0;\n\t.reg .b32 %q<3>;\n\tst.param.b32 [param0], %q1;\n\t}\n';
  const header = '.version 8.0\n.target sm_80\n';
  const text = header + [0, 1, 2, 3].map((i) => `.entry k${i}()\n{\n${call}${call}}\n`).join('');
  const on = checkPtx('m.ptx', text, {}, { repeats: true });
  assert.deepEqual(on.diagnostics, []);
  // Both copies in each of the last three functions, of each of the three statements.
  assert.equal(on.repeated, 18);
  // A copy whose name now conflicts is checked in full, and reported as without the memo.
  const clash = `${header}.entry k()\n{\n${call}}\n.entry k1()\n{\n\t.param .b32 param0;\n\t.param .b32 param0;\n}\n`;
  const r = bothWays(clash);
  assert.equal(r.on, r.off);
  assert.match(r.on, /duplicate definition of variable 'param0'/);
  assert.equal(r.repeated, 2);
});

test('ptx repeats: statements that repeat are found, the memo gives up where nothing repeats', () => {
  const body = (i: number) => `.visible .entry k${i}()\n{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, %tid.x;\n\tadd.s32 %r2, %r1, ${i};\n\tret;\n}\n`;
  let text = '.version 8.0\n.target sm_80\n';
  for (let i = 0; i < 100; i++) text += body(i);
  // Each kernel repeats `.reg`, `mov` and `ret` of the first one; `add` differs in every kernel.
  assert.equal(checkPtx('m.ptx', text, {}, { repeats: true }).repeated, 99 * 3);
  // Off unless asked for: on distinct code it costs more than it saves (docs/benchmarks.md).
  assert.equal(checkPtx('m.ptx', text, {}).repeated, 0);
  let unique = '.version 8.0\n.target sm_80\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n';
  for (let i = 0; i < 30_000; i++) unique += `\tadd.s32 %r2, %r1, ${i};\n`;
  unique += '\tadd.s32 %r2, %r1, 0;\n}\n';
  // 20,000 lookups without a hit switch the memo off: the last statement is not looked up.
  assert.equal(checkPtx('m.ptx', unique, {}, { repeats: true }).repeated, 0);
});

test('ptx repeats: a key ends at the first `;` wherever it falls in a word, and equal texts get equal keys', () => {
  const seed = fuzzSeed();
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', ';', ' ', '\t', 'Z', '%'), maxLength: 400 }), fc.nat(), fc.nat(), (text, i, j) => {
      const memo = new StatementMemo(text);
      const start = text.length === 0 ? 0 : i % text.length;
      memo.find(start);
      const semi = text.indexOf(';', start);
      const expected = semi >= 0 && semi + 1 - start <= MAX_REPEAT_KEY ? semi + 1 : -1;
      assert.equal(memo.foundEnd, expected, `${JSON.stringify(text)} at ${start}`);
      if (expected < 0) return;
      // The same statement text again, at another alignment and at the very end of a text.
      const key = memo.foundHash;
      const stmt = text.slice(start, expected);
      const pad = 'x'.repeat(j % 7);
      for (const other of [pad + stmt + text, text + pad + stmt]) {
        const m2 = new StatementMemo(other);
        const at = other === pad + stmt + text ? pad.length : text.length + pad.length;
        m2.find(at);
        assert.equal(m2.foundEnd, at + stmt.length);
        assert.equal(m2.foundHash, key);
      }
    }),
    { seed, numRuns: fuzzRuns(500) },
  );
});

test('ptx repeats: the memo stays off for a text that is not plain ASCII, unless given its latin1 bytes', () => {
  const body = (i: number) => `.visible .entry k${i}()\n{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, %tid.x;\n\tret;\n}\n`;
  let text = '.version 8.0\n.target sm_80\n// caf\u00e9\n';
  for (let i = 0; i < 10; i++) text += body(i);
  const plain = checkPtx('m.ptx', text, {}, { repeats: true });
  assert.equal(plain.repeated, 0);
  const withBytes = checkPtx('m.ptx', text, { latin1Bytes: Buffer.from(text, 'latin1') }, { repeats: true });
  assert.equal(withBytes.repeated, 9 * 3);
  assert.deepEqual(withBytes.diagnostics, plain.diagnostics);
  assert.match(JSON.stringify(plain.diagnostics), /PTX105/);
});

/** Every line start of `text`, as SourceFile computes it (reference for the lexer's table). */
function lineStartsOf(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The lexer's line table after parsing and checking `text` with the memo, as checkPtx does. */
function lexerLines(text: string): number[] | undefined {
  const parser = new Parser(text);
  const { sink } = itemChecks(unmapped(new SourceFile('m.ptx', text)), new DiagnosticBag(), parser);
  parser.beginModule();
  parser.parseItems(sink, Infinity);
  const t = parser.lx.lineTable();
  return t ? [...t] : undefined;
}

test('ptx repeats: the lexer records every line start although repeated statements are passed over unscanned', { skip: sharedSkipReason }, () => {
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

test('ptx repeats: statements over several lines are not remembered; newlines in comments and strings are lines', () => {
  const body = (i: number) =>
    `.entry k${i}()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1,\n\t%r2, 1;\n\tadd.s32 %r1, /* a\nb */ %r2, 2;\n\tmov.u32 %r1, %r2;\n\tret;\n}\n.pragma "x\ny";\n`;
  const text = '.version 8.0\n.target sm_80\n' + [0, 1, 2].map(body).join('');
  assert.deepEqual(lexerLines(text), lineStartsOf(text));
  // Of each body after the first, only `.reg`, `mov` and `ret` repeat (single lines).
  assert.equal(checkPtx('m.ptx', text, {}, { repeats: true }).repeated, 2 * 3);
});
