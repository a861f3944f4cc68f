// docs/diagnostics.md and the diagnostics catalogs in code (src/*/diagnostics.ts) say the same:
// for every catalog, the documented codes of its prefixes are exactly its codes, each with the
// catalog's severity and summary (the "meaning" column). The stages report through the catalogs
// with typed keys and take the severity from them, so this ties what gpuasm reports to the docs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LSP_DIAGNOSTICS } from '../../src/lsp/catalog.js';
import type { Catalog } from '../../src/core/catalog.js';
import { AMD_DIAGNOSTICS } from '../../src/amdgpu/diagnostics.js';
import { AMD_INSTRUCTION_DIAGNOSTICS } from '../../src/amdgpu/instructions/diagnostics.js';
import { PTX_DIAGNOSTICS } from '../../src/ptx/diagnostics.js';
import { INSTRUCTION_DIAGNOSTICS as PTX_INSTRUCTION_DIAGNOSTICS } from '../../src/ptx/instructions/diagnostics.js';
import { REPO_ROOT } from '../harness/corpus.js';

/** One language's catalog and the codes it owns in the docs. Add a language as one more entry. */
interface CatalogCase {
  name: string;
  /** The documented codes that belong to this catalog. */
  owns: RegExp;
  catalog: Catalog<string>;
}

const CATALOGS: CatalogCase[] = [
  { name: 'PTX', owns: /^(PTX|PP)\d{3}$/, catalog: PTX_DIAGNOSTICS },
  { name: 'AMDGPU', owns: /^AMD\d{3}$/, catalog: AMD_DIAGNOSTICS },
  { name: 'LSP', owns: /^LSP\d{3}$/, catalog: LSP_DIAGNOSTICS },
];

/**
 * Documented codes of languages whose catalog is not in the list yet: temporary, empty when every
 * language's catalog is plugged in (as now).
 */
const NOT_YET_CATALOGUED: RegExp[] = [];

interface DocRow {
  code: string;
  severity: string | undefined;
  summary: string;
  line: number;
}

/** Every table row of the form | `CODE` | severity | meaning | (or | `CODE` | meaning |). */
function documentedRows(): DocRow[] {
  const text = readFileSync(join(REPO_ROOT, 'docs', 'diagnostics.md'), 'utf8');
  const rows: DocRow[] = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\| `([A-Z]+\d+)` \| (.*) \|$/.exec(line);
    if (!m) return;
    // Split at unescaped bars; `\|` inside a cell is a literal bar.
    const cells = m[2]!.split(/(?<!\\) \| /).map((c) => c.replace(/\\\|/g, '|'));
    const severity = cells.length > 1 && /^(error|warning|note)$/.test(cells[0]!) ? cells.shift() : undefined;
    rows.push({ code: m[1]!, severity, summary: cells.join(' | '), line: i + 1 });
  });
  return rows;
}

const rows = documentedRows();

test('docs/diagnostics.md has code rows to compare (the table format is the one parsed here)', () => {
  assert.ok(rows.length > 100, `only ${rows.length} code rows found`);
});

for (const c of CATALOGS) {
  describe(`${c.name} catalog`, () => {
    const docs = rows.filter((r) => c.owns.test(r.code));

    test('every catalog code is documented once, and every documented code is in the catalog', () => {
      const seen = new Map<string, number>();
      for (const r of docs) {
        assert.ok(!seen.has(r.code), `${r.code} documented twice (lines ${seen.get(r.code)} and ${r.line})`);
        seen.set(r.code, r.line);
      }
      const inCatalog = Object.keys(c.catalog).sort();
      const documented = [...seen.keys()].sort();
      assert.deepEqual(
        documented.filter((k) => !(k in c.catalog)),
        [],
        'documented in docs/diagnostics.md but missing from the catalog',
      );
      assert.deepEqual(
        inCatalog.filter((k) => !seen.has(k)),
        [],
        'in the catalog but not documented in docs/diagnostics.md',
      );
      for (const k of inCatalog) assert.ok(c.owns.test(k), `${k} does not belong to ${c.name}'s codes`);
    });

    test('severity and summary of each code equal the docs row', () => {
      for (const r of docs) {
        const e = c.catalog[r.code];
        if (!e) continue; // reported by the test above
        assert.equal(r.severity, e.severity, `${r.code} (docs line ${r.line}): severity`);
        assert.equal(r.summary, e.summary, `${r.code} (docs line ${r.line}): summary`);
      }
    });
  });
}

test('every documented code belongs to exactly one catalog (or to a language whose catalog is pending)', () => {
  for (const r of rows) {
    const owners = CATALOGS.filter((c) => c.owns.test(r.code)).map((c) => c.name);
    const pending = NOT_YET_CATALOGUED.some((p) => p.test(r.code));
    assert.ok(owners.length + (pending ? 1 : 0) === 1, `${r.code} (docs line ${r.line}): owned by ${owners.join(', ') || 'no catalog'}${pending ? ' and pending' : ''}`);
  }
});

test('the AMDGPU instruction layer\'s own table (instructions/diagnostics.ts) agrees with the catalog on codes and severities', () => {
  for (const d of AMD_INSTRUCTION_DIAGNOSTICS) {
    const e = (AMD_DIAGNOSTICS as Record<string, { severity: string } | undefined>)[d.code];
    assert.ok(e, `${d.code} missing from src/amdgpu/diagnostics.ts`);
    assert.equal(e.severity, d.severity, `${d.code}: severity`);
  }
});

test('the PTX instruction layer\'s own table (instructions/diagnostics.ts) agrees with the catalog on codes and severities', () => {
  assert.ok(PTX_INSTRUCTION_DIAGNOSTICS.length > 0);
  for (const d of PTX_INSTRUCTION_DIAGNOSTICS) {
    const e = (PTX_DIAGNOSTICS as Record<string, { severity: string } | undefined>)[d.code];
    assert.ok(e, `${d.code} missing from src/ptx/diagnostics.ts`);
    assert.equal(e.severity, d.severity, `${d.code}: severity`);
  }
  const layerCodes = Object.keys(PTX_DIAGNOSTICS).filter((k) => /^PTX5\d\d$/.test(k)).sort();
  assert.deepEqual(PTX_INSTRUCTION_DIAGNOSTICS.map((d) => d.code).sort(), layerCodes, 'the catalog\'s PTX5xx codes are the instruction layer\'s');
});
