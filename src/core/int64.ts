/** 64-bit integer helpers over BigInt: both assemblers compute in 64 bits. */

export const U64_MASK = (1n << 64n) - 1n;
export const S64_MIN = -(1n << 63n);
export const S64_MAX = (1n << 63n) - 1n;

/** Wrap to an unsigned 64-bit value. */
export function toU64(v: bigint): bigint {
  return BigInt.asUintN(64, v);
}

/** Wrap to a signed 64-bit value. */
export function toS64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/** Wrap to N bits, unsigned. */
export function truncBits(v: bigint, bits: number): bigint {
  return BigInt.asUintN(bits, v);
}

/** Little-endian bytes of the low `size` bytes of v. */
export function toLittleEndian(v: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = BigInt.asUintN(size * 8, v);
  for (let i = 0; i < size; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** Lowercase hex without prefix, zero-padded to `digits`. */
export function hex(v: bigint, digits: number): string {
  return BigInt.asUintN(digits * 4, v).toString(16).padStart(digits, '0');
}
