// @vitest-environment jsdom
/**
 * Orders to ship (docs/dropshipping.md "Work queue", "Labels"): each order ready for a label has
 * "Buy label" (one POST /shipments), whose result names the carrier, service and tracking number, or
 * the server's reason when it refuses; a held order has "Release hold" instead.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { listOf } from './support/fake-api';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { FulfillmentQueue } = await import('../../resources/fulfillment/fulfillment-queue');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const order = (id: string, over: object = {}) => ({
  id, marketplace: 'ebay', customer_name: 'Ava Lopez', status: 'ordered_from_supplier', hold_reason: null, held_at: null, items_count: 1,
  total_cents: 4029, ship_to_country: 'US', promised_by: null, created_at: '2026-11-22T09:37:00Z', ...over,
});
const shipment = { id: '5d1f6a8e-2b1c-4c3d-9e8f-0a1b2c3d4e5f', order_id: 'ORD-1', carrier: 'ups', service: 'ground', tracking_number: '1ZSBX0000001' };

let api: RecordsApi;
let refuse = false;
const open = () => renderConsole({ path: '/fulfillment', route: '/fulfillment', page: <FulfillmentQueue />, role: 'admin', notificationProvider: api.notifications });

beforeEach(() => {
  installDomShims();
  refuse = false;
  setProfile({ id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' });
  api = fakeRecordsApi({}, [
    (c) => (c.method === 'GET' && c.path === '/fulfillment/queue' ? { body: listOf([order('ORD-1'), order('ORD-2', { hold_reason: 'unmapped SKU' })]) } : undefined),
    (c) => c.method === 'POST' && c.path === '/shipments'
      ? refuse
        ? { status: 409, body: { code: 'not_ready', message: 'The order has a purchase order not yet confirmed by its supplier' } }
        : { status: 201, body: { data: shipment } }
      : undefined,
  ]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('orders to ship', () => {
  it('"Buy label" buys one label and says which', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy label for ORD-1' }));
    await waitFor(() => expect(api.toasts.map((t) => t.message)).toContain('Label bought for ORD-1'));
    expect(api.of('POST', '/shipments').map((c) => c.body)).toEqual([{ order_id: 'ORD-1' }]);
    expect(api.toasts.find((t) => t.message === 'Label bought for ORD-1')?.description).toBe('UPS Ground · 1ZSBX0000001');
    // a held order is released, not labelled
    expect(screen.getByRole('button', { name: 'Release hold on ORD-2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy label for ORD-2' })).toBeNull();
  });

  it('a refused label shows the server\'s reason', async () => {
    refuse = true;
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy label for ORD-1' }));
    await waitFor(() => expect(api.toasts.map((t) => t.message)).toContain('Could not buy a label for ORD-1'));
    expect(api.toasts.find((t) => t.message === 'Could not buy a label for ORD-1')?.description).toBe('The order has a purchase order not yet confirmed by its supplier');
  });

});
