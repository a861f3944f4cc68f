/**
 * The AMDGPU instruction tables (src/amdgpu/instructions): (a) every instruction clang wrote in
 * ../shared/corpus/amdgpu/generated is in the table for its GPU with a matching operand count;
 * (b) presence per GPU agrees with llvm-mc-19 on a random sample of mnemonics and encodings;
 * (c) the lookup API (unknown / not on this GPU / variant / nearest spelling).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { parseAmdgpu } from '../../../src/amdgpu/index.js';
import type { InstructionOperand } from '../../../src/amdgpu/parse/ast.js';
import {
  allMnemonics,
  editDistance,
  instructionInfo,
  lookupInstruction,
  mnemonicsFor,
  OperandFile,
  type FormSpec,
} from '../../../src/amdgpu/instructions/table.js';
import { GPU_CLASSES } from '../../../src/amdgpu/instructions/table.generated.js';
import { LLVM_MC, llvmMcSkipReason, fuzzSeed } from '../../harness/tools.js';

const GENERATED = join(process.cwd(), '..', 'shared', 'corpus', 'amdgpu', 'generated');
const corpusSkip = existsSync(join(GENERATED, 'MANIFEST.tsv')) ? undefined : `${GENERATED} not found: corpus coverage skipped`;

/** GPUs the table must cover (issue 14). */
const GPUS = ['gfx600', 'gfx700', 'gfx803', 'gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942', 'gfx1010', 'gfx1030', 'gfx1100', 'gfx1150', 'gfx1200'];

/** Bare modifiers that can stand first, before any positional operand (`ds_gws_sema_p gds`). */
const BARE_MODIFIERS = new Set(['off', 'glc', 'slc', 'dlc', 'scc', 'nt', 'sc0', 'sc1', 'gds', 'lds', 'tfe', 'lwe', 'unorm', 'da', 'a16', 'd16', 'r128', 'done', 'compr', 'vm', 'clamp', 'idxen', 'offen', 'addr64', 'high', 'nv']);

/** Positional operands as written: the first operand (unless a modifier) and every one after a comma. */
function positionalCount(ops: readonly InstructionOperand[]): number {
  if (!ops.length) return 0;
  const first = ops[0]!.operand;
  // `a16` is an AGPR as well as a modifier: as a first operand it is the register
  const firstIsModifier = first.kind === 'modifier' || (first.kind === 'word' && BARE_MODIFIERS.has(first.name.toLowerCase()) && !/^(off|a16)$/i.test(first.name));
  return (firstIsModifier ? 0 : 1) + ops.filter((o) => o.afterComma).length;
}

/** Canonical modifier name of an operand written after the positional ones (null: not a modifier). */
const DPP_CONTROLS = /^(quad_perm|row_shl|row_shr|row_ror|row_mirror|row_half_mirror|row_bcast|row_share|row_xmask|wave_shl|wave_shr|wave_rol|wave_ror|row_newbcast)$/;
/** Pieces of one symbolic operand written with spaces (`vmcnt(0) lgkmcnt(0)`), not modifiers. */
const OPERAND_PIECES = /^(vmcnt|expcnt|lgkmcnt|vscnt|instid0|instskip|instid1|depctr_\w+|off)$/;
function modifierName(o: InstructionOperand['operand']): string | null {
  const name = o.kind === 'modifier' || o.kind === 'word' || o.kind === 'call' ? o.name.toLowerCase() : null;
  if (!name || OPERAND_PIECES.test(name)) return null;
  if (DPP_CONTROLS.test(name)) return 'dpp_ctrl';
  if (name === 'mul' || name === 'div') return 'omod';
  return name;
}

function countFits(forms: readonly FormSpec[], n: number): boolean {
  return forms.some((f) => n >= f.minOperands && n <= f.maxOperands);
}

/** Modifiers written in the corpus that the table lacks (filled by the coverage test). */
const modifierMisses: string[] = [];

describe('AMDGPU instruction table: clang corpus coverage', { skip: corpusSkip }, () => {
  test('every instruction of every accepted file is in the table for its GPU with a matching operand count', () => {
    if (corpusSkip) {
      console.log(corpusSkip);
      return;
    }
    const manifest = readFileSync(join(GENERATED, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
    let files = 0;
    let instructions = 0;
    let modifiers = 0;
    const misses: string[] = [];
    modifierMisses.length = 0;
    const perGpu = new Map<string, number>();
    for (const row of manifest) {
      const [file, mcpu, , verdict] = row.split('\t') as [string, string, string, string];
      if (verdict !== 'ok') continue;
      files++;
      const text = readFileSync(join(GENERATED, file), 'utf8');
      const { file: ast } = parseAmdgpu(file, text);
      for (const st of ast.statements) {
        if (st.kind !== 'instruction') continue;
        const halves = [{ mnemonic: st.mnemonic, operands: st.operands, dual: false }];
        if (st.dual) halves.push({ mnemonic: st.dual.mnemonic, operands: st.dual.operands, dual: true });
        for (const h of halves) {
          instructions++;
          perGpu.set(mcpu, (perGpu.get(mcpu) ?? 0) + 1);
          const r = lookupInstruction(h.mnemonic, mcpu);
          const line = text.slice(0, st.span.start).split('\n').length;
          if (r.status !== 'found') {
            misses.push(`${file}:${line}: ${h.mnemonic} (${mcpu}): ${r.status}`);
            continue;
          }
          const forms = st.dual ? r.forms.filter((f) => f.form === (h.dual ? 'vopdy' : 'vopdx')) : r.forms;
          const n = positionalCount(h.operands);
          if (!countFits(forms, n)) {
            misses.push(`${file}:${line}: ${h.mnemonic} (${mcpu}): ${n} operands, table has ${forms.map((f) => `${f.form || 'base'} ${f.minOperands}-${f.maxOperands}`).join(', ')}`);
          }
          // every modifier written is one the form takes
          h.operands.forEach((o, i) => {
            if (o.afterComma || i < n) return;
            const m = modifierName(o.operand);
            if (!m) return;
            modifiers++;
            if (!forms.some((f) => countFits([f], n) && f.modifiers.includes(m))) modifierMisses.push(`${file}:${line}: ${h.mnemonic} (${mcpu}): modifier ${m} not in the table`);
          });
        }
      }
    }
    console.log(`corpus: ${files} files, ${instructions} instructions (${[...perGpu].map(([g, n]) => `${g} ${n}`).join(', ')}), ${modifiers} modifiers (${modifierMisses.length} not in the table), ${misses.length} misses`);
    assert.ok(files > 100 && instructions > 10000, 'the corpus was read');
    assert.deepEqual(misses.slice(0, 40), []);
  });

  // Known gap (docs/amdgpu-instructions.md): modifiers on gfx90a/gfx942 whose probes failed — mostly
  // `offset`/`sc1` of the returning global atomics, also `sc0`/`sc1` of some global loads and stores
  // and an SDWA select of v_cvt_f32_fp8_sdwa. Any other miss fails, and so does a growth of this one.
  const KNOWN_MODIFIER_GAP = /\((gfx90a|gfx942)\): modifier \w+ not in the table$/;
  const KNOWN_MODIFIER_GAP_MAX = 58;
  test('every modifier written in the corpus is in the table for its form (one known gap, bounded)', () => {
    if (corpusSkip) return;
    const known = modifierMisses.filter((m) => KNOWN_MODIFIER_GAP.test(m));
    console.log(`modifiers not in the table: ${modifierMisses.length} (${known.length} of the known gap, at most ${KNOWN_MODIFIER_GAP_MAX})`);
    assert.deepEqual(modifierMisses.filter((m) => !KNOWN_MODIFIER_GAP.test(m)).slice(0, 20), []);
    assert.ok(known.length <= KNOWN_MODIFIER_GAP_MAX, `the known gap grew: ${known.length}`);
  });
});

// -----------------------------------------------------------------------------------------------

interface McVerdict {
  present: boolean;
  message: string;
}

/** Bare mnemonics through llvm-mc-19, one line each: present when llvm-mc knows the mnemonic here. */
function mcPresence(cpu: string, lines: readonly string[]): McVerdict[] {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-itab-'));
  const f = join(dir, 'p.s');
  writeFileSync(f, lines.join('\n') + '\n');
  const r = spawnSync(LLVM_MC!, ['-triple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-filetype=null', f], { encoding: 'utf8', maxBuffer: 1 << 28 });
  rmSync(dir, { recursive: true, force: true });
  const out: McVerdict[] = lines.map(() => ({ present: true, message: 'accepted' }));
  const seen = new Set<number>();
  for (const m of r.stderr.matchAll(/p\.s:(\d+):\d+: error: ([^\n]*)/g)) {
    const i = Number(m[1]) - 1;
    if (seen.has(i)) continue;
    seen.add(i);
    const msg = m[2]!;
    out[i] = { present: /^(too few operands|invalid operand|operands are not valid)/.test(msg), message: msg };
  }
  return out;
}

describe('AMDGPU instruction table: presence per GPU agrees with llvm-mc-19', { skip: llvmMcSkipReason }, () => {
  test('a random sample of mnemonics and encoding suffixes on every required GPU', () => {
    const seed = fuzzSeed();
    console.log(`seed ${seed} (GPUASM_SEED to replay)`);
    const all = allMnemonics();
    const suffixes = ['', '_e32', '_e64', '_sdwa', '_dpp', '_e64_dpp'];
    // VOPD halves are not instructions on their own (see the VOPD test below)
    const single = all.filter((b) => !b.startsWith('v_dual_'));
    const sample = fc.sample(
      fc.tuple(fc.constantFrom(...single), fc.constantFrom(...suffixes)).map(([b, s]) => (b.startsWith('v_') ? b + s : b)),
      { seed, numRuns: 600 },
    );
    // plus misspellings (not in any table)
    const lines = [...new Set([...sample, 'v_foo_b32', 's_mov_b33', 'v_add_f32_e65'])];
    let agree = 0;
    const differ: string[] = [];
    for (const gpu of GPUS) {
      const mc = mcPresence(gpu, lines);
      lines.forEach((l, i) => {
        const r = lookupInstruction(l, gpu);
        const ours = r.status === 'found';
        if (ours === mc[i]!.present) agree++;
        else differ.push(`${gpu} ${l}: table ${r.status}, llvm-mc ${mc[i]!.message}`);
        if (!mc[i]!.present && /not supported on this GPU/.test(mc[i]!.message) && ours === false) {
          assert.equal(r.status, 'not-on-gpu', `${gpu} ${l}`);
        }
        if (/^invalid instruction/.test(mc[i]!.message)) assert.equal(r.status, 'unknown', `${gpu} ${l}`);
        if (/variant of this instruction is not supported/.test(mc[i]!.message)) assert.equal(r.status, 'variant-not-supported', `${gpu} ${l}`);
      });
    }
    console.log(`presence: ${lines.length} spellings x ${GPUS.length} GPUs, ${agree} agree, ${differ.length} differ`);
    assert.deepEqual(differ.slice(0, 30), []);
  });
});

/** An operand list built from the table alone: a register of the table's size in the first file
 *  the position takes, `off`, or a constant. Position k uses registers 16(k+1)... (VGPR) or
 *  8+12k... (SGPR), so that operands never overlap and VOPD banks differ. */
function exampleOperands(f: FormSpec): string[] | null {
  const out: string[] = [];
  f.operands.forEach((o, k) => {
    if (o.optional || o.returnOnly) return;
    const r = (p: string, base: number) => (o.size === 1 ? `${p}${base}` : `${p}[${base}:${base + o.size - 1}]`);
    if (o.kind === 'vcc') out.push(f.gpus.some((g) => /^gfx1[0-2]/.test(g)) ? 'vcc_lo' : 'vcc');
    else if (o.files & OperandFile.V) out.push(r('v', 16 * (k + 1)));
    else if (o.files & OperandFile.S) out.push(r('s', 8 + 12 * k));
    else if (o.files & OperandFile.A) out.push(r('a', 16 * (k + 1)));
    else if (o.files & OperandFile.OFF) out.push('off');
    else if (o.kind === 'label') out.push('L0');
    else if (o.files & (OperandFile.INLINE | OperandFile.EXPR)) out.push('1');
    else out.push('?');
  });
  return out.includes('?') ? null : out;
}

describe('AMDGPU instruction table: operand lists from the table assemble with llvm-mc-19', { skip: llvmMcSkipReason }, () => {
  // Known gap (docs/amdgpu-instructions.md): the gfx1200 64-bit FLAT atomics, whose data operand the
  // trailing-operand probe took for optional (12 lines). Any other rejection fails, and so does a growth of this one.
  const KNOWN_FLAT_GAP = /^gfx1200: flat_atomic_\w+_[bui]64 v\[\d+:\d+\]: too few operands for instruction$/;
  const KNOWN_FLAT_GAP_MAX = 12;
  test('VOP1/VOP2/VOPC/VOP3/VOP3P/SOP*/SMEM/DS/FLAT/GLOBAL forms, and VOPD pairs, per GPU (one known gap, bounded)', () => {
    const families = new Set(['VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P', 'SOP1', 'SOP2', 'SOPC', 'SOPK', 'SMEM', 'DS', 'FLAT', 'GLOBAL', 'SCRATCH', 'VOPD']);
    let total = 0;
    const rejected: string[] = [];
    for (const gpu of GPUS) {
      const lines: string[] = ['L0:'];
      for (const b of mnemonicsFor(gpu)) {
        const r = lookupInstruction(b, gpu);
        if (r.status !== 'found') continue;
        for (const f of r.forms) {
          if (!f.verified || !families.has(f.family) || !f.gpus.includes(gpu)) continue;
          const ops = exampleOperands(f);
          if (!ops) continue;
          const REQUIRED: Record<string, string> = { dpp_ctrl: ' quad_perm:[0,1,2,3]', dpp8: ' dpp8:[7,6,5,4,3,2,1,0]', gds: ' gds', dim: ' dim:SQ_RSRC_IMG_1D', format: ' format:1' };
          const text = `${f.spelled} ${ops.join(', ')}${f.requiredModifiers.map((m) => REQUIRED[m] ?? '').join('')}`;
          if (f.form === 'vopdx') lines.push(`${text} :: v_dual_mov_b32 v5, v6`);
          else if (f.form === 'vopdy') lines.push(`v_dual_mov_b32 v1, v2 :: ${text}`);
          else lines.push(text);
        }
      }
      const dir = mkdtempSync(join(tmpdir(), 'gpuasm-itab-'));
      const file = join(dir, 'e.s');
      writeFileSync(file, lines.join('\n') + '\n');
      const res = spawnSync(LLVM_MC!, ['-triple=amdgcn-amd-amdhsa', `-mcpu=${gpu}`, '-filetype=null', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
      rmSync(dir, { recursive: true, force: true });
      total += lines.length - 1;
      for (const m of res.stderr.matchAll(/e\.s:(\d+):\d+: error: ([^\n]*)/g)) rejected.push(`${gpu}: ${lines[Number(m[1]) - 1]}: ${m[2]}`);
    }
    const known = rejected.filter((r) => KNOWN_FLAT_GAP.test(r));
    console.log(`examples built from the table: ${total} lines on ${GPUS.length} GPUs, ${rejected.length} rejected by llvm-mc (${known.length} of the known gap, at most ${KNOWN_FLAT_GAP_MAX})`);
    assert.ok(total > 10000, 'examples were built');
    assert.deepEqual(rejected.filter((r) => !KNOWN_FLAT_GAP.test(r)).slice(0, 30), []);
    assert.ok(known.length <= KNOWN_FLAT_GAP_MAX, `the known gap grew: ${known.length}`);
  });
});

// -----------------------------------------------------------------------------------------------

describe('AMDGPU instruction table: lookup API', () => {
  test('covers the required GPUs and every class has instructions', () => {
    const counts = GPUS.map((g) => [g, mnemonicsFor(g).length] as const);
    console.log(`mnemonics per GPU: ${counts.map(([g, n]) => `${g} ${n}`).join(', ')}; ${allMnemonics().length} in all; ${GPU_CLASSES.length} GPU classes`);
    for (const [g, n] of counts) assert.ok(n > 400, `${g} has ${n} mnemonics`);
    for (const c of GPU_CLASSES) assert.ok(mnemonicsFor(c.split(' ')[0]!).length > 400, c);
    assert.equal(mnemonicsFor('gfx9999').length, 0);
    assert.deepEqual(lookupInstruction('v_mov_b32', 'gfx9999'), { status: 'unknown-gpu' });
  });

  test('forms, operands and modifiers of a VOP2 instruction', () => {
    const r = lookupInstruction('v_add_f32', 'gfx900');
    assert.equal(r.status, 'found');
    if (r.status !== 'found') return;
    const forms = new Set(r.forms.map((f) => f.form));
    for (const f of ['e32', 'e64', 'sdwa', 'dpp'] as const) assert.ok(forms.has(f), `v_add_f32 ${f} on gfx900`);
    const e32 = r.forms.find((f) => f.form === 'e32')!;
    assert.equal(e32.family, 'VOP2');
    assert.deepEqual(e32.operands.map((o) => o.kind), ['vdst', 'src', 'vsrc']);
    assert.ok(e32.operands[1]!.files & OperandFile.S && e32.operands[1]!.files & OperandFile.LITERAL, 'src0 takes SGPRs and literals');
    assert.equal(e32.operands[2]!.files & OperandFile.S, 0, 'vsrc1 of e32 takes no SGPR');
    const e64 = r.forms.find((f) => f.form === 'e64')!;
    assert.ok(e64.modifiers.includes('clamp') && e64.modifiers.includes('omod'), e64.modifiers.join(' '));
    assert.equal(e64.operands[1]!.files & OperandFile.LITERAL, 0, 'no literal in VOP3 before GFX10');
    const e64g10 = lookupInstruction('v_add_f32_e64', 'gfx1030');
    assert.ok(e64g10.status === 'found' && e64g10.forms[0]!.operands[1]!.files & OperandFile.LITERAL, 'VOP3 literal on GFX10');
  });

  test('modifiers a form cannot go without', () => {
    const dpp = lookupInstruction('v_add_f32_dpp', 'gfx900');
    assert.ok(dpp.status === 'found' && dpp.forms.every((f) => f.requiredModifiers.includes('dpp_ctrl')));
    const gws = lookupInstruction('ds_gws_init', 'gfx900');
    assert.ok(gws.status === 'found' && gws.forms.some((f) => f.requiredModifiers.includes('gds')));
    const plain = lookupInstruction('v_add_f32_e32', 'gfx900');
    assert.ok(plain.status === 'found' && plain.forms.every((f) => f.requiredModifiers.length === 0));
  });

  test('explicit suffixes select forms, and missing variants are told apart', () => {
    const e64 = lookupInstruction('V_ADD_F32_E64', 'gfx1100');
    assert.equal(e64.status, 'found');
    if (e64.status === 'found') assert.deepEqual(e64.forms.map((f) => f.form), ['e64']);
    const sdwa = lookupInstruction('v_add_f32_sdwa', 'gfx1100');
    assert.equal(sdwa.status, 'variant-not-supported');
    if (sdwa.status === 'variant-not-supported') assert.equal(sdwa.variant, 'sdwa');
  });

  test('unknown mnemonics and GPUs without the instruction, with the nearest spelling', () => {
    const u = lookupInstruction('v_ad_f32', 'gfx900');
    assert.equal(u.status, 'unknown');
    if (u.status === 'unknown') assert.equal(u.suggestion, 'v_add_f32');
    const far = lookupInstruction('qqqqqqqqqqqqqqqqqqqqqqqq', 'gfx900');
    assert.deepEqual(far, { status: 'unknown' });
    const n = lookupInstruction('v_mfma_f32_32x32x1f32', 'gfx900');
    assert.equal(n.status, 'not-on-gpu');
    if (n.status === 'not-on-gpu') {
      assert.ok(n.gpus.includes('gfx908') && n.gpus.includes('gfx90a'), n.gpus.join(' '));
      assert.ok(!n.gpus.includes('gfx900'));
    }
    const d = lookupInstruction('v_dot2_f32_f16', 'gfx900');
    assert.equal(d.status, 'not-on-gpu');
    assert.equal(lookupInstruction('v_dot2_f32_f16', 'gfx906').status, 'found');
  });

  test('editor view: every form with its GPUs', () => {
    const info = instructionInfo('global_load_dword');
    assert.ok(info);
    const gpus = new Set(info!.forms.flatMap((f) => f.gpus));
    assert.ok(gpus.has('gfx900') && gpus.has('gfx1030') && !gpus.has('gfx803') && !gpus.has('gfx700'), [...gpus].join(' '));
    const f = info!.forms.find((x) => x.gpus.includes('gfx900'))!;
    assert.equal(f.family, 'GLOBAL');
    assert.deepEqual(f.operands.map((o) => o.kind), ['vdst', 'vaddr', 'saddr']);
    assert.ok(f.operands[2]!.files & OperandFile.OFF, 'saddr takes off');
    assert.ok(f.modifiers.includes('offset') && f.modifiers.includes('glc'), f.modifiers.join(' '));
    assert.equal(instructionInfo('v_foo_b32'), undefined);
  });

  test('edit distance', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('abc', 'abc'), 0);
    assert.ok(editDistance('abcdefgh', 'zzzzzzzz', 2) > 2);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => editDistance(a, b) === editDistance(b, a) && editDistance(a, b) <= Math.max(a.length, b.length)),
      { seed: fuzzSeed(), numRuns: 200 },
    );
  });
});
