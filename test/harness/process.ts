/** Running a child process and measuring it: used by the benchmarks and the hostile-input suite. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Absolute path of a command on PATH, or undefined. */
export function which(cmd: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** GNU time, for the peak resident set of a child; absent on some machines. */
export const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The child's own stderr (GNU time's lines removed). */
  stderr: string;
  wallMs: number;
  /** Peak resident set in KiB, when GNU time is there. */
  maxRssKb?: number;
  error?: NodeJS.ErrnoException;
}

/** Runs `cmd argv` under GNU time (when present), timing the whole process. */
export function measuredSpawn(cmd: string, argv: string[], opts: { timeoutMs?: number; maxBuffer?: number } = {}): MeasuredRun {
  const t0 = performance.now();
  const r = spawnSync(GNU_TIME ?? cmd, GNU_TIME ? ['-f', '@@rss %M', cmd, ...argv] : argv, {
    encoding: 'latin1',
    maxBuffer: opts.maxBuffer ?? 256 << 20,
    ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs, killSignal: 'SIGKILL' as const } : {}),
  });
  const wallMs = performance.now() - t0;
  let stderr = r.stderr ?? '';
  let maxRssKb: number | undefined;
  const m = /@@rss (\d+)\s*$/.exec(stderr);
  if (m) {
    maxRssKb = Number(m[1]);
    stderr = stderr.slice(0, m.index);
  }
  // GNU time reports a failed or killed child on a line of its own.
  stderr = stderr.replace(/^Command (terminated by signal|exited with non-zero status) .*\n?/m, '');
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr, wallMs, maxRssKb, error: r.error as NodeJS.ErrnoException | undefined };
}
