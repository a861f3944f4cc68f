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
  const b = f64ToBits(x);
  const sign = Number(b >> 63n) << 15;
  const exp = Number((b >> 52n) & 0x7ffn);
  const mant = b & 0xfffffffffffffn;
  if (exp === 0x7ff) return sign | 0x7c00 | (mant !== 0n ? 0x200 | Number(mant >> 42n) : 0);
  if (exp === 0 && mant === 0n) return sign;
  // value = 1.mant * 2^(exp-1023) (or subnormal double, far below half range)
  const e = exp - 1023;
  if (e > 15) return sign | 0x7c00;
  // Full significand with the implicit bit: 53 bits.
  const sig = exp === 0 ? mant : mant | (1n << 52n);
  // Half keeps 11 significant bits for normals (e >= -14); fewer for subnormals.
  // Shift so that the result unit is 2^-24 (the half subnormal step) or 2^(e-10) for normals.
  const unitExp = e >= -14 ? e - 10 : -24;
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
  if (e >= -14) {
    // q has 11 bits (maybe 12 after rounding up).
    let he = e + 15;
    if (q >= 2048n) {
      q >>= 1n;
      he += 1;
    }
    if (he >= 31) return sign | 0x7c00;
    return sign | (he << 10) | Number(q & 0x3ffn);
  }
  // Subnormal half: q counts units of 2^-24; q == 1024 rounds up into the smallest normal.
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
