import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseModule, parseExpressionText } from '../../../src/ptx/parse/parser.js';
import { printExpr } from '../../../src/ptx/parse/printer.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { SourceFile, unmapped } from '../../../src/core/source.js';
import type * as A from '../../../src/ptx/parse/ast.js';
import { runPtxas, ptxasSkipReason, fuzzSeed } from '../../harness/tools.js';
import fc from 'fast-check';
import { printInitializer, printModule } from '../../../src/ptx/parse/printer.js';
import { PackedLiteralList } from '../../../src/ptx/parse/nodes.js';
import { SYNTAX_CASES } from './syntax-cases.js';

function parse(text: string): { m: A.Module; bag: DiagnosticBag } {
  const bag = new DiagnosticBag();
  const m = parseModule(unmapped(new SourceFile('t.ptx', text)), bag);
  return { m, bag };
}

const HEAD = '.version 8.0\n.target sm_80\n.address_size 64\n';

function body(lines: string): string {
  return `${HEAD}.visible .entry k(\n\t.param .u64 .ptr .global .align 16 p\n)\n{\n\t.reg .b32 %r<10>;\n\t.reg .pred %p<3>;\n\t.reg .b64 %rd<5>;\n\t.reg .f32 %f<5>;\n${lines}\n\tret;\n}\n`;
}

function instructions(m: A.Module): A.Instruction[] {
  const out: A.Instruction[] = [];
  const walk = (s: A.Statement): void => {
    if (s.kind === 'instruction') out.push(s);
    else if (s.kind === 'block') s.statements.forEach(walk);
  };
  for (const it of m.items) if (it.kind === 'function' && it.body) walk(it.body);
  return out;
}

describe('PTX parser: module structure', () => {
  test('header, variables, functions, sections, file/loc', () => {
    const { m, bag } = parse(
      `.version 8.5\n.target sm_90a, texmode_independent, debug\n.address_size 64\n` +
        `.file 1 "a.cu", 1700000000, 1234\n` +
        `.global .align 8 .u64 g = 1, h[2] = {1, 2};\n.const .v4 .f32 c[2][2];\n.shared .b8 buf[];\n` +
        `.global .attribute(.managed) .u32 mg;\n.global .u64 ptrs[2] = {generic(g), g+8};\n.global .u32 mk = 0xFF00(g);\n` +
        `.extern .func (.param .b32 r) f (.param .b32 a, .param .align 8 .b8 s[16]);\n` +
        `.weak .func g2() .noreturn;\n` +
        `.visible .entry k() .maxntid 256, 1, 1 .minnctapersm 2 .reqnctapercluster 2,1,1 .explicitcluster\n{\n` +
        `\t.loc 1 2 3, function_name $L__info_string0, inlined_at 1 5 7\n\tret;\n}\n` +
        `.section .debug_str\n{\n$L__info_string0:\n.b8 95,90,-1\n.b32 .debug_abbrev\n.b64 $L__x-$L__y\n.b32 .debug_loc+16\n}\n`,
    );
    assert.deepEqual(bag.items, []);
    const kinds = m.items.map((i) => i.kind);
    assert.deepEqual(kinds, ['version', 'target', 'address_size', 'file', 'variable', 'variable', 'variable', 'variable', 'variable', 'variable', 'function', 'function', 'function', 'section']);
    const v = m.items[0] as A.VersionDirective;
    assert.equal(v.major, 8);
    assert.equal(v.minor, 5);
    assert.deepEqual((m.items[1] as A.TargetDirective).targets.map((t) => t.name), ['sm_90a', 'texmode_independent', 'debug']);
    const g = m.items[4] as A.VariableDecl;
    assert.equal(g.align, 8n);
    assert.equal(g.type, '.u64');
    assert.equal(g.declarators.length, 2);
    assert.equal((g.declarators[1]!.initializer as A.InitializerList).elements.length, 2);
    const c = m.items[5] as A.VariableDecl;
    assert.equal(c.vector, 4);
    assert.equal(c.declarators[0]!.dims.length, 2);
    assert.deepEqual((m.items[6] as A.VariableDecl).declarators[0]!.dims, [null]);
    assert.equal((m.items[7] as A.VariableDecl).attributes[0]!.words![0]!.name, '.managed');
    const ptrs = (m.items[8] as A.VariableDecl).declarators[0]!.initializer as A.InitializerList;
    assert.equal((ptrs.elements[0] as A.Expr).kind, 'generic');
    assert.equal(((m.items[9] as A.VariableDecl).declarators[0]!.initializer as A.Expr).kind, 'mask');
    const f = m.items[10] as A.FunctionDecl;
    assert.equal(f.linkage, '.extern');
    assert.equal(f.returns?.length, 1);
    assert.equal(f.params?.[1]?.align, 8n);
    assert.equal(f.body, undefined);
    const k = m.items[12] as A.FunctionDecl;
    assert.deepEqual(k.attributes.map((a) => a.name), ['.maxntid', '.minnctapersm', '.reqnctapercluster', '.explicitcluster']);
    assert.equal(k.attributes[0]!.args.length, 3);
    const loc = k.body!.statements[0] as A.LocDirective;
    assert.equal(loc.kind, 'loc');
    assert.deepEqual(loc.attributes.map((a) => [a.name, a.args.length]), [['function_name', 1], ['inlined_at', 3]]);
    const sec = m.items[13] as A.SectionDirective;
    assert.deepEqual(sec.entries.map((e) => e.kind), ['label', 'data', 'data', 'data', 'data']);
    const data = (i: number) => (sec.entries[i] as Extract<A.SectionEntry, { kind: 'data' }>).values.map((v) => printExpr(v as A.Expr));
    assert.deepEqual(data(1), ['95', '90', '-1']);
    assert.deepEqual(data(3), ['$L__x - $L__y']);
    assert.deepEqual(data(4), ['.debug_loc + 16']);
  });

  test('.ptr parameter attributes and parameterized registers', () => {
    const { m, bag } = parse(body(''));
    assert.deepEqual(bag.items, []);
    const k = m.items[3] as A.FunctionDecl;
    const p = k.params![0]!;
    assert.equal(p.type, '.u64');
    assert.equal(p.align, undefined);
    assert.deepEqual(p.attributes.map((a) => a.name), ['.ptr', '.global', '.align']);
    const regs = k.body!.statements[0] as A.VariableDecl;
    assert.equal(regs.declarators[0]!.parameterizedCount, 10);
  });
});

describe('PTX parser: long initializer lists of plain literals', () => {
  // A list of plain decimal literals only, 16 or more, keeps their offsets (PackedLiteralList);
  // anything else in it, or a shorter list, keeps a node per element. Either way the tree reads the same.
  const init = (text: string) => {
    const { m, bag } = parse(`${HEAD}.global .u8 t[] = ${text};\n`);
    assert.deepEqual(bag.items, []);
    return (m.items[3] as A.VariableDecl).declarators[0]!.initializer as A.InitializerList;
  };
  const plain = (n: number, f: (i: number) => string) => `{${Array.from({ length: n }, (_, i) => f(i)).join(', ')}}`;
  test('packed from 16 plain decimals; elements and JSON as a node per literal', () => {
    const list = plain(40, (i) => String(i * 7));
    const long = init(list);
    assert.ok(long instanceof PackedLiteralList);
    assert.equal(long.starts.length, 40);
    // What each element must read as, from the text itself.
    const at = `${HEAD}.global .u8 t[] = `.length;
    const expected: unknown[] = [];
    for (const m of list.matchAll(/\d+/g)) expected.push({ kind: 'int', value: BigInt(m[0]), unsigned: false, raw: m[0], span: { start: at + m.index!, end: at + m.index! + m[0].length } });
    assert.deepEqual(long.elements.map((e) => ({ kind: e.kind, value: (e as A.IntLiteral).value, unsigned: (e as A.IntLiteral).unsigned, raw: (e as A.IntLiteral).raw, span: e.span })), expected);
    assert.deepEqual(JSON.parse(JSON.stringify(long, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).elements.map((e: { raw: string }) => e.raw), expected.map((e) => (e as { raw: string }).raw));
    assert.deepEqual(long.span, { start: at, end: at + list.length });
    assert.equal(long.elements, long.elements, 'elements are made once');
    assert.ok(!(init(plain(15, String)) instanceof PackedLiteralList));
    // One element of another kind anywhere: nodes, in order.
    for (const other of ['0x10', '-1', '1+1', '007', '3U', '1.5']) {
      const l = init(plain(30, (i) => (i === 20 ? other : String(i))));
      assert.ok(!(l instanceof PackedLiteralList), other);
      assert.equal(l.elements.length, 30);
      assert.deepEqual(l.elements.slice(18, 22).map((e) => e.span.start < e.span.end), [true, true, true, true]);
      assert.equal(printInitializer(l).split(', ')[20], other === '1+1' ? '1 + 1' : other);
    }
    // Nested: inner lists packed on their own.
    const nested = init(`{${plain(20, String)}, {1, 2}, ${plain(17, String)}}`);
    assert.deepEqual(nested.elements.map((e) => e instanceof PackedLiteralList), [true, false, true]);
    assert.equal(printInitializer(nested), `{${plain(20, String)}, {1, 2}, ${plain(17, String)}}`);
  });
});

describe('PTX parser: instructions and operands', () => {
  test('opcode, modifiers with ::, guard, operand kinds', () => {
    const { m, bag } = parse(
      body(
        [
          '@!%p1 bra $L__BB0_1;',
          '$L__BB0_1:',
          'cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%rd1], [%rd2, {%r1, %r2}], [%rd3];',
          'ld.global.v4.f32 {%f1, %f2, _, %f4}, [%rd1+-4];',
          'mov.u32 %r1, %tid.x;',
          'setp.eq.s32 %p1|%p2, %r1, (.s64)3 + 2 * 4;',
          'call.uni (%r1), %rd1, (%r2, %r3), proto;',
          'call f, ();',
          'vadd.u32.u32.u32.sat %r1, %r2.b0, %r3.h1, %r4;',
          '{ .reg .b32 t; mov.b32 t, 1 ? 2 : 3 ? 4 : 5; }',
          'ld.param.u64 %rd1, [k_param_0+8];',
          'mov.b32 %r1, arr[2];',
        ].join('\n'),
      ),
    );
    assert.deepEqual(bag.items, []);
    const ins = instructions(m);
    assert.deepEqual(ins[0]!.guard, { negated: true, name: '%p1', span: ins[0]!.guard!.span });
    assert.equal(ins[1]!.opcode, 'cp');
    assert.deepEqual(ins[1]!.modifiers, ['.async', '.bulk', '.tensor', '.2d', '.shared::cluster', '.global', '.mbarrier::complete_tx::bytes']);
    assert.deepEqual(ins[1]!.operands.map((o) => o.kind), ['address', 'address', 'address']);
    assert.equal((ins[2]!.operands[0] as A.VectorOperand).elements.length, 4);
    const tid = (ins[3]!.operands[1] as A.ExprOperand).expr as A.MemberExpr;
    assert.equal(tid.kind, 'member');
    assert.equal(tid.member, 'x');
    const e = (ins[4]!.operands[2] as A.ExprOperand).expr;
    assert.equal(printExpr(e), '(.s64)3 + 2 * 4');
    assert.deepEqual(ins[5]!.operands.map((o) => o.kind), ['list', 'expr', 'list', 'expr']);
    assert.equal((ins[6]!.operands[1] as A.ListOperand).elements.length, 0);
    const t = ins[8]!.operands[1] as A.ExprOperand;
    const cond = t.expr as A.ConditionalExpr;
    assert.equal(cond.kind, 'conditional');
    assert.equal(cond.alternate.kind, 'conditional'); // right-associative
    assert.equal(ins[10]!.operands[1]!.kind, 'indexed');
  });

  test('callprototype, calltargets, branchtargets', () => {
    const { m, bag } = parse(
      body('proto: .callprototype (.param .b32 _) _ (.param .b32 _, .param .b64 _);\nct: .calltargets f, g;\nbt: .branchtargets L1, L2;\nL1:\nL2:'),
    );
    assert.deepEqual(bag.items, []);
    const st = (m.items[3] as A.FunctionDecl).body!.statements;
    const kinds = st.map((s) => s.kind);
    assert.ok(kinds.includes('callprototype') && kinds.includes('calltargets') && kinds.includes('branchtargets'));
    const p = st.find((s) => s.kind === 'callprototype') as A.CallPrototype;
    assert.equal(p.params?.length, 2);
    assert.equal(p.params?.[0]?.declarators[0]?.name, '_');
  });
});

describe('PTX parser: errors and recovery', () => {
  function errors(text: string): { code: string; line: number }[] {
    return parse(text).bag.items.map((d) => ({ code: d.code, line: d.location!.line }));
  }
  test('lost ; is reported at the next token (ptxas: line of the next token)', () => {
    assert.deepEqual(errors(body('mov.b32 %r1, 1\n\nadd.s32 %r1, %r1, 1;')), [{ code: 'PTX201', line: 14 }]);
  });
  test('unknown opcode at the opcode; parsing continues', () => {
    const e = errors(body('ad.s32 %r1, %r1, 1;\nmvo.b32 %r1, 1;'));
    assert.deepEqual(e, [{ code: 'PTX226', line: 12 }, { code: 'PTX226', line: 13 }]);
  });
  test('missing .version / .target', () => {
    assert.deepEqual(errors('// c\n.target sm_80\n\n.address_size 64\n'), [{ code: 'PTX220', line: 4 }]);
    assert.deepEqual(errors('.visible .entry k()\n{\nret;\n}\n'), [{ code: 'PTX220', line: 1 }]);
    assert.deepEqual(errors('.version 8.0\n.visible .entry k()\n{\nret;\n}\n'), [{ code: 'PTX221', line: 2 }]);
  });
  test('lost } at end of file, extra }, function inside a body', () => {
    assert.deepEqual(errors(`${HEAD}.entry k()\n{\nret;\n\n`), [{ code: 'PTX201', line: 8 }]);
    assert.deepEqual(errors(`${HEAD}.entry k()\n{\nret;\n}\n}\n`), [{ code: 'PTX201', line: 8 }]);
    assert.deepEqual(errors(`${HEAD}.entry k()\n{\nret;\n.visible .entry j()\n{\nret;\n}\n`)[0], { code: 'PTX222', line: 7 });
  });
  test('.func prototypes are allowed in a body; a nested body fails at its {', () => {
    assert.deepEqual(errors(body('.extern .func (.param .b32 r) f (.param .b32 a);')), []);
    assert.deepEqual(errors(body('.weak .func g()\n{\nret;\n}')), [{ code: 'PTX222', line: 13 }]);
    assert.deepEqual(errors(body('.func g()\nmov.b32 %r1, 1;')), [{ code: 'PTX201', line: 13 }]);
  });
  test('non-ASCII anywhere: only that error (ptxas checks it first)', () => {
    assert.deepEqual(errors(body('mov.b32 %r1 1;\nret; // é')), [{ code: 'PTX105', line: 13 }]);
  });
  test('NUL ends the input', () => {
    assert.deepEqual(errors(`${HEAD}.entry k()\n{\nret;\n}\n\0\n`), [{ code: 'PTX106', line: 8 }]);
  });
  test('one error per broken statement, no cascade', () => {
    const e = errors(body('mov.b32 %r1, (1 +;\nmov.b32 %r2, 1 1;\nadd.s32 %r1, , 1;\nmov.b32 %r1, 2;'));
    assert.deepEqual(e.map((x) => x.line), [12, 13, 14]);
  });
  test('integer overflow is an error; float overflow too', () => {
    assert.deepEqual(errors(body('mov.b64 %rd1, 0x1ffffffffffffffff;\nmov.f64 %rd1, 1e999;')).map((x) => x.code), ['PTX107', 'PTX108']);
  });
});

describe('PTX parser: hostile shapes', () => {
  for (const [name, make] of [
    ['200,000 (', () => body(`mov.b32 %r1, ${'('.repeat(200000)}1${')'.repeat(200000)};`)],
    ['200,000 {', () => body(`${'{'.repeat(200000)}${'}'.repeat(200000)}`)],
    ['200,000 { in an initializer', () => `${HEAD}.global .u32 a[1] = ${'{'.repeat(200000)}1${'}'.repeat(200000)};\n`],
    ['200,000 ternaries', () => body(`mov.b32 %r1, ${'1 ? 2 : '.repeat(200000)}3;`)],
    ['200,000 unary minus', () => body(`mov.b32 %r1, ${'-'.repeat(200000)}1;`)],
    ['200,000 casts', () => body(`mov.b32 %r1, ${'(.s64)'.repeat(200000)}1;`)],
    ['200,000 [', () => body(`mov.b32 %r1, ${'['.repeat(200000)}1${']'.repeat(200000)};`)],
  ] as const) {
    test(name, () => {
      const { bag, m } = parse(make());
      assert.ok(m.items.length >= 3);
      assert.ok(bag.items.length <= 3, JSON.stringify(bag.items.map((d) => d.message)));
    });
  }
  test('deep unary and cast chains parse without error', () => {
    assert.deepEqual(parse(body(`mov.b32 %r1, ${'-'.repeat(200000)}1;`)).bag.items, []);
  });
  test('nesting deeper than the limit is one clean error', () => {
    const { bag } = parse(body(`mov.b32 %r1, ${'('.repeat(200000)}1${')'.repeat(200000)};`));
    assert.equal(bag.items.length, 1);
    assert.equal(bag.items[0]!.code, 'PTX210');
  });
  test('1 MB identifier and a 2 MB line', () => {
    const id = '%' + 'a'.repeat(1 << 20);
    assert.deepEqual(parse(body(`.reg .b32 ${id};\nmov.b32 ${id}, 1;`)).bag.items, []);
    assert.deepEqual(parse(body('add.s32 %r1, %r2, 3; '.repeat(100000))).bag.items, []);
  });
});

describe('PTX parser: parseExpressionText', () => {
  test('precedence and associativity (Table 4)', () => {
    for (const [src, printed] of [
      ['1 + 2 * 3', '1 + 2 * 3'],
      ['1 - 2 - 3', '1 - 2 - 3'],
      ['1 << 2 + 3', '1 << 2 + 3'],
      ['a || b && c | d ^ e & f == g < h << i + j * k', 'a || b && c | d ^ e & f == g < h << i + j * k'],
      ['-~!1', '-~!1'],
      ['(.u64)-1', '(.u64)-1'],
    ] as const) {
      const r = parseExpressionText(src);
      assert.deepEqual(r.diagnostics, [], src);
      assert.equal(printExpr(r.expr!), printed);
    }
    const e = parseExpressionText('1 - 2 - 3').expr as A.BinaryExpr;
    assert.equal((e.left as A.BinaryExpr).op, '-'); // left-associative
    const s = parseExpressionText('1 << 2 + 3').expr as A.BinaryExpr;
    assert.equal(s.op, '<<');
  });
  test('errors', () => {
    assert.equal(parseExpressionText('1 +').diagnostics[0]?.code, 'PTX228');
    assert.equal(parseExpressionText('1 2').diagnostics[0]?.code, 'PTX229');
    assert.equal(parseExpressionText('(((1').diagnostics.length, 1);
  });
});

/**
 * Differential: broken variants of a valid module; our first error line must be ptxas's.
 * All cases of one kind run as separate small files (ptxas stops at the first fatal error).
 */
describe('PTX parser vs ptxas: first error line', { skip: ptxasSkipReason }, () => {
  if (ptxasSkipReason) console.log(ptxasSkipReason);
  const lines = [
    '.version 8.0',
    '.target sm_80',
    '.address_size 64',
    '.global .align 4 .u32 gv[2] = {1, 2};',
    '.visible .entry k(',
    '\t.param .u64 p',
    ')',
    '{',
    '\t.reg .b32 %r<10>;',
    '\t.reg .pred %p<3>;',
    '\t.reg .b64 %rd<5>;',
    '\tld.param.u64 %rd1, [p];',
    '\tmov.u32 %r1, %tid.x;',
    '\tadd.s32 %r2, %r1, 0x10;',
    '\tsetp.lt.s32 %p1, %r2, 100;',
    '\t@%p1 bra $L__BB0_2;',
    '\tmul.lo.s32 %r3, %r2, 3;',
    '$L__BB0_2:',
    '\tst.global.u32 [%rd1+4], %r2;',
    '\tret;',
    '}',
  ];
  const mutations: [string, (ls: string[], i: number) => string[] | undefined][] = [
    ['drop ;', (ls, i) => (ls[i]!.endsWith(';') ? ls.map((l, j) => (j === i ? l.slice(0, -1) : l)) : undefined)],
    ['misspell opcode', (ls, i) => (/^\t[a-z]/.test(ls[i]!) && !ls[i]!.includes('.reg') ? ls.map((l, j) => (j === i ? l.replace(/^\t(\w)(\w)/, '\t$2$1') : l)) : undefined)],
    ['misspell directive', (ls, i) => (/^\s*\.[a-z]/.test(ls[i]!) ? ls.map((l, j) => (j === i ? l.replace(/\.([a-z])([a-z])/, '.$2$1') : l)) : undefined)],
    ['break literal', (ls, i) => (/\b\d+\b/.test(ls[i]!) && i > 2 ? ls.map((l, j) => (j === i ? l.replace(/\b(\d+)\b/, '0f$1') : l)) : undefined)],
    ['drop line', (ls, i) => ls.filter((_, j) => j !== i)],
  ];
  test('mutations of a small kernel', () => {
    let compared = 0;
    const mismatches: string[] = [];
    for (const [name, mutate] of mutations) {
      for (let i = 0; i < lines.length; i++) {
        const ls = mutate(lines, i);
        if (!ls) continue;
        const text = ls.join('\n') + '\n';
        const tool = runPtxas(text);
        const ours = parse(text).bag.items.filter((d) => d.severity === 'error');
        // Only syntax-level verdicts are ours; semantic rejections belong to the module checker.
        const toolSyntax = tool.messages.find((m) => m.line !== undefined && /Parsing error|Missing \.|known instruction|non-ASCII|overflow/.test(m.message));
        if (!toolSyntax && ours.length === 0) continue;
        compared++;
        const ourLine = ours[0]?.location?.line;
        if (!toolSyntax || ourLine !== toolSyntax.line)
          mismatches.push(`${name} @${i + 1}: ptxas ${toolSyntax ? `line ${toolSyntax.line}: ${toolSyntax.message}` : 'accepts (no syntax error)'}; ours ${ourLine ?? 'none'} ${ours[0]?.message ?? ''}`);
      }
    }
    console.log(`ptx parser vs ptxas: ${compared} broken variants compared`);
    assert.deepEqual(mismatches, []);
  });
});

/** ptxas messages from its lexer/parser; the rest are semantic (the module checker's). */
const PTXAS_SYNTAX = /Parsing error|Missing \.(version|target)|Not a name of any known instruction|non-ASCII|Unexpected EOF|Illegal type for dwarf data|Unsupported cast operation|vector swizzle/;

describe('PTX parser vs ptxas: syntax snippets', { skip: ptxasSkipReason }, () => {
  test('operand shapes, declaration order, directives, function attributes', () => {
    const mismatches: string[] = [];
    for (const c of SYNTAX_CASES) {
      const text = c.startsWith('MODULE\n')
        ? c.slice(7) + '\n'
        : `.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<10>;\n.reg .pred %p<3>;\n.reg .b64 %rd<5>;\n.reg .f32 %f<5>;\n${c}\nret;\n}\n`;
      const tool = runPtxas(text, { arch: 'sm_90' });
      const syn = tool.messages.find((m) => m.severity !== 'warning' && PTXAS_SYNTAX.test(m.message));
      const toolLine = syn?.line ?? (syn ? Number(/line (\d+)/.exec(syn.message)?.[1]) : undefined);
      const ours = parse(text).bag.items.find((d) => d.severity === 'error');
      const same = syn ? ours?.location?.line === toolLine : ours === undefined;
      if (!same) mismatches.push(`${JSON.stringify(c)}: ptxas ${syn ? `line ${toolLine}: ${syn.message}` : 'no syntax error'}; ours ${ours ? `line ${ours.location?.line}: ${ours.message}` : 'none'}`);
    }
    console.log(`ptx syntax snippets vs ptxas: ${SYNTAX_CASES.length} cases`);
    assert.deepEqual(mismatches, []);
  });
});

describe('PTX parser: random input', () => {
  const pieces = [
    '.version 8.0', '.target sm_80', '.entry', '.func', '.reg', '.b32', '.global', '.param', '.u64', '.ptr', '.align',
    '.v4', '.section', '.debug_info', '.loc', '.file', '.pragma', '.maxntid', '.b8', 'k', '%r1', '%p', '$L1', '_',
    'mov', 'ld', 'call', 'bra', 'add', '.s32', '.f32', '0x1f', '1', '1.5', '0f3f800000', '"s"', '(', ')', '[', ']',
    '{', '}', ',', ';', ':', '::', '@', '!', '-', '+', '*', '|', '<', '>', '?', '=', '\n', ' ', '/*', '*/', '//', '#',
    'WARP_SZ', 'generic', '0xff', 'é', '\0',
  ];
  test('never throws; diagnostics are bounded and located; clean parses print and reparse equal', () => {
    const seed = fuzzSeed();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), fc.constantFrom(' ', '\n', ''), (parts, sep) => {
        const text = parts.join(sep);
        const { m, bag } = parse(text);
        assert.ok(bag.items.length <= Math.max(4, parts.length + 2), `seed ${seed}: ${JSON.stringify(text)}`);
        for (const d of bag.items) assert.ok(d.location && d.location.line >= 1, `seed ${seed}`);
        if (bag.items.length === 0) {
          const again = parse(printModule(m));
          assert.deepEqual(again.bag.items.map((d) => d.message), [], `seed ${seed}: ${JSON.stringify(text)}`);
        }
      }),
      { seed, numRuns: 3000 },
    );
  });
});
