/**
 * Found in session 25 by mutating the `.amdhsa_kernel` blocks clang writes (one directive's value,
 * deleted, repeated or added) and by giving each directive a value known only later:
 * - llvm-mc-19 needs the value of the user-SGPR directives, `.amdhsa_user_sgpr_count`,
 *   `.amdhsa_wavefront_size32` and `.amdhsa_shared_vgpr_count` where they stand ("directive should
 *   have resolvable expression"), and `.amdhsa_kernarg_size`'s by the block's end; the other fields
 *   take a symbol set later. gpuasm took them all.
 * - A `.amdhsa_next_free_vgpr` known only later made gpuasm check gfx90a's `accum_offset` against 0
 *   VGPRs: a false "accum_offset exceeds total VGPR allocation".
 * - The block's end checks stop at the first that fails, in llvm-mc's order; gpuasm reported every
 *   one (a VGPR range error on its own line beside a missing directive llvm-mc names instead).
 * - The kernarg preload must fit the kernarg segment; shared VGPRs and the kernel's VGPR granules
 *   share a 6-bit count.
 * Each block is judged by llvm-mc-19 (`-filetype=null`: a field given a symbol never defined is
 * refused only by the object writer, without a line; docs/divergences.md) each run: the lines and
 * columns of the errors must be the same.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

/** A kernel whose descriptor holds `lines`; `earlier` and `later` are symbols set before and after it. */
function block(lines: string[], value = '4'): string {
  return (
    '\t.text\n\t.globl k\n\t.p2align 8\n\t.type k,@function\nk:\n\ts_endpgm\n' +
    `\t.set earlier, ${value}\n\t.rodata\n\t.p2align 6\n\t.amdhsa_kernel k\n` +
    lines.map((l) => `\t\t${l}\n`).join('') +
    `\t.end_amdhsa_kernel\n\t.set later, ${value}\n\t.text\n`
  );
}

/** Compares the error positions of gpuasm and llvm-mc-19 on each case; counts both verdicts. */
function judge(cases: { mcpu: string; text: string; what: string }[]): { refused: number; taken: number } {
  let refused = 0;
  let taken = 0;
  const problems: string[] = [];
  for (const c of cases) {
    const mc = runLlvmMc(c.text, { mcpu: c.mcpu, filetype: 'null' });
    const theirs = mc.messages.filter((m) => m.severity === 'error').map((m) => `${m.line ?? 0}:${m.column ?? 0}`);
    const ours = checkAmdgpuText('t.s', c.text, { mcpu: c.mcpu }).filter((d) => d.severity === 'error');
    const mine = ours.map((d) => `${d.location?.line}:${d.location?.column}`);
    if ([...new Set(theirs)].sort().join(' ') !== [...new Set(mine)].sort().join(' '))
      problems.push(`${c.mcpu} ${c.what}: llvm-mc ${mc.stderr.split('\n').filter((l) => l.includes('error')).join(' | ') || 'takes it'}; gpuasm ${ours.map((d) => `${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`).join(' | ') || 'takes it'}`);
    if (mc.ok) taken++;
    else refused++;
  }
  assert.deepEqual(problems, []);
  return { refused, taken };
}

const REQUIRED = ['.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4'];
const CPUS = ['gfx803', 'gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];

test('.amdhsa_ values known only later: refused where llvm-mc needs them, taken elsewhere', { skip }, () => {
  const directives = [
    '.amdhsa_user_sgpr_count', '.amdhsa_user_sgpr_private_segment_buffer', '.amdhsa_user_sgpr_dispatch_ptr',
    '.amdhsa_user_sgpr_queue_ptr', '.amdhsa_user_sgpr_kernarg_segment_ptr', '.amdhsa_user_sgpr_dispatch_id',
    '.amdhsa_user_sgpr_flat_scratch_init', '.amdhsa_user_sgpr_private_segment_size', '.amdhsa_user_sgpr_kernarg_preload_length',
    '.amdhsa_user_sgpr_kernarg_preload_offset', '.amdhsa_wavefront_size32', '.amdhsa_shared_vgpr_count', '.amdhsa_kernarg_size',
    '.amdhsa_reserve_xnack_mask', '.amdhsa_group_segment_fixed_size', '.amdhsa_float_denorm_mode_32', '.amdhsa_reserve_vcc',
    '.amdhsa_system_vgpr_workitem_id', '.amdhsa_ieee_mode', '.amdhsa_accum_offset',
  ];
  const cases = [];
  for (const mcpu of CPUS)
    for (const d of directives)
      for (const [v, value] of [['later', '0'], ['later', '1'], ['earlier', '1'], ['undefined_sym', '0'], ['later+1', '0']] as const) {
        const lines = d === '.amdhsa_accum_offset' ? [...REQUIRED, `${d} ${v}`] : [`${d} ${v}`, ...REQUIRED, ...(mcpu === 'gfx90a' || mcpu === 'gfx942' ? ['.amdhsa_accum_offset 4'] : [])];
        cases.push({ mcpu, text: block(lines, value), what: `${d} ${v} (= ${value})` });
      }
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
});

test('gfx90a accum_offset with next_free_vgpr or itself known only later (was a false error)', { skip }, () => {
  const cases = [];
  for (const mcpu of ['gfx90a', 'gfx942'])
    for (const vgpr of ['later', 'undefined_sym', '4', '8', 'earlier'])
      for (const accum of ['later', '4', '8', '12', '3', '260'])
        for (const value of ['4', '16'])
          cases.push({ mcpu, text: block([`.amdhsa_next_free_vgpr ${vgpr}`, '.amdhsa_next_free_sgpr 4', `.amdhsa_accum_offset ${accum}`], value), what: `vgpr ${vgpr} accum ${accum} (= ${value})` });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
});

test('the block end: the first failing check only, in llvm-mc order', { skip }, () => {
  const combos: [string, string[]][] = [
    ['gfx900', ['.amdhsa_next_free_vgpr 4000']],
    ['gfx900', ['.amdhsa_next_free_vgpr 4000', '.amdhsa_next_free_sgpr 4', '.amdhsa_user_sgpr_count 1', '.amdhsa_user_sgpr_dispatch_ptr 1']],
    ['gfx900', ['.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 400', '.amdhsa_kernarg_size later']],
    ['gfx900', ['.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_user_sgpr_count 40', '.amdhsa_kernarg_size later']],
    ['gfx90a', ['.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_user_sgpr_count 1', '.amdhsa_user_sgpr_dispatch_ptr 1', '.amdhsa_accum_offset 3']],
    ['gfx90a', ['.amdhsa_kernarg_size later', '.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_accum_offset 3']],
    ['gfx90a', ['.amdhsa_kernarg_size 4', '.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_user_sgpr_kernarg_preload_length 2']],
    ['gfx1030', ['.amdhsa_kernarg_size later', '.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_shared_vgpr_count 1', '.amdhsa_wavefront_size32 1']],
    ['gfx1030', ['.amdhsa_next_free_vgpr 4', '.amdhsa_next_free_sgpr 4', '.amdhsa_shared_vgpr_count 1', '.amdhsa_wavefront_size32 1', '.amdhsa_user_sgpr_count 40']],
    ['gfx1100', ['.amdhsa_next_free_vgpr 300', '.amdhsa_next_free_sgpr 4', '.amdhsa_wavefront_size32 0', '.amdhsa_shared_vgpr_count 8']],
  ];
  const r = judge(combos.map(([mcpu, lines]) => ({ mcpu, text: block(lines), what: lines.join('; ') })));
  assert.equal(r.taken, 0, 'every combination is refused');
});

test('kernarg preload within the kernarg segment (gfx90a, gfx942)', { skip }, () => {
  const cases = [];
  for (const mcpu of ['gfx90a', 'gfx942'])
    for (const size of ['0', '4', '8', '11', '12', '64'])
      for (const length of ['0', '1', '2', '3'])
        for (const offset of ['0', '1', '3'])
          cases.push({
            mcpu,
            text: block([`.amdhsa_kernarg_size ${size}`, ...REQUIRED, '.amdhsa_accum_offset 4', `.amdhsa_user_sgpr_kernarg_preload_length ${length}`, `.amdhsa_user_sgpr_kernarg_preload_offset ${offset}`, '.amdhsa_user_sgpr_count 16']),
            what: `kernarg ${size}, preload ${length} from ${offset}`,
          });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
});

test('shared VGPRs and the VGPR granules share 63 (GFX10-11, wave64 and the default wave size)', { skip }, () => {
  const cases = [];
  for (const mcpu of ['gfx1030', 'gfx1100'])
    for (const wave of [[], ['.amdhsa_wavefront_size32 0']])
      for (const vgpr of ['1', '97', '196', '197', '256', '400', '480', '504', '512'])
        for (const shared of ['0', '1', '2', '8', '15'])
          cases.push({ mcpu, text: block([`.amdhsa_next_free_vgpr ${vgpr}`, '.amdhsa_next_free_sgpr 4', ...wave, `.amdhsa_shared_vgpr_count ${shared}`]), what: `vgpr ${vgpr} shared ${shared} ${wave.join('')}` });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
});
