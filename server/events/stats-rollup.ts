/**
 * Stream / subject counters (GET /api/streams, ops total_messages) rolled up from the log in
 * batches instead of per insert: one statement per tail tick adds the new events' counts and moves
 * the 'stats' position in the same transaction, so each event is counted exactly once even with
 * several replicas (`for update skip locked` — one replica rolls up at a time). The position is the
 * log's `seq`; a stream's or subject's first / last are the tenant's own event numbers (`tenant_seq`),
 * the numbers the tenant sees (docs/events.md "Ids a tenant sees").
 */
import type { Db } from '../db';
import { runtimeTx } from './runtime-tx';
import { coalescing } from './coalesce';

const BATCH = 5000;

export class StatsRollup {
  private readonly passes = coalescing(async () => {
    while ((await this.pass()) === BATCH);
  });

  constructor(private readonly db: Db, private readonly onError: (e: unknown) => void) {}

  async kick(): Promise<void> {
    try {
      await this.passes();
    } catch (e) {
      this.onError(e);
    }
  }

  private async pass(): Promise<number> {
    const { rows } = await runtimeTx(this.db, (tx) =>
      tx.query<{ n: number }>(
        `with pos as (select last_seq from event_relay where name = 'stats' for update skip locked),
              ev as (select e.seq, e.tenant_seq, e.tenant_id, e.stream, e.subject, octet_length(e.payload::text) as bytes, e.created_at
                       from events e, pos where e.seq > pos.last_seq order by e.seq limit ${BATCH}),
              s1 as (insert into event_stream_stats as s (tenant_id, stream, messages, bytes, first_seq, last_seq, last_at)
                     select tenant_id, stream, count(*), sum(bytes), min(tenant_seq), max(tenant_seq), max(created_at) from ev group by tenant_id, stream
                     on conflict (tenant_id, stream) do update set messages = s.messages + excluded.messages, bytes = s.bytes + excluded.bytes,
                       last_seq = greatest(s.last_seq, excluded.last_seq), last_at = greatest(s.last_at, excluded.last_at)),
              s2 as (insert into event_subject_stats as s (tenant_id, subject, stream, messages, first_seq, last_seq, last_at)
                     select tenant_id, subject, min(stream), count(*), min(tenant_seq), max(tenant_seq), max(created_at) from ev group by tenant_id, subject
                     on conflict (tenant_id, subject) do update set messages = s.messages + excluded.messages,
                       last_seq = greatest(s.last_seq, excluded.last_seq), last_at = greatest(s.last_at, excluded.last_at)),
              up as (update event_relay set last_seq = (select max(seq) from ev), updated_at = now()
                      where name = 'stats' and exists (select 1 from ev))
         select count(*) as n from ev`,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  }
}
