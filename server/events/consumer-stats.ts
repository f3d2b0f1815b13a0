/**
 * Consumer figures for the caller's tenant (GET /api/streams/consumers, ops summary lag) — only
 * the tenant's own activity (docs/events.md "Consumer figures"). Consumers are shared by all
 * tenants, so every figure is counted on the tenant's own rows: delivered / acked / dead-lettered
 * from consumer_tenant_stats, lag from its waiting deliveries and its events past the consumer's
 * cursor (embedded) or past the relay (JetStream), and ack_floor from its own oldest unsettled
 * message — never the consumer's shared sequence counters, which move with other tenants' traffic.
 * The deliveries and the cursor are in the log's `seq`; ack_floor is told in the tenant's own event
 * numbers (`tenant_seq`), as every event number a tenant sees (docs/events.md "Ids a tenant sees").
 */
import type { Db } from '../db';
import { tenantTx } from './runtime-tx';
import { patternsRegex } from './subjects';
import type { ConsumerStats } from './types';

interface Row {
  name: string;
  filter_subjects: string[];
  max_deliver: number;
  backoff_ms: number[];
  cursor: number;
  delivered: number | null;
  acked: number | null;
  dead_lettered: number | null;
}

interface Figures { waiting: number; redelivering: number; unfetched: number; oldest_waiting: number | null; first_unfetched: number | null; last_seq: number | null }

/**
 * @param relayName JetStream: the relay's event_relay row; the tenant's events past it are not in
 * JetStream yet. Embedded: undefined, the consumer's own cursor is the fetch position.
 */
export async function embeddedConsumerStats(db: Db, tenantId: string, engine: 'embedded' | 'jetstream', relayName?: string): Promise<ConsumerStats[]> {
  return tenantTx(db, tenantId, async (tx) => {
    const { rows } = await tx.query<Row>(
      `select c.name, c.filter_subjects, c.max_deliver, c.backoff_ms, c.cursor, s.delivered, s.acked, s.dead_lettered
         from event_consumers c left join consumer_tenant_stats s on s.consumer = c.name and s.tenant_id = $1
        order by c.name`,
      [tenantId],
    );
    let position: number | null = null;
    if (engine === 'jetstream') {
      const r = relayName ? await tx.query<{ last_seq: number }>('select last_seq from event_relay where name = $1', [relayName]) : null;
      position = Number(r?.rows[0]?.last_seq ?? 0);
    }
    const out: ConsumerStats[] = [];
    for (const c of rows) {
      const from = position ?? Number(c.cursor);
      const q = await tx.query<Figures>(
        // one pass over the deliveries and one over the events past the cursor (a backlog is long)
        `select d.waiting, d.redelivering, (select w.tenant_seq from events w where w.seq = d.oldest_waiting) as oldest_waiting,
                u.unfetched, u.first_unfetched,
                (select max(last_seq) from event_stream_stats t where t.tenant_id = $4) as last_seq
           from (select count(*) as waiting, count(*) filter (where status = 'pending' and attempts > 0) as redelivering, min(seq) as oldest_waiting
                   from consumer_deliveries where consumer = $1 and tenant_id = $4) d,
                (select count(*) as unfetched, min(tenant_seq) as first_unfetched from events e where e.tenant_id = $4 and e.seq > $2 and e.subject ~ $3) u`,
        [c.name, from, patternsRegex(c.filter_subjects), tenantId],
      );
      const r = q.rows[0];
      // every message of this tenant at or below ack_floor is settled
      const bounds = [r.oldest_waiting, r.first_unfetched].filter((x): x is number => x !== null).map((x) => Number(x) - 1);
      const ackFloor = bounds.length > 0 ? Math.min(...bounds) : Number(r.last_seq ?? 0);
      out.push({
        name: c.name,
        filter_subjects: c.filter_subjects,
        max_deliver: Number(c.max_deliver),
        backoff_ms: c.backoff_ms.map(Number),
        ack_floor: Math.max(0, ackFloor),
        delivered: Number(c.delivered ?? 0),
        acked: Number(c.acked ?? 0),
        dead_lettered: Number(c.dead_lettered ?? 0),
        lag: Number(r.waiting) + Number(r.unfetched),
        redelivering: Number(r.redelivering),
        engine,
      });
    }
    return out;
  });
}
