// @vitest-environment jsdom
/**
 * A supplier's purchase orders (docs/dropshipping.md "Purchase orders"): read from the server for
 * this supplier only, newest first, narrowed by status on the server; each row links its order and
 * shows the supplier's latest answer; an empty result says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { listOf } from './support/fake-api';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { SupplierPurchaseOrders } = await import('../../resources/suppliers/supplier-purchase-orders');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const SUPPLIER = '7b0c3c8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const po = (number: string, status: string, answers: { at: string; status: string; message?: string }[]) => ({
  id: `00000000-0000-4000-8000-00000000000${number.slice(-1)}`, number, order_id: `ORD-${number.slice(3)}`, supplier_id: SUPPLIER, supplier_name: 'Lamp Works',
  attempt: 1, status, total_cents: 1250, reject_reason: status === 'rejected' ? 'out_of_stock' : null, supplier_reference: null, answers,
  created_at: '2026-11-27T05:21:00Z', updated_at: '2026-11-27T05:22:00Z',
});
const ROWS = [
  po('PO-5002', 'confirmed', [{ at: '2026-11-27T05:21:00Z', status: 'placed', message: 'Purchase order sent' }, { at: '2026-11-27T05:22:00Z', status: 'confirmed', message: 'Confirmed as SUP-5002' }]),
  po('PO-5001', 'rejected', [{ at: '2026-11-27T05:20:00Z', status: 'placed', message: 'Purchase order sent' }, { at: '2026-11-27T05:21:00Z', status: 'rejected' }]),
];

let api: RecordsApi;
beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
  api = fakeRecordsApi({}, [
    (c) => {
      if (c.method !== 'GET' || c.path !== '/purchase-orders') return undefined;
      const status = c.query.get('status');
      return { body: listOf(ROWS.filter((r) => !status || r.status === status)) };
    },
  ]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = () => renderConsole({ path: '/suppliers/s1', route: '/suppliers/:id', page: <SupplierPurchaseOrders supplierId={SUPPLIER} />, notificationProvider: api.notifications });

describe("a supplier's purchase orders", () => {
  it('asks for this supplier, newest first, and shows each with its order and latest answer', async () => {
    open();
    expect(await screen.findByText('PO-5002')).toBeTruthy();
    const [first] = api.of('GET', '/purchase-orders');
    expect(first.query.get('supplier_id')).toBe(SUPPLIER);
    expect(first.query.get('sort')).toBe('created_at');
    expect(first.query.get('order')).toBe('desc');
    expect(screen.getByText('Confirmed as SUP-5002')).toBeTruthy();
    // an answer without a message is named by its status
    expect(screen.getByText('Rejected', { selector: 'td' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ORD-5002' }).getAttribute('href')).toBe('/orders/ORD-5002');
  });

  it('narrows by status on the server, and says when none match', async () => {
    open();
    await screen.findByText('PO-5002');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Purchase order status' }));
    fireEvent.click(await screen.findByText('Shipped', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(api.of('GET', '/purchase-orders').some((c) => c.query.get('status') === 'shipped')).toBe(true));
    expect(await screen.findByText('No shipped purchase orders')).toBeTruthy();
    expect(api.of('GET', '/purchase-orders').every((c) => c.query.get('supplier_id') === SUPPLIER)).toBe(true);
  });
});
