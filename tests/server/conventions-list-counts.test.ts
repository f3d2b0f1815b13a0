/**
 * Cached list totals (docs/api-conventions.md "Lists"): a total is reused for a while per tenant and
 * filter, and the route kit drops every cached total of a tenant once any write of that tenant has
 * committed — no route calls the invalidation by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

const total = async () => {
  const res = await callAs(h, 'seller@demo.local', 'GET', '/api/suppliers?limit=1');
  expect(res.status).toBe(200);
  return res.body.pagination.total as number;
};

/** A supplier written behind the API's back: no route ran, so nothing told the cache. */
const insertDirectly = (name: string) =>
  h.db.transaction((tx) => tx.query('insert into suppliers (tenant_id, name, tier) values ($1, $2, 3)', [DEMO_TENANT.id, name]), {
    tenantId: DEMO_TENANT.id,
  });

describe('cached list totals', () => {
  it('are reused until a write of the tenant commits through any route, then read again', async () => {
    const before = await total();
    await insertDirectly('Count Cache One');
    // cached: the direct insert is not seen yet (this is what makes the next steps meaningful)
    expect(await total()).toBe(before);

    // another tenant's write leaves the Demo Store's cached totals alone
    expect((await callAs(h, 'owner@northwind.local', 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
    expect(await total()).toBe(before);

    // a write of the tenant through a route that has nothing to do with suppliers refreshes them
    expect((await callAs(h, 'agent@demo.local', 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
    expect(await total()).toBe(before + 1);

    // and a supplier created through its own route is counted at once
    expect((await callAs(h, 'seller@demo.local', 'POST', '/api/suppliers', { name: 'Count Cache Two' })).status).toBe(201);
    expect(await total()).toBe(before + 2);
  });

  it('are not dropped by a write that failed (nothing committed)', async () => {
    const before = await total();
    await insertDirectly('Count Cache Three');
    expect((await callAs(h, 'seller@demo.local', 'POST', '/api/suppliers', { name: '' })).status).toBe(400);
    expect(await total()).toBe(before);
  });
});
