/**
 * The modifier vocabulary (src/ptx/data/modifiers.ts), case by case: what ptxas 13.0 said for each
 * line (measured; the differential suite test/ptx/diff/modifiers.test.ts re-checks the rules on
 * random cases). `unknown` lists the words ptxas reports ("Unknown modifier", or a syntax error where
 * a word runs on past a compound instruction name).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPtxText } from '../../../src/ptx/index.js';
import { compoundNames, GENERIC_MODIFIERS, INSTRUCTION_REFUSED, unknownModifiers } from '../../../src/ptx/data/modifiers.js';

const rot13 = (s: string) => s.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));

const cases: { line: string; unknown: string[] }[] = [
  // Unknown and misspelt words on common opcodes: "Unknown modifier '.zz'", ptxas goes on.
  { line: 'add.zz.s32', unknown: ['.zz'] },
  { line: 'ld.glbal.u32', unknown: ['.glbal'] },
  { line: 'ld.global.L2::evict_lasst.u32', unknown: ['.L2::evict_lasst'] },
  { line: 'ld.global.L9::evict_last.u32', unknown: ['.L9::evict_last'] },
  { line: 'add.S32', unknown: ['.S32'] },
  { line: 'add.zz.qq.s32', unknown: ['.zz', '.qq'] },
  // The ROT13-encoded strings of the ptxas binary are not words ptxas knows.
  { line: 'ld.global.ab_nyybpngr.u32', unknown: ['.ab_nyybpngr'] },
  { line: 'mul.lo.zoneevre.s32', unknown: ['.zoneevre'] },
  // Real words.
  { line: 'ld.global.nc.L1::no_allocate.L2::256B.v4.f32', unknown: [] },
  { line: 'cvt.rn.satfinite.e4m3x2.f32', unknown: [] },
  { line: 'setp.nan.ftz.f32', unknown: [] },
  // Compound names: their parts only right after the opcode.
  { line: 'mul.wide.s32', unknown: [] },
  { line: 'mul.s32.wide', unknown: ['.wide'] },
  { line: 'mul.wide.wide.s32', unknown: ['.wide'] },
  { line: 'add.wide.s32', unknown: ['.wide'] },
  { line: 'cvta.to.global.u64', unknown: [] },
  { line: 'cvta.global.to.u64', unknown: ['.to'] },
  { line: 'mbarrier.try_wait.parity.acquire.cta.shared::cta.b64', unknown: [] },
  { line: 'mbarrier.shared.arrive.b64', unknown: ['.arrive'] },
  { line: 'cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes', unknown: [] },
  { line: 'cp.async.bulk.tens.2d', unknown: ['.tens'] },
  { line: 'cp.async.ca.bulk.shared.global', unknown: ['.bulk'] },
  { line: 'cp.bulk.async.shared::cluster.global', unknown: ['.bulk'] },
  // A prefix of a name is not a name: ptxas backs off to the opcode.
  { line: 'cp.reduce.async.foo', unknown: ['.reduce', '.foo'] },
  { line: 'wmma.load.x.sync.aligned', unknown: ['.load', '.x'] },
  { line: 'wmma.load.a.sync.aligned.row.m16n16k16.f16', unknown: [] },
  { line: 'clusterlaunchcontrol.try_cancel.shared::cta.b128', unknown: ['.try_cancel'] },
  { line: 'clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128', unknown: [] },
  // A word that runs on past a name is a syntax error ("Parsing error near ..."): the name is the
  // longest match, the rest of the word is another token.
  { line: 'mbarrier.inits.shared.b64', unknown: ['.inits'] },
  { line: 'mul.widex.s32', unknown: ['.widex'] },
  { line: 'cp.async.commit_groupe', unknown: ['.commit_groupe'] },
  { line: 'mul.local.s32', unknown: ['.local'] },
  { line: 'cvt.pack::16b', unknown: ['.pack::16b'] },
  { line: 'cp.async::generic', unknown: ['.async::generic'] },
  { line: 'fence.proxy.tensormap::generic.release.gpu', unknown: [] },
  { line: 'fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster', unknown: [] },
  // Directive words are syntax errors after an opcode.
  { line: 'add.reg.s32', unknown: ['.reg'] },
  { line: 'add.entry.s32', unknown: ['.entry'] },
  // `.mbarrier` alone is "Illegal modifier" + "Unknown modifier" (only cp.async.mbarrier.arrive has it).
  { line: 'add.mbarrier.s32', unknown: ['.mbarrier'] },
  { line: 'cp.async.mbarrier.arrive.noinc.shared.b64', unknown: [] },
  // Words ptxas's parser refuses outright although its lexer has them.
  { line: 'mma.negA.s32', unknown: ['.negA'] },
];

describe('ptx modifier vocabulary', () => {
  for (const c of cases) {
    test(c.line, () => {
      const [opcode, ...rest] = c.line.split('.');
      // Split `a.b::c.d` at the dots, keeping `::` inside words.
      const mods = rest.map((w) => '.' + w);
      assert.deepEqual([...unknownModifiers(opcode!, mods)], c.unknown);
    });
  }

  test('no ROT13 strings in the vocabulary', () => {
    for (const w of ['.ab_nyybpngr', '.zoneevre', '.fuvsgnzg', '.pbyyrpgbe::n::hfr', '.gvyr']) assert.equal(GENERIC_MODIFIERS.has(w), false, w);
    // Every word is ASCII without anything a ROT13 decoder would make from a real word only.
    let encodedTwins = 0;
    for (const w of GENERIC_MODIFIERS) if (/^\.[a-z_]+$/.test(w) && w.length > 5 && GENERIC_MODIFIERS.has('.' + rot13(w.slice(1)))) encodedTwins++;
    assert.equal(encodedTwins, 0, 'a word and its ROT13 encoding are both listed');
  });

  test('known words ptxas refuses after particular names (measured)', () => {
    assert.deepEqual([...unknownModifiers('discard', ['.bulk', '.tensormap'])], ['.tensormap']);
    assert.deepEqual([...unknownModifiers('cp', ['.async', '.bulk', '.tensormap::generic'])], ['.tensormap::generic']);
    assert.deepEqual([...unknownModifiers('cp', ['.async', '.bulk', '.tensor', '.tensormap'])], []); // not right after cp.async.bulk
    assert.deepEqual([...unknownModifiers('st', ['.bulk', '.tensormap'])], []);
  });

  test('.mbarrier::meet_tx::bytes is refused after every instruction (measured)', () => {
    // ptxas: "Illegal modifier" + "Unknown modifier" wherever no earlier instruction check fails.
    const meet = '.mbarrier::meet_tx::bytes';
    assert.equal(GENERIC_MODIFIERS.has(meet), false);
    for (const [op, ...mods] of [
      ['bra', '.uni'],
      ['bra', '.sync'],
      ['mov', '.b32'],
      ['bar', '.cta', '.sync'],
      ['bar', '.red', '.popc', '.u32'],
      ['barrier', '.cluster', '.arrive'],
      ['call'],
      ['ret'],
      ['cp', '.async', '.bulk', '.shared::cluster', '.global'],
      ['mbarrier', '.complete_tx'],
      ['st', '.async', '.shared::cluster'],
    ] as string[][])
      assert.deepEqual([...unknownModifiers(op!, [...mods, meet])], [meet], `${op}${mods.join('')}`);
    assert.deepEqual([...unknownModifiers('cp', ['.async', '.bulk', '.shared::cluster', '.global', '.mbarrier::complete_tx::bytes'])], []);
    assert.ok(INSTRUCTION_REFUSED.has(meet) && INSTRUCTION_REFUSED.has('.mbarrier'));
  });

  test('words only instructions refuse are reported on the instruction line, others on their own', () => {
    const at = (body: string) => {
      const text = `.version 9.0\n.target sm_90a\n.address_size 64\n.entry k() {\n.reg .b32 %r<4>;\nL1:\n${body}\nret;\n}\n`;
      const d = checkPtxText('m.ptx', text);
      return d.map((x) => `${x.code}@${x.location?.line}`);
    };
    assert.deepEqual(at('mov.b32\n.mbarrier::meet_tx::bytes\n%r1, %r2;'), ['PTX340@7']); // ptxas: line 7
    assert.deepEqual(at('mov\n.mbarrier::meet_tx::bytes.b32 %r1, %r2;'), ['PTX340@8']); // the token after the opcode
    assert.deepEqual(at('bra\n.uni\n.mbarrier::meet_tx::bytes\nL1;'), ['PTX340@8']);
    assert.deepEqual(at('mov.b32\n.wide\n%r1, %r2;'), ['PTX340@8']); // the lexer's: the word's line
  });

  test('compound names per opcode', () => {
    assert.ok(compoundNames('mul').includes('mul.wide'));
    assert.ok(compoundNames('cp').includes('cp.async.bulk.tensor'));
    assert.deepEqual(compoundNames('add'), []);
    assert.equal(unknownModifiers('add', ['.s32']).length, 0);
  });

  test('checkPtxText reports PTX340 on the line of the word', () => {
    const text = '.version 9.0\n.target sm_90a\n.address_size 64\n.entry k() {\n.reg .b32 %r<4>;\nadd\n.zz\n.s32 %r1, %r2, %r3;\nret;\n}\n';
    const d = checkPtxText('m.ptx', text);
    assert.equal(d[0]?.code, 'PTX340');
    assert.equal(d[0]?.location?.line, 7, 'ptxas: line 7 (the word), not the opcode line');
  });
});
