#!/usr/bin/env node
// `npm start`: build the app when dist/ is missing or older than its sources, then run the one server process.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const root = process.cwd();
buildIfStale(root);

const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
