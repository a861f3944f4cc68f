/**
 * PTX parser: recursive descent over the lexer, one statement at a time (the cursor and the grammar
 * by construct are in this folder: cursor.ts says which file holds what).
 * On an error it reports once at the offending token (where ptxas reports it), skips to the end
 * of the statement (`;` or the matching `}`) and goes on. It never throws on bad input.
 * Input-driven recursion (parentheses, ternaries, braces) is bounded by MAX_DEPTH.
 */
import type { Diagnostic } from '../../core/diagnostics.js';
import { DiagnosticBag } from '../../core/diagnostics.js';
import type { MappedText } from '../../core/source.js';
import { SourceFile, unmapped } from '../../core/source.js';
import type * as A from './ast.js';
import { Tok } from '../lex/tokens.js';
import { TooDeep } from './cursor.js';
import { ExprCursor } from './expressions.js';
import { checkModuleHeader, parseModuleItem, skipToTopLevel, type ItemList } from './module.js';

/** The parser's entry points over a cursor: a whole module, or module items up to an offset. */
export class Parser extends ExprCursor {
  /// module := '.version' ver '.target' targets ['.address_size' N] moduleItem* EOF
  parseModule(source: MappedText, sink?: ModuleItemSink): A.Module {
    const items: A.ModuleItem[] = [];
    checkModuleHeader(this);
    this.parseItems(sink ? { push: sink } : items, Infinity);
    return { items, source };
  }

  /** Starts a module that `parseItems` then reads in parts. */
  beginModule(): void {
    checkModuleHeader(this);
  }

  /**
   * Parses module items until the end of the text or until the next item starts at or after
   * offset `stop`; returns where that next item starts (the text's length at the end).
   */
  parseItems(out: ItemList, stop: number): number {
    const lx = this.lx;
    while (lx.tok() !== Tok.EOF) {
      if (lx.start >= stop) return lx.start;
      const before = lx.start;
      if (this.skipItem !== undefined && this.atCleanBoundary()) {
        const to = this.skipItem(before);
        if (to > before) {
          lx.skipTo(to);
          this.lastEnd = to;
          continue;
        }
      }
      try {
        parseModuleItem(this, out);
      } catch (e) {
        if (!(e instanceof TooDeep)) throw e;
        this.depth = 0;
        this.sp = 0;
        this.dottedNames = false;
        skipToTopLevel(this, this.openBraces);
        this.openBraces = 0;
      }
      if (lx.tok() !== Tok.EOF && lx.start === before) {
        // No progress: report and step over the token.
        this.errorHere('PTX201');
        this.advance();
      }
    }
    return this.text.length;
  }

  /** Whether nothing of an item is pending (between module items, with the header settled). */
  atCleanBoundary(): boolean {
    return this.depth === 0 && this.openBraces === 0 && !this.needTarget && !this.missingVersionPending;
  }
}

/** Receives each module item as soon as it is parsed, in source order. */
export type ModuleItemSink = (item: A.ModuleItem) => void;


/**
 * Parses one PTX module. Never throws on bad input; diagnostics go to `diags`. With a `sink`, each
 * module item goes to it as soon as it is parsed and the returned module's `items` stays empty:
 * a caller that checks items one by one then never holds the whole tree.
 */
export function parseModule(source: MappedText, diags: DiagnosticBag, sink?: ModuleItemSink): A.Module {
  const p = new Parser(source.text);
  const m = p.parseModule(source, sink);
  p.flush(source, diags);
  return m;
}

/** Parses a standalone constant expression (for `gpuasm eval`). */
export function parseExpressionText(text: string): { expr?: A.Expr; diagnostics: Diagnostic[] } {
  const source = unmapped(new SourceFile('<expr>', text));
  const bag = new DiagnosticBag();
  const p = new Parser(text);
  let expr: A.Expr | undefined;
  try {
    expr = p.parseNameExpr();
    if (p.lx.tok() !== Tok.EOF) p.errorHere('PTX229', `unexpected ${p.nearText()} after expression`);
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    expr = undefined;
  }
  p.flush(source, bag);
  return bag.hasErrors() ? { expr, diagnostics: bag.items } : { expr, diagnostics: bag.items };
}
