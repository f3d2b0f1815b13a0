/**
 * Dropshipping end to end on the sandbox (docs/dropshipping.md): a marketplace order is routed to the
 * best supplier, its purchase order confirmed on a tick, a label bought by rate shopping, the order
 * shipped with tracking pushed back to the marketplace, and delivered by the carrier's scans; a
 * rejection re-routes to the backup; a carrier outage ends in the DLQ with an alert and a replay
 * resumes the order; a duplicate intake routes nothing twice; tenants and roles are kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { demoSuppliers, mappedVariant, marketplaceOrder, pos, reemitCreated, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';
import { CARRIER_OUTAGE_MESSAGE } from '../../server/dropship/sandbox/carrier';
import { LABELS_CONSUMER } from '../../server/api/fulfillment/consumers';
import { purchaseOrderRow } from '../../contract/fulfillment';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let A: { id: string; name: string };
let B: { id: string; name: string };

const inTenant = <T>(fn: Parameters<Harness['db']['transaction']>[0], tenantId = DEMO_TENANT.id) => h.db.transaction(fn, { tenantId }) as Promise<T>;
const tick = async (n = 1) => {
  const r = await call(AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: n });
  expect(r.status).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  fastEventSettings();
  process.env.EVENTS_MAX_DELIVER = '3';
  h = await startServer();
  [A, B] = await demoSuppliers(h, 2);
  const on = await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true });
  expect(on.status).toBe(200);
}, 120_000);
afterAll(async () => {
  delete process.env.EVENTS_MAX_DELIVER;
  await h?.close();
});

describe('the full flow on the sandbox', () => {
  it('marketplace order → routed → PO → confirmed → label → shipped → tracking pushed → delivered', async () => {
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'walmart', name: 'Dropship Walmart', sandbox_order_rate: 1 })).body.data.id;
    const [v] = await variantsWithMap(h, 1, 30);
    await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
    await inTenant(async (tx) => {
      await tx.query('update suppliers set score = 90 where id = $1', [A.id]);
      await tx.query('update suppliers set score = 60 where id = $1', [B.id]);
      for (const [s, stock] of [[A.id, 500], [B.id, 500]] as const) {
        await tx.query(
          `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock, ship_from, countries_served)
           values ($1, $2, $3, $4, $5, $6, 'US', '{US}')`,
          [DEMO_TENANT.id, v.product_id, v.id, s, Math.round(v.cost_cents / 2), stock],
        );
      }
    });
    const l = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: acc, price_cents: v.map_cents + 100 });
    expect(l.status).toBe(201);
    await waitForListing(h, SELLER, l.body.data.id, (x) => x.sync_state === 'synced' && x.status === 'active');

    // the marketplace sells it; the intake creates the order and the automation takes it from there
    let orderId: string | null = null;
    for (let i = 0; i < 15 && !orderId; i++) {
      const t = await call(AGENT, 'POST', `/api/marketplaces/${acc}/sandbox/tick`, { ticks: 1 });
      expect(t.status).toBe(200);
      if (t.body.data.orders_created > 0) {
        orderId = await waitFor(async () => {
          const o = await call(SELLER, 'GET', `/api/orders?marketplace=walmart&search=${encodeURIComponent(v.sku)}&limit=5`);
          return o.body.data?.[0]?.id ?? null;
        }, 'the synced order');
      }
    }
    expect(orderId).toBeTruthy();
    const id = orderId!;
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered from the supplier');
    const [po] = await pos(h, SELLER, id);
    expect(po).toMatchObject({ supplier_id: A.id, status: 'placed', attempt: 1 });

    await waitFor(async () => (await tick()).confirmed > 0 || (await pos(h, SELLER, id))[0].status !== 'placed', 'the confirmation');
    const shipped = await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
    expect(shipped.status).toBe('shipped');
    const sh = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    expect(sh).toHaveLength(1);
    expect(sh[0]).toMatchObject({ status: 'label_created', direction: 'outbound' });
    // pushed back to the marketplace through its connector
    const pushed = await waitFor(() => inTenant<{ tracking_number: string; carrier: string } | undefined>(async (tx) =>
      (await tx.query(`select so.tracking_number, so.carrier from sandbox_orders so join orders o on o.external_order_id = so.external_id where o.id = $1 and so.tracking_number is not null`, [id])).rows[0]), 'tracking on the marketplace');
    expect(pushed).toEqual({ tracking_number: sh[0].tracking_number, carrier: sh[0].carrier });

    for (let i = 0; i < 20; i++) {
      const o = (await call(SELLER, 'GET', `/api/orders/${id}`)).body.data;
      if (o.status === 'delivered') break;
      await tick();
      await new Promise((r) => setTimeout(r, 100));
    }
    await waitForOrder(h, SELLER, id, (o) => o.status === 'delivered', 'delivered');
    const [shippedPo] = await pos(h, SELLER, id);
    expect(shippedPo.status).toBe('shipped');
    // the order page reads it as the contract describes it, with the supplier's answers in order
    const parsed = purchaseOrderRow.parse(shippedPo);
    expect(parsed.answers.map((a) => a.status)).toEqual(['placed', 'confirmed', 'shipped']);
    expect(parsed.answers[1].message).toBe(`Confirmed as ${parsed.supplier_reference}`);

    const tl = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { subject: string; text: string }[];
    const subjects = tl.map((e) => e.subject);
    for (const s of ['orders.created', 'fulfillment.routed', 'fulfillment.po_placed', 'fulfillment.po_confirmed', 'labels.bought', 'fulfillment.tracking_pushed', 'labels.tracking']) {
      expect(subjects).toContain(s);
    }
    expect(tl.find((e) => e.subject === 'fulfillment.routed')!.text).toContain(`routed to ${A.name} because`);
    expect(subjects.indexOf('fulfillment.po_placed')).toBeLessThan(subjects.indexOf('labels.bought'));
    // in the console's words: marketplace, status and carrier names, not their codes
    const texts = tl.map((e) => e.text);
    expect(texts).toContain('Order received from Walmart');
    expect(texts).toContain('Status Pending → Routed (routed to suppliers)');
    expect(texts.find((t) => t.startsWith('Label bought: '))).toMatch(/^Label bought: (USPS|UPS|FedEx) [A-Z0-9][a-z0-9 ]+ \S+$/);
    expect(texts.find((t) => t.startsWith('Status Ordered from supplier → Shipped'))).toMatch(/\(label (USPS|UPS|FedEx) [A-Z0-9]/);
    expect(texts.find((t) => t.startsWith('Tracking '))).toMatch(/ pushed to Walmart$/);
  }, 180_000);
});

describe('a product-level supplier link', () => {
  it('covers every variant: the sandbox supplier confirms from it and the label ships from its country', async () => {
    const v = await mappedVariant(h, `DS-PL-${Date.now().toString(36)}`.toUpperCase(), 4000, []);
    await inTenant(async (tx) => {
      await tx.query(
        `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock, ship_from)
         values ($1, $2, null, $3, 1200, 400, 'CA')`,
        [DEMO_TENANT.id, v.product_id, A.id],
      );
    });
    const id = await marketplaceOrder(h, v, 4000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered from the supplier');
    await waitFor(async () => {
      await tick();
      const [po] = await pos(h, SELLER, id);
      return po.status === 'placed' ? null : po;
    }, 'the supplier answer');
    const [po] = await pos(h, SELLER, id);
    expect(po).toMatchObject({ supplier_id: A.id, status: 'confirmed' });
    await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
    const sh = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    expect(sh[0].ship_from).toBe('CA');

    // the timeline reads in the order things happened
    const tl = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { seq: number; subject: string }[];
    expect(tl.map((e) => e.seq)).toEqual([...tl.map((e) => e.seq)].sort((a, b) => a - b));
    expect(tl[0].subject).toBe('orders.created');
  }, 120_000);
});

describe('failures', () => {
  it('a rejection re-routes to the backup supplier; with nobody left the order is held', async () => {
    const v = await mappedVariant(h, 'DS-REJ-1', 4000, [{ supplierId: A.id, costCents: 1000, stock: 5, score: 90 }, { supplierId: B.id, costCents: 1200, stock: 50, score: 60 }]);
    const id = await marketplaceOrder(h, v, 4000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
    // the supplier sold out meanwhile: it answers "out of stock"
    await inTenant((tx) => tx.query('update product_suppliers set supplier_stock = 0 where variant_id = $1 and supplier_id = $2', [v.variant_id, A.id]));
    await tick();
    const both = await waitFor(async () => {
      const p = await pos(h, SELLER, id);
      return p.length === 2 ? p : null;
    }, 'the second purchase order');
    expect(both[0]).toMatchObject({ supplier_id: A.id, status: 'rejected', reject_reason: 'out_of_stock', attempt: 1 });
    expect(both[1]).toMatchObject({ supplier_id: B.id, status: 'placed', attempt: 2 });
    const detail = (await call(SELLER, 'GET', `/api/purchase-orders/${both[0].id}`)).body.data;
    expect(detail.answers.map((a: { status: string }) => a.status)).toEqual(['placed', 'rejected']);
    expect(detail.items[0]).toMatchObject({ sku: 'DS-REJ-1', quantity: 1, unit_cost_cents: 1000 });

    const solo = await mappedVariant(h, 'DS-REJ-2', 4000, [{ supplierId: A.id, costCents: 1000, stock: 5 }]);
    const held = await marketplaceOrder(h, solo, 4000);
    await waitForOrder(h, SELLER, held, (o) => o.status === 'ordered_from_supplier', 'ordered');
    await inTenant((tx) => tx.query(`update product_suppliers set supplier_cost_cents = 2000 where variant_id = $1`, [solo.variant_id]));
    await tick();
    const tl = await waitFor(async () => {
      const t = (await call(SELLER, 'GET', `/api/orders/${held}/timeline`)).body.data as { subject: string; text: string }[];
      return t.find((e) => e.subject === 'fulfillment.held') ? t : null;
    }, 'the hold');
    expect(tl.find((e) => e.subject === 'fulfillment.po_rejected')!.text).toContain('price changed');
    expect(tl.find((e) => e.subject === 'fulfillment.held')!.text).toContain('every supplier of DS-REJ-2 was tried');
  }, 120_000);

  it('an unknown SKU and a hold rule keep the order back with the reason', async () => {
    const unmapped = await marketplaceOrder(h, { product_id: null as unknown as string, variant_id: null, sku: 'NOPE-404' }, 1000);
    const v = await mappedVariant(h, 'DS-SLOW-1', 5000, [{ supplierId: A.id, costCents: 1000, stock: 50, handlingDays: 9 }]);
    await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_max_handling_days: 5 });
    const slow = await marketplaceOrder(h, v, 5000);
    const held = async (id: string) => waitFor(async () => {
      const t = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { subject: string; data: { reasons: string[] } }[];
      return t.find((e) => e.subject === 'fulfillment.held')?.data.reasons ?? null;
    }, `${id} held`);
    expect(await held(unmapped)).toEqual(['unmapped SKU']);
    expect((await held(slow))[0]).toMatch(/^handling days above 5/);
    expect((await call(SELLER, 'GET', `/api/orders/${slow}`)).body.data.status).toBe('pending');
    await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_max_handling_days: null });
  }, 60_000);

  it('a carrier outage dead-letters the label step with an alert; the replay resumes the order', async () => {
    const v = await mappedVariant(h, 'DS-DLQ-1', 3000, [{ supplierId: B.id, costCents: 900, stock: 50 }]);
    await inTenant((tx) => tx.query('update fulfillment_settings set sandbox_carrier_outage = true where tenant_id = $1', [DEMO_TENANT.id]));
    const id = await marketplaceOrder(h, v, 3000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
    await tick();
    const entry = await waitFor(async () => {
      const d = await call(AGENT, 'GET', `/api/dlq?consumer=${LABELS_CONSUMER}`);
      return d.body.data?.find((e: { payload: { order_id: string } }) => e.payload?.order_id === id);
    }, 'the DLQ entry');
    expect(entry.last_error).toContain(CARRIER_OUTAGE_MESSAGE);
    expect(entry.attempts).toBe(3);
    const alert = await waitFor(() => inTenant<{ payload: { order_id: string; type: string } } | undefined>(async (tx) =>
      (await tx.query(`select payload from events where subject = 'alerts.fulfillment_failed' and payload->>'order_id' = $1`, [id])).rows[0] as never), 'the alert');
    expect(alert.payload.type).toBe('fulfillment_failed');
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.status).toBe('ordered_from_supplier');

    await inTenant((tx) => tx.query('update fulfillment_settings set sandbox_carrier_outage = false where tenant_id = $1', [DEMO_TENANT.id]));
    expect((await call(AGENT, 'POST', `/api/dlq/${entry.id}/replay`)).status).toBe(200);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped after the replay');
    expect((await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data).toHaveLength(1);
  }, 120_000);

  it('a duplicate intake routes nothing twice', async () => {
    const v = await mappedVariant(h, 'DS-DUP-1', 3000, [{ supplierId: B.id, costCents: 900, stock: 50 }]);
    const id = await marketplaceOrder(h, v, 3000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
    await reemitCreated(h, id);
    await reemitCreated(h, id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await pos(h, SELLER, id)).toHaveLength(1);
    const routes = await inTenant<{ rows: unknown[] }>((tx) => tx.query('select 1 from order_routes where order_id = $1', [id]));
    expect(routes.rows).toHaveLength(1);
  }, 60_000);
});

describe('labels by hand, tenants and roles', () => {
  it('buys, prints and voids a label; one live label per order', async () => {
    const v = await mappedVariant(h, 'DS-LBL-1', 3000, [{ supplierId: B.id, costCents: 900, stock: 50 }]);
    const id = await marketplaceOrder(h, v, 3000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
    await tick(); // the supplier confirms; no further tick, so the carrier has not scanned the parcel yet
    await waitFor(async () => (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data.length === 1, 'the automatic label');
    const [auto] = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    // a second label while one is live is a conflict
    expect((await call(SELLER, 'POST', '/api/shipments', { order_id: id })).status).toBe(409);

    const pdf = await h.app.inject({ method: 'GET', url: `/api/shipments/${auto.id}/label.pdf`, headers: await (await import('./tokens')).headersFor(h, SELLER) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1500);

    const voided = await call(SELLER, 'POST', `/api/shipments/${auto.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.data.status).toBe('voided');
    expect((await call(SELLER, 'POST', `/api/shipments/${auto.id}/void`)).status).toBe(409);

    const bad = await call(SELLER, 'POST', '/api/shipments', { order_id: id, carrier: 'ups' });
    expect(bad.status).toBe(400);
    const manual = await call(SELLER, 'POST', '/api/shipments', { order_id: id, carrier: 'ups', service: 'next_day_air' });
    expect(manual.status).toBe(201);
    expect(manual.body.data).toMatchObject({ carrier: 'ups', service: 'next_day_air', status: 'label_created' });
    expect(manual.body.data.tracking_number).toMatch(/^1Z/);
  }, 120_000);

  it('keeps tenants apart', async () => {
    const demoPo = (await call(SELLER, 'GET', '/api/purchase-orders?limit=1')).body.data[0];
    const demoShip = (await call(SELLER, 'GET', '/api/shipments?limit=1')).body.data[0];
    expect(demoPo && demoShip).toBeTruthy();
    expect((await call(NW, 'GET', '/api/purchase-orders')).body.data.map((p: { id: string }) => p.id)).not.toContain(demoPo.id);
    expect((await call(NW, 'GET', `/api/purchase-orders/${demoPo.id}`)).status).toBe(404);
    expect((await call(NW, 'GET', `/api/shipments/${demoShip.id}`)).status).toBe(404);
    expect((await call(NW, 'POST', `/api/shipments/${demoShip.id}/void`)).status).toBe(404);
    expect((await call(NW, 'GET', `/api/orders/${demoPo.order_id}/timeline`)).status).toBe(404);
    // Northwind's automation is its own (off by default)
    expect((await call(NW, 'GET', '/api/fulfillment/settings')).body.data.automation_enabled).toBe(false);
    void NORTHWIND_TENANT;
  });

  it('enforces the roles', async () => {
    expect((await call(SELLER, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 })).status).toBe(403);
    expect((await call(SELLER, 'PUT', '/api/fulfillment/settings', { automation_enabled: false })).status).toBe(403);
    expect((await call(AGENT, 'PUT', '/api/fulfillment/settings', { automation_enabled: false })).status).toBe(403);
    expect((await call(SELLER, 'GET', '/api/purchase-orders')).status).toBe(200);
    expect((await call(AGENT, 'GET', '/api/shipments')).status).toBe(200);
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_min_margin_percent: 500 })).status).toBe(400);
  });
});
