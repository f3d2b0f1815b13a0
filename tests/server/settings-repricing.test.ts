/**
 * The repricing defaults (docs/settings.md "Repricing defaults") over HTTP: administrators write
 * them, a 400 names each bad field, a double submit changes them once (one audit entry, one event),
 * a rule the API creates afterwards takes the tenant's defaults for every field it leaves out, rules
 * made before keep their values, and another tenant keeps its own. On PGlite and (TEST_DATABASE_URL)
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { REPRICING_DEFAULTS, RULE_DEFAULTS, type RepricingDefaultsValues } from '../../contract/pricing';
import type { Tx } from '../../server/db';

let h: Harness;
const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const call = (method: string, path: string, body?: unknown, email = ADMIN) => callAs(h, email, method, path, body);
const inTenant = <R>(fn: (tx: Tx) => Promise<R>) => h.db.transaction(fn, { tenantId: T });

const auditRows = () =>
  inTenant(async (tx) => (await tx.query<{ action: string; before: unknown; after: unknown }>(
    `select action, before, after from audit_log where tenant_id = $1 and resource = 'repricing_defaults' order by id`, [T],
  )).rows);
const eventCount = () =>
  inTenant(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from events where tenant_id = $1 and subject = 'settings.repricing_updated'`, [T])).rows[0].n));

const CHANGED: RepricingDefaultsValues = {
  ...REPRICING_DEFAULTS,
  mode: 'auto',
  strategy: 'match_lowest',
  min_margin_bp: 1500,
  max_change_bp: 500,
  min_interval_seconds: 3600,
  filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: true },
};

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('repricing defaults', () => {
  let before: string;

  it('reads the standard defaults until saved; administrators only, and every rule reader reads what a new rule starts from', async () => {
    const r = await call('GET', '/api/settings/repricing');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ ...REPRICING_DEFAULTS, updated_at: null, updated_by: null });
    expect((await call('GET', '/api/settings/repricing', undefined, AGENT)).status).toBe(403);
    expect((await call('GET', '/api/settings/repricing', undefined, SELLER)).status).toBe(403);
    expect((await call('PUT', '/api/settings/repricing', CHANGED, AGENT)).status).toBe(403);
    expect((await call('PUT', '/api/settings/repricing', CHANGED, SELLER)).status).toBe(403);
    const forForm = await call('GET', '/api/pricing/rules/defaults', undefined, SELLER);
    expect(forForm.status).toBe(200);
    expect(forForm.body.data).toMatchObject(REPRICING_DEFAULTS);
  });

  it('a rule made before the defaults change', async () => {
    const r = await call('POST', '/api/pricing/rules', { name: 'Made before', enabled: false }, SELLER);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    before = r.body.data.id;
    expect(r.body.data).toMatchObject({ mode: RULE_DEFAULTS.mode, strategy: RULE_DEFAULTS.strategy, min_margin_bp: RULE_DEFAULTS.min_margin_bp });
  });

  it('answers 400 naming each bad field, and saves nothing', async () => {
    const bad = await call('PUT', '/api/settings/repricing', { ...CHANGED, strategy: 'undercut', step_value: -1, max_change_bp: 20_000, filters: { ...CHANGED.filters, min_rating: 101 } });
    expect(bad.status).toBe(400);
    const fields = (bad.body.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['strategy', 'step_value', 'max_change_bp', 'filters.min_rating']));
    // a margin no price can keep under the largest fee, as a rule's
    const greedy = await call('PUT', '/api/settings/repricing', { ...CHANGED, min_margin_bp: 9500 });
    expect(greedy.status).toBe(400);
    expect(greedy.body.errors.min_margin_bp).toMatch(/below 100 %/);
    // a field missing is named too
    const noMode: Partial<RepricingDefaultsValues> = { ...CHANGED };
    delete noMode.mode;
    const missing = await call('PUT', '/api/settings/repricing', noMode);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toContain('mode');
    expect((await call('GET', '/api/settings/repricing')).body.data.updated_at).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });

  it('the same values as the standard ones change nothing; a double submit changes them once, audited with what changed', async () => {
    const same = await call('PUT', '/api/settings/repricing', REPRICING_DEFAULTS);
    expect(same.status).toBe(200);
    expect(same.body.data.updated_at).toBeNull();
    expect(await auditRows()).toHaveLength(0);

    const [a, b] = await Promise.all([call('PUT', '/api/settings/repricing', CHANGED), call('PUT', '/api/settings/repricing', CHANGED)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toMatchObject({ ...CHANGED, updated_by: ADMIN });
    expect(b.body.data).toEqual(a.body.data);
    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toEqual({
      action: 'repricing_defaults.update',
      before: { mode: 'proposals', strategy: 'beat_lowest', min_margin_bp: 1000, max_change_bp: null, min_interval_seconds: null, filters: REPRICING_DEFAULTS.filters },
      after: { mode: 'auto', strategy: 'match_lowest', min_margin_bp: 1500, max_change_bp: 500, min_interval_seconds: 3600, filters: CHANGED.filters },
    });
    expect(await eventCount()).toBe(1);

    // again, with the competitor types in another order: the same defaults
    const again = await call('PUT', '/api/settings/repricing', { ...CHANGED, filters: { ...CHANGED.filters, fulfilment: ['marketplace', 'marketplace'] } });
    expect(again.status).toBe(200);
    expect(await auditRows()).toHaveLength(1);
    expect(await eventCount()).toBe(1);
    expect((await call('GET', '/api/settings/repricing')).body.data).toEqual(a.body.data);
  });

  it('a rule the API creates takes the tenant\'s defaults for what it leaves out; a rule made before keeps its values', async () => {
    const bare = await call('POST', '/api/pricing/rules', { name: 'After the change', enabled: false }, SELLER);
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data).toMatchObject({
      mode: 'auto', strategy: 'match_lowest', step_unit: 'cents', step_value: 1, min_margin_bp: 1500, max_change_bp: 500, min_interval_seconds: 3600,
      no_competition: 'hold', below_floor: 'floor', own_buy_box: 'raise', raise_step_cents: 1,
      filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: true },
      // not a default's field: the rule's own
      scope: { type: 'tenant' }, shipping_cents: 0, ceiling_cents: null,
    });
    // what the client gives wins, a filter member too; the other members still come from the defaults
    const given = await call('POST', '/api/pricing/rules', { name: 'Given', enabled: false, strategy: 'hold', max_change_bp: null, filters: { exclude_own: false } }, SELLER);
    expect(given.status).toBe(201);
    expect(given.body.data).toMatchObject({ strategy: 'hold', max_change_bp: null, mode: 'auto', min_margin_bp: 1500, filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: false } });

    const old = await call('GET', `/api/pricing/rules/${before}`, undefined, SELLER);
    expect(old.body.data).toMatchObject({ mode: 'proposals', strategy: 'beat_lowest', min_margin_bp: 1000, max_change_bp: null, filters: { fulfilment: [], min_rating: null, exclude_own: true } });
    // the rule form reads the same
    expect((await call('GET', '/api/pricing/rules/defaults', undefined, SELLER)).body.data).toMatchObject(CHANGED);
  });

  it('another tenant keeps its own defaults, and its rules take them', async () => {
    const nw = await call('GET', '/api/settings/repricing', undefined, NW);
    expect(nw.body.data).toEqual({ ...REPRICING_DEFAULTS, updated_at: null, updated_by: null });
    const rule = await call('POST', '/api/pricing/rules', { name: 'Northwind rule', enabled: false }, NW);
    expect(rule.status).toBe(201);
    expect(rule.body.data).toMatchObject({ mode: 'proposals', strategy: 'beat_lowest', min_margin_bp: 1000, filters: REPRICING_DEFAULTS.filters });
    // its save does not reach the demo store
    expect((await call('PUT', '/api/settings/repricing', { ...REPRICING_DEFAULTS, strategy: 'buy_box' }, NW)).status).toBe(200);
    expect((await call('GET', '/api/settings/repricing')).body.data.strategy).toBe('match_lowest');
    expect(await auditRows()).toHaveLength(1);
    // and in the database: the demo tenant's session sees its own row only
    const rows = await inTenant(async (tx) => (await tx.query<{ tenant_id: string }>('select tenant_id from repricing_defaults')).rows);
    expect(rows).toEqual([{ tenant_id: T }]);
  });
});
