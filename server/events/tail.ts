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
 * What the tail learned of the events it just noticed (every event with `after` < seq ≤ the new last
 * sequence): each subject they have, with its sequences when there are at most SPARSE_MAX of it in
 * the window, else null. A consumer matching none of the subjects has nothing to fetch there, and
 * one matching only listed ones fetches exactly those (server/events/known-matches.ts).
 */
export interface TailWindow {
  after: number;
  subjects: ReadonlyMap<string, readonly number[] | null>;
}

/** A subject with more events than this in one window is named without its sequences. */
export const SPARSE_MAX = 64;

export interface TailListener {
  /**
   * Full records, every visible event with `after` < seq (in order); only read when some listener
   * `wantsRecords()` (SSE clients connected, the JetStream relay).
   */
  onEvents?(events: EventRecord[], after: number): void;
  wantsRecords?(): boolean;
  /** The most events this listener takes from one poll (no limit when absent). */
  batchLimit?(): number;
  onAdvance?(lastSeq: number, window: TailWindow): void;
}

/**
 * Most events read per poll. The JetStream relay alone takes 3,000: at 10,000 dropshipped orders a
 * tail of 1,000 per poll fell 1–2 s behind the log (docs/performance.md "Dropshipping"). A listener
 * may ask for less (`batchLimit`): the SSE hub does while clients are connected, so that one poll
 * never hands a client more than its buffer bound allows.
 */
const BATCH = 3000;
/** Every consumer waits on the tail to learn of new events: on PGlite its polls go first (server/db/turns.ts). */
const URGENT = true;
/** Longest wait between polls while they fail (the database unreachable): the interval doubles up to this. */
const MAX_BACKOFF_MS = 2000;

export class EventTail {
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private poked = false;
  private readonly listeners: TailListener[] = [];
  lastPollAt = 0;
  errors = 0;
  /** Polls failed in a row: the next one waits longer (docs/reliability.md "Background work"). */
  private failing = 0;

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
        const limit = Math.min(BATCH, ...this.listeners.map((l) => l.batchLimit?.() ?? BATCH));
        const { rows } = await runtimeTx(
          this.db,
          (tx) => tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where seq > $1 order by seq limit $2`, [this.last, limit]),
          'events',
          URGENT,
        );
        if (rows.length > 0) {
          const events = rows.map(toRecord);
          const after = this.last;
          this.last = events[events.length - 1].seq;
          full = rows.length === limit;
          for (const l of this.listeners) l.onEvents?.(events, after);
          const window = { after, subjects: subjectsOf(events) };
          for (const l of this.listeners) l.onAdvance?.(this.last, window);
        }
      } else {
        // the new events' subjects, one row each, in one statement (one snapshot): the consumers
        // pass what they do not match, and fetch sparse matches by sequence (docs/events.md "Consumers")
        const { rows } = await runtimeTx(this.db, (tx) =>
          tx.query<{ subject: string; m: number | string; seqs: (number | string)[] | null }>(
            `select subject, max(seq) as m, case when count(*) <= ${SPARSE_MAX} then array_agg(seq) end as seqs
               from events where seq > $1 group by subject`,
            [this.last],
          ),
          'events',
          URGENT,
        );
        if (rows.length > 0) {
          const window = { after: this.last, subjects: new Map(rows.map((r) => [r.subject, r.seqs ? r.seqs.map(Number) : null])) };
          this.last = Math.max(...rows.map((r) => Number(r.m)));
          for (const l of this.listeners) l.onAdvance?.(this.last, window);
        }
      }
      this.failing = 0;
    } catch (e) {
      this.errors++;
      this.failing++;
      if (!this.stopped) this.onError(e);
    } finally {
      this.running = false;
      const again = full || this.poked;
      this.poked = false;
      // a failed poll moved nothing: the next reads from the same place, later each time it fails again
      const wait = this.failing > 0 ? Math.min(Math.max(MAX_BACKOFF_MS, this.pollMs), this.pollMs * 2 ** Math.min(this.failing, 16)) : this.pollMs;
      this.schedule(again ? 0 : wait);
    }
  }
}

function subjectsOf(events: readonly EventRecord[]): Map<string, number[] | null> {
  const out = new Map<string, number[] | null>();
  for (const e of events) {
    const seqs = out.get(e.subject);
    if (seqs === undefined) out.set(e.subject, [e.seq]);
    else if (seqs !== null && seqs.length < SPARSE_MAX) seqs.push(e.seq);
    else out.set(e.subject, null);
  }
  return out;
}
