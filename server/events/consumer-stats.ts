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
    // the consumers' subject filters as regular expressions first, then every consumer's figures in
    // one statement (a lateral pass over its deliveries and one over its events past the position):
    // two statements whatever the number of consumers, planned once (GET /dashboard/needs-attention
    // reads them on every dashboard; docs/performance.md "Dashboard")
    const filters = await tx.query<{ name: string; filter_subjects: string[] }>('select name, filter_subjects from event_consumers order by name');
    if (filters.rows.length === 0) return [];
    // the fetch position: JetStream's relay (0 without one), else each consumer's own cursor. The
    // events past it are read in `seq` order, so the plan is a range of the (tenant_id, seq) index
    // (without it PostgreSQL walked the tenant's whole log by tenant_seq for the min)
    const from = engine === 'jetstream' ? 'pos.at' : 'c.cursor';
    const { rows } = await tx.query<Row & Figures>(
      `with p as (select * from unnest($2::text[], $3::text[]) as p(name, re)),
            pos as (select coalesce((select last_seq from event_relay where name = $4::text), 0) as at),
            h as (select max(last_seq) as last_seq from event_stream_stats t where t.tenant_id = $1)
       select c.name, c.filter_subjects, c.max_deliver, c.backoff_ms, c.cursor, s.delivered, s.acked, s.dead_lettered,
              d.waiting, d.redelivering, (select w.tenant_seq from events w where w.seq = d.oldest_waiting) as oldest_waiting,
              u.unfetched, u.first_unfetched, h.last_seq
         from event_consumers c
         join p on p.name = c.name
         cross join pos cross join h
         left join consumer_tenant_stats s on s.consumer = c.name and s.tenant_id = $1
         cross join lateral (select count(*) as waiting, count(*) filter (where status = 'pending' and attempts > 0) as redelivering, min(seq) as oldest_waiting
                               from consumer_deliveries cd where cd.consumer = c.name and cd.tenant_id = $1) d
         cross join lateral (select count(*) as unfetched, min(tenant_seq) as first_unfetched
                               from (select tenant_seq, subject from events e where e.tenant_id = $1 and e.seq > ${from} order by e.seq) e
                              where e.subject ~ p.re) u
        order by c.name`,
      [tenantId, filters.rows.map((c) => c.name), filters.rows.map((c) => patternsRegex(c.filter_subjects)), relayName ?? null],
    );
    return rows.map((r) => {
      // every message of this tenant at or below ack_floor is settled
      const bounds = [r.oldest_waiting, r.first_unfetched].filter((x): x is number => x !== null).map((x) => Number(x) - 1);
      const ackFloor = bounds.length > 0 ? Math.min(...bounds) : Number(r.last_seq ?? 0);
      return {
        name: r.name,
        filter_subjects: r.filter_subjects,
        max_deliver: Number(r.max_deliver),
        backoff_ms: r.backoff_ms.map(Number),
        ack_floor: Math.max(0, ackFloor),
        delivered: Number(r.delivered ?? 0),
        acked: Number(r.acked ?? 0),
        dead_lettered: Number(r.dead_lettered ?? 0),
        lag: Number(r.waiting) + Number(r.unfetched),
        redelivering: Number(r.redelivering),
        engine,
      };
    });
  });
}
