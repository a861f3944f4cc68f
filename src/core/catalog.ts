/**
 * Diagnostics catalogs: per language one table of every code it can report, with its severity and
 * a one-line summary (TypeScript's diagnosticMessages.json is the model). Stages report through
 * their language's catalog, so a code is a typed key (a misspelt or undocumented code does not
 * compile) and its severity is decided once, here, not at each call site. docs/diagnostics.md is
 * checked against the catalogs by test/core/diagnostics-catalog.test.ts.
 */
import { oneLineMessage, type Diagnostic, type Severity } from './diagnostics.js';
import type { SourceLocation } from './source.js';

export interface CatalogEntry {
  readonly severity: Severity;
  /** One line, as docs/diagnostics.md's "meaning" column says it. */
  readonly summary: string;
}

export type Catalog<C extends string> = { readonly [K in C]: CatalogEntry };

/** Declares a catalog (identity at run time; the type keeps the codes as literal keys). */
export function defineCatalog<C extends string>(entries: { readonly [K in C]: CatalogEntry }): Catalog<C> {
  return entries;
}

/**
 * The one raw shape every stage produces before its offsets are mapped to file, line and column:
 * a catalog code, the message, and the span (offsets into the text the stage read).
 */
export interface RawDiagnostic<C extends string = string> {
  code: C;
  message: string;
  start: number;
  length: number;
  notes?: Diagnostic[];
}

/** A located diagnostic of `catalog`'s code `code` (severity from the catalog). */
export function diagnostic<C extends string>(catalog: Catalog<C>, code: C, message: string, location?: SourceLocation, notes?: Diagnostic[]): Diagnostic {
  const d: Diagnostic = { severity: catalog[code].severity, code, message: oneLineMessage(message), location };
  if (notes) d.notes = notes;
  return d;
}
