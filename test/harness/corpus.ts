/** Locating ../shared (spec and corpus): present on developer machines and CI, absent on a user's clone. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is compiled to dist/test/harness/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const SHARED = resolve(REPO_ROOT, '..', 'shared');

/** The shared folder, or undefined when it is not beside the checkout. */
export function sharedDir(): string | undefined {
  return existsSync(join(SHARED, 'corpus')) ? SHARED : undefined;
}

export const sharedSkipReason = sharedDir() ? undefined : `../shared not found beside ${REPO_ROOT}: corpus sweeps skipped`;

/** Rows of a tab-separated manifest with a header line, as objects keyed by column name. */
export function readManifest(path: string): Record<string, string>[] {
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  const header = lines[0]!.split('\t');
  return lines.slice(1).map((l) => {
    const cells = l.split('\t');
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cells[i] ?? ''));
    return row;
  });
}

/** Every file under `dir` (recursively) whose name ends with `ext`. */
export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** A corpus PTX file that ptxas accepts, with how to assemble it. */
export interface AcceptedPtxFile {
  /** Path relative to corpus/ptx, e.g. `generated/atomics.sm_80.ptx`. */
  rel: string;
  path: string;
  /** The -arch ptxas was run with. */
  arch: string;
  /** ptxas needed `-c` (relocatable device code). */
  compileOnly: boolean;
  /** Valid 32-bit PTX that ptxas 13 refuses only for its address size (`rejected-only:parse-only`). */
  parseOnly: boolean;
}

/** The accepted PTX files of ../shared/corpus/ptx per its manifests ([] when it is absent). */
export function acceptedPtxFiles(): AcceptedPtxFile[] {
  const shared = sharedDir();
  if (!shared) return [];
  const root = join(shared, 'corpus', 'ptx');
  const out: AcceptedPtxFile[] = [];
  const gen = join(root, 'generated', 'MANIFEST.tsv');
  if (existsSync(gen))
    for (const r of readManifest(gen)) {
      const v = r['ptxas_verdict'] ?? '';
      if (!v.startsWith('PASS')) continue;
      const rel = `generated/${r['file']}`;
      out.push({ rel, path: join(root, rel), arch: r['target'] || 'sm_80', compileOnly: v.includes('-c'), parseOnly: false });
    }
  const pub = join(root, 'public', 'MANIFEST.tsv');
  if (existsSync(pub))
    for (const r of readManifest(pub)) {
      const c = r['classification'] ?? '';
      if (c !== 'accepted' && c !== 'rejected-only:parse-only') continue;
      const rel = `public/${r['path']}`;
      out.push({ rel, path: join(root, rel), arch: r['ptxas_arch'] || 'sm_80', compileOnly: false, parseOnly: c !== 'accepted' });
    }
  return out;
}
