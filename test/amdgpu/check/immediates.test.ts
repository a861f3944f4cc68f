/** Immediates: inline constants, literals and the spec's conversion tables (examples from the spec). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzSeed } from '../../harness/tools.js';
import { encodeOperand } from '../../../src/amdgpu/check/operand.js';
import { checkImmediateRange, inlineIntCode, isSafeTruncation, scanFloat, type OperandType } from '../../../src/amdgpu/check/immediates.js';
import { f64ToF16Bits } from '../../../src/core/float.js';
import { InstructionLiterals, validateOperand } from '../../../src/amdgpu/check/operand.js';
import { parseAmdgpu } from '../../../src/amdgpu/index.js';
import { findTarget } from '../../../src/amdgpu/targets.js';

const enc = (text: string, type: string, mcpu = 'gfx900') => encodeOperand(text, type, mcpu);
const lit = (v: number) => ({ src: 255, literal: '0x' + v.toString(16).padStart(8, '0') });
const inl = (src: number) => ({ src, literal: null });
function err(text: string, type: string, re: RegExp, mcpu = 'gfx900') {
  const r = enc(text, type, mcpu);
  assert.ok('error' in r, `${type} ${text} should be rejected: ${JSON.stringify(r)}`);
  assert.match((r as { error: string }).error, re);
}

describe('inline constants', () => {
  test('integers 0..64 and -16..-1', () => {
    for (let v = -16; v <= 64; v++) assert.deepEqual(enc(String(v), 'i32'), inl(v >= 0 ? 128 + v : 192 - v));
    assert.equal(inlineIntCode(65), undefined);
    assert.equal(inlineIntCode(-17), undefined);
    assert.deepEqual(enc('65', 'i32'), lit(65));
    assert.deepEqual(enc('-17', 'i32'), lit(0xffffffef));
  });
  test('floats per operand size', () => {
    const values: [string, number][] = [['0.5', 240], ['-0.5', 241], ['1.0', 242], ['-1.0', 243], ['2.0', 244], ['-2.0', 245], ['4.0', 246], ['-4.0', 247], ['0.0', 128]];
    for (const t of ['f16', 'f32', 'f64', 'i32', 'u64']) for (const [x, c] of values) assert.deepEqual(enc(x, t), inl(c), `${t} ${x}`);
  });
  test('the three 1/(2*pi) forms', () => {
    assert.deepEqual(enc('0.1592', 'f16'), inl(248));
    assert.equal((enc('0.1592', 'f32') as { src: number }).src, 255); // not the f32 constant
    assert.deepEqual(enc('0.15915494', 'f16'), inl(248));
    assert.deepEqual(enc('0.15915494', 'f32'), inl(248));
    const f64 = enc('0.15915494', 'f64');
    assert.equal((f64 as { src: number }).src, 255); // f32 precision is not the f64 constant
    assert.ok('warning' in f64);
    assert.deepEqual(enc('0.15915494309189532', 'f64'), inl(248));
    assert.deepEqual(enc('0.15915494309189532', 'f32'), inl(248));
    // Before GFX8 1/(2*pi) is not an inline constant.
    assert.deepEqual(enc('0.15915494', 'f32', 'bonaire'), lit(0x3e22f983));
    const si = enc('0.15915494309189532', 'f64', 'tahiti') as { src: number; literal: string };
    assert.deepEqual([si.src, si.literal], [255, '0x3fc45f30']);
  });
  test('integer bit patterns of inline floats are inline (as llvm-mc)', () => {
    assert.deepEqual(enc('0x3f800000', 'i32'), inl(242));
    assert.deepEqual(enc('0x3c00', 'f16'), inl(242));
    assert.deepEqual(enc('0x3c00', 'u16'), lit(0x3c00));
    assert.deepEqual(enc('0x3ff00000', 'f64'), inl(242)); // becomes the high half: 1.0
    assert.deepEqual(enc('0x3ff0000000000000', 'b64'), inl(242));
  });
  test('ival operands', () => {
    assert.deepEqual(enc('src_shared_base', 'i32'), inl(235));
    assert.deepEqual(enc('shared_limit', 'f64'), inl(236));
    assert.deepEqual(enc('src_private_base', 'u16'), inl(237));
  });
});

describe('conversion of integer values (spec examples, GFX9)', () => {
  test('enabled conversions', () => {
    assert.deepEqual(enc('-1', 'u16'), inl(193));
    assert.deepEqual(enc('-1', 'f16'), inl(193));
    assert.deepEqual(enc('-1', 'u32'), inl(193));
    assert.deepEqual(enc('-1', 'f32'), inl(193));
    assert.deepEqual(enc('0xff00', 'u16'), lit(0xff00));
    assert.deepEqual(enc('0xffffffffffffff00', 'u16'), lit(0xff00));
    assert.deepEqual(enc('-256', 'u16'), lit(0xff00));
    assert.deepEqual(enc('0xffefffff', 'i64'), lit(0xffefffff));
    assert.deepEqual(enc('0xffefffff', 'u64'), lit(0xffefffff));
    assert.deepEqual(enc('0xffefffff', 'f64'), lit(0xffefffff));
    assert.deepEqual(enc('-5000', 'i64'), lit(0xffffec78));
    assert.deepEqual(enc('0xffff', 'u16'), lit(0xffff)); // only -16..64 as written are inline on 16-bit integer operands
    assert.deepEqual(enc('0xffff', 'f16'), inl(193));
  });
  test('disabled conversions', () => {
    err('0x1ff00', 'u16', /does not fit in 16 bits/);
    err('0xffffffffffff00ff', 'u16', /does not fit in 16 bits/);
    err('0x100000000', 'i32', /does not fit in 32 bits/);
    err('-0x80000001', 'u32', /does not fit in 32 bits/);
    err('0x100000000', 'i64', /does not fit in 32 bits/);
    err('0x100000000', 'f64', /does not fit in 32 bits/);
  });
  test('the validation rule, randomly', () => {
    const seed = fuzzSeed();
    fc.assert(
      fc.property(fc.bigInt(-(1n << 63n), (1n << 63n) - 1n), fc.constantFrom(16, 32), (v, bits) => {
        const expected = (v >= 0n && v < 1n << BigInt(bits)) || (v >= -(1n << BigInt(bits - 1)) && v < 0n);
        return isSafeTruncation(v, bits) === expected;
      }),
      { seed, numRuns: 2000 },
    );
  });
});

describe('conversion of floating-point values (spec examples, GFX9)', () => {
  test('enabled conversions', () => {
    assert.deepEqual(enc('1.0', 'f16'), inl(242));
    assert.deepEqual(enc('1.0', 'u16'), inl(242));
    assert.deepEqual(enc('1.0', 'f32'), inl(242));
    assert.deepEqual(enc('1.0', 'u32'), inl(242));
    const r = enc('1.7976931348623157e308', 'f64');
    assert.equal((r as { literal: string }).literal, '0x7fefffff');
    assert.match((r as { warning?: string }).warning ?? '', /Low 32-bits will be set to zero/);
    assert.deepEqual(enc('65500.0', 'f16'), lit(0x7bff));
    assert.deepEqual(enc('65600.0', 'f32'), lit(0x47802000));
    assert.deepEqual(enc('1.5', 'f64'), lit(0x3ff80000));
    assert.equal('warning' in enc('1.5', 'f64'), false);
  });
  test('floats on 16-bit integer operands: f16 bits as a literal (spec)', () => {
    assert.deepEqual(enc('1.5', 'u16'), lit(0x3e00));
    assert.deepEqual(enc('-2.5', 'i16'), lit(0xc100));
    assert.deepEqual(enc('0.5', 'b16'), inl(240)); // llvm-mc inlines it
  });
  test('disabled conversions', () => {
    err('65600.0', 'f16', /overflows f16/);
    err('65600.0', 'i16', /overflows f16/);
    err('1e50', 'f32', /overflows f32/);
    err('1e-10', 'f16', /underflows f16/);
    err('1e-50', 'f32', /underflows f32/);
    err('1.5', 'i64', /64-bit integer operand/);
    err('1.5', 'b64', /64-bit integer operand/);
  });
  test('exact subnormals are allowed', () => {
    assert.deepEqual(enc('5.9604644775390625e-08', 'f16'), inl(129)); // f16 bits 0x0001: llvm-mc's integer code
    assert.deepEqual(enc('6.097555160522461e-05', 'f16'), lit(0x03ff));
  });
  test('f16 rounding, randomly', () => {
    const seed = fuzzSeed();
    fc.assert(
      fc.property(fc.double({ min: -65504, max: 65504, noNaN: true }), (x) => {
        const text = /[.e]/.test(String(x)) ? String(x) : `${x}.0`; // a float token, not an integer
        const r = encodeOperand(text, 'f16', 'gfx900');
        if ('error' in r) {
          assert.match(r.error, /underflows/, `${x} (seed ${seed})`);
          return true;
        }
        if (r.literal === null) return true;
        assert.equal(r.literal, '0x' + f64ToF16Bits(x).toString(16).padStart(8, '0'), `${x} (seed ${seed})`);
        return true;
      }),
      { seed, numRuns: 2000 },
    );
  });
});

describe('number syntax and lit()', () => {
  test('integer forms', () => {
    assert.deepEqual(enc('0b101', 'i32'), inl(133));
    assert.deepEqual(enc('017', 'i32'), inl(143));
    assert.deepEqual(enc('0x1F', 'i32'), inl(159));
    assert.deepEqual(enc('2*3+1', 'i32'), inl(135));
    err('08', 'i32', /./);
    err('0ffh', 'i32', /./); // llvm-mc 19 reads NNNh only with --masm-integers
  });
  test('float forms as llvm-mc lexes them', () => {
    assert.equal(scanFloat('5e', 0)?.value, 5);
    assert.equal(scanFloat('.5', 0)?.value, 0.5);
    assert.equal(scanFloat('1.e2', 0)?.value, 100);
    assert.equal(scanFloat('0x1.8p1', 0)?.value, 3);
    assert.equal(scanFloat('0X1P3', 0)?.value, 8);
    assert.equal(scanFloat('0e5', 0), undefined);
    assert.equal(scanFloat('00.5', 0), undefined);
    assert.deepEqual(enc('- 1.5', 'f32'), lit(0xbfc00000));
    assert.deepEqual(enc('1e400', 'f32'), lit(0x7f800000));
    // A sign right after a float's digits is a lexical error in llvm-mc-19 ("failed parsing operand.").
    err('1.5+1', 'f32', /invalid sign in float literal/);
    err('1.5-2', 'f32', /invalid sign in float literal/);
    // `.5a` is one identifier (a symbol), not the float .5 followed by `a` (llvm-mc-19: relocatable).
    assert.equal(scanFloat('.5a', 0), undefined);
    assert.deepEqual(enc('.5a', 'f32'), { src: 255, literal: null });
    assert.equal(scanFloat('1.5e+', 0)?.end, 5);
  });
  test('cases found by the differential test', () => {
    err('0e+0', 'u64', /unexpected/); // `0…` is octal: `0` then `e+0`
    err('0e5', 'i32', /unexpected/);
    err('lit(3e-323)', 'i64', /64-bit integer operand/); // llvm-mc 19 drops lit() and inlines 6
    err('lit(4607182418800017408)', 'b64', /does not fit in 32 bits/);
    assert.deepEqual(enc('(1<2)', 'i32'), inl(193)); // comparisons give -1; the parenthesis ends the operand
    assert.deepEqual(enc('v[(1)]', 'i32'), inl(257));
    assert.deepEqual(enc('65504', 'f16'), lit(0xffe0)); // an integer token: the low 16 bits
    assert.deepEqual(enc('65504.0', 'f16'), lit(0x7bff));
    assert.deepEqual(enc('sym', 'f32'), { src: 255, literal: null }); // relocatable
    err('sym', 'f16', /relocatable/);
  });
  test('lit() forces a literal', () => {
    assert.deepEqual(enc('lit(1.0)', 'f32'), lit(0x3f800000));
    assert.deepEqual(enc('lit(1)', 'i32'), lit(1));
    assert.deepEqual(enc('lit(1.0)', 'f64'), lit(0x3ff00000));
    assert.deepEqual(enc('lit(1.0)', 'u16'), lit(0x3c00));
    assert.deepEqual(enc('lit(-1)', 'i16'), lit(0xffff));
    err('lit(0.5)', 'b64', /64-bit integer operand/);
    err('lit(1', 'i32', /\)/);
  });
  test('uimm8 / uimm32 / uimm20 / simm21', () => {
    assert.ok(checkImmediateRange('uimm8', 255n).ok);
    assert.equal(checkImmediateRange('uimm8', 256n).ok, false);
    assert.ok(checkImmediateRange('uimm32', 0xffffffffn).ok);
    assert.equal(checkImmediateRange('uimm32', -1n).ok, false);
    assert.ok(checkImmediateRange('uimm20', 0xfffffn).ok);
    assert.equal(checkImmediateRange('uimm20', 0x100000n).ok, false);
    assert.ok(checkImmediateRange('simm21', -0x100000n).ok);
    assert.equal(checkImmediateRange('simm21', -0x100001n).ok, false);
    assert.equal(checkImmediateRange('simm21', 0x100000n).ok, false);
  });
  test('register operands must fit the type', () => {
    assert.deepEqual(enc('v[0:1]', 'f64'), inl(256));
    err('v[0:1]', 'i32', /not a 32-bit/);
    err('m0', 'b64', /not a 64-bit/);
    assert.deepEqual(enc('exec', 'u64'), inl(126));
    err('exec', 'u32', /not a 32-bit/);
    err('lds_direct', 'f64', /not a 64-bit/);
    err('pc', 'i64', /cannot be a source/);
    assert.deepEqual(enc('null', 'i64', 'gfx1100'), inl(124));
  });
});

describe('validateOperand on the file-level AST', () => {
  function check(line: string, types: (string | undefined)[], mcpu = 'gfx900'): string[] {
    const { file } = parseAmdgpu('t.s', line);
    const st = file.statements.find((x) => x.kind === 'instruction');
    assert.ok(st && st.kind === 'instruction', line);
    const literals = new InstructionLiterals();
    const out: string[] = [];
    st.operands.forEach((o, i) => {
      const type = types[i] as OperandType | undefined;
      for (const e of validateOperand(o.operand, file.text, findTarget(mcpu)!, { type, literals })) out.push(`${e.start}:${e.message}`);
    });
    return out;
  }
  test('registers, immediates and the unique literal', () => {
    assert.deepEqual(check('v_add_f32 v0, s[1:2], v1', [undefined, 'f32', 'f32']), ['14:invalid register alignment']);
    assert.deepEqual(check('s_mov_b32 s0, ttmp12', [undefined, 'b32'], 'tonga'), ['14:ttmp12 register not available on this GPU']);
    assert.deepEqual(check('v_add_u16 v0, 0x1ff00, v1', [undefined, 'u16', 'u16']).length, 1);
    assert.deepEqual(check('v_add_f32 v0, -|v1|, v2', [undefined, 'f32', 'f32']), []);
    assert.deepEqual(check('v_fma_f32 v0, 1.5, 2.5, v1', [undefined, 'f32', 'f32', 'f32'], 'gfx1030'), ['19:only one unique literal operand is allowed']);
    assert.deepEqual(check('v_fma_f32 v0, 1.5, 1.5, v1', [undefined, 'f32', 'f32', 'f32'], 'gfx1030'), []);
    assert.deepEqual(check('v_mov_b32 v0, sym', [undefined, 'b32']), []); // relocatable
    assert.deepEqual(check('v_mov_b32 v0, v[1:2]', [undefined, 'b32']).length, 1);
  });
  test("a doubled '-' on a floating-point source is a misspelt neg, as in encodeOperand", () => {
    for (const src of ['--1.0', '- -v2', '--v2'])
      assert.deepEqual(check(`v_add_f32 v0, ${src}, v1`, [undefined, 'f32', 'f32']), ["14:invalid syntax, expected 'neg' modifier"], src);
    assert.deepEqual(check('v_add_u32 v0, --1, v1', [undefined, 'u32', 'u32']), []);
  });
});
