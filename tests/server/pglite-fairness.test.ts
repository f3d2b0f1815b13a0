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

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('lets the event loop run between two reads, so requests are served in the order they came', async () => {
  // ten reads asked at once (ten requests' pages): before, they ran back to back in one chain of
  // promise callbacks, and a request arriving meanwhile was read only after all ten, then served
  // in socket order; now each read starts after a pass of the event loop
  const order: string[] = [];
  const reader = h.db.reader({ tenantId: DEMO_TENANT.id });
  const reads = Array.from({ length: 10 }, (_, i) =>
    reader.query('select count(*)::int as n from orders where status <> $1', [`x${i}`]).then(() => {
      order.push(`read ${i}`);
      // a socket with a new request would be read here, before the next read starts
      if (i === 0) setImmediate(() => order.push('event loop'));
    }),
  );
  await Promise.all(reads);
  expect(order.indexOf('event loop')).toBeGreaterThan(0);
  expect(order.indexOf('event loop')).toBeLessThan(order.indexOf('read 2'));
  expect(order.filter((o) => o.startsWith('read'))).toEqual(Array.from({ length: 10 }, (_, i) => `read ${i}`));
});
