/**
 * Operand lines for a form of the AMDGPU instruction table, for the differential matrices
 * (test/amdgpu/instructions/*-rules.test.ts): what each position takes, written plainly.
 */
import { OperandFile as F, type FormSpec } from '../../src/amdgpu/instructions/table.js';

/**
 * The form's operands (return-only ones left out): VGPRs and SGPRs of the position's size, each
 * apart from the one before, 0 where a constant goes, `off` where only that goes (when `off` is
 * set); undefined if a position takes none of those.
 */
export function formOperands(f: FormSpec, options: { off?: boolean } = {}): string[] | undefined {
  let v = 1;
  let s = 0;
  const ops: string[] = [];
  for (const o of f.operands) {
    if (o.returnOnly) continue;
    const n = o.size;
    if (o.files & F.V) {
      ops.push(n === 1 ? `v${v}` : `v[${v}:${v + n - 1}]`);
      v += n + 1;
    } else if (o.files & F.S) {
      ops.push(n === 1 ? `s${s}` : `s[${s}:${s + n - 1}]`);
      s += n + 2;
    } else if (o.files & (F.INLINE | F.LITERAL | F.EXPR)) ops.push('0');
    else if (options.off && o.files & F.OFF) ops.push('off');
    else return undefined;
  }
  return ops;
}

/** The DPP control a DPP form cannot go without (` quad_perm:[0,1,2,3]`, ` dpp8:[...]`), else ''. */
export function dppControl(f: FormSpec): string {
  return f.form === 'dpp' || f.form === 'e64_dpp' ? ' quad_perm:[0,1,2,3]' : f.form === 'dpp8' || f.form === 'e64_dpp8' ? ' dpp8:[0,1,2,3,4,5,6,7]' : '';
}
