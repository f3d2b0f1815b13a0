#!/usr/bin/env node
// Playwright's webServer: build the app when dist/ is stale (as scripts/start.mjs does), then run the
// server on E2E_PORT (3199) over a fresh temporary DATA_DIR, with no resend interval for magic links.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const root = process.cwd();
const SOURCES = ['src', 'resources', 'providers', 'contract', 'index.html', 'vite.config.ts', 'package.json', '.env', '.env.example'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

const builtAt = existsSync(join(root, 'dist/index.html')) ? statSync(join(root, 'dist/index.html')).mtimeMs : 0;
if (!builtAt || Math.max(...SOURCES.map((s) => newest(join(root, s)))) > builtAt) {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'seller-e2e-'));
const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.E2E_PORT ?? '3199', DATA_DIR: dataDir, AUTH_EMAIL_MIN_INTERVAL_S: '0', AUTH_OTP_IP_LIMIT: '1000' },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
