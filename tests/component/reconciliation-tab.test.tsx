// @vitest-environment jsdom
/**
 * /payments → Reconciliation (docs/reconciliation.md "Console"): the problems from the server with
 * their amount and words, the kind filter sent to the server, and a dispute that asks for its note
 * before it posts `{action: 'dispute', note}` and reads the list again; the agent sees no Resolve.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import { PROBLEM_ADVICE, type ProblemRow } from '../../contract/reconciliation';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { ReconciliationTab } = await import('../../resources/payments/reconciliation-tab');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const problem = (over: Partial<ProblemRow> = {}): ProblemRow => ({
  id: '00000000-0000-4000-8000-0000000000a1', kind: 'fee_above_schedule', status: 'open', marketplace: 'amazon', marketplace_id: null,
  order_id: 'ORD-1042', payout_id: '00000000-0000-4000-8000-0000000000b1', payout_line_id: null, amount_cents: 1500, currency: 'USD',
  facts: { expected_cents: 15000, charged_cents: 16500, external_payout_id: '11223344556' },
  explanation: 'Amazon charged $165.00 in fees; the fee schedule says $150.00.', what_to_do: PROBLEM_ADVICE.fee_above_schedule,
  note: null, resolved_by: null, resolved_at: null, found_at: '2026-11-20T10:00:00Z', ...over,
});

function api() {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/payouts/reconciliation' ? { body: listOf([problem()]) } : undefined),
    (c) => (c.method === 'POST' && /\/resolve$/.test(c.path) ? { body: { data: problem({ status: 'disputed', note: 'case 1' }), _meta: {} } } : undefined),
  ]);
}

describe('the Reconciliation tab, as a seller', () => {
  pageTestHooks('user');

  it('lists each problem with its amount, words and links; filters on the server; disputes with a note', async () => {
    const fake = api();
    renderConsole({ path: '/payments', route: '/payments', page: <ReconciliationTab />, role: 'user' });
    const row = (await screen.findByText('Amazon charged $165.00 in fees; the fee schedule says $150.00.')).closest('tr')!;
    expect(within(row).getByText('$15.00')).toBeInTheDocument();
    expect(within(row).getByText('Fee above schedule')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ORD-1042' })).toHaveAttribute('href', '/orders/ORD-1042');
    expect(within(row).getByRole('link', { name: /Payout 11223344556/ })).toHaveAttribute('href', '/payments?payout=00000000-0000-4000-8000-0000000000b1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Problem' }));
    fireEvent.click(await screen.findByTitle('Refund without a return'));
    await waitFor(() => expect(fake.of('GET', '/payouts/reconciliation').some((c) => c.query.get('kind') === 'refund_without_return')).toBe(true));

    fireEvent.click(within(row).getByRole('button', { name: /^Resolve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this problem?' });
    fireEvent.click(within(dialog).getByLabelText('Dispute with the marketplace'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    expect(await within(dialog).findByText('Say why you dispute it (the note goes with the case)')).toBeInTheDocument();
    expect(fake.of('POST', /\/resolve$/)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'case 1' } });
    const gets = fake.of('GET', '/payouts/reconciliation').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    await waitFor(() => expect(fake.of('POST', '/payouts/reconciliation/00000000-0000-4000-8000-0000000000a1/resolve')).toHaveLength(1));
    expect(fake.of('POST', /\/resolve$/)[0].body).toEqual({ action: 'dispute', note: 'case 1' });
    await waitFor(() => expect(fake.of('GET', '/payouts/reconciliation').length).toBeGreaterThan(gets));
  });
});

describe('the Reconciliation tab, as the agent', () => {
  pageTestHooks('agent');

  it('reads the problems and offers no Resolve nor upload', async () => {
    api();
    renderConsole({ path: '/payments', route: '/payments', page: <ReconciliationTab />, role: 'agent' });
    await screen.findByText('Amazon charged $165.00 in fees; the fee schedule says $150.00.');
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload settlement report' })).toBeNull();
  });
});
