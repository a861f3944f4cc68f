/**
 * Module-check cases found by the token-break differential (test/ptx/diff/mutations.test.ts):
 * function declarations, definitions and `.alias` (which redeclarations conflict, where ptxas
 * reports them, functions declared but never defined), float address offsets, register arrays,
 * indexing of non-arrays, digit-only modifiers, repeated `.target`. Each case records what ptxas
 * 13.0 said (whole-program, as `gpuasm check`); with ptxas on PATH the table, and the whole grid of
 * two declarations of a function with every linkage, are re-run through it.
 */
import { ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const cases: PtxCase[] = [
  { name: 'definition then matching prototype', text: '.visible .func f()\n{\nret;\n}\n.visible .func f();', line: 8, code: 'PTX322' },
  { name: 'definition then .extern prototype', text: '.entry k(.param .u64 a)\n{\nret;\n}\n.extern .entry k(.param .u64 a);', line: 8, code: 'PTX322' },
  { name: 'prototype then .extern prototype', text: '.func f();\n.extern .func f();\n.func f() { ret; }', line: 5, code: 'PTX323' },
  { name: '.visible prototype then plain definition', text: '.visible .func f();\n.func f()\n{\nret;\n}' },
  { name: '.weak prototype then plain prototype and definition', text: '.weak .func f();\n.func f();\n.weak .func f() { ret; }' },
  { name: '.extern prototype then plain prototype', text: '.extern .func f();\n.func f();', line: 5, code: 'PTX323' },
  { name: '.extern definition, at its closing brace', text: '.extern .func f()\n{\nret;\n\n}', line: 8, code: 'PTX323' },
  { name: '.extern prototypes then .extern definition', text: '.extern .entry f();\n.extern .entry f()\n{\nret;\n}', line: 8, code: 'PTX323' },
  { name: 'prototype never defined', text: '.func f();\n.entry k() { ret; }', line: 0, code: 'PTX348' },
  { name: '.weak .entry prototype never defined', text: '.weak .entry f();', line: 0, code: 'PTX348' },
  { name: '.extern prototype never defined', text: '.extern .func f();' },
  { name: 'undefined prototype: other errors come first', text: '.func f();\n.entry k() { ret }', line: 5 },
  { name: 'prototypes with other return lists', text: '.func (.param .u32 r) f();\n.func f() { ret; }', line: 5, code: 'PTX325' },
  { name: 'prototypes with other parameter types', text: '.func f(.param .u32 a);\n.func f(.param .b32 a) { ret; }', line: 5, code: 'PTX325' },
  { name: 'prototypes with other parameter spaces', text: '.func f(.param .u32 a);\n.func f(.reg .u32 a) { ret; }', line: 5, code: 'PTX325' },
  { name: 'prototypes with other parameter sizes', text: '.func f(.param .b8 a[4]);\n.func f(.param .b8 a[8]) { ret; }', line: 5, code: 'PTX325' },
  { name: 'prototypes with other alignments', text: '.func f(.param .b8 a[4]);\n.func f(.param .align 4 .b8 a[4]) { ret; }', line: 5, code: 'PTX325' },
  { name: 'prototypes with other parameter names', text: '.func f(.param .b32 a);\n.func f(.param .b32 b) { ret; }' },
  { name: '.extern redeclaration with another type', text: '.global .u32 g;\n.extern .global .s32 g;', line: 5, code: 'PTX323' },
  { name: '.extern redeclaration with another size', text: '.global .u32 g[2][2];\n.extern .global .u32 g[2][3];', line: 5, code: 'PTX323' },
  { name: '.extern redeclaration of an array as a scalar', text: '.global .u32 g[2];\n.extern .global .u32 g;', line: 5, code: 'PTX323' },
  { name: '.extern redeclaration, unsized', text: '.global .u32 g[2];\n.extern .global .u32 g[];' },
  { name: '.extern redeclaration in another space', text: '.global .u32 g;\n.extern .shared .u32 g;' },
  { name: 'definition of an .extern variable with another type', text: '.extern .global .u32 g;\n.visible .global .f32 g;', line: 5, code: 'PTX323' },
  { name: 'redefinition with duplicate parameters: the prototype conflict first', text: '.func f(.param .u32 a, .param .u32 b, .param .u32 c);\n.func f(.param .u32 a,\n .param .u32 a)\n{\nret;\n}', line: 7, code: 'PTX325' },
  { name: 'redefinition with a parameter of an instruction-only type: the prototype conflict first', text: '.func f(.param .u64 a);\n.func f(.param\n.e5m2x2 a)\n{\nret;\n}', line: 7, code: 'PTX325' },
  { name: 'redefinition with a parameter in another space: that first', text: '.func f(.param .u64 a);\n.func f(.param .u64 a,\n.local .u32 b)\n{\nret;\n}', line: 6, code: 'PTX330' },
  { name: '.extern definition with duplicate parameters: the parameter first', text: '.extern .func f(.param .u32 a,\n.param .u32 a)\n{\nret;\n}', line: 5, code: 'PTX320' },
  { name: '.alias defines a declared function', text: '.func g();\n.func f() { ret; }\n.alias g, f;' },
  { name: '.alias of an undeclared name', text: '.func f() { ret; }\n.alias\ng\n,\nf\n;', line: 6, code: 'PTX329' },
  { name: '.alias to a later function', text: '.func g();\n.alias g, f;\n.func f() { ret; }', line: 5, code: 'PTX329' },
  { name: '.alias to a variable, at its name', text: '.func g();\n.global .u32 f;\n.alias\ng\n,\nf\n;', line: 9, code: 'PTX329' },
  { name: '.alias of a defined function', text: '.func g();\n.func f() { ret; }\n.alias\nf\n,\ng\n;', line: 7, code: 'PTX329' },
  { name: '.alias twice', text: '.func g();\n.func f() { ret; }\n.alias g, f;\n.alias g, f;', line: 7, code: 'PTX329' },
  { name: '.alias of an .entry', text: '.entry g();\n.func f() { ret; }\n.alias g, f;', line: 6, code: 'PTX329' },
  { name: '.alias with other parameters, at .alias', text: '.func g(.param .u32 a);\n.func f() { ret; }\n.alias\ng\n,\nf\n;', line: 6, code: 'PTX329' },
  { name: '.alias with other return parameters', text: '.func (.param .u32 r) g();\n.func f() { ret; }\n.alias g, f;', line: 6, code: 'PTX329' },
  // ------------------------------------------------------------ instructions and declarations in bodies
  { name: 'float address offset', text: K('ld.global.u32 %r1, [%rd1+1.5];'), line: 9, code: 'PTX354' },
  { name: 'float address offset on its own line', text: K('ld.global.u32 %r1, [%rd1+\n0f3f800000];'), line: 10, code: 'PTX354' },
  { name: 'float address', text: K('ld.global.u32 %r1, [1.5 - 0.5];'), line: 9, code: 'PTX354' },
  { name: 'integer-valued comparison of floats as an offset', text: K('ld.global.u32 %r1, [%rd1+(1.0 < 2.0)];') },
  { name: 'digit-only modifier is a number', text: K('mov.u32.0\n%r1, 1;'), line: 10, code: 'PTX201' },
  { name: 'register array', text: K('.reg .b32\nra\n[4]\n;'), line: 11, code: 'PTX355' },
  { name: 'register array in a list', text: K('.reg .b32 rc, ra[4];'), line: 9, code: 'PTX355' },
  { name: 'predicate array', text: K('.reg .pred pa[2];'), line: 9, code: 'PTX335' },
  { name: 'register indexed (a lost comma)', text: K('ld.global.u32 %r1\n[%rd1\n];'), line: 11, code: 'PTX350' },
  { name: 'scalar variable indexed', text: K('ld.param.u64 %rd1, p[0];'), line: 9, code: 'PTX350' },
  { name: 'special register indexed', text: K('mov.u32 %r1, %tid[0];'), line: 9, code: 'PTX350' },
  { name: 'array indexed', text: K('.shared .align 4 .b8 sm[16];\nld.shared.u32 %r1, sm[4];') },
  { name: 'two .param return parameters', text: '.func (.param .u32 r, .param .u32 s)\nf\n(\n)\n{\nret;\n}', line: 8, code: 'PTX351' },
  { name: '.callprototype with two .param returns', text: K('pr: .callprototype (.param .u32 _,\n.param .u32 _\n) _ ();'), line: 9, code: 'PTX351' },
  { name: 'reading the return parameter', text: '.func (.param .u32 r) f()\n{\n.reg .u32 %r1;\nld.param.u32\n%r1,\n[r];\nret;\n}', line: 7, code: 'PTX352' },
  { name: 'reading a parameter named like the return parameter', text: '.func (.param .u32 r) f()\n{\n.reg .u32 %r1;\n{\n.param .u32 r;\nld.param.u32 %r1, [r];\n}\nret;\n}', line: 9, code: 'PTX352' },
  { name: 'writing an input parameter, with an offset, at the opcode', text: '.func (.param .u32 r) f(.param .u32 a, .param .u64 b)\n{\n.reg .u32 %r1;\nst.param.u32\n[b+4],\n%r1;\nret;\n}', line: 7, code: 'PTX352' },
  { name: 'writing a parameter named like a kernel parameter', text: '.entry k(.param .u64 p)\n{\n.reg .u64 %rd1;\n{\n.param .u64 p;\nst.param.u64 [p], %rd1;\n}\nret;\n}', line: 9, code: 'PTX352' },
  { name: 'writing the return parameter and a call parameter', text: '.func (.param .u32 r) f(.param .u32 a)\n{\n.reg .u32 %r1;\nld.param.u32 %r1, [a];\nst.param.u32 [r], %r1;\n{\n.param .u32 c;\nst.param.u32 [c], %r1;\n}\nret;\n}' },
  { name: 'mov of a call parameter, at the opcode', text: '.func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b64 %rd1;\n{\n.param .b32 c;\nmov.u64\n%rd1,\nc;\n}\nret;\n}', line: 9, code: 'PTX352' },
  { name: 'cvta.param of a call parameter in a kernel', text: '.entry k(.param .u64 p)\n{\n.reg .b64 %rd1;\n{\n.param .b32 c;\ncvta.param.u64 %rd1, c;\n}\nret;\n}', line: 9, code: 'PTX352' },
  { name: 'mov of parameters named like the inputs and the return, and with an offset', text: '.func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b64 %rd1;\nmov.u64 %rd1, a;\n{\n.param .b32 a;\n.param .b32 r;\n.param .b32 c;\nmov.u64 %rd1, a;\nmov.u64 %rd1, r;\nmov.u64 %rd1, c+4;\n}\nret;\n}' },
  { name: 'call with too many arguments, at the callee', text: '.func g(.param .u32 a) { ret; }\n.entry k()\n{\n.param .u32 x;\n.param .u32 y;\ncall\n(y), g, (x);\nret;\n}', line: 10, code: 'PTX353' },
  { name: 'call without arguments', text: '.func g(.param .u32 a) { ret; }\n.entry k()\n{\ncall g\n;\nret;\n}', line: 7, code: 'PTX353' },
  { name: 'call with matching lists', text: '.func (.param .u32 r) g(.param .u32 a) { ret; }\n.func h() { ret; }\n.entry k()\n{\n.param .u32 x;\n.param .u32 y;\ncall (y), g, (x);\ncall h, ();\ncall.uni h;\nret;\n}' },
  { name: '.common outside .global, at its end', text: '.common\n.shared\n.u32\nc\n;', line: 8, code: 'PTX330' },
  { name: 'initializer on a .shared array, at the array', text: '.shared .u32 c[2]\n=\n{1,\n2};', line: 4, code: 'PTX420' },
  { name: 'prototype without ; redefined, at the next token', text: '.func (.param .u32 r) f(.param .u32 a)\n{\nret;\n}\n.func (.param .u32 r) f(.param .u32 a)\n\n.entry k() { ret; }', line: 10, code: 'PTX322' },
  { name: 'indirect call with fewer arguments than its prototype', text: K('{\n.param .b32 a;\n.param .b32 r;\npr: .callprototype (.param .b32 _) _ (.param .b32 _, .param .b32 _);\ncall (r), %rd1, (a), pr;\n}'), line: 13, code: 'PTX353' },
  { name: 'indirect call without the return of its prototype', text: K('{\n.param .b32 a;\npr: .callprototype (.param .b32 _) _ (.param .b32 _);\ncall %rd1, (a), pr;\n}'), line: 12, code: 'PTX353' },
  { name: 'call arity at the opcode when it has modifiers', text: '.func g(.param .u32 a) { ret; }\n.entry k()\n{\n.param .u32 x;\ncall.uni\ng,\n(x, x);\nret;\n}', line: 8, code: 'PTX353' },
  { name: 'two .param returns of one name: the returns first', text: '.func (.param .u32 r, .param .u32 r)\nf\n(\n)\n{\nret;\n}', line: 8, code: 'PTX351' },
  { name: 'array dimension expression', text: '.global .b8 x[2\n*3];', line: 5, code: 'PTX201' },
  { name: 'array dimension in parentheses', text: '.entry k() {\n.local .b8 x[(4)];\nret; }', line: 5, code: 'PTX201' },
  { name: 'array dimension float', text: '.shared .b8 x[1024.e5];', line: 4, code: 'PTX201' },
  { name: 'array dimension literals', text: '.global .b8 x[WARP_SZ], y[0x10], z[4U], w[010];' },
  { name: 'duplicate .file index, after the directive', text: '.file 1 "a.cu"\n.visible .entry k() { ret; }\n.file\n1 "a.cu"\n\n.file 2 "b.cu"', line: 9, code: 'PTX356' },
  { name: 'duplicate .file index with a size', text: '.file 1 "a.cu"\n.file 1 "a.cu", 123, 456\n\n.visible .entry k() { ret; }', line: 5, code: 'PTX356' },
  // ------------------------------------------------------------ a name glued to a number in section data and .loc
  { name: 'section data 3u: at the token after u', text: '.visible .entry k() { ret; }\n.section .debug_abbrev\n{\n.b8 3u\n\n.b8 17\n}', line: 9, code: 'PTX102' },
  { name: 'section data 0f with 7 digits', text: '.visible .entry k() { ret; }\n.section .debug_abbrev\n{\n.b8 1, 0f3f80000\n}', line: 8, code: 'PTX102' },
  { name: 'section data 08: at the 8', text: '.visible .entry k() { ret; }\n.section .debug_abbrev\n{\n.b8 08\n\n.b8 17\n}', line: 7, code: 'PTX102' },
  { name: 'section data 0b02: at the 2', text: '.visible .entry k() { ret; }\n.section .debug_abbrev\n{\n.b8 0b02\n\n.b8 17\n}', line: 7, code: 'PTX102' },
  { name: 'section data 3.5x: at the float', text: '.visible .entry k() { ret; }\n.section .debug_abbrev\n{\n.b8 3.5x\n\n.b8 17\n}', line: 7, code: 'PTX102' },
  { name: '.loc 5u: at the next line', text: '.file 1 "a.cu"\n.visible .entry k()\n{\n.reg .b16 %rh<3>;\n.loc 1 137 5u\nadd.s16 %rh1, %rh1, 1;\nret;\n}', line: 9, code: 'PTX102' },
  { name: 'instruction operand 3u: on its line', text: K('mov.u32 %r1, 3u\n;'), line: 9, code: 'PTX102' },
  // ------------------------------------------------------------ strings
  { name: 'a stray quote opens a string to the next quote, error at its end', text: '.visible .entry k()\n{\n\t"mov.u32 %r1, 1;\n\tret;\n\t"x\n}', line: 8, code: 'PTX201' },
  { name: 'a stray quote without a closing one', text: '.visible .entry k()\n{\n\t"mov.u32 %r1, 1;\n\tret;\n}', line: 6, code: 'PTX103' },
  { name: 'a file name across lines', text: '.visible .entry k() { ret; }\n.file 1 "a\nb.cu"' },
  { name: 'no escapes in strings', text: '.visible .entry k() { ret; }\n.file 1 "a\\"b.cu"', line: 5, code: 'PTX201' },
  { name: 'four registers in brackets', text: K('st.global.v4.u32 [%rd1+0], [%r1, %r2,\n%r3, %r4];'), line: 10, code: 'PTX201' },
  { name: 'an element after the coordinate vector', text: K('st.global.u32 [%rd1, {%r2}\n, %r3], %r1;'), line: 10, code: 'PTX201' },
  { name: 'texture, sampler and coordinates', text: K('tex.2d.v4.s32.s32 {%r1, %r2, %r3, %r4}, [%rd1, %rd2, {%r1, %r2}];') },
  { name: 'linkage in a body: a syntax error at the state space', text: '.entry k() {\nbra L9;\n.extern\n.global .u32 x;\nret;\n}', line: 7, code: 'PTX330' },
  { name: 'a checker-found syntax error hides the unresolved labels before it', text: '.entry k() {\nbra L9;\n.reg .b32 %r<3>;\nmov.u32.0 %r1, 1;\nret;\n}', line: 7, code: 'PTX201' },
  { name: 'negating a register that is not a predicate', text: K('mov.u32\n%r1, !%r2;'), line: 10, code: 'PTX357' },
  { name: 'negating a special register component', text: K('mov.u32 %r1, !%tid.x;'), line: 9, code: 'PTX357' },
  { name: 'negating predicates and constants', text: K('.reg .pred %q<2>;\nand.pred %q0, !%q1, %q1;\nselp.u32 %r1, 1, 2, !%q1;\nmov.u32 %r1, !1;') },
  // ------------------------------------------------------------ header
  { name: 'repeated .target', full: true, text: '.version 8.0\n.target sm_80\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'the last .target counts', full: true, text: '.version 8.0\n.target sm_90\n.target sm_80\n.address_size 64\n.entry k() { .reg .b32 r; mov.u32 r, %cluster_ctarank; ret; }\n', line: 5, code: 'PTX313' },
  { name: 'undeclared callee after call.uni and a newline: the opcode line', text: '.entry k()\n{\n.param .b64 p;\ncall.uni\nnope,\n(p);\nret;\n}', line: 7, code: 'PTX312' },
  { name: 'undeclared callee after a bare call and a newline: its own line', text: '.entry k()\n{\n.param .b64 p;\ncall\nnope,\n(p);\nret;\n}', line: 8, code: 'PTX312' },
  { name: 'discard.bulk.tensormap: a syntax error for ptxas (instruction-specific)', text: '.entry k()\n{\n.reg .b64 %rd<2>;\ndiscard.bulk.tensormap %rd1;\nret;\n}', line: 7, code: 'PTX340' },
  // `.mbarrier::meet_tx::bytes`: the lexer knows it, every instruction refuses it ("Illegal" + "Unknown
  // modifier"), dated like the instruction's other checks; an earlier instruction error hides it.
  { name: 'meet_tx after mov (every instruction refuses it)', text: K('mov.b32.mbarrier::meet_tx::bytes %r1, %r2;'), line: 9, code: 'PTX340' },
  { name: 'meet_tx after a compound name (bar.cta)', text: K('bar.cta.sync.mbarrier::meet_tx::bytes 0;'), line: 9, code: 'PTX340' },
  { name: 'meet_tx after bra.sync: ptxas says only "Illegal modifier .sync", on the same line', text: K('L1:\nbra.sync.mbarrier::meet_tx::bytes L1;'), line: 10, code: 'PTX340' },
  { name: 'meet_tx on a later line: the instruction line (the token after the opcode)', text: K('L1:\nbra\n.uni\n.mbarrier::meet_tx::bytes\nL1;'), line: 11, code: 'PTX340' },
  { name: '.mbarrier on a later line: the opcode line when modifiers are attached', text: K('mov.b32\n.mbarrier\n%r1, %r2;'), line: 9, code: 'PTX340' },
  { name: 'an unknown word on a later line: its own line (the lexer)', text: K('mov.b32\n.zz\n%r1, %r2;'), line: 10, code: 'PTX340' },
  { name: 'undeclared operand, modifiers apart from the opcode: the first modifier\'s line', text: K('mov\n.b32 %r1, %zz;'), line: 10, code: 'PTX310' },
  { name: 'undeclared operand, modifiers apart on the opcode line', text: K('mov .b32\n%r1, %zz;'), line: 9, code: 'PTX310' },
  // ptxas: "Label expected for forward reference of 'x'" is fatal; a block's stops ptxas before the
  // function's end, where its unresolved labels would be reported (random modules, seed 201).
  { name: 'forward reference to a variable in a block hides the unresolved labels', text: '.entry k()\n{\n.reg .b32 %r<4>;\nbra L9;\n{\nmov.u32 %r1, x;\n.reg .u32 x;\n}\nret;\n}', line: 9, code: 'PTX311' },
  { name: 'forward reference to a variable at function level, used before the label', text: '.entry k()\n{\n.reg .b32 %r<4>;\nmov.u32 %r1, x;\nbra L9;\n.reg .u32 x;\nret;\n}', line: 7, code: 'PTX311' },
  // Found in review: the fatal error itself was dropped with the labels it hides (a false accept).
  { name: 'branch to a variable declared later in a block', text: '.entry k()\n{\n{\nbra x;\n.reg .b32 x;\n}\nret;\n}', line: 7, code: 'PTX311' },
  { name: 'branch to a variable declared later in a block, then an unresolved label', text: '.entry k()\n{\n{\nbra x;\n.reg .b32 x;\n}\nbra L9;\nret;\n}', line: 7, code: 'PTX311' },
  // Found in review: the directive word decides before any operand is read.
  { name: 'directive word after an unknown opcode, operands broken on the next line', text: '.entry k()\n{\nx\n.reg .b32\nf(%r1 %r2);\nret;\n}', line: 7, code: 'PTX201' },
  { name: 'directive word after an unknown opcode and a state-space word', text: '.entry k()\n{\nx.local\n.loc 1 2 3;\nret;\n}', line: 7, code: 'PTX201' },
  { name: 'a syntax error before the block ends comes first', text: '.entry k()\n{\n{\nbra x;\n.reg .b32 x;\nadd.s32 %r1, %r2 %r3;\n}\nret;\n}', line: 9, code: 'PTX201' },
  // A directive word after an unknown opcode is a syntax error there, not the unknown opcode
  // (token mutations, seed 107: a stray `x` before `.reg`).
  { name: 'unknown opcode then a directive on the next line', text: K('x\n.reg .b32 t;'), line: 10, code: 'PTX201' },
  { name: 'unknown opcode with a directive attached', text: K('x.entry %r1;'), line: 9, code: 'PTX201' },
  { name: 'unknown opcode, modifiers on the next line: dated there (the token after the opcode)', text: K('x\n.global %r1;'), line: 10, code: 'PTX226' },
  { name: 'unknown opcode, modifiers attached: its own line', text: K('x.global\n%r1;'), line: 9, code: 'PTX226' },
  // ------------------------------------------------------------ braced lists: one vector expression (every instruction)
  { name: 'braced list of two sizes, at its closing brace', text: K('st.global.v2.u32 [%rd1], {%r1,\n%rd1\n};'), line: 11, code: 'PTX503' },
  { name: 'braced list with a 64-bit parameter among 32-bit registers', text: K('st.global.v2.u32 [%rd1], {%r1, p};'), line: 9, code: 'PTX503' },
  { name: 'braced list with a predicate among 16-bit registers (mov)', text: K('.reg .b16 %h<3>;\n.reg .pred %q;\nmov.b32 %r1, {%h1,\n%q};'), line: 12, code: 'PTX503' },
  { name: 'braced list: a float next to an unsigned register, at the opcode', text: K('.reg .u32 %u1;\nst.global.v2.f32\n[%rd1], {%f1,\n%u1};'), line: 10, code: 'PTX503' },
  { name: 'braced list: an integer constant next to a float register', text: K('ld.global.v2.f32 {%f1, _}, [%rd1];\nst.global.v2.f32 [%rd1], {%f1, 5};'), line: 10, code: 'PTX503' },
  { name: 'braced list: neighbours only (a float, a bit-size, an unsigned register)', text: K('.reg .u32 %u1;\nst.global.v4.u32 [%rd1], {%f1, %r1, %u1, %u1};\nst.global.v4.u32 [%rd1], {%f1, %f2, %f1, %r1};') },
  { name: 'braced list of differing types makes bit-size elements', text: K('.reg .u64 %x;\n.reg .s64 %y;\n.reg .pred %q;\nst.global.v2.u32 [%rd1], {%r1, %f1};\nst.global.v2.f32 [%rd1], {%x, %y};\nmov.b64 %rd1, {%r1, %q};\nst.global.v2.u32 [%rd1], {0f3f800000, %r1};') },
  { name: 'braced list of one float type in a .u32 store', text: K('st.global.v2.u32 [%rd1], {%f1, %f2};'), line: 9, code: 'PTX503' },
  { name: 'predicates alone do not pack', text: K('.reg .pred %q<3>;\nmov.b64 %rd1, {%q1, %q2};'), line: 10, code: 'PTX505' },
  { name: 'a scalar variable in a braced list is a value of its type', text: K('.shared .u32 s;\n.shared .f32 sf;\nst.global.v2.u32 [%rd1], {%r1, s};\nld.global.v2.u32 {s, %r1}, [%rd1];\nst.global.v2.f32 [%rd1], {sf, %f1};\nmov.b64 %rd1, {%r1, s};') },
  { name: 'a .f32 variable pair in a .u32 store', text: K('.shared .f32 sf;\nst.global.v2.u32 [%rd1], {sf, sf};'), line: 10, code: 'PTX503' },
  { name: 'an array variable in a braced list, at its closing brace', text: K('.shared .u32 sa[4];\nst.global.v2.u32 [%rd1], {%r1,\nsa\n};'), line: 12, code: 'PTX502' },
  { name: 'tex array index: no neighbour type, still 32 bits', text: K('tex.a1d.v4.f32.f32 {%f1, %f1, %f1, %f1}, [%rd1, {%r1, %f1}];\ntex.a1d.v4.f32.f32 {%f1, %f1, %f1, %f1}, [%rd1, {%rd1, %f1}];'), line: 10, code: 'PTX503' },
  { name: 'atom and red .v2.f32 take integer registers of 32 bits', full: true, text: '.version 8.8\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .u32 %u<3>;\n.reg .f32 %f<3>;\n.reg .b64 %rd1;\nred.global.v2.f32.add [%rd1], {%u1, %u2};\natom.global.v2.f32.add {%u1, %u2}, [%rd1], {%f1, %f2};\nret;\n}\n' },
  { name: 'a vector of .b128 values is more than 128 bits (ld, st, ldu)', full: true, text: '.version 8.3\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b128 %q<3>;\n.reg .b64 %rd1;\nld.global.b128 %q1, [%rd1];\nst.global.v2.b64 [%rd1], {%q1, %q2};\nst.global.v2.b128\n[%rd1], {%q1, %q2};\nret;\n}\n', line: 10, code: 'PTX505' },
  { name: 'ldu.v4.b128', full: true, text: '.version 8.3\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b128 %q<3>;\n.reg .b64 %rd1;\nldu.global.v4.b128 {%q1, %q2, %q1, %q2}, [%rd1];\nret;\n}\n', line: 8, code: 'PTX505' },
  { name: 'a .b128 register next to a .b64 one', full: true, text: '.version 8.3\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b128 %q<3>;\n.reg .b64 %rd1;\nst.global.v2.b64 [%rd1], {%q1, %rd1};\nret;\n}\n', line: 8, code: 'PTX503' },
  // ------------------------------------------------------------ a variable alone as an operand, every opcode (not only the measured few)
  { name: 'a variable alone in shfl', text: K('.reg .pred %q;\n.shared .u32 s;\nshfl.sync.bfly.b32 %r1, %r2,\ns, %r3, %r4;'), line: 11, code: 'PTX502' },
  { name: 'a parameter alone in vote', text: K('.reg .pred %q;\nvote.sync.ballot.b32 %r1, %q, p;'), line: 10, code: 'PTX502' },
  { name: 'a variable alone in lop3 (prmt of registers taken)', text: K('.shared .u32 s;\nprmt.b32 %r1, %r2, %r3, %r4;\nlop3.b32 %r1, %r2, %r3, s, 0x3f;'), line: 11, code: 'PTX502' },
  { name: 'a variable named with % alone in popc (found at the review)', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 %g;\n.entry k()\n{\n.reg .b32 %r<4>;\nbrev.b32 %r1, %r2;\npopc.b32 %r1, %g;\nret;\n}\n', line: 9, code: 'PTX502' },
  // (The '%' names of the operands no type rule asks: shfl's lane, clamp and member mask, vote's and match's mask, activemask's result.)
  { name: 'a variable named with % alone in shfl, any operand', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 %g;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p1;\nshfl.sync.idx.b32 %r1|%p1, %r2, 1, 31, -1;\nshfl.sync.idx.b32 %r1, %r2, %g, 31, -1;\nret;\n}\n', line: 10, code: 'PTX502' },
  { name: 'a variable named with % as shfl\'s member mask (on the instruction\'s first line)', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 %g;\n.entry k()\n{\n.reg .b32 %r<4>;\nshfl.sync.down.b32 %r1, %r2, 1, 31,\n%g;\nret;\n}\n', line: 8, code: 'PTX502' },
  { name: 'a variable named with % in vote, match, activemask', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.shared .u32 %s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p1;\nvote.sync.ballot.b32 %r1, %p1, %r2;\nmatch.any.sync.b32 %r1, %r2, %r3;\nactivemask.b32 %s;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'a variable named with % as an address, moved, converted', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .u32 %g;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\nld.global.u32 %r1, [%g];\nst.global.u32 [%g+4], %r1;\nmov.u64 %rd1, %g;\ncvta.global.u64 %rd2, %g;\nshfl.sync.idx.b32 %r1, %r2, %r3, 31, -1;\nadd.u32 %r1, %r1, %g+0;\nret;\n}\n' },
  // A result that is no register, every opcode (fresh break kinds: a constant or a special register for an operand).
  { name: 'a special register\'s element as mov\'s result', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nmov.u32 %r1, %tid.x;\nmov.u32 %tid.x, %r1;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'a special register as cvt\'s result', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\ncvt.u32.u16 %r1, %r2;\ncvt.u32.u16 %clock, %r1;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'WARP_SZ as a result', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nadd.u32 %r1, %r2, WARP_SZ;\nadd.u32 WARP_SZ, %r1, %r2;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'a constant as the result of shfl and activemask', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nactivemask.b32 %r1;\nshfl.sync.idx.b32 %r1, %r2, 1, 31, -1;\nshfl.sync.idx.b32 1, %r2, 1, 31, -1;\nret;\n}\n', line: 12, code: 'PTX502' },
  { name: 'a special register as the result of activemask', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nactivemask.b32 %laneid;\nret;\n}\n', line: 10, code: 'PTX502' },
  { name: 'cvt of a special register: integer conversions no wider than it', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\ncvt.u32.u16 %r1, %tid.x;\ncvt.u64.u32 %rd1, %laneid;\ncvt.u32.u64 %r1, %clock64;\ncvt.u64.u64 %rd1, %globaltimer;\ncvt.u64.u64 %rd1, %tid.x;\nret;\n}\n', line: 14, code: 'PTX503' },
  { name: 'cvt of a special register to a float', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\ncvt.rn.f32.u32 %f1, %r1;\ncvt.rn.f32.u32 %f1, %clock;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'cvt of a special register to .tf32 (fresh mutation seed 910)', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\ncvt.rna.tf32.f32 %r1, %f1;\ncvt.rna.tf32.f32 %r1, %laneid;\nret;\n}\n', line: 9, code: 'PTX502' },
  { name: 'cvt packing two floats: no special register', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\ncvt.rn.f16x2.f32 %r1, %f1, %f2;\ncvt.rn.f16x2.f32 %r1, %f1, %tid.x;\nret;\n}\n', line: 9, code: 'PTX502' },
  { name: 'addc/subc take .sat on .s32 (CI mutation seed 6595232)', text: K('addc.sat.s32 %r1, %r2, %r3;\nsubc.s32.sat %r1, %r2, 1;\nsubc.sat.u32 %r1, %r2, %r3;'), line: 11, code: 'PTX500' },
  { name: 'an indirect call with no argument list before its prototype (fresh mutation seed 931)', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k(.param .u64 p)\n{\n.reg .b64 %rd<4>;\nld.param.u64 %rd1, [p];\n{\n.param .b64 retval0;\nprototype_1 : .callprototype (.param .b64 _) _ ();\ncall (retval0), %rd1, prototype_1;\n}\n{\n.param .b64 retval0;\nprototype_2 : .callprototype (.param .b64 _) _ (.param .b64 _);\ncall (retval0), %rd1, prototype_2;\n}\nret;\n}\n', line: 16, code: 'PTX353' },
  { name: 'bra to a constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\n@%p1 bra $L1;\n@%p1 bra 0;\n$L1:\nret;\n}\n', line: 11, code: 'PTX345' },
  { name: 'bra to a label plus an offset', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\n$L1:\n@%p1 bra $L1+4;\nret;\n}\n', line: 11, code: 'PTX345' },
  { name: 'bra to WARP_SZ', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\n@%p1 bra WARP_SZ;\nret;\n}\n', line: 10, code: 'PTX345' },
  { name: 'nanosleep: a 32-bit integer register or a constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nnanosleep.u32 %r1;\nnanosleep.u32 4294967296;\nnanosleep.u32 WARP_SZ;\nnanosleep.u32 1.5;\nret;\n}\n', line: 13, code: 'PTX504' },
  { name: 'nanosleep of a 64-bit register', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\nnanosleep.u32 %rd1;\nret;\n}\n', line: 10, code: 'PTX503' },
  // Matrix fragments are braced lists or vector registers; special registers are read by mov and cvt only.
  { name: 'mma fragments: braced lists or vector registers', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nmma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32 %v2, {%r1}, {%r16}, %v2;\nmma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32 {%r7,%r8}, {%r1}, %r16, {%r7,%r8};\nret;\n}\n', line: 11, code: 'PTX505' },
  { name: 'mma fragment as a constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nmma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32 {%r7,%r8}, 7, {%r16}, {%r7,%r8};\nret;\n}\n', line: 10, code: 'PTX505' },
  { name: 'wmma.mma and wmma.store fragments', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nwmma.store.d.sync.aligned.row.m8n8k4.f64 [%rd1], {%fd1, %fd2}, 8;\nwmma.mma.sync.aligned.row.row.m8n8k4.f64.f64.f64.f64.rn {%fd20, %fd21}, {%fd1}, {%fd19}, {%fd16, %fd17};\nwmma.store.d.sync.aligned.row.m8n8k4.f64 [%rd1], %fd1, 8;\nret;\n}\n', line: 12, code: 'PTX505' },
  { name: 'wmma.mma\'s c as a constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nwmma.mma.sync.aligned.row.row.m8n8k4.f64.f64.f64.f64.rn {%fd20, %fd21}, {%fd1}, {%fd19}, 0d3FF0000000000000;\nret;\n}\n', line: 10, code: 'PTX505' },
  { name: 'ldmatrix\'s result a braced list even of one', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%rd1];\nldmatrix.sync.aligned.m8n8.x1.shared.b16 %r1, [%rd1];\nret;\n}\n', line: 11, code: 'PTX505' },
  { name: 'a special register in shfl (only mov and cvt read one)', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nmov.u32 %r1, %laneid;\nshfl.sync.idx.b32 %r1, %r2, %laneid, 31, -1;\nret;\n}\n', line: 11, code: 'PTX502' },
  { name: 'a special register\'s element in match', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nmatch.any.sync.b32 %r1, %r2, %tid.x;\nret;\n}\n', line: 10, code: 'PTX502' },
  { name: 'a 64-bit special register in lop3', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<20>;\n.reg .b64 %rd<3>;\n.reg .f64 %fd<30>;\n.reg .v2 .b32 %v2;\nlop3.b32 %r1, %clock64, %r2, %r3, 0xff;\nret;\n}\n', line: 10, code: 'PTX502' },
  { name: 'a variable as a result, even of mov', text: K('.shared .u32 s;\nmov.u32 s, %r1;'), line: 10, code: 'PTX502' },
  { name: 'a variable as the result of ld', text: K('.shared .u32 s;\nld.global.u32 s, [%rd1];'), line: 10, code: 'PTX502' },
  { name: 'a variable alone in cp.async\'s src-size', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b64 %rd<3>;\n.shared .u32 s;\ncp.async.ca.shared.global [%rd1], [%rd2], 4, s;\nret;\n}\n', line: 8, code: 'PTX502' },
  { name: 'mapa and getctarank take a .shared variable\'s address only', full: true, text: '.version 8.0\n.target sm_90\n.address_size 64\n.shared .u32 s;\n.global .u32 g;\n.entry k()\n{\n.reg .b64 %rd<3>;\n.reg .b32 %r<3>;\nmapa.u64 %rd1, s, %r1;\ngetctarank.u64 %r1, s;\nmov.u64 %rd1, g;\ncvta.global.u64 %rd1, g;\ngetctarank.u64 %r1, g;\nret;\n}\n', line: 14, code: 'PTX502' },
  { name: 'texture and surface handles: .texref and .surfref variables only', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .texref t;\n.global .surfref s;\n.global .u64 g;\n.entry k(.param .texref tr)\n{\n.reg .f32 %f<5>;\n.reg .b32 %r<3>;\ntex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f1, %f2}];\ntex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tr, {%f1, %f2}];\nsuld.b.1d.v2.b32.trap {%r1, %r2}, [s, {%r1}];\ntxq.width.b32 %r1, [t];\nsuq.width.b32 %r1, [s];\nsuld.b.1d.v2.b32.trap {%r1, %r2}, [t, {%r1}];\nret;\n}\n', line: 16, code: 'PTX502' },
  { name: 'a variable of the old .tex space is a texture', full: true, arch: 'sm_75', text: '.version 1.4\n.target sm_10\n.tex .u64 tt;\n.entry k()\n{\n.reg .f32 %f<5>;\ntex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tt, {%f1, %f2}];\nret;\n}\n' },
  { name: 'a .u64 variable as a texture', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .u64 g;\n.entry k()\n{\n.reg .b32 %r<3>;\ntxq.width.b32 %r1, [g];\nret;\n}\n', line: 8, code: 'PTX502' },
  { name: 'a .ptr .texref kernel parameter as a texture', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.entry k(.param .u64 .ptr .texref tp)\n{\n.reg .f32 %f<5>;\ntex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tp, {%f1, %f2}];\nret;\n}\n', line: 7, code: 'PTX502' },
  // redux (fresh mutation seed 764: redux.sync.max.s32 made .f32 over .s32 registers)
  { name: 'redux.f32 over .s32 registers, before its gates', full: true, text: '.version 7.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .s32 %s<3>;\nredux.sync.max.s32 %s1, %s2, 0xFFFFFFFF;\nredux.sync.max.f32 %s1, %s2, 0xFFFFFFFF;\nret;\n}\n', line: 8 },
  { name: 'redux: d and a of its type, the member mask 32-bit', text: K('.reg .u64 %x;\nredux.sync.add.u32 %r1, %r2, %r3;\nredux.sync.add.u32 %r1, %r2, %x;'), line: 11, code: 'PTX503' },
  { name: 'redux.f32 on sm_90: sm_100a/f and sm_103 only', full: true, text: '.version 8.8\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .f32 %f<3>;\nredux.sync.max.f32 %f1, %f2, 0xFFFFFFFF;\nret;\n}\n', line: 7, code: 'PTX509' },
  // createpolicy (session 14; trial breaks of its operands and words, measured with ptxas 13.0)
  { name: 'createpolicy.fractional: the fraction a .f32 or .b32 register or a floating-point constant', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, 0f3f000000;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, (0.25+0.25);\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, %f1;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, %r1;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, 1;'), line: 15, code: 'PTX504' },
  { name: 'createpolicy.fractional: an integer constant expression', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, 2-1;'), line: 9, code: 'PTX504' },
  { name: 'createpolicy.fractional: WARP_SZ is an integer', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, WARP_SZ;'), line: 9, code: 'PTX504' },
  { name: 'createpolicy.fractional: a .u32 register', text: K('.reg .u32 %u;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, %u;'), line: 10, code: 'PTX503' },
  { name: 'createpolicy.fractional: a .b64 register', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, %rd2;'), line: 9, code: 'PTX503' },
  { name: 'createpolicy.fractional: the fraction in (0, 1] as a .f32 value', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, 0d3ff0000000000001;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, 1e-40;\ncreatepolicy.fractional.L2::evict_last.b64 %rd1, 1.0000001;'), line: 11, code: 'PTX502' },
  { name: 'createpolicy.fractional: a fraction of 0', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, 0.0;'), line: 9, code: 'PTX502' },
  { name: 'createpolicy.fractional: a negative fraction', text: K('createpolicy.fractional.L2::evict_last.b64 %rd1, -0.5;'), line: 9, code: 'PTX502' },
  { name: 'createpolicy: a repeated priority word is the secondary priority', text: K('createpolicy.fractional.L2::evict_first.L2::evict_first.b64 %rd1, 1.0;\ncreatepolicy.fractional.L2::evict_unchanged.L2::evict_unchanged.b64 %rd1;\ncreatepolicy.range.L2::evict_last.L2::evict_last.b64 %rd1, [%rd2], %r1, %r2;'), line: 11, code: 'PTX500' },
  { name: 'createpolicy.fractional: .L2::evict_normal twice', text: K('createpolicy.fractional.L2::evict_normal.L2::evict_normal.b64 %rd1, 1.0;'), line: 9, code: 'PTX500' },
  { name: 'createpolicy.range: sizes 32-bit integers, primary no larger than total (unsigned)', text: K('.reg .s32 %s;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], %s, %r2;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], 16, 16;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], 1, -1;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], 4294967297, 2;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], %r1, WARP_SZ;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [%rd2], 4294967295, 16;'), line: 15, code: 'PTX502' },
  { name: 'createpolicy.range: a constant primary-size over WARP_SZ', text: K('createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 64, WARP_SZ;'), line: 9, code: 'PTX502' },
  { name: 'createpolicy.range: a 64-bit size', text: K('createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], %rd3, %r2;'), line: 9, code: 'PTX503' },
  { name: 'createpolicy.range: a floating-point size', text: K('createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 1.0, %r2;'), line: 9, code: 'PTX504' },
  { name: 'createpolicy.range: an immediate address', text: K('createpolicy.range.L2::evict_last.b64 %rd1, [%rd2+8], 16, 32;\ncreatepolicy.range.global.L2::evict_last.b64 %rd1, [1024], 16, 32;'), line: 10, code: 'PTX502' },
  { name: 'createpolicy.range: a .const variable\'s address (generic: .global, .shared, .local)', text: K('.global .u32 g;\n.shared .u32 s;\n.local .u32 l;\n.const .u32 c;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [s], 16, 32;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [l], 16, 32;\ncreatepolicy.range.global.L2::evict_last.b64 %rd1, [g+4], 16, 32;\ncreatepolicy.range.L2::evict_last.b64 %rd1, [c], 16, 32;'), line: 16, code: 'PTX502' },
  { name: 'createpolicy.range.global: a .shared variable\'s address', text: K('.shared .u32 s;\ncreatepolicy.range.global.L2::evict_last.b64 %rd1, [s], 16, 32;'), line: 10, code: 'PTX502' },
  { name: 'createpolicy.cvt: the access property a 64-bit integer register or an integer constant', text: K('createpolicy.cvt.L2.b64 %rd1, 5;\ncreatepolicy.cvt.L2.b64 %rd1, WARP_SZ;\n.reg .s64 %x;\ncreatepolicy.cvt.L2.b64 %x, %x;\ncreatepolicy.cvt.L2.b64 %rd1, %r2;'), line: 13, code: 'PTX503' },
  // (On sm_90 and later ptxas crashes on an integer constant or WARP_SZ as the result of createpolicy.cvt.)
  { name: 'createpolicy.cvt: an integer constant as its result (sm_80)', text: K('createpolicy.cvt.L2.b64 1, %rd2;'), line: 9, code: 'PTX502' },
  { name: 'createpolicy.cvt: a floating-point constant as its result', text: K('createpolicy.cvt.L2.b64 1.5, %rd2;'), line: 9, code: 'PTX502' },
  { name: 'createpolicy.cvt: a floating-point access property', text: K('createpolicy.cvt.L2.b64 %rd1, 1.0;'), line: 9, code: 'PTX504' },
  // Results: the sink, constants in a result list, braced results (session 14, measured with ptxas 13.0 on each opcode named in check.ts)
  { name: 'a sink as the result: atom, lop3, setp, mbarrier.arrive, match.all, elect\'s and shfl\'s predicate', full: true, text: '.version 8.0\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<3>;\natom.global.add.u32 _, [%rd1], %r1;\nlop3.b32 _, %r1, %r2, %r3, 0xff;\nsetp.lt.u32 _|%p1, %r1, %r2;\nsetp.lt.u32 _, %r1, %r2;\nmbarrier.arrive.shared.b64 _, [%rd1];\nmatch.all.sync.b32 _, %r1, -1;\nelect.sync _|%p1, -1;\nshfl.sync.idx.b32 %r1|_, %r1, 1, 31, -1;\nmatch.any.sync.b32 _, %r1, -1;\nret;\n}\n', line: 17, code: 'PTX502' },
  { name: 'a sink as the result of add', text: K('add.u32 _, %r1, %r2;'), line: 9, code: 'PTX502' },
  { name: 'a sink as the result of ld', text: K('ld.global.u32 _, [%rd1];'), line: 9, code: 'PTX502' },
  { name: 'a sink as the result of shfl (not its predicate)', text: K('.reg .pred %q;\nshfl.sync.idx.b32 _|%q, %r1, 1, 31, -1;'), line: 10, code: 'PTX502' },
  { name: 'a sink as the result of mbarrier.test_wait', text: K('.reg .pred %q;\nmbarrier.arrive.shared.b64 _, [%rd1];\nmbarrier.test_wait.shared.b64 _, [%rd1], %rd2;'), line: 11, code: 'PTX502' },
  { name: 'a sink as the result of createpolicy', text: K('createpolicy.fractional.L2::evict_last.b64 _, 1.0;'), line: 9, code: 'PTX502' },
  { name: 'a sink as the result of tex (one in its list is taken)', text: K('ldmatrix.sync.aligned.m8n8.x2.shared.b16 {_, %r1}, [%rd1];\ntex.1d.v4.f32.s32 {_, %f1, %f2, %f1}, [%rd1, {%r1}];\ntex.1d.v4.f32.s32 _, [%rd1, {%r1}];'), line: 11, code: 'PTX502' },
  { name: 'a braced list of sinks only', text: K('ld.global.v4.u32 {_, _, _, %r1}, [%rd1];\nmov.b64 %rd1, {_, _};'), line: 10, code: 'PTX505' },
  { name: 'a braced result list of sinks only', text: K('ld.global.v2.u32 {_, _}, [%rd1];'), line: 9, code: 'PTX505' },
  { name: 'a constant in a braced result list', text: K('ld.global.v2.u32 {%r1, %tid.x}, [%rd1];\nmov.b64 %rd1, {%r1, 1};\nld.global.v2.u32 {%r1, 1}, [%rd1];'), line: 11, code: 'PTX502' },
  { name: 'WARP_SZ in a braced result list', text: K('mov.b64 {%r1, WARP_SZ}, %rd1;'), line: 9, code: 'PTX502' },
  { name: 'a braced result of shfl', text: K('shfl.sync.idx.b32 {%r1}, %r2, 1, 31, -1;'), line: 9, code: 'PTX502' },
  { name: 'a braced result of atom without a vector width', text: K('atom.global.add.u32 {%r1}, [%rd1], %r1;'), line: 9, code: 'PTX502' },
  { name: 'WARP_SZ as mma.sp\'s metadata (fresh mutation seed 1411)', text: K('mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1,%f2,%f1,%f2}, {%r1,%r2,%r3,%r4}, {%r1,%r2,%r3,%r4}, {%f1,%f2,%f1,%f2}, %r1, 0x0;\nmma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1,%f2,%f1,%f2}, {%r1,%r2,%r3,%r4}, {%r1,%r2,%r3,%r4}, {%f1,%f2,%f1,%f2}, WARP_SZ, 0x0;'), line: 10, code: 'PTX502' },
  // sust/sured's value as a floating-point constant (session 14, measured with ptxas 13.0): sust one of its type's size (0f... 32-bit, decimal and 0d... 64-bit), sured none.
  { name: 'sust.b: a floating-point constant of the type\'s size', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsust.b.1d.b32.trap [s, {%r1}], 0f3f800000;\nsust.b.1d.b64.trap [s, {%r1}], 1.0;\nsust.b.1d.b64.trap [s, {%r1}], 0d3ff0000000000000;\nsust.p.1d.b32.trap [s, {%r1}], 0f3f800000;\nsust.b.1d.v2.b32.trap [s, {%r1}], {%r2, 1.0};\nsust.b.1d.b32.trap [s, {%r1}], WARP_SZ;\nsust.b.1d.b32.trap [s, {%r1}], 1.0;\nret;\n}\n', line: 15, code: 'PTX504' },
  { name: 'sust.b.b64: a 32-bit floating-point constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsust.b.1d.b64.trap [s, {%r1}], 0f3f800000;\nret;\n}\n', line: 9, code: 'PTX504' },
  { name: 'sust.b.b16: any floating-point constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsust.b.1d.b16.trap [s, {%r1}], 0f3f800000;\nret;\n}\n', line: 9, code: 'PTX504' },
  { name: 'sust.b.b32: a negative decimal constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsust.b.2d.b32.trap [s, {%r1, %r1}], -0.5;\nret;\n}\n', line: 9, code: 'PTX504' },
  { name: 'sust.p.b32: a decimal constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsust.p.1d.b32.trap [s, {%r1}], 1.0;\nret;\n}\n', line: 9, code: 'PTX504' },
  { name: 'sured: no floating-point constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsured.b.add.1d.u32.trap [s, {%r1}], 1;\nsured.b.add.1d.u32.trap [s, {%r1}], 0f3f800000;\nret;\n}\n', line: 10, code: 'PTX504' },
  { name: 'sured.u64: a decimal constant', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\nsured.b.add.1d.u64.trap [s, {%r1}], 1.0;\nret;\n}\n', line: 9, code: 'PTX504' },
  // Video selectors (session 14, measured with ptxas 13.0 on vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset, vmad and the SIMD forms)
  { name: 'video: a result selector in the merge form only', text: K('vadd.u32.u32.u32 %r1.h0, %r2, %r3, %r1;\nvset.u32.u32.lt %r1.b1, %r2, %r3, %r1;\nvadd.u32.u32.u32.add %r1, %r2.h0, %r3.b1, %r1;\nvadd2.u32.u32.u32.add %r1.h0, %r2, %r3, %r1;\nvmad.u32.u32.u32 %r1, %r2.b0, %r3.b1, %r1;\nvadd.u32.u32.u32 %r1.h0, %r2, %r3;'), line: 14, code: 'PTX502' },
  { name: 'video: a result selector with a secondary operation', text: K('vmin.s32.s32.s32.min %r1.h1, %r2, %r3, %r1;'), line: 9, code: 'PTX502' },
  { name: 'video: a result selector on vmad', text: K('vmad.u32.u32.u32 %r1.h0, %r2, %r3, %r1;'), line: 9, code: 'PTX502' },
  { name: 'video: a selector on c', text: K('vadd.u32.u32.u32.add %r1, %r2, %r3, %r1.b0;'), line: 9, code: 'PTX502' },
  // multimem.ld_reduce/red operations and types (session 14, every pair measured with ptxas 13.0 on sm_90 and sm_100a)
  { name: 'multimem: each operation with its types', full: true, text: '.version 8.6\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nmultimem.ld_reduce.relaxed.gpu.global.min.u32 %r1, [%rd1];\nmultimem.red.relaxed.gpu.global.max.s64 [%rd1], %rd2;\nmultimem.ld_reduce.relaxed.gpu.global.min.bf16x2 %r1, [%rd1];\nmultimem.ld_reduce.relaxed.gpu.global.add.f64 %rd2, [%rd1];\nmultimem.red.relaxed.gpu.global.add.u64 [%rd1], %rd2;\nmultimem.red.relaxed.gpu.global.xor.b64 [%rd1], %rd2;\nmultimem.ld_reduce.relaxed.gpu.global.min.b32 %r1, [%rd1];\nret;\n}\n', line: 14, code: 'PTX500' },
  { name: 'multimem.ld_reduce: .min of .f32', full: true, text: '.version 8.6\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nmultimem.ld_reduce.relaxed.gpu.global.min.f32 %r1, [%rd1];\nret;\n}\n', line: 8, code: 'PTX500' },
  { name: 'multimem.red: .add of .s64', full: true, text: '.version 8.6\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nmultimem.red.relaxed.gpu.global.add.s64 [%rd1], %rd2;\nret;\n}\n', line: 8, code: 'PTX500' },
  { name: 'multimem.red: .and of .u32', full: true, text: '.version 8.6\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nmultimem.red.relaxed.gpu.global.and.u32 [%rd1], %r1;\nret;\n}\n', line: 8, code: 'PTX500' },
  { name: 'multimem.ld_reduce: .add of .b64', full: true, text: '.version 8.6\n.target sm_90\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nmultimem.ld_reduce.relaxed.gpu.global.add.b64 %rd2, [%rd1];\nret;\n}\n', line: 8, code: 'PTX500' },
  { name: '.target after .address_size', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.target sm_80\n.entry k() { ret; }\n', line: 4, code: 'PTX308' },
];

/** A kernel whose body (from line 9) can use %r1-%r4, %rd1-%rd4 and the parameter p. */
function K(body: string): string {
  return `.visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<5>;\n.reg .b64 %rd<5>;\n.reg .f32 %f<3>;\n${body}\nret;\n}`;
}

ptxCaseTable('PTX module checks found by fuzzing', cases, grid());

/** Two declarations of one function, every linkage, prototype or definition, `.func` or `.entry`. */
function grid(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const links = ['', '.visible ', '.weak ', '.extern '];
  for (const kind of ['.func', '.entry'])
    for (const l1 of links)
      for (const d1 of [false, true])
        for (const l2 of links)
          for (const d2 of [false, true]) {
            const decl = (l: string, d: boolean) => `${l}${kind} f()${d ? '\n{\n\tret;\n}' : ';'}`;
            out.push({ name: `${kind} [${l1}${d1 ? 'def' : 'decl'}] then [${l2}${d2 ? 'def' : 'decl'}]`, text: `${decl(l1, d1)}\n${decl(l2, d2)}` });
          }
  return out;
}
