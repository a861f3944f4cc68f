/**
 * What stands where an instruction's first operand goes (its result, or an input written first):
 * a register of its type (the valid base), the sink `_`, an integer or floating-point constant,
 * WARP_SZ, a special register, a braced list of one register, a predicate. Every variant of every
 * base is run through ptxas 13.0 and gpuasm must give its verdict and first-error line (one
 * rule, resultFits in src/ptx/instructions/check.ts, answers for all of them; see
 * docs/ptx-instructions.md, "Results"). Bases whose sink or constant result crashes ptxas
 * (ldmatrix, mma, wmma, movmatrix, tcgen05.ld, clusterlaunchcontrol; createpolicy.cvt on sm_90+)
 * are left out: no verdict to compare. Skipped without ptxas.
 */
import { ptxCaseTable } from '../../harness/ptx-case-table.js';

/** `D` is the first operand; each base is valid as written with `D` = its register. */
const BASES: readonly [string, string][] = [
  ['add.u32 D, %r1, %r2;', '%r3'],
  ['add.f32 D, %f1, %f2;', '%f2'],
  ['mov.u32 D, %r1;', '%r3'],
  ['cvt.u32.u16 D, %rs1;', '%r3'],
  ['ld.global.u32 D, [%rd1];', '%r3'],
  ['ldu.global.u32 D, [%rd1];', '%r3'],
  ['shl.b32 D, %r1, 2;', '%r3'],
  ['setp.lt.u32 D, %r1, %r2;', '%p2'],
  ['selp.u32 D, %r1, %r2, %p1;', '%r3'],
  ['popc.b32 D, %r1;', '%r3'],
  ['atom.global.add.u32 D, [%rd1], %r1;', '%r3'],
  ['activemask.b32 D;', '%r3'],
  ['shfl.sync.idx.b32 D, %r1, 1, 31, -1;', '%r3'],
  ['vote.sync.ballot.b32 D, %p1, -1;', '%r3'],
  ['match.any.sync.b32 D, %r1, -1;', '%r3'],
  ['match.all.sync.b32 D, %r1, -1;', '%r3'],
  ['redux.sync.add.u32 D, %r1, -1;', '%r3'],
  ['mad.lo.u32 D, %r1, %r2, %r3;', '%r4'],
  ['mul.wide.u32 D, %r1, %r2;', '%rd3'],
  ['cvta.to.global.u64 D, %rd1;', '%rd3'],
  ['isspacep.global D, %rd1;', '%p2'],
  ['bfe.u32 D, %r1, 1, 2;', '%r3'],
  ['prmt.b32 D, %r1, %r2, %r3;', '%r4'],
  ['lop3.b32 D, %r1, %r2, %r3, 0xff;', '%r4'],
  ['dp4a.u32.u32 D, %r1, %r2, %r3;', '%r4'],
  ['testp.finite.f32 D, %f1;', '%p2'],
  ['mapa.u64 D, %rd1, %r1;', '%rd3'],
  ['vadd.u32.u32.u32 D, %r1, %r2;', '%r3'],
  ['mbarrier.arrive.shared.b64 D, [%rd1];', '%rd3'],
  ['mbarrier.test_wait.shared.b64 D, [%rd1], %rd2;', '%p2'],
  ['createpolicy.fractional.L2::evict_last.b64 D, 1.0;', '%rd3'],
  ['stacksave.u64 D;', '%rd3'],
  ['bar.sync D;', '%r3'],
  ['nanosleep.u32 D;', '%r3'],
];

const VARIANTS: readonly string[] = ['_', '1', '1.0', 'WARP_SZ', '%tid.x', '{R}', '%p1'];

function modules(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const [base, reg] of BASES)
    for (const v of ['R', ...VARIANTS]) {
      const line = base.replace('D', v.replace('R', reg));
      out.push({ name: line, text: `.visible .entry k()\n{\n.reg .b32 %r<5>;\n.reg .b64 %rd<5>;\n.reg .f32 %f<3>;\n.reg .b16 %rs<3>;\n.reg .pred %p<3>;\n${line}\nret;\n}` });
    }
  return out;
}

ptxCaseTable('PTX first operands: results and inputs written first', [], modules());
