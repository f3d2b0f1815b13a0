/**
 * docs/api-conventions.md items 9 and 13 over HTTP: feature flags per tenant, the role matrix on PUT /api/flags,
 * tenant header rules (docs/product/data.md "Tenant isolation"), zod 400 details, audit and outbox in the write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { headersFor, ACCOUNTS, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { DEFAULT_FLAGS, TENANT_REQUIRED_MESSAGE } from '../../contract/constants';

let h: Harness;
const ADMIN_ID = ACCOUNTS.find((a) => a.email === 'admin@demo.local')!.id;
const as: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  h = await startServer();
  for (const email of ['admin@demo.local', 'agent@demo.local', 'seller@demo.local', 'owner@northwind.local']) {
    as[email] = await headersFor(h, email);
  }
});
afterAll(async () => h?.close());

const getFlags = (headers: Record<string, string>) => fetch(`${h.url}/api/flags`, { headers });
const putFlag = (headers: Record<string, string>, name: string, body: unknown) =>
  fetch(`${h.url}/api/flags/${name}`, { method: 'PUT', headers, body: JSON.stringify(body) });

describe('GET /api/flags', () => {
  it('answers the contract defaults to a caller without a token, and 401 to a bad token', async () => {
    const anon = await fetch(`${h.url}/api/flags`);
    expect(anon.status).toBe(200);
    expect(await anon.json()).toEqual(DEFAULT_FLAGS);
    const bad = await fetch(`${h.url}/api/flags`, { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(bad.status).toBe(401);
  });

  it('answers a {name: boolean} object for every role', async () => {
    for (const email of ['admin@demo.local', 'agent@demo.local', 'seller@demo.local']) {
      const res = await getFlags(as[email]);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(DEFAULT_FLAGS).sort());
      for (const v of Object.values(body)) expect(typeof v).toBe('boolean');
    }
  });
});

describe('PUT /api/flags/{name}', () => {
  it('lets an admin change a flag of their tenant only; stored values merge over the defaults', async () => {
    const res = await putFlag(as['admin@demo.local'], 'enableBetaFeatures', { enabled: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ name: 'enableBetaFeatures', enabled: true, updated_by: ADMIN_ID });
    expect(body._meta).toMatchObject({ mocked: false, source: 'api' });

    const demo = await (await getFlags(as['seller@demo.local'])).json();
    expect(demo).toEqual({ ...DEFAULT_FLAGS, enableBetaFeatures: true });
    const northwind = await (await getFlags(as['owner@northwind.local'])).json();
    expect(northwind).toEqual(DEFAULT_FLAGS);
  });

  it('refuses an agent with 403: agents read the flags, administrators switch them (docs/decisions.md)', async () => {
    const res = await putFlag(as['agent@demo.local'], 'enableOrchestrator', { enabled: false });
    expect(res.status).toBe(403);
    expect((await (await getFlags(as['agent@demo.local'])).json()).enableOrchestrator).toBe(true);
    const off = await putFlag(as['admin@demo.local'], 'enableOrchestrator', { enabled: false });
    expect(off.status).toBe(200);
    expect((await (await getFlags(as['agent@demo.local'])).json()).enableOrchestrator).toBe(false);
    expect((await putFlag(as['admin@demo.local'], 'enableOrchestrator', { enabled: true })).status).toBe(200);
  });

  it('refuses a seller with 403 forbidden and changes nothing', async () => {
    const before = await (await getFlags(as['seller@demo.local'])).json();
    const res = await putFlag(as['seller@demo.local'], 'enableAdvancedAnalytics', { enabled: true });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) });
    expect(await (await getFlags(as['seller@demo.local'])).json()).toEqual(before);
  });

  it('answers 404 for a flag name the contract does not know', async () => {
    const res = await putFlag(as['admin@demo.local'], 'enableTypo', { enabled: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', message: 'Unknown feature flag: enableTypo' });
    expect(Object.keys(await (await getFlags(as['admin@demo.local'])).json())).not.toContain('enableTypo');
  });

  it('answers 400 with per-field details for a bad body', async () => {
    const res = await putFlag(as['admin@demo.local'], 'enableBetaFeatures', { enabled: 'yes' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual([expect.objectContaining({ field: 'enabled', message: expect.any(String), code: 'invalid_type' })]);

    const empty = await fetch(`${h.url}/api/flags/enableBetaFeatures`, { method: 'PUT', headers: as['admin@demo.local'] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).code).toBe('validation_failed');

    const broken = await fetch(`${h.url}/api/flags/enableBetaFeatures`, { method: 'PUT', headers: as['admin@demo.local'], body: '{"enabled":' });
    expect(broken.status).toBe(400);
  });

  it('writes the audit entry and the flags.updated event in the same transaction', async () => {
    const correlationId = randomUUID();
    const res = await putFlag({ ...as['admin@demo.local'], 'x-correlation-id': correlationId }, 'enableListingPoster', { enabled: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);

    const audit = await (await fetch(`${h.url}/api/audit?resource=flags&resource_id=enableListingPoster`, { headers: as['admin@demo.local'] })).json();
    expect(audit.data[0]).toMatchObject({
      actor_email: 'admin@demo.local',
      action: 'feature_flag.update',
      resource: 'feature_flag',
      resource_id: 'enableListingPoster',
      before: { enabled: true },
      after: { enabled: false },
      correlation_id: correlationId,
    });
    const events = await h.db.transaction(
      (tx) => tx.query<{ subject: string; stream: string; payload: unknown }>('select subject, stream, payload from events where correlation_id = $1', [correlationId]),
      { tenantId: DEMO_TENANT.id },
    );
    expect(events.rows).toEqual([{ subject: 'flags.updated', stream: 'JOBS', payload: { name: 'enableListingPoster', enabled: false, previous: true } }]);
  });
});

describe('tenant rules (docs/product/data.md, docs/api-conventions.md)', () => {
  it('refuses a Demo Store admin reading or writing Northwind flags with 403', async () => {
    const foreign = { ...as['admin@demo.local'], 'x-tenant-id': NORTHWIND_TENANT.id };
    const read = await getFlags(foreign);
    expect(read.status).toBe(403);
    expect((await read.json()).code).toBe('tenant_mismatch');
    const write = await putFlag(foreign, 'enableAdvancedAnalytics', { enabled: true });
    expect(write.status).toBe(403);
    expect(await (await getFlags(as['owner@northwind.local'])).json()).toEqual(DEFAULT_FLAGS);
    const audit = await (await fetch(`${h.url}/api/audit?resource=flags`, { headers: as['owner@northwind.local'] })).json();
    expect(audit.pagination.total).toBe(0);
  });

  it('answers 400 with the catalogue text when X-Tenant-Id is missing', async () => {
    const { 'x-tenant-id': _omit, ...noTenant } = as['agent@demo.local'];
    const { 'x-tenant-id': _omitToo, ...adminNoTenant } = as['admin@demo.local'];
    for (const res of [await getFlags(noTenant), await putFlag(adminNoTenant, 'enableBetaFeatures', { enabled: false })]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: TENANT_REQUIRED_MESSAGE, code: 'tenant_required' });
    }
  });
});
