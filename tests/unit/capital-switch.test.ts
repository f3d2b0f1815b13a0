/**
 * The capital switch (docs/capital.md "The switch"): FEATURE_CAPITAL_FINANCE is read from the
 * server's environment at start — off unless it says so — and the build's default agrees.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { BUILD_FEATURES } from '../../contract/constants';

const saved = process.env.FEATURE_CAPITAL_FINANCE;
afterEach(() => {
  if (saved === undefined) delete process.env.FEATURE_CAPITAL_FINANCE;
  else process.env.FEATURE_CAPITAL_FINANCE = saved;
});

describe('FEATURE_CAPITAL_FINANCE', () => {
  it('is off by default, as the build says', () => {
    delete process.env.FEATURE_CAPITAL_FINANCE;
    expect(loadConfig().capitalFinance).toBe(false);
    expect(BUILD_FEATURES.capitalFinance).toBe(false);
  });

  it.each([['true', true], ['1', true], ['on', true], ['TRUE', true], ['false', false], ['0', false], ['', false], ['yes please', false]])('%j → %s', (v, on) => {
    process.env.FEATURE_CAPITAL_FINANCE = v;
    expect(loadConfig().capitalFinance).toBe(on);
  });
});
