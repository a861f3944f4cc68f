/**
 * llvm-mc-19's `generic` and `generic-hsa` processors (no generation feature), against llvm-mc-19:
 * which instructions they have (every spelling of the table, bare), and line by line the rules
 * where they are no GFX6 (flat_scratch, SMRD `glc`, the target id, the ISA version symbols and
 * `.amdhsa_` gates, LDS) on each triple gpuasm reads. gpuasm may never reject a line llvm-mc-19
 * accepts, and must reject the lines it rejects.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { assertLinesAgree } from '../../harness/amdgpu-line-compare.js';
import { allMnemonics, instructionInfo, lookupInstruction } from '../../../src/amdgpu/instructions/table.js';

const skip = llvmMcSkipReason;
if (skip) console.log(skip);

const GENERIC = ['generic', 'generic-hsa'];
const TRIPLES = ['amdgcn-amd-amdhsa', 'amdgcn', 'amdgcn-amd-amdpal', 'amdgcn-mesa-mesa3d'];

/** llvm-mc-19's verdict on a bare mnemonic, as lookupInstruction's status. */
function mcStatus(message: string | undefined): string {
  if (message === undefined) return 'found';
  if (/instruction not supported on this GPU/.test(message)) return 'not-on-gpu';
  if (/variant of this instruction is not supported/.test(message)) return 'variant-not-supported';
  if (/^invalid instruction/.test(message)) return 'unknown';
  return 'found';
}

test('generic processors: the instructions llvm-mc-19 has on them (every spelling of the table)', { skip }, () => {
  const spellings = new Set<string>();
  for (const b of allMnemonics()) {
    spellings.add(b);
    for (const f of instructionInfo(b)!.forms) spellings.add(f.spelled);
  }
  const list = [...spellings].sort();
  const text = list.join('\n') + '\n';
  // The table's own departures on gfx600 (the Y-only VOPD halves are names llvm-mc-19 does not
  // know outside a pair) are the same on the generic processors; anything else fails.
  const wrongOn = new Map<string, string[]>();
  for (const mcpu of ['gfx600', ...GENERIC]) {
    const mc = runLlvmMc(text, { mcpu, filetype: 'null' });
    const theirs = new Map<number, string>();
    for (const m of mc.messages) if (m.severity === 'error' && m.line && !theirs.has(m.line)) theirs.set(m.line, m.message);
    const wrong: string[] = [];
    let absent = 0;
    list.forEach((s, i) => {
      const want = mcStatus(theirs.get(i + 1));
      const got = lookupInstruction(s, mcpu).status;
      if (want === 'not-on-gpu') absent++;
      if (want !== got && !(mcpu !== 'gfx600' && wrongOn.get('gfx600')!.includes(s))) wrong.push(s);
    });
    wrongOn.set(mcpu, wrong);
    if (mcpu !== 'gfx600') assert.deepEqual(wrong.slice(0, 20), [], `${mcpu}: ${wrong.length} spellings judged otherwise`);
    else assert.ok(wrong.every((w) => /^v_dual_/.test(w)), `gfx600: ${wrong.join(' ')}`);
    assert.ok(absent > 0, `${mcpu}: some spellings are not on the processor`);
  }
});

test('generic processors: the mnemonics gfx600 has and they lack are refused where written', { skip }, () => {
  const lines = [
    'v_movrels_b32 v1, v2',
    'v_movreld_b32_e64 v1, v2',
    'v_mad_f32 v0, v1, v2, v3',
    'v_mac_f32 v0, v1, v2',
    'v_madak_f32 v0, v1, v2, 0x41200000',
    's_memtime s[0:1]',
    'ds_add_src2_u32 v1',
    'buffer_atomic_fmin v1, off, s[4:7], s1',
    'image_load v[0:3], v4, s[8:15] dmask:0xf',
    'image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf',
    'v_fma_f32 v0, v1, v2, v3',
    'v_mov_b32 v0, v1',
    's_load_dword s0, s[0:1], 0x0',
    'ds_write_b32 v0, v1 gds',
    'buffer_load_dword v0, off, s[0:3], 0 addr64',
    'flat_load_dword v0, v[0:1]',
    'v_add_f16 v0, v1, v2',
  ];
  assertLinesAgree(lines, GENERIC, { label: 'instructions', verdicts: 'both' });
});

test('generic processors: flat_scratch, SMRD glc, target id, ISA version and .amdhsa_ gates on every triple', { skip }, () => {
  const registers: string[] = [];
  for (const r of ['flat_scratch', 'flat_scratch_lo', 'flat_scratch_hi', 'tba', 'tma_lo', 'ttmp11', 'ttmp12', 's103', 's104', 'xnack_mask_lo', 'src_shared_base', 'src_vccz', 'lds_direct', 'null', 'm0', '0.15915494']) {
    registers.push(`s_mov_b32 s0, ${r}`, `v_mov_b32 v0, ${r}`, `s_mov_b64 s[0:1], ${r}`);
  }
  const smrd = [
    's_load_dword s0, s[0:1], 0x0 glc',
    's_load_dword s0, s[0:1], 0x0 slc',
    's_load_dword s0, s[0:1], 0x0 dlc',
    's_load_dword s0, s[0:1], 0x0 glc glc',
    's_load_dwordx2 s[0:1], s[0:1], s2 glc',
    's_buffer_load_dwordx16 s[0:15], s[0:3], 0x0 glc',
    's_dcache_inv glc',
    's_load_dword s0, s[0:1], 0x100',
    's_load_dword s0, s[0:1], 0xff',
  ];
  const versions = [
    '.if .option.machine_version_major == 6',
    '.error "six"',
    '.endif',
    '.if .option.machine_version_major == 7',
    '.error "seven"',
    '.endif',
    '.if .amdgcn.gfx_generation_number == 6',
    '.error "hsa six"',
    '.endif',
    '.if .amdgcn.gfx_generation_number == 7',
    '.error "hsa seven"',
    '.endif',
    '.amdgpu_lds lds_a, 0',
    '.amdgpu_lds lds_b, 4',
  ];
  const ids = ['generic', 'generic-hsa', 'gfx600', 'gfx700'];
  const targets = TRIPLES.flatMap((t) => ids.map((c) => `.amdgcn_target "${t === 'amdgcn' ? 'amdgcn----' : t + '--'}${c}"`));
  for (const triple of TRIPLES) {
    const lines = [...registers, ...smrd, ...versions, ...targets];
    assertLinesAgree(lines, GENERIC, { label: `operands ${triple}`, verdicts: 'both', triple });
  }
  // amdhsa kernel descriptors: the gfx7+ gate follows the ISA version (generic 6, generic-hsa 7).
  const kernel = (name: string, fields: string[]) => [`.amdhsa_kernel ${name}`, '  .amdhsa_next_free_vgpr 32', '  .amdhsa_next_free_sgpr 8', ...fields.map((f) => `  ${f}`), '.end_amdhsa_kernel'];
  const hsa = [
    '.amdhsa_code_object_version 5',
    '.text',
    'k:',
    '  s_endpgm',
    ...kernel('k1', ['.amdhsa_reserve_flat_scratch 0']),
    ...kernel('k2', ['.amdhsa_reserve_xnack_mask 0']),
    ...kernel('k3', ['.amdhsa_fp16_overflow 0']),
    ...kernel('k4', ['.amdhsa_user_sgpr_flat_scratch_init 1']),
    ...kernel('k5', ['.amdhsa_reserve_vcc 0']),
  ];
  assertLinesAgree(hsa, GENERIC, { label: 'kernel', triple: 'amdgcn-amd-amdhsa' });
});
