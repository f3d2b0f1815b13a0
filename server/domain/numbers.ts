/** Numeric columns come back as strings from PGlite and as numbers from pg: one conversion for both. */
export function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

export function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : num(v);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
