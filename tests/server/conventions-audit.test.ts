/**
 * docs/api-conventions.md: GET /api/audit — the tenant's trail of writes (governance:view: admins and agents), newest first,
 * filtered by actor (id or email), resource, action, resource_id and time range, paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE } from '../../contract/constants';
import { startServer, type Harness } from './harness';
import { ACCOUNTS, DEMO_TENANT, headersFor } from './tokens';

let h: Harness;
const as: Record<string, Record<string, string>> = {};
const agentId = ACCOUNTS.find((a) => a.email === 'agent@demo.local')!.id;

interface Entry { id: number; actor_id: string; actor_email: string; action: string; resource: string; resource_id: string; before: unknown; after: unknown; created_at: string }
interface Page { data: Entry[]; pagination: { total: number; limit: number; offset: number }; _meta: { source: string } }

const audit = async (query: string, email = 'admin@demo.local'): Promise<Page> => {
  const res = await fetch(`${h.url}/api/audit${query}`, { headers: as[email] });
  expect(res.status).toBe(200);
  return res.json();
};
const put = (email: string, name: string, enabled: boolean) =>
  fetch(`${h.url}/api/flags/${name}`, { method: 'PUT', headers: as[email], body: JSON.stringify({ enabled }) });

let startedAt: string;
let midpoint: string;
beforeAll(async () => {
  h = await startServer();
  // flags are switched by administrators (docs/decisions.md "Only administrators switch feature
  // flags"): the demo's agent is made a second administrator here, the trail's second actor
  await h.db.transaction((tx) => tx.query(`update profiles set role = 'admin' where id = $1`, [agentId]), { tenantId: DEMO_TENANT.id });
  for (const email of ['admin@demo.local', 'agent@demo.local', 'seller@demo.local', 'owner@northwind.local']) as[email] = await headersFor(h, email);
  startedAt = new Date(Date.now() - 1000).toISOString();
  expect((await put('agent@demo.local', 'enableBetaFeatures', true)).status).toBe(200);
  expect((await put('agent@demo.local', 'enableBetaFeatures', false)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 20));
  midpoint = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  expect((await put('admin@demo.local', 'enableOrchestrator', false)).status).toBe(200);
  expect((await put('owner@northwind.local', 'enableAdvancedAnalytics', true)).status).toBe(200);
});
afterAll(async () => h?.close());

describe('GET /api/audit', () => {
  it('lists the flag writes of the tenant, newest first, with actor, before and after', async () => {
    const page = await audit('?resource=flags');
    // the one default page size (contract/constants.ts PAGE)
    expect(page.pagination).toEqual({ total: 3, limit: PAGE.defaultSize, offset: 0, next_cursor: null });
    expect(page._meta.source).toBe('api');
    expect(page.data.map((e) => [e.actor_email, e.resource_id, e.after])).toEqual([
      ['admin@demo.local', 'enableOrchestrator', { enabled: false }],
      ['agent@demo.local', 'enableBetaFeatures', { enabled: false }],
      ['agent@demo.local', 'enableBetaFeatures', { enabled: true }],
    ]);
    expect(page.data[1].before).toEqual({ enabled: true });
    const times = page.data.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("shows another tenant's admin only their own tenant's entries", async () => {
    const page = await audit('?resource=flags', 'owner@northwind.local');
    expect(page.data.map((e) => [e.actor_email, e.resource_id])).toEqual([['owner@northwind.local', 'enableAdvancedAnalytics']]);
  });

  it('filters by actor id or email, action, resource_id and time range', async () => {
    expect((await audit(`?actor=${agentId}`)).pagination.total).toBe(2);
    expect((await audit('?actor=AGENT@demo.local')).pagination.total).toBe(2);
    expect((await audit('?actor=nobody@demo.local')).pagination.total).toBe(0);
    expect((await audit('?resource=flags&action=update&resource_id=enableOrchestrator')).data).toHaveLength(1);
    expect((await audit('?action=delete')).pagination.total).toBe(0);
    const after = await audit(`?resource=flags&from=${encodeURIComponent(midpoint)}`);
    expect(after.data.map((e) => e.resource_id)).toEqual(['enableOrchestrator']);
    const before = await audit(`?resource=flags&from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(midpoint)}`);
    expect(before.data.map((e) => e.resource_id)).toEqual(['enableBetaFeatures', 'enableBetaFeatures']);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const first = await audit('?resource=flags&limit=2');
    const second = await audit('?resource=flags&limit=2&offset=2');
    expect(first.pagination).toEqual({ total: 3, limit: 2, offset: 0, next_cursor: expect.any(String) });
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(new Set([...first.data, ...second.data].map((e) => e.id)).size).toBe(3);
    // the page carries no internal column, and a page past the end still knows the total
    expect(Object.keys(first.data[0])).not.toContain('_total');
    const past = await audit('?resource=flags&limit=2&offset=10');
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(3);
    const oldest = await audit('?resource=flags&order=asc&limit=1');
    expect(oldest.data[0].after).toEqual({ enabled: true });
  });

  it('lets agents read it (governance:view) and refuses sellers with 403 forbidden', async () => {
    const agent = await fetch(`${h.url}/api/audit?resource=flags`, { headers: as['agent@demo.local'] });
    expect(agent.status).toBe(200);
    expect((await agent.json()).pagination.total).toBe(3);
    const seller = await fetch(`${h.url}/api/audit`, { headers: as['seller@demo.local'] });
    expect(seller.status).toBe(403);
    expect(await seller.json()).toMatchObject({ code: 'forbidden' });
  });

  it('answers 400 with per-field details for bad filters', async () => {
    const res = await fetch(`${h.url}/api/audit?from=yesterday-ish&limit=0`, { headers: as['admin@demo.local'] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['from', 'limit']);
    const reversed = await fetch(`${h.url}/api/audit?from=${encodeURIComponent(midpoint)}&to=${encodeURIComponent(startedAt)}`, {
      headers: as['admin@demo.local'],
    });
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).details).toEqual([expect.objectContaining({ field: 'to' })]);
  });

  it('is scoped by tenant in the database too: no header trick reaches another tenant', async () => {
    const res = await fetch(`${h.url}/api/audit`, { headers: { ...as['admin@demo.local'], 'x-tenant-id': ACCOUNTS[3].tenantId } });
    expect(res.status).toBe(403);
    const rows = await h.db.transaction((tx) => tx.query<{ tenant_id: string }>('select distinct tenant_id from audit_log'), { tenantId: DEMO_TENANT.id });
    expect(rows.rows).toEqual([{ tenant_id: DEMO_TENANT.id }]);
  });
});
