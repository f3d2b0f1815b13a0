/**
 * Bulk listing work (docs/marketplaces.md "Listings"): actions over chosen listings in one transaction,
 * and creation from products/variants — answered at once for small batches, as a job with progress
 * (listing_jobs, polled at GET /api/listings/jobs/{id}) for large ones.
 */
import type { Db, Tx } from '../../db';
import { appendEvent } from '../../events/outbox';
import {
  LISTING_EVENTS,
  quantityOf,
  type BulkCreateSummary,
  type ListingBulkActionBody,
  type ListingBulkCreate,
  type ListingJob,
  type QuantityRule,
} from '../../../contract/listings';
import { applyChanges, currentListings } from './write';
import { addPercent } from '../../../contract/money';

type Result = { id: string; ok: boolean; error?: { code: string; message: string } };

export async function bulkAction(tx: Tx, tenantId: string, b: ListingBulkActionBody, actor: string) {
  const rows = await currentListings(tx, tenantId, b.ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results: Result[] = [];
  const changes: Parameters<typeof applyChanges>[2] = [];
  for (const id of b.ids) {
    const cur = byId.get(id);
    if (!cur) {
      results.push({ id, ok: false, error: { code: 'not_found', message: 'Listing not found' } });
      continue;
    }
    let status = cur.status;
    let price = cur.price_cents;
    let rule: QuantityRule = cur.quantity_rule;
    let message = '';
    if (b.action === 'activate' || b.action === 'pause' || b.action === 'end') {
      if (cur.status === 'ended' && b.action !== 'end') {
        results.push({ id, ok: false, error: { code: 'ended', message: 'An ended listing cannot be changed' } });
        continue;
      }
      status = b.action === 'activate' ? 'active' : b.action === 'pause' ? 'paused' : 'ended';
      message = `Bulk: status ${cur.status} → ${status}`;
    } else if (b.action === 'change_price') {
      price = b.price_cents ?? addPercent(cur.price_cents, b.price_delta_pct ?? 0);
      if (cur.cost_cents != null && price < cur.cost_cents && !b.confirm_below_cost) {
        results.push({ id, ok: false, error: { code: 'below_cost', message: 'Price is below cost; confirm to list at a loss' } });
        continue;
      }
      message = `Bulk: price $${(cur.price_cents / 100).toFixed(2)} → $${(price / 100).toFixed(2)}`;
    } else {
      rule = { mode: 'stock_minus_buffer', buffer: b.buffer ?? 0 };
      message = `Bulk: quantity buffer ${b.buffer}`;
    }
    changes.push({ id, title: cur.title, price_cents: price, quantity_rule: rule, status, stock: cur.stock, message });
    results.push({ id, ok: true });
  }
  await applyChanges(tx, tenantId, changes, actor);
  return { results, changed: changes.map((c) => c.id) };
}

interface Plan { marketplace_id: string; variant_id: string; product_id: string; sku: string; title: string; price_cents: number; stock: number }

/** Every (marketplace, variant) pair of the request that is not listed yet. */
export async function planBulkCreate(tx: Tx, tenantId: string, b: ListingBulkCreate): Promise<{ plans: Plan[]; skipped: number; total: number }> {
  const accounts = await tx.query<{ id: string }>('select id from marketplace_accounts where tenant_id = $1 and id = any($2::uuid[])', [tenantId, b.marketplace_ids]);
  const variants = await tx.query<{ id: string; product_id: string; sku: string; title: string; price_cents: number; stock: number }>(
    `select v.id, v.product_id, v.sku, p.title, v.price_cents, v.stock
       from product_variants v join products p on p.id = v.product_id
      where v.tenant_id = $1 and (v.id = any($2::uuid[]) or v.product_id = any($3::uuid[])) order by v.product_id, v.position, v.id`,
    [tenantId, b.variant_ids, b.product_ids],
  );
  const existing = await tx.query<{ marketplace_id: string; variant_id: string }>(
    'select marketplace_id, variant_id from listings where tenant_id = $1 and marketplace_id = any($2::uuid[]) and variant_id = any($3::uuid[])',
    [tenantId, accounts.rows.map((a) => a.id), variants.rows.map((v) => v.id)],
  );
  const taken = new Set(existing.rows.map((e) => `${e.marketplace_id}|${e.variant_id}`));
  const plans: Plan[] = [];
  let skipped = 0;
  for (const a of accounts.rows) {
    for (const v of variants.rows) {
      if (taken.has(`${a.id}|${v.id}`)) {
        skipped++;
        continue;
      }
      plans.push({
        marketplace_id: a.id, variant_id: v.id, product_id: v.product_id, sku: v.sku, title: v.title, stock: Number(v.stock),
        price_cents: addPercent(Number(v.price_cents), b.price_delta_pct),
      });
    }
  }
  return { plans, skipped, total: accounts.rows.length * variants.rows.length };
}

/** Inserts planned listings (existing pairs are skipped) and emits their changes. */
export async function insertPlanned(tx: Tx, tenantId: string, plans: Plan[], rule: QuantityRule, status: 'draft' | 'active', actor: string, ids: { correlationId?: string } = {}): Promise<number> {
  if (plans.length === 0) return 0;
  const { rows } = await tx.query<{ id: string }>(
    `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, quantity_rule, quantity, status, sync_state)
     select $1, u.m, u.p, u.v, u.s, u.t, u.c, $9::jsonb, u.q, $10, $11
       from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::int[]) as u(m, p, v, s, t, c, q)
     on conflict (marketplace_id, variant_id) do nothing returning id`,
    [
      tenantId, plans.map((p) => p.marketplace_id), plans.map((p) => p.product_id), plans.map((p) => p.variant_id), plans.map((p) => p.sku),
      plans.map((p) => p.title), plans.map((p) => p.price_cents), plans.map((p) => quantityOf(rule, p.stock)), JSON.stringify(rule), status,
      status === 'active' ? 'pending' : 'synced',
    ],
  );
  if (rows.length === 0) return 0;
  await tx.query(
    `insert into listing_events (tenant_id, listing_id, kind, message, actor) select $1, u.id, 'created', $3, $4 from unnest($2::uuid[]) as u(id)`,
    [tenantId, rows.map((r) => r.id), `Created as ${status} (bulk)`, actor],
  );
  if (status === 'active') for (const r of rows) await appendEvent(tx, tenantId, LISTING_EVENTS.changed, { id: r.id, action: 'create' }, ids);
  return rows.length;
}

// ---- jobs ------------------------------------------------------------------------------------

const JOB_COLUMNS = 'id, status, total, done, result, error, created_at, started_at, finished_at';
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export function mapJob(r: Record<string, unknown>): ListingJob {
  const total = Number(r.total);
  const done = Number(r.done);
  return {
    id: String(r.id),
    status: r.status as ListingJob['status'],
    total,
    done,
    percent: total > 0 ? Math.floor((done / total) * 100) : r.status === 'done' ? 100 : 0,
    result: (r.result as BulkCreateSummary | null) ?? null,
    error: (r.error as ListingJob['error']) ?? null,
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

export async function getJob(tx: Tx, tenantId: string, id: string): Promise<ListingJob | null> {
  const { rows } = await tx.query(`select ${JOB_COLUMNS} from listing_jobs where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ? mapJob(rows[0]) : null;
}

const CHUNK = 500;

/** Runs a bulk creation after the request committed its job row: chunks in their own transactions, progress after each. */
export async function runBulkJob(db: Db, tenantId: string, jobId: string, b: ListingBulkCreate, actor: string, correlationId?: string): Promise<void> {
  const opts = { tenantId };
  try {
    const plan = await db.transaction(async (tx) => {
      const p = await planBulkCreate(tx, tenantId, b);
      await tx.query(`update listing_jobs set status = 'running', started_at = now(), total = $2 where id = $1`, [jobId, p.plans.length]);
      return p;
    }, opts);
    let created = 0;
    for (let i = 0; i < plan.plans.length; i += CHUNK) {
      const part = plan.plans.slice(i, i + CHUNK);
      created += await db.transaction(async (tx) => {
        const n = await insertPlanned(tx, tenantId, part, b.quantity_rule, b.status, actor, { correlationId });
        await tx.query('update listing_jobs set done = $2 where id = $1', [jobId, i + part.length]);
        return n;
      }, opts);
    }
    const result: BulkCreateSummary = { created, skipped: plan.skipped + (plan.plans.length - created), failed: 0, total: plan.total };
    await db.transaction((tx) => tx.query(`update listing_jobs set status = 'done', result = $2, finished_at = now() where id = $1`, [jobId, JSON.stringify(result)]), opts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .transaction((tx) => tx.query(`update listing_jobs set status = 'failed', error = $2, finished_at = now() where id = $1`, [jobId, JSON.stringify({ code: 'job_failed', message })]), opts)
      .catch(() => undefined);
  }
}
