/**
 * Bulk proposal approval at volume (docs/repricing.md "Proposals", docs/api-conventions.md "Large
 * commands in slices"): 10,000 pending proposals approved in one request — answered 202 with a job
 * the pricing-bulk consumer runs in slices, polled until done — each exactly once, each
 * listing's price changed and pushed as a single approval does it, one `pricing.proposal_decided`
 * per proposal and one `listings.changed` per listing — while another tenant's product list keeps
 * answering (the bulk runs in short slices, so on PGlite's one connection that tenant's requests get
 * turns between them); and two bulks at once over overlapping proposals approve each one once.
 * While a bulk runs, the bulk listings' accounts are paused, so the `listing-push` consumer holds the
 * new prices instead of pushing them alongside: the probes then time what the bulk itself holds the
 * engine for (a push batch of up to 500 listings is one transaction of its own, docs/performance.md
 * "Bulk proposal approval"); resuming the accounts pushes them, as it does any held change.
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { consumersSettled } from './consumers-settled';
import { buildPendingProposals, bulkAccounts, proposeAgain, type BuiltProposal } from './pricing-bulk-support';

const N = 10_000;
/** Every probe of the other tenant answers within this while the bulk runs (the one-transaction bulk held PGlite ~19 s). */
const PROBE_BOUND_MS = 1500;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;

let h: Harness;
let nwHeaders: Record<string, string>;
let sellerHeaders: Record<string, string>;

const inTenant = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });
const topSeq = async () => Number((await inTenant<{ s: string }>('select coalesce(max(seq), 0) as s from events'))[0].s);

/** Pauses or resumes the bulk listings' accounts (resuming pushes what was held, docs/marketplaces.md). */
async function setAccounts(status: 'paused' | 'connected') {
  for (const id of await bulkAccounts(h.db)) expect((await callAs(h, ADMIN, 'PUT', `/api/marketplaces/${id}`, { status })).status).toBe(200);
}

async function bulk(ids: string[], extra: Record<string, string> = {}) {
  const res = await fetch(`${h.url}/api/pricing/proposals/bulk`, { method: 'POST', headers: { ...sellerHeaders, ...extra }, body: JSON.stringify({ action: 'approve', ids }) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

interface Job { id: string; status: string; total: number; done: number; succeeded: number; failed: number; failures: { id: string; error: { code: string; message: string } }[] }

/** Polls a bulk job until it is done or failed; its last answer. */
async function finished(id: string): Promise<Job> {
  for (;;) {
    const r = await fetch(`${h.url}/api/pricing/proposals/bulk/${id}`, { headers: sellerHeaders });
    expect(r.status).toBe(200);
    const job = (await r.json()).data as Job;
    expect(job.done).toBeLessThanOrEqual(job.total);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** A bulk too large for one request: answered 202 with its job, which the pricing-bulk consumer runs; the job once finished. */
async function bulkJob(ids: string[], extra: Record<string, string> = {}) {
  const r = await bulk(ids, extra);
  expect(r.status).toBe(202);
  expect(r.body.job).toMatchObject({ status: 'queued', total: new Set(ids).size, done: 0 });
  return { answer: r, job: await finished(r.body.job.id) };
}

/** Runs `work` while another tenant lists its products back to back; each answer's latency. */
async function probing<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; probes: number[] }> {
  let done = false;
  const t0 = performance.now();
  const running = work().finally(() => {
    done = true;
  });
  const probes: number[] = [];
  while (!done) {
    const p0 = performance.now();
    const r = await fetch(`${h.url}/api/products?limit=50`, { headers: nwHeaders });
    expect(r.status).toBe(200);
    await r.arrayBuffer();
    probes.push(performance.now() - p0);
  }
  const result = await running;
  return { result, ms: performance.now() - t0, probes };
}

/** The proposals' events and history lines written after `since`: how many per proposal / listing. */
async function writesSince(since: number, ps: BuiltProposal[]) {
  const ids = ps.map((p) => p.id);
  const listingIds = ps.map((p) => p.listing_id);
  const decided = await inTenant<{ id: string; n: string; status: string }>(
    `select payload->>'id' as id, count(*) as n, min(payload->>'status') as status from events
      where seq > $1 and subject = 'pricing.proposal_decided' and payload->>'id' = any($2::text[]) group by 1`,
    [since, ids],
  );
  const changed = await inTenant<{ id: string; n: string }>(
    `select payload->>'id' as id, count(*) as n from events
      where seq > $1 and subject = 'listings.changed' and payload->>'source' = 'repricer' and payload->>'id' = any($2::text[]) group by 1`,
    [since, listingIds],
  );
  return { decided, changed };
}

async function expectAppliedOnce(ps: BuiltProposal[], since: number, historySince: Date) {
  const ids = ps.map((p) => p.id);
  const listingIds = ps.map((p) => p.listing_id);
  const statuses = await inTenant<{ status: string; n: string }>('select status, count(*) as n from price_proposals where id = any($1::uuid[]) group by 1', [ids]);
  expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['applied', ps.length]]);
  const decisions = await inTenant<{ n: string }>(
    'select count(*) as n from price_decisions d join price_proposals x on x.decision_id = d.id where x.id = any($1::uuid[]) and d.applied and d.new_price_cents = x.new_price_cents',
    [ids],
  );
  expect(Number(decisions[0].n)).toBe(ps.length);
  // each listing at its proposal's price, changed once (one history line), the repricer's memory moved on
  const prices = await inTenant<{ id: string; price_cents: number }>('select id, price_cents from listings where id = any($1::uuid[])', [listingIds]);
  const want = new Map(ps.map((p) => [p.listing_id, p.new_price_cents]));
  expect(prices.filter((l) => Number(l.price_cents) !== want.get(l.id))).toEqual([]);
  const lines = await inTenant<{ n: string; listings: string }>(
    `select count(*) as n, count(distinct listing_id) as listings from listing_events
      where listing_id = any($1::uuid[]) and kind = 'updated' and at >= $2 and message like 'Repriced % approved: %'`,
    [listingIds, historySince],
  );
  expect([Number(lines[0].n), Number(lines[0].listings)]).toEqual([ps.length, ps.length]);
  const state = await inTenant<{ n: string }>('select count(*) as n from pricing_listing_state where listing_id = any($1::uuid[]) and last_change_at >= $2', [listingIds, historySince]);
  expect(Number(state[0].n)).toBe(ps.length);
  // one event per proposal, one listings.changed per listing
  const { decided, changed } = await writesSince(since, ps);
  expect(decided.length).toBe(ps.length);
  expect(decided.filter((d) => Number(d.n) !== 1 || d.status !== 'applied')).toEqual([]);
  expect(changed.length).toBe(ps.length);
  expect(changed.filter((c) => Number(c.n) !== 1)).toEqual([]);
}

beforeAll(async () => {
  h = await startServer();
  nwHeaders = await headersFor(h, NW);
  sellerHeaders = await headersFor(h, SELLER);
}, 120_000);
afterAll(async () => h?.close());

describe(`bulk approval of ${N.toLocaleString('en-US')} proposals`, () => {
  let first: BuiltProposal[];

  it('approves every one once, set-based, while another tenant keeps being served', async () => {
    const b0 = performance.now();
    first = await buildPendingProposals(h.db, N, { adminUrl: h.databaseUrl });
    console.log(`[pricing-bulk-scale] ${N} pending proposals built in ${((performance.now() - b0) / 1000).toFixed(1)} s`);
    expect(first.length).toBe(N);
    // the other tenant's list, warm (its first answer pays for its plan and cache)
    for (let i = 0; i < 3; i++) expect((await fetch(`${h.url}/api/products?limit=50`, { headers: nwHeaders })).status).toBe(200);
    await setAccounts('paused');
    const since = await topSeq();
    const historySince = new Date(Date.now() - 1000);
    const ids = first.map((p) => p.id);

    const { result: { job }, ms, probes } = await probing(() => bulkJob(ids));
    console.log(`[pricing-bulk-scale] ${h.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${N} approved in ${(ms / 1000).toFixed(2)} s; other tenant's GET /api/products ×${probes.length}, max ${Math.max(...probes).toFixed(0)} ms`);
    expect(job).toMatchObject({ action: 'approve', status: 'done', total: N, done: N, succeeded: N, failed: 0, failures: [] });
    // the other tenant was served while the bulk ran, never held for long
    expect(probes.length).toBeGreaterThan(0);
    expect(Math.max(...probes)).toBeLessThan(PROBE_BOUND_MS);

    await expectAppliedOnce(first, since, historySince);
    // one audit row for the command, naming what it approved
    const audit = await inTenant<{ ids: number; job_id: string; actor_email: string }>(
      `select jsonb_array_length(after->'ids') as ids, after->>'job_id' as job_id, actor_email from audit_log where action = 'price_proposal.bulk_approve' and created_at >= $1`,
      [historySince],
    );
    expect(audit.map((a) => [Number(a.ids), a.job_id, a.actor_email])).toEqual([[N, job.id, SELLER]]);

    // pushed through the sandbox connector as a single approval is, once the accounts resume: nothing
    // left pending, each pushed listing at its new price on the marketplace (a product without images
    // is refused there instead)
    await setAccounts('connected');
    await consumersSettled(h, ['listing-push'], T, 300_000);
    const listingIds = first.map((p) => p.listing_id);
    const left = await inTenant<{ sync_state: string; n: string }>('select sync_state, count(*) as n from listings where id = any($1::uuid[]) group by 1', [listingIds]);
    expect(left.filter((s) => s.sync_state !== 'synced' && s.sync_state !== 'error').map((s) => s.sync_state)).toEqual([]);
    const pushed = await inTenant<{ n: string; same: string }>(
      `select count(*) as n, count(*) filter (where s.price_cents = l.price_cents) as same
         from listings l join sandbox_items s on s.marketplace_id = l.marketplace_id and s.external_id = l.external_id
        where l.id = any($1::uuid[]) and l.sync_state = 'synced'`,
      [listingIds],
    );
    expect(Number(pushed[0].n)).toBeGreaterThan(0);
    expect(pushed[0].same).toBe(pushed[0].n);
  }, 600_000);

  it('a second request over the same proposals changes nothing: each is already applied', async () => {
    const since = await topSeq();
    const some = first.slice(0, 50).map((p) => p.id);
    const r = await callAs(h, SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'approve', ids: some });
    expect(r.body).toMatchObject({ succeeded: 0, failed: 50 });
    expect(new Set(r.body.results.map((x: { error: { message: string } }) => x.error.message))).toEqual(new Set(['This proposal is already applied']));
    expect((await writesSince(since, first)).decided).toEqual([]);
  });

  it('two bulks at once over overlapping proposals approve each one once; a replayed key executes nothing', async () => {
    // 3,000 of the listings still on sale (a product without images was refused by the marketplace above)
    const again = await proposeAgain(h.db, 3000, 50);
    expect(again.length).toBeGreaterThan(1000);
    const n = again.length;
    await setAccounts('paused');
    const since = await topSeq();
    const historySince = new Date(Date.now() - 1000);
    const ids = again.map((p) => p.id);
    const a = ids.slice(0, Math.floor(n * 0.6));
    // the other one in the opposite order, with an idempotency key
    const b = ids.slice(Math.floor(n * 0.4)).reverse();
    const key = { 'idempotency-key': `bulk-${Date.now()}` };
    const [ra, rb] = await Promise.all([bulkJob(a), bulkJob(b, key)]);
    expect(ra.job.succeeded + rb.job.succeeded).toBe(n);
    const okBy = new Map<string, number>();
    for (const [ids, job] of [[a, ra.job], [b, rb.job]] as const) {
      const failed = new Set(job.failures.map((f) => f.id));
      for (const f of job.failures) expect(f.error.code).toBe('proposal_decided');
      for (const id of ids) if (!failed.has(id)) okBy.set(id, (okBy.get(id) ?? 0) + 1);
    }
    expect(okBy.size).toBe(n);
    expect([...okBy.values()].every((n) => n === 1)).toBe(true);
    await expectAppliedOnce(again, since, historySince);

    const top = await topSeq();
    const replay = await bulk(b, key);
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(rb.answer.body);
    expect(await finished(rb.job.id)).toEqual(rb.job);
    expect((await writesSince(top, again)).decided).toEqual([]);
  }, 600_000);
});
