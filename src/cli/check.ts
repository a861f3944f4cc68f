/** `gpuasm check FILE...`: PTX or AMDGPU, chosen by --lang or the file extension. */
import type { Diagnostic } from '../core/diagnostics.js';
import { readFromDirs } from '../node/host.js';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, formatOption, lastOption, parseArgs, printDiagnostics, readInput, UsageError, type CliIO } from './io.js';

export const CHECK_HELP = `usage: gpuasm check [options] FILE...

Checks PTX (.ptx) or AMDGPU (.s, .asm) assembly and prints diagnostics as
file:line:col: error: message, with the source line and a caret.
Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.

options:
  --lang ptx|amdgpu   language (default: from the extension; .s/.asm/.S is amdgpu, else ptx)
  --mcpu CPU          AMDGPU processor, e.g. gfx900, gfx90a, gfx1100 (default gfx900)
  --triple TRIPLE     AMDGPU target triple, as llvm-mc -triple (default amdgcn-amd-amdhsa;
                      also amdgcn-amd-amdpal, amdgcn-mesa-mesa3d, amdgcn-pc-linux-gnu, amdgcn--):
                      its OS decides which directives exist
  --masm-integers     AMDGPU: read 0ffh-style integers, as llvm-mc --masm-integers
  -I DIR              add DIR to the #include search path (PTX) or the .include search
                      path (AMDGPU: the working directory first, then each DIR, as llvm-mc)
  -D NAME[=VALUE]     predefine a macro (PTX)
  --no-preprocess     treat # lines as ptxas does (only #line and #file)
  -c, --compile-only  PTX: check as ptxas -c (separate compilation, nvcc -rdc=true):
                      .extern functions may be called and their addresses taken
                      without a body in the module; needs .version 3.1 or later
  --no-parallel       PTX: check on one thread (by default a module of 2 MB or more
                      is checked on two threads when the machine has 4 or more CPUs)
  --format text|json  output format (json: one document on stdout)
  --color, --no-color force colour on or off (default: on for a terminal)
  -                   read standard input
`;

export async function runCheck(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(CHECK_HELP);
    return EXIT_OK;
  }
  const args = parseArgs(argv, ['--lang', '--mcpu', '--triple', '-I', '-D', '--format'], ['--no-preprocess', '--no-parallel', '--json', '--masm-integers', '-c', '--compile-only']);
  const format = formatOption(args);
  if (args.positional.length === 0) throw new UsageError('no input files (see gpuasm check --help)');
  const langOpt = lastOption(args, '--lang');
  if (langOpt && langOpt !== 'ptx' && langOpt !== 'amdgpu') throw new UsageError(`--lang must be ptx or amdgpu, not '${langOpt}'`);
  const mcpu = lastOption(args, '--mcpu') ?? 'gfx900';
  const triple = lastOption(args, '--triple');
  if (triple !== undefined) await checkTriple(triple);
  const all: Diagnostic[] = [];
  const files: { file: string; errors: number; warnings: number }[] = [];
  let ioFailed = false;
  for (const path of args.positional) {
    const input = await readInput(io, 'check', path);
    if (!input) {
      ioFailed = true;
      continue;
    }
    const { name, text, bytes } = input;
    const lang = langOpt ?? (/\.(s|S|asm)$/.test(path) ? 'amdgpu' : 'ptx');
    let diags: Diagnostic[];
    // Each language's front end is loaded only when a file needs it: a smaller start for one-file runs.
    if (lang === 'amdgpu') {
      // (pipeline.js: the check alone, without the operand encoder the library entry also loads.)
      const { checkAmdgpuText } = await import('../amdgpu/pipeline.js');
      const includeDirs = args.options.get('-I') ?? [];
      diags = checkAmdgpuText(name, text, { mcpu, triple, masmIntegers: args.flags.has('--masm-integers'), latin1Bytes: bytes, readInclude: (file) => readFromDirs(file, ['', ...includeDirs]) });
    } else {
      const { checkPtx } = await import('../ptx/index.js');
      const r = checkPtx(name, text, {
        includeDirs: args.options.get('-I') ?? [],
        defines: args.options.get('-D') ?? [],
        preprocess: !args.flags.has('--no-preprocess'),
        compileOnly: args.flags.has('-c') || args.flags.has('--compile-only'),
        latin1Bytes: bytes,
      }, { parallel: args.flags.has('--no-parallel') ? 'never' : 'auto' });
      if (r.parallel !== undefined && process.env['GPUASM_TRACE_PARALLEL']) io.stderr(`gpuasm: parallel check: ${r.parallel}\n`);
      diags = r.diagnostics;
    }
    all.push(...diags);
    files.push({
      file: name,
      errors: diags.filter((d) => d.severity === 'error').length,
      warnings: diags.filter((d) => d.severity === 'warning').length,
    });
  }
  await printDiagnostics(io, all, format, { files });
  if (ioFailed) return EXIT_USAGE;
  return all.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}

/** An AMDGPU triple gpuasm does not know is a usage error (exit 2), before any file is read. */
export async function checkTriple(triple: string): Promise<void> {
  const { parseTriple } = await import('../amdgpu/triple.js');
  const t = parseTriple(triple);
  if ('error' in t) throw new UsageError(t.error);
}

