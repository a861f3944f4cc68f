import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { tokenize, decodeInt, decodeFloat, FNV_BASIS, FNV_PRIME, Lexer } from '../../../src/ptx/lex/lexer.js';
import { Tok } from '../../../src/ptx/lex/tokens.js';
import { fuzzSeed } from '../../harness/tools.js';

interface Lexed {
  kinds: Tok[];
  texts: string[];
  errors: { code: string; offset: number; length: number }[];
}

function lex(text: string): Lexed {
  const errors: Lexed['errors'] = [];
  const ts = tokenize(text, (code, _m, offset, length) => errors.push({ code, offset, length }));
  const kinds: Tok[] = [];
  const texts: string[] = [];
  for (let i = 0; i < ts.count - 1; i++) {
    kinds.push(ts.kinds[i] as Tok);
    texts.push(text.slice(ts.starts[i], ts.ends[i]));
  }
  return { kinds, texts, errors };
}

describe('PTX lexer: identifiers', () => {
  test('identifier rules: letters, or [_$%] followed by at least one follow char', () => {
    const r = lex('a a1$_ _x $x %r1 %tid WARP_SZ _ %');
    assert.deepEqual(r.texts, ['a', 'a1$_', '_x', '$x', '%r1', '%tid', 'WARP_SZ', '_', '%']);
    assert.deepEqual(r.kinds, [Tok.Ident, Tok.Ident, Tok.Ident, Tok.Ident, Tok.Ident, Tok.Ident, Tok.Ident, Tok.Sink, Tok.Percent]);
    assert.equal(r.errors.length, 0);
  });
  test('7%3 is a number then the identifier %3 (as ptxas reads it)', () => {
    const r = lex('7%3');
    assert.deepEqual(r.kinds, [Tok.Int, Tok.Ident]);
    assert.deepEqual(r.texts, ['7', '%3']);
  });
  test('a lone $ is an error', () => {
    const r = lex('$ ');
    assert.equal(r.kinds[0], Tok.Invalid);
    assert.equal(r.errors[0]?.code, 'PTX101');
  });
  test('1 MB identifier lexes as one token', () => {
    const id = 'a'.repeat(1 << 20);
    const r = lex(id + ';');
    assert.deepEqual(r.kinds, [Tok.Ident, Tok.Semi]);
    assert.equal(r.texts[0]!.length, 1 << 20);
  });
});

describe('PTX lexer: dotted words', () => {
  test('modifiers keep :: parts; digit-led modifiers after a word', () => {
    const r = lex('cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes ld.L2::128B .f16x2 .b128');
    assert.deepEqual(r.texts, [
      'cp', '.async', '.bulk', '.tensor', '.2d', '.shared::cluster', '.global', '.mbarrier::complete_tx::bytes',
      'ld', '.L2::128B', '.f16x2', '.b128',
    ]);
    assert.equal(r.kinds.filter((k) => k === Tok.Dotted).length, 10);
  });
  test('.5 after whitespace or an operator is a number', () => {
    const r = lex('x, .5 +.25');
    assert.deepEqual(r.kinds, [Tok.Ident, Tok.Comma, Tok.Float, Tok.Plus, Tok.Float]);
  });
  test('a :: not followed by a word char is a separate token', () => {
    const r = lex('a :: b');
    assert.deepEqual(r.kinds, [Tok.Ident, Tok.ColonColon, Tok.Ident]);
  });
});

describe('PTX lexer: numbers', () => {
  test('integer forms', () => {
    for (const [src, value, unsigned] of [
      ['42', 42n, false],
      ['0x1fU', 31n, true],
      ['0X1F', 31n, false],
      ['017', 15n, false],
      ['0b101', 5n, false],
      ['0B1U', 1n, true],
      ['0', 0n, false],
      ['0xfabc123400000000', 0xfabc123400000000n, true],
      ['9223372036854775807', 9223372036854775807n, false],
      ['9223372036854775808', 9223372036854775808n, true],
      ['18446744073709551615', 18446744073709551615n, true],
    ] as const) {
      const r = lex(src);
      assert.deepEqual(r.kinds, [Tok.Int], src);
      assert.equal(r.errors.length, 0, src);
      const d = decodeInt(src, 0, src.length);
      assert.equal(d.value, value, src);
      assert.equal(d.unsigned, unsigned, src);
      assert.equal(d.overflow, false, src);
    }
  });
  test('overflow beyond 64 bits is flagged and wrapped', () => {
    for (const src of ['18446744073709551616', '0x10000000000000000', '0b' + '1'.repeat(65), '02000000000000000000000']) {
      const d = decodeInt(src, 0, src.length);
      assert.equal(d.overflow, true, src);
      assert.equal(d.value, BigInt(src.startsWith('0b') ? '0b' + '1'.repeat(64) : 0) & ((1n << 64n) - 1n), src);
    }
  });
  test('float forms', () => {
    for (const [src, v] of [
      ['1.5', 1.5],
      ['.5', 0.5],
      ['5.', 5],
      ['5e2', 500],
      ['1E+2', 100],
      ['1.5e-3', 0.0015],
    ] as const) {
      const r = lex(src);
      assert.deepEqual(r.kinds, [Tok.Float], src);
      assert.equal(decodeFloat(src, 0, src.length).value, v, src);
    }
  });
  test('0f/0F + 8 and 0d/0D + 16 hex digits', () => {
    const f = decodeFloat('0f3f800000', 0, 10);
    assert.equal(f.form, 'f32');
    assert.equal(f.value, 1);
    assert.equal(f.bits, 0x3f800000n);
    const d = decodeFloat('0D3FF0000000000000', 0, 18);
    assert.equal(d.form, 'f64');
    assert.equal(d.value, 1);
    assert.deepEqual(lex('0F3F800000 0d4000000000000000').kinds, [Tok.HexFloat, Tok.HexFloat]);
  });
  test('malformed literals: one error at the literal (ptxas: syntax error on that line)', () => {
    for (const src of ['0f3f80', '0f3f8000000', '0d3ff00000000000', '09', '0b102', '0x', '12u', '0x1g']) {
      const r = lex(`mov ${src};`);
      assert.equal(r.errors.length, 1, src);
      assert.equal(r.errors[0]!.code, 'PTX102', src);
      assert.equal(r.errors[0]!.offset, 4, src);
      assert.deepEqual(r.kinds, [Tok.Ident, r.kinds[1]!, Tok.Semi], src);
    }
  });
});

describe('PTX lexer: strings, operators, comments', () => {
  test('strings have no escapes and may span lines (ptxas: `.file 1 "a\\"b"` fails near b)', () => {
    const r = lex('"a\\" b "c\nd" e');
    assert.deepEqual(r.texts, ['"a\\"', 'b', '"c\nd"', 'e']);
  });
  test('unterminated string', () => {
    const r = lex('"abc\nx');
    assert.equal(r.errors[0]?.code, 'PTX103');
  });
  test('all operators', () => {
    const ops = '+ - * / % << >> < > <= >= == != & ^ | && || ! ~ ? : ( ) [ ] { } , ; @ = ::';
    const r = lex(ops.replace(/%/, '% '));
    assert.deepEqual(r.texts, ops.split(' '));
    assert.ok(!r.kinds.includes(Tok.Invalid));
  });
  test('comments are whitespace; unterminated /* reported at its start', () => {
    assert.deepEqual(lex('a // x\n/* y\n z */ b').texts, ['a', 'b']);
    const r = lex('a\n/* never closed\n\nb');
    assert.deepEqual(r.texts, ['a']);
    assert.equal(r.errors[0]?.code, 'PTX104');
    assert.equal(r.errors[0]?.offset, 2);
  });
  test('CRLF is whitespace', () => {
    assert.deepEqual(lex('a\r\nb\r\n').texts, ['a', 'b']);
  });
  test('non-ASCII (also in comments) and NUL are noticed', () => {
    const l = new Lexer('a // é\nb', () => {});
    while (l.next() !== Tok.EOF);
    assert.equal(l.nonAsciiOffset, 5);
    const errs: string[] = [];
    const n = new Lexer('a\0b', (c) => errs.push(c));
    assert.equal(n.kind, Tok.Ident);
    assert.equal(n.next(), Tok.EOF); // input ends at NUL, as in ptxas
    assert.deepEqual(errs, ['PTX106']);
  });
  test('leftover # lines at line start are skipped', () => {
    assert.deepEqual(lex('#line 5 "x.cu"\na\n  # 7 "y"\nb').texts, ['a', 'b']);
  });
  test('2 MB line of tokens', () => {
    const line = 'add.s32 %r1, %r2, 3; '.repeat(100000);
    const r = lex(line);
    assert.equal(r.kinds.length, 800000); // add .s32 %r1 , %r2 , 3 ;
    assert.equal(r.errors.length, 0);
  });
});

test('PTX lexer: random token sequences lex back to their kinds', () => {
  const samples: [Tok, fc.Arbitrary<string>][] = [
    [Tok.Ident, fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_$]{0,8}$/)],
    [Tok.Ident, fc.stringMatching(/^[_$%][a-zA-Z0-9_$]{1,8}$/)],
    [Tok.Dotted, fc.stringMatching(/^\.[a-zA-Z_][a-zA-Z0-9_]{0,6}(::[a-zA-Z0-9_]{1,5})?$/)],
    [Tok.Int, fc.stringMatching(/^(0|[1-9][0-9]{0,18}|0[xX][0-9a-fA-F]{1,16}|0[0-7]{1,10}|0[bB][01]{1,20})U?$/)],
    [Tok.Float, fc.stringMatching(/^([0-9]{1,5}\.[0-9]{0,5}|\.[0-9]{1,5}|[0-9]{1,5}[eE][+-]?[0-9]{1,3})$/)],
    [Tok.HexFloat, fc.stringMatching(/^(0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16})$/)],
    [Tok.String, fc.stringMatching(/^"[a-z ]{0,6}"$/)],
    [Tok.Shl, fc.constant('<<')],
    [Tok.Le, fc.constant('<=')],
    [Tok.AndAnd, fc.constant('&&')],
    [Tok.Sink, fc.constant('_')],
  ];
  const tokenArb = fc.oneof(...samples.map(([k, a]) => a.map((s) => [k, s] as const)));
  const seed = fuzzSeed();
  fc.assert(
    fc.property(fc.array(tokenArb, { maxLength: 30 }), fc.constantFrom(' ', '\n', '\t', ' /* c */ ', '\r\n'), (toks, sep) => {
      // `.5` right after a word would be a modifier; whitespace separators keep kinds independent.
      const text = toks.map((t) => t[1]).join(sep);
      const r = lex(text);
      assert.deepEqual(r.kinds, toks.map((t) => t[0]), `seed ${seed}: ${JSON.stringify(text)}`);
      assert.equal(r.errors.length, 0, `seed ${seed}`);
    }),
    { seed, numRuns: 1000 },
  );
});

describe('word hashes', () => {
  test('the hash a word is scanned with is the one interning computes from its text', () => {
    const fnv = (s: string) => {
      let h = FNV_BASIS;
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
      return h;
    };
    const word = fc.stringMatching(/^(%[a-z_$][a-z0-9_$]{0,8}|[a-zA-Z][a-zA-Z0-9_$]{0,12}|\.[a-z0-9_]{1,6}(::[a-z0-9_]{1,4})?|\$[a-z0-9]{1,5}|_[a-z0-9]{1,5})$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        // Separated by a space (the next word comes through the peek buffer) or a comma (scanned anew).
        const text = words.map((w, i) => (i === 0 ? '' : i % 2 ? ' ' : ' , ') + w).join('');
        const lx = new Lexer(text, () => undefined);
        for (let k = lx.tok(); k !== Tok.EOF; k = lx.next()) {
          if (lx.tok() === Tok.Ident || lx.tok() === Tok.Dotted) {
            lx.peek();
            assert.equal((lx as unknown as { hash: number }).hash, fnv(text.slice(lx.start, lx.end)), text.slice(lx.start, lx.end));
          }
        }
      }),
      { seed: fuzzSeed(), numRuns: 300 },
    );
  });
});

describe("PTX lexer: scanning the caller's latin1 bytes", () => {
  /** Every token (kind, span, flags, text), the diagnostics and the odd-byte offsets of one lexer. */
  function run(text: string, latin1?: Uint8Array): unknown {
    const errors: unknown[] = [];
    const lx = new Lexer(text, (code, _m, offset, length) => errors.push([code, offset, length]), latin1);
    const toks: unknown[] = [];
    for (;;) {
      toks.push([lx.kind, lx.start, lx.end, lx.flags, lx.kind === Tok.EOF ? '' : lx.tokenText()]);
      if (lx.kind === Tok.EOF) break;
      lx.next();
    }
    return { toks, errors, nonAscii: lx.nonAsciiOffset, nul: lx.nulOffset, lines: lx.lineTable() ? [...lx.lineTable()!] : undefined };
  }
  /** `text`'s latin1 bytes alone in a buffer one byte longer, its last byte 0 (as src/cli/read.ts reads files). */
  function markedBytes(text: string): Uint8Array {
    const buf = new Uint8Array(text.length + 1);
    for (let i = 0; i < text.length; i++) buf[i] = text.charCodeAt(i);
    return buf.subarray(0, text.length);
  }
  const piece = fc.oneof(
    fc.constantFrom('mov.b32 %r1, 0x10;', 'ld.global.v2.f32 {%f1, %f2}, [%rd4+8];', '$L__BB0_2:', '// c\n', '/* c */', '"s\\"x"', '0f3F800000', '1.5e3', '.reg .b32 %r<9>;', '@!%p1 bra $L;', 'a::b', '\n', ' ', '\t'),
    fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)),
    fc.stringMatching(/^[a-z_%$.][a-z0-9_$]{0,10}$/),
  );
  test('the same tokens, diagnostics, odd bytes and lines as from the text alone (random latin1 text)', () => {
    const seed = fuzzSeed();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        assert.deepEqual(run(text, markedBytes(text)), run(text), `seed ${seed}: ${JSON.stringify(text)}`);
      }),
      { seed, numRuns: 1000 },
    );
  });
  test('bytes without the end mark, or not alone in their buffer, are copied as before (same answer)', () => {
    const text = 'mov.b32 %r1, é;\0x';
    const plain = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) plain[i] = text.charCodeAt(i);
    const marked = markedBytes(text);
    const notZero = new Uint8Array(marked.buffer.slice(0));
    notZero[text.length] = 65;
    const inLarger = new Uint8Array(text.length + 2).subarray(0, text.length);
    inLarger.set(plain);
    for (const bytes of [plain, notZero.subarray(0, text.length), inLarger]) assert.deepEqual(run(text, bytes), run(text));
  });
  test('end-marked bytes are scanned in place of the text (bytes that differ change the answer)', () => {
    const text = 'mov.b32 %r1, 1;';
    const changed = markedBytes(text.replace(', 1;', ', x;'));
    assert.notDeepEqual(run(text, changed), run(text));
  });
});
