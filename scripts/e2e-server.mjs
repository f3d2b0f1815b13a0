#!/usr/bin/env node
// Playwright's webServer: build the app and the server when stale (as scripts/start.mjs does), then run
// the compiled server on E2E_PORT (3199) over a fresh temporary DATA_DIR, with no resend interval for
// magic links, and without the demo store's sandbox clock and pricing sweep: the specs advance the
// sandbox themselves (its tick endpoints), so what a page shows does not change under them. Capital
// financing is on (FEATURE_CAPITAL_FINANCE, docs/capital.md): e2e/capital.spec.ts requests and approves an advance.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfStale, serverArgs } from './build-if-stale.mjs';

const root = process.cwd();
await buildIfStale(root);

const dataDir = mkdtempSync(join(tmpdir(), 'seller-e2e-'));
const child = spawn(process.execPath, serverArgs(root), {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.E2E_PORT ?? '3199', DATA_DIR: dataDir, AUTH_EMAIL_MIN_INTERVAL_S: '0', AUTH_OTP_IP_LIMIT: '1000', EVENTS_BACKOFF_MS: '100', SANDBOX_TICK_MS: '0', PRICING_SWEEP_MS: '0', DEMO_AUTOMATION: 'off', FEATURE_CAPITAL_FINANCE: 'true' },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
