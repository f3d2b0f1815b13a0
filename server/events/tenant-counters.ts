/**
 * Per-tenant consumer counters (0010_consumer_tenant_stats.sql): the engines add what each batch
 * delivered, acked and dead-lettered for each tenant in one statement, inside the same runtime
 * transaction as the work they count (docs/events.md "Consumer figures").
 */
import type { Tx } from '../db';

export interface TenantCounts { delivered: number; acked: number; deadLettered: number }
export type CountsByTenant = Map<string, TenantCounts>;

export function addCount(m: CountsByTenant, tenantId: string, field: keyof TenantCounts, n = 1): void {
  let c = m.get(tenantId);
  if (!c) m.set(tenantId, (c = { delivered: 0, acked: 0, deadLettered: 0 }));
  c[field] += n;
}

export function countsOf(rows: readonly { tenant_id: string }[], field: keyof TenantCounts, into: CountsByTenant = new Map()): CountsByTenant {
  for (const r of rows) addCount(into, r.tenant_id, field);
  return into;
}

export async function bumpTenantCounters(tx: Tx, consumer: string, counts: CountsByTenant): Promise<void> {
  const entries = [...counts].filter(([, c]) => c.delivered || c.acked || c.deadLettered);
  if (entries.length === 0) return;
  await tx.query(
    `insert into consumer_tenant_stats as s (consumer, tenant_id, delivered, acked, dead_lettered)
     select $1, u.t, u.d, u.a, u.x from unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::bigint[]) as u(t, d, a, x)
     on conflict (consumer, tenant_id) do update set delivered = s.delivered + excluded.delivered, acked = s.acked + excluded.acked,
       dead_lettered = s.dead_lettered + excluded.dead_lettered, updated_at = now()`,
    [consumer, entries.map(([t]) => t), entries.map(([, c]) => c.delivered), entries.map(([, c]) => c.acked), entries.map(([, c]) => c.deadLettered)],
  );
}
