/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { loadEnv } from './server/env.ts';

const env = loadEnv();
const port = Number(env.PORT ?? 3000);
let commit = env.GIT_COMMIT ?? '';
if (!commit) {
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    commit = 'unknown';
  }
}

// Build-time configuration (spec §5): the public auth key and the bases the app talks to.
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

export default defineConfig({
  plugins: [react()],
  define,
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth/v1', '/rest/v1', '/dev', '/health'].map((p) => [p, { target: `http://localhost:${port}`, changeOrigin: false }]),
    ),
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // one copy of react-router for Refine's router provider and our sources in component tests
    server: { deps: { inline: [/@refinedev\//] } },
  },
});
