/**
 * Spec tables 1-3 (src/ptx/data/keywords.ts): read from ../shared/spec/ptx-syntax.md and compared
 * with the data, and checked against what the parser and checker do: every directive of Table 1 is
 * accepted in its place, every keyword of Table 2 is an opcode, every identifier of Table 3 resolves.
 * The parser and checker keep their own sets (directives by grammar position, special registers with
 * the target and version each needs), so this ties them back to the spec tables. When ptxas is on
 * PATH each module is also assembled, so the cases stay what ptxas accepts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtxText } from '../../../src/ptx/index.js';
import { DIRECTIVES, INSTRUCTION_KEYWORDS, PREDEFINED_IDENTIFIERS, VECTOR_SPECIAL_REGISTERS } from '../../../src/ptx/data/keywords.js';
import { maybeSpecialRegister, SPECIAL_REGISTERS } from '../../../src/ptx/data/special-registers.js';
import { ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const H = (version = '8.0', target = 'sm_90') => `.version ${version}\n.target ${target}\n.address_size 64\n`;

/** A module using each directive in its place, and the -arch ptxas needs for it. */
const DIRECTIVE_CASES: Record<string, { text: string; arch?: string }> = {
  '.address_size': { text: H() },
  '.version': { text: H() },
  '.target': { text: H() },
  '.explicitcluster': { text: H() + '.entry k() .explicitcluster { ret; }\n' },
  '.maxnreg': { text: H() + '.entry k() .maxnreg 32 { ret; }\n' },
  '.maxntid': { text: H() + '.entry k() .maxntid 32, 1, 1 { ret; }\n' },
  '.reqntid': { text: H() + '.entry k() .reqntid 32 { ret; }\n' },
  '.minnctapersm': { text: H() + '.entry k() .maxntid 32 .minnctapersm 2 { ret; }\n' },
  // Deprecated after PTX 2.0 (ptxas: "not supported as of PTX version 2.1"); accepted, with a warning, before.
  '.maxnctapersm': { text: '.version 2.0\n.target sm_20\n.entry k() .maxntid 32 .maxnctapersm 2 { ret; }\n', arch: 'sm_75' },
  '.maxclusterrank': { text: H() + '.entry k() .maxclusterrank 8 { ret; }\n' },
  '.reqnctapercluster': { text: H() + '.entry k() .reqnctapercluster 2, 1, 1 { ret; }\n' },
  '.noreturn': { text: H() + '.func f() .noreturn { trap; }\n' },
  '.section': { text: H() + '.section .debug_str { .b8 65, 0 }\n' },
  '.alias': { text: H() + '.visible .func b();\n.visible .func a() { ret; }\n.alias b, a;\n' },
  '.extern': { text: H() + '.extern .global .u32 x;\n' },
  '.shared': { text: H() + '.shared .align 4 .u32 s;\n' },
  '.align': { text: H() + '.global .align 8 .u32 x;\n' },
  '.file': { text: H() + '.file 1 "a.cu"\n' },
  '.loc': { text: H() + '.file 1 "a.cu"\n.entry k() {\n.loc 1 2 3\nret;\n}\n' },
  '.branchtargets': { text: H() + '.entry k() {\n.reg .u32 %r;\nmov.u32 %r, 0;\nts: .branchtargets A, B;\nbrx.idx %r, ts;\nA: ret;\nB: ret;\n}\n' },
  '.calltargets': {
    text: H() + '.func f(.param .b32 a) { ret; }\n.entry k() {\n.reg .u64 %rd;\nmov.u64 %rd, f;\nct: .calltargets f;\n.param .b32 p;\ncall %rd, (p), ct;\nret;\n}\n',
  },
  '.callprototype': {
    text: H() + '.func f(.param .b32 a) { ret; }\n.entry k() {\n.reg .u64 %rd;\nmov.u64 %rd, f;\nproto: .callprototype _ (.param .b32 _);\n.param .b32 p;\ncall %rd, (p), proto;\nret;\n}\n',
  },
  '.func': { text: H() + '.func f() { ret; }\n' },
  '.entry': { text: H() + '.entry k() { ret; }\n' },
  '.global': { text: H() + '.global .u32 g;\n' },
  '.param': { text: H() + '.entry k(.param .u32 p) { ret; }\n' },
  // `.tex` is a PTX 1.x declaration (ptxas: "not supported as of PTX version 1.5").
  '.tex': { text: '.version 1.4\n.target sm_13\n.tex .u32 t;\n.entry k() { ret; }\n', arch: 'sm_75' },
  '.pragma': { text: H() + '.entry k() {\n.pragma "nounroll";\nret;\n}\n' },
  '.common': { text: H() + '.common .global .u32 c;\n' },
  '.local': { text: H() + '.entry k() {\n.local .u32 l;\nret;\n}\n' },
  '.reg': { text: H() + '.entry k() {\n.reg .u32 %r;\nret;\n}\n' },
  '.visible': { text: H() + '.visible .entry k() { ret; }\n' },
  '.weak': { text: H() + '.weak .func f() { ret; }\n' },
  '.const': { text: H() + '.const .u32 c = 1;\n' },
  // `.sreg` is the state space of the predefined registers (Table 3): it is used, never declared.
  '.sreg': { text: H() + '.entry k() {\n.reg .u32 %r;\nmov.u32 %r, %tid.x;\nret;\n}\n' },
};

const errorsOf = (text: string) => checkPtxText('t.ptx', text).filter((d) => d.severity === 'error');

describe('spec Table 1: every directive is accepted in its place', () => {
  test('every Table 1 directive has a case', () => {
    assert.deepEqual(DIRECTIVES.filter((d) => !(d in DIRECTIVE_CASES)), []);
    assert.deepEqual(Object.keys(DIRECTIVE_CASES).filter((d) => !DIRECTIVES.includes(d)), []);
  });
  for (const d of DIRECTIVES) {
    test(d, () => {
      const c = DIRECTIVE_CASES[d]!;
      if (!['.version', '.target', '.address_size', '.sreg'].includes(d)) assert.ok(c.text.includes(d), `the case uses ${d}`);
      assert.deepEqual(errorsOf(c.text).map((e) => e.message), []);
      if (!ptxasSkipReason) {
        const r = runPtxas(c.text, { arch: c.arch ?? 'sm_90', name: 'directive' });
        assert.ok(r.ok, `ptxas refuses the ${d} case: ${r.stderr}`);
      }
    });
  }
  test('.sreg declares nothing (ptxas: syntax error), and a directive misspelt is refused', () => {
    const bad = H() + '.entry k() {\n.sreg .u32 x;\nret;\n}\n';
    assert.equal(errorsOf(bad)[0]?.location?.line, 5);
    assert.equal(errorsOf(H() + '.entry k() .maxntidd 32 { ret; }\n').length > 0, true);
    if (!ptxasSkipReason) assert.equal(runPtxas(bad, { arch: 'sm_90' }).firstErrorLine, 5);
  });
});

/** `mov` type for each register (ptxas checks it); the rest are .u32. */
const TYPE_OF: Record<string, string> = {
  '%clock64': 'u64',
  '%globaltimer': 'u64',
  '%gridid': 'u64',
  '%current_graph_exec': 'u64',
  '%is_explicit_cluster': 'pred',
};

describe('spec Table 3: every predefined identifier resolves', () => {
  const uses: string[] = [];
  for (const name of PREDEFINED_IDENTIFIERS) {
    const type = TYPE_OF[name] ?? (/^%pm\d_64$/.test(name) ? 'u64' : 'u32');
    const dest = type === 'u64' ? '%rd' : type === 'pred' ? '%p' : '%r';
    const operands = VECTOR_SPECIAL_REGISTERS.includes(name) ? ['.x', '.y', '.z'].map((c) => name + c) : [name];
    for (const op of operands) uses.push(`mov.${type} ${dest}, ${op};`);
  }
  const text = H('9.0', 'sm_90a') + `.entry k() {\n.reg .u32 %r;\n.reg .u64 %rd;\n.reg .pred %p;\n${uses.join('\n')}\nret;\n}\n`;

  test('each is in the checker\'s table of special registers', () => {
    assert.deepEqual(PREDEFINED_IDENTIFIERS.filter((n) => !SPECIAL_REGISTERS.has(n)), []);
  });
  test(`${uses.length} uses in one kernel check clean`, () => {
    assert.deepEqual(errorsOf(text).map((e) => `${e.location?.line}: ${e.message}`), []);
    if (!ptxasSkipReason) {
      const r = runPtxas(text, { arch: 'sm_90a', name: 'predefined' });
      assert.ok(r.ok, `ptxas refuses: ${r.stderr}`);
    }
  });
  test('a name not in Table 3 does not resolve', () => {
    const bad = H('9.0', 'sm_90a') + '.entry k() {\n.reg .u32 %r;\nmov.u32 %r, %tidd.x;\nret;\n}\n';
    assert.ok(errorsOf(bad).length > 0);
  });
});

/** The `code` cells of spec table `n` (ptx-syntax.md), families expanded as the spec writes them. */
function specTable(spec: string, n: number): string[] {
  const start = spec.indexOf(`\nTable ${n} `);
  assert.ok(start >= 0, `Table ${n} not found in the spec`);
  const rows: string[] = [];
  let seenRows = false;
  for (const line of spec.slice(start + 1).split('\n').slice(1)) {
    if (line.startsWith('|')) {
      seenRows = true;
      rows.push(line);
    } else if (seenRows) break;
  }
  const cells: string[] = [];
  for (const row of rows) for (const m of row.matchAll(/`([^`]+)`/g)) cells.push(m[1]!);
  const out: string[] = [];
  for (const c of cells) {
    const family = /^(%[a-z_]+)<(\d+)>$/.exec(c); // `%envreg<32>`: %envreg0 .. %envreg31
    const span = /^(%[a-z]+)(\d+), \.\.\., %[a-z]+(\d+)$/.exec(c); // `%pm0, ..., %pm7`
    if (family) for (let i = 0; i < Number(family[2]); i++) out.push(`${family[1]}${i}`);
    else if (span) for (let i = Number(span[2]); i <= Number(span[3]); i++) out.push(`${span[1]}${i}`);
    else out.push(c);
  }
  return out.sort();
}

describe('keyword tables are the spec tables', { skip: sharedSkipReason }, () => {
  const spec = sharedDir() ? readFileSync(join(sharedDir()!, 'spec', 'ptx-syntax.md'), 'utf8') : '';
  test('Table 1 (directives), Table 2 (instruction keywords), Table 3 (predefined identifiers)', () => {
    assert.deepEqual([...DIRECTIVES].sort(), specTable(spec, 1));
    assert.deepEqual([...INSTRUCTION_KEYWORDS].sort(), specTable(spec, 2));
    // ptxas also predefines the 64-bit performance counters %pm0_64 .. %pm7_64 (not in Table 3).
    assert.deepEqual(PREDEFINED_IDENTIFIERS.filter((x) => !/^%pm\d_64$/.test(x)).sort(), specTable(spec, 3));
  });
  test('every Table 2 keyword is taken as an opcode', () => {
    const unknown: string[] = [];
    for (const op of specTable(spec, 2)) {
      const ds = checkPtxText('k.ptx', `${H()}.entry k()\n{\n\t${op};\n}\n`);
      if (ds.some((d) => d.code === 'PTX226')) unknown.push(op);
    }
    assert.deepEqual(unknown, []);
  });
});

test('maybeSpecialRegister: true for every special register, false for the registers compilers write', () => {
  for (const name of SPECIAL_REGISTERS.keys()) assert.ok(maybeSpecialRegister(name), name);
  for (const name of ['%r1', '%r12345', '%rd7', '%rs3', '%f0', '%fd12', '%p9', '%h4', '%hh2']) assert.equal(maybeSpecialRegister(name), false, name);
  // Names that are not a compiler's registers are asked of the table.
  for (const name of ['%pm9', '%envreg40', '%foo', '%tid']) assert.ok(maybeSpecialRegister(name), name);
});
