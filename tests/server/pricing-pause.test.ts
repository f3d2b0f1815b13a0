/**
 * Pausing Pricing Intelligence pauses the repricer, per tenant (docs/agents.md "Pricing
 * Intelligence"): while the demo store's is paused, a marketplace tick that moves its competitors'
 * prices (the repricer's tick pass and the competitor monitor's hand-off) and a cost change decide,
 * propose and push nothing for it, and the events are acknowledged, not left waiting; Northwind, not
 * paused, keeps repricing on its own tick. Resuming queues one catch-up run (trigger `resume`) that
 * sweeps the store: the cost change and the moved offers are priced. PGlite and PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { consumersSettled } from './consumers-settled';
import { waitFor } from './wait-for';
import type { AgentRun } from '../../contract/agents';

vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
const T: string = DEMO_TENANT.id;
const NW: string = NORTHWIND_TENANT.id;
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const NW_OWNER = 'owner@northwind.local';
const DEMO_AMAZON = 'c0000000-0000-4000-8000-000000000001';
const NW_EBAY = 'c0000000-0000-4000-8000-000000000011';

interface Ruled { id: string; variant_id: string; product_id: string; price_cents: number }
const ruled: Record<string, Ruled[]> = {};

const q = async <R>(tenant: string, sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query(sql, args)).rows as R[], { tenantId: tenant });
const settled = async () => {
  await consumersSettled(h, null, T, 60_000);
  await consumersSettled(h, null, NW, 60_000);
};
const lastDecision = async (tenant: string) => Number((await q<{ id: string | null }>(tenant, 'select max(id) as id from price_decisions where tenant_id = $1', [tenant]))[0].id ?? 0);
const decisionsSince = (tenant: string, after: number) =>
  q<{ listing_id: string; trigger: string; applied: boolean; new_price_cents: number | null }>(tenant, 'select listing_id, trigger, applied, new_price_cents from price_decisions where tenant_id = $1 and id > $2 order by id', [tenant, after]);
const pricesOf = async (tenant: string) =>
  new Map((await q<{ id: string; price_cents: number }>(tenant, 'select id, price_cents from listings where id = any($1::uuid[])', [ruled[tenant].map((l) => l.id)])).map((r) => [r.id, Number(r.price_cents)]));
const offersOf = async (tenant: string) =>
  new Map((await q<{ id: string; offers: unknown }>(tenant, 'select id, offers from listings where id = any($1::uuid[])', [ruled[tenant].map((l) => l.id)])).map((r) => [r.id, JSON.stringify(r.offers)]));

/** Four active listings of the account whose sandbox item has competitors, each of another product, under an auto rule of their own. */
async function ruleListings(tenant: string, account: string, who: string): Promise<void> {
  const rows = await q<Ruled>(
    tenant,
    `select distinct on (l.product_id) l.id, l.variant_id, l.product_id, l.price_cents
       from listings l join product_variants v on v.id = l.variant_id
      where l.tenant_id = $1 and l.marketplace_id = $2 and l.status = 'active' and l.external_id is not null and v.cost_cents is not null
        and exists (select 1 from sandbox_offers s where s.marketplace_id = l.marketplace_id and s.external_id = l.external_id)
      order by l.product_id, l.id limit 4`,
    [tenant, account],
  );
  expect(rows).toHaveLength(4);
  ruled[tenant] = rows.map((r) => ({ ...r, price_cents: Number(r.price_cents) }));
  const res = await callAs(h, who, 'POST', '/api/pricing/rules', {
    name: 'Pause test', mode: 'auto', strategy: 'beat_lowest', scope: { type: 'listings', listing_ids: rows.map((r) => r.id) },
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  h = await startServer();
  await ruleListings(T, DEMO_AMAZON, SELLER);
  await ruleListings(NW, NW_EBAY, NW_OWNER);
  // the seeded ticks and the rules' own passes, done before anything is measured
  await settled();
}, 300_000);
afterAll(async () => h?.close());

describe('Pricing Intelligence paused', () => {
  let mark: number;
  let prices: Map<string, number>;

  it('a tick that moves the competitors decides and pushes nothing for the paused store; the other store reprices', async () => {
    const paused = await callAs(h, AGENT, 'POST', '/api/agents/pricing/pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ name: 'pricing', paused: true });
    mark = await lastDecision(T);
    const nwMark = await lastDecision(NW);
    prices = await pricesOf(T);
    const offers = await offersOf(T);
    const proposals = (await q<{ n: number }>(T, 'select count(*)::int as n from price_proposals where tenant_id = $1', [T]))[0].n;

    expect((await callAs(h, ADMIN, 'POST', `/api/marketplaces/${DEMO_AMAZON}/sandbox/tick`, { ticks: 1 })).status).toBe(200);
    expect((await callAs(h, NW_OWNER, 'POST', `/api/marketplaces/${NW_EBAY}/sandbox/tick`, { ticks: 1 })).status).toBe(200);
    // Northwind's repricer decides its moved listings after its tick
    const nw = await waitFor(async () => {
      const d = (await decisionsSince(NW, nwMark)).filter((x) => x.trigger === 'competitor_change');
      return d.length > 0 ? d : null;
    }, "Northwind's competitor_change decisions", 60_000);
    expect(nw.every((d) => ruled[NW].some((l) => l.id === d.listing_id))).toBe(true);
    await settled();

    // the demo store's competitors did move (the sync consumer recorded the tick's offers) ...
    const moved = await offersOf(T);
    expect([...moved].filter(([id, o]) => offers.get(id) !== o).length).toBeGreaterThan(0);
    // ... and its repricer, tick pass and competitor monitor hand-off alike, decided nothing
    expect(await decisionsSince(T, mark)).toEqual([]);
    expect(await pricesOf(T)).toEqual(prices);
    expect((await q<{ n: number }>(T, 'select count(*)::int as n from price_proposals where tenant_id = $1', [T]))[0].n).toBe(proposals);
    // the events were acknowledged (settled above), none dead-lettered
    expect(await q(T, `select 1 from dlq_entries where tenant_id = $1 and consumer in ('repricer', 'competitor-monitor')`, [T])).toEqual([]);
  });

  it('a cost change decides nothing while paused', async () => {
    const l = ruled[T][0];
    // a cost at the price: the floor is above it, so a decision would raise the price
    await q(T, 'update product_variants set cost_cents = $2 where id = $1', [l.variant_id, prices.get(l.id)]);
    expect((await callAs(h, SELLER, 'PUT', `/api/products/${l.product_id}`, { tags: 'pause-test' })).status).toBe(200);
    await settled();
    expect(await decisionsSince(T, mark)).toEqual([]);
    expect((await pricesOf(T)).get(l.id)).toBe(prices.get(l.id));
  });

  it('resume queues one catch-up sweep that prices what changed while paused', async () => {
    const resumed = await callAs(h, AGENT, 'POST', '/api/agents/pricing/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ paused: false });
    // resuming again changes nothing and queues nothing more
    expect((await callAs(h, AGENT, 'POST', '/api/agents/pricing/resume')).status).toBe(200);
    const runs = (await callAs(h, AGENT, 'GET', '/api/agents/pricing/runs?limit=50')).body.data as AgentRun[];
    const catchUp = runs.filter((r) => r.trigger === 'resume');
    expect(catchUp).toHaveLength(1);
    expect(catchUp[0].requested_by).toBe(AGENT);
    const done = await waitFor(async () => {
      const r = ((await callAs(h, AGENT, 'GET', '/api/agents/pricing/runs?limit=50')).body.data as AgentRun[]).find((x) => x.id === catchUp[0].id);
      return r && (r.status === 'succeeded' || r.status === 'failed') ? r : null;
    }, 'the catch-up run', 60_000);
    expect(done.status).toBe('succeeded');
    expect(Number(done.outputs?.decisions)).toBeGreaterThan(0);

    const after = await decisionsSince(T, mark);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((d) => d.trigger === 'sweep')).toBe(true);
    // the cost change is priced: raised to the new floor and applied
    const l = ruled[T][0];
    const raised = after.find((d) => d.listing_id === l.id);
    expect(raised).toMatchObject({ applied: true });
    expect(raised!.new_price_cents!).toBeGreaterThan(prices.get(l.id)!);
    await waitFor(async () => (await pricesOf(T)).get(l.id) === raised!.new_price_cents, 'the raised price on the listing');
    // and the moved offers of the others too
    expect(after.some((d) => d.listing_id !== l.id)).toBe(true);
  });
});
