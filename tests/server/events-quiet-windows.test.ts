/**
 * Quiet windows (docs/events.md "Consumers"): the tail tells the embedded consumers which subjects
 * its new events have, with the sequences of the sparse ones; a consumer that matches none of them
 * moves past without fetching, and one whose matches are listed claims exactly those. Before, every
 * consumer scanned every burst of every other subject: at 10,000 dropshipped orders on PGlite,
 * seven consumers that matched little or nothing spent a third of the database's time scanning.
 * Here: bursts of other subjects cost a narrow consumer no scan, its cursor is written down all the
 * same, and it still gets every match once, across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import type { Db, Tx } from '../../server/db';
import type { EventMessage } from '../../server/events/types';
import { emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store } from './events-support';

const T = DEMO_TENANT.id;
const NAME = 'quiet-narrow';

/** Counts one consumer's fetches: those that scan the log, and all that copy matches into deliveries. */
function countFetches(db: Db, consumer: string): { scans: number; fetches: number } {
  const seen = { scans: 0, fetches: 0 };
  const inner = db.transaction.bind(db);
  db.transaction = (<R>(fn: (tx: Tx) => Promise<R>, opts?: Parameters<Db['transaction']>[1]) =>
    inner((tx) => fn({
      query(sql: string, params?: unknown[]) {
        if (sql.includes('insert into consumer_deliveries') && params?.[0] === consumer) {
          seen.fetches++;
          if (sql.includes('from events where seq > ')) seen.scans++;
        }
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

  it('moves past bursts of other subjects without a fetch, claims sparse matches without a scan, and writes its cursor down', async () => {
    const first = await emit(s.db, T, 'jobs.quiet.hit', [{}]);
    await waitFor(() => got.length === 1, 'the first hit');
    await sleep(200); // the loop settles and goes idle
    const seen = countFetches(s.db, NAME);
    const misses = await emit(s.db, T, 'jobs.quiet.miss', Array.from({ length: 300 }, () => ({})));
    const others = await emit(s.db, T, 'jobs.other.thing', Array.from({ length: 50 }, () => ({})));
    // written down within a second of going quiet, without one fetch of the bursts
    await waitFor(async () => (await cursorOf(s.db)) >= others.at(-1)!, 'the cursor past the bursts', 10_000);
    expect(seen.fetches).toBe(0);
    expect(misses.length).toBe(300);

    // hits among bursts: each claimed by its sequence, none found by scanning
    const hits = [...first];
    for (let i = 0; i < 3; i++) {
      await emit(s.db, T, 'jobs.quiet.miss', Array.from({ length: 100 }, () => ({})));
      hits.push(...(await emit(s.db, T, 'jobs.quiet.hit', [{ i }])));
    }
    await waitFor(() => got.length >= hits.length, 'the hits among the bursts');
    expect(got).toEqual(hits);
    expect(seen.fetches).toBeGreaterThan(0);
    expect(seen.scans).toBe(0);
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
