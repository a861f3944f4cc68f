/** PTX grammar: the module, its items, the header directives, `.file` and `.section`. */
import type { Span } from '../../core/source.js';
import type * as A from './ast.js';
import { decodeInt } from '../lex/lexer.js';
import { Tok } from '../lex/tokens.js';
import { INSTRUCTION_SET, LINKAGE_SET, TYPE_SET } from '../data/keywords.js';
import type { ExprCursor } from './expressions.js';
import { DECLARABLE_SPACES } from './cursor.js';
import { parseAlias, parsePragma, skipLine } from './directives.js';
import { parseFunction } from './functions.js';
import { parseVariableDecl } from './declarations.js';

/** Where parsed module items go: the module's own list, or a sink. */
export interface ItemList {
  push(item: A.ModuleItem): unknown;
}

const SECTION_DATA_TYPES = new Set(['.b8', '.b16', '.b32', '.b64']);

/**
 * After a too-deep nesting: skip until the `open` braces that were open when it was detected are
 * closed (counting braces seen while skipping), then to the end of that statement.
 */
export function skipToTopLevel(p: ExprCursor, open: number): void {
  const lx = p.lx;
  let depth = open;
  while (lx.tok() !== Tok.EOF) {
    const k = lx.tok();
    if (k === Tok.LBrace) depth++;
    else if (k === Tok.RBrace) {
      depth--;
      if (depth <= 0) {
        p.advance();
        if (open > 0 && depth === 0 && lx.tok() === Tok.Semi) p.advance();
        return;
      }
    } else if (k === Tok.Semi && depth <= 0) {
      p.advance();
      return;
    }
    p.advance();
  }
}

/**
 * ptxas requires `.version` first and `.target` next; it reports a missing one at the
 * token after the first statement it could read (for `.target`, after its list).
 */
export function checkModuleHeader(p: ExprCursor): void {
  const lx = p.lx;
  if (lx.tok() === Tok.EOF) {
    // An empty file (or only comments): ptxas reports the missing .version at the end.
    p.error('PTX220', 'missing .version directive at start of file', lx.start, 0);
    return;
  }
  if (p.isDotted('.version')) {
    // ptxas reads `.version M.m` as one token: the number must follow on the same line.
    const next = lx.peek();
    const between = p.text.slice(lx.end, lx.peekStart);
    if ((next === Tok.Float || next === Tok.Int) && !between.includes('\n')) {
      p.needTarget = true;
      return;
    }
    p.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
    return;
  }
  if (p.isDotted('.target')) {
    // Reported at the token after the target list (where ptxas's parser notices).
    p.missingVersionPending = true;
    return;
  }
  p.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
}

/// moduleItem := version | target | addressSize | file | section | loc | pragma | alias
///             | linkage* (function | variableDecl) | ';'
export function parseModuleItem(p: ExprCursor, items: ItemList): void {
  const lx = p.lx;
  const start = lx.start;
  p.quiet = false;
  if (lx.tok() !== Tok.Dotted) {
    if (lx.tok() === Tok.Ident && lx.peek() === Tok.Colon) {
      // `name: .callprototype ...` is only valid in bodies; report the label.
      p.errorHere('PTX202', `unexpected label at module scope near ${p.nearText()}`);
    } else if (lx.tok() === Tok.Ident && INSTRUCTION_SET.has(lx.tokenText())) {
      p.errorHere('PTX202', `instruction outside a function body near ${p.nearText()}`);
    } else p.errorHere('PTX201');
    p.skipStatement();
    if (lx.tok() === Tok.RBrace) p.advance();
    return;
  }
  const word = p.word();
  switch (word) {
    case '.version': {
      const v = parseVersion(p);
      if (v) items.push(v);
      if (p.needTarget) {
        p.needTarget = false;
        if (!p.isDotted('.target')) {
          if (lx.tok() === Tok.EOF) p.error('PTX221', 'missing .target directive after .version', lx.start, 0);
          else p.errorHere('PTX221', 'missing .target directive after .version');
        }
      }
      return;
    }
    case '.target': {
      const t = parseTarget(p);
      if (t) items.push(t);
      afterFirstHeaderDirective(p);
      return;
    }
    case '.address_size': {
      const a = parseAddressSize(p);
      if (a) items.push(a);
      afterFirstHeaderDirective(p);
      return;
    }
    case '.file': {
      const f = parseFile(p);
      if (f) items.push(f);
      return;
    }
    case '.section': {
      const s = parseSection(p);
      if (s) items.push(s);
      return;
    }
    case '.pragma': {
      const pragma = parsePragma(p);
      if (pragma) items.push(pragma);
      return;
    }
    case '.alias': {
      const d = parseAlias(p);
      if (d) items.push(d);
      return;
    }
  }
  // Linkage, then a function or a variable.
  let linkage: A.Linkage | undefined;
  while (lx.tok() === Tok.Dotted && LINKAGE_SET.has(p.word())) {
    if (linkage !== undefined) {
      p.errorHere('PTX203', `more than one linkage directive near ${p.nearText()}`);
    }
    linkage = p.word() as A.Linkage;
    p.advance();
  }
  if (lx.tok() === Tok.Dotted) {
    const w = p.word();
    if (w === '.entry' || w === '.func') {
      const f = parseFunction(p, start, linkage);
      if (f) items.push(f);
      return;
    }
    if (DECLARABLE_SPACES.has(w)) {
      const v = parseVariableDecl(p, start, linkage, true);
      if (v) items.push(v);
      return;
    }
  }
  p.errorHere('PTX204', `unknown or misplaced directive near ${p.nearText()}`);
  p.skipStatement();
  if (lx.tok() === Tok.RBrace) p.advance();
}

export function afterFirstHeaderDirective(p: ExprCursor): void {
  if (p.missingVersionPending) {
    p.missingVersionPending = false;
    const lx = p.lx;
    p.error('PTX220', 'missing .version directive at start of file', lx.start, lx.end - lx.start);
  }
}

/// version := '.version' MAJOR '.' MINOR     (lexed as one float token, e.g. `8.0`)
export function parseVersion(p: ExprCursor): A.VersionDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  if (lx.tok() !== Tok.Float && lx.tok() !== Tok.Int) {
    p.errorHere('PTX205', `expected version number near ${p.nearText()}`);
    skipLine(p);
    return undefined;
  }
  const raw = lx.tokenText();
  const dot = raw.indexOf('.');
  if (dot <= 0 || dot === raw.length - 1 || /[eE]/.test(raw)) {
    p.errorHere('PTX205', `malformed version number '${raw}'`);
    p.advance();
    return undefined;
  }
  p.advance();
  return { kind: 'version', major: Number(raw.slice(0, dot)), minor: Number(raw.slice(dot + 1)), raw, span: p.span(start) };
}

/// target := '.target' NAME (',' NAME)*
export function parseTarget(p: ExprCursor): A.TargetDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  const targets: { name: string; span: Span }[] = [];
  for (;;) {
    if (lx.tok() !== Tok.Ident) {
      p.errorHere('PTX206', `expected target name near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    targets.push({ name: p.word(), span: { start: lx.start, end: lx.end } });
    p.advance();
    if (!p.accept(Tok.Comma)) break;
  }
  return { kind: 'target', targets, span: p.span(start) };
}

/// addressSize := '.address_size' INT
export function parseAddressSize(p: ExprCursor): A.AddressSizeDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  if (lx.tok() !== Tok.Int) {
    p.errorHere('PTX207', `expected address size near ${p.nearText()}`);
    skipLine(p);
    return undefined;
  }
  const size = Number(decodeInt(p.text, lx.start, lx.end).value);
  p.advance();
  return { kind: 'address_size', size, span: p.span(start) };
}

/// file := '.file' INT STRING [',' expr [',' expr]]
export function parseFile(p: ExprCursor): A.FileDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  if (lx.tok() !== Tok.Int) {
    p.errorHere('PTX208', `expected file number near ${p.nearText()}`);
    skipLine(p);
    return undefined;
  }
  const index = decodeInt(p.text, lx.start, lx.end).value;
  p.advance();
  if (lx.tok() !== Tok.String) {
    p.errorHere('PTX208', `expected file name string near ${p.nearText()}`);
    skipLine(p);
    return undefined;
  }
  const path = p.text.slice(lx.start + 1, lx.end - 1);
  p.advance();
  const f: A.FileDirective = { kind: 'file', index, path, span: { start, end: 0 } };
  // Timestamp and size are plain integers (ptxas: `-1`, `1+1` are syntax errors).
  if (p.accept(Tok.Comma)) {
    if (lx.tok() !== Tok.Int) {
      p.errorHere('PTX208', `expected a timestamp integer near ${p.nearText()}`);
      skipLine(p);
      return undefined;
    }
    f.timestamp = p.parsePrimary();
    if (p.accept(Tok.Comma)) {
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX208', `expected a file size integer near ${p.nearText()}`);
        skipLine(p);
        return undefined;
      }
      f.size = p.parsePrimary();
    }
  }
  f.span = p.span(start);
  return f;
}

/// section := '.section' DOTTED '{' (label ':' | dataType value (',' value)*)* '}'
export function parseSection(p: ExprCursor): A.SectionDirective | undefined {
  const start = p.lx.start;
  p.advance();
  const lx = p.lx;
  if (lx.tok() !== Tok.Dotted) {
    p.errorHere('PTX212', `expected section name near ${p.nearText()}`);
    p.skipStatement();
    return undefined;
  }
  const name = p.word();
  p.advance();
  if (!p.expect(Tok.LBrace)) {
    p.skipStatement();
    return undefined;
  }
  const entries: A.SectionEntry[] = [];
  p.dottedNames = true;
  p.allowNames = true;
  lx.deferNumberTails = true;
  try {
    while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
      const eStart = lx.start;
      p.quiet = false;
      if (lx.tok() === Tok.Ident && lx.peek() === Tok.Colon) {
        const label = p.word();
        p.advance();
        p.advance();
        entries.push({ kind: 'label', name: label, span: p.span(eStart) });
        continue;
      }
      if (lx.tok() === Tok.Dotted && TYPE_SET.has(p.word())) {
        const type = p.word();
        if (!SECTION_DATA_TYPES.has(type)) {
          // ptxas parses it, then rejects it ("Illegal type for dwarf data").
          p.errorHere('PTX231', `illegal type ${type} for DWARF section data (only .b8, .b16, .b32, .b64)`);
        }
        p.advance();
        const values = parseSectionValues(p);
        if (!values) {
          while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) p.advance();
          break;
        }
        entries.push({ kind: 'data', type, values, span: p.span(eStart) });
        continue;
      }
      p.errorHere('PTX213', `expected data directive or label in section near ${p.nearText()}`);
      // Skip to the closing brace of the section.
      while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) p.advance();
      break;
    }
  } finally {
    p.dottedNames = false;
    p.allowNames = false;
    lx.deferNumberTails = false;
  }
  if (!p.expect(Tok.RBrace)) return undefined;
  return { kind: 'section', name, entries: entries.slice(), span: p.span(start) };
}

/**
 * Section data as ptxas accepts it: a list of integers, or one symbolic value.
 *
 * sectionValues := int (',' int)* | sym ['+' INT | '-' sym]
 * int := ['-'] INT          sym := NAME | DOTTED     (`$L__tmp3`, `.debug_abbrev`, a function)
 */
export function parseSectionValues(p: ExprCursor): A.Expr[] | undefined {
  const lx = p.lx;
  const start = lx.start;
  const k = lx.tok();
  if (k === Tok.Ident || k === Tok.Dotted) {
    if (p.isWarpSize()) {
      p.errorHere('PTX201');
      return undefined;
    }
    const left: A.Expr = { kind: 'name', name: p.word(), span: { start, end: lx.end } };
    p.advance();
    if (lx.tok() === Tok.Plus) {
      p.advance();
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX201');
        return undefined;
      }
      const right = p.parsePrimary();
      return [{ kind: 'binary', op: '+', left, right, span: p.span(start) }];
    }
    if (lx.tok() === Tok.Minus) {
      p.advance();
      if ((lx.tok() !== Tok.Ident && lx.tok() !== Tok.Dotted) || p.isWarpSize()) {
        p.errorHere('PTX201');
        return undefined;
      }
      const right: A.Expr = { kind: 'name', name: p.word(), span: { start: lx.start, end: lx.end } };
      p.advance();
      return [{ kind: 'binary', op: '-', left, right, span: p.span(start) }];
    }
    return [left];
  }
  const base = p.sp;
  for (;;) {
    const s = lx.start;
    const negative = lx.tok() === Tok.Minus;
    if (negative) p.advance();
    if (lx.tok() !== Tok.Int) {
      p.errorHere('PTX201');
      p.sp = base;
      return undefined;
    }
    const lit = p.parsePrimary();
    p.scratch[p.sp++] = negative ? { kind: 'unary', op: '-', operand: lit, span: p.span(s) } : lit;
    if (!p.accept(Tok.Comma)) break;
  }
  return p.take(base) as A.Expr[];
}
