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
const loading = new Map<string, Promise<ActiveEndpoint[]>>();

export function invalidateEndpoints(tenantId: string): void {
  // a load that started before the write may return the old rows: it must not fill the cache
  loading.delete(tenantId);
  if (cache.delete(tenantId)) recordEviction(counters);
}

/** Forgets every tenant's endpoints: a new app's database may not be the one they were read from (clearCountCache). */
export function clearEndpointCache(): void {
  loading.clear();
  cache.clear();
}

export async function activeEndpoints(db: Db, tenantId: string): Promise<ActiveEndpoint[]> {
  const hit = cache.get(tenantId);
  if (hit && Date.now() - hit.at < TTL_MS) {
    counters.hits++;
    return hit.endpoints;
  }
  // the handlers of a batch all miss at once when the entry expires: one query serves them all
  const running = loading.get(tenantId);
  if (running) return running;
  if (hit) recordEviction(counters);
  counters.misses++;
  const load = tenantTx(db, tenantId, (tx) =>
    tx.query<{ id: string; url: string; secret: string; subjects: string[] }>(
      'select id, url, secret, subjects from webhook_endpoints where active order by created_at, id',
    ),
  )
    .then(({ rows }) => {
      const endpoints = rows.map((r) => ({ id: r.id, url: r.url, secret: r.secret, matches: compileMatcher(r.subjects) }));
      if (loading.get(tenantId) === load) cache.set(tenantId, { at: Date.now(), endpoints });
      return endpoints;
    })
    .finally(() => {
      if (loading.get(tenantId) === load) loading.delete(tenantId);
    });
  loading.set(tenantId, load);
  return load;
}
