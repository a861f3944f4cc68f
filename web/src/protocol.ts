/**
 * Messages between the page (main.ts) and the checker worker (worker.ts). Every use of the
 * library happens in the worker: the page only sends text and options and shows the answers, so
 * typing never waits for a check.
 */

export type Lang = 'ptx' | 'amdgpu';

export interface Options {
  lang: Lang;
  /** The GPU selector's processor (AMDGPU); the text's `.amdgcn_target` wins over it. */
  mcpu: string;
  /** PTX `-c` (ptxas -c, separate compilation). */
  compileOnly: boolean;
  /** AMDGPU `--mattr` (llvm-mc's -mattr), as typed; empty for none. */
  mattr: string;
}

/** A diagnostic as the page shows it: the `gpuasm check` wording and where to underline it. */
export interface WebDiagnostic {
  severity: 'error' | 'warning' | 'note';
  code: string;
  /** `LINE:COL: severity: message [CODE]` (prefixed `FILE:` when in another file than the document). */
  text: string;
  /** Offsets into the document (UTF-16), when the diagnostic is in the document itself. */
  from?: number;
  to?: number;
}

export type Request =
  | { kind: 'check'; id: number; name: string; text: string; options: Options; files: Record<string, string> }
  | { kind: 'layout'; id: number; name: string; text: string; files: Record<string, string> }
  | { kind: 'eval'; id: number; lang: Lang; expr: string }
  /** The operand of the instruction on `line` that column `column` (0-based) is in. */
  | { kind: 'operand'; id: number; mcpu: string; line: string; column: number }
  | { kind: 'hover'; id: number; lang: Lang; mcpu: string; line: string; column: number };

export type Response =
  /** The worker has warmed up its checker (service.ts warmUp): `checks` run on the built-in examples, in `ms`. */
  | { kind: 'warm'; checks: number; ms: number }
  | { kind: 'ready'; targets: { name: string; aliases: readonly string[]; family: string }[]; operandTypes: readonly string[] }
  | {
      kind: 'check';
      id: number;
      /** How many checks this worker has run (the page shows it; the tests count with it). */
      checks: number;
      diagnostics: WebDiagnostic[];
      /** The processor and triple the check used (the `.amdgcn_target` of the text, else the selector's). */
      mcpu?: string;
      triple?: string;
      /** Where that processor came from. */
      mcpuFrom?: 'selector' | 'amdgcn_target';
    }
  /** `output`: what the CLI prints (stderr, then stdout), for layout, eval and operand. */
  | { kind: 'layout'; id: number; output: string; ok: boolean }
  | { kind: 'eval'; id: number; output: string; ok: boolean }
  /** `operand`: the operand's text (null: the cursor is on no operand); `output`, one line per type. */
  | { kind: 'operand'; id: number; operand: string | null; output: string; ok: boolean }
  | { kind: 'hover'; id: number; text: string | null };
