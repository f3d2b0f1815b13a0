/**
 * Field builders every wire schema uses, so a bad value is a 400 naming its field and never reaches
 * the database (docs/api-conventions.md "Bad input"). Bounds follow the columns of
 * server/db/migrations: money is bigint cents (dollars on the wire), counts are integer, weights numeric(10,1).
 * Browser-safe: zod only.
 */
import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000. */
export const NUL_MESSAGE = 'must not contain NUL characters';
export const hasNul = (s: string) => s.includes('\u0000');

/**
 * A UTF-16 surrogate without its partner (`"\ud800"` in JSON) is not a character: UTF-8 cannot
 * encode it, so the database would store U+FFFD instead, and jsonb refuses the escape outright.
 */
export const SURROGATE_MESSAGE = 'must not contain unpaired surrogates (invalid Unicode)';
// a high surrogate not followed by a low one, or a low one not preceded by a high one (no
// lookbehind: the contract also runs in browsers); `String.prototype.isWellFormed` is ES2024
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

/** Why a string cannot be stored as text (NUL, unpaired surrogate), or null when it can. */
export function badTextReason(s: string): string | null {
  if (hasNul(s)) return NUL_MESSAGE;
  if (hasLoneSurrogate(s)) return SURROGATE_MESSAGE;
  return null;
}

/** Largest amount accepted, in dollars (10^11 cents in a bigint column; docs/commerce.md "Money"). */
export const MONEY_MAX = 1_000_000_000;
/** integer columns (stock, quantities, positions) */
export const INT4_MAX = 2_147_483_647;
/**
 * Stock of one product or variant. A product's stock is the sum of its up to 250 variants in an
 * integer column, so one variant holds at most a million units (250 × 10^6 < 2^31).
 */
export const STOCK_MAX = 1_000_000;
/** units of one order line */
export const QUANTITY_MAX = 1_000_000;
/** grams; numeric(10,1) */
export const WEIGHT_MAX = 10_000_000;
/** bigint sequences and ids the API takes as numbers stay exact in JavaScript */
export const SEQ_MAX = Number.MAX_SAFE_INTEGER;
export const YEAR_MIN = 1970;
export const YEAR_MAX = 9999;
/** Ages and intervals (DLQ age filters) span at most ten years. */
export const AGE_MAX_S = 10 * 366 * 24 * 60 * 60;
/** A keyset cursor is base64url of the last row's sort values. */
export const CURSOR_MAX = 2048;

interface TextOptions {
  max: number;
  min?: number;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
}

/** A text field: trimmed, bounded, free of NUL characters and of unpaired surrogates. */
export function text({ max, min = 0, trim = true }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  const bounded = min > 0 ? base.min(min).max(max) : base.max(max);
  return bounded.refine((s) => !hasNul(s), NUL_MESSAGE).refine((s) => !hasLoneSurrogate(s), SURROGATE_MESSAGE);
}

/** Optional free text that may be cleared with null. */
export const optText = (max: number) => text({ max }).nullable().optional();

/** A required, non-empty text field. */
export const reqText = (max: number) => text({ max, min: 1 });

/** An amount in the currency's units, two decimals, within what the money columns hold. */
export const money = z.number().min(0).max(MONEY_MAX);

/** A whole number within bounds (integer columns). */
export const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** The same from a query string. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const yearOf = (s: string) => Number(s.slice(0, 4));
const inYears = (s: string) => yearOf(s) >= YEAR_MIN && yearOf(s) <= YEAR_MAX;
const yearMessage = `year must be between ${YEAR_MIN} and ${YEAR_MAX}`;

/** `2024-03-15` (an impossible day such as Feb 31 is refused, not moved). */
export const isoDate = () => z.iso.date().refine(inYears, yearMessage);

/** `2024-03-15T10:00:00Z` (with offset) or a bare date. */
export const isoDateTime = () => z.iso.datetime({ offset: true }).or(z.iso.date()).refine(inYears, yearMessage);

/**
 * A calendar day that exists, in the accepted years: Feb 31 or Feb 29 of a common year is refused,
 * not moved to March (imports check their dates with this).
 */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** An opaque keyset cursor from `pagination.next_cursor`. */
export const cursor = z.string().max(CURSOR_MAX).regex(/^[A-Za-z0-9_-]+$/, 'not a cursor from this list');

/** `?flag=true` style booleans. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
