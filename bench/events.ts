/**
 * `npm run bench:events` — docs/events.md performance: events/s through outbox → consumer → ack on the
 * embedded engine and on JetStream (NATS_URL, else 127.0.0.1:4222 when it answers), and SSE fan-out:
 * N concurrent clients on one server process receiving a burst (delivery latency percentiles,
 * server heap per client). The server runs in a child process (`events.ts serve`) so the clients'
 * memory does not pollute its heap figure. Prints a markdown section for docs/performance.md.
 * Options: EVENTS=10000 SSE_CLIENTS=1000,5000 BURST=20 PER_TX=500 ENGINE=embedded|jetstream|none
 * BURST_GAP=timer|none
 * BENCH_PORT=3181 BENCH_DIR=/tmp/h-perf/bench.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request, Agent } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { dropStreams } from './support/nats-streams';
import { DEMO_TENANT } from '../server/seed/accounts';
import { appendEvents, untypedEvent } from '../server/events/outbox';
import type { Db } from '../server/db';
import { newStore, openServer, waitFor } from '../tests/server/events-support';
import { tokenFor } from '../tests/server/tokens';
import type { Harness } from '../tests/server/harness';

const ROOT = process.env.BENCH_DIR ?? '/tmp/h-perf/bench';
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const SSE_CLIENTS = (process.env.SSE_CLIENTS ?? '1000,5000').split(',').map(Number).filter((n) => n > 0);
const BURST = Number(process.env.BURST ?? 20);
const BURST_GAP = process.env.BURST_GAP ?? 'timer';
const PORT = Number(process.env.BENCH_PORT ?? 3181);
const ONLY = process.env.ENGINE ?? ''; // embedded | jetstream: that engine only; none: SSE only
const PER_TX = Number(process.env.PER_TX ?? 500);

/** What a command's ctx.emit calls amount to at commit: its events in one INSERT (server/api/kit.ts). */
function emit(db: Db, tenantId: string, subject: string, payloads: unknown[]): Promise<number[]> {
  return db.transaction((tx) => appendEvents(tx, tenantId, payloads.map((p) => untypedEvent(subject, p))), { tenantId });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0;
};

async function natsUrl(): Promise<string | null> {
  const url = process.env.NATS_URL || process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';
  try {
    const nc = await connect({ servers: url, timeout: 1000 });
    await nc.close();
    return url;
  } catch {
    return null;
  }
}

/** Outbox → consumer → ack: emits EVENTS events, PER_TX per command (one INSERT each, as ctx.emit), and waits for every ack. */
async function throughput(engine: 'embedded' | 'jetstream', url?: string) {
  process.env.EVENTS_POLL_MS = '20';
  const prefix = `B${Date.now().toString(36)}_`;
  process.env.NATS_STREAM_PREFIX = prefix;
  const store = await newStore();
  const s = await openServer(store, { natsUrl: url });
  let handled = 0;
  await s.app.events.register({
    name: 'bench',
    filterSubjects: ['jobs.bench.*'],
    batchSize: 500,
    concurrency: 64,
    async handle() {
      handled++;
    },
  });
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i += PER_TX) {
    await emit(s.db, DEMO_TENANT.id, 'jobs.bench.run', Array.from({ length: Math.min(PER_TX, EVENTS - i) }, (_, k) => ({ i: i + k })));
  }
  const tEmit = performance.now() - t0;
  await waitFor(() => handled >= EVENTS, 'all events handled', 300_000);
  // acked = the consumer's position moved past every event (embedded) / JetStream ack floor
  await waitFor(async () => {
    const c = await s.app.events.engine.consumerStats(DEMO_TENANT.id);
    return c.find((x) => x.name === 'bench')?.lag === 0;
  }, 'lag 0', 300_000);
  const total = performance.now() - t0;
  console.error(`[bench] ${engine}: ${EVENTS} events in ${Math.round(total)} ms`);
  await s.close();
  await store.drop();
  if (url) await dropStreams(url, prefix);
  return { engine, events: EVENTS, emitMs: tEmit, totalMs: total, perSecond: Math.round(EVENTS / (total / 1000)) };
}

/* ---------- SSE fan-out: server side (child process) ---------- */
async function serve(): Promise<void> {
  process.env.SSE_HEARTBEAT_MS = '15000';
  process.env.API_RATE_LIMIT_PER_MIN = '0'; // thousands of connects from one user would measure the limiter
  rmSync(`${ROOT}/sse`, { recursive: true, force: true });
  mkdirSync(`${ROOT}/sse`, { recursive: true });
  const store = { dataDir: `${ROOT}/sse`, drop: async () => undefined };
  const s = await openServer(store, { port: PORT });
  await s.app.close();
  // openServer listens on a random port; the bench wants a known one (BENCH_PORT, default 3181)
  const { buildApp } = await import('../server/app');
  const app = await buildApp({ config: { ...s.config, port: PORT }, db: s.db, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const h = { db: s.db, config: s.config, url: `http://127.0.0.1:${PORT}` } as unknown as Harness;
  const token = await tokenFor(h, 'seller@demo.local');
  const heap = () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed;
  };
  process.on('message', async (m: { cmd: string; n?: number }) => {
    if (m.cmd === 'heap') process.send!({ heap: heap(), clients: app.events.hub.size });
    if (m.cmd === 'burst') {
      // one command per alert; a command served by this process pokes the tail when it answers
      // (server/events/runtime.ts onResponse), so the bench does the same instead of waiting for a
      // poll. BURST_GAP=timer (default): the next command starts after a timer turn, as separate
      // HTTP requests arriving over I/O do; BURST_GAP=none: a tight await loop, which keeps the
      // tail's read queued behind the whole burst on PGlite's one connection
      for (let i = 0; i < (m.n ?? 1); i++) {
        await emit(s.db, DEMO_TENANT.id, 'alerts.raised', [{ t: Date.now(), i }]);
        app.events.tail.poke();
        if (BURST_GAP !== 'none') await new Promise((r) => setTimeout(r, 0));
      }
      process.send!({ burst: true });
    }
    if (m.cmd === 'exit') {
      await app.close();
      process.exit(0);
    }
  });
  process.send!({ ready: true, token });
}

function ask<T>(child: ChildProcess, msg: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    child.send(msg);
  });
}

async function fanout(clients: number) {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
  const { token } = await new Promise<{ token: string }>((r) => child.once('message', (m) => r(m as { token: string })));
  const base = (await ask<{ heap: number }>(child, { cmd: 'heap' }, 'heap')).heap;
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const latencies: number[] = [];
  let received = 0;
  const conns: { destroy(): void }[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: PORT, path: `/api/stream/alerts?token=${token}`, agent }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          buf += chunk;
          let idx;
          while ((idx = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, idx);
            buf = buf.slice(idx + 2);
            // the emit time without a JSON.parse per frame: the bench's own parsing competes with
            // the server for the same cores
            const at = frame.indexOf('"t":');
            if (at >= 0) {
              latencies.push(Date.now() - parseInt(frame.slice(at + 4, at + 24), 10));
              received++;
            }
          }
        });
        conns.push(res);
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
  const tConnect = performance.now();
  for (let i = 0; i < clients; i += 100) await Promise.all(Array.from({ length: Math.min(100, clients - i) }, open));
  const connectMs = performance.now() - tConnect;
  const withClients = await ask<{ heap: number; clients: number }>(child, { cmd: 'heap' }, 'heap');
  await ask(child, { cmd: 'burst', n: BURST }, 'burst');
  await waitFor(() => received >= clients * BURST, 'every client got the burst', 120_000).catch(() => undefined);
  const res = {
    clients,
    registered: withClients.clients,
    connectMs,
    heapPerClientKb: (withClients.heap - base) / clients / 1024,
    delivered: received,
    expected: clients * BURST,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    p99: pct(latencies, 0.99),
  };
  console.error(`[bench] sse ${clients} clients: p95 ${res.p95} ms, ${res.heapPerClientKb.toFixed(1)} KB/client`);
  for (const c of conns) c.destroy();
  const exited = new Promise((r) => child.once('exit', r));
  child.send({ cmd: 'exit' });
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill();
  return res;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') return serve();
  mkdirSync(ROOT, { recursive: true });
  const rows: string[] = [];
  const emb = ONLY && ONLY !== 'embedded' ? null : await throughput('embedded');
  if (emb) rows.push(`| embedded (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) | ${emb.events} | ${Math.round(emb.emitMs)} | ${Math.round(emb.totalMs)} | **${emb.perSecond}** |`);
  const url = ONLY && ONLY !== 'jetstream' ? null : await natsUrl();
  if (url) {
    const js = await throughput('jetstream', url);
    rows.push(`| JetStream (${url}) | ${js.events} | ${Math.round(js.emitMs)} | ${Math.round(js.totalMs)} | **${js.perSecond}** |`);
  } else if (!ONLY || ONLY === 'jetstream') rows.push('| JetStream | — | — | — | not measured: no NATS server answered |');
  const fan: string[] = [];
  for (const n of SSE_CLIENTS) {
    const r = await fanout(n);
    fan.push(
      `| ${r.clients} | ${r.registered} | ${Math.round(r.connectMs)} | ${r.heapPerClientKb.toFixed(1)} | ${r.delivered}/${r.expected} | ${r.p50} | ${r.p95} | ${r.p99} |`,
    );
  }
  console.log(`
### Event throughput (outbox → consumer → ack)

| engine | events | emit ms | end-to-end ms | events/s |
|---|---|---|---|---|
${rows.join('\n')}

### SSE fan-out (one process, burst of ${BURST} alerts)

| clients | registered | connect ms | server heap / client KB | frames delivered | p50 ms | p95 ms | p99 ms |
|---|---|---|---|---|---|---|---|
${fan.join('\n')}
`);
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
