/**
 * In-process cache counters for the ops summary `cache` block. There is no cache server: these are
 * the small TTL caches of this process (webhook endpoints per tenant, …); docs/events.md says so.
 */
export interface CacheCounters { hits: number; misses: number; evictions: number }

const caches = new Map<string, CacheCounters>();
const evictionTimes: number[] = [];

export function cacheCounters(name: string): CacheCounters {
  let c = caches.get(name);
  if (!c) {
    c = { hits: 0, misses: 0, evictions: 0 };
    caches.set(name, c);
  }
  return c;
}

export function recordEviction(c: CacheCounters): void {
  c.evictions++;
  evictionTimes.push(Date.now());
  if (evictionTimes.length > 10_000) evictionTimes.splice(0, evictionTimes.length - 10_000);
}

export function cacheSummary(now = Date.now()) {
  let hits = 0;
  let misses = 0;
  for (const c of caches.values()) {
    hits += c.hits;
    misses += c.misses;
  }
  const recent = evictionTimes.filter((t) => now - t <= 5 * 60_000).length;
  return {
    hit_rate: hits + misses === 0 ? 0 : Math.round((hits / (hits + misses)) * 10_000) / 10_000,
    memory_usage_mb: Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10,
    evictions_per_minute: Math.round((recent / 5) * 10) / 10,
  };
}
