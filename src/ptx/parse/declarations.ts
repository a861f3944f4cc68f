/** PTX grammar: variable declarations, declarators and initializers. */
import type * as A from './ast.js';
import { decodeInt } from '../lex/lexer.js';
import { Tok } from '../lex/tokens.js';
import { TYPE_SET } from '../data/keywords.js';
import { OPAQUE_VALUE_WORDS } from '../data/declarations.js';
import type { ExprCursor } from './expressions.js';
import { MAX_DEPTH } from './cursor.js';
import { DeclaratorNode, NO_ATTRIBUTES, NO_DIMS, PACKED_LIST_MIN, PackedLiteralList, plainDecimalValue, VariableDeclNode } from './nodes.js';
import { parseParenWords } from './directives.js';
import { parseNameWithMember, parseOffsetTail } from './operands.js';

/**
 * What a `.ptr` parameter may point to: a state space, or (ptxas, OpenCL kernels as llc writes
 * them) a texture, sampler or surface handle, `.param .u64 .ptr .texref p`.
 */
const PTR_SPACES = new Set(['.global', '.shared', '.const', '.local', '.texref', '.samplerref', '.surfref']);
const VECTOR_WIDTHS: Record<string, number> = { '.v2': 2, '.v4': 4, '.v8': 8 };

/** Elements per chunk of a long initializer list. */
const INITIALIZER_CHUNK = 4096;

/// variableDecl := linkage? SPACE ['[' INT ']'] varAttribute* TYPE varAttribute* declarator (',' declarator)* ';'
/// varAttribute := '.align' INT | '.v2' | '.v4' | '.v8' | '.ptr' | '.attribute' '(' ... ')' | DOTTED
/// In parameter lists (`withSemi` false) there is one declarator and no `;`.
export function parseVariableDecl(p: ExprCursor, start: number, linkage: A.Linkage | undefined, withSemi: boolean): A.VariableDecl | undefined {
  const lx = p.lx;
  const space = p.word() as A.StateSpace;
  p.advance();
  // The linkage given to the constructor, not stored afterwards: a store into a field after its
  // object is made turns the field from constant to mutable on the shared map, which throws away
  // the optimized code that made such objects (a "code dependencies" deoptimization at the file's
  // first declaration with a linkage; docs/benchmarks.md, session 21).
  const decl: A.VariableDecl = new VariableDeclNode(space, start, linkage);
  if (!parseDeclParts(p, decl, space)) return failDecl(p, withSemi);
  const base = p.sp;
  for (;;) {
    const d = parseDeclarator(p, withSemi);
    if (!d) {
      p.sp = base;
      return failDecl(p, withSemi);
    }
    p.scratch[p.sp++] = d;
    if (!withSemi || !p.accept(Tok.Comma)) break;
  }
  decl.declarators = p.take(base) as A.Declarator[];
  if (withSemi && !p.expect(Tok.Semi)) return failDecl(p, withSemi);
  decl.span = p.span(start);
  if (decl.attributes.length === 0) decl.attributes = NO_ATTRIBUTES as A.DirectiveWord[];
  return decl;
}

/**
 * A declaration's parts between its state space and its first declarator: a constant bank
 * (`.const[2]`), `.align N` and `.attribute(...)` (any number), at most one `.vN`, the type, then
 * (parameters only) `.ptr [space] [.align N]`; false after reporting an error. Its own function,
 * called for every declaration, so that a rare part (`.attribute`, `.ptr .global`, a second
 * `.align`) first met after parseVariableDecl was optimized throws away only this function's
 * optimized code ("insufficient type feedback"), not the larger caller's (docs/benchmarks.md,
 * session 21).
 */
function parseDeclParts(p: ExprCursor, decl: A.VariableDecl, space: A.StateSpace): boolean {
  const lx = p.lx;
  if (lx.tok() === Tok.LBracket && space === '.const') {
    // `.const[2]`: old constant banks.
    p.advance();
    if (lx.tok() !== Tok.Int) {
      p.errorHere('PTX217', `expected constant bank number near ${p.nearText()}`);
      return false;
    }
    decl.bank = Number(decodeInt(p.text, lx.start, lx.end).value);
    p.advance();
    if (!p.expect(Tok.RBracket)) return false;
  }
  // Order as ptxas requires it: `.align N` / `.attribute(...)` (any number), then at most one
  // `.vN`, then the type, then (parameters only) `.ptr [space] [.align N]`.
  while (lx.tok() === Tok.Dotted && (lx.is('.align') || lx.is('.attribute'))) {
    const ws = lx.start;
    if (lx.is('.align')) {
      p.advance();
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX217', `expected alignment after .align near ${p.nearText()}`);
        return false;
      }
      if (decl.align === undefined) {
        decl.align = decodeInt(p.text, lx.start, lx.end).value;
        p.advance();
      } else {
        const lit = p.parsePrimary();
        decl.attributes.push({ name: '.align', args: [lit], span: p.span(ws) });
      }
      continue;
    }
    p.advance();
    const words = parseParenWords(p);
    if (!words) return false;
    decl.attributes.push({ name: '.attribute', args: [], words, span: p.span(ws) });
  }
  if (lx.tok() === Tok.Dotted && VECTOR_WIDTHS[p.word()] !== undefined) {
    decl.vector = VECTOR_WIDTHS[p.word()];
    p.advance();
  }
  if (lx.tok() === Tok.Dotted && TYPE_SET.has(p.word())) {
    decl.type = p.word();
    (decl as VariableDeclNode).setType(lx.start, lx.end);
    p.advance();
  }
  if (decl.type !== '' && space === '.param' && lx.tok() === Tok.Dotted && lx.is('.ptr')) {
    decl.attributes.push({ name: '.ptr', args: [], span: { start: lx.start, end: lx.end } });
    p.advance();
    if (lx.tok() === Tok.Dotted && PTR_SPACES.has(p.word())) {
      decl.attributes.push({ name: p.word(), args: [], span: { start: lx.start, end: lx.end } });
      p.advance();
    }
    if (lx.tok() === Tok.Dotted && lx.is('.align')) {
      const ws = lx.start;
      p.advance();
      if (lx.tok() !== Tok.Int) {
        p.errorHere('PTX217', `expected alignment after .align near ${p.nearText()}`);
        return false;
      }
      const lit = p.parsePrimary();
      decl.attributes.push({ name: '.align', args: [lit], span: p.span(ws) });
    }
  }
  if (decl.type !== '' && lx.tok() === Tok.Dotted) {
    // Same code as the module checker's order rule (ptxas: syntax error at this word).
    const w = p.word();
    if (VECTOR_WIDTHS[w] !== undefined) {
      p.errorHere('PTX339', `the vector width ${w} must come before the type ${decl.type}`);
      return false;
    }
    if (w === '.align') {
      p.errorHere('PTX339', `.align must come before the type ${decl.type}`);
      return false;
    }
  }
  if (decl.type === '') {
    p.errorHere('PTX218', `expected a type in declaration near ${p.nearText()}`);
    return false;
  }
  return true;
}

export function failDecl(p: ExprCursor, withSemi: boolean): undefined {
  if (withSemi) p.skipStatement();
  return undefined;
}

/// declarator := NAME ['<' INT '>'] ('[' [expr] ']')* ['=' initializer]
export function parseDeclarator(p: ExprCursor, full = true): A.Declarator | undefined {
  const lx = p.lx;
  if (lx.tok() !== Tok.Ident && lx.tok() !== Tok.Sink) {
    p.errorHere('PTX219', `expected a name in declaration near ${p.nearText()}`);
    return undefined;
  }
  const start = lx.start;
  const d: A.Declarator = new DeclaratorNode(lx.tokenText(), start);
  p.advance();
  // Parameters (`full` false) take one array dimension at most, no `<N>` and no initializer.
  if (lx.tok() === Tok.Lt && full) {
    p.advance();
    if (lx.tok() !== Tok.Int) {
      p.errorHere('PTX219', `expected register count near ${p.nearText()}`);
      return undefined;
    }
    d.parameterizedCount = Number(decodeInt(p.text, lx.start, lx.end).value);
    p.advance();
    if (!p.expect(Tok.Gt)) return undefined;
  }
  while (lx.tok() === Tok.LBracket && (full || d.dims.length === 0)) {
    p.advance();
    if (d.dims === NO_DIMS) d.dims = [];
    if (lx.tok() === Tok.RBracket && d.dims.length === 0) {
      d.dims.push(null); // only the outermost dimension may be unsized (ptxas: error at `]`)
    } else {
      d.dims.push(p.parseConstExpr());
    }
    if (!p.expect(Tok.RBracket)) return undefined;
  }
  if (lx.tok() === Tok.Assign && full) {
    p.advance();
    const quiet = p.quiet;
    const init = parseInitializer(p);
    if (!init) return undefined;
    // ptxas checks a declaration once it has read all of it: after an error inside an
    // initializer (a value expression, a field's value) it says nothing more about it.
    if (p.quiet && !quiet) return undefined;
    d.initializer = init;
  }
  d.span = p.span(start);
  return d;
}

/// initValue := INT '(' initValue ')'                       mask: `0xFF00(generic(g)+4)`
///            | 'generic' '(' NAME ')' ['+' constExpr]
///            | NAME ['+' constExpr]
///            | constExpr
export function parseInitValue(p: ExprCursor, allowMask: boolean): A.Expr {
  const lx = p.lx;
  const start = lx.start;
  const k = lx.tok();
  if ((k === Tok.Int || (k === Tok.Ident && p.isWarpSize())) && allowMask && lx.peek() === Tok.LParen) {
    // `WARP_SZ(...)` parses too (ptxas then rejects the mask value 0x20).
    const m = p.parsePrimary();
    const mask: A.IntLiteral =
      m.kind === 'int' ? m : { kind: 'int', value: 32n, unsigned: false, raw: 'WARP_SZ', span: m.span };
    p.advance(); // (
    const operand = parseInitValue(p, false);
    if (!p.expect(Tok.RParen)) return p.errorExpr(start);
    return { kind: 'mask', mask, operand, span: p.span(start) };
  }
  if (k === Tok.Ident && !p.isWarpSize()) {
    if (lx.is('generic') && lx.peek() === Tok.LParen) {
      p.advance();
      p.advance();
      if (lx.tok() !== Tok.Ident || p.isWarpSize()) {
        p.errorHere('PTX201');
        return p.errorExpr(start);
      }
      const operand = parseNameWithMember(p);
      if (!p.expect(Tok.RParen)) return p.errorExpr(start);
      const g: A.Expr = { kind: 'generic', operand, span: p.span(start) };
      return parseOffsetTail(p, g, start);
    }
    const name = parseNameWithMember(p);
    return name.kind === 'name' ? parseOffsetTail(p, name, start) : name;
  }
  return p.parseConstExpr();
}

/// field := NAME '=' (NAME | constExpr)          `addr_mode_0 = clamp_to_border` (spec 5.3)
/// ptxas reads a value name at once: one of OPAQUE_VALUE_WORDS, or "Unrecognized initial value symbol".
export function parseFieldInitializer(p: ExprCursor): A.FieldInitializer {
  const lx = p.lx;
  const start = lx.start;
  const name = lx.tokenText();
  const nameSpan = { start, end: lx.end };
  p.advance(); // name
  p.advance(); // =
  let value: A.Expr;
  if (lx.tok() === Tok.Ident && !p.isWarpSize()) {
    const word = lx.tokenText();
    if (!OPAQUE_VALUE_WORDS.has(word))
      p.errorHere('PTX445', `unknown value '${word}' for field '${name}': expected one of ${[...OPAQUE_VALUE_WORDS].join(', ')} or a constant expression`);
    value = { kind: 'name', name: word, span: { start: lx.start, end: lx.end } };
    p.advance();
  } else value = p.parseConstExpr();
  return { kind: 'field', name, nameSpan, value, span: p.span(start) };
}

/// initializer := '{' [initializer (',' initializer)*] '}' | field | initValue
export function parseInitializer(p: ExprCursor): A.Initializer | undefined {
  const lx = p.lx;
  if (lx.tok() !== Tok.LBrace) {
    if (lx.tok() === Tok.Ident && lx.peek() === Tok.Assign && !p.isWarpSize()) return parseFieldInitializer(p);
    return parseInitValue(p, true);
  }
  p.enter();
  const start = lx.start;
  p.advance();
  p.openBraces++;
  const base = p.sp;
  // Long lists are gathered in chunks and joined once: growing one stack to a million slots
  // would leave every smaller copy of it behind as garbage at the peak.
  let chunks: A.Initializer[][] | undefined;
  // While the list holds nothing but plain decimal literals, only their offsets are kept (on the
  // cursor's literalStarts, from `runBase`); the first other element turns them into nodes.
  const runBase = p.literalTop;
  let packing = true;
  const push = (e: A.Initializer) => {
    p.scratch[p.sp++] = e;
    if (p.sp - base === INITIALIZER_CHUNK) (chunks ??= []).push(p.take(base) as A.Initializer[]);
  };
  // The offsets read so far, as nodes, and the list no longer packed.
  const unpack = () => {
    packing = false;
    for (let i = runBase; i < p.literalTop; i++) push(new p.DecimalLiteral(p.literalStarts[i]!));
    p.literalTop = runBase;
  };
  if (lx.tok() !== Tok.RBrace) {
    for (;;) {
      if (packing && plainLiteralElement(p)) {
        pushLiteralStart(p, lx.start);
        p.advance();
      } else {
        if (packing) unpack();
        const e = parseInitializer(p);
        if (!e) {
          p.depth--;
          p.openBraces--;
          p.sp = base;
          p.literalTop = runBase;
          skipInitializerList(p);
          return undefined;
        }
        push(e);
      }
      if (!p.accept(Tok.Comma)) break;
    }
  }
  let packed: Int32Array | undefined;
  if (packing && p.literalTop - runBase >= PACKED_LIST_MIN) {
    packed = p.literalStarts.slice(runBase, p.literalTop);
    p.literalTop = runBase;
  } else if (packing) unpack();
  const rest = packed ? [] : (p.take(base) as A.Initializer[]);
  p.depth--;
  p.openBraces--;
  if (!p.expect(Tok.RBrace)) {
    skipInitializerList(p);
    return undefined;
  }
  if (packed) return new PackedLiteralList(packed, p.span(start), p.DecimalLiteral, p.text);
  const elements = chunks ? chunks[0]!.concat(...chunks.slice(1), rest) : rest;
  return { kind: 'braces', elements, span: p.span(start) };
}

/**
 * Whether the current token is an initializer element that is one plain decimal literal (what
 * parseInitValue would read as a DecimalLiteral and nothing more): `42` followed by `,` or `}`,
 * below the nesting limit (which the expression parser's level for it would pass).
 */
function plainLiteralElement(p: ExprCursor): boolean {
  const lx = p.lx;
  if (lx.tok() !== Tok.Int || p.depth >= MAX_DEPTH || plainDecimalValue(p.text, lx.start, lx.end, lx.flags) < 0) return false;
  const next = lx.peek();
  return next === Tok.Comma || next === Tok.RBrace;
}

function pushLiteralStart(p: ExprCursor, offset: number): void {
  if (p.literalTop === p.literalStarts.length) {
    const grown = new Int32Array(p.literalStarts.length * 2);
    grown.set(p.literalStarts);
    p.literalStarts = grown;
  }
  p.literalStarts[p.literalTop++] = offset;
}

/**
 * After an error inside an initializer list: skips past the `}` that closes it, or to a `;` or the
 * end of the file, so the rest of the declaration is not read as further statements.
 */
export function skipInitializerList(p: ExprCursor): void {
  const lx = p.lx;
  let depth = 0;
  for (;;) {
    const k = lx.tok();
    if (k === Tok.EOF || k === Tok.Semi) return;
    p.advance();
    if (k === Tok.LBrace) depth++;
    else if (k === Tok.RBrace && depth-- === 0) return;
  }
}
