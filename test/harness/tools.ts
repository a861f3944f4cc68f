/**
 * Differential harness: runs the reference tools (ptxas, llvm-mc-19) on generated text and reads
 * their answer. Every differential suite goes through here, so how a verdict or an error line is
 * read is decided in one place.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { which } from './process.js';


export const PTXAS = which('ptxas');
export const LLVM_MC = which('llvm-mc-19');
export const LLVM_READELF = which('llvm-readelf-19');

/** Reason to skip a ptxas suite, or undefined when ptxas is there. Printed by the caller. */
export const ptxasSkipReason = PTXAS ? undefined : 'ptxas not found on PATH: PTX differential tests skipped';
export const llvmMcSkipReason = LLVM_MC ? undefined : 'llvm-mc-19 not found (apt-get install -y llvm-19): AMDGPU differential tests skipped';

export interface ToolMessage {
  severity: 'error' | 'warning' | 'fatal';
  /** 1-based line, when the tool gave one. */
  line?: number;
  column?: number;
  file?: string;
  message: string;
}

export interface PtxasResult {
  ok: boolean;
  messages: ToolMessage[];
  /** First error's line (ptxas reports one line per message). */
  firstErrorLine?: number;
  /** The cubin bytes when assembly succeeded and `keepCubin` was asked. */
  cubin?: Buffer;
  stderr: string;
  /** The signal that ended ptxas when it crashed (it has no verdict then). */
  signal?: string;
}

let scratch: string | undefined;
function scratchDir(): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'gpuasm-diff-'));
  return scratch;
}
process.on('exit', () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

let counter = 0;

/** `ptxas a.ptx, line 8; fatal   : Parsing error near 'ret': syntax error` */
const PTXAS_LINE = /^ptxas (.*?), line (-?\d+); (error|warning|fatal)\s*: (.*)$/;

export function parsePtxasMessages(stderr: string): ToolMessage[] {
  const out: ToolMessage[] = [];
  for (const l of stderr.split('\n')) {
    const m = PTXAS_LINE.exec(l);
    if (m) out.push({ file: m[1], line: Number(m[2]), severity: m[3] as ToolMessage['severity'], message: m[4]! });
    else if (/^ptxas (fatal|error)/.test(l) && !/aborted due to errors/.test(l)) out.push({ severity: 'fatal', message: l });
  }
  return out;
}

/** Runs `ptxas -arch=ARCH` (with `-c` when asked) on the text. */
export function runPtxas(text: string, opts: { arch?: string; compileOnly?: boolean; keepCubin?: boolean; name?: string } = {}): PtxasResult {
  if (!PTXAS) throw new Error('ptxas is not available');
  const dir = scratchDir();
  const base = join(dir, `${opts.name ?? 'case'}${counter++}`);
  writeFileSync(`${base}.ptx`, text, 'latin1');
  const args = [`-arch=${opts.arch ?? 'sm_80'}`, `${base}.ptx`, '-o', `${base}.cubin`];
  if (opts.compileOnly) args.unshift('-c');
  const r = spawnSync(PTXAS, args, { encoding: 'latin1', maxBuffer: 64 << 20 });
  const messages = parsePtxasMessages(r.stderr ?? '');
  const ok = r.status === 0;
  const firstError = messages.find((m) => m.severity !== 'warning' && m.line !== undefined);
  // An error in ptxas's own macro text (`ptxas <macro util>, line 2`: a .version/.target mismatch
  // found while ptxas expands its library code) names no line of the input.
  const inInput = firstError?.file === `${base}.ptx`;
  const result: PtxasResult = { ok, messages, firstErrorLine: ok || !inInput ? undefined : firstError?.line, stderr: r.stderr ?? '' };
  if (r.signal) result.signal = r.signal;
  if (ok && opts.keepCubin) result.cubin = readFileSync(`${base}.cubin`);
  rmSync(`${base}.ptx`, { force: true });
  rmSync(`${base}.cubin`, { force: true });
  return result;
}

export interface LlvmMcResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  messages: ToolMessage[];
  /** Object file bytes when `filetype: 'obj'` was asked and assembly succeeded. */
  object?: Buffer;
  /** llvm-mc was stopped after `timeoutMs` (it loops forever on some inputs). */
  timedOut?: boolean;
}

const MC_LINE = /^(.*?):(\d+):(\d+): (error|warning): (.*)$/;

export function parseLlvmMcMessages(stderr: string): ToolMessage[] {
  const out: ToolMessage[] = [];
  for (const l of stderr.split('\n')) {
    const m = MC_LINE.exec(l);
    if (m) out.push({ file: m[1], line: Number(m[2]), column: Number(m[3]), severity: m[4] as ToolMessage['severity'], message: m[5]! });
    else {
      const w = /^<unknown>:0: (error|warning): (.*)$/.exec(l);
      if (w) out.push({ severity: w[1] as ToolMessage['severity'], message: w[2]! });
    }
  }
  return out;
}

/** Runs `llvm-mc-19 -triple=TRIPLE -mcpu=CPU` (triple amdgcn-amd-amdhsa unless given) with -show-encoding (or -filetype=obj). */
export function runLlvmMc(
  text: string,
  opts: { mcpu: string; triple?: string; filetype?: 'asm' | 'obj' | 'null'; extraArgs?: string[]; timeoutMs?: number },
): LlvmMcResult {
  if (!LLVM_MC) throw new Error('llvm-mc-19 is not available');
  const dir = scratchDir();
  const base = join(dir, `case${counter++}`);
  writeFileSync(`${base}.s`, text, 'latin1');
  const args = [`-triple=${opts.triple ?? 'amdgcn-amd-amdhsa'}`, `-mcpu=${opts.mcpu}`, ...(opts.extraArgs ?? [])];
  const filetype = opts.filetype ?? 'asm';
  if (filetype === 'asm') args.push('-show-encoding');
  else args.push(`-filetype=${filetype}`);
  if (filetype === 'obj') args.push('-o', `${base}.o`);
  args.push(`${base}.s`);
  // llvm-mc 19 can loop forever on some inputs: no run may hang a suite (the caller sees timedOut).
  const r = spawnSync(LLVM_MC, args, { encoding: 'latin1', maxBuffer: 64 << 20, timeout: opts.timeoutMs ?? 60_000, killSignal: 'SIGKILL' });
  const result: LlvmMcResult = {
    ok: r.status === 0,
    timedOut: r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT',
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    messages: parseLlvmMcMessages(r.stderr ?? ''),
  };
  if (filetype === 'obj' && result.ok) result.object = readFileSync(`${base}.o`);
  rmSync(`${base}.s`, { force: true });
  rmSync(`${base}.o`, { force: true });
  return result;
}

/** Seed for fast-check: fixed by GPUASM_SEED to replay, otherwise fresh; always printed on failure. */
export function fuzzSeed(): number {
  const env = process.env['GPUASM_SEED'];
  return env ? Number(env) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
}

/** How many random cases per differential property; GPUASM_FUZZ_RUNS overrides. */
export function fuzzRuns(defaultRuns: number): number {
  const env = process.env['GPUASM_FUZZ_RUNS'];
  return env ? Number(env) : defaultRuns;
}
