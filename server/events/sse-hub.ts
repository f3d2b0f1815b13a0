/**
 * SSE fan-out hub (docs/events.md "SSE"): one per process, fed by the one EventTail. A client is
 * registered first (live frames queue up), then the events it missed since `Last-Event-ID` are
 * replayed from the log, then the queue is flushed skipping what the replay already sent — no gap
 * and no duplicate, because sequences become visible in order. A frame's `id:` is the tenant's own
 * number of the event (`tenant_seq`), never the log's `seq`; a resume point is turned into the log
 * position of that event of the tenant, and everything after it is in `seq` terms. Each frame is built once and
 * written to every interested client of the event's tenant. A client whose socket buffer exceeds
 * the bound is dropped (it reconnects and resumes), so a slow reader never grows server memory.
 */
import type { ServerResponse } from 'node:http';
import type { Db } from '../db';
import { EVENT_COLUMNS, toRecord, wireEvent, type EventRow } from './records';
import { runtimeTx, tenantTx } from './runtime-tx';
import { logStreamsOf, sseStreamOf, type SseStream } from '../../contract/events';
import type { EventRecord } from './types';

export const SSE_RETRY_MS = 1000;
const REPLAY_PAGE = 500;
const MAX_QUEUED = 5000;
/** Most events one tail poll hands the connected clients (the tail read 1,000 per poll before it read more for the relay). */
const SSE_BATCH = 1000;

interface Client {
  tenantId: string;
  streams: Set<SseStream>;
  res: ServerResponse;
  /** The log position (`seq`, not the tenant's number) of the last event sent. */
  lastSeq: number;
  /** Live frames held while the replay runs; null once live. */
  queue: { seq: number; frame: string }[] | null;
}

/**
 * `event:` names the SSE stream (alerts, agents, metrics, jobs, events), a fixed set a browser
 * EventSource can listen to; the subject travels in the data (docs/events.md "SSE").
 */
export function frameOf(e: EventRecord): string {
  return `id: ${e.tenantSeq}\nevent: ${sseStreamOf(e.stream)}\ndata: ${JSON.stringify(wireEvent(e))}\n\n`;
}

export class SseHub {
  private readonly byTenant = new Map<string, Set<Client>>();
  private heartbeat: NodeJS.Timeout | null = null;
  dropped = 0;
  sent = 0;

  constructor(private readonly db: Db, private readonly o: { heartbeatMs: number; maxBufferedBytes: number }) {}

  /** Streams open on this replica, all tenants (the runtime's own health check; never shown to a tenant). */
  get size(): number {
    let n = 0;
    for (const s of this.byTenant.values()) n += s.size;
    return n;
  }

  /** Streams open on this replica for one tenant (ops summary `sse_clients`). */
  sizeOf(tenantId: string): number {
    return this.byTenant.get(tenantId)?.size ?? 0;
  }

  start(): void {
    this.heartbeat = setInterval(() => this.beat(), this.o.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream (shutdown): clients reconnect to another replica and resume. */
  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.byTenant.values()) for (const c of set) c.res.end();
    this.byTenant.clear();
  }

  wantsRecords(): boolean {
    return this.byTenant.size > 0;
  }

  /** While clients are connected, a poll hands them at most SSE_BATCH events (one write each, under the buffer bound). */
  batchLimit(): number {
    return this.byTenant.size > 0 ? SSE_BATCH : Number.MAX_SAFE_INTEGER;
  }

  /** A tail batch: each event's frame is built once; each client gets its frames in one write. */
  onEvents(events: EventRecord[]): void {
    const pending = new Map<Client, string[]>();
    for (const e of events) {
      const set = this.byTenant.get(e.tenantId);
      if (!set) continue;
      const stream = sseStreamOf(e.stream);
      let frame: string | null = null;
      for (const c of set) {
        if (!c.streams.has(stream)) continue;
        frame ??= frameOf(e);
        if (c.queue) {
          c.queue.push({ seq: e.seq, frame });
          if (c.queue.length > MAX_QUEUED) this.drop(c);
        } else if (e.seq > c.lastSeq) {
          c.lastSeq = e.seq;
          const list = pending.get(c);
          if (list) list.push(frame);
          else pending.set(c, [frame]);
        }
      }
    }
    for (const [c, frames] of pending) this.write(c, frames.length === 1 ? frames[0] : frames.join(''));
  }

  /**
   * Opens a stream on `res` (headers already written by the route) and resumes after `lastEventId`
   * (the tenant's number of the last event the client got): an id above the tenant's newest event
   * resumes from the head; the replay sends at most `replayMax` events (the newest ones) however
   * far behind the id is (docs/events.md "SSE").
   */
  async attach(
    res: ServerResponse,
    tenantId: string,
    streams: SseStream[],
    lastEventId: number | null,
    startSeq: number,
    replayMax = Number.MAX_SAFE_INTEGER,
  ): Promise<void> {
    const c: Client = { tenantId, streams: new Set(streams), res, lastSeq: startSeq, queue: [] };
    let set = this.byTenant.get(tenantId);
    if (!set) this.byTenant.set(tenantId, (set = new Set()));
    set.add(c);
    res.on('close', () => this.remove(c));
    res.write(`retry: ${SSE_RETRY_MS}\n\n`);
    if (lastEventId === null) {
      // a fresh stream starts live; its first heartbeat names where, so a reconnect before any
      // event resumes from there (without it that reconnect would start live again, after a gap)
      this.write(c, heartbeatFrame(await this.tenantNumberAt(tenantId, startSeq).catch(() => null)));
    } else {
      this.write(c, heartbeatFrame());
      try {
        const from = await this.resumePoint(tenantId, lastEventId);
        c.lastSeq = from;
        await this.replay(c, await this.replayStart(c, from, replayMax));
      } catch {
        this.drop(c);
        return;
      }
    }
    const queued = c.queue ?? [];
    c.queue = null;
    for (const q of queued) {
      if (q.seq <= c.lastSeq) continue;
      c.lastSeq = q.seq;
      this.write(c, q.frame);
    }
  }

  /**
   * The log position after which a client that last got the tenant's event number `id` resumes:
   * that event's `seq` (0 for id 0). An id above the tenant's newest number (another replica's
   * future, a forged id) would hold back every live frame for ever: it resumes from the head of
   * the log instead. One statement, one snapshot: nothing of the tenant's falls between the two.
   */
  private async resumePoint(tenantId: string, id: number): Promise<number> {
    const { rows } = await runtimeTx(this.db, (tx) =>
      tx.query<{ at: number | string | null; tenant_head: number | string | null; head: number | string | null }>(
        `select (select seq from events where tenant_id = $1 and tenant_seq <= $2 order by tenant_seq desc limit 1) as at,
                (select tenant_seq from events where tenant_id = $1 order by tenant_seq desc limit 1) as tenant_head,
                (select max(seq) from events) as head`,
        // ids up to 2^63 are accepted; no tenant numbers past 2^53, and a larger Number would not be a bigint
        [tenantId, Math.min(id, Number.MAX_SAFE_INTEGER)],
      ),
    );
    const r = rows[0];
    if (id > Number(r?.tenant_head ?? 0)) return Number(r?.head ?? 0);
    return Number(r?.at ?? 0);
  }

  /** The tenant's number of its newest event at or before the log position `seq` (0 before its first). */
  private async tenantNumberAt(tenantId: string, seq: number): Promise<number> {
    const { rows } = await tenantTx(this.db, tenantId, (tx) =>
      tx.query<{ n: number | string }>(`select tenant_seq as n from events where tenant_id = $1 and seq <= $2 order by seq desc limit 1`, [tenantId, seq]),
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async head(): Promise<number> {
    const { rows } = await runtimeTx(this.db, (tx) => tx.query<{ seq: number | null }>('select max(seq) as seq from events'));
    return Number(rows[0]?.seq ?? 0);
  }

  /** Where the replay starts so that it sends at most `max` events: the newest ones after `after`. */
  private async replayStart(c: Client, after: number, max: number): Promise<number> {
    if (max >= Number.MAX_SAFE_INTEGER) return after;
    if (max <= 0) return Math.max(after, await this.head());
    const { rows } = await tenantTx(this.db, c.tenantId, (tx) =>
      tx.query<{ seq: number }>(
        `select seq from events where tenant_id = $1 and seq > $2 and stream = any($3::text[]) order by seq desc offset $4 limit 1`,
        [c.tenantId, after, logStreamsOf([...c.streams]), max],
      ),
    );
    return rows[0] ? Math.max(after, Number(rows[0].seq)) : after;
  }

  private async replay(c: Client, after: number): Promise<void> {
    const streams = logStreamsOf([...c.streams]);
    let from = after;
    for (;;) {
      if (c.res.destroyed) return;
      const { rows } = await tenantTx(this.db, c.tenantId, (tx) =>
        tx.query<EventRow>(
          `select ${EVENT_COLUMNS} from events where tenant_id = $1 and seq > $2 and stream = any($3::text[]) order by seq limit ${REPLAY_PAGE}`,
          [c.tenantId, from, streams],
        ),
      );
      for (const r of rows) {
        const e = toRecord(r);
        c.lastSeq = e.seq;
        this.write(c, frameOf(e));
      }
      if (rows.length < REPLAY_PAGE) return;
      from = Number(rows[rows.length - 1].seq);
      // let a slow client drain before the next page instead of buffering the whole history
      if (c.res.writableLength > this.o.maxBufferedBytes / 2) await new Promise((r) => c.res.once('drain', r));
    }
  }

  private write(c: Client, frame: string): void {
    if (c.res.destroyed) return;
    if (c.res.writableLength > this.o.maxBufferedBytes) {
      this.drop(c);
      return;
    }
    c.res.write(frame);
    this.sent++;
  }

  private beat(): void {
    const frame = heartbeatFrame();
    for (const set of this.byTenant.values()) for (const c of set) if (!c.queue) this.write(c, frame);
  }

  private drop(c: Client): void {
    this.dropped++;
    this.remove(c);
    c.res.destroy();
  }

  private remove(c: Client): void {
    const set = this.byTenant.get(c.tenantId);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) this.byTenant.delete(c.tenantId);
  }
}

/**
 * Heartbeat frames carry no `id:`, so they never move the client's Last-Event-ID — except a fresh
 * stream's first one, which carries the tenant's number of where the stream starts (`id`).
 */
function heartbeatFrame(id: number | null = null): string {
  return `${id === null ? '' : `id: ${id}\n`}event: heartbeat\ndata: {"timestamp":"${new Date().toISOString()}"}\n\n`;
}
