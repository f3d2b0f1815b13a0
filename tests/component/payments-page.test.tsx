// @vitest-environment jsdom
/**
 * /payments (docs/payouts.md "Console"): the Payouts tab's server-side table (rows in dollars, a
 * filter sent to the server), a payout opened in its drawer with its totals by kind and its lines,
 * and the table's empty and error states. The chart's chunk and the Reconciliation tab (tested on
 * their own) are replaced by stand-ins: the chart library draws on a canvas jsdom does not have.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { PayoutDetail, PayoutRow } from '../../contract/payouts';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
vi.mock('../../resources/payments/payouts-chart', () => ({ default: () => <div data-testid="chart">chart</div> }));
vi.mock('../../resources/payments/reconciliation-tab', () => ({ ReconciliationTab: () => <div>Reconciliation stand-in</div> }));

const { default: PaymentsPage } = await import('../../resources/payments/payments-page');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('user');

const ID = '6b1f0c9e-3a53-4b7e-9d0c-1f2e3d4c5b6a';
const payout: PayoutRow = {
  id: ID, external_id: 'PAYOUT-14', marketplace_id: 'm1', account_name: 'Amazon US', marketplace: 'amazon',
  period_start: '2026-11-01T10:00:00.000Z', period_end: '2026-11-14T10:00:00.000Z', status: 'paid', currency: 'USD', source: 'connector',
  orders_count: 2, gross_cents: 400000, fees_cents: 60000, refunds_cents: 0, reserve_cents: 34000, adjustments_cents: 0, net_cents: 306000,
  expected_date: '2026-11-14', received_date: '2026-11-14', lines_count: 5, created_at: '2026-11-14T10:00:00.000Z',
};
const line = (n: number, kind: 'sale' | 'fee' | 'reserve_held', amount: number, fee_type: 'referral' | null = null) => ({
  id: `l${n}`, line_no: n, kind, fee_type, order_id: kind === 'reserve_held' ? null : 'ORD-7', external_order_id: kind === 'reserve_held' ? null : 'A-7',
  external_line_id: null, amount_cents: amount, currency: 'USD', description: `line ${n}`, posted_at: '2026-11-02T10:00:00.000Z',
});
const detail: PayoutDetail = {
  ...payout,
  totals: [
    { kind: 'sale', fee_type: null, lines: 2, amount_cents: 400000 },
    { kind: 'fee', fee_type: 'referral', lines: 2, amount_cents: -60000 },
    { kind: 'reserve_held', fee_type: null, lines: 1, amount_cents: -34000 },
  ],
  lines_total_cents: 306000,
  lines: [line(1, 'sale', 200000), line(2, 'fee', -30000, 'referral'), line(3, 'sale', 200000), line(4, 'fee', -30000, 'referral'), line(5, 'reserve_held', -34000)],
  lines_page: { total: 5, limit: 20, offset: 0 },
};

function api(opts: { status?: number; empty?: boolean } = {}) {
  return fakeApi([
    (c) => (c.path === '/payouts' ? (opts.status ? { status: opts.status, body: { message: 'Database unavailable', code: 'unavailable' } } : { body: listOf(opts.empty ? [] : [payout], opts.empty ? 0 : 41) }) : undefined),
    (c) => (c.path === `/payouts/${ID}` ? { body: { data: detail, _meta: {} } } : undefined),
    (c) => (c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
  ]);
}

describe('the payments page', () => {
  it('lists payouts from the server, filters there, and opens a payout with its totals and lines', async () => {
    const calls = api();
    renderConsole({ path: '/payments', route: '/payments', page: <PaymentsPage /> });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('PAYOUT-14')).toBeInTheDocument();
    expect(within(table).getByText('$3,060.00')).toBeInTheDocument();
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reconciliation' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('In transit'));
    await waitFor(() => expect(calls.of('GET', '/payouts').some((c) => c.query.get('status') === 'in_transit')).toBe(true));
    fireEvent.click(within(table).getByRole('link', { name: 'Open payout PAYOUT-14' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Totals by kind')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Fee: referral')).toHaveLength(3); // its total and its two lines
    expect(within(drawer).getByText('-$600.00')).toBeInTheDocument();
    expect(within(drawer).getAllByText('ORD-7')).toHaveLength(4);
    expect(within(drawer).getByText('line 5')).toBeInTheDocument();
    expect(calls.of('GET', `/payouts/${ID}`)[0].query.get('lines_limit')).toBe('20');
  });

  it('says when there are no payouts yet, and offers Retry when the server fails', async () => {
    api({ empty: true });
    const { unmount } = renderConsole({ path: '/payments', route: '/payments', page: <PaymentsPage /> });
    expect(await screen.findByText(/No payouts yet/)).toBeInTheDocument();
    unmount();
    api({ status: 503 });
    renderConsole({ path: '/payments', route: '/payments', page: <PaymentsPage /> });
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
