/** PTX token kinds: small numeric constants (the lexer is a cursor; no token objects on the hot path). */

export const enum Tok {
  EOF = 0,
  /** `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$%][a-zA-Z0-9_$]+` (keywords are identifiers too). */
  Ident,
  /** The sink `_`. */
  Sink,
  /** `.word`, including `::` parts (`.L2::cache_hint`) and digit-led modifiers after a word (`.2d`). */
  Dotted,
  /** Decimal, hex, octal or binary integer, optional `U`. */
  Int,
  /** Decimal float `1.5`, `.5`, `5.`, `1e3`. */
  Float,
  /** `0f` + 8 hex digits or `0d` + 16 hex digits. */
  HexFloat,
  /** `"..."` with escapes. */
  String,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Semi,
  Colon,
  ColonColon,
  At,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Shl,
  Shr,
  Lt,
  Gt,
  Le,
  Ge,
  EqEq,
  NotEq,
  Amp,
  Caret,
  Pipe,
  AndAnd,
  OrOr,
  Bang,
  Tilde,
  Question,
  /** A character that starts no token (already reported by the lexer). */
  Invalid,
}

/** Token flags (Lexer.flags). */
export const enum TokFlag {
  None = 0,
  /** The literal is malformed; the lexer has reported it. */
  Malformed = 1,
}

/** Spelling of punctuation kinds, for messages and the printer. */
export function tokenKindText(k: Tok): string {
  switch (k) {
    case Tok.EOF: return 'end of file';
    case Tok.Ident: return 'identifier';
    case Tok.Sink: return '_';
    case Tok.Dotted: return 'directive or modifier';
    case Tok.Int: return 'integer';
    case Tok.Float: return 'floating-point number';
    case Tok.HexFloat: return 'floating-point number';
    case Tok.String: return 'string';
    case Tok.LParen: return '(';
    case Tok.RParen: return ')';
    case Tok.LBracket: return '[';
    case Tok.RBracket: return ']';
    case Tok.LBrace: return '{';
    case Tok.RBrace: return '}';
    case Tok.Comma: return ',';
    case Tok.Semi: return ';';
    case Tok.Colon: return ':';
    case Tok.ColonColon: return '::';
    case Tok.At: return '@';
    case Tok.Assign: return '=';
    case Tok.Plus: return '+';
    case Tok.Minus: return '-';
    case Tok.Star: return '*';
    case Tok.Slash: return '/';
    case Tok.Percent: return '%';
    case Tok.Shl: return '<<';
    case Tok.Shr: return '>>';
    case Tok.Lt: return '<';
    case Tok.Gt: return '>';
    case Tok.Le: return '<=';
    case Tok.Ge: return '>=';
    case Tok.EqEq: return '==';
    case Tok.NotEq: return '!=';
    case Tok.Amp: return '&';
    case Tok.Caret: return '^';
    case Tok.Pipe: return '|';
    case Tok.AndAnd: return '&&';
    case Tok.OrOr: return '||';
    case Tok.Bang: return '!';
    case Tok.Tilde: return '~';
    case Tok.Question: return '?';
    case Tok.Invalid: return 'invalid character';
  }
}
