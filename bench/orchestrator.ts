/**
 * `npm run bench:orchestrator` — docs/orchestrator.md "Performance":
 *
 * 1. The embedded engine's intent + tool plan (`plan()` of server/orchestrator/engine: grammar, slots,
 *    the tool's zod check, role and danger checks) over the requests of the unit table
 *    (tests/unit/orchestrator-engine-table.ts), `BENCH_ROUNDS` (default 200) rounds after a warm-up;
 *    p50 / p95 / max per request. Target p95 ≤ 20 ms.
 * 2. First streamed token of an answer on localhost: POST /api/orchestrator/conversations/:id/messages
 *    with `Accept: text/event-stream` to a server on a throwaway seeded PGlite directory (in this
 *    process), from sending the request to the first `token` event, `BENCH_ASKS` (default 30) times
 *    per request kind (a read that runs a tool, a write that proposes, one it does not understand);
 *    p50 / p95. Target ≤ 300 ms.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { plan } from '../server/orchestrator/engine';
import { ENGINE_NOW, ENGINE_TABLE } from '../tests/unit/orchestrator-engine-table';
import { pct, SECRET, token } from './support/server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ASKS = Number(process.env.BENCH_ASKS ?? 30);
const ms = (x: number) => `${x.toFixed(3)} ms`;

function engineBench(): void {
  const ctx = { role: 'admin' as const, dangerOn: true, now: ENGINE_NOW };
  for (let i = 0; i < 20; i++) for (const [text] of ENGINE_TABLE) plan(text, ctx);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [text] of ENGINE_TABLE) {
      const t0 = performance.now();
      plan(text, ctx);
      times.push(performance.now() - t0);
    }
  }
  const p95 = pct(times, 95);
  console.log(`engine intent + tool plan: ${ENGINE_TABLE.length} requests × ${ROUNDS} rounds: p50 ${ms(pct(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))} (target p95 ≤ 20 ms: ${p95 <= 20 ? 'met' : 'MISSED'})`);
}

async function firstTokenBench(): Promise<void> {
  const root = '/tmp/seller-console-bench';
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(join(root, 'orchestrator-'));
  const opened = await openDatabase({ dataDir });
  try {
    await seed(opened.db);
    const config = loadConfig({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, jwtSecret: SECRET, rateLimitPerMin: 0, rateLimitWritesPerMin: 0, natsUrl: undefined, smtpUrl: undefined, llm: undefined });
    const app = await buildApp({ config, db: opened.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    try {
      const headers = { authorization: `Bearer ${await token(opened.db, url, 'admin@demo.local')}`, 'x-tenant-id': DEMO_TENANT.id, 'content-type': 'application/json' };
      const conv = (await (await fetch(`${url}/api/orchestrator/conversations`, { method: 'POST', headers, body: '{}' })).json()) as { data: { id: string } };
      const order = (await opened.db.transaction((tx) => tx.query<{ id: string }>("select id from orders where tenant_id = $1 and status = 'pending' limit 1", [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id })).rows[0]?.id ?? 'ORD-1';
      const kinds: [string, string][] = [
        ['read (find_orders, a table)', 'show pending orders from eBay over $100'],
        ['read (summarise_today)', 'what needs my attention?'],
        ['write (hold_order, proposes)', `hold order ${order}`],
        ['not understood', 'write me a poem'],
      ];
      for (const [label, text] of kinds) {
        const times: number[] = [];
        for (let i = 0; i < ASKS + 3; i++) {
          const t0 = performance.now();
          const res = await fetch(`${url}/api/orchestrator/conversations/${conv.data.id}/messages`, { method: 'POST', headers: { ...headers, accept: 'text/event-stream' }, body: JSON.stringify({ text }) });
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let seen = '';
          let first = -1;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            seen += decoder.decode(value, { stream: true });
            if (first < 0 && seen.includes('event: token')) first = performance.now() - t0;
          }
          if (first < 0) throw new Error(`no token for "${text}": ${seen.slice(0, 300)}`);
          if (i >= 3) times.push(first);
        }
        const p95 = pct(times, 95);
        console.log(`first token, ${label}: ${ASKS} asks: p50 ${ms(pct(times, 50))}, p95 ${ms(p95)} (target ≤ 300 ms: ${p95 <= 300 ? 'met' : 'MISSED'})`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

engineBench();
await firstTokenBench();
