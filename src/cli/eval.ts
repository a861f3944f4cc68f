/** `gpuasm eval 'EXPR'`: evaluates a constant expression by PTX (default) or AMDGPU rules. */
import { evaluatePtxExpression } from '../ptx/index.js';
import { evaluateAmdgpuExpression } from '../amdgpu/index.js';
import { EXIT_ERRORS, EXIT_OK, formatOption, lastOption, parseArgs, printDiagnostics, UsageError, type CliIO } from './io.js';

export const EVAL_HELP = `usage: gpuasm eval [--lang ptx|amdgpu] [--format text|json] 'EXPR'

Evaluates a constant expression and prints VALUE TYPE.

PTX rules (default; spec 4.5, as ptxas evaluates initializers):
  integers are 64-bit, typed .s64 or .u64 (literals are .s64 unless they need
  .u64 or carry a U suffix); values print in decimal, .u64 as unsigned:
    gpuasm eval '-3'          ->  -3 .s64
    gpuasm eval '~0'          ->  18446744073709551615 .u64
  floating-point constants are .f64 evaluated in double precision and print
  as the shortest decimal that reads back to the same double (1.0 prints as
  1; also nan, inf, -inf, -0):
    gpuasm eval '0.1 + 0.2'   ->  0.30000000000000004 .f64
  a whole 0f literal keeps its single-precision value and prints with .f32;
  0f literals may not be used inside expressions.
  Errors (mixing integer and floating-point operands, integer-only operators
  on .f64, division or remainder by zero, literals beyond 64 bits) print a
  diagnostic pointing into <expr> and exit 1.

AMDGPU rules (--lang amdgpu; llvm-mc's absolute expressions): prints the
  signed 64-bit decimal value.

Write '%' with a space after it in PTX: '%name' is an identifier.
An EXPR may start with '-' (gpuasm eval -WARP_SZ, gpuasm eval '-(1 + 2)'): only a
word that starts with '--' and a letter is read as an option ('--bogus' is a
usage error), and '--' ends the options.
Exit status: 0 evaluated, 1 invalid expression, 2 usage error.
`;

export async function runEval(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(EVAL_HELP);
    return EXIT_OK;
  }
  // eval has no one-letter options besides -h: any other '-...' word, and '--' followed by
  // something other than a letter (`--1` is minus minus one), is (part of) the expression.
  const args = parseArgs(argv, ['--lang', '--format'], ['--json'], (a) => !/^--[A-Za-z]/.test(a));
  const format = formatOption(args);
  const lang = lastOption(args, '--lang') ?? 'ptx';
  if (lang !== 'ptx' && lang !== 'amdgpu') throw new UsageError(`--lang must be ptx or amdgpu, not '${lang}'`);
  if (args.positional.length === 0) throw new UsageError('no expression given (see gpuasm eval --help)');
  // Several words are one expression, as a shell user would expect from `gpuasm eval 1 + 2`.
  const text = args.positional.join(' ');
  if (lang === 'amdgpu') {
    const r = evaluateAmdgpuExpression(text);
    if ('diagnostics' in r) {
      await printDiagnostics(io, r.diagnostics, format);
      return EXIT_ERRORS;
    }
    const value = BigInt.asIntN(64, r.value).toString();
    io.stdout(format === 'json' ? JSON.stringify({ value, type: 'i64' }) + '\n' : `${value}\n`);
    return EXIT_OK;
  }
  const r = evaluatePtxExpression(text);
  if ('diagnostics' in r) {
    await printDiagnostics(io, r.diagnostics, format);
    return EXIT_ERRORS;
  }
  io.stdout(format === 'json' ? JSON.stringify({ value: r.value, type: r.type }) + '\n' : `${r.value} ${r.type}\n`);
  return EXIT_OK;
}
