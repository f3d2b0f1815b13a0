/**
 * The dashboard's fulfillment figures (docs/dropshipping.md "Dashboard"): each equals what the list it
 * links to says, they move as an order is routed and labelled, and each tenant counts its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { fastEventSettings } from './events-support';
import { automationOnWithoutIntake, demoSuppliers, mappedVariant, marketplaceOrder, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';
import type { FulfillmentSummary } from '../../contract/fulfillment';

let h: Harness;
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const NW = 'owner@northwind.local';

const get = async <T>(email: string, path: string) => {
  const r = await callAs(h, email, 'GET', path);
  expect(r.status, path).toBe(200);
  return r.body as { data: T; pagination: { total: number } };
};
const summary = async (email = SELLER) => (await get<FulfillmentSummary>(email, '/api/fulfillment/summary')).data;
const total = async (email: string, path: string) => (await get<unknown[]>(email, path)).pagination.total;

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('fulfillment summary', () => {
  it('each figure is what the list it links to counts', async () => {
    const s = await summary();
    expect(s.to_ship).toBe(await total(SELLER, '/api/fulfillment/queue?held=false'));
    expect(s.held).toBe(await total(SELLER, '/api/fulfillment/queue?held=true'));
    expect(s.awaiting_supplier).toBe(await total(SELLER, '/api/purchase-orders?status=placed'));
    expect(s.exceptions).toBe(await total(SELLER, '/api/shipments?status=exception'));
    let open = 0;
    for (const st of ['requested', 'approved', 'in_transit', 'received']) open += await total(SELLER, `/api/returns?status=${st}`);
    expect(s.open_returns).toBe(open);
    // the demo holds work to show: seeded orders waiting for a label, returns waiting for a decision
    expect(s.to_ship).toBeGreaterThan(0);
    expect(s.open_returns).toBeGreaterThan(0);
  });

  it('moves as an order is routed, then labelled', async () => {
    const [supplier] = await demoSuppliers(h, 1);
    // the figures move by this test's order only
    await automationOnWithoutIntake(h);
    const before = await summary();
    const v = await mappedVariant(h, `DS-SUM-${Date.now().toString(36)}`.toUpperCase(), 3000, [{ supplierId: supplier.id, costCents: 900, stock: 40 }]);
    const id = await marketplaceOrder(h, v, 3000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered from the supplier');
    const routed = await summary();
    expect(routed.awaiting_supplier).toBe(before.awaiting_supplier + 1);
    expect(routed.to_ship).toBe(before.to_ship + 1);
    // the supplier confirms on the next tick and the automation buys the label
    expect((await callAs(h, AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 })).status).toBe(200);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
    await waitFor(async () => {
      const s = await summary();
      return s.awaiting_supplier === before.awaiting_supplier && s.to_ship === before.to_ship ? s : null;
    }, 'the figures back where they were');
  }, 120_000);

  it('each tenant counts its own', async () => {
    const nw = await summary(NW);
    let open = 0;
    for (const st of ['requested', 'approved', 'in_transit', 'received']) open += await total(NW, `/api/returns?status=${st}`);
    expect(nw.open_returns).toBe(open);
    expect(nw.to_ship).toBe(await total(NW, '/api/fulfillment/queue?held=false'));
    expect(nw.to_ship).not.toBe((await summary()).to_ship);
  });
});
