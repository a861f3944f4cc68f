/**
 * Function declarations, definitions and `.alias`, as ptxas 13.0 resolves them: which
 * redeclarations conflict, where ptxas reports them, and functions declared but never defined.
 * Found by the token-break differential (test/diff/ptx-mutations.test.ts). Each case records what
 * ptxas said; with ptxas on PATH the table, and the whole grid of two declarations with every
 * linkage, are re-run through it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtxText } from '../../src/ptx/index.js';
import { ptxasSkipReason, runPtxas } from '../harness/tools.js';

const HEADER = '.version 8.0\n.target sm_80\n.address_size 64\n';

interface Case {
  name: string;
  /** Text after HEADER (its lines start at 4). */
  text: string;
  /** ptxas's first-error line; 0: rejected without a line; undefined: accepted. */
  line?: number;
  code?: string;
}

const cases: Case[] = [
  { name: 'definition then matching prototype', text: '.visible .func f()\n{\nret;\n}\n.visible .func f();', line: 8, code: 'PTX322' },
  { name: 'definition then .extern prototype', text: '.entry k(.param .u64 a)\n{\nret;\n}\n.extern .entry k(.param .u64 a);', line: 8, code: 'PTX322' },
  { name: 'prototype then .extern prototype', text: '.func f();\n.extern .func f();\n.func f() { ret; }', line: 5, code: 'PTX323' },
  { name: '.visible prototype then plain definition', text: '.visible .func f();\n.func f()\n{\nret;\n}' },
  { name: '.weak prototype then plain prototype and definition', text: '.weak .func f();\n.func f();\n.weak .func f() { ret; }' },
  { name: '.extern prototype then plain prototype', text: '.extern .func f();\n.func f();', line: 5, code: 'PTX323' },
  { name: '.extern definition, at its closing brace', text: '.extern .func f()\n{\nret;\n\n}', line: 8, code: 'PTX323' },
  { name: '.extern prototypes then .extern definition', text: '.extern .entry f();\n.extern .entry f()\n{\nret;\n}', line: 8, code: 'PTX323' },
  { name: 'prototype never defined', text: '.func f();\n.entry k() { ret; }', line: 0, code: 'PTX328' },
  { name: '.weak .entry prototype never defined', text: '.weak .entry f();', line: 0, code: 'PTX328' },
  { name: '.extern prototype never defined', text: '.extern .func f();' },
  { name: 'undefined prototype: other errors come first', text: '.func f();\n.entry k() { ret }', line: 5 },
  { name: '.alias defines a declared function', text: '.func g();\n.func f() { ret; }\n.alias g, f;' },
  { name: '.alias of an undeclared name', text: '.func f() { ret; }\n.alias\ng\n,\nf\n;', line: 6, code: 'PTX329' },
  { name: '.alias to a later function', text: '.func g();\n.alias g, f;\n.func f() { ret; }', line: 5, code: 'PTX329' },
  { name: '.alias to a variable, at its name', text: '.func g();\n.global .u32 f;\n.alias\ng\n,\nf\n;', line: 9, code: 'PTX329' },
  { name: '.alias of a defined function', text: '.func g();\n.func f() { ret; }\n.alias\nf\n,\ng\n;', line: 7, code: 'PTX329' },
  { name: '.alias twice', text: '.func g();\n.func f() { ret; }\n.alias g, f;\n.alias g, f;', line: 7, code: 'PTX329' },
  { name: '.alias of an .entry', text: '.entry g();\n.func f() { ret; }\n.alias g, f;', line: 6, code: 'PTX329' },
  { name: '.alias with other parameters, at .alias', text: '.func g(.param .u32 a);\n.func f() { ret; }\n.alias\ng\n,\nf\n;', line: 6, code: 'PTX329' },
  { name: '.alias with other return parameters', text: '.func (.param .u32 r) g();\n.func f() { ret; }\n.alias g, f;', line: 6, code: 'PTX329' },
];

function firstError(text: string): { line?: number; code?: string } {
  const errors = checkPtxText('case.ptx', text).filter((d) => d.severity === 'error');
  if (!errors.length) return {};
  return { line: errors[0]!.code === 'PTX328' ? 0 : errors[0]!.location?.line, code: errors[0]!.code };
}

describe('PTX function declarations (cases verified with ptxas 13.0)', () => {
  for (const c of cases) {
    test(c.name, () => {
      const text = HEADER + c.text + '\n';
      const got = firstError(text);
      assert.equal(got.line, c.line, `first error line for:\n${text}\ngot ${JSON.stringify(got)}`);
      if (c.code) assert.equal(got.code, c.code, `code for:\n${text}`);
    });
  }
});

/** Two declarations of one function, every linkage, prototype or definition, `.func` or `.entry`. */
function grid(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const links = ['', '.visible ', '.weak ', '.extern '];
  for (const kind of ['.func', '.entry'])
    for (const l1 of links)
      for (const d1 of [false, true])
        for (const l2 of links)
          for (const d2 of [false, true]) {
            const decl = (l: string, d: boolean) => `${l}${kind} f()${d ? '\n{\n\tret;\n}' : ';'}`;
            out.push({ name: `${kind} [${l1}${d1 ? 'def' : 'decl'}] then [${l2}${d2 ? 'def' : 'decl'}]`, text: `${decl(l1, d1)}\n${decl(l2, d2)}` });
          }
  return out;
}

describe('PTX function declarations agree with ptxas', { skip: ptxasSkipReason }, () => {
  if (ptxasSkipReason) console.log(ptxasSkipReason);
  test(`${cases.length} table cases and ${grid().length} redeclaration pairs re-run through ptxas (-c)`, () => {
    const wrong: string[] = [];
    for (const c of [...cases, ...grid()]) {
      const text = HEADER + c.text + '\n';
      const r = runPtxas(text, { compileOnly: true, name: 'funccase' });
      const theirs = r.ok ? undefined : (r.firstErrorLine ?? 0);
      const ours = firstError(text).line;
      if ('line' in c && theirs !== c.line) wrong.push(`${c.name}: table ${c.line ?? 'accept'}, ptxas ${theirs ?? 'accept'} ${r.stderr.split('\n')[0]}`);
      if (theirs !== ours) wrong.push(`${c.name}: ours ${ours ?? 'accept'}, ptxas ${theirs ?? 'accept'} ${r.stderr.split('\n')[0]}`);
    }
    assert.deepEqual(wrong, []);
  });
});
