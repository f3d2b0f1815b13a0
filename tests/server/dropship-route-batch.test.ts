/**
 * The router routes a batch of orders in one pass (docs/dropshipping.md "Routing",
 * server/api/fulfillment/route-order.ts `routeOrders`): each order ends exactly as routing it alone
 * would leave it — its routes, one purchase order per supplier with its items, its status along
 * the path with the history, its events in the order one routing writes them — and an order asked
 * for twice in one batch, a held one and a missing one are told apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import { routeOrders } from '../../server/api/fulfillment/route-order';
import { demoSuppliers, mappedVariant } from './dropship-support';

const T = DEMO_TENANT.id;
let h: Harness;
const q = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });

/** An order of the given lines, inserted without its `orders.created` event: nothing routes it but the test. */
async function order(lines: { product_id: string | null; variant_id: string | null; sku: string; priceCents: number }[]): Promise<string> {
  return h.db.transaction(async (tx) => (await insertOrders(tx, T, [{
    marketplace: 'ebay', external_order_id: `BATCH-${Math.random().toString(36).slice(2, 10)}`, customer_name: 'Dana Buyer', ship_to: shipToFor('Dana Buyer'), status: 'pending', currency: 'USD', shipping_cents: 0, tax_cents: 0,
    created_at: new Date(), actor: 'test', items: lines.map((l) => ({ sku: l.sku, title: l.sku, quantity: 1, unit_price_cents: l.priceCents, product_id: l.product_id, variant_id: l.variant_id })),
  }]))[0], { tenantId: T });
}

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('routing a batch of orders', () => {
  it('routes, holds and skips each order of one batch as routing it alone would', async () => {
    const [A, B] = await demoSuppliers(h, 2);
    const one = await mappedVariant(h, 'BATCH-ONE', 4000, [{ supplierId: A.id, costCents: 1000, stock: 50 }, { supplierId: B.id, costCents: 1500, stock: 50 }]);
    const other = await mappedVariant(h, 'BATCH-OTHER', 3000, [{ supplierId: B.id, costCents: 900, stock: 50 }]);
    const single = await order([{ ...one, priceCents: 4000 }]);
    const split = await order([{ ...one, priceCents: 4000 }, { ...other, priceCents: 3000 }]);
    const unmapped = await order([{ product_id: null, variant_id: null, sku: 'NOPE-BATCH', priceCents: 1000 }]);
    const before = Number((await q<{ n: number }>('select coalesce(max(seq), 0) as n from events'))[0].n);

    const out = await h.db.transaction((tx) => routeOrders(tx, T, [
      { orderId: single, expectAttempt: 1, ids: { causationId: 'c-single' } },
      { orderId: split, expectAttempt: 1, ids: { causationId: 'c-split' } },
      { orderId: unmapped, expectAttempt: 1, ids: { causationId: 'c-unmapped' } },
      { orderId: single, expectAttempt: 1, ids: { causationId: 'c-again' } },
      { orderId: 'no-such-order', expectAttempt: 1, ids: {} },
    ]), { tenantId: T });

    expect(out.map((o) => o.kind)).toEqual(['placed', 'placed', 'held', 'skipped', 'skipped']);
    expect(out[2]).toEqual({ kind: 'held', reasons: ['unmapped SKU'] });
    expect(out[3]).toEqual({ kind: 'skipped', why: 'attempt 1 already routed' });
    expect(out[4]).toEqual({ kind: 'skipped', why: 'no such order' });
    const placed = (k: number) => (out[k] as { purchaseOrders: string[] }).purchaseOrders;
    expect(placed(0)).toHaveLength(1);
    expect(placed(1)).toHaveLength(2);

    // purchase orders: the cheapest supplier for each line, one per supplier, each with its items
    const poRows = await q<{ id: string; order_id: string; supplier_id: string; total_cents: number; attempt: number; status: string; items: string[] }>(
      `select p.id, p.order_id, p.supplier_id, p.total_cents, p.attempt, p.status, array(select supplier_sku from purchase_order_items i where i.purchase_order_id = p.id order by supplier_sku) as items
         from purchase_orders p where p.order_id = any($1::text[]) order by p.order_id, p.supplier_id`, [[single, split, unmapped]]);
    const of = (orderId: string) => poRows.filter((p) => p.order_id === orderId);
    expect(of(single).map((p) => [p.supplier_id, p.items])).toEqual([[A.id, ['SUP-BATCH-ONE']]]);
    expect(of(split).map((p) => p.supplier_id).sort()).toEqual([A.id, B.id].sort());
    expect(of(split).find((p) => p.supplier_id === A.id)!.items).toEqual(['SUP-BATCH-ONE']);
    expect(of(split).find((p) => p.supplier_id === B.id)!.items).toEqual(['SUP-BATCH-OTHER']);
    expect(of(unmapped)).toEqual([]);
    expect(new Set(poRows.map((p) => p.id))).toEqual(new Set([...placed(0), ...placed(1)]));
    expect(poRows.every((p) => p.attempt === 1 && p.status === 'placed')).toBe(true);

    // routes: one per line with the router's sentence
    const routes = await q<{ order_id: string; supplier_id: string; reason: string }>('select order_id, supplier_id, reason from order_routes where order_id = any($1::text[]) order by order_id, id', [[single, split, unmapped]]);
    expect(routes.filter((r) => r.order_id === single)).toEqual([{ order_id: single, supplier_id: A.id, reason: expect.stringMatching(/^routed to .* because it ships to US/) }]);
    expect(routes.filter((r) => r.order_id === split)).toHaveLength(2);

    // the orders: status along the path with its history; the held one pending with its reason
    const orders = await q<{ id: string; status: string; route_attempt: number; hold_reason: string | null }>('select id, status, route_attempt, hold_reason from orders where id = any($1::text[])', [[single, split, unmapped]]);
    const o = (id: string) => orders.find((x) => x.id === id)!;
    expect(o(single)).toMatchObject({ status: 'ordered_from_supplier', route_attempt: 1, hold_reason: null });
    expect(o(split)).toMatchObject({ status: 'ordered_from_supplier', route_attempt: 1, hold_reason: null });
    expect(o(unmapped)).toMatchObject({ status: 'pending', route_attempt: 1, hold_reason: 'unmapped SKU' });
    const history = await q<{ order_id: string; from_status: string; to_status: string; reason: string | null; actor: string }>(
      'select order_id, from_status, to_status, reason, actor from order_status_history where order_id = any($1::text[]) and actor = $2 order by order_id, id', [[single, split, unmapped], 'Automation']);
    expect(history.filter((x) => x.order_id === split).map((x) => [x.from_status, x.to_status, x.reason])).toEqual([
      ['pending', 'routed', 'routed to suppliers'],
      ['routed', 'ordered_from_supplier', 'purchase orders placed'],
    ]);
    expect(history.filter((x) => x.order_id === single).map((x) => x.reason)).toEqual(['routed to suppliers', 'purchase order placed']);
    expect(history.filter((x) => x.order_id === unmapped)).toEqual([]);

    // events: each order's in the order one routing writes them, caused by its own request
    const events = await q<{ subject: string; causation_id: string | null; payload: { order_id?: string; id?: string; to?: string } }>(
      'select subject, causation_id, payload from events where seq > $1 order by seq', [before]);
    const trail = (cause: string) => events.filter((e) => e.causation_id === cause).map((e) => (e.subject === 'orders.status_changed' ? `status:${e.payload.to}` : e.subject));
    expect(trail('c-single')).toEqual(['fulfillment.routed', 'status:routed', 'fulfillment.po_placed', 'status:ordered_from_supplier']);
    expect(trail('c-split')).toEqual(['fulfillment.routed', 'status:routed', 'fulfillment.po_placed', 'fulfillment.po_placed', 'status:ordered_from_supplier']);
    expect(trail('c-unmapped')).toEqual(['fulfillment.held']);
    expect(trail('c-again')).toEqual([]);

    // routed again in a later batch: nothing changes
    const again = await h.db.transaction((tx) => routeOrders(tx, T, [{ orderId: single, expectAttempt: 1, ids: {} }, { orderId: split, expectAttempt: 1, ids: {} }]), { tenantId: T });
    expect(again.map((x) => x.kind)).toEqual(['skipped', 'skipped']);
    expect((await q<{ n: number }>('select count(*)::int as n from purchase_orders where order_id = any($1::text[])', [[single, split]]))[0].n).toBe(3);
  }, 60_000);
});
