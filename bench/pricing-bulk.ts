/**
 * `npm run bench:pricing-bulk` — docs/performance.md "Bulk proposal approval": PROPOSALS pending
 * proposals (sandbox accounts × variants as listings, built by SQL, one sweep proposes for each),
 * then one `POST /api/pricing/proposals/bulk` approving all of them — answered 202 with a job, timed,
 * and the job polled until done, timed — while another tenant
 * (Northwind) lists its products (`GET /api/products?limit=50`) back to back: that tenant's latency
 * before (idle) and during the bulk (p50 / p95 / max). The bulk listings' accounts are paused while
 * the bulk runs, so the figure is what the bulk itself costs others (the `listing-push` consumer holds
 * the new prices); resuming them then pushes every new price through the sandbox connector, timed,
 * with the other tenant's latency during the pushes beside it.
 * The server runs in this process (as in `npm run bench:repricing`), with the server's node flags.
 * Options: PROPOSALS=10000; TEST_DATABASE_URL (or DATABASE_URL) = a PostgreSQL admin URL runs on
 * PostgreSQL (a fresh database is made and dropped), PGlite otherwise.
 */
import { DEMO_TENANT } from '../server/seed/accounts';
import { newStore, openServer } from '../tests/server/events-support';
import { headersFor } from '../tests/server/tokens';
import { consumersSettled } from '../tests/server/consumers-settled';
import { buildPendingProposals, bulkAccounts } from '../tests/server/pricing-bulk-support';
import type { Harness } from '../tests/server/harness';
import { withServerFlags } from './support/server-flags';

const N = Number(process.env.PROPOSALS ?? 10_000);
const IDLE_PROBES = 30;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0;
};
const fmt = (xs: number[]) => `${pct(xs, 0.5).toFixed(0)} / ${pct(xs, 0.95).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;

async function main() {
  withServerFlags();
  // the PostgreSQL admin URL goes to the store; the server itself is pointed at the store's database
  if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  process.env.SANDBOX_TICK_MS = '0';
  process.env.PRICING_SWEEP_MS = '0';
  const engineName = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const store = await newStore();
  // the probes are one client asking as fast as it is answered: no rate limit in the way
  const s = await openServer(store, { rateLimitPerMin: 0, rateLimitWritesPerMin: 0 });
  const h = { url: s.url, db: s.db, config: s.config, app: s.app } as unknown as Harness;
  try {
    const b0 = performance.now();
    const proposals = await buildPendingProposals(s.db, N, { adminUrl: store.databaseUrl });
    const built = (performance.now() - b0) / 1000;
    if (proposals.length !== N) throw new Error(`built ${proposals.length} proposals, wanted ${N}`);
    const other = await headersFor(h, 'owner@northwind.local');
    const seller = await headersFor(h, 'seller@demo.local');
    const probe = async () => {
      const t0 = performance.now();
      const r = await fetch(`${s.url}/api/products?limit=50`, { headers: other });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`GET /api/products answered ${r.status}`);
      return performance.now() - t0;
    };
    const idle: number[] = [];
    for (let i = 0; i < IDLE_PROBES; i++) idle.push(await probe());
    const admin = await headersFor(h, 'admin@demo.local');
    const accounts = await bulkAccounts(s.db);
    const setAccounts = async (status: 'paused' | 'connected') => {
      for (const id of accounts) {
        const r = await fetch(`${s.url}/api/marketplaces/${id}`, { method: 'PUT', headers: admin, body: JSON.stringify({ status }) });
        if (r.status !== 200) throw new Error(`PUT /api/marketplaces/${id} answered ${r.status}`);
      }
    };
    await setAccounts('paused');

    let done = false;
    let answered = 0;
    const t0 = performance.now();
    // 202 with a job (more than BULK_PROPOSALS_IN_REQUEST), then the job polled until done
    const bulk = (async () => {
      const r = await fetch(`${s.url}/api/pricing/proposals/bulk`, { method: 'POST', headers: seller, body: JSON.stringify({ action: 'approve', ids: proposals.map((p) => p.id) }) });
      answered = (performance.now() - t0) / 1000;
      const body = (await r.json()) as { job: { id: string } };
      if (r.status !== 202) throw new Error(`bulk answered ${r.status}: ${JSON.stringify(body).slice(0, 300)}`);
      for (;;) {
        const j = (await (await fetch(`${s.url}/api/pricing/proposals/bulk/${body.job.id}`, { headers: seller })).json()).data as { status: string; succeeded: number; failed: number };
        if (j.status === 'done' || j.status === 'failed') return j;
        await new Promise((res) => setTimeout(res, 100));
      }
    })().finally(() => {
      done = true;
    });
    const during: number[] = [];
    while (!done) during.push(await probe());
    const job = await bulk;
    const decided = (performance.now() - t0) / 1000;
    if (job.status !== 'done' || job.succeeded !== N) throw new Error(`bulk job ended ${JSON.stringify(job).slice(0, 300)}`);
    const p0 = performance.now();
    await setAccounts('connected');
    let settled = false;
    const pushing = consumersSettled(h, ['listing-push'], DEMO_TENANT.id, 900_000).finally(() => {
      settled = true;
    });
    const whilePushing: number[] = [];
    while (!settled) whilePushing.push(await probe());
    await pushing;
    const pushed = (performance.now() - p0) / 1000;

    console.log(`\n### Bulk proposal approval on ${engineName} (${new Date().toISOString().slice(0, 10)})\n`);
    console.log('| measure | result |');
    console.log('|---|---|');
    console.log(`| ${N.toLocaleString('en-US')} pending proposals built (SQL listings, one sweep) | ${built.toFixed(1)} s |`);
    console.log(`| **bulk approve of ${N.toLocaleString('en-US')} proposals, answered (202, the job)** | **${answered.toFixed(2)} s** |`);
    console.log(`| … the job done (every proposal decided, polled) | ${decided.toFixed(2)} s (${job.succeeded.toLocaleString('en-US')} applied) |`);
    console.log(`| another tenant's \`GET /api/products\` idle (p50 / p95 / max of ${idle.length}) | ${fmt(idle)} |`);
    console.log(`| **… during the bulk** (accounts paused; p50 / p95 / max of ${during.length}) | **${fmt(during)}** |`);
    console.log(`| accounts resumed → every new price pushed through the sandbox connector | ${pushed.toFixed(1)} s |`);
    console.log(`| another tenant's \`GET /api/products\` during the pushes (p50 / p95 / max of ${whilePushing.length}) | ${fmt(whilePushing)} |`);
  } finally {
    await s.close();
    await store.drop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
