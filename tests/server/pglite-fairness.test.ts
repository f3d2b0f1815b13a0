/**
 * PGlite runs in the server's own thread and never waits on I/O (docs/decisions.md "PGlite yields
 * between transactions"): a consumer working through a burst must not hold up the HTTP server.
 * Each transaction first lets sockets and timers run, so a request made during the burst is
 * answered before the burst ends (before that, a bulk change of 1,000 listings answered only once
 * every push was done).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { emit, waitFor } from './events-support';
import { startServer, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
}, 60_000);
afterAll(async () => h?.close());

const BURST = 1500;

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('answers a request while a consumer works through a burst of transactions', async () => {
  let handled = 0;
  await h.app.events.register({
    name: `fairness-${Date.now()}`,
    filterSubjects: ['jobs.fairness.*'],
    concurrency: 4,
    async handle() {
      await h.db.transaction(async (tx) => {
        await tx.query('select pg_sleep(0)');
      });
      handled += 1;
    },
  });
  await emit(h.db, DEMO_TENANT.id, 'jobs.fairness.run', Array.from({ length: BURST }, (_, i) => ({ i })));
  await waitFor(() => handled > 0, 'the burst to start');
  const res = await fetch(`${h.url}/health`);
  const handledAtAnswer = handled;
  expect(res.status).toBe(200);
  expect(handledAtAnswer).toBeLessThan(BURST);
  await waitFor(() => handled >= BURST, 'the whole burst', 60_000);
}, 90_000);
