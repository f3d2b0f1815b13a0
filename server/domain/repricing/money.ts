/**
 * Integer-cent arithmetic for the repricer (docs/repricing.md "Rounding"). Percentages are basis
 * points (1 % = 100 bp) and every division rounds explicitly, on integers, so no float ever touches
 * a price.
 */

export const BP = 10_000n;

/** ⌈a / b⌉ for non-negative a and positive b. */
export function divCeil(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** ⌊a / b⌋ for non-negative a and positive b. */
export function divFloor(a: bigint, b: bigint): bigint {
  return a / b;
}

/**
 * ⌊a × b / d⌋, ⌈a × b / d⌉ and a × b / d rounded half up, for integers a, b and a positive integer d.
 * While the product is a non-negative integer below 2^53 it is exact as a number and the division
 * is done on integers (remainder first); otherwise in bigint. Same results either way: no float is
 * ever rounded.
 */
export function mulDivFloor(a: number, b: number, d: number): number {
  const p = a * b;
  if (p >= 0 && Number.isSafeInteger(p)) return (p - (p % d)) / d;
  return Number(divFloor(BigInt(a) * BigInt(b), BigInt(d)));
}

export function mulDivCeil(a: number, b: number, d: number): number {
  const p = a * b;
  if (p >= 0 && Number.isSafeInteger(p + d)) {
    const r = p % d;
    return (p - r) / d + (r > 0 ? 1 : 0);
  }
  return Number(divCeil(BigInt(a) * BigInt(b), BigInt(d)));
}

export function mulDivRound(a: number, b: number, d: number): number {
  const p = a * b;
  const half = (d - (d % 2)) / 2;
  if (p >= 0 && Number.isSafeInteger(p + half)) return mulDivFloor(p + half, 1, d);
  return Number((BigInt(a) * BigInt(b) + BigInt(half)) / BigInt(d));
}

/** cents × bp / 10 000, rounded down (never less than 0). */
export function pctOfFloor(cents: number, bp: number): number {
  return mulDivFloor(cents, bp, 10_000);
}

/** cents × bp / 10 000, rounded up. */
export function pctOfCeil(cents: number, bp: number): number {
  return mulDivCeil(cents, bp, 10_000);
}

/** A fee rate given as a fraction (0.1325) in basis points (1325); fee schedules are exact to the bp. */
export function rateToBp(rate: number): number {
  return Math.round(rate * 10_000);
}

/** "$1,234.05" from integer cents, without going through a float. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "10 %" / "2.5 %" from basis points. */
export function formatBp(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? `${whole} %` : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')} %`;
}
