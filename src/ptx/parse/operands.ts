/** PTX grammar: instruction operands (vectors, addresses, indexes, members, sinks). */
import type * as A from './ast.js';
import { Tok } from '../lex/tokens.js';
import type { ExprCursor } from './expressions.js';
import { ExprOperandNode, NameRefNode, OperandListNode } from './nodes.js';
import { isFieldWord, operandNames } from '../data/modifiers.js';

/**
 * Instruction operands, in ptxas's grammar: identifiers may appear only in the shapes below;
 * everywhere else an expression is a constant expression (literals and WARP_SZ), and ptxas
 * reports a syntax error at the identifier or operator that breaks the shape.
 *
 * operand := '{' element (',' element)* '}' ['|' NAME]    vector (the `|p`: first operand only)
 *          | '[' address ']'
 *          | '(' [element (',' element)*] ')'              call argument lists
 *          | ('-' | '!') NAME ['.' MEMBER]                 negated register / predicate
 *          | NAME ['.' MEMBER] ['[' index ']']
 *          | NAME '+' constExpr                            var+offset
 *          | (NAME | '_') '|' (NAME | '_')                 predicate pair, first operand only
 *          | '_' | constExpr
 */
export function parseOperand(p: ExprCursor, isCall: boolean, first = false): A.Operand | undefined {
  const lx = p.lx;
  const start = lx.start;
  const k = lx.tok();
  if (k === Tok.LBrace || k === Tok.LBracket || (isCall && k === Tok.LParen)) {
    const close = k === Tok.LBrace ? Tok.RBrace : k === Tok.LBracket ? Tok.RBracket : Tok.RParen;
    const kind = k === Tok.LBrace ? 'vector' : k === Tok.LBracket ? 'address' : 'list';
    p.advance();
    const isBrace = close === Tok.RBrace;
    if (isBrace) p.openBraces++;
    const base = p.sp;
    let ok = true;
    if (kind === 'address') ok = parseAddressElements(p);
    else if (!(kind === 'list' && lx.tok() === Tok.RParen)) {
      for (;;) {
        const e = parseElement(p);
        if (!e) {
          ok = false;
          break;
        }
        p.scratch[p.sp++] = e;
        if (!p.accept(Tok.Comma)) break;
      }
    }
    if (isBrace) p.openBraces--;
    if (!ok) {
      p.sp = base;
      return undefined;
    }
    const elements = p.take(base) as A.Operand[];
    if (lx.tok() !== close) {
      p.errorHere('PTX201');
      return undefined;
    }
    p.advance();
    if (first && isBrace && lx.tok() === Tok.Pipe) {
      // `{d0, d1, d2, d3}|p` (tex, tld4; ptxas: a syntax error with `_` there, a name of another
      // kind or on another instruction an operand error).
      p.advance();
      if (lx.tok() !== Tok.Ident || p.isWarpSize()) {
        p.errorHere('PTX201');
        return undefined;
      }
      const predicate = parseNameWithMember(p);
      const node = new OperandListNode(kind, elements, start, p.lastEnd);
      node.predicate = predicate;
      return node as A.Operand;
    }
    return new OperandListNode(kind, elements, start, p.lastEnd) as A.Operand;
  }
  if ((k === Tok.Minus || k === Tok.Bang) && lx.peek() === Tok.Ident && !p.peekIsWarpSize()) {
    p.advance();
    const operand = parseNameWithMember(p);
    const expr: A.Expr = { kind: 'unary', op: k === Tok.Minus ? '-' : '!', operand, span: p.span(start) };
    return new ExprOperandNode(expr);
  }
  if ((k === Tok.Ident && !p.isWarpSize()) || (k === Tok.Sink && first)) {
    const name = k === Tok.Sink ? parseSinkExpr(p) : parseNameWithMember(p);
    if (first && lx.tok() === Tok.Pipe) {
      p.advance();
      const k2 = lx.tok();
      if (!((k2 === Tok.Ident && !p.isWarpSize()) || k2 === Tok.Sink)) {
        p.errorHere('PTX201');
        return undefined;
      }
      const right = k2 === Tok.Sink ? parseSinkExpr(p) : parseNameWithMember(p);
      const expr: A.Expr = { kind: 'binary', op: '|', left: name, right, span: p.span(start) };
      return new ExprOperandNode(expr);
    }
    if (name.kind === 'name' && lx.tok() === Tok.LBracket) {
      p.advance();
      const index = parseIndex(p);
      if (!index) return undefined;
      if (!p.expect(Tok.RBracket)) return undefined;
      return { kind: 'indexed', base: name, index, span: p.span(start) };
    }
    const expr = name.kind === 'name' ? parseOffsetTail(p, name, start) : name;
    return new ExprOperandNode(expr);
  }
  const expr = p.parseConstExpr();
  return new ExprOperandNode(expr);
}

/// element := '_' | NAME ['.' MEMBER] | constExpr    (vector and call-list items; ptxas: no `-name` here)
export function parseElement(p: ExprCursor): A.Operand | undefined {
  const lx = p.lx;
  const start = lx.start;
  const k = lx.tok();
  if (k === Tok.Sink) {
    const expr = parseSinkExpr(p);
    return new ExprOperandNode(expr);
  }
  void start;
  const expr = k === Tok.Ident && !p.isWarpSize() ? parseNameWithMember(p) : p.parseConstExpr();
  return new ExprOperandNode(expr);
}

/// address := NAME ['+' constExpr] | constExpr | NAME (',' (NAME | vector))*    (after '[')
export function parseAddressElements(p: ExprCursor): boolean {
  const lx = p.lx;
  const start = lx.start;
  if (lx.tok() !== Tok.Ident || p.isWarpSize()) {
    const expr = p.parseConstExpr();
    p.scratch[p.sp++] = new ExprOperandNode(expr);
    return true;
  }
  // (No member here: ptxas "Parsing error near '.x'" for `[%tid.x]`, `[%rv.x]`, `[%r1.b0]`, also
  // after a texture handle; measured with ptxas 13.0. A braced list below takes them.)
  const name = parseNameWithMember(p, false);
  if (name.kind === 'name' && lx.tok() === Tok.Plus) {
    const expr = parseOffsetTail(p, name, start);
    p.scratch[p.sp++] = new ExprOperandNode(expr);
    return true;
  }
  p.scratch[p.sp++] = new ExprOperandNode(name);
  // Texture and surface forms: `[tex, {x, y}]`, `[tex, sampler, {x, y}]`.
  while (lx.tok() === Tok.Comma) {
    p.advance();
    if (lx.tok() === Tok.LBrace) {
      const v = parseOperand(p, false);
      if (!v) return false;
      p.scratch[p.sp++] = v;
    } else if (lx.tok() === Tok.Ident && !p.isWarpSize()) {
      const n = parseNameWithMember(p, false);
      p.scratch[p.sp++] = new ExprOperandNode(n);
    } else {
      p.errorHere('PTX201');
      return false;
    }
  }
  return true;
}

/// index := NAME ['+' constExpr] | constExpr      (inside `name[...]`)
export function parseIndex(p: ExprCursor): A.Operand | undefined {
  const lx = p.lx;
  const start = lx.start;
  let expr: A.Expr;
  if (lx.tok() === Tok.Ident && !p.isWarpSize()) {
    const name = parseNameWithMember(p);
    expr = name.kind === 'name' ? parseOffsetTail(p, name, start) : name;
  } else expr = p.parseConstExpr();
  return new ExprOperandNode(expr);
}

/// offsetTail := ['+' constExpr]     (after a plain name: `var+4`, `%rd1+-8`)
export function parseOffsetTail(p: ExprCursor, base: A.Expr, start: number): A.Expr {
  const lx = p.lx;
  if (lx.tok() !== Tok.Plus) return base;
  p.advance();
  const right = p.parseConstExpr();
  return { kind: 'binary', op: '+', left: base, right, span: p.span(start) };
}

/// NAME ['.' MEMBER]      (the member only when written without spaces: `%tid.x`, `%r1.b0`)
/// With `members` false, NAME alone (an address's: a member after it is left for the caller, which finds it unexpected).
export function parseNameWithMember(p: ExprCursor, members = true): A.Expr {
  const lx = p.lx;
  const start = lx.start;
  const name = lx.tokenText();
  p.advance();
  if (lx.tok() === Tok.Dotted && lx.start === p.lastEnd) {
    const names = operandNames(name);
    if (names !== undefined) {
      const joined = parseOperandName(p, start, names, members);
      if (joined !== undefined) return joined;
    }
  }
  return p.memberTail(name, start, members);
}

/**
 * An instruction name in an operand (`barrier.cluster.wait`, where a lost `;` puts the next line's
 * opcode): ptxas's lexer reads the longest such name as one symbol (an undeclared name, a semantic
 * error), then one field, spaces allowed (`mul.wide.u32`, `mul.wide .u32`: "Unknown field
 * '.u32'"; data/modifiers.ts). A name that ends inside the next word (`tcgen05.wait_operation`) is
 * a syntax error there. The cursor is on the dotted word right after `name`; undefined (nothing
 * read) when no name of `names` is written.
 */
function parseOperandName(p: ExprCursor, start: number, names: readonly string[], members: boolean): A.Expr | undefined {
  const lx = p.lx;
  const text = p.text;
  const whole = names.find((n) => text.startsWith(n, start));
  if (whole === undefined) return undefined;
  const end = start + whole.length;
  while (lx.tok() === Tok.Dotted && lx.end <= end) p.advance();
  const ref: A.Expr = new NameRefNode(whole, start);
  // A name that runs on inside the word the cursor is on (ptxas "Parsing error near '_operation'")
  // leaves that word to the caller, which finds it unexpected (PTX201 on the same line).
  if (members && lx.tok() === Tok.Dotted && lx.start >= end) {
    const word = lx.tokenText();
    if (isFieldWord(word)) {
      p.advance();
      return { kind: 'member', object: ref, member: word.slice(1), span: p.span(start) };
    }
  }
  return ref;
}

export function parseSinkExpr(p: ExprCursor): A.Expr {
  const start = p.lx.start;
  p.advance();
  return { kind: 'sink', span: p.span(start) };
}
