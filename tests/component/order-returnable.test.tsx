// @vitest-environment jsdom
/**
 * "Create return" follows what is left to return (docs/dropshipping.md "Returns"): offered on the
 * page of a shipped, delivered or partially returned order while units are left, not for an order
 * whose label was voided (back to ordered from supplier) nor once every unit is in a return; the
 * form offers each line only up to what is left of it; a partially returned order's status reads so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: OrderShow } = await import('../../resources/orders/order-show');
const { CreateReturnModal } = await import('../../resources/returns/create-return-modal');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const order = (status: string, returned: [number, number]) => ({
  id: 'ORD-7', marketplace: 'ebay', external_order_id: null, customer_name: 'Robin Buyer', status, subtotal: 50, shipping: 5, tax: 0, fees: 0, total: 55,
  currency: 'USD', cancel_reason: null, items_count: 2, created_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-02T10:00:00Z', status_history: [],
  items: [
    { id: 1, sku: 'LAMP', title: 'Desk Lamp', quantity: 2, unit_price: 20, product_id: null, returned_quantity: returned[0] },
    { id: 2, sku: 'BULB', title: 'Bulb', quantity: 1, unit_price: 10, product_id: null, returned_quantity: returned[1] },
  ],
});

let api: RecordsApi;
const showOrder = (o: ReturnType<typeof order>) => {
  api = fakeRecordsApi({ orders: { [o.id]: o } });
  renderConsole({ path: `/orders/${o.id}`, route: '/orders/:id', page: <OrderShow />, notificationProvider: api.notifications });
};

beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('"Create return" on the order page', () => {
  it('a partially returned order with units left offers it and reads "Partially returned"', async () => {
    showOrder(order('partially_returned', [1, 0]));
    expect(await screen.findByText('Partially returned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create return/ })).toBeInTheDocument();
  });

  it('not once every unit is in a return', async () => {
    showOrder(order('partially_returned', [2, 1]));
    await screen.findByText('Partially returned');
    expect(screen.queryByRole('button', { name: /Create return/ })).toBeNull();
  });

  it('not for an order whose label was voided (back to ordered from supplier)', async () => {
    showOrder(order('ordered_from_supplier', [0, 0]));
    await screen.findByText('Ordered from supplier');
    expect(screen.queryByRole('button', { name: /Create return/ })).toBeNull();
  });
});

describe('the return form', () => {
  it('offers each line up to what is left of it, a line fully returned not at all', async () => {
    api = fakeRecordsApi({ orders: { 'ORD-7': order('partially_returned', [1, 1]) } });
    renderConsole({ path: '/returns', route: '/returns', page: <CreateReturnModal open orderId="ORD-7" onClose={() => {}} onCreated={() => {}} />, notificationProvider: api.notifications });
    const lamp = await screen.findByRole('spinbutton', { name: 'Quantity of LAMP returning' });
    await waitFor(() => expect(lamp).toHaveValue('1'));
    expect(lamp).toHaveAttribute('aria-valuemax', '1');
    expect(screen.getByText('/ 1 left of 2')).toBeInTheDocument();
    const bulb = screen.getByRole('spinbutton', { name: 'Quantity of BULB returning' });
    expect(bulb).toBeDisabled();
    expect(bulb).toHaveValue('0');
    // the order search asks for the returnable statuses
    const search = api.calls.find((c) => c.method === 'GET' && c.path === '/orders');
    expect(search?.query.getAll('status').join(',')).toBe('shipped,delivered,partially_returned');
  });

  it('says so when every unit is already in a return', async () => {
    api = fakeRecordsApi({ orders: { 'ORD-7': order('partially_returned', [2, 1]) } });
    renderConsole({ path: '/returns', route: '/returns', page: <CreateReturnModal open orderId="ORD-7" onClose={() => {}} onCreated={() => {}} />, notificationProvider: api.notifications });
    expect(await screen.findByText('Every unit of this order is already in a return')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
