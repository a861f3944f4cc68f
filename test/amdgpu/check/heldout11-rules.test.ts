/**
 * Found by the session-21 held-out sweep (GCC 12's amdgcn offload compiler on Csmith programs and the
 * OpenMP/OpenACC validation suites): GCC loads each string constant's address as
 * `s_add_u32 s24, s24, .LC0@rel32@lo+4`, a `.L` temporary with a relocation variant. gpuasm kept the
 * variant in the name it required to be defined (`.LC0@rel32@lo`), so every such line was a false
 * AMD127 ("undefined label") though `.LC0` was defined. The symbol before the `@` is the one that must
 * be defined: an undefined `.LX@rel32@lo` is still refused ("Undefined temporary symbol .LX", which
 * llvm-mc-19 reports without a line when it writes the object).
 * Each file is judged whole by llvm-mc-19 `-filetype=obj` (the object writer resolves temporaries).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const VARIANTS = ['@rel32@lo+4', '@rel32@hi+12', '@abs32@lo', '@gotpcrel32@lo+4', '@rel64', ''];
const CPUS = ['gfx803', 'gfx90a', 'gfx1100'];

function file(use: string, defined: 'before' | 'after' | 'none', name = '.LC0'): string {
  const def = `\t.section\t.rodata.str1.1,"aMS",@progbits,1\n${name}:\n\t.string\t"x"\n\t.text\n`;
  return (
    '\t.text\n' +
    (defined === 'before' ? def : '') +
    '\ts_getpc_b64 s[24:25]\n' +
    `\ts_add_u32 s24, s24, ${use}\n` +
    (defined === 'after' ? def : '')
  );
}

test('a .L temporary with a relocation variant: defined anywhere is taken, never defined is refused', { skip }, () => {
  let refused = 0;
  let taken = 0;
  for (const mcpu of CPUS) {
    for (const v of VARIANTS) {
      for (const defined of ['before', 'after', 'none'] as const) {
        for (const name of v === '@rel32@lo+4' ? ['.LC0', '.L.str.3'] : ['.LC0']) {
          const text = file(`${name}${v}`, defined, name);
          const mc = runLlvmMc(text, { mcpu, filetype: 'obj' });
          const ours = checkAmdgpuText('t.s', text, { mcpu }).filter((d) => d.severity === 'error');
          assert.equal(ours.length === 0, mc.ok, `${mcpu} ${name}${v} (${defined}): llvm-mc ${mc.ok ? 'takes it' : mc.stderr.trim()}; gpuasm ${ours.map((d) => `${d.code} ${d.message}`).join('; ') || 'takes it'}`);
          if (mc.ok) taken++;
          else {
            refused++;
            // The undefined one is named by its own name, without the variant.
            assert.ok(ours.some((d) => d.code === 'AMD127' && d.message.includes(`'${name}'`)), `${mcpu} ${name}${v}: AMD127 on '${name}'`);
          }
        }
      }
    }
  }
  assert.ok(taken > 0 && refused > 0, `both verdicts seen (${taken} taken, ${refused} refused)`);
});
