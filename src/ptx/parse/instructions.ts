/** PTX grammar: instruction statements. */
import type * as A from './ast.js';
import { nextTokenStart } from '../lex/lexer.js';
import { Tok } from '../lex/tokens.js';
import { DIRECTIVE_WORDS } from '../data/modifiers.js';
import type { ExprCursor } from './expressions.js';
import { InstructionNode } from './nodes.js';
import { parseOperand } from './operands.js';

/// instruction := ['@' ['!'] NAME] OPCODE MODIFIER* [operand (',' operand)*] ';'
export function parseInstruction(p: ExprCursor, out: A.Statement[], start: number): void {
  const lx = p.lx;
  let guard: A.Guard | undefined;
  if (lx.tok() === Tok.At) {
    p.advance();
    // `accept`, not an inline test and advance: its call runs for every guard, so a file whose
    // first `@!` comes after parseInstruction was optimized does not deoptimize it ("insufficient
    // type feedback" at a call never run before; docs/benchmarks.md, session 21).
    const negated = p.accept(Tok.Bang);
    if (lx.tok() !== Tok.Ident) {
      p.errorHere('PTX225', `expected predicate after '@' near ${p.nearText()}`);
      p.skipStatement();
      return;
    }
    guard = { negated, name: lx.tokenText(), span: { start, end: lx.end } };
    p.advance();
  }
  if (lx.tok() !== Tok.Ident) {
    p.errorHere('PTX201', `expected an instruction near ${p.nearText()}`);
    p.skipStatement();
    return;
  }
  const opcode = p.word();
  const opcodeStart = lx.start;
  const opcodeEnd = lx.end;
  // ptxas parses a statement with an unknown opcode like any other and reports the opcode only
  // when the statement is otherwise well-formed (a syntax error in its operands wins).
  const root = p.opcodeNode(opcode);
  const known = root.known;
  p.advance();
  // ptxas names a bare unknown opcode (`foo %r1;`) at the line of the token after it, one with
  // modifiers (`ad.s32 ...`) at its own line.
  const nextStart = lx.start;
  const nextLen = lx.end - lx.start;
  const spelling = p.parseSpelling(root);
  const modifiers = spelling.modifiers;
  if (!known) {
    // A directive word is a syntax error at that word (ptxas: "Parsing error near '.reg'",
    // fatal), before any operand is read; the opcode is never named.
    let at = opcodeEnd;
    for (const m of modifiers) {
      at = nextTokenStart(p.text, at);
      if (DIRECTIVE_WORDS.has(m)) {
        p.error('PTX201', `syntax error: directive '${m}' after an instruction`, at, m.length);
        p.skipStatement();
        return;
      }
      at += m.length;
    }
  }
  const base = p.sp;
  const isCall = opcode === 'call';
  if (lx.tok() !== Tok.Semi) {
    for (let i = 0; ; i++) {
      const op = parseOperand(p, isCall, i === 0);
      if (!op) {
        p.sp = base;
        p.skipStatement();
        return;
      }
      p.scratch[p.sp++] = op;
      if (!p.accept(Tok.Comma)) break;
    }
  }
  const operands = p.take(base) as A.Operand[];
  if (lx.tok() !== Tok.Semi) {
    p.errorHere('PTX201');
    p.skipStatement();
    return;
  }
  p.advance();
  if (!known) {
    const shown = opcode.length > 60 ? opcode.slice(0, 60) + '…' : opcode;
    // (Modifiers apart from the opcode, `x` + newline + `.global %r1;`, are the next token too.)
    const line0 = p.text.lastIndexOf('\n', nextStart - 1) < opcodeStart;
    if (!line0) p.error('PTX226', `unknown instruction '${shown}'`, nextStart, nextLen);
    else p.error('PTX226', `unknown instruction '${shown}'`, opcodeStart, opcodeEnd - opcodeStart);
    return;
  }
  out.push(new InstructionNode(opcode, spelling, operands, opcodeStart, start, p.lastEnd, guard));
}
