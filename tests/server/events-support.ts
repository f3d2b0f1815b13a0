/**
 * Helpers for the event suite (docs/events.md tests): a server whose data survives a restart, event
 * publishing through the outbox like ctx.emit, an SSE reader on fetch + eventsource-parser, and
 * the engine choice (embedded, or JetStream when TEST_NATS_URL / NATS_URL is set).
 */
import { connect } from 'nats';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db } from '../../server/db';
import { loadConfig, type Config } from '../../server/config';
import { buildApp } from '../../server/app';
import { seed } from '../../server/seed';
import { appendEvents, untypedEvent } from '../../server/events/outbox';
import { dropPostgres, freshPostgres, pgliteTemplate } from './harness';
import { seededPostgres } from './pg-template';

/** Fast retries and polling for tests; read by server/events/config.ts when a runtime starts. */
export function fastEventSettings(): void {
  process.env.EVENTS_BACKOFF_MS = '50,100,150,200';
  process.env.EVENTS_POLL_MS = '20';
  process.env.EVENTS_ACK_WAIT_MS = '1500';
  process.env.WORKER_HEARTBEAT_MS = '500';
}

export const NATS_URL = process.env.TEST_NATS_URL || process.env.NATS_URL || '';

export interface Engine { name: 'embedded' | 'jetstream'; natsUrl?: string }
/**
 * The event engines a suite runs on: embedded always, JetStream when a NATS URL is given.
 * `TEST_EVENT_ENGINES=jetstream` keeps JetStream only — CI's JetStream pass, whose embedded half the
 * main run has already run on the same database engine.
 */
const ONLY = process.env.TEST_EVENT_ENGINES?.split(',').map((s) => s.trim());
export const ENGINES: Engine[] = ([{ name: 'embedded' }, ...(NATS_URL ? [{ name: 'jetstream' as const, natsUrl: NATS_URL }] : [])] as Engine[]).filter(
  (e) => !ONLY || ONLY.includes(e.name),
);
if (!NATS_URL) console.warn('[events suite] TEST_NATS_URL / NATS_URL not set: the JetStream variant of the event suite is skipped');

/** A storage location (PGlite dir or PostgreSQL database) that outlives one server. */
export interface Store { dataDir: string; databaseUrl?: string; drop(): Promise<void> }

/**
 * A store that starts as the run's migrated and seeded template (a copy, as the server harness's do:
 * like a restored backup, it has the template's event log id), or `fresh`: an empty one the server
 * migrates, a new database with a log of its own.
 */
export async function newStore(o: { fresh?: boolean } = {}): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h-evt-'));
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    if (!o.fresh) cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const databaseUrl = o.fresh ? await freshPostgres(admin) : await seededPostgres(admin, 't_evt');
  return {
    dataDir,
    databaseUrl,
    async drop() {
      await dropPostgres(admin, databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Running { app: FastifyInstance; db: Db; config: Config; url: string; close(): Promise<void> }

/** Opens the store, seeds, builds and listens (the event runtime starts with the app). */
export async function openServer(store: Store, overrides: Partial<Config> = {}): Promise<Running> {
  const opened = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  await seed(opened.db);
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    natsUrl: undefined,
    supabaseUrl: undefined,
    smtpUrl: undefined,
    jwtSecret: 'events-test-secret',
    ...overrides,
  });
  const app = await buildApp({ config, db: opened.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    app,
    db: opened.db,
    config,
    url,
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/**
 * Appends events in one tenant transaction, one statement each, as a `noTransaction` route's ctx.emit
 * writes. Returns their log sequences (what consumers get as `seq`). Any subject and payload: the
 * suites' synthetic ones (`jobs.*`, `alerts.raised`) are outside the event catalogue.
 */
export async function emit(db: Db, tenantId: string, subject: string, payloads: unknown[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const seqs: number[] = [];
    for (const p of payloads) seqs.push(...(await appendEvents(tx, tenantId, [untypedEvent(subject, p)])));
    return seqs;
  }, { tenantId });
}

/** The tenant's own numbers of events at these log sequences: the ids the tenant sees (API `id`, SSE `id:`). */
export async function tenantIdsOf(db: Db, tenantId: string, seqs: number[]): Promise<number[]> {
  const { rows } = await db.transaction(
    (tx) => tx.query<{ tenant_seq: number | string }>('select tenant_seq from events where tenant_id = $1 and seq = any($2::bigint[]) order by seq', [tenantId, seqs]),
    { tenantId },
  );
  return rows.map((r) => Number(r.tenant_seq));
}

/** `emit`, returning the ids the tenant sees (its own numbers of the events) instead of the log sequences. */
export async function emitIds(db: Db, tenantId: string, subject: string, payloads: unknown[]): Promise<number[]> {
  return tenantIdsOf(db, tenantId, await emit(db, tenantId, subject, payloads));
}

export { waitFor } from './wait-for';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An SSE connection read with fetch + eventsource-parser; `events` excludes heartbeats; `firstId` is the `id:` of a heartbeat, if one had it. */
export interface SseReader { events: EventSourceMessage[]; heartbeats: number; firstId?: string; retry: number | null; status: number; headers: Headers; close(): void; done: Promise<void> }

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ac.signal });
  const reader: SseReader = { events: [], heartbeats: 0, retry: null, status: res.status, headers: res.headers, close: () => ac.abort(), done: Promise.resolve() };
  if (!res.ok || !res.body) return reader;
  const parser = createParser({
    onRetry(ms) {
      reader.retry = ms;
    },
    onEvent(e) {
      if (e.event === 'heartbeat') {
        reader.heartbeats++;
        if (e.id !== undefined) reader.firstId ??= e.id;
      } else reader.events.push(e);
    },
  });
  const body = res.body;
  reader.done = (async () => {
    const dec = new TextDecoder();
    const r = body.getReader();
    try {
      for (;;) {
        const { done, value } = await r.read();
        if (done) break;
        parser.feed(dec.decode(value, { stream: true }));
      }
    } catch {
      // aborted by close()
    }
  })();
  return reader;
}

/** Deletes the JetStream streams a test created under its own prefix (nothing without a NATS URL). */
export async function dropNatsStreams(natsUrl: string | undefined, prefix: string): Promise<void> {
  if (!natsUrl) return;
  const nc = await connect({ servers: natsUrl });
  const jsm = await nc.jetstreamManager();
  for await (const si of jsm.streams.list()) if (si.config.name.startsWith(prefix)) await jsm.streams.delete(si.config.name);
  await nc.close();
}
