// Generates src/amdgpu/instructions/table.generated.ts: every AMDGPU instruction llvm-mc-19
// accepts, per GPU, with its encoding forms, operands and modifiers.
//
// Sources (facts only): LLVM's AMDGPU syntax pages in ../shared/reference/amdgpu-asm-syntax
// (operand names and order, modifiers, encoding sections), the mnemonics of
// ../shared/corpus/amdgpu, and the mnemonic table of the installed LLVM 19 AMDGPU assembler.
// llvm-mc-19 decides everything: presence per GPU and per encoding, operand sizes and register
// files, which modifiers are taken. See docs/amdgpu-instructions.md.
//
// Usage: npx tsc -p . && node scripts/gen-amdgpu-instructions.mjs [--report FILE]
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPages } from './amdgpu-pages.mjs';
import { runMc, haveLlvmMc } from './amdgpu-mc.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = join(ROOT, '..', 'shared');
const PAGES_DIR = join(SHARED, 'reference', 'amdgpu-asm-syntax');
const CORPUS = join(SHARED, 'corpus', 'amdgpu');
const OUT = join(ROOT, 'src', 'amdgpu', 'instructions', 'table.generated.ts');
const reportIdx = process.argv.indexOf('--report');
const REPORT = reportIdx > 0 ? process.argv[reportIdx + 1] : null;

if (!haveLlvmMc()) throw new Error('llvm-mc-19 is needed to generate the AMDGPU instruction table');
const { AMDGPU_TARGETS } = await import(join(ROOT, 'dist', 'src', 'amdgpu', 'targets.js'));
const log = (...a) => console.error(...a);

// ---------------------------------------------------------------------------------------------
// 1. Page rows, with their base mnemonic, form and encoding family

const pages = readPages(PAGES_DIR);
const SUFFIXES = ['_e64_dpp', '_e32', '_e64', '_sdwa', '_dpp'];

function splitSuffix(m) {
  for (const s of SUFFIXES) if (m.endsWith(s)) return [m.slice(0, -s.length), s];
  return [m, ''];
}

/** form of a page row: e32 e64 sdwa dpp dpp8 e64_dpp e64_dpp8 vopdx vopdy or '' */
function rowForm(sec, suffix) {
  if (sec === 'VOPDX') return 'vopdx';
  if (sec === 'VOPDY') return 'vopdy';
  if (sec === 'VOPD') return null; // listed pairs; the pair is X :: Y
  if (/DPP8$/.test(sec)) return /^VOP3/.test(sec) ? 'e64_dpp8' : 'dpp8';
  if (/DPP16$/.test(sec)) return /^VOP3/.test(sec) ? 'e64_dpp' : 'dpp';
  if (suffix === '_sdwa') return 'sdwa';
  if (suffix === '_e64_dpp') return 'e64_dpp';
  if (suffix === '_dpp') return 'dpp';
  if (suffix === '_e64') return 'e64';
  if (suffix === '_e32') return 'e32';
  if (sec === 'VOP1' || sec === 'VOP2' || sec === 'VOPC') return 'e32';
  if (sec === 'VOP3') return 'e64';
  return '';
}

/** Encoding family of a base mnemonic in a page section. */
function family(sec, base, form) {
  if (/^v_(mfma|smfmac)/.test(base)) return 'MFMA';
  if (form === 'vopdx' || form === 'vopdy') return 'VOPD';
  if (form === 'sdwa') return 'SDWA';
  if (form === 'dpp' || form === 'e64_dpp') return 'DPP16';
  if (form === 'dpp8' || form === 'e64_dpp8') return 'DPP8';
  if (/^global_/.test(base)) return 'GLOBAL';
  if (/^scratch_/.test(base)) return 'SCRATCH';
  if (/^flat_/.test(base)) return 'FLAT';
  if (/^tbuffer_/.test(base)) return 'MTBUF';
  if (/^buffer_/.test(base)) return 'MUBUF';
  if (/^image_/.test(base)) return 'MIMG';
  if (/^ds_/.test(base)) return 'DS';
  const s = sec.replace(/_DPP(8|16)$/, '');
  const map = { SMRD: 'SMEM', VDS: 'DS', VEXPORT: 'EXP', VDSDIR: 'LDSDIR', VERIF: 'SOPP' };
  return map[s] ?? s;
}

const pageRows = new Map(); // page id -> Map(key base|form -> row)
for (const p of pages) {
  const m = new Map();
  for (const r of p.rows) {
    const [base, suffix] = splitSuffix(r.mnemonic);
    const form = rowForm(r.section, suffix);
    if (form === null) continue;
    r.base = base;
    r.form = form;
    r.family = family(r.section, base, form);
    const key = `${base}|${form}`;
    if (!m.has(key)) m.set(key, r);
  }
  pageRows.set(p.id, m);
}

// ---------------------------------------------------------------------------------------------
// 2. Candidate mnemonics: pages, corpus, and LLVM 19's own mnemonic table

const candidates = new Set();
for (const p of pages) for (const r of p.rows) if (r.base) candidates.add(r.base);

function corpusMnemonics() {
  const out = new Set();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const f = join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith('.s')) {
        for (const line of readFileSync(f, 'utf8').split('\n')) {
          const m = /^\s*(?:[A-Za-z_.$][\w.$]*:\s*)?([a-z][a-z0-9_]*)\b/.exec(line.replace(/\/\/.*|;.*/, ''));
          if (m && /^(s|v|ds|buffer|tbuffer|global|flat|scratch|image|exp|export|lds|buffer)(_|$)/.test(m[1])) out.add(splitSuffix(m[1])[0]);
        }
      }
    }
  };
  if (existsSync(CORPUS)) walk(CORPUS);
  return out;
}
for (const m of corpusMnemonics()) candidates.add(m);

function llvmMnemonicTable() {
  // The AsmMatcher's mnemonic table: length-prefixed names, sorted, starting at buffer_atomic_add.
  const lib = '/usr/lib/llvm-19/lib/libLLVMAMDGPUAsmParser.a';
  if (!existsSync(lib)) return [];
  const data = readFileSync(lib);
  const anchor = data.indexOf(Buffer.from('\x11buffer_atomic_add'));
  if (anchor < 0) return [];
  const out = [];
  let p = anchor;
  while (p < data.length) {
    const n = data[p];
    if (n === 0 || p + 1 + n > data.length) break;
    const s = data.subarray(p + 1, p + 1 + n).toString('latin1');
    if (!/^[a-z0-9_.]+$/.test(s)) break;
    out.push(s);
    p += 1 + n;
  }
  return out;
}
const llvmTable = llvmMnemonicTable();
for (const m of llvmTable) candidates.add(splitSuffix(m)[0]);
log(`candidates: ${candidates.size} (LLVM table ${llvmTable.length})`);

// ---------------------------------------------------------------------------------------------
// 3. Presence per GPU and per encoding suffix (bare mnemonics: llvm-mc says "too few operands"
//    for a mnemonic it has, "instruction not supported on this GPU", "invalid instruction",
//    or "<variant> variant of this instruction is not supported")

const bases = [...candidates].sort();
const VARIANT_SUFFIXES = ['', '_e32', '_e64', '_sdwa', '_dpp', '_e64_dpp'];
const presenceLines = [];
for (const b of bases) for (const s of VARIANT_SUFFIXES) if (s === '' || b.startsWith('v_')) presenceLines.push(b + s);

function presentVerdict(r) {
  if (r === null) return true;
  if (/^too few operands|^invalid operand|^operands are not valid/.test(r.msg)) return true;
  return false;
}
const gpuPresence = new Map(); // gpu -> Set(line)
const gpuAccepted = new Map(); // gpu -> Set(line) accepted with no operands
const CACHE = process.env.GEN_CACHE ? join(process.env.GEN_CACHE, 'presence.json') : null;
const cached = CACHE && existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
for (const t of AMDGPU_TARGETS) {
  const key = t.name + ':' + presenceLines.length;
  const res = cached[key] ?? runMc(t.name, presenceLines);
  cached[key] = res;
  const set = new Set();
  const accepted = new Set();
  res.forEach((r, i) => {
    if (presentVerdict(r)) set.add(presenceLines[i]);
    if (r === null) accepted.add(presenceLines[i]);
  });
  gpuPresence.set(t.name, set);
  gpuAccepted.set(t.name, accepted);
}
if (CACHE) writeFileSync(CACHE, JSON.stringify(cached));
// classes of GPUs with identical sets
const classes = []; // {gpus: [], set}
for (const t of AMDGPU_TARGETS) {
  const set = gpuPresence.get(t.name);
  const key = [...set].join(',');
  let c = classes.find((c) => c.key === key);
  if (!c) classes.push((c = { key, gpus: [], set, accepted: gpuAccepted.get(t.name), gen: t.generation, rep: t }));
  c.gpus.push(t.name);
}
log(`GPU classes: ${classes.length}: ${classes.map((c) => c.gpus.join('+')).join(' | ')}`);
const knownBases = bases.filter((b) => classes.some((c) => c.set.has(b)));
const vopdBases = new Set();
for (const m of pageRows.values()) for (const r of m.values()) if (r.form === 'vopdx' || r.form === 'vopdy') vopdBases.add(r.base);
// GFX12's page lists VOPD as X/Y pairs (`v_dual_add_f32_x_mul_f32`): their halves are candidates too
for (const p of pages) for (const r of p.rows) if (r.section === 'VOPD') for (const h of r.mnemonic.split('_x_')) vopdBases.add(h.startsWith('v_dual_') ? h : 'v_dual_' + h);
log(`mnemonics accepted on some GPU: ${knownBases.length}`);

// ---------------------------------------------------------------------------------------------
// 4. For each class, the forms it has and the page row describing each

function pageOrder(t) {
  const g = t.generation;
  if (g <= 7) return ['GFX7', 'GFX8', 'GFX9', 'GFX10', 'GFX940', 'GFX11', 'GFX12'];
  if (g === 8) return ['GFX8', 'GFX9', 'GFX7', 'GFX940', 'GFX10', 'GFX11', 'GFX12'];
  if (g === 9 && t.isGfx940) return ['GFX940', 'GFX9', 'GFX8', 'GFX10', 'GFX11', 'GFX12', 'GFX7'];
  if (g === 9 && t.name === 'gfx90a') return ['GFX940', 'GFX9', 'GFX8', 'GFX10', 'GFX11', 'GFX12', 'GFX7'];
  if (g === 9) return ['GFX9', 'GFX940', 'GFX8', 'GFX10', 'GFX11', 'GFX7', 'GFX12'];
  if (g === 10) return ['GFX10', 'GFX11', 'GFX9', 'GFX940', 'GFX12', 'GFX8', 'GFX7'];
  if (g === 11) return ['GFX11', 'GFX12', 'GFX10', 'GFX940', 'GFX9', 'GFX8', 'GFX7'];
  return ['GFX12', 'GFX11', 'GFX10', 'GFX940', 'GFX9', 'GFX8', 'GFX7'];
}
const FORM_SUFFIX = { '': '', e32: '_e32', e64: '_e64', sdwa: '_sdwa', dpp: '_dpp', dpp8: '_dpp', e64_dpp: '_e64_dpp', e64_dpp8: '_e64_dpp', vopdx: '', vopdy: '' };
const ALL_FORMS = Object.keys(FORM_SUFFIX);

/** A row of the nearest-named mnemonic with the same form (longest common prefix, then the
 *  same type suffix), for mnemonics no page lists; llvm-mc then corrects its operands. */
function siblingRow(b, f, order) {
  const stem = b.split('_').slice(0, 2).join('_');
  let best = null;
  let bestScore = -1;
  for (const pid of order) {
    for (const r of pageRows.get(pid).values()) {
      if (r.form !== f || !r.base.startsWith(stem)) continue;
      let n = 0;
      while (n < b.length && b[n] === r.base[n]) n++;
      const score = n * 4 + (b.slice(b.lastIndexOf('_')) === r.base.slice(r.base.lastIndexOf('_')) ? 2 : 0);
      if (score > bestScore) {
        bestScore = score;
        best = r;
      }
    }
    if (best) return best;
  }
  return best;
}
const missingRows = [];
for (const c of classes) {
  c.forms = []; // {base, form, row}
  const order = pageOrder(c.rep);
  // VOPD halves: a Y-only half is no instruction on its own (llvm-mc: "invalid instruction" when
  // bare), so every half a page lists is tried in a pair on GFX11+ and kept when llvm-mc takes it.
  if (c.rep.generation >= 11) {
    for (const b of vopdBases) {
      for (const f of ['vopdx', 'vopdy']) {
        let row = null;
        for (const pid of order) {
          row = pageRows.get(pid).get(`${b}|${f}`) ?? null;
          if (row) break;
        }
        let borrowed = false;
        if (!row) {
          row = siblingRow(b, f, order);
          borrowed = row !== null;
        }
        if (row) c.forms.push({ base: b, form: f, row, borrowed, vopd: true });
      }
    }
  }
  for (const b of knownBases) {
    if (!c.set.has(b) || vopdBases.has(b)) continue;
    let any = false;
    for (const f of ALL_FORMS) {
      if (f !== '' && !b.startsWith('v_')) continue;
      if (!c.set.has(b + FORM_SUFFIX[f])) continue;
      let row = null;
      // GFX12's page merges the e32 and e64 rows of VOP1/VOP2/VOPC into one: take e32 from GFX11 first
      const ord = f === 'e32' && c.rep.generation === 12 ? ['GFX11', ...order.filter((p) => p !== 'GFX11')] : order;
      for (const pid of ord) {
        row = pageRows.get(pid).get(`${b}|${f}`) ?? null;
        if (row) break;
      }
      // `_e64` written on an instruction with a single (VOP3 / VOP3P) encoding
      // (and any other suffix llvm-mc takes without a row of its own: the base's own row)
      for (const alt of f === 'e64' ? [''] : ['', 'e64', 'e32']) {
        if (row) break;
        for (const pid of ord) {
          row = pageRows.get(pid).get(`${b}|${alt}`) ?? null;
          if (row) break;
        }
      }
      let borrowed = false;
      if (!row) {
        row = siblingRow(b, f, order);
        borrowed = row !== null;
      }
      if (!row && f === '' && c.accepted.has(b)) {
        row = { page: null, section: '', mnemonic: b, base: b, form: '', family: family('', b, ''), ops: [], mods: [] };
      }
      if (!row) continue;
      c.forms.push({ base: b, form: f, row, borrowed });
      any = true;
    }
    if (!any) missingRows.push(`${c.gpus[0]}:${b}`);
    // a suffix llvm-mc takes (bare: "too few operands") with no row anywhere: the base's first row
    const first = c.forms.find((x) => x.base === b);
    if (first && b.startsWith('v_')) {
      for (const f of ALL_FORMS) {
        if (f === '' || f === 'vopdx' || f === 'vopdy' || f === 'dpp8' || f === 'e64_dpp8') continue;
        if (!c.set.has(b + FORM_SUFFIX[f]) || c.forms.some((x) => x.base === b && FORM_SUFFIX[x.form] === FORM_SUFFIX[f])) continue;
        c.forms.push({ base: b, form: f, row: first.row, borrowed: true });
      }
    }
  }
}
log(`class forms: ${classes.map((c) => c.forms.length).join(' ')}; without any page row: ${missingRows.length}`);
if (REPORT) writeFileSync(REPORT + '.missing.txt', missingRows.join('\n') + '\n');


// ---------------------------------------------------------------------------------------------
// 5. Operands: a valid example per form and class, found with llvm-mc. Each operand has an
//    ordered list of candidate values (by its page name and a size guess); when llvm-mc points
//    at an operand, that operand moves on to its next candidate.

const reg = (p, base, n) => (n === 1 ? `${p}${base}` : `${p}[${base}:${base + n - 1}]`);
const vBase = (k) => 16 * (k + 1);
const sBase = (k) => 8 + 12 * k;
const SIZES = [1, 2, 4, 3, 8, 16, 32, 5, 6, 7, 10, 12, 9, 11];

/** Size guess from the 2019 operand page name (vdst64_0) or annotations (b32x2) or the mnemonic. */
function sizeGuess(op, base) {
  const m = /(?:vdst|vdata|vsrc|sdst|ssrc|sdata|src|dst_buf|data_buf_atomic|data_smem_atomic|dst_flat_atomic|dst_buf_d16|data_buf_d16)(\d+)/.exec(op.ref);
  if (m) return Math.max(1, Number(m[1]) / 32);
  for (const a of op.ann) {
    const t = /^[a-z]+(\d+)x(\d+)$/.exec(a);
    if (t) return Math.max(1, (Number(t[1]) * Number(t[2])) / 32);
    const u = /^[a-z]+(\d+)$/.exec(a);
    if (u && Number(u[1]) >= 32) return Number(u[1]) / 32;
  }
  const x = /(?:x|_b)(\d+)$/.exec(base);
  if (/_x2$|x2$/.test(base)) return 2;
  if (/x3$/.test(base)) return 3;
  if (/x4$/.test(base)) return 4;
  if (/_b64$|_f64$|_i64$|_u64$/.test(base)) return 2;
  if (/_b128$/.test(base)) return 4;
  if (/_b96$/.test(base)) return 3;
  void x;
  return 1;
}

function orderedSizes(g) {
  return [g, ...SIZES.filter((n) => n !== g)];
}

const IMM_NAMES = /^(simm16|imm16|simm32|imm32|literal|imm4|imm3|uimm16|bimm16|bimm32|fimm16|fimm32|offset|ioffset|delay|waitcnt|waitcnt_depctr|simm8|imm8|imm)$/;

/** Candidate values for one operand. k is the operand's position (register bases differ per position). */
function candidateValues(op, base, k, t, fam, form) {
  let g = sizeGuess(op, base);
  if ((fam === 'FLAT' || fam === 'GLOBAL') && (op.name === 'vaddr' || op.name === 'addr')) g = 2;
  const n = op.name;
  const V = orderedSizes(g).map((z) => reg('v', vBase(k), z));
  const A = t.agprs ? orderedSizes(g).map((z) => reg('a', vBase(k), z)) : [];
  const S = orderedSizes(g).map((z) => reg('s', sBase(k), z));
  const vccs = t.generation >= 10 ? ['vcc_lo', 'vcc'] : ['vcc', 'vcc_lo'];
  if (n === 'vcc') return [...vccs, ...S, ''];
  if (form === 'e32' && n === 'sdst') return [...vccs, ...S];
  if (n === 'label') return ['L0'];
  if (n === 'hwreg') return ['hwreg(HW_REG_MODE)', '1'];
  if (n === 'msg') return ['sendmsg(MSG_INTERRUPT)', 'sendmsg(MSG_GS_DONE, GS_OP_NOP)', '1'];
  if (n === 'tgt') return ['mrt0', 'pos0'];
  if (n === 'attr') return ['attr0.x'];
  if (n === 'param') return ['p10', 'p20', 'p0'];
  if (IMM_NAMES.test(n)) return ['0', '1', '0x4d2', 'L0'];
  if ((fam === 'GLOBAL' || fam === 'SCRATCH') && n === 'saddr') return ['off', ...S];
  if ((fam === 'MUBUF' || fam === 'MTBUF') && n === 'vaddr') return ['off', ...V];
  if ((fam === 'MUBUF' || fam === 'MTBUF') && n === 'soffset') return [reg('s', sBase(k), 1), '0', 'null', 'off'];
  if (fam === 'MIMG' && /^(srsrc|rsrc)$/.test(n)) return [reg('s', sBase(k), 8), reg('s', sBase(k), 4), ...S];
  if (/^(srsrc|rsrc|ssamp|samp)$/.test(n)) return [reg('s', sBase(k), 4), reg('s', sBase(k), 8), ...S];
  if (n === 'sbase') return [reg('s', sBase(k), 2), reg('s', sBase(k), 4), ...S];
  if (/^(soffset|soff)$/.test(n)) return [reg('s', sBase(k), 1), '0', 'null', 'm0', ...S];
  if (/^s/.test(n) && !/^src/.test(n)) return [...S, ...vccs, 'null', 'exec', 'm0', '0', ...V];
  // gfx908 MFMA: the result and src2 are AGPRs (tuples of the result's size), tried first
  if (fam === 'MFMA' && !t.alignedVgprTuples && (n === 'vdst' || n === 'src2')) return [...A, ...V, ...S, '0'];
  if (/^v|^addr|^data|^dst$|^vparam|^vij/.test(n)) return [...V, ...A, ...S, '0'];
  if (/^src/.test(n)) return [...V, ...S, ...A, '1', '0x4d2', ...vccs];
  return [...V, ...S, '0', ...A];
}

/** Modifiers a form needs to be itself (DPP control, MIMG dim and dmask), as alternatives. */
function requiredMods(form, fam, t, base) {
  let alts = [''];
  if (form === 'dpp' || form === 'e64_dpp') alts = [' quad_perm:[0,1,2,3]', ' row_shl:1', ' row_newbcast:1'];
  if (/atomic/.test(base)) alts = ['', ' glc', ' sc0', ' th:TH_ATOMIC_RETURN'];
  if (fam === 'DS') alts = ['', ' gds'];
  if (form === 'dpp8' || form === 'e64_dpp8') alts = [' dpp8:[7,6,5,4,3,2,1,0]'];
  if (fam === 'MIMG') {
    const dim = t.generation >= 10 ? ' dim:SQ_RSRC_IMG_1D' : '';
    const dm = (/gather4/.test(base) ? [' dmask:0x1'] : [' dmask:0x1', ' dmask:0xf', ' dmask:0x3', '']).flatMap((d) => (/atomic/.test(base) ? [d, d + ' glc', d + ' th:TH_ATOMIC_RETURN'] : [d]));
    alts = dm.map((d) => d + dim).concat(t.generation >= 10 ? [' dmask:0x1 dim:SQ_RSRC_IMG_2D', ' dmask:0x1 dim:SQ_RSRC_IMG_3D'] : []);
  }
  if (fam === 'MTBUF') alts = alts.flatMap((a) => [a, a + ' format:1', a + ' format:[BUF_FMT_32_FLOAT]']);
  return alts;
}

function writtenMnemonic(f) {
  return f.base + FORM_SUFFIX[f.form];
}

function buildLine(f, vals, modAlt) {
  const m = writtenMnemonic(f);
  let line = m;
  const starts = [];
  let n = 0;
  vals.forEach((v) => {
    if (v === '') {
      // an operand left out (implicit vcc): it starts where the next one would
      starts.push(line.length + 1);
      return;
    }
    line += n++ === 0 ? ' ' : ', ';
    starts.push(line.length + 1);
    line += v;
  });
  const opsEnd = line.length + 1;
  line += f.mods[modAlt] ?? '';
  if (f.form === 'vopdx') line += ' :: v_dual_mov_b32 v5, v6';
  if (f.form === 'vopdy') line = 'v_dual_mov_b32 v1, v2 :: ' + line;
  const shift = f.form === 'vopdy' ? 'v_dual_mov_b32 v1, v2 :: '.length : 0;
  return { line, starts: starts.map((s) => s + shift), opsEnd: opsEnd + shift };
}

function opIndexAt(b, col) {
  if (!b.starts.length) return -1;
  if (col < b.starts[0] || col >= b.opsEnd) return -1;
  let k = 0;
  while (k + 1 < b.starts.length && b.starts[k + 1] <= col) k++;
  return k;
}

for (const c of classes) {
  const t = c.rep;
  for (const f of c.forms) {
    const ops = f.row.ops.filter((o) => !o.ann.includes('opt'));
    f.optLead = f.row.ops.filter((o) => o.ann.includes('opt'));
    f.mods = requiredMods(f.form, f.row.family, t, f.base);
    // one search track per alternative of the required modifiers, run side by side
    f.tracks = f.mods.map((_, alt) => ({
      alt,
      ops: ops.slice(),
      cands: ops.map((o, k) => candidateValues(o, f.base, k, t, f.row.family, f.form)),
      idx: ops.map(() => 0),
      extra: 0,
      odo: 0,
      dead: false,
    }));
    f.ok = false;
  }
  for (let round = 0; round < 80; round++) {
    const todo = [];
    for (const f of c.forms) if (!f.ok) for (const tr of f.tracks) if (!tr.dead) todo.push([f, tr]);
    if (!todo.length) break;
    const built = todo.map(([f, tr]) => buildLine(f, tr.cands.map((cs, k) => cs[tr.idx[k]]), tr.alt));
    const res = runMc(t.name, ['L0:', ...built.map((b) => b.line)]).slice(1);
    todo.forEach(([f, tr], i) => {
      if (f.ok) return;
      const r = res[i];
      if (r === null) {
        f.ok = true;
        f.example = built[i].line;
        f.ops = tr.ops;
        f.cands = tr.cands;
        f.idx = tr.idx;
        f.modAlt = tr.alt;
        return;
      }
      f.lastError = r.msg;
      f.lastLine = built[i].line;
      // rows borrowed from another mnemonic get a short search
      tr.tries = (tr.tries ?? 0) + 1;
      if (f.borrowed && tr.tries > 30) {
        tr.dead = true;
        return;
      }
      let k = opIndexAt(built[i], r.col);
      if (k < 0 && /^image data size/.test(r.msg)) k = 0;
      if (k < 0 && /^image address size/.test(r.msg)) k = Math.min(1, tr.ops.length - 1);
      if (k < 0 && /^too few operands/.test(r.msg) && f.borrowed && tr.extra < 2) {
        tr.extra++;
        const o = { name: 'src', ref: '', ann: [] };
        tr.ops.push(o);
        tr.cands.push(candidateValues(o, f.base, tr.ops.length - 1, t, f.row.family, f.form));
        tr.idx.push(0);
        return;
      }
      if (k < 0 && tr.ops.length && tr.odo < 3) {
        k = tr.ops.length - 1;
        if (tr.idx[k] + 1 >= tr.cands[k].length) tr.odo++;
      }
      // a VOP3 row borrowed from another mnemonic whose last operand is still refused late in its
      // short search: a source the other mnemonic has and this one does not (GFX12 v_cvt_f32_fp8_e64,
      // whose row is v_cvt_pk_bf8_f32's); searched again without it, once. Rows of the form's own
      // page keep the odometer search (their last operand is refused while an earlier one is of
      // the wrong size), and so does a borrowed row before that point. Only the fp8/bf8 conversions
      // (the rows this was measured on): gfx908-942 v_accvgpr_read_b32_e64 lost its example to it.
      if (f.borrowed && f.form === 'e64' && /^v_cvt_.*(fp8|bf8)/.test(f.base) && tr.tries >= 20 && k >= 0 && k === tr.ops.length - 1 && k > 0 && !tr.dropped && /^invalid operand for instruction/.test(r.msg)) {
        tr.dropped = true;
        tr.ops.pop();
        tr.cands.pop();
        tr.idx.pop();
        return;
      }
      if (k >= 0 && tr.idx[k] + 1 < tr.cands[k].length) {
        tr.idx[k]++;
        return;
      }
      if (k >= 0) {
        // exhausted: restart it and move the operand before it (sizes can depend on each other)
        tr.idx[k] = 0;
        let j = k - 1;
        while (j >= 0 && tr.idx[j] + 1 >= tr.cands[j].length) j--;
        if (j >= 0) {
          tr.idx[j]++;
          return;
        }
      }
      tr.dead = true;
    });
  }
  for (const f of c.forms) {
    if (f.ok) continue;
    f.ops = f.tracks[0].ops;
    f.cands = f.tracks[0].cands;
    f.idx = f.tracks[0].idx;
    f.modAlt = 0;
  }
  const bad = c.forms.filter((f) => !f.ok);
  log(`${c.gpus[0]}: ${c.forms.length - bad.length} forms with a valid example, ${bad.length} without`);
  if (REPORT) writeFileSync(`${REPORT}.${c.gpus[0]}.bad.txt`, bad.map((f) => `${writtenMnemonic(f)}\t${f.row.page}:${f.row.mnemonic}\t${f.lastError}\t${f.lastLine}`).join('\n') + '\n');
}


// ---------------------------------------------------------------------------------------------
// 6. Register files per operand, operand modifiers (neg/abs), optional trailing operands and
//    instruction modifiers: one llvm-mc line per fact, on the valid example.

const F = { V: 1, S: 2, A: 4, INLINE: 8, LITERAL: 16, OFF: 32, SPECIAL: 64, EXPR: 128, SYMBOLIC: 256 };
const OPM = { NEG: 1, ABS: 2, SEXT: 4 };

/** Canonical modifier name from the page's modifier reference. */
function canonMod(ref) {
  if (ref === 'ds_offset80') return 'offset0';
  if (ref === 'ds_offset81') return 'offset1';
  if (/offset|^sw_offset16$/.test(ref)) return ref === 'sw_offset16' ? 'swizzle' : 'offset';
  if (ref === 'mad_mix_op_sel' || ref === 'vop3_op_sel' || ref === 'dpp_op_sel') return 'op_sel';
  if (ref === 'mad_mix_op_sel_hi') return 'op_sel_hi';
  if (ref === 'fi8' || ref === 'fi16') return 'fi';
  if (ref === 'ufmt') return 'format';
  if (/^(dpp_ctrl|dpp16_ctrl|dpp8_sel)$/.test(ref)) return 'dpp_ctrl';
  if (ref === 'omod') return 'omod';
  return ref;
}
const MOD_EXAMPLES = {
  offset: ['offset:4'], offset0: ['offset0:1'], offset1: ['offset1:1'], swizzle: ['offset:swizzle(SWAP,16)', 'offset:0xffff'],
  glc: ['glc'], slc: ['slc'], dlc: ['dlc'], scc: ['scc'], nt: ['nt'], sc0: ['sc0'], sc1: ['sc1'], gds: ['gds'], lds: ['lds'],
  tfe: ['tfe'], lwe: ['lwe'], unorm: ['unorm'], da: ['da'], a16: ['a16'], d16: ['d16'], r128: ['r128'], done: ['done'],
  compr: ['compr'], vm: ['vm'], high: ['high'], nv: ['nv'], row_en: ['row_en'], clamp: ['clamp'], omod: ['mul:2', 'div:2'],
  op_sel: ['op_sel:[0,0]', 'op_sel:[0,0,0]', 'op_sel:[0,0,0,0]'], op_sel_hi: ['op_sel_hi:[1,1]', 'op_sel_hi:[1,1,1]', 'op_sel_hi:[0,0,0]'],
  neg_lo: ['neg_lo:[0,0]', 'neg_lo:[0,0,0]'], neg_hi: ['neg_hi:[0,0]', 'neg_hi:[0,0,0]'],
  th: ['th:TH_LOAD_NT', 'th:TH_STORE_NT', 'th:TH_ATOMIC_NT'], scope: ['scope:SCOPE_SE'], format: ['format:1'],
  row_mask: ['row_mask:0xf'], bank_mask: ['bank_mask:0xf'], bound_ctrl: ['bound_ctrl:1', 'bound_ctrl:0'], fi: ['fi:1'],
  dst_sel: ['dst_sel:DWORD'], dst_unused: ['dst_unused:UNUSED_PAD'], src0_sel: ['src0_sel:DWORD'], src1_sel: ['src1_sel:DWORD'],
  cbsz: ['cbsz:0'], abid: ['abid:0'], blgp: ['blgp:0'], wait_exp: ['wait_exp:0'], wait_vdst: ['wait_vdst:0'],
  wait_va_vdst: ['wait_va_vdst:0'], wait_vm_vsrc: ['wait_vm_vsrc:0'], index_key: ['index_key:0'], byte_sel: ['byte_sel:0'],
};
/**
 * Modifiers where the probe, not the page, decides for a form with a valid example: the current
 * pages list `clamp` and `mul:`/`div:` (omod) for integer VOP3 and others that llvm-mc-19 refuses,
 * `th:`/`scope:` for SMEM prefetches, and GFX12's `nv`, which llvm-mc-19 refuses everywhere. One
 * rule (probeDecides) for both uses: which modifiers are also probed before the example's own
 * modifiers, and which the probe alone keeps.
 */
const PROBE_DECIDED = new Set(['clamp', 'omod', 'th', 'scope', 'nv']);
const probeDecides = (m, f) => (m === 'th' || m === 'scope' ? f.row.family === 'SMEM' : PROBE_DECIDED.has(m));
/** Modifiers whose presence changes the operand list (page facts, not probed). */
const PAGE_ONLY_MODS = new Set(['idxen', 'offen', 'addr64', 'dmask', 'dim', 'dpp_ctrl']);

// modifiers to test per encoding family: every modifier any page lists for that family
const familyMods = new Map();
for (const p of pages) for (const r of p.rows) {
  if (!r.family) continue;
  let s = familyMods.get(r.family);
  if (!s) familyMods.set(r.family, (s = new Set()));
  for (const m of r.mods) s.add(canonMod(m));
}
for (const fam of ['VOP3', 'VOP3P', 'MFMA']) for (const m of ['clamp', 'op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi', 'cbsz', 'abid', 'blgp', 'omod']) familyMods.get(fam)?.add(m);

function valueFile(v) {
  if (/^v(\d|\[)/.test(v)) return F.V;
  if (/^s(\d|\[)/.test(v)) return F.S;
  if (/^a(\d|\[)/.test(v)) return F.A;
  if (v === 'off') return F.OFF;
  if (/^(vcc|vcc_lo|exec|exec_lo|m0|null)$/.test(v)) return F.SPECIAL;
  if (/^(0|1|0x4d2|L0)$/.test(v)) return F.EXPR;
  return F.SYMBOLIC;
}
const regSize = (v) => {
  const m = /^[vsa]\[(\d+):(\d+)\]$/.exec(v);
  return m ? Number(m[2]) - Number(m[1]) + 1 : /^[vsa]\d+$/.test(v) ? 1 : v === 'vcc' || v === 'exec' ? 2 : 1;
};

for (const c of classes) {
  const t = c.rep;
  const probes = []; // {f, apply(ok)}
  for (const f of c.forms) {
    if (!f.ok) continue;
    const vals = f.cands.map((cs, k) => cs[f.idx[k]]);
    f.values = vals;
    f.opFiles = vals.map((v) => valueFile(v));
    f.opMods = vals.map(() => 0);
    f.sizes = vals.map((v) => regSize(v));
    f.optional = vals.map(() => false);
    f.modsOk = new Set();
    const line = (vs, extra = '') => {
      const l = buildLine(f, vs, f.modAlt).line;
      if (f.form !== 'vopdx') return l + extra;
      const i = l.indexOf(' :: ');
      return l.slice(0, i) + extra + l.slice(i);
    };
    vals.forEach((v, k) => {
      if (v === '') return;
      const file = valueFile(v);
      if (file & (F.SYMBOLIC)) return;
      const z = f.sizes[k];
      const alts = [[F.V, reg('v', vBase(k), z)], [F.S, reg('s', sBase(k), z)], [F.INLINE, '1'], [F.LITERAL, '0x4d2'], [F.OFF, 'off'], [F.SPECIAL, z === 2 ? 'exec' : 'exec_lo']];
      if (t.agprs) alts.push([F.A, reg('a', vBase(k), z)]);
      if (file === F.EXPR) alts.splice(0, alts.length, [F.INLINE, '1'], [F.LITERAL, '0x4d2'], [F.EXPR, 'L0+4']);
      for (const [bit, alt] of alts) {
        if (alt === v) continue;
        const vs = vals.slice();
        vs[k] = alt;
        probes.push({ line: line(vs), ok: () => (f.opFiles[k] |= bit) });
      }
      if (file & (F.V | F.S)) {
        for (const [bit, alt] of [[OPM.NEG, '-' + v], [OPM.ABS, '|' + v + '|'], [OPM.SEXT, 'sext(' + v + ')']]) {
          const vs = vals.slice();
          vs[k] = alt;
          probes.push({ line: line(vs), ok: () => (f.opMods[k] |= bit) });
        }
      }
    });
    // a result operand the page lists first, written only with the returning modifier
    if (/atomic/.test(f.base) && / (glc|sc0|th:TH_ATOMIC_RETURN)/.test(f.mods[f.modAlt] ?? '') && vals.length > 1) {
      const rest = f.mods[f.modAlt].replace(/ (glc|sc0|th:TH_ATOMIC_RETURN)/, '');
      const l = buildLine({ ...f, mods: [rest] }, vals.slice(1), 0).line;
      probes.push({ line: l, ok: () => { f.returnLead = true; } });
    }
    // optional trailing operands
    for (let drop = 1; drop <= Math.min(2, vals.length); drop++) {
      probes.push({ line: line(vals.slice(0, vals.length - drop)), ok: () => { for (let j = vals.length - drop; j < vals.length; j++) f.optional[j] = true; } });
    }
    // optional leading result operand of atomics (returned with glc / sc0 / th:TH_ATOMIC_RETURN)
    if (f.optLead.length && vals.length) {
      for (const z of [1, 2, 4]) for (const rm of [' glc', ' sc0', ' th:TH_ATOMIC_RETURN']) {
        probes.push({ line: line([reg('v', 200, z), ...vals], rm), ok: () => { f.leadOk = f.leadOk ?? z; } });
      }
    }
    const tested = familyMods.get(f.row.family) ?? new Set();
    for (const m of tested) {
      if (PAGE_ONLY_MODS.has(m)) continue;
      for (const ex of MOD_EXAMPLES[m] ?? []) {
        probes.push({ line: line(vals, ' ' + ex), ok: () => f.modsOk.add(m) });
        // a probe-decided modifier also right after the operands, before the example's own
        // modifiers (llvm-mc reads some modifiers only in their order: `clamp` before `op_sel`)
        if (probeDecides(m, f) && f.mods[f.modAlt] && !f.vopd) {
          probes.push({ line: buildLine({ ...f, mods: [' ' + ex + f.mods[f.modAlt]] }, vals, 0).line, ok: () => f.modsOk.add(m) });
        }
      }
    }
  }
  const res = runMc(t.name, ['L0:', ...probes.map((p) => p.line)]).slice(1);
  probes.forEach((p, i) => {
    if (res[i] === null) p.ok();
  });
  log(`${c.gpus[0]}: ${probes.length} fact probes, ${res.filter((r) => r === null).length} accepted`);
}


// ---------------------------------------------------------------------------------------------
// 7. Emit: shared signature and modifier-set tables, one line per mnemonic, per-class masks.

function requiredNames(text) {
  const out = [];
  for (const w of text.trim().split(/\s+/)) {
    if (!w) continue;
    const name = w.split(':')[0];
    if (/^(quad_perm|row_shl|row_newbcast)$/.test(name)) out.push('dpp_ctrl');
    else if (name === 'dpp8') out.push('dpp8');
    else if (name === 'gds' || name === 'dim' || name === 'format') out.push(name);
  }
  return out;
}
const sigIndex = new Map();
const modIndex = new Map();
const intern = (map, key) => {
  if (!map.has(key)) map.set(key, map.size);
  return map.get(key);
};
const entries = new Map(); // base -> Map(variantKey -> {form, family, sig, mods, verified, mask})
let dropped = 0;
let unverified = 0;
classes.forEach((c, ci) => {
  const byBase = new Map();
  for (const f of c.forms) {
    if (!byBase.has(f.base)) byBase.set(f.base, []);
    byBase.get(f.base).push(f);
  }
  for (const [base, fs] of byBase) {
    // Within the forms one written suffix selects (dpp and dpp8 share `_dpp`): keep those with a
    // valid example; when none has one, keep the page's own rows (else the borrowed ones),
    // marked unverified, so that presence per suffix stays llvm-mc's.
    const keep = new Set();
    for (const suffix of new Set(fs.map((f) => FORM_SUFFIX[f.form]))) {
      const group = fs.filter((f) => FORM_SUFFIX[f.form] === suffix);
      const ok = group.filter((f) => f.ok);
      if (group[0].vopd) {
        for (const f of ok) keep.add(f);
        continue;
      }
      const native = group.filter((f) => !f.borrowed);
      for (const f of ok.length ? ok : native.length ? native : group) keep.add(f);
    }
    for (const f of fs) {
      if (!keep.has(f)) {
        dropped++;
        continue;
      }
      let ops;
      if (f.ok) {
        ops = f.ops.map((o, k) => (f.values[k] === '' ? '' : `${o.name}.${f.sizes[k]}.${f.opFiles[k].toString(36)}.${f.opMods[k]}${f.optional[k] ? '?' : k === 0 && f.returnLead ? 'r' : ''}`)).filter(Boolean);
        if (f.leadOk) ops.unshift(`vdst.${f.leadOk}.1.0r`);
      } else {
        unverified++;
        ops = f.row.ops.map((o) => `${o.name}.${sizeGuess(o, base)}.0.0${o.ann.includes('opt') ? 'r' : ''}`);
      }
      // llvm-mc-confirmed modifiers, the returning modifier of atomics, and what the page lists
      // for this very form (a probe that failed may have failed for another reason: the union
      // errs on the side of no false error)
      const ret = /atomic/.test(base) ? ((f.mods[f.modAlt] ?? '').match(/\b(glc|sc0|th)\b/g) ?? []) : [];
      if (/atomic/.test(base) && (f.leadOk || f.returnLead)) ret.push(c.rep.generation >= 12 ? 'th' : c.rep.isGfx940 ? 'sc0' : 'glc');
      const own = f.borrowed ? [] : f.row.mods.map(canonMod).filter((m) => m !== 'dpp_ctrl' && !(f.ok && probeDecides(m, f) && !f.modsOk.has(m)));
      const mods = f.ok ? [...new Set([...f.modsOk, ...ret, ...own])].sort() : [...new Set(f.row.mods.map(canonMod))].sort();
      const fam = ['sdwa', 'dpp', 'dpp8', 'e64_dpp', 'e64_dpp8'].includes(f.form) ? family(f.row.section ?? '', base, f.form) : f.row.family;
      // modifiers the form needs to be itself (DPP control, gds of GWS / ordered count, MIMG dim)
      const req = f.ok ? requiredNames(f.mods[f.modAlt] ?? '') : [];
      const sig = intern(sigIndex, ops.join(' '));
      const mod = intern(modIndex, [...req.map((r) => '!' + r), ...mods.filter((m) => !req.includes(m))].join(' '));
      const key = `${f.form}|${fam}|${sig}|${mod}|${f.ok ? 1 : 0}`;
      if (!entries.has(base)) entries.set(base, new Map());
      const m = entries.get(base);
      const e = m.get(key) ?? { form: f.form, family: fam, sig, mod, verified: f.ok, mask: 0 };
      e.mask |= 1 << ci;
      m.set(key, e);
    }
  }
});
log(`entries: ${entries.size} mnemonics; signatures ${sigIndex.size}; modifier sets ${modIndex.size}; dropped forms ${dropped}; unverified ${unverified}`);

const FAMILIES = [...new Set([...entries.values()].flatMap((m) => [...m.values()].map((e) => e.family)))].sort();
const lines = [...entries.keys()].sort().map((b) =>
  b + ' ' + [...entries.get(b).values()].map((e) => `${e.form}:${FAMILIES.indexOf(e.family).toString(36)}:${e.sig.toString(36)}:${e.mod.toString(36)}:${e.mask.toString(36)}${e.verified ? '' : ':u'}`).join(' '),
);
const q = (s) => JSON.stringify(s);
const out = `// Generated by scripts/gen-amdgpu-instructions.mjs from LLVM's AMDGPU syntax pages, checked
// against llvm-mc-19 (${AMDGPU_TARGETS.length} processors). Do not edit; see docs/amdgpu-instructions.md.
/* eslint-disable */

/** GPU classes (processors with the same instruction set), space-separated names, in mask-bit order. */
export const GPU_CLASSES: readonly string[] = ${q(classes.map((c) => c.gpus.join(' ')))};

/** Encoding families, indexed by the entries. */
export const FAMILIES: readonly string[] = ${q(FAMILIES)};

/** Operand signatures: operands separated by spaces, each \`name.size.files(base 36).opmods[?|r]\`. */
export const SIGNATURES: readonly string[] = ${q([...sigIndex.keys()])};

/** Modifier sets: canonical modifier names separated by spaces. */
export const MODIFIER_SETS: readonly string[] = ${q([...modIndex.keys()])};

/** One line per mnemonic: \`base form:family:sig:mods:classmask[:u] ...\` (numbers in base 36). */
export const ENTRIES: string = ${q(lines.join('\n'))};
`;
writeFileSync(OUT, out);
log(`wrote ${OUT}: ${out.length} bytes`);
// ---------------------------------------------------------------------------------------------
// 8. Report: where llvm-mc-19 differs from each page (on the processors the page describes)

if (REPORT) {
  const PAGE_GPU = { GFX7: 'gfx700', GFX8: 'gfx803', GFX9: 'gfx900', GFX940: 'gfx942', GFX10: 'gfx1010', GFX11: 'gfx1100', GFX12: 'gfx1200' };
  const out = [];
  for (const p of pages) {
    const gpu = PAGE_GPU[p.id];
    const c = classes.find((x) => x.gpus.includes(gpu));
    const listed = new Set(p.rows.filter((r) => r.base && r.form !== null).map((r) => r.base));
    const notInMc = [...listed].filter((b) => !c.set.has(b)).sort();
    const notOnPage = knownBases.filter((b) => c.set.has(b) && !listed.has(b));
    let countDiff = 0;
    let modsOnlyPage = 0;
    let modsOnlyMc = 0;
    const examples = [];
    for (const f of c.forms) {
      if (!f.ok || f.borrowed || f.row.page !== p.id) continue;
      const pageCount = f.row.ops.filter((o) => !o.ann.includes('opt')).length;
      if (pageCount !== f.ops.length) {
        countDiff++;
        if (examples.length < 15) examples.push(`${writtenMnemonic(f)}: page ${pageCount} operands, llvm-mc ${f.ops.length}`);
      }
      const pm = new Set(f.row.mods.map(canonMod).filter((m) => !PAGE_ONLY_MODS.has(m)));
      for (const m of pm) if (!f.modsOk.has(m)) modsOnlyPage++;
      for (const m of f.modsOk) if (!pm.has(m)) modsOnlyMc++;
    }
    out.push(`## ${p.id} page vs llvm-mc-19 -mcpu=${gpu}`);
    out.push(`listed but rejected by llvm-mc (${notInMc.length}): ${notInMc.join(' ')}`);
    out.push(`accepted by llvm-mc but not listed (${notOnPage.length}): ${notOnPage.join(' ')}`);
    out.push(`forms whose operand count differs: ${countDiff}; ${examples.join('; ')}`);
    out.push(`modifiers listed but rejected: ${modsOnlyPage}; accepted but not listed: ${modsOnlyMc}`);
    out.push('');
  }
  writeFileSync(REPORT + '.pages.md', out.join('\n'));
}
if (REPORT) writeFileSync(REPORT + '.classes.json', JSON.stringify(classes.map((c) => ({ gpus: c.gpus, forms: c.forms.length, ok: c.forms.filter((f) => f.ok).length }))));
