// @vitest-environment jsdom
/** The order page's "Profit" card (docs/commerce.md "Order profit"): every line, the loss in red, parts not known yet marked. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { OrderProfitCard } from '../../resources/orders/order-profit';
import { computeOrderProfit } from '../../contract/profit';
import { installDomShims } from './support/dom-shims';

installDomShims();
afterEach(cleanup);

describe('Profit card', () => {
  it('shows ORD-105769 losing $29.04 in red', () => {
    render(<OrderProfitCard profit={computeOrderProfit({ sale_cents: 7198, fees_cents: 984, supplier_cents: 4130, postage_cents: 4988, refunds_cents: 0 })} />);
    expect(screen.getByText('Profit')).toBeTruthy();
    expect(screen.getByText('$71.98')).toBeTruthy();
    expect(screen.getByText('-$9.84')).toBeTruthy();
    expect(screen.getByText('-$41.30')).toBeTruthy();
    expect(screen.getByText('-$49.88')).toBeTruthy();
    const result = screen.getByTestId('profit-result');
    expect(result.textContent).toBe('-$29.04 (-40.3 % of the sale)');
    expect(result.className).toMatch(/danger/);
  });

  it('marks the parts not known yet and has no result until they are', () => {
    render(<OrderProfitCard profit={computeOrderProfit({ sale_cents: 7198, fees_cents: 984, supplier_cents: 4130, postage_cents: null, refunds_cents: 0 })} />);
    expect(screen.getAllByText('not known yet')).toHaveLength(2);
    expect(screen.queryByTestId('profit-result')).toBeNull();
  });

  it('shows a profit without red', () => {
    render(<OrderProfitCard profit={computeOrderProfit({ sale_cents: 10000, fees_cents: 1500, supplier_cents: 4000, postage_cents: 895, refunds_cents: 0 })} />);
    const result = screen.getByTestId('profit-result');
    expect(result.textContent).toBe('$36.05 (36.1 % of the sale)');
    expect(result.className).not.toMatch(/danger/);
  });
});
