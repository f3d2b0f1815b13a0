/** Waiting for the embedded engine's consumers (docs/events.md "Consumers") to settle every event written so far. */
import type { Harness } from './harness';
import { DEMO_TENANT } from './tokens';

/**
 * Resolves once each named consumer (every consumer when none is named) has moved its cursor past
 * the log's newest event and holds no unsettled delivery up to it.
 */
export async function consumersSettled(h: Harness, names: string[] | null = null, tenantId: string = DEMO_TENANT.id, ms = 20_000): Promise<void> {
  const top = await h.db.transaction(async (tx) => Number((await tx.query<{ s: string }>('select coalesce(max(seq), 0) as s from events')).rows[0].s), { tenantId });
  const end = Date.now() + ms;
  for (;;) {
    const ok = await h.db.transaction(async (tx) => {
      const behind = await tx.query(`select 1 from event_consumers where ($1::text[] is null or name = any($1)) and cursor < $2 limit 1`, [names, top]);
      const open = await tx.query(`select 1 from consumer_deliveries where ($1::text[] is null or consumer = any($1)) and seq <= $2 limit 1`, [names, top]);
      return behind.rows.length === 0 && open.rows.length === 0;
    }, { tenantId });
    if (ok) return;
    if (Date.now() > end) throw new Error(`${names ? names.join(', ') : 'the consumers'} did not settle`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
