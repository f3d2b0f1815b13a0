import { centsToDollars } from '../../contract/money';

/** Numeric columns come back as strings from PGlite and as numbers from pg: one conversion for both. */
export function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

export function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : num(v);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A cents column (bigint, a number from both drivers) as the wire's dollars (contract/money.ts). */
export function dollarsOf(v: unknown): number {
  return centsToDollars(num(v));
}

export function dollarsOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : dollarsOf(v);
}
