/**
 * Random incremental edits (fast-check, seed printed) to corpus files of both languages, each
 * followed by requests at random places: the server never fails a request or dies, and after the
 * edits its diagnostics are exactly the library's check of the text the edits produced (so the
 * incremental sync and the per-version cache lose nothing). The editor model is also checked
 * directly: it never throws, and its PTX scopes always nest.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LspClient, type LspDiagnostic } from '../harness/lsp-client.js';
import { sharedDir, sharedSkipReason } from '../harness/corpus.js';
import { fuzzRuns, fuzzSeed } from '../harness/tools.js';
import { checkPtxText, SPECIAL_REGISTERS } from '../../src/ptx/index.js';
import { checkAmdgpuText, specialRegister } from '../../src/amdgpu/index.js';
import { buildModel } from '../../src/lsp/model.js';

const SHARED = sharedDir();
const FRAGMENTS = ['{', '}', ';', '\n', ' ', '.reg .b32 %x<4>;', 'mov.u32 %r1, 2;', 'L1:', 'bra L1;', '"', '/*', '*/', '//', '#define A 1\n', '@%p1 ', ',', 'v_add_f32 v0, v1, v2\n', 's_endpgm', '.set x, 1\n', '[', ']', '(', ')', '\u00e9', '\t', '%', '.', '0f3F800000', 'v[0:3]', '\\\n'];

interface Edit {
  at: number;
  del: number;
  text: string;
}
const editArb = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x), del: fc.nat(30), text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })) });

function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

const key = (d: { line: number; character: number; code: unknown; message: string }) => `${d.line}:${d.character}:${String(d.code)}:${d.message}`;
const lspKey = (d: LspDiagnostic) => key({ line: d.range.start.line, character: d.range.start.character, code: d.code, message: d.message });

describe('random edits', { skip: sharedSkipReason }, () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ settings: { mcpu: 'gfx900' } });
  });
  after(async () => {
    try {
      await c.shutdown();
    } finally {
      c.kill();
    }
  });

  for (const [lang, rel] of [
    ['ptx', 'corpus/ptx/generated/control_flow.sm_80.ptx'],
    ['amdgpu', 'corpus/amdgpu/generated/k01_int32.gfx900.O2.s'],
  ] as const) {
    test(`${lang}: the server follows random edits and stays exact`, async () => {
      const seed = fuzzSeed();
      console.log(`# seed ${seed} (GPUASM_SEED=${seed} to replay)`);
      const base = readFileSync(join(SHARED!, rel), 'latin1').slice(0, 12_000);
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 8 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }), async (edits: Edit[], probes: number[]) => {
          const uri = `file:///fuzz/${lang}-${n++}.${lang === 'ptx' ? 'ptx' : 's'}`;
          let text = base;
          c.open(uri, lang, text, 1);
          let version = 1;
          for (const e of edits) {
            const start = Math.floor(e.at * text.length);
            const end = Math.min(text.length, start + e.del);
            version++;
            c.change(uri, version, [{ range: { start: positionOf(text, start), end: positionOf(text, end) }, text: e.text }]);
            text = text.slice(0, start) + e.text + text.slice(end);
          }
          const got = await c.diagnosticsFor(uri, version);
          const name = fileURLToPath(uri);
          const want = lang === 'ptx' ? checkPtxText(name, text) : checkAmdgpuText(name, text, { mcpu: 'gfx900' });
          assert.deepEqual(
            got.diagnostics.map(lspKey),
            want.filter((d) => !d.location || d.location.file === name).map((d) => key({ line: (d.location?.line ?? 1) - 1, character: (d.location?.column ?? 1) - 1, code: d.code, message: d.message })),
          );
          for (const p of probes) {
            const position = positionOf(text, Math.floor(p * text.length));
            const doc = { textDocument: { uri }, position };
            await c.request('textDocument/hover', doc);
            await c.request('textDocument/completion', doc);
            await c.request('textDocument/definition', doc);
            await c.request('textDocument/signatureHelp', doc);
            await c.request('textDocument/prepareRename', doc);
            await c.request('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
          }
          await c.request('textDocument/semanticTokens/full', { textDocument: { uri } });
          await c.request('textDocument/documentSymbol', { textDocument: { uri } });
          await c.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } });
          c.close(uri);
          assert.equal(c.exited, undefined);
        }),
        { seed, numRuns: fuzzRuns(25) },
      );
      assert.deepEqual(c.errorLogs.filter((l) => l.startsWith('gpuasm ')), [], 'no request handler failed');
    });
  }

  test('the editor model never throws and PTX scopes nest, on random text', () => {
    const seed = fuzzSeed();
    console.log(`# seed ${seed} (GPUASM_SEED=${seed} to replay)`);
    const ctx = { ptxSpecials: SPECIAL_REGISTERS, amdgpuSpecial: (n: string) => specialRegister(n) !== undefined };
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        for (const lang of ['ptx', 'amdgpu'] as const) {
          const m = buildModel(lang, text, ctx);
          for (const s of m.scopes.slice(1)) {
            const p = m.scopes[s.parent]!;
            assert.ok(p.start <= s.start && s.end <= p.end, 'a scope lies inside its parent');
          }
          for (const t of m.tokens) assert.ok(t.start < t.end && t.end <= text.length);
        }
      }),
      { seed, numRuns: fuzzRuns(300) },
    );
  });
});
