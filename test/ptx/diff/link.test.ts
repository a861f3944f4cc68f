/**
 * Differential: whole-program function resolution. ptxas (without -c) links the module on its own:
 * a function declared but never defined is an error ("Unresolved extern function", no line) unless
 * it is `.extern` and never called, or a system call (`vprintf`, `malloc`, `free`, `__assertfail`);
 * its address cannot be taken ("Cannot take address of function"); `.alias` defines one. These
 * errors appear only when nothing else is wrong. Random modules of declared, defined and aliased
 * functions, used in random ways, sometimes with an unrelated error: gpuasm must accept exactly
 * when ptxas does, and when ptxas names a line, report its first error there.
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { checkPtxText } from '../../../src/ptx/index.js';

if (ptxasSkipReason) console.log(ptxasSkipReason);

const NAMES = ['f0', 'f1', 'f2', 'vprintf', 'malloc', 'free', '__assertfail', 'printf'];
const LINKAGES = ['', '.extern ', '.weak ', '.visible '];

interface FunctionPlan {
  name: string;
  linkage: string;
  /** What the module does with the function. */
  shape: 'declared' | 'defined' | 'declared-then-defined' | 'aliased';
  uses: ('call' | 'mov' | 'init' | 'calltargets')[];
}

const plan = fc.record({
  functions: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom(...NAMES),
      linkage: fc.constantFrom(...LINKAGES),
      shape: fc.constantFrom('declared', 'declared', 'defined', 'declared-then-defined', 'aliased'),
      uses: fc.subarray(['call', 'call', 'mov', 'init', 'calltargets'] as const),
    }) as fc.Arbitrary<FunctionPlan>,
    { minLength: 1, maxLength: 3, selector: (f) => f.name },
  ),
  otherError: fc.constantFrom(false, false, false, true),
});

/** All functions take no parameters and return nothing, so any call form fits. */
function moduleText(p: { functions: FunctionPlan[]; otherError: boolean }): string {
  const out = ['.version 7.0', '.target sm_80', '.address_size 64', '.func target_body ()', '{', '\tret;', '}'];
  for (const f of p.functions) {
    // .extern cannot be defined in the module; those plans stay declarations.
    const linkage = f.shape !== 'declared' && f.linkage === '.extern ' ? '' : f.linkage;
    if (f.shape === 'defined') out.push(`${linkage}.func ${f.name} ()`, '{', '\tret;', '}');
    else out.push(`${linkage}.func ${f.name} ();`);
    if (f.shape === 'declared-then-defined') out.push(`${linkage}.func ${f.name} ()`, '{', '\tret;', '}');
    if (f.shape === 'aliased') out.push(`.alias ${f.name}, target_body;`);
  }
  for (const f of p.functions) if (f.uses.includes('init')) out.push(`.global .u64 ptr_${f.name} = ${f.name};`);
  out.push('.visible .entry k ()', '{', '\t.reg .b64 %rd<4>;');
  p.functions.forEach((f, i) => {
    for (const u of f.uses) {
      if (u === 'call') out.push(`\tcall.uni ${f.name}, ();`);
      else if (u === 'mov') out.push(`\tmov.u64 %rd${i + 1}, ${f.name};`);
      else if (u === 'calltargets') out.push(`\tT${i}: .calltargets ${f.name};`);
    }
  });
  if (p.otherError) out.push('\tadd.s32 %r_undeclared, %r_undeclared, 1;');
  out.push('\tret;', '}', '');
  return out.join('\n');
}

test('ptx link: unresolved functions and function addresses as ptxas -arch=sm_80', { skip: ptxasSkipReason }, () => {
  const seed = fuzzSeed();
  const runs = fuzzRuns(120);
  const mismatches: string[] = [];
  let rejected = 0;
  fc.assert(
    fc.property(plan, (p) => {
      const text = moduleText(p);
      const ref = runPtxas(text, { arch: 'sm_80', name: 'link' });
      const ours = checkPtxText('link.ptx', text).filter((d) => d.severity === 'error');
      if (!ref.ok) rejected++;
      const refLine = ref.messages.find((m) => m.severity !== 'warning' && m.line !== undefined)?.line;
      const ourLine = ours[0]?.location?.line;
      if (ref.ok !== (ours.length === 0) || (refLine !== undefined && refLine !== ourLine))
        mismatches.push(`ptxas ${ref.ok ? 'accepts' : `rejects (${ref.stderr.trim().split('\n')[0]})`}; gpuasm ${ours.length === 0 ? 'accepts' : `line ${ourLine}: ${ours[0]!.message}`}\n${text}`);
    }),
    { seed, numRuns: runs },
  );
  console.log(`ptx link differential: ${runs} modules (ptxas rejects ${rejected}), seed ${seed}`);
  assert.deepEqual(mismatches.slice(0, 3), [], `seed ${seed}: ${mismatches.length} disagreements (replay with GPUASM_SEED=${seed})`);
  // Both verdicts must occur, or the generator has stopped exercising the rules.
  if (runs >= 20) assert.ok(rejected > 0 && rejected < runs, `seed ${seed}: ptxas rejected ${rejected} of ${runs} modules`);
});
