/**
 * Per-document analysis cache: each document version is checked once, its editor model built once,
 * its layout (PTX) or symbol table (AMDGPU) computed once and only when a feature asks. The
 * counters in `stats` let the tests prove the work is bounded (they count, never time).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../core/diagnostics.js';
import { checkPtxText, layoutPtx, SPECIAL_REGISTERS, type PtxSession, type VariableLayout } from '../ptx/index.js';
import { amdgpuSymbols, checkAmdgpuText, parseTriple, specialRegister } from '../amdgpu/index.js';
import { buildModel, type Lang, type Model } from './model.js';
import { diagnostic } from '../core/catalog.js';
import { LSP_DIAGNOSTICS } from './catalog.js';
import { readFromDirs } from '../node/host.js';

export interface Settings {
  /** AMDGPU processor when the file has no `.amdgcn_target`. */
  mcpu: string;
  /** PTX `#include` and AMDGPU `.include` search directories after the file's own. */
  includePaths: string[];
  /** PTX `-D NAME[=VALUE]` predefinitions. */
  defines: string[];
  /** PTX: check as `ptxas -c`. */
  compileOnly: boolean;
  /** AMDGPU target features, as llvm-mc's -mattr (`+wavefrontsize64`); empty for none. */
  mattr: string;
}

export const DEFAULT_SETTINGS: Settings = { mcpu: 'gfx900', includePaths: [], defines: [], compileOnly: false, mattr: '' };

export function normalizeSettings(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    mcpu: typeof r['mcpu'] === 'string' && r['mcpu'] ? r['mcpu'] : DEFAULT_SETTINGS.mcpu,
    includePaths: strings(r['includePaths']),
    defines: strings(r['defines']),
    compileOnly: r['compileOnly'] === true,
    mattr: typeof r['mattr'] === 'string' ? r['mattr'].trim() : '',
  };
}

/** Work done so far, by kind (for the tests' bounded-work checks and `gpuasm/stats`). */
export const stats = { checks: 0, models: 0, modelTokens: 0, layouts: 0, symbolTables: 0, ptxBodiesChecked: 0, ptxBodiesReused: 0 };

/** The language of a document: its languageId, else its extension (as `gpuasm check` chooses). */
export function languageOf(languageId: string, uri: string): Lang {
  if (languageId === 'ptx') return 'ptx';
  if (languageId === 'amdgpu') return 'amdgpu';
  return /\.(s|S|asm)$/.test(uri) ? 'amdgpu' : 'ptx';
}

/** The file name a document is checked under: its path for file: URIs (so includes resolve), else the URI. */
export function checkName(uri: string): string {
  if (uri.startsWith('file:')) {
    try {
      return fileURLToPath(uri);
    } catch {
      return uri;
    }
  }
  return uri;
}

/** The processor and triple from `.amdgcn_target "amdgcn-amd-amdhsa--gfx1100[:features]"`. */
export function amdgcnTarget(text: string): { mcpu: string; triple?: string } | undefined {
  const m = /^[ \t]*\.amdgcn_target[ \t]+"([^"\n]*)"/im.exec(text.length > 1 << 20 ? text.slice(0, 1 << 20) : text);
  if (!m) return undefined;
  const id = m[1]!;
  const cut = id.lastIndexOf('--');
  if (cut < 0) return undefined;
  const mcpu = id.slice(cut + 2).split(':')[0]!;
  if (!/^gfx[0-9a-f]+$/i.test(mcpu)) return undefined;
  const triple = id.slice(0, cut);
  const t = parseTriple(triple);
  return 'error' in t ? { mcpu } : { mcpu, triple };
}

/** The AMDGPU options of a document checked for `t` under `settings`. */
export function amdgpuOptions(t: { mcpu: string; triple?: string }, settings: Settings): { mcpu: string; triple?: string; mattr?: string } {
  return { mcpu: t.mcpu, ...(t.triple ? { triple: t.triple } : {}), ...(settings.mattr ? { mattr: settings.mattr } : {}) };
}

/** The PTX check options of the settings. */
export function ptxOptions(settings: Settings): { includeDirs: string[]; defines: string[]; compileOnly: boolean } {
  return { includeDirs: settings.includePaths, defines: settings.defines, compileOnly: settings.compileOnly };
}

export class DocumentAnalysis {
  private _diagnostics: Diagnostic[] | undefined;
  private _model: Model | undefined;
  private _layout: VariableLayout[] | undefined;
  private _symbols: Map<string, bigint | null> | undefined;
  readonly name: string;

  constructor(
    readonly uri: string,
    readonly version: number,
    readonly lang: Lang,
    readonly text: string,
    readonly settings: Settings,
    /** The document's incremental PTX check (speed/session.ts), fed each version in turn; without it a full check. */
    readonly session?: PtxSession,
  ) {
    this.name = checkName(uri);
  }

  /** The AMDGPU processor and triple the document is checked for. */
  get target(): { mcpu: string; triple?: string } {
    return amdgcnTarget(this.text) ?? { mcpu: this.settings.mcpu };
  }

  get diagnostics(): Diagnostic[] {
    if (this._diagnostics) return this._diagnostics;
    stats.checks++;
    if (this.lang === 'ptx' && this.session) {
      this._diagnostics = this.session.update(this.text);
      stats.ptxBodiesChecked += this.session.stats.bodiesChecked;
      stats.ptxBodiesReused += this.session.stats.bodiesReused;
    } else if (this.lang === 'ptx') {
      this._diagnostics = checkPtxText(this.name, this.text, ptxOptions(this.settings));
    } else {
      const t = this.target;
      try {
        this._diagnostics = checkAmdgpuText(this.name, this.text, { ...amdgpuOptions(t, this.settings), readInclude: (file) => this.readInclude(file) });
      } catch (e) {
        this._diagnostics = [diagnostic(LSP_DIAGNOSTICS, 'LSP001', `gpuasm could not check this file: ${(e as Error).message}`)];
      }
    }
    return this._diagnostics;
  }

  /**
   * An AMDGPU `.include` as llvm-mc-19 finds it when run from the document's folder: there, then in
   * each include path; regular files of a bounded size only. A document that is not a file (an
   * untitled buffer) looks in the include paths only.
   */
  private readInclude(file: string): string | undefined {
    return readFromDirs(file, this.uri.startsWith('file:') ? [dirname(this.name), ...this.settings.includePaths] : this.settings.includePaths);
  }

  get model(): Model {
    if (this._model) return this._model;
    stats.models++;
    this._model = buildModel(this.lang, this.text, { ptxSpecials: SPECIAL_REGISTERS, amdgpuSpecial: (n) => specialRegister(n) !== undefined });
    stats.modelTokens += this._model.work;
    return this._model;
  }

  /** PTX module variables' layouts (empty when the module has errors). */
  get layout(): VariableLayout[] {
    if (this._layout) return this._layout;
    stats.layouts++;
    try {
      this._layout = layoutPtx(this.name, this.text, { includeDirs: this.settings.includePaths, defines: this.settings.defines, compileOnly: this.settings.compileOnly }).variables;
    } catch {
      this._layout = [];
    }
    return this._layout;
  }

  /** AMDGPU absolute symbol values. */
  get symbolValues(): Map<string, bigint | null> {
    if (this._symbols) return this._symbols;
    stats.symbolTables++;
    const m = new Map<string, bigint | null>();
    try {
      const t = this.target;
      for (const s of amdgpuSymbols(this.name, this.text, { ...amdgpuOptions(t, this.settings), readInclude: (file) => this.readInclude(file) }).symbols) m.set(s.name, s.value);
    } catch {
      // A symbol table is a nicety: hover goes without it.
    }
    this._symbols = m;
    return m;
  }

  get directory(): string | undefined {
    return this.uri.startsWith('file:') ? dirname(this.name) : undefined;
  }
}
