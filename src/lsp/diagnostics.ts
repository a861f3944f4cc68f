/**
 * Diagnostics as the editor shows them: exactly `gpuasm check`'s (same line, column, code,
 * message), notes as related information, the code linked to its section of docs/diagnostics.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { Diagnostic } from '../core/diagnostics.js';
import type { DocumentAnalysis } from './analysis.js';

/** GitHub-style heading anchor. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]+/g, '')
    .replace(/ /g, '-');
}

let catalog: { file: string; anchors: Map<string, string> } | null | undefined;

/** Where docs/diagnostics.md is: beside the bundle (the VS Code extension) or in the package. */
function findCatalog(): string | undefined {
  const candidates: string[] = [];
  if (process.env['GPUASM_DIAGNOSTICS_MD']) candidates.push(process.env['GPUASM_DIAGNOSTICS_MD']);
  try {
    const here = fileURLToPath(import.meta.url);
    // dist/src/lsp/diagnostics.js -> docs/diagnostics.md; a bundle in editors/vscode/dist -> dist/docs.
    candidates.push(resolve(here, '../../../../docs/diagnostics.md'), resolve(here, '../docs/diagnostics.md'));
  } catch {
    // Bundled as CommonJS: no import.meta.url.
  }
  if (typeof __dirname === 'string') candidates.push(join(__dirname, 'docs', 'diagnostics.md'));
  return candidates.find((c) => existsSync(c));
}
declare const __dirname: string | undefined;

/** code -> anchor of the catalog section that lists it. */
function loadCatalog(): { file: string; anchors: Map<string, string> } | null {
  if (catalog !== undefined) return catalog;
  const file = findCatalog();
  if (!file) return (catalog = null);
  const anchors = new Map<string, string>();
  let section = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const h = /^#{2,6}\s+(.*)$/.exec(line);
    if (h) section = slug(h[1]!);
    const row = /^\|\s*`([A-Z]+\d+)`/.exec(line);
    if (row && section && !anchors.has(row[1]!)) anchors.set(row[1]!, section);
  }
  return (catalog = { file, anchors });
}

/** The link to a code's entry in docs/diagnostics.md, when the catalog is there. */
export function codeHref(code: string): string | undefined {
  const c = loadCatalog();
  if (!c) return undefined;
  const a = c.anchors.get(code);
  return pathToFileURL(c.file).href + (a ? `#${a}` : '');
}

function severity(s: Diagnostic['severity']): DiagnosticSeverity {
  return s === 'error' ? DiagnosticSeverity.Error : s === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information;
}

function rangeOf(d: Diagnostic): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const line = Math.max(0, (d.location?.line ?? 1) - 1);
  const ch = Math.max(0, (d.location?.column ?? 1) - 1);
  return { start: { line, character: ch }, end: { line, character: ch + Math.max(0, d.location?.length ?? 0) } };
}

function uriOfFile(file: string, a: DocumentAnalysis): string {
  if (file === a.name) return a.uri;
  if (isAbsolute(file)) return pathToFileURL(file).href;
  const dir = a.directory;
  return dir ? pathToFileURL(resolve(dir, file)).href : a.uri;
}

/** `gpuasm check`'s diagnostics of a document, for the editor. */
export function toLspDiagnostics(a: DocumentAnalysis): LspDiagnostic[] {
  const out: LspDiagnostic[] = [];
  for (const d of a.diagnostics) {
    const related: DiagnosticRelatedInformation[] = [];
    let range = rangeOf(d);
    const elsewhere = d.location && d.location.file !== a.name;
    if (elsewhere) {
      // In an included file (or a #line-named one): shown on the #include line that brought it in,
      // with the real place as related information.
      related.push({ location: { uri: uriOfFile(d.location!.file, a), range }, message: `${d.location!.file}:${d.location!.line}:${d.location!.column}: ${d.message}` });
      range = includeLine(a, d.location!.file);
    }
    for (const n of d.notes ?? []) {
      related.push({ location: { uri: n.location ? uriOfFile(n.location.file, a) : a.uri, range: rangeOf(n) }, message: n.message });
    }
    const href = codeHref(d.code);
    out.push({
      range,
      severity: severity(d.severity),
      code: d.code,
      ...(href ? { codeDescription: { href } } : {}),
      source: 'gpuasm',
      message: d.message,
      ...(related.length ? { relatedInformation: related } : {}),
    });
  }
  return out;
}

function includeLine(a: DocumentAnalysis, file: string): LspDiagnostic['range'] {
  const m = a.model;
  const base = basename(file);
  for (const inc of m.includes) {
    if (basename(inc.name) === base) {
      const before = a.text.slice(0, inc.start);
      const line = before.split('\n').length - 1;
      const ch = inc.start - (before.lastIndexOf('\n') + 1);
      return { start: { line, character: ch }, end: { line, character: ch + inc.name.length } };
    }
  }
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}
