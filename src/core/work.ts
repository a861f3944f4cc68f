/**
 * Work meter: a running count of input-driven steps — each token a lexer reads (PTX, PTX
 * preprocessor, AMDGPU) and each expression node an evaluator visits. It exists for tests only:
 * the hostile suite reads it before and after checking an input and requires that doubling the
 * input at most doubles the count (docs/testing.md, "How growth is judged"). A count is the same on
 * any machine, under any load, which a time is not.
 *
 * The library only adds to it and never reads it; nothing else (no environment variable, no
 * option) switches it. It is not part of the package's public API.
 */
export const workMeter = { steps: 0 };
