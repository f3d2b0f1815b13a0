/**
 * A customer's data (docs/governance.md "Compliance"): what the tenant holds, its download, and its
 * erasure — every copy of the customer's names, addresses, email and phone anonymised (orders,
 * labels, returns, status history, event payloads, audit before/after, dead letters, stored
 * answers, finished export files) while amounts and the ledger stay as they were; a second erasure changes nothing; a
 * wrong confirmation is a 400 naming the field; only administrators erase. PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { callAs, headersFor, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { demoSuppliers, mappedVariant } from './dropship-support';
import { costOrder } from './ledger-support';
import { assertMoneyInvariants } from './money-invariants';
import { consumersSettled } from './consumers-settled';
import { insertOrders } from '../../server/api/orders/insert';
import { appendEvent } from '../../server/events/outbox';
import type { ShipTo } from '../../contract/addresses';

let h: Harness;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const T: string = DEMO_TENANT.id;

const EMAIL = 'zelda.quistorp@example.com';
const NAME = 'Zelda Quistorp';
const PHONE = '+1 415 555 0199';
const LINE1 = '42 Quistorp Lane';
const LINE1_NEW = '77 Marrowbone Court';
const address = (line1: string): ShipTo => ({ name: NAME, line1, line2: 'Apt 9', city: 'Springfield', region: 'IL', postal_code: '62704', country: 'US' });
const OTHER = { email: 'otto.keeper@example.com', name: 'Otto Keeper' };
const SECRETS = [EMAIL, NAME, PHONE, LINE1, LINE1_NEW];

let orderId = '';
let otherId = '';
let supplier: { id: string };
let costed: { poId: string; labelId: string };
let exportId = '';

async function customerOrder(tenantId: string, name: string, email: string, ship: ShipTo, sku: string, phone = PHONE): Promise<string> {
  const v = await mappedVariant(h, sku, 2500, [{ supplierId: supplier.id, costCents: 800, stock: 50 }], tenantId as typeof DEMO_TENANT.id);
  return h.db.transaction(async (tx) => {
    const [id] = await insertOrders(tx, tenantId, [{
      marketplace: 'ebay', external_order_id: `EXT-${randomUUID()}`, customer_name: name, ship_to: ship, status: 'pending', currency: 'USD',
      shipping_cents: 300, tax_cents: 150, created_at: new Date(), actor: 'test',
      items: [{ sku: v.sku, title: v.sku, quantity: 2, unit_price_cents: 2500, product_id: v.product_id, variant_id: v.variant_id }],
    }]);
    await tx.query('update orders set customer_email = $3, customer_phone = $4 where tenant_id = $1 and id = $2', [tenantId, id, email, phone]);
    await appendEvent(tx, tenantId, 'orders.created', { id, marketplace: 'ebay', external_order_id: null, source: 'marketplace' });
    return id;
  }, { tenantId });
}

/** Rows of `table` (the tenant's) whose whole text holds one of the values. */
async function rowsHolding(table: string, values: string[], tenantId = T): Promise<number> {
  return h.db.transaction(async (tx) => {
    if (table === 'auth') return 0;
    const { rows } = await tx.query<{ n: string }>(`select count(*) as n from ${table} x where tenant_id = $1 and x::text ilike any($2::text[])`, [tenantId, values.map((v) => `%${v}%`)]);
    return Number(rows[0].n);
  }, { tenantId });
}

const TABLES = ['orders', 'order_status_history', 'returns', 'shipments', 'purchase_orders', 'events', 'audit_log', 'dlq_entries', 'idempotency_keys', 'exports'];

/** The tenant's ledger: each entry's kind, object, and its postings per account. */
async function ledger() {
  return h.db.transaction(async (tx) => (await tx.query<{ id: string; kind: string; object_id: string; postings: string }>(
    `select e.id::text, e.kind, e.object_id, string_agg(p.account || ':' || p.amount_cents, ',' order by p.id) as postings
       from ledger_entries e join ledger_postings p on p.entry_id = e.id where e.tenant_id = $1 group by e.id order by e.id`, [T],
  )).rows, { tenantId: T });
}

async function amounts(ids: string[]) {
  return h.db.transaction(async (tx) => (await tx.query(
    `select id, status, subtotal_cents, shipping_cents, tax_cents, fees_cents, total_cents, items_count,
            (select coalesce(sum(quantity * unit_price_cents), 0)::text from order_items i where i.order_id = o.id) as lines
       from orders o where tenant_id = $1 and id = any($2::text[]) order by id`, [T, ids],
  )).rows, { tenantId: T });
}

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  [supplier] = await demoSuppliers(h, 1);
  orderId = await customerOrder(T, NAME, EMAIL, address(LINE1), 'GDPR-1');
  otherId = await customerOrder(T, OTHER.name, OTHER.email, { ...address('5 Keeper Road'), name: OTHER.name }, 'GDPR-2', '+44 20 7946 0000');
  // copies made the way the product makes them
  costed = await costOrder(h, orderId, { supplierId: supplier.id, poCents: 900, labelCents: 450 });
  await h.db.transaction(async (tx) => {
    await tx.query(`update shipments set ship_to = (select ship_to from orders where id = $2) where tenant_id = $1 and order_id = $2`, [T, orderId]);
  }, { tenantId: T });
  // the address corrected (audit before/after), with an Idempotency-Key (a stored answer holding the order)
  const put = await fetch(`${h.url}/api/orders/${orderId}/ship-to`, {
    method: 'PUT', headers: { ...(await headersFor(h, ADMIN)), 'idempotency-key': `gdpr-${randomUUID()}` }, body: JSON.stringify(address(LINE1_NEW)),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  // a cancellation whose reason names the customer: order, status history, event payload, audit
  const cancel = await call(ADMIN, 'POST', `/api/orders/${orderId}/cancel`, { reason: `${NAME} asked to cancel by phone ${PHONE}` });
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  await h.db.transaction(async (tx) => {
    // a return with the customer's note and its return label (the customer's address as where it comes from)
    const r = (await tx.query<{ id: string }>(
      `insert into returns (tenant_id, order_id, reason, note, items, history) values ($1, $2, 'defective', $3, '[]', $4) returning id::text as id`,
      [T, orderId, `Call ${NAME} first`, JSON.stringify([{ at: new Date().toISOString(), status: 'requested', by: ADMIN, note: `emailed ${EMAIL}` }])],
    )).rows[0];
    await tx.query(
      `insert into shipments (tenant_id, order_id, return_id, direction, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country, ship_to, ship_from_address)
       values ($1, $2, $3, 'return', 'usps', 'Ground Advantage', 1, 300, 500, $4, 'Customer', 'US', '{"name":"Demo Store"}', $5)`,
      [T, orderId, r.id, `9400${randomUUID().replace(/-/g, '').slice(0, 18)}`, JSON.stringify(address(LINE1))],
    );
    // a finished export whose file holds the customer (as the exports consumer stores it)
    const x = (await tx.query<{ id: string }>(
      `insert into exports (tenant_id, kind, format, status, progress, rows, bytes, file_key, expires_at, finished_at)
       values ($1, 'tenant', 'jsonl', 'done', 100, 1, 20, 'exports/compliance-test', now() + interval '1 day', now()) returning id::text as id`, [T],
    )).rows[0];
    exportId = x.id;
    await tx.query(`insert into stored_objects (tenant_id, key, content_type, size_bytes, bytes) values ($1, 'exports/compliance-test', 'application/zip', 20, $2)`,
      [T, Buffer.from(`{"customer":"${NAME}"}`)]);
    // a dead letter holding a copy of a payload that names the customer
    await tx.query(
      `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at, status)
       values ($1, 'compliance-test', -1, -1, 'ORDERS', 'orders.cancelled', $2, $3, 5, now(), now(), 'discarded')`,
      [T, JSON.stringify({ id: orderId, from: 'pending', reason: `${NAME} asked to cancel` }), `could not mail ${EMAIL}`],
    );
  }, { tenantId: T });
}, 180_000);
afterAll(async () => h?.close());

describe('a customer\'s data', () => {
  it('lookup: what the tenant holds about the customer; agents read it, sellers and other tenants do not', async () => {
    const r = await call(AGENT, 'GET', `/api/governance/customers?email=${encodeURIComponent(' Zelda.Quistorp@Example.com ')}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ email: EMAIL, found: true, counts: { orders: 1, order_items: 1, returns: 1, shipments: 2, purchase_orders: 1 } });
    expect(r.body.data.names).toContain(NAME);
    expect(r.body.data.counts.events).toBeGreaterThan(0);
    expect(r.body.data.counts.audit_entries).toBeGreaterThan(0);
    expect((await call(SELLER, 'GET', `/api/governance/customers?email=${EMAIL}`)).status).toBe(403);
    const nw = await call(NW, 'GET', `/api/governance/customers?email=${EMAIL}`);
    expect(nw.status).toBe(200);
    expect(nw.body.data.found).toBe(false);
    const bad = await call(ADMIN, 'GET', '/api/governance/customers?email=not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('email');
  });

  it('export: a JSON download of every record of theirs', async () => {
    const res = await fetch(`${h.url}/api/governance/customers/export?email=${EMAIL}`, { headers: await headersFor(h, ADMIN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customer-[0-9a-f]{12}\.json"$/);
    const body = await res.json();
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(body.orders[0].customer_email).toBe(EMAIL);
    expect(body.returns).toHaveLength(1);
    expect(body.shipments).toHaveLength(2);
    expect(body.ledger_entries.length).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(body.events)).toContain(NAME);
    expect(body.events.every((e: Record<string, unknown>) => !('seq' in e))).toBe(true);
  });

  it('erasure refuses a wrong confirmation per field, and non-administrators', async () => {
    const wrong = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: 'zelda@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.map((d: { field: string }) => d.field)).toEqual(['confirm']);
    expect(wrong.body.errors).toHaveProperty('confirm');
    const missing = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: 'nope', confirm: 'nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toContain('email');
    expect((await call(AGENT, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: EMAIL })).status).toBe(403);
    expect((await call(SELLER, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: EMAIL })).status).toBe(403);
    // nothing changed
    expect(await rowsHolding('orders', [EMAIL])).toBe(1);
  });

  it('erasure anonymises every copy, keeps amounts and the ledger, audits without the personal data; a second one changes nothing', async () => {
    const held = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rowsHolding(t, SECRETS)] as const)));
    for (const t of ['orders', 'order_status_history', 'returns', 'shipments', 'events', 'audit_log', 'dlq_entries', 'idempotency_keys']) {
      expect(held[t], `${t} holds the customer's data before`).toBeGreaterThan(0);
    }
    await consumersSettled(h);
    const otherBefore = await rowsHolding('orders', [OTHER.name, OTHER.email]);
    const ledgerBefore = await ledger();
    // the customer's purchase order and label are on the books
    expect(ledgerBefore.filter((e) => [costed.poId, costed.labelId].includes(e.object_id)).length).toBeGreaterThanOrEqual(2);
    const amountsBefore = await amounts([orderId, otherId]);
    const auditBefore = await h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from audit_log where tenant_id = $1 and action = 'customer.erase'`, [T])).rows[0].n), { tenantId: T });

    const r = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: ` ${EMAIL.toUpperCase()}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.erased).toBe(true);
    expect(r.body.data.records.orders).toBe(1);
    expect(r.body.data.records.events).toBeGreaterThan(0);
    expect(r.body.data.records.audit_entries).toBeGreaterThan(0);

    for (const t of TABLES) expect(await rowsHolding(t, SECRETS), `${t} still holds the customer's data`).toBe(0);
    expect(await rowsHolding('orders', [OTHER.name, OTHER.email])).toBe(otherBefore);
    expect(await amounts([orderId, otherId])).toEqual(amountsBefore);
    expect(await ledger()).toEqual(ledgerBefore);
    await assertMoneyInvariants(h);

    // the finished export written before is withdrawn: its file deleted, the job expired
    expect(r.body.data.records.exports).toBeGreaterThanOrEqual(1);
    const x = (await call(ADMIN, 'GET', `/api/governance/exports/${exportId}`)).body.data;
    expect(x).toMatchObject({ status: 'expired', download_url: null });
    expect(await h.db.transaction(async (tx) => (await tx.query(`select 1 from stored_objects where tenant_id = $1 and key = 'exports/compliance-test'`, [T])).rows.length, { tenantId: T })).toBe(0);

    const order = (await call(ADMIN, 'GET', `/api/orders/${orderId}`)).body.data;
    expect(order.customer_name).toBe('Erased customer');
    expect(order.ship_to).toEqual({ name: 'Erased customer', line1: 'Erased', city: 'Erased', region: 'IL', postal_code: 'Erased', country: 'US' });
    // the label document is drawn from the anonymised shipment
    const labelId = await h.db.transaction(async (tx) => (await tx.query<{ id: string }>(`select id::text from shipments where tenant_id = $1 and order_id = $2 and direction = 'outbound'`, [T, orderId])).rows[0].id, { tenantId: T });
    const label = await fetch(`${h.url}/api/shipments/${labelId}/label.pdf`, { headers: await headersFor(h, ADMIN) });
    expect(label.status).toBe(200);
    const pdf = Buffer.from(await label.arrayBuffer()).toString('latin1');
    expect(pdf).toContain('%PDF');
    expect(pdf).not.toMatch(/Quistorp|Marrowbone/);

    const audits = await h.db.transaction(async (tx) => (await tx.query<{ after: Record<string, unknown>; resource_id: string }>(
      `select after, resource_id from audit_log where tenant_id = $1 and action = 'customer.erase' order by id`, [T])).rows, { tenantId: T });
    expect(audits).toHaveLength(auditBefore + 1);
    const text = JSON.stringify(audits.at(-1));
    for (const s of SECRETS) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
    expect(audits.at(-1)!.after).toMatchObject({ email_hash: r.body.data.email_hash });

    const events = async () => h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from events where tenant_id = $1 and subject = 'compliance.customer_erased'`, [T])).rows[0].n), { tenantId: T });
    const erasedEvents = await events();
    expect(erasedEvents).toBe(1);

    // twice: nothing found, nothing written
    const again = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: EMAIL });
    expect(again.status).toBe(200);
    expect(again.body.data.erased).toBe(false);
    expect(Object.values(again.body.data.records).every((n) => n === 0)).toBe(true);
    const auditsAfter = await h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from audit_log where tenant_id = $1 and action = 'customer.erase'`, [T])).rows[0].n), { tenantId: T });
    expect(auditsAfter).toBe(auditBefore + 1);
    expect(await events()).toBe(erasedEvents);

    const look = await call(ADMIN, 'GET', `/api/governance/customers?email=${EMAIL}`);
    expect(look.body.data).toMatchObject({ found: false, names: [], counts: { orders: 0 } });
  });

  it('another tenant\'s customer with the same email is not touched', async () => {
    const nwSupplier = (await demoSuppliers(h, 1, NORTHWIND_TENANT.id as typeof DEMO_TENANT.id))[0];
    const keep = supplier;
    supplier = nwSupplier;
    const nwOrder = await customerOrder(NORTHWIND_TENANT.id, NAME, EMAIL, address(LINE1), 'GDPR-NW');
    supplier = keep;
    const r = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: EMAIL, confirm: EMAIL });
    expect(r.body.data.erased).toBe(false);
    expect(await rowsHolding('orders', [EMAIL], NORTHWIND_TENANT.id as string)).toBe(1);
    expect(nwOrder).toMatch(/^ORD-/);
  });
});

describe('customers from marketplace reports', () => {
  const REPORT = [
    'amazon-order-id\tpurchase-date\torder-status\tbuyer-name\tbuyer-email\tbuyer-phone-number\tsku\tproduct-name\tquantity\tcurrency\titem-price\tshipping-price\titem-tax\trecipient-name\tship-address-1\tship-city\tship-state\tship-postal-code\tship-country',
    '114-7770001-0000001\t2025-02-05T10:00:00+00:00\tShipped\tMirabel Fennimore\tMirabel.F@Example.org\t+1 512 555 0100\tGDPR-IMP\tTee\t1\tUSD\t20.00\t0.00\t0.00\tMirabel Fennimore\t9 Fennimore Close\tAustin\tTX\t78701\tUS',
  ].join('\n');
  const importReport = async () => {
    const res = await fetch(`${h.url}/api/imports/amazon-orders`, { method: 'POST', headers: { ...(await headersFor(h, ADMIN)), 'content-type': 'text/tab-separated-values' }, body: REPORT });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it("an Amazon report's buyer email finds the customer; after erasure a re-import does not bring their data back", async () => {
    await importReport();
    const look = await call(ADMIN, 'GET', '/api/governance/customers?email=mirabel.f@example.org');
    expect(look.body.data).toMatchObject({ found: true, names: ['Mirabel Fennimore'], counts: { orders: 1 } });
    const r = await call(ADMIN, 'POST', '/api/governance/customers/erase', { email: 'mirabel.f@example.org', confirm: 'mirabel.f@example.org' });
    expect(r.body.data.erased).toBe(true);
    await importReport();
    expect(await rowsHolding('orders', ['Fennimore', 'mirabel.f@example.org', '512 555 0100'])).toBe(0);
    expect((await call(ADMIN, 'GET', '/api/governance/customers?email=mirabel.f@example.org')).body.data.found).toBe(false);
  });
});
