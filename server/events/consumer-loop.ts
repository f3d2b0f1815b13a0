/**
 * One durable consumer on the PostgreSQL tables (docs/events.md "Consumers"). Each round, in one
 * runtime transaction: copy matching events past the consumer's cursor into consumer_deliveries,
 * then claim due deliveries with `for update skip locked` (two replicas never take the same row).
 * Handlers run outside the transaction; settle transactions ack (delete the row), nak
 * (schedules the next attempt with backoff) or dead-letters after max_deliver. A row claimed by a
 * worker that died comes back when its ack deadline passes (at-least-once, never lost).
 */
import type { Db, Tx } from '../db';
import { backoffDelay } from './config';
import { deadLetter } from './dlq-store';
import { EVENT_COLUMNS, toRecord, type EventRow } from './records';
import { runtimeTx } from './runtime-tx';
import { SettleQueue } from './settle-queue';
import { compileMatcher, patternsRegex } from './subjects';
import { KnownMatches } from './known-matches';
import type { TailWindow } from './tail';
import { addCount, bumpTenantCounters, countsOf, type CountsByTenant } from './tenant-counters';
import type { ConsumerDef, EventMessage } from './types';

export interface ResolvedConsumer extends Required<Omit<ConsumerDef, 'agentName'>> {
  agentName?: string;
}

export interface LoopOptions {
  /** false: the JetStream engine delivers the log; this loop only runs DLQ replays. */
  fetchFromLog: boolean;
  /** PGlite: one process owns the data dir, so rows left in flight by the last run are free now. */
  releaseInflightOnStart: boolean;
  onError(e: unknown): void;
}

interface Claimed { seq: number; tenant_id: string; attempts: number; first_failure_at: string | Date | null }
interface Settled { c: Claimed; error: string | null }

const IDLE_MS = 1000;
/** How many events a fetch may read per message it may claim (docs/events.md "Consumers"). */
const SCAN_AHEAD = 10;
const STOP_GRACE_MS = 2000;
/** How often an idle consumer writes down the cursor it moved past windows it does not match. */
const QUIET_SAVE_MS = 1000;

export class ConsumerLoop {
  private cursor = 0;
  private tailLast = Number.MAX_SAFE_INTEGER;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private nextRetryAt = Infinity;
  private current: Promise<unknown> = Promise.resolve();
  private readonly regex: string;
  /** What the tail's windows told of the matches past the cursor: a fetch claims them without a scan. */
  private readonly known: KnownMatches;
  /** The cursor as last written (quiet windows are written down at most every QUIET_SAVE_MS). */
  private savedCursor = 0;
  private savedAt = 0;
  lastRunAt = 0;
  recent = { ok: 0, failed: 0, since: Date.now() };

  constructor(private readonly db: Db, readonly def: ResolvedConsumer, private readonly o: LoopOptions) {
    this.regex = patternsRegex(def.filterSubjects);
    this.known = new KnownMatches(compileMatcher(def.filterSubjects));
  }

  async register(): Promise<void> {
    const d = this.def;
    const { rows } = await runtimeTx(this.db, async (tx) => {
      if (this.o.releaseInflightOnStart) {
        await tx.query(`update consumer_deliveries set status = 'pending', locked_until = null, next_attempt_at = now()
                         where consumer = $1 and status = 'inflight'`, [d.name]);
      }
      return tx.query<{ cursor: number }>(
        `insert into event_consumers (name, filter_subjects, max_deliver, backoff_ms, ack_wait_ms, cursor, ack_floor)
         select $1, $2, $3, $4, $5, c, c from (select case when $6 then coalesce(max(seq), 0) else 0 end as c from events) s
         on conflict (name) do update set filter_subjects = excluded.filter_subjects, max_deliver = excluded.max_deliver,
           backoff_ms = excluded.backoff_ms, ack_wait_ms = excluded.ack_wait_ms, updated_at = now()
         returning cursor`,
        [d.name, d.filterSubjects, d.maxDeliver, d.backoffMs, d.ackWaitMs, d.deliverPolicy === 'new'],
      );
    });
    this.cursor = Number(rows[0].cursor);
    this.savedCursor = this.cursor;
  }

  start(): void {
    void this.loop();
  }

  /**
   * Stops after the round under way (at most STOP_GRACE_MS). A round that fails meanwhile (the
   * database connection lost as the server shuts down) is the loop's to report, not the stop's: the
   * stop still resolves, so closing the server never fails on it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await Promise.race([this.current.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
  }

  /** A runtime transaction of this consumer's deliveries (urgent when the consumer is). */
  private tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return runtimeTx(this.db, fn, 'events', this.def.urgent);
  }

  /**
   * The tail saw events up to `lastSeq`, with the subjects `window` names: a window this consumer
   * does not match is passed without a fetch, and sparse matches are fetched by sequence, so a
   * consumer of a few subjects no longer scans every burst of the others (docs/events.md "Consumers").
   */
  notify(lastSeq: number, window?: TailWindow): void {
    this.tailLast = lastSeq;
    if (window) this.known.learn(window, lastSeq, this.cursor);
    if (lastSeq > this.position()) this.wakeUp?.();
  }

  /** How far this consumer has nothing left to fetch: its cursor, or past quiet windows after it. */
  private position(): number {
    return this.known.idleTo(this.cursor);
  }

  wake(): void {
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let n = 0;
      try {
        const round = this.runOnce();
        this.current = round;
        n = await round;
      } catch (e) {
        if (this.stopped) return;
        this.o.onError(e);
        await this.sleep(IDLE_MS);
        continue;
      }
      // nothing claimed and nothing left to scan: wait for the tail, a retry or the idle tick
      if (n === 0 && !this.stopped && !(this.o.fetchFromLog && this.tailLast > this.position())) {
        await this.saveQuiet().catch((e) => this.o.onError(e));
        const untilRetry = this.nextRetryAt - Date.now();
        await this.sleep(Math.max(1, Math.min(IDLE_MS, untilRetry)));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      t.unref();
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  /** One claim → handle → settle round; returns how many messages it handled. */
  async runOnce(): Promise<number> {
    this.lastRunAt = Date.now();
    if (Date.now() - this.recent.since > 5 * 60_000) this.recent = { ok: 0, failed: 0, since: Date.now() };
    // what the fetch moves in memory, put back when its transaction does not commit (a lost
    // connection): the cursor must never run ahead of the claims the database holds
    const before = { cursor: this.cursor, savedCursor: this.savedCursor, tailLast: this.tailLast };
    const claimed = await this.tx(async (tx) => {
      const retries = await this.claim(tx);
      const room = this.def.batchSize - retries.length;
      const fresh = this.o.fetchFromLog && this.tailLast > this.position() && room > 0 ? await this.fetch(tx, room) : [];
      const all = [...retries, ...fresh];
      await bumpTenantCounters(tx, this.def.name, countsOf(all, 'delivered'));
      return all;
    }).catch((e: unknown) => {
      // the database's cursor is the truth (a fetch reads from the greater of the two); what the
      // tail's windows told is forgotten, so the next fetch scans from the cursor
      this.cursor = before.cursor;
      this.savedCursor = before.savedCursor;
      this.tailLast = before.tailLast;
      this.known.forget();
      throw e;
    });
    if (claimed.length === 0) {
      if (this.nextRetryAt <= Date.now()) this.nextRetryAt = Infinity;
      return 0;
    }
    const { rows } = await this.tx((tx) =>
      tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where seq = any($1::bigint[])`, [claimed.map((c) => c.seq)]),
    );
    const bySeq = new Map(rows.map((r) => [Number(r.seq), toRecord(r)]));
    // results are settled as they come (group commit): a slow or hung handler does not hold back
    // the acks of the others, so a crash loses at most the acks in the one flush under way
    const settled = new SettleQueue<Settled>((batch) => this.tx((tx) => this.settle(tx, batch)), () => this.stopped);
    const done = (r: Settled) => settled.push(r);
    let i = 0;
    const worker = async () => {
      while (i < claimed.length && !this.stopped) {
        const c = claimed[i++];
        const rec = bySeq.get(c.seq);
        if (!rec) {
          done({ c, error: `event ${c.seq} not found in the log` });
          continue;
        }
        const msg: EventMessage = { ...rec, consumer: this.def.name, attempt: c.attempts };
        try {
          await this.def.handle(msg);
          done({ c, error: null });
        } catch (e) {
          done({ c, error: e instanceof Error ? e.message : String(e) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.def.concurrency, claimed.length) }, worker));
    await settled.drained();
    return claimed.length;
  }

  /**
   * Copies matching events past the cursor into deliveries, already claimed by this worker
   * (attempt 1, ack deadline set): one write per new message instead of insert-then-claim.
   */
  private async fetch(tx: Tx, limit: number): Promise<Claimed[]> {
    const lock = await tx.query<{ cursor: number }>('select cursor from event_consumers where name = $1 for update skip locked', [this.def.name]);
    if (lock.rows.length === 0) {
      this.tailLast = this.cursor; // another replica is fetching for this consumer right now
      return [];
    }
    const saved = Number(lock.rows[0].cursor);
    const from = Math.max(saved, this.cursor);
    const plan = this.known.plan(from, limit);
    const { rows } = plan
      ? await this.claimKnown(tx, plan.seqs, plan.to)
      : await tx.query<{ seq: number | null; tenant_id: string; claimed: boolean }>(
          // scans up to SCAN_AHEAD × limit events but claims at most `limit` matches: a consumer that
          // matches few subjects walks a burst of others in few rounds. The cursor stops at the last
          // match when the claim is full (the rest of the window is read again next round).
          `with ev as (select seq, tenant_id, subject from events where seq > $2 order by seq limit $6),
                m as (select seq, tenant_id, subject from ev where subject ~ $3 order by seq limit $4),
                ins as (insert into consumer_deliveries (consumer, seq, tenant_id, subject, status, attempts, next_attempt_at, locked_until)
                        select $1, seq, tenant_id, subject, 'inflight', 1, now(), now() + ($5 || ' milliseconds')::interval
                          from m
                        on conflict do nothing returning seq, tenant_id)
           select seq, tenant_id, true as claimed from ins
           union all select case when (select count(*) from m) >= $4 then (select max(seq) from m) else (select max(seq) from ev) end, null, false`,
          [this.def.name, from, this.regex, limit, String(this.def.ackWaitMs), limit * SCAN_AHEAD],
        );
    const maxRow = rows.find((r) => !r.claimed);
    const maxseq = maxRow?.seq == null ? from : Number(maxRow.seq);
    if (maxseq > saved) await tx.query('update event_consumers set cursor = $2, updated_at = now() where name = $1', [this.def.name, maxseq]);
    this.cursor = maxseq;
    this.savedCursor = Math.max(this.savedCursor, maxseq);
    if (maxseq === from) this.tailLast = from; // caught up: wait for the tail to report more
    const fresh = rows.filter((r) => r.claimed).map((r) => ({ seq: Number(r.seq), tenant_id: r.tenant_id, attempts: 1, first_failure_at: null }));
    if (fresh.length > 0) await tx.query('update event_consumers set delivered = delivered + $2 where name = $1', [this.def.name, fresh.length]);
    return fresh;
  }

  /** Claims the matches the tail listed (no scan) and moves the cursor to `to`: none lies between. */
  private async claimKnown(tx: Tx, seqs: number[], to: number) {
    const ins = seqs.length === 0 ? { rows: [] } : await tx.query<{ seq: number; tenant_id: string }>(
      `insert into consumer_deliveries (consumer, seq, tenant_id, subject, status, attempts, next_attempt_at, locked_until)
       select $1, seq, tenant_id, subject, 'inflight', 1, now(), now() + ($4 || ' milliseconds')::interval
         from events where seq = any($2::bigint[]) and subject ~ $3
       on conflict do nothing returning seq, tenant_id`,
      [this.def.name, seqs, this.regex, String(this.def.ackWaitMs)],
    );
    return { rows: [...ins.rows.map((r) => ({ ...r, claimed: true })), { seq: to, tenant_id: '', claimed: false }] };
  }

  /**
   * Writes down a cursor moved only past quiet windows, at most every QUIET_SAVE_MS, so that a
   * restart does not scan them again and the ops figures show how far the consumer got. Monotonic:
   * another replica's cursor past it stays.
   */
  private async saveQuiet(): Promise<void> {
    const to = this.position();
    if (!this.o.fetchFromLog || to <= this.savedCursor || Date.now() - this.savedAt < QUIET_SAVE_MS) return;
    this.savedAt = Date.now();
    await runtimeTx(this.db, (tx) =>
      tx.query('update event_consumers set cursor = greatest(cursor, $2), updated_at = now() where name = $1', [this.def.name, to]),
    );
    this.savedCursor = Math.max(this.savedCursor, to);
  }

  private async claim(tx: Tx): Promise<Claimed[]> {
    const { rows } = await tx.query<Claimed>(
      `with due as (
         select seq from consumer_deliveries
          where consumer = $1 and ((status = 'pending' and next_attempt_at <= now()) or (status = 'inflight' and locked_until < now()))
          order by seq limit $2 for update skip locked)
       update consumer_deliveries d set status = 'inflight', attempts = d.attempts + 1,
              locked_until = now() + ($3 || ' milliseconds')::interval
         from due where d.consumer = $1 and d.seq = due.seq
       returning d.seq, d.tenant_id, d.attempts, d.first_failure_at`,
      [this.def.name, this.def.batchSize, String(this.def.ackWaitMs)],
    );
    if (rows.length > 0) {
      await tx.query('update event_consumers set delivered = delivered + $2 where name = $1', [this.def.name, rows.length]);
    }
    return rows.map((r) => ({ ...r, seq: Number(r.seq), attempts: Number(r.attempts) })).sort((a, b) => a.seq - b.seq);
  }

  private async settle(tx: Tx, results: Settled[]): Promise<void> {
    const ok = results.filter((r) => r.error === null);
    const failed = results.filter((r) => r.error !== null);
    const exhausted = failed.filter((r) => r.c.attempts >= this.def.maxDeliver);
    const retry = failed.filter((r) => r.c.attempts < this.def.maxDeliver);
    this.recent.ok += ok.length;
    this.recent.failed += failed.length;
    let acked = 0;
    const perTenant: CountsByTenant = new Map();
    if (ok.length > 0) {
      const r = await tx.query<{ seq: number; tenant_id: string }>(
        `delete from consumer_deliveries d using unnest($2::bigint[], $3::int[]) as a(seq, att)
          where d.consumer = $1 and d.seq = a.seq and d.attempts = a.att and d.status = 'inflight' returning d.seq, d.tenant_id`,
        [this.def.name, ok.map((x) => x.c.seq), ok.map((x) => x.c.attempts)],
      );
      acked = r.rowCount;
      countsOf(r.rows, 'acked', perTenant);
    }
    if (retry.length > 0) {
      const delays = retry.map((x) => backoffDelay(this.def.backoffMs, x.c.attempts));
      await tx.query(
        `update consumer_deliveries d set status = 'pending', locked_until = null, last_error = a.err,
                next_attempt_at = now() + (a.delay || ' milliseconds')::interval,
                first_failure_at = coalesce(d.first_failure_at, now()), last_failure_at = now()
           from unnest($2::bigint[], $3::int[], $4::int[], $5::text[]) as a(seq, att, delay, err)
          where d.consumer = $1 and d.seq = a.seq and d.attempts = a.att and d.status = 'inflight'`,
        [this.def.name, retry.map((x) => x.c.seq), retry.map((x) => x.c.attempts), delays, retry.map((x) => (x.error ?? '').slice(0, 4000))],
      );
      this.nextRetryAt = Math.min(this.nextRetryAt, Date.now() + Math.min(...delays));
    }
    let dead = 0;
    for (const x of exhausted) {
      const gone = await tx.query(
        `delete from consumer_deliveries where consumer = $1 and seq = $2 and attempts = $3 and status = 'inflight' returning seq`,
        [this.def.name, x.c.seq, x.c.attempts],
      );
      if (gone.rowCount === 0) continue; // reclaimed meanwhile: the other worker settles it
      await deadLetter(tx, {
        consumer: this.def.name,
        seq: x.c.seq,
        attempts: x.c.attempts,
        lastError: x.error ?? 'failed',
        firstFailureAt: x.c.first_failure_at,
      });
      dead++;
      addCount(perTenant, x.c.tenant_id, 'deadLettered');
    }
    await bumpTenantCounters(tx, this.def.name, perTenant);
    await tx.query(
      `update event_consumers c set acked = acked + $2, dead_lettered = dead_lettered + $3, updated_at = now(),
              ack_floor = coalesce((select min(seq) - 1 from consumer_deliveries d where d.consumer = c.name), c.cursor)
        where name = $1`,
      [this.def.name, acked, dead],
    );
  }
}
