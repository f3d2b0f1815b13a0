import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
type Supplier = { id: string; name: string; tier: number; score: number | null; country: string };

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('GET /api/suppliers', () => {
  it('lists 15 suppliers best score first, with tier, country and search filters', async () => {
    const r = await call(AGENT, 'GET', '/api/suppliers');
    expect(r.status).toBe(200);
    expect(r.body.pagination.total).toBe(15);
    const scores = r.body.data.map((s: Supplier) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const tier1 = await call(SELLER, 'GET', '/api/suppliers?tier=1');
    expect(tier1.body.data.length).toBeGreaterThan(0);
    expect(tier1.body.data.every((s: Supplier) => s.tier === 1 && (s.score ?? 0) >= 80)).toBe(true);
    const country = r.body.data[0].country;
    const byCountry = await call(SELLER, 'GET', `/api/suppliers?country=${country.toLowerCase()}`);
    expect(byCountry.body.data.every((s: Supplier) => s.country === country)).toBe(true);
    const search = await call(SELLER, 'GET', '/api/suppliers?search=harbor');
    expect(search.body.data.map((s: Supplier) => s.name)).toEqual(['Blue Harbor Imports']);
    const names = (await call(SELLER, 'GET', '/api/suppliers?sort=name&order=asc')).body.data.map((s: Supplier) => s.name);
    expect([...names].sort()).toEqual(names);
    const bad = await call(SELLER, 'GET', '/api/suppliers?tier=5&sort=rating');
    expect(bad.status).toBe(400);
  });

  it('answers the monthly performance series of the last 12 months', async () => {
    const s: Supplier = (await call(SELLER, 'GET', '/api/suppliers?limit=1')).body.data[0];
    const r = await call(SELLER, 'GET', `/api/suppliers/${s.id}/performance`);
    expect(r.status).toBe(200);
    expect(r.body.data.series).toHaveLength(12);
    const months = r.body.data.series.map((m: { month: string }) => m.month);
    expect([...months].sort()).toEqual(months);
    expect(r.body.data.series[0]).toEqual({
      month: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      orders: expect.any(Number), on_time_rate: expect.any(Number), defect_rate: expect.any(Number),
      cancellation_rate: expect.any(Number), lead_time_days: expect.any(Number),
    });
    const three = await call(SELLER, 'GET', `/api/suppliers/${s.id}/performance?months=3`);
    expect(three.body.data.series).toHaveLength(3);
  });
});

describe('supplier writes and roles', () => {
  let id: string;
  it('an agent cannot create, update, delete or score suppliers (403)', async () => {
    const any: Supplier = (await call(AGENT, 'GET', '/api/suppliers?limit=1')).body.data[0];
    expect((await call(AGENT, 'POST', '/api/suppliers', { name: 'Nope' })).body.code).toBe('forbidden');
    expect((await call(AGENT, 'PUT', `/api/suppliers/${any.id}`, { name: 'Nope' })).status).toBe(403);
    expect((await call(AGENT, 'DELETE', `/api/suppliers/${any.id}`)).status).toBe(403);
    expect((await call(AGENT, 'POST', '/api/suppliers/score-all')).status).toBe(403);
  });

  it('a seller creates (201), reads, updates and deletes a supplier, each audited with an event', async () => {
    const bad = await call(SELLER, 'POST', '/api/suppliers', { name: '', tier: 4, email: 'nope', on_time_rate: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['name', 'tier', 'email', 'on_time_rate']));
    const c = await call(SELLER, 'POST', '/api/suppliers', { name: 'Acme Drop Co', tier: 2, email: 'ops@acme.example', country: 'us', lead_time_days: 5 });
    expect(c.status).toBe(201);
    id = c.body.data.id;
    expect(c.body.data).toMatchObject({ name: 'Acme Drop Co', tier: 2, country: 'US', score: null });
    expect((await call(AGENT, 'GET', `/api/suppliers/${id}`)).body.data.name).toBe('Acme Drop Co');
    const u = await call(SELLER, 'PUT', `/api/suppliers/${id}`, { name: 'Acme Dropship Co', phone: '+1-555-0100' });
    expect(u.body.data).toMatchObject({ name: 'Acme Dropship Co', phone: '+1-555-0100', tier: 2 });
    const d = await call(SELLER, 'DELETE', `/api/suppliers/${id}`);
    expect(d.status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/suppliers/${id}`)).status).toBe(404);
    const audit = await h.db.transaction((tx) => tx.query<{ action: string }>("select action from audit_log where resource = 'supplier' and resource_id = $1 order by id", [id]), { tenantId: DEMO_TENANT.id });
    expect(audit.rows.map((a) => a.action)).toEqual(['supplier.create', 'supplier.update', 'supplier.delete']);
    const ev = await h.db.transaction((tx) => tx.query<{ subject: string }>("select subject from events where payload->>'id' = $1 order by seq", [id]), { tenantId: DEMO_TENANT.id });
    expect(ev.rows.map((e) => e.subject)).toEqual(['suppliers.created', 'suppliers.updated', 'suppliers.deleted']);
  });
});

describe('POST /api/suppliers/score-all', () => {
  it('is deterministic, re-assigns tiers from the score and audits each change', async () => {
    const before: Supplier[] = (await call(SELLER, 'GET', '/api/suppliers?limit=100')).body.data;
    const top = before.find((s) => s.tier === 1)!;
    // a seller demotes a strong supplier by hand; scoring puts it back where its history says
    await call(SELLER, 'PUT', `/api/suppliers/${top.id}`, { tier: 3 });
    const first = await call(ADMIN, 'POST', '/api/suppliers/score-all');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ scored: 15, changed: 1 });
    const row = first.body.data.suppliers.find((s: { id: string }) => s.id === top.id);
    expect(row).toMatchObject({ tier: 1, previous_tier: 3, changed: true, score: top.score });
    for (const s of first.body.data.suppliers) {
      expect(s.tier).toBe(s.score >= 80 ? 1 : s.score >= 60 ? 2 : 3);
    }
    const second = await call(SELLER, 'POST', '/api/suppliers/score-all');
    expect(second.body.data.changed).toBe(0);
    const pairs = (r: { body: { data: { suppliers: { id: string; score: number; tier: number }[] } } }) =>
      r.body.data.suppliers.map((s) => [s.id, s.score, s.tier]);
    expect(pairs(second)).toEqual(pairs(first));
    const audit = await h.db.transaction(
      (tx) => tx.query<{ before: unknown; after: unknown }>("select before, after from audit_log where action = 'supplier.score' and resource_id = $1", [top.id]),
      { tenantId: DEMO_TENANT.id },
    );
    expect(audit.rows).toEqual([{ before: { score: top.score, tier: 3 }, after: { score: top.score, tier: 1 } }]);
    const ev = await h.db.transaction((tx) => tx.query<{ n: number }>("select count(*)::int as n from events where subject = 'suppliers.scored'"), { tenantId: DEMO_TENANT.id });
    expect(ev.rows[0].n).toBe(2);
  });
});

describe('tenant isolation', () => {
  it('Northwind sees its own 5 suppliers and cannot touch a Demo supplier', async () => {
    const demo: Supplier = (await call(SELLER, 'GET', '/api/suppliers?limit=1')).body.data[0];
    const nw = await call(NW, 'GET', '/api/suppliers');
    expect(nw.body.pagination.total).toBe(5);
    expect(nw.body.data.map((s: Supplier) => s.id)).not.toContain(demo.id);
    expect((await call(NW, 'GET', `/api/suppliers/${demo.id}`)).status).toBe(404);
    expect((await call(NW, 'GET', `/api/suppliers/${demo.id}/performance`)).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/suppliers/${demo.id}`, { name: 'x' })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/suppliers/${demo.id}`)).status).toBe(404);
    const scored = await call(NW, 'POST', '/api/suppliers/score-all');
    expect(scored.body.data.suppliers).toHaveLength(5);
  });
});
