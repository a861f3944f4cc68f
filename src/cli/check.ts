/** `gpuasm check FILE...`: PTX or AMDGPU, chosen by --lang or the file extension. */
import type { Diagnostic } from '../core/diagnostics.js';
import { checkFile, type CheckFileOptions, type FileChecked } from './check-file.js';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, formatOption, lastOption, mattrOption, parseArgs, printDiagnostics, UsageError, type CliIO, type ParsedArgs } from './io.js';

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
  --mattr FEATURES    AMDGPU target features, as llvm-mc -mattr: a comma-separated list of
                      +name / -name (repeatable, joined in order). gpuasm models the wave
                      size: +wavefrontsize64 (wave64 on GFX10+: vcc, exec, s[0:1] lane
                      masks), +wavefrontsize32, -wavefrontsize32 (still wave32 on GFX10+,
                      as llvm-mc), both on (either size); other features are warnings
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
  -j N, --jobs N      check several files on N threads at once (default: one per
                      CPU on a machine of 4 or more CPUs when the files besides
                      the largest add up to 1 MB or more, else one); the output
                      is the same, in the order of the files; -j 1: one thread
  --format text|json  output format (json: one document on stdout)
  --color, --no-color force colour on or off (default: on for a terminal)
  -                   read standard input
`;

export async function runCheck(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(CHECK_HELP);
    return EXIT_OK;
  }
  const args = parseArgs(argv, ['--lang', '--mcpu', '--mattr', '--triple', '-I', '-D', '--format', '-j', '--jobs'], ['--no-preprocess', '--no-parallel', '--json', '--masm-integers', '-c', '--compile-only'], undefined, { '--jobs': '-j' });
  const format = formatOption(args);
  const jobs = jobsOption(args);
  if (args.positional.length === 0) throw new UsageError('no input files (see gpuasm check --help)');
  const langOpt = lastOption(args, '--lang');
  if (langOpt && langOpt !== 'ptx' && langOpt !== 'amdgpu') throw new UsageError(`--lang must be ptx or amdgpu, not '${langOpt}'`);
  const mcpu = lastOption(args, '--mcpu') ?? 'gfx900';
  const triple = lastOption(args, '--triple');
  if (triple !== undefined) await checkTriple(triple);
  const options: CheckFileOptions = {
    lang: langOpt as CheckFileOptions['lang'],
    mcpu,
    triple,
    mattr: mattrOption(args),
    masmIntegers: args.flags.has('--masm-integers'),
    includeDirs: args.options.get('-I') ?? [],
    defines: args.options.get('-D') ?? [],
    preprocess: !args.flags.has('--no-preprocess'),
    compileOnly: args.flags.has('-c') || args.flags.has('--compile-only'),
    noSplit: args.flags.has('--no-parallel'),
  };
  const all: Diagnostic[] = [];
  const files: FileChecked['summary'][] = [];
  let ioFailed = false;
  const record = (checked: FileChecked | undefined) => {
    if (!checked) {
      ioFailed = true;
      return;
    }
    all.push(...checked.diagnostics);
    files.push(checked.summary);
  };
  const paths = args.positional;
  // Several files: perhaps on several threads (jobs.js, loaded only then), with the same output.
  const parallel = paths.length > 1 && jobs !== 1 && !paths.includes('-') ? await import('./jobs.js') : undefined;
  const threads = parallel ? parallel.threadsFor(paths, jobs) : 1;
  if (process.env['GPUASM_TRACE_JOBS']) io.stderr(`gpuasm: ${paths.length} file${paths.length === 1 ? '' : 's'} on ${threads} thread${threads === 1 ? '' : 's'}\n`);
  if (parallel && threads > 1) {
    for (const outcome of await parallel.checkInParallel(paths, options, threads)) {
      if ('thrown' in outcome) throw outcome.thrown;
      if (outcome.stderr) io.stderr(outcome.stderr);
      record(outcome.checked);
    }
  } else {
    for (const path of paths) record(await checkFile(path, options, io));
  }
  await printDiagnostics(io, all, format, { files });
  if (ioFailed) return EXIT_USAGE;
  return all.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}

/** `-j N` / `--jobs N` (the last given): a whole number of threads, 1 or more; undefined when absent. */
function jobsOption(args: ParsedArgs): number | undefined {
  const j = lastOption(args, '-j');
  if (j === undefined) return undefined;
  if (!/^[0-9]+$/.test(j) || Number(j) < 1) throw new UsageError(`-j/--jobs must be a whole number of threads, 1 or more, not '${j}'`);
  return Number(j);
}

/** An AMDGPU triple gpuasm does not know is a usage error (exit 2), before any file is read. */
export async function checkTriple(triple: string): Promise<void> {
  const { parseTriple } = await import('../amdgpu/triple.js');
  const t = parseTriple(triple);
  if ('error' in t) throw new UsageError(t.error);
}

