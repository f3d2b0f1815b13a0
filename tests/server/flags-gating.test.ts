/**
 * Feature flags per tenant (docs/settings.md "Feature flags"): `GET /flags/details` lists each flag
 * with its default, the tenant's value and who set it when (agents and admins); only an
 * administrator switches one; and the server refuses what a flag turns off (creating listings while
 * `enableListingPoster` is off: 409 `feature_disabled` in words). On PGlite and (TEST_DATABASE_URL)
 * on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { DEFAULT_FLAGS } from '../../contract/constants';

let h: Harness;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NORTHWIND = 'owner@northwind.local';

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('GET /api/flags/details', () => {
  it('lists every flag with its default and the tenant\'s value, and who changed it when', async () => {
    const before = await callAs(h, AGENT, 'GET', '/api/flags/details');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data).toEqual(Object.entries(DEFAULT_FLAGS).map(([name, d]) => ({ name, default: d, enabled: d, stored: null, updated_at: null, updated_by: null })));
    expect((await callAs(h, SELLER, 'GET', '/api/flags/details')).status).toBe(403);

    // the agent may not switch it; the admin may, once
    expect((await callAs(h, AGENT, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(403);
    const [a, b] = await Promise.all([
      callAs(h, ADMIN, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true }),
      callAs(h, ADMIN, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const audits = await h.db.transaction(
      async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from audit_log where tenant_id = $1 and resource_id = 'enableBetaFeatures' and resource in ('flags', 'feature_flag')`, [DEMO_TENANT.id])).rows[0].n),
      { tenantId: DEMO_TENANT.id },
    );
    expect(audits).toBe(1);

    const after = (await callAs(h, AGENT, 'GET', '/api/flags/details')).body.data.find((f: { name: string }) => f.name === 'enableBetaFeatures');
    expect(after).toMatchObject({ default: false, enabled: true, stored: true, updated_by: ADMIN, updated_at: expect.any(String) });
    // merged over the defaults for this tenant only
    expect((await callAs(h, NORTHWIND, 'GET', '/api/flags/details')).body.data.find((f: { name: string }) => f.name === 'enableBetaFeatures')).toMatchObject({ enabled: false, stored: null });
    expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableBetaFeatures', { enabled: false })).status).toBe(200);
  });
});

describe('the server refuses what a flag turns off', () => {
  it('creating a listing while enableListingPoster is off: 409 in words; on again, it is no longer refused for the flag', async () => {
    const body = { variant_id: randomUUID(), marketplace_id: randomUUID(), price_cents: 1999 };
    expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableListingPoster', { enabled: false })).status).toBe(200);
    const refused = await callAs(h, SELLER, 'POST', '/api/listings', body);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'feature_disabled', message: expect.stringContaining('Creating listings is turned off for this store') });
    // another store's poster is untouched
    expect((await callAs(h, NORTHWIND, 'POST', '/api/listings', body)).body.code).not.toBe('feature_disabled');

    expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableListingPoster', { enabled: true })).status).toBe(200);
    const again = await callAs(h, SELLER, 'POST', '/api/listings', body);
    expect(again.body.code).not.toBe('feature_disabled');
  });
});
