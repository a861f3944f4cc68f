/** Shared CLI plumbing: output streams, colour decision, diagnostic printing, exit codes. */
import { fstatSync, writeSync } from 'node:fs';
import { nodeBuiltin, nodeStdin } from '../node/builtins.js';
import { readWithEndMark } from './read.js';
import { diagnosticToJson, formatDiagnostic, sortDiagnostics, type Diagnostic } from '../core/diagnostics.js';

export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Colour only on a terminal, unless forced either way. */
  color: boolean;
  readStdin: () => Promise<string>;
}

/** The process streams written through defaultIO (the others were never made: see outputFlushed). */
const written = new Set<NodeJS.WriteStream>();

/** Whether everything written to the process streams has been handed to the system. */
export function outputFlushed(): boolean {
  for (const stream of written) if (stream.writableLength > 0) return false;
  return true;
}

/**
 * Output to file descriptor `fd` (1 or 2), written synchronously: the process streams, and the
 * stream modules behind them, are made only when a write would block (a non-blocking pipe) — most
 * runs never load them (several ms of a start). A reader gone away (EPIPE) ends the output.
 */
function fdWriter(fd: 1 | 2): (s: string) => void {
  let stream: NodeJS.WriteStream | undefined;
  let closed = false;
  return (s) => {
    if (closed) return;
    if (stream) {
      stream.write(s);
      return;
    }
    const bytes = Buffer.from(s, 'utf8');
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        closed = true;
        return;
      }
      if (code !== 'EAGAIN') throw e;
      stream = fd === 1 ? process.stdout : process.stderr;
      written.add(stream);
      stream.write(bytes.subarray(done));
    }
  };
}

function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

export function defaultIO(colorFlag?: boolean): CliIO {
  let color = colorFlag;
  return {
    stdout: fdWriter(1),
    stderr: fdWriter(2),
    // Decided when first asked. The tty module brings the net and stream modules with it (about
    // 9 M instructions): only asked when stderr is a character device (a terminal is one; a file
    // or a pipe, as under a script or an editor, is not).
    get color(): boolean {
      color ??= isCharacterDevice(2) && nodeBuiltin<typeof import('node:tty')>('node:tty').isatty(2) && !process.env['NO_COLOR'];
      return color;
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of nodeStdin()) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

export class UsageError extends Error {}

/** Prints diagnostics as text (clang style) to stderr, or as one JSON document to stdout. */
export async function printDiagnostics(io: CliIO, diags: Diagnostic[], format: 'text' | 'json', extra: object = {}): Promise<void> {
  const sorted = sortDiagnostics(diags);
  if (format === 'json') {
    io.stdout(JSON.stringify({ ...extra, diagnostics: sorted.map(diagnosticToJson) }) + '\n');
    return;
  }
  // Loaded only to paint (a few ms of every run otherwise). createColors(true) so --color works
  // off a terminal too (plain `pc` auto-detects the TTY).
  const paint = io.color ? (await import('picocolors')).default.createColors(true) : undefined;
  for (const d of sorted) io.stderr(formatDiagnostic(d, paint) + '\n');
  const errors = sorted.filter((d) => d.severity === 'error').length;
  const warnings = sorted.filter((d) => d.severity === 'warning').length;
  if (errors || warnings) {
    const parts: string[] = [];
    if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
    if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
    io.stderr(`${parts.join(' and ')} generated.\n`);
  }
}

/** Minimal argv parser: `--flag`, `--opt value`, `--opt=value`, `-I dir`, `-Idir`; rest positional. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string[]>;
  flags: Set<string>;
}

/**
 * `isOperand`: for a word that starts with '-' and is no known option, whether it is an operand
 * after all (e.g. `gpuasm eval -WARP_SZ`); otherwise it is an unknown option (a usage error).
 * `aliases`: value options stored under another's name (`--jobs` as `-j`: one list, in order).
 */
/** `--mattr` (llvm-mc's -mattr, a list: each given joined in order with commas); undefined when absent. */
export function mattrOption(args: ParsedArgs): string | undefined {
  const all = args.options.get('--mattr');
  return all && all.length ? all.join(',') : undefined;
}

export function parseArgs(argv: string[], valueOptions: string[], flagOptions: string[], isOperand?: (arg: string) => boolean, aliases: Record<string, string> = {}): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  const flags = new Set<string>();
  const add = (k: string, v: string) => {
    const list = options.get(k) ?? [];
    list.push(v);
    options.set(k, list);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a === '-' || !a.startsWith('-')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(0, eq) : a;
    if (valueOptions.includes(name)) {
      if (eq >= 0) add(aliases[name] ?? name, a.slice(eq + 1));
      else if (i + 1 < argv.length) add(aliases[name] ?? name, argv[++i]!);
      else throw new UsageError(`option ${name} needs a value`);
      continue;
    }
    // -Idir form for short value options.
    const short = valueOptions.find((o) => o.length === 2 && a.startsWith(o) && a.length > 2);
    if (short) {
      add(short, a.slice(2));
      continue;
    }
    if (flagOptions.includes(a)) {
      flags.add(a);
      continue;
    }
    // A negative number is an operand (e.g. `gpuasm eval -1`), not an option.
    if (/^-[0-9.]/.test(a) || isOperand?.(a)) {
      positional.push(a);
      continue;
    }
    throw new UsageError(`unknown option ${a}`);
  }
  return { positional, options, flags };
}

export function lastOption(p: ParsedArgs, name: string): string | undefined {
  const v = p.options.get(name);
  return v ? v[v.length - 1] : undefined;
}

export function formatOption(p: ParsedArgs): 'text' | 'json' {
  const f = lastOption(p, '--format') ?? (p.flags.has('--json') ? 'json' : 'text');
  if (f !== 'text' && f !== 'json') throw new UsageError(`--format must be text or json, not '${f}'`);
  return f;
}

/**
 * Reads an input named on the command line (`-` is standard input) as latin1, so offsets are byte
 * offsets. On failure says so on stderr as `gpuasm CMD: error: cannot read …` and returns undefined
 * (the caller exits 2). `name` is what diagnostics call the input.
 */
export async function readInput(io: CliIO, command: string, path: string): Promise<{ name: string; text: string; bytes?: Uint8Array } | undefined> {
  try {
    if (path === '-') return { name: '<stdin>', text: await io.readStdin() };
    // The bytes stay available: either language's lexer scans them instead of a copy of the text.
    const bytes = readWithEndMark(path);
    return { name: path, text: bytes.toString('latin1'), bytes };
  } catch (e) {
    io.stderr(`gpuasm ${command}: error: cannot read '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return undefined;
  }
}
