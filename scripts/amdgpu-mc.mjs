// Runs llvm-mc-19 on a batch of assembly lines for one GPU and returns, per line, the first
// error llvm-mc reported on it (or null when the line was accepted). llvm-mc reports one error
// per statement and goes on, so one run checks thousands of lines.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

export const LLVM_MC = process.env.LLVM_MC ?? 'llvm-mc-19';

export function haveLlvmMc() {
  const r = spawnSync(LLVM_MC, ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

/** @returns {(null | {col: number, msg: string})[]} one entry per input line */
export function runMc(cpu, lines, extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'gpuasm-mc-'));
  const f = join(dir, 'batch.s');
  writeFileSync(f, lines.join('\n') + '\n');
  const r = spawnSync(LLVM_MC, ['-triple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-filetype=null', ...extraArgs, f], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  rmSync(dir, { recursive: true, force: true });
  const out = new Array(lines.length).fill(null);
  const re = /^[^\n]*?batch\.s:(\d+):(\d+): error: ([^\n]*)$/gm;
  let m;
  while ((m = re.exec(r.stderr))) {
    const ln = Number(m[1]) - 1;
    if (ln < lines.length && out[ln] === null) out[ln] = { col: Number(m[2]), msg: m[3] };
  }
  return out;
}
