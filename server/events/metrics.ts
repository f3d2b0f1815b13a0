/**
 * Measured figures for the ops summary `slo` and `database` blocks (docs/events.md "Ops summary"): a ring of the last
 * request timings fed by a Fastify onResponse hook, and a ring of query timings from a wrapped Db.
 * Per process (per replica): docs/scaling.md explains how a fleet would aggregate them.
 */
import type { Db, QueryResult, Tx, TxOptions } from '../db';

const WINDOW_MS = 5 * 60_000;

class Ring {
  private readonly at: Float64Array;
  private readonly value: Float64Array;
  private readonly flag: Uint16Array;
  private next = 0;
  private count = 0;

  constructor(readonly size: number) {
    this.at = new Float64Array(size);
    this.value = new Float64Array(size);
    this.flag = new Uint16Array(size);
  }

  push(value: number, flag = 0, at = Date.now()): void {
    this.at[this.next] = at;
    this.value[this.next] = value;
    this.flag[this.next] = flag;
    this.next = (this.next + 1) % this.size;
    if (this.count < this.size) this.count++;
  }

  since(t: number): { values: number[]; flags: number[]; oldest: number } {
    const values: number[] = [];
    const flags: number[] = [];
    let oldest = Infinity;
    for (let i = 0; i < this.count; i++) {
      if (this.at[i] >= t) {
        values.push(this.value[i]);
        flags.push(this.flag[i]);
        oldest = Math.min(oldest, this.at[i]);
      }
    }
    return { values, flags, oldest };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

const TENANT_RING = 2_000;
const MAX_TENANTS = 10_000;

/**
 * The per-minute series of the last hour (docs/ops-ui.md "System Health"): per tenant, each minute's
 * request count, 5xx count, slowest request and a latency histogram. Bin i holds requests of at most
 * 1.25^i ms (bin 0: up to 1 ms, the last bin: everything slower), so a percentile read from it is
 * the upper edge of its bin, at most 25 % above the exact figure and never above the minute's slowest.
 */
const MINUTE_MS = 60_000;
export const SERIES_MINUTES = 60;
const BIN_FACTOR = 1.25;
const BINS = 56; // 1.25^55 ≈ 215 s
const SERIES_TENANTS = 2_000;
const binOf = (ms: number) => (ms <= 1 ? 0 : Math.min(BINS - 1, Math.ceil(Math.log(ms) / Math.log(BIN_FACTOR))));

interface MinuteCell { n: number; errors: number; max: number; bins: Uint32Array }

export interface SloMinute {
  /** the minute's start (ISO) */
  at: string;
  requests: number;
  errors: number;
  /** null for a minute without requests */
  availability: number | null;
  error_rate: number | null;
  latency_p95: number | null;
  latency_p99: number | null;
}

function binPercentile(cell: MinuteCell, p: number): number {
  if (cell.n === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * cell.n));
  let seen = 0;
  for (let i = 0; i < BINS; i++) {
    seen += cell.bins[i];
    if (seen >= rank) return Math.min(cell.max, BIN_FACTOR ** i);
  }
  return cell.max;
}

class MinuteSeries {
  /** minute start (ms) → its cell; minutes older than the hour are dropped on write */
  private readonly cells = new Map<number, MinuteCell>();

  record(ms: number, status: number, at: number): void {
    const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    let cell = this.cells.get(minute);
    if (!cell) {
      for (const k of this.cells.keys()) if (k <= minute - SERIES_MINUTES * MINUTE_MS) this.cells.delete(k);
      this.cells.set(minute, (cell = { n: 0, errors: 0, max: 0, bins: new Uint32Array(BINS) }));
    }
    cell.n++;
    if (status >= 500) cell.errors++;
    cell.max = Math.max(cell.max, ms);
    cell.bins[binOf(ms)]++;
  }

  /** The last SERIES_MINUTES minutes up to the one `now` is in, oldest first, and the hour's cells merged. */
  read(now: number): { minutes: (MinuteCell & { at: number })[]; hour: MinuteCell } {
    const last = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const hour: MinuteCell = { n: 0, errors: 0, max: 0, bins: new Uint32Array(BINS) };
    const minutes = [];
    for (let i = SERIES_MINUTES - 1; i >= 0; i--) {
      const at = last - i * MINUTE_MS;
      const cell = this.cells.get(at) ?? { n: 0, errors: 0, max: 0, bins: new Uint32Array(BINS) };
      hour.n += cell.n;
      hour.errors += cell.errors;
      hour.max = Math.max(hour.max, cell.max);
      for (let b = 0; b < BINS; b++) hour.bins[b] += cell.bins[b];
      minutes.push({ at, ...cell });
    }
    return { minutes, hour };
  }
}

export class Metrics {
  private readonly requests = new Ring(20_000);
  /** The same figures per tenant: the ops summary shows a tenant its own requests only. */
  private readonly byTenant = new Map<string, Ring>();
  private readonly queries = new Ring(10_000);
  /** The per-minute series of the last hour, per tenant (most recently active kept). */
  private readonly series = new Map<string, MinuteSeries>();
  readonly startedAt = Date.now();

  recordRequest(ms: number, status: number, tenantId?: string, at = Date.now()): void {
    this.requests.push(ms, status, at);
    if (!tenantId) return;
    let series = this.series.get(tenantId);
    if (series) this.series.delete(tenantId);
    else if (this.series.size >= SERIES_TENANTS) this.series.delete(this.series.keys().next().value as string);
    this.series.set(tenantId, (series ??= new MinuteSeries()));
    series.record(ms, status, at);
    let ring = this.byTenant.get(tenantId);
    if (!ring) {
      // bounded: the least recently added tenant goes first
      if (this.byTenant.size >= MAX_TENANTS) this.byTenant.delete(this.byTenant.keys().next().value as string);
      this.byTenant.set(tenantId, (ring = new Ring(TENANT_RING)));
    }
    ring.push(ms, status, at);
  }

  /**
   * The tenant's last hour (docs/ops-ui.md "System Health"): the SLO figures over the hour and per
   * minute, oldest minute first. Availability and error rate as in `slo`; requests_per_minute over
   * the minutes this process has run (at most 60).
   */
  sloHour(tenantId: string, now = Date.now()) {
    const { minutes, hour } = (this.series.get(tenantId) ?? new MinuteSeries()).read(now);
    const ratio = (c: MinuteCell) => (c.n === 0 ? null : round(c.errors / c.n, 4));
    const ranMin = Math.min(SERIES_MINUTES, Math.max(1, Math.ceil((now - this.startedAt) / MINUTE_MS)));
    return {
      availability: hour.n === 0 ? 1 : round(1 - hour.errors / hour.n, 4),
      latency_p95: round(binPercentile(hour, 0.95)),
      latency_p99: round(binPercentile(hour, 0.99)),
      error_rate: ratio(hour) ?? 0,
      requests_per_minute: round(hour.n / ranMin, 1),
      requests: hour.n,
      window_s: SERIES_MINUTES * 60,
      minutes: minutes.map((c): SloMinute => {
        const errorRate = ratio(c);
        return {
          at: new Date(c.at).toISOString(),
          requests: c.n,
          errors: c.errors,
          availability: errorRate === null ? null : round(1 - errorRate, 4),
          error_rate: errorRate,
          latency_p95: c.n === 0 ? null : round(binPercentile(c, 0.95)),
          latency_p99: c.n === 0 ? null : round(binPercentile(c, 0.99)),
        };
      }),
    };
  }

  recordQuery(ms: number): void {
    this.queries.push(ms);
  }

  /**
   * availability = share of requests not answered 5xx; error_rate = share answered 5xx (both 0..1);
   * latency in ms; requests_per_minute over the window actually covered (max 5 minutes).
   */
  slo(now = Date.now(), tenantId?: string) {
    const ring = tenantId === undefined ? this.requests : this.byTenant.get(tenantId);
    const { values, flags, oldest } = ring ? ring.since(now - WINDOW_MS) : { values: [], flags: [], oldest: Infinity };
    const n = values.length;
    const sorted = [...values].sort((a, b) => a - b);
    const errors = flags.filter((s) => s >= 500).length;
    const spanMin = n === 0 ? 1 : Math.max(1, (now - Math.max(oldest, this.startedAt)) / 60_000);
    return {
      availability: n === 0 ? 1 : round(1 - errors / n, 4),
      latency_p95: round(percentile(sorted, 0.95)),
      latency_p99: round(percentile(sorted, 0.99)),
      error_rate: n === 0 ? 0 : round(errors / n, 4),
      requests_per_minute: round(n / Math.min(5, spanMin), 1),
      window_s: WINDOW_MS / 1000,
      sample_size: n,
    };
  }

  queryP95(now = Date.now()): number {
    const sorted = this.queries.since(now - WINDOW_MS).values.sort((a, b) => a - b);
    return round(percentile(sorted, 0.95));
  }
}

/** The same Db with every query (also inside transactions) timed into `metrics`. */
export function instrumentDb(db: Db, metrics: Metrics): Db {
  const timed = async <T>(q: () => Promise<QueryResult<T>>): Promise<QueryResult<T>> => {
    const t = performance.now();
    try {
      return await q();
    } finally {
      metrics.recordQuery(performance.now() - t);
    }
  };
  return {
    engine: db.engine,
    query: <T>(sql: string, params?: unknown[]) => timed(() => db.query<T>(sql, params)),
    reader: (opts: TxOptions) => {
      const r = db.reader(opts);
      return { query: <R>(sql: string, params?: unknown[]) => timed(() => r.query<R>(sql, params)) };
    },
    transaction: <T>(fn: (tx: Tx) => Promise<T>, opts?: TxOptions) =>
      db.transaction((tx) => fn({ query: <R>(sql: string, params?: unknown[]) => timed(() => tx.query<R>(sql, params)) }), opts),
    stats: () => db.stats(),
    close: () => db.close(),
  };
}
