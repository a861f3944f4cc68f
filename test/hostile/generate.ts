/** Hostile input generators: sizes are parameters so the same shape can be timed at n and 2n. */

export const PTX_HEADER = '.version 8.0\n.target sm_80\n.address_size 64\n';

/** `.global .u32 x = ((((1))));` */
export function ptxDeepParens(depth: number, closed = true): string {
  return `${PTX_HEADER}.global .u32 x = ${'('.repeat(depth)}1${closed ? ')'.repeat(depth) : ''};\n`;
}

/** `.global .u32 x[1] = {{{{1}}}};` */
export function ptxDeepBraces(depth: number, closed = true): string {
  return `${PTX_HEADER}.global .u32 x[1] = ${'{'.repeat(depth)}1${closed ? '}'.repeat(depth) : ''};\n`;
}

/** Nested blocks in a function body: `{ { { ... } } }`. */
export function ptxDeepBlocks(depth: number, closed = true): string {
  return `${PTX_HEADER}.visible .entry k()\n{\n${'{'.repeat(depth)}\nret;\n${closed ? '}'.repeat(depth) : ''}\n}\n`;
}

/** A unary chain `- - - ... 1` and `!~!~ ... 1`. */
export function ptxUnaryChain(depth: number): string {
  return `${PTX_HEADER}.global .s64 x = ${'-~'.repeat(depth >> 1)}1;\n`;
}

/** Nested ternaries `1 ? 1 ? 1 ? ... : 0 : 0`. */
export function ptxDeepTernary(depth: number): string {
  return `${PTX_HEADER}.global .s64 x = ${'1 ? '.repeat(depth)}1${' : 0'.repeat(depth)};\n`;
}

/** One line of `bytes` length: an initializer list `{1,1,1,...}`. */
export function ptxLongInitializerLine(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `${PTX_HEADER}.global .u8 x[${n}] = {${'1,'.repeat(n - 1)}1};\n`;
}

/** One line of `bytes` length: a flat expression `1+1+1...`. */
export function ptxLongExpressionLine(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `${PTX_HEADER}.global .u64 x = ${'1+'.repeat(n - 1)}1;\n`;
}

/** One line of `bytes` length: `unit` repeated, then `1` (`1-1-1...`, `2*3+2*3+...`, `(1)+(1)+...`). */
export function ptxLongChain(bytes: number, unit: string): string {
  return `${PTX_HEADER}.global .s64 x = ${unit.repeat(Math.max(0, Math.floor(bytes / unit.length) - 1))}1;\n`;
}

/**
 * One line of `bytes` length of right-associated groups, each nested as deep as the parser allows
 * (900 levels): `(1+(1+(...(1)...)))+(1+(...`.
 */
export function ptxRightNestedChain(bytes: number): string {
  const group = `${'(1+'.repeat(900)}1${')'.repeat(900)}`;
  const n = Math.max(1, Math.floor(bytes / (group.length + 1)));
  return `${PTX_HEADER}.global .s64 x = ${Array(n).fill(group).join('+')};\n`;
}

/** One line of `bytes` length: an initializer list of expressions `{1+1,1+1,...}`. */
export function ptxLongInitializerExpressions(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 4));
  return `${PTX_HEADER}.global .u8 x[${n}] = {${'1+1,'.repeat(n - 1)}1+1};\n`;
}

/** One line of `bytes` length: an address plus a long offset `y+1+1+...`. */
export function ptxLongAddressOffset(bytes: number): string {
  return `${PTX_HEADER}.global .u64 y;\n.global .u64 x = y${'+1'.repeat(Math.max(1, Math.floor(bytes / 2)))};\n`;
}

/** An instruction whose source operand is a `bytes`-long expression `1+1+...`. */
export function ptxLongOperandExpression(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `${PTX_HEADER}.visible .entry k()\n{\n.reg .b64 %rd<2>;\nmov.u64 %rd1, ${'1+'.repeat(n - 1)}1;\nret;\n}\n`;
}

/** One `.reg` declaration of `bytes` length naming registers `r0, r1, ...`. */
export function ptxLongRegisterList(bytes: number): string {
  const names: string[] = [];
  for (let i = 0, len = 0; len < bytes; i++) {
    const name = `r${i}`;
    names.push(name);
    len += name.length + 1;
  }
  return `${PTX_HEADER}.visible .entry k()\n{\n.reg .b32 ${names.join(',')};\nret;\n}\n`;
}

/** A `bytes`-long `#if 1+1+...` line. */
export function ptxLongIfExpression(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `${PTX_HEADER}#if ${'1+'.repeat(n - 1)}1\n.global .u32 x;\n#endif\n`;
}

/** A macro whose body is a `bytes`-long expression, used as an initializer. */
export function ptxLongMacroExpression(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `${PTX_HEADER}#define A ${'1+'.repeat(n - 1)}1\n.global .u64 x = A;\n`;
}

/** One very long line of comment followed by a duplicate declaration (an error after the line). */
export function ptxLongCommentLine(bytes: number): string {
  return `${PTX_HEADER}// ${'x'.repeat(bytes)}\n.global .u32 y;\n.global .u32 y;\n`;
}

/** A `bytes`-long identifier, declared and used. */
export function ptxLongIdentifier(bytes: number): string {
  const id = 'a' + 'b'.repeat(Math.max(0, bytes - 1));
  return `${PTX_HEADER}.visible .entry k()\n{\n.reg .b32 ${id};\nmov.u32 ${id}, 1;\nmov.u32 ${id}x, 1;\nret;\n}\n`;
}

/** A realistic function body of `n` instruction lines (about 30 bytes each). */
export function ptxManyInstructions(n: number): string {
  const out = [PTX_HEADER, '.visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n'];
  for (let i = 0; i < n; i++) {
    switch (i % 5) {
      case 0: out.push(`add.s32 %r1, %r2, ${i};\n`); break;
      case 1: out.push(`ld.param.u64 %rd1, [p];\n`); break;
      case 2: out.push(`setp.lt.s32 %p1, %r1, %r3;\n`); break;
      case 3: out.push(`@%p1 mov.u32 %r4, %tid.x;\n`); break;
      default: out.push(`L${i}: mul.lo.s32 %r5, %r4, 0x1f;\n`);
    }
  }
  out.push('ret;\n}\n');
  return out.join('');
}

/**
 * Blocks nested 900 deep (under the parser's depth limit), each opening with a branch to a label
 * defined at the end of the function, the nest repeated to fill `bytes`: every reference stays
 * unresolved while its block and all enclosing ones close.
 */
export function ptxNestedForwardBranches(bytes: number): string {
  const out = [PTX_HEADER, '.visible .entry k()\n{\n'];
  let k = 0;
  let len = 0;
  while (len < bytes) {
    for (let d = 0; d < 900; d++) {
      const line = `{ bra L${k++};\n`;
      out.push(line);
      len += line.length + 2 + `L${k}: ret;\n`.length;
    }
    out.push('}\n'.repeat(900));
  }
  for (let i = 0; i < k; i++) out.push(`L${i}: ret;\n`);
  out.push('}\n');
  return out.join('');
}

/** `n` statements that are each an error (undeclared register): diagnostics must stay bounded. */
export function ptxManyErrors(n: number): string {
  const out = [PTX_HEADER, '.visible .entry k()\n{\n.reg .b32 %r<2>;\n'];
  for (let i = 0; i < n; i++) out.push(`mov.u32 %r1, %undeclared${i};\n`);
  out.push('ret;\n}\n');
  return out.join('');
}

/** `#define a0 x x`, `#define a1 a0 a0`, ...: 2^levels tokens if expanded naively. */
export function macroBomb(levels: number): string {
  const out = [PTX_HEADER, '#define a0 x x\n'];
  for (let i = 1; i < levels; i++) out.push(`#define a${i} a${i - 1} a${i - 1}\n`);
  out.push(`.global .u32 boom = a${levels - 1};\n`);
  return out.join('');
}

/** A chain `#define a0 a1`, `#define a1 a2`, ... `n` long: deep expansion by one name. */
export function macroChain(n: number): string {
  const out = [PTX_HEADER];
  for (let i = 0; i < n; i++) out.push(`#define a${i} a${i + 1}\n`);
  out.push(`#define a${n} 1\n.global .u32 x = a0;\n`);
  return out.join('');
}

/** Function-like macro nested `depth` deep in its own argument: `f(f(f(...)))`. */
export function functionMacroNest(depth: number): string {
  return `${PTX_HEADER}#define f(x) (x + x)\n.global .u32 x = ${'f('.repeat(depth)}1${')'.repeat(depth)};\n`;
}

/** Deeply nested #if blocks. */
export function deepConditionals(depth: number, closed = true): string {
  return `${PTX_HEADER}${'#if 1\n'.repeat(depth)}.global .u32 x;\n${closed ? '#endif\n'.repeat(depth) : ''}`;
}

/** `#if` expression nested `depth` deep. */
export function deepIfExpression(depth: number): string {
  return `${PTX_HEADER}#if ${'('.repeat(depth)}1${')'.repeat(depth)}\n.global .u32 x;\n#endif\n`;
}

// ---------------------------------------------------------------- AMDGPU

export function amdDeepParens(depth: number, closed = true): string {
  return `x = ${'('.repeat(depth)}1${closed ? ')'.repeat(depth) : ''}\ns_mov_b32 s0, x\n`;
}

export function amdUnaryChain(depth: number): string {
  return `x = ${'-~'.repeat(depth >> 1)}1\ns_mov_b32 s0, x\n`;
}

export function amdLongExpressionLine(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `\ts_mov_b32 s0, ${'1+'.repeat(n - 1)}1\n`;
}

/** `.set x, 1+1+...` (`bytes` long) and a use of x. */
export function amdLongSetExpression(bytes: number): string {
  const n = Math.max(1, Math.floor(bytes / 2));
  return `.set x, ${'1+'.repeat(n - 1)}1\n\ts_mov_b32 s0, x\n`;
}

/** `.byte` with a `bytes`-long operand list: `unit` repeated (`1,` or `1+1,`), then `1`. */
export function amdLongDataList(bytes: number, unit: string): string {
  return `\t.data\n\t.byte ${unit.repeat(Math.max(0, Math.floor(bytes / unit.length) - 1))}1\n`;
}

/** `x0 = 1`, `x1 = x0 + 1`, ... `n` long: evaluating x(n-1) walks the whole chain. */
export function amdSymbolChain(n: number): string {
  const out = ['x0 = 1\n'];
  for (let i = 1; i < n; i++) out.push(`x${i} = x${i - 1} + 1\n`);
  out.push(`\ts_mov_b32 s0, x${n - 1}\n`);
  return out.join('');
}

/** The chain written backwards: every definition is a forward reference. */
export function amdForwardSymbolChain(n: number): string {
  const out = [`\ts_mov_b32 s0, x0\n`];
  for (let i = 0; i < n - 1; i++) out.push(`x${i} = x${i + 1} + 1\n`);
  out.push(`x${n - 1} = 1\n`);
  return out.join('');
}

/** `x0 = x1`, ..., `x(n-1) = x0`: a definition cycle `n` long. */
export function amdSymbolCycle(n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`x${i} = x${(i + 1) % n} + 1\n`);
  out.push(`\ts_mov_b32 s0, x0\n`);
  return out.join('');
}

/** Register index expression nested deep: `v[((((0))))]`. */
export function amdDeepRegisterIndex(depth: number): string {
  return `\tv_mov_b32 v[${'('.repeat(depth)}0${')'.repeat(depth)}], v1\n`;
}

export function amdManyInstructions(n: number): string {
  const out = ['\t.text\n\t.globl k\nk:\n'];
  for (let i = 0; i < n; i++) {
    switch (i % 4) {
      case 0: out.push(`\tv_add_f32_e32 v${i % 200}, 1.0, v${(i + 1) % 200}\n`); break;
      case 1: out.push(`\ts_load_dwordx4 s[${(i % 20) * 4}:${(i % 20) * 4 + 3}], s[0:1], 0x${(i % 256).toString(16)}\n`); break;
      case 2: out.push(`.LBB0_${i}:\n\ts_cbranch_scc0 .LBB0_${i}\n`); break;
      default: out.push(`\tglobal_load_dword v${i % 100}, v[2:3], off offset:${i % 4096}\n`);
    }
  }
  out.push('\ts_endpgm\n');
  return out.join('');
}

export function amdLongIdentifier(bytes: number): string {
  const id = 'a'.repeat(bytes);
  return `${id} = 5\n\ts_mov_b32 s0, ${id}\n`;
}

/** Token soup for structured fuzzing: fragments that make parsers take unusual paths. */
export const PTX_TOKENS = [
  '.version', '8.0', '.target', 'sm_80', '.address_size', '64', '.entry', '.func', '.visible', '.extern', '.weak',
  '.global', '.const', '.shared', '.local', '.param', '.reg', '.b32', '.u64', '.f32', '.pred', '.v2', '.v4', '.align',
  '8', '{', '}', '(', ')', '[', ']', '<', '>', ',', ';', ':', '=', '+', '-', '*', '/', '%', '!', '~', '?', '&&', '||',
  '@', '@!', '%r1', '%r<4>', '%tid.x', 'WARP_SZ', 'mov.u32', 'add.s32', 'ld.global.f32', 'bra', 'ret', 'call',
  '0x', '0xffffffffffffffffff', '0f3f800000', '0d3ff0000000000000', '1.5e', '1e999', '07', '09', '0b', 'U',
  '"str', '"', '/*', '*/', '//', '\n', '\r\n', '\t', ' ', '#define', '#include', '#if', '#endif', '#line', '#', '##',
  '\0', '\u00e9', '\u20ac', '\ud83d', 'generic(', 'mask(', '0xff(', '.pragma', '.section', '.file', '.loc', '_', '$', '%',
];

export const AMD_TOKENS = [
  's_mov_b32', 'v_add_f32', 'v_mov_b32', 's_load_dwordx4', 's0', 's[0:1]', 'v[0:3]', 'v255', 'ttmp[4:7]', 'a[0:1]',
  'vcc', 'exec_lo', 'm0', 'src_shared_base', '[', ']', '(', ')', ':', ',', '=', '+', '-', '*', '/', '%', '<<', '>>',
  '<>', '!', '~', '&&', '||', '.', '.set', '.globl', '.text', '.p2align', 'label:', '0x', '0ffh', '0b', '1.0', '-0x1p4',
  'lit(', 'neg(', 'abs(', '|', 'offset:', 'op_sel:[0,1]', ';', '//', '/*', '*/', '\n', '\r\n', '\t', ' ', '"', '\0',
  '\u00e9', '.amdhsa_kernel', '.end_amdhsa_kernel', '.amdgpu_metadata', '.end_amdgpu_metadata', '18446744073709551616',
];
