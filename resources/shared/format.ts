/** Display formats — docs/product/constants.md "currency en-US, default USD"; rates as percentages. */
import dayjs from 'dayjs';
import { formatCents, parseCents, type Cents } from '../../contract/money';

/** An amount the wire gives in dollars, through the one money module (contract/money.ts): `$1,234.05`. */
export function money(value: number | null | undefined, currency = 'USD'): string {
  const cents = value === null || value === undefined ? null : parseCents(value);
  return cents === null ? '—' : formatCents(cents, currency);
}

/** An amount in integer cents: `$1,234.05`. */
export function moneyCents(value: Cents | null | undefined, currency = 'USD'): string {
  return value === null || value === undefined ? '—' : formatCents(value, currency);
}

/** A 0..1 fraction as "97.5%". */
export function percent(rate: number | null | undefined, digits = 1): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '—';
  return `${(rate * 100).toFixed(digits)}%`;
}

/**
 * A supplier score (0–100) to one decimal, rounded half up, the same on the list, the supplier's
 * page and its performance page ("97.2" everywhere; antd's Statistic `precision` cuts instead).
 */
export function score(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return (Math.round(value * 10) / 10).toFixed(1);
}

export function dateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

/** `ordered_from_supplier` → "Ordered from supplier": one rule for the console and the server (contract/words.ts). */
export { humanize } from '../../contract/words';

/** "a Shopify product CSV", "an Amazon order report", "an eBay order CSV": the article a noun phrase takes (by its first letter). */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}
