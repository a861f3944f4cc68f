/**
 * Differential test of `--triple` against llvm-mc-19 (`-triple=T -filetype=obj`):
 *   1. every clang-generated file of ../shared/corpus/amdgpu/generated, re-targeted to another
 *      triple (test/harness/amdgpu-retarget.ts; the triples taken in turn), is accepted by both;
 *      and the amdhsa original under a non-amdhsa triple is refused by both at the same first line;
 *   2. re-targeted files with ONE random break of the per-OS directives (an HSA directive left
 *      in, a wrong `.amd_amdgpu_isa` or `.amdgcn_target` id, an unknown or malformed
 *      `.amd_kernel_code_t` field, a wave size or mode bit the processor lacks, an odd
 *      `.amd_amdgpu_pal_metadata`, `.amd_amdgpu_hsa_metadata`, a predefined symbol's value):
 *      the same verdict and, when llvm-mc gives one, the same first error line;
 *   3. the `.amd_kernel_code_t` field table: each field llvm-mc-19 takes, and a near miss of each
 *      that it refuses.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { readManifest, sharedDir, sharedSkipReason } from '../../harness/corpus.js';
import { OTHER_TRIPLES, retarget } from '../../harness/amdgpu-retarget.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { parseTriple } from '../../../src/amdgpu/triple.js';
import { findTarget } from '../../../src/amdgpu/targets.js';
import { AMD_KERNEL_CODE_T_FIELDS } from '../../../src/amdgpu/data/kernel-code-t.js';

const skip = sharedSkipReason ?? llvmMcSkipReason;

interface Verdict {
  ok: boolean;
  line?: number;
}

function theirs(text: string, mcpu: string, triple: string): Verdict & { stderr: string } {
  const r = runLlvmMc(text, { mcpu, triple, filetype: 'obj', timeoutMs: 60_000 });
  const first = r.messages.find((m) => m.severity === 'error' && m.line !== undefined);
  return { ok: r.ok, line: first?.line, stderr: r.stderr };
}

function ours(text: string, mcpu: string, triple: string): Verdict & { first?: string } {
  const d = checkAmdgpuText('t.s', text, { mcpu, triple }).filter((x) => x.severity === 'error');
  return { ok: d.length === 0, line: d[0]?.location?.line, first: d[0] ? `${d[0].location?.line}:${d[0].location?.column}: ${d[0].message} [${d[0].code}]` : undefined };
}

function corpus(): { file: string; mcpu: string; text: string }[] {
  const dir = join(sharedDir()!, 'corpus', 'amdgpu', 'generated');
  return readManifest(join(dir, 'MANIFEST.tsv')).map((r) => ({ file: r['file']!, mcpu: r['mcpu']!, text: readFileSync(join(dir, r['file']!), 'latin1') }));
}

type Pick = <T>(xs: readonly T[]) => T;

/** A break of a re-targeted file's per-OS directives; null where it does not apply. */
const BREAKS: Record<string, (text: string, triple: string, mcpu: string, pick: Pick) => string | null> = {
  keepHsaDirective: (text, triple, _m, pick) => (parseTriple(triple) as { os: string }).os === 'amdhsa' ? null : text.replace(/\n\t\.amd_amdgpu_isa/, `\n\t${pick(['.amdhsa_code_object_version 5', '.amdhsa_kernel k\n\t.amdhsa_next_free_vgpr 1\n\t.amdhsa_next_free_sgpr 1\n\t.end_amdhsa_kernel', '.amdgpu_metadata\n---\n...\n\t.end_amdgpu_metadata'])}\n\t.amd_amdgpu_isa`),
  wrongIsa: (text, _t, mcpu, pick) => (text.includes('.amd_amdgpu_isa "') ? text.replace(/\.amd_amdgpu_isa "[^"]*"/, `.amd_amdgpu_isa ${pick([`"amdgcn-amd-amdhsa--${mcpu}"`, `"amdgcn-pc-linux-gnu-${mcpu}"`, '"amdgcn----gfx900"', `"amdgcn-mesa-mesa3d--${mcpu}"`, 'amdgcn', ''])}`) : null),
  wrongTarget: (text, _t, mcpu, pick) => text.replace(/\.amdgcn_target "[^"]*"/, `.amdgcn_target "${pick(['amdgcn-amd-amdhsa--', 'amdgcn-amd-amdpal--', 'amdgcn-pc-linux-gnu-', 'amdgcn-unknown-unknown--'])}${mcpu}"`),
  badField: (text, _t, _m, pick) =>
    text.includes('.amd_kernel_code_t') ? text.replace(/\t\tuser_sgpr_count = 6/, pick(['\t\tbogus_field = 1', '\t\tuser_sgpr_count 6', '\t\tUSER_SGPR_COUNT = 6', '\t\tuser_sgpr_count = undefined_symbol', '\t\tuser_sgpr_count = 6, 7', '\t\tuser_sgpr_count = 6 junk', '\t\t.amdhsa_user_sgpr_count 6', '\t\t= 6', '\t\tuser_sgpr_count = (1'])) : null,
  waveSize: (text, _t, _m, pick) =>
    text.includes('.amd_kernel_code_t') ? text.replace(pick([/enable_wavefront_size32 = \d/, /wavefront_size = \d/]), (m) => m.slice(0, -1) + pick(['0', '1', '5', '6'])) : null,
  modeBit: (text, _t, _m, pick) => (text.includes('.amd_kernel_code_t') ? text.replace(/\t\tcall_convention = -1/, `\t\t${pick(['enable_dx10_clamp', 'enable_ieee_mode', 'enable_wgp_mode', 'enable_mem_ordered', 'enable_fwd_progress', 'compute_pgm_rsrc1_wgp_mode', 'compute_pgm_rsrc1_dx10_clamp'])} = ${pick(['0', '1', '2', '3'])}`) : null),
  missingEnd: (text) => {
    const at = text.lastIndexOf('\t.end_amd_kernel_code_t');
    return at < 0 ? null : text.slice(0, at) + text.slice(at + '\t.end_amd_kernel_code_t'.length);
  },
  palMetadata: (text, _t, _m, pick) => text + `\n\t.amd_amdgpu_pal_metadata ${pick(['0x2e12', '1, 2', '1, 2, 3', 'x, 1', '', '1 2'])}\n`,
  hsaMetadata: (text) => text + '\n\t.amd_amdgpu_hsa_metadata\n',
  hsaKernelName: (text, _t, _m, pick) => (text.includes('.amdgpu_hsa_kernel ') ? text.replace(/\.amdgpu_hsa_kernel (\S+)/, (_, k: string) => pick([`.amdgpu_hsa_kernel "${k}"`, '.amdgpu_hsa_kernel', '.amdgpu_hsa_kernel 1', `.amdgpu_hsa_kernel ${k}, ${k}`])) : null),
  predefined: (text, triple, _m, pick) => {
    const os = (parseTriple(triple) as { os: string }).os;
    const sym = os === 'amdhsa' ? '.amdgcn.gfx_generation_number' : '.option.machine_version_major';
    // (The other OS's names are undefined there: in `.byte` llvm-mc then fails on the relocation, which gpuasm does not model.)
    const minor = os === 'amdhsa' ? '.amdgcn.gfx_generation_minor' : '.option.machine_version_minor';
    return text + `\n\t.byte ${sym} * ${pick(['1', '25', '30', '100'])}\n\t.byte ${minor} + ${pick(['250', '255', '246'])}\n`;
  },
};

describe('AMDGPU --triple vs llvm-mc-19 (differential, re-targeted clang corpus)', () => {
  if (skip) console.log(skip);

  test('every generated file re-targeted: accepted by both; the amdhsa original under another triple: the same first error line', { skip }, () => {
    const files = corpus();
    const problems: string[] = [];
    let refusedOriginals = 0;
    files.forEach((f, i) => {
      const triple = OTHER_TRIPLES[i % OTHER_TRIPLES.length]!;
      const text = retarget(f.text, f.mcpu, triple);
      const t = theirs(text, f.mcpu, triple);
      const o = ours(text, f.mcpu, triple);
      if (!t.ok) problems.push(`${f.file} as ${triple}: llvm-mc-19 refuses the re-targeted file (harness): ${t.stderr.slice(0, 300)}`);
      else if (!o.ok) problems.push(`${f.file} as ${triple}: gpuasm reports ${o.first}`);
      if (i % 10 === 0) {
        // The original (amdhsa directives) under a non-amdhsa triple.
        const other = ['amdgcn-amd-amdpal', 'amdgcn-mesa-mesa3d', 'amdgcn-pc-linux-gnu', 'amdgcn'][i % 4]!;
        const t2 = theirs(f.text, f.mcpu, other);
        const o2 = ours(f.text, f.mcpu, other);
        if (t2.ok || o2.ok || t2.line !== o2.line) problems.push(`${f.file} unchanged as ${other}: llvm-mc ${t2.ok ? 'accepts' : `line ${t2.line}`}, gpuasm ${o2.ok ? 'accepts' : o2.first}`);
        else refusedOriginals++;
      }
    });
    console.log(`amdgpu triples: ${files.length} re-targeted files accepted by both, ${refusedOriginals} amdhsa originals refused by both at the same line`);
    assert.deepEqual(problems, []);
  });

  test('re-targeted files with one break of the per-OS directives: same verdict and first error line', { skip }, () => {
    const seed = fuzzSeed();
    const runs = fuzzRuns(30);
    const files = corpus();
    const names = Object.keys(BREAKS);
    const problems: string[] = [];
    const byBreak = new Map<string, number>();
    let refused = 0;
    let noLine = 0;
    fc.assert(
      fc.property(fc.nat(files.length - 1), fc.nat(OTHER_TRIPLES.length + 1), fc.nat(names.length - 1), fc.infiniteStream(fc.nat(1000)), (fi, ti, bi, stream) => {
        const f = files[fi]!;
        // Mostly other triples, sometimes the default amdhsa one.
        const triple = ti < OTHER_TRIPLES.length ? OTHER_TRIPLES[ti]! : 'amdgcn-amd-amdhsa';
        const it = stream[Symbol.iterator]();
        const pick: Pick = (xs) => xs[it.next().value! % xs.length]!;
        const base = retarget(f.text, f.mcpu, triple);
        const name = names[bi]!;
        const text = BREAKS[name]!(base, triple, f.mcpu, pick);
        if (text === null || text === base) return;
        byBreak.set(name, (byBreak.get(name) ?? 0) + 1);
        const t = theirs(text, f.mcpu, triple);
        const o = ours(text, f.mcpu, triple);
        if (!t.ok) refused++;
        if (!t.ok && t.line === undefined) noLine++;
        const same = t.ok === o.ok && (t.ok || t.line === undefined || t.line === o.line);
        if (!same) {
          const lines = text.split('\n');
          const at = t.line ?? o.line ?? 0;
          problems.push(`${f.file} as ${triple}, break ${name}: llvm-mc ${t.ok ? 'accepts' : `line ${t.line}: ${t.stderr.split('\n')[0]}`}; gpuasm ${o.ok ? 'accepts' : o.first}\n    line ${at}: ${lines[at - 1]}`);
        }
      }),
      { seed, numRuns: runs },
    );
    console.log(`amdgpu triple breaks: ${[...byBreak].map(([k, v]) => `${k} ${v}`).join(', ')}; ${refused} refused by llvm-mc (${noLine} without a line), seed ${seed}`);
    assert.deepEqual(problems, [], `seed ${seed}`);
  });

  test('.amd_kernel_code_t fields: each one llvm-mc-19 takes, a near miss of each refused', { skip: llvmMcSkipReason }, () => {
    const fields = [...AMD_KERNEL_CODE_T_FIELDS];
    // One file per field would be slow: the valid ones all in one block, each near miss in its own.
    const all = ['.amd_kernel_code_t', ...fields.map((f) => `  ${f} = 0`), '.end_amd_kernel_code_t', ''].join('\n');
    const t = theirs(all, 'gfx900', 'amdgcn-pc-linux-gnu');
    assert.ok(t.ok, `llvm-mc-19 refuses a field of the table: ${t.stderr.slice(0, 300)}`);
    assert.ok(ours(all, 'gfx900', 'amdgcn-pc-linux-gnu').ok);
    let refused = 0;
    for (const f of fields.filter((_, i) => i % 6 === 0)) {
      for (const miss of [f + 's', f.slice(0, -1), f.toUpperCase()]) {
        if (AMD_KERNEL_CODE_T_FIELDS.has(miss)) continue;
        const text = `.amd_kernel_code_t\n  ${miss} = 0\n.end_amd_kernel_code_t\n`;
        const tm = theirs(text, 'gfx900', 'amdgcn-pc-linux-gnu');
        const om = ours(text, 'gfx900', 'amdgcn-pc-linux-gnu');
        assert.equal(om.ok, tm.ok, `field ${miss}: llvm-mc ${tm.ok ? 'accepts' : 'refuses'}, gpuasm ${om.ok ? 'accepts' : 'refuses'}`);
        assert.equal(om.line, tm.line, `field ${miss}`);
        if (!tm.ok) refused++;
      }
    }
    console.log(`amdgpu .amd_kernel_code_t: ${fields.length} fields taken by both, ${refused} near misses refused by both`);
    assert.ok(refused > 0);
  });

  test('triples: every spelling llvm-mc-19 takes in place is taken, with its target id and OS; the others refused', { skip: llvmMcSkipReason }, () => {
    // Empty components, any vendor, OS or environment text, versioned OS names, more than four components.
    const taken = [
      ...OTHER_TRIPLES, 'amdgcn-amd-amdhsa', 'amdgcn-pc-linux', 'amdgcn---gnu', 'amdgcn-unknown-unknown', 'amdgcn-unknown-amdhsa', 'amdgcn-amd-mesa3d',
      'amdgcn-amd-none', 'amdgcn--', 'amdgcn-amd-', 'amdgcn-', 'amdgcn-amd', 'amdgcn---', 'amdgcn----', 'amdgcn-amd-foo', 'amdgcn-x-y', 'amdgcn-AMD-amdhsa',
      'amdgcn-amd-AMDHSA', 'amdgcn-amd-amdhsa5', 'amdgcn-amd-amdpal2', 'amdgcn-amd-mesa3dx', 'amdgcn-amd-amdhsa-gnu', 'amdgcn-amd-amdhsa-elf',
      'amdgcn-amd-amdhsa-unknown', 'amdgcn-amd-amdhsa-', 'amdgcn-amd-amdhsa--', 'amdgcn-amd-amdhsa-gnu-x', 'amdgcn-amd-amdhsa-amd', 'amdgcn-amd-linux-musl',
      'amdgcn-amd-amdpal-gnueabi', 'amdgcn-foo-amdhsa', 'amdgcn-pc-linux-android',
    ];
    // llvm-mc moves these components (another architecture is another target).
    const moved = ['amdgcn-amdhsa', 'amdgcn-linux', 'amdgcn-gnu', 'amdgcn-amd-gnu', 'amdgcn-amd-elf', 'amdgcn-amdhsa-amd', 'amd-amdgcn-amdhsa', 'amdgcn-foo-bar-linux'];
    const problems: string[] = [];
    const osOf = (triple: string) => {
      // amdhsa: .amdhsa_ directives; amdpal: .amd_amdgpu_pal_metadata; mesa3d: neither, and code object v2 directives.
      const hsa = runLlvmMc('.amdhsa_code_object_version 5\n', { mcpu: 'gfx1030', triple, filetype: 'null' }).ok;
      const pal = runLlvmMc('.amd_amdgpu_pal_metadata 0x2e12, 0\n', { mcpu: 'gfx1030', triple, filetype: 'null' }).ok;
      return hsa ? 'amdhsa' : pal ? 'amdpal' : 'not amdhsa or amdpal';
    };
    for (const triple of taken) {
      const t = parseTriple(triple);
      if ('error' in t) {
        problems.push(`${triple}: refused (${t.error})`);
        continue;
      }
      const r = runLlvmMc('.amdgcn_target "zz"\n', { mcpu: 'gfx1030', triple, filetype: 'null' });
      const id = /specified target id (\S+)/.exec(r.stderr)?.[1];
      if (id !== `${t.idPrefix}gfx1030`) problems.push(`${triple}: target id ${t.idPrefix}gfx1030, llvm-mc-19 ${id ?? r.stderr.slice(0, 200)}`);
      const os = t.os === 'amdhsa' || t.os === 'amdpal' ? t.os : 'not amdhsa or amdpal';
      if (osOf(triple) !== os) problems.push(`${triple}: OS ${t.os}, llvm-mc-19 ${osOf(triple)}`);
    }
    for (const triple of moved) {
      if (!('error' in parseTriple(triple))) problems.push(`${triple}: taken, but llvm-mc-19 moves its components`);
      // The refusal is justified: llvm-mc's target id is not the components in their places.
      const r = runLlvmMc('.amdgcn_target "zz"\n', { mcpu: 'gfx1030', triple, filetype: 'null' });
      const id = /specified target id (\S+)/.exec(r.stderr)?.[1];
      const parts = triple.split('-');
      if (id === `${parts[0]}-${parts[1] ?? ''}-${parts[2] ?? ''}-${parts.slice(3).join('-')}-gfx1030`) problems.push(`${triple}: llvm-mc-19 keeps the components in place (${id}): it should be taken`);
    }
    for (const bad of ['x86_64-linux-gnu', 'r600--', 'AMDGCN-amd-amdhsa', '']) if (!('error' in parseTriple(bad))) problems.push(`${bad}: taken`);
    console.log(`amdgpu triples: ${taken.length} spellings taken as llvm-mc-19 reads them, ${moved.length} with moved components refused`);
    assert.deepEqual(problems, []);
  });
});
