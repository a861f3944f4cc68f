/**
 * The playground in a real browser (Debian's Chromium, driven by playwright-core): what it shows is
 * what the `gpuasm` CLI prints for the same text and options — diagnostics, layout, operand
 * encodings, evaluated expressions; a share link restores the text and options; the checker runs
 * only in the worker; and no request leaves the page's origin.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { acceptedPtxFiles, REPO_ROOT } from '../harness/corpus.js';
import { describeInstruction } from '../../src/ptx/index.js';
import { OPERAND_TYPES } from '../../src/amdgpu/index.js';
import { browserSkipReason, cli, cliDiagnostics, diagnosticsShown, openSite, paste, settled, type Site } from './browser.js';

const example = (name: string) => readFileSync(join(REPO_ROOT, 'examples', name), 'latin1');

/** A valid PTX file to break: a small accepted corpus file, else examples/vector_add.ptx. */
function validPtx(): { name: string; text: string; from: string } {
  const candidates = acceptedPtxFiles()
    .filter((f) => !f.compileOnly && !f.parseOnly && statSync(f.path).size > 2_000 && statSync(f.path).size < 40_000)
    .sort((a, b) => (a.rel < b.rel ? -1 : 1));
  const f = candidates[0];
  if (f) return { name: f.rel.split('/').pop()!, text: readFileSync(f.path, 'latin1'), from: `corpus ${f.rel}` };
  console.log('# ../shared/corpus not found: the broken-instruction test uses examples/vector_add.ptx');
  return { name: 'vector_add.ptx', text: example('vector_add.ptx'), from: 'examples/vector_add.ptx' };
}

/** `text` with the opcode of its first plain instruction misspelt (`mov.u32` -> `movv.u32`). */
function breakInstruction(text: string): string {
  const m = /^([ \t]+)(add|mul|mov|ld|st|sub|setp|cvt|mad|shl)((?:\.[\w:]+)+[ \t])/m.exec(text);
  assert.ok(m, 'the file has an instruction to break');
  return text.slice(0, m.index) + m[1] + m[2] + m[2]!.slice(-1) + m[3] + text.slice(m.index + m[0].length);
}

/** The document's name, from the equivalent command the page shows (`gpuasm check ... NAME`). */
async function docName(page: Page): Promise<string> {
  return ((await page.locator('[data-testid=command]').textContent()) ?? '').split(' ').pop()!;
}

async function selectLang(page: Page, lang: 'ptx' | 'amdgpu'): Promise<void> {
  await page.locator('[data-testid=lang]').selectOption(lang);
  await settled(page);
}

async function selectMcpu(page: Page, mcpu: string): Promise<void> {
  await page.locator('[data-testid=mcpu]').selectOption(mcpu);
  await settled(page);
}

test('playground in Chromium', { skip: browserSkipReason }, async (t) => {
  let site: Site | undefined;
  try {
    site = await openSite();
  } catch (e) {
    // The browser is there (else the test is skipped): a failure to start it is a failure.
    throw new Error(`could not start the playground in Chromium: ${(e as Error).message}`);
  }
  const s = site;
  const page = await s.context.newPage();
  try {
    await page.goto(s.url);
    await settled(page);

    await t.test('opens on an example with its diagnostics, as gpuasm check gives them', async () => {
      const shown = await diagnosticsShown(page);
      assert.deepEqual(shown, cliDiagnostics('broken.ptx', example('broken.ptx')));
      assert.ok(shown.length > 0);
    });

    await t.test('a pasted file with a broken instruction: the same diagnostics as the CLI; fixing it clears them', async () => {
      const { name, text, from } = validPtx();
      const broken = breakInstruction(text);
      await paste(page, broken);
      const shown = await diagnosticsShown(page);
      // The document keeps the name it had (broken.ptx): the CLI is run on a file of that name.
      const expected = cliDiagnostics('broken.ptx', broken);
      assert.ok(expected.some((l) => / error: .*\[PTX\d+\]$/.test(l)), `the CLI finds the broken instruction in ${from} (${name})`);
      assert.deepEqual(shown, expected);
      // Each located diagnostic is underlined in the editor.
      assert.equal(await page.evaluate(() => (window as unknown as { gpuasmPlayground: { underlined(): number } }).gpuasmPlayground.underlined()), expected.length);
      await paste(page, text);
      assert.deepEqual(cliDiagnostics('broken.ptx', text), [], `${from} is valid`);
      assert.deepEqual(await diagnosticsShown(page), []);
      assert.equal(await page.evaluate(() => (window as unknown as { gpuasmPlayground: { underlined(): number } }).gpuasmPlayground.underlined()), 0);
    });

    await t.test('PTX -c: the checkbox checks as ptxas -c, as the CLI with -c does', async () => {
      const text = '.version 8.0\n.target sm_80\n.address_size 64\n.extern .func ext();\n.visible .entry k()\n{\n\tcall ext;\n\tret;\n}\n';
      await paste(page, text);
      const whole = cliDiagnostics('broken.ptx', text);
      const separate = cliDiagnostics('broken.ptx', text, ['-c']);
      assert.notDeepEqual(whole, separate, 'the case tells the two apart');
      assert.deepEqual(await diagnosticsShown(page), whole);
      await page.locator('[data-testid=compile-only]').check();
      await settled(page);
      assert.deepEqual(await diagnosticsShown(page), separate);
      await page.locator('[data-testid=compile-only]').uncheck();
      await settled(page);
    });

    await t.test('#include reads the files the visitor added, as the CLI reads them beside the file', async () => {
      const text = '#include "defs.h"\n.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 a[N];\n.visible .entry k()\n{\n\tret;\n}\n';
      const defs = '#define N 4\n';
      await paste(page, text);
      const name = await docName(page);
      const without = cliDiagnostics(name, text);
      assert.ok(without.length > 0, 'the include is missing');
      assert.deepEqual(await diagnosticsShown(page), without);
      await page.locator('[data-testid=include-files]').setInputFiles({ name: 'defs.h', mimeType: 'text/plain', buffer: Buffer.from(defs) });
      await settled(page);
      const withFile = cli(['check', name], { [name]: text, 'defs.h': defs });
      assert.equal(withFile.status, 0, withFile.stderr);
      assert.deepEqual(await diagnosticsShown(page), []);
      assert.match((await page.locator('[data-testid=files]').textContent()) ?? '', /defs\.h/);
      await page.locator('[data-testid=files] button').click();
      await settled(page);
      assert.deepEqual(await diagnosticsShown(page), without);
    });

    await t.test('AMDGPU: a register out of range, as gpuasm check --mcpu gives it', async () => {
      await selectLang(page, 'amdgpu');
      await selectMcpu(page, 'gfx900');
      const broken = example('saxpy.gfx900.s').replace('v_mov_b32_e32 v3, s5', 'v_mov_b32_e32 v300, s5');
      assert.notEqual(broken, example('saxpy.gfx900.s'));
      await paste(page, broken);
      const expected = cliDiagnostics('input.s', broken, ['--mcpu', 'gfx900']);
      assert.ok(expected.some((l) => /out of range/.test(l)), expected.join('\n'));
      assert.deepEqual(await diagnosticsShown(page), expected);
    });

    await t.test('switching the GPU changes the diagnostics as --mcpu does', async () => {
      const text = '\tv_accvgpr_read_b32 v0, a1\n\tv_fmac_f32 v0, v1, v2\n\ts_mov_b32 s105, 0\n\tv_mov_b32 v0, lds_direct\n';
      await paste(page, text);
      const seen = new Set<string>();
      for (const mcpu of ['gfx900', 'gfx906', 'gfx90a', 'gfx1030', 'gfx1100']) {
        await selectMcpu(page, mcpu);
        const expected = cliDiagnostics('input.s', text, ['--mcpu', mcpu]);
        assert.deepEqual(await diagnosticsShown(page), expected, mcpu);
        assert.equal(await page.locator('[data-testid=command]').textContent(), `gpuasm check --mcpu ${mcpu} input.s`);
        seen.add(expected.join('\n'));
      }
      assert.ok(seen.size >= 3, 'the processors disagree about the text');
    });

    await t.test('the --mattr field checks as --mattr does (wave64 on gfx1100; an unknown feature warns)', async () => {
      await selectMcpu(page, 'gfx1100');
      const text = '\tv_cndmask_b32 v0, v1, v2, vcc\n\tv_cndmask_b32 v0, v1, v2, vcc_lo\n';
      await paste(page, text);
      const seen = new Set<string>();
      for (const mattr of ['+wavefrontsize64', '+wavefrontsize64,+bogus', '']) {
        await page.locator('[data-testid=mattr]').fill(mattr);
        await settled(page);
        const expected = cliDiagnostics('input.s', text, ['--mcpu', 'gfx1100', ...(mattr ? ['--mattr', mattr] : [])]);
        assert.deepEqual(await diagnosticsShown(page), expected, mattr);
        assert.equal(await page.locator('[data-testid=command]').textContent(), `gpuasm check --mcpu gfx1100${mattr ? ` --mattr ${mattr}` : ''} input.s`);
        seen.add(expected.join('\n'));
      }
      assert.equal(seen.size, 3, 'wave64, an unknown feature and wave32 each give other diagnostics');
    });

    await t.test("the text's .amdgcn_target wins over the GPU selector", async () => {
      await selectMcpu(page, 'gfx900');
      const text = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n\tv_accvgpr_read_b32 v0, a1\n\tv_mov_b32 v0, lds_direct\n';
      await paste(page, text);
      const asTarget = cliDiagnostics('input.s', text, ['--mcpu', 'gfx90a']);
      assert.notDeepEqual(asTarget, cliDiagnostics('input.s', text, ['--mcpu', 'gfx900']));
      assert.deepEqual(await diagnosticsShown(page), asTarget);
      assert.match((await page.locator('[data-testid=mcpu-note]').textContent()) ?? '', /gfx90a/);
    });

    await t.test('Operand panel: the encodings of the operand under the cursor, as gpuasm operand', async () => {
      await selectMcpu(page, 'gfx1100');
      await paste(page, 'v_add_f32 v0, 1.0, v1\nv_mov_b32 v0, 0x12345\ns_mov_b64 s[0:1], -1.5\n');
      // Control+Home, then right to each operand in turn.
      const cases: [number, number, string][] = [
        [0, 15, '1.0'],
        [0, 11, 'v0'],
        [1, 16, '0x12345'],
        [2, 21, '-1.5'],
      ];
      for (const [line, col, operand] of cases) {
        await page.locator('.cm-content').click();
        await page.keyboard.press('Control+Home');
        for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Home');
        for (let i = 0; i < col; i++) await page.keyboard.press('ArrowRight');
        await settled(page);
        const r = cli(['operand', '--mcpu', 'gfx1100', '-'], {}, OPERAND_TYPES.map((ty) => `${ty} ${operand}`).join('\n') + '\n');
        const lines = r.stdout.trimEnd().split('\n');
        assert.equal(lines.length, OPERAND_TYPES.length);
        const expected = r.stderr + lines.map((l, i) => `${OPERAND_TYPES[i]!.padEnd(4)} ${l}`).join('\n') + '\n';
        assert.equal(await page.locator('[data-testid=operand-text]').textContent(), `gpuasm operand --mcpu gfx1100: ${operand}`);
        assert.equal(await page.locator('[data-testid=operand]').textContent(), expected, operand);
      }
    });

    await t.test('Eval panel: value and type (or the diagnostic) as gpuasm eval prints them', async () => {
      const cases: ['ptx' | 'amdgpu', string][] = [
        ['ptx', '(1 << 12) - 1'],
        ['ptx', '0.1 + 0.2'],
        ['ptx', '~0'],
        ['ptx', '0f3f800000'],
        ['ptx', '1 / 0'],
        ['ptx', '1 + 1.5'],
        ['amdgpu', '1 << 40'],
        ['amdgpu', '-(7 % 4)'],
        ['amdgpu', 'foo + 1'],
      ];
      for (const [lang, expr] of cases) {
        await selectLang(page, lang);
        await page.locator('[data-testid=eval-input]').fill(expr);
        await settled(page);
        const r = cli(['eval', '--lang', lang, '--', expr]);
        assert.equal(await page.locator('[data-testid=eval]').textContent(), r.stderr + r.stdout, `${lang}: ${expr}`);
      }
      await page.locator('[data-testid=eval-input]').fill('');
    });

    await t.test('Layout panel: as gpuasm layout prints it (variables and relocations; diagnostics)', async () => {
      for (const name of ['globals.ptx', 'broken.ptx', 'reduce.ptx']) {
        await page.locator('[data-testid=examples]').selectOption(name);
        await settled(page);
        assert.equal(await page.locator('[data-testid=lang]').inputValue(), 'ptx');
        const r = cli(['layout', name], { [name]: example(name) });
        assert.ok(r.stdout.length + r.stderr.length > 0);
        assert.equal(await page.locator('[data-testid=layout]').textContent(), r.stderr + r.stdout, name);
      }
    });

    await t.test('hover: the form and syntax of the instruction under the pointer', async () => {
      await page.locator('[data-testid=examples]').selectOption('vector_add.ptx');
      await settled(page);
      const opcode = page.locator('.cm-line span', { hasText: /^mad\.lo\.s32$/ }).first();
      await opcode.hover();
      const tip = page.locator('[data-testid=hover]');
      await tip.waitFor({ timeout: 10_000 });
      const info = describeInstruction('mad', ['.lo', '.s32'], 4);
      assert.ok(info);
      const text = (await tip.textContent()) ?? '';
      assert.ok(text.includes(info.syntax) && text.includes(info.form), text);
      await page.mouse.move(0, 0);
    });

    await t.test('a share link restores the text and the options', async () => {
      await selectLang(page, 'amdgpu');
      await selectMcpu(page, 'gfx1030');
      const text = '; shared: h\u00e9llo \u2713\n\tv_mov_b32 v0, a1\n\ts_mov_b32 s0, 1\n';
      await paste(page, text);
      await page.locator('[data-testid=mattr]').fill('+wavefrontsize64');
      await settled(page);
      const before = await diagnosticsShown(page);
      assert.deepEqual(before, cliDiagnostics('input.s', Buffer.from(text, 'utf8').toString('latin1'), ['--mcpu', 'gfx1030', '--mattr', '+wavefrontsize64']));
      await page.locator('[data-testid=share]').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid=share-url]') as HTMLInputElement).value !== '');
      const link = await page.locator('[data-testid=share-url]').inputValue();
      assert.ok(link.startsWith(s.url + '#'), link);
      assert.ok(!link.includes('v_mov_b32'), 'the text is encoded, not spelled out');
      const other = await s.context.newPage();
      try {
        await other.goto(link);
        await settled(other);
        assert.equal(await other.locator('[data-testid=lang]').inputValue(), 'amdgpu');
        assert.equal(await other.locator('[data-testid=mcpu]').inputValue(), 'gfx1030');
        assert.equal(await other.locator('[data-testid=compile-only]').isChecked(), false);
        assert.equal(await other.locator('[data-testid=mattr]').inputValue(), '+wavefrontsize64');
        assert.equal(await other.locator('.cm-content').evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n')), text);
        assert.deepEqual(await diagnosticsShown(other), before);
      } finally {
        await other.close();
      }
      await page.locator('[data-testid=mattr]').fill('');
      await settled(page);
    });

    await t.test('typing in a 200 KB file: the checker runs only in the worker, never on the page', async () => {
      await selectLang(page, 'ptx');
      // Many copies of the example kernel (renamed), and an error at the very end.
      const base = example('vector_add.ptx');
      const at = base.indexOf('.visible .entry');
      let big = base.slice(0, at);
      for (let i = 0; big.length < 200_000; i++) big += base.slice(at).replaceAll('vector_add', `vector_add_${i}`) + '\n';
      big += '.visible .entry tail()\n{\n\tmovv.u32 %r1, 1;\n\tret;\n}\n';
      const stats = () => page.evaluate(() => (window as unknown as { gpuasmPlayground: { stats: { sent: Record<string, number>; answered: Record<string, number>; workerChecks: number } } }).gpuasmPlayground.stats);
      await paste(page, big);
      const name = await docName(page);
      assert.deepEqual(await diagnosticsShown(page), cliDiagnostics(name, big));
      const start = await stats();
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+End');
      const typed = '\n// typed one key at a time';
      await page.keyboard.type(typed);
      await settled(page);
      const end = await stats();
      const sent = end.sent['check']! - start.sent['check']!;
      const answered = end.answered['check']! - start.answered['check']!;
      // At most one check per edit (later edits replace a check not yet sent), every one answered
      // by the worker, whose own count of the checks it ran moved by exactly as many.
      assert.ok(sent >= 1 && sent <= typed.length, `${sent} checks for ${typed.length} keys`);
      assert.equal(answered, sent);
      assert.equal(end.workerChecks - start.workerChecks, sent);
      assert.deepEqual(await diagnosticsShown(page), cliDiagnostics(name, big + typed));
    });

    await t.test('README screenshot (docs/playground.png)', async () => {
      if (!process.env['GPUASM_SCREENSHOT']) return t.diagnostic('set GPUASM_SCREENSHOT=1 to write docs/playground.png');
      // A fresh page: the example the playground opens on, and an expression evaluated.
      const fresh = await s.context.newPage();
      try {
        await fresh.goto(s.url);
        await settled(fresh);
        await fresh.locator('[data-testid=eval-input]').fill('(1 << 12) - 1');
        await settled(fresh);
        await fresh.screenshot({ path: join(REPO_ROOT, 'docs', 'playground.png') });
      } finally {
        await fresh.close();
      }
    });

    await t.test('no request left the origin, and no page or console error', () => {
      assert.ok(s.requests.length > 0);
      const outside = s.requests.filter((u) => !u.startsWith(s.origin + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
      assert.deepEqual(outside, []);
      assert.deepEqual(s.errors, []);
    });
  } finally {
    await page.close();
    await s.close();
  }
});

if (browserSkipReason) console.log(`# ${browserSkipReason}`);
