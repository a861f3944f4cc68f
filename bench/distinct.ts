/**
 * Benchmark inputs made of distinct code: every module item (PTX) or function (AMDGPU) of the
 * shared corpus once, its module-scope names renamed so that items of different files coexist in
 * one file. Pure text functions here; bench/data.ts runs the reference tools over the result and
 * drops the pieces they refuse.
 */

// ---------------------------------------------------------------- PTX

/** One module-level item of a PTX file, in the order of the file. */
export interface PtxItem {
  /** The item's text with the file's module names renamed (tag applied). */
  text: string;
  /** The same with a placeholder instead of the tag: equal keys are the same code, kept once. */
  key: string;
  /** Source file (for the report). */
  file: string;
}

export interface PtxPieces {
  version: [number, number];
  target: string;
  items: PtxItem[];
}

const HEADER = /^\s*\.(version|target|address_size)\b([^\n]*)/;
const LINE_ITEMS = /^\s*(\.file|#)/;

/**
 * Splits a PTX file into module-level items: a declaration or prototype ends at its `;` at brace
 * depth 0, a function or `.section` at the `}` that closes its body (a `;` right after it is
 * included), and `.version`/`.target`/`.address_size`/`.file` and `#` lines at their line end.
 * Comments and strings are skipped while counting braces.
 */
export function splitPtxItems(text: string): { header: { version?: string; target?: string; addressSize?: string }; items: string[] } {
  const header: { version?: string; target?: string; addressSize?: string } = {};
  const items: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    // Skip blank space and comments between items.
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    const lineEnd = text.indexOf('\n', i) < 0 ? n : text.indexOf('\n', i);
    const line = text.slice(i, lineEnd);
    const h = HEADER.exec(line);
    if (h) {
      const value = h[2]!.replace(/\/\/.*$/, '').trim();
      if (h[1] === 'version') header.version = value;
      else if (h[1] === 'target') header.target = value;
      else header.addressSize = value;
      i = lineEnd;
      continue;
    }
    if (LINE_ITEMS.test(line)) {
      items.push(line);
      i = lineEnd;
      continue;
    }
    // A bracketed item.
    const start = i;
    let depth = 0;
    let end = -1;
    while (i < n) {
      const ch = text[i]!;
      if (ch === '/' && text[i + 1] === '/') {
        const e = text.indexOf('\n', i);
        i = e < 0 ? n : e;
        continue;
      }
      if (ch === '/' && text[i + 1] === '*') {
        const e = text.indexOf('*/', i + 2);
        i = e < 0 ? n : e + 2;
        continue;
      }
      if (ch === '"') {
        i++;
        while (i < n && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
        i++;
        continue;
      }
      if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        if (depth === 0) {
          // A `;` right after the closing brace (an initializer list) belongs to the item.
          let j = i + 1;
          while (j < n && (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r')) j++;
          end = text[j] === ';' ? j + 1 : i + 1;
          break;
        }
      } else if (ch === ';' && depth === 0) {
        end = i + 1;
        break;
      }
      i++;
    }
    if (end < 0) end = n;
    items.push(text.slice(start, end));
    i = end;
  }
  return { header, items };
}

/** The text with comments and strings blanked (same length), for finding names. */
function code(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"/g, (m) => m.replace(/[^\n]/g, ' '));
}

const FUNC_NAME = /\.(?:entry|func)\s*(?:\([^)]*\))?\s*([A-Za-z_$][\w$]*)/;
const NAME_TOKEN = /(?<![.\w$%])[A-Za-z_$][\w$]*/g;

/** Names an item defines at module scope (none for an `.extern .func` prototype: that name is not ours to rename). */
function definedNames(item: string): string[] {
  const c = code(item);
  if (/^\s*(?:\.file|#)/.test(c)) return [];
  const f = FUNC_NAME.exec(c);
  if (f) return /(^|\s)\.extern\s/.test(c.slice(0, f.index)) ? [] : [f[1]!];
  if (/^\s*\.(?:pragma|section)\b/.test(c)) return [];
  // A variable: the names of its declarators, before any initializer.
  const eq = c.search(/[={]/);
  const head = (eq < 0 ? c : c.slice(0, eq)).replace(/\[[^\]]*\]|<[^>]*>/g, ' ');
  return [...head.matchAll(NAME_TOKEN)].map((m) => m[0]).filter((s) => !/^\d/.test(s));
}

/**
 * The items of one PTX file, their module-scope names renamed with `tag` (`name` -> `name_tag`),
 * `.file` indices renumbered from `fileBase` (its `.loc` lines too, without their debug-info
 * `function_name … inlined_at` tail, whose labels live in the dropped `.section` blocks), and the
 * `.section` (DWARF) blocks dropped: their contents refer to labels of every function at once.
 */
export function ptxFileItems(file: string, text: string, tag: string, fileBase: number): { header: ReturnType<typeof splitPtxItems>['header']; items: PtxItem[]; files: number } {
  const { header, items } = splitPtxItems(text);
  const names = new Set<string>();
  for (const it of items) for (const nm of definedNames(it)) names.add(nm);
  const fileMap = new Map<string, number>();
  for (const it of items) {
    const m = /^\s*\.file\s+(\d+)/.exec(it);
    if (m && !fileMap.has(m[1]!)) fileMap.set(m[1]!, fileBase + fileMap.size);
  }
  const rename = (s: string, t: string) =>
    s.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|(?<![.\w$%])[A-Za-z_$][\w$]*/g, (m) => (names.has(m) ? `${m}_${t}` : m));
  const out: PtxItem[] = [];
  for (const raw of items) {
    if (/^\s*(?:\.section|#)/.test(raw)) continue;
    let it = raw;
    const fm = /^(\s*\.file\s+)(\d+)/.exec(it);
    if (fm) it = it.replace(/^(\s*\.file\s+)(\d+)/, (_, a: string) => `${a}${fileMap.get(fm[2]!)}`);
    else
      it = it.replace(/^(\s*\.loc\s+)(\d+)([^\n]*)/gm, (_, a: string, d: string, rest: string) => `${a}${fileMap.get(d) ?? d}${rest.replace(/,\s*function_name[^\n]*/, '')}`);
    out.push({ text: rename(it, tag), key: fm ? `${file}:${it}` : rename(raw.replace(/^\s*\.loc[^\n]*/gm, ''), '@T@'), file });
  }
  return { header, items: out, files: fileMap.size };
}

// ---------------------------------------------------------------- AMDGPU

/** One function of a clang-generated AMDGPU file: its text section part and its kernel descriptor. */
export interface AmdgpuFunction {
  text: string;
  key: string;
  file: string;
}

const AMD_LABEL = /^([A-Za-z_.$][\w.$]*):/;
const AMD_DEFINING = /^\s*(?:\.set|\.globl|\.type|\.amdhsa_kernel|\.weak|\.local|\.hidden)\s+([A-Za-z_.$][\w.$]*)/;
const AMD_ASSIGN = /^\s*([A-Za-z_.$][\w.$]*)\s*=/;

/**
 * The functions of one clang `.s` file (from each "-- Begin function" line to the next), their
 * symbols renamed with `tag`; the file header (`.amdgcn_target`, code object version), the
 * `.amdgpu_metadata` block and the trailing `.ident`/note sections are left out (the builder
 * writes one header).
 */
export function amdgpuFunctions(file: string, text: string, tag: string): AmdgpuFunction[] {
  const lines = text.split('\n');
  const defined = new Set<string>();
  for (const l of lines) {
    const m = AMD_LABEL.exec(l) ?? AMD_DEFINING.exec(l) ?? AMD_ASSIGN.exec(l);
    if (m) defined.add(m[1]!);
  }
  const rename = (l: string, t: string) =>
    l.replace(/;.*$|"(?:[^"\\]|\\.)*"|[A-Za-z_.$][\w.$]*/g, (tok) => (defined.has(tok) ? (tok.startsWith('.L') ? `.L${t}_${tok.slice(2)}` : `${t}_${tok}`) : tok));
  const out: AmdgpuFunction[] = [];
  let cur: string[] | null = null;
  let inMetadata = false;
  const flush = () => {
    if (cur && cur.length) {
      const body = cur.join('\n') + '\n';
      out.push({ text: rename(body, tag), key: rename(body, '@T@'), file });
    }
    cur = null;
  };
  for (const l of lines) {
    const t = l.trim();
    if (t.startsWith('.amdgpu_metadata')) {
      flush();
      inMetadata = true;
    }
    if (inMetadata) {
      if (t.startsWith('.end_amdgpu_metadata')) inMetadata = false;
      continue;
    }
    if (/-- Begin function/.test(l)) {
      flush();
      cur = ['\t.text'];
    }
    if (t.startsWith('.ident') || t.startsWith('.section\t".note.GNU-stack"') || t.startsWith('.amdgcn_target') || t.startsWith('.amdhsa_code_object_version')) {
      flush();
      continue;
    }
    if (cur) cur.push(l);
  }
  flush();
  return out;
}
