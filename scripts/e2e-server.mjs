#!/usr/bin/env node
// Playwright's webServer: build the app when dist/ is stale (as scripts/start.mjs does), then run the
// server on E2E_PORT (3199) over a fresh temporary DATA_DIR, with no resend interval for magic links.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const root = process.cwd();
buildIfStale(root);

const dataDir = mkdtempSync(join(tmpdir(), 'seller-e2e-'));
const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.E2E_PORT ?? '3199', DATA_DIR: dataDir, AUTH_EMAIL_MIN_INTERVAL_S: '0', AUTH_OTP_IP_LIMIT: '1000', EVENTS_BACKOFF_MS: '100' },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
