/**
 * Operand encodings found to differ from llvm-mc-19 by test/amdgpu/diff/operand-forms.test.ts,
 * kept as fixed cases (the carrier instruction shows how llvm-mc was asked). When llvm-mc-19 is on
 * PATH every case is re-run through it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeOperand } from '../../../src/amdgpu/check/operand.js';
import { llvmMcSkipReason, runLlvmMc } from '../../harness/tools.js';

interface Case {
  text: string;
  type: string;
  carrier: string;
  /** Expected source code (255: literal) or null for an error. */
  src: number | null;
  literal?: string | null;
}

const cases: Case[] = [
  // An f64 whose value with the low half zeroed ({hi, 0}) is an inline constant is encoded inline.
  { text: '4.4035557e-317', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 128, literal: null },
  { text: '0x0.0000004100000p-1022', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 128, literal: null },
  { text: '1.0000000001', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 242, literal: null },
  { text: '-2.0000000001', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 245, literal: null },
  { text: '3.291824409e-313', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 255, literal: '0x0000000f' },
  { text: '0x0.0004004100000p-1022', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 255, literal: '0x00000040' },
  { text: '0.15915494309189535', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 255, literal: '0x3fc45f30' },
  { text: '-4.4035557e-317', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 255, literal: '0x80000000' },
  { text: '1e-310', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: 255, literal: '0x00001268' },
  // A doubled minus on a floating-point source is a misspelt `neg` modifier; not on integer sources.
  { text: '- -1', type: 'f32', carrier: 'v_rcp_f32_e32 v0, X', src: null },
  { text: '--4', type: 'f64', carrier: 'v_sqrt_f64_e32 v[0:1], X', src: null },
  { text: '- - 4.0', type: 'f16', carrier: 'v_mul_f16_e32 v0, X, v1', src: null },
  { text: '-(-1)', type: 'f32', carrier: 'v_rcp_f32_e32 v0, X', src: 129, literal: null },
  { text: '- -1', type: 'i32', carrier: 'v_mov_b32_e32 v0, X', src: 129, literal: null },
  { text: '- -1', type: 'b64', carrier: 's_mov_b64 s[0:1], X', src: 129, literal: null },
];

describe('AMDGPU operand regressions', () => {
  for (const c of cases) {
    test(`${c.type} ${c.text}`, () => {
      const r = encodeOperand(c.text, c.type, 'gfx900');
      if (c.src === null) assert.ok('error' in r, JSON.stringify(r));
      else {
        assert.ok(!('error' in r), JSON.stringify(r));
        assert.equal(r.src, c.src);
        assert.equal(r.literal, c.literal);
      }
    });
  }
  test('the table agrees with llvm-mc-19', { skip: llvmMcSkipReason }, () => {
    if (llvmMcSkipReason) console.log(llvmMcSkipReason);
    const r = runLlvmMc(cases.map((c) => c.carrier.replace('X', c.text)).join('\n') + '\n', { mcpu: 'gfx900' });
    const errorLines = new Set(r.messages.filter((m) => m.severity === 'error').map((m) => m.line));
    const enc = r.stdout.split('\n').filter((l) => l.includes('; encoding: ['));
    let k = 0;
    cases.forEach((c, i) => {
      if (c.src === null) return assert.ok(errorLines.has(i + 1), `llvm-mc accepts ${c.text}`);
      assert.ok(!errorLines.has(i + 1), `llvm-mc rejects ${c.text}`);
      const bytes = enc[k++]!.replace(/^.*\[|\].*$/g, '').split(',').map((x) => parseInt(x, 16));
      const src = (bytes[0]! | (bytes[1]! << 8)) & 0x1ff;
      const lit = bytes.length >= 8 ? '0x' + ((bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0).toString(16).padStart(8, '0') : null;
      assert.equal(c.carrier.startsWith('s_') ? bytes[0] : src, c.src, c.text);
      assert.equal(c.src === 255 ? lit : null, c.literal, c.text);
    });
    console.log(`amdgpu operand regressions: ${cases.length} cases cross-checked with llvm-mc-19`);
  });
});
