/**
 * Which of many lines ptxas refuses, each judged in a kernel of its own declarations, batched: the
 * lines of one module head and -arch go through ptxas together (`perFile` a run, `perKernel` a
 * kernel). The lines ptxas names are refused and the rest run again until ptxas passes them: it
 * stops after some errors (a fatal one, several hundred messages, some operand errors of sparse
 * mma) and reports some only once a module passes its earlier checks. A batch with a kernel's
 * error without a line (".cta_group::1 and ::2 in one function") runs that kernel's lines one a
 * kernel; one ptxas crashes on, or refuses naming no line of ours (an error in its own expansions,
 * `<builtin>` or `<macro util>`), is halved; a line it refuses or crashes on alone is refused.
 * Used by test/ptx/diff/valid-forms.test.ts and test/ptx/instructions/instruction-table.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePtxasMessages, PTXAS } from './tools.js';

export interface PtxasLine {
  /** The module's head (.version, .target, ...), ending in a newline. */
  head: string;
  arch: string;
  /** The kernel's lines ahead of this one (declarations), ending in a newline. */
  decls: string;
  /** Lines of one key in a row share a kernel (at most `perKernel` of them); default one key for all. */
  kernel?: number;
  /** One line. */
  text: string;
}

export interface PtxasLinesOptions {
  /** Lines a kernel at the most (default no limit). */
  perKernel?: number;
  /** Lines a ptxas run at the most (default 200). */
  perFile?: number;
  /** What closes each kernel (default `ret;` and `}`). */
  kernelTail?: string;
  /** Keep the files ptxas ran on (their folder is printed). */
  keep?: boolean;
}

/** Per line, whether ptxas refuses it; and how many times ptxas ran. */
export function ptxasRefusedLines(lines: readonly PtxasLine[], opts: PtxasLinesOptions = {}): { refused: boolean[]; runs: number } {
  const ptxas = PTXAS;
  if (!ptxas) throw new Error('ptxas is not available');
  const perFile = opts.perFile ?? 200;
  const tail = opts.kernelTail ?? 'ret;\n}\n';
  const tailLines = tail.split('\n').length - 1;
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-lines-'));
  const refused = lines.map(() => false);
  let runs = 0;
  const run = (head: string, arch: string, units: readonly number[], perKernel: number): void => {
    let pending = units;
    while (pending.length > 0) {
      let text = head;
      let line = text.split('\n').length;
      const where = new Map<number, number>();
      const kernels = new Map<string, number[]>();
      let open: number[] | undefined;
      let key: number | undefined;
      pending.forEach((u, k) => {
        const l = lines[u]!;
        if (!open || l.kernel !== key || open.length >= perKernel) {
          if (open) {
            text += tail;
            line += tailLines;
          }
          open = [];
          key = l.kernel;
          kernels.set(`k${k}`, open);
          const entry = `.visible .entry k${k}()\n{\n${l.decls}`;
          text += entry;
          line += entry.split('\n').length - 1;
        }
        open.push(u);
        text += l.text + '\n';
        where.set(line++, u);
      });
      text += tail;
      const p = join(dir, `f${runs++}.ptx`);
      writeFileSync(p, text, 'latin1');
      const r = spawnSync(ptxas, [`-arch=${arch}`, p, '-o', '/dev/null'], { encoding: 'latin1', maxBuffer: 64 << 20 });
      if (r.status === 0) return;
      const crashed = r.signal !== null;
      const messages = parsePtxasMessages(r.stderr ?? '');
      const named = new Set<number>();
      const whole = new Set<number>();
      for (const m of messages) {
        if (m.severity === 'warning') continue;
        const u = m.file === p && m.line !== undefined ? where.get(m.line) : undefined;
        if (u !== undefined) named.add(u);
        const k = /^ptxas error\s*: Function '(k\d+)'/.exec(m.message);
        if (k && perKernel > 1) for (const v of kernels.get(k[1]!) ?? []) whole.add(v);
      }
      if (named.size === 0 && whole.size > 0 && !crashed) {
        run(head, arch, [...whole], 1);
        run(head, arch, pending.filter((u) => !whole.has(u)), perKernel);
        return;
      }
      if (named.size === 0 || crashed) {
        if (pending.length === 1) {
          refused[pending[0]!] = true;
          return;
        }
        const half = Math.ceil(pending.length / 2);
        run(head, arch, pending.slice(0, half), perKernel);
        run(head, arch, pending.slice(half), perKernel);
        return;
      }
      for (const u of named) refused[u] = true;
      pending = pending.filter((u) => !named.has(u));
    }
  };
  try {
    const groups = new Map<string, number[]>();
    lines.forEach((l, i) => {
      const k = `${l.head}\u0000${l.arch}`;
      const g = groups.get(k) ?? [];
      g.push(i);
      groups.set(k, g);
    });
    for (const [k, units] of groups) {
      const [head, arch] = k.split('\u0000') as [string, string];
      for (let at = 0; at < units.length; at += perFile) run(head, arch, units.slice(at, at + perFile), opts.perKernel ?? Infinity);
    }
  } finally {
    if (opts.keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  return { refused, runs };
}
