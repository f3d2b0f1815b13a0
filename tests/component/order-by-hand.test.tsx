// @vitest-environment jsdom
/**
 * Working orders by hand in the console (docs/commerce-ui.md "Orders"): the order's page offers
 * "Route to suppliers" instead of setting "Routed", a held order offers its release (with the
 * reason) instead; /orders selects rows for the bulk actions, sends them to POST /orders/bulk and
 * lists each order's result; cancelling in bulk asks for a reason first.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: OrderShow } = await import('../../resources/orders/order-show');
const { default: OrderList } = await import('../../resources/orders/order-list');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });
pageTestHooks('user');

const order = (id: string, status: string, hold_reason: string | null = null) => ({
  id, marketplace: 'ebay', external_order_id: null, customer_name: 'Robin Buyer', status, subtotal: 50, shipping: 5, tax: 0, fees: 0, total: 55,
  currency: 'USD', cancel_reason: null, items_count: 1, created_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-02T10:00:00Z', status_history: [],
  items: [{ id: 1, sku: 'LAMP', title: 'Desk Lamp', quantity: 1, unit_price: 50, product_id: null, returned_quantity: 0 }], hold_reason,
});

let api: RecordsApi;

describe('the order page', () => {
  it('routes a pending order through the router, and never offers "Routed" as a status', async () => {
    api = fakeRecordsApi({ orders: { 'ORD-7': order('ORD-7', 'pending') } }, [
      (c) => (c.method === 'POST' && c.path === '/orders/ORD-7/route' ? { body: { data: { id: 'ORD-7', outcome: 'placed', message: '1 purchase order placed' } } } : undefined),
    ]);
    renderConsole({ path: '/orders/ORD-7', route: '/orders/:id', page: <OrderShow />, notificationProvider: api.notifications });
    const route = await screen.findByRole('button', { name: /Route to suppliers/ });
    // a pending order's only status a person sets is "cancelled", which has its own button
    expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Hold/ })).toBeInTheDocument();
    fireEvent.click(route);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Route order ORD-7?');
    expect(dialog).toHaveTextContent('under your hold rules');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Route to suppliers' }));
    await waitFor(() => expect(api.of('POST', '/orders/ORD-7/route')).toHaveLength(1));
    await waitFor(() => expect(api.toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Order ORD-7 routed', description: '1 purchase order placed' })));
  });

  it('a held order offers its release, with the reason, and no routing', async () => {
    api = fakeRecordsApi({ orders: { 'ORD-8': order('ORD-8', 'pending', 'Fraud check (held by seller@demo.local)') } });
    renderConsole({ path: '/orders/ORD-8', route: '/orders/:id', page: <OrderShow />, notificationProvider: api.notifications });
    const release = await screen.findByRole('button', { name: /Release hold/ });
    expect(screen.queryByRole('button', { name: /Route to suppliers/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hold$/ })).toBeNull();
    fireEvent.click(release);
    expect(await screen.findByRole('dialog')).toHaveTextContent('On hold: Fraud check (held by seller@demo.local)');
  });
});

describe('bulk actions on /orders', () => {
  const list = () => ({ '/me/orders': { 'ORD-1': order('ORD-1', 'pending'), 'ORD-2': order('ORD-2', 'pending', 'Keep') } });

  it('routes the selected orders and lists each order\'s result', async () => {
    api = fakeRecordsApi(list(), [
      (c) => c.method === 'POST' && c.path === '/orders/bulk'
        ? { body: { data: [
          { id: 'ORD-1', ok: true, message: '1 purchase order placed' },
          { id: 'ORD-2', ok: false, error: { code: 'on_hold', message: 'This order is on hold (Keep): release the hold first' } },
        ] } }
        : undefined,
    ]);
    renderConsole({ path: '/orders', route: '/orders', page: <OrderList />, notificationProvider: api.notifications });
    await screen.findByText('ORD-1');
    const boxes = [screen.getByRole('checkbox', { name: 'Select order ORD-1' }), screen.getByRole('checkbox', { name: 'Select order ORD-2' })];
    boxes.forEach((b) => fireEvent.click(b));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    // a click on the checkbox selected the row and did not open the order
    expect(window.location.pathname).not.toMatch(/ORD-/);
    fireEvent.click(within(bar).getByRole('button', { name: 'Route' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Route 2 orders?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Route' }));
    await waitFor(() => expect(api.of('POST', '/orders/bulk')).toHaveLength(1));
    expect(api.of('POST', '/orders/bulk')[0].body).toEqual({ action: 'route', ids: ['ORD-1', 'ORD-2'] });
    expect(await screen.findByText('1 of 2 done, 1 failed')).toBeInTheDocument();
    expect(screen.getByText('1 purchase order placed')).toBeInTheDocument();
    expect(screen.getByText('This order is on hold (Keep): release the hold first')).toBeInTheDocument();
  });

  it('cancelling in bulk asks for a reason before it sends anything', async () => {
    api = fakeRecordsApi(list(), [
      (c) => (c.method === 'POST' && c.path === '/orders/bulk' ? { body: { data: [{ id: 'ORD-1', ok: true, message: 'Cancelled' }] } } : undefined),
    ]);
    renderConsole({ path: '/orders', route: '/orders', page: <OrderList />, notificationProvider: api.notifications });
    await screen.findByText('ORD-1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order ORD-1' }));
    fireEvent.click(within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Cancel orders' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel 1 order?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));
    expect(await screen.findByText('Give a reason for the cancellation')).toBeInTheDocument();
    expect(api.of('POST', '/orders/bulk')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Out of stock everywhere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));
    await waitFor(() => expect(api.of('POST', '/orders/bulk')).toHaveLength(1));
    expect(api.of('POST', '/orders/bulk')[0].body).toEqual({ action: 'cancel', ids: ['ORD-1'], reason: 'Out of stock everywhere' });
  });
});
