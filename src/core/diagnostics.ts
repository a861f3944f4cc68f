/** Diagnostics: a stable code, a message, a resolved location; clang-style and JSON output. */
import type { SourceLocation } from './source.js';

export type Severity = 'error' | 'warning' | 'note';

export interface Diagnostic {
  severity: Severity;
  /** Stable catalog code, e.g. "PTX2001"; documented in docs/diagnostics.md. */
  code: string;
  message: string;
  location?: SourceLocation;
  notes?: Diagnostic[];
}

/**
 * A message is one line: a line end in it (quoted source text, such as a quoted name running over
 * a line end) is written `\n`, so the message is the same whether the file ends its lines with LF
 * or CRLF, and the clang-style output keeps one line per message.
 */
export function oneLineMessage(message: string): string {
  return /[\n\r]/.test(message) ? message.replace(/\r\n|\n|\r/g, '\\n') : message;
}

/**
 * Collects diagnostics. Never two at one spot: a second diagnostic at the same file/line/column
 * is dropped, which also stops most cascades after recovery.
 *
 * `C` is the code union of the catalog whose codes `error` and `warning` take (`DiagnosticBag<PtxCode>`),
 * so a code no catalog lists does not compile. Without it they take none: a stage reports through
 * its language's catalog (`reportPtx`), which takes the severity from there.
 */
export class DiagnosticBag<C extends string = never> {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  /** Upper bound so hostile input cannot make the list itself the problem. */
  constructor(readonly limit = 1000) {}

  add(d: Diagnostic): boolean {
    if (d.location) {
      const key = `${d.location.file}\0${d.location.line}\0${d.location.column}`;
      if (this.seen.has(key)) return false;
      this.seen.add(key);
    }
    if (this.items.length >= this.limit) return false;
    this.items.push(/[\n\r]/.test(d.message) ? { ...d, message: oneLineMessage(d.message) } : d);
    return true;
  }

  error(code: C, message: string, location?: SourceLocation, notes?: Diagnostic[]): void {
    this.add({ severity: 'error', code, message, location, notes });
  }

  warning(code: C, message: string, location?: SourceLocation): void {
    this.add({ severity: 'warning', code, message, location });
  }

  get errorCount(): number {
    let n = 0;
    for (const d of this.items) if (d.severity === 'error') n++;
    return n;
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/** Ordering by file, then line, then column; stable for equal keys. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const la = a.d.location;
      const lb = b.d.location;
      if (!la || !lb) return la ? 1 : lb ? -1 : a.i - b.i;
      if (la.file !== lb.file) return a.i - b.i;
      return la.line - lb.line || la.column - lb.column || a.i - b.i;
    })
    .map((x) => x.d);
}

export interface FormatOptions {
  color?: boolean;
}

interface Paint {
  bold(s: string): string;
  red(s: string): string;
  magenta(s: string): string;
  cyan(s: string): string;
  green(s: string): string;
}

const plain: Paint = { bold: (s) => s, red: (s) => s, magenta: (s) => s, cyan: (s) => s, green: (s) => s };

/** `file:line:col: error: message [CODE]`, the source line, a caret (and tildes), then notes. */
export function formatDiagnostic(d: Diagnostic, paint: Paint = plain): string {
  const out: string[] = [];
  const sev =
    d.severity === 'error' ? paint.red('error') : d.severity === 'warning' ? paint.magenta('warning') : paint.cyan('note');
  const where = d.location ? `${d.location.file}:${d.location.line}:${d.location.column}: ` : '';
  out.push(paint.bold(`${where}`) + `${paint.bold(sev + ':')} ${paint.bold(d.message)} [${d.code}]`);
  const loc = d.location;
  if (loc && loc.lineText !== undefined) {
    // Expand tabs consistently in both the line and the caret line so the caret lines up.
    const text = loc.lineText.length > 400 ? loc.lineText.slice(0, 400) + '…' : loc.lineText;
    out.push(text.replace(/\t/g, '    '));
    let pad = '';
    for (let i = 0; i < Math.min(loc.column - 1, text.length); i++) pad += text[i] === '\t' ? '    ' : ' ';
    const len = Math.max(1, Math.min(loc.length ?? 1, Math.max(1, text.length - loc.column + 1)));
    out.push(pad + paint.green('^' + '~'.repeat(len - 1)));
  }
  for (const n of d.notes ?? []) out.push(formatDiagnostic(n, paint));
  return out.join('\n');
}

/** The JSON shape of `--format json`: one object per diagnostic. */
export function diagnosticToJson(d: Diagnostic): object {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    file: d.location?.file ?? null,
    line: d.location?.line ?? null,
    column: d.location?.column ?? null,
    length: d.location?.length ?? 0,
    notes: (d.notes ?? []).map(diagnosticToJson),
  };
}
