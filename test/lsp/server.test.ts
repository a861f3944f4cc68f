/**
 * The language server driven over stdio by a JSON-RPC client (test/harness/lsp-client.ts), as an
 * editor drives it: initialize, open/change/close, diagnostics equal to `gpuasm check --format
 * json` on corpus files of both languages (valid and broken), hover, definition, references,
 * highlights, symbols, completion, signature help, semantic tokens, rename, code actions,
 * formatting round trip, bounded work per edit (counted), shutdown.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, fileUri, LspClient, type LspDiagnostic } from '../harness/lsp-client.js';
import { sharedDir, sharedSkipReason } from '../harness/corpus.js';
import { parsePtx, printModule } from '../../src/ptx/index.js';
import { parseAmdgpu } from '../../src/amdgpu/index.js';

const SHARED = sharedDir();
const PTX_DIR = SHARED ? join(SHARED, 'corpus', 'ptx') : '';
const AMD_DIR = SHARED ? join(SHARED, 'corpus', 'amdgpu') : '';
if (sharedSkipReason) console.log(`# ${sharedSkipReason}`);

interface CliDiag {
  severity: string;
  code: string;
  message: string;
  line: number | null;
  column: number | null;
  length: number;
  file: string | null;
  notes: CliDiag[];
}

function cliCheck(path: string, extra: string[] = []): CliDiag[] {
  const r = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', '--no-parallel', ...extra, path], { encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.ok(r.status === 0 || r.status === 1, `gpuasm check failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { diagnostics: CliDiag[] }).diagnostics;
}

const SEV: Record<string, number> = { error: 1, warning: 2, note: 3 };

/** What the CLI says, in the shape the server must publish for a diagnostic located in the file. */
function expected(d: CliDiag): object {
  // A diagnostic without a place (line 0 in the JSON, e.g. an --mattr warning) sits at the file's start.
  return { line: Math.max(0, d.line! - 1), character: Math.max(0, d.column! - 1), length: d.length, code: d.code, message: d.message, severity: SEV[d.severity], notes: d.notes.map((n) => n.message) };
}
function actual(d: LspDiagnostic): object {
  return {
    line: d.range.start.line,
    character: d.range.start.character,
    length: d.range.end.character - d.range.start.character,
    code: d.code,
    message: d.message,
    severity: d.severity,
    notes: (d.relatedInformation ?? []).map((r) => r.message),
  };
}

/** The processor as a reader of the file would find it: `.amdgcn_target "…--gfxN[:features]"`. */
function targetOf(text: string): string | undefined {
  return /^\s*\.amdgcn_target\s+"[^"]*--(gfx[0-9a-f]+)/m.exec(text)?.[1];
}

function withError(text: string, lines: string[]): string {
  return text + '\n' + lines.join('\n') + '\n';
}

describe('gpuasm lsp over stdio', { skip: sharedSkipReason }, () => {
  let c: LspClient;
  let tmp: string;
  before(async () => {
    c = await LspClient.start({ settings: { mcpu: 'gfx900' } });
    tmp = mkdtempSync(join(tmpdir(), 'gpuasm-lsp-'));
  });
  after(async () => {
    try {
      const r = await c.shutdown();
      assert.equal(r.code, 0, 'the server exits with status 0 after shutdown and exit');
    } finally {
      c.kill();
    }
  });

  test('PTX diagnostics equal gpuasm check --format json (valid, rejected and broken files)', async () => {
    const files = [
      join(PTX_DIR, 'generated', 'control_flow.sm_80.ptx'),
      join(PTX_DIR, 'generated', 'calls_funcptr.sm_80.rdc.ptx'),
      join(PTX_DIR, 'generated', 'atomics.sm_90.ptx'),
      join(PTX_DIR, 'public', 'chisuhua__PTX-EMU', 'tests', 'ptx', 'atom_cas_basic.ptx'),
      join(PTX_DIR, 'public', 'chisuhua__PTX-EMU', 'tests', 'ptx', 'bfs.1.sm_100.ptx'),
      join(PTX_DIR, 'public', 'chisuhua__PTX-EMU', 'tests', 'fixtures', 'ptx', 'multi_kernel_basic.ptx'),
    ].filter(existsSync);
    // Broken copies: a misspelt opcode, an undeclared register, a bad directive, a preprocessor error.
    const base = readFileSync(join(PTX_DIR, 'generated', 'control_flow.sm_80.ptx'), 'utf8');
    const broken = join(tmp, 'broken.ptx');
    writeFileSync(broken, base.replace('\tret;', '\tmvo.u32 %r1, %nosuch;\n\tret;').replace('.address_size 64', '.address_size 64\n.global .u32 g = 1 +;\n#if\n'));
    const broken2 = join(tmp, 'broken2.ptx');
    writeFileSync(broken2, base.replace(/ld\.param\.u32/, 'ld.param.u33').replace('.version', '.verison'));
    files.push(broken, broken2);
    assert.ok(files.length >= 6);
    let withDiags = 0;
    for (const [i, f] of files.entries()) {
      const uri = fileUri(f);
      c.open(uri, 'ptx', readFileSync(f, 'latin1'), 1);
      const got = await c.diagnosticsFor(uri, 1);
      const want = cliCheck(f).filter((d) => d.file === f);
      if (want.length) withDiags++;
      assert.deepEqual(got.diagnostics.map(actual), want.map(expected), `file ${i}: ${f}`);
      for (const d of got.diagnostics) {
        assert.equal(d.source, 'gpuasm');
        assert.match(d.codeDescription?.href ?? '', /diagnostics\.md#[a-z-]+$/, `code ${String(d.code)} links to its catalog section`);
      }
      c.close(uri);
    }
    assert.ok(withDiags >= 3, 'several files have diagnostics to compare');
  });

  test('AMDGPU diagnostics equal gpuasm check --format json (GPU from .amdgcn_target, else the setting)', async () => {
    const gen = join(AMD_DIR, 'generated');
    const mc = join(AMD_DIR, 'llvm-mc-tests', 'llvm-2019');
    const files: { path: string; mcpu: string }[] = [];
    for (const f of ['k01_int32.gfx1100.O2.s', 'k01_int32.gfx900.O2.s', 'k01_int32.gfx90a.O2.s']) files.push({ path: join(gen, f), mcpu: 'gfx900' });
    for (const [f, mcpu] of [['elf-lds-error.s', 'gfx900'], ['accvgpr-altnames.s', 'gfx908'], ['hsa-diag-v3.s', 'gfx904'], ['add-sub-no-carry.s', 'gfx900']] as const) files.push({ path: join(mc, f), mcpu });
    const broken = join(tmp, 'broken.s');
    writeFileSync(broken, withError(readFileSync(join(gen, 'k01_int32.gfx900.O2.s'), 'utf8'), ['\tv_add_f32 v0, v1, v999', '\t.p2align 99', 'x = 1 +']));
    files.push({ path: broken, mcpu: 'gfx900' });
    let withDiags = 0;
    let fromTarget = 0;
    for (const { path, mcpu } of files.filter((f) => existsSync(f.path))) {
      c.notify('workspace/didChangeConfiguration', { settings: { gpuasm: { mcpu } } });
      const text = readFileSync(path, 'latin1');
      const gpu = targetOf(text) ?? mcpu;
      if (targetOf(text)) fromTarget++;
      const uri = fileUri(path);
      c.open(uri, 'amdgpu', text, 1);
      const got = await c.diagnosticsFor(uri, 1);
      const want = cliCheck(path, ['--mcpu', gpu]);
      if (want.length) withDiags++;
      assert.deepEqual(got.diagnostics.map(actual), want.map(expected), path);
      c.close(uri);
    }
    assert.ok(withDiags >= 3 && fromTarget >= 3, `${withDiags} files with diagnostics, ${fromTarget} with .amdgcn_target`);
    c.notify('workspace/didChangeConfiguration', { settings: { gpuasm: { mcpu: 'gfx900' } } });
  });

  test('the gpuasm.mattr setting checks AMDGPU as --mattr does (wave64 on gfx1100; an unknown feature warns)', async (t) => {
    const f = join(tmp, 'wave.s');
    writeFileSync(f, '.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\nv_cndmask_b32 v0, v1, v2, vcc\nv_cndmask_b32 v0, v1, v2, vcc_lo\n');
    const text = readFileSync(f, 'utf8');
    const uri = fileUri(f);
    const seen: string[] = [];
    t.after(() => c.notify('workspace/didChangeConfiguration', { settings: { gpuasm: { mcpu: 'gfx900' } } }));
    for (const [version, mattr] of [[1, ''], [2, '+wavefrontsize64'], [3, '+wavefrontsize64,+bogus']] as const) {
      c.notify('workspace/didChangeConfiguration', { settings: { gpuasm: { mcpu: 'gfx900', mattr } } });
      c.open(uri, 'amdgpu', text, version);
      const got = await c.diagnosticsFor(uri, version);
      const want = cliCheck(f, ['--mcpu', 'gfx1100', ...(mattr ? ['--mattr', mattr] : [])]);
      assert.deepEqual(got.diagnostics.map(actual), want.map(expected), `mattr '${mattr}'`);
      seen.push(got.diagnostics.map((d) => `${d.range.start.line}:${String(d.code)}`).join(' '));
      c.close(uri);
    }
    assert.deepEqual(seen, ['1:AMD506', '2:AMD506', '0:AMD562 2:AMD506'], 'wave32 refuses vcc, wave64 refuses vcc_lo, an unknown feature warns');
  });

  test('includes resolve relative to the file; a diagnostic in an included file sits on the #include line', async () => {
    const dir = mkdtempSync(join(tmp, 'inc-'));
    writeFileSync(join(dir, 'h.ptx'), '.global .u32 hvar = 1 +;\n');
    const main = join(dir, 'm.ptx');
    writeFileSync(main, '.version 8.0\n.target sm_80\n.address_size 64\n#include "h.ptx"\n');
    const uri = fileUri(main);
    c.open(uri, 'ptx', readFileSync(main, 'utf8'), 1);
    const got = await c.diagnosticsFor(uri, 1);
    const want = cliCheck(main);
    assert.equal(got.diagnostics.length, want.length);
    assert.ok(want.length >= 1 && want[0]!.file!.endsWith('h.ptx'));
    assert.equal(got.diagnostics[0]!.range.start.line, 3);
    assert.equal(got.diagnostics[0]!.message, want[0]!.message);
    assert.ok(got.diagnostics[0]!.relatedInformation?.[0]?.location.uri.endsWith('h.ptx'));
    // Go to definition on the include name opens the file.
    const def = await c.request<{ uri: string } | null>('textDocument/definition', { textDocument: { uri }, position: { line: 3, character: 11 } });
    assert.equal(def?.uri, fileUri(join(dir, 'h.ptx')));
    c.close(uri);
  });

  test('AMDGPU .include resolves relative to the file: a readable file is checked in place, an error in it sits on the .include line', async () => {
    const dir = mkdtempSync(join(tmp, 'amdinc-'));
    writeFileSync(join(dir, 'defs.inc'), '.set COUNT, 4\n');
    writeFileSync(join(dir, 'bad.inc'), 's_mov_b32 s0, v1\n');
    const main = join(dir, 'k.s');
    writeFileSync(main, '.include "defs.inc"\ns_mov_b32 s0, COUNT\n.include "bad.inc"\n.include "missing.inc"\n');
    const uri = fileUri(main);
    c.open(uri, 'amdgpu', readFileSync(main, 'utf8'), 1);
    const got = await c.diagnosticsFor(uri, 1);
    // The CLI looks in its working directory, then -I (as llvm-mc-19): -I the file's folder.
    const want = cliCheck(main, ['--mcpu', 'gfx900', '-I', dir]);
    assert.deepEqual(got.diagnostics.map((d) => [d.range.start.line, d.code]), want.map((d) => [(d.line ?? 0) - 1, d.code]));
    assert.deepEqual(got.diagnostics.map((d) => d.range.start.line), [2, 3], 'an error inside bad.inc at its .include, missing.inc not found; defs.inc read');
    c.close(uri);
  });

  test('incremental edits give updated diagnostics, one check per version reached', async () => {
    const f = join(tmp, 'edit.ptx');
    const text = '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n';
    writeFileSync(f, text);
    const uri = fileUri(f);
    c.open(uri, 'ptx', text, 1);
    assert.equal((await c.diagnosticsFor(uri, 1)).diagnostics.length, 0);
    // Break the opcode (line 6, "mov" -> "mvo").
    c.change(uri, 2, [{ range: { start: { line: 6, character: 1 }, end: { line: 6, character: 4 } }, text: 'mvo' }]);
    const d2 = await c.diagnosticsFor(uri, 2);
    assert.deepEqual(d2.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['PTX226', 6, 1]]);
    writeFileSync(f, text.replace('mov', 'mvo'));
    assert.deepEqual(d2.diagnostics.map(actual), cliCheck(f).map(expected));
    // Fix it again, then insert a line above: diagnostics follow.
    c.change(uri, 3, [{ range: { start: { line: 6, character: 1 }, end: { line: 6, character: 4 } }, text: 'mov' }]);
    assert.equal((await c.diagnosticsFor(uri, 3)).diagnostics.length, 0);
    c.change(uri, 4, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '\tadd.u32 %r2, %r9, 1;\n' }]);
    const d4 = await c.diagnosticsFor(uri, 4);
    assert.ok(d4.diagnostics.length >= 1 && d4.diagnostics.every((d) => d.range.start.line === 6), JSON.stringify(d4.diagnostics));

    // Bounded work: a burst of 40 edits, then requests: at most one check per version, requests
    // check nothing, and the model is built once per version a feature asked about.
    const s0 = await c.request<{ checks: number; models: number }>('gpuasm/stats', {});
    for (let v = 5; v < 45; v++) c.change(uri, v, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: ' ' }]);
    const last = await c.diagnosticsFor(uri, 44);
    assert.equal(last.version, 44);
    const s1 = await c.request<{ checks: number; models: number }>('gpuasm/stats', {});
    assert.ok(s1.checks - s0.checks >= 1 && s1.checks - s0.checks <= 40, `checks for 40 edits: ${s1.checks - s0.checks}`);
    for (let k = 0; k < 10; k++) await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 2 } });
    await c.request('textDocument/semanticTokens/full', { textDocument: { uri } });
    const s2 = await c.request<{ checks: number; models: number }>('gpuasm/stats', {});
    assert.equal(s2.checks, s1.checks, 'requests do not re-check');
    assert.ok(s2.models - s1.models <= 1, `one model for the version asked about, not one per request (${s2.models - s1.models})`);
    c.close(uri);
  });

  test('an edit inside one PTX function re-checks only that function (the document keeps an incremental session)', async () => {
    const f = join(tmp, 'many.ptx');
    const kernels = Array.from({ length: 10 }, (_, i) => `.visible .entry k${i}()\n{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, ${i};\n\tadd.s32 %r2, %r1, 1;\n\tret;\n}\n`);
    const text = '.version 8.0\n.target sm_80\n.address_size 64\n' + kernels.join('');
    writeFileSync(f, text);
    const uri = fileUri(f);
    c.open(uri, 'ptx', text, 1);
    assert.equal((await c.diagnosticsFor(uri, 1)).diagnostics.length, 0);
    const s0 = await c.request<{ ptxBodiesChecked: number; ptxBodiesReused: number }>('gpuasm/stats', {});
    // Kernel 6's `add` (line 3 + 6*7 + 4) becomes `adx`: one body parsed and checked, nine reused.
    const line = 3 + 6 * 7 + 4;
    c.change(uri, 2, [{ range: { start: { line, character: 1 }, end: { line, character: 4 } }, text: 'adx' }]);
    const d = await c.diagnosticsFor(uri, 2);
    assert.deepEqual(d.diagnostics.map((x) => [x.code, x.range.start.line]), [['PTX226', line]]);
    const s1 = await c.request<{ ptxBodiesChecked: number; ptxBodiesReused: number }>('gpuasm/stats', {});
    assert.equal(s1.ptxBodiesChecked - s0.ptxBodiesChecked, 1);
    assert.equal(s1.ptxBodiesReused - s0.ptxBodiesReused, 9);
    writeFileSync(f, text.split('\n').map((l, i) => (i === line ? l.replace('add', 'adx') : l)).join('\n'));
    assert.deepEqual(d.diagnostics.map(actual), cliCheck(f).map(expected));
    c.close(uri);
  });

  test('hover, definition, references, highlights, rename on a real PTX file', async () => {
    const f = join(PTX_DIR, 'generated', 'control_flow.sm_80.ptx');
    const text = readFileSync(f, 'utf8');
    const lines = text.split('\n');
    const uri = fileUri(f);
    c.open(uri, 'ptx', text, 1);
    await c.diagnosticsFor(uri, 1);
    const at = (re: RegExp, skip = 0): { line: number; character: number } => {
      let n = 0;
      for (const [i, l] of lines.entries()) {
        const m = re.exec(l);
        if (m && n++ === skip) return { line: i, character: m.index + 1 };
      }
      throw new Error(`not found: ${re}`);
    };
    const hov = async (p: { line: number; character: number }) => (await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: p }))?.contents.value ?? '';

    // Opcode: the form and its syntax line.
    assert.match(await hov(at(/\bbra\b/)), /bra/);
    assert.match(await hov(at(/ld\.param\.u32/)), /ld/);
    // Register: its declaration.
    assert.match(await hov(at(/%r3\b/)), /\.reg \.b32\s+%r<\d+>/);
    // Special register: type and availability.
    const tid = lines.findIndex((l) => l.includes('%tid.x'));
    if (tid >= 0) assert.match(await hov({ line: tid, character: lines[tid]!.indexOf('%tid') + 1 }), /\.v4\.u32[\s\S]*Available/);
    // Constant: its value and type.
    const cst = lines.findIndex((l) => /^\s*(mov|add|setp)\S*\s.*,\s*\d+;/.test(l));
    assert.ok(cst >= 0);
    const num = /(\d+);/.exec(lines[cst]!)!;
    assert.match(await hov({ line: cst, character: num.index }), new RegExp(`= \\*\\*${num[1]}\\*\\* \\(\`\\.[su]64\`\\)`));

    // Definition of a branch target is its label; references include every use.
    const braLine = lines.findIndex((l) => /\bbra(\.uni)?\s+\$L__BB\d+_\d+/.test(l));
    const label = /\$L__BB\d+_\d+/.exec(lines[braLine]!)![0];
    const pos = { line: braLine, character: lines[braLine]!.indexOf(label) + 2 };
    const def = await c.request<{ range: { start: { line: number } } }>('textDocument/definition', { textDocument: { uri }, position: pos });
    assert.ok(lines[def.range.start.line]!.startsWith(label + ':'), `definition of ${label} at line ${def.range.start.line}`);
    const refs = await c.request<unknown[]>('textDocument/references', { textDocument: { uri }, position: pos, context: { includeDeclaration: true } });
    const count = text.split(label + ';').length - 1 + text.split(label + ':').length - 1 + text.split(label + ',').length - 1;
    assert.equal(refs.length, count);
    const hl = await c.request<{ kind: number }[]>('textDocument/documentHighlight', { textDocument: { uri }, position: pos });
    assert.equal(hl.length, count);
    assert.equal(hl.filter((h) => h.kind === 3).length, 1, 'one write highlight: the label itself');

    // Rename a label: every occurrence, and the result checks as the original did.
    const prep = await c.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: pos });
    assert.equal(prep.placeholder, label);
    const edit = await c.request<{ changes: Record<string, { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]> }>('textDocument/rename', { textDocument: { uri }, position: pos, newName: 'L_renamed' });
    const edits = edit.changes[uri]!;
    assert.equal(edits.length, count);
    const renamed = applyEdits(text, edits);
    assert.ok(!renamed.includes(label + ';') && !renamed.includes(label + ':'));
    const rf = join(tmp, 'renamed.ptx');
    writeFileSync(rf, renamed);
    assert.deepEqual(cliCheck(rf).map((d) => d.code), cliCheck(f).map((d) => d.code));
    // Rename of a parameterized register family renames the prefix everywhere.
    const rp = at(/%rd\d+/);
    const redit = await c.request<{ changes: Record<string, { range: never; newText: string }[]> }>('textDocument/rename', { textDocument: { uri }, position: rp, newName: '%wide' });
    const r2 = applyEdits(text, redit.changes[uri]! as never);
    const rf2 = join(tmp, 'renamed2.ptx');
    writeFileSync(rf2, r2);
    assert.ok(redit.changes[uri]!.length > 2 && r2.includes('%wide<') && r2.split('%wide').length - 1 === redit.changes[uri]!.length, 'the family declaration and its uses');
    assert.deepEqual(cliCheck(rf2).map((d) => d.code), cliCheck(f).map((d) => d.code));
    // An invalid new name is an error response, not a crash.
    await assert.rejects(c.request('textDocument/rename', { textDocument: { uri }, position: pos, newName: '1bad name' }), (e: { code: number }) => e.code === -32602);
    c.close(uri);
  });

  test('document symbols, workspace symbols, completion, signature help, semantic tokens (PTX)', async () => {
    const f = join(PTX_DIR, 'generated', 'control_flow.sm_80.ptx');
    const text = readFileSync(f, 'utf8');
    const uri = fileUri(f);
    c.open(uri, 'ptx', text, 1);
    const syms = await c.request<{ name: string; kind: number; children?: unknown[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const entries = [...text.matchAll(/\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)/g)].map((m) => m[1]);
    assert.deepEqual(syms.map((s) => s.name).filter((n) => entries.includes(n)), entries);
    assert.ok(syms.some((s) => (s.children?.length ?? 0) > 0), 'labels under their function');
    const ws = await c.request<{ name: string }[]>('workspace/symbol', { query: entries[0]!.slice(0, 6) });
    assert.ok(ws.some((s) => s.name === entries[0]));

    const lines = text.split('\n');
    // Completion at the start of an instruction: opcodes; after "ld.": modifiers; in an operand: registers.
    const body = lines.findIndex((l) => /^\tret;/.test(l));
    const labels = async (line: number, character: number) => (await c.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line, character } })).items.map((x) => x.label);
    c.change(uri, 2, [{ range: { start: { line: body, character: 0 }, end: { line: body, character: 0 } }, text: '\tld.;\n\tadd.u32 %r1, %r2;\n' }]);
    const ops = await labels(body, 1);
    assert.ok(ops.includes('mov') && ops.includes('ld') && ops.includes('wgmma'), 'opcodes');
    const mods = await labels(body, 4);
    assert.ok(mods.includes('global') && mods.includes('u32'), `modifiers of ld: ${mods.slice(0, 10).join(' ')}`);
    const regs = await labels(body + 1, 14);
    assert.ok(regs.includes('%r1') && regs.includes('%tid'), 'registers in scope and special registers');
    const sig = await c.request<{ signatures: { label: string }[]; activeParameter: number }>('textDocument/signatureHelp', { textDocument: { uri }, position: { line: body + 1, character: 14 } });
    assert.ok(sig.signatures[0]!.label.startsWith('add'), sig.signatures[0]!.label);
    assert.equal(sig.activeParameter, 1);

    const legend = ['keyword', 'modifier', 'decorator', 'type', 'variable', 'parameter', 'label', 'function', 'macro', 'number', 'string', 'comment', 'property', 'enumMember'];
    const st = await c.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const decoded = decodeTokens(st.data, text.split('\n'), legend);
    const find = (txt: string) => decoded.filter((d) => d.text === txt).map((d) => d.type);
    assert.ok(find('mov').every((t) => t === 'keyword') && find('mov').length > 0);
    assert.ok(find('%r3').every((t) => t === 'variable'));
    assert.ok(find('%p1').every((t) => t === 'parameter'), 'predicates');
    assert.ok(decoded.some((d) => d.type === 'label'));
    assert.ok(find('.reg').every((t) => t === 'decorator'));
    assert.ok(find('.b32').includes('type') && find('.u32').includes('type'), 'types, in declarations and after opcodes');
    assert.ok(find('.param').includes('modifier') && find('.param').includes('decorator'), 'ld.param: a modifier; .param: a directive');
    assert.ok(decoded.some((d) => d.type === 'number'));
    c.close(uri);
  });

  test('AMDGPU: hover on mnemonic, register and symbol; definition of a label; outline; completion', async () => {
    const f = join(AMD_DIR, 'generated', 'k01_int32.gfx1100.O2.s');
    const text = readFileSync(f, 'utf8');
    const lines = text.split('\n');
    const uri = fileUri(f);
    c.open(uri, 'amdgpu', text, 1);
    const hov = async (line: number, character: number) => (await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } }))?.contents.value ?? '';
    const sl = lines.findIndex((l) => /^\s+s_load_b\d+/.test(l));
    assert.match(await hov(sl, lines[sl]!.indexOf('s_load') + 1), /gfx1100[\s\S]*SMEM/);
    const vl = lines.findIndex((l) => /^\s+v_\w+\s+v\d+, /.test(l));
    const vreg = /\bv\d+/.exec(lines[vl]!.slice(lines[vl]!.indexOf(' ')))!;
    assert.match(await hov(vl, lines[vl]!.indexOf(' ') + vreg.index + 1), /code \*\*\d+\*\*/);
    const br = lines.findIndex((l) => /s_cbranch_\w+\s+\.LBB/.test(l));
    if (br >= 0) {
      const lab = /\.LBB\w+/.exec(lines[br]!)!;
      const def = await c.request<{ range: { start: { line: number } } }>('textDocument/definition', { textDocument: { uri }, position: { line: br, character: lab.index + 2 } });
      assert.ok(lines[def.range.start.line]!.startsWith(lab[0] + ':'));
    }
    const syms = await c.request<{ name: string; kind: number }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const kernel = /\.amdhsa_kernel\s+(\S+)/.exec(text)![1]!;
    assert.ok(syms.some((s) => s.name === kernel), 'the kernel is in the outline');
    const comp = (await c.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line: sl, character: 1 } })).items;
    assert.ok(comp.some((x) => x.label === 's_load_b32') && comp.some((x) => x.label.startsWith('v_dual_')), 'mnemonics of gfx1100');
    // Symbol defined with .set: hover shows its value.
    const set = lines.findIndex((l) => /^\s*\.set\s+\S+,\s*\d+\s*$/.test(l));
    if (set >= 0) assert.match(await hov(set, lines[set]!.indexOf('.set') + 6), /Value: \d+/);
    c.close(uri);
  });

  test('hover on small documents: variable layout, constant expression, AMDGPU symbol value and operand code, signature help', async () => {
    const dir = mkdtempSync(join(tmp, 'small-'));
    const p = join(dir, 'v.ptx');
    const ptxText = '.version 8.0\n.target sm_80\n.address_size 64\n.visible .global .align 4 .u32 g[2] = {1, 2};\n.visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, (1 << 4) + 2;\n\tld.global.u32 %r2, [g];\n\tret;\n}\n';
    writeFileSync(p, ptxText);
    const uri = fileUri(p);
    c.open(uri, 'ptx', ptxText, 1);
    assert.equal((await c.diagnosticsFor(uri, 1)).diagnostics.length, 0);
    const hov = async (u: string, line: number, character: number) => (await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: u }, position: { line, character } }))?.contents.value ?? '';
    // The variable, at its use: declaration and layout.
    const layout = await hov(uri, 8, 21);
    assert.match(layout, /\.global \.u32, size 8 bytes, alignment 4, initial bytes `0100000002000000`/);
    // A constant expression operand: its value and type.
    assert.match(await hov(uri, 7, 15), /`\(1 << 4\) \+ 2` = \*\*18\*\* \(`\.s64`\)/);
    // A modifier of an instruction.
    assert.match(await hov(uri, 8, 5), /`\.global` modifier of `ld\.global\.u32`/);
    c.close(uri);

    const s = join(dir, 'a.s');
    const amdText = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n\t.text\n\t.set N, 6*7\nk:\n\tv_add_f32 v0, 0.5, v1\n\ts_mov_b32 s0, N\n\ts_endpgm\n';
    writeFileSync(s, amdText);
    const su = fileUri(s);
    c.open(su, 'amdgpu', amdText, 1);
    await c.diagnosticsFor(su, 1);
    assert.match(await hov(su, 5, 15), /Value: 42 \(0x2a\)/);
    assert.match(await hov(su, 4, 16), /`0\.5` as a f32 source operand on gfx90a: code \*\*240\*\*/);
    assert.match(await hov(su, 4, 21), /`v1` as a f32 source operand on gfx90a: code \*\*257\*\*/);
    assert.match(await hov(su, 4, 3), /\*\*v_add_f32\*\* \(gfx90a\)[\s\S]*VOP/);
    const sig = await c.request<{ signatures: { label: string }[]; activeParameter: number }>('textDocument/signatureHelp', { textDocument: { uri: su }, position: { line: 4, character: 20 } });
    assert.ok(sig.signatures[0]!.label.startsWith('v_add_f32'), sig.signatures[0]!.label);
    assert.equal(sig.activeParameter, 2);
    // Rename of a .set symbol: definition and use.
    const ren = await c.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', { textDocument: { uri: su }, position: { line: 5, character: 15 }, newName: 'COUNT' });
    assert.equal(ren.changes[su]!.length, 2);
    // A hardware register is not renamed.
    assert.equal(await c.request('textDocument/prepareRename', { textDocument: { uri: su }, position: { line: 4, character: 12 } }), null);
    c.close(su);
  });

  test('code actions: did-you-mean fixes for a misspelt PTX opcode and directive, and an AMDGPU mnemonic', async () => {
    const f = join(tmp, 'typo.ptx');
    const text = '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\tmvo.u32 %r1, 1;\n\tret;\n}\n';
    writeFileSync(f, text);
    const uri = fileUri(f);
    c.open(uri, 'ptx', text, 1);
    const diags = (await c.diagnosticsFor(uri, 1)).diagnostics;
    const acts = await c.request<{ title: string; edit: { changes: Record<string, { newText: string }[]> } }[]>('textDocument/codeAction', { textDocument: { uri }, range: diags[0]!.range, context: { diagnostics: diags } });
    assert.ok(acts.some((a) => a.title === "Did you mean 'mov'?" && a.edit.changes[uri]![0]!.newText === 'mov'), JSON.stringify(acts.map((a) => a.title)));
    // A misspelt directive, wherever the cursor is.
    c.change(uri, 2, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '.glbal .u32 g;\n' }]);
    const da = await c.request<{ title: string }[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 3, character: 2 }, end: { line: 3, character: 2 } }, context: { diagnostics: [] } });
    assert.ok(da.some((a) => a.title === "Did you mean '.global'?"), JSON.stringify(da.map((a) => a.title)));
    c.close(uri);
    const g = join(tmp, 'typo.s');
    const atext = '\t.text\nk:\n\tv_add_f23 v0, v1, v2\n\ts_endpgm\n';
    writeFileSync(g, atext);
    const guri = fileUri(g);
    c.open(guri, 'amdgpu', atext, 1);
    const r = { start: { line: 2, character: 2 }, end: { line: 2, character: 2 } };
    const aa = await c.request<{ title: string }[]>('textDocument/codeAction', { textDocument: { uri: guri }, range: r, context: { diagnostics: [] } });
    assert.ok(aa.some((a) => a.title === "Did you mean 'v_add_f32'?"), JSON.stringify(aa.map((a) => a.title)));
    c.close(guri);
  });

  test('formatting round trip: the formatted text checks and parses the same (PTX and AMDGPU)', async () => {
    const cases: { path: string; lang: 'ptx' | 'amdgpu' }[] = [
      { path: join(PTX_DIR, 'generated', 'control_flow.sm_80.ptx'), lang: 'ptx' },
      { path: join(PTX_DIR, 'generated', 'calls_funcptr.sm_80.ptx'), lang: 'ptx' },
      { path: join(AMD_DIR, 'generated', 'k01_int32.gfx1100.O2.s'), lang: 'amdgpu' },
      { path: join(AMD_DIR, 'llvm-mc-tests', 'llvm-2019', 'elf-lds-error.s'), lang: 'amdgpu' },
    ];
    // A messy hand-written PTX file: odd indentation, trailing blanks, a block comment and a macro.
    const messy = join(tmp, 'messy.ptx');
    writeFileSync(messy, '.version 8.0\n   .target sm_80   \n.address_size 64\n#define ONE 1 \\\n   \n/* keep   \n     this */\n.visible .entry k(\n.param .u64 p)\n{\n.reg .b32 %r<4>;   \n        mov.u32 %r1, ONE;\nL1:   \n  @%p bra L1;\nret;\n   }\n');
    cases.push({ path: messy, lang: 'ptx' });
    let changed = 0;
    for (const { path, lang } of cases.filter((x) => existsSync(x.path))) {
      const text = readFileSync(path, 'latin1');
      const uri = fileUri(path);
      c.open(uri, lang, text, 1);
      const edits = await c.request<{ range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: false } });
      const out = applyEdits(text, edits);
      if (out !== text) changed++;
      const fp = join(tmp, 'fmt-' + path.split('/').pop());
      writeFileSync(fp, out);
      const mcpu = targetOf(text) ?? 'gfx900';
      const extra = lang === 'amdgpu' ? ['--mcpu', mcpu] : [];
      const key = (d: CliDiag) => `${d.line}:${d.code}:${d.message}`;
      assert.deepEqual(cliCheck(fp, extra).map(key), cliCheck(path, extra).map(key), `${path}: same diagnostics after formatting`);
      if (lang === 'ptx') {
        const a = parsePtx(path, text);
        const b = parsePtx(path, out);
        assert.equal(b.module ? printModule(b.module) : '', a.module ? printModule(a.module) : '', `${path}: same parse`);
      } else {
        const strip = (s: unknown): unknown => JSON.parse(JSON.stringify(s, (k, v) => (k === 'span' || k === 'nameSpan' || k === 'opSpan' || k === 'body' || k === 'start' || k === 'end' ? undefined : typeof v === 'bigint' ? String(v) : v)));
        assert.deepEqual(strip(parseAmdgpu(path, out).file.statements), strip(parseAmdgpu(path, text).file.statements), `${path}: same statements`);
      }
      // Formatting is idempotent.
      c.change(uri, 2, [{ text: out }]);
      const again = await c.request<unknown[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: false } });
      assert.equal(again.length, 0, `${path}: formatting the formatted text changes nothing`);
      c.close(uri);
    }
    assert.ok(changed >= 2, 'the cases do get reformatted');
    const m = readFileSync(join(tmp, 'fmt-messy.ptx'), 'utf8');
    assert.ok(m.includes('/* keep   \n     this */'), 'block comment text untouched');
    assert.ok(m.includes('#define ONE 1 \\\n   \n'), 'preprocessor continuation untouched');
    assert.ok(m.includes('\n\t.reg .b32 %r<4>;\n') && m.includes('\nL1:\n'), m);
  });

  test('hostile input: malformed messages, unknown documents, bad positions, binary and huge documents; the server goes on', async () => {
    // Malformed JSON and a bogus header: the server answers a parse error or drops it, and lives.
    c.writeRaw('Content-Length: 9\r\n\r\n{"bad":,}');
    c.writeRaw('Content-Length: 2\r\n\r\n[]');
    await assert.rejects(c.request('textDocument/hover', null), (e: { code: number }) => e.code < 0);
    await assert.rejects(c.request('textDocument/hover', { textDocument: { uri: 5 }, position: {} }), (e: { code: number }) => e.code === -32602);
    await assert.rejects(c.request('no/such/method', {}), (e: { code: number }) => e.code === -32601);
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri: 'file:///nowhere.ptx' }, position: { line: 0, character: 0 } }), null);
    // Binary document.
    const bin = 'file:///tmp/binary.ptx';
    let junk = '';
    for (let i = 0; i < 20000; i++) junk += String.fromCharCode((i * 7919) % 256);
    c.open(bin, 'ptx', junk, 1);
    const bd = await c.diagnosticsFor(bin, 1);
    assert.ok(bd.diagnostics.length >= 1);
    await c.request('textDocument/semanticTokens/full', { textDocument: { uri: bin } });
    await c.request('textDocument/formatting', { textDocument: { uri: bin }, options: { tabSize: 4, insertSpaces: true } });
    await c.request('textDocument/hover', { textDocument: { uri: bin }, position: { line: 99999, character: 99999 } });
    c.close(bin);
    // A change with a range past the end, a change to a document never opened.
    c.change('file:///never.ptx', 2, [{ range: { start: { line: 5, character: 0 }, end: { line: 9, character: 0 } }, text: 'x' }]);
    // A 50 MB document: diagnostics arrive, requests answer.
    const big = 'file:///tmp/huge.ptx';
    const unit = '\tadd.s32 %r1, %r2, 1;\n';
    const huge = '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<3>;\n' + unit.repeat(Math.ceil((50 << 20) / unit.length)) + '\tret;\n}\n';
    c.open(big, 'ptx', huge, 1);
    const hd = await c.diagnosticsFor(big, 1);
    assert.equal(hd.diagnostics.length, 0);
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri: big }, position: { line: 7, character: 2 } }), null);
    c.close(big);
    // A file deleted under an open document (its include is gone): a diagnostic, not a crash.
    const dir = mkdtempSync(join(tmp, 'del-'));
    const p = join(dir, 'gone.ptx');
    writeFileSync(p, '.version 8.0\n.target sm_80\n#include "gone.h"\n');
    const u = fileUri(p);
    c.open(u, 'ptx', readFileSync(p, 'utf8'), 1);
    const gd = await c.diagnosticsFor(u, 1);
    assert.ok(gd.diagnostics.length >= 1);
    c.close(u);
    assert.equal(c.exited, undefined, 'the server is still running');
    assert.deepEqual(c.errorLogs.filter((l) => l.startsWith('gpuasm ')), [], 'no request handler failed (a failure is logged and answered emptily)');
    const stats = await c.request<{ open: number }>('gpuasm/stats', {});
    assert.equal(stats.open, 0, 'closed documents are dropped');
  });
});

describe('gpuasm lsp command line', () => {
  test('--help describes the command; an unknown option is a usage error', () => {
    const h = spawnSync(process.execPath, [BIN, 'lsp', '--help'], { encoding: 'utf8' });
    assert.equal(h.status, 0);
    assert.match(h.stdout, /usage: gpuasm lsp \[--stdio\]/);
    const bad = spawnSync(process.execPath, [BIN, 'lsp', '--tcp'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown option '--tcp'/);
  });

  test('plain `gpuasm lsp` (no --stdio) serves too, and exits when its input closes', async () => {
    const c = LspClient.spawn(['lsp']);
    const r = await c.request<{ capabilities: { hoverProvider: boolean } }>('initialize', { processId: null, rootUri: null, capabilities: {} });
    assert.equal(r.capabilities.hoverProvider, true);
    c.proc.stdin.end();
    await c.waitExit();
    assert.ok(c.exited);
  });
});

function applyEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const off = (p: { line: number; character: number }) => (starts[p.line] ?? text.length) + p.character;
  const sorted = [...edits].sort((a, b) => off(b.range.start) - off(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, off(e.range.start)) + e.newText + out.slice(off(e.range.end));
  return out;
}

function decodeTokens(data: number[], lines: string[], legend: string[]): { text: string; type: string }[] {
  const out: { text: string; type: string }[] = [];
  let line = 0;
  let ch = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    ch = data[i]! === 0 ? ch + data[i + 1]! : data[i + 1]!;
    out.push({ text: lines[line]!.slice(ch, ch + data[i + 2]!), type: legend[data[i + 3]!]! });
  }
  return out;
}
