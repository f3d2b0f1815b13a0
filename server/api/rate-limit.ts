/**
 * API rate limiting — docs/api-conventions.md "Rate limits" (429 with Retry-After); docs/product/errors.md and docs/product/constants.md (retries): the client
 * treats 429 as retryable and honours Retry-After. Fixed one-minute windows per caller: the user
 * when signed in, else the client address; writes (non-GET) also count against a smaller budget.
 * Counters live in Postgres (api_rate_limits) so replicas share one budget (docs/product/architecture.md §1).
 * Runs as a preHandler after authentication, so it knows the user; see docs/api-conventions.md.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RateLimits {
  /** All requests of one caller per minute; 0 turns limiting off. */
  perMinute: number;
  /** Non-GET requests of one caller per minute. */
  writesPerMinute: number;
}

export function createRateLimit(o: { db: Db } & RateLimits) {
  let sweptWindow = 0;
  return async function rateLimit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (o.perMinute <= 0) return;
    const now = Date.now();
    const windowStart = now - (now % WINDOW_MS);
    const who = req.auth ? `u:${req.auth.userId}` : `ip:${req.ip}`;
    const write = !READ_METHODS.has(req.method);
    const limits = new Map([[who, o.perMinute]]);
    if (write) limits.set(`${who}:w`, o.writesPerMinute);
    const buckets = [...limits.keys()];
    const { rows } = await o.db.query<{ bucket: string; hits: number }>(
      `insert into api_rate_limits (bucket, window_start, hits)
       values ${buckets.map((_, i) => `($${i + 2}, $1, 1)`).join(', ')}
       on conflict (bucket, window_start) do update set hits = api_rate_limits.hits + 1
       returning bucket, hits`,
      [new Date(windowStart).toISOString(), ...buckets],
    );
    if (sweptWindow !== windowStart) {
      // once per window and process: earlier windows are never read again
      sweptWindow = windowStart;
      await o.db.query('delete from api_rate_limits where window_start < $1', [new Date(windowStart).toISOString()]);
    }
    const general = rows.find((r) => r.bucket === who);
    reply.header('X-RateLimit-Limit', String(o.perMinute));
    reply.header('X-RateLimit-Remaining', String(Math.max(0, o.perMinute - Number(general?.hits ?? 0))));
    const over = rows.find((r) => Number(r.hits) > (limits.get(r.bucket) ?? Infinity));
    if (!over) return;
    const limit = limits.get(over.bucket) ?? o.perMinute;
    const retryAfterS = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    const what = over.bucket === who ? 'requests' : 'write requests';
    throw new HttpError(
      429,
      'rate_limited',
      `Too many ${what}: at most ${limit} per minute. Retry after ${retryAfterS} s.`,
      { limit, window_s: WINDOW_MS / 1000, retry_after_s: retryAfterS },
      { 'Retry-After': String(retryAfterS) },
    );
  };
}
