/**
 * The video instructions' operand selectors (`%r1.h10`, `%r2.b3210`) as ptxas 13.0 takes them,
 * measured in session 18 on every spelling `.b` + 1 to 4 digits 0-7 (the 3- and 4-digit ones
 * sampled) and `.h` + 1 or 2 digits 0-4, at each operand of the SIMD video instructions
 * (vadd2 ... vset4) and at the result of the scalar ones. ptxas reads any `.b`/`.h` with digits as
 * a selector and refuses the rest afterwards ("Incorrect video selector for operand N",
 * "Unknown video selector"), so the parser takes that whole shape (VIDEO_SELECTOR_SHAPE) and
 * the checker judges it here.
 */

/** What the parser reads as a selector after `name.`: `b` or `h` and digits. */
export const VIDEO_SELECTOR_SHAPE = /^[bh][0-9]{1,5}$/;

/** The opcodes that take selectors: the scalar video instructions and the SIMD ones. */
export const VIDEO_OPCODES: ReadonlySet<string> = new Set([
  'vadd', 'vsub', 'vabsdiff', 'vmin', 'vmax', 'vshl', 'vshr', 'vset', 'vmad',
  'vadd2', 'vsub2', 'vavrg2', 'vabsdiff2', 'vmin2', 'vmax2', 'vset2', 'vadd4', 'vsub4', 'vavrg4', 'vabsdiff4', 'vmin4', 'vmax4', 'vset4',
]);

/** The SIMD video instructions with half-word lanes (vadd2 ... vset2). */
export const VIDEO_SIMD2: ReadonlySet<string> = new Set(['vadd2', 'vsub2', 'vavrg2', 'vabsdiff2', 'vmin2', 'vmax2', 'vset2']);
/** The SIMD video instructions with byte lanes (vadd4 ... vset4). */
export const VIDEO_SIMD4: ReadonlySet<string> = new Set(['vadd4', 'vsub4', 'vavrg4', 'vabsdiff4', 'vmin4', 'vmax4', 'vset4']);

/** The result masks of the half-word SIMD instructions (with or without a secondary operation). */
export const SIMD2_MASKS: ReadonlySet<string> = new Set(['h0', 'h1', 'h10']);
/** The result masks of the byte SIMD instructions: the lanes written, highest first. */
export const SIMD4_MASKS: ReadonlySet<string> = new Set(['b0', 'b1', 'b2', 'b3', 'b10', 'b20', 'b21', 'b30', 'b31', 'b32', 'b210', 'b310', 'b320', 'b321', 'b3210']);
/** The source selectors of the half-word SIMD instructions: two lane numbers 0-3 (`.h10`, `.h32`, `.h03`). */
export const SIMD2_SOURCE = /^h[0-3]{2}$/;
/** The source selectors of the byte SIMD instructions: four lane numbers 0-7 (`.b3210`, `.b7654`). */
export const SIMD4_SOURCE = /^b[0-7]{4}$/;

/**
 * The scalar video instructions (vadd ... vmad): a byte `.b0`-`.b3` or a half-word `.h0`/`.h1` on d, a
 * and b (measured with ptxas 13.0, session 18: `.b3210`, `.h10`, `.b02` are "Incorrect video selector
 * for operand N"). `.b01`, `.b12`, `.b23` are no selector to ptxas: taken on d and c (and on any 32-bit
 * register of the other instructions), refused on a and b.
 */
export const SCALAR_SELECTOR = /^(b[0-3]|h[01])$/;
/** `.b01`, `.b12`, `.b23`: no selector to ptxas (see SCALAR_SELECTOR). */
export const NOT_SELECTORS: ReadonlySet<string> = new Set(['b01', 'b12', 'b23']);
