/**
 * Outbox → JetStream relay (issue 6 §7): publishes event rows past `event_relay.last_seq` with
 * `Nats-Msg-Id` = event seq, so a relay that crashed after publishing and before saving its
 * position is deduplicated by JetStream (duplicate window) when it publishes again.
 */
import { headers, type JetStreamClient } from 'nats';
import type { Db } from '../../db';
import { EVENT_COLUMNS, toRecord, type EventRow } from '../records';
import { runtimeTx } from '../runtime-tx';
import { jsSubject } from './naming';

const BATCH = 1000;

export class JetStreamRelay {
  private running = false;
  private again = false;
  published = 0;
  lastSeq = 0;
  lastError: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly js: JetStreamClient,
    private readonly prefix: string,
    private readonly onError: (e: unknown) => void,
  ) {}

  private get name() {
    return `jetstream:${this.prefix}`;
  }

  async init(): Promise<void> {
    await this.db.query('insert into event_relay (name, last_seq) values ($1, 0) on conflict (name) do nothing', [this.name]);
  }

  /** Relay everything pending; concurrent calls coalesce into one more pass. */
  async kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        while ((await this.pass()) === BATCH);
      } while (this.again);
      this.lastError = null;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      this.onError(e);
    } finally {
      this.running = false;
    }
  }

  private async pass(): Promise<number> {
    const { rows: pos } = await this.db.query<{ last_seq: number }>('select last_seq from event_relay where name = $1', [this.name]);
    const from = Number(pos[0]?.last_seq ?? 0);
    const { rows } = await runtimeTx(this.db, (tx) =>
      tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where seq > $1 order by seq limit ${BATCH}`, [from]),
    );
    if (rows.length === 0) return 0;
    await Promise.all(
      rows.map((r) => {
        const e = toRecord(r);
        const h = headers();
        h.set('Tenant-Id', e.tenantId);
        h.set('Event-Seq', String(e.seq));
        h.set('Event-Subject', e.subject);
        h.set('Event-Time', e.timestamp);
        if (e.correlationId) h.set('Correlation-Id', e.correlationId);
        if (e.causationId) h.set('Causation-Id', e.causationId);
        return this.js.publish(jsSubject(this.prefix, e.subject), new TextEncoder().encode(JSON.stringify(e.data)), { msgID: String(e.seq), headers: h });
      }),
    );
    const last = Number(rows[rows.length - 1].seq);
    // optimistic: another replica relaying the same rows is harmless (Nats-Msg-Id dedupe)
    await this.db.query('update event_relay set last_seq = greatest(last_seq, $2), updated_at = now() where name = $1', [this.name, last]);
    this.published += rows.length;
    this.lastSeq = last;
    return rows.length;
  }
}
