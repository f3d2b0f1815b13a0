/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadEnv } from './server/env.ts';

const env = loadEnv();

const TEST_FILES = ['tests/**/*.test.{ts,tsx}'];
/** Test files that call vi.mock: a mocked module must not be one an earlier file of the worker imported. */
const ROOT = dirname(fileURLToPath(import.meta.url));
const MOCKING_FILES = ['unit', 'component', 'server']
  .flatMap((dir) => (existsSync(join(ROOT, 'tests', dir)) ? readdirSync(join(ROOT, 'tests', dir)) : []).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => `tests/${dir}/${f}`))
  .filter((f) => /\bvi\.mock\(/.test(readFileSync(join(ROOT, f), 'utf8')));
const port = Number(env.PORT ?? 3000);
let commit = env.GIT_COMMIT ?? '';
if (!commit) {
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    commit = 'unknown';
  }
}

// Build-time configuration (docs/product/data.md): the public auth key and the bases the app talks to.
// VITE_API_BASE / VITE_SUPABASE_URL default to the page's own origin (one process serves all).
const define = {
  __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0'),
  __BUILD_COMMIT__: JSON.stringify(commit),
  __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  __BUILD_TAG__: JSON.stringify(env.BUILD_TAG ?? `v${process.env.npm_package_version ?? '0.1.0'}-${commit}`),
  __SUPABASE_ANON_KEY__: JSON.stringify(env.VITE_SUPABASE_ANON_KEY ?? env.SUPABASE_ANON_KEY ?? ''),
  __SUPABASE_URL__: JSON.stringify(env.VITE_SUPABASE_URL ?? ''),
  __API_BASE__: JSON.stringify(env.VITE_API_BASE ?? ''),
};

/**
 * Brotli and gzip copies of every text file of the build, at the highest levels: compressed once
 * here, served as they are by the server (server/http/static.ts; docs/performance.md "Delivery").
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(name)) continue;
        const raw = readFileSync(join(dir, name));
        if (raw.length < 1024) continue;
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define,
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Packages whose modules do nothing when imported (no globals, no registration), so what a page
      // does not call is left out of its chunks: papaparse, error-stack-parser and rc-field-form came
      // with Refine's and antd's barrels onto the dashboard, which uses none of them
      // (docs/performance.md "Delivery").
      // The dashboard's cards (every domain's `*-card.tsx` / `*-cards.tsx` outside /ops, declared in its
      // `dashboardCards`) in one chunk: they always load together after sign-in, and one file costs less than
      // eight small ones with their own import preambles. Their dependencies stay in the shared chunks
      // (not pulled into this one), so a page that needs them does not load the cards (docs/performance.md
      // "Delivery").
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'dashboard-cards', test: /resources\/(?!ops\/)[^/]+\/[^/]*-cards?\.tsx$/ },
            // small modules the first page has and lazy pages import too (the shell's icons, the flags
            // provider, the coalescer, TanStack Query), kept in one chunk rather than a file each: each file
            // costs its own request and import wiring on the first page (docs/performance.md "Delivery")
            {
              name: 'shell-shared',
              test: /(providers\/flags\/|resources\/shared\/use-coalesced|providers\/live\/coalescer|@ant-design\/icons\/es\/components\/AntdIcon|@ant-design\/icons(-svg)?\/es\/(icons|asn)\/(Bell|Check|Close|LineChart|ShoppingCart|Inbox|Left)Outlined|@ant-design\/icons(-svg)?\/es\/(icons|asn)\/(CloseCircle|ExclamationCircle|InfoCircle)Filled|node_modules\/@tanstack\/)/,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/(papaparse|pluralize|error-stack-parser|rc-field-form|@rc-component\/async-validator)\//, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth/v1', '/rest/v1', '/dev', '/health'].map((p) => [p, { target: `http://localhost:${port}`, changeOrigin: false }]),
    ),
  },
  test: {
    // two projects (docs/performance.md "Test suite time"): most files share their worker's modules with
    // the files it ran before (the server, antd and Refine are imported once per worker, not once per
    // file); a file that replaces a module with vi.mock gets modules of its own
    projects: [
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: MOCKING_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES.length ? MOCKING_FILES : ['no-such-file'], isolate: true } },
    ],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // both cores of a 2-core CI machine (Vitest's default leaves one idle): a server test file spends much of its
    // time in PGlite, which runs on the worker's own thread
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // one copy of react-router for Refine's router provider and our sources in component tests
    server: { deps: { inline: [/@refinedev\//] } },
  },
});
