#!/usr/bin/env node
// `npm start`: build the app when dist/ is missing or older than its sources, then run the one server process.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';

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
const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (!builtAt || sourcesAt > builtAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the app...' : 'Building the app (first start)...');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
