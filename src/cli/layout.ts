/** `gpuasm layout FILE.ptx`: size, alignment, initial bytes and relocations of module variables. */
import { formatLayoutTable, layoutPtx, type VariableLayout } from '../ptx/index.js';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, formatOption, parseArgs, printDiagnostics, readInput, UsageError, type CliIO } from './io.js';

export const LAYOUT_HELP = `usage: gpuasm layout [--json] [-I DIR] [-D NAME[=VALUE]] FILE.ptx

Prints every module-scope .global and .const variable (definitions; .extern
declarations have no storage) in declaration order: state space, type, size,
alignment, the initial byte image and its relocations, as ptxas lays them out
in the cubin (.nv.global.init / .nv.global / .nv.constant3).

Bytes of an element holding an address are what ptxas leaves in the section:
  - a .const variable named without generic(): its offset in the constant
    bank (plus the +offset), already filled in;
  - a device function: its 1-based index in order of first use in the
    initializers of module-scope variables, .visible/.weak/.common ones
    first, then the others (each in declaration order), already filled in;
  - otherwise (.global variables, generic(...), kernels): zero, and a
    relocation says what goes there.

--json prints one document on stdout, diagnostics included (the shape of
check --format json):
  {"variables":[{"name","space","type","size","align","bytes",
                 "relocations":[{"offset","size","symbol","addend","generic","mask"}]}],
   "diagnostics":[..]}
  bytes is lowercase hex; addend a signed decimal number; mask a hex string
  such as "0xff00", or null.

A file with errors prints its diagnostics (and with --json no variables) and exits 1.
Exit status: 0 laid out, 1 errors, 2 usage or I/O error.
`;

function relocationJson(r: VariableLayout['relocations'][number]): object {
  const addend = Number.isSafeInteger(Number(r.addend)) ? Number(r.addend) : r.addend.toString();
  return { offset: r.offset, size: r.size, symbol: r.symbol, addend, generic: r.generic, mask: r.mask === null ? null : '0x' + r.mask.toString(16) };
}

/** The `variables` member of the --json document. */
export function layoutJson(variables: VariableLayout[]): object[] {
  return variables.map((v) => ({
    name: v.name,
    space: v.space,
    type: v.type,
    size: v.size,
    align: v.align,
    bytes: v.hex,
    relocations: v.relocations.map(relocationJson),
  }));
}

export async function runLayout(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(LAYOUT_HELP);
    return EXIT_OK;
  }
  const args = parseArgs(argv, ['-I', '-D', '--format'], ['--json', '--no-preprocess']);
  const json = formatOption(args) === 'json';
  if (args.positional.length !== 1) throw new UsageError('expected exactly one PTX file (see gpuasm layout --help)');
  const path = args.positional[0]!;
  const input = await readInput(io, 'layout', path);
  if (!input) return EXIT_USAGE;
  const { name, text } = input;
  const r = layoutPtx(name, text, {
    includeDirs: args.options.get('-I') ?? [],
    defines: args.options.get('-D') ?? [],
    preprocess: !args.flags.has('--no-preprocess'),
  });
  const failed = r.diagnostics.some((d) => d.severity === 'error');
  if (json) {
    // layoutPtx gives no variables for a file with errors.
    await printDiagnostics(io, r.diagnostics, 'json', { variables: layoutJson(r.variables) });
    return failed ? EXIT_ERRORS : EXIT_OK;
  }
  if (r.diagnostics.length) await printDiagnostics(io, r.diagnostics, 'text');
  if (failed) return EXIT_ERRORS;
  io.stdout(formatLayoutTable(r.variables));
  return EXIT_OK;
}
