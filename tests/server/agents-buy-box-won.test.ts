/**
 * The competitor monitor's buy box won back (docs/agents.md "Competitor monitor"; docs/alerts.md
 * "Automatic resolution"): the sandbox marketplace's offers change on its ticks — a newcomer
 * undercuts the store and takes a listing's buy box (the monitor's buy-box alert opens), then prices
 * itself out and the store wins the buy box back: the monitor writes `agents.buy_box_won` and the
 * listing's open buy-box alert is resolved by automation in that transaction, while its other alerts
 * (the new entrant) stay open. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { consumersSettled } from './consumers-settled';
import { waitFor } from './wait-for';
import type { AgentRun } from '../../contract/agents';

vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const q = async <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query(sql, args)).rows as R[], { tenantId: T });

let l: { id: string; sku: string; marketplace_id: string; external_id: string; price_cents: number };

/** Queues a competitor monitor run (retrying while a tick's run is pending) and waits for it to finish. */
async function monitorRun(): Promise<AgentRun> {
  const queued = await waitFor(async () => {
    const res = await callAs(h, AGENT, 'POST', '/api/agents/competitor/run');
    return res.status === 202 ? (res.body.data as AgentRun) : null;
  }, 'a competitor run to be queued', 60_000);
  return waitFor(async () => {
    const runs = (await callAs(h, AGENT, 'GET', '/api/agents/competitor/runs?limit=50')).body.data as AgentRun[];
    const r = runs.find((x) => x.id === queued.id);
    return r && (r.status === 'succeeded' || r.status === 'failed') ? r : null;
  }, 'the competitor run to finish', 60_000);
}

/** One sandbox tick of the listing's account, then waits until the listing shows `owner` holding the buy box. */
async function tickUntilOwner(owner: string): Promise<void> {
  expect((await callAs(h, ADMIN, 'POST', `/api/marketplaces/${l.marketplace_id}/sandbox/tick`, { ticks: 1 })).status).toBe(200);
  await waitFor(async () => (await q<{ buy_box_owner: string | null }>('select buy_box_owner from listings where id = $1', [l.id]))[0].buy_box_owner === owner, `${owner} to hold the buy box`, 60_000);
}

const alertsOf = () =>
  q<{ id: string; key: string; resolved_at: string | null; resolved_by: string | null }>(
    `select id, key, resolved_at, resolved_by from alerts where tenant_id = $1 and type = 'competitor_change' and key like $2 order by key`, [T, `event:competitor:${l.id}:%`],
  );

beforeAll(async () => {
  h = await startServer();
  [l] = await q(
    `select l.id, l.sku, l.marketplace_id, l.external_id, l.price_cents from listings l join marketplace_accounts m on m.id = l.marketplace_id
      where l.tenant_id = $1 and l.status = 'active' and l.external_id is not null and m.mode = 'sandbox' and m.status = 'connected'
        and exists (select 1 from sandbox_items s where s.marketplace_id = l.marketplace_id and s.external_id = l.external_id and s.status = 'active')
      order by l.id desc limit 1`,
    [T],
  );
  expect(l).toBeDefined();
  l.price_cents = Number(l.price_cents);
  await consumersSettled(h, null, T, 60_000);
}, 300_000);
afterAll(async () => h?.close());

describe('buy box won', () => {
  it('the store wins back the buy box: the listing\'s open buy-box alert resolves by automation, its other alerts stay', async () => {
    // one competitor, dearer than the store: the store holds the buy box, and the monitor sees it
    await q('delete from sandbox_offers where marketplace_id = $1 and external_id = $2', [l.marketplace_id, l.external_id]);
    await q(
      `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating) values ($1, $2, $3, 'Steady Seller', $4, $4, 0, 95)`,
      [T, l.marketplace_id, l.external_id, l.price_cents * 2],
    );
    await tickUntilOwner('you');
    await monitorRun();
    expect((await q<{ buy_box_owner: string }>('select buy_box_owner from competitor_watch where listing_id = $1', [l.id]))[0].buy_box_owner).toBe('you');

    // a newcomer undercuts everyone and takes the buy box: the monitor's buy-box alert opens
    await q(
      `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating) values ($1, $2, $3, 'Newcomer Deals', $4, $4, 0, 99)`,
      [T, l.marketplace_id, l.external_id, Math.round(l.price_cents * 0.5)],
    );
    await tickUntilOwner('Newcomer Deals');
    const lostKey = `event:competitor:${l.id}:buy_box_lost:Newcomer Deals`;
    const lost = await waitFor(async () => {
      const a = (await alertsOf()).find((x) => x.key === lostKey && x.resolved_at === null);
      if (a) return a;
      await monitorRun(); // the tick's own run may have read the offers before the sync wrote them
      return null;
    }, 'the buy-box alert', 120_000);
    const entrant = (await alertsOf()).find((x) => x.key === `event:competitor:${l.id}:new_entrant:Newcomer Deals`);
    expect(entrant?.resolved_at).toBeNull();

    // the newcomer prices itself out: the store wins the buy box back on the next tick
    await q(`update sandbox_offers set base_price_cents = $3, price_cents = $3 where marketplace_id = $1 and external_id = $2 and seller = 'Newcomer Deals'`, [l.marketplace_id, l.external_id, l.price_cents * 3]);
    await tickUntilOwner('you');
    const resolved = await waitFor(async () => {
      const a = (await alertsOf()).find((x) => x.id === lost.id)!;
      if (a.resolved_at !== null) return a;
      await monitorRun();
      return null;
    }, 'the buy-box alert to resolve', 120_000);
    expect(resolved.resolved_by).toBe('automation');

    // the event that ended it, in the log (won back from the newcomer), and the queue's own event naming the alert
    const won = await q<{ payload: { listing_id: string; sku: string; seller: string } }>(`select payload from events where tenant_id = $1 and subject = 'agents.buy_box_won' and payload->>'listing_id' = $2 and payload->>'seller' = 'Newcomer Deals'`, [T, l.id]);
    expect(won.map((e) => e.payload)).toEqual([{ listing_id: l.id, sku: l.sku, seller: 'Newcomer Deals' }]);
    const queue = await q<{ payload: { action: string; ids: string[]; by: string } }>(`select payload from events where tenant_id = $1 and subject = 'alert_queue.changed' and payload->'ids' ? $2`, [T, lost.id]);
    expect(queue.map((e) => e.payload)).toEqual([expect.objectContaining({ action: 'resolve', by: 'automation' })]);
    const runs = (await callAs(h, AGENT, 'GET', '/api/agents/competitor/runs?limit=50')).body.data as AgentRun[];
    expect(runs.some((r) => r.status === 'succeeded' && Number(r.outputs?.buy_box_won ?? 0) > 0)).toBe(true);

    // only the buy-box alert: the new entrant's stays open
    expect((await alertsOf()).find((x) => x.key === `event:competitor:${l.id}:new_entrant:Newcomer Deals`)?.resolved_at).toBeNull();
  });
});
