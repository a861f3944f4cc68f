/**
 * Differential test of AMDGPU operand encoding against llvm-mc-19: random immediates of every form
 * for every operand type, and random register operands of every syntax, on six GPUs. Each case is
 * one line of a carrier instruction whose src0 has the operand type; one llvm-mc run per GPU and
 * kind reads the per-line errors and per-line encodings. Verdicts, source codes and literals must
 * agree, except for the divergences recorded in docs/divergences.md ("AMDGPU operands").
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';
import { encodeOperand } from '../../../src/amdgpu/check/operand.js';
import { findTarget, type AmdgpuTarget } from '../../../src/amdgpu/targets.js';
import { OPERAND_TYPES, type OperandType } from '../../../src/amdgpu/check/immediates.js';
import { f64ToF16Bits, f64ToF32Bits } from '../../../src/core/float.js';
import { LLVM_REGISTER_RULES } from '../../harness/llvm-messages.js';

const GPUS = ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];
/** Older families too (codes and availability differ: tba/tma, ttmp base, flat_scratch, no 1/(2*pi) or 16-bit before GFX8). */
const OLDER_GPUS = ['tahiti', 'bonaire', 'tonga', 'stoney'];

/** How src0 sits in a carrier's encoding. */
type Layout = 'vop' | 'vop3' | 'sop1';

interface Carrier {
  /** Instruction text with `X` where the operand goes. */
  template: string;
  layout: Layout;
}

/** A carrier instruction per type and GPU whose src0 has that operand type (LLVM OPERAND_REG_IMM_*). */
function carrier(type: OperandType, t: AmdgpuTarget): Carrier {
  switch (type) {
    case 'i16':
    case 'u16':
    case 'b16':
      return t.generation >= 10 ? { template: 'v_add_nc_u16 v0, X, v1', layout: 'vop3' } : { template: 'v_add_u16_e32 v0, X, v1', layout: 'vop' };
    case 'f16':
      return { template: 'v_add_f16_e32 v0, X, v1', layout: 'vop' };
    case 'i32':
    case 'u32':
    case 'b32':
      return { template: 'v_mov_b32_e32 v0, X', layout: 'vop' };
    case 'f32':
      return { template: 'v_add_f32_e32 v0, X, v1', layout: 'vop' };
    case 'f64':
      return { template: 'v_rcp_f64_e32 v[0:1], X', layout: 'vop' };
    case 'i64':
    case 'u64':
    case 'b64':
      return { template: 's_mov_b64 s[0:1], X', layout: 'sop1' };
  }
}

interface Case {
  type: OperandType;
  text: string;
  /** lit(...) case: llvm-mc 19 drops the modifier, so only the verdict is compared. */
  lit: boolean;
  /** For float immediates: the value (to check the 16-bit-integer literal divergence). */
  float?: number;
}

interface McLine {
  error?: { message: string; column: number };
  bytes?: number[];
  /** Encoding has a fixup (relocatable operand). */
  fixup?: boolean;
}

/** One llvm-mc run over many lines; the answer per line. */
function runBatch(mcpu: string, lines: string[]): McLine[] {
  const r = runLlvmMc(lines.join('\n') + '\n', { mcpu });
  const out: McLine[] = lines.map(() => ({}));
  for (const m of r.messages) if (m.severity === 'error' && m.line !== undefined && !out[m.line - 1]!.error) out[m.line - 1]!.error = { message: m.message, column: m.column ?? 0 };
  const enc = r.stdout.split('\n').filter((l) => l.includes('; encoding: ['));
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    if (out[i]!.error) continue;
    const l = enc[k++];
    if (l === undefined) break;
    const inner = l.slice(l.indexOf('; encoding: [') + 13, l.lastIndexOf(']'));
    const parts = inner.split(',');
    if (parts.some((p) => !p.startsWith('0x'))) out[i]!.fixup = true;
    out[i]!.bytes = parts.map((p) => (p.startsWith('0x') ? parseInt(p, 16) : 0));
  }
  assert.equal(k, enc.length, `llvm-mc printed ${enc.length} encodings for ${k} accepted lines (${mcpu})`);
  return out;
}

function decode(bytes: number[], layout: Layout): { src: number; literal: number | null } {
  const dword = (i: number) => (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
  let src: number;
  let base: number;
  if (layout === 'vop') {
    src = dword(0) & 0x1ff;
    base = 4;
  } else if (layout === 'vop3') {
    src = dword(4) & 0x1ff;
    base = 8;
  } else {
    src = bytes[0]!;
    base = 4;
  }
  return { src, literal: bytes.length >= base + 4 ? dword(base) : null };
}

const hex8 = (v: number) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

// ------------------------------------------------------------------------------------------------
// Immediate cases

const intText = (v: bigint): fc.Arbitrary<string> => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const sign = neg ? '-' : '';
  const forms = [`${sign}${a.toString(10)}`, `${sign}0x${a.toString(16)}`, `${sign}0x${a.toString(16).toUpperCase()}`, `${sign}0b${a.toString(2)}`];
  if (a !== 0n) forms.push(`${sign}0${a.toString(8)}`);
  forms.push(`${sign}0${a.toString(16)}h`);
  return fc.constantFrom(...forms);
};

const INT_EDGES = [
  0n, 1n, 63n, 64n, 65n, -1n, -15n, -16n, -17n, 0x7fffn, 0x8000n, 0xffffn, 0x10000n, -0x8000n, -0x8001n, 0x1ff00n, -256n,
  0xffffffffffffff00n, 0xffffffffffff00ffn, 0x7fffffffn, 0x80000000n, 0xffffffffn, 0x100000000n, -0x80000000n, -0x80000001n,
  0x3f800000n, 0x3f000000n, 0xbf800000n, 0x3e22f983n, 0x3c00n, 0x3800n, 0xbc00n, 0x3118n, 0xfff0n, 0xffefffffn, 0x3ff00000n,
  0x40100000n, 0xc0000000n, -0x40000000n, 0x3fe0000000000000n, 0x3ff0000000000000n, 0x3fc45f306dc9c882n, 0x7fffffffffffffffn, -0x8000000000000000n,
];

const intCase: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...INT_EDGES),
    fc.bigInt(-20n, 70n),
    fc.bigInt(-0x10000n, 0x10000n),
    fc.bigInt(-(1n << 32n), 1n << 32n),
    fc.bigInt(-(1n << 63n), (1n << 63n) - 1n),
  )
  .chain(intText)
  .map((s) => (s.startsWith('-0') && s.endsWith('h') ? s.slice(1) : s)); // `-0ffh` lexes oddly; keep h-forms non-negative

const FLOAT_EDGES = [
  0, -0, 0.5, -0.5, 1, -1, 2, -2, 4, -4, 1.5, 0.1, 3.14159, 0.1592, 0.15915494, 0.15915494309189532, -0.15915494309189532, 65504, 65519, 65520,
  65536, 65600, 1e-5, 6.103515625e-5, 5.9604644775390625e-8, 2.98e-8, 1e-10, 3.4028234663852886e38, 3.5e38, 1.1754943508222875e-38, 1e-45,
  1.401298464324817e-45, 1e300, 1.7976931348623157e308, 5e-324, 256, 1024.5,
];

function floatText(x: number): fc.Arbitrary<string> {
  const forms = [String(x), x.toExponential(), Object.is(x, -0) ? '-0.0' : Number.isInteger(x) ? `${x}.0` : String(x)];
  if (Number.isFinite(x) && x !== 0) {
    // Hexadecimal float of the exact double.
    const buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, Math.abs(x));
    const bits = buf.getBigUint64(0);
    const exp = Number((bits >> 52n) & 0x7ffn);
    if (exp !== 0) {
      const mant = (bits & 0xfffffffffffffn).toString(16).padStart(13, '0');
      forms.push(`${x < 0 ? '-' : ''}0x1.${mant}p${exp - 1023}`);
    }
  }
  return fc.constantFrom(...forms.filter((f) => /[.eEpP]/.test(f)));
}

const floatCase: fc.Arbitrary<{ text: string; value: number }> = fc
  .oneof(fc.constantFrom(...FLOAT_EDGES), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -70000, max: 70000, noNaN: true }), fc.float({ noNaN: true, noDefaultInfinity: true }).map(Number))
  .chain((x) => floatText(x).map((text) => ({ text, value: x })));

const exprCase: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: -100, max: 100 }),
    fc.constantFrom('+', '-', '*', '/', '%', '<<', '>>', '|', '&', '^', '<', '<=', '==', '!=', '<>', '>', '>=', '&&', '||'),
    fc.integer({ min: 1, max: 20 }),
  )
  .map(([a, op, b]) => fc.constantFrom(`${a}${op}${b}`, `(${a})${op}(${b})`, `-(${a}${op}${b})`))
  .chain((x) => x);

const immCase: fc.Arbitrary<Case> = fc.tuple(fc.constantFrom(...OPERAND_TYPES), fc.nat(99)).chain(([type, k]): fc.Arbitrary<Case> => {
  if (k < 40) return intCase.map((text) => ({ type, text, lit: false }));
  if (k < 80) return floatCase.map((f) => ({ type, text: f.text, lit: false, float: f.value }));
  if (k < 87) return exprCase.map((text) => ({ type, text, lit: false }));
  if (k < 90) return fc.constantFrom('sym', 'sym+4', 'a_label-8', '.', 'x*2').map((text) => ({ type, text, lit: false }));
  return fc.oneof(intCase, floatCase.map((f) => f.text)).map((t) => ({ type, text: `lit(${t})`, lit: true }));
});

// ------------------------------------------------------------------------------------------------
// Register cases

const SPECIALS = [
  'exec', 'exec_lo', 'exec_hi', 'vcc', 'vcc_lo', 'vcc_hi', 'flat_scratch', 'flat_scratch_lo', 'flat_scratch_hi', 'xnack_mask', 'xnack_mask_lo',
  'xnack_mask_hi', 'tba', 'tba_lo', 'tba_hi', 'tma', 'tma_lo', 'tma_hi', 'm0', 'null', 'vccz', 'execz', 'scc', 'src_vccz', 'src_execz', 'src_scc',
  'lds_direct', 'src_lds_direct', 'shared_base', 'src_shared_base', 'shared_limit', 'src_shared_limit', 'private_base', 'src_private_base',
  'private_limit', 'src_private_limit', 'pops_exiting_wave_id', 'src_pops_exiting_wave_id',
];
const PAIRS = ['exec', 'vcc', 'flat_scratch', 'xnack_mask', 'tba', 'tma'];

const SIZES = [1, 1, 1, 2, 2, 2, 3, 4, 4, 5, 8, 12, 13, 16, 32, 33];
const regularCase: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('v', 's', 'ttmp', 'a', 'acc'), fc.constantFrom(...SIZES), fc.nat(9), fc.oneof(fc.nat(12), fc.nat(110), fc.nat(260)))
  .map(([p, size, form, idx]) => {
    const limit = p === 's' ? 106 : p === 'ttmp' ? 16 : 256;
    const index = idx % (limit + 4);
    const last = index + size - 1;
    switch (form) {
      case 0:
        return `${p}${index}`;
      case 1:
        return `${p}[${index}]`;
      case 2:
        return `${p}[${index}:${last}]`;
      case 3:
        return `${p}[${index}+0:${last}*1]`;
      case 4:
        return `[${Array.from({ length: Math.min(size, 4) }, (_, i) => `${p}${index + i}`).join(',')}]`;
      case 5:
        return `${p}[${last}:${index}]`;
      case 7:
        return `${p} [ ${index} : ${last} ]`;
      case 8:
        return `[ ${Array.from({ length: Math.min(size, 3) }, (_, i) => `${p}[${index + i}]`).join(' , ')} ]`;
      case 9:
        return `${p}[(${index}*2)/2:${last}-0]`;
      default:
        return `[${p}${index},${p}${index + 2}]`;
    }
  });

const specialCase: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SPECIALS),
  fc.constantFrom(...SPECIALS).map((s) => `[${s}]`),
  fc.constantFrom(...PAIRS).map((s) => `[${s}_lo,${s}_hi]`),
  fc.constantFrom(...PAIRS).map((s) => `[${s}_hi,${s}_lo]`),
);

/** Malformed and unusual spellings: every parse-level message, with its column. */
const oddCase: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('v', 's', 'ttmp', 'a'), fc.nat(20), fc.nat(3))
  .chain(([p, n, m]) =>
    fc.constantFrom(
      `${p}[${n}`,
      `${p}[${n}:${n + m}`,
      `${p}[${n}:`,
      `${p}[]`,
      `${p}[${n}+]`,
      `${p}[${n} ${m}]`,
      `${p}[ ${n} : ${n + m} ]`,
      `${p} [${n}]`,
      `${p}[${n}:-1]`,
      `${p}[-${n + 1}]`,
      `${p}[0x${n.toString(16)}:0xF0000000${m}]`,
      `${p}[${n}*2:(${n}+${m})*2+1]`,
      `${p}[${n}<${m}]`,
      `[${p}${n}`,
      `[${p}${n},`,
      `[${p}${n},${p}${n + 1}`,
      `[${p}${n} ${p}${n + 1}]`,
      `[${p}${n},${p}[${n + 1}:${n + 2}]]`,
      `[${p}[${n}:${n + 1}],${p}${n + 2}]`,
      `[${p}${n},s${n + 1}]`,
      `[${p}${n},exec_lo]`,
      `[exec_lo,${p}${n}]`,
      `[${p},${p}1]`,
      `[${p}${n}x]`,
      `[x${n},${p}1]`,
      `[${p}0${n}]`,
      `[${p}${n},${p}${n}]`,
      `[${p}${n + 1},${p}${n}]`,
      `[[${p}${n}],${p}${n + 1}]`,
      `[${p}[${n}],${p}[${n}+1]]`,
      `[1,2]`,
      `[]`,
      `${p}${n}.l`,
      `${p}${n}.h`,
      `[${p}${n}.l]`,
      `[exec,exec_lo]`,
      `[exec_lo,exec_lo]`,
      `[vcc_lo,exec_hi]`,
      `[m0]`,
      `[null]`,
      `[${p}${n}]`,
    ),
  );

const regCase: fc.Arbitrary<Case> = fc
  // The operand is the carrier's last one (v_mov_b32, v_rcp_f64), so a malformed list cannot swallow the carrier's next operand.
  .tuple(fc.oneof(regularCase, regularCase, specialCase, oddCase), fc.constantFrom<OperandType>('i32', 'f64'))
  .map(([text, type]) => ({ type, text, lit: false }));

// ------------------------------------------------------------------------------------------------

/** Register-level parse errors: llvm-mc reports them before matching an instruction. */
const PARSE_ERRORS = [...LLVM_REGISTER_RULES, 'unknown token in expression', 'expected absolute expression'];

function normalise(msg: string): string {
  return msg.replace(/^\S+ register not available on this GPU$/, 'register not available on this GPU');
}

function compare(mcpu: string, cases: Case[], kind: string, seed: number): { mismatches: string[]; compared: number } {
  const target = findTarget(mcpu)!;
  const carriers = cases.map((c) => carrier(c.type, target));
  const lines = cases.map((c, i) => carriers[i]!.template.replace('X', c.text));
  const mc = runBatch(mcpu, lines);
  const mismatches: string[] = [];
  let compared = 0;
  cases.forEach((c, i) => {
    const ours = encodeOperand(c.text, c.type, target);
    const theirs = mc[i]!;
    const where = `${mcpu} ${c.type} '${c.text}' (line: ${lines[i]})`;
    const fail = (why: string) => mismatches.push(`${where}: ${why}; ours ${JSON.stringify(ours)}, llvm-mc ${JSON.stringify(theirs.error ?? theirs.bytes)}`);
    compared++;
    if (theirs.error) {
      const msg = theirs.error.message;
      if (!('error' in ours)) {
        // LLVM 19 carriers are fake16: true16 halves are an invalid operand there; AGPRs are valid only in some instructions.
        if (msg === 'invalid operand for instruction' && (/\.[lh]\b/.test(c.text) || /(^|[[,])\s*(a|acc)\s*[\d[]/.test(c.text))) return;
        return fail('llvm-mc rejects, we accept');
      }
      if (PARSE_ERRORS.includes(normalise(msg))) {
        if (normalise(ours.error) !== normalise(msg)) return fail(`different rule`);
        const col = lines[i]!.lastIndexOf(c.text) + (ours.offset ?? 0) + 1;
        if (col !== theirs.error.column && !msg.startsWith('invalid register index')) return fail(`column ${col} vs ${theirs.error.column}`);
      }
      return;
    }
    if (!theirs.bytes) return fail('no encoding from llvm-mc');
    // lit(float) on a 64-bit integer operand: llvm-mc 19 drops lit() and inlines; a literal is impossible there.
    if ('error' in ours && c.lit && (ours.code === 'AMD404' || ours.code === 'AMD401')) {
      const plain = encodeOperand(c.text.slice(4, -1), c.type, target);
      if (!('error' in plain) && plain.literal === null && plain.src === decode(theirs.bytes, carriers[i]!.layout).src) return;
    }
    if ('error' in ours) return fail('llvm-mc accepts, we reject');
    if (theirs.fixup) {
      // A relocatable value: a literal the linker fills in.
      if (ours.src !== 255 || ours.literal !== null) return fail('llvm-mc made a relocation');
      return;
    }
    if (c.lit) {
      // llvm-mc 19 parses lit() but encodes as if it were absent (divergence): ours is always a literal.
      if (ours.src !== 255) return fail('lit() must give a literal');
      return;
    }
    const d = decode(theirs.bytes, carriers[i]!.layout);
    if (d.src !== ours.src) return fail(`src ${ours.src} vs ${d.src}`);
    if (d.src !== 255) return;
    const lit = d.literal === null ? null : hex8(d.literal);
    if (c.float !== undefined && (c.type === 'i16' || c.type === 'u16' || c.type === 'b16')) {
      // Divergence: llvm-mc 19 writes f32 bits, the spec wants f16 bits.
      const x = c.float;
      if (lit !== hex8(f64ToF32Bits(x))) return fail(`llvm-mc literal ${lit} is not the f32 bits`);
      if (ours.literal !== hex8(f64ToF16Bits(x))) return fail(`our literal ${ours.literal} is not the f16 bits`);
      return;
    }
    if (lit !== ours.literal) return fail(`literal ${ours.literal} vs ${lit}`);
  });
  void kind;
  void seed;
  return { mismatches, compared };
}

describe('AMDGPU operands vs llvm-mc-19', () => {
  if (llvmMcSkipReason) console.log(llvmMcSkipReason);
  const seed = fuzzSeed();
  const immRuns = fuzzRuns(1500);
  const regRuns = fuzzRuns(1000);
  for (const mcpu of [...GPUS, ...OLDER_GPUS]) {
    test(`immediates on ${mcpu}`, { skip: llvmMcSkipReason }, () => {
      const s = seed + [...GPUS, ...OLDER_GPUS].indexOf(mcpu);
      const has16 = findTarget(mcpu)!.has16BitInsts;
      const all = fc.sample(immCase, { seed: s, numRuns: OLDER_GPUS.includes(mcpu) ? immRuns / 3 : immRuns });
      // No 16-bit instructions before GFX8: no carrier for 16-bit types.
      const cases = all.filter((c) => has16 || !c.type.endsWith('16'));
      const { mismatches, compared } = compare(mcpu, cases, 'imm', s);
      console.log(`amdgpu immediates differential (${mcpu}): ${compared} cases, seed ${s}`);
      assert.deepEqual(mismatches.slice(0, 15), [], `seed ${s} (GPUASM_SEED=${seed}): ${mismatches.length} mismatches`);
    });
    test(`registers on ${mcpu}`, { skip: llvmMcSkipReason }, () => {
      const s = seed + 100 + [...GPUS, ...OLDER_GPUS].indexOf(mcpu);
      const cases = fc.sample(regCase, { seed: s, numRuns: OLDER_GPUS.includes(mcpu) ? regRuns / 2 : regRuns });
      const { mismatches, compared } = compare(mcpu, cases, 'reg', s);
      console.log(`amdgpu registers differential (${mcpu}): ${compared} cases, seed ${s}`);
      assert.deepEqual(mismatches.slice(0, 15), [], `seed ${s} (GPUASM_SEED=${seed}): ${mismatches.length} mismatches`);
    });
  }
});

describe('AGPR source codes vs llvm-mc-19', () => {
  for (const mcpu of ['gfx908', 'gfx90a', 'gfx942']) {
    test(`a0…a255 as v_accvgpr_read_b32 sources on ${mcpu}`, { skip: llvmMcSkipReason }, () => {
      const texts: string[] = [];
      for (let n = 0; n < 256; n += 5) texts.push(n % 2 ? `a${n}` : n % 3 ? `acc${n}` : `a[${n}]`);
      const mc = runBatch(mcpu, texts.map((t) => `v_accvgpr_read_b32 v0, ${t}`));
      texts.forEach((t, i) => {
        const ours = encodeOperand(t, 'b32', mcpu);
        const theirs = mc[i]!;
        assert.ok(theirs.bytes, `${mcpu} ${t}: ${JSON.stringify(theirs.error)}`);
        assert.deepEqual(ours, { src: decode(theirs.bytes!, 'vop3').src, literal: null }, `${mcpu} ${t}`);
      });
      console.log(`amdgpu AGPR codes (${mcpu}): ${texts.length} cases`);
    });
  }
});

describe('16-bit register halves vs llvm-mc-19 (v_mov_b16_e32, true16 VOP1)', () => {
  for (const mcpu of ['gfx1100', 'gfx1200']) {
    test(`v0.l … v127.h on ${mcpu}`, { skip: llvmMcSkipReason }, () => {
      const texts: string[] = [];
      for (let n = 0; n < 128; n += 3) texts.push(`v${n}.l`, `v${n}.h`);
      const mc = runBatch(mcpu, texts.map((t) => `v_mov_b16_e32 v0.l, ${t}`));
      texts.forEach((t, i) => {
        const theirs = mc[i]!;
        assert.ok(theirs.bytes, `${mcpu} ${t}: ${JSON.stringify(theirs.error)}`);
        assert.deepEqual(encodeOperand(t, 'b16', mcpu), { src: decode(theirs.bytes!, 'vop').src, literal: null }, `${mcpu} ${t}`);
      });
      console.log(`amdgpu 16-bit halves (${mcpu}): ${texts.length} cases`);
    });
  }
});

describe('every LLVM 19 processor: availability and codes of special registers', () => {
  test('every target x 28 operands', { skip: llvmMcSkipReason }, async () => {
    const { AMDGPU_TARGETS } = await import('../../../src/amdgpu/targets.js');
    const ops = [
      's101', 's102', 's103', 's104', 's105', 'flat_scratch_lo', 'flat_scratch_hi', 'xnack_mask_lo', 'xnack_mask_hi', 'vcc_lo', 'tba_lo', 'tma_hi', 'ttmp0',
      'ttmp11', 'ttmp12', 'ttmp15', 'm0', 'exec_hi', 'null', 'vccz', 'execz', 'scc', 'lds_direct', 'shared_base', 'private_limit', 'pops_exiting_wave_id',
      '0.15915494', '-4.0',
    ];
    const mismatches: string[] = [];
    for (const t of AMDGPU_TARGETS) {
      const mc = runBatch(t.name, ops.map((x) => `v_mov_b32_e32 v0, ${x}`));
      ops.forEach((x, i) => {
        const ours = encodeOperand(x, 'b32', t);
        const theirs = mc[i]!;
        if (theirs.error) {
          if (!('error' in ours)) mismatches.push(`${t.name} ${x}: llvm-mc '${theirs.error.message}', ours ${JSON.stringify(ours)}`);
          return;
        }
        const d = decode(theirs.bytes!, 'vop');
        if ('error' in ours || ours.src !== d.src) mismatches.push(`${t.name} ${x}: llvm-mc ${d.src}, ours ${JSON.stringify(ours)}`);
      });
    }
    console.log(`amdgpu special registers on all targets: ${AMDGPU_TARGETS.length * ops.length} cases`);
    assert.deepEqual(mismatches, []);
  });
});

describe('SMEM immediate offsets (uimm20 / simm21 / GFX12 24-bit) vs llvm-mc-19', () => {
  for (const mcpu of ['tonga', 'gfx900', 'gfx1030', 'gfx1100', 'gfx1200']) {
    test(`s_load / s_buffer_load offsets on ${mcpu}`, { skip: llvmMcSkipReason }, async () => {
      const { smemOffsetRule } = await import('../../../src/amdgpu/check/immediates.js');
      const seed = fuzzSeed();
      const edges = [0n, 1n, -1n, 0xfffffn, 0x100000n, -0x100000n, -0x100001n, 0x7fffffn, 0x800000n, -0x800000n, -0x800001n, 0xffffffn];
      const values = fc.sample(fc.oneof(fc.constantFrom(...edges), fc.bigInt(-(1n << 24n), 1n << 24n)), { seed, numRuns: 150 });
      const forms = [
        { mnemonic: 's_load_dword', line: (x: bigint) => `s_load_dword s0, s[0:1], ${x}` },
        { mnemonic: 's_buffer_load_dword', line: (x: bigint) => `s_buffer_load_dword s0, s[0:3], ${x}` },
      ];
      const cases = values.flatMap((v) => forms.map((f) => ({ v, f })));
      const mc = runBatch(mcpu, cases.map((c) => c.f.line(c.v)));
      const gen = findTarget(mcpu)!.generation;
      const bad: string[] = [];
      cases.forEach((c, i) => {
        const rule = smemOffsetRule(c.f.mnemonic, gen)!;
        const ok = c.v >= rule.min && c.v <= rule.max;
        const theirs = mc[i]!;
        if (ok !== !theirs.error || (theirs.error && theirs.error.message !== rule.message))
          bad.push(`${c.f.line(c.v)}: ours ${ok ? 'ok' : rule.message}, llvm-mc ${theirs.error?.message ?? 'ok'}`);
      });
      console.log(`amdgpu SMEM offsets (${mcpu}): ${cases.length} cases, seed ${seed}`);
      assert.deepEqual(bad.slice(0, 10), [], `seed ${seed}`);
    });
  }
});
