/**
 * `npm run bench:bundle` — compressed JavaScript a browser transfers for the first pages
 * (docs/performance.md "Delivery"), measured in Chromium over the compiled server with its
 * compression: /auth until the form can be used, /dashboard after sign-in. Builds what is stale
 * first, as `npm start` does. Prints the figures and the largest files; exits 1 on a budget
 * overrun (BUDGETS in e2e/support/bundle-budget.ts). Options: BENCH_PORT=3183.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildIfStale, serverArgs } from '../scripts/build-if-stale.mjs';
import { BUDGETS, measureDashboard, measureSignIn, type Transfer } from '../e2e/support/bundle-budget';

const PORT = Number(process.env.BENCH_PORT ?? 3183);
const baseURL = `http://localhost:${PORT}`;

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function report(name: string, t: Transfer, budget: number): boolean {
  const ok = t.bytes <= budget;
  console.log(`${name.padEnd(28)} ${kb(t.bytes).padStart(10)}  in ${String(t.files.length).padStart(2)} files  (budget ${kb(budget)}) ${ok ? 'ok' : 'OVER BUDGET'}`);
  for (const f of t.files.slice(0, Number(process.env.BUNDLE_FILES ?? 6))) console.log(`    ${kb(f.bytes).padStart(10)}  ${f.url}`);
  return ok;
}

async function main() {
  await buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-bench-bundle-'));
  const server = spawn(process.execPath, serverArgs(), {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_EMAIL_MIN_INTERVAL_S: '0' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${baseURL}/health`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('the server did not become healthy');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log('Compressed JavaScript transferred (Chromium, brotli from the server):');
    const auth = report('/auth (to interactive)', await measureSignIn(browser, baseURL), BUDGETS.auth);
    const dash = report('/dashboard (after sign-in)', await measureDashboard(browser, baseURL, 'seller@demo.local'), BUDGETS.dashboard);
    if (!auth || !dash) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
