/**
 * The worker thread's job in a two-thread PTX check (see parallel.ts): skim the first part of the
 * module, check the second. Loaded by parallel-worker.ts.
 */
import { DiagnosticBag, type Diagnostic } from '../../core/diagnostics.js';
import { SourceFile, unmapped } from '../../core/source.js';
import { layoutInput } from '../layout/layout.js';
import { Parser } from '../parse/parser.js';
import { itemChecks } from '../pipeline.js';
import { partDigest, type PartRequest, type PartResult } from './parallel.js';

/** A bag that passes what it is given on to `target`, which can be changed. */
class SwitchedBag extends DiagnosticBag {
  constructor(public target: DiagnosticBag) {
    super();
  }
  override add(d: Diagnostic): boolean {
    return this.target.add(d);
  }
}

/** The worker's job: skim the first part, check the second (runs in parallel-worker.ts). */
export function checkSecondPart({ name, text, split, compileOnly }: PartRequest): PartResult {
  const source = unmapped(new SourceFile(name, text));
  const parser = new Parser(text);
  parser.skipBodiesBefore = split;
  const checks = new DiagnosticBag();
  // The first part's findings are the main thread's: they go to a bag nobody reads.
  const diags = new SwitchedBag(new DiagnosticBag());
  const { checker, input, sink } = itemChecks(source, diags, parser, compileOnly);
  const t0 = performance.now();
  parser.beginModule();
  const partStart = parser.parseItems(sink, split);
  const t1 = performance.now();
  if (!parser.atCleanBoundary()) return { ok: false, reason: 'the first part does not end between module items' };
  const digest = partDigest(checker, input);
  diags.target = checks;
  parser.parseItems(sink, Infinity);
  if (parser.lx.nonAsciiOffset >= 0 || parser.lx.nulOffset >= 0) return { ok: false, reason: 'non-ASCII or NUL character' };
  const parseBag = new DiagnosticBag();
  parser.flush(source, parseBag, partStart);
  const layoutBag = new DiagnosticBag();
  const unknownLabels = new Set<string>();
  layoutInput(input, source, layoutBag, { images: false, from: partStart, unknownLabels, compileOnly });
  return {
    ok: true,
    partStart,
    digest,
    parseDiagnostics: parseBag.items,
    checkDiagnostics: checks.items,
    layoutDiagnostics: layoutBag.items,
    checker: checker.snapshot(),
    definedFunctions: [...input.definedFunctions],
    labels: [...input.labels],
    unknownLabels: [...unknownLabels],
    skimMs: t1 - t0,
    checkMs: performance.now() - t1,
  };
}
