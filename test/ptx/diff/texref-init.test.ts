/**
 * Differential: random `.texref` / `.samplerref` / `.surfref` declarations with field initializers
 * (`{ addr_mode_0 = clamp_to_border, filter_mode = nearest }`), valid ones and near misses: fields
 * of another type or misspelt, unknown value words, bare values and nested lists among the fields,
 * trailing commas, missing values, too many elements, empty unsized arrays, single fields in place
 * of lists, other state spaces and linkages, both texture modes; now and then a data variable with
 * a field among its values. Tokens are joined by spaces or line breaks at random, so the line of
 * each error is put to the test. gpuasm's verdict and first error line must equal ptxas's, and for
 * modules both accept, every variable's size and bytes (arrays of handles) must equal the cubin's.
 * Replay with GPUASM_SEED=<seed>; scale with GPUASM_FUZZ_RUNS.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';
import { compareLayouts } from '../../harness/ptx-layout-diff.js';
import { cubinVariables } from '../../harness/cubin.js';
import { layoutPtx } from '../../../src/ptx/index.js';

if (ptxasSkipReason) console.log(`ptx texref initializers differential skipped: ${ptxasSkipReason}`);

const FIELDS: Record<string, string[]> = {
  '.texref': ['width', 'height', 'depth', 'channel_data_type', 'channel_order', 'normalized_coords', 'filter_mode', 'addr_mode_0', 'addr_mode_1', 'addr_mode_2', 'array_size', 'num_mipmap_levels', 'num_samples'],
  '.samplerref': ['force_unnormalized_coords', 'filter_mode', 'addr_mode_0', 'addr_mode_1', 'addr_mode_2'],
  '.surfref': ['width', 'height', 'depth', 'channel_data_type', 'channel_order', 'array_size', 'memory_layout'],
};
const ALL_FIELDS = [...new Set(Object.values(FIELDS).flat())];
const WORDS = ['wrap', 'mirror', 'clamp_ogl', 'clamp_to_edge', 'clamp_to_border', 'nearest', 'linear'];

/** A case as tokens; `layOut` decides where line breaks go. */
type Tokens = string[];

const value: fc.Arbitrary<Tokens> = fc.oneof(
  { arbitrary: fc.constantFrom(...WORDS).map((w) => [w]), weight: 8 },
  { arbitrary: fc.constantFrom('0', '1', '2', '0x10B5', '4272', '7', '18446744073709551615', 'WARP_SZ').map((w) => [w]), weight: 6 },
  { arbitrary: fc.constantFrom<Tokens>(['1', '+', '2'], ['(', '3', ')'], ['-', '1'], ['1.5'], ['0f3f800000'], ['1', '<<', '40'], ['1', '?', '2', ':', '3'], ['!', '0']), weight: 3 },
);

function fieldArb(type: string): fc.Arbitrary<Tokens> {
  return fc.tuple(fc.constantFrom(...(FIELDS[type] ?? ALL_FIELDS)), value).map(([n, v]) => [n, '=', ...v]);
}

function listOf(els: Tokens[]): Tokens {
  const out: Tokens = ['{'];
  els.forEach((e, i) => {
    if (i > 0) out.push(',');
    out.push(...e);
  });
  out.push('}');
  return out;
}

/** `{ field, field, ... }` for one handle. */
const structArb = (type: string): fc.Arbitrary<Tokens> => fc.array(fieldArb(type), { minLength: 0, maxLength: 4 }).map(listOf);

/** A list for dimensions `dims` (sizes; 0 = unsized outer); now and then a field in an element's place. */
function listArb(type: string, dims: number[]): fc.Arbitrary<Tokens> {
  if (dims.length === 0) return structArb(type);
  const n = dims[0]!;
  const element = fc.oneof({ arbitrary: listArb(type, dims.slice(1)), weight: 12 }, { arbitrary: fieldArb(type), weight: 1 });
  return fc.array(element, { minLength: n === 0 ? 1 : 0, maxLength: n === 0 ? 3 : n }).map(listOf);
}

/** Index of the `}` closing the `{` at `open`. */
function closing(t: Tokens, open: number): number {
  let depth = 0;
  for (let k = open; k < t.length; k++) {
    if (t[k] === '{') depth++;
    else if (t[k] === '}' && --depth === 0) return k;
  }
  return t.length - 1;
}

/** One defect put into a valid declaration (each the kind of slip a writer makes); false: not applicable. */
const MUTATIONS: Record<string, (t: Tokens, type: string, pick: (n: number) => number) => boolean> = {
  'unknown value word': (t, _ty, pick) => replaceAt(t, pick, (x) => WORDS.includes(x), () => ['bilinear']),
  'value word with an operator': (t, _ty, pick) => replaceAt(t, pick, (x) => WORDS.includes(x), (x) => [x, '+', '1']),
  'field of another type': (t, type, pick) => {
    const others = ALL_FIELDS.filter((f) => !(FIELDS[type] ?? []).includes(f)).concat(['addr_mode_3', 'Width', 'foo']);
    return replaceAt(t, pick, (x, k) => t[k + 1] === '=' && (t[k - 1] === '{' || (t[k - 1] === ',' && !/^v\d/.test(x))), () => [others[pick(others.length)]!]);
  },
  'trailing comma': (t, _ty, pick) => replaceAt(t, pick, (x, k) => x === '}' && t[k - 1] !== '{', (x) => [',', x]),
  'missing value': (t, _ty, pick) => replaceAt(t, pick, (x, k) => t[k - 1] === '=' && (t[k + 1] === ',' || t[k + 1] === '}'), () => []),
  'bare value among fields': (t, _ty, pick) => replaceAt(t, pick, (x, k) => x === '{' && t[k + 2] === '=', () => ['{', '1', ',']),
  'nested field list': (t, _ty, pick) => replaceAt(t, pick, (x, k) => x === '{' && t[k + 2] === '=', () => ['{', '{', ...['width', '=', '1'], '}', ',']),
  'one element too many': (t, _ty, pick) => replaceAt(t, pick, (x, k) => x === '{' && t[k - 1] === '=', () => ['{', '{', '}', ',', '{', '}', ',', '{', '}', ',']),
  'value for a field list': (t, _ty, pick) => {
    const opens = t.map((x, k) => (x === '{' && t[k + 1] !== '{' ? k : -1)).filter((k) => k >= 0);
    if (opens.length === 0) return false;
    const k = opens[pick(opens.length)]!;
    t.splice(k, closing(t, k) - k + 1, '2');
    return true;
  },
  'division by zero': (t, _ty, pick) => replaceAt(t, pick, (x) => /^\d+$/.test(x), () => ['1', '/', '0']),
  'cast of another type': (t, _ty, pick) => replaceAt(t, pick, (x) => /^\d+$/.test(x), () => ['(.s32)', '1']),
  'another state space': (t, _ty, pick) => {
    const sp = ['.const', '.shared', '.extern .global', '.common .global', '.local'][pick(5)]!.split(' ');
    const k = t.findIndex((x) => x === '.texref' || x === '.samplerref' || x === '.surfref' || x === '.u32');
    t.splice(0, k, ...sp);
    return true;
  },
  'empty unsized list': (t) => {
    const k = t.indexOf('[');
    if (k < 0 || t[k + 1] !== ']') return false;
    const eq = t.indexOf('=');
    if (eq < 0) return false;
    t.splice(eq + 1, closing(t, eq + 1) - eq, '{', '}');
    return true;
  },
};

function replaceAt(t: Tokens, pick: (n: number) => number, where: (x: string, k: number) => boolean, by: (x: string) => Tokens): boolean {
  const eq = t.indexOf('=');
  const at: number[] = [];
  for (let k = Math.max(0, eq); k < t.length; k++) if (where(t[k]!, k)) at.push(k);
  if (at.length === 0) return false;
  const k = at[pick(at.length)]!;
  t.splice(k, 1, ...by(t[k]!));
  return true;
}

const SPACES = fc.constantFrom('.global', '.global', '.visible .global', '.weak .global');

/** One declaration, as a function of its case number (names v<i>, v<i>b) and whether it may be broken. */
const caseArb = fc
  .tuple(
    fc.constantFrom('.texref', '.samplerref', '.surfref', '.texref', '.samplerref', '.u32'),
    fc.constantFrom<number[]>([], [], [], [2], [0], [3], [2, 2], [0, 2]),
    SPACES,
    fc.nat(6),
    fc.nat(1 << 30),
    fc.boolean(),
  )
  .chain(([type, dims, space, extra, choice, broken]) => {
    const init: fc.Arbitrary<Tokens | undefined> =
      type === '.u32'
        ? fc.array(fc.oneof({ arbitrary: fc.constant<Tokens>(['5']), weight: 3 }, { arbitrary: fieldArb(type), weight: 2 }), { minLength: 1, maxLength: 3 }).map(listOf)
        : fc.oneof({ arbitrary: listArb(type, dims), weight: 12 }, { arbitrary: fc.constant(undefined), weight: 1 });
    const second = extra === 0 && type !== '.u32' ? structArb(type) : fc.constant(undefined);
    const dimsFor = type === '.u32' ? [3] : dims;
    return fc.tuple(init, second).map(([i1, i2]) => (i: number, independent: boolean): { tokens: Tokens; mutation?: string } => {
      const t: Tokens = [...space.split(' '), type, `v${i}`];
      for (const n of dimsFor) t.push('[', ...(n === 0 ? [] : [String(n)]), ']');
      if (i1 !== undefined || dimsFor[0] === 0) t.push('=', ...(i1 ?? ['{', '{', '}', '}']));
      if (extra === 0) {
        t.push(',', `v${i}b`);
        if (i2) t.push('=', ...i2);
      }
      t.push(';');
      // A single .samplerref is already wrong in unified mode: one defect per case.
      const singleSampler = type === '.samplerref' && (dimsFor.length === 0 || extra === 0);
      if (!broken || (singleSampler && !independent)) return { tokens: t };
      let state = choice || 1;
      const pick = (n: number): number => {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        return state % n;
      };
      const names = Object.keys(MUTATIONS);
      for (let attempt = 0; attempt < 4; attempt++) {
        const name = names[pick(names.length)]!;
        if (MUTATIONS[name]!(t, type, pick)) return { tokens: t, mutation: name };
      }
      return { tokens: t };
    });
  });

/** Joins tokens with spaces, and with line breaks where `breaks` says. */
function layOut(tokens: Tokens, breaks: boolean[]): string {
  let s = tokens[0]!;
  for (let k = 1; k < tokens.length; k++) s += (breaks[k % breaks.length] ? '\n' : ' ') + tokens[k];
  return s;
}

interface Case {
  text: string;
  lines: number;
}

function header(independent: boolean): string {
  return `.version 8.5\n.target sm_80${independent ? ', texmode_independent' : ''}\n.address_size 64\n`;
}

function ours(text: string): { errorLine?: number; message?: string } {
  const r = layoutPtx('case.ptx', text);
  const e = r.diagnostics.find((d) => d.severity === 'error');
  return e ? { errorLine: e.location?.line, message: `${e.code} ${e.message}` } : {};
}

describe('PTX texture/sampler/surface initializers vs ptxas', { skip: ptxasSkipReason }, () => {
  for (const independent of [true, false]) {
    test(`random field initializers, ${independent ? 'texmode_independent' : 'texmode_unified'}`, () => {
      const seed = fuzzSeed() + (independent ? 0 : 1);
      const runs = fuzzRuns(300);
      const makers = fc.sample(fc.tuple(caseArb, fc.array(fc.nat(9).map((n) => n === 0), { minLength: 7, maxLength: 7 })), { seed, numRuns: runs });
      const head = header(independent);
      const headLines = head.split('\n').length - 1;
      const cases: Case[] = makers.map(([make, breaks], i) => {
        const { tokens, mutation } = make(i, independent);
        const text = layOut(tokens, breaks);
        return { text: mutation ? `// ${mutation}\n${text}` : text, lines: text.split('\n').length + (mutation ? 1 : 0) };
      });
      const mismatches: string[] = [];
      let acceptedByBoth = 0;
      let rejectedByBoth = 0;
      let ptxasRuns = 0;
      const accepted: Case[] = [];
      for (const c of cases) {
        const text = head + c.text + '\n';
        const g = ours(text);
        if (g.errorLine === undefined) {
          accepted.push(c);
          continue;
        }
        const p = runPtxas(text);
        ptxasRuns++;
        if (p.ok) {
          mismatches.push(`gpuasm rejects (${g.message}, line ${g.errorLine}), ptxas accepts:\n${c.text}`);
          continue;
        }
        rejectedByBoth++;
        // A crash gives no line (recorded divergences): then the verdict alone is compared.
        if (p.firstErrorLine !== undefined && p.firstErrorLine !== g.errorLine)
          mismatches.push(`first error line: gpuasm ${g.errorLine} (${g.message}), ptxas ${p.firstErrorLine} (${p.messages.find((m) => m.line === p.firstErrorLine)?.message}):\n${c.text}`);
      }
      // Accepted cases: many per module; a rejected one is found by its line and taken out.
      for (let i = 0; i < accepted.length; i += 60) {
        let batch = accepted.slice(i, i + 60);
        for (let attempt = 0; batch.length > 0 && attempt < 20; attempt++) {
          const text = head + batch.map((c) => c.text).join('\n') + '\n';
          const p = runPtxas(text, { keepCubin: true });
          ptxasRuns++;
          if (p.ok && p.cubin) {
            const r = layoutPtx('batch.ptx', text);
            const errs = r.diagnostics.filter((d) => d.severity === 'error');
            if (errs.length) mismatches.push(`gpuasm rejects the batch it accepted case by case: ${errs[0]!.message} (line ${errs[0]!.location?.line})`);
            else mismatches.push(...compareLayouts(r.variables, cubinVariables(p.cubin), (n) => `variable ${n}`));
            acceptedByBoth += batch.length;
            break;
          }
          let at = headLines + 1;
          const bad = batch.findIndex((c) => {
            const hit = p.firstErrorLine !== undefined && p.firstErrorLine >= at && p.firstErrorLine < at + c.lines;
            at += c.lines;
            return hit;
          });
          if (bad < 0) {
            // No line to go by (a crash): one module per case.
            for (const c of batch) {
              const single = runPtxas(head + c.text + '\n');
              ptxasRuns++;
              if (!single.ok) mismatches.push(`gpuasm accepts, ptxas rejects: ${single.stderr.trim().split('\n')[0]}\n${c.text}`);
              else acceptedByBoth++;
            }
            break;
          }
          mismatches.push(`gpuasm accepts, ptxas rejects: ${p.messages.find((m) => m.line === p.firstErrorLine)?.message}\n${batch[bad]!.text}`);
          batch = batch.filter((_, j) => j !== bad);
        }
      }
      console.log(
        `ptx texref initializers (${independent ? 'independent' : 'unified'}): ${cases.length} cases, ${acceptedByBoth} accepted and ${rejectedByBoth} rejected by both, ${ptxasRuns} ptxas runs, seed ${seed}`,
      );
      assert.deepEqual(mismatches, [], `seed ${seed} (replay: GPUASM_SEED=${independent ? seed : seed - 1}); ${mismatches.length} mismatches:\n${mismatches.slice(0, 10).join('\n---\n')}`);
      // Neither side may be trivial: a broken prelude would reject everything.
      assert.ok(acceptedByBoth >= cases.length / 5, `seed ${seed}: only ${acceptedByBoth} of ${cases.length} accepted by both`);
      assert.ok(rejectedByBoth >= cases.length / 10, `seed ${seed}: only ${rejectedByBoth} of ${cases.length} rejected by both`);
    });
  }
});
