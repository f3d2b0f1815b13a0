/**
 * The console shows and takes money through the one money module (contract/money.ts): amounts the
 * wire gives in dollars or in cents print the same en-US text, and a typed dollar amount becomes
 * cents by the money rule (half up), never through float arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { money, moneyCents } from '../../resources/shared/format';
import { toCents } from '../../resources/listings/cents';
import { checkPrice } from '../../resources/listings/price-check';

describe('money in the console', () => {
  it('prints dollars and cents alike, with thousands and sign, and a dash for none', () => {
    expect(money(1234.05)).toBe('$1,234.05');
    expect(moneyCents(123405)).toBe('$1,234.05');
    expect(moneyCents(-50)).toBe('-$0.50');
    expect(money(19.5)).toBe('$19.50');
    expect(money(null)).toBe('—');
    expect(money(Number.NaN)).toBe('—');
    expect(moneyCents(undefined)).toBe('—');
  });

  it('rounds half up from what was typed, where float arithmetic would round down', () => {
    // 1.005 * 100 is 100.49999999999999 in floating point
    expect(toCents(1.005)).toBe(101);
    expect(money(1.005)).toBe('$1.01');
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
  });

  it('names MAP and cost in the price warning as the money module writes them', () => {
    expect(checkPrice(1000, 123405, null).warning).toContain('$1,234.05');
  });
});
