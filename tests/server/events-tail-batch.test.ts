/**
 * How much one poll of the event tail hands its listeners (server/events/tail.ts, docs/events.md):
 * the JetStream relay takes up to 3,000 events per poll, so a burst reaches the broker in fewer,
 * larger reads; while SSE clients are connected the hub asks for at most 1,000, so one poll never
 * writes a client more than its buffer bound allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { EventTail, type TailListener } from '../../server/events/tail';
import { appendEvents, untypedEvent } from '../../server/events/outbox';
import { newStore, openServer, waitFor, type Running, type Store } from './events-support';

const T = DEMO_TENANT.id;

describe("the event tail's batches", () => {
  let store: Store;
  let s: Running;
  beforeAll(async () => {
    store = await newStore();
    s = await openServer(store);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await store?.drop();
  });

  /** Starts a tail with `listener`, writes `n` events in one transaction, returns the batch sizes it handed over. */
  async function batchesOf(n: number, limit?: number): Promise<number[]> {
    const sizes: number[] = [];
    const listener: TailListener = {
      wantsRecords: () => true,
      onEvents: (events) => sizes.push(events.length),
      ...(limit ? { batchLimit: () => limit } : {}),
    };
    const tail = new EventTail(s.db, 10, (e) => { throw e; });
    tail.listen(listener);
    await tail.start();
    try {
      await s.db.transaction((tx) => appendEvents(tx, T, Array.from({ length: n }, (_, i) => untypedEvent('jobs.tail.batch', { i }))), { tenantId: T });
      await waitFor(() => sizes.reduce((a, b) => a + b, 0) >= n, 'every event handed over', 20_000);
    } finally {
      tail.stop();
    }
    return sizes;
  }

  it('hands a relay a burst in reads of up to 3,000', async () => {
    expect(await batchesOf(4_000)).toEqual([3_000, 1_000]);
  }, 30_000);

  it('hands at most what a listener asks for, as the SSE hub does while clients are connected', async () => {
    expect(await batchesOf(2_500, 1_000)).toEqual([1_000, 1_000, 500]);
  }, 30_000);
});
