/**
 * `.amd_kernel_code_t` (the code object v2 kernel header of the non-amdhsa triples) as llvm-mc-19
 * reads it, field by field (found in session 26 by mutating llc-19's mesa3d blocks; seen first in
 * session 25's held-out check):
 * - A field llvm-mc refuses ends the block there: the directive is dropped and the lines after it
 *   are top-level statements (`FIELD = VALUE` an assignment, `.end_amd_kernel_code_t` an unknown
 *   directive). gpuasm read the block to its end, so it missed the end line and reported later
 *   fields llvm-mc took as assignments.
 * - The COMPUTE_PGM_RSRC1/RSRC2 fields and four others keep an expression (a symbol set later, or
 *   never, is taken); gpuasm wanted every value known where it stands (false errors).
 * - `max_scratch_backing_memory_byte_size` (deprecated) skips the rest of its line unread.
 * - RSRC1's mode bits are checked at the block's end when every RSRC1 field written has a value
 *   known there, and reported without a place even in a file with other errors (gpuasm kept them
 *   for a file without other errors).
 * Every case is judged by llvm-mc-19 each run (`-filetype=null`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { checkAmdgpuText } from '../../../src/amdgpu/index.js';
import { AMD_KERNEL_CODE_T_EXPRESSION_FIELDS, AMD_KERNEL_CODE_T_FIELDS, AMD_KERNEL_CODE_T_RSRC1_FIELDS } from '../../../src/amdgpu/data/kernel-code-t.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const TRIPLE = 'amdgcn-mesa-mesa3d';

/** A kernel with an `.amd_kernel_code_t` of `fields`; `early` is set before it, `later` after it. */
function kernel(fields: string[]): string {
  return '\t.text\nearly = 3\n\t.amdgpu_hsa_kernel k\nk:\n\t.amd_kernel_code_t\n' + fields.map((f) => `\t\t${f}\n`).join('') + '\t.end_amd_kernel_code_t\n\ts_endpgm\nlater = 4\n';
}

interface Case {
  mcpu: string;
  mattr?: string;
  text: string;
  what: string;
}

/**
 * Compares the lines of the errors; an error llvm-mc-19 reports without a place must be one of
 * gpuasm's with the same message (gpuasm places it at the field).
 */
function judge(cases: Case[]): { refused: number; taken: number; ok: boolean[] } {
  let refused = 0;
  let taken = 0;
  const ok: boolean[] = [];
  const problems: string[] = [];
  for (const c of cases) {
    const mc = runLlvmMc(c.text, { mcpu: c.mcpu, triple: TRIPLE, filetype: 'null', extraArgs: c.mattr ? [`-mattr=${c.mattr}`] : [] });
    const errors = mc.messages.filter((m) => m.severity === 'error');
    const ours = checkAmdgpuText('t.s', c.text, { mcpu: c.mcpu, mattr: c.mattr, triple: TRIPLE }).filter((d) => d.severity === 'error');
    const placeless = errors.filter((m) => m.line === undefined).map((m) => m.message);
    const theirs = new Set(errors.filter((m) => m.line !== undefined).map((m) => String(m.line)));
    const mine = new Set<string>();
    for (const d of ours) {
      const i = placeless.findIndex((m) => d.message.startsWith(m));
      if (i >= 0) placeless.splice(i, 1);
      else mine.add(String(d.location?.line));
    }
    if ([...theirs].sort().join(' ') !== [...mine].sort().join(' ') || placeless.length)
      problems.push(`${c.mcpu}${c.mattr ? ' ' + c.mattr : ''} ${c.what}: llvm-mc ${mc.stderr.split('\n').filter((l) => l.includes('error')).join(' | ') || 'takes it'}; gpuasm ${ours.map((d) => `${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`).join(' | ') || 'takes it'}`);
    if (mc.ok) taken++;
    else refused++;
    ok.push(mc.ok);
  }
  assert.deepEqual(problems, []);
  return { refused, taken, ok };
}

const FIELDS = [...AMD_KERNEL_CODE_T_FIELDS].filter((f) => f !== 'max_scratch_backing_memory_byte_size');

test('fields that keep an expression take a symbol set later or never; the others need a value known where they stand', { skip }, () => {
  const cases: Case[] = [];
  for (const f of FIELDS) for (const v of ['later', 'undefined_sym']) cases.push({ mcpu: 'gfx900', text: kernel([`${f} = ${v}`]), what: `${f} = ${v}` });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
  // The list itself: each field with a symbol set later is taken exactly when it keeps an expression.
  for (const [i, f] of FIELDS.entries()) assert.equal(r.ok[2 * i], AMD_KERNEL_CODE_T_EXPRESSION_FIELDS.has(f), f);
});

test('RSRC1 mode bits are checked only when every RSRC1 field has a value known at the end, and in a file with other errors too', { skip }, () => {
  const cases: Case[] = [];
  for (const f of AMD_KERNEL_CODE_T_EXPRESSION_FIELDS) {
    const mode = f.includes('wgp') ? 'enable_mem_ordered = 1' : 'enable_wgp_mode = 1';
    cases.push({ mcpu: 'gfx900', text: kernel([mode, `${f} = later`]), what: `${mode}, ${f} = later` });
  }
  for (const mcpu of ['gfx803', 'gfx1030', 'gfx1200'])
    for (const f of ['enable_dx10_clamp', 'compute_pgm_rsrc1_ieee_mode', 'enable_wgp_mode', 'compute_pgm_rsrc1_mem_ordered', 'enable_fwd_progress'])
      for (const [v, other] of [['1', ''], ['early', ''], ['1', '\ts_foo v0'], ['2', '']])
        cases.push({ mcpu, text: kernel([`${f} = ${v}`, 'enable_ieee_mode = 0']) + other + '\n', what: `${f} = ${v}${other ? ' and an invalid instruction' : ''}` });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
  // The RSRC1 list: a mode bit is checked unless an RSRC1 field is not known at the end.
  for (const [i, f] of [...AMD_KERNEL_CODE_T_EXPRESSION_FIELDS].entries()) assert.equal(r.ok[i], AMD_KERNEL_CODE_T_RSRC1_FIELDS.has(f), f);
});

test('a refused field ends the block: the lines after it are statements', { skip }, () => {
  const cases: Case[] = [];
  const after = ['amd_code_version_minor = 2', 'amd_code_version_minor = 2 junk', 'bogus = 1', '', '; a comment', 'wavefront_size = 6', 'priv = (', 's_nop 0'];
  const refused = [
    'enable_wavefront_size32 = 1', 'enable_wavefront_size32 = 0', 'wavefront_size = 5', 'wavefront_size = 6', 'wavefront_size = 5 junk',
    'wavefront_size = 5 junk more', 'enable_wavefront_size32 = 1 ; c', 'kernarg_segment_byte_size = later', 'kernarg_segment_byte_size = later junk',
    'kernarg_segment_byte_size = undefined_sym', 'kernarg_segment_byte_size = 1 / 0', 'bogus = 1', 'priv 1', 'priv = ', 'priv = 1, 2',
    'max_scratch_backing_memory_byte_size junk junk', 'max_scratch_backing_memory_byte_size', 'max_scratch_backing_memory_byte_size = (',
  ];
  for (const [mcpu, mattr] of [['gfx900', undefined], ['gfx1030', undefined], ['gfx1100', '+wavefrontsize64']] as const)
    for (const [i, r] of refused.entries()) for (const a of [after[i % after.length]!, after[(i + 3) % after.length]!]) cases.push({ mcpu, mattr, text: kernel(['amd_code_version_major = 1', r, a, 'priority = 0']), what: `${r} / ${a}` });
  const r = judge(cases);
  assert.ok(r.refused > 0 && r.taken > 0, `both verdicts seen (${r.refused} refused, ${r.taken} taken)`);
});

test('random one-change blocks agree with llvm-mc-19', { skip }, () => {
  const seed = fuzzSeed();
  const runs = fuzzRuns(100);
  console.log(`.amd_kernel_code_t blocks: seed ${seed} (GPUASM_SEED=${seed} to replay), ${runs} blocks`);
  const base = [
    'amd_code_version_major = 1', 'amd_machine_kind = 1', 'kernel_code_entry_byte_offset = 256', 'granulated_workitem_vgpr_count = 0',
    'granulated_wavefront_sgpr_count = 1', 'float_mode = 240', 'enable_dx10_clamp = 1', 'enable_ieee_mode = 1', 'enable_wgp_mode = 0',
    'user_sgpr_count = 6', 'enable_sgpr_workgroup_id_x = 1', 'enable_vgpr_workitem_id = 0', 'enable_sgpr_kernarg_segment_ptr = 1',
    'private_element_size = 1', 'is_ptr64 = 1', 'kernarg_segment_byte_size = 16', 'wavefront_sgpr_count = 8', 'workitem_vgpr_count = 2',
    'kernarg_segment_alignment = 4', 'call_convention = -1',
  ];
  const CPUS: [string, string | undefined][] = [['gfx803', undefined], ['gfx900', undefined], ['gfx1030', undefined], ['gfx1030', '+wavefrontsize64'], ['gfx1100', undefined], ['gfx1200', undefined]];
  const value = fc.constantFrom('0', '1', '2', '5', '6', '-1', 'later', 'undefined_sym', 'early', 'early+1', '(1', '1 junk', '1 ; c', '.', 'k', '1 +', '');
  const change = fc.oneof(
    fc.tuple(fc.constant('value'), fc.nat(base.length - 1), value),
    fc.tuple(fc.constant('delete'), fc.nat(base.length - 1), fc.constant('')),
    fc.tuple(fc.constant('wave'), fc.nat(base.length), fc.constantFrom('enable_wavefront_size32 = 1', 'enable_wavefront_size32 = 0', 'wavefront_size = 5', 'wavefront_size = 6', 'wavefront_size = 5 junk')),
    fc.tuple(fc.constant('insert'), fc.nat(base.length), fc.constantFrom('max_scratch_backing_memory_byte_size = 1 junk', 'bogus = 1', 'priv 1', '', '; c', 'enable_wgp_mode = 1', 'enable_mem_ordered = early', 'enable_dx10_clamp = later')),
  );
  const drawn = fc.sample(fc.tuple(fc.constantFrom(...CPUS), change), { numRuns: runs, seed });
  const cases: Case[] = drawn.map(([[mcpu, mattr], [kind, at, text]]) => {
    const fields = [...base];
    if (kind === 'value') fields[at] = `${fields[at]!.split(' =')[0]} = ${text}`;
    else if (kind === 'delete') fields.splice(at, 1);
    else fields.splice(at, 0, text);
    return { mcpu, mattr, text: kernel(fields), what: `${kind} ${at} ${text} (seed ${seed})` };
  });
  const r = judge(cases);
  console.log(`.amd_kernel_code_t blocks: ${cases.length}, llvm-mc-19 refuses ${r.refused}; gpuasm agrees on every one (seed ${seed})`);
});
