// @vitest-environment jsdom
/**
 * The "Work items" tab of /work (docs/alerts.md "Work items"): GET /api/work/items as a server-side
 * table (`?tab=items` in the URL, the kind and search filters sent as API parameters, sorted by age);
 * each item with its reason and the action that clears it — "Release hold" posts the release,
 * "Retry label" replays the dead letter (an operator's), "Choose supplier" opens the order; loading,
 * empty and error states; the other tabs keep working from it; a fulfilment event refreshes it.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
const hub = vi.hoisted(() => ({ current: null as null | ReturnType<typeof import('./ops-harness').fakeHub> }));
vi.mock('../../providers/live', async () => {
  hub.current = (await import('./ops-harness')).fakeHub();
  const current = hub.current;
  return { useLiveHub: () => current };
});
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => ({ profile: { email: 'seller@demo.local' } }) }));

import WorkPage from '../../resources/work/work-page';
import { resourceChannel } from '../../contract/events';
import type { WorkItemRow } from '../../contract/work-items';
import { fakeApi, listOf, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { Role } from '../../contract/roles';

vi.setConfig({ testTimeout: 120_000 });
pageTestHooks('agent');

const ago = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const ITEMS: WorkItemRow[] = [
  {
    id: 'hold:ORD-1001', kind: 'hold', order_id: 'ORD-1001', order_status: 'pending', marketplace: 'amazon', skus: ['SKU-A'], reason: 'unmapped SKU',
    step: null, action: 'choose_supplier', action_label: 'Choose supplier', dlq_id: null, attempts: null, since: ago(50),
  },
  {
    id: 'dlq:7', kind: 'automation_failure', order_id: 'ORD-1002', order_status: 'ordered_from_supplier', marketplace: 'ebay', skus: ['SKU-B', 'SKU-C'],
    reason: 'carrier unavailable (503)', step: 'label', action: 'retry', action_label: 'Retry label', dlq_id: '7', attempts: 5, since: ago(5),
  },
  {
    id: 'hold:ORD-1003', kind: 'hold', order_id: 'ORD-1003', order_status: 'pending', marketplace: 'amazon', skus: ['SKU-D'],
    reason: 'margin below 15% (9.5% after fees, supplier cost and postage)', step: null, action: 'release_hold', action_label: 'Release hold', dlq_id: null, attempts: null, since: ago(1),
  },
];

function api(list: Handler = (c) => (c.method === 'GET' && c.path === '/work/items' ? { body: listOf(ITEMS) } : undefined)) {
  return fakeApi([
    list,
    (c) => (c.method === 'POST' && c.path === '/orders/ORD-1003/release-hold' ? { body: { data: { id: 'ORD-1003', hold_reason: null, released: 'margin' } } } : undefined),
    (c) => (c.method === 'POST' && c.path === '/dlq/7/replay' ? { body: { data: { replayed: [7] } } } : undefined),
    (c) => (c.method === 'GET' && c.path === '/alerts' ? { body: listOf([]) } : undefined),
  ]);
}

const open = (path = '/work?tab=items', role: Role = 'agent') => renderConsole({ path, route: '/work', page: <WorkPage />, role });
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('/work "Work items"', () => {
  it('lists each item with its kind, order, reason, age and action, oldest first as the server sorted them', async () => {
    const calls = api();
    open();
    expect(screen.getByRole('tab', { name: 'Work items', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('3 work items, the oldest first')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['ORD-1001', 'ORD-1002', 'ORD-1003']);
    const failure = await row('carrier unavailable (503)');
    expect(within(failure).getByText('Automation failure')).toBeInTheDocument();
    expect(within(failure).getByText('Step: label purchase')).toBeInTheDocument();
    expect(within(failure).getByText('Gave up after 5 attempts')).toBeInTheDocument();
    expect(within(failure).getByText('SKU-B, SKU-C')).toBeInTheDocument();
    expect(within(failure).getByText('5h ago')).toBeInTheDocument();
    const blocked = await row('unmapped SKU');
    expect(within(blocked).getByRole('link', { name: 'Choose supplier for order ORD-1001' })).toHaveAttribute('href', '/orders/ORD-1001');
    const q = calls.of('GET', '/work/items')[0].query;
    expect(q.get('limit')).toBe('20');
    expect(q.get('offset')).toBe('0');
  });

  it('"Release hold" posts the release once and refreshes; "Retry label" replays the dead letter', async () => {
    const calls = api();
    open();
    const held = await row('margin below 15% (9.5% after fees, supplier cost and postage)');
    await userEvent.click(within(held).getByRole('button', { name: 'Release hold for order ORD-1003' }));
    await waitFor(() => expect(calls.of('POST', '/orders/ORD-1003/release-hold')).toHaveLength(1));
    await waitFor(() => expect(calls.of('GET', '/work/items').length).toBeGreaterThanOrEqual(2));

    const failure = await row('carrier unavailable (503)');
    const retry = within(failure).getByRole('button', { name: 'Retry label for order ORD-1002' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.of('POST', '/dlq/7/replay')).toHaveLength(1));
  });

  it('a seller (no ops:dlq) opens the order instead of retrying the step', async () => {
    api();
    open('/work?tab=items', 'user');
    const failure = await row('carrier unavailable (503)');
    expect(within(failure).queryByRole('button')).toBeNull();
    expect(within(failure).getByRole('link', { name: 'Open order for order ORD-1002' })).toHaveAttribute('href', '/orders/ORD-1002');
    expect(within(failure).getByText('An operator retries the step')).toBeInTheDocument();
    // releasing a hold is theirs (write:orders)
    expect(within(await row('margin below 15% (9.5% after fees, supplier cost and postage)')).getByRole('button', { name: 'Release hold for order ORD-1003' })).toBeInTheDocument();
  });

  it('sends the kind and the search from the URL, and sorting by age, to the API', async () => {
    const calls = api();
    open('/work?tab=items&kind=hold&search=SKU-A');
    await screen.findByText('3 work items, the oldest first');
    const q = calls.of('GET', '/work/items')[0].query;
    expect([q.get('kind'), q.get('search')]).toEqual(['hold', 'SKU-A']);
    // the newest first: one click on "Waiting"
    await userEvent.click(screen.getByRole('columnheader', { name: /Waiting/ }));
    await waitFor(() => expect(calls.of('GET', '/work/items').some((c) => c.query.get('sort') === 'age' && c.query.get('order') === 'asc')).toBe(true));
    expect(screen.getByTestId('location').textContent).toContain('tab=items');
  });

  it('says it is loading, then that nothing waits', async () => {
    fakeApi([(c) => (c.method === 'GET' && c.path === '/work/items' ? { body: listOf([]) } : undefined)]);
    open();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waits: no order is on hold and no automation step failed')).toBeInTheDocument();
  });

  it('says when the filters match nothing', async () => {
    fakeApi([(c) => (c.method === 'GET' && c.path === '/work/items' ? { body: listOf([]) } : undefined)]);
    open('/work?tab=items&kind=automation_failure');
    expect(await screen.findByText('No work items match these filters')).toBeInTheDocument();
  });

  it("shows the API's error with Retry, and Retry loads the items", async () => {
    let failing = true;
    const calls = api((c) => (c.method === 'GET' && c.path === '/work/items' ? (failing ? { status: 403, body: { code: 'forbidden', message: 'no' } } : { body: listOf(ITEMS) }) : undefined));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the work items');
    expect(screen.queryByText(/Nothing waits/)).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 work items, the oldest first')).toBeInTheDocument();
    expect(calls.of('GET', '/work/items').length).toBeGreaterThanOrEqual(2);
  });

  it('a fulfilment event refreshes the list; the alert tabs still work from here', async () => {
    const calls = api();
    open();
    await screen.findByText('3 work items, the oldest first');
    hub.current!.emit(resourceChannel('fulfillment'), 'fulfillment.held', { id: 'ORD-1004' });
    await waitFor(() => expect(calls.of('GET', '/work/items').length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Assigned to me' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/work?assignee=me'));
    await waitFor(() => expect(calls.of('GET', '/alerts').some((c) => c.query.get('assignee') === 'me')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: 'Work items' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/work?tab=items'));
  });
});
