/**
 * The TextMate grammars of editors/vscode over corpus files of both languages: every regular
 * expression compiles, and what the grammar colours as an opcode, a label, a comment, a register,
 * a number or a directive is what the language server's model says it is (the two are written
 * independently: regular expressions per line against a scanner with scopes).
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, sharedDir, sharedSkipReason } from '../harness/corpus.js';
import { scopesAt, Tokenizer, type Grammar } from '../harness/textmate.js';
import { buildModel, type Lang, type Tok } from '../../src/lsp/model.js';
import { SPECIAL_REGISTERS } from '../../src/ptx/index.js';
import { specialRegister } from '../../src/amdgpu/index.js';

const grammar = (f: string) => JSON.parse(readFileSync(join(REPO_ROOT, 'editors', 'vscode', 'syntaxes', f), 'utf8')) as Grammar;
const SHARED = sharedDir();

/** The scope a grammar must give a token the model classified, or undefined (not compared). */
function wanted(t: Tok, lang: Lang): RegExp | undefined {
  if (t.kind === 'comment') return /^comment\./;
  if (t.kind === 'string' && t.text.startsWith('"')) return /^string\./;
  if (t.kind === 'number' && t.role === 'none') return /^constant\.numeric\./;
  switch (t.role) {
    case 'opcode':
      return /^keyword\.other\.opcode\./;
    case 'label':
      return t.isDef ? /^entity\.name\.label\./ : undefined;
    case 'register':
      // PTX registers may be named without `%` (`.reg .u32 acc`): no grammar can tell those.
      return lang === 'ptx' && !t.text.startsWith('%') ? undefined : /^variable\.other\.register\./;
    case 'special':
      return lang === 'ptx' && t.text === 'WARP_SZ' ? /^support\.constant\./ : /^variable\.language\.special\./;
    case 'modifier':
      return /^storage\.modifier\.instruction\./;
    case 'directive':
      return lang === 'ptx' ? /^(keyword\.directive|storage\.type)\./ : /^keyword\.directive\./;
    default:
      return undefined;
  }
}

function compare(lang: Lang, file: string, g: Grammar): { checked: number; byRole: Map<string, number> } {
  const text = readFileSync(file, 'latin1');
  const lines = new Tokenizer(g).tokenize(text);
  const model = buildModel(lang, text, { ptxSpecials: SPECIAL_REGISTERS, amdgpuSpecial: (n) => specialRegister(n) !== undefined });
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  let line = 0;
  let checked = 0;
  const byRole = new Map<string, number>();
  const misses: string[] = [];
  for (const t of model.tokens) {
    while (line + 1 < starts.length && starts[line + 1]! <= t.start) line++;
    if (text.slice(t.start, t.end).includes('\n') && t.kind !== 'comment') continue;
    const w = wanted(t, lang);
    if (!w) continue;
    const scopes = scopesAt(lines[line]!, t.start - starts[line]!);
    checked++;
    const key = t.role === 'none' ? t.kind : t.role;
    byRole.set(key, (byRole.get(key) ?? 0) + 1);
    if (!scopes.some((s) => w.test(s)) && misses.length < 10) misses.push(`${file}:${line + 1}:${t.start - starts[line]! + 1} '${t.text}' (${key}) has [${scopes.join(' ')}], wanted ${w}`);
  }
  assert.deepEqual(misses, [], misses.join('\n'));
  return { checked, byRole };
}

describe('TextMate grammars (editors/vscode/syntaxes)', { skip: sharedSkipReason }, () => {
  test('PTX grammar agrees with the server on corpus files', () => {
    const g = grammar('ptx.tmLanguage.json');
    let total = 0;
    const roles = new Set<string>();
    for (const f of ['control_flow.sm_80.ptx', 'atomics.sm_90.ptx', 'calls_funcptr.sm_80.rdc.ptx', 'barriers_fences.sm_90.lineinfo.ptx']) {
      const r = compare('ptx', join(SHARED!, 'corpus', 'ptx', 'generated', f), g);
      total += r.checked;
      for (const k of r.byRole.keys()) roles.add(k);
    }
    for (const k of ['opcode', 'label', 'register', 'special', 'modifier', 'directive', 'number', 'comment']) assert.ok(roles.has(k), `compared some ${k}s`);
    assert.ok(total > 5000, `${total} tokens compared`);
  });

  test('AMDGPU grammar agrees with the server on corpus files', () => {
    const g = grammar('amdgpu.tmLanguage.json');
    let total = 0;
    const roles = new Set<string>();
    for (const f of ['k01_int32.gfx1100.O2.s', 'k01_int32.gfx900.O2.s', 'k01_int32.gfx90a.O2.s']) {
      const r = compare('amdgpu', join(SHARED!, 'corpus', 'amdgpu', 'generated', f), g);
      total += r.checked;
      for (const k of r.byRole.keys()) roles.add(k);
    }
    const mc = join(SHARED!, 'corpus', 'amdgpu', 'llvm-mc-tests', 'llvm-2019');
    for (const f of ['add-sub-no-carry.s', 'hsa-diag-v3.s']) total += compare('amdgpu', join(mc, f), g).checked;
    for (const k of ['opcode', 'label', 'register', 'special', 'directive', 'number', 'comment']) assert.ok(roles.has(k), `compared some ${k}s`);
    assert.ok(total > 2000, `${total} tokens compared`);
  });

  test('the metadata block is one embedded region, not instructions', () => {
    const g = grammar('amdgpu.tmLanguage.json');
    const lines = new Tokenizer(g).tokenize('\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .name: k\n\t.end_amdgpu_metadata\n\ts_endpgm\n');
    assert.ok(scopesAt(lines[2]!, 0).includes('string.unquoted.metadata.amdgpu'));
    assert.ok(scopesAt(lines[3]!, 4).includes('string.unquoted.metadata.amdgpu'));
    assert.ok(scopesAt(lines[5]!, 1).includes('keyword.other.opcode.amdgpu'));
  });
});
