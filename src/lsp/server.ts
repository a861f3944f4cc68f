/**
 * The gpuasm language server: wires the features (one module each) to a connection. Documents are
 * synced incrementally; each version is analysed once (analysis.ts) and diagnostics are published
 * after edits settle (a burst of changes is checked once, at its last version). Every handler is
 * guarded: a failure becomes an error response or an empty answer, and the server goes on.
 */
import {
  ErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkName, DocumentAnalysis, languageOf, normalizeSettings, ptxOptions, stats, type Settings } from './analysis.js';
import { createPtxSession, type PtxSession } from '../ptx/index.js';
import { codeActions } from './code-actions.js';
import { completion } from './completion.js';
import { toLspDiagnostics } from './diagnostics.js';
import { formatDocument, formatLines } from './formatting.js';
import { hover } from './hover.js';
import { definition, highlights, references } from './navigation.js';
import { prepareRename, rename } from './rename.js';
import { LEGEND, semanticTokens } from './semantic-tokens.js';
import { signatureHelp } from './signature.js';
import { documentSymbols, workspaceSymbols } from './symbols.js';
import { diagnostic } from '../core/catalog.js';
import { LSP_DIAGNOSTICS } from './catalog.js';

/** Documents larger than this get diagnostics only (no editor model: it would cost too much memory). */
export const MODEL_LIMIT = 8 << 20;

export interface ServerOptions {
  /** Milliseconds to wait after a change before checking (default 0: the next turn of the event loop). */
  debounceMs?: number;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = normalizeSettings({});
  let debounceMs = options.debounceMs ?? 0;
  let pullConfiguration = false;
  const cache = new Map<string, DocumentAnalysis>();
  /** One incremental PTX check per open PTX document (re-checks only what an edit touched), for the settings it was made with. */
  const sessions = new Map<string, { settings: Settings; session: PtxSession }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function analysisOf(doc: TextDocument): DocumentAnalysis {
    const a = cache.get(doc.uri);
    if (a && a.version === doc.version && a.settings === settings) return a;
    const lang = languageOf(doc.languageId, doc.uri);
    let s = sessions.get(doc.uri);
    if (lang === 'ptx' && s?.settings !== settings) {
      s = { settings, session: createPtxSession(checkName(doc.uri), ptxOptions(settings)) };
      sessions.set(doc.uri, s);
    }
    const fresh = new DocumentAnalysis(doc.uri, doc.version, lang, doc.getText(), settings, lang === 'ptx' ? s?.session : undefined);
    cache.set(doc.uri, fresh);
    return fresh;
  }

  /** The document and its analysis for a request, or undefined (unknown document, or too large for the model). */
  function get(uri: string, needModel = true): { doc: TextDocument; a: DocumentAnalysis } | undefined {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    if (needModel && doc.getText().length > MODEL_LIMIT) return undefined;
    return { doc, a: analysisOf(doc) };
  }

  function validate(uri: string): void {
    const doc = documents.get(uri);
    if (!doc) return;
    let diagnostics;
    try {
      diagnostics = toLspDiagnostics(analysisOf(doc));
    } catch (e) {
      const d = diagnostic(LSP_DIAGNOSTICS, 'LSP001', `gpuasm could not check this file: ${(e as Error).message}`);
      diagnostics = [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 1 as const, code: d.code, source: 'gpuasm', message: d.message }];
    }
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  }

  function schedule(uri: string): void {
    const old = timers.get(uri);
    if (old !== undefined) {
      if (debounceMs === 0) return; // already queued: it will read the latest version
      clearTimeout(old);
    }
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        validate(uri);
      }, debounceMs),
    );
  }

  /** A handler that never throws out: unexpected failures are logged and answered with `fallback`. */
  function guard<P, R>(name: string, fallback: R, fn: (p: P) => R): (p: P) => R {
    return (p: P) => {
      try {
        if (!p || typeof p !== 'object') throw new ResponseError(ErrorCodes.InvalidParams, `${name}: missing parameters`);
        return fn(p);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        connection.console.error(`gpuasm ${name}: ${(e as Error)?.stack ?? String(e)}`);
        return fallback;
      }
    };
  }
  const uriOf = (p: { textDocument?: { uri?: unknown } }) => {
    const u = p.textDocument?.uri;
    if (typeof u !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'textDocument.uri must be a string');
    return u;
  };
  const posOf = (p: { position?: { line?: unknown; character?: unknown } }) => {
    const q = p.position;
    if (!q || typeof q.line !== 'number' || typeof q.character !== 'number') throw new ResponseError(ErrorCodes.InvalidParams, 'position must have numeric line and character');
    return { line: q.line, character: q.character };
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    pullConfiguration = params.capabilities?.workspace?.configuration === true;
    const init = (params.initializationOptions ?? {}) as { settings?: unknown; debounceMs?: unknown };
    if (init.settings) settings = normalizeSettings(init.settings);
    if (typeof init.debounceMs === 'number' && init.debounceMs >= 0) debounceMs = init.debounceMs;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        completionProvider: { triggerCharacters: ['.', '%', '@'] },
        signatureHelpProvider: { triggerCharacters: [',', ' '] },
        semanticTokensProvider: { legend: LEGEND, full: true },
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
      },
      serverInfo: { name: 'gpuasm' },
    };
  });

  async function pull(): Promise<void> {
    if (!pullConfiguration) return;
    try {
      const c: unknown = await connection.workspace.getConfiguration('gpuasm');
      if (c && typeof c === 'object') setSettings(normalizeSettings(c));
    } catch {
      // The client may not answer: keep the settings we have.
    }
  }
  function setSettings(s: Settings): void {
    if (JSON.stringify(s) === JSON.stringify(settings)) return;
    settings = s;
    for (const d of documents.all()) schedule(d.uri);
  }

  connection.onInitialized(() => void pull());
  connection.onDidChangeConfiguration((p) => {
    const s = (p?.settings as { gpuasm?: unknown } | undefined)?.gpuasm;
    if (s) setSettings(normalizeSettings(s));
    else void pull();
  });

  documents.onDidOpen((e) => schedule(e.document.uri));
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    const t = timers.get(e.document.uri);
    if (t !== undefined) clearTimeout(t);
    timers.delete(e.document.uri);
    cache.delete(e.document.uri);
    sessions.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover(guard('hover', null, (p) => {
    const x = get(uriOf(p));
    return x ? hover(x.a, x.doc, posOf(p)) : null;
  }));
  connection.onDefinition(guard('definition', null, (p) => {
    const x = get(uriOf(p));
    return x ? definition(x.a, x.doc, posOf(p)) : null;
  }));
  connection.onReferences(guard('references', [], (p) => {
    const x = get(uriOf(p));
    return x ? references(x.a, x.doc, posOf(p), p.context?.includeDeclaration !== false) : [];
  }));
  connection.onDocumentHighlight(guard('highlights', [], (p) => {
    const x = get(uriOf(p));
    return x ? highlights(x.a, x.doc, posOf(p)) : [];
  }));
  connection.onDocumentSymbol(guard('documentSymbol', [], (p) => {
    const x = get(uriOf(p));
    return x ? documentSymbols(x.a, x.doc) : [];
  }));
  connection.onWorkspaceSymbol(guard('workspaceSymbol', [], (p) => {
    const docs = documents.all().filter((d) => d.getText().length <= MODEL_LIMIT).map((doc) => ({ doc, a: analysisOf(doc) }));
    return workspaceSymbols(docs, typeof p.query === 'string' ? p.query : '');
  }));
  connection.onCompletion(guard('completion', [], (p) => {
    const x = get(uriOf(p));
    return x ? completion(x.a, x.doc, posOf(p)) : [];
  }));
  connection.onSignatureHelp(guard('signatureHelp', null, (p) => {
    const x = get(uriOf(p));
    return x ? signatureHelp(x.a, x.doc, posOf(p)) : null;
  }));
  connection.languages.semanticTokens.on(guard('semanticTokens', { data: [] }, (p) => {
    const x = get(uriOf(p));
    return x ? semanticTokens(x.a, x.doc) : { data: [] };
  }));
  connection.onPrepareRename(guard('prepareRename', null, (p) => {
    const x = get(uriOf(p));
    return x ? prepareRename(x.a, x.doc, posOf(p)) : null;
  }));
  connection.onRenameRequest(guard('rename', null, (p) => {
    const x = get(uriOf(p));
    if (typeof p.newName !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'newName must be a string');
    return x ? rename(x.a, x.doc, posOf(p), p.newName) : null;
  }));
  connection.onCodeAction(guard('codeAction', [], (p) => {
    const x = get(uriOf(p));
    if (!x || !p.range) return [];
    return codeActions(x.a, x.doc, p.range, Array.isArray(p.context?.diagnostics) ? p.context.diagnostics : []);
  }));
  connection.onDocumentFormatting(guard('formatting', [], (p) => {
    const x = get(uriOf(p));
    return x ? formatDocument(x.a, x.doc, { tabSize: p.options?.tabSize ?? 4, insertSpaces: p.options?.insertSpaces ?? false }) : [];
  }));
  connection.onDocumentRangeFormatting(guard('rangeFormatting', [], (p) => {
    const x = get(uriOf(p));
    if (!x || !p.range) return [];
    return formatLines(x.a, x.doc, { tabSize: p.options?.tabSize ?? 4, insertSpaces: p.options?.insertSpaces ?? false }, p.range.start.line, p.range.end.line);
  }));
  // For tests and the benchmark: how much work the server has done (counts, not times).
  connection.onRequest('gpuasm/stats', () => ({ ...stats, open: documents.all().length, cached: cache.size, rssBytes: process.memoryUsage().rss }));

  documents.listen(connection);
  connection.listen();
}
