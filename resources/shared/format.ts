/** Display formats — docs/product/constants.md "currency en-US, default USD"; rates as percentages. */
import dayjs from 'dayjs';

export function money(value: number | null | undefined, currency = 'USD'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}

/** A 0..1 fraction as "97.5%". */
export function percent(rate: number | null | undefined, digits = 1): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '—';
  return `${(rate * 100).toFixed(digits)}%`;
}

export function dateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

/** `ordered_from_supplier` → "Ordered from supplier": one rule for the console and the server (contract/words.ts). */
export { humanize } from '../../contract/words';
