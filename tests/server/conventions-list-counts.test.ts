/**
 * Cached list totals (docs/api-conventions.md "Lists"): a total is reused for a while per tenant and
 * filter, and the route kit drops every cached total of a tenant once any write of that tenant has
 * committed — no route calls the invalidation by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { appendEvents, untypedEvent } from '../../server/events/outbox';
import { consumersSettled } from './consumers-settled';

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
    expect((await callAs(h, 'admin@demo.local', 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
    expect(await total()).toBe(before + 1);

    // and a supplier created through its own route is counted at once
    expect((await callAs(h, 'seller@demo.local', 'POST', '/api/suppliers', { name: 'Count Cache Two' })).status).toBe(201);
    expect(await total()).toBe(before + 2);
  });

  it('are not dropped by a write that failed (nothing committed)', async () => {
    // the earlier writes' events handled first: a consumer handling one drops the cache too (below)
    await consumersSettled(h);
    const before = await total();
    await insertDirectly('Count Cache Three');
    expect((await callAs(h, 'seller@demo.local', 'POST', '/api/suppliers', { name: '' })).status).toBe(400);
    expect(await total()).toBe(before);
  });

  it('are dropped once a consumer has handled a message of the tenant (what automation writes is counted at once)', async () => {
    let handled = 0;
    await h.app.events.register({
      name: `count-cache-${Date.now()}`,
      filterSubjects: ['jobs.countcache.*'],
      async handle(msg) {
        await h.db.transaction((tx) => tx.query('insert into suppliers (tenant_id, name, tier) values ($1, $2, 3)', [msg.tenantId, 'Count Cache Consumer']), { tenantId: msg.tenantId });
        handled += 1;
      },
    });
    const rows = async () =>
      (await h.db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from suppliers'), { tenantId: DEMO_TENANT.id })).rows[0].n;
    // the earlier tests' events are still being handled by the app's own consumers (each drops the
    // cache too): insert behind the API's back until a read shows a cached total below the real one
    for (let i = 0; i < 10; i++) {
      await insertDirectly(`Count Cache Four ${i}`);
      if ((await total()) < (await rows())) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await total()).toBeLessThan(await rows()); // stale, as above
    await h.db.transaction((tx) => appendEvents(tx, DEMO_TENANT.id, [untypedEvent('jobs.countcache.run', {})]), { tenantId: DEMO_TENANT.id });
    const until = Date.now() + 15_000;
    while (handled === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(handled).toBe(1);
    expect(await total()).toBe(await rows());
  });
});
