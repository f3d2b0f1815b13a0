/**
 * The fee overrides section's form values and body (docs/settings.md "Fee overrides"): a rate as a
 * percent with two decimals and a fixed fee in dollars, each row's pair empty for the standard
 * schedule; to and from basis points and cents through contract/money.ts, never through a float.
 */
import type { FeeOverride, FeeOverrides } from '../../contract/fee-overrides';
import type { MarketplaceKind } from '../../contract/marketplaces';
import { centsToDecimal, parseCents, percentToBp } from '../../contract/money';

/** One row's text, named as the server's fields so a 400's details land under them. */
export type RowValues = { rate_bp?: string; fixed_cents?: string };
export interface FeeFormValues { overrides: Partial<Record<MarketplaceKind, RowValues>> }

/** Two decimals at most, no sign: "11.5", "11.50", "0". */
export const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** Dollars with up to two decimals, an optional "$": "0.30", "$1", ".25". */
export const DOLLARS = /^\$?(\d{1,6}(\.\d{0,2})?|\.\d{1,2})$/;

export const blank = (s: string | undefined) => (s ?? '').trim() === '';

/** Basis points as a percent's text: hundredths of a percent are written as hundredths of a dollar are ("11.50"). */
export const percentText = (bp: number) => centsToDecimal(bp);

export const toForm = (d: FeeOverrides): FeeFormValues => ({
  overrides: Object.fromEntries(
    d.marketplaces.map((m) => [m.kind, m.override ? { rate_bp: percentText(m.override.rate_bp), fixed_cents: centsToDecimal(m.override.fixed_cents) } : { rate_bp: '', fixed_cents: '' }]),
  ),
});

/**
 * The body of `PUT /settings/fees`: each row's override in basis points and cents, or null (the
 * standard schedule) when both its fields are empty. Text the form did not accept reaches the
 * server as null values, which it names as the field's error.
 */
export function feeOverridesBodyOf(v: FeeFormValues, kinds: readonly MarketplaceKind[]): { overrides: Record<string, FeeOverride | null> } {
  return {
    overrides: Object.fromEntries(kinds.map((k) => {
      const r = v.overrides?.[k] ?? {};
      if (blank(r.rate_bp) && blank(r.fixed_cents)) return [k, null];
      return [k, { rate_bp: percentToBp((r.rate_bp ?? '').trim()) as number, fixed_cents: parseCents((r.fixed_cents ?? '').trim()) as number }];
    })),
  };
}
