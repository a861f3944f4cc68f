/**
 * The VS Code client: starts the bundled gpuasm language server (dist/server.js, the server and
 * the gpuasm library in one file) over stdio for PTX and AMDGPU documents and passes it the
 * `gpuasm.*` settings.
 */
import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ptx' },
      { scheme: 'file', language: 'amdgpu' },
      { scheme: 'untitled', language: 'ptx' },
      { scheme: 'untitled', language: 'amdgpu' },
    ],
    synchronize: { configurationSection: 'gpuasm' },
  };
  client = new LanguageClient('gpuasm', 'gpuasm', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
