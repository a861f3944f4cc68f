/**
 * `.include` (found on hand-written ROCm assembly, which includes its macro files): the library reads
 * included files through `readInclude` and splices them in; llvm-mc-19 reads them from its working
 * directory. Each case is a main file and the files it includes, written here; the main file's
 * verdict and error lines are compared with llvm-mc-19 run in a directory holding those files (an
 * error inside an included file: llvm-mc-19 reports it there, gpuasm at the `.include` line).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { LLVM_MC, llvmMcSkipReason } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const INC: Record<string, string> = {
  'defs.inc': 'foo = 3\n.macro addk dst, k\n  s_add_u32 \\dst, \\dst, \\k\n.endm\n.set bar, foo + 1\n',
  'outer.inc': '.include "defs.inc"\ns_nop bar\n',
  'bad.inc': 's_nop 0\ns_bogus s0\n',
  'nonl.inc': 's_nop 1',
};

const CASES: { name: string; main: string; inIncluded?: boolean }[] = [
  { name: 'symbols and a macro from an include', main: '.include "defs.inc"\ns_nop foo\naddk s0, bar\ns_endpgm\n' },
  { name: 'a nested include', main: '.include "outer.inc"\naddk s1, 2\n' },
  { name: 'a file without a final newline', main: '.include "nonl.inc"\ns_nop 2\n' },
  { name: 'comment after the name', main: '.include "defs.inc" ; the definitions\ns_nop foo\n' },
  { name: 'a file that is not there', main: 's_nop 0\n.include "missing.inc"\ns_nop 1\n' },
  { name: 'a name that is not a string', main: '.include defs.inc\n' },
  { name: 'a token after the string', main: '.include "defs.inc" junk\n' },
  { name: 'no name', main: '.include\n' },
  { name: 'an error inside the included file', main: 's_nop 0\n.include "bad.inc"\ns_nop 1\n', inIncluded: true },
  { name: 'a symbol the include does not define', main: '.include "defs.inc"\ns_nop baz\n' },
];

test('.include: spliced as llvm-mc-19 reads it, errors on the lines it reports', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-include-'));
  try {
    for (const [n, t] of Object.entries(INC)) writeFileSync(join(dir, n), t);
    for (const c of CASES) {
      writeFileSync(join(dir, 'main.s'), c.main);
      const r = spawnSync(LLVM_MC!, ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx900', '-filetype=null', 'main.s'], { cwd: dir, encoding: 'utf8' });
      const theirs = new Set<number>();
      let elsewhere = false;
      for (const l of r.stderr.split('\n')) {
        const m = /^(.*?):(\d+):\d+: error:/.exec(l);
        if (m && m[1] === 'main.s') theirs.add(Number(m[2]));
        else if (m) elsewhere = true;
      }
      const diags = checkAmdgpuText('main.s', c.main, { mcpu: 'gfx900', readInclude: (n) => INC[n] });
      const ours = new Set(diags.filter((d) => d.severity === 'error').map((d) => d.location!.line));
      assert.equal(ours.size === 0, r.status === 0, `${c.name}: llvm-mc-19 ${r.status === 0 ? 'accepts' : 'refuses'}, gpuasm ${[...ours].join(', ') || 'accepts'}\n${r.stderr}`);
      if (c.inIncluded) {
        assert.ok(elsewhere, `${c.name}: llvm-mc-19 reports in the included file`);
        assert.deepEqual([...ours], [2], `${c.name}: gpuasm reports at the .include line`);
      } else assert.deepEqual([...ours].sort(), [...theirs].sort(), `${c.name}: error lines\n${r.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('.include without a reader: "Could not find include file", as llvm-mc-19 without the file', () => {
  const d = checkAmdgpuText('main.s', '.include "defs.inc"\n', { mcpu: 'gfx900' });
  assert.deepEqual(d.map((x) => [x.code, x.location!.line, x.message]), [['AMD553', 1, "Could not find include file 'defs.inc'"]]);
});

test('.include bombs end: a file that includes itself twice is read a bounded number of times', () => {
  let reads = 0;
  const bomb = '.include "self.inc"\n.include "self.inc"\ns_nop 0\n';
  const diags = checkAmdgpuText('bomb.s', bomb, { mcpu: 'gfx900', readInclude: () => (reads++, bomb) });
  // Depth alone (20) would read it 2^21 times; the count of inclusions stops it at 20,000.
  assert.ok(reads <= 20000, `${reads} reads`);
  assert.ok(diags.length > 0, 'the includes left unread are reported');
});
