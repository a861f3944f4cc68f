/**
 * Initializers of the opaque `.texref`, `.samplerref` and `.surfref` variables (spec 5.3):
 * `.global .samplerref s = { addr_mode_0 = clamp_to_border, filter_mode = nearest };`, and the
 * `name = value` elements ptxas 13.0 also takes in any other initializer list. What ptxas does,
 * measured case by case (test/ptx/check/opaque.test.ts, test/ptx/diff/texref-init.test.ts):
 *
 *  - Every field value is evaluated as the list is parsed: a value word (the parser checks those,
 *    PTX445) or a constant expression of any type (`width = 1.5` is taken). Its errors come first.
 *  - Then, from the outermost list in: an array list may hold no more elements than its dimension
 *    (PTX425, at its `}`); an unsized one needs one at least (PTX433, at its `}`).
 *  - Where one texture/sampler/surface is expected, a list must hold only fields (else "Opaque
 *    structure initializer requires named fields", PTX447), each named for the type (else
 *    "Unrecognized field name", PTX446), both at the list's `}`. A plain value there is "Initial
 *    value type mismatch" (PTX448, at the token after it). Empty braces and repeated fields are fine.
 *  - A field written where an array element or a whole array is expected is taken and ignored, as
 *    in data initializers (see {@link ignoredField}); a field as the whole initializer of a single
 *    handle or of an unsized array crashes ptxas, and gpuasm rejects it (PTX448).
 *
 * Arrays of handles take room in `.nv.global` (never initialized: the fields are descriptor
 * settings, not bytes): {@link OPAQUE_ELEMENT_BYTES} each; a single handle takes none.
 */
import type { Span } from '../../core/source.js';
import type { FieldInitializer, Initializer, InitializerList, VariableDecl } from '../parse/ast.js';
import { evaluateConstExpr } from './consteval.js';
import { OPAQUE_FIELDS } from '../data/declarations.js';
import type { DataTypeInfo } from '../data/data-types.js';
import type { InitContext, Reporter } from './initializers.js';
import { nextTokenStart } from '../lex/lexer.js';

/** Bytes of `.nv.global` one element of an array of handles takes (ptxas 13.0, sm_80); alignment 4. */
export const OPAQUE_ELEMENT_BYTES: Readonly<Record<string, number>> = { '.texref': 52, '.samplerref': 20, '.surfref': 28 };
export const OPAQUE_ALIGN = 4;

/**
 * A field's value: a value word (checked by the parser) or a constant expression of any type.
 * ptxas reports a problem of an operation at the operation's last token.
 */
function fieldValueOk(f: FieldInitializer, report: Reporter): boolean {
  if (f.value.kind === 'name' && f.value.name !== 'WARP_SZ') return true;
  const atEnd: Reporter = (code, message, span) => report(code, message, { start: Math.max(span.start, span.end - 1), end: span.end });
  return evaluateConstExpr(f.value, atEnd) !== undefined;
}

/** Every field value of the initializer, in source order (ptxas evaluates them as it parses). */
function fieldValuesOk(init: Initializer, report: Reporter): boolean {
  const stack: Initializer[] = [init];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'field') {
      if (!fieldValueOk(n, report)) return false;
    } else if (n.kind === 'braces') {
      for (let i = n.elements.length - 1; i >= 0; i--) {
        const e = n.elements[i]!;
        if (e.kind === 'field' || e.kind === 'braces') stack.push(e);
      }
    }
  }
  return true;
}

const closingBrace = (list: InitializerList): Span => ({ start: Math.max(list.span.start, list.span.end - 1), end: list.span.end });

/**
 * A `name = value` element in the initializer of a data variable (`.u32 a[2] = {width = 1, 2}`):
 * ptxas takes it, counts it as an element and writes nothing for it, so the values after it in
 * its list move down (the caller does that; warned as PTX449). Its value is still evaluated, and
 * a type that takes no initializer still refuses it. False after a report.
 */
export function ignoredField(f: FieldInitializer, type: string, info: DataTypeInfo, ctx: InitContext): boolean {
  if (!fieldValueOk(f, ctx.report)) return false;
  if (info.init === 'none') {
    ctx.report('PTX422', `initializers are not allowed for ${type} variables`, f.span);
    return false;
  }
  ctx.warn?.(
    'PTX449',
    `field assignment '${f.name} = …' in a ${type} initializer: ptxas counts it as an element but writes no bytes for it (the values after it in its list move down)`,
    f.nameSpan,
  );
  return true;
}

/**
 * Checks the initializer of a .texref/.samplerref/.surfref declarator against its dimensions
 * (`dims` from evaluateDims, -1 for an unsized outer dimension). Returns the dimensions with the
 * unsized one filled in, or undefined after reporting the first problem. `misplaced`: the
 * initializer is not allowed at all (PTX420/PTX421, reported once this passes); ptxas then makes
 * only the checks it makes while reading the list (values, fields, counts), not the shape checks
 * of the finished declaration (a value where a list is expected, an empty unsized list).
 */
export function checkOpaqueInitializer(decl: VariableDecl, dims: number[], init: Initializer, ctx: InitContext, misplaced = false): number[] | undefined {
  const fields = OPAQUE_FIELDS.get(decl.type)!;
  const report = ctx.report;
  if (!fieldValuesOk(init, report)) return undefined;
  const resolved = dims.slice();
  if (init.kind === 'field' && (dims.length === 0 || dims[0] === -1) && !misplaced) {
    // ptxas crashes on these (a recorded divergence).
    report('PTX448', `the initializer of ${dims.length === 0 ? `a ${decl.type} variable` : 'an unsized array'} must be a brace-enclosed list of fields, not a single field`, init.span);
    return undefined;
  }
  // Where ptxas reports a value that stands where a list is expected: at the token after it.
  const after = (s: Span): Span => {
    const at = ctx.text !== undefined ? nextTokenStart(ctx.text, s.end) : s.start;
    return { start: at, end: at + 1 };
  };
  const work: { node: Initializer; level: number }[] = [{ node: init, level: 0 }];
  while (work.length > 0) {
    const { node, level } = work.pop()!;
    if (node.kind === 'field') continue; // an array element or whole array: taken and ignored
    if (node.kind !== 'braces') {
      if (misplaced) continue;
      const what = node.kind === 'name' ? `name '${node.name}'` : 'value';
      report('PTX448', `initial value type mismatch: a ${what} where a ${decl.type} initializer expects a brace-enclosed list of fields (e.g. { ${[...fields][0]} = … })`, after(node.span));
      return undefined;
    }
    if (level < resolved.length) {
      const n = node.elements.length;
      if (level === 0 && resolved[0] === -1) {
        if (n === 0 && !misplaced) {
          report('PTX433', 'an unsized array needs at least one initializer element', closingBrace(node));
          return undefined;
        }
        resolved[0] = n;
      } else if (n > resolved[level]!) {
        report('PTX425', `too many elements in array initializer: ${n} for a dimension of ${resolved[level]}`, closingBrace(node));
        return undefined;
      }
      for (let i = n - 1; i >= 0; i--) work.push({ node: node.elements[i]!, level: level + 1 });
      continue;
    }
    // One handle: a list of fields named for the type.
    for (const el of node.elements) {
      if (el.kind !== 'field') {
        report('PTX447', `a ${decl.type} initializer takes only named fields (name = value), not ${el.kind === 'braces' ? 'a nested list' : 'a bare value'}`, closingBrace(node));
        return undefined;
      }
      if (!fields.has(el.name)) {
        report('PTX446', `unknown field '${el.name}' in a ${decl.type} initializer: the fields are ${[...fields].join(', ')}`, closingBrace(node));
        return undefined;
      }
    }
  }
  for (let i = 1; i < resolved.length; i++) {
    if (resolved[i] === -1) {
      report('PTX433', 'only the outermost array dimension may be left unsized', init.span);
      return undefined;
    }
  }
  return resolved;
}

/** Whether ptxas stops at a fatal problem in this opaque initializer (then it reports nothing later about the declaration). */
export function opaqueInitializerFails(decl: VariableDecl, dims: number[], init: Initializer, text: string): boolean {
  let failed = false;
  const misplaced = decl.linkage === '.extern' || (decl.space !== '.global' && decl.space !== '.const');
  checkOpaqueInitializer(decl, dims, init, { report: () => (failed = true), lookup: () => undefined, text }, misplaced);
  return failed;
}
