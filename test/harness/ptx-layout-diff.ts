/**
 * Differential layout checking against ptxas: assemble a module, read each variable out of the cubin,
 * and compare with gpuasm's layout. Batches many one-line cases per module; when ptxas rejects a
 * line, that case is attributed, taken out, and the rest re-assembled.
 *
 * A case may also carry C's layout of its variable (`cLayout`): a second variable on the same line
 * whose inner lists are padded out with explicit zeros, which ptxas lays out exactly as C lays out
 * the first. gpuasm's PTX450 warning must be on the case's line exactly when ptxas's image of the
 * variable differs from that one's.
 */
import { layoutPtx, type VariableLayout } from '../../src/ptx/index.js';
import { cubinVariables, type CubinVariable } from './cubin.js';
import { runPtxas } from './tools.js';

export interface LineCase {
  /** One source line: one or more declarations. */
  line: string;
  /** Label for failure messages (e.g. the generated expression). */
  label: string;
  /** `variable` as C lays it out is `twin`, declared on the same line with its inner lists padded. */
  cLayout?: { variable: string; twin: string };
}

export interface DiffOutcome {
  /** Cases checked (accepted by both, rejected by both). */
  checked: number;
  acceptedByBoth: number;
  rejectedByBoth: number;
  /** Human-readable mismatches. */
  mismatches: string[];
  ptxasRuns: number;
  /** How often each gpuasm error code decided a rejected case. */
  rejectCodes: Map<string, number>;
  /** Accepted cases with a C layout to compare: ptxas's image differs from C's / is the same. */
  cDiffers: number;
  cSame: number;
}

function moduleText(prelude: string, lines: string[]): { text: string; firstLine: number } {
  const head = prelude.endsWith('\n') ? prelude : prelude + '\n';
  const firstLine = head.split('\n').length; // 1-based line of lines[0]
  return { text: head + lines.join('\n') + '\n', firstLine };
}

/** gpuasm's verdict on one case alone (after the prelude). */
export function gpuasmAccepts(prelude: string, line: string, codes?: Map<string, number>): boolean {
  const { text } = moduleText(prelude, [line]);
  const err = layoutPtx('case.ptx', text).diagnostics.find((d) => d.severity === 'error');
  if (err && codes) codes.set(err.code, (codes.get(err.code) ?? 0) + 1);
  return !err;
}

function hex(b: Uint8Array): string {
  return Buffer.from(b).toString('hex');
}

/** A cubin variable's bytes and relocations, as one comparable string. */
function cubinImage(v: CubinVariable): string {
  return hex(v.bytes) + v.relocations.map((r) => ` ${r.offset}:${r.type}:${r.symbol}+${r.addend}`).join('');
}

/** Compares every variable gpuasm lays out with the cubin's. */
export function compareLayouts(
  ours: VariableLayout[],
  theirs: Map<string, CubinVariable>,
  label: (name: string) => string,
  opts: { ignoreFunctionValues?: boolean } = {},
): string[] {
  const out: string[] = [];
  for (const v of ours) {
    const t = theirs.get(v.name);
    if (!t) {
      out.push(`${label(v.name)}: ptxas has no symbol '${v.name}'`);
      continue;
    }
    if (t.size !== v.size) out.push(`${label(v.name)}: size ${v.size}, ptxas ${t.size}`);
    let mine = v.hex;
    let their = hex(t.bytes);
    if (opts.ignoreFunctionValues) {
      // Device function values are code addresses once ptxas lays the functions out as code.
      for (const r of v.resolved) {
        if (r.kind !== 'function') continue;
        const blank = '..'.repeat(r.size);
        mine = mine.slice(0, r.offset * 2) + blank + mine.slice((r.offset + r.size) * 2);
        their = their.slice(0, r.offset * 2) + blank + their.slice((r.offset + r.size) * 2);
      }
    }
    if (their !== mine) out.push(`${label(v.name)}: bytes ${mine}, ptxas ${their}`);
    const ourRel = v.relocations.map((r) => `${r.offset}:${r.symbol}+${r.addend}`).join(' ');
    const functionSlots = new Set(opts.ignoreFunctionValues ? v.resolved.filter((r) => r.kind === 'function').map((r) => r.offset) : []);
    const theirRel = t.relocations
      .filter((r) => !functionSlots.has(r.offset))
      .map((r) => `${r.offset}:${r.symbol}+${r.addend}`)
      .join(' ');
    if (ourRel !== theirRel) out.push(`${label(v.name)}: relocations [${ourRel}], ptxas [${theirRel}]`);
  }
  return out;
}

/**
 * Runs the cases: those gpuasm accepts are batched (`batchSize` lines per module), those it rejects
 * are assembled one by one and must be rejected by ptxas too.
 */
export function diffLineCases(prelude: string, cases: LineCase[], opts: { batchSize?: number; arch?: string; maxRejectSingles?: number } = {}): DiffOutcome {
  const outcome: DiffOutcome = { checked: 0, acceptedByBoth: 0, rejectedByBoth: 0, mismatches: [], ptxasRuns: 0, rejectCodes: new Map(), cDiffers: 0, cSame: 0 };
  const accepted: LineCase[] = [];
  const rejected: LineCase[] = [];
  for (const c of cases) (gpuasmAccepts(prelude, c.line, outcome.rejectCodes) ? accepted : rejected).push(c);
  const arch = opts.arch ?? 'sm_80';
  // Rejected cases: one module each (ptxas stops at the first fatal error).
  for (const c of rejected.slice(0, opts.maxRejectSingles ?? rejected.length)) {
    const { text } = moduleText(prelude, [c.line]);
    const r = runPtxas(text, { arch });
    outcome.ptxasRuns++;
    outcome.checked++;
    if (r.ok) {
      const ours = layoutPtx('case.ptx', text).diagnostics.filter((d) => d.severity === 'error');
      outcome.mismatches.push(`gpuasm rejects, ptxas accepts: ${c.label}\n    ${c.line}\n    gpuasm: ${ours.map((d) => `${d.code} ${d.message}`).join('; ')}`);
    } else outcome.rejectedByBoth++;
  }
  const size = opts.batchSize ?? 100;
  for (let i = 0; i < accepted.length; i += size) {
    let batch = accepted.slice(i, i + size);
    for (let attempt = 0; batch.length > 0 && attempt < 50; attempt++) {
      const { text, firstLine } = moduleText(prelude, batch.map((c) => c.line));
      const r = runPtxas(text, { arch, keepCubin: true });
      outcome.ptxasRuns++;
      if (r.ok && r.cubin) {
        const ours = layoutPtx('batch.ptx', text);
        const byName = new Map<string, LineCase>();
        for (const c of batch) for (const m of c.line.matchAll(/\b(v\d+[a-z]?)\b/g)) if (!byName.has(m[1]!)) byName.set(m[1]!, c);
        const errs = ours.diagnostics.filter((d) => d.severity === 'error');
        if (errs.length) {
          outcome.mismatches.push(`gpuasm rejects the batch it accepted case by case: ${errs[0]!.message} (line ${errs[0]!.location?.line})`);
          break;
        }
        const theirs = cubinVariables(r.cubin);
        const mism = compareLayouts(ours.variables.filter((v) => byName.has(v.name)), theirs, (n) => `${byName.get(n)?.label ?? n}\n    ${byName.get(n)?.line ?? ''}\n   `);
        outcome.mismatches.push(...mism);
        // PTX450 exactly on the lines whose variable ptxas stores otherwise than C.
        const warned = new Set(ours.diagnostics.filter((d) => d.code === 'PTX450').map((d) => (d.location?.line ?? 0) - firstLine));
        batch.forEach((c, j) => {
          let differs = false;
          if (c.cLayout) {
            const packed = theirs.get(c.cLayout.variable);
            const padded = theirs.get(c.cLayout.twin);
            if (!packed || !padded) {
              outcome.mismatches.push(`${c.label}: ptxas has no '${!packed ? c.cLayout.variable : c.cLayout.twin}'\n    ${c.line}`);
              return;
            }
            differs = cubinImage(packed) !== cubinImage(padded);
            if (differs) outcome.cDiffers++;
            else outcome.cSame++;
          }
          if (differs !== warned.has(j)) {
            const how = differs ? `ptxas's image ${cubinImage(theirs.get(c.cLayout!.variable)!)} differs from C's ${cubinImage(theirs.get(c.cLayout!.twin)!)}, but gpuasm gives no PTX450` : 'gpuasm warns PTX450, but ptxas stores what C would';
            outcome.mismatches.push(`${c.label}: ${how}\n    ${c.line}`);
          }
        });
        outcome.checked += batch.length;
        outcome.acceptedByBoth += batch.length;
        break;
      }
      const line = r.firstErrorLine;
      const idx = line === undefined ? -1 : line - firstLine;
      if (idx < 0 || idx >= batch.length) {
        // No usable line (e.g. a crash): run the members one by one.
        const rest: LineCase[] = [];
        for (const c of batch) {
          const single = runPtxas(moduleText(prelude, [c.line]).text, { arch });
          outcome.ptxasRuns++;
          if (single.ok) rest.push(c);
          else {
            outcome.checked++;
            outcome.mismatches.push(`gpuasm accepts, ptxas rejects: ${c.label}\n    ${c.line}\n    ptxas: ${single.stderr.trim().split('\n')[0]}`);
          }
        }
        if (rest.length === batch.length) {
          outcome.mismatches.push(`ptxas rejects a batch but accepts each member: ${r.stderr.trim().split('\n')[0]}`);
          break;
        }
        batch = rest;
        continue;
      }
      const bad = batch[idx]!;
      outcome.checked++;
      outcome.mismatches.push(`gpuasm accepts, ptxas rejects: ${bad.label}\n    ${bad.line}\n    ptxas: ${r.messages.find((m) => m.line === line)?.message ?? r.stderr.trim()}`);
      batch = batch.filter((_, j) => j !== idx);
    }
  }
  return outcome;
}
