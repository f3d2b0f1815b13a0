/**
 * docs/api-conventions.md / docs/api-conventions.md over HTTP: Idempotency-Key on PUT /api/flags. Same key + same
 * request → the stored answer (Idempotent-Replayed: true, no second write); other request → 422;
 * a duplicate while the first holds the key → 409; keys are per tenant and expire after 24 h.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { ACCOUNTS, DEMO_TENANT, headersFor } from './tokens';
import { requestHash } from '../../server/api/idempotency';

let h: Harness;
const as: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  h = await startServer();
  // flags are switched by administrators (docs/decisions.md "Only administrators switch feature
  // flags"): the demo's agent is made a second administrator here, so that "another user" of the
  // same tenant may send the same request
  await h.db.transaction((tx) => tx.query(`update profiles set role = 'admin' where id = $1`, [ACCOUNTS.find((a) => a.email === 'agent@demo.local')!.id]), { tenantId: DEMO_TENANT.id });
  for (const email of ['admin@demo.local', 'agent@demo.local', 'owner@northwind.local']) as[email] = await headersFor(h, email);
});
afterAll(async () => h?.close());

interface Sent { status: number; body: { data?: { enabled: boolean; updated_at: string }; code?: string }; replayed: string | null; correlationId: string }

async function put(email: string, name: string, body: unknown, key: string): Promise<Sent> {
  const correlationId = randomUUID();
  const res = await fetch(`${h.url}/api/flags/${name}`, {
    method: 'PUT',
    headers: { ...as[email], 'idempotency-key': key, 'x-correlation-id': correlationId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed'), correlationId };
}

/** Audit rows and outbox events written by the requests with these correlation ids (read as the tenant). */
async function writesBy(correlationIds: string[]): Promise<{ audit: number; events: number }> {
  return h.db.transaction(
    async (tx) => {
      const a = await tx.query<{ n: number }>('select count(*)::int as n from audit_log where correlation_id = any($1::text[])', [correlationIds]);
      const e = await tx.query<{ n: number }>('select count(*)::int as n from events where correlation_id = any($1::text[])', [correlationIds]);
      return { audit: a.rows[0].n, events: e.rows[0].n };
    },
    { tenantId: DEMO_TENANT.id },
  );
}

const flagOf = async (email: string, name: string) => (await (await fetch(`${h.url}/api/flags`, { headers: as[email] })).json())[name] as boolean;

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and request, without a second write', async () => {
    const key = randomUUID();
    const first = await put('agent@demo.local', 'enableBetaFeatures', { enabled: true }, key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await put('agent@demo.local', 'enableBetaFeatures', { enabled: true }, key);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await writesBy([first.correlationId])).toEqual({ audit: 1, events: 1 });
    expect(await writesBy([again.correlationId])).toEqual({ audit: 0, events: 0 });

    // someone turns the flag off; replaying the old key answers the old result and changes nothing
    expect((await put('agent@demo.local', 'enableBetaFeatures', { enabled: false }, randomUUID())).status).toBe(200);
    const late = await put('agent@demo.local', 'enableBetaFeatures', { enabled: true }, key);
    expect(late.replayed).toBe('true');
    expect(late.body.data?.enabled).toBe(true);
    expect(await flagOf('agent@demo.local', 'enableBetaFeatures')).toBe(false);
  });

  it('treats the body as JSON: key order does not make another request', async () => {
    const key = randomUUID();
    const a = await fetch(`${h.url}/api/flags/enableAdvancedAnalytics`, {
      method: 'PUT',
      headers: { ...as['agent@demo.local'], 'idempotency-key': key },
      body: '{"enabled":true}',
    });
    const b = await fetch(`${h.url}/api/flags/enableAdvancedAnalytics`, {
      method: 'PUT',
      headers: { ...as['agent@demo.local'], 'idempotency-key': key },
      body: '{ "enabled" : true }',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 422 when the key comes back with another body, path or user', async () => {
    const key = randomUUID();
    expect((await put('agent@demo.local', 'enableOrchestrator', { enabled: false }, key)).status).toBe(200);
    const otherBody = await put('agent@demo.local', 'enableOrchestrator', { enabled: true }, key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ code: 'idempotency_key_reused', message: expect.any(String) });
    expect((await put('agent@demo.local', 'enableListingPoster', { enabled: false }, key)).status).toBe(422);
    expect((await put('admin@demo.local', 'enableOrchestrator', { enabled: false }, key)).status).toBe(422);
    expect(await writesBy([otherBody.correlationId])).toEqual({ audit: 0, events: 0 });
    expect(await flagOf('agent@demo.local', 'enableOrchestrator')).toBe(false);
  });

  it('keeps keys per tenant: another tenant may use the same key', async () => {
    const key = randomUUID();
    expect((await put('agent@demo.local', 'enableListingPoster', { enabled: true }, key)).status).toBe(200);
    const other = await put('owner@northwind.local', 'enableListingPoster', { enabled: false }, key);
    expect(other.status).toBe(200);
    expect(other.replayed).toBeNull();
    expect(await flagOf('owner@northwind.local', 'enableListingPoster')).toBe(false);
  });

  it('answers 409 while another request holds the key, and takes over a claim left by a crash', async () => {
    const key = randomUUID();
    const agent = ACCOUNTS.find((a) => a.email === 'agent@demo.local')!;
    const hash = requestHash({ actor: agent.id, method: 'PUT', url: '/api/flags/enableAdvancedAnalytics', body: { enabled: false } });
    // the state a concurrent duplicate finds: the first request's claim, committed, its command still running
    const claim = (age: string) =>
      h.db.transaction(
        (tx) =>
          tx.query(
            `insert into idempotency_keys (tenant_id, key, request_hash, state, created_at) values ($1, $2, $3, 'in_progress', now() - $4::interval)
             on conflict (tenant_id, key) do update set created_at = excluded.created_at`,
            [DEMO_TENANT.id, key, hash, age],
          ),
        { tenantId: DEMO_TENANT.id },
      );
    await claim('1 second');
    const dup = await put('agent@demo.local', 'enableAdvancedAnalytics', { enabled: false }, key);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'idempotency_in_progress' });
    expect(await writesBy([dup.correlationId])).toEqual({ audit: 0, events: 0 });
    // a different request under a held key is still 422, not 409
    expect((await put('agent@demo.local', 'enableAdvancedAnalytics', { enabled: true }, key)).status).toBe(422);

    await claim('5 minutes');
    const retry = await put('agent@demo.local', 'enableAdvancedAnalytics', { enabled: false }, key);
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBeNull();
    expect((await put('agent@demo.local', 'enableAdvancedAnalytics', { enabled: false }, key)).replayed).toBe('true');
  });

  it('makes exactly one write out of a burst of concurrent duplicates', async () => {
    const key = randomUUID();
    const sent = await Promise.all(Array.from({ length: 6 }, () => put('agent@demo.local', 'enableBetaFeatures', { enabled: true }, key)));
    for (const s of sent) expect([200, 409]).toContain(s.status);
    const ok = sent.filter((s) => s.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const s of ok) expect(s.body).toEqual(ok[0].body);
    expect(ok.filter((s) => s.replayed === null)).toHaveLength(1);
    expect(await writesBy(sent.map((s) => s.correlationId))).toEqual({ audit: 1, events: 1 });
  });

  it('stores no answer for a failed request: the key stays free for a retry', async () => {
    const key = randomUUID();
    const failed = await put('agent@demo.local', 'enableNothing', { enabled: true }, key);
    expect(failed.status).toBe(404);
    const held = await h.db.transaction((tx) => tx.query('select 1 from idempotency_keys where key = $1', [key]), { tenantId: DEMO_TENANT.id });
    expect(held.rows).toEqual([]);
    expect((await put('agent@demo.local', 'enableNothing', { enabled: true }, key)).status).toBe(404);
    // an invalid body is refused before the key is claimed
    expect((await put('agent@demo.local', 'enableBetaFeatures', { enabled: 1 }, key)).status).toBe(400);
    expect((await put('agent@demo.local', 'enableBetaFeatures', { enabled: true }, key)).status).toBe(200);
  });

  it('forgets a key after 24 h and refuses an overlong key', async () => {
    const key = randomUUID();
    expect((await put('agent@demo.local', 'enableOrchestrator', { enabled: true }, key)).status).toBe(200);
    await h.db.transaction(
      (tx) => tx.query(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]),
      { tenantId: DEMO_TENANT.id },
    );
    const reused = await put('agent@demo.local', 'enableOrchestrator', { enabled: false }, key);
    expect(reused.status).toBe(200);
    expect(reused.replayed).toBeNull();

    const long = await put('agent@demo.local', 'enableOrchestrator', { enabled: false }, 'k'.repeat(256));
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
  });
});
