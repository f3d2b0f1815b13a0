/**
 * The one event-log poll loop of a process (docs/events.md): it notices new events and hands them to
 * the SSE hub and wakes the consumers / relay, so N clients and M consumers cost one query per tick.
 * Sequences become visible in order (0005_events.sql), so reading `seq > last` never skips one.
 */
import type { Db } from '../db';
import { runtimeTx } from './runtime-tx';
import { EVENT_COLUMNS, toRecord, type EventRow } from './records';
import type { EventRecord } from './types';

export interface TailListener {
  /**
   * Full records, every visible event with `after` < seq (in order); only read when some listener
   * `wantsRecords()` (SSE clients connected, the JetStream relay).
   */
  onEvents?(events: EventRecord[], after: number): void;
  wantsRecords?(): boolean;
  onAdvance?(lastSeq: number): void;
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
          for (const l of this.listeners) l.onAdvance?.(this.last);
        }
      } else {
        const { rows } = await runtimeTx(this.db, (tx) => tx.query<{ m: number | null }>('select max(seq) as m from events'));
        const m = Number(rows[0]?.m ?? 0);
        if (m > this.last) {
          this.last = m;
          for (const l of this.listeners) l.onAdvance?.(m);
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
