#!/usr/bin/env node
// `npm start`: build the app and the server when missing or older than their sources, then run the
// one server process from the compiled bundle (docs/performance.md "Start time").
import { spawn } from 'node:child_process';
import { buildIfStale, serverArgs } from './build-if-stale.mjs';

const root = process.cwd();
await buildIfStale(root);

const child = spawn(process.execPath, serverArgs(root), { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
