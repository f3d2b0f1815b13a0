/**
 * Every order has a full ship-to address (docs/commerce.md "Ship-to address"), whichever way it came
 * in — a sandbox marketplace's sale, an imported order report, a replacement for a return, the demo
 * seed — and one typed in by a person is checked field by field (`PUT /orders/{id}/ship-to`: a 400
 * names the field). The label PDF prints it: the outbound label's SHIP TO is the full address, a
 * return label comes FROM the customer's (docs/dropshipping.md "Labels"). On PGlite and
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { pdfLines } from './pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { waitFor } from './wait-for';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import { shipToAddress, type ShipTo } from '../../contract/addresses';
import type { OrderStatus } from '../../contract/orders';
import type { Tx } from '../../server/db';

let h: Harness;
const T = DEMO_TENANT.id;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const call = (method: string, path: string, body?: unknown, email = SELLER) => callAs(h, email, method, path, body);
const inTenant = <R>(fn: (tx: Tx) => Promise<R>) => h.db.transaction(fn, { tenantId: T });
const shipToOf = async (id: string): Promise<ShipTo> => (await call('GET', `/api/orders/${id}`)).body.data.ship_to;

/** A full address: every required field, and as the contract writes it (a parse changes nothing). */
function expectFull(a: ShipTo | undefined, country = 'US') {
  expect(a).toMatchObject({ name: expect.any(String), line1: expect.any(String), city: expect.any(String), postal_code: expect.any(String), country });
  const parsed = shipToAddress.safeParse(a);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(a);
}

async function order(status: OrderStatus, shipTo: ShipTo = shipToFor('Robin Buyer')): Promise<string> {
  return inTenant(async (tx) => (await insertOrders(tx, T, [{
    marketplace: 'ebay', external_order_id: null, customer_name: 'Robin Buyer', ship_to: shipTo, status, currency: 'USD', shipping_cents: 500, tax_cents: 0,
    created_at: new Date(Date.now() - 7 * 86_400_000), actor: 'test', items: [{ sku: 'ADDR-1', title: 'Address test item', quantity: 1, unit_price_cents: 2500 }],
  }]))[0]);
}

/** An Amazon order report as the import takes it: the raw tab-separated file. */
async function importAmazon(file: string): Promise<{ status: number; body: { data?: Record<string, unknown>; details?: { errors: unknown[] } } & Record<string, unknown> }> {
  const res = await fetch(`${h.url}/api/imports/amazon-orders`, { method: 'POST', headers: { ...(await headersFor(h, SELLER)), 'content-type': 'text/tab-separated-values' }, body: file });
  return { status: res.status, body: await res.json() };
}

async function labelText(shipmentId: string): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: `/api/shipments/${shipmentId}/label.pdf`, headers: await headersFor(h, SELLER) });
  expect(res.statusCode).toBe(200);
  return pdfLines(res.rawPayload);
}

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('every way an order comes in carries a full address', () => {
  it('the seed: every demo order has one, in the US', async () => {
    const rows = await inTenant(async (tx) => (await tx.query<{ ship_to: ShipTo }>('select ship_to from orders where tenant_id = $1 order by id limit 200', [T])).rows);
    expect(rows).toHaveLength(200);
    for (const r of rows) expectFull(r.ship_to);
    const first = (await call('GET', '/api/me/orders?limit=1')).body.data[0];
    expectFull(await shipToOf(first.id));
  });

  it('a sandbox marketplace sale: the buyer\'s address, the same for the same order', async () => {
    const acc = await inTenant(async (tx) => {
      const p = (await tx.query<{ id: string }>(
        `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, 'addr-sbx', 'Address sandbox item', 'ADDR-SBX-1', 3000, 100, 400) returning id`, [T],
      )).rows[0].id;
      const v = (await tx.query<{ id: string }>(
        `insert into product_variants (tenant_id, product_id, sku, price_cents, cost_cents, stock, weight) values ($1, $2, 'ADDR-SBX-1', 3000, 1000, 100, 400) returning id`, [T, p],
      )).rows[0].id;
      const m = (await tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'ebay', 'Address sandbox', 'sandbox', 'connected', 0) returning id`, [T],
      )).rows[0].id;
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, 'ADDR-SBX-1', 'Address sandbox item', 3000, 'active', 'synced', 'ADDR-SBX-ITEM') returning id`, [T, m, p, v],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, 'ADDR-SBX-ITEM', $3, 'Address sandbox item', 3000, 100, 'active', 0)`, [T, m, l],
      );
      await tx.query(
        `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
         select $1, $2, 'ADDR-SBX-' || g, 1, 'ADDR-SBX-ITEM', 1, 3000, 'Buyer ' || g from generate_series(1, 3) g`, [T, m],
      );
      return m;
    });
    expect((await call('POST', `/api/marketplaces/${acc}/sandbox/tick`, { ticks: 1 }, ADMIN)).status).toBe(200);
    const ids = await waitFor(async () => {
      const r = (await call('GET', '/api/orders?search=ADDR-SBX-1&limit=10')).body.data as { id: string; external_order_id: string }[];
      return r.length === 3 ? r : null;
    }, 'the three sandbox orders');
    const addresses = await Promise.all(ids.map((o) => shipToOf(o.id)));
    for (const [i, a] of addresses.entries()) {
      expectFull(a);
      expect(a.name).toBe(`Buyer ${ids[i].external_order_id.replace('ADDR-SBX-', '')}`);
    }
    expect(new Set(addresses.map((a) => a.line1 + a.postal_code)).size).toBeGreaterThan(1);
  }, 60_000);

  it('an imported Amazon report: the ship-to columns; a row without an address, or with a bad one, is a row error naming the column', async () => {
    const header = 'amazon-order-id\tpurchase-date\torder-status\tsku\tproduct-name\tquantity\tcurrency\titem-price\trecipient-name\tship-address-1\tship-address-2\tship-address-3\tship-city\tship-state\tship-postal-code\tship-country';
    const good = [header,
      '114-7770001-0000001\t2025-02-01T10:00:00+00:00\tUnshipped\tADDR-IMP-1\tImported item\t1\tUSD\t19.99\tAda Lovelace\t12 Analytical Row\tApt 3\tRear door\tAustin\ttx\t78701\tUS',
      '114-7770002-0000002\t2025-02-01T10:00:00+00:00\tUnshipped\tADDR-IMP-1\tImported item\t1\tUSD\t19.99\tGrace Hopper\t1 Navy Yard Way\t\t\tToronto\tON\tm5v2t6\tCA',
    ].join('\n');
    const sent = await importAmazon(good);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ created: 2 });
    const found = (await call('GET', '/api/me/orders?search=114-7770001-0000001')).body.data;
    expect(await shipToOf(found[0].id)).toEqual({ name: 'Ada Lovelace', line1: '12 Analytical Row', line2: 'Apt 3, Rear door', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' });
    const canada = (await call('GET', '/api/me/orders?search=114-7770002-0000002')).body.data;
    expect(await shipToOf(canada[0].id)).toEqual({ name: 'Grace Hopper', line1: '1 Navy Yard Way', city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6', country: 'CA' });

    const bad = [header,
      '114-7770003-0000003\t2025-02-01\tUnshipped\tADDR-IMP-1\tItem\t1\tUSD\t1.00\tNo Address\t\t\t\t\t\t\t',
      '114-7770004-0000004\t2025-02-01\tUnshipped\tADDR-IMP-1\tItem\t1\tUSD\t1.00\tBad Zip\t1 Main St\t\t\tAustin\tTX\t7870\tUS',
      '114-7770005-0000005\t2025-02-01\tUnshipped\tADDR-IMP-1\tItem\t1\tUSD\t1.00\tNo State\t1 Main St\t\t\tAustin\t\t78701\tUnited States',
      '114-7770006-0000006\t2025-02-01\tUnshipped\tADDR-IMP-1\tItem\t1\tUSD\t1.00\tNowhere\t1 Main St\t\t\tAustin\tTX\t78701\tNarnia',
    ].join('\n');
    const b = await importAmazon(bad);
    expect(b.status).toBe(400);
    const errors = b.body.details!.errors as { row: number; column: string; reason: string }[];
    expect(errors.map((e) => `${e.row}:${e.column}`)).toEqual([
      '2:ship-address-1', '2:ship-city', '2:ship-postal-code', '2:ship-country', '3:ship-postal-code', '4:ship-state', '5:ship-country',
    ]);
    expect(errors.find((e) => e.row === 3)!.reason).toMatch(/US ZIP/);
    // a report without the address columns says which are missing, on row 1
    const none = await importAmazon(['amazon-order-id\tpurchase-date\tsku\tquantity\tcurrency\titem-price', '114-7770007-0000007\t2025-02-01\tADDR-IMP-1\t1\tUSD\t1.00'].join('\n'));
    expect(none.status).toBe(400);
    expect((none.body.details!.errors as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`))
      .toEqual(['1:ship-address-1', '1:ship-city', '1:ship-state', '1:ship-postal-code', '1:ship-country']);
  });

  it('a replacement for a return ships to the returned order\'s address', async () => {
    const addr: ShipTo = { name: 'Replace Me', line1: '77 Sunset Boulevard', line2: 'Suite 9', city: 'Los Angeles', region: 'CA', postal_code: '90028', country: 'US' };
    const id = await order('delivered', addr);
    const ret = await call('POST', '/api/returns', { order_id: id, reason: 'defective' });
    expect(ret.status, JSON.stringify(ret.body)).toBe(201);
    expect((await call('POST', `/api/returns/${ret.body.data.id}/approve`)).status).toBe(200);
    expect((await call('POST', `/api/returns/${ret.body.data.id}/receive`, { condition: 'new' })).status).toBe(200);
    const done = await call('POST', `/api/returns/${ret.body.data.id}/replace`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await shipToOf(done.body.data.replacement_order_id)).toEqual(addr);
  });
});

describe('an address typed in (PUT /orders/{id}/ship-to)', () => {
  const typed = { name: 'Dana Buyer', line1: '500 Market Street', line2: '', city: 'San Francisco', region: 'ca', postal_code: '94105-1234', country: 'us' };

  it('stores the address as the contract writes it, and answers the order with it', async () => {
    const id = await order('pending');
    const r = await call('PUT', `/api/orders/${id}/ship-to`, typed);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const want = { name: 'Dana Buyer', line1: '500 Market Street', city: 'San Francisco', region: 'CA', postal_code: '94105-1234', country: 'US' };
    expect(r.body.data.ship_to).toEqual(want);
    expect(await shipToOf(id)).toEqual(want);
    const audit = await inTenant(async (tx) => (await tx.query<{ n: number }>(
      `select count(*)::int as n from audit_log where tenant_id = $1 and action = 'order.ship_to' and resource_id = $2`, [T, id])).rows[0].n);
    expect(audit).toBe(1);
    // pending: the country may change, and the order's country follows
    const uk = await call('PUT', `/api/orders/${id}/ship-to`, { name: 'Dana Buyer', line1: '10 Downing Street', city: 'London', postal_code: 'sw1a2aa', country: 'GB' });
    expect(uk.status).toBe(200);
    expect(uk.body.data.ship_to).toEqual({ name: 'Dana Buyer', line1: '10 Downing Street', city: 'London', postal_code: 'SW1A 2AA', country: 'GB' });
    expect(await inTenant(async (tx) => (await tx.query<{ c: string }>('select ship_to_country as c from orders where tenant_id = $1 and id = $2', [T, id])).rows[0].c)).toBe('GB');
  });

  it('a bad postal code, a missing state or street: 400 naming each field, nothing written', async () => {
    const id = await order('pending');
    const before = await shipToOf(id);
    const zip = await call('PUT', `/api/orders/${id}/ship-to`, { ...typed, postal_code: '9410' });
    expect(zip.status).toBe(400);
    expect(zip.body).toMatchObject({ code: 'validation_failed', errors: { postal_code: 'Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)' } });
    expect(zip.body.details).toEqual([{ field: 'postal_code', message: expect.stringContaining('US ZIP'), code: 'custom' }]);
    const ca = await call('PUT', `/api/orders/${id}/ship-to`, { ...typed, country: 'CA', postal_code: '12345' });
    expect(ca.body.errors).toEqual({ postal_code: 'Not a Canadian postal code (such as K1A 0B1)' });
    const several = await call('PUT', `/api/orders/${id}/ship-to`, { ...typed, line1: ' ', region: '' });
    expect(several.status).toBe(400);
    expect(several.body.errors).toEqual({ line1: 'Enter the street address', region: 'Enter the state (required for United States of America)' });
    expect(await shipToOf(id)).toEqual(before);
  });

  it('until the order ships; once routed, its country stays', async () => {
    const shipped = await order('shipped');
    const s = await call('PUT', `/api/orders/${shipped}/ship-to`, typed);
    expect(s.status).toBe(409);
    expect(s.body).toMatchObject({ code: 'invalid_state', message: expect.stringContaining('until the order ships') });
    const routed = await order('routed');
    const c = await call('PUT', `/api/orders/${routed}/ship-to`, { ...typed, country: 'CA', region: 'ON', postal_code: 'K1A 0B1' });
    expect(c.status).toBe(409);
    expect(c.body.errors).toEqual({ country: expect.stringContaining('only while it is pending') });
    expect((await call('PUT', `/api/orders/${routed}/ship-to`, typed)).status).toBe(200);
    expect((await call('PUT', '/api/orders/ORD-999999999/ship-to', typed)).status).toBe(404);
  });

  it('needs write:orders; another tenant\'s order is not found', async () => {
    const id = await order('pending');
    expect((await callAs(h, 'owner@northwind.local', 'PUT', `/api/orders/${id}/ship-to`, typed)).status).toBe(404);
  });
});

describe('labels print the full address', () => {
  it('the outbound label: SHIP TO is the order\'s full address, street line included', async () => {
    const addr: ShipTo = { name: 'Label Reader', line1: '4242 Printing Press Road', line2: 'Dock 7', city: 'Denver', region: 'CO', postal_code: '80202', country: 'US' };
    const id = await order('routed', addr);
    const bought = await call('POST', '/api/shipments', { order_id: id });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const lines = await labelText(bought.body.data.id);
    const to = lines.indexOf('SHIP TO');
    expect(to).toBeGreaterThan(-1);
    expect(lines.slice(to + 1, to + 6)).toEqual(['Label Reader', '4242 Printing Press Road', 'Dock 7', 'Denver, CO 80202', 'United States of America']);
  });

  it('the return label: FROM is the customer\'s full address, SHIP TO the seller in the return country', async () => {
    const addr: ShipTo = { name: 'Returning Customer', line1: '9 Boomerang Way', city: 'Seattle', region: 'WA', postal_code: '98101', country: 'US' };
    const id = await order('delivered', addr);
    const ret = await call('POST', '/api/returns', { order_id: id, reason: 'defective' });
    expect((await call('POST', `/api/returns/${ret.body.data.id}/approve`)).status).toBe(200);
    const label = (await call('GET', `/api/shipments?order_id=${id}`)).body.data.find((s: { direction: string }) => s.direction === 'return');
    const lines = await labelText(label.id);
    const from = lines.indexOf('FROM');
    const to = lines.indexOf('SHIP TO');
    expect(lines.slice(from + 1, to)).toEqual(['Returning Customer', '9 Boomerang Way', 'Seattle, WA 98101', 'United States of America']);
    expect(lines.slice(to + 1, to + 3)).toEqual(['Demo Store', 'United States of America']);
  });
});
