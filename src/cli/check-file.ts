/**
 * One file of `gpuasm check`: read, checked by its language's front end, counted. The one code both
 * ways of running a check use: the main thread file after file (check.ts), and each thread of a
 * parallel check (jobs.ts, check-worker.cts), so that both give the same answer for every file.
 */
import type { Diagnostic } from '../core/diagnostics.js';
import { commandLineIncludes } from '../node/host.js';
import { readInput, type CliIO } from './io.js';

/** The options of `gpuasm check` a file's check reads: plain data, as a worker thread receives them. */
export interface CheckFileOptions {
  /** `--lang`, or undefined: from the file's extension. */
  lang?: 'ptx' | 'amdgpu';
  mcpu: string;
  triple?: string;
  /** `--mattr` (AMDGPU features, as llvm-mc -mattr). */
  mattr?: string;
  masmIntegers: boolean;
  includeDirs: string[];
  defines: string[];
  preprocess: boolean;
  compileOnly: boolean;
  /** `--no-parallel`: PTX's two-thread split of one large module is not used. */
  noSplit: boolean;
}

/** A file checked: its diagnostics and its line of the JSON summary. */
export interface FileChecked {
  diagnostics: Diagnostic[];
  summary: { file: string; errors: number; warnings: number };
}

/**
 * Checks the file at `path` (`-`: standard input). What a sequential run writes while it goes (an
 * unreadable file's error, GPUASM_TRACE_PARALLEL's line) goes to `io.stderr`. Undefined when the
 * file cannot be read (said on `io.stderr`; the run then exits 2).
 */
export async function checkFile(path: string, options: CheckFileOptions, io: Pick<CliIO, 'stderr' | 'readStdin'>): Promise<FileChecked | undefined> {
  const input = await readInput(io as CliIO, 'check', path);
  if (!input) return undefined;
  const { name, text, bytes } = input;
  const lang = options.lang ?? (/\.(s|S|asm)$/.test(path) ? 'amdgpu' : 'ptx');
  let diagnostics: Diagnostic[];
  // Each language's front end is loaded only when a file needs it: a smaller start for one-file runs.
  if (lang === 'amdgpu') {
    // (pipeline.js: the check alone, without the operand encoder the library entry also loads.)
    const { checkAmdgpuText } = await import('../amdgpu/pipeline.js');
    diagnostics = checkAmdgpuText(name, text, {
      mcpu: options.mcpu,
      triple: options.triple,
      mattr: options.mattr,
      masmIntegers: options.masmIntegers,
      latin1Bytes: bytes,
      readInclude: commandLineIncludes(options.includeDirs),
    });
  } else {
    const { checkPtx } = await import('../ptx/index.js');
    const r = checkPtx(
      name,
      text,
      { includeDirs: options.includeDirs, defines: options.defines, preprocess: options.preprocess, compileOnly: options.compileOnly, latin1Bytes: bytes },
      { parallel: options.noSplit ? 'never' : 'auto' },
    );
    if (r.parallel !== undefined && process.env['GPUASM_TRACE_PARALLEL']) io.stderr(`gpuasm: parallel check: ${r.parallel}\n`);
    diagnostics = r.diagnostics;
  }
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { diagnostics, summary: { file: name, errors, warnings } };
}
