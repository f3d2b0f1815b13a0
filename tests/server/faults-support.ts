/**
 * Helpers of the fault suites (docs/reliability.md), PostgreSQL only: end the server's database
 * connections as a restart, a failover or a pooler would (`pg_terminate_backend`), and a TCP proxy
 * in front of PostgreSQL that can be cut (every connection dropped, new ones refused) and restored,
 * which makes the database unreachable for a while without touching the machine's PostgreSQL.
 */
import net from 'node:net';
import pg from 'pg';
import { createParser } from 'eventsource-parser';
import type { Harness } from './harness';
import type { Running, Store } from './events-support';

export const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * The `application_name` of a test's own observing connection (counting what the server did while
 * the faults go on): `terminateBackends` leaves it alone, as the faults are the server's, not the test's.
 */
export const OBSERVER = 'fault-observer';

/**
 * Ends every other connection to the database of `databaseUrl` (an owner's URL, so it sees and may
 * end the server's), but the test's observers; returns how many it ended.
 */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from (
         select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and application_name is distinct from '${OBSERVER}') t`,
    );
    return rows[0].n;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** How many connections the server holds to the database right now (the test's own excluded). */
export async function backendCount(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A server of the event suites' kind as the token helpers want it. */
export function asHarness(s: Running, store: Store): Harness {
  return { ...s, dataDir: store.dataDir, databaseUrl: store.databaseUrl } as unknown as Harness;
}

export interface Answer { status: number; body: { code?: string; message?: string; data?: unknown } & Record<string, unknown>; headers: Headers }

/** One API call with fixed headers; a refused connection (the server gone) throws. */
export async function call(url: string, headers: Record<string, string>, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${url}${path}`, { method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }, headers: res.headers };
}

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL. `cut()` drops every connection through it and
 * stops listening (new connections are refused, as by a database that is down); `restore()`
 * listens again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Each open connection's client side, with its upstream. */
  private readonly pairs = new Map<net.Socket, net.Socket>();
  port = 0;
  connections = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static forUrl(databaseUrl: string): TcpProxy {
    const u = new URL(databaseUrl);
    return new TcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
  }

  /** `databaseUrl` pointed at the proxy. */
  url(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    await this.listen(this.port);
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      this.connections++;
      const upstream = net.connect(this.target);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
        this.pairs.delete(client);
      };
      this.pairs.set(client, upstream);
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const a = server.address();
        this.port = typeof a === 'object' && a ? a.port : port;
        resolve();
      });
    });
  }

  /** The database becomes unreachable: open connections are cut, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  /**
   * Every open connection dies at its next use, unseen until then: nothing is closed now (an idle
   * pooled connection looks alive), and the first bytes its client sends end it — a connection
   * that a restart or a network cut ended while it sat idle, found out by the query that takes it.
   */
  poison(): void {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      client.once('data', () => {
        client.destroy();
        upstream.destroy();
      });
      // unpipe paused the socket: a 'data' listener alone would not make it flow again
      client.resume();
    }
  }

  /** The database is reachable again, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

export interface SseEvent { id: number; event: string; data: { subject: string; data: Record<string, unknown> } }

/**
 * An SSE client that behaves like a browser's EventSource: when the stream ends or fails it connects
 * again after `retryMs` with `lastEventId` = the last id it got. `events` holds every event it
 * received (heartbeats excepted), across connections; `connections` counts the streams it opened.
 */
export interface ResilientSse { events: SseEvent[]; connections: number; refused: number; reconnect(): void; close(): Promise<void> }

export function resilientSse(url: string, retryMs = 200): ResilientSse {
  const state: ResilientSse = { events: [], connections: 0, refused: 0, reconnect: () => undefined, close: async () => undefined };
  let stopped = false;
  let lastId: number | undefined;
  let current: AbortController | null = null;
  const run = (async () => {
    while (!stopped) {
      // like EventSource: the last `id:` seen, an event's or the first heartbeat's
      const last = lastId;
      const ac = new AbortController();
      current = ac;
      try {
        const res = await fetch(last === undefined ? url : `${url}&lastEventId=${last}`, { headers: { accept: 'text/event-stream' }, signal: ac.signal });
        if (res.ok && res.body) {
          state.connections++;
          const parser = createParser({
            onEvent(e) {
              if (e.id) lastId = Number(e.id);
              if (e.event === 'heartbeat' || !e.id) return;
              state.events.push({ id: Number(e.id), event: e.event ?? 'message', data: JSON.parse(e.data) });
            },
          });
          const reader = res.body.getReader();
          const dec = new TextDecoder();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parser.feed(dec.decode(value, { stream: true }));
          }
        } else {
          state.refused++;
          await res.body?.cancel();
        }
      } catch {
        // aborted, reset or refused: connect again, like EventSource
      }
      if (!stopped) await new Promise((r) => setTimeout(r, retryMs));
    }
  })();
  state.reconnect = () => current?.abort();
  state.close = async () => {
    stopped = true;
    current?.abort();
    await run;
  };
  return state;
}
