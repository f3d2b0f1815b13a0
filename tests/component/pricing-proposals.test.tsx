// @vitest-environment jsdom
/**
 * /pricing/propose (docs/repricing.md "Proposals"): proposing over filtered listings sends their ids
 * and shows the engine's counts; the pending proposals list approves as proposed, approves at an
 * edited price (cents on the wire), rejects, says why an expired proposal was not approved, and
 * approves a selection in bulk after a confirmation.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import ProposePricingPage from '../../resources/pricing/propose-pricing-page';
import { listing } from './listings-harness';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

// a large antd page on a loaded machine: the walks through its tree are slow
vi.setConfig({ testTimeout: 300_000 });
pageTestHooks();

const P1 = '55555555-5555-4555-8555-555555555551';
const P2 = '55555555-5555-4555-8555-555555555552';
const proposal = (id: string, sku: string, extra: Record<string, unknown> = {}) => ({
  id, listing_id: `l-${sku}`, decision_id: '1', rule_id: 'r1', marketplace_id: 'm1', marketplace_name: 'Amazon US', sku, title: sku, status: 'pending',
  old_price_cents: 2299, new_price_cents: 2149, margin_before_cents: 700, margin_after_cents: 572, floor_cents: 1780, ceiling_cents: 2999,
  reason: `Lowered $1.50 to beat Acme at $21.50; floor $17.80 (MAP)`, decided_at: null, decided_by: null, created_at: '2026-11-23T10:00:00Z', ...extra,
});

function api(expireP1 = false) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/pricing/proposals' ? { body: listOf([proposal(P1, 'LAMP-BLK'), proposal(P2, 'LAMP-WHT')]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/listings' ? { body: listOf([listing('a1', 'Lamp'), listing('a2', 'Lamp 2')]) } : undefined),
    (c) =>
      c.method === 'POST' && c.path === '/pricing/propose'
        ? { body: { data: { evaluated: 2, proposals_created: 2, down: 2, up: 0, unchanged: 0, at_floor: 1, proposals: [] } } }
        : undefined,
    (c) => {
      if (c.method !== 'POST' || c.path !== `/pricing/proposals/${P1}/approve`) return undefined;
      if (expireP1) return { status: 409, body: { code: 'proposal_expired', message: 'The listing changed since this proposal; propose again', details: null } };
      return { body: { data: proposal(P1, 'LAMP-BLK', { status: 'applied' }) } };
    },
    (c) => (c.method === 'POST' && /^\/pricing\/proposals\/[^/]+\/(approve|reject)$/.test(c.path) ? { body: { data: proposal(P2, 'LAMP-WHT', { status: 'applied' }) } } : undefined),
    (c) =>
      c.method === 'POST' && c.path === '/pricing/proposals/bulk'
        ? { body: { action: 'approve', succeeded: 2, failed: 0, results: (c.body as { ids: string[] }).ids.map((id) => ({ id, ok: true })) } }
        : undefined,
  ]);
}

describe('/pricing/propose', () => {
  it('proposes over filtered listings, then approves, edits before approving and rejects pending proposals', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderConsole({ role: 'user', path: '/pricing/propose', route: '/pricing/propose', page: <ProposePricingPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Propose Pricing' })).toBeInTheDocument();
    // the pending list first
    await screen.findByText('LAMP-BLK');
    expect(fake.of('GET', '/pricing/proposals')[0].query.get('status')).toBe('pending');
    expect(screen.getAllByText('$22.99 →', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('$7.00 → $5.72')).toHaveLength(2);

    // a search narrows the selection: its listings' ids go to the propose command
    fireEvent.change(screen.getByLabelText('Search listings'), { target: { value: 'lamp' } });
    fireEvent.keyDown(screen.getByLabelText('Search listings'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await user.click(screen.getByRole('button', { name: /Propose prices/ }));
    expect(await screen.findByText('Evaluated 2 listings: 2 down, 0 up, 0 unchanged; 1 at floor. 2 proposals created.')).toBeInTheDocument();
    expect(fake.of('POST', '/pricing/propose')[0].body).toEqual({ listing_ids: ['a1', 'a2'], all: false });

    await user.click(await screen.findByLabelText('Approve LAMP-BLK at $21.49'));
    await waitFor(() => expect(fake.of('POST', `/pricing/proposals/${P1}/approve`)).toHaveLength(1));
    expect(fake.of('POST', `/pricing/proposals/${P1}/approve`)[0].body).toEqual({});

    // edit: $21.75 is approved as 2175 cents; below the floor is refused before sending
    await user.click(screen.getByLabelText('Edit the price of LAMP-WHT before approving'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve LAMP-WHT at another price' });
    const price = within(dialog).getByLabelText('New price');
    fireEvent.change(price, { target: { value: '12' } });
    await user.click(within(dialog).getByRole('button', { name: 'Approve at this price' }));
    expect(await within(dialog).findByText('Between $17.80 and $29.99')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '21.75' } });
    await user.click(within(dialog).getByRole('button', { name: 'Approve at this price' }));
    await waitFor(() => expect(fake.of('POST', `/pricing/proposals/${P2}/approve`)).toHaveLength(1));
    expect(fake.of('POST', `/pricing/proposals/${P2}/approve`)[0].body).toEqual({ price_cents: 2175 });

    await user.click(screen.getByLabelText('Reject LAMP-WHT'));
    await waitFor(() => expect(fake.of('POST', `/pricing/proposals/${P2}/reject`)).toHaveLength(1));
  });

  it('says why an expired proposal was not approved, and approves a selection in bulk after asking', async () => {
    const user = userEvent.setup();
    const fake = api(true);
    renderConsole({ role: 'user', path: '/pricing/propose', route: '/pricing/propose', page: <ProposePricingPage /> });
    await screen.findByText('LAMP-BLK');
    await user.click(await screen.findByLabelText('Approve LAMP-BLK at $21.49'));
    expect(await screen.findByText('The listing changed since this proposal; propose again')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Select LAMP-BLK'));
    await user.click(screen.getByLabelText('Select LAMP-WHT'));
    await user.click(screen.getByRole('button', { name: /Approve selected/ }));
    expect((await screen.findAllByText('Approve 2 proposals?')).length).toBeGreaterThan(0);
    expect(fake.of('POST', '/pricing/proposals/bulk')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fake.of('POST', '/pricing/proposals/bulk')).toHaveLength(1));
    expect(fake.of('POST', '/pricing/proposals/bulk')[0].body).toEqual({ action: 'approve', ids: [P1, P2] });
  });
});
