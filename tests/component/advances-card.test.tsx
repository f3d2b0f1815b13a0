// @vitest-environment jsdom
/**
 * The dashboard's Advances Outstanding card (docs/capital.md "Dashboard"): principal and fee of the
 * advances not yet repaid, in dollars, with the open orders' count, from GET /capital/summary (not
 * the whole snapshot of GET /capital); it says it is reading, and shows the API's error with Retry.
 * Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { AdvancesOutstandingCard } from '../../resources/capital/advances-card';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const region = () => screen.getByRole('region', { name: 'Advances Outstanding' });

describe('Advances Outstanding card', () => {
  it('reads the summary, not the snapshot: the balance in dollars and the open orders', async () => {
    const api = fakeApi([(c) => (c.method === 'GET' && c.path === '/capital/summary' ? { body: { data: { advances_outstanding: 1_234_56, orders_open_count: 1854, currency: 'USD' }, _meta: {} } } : undefined)]);
    renderConsole({ role: 'user', path: '/', route: '/', page: <AdvancesOutstandingCard /> });
    expect(within(region()).getByText('Reading the books...')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('advances-outstanding')).toHaveTextContent('$1,234.56');
    expect(within(region()).getByText('1,854 open orders')).toBeInTheDocument();
    expect(api.of('GET', '/capital')).toHaveLength(0);
  });

  it("shows the API's error with Retry, and the figure once the retry answers", async () => {
    let fail = true;
    fakeApi([
      (c) => {
        if (c.method !== 'GET' || c.path !== '/capital/summary') return undefined;
        return fail ? { status: 400, body: { code: 'bad_request', message: 'The books are closed' } } : { body: { data: { advances_outstanding: 0, orders_open_count: 1, currency: 'USD' }, _meta: {} } };
      },
    ]);
    renderConsole({ role: 'user', path: '/', route: '/', page: <AdvancesOutstandingCard /> });
    const alert = await within(region()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the capital figures');
    expect(alert).toHaveTextContent('The books are closed');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('advances-outstanding')).toHaveTextContent('$0.00');
    expect(within(region()).getByText('1 open order')).toBeInTheDocument();
  });
});
