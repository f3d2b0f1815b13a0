/** The batched consumer handler (server/events/batching.ts): gathering, per-tenant groups, the one-by-one fallback. */
import { describe, expect, it } from 'vitest';
import { batchedHandler } from '../../server/events/batching';
import type { EventMessage } from '../../server/events/types';

const msg = (seq: number, tenantId = 't1'): EventMessage => ({
  seq, tenantSeq: seq, tenantId, stream: 'JOBS', subject: 'listings.changed', data: { id: `l${seq}` }, timestamp: '2026-01-01T00:00:00.000Z',
  correlationId: null, causationId: null, consumer: 'c', attempt: 1,
});

describe('batchedHandler', () => {
  it('hands the calls of one turn to one `many` per tenant, split at `max`', async () => {
    const groups: [string, number[]][] = [];
    const handle = batchedHandler({
      max: 3,
      async many(tenantId, msgs) {
        groups.push([tenantId, msgs.map((m) => m.seq)]);
      },
      async one() {
        throw new Error('not expected');
      },
    });
    await Promise.all([msg(1), msg(2), msg(3, 't2'), msg(4), msg(5), msg(6)].map(handle));
    expect(groups).toEqual([
      ['t1', [1, 2, 4]],
      ['t1', [5, 6]],
      ['t2', [3]],
    ]);
    // a later call starts a new gathering
    await handle(msg(7));
    expect(groups.at(-1)).toEqual(['t1', [7]]);
  });

  it('when `many` throws, each message is handled alone: only the bad one fails', async () => {
    const alone: number[] = [];
    const handle = batchedHandler({
      max: 10,
      async many(_t, msgs) {
        if (msgs.some((m) => m.seq === 2)) throw new Error('one bad row');
      },
      async one(m) {
        alone.push(m.seq);
        if (m.seq === 2) throw new Error(`bad ${m.seq}`);
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((s) => handle(msg(s))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('bad 2');
    expect(alone).toEqual([1, 2, 3]);
  });

  it('a group that succeeds never calls `one`', async () => {
    let ones = 0;
    const handle = batchedHandler({ max: 5, many: async () => undefined, one: async () => void ones++ });
    await Promise.all([1, 2, 3].map((s) => handle(msg(s))));
    expect(ones).toBe(0);
  });
});

describe('batchedHandler with a limit of rounds', () => {
  it('runs at most `rounds` groups at once; what arrives meanwhile becomes the next group, up to `max`', async () => {
    const groups: number[][] = [];
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const handle = batchedHandler({
      max: 4,
      rounds: 1,
      async many(_t, msgs) {
        groups.push(msgs.map((m) => m.seq));
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => release.push(r));
        running--;
      },
      async one() {
        throw new Error('not expected');
      },
    });
    const first = handle(msg(1));
    await new Promise((r) => setImmediate(r));
    // while the first group runs, six more arrive one turn apart: they wait
    const later = [2, 3, 4, 5, 6, 7].map((s) => handle(msg(s)));
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([[1]]);
    release.shift()!();
    await first;
    await new Promise((r) => setTimeout(r, 5));
    expect(groups).toEqual([[1], [2, 3, 4, 5]]);
    release.shift()!();
    await new Promise((r) => setTimeout(r, 5));
    expect(groups).toEqual([[1], [2, 3, 4, 5], [6, 7]]);
    release.shift()!();
    await Promise.all(later);
    expect(most).toBe(1);
  });
});
