// @vitest-environment jsdom
/**
 * /capital (docs/capital.md): the snapshot's figures in en-US dollars, the offers side by side with
 * their total cost, a seller's request (the body the server prices, then the advances and the
 * snapshot read again), the advances filtered by status on the server, an admin's Approve asking
 * first, and with the switch off the sentence that says how financing is turned on and no Request.
 * The chart's chunk is replaced by a stand-in (the chart library draws on a canvas jsdom lacks).
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import { CAPITAL_FINANCE_OFF_MESSAGE, type AdvanceRow, type CapitalOffer, type CapitalSnapshot } from '../../contract/capital';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
vi.mock('../../resources/capital/cashflow-chart', () => ({ default: ({ days }: { days: unknown[] }) => <div data-testid="cashflow">{days.length} days</div> }));

const { default: CapitalPage } = await import('../../resources/capital/capital-page');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const snapshot = (financing: boolean): CapitalSnapshot => ({
  capital_committed: 123_456, orders_open_count: 42, est_days_to_cashout: 6.5, cash_in_transit: 250_000, advances_outstanding: 55_000,
  currency: 'USD', financing_enabled: financing,
  cashflow: Array.from({ length: 90 }, (_, i) => ({ date: `d${i}`, in: 0, out: 0, net: 0 })),
  by_marketplace: [],
});
const offer: CapitalOffer = {
  id: 'merchant_cash', kind: 'merchant_cash', title: 'Merchant cash advance', max_principal_cents: 200_000, principal_cents: 200_000, fee_cents: 20_000,
  total_repay_cents: 220_000, total_cost_cents: 20_000, holdback_bp: 1000, term_months: null, factor: 1.1, fee_rate_bp: 1000, est_repayment_days: 40,
  early_payoff: true, description: 'A factor of 1.100 on the amount.', reasons: [],
};
const advance = (over: Partial<AdvanceRow> = {}): AdvanceRow => ({
  id: '00000000-0000-4000-8000-000000000001', number: 'ADV-1001', offer_kind: 'merchant_cash', status: 'requested', principal_cents: 50_000, fee_cents: 5_000,
  total_cents: 55_000, repaid_cents: 0, outstanding_cents: 0, holdback_bp: 1000, term_months: null, terms: {}, currency: 'USD', order_id: null, reasons: [],
  requested_by_email: 'seller@demo.local', requested_at: '2026-11-01T10:00:00Z', decided_by_email: null, decided_at: null, reject_reason: null, disbursed_at: null, repaid_at: null,
  ...over,
});

function handlers(financing: boolean, rows: AdvanceRow[] = [advance()]) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/capital' ? { body: { data: snapshot(financing), _meta: {} } } : undefined),
    (c) => (c.path === '/capital/eligibility/evaluate' ? { body: { data: { eligible: true, offers: [offer], reasons: [], basis: {}, financing_enabled: financing }, _meta: {} } } : undefined),
    (c) => (c.path === '/capital/advances' ? { body: listOf(c.query.get('status') === 'repaid' ? [] : rows) } : undefined),
    (c: Call) => (c.path === '/capital/advances/request' ? { status: 201, body: { data: advance({ principal_cents: (c.body as { principal_cents: number }).principal_cents }), _meta: {} } } : undefined),
    (c) => (/\/approve$/.test(c.path) ? { body: { data: advance({ status: 'disbursed' }), _meta: {} } } : undefined),
  ]);
}

describe('the capital page, as a seller', () => {
  pageTestHooks('user');

  it('shows the figures, the offers with their total cost, requests an advance and reads the advances and snapshot again', async () => {
    const api = handlers(true);
    renderConsole({ path: '/capital', route: '/capital', page: <CapitalPage />, role: 'user' });
    const figures = await screen.findByRole('list', { name: 'Capital figures' });
    expect(within(figures).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(figures).getByText('42')).toBeInTheDocument();
    expect(within(figures).getByText('6.5 days')).toBeInTheDocument();
    expect(await screen.findByTestId('cashflow')).toHaveTextContent('90 days');
    expect(screen.queryByText(CAPITAL_FINANCE_OFF_MESSAGE)).toBeNull();
    expect(await screen.findByText('ADV-1001')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Check eligibility' }));
    const card = await screen.findByTestId('offer-merchant_cash');
    expect(within(card).getByText('$200.00 (10 %)')).toBeInTheDocument();
    expect(within(card).getByText('$2,200.00')).toBeInTheDocument();
    const snapshotsBefore = api.of('GET', '/capital').length;
    const listsBefore = api.of('GET', '/capital/advances').length;
    fireEvent.change(await within(card).findByRole('spinbutton'), { target: { value: '500' } });
    fireEvent.click(await within(card).findByRole('button', { name: 'Request $500.00' }));
    await waitFor(() => expect(api.of('POST', '/capital/advances/request')).toHaveLength(1));
    expect(api.of('POST', '/capital/advances/request')[0].body).toEqual({ kind: 'merchant_cash', principal_cents: 50_000 });
    await waitFor(() => expect(api.of('GET', '/capital').length).toBeGreaterThan(snapshotsBefore));
    await waitFor(() => expect(api.of('GET', '/capital/advances').length).toBeGreaterThan(listsBefore));
    // a seller has no Approve
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('filters the advances by status on the server', async () => {
    const api = handlers(true);
    renderConsole({ path: '/capital', route: '/capital', page: <CapitalPage />, role: 'user' });
    await screen.findByText('ADV-1001');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Repaid'));
    await waitFor(() => expect(api.of('GET', '/capital/advances').some((c) => c.query.get('status') === 'repaid')).toBe(true));
    expect(await screen.findByText('No advances match these filters')).toBeInTheDocument();
  });

  it('with the switch off: says how financing is turned on, and offers no Request', async () => {
    handlers(false);
    renderConsole({ path: '/capital', route: '/capital', page: <CapitalPage />, role: 'user' });
    expect(await screen.findByText(CAPITAL_FINANCE_OFF_MESSAGE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check eligibility' }));
    await screen.findByTestId('offer-merchant_cash');
    expect(screen.queryByRole('button', { name: /^Request/ })).toBeNull();
  });
});

describe('the capital page, as an admin', () => {
  pageTestHooks('admin');

  it('approves a requested advance after asking', async () => {
    const api = handlers(true);
    renderConsole({ path: '/capital', route: '/capital', page: <CapitalPage />, role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and disburse' }));
    await waitFor(() => expect(api.of('POST', /\/capital\/advances\/.+\/approve$/)).toHaveLength(1));
  });
});
