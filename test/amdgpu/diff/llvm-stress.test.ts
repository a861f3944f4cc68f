/**
 * Differential test on compiler output gpuasm has never seen: random LLVM IR from `llvm-stress-19`,
 * compiled by `llc-19` to AMDGPU assembly for a random processor, triple, calling convention,
 * address space and optimisation level (on GFX10+ half in wave64: `-mattr=+wavefrontsize64`, given to
 * llc-19, llvm-mc-19 and gpuasm), then judged by llvm-mc-19 (`-filetype=null`) and by gpuasm.
 * Both must give the same verdict and the same first error line (llc's output is valid, so in
 * practice: no false error).
 *
 * llvm-stress puts its allocas in address space 0, which AMDGPU's llc cannot select; each alloca is
 * moved to address space 5 and cast to a flat pointer, or every pointer is made private, global
 * (allocas become module globals) or LDS (kernels only). Inputs llc refuses or crashes on are
 * skipped and counted. Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { which } from '../../harness/process.js';
import { rng as random } from '../../harness/ptx-mutate.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const LLVM_STRESS = which('llvm-stress-19');
const LLC = which('llc-19');
const OPT = which('opt-19');

const CPUS = [
  'gfx600', 'gfx601', 'gfx700', 'gfx701', 'gfx803', 'gfx810', 'gfx900', 'gfx902', 'gfx906', 'gfx908', 'gfx909', 'gfx90a', 'gfx90c',
  'gfx940', 'gfx941', 'gfx942', 'gfx1010', 'gfx1011', 'gfx1012', 'gfx1030', 'gfx1031', 'gfx1036', 'gfx1100', 'gfx1101', 'gfx1102',
  'gfx1103', 'gfx1150', 'gfx1151', 'gfx1152', 'gfx1200', 'gfx1201',
];
const TRIPLES = ['amdgcn-amd-amdhsa', 'amdgcn-amd-amdpal', 'amdgcn-mesa-mesa3d', 'amdgcn--', 'amdgcn-pc-linux-gnu', 'amdgcn'];
const CONVENTIONS = ['', 'amdgpu_kernel', 'amdgpu_ps', 'amdgpu_cs', 'amdgpu_gfx', 'amdgpu_vs', 'amdgpu_gs', 'amdgpu_hs', 'amdgpu_es', 'amdgpu_ls'];
/** Shaders other than compute: llc refuses them on amdhsa. */
const GRAPHICS = new Set(['amdgpu_ps', 'amdgpu_vs', 'amdgpu_gs', 'amdgpu_hs', 'amdgpu_es', 'amdgpu_ls']);
type Space = 'flat' | 'private' | 'global' | 'local';
const SPACE_NUMBER: Record<Exclude<Space, 'flat'>, number> = { private: 5, global: 1, local: 3 };

/** llvm-stress's module made selectable by AMDGPU's llc (see the file comment). */
function amdgpuStressModule(ir: string, space: Space, convention: string): string {
  const out: string[] = [];
  const globals: string[] = [];
  for (const l of ir.split('\n')) {
    const m = /^(\s*)(%[\w.]+) = alloca (.*?)(, align \d+)?$/.exec(l);
    if (!m) {
      out.push(l);
      continue;
    }
    const [, indent, name, type, align = ''] = m;
    if (space === 'flat') {
      out.push(`${indent}${name}.p5 = alloca ${type}${align}, addrspace(5)`, `${indent}${name} = addrspacecast ptr addrspace(5) ${name}.p5 to ptr`);
    } else if (space === 'private') {
      out.push(`${indent}${name} = alloca ${type}${align}, addrspace(5)`);
    } else {
      const g = `@g.${name!.slice(1).replace(/\./g, '_')}`;
      globals.push(`${g} = internal addrspace(${SPACE_NUMBER[space]}) global ${type} ${space === 'local' ? 'undef' : 'zeroinitializer'}`);
      out.push(`${indent}${name} = getelementptr i8, ptr ${g}, i64 0`);
    }
  }
  let text = out.join('\n');
  if (space !== 'flat') text = text.replace(/\bptr\b(?! addrspace)/g, `ptr addrspace(${SPACE_NUMBER[space]})`) + '\n' + globals.join('\n') + '\n';
  if (convention) text = text.replace(/^define void @/m, `define ${convention} void @`);
  return text;
}

const skip = llvmMcSkipReason ?? (!LLVM_STRESS || !LLC ? 'llvm-stress-19 or llc-19 not found (apt-get install -y llvm-19): the llvm-stress differential test skipped' : undefined);

describe('llvm-stress-19 IR compiled by llc-19 for AMDGPU vs llvm-mc-19', () => {
  if (skip) console.log(skip);
  test('verdict and first error line', { skip }, () => {
    const seed = fuzzSeed();
    console.log(`llvm-stress AMDGPU: seed ${seed} (GPUASM_SEED=${seed} to replay)`);
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const dir = mkdtempSync(join(tmpdir(), 'gpuasm-stress-'));
    const bad: string[] = [];
    let compiled = 0;
    let refused = 0;
    let skipped = 0;
    try {
      const runs = fuzzRuns(30);
      for (let i = 0; i < runs; i++) {
        const stressSeed = 1 + Math.floor(rnd() * 1_000_000);
        const size = pick([50, 80, 120, 200]);
        const mcpu = pick(CPUS);
        const triple = pick(TRIPLES);
        let convention = pick(CONVENTIONS);
        if (triple === 'amdgcn-amd-amdhsa' && GRAPHICS.has(convention)) convention = pick(['', 'amdgpu_kernel', 'amdgpu_cs']);
        let space = pick<Space>(['flat', 'private', 'global', 'local']);
        if (space === 'flat' && mcpu.startsWith('gfx60')) space = 'global'; // no flat address space on GFX6
        if (space === 'local' && convention !== 'amdgpu_kernel') space = 'private';
        const level = pick(['-O0', '-O1', '-O2', '-O3']);
        // GFX10+: half the modules in wave64 (HIP's -mwavefrontsize64), as llc-19 -mattr writes them
        // and gpuasm's mattr reads them (vcc, exec, s[0:1] lane masks).
        const mattr = /^gfx1[0-2]/.test(mcpu) && rnd() < 0.5 ? pick(['+wavefrontsize64', '-wavefrontsize32,+wavefrontsize64']) : '';
        const preOpt = OPT !== undefined && rnd() < 0.25;
        const what = `llvm-stress-19 -seed ${stressSeed} -size ${size}, ${space}, ${convention || 'ccc'}, ${preOpt ? 'opt-19 -O2, ' : ''}llc-19 -mtriple=${triple} -mcpu=${mcpu}${mattr ? ` -mattr=${mattr}` : ''} ${level}`;
        const stress = spawnSync(LLVM_STRESS!, ['-seed', String(stressSeed), '-size', String(size)], { encoding: 'utf8', maxBuffer: 64 << 20 });
        if (stress.status !== 0) {
          skipped++;
          continue;
        }
        const ll = join(dir, `m${i}.ll`);
        writeFileSync(ll, amdgpuStressModule(stress.stdout, space, convention));
        let input = ll;
        if (preOpt) {
          const o = spawnSync(OPT!, ['-O2', `-mtriple=${triple}`, `-mcpu=${mcpu}`, '-S', ll, '-o', join(dir, `m${i}.opt.ll`)], { encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
          if (o.status !== 0) {
            skipped++;
            continue;
          }
          input = join(dir, `m${i}.opt.ll`);
        }
        const s = join(dir, `m${i}.s`);
        const llc = spawnSync(LLC!, [`-mtriple=${triple}`, `-mcpu=${mcpu}`, ...(mattr ? [`-mattr=${mattr}`] : []), level, input, '-o', s], { encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL', maxBuffer: 64 << 20 });
        if (llc.status !== 0) {
          skipped++; // llc refuses or crashes on some random IR: not gpuasm's input
          continue;
        }
        compiled++;
        const text = readFileSync(s, 'latin1');
        const mc = runLlvmMc(text, { mcpu, triple, filetype: 'null', extraArgs: mattr ? [`-mattr=${mattr}`] : [] });
        if (mc.timedOut) {
          skipped++;
          continue;
        }
        if (!mc.ok) refused++;
        const theirs = mc.messages.find((m) => m.severity === 'error')?.line;
        const first = checkAmdgpuText('stress.s', text, { mcpu, triple, mattr: mattr || undefined }).find((d) => d.severity === 'error');
        const ours = first?.location?.line;
        if (mc.ok !== (first === undefined) || (!mc.ok && theirs !== undefined && theirs !== ours)) {
          const line = (n: number | undefined) => (n === undefined ? '' : ` ${JSON.stringify(text.split('\n')[n - 1] ?? '')}`);
          bad.push(
            `${what}: llvm-mc ${mc.ok ? 'accepts' : `line ${theirs}${line(theirs)}: ${mc.messages.find((m) => m.severity === 'error')?.message ?? ''}`}; gpuasm ${first ? `line ${ours}${line(ours)}: ${first.code} ${first.message}` : 'accepts'}`,
          );
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`llvm-stress AMDGPU: ${compiled} compiled (${refused} refused by llvm-mc-19), ${skipped} skipped (llc/opt refused), seed ${seed}`);
    assert.ok(compiled > 0, `seed ${seed}: llc-19 compiled none of the drawn modules`);
    assert.deepEqual(bad.slice(0, 10), [], `seed ${seed}: ${bad.length} disagreements (replay with GPUASM_SEED=${seed})`);
  });
});
