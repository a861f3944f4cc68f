/**
 * Small random PTX modules from a grammar, for verdict and first-error-line differentials against
 * ptxas: variables in every state space (module and function scope, with linkage and initializers
 * naming other variables), function prototypes and definitions with parameters and return
 * parameters, `.entry` kernels, nested blocks that shadow names, labels used before their
 * definition and from other blocks, branches, calls with and without a declared callee, and
 * `.callprototype` indirect calls. Names are drawn from everything the module declares, so some
 * uses are out of scope, before their declaration, or of the wrong kind: the faults come from the
 * grammar, not from an edit. Test-only code.
 */

export type Rng = () => number;

const int = (r: Rng, n: number) => Math.floor(r() * n);
/** One element of `xs`, chosen with `r`. */
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[int(r, xs.length)]!;
const chance = (r: Rng, p: number) => r() < p;

interface FuncInfo {
  name: string;
  entry: boolean;
  params: number;
  returns: number;
  defined: boolean;
}

interface Ctx {
  r: Rng;
  out: string[];
  /** Module variables, in declaration order (some declared after their use: faults). */
  globals: string[];
  funcs: FuncInfo[];
  /** Every named register declared in the current function, any block. */
  locals: string[];
  /** Named registers visible here (innermost block last). */
  scopes: string[][];
  /** Every named .local/.shared variable of the current function. */
  memLocals: string[];
  /** Scales every fault probability: about half of the modules get few faults. */
  fault: number;
  /** Every label of the current function (declared anywhere in it), plus a few that never are. */
  labels: string[];
  /** Labels of the function's outermost block (visible everywhere in it). */
  topLabels: string[];
  /** Parameter names of the current function. */
  params: string[];
  depth: number;
  counter: number;
}

function fresh(c: Ctx, base: string): string {
  return `${base}${c.counter++}`;
}

/** A register operand: mostly the `%r<N>` family, sometimes a named local (maybe out of scope). */
function reg32(c: Ctx): string {
  const { r } = c;
  const visible = c.scopes.flat();
  if (chance(r, 0.15) && visible.length) return pick(r, visible);
  if (chance(r, 0.05 * c.fault) && c.locals.length) return pick(r, c.locals); // maybe out of scope
  if (chance(r, 0.02 * c.fault)) return `%r${10 + int(r, 5)}`; // beyond the family
  return `%r${int(r, 10)}`;
}

function reg64(c: Ctx): string {
  return chance(c.r, 0.02 * c.fault) ? '%rd9' : `%rd${int(c.r, 6)}`;
}

function immediate(r: Rng): string {
  return pick(r, ['0', '1', '-1', '7', '0x10', '0xffffffff', '017', '0b101', '255U', '(1 << 4)', 'WARP_SZ', '2 * 3 + 1']);
}

/** A branch target: a label of the outermost block, sometimes any label of the function (maybe in a closed block). */
function target(c: Ctx): string {
  if (chance(c.r, 0.3 * c.fault) && c.labels.length) return pick(c.r, c.labels);
  return c.topLabels.length ? pick(c.r, c.topLabels) : c.labels.length ? pick(c.r, c.labels) : 'Lnone';
}

function instruction(c: Ctx): string {
  const { r } = c;
  const guard = chance(r, 0.1) ? `@${chance(r, 0.3) ? '!' : ''}%p${int(r, 3)} ` : '';
  switch (int(r, 11)) {
    case 0:
      return `${guard}mov.u32 ${reg32(c)}, ${chance(r, 0.5) ? immediate(r) : reg32(c)};`;
    case 1:
      return `${guard}add.s32 ${reg32(c)}, ${reg32(c)}, ${chance(r, 0.6) ? reg32(c) : immediate(r)};`;
    case 2:
      return c.params.length ? `ld.param.u32 ${reg32(c)}, [${pick(r, c.params)}];` : `mov.u32 ${reg32(c)}, %tid.x;`;
    case 3:
      return `mov.u64 ${reg64(c)}, ${c.globals.length && !chance(r, 0.05 * c.fault) ? pick(r, c.globals) : chance(r, 0.3 * c.fault) ? pick(r, ['nosuchvar', ...c.memLocals]) : c.memLocals.length ? pick(r, c.memLocals) : '%rd1'};`;
    case 4:
      return `${guard}ld.global.u32 ${reg32(c)}, [${reg64(c)}${chance(r, 0.5) ? `+${4 * int(r, 4)}` : ''}];`;
    case 5:
      return `st.global.u32 [${reg64(c)}], ${reg32(c)};`;
    case 6:
      return `setp.ne.s32 %p${int(r, 3)}, ${reg32(c)}, ${immediate(r)};`;
    case 7:
      return `${guard || `@%p${int(r, 3)} `}bra ${target(c)};`;
    case 8:
      return `bra.uni ${target(c)};`;
    case 9:
      return `mov.u32 ${reg32(c)}, ${pick(r, ['%tid.x', '%ntid.y', '%laneid', '%warpid', '%ctaid.z', '%nctaid.x', '%clock', '%lanemask_lt'])};`;
    default:
      return `${guard}cvt.u64.u32 ${reg64(c)}, ${reg32(c)};`;
  }
}

/** A call: the callee's argument block, maybe with a wrong count or an undeclared callee. */
function call(c: Ctx, lines: string[], ind: string): void {
  const { r } = c;
  const known = c.funcs.filter((f) => !f.entry);
  if (!known.length && !chance(r, c.fault)) {
    lines.push(ind + instruction(c));
    return;
  }
  const f: FuncInfo = known.length && !chance(r, 0.1 * c.fault) ? pick(r, known) : { name: pick(r, ['later_fn', 'nofn']), entry: false, params: 1, returns: 0, defined: false };
  const nargs = !chance(r, 0.1 * c.fault) ? f.params : f.params + pick(r, [-1, 1]);
  const nrets = !chance(r, 0.05 * c.fault) ? f.returns : 1 - f.returns;
  lines.push(`${ind}{`);
  const args: string[] = [];
  for (let i = 0; i < Math.max(0, nargs); i++) {
    const a = fresh(c, 'arg');
    args.push(a);
    lines.push(`${ind}\t.param .b32 ${a};`);
    lines.push(`${ind}\tst.param.b32 [${a}], ${reg32(c)};`);
  }
  const ret = nrets > 0 ? fresh(c, 'rv') : undefined;
  if (ret) lines.push(`${ind}\t.param .b32 ${ret};`);
  const indirect = chance(r, 0.15);
  if (indirect) {
    const proto = fresh(c, 'proto');
    lines.push(`${ind}\t${proto}: .callprototype ${ret ? '(.param .b32 _) ' : ''}_ (${args.map(() => '.param .b32 _').join(', ')});`);
    lines.push(`${ind}\tmov.u64 %rd5, ${f.name};`);
    lines.push(`${ind}\tcall${pick(r, ['', '.uni'])} ${ret ? `(${ret}), ` : ''}%rd5, (${args.join(', ')}), ${!chance(r, 0.1 * c.fault) ? proto : 'noproto'};`);
  } else {
    lines.push(`${ind}\tcall${pick(r, ['', '.uni'])} ${ret ? `(${ret}), ` : ''}${f.name}${args.length || chance(r, 0.5) ? `, (${args.join(', ')})` : ''};`);
  }
  if (ret) lines.push(`${ind}\tld.param.b32 ${reg32(c)}, [${ret}];`);
  lines.push(`${ind}}`);
}

/** Rarer statements: function-scope statics, branch tables, uses before declaration, name clashes. */
function extra(c: Ctx, lines: string[], ind: string): void {
  const { r } = c;
  switch (int(r, 5)) {
    case 0: {
      // a function-scope .global/.const with an initializer (maybe naming a module variable)
      const name = fresh(c, 's');
      const init = c.globals.length && chance(r, 0.4) ? pick(r, c.globals) : immediate(r);
      lines.push(`${ind}${pick(r, ['.global', '.const'])} .u64 ${name} = ${init};`);
      c.memLocals.push(name);
      return;
    }
    case 1: {
      // brx.idx through a .branchtargets list of labels of the outermost block
      if (!c.topLabels.length) return;
      const t = fresh(c, 'tbl');
      const targets = Array.from({ length: 1 + int(r, 3) }, () => target(c));
      lines.push(`${ind}${t}: .branchtargets ${targets.join(', ')};`);
      lines.push(`${ind}brx.idx ${reg32(c)}, ${chance(r, 1 - 0.1 * c.fault) ? t : 'notbl'};`);
      return;
    }
    case 2: {
      // a variable used before its declaration in the same block (only labels may be)
      if (!chance(r, c.fault)) return;
      const name = fresh(c, 'late');
      lines.push(`${ind}mov.u64 %rd1, ${name};`);
      lines.push(`${ind}.local .u32 ${name};`);
      return;
    }
    case 3: {
      // a label and a variable of one name in one scope (they share it)
      if (!chance(r, c.fault)) return;
      const name = fresh(c, 'same');
      lines.push(`${ind}.reg .b32 ${name};`);
      lines.push(`${name}:`);
      return;
    }
    default: {
      // an `.extern`/`.visible` variable inside a body (linkage is not allowed there)
      if (!chance(r, 0.5 * c.fault)) return;
      lines.push(`${ind}${pick(r, ['.extern', '.visible'])} .global .u32 ${fresh(c, 'x')};`);
    }
  }
}

function block(c: Ctx, lines: string[], ind: string, size: number): void {
  const { r } = c;
  for (let i = 0; i < size; i++) {
    const k = int(r, 20);
    if (k < 2 && c.depth < 3) {
      // nested block, often shadowing a name
      c.depth++;
      c.scopes.push([]);
      lines.push(`${ind}{`);
      if (chance(r, 0.6)) {
        // often shadowing a name of an enclosing block
        const name = c.locals.length && chance(r, 0.5) ? pick(r, c.locals) : fresh(c, 'n');
        lines.push(`${ind}\t.reg .b32 ${name};`);
        c.locals.push(name);
        c.scopes[c.scopes.length - 1]!.push(name);
      }
      block(c, lines, ind + '\t', 1 + int(r, 4));
      lines.push(`${ind}}`);
      c.scopes.pop();
      c.depth--;
    } else if (k < 4) {
      const l = !chance(r, 0.15 * c.fault) ? fresh(c, 'L') : c.labels.length ? pick(r, c.labels) : 'L0';
      if (!c.labels.includes(l)) c.labels.push(l);
      if (c.depth === 0 && !c.topLabels.includes(l)) c.topLabels.push(l);
      lines.push(`${l}:`);
    } else if (k < 5) {
      const name = !chance(r, 0.1 * c.fault) ? fresh(c, 'v') : c.locals.length ? pick(r, c.locals) : 'v0';
      const space = pick(r, ['.reg .b32', '.reg .u32', '.local .u32', '.shared .u32', '.reg .s32']);
      lines.push(`${ind}${space} ${name};`);
      if (space.startsWith('.reg')) {
        c.locals.push(name);
        c.scopes[c.scopes.length - 1]!.push(name);
      } else c.memLocals.push(name);
    } else if (k < 6) {
      call(c, lines, ind);
    } else if (k < 7) {
      extra(c, lines, ind);
    } else {
      lines.push(ind + instruction(c));
    }
  }
}

function paramList(c: Ctx, n: number, kind: 'entry' | 'func' | 'ret'): { text: string; names: string[] } {
  const names: string[] = [];
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = chance(c.r, 0.03 * c.fault) && names.length ? names[0]! : fresh(c, kind === 'ret' ? 'ret' : 'p');
    names.push(p);
    const type = kind === 'entry' ? pick(c.r, ['.u32', '.u64', '.b32', '.align 8 .b8', '.u64 .ptr .global']) : '.b32';
    parts.push(`.param ${type} ${p}${type.includes('.b8') ? '[8]' : ''}`);
  }
  return { text: `(${parts.join(', ')})`, names };
}

function func(c: Ctx, entry: boolean, define: boolean, reuse?: FuncInfo): void {
  const { r } = c;
  const name = reuse?.name ?? fresh(c, entry ? 'kern' : 'fn');
  const nparams = reuse && !chance(r, 0.1 * c.fault) ? reuse.params : int(r, 3);
  const nrets = entry ? 0 : reuse && !chance(r, 0.1 * c.fault) ? reuse.returns : int(r, 2);
  const linkage = reuse && !chance(r, 0.2 * c.fault) ? '' : define && chance(r, 1 - 0.3 * c.fault) ? pick(r, ['', '.visible ', '.weak ']) : pick(r, ['', '', '.visible ', '.weak ', '.extern ']);
  const params = paramList(c, nparams, entry ? 'entry' : 'func');
  const rets = nrets ? paramList(c, nrets, 'ret') : undefined;
  const head = `${linkage}${entry ? '.entry' : '.func'} ${rets ? rets.text + ' ' : ''}${name}${params.text}${entry && chance(r, 0.2) ? ' .maxntid 128' : ''}`;
  if (!reuse) c.funcs.push({ name, entry, params: nparams, returns: nrets, defined: define });
  else if (define) reuse.defined = true;
  if (!define) {
    c.out.push(head + ';');
    return;
  }
  c.locals = [];
  c.scopes = [[]];
  c.memLocals = [];
  c.labels = chance(r, 0.1 * c.fault) ? ['Lmissing'] : [];
  // Return parameters are write-only (reading one is a fault).
  c.params = [...params.names, ...(chance(r, 0.2 * c.fault) ? rets?.names ?? [] : [])];
  const body: string[] = [];
  if (!chance(r, 0.03 * c.fault)) body.push('\t.reg .b32 %r<10>;');
  if (!chance(r, 0.03 * c.fault)) body.push('\t.reg .b64 %rd<6>;');
  if (!chance(r, 0.03 * c.fault)) body.push('\t.reg .pred %p<3>;');
  // Labels are known to the generator before the body is written, so branches can go forward.
  const pre = 1 + int(r, 3);
  for (let i = 0; i < pre; i++) c.labels.push(`L${c.counter + i * 7 + 1000}`);
  const planned = [...c.labels];
  c.topLabels = planned.filter((l) => l !== 'Lmissing');
  block(c, body, '\t', 3 + int(r, 10));
  // Define the planned forward labels somewhere (most of them), in this block.
  for (const l of planned) {
    if (l === 'Lmissing' || chance(r, 0.1 * c.fault)) continue;
    // a line between statements of the outermost block
    const outer: number[] = [];
    let depth = 0;
    body.forEach((line, i) => {
      if (depth === 0 && i > 0) outer.push(i);
      const t = line.trim();
      if (t === '{') depth++;
      else if (t === '}') depth--;
    });
    body.splice(outer.length ? pick(r, outer) : body.length, 0, `${l}:`);
  }
  if (rets) body.push(`\tst.param.b32 [${rets.names[0]}], %r1;`);
  body.push('\tret;');
  c.out.push(`${head}\n{\n${body.join('\n')}\n}`);
}

function variable(c: Ctx): void {
  const { r } = c;
  const name = !chance(r, 0.05 * c.fault) || !c.globals.length ? fresh(c, 'g') : pick(r, c.globals);
  const space = pick(r, ['.global', '.global', '.const', '.shared']);
  const linkage = chance(r, 0.2 * c.fault) ? pick(r, ['.extern ', '.common ']) : pick(r, ['', '', '.visible ', '.weak ']);
  const type = pick(r, ['.u32', '.u64', '.b8', '.f32', '.s16']);
  const dims = chance(r, 0.4) ? `[${1 + int(r, 4)}]` : '';
  let init = '';
  if (chance(r, 0.5) && space !== '.shared') {
    const el = () =>
      type === '.u64' && c.globals.length && chance(r, 0.5)
        ? `${chance(r, 0.3) ? `generic(${pick(r, c.globals)})` : pick(r, c.globals)}${chance(r, 0.3) ? '+4' : ''}`
        : type === '.f32'
          ? pick(r, ['1.5', '0f3f800000', '2', '-0.0'])
          : immediate(r);
    init = dims ? ` = {${Array.from({ length: 1 + int(r, 3) }, el).join(', ')}}` : ` = ${el()}`;
  }
  c.out.push(`${linkage}${space} ${chance(r, 0.2) ? '.align 8 ' : ''}${type} ${name}${dims}${init};`);
  if (!c.globals.includes(name)) c.globals.push(name);
}

/** A random module; `r` draws every choice. */
export function randomModule(r: Rng): string {
  const c: Ctx = { r, out: [], globals: [], funcs: [], locals: [], scopes: [[]], memLocals: [], labels: [], topLabels: [], params: [], depth: 0, counter: 0, fault: chance(r, 0.5) ? 0.1 : 1 };
  const sm = pick(r, ['sm_80', 'sm_80', 'sm_86', 'sm_90']);
  if (!chance(r, 0.03 * c.fault)) c.out.push(`.version ${pick(r, ['8.0', '8.3', '8.5', '7.8'])}`);
  if (!chance(r, 0.03 * c.fault)) c.out.push(`.target ${sm}`);
  c.out.push('.address_size 64');
  const items = 2 + int(r, 6);
  for (let i = 0; i < items; i++) {
    const k = int(r, 10);
    if (k < 3) variable(c);
    else if (k < 5) func(c, false, false);
    else if (k < 6 && c.funcs.length) {
      const open = c.funcs.filter((f) => !f.defined);
      const prev = open.length && !chance(r, 0.3 * c.fault) ? pick(r, open) : pick(r, c.funcs);
      func(c, prev.entry, !prev.defined && chance(r, 0.8), prev);
    } else if (k < 8) func(c, false, true);
    else func(c, true, true);
  }
  // Most prototypes get their definition at the end (one never defined is an error unless .extern).
  for (const f of [...c.funcs]) if (!f.defined && !chance(r, 0.3 * c.fault)) func(c, f.entry, true, f);
  return c.out.join('\n') + '\n';
}
