/** PTX grammar: functions (`.entry`, `.func`), their parameters and attributes, blocks and statements. */
import type * as A from './ast.js';
import { Tok } from '../lex/tokens.js';
import { FUNCTION_ATTRIBUTE_SET, LINKAGE_SET } from '../data/keywords.js';
import type { ExprCursor } from './expressions.js';
import { DECLARABLE_SPACES } from './cursor.js';
import { parseGenericDirective, parseLoc, parseParenWords, parsePragma, parseString } from './directives.js';
import { failDecl, parseVariableDecl } from './declarations.js';
import { parseInstruction } from './instructions.js';

/** [min, max] argument counts of function directives (ptxas grammar). */
const ATTRIBUTE_ARITY: Record<string, [number, number]> = {
  '.maxntid': [1, 3],
  '.reqntid': [1, 3],
  '.reqnctapercluster': [1, 3],
  '.maxnreg': [1, 1],
  '.local_maxnreg': [1, 1],
  '.minnctapersm': [1, 1],
  '.maxnctapersm': [1, 1],
  '.maxclusterrank': [1, 1],
  '.abi_preserve': [1, 1],
  '.abi_preserve_control': [1, 1],
  '.explicitcluster': [0, 0],
  '.blocksareclusters': [0, 0],
  '.noreturn': [0, 0],
};

const ENTRY_ONLY_ATTRIBUTES = new Set([
  '.maxnreg', '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm', '.maxclusterrank', '.reqnctapercluster',
  '.explicitcluster', '.blocksareclusters',
]);
const FUNC_ONLY_ATTRIBUTES = new Set(['.noreturn', '.abi_preserve', '.abi_preserve_control']);
/** Directives that can only start a new module-level statement (ends a `;`-less prototype). */
const MODULE_LEVEL_STARTERS = new Set([
  '.visible', '.extern', '.weak', '.common', '.entry', '.func', '.global', '.const', '.shared', '.local',
  '.tex', '.file', '.section', '.alias', '.reg', '.param', '.pragma',
]);

/** A body skipped unparsed: its braces matched, no statements (see skipBodiesBefore). */
export function skipBlock(p: ExprCursor): A.Block {
  const start = p.lx.start;
  p.lastEnd = p.lx.skipBraces();
  return { kind: 'block', statements: [], span: p.span(start) };
}

// ------------------------------------------------------------------ functions

/// function := linkage? ('.entry' | '.func') attribute* ['(' params ')'] NAME ['(' params ')']
///             functionAttribute* (';' | block)
export function parseFunction(p: ExprCursor, start: number, linkage: A.Linkage | undefined, inBody = false): A.FunctionDecl | undefined {
  const lx = p.lx;
  const entry = lx.is('.entry');
  p.advance();
  const attributes: A.FunctionAttribute[] = [];
  // `.func .attribute(...) name` (attributes before the return list).
  while (lx.tok() === Tok.Dotted && lx.is('.attribute')) {
    const a = parseFunctionAttribute(p);
    if (!a) return abandon(p);
    attributes.push(a);
  }
  let returns: A.VariableDecl[] | undefined;
  if (lx.tok() === Tok.LParen && entry) {
    p.errorHere('PTX214', `an .entry has no return parameters near ${p.nearText()}`);
    return abandon(p);
  }
  if (lx.tok() === Tok.LParen) {
    returns = parseParamList(p);
    if (!returns) return abandon(p);
  }
  if (lx.tok() !== Tok.Ident) {
    p.errorHere('PTX214', `expected function name near ${p.nearText()}`);
    return abandon(p);
  }
  const nameSpan = { start: lx.start, end: lx.end };
  const name = lx.tokenText();
  p.advance();
  let params: A.VariableDecl[] | undefined;
  if (lx.tok() === Tok.LParen) {
    params = parseParamList(p);
    if (!params) return abandon(p);
  }
  while (lx.tok() === Tok.Dotted && FUNCTION_ATTRIBUTE_SET.has(p.word())) {
    const w = p.word();
    // After a `.func` header `.pragma` starts a new module-level statement (the header was a
    // `;`-less prototype); performance-tuning directives belong to entries, `.noreturn` and
    // `.abi_preserve*` to functions: ptxas reports the wrong kind as a syntax error at the word.
    if (!entry && w === '.pragma') break;
    if (entry ? FUNC_ONLY_ATTRIBUTES.has(w) : ENTRY_ONLY_ATTRIBUTES.has(w)) {
      p.errorHere('PTX343', `${w} is not allowed on ${entry ? 'an .entry' : 'a .func'}`);
      return abandon(p);
    }
    const a = parseFunctionAttribute(p);
    if (!a) return abandon(p);
    attributes.push(a);
  }
  const f: A.FunctionDecl = { kind: 'function', linkage, entry, name, nameSpan, attributes, span: { start, end: 0 } };
  if (returns) f.returns = returns;
  if (params) f.params = params;
  if (lx.tok() === Tok.Semi) {
    p.advance();
  } else if (inBody) {
    if (lx.tok() === Tok.LBrace) p.errorHere('PTX222', "function body inside a function body (missing '}'?)");
    else p.errorHere('PTX201', `expected ';' after function prototype near ${p.nearText()}`);
    return abandon(p);
  } else if (lx.tok() === Tok.LBrace) {
    p.renewScratch();
    f.body = lx.start < p.skipBodiesBefore ? skipBlock(p) : parseBlock(p);
  } else if (!entry && (lx.tok() === Tok.EOF || (lx.tok() === Tok.Dotted && MODULE_LEVEL_STARTERS.has(p.word())))) {
    // Old PTX (ISA 1.x/2.x) writes `.func` prototypes without a `;`; ptxas accepts them (not `.entry`).
  } else {
    p.errorHere('PTX201', `expected '{' or ';' after function header near ${p.nearText()}`);
    return abandon(p);
  }
  f.span = p.span(start);
  return f;
}

/** Reports nothing more; skips the rest of a broken declaration (including its body). */
export function abandon(p: ExprCursor): undefined {
  const lx = p.lx;
  // Skip up to `;` or past a balanced `{...}`.
  while (lx.tok() !== Tok.EOF && lx.tok() !== Tok.Semi && lx.tok() !== Tok.LBrace) {
    if (lx.tok() === Tok.RBrace) return undefined;
    p.advance();
  }
  if (lx.tok() === Tok.Semi) p.advance();
  else if (lx.tok() === Tok.LBrace) p.skipStatement();
  return undefined;
}

/// paramList := '(' [paramDecl (',' paramDecl)*] ')'
export function parseParamList(p: ExprCursor): A.VariableDecl[] | undefined {
  p.advance(); // (
  const lx = p.lx;
  const out: A.VariableDecl[] = [];
  if (lx.tok() === Tok.RParen) {
    p.advance();
    return out;
  }
  for (;;) {
    const s = lx.start;
    if (lx.tok() !== Tok.Dotted || !DECLARABLE_SPACES.has(p.word())) {
      p.errorHere('PTX215', `expected parameter declaration near ${p.nearText()}`);
      return undefined;
    }
    const d = parseVariableDecl(p, s, undefined, false);
    if (!d) return undefined;
    out.push(d);
    if (p.accept(Tok.Comma)) continue;
    if (p.accept(Tok.RParen)) return out;
    p.errorHere('PTX201', `expected ',' or ')' in parameter list near ${p.nearText()}`);
    return undefined;
  }
}

/// functionAttribute := DOTTED ['(' args ')'] | DOTTED arg (',' arg)*   (`.maxntid 256, 1, 1`)
///                     | '.pragma' STRING (',' STRING)* ';'
export function parseFunctionAttribute(p: ExprCursor): A.FunctionAttribute | undefined {
  const lx = p.lx;
  const start = lx.start;
  const name = p.word();
  p.advance();
  const args: (A.Expr | A.StringLiteral)[] = [];
  let words: A.DirectiveWord[] | undefined;
  if (name === '.attribute' || lx.tok() === Tok.LParen) {
    words = parseParenWords(p);
    if (!words) return undefined;
  } else if (name === '.pragma') {
    for (;;) {
      if (lx.tok() !== Tok.String) {
        p.errorHere('PTX211', `expected string after .pragma near ${p.nearText()}`);
        return undefined;
      }
      args.push(parseString(p));
      if (!p.accept(Tok.Comma)) break;
    }
    if (!p.expect(Tok.Semi)) return undefined;
  } else {
    // ptxas's arities: `.maxntid 1-3 numbers`, `.maxnreg N`, `.noreturn` none; a missing or an
    // extra argument is a syntax error at the token where the list should have ended or begun.
    const arity = ATTRIBUTE_ARITY[name];
    const max = arity ? arity[1] : Infinity;
    const min = arity ? arity[0] : 0;
    const startsArg = (): boolean => {
      const k = lx.tok();
      return k === Tok.Int || k === Tok.String || k === Tok.Minus || k === Tok.Plus || k === Tok.LParen || k === Tok.Float;
    };
    if (min > 0 && !startsArg()) {
      p.errorHere('PTX201', `${name} needs ${min === max ? min : `${min} to ${max}`} argument${max > 1 ? 's' : ''} near ${p.nearText()}`);
      return undefined;
    }
    if (max > 0 && startsArg()) {
      for (;;) {
        args.push(lx.tok() === Tok.String ? parseString(p) : p.parseConstExpr());
        if (args.length >= max || !p.accept(Tok.Comma)) break;
      }
    }
  }
  // Made once its span is known: a store into `span` afterwards would turn that field mutable on
  // the map every `{ name, args, span }` shares, deoptimizing the code that makes them (session 21).
  const attr: A.FunctionAttribute = { name, args, span: p.span(start) };
  if (words) attr.words = words;
  return attr;
}

// ------------------------------------------------------------------ statements

/// block := '{' statement* '}'
export function parseBlock(p: ExprCursor): A.Block {
  const lx = p.lx;
  const start = lx.start;
  p.enter();
  p.advance(); // {
  p.openBraces++;
  const statements: A.Statement[] = [];
  while (lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
    const before = lx.start;
    parseStatement(p, statements);
    if (lx.start === before && lx.tok() !== Tok.RBrace && lx.tok() !== Tok.EOF) {
      p.errorHere('PTX201');
      p.advance();
    }
  }
  p.depth--;
  p.openBraces--;
  if (lx.tok() === Tok.EOF) {
    p.errorHere('PTX201', "missing '}' at end of file");
  } else p.advance();
  // An exact-size copy: a grown array keeps up to 50% spare slots for the life of the tree.
  return { kind: 'block', statements: statements.slice(), span: p.span(start) };
}

/// statement := NAME ':' [('.callprototype' | '.calltargets' | '.branchtargets') ...]
///            | block | directiveStatement | instruction | ';'
export function parseStatement(p: ExprCursor, out: A.Statement[]): void {
  const lx = p.lx;
  const start = lx.start;
  p.quiet = false;
  switch (lx.tok()) {
    case Tok.Ident:
      if (lx.peek() === Tok.Colon) {
        const name = lx.tokenText();
        p.advance();
        p.advance();
        if (lx.tok() === Tok.Dotted) {
          const w = p.word();
          if (w === '.callprototype') {
            const proto = parseCallPrototype(p, start, name);
            if (proto) out.push(proto);
            return;
          }
          if (w === '.calltargets' || w === '.branchtargets') {
            const t = parseTargetList(p, start, name, w);
            if (t) out.push(t);
            return;
          }
        }
        out.push({ kind: 'label', name, span: p.span(start) });
        return;
      }
      return parseInstruction(p, out, start);
    case Tok.At:
      return parseInstruction(p, out, start);
    case Tok.LBrace:
      out.push(parseBlock(p));
      return;
    case Tok.Dotted:
      return parseDirectiveStatement(p, out, start);
    default:
      p.errorHere('PTX201');
      p.skipStatement();
  }
}

/// directiveStatement := linkage* variableDecl | '.pragma' ... | '.loc' ... | '.file' ... | functionAttribute-like
export function parseDirectiveStatement(p: ExprCursor, out: A.Statement[], start: number): void {
  const lx = p.lx;
  const w = p.word();
  switch (w) {
    case '.pragma': {
      const pragma = parsePragma(p);
      if (pragma) out.push(pragma);
      return;
    }
    case '.loc': {
      const l = parseLoc(p);
      if (l) out.push(l);
      return;
    }
    case '.alias': {
      const d = parseGenericDirective(p);
      if (d) out.push(d);
      return;
    }
  }
  let linkage: A.Linkage | undefined;
  while (lx.tok() === Tok.Dotted && LINKAGE_SET.has(p.word())) {
    linkage = p.word() as A.Linkage;
    p.advance();
  }
  if (lx.tok() === Tok.Dotted) {
    const v = p.word();
    if (DECLARABLE_SPACES.has(v)) {
      const d = parseVariableDecl(p, start, linkage, true);
      if (d) out.push(d);
      return;
    }
    if (v === '.entry') {
      // ptxas: an entry inside a body (typically a lost `}`) fails at `.entry`.
      p.errorHere('PTX222', `.entry inside a function body (missing '}'?)`);
      p.skipStatement();
      return;
    }
    if (v === '.func') {
      // A `.func` prototype is allowed in a body; a body is not (ptxas fails at its `{`).
      const f = parseFunction(p, start, linkage, true);
      if (f) out.push(f);
      return;
    }
  }
  p.errorHere('PTX204', `unknown or misplaced directive near ${p.nearText()}`);
  p.skipStatement();
}

/// callPrototype := NAME ':' '.callprototype' ['(' param ')'] '_' '(' params ')' functionAttribute* ';'
export function parseCallPrototype(p: ExprCursor, start: number, name: string): A.CallPrototype | undefined {
  const lx = p.lx;
  p.advance();
  const proto: A.CallPrototype = { kind: 'callprototype', name, attributes: [], span: { start, end: 0 } };
  if (lx.tok() === Tok.LParen) {
    const r = parseParamList(p);
    if (!r) return failDecl(p, true);
    proto.returns = r;
  }
  if (lx.tok() !== Tok.Sink) {
    p.errorHere('PTX223', `expected '_' in .callprototype near ${p.nearText()}`);
    return failDecl(p, true);
  }
  p.advance();
  if (lx.tok() === Tok.LParen) {
    const r = parseParamList(p);
    if (!r) return failDecl(p, true);
    proto.params = r;
  }
  while (lx.tok() === Tok.Dotted) {
    const a = parseFunctionAttribute(p);
    if (!a) return failDecl(p, true);
    proto.attributes.push(a);
  }
  if (!p.expect(Tok.Semi)) return failDecl(p, true);
  proto.span = p.span(start);
  return proto;
}

/// targetList := NAME ':' ('.calltargets' | '.branchtargets') NAME (',' NAME)* ';'
export function parseTargetList(p: ExprCursor, start: number, name: string, w: string): A.TargetList | undefined {
  const lx = p.lx;
  p.advance();
  const targets: A.NameRef[] = [];
  for (;;) {
    if (lx.tok() !== Tok.Ident) {
      p.errorHere('PTX224', `expected a target name near ${p.nearText()}`);
      return failDecl(p, true);
    }
    targets.push({ kind: 'name', name: lx.tokenText(), span: { start: lx.start, end: lx.end } });
    p.advance();
    if (!p.accept(Tok.Comma)) break;
  }
  if (!p.expect(Tok.Semi)) return failDecl(p, true);
  return { kind: w === '.calltargets' ? 'calltargets' : 'branchtargets', name, targets, span: p.span(start) };
}
