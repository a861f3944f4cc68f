/** Bounds on the PTX preprocessor's work: hostile input gets a diagnostic, never unbounded time or memory. */


// ---------------------------------------------------------------- limits

/** `#include` nesting deeper than this is an error (also stops runaway recursion). */
export const MAX_INCLUDE_DEPTH = 64;

/** Nested macro invocations inside macro arguments. */
export const MAX_EXPANSION_DEPTH = 256;

/** Tokens one macro invocation may collect as arguments (they are held in memory at once). */
export const MAX_ARGUMENT_TOKENS = 1_000_000;

/** A longer directive (e.g. a multi-megabyte #define) is rejected rather than tokenized. */
export const MAX_DIRECTIVE_LENGTH = 4 << 20;

/** Inclusions and included bytes per run: bounds include bombs that have no cycle. */
export const MAX_INCLUDES = 20000;

export const MAX_INCLUDED_BYTES = 512 << 20;

/** Diagnostics for unterminated `#if`s at the end of one file. */
export const MAX_UNTERMINATED_REPORTS = 20;
