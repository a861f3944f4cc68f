/**
 * The language server's edit-to-diagnostics latency, measured through a real client over stdio
 * (test/harness/lsp-client.ts driving `gpuasm lsp --stdio`): a ~1.5 MB PTX module of distinct
 * compiler output is opened, then single-line edits are sent one at a time (each breaks an opcode,
 * the next one repairs it), and the time from sending `didChange` to receiving the diagnostics of
 * that version is taken. Also the server's resident memory with that file and with 40 more files
 * open. Part `lsp` of `npm run bench` (bench/run.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA, ensureDistinctPtx, pruneUndefined, type BenchInput } from './data.js';
import { splitPtxItems } from './distinct.js';
import { fileUri, LspClient } from '../test/harness/lsp-client.js';
import { median } from './measure.js';

export const LSP_INPUT_BYTES = 1_500_000;

/** `.bench-data/lsp.ptx`: the leading items of distinct.ptx, 1.5 MB, a whole module ptxas accepts. */
export function ensureLspInput(log: (s: string) => void): BenchInput {
  const path = join(DATA, 'lsp.ptx');
  if (!existsSync(path)) {
    const big = ensureDistinctPtx(log);
    if (big.clean.missing) return { path, bytes: 0, missing: big.clean.missing };
    const { header, items } = splitPtxItems(readFileSync(big.clean.path, 'latin1'));
    const head = `.version ${header.version}\n.target ${header.target}\n.address_size ${header.addressSize}\n\n`;
    const taken: string[] = [];
    let kept: string[] = [];
    let raw = 0;
    let next = LSP_INPUT_BYTES;
    const size = (xs: string[]) => xs.reduce((a, x) => a + x.length + 1, head.length);
    for (const it of items) {
      taken.push(it);
      raw += it.length + 1;
      if (raw < next) continue;
      kept = pruneUndefined(taken);
      if (size(kept) >= LSP_INPUT_BYTES) break;
      next = raw + 20_000;
    }
    writeFileSync(path, head + kept.map((k) => k + '\n').join(''), 'latin1');
  }
  return { path, bytes: readFileSync(path).length };
}

export interface LspMeasure {
  bytes: number;
  edits: number;
  openMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  p90Ms: number;
  checksPerEdit: number;
  /** Function bodies the server's incremental check parsed and checked again, and reused, per edit. */
  bodiesCheckedPerEdit: number;
  bodiesReusedPerEdit: number;
  rssMb: number;
  rssManyMb: number;
}


export async function measureLsp(input: BenchInput, edits = 40): Promise<LspMeasure> {
  const text = readFileSync(input.path, 'latin1');
  const c = await LspClient.start();
  try {
    const uri = fileUri(input.path);
    let t0 = performance.now();
    c.open(uri, 'ptx', text, 1);
    await c.diagnosticsFor(uri, 1);
    const openMs = performance.now() - t0;
    // Instruction lines spread over the file: `\tadd.` ... each edit turns `add` into `adx` or back.
    const lines = text.split('\n');
    const candidates: number[] = [];
    lines.forEach((l, i) => {
      if (/^\tadd\.[su]32\s/.test(l)) candidates.push(i);
    });
    const picks: number[] = [];
    for (let k = 0; k < edits / 2; k++) picks.push(candidates[Math.floor(((k + 0.5) * candidates.length) / (edits / 2))]!);
    const s0 = await c.request<{ checks: number; ptxBodiesChecked: number; ptxBodiesReused: number }>('gpuasm/stats', {});
    const times: number[] = [];
    let version = 1;
    for (const line of picks) {
      for (const replacement of ['adx', 'add']) {
        version++;
        t0 = performance.now();
        c.change(uri, version, [{ range: { start: { line, character: 1 }, end: { line, character: 4 } }, text: replacement }]);
        const d = await c.diagnosticsFor(uri, version);
        times.push(performance.now() - t0);
        const broken = d.diagnostics.some((x) => x.code === 'PTX226');
        if (broken !== (replacement === 'adx')) throw new Error(`bench lsp: unexpected diagnostics at version ${version}: ${JSON.stringify(d.diagnostics.slice(0, 3))}`);
      }
    }
    const s1 = await c.request<{ checks: number; rssBytes: number; ptxBodiesChecked: number; ptxBodiesReused: number }>('gpuasm/stats', {});
    // Many files open: 40 copies of a 200 KB slice, each checked.
    const slice = text.slice(0, text.indexOf('\n.visible', 200_000) > 0 ? text.indexOf('\n.visible', 200_000) : 200_000);
    for (let k = 0; k < 40; k++) {
      const u = fileUri(join(DATA, `lsp-many-${k}.ptx`));
      c.open(u, 'ptx', slice, 1);
      await c.diagnosticsFor(u, 1);
    }
    const s2 = await c.request<{ rssBytes: number }>('gpuasm/stats', {});
    const sorted = [...times].sort((a, b) => a - b);
    return {
      bytes: input.bytes,
      edits: times.length,
      openMs,
      medianMs: median(times),
      minMs: sorted[0]!,
      maxMs: sorted[sorted.length - 1]!,
      p90Ms: sorted[Math.floor(sorted.length * 0.9)]!,
      checksPerEdit: (s1.checks - s0.checks) / times.length,
      bodiesCheckedPerEdit: (s1.ptxBodiesChecked - s0.ptxBodiesChecked) / times.length,
      bodiesReusedPerEdit: (s1.ptxBodiesReused - s0.ptxBodiesReused) / times.length,
      rssMb: s1.rssBytes / 2 ** 20,
      rssManyMb: s2.rssBytes / 2 ** 20,
    };
  } finally {
    await c.shutdown().catch(() => undefined);
    c.kill();
  }
}
