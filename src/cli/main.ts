/** gpuasm command line: dispatches to one subcommand module each. */
import { readFileSync } from 'node:fs';
// The library reads #include files and starts threads through its host: Node's, for the CLI.
import '../node/host.js';
import { defaultIO, EXIT_USAGE, UsageError, type CliIO } from './io.js';

export type Command = (argv: string[], io: CliIO) => Promise<number>;

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  check: { summary: 'check PTX or AMDGPU assembly files and report diagnostics', load: async () => (await import('./check.js')).runCheck },
  eval: { summary: 'evaluate a constant expression (PTX or AMDGPU rules)', load: async () => (await import('./eval.js')).runEval },
  layout: { summary: 'print size, alignment and initial bytes of PTX module variables', load: async () => (await import('./layout.js')).runLayout },
  lsp: { summary: 'run the language server (LSP over stdio) for editors', load: async () => (await import('./lsp.js')).runLsp },
  operand: { summary: 'encode AMDGPU operands to their source-operand codes', load: async () => (await import('./operand.js')).runOperand },
  symbols: { summary: 'print the symbol table of an AMDGPU assembly file', load: async () => (await import('./symbols.js')).runSymbols },
};

export function usage(): string {
  const lines = ['usage: gpuasm <command> [options] [args]', '', 'commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(9)} ${c.summary}`);
  lines.push('', "Run 'gpuasm <command> --help' for the options of a command.");
  return lines.join('\n') + '\n';
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function main(argv: string[], io: CliIO = defaultIO(colorFlag(argv))): Promise<number> {
  const [cmd, ...rest] = argv.filter((a) => a !== '--color' && a !== '--no-color');
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    io.stdout(usage());
    return cmd ? 0 : EXIT_USAGE;
  }
  if (cmd === '--version' || cmd === '-V') {
    io.stdout(`gpuasm ${version()}\n`);
    return 0;
  }
  const entry = COMMANDS[cmd];
  if (!entry) {
    io.stderr(`gpuasm: error: unknown command '${cmd}'\n` + usage());
    return EXIT_USAGE;
  }
  try {
    return await (await entry.load())(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`gpuasm ${cmd}: error: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

function colorFlag(argv: string[]): boolean | undefined {
  if (argv.includes('--no-color')) return false;
  if (argv.includes('--color')) return true;
  return undefined;
}
