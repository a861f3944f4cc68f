/** PTX module checks: the header (`.version`, `.target`, `.address_size`: values and placement). */
import type * as A from '../parse/ast.js';
import { ADDRESS_SIZE_MIN_VERSION } from '../data/declarations.js';
import { formatVersionCode, formatVersionRanges, parseTargetName, SUPPORTED_VERSIONS, TARGET_MIN_VERSION, TARGET_OPTIONS, versionCode } from '../data/targets.js';
import type { CheckerState } from './state.js';

/// header := '.version' V ('.target' T (',' T)*)+ ['.address_size' N]; nothing of the three later.
/// ptxas takes repeated `.target` lines in a row (the last one counts).
export function headerItem(c: CheckerState, item: A.VersionDirective | A.TargetDirective | A.AddressSizeDirective, index: number): void {
  const [first, second] = c.firstKinds;
  const inPlace =
    item.kind === 'version'
      ? index === 0
      : item.kind === 'target'
        ? first === 'version' && index === 1 + c.headerTargets
        : first === 'version' && second === 'target' && index === 1 + c.headerTargets;
  if (item.kind === 'target' && inPlace) c.headerTargets++;
  if (inPlace) {
    if (item.kind === 'version') checkVersion(c, item);
    else if (item.kind === 'target') checkTarget(c, item);
    else checkAddressSize(c, item);
  } else if (index >= 2 && first === 'version' && second === 'target') {
    // Out of place in a module that starts well (one that does not has its error already).
    const what = item.kind === 'address_size' ? '.address_size' : `.${item.kind}`;
    const rule = item.kind === 'address_size' ? 'it may only follow .target' : 'it may appear only once, at the start of the file';
    c.error('PTX308', `unexpected ${what} directive: ${rule}`, c.loc(item.span.start, what.length));
  }
}

export function checkVersion(c: CheckerState, v: A.VersionDirective): void {
  const code = versionCode(v.major, v.minor);
  if (!SUPPORTED_VERSIONS.has(code) || !Number.isInteger(v.major) || !Number.isInteger(v.minor)) {
    c.error(
      'PTX301',
      `unsupported .version ${v.raw}: ptxas accepts ${formatVersionRanges()}`,
      c.spanLoc(v.span),
    );
    return;
  }
  c.header.version = code;
  c.versionSpan = v.span;
}

export function checkTarget(c: CheckerState, t: A.TargetDirective): void {
  let texmode: string | undefined;
  c.header.sm = undefined; // a repeated `.target` replaces the one before
  for (let i = 0; i < t.targets.length; i++) {
    const { name, span } = t.targets[i]!;
    const arch = parseTargetName(name);
    if (arch) {
      const min = TARGET_MIN_VERSION.get(arch.key);
      if (min === undefined) {
        c.error('PTX302', `unsupported .target '${name}'`, c.spanLoc(span));
        return;
      }
      if (c.header.sm === undefined) {
        c.header.sm = arch.number;
        c.header.target = name;
        // Reported at the module's end, and only if it has an item: ptxas accepts a module of
        // nothing but its header whatever the .version (measured).
        if (c.header.version !== undefined && c.header.version < min)
          c.versionTargetMismatch = [
            'PTX304',
            `PTX .version ${formatVersionCode(c.header.version)} does not support .target ${name} (it needs .version ${formatVersionCode(min)} or later)`,
            c.spanLoc(span),
          ];
      }
      continue;
    }
    if (i === 0) {
      c.error('PTX303', `.target must name an architecture (sm_XX or compute_XX) first, not '${name}'`, c.spanLoc(span));
      return;
    }
    if (!TARGET_OPTIONS.has(name)) {
      c.error('PTX302', `unsupported .target '${name}'`, c.spanLoc(span));
      return;
    }
    if (name === 'texmode_unified' || name === 'texmode_independent') {
      if (texmode !== undefined && texmode !== name) {
        c.error('PTX305', `conflicting .target option '${name}' (already ${texmode})`, c.spanLoc(span));
        return;
      }
      texmode = name;
      if (name === 'texmode_independent') c.header.texmodeIndependent = true;
    }
  }
}

export function checkAddressSize(c: CheckerState, a: A.AddressSizeDirective): void {
  if (a.size !== 32 && a.size !== 64) {
    c.error('PTX306', `illegal .address_size ${a.size}: it must be 32 or 64`, c.spanLoc(a.span));
    return;
  }
  c.header.addressSize = a.size;
  if (c.header.version !== undefined && c.header.version < ADDRESS_SIZE_MIN_VERSION)
    c.error('PTX307', `.address_size requires PTX ISA .version 2.3 or later`, c.spanLoc(a.span));
}
