/** `gpuasm operand`: AMDGPU source operands to their 9-bit source codes and literals. */
import { encodeOperand } from '../amdgpu/check/operand.js';
import { llvmOperandExprEvaluator } from '../amdgpu/parse/operand-expr.js';
import { findTarget } from '../amdgpu/targets.js';
import { OPERAND_TYPES } from '../amdgpu/check/immediates.js';
import { EXIT_ERRORS, EXIT_OK, lastOption, parseArgs, UsageError, type CliIO } from './io.js';

export const OPERAND_HELP = `usage: gpuasm operand --mcpu CPU [--masm-integers] -
       gpuasm operand --mcpu CPU [--masm-integers] --type TYPE TEXT

Encodes AMDGPU source operands as llvm-mc-19 would for an operand of TYPE on CPU.
With '-', reads lines 'TYPE TEXT' from standard input (blank lines are skipped) and prints
one JSON object per line, in order:
  {"src": N, "literal": "0x0000abcd"}   a literal: src is 255
  {"src": N, "literal": null}           a register or an inline constant
  {"src": 255, "literal": null}         a relocatable value (symbol; 32-bit operands only)
  {"error": "message"}                  the operand is invalid for TYPE on CPU

TYPE is one of: ${OPERAND_TYPES.join(' ')}
TEXT is a register (v0, v[0:1], [s0,s1], exec, src_shared_base, ...), an integer or absolute
expression, a float (1.5, -0x1.8p1), or lit(X) to force a literal.

src is the 9-bit source-operand code: SGPR n = n, vcc_lo 106, ttmp 108+ (GFX9+) or 112+,
m0 124 (GFX11+: 125), null 125 (GFX11+: 124), exec_lo 126, inline integers 128-208,
src_* 235-239 and 251-254, inline floats 240-248, literal 255, VGPR/AGPR n = 256 + n.
The literal is the 32-bit dword that follows the instruction, as 0x + 8 lowercase hex digits:
for 16-bit and 32-bit types the converted value (zero-extended); for i64/u64/b64 the low 32 bits
(the hardware sign- or zero-extends them); for f64 the HIGH 32 bits of the double (a float
whose low 32 bits are not zero warns on stderr, as llvm-mc does).
Exit status: 0 all operands valid, 1 some operand invalid, 2 usage error.

options:
  --mcpu CPU    processor (default gfx900), e.g. gfx90a, gfx942, gfx1030, gfx1100, tonga
  --type TYPE   operand type for a single TEXT argument
  --masm-integers
                read MASM integers (0ffh, 17o, 17q, 10t, 10d, 101y, 101b), as llvm-mc
                --masm-integers does; 0b101 is then not binary
`;

export async function runOperand(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(OPERAND_HELP);
    return EXIT_OK;
  }
  const args = parseArgs(argv, ['--mcpu', '--type'], ['--masm-integers']);
  const mcpu = lastOption(args, '--mcpu') ?? 'gfx900';
  const target = findTarget(mcpu);
  if (!target) throw new UsageError(`unknown processor '${mcpu}' (e.g. gfx900, gfx90a, gfx1100)`);
  const type = lastOption(args, '--type');
  const evaluator = args.flags.has('--masm-integers') ? llvmOperandExprEvaluator(undefined, { masmIntegers: true }) : undefined;
  let failed = false;
  const warnings: string[] = [];
  const one = (t: string, text: string, line?: number): string => {
    const r = encodeOperand(text, t, target, evaluator);
    if ('error' in r) {
      failed = true;
      return JSON.stringify({ error: r.error });
    }
    if (r.warning) warnings.push(`gpuasm operand: warning: ${line !== undefined ? `line ${line}: ` : ''}${r.warning}\n`);
    return JSON.stringify({ src: r.src, literal: r.literal });
  };
  if (type !== undefined) {
    if (args.positional.length === 0) throw new UsageError('no operand text (see gpuasm operand --help)');
    io.stdout(one(type, args.positional.join(' ')) + '\n');
    if (warnings.length) io.stderr(warnings.join(''));
    return failed ? EXIT_ERRORS : EXIT_OK;
  }
  if (args.positional.length !== 1 || args.positional[0] !== '-')
    throw new UsageError("expected '-' (lines 'TYPE TEXT' on stdin) or --type TYPE TEXT (see gpuasm operand --help)");
  const input = await io.readStdin();
  const out: string[] = [];
  let lineNo = 0;
  let start = 0;
  while (start <= input.length) {
    let end = input.indexOf('\n', start);
    if (end < 0) end = input.length;
    lineNo++;
    let line = input.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    start = end + 1;
    const trimmed = line.trim();
    if (trimmed.length === 0) {
      if (end === input.length) break;
      continue;
    }
    const sp = firstSpace(trimmed);
    const t = sp < 0 ? trimmed : trimmed.slice(0, sp);
    const text = sp < 0 ? '' : trimmed.slice(sp + 1).trim();
    out.push(text.length === 0 ? (failed = true, JSON.stringify({ error: `missing operand text after type '${t}'` })) : one(t, text, lineNo));
    if (end === input.length) break;
  }
  io.stdout(out.length ? out.join('\n') + '\n' : '');
  if (warnings.length) io.stderr(warnings.join(''));
  return failed ? EXIT_ERRORS : EXIT_OK;
}

function firstSpace(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9) return i;
  }
  return -1;
}
