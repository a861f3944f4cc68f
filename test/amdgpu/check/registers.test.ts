/** Register operands: the spec's examples and per-GPU rules (syntaxes, sizes, alignment, availability, codes). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseNsaAddress, parseRegister, registerSourceCode, validateRegisterForTarget } from '../../../src/amdgpu/check/registers.js';
import { AMDGPU_TARGETS, findTarget, sgprCount, ttmpCount } from '../../../src/amdgpu/targets.js';
import { encodeOperand } from '../../../src/amdgpu/check/operand.js';

const T = (n: string) => findTarget(n)!;

function ok(text: string, mcpu = 'gfx900') {
  const r = parseRegister(text, 0, T(mcpu));
  assert.equal(r.status, 'ok', `${text} on ${mcpu}: ${JSON.stringify(r)}`);
  return (r as Extract<typeof r, { status: 'ok' }>).reg;
}

function bad(text: string, message: string | RegExp, mcpu = 'gfx900', column?: number) {
  const r = parseRegister(text, 0, T(mcpu));
  assert.equal(r.status, 'error', `${text} on ${mcpu} should fail`);
  const e = (r as Extract<typeof r, { status: 'error' }>).error;
  if (typeof message === 'string') assert.equal(e.message, message, text);
  else assert.match(e.message, message, text);
  if (column !== undefined) assert.equal(e.start + 1, column, `${text}: column`);
}

describe('targets', () => {
  test('every LLVM 19 processor and alias', () => {
    for (const [alias, name] of [
      ['tahiti', 'gfx600'], ['pitcairn', 'gfx601'], ['verde', 'gfx601'], ['oland', 'gfx602'], ['hainan', 'gfx602'], ['kaveri', 'gfx700'],
      ['hawaii', 'gfx701'], ['kabini', 'gfx703'], ['mullins', 'gfx703'], ['bonaire', 'gfx704'], ['carrizo', 'gfx801'], ['iceland', 'gfx802'],
      ['tonga', 'gfx802'], ['fiji', 'gfx803'], ['polaris10', 'gfx803'], ['polaris11', 'gfx803'], ['tongapro', 'gfx805'], ['stoney', 'gfx810'],
    ])
      assert.equal(findTarget(alias!)?.name, name);
    for (const n of ['gfx90a', 'gfx940', 'gfx941', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1103', 'gfx1151', 'gfx1152', 'gfx1200', 'gfx1201', 'gfx11-generic'])
      assert.ok(findTarget(n), n);
    assert.equal(findTarget('gfx1250'), undefined);
    // llvm-mc-19's generic processors are targets of their own (no generation feature), not gfx600.
    for (const n of ['generic', 'generic-hsa']) assert.equal(findTarget(n)?.name, n);
    assert.deepEqual(['generic', 'generic-hsa', 'gfx600'].map((n) => [T(n).generic, T(n).isaMajor, T(n).idName]), [[true, 6, 'gfx600'], [true, 7, 'gfx700'], [false, 6, 'gfx600']]);
    assert.equal(AMDGPU_TARGETS.length, 52);
  });
  test('SGPR and ttmp counts per generation (spec tables)', () => {
    assert.deepEqual(['bonaire', 'tonga', 'gfx900', 'gfx1030', 'gfx1200'].map((n) => sgprCount(T(n))), [104, 102, 102, 106, 106]);
    assert.deepEqual(['bonaire', 'tonga', 'gfx900', 'gfx1030'].map((n) => ttmpCount(T(n))), [12, 12, 16, 16]);
  });
});

describe('register syntaxes (spec examples)', () => {
  test('v, a/acc, s, ttmp in four syntaxes with expressions', () => {
    for (const t of ['v255', 'v[0]', 'v[0:1]', 'v[1:1]', 'v[0:3]', 'v[2*2]', 'v[1-1:2-1]', '[v252]', '[v252,v253,v254,v255]']) ok(t);
    for (const t of ['a255', 'a[0]', 'a[0:1]', 'a[1:1]', 'a[0:3]', 'a[2*2]', 'a[1-1:2-1]', '[a252]', '[a252,a253,a254,a255]', 'acc0', 'acc[1]', '[acc250]', '[acc2,acc3]'])
      ok(t, 'gfx908');
    for (const t of ['s0', 's[0]', 's[0:1]', 's[1:1]', 's[0:3]', 's[2*2]', 's[1-1:2-1]', '[s4]', '[s4,s5,s6,s7]']) ok(t);
    for (const t of ['ttmp0', 'ttmp[0]', 'ttmp[0:1]', 'ttmp[1:1]', 'ttmp[0:3]', 'ttmp[2*2]', 'ttmp[1-1:2-1]', '[ttmp4]', '[ttmp4,ttmp5,ttmp6,ttmp7]']) ok(t);
    const r = ok('v[1-1:2-1]');
    assert.deepEqual([r.kind, r.index, r.count], ['vgpr', 0, 2]);
    assert.equal(ok('[acc2,acc3]', 'gfx908').kind, 'agpr');
  });
  test('invalid alignment', () => {
    bad('s[1:2]', 'invalid register alignment');
    bad('s[2:5]', 'invalid register alignment');
    bad('ttmp[1:2]', 'invalid register alignment');
    bad('ttmp[2:5]', 'invalid register alignment');
    bad('s[2:4]', 'invalid register alignment'); // 3 registers align like 4 (llvm-mc)
    ok('s[4:6]');
  });
  test('tuple sizes: 1-12, 16, 32 (SGPR up to 16; ttmp 1, 2, 4, 8, 16)', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 32]) ok(`v[0:${n - 1}]`);
    bad('v[0:12]', 'invalid or unsupported register size');
    bad('v[0:32]', 'invalid or unsupported register size');
    ok('s[0:15]');
    bad('s[0:31]', 'invalid or unsupported register size');
    bad('ttmp[0:2]', 'invalid or unsupported register size');
    bad('ttmp[0:11]', 'invalid or unsupported register size');
    ok('ttmp[0:15]');
  });
  test('ranges and index rules', () => {
    bad('v256', 'register index is out of range');
    bad('v[255:256]', 'register index is out of range');
    bad('s106', 'register index is out of range', 'gfx1030');
    bad('ttmp16', 'register index is out of range');
    bad('s[1:0]', 'first register index should not exceed second index', 'gfx900', 3);
    bad('s[0:-1]', 'invalid register index', 'gfx900', 5);
    bad('v[0x1:0xF00000002]', 'invalid register index', 'gfx900', 7);
    bad('s[0 1', 'expected a closing square bracket', 'gfx900', 5);
    bad('v[x]', 'expected absolute expression', 'gfx900', 3);
    bad('v[]', 'unknown token in expression', 'gfx900', 3);
  });
  test('register lists', () => {
    bad('[s0,s2]', 'registers in a list must have consecutive indices', 'gfx900', 5);
    bad('[s0,v1]', 'registers in a list must be of the same kind', 'gfx900', 5);
    bad('[s0,s[2:3]]', 'expected a single 32-bit register', 'gfx900', 5);
    bad('[exec_hi,exec_lo]', 'register does not fit in the list', 'gfx900', 10);
    bad('[s0', 'expected a comma or a closing square bracket', 'gfx900', 4);
    bad('[s,s1]', 'missing register index', 'gfx900', 3);
    bad('[x0,s1]', 'invalid register name', 'gfx900', 2);
    bad('[s0x]', 'invalid register index', 'gfx900', 2);
    bad('[s0, 1', 'expected a register or a list of registers', 'gfx900', 6);
    assert.equal(ok('[v01,v2]').index, 1);
    bad('[s01,s2]', 'invalid register alignment', 'gfx900', 1);
    const e = ok('[exec_lo,exec_hi]');
    assert.equal(e.special?.name, 'exec');
  });
  test('not a register: symbols and malformed names', () => {
    for (const t of ['s', 'v0.x', 'M0', 'src_foo', 'x0', 'v99999999999']) assert.equal(parseRegister(t, 0, T('gfx900')).status, 'none', t);
  });
  test("'?' continues a name, as in the lexer: `v1?` is a symbol, not v1 (llvm-mc-19: relocatable)", () => {
    for (const t of ['v1?', 'vcc_lo?', 'exec_lo?', 's0?', 'v?1', 'ttmp1?']) assert.equal(parseRegister(t, 0, T('gfx900')).status, 'none', t);
    assert.deepEqual(encodeOperand('v1?', 'f32', 'gfx900'), { src: 255, literal: null });
    assert.deepEqual(encodeOperand('vcc_lo?', 'b32', 'gfx900'), { src: 255, literal: null });
    assert.deepEqual(encodeOperand('v1', 'f32', 'gfx900'), { src: 257, literal: null });
    // `?` cannot start an expression; after a register it is left over (llvm-mc-19: "unknown token in expression").
    assert.ok('error' in encodeOperand('?a', 'f32', 'gfx900'));
    assert.ok('error' in encodeOperand('s[0:1]?', 'b64', 'gfx900'));
  });
});

describe('per-GPU availability', () => {
  test('SGPRs beyond the count are "not available", with the register name', () => {
    bad('s102', 's102 register not available on this GPU', 'tonga');
    ok('s102', 'bonaire');
    bad('s104', 's104 register not available on this GPU', 'bonaire');
    bad('s[104:105]', 's[104:105] register not available on this GPU', 'gfx900');
    ok('s[104:105]', 'gfx1030');
  });
  test('ttmp12-15 from GFX9', () => {
    bad('ttmp12', 'ttmp12 register not available on this GPU', 'tonga');
    bad('ttmp[12:15]', 'ttmp[12:15] register not available on this GPU', 'tahiti');
    ok('ttmp[8:15]', 'gfx900');
  });
  test('special registers (spec availability)', () => {
    for (const r of ['tba', 'tma', 'tba_lo', 'tma_hi', '[tba]', '[tba_lo,tba_hi]', '[tma_lo]']) {
      ok(r, 'tonga');
      ok(r, 'bonaire');
      bad(r, /register not available on this GPU$/, 'gfx900');
    }
    for (const r of ['flat_scratch', 'flat_scratch_lo', '[flat_scratch_lo,flat_scratch_hi]']) {
      bad(r, /not available/, 'tahiti');
      ok(r, 'bonaire');
      ok(r, 'gfx900');
      bad(r, /not available/, 'gfx1030');
    }
    for (const r of ['xnack_mask', 'xnack_mask_lo', 'xnack_mask_hi']) {
      bad(r, /not available/, 'tonga');
      ok(r, 'stoney');
      ok(r, 'carrizo');
      ok(r, 'gfx90a');
      bad(r, /not available/, 'gfx1030');
    }
    bad('null', "'null' operand is not supported on this GPU", 'gfx900');
    ok('null', 'gfx1030');
    bad('vccz', 'execz and vccz are not supported on this GPU', 'gfx1100');
    bad('[src_execz]', 'execz and vccz are not supported on this GPU', 'gfx1200', 1);
    ok('scc', 'gfx1100');
    bad('lds_direct', 'lds_direct is not supported on this GPU', 'gfx90a');
    ok('lds_direct', 'gfx900');
    bad('src_shared_base', /not available/, 'tonga');
    ok('shared_base', 'gfx900');
    ok('pops_exiting_wave_id', 'gfx1030');
    bad('src_pops_exiting_wave_id', /not available/, 'gfx1100');
  });
  test('GFX90A/GFX940 even-aligned VGPR and AGPR tuples', () => {
    const v = ok('v[1:2]', 'gfx90a');
    assert.match(validateRegisterForTarget(v, T('gfx90a'))?.message ?? '', /64 bit aligned/);
    assert.equal(validateRegisterForTarget(ok('v[1:2]', 'gfx908'), T('gfx908')), undefined);
    assert.match(validateRegisterForTarget(ok('a[3:4]', 'gfx942'), T('gfx942'))?.message ?? '', /64 bit aligned/);
    assert.equal(validateRegisterForTarget(ok('v1', 'gfx90a'), T('gfx90a')), undefined);
    assert.match(validateRegisterForTarget(ok('a0', 'gfx900'), T('gfx900'))?.message ?? '', /not available/);
    // `a16` is also the image A16 modifier: not flagged by itself.
    assert.equal(validateRegisterForTarget(ok('a16', 'gfx900'), T('gfx900')), undefined);
    assert.ok(validateRegisterForTarget(ok('a[16]', 'gfx900'), T('gfx900')));
  });
  test('16-bit halves on GFX11+', () => {
    assert.equal(ok('v0.l', 'gfx1100').half, 'lo');
    assert.equal(validateRegisterForTarget(ok('v127.h', 'gfx1100'), T('gfx1100')), undefined);
    assert.ok(validateRegisterForTarget(ok('v0.l', 'gfx1030'), T('gfx1030')));
    assert.deepEqual(encodeOperand('v1.h', 'f16', 'gfx1100'), { src: 256 + 128 + 1, literal: null });
  });
  test('NSA address lists (GFX10+; GFX11+ contiguous from the 5th element)', () => {
    const a = parseNsaAddress('[v32,v1,v[2]]', 0, T('gfx1030'));
    assert.equal(a.status, 'ok');
    assert.equal(parseNsaAddress('[v[32],v[1:1],[v2]]', 0, T('gfx1030')).status, 'ok');
    assert.equal(parseNsaAddress('[v4,v4,v4,v4]', 0, T('gfx1100')).status, 'ok');
    assert.equal(parseNsaAddress('[v0,v9,v3,v7,v1,v2,v3]', 0, T('gfx1100')).status, 'ok');
    assert.equal(parseNsaAddress('[v0,v9,v3,v7,v1,v5,v3]', 0, T('gfx1100')).status, 'error');
    assert.equal(parseNsaAddress('[v0,v9,v3,v7,v1,v5,v3]', 0, T('gfx1030')).status, 'ok');
  });
});

describe('source codes per family', () => {
  const code = (t: string, mcpu: string) => registerSourceCode(ok(t, mcpu), T(mcpu));
  test('SGPRs, VGPRs, ttmp, specials', () => {
    assert.equal(code('s105', 'gfx1030'), 105);
    assert.equal(code('v255', 'gfx900'), 511);
    assert.equal(code('ttmp0', 'tonga'), 112);
    assert.equal(code('ttmp0', 'gfx900'), 108);
    assert.equal(code('ttmp15', 'gfx1100'), 123);
    assert.equal(code('vcc_lo', 'gfx900'), 106);
    assert.equal(code('vcc_hi', 'gfx900'), 107);
    assert.equal(code('m0', 'gfx1030'), 124);
    assert.equal(code('m0', 'gfx1100'), 125);
    assert.equal(code('null', 'gfx1030'), 125);
    assert.equal(code('null', 'gfx1200'), 124);
    assert.equal(code('exec_lo', 'gfx900'), 126);
    assert.equal(code('exec_hi', 'gfx900'), 127);
    assert.equal(code('flat_scratch_lo', 'bonaire'), 104);
    assert.equal(code('flat_scratch_hi', 'gfx900'), 103);
    assert.equal(code('xnack_mask_lo', 'gfx900'), 104);
    assert.equal(code('tba_lo', 'tonga'), 108);
    assert.equal(code('tma_hi', 'tonga'), 111);
    assert.equal(code('src_shared_base', 'gfx900'), 235);
    assert.equal(code('private_limit', 'gfx1100'), 238);
    assert.equal(code('src_pops_exiting_wave_id', 'gfx1030'), 239);
    assert.equal(code('vccz', 'gfx900'), 251);
    assert.equal(code('execz', 'gfx900'), 252);
    assert.equal(code('scc', 'gfx1200'), 253);
    assert.equal(code('lds_direct', 'gfx900'), 254);
  });
});

describe('never throws', () => {
  test('random operand text on random GPUs and types', async () => {
    const fc = (await import('fast-check')).default;
    const { fuzzSeed } = await import('../../harness/tools.js');
    const seed = fuzzSeed();
    const piece = fc.constantFrom('v', 's', 'a', 'acc', 'ttmp', '[', ']', ':', ',', '0', '1', '9', '255', '0x', '.', 'l', 'h', '-', '+', '*', '(', ')', ' ', 'e', 'p', 'lit', 'exec', '_lo', '_hi', 'src_', 'vccz', 'null', '1.5', 'f');
    const types = ['i16', 'u16', 'b16', 'f16', 'i32', 'u32', 'b32', 'f32', 'i64', 'u64', 'b64', 'f64'];
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom(...types), fc.constantFrom('tahiti', 'tonga', 'gfx900', 'gfx90a', 'gfx1030', 'gfx1100', 'gfx1200'), (parts, type, mcpu) => {
        const r = encodeOperand(parts.join(''), type, mcpu);
        return 'error' in r ? typeof r.error === 'string' : r.src >= 0 && r.src <= 511;
      }),
      { seed, numRuns: 3000 },
    );
  });
});
