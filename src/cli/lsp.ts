/** `gpuasm lsp`: the language server over standard input and output (see docs/lsp.md). */
import { EXIT_OK, UsageError, type CliIO } from './io.js';

export const LSP_HELP = `usage: gpuasm lsp [--stdio]

Runs the gpuasm language server for PTX and AMDGPU on standard input and
output (the Language Server Protocol; --stdio is accepted and is the default).
Diagnostics are those of gpuasm check; hover, go to definition, references,
outline, completion, signature help, semantic tokens, rename, quick fixes
and formatting. Settings (initializationOptions.settings or the client's
"gpuasm" configuration): mcpu, includePaths, defines, compileOnly.
See docs/lsp.md.
`;

export async function runLsp(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(LSP_HELP);
    return EXIT_OK;
  }
  for (const a of argv) if (a !== '--stdio') throw new UsageError(`unknown option '${a}' (see gpuasm lsp --help)`);
  const { createConnection, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver/node.js');
  const { startServer } = await import('../lsp/server.js');
  // Anything written to stdout would break the protocol: console output goes to stderr.
  console.log = console.info = (...args: unknown[]) => process.stderr.write(args.map(String).join(' ') + '\n');
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  startServer(connection);
  // The connection exits the process on `exit` (after `shutdown`) or when stdin closes.
  return new Promise<number>(() => {});
}
