/** AMDGPU lexer: llvm-mc-19's token rules (each case below was checked on llvm-mc-19). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Lexer, Tok, parseRealLiteral, scaleBigToDouble, tokName, type LexerOptions } from '../../../src/amdgpu/lex/lexer.js';
import { f64ToBits } from '../../../src/core/float.js';

function lex(text: string, opts: LexerOptions = {}): { kinds: string[]; texts: string[] } {
  const l = new Lexer(text, opts);
  const kinds: string[] = [];
  const texts: string[] = [];
  for (let k = l.next(); k !== Tok.Eof; k = l.next()) {
    kinds.push(tokName(k));
    texts.push(l.tokenText());
  }
  return { kinds, texts };
}

function intOf(text: string, opts: LexerOptions = {}): bigint | string {
  const l = new Lexer(text, opts);
  const k = l.next();
  if (k === Tok.Error) return `error: ${l.errorMessage}`;
  if (k !== Tok.Integer) return tokName(k);
  const v = l.intValue();
  const rest = l.next();
  if (rest !== Tok.EndOfStatement) return `then ${tokName(rest)} '${l.tokenText()}'`;
  return v;
}

describe('AMDGPU lexer: comments and statements', () => {
  test('; is a comment to end of line (not a statement separator)', () => {
    assert.deepEqual(lex('s_nop 0 ; s_nop 1\n').kinds, ['Identifier', 'Integer', 'EndOfStatement']);
  });
  test('// comments anywhere, # only at statement start', () => {
    assert.deepEqual(lex('a // b\n').kinds, ['Identifier', 'EndOfStatement']);
    assert.deepEqual(lex('  # comment\n').kinds, ['EndOfStatement']);
    assert.deepEqual(lex('a # b\n').kinds, ['Identifier', 'Hash', 'Identifier', 'EndOfStatement']);
  });
  test('/* */ comments do not end the statement and may span lines', () => {
    assert.deepEqual(lex('a /* x\n y */ b\n').kinds, ['Identifier', 'Identifier', 'EndOfStatement']);
    assert.deepEqual(lex('a /* x').kinds.slice(0, 2), ['Identifier', 'Error']);
  });
  test('CR, CRLF and missing final newline end statements', () => {
    assert.deepEqual(lex('a\r\nb\rc').kinds, ['Identifier', 'EndOfStatement', 'Identifier', 'EndOfStatement', 'Identifier', 'EndOfStatement']);
  });
});

describe('AMDGPU lexer: identifiers and punctuation', () => {
  test('identifiers take . $ ? @ and may start with $', () => {
    assert.deepEqual(lex('a.b$c@d _x? $b .LBB0_1 foo@rel32@lo').texts, ['a.b$c@d', '_x?', '$b', '.LBB0_1', 'foo@rel32@lo', '']);
  });
  test('a lone dot is Dot; .5 is a float', () => {
    assert.deepEqual(lex('. .5 .e5').kinds, ['Dot', 'Real', 'Identifier', 'EndOfStatement']);
  });
  test('two-character operators', () => {
    assert.deepEqual(lex('<< >> <= >= <> == != && || ->').kinds.slice(0, 10), [
      'LessLess',
      'GreaterGreater',
      'LessEqual',
      'GreaterEqual',
      'LessGreater',
      'EqualEqual',
      'ExclaimEqual',
      'AmpAmp',
      'PipePipe',
      'MinusGreater',
    ]);
  });
  test('strings with escapes; unterminated string is an error', () => {
    assert.deepEqual(lex('"a\\"b" x').kinds, ['String', 'Identifier', 'EndOfStatement']);
    assert.equal(lex('"abc').kinds[0], 'Error');
  });
  test('invalid character', () => {
    assert.deepEqual(lex('`').kinds, ['Error', 'EndOfStatement']);
  });
});

describe('AMDGPU lexer: integers (GNU forms)', () => {
  const cases: [string, bigint | string][] = [
    ['0', 0n],
    ['1234', 1234n],
    ['0x1F', 31n],
    ['0X1f', 31n],
    ['0b101', 5n],
    ['010', 8n],
    ['18446744073709551615', 18446744073709551615n],
    ['10U', 10n],
    ['10ull', 10n],
    ['0x10LL', 16n],
    ["'a'", 97n],
    ["'\\n'", 10n],
    ['09', 'error: invalid octal number'],
    ['0x', 'error: invalid hexadecimal number'],
    ['0b2', 'error: invalid binary number'],
    ['0b', "then Identifier 'b'"],
    ['0ffh', 'then Identifier \'ffh\''],
  ];
  for (const [text, want] of cases) test(`${text} -> ${want}`, () => assert.equal(intOf(text), want));
  test('values beyond 64 bits are still lexed (the parser reports them)', () => {
    assert.equal(intOf('0x10000000000000000'), 1n << 64n);
  });
});

describe('AMDGPU lexer: integers with --masm-integers', () => {
  const m = { masmIntegers: true };
  const cases: [string, bigint | string][] = [
    ['0ffh', 255n],
    ['1fh', 31n],
    ['0ffH', 255n],
    ['0x1Ah', 26n],
    ['101b', 5n],
    ['1010y', 10n],
    ['17o', 15n],
    ['17q', 15n],
    ['10d', 10n],
    ['10t', 10n],
    ['0t', 0n],
    ['010', 8n],
    ['0x10', 16n],
    ['12', 12n],
    // 0b is no longer a binary prefix: 0 then the identifier b101.
    ['0b101', "then Identifier 'b101'"],
  ];
  for (const [text, want] of cases) test(`${text} -> ${want}`, () => assert.equal(intOf(text, m), want));
});

describe('AMDGPU lexer: floats', () => {
  const cases: [string, number][] = [
    ['1.0', 1],
    ['1.', 1],
    ['.5', 0.5],
    ['1e3', 1000],
    ['1.e5', 1e5],
    ['5e', 5],
    ['1.5e+', 1.5],
    ['1e400', Infinity],
    ['1e-400', 0],
    ['0x1.8p1', 3],
    ['0x.8p1', 1],
    ['0x1afp-10', 0x1af / 1024],
    ['0x1p2000', Infinity],
    ['0x1p-1074', 5e-324],
  ];
  for (const [text, want] of cases)
    test(`${text} -> ${want}`, () => {
      const l = new Lexer(text);
      assert.equal(tokName(l.next()), 'Real');
      assert.equal(l.tokenText(), text);
      assert.equal(l.realValue(), want);
    });
  test('hex float errors', () => {
    for (const t of ['0x1p', '0x.p1', '0x1.8'])
      assert.equal(tokName(new Lexer(t).next()), 'Error', t);
  });
  test('decimal parse matches JS (correct rounding)', () => {
    assert.equal(f64ToBits(parseRealLiteral('0.1')), f64ToBits(0.1));
  });
  test('hex floats round once to nearest even, subnormals included', () => {
    // 1 + 2^-53 is a tie: rounds to even (1.0); 1 + 3*2^-54 rounds up.
    assert.equal(scaleBigToDouble((1n << 53n) + 1n, -53), 1);
    assert.equal(scaleBigToDouble((1n << 54n) + 3n, -54), 1 + 2 ** -52);
    assert.equal(scaleBigToDouble(3n, -1075), 2 * 2 ** -1074);
    assert.equal(scaleBigToDouble(1n, -1075), 0);
  });
});

describe('AMDGPU lexer: the caller\'s latin1 bytes with an end mark (core/end-mark.ts)', () => {
  test('a check reading the file\'s own bytes answers exactly as one reading the lexer\'s copy', async () => {
    const { checkAmdgpuText } = await import('../../../src/amdgpu/pipeline.js');
    // Non-ASCII bytes (128-255) inside comments, strings, names and numbers, where the copy has 128.
    const lines = [
      '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx900"',
      '\t.text',
      'f\u00e9:\t; caf\u00e9 \u00ff',
      '\tv_mov_b32 v0, 0x1\u00e0',
      '\ts_mov_b32 s0, \u00b5x',
      '\t.ascii "\u00e9\u00ff"',
      '\tv_add_f32 v0, v1, v2 // \u0080\u00ff',
      '\tv_mov_b32 v1, 1.5\u00e9',
      'lab\u00c0el: s_nop 0',
    ];
    // Long enough to be shared (short texts are copied), and with an error after each line.
    const text = Array.from({ length: 40 }, (_, i) => lines.map((l) => l.replace('v0', `v${i % 7}`)).join('\n') + `\n\tv_bogus_${i} v0\n`).join('');
    // As the CLI reads a file (src/cli/read.ts): alone in a buffer one byte longer, ending in 0.
    const marked = Buffer.alloc(text.length + 1);
    marked.write(text, 'latin1');
    const bytes = marked.subarray(0, text.length);
    assert.equal(Buffer.from(text, 'latin1').compare(bytes), 0);
    // (The lexer keeps the bytes of the last long text: another text in between makes it copy again.)
    const other = text + '\n';
    for (const mcpu of ['gfx900', 'gfx1100']) {
      checkAmdgpuText('u.s', other, { mcpu });
      const copy = checkAmdgpuText('t.s', text, { mcpu });
      const shared = checkAmdgpuText('t.s', text, { mcpu, latin1Bytes: bytes });
      assert.ok(copy.length > 40, `errors expected, got ${copy.length}`);
      assert.deepEqual(shared, copy);
      // Bytes that are not the text's (a different length), or without an end mark, are not used.
      checkAmdgpuText('u.s', other, { mcpu });
      assert.deepEqual(checkAmdgpuText('t.s', text, { mcpu, latin1Bytes: bytes.subarray(1) }), copy);
      checkAmdgpuText('u.s', other, { mcpu });
      assert.deepEqual(checkAmdgpuText('t.s', text, { mcpu, latin1Bytes: Buffer.from(text.replace(/^./, 'x'), 'latin1') }), copy);
      // End-marked bytes are scanned in place of the text (so bytes that differ change the answer).
      checkAmdgpuText('u.s', other, { mcpu });
      const changed = Buffer.alloc(text.length + 1);
      changed.write(text.replace(/^./, 'x'), 'latin1');
      assert.notDeepEqual(checkAmdgpuText('t.s', text, { mcpu, latin1Bytes: changed.subarray(0, text.length) }), copy);
    }
  });
});
