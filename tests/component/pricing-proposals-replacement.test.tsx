// @vitest-environment jsdom
/**
 * The proposals table (docs/repricing.md "Proposals"): approving a proposal a newer one replaced
 * offers to approve that one, alone and in a bulk; the layout keeps the actions in a column fixed on
 * the right and the reason on one line (ellipsis) with the whole sentence in a tooltip.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import ProposePricingPage from '../../resources/pricing/propose-pricing-page';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 300_000 });
pageTestHooks();

const P1 = '55555555-5555-4555-8555-555555555551';
const P2 = '55555555-5555-4555-8555-555555555552';
const P3 = '55555555-5555-4555-8555-555555555553';
const LONG = 'Lowered $1.50 to beat Acme at $21.50 while Zeta, Borealis and four other sellers rated above 90 % hold the buy box at prices between $21.50 and $29.99; floor $17.80 (MAP)';
const proposal = (id: string, sku: string, extra: Record<string, unknown> = {}) => ({
  id, listing_id: `l-${sku}`, decision_id: '1', rule_id: 'r1', marketplace_id: 'm1', marketplace_name: 'Amazon US', sku, title: sku, status: 'pending',
  old_price_cents: 2299, new_price_cents: 2149, margin_before_cents: 700, margin_after_cents: 572, floor_cents: 1780, ceiling_cents: 2999,
  reason: LONG, decided_at: null, decided_by: null, created_at: '2026-11-23T10:00:00Z', ...extra,
});
const REPLACED = { code: 'proposal_decided', message: 'This proposal is already expired: a newer proposal ($20.99) replaced it', details: { replaced_by: P3, new_price_cents: 2099 } };

function api() {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/pricing/proposals' ? { body: listOf([proposal(P1, 'LAMP-BLK'), proposal(P2, 'LAMP-WHT')]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/listings' ? { body: listOf([]) } : undefined),
    (c) => (c.method === 'POST' && c.path === `/pricing/proposals/${P1}/approve` ? { status: 409, body: REPLACED } : undefined),
    (c) => (c.method === 'POST' && c.path === `/pricing/proposals/${P3}/approve` ? { body: { data: proposal(P3, 'LAMP-BLK', { status: 'applied', new_price_cents: 2099 }) } } : undefined),
    (c) =>
      c.method === 'POST' && c.path === '/pricing/proposals/bulk'
        ? {
            body: {
              action: 'approve',
              succeeded: 1,
              failed: 1,
              results: [
                { id: P1, ok: false, error: REPLACED },
                { id: P2, ok: true },
              ],
            },
          }
        : undefined,
  ]);
}

describe('proposals table', () => {
  it('keeps the actions in a column fixed on the right and the reason on one line with a tooltip', async () => {
    const user = userEvent.setup();
    api();
    renderConsole({ role: 'user', path: '/pricing/propose', route: '/pricing/propose', page: <ProposePricingPage /> });
    await screen.findByText('LAMP-BLK');
    const reject = await screen.findByLabelText('Reject LAMP-BLK');
    expect(reject.closest('td')).toHaveClass('ant-table-cell-fix-right');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('ant-table-cell-fix-right');
    const reason = screen.getAllByLabelText(LONG)[0];
    expect(reason.closest('td')).toHaveClass('ant-table-cell-ellipsis');
    expect(reason.closest('table')).toHaveStyle({ tableLayout: 'fixed' });
    await user.hover(reason);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  });

  it('approving a replaced proposal offers the newer one: alone and in a bulk', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderConsole({ role: 'user', path: '/pricing/propose', route: '/pricing/propose', page: <ProposePricingPage /> });
    await screen.findByText('LAMP-BLK');

    await user.click(await screen.findByLabelText('Approve LAMP-BLK at $21.49'));
    expect((await screen.findAllByText('LAMP-BLK was not approved')).length).toBeGreaterThan(0);
    const dialog = (await screen.findByRole('button', { name: /Approve that one/ })).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(REPLACED.message)).toBeInTheDocument();
    expect(within(dialog).getByText('Replaced by a newer proposal ($20.99) —')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Approve that one/ }));
    await waitFor(() => expect(fake.of('POST', `/pricing/proposals/${P3}/approve`)).toHaveLength(1));
    expect(fake.of('POST', `/pricing/proposals/${P3}/approve`)[0].body).toEqual({});
    expect(await within(dialog).findByText('Newer proposal approved at $20.99')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await user.click(screen.getByLabelText('Select LAMP-BLK'));
    await user.click(screen.getByLabelText('Select LAMP-WHT'));
    await user.click(screen.getByRole('button', { name: /Approve selected/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 of 2 done, 1 failed')).toBeInTheDocument();
    const results = (await screen.findByLabelText('Bulk progress')).closest('.ant-modal') as HTMLElement;
    expect(within(results).getByText('Replaced by a newer proposal ($20.99) —')).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: /Approve that one/ }));
    await waitFor(() => expect(fake.of('POST', `/pricing/proposals/${P3}/approve`)).toHaveLength(2));
    expect(await within(results).findByText('Newer proposal approved at $20.99')).toBeInTheDocument();
  });
});
