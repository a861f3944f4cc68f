/** Lowercase hex of bytes, without Node's Buffer (the library runs in browsers too: core/host.ts). */

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToHex(bytes: Uint8Array): string {
  // Joined a chunk at a time: one string per byte for a whole 64 MB image would be too many.
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += 0x4000) {
    const end = Math.min(bytes.length, start + 0x4000);
    const parts = new Array<string>(end - start);
    for (let i = start; i < end; i++) parts[i - start] = HEX[bytes[i]!]!;
    chunks.push(parts.join(''));
  }
  return chunks.join('');
}
