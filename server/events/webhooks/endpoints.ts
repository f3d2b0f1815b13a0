/**
 * Active webhook endpoints of a tenant, cached for a few seconds (the dispatcher looks them up for
 * every event). The API invalidates the tenant's entry on every write; other replicas see a change
 * within the TTL.
 */
import type { Db } from '../../db';
import { cacheCounters, recordEviction } from '../cache-stats';
import { tenantTx } from '../runtime-tx';
import { compileMatcher } from '../subjects';

export interface ActiveEndpoint { id: string; url: string; secret: string; matches(subject: string): boolean }

const TTL_MS = 2000;
const counters = cacheCounters('webhook-endpoints');
const cache = new Map<string, { at: number; endpoints: ActiveEndpoint[] }>();

export function invalidateEndpoints(tenantId: string): void {
  if (cache.delete(tenantId)) recordEviction(counters);
}

export async function activeEndpoints(db: Db, tenantId: string): Promise<ActiveEndpoint[]> {
  const hit = cache.get(tenantId);
  if (hit && Date.now() - hit.at < TTL_MS) {
    counters.hits++;
    return hit.endpoints;
  }
  if (hit) recordEviction(counters);
  counters.misses++;
  const { rows } = await tenantTx(db, tenantId, (tx) =>
    tx.query<{ id: string; url: string; secret: string; subjects: string[] }>(
      'select id, url, secret, subjects from webhook_endpoints where active order by created_at, id',
    ),
  );
  const endpoints = rows.map((r) => ({ id: r.id, url: r.url, secret: r.secret, matches: compileMatcher(r.subjects) }));
  cache.set(tenantId, { at: Date.now(), endpoints });
  return endpoints;
}
