/**
 * A bench that runs server code in its own process (the repricing sweep) runs it with the server's
 * node flags (scripts/build-if-stale.mjs `SERVER_NODE_FLAGS`): it starts itself again with them.
 */
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../scripts/build-if-stale.mjs';

/** Returns when this process has the server's flags; otherwise runs the bench again with them and exits with its status. */
export function withServerFlags(): void {
  if (process.env.BENCH_SERVER_FLAGS === '1') return;
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_SERVER_FLAGS: '1' } });
  process.exit(r.status ?? 1);
}
