/**
 * The playground page: a CodeMirror editor and the panels around it. It never runs the checker:
 * every check, layout, evaluation and hover is a message to the worker (worker.ts), and at most one
 * request of each kind is in flight — while one is, later edits only replace the next one to send,
 * so typing costs the page nothing but the editor's own work however slow a check is.
 */
import { Compartment, EditorState, type ChangeSet } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { diagnosticCount, lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import examples from 'gpuasm:examples';
import { amdgpuLanguage, ptxLanguage } from './languages.js';
import type { Lang, Options, Request, Response, WebDiagnostic } from './protocol.js';
import { decodeShare, encodeShare } from './share.js';

type Kind = Request['kind'];
type RequestOf<K extends Kind> = K extends Kind ? Omit<Extract<Request, { kind: K }>, 'id'> : never;
type ResponseOf<K extends Response['kind']> = Extract<Response, { kind: K }>;

const $ = <E extends HTMLElement>(id: string) => document.querySelector(`[data-testid=${id}]`) as E;

// ------------------------------------------------------------------------------- worker channel

/** Counters the tests read (window.gpuasmPlayground): what was asked of the worker and answered. */
const stats = { sent: {} as Record<string, number>, answered: {} as Record<string, number>, workerChecks: 0 };

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let nextId = 1;
const waiting = new Map<number, (r: Response) => void>();
/** Per kind: whether a request is in flight, and the newest one waiting to be sent after it. */
interface Entry {
  q: RequestOf<Kind>;
  done: (r: Response) => void;
  dropped?: () => void;
}
const lanes = new Map<Kind, { busy: boolean; next?: Entry }>();

/** Sends `q`, or (one of its kind in flight) sends it after that one; `dropped` runs if a newer request replaces it first. */
function send<K extends Kind>(q: RequestOf<K> & { kind: K }, done: (r: ResponseOf<K>) => void, dropped?: () => void): void {
  const lane = lanes.get(q.kind) ?? { busy: false };
  lanes.set(q.kind, lane);
  const entry: Entry = { q: q as RequestOf<Kind>, done: done as (r: Response) => void, dropped };
  if (lane.busy) {
    lane.next?.dropped?.();
    lane.next = entry;
    return;
  }
  lane.busy = true;
  const id = nextId++;
  waiting.set(id, (r) => {
    lane.busy = false;
    stats.answered[q.kind] = (stats.answered[q.kind] ?? 0) + 1;
    entry.done(r);
    const next = lane.next;
    lane.next = undefined;
    if (next) send(next.q, next.done, next.dropped);
    updateBusy();
  });
  stats.sent[q.kind] = (stats.sent[q.kind] ?? 0) + 1;
  worker.postMessage({ ...q, id } as unknown as Request);
  updateBusy();
}

function updateBusy(): void {
  const busy = [...lanes.values()].some((l) => l.busy);
  document.body.dataset['busy'] = busy ? 'true' : 'false';
}

let onReady: ((r: ResponseOf<'ready'>) => void) | undefined;
worker.onmessage = (e: MessageEvent<Response>) => {
  const r = e.data;
  if (r.kind === 'ready') return onReady?.(r);
  if (r.kind === 'warm') {
    document.body.dataset['warm'] = 'true';
    document.body.dataset['warmMs'] = r.ms.toFixed(0);
    return;
  }
  const done = waiting.get(r.id);
  waiting.delete(r.id);
  done?.(r);
};


// ------------------------------------------------------------------------------------- state

const langSelect = $<HTMLSelectElement>('lang');
const mcpuSelect = $<HTMLSelectElement>('mcpu');
const compileOnlyBox = $<HTMLInputElement>('compile-only');
const mattrInput = $<HTMLInputElement>('mattr');
const exampleSelect = $<HTMLSelectElement>('examples');
const diagList = $<HTMLOListElement>('diagnostics');
const status = $<HTMLElement>('status');
const commandLine = $<HTMLElement>('command');
const mcpuNote = $<HTMLElement>('mcpu-note');
const layoutOut = $<HTMLPreElement>('layout');
const evalInput = $<HTMLInputElement>('eval-input');
const evalOut = $<HTMLPreElement>('eval');
const operandText = $<HTMLElement>('operand-text');
const operandOut = $<HTMLPreElement>('operand');
const filesInput = $<HTMLInputElement>('include-files');
const filesList = $<HTMLUListElement>('files');

/** The document's name: diagnostics in other (included) files say theirs. */
let docName = 'input.ptx';
/** Files the visitor added for `#include`, by name (latin1, one character per byte, as the CLI reads files). */
const files: Record<string, string> = {};
/** The processor the last AMDGPU check used (the text's `.amdgcn_target` or the selector's). */
let effectiveMcpu = 'gfx900';

const options = (): Options => ({ lang: langSelect.value as Lang, mcpu: mcpuSelect.value || 'gfx900', compileOnly: compileOnlyBox.checked, mattr: mattrInput.value.trim() });

// ------------------------------------------------------------------------------------- editor

const highlight = HighlightStyle.define([
  { tag: t.comment, color: '#6a7a8a', fontStyle: 'italic' },
  { tag: t.string, color: '#a3be8c' },
  { tag: t.number, color: '#d08770' },
  { tag: t.keyword, color: '#81a1c1' },
  { tag: t.controlKeyword, color: '#e5c07b', fontWeight: 'bold' },
  { tag: t.special(t.variableName), color: '#88c0d0' },
  { tag: t.labelName, color: '#b48ead' },
  { tag: t.meta, color: '#bf616a' },
  { tag: t.operator, color: '#c0c5ce' },
]);

const language = new Compartment();
const languageOf = (lang: Lang) => (lang === 'ptx' ? ptxLanguage : amdgpuLanguage);

/**
 * The document's changes, numbered: a check's answer is about the text of its request, and the
 * changes made after that text was taken map its positions into the document as it is now.
 */
let version = 0;
let changeLog: { version: number; changes: ChangeSet }[] = [];

/** The changes since `v` (undefined: none), forgetting those before it (answers come in order). */
function changesSince(v: number): ChangeSet | undefined {
  changeLog = changeLog.filter((c) => c.version > v);
  let all: ChangeSet | undefined;
  for (const c of changeLog) all = all ? all.compose(c.changes) : c.changes;
  return all;
}

const hover = hoverTooltip(
  (view, pos) =>
    new Promise((resolve) => {
      const line = view.state.doc.lineAt(pos);
      const o = options();
      const ask = { kind: 'hover' as const, lang: o.lang, mcpu: effectiveMcpu, line: line.text, column: pos - line.from };
      send(ask, (r) => {
        if (!r.text) return resolve(null);
        resolve({
          pos,
          above: true,
          create: () => {
            const dom = document.createElement('pre');
            dom.className = 'hover';
            dom.dataset['testid'] = 'hover';
            dom.textContent = r.text;
            return { dom };
          },
        });
      }, () => resolve(null));
    }),
  { hoverTime: 300 },
);

const view = new EditorView({
  parent: $<HTMLElement>('editor'),
  state: EditorState.create({
    doc: '',
    extensions: [
      lineNumbers(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      language.of(ptxLanguage),
      syntaxHighlighting(highlight),
      lintGutter(),
      hover,
      // A change is sent to the worker as soon as its transaction exists, before the editor
      // computes its new state (the highlighter's parse) and redraws: the check runs meanwhile
      // (docs/benchmarks.md, playground: about 30 ms sooner after pasting 200 KB).
      EditorState.transactionExtender.of((tr) => {
        if (tr.docChanged) {
          changeLog.push({ version: ++version, changes: tr.changes });
          scheduleCheck(tr.newDoc.toString());
        }
        return null;
      }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) document.body.dataset['version'] = String(version);
        if (u.docChanged || u.selectionSet) scheduleOperand();
      }),
    ],
  }),
});

/** For the tests (test/web/): the worker traffic, and how many diagnostics the editor underlines. */
(window as unknown as { gpuasmPlayground: unknown }).gpuasmPlayground = { stats, underlined: () => diagnosticCount(view.state) };

// ------------------------------------------------------------------------------------- checking

/** Checks asked for, in order; the page says which one its list shows (data-requested, data-answered). */
let requested = 0;

function scheduleCheck(text = view.state.doc.toString()): void {
  const at = version;
  const seq = ++requested;
  document.body.dataset['requested'] = String(seq);
  const o = options();
  // Positions in the answer are those of `text`; the document may have changed since: map them.
  send({ kind: 'check', name: docName, text, options: o, files: { ...files } }, (r) => {
    showDiagnostics(r, changesSince(at), at);
    document.body.dataset['answered'] = String(seq);
  });
  if (o.lang === 'ptx') send({ kind: 'layout', name: docName, text, files: { ...files } }, (r) => (layoutOut.textContent = r.output));
  else layoutOut.textContent = 'Layout shows the module variables of PTX (gpuasm layout FILE.ptx).';
  commandLine.textContent = commandFor(o, undefined);
}

function commandFor(o: Options, r: ResponseOf<'check'> | undefined): string {
  if (o.lang === 'ptx') return `gpuasm check${o.compileOnly ? ' -c' : ''} ${docName}`;
  const mcpu = r?.mcpu ?? o.mcpu;
  return `gpuasm check --mcpu ${mcpu}${r?.triple ? ` --triple ${r.triple}` : ''}${o.mattr ? ` --mattr ${o.mattr}` : ''} ${docName}`;
}

function showDiagnostics(r: ResponseOf<'check'>, changes: ChangeSet | undefined, at: number): void {
  stats.workerChecks = r.checks;
  const o = options();
  commandLine.textContent = commandFor(o, r);
  if (o.lang === 'amdgpu' && r.mcpu) {
    effectiveMcpu = r.mcpu;
    mcpuNote.textContent = r.mcpuFrom === 'amdgcn_target' ? `${r.mcpu} from the text's .amdgcn_target` : '';
  } else {
    effectiveMcpu = o.mcpu;
    mcpuNote.textContent = '';
  }
  const doc = view.state.doc;
  const marks: LintDiagnostic[] = [];
  diagList.replaceChildren();
  for (const d of r.diagnostics) {
    const li = document.createElement('li');
    li.className = d.severity;
    li.dataset['testid'] = 'diagnostic';
    li.textContent = d.text;
    diagList.append(li);
    if (d.from === undefined) continue;
    let from = Math.min(d.from, doc.length);
    let to = Math.min(Math.max(d.to ?? d.from, d.from), doc.length);
    if (changes) {
      from = Math.min(changes.mapPos(Math.min(d.from, changes.length), 1), doc.length);
      to = Math.min(changes.mapPos(Math.min(d.to ?? d.from, changes.length), -1), doc.length);
      if (to < from) to = from;
    }
    li.addEventListener('click', () => view.dispatch({ selection: { anchor: from }, scrollIntoView: true }));
    marks.push({ from, to, severity: d.severity === 'note' ? 'info' : d.severity, message: `${d.text.replace(/^[^ ]+ /, '')}`, source: 'gpuasm' } satisfies LintDiagnostic);
  }
  view.dispatch(setDiagnostics(view.state, marks));
  const errors = r.diagnostics.filter((d: WebDiagnostic) => d.severity === 'error').length;
  const warnings = r.diagnostics.filter((d: WebDiagnostic) => d.severity === 'warning').length;
  status.textContent = errors || warnings ? `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : 'no diagnostics';
  document.body.dataset['checks'] = String(r.checks);
  // The version of the document this list is about (the tests wait for the current one).
  document.body.dataset['checkedVersion'] = String(at);
  document.body.dataset['version'] = String(version);
}

// ------------------------------------------------------------------------------------- panels

function scheduleOperand(): void {
  if (options().lang !== 'amdgpu') {
    operandText.textContent = '';
    operandOut.textContent = 'Operand shows the AMDGPU encodings of the operand under the cursor (gpuasm operand).';
    return;
  }
  const pos = view.state.selection.main.head;
  const line = view.state.doc.lineAt(pos);
  send({ kind: 'operand', mcpu: effectiveMcpu, line: line.text, column: pos - line.from }, (r) => {
    operandText.textContent = r.operand === null ? '' : `gpuasm operand --mcpu ${effectiveMcpu}: ${r.operand}`;
    operandOut.textContent = r.operand === null ? 'Put the cursor on an operand of an instruction.' : r.output;
  });
}

function scheduleEval(): void {
  const expr = evalInput.value;
  if (!expr.trim()) {
    evalOut.textContent = '';
    return;
  }
  send({ kind: 'eval', lang: options().lang, expr }, (r) => (evalOut.textContent = r.output));
}

// ------------------------------------------------------------------------------------- controls

function setText(text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

function setLang(lang: Lang): void {
  langSelect.value = lang;
  document.body.dataset['lang'] = lang;
  compileOnlyBox.disabled = lang !== 'ptx';
  mcpuSelect.disabled = lang !== 'amdgpu';
  mattrInput.disabled = lang !== 'amdgpu';
  view.dispatch({ effects: language.reconfigure(languageOf(lang)) });
  const wanted = lang === 'ptx' ? /\.ptx$/ : /\.(s|S|asm)$/;
  if (!wanted.test(docName)) docName = lang === 'ptx' ? 'input.ptx' : 'input.s';
}

function loadExample(name: string): void {
  const ex = examples.find((e) => e.name === name);
  if (!ex) return;
  docName = ex.name;
  setLang(/\.(s|S|asm)$/.test(ex.name) ? 'amdgpu' : 'ptx');
  setText(ex.text);
}

langSelect.addEventListener('change', () => {
  setLang(langSelect.value as Lang);
  scheduleCheck();
  scheduleOperand();
  scheduleEval();
});
mcpuSelect.addEventListener('change', () => {
  scheduleCheck();
  scheduleOperand();
});
compileOnlyBox.addEventListener('change', () => scheduleCheck());
mattrInput.addEventListener('input', () => scheduleCheck());
exampleSelect.addEventListener('change', () => {
  loadExample(exampleSelect.value);
  exampleSelect.value = '';
});
evalInput.addEventListener('input', scheduleEval);

filesInput.addEventListener('change', async () => {
  for (const f of filesInput.files ?? []) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    files[f.name] = s;
  }
  filesInput.value = '';
  showFiles();
  scheduleCheck();
});

function showFiles(): void {
  filesList.replaceChildren();
  for (const name of Object.keys(files).sort()) {
    const li = document.createElement('li');
    li.textContent = `${name} (${files[name]!.length} bytes) `;
    const rm = document.createElement('button');
    rm.textContent = 'remove';
    rm.addEventListener('click', () => {
      delete files[name];
      showFiles();
      scheduleCheck();
    });
    li.append(rm);
    filesList.append(li);
  }
}

$<HTMLButtonElement>('share').addEventListener('click', async () => {
  const o = options();
  const hash = await encodeShare({ ...o, name: docName, text: view.state.doc.toString() });
  history_.replaceState(null, '', hash);
  const url = location.href;
  $<HTMLInputElement>('share-url').value = url;
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = 'share link copied';
  } catch {
    /* the link is in the address bar and the field beside the button */
  }
});
const history_ = window.history;

async function restoreFromHash(): Promise<boolean> {
  const s = await decodeShare(location.hash);
  if (!s) return false;
  docName = s.name;
  setLang(s.lang);
  if ([...mcpuSelect.options].some((o) => o.value === s.mcpu)) mcpuSelect.value = s.mcpu;
  compileOnlyBox.checked = s.compileOnly;
  mattrInput.value = s.mattr;
  docName = s.name;
  setText(s.text);
  return true;
}

window.addEventListener('hashchange', () => void restoreFromHash());

// ------------------------------------------------------------------------------------- start

for (const ex of examples) {
  const o = document.createElement('option');
  o.value = ex.name;
  o.textContent = ex.name;
  exampleSelect.append(o);
}

onReady = async (r) => {
  for (const tgt of r.targets) {
    const o = document.createElement('option');
    o.value = tgt.name;
    o.textContent = tgt.aliases.length ? `${tgt.name} (${tgt.aliases.join(', ')})` : tgt.name;
    mcpuSelect.append(o);
  }
  mcpuSelect.value = 'gfx900';
  if (!(await restoreFromHash())) loadExample(examples.some((e) => e.name === 'broken.ptx') ? 'broken.ptx' : examples[0]!.name);
  document.body.dataset['ready'] = 'true';
};
