/**
 * Random MIMG instruction lines for the image differential (test/amdgpu/instructions/image-rules.test.ts):
 * any image mnemonic of the GPU, a dim, dmask, d16, a16, tfe/lwe and other modifiers, and data and
 * address operands of random sizes (a tuple or an NSA list), biased towards the sizes that fit so
 * that both verdicts are common. The verdict is llvm-mc-19's; the bias here is only a rough guess.
 */
import fc from 'fast-check';
import { lookupInstruction, mnemonicsFor } from '../../src/amdgpu/instructions/table.js';

const DIMS = ['1D', '2D', '3D', 'CUBE', '1D_ARRAY', '2D_ARRAY', '2D_MSAA', '2D_MSAA_ARRAY'];
const COORDS = [1, 2, 3, 3, 2, 3, 3, 4];
const GRADS = [2, 4, 6, 4, 2, 4, 4, 4];

/** The MIMG mnemonics of a GPU (verified or not). */
export function imageMnemonics(mcpu: string): string[] {
  return mnemonicsFor(mcpu).filter((m) => {
    const r = lookupInstruction(m, mcpu);
    return r.status === 'found' && r.forms.some((f) => f.family === 'MIMG');
  });
}

/** A rough guess of the address dwords (for the bias only). */
function guessWords(m: string, dim: number, a16: boolean): number {
  if (/bvh64/.test(m)) return a16 ? 9 : 12;
  if (/bvh/.test(m)) return a16 ? 8 : 11;
  const sfx = m.replace(/^image_(sample|gather4h?|load|store|atomic_[a-z_0-9]+|get_lod|get_resinfo|msaa_load)/, '').split('_').filter(Boolean);
  let extra = 0;
  let lod = /mip/.test(m) ? 1 : 0;
  let grad = false;
  let g16 = false;
  for (const w of sfx) {
    if (w === 'c' || w === 'b' || w === 'o') extra++;
    else if (w === 'l' || w === 'cl') lod = 1;
    else if (w === 'd' || w === 'cd') grad = true;
    else if (w === 'g16') g16 = true;
  }
  const comps = (/get_resinfo/.test(m) ? 0 : COORDS[dim]!) + lod;
  let words = extra + (a16 ? (comps + 1) >> 1 : comps);
  if (grad) words += g16 ? ((GRADS[dim]! >> 1) + 1) & ~1 : GRADS[dim]!;
  return words;
}

function tuple(first: number, n: number): string {
  return n === 1 ? `v${first}` : `v[${first}:${first + n - 1}]`;
}

/**
 * An arbitrary image line for `mcpu` (mnemonics from `names`): a line whose sizes are guessed to
 * fit, then, in about half of the cases, one fault (data or address size, an NSA list of another
 * shape, a descriptor size, dmask, dim, a16, a modifier).
 */
export function imageLineArb(mcpu: string, names: readonly string[]): fc.Arbitrary<string> {
  const gfx10 = /^gfx1[01]/.test(mcpu);
  const gfx11 = /^gfx11/.test(mcpu);
  // GFX12 (VIMAGE, VSAMPLE): dim, th/scope for the cache bits, lists of at most 4 entries with a sampler, 5 without.
  const gfx12 = /^gfx12/.test(mcpu);
  const packed = !/^gfx(6|7|80[0-5])/.test(mcpu);
  return fc
    .record({
      m: fc.constantFrom(...names),
      dim: fc.integer({ min: 0, max: 7 }),
      prefix: fc.boolean(),
      a16: fc.constantFrom('', '', ' a16', ' noa16'),
      d16: fc.constantFrom('', '', ' d16'),
      tfe: fc.constantFrom('', '', '', ' tfe', ' lwe'),
      bit: fc.integer({ min: 0, max: 3 }),
      mask: fc.constantFrom(1, 1, 3, 7, 15, 2, 5),
      other: gfx12 ? fc.constantFrom('', '', '', ' th:TH_LOAD_NT', ' scope:SCOPE_SE', ' unorm', ' r128', ' th:TH_STORE_NT', ' th:TH_ATOMIC_RETURN', ' nv') : fc.constantFrom('', '', '', ' glc', ' slc', ' unorm', ' r128', ' dlc'),
      shape: fc.constantFrom('tuple', 'list', 'list', 'partial'),
      fault: fc.constantFrom('', '', '', '', '', '', 'data', 'addr', 'shape', 'rsrc', 'samp', 'dmask', 'dim', 'a16', 'mod'),
      delta: fc.constantFrom(-2, -1, 1, 1, 2, 3),
      faultMask: fc.constantFrom('', ' dmask:0x0', ' dmask:0x3', ' dmask:0x5', ' dmask:0xf', ' dmask:0x2'),
      faultRsrc: fc.constantFrom('s[0:3]', 's[0:11]', 'v[0:7]', 'null', 's[0:15]'),
      faultMod: fc.constantFrom(' da', ' glc glc', ' tfe', ' d16', ' offset:4', ' gds'),
    })
    .map((c) => {
      const m = c.m;
      const bvh = /bvh/.test(m);
      const msaa = /msaa_load/.test(m);
      const atomic = /atomic/.test(m);
      const gather = /gather4/.test(m) || (gfx11 && msaa);
      let dimIndex = msaa ? 6 + (c.dim & 1) : c.dim;
      if (c.fault === 'dim') dimIndex = (dimIndex + 1 + (c.dim % 7)) % 8;
      let a16 = c.a16;
      if (c.fault === 'a16') a16 = a16 === ' a16' ? '' : ' a16';
      const words = Math.max(1, guessWords(m, msaa ? 6 + (c.dim & 1) : c.dim, c.a16 === ' a16') + (c.fault === 'addr' ? c.delta : 0));
      let mask = gather ? 1 << c.bit : atomic ? (/cmpswap/.test(m) ? (c.bit & 1 ? 15 : 3) : c.bit & 1 ? 3 : 1) : c.mask;
      let dmask = ` dmask:0x${mask.toString(16)}`;
      if (c.fault === 'dmask') {
        dmask = c.faultMask;
        mask = dmask === '' ? 0 : Number(dmask.slice(7));
      }
      let data = gather || bvh ? 4 : [...(mask || 1).toString(2)].filter((b) => b === '1').length;
      const d16 = atomic || bvh ? '' : c.d16;
      if (d16 && packed) data = (data + 1) >> 1;
      if (c.tfe === ' tfe' && !bvh) data++;
      if (c.fault === 'data') data = Math.max(1, data + c.delta);
      const shape = c.fault === 'shape' ? (c.shape === 'tuple' ? 'list' : 'tuple') : c.shape;
      const sampler = /sample|gather4|get_lod/.test(m);
      let vaddr: string;
      if (gfx12) {
        const nsa = sampler ? 4 : 5;
        const n = Math.min(words, nsa);
        vaddr = shape === 'tuple' ? tuple(20, words) : `[${Array.from({ length: n - 1 }, (_, i) => `v${20 + i}`).concat(tuple(20 + n - 1, Math.max(1, words - (n - 1)))).join(', ')}]`;
      } else if (bvh && gfx11 && shape !== 'tuple') {
        const node = /bvh64/.test(m) ? 'v[20:21]' : 'v20';
        vaddr = c.a16 === ' a16' ? `[${node}, v22, v[23:25], v[26:28]]` : `[${node}, v22, v[23:25], v[26:28], v[29:31]]`;
      } else if (!gfx10 || shape === 'tuple' || words === 1) vaddr = tuple(20, words);
      else if (gfx11 && (words > 5 || shape === 'partial')) {
        const n = Math.min(words, 5);
        vaddr = `[${Array.from({ length: n - 1 }, (_, i) => `v${20 + i}`).concat(tuple(20 + n - 1, Math.max(1, words - (n - 1)))).join(', ')}]`;
      } else vaddr = `[${Array.from({ length: Math.min(words, 14) }, (_, i) => `v${20 + i}`).join(', ')}]`;
      const rsrc = c.fault === 'rsrc' ? c.faultRsrc : bvh ? (c.prefix ? 's[0:3]' : 'ttmp[4:7]') : c.prefix ? 's[0:7]' : 'ttmp[4:11]';
      const samp = c.fault === 'samp' ? (c.prefix ? 's[8:15]' : 's[8:9]') : 's[8:11]';
      const dim = (gfx10 || gfx12) && !bvh ? ` dim:${c.prefix ? 'SQ_RSRC_IMG_' : ''}${DIMS[dimIndex]}` : '';
      const extra = c.fault === 'mod' ? c.faultMod : '';
      // In llvm-mc's order (dmask, dim, unorm/cache bits/r128, a16, tfe, lwe, da, d16): the fault before d16.
      const mods = bvh ? a16 + extra : `${dmask}${dim}${c.other}${a16}${c.tfe}${extra}${d16}`;
      return `${m} ${tuple(0, data)}, ${vaddr}, ${rsrc}${sampler ? `, ${samp}` : ''}${mods}`;
    });
}
