/**
 * For the playground's browser tests: Debian's Chromium driven by playwright-core, the site built
 * into a temporary directory and served by scripts/playground.mjs, and the CLI's answers to compare
 * with. A machine without the browser skips the tests with the reason printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from '../harness/corpus.js';

export const CHROMIUM = '/usr/bin/chromium';

export const browserSkipReason = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} not found (apt-get install chromium): playground browser tests skipped`;

export interface Site {
  url: string;
  origin: string;
  context: BrowserContext;
  /** Every request any page made, and every page error and console error. */
  requests: string[];
  errors: string[];
  close(): Promise<void>;
}

/** Builds the site, serves it on a free port, and starts the browser with a fresh profile. */
export async function openSite(): Promise<Site> {
  const tmp = mkdtempSync(join(tmpdir(), 'gpuasm-playground-'));
  const out = join(tmp, 'site');
  const scripts = (name: string) => pathToFileURL(join(REPO_ROOT, 'scripts', name)).href;
  const { buildWeb } = (await import(scripts('build-web.mjs'))) as { buildWeb: (dir: string) => Promise<unknown> };
  const { serve } = (await import(scripts('playground.mjs'))) as { serve: (dir: string, port: number) => Promise<Server> };
  await buildWeb(out);
  const server = await serve(out, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 850 },
  });
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
    });
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  return {
    url: origin + '/',
    origin,
    context,
    requests,
    errors,
    async close() {
      await context.close();
      await new Promise((ok) => server.close(ok));
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Waits until the page has answered everything it asked the worker. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset['ready'] === 'true' && document.body.dataset['busy'] === 'false' && document.body.dataset['answered'] === document.body.dataset['requested'], undefined, { timeout: 60_000 });
}

/** Replaces the editor's text as a paste does (a `paste` event with the text on the clipboard). */
export async function paste(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.locator('.cm-content').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await settled(page);
}

export async function diagnosticsShown(page: Page): Promise<string[]> {
  return page.locator('[data-testid=diagnostic]').allInnerTexts();
}

/** `gpuasm ARGS` run in a directory holding `files`: its stdout and stderr. */
export function cli(args: string[], files: Record<string, string> = {}, input?: string): { stdout: string; stderr: string; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-cli-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, 'latin1');
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js'), '--no-color', ...args], { cwd: dir, encoding: 'utf8', input });
    return { stdout: r.stdout, stderr: r.stderr, status: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The diagnostics `gpuasm check` prints for `name`, as the playground lists them: the first line
 * of each (notes included), without the file name.
 */
export function cliDiagnostics(name: string, text: string, options: string[] = []): string[] {
  const r = cli(['check', ...options, name], { [name]: text });
  assert(r.status === 0 || r.status === 1, `gpuasm check exited ${r.status}: ${r.stderr}`);
  const out: string[] = [];
  for (const line of r.stderr.split('\n')) {
    if (line.startsWith(name + ':') && /^\d+:\d+: (?:error|warning|note): /.test(line.slice(name.length + 1))) out.push(line.slice(name.length + 1));
    else if (/^(?:error|warning|note): .* \[[A-Z]+\d+\]$/.test(line)) out.push(line);
  }
  return out;
}

function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}
