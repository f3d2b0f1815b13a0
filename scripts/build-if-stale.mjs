// Builds the app when dist/ is missing or older than its sources (used by `npm start` and the e2e server).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'resources', 'providers', 'contract', 'index.html', 'vite.config.ts', 'package.json', '.env', '.env.example'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

export function buildIfStale(root = process.cwd()) {
  const index = join(root, 'dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (builtAt && sourcesAt <= builtAt) return;
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the app...' : 'Building the app (first start)...');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
