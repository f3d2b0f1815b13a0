// Builds what is missing or older than its sources (used by `npm start` and the e2e server):
// the web app into dist/ (Vite, with precompressed .br/.gz copies) and the server into
// dist-server/ (esbuild, docs/performance.md "Start time").
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildServer, SERVER_OUT } from './build-server.mjs';

const SHARED = ['contract', 'package.json', '.env', '.env.example'];
const WEB_SOURCES = ['src', 'resources', 'providers', 'index.html', 'vite.config.ts', ...SHARED];
const SERVER_SOURCES = ['server', 'scripts/build-server.mjs', ...SHARED];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

function builtAt(root, marker) {
  const path = join(root, marker);
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function stale(root, marker, sources) {
  const at = builtAt(root, marker);
  return { first: at === 0, stale: at === 0 || Math.max(...sources.map((s) => newest(join(root, s)))) > at };
}

export function webIsStale(root = process.cwd()) {
  return stale(root, 'dist/index.html', WEB_SOURCES);
}

export function serverIsStale(root = process.cwd()) {
  return stale(root, `${SERVER_OUT}/built.json`, SERVER_SOURCES);
}

export async function buildIfStale(root = process.cwd()) {
  const web = webIsStale(root);
  if (web.stale) {
    console.log(web.first ? 'Building the app (first start)...' : 'Sources changed since the last build: rebuilding the app...');
    const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (serverIsStale(root).stale) {
    try {
      await buildServer(root);
    } catch (e) {
      console.error(`Could not compile the server: ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    }
  }
}

/** The compiled server, run by `node` with no transpiler. */
export const serverEntry = (root = process.cwd()) => join(root, SERVER_OUT, 'main.mjs');

/**
 * The node flags the server runs with, wherever it is started (`npm start`, the end-to-end server,
 * the benches). A young generation of up to 64 MB per semi-space: a repricing sweep allocates
 * ~1.6 GB per 100,000 listings, and with the default size most of its time in the collector was
 * spent copying pages still in flight (docs/performance.md "Repricing"). One background thread
 * compiles PGlite's hot WebAssembly functions with the optimizing compiler instead of one per core
 * and more: at start four of them competed with the main thread for the two cores, ~0.8 s of CPU,
 * while the same functions get optimized a little later (docs/performance.md "Start time").
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64', '--wasm-num-compilation-tasks=1'];

/** `node`'s arguments to run the compiled server. */
export const serverArgs = (root = process.cwd()) => [...SERVER_NODE_FLAGS, serverEntry(root)];
