/**
 * The store profile and the notification preferences (docs/settings.md) over HTTP: administrators
 * only, a 400 naming each bad field, an audit entry and a `settings.*` event only when something
 * changed (a double submit changes it once), and the labels printing the profile's address. On
 * PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { pdfLines } from './pdf-text';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import type { ShipTo } from '../../contract/addresses';
import type { OrderStatus } from '../../contract/orders';
import type { Tx } from '../../server/db';
import { appendEvent } from '../../server/events/outbox';
import { waitFor } from './wait-for';
import { alertMailConsumer } from '../../server/api/settings/alert-mail';
import type { MailMessage } from '../../server/mail';
import type { EventMessage } from '../../server/events/types';

let h: Harness;
const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const call = (method: string, path: string, body?: unknown, email = ADMIN) => callAs(h, email, method, path, body);
const inTenant = <R>(fn: (tx: Tx) => Promise<R>) => h.db.transaction(fn, { tenantId: T });

const auditCount = (resource: string) =>
  inTenant(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from audit_log where tenant_id = $1 and resource = $2', [T, resource])).rows[0].n));
const eventCount = (subject: string) =>
  inTenant(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from events where tenant_id = $1 and subject = $2', [T, subject])).rows[0].n));

const ADDRESS: ShipTo = { name: 'Demo Store Returns', line1: '1 Warehouse Lane', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
const PROFILE = { name: 'Demo Store', currency: 'EUR', timezone: 'Europe/Berlin', address: ADDRESS };

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('store profile', () => {
  it('reads the defaults until saved; administrators only', async () => {
    const r = await call('GET', '/api/settings/store');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ name: 'Demo Store', currency: 'USD', timezone: 'UTC', address: null, updated_at: null, updated_by: null });
    expect((await call('GET', '/api/settings/store', undefined, AGENT)).status).toBe(403);
    expect((await call('PUT', '/api/settings/store', PROFILE, SELLER)).status).toBe(403);
    expect((await call('PUT', '/api/settings/store', PROFILE, AGENT)).status).toBe(403);
  });

  it('answers 400 naming each bad field, and saves nothing', async () => {
    const bad = await call('PUT', '/api/settings/store', {
      name: '  ', currency: 'XYZ', timezone: 'Mars/Olympus', address: { name: 'Returns', line1: '1 Lane', city: 'Austin', postal_code: 'ABCDE', country: 'US' },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries((bad.body.details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
    expect(fields).toMatchObject({
      name: 'Enter the store name',
      currency: 'Choose a currency from the list',
      timezone: expect.stringContaining('Not a time zone'),
      'address.region': expect.stringContaining('state'),
      'address.postal_code': expect.stringContaining('ZIP'),
    });
    expect((await call('GET', '/api/settings/store')).body.data.updated_at).toBeNull();
    expect(await auditCount('store_profile')).toBe(0);
  });

  it('saves once: a double submit writes one audit entry and one event; the same values again change nothing', async () => {
    const [a, b] = await Promise.all([call('PUT', '/api/settings/store', PROFILE), call('PUT', '/api/settings/store', PROFILE)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toMatchObject({ ...PROFILE, updated_by: ADMIN });
    expect(b.body.data).toEqual(a.body.data);
    expect(await auditCount('store_profile')).toBe(1);
    expect(await eventCount('settings.store_updated')).toBe(1);

    const again = await call('PUT', '/api/settings/store', { ...PROFILE, address: { ...ADDRESS, postal_code: '97201' } });
    expect(again.status).toBe(200);
    expect(await auditCount('store_profile')).toBe(1);

    const renamed = await call('PUT', '/api/settings/store', { ...PROFILE, name: 'Demo Store Outlet' });
    expect(renamed.body.data.name).toBe('Demo Store Outlet');
    expect(await auditCount('store_profile')).toBe(2);
    const audit = await inTenant(async (tx) => (await tx.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where tenant_id = $1 and resource = 'store_profile' and action = 'store_profile.update' order by id desc limit 1`, [T],
    )).rows[0]);
    // only what changed is audited
    expect(audit).toEqual({ before: { name: 'Demo Store' }, after: { name: 'Demo Store Outlet' } });
    const events = await inTenant(async (tx) => (await tx.query<{ payload: unknown }>(`select payload from events where tenant_id = $1 and subject = 'settings.store_updated' order by seq desc limit 1`, [T])).rows[0]);
    expect(events.payload).toEqual({ fields: ['name'] });
    // back to the store's name for the label test
    expect((await call('PUT', '/api/settings/store', PROFILE)).status).toBe(200);
  });

  it('a return label ships to the profile\'s address; an outbound label names the store', async () => {
    const order = (status: OrderStatus, shipTo: ShipTo) => inTenant(async (tx) => (await insertOrders(tx, T, [{
      marketplace: 'ebay', external_order_id: null, customer_name: shipTo.name, ship_to: shipTo, status, currency: 'USD', shipping_cents: 500, tax_cents: 0,
      created_at: new Date(Date.now() - 7 * 86_400_000), actor: 'test', items: [{ sku: 'SET-1', title: 'Settings test item', quantity: 1, unit_price_cents: 2500 }],
    }]))[0]);
    const labelText = async (id: string) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/shipments/${id}/label.pdf`, headers: await headersFor(h, SELLER) });
      expect(res.statusCode).toBe(200);
      return pdfLines(res.rawPayload);
    };

    const id = await order('delivered', { name: 'Returning Customer', line1: '9 Boomerang Way', city: 'Seattle', region: 'WA', postal_code: '98101', country: 'US' });
    const ret = await callAs(h, SELLER, 'POST', '/api/returns', { order_id: id, reason: 'defective' });
    expect((await callAs(h, SELLER, 'POST', `/api/returns/${ret.body.data.id}/approve`)).status).toBe(200);
    const label = (await callAs(h, SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data.find((s: { direction: string }) => s.direction === 'return');
    const lines = await labelText(label.id);
    const to = lines.indexOf('SHIP TO');
    expect(lines.slice(to + 1, to + 5)).toEqual(['Demo Store Returns', '1 Warehouse Lane', 'Portland, OR 97201', 'United States of America']);

    const out = await order('routed', shipToFor('Label Reader'));
    const bought = await callAs(h, SELLER, 'POST', '/api/shipments', { order_id: out });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const outLines = await labelText(bought.body.data.id);
    const from = outLines.indexOf('FROM');
    expect(outLines[from + 1]).toBe('Demo Store');
    expect(outLines[from + 2]).toMatch(/^c\/o Supplier warehouse, /);
  });
});

describe('notification preferences', () => {
  it('names a recipient who is not a member under the severity; saves members once', async () => {
    expect((await call('GET', '/api/settings/notifications')).body.data).toEqual({ recipients: {}, updated_at: null, updated_by: null });
    const bad = await call('PUT', '/api/settings/notifications', { recipients: { critical: ['admin@demo.local', 'stranger@example.com'], high: ['not-an-email'] } });
    expect(bad.status).toBe(400);
    const fields = (bad.body.details as { field: string }[]).map((d) => d.field);
    expect(fields).toContain('recipients.high.0');
    const foreign = await call('PUT', '/api/settings/notifications', { recipients: { critical: ['admin@demo.local', 'owner@northwind.local'] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([expect.objectContaining({ field: 'recipients.critical.1', code: 'unknown_member' })]);

    const body = { recipients: { critical: ['Agent@Demo.local', 'admin@demo.local'], warning: [] } };
    const [a, b] = await Promise.all([call('PUT', '/api/settings/notifications', body), call('PUT', '/api/settings/notifications', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.recipients).toEqual({ critical: ['admin@demo.local', 'agent@demo.local'] });
    expect(await auditCount('notification_preferences')).toBe(1);
    expect(await eventCount('settings.notifications_updated')).toBe(1);
    expect((await call('PUT', '/api/settings/notifications', body, AGENT)).status).toBe(403);
  });
});

describe('alert mails', () => {
  const mailbox = (subject: string) =>
    h.db.query<{ to_email: string }>('select to_email from auth.mailbox where subject = $1 order by to_email', [subject]).then((r) => r.rows.map((x) => x.to_email));
  const raise = (severity: 'warning' | 'critical', sku: string) =>
    inTenant(async (tx) => {
      await appendEvent(tx, T, 'alerts.map_violation', {
        id: `map-${sku}`, type: 'map_violation', severity, level: 'warning', source: 'map-monitor',
        message: `MAP violation on ${sku}`, violation_id: 'v', listing_id: 'l', sku, created_at: new Date().toISOString(),
      });
    });

  it('an alert mails the members named for its severity, once; other severities mail nobody', async () => {
    expect((await call('PUT', '/api/settings/notifications', { recipients: { warning: ['agent@demo.local', 'admin@demo.local'] } })).status).toBe(200);
    await raise('warning', 'MAIL-1');
    await raise('critical', 'MAIL-2');
    const to = await waitFor(async () => {
      const r = await mailbox('[Warning] MAP violation on MAIL-1');
      return r.length === 2 ? r : null;
    }, 'the warning mails');
    expect(to).toEqual(['admin@demo.local', 'agent@demo.local']);
    // the consumer has passed the critical alert too (after the warning one): nobody is named for it
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailbox('[Critical] MAP violation on MAIL-2')).toEqual([]);
    expect(await mailbox('[Warning] MAP violation on MAIL-1')).toHaveLength(2);
  });

  it('a redelivered alert mails nobody twice', async () => {
    const sent: MailMessage[] = [];
    const consumer = alertMailConsumer({ db: h.db, cfg: {} as never }, { transport: 'mailbox', sendMail: async (m) => void sent.push(m) });
    const msg = {
      seq: 1, tenantSeq: 999_999, tenantId: T, stream: 'ALERTS', subject: 'alerts.map_violation', consumer: 'alert-mail', attempt: 1, timestamp: new Date().toISOString(), correlationId: null, causationId: null,
      data: { id: 'map-redelivered', type: 'map_violation', severity: 'warning', level: 'warning', source: 'map-monitor', message: 'MAP violation on MAIL-3', violation_id: 'v', listing_id: 'l', sku: 'MAIL-3', created_at: new Date().toISOString() },
    } as EventMessage;
    await consumer.handle(msg);
    await consumer.handle({ ...msg, attempt: 2 });
    expect(sent.map((m) => m.to).sort()).toEqual(['admin@demo.local', 'agent@demo.local']);
    expect(sent[0].subject).toBe('[Warning] MAP violation on MAIL-3');
  });
});
