/**
 * Proposals that do not pile up (docs/repricing.md "Proposals"): a pass that proposes the same move
 * as a listing's pending proposal keeps that proposal (refreshed on the new inputs) instead of
 * expiring it and writing another, so N sweeps over a market that moves without changing the answer
 * leave one pending proposal per listing; a superseded proposal's refusal names the pending one that
 * replaced it; the sweep deletes expired proposals past the retention window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { EXPIRED_PROPOSAL_RETENTION_MS, sweepTenant } from '../../server/api/pricing/sweep';
import { consumersSettled } from './consumers-settled';

let h: Harness;
const T: string = DEMO_TENANT.id;
const SELLER = 'seller@demo.local';
const q = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });
const call = (method: string, path: string, body?: unknown) => callAs(h, SELLER, method, path, body);

/** Acme 1 $ below every active listing and Zeta `zeta` cents above it: Zeta never changes the answer, only the inputs. */
const market = (zeta: number) =>
  q(
    `update listings set offers = jsonb_build_array(
              jsonb_build_object('seller', 'Acme', 'price_cents', price_cents - 100, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', true),
              jsonb_build_object('seller', 'Zeta', 'price_cents', price_cents + $2::int, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', false)),
            buy_box_owner = 'Acme', buy_box_price_cents = price_cents - 100, competitors_count = 2
      where tenant_id = $1 and status = 'active' and price_cents > 200`,
    [T, zeta],
  );

const counts = () =>
  q<{ listing_id: string; total: number; pending: number; expired: number }>(
    `select listing_id, count(*)::int as total, count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'expired')::int as expired
       from price_proposals group by listing_id`,
  );

beforeAll(async () => {
  h = await startServer();
  // the competitor monitor hands the listings it sees change to the repricer after each marketplace
  // tick (docs/agents.md), also the seeded ticks its new consumer reads: paused, so the sweeps below
  // are the only evaluations (on PostgreSQL its repricing ran beside them and made them flaky)
  expect((await callAs(h, 'admin@demo.local', 'POST', '/api/agents/competitor/pause')).status).toBe(200);
  // the repricer's own consumers work through the seeded events in the background too: settled
  // before the rule exists, so none of their passes proposes beside the sweeps below
  await consumersSettled(h, null, T, 120_000);
  await q(
    `insert into pricing_rules (tenant_id, name, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, no_competition, below_floor, own_buy_box, raise_step_cents, filters)
     values ($1, 'Compaction default', 'proposals', 'tenant', '{}', 'beat_lowest', 'cents', 1, 1000, 'hold', 'floor', 'raise', 1, '{}')`,
    [T],
  );
  await market(5000);
}, 300_000);
afterAll(async () => h?.close());

describe('proposal compaction', () => {
  it('N sweeps over a market that keeps the same answer leave one pending proposal per listing, not N', async () => {
    const first = await sweepTenant(h.db, T, { batch: 500 });
    expect(first.proposals).toBeGreaterThan(5);
    const before = await q<{ id: string; listing_id: string; created_at: string }>(`select id, listing_id, created_at from price_proposals where status = 'pending'`);
    expect(before.length).toBe(first.proposals);

    const N = 4;
    for (let i = 1; i <= N; i++) {
      await market(5000 + i); // the inputs move (a new fingerprint), the decision does not
      const r = await sweepTenant(h.db, T, { batch: 500 });
      expect(r.evaluated).toBeGreaterThanOrEqual(first.proposals); // every listing was decided again
      expect(r.proposals).toBe(first.proposals);
    }
    const rows = await counts();
    expect(rows.length).toBe(first.proposals);
    for (const r of rows) expect(r).toMatchObject({ total: 1, pending: 1, expired: 0 });
    // the same rows, refreshed on the newest decision and inputs: approving one applies it
    const after = await q<{ id: string; decision_id: string; inputs_hash: string; last_hash: string }>(
      `select x.id, x.decision_id, x.inputs_hash, s.inputs_hash as last_hash from price_proposals x join pricing_listing_state s on s.listing_id = x.listing_id
        where x.status = 'pending' and s.pending_proposal_id = x.id`,
    );
    expect(new Set(after.map((a) => a.id))).toEqual(new Set(before.map((b) => b.id)));
    for (const a of after) expect(a.inputs_hash).toBe(a.last_hash);
    const decisions = await q<{ n: number }>(`select count(*)::int as n from price_decisions where id in (select decision_id from price_proposals)`);
    expect(decisions[0].n).toBe(first.proposals);
    const ok = await call('POST', `/api/pricing/proposals/${after[0].id}/approve`, {});
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('applied');
  }, 180_000);

  it('proposing the same listing again keeps its pending proposal', async () => {
    const [p] = await q<{ id: string; listing_id: string }>(`select id, listing_id from price_proposals where status = 'pending' order by id limit 1`);
    const again = await call('POST', '/api/pricing/propose', { listing_ids: [p.listing_id] });
    expect(again.status).toBe(200);
    expect(again.body.data.proposals.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const again2 = await call('POST', '/api/pricing/propose', { listing_ids: [p.listing_id] });
    expect(again2.body.data.proposals[0].id).toBe(p.id);
    expect((await q<{ n: number }>(`select count(*)::int as n from price_proposals where listing_id = $1`, [p.listing_id]))[0].n).toBe(1);
  });

  it('approving a superseded proposal names the pending proposal that replaced it, alone and in a bulk', async () => {
    await consumersSettled(h, null, T, 60_000);
    const [old] = await q<{ id: string; listing_id: string; new_price_cents: number }>(`select id, listing_id, new_price_cents from price_proposals where status = 'pending' order by id limit 1`);
    // Acme drops another 2 $ on this listing: a different answer, so the pending proposal is superseded
    await q(`update listings set offers = jsonb_set(offers, '{0,price_cents}', to_jsonb((offers->0->>'price_cents')::int - 200)), buy_box_price_cents = buy_box_price_cents - 200 where id = $1`, [old.listing_id]);
    await sweepTenant(h.db, T, { batch: 500 });
    const [fresh] = await q<{ id: string; new_price_cents: number }>(`select id, new_price_cents from price_proposals where listing_id = $1 and status = 'pending'`, [old.listing_id]);
    expect(fresh.id).not.toBe(old.id);
    expect(Number(fresh.new_price_cents)).toBe(Number(old.new_price_cents) - 200);
    const replaced = { replaced_by: fresh.id, new_price_cents: Number(fresh.new_price_cents) };

    const one = await call('POST', `/api/pricing/proposals/${old.id}/approve`, {});
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({ code: 'proposal_decided', details: replaced });
    expect(one.body.message).toBe(`This proposal is already expired: a newer proposal ($${(replaced.new_price_cents / 100).toFixed(2)}) replaced it`);

    const bulk = await call('POST', '/api/pricing/proposals/bulk', { action: 'approve', ids: [old.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ succeeded: 0, failed: 1 });
    expect(bulk.body.results[0].error).toMatchObject({ code: 'proposal_decided', details: replaced });

    const take = await call('POST', `/api/pricing/proposals/${fresh.id}/approve`, {});
    expect(take.status).toBe(200);
    expect(take.body.data).toMatchObject({ status: 'applied', new_price_cents: replaced.new_price_cents });
    // with the replacement decided, the expired one names nothing
    const none = await call('POST', `/api/pricing/proposals/${old.id}/approve`, {});
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'proposal_decided', message: 'This proposal is already expired', details: null });
  });

  it('the sweep deletes expired proposals past the retention window, and only those', async () => {
    // the approvals above push prices, and the repricer's consumers react to the pushes in the
    // background: settled first, so on PostgreSQL their passes do not run beside this sweep
    await consumersSettled(h, null, T, 60_000);
    const [p] = await q<{ id: string; listing_id: string }>(`select id, listing_id from price_proposals where status = 'pending' order by id limit 1`);
    await q(`update listings set offers = jsonb_set(offers, '{0,price_cents}', to_jsonb((offers->0->>'price_cents')::int - 200)), buy_box_price_cents = buy_box_price_cents - 200 where id = $1`, [p.listing_id]);
    await sweepTenant(h.db, T, { batch: 500 });
    const expired = await q<{ id: string }>(`select id from price_proposals where status = 'expired' order by id`);
    expect(expired.length).toBeGreaterThanOrEqual(2);
    const [stale, ...recent] = expired.map((e) => e.id);
    await q(`update price_proposals set decided_at = now() - make_interval(secs => $2) where id = $1`, [stale, EXPIRED_PROPOSAL_RETENTION_MS / 1000 + 60]);
    // an old rejection is the seller's decision, kept
    await q(`update price_proposals set status = 'rejected', decided_at = now() - interval '30 days' where id = (select id from price_proposals where status = 'pending' order by id limit 1)`);

    const r = await sweepTenant(h.db, T, { batch: 500 });
    expect(r.purged).toBe(1);
    const left = await q<{ id: string; status: string }>(`select id, status from price_proposals where status in ('expired', 'rejected') order by id`);
    expect(left.map((x) => x.id)).not.toContain(stale);
    expect(left.filter((x) => x.status === 'expired').map((x) => x.id)).toEqual(recent.sort());
    expect(left.some((x) => x.status === 'rejected')).toBe(true);
  });
});
