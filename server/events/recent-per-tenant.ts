/**
 * A tenant's figure read at most once per `maxAgeMs` (docs/performance.md "Dashboard"): callers
 * within that time share the answer, and callers while a read runs share that read. For figures
 * the console shows as "about now" on every dashboard (the consumers' lag), where each open
 * dashboard refetching on the live stream would otherwise recount the same thing side by side.
 * A failed read is not kept: the next caller reads again.
 */
export function recentPerTenant<T>(read: (tenantId: string) => Promise<T>, maxAgeMs: number, now: () => number = Date.now): (tenantId: string) => Promise<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (tenantId) => {
    const k = kept.get(tenantId);
    if (k && now() - k.at < maxAgeMs) return k.value;
    const at = now();
    const value = read(tenantId);
    kept.set(tenantId, { at, value });
    value.catch(() => {
      if (kept.get(tenantId)?.value === value) kept.delete(tenantId);
    });
    return value;
  };
}
