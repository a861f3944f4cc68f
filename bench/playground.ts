/**
 * The playground's speed in a real browser (Debian's Chromium driven by playwright-core, as the
 * browser tests do: test/web/browser.ts builds the site, serves it on localhost and starts the
 * browser). Part `playground` of `npm run bench` (bench/run.ts); issue 16's speed clause:
 *
 * - paste to diagnostic: a 200 KB PTX file of distinct real compiler output (`small.err.ptx`'s
 *   items, .bench-data/playground.err.ptx) with the opcode of its last plain instruction misspelt is pasted
 *   (a `paste` event carrying the text, as Ctrl+V delivers it) over a small file; the time from
 *   dispatching the paste to the diagnostic's entry appearing in `[data-testid=diagnostics]` is
 *   taken in the page (performance.now(), a MutationObserver), and to the next frame after it;
 * - typing: ~50 characters typed at the end of that file (keyboard.type with a delay) while a
 *   PerformanceObserver of type `longtask` records the page's long tasks (over 50 ms).
 *
 * Wall-clock figures: never judged by a test, only reported here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA, ensureSmallInputs, PTX_SYNTAX_ERROR_TAIL, type BenchInput } from './data.js';
import { browserSkipReason, openSite, settled } from '../test/web/browser.js';

export interface PlaygroundMeasure {
  bytes: number;
  /** The diagnostic expected (and seen), as the page lists it. */
  expected: string;
  pasteMs: number[];
  pasteFrameMs: number[];
  /** Typing: characters, long tasks (ms) while typing, and the checks the worker answered meanwhile. */
  typed: number;
  longTasks: number[];
  typingMs: number;
}

export const playgroundSkipReason = browserSkipReason;

/** `.bench-data/playground.err.ptx`: small.err.ptx without its appended line, the opcode of the file's last plain instruction misspelt (`st.u32` -> `stt.u32`). */
export function ensurePlaygroundInput(log: (s: string) => void): BenchInput & { line?: number } {
  const path = join(DATA, 'playground.err.ptx');
  if (!existsSync(path)) {
    const small = ensureSmallInputs(log).ptx;
    if (small.missing) return { path, bytes: 0, missing: small.missing };
    let text = readFileSync(small.path, 'latin1');
    if (text.endsWith(PTX_SYNTAX_ERROR_TAIL)) text = text.slice(0, -PTX_SYNTAX_ERROR_TAIL.length) + '\n';
    const lines = text.split('\n');
    const op = /^\t(mov|ld|st|add|setp|selp|cvt|mul)\./;
    let k = lines.length - 1;
    while (k >= 0 && !op.test(lines[k]!)) k--;
    if (k < 0) return { path, bytes: 0, missing: 'no plain instruction in small.err.ptx' };
    lines[k] = lines[k]!.replace(op, (_, o: string) => `\t${o}${o.slice(-1)}.`);
    writeFileSync(path, lines.join('\n'), 'latin1');
  }
  const text = readFileSync(path, 'latin1');
  const line = text.split('\n').findIndex((l) => /^\t(movv|ldd|stt|addd|setpp|selpp|cvtt|mull)\./.test(l)) + 1;
  return { path, bytes: text.length, line };
}

const SMALL = '.version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k()\n{\n\tret;\n}\n';

export async function measurePlayground(input: BenchInput & { line?: number }, runs = 7, log: (s: string) => void = () => undefined): Promise<PlaygroundMeasure> {
  const text = readFileSync(input.path, 'latin1');
  const site = await openSite();
  try {
    const page = await site.context.newPage();
    await page.goto(site.url);
    await settled(page);
    const prefix = `${input.line}:`;
    const pasteMs: number[] = [];
    const pasteFrameMs: number[] = [];
    let expected = '';
    for (let i = 0; i < runs; i++) {
      // Start from a small file, everything answered; then paste the big one over it.
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+A');
      await page.locator('.cm-content').evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData('text/plain', t);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, SMALL);
      await settled(page);
      await page.keyboard.press('Control+A');
      const r = await page.locator('.cm-content').evaluate(
        (el, { t, prefix }) =>
          new Promise<{ ms: number; frameMs: number; shown: string }>((resolve, reject) => {
            const list = document.querySelector('[data-testid=diagnostics]')!;
            const timer = setTimeout(() => reject(new Error('no diagnostic within 60 s')), 60_000);
            let t0 = 0;
            const obs = new MutationObserver(() => {
              const hit = [...list.querySelectorAll('[data-testid=diagnostic]')].find((li) => li.textContent!.startsWith(prefix));
              if (!hit) return;
              const ms = performance.now() - t0;
              obs.disconnect();
              clearTimeout(timer);
              // The frame that shows it: its start time, after this task ends.
              requestAnimationFrame(() => resolve({ ms, frameMs: performance.now() - t0, shown: hit.textContent! }));
            });
            obs.observe(list, { childList: true, subtree: true, characterData: true });
            const data = new DataTransfer();
            data.setData('text/plain', t);
            t0 = performance.now();
            el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
          }),
        { t: text, prefix },
      );
      pasteMs.push(r.ms);
      pasteFrameMs.push(r.frameMs);
      expected = r.shown;
      log(`  paste ${i + 1}: ${r.ms.toFixed(1)} ms to the list, ${r.frameMs.toFixed(1)} ms to the next frame`);
      await settled(page);
    }
    // Typing at the end of the big file, long tasks recorded from the first key on.
    // (The jump to the end redraws the editor: let it finish before typing starts.)
    await page.keyboard.press('Control+End');
    await settled(page);
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      const w = window as unknown as { benchLongTasks: { start: number; duration: number }[]; benchTypingFrom: number };
      w.benchLongTasks = [];
      w.benchTypingFrom = performance.now();
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.benchLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const typedText = '\n// typed in the playground benchmark: abc xyz 0123';
    const t0 = Date.now();
    await page.keyboard.type(typedText, { delay: 30 });
    await settled(page);
    const typingMs = Date.now() - t0;
    // Let the observer deliver the last entries.
    await page.waitForTimeout(200);
    const longTasks = await page.evaluate(() => {
      const w = window as unknown as { benchLongTasks: { start: number; duration: number }[]; benchTypingFrom: number };
      return w.benchLongTasks.filter((e) => e.start >= w.benchTypingFrom).map((e) => e.duration);
    });
    if (site.errors.length) throw new Error(`bench playground: page errors: ${site.errors.join('; ')}`);
    return { bytes: input.bytes, expected, pasteMs, pasteFrameMs, typed: typedText.length, longTasks, typingMs };
  } finally {
    await site.close();
  }
}
