/**
 * A consumer stops cleanly when its round fails as the server shuts down (docs/events.md
 * "Consumers"): the database connection lost under the round must not make the stop — and with it
 * the server's close — fail.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { ConsumerLoop, type ResolvedConsumer } from '../../server/events/consumer-loop';

const def: ResolvedConsumer = {
  name: 'stop-test', filterSubjects: ['orders.*'], maxDeliver: 3, backoffMs: [100], ackWaitMs: 30_000, deliverPolicy: 'new',
  batchSize: 10, concurrency: 1, urgent: false, handle: async () => undefined,
};

/** A database whose transactions wait until the test fails them, as a lost connection would. */
function stalledDb() {
  const pending: ((e: Error) => void)[] = [];
  const db = {
    transaction: () => new Promise((_, reject) => pending.push(reject)),
  } as unknown as Db;
  return { db, failAll: (e: Error) => pending.splice(0).forEach((r) => r(e)) };
}

describe('ConsumerLoop.stop', () => {
  it('resolves when the round under way fails with a lost connection, and reports nothing after the stop', async () => {
    const { db, failAll } = stalledDb();
    const errors: unknown[] = [];
    const loop = new ConsumerLoop(db, def, { fetchFromLog: true, releaseInflightOnStart: false, onError: (e) => errors.push(e) });
    loop.start();
    await new Promise((r) => setTimeout(r, 10)); // the round is waiting on its transaction
    const stopping = loop.stop();
    failAll(new Error('Client has encountered a connection error and is not queryable'));
    await expect(stopping).resolves.toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('reports a failed round to onError while it runs, and goes on', async () => {
    const { db, failAll } = stalledDb();
    const errors: unknown[] = [];
    const loop = new ConsumerLoop(db, def, { fetchFromLog: true, releaseInflightOnStart: false, onError: (e) => errors.push(e) });
    loop.start();
    await new Promise((r) => setTimeout(r, 10));
    failAll(new Error('connection lost'));
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
    await loop.stop();
  });
});
