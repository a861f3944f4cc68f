/**
 * PTX printer: canonical text for any AST. Parsing the output gives back the same tree
 * (spans aside): parentheses are kept as written, and added only where a synthetic tree needs
 * them to keep its shape.
 */
import type * as A from './ast.js';

const PREC: Record<A.BinaryOp, number> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '^': 4,
  '&': 5,
  '==': 6,
  '!=': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};

/** Binding strength of an expression: ternary 0, binary 1-10, unary/cast 11, primary 12. */
function strength(e: A.Expr): number {
  switch (e.kind) {
    case 'conditional':
      return 0;
    case 'binary':
      return PREC[e.op];
    case 'unary':
    case 'cast':
      return 11;
    default:
      return 12;
  }
}

function wrap(e: A.Expr, min: number): string {
  const s = printExpr(e);
  return strength(e) < min ? `(${s})` : s;
}

/** An expression as PTX text. */
export function printExpr(e: A.Expr): string {
  switch (e.kind) {
    case 'int':
      return e.raw;
    case 'float':
      return e.raw;
    case 'name':
      return e.name;
    case 'sink':
      return '_';
    case 'member':
      return `${wrap(e.object, 12)}.${e.member}`;
    case 'unary': {
      const inner = wrap(e.operand, 11);
      // `- -1` and `-(-1)` are fine tight (`--` is not a token), but keep `- -` readable.
      return inner.startsWith(e.op) ? `${e.op} ${inner}` : `${e.op}${inner}`;
    }
    case 'cast':
      return `(${e.type})${wrap(e.operand, 11)}`;
    case 'binary': {
      // `var+offset` and `generic(var)+offset` take a whole constant expression after the `+`.
      if (e.op === '+' && (e.left.kind === 'name' || e.left.kind === 'generic')) return `${printExpr(e.left)} + ${printExpr(e.right)}`;
      const p = PREC[e.op];
      return `${wrap(e.left, p)} ${e.op} ${wrap(e.right, p + 1)}`;
    }
    case 'conditional':
      return `${wrap(e.test, 1)} ? ${printExpr(e.consequent)} : ${printExpr(e.alternate)}`;
    case 'paren':
      return `(${printExpr(e.expr)})`;
    case 'generic':
      return `generic(${printExpr(e.operand)})`;
    case 'mask':
      return `${e.mask.raw}(${printExpr(e.operand)})`;
  }
}

function printString(s: A.StringLiteral): string {
  return `"${s.value}"`;
}

function printArg(a: A.Expr | A.StringLiteral): string {
  return a.kind === 'string' ? printString(a) : printExpr(a);
}

/** An instruction operand as PTX text. */
export function printOperand(o: A.Operand): string {
  switch (o.kind) {
    case 'expr':
      return printExpr(o.expr);
    case 'vector':
      return `{${o.elements.map(printOperand).join(', ')}}${o.predicate ? `|${printExpr(o.predicate)}` : ''}`;
    case 'address':
      return `[${o.elements.map(printOperand).join(', ')}]`;
    case 'indexed':
      return `${wrap(o.base, 12)}[${printOperand(o.index)}]`;
    case 'list':
      return `(${o.elements.map(printOperand).join(', ')})`;
  }
}

function printWord(w: A.DirectiveWord): string {
  let s = w.name;
  if (w.words) s += `(${w.words.map(printWord).join(', ')})`;
  else if (w.args.length && w.name !== '.align') s += `(${w.args.map(printExpr).join(', ')})`;
  else if (w.args.length) s += ' ' + w.args.map(printExpr).join(', ');
  return s;
}

export function printInitializer(i: A.Initializer): string {
  if (i.kind === 'braces') return `{${i.elements.map(printInitializer).join(', ')}}`;
  if (i.kind === 'field') return `${i.name} = ${printExpr(i.value)}`;
  return printExpr(i);
}

function printDeclarator(d: A.Declarator): string {
  let s = d.name;
  if (d.parameterizedCount !== undefined) s += `<${d.parameterizedCount}>`;
  for (const dim of d.dims) s += dim === null ? '[]' : `[${printExpr(dim)}]`;
  if (d.initializer !== undefined) s += ` = ${printInitializer(d.initializer)}`;
  return s;
}

/** A variable declaration without its `;` (as in parameter lists). */
export function printVariableHead(v: A.VariableDecl): string {
  const parts: string[] = [];
  if (v.linkage) parts.push(v.linkage);
  parts.push(v.bank !== undefined ? `${v.space}[${v.bank}]` : v.space);
  if (v.align !== undefined) parts.push(`.align ${v.align}`);
  // Attributes before `.ptr` (`.attribute(...)`, a repeated `.align`) precede the vector width and
  // type; `.ptr` and its space/alignment follow the type, as ptxas requires.
  const ptrAt = v.attributes.findIndex((a) => a.name === '.ptr');
  const split = ptrAt < 0 ? v.attributes.length : ptrAt;
  for (let i = 0; i < split; i++) parts.push(printWord(v.attributes[i]!));
  if (v.vector !== undefined) parts.push(`.v${v.vector}`);
  parts.push(v.type);
  for (let i = split; i < v.attributes.length; i++) parts.push(printWord(v.attributes[i]!));
  parts.push(v.declarators.map(printDeclarator).join(', '));
  return parts.join(' ');
}

function printFunctionAttribute(a: A.FunctionAttribute): string {
  let s = a.name;
  if (a.words) s += `(${a.words.map(printWord).join(', ')})`;
  else if (a.args.length) s += ' ' + a.args.map(printArg).join(', ');
  if (a.name === '.pragma') s += ';';
  return s;
}

function printParamList(list: A.VariableDecl[], indent: string): string {
  if (list.length === 0) return '()';
  return `(\n${list.map((p) => `${indent}\t${printVariableHead(p)}`).join(',\n')}\n${indent})`;
}

function printLoc(l: A.LocDirective): string {
  let s = `.loc\t${l.file} ${l.line} ${l.column}`;
  for (const a of l.attributes) s += `, ${a.name}${a.args.map((x) => ' ' + printExpr(x)).join('')}`;
  return s;
}

function printStatement(s: A.Statement, indent: string, out: string[]): void {
  switch (s.kind) {
    case 'instruction': {
      let line = indent;
      if (s.guard) line += `@${s.guard.negated ? '!' : ''}${s.guard.name} `;
      line += s.opcode + s.modifiers.join('');
      if (s.operands.length) line += ' \t' + s.operands.map(printOperand).join(', ');
      out.push(line + ';');
      return;
    }
    case 'label':
      out.push(`${s.name}:`);
      return;
    case 'variable':
      out.push(`${indent}${printVariableHead(s)};`);
      return;
    case 'block':
      out.push(`${indent}{`);
      for (const t of s.statements) printStatement(t, indent + '\t', out);
      out.push(`${indent}}`);
      return;
    case 'pragma':
      out.push(`${indent}.pragma ${s.values.map(printString).join(', ')};`);
      return;
    case 'loc':
      out.push(indent + printLoc(s));
      return;
    case 'callprototype': {
      let line = `${s.name}: .callprototype`;
      if (s.returns) line += ' ' + printParamListInline(s.returns);
      line += ' _';
      if (s.params) line += ' ' + printParamListInline(s.params);
      for (const a of s.attributes) line += ' ' + printFunctionAttribute(a);
      out.push(indent + line + ';');
      return;
    }
    case 'calltargets':
    case 'branchtargets':
      out.push(`${indent}${s.name}: .${s.kind} ${s.targets.map((t) => t.name).join(', ')};`);
      return;
    case 'directive':
      out.push(`${indent}${printGeneric(s)}`);
      return;
    case 'function': {
      const lines: string[] = [];
      printFunction(s, lines);
      out.push(indent + lines.join(' '));
      return;
    }
  }
}

function printParamListInline(list: A.VariableDecl[]): string {
  return `(${list.map(printVariableHead).join(', ')})`;
}

function printGeneric(d: A.GenericDirective): string {
  return d.args.length ? `${d.name} ${d.args.map(printArg).join(', ')};` : `${d.name};`;
}

function printFunction(f: A.FunctionDecl, out: string[]): void {
  let head = '';
  if (f.linkage) head += f.linkage + ' ';
  head += f.entry ? '.entry' : '.func';
  if (f.returns) head += ' ' + printParamList(f.returns, '');
  head += ' ' + f.name;
  if (f.params) head += printParamList(f.params, '');
  out.push(head);
  for (const a of f.attributes) out.push(printFunctionAttribute(a));
  if (f.body) {
    out.push('{');
    for (const s of f.body.statements) printStatement(s, '\t', out);
    out.push('}');
  } else out.push(';');
}

function printSection(s: A.SectionDirective, out: string[]): void {
  out.push(`.section ${s.name}`);
  out.push('{');
  for (const e of s.entries) {
    if (e.kind === 'label') out.push(`${e.name}:`);
    else out.push(`${e.type} ${e.values.map(printArg).join(', ')}`);
  }
  out.push('}');
}

/** The whole module as canonical PTX text. */
export function printModule(m: A.Module): string {
  const out: string[] = [];
  for (const it of m.items) {
    switch (it.kind) {
      case 'version':
        out.push(`.version ${it.raw}`);
        break;
      case 'target':
        out.push(`.target ${it.targets.map((t) => t.name).join(', ')}`);
        break;
      case 'address_size':
        out.push(`.address_size ${it.size}`);
        break;
      case 'variable':
        out.push(`${printVariableHead(it)};`);
        break;
      case 'function':
        out.push('');
        printFunction(it, out);
        break;
      case 'file': {
        let s = `.file ${it.index} "${it.path}"`;
        if (it.timestamp) s += `, ${printExpr(it.timestamp)}`;
        if (it.size) s += `, ${printExpr(it.size)}`;
        out.push(s);
        break;
      }
      case 'section':
        printSection(it, out);
        break;
      case 'pragma':
      case 'loc':
      case 'callprototype':
      case 'directive':
        printStatement(it, '', out);
        break;
    }
  }
  return out.join('\n') + '\n';
}
