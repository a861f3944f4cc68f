/**
 * A small JSON-RPC client for the Language Server Protocol over stdio, written for the tests: it
 * spawns `gpuasm lsp --stdio`, frames messages with Content-Length headers, matches responses to
 * requests, answers the server's own requests, keeps every published diagnostic and can send raw
 * (malformed) bytes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPO = join(import.meta.dirname, '..', '..', '..');
export const BIN = join(REPO, 'dist', 'src', 'cli', 'bin.js');

export interface RpcError {
  code: number;
  message: string;
}

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}

export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  relatedInformation?: { location: { uri: string; range: LspDiagnostic['range'] }; message: string }[];
}

export class LspClient {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number | string, { resolve: (v: unknown) => void; reject: (e: RpcError) => void }>();
  readonly published: PublishedDiagnostics[] = [];
  private readonly listeners: (() => void)[] = [];
  readonly stderr: string[] = [];
  /** `window/logMessage` texts of type Error (a handler that failed and was guarded). */
  readonly errorLogs: string[] = [];
  exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exitWaiters: (() => void)[] = [];

  private constructor(readonly proc: ChildProcessWithoutNullStreams) {
    proc.stdout.on('data', (d: Buffer) => this.onData(d));
    proc.stderr.on('data', (d: Buffer) => this.stderr.push(d.toString()));
    proc.on('exit', (code, signal) => {
      this.exited = { code, signal };
      for (const w of this.waiting.values()) w.reject({ code: -1, message: `server exited (${code ?? signal})` });
      this.waiting.clear();
      for (const f of this.exitWaiters) f();
    });
  }

  /** Spawns the server (`node dist/src/cli/bin.js lsp --stdio`). */
  static spawn(args: string[] = ['lsp', '--stdio']): LspClient {
    return new LspClient(spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Spawns `node script args` (e.g. the VS Code extension's bundled server). */
  static spawnScript(script: string, args: string[]): LspClient {
    return new LspClient(spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Spawns and initializes, with the given initializationOptions. */
  static async start(initializationOptions: object = {}, client: LspClient = LspClient.spawn()): Promise<LspClient> {
    const c = client;
    await c.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions });
    c.notify('initialized', {});
    return c;
  }

  private onData(d: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, d]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length: (\d+)/i.exec(header);
      if (!m) throw new Error(`bad header from server: ${header}`);
      const len = Number(m[1]);
      if (this.buffer.length < headerEnd + 4 + len) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + len);
      this.onMessage(JSON.parse(body) as Record<string, unknown>);
    }
  }

  private onMessage(msg: Record<string, unknown>): void {
    if ('id' in msg && ('result' in msg || 'error' in msg) && !('method' in msg)) {
      const w = this.waiting.get(msg['id'] as number);
      if (!w) return;
      this.waiting.delete(msg['id'] as number);
      if (msg['error']) w.reject(msg['error'] as RpcError);
      else w.resolve(msg['result']);
      return;
    }
    if ('method' in msg && 'id' in msg) {
      // A request from the server (configuration, registration, progress): answer it plainly.
      const result = msg['method'] === 'workspace/configuration' ? ((msg['params'] as { items: unknown[] }).items ?? []).map(() => null) : null;
      this.write({ jsonrpc: '2.0', id: msg['id'], result });
      return;
    }
    if (msg['method'] === 'window/logMessage') {
      const p = msg['params'] as { type: number; message: string };
      if (p.type === 1) this.errorLogs.push(p.message);
      return;
    }
    if (msg['method'] === 'textDocument/publishDiagnostics') {
      this.published.push(msg['params'] as PublishedDiagnostics);
      for (const l of this.listeners.splice(0)) l();
    }
  }

  private write(msg: object): void {
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    this.proc.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  /** Bytes as they are, framing and all (for malformed-input tests). */
  writeRaw(bytes: string | Buffer): void {
    this.proc.stdin.write(bytes);
  }

  request<T = unknown>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  open(uri: string, languageId: string, text: string, version = 1): void {
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, changes: unknown[]): void {
    this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  close(uri: string): void {
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /**
   * The first publication for `uri` (at `version`, if given). Waits for the server's messages, not
   * for the clock: it wakes on every publication and on the server's exit (then it fails), so a
   * loaded machine only makes it slower, never wrong.
   */
  async diagnosticsFor(uri: string, version?: number): Promise<PublishedDiagnostics> {
    for (;;) {
      const found = this.published.find((p) => p.uri === uri && (version === undefined || p.version === version));
      if (found) return found;
      if (this.exited) throw new Error(`server exited before diagnostics for ${uri} version ${version}: ${this.stderr.join('')}`);
      await new Promise<void>((r) => {
        this.listeners.push(r);
        this.exitWaiters.push(r);
      });
    }
  }

  async shutdown(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.exited) {
      await this.request('shutdown', null);
      this.notify('exit', null);
      await this.waitExit();
    }
    return this.exited!;
  }

  waitExit(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((r) => this.exitWaiters.push(r));
  }

  kill(): void {
    if (!this.exited) this.proc.kill('SIGKILL');
  }
}

export const fileUri = (path: string) => pathToFileURL(path).href;
