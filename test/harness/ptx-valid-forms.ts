/**
 * Concrete instruction lines from the syntax reference's forms (session 18's held-out source, the
 * bounded version of /work/heldout8/ptx/gen.mjs): per form, modifiers drawn from its sets (optional
 * ones present or absent), operands chosen by operand name and the form's types (registers of the
 * type's width, braced vectors by `.vN`/`.xN`/matrix shape, addresses `[%rd1]`, `[%rd1+8]`, `[gbuf]`,
 * immediates, predicates). Many lines are invalid (the operand guess is rough): ptxas judges, and
 * only the lines it takes matter. The module around them: moduleHeader and kernelDeclarations.
 */
import { syntaxFamilies } from '../../src/ptx/instructions/syntax.generated.js';
import { splitOperands } from './ptx-insn-mutate.js';

export interface FormLine {
  family: string;
  form: string;
  line: string;
}

/** The module's head: version, target, and the variables lines name. */
export const moduleHeader = (arch: string, version: string): string =>
  `.version ${version}\n.target ${arch}\n.address_size 64\n.global .align 16 .b8 gbuf[1024];\n.shared .align 16 .b8 sbuf[1024];\n` +
  `.const .align 16 .b8 cbuf[256];\n.global .texref tex0;\n.global .surfref surf0;\n`;

/** A kernel's register declarations (.b128 from .version 8.3). */
export const kernelDeclarations = (version: string): string =>
  `.reg .pred %p<16>;\n.reg .b8 %b<16>;\n.reg .b16 %h<16>;\n.reg .b32 %r<200>;\n.reg .b64 %rd<40>;\n` +
  (Number(version) >= 8.3 ? '.reg .b128 %q<8>;\n' : '') +
  '.reg .f32 %f<16>;\n.reg .f64 %fd<16>;\n.reg .u32 %u<16>;\n.reg .s32 %s<16>;\n.reg .u64 %ud<16>;\n.reg .s64 %sd<16>;\n' +
  '.reg .f16 %hf<16>;\n.reg .f16x2 %hh<16>;\n.reg .u16 %us<16>;\n.reg .s16 %ss<16>;\n.local .align 16 .b8 lbuf[64];\n';

const TYPE_RE = /^\.(pred|[bsuf](8|16|32|64|128)|f16x2|bf16x2|bf16|tf32|f32x2|[su]16x2|e4m3x[24]|e5m2x[24]|e2m3x[24]|e3m2x[24]|e2m1x[24]|ue8m0x2|e4m3|e5m2|e2m1|e2m3|e3m2|u4|s4|b1|ue8m0|ue4m3)$/;
const BREG: Record<number, string> = { 1: '%p', 8: '%b', 16: '%h', 32: '%r', 64: '%rd', 128: '%q' };
const TREG: Record<string, string> = { '.f32': '%f', '.f64': '%fd', '.u32': '%u', '.s32': '%s', '.u64': '%ud', '.s64': '%sd', '.f16': '%hf', '.u16': '%us', '.s16': '%ss', '.f16x2': '%hh' };
const BITS: Record<string, number> = { '.f16': 16, '.bf16': 16, '.tf32': 32, '.f32': 32, '.f64': 64, '.s8': 8, '.u8': 8, '.e4m3': 8, '.e5m2': 8, '.e3m2': 8, '.e2m3': 8, '.e2m1': 4, '.s4': 4, '.u4': 4, '.b1': 1, '.s32': 32 };

function width(t: string): number {
  const m = /^\.[bsuf](\d+)$/.exec(t);
  if (m) return Number(m[1]);
  if (t === '.pred') return 1;
  if (t === '.f32x2') return 64;
  if (['.bf16', '.e4m3x2', '.e5m2x2', '.e2m3x2', '.e3m2x2', '.ue8m0x2'].includes(t)) return 16;
  if (t === '.e2m1x2') return 8;
  return 32;
}

/** A generator for one seed (xorshift32). */
export class FormLineGenerator {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  private rnd(): number {
    let s = this.s;
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    this.s = s;
    return s / 4294967296;
  }
  private pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.rnd() * a.length)]!;
  }

  /** Every form of the reference: family, form line and its sets. */
  static forms(): { family: string; form: string; sets: Readonly<Record<string, readonly string[]>> }[] {
    const out: { family: string; form: string; sets: Readonly<Record<string, readonly string[]>> }[] = [];
    for (const f of syntaxFamilies()) for (const b of f.blocks) for (const form of b.forms) out.push({ family: f.family, form, sets: b.sets });
    return out;
  }

  /** One concrete line of `form`: modifier values drawn from `sets`. */
  line(family: string, form: string, sets: Readonly<Record<string, readonly string[]>>): string {
    const m = /^(\S+)\s*(.*)$/.exec(form)!;
    const pieces = this.opcodePieces(m[1]!);
    const mods: string[] = [];
    let text = pieces.head;
    const value = (p: string): string => {
      const vals = sets[p.slice(1)];
      if (!vals) return p;
      const v = this.pick(vals);
      return v === 'none' ? '' : v;
    };
    for (const p of pieces.rest) {
      if (typeof p === 'string') { const v = value(p); mods.push(v); text += v; }
      else if (this.rnd() < 0.5) for (const q of p) { const v = value(q); mods.push(v); text += v; }
    }
    const types = mods.filter((x) => TYPE_RE.test(x));
    const items = this.operandItems(m[2]!);
    const variant = Math.floor(this.rnd() * 3);
    const ctx: Ctx = { vec: this.vecSpec(family, mods), fam: family, sets, mods, types, typed: variant === 1, immLast: variant === 2, nOps: items.length };
    const ops = items.map((it, i) => this.operand(it, ctx, i)).filter((x): x is string => x !== null);
    return `${text}${ops.length ? ' ' + ops.join(', ') : ''};`;
  }

  private opcodePieces(op: string): { head: string; rest: (string | string[])[] } {
    const m = /^([a-z_0-9]+)(.*)$/.exec(op)!;
    const rest: (string | string[])[] = [];
    const re = /\{([^}]*)\}|(\.[^.{]+)/g;
    let x: RegExpExecArray | null;
    while ((x = re.exec(m[2]!))) rest.push(x[1] !== undefined ? (x[1].match(/\.[^.]+/g) ?? []) : x[2]!);
    return { head: m[1]!, rest };
  }

  private operandItems(ops: string): string[] {
    const t = ops.replace(/\{\s*,\s*([^{}]*?)\s*\}/g, ', ?$1').replace(/\{\s*([^{},]*?),\s*\}/g, '?$1,');
    return splitOperands(t).filter((x) => x !== '');
  }

  private reg(t: string, n: number, typed: boolean): string {
    if (typed && TREG[t]) return `${TREG[t]}${n}`;
    return `${BREG[width(t)] ?? '%r'}${n}`;
  }

  private imm(t: string): string {
    if (t === '.f32') return this.pick(['0f3F800000', '0f00000000', '1.0']);
    if (t === '.f64') return this.pick(['0d3FF0000000000000', '0d0000000000000000']);
    return this.pick(['1', '7', '0x10']);
  }

  private address(name: string, ctx: Ctx): string {
    if (/tmem/.test(name) || ctx.fam.startsWith('tcgen05')) return this.pick(['[%r1]', '[%r2+16]']);
    let sym = 'gbuf';
    for (const m of ctx.mods) {
      if (/^\.shared/.test(m)) sym = 'sbuf';
      else if (m === '.const') sym = 'cbuf';
      else if (m === '.local') sym = 'lbuf';
    }
    return this.pick(['[%rd1]', '[%rd1+8]', `[${sym}]`, `[${sym}+16]`]);
  }

  private vecSpec(fam: string, mods: string[]): Record<string, [number, string]> {
    const v = mods.find((m) => /^\.v(2|4|8)$/.test(m));
    const n = v ? Number(v.slice(2)) : 0;
    const types = mods.filter((x) => TYPE_RE.test(x));
    const last = types[types.length - 1] ?? '.b32';
    const spec: Record<string, [number, string]> = {};
    if (/^(ld|ldu|ld.global.nc|multimem.ld_reduce)$/.test(fam) && n) spec['d'] = [n, last];
    if (/^(st|multimem.ld_reduce)$/.test(fam) && n) spec['b'] = [n, last];
    if (/^(atom|red)$/.test(fam) && n) spec['d'] = spec['b'] = [n, last];
    if (fam === 'suld' && n) spec['d'] = [n, last];
    if (fam === 'sust' && n) spec['c'] = [n, last];
    if (fam === 'tex' || fam === 'tld4') {
      const geom = mods.find((m) => /^\.(1d|2d|3d|a1d|a2d|cube|acube|2dms|a2dms)$/.test(m)) ?? '.2d';
      const cn = ({ '.1d': 1, '.2d': 2, '.a1d': 2 } as Record<string, number>)[geom] ?? 4;
      spec['d'] = [n || 4, types[0] ?? '.b32'];
      spec['c'] = [cn, last];
      spec['e'] = [geom === '.3d' ? 4 : cn === 1 ? 1 : 2, '.s32'];
      spec['dPdx'] = spec['dPdy'] = [cn, '.f32'];
    }
    if (/^(suld|sust|sured)$/.test(fam)) {
      const geom = mods.find((m) => /^\.(1d|2d|3d|a1d|a2d)$/.test(m)) ?? '.1d';
      spec['b'] = [({ '.1d': 1, '.2d': 2, '.a1d': 2 } as Record<string, number>)[geom] ?? 4, '.b32'];
    }
    const dim = mods.find((m) => /^\.[1-5]d$/.test(m));
    if (/^cp.*tensor/.test(fam) && dim) {
      spec['tensorCoords'] = [Number(dim[1]), '.b32'];
      spec['im2colInfo'] = [Math.max(1, Number(dim[1]) - 2), '.b16'];
    }
    const x = mods.find((m) => /^\.x\d+$/.test(m));
    const xn = x ? Number(x.slice(2)) : 1;
    if (fam === 'ldmatrix' || fam === 'stmatrix') spec['r'] = [xn, '.b32'];
    if (fam === 'tcgen05.ld' || fam === 'tcgen05.st') spec['r'] = [xn * (mods.includes('.16x128b') ? 2 : mods.includes('.16x256b') ? 4 : 1), '.b32'];
    const sh = mods.map((m) => /^\.m(\d+)n(\d+)k(\d+)$/.exec(m)).find(Boolean);
    if (sh && /^(mma|mma.sp|wmma|wgmma)/.test(fam)) {
      const [M, N, K] = [Number(sh[1]), Number(sh[2]), Number(sh[3])];
      const tl = types.filter((t) => BITS[t] !== undefined);
      const sparse = /sp/.test(fam) || mods.some((m) => /^\.sp/.test(m));
      const dt = tl[0] ?? '.f32', at = tl[1] ?? dt, bt = tl[2] ?? at, ct = tl[3] ?? dt;
      const f8 = mods.includes('.kind::f8f6f4');
      const ab = (t: string): number => (f8 ? 8 : BITS[t]!);
      const cnt = (elems: number, bits: number): number => Math.max(1, Math.round((elems * bits) / 1024));
      const wide = (t: string): string => (t === '.f64' ? '.b64' : '.b32');
      const div = (t: string): number => (t === '.f64' ? 2 : 1);
      const mul = this.rnd() < 0.3 ? 2 : 1;
      if (fam.startsWith('wgmma')) { spec['d'] = [Math.max(1, (64 * N * BITS[dt]!) / 4096), '.b32']; spec['a'] = [4, '.b32']; }
      else if (fam === 'wmma.load' || fam === 'wmma.store') spec['r'] = [this.pick([1, 2, 4, 8]), mods.includes('.f64') ? '.b64' : '.b32'];
      else {
        spec['a'] = [Math.max(1, (cnt(M * (sparse ? K / 2 : K), ab(at)) * mul) / div(at)), wide(at)];
        spec['b'] = [Math.max(1, (cnt(K * N, ab(bt)) * mul) / div(bt)), wide(bt)];
        spec['c'] = [Math.max(1, cnt(M * N, BITS[ct]!) / div(ct)), wide(ct)];
        spec['d'] = [Math.max(1, cnt(M * N, BITS[dt]!) / div(dt)), wide(dt)];
      }
    }
    return spec;
  }

  private operandType(name: string, i: number, ctx: Ctx): string {
    const { fam, types, mods } = ctx;
    const first = types[0] ?? '.b32', last = types[types.length - 1] ?? '.b32';
    if (/^(p|q|pred|scale-d|enable-input-d|scale-input-d)$/.test(name)) return '.pred';
    if (fam === 'setp') return i <= 0 || name === 'c' ? '.pred' : last;
    if (fam === 'set') return name === 'd' ? first : name === 'c' ? '.pred' : last;
    if (fam === 'selp') return name === 'c' ? '.pred' : last;
    if (fam === 'slct') return name === 'c' ? last : first;
    if (fam === 'cvt' || fam === 'cvt.pack') return name === 'rbits' ? '.b32' : name === 'd' ? first : last;
    if (/^(shl|shr)$/.test(fam) && name === 'b') return '.u32';
    if (fam === 'bfe' && /^[bc]$/.test(name)) return '.u32';
    if (fam === 'bfi' && /^[cd]$/.test(name) && name === 'c') return '.u32';
    if (/^(mul|mad)$/.test(fam) && mods.includes('.wide') && (name === 'd' || (fam === 'mad' && name === 'c'))) return '.b' + 2 * width(last);
    if (/^(dp4a|dp2a|prmt|lop3|shf|bmsk|szext|vote|vote.sync|shfl|shfl.sync|activemask|elect.sync|getctarank)$/.test(fam)) return '.b32';
    if (/^(bfind|popc|clz|fns|cnot)$/.test(fam)) return name === 'd' ? '.b32' : last;
    if (fam === 'testp') return name === 'd' ? '.pred' : last;
    if (fam === 'mapa') return name === 'b' ? '.b32' : last;
    if (fam === 'match.sync' || fam === 'redux.sync') return name === 'a' ? last : '.b32';
    if (/^(state|base|new_val|s-desc|a-desc|b-desc|cache-policy|ptr)$/.test(name)) return '.b64';
    if (/^(membermask|index|mask|count|txCount|tx_count|phaseParity|offset|initval|idesc|nCols|ord|lod)$/.test(name)) return '.b32';
    if (name === 'fraction') return '.f32';
    return name === 'd' ? first : last;
  }

  private immFor(name: string): string {
    switch (name) {
      case 'imm-reg-count': return this.pick(['32', '64', '240']);
      case 'nCols': return this.pick(['32', '64', '128']);
      case 'cp-size': return this.pick(['4', '8', '16']);
      case '16': return '16';
      case 'fraction': return '0.5';
      case 'immLut': return '0x96';
      case 'immAlign': return '8';
      case 'N': case 'waitComplete': return '1';
      case 'imm-trans-a': case 'imm-trans-b': return '0';
      case 'imm-scale-a': case 'imm-scale-b': return this.pick(['1', '-1']);
      default: return this.pick(['16', '32', '4', '64', '128']);
    }
  }

  private operand(item: string, ctx: Ctx, i: number): string | null {
    let t = item;
    if (t.startsWith('?')) {
      t = t.slice(1).trim();
      if (this.rnd() < 0.5) return null;
    }
    if (t === '_') return '_';
    t = t.replace(/\{!\}/, () => (this.rnd() < 0.3 ? '!' : '')).replace(/\{-\}/, () => (this.rnd() < 0.3 ? '-' : ''));
    const sign = t.startsWith('!') || t.startsWith('-') ? t[0]! : '';
    if (sign) t = t.slice(1);
    let sel = '';
    t = t.replace(/\{\.(\w+)\}/, (_, n: string) => {
      const vals = ctx.sets[n];
      if (vals && this.rnd() < 0.5) sel = this.pick(vals);
      return '';
    });
    t = t.replace(/\.dsel$/, () => {
      sel = this.pick(ctx.sets['dsel'] ?? ['.h0']);
      return '';
    });
    if (/^\(.*\)$/.test(t)) return '(%r1)';
    if (t.includes('|')) {
      const x = this.operand(t.replace(/[{}]/g, '').split('|')[0]!, ctx, i);
      return t.includes('{|') && this.rnd() < 0.5 ? x : `${x}|%p${2 + i}`;
    }
    if (/^\{.*\}$/.test(t)) return '{' + splitOperands(t.slice(1, -1)).map((x, k) => (x === '_' ? '_' : this.operand(x, ctx, i * 4 + k))).join(', ') + '}';
    if (/^\[.*\]$/.test(t)) {
      const inner = splitOperands(t.slice(1, -1));
      if (inner.length === 1) return this.address(inner[0]!, ctx);
      const handle = (x: string): string => (x === 'a' ? (/^(tex|tld4)/.test(ctx.fam) ? 'tex0' : 'surf0') : this.pick(['%rd3', 'gbuf']));
      return '[' + inner.map((x, k) => (k === 0 && /tensorMap|^a$/.test(x) ? handle(x) : this.operand(x.replace(/^\?/, ''), ctx, i + k))).filter((x) => x !== null).join(', ') + ']';
    }
    if (/^(tgt|label|func|fname|kernel|fptr|flist|fproto|tlist)$/.test(t)) return 'L_end';
    if (t === 'try_cancel_response') return '%q1';
    if (t === 'rbits') return '%r9';
    if (t === 'reg' || t === 'dst' || t === 'src') return `%rd${4 + i}`;
    if (/^(size|N|imm.*|count|nCols|txCount|tx_count|cp-size|src-size|16|access-property|primary-size|total-size|fraction|suspendTimeHint|t|waitComplete)$/.test(t)) return this.immFor(t);
    const v = ctx.vec[t];
    if (v && v[0] >= 1) return v[0] === 1 && this.rnd() < 0.5 ? vector(1, v[1]).slice(1, -1) : vector(v[0], v[1]);
    const ty = this.operandType(t, i, ctx);
    if (i > 0 && ctx.immLast && i === ctx.nOps - 1 && ty !== '.pred') return this.imm(ty);
    return sign + this.reg(ty, 1 + i, ctx.typed) + sel;
  }
}

interface Ctx {
  vec: Record<string, [number, string]>;
  fam: string;
  sets: Readonly<Record<string, readonly string[]>>;
  mods: string[];
  types: string[];
  typed: boolean;
  immLast: boolean;
  nOps: number;
}

function vector(n: number, t: string): string {
  const b = BREG[width(t)] ?? '%r';
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(b + ((b === '%rd' ? 10 + i : i) % (b === '%rd' ? 40 : b === '%r' ? 200 : 16)));
  return '{' + out.join(', ') + '}';
}

