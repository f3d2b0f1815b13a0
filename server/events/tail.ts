/**
 * The one event-log poll loop of a process (docs/events.md): it notices new events and hands them to
 * the SSE hub and wakes the consumers / relay, so N clients and M consumers cost one query per tick.
 * Sequences become visible in order (0005_events.sql), so reading `seq > last` never skips one.
 */
import type { Db } from '../db';
import { runtimeTx } from './runtime-tx';
import { EVENT_COLUMNS, toRecord, type EventRow } from './records';
import type { EventRecord } from './types';

/**
 * What the tail learned of the events it just noticed: every event with `after` < seq ≤ the new last
 * sequence has one of `subjects`. A consumer that matches none of them has nothing to fetch there.
 */
export interface TailWindow {
  after: number;
  subjects: ReadonlySet<string>;
}

export interface TailListener {
  /**
   * Full records, every visible event with `after` < seq (in order); only read when some listener
   * `wantsRecords()` (SSE clients connected, the JetStream relay).
   */
  onEvents?(events: EventRecord[], after: number): void;
  wantsRecords?(): boolean;
  onAdvance?(lastSeq: number, window: TailWindow): void;
}

const BATCH = 1000;

export class EventTail {
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private poked = false;
  private readonly listeners: TailListener[] = [];
  lastPollAt = 0;
  errors = 0;

  constructor(private readonly db: Db, private readonly pollMs: number, private readonly onError: (e: unknown) => void) {}

  get position(): number {
    return this.last;
  }

  listen(l: TailListener): void {
    this.listeners.push(l);
  }

  async start(): Promise<void> {
    const { rows } = await runtimeTx(this.db, (tx) => tx.query<{ m: number | null }>('select max(seq) as m from events'));
    this.last = Number(rows[0]?.m ?? 0);
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Poll now (a local write just committed, a test wants no wait). */
  poke(): void {
    if (this.stopped) return;
    // a poll already running may have read before that commit: poll again right after it,
    // instead of leaving the new events for the next interval
    if (this.running) this.poked = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let full = false;
    try {
      const wantRecords = this.listeners.some((l) => l.wantsRecords?.());
      this.lastPollAt = Date.now();
      if (wantRecords) {
        const { rows } = await runtimeTx(this.db, (tx) =>
          tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where seq > $1 order by seq limit ${BATCH}`, [this.last]),
        );
        if (rows.length > 0) {
          const events = rows.map(toRecord);
          const after = this.last;
          this.last = events[events.length - 1].seq;
          full = rows.length === BATCH;
          for (const l of this.listeners) l.onEvents?.(events, after);
          const window = { after, subjects: new Set(events.map((e) => e.subject)) };
          for (const l of this.listeners) l.onAdvance?.(this.last, window);
        }
      } else {
        // the new events' subjects, one row each, in one statement (one snapshot): the consumers
        // skip a window none of whose subjects they match without scanning it (docs/events.md "Consumers")
        const { rows } = await runtimeTx(this.db, (tx) =>
          tx.query<{ subject: string; m: number | string }>('select subject, max(seq) as m from events where seq > $1 group by subject', [this.last]),
        );
        if (rows.length > 0) {
          const window = { after: this.last, subjects: new Set(rows.map((r) => r.subject)) };
          this.last = Math.max(...rows.map((r) => Number(r.m)));
          for (const l of this.listeners) l.onAdvance?.(this.last, window);
        }
      }
    } catch (e) {
      this.errors++;
      if (!this.stopped) this.onError(e);
    } finally {
      this.running = false;
      const again = full || this.poked;
      this.poked = false;
      this.schedule(again ? 0 : this.pollMs);
    }
  }
}
