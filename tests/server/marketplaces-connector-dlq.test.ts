/**
 * A connector failure is an ordinary consumer failure: retried with backoff, dead-lettered after the
 * last attempt with an alert on the alerts stream (and the account shows the error), and pushed
 * successfully when the DLQ entry is replayed once the marketplace is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { waitFor } from './wait-for';
import { OUTAGE_MESSAGE } from '../../server/marketplaces/sandbox/reasons';
import { PUSH_CONSUMER } from '../../server/api/listings/push';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';

beforeAll(async () => {
  fastEventSettings();
  process.env.EVENTS_MAX_DELIVER = '3';
  h = await startServer();
});
afterAll(async () => {
  delete process.env.EVENTS_MAX_DELIVER;
  await h?.close();
});

const inTenant = <T>(fn: Parameters<Harness['db']['transaction']>[0]) => h.db.transaction(fn, { tenantId: DEMO_TENANT.id }) as Promise<T>;

describe('connector failure → DLQ → replay', () => {
  it('dead-letters a push during an outage with an alert, and succeeds on replay', async () => {
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Flaky Amazon' })).body.data.id;
    const [v] = await variantsWithMap(h, 1, 40);
    await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
    await inTenant((tx) => tx.query('update marketplace_accounts set sandbox_outage = true where id = $1', [acc]));

    const r = await call(ADMIN, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: acc, price_cents: v.map_cents + 100 });
    expect(r.status).toBe(201);
    const id = r.body.data.id;
    const entry = await waitFor(async () => {
      const d = await call(AGENT, 'GET', `/api/dlq?consumer=${PUSH_CONSUMER}`);
      return d.body.data?.find((e: { subject: string; payload: { id: string } }) => e.subject === 'listings.changed' && e.payload?.id === id);
    }, 'the DLQ entry');
    expect(entry.last_error).toContain(OUTAGE_MESSAGE);
    expect(entry.attempts).toBe(3);
    const failed = await waitForListing(h, ADMIN, id, (x) => x.sync_state === 'failed');
    expect((failed.history as { kind: string }[]).filter((x) => x.kind === 'push_failed').length).toBeGreaterThanOrEqual(1);

    const alert = await waitFor(
      () => inTenant<{ payload: { type: string; dlq_id: number; marketplace_id: string } } | undefined>(async (tx) =>
        (await tx.query(`select payload from events where subject = 'alerts.connector_failed'`)).rows.find((x) => (x as { payload: { dlq_id: number } }).payload.dlq_id === entry.id)),
      'the connector alert',
    );
    expect(alert.payload).toMatchObject({ type: 'connector_failed', marketplace_id: acc });
    const account = await waitFor(async () => {
      const a = await call(ADMIN, 'GET', `/api/marketplaces/${acc}`);
      return a.body.data.status === 'error' ? a.body.data : null;
    }, 'the account in error');
    expect(account.error_message).toContain(OUTAGE_MESSAGE);

    // the marketplace is back: replaying the entry pushes the listing
    await inTenant((tx) => tx.query('update marketplace_accounts set sandbox_outage = false where id = $1', [acc]));
    const replay = await call(AGENT, 'POST', `/api/dlq/${entry.id}/replay`);
    expect(replay.status).toBe(200);
    const ok = await waitForListing(h, ADMIN, id, (x) => x.sync_state === 'synced' && x.status === 'active');
    expect(ok.external_id).toMatch(/^ASIN-SBX-/);
    const after = await call(ADMIN, 'GET', `/api/marketplaces/${acc}`);
    expect(after.body.data).toMatchObject({ status: 'connected', error_message: null });
  });
});
