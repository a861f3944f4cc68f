/**
 * `.version` and `.target` tables, as ptxas from CUDA 13.0 (V13.0.88) enforces them. Every entry was
 * measured by running ptxas (see test/ptx/check/checker.test.ts for the recorded cases), not copied from the
 * PTX ISA release notes, which disagree in places (e.g. sm_70 is accepted from PTX 5.1, not 6.0).
 */

/** The newest PTX ISA version this ptxas accepts, as printed in its message. */
export const MAX_PTX_VERSION = '9.0';

/**
 * PTX ISA versions ptxas 13.0 accepts, encoded as `major * 10 + minor`. ptxas itself compares this
 * encoding, so `.version 8.10` (= 90) is accepted while `.version 8.80` (= 160) is not.
 */
export const SUPPORTED_VERSIONS: ReadonlySet<number> = new Set([
  10, 11, 12, 13, 14, 15,
  20, 21, 22, 23,
  30, 31, 32,
  40, 41, 42, 43,
  50, 51,
  60, 61, 62, 63, 64, 65,
  70, 71, 72, 73, 74, 75, 76, 77, 78,
  80, 81, 82, 83, 84, 85, 86, 87, 88,
  90,
]);

/** ptxas's version encoding (see SUPPORTED_VERSIONS). */
export function versionCode(major: number, minor: number): number {
  return major * 10 + minor;
}

/**
 * Architectures `.target` accepts (as `sm_N` / `compute_N`, with suffix `a` or `f` where listed),
 * mapped to the oldest `.version` (major*10+minor) that supports them. sm_82 is accepted by
 * `.target` with no version requirement although `-arch=sm_82` is not a valid ptxas option.
 */
export const TARGET_MIN_VERSION: ReadonlyMap<string, number> = new Map([
  ['10', 10], ['11', 10], ['12', 12], ['13', 12],
  ['20', 20], ['21', 20],
  ['30', 30], ['32', 40], ['35', 31], ['37', 41],
  ['50', 40], ['52', 41], ['53', 42],
  ['60', 50], ['61', 50], ['62', 50],
  ['70', 51], ['72', 61], ['75', 63],
  ['80', 70], ['82', 10], ['86', 71], ['87', 74], ['88', 73], ['89', 78],
  ['90', 78], ['90a', 80],
  ['100', 86], ['100a', 86], ['100f', 88],
  ['101', 86], ['101a', 86], ['101f', 88],
  ['103', 88], ['103a', 88], ['103f', 88],
  ['110', 90], ['110a', 90], ['110f', 90],
  ['120', 87], ['120a', 87], ['120f', 88],
  ['121', 88], ['121a', 88], ['121f', 88],
]);

/** `.target` options that are not architectures. */
export const TARGET_OPTIONS: ReadonlySet<string> = new Set(['texmode_unified', 'texmode_independent', 'map_f64_to_f32', 'debug']);

export interface ParsedTarget {
  /** `sm` or `compute`. */
  family: 'sm' | 'compute';
  /** The numeric SM version, e.g. 90 for sm_90a. ptxas reads the digits as a number (`sm_080` is sm_80). */
  number: number;
  /** '' | 'a' | 'f'. */
  suffix: string;
  /** Key into TARGET_MIN_VERSION, e.g. '90a'. */
  key: string;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * Splits `sm_90a` / `compute_100f` into its parts; undefined when the word is not of the
 * `sm_<digits>[a|f]` / `compute_<digits>[a|f]` shape at all (then it is not an architecture).
 */
export function parseTargetName(word: string): ParsedTarget | undefined {
  let family: 'sm' | 'compute';
  let i: number;
  if (word.startsWith('sm_')) {
    family = 'sm';
    i = 3;
  } else if (word.startsWith('compute_')) {
    family = 'compute';
    i = 8;
  } else return undefined;
  const digitsStart = i;
  let number = 0;
  while (i < word.length) {
    const c = word.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) break;
    number = number * 10 + (c - DIGIT_0);
    i++;
  }
  if (i === digitsStart) return undefined;
  // ptxas ignores whatever follows the digits when it is not a known suffix (sm_90x, sm_90_a pass).
  const suffix = word.slice(i);
  const withSuffix = `${number}${suffix}`;
  return { family, number, suffix, key: TARGET_MIN_VERSION.has(withSuffix) ? withSuffix : String(number) };
}

/** Formats a version code back as ptxas prints it in "requires PTX ISA .version X" messages. */
export function formatVersionCode(code: number): string {
  return `${Math.floor(code / 10)}.${code % 10}`;
}

/**
 * The supported versions as ptxas-style ranges, for messages: runs of consecutive minors of one
 * major become `X.a-X.b`, the last run is joined with "and" (`1.0-1.5, 2.0-2.3 and 9.0`).
 */
export function formatVersionRanges(codes: Iterable<number> = SUPPORTED_VERSIONS): string {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1 && Math.floor(sorted[j + 1]! / 10) === Math.floor(sorted[i]! / 10)) j++;
    const first = formatVersionCode(sorted[i]!);
    ranges.push(j === i ? first : `${first}-${formatVersionCode(sorted[j]!)}`);
    i = j + 1;
  }
  if (ranges.length <= 1) return ranges[0] ?? '';
  return `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}`;
}
