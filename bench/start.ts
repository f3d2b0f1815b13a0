/**
 * `npm run bench:start` — time from spawning `npm start`'s server process to `/health` answering
 * 200 on an existing data dir (docs/performance.md "Start time"). Builds what is stale first (as
 * `npm start` does), prepares the data dir with one untimed start (first start: migrations, seed),
 * then times RUNS starts. Fails (exit 1) when the median exceeds BUDGET_MS.
 * Options: RUNS=5 BENCH_PORT=3182 BENCH_DIR=<tmp> BUDGET_MS=2000.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, serverArgs } from '../scripts/build-if-stale.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3182);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 2000);
const dataDir = process.env.BENCH_DIR ?? mkdtempSync(join(tmpdir(), 'seller-bench-start-'));

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/health`)).status === 200;
  } catch {
    return false;
  }
}

async function startOnce(limitMs = 60_000): Promise<{ ms: number; child: ChildProcess }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!(await healthy())) {
    if (exited) throw new Error('the server exited before answering /health');
    if (performance.now() - t0 > limitMs) {
      child.kill('SIGTERM');
      throw new Error(`no /health 200 within ${limitMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - t0, child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function main() {
  // another process answering on the port would be timed instead of ours
  if (await healthy()) throw new Error(`port ${PORT} already answers /health: choose a free BENCH_PORT`);
  await buildIfStale();
  // the first start migrates and seeds: minutes on a busy machine
  const prepared = await startOnce(600_000);
  console.log(`first start (fresh data dir: migrations and seed): ${prepared.ms.toFixed(0)} ms`);
  await stop(prepared.child);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, child } = await startOnce();
    times.push(ms);
    await stop(child);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`start on an existing data dir, spawn → /health 200 (${RUNS} runs): ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  console.log(`median ${median.toFixed(0)} ms, best ${sorted[0].toFixed(0)} ms, worst ${sorted[sorted.length - 1].toFixed(0)} ms (budget ${BUDGET_MS} ms)`);
  if (!process.env.BENCH_DIR) rmSync(dataDir, { recursive: true, force: true });
  if (median > BUDGET_MS) {
    console.error(`Start time over budget: median ${median.toFixed(0)} ms > ${BUDGET_MS} ms`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
