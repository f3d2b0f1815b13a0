/**
 * Returns seed (docs/dropshipping.md "Returns", "Demo data"): every seeded order that ended
 * "returned" gets the return that took it there, refunded, with the lifecycle's steps dated between
 * its delivery and its return; a few recently delivered orders have a return waiting for a decision
 * (requested) and one was rejected, so /returns opens with work to do and history to read.
 * Deterministic (seeded random numbers) and idempotent: skipped when the tenant has returns.
 */
import type { Db, Tx } from '../db';
import { refundCents, RETURN_CONDITIONS, RETURN_REASONS, type ReturnCondition } from '../../contract/fulfillment';
import { isResellable } from '../domain/dropship/rma';
import { PLANS } from './commerce';
import { pick, prng, type Rng } from './commerce-data';

/** Recently delivered orders (delivered within this many days) that get an open request. */
const OPEN_WITHIN_DAYS = 20;
const OPEN_REQUESTS = 4;
const REJECT_REASON = 'Outside the 30-day return window';

interface Line { order_item_id: string; sku: string; title: string; quantity: number; unit_price_cents: number; product_id: string | null; variant_id: string | null }
interface Candidate { order_id: string; delivered_at: Date; returned_at: Date | null; lines: Line[] }
interface Step { at: string; status: string; by: string; note: string | null }
interface SeedReturn { order_id: string; status: string; reason: string; condition: ReturnCondition | null; refund_cents: number | null; reject_reason: string | null; lines: Line[]; history: Step[] }

const BY = 'system';

/** Orders of the tenant that ended returned, and recently delivered ones, with their lines. */
async function candidates(tx: Tx, tenantId: string, now: Date): Promise<Candidate[]> {
  const { rows } = await tx.query<{ order_id: string; delivered_at: Date; returned_at: Date | null; lines: Line[] }>(
    `select o.id as order_id, d.at as delivered_at, r.at as returned_at,
            (select json_agg(json_build_object('order_item_id', i.id::text, 'sku', i.sku, 'title', i.title, 'quantity', i.quantity,
                    'unit_price_cents', i.unit_price_cents, 'product_id', i.product_id, 'variant_id', i.variant_id) order by i.id)
               from order_items i where i.tenant_id = o.tenant_id and i.order_id = o.id) as lines
       from orders o
       join order_status_history d on d.tenant_id = o.tenant_id and d.order_id = o.id and d.to_status = 'delivered'
       left join order_status_history r on r.tenant_id = o.tenant_id and r.order_id = o.id and r.to_status = 'returned'
      where o.tenant_id = $1 and (o.status = 'returned' or (o.status = 'delivered' and d.at > $2::timestamptz))
      order by o.created_at, o.id`,
    [tenantId, new Date(now.getTime() - OPEN_WITHIN_DAYS * 86_400_000).toISOString()],
  );
  return rows.map((r) => ({ ...r, delivered_at: new Date(r.delivered_at), returned_at: r.returned_at && new Date(r.returned_at) }));
}

/** A date `f` of the way from `a` to `b`, as the history stores it. */
const between = (a: Date, b: Date, f: number) => new Date(a.getTime() + (b.getTime() - a.getTime()) * f).toISOString();

function refunded(r: Rng, c: Candidate): SeedReturn {
  const returned = c.returned_at!;
  const condition = pick(r, RETURN_CONDITIONS);
  const steps: [string, number, string | null][] = [
    ['requested', 0.15, null], ['approved', 0.3, null], ['in_transit', 0.45, null],
    ['received', 0.85, isResellable(condition) ? 'Back in stock' : null], ['refunded', 1, null],
  ];
  return {
    order_id: c.order_id, status: 'refunded', reason: pick(r, RETURN_REASONS), condition,
    refund_cents: refundCents(c.lines), reject_reason: null, lines: c.lines,
    history: steps.map(([status, f, note]) => ({ at: between(c.delivered_at, returned, f), status, by: BY, note })),
  };
}

function open(r: Rng, c: Candidate, now: Date, rejected: boolean): SeedReturn {
  const requested = between(c.delivered_at, now, 0.3 + r() * 0.5);
  const history: Step[] = [{ at: requested, status: 'requested', by: BY, note: null }];
  if (rejected) history.push({ at: between(new Date(requested), now, 0.5), status: 'rejected', by: BY, note: REJECT_REASON });
  return {
    order_id: c.order_id, status: rejected ? 'rejected' : 'requested', reason: pick(r, RETURN_REASONS), condition: null, refund_cents: null,
    reject_reason: rejected ? REJECT_REASON : null, lines: c.lines, history,
  };
}

export function planReturns(seed: number, found: Candidate[], now: Date): SeedReturn[] {
  const r = prng(seed ^ 0x5eed);
  const out = found.filter((c) => c.returned_at && c.lines?.length).map((c) => refunded(r, c));
  const recent = found.filter((c) => !c.returned_at && c.lines?.length);
  // spread the open ones over the recent deliveries, the last of them rejected
  const step = Math.max(1, Math.floor(recent.length / (OPEN_REQUESTS + 1)));
  for (let k = 0; k <= OPEN_REQUESTS && k * step < recent.length; k++) out.push(open(r, recent[k * step], now, k === OPEN_REQUESTS));
  return out;
}

async function insertReturns(tx: Tx, tenantId: string, returns: SeedReturn[]): Promise<{ number: string; order_id: string; status: string }[]> {
  const col = <V>(f: (x: SeedReturn) => V) => returns.map(f);
  const { rows } = await tx.query<{ number: string; order_id: string; status: string }>(
    `insert into returns (tenant_id, order_id, status, reason, items, condition, resolution, refund_cents, restocked, reject_reason, history, created_at, updated_at)
     select $1, u.o, u.s, u.reason, u.items, u.c, case when u.s = 'refunded' then 'refund' end, u.refund,
            coalesce(u.c in ('new', 'like_new'), false), u.rej, u.h, (u.h->0->>'at')::timestamptz, (u.h->-1->>'at')::timestamptz
       from unnest($2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::int[], $8::text[], $9::jsonb[])
         with ordinality as u(o, s, reason, items, c, refund, rej, h, n)
      order by u.n
      returning number, order_id, status`,
    [
      tenantId, col((x) => x.order_id), col((x) => x.status), col((x) => x.reason),
      col((x) => JSON.stringify(x.lines.map(({ order_item_id, sku, title, quantity, unit_price_cents, product_id, variant_id }) => ({ order_item_id, sku, title, quantity, unit_price_cents, product_id, variant_id })))),
      col((x) => x.condition), col((x) => x.refund_cents), col((x) => x.reject_reason), col((x) => JSON.stringify(x.history)),
    ],
  );
  return rows;
}

export async function seedTenantReturns(db: Db, tenantId: string, seed: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    if ((await tx.query('select 1 from returns where tenant_id = $1 limit 1', [tenantId])).rows.length) return 0;
    // numbered in the order they were requested, as the console numbers them
    const planned = planReturns(seed, await candidates(tx, tenantId, now), now).sort((a, b) => a.history[0].at.localeCompare(b.history[0].at));
    const rows = await insertReturns(tx, tenantId, planned);
    // the order's own history names the return that ended it, as a refund through the console does
    const done = rows.filter((x) => x.status === 'refunded');
    await tx.query(
      `update order_status_history h set reason = u.n || ' refunded'
         from unnest($2::text[], $3::text[]) as u(o, n)
        where h.tenant_id = $1 and h.order_id = u.o and h.to_status = 'returned'`,
      [tenantId, done.map((x) => x.order_id), done.map((x) => x.number)],
    );
    return rows.length;
  }, { tenantId });
}

export async function seedReturns(db: Db): Promise<void> {
  for (const plan of PLANS) await seedTenantReturns(db, plan.tenantId, plan.seed);
}
