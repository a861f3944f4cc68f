/**
 * PTX module checks, rule by rule. Every case records what ptxas 13.0 said (reject or accept, and the
 * line of its first error), measured while writing the checker; when ptxas is on PATH the suite also
 * re-runs it on every case, so the table cannot drift from the tool.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkModule, checkPtxText, parsePtx } from '../../../src/ptx/index.js';
import { DiagnosticBag } from '../../../src/core/diagnostics.js';
import { workMeter } from '../../../src/core/work.js';
import { SymbolTable, splitNumericSuffix } from '../../../src/ptx/check/scope.js';
import { HEADER, ptxCaseTable, type PtxCase } from '../../harness/ptx-case-table.js';

const E = (body: string) => `.entry k() {\n${body}\n}`;

const cases: PtxCase[] = [
  // ------------------------------------------------------------ .version / .target / .address_size
  { name: 'version 9.0 is the newest accepted', full: true, text: '.version 9.0\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'version 9.1 is unsupported', full: true, text: '.version 9.1\n.target sm_80\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 9.9 is unsupported', full: true, text: '.version 9.9\n.target sm_80\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 10.0 is unsupported', full: true, text: '.version 10.0\n.target sm_80\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 6.9 does not exist', full: true, text: '.version 6.9\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 8.9 does not exist', full: true, text: '.version 8.9\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 7.8 exists', full: true, text: '.version 7.8\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'version 8.10 counts as 9.0 in ptxas', full: true, text: '.version 8.10\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'version 7.80 does not exist', full: true, text: '.version 7.80\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n', line: 1, code: 'PTX301' },
  { name: 'version 1.0 does not support sm_80', full: true, text: '.version 1.0\n.target sm_80\n.entry k() { ret; }\n', line: 2, code: 'PTX304' },
  { name: 'version/target mismatch comes after other errors', full: true, text: '.version 1.0\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n', line: 3, code: 'PTX307' },
  { name: 'version 6.5 does not support sm_80', full: true, text: '.version 6.5\n.target sm_80\n.address_size 64\n.entry k() { ret; }\n', line: 2, code: 'PTX304' },
  { name: 'version 5.1 supports sm_70', full: true, text: '.version 5.1\n.target sm_70\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'version 5.0 does not support sm_70', full: true, text: '.version 5.0\n.target sm_70\n.address_size 64\n.entry k() { ret; }\n', line: 2, code: 'PTX304' },
  { name: 'version 8.6 does not support sm_120', full: true, text: '.version 8.6\n.target sm_120\n.address_size 64\n.entry k() { ret; }\n', arch: 'sm_120', line: 2, code: 'PTX304' },
  { name: 'version 8.7 supports sm_120', full: true, text: '.version 8.7\n.target sm_120\n.address_size 64\n.entry k() { ret; }\n', arch: 'sm_120' },
  { name: 'unknown target sm_14', full: true, text: '.version 9.0\n.target sm_14\n.entry k() { ret; }\n', line: 2, code: 'PTX302' },
  { name: 'unknown target sm_1000', full: true, text: '.version 9.0\n.target sm_1000\n.entry k() { ret; }\n', line: 2, code: 'PTX302' },
  { name: 'old target sm_20 still accepted', full: true, text: '.version 3.0\n.target sm_20\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'sm_080 reads as sm_80', full: true, text: '.version 8.0\n.target sm_080\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'target option first', full: true, text: '.version 9.0\n.target texmode_independent, sm_80\n.entry k() { ret; }\n', line: 2, code: 'PTX303' },
  { name: 'unknown target option', full: true, text: '.version 9.0\n.target sm_80, foo\n.entry k() { ret; }\n', line: 2, code: 'PTX302' },
  { name: 'conflicting texmodes', full: true, text: '.version 9.0\n.target sm_80, texmode_unified, texmode_independent\n.address_size 64\n.entry k() { ret; }\n', line: 2, code: 'PTX305' },
  { name: 'target with options', full: true, text: '.version 8.0\n.target sm_80, texmode_independent\n.address_size 64\n.entry k() { ret; }\n' },
  { name: 'address_size 48', full: true, text: '.version 8.0\n.target sm_80\n.address_size 48\n.entry k() { ret; }\n', line: 3, code: 'PTX306' },
  { name: 'address_size needs 2.3', full: true, text: '.version 2.2\n.target sm_20\n.address_size 64\n.entry k() { ret; }\n', line: 3, code: 'PTX307' },
  { name: 'address_size after a function', full: true, text: '.version 8.0\n.target sm_80\n.entry k() { ret; }\n.address_size 64\n', line: 4, code: 'PTX308' },
  { name: 'address_size twice', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.address_size 64\n.entry k() { ret; }\n', line: 4, code: 'PTX308' },
  { name: 'second .version', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.version 8.0\n.entry k() { ret; }\n', line: 4, code: 'PTX308' },
  { name: 'second .target', full: true, text: '.version 8.0\n.target sm_80\n.address_size 64\n.target sm_80\n.entry k() { ret; }\n', line: 4, code: 'PTX308' },
  { name: '.address_size after .file', full: true, text: '.version 8.0\n.target sm_80\n.file 1 "a.cu"\n.address_size 64\n', line: 4, code: 'PTX308' },

  // ------------------------------------------------------------ undeclared names and scopes
  { name: 'register past a parameterized family', text: E('.reg .b32 %r<2>;\nmov.b32 %r2, 1;\nret;'), line: 6, code: 'PTX310' },
  { name: 'register inside a family', text: E('.reg .b32 %r<2>;\nmov.b32 %r1, %r0;\nret;') },
  { name: 'family member with leading zero', text: E('.reg .b32 %r<4>;\nmov.b32 %r01, 1;\nret;') },
  { name: 'family with digits in its prefix is unreachable', text: E('.reg .b32 %r1<4>;\nmov.b32 %r13, 1;\nret;'), line: 6, code: 'PTX310' },
  { name: 'family prefix itself is not a member', text: E('.reg .b32 %r<4>;\nmov.b32 %r, 1;\nret;'), line: 6, code: 'PTX310' },
  { name: 'undeclared register on its own line: reported at the opcode', text: E('.reg .b32 %r<2>;\nmov.b32\n%r1\n,\n%r5\n;\nret;'), line: 6, code: 'PTX310' },
  // ptxas: "Arguments mismatch for instruction 'trap'" then "Unknown symbol 'foo'", both on line 6.
  { name: 'opcode without modifiers is dated by its next token', text: E('trap\nfoo;\nret;'), line: 6, code: 'PTX501' },
  { name: 'mov without a type, operand on the next line', text: E('.reg .b32 %r1;\nmov\n%rX, %r1;\nret;'), line: 7 },
  { name: 'undeclared vector element: reported where written', text: E('.reg .b32 %r; .reg .b64 %rd;\nld.global.v2.u32 {%r,\n%rX}, [%rd];\nret;'), line: 7, code: 'PTX310' },
  { name: 'undeclared call argument: reported at the opcode', text: '.func f(.param .b32 a) { ret; }\n' + E('.param .b32 p0;\ncall.uni\nf,\n(\npX\n);\nret;'), line: 7, code: 'PTX310' },
  { name: 'undeclared branch target on its own line', text: E('bra.uni\nLX;\nret;'), line: 6, code: 'PTX310' },
  { name: 'undeclared address register on its own line', text: E('.reg .b32 %r;\nld.global.u32 %r,\n[%rdX];\nret;'), line: 6, code: 'PTX310' },
  { name: 'register used before its declaration', text: E('mov.b32 %q, 2;\n.reg .b32 %q;\nret;'), line: 5, code: 'PTX311' },
  { name: 'inner block uses a register the outer block declares later', text: E('{ mov.b32 %q, 1; }\n.reg .b32 %q;\nret;'), line: 5, code: 'PTX311' },
  { name: 'register of a closed block', text: E('{ .reg .b32 %q; mov.b32 %q, 1; }\nmov.b32 %q, 2;\nret;'), line: 6, code: 'PTX310' },
  { name: 'shadowing in a nested block', text: E('.reg .b32 %r1;\n{ .reg .b32 %r1; mov.b32 %r1, 1; }\nret;') },
  { name: 'label used before its definition', text: E('bra L1;\nL1:\nret;') },
  { name: 'undefined label', text: E('bra L2;\nL1:\nret;'), line: 5, code: 'PTX310' },
  { name: 'label of a nested block is invisible outside', text: E('{ L1: ret; }\nbra L1;'), line: 6, code: 'PTX310' },
  { name: 'label of a sibling block is invisible', text: E('{ L1: ret; }\n{ bra L1; }\nret;'), line: 6, code: 'PTX310' },
  { name: 'outer label used from an inner block before its definition', text: E('{ bra L1; }\nL1:\nret;') },
  { name: 'label of another function', text: '.func f() {\nL1:\nret; }\n.entry k() {\nbra L1;\n}', line: 8, code: 'PTX310' },
  { name: 'same label in two functions', text: '.func f() {\nL1:\nret; }\n.entry k() {\nL1:\nret;\n}' },
  { name: 'label at the end of a body', text: E('bra L1;\nret;\nL1:') },
  { name: 'undeclared global', text: E('.reg .b64 %rd;\nmov.u64 %rd, gg;\nret;'), line: 6, code: 'PTX310' },
  { name: 'global declared after the function', text: E('.reg .b64 %rd;\nmov.u64 %rd, gg;\nret;') + '\n.global .u32 gg;', line: 6, code: 'PTX310' },
  { name: 'global with offset in an address', text: '.global .u32 g[4];\n' + E('.reg .b32 %r;\nld.global.u32 %r, [g+4];\nret;') },
  { name: 'undeclared register in an address', text: E('.reg .b32 %r;\nld.global.u32 %r, [%rd9+4];\nret;'), line: 6, code: 'PTX310' },
  { name: 'undeclared guard predicate', text: E('@%p ret;\nret;'), line: 5, code: 'PTX310' },
  { name: 'member of an undeclared vector', text: E('.reg .b32 %r;\nmov.b32 %r, vv.x;\nret;'), line: 6, code: 'PTX310' },
  { name: 'parameter used in ld.param', text: '.entry k(.param .u32 p) {\n.reg .b32 %r;\nld.param.u32 %r, [p];\nret; }' },
  { name: 'call before the function is declared', text: E('call f;\nret;') + '\n.func f() { ret; }', line: 5, code: 'PTX312' },
  { name: 'call after a prototype declaration', text: '.func f();\n' + E('call f;\nret;') + '\n.func f() { ret; }' },
  { name: 'call to an undeclared function reports the first operand line', text: E('.reg .b32 %r;\ncall\n(%r),\ng,\n(%r);\nret;'), line: 7, code: 'PTX312' },
  { name: 'branch targets with an undefined label', text: E('.reg .b32 %r;\nts: .branchtargets L1, L3;\nbrx.idx %r, ts;\nL1: ret;\nL2: ret;'), line: 6, code: 'PTX310' },
  { name: 'call prototype label', text: E('.reg .b64 %rd;\npr: .callprototype ()_ ();\ncall %rd, pr;\nret;') },
  { name: 'instruction keywords are valid register names', text: E('.reg .b32 add, mov, ld, tex, wmma;\nmov.b32 add, 1;\nret;') },
  { name: 'special register can be shadowed in a function', text: E('.reg .b64 %clock;\nmov.b64 %clock, 1;\nret;') },
  { name: 'undocumented %clock_hi is known', text: E('.reg .b32 %r;\nmov.u32 %r, %clock_hi;\nret;') },
  { name: '%envreg31 exists, %envreg32 not', text: E('.reg .b32 %r;\nmov.u32 %r, %envreg31;\nmov.u32 %r, %envreg32;\nret;'), line: 7, code: 'PTX310' },
  { name: '%pm8 does not exist', text: E('.reg .b32 %r;\nmov.u32 %r, %pm8;\nret;'), line: 6, code: 'PTX310' },
  { name: '%cluster_ctaid needs sm_90', text: E('.reg .b32 %r;\nmov.u32 %r, %cluster_ctaid.x;\nret;'), line: 6, code: 'PTX313' },
  { name: '%globaltimer needs sm_30', full: true, text: '.version 3.0\n.target sm_20\n.address_size 64\n.entry k() {\n.reg .b64 %rd;\nmov.u64 %rd, %globaltimer;\nret; }\n', line: 6, code: 'PTX313' },
  { name: '%dynamic_smem_size needs PTX 4.1', full: true, text: '.version 4.0\n.target sm_30\n.address_size 64\n.entry k() {\n.reg .b32 %r;\nmov.u32 %r, %dynamic_smem_size;\nret; }\n', line: 6, code: 'PTX313' },
  { name: '%reserved_smem_offset_begin needs PTX 7.6', full: true, text: '.version 7.5\n.target sm_80\n.address_size 64\n.entry k() {\n.reg .b32 %r;\nmov.u32 %r, %reserved_smem_offset_begin;\nret; }\n', line: 6, code: 'PTX313' },
  { name: '%clock_hi needs PTX 5.0', full: true, text: '.version 4.3\n.target sm_53\n.address_size 64\n.entry k() {\n.reg .b32 %r;\nmov.u32 %r, %clock_hi;\nret; }\n', line: 6, code: 'PTX313' },
  { name: '%aggr_smem_size needs PTX 8.1', text: E('.reg .b32 %r;\nmov.u32 %r, %aggr_smem_size;\nret;'), line: 6, code: 'PTX313' },

  // ------------------------------------------------------------ redeclarations
  { name: 'duplicate register', text: E('.reg .b32 %r1;\n.reg .b32 %r1;\nret;'), line: 6, code: 'PTX320' },
  { name: 'register inside an earlier family', text: E('.reg .b32 %r<4>;\n.reg .b32 %r1;\nret;'), line: 6, code: 'PTX320' },
  { name: 'family over an earlier register', text: E('.reg .b32 %r1;\n.reg .b32 %r<4>;\nret;'), line: 6, code: 'PTX320' },
  { name: 'two families with one prefix', text: E('.reg .b32 %r<4>;\n.reg .b64 %r<8>;\nret;'), line: 6, code: 'PTX320' },
  { name: 'register just past a family', text: E('.reg .b32 %r<4>;\n.reg .b32 %r4;\nmov.b32 %r4, 1;\nret;') },
  { name: 'redeclaration reported at the token after the name', text: E('.reg .b32 %a;\n.reg\n.b32\n%a\n;\nret;'), line: 9, code: 'PTX320' },
  { name: 'redeclaration before a comma on the next line', text: E('.reg .b32 %a;\n.reg .b32 %a\n,\n%b;\nret;'), line: 7, code: 'PTX320' },
  { name: 'parameter redeclared in the body', text: '.entry k(.param .u32 p) { .reg .b32 p; ret; }', line: 4, code: 'PTX320' },
  { name: 'duplicate parameter on its own line', text: '.entry k(.param .u32 p,\n.param .u32 p\n) { ret; }', line: 5, code: 'PTX320' },
  { name: 'return and parameter with one name', text: '.func (.param .b32 p) f(.param .b32 p) { ret; }', line: 4, code: 'PTX320' },
  { name: 'duplicate label at its colon', text: E('L1: ret;\nL1\n:\nret;'), line: 7, code: 'PTX321' },
  { name: 'label over a register', text: E('.reg .b32 L1;\nL1:\nret;'), line: 6, code: 'PTX321' },
  { name: 'register over a label', text: E('L1: .reg .b32 L1; ret;'), line: 5, code: 'PTX320' },
  { name: 'label over a parameter', text: '.entry k(.param .u32 p) {\np: ret; }', line: 5, code: 'PTX321' },
  { name: 'duplicate label inside a .section', text: '.entry k() { ret; }\n.section .debug_str\n{\n$L__a:\n.b8 65,0\n$L__a:\n.b8 66,0\n}', line: 9, code: 'PTX321' },
  { name: 'section labels share one namespace across sections', text: '.entry k() { ret; }\n.section .debug_str\n{\n$L__a:\n.b8 65,0\n}\n.section .debug_info\n{\n$L__a:\n.b8 66,0\n}', line: 12, code: 'PTX321' },
  { name: 'a section label may reuse a function label or a variable name', text: '.global .u32 g;\n.entry k() {\n$L__a: ret; }\n.section .debug_str\n{\n$L__a:\ng:\n.b8 65,0\n}' },
  { name: 'label named like a global or function', text: '.global .u32 g;\n.func f() { ret; }\n.entry k() {\ng: ret;\nf: ret; }' },
  { name: 'same label in nested blocks', text: E('L1:\n{ L1: ret; }\nret;') },
  { name: 'duplicate global', text: '.global .u32 g;\n.global .u32 g;', line: 5, code: 'PTX320' },
  { name: 'duplicate global in another space', text: '.global .u32 g;\n.shared .u32 g;', line: 5, code: 'PTX320' },
  { name: 'duplicate global reported before its initializer', text: '.global .u32 g;\n.global .u32 g\n= 1;', line: 6, code: 'PTX320' },
  { name: 'duplicate .weak', text: '.weak .global .u32 g;\n.weak .global .u32 g;', line: 5, code: 'PTX320' },
  { name: '.extern then .visible definition', text: '.extern .global .u32 g;\n.visible .global .u32 g;' },
  { name: 'definition then .extern', text: '.global .u32 g;\n.extern .global .u32 g;' },
  { name: '.extern then static definition', text: '.extern .global .u32 g;\n.global .u32 g;', line: 5, code: 'PTX324' },
  { name: 'global then function', text: '.global .u32 f;\n.func f(\n.param .u32 a\n)\n{\nret; }', line: 8, code: 'PTX323' },
  { name: 'function then global', text: '.func f() { ret; }\n.global .u32 f\n;', line: 6, code: 'PTX323' },
  { name: 'duplicate .func reported at its brace', text: '.func f() { ret; }\n.func\nf\n(\n)\n{\nret;\n}', line: 9, code: 'PTX322' },
  { name: 'duplicate .func with attributes', text: '.func f() { ret; }\n.func f()\n.noreturn\n{\nret; }', line: 7, code: 'PTX322' },
  { name: 'duplicate .entry reported at its parenthesis', text: '.entry f() { ret; }\n.entry f\n(\n)\n{\nret; }', line: 7, code: 'PTX322' },
  { name: 'duplicate .entry with attributes', text: '.entry f() { ret; }\n.entry f()\n.maxntid 128\n{ ret; }', line: 5, code: 'PTX322' },
  { name: 'declaration then definition', text: '.func f();\n.func f();\n.func f() { ret; }' },
  { name: '.entry and .func with one name', text: '.func k();\n.entry k() { ret; }', line: 5, code: 'PTX323' },
  { name: '.extern function defined', text: '.extern .func f();\n.func f() { ret; }', line: 5, code: 'PTX323' },
  { name: 'declaration then .visible definition', text: '.func f();\n.visible .func f() { ret; }', line: 5, code: 'PTX323' },
  { name: '.visible declaration then plain definition', text: '.visible .func f();\n.func f() { ret; }' },
  { name: 'prototypes with different parameter counts', text: '.func f(.param .u32 a);\n.func f(.param .u32 a, .param .u32 b);', line: 5, code: 'PTX325' },
  { name: 'special register as a global', text: '.global .u32 %tid;', line: 4, code: 'PTX326' },
  { name: 'special register as a function', text: '.func %laneid() { ret; }', line: 4, code: 'PTX326' },

  // ------------------------------------------------------------ state spaces and types
  { name: 'module-scope .reg with the ABI', text: '.reg .b32 mr;\n' + E('mov.b32 mr, 1;\nret;'), line: 4, code: 'PTX331' },
  { name: 'module-scope .local with the ABI', text: '.local .u32 s;', line: 4, code: 'PTX331' },
  { name: 'module-scope .reg before PTX 3.0', full: true, text: '.version 2.0\n.target sm_20\n.reg .b32 r;\n.entry k() { mov.b32 r, 1; ret; }\n' },
  { name: 'module-scope .param', text: '.param .u32 s;', line: 4, code: 'PTX330' },
  { name: '.shared, .global, .const, .param inside a body', text: E('.shared .u32 s;\n.global .u32 g;\n.const .u32 c;\n.param .u32 p;\n{ .shared .u32 t; }\nret;') },
  { name: '.tex is gone since PTX 1.5', text: '.tex .u32 t;', line: 4, code: 'PTX332' },
  { name: '.tex inside a body', text: E('.tex .u32 s;\nret;'), line: 5, code: 'PTX330' },
  { name: 'entry parameter in .reg', text: '.entry k(.reg .u32 s) {\nret; }', line: 4, code: 'PTX330' },
  { name: 'function parameter in .reg', text: '.func f(.reg .u32 s) {\nret; }' },
  { name: 'function parameter in .shared', text: '.func f(.shared .u32 s) {\nret; }', line: 4, code: 'PTX330' },
  { name: 'predicate global', text: '.global .pred g;', line: 4, code: 'PTX335' },
  { name: 'predicate vector', text: E('.reg .v2 .pred t;\nret;'), line: 5, code: 'PTX335' },
  { name: 'texref inside a body', text: E('.reg .texref t;\nret;'), line: 5, code: 'PTX336' },
  { name: 'samplerref needs texmode_independent', text: '.global .samplerref s;', line: 4, code: 'PTX338' },
  { name: 'texref and surfref globals', text: '.global .texref t;\n.global .surfref s;' },
  { name: 'vector .param in a body', text: '.entry k() { .param .v2 .s32 x; ret; }', line: 4, code: 'PTX347' },
  { name: 'vector entry parameter', text: '.entry k(\n.param .v2 .s32 x\n) { ret; }', line: 5, code: 'PTX347' },
  { name: 'vector return parameter', text: '.func (.param .v2 .b32 r) f() { ret; }', line: 4, code: 'PTX347' },
  { name: 'vector parameter of a call prototype', text: E('pr: .callprototype _ (.param .v2 .b32 x);\nret;') },
  { name: 'vector over 128 bits', text: '.global .v4 .b64 g;', line: 4, code: 'PTX337' },
  { name: '.v8 in a declaration', text: E('.reg .v8 .b16 x;\nret;'), line: 5, code: 'PTX337' },
  { name: 'vector width after the type', text: '.global .b32 .v2 g;', line: 4, code: 'PTX339' },
  { name: '.align after the type', text: '.global .b32 .align 8 g;', line: 4, code: 'PTX339' },
  { name: 'alignment not a power of two', text: '.global .align 3 .b32 g;', line: 4, code: 'PTX341' },
  { name: '.b128 needs PTX 8.3', text: E('.reg .b128 t;\nret;'), line: 5, code: 'PTX307' },
  { name: '.f16x2 needs sm_53', full: true, text: '.version 3.0\n.target sm_20\n.address_size 64\n.global .f16x2 g;\n', line: 4, code: 'PTX346' },
  { name: '.f16x2 needs sm_53 in a body too', full: true, text: '.version 4.1\n.target sm_52\n.address_size 64\n.entry k() {\n.reg .f16 h;\n.reg .f16x2 r;\nret; }\n', line: 6, code: 'PTX346' },
  { name: '.b128 needs sm_70', full: true, text: '.version 8.3\n.target sm_61\n.address_size 64\n.global .b128 g;\n', line: 4, code: 'PTX346' },
  { name: 'label as a value operand', text: E('.reg .b64 %rd;\nLB: mov.u64 %rd, LB;\nret;'), line: 6, code: 'PTX344' },
  { name: 'label defined later as a value operand', text: E('.reg .b64 %rd;\nmov.u64 %rd, LB;\nLB: ret;'), line: 6, code: 'PTX344' },
  { name: 'function address before and after', text: '.func f() { ret; }\n' + E('.reg .b64 %rd;\nmov.u64 %rd, f;\nret;') },
  { name: 'function address before the function', text: E('.reg .b64 %rd;\nmov.u64 %rd, f;\nret;') + '\n.func f() { ret; }', line: 6, code: 'PTX310' },
  { name: 'branch to a register', text: E('.reg .b32 %r;\nbra %r;\nret;'), line: 6, code: 'PTX345' },
  // ptxas: "Arguments mismatch for instruction 'brx.idx'" then the fatal "Label expected for forward reference of 'ts'", both on the brx.idx line.
  { name: 'branch targets used before their definition', text: E('.reg .b32 %r;\nbrx.idx %r, ts;\nts: .branchtargets L1;\nL1: ret;'), line: 6, code: 'PTX502' },
  { name: 'call prototype used before its definition', text: E('.reg .b64 %rd;\ncall %rd, pr;\npr: .callprototype ()_ ();\nret;'), line: 6, code: 'PTX310' },
  { name: 'recursive call', text: '.func f() { call f; ret; }' },
  { name: 'instruction-only type .e4m3', text: E('.reg .e4m3 t;\nret;'), line: 5, code: 'PTX334' },
  { name: 'scalar beside an array of an instruction-only type', text: '.global .e5m2 a[2], b;', line: 4, code: 'PTX334' },
  { name: 'vector of an instruction-only type', text: '.global .v2 .e4m3 g[2];', line: 4, code: 'PTX334' },
  { name: 'initialized array of an instruction-only type', text: '.global .e4m3 g[2] = {1, 2};', line: 4, code: 'PTX334' },
  { name: 'arrays of instruction-only types as function parameters', text: '.func f(.param .e5m2x2 a[4], .param .e4m3 b[]) { ret; }\n.extern .func g(.param .e5m2 c[2]);' },
  { name: 'scalar parameter of an instruction-only type', text: '.func f(.param .e5m2x2 a) { ret; }', line: 4, code: 'PTX334' },
  { name: 'instruction-only types in the parameters of a declaration without a body', text: '.extern .func f(.param .e5m2x2 a, .reg .e4m3 b);\n.extern .entry k(.param .e2m1x2 c);' },
  { name: 'a prototype with an instruction-only parameter type conflicts with the next', text: '.extern .func f(.param .e5m2x2 a);\n.extern .func f(.param .b16 a);', line: 5, code: 'PTX325' },
  { name: 'type .bf16 in a declaration', text: '.global .bf16 x;', line: 4, code: 'PTX333' },
  { name: 'type .tf32 in a declaration', text: E('.reg .tf32 t;\nret;'), line: 5, code: 'PTX333' },
  { name: 'f16 and f16x2 declarations', text: '.global .f16 a;\n.global .f16x2 b;' },
  { name: 'unsized shared array without .extern', text: '.shared .b8 x[];', line: 4, code: 'PTX342' },
  { name: 'unsized .extern shared array', text: '.extern .shared .b8 x[];' },
  { name: 'unsized array with an initializer', text: '.global .b8 x[] = {1,2};' },
  { name: 'unsized local array', text: E('.local .b8 x[];\nret;'), line: 5, code: 'PTX342' },
  { name: 'unsized entry parameter', text: '.visible .entry foobar(\n.param .b32 foobar[]\n)\n{\nret;\n}', line: 6, code: 'PTX342' },
  { name: 'unsized function parameter', text: '.func f(.param .b32 x[]) { ret; }' },
  { name: '.noreturn on an .entry', text: '.entry k() .noreturn { ret; }', line: 4, code: 'PTX343' },
  { name: '.maxntid on a .func', text: '.func f() .maxntid 32 { ret; }', line: 4, code: 'PTX343' },
  // `.ptr` is a kernel parameter attribute: "Illegal placement of kernel parameter attribute", at the parameter's name.
  { name: '.ptr on a .func parameter', text: '.func f(\n.param .u32 a,\n.param .u64 .ptr\n.align 8 p\n)\n{\nret;\n}', line: 7, code: 'PTX343' },
  { name: '.ptr on a .func return parameter', text: '.func (.param .u64 .ptr .global .align 8 r) f() { ret; }', line: 4, code: 'PTX343' },
  { name: '.ptr on a .func prototype parameter', text: '.extern .func f(.param .u64 .ptr .align 8 p);', line: 4, code: 'PTX343' },
  { name: '.ptr on an .entry parameter', text: '.entry k(.param .u64 .ptr .global .align 8 p) { ret; }' },
  { name: '.ptr in a .callprototype', text: '.entry k() {\nfp: .callprototype _ (.param .u64 .ptr .align 8 _);\nret;\n}' },
  { name: '.abi_preserve needs PTX 9.0', text: '.func f() .abi_preserve 4 { ret; }', line: 4, code: 'PTX307' },
  { name: '.noreturn on a .func', text: '.func f() .noreturn { ret; }' },
  { name: '.local_maxnreg needs PTX 8.8', text: '.func f() .local_maxnreg 32 { ret; }', line: 4 },
  { name: 'unknown function directive', text: '.func f() .abi_preserve_after 4 { ret; }', line: 4 },
  { name: 'cluster directives need sm_90', text: '.entry k() .maxclusterrank 2 { ret; }', line: 4, code: 'PTX307' },
  {
    name: 'cluster directives on an sm_90 .entry',
    full: true,
    arch: 'sm_90',
    text: '.version 8.0\n.target sm_90\n.address_size 64\n.entry k() .maxclusterrank 2 { ret; }\n.entry k2() .reqnctapercluster 2,1,1 { ret; }\n.entry k3() .explicitcluster { ret; }\n',
  },

  // ------------------------------------------------------------ modifiers
  { name: 'misspelt type modifier', text: E('.reg .b32 %r;\nadd.u31 %r, %r, 1;\nret;'), line: 6, code: 'PTX340' },
  { name: 'misspelt state space modifier', text: E('.reg .b32 %r; .reg .b64 %rd;\nld.globl.u32 %r, [%rd];\nret;'), line: 6, code: 'PTX340' },
  { name: 'modifiers in another order', text: E('.reg .b32 %r; .reg .b64 %rd;\nld.u32.global %r, [%rd];\nret;') },

  // ------------------------------------------------------------ module-level feature gates (PTX307)
  { name: 'unsized array parameter before 6.0', full: true, text: '.version 5.0\n.target sm_30\n.address_size 64\n.func f(.param .b8 a[])\n{\nret;\n}\n', line: 4, code: 'PTX307' },
  { name: 'unsized array parameter below sm_30', full: true, text: '.version 6.0\n.target sm_20\n.address_size 64\n.func f(.param .b8 a[])\n{\nret;\n}\n', line: 4, code: 'PTX307' },
  { name: 'unsized array parameter at 6.0, sm_30', full: true, text: '.version 6.0\n.target sm_30\n.address_size 64\n.func f(.param .b8 a[])\n{\nret;\n}\n' },
  { name: '.file timestamp and size before 3.2', full: true, text: '.version 3.1\n.target sm_30\n.address_size 64\n.file 1 "a.cu", 1339, 20\n.entry k() { ret; }\n', line: 4, code: 'PTX307' },
  { name: '.file timestamp and size at 3.2', full: true, text: '.version 3.2\n.target sm_30\n.address_size 64\n.file 1 "a.cu", 1339, 20\n.entry k() { ret; }\n' },
  { name: 'generic() in an initializer before 3.1', full: true, text: '.version 3.0\n.target sm_30\n.address_size 64\n.global .u32 g;\n.global .u64 p = generic(g);\n', line: 5, code: 'PTX307' },
  { name: 'generic() in an initializer at 3.1', full: true, text: '.version 3.1\n.target sm_30\n.address_size 64\n.global .u32 g;\n.global .u64 p = generic(g);\n' },

  // ------------------------------------------------------------ constant expressions as operands
  { name: 'operand expression of integer constants', text: E('.reg .b32 %r;\nmov.u32 %r, (1<<4)+3;\nmov.u32 %r, ~0 ^ 0xff;\nmov.u32 %r, (1.0 < 2.0) + 1;\nret;') },
  { name: 'operand expression of floating-point constants', text: E('.reg .f32 %f;\nmov.f32 %f, 1.5+2.5;\nmov.f32 %f, (0f3F800000)*2.0;\nmov.f32 %f, -(0f3F800000);\nret;') },
  { name: 'operand expression mixing integer and floating-point', text: E('.reg .b32 %r;\nmov.u32 %r, (1<<4)+3.e5;\nret;'), line: 6, code: 'PTX405' },
  { name: 'operand expression: ~ on a floating-point value', text: E('.reg .b32 %r;\nmov.u32 %r, ~1.0;\nret;'), line: 6, code: 'PTX404' },
  { name: 'operand expression: division by zero', text: E('.reg .b32 %r;\nmov.u32 %r, 1/0;\nret;'), line: 6, code: 'PTX406' },
  { name: 'operand expression: floating-point condition of ?:', text: E('.reg .f32 %f;\nmov.f32 %f, 1.5 ? 1.0 : 2.0;\nret;'), line: 6, code: 'PTX404' },
];

ptxCaseTable('PTX module checks', cases);

describe('parsePtx', () => {
  test('returns a module and no diagnostics for a clean file', () => {
    const r = parsePtx('a.ptx', HEADER + '.entry k() { ret; }\n');
    assert.ok(r.module);
    assert.equal(r.module!.items.length, 4);
    assert.deepEqual(r.diagnostics, []);
  });
  test('reports syntax errors but runs no module checks', () => {
    const r = parsePtx('a.ptx', HEADER + '.entry k() { mov.b32 %nope, 1; ret; }\n');
    assert.deepEqual(r.diagnostics, []);
    assert.ok(checkPtxText('a.ptx', HEADER + '.entry k() { mov.b32 %nope, 1; ret; }\n').some((d) => d.code === 'PTX310'));
  });
});

describe('diagnostic quality', () => {
  test('redeclaration notes the previous declaration', () => {
    const d = checkPtxText('a.ptx', HEADER + '.global .u32 g;\n.global .u32 g;\n').find((x) => x.code === 'PTX320');
    assert.ok(d);
    assert.match(d.message, /'g'/);
    assert.equal(d.notes?.[0]?.message, 'previous declaration is here');
    assert.equal(d.notes?.[0]?.location?.line, 4);
  });
  test('value operands are reported even when a syntax error follows in the function', () => {
    const text = HEADER + '.entry k() {\n.reg .b32 %r;\nmov.b32 %zz, 1;\nmov.b32 %r 1;\n}\n';
    const errors = checkPtxText('a.ptx', text).filter((d) => d.severity === 'error');
    // ptxas: line 6 "Arguments mismatch for instruction 'mov'" (read-time check), line 7 syntax error.
    assert.deepEqual(errors.map((d) => d.location?.line), [6, 7], JSON.stringify(errors));
  });
  test('no unresolved label after a syntax error in the same function', () => {
    const text = HEADER + '.entry k() {\nbra L9;\nmov.b32 %r 1;\n}\n';
    const errors = checkPtxText('a.ptx', text).filter((d) => d.severity === 'error');
    // ptxas stops at the syntax error on line 6 and never resolves L9 at the end of the function.
    assert.deepEqual(errors.map((d) => d.location?.line), [6], JSON.stringify(errors));
  });
  test('checks stay linear: 4x the input costs at most 4x the counted work', () => {
    const build = (n: number): string => {
      const lines: string[] = [HEADER, '.entry k() {', `.reg .b32 %r<${n}>;`];
      for (let i = 0; i < n; i++) lines.push(`add.s32 %r${i}, %r${(i * 7) % n}, ${i};`, `L${i}: bra L${(i + 1) % n};`);
      lines.push('}');
      return lines.join('\n');
    };
    // The module checks alone (the parser has its own tests), judged by the work meter
    // (src/core/work.ts: statements visited, forward references resolved), never by time.
    const countCheck = (n: number): number => {
      const { module } = parsePtx('big.ptx', build(n));
      const bag = new DiagnosticBag();
      const s0 = workMeter.steps;
      checkModule(module!, bag);
      assert.equal(bag.errorCount, 0);
      return workMeter.steps - s0;
    };
    const small = countCheck(20000);
    const large = countCheck(80000);
    console.log(`module checks: 20k labels ${small} steps, 80k labels ${large} steps`);
    assert.ok(small >= 2 * 20000, `the meter counts every statement: ${small}`);
    assert.ok(large <= 4 * small + 100, `superlinear: ${small} steps -> ${large} steps`);
  });
  test('no unresolved-name errors from a function left open at the end of the file', () => {
    // Found by the breaks differential (a lost `}`): ptxas fails at the end of the file, never at the label.
    const text = HEADER + '.entry k() {\nbra L2;\n{ ret;\nL2: ret;\n}\n';
    const errors = checkPtxText('a.ptx', text).filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => d.location?.line), [9], JSON.stringify(errors));
  });
  test('deeply nested blocks do not overflow', () => {
    const depth = 900;
    const text = HEADER + '.entry k() {\n' + '{'.repeat(depth) + 'ret;' + '}'.repeat(depth) + '\n}\n';
    assert.deepEqual(checkPtxText('deep.ptx', text).filter((x) => x.severity === 'error'), []);
  });
  test('a long expression chain in an operand does not overflow', () => {
    const text = HEADER + '.entry k() {\n.reg .b32 %r;\nmov.b32 %r, ' + Array(200000).fill('1').join('+') + ';\nret;\n}\n';
    const d = checkPtxText('long.ptx', text);
    assert.ok(Array.isArray(d));
  });
});

describe('symbol table', () => {
  test('numeric suffixes split as ptxas does', () => {
    assert.deepEqual(splitNumericSuffix('%r012'), ['%r', 12]);
    assert.deepEqual(splitNumericSuffix('%rd7'), ['%rd', 7]);
    assert.equal(splitNumericSuffix('%r'), undefined);
    assert.equal(splitNumericSuffix('123'), undefined);
    assert.deepEqual(splitNumericSuffix('x' + '9'.repeat(40)), ['x', Number.MAX_SAFE_INTEGER]);
  });
  test('families, shadowing and restoring on close', () => {
    const t = new SymbolTable();
    const span = { start: 0, end: 1 };
    t.open();
    t.declare({ name: '%r', kind: 'variable', nameSpan: span, familyCount: 4 });
    assert.equal(t.lookup('%r3')?.name, '%r');
    assert.equal(t.lookup('%r4'), undefined);
    assert.equal(t.conflictInCurrent('%r2')?.name, '%r');
    assert.equal(t.conflictInCurrent('%r4'), undefined);
    t.open();
    t.declare({ name: '%r3', kind: 'label', nameSpan: span });
    assert.equal(t.lookup('%r3')?.kind, 'label');
    t.close();
    assert.equal(t.lookup('%r3')?.kind, 'variable');
    t.close();
    assert.equal(t.lookup('%r3'), undefined);
  });
});

describe('no cascades', () => {
  test('a declaration with a bad type still declares its name', () => {
    const errors = checkPtxText('a.ptx', HEADER + '.entry k() {\n.reg .bf16 h;\nmov.b16 h, 1;\nret;\n}\n').filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => d.code), ['PTX333']);
  });
  test('a module-scope .param still declares its name', () => {
    const errors = checkPtxText('a.ptx', HEADER + '.param .u32 p;\n.entry k() {\n.reg .b32 %r;\nld.param.u32 %r, [p];\nret;\n}\n').filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => d.code), ['PTX330']);
  });
});

test('a redeclared function with a parameter type no declaration takes stops at that type (ptxas: syntax error there)', () => {
  // Found by the breaks differential (seed 55875224): ptxas says "Parsing error near '.tf32'" on
  // line 5 and stops; the prototype comparison must not report line 6 first.
  const text = '.version 8.0\n.target sm_80\n.address_size 64\n.func (.param .u64 r) incr(.param .u64 a);\n.func (.param .tf32 r) incr(\n.param .u64 a)\n{ ret; }\n';
  const errors = checkPtxText('t.ptx', text).filter((d) => d.severity === 'error').map((d) => `${d.location?.line} ${d.code}`);
  assert.deepEqual(errors.slice(0, 1), ['5 PTX333']);
});

test('an array of an instruction-only type (PTX360, ptxas crashes on it) is reported only when nothing else is wrong', () => {
  const alone = checkPtxText('a.ptx', HEADER + '.global .e5m2x2 g[4];\n.entry k() { ret; }\n').filter((d) => d.severity === 'error');
  assert.deepEqual(alone.map((d) => [d.code, d.location?.line]), [['PTX360', 4]]);
  const other = checkPtxText('a.ptx', HEADER + '.global .e5m2x2 g[4];\n.entry k() { mov.u32 %nope, 1; ret; }\n').filter((d) => d.severity === 'error');
  assert.deepEqual(other.map((d) => d.code), ['PTX310']);
});
