/**
 * Outbox → JetStream relay (docs/events.md): publishes event rows past `event_relay.last_seq` with
 * `Nats-Msg-Id` = `<log id>:<event seq>` (0016_event_log_id.sql), so a relay that crashed after publishing and before saving its
 * position is deduplicated by JetStream (duplicate window) when it publishes again.
 * The position moves only after JetStream acknowledged every message of the batch.
 * Steady state reads nothing back: the tail loop already read the new rows (`offer`), and a tail
 * batch holds every event in (after, last] because sequences become visible in order. The relay
 * reads the log itself only to catch up (start, after an error, a batch it did not get).
 */
import type { NatsConnection } from 'nats';
import type { Db } from '../../db';
import { EVENT_COLUMNS, toRecord, type EventRow } from '../records';
import { runtimeTx } from '../runtime-tx';
import type { EventRecord } from '../types';
import { eventHeaders } from './event-header';
import { jsSubject } from './naming';
import { BatchPublisher, type OutMsg } from './publisher';
import { coalescing } from '../coalesce';

const BATCH = 1000;
/** Tail batches kept while a pass runs; beyond that the relay reads the log when it gets there. */
const MAX_OFFERED = 20;
const ACK_TIMEOUT_MS = 10_000;
/** Batches published and not yet acknowledged at a time. */
const WINDOW = 4;
const RETRY_MS = 1000;

export class JetStreamRelay {
  private stopped = false;
  private readonly rounds = coalescing(() => this.round());
  private offered: { after: number; events: EventRecord[] }[] = [];
  private readonly publisher: BatchPublisher;
  private readonly encoder = new TextEncoder();
  published = 0;
  /** Batches taken from the tail instead of the log (bench / ops insight). */
  fromTail = 0;
  /** Highest sequence handed over by the tail: a wake-up for it needs no extra pass. */
  offeredUpTo = 0;
  lastSeq = 0;
  lastError: string | null = null;
  /** This database's event log (message ids of another log on the same streams never collide with ours). */
  private logId = '';

  constructor(
    private readonly db: Db,
    nc: NatsConnection,
    private readonly prefix: string,
    private readonly onError: (e: unknown) => void,
  ) {
    this.publisher = new BatchPublisher(nc, ACK_TIMEOUT_MS);
  }

  /** Its position row in event_relay (the tenant consumer figures read how far the relay got). */
  get name() {
    return `jetstream:${this.prefix}`;
  }

  async init(): Promise<void> {
    await this.db.query('insert into event_relay (name, last_seq) values ($1, 0) on conflict (name) do nothing', [this.name]);
    const { rows } = await this.db.query<{ id: string }>('select id from event_log_identity limit 1');
    this.logId = String(rows[0].id);
  }

  /** The tail read these events: every visible event with after < seq <= the last one. */
  offer(events: EventRecord[], after: number): void {
    if (events.length === 0) return;
    this.offeredUpTo = Math.max(this.offeredUpTo, events[events.length - 1].seq);
    this.offered.push({ after, events });
    if (this.offered.length > MAX_OFFERED) this.offered.shift();
    void this.kick();
  }

  /** Relay everything pending; concurrent calls coalesce into one more round. */
  async kick(): Promise<void> {
    if (this.stopped) return;
    try {
      if (await this.rounds()) this.lastError = null;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      this.onError(e);
      // try again even if no new event arrives to wake the relay
      if (!this.stopped) setTimeout(() => void this.kick(), RETRY_MS).unref();
    }
  }

  /**
   * Publishes batch after batch with up to WINDOW batches awaiting their JetStream acks, so reading
   * and publishing the next batch overlaps the acks of the previous ones. The saved position moves
   * batch by batch in order, each only after all its acks: after a failure the next round starts
   * from the last fully acknowledged batch and republishes the rest (Nats-Msg-Id drops repeats).
   */
  private async round(): Promise<void> {
    const { rows: pos } = await this.db.query<{ last_seq: number }>('select last_seq from event_relay where name = $1', [this.name]);
    let from = Number(pos[0]?.last_seq ?? 0);
    const window: { last: number; count: number; acked: Promise<void> }[] = [];
    try {
      for (;;) {
        const { events, more } = await this.eventsAfter(from);
        if (events.length > 0) {
          const acked = this.publisher.publishAll(events.map((e) => this.message(e)));
          acked.catch(() => undefined); // observed below, in order; avoids an unhandled rejection meanwhile
          from = events[events.length - 1].seq;
          window.push({ last: from, count: events.length, acked });
        }
        while (window.length > 0 && (window.length >= WINDOW || !more)) await this.settle(window.shift()!);
        if (!more) return;
      }
    } finally {
      // a failed batch: later ones may still be in flight; do not leave them unobserved
      await Promise.allSettled(window.map((b) => b.acked));
    }
  }

  private async settle(b: { last: number; count: number; acked: Promise<void> }): Promise<void> {
    await b.acked;
    // optimistic: another replica relaying the same rows is harmless (Nats-Msg-Id dedupe)
    await this.db.query('update event_relay set last_seq = greatest(last_seq, $2), updated_at = now() where name = $1', [this.name, b.last]);
    this.published += b.count;
    this.lastSeq = b.last;
  }

  stop(): void {
    this.stopped = true;
    this.publisher.close();
  }

  /** Events after `from`: from a tail batch covering it, else from the log; `more` = look again. */
  private async eventsAfter(from: number): Promise<{ events: EventRecord[]; more: boolean }> {
    this.offered = this.offered.filter((b) => b.events[b.events.length - 1].seq > from);
    const i = this.offered.findIndex((b) => b.after <= from);
    if (i >= 0) {
      const [b] = this.offered.splice(i, 1);
      this.fromTail++;
      return { events: b.after === from ? b.events : b.events.filter((e) => e.seq > from), more: this.offered.length > 0 };
    }
    const { rows } = await runtimeTx(this.db, (tx) =>
      tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where seq > $1 order by seq limit ${BATCH}`, [from]),
    );
    return { events: rows.map(toRecord), more: rows.length === BATCH || this.offered.length > 0 };
  }

  private message(e: EventRecord): OutMsg {
    const h = eventHeaders(e, `${this.logId}:${e.seq}`);
    return { subject: jsSubject(this.prefix, e.subject), data: this.encoder.encode(JSON.stringify(e.data)), headers: h };
  }
}
