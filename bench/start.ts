/**
 * `npm run bench:start` — time from spawning `npm start`'s server process to `/health` answering
 * 200 on an existing data dir (docs/performance.md "Start time"). Builds what is stale first (as
 * `npm start` does), prepares the data dir with one untimed start (first start: migrations, seed),
 * then times RUNS starts. Fails (exit 1) when the median exceeds BUDGET_MS.
 * Each start also reports the server process's CPU time up to that answer (user + system, all its
 * threads, from /proc on Linux), steadier than wall time on a shared machine.
 * With BENCH_BASELINE=<another checkout> (a worktree of the commit to compare with, its packages
 * installed) the starts of both alternate, baseline first then ABBA, each on a data dir of its own:
 * paired runs under the same load. The budget applies to this checkout.
 * Options: RUNS=5 BENCH_PORT=3182 BENCH_DIR=<tmp> BUDGET_MS=2000 BENCH_BASELINE=<dir>.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as here from '../scripts/build-if-stale.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3182);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 2000);
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;

/** A checkout's own build and node flags (scripts/build-if-stale.mjs): the baseline is built and run as it would start itself. */
interface Starter { buildIfStale(root: string): Promise<void>; serverArgs(root: string): string[] }

interface Target { name: string; root: string; starter: Starter; dataDir: string; keep: boolean; runs: { ms: number; cpuMs: number | null }[] }

const target = (name: string, root: string, starter: Starter, dir?: string): Target => ({
  name,
  root,
  starter,
  dataDir: dir ?? mkdtempSync(join(tmpdir(), 'seller-bench-start-')),
  keep: Boolean(dir),
  runs: [],
});

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/health`)).status === 200;
  } catch {
    return false;
  }
}

/** CPU time of a process so far (utime + stime of all its threads), or null where /proc has none. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

async function startOnce(t: Target, limitMs = 60_000): Promise<{ ms: number; cpuMs: number | null; child: ChildProcess }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, t.starter.serverArgs(t.root), {
    cwd: t.root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: t.dataDir, LOG_LEVEL: 'warn' },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!(await healthy())) {
    if (exited) throw new Error(`${t.name}: the server exited before answering /health`);
    if (performance.now() - t0 > limitMs) {
      child.kill('SIGTERM');
      throw new Error(`${t.name}: no /health 200 within ${limitMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - t0, cpuMs: cpuMsOf(child.pid), child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

function summary(t: Target): string {
  const ms = t.runs.map((r) => r.ms);
  const cpu = t.runs.map((r) => r.cpuMs).filter((c): c is number => c !== null);
  const cpuPart = cpu.length === ms.length ? `; CPU ${cpu.join(', ')} ms, median ${median(cpu)} ms` : '';
  return `${t.name}: ${ms.map((m) => m.toFixed(0)).join(', ')} ms — median ${median(ms).toFixed(0)} ms, best ${Math.min(...ms).toFixed(0)}, worst ${Math.max(...ms).toFixed(0)}${cpuPart}`;
}

async function main() {
  // another process answering on the port would be timed instead of ours
  if (await healthy()) throw new Error(`port ${PORT} already answers /health: choose a free BENCH_PORT`);
  const baseline = BASELINE && (await import(pathToFileURL(join(BASELINE, 'scripts/build-if-stale.mjs')).href) as Starter);
  const targets = [
    ...(BASELINE && baseline ? [target('baseline', BASELINE, baseline)] : []),
    target(BASELINE ? 'this checkout' : 'start', process.cwd(), here, process.env.BENCH_DIR),
  ];
  for (const t of targets) {
    await t.starter.buildIfStale(t.root);
    // the first start migrates and seeds: minutes on a busy machine
    const prepared = await startOnce(t, 600_000);
    console.log(`${t.name}: first start (fresh data dir: migrations and seed): ${prepared.ms.toFixed(0)} ms`);
    await stop(prepared.child);
  }
  console.log(`load average at the first timed start: ${load()} (${RUNS} runs${BASELINE ? ' each, alternated' : ''})`);
  for (let i = 0; i < RUNS; i++) {
    for (const t of i % 2 ? [...targets].reverse() : targets) {
      const { ms, cpuMs, child } = await startOnce(t);
      t.runs.push({ ms, cpuMs });
      await stop(child);
    }
  }
  console.log(`start on an existing data dir, spawn → /health 200; load average at the end: ${load()}`);
  for (const t of targets) console.log(summary(t));
  const self = targets[targets.length - 1];
  if (BASELINE) {
    const faster = self.runs.filter((r, i) => r.ms < targets[0].runs[i].ms).length;
    console.log(`this checkout faster in ${faster} of ${RUNS} pairs; median ${median(targets[0].runs.map((r) => r.ms)).toFixed(0)} -> ${median(self.runs.map((r) => r.ms)).toFixed(0)} ms`);
  }
  for (const t of targets) if (!t.keep) rmSync(t.dataDir, { recursive: true, force: true });
  const m = median(self.runs.map((r) => r.ms));
  console.log(`budget ${BUDGET_MS} ms: ${m <= BUDGET_MS ? 'met' : 'over'}`);
  if (m > BUDGET_MS) {
    console.error(`Start time over budget: median ${m.toFixed(0)} ms > ${BUDGET_MS} ms`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
