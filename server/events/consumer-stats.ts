/**
 * Consumer figures for the caller's tenant (GET /api/streams/consumers, ops summary lag).
 * Lag = the tenant's matching messages not yet acked: waiting deliveries plus events past the
 * consumer's cursor. Consumers are shared by all tenants, so counting sequence numbers
 * (newest − acked) would leak other tenants' traffic; counting the tenant's own messages does not.
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
  ack_floor: number;
  delivered: number;
  acked: number;
  dead_lettered: number;
}

export async function embeddedConsumerStats(db: Db, tenantId: string, engine: 'embedded' | 'jetstream'): Promise<ConsumerStats[]> {
  return tenantTx(db, tenantId, async (tx) => {
    const { rows } = await tx.query<Row>('select * from event_consumers order by name');
    const out: ConsumerStats[] = [];
    for (const c of rows) {
      const q = await tx.query<{ waiting: number; redelivering: number; unfetched: number }>(
        `select (select count(*) from consumer_deliveries d where d.consumer = $1) as waiting,
                (select count(*) from consumer_deliveries d where d.consumer = $1 and d.status = 'pending' and d.attempts > 0) as redelivering,
                (select count(*) from events e where e.tenant_id = $4 and e.seq > $2 and e.subject ~ $3) as unfetched`,
        [c.name, engine === 'embedded' ? Number(c.cursor) : Number.MAX_SAFE_INTEGER, patternsRegex(c.filter_subjects), tenantId],
      );
      const r = q.rows[0];
      out.push({
        name: c.name,
        filter_subjects: c.filter_subjects,
        max_deliver: Number(c.max_deliver),
        backoff_ms: c.backoff_ms.map(Number),
        ack_floor: Number(c.ack_floor),
        delivered: Number(c.delivered),
        acked: Number(c.acked),
        dead_lettered: Number(c.dead_lettered),
        lag: Number(r.waiting) + Number(r.unfetched),
        redelivering: Number(r.redelivering),
        engine,
      });
    }
    return out;
  });
}
