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

export class Metrics {
  private readonly requests = new Ring(20_000);
  /** The same figures per tenant: the ops summary shows a tenant its own requests only. */
  private readonly byTenant = new Map<string, Ring>();
  private readonly queries = new Ring(10_000);
  readonly startedAt = Date.now();

  recordRequest(ms: number, status: number, tenantId?: string): void {
    this.requests.push(ms, status);
    if (!tenantId) return;
    let ring = this.byTenant.get(tenantId);
    if (!ring) {
      // bounded: the least recently added tenant goes first
      if (this.byTenant.size >= MAX_TENANTS) this.byTenant.delete(this.byTenant.keys().next().value as string);
      this.byTenant.set(tenantId, (ring = new Ring(TENANT_RING)));
    }
    ring.push(ms, status);
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
