/**
 * Rate limits kept in the database (auth.rate_events) so every replica shares the budget —
 * docs/product/auth-protocol.md §1/§8. A transaction-scoped advisory lock per bucket makes check-and-record atomic.
 */
import type { Tx } from '../db';
import { RATE_EVENT_RETENTION_S } from './constants';

export type SlotResult = { ok: true } | { ok: false; retryAfterS: number };

/** Records one event in `bucket` unless `limit` events already fall within the last `windowS` seconds. */
export async function takeSlot(tx: Tx, bucket: string, windowS: number, limit: number): Promise<SlotResult> {
  if (windowS <= 0 || limit <= 0) return { ok: true };
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [bucket]);
  const { rows } = await tx.query<{ n: number; oldest_age: number | null }>(
    `select count(*)::int as n, extract(epoch from now() - min(at))::float8 as oldest_age
       from auth.rate_events where bucket = $1 and at > now() - make_interval(secs => $2)`,
    [bucket, windowS],
  );
  const { n, oldest_age } = rows[0];
  if (n >= limit) return { ok: false, retryAfterS: Math.max(1, Math.ceil(windowS - Number(oldest_age ?? 0))) };
  await tx.query('insert into auth.rate_events (bucket) values ($1)', [bucket]);
  await tx.query('delete from auth.rate_events where at < now() - make_interval(secs => $1)', [RATE_EVENT_RETENTION_S]);
  return { ok: true };
}
