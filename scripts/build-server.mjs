// Compiles the server ahead of time (docs/performance.md "Start time"): ES modules in dist-server/
// instead of tsx transpiling server/ and contract/ at every start. The packages are bundled in too
// (resolving and loading some 400 files from node_modules was a fifth of a start), except those
// that must stay files of their own (EXTERNAL). Code loaded on demand (`await import('./…')`: the
// PostgreSQL driver, the JetStream engine) goes to chunks of its own, loaded only when used. The SQL
// migrations are copied next to the bundle because server/db/migrate.ts finds them beside its module.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const SERVER_OUT = 'dist-server';

/**
 * Packages left in node_modules: PGlite finds its WebAssembly and data files beside its own module,
 * pdfkit and bwip-js their fonts; pg has an optional native binding; the others load on demand only
 * (nats with NATS_URL, nodemailer with SMTP_URL, Fastify's schema compilers and inject).
 */
export const EXTERNAL = [
  '@electric-sql/pglite', 'pg', 'pg-native', 'nats', 'pdfkit', 'bwip-js', 'nodemailer',
  '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'light-my-request',
];

/** A bundled package that reaches its dependencies with `require` needs one in an ES module. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * i18n-iso-countries without its languages: its Node entry registers all 80 of them, the server uses
 * English only and registers it itself (contract/countries.ts), as the browser entry does.
 */
const countriesCore = {
  name: 'countries-core',
  setup(b) {
    b.onResolve({ filter: /^i18n-iso-countries$/ }, (a) => b.resolve('i18n-iso-countries/index.js', { kind: a.kind, resolveDir: a.resolveDir }));
  },
};

/** Chunks of an earlier build still there after this long are removed (a server starting meanwhile has read its own). */
const STALE_CHUNK_MS = 10 * 60_000;

export async function buildServer(root = process.cwd()) {
  const out = join(root, SERVER_OUT);
  mkdirSync(out, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // beside main.mjs, so that a module's own directory (import.meta.url) is the same in every chunk
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL.flatMap((p) => [p, `${p}/*`]),
    plugins: [countriesCore],
    banner: { js: REQUIRE_BANNER },
    // stack traces still map to the sources; the map without them is a quarter of the size to read
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  // each file replaced by a rename: a server starting meanwhile (another e2e run) reads whole files
  const written = new Set();
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
    written.add(f.path);
  }
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (/-[A-Z0-9]{8}\.mjs(\.map)?$/.test(name) && !written.has(path) && Date.now() - statSync(path).mtimeMs > STALE_CHUNK_MS) rmSync(path, { force: true });
  }
  cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
  // written last: its time is what the staleness check compares with the sources
  writeFileSync(join(out, 'built.json'), JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
