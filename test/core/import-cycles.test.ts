// The import graph of src/: no cycle, imports only point down (a stage imports earlier stages of
// its pipeline, a layer imports the layers below it), and the library (everything but the CLI, the
// language server and the Node host) imports no `node:` module at run time and reads no `process`:
// it runs in browsers too. Every static, side-effect, re-export and dynamic `import()` counts.
// Type-only imports count for the layer and stage order (they show the same dependency), not for
// cycles or the browser rule (they leave no trace in the JavaScript that runs).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { REPO_ROOT } from '../harness/corpus.js';

// ------------------------------------------------------------------ the declared order

/** Layers of src/, each with the layers it may import (its own included). Every file is in one. */
const LAYERS: { name: string; files: RegExp; mayImport: string[] }[] = [
  { name: 'core', files: /^src\/core\//, mayImport: ['core'] },
  { name: 'ptx', files: /^src\/ptx\//, mayImport: ['core', 'ptx'] },
  { name: 'amdgpu', files: /^src\/amdgpu\//, mayImport: ['core', 'amdgpu'] },
  { name: 'node', files: /^src\/node\//, mayImport: ['core', 'ptx', 'amdgpu', 'node'] },
  { name: 'library', files: /^src\/(index|library)\.ts$/, mayImport: ['core', 'ptx', 'amdgpu', 'node', 'library'] },
  { name: 'lsp', files: /^src\/lsp\//, mayImport: ['core', 'ptx', 'amdgpu', 'node', 'library', 'lsp'] },
  // The CLI is the top: `gpuasm lsp` starts the language server.
  { name: 'cli', files: /^src\/cli\//, mayImport: ['core', 'ptx', 'amdgpu', 'node', 'library', 'lsp', 'cli'] },
];

/**
 * Each language's pipeline, in order: a file may import files of its own stage and of earlier
 * ones (a larger rank), never of a later one. Stages of equal rank may import each other (the
 * instruction layer is part of checking; the speed tricks sit beside the stage they serve).
 */
const STAGES: Record<string, { rank: number; name: string; files: RegExp }[]> = {
  amdgpu: [
    { rank: 0, name: 'tables and targets', files: /^src\/amdgpu\/(diagnostics\.ts|targets\.ts|features\.ts|triple\.ts|data\/)/ },
    { rank: 1, name: 'lex', files: /^src\/amdgpu\/lex\// },
    { rank: 2, name: 'parse', files: /^src\/amdgpu\/parse\// },
    { rank: 3, name: 'check', files: /^src\/amdgpu\/(check|instructions)\// },
    { rank: 3, name: 'speed', files: /^src\/amdgpu\/speed\// },
    { rank: 4, name: 'pipeline', files: /^src\/amdgpu\/pipeline\.ts$/ },
    { rank: 5, name: 'index', files: /^src\/amdgpu\/index\.ts$/ },
  ],
  ptx: [
    { rank: 0, name: 'tables and source', files: /^src\/ptx\/(diagnostics\.ts|data\/|source\/)/ },
    { rank: 1, name: 'preprocess', files: /^src\/ptx\/preprocess\// },
    { rank: 2, name: 'lex', files: /^src\/ptx\/lex\// },
    { rank: 3, name: 'parse', files: /^src\/ptx\/parse\// },
    { rank: 4, name: 'check', files: /^src\/ptx\/(check|instructions)\// },
    { rank: 5, name: 'layout', files: /^src\/ptx\/layout\// },
    // The two-thread split runs a whole part of the check (layout included) beside the pipeline.
    { rank: 6, name: 'speed', files: /^src\/ptx\/speed\// },
    { rank: 6, name: 'pipeline', files: /^src\/ptx\/pipeline\.ts$/ },
    { rank: 7, name: 'index', files: /^src\/ptx\/index\.ts$/ },
  ],
};

/**
 * Import cycles allowed, by name (none: the PTX cycles of the flat layout went with issue 12's
 * restructure), and files in no stage folder (none). Kept as lists so that an exception, if ever
 * needed, is named here rather than hidden.
 */
const TEMPORARY_ALLOWED_CYCLES: string[][] = [];
const TEMPORARY_UNSTAGED: RegExp[] = [];

/** Library files that only Node runs: the worker thread's entry script (loaded by the Node host's threads). */
const NODE_ONLY_LIBRARY_FILES = new Set(['src/ptx/speed/parallel-worker.ts']);

/** Clients that reach a language only through its public API (src/<language>/index.ts). */
const API_ONLY_CLIENTS: RegExp[] = [/^src\/lsp\//];

// ------------------------------------------------------------------ reading the graph

interface Import {
  spec: string;
  /** Resolved repository path of a relative import ('' otherwise). */
  target: string;
  typeOnly: boolean;
  line: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(REPO_ROOT, dir)).sort()) {
    const p = posix.join(dir, name);
    if (statSync(join(REPO_ROOT, p)).isDirectory()) walk(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The text with comments blanked (newlines kept, so line numbers stay); strings are left alone. */
function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && !(c !== '`' && text[j] === '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith('//', i)) {
      const e = text.indexOf('\n', i);
      i = e < 0 ? text.length : e;
    } else if (text.startsWith('/*', i)) {
      const e = text.indexOf('*/', i + 2);
      const end = e < 0 ? text.length : e + 2;
      out += text.slice(i, end).replace(/[^\n]/g, ' ');
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const IMPORT_FORMS: { re: RegExp; typeOnly: (m: RegExpExecArray) => boolean }[] = [
  // import x from '…', import { a, type b } from '…', import * as x from '…', import type … from '…'
  { re: /(?:^|[;\n])\s*import\s+(type\s+)?[\w$\s{},*]+?\s+from\s*['"]([^'"]+)['"]/g, typeOnly: (m) => m[1] !== undefined },
  // export { … } from '…', export * from '…', export * as x from '…', export type … from '…'
  { re: /(?:^|[;\n])\s*export\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*['"]([^'"]+)['"]/g, typeOnly: (m) => m[1] !== undefined },
  // import '…' (for its effect)
  { re: /(?:^|[;\n])\s*import\s*()['"]([^'"]+)['"]/g, typeOnly: () => false },
  // import('…'), and typeof import('…') in a type
  { re: /(typeof\s+)?\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, typeOnly: (m) => m[1] !== undefined },
];

function importsOf(file: string): Import[] {
  const text = withoutComments(readFileSync(join(REPO_ROOT, file), 'utf8'));
  const out: Import[] = [];
  for (const form of IMPORT_FORMS) {
    form.re.lastIndex = 0;
    for (let m = form.re.exec(text); m; m = form.re.exec(text)) {
      const spec = m[2]!;
      const target = spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts') : '';
      const line = text.slice(0, m.index + m[0].length).split('\n').length;
      out.push({ spec, target, typeOnly: form.typeOnly(m), line });
    }
  }
  return out;
}

const FILES = walk('src');
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

const layerOf = (f: string) => LAYERS.find((l) => l.files.test(f))?.name;
const stageOf = (f: string) => {
  const lang = layerOf(f);
  return lang && STAGES[lang] ? STAGES[lang]!.find((s) => s.files.test(f)) : undefined;
};

/** Strongly connected components of more than one file (or a file importing itself) over the run-time imports, Tarjan's algorithm. */
function cycles(): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const e of GRAPH.get(v) ?? []) {
      const w = e.target;
      if (e.typeOnly || !GRAPH.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (GRAPH.get(v) ?? []).some((e) => !e.typeOnly && e.target === v)) out.push(comp.sort());
    }
  };
  for (const f of FILES) if (!idx.has(f)) visit(f);
  return out;
}

// ------------------------------------------------------------------ the tests

describe('src/ import graph', () => {
  test('the import reader finds the imports (static, type-only, re-exports, side effects, dynamic)', () => {
    assert.ok(FILES.length > 50, `${FILES.length} files`);
    const all = [...GRAPH.values()].flat();
    assert.ok(all.some((i) => i.typeOnly), 'type-only imports');
    assert.ok(all.some((i) => i.spec.startsWith('node:')), 'node: imports');
    const index = GRAPH.get('src/amdgpu/index.ts')!.map((i) => i.target);
    assert.ok(index.includes('src/amdgpu/pipeline.ts') && index.includes('src/amdgpu/parse/ast.ts'), 're-exports');
    assert.ok(GRAPH.get('src/index.ts')!.some((i) => i.target === 'src/node/host.ts'), 'side-effect import');
    assert.ok(GRAPH.get('src/cli/check-file.ts')!.some((i) => i.target === 'src/amdgpu/pipeline.ts'), 'dynamic import()');
    for (const [f, imports] of GRAPH)
      for (const i of imports) if (i.target) assert.ok(GRAPH.has(i.target), `${f}:${i.line}: '${i.spec}' resolves to no file in src/`);
  });

  test('no import cycle at run time (except the temporary PTX ones, listed by name)', () => {
    const allowed = new Set(TEMPORARY_ALLOWED_CYCLES.map((c) => [...c].sort().join(' ')));
    const found = cycles();
    const bad = found.filter((c) => !allowed.has(c.join(' ')));
    assert.deepEqual(bad, [], 'import cycles');
    // A listed exception that no longer exists must be removed from the list.
    const stale = [...allowed].filter((a) => !found.some((c) => c.join(' ') === a));
    assert.deepEqual(stale, [], 'TEMPORARY_ALLOWED_CYCLES lists a cycle that is gone: remove it');
  });

  test('every file is in a layer, and layers import only the layers below them', () => {
    const bad: string[] = [];
    for (const [f, imports] of GRAPH) {
      const from = LAYERS.find((l) => l.files.test(f));
      if (!from) {
        bad.push(`${f}: in no layer (declare it in LAYERS)`);
        continue;
      }
      for (const i of imports) {
        if (!i.target) continue;
        const to = layerOf(i.target);
        if (to && !from.mayImport.includes(to)) bad.push(`${f}:${i.line}: ${from.name} imports ${to} ('${i.spec}')`);
        if (API_ONLY_CLIENTS.some((c) => c.test(f)) && (to === 'ptx' || to === 'amdgpu') && !/^src\/(ptx|amdgpu)\/index\.ts$/.test(i.target))
          bad.push(`${f}:${i.line}: a client imports ${to} past its index.ts ('${i.spec}')`);
      }
    }
    assert.deepEqual(bad, []);
  });

  for (const lang of Object.keys(STAGES)) {
    test(`${lang}: every file is in a stage, and imports point down the pipeline`, () => {
      const bad: string[] = [];
      for (const [f, imports] of GRAPH) {
        if (layerOf(f) !== lang) continue;
        const from = stageOf(f);
        if (!from) {
          if (!TEMPORARY_UNSTAGED.some((p) => p.test(f))) bad.push(`${f}: in no stage of ${lang} (declare it in STAGES)`);
          continue;
        }
        for (const i of imports) {
          const to = i.target ? stageOf(i.target) : undefined;
          if (to && to.rank > from.rank) bad.push(`${f}:${i.line}: ${from.name} imports ${to.name}, a later stage ('${i.spec}')`);
        }
      }
      assert.deepEqual(bad, []);
    });
  }

  test('the library imports no node: module at run time and reads no process (it runs in browsers)', () => {
    const bad: string[] = [];
    for (const [f, imports] of GRAPH) {
      if (/^src\/(cli|node|lsp)\//.test(f) || NODE_ONLY_LIBRARY_FILES.has(f)) continue;
      for (const i of imports) if (!i.typeOnly && i.spec.startsWith('node:')) bad.push(`${f}:${i.line}: imports '${i.spec}'`);
      const text = withoutComments(readFileSync(join(REPO_ROOT, f), 'utf8'));
      const lines = text.split('\n');
      lines.forEach((l, n) => {
        if (/(?<![\w$.])process\s*[.[]/.test(l)) bad.push(`${f}:${n + 1}: reads process`);
      });
    }
    assert.deepEqual(bad, []);
  });
});
