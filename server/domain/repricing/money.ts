/**
 * Integer-cent arithmetic for the repricer (docs/repricing.md "Rounding"). Percentages are basis
 * points (1 % = 100 bp) and every division rounds explicitly, in bigint, so no float ever touches
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

/** cents × bp / 10 000, rounded down (never less than 0). */
export function pctOfFloor(cents: number, bp: number): number {
  return Number(divFloor(BigInt(cents) * BigInt(bp), BP));
}

/** cents × bp / 10 000, rounded up. */
export function pctOfCeil(cents: number, bp: number): number {
  return Number(divCeil(BigInt(cents) * BigInt(bp), BP));
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
