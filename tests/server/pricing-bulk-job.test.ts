/**
 * Bulk proposal jobs (docs/repricing.md "Proposals"): a bulk of more than BULK_PROPOSALS_IN_REQUEST
 * distinct proposals is answered 202 with a job at once; the job reports its progress and failures,
 * resumes where a stopped delivery left it, counts each proposal once when delivered twice at once,
 * and is its tenant's only. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_PROPOSALS_IN_REQUEST } from '../../contract/pricing';
import { runBulkJob } from '../../server/api/pricing/bulk-jobs';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { buildPendingProposals, bulkAccounts, type BuiltProposal } from './pricing-bulk-support';

const T = DEMO_TENANT.id;
const SELLER = 'seller@demo.local';
const N = BULK_PROPOSALS_IN_REQUEST + 100;

let h: Harness;
let built: BuiltProposal[];
const inTenant = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });

interface Job { id: string; status: string; total: number; done: number; percent: number; succeeded: number; failed: number; failures: { id: string; error: { code: string } }[] }

async function job(id: string, who = SELLER): Promise<{ status: number; data: Job }> {
  const r = await callAs(h, who, 'GET', `/api/pricing/proposals/bulk/${id}`);
  return { status: r.status, data: r.body.data };
}

async function finished(id: string): Promise<Job> {
  for (;;) {
    const j = (await job(id)).data;
    if (j.status === 'done' || j.status === 'failed') return j;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A job row written as the route writes one, without its event: run by hand below (a delivery that stops, two at once). */
async function quietJob(ids: string[], action: 'approve' | 'reject'): Promise<string> {
  const rows = await inTenant<{ id: string }>(
    `insert into pricing_bulk_jobs (tenant_id, action, ids, total, created_by_email) values ($1, $2, $3::uuid[], $4, $5) returning id`,
    [T, action, ids, ids.length, SELLER],
  );
  return rows[0].id;
}

const statuses = async (ids: string[]) =>
  Object.fromEntries((await inTenant<{ status: string; n: string }>('select status, count(*) as n from price_proposals where id = any($1::uuid[]) group by 1', [ids])).map((r) => [r.status, Number(r.n)]));
const decidedEvents = async (ids: string[]) =>
  Number((await inTenant<{ n: string }>(`select count(*) as n from events where subject = 'pricing.proposal_decided' and payload->>'id' = any($1::text[])`, [ids]))[0].n);

beforeAll(async () => {
  h = await startServer();
  built = await buildPendingProposals(h.db, 3 * N, { adminUrl: h.databaseUrl });
  // the prices stay here: the listing-push consumer holds them while the accounts are paused
  for (const id of await bulkAccounts(h.db)) expect((await callAs(h, 'admin@demo.local', 'PUT', `/api/marketplaces/${id}`, { status: 'paused' })).status).toBe(200);
}, 180_000);
afterAll(async () => h?.close());

describe('bulk proposal jobs', () => {
  it('answers a large bulk 202 with a job, reports progress and failures, and rejects each proposal once', async () => {
    const ids = built.slice(0, N).map((p) => p.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const r = await callAs(h, SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'reject', ids: [...ids, ids[0], unknown] });
    expect(r.status).toBe(202);
    expect(r.body.job).toMatchObject({ action: 'reject', status: 'queued', total: N + 1, done: 0, percent: 0, succeeded: 0 });
    const done = await finished(r.body.job.id);
    expect(done).toMatchObject({ status: 'done', total: N + 1, done: N + 1, percent: 100, succeeded: N, failed: 2 });
    expect(done.failures.map((f) => [f.id, f.error.code]).sort()).toEqual([[unknown, 'not_found'], [ids[0], 'proposal_decided']].sort());
    expect(await statuses(ids)).toEqual({ rejected: N });
    expect(await decidedEvents(ids)).toBe(N);
    const audit = await inTenant<{ n: number; actor_email: string }>(`select jsonb_array_length(after->'ids') as n, actor_email from audit_log where action = 'price_proposal.bulk_reject' and after->>'job_id' = $1`, [done.id]);
    expect(audit.map((a) => [Number(a.n), a.actor_email])).toEqual([[N, SELLER]]);
  });

  it("is its tenant's only: another tenant's member gets 404; a read-only role may follow it", async () => {
    const r = await callAs(h, SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'reject', ids: built.slice(0, N).map((p) => p.id) });
    expect(r.status).toBe(202);
    expect((await job(r.body.job.id, 'owner@northwind.local')).status).toBe(404);
    expect((await job(r.body.job.id, 'agent@demo.local')).status).toBe(200);
    expect((await finished(r.body.job.id)).failed).toBe(N);
    expect((await job('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('resumes a stopped job at its first undecided proposal: each approved once, none twice', async () => {
    const ids = built.slice(N, 2 * N).map((p) => p.id);
    // a delivery that decided the first 200 and stopped: its slices committed, the job still running
    const id = await quietJob(ids.slice(0, 200), 'approve');
    await runBulkJob(h.db, T, id);
    await inTenant(`update pricing_bulk_jobs set status = 'running', ids = $2::uuid[], total = $3, finished_at = null where id = $1`, [id, ids, N]);
    expect((await job(id)).data).toMatchObject({ status: 'running', done: 200, total: N, percent: Math.floor((200 * 100) / N) });
    await runBulkJob(h.db, T, id);
    const j = (await job(id)).data;
    expect(j).toMatchObject({ status: 'done', done: N, succeeded: N, failed: 0 });
    expect(await statuses(ids)).toEqual({ applied: N });
    expect(await decidedEvents(ids)).toBe(N);
    // a finished job delivered again changes nothing
    await runBulkJob(h.db, T, id);
    expect((await job(id)).data).toEqual(j);
    expect(await decidedEvents(ids)).toBe(N);
  });

  it('two deliveries of one job at once count each proposal once', async () => {
    const ids = built.slice(2 * N, 3 * N).map((p) => p.id);
    const id = await quietJob(ids, 'approve');
    await Promise.all([runBulkJob(h.db, T, id), runBulkJob(h.db, T, id)]);
    const j = (await job(id)).data;
    expect(j).toMatchObject({ status: 'done', done: N, failed: 0, succeeded: N });
    expect(await statuses(ids)).toEqual({ applied: N });
    expect(await decidedEvents(ids)).toBe(N);
    expect(Number((await inTenant<{ n: string }>(`select count(*) as n from audit_log where after->>'job_id' = $1`, [id]))[0].n)).toBe(1);
  });
});
