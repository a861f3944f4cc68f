/** PTX preprocessor stage (work in progress: currently the identity mapping). */
import type { Diagnostic } from '../core/diagnostics.js';
import { SourceFile, unmapped, type MappedText } from '../core/source.js';

export interface PreprocessOptions {
  /** Searched after the including file's directory. */
  includeDirs?: string[];
  /** "NAME" or "NAME=VALUE" (like -D). */
  defines?: string[];
  /** false = ptxas mode: only #line / linemarkers understood. Default true. */
  preprocess?: boolean;
  /** Default: the file system, read as latin1; undefined when missing. */
  readFile?: (path: string) => string | undefined;
}

export interface PreprocessResult {
  mapped: MappedText;
  diagnostics: Diagnostic[];
}

export function preprocess(fileName: string, text: string, options: PreprocessOptions = {}): PreprocessResult {
  void options;
  return { mapped: unmapped(new SourceFile(fileName, text)), diagnostics: [] };
}
