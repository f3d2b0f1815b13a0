/**
 * Two event logs on the same JetStream streams (docs/events.md "JetStream"): a new database numbers
 * its events from 1 again, and the relay's message ids carry the log's own id
 * (0016_event_log_id.sql), so JetStream's duplicate window does not drop the new log's events as
 * repeats of the old one's. JetStream run only (TEST_NATS_URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import type { EventMessage } from '../../server/events/types';
import { NATS_URL, emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store, dropNatsStreams } from './events-support';

const T = DEMO_TENANT.id;

describe.skipIf(!NATS_URL)('two event logs on the same streams (JetStream)', () => {
  const prefix = `L${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}_`;
  const stores: Store[] = [];
  let s: Running | null = null;

  afterAll(async () => {
    await s?.close();
    for (const st of stores) await st.drop();
    await dropNatsStreams(NATS_URL, prefix);
  });

  /** A fresh database on the shared streams: emits five events and returns the sequences its consumer got. */
  async function runLog(name: string): Promise<{ sent: number[]; got: number[] }> {
    process.env.NATS_STREAM_PREFIX = prefix;
    // a new database, not a copy of the run's template (which would share the template's log id)
    const store = await newStore({ fresh: true });
    stores.push(store);
    s = await openServer(store, { natsUrl: NATS_URL });
    const got: number[] = [];
    await s.app.events.register({ name, filterSubjects: ['jobs.logid.*'], async handle(m: EventMessage) { got.push(m.seq); } });
    const sent = await emit(s.db, T, 'jobs.logid.run', [1, 2, 3, 4, 5].map((i) => ({ i })));
    await waitFor(() => got.length >= sent.length, `${name}: all five delivered`, 20_000);
    await sleep(300);
    await s.close();
    s = null;
    return { sent, got };
  }

  it("delivers a new database's events although their sequences repeat the old log's", async () => {
    fastEventSettings();
    const first = await runLog('logid-first');
    const second = await runLog('logid-second');
    // both logs were seeded alike, so the second one's events carry the first one's sequences
    expect(second.sent).toEqual(first.sent);
    expect([...second.got].sort((a, b) => a - b)).toEqual(second.sent);
  }, 90_000);
});
