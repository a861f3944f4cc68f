/** The language server's own diagnostics catalog (docs/diagnostics.md, "Language server"). */
import { defineCatalog } from '../core/catalog.js';

export const LSP_DIAGNOSTICS = defineCatalog({
  LSP001: { severity: 'error', summary: 'the checker failed on this document (an internal error, shown at line 1 instead of stopping the server; please report it with the file)' },
});

export type LspCode = keyof typeof LSP_DIAGNOSTICS;
