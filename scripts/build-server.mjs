// Compiles the server ahead of time (docs/performance.md "Start time"): one ES module in
// dist-server/ instead of tsx transpiling server/ and contract/ at every start. Packages stay
// external (resolved from node_modules); the SQL migrations are copied next to the bundle because
// server/db/migrate.ts finds them beside its own module.
import { cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const SERVER_OUT = 'dist-server';

/** Packages stay imports resolved from node_modules, except JSON data (Node needs an import attribute for it). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.endsWith('.json') ? undefined : { path: a.path, external: true }));
  },
};

export async function buildServer(root = process.cwd()) {
  const out = join(root, SERVER_OUT);
  mkdirSync(out, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // each file replaced by a rename: a server starting meanwhile (another e2e run) reads whole files
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
  // written last: its time is what the staleness check compares with the sources
  writeFileSync(join(out, 'built.json'), JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
