/**
 * A small TextMate tokenizer for the tests of editors/vscode's grammars: `match` rules with
 * captures, `begin`/`end` rules with nested patterns (begin/end captures, contentName), `include`
 * of repository rules and of `$self`. Line by line, as VS Code runs a grammar; the end pattern of
 * the innermost open rule wins a tie with its patterns. The grammars keep to regular expressions
 * that mean the same in Oniguruma and JavaScript (checked: each one compiles here).
 */
interface Rule {
  name?: string;
  contentName?: string;
  match?: string;
  begin?: string;
  end?: string;
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
  endCaptures?: Record<string, { name?: string }>;
  patterns?: Rule[];
  include?: string;
}

export interface Grammar {
  scopeName: string;
  patterns: Rule[];
  repository?: Record<string, Rule>;
}

export interface ScopedToken {
  start: number;
  end: number;
  scopes: string[];
}

const cache = new Map<string, RegExp>();
function re(src: string): RegExp {
  let r = cache.get(src);
  if (!r) cache.set(src, (r = new RegExp(src, 'dg')));
  return r;
}

export class Tokenizer {
  constructor(private readonly g: Grammar) {
    // Every regular expression must compile.
    const visit = (r: Rule) => {
      for (const k of ['match', 'begin', 'end'] as const) if (r[k]) re(r[k]!);
      r.patterns?.forEach(visit);
    };
    g.patterns.forEach(visit);
    Object.values(g.repository ?? {}).forEach(visit);
  }

  private expand(rules: Rule[], seen = new Set<Rule>()): Rule[] {
    const out: Rule[] = [];
    for (const r of rules) {
      if (r.include) {
        const target = r.include === '$self' ? { patterns: this.g.patterns } : this.g.repository?.[r.include.slice(1)];
        if (!target) throw new Error(`grammar: unknown include ${r.include}`);
        if (seen.has(target)) continue;
        seen.add(target);
        out.push(...(target.match || target.begin ? [target] : this.expand(target.patterns ?? [], seen)));
      } else if (r.match || r.begin) out.push(r);
      else if (r.patterns) out.push(...this.expand(r.patterns, seen));
    }
    return out;
  }

  /** Tokens of every line of `text`, each with its scope stack (outermost first). */
  tokenize(text: string): ScopedToken[][] {
    const lines = text.split('\n');
    const stack: { rule: Rule; scopes: string[] }[] = [];
    const out: ScopedToken[][] = [];
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const toks: ScopedToken[] = [];
      let pos = 0;
      const base = () => (stack.length ? stack[stack.length - 1]!.scopes : [this.g.scopeName]);
      const emit = (s: number, e: number, scopes: string[]) => {
        if (e > s) toks.push({ start: s, end: e, scopes });
      };
      const captures = (m: RegExpExecArray, caps: Rule['captures'], scopes: string[]) => {
        emit(m.index, m.index + m[0].length, scopes);
        if (!caps) return;
        for (const [k, v] of Object.entries(caps)) {
          const idx = (m as unknown as { indices: ([number, number] | undefined)[] }).indices[Number(k)];
          if (idx && v.name) emit(idx[0], idx[1], [...scopes, v.name]);
        }
      };
      let guard = 0;
      while (pos <= line.length && guard++ < 10000) {
        const top = stack[stack.length - 1];
        const rules = this.expand(top ? top.rule.patterns ?? [] : this.g.patterns);
        let best: { m: RegExpExecArray; rule: Rule | null } | undefined;
        if (top?.rule.end) {
          const r = re(top.rule.end);
          r.lastIndex = pos;
          const m = r.exec(line);
          if (m) best = { m, rule: null };
        }
        for (const rule of rules) {
          const r = re((rule.match ?? rule.begin)!);
          r.lastIndex = pos;
          const m = r.exec(line);
          if (m && (!best || m.index < best.m.index)) best = { m, rule };
        }
        if (!best) break;
        const { m, rule } = best;
        emit(pos, m.index, top ? [...top.scopes, ...(top.rule.contentName ? [top.rule.contentName] : [])] : base());
        if (rule === null) {
          const closing = stack.pop()!;
          captures(m, closing.rule.endCaptures ?? closing.rule.captures, closing.scopes);
        } else if (rule.match) {
          const scopes = rule.name ? [...base(), rule.name] : base();
          captures(m, rule.captures, scopes);
        } else {
          const scopes = rule.name ? [...base(), rule.name] : [...base()];
          captures(m, rule.beginCaptures ?? rule.captures, scopes);
          stack.push({ rule, scopes });
        }
        const next = m.index + m[0].length;
        if (next === pos && m[0].length === 0) {
          if (rule && rule.begin) {
            pos = next;
            continue;
          }
          pos++;
        } else pos = next;
      }
      const open = stack[stack.length - 1];
      if (pos < line.length) emit(pos, line.length, open ? [...open.scopes, ...(open.rule.contentName ? [open.rule.contentName] : [])] : base());
      out.push(toks);
    }
    return out;
  }
}

/** The innermost scopes of the token covering column `col` of a tokenized line. */
export function scopesAt(line: ScopedToken[], col: number): string[] {
  let best: ScopedToken | undefined;
  for (const t of line) if (t.start <= col && col < t.end && (!best || t.scopes.length >= best.scopes.length)) best = t;
  return best?.scopes ?? [];
}
