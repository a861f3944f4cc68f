/**
 * `s_delay_alu`'s fields and the value names each takes (GFX11-12), as llvm-mc-19 reads them: names
 * are case-sensitive; another field name is "invalid field name", another value name "invalid
 * value name", a number inside the parentheses "expected a value name". Facts from llvm-mc-19 on
 * gfx1100 and gfx1201 with every field and value below, their neighbours (`instid2`, `VALU_DEP_5`,
 * `TRANS32_DEP_4`, `SALU_CYCLE_4`, `FMA_ACCUM_CYCLE_2`, `SKIP_5`, `SKIP_0`), lower-case values and numbers;
 * test/amdgpu/instructions/miss13-found.test.ts re-runs that matrix.
 */
const INSTID: ReadonlySet<string> = new Set([
  'NO_DEP',
  'VALU_DEP_1', 'VALU_DEP_2', 'VALU_DEP_3', 'VALU_DEP_4',
  'TRANS32_DEP_1', 'TRANS32_DEP_2', 'TRANS32_DEP_3',
  'FMA_ACCUM_CYCLE_1',
  'SALU_CYCLE_1', 'SALU_CYCLE_2', 'SALU_CYCLE_3',
]);
const INSTSKIP: ReadonlySet<string> = new Set(['SAME', 'NEXT', 'SKIP_1', 'SKIP_2', 'SKIP_3', 'SKIP_4']);

/** Each field of `s_delay_alu` with the value names it takes. */
export const DELAY_ALU_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['instid0', INSTID],
  ['instid1', INSTID],
  ['instskip', INSTSKIP],
]);
