/** Locating ../shared (spec and corpus): present on developer machines and CI, absent on a user's clone. */
import { existsSync, readFileSync } from 'node:fs';
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
