// @vitest-environment jsdom
/**
 * The order's ship-to address in the console (docs/commerce-ui.md "Orders", docs/commerce.md "Ship-to
 * address"): the order page shows it as a compact block, a printed line each; "Edit address" opens
 * the address fields, whose checks are the server's schema (a ZIP code's format, the state the US
 * needs, the province and postal code Canada needs, labels that follow the country), sends
 * `PUT /orders/{id}/ship-to`, and shows a field the server still refuses under its field. Not offered
 * once the order shipped; a routed order's country is fixed.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { ShipTo } from '../../contract/addresses';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: OrderShow } = await import('../../resources/orders/order-show');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });
pageTestHooks('user');

const US: ShipTo = { name: 'Robin Buyer', line1: '500 Market Street', line2: 'Suite 12', city: 'San Francisco', region: 'CA', postal_code: '94105', country: 'US' };
const CANADA: ShipTo = { name: 'Grace Hopper', line1: '1 Navy Yard Way', city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6', country: 'CA' };

const order = (status: string, shipTo: ShipTo) => ({
  id: 'ORD-7', marketplace: 'ebay', external_order_id: null, customer_name: 'Robin Buyer', status, subtotal: 50, shipping: 5, tax: 0, fees: 0, total: 55,
  currency: 'USD', cancel_reason: null, items_count: 1, created_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-02T10:00:00Z', status_history: [],
  items: [{ id: 1, sku: 'LAMP', title: 'Desk Lamp', quantity: 1, unit_price: 50, product_id: null, returned_quantity: 0 }], hold_reason: null, ship_to: shipTo,
});

let api: RecordsApi;
const show = (o: ReturnType<typeof order>, handlers: Parameters<typeof fakeRecordsApi>[1] = []) => {
  api = fakeRecordsApi({ orders: { [o.id]: o } }, handlers);
  renderConsole({ path: `/orders/${o.id}`, route: '/orders/:id', page: <OrderShow />, notificationProvider: api.notifications });
};

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit address of order ORD-7' }));
  return screen.findByRole('dialog');
}

const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const puts = () => api.of('PUT', '/orders/ORD-7/ship-to');

describe('the ship-to block', () => {
  it('shows the address a line each, as the label prints it', async () => {
    show(order('delivered', US));
    const block = await screen.findByTestId('ship-to');
    expect([...block.querySelectorAll('div')].map((d) => d.textContent)).toEqual([
      'Robin Buyer', '500 Market Street', 'Suite 12', 'San Francisco, CA 94105', 'United States of America',
    ]);
    expect(screen.getByText('Ship to')).toBeInTheDocument();
    // a delivered order's address is what it was shipped to: nothing to edit
    expect(screen.queryByRole('button', { name: /Edit address/ })).toBeNull();
  });
});

describe('"Edit address"', () => {
  it('checks the fields as the server does before sending, then sends the address', async () => {
    show(order('pending', US), [
      (c) => (c.method === 'PUT' && c.path === '/orders/ORD-7/ship-to' ? { body: { data: order('pending', { ...US, ...(c.body as ShipTo) }) } } : undefined),
    ]);
    const dialog = await openEditor();
    expect(field(dialog, 'ZIP code')).toHaveValue('94105');
    expect(field(dialog, 'State')).toHaveValue('CA');
    type(field(dialog, 'ZIP code'), '9410');
    type(field(dialog, 'State'), '');
    type(field(dialog, 'Street address'), ' ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the state (required for United States of America)')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the street address')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    type(field(dialog, 'ZIP code'), '94105-1234');
    type(field(dialog, 'State'), 'ca');
    type(field(dialog, 'Street address'), '600 Market Street');
    type(field(dialog, /Apartment/), '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ name: 'Robin Buyer', line1: '600 Market Street', line2: null, city: 'San Francisco', region: 'ca', postal_code: '94105-1234', country: 'US' });
    await waitFor(() => expect(api.toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Address of order ORD-7 saved' })));
  });

  it('follows the country: a Canadian address asks for the province and a Canadian postal code', async () => {
    show(order('pending', CANADA));
    const dialog = await openEditor();
    expect(field(dialog, 'Province')).toHaveValue('ON');
    type(field(dialog, 'Postal code'), '12345');
    type(field(dialog, 'Province'), '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Not a Canadian postal code (such as K1A 0B1)')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the province (required for Canada)')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('shows a field the server still refuses under its field', async () => {
    const message = 'The order is already routed to a supplier for United States of America: the country can change only while it is pending';
    show(order('routed', US), [
      (c) => (c.method === 'PUT' && c.path === '/orders/ORD-7/ship-to'
        ? { status: 409, body: { code: 'invalid_state', message, details: [{ field: 'country', message, code: 'country_locked' }], errors: { country: message } } }
        : undefined),
    ]);
    const dialog = await openEditor();
    // routed: the country is fixed, and the form says why
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toBeDisabled();
    expect(dialog).toHaveTextContent('the country can change only while the order is pending');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(api.toasts.filter((t) => t.type === 'error')).toEqual([]);
  });
});
