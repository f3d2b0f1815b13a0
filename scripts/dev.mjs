#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch) and Vite with a proxy to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = process.cwd();
// event payloads are checked against the event catalogue in development (docs/events.md "Event catalogue")
const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { EVENTS_CHECK_PAYLOADS: '1', ...process.env },
});
const vite = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { stdio: 'inherit' });
const stop = (sig) => { server.kill(sig); vite.kill(sig); };
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', () => vite.kill());
vite.on('exit', () => server.kill());
