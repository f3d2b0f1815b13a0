/**
 * Quiet windows (docs/events.md "Consumers"): the tail tells the embedded consumers which subjects
 * its new events have, and a consumer that matches none of them moves past without fetching. Before,
 * every consumer scanned every burst of every other subject: at 10,000 dropshipped orders on PGlite,
 * seven consumers that matched nothing spent a third of the database's time scanning. Here: a burst
 * of other subjects costs a narrow consumer no fetch, its cursor is written down all the same, and
 * it still gets every match once, across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import type { Db, Tx } from '../../server/db';
import type { EventMessage } from '../../server/events/types';
import { emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store } from './events-support';

const T = DEMO_TENANT.id;
const NAME = 'quiet-narrow';

/** Counts the fetches of one consumer: the statements that copy its matches into deliveries. */
function countFetches(db: Db, consumer: string): { n: number } {
  const seen = { n: 0 };
  const inner = db.transaction.bind(db);
  db.transaction = (<R>(fn: (tx: Tx) => Promise<R>, opts?: Parameters<Db['transaction']>[1]) =>
    inner((tx) => fn({
      query(sql: string, params?: unknown[]) {
        if (sql.includes('insert into consumer_deliveries') && params?.[0] === consumer) seen.n++;
        return tx.query(sql, params);
      },
    } as Tx), opts)) as Db['transaction'];
  return seen;
}

const cursorOf = async (db: Db) =>
  db.transaction(async (tx) => {
    await tx.query("select set_config('app.runtime', 'events', true)");
    return Number((await tx.query<{ cursor: string }>('select cursor from event_consumers where name = $1', [NAME])).rows[0].cursor);
  });

describe('a consumer and the bursts it does not match (embedded engine)', () => {
  let store: Store;
  let s: Running;
  const got: number[] = [];

  const start = async () => {
    s = await openServer(store);
    await s.app.events.register({
      name: NAME,
      filterSubjects: ['jobs.quiet.hit'],
      async handle(m: EventMessage) {
        got.push(m.seq);
      },
    });
  };

  beforeAll(async () => {
    fastEventSettings();
    store = await newStore();
    await start();
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await store?.drop();
  });

  it('moves past a burst of other subjects without fetching it, and writes its cursor down', async () => {
    const first = await emit(s.db, T, 'jobs.quiet.hit', [{}]);
    await waitFor(() => got.length === 1, 'the first hit');
    await sleep(200); // the loop settles and goes idle
    const fetches = countFetches(s.db, NAME);
    const misses = await emit(s.db, T, 'jobs.quiet.miss', Array.from({ length: 300 }, () => ({})));
    await emit(s.db, T, 'jobs.other.thing', Array.from({ length: 50 }, () => ({})));
    const last = misses.at(-1)! + 50;
    // written down within a second of going quiet, without one fetch of the burst
    await waitFor(async () => (await cursorOf(s.db)) >= last, 'the cursor past the burst', 10_000);
    expect(fetches.n).toBe(0);
    expect(got).toEqual(first);
  }, 30_000);

  it('still gets every match once when hits and bursts interleave, and after a restart', async () => {
    const hits: number[] = [...got];
    for (let i = 0; i < 6; i++) {
      await emit(s.db, T, 'jobs.quiet.miss', Array.from({ length: 40 }, () => ({})));
      hits.push(...(await emit(s.db, T, 'jobs.quiet.hit', [{ i }])));
      await sleep(i * 15); // windows of every size: alone, behind a burst, in the same poll as one
    }
    await waitFor(() => got.length >= hits.length, 'every hit', 20_000);
    await s.close();
    // written while the consumer was down: the restart picks up from the saved cursor
    const opened = await openServer(store);
    hits.push(...(await emit(opened.db, T, 'jobs.quiet.hit', [{ after: 'restart' }])));
    await opened.close();
    await start();
    await waitFor(() => got.length >= hits.length, 'the hit written while down', 20_000);
    await sleep(300); // a repeat would show up now
    expect([...got].sort((a, b) => a - b)).toEqual(hits);
  }, 60_000);
});
