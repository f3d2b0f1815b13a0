/**
 * Marketplace accounts API: validation, admin-only writes, reads for every role, tenant isolation,
 * credentials sealed at rest and never answered, the sandbox tick (agents and admins).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { FEE_SCHEDULES } from '../../contract/marketplaces';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
const SECRET = 'shpat_super-secret-token-1234567890';

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('seed', () => {
  it('links three sandbox marketplaces with ~600 listings to the Demo Store (some refused, some in violation) and one to Northwind', async () => {
    const demo = await call(SELLER, 'GET', '/api/marketplaces?sort=name');
    expect(demo.body.data.map((m: { kind: string }) => m.kind).sort()).toEqual(['amazon', 'ebay', 'walmart']);
    expect(demo.body.data.every((m: { status: string; mode: string }) => m.status === 'connected' && m.mode === 'sandbox')).toBe(true);
    const listings = await call(SELLER, 'GET', '/api/listings?limit=1');
    expect(listings.body.pagination.total).toBeGreaterThanOrEqual(550);
    expect(listings.body.pagination.total).toBeLessThanOrEqual(650);
    const refused = await call(SELLER, 'GET', '/api/listings?status=error');
    expect(refused.body.pagination.total).toBeGreaterThan(0);
    expect(refused.body.data[0].feed_message).toMatch(/image/i);
    const violations = await call(SELLER, 'GET', '/api/listings/violations');
    expect(violations.body.pagination.total).toBeGreaterThan(0);
    expect(violations.body.data[0].observed_price_cents).toBeLessThan(violations.body.data[0].map_price_cents);
    const nw = await call(NW, 'GET', '/api/marketplaces');
    expect(nw.body.data).toHaveLength(1);
  });
});

describe('marketplace accounts', () => {
  it('links a sandbox account as admin: connected at once, with its fee schedule', async () => {
    const r = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'eBay test', sandbox_order_rate: 0.5 });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ kind: 'ebay', name: 'eBay test', mode: 'sandbox', status: 'connected', has_credentials: false, sandbox_tick: 0, sandbox_order_rate: 0.5 });
    expect(r.body.data.fee_schedule).toEqual(FEE_SCHEDULES.ebay);
    const got = await call(SELLER, 'GET', `/api/marketplaces/${r.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('eBay test');
  });

  it('refuses account writes to agents and sellers, but lets every role read', async () => {
    for (const who of [SELLER, AGENT]) {
      expect((await call(who, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Nope' })).status).toBe(403);
    }
    const list = await call(SELLER, 'GET', '/api/marketplaces');
    expect(list.status).toBe(200);
    const id = list.body.data[0].id;
    expect((await call(AGENT, 'PUT', `/api/marketplaces/${id}`, { name: 'x' })).status).toBe(403);
    expect((await call(SELLER, 'DELETE', `/api/marketplaces/${id}`)).status).toBe(403);
  });

  it('validates the body per field', async () => {
    const bad = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'etsy', name: '', sandbox_order_rate: 2 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['kind', 'name', 'sandbox_order_rate']));
    const live = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'walmart', name: 'Live WM', mode: 'live', credentials: { api_key: 'k' } });
    expect(live.status).toBe(400);
    expect(live.body.errors.mode).toMatch(/sandbox only/);
    const nul = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect((await call(ADMIN, 'PUT', '/api/marketplaces/not-a-uuid', { name: 'x' })).status).toBe(400);
    expect((await call(ADMIN, 'PUT', '/api/marketplaces/00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(404);
  });

  it('seals credentials at rest and never answers, audits or emits them', async () => {
    const r = await call(ADMIN, 'POST', '/api/marketplaces', {
      kind: 'shopify', name: 'My Shopify', mode: 'live', credentials: { shop_domain: 'my-shop.myshopify.com', access_token: SECRET },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.has_credentials).toBe(true);
    expect(r.body.data.status).toBe('pending');
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
    const id = r.body.data.id;
    const put = await call(ADMIN, 'PUT', `/api/marketplaces/${id}`, { credentials: { shop_domain: 'my-shop.myshopify.com', access_token: `${SECRET}-2` } });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain(SECRET);
    for (const path of ['/api/marketplaces', `/api/marketplaces/${id}`]) expect(JSON.stringify((await call(ADMIN, 'GET', path)).body)).not.toContain(SECRET);
    const stored = await h.db.transaction(
      async (tx) => {
        const a = await tx.query<{ credentials_enc: string }>('select credentials_enc from marketplace_accounts where id = $1', [id]);
        const audit = await tx.query<{ t: string }>(`select coalesce(before::text, '') || coalesce(after::text, '') as t from audit_log where resource = 'marketplace' and resource_id = $1`, [id]);
        const events = await tx.query<{ t: string }>(`select payload::text as t from events where subject like 'marketplaces.%'`);
        return { enc: a.rows[0].credentials_enc, audit: audit.rows.map((x) => x.t).join(''), events: events.rows.map((x) => x.t).join('') };
      },
      { tenantId: DEMO_TENANT.id },
    );
    expect(stored.enc).toMatch(/^v1\./);
    expect(stored.enc).not.toContain(SECRET);
    expect(stored.audit).not.toContain(SECRET);
    expect(stored.events).not.toContain(SECRET);
  });

  it('keeps tenants apart', async () => {
    const demo = await call(ADMIN, 'GET', '/api/marketplaces');
    const id = demo.body.data[0].id;
    expect((await call(NW, 'GET', `/api/marketplaces/${id}`)).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/marketplaces/${id}`, { name: 'stolen' })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/marketplaces/${id}`)).status).toBe(404);
    const nwList = await call(NW, 'GET', '/api/marketplaces');
    expect(nwList.body.data.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it('pauses, resumes and unlinks as admin', async () => {
    const r = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'walmart', name: 'To remove' });
    const id = r.body.data.id;
    expect((await call(ADMIN, 'PUT', `/api/marketplaces/${id}`, { status: 'paused' })).body.data.status).toBe('paused');
    expect((await call(ADMIN, 'POST', `/api/marketplaces/${id}/sandbox/tick`, { ticks: 1 })).status).toBe(409);
    expect((await call(ADMIN, 'PUT', `/api/marketplaces/${id}`, { status: 'connected' })).body.data.status).toBe('connected');
    expect((await call(ADMIN, 'DELETE', `/api/marketplaces/${id}`)).status).toBe(200);
    expect((await call(ADMIN, 'GET', `/api/marketplaces/${id}`)).status).toBe(404);
  });

  it('advances a sandbox by tick for agents and admins, not sellers; validates ticks', async () => {
    const r = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Tick me' });
    const id = r.body.data.id;
    expect((await call(SELLER, 'POST', `/api/marketplaces/${id}/sandbox/tick`, { ticks: 1 })).status).toBe(403);
    expect((await call(AGENT, 'POST', `/api/marketplaces/${id}/sandbox/tick`, { ticks: 101 })).status).toBe(400);
    const t = await call(AGENT, 'POST', `/api/marketplaces/${id}/sandbox/tick`, { ticks: 3 });
    expect(t.status).toBe(200);
    expect(t.body.data).toMatchObject({ marketplace_id: id, tick: 3, ticks: 3 });
    const t2 = await call(ADMIN, 'POST', `/api/marketplaces/${id}/sandbox/tick`);
    expect(t2.body.data.tick).toBe(4);
  });
});
