/**
 * A call's arguments and return parameters against the callee's formal parameters
 * (src/ptx/check/call-args.ts). A table of cases measured with ptxas 13.0 (run again through ptxas
 * when it is on PATH), then every formal of a list of declarations against every argument of a
 * list (call-block `.param` scalars and arrays, registers, constants), as argument and as return
 * parameter, in direct and indirect (`.callprototype`) calls, with and without `-c`: gpuasm must
 * reject exactly when ptxas does, on ptxas's first-error line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { checkPtxText } from '../../../src/ptx/index.js';
import { ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';

/** A function `f` with one formal, a kernel that declares `decl` in a call block and calls `f` with `arg`. */
function module(formal: string, decl: string, arg: string, how: 'argument' | 'return' | 'prototype'): string {
  const head = '.version 8.5\n.target sm_80\n.address_size 64\n';
  const f = how === 'return' ? `.func (.param ${formal}) f(.param .b32 p0)\n{\nret;\n}\n` : `.func f(.param ${formal})\n{\nret;\n}\n`;
  const regs = '.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n.reg .f32 %f<2>;\n.reg .f64 %fd<2>;\n.reg .b16 %h<2>;\n.reg .u32 %u<2>;\n';
  const call =
    how === 'return'
      ? `.param .b32 x0;\ncall (${arg}), f, (x0);`
      : how === 'prototype'
        ? `proto : .callprototype _ (.param ${formal.replace(/ p(\[|$)/, ' _$1')});\nmov.u64 %rd1, f;\ncall %rd1, (${arg}), proto;`
        : `call f, (${arg});`;
  return `${head}${f}.visible .entry k()\n{\n${regs}{\n${decl ? `.param ${decl};\n` : ''}${call}\n}\nret;\n}\n`;
}

/** Formal parameters (named p). 8- and 16-bit scalars are left out: ptxas refuses them in its ABI, at no line. */
const FORMALS = [
  '.b32 p', '.u32 p', '.s32 p', '.f32 p', '.b64 p', '.u64 p', '.f64 p', '.align 8 .b32 p',
  '.align 4 .b8 p[8]', '.b8 p[8]', '.align 8 .b8 p[8]', '.b32 p[2]', '.u32 p[2]', '.f32 p[2]', '.align 4 .u8 p[8]',
  '.align 4 .b16 p[4]', '.f64 p[1]', '.align 4 .b8 p[]',
];

/** Arguments: a call-block `.param` declaration (named a) or a register or constant. */
const ARGS: { decl: string; arg: string }[] = [
  ...['.b32 a', '.u32 a', '.s32 a', '.f32 a', '.b64 a', '.s64 a', '.f64 a', '.b16 a', '.f16 a', '.align 8 .b32 a',
    '.align 4 .b8 a[8]', '.b8 a[8]', '.align 8 .b8 a[8]', '.b32 a[2]', '.s32 a[2]', '.f32 a[2]', '.u8 a[8]', '.align 4 .u8 a[8]',
    '.b16 a[4]', '.b64 a[1]', '.align 4 .b8 a[4]', '.align 4 .b8 a[2][4]', '.align 4 .e4m3 a[8]', '.align 4 .e5m2x2 a[4]'].map((d) => ({ decl: d, arg: 'a' })),
  ...['%r1', '%rd1', '%f1', '%fd1', '%h1', '%u1', '1', '-1', '1.0', '0f3f800000'].map((a) => ({ decl: '', arg: a })),
];

const CASES: PtxCase[] = [
  { name: 'a .b32 argument for a .b32 formal', text: '.func f(.param .b32 p)\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .b32 a;\ncall f, (a);\n}\nret;\n}' },
  { name: 'a .b64 argument for a .b32 formal', text: '.func f(.param .b32 p)\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .b64 a;\ncall f, (a);\n}\nret;\n}', line: 12, code: 'PTX511' },
  { name: 'a .f32 argument for a .u32 formal', text: '.func f(.param .u32 p)\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .f32 a;\ncall f, (a);\n}\nret;\n}', line: 12, code: 'PTX511' },
  { name: '.b8[8] for .b32[2] (a bit-size element takes any size)', text: '.func f(.param .align 4 .b32 p[2])\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .align 4 .b8 a[8];\ncall f, (a);\n}\nret;\n}' },
  { name: '.u8[16] for .u32[4]', text: '.func f(.param .align 16 .u32 p[4])\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .align 16 .u8 a[16];\ncall f, (a);\n}\nret;\n}', line: 12, code: 'PTX511' },
  { name: 'alignment 4 for alignment 8', text: '.func f(.param .align 8 .b8 p[8])\n{\nret;\n}\n.visible .entry k()\n{\n{\n.param .align 4 .b8 a[8];\ncall f, (a);\n}\nret;\n}', line: 12, code: 'PTX512' },
  { name: 'an .e5m2x2 return array of an indirect call (breaks seed 116498444)', text: '.visible .entry k()\n{\n.reg .b64 %rd<2>;\n{\n.param .align 16 .e5m2x2 r[16];\np : .callprototype (.param .align 16 .b8 _[16]) _ ();\ncall (r), %rd1, (), p;\n}\nret;\n}', line: 10, code: 'PTX511' },
  { name: 'a .global variable as argument', text: '.global .b32 g;\n.func f(.param .b32 p)\n{\nret;\n}\n.visible .entry k()\n{\n{\ncall f, (g);\n}\nret;\n}', line: 12, code: 'PTX513' },
  { name: "the kernel's own .param as argument", text: '.func f(.param .b32 p)\n{\nret;\n}\n.visible .entry k(.param .b32 kp)\n{\n{\ncall f, (kp);\n}\nret;\n}', line: 11, code: 'PTX514' },
  { name: 'an integer constant for a .f32 formal', text: '.func f(.param .f32 p)\n{\nret;\n}\n.visible .entry k()\n{\n{\ncall f, (1);\n}\nret;\n}', line: 11, code: 'PTX511' },
  { name: 'a .b64 register for a .b32 formal', text: '.func f(.param .b32 p)\n{\nret;\n}\n.visible .entry k()\n{\n.reg .b64 %rd<2>;\n{\ncall f, (%rd1);\n}\nret;\n}', line: 12, code: 'PTX511' },
];

ptxCaseTable('call arguments against formal parameters', CASES);

test('call arguments against formal parameters: sampled pairs agree with ptxas (verdict and first-error line, with and without -c)', { skip: ptxasSkipReason }, () => {
  const all: { how: 'argument' | 'return' | 'prototype'; formal: string; decl: string; arg: string; compileOnly: boolean }[] = [];
  for (const how of ['argument', 'return', 'prototype'] as const)
    for (const formal of FORMALS)
      for (const a of ARGS) {
        // No constants as return parameters: ptxas crashes (signal 11) on `call (1), f, ...` with a
        // .u32 return. Prototypes: the scalar formals only (the rule is the same as for direct calls).
        if (how === 'return' && a.decl === '' && !a.arg.startsWith('%')) continue;
        if (how === 'prototype' && (formal.includes('[') || (a.decl === '' && !a.arg.startsWith('%')))) continue;
        for (const compileOnly of how === 'argument' ? [false, true] : [false]) all.push({ how, formal, ...a, compileOnly });
      }
  // All pairs (about 1,900) take ptxas minutes: a seeded sample (GPUASM_FUZZ_RUNS=2000 for all of them).
  const seed = fuzzSeed();
  const runs = Math.min(all.length, fuzzRuns(300));
  const picked = runs >= all.length ? all : fc.sample(fc.shuffledSubarray(all, { minLength: runs, maxLength: runs }), { seed, numRuns: 1 })[0]!;
  const wrong: string[] = [];
  let rejected = 0;
  for (const { how, formal, decl, arg, compileOnly } of picked) {
    const text = module(formal, decl, arg, how);
    const ref = runPtxas(text, { compileOnly, name: 'callarg' });
    const ours = checkPtxText('case.ptx', text, compileOnly ? { compileOnly: true } : {}).filter((d) => d.severity === 'error');
    if (!ref.ok) rejected++;
    const ptxLine = ref.ok ? undefined : ref.firstErrorLine ?? 0;
    const ourLine = ours.length === 0 ? undefined : ours[0]!.location?.line ?? 0;
    if (ptxLine !== ourLine)
      wrong.push(`${how} ${formal} <- ${decl || arg}${compileOnly ? ' (-c)' : ''}: ptxas ${ref.ok ? 'accepts' : `line ${ptxLine}: ${ref.messages.find((m) => m.severity !== 'warning')?.message}`}; gpuasm ${ours.length ? `line ${ourLine}: [${ours[0]!.code}] ${ours[0]!.message}` : 'accepts'}`);
  }
  console.log(`call arguments (seed ${seed}): ${picked.length} of ${all.length} modules, ptxas rejects ${rejected}, disagreements ${wrong.length}`);
  if (process.env['GPUASM_CALLARGS_DUMP']) writeFileSync(process.env['GPUASM_CALLARGS_DUMP'], wrong.join('\n') + '\n');
  assert.ok(rejected > 0 && rejected < picked.length, `both verdicts are exercised (${rejected} of ${picked.length} rejected)`);
  assert.deepEqual(wrong, [], `seed ${seed} (replay with GPUASM_SEED=${seed})`);
});
