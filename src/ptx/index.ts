/** Public PTX API. */
import type { Diagnostic } from '../core/diagnostics.js';

export interface PtxCheckOptions {
  /** Directories searched for `#include "f"` after the including file's own directory. */
  includeDirs?: string[];
  /** `-D NAME[=VALUE]` predefinitions. */
  defines?: string[];
  /** false: `#` lines are treated as ptxas treats them (only #line/#file understood). Default true. */
  preprocess?: boolean;
  /** How includes are read; defaults to the file system. Returns undefined when absent. */
  readFile?: (path: string) => string | undefined;
}

/** Checks one PTX module; returns every diagnostic (errors and warnings), located in the original files. */
export function checkPtxText(name: string, text: string, options: PtxCheckOptions = {}): Diagnostic[] {
  void name;
  void text;
  void options;
  throw new Error('PTX front end not implemented yet');
}
