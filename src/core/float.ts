/** IEEE-754 bit-level helpers: exact conversions between doubles, singles and halves. */

const buf = new DataView(new ArrayBuffer(8));

/** Bits of a double as an unsigned 64-bit BigInt. */
export function f64ToBits(x: number): bigint {
  buf.setFloat64(0, x);
  return buf.getBigUint64(0);
}

/** Double from its 64 bits. */
export function bitsToF64(bits: bigint): number {
  buf.setBigUint64(0, BigInt.asUintN(64, bits));
  return buf.getFloat64(0);
}

/** Bits of the double rounded to single precision (round to nearest even). */
export function f64ToF32Bits(x: number): number {
  buf.setFloat32(0, x);
  return buf.getUint32(0);
}

/** Single from its 32 bits, widened exactly to a double. */
export function bitsToF32(bits: number): number {
  buf.setUint32(0, bits >>> 0);
  return buf.getFloat32(0);
}

/**
 * Bits of a double rounded to IEEE half precision, round to nearest even, overflow to infinity.
 * Rounds directly from the double (no double rounding through single).
 */
export function f64ToF16Bits(x: number): number {
  return f64ToNarrowBits(x, 5, 10);
}

/**
 * Bits of a double rounded to bfloat16 (1 sign, 8 exponent, 7 fraction bits), round to nearest
 * even, overflow to infinity. Rounds directly from the double (no double rounding through single).
 */
export function f64ToBF16Bits(x: number): number {
  return f64ToNarrowBits(x, 8, 7);
}

/** Bits of a double rounded to a binary format of at most 16 bits (1 sign bit, `expBits`, `fracBits`), RNE. */
function f64ToNarrowBits(x: number, expBits: number, fracBits: number): number {
  const b = f64ToBits(x);
  const sign = Number(b >> 63n) << (expBits + fracBits);
  const exp = Number((b >> 52n) & 0x7ffn);
  const mant = b & 0xfffffffffffffn;
  const bias = (1 << (expBits - 1)) - 1;
  const inf = ((1 << expBits) - 1) << fracBits;
  if (exp === 0x7ff) return sign | inf | (mant !== 0n ? (1 << (fracBits - 1)) | Number(mant >> BigInt(52 - fracBits)) : 0);
  if (exp === 0 && mant === 0n) return sign;
  // value = 1.mant * 2^(exp-1023) (or subnormal double, far below the narrow format's range)
  const e = exp - 1023;
  if (e > bias) return sign | inf;
  // Full significand with the implicit bit: 53 bits.
  const sig = exp === 0 ? mant : mant | (1n << 52n);
  // The result's unit: 2^(e-fracBits) for normals (e >= 1-bias), the subnormal step below.
  const emin = 1 - bias;
  const unitExp = e >= emin ? e - fracBits : emin - fracBits;
  // sig is scaled by 2^(e-52) (for normal doubles); shift right by unitExp - (e - 52).
  const shift = BigInt(unitExp - (exp === 0 ? -1074 : e - 52));
  let q: bigint;
  if (shift <= 0n) q = sig << -shift;
  else {
    q = sig >> shift;
    const rem = sig & ((1n << shift) - 1n);
    const half = 1n << (shift - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  if (e >= emin) {
    // q has fracBits+1 bits (maybe one more after rounding up).
    let he = e + bias;
    if (q >= 1n << BigInt(fracBits + 1)) {
      q >>= 1n;
      he += 1;
    }
    if (he >= (1 << expBits) - 1) return sign | inf;
    return sign | (he << fracBits) | Number(q & ((1n << BigInt(fracBits)) - 1n));
  }
  // Subnormal: q counts units of the subnormal step; a carry into the smallest normal is its encoding.
  return sign | Number(q);
}

/** Double value of half bits. */
export function f16BitsToF64(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}
