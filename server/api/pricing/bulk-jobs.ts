/**
 * Bulk proposal jobs (docs/repricing.md "Proposals"): a bulk approve or reject of more than
 * `BULK_PROPOSALS_IN_REQUEST` distinct proposals is answered 202 with a job instead of being decided
 * in the request. The request writes the job row and `pricing.bulk_requested` in one transaction; the
 * `pricing-bulk` consumer decides the proposals in slices (`decideMany`, as the request path does),
 * and each slice's transaction also moves the job's `done` on and appends its failures — guarded by
 * the `done` it started from, so a redelivered job resumes at the first undecided proposal and two
 * deliveries at once cannot both count a slice. The last transaction writes the command's audit row
 * (who asked, which proposals were decided) and marks the job done.
 */
import type { Db, Tx } from '../../db';
import { PRICING_EVENTS, type ProposalBulkJob } from '../../../contract/pricing';
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { iso } from '../wire';
import { writeAudit } from '../kit';
import { slices, type SliceEmit } from '../sliced';
import { decideMany, type BulkItem } from './proposals';

export const BULK_CONSUMER = 'pricing-bulk';

type Action = 'approve' | 'reject';
interface Failure { id: string; error: { code: string; message: string } }

interface JobRow {
  id: string;
  action: Action;
  status: ProposalBulkJob['status'];
  total: number;
  done: number;
  succeeded: number;
  failures: Failure[];
  error: ProposalBulkJob['error'];
  created_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
}

const COLUMNS = 'id, action, status, total, done, succeeded, failures, error, created_at, started_at, finished_at';

function toJob(r: JobRow): ProposalBulkJob {
  const total = Number(r.total);
  const done = Number(r.done);
  return {
    id: String(r.id),
    action: r.action,
    status: r.status,
    total,
    done,
    percent: total === 0 ? 100 : Math.floor((done * 100) / total),
    succeeded: Number(r.succeeded),
    failed: r.failures.length,
    failures: r.failures,
    error: r.error,
    created_at: iso(r.created_at),
    started_at: r.started_at == null ? null : iso(r.started_at),
    finished_at: r.finished_at == null ? null : iso(r.finished_at),
  };
}

/**
 * Writes a job for `ids` (distinct, in the order given) and announces it. `duplicates` are the ids
 * the request named more than once: each is reported once as already decided, as the request path
 * reports an id's second mention.
 */
export async function createBulkJob(
  tx: Tx,
  emit: SliceEmit,
  o: { tenantId: string; action: Action; ids: readonly string[]; duplicates: readonly string[]; userId: string; email: string; correlationId?: string },
): Promise<ProposalBulkJob> {
  const failures: Failure[] = o.duplicates.map((id) => ({ id, error: { code: 'proposal_decided', message: 'This proposal is named twice in the request' } }));
  const { rows } = await tx.query<JobRow>(
    `insert into pricing_bulk_jobs (tenant_id, action, ids, total, failures, named_twice, created_by, created_by_email, correlation_id)
     values ($1, $2, $3::uuid[], $4, $5::jsonb, $6, $7, $8, $9) returning ${COLUMNS}`,
    [o.tenantId, o.action, o.ids, o.ids.length, JSON.stringify(failures), failures.length, o.userId, o.email, o.correlationId ?? null],
  );
  const job = toJob(rows[0]);
  await emit(PRICING_EVENTS.bulkRequested, { id: job.id, action: o.action, total: job.total });
  return job;
}

export async function getBulkJob(tx: Tx, tenantId: string, id: string): Promise<ProposalBulkJob | null> {
  const { rows } = await tx.query<JobRow>(`select ${COLUMNS} from pricing_bulk_jobs where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** Works through a job from where it stands (its `done`); a finished job is left as it is. */
export async function runBulkJob(db: Db, tenantId: string, jobId: string, causationId?: string): Promise<void> {
  const started = await db.transaction(
    async (tx) =>
      (
        await tx.query<{ action: Action; ids: string[]; done: number; created_by: string | null; created_by_email: string | null; correlation_id: string | null }>(
          `update pricing_bulk_jobs set status = 'running', started_at = coalesce(started_at, now()), error = null
            where tenant_id = $1 and id = $2 and status in ('queued', 'running')
          returning action, ids, done, created_by, created_by_email, correlation_id`,
          [tenantId, jobId],
        )
      ).rows[0],
    { tenantId },
  );
  if (!started) return;
  const actor = started.created_by_email ?? started.created_by ?? 'pricing-bulk';
  const s = slices(db, { tenantId, userId: started.created_by ?? undefined, correlationId: started.correlation_id ?? undefined, causationId });
  let done = Number(started.done);
  const ids = started.ids.map(String);
  try {
    await s.each(ids.slice(done), async (tx, emit, part) => {
      const out = await decideMany(tx, tenantId, part, started.action, { actor, emit });
      const results = part.map((id) => out.get(id) as BulkItem);
      const failures = results.filter((r) => !r.ok).map((r) => ({ id: r.id, error: r.error! }));
      const moved = await tx.query(
        `update pricing_bulk_jobs set done = done + $3, succeeded = succeeded + $4, failures = failures || $5::jsonb
          where tenant_id = $1 and id = $2 and done = $6 and status = 'running'`,
        [tenantId, jobId, part.length, part.length - failures.length, JSON.stringify(failures), done],
      );
      // another delivery of this job counted these already: undo this slice (its decisions found them decided anyway)
      if (moved.rowCount !== 1) throw Object.assign(new Error('The bulk job moved on in another delivery'), { code: 'bulk_job_moved' });
      done += part.length;
    });
  } catch (e) {
    if ((e as { code?: string }).code === 'bulk_job_moved') return;
    await db
      .transaction((tx) => tx.query(`update pricing_bulk_jobs set error = $3::jsonb where tenant_id = $1 and id = $2`, [tenantId, jobId, JSON.stringify({ code: 'bulk_retrying', message: `Stopped at ${done} of ${ids.length}; trying again: ${(e as Error).message}` })]), { tenantId })
      .catch(() => undefined);
    throw e;
  }
  await s.slice(async (tx) => {
    const { rows } = await tx.query<{ failures: Failure[]; named_twice: number }>(
      `update pricing_bulk_jobs set status = 'done', finished_at = now() where tenant_id = $1 and id = $2 and status = 'running' and done = total returning failures, named_twice`,
      [tenantId, jobId],
    );
    if (!rows[0]) return;
    // the proposals the slices did not decide (an id named twice was decided at its first mention)
    const failed = new Set(rows[0].failures.slice(Number(rows[0].named_twice)).map((f) => f.id));
    await writeAudit(tx, { tenantId, userId: started.created_by, email: started.created_by_email }, started.correlation_id ?? undefined, {
      action: `price_proposal.bulk_${started.action}`,
      resource: 'price_proposal',
      after: { job_id: jobId, ids: ids.filter((id) => !failed.has(id)) },
    });
  });
}

/** The consumer that runs the jobs; a job of 10,000 runs for seconds, so its delivery waits long before it is handed out again. */
export function bulkJobConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: BULK_CONSUMER,
    filterSubjects: [PRICING_EVENTS.bulkRequested],
    agentName: 'repricer',
    ackWaitMs: 10 * 60_000,
    async handle(msg) {
      await runBulkJob(ctx.db, msg.tenantId, msg.data.id, String(msg.tenantSeq));
    },
  });
}
