/**
 * Bytes with an end mark: how a caller that has read a file hands its bytes to a lexer (PTX's or
 * AMDGPU's), so that the lexer scans them in place instead of a copy of the text. The bytes are a
 * text's latin1 encoding (one byte per character) and sit alone in a buffer one byte longer whose
 * last byte is 0: the scanners may read that 0 after the text's end. The CLI reads files so
 * (src/cli/read.ts, `readWithEndMark`).
 */

/**
 * `bytes` (the latin1 bytes of a text of `length` characters) with their end mark: a view one
 * byte longer, when they are the whole of a buffer of `length + 1` bytes whose last byte is 0;
 * undefined otherwise (the lexer then makes its own copy).
 */
export function withEndMark(bytes: Uint8Array, length: number): Uint8Array | undefined {
  if (bytes.length !== length || bytes.byteOffset !== 0 || bytes.buffer.byteLength !== length + 1) return undefined;
  const view = new Uint8Array(bytes.buffer, 0, length + 1);
  return view[length] === 0 ? view : undefined;
}
