/**
 * Row values as an answer spells them (docs/api-conventions.md "Answers"): timestamps the drivers
 * read as `Date` (or as text) become the ISO string the contract declares, as `Date#toJSON` would
 * write them anyway; the row mappers are then typed by their contract row (`z.infer`).
 */

/** A timestamp that is always set. */
export function iso(v: unknown): string {
  if (v === null || v === undefined) throw new Error('A required timestamp is missing');
  return new Date(v as string | Date).toISOString();
}

/** A timestamp that may be unset (null). */
export function isoOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : new Date(v as string | Date).toISOString();
}
