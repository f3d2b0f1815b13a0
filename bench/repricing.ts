/**
 * `npm run bench:repricing` — docs/performance.md "Repricing": a full sweep over N listings with
 * competitor offers (listings/s), a second sweep with nothing changed (the skip path), the engine
 * alone, and end to end through the event runtime (the `repricer` and `listing-push` consumers):
 * one cost change and one competitor-price change → decision row → pushed through the sandbox connector.
 * The sweep runs as the scheduled one does: keyset pages of SWEEP_BATCH listings, one transaction each.
 * It runs with the server's node flags (bench/support/server-flags.ts).
 * Options: LISTINGS=100000, LATENCY_RUNS=20, SWEEP_BATCH=2000; TEST_DATABASE_URL=postgres://… runs on PostgreSQL.
 */
import { DEMO_TENANT } from '../server/seed/accounts';
import pg from 'pg';
import { appendEvent, appendEvents, untypedEvent } from '../server/events/outbox';
import { maintainTables } from '../server/db/maintenance';
import { MARKETPLACE_EVENTS } from '../contract/listings';
import { repricerSettled } from '../tests/server/pricing-support';
import { sweepTenant, SWEEP_BATCH } from '../server/api/pricing/sweep';
import { decide, type EngineInput } from '../server/domain/repricing';
import { newStore, openServer, waitFor } from '../tests/server/events-support';
import { callAs } from '../tests/server/tokens';
import type { Harness } from '../tests/server/harness';
import { withServerFlags } from './support/server-flags';

const N = Number(process.env.LISTINGS ?? 100_000);
const RUNS = Number(process.env.LATENCY_RUNS ?? 20);
const BATCH = Number(process.env.SWEEP_BATCH ?? SWEEP_BATCH);
const T = DEMO_TENANT.id;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0;
};

async function main() {
  withServerFlags();
  process.env.EVENTS_POLL_MS = '20';
  process.env.SANDBOX_TICK_MS = '0';
  process.env.PRICING_SWEEP_MS = '0';
  const engineName = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const store = await newStore();
  const s = await openServer(store);
  const h = { url: s.url, db: s.db, config: s.config, app: s.app } as unknown as Harness;
  try {
    // engine alone
    const input: EngineInput = {
      listing: { price_cents: 2599, cost_cents: 1000, shipping_cents: 200, map_cents: 1780, fee_rate_bp: 1500, fee_fixed_cents: 0, last_change_at: null },
      offers: [1, 2, 3, 4].map((i) => ({ seller: `S${i}`, price_cents: 2400 + i * 37, fulfilment: null, rating: 80 + i, own: false })),
      buy_box_owner: 'S1',
      buy_box_price_cents: 2437,
      rule: { strategy: 'beat_lowest', step_unit: 'bp', step_value: 50, min_margin_bp: 1000, ceiling_cents: null, no_competition: 'hold', below_floor: 'floor', own_buy_box: 'raise', raise_step_cents: 1, max_change_bp: 1000, min_interval_seconds: null, filters: { fulfilment: null, min_rating: 70, exclude_own: true } },
      now: new Date(),
    };
    const e0 = performance.now();
    for (let i = 0; i < 200_000; i++) decide({ ...input, listing: { ...input.listing, price_cents: 2000 + (i % 1000) } });
    const engineRate = Math.round(200_000 / ((performance.now() - e0) / 1000));

    // N listings: sandbox accounts × variants, each with three competitor offers
    const variants = await s.db.transaction(async (tx) => (await tx.query<{ n: string }>('select count(*) as n from product_variants where tenant_id = $1', [T])).rows[0].n, { tenantId: T });
    const accounts = Math.ceil(N / Number(variants));
    const b0 = performance.now();
    await s.db.transaction(async (tx) => {
      await tx.query(`delete from listings where tenant_id = $1`, [T]);
      await tx.query(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status) select $1, 'amazon', 'Bench ' || g, 'sandbox', 'connected' from generate_series(1, $2) g`,
        [T, accounts],
      );
      await tx.query(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id, offers, buy_box_owner, buy_box_price_cents, competitors_count)
         select $1, m.id, v.product_id, v.id, v.sku, 'Bench ' || v.sku, p.c + 500, 'active', 'synced', 'BENCH-' || m.id || '-' || v.id,
                jsonb_build_array(jsonb_build_object('seller', 'Acme', 'price_cents', p.c + 300, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', true),
                                  jsonb_build_object('seller', 'Beta', 'price_cents', p.c + 450, 'shipping_cents', 299, 'rating', 88, 'is_buy_box', false),
                                  jsonb_build_object('seller', 'Cheapo', 'price_cents', p.c - 200, 'shipping_cents', 0, 'rating', 40, 'is_buy_box', false)),
                'Acme', p.c + 300, 3
           from (select id from marketplace_accounts where tenant_id = $1 and name like 'Bench %') m
           cross join product_variants v
           cross join lateral (select greatest(coalesce(v.cost_cents, 500) * 2, coalesce(v.map_price_cents, 0))::int as c) p
          where v.tenant_id = $1
          limit $2`,
        [T, N],
      );
      await tx.query(
        `insert into pricing_rules (tenant_id, name, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, no_competition, below_floor, own_buy_box, raise_step_cents, filters)
         values ($1, 'Bench default', 'proposals', 'tenant', '{}', 'beat_lowest', 'cents', 1, 1000, 'hold', 'floor', 'raise', 1, '{"min_rating":70}')`,
        [T],
      );
    }, { tenantId: T });
    const built = (performance.now() - b0) / 1000;
    const count = await s.db.transaction(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from listings where tenant_id = $1', [T])).rows[0].n), { tenantId: T });
    // the statistics a running store has after such growth: autovacuum's analyze on PostgreSQL, the
    // server's own upkeep pass on PGlite (docs/decisions.md "PGlite keeps its own statistics")
    const a0 = performance.now();
    if (store.databaseUrl) {
      const owner = new pg.Client({ connectionString: store.databaseUrl });
      await owner.connect();
      await owner.query('analyze');
      await owner.end();
    } else await maintainTables(s.db);
    const analyzed = (performance.now() - a0) / 1000;

    const c0 = process.cpuUsage();
    const s0 = performance.now();
    const first = await sweepTenant(s.db, T, { batch: BATCH });
    const sweep1 = (performance.now() - s0) / 1000;
    const sweepCpu = process.cpuUsage(c0); // the server's own share of the sweep: the rest is the database
    const s1 = performance.now();
    const second = await sweepTenant(s.db, T, { batch: BATCH });
    const sweep2 = (performance.now() - s1) / 1000;

    // one change end to end: a real sandbox listing under an auto rule; its cost rises above what
    // the price covers, the variant event reaches the repricer, the decision raises the price, the
    // push consumer sends it through the connector
    const acc = (await callAs(h, 'admin@demo.local', 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Latency', sandbox_order_rate: 0 })).body.data.id;
    const v = await s.db.transaction(async (tx) => (await tx.query<{ id: string; product_id: string; sku: string }>(
      `select v.id, v.product_id, v.sku from product_variants v where v.tenant_id = $1 and exists (select 1 from product_images i where i.product_id = v.product_id) order by v.id limit 1`, [T])).rows[0], { tenantId: T });
    await s.db.transaction((tx) => tx.query('update product_variants set cost_cents = 1000, map_price_cents = null where id = $1', [v.id]), { tenantId: T });
    const listing = (await callAs(h, 'seller@demo.local', 'POST', '/api/listings', { variant_id: v.id, marketplace_id: acc, price_cents: 2000 })).body.data.id;
    await waitFor(async () => (await callAs(h, 'seller@demo.local', 'GET', `/api/listings/${listing}`)).body.data.sync_state === 'synced', 'first push', 60_000);
    await callAs(h, 'seller@demo.local', 'POST', '/api/pricing/rules', { name: 'Latency auto', mode: 'auto', strategy: 'beat_lowest', no_competition: 'ceiling', ceiling_cents: 100, own_buy_box: 'strategy', scope: { type: 'listings', listing_ids: [listing] } });
    await repricerSettled(h, T, 120_000);
    const toDecision: number[] = [];
    const toPushed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cost = 20 + i; // the ceiling (1 $) is below the floor ⌈cost / 0.75⌉: the floor wins, so each cost rise moves the price
      const before = await s.db.transaction(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from price_decisions where listing_id = $1 and applied', [listing])).rows[0].n), { tenantId: T });
      const t0 = performance.now();
      await s.db.transaction(async (tx) => {
        await tx.query('update product_variants set cost_cents = $2 where id = $1', [v.id, cost * 100]);
        await appendEvent(tx, T, 'products.variant_updated', { product_id: v.product_id, id: v.id, sku: v.sku, fields: ['cost'] });
      }, { tenantId: T });
      await waitFor(async () => s.db.transaction(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from price_decisions where listing_id = $1 and applied', [listing])).rows[0].n) > before, { tenantId: T }), 'decision', 30_000);
      toDecision.push(performance.now() - t0);
      const floor = Math.ceil((cost * 100 * 10_000) / 7_500);
      await waitFor(async () => s.db.transaction(async (tx) => {
        const r = await tx.query<{ sync_state: string; price_cents: number }>('select sync_state, price_cents from listings where id = $1', [listing]);
        return r.rows[0].sync_state === 'synced' && Number(r.rows[0].price_cents) >= floor;
      }, { tenantId: T }), 'pushed', 30_000);
      toPushed.push(performance.now() - t0);
    }

    // one competitor-price change end to end: a second listing on the same account under an auto
    // rule that beats the lowest competitor by a cent; the sandbox's competitor moves and the
    // account ticks (what the sandbox clock does), the repricer pulls the offers through the
    // connector, decides, and the push consumer sends the new price
    const v2 = await s.db.transaction(async (tx) => (await tx.query<{ id: string }>(
      `select v.id from product_variants v where v.tenant_id = $1 and v.id <> $2 and exists (select 1 from product_images i where i.product_id = v.product_id) order by v.id limit 1`, [T, v.id])).rows[0], { tenantId: T });
    await s.db.transaction((tx) => tx.query('update product_variants set cost_cents = 1000, map_price_cents = null where id = $1', [v2.id]), { tenantId: T });
    const rival = (await callAs(h, 'seller@demo.local', 'POST', '/api/listings', { variant_id: v2.id, marketplace_id: acc, price_cents: 5000 })).body.data.id;
    const rivalListing = await waitFor(async () => {
      const l = (await callAs(h, 'seller@demo.local', 'GET', `/api/listings/${rival}`)).body.data;
      return l.sync_state === 'synced' && l.external_id ? l : null;
    }, 'first push', 60_000);
    await callAs(h, 'seller@demo.local', 'POST', '/api/pricing/rules', { name: 'Latency competitor', mode: 'auto', strategy: 'beat_lowest', step_unit: 'cents', step_value: 1, no_competition: 'hold', own_buy_box: 'strategy', filters: { min_rating: 0 }, scope: { type: 'listings', listing_ids: [rival] } });
    await repricerSettled(h, T, 120_000);
    const toOfferDecision: number[] = [];
    const toOfferPushed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const competitor = 4000 - 10 * i; // above the floor (⌈10 $ / 0.75⌉), so each move is beaten by a cent
      const t0 = performance.now();
      await s.db.transaction(async (tx) => {
        await tx.query('delete from sandbox_offers where marketplace_id = $1 and external_id = $2', [acc, rivalListing.external_id]);
        await tx.query(
          `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating) values ($1, $2, $3, 'Rival', $4, $4, 0, 95)`,
          [T, acc, rivalListing.external_id, competitor],
        );
        // the account's tick without the sandbox advancing it: the consumers read its id only
        await appendEvents(tx, T, [untypedEvent(MARKETPLACE_EVENTS.ticked, { id: acc })]);
      }, { tenantId: T });
      const decided = (ok: (r: { new_price_cents: number; sync_state: string; price_cents: number }) => boolean) => waitFor(async () => s.db.transaction(async (tx) => {
        const r = await tx.query<{ new_price_cents: number; sync_state: string; price_cents: number }>(
          `select d.new_price_cents, l.sync_state, l.price_cents from listings l left join lateral (select new_price_cents from price_decisions where listing_id = l.id and applied order by id desc limit 1) d on true where l.id = $1`, [rival]);
        return r.rows[0] && ok(r.rows[0]);
      }, { tenantId: T }), 'competitor decision', 30_000);
      await decided((r) => Number(r.new_price_cents) === competitor - 1);
      toOfferDecision.push(performance.now() - t0);
      await decided((r) => r.sync_state === 'synced' && Number(r.price_cents) === competitor - 1);
      toOfferPushed.push(performance.now() - t0);
    }

    console.log(`\n### Repricing on ${engineName} (${new Date().toISOString().slice(0, 10)})\n`);
    console.log('| measure | result |');
    console.log('|---|---|');
    console.log(`| engine alone (decide(), 200,000 calls) | ${engineRate.toLocaleString('en-US')} listings/s |`);
    console.log(`| listings built (SQL, ${accounts} accounts) | ${count.toLocaleString('en-US')} in ${built.toFixed(1)} s, statistics refreshed in ${analyzed.toFixed(1)} s |`);
    console.log(`| full sweep in pages of ${BATCH.toLocaleString('en-US')}, every listing decided (${first.decisions.toLocaleString('en-US')} decisions, ${first.proposals.toLocaleString('en-US')} proposals written) | ${sweep1.toFixed(1)} s = ${Math.round(count / sweep1).toLocaleString('en-US')} listings/s |`);
    console.log(`| … CPU of the server's process in it (with PGlite, the database's too) | ${((sweepCpu.user + sweepCpu.system) / 1e6).toFixed(1)} s |`);
    console.log(`| second sweep, nothing changed (${second.decisions} decisions) | ${sweep2.toFixed(1)} s = ${Math.round(count / sweep2).toLocaleString('en-US')} listings/s |`);
    console.log(`| one cost change → decision row (p50 / p95 / max of ${RUNS}) | ${pct(toDecision, 0.5).toFixed(0)} / ${pct(toDecision, 0.95).toFixed(0)} / ${Math.max(...toDecision).toFixed(0)} ms |`);
    console.log(`| … → pushed through the sandbox connector | ${pct(toPushed, 0.5).toFixed(0)} / ${pct(toPushed, 0.95).toFixed(0)} / ${Math.max(...toPushed).toFixed(0)} ms |`);
    console.log(`| one competitor-price change → decision row (p50 / p95 / max of ${RUNS}) | ${pct(toOfferDecision, 0.5).toFixed(0)} / ${pct(toOfferDecision, 0.95).toFixed(0)} / ${Math.max(...toOfferDecision).toFixed(0)} ms |`);
    console.log(`| … → pushed through the sandbox connector | ${pct(toOfferPushed, 0.5).toFixed(0)} / ${pct(toOfferPushed, 0.95).toFixed(0)} / ${Math.max(...toOfferPushed).toFixed(0)} ms |`);
  } finally {
    await s.close();
    await store.drop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
