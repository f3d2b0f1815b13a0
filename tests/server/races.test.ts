/**
 * Concurrent duplicates take effect once (docs/reliability.md "Concurrent duplicates"): a double
 * click, two tabs or a retry after a timeout sends the same command twice, or ten times, at once.
 * For every state-changing route on one record, ten identical requests fire together; exactly one
 * answers 2xx, the others 404 or 409, and every audit row and event the ten wrote belongs to that
 * one request (each request carries its own correlation id). The effect itself is checked where a
 * client would see it: the record's state, the stock, the refunds. Creates and other commands
 * that are not duplicates by nature take effect once when the ten carry one Idempotency-Key.
 *
 * On PGlite the one connection runs commands one after the other anyway; the suite earns its keep
 * in CI's PostgreSQL pass (TEST_DATABASE_URL), where ten requests get ten connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, callAs, headersFor } from './tokens';
import { listRoutes } from '../../server/api/route-index';
import { consumersSettled } from './consumers-settled';
import { setOffers } from './pricing-support';
import { assertMoneyInvariants } from './money-invariants';
import { evaluateSelection } from '../../server/api/pricing/evaluate';

const ADMIN = 'admin@demo.local';
const N = 10;

let h: Harness;
let headers: Record<string, string>;

beforeAll(async () => {
  h = await startServer();
  headers = await headersFor(h, ADMIN);
}, 120_000);
afterAll(async () => h?.close());

const asTenant = <T>(sql: string, params: unknown[] = []) =>
  h.db.transaction(async (tx) => (await tx.query<T>(sql, params)).rows, { tenantId: DEMO_TENANT.id });

interface Answer { status: number; body: { data?: Record<string, unknown>; code?: string; message?: string } | undefined; cid: string }

/** Fires `n` identical requests at once, each with its own correlation id (and the same extra headers). */
async function burst(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer[]> {
  const tag = randomUUID().slice(0, 8);
  return Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const cid = `race-${tag}-${i}`;
      const res = await fetch(`${h.url}${path}`, {
        method,
        headers: { ...headers, 'x-correlation-id': cid, ...extra },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, cid };
    }),
  );
}

/**
 * Exactly one 2xx; the rest are refusals a client understands (404 gone, 409 state or in progress);
 * every audit row and event of the burst is the winner's, and the winner wrote its audit row.
 */
async function onlyOneTookEffect(answers: Answer[], losers: number[] = [404, 409]): Promise<Answer> {
  const won = answers.filter((a) => a.status >= 200 && a.status < 300);
  expect(won.map((a) => a.status), JSON.stringify(answers.map((a) => [a.status, a.body?.code]))).toHaveLength(1);
  for (const a of answers) if (a !== won[0]) expect(losers, `${a.status} ${JSON.stringify(a.body)}`).toContain(a.status);
  const cids = answers.map((a) => a.cid);
  const audit = await asTenant<{ correlation_id: string }>('select correlation_id from audit_log where correlation_id = any($1)', [cids]);
  const events = await asTenant<{ correlation_id: string }>('select correlation_id from events where correlation_id = any($1)', [cids]);
  expect(new Set(audit.map((r) => r.correlation_id))).toEqual(new Set([won[0].cid]));
  expect(audit).toHaveLength(1);
  expect(new Set(events.map((r) => r.correlation_id))).toEqual(new Set(events.length ? [won[0].cid] : []));
  return won[0];
}

const first = async (path: string) => {
  const r = await callAs(h, ADMIN, 'GET', path);
  expect(r.status, path).toBe(200);
  return r.body.data as Record<string, unknown>[];
};

describe('every command on one record declares the row it changes', () => {
  it('non-GET routes with path parameters lock their record in the route kit (or say they change none of their own)', () => {
    const missing = listRoutes(h.app)
      .filter((r) => r.kit && r.method !== 'GET' && r.url.includes('/:') && r.kit.lock === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});

describe('ten identical commands at once take effect once', () => {
  it('void a label: one refund of the postage, one voided event, one timeline line', async () => {
    const orders = await first('/api/orders?status=ordered_from_supplier&limit=5');
    let label: Record<string, unknown> | undefined;
    for (const o of orders) {
      const r = await callAs(h, ADMIN, 'POST', '/api/shipments', { order_id: o.id });
      if (r.status === 201) { label = r.body.data; break; }
    }
    expect(label, 'a label bought for a seeded order').toBeDefined();
    const win = await onlyOneTookEffect(await burst('POST', `/api/shipments/${label!.id}/void`));
    expect(win.body?.data?.status).toBe('voided');
    const voided = await asTenant<{ n: number }>(`select count(*)::int as n from events where subject = 'labels.voided' and payload->>'id' = $1`, [label!.id]);
    expect(voided[0].n).toBe(1);
    const lines = await asTenant<{ n: number }>(`select count(*)::int as n from shipments s, jsonb_array_elements(s.events) e where s.id = $1 and e->>'status' = 'voided'`, [label!.id]);
    expect(lines[0].n).toBe(1);
  });

  it('buy a label for one order: one live label', async () => {
    const orders = await first('/api/orders?status=ordered_from_supplier&limit=20');
    const live = await asTenant<{ order_id: string }>(`select order_id from shipments where status <> 'voided'`);
    const order = orders.find((o) => !live.some((l) => l.order_id === o.id));
    expect(order).toBeDefined();
    await onlyOneTookEffect(await burst('POST', '/api/shipments', { order_id: order!.id }));
    const labels = await asTenant<{ n: number }>(`select count(*)::int as n from shipments where order_id = $1 and status <> 'voided'`, [order!.id]);
    expect(labels[0].n).toBe(1);
  });

  const deletes: [string, () => Promise<string>, string][] = [
    ['supplier', async () => (await callAs(h, ADMIN, 'POST', '/api/suppliers', { name: `Race supplier ${randomUUID().slice(0, 6)}` })).body.data.id, '/api/suppliers'],
    ['product', async () => (await callAs(h, ADMIN, 'POST', '/api/products', { title: 'Race product', sku: `RACE-${randomUUID().slice(0, 8)}`, price: 10, stock: 1 })).body.data.id, '/api/products'],
    ['marketplace account', async () => (await callAs(h, ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: `Race eBay ${randomUUID().slice(0, 6)}` })).body.data.id, '/api/marketplaces'],
    ['pricing rule', async () => (await callAs(h, ADMIN, 'POST', '/api/pricing/rules', { name: `Race rule ${randomUUID().slice(0, 6)}`, strategy: 'hold', mode: 'proposals' })).body.data.id, '/api/pricing/rules'],
    ['webhook', async () => (await callAs(h, ADMIN, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/race', subjects: ['orders.*'] })).body.data.id, '/api/webhooks'],
    ['listing', async () => String((await first('/api/listings?limit=1'))[0].id), '/api/listings'],
    ['image', async () => {
      const products = await first('/api/products?limit=50');
      for (const p of products) {
        const imgs = (await callAs(h, ADMIN, 'GET', `/api/products/${p.id}/images`)).body.data as { id: string }[] | undefined;
        if (imgs?.length) return imgs[0].id;
      }
      throw new Error('no seeded image');
    }, '/api/images'],
  ];
  for (const [what, create, base] of deletes) {
    it(`delete a ${what}: one delete, then 404`, async () => {
      const id = await create();
      expect(id, `created a ${what}`).toBeTruthy();
      await onlyOneTookEffect(await burst('DELETE', `${base}/${id}`));
      expect((await callAs(h, ADMIN, 'GET', `${base}/${id}`)).status).toBe(404);
    });
  }

  it('delete a variant: one delete', async () => {
    const products = await first('/api/products?limit=20');
    for (const p of products) {
      const vs = (await callAs(h, ADMIN, 'GET', `/api/products/${p.id}/variants`)).body.data as { id: string }[];
      if (vs.length < 2) continue;
      await onlyOneTookEffect(await burst('DELETE', `/api/products/${p.id}/variants/${vs[0].id}`));
      const left = (await callAs(h, ADMIN, 'GET', `/api/products/${p.id}/variants`)).body.data as { id: string }[];
      expect(left.map((v) => v.id)).not.toContain(vs[0].id);
      return;
    }
    throw new Error('no seeded product with two variants');
  });

  it('cancel an order: one cancellation, one status line', async () => {
    const [o] = await first('/api/orders?status=pending&limit=1');
    await onlyOneTookEffect(await burst('POST', `/api/orders/${o.id}/cancel`, { reason: 'Customer asked twice' }));
    const lines = await asTenant<{ n: number }>(`select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'cancelled'`, [o.id]);
    expect(lines[0].n).toBe(1);
  });

  it("move an order's status: one transition, one status line", async () => {
    const [o] = await first('/api/orders?status=shipped&limit=1');
    await onlyOneTookEffect(await burst('POST', `/api/orders/${o.id}/status`, { status: 'delivered' }));
    const lines = await asTenant<{ n: number }>(`select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'delivered'`, [o.id]);
    expect(lines[0].n).toBe(1);
  });

  it('release a hold: one release', async () => {
    const [o] = await first('/api/orders?status=pending&limit=1');
    await asTenant(`update orders set hold_reason = 'handling days above 5', held_at = now() where id = $1`, [o.id]);
    await onlyOneTookEffect(await burst('POST', `/api/orders/${o.id}/release-hold`));
    const [row] = await asTenant<{ hold_reason: string | null }>('select hold_reason from orders where id = $1', [o.id]);
    expect(row.hold_reason).toBeNull();
  });

  it('approve and reject a return: one decision each', async () => {
    const requested = await first('/api/returns?status=requested&limit=10');
    expect(requested.length).toBeGreaterThanOrEqual(2);
    const approved = await onlyOneTookEffect(await burst('POST', `/api/returns/${requested[0].id}/approve`, {}));
    expect(approved.body?.data?.status).not.toBe('requested');
    const rejected = await onlyOneTookEffect(await burst('POST', `/api/returns/${requested[1].id}/reject`, { reason: 'Outside the window' }));
    expect(rejected.body?.data?.status).toBe('rejected');
  });

  it('refund a received return: one refund', async () => {
    const [r] = await first('/api/returns?status=requested&limit=1');
    expect((await callAs(h, ADMIN, 'POST', `/api/returns/${r.id}/approve`, {})).status).toBe(200);
    expect((await callAs(h, ADMIN, 'POST', `/api/returns/${r.id}/receive`, { condition: 'like_new' })).status).toBe(200);
    const win = await onlyOneTookEffect(await burst('POST', `/api/returns/${r.id}/refund`, {}));
    expect(win.body?.data?.refund_cents).toBeGreaterThan(0);
    const refunds = await asTenant<{ n: number }>(`select count(*)::int as n from events where subject like 'returns.%' and payload->>'id' = $1 and payload->>'to' = 'refunded'`, [r.id]);
    expect(refunds[0].n).toBe(1);
  });

  it('approve and reject a price proposal: one decision, one price change', async () => {
    const listings = await first('/api/listings?limit=2');
    // a rule that governs them and a competitor to beat, so the engine has something to propose
    expect((await callAs(h, ADMIN, 'POST', '/api/pricing/rules', { name: 'Race default', mode: 'proposals', strategy: 'beat_lowest', step_value: 1 })).status).toBe(201);
    for (const l of listings) await setOffers(h, String(l.id), [{ seller: 'Acme', price_cents: Number(l.price_cents) - 500 }], 'Acme');
    await consumersSettled(h);
    const ids: string[] = [];
    for (const l of listings) {
      const [d] = await asTenant<{ id: number }>(
        `insert into price_decisions (tenant_id, listing_id, old_price_cents, new_price_cents, strategy, scenario, floor_cents, reason, trigger, inputs_hash)
         values ($1, $2, $3, $4, 'hold', 'race', 1, 'race', 'manual', 'race') returning id`,
        [DEMO_TENANT.id, l.id, l.price_cents, Number(l.price_cents) - 1],
      );
      const [p] = await asTenant<{ id: string }>(
        `insert into price_proposals (tenant_id, listing_id, decision_id, old_price_cents, new_price_cents, floor_cents, reason, inputs_hash)
         values ($1, $2, $3, $4, $5, 1, 'race', '') returning id`,
        [DEMO_TENANT.id, l.id, d.id, l.price_cents, Number(l.price_cents) - 1],
      );
      // the inputs as the engine sees them now, so approving finds the proposal current
      const [now] = await h.db.transaction((tx) => evaluateSelection(tx, DEMO_TENANT.id, { listingIds: [String(l.id)] }), { tenantId: DEMO_TENANT.id });
      await asTenant('update price_proposals set inputs_hash = $2 where id = $1', [p.id, now.hash]);
      ids.push(p.id);
    }
    const approve = await onlyOneTookEffect(await burst('POST', `/api/pricing/proposals/${ids[0]}/approve`, {}));
    expect(['approved', 'applied']).toContain(approve.body?.data?.status);
    const reject = await onlyOneTookEffect(await burst('POST', `/api/pricing/proposals/${ids[1]}/reject`, {}));
    expect(reject.body?.data?.status).toBe('rejected');
  });

  it('replay and discard a dead letter: one replay, one discard', async () => {
    const rows = await asTenant<{ id: number }>(
      `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at)
       select $1, 'race-consumer', -g, -g, 'JOBS', 'race.poison', '{}'::jsonb, 'boom', 5, now(), now() from generate_series(1, 2) g returning id`,
      [DEMO_TENANT.id],
    );
    const replay = await onlyOneTookEffect(await burst('POST', `/api/dlq/${rows[0].id}/replay`));
    expect(replay.body?.data?.status ?? replay.body?.data?.replayed).toBeTruthy();
    const [r] = await asTenant<{ replay_count: number }>('select replay_count from dlq_entries where id = $1', [rows[0].id]);
    expect(r.replay_count).toBe(1);
    await onlyOneTookEffect(await burst('POST', `/api/dlq/${rows[1].id}/discard`, { reason: 'Poison' }));
  });

  it('replay dead letters in bulk: each message once, one audit row', async () => {
    const rows = await asTenant<{ id: number }>(
      `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at)
       select $1, 'race-bulk', -g, -g, 'JOBS', 'race.poison', '{}'::jsonb, 'boom', 5, now(), now() from generate_series(1, 3) g returning id`,
      [DEMO_TENANT.id],
    );
    const ids = rows.map((r) => Number(r.id));
    const answers = await burst('POST', '/api/dlq/replay', { ids });
    for (const a of answers) expect(a.status).toBe(200);
    const replayed = answers.flatMap((a) => (a.body?.data?.replayed as number[]) ?? []);
    expect(replayed.sort()).toEqual([...ids].sort());
    const audit = await asTenant<{ n: number }>(`select count(*)::int as n from audit_log where correlation_id = any($1)`, [answers.map((a) => a.cid)]);
    expect(audit[0].n).toBe(1);
  });
});

describe('ten identical writes of one value change it once', () => {
  it('switch a feature flag: every answer 200, one audit row, one event', async () => {
    const answers = await burst('PUT', '/api/flags/enableBetaFeatures', { enabled: true });
    for (const a of answers) expect(a.status).toBe(200);
    for (const a of answers) expect(a.body?.data?.enabled).toBe(true);
    const cids = answers.map((a) => a.cid);
    const audit = await asTenant<{ n: number }>(`select count(*)::int as n from audit_log where correlation_id = any($1)`, [cids]);
    const events = await asTenant<{ n: number }>(`select count(*)::int as n from events where subject = 'flags.updated' and correlation_id = any($1)`, [cids]);
    expect([audit[0].n, events[0].n]).toEqual([1, 1]);
  });
});

describe('ten identical updates at once change the record once', () => {
  const updates: [string, () => Promise<[string, unknown]>][] = [
    ['supplier', async () => {
      const id = (await callAs(h, ADMIN, 'POST', '/api/suppliers', { name: `Update race ${randomUUID().slice(0, 6)}` })).body.data.id;
      return [`/api/suppliers/${id}`, { name: `Renamed ${id.slice(0, 6)}`, contact_email: 'ops@supplier.example' }];
    }],
    ['product', async () => {
      const id = (await callAs(h, ADMIN, 'POST', '/api/products', { title: 'Update race', sku: `UPD-${randomUUID().slice(0, 8)}`, price: 10, stock: 1 })).body.data.id;
      return [`/api/products/${id}`, { title: 'Update race, renamed', price: 12.5 }];
    }],
  ];
  for (const [what, setup] of updates) {
    it(`update a ${what}: every answer 200 with the new values, one audit row, the events of one request`, async () => {
      const [path, body] = await setup();
      const answers = await burst('PUT', path, body);
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      const cids = answers.map((a) => a.cid);
      const audit = await asTenant<{ correlation_id: string }>('select correlation_id from audit_log where correlation_id = any($1)', [cids]);
      const events = await asTenant<{ correlation_id: string }>('select correlation_id from events where correlation_id = any($1)', [cids]);
      expect(audit).toHaveLength(1);
      expect(new Set(events.map((e) => e.correlation_id))).toEqual(new Set([audit[0].correlation_id]));
    });
  }
});

describe('ten identical commands with one Idempotency-Key take effect once', () => {
  it('create a supplier', async () => {
    const name = `Keyed supplier ${randomUUID().slice(0, 6)}`;
    const answers = await burst('POST', '/api/suppliers', { name }, { 'idempotency-key': randomUUID() });
    // the first runs; the rest replay its answer or are told it is still in progress
    const ok = answers.filter((a) => a.status === 201 || a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 201, 409]).toContain(a.status);
    expect(new Set(ok.map((a) => a.body?.data?.id)).size).toBe(1);
    const rows = await asTenant<{ n: number }>('select count(*)::int as n from suppliers where name = $1', [name]);
    expect(rows[0].n).toBe(1);
    const audit = await asTenant<{ n: number }>(`select count(*)::int as n from audit_log where correlation_id = any($1)`, [answers.map((a) => a.cid)]);
    expect(audit[0].n).toBe(1);
  });

  it("rotate a webhook's secret", async () => {
    const hook = (await callAs(h, ADMIN, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/rotate', subjects: ['orders.*'] })).body.data;
    const answers = await burst('POST', `/api/webhooks/${hook.id}/rotate-secret`, undefined, { 'idempotency-key': randomUUID() });
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const audit = await asTenant<{ n: number }>(`select count(*)::int as n from audit_log where correlation_id = any($1)`, [answers.map((a) => a.cid)]);
    expect(audit[0].n).toBe(1);
  });
});

describe('after the races', () => {
  it('the money still adds up: refunds within what was paid, returns within what was sold', async () => {
    await consumersSettled(h);
    await assertMoneyInvariants(h);
  });
});
