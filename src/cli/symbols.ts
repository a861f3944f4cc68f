/** `gpuasm symbols FILE.s`: the symbol table of an AMDGPU assembly file, as llvm-mc builds it. */
import { hex } from '../core/int64.js';
import { amdgpuSymbols } from '../amdgpu/index.js';
import { parseTriple } from '../amdgpu/triple.js';
import { commandLineIncludes } from '../node/host.js';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, formatOption, lastOption, mattrOption, parseArgs, printDiagnostics, readInput, UsageError, type CliIO } from './io.js';

export const SYMBOLS_HELP = `usage: gpuasm symbols [options] FILE.s

Prints the symbols of an AMDGPU assembly file with llvm-mc-19's rules: labels, .set/=/.equ/.equiv
assignments (forward references, redefinitions, constant folding), .globl and friends. Local
.L temporaries are left out, as in the object file's symbol table.

Each symbol has a kind:
  absolute     a variable with an absolute value (the value: signed 64-bit decimal)
  label        defined by 'name:' (an address; no value at assembly time)
  relocatable  a variable whose value depends on labels, '.' or undefined symbols
  undefined    referenced or declared (.globl) but never defined
  common       .comm/.lcomm/.amdgpu_lds (allocated by the linker)

Exit status: 0 no errors, 1 errors in the file (diagnostics printed), 2 usage or I/O error.

options:
  --mcpu CPU          AMDGPU processor, e.g. gfx900, gfx90a, gfx1100 (default gfx900)
  --triple TRIPLE     target triple, as llvm-mc -triple (default amdgcn-amd-amdhsa; also
                      amdgcn-amd-amdpal, amdgcn-mesa-mesa3d, amdgcn-pc-linux-gnu, amdgcn--)
  -I DIR              also look for .include files in DIR (repeatable; first the working
                      directory, then each -I directory in order, as llvm-mc-19)
  --mattr FEATURES    target features, as llvm-mc -mattr (see gpuasm check --help: the wave
                      size, +wavefrontsize64, is what gpuasm models)
  --masm-integers     read 0ffh-style integers, as llvm-mc --masm-integers
  --json              one JSON document on stdout:
                        {"symbols":[{"name":..,"value":"-1"|null,"kind":..}],"diagnostics":[..]}
  -                   read standard input
`;

export async function runSymbols(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(SYMBOLS_HELP);
    return EXIT_OK;
  }
  const args = parseArgs(argv, ['--mcpu', '--mattr', '--triple', '-I', '--format'], ['--json', '--masm-integers']);
  const json = formatOption(args) === 'json';
  if (args.positional.length !== 1) throw new UsageError('expected exactly one input file (see gpuasm symbols --help)');
  const path = args.positional[0]!;
  const mcpu = lastOption(args, '--mcpu') ?? 'gfx900';
  const triple = lastOption(args, '--triple');
  if (triple !== undefined) {
    const t = parseTriple(triple);
    if ('error' in t) throw new UsageError(t.error);
  }
  const input = await readInput(io, 'symbols', path);
  if (!input) return EXIT_USAGE;
  const { name, text } = input;
  const { symbols, diagnostics } = amdgpuSymbols(name, text, { mcpu, mattr: mattrOption(args), triple, masmIntegers: args.flags.has('--masm-integers'), readInclude: commandLineIncludes(args.options.get('-I') ?? []) });
  const failed = diagnostics.some((d) => d.severity === 'error');
  if (json) {
    await printDiagnostics(io, diagnostics, 'json', {
      symbols: symbols.map((s) => ({ name: s.name, value: s.value === null ? null : s.value.toString(), kind: s.kind })),
    });
    return failed ? EXIT_ERRORS : EXIT_OK;
  }
  await printDiagnostics(io, diagnostics, 'text');
  const rows = symbols.map((s) => [s.kind, s.value === null ? '-' : s.value.toString(), s.value === null ? '' : '0x' + hex(s.value, 16), s.name]);
  const head = ['KIND', 'VALUE', 'HEX', 'NAME'];
  // Widths by a loop (no spread: a file may define hundreds of thousands of symbols).
  const widths = head.map((h) => h.length);
  for (const r of rows) for (let i = 0; i < r.length; i++) widths[i] = Math.max(widths[i]!, r[i]!.length);
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ') + '\n';
  const chunks: string[] = [line(head)];
  for (const r of rows) chunks.push(line(r));
  io.stdout(chunks.join(''));
  return failed ? EXIT_ERRORS : EXIT_OK;
}
