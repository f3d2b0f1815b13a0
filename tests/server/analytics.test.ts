/**
 * Analytics over HTTP (docs/analytics.md): on the seeded Demo Store, the summary of a period equals
 * the sum of its orders' profits (GET /api/orders/{id} `profit`) to the cent, the net margin over
 * the orders whose costs are known only (two orders are given a purchase order and a label, whose
 * events the rollup's consumer follows); the rollup equals the detail tables; the comparison, the
 * time series' buckets, the breakdowns' paging and sort, the 400s, tenants and roles.
 *
 * Cost: one server; the orders' profits are read a few at a time; the wide periods read the rollup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, headersFor } from './tokens';
import { addDays, previousPeriod } from '../../contract/analytics';
import { DEMO_TENANT } from './tokens';
import { costOrder } from './ledger-support';
import { waitFor } from './wait-for';
import { fastEventSettings } from './events-support';
import { summaryFromDetail } from '../../server/api/analytics/queries';

let h: Harness;
const call = (email: string, path: string) => callAs(h, email, 'GET', path);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
const FIG = ['orders', 'units', 'revenue_cents', 'fees_cents', 'supplier_cents', 'shipping_cents', 'refunds_cents', 'net_margin_cents'] as const;
/** What the margin covers: these add up across buckets and breakdown rows too (an unknown margin adds 0) */
const COVER = ['margin_orders', 'margin_revenue_cents', 'unknown_cost_orders'] as const;
type Figures = Record<(typeof FIG)[number], number> & { net_margin_percent: number | null; margin_orders: number; margin_revenue_cents: number; unknown_cost_orders: number };

let from = '';
let to = '';

beforeAll(async () => {
  fastEventSettings(); // the rollup's consumer polls every 20 ms
  h = await startServer();
  // the breakdowns are advanced analytics, off by default (docs/settings.md "Feature flags"): on for the Demo Store
  expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableAdvancedAnalytics', { enabled: true })).status).toBe(200);
  // a short period holding orders: the newest order's day and the day before (the rollup's day and, when it is today, the detail's)
  const newest = (await call(SELLER, '/api/me/orders?limit=1&sort=created_at&order=desc')).body.data[0].created_at as string;
  to = newest.slice(0, 10);
  from = addDays(to, -1);
  // two orders of a day before today get every cost known (the rollup's days, not today's detail)
  const today = new Date().toISOString().slice(0, 10);
  const day = to < today ? to : addDays(to, -1);
  const known = ((await call(SELLER, `/api/me/orders?created_from=${day}&created_to=${day}&limit=20`)).body.data as { id: string; status: string }[])
    .filter((o) => o.status !== 'cancelled').slice(0, 2);
  expect(known).toHaveLength(2);
  const supplierId = (await call(SELLER, '/api/suppliers?limit=1')).body.data[0].id as string;
  for (const [i, o] of known.entries()) await costOrder(h, o.id, { supplierId, poCents: 1500 + i * 100, labelCents: 650 });
  // the consumer recomputes their day
  await waitFor(async () => (await call(SELLER, `/api/analytics/summary?from=${day}&to=${day}`)).body.data.figures.margin_orders === 2, 'the rollup to count the two orders');
}, 120_000);
afterAll(async () => h?.close());

describe('GET /api/analytics/summary', () => {
  it("equals the sum of the period's orders' profits to the cent", async () => {
    const listed = await call(SELLER, `/api/me/orders?created_from=${from}&created_to=${to}&limit=100`);
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as { id: string; status: string }[]).filter((o) => o.status !== 'cancelled').map((o) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(listed.body.pagination.total).toBeLessThanOrEqual(100);
    const want = { orders: 0, units: 0, revenue_cents: 0, fees_cents: 0, supplier_cents: 0, shipping_cents: 0, refunds_cents: 0, net_margin_cents: 0, margin_orders: 0, margin_revenue_cents: 0, unknown_cost_orders: 0 };
    // the orders' pages, a few at a time
    const pages: { profit: { sale_cents: number; fees_cents: number | null; supplier_cents: number | null; postage_cents: number | null; refunds_cents: number | null; result_cents: number | null }; items: { quantity: number }[] }[] = [];
    for (let i = 0; i < ids.length; i += 8) pages.push(...await Promise.all(ids.slice(i, i + 8).map(async (id) => (await call(SELLER, `/api/orders/${id}`)).body.data)));
    for (const o of pages) {
      const p = o.profit;
      want.orders += 1;
      want.units += o.items.reduce((s: number, i: { quantity: number }) => s + i.quantity, 0);
      want.revenue_cents += p.sale_cents;
      want.fees_cents += p.fees_cents ?? 0;
      want.supplier_cents += p.supplier_cents ?? 0;
      want.shipping_cents += p.postage_cents ?? 0;
      want.refunds_cents += p.refunds_cents ?? 0;
      // an order whose every part is known contributes exactly its profit's result; the others are counted, never guessed
      if (p.result_cents !== null) {
        want.net_margin_cents += p.result_cents;
        want.margin_orders += 1;
        want.margin_revenue_cents += p.sale_cents;
      } else want.unknown_cost_orders += 1;
    }
    expect(want.margin_orders).toBe(2);
    expect(want.unknown_cost_orders).toBeGreaterThan(0);
    const r = await call(SELLER, `/api/analytics/summary?from=${from}&to=${to}`);
    expect(r.status).toBe(200);
    const f: Figures = r.body.data.figures;
    expect({ ...f, net_margin_percent: undefined }).toEqual({ ...want, net_margin_percent: undefined });
    expect(f.net_margin_percent).toBe(Math.round((f.net_margin_cents * 1000) / f.margin_revenue_cents) / 10);
    expect(r.body.data.previous).toBeNull();
  });

  it('reads the rollup, and the detail tables for the orders of today it has not seen: the same figures as the detail tables alone', async () => {
    const wide = { from: addDays(to, -179), to: new Date().toISOString().slice(0, 10) };
    const viaRollup = (await call(SELLER, `/api/analytics/summary?from=${wide.from}&to=${wide.to}`)).body.data.figures;
    const detail = await h.db.transaction((tx) => summaryFromDetail(tx, DEMO_TENANT.id, wide.from, wide.to), { tenantId: DEMO_TENANT.id });
    expect(viaRollup).toEqual(detail);
    expect(detail.orders).toBeGreaterThan(1000);
    expect(detail.margin_orders).toBe(2);
  });

  it('compares with the previous period of equal length', async () => {
    const r = await call(SELLER, `/api/analytics/summary?from=${from}&to=${to}&compare=previous`);
    expect(r.status).toBe(200);
    const before = previousPeriod(from, to);
    expect(r.body.data.previous).toMatchObject(before);
    const alone = (await call(SELLER, `/api/analytics/summary?from=${before.from}&to=${before.to}`)).body.data.figures;
    expect(r.body.data.previous.figures).toEqual(alone);
    for (const k of FIG) {
      const [a, b] = [r.body.data.figures[k], alone[k]];
      expect(r.body.data.change[k].delta).toBe(a === null || b === null ? null : a - b);
    }
  });

  it('reads for every role; another tenant sees only its own orders', async () => {
    const demo = (await call(ADMIN, `/api/analytics/summary?from=${from}&to=${to}`)).body.data.figures;
    for (const who of [SELLER, AGENT]) expect((await call(who, `/api/analytics/summary?from=${from}&to=${to}`)).body.data.figures).toEqual(demo);
    const nw = await call(NW, `/api/analytics/summary?from=${from}&to=${to}`);
    expect(nw.status).toBe(200);
    const nwOrders = await call(NW, `/api/me/orders?created_from=${from}&created_to=${to}&limit=100`);
    const live = (nwOrders.body.data as { status: string }[]).filter((o) => o.status !== 'cancelled').length;
    expect(nw.body.data.figures.orders).toBe(live);
    expect(nw.body.data.figures.revenue_cents === demo.revenue_cents && demo.revenue_cents > 0).toBe(false);
    const anonymous = await fetch(`${h.url}/api/analytics/summary?from=${from}&to=${to}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad periods per field', async () => {
    const bad = async (q: string, field: string) => {
      const r = await call(SELLER, `/api/analytics/summary?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad('from=2025-03-10&to=2025-03-01', 'to');
    await bad('from=2022-01-01&to=2025-01-01', 'to');
    await bad('from=2025-02-30&to=2025-03-01', 'from');
    await bad('from=2025-03-01T00:00:00Z&to=2025-03-02', 'from');
    // without a period: the last 30 days
    const plain = await call(SELLER, '/api/analytics/summary');
    expect(plain.status).toBe(200);
    expect(plain.body.data.to).toBe(new Date().toISOString().slice(0, 10));
    expect(plain.body.data.from).toBe(addDays(plain.body.data.to, -29));
    await bad('from=2025-03-01&to=2025-03-02&compare=next', 'compare');
    expect((await call(SELLER, '/api/analytics/timeseries?from=2025-03-01&to=2025-03-02&interval=hour')).status).toBe(400);
    expect((await call(SELLER, '/api/analytics/breakdown?from=2025-03-01&to=2025-03-02&by=customer')).status).toBe(400);
    // two years, a leap day included, are accepted
    expect((await call(SELLER, '/api/analytics/summary?from=2023-03-01&to=2025-02-28')).status).toBe(200);
  });
});

describe('GET /api/analytics/timeseries', () => {
  it("covers the period with buckets that sum to the summary", async () => {
    const wide = { from: addDays(to, -75), to };
    const sum = (await call(SELLER, `/api/analytics/summary?from=${wide.from}&to=${wide.to}`)).body.data.figures;
    for (const interval of ['day', 'week', 'month']) {
      const r = await call(SELLER, `/api/analytics/timeseries?from=${wide.from}&to=${wide.to}&interval=${interval}&metric=net_margin_cents`);
      expect(r.status).toBe(200);
      const pts: (Figures & { start: string; end: string; value: number })[] = r.body.data.points;
      expect(pts[0].start).toBe(wide.from);
      expect(pts[pts.length - 1].end).toBe(wide.to);
      for (let i = 1; i < pts.length; i++) expect(pts[i].start).toBe(addDays(pts[i - 1].end, 1));
      if (interval === 'day') expect(pts).toHaveLength(76);
      for (const k of [...FIG, ...COVER]) expect(pts.reduce((s, p) => s + (p[k] ?? 0), 0)).toBe(sum[k]);
      for (const p of pts) expect(p.value).toBe(p.net_margin_cents);
    }
  });
});

describe('GET /api/analytics/breakdown', () => {
  it('sums to the summary by marketplace and by supplier, pages and sorts on the server', async () => {
    const wide = `from=${addDays(to, -60)}&to=${to}`;
    const sum = (await call(SELLER, `/api/analytics/summary?${wide}`)).body.data.figures;
    for (const by of ['marketplace', 'supplier']) {
      const all = await call(SELLER, `/api/analytics/breakdown?${wide}&by=${by}&limit=100&sort=revenue_cents&order=desc`);
      expect(all.status).toBe(200);
      const rows: (Figures & { key: string | null; label: string })[] = all.body.data;
      expect(all.body.pagination.total).toBe(rows.length);
      for (const k of [...FIG, ...COVER]) expect(rows.reduce((s, r) => s + (r[k] ?? 0), 0)).toBe(sum[k]);
      const revenues = rows.map((r) => r.revenue_cents);
      expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
      if (rows.length > 1) {
        const page2 = await call(SELLER, `/api/analytics/breakdown?${wide}&by=${by}&limit=1&offset=1&sort=revenue_cents&order=desc`);
        expect(page2.body.data.map((r: { key: string }) => r.key)).toEqual([rows[1].key]);
        expect(page2.body.pagination).toMatchObject({ total: rows.length, limit: 1, offset: 1 });
      }
    }
    const mp = (await call(SELLER, `/api/analytics/breakdown?${wide}&by=marketplace&sort=label&order=asc`)).body.data.map((r: { key: string }) => r.key);
    expect(mp).toEqual([...mp].sort());
  });

  it('allocates orders to products by line share: units and orders add up', async () => {
    const wide = `from=${addDays(to, -30)}&to=${to}`;
    const sum = (await call(SELLER, `/api/analytics/summary?${wide}`)).body.data.figures;
    const r = await call(SELLER, `/api/analytics/breakdown?${wide}&by=product&limit=100&sort=net_margin_cents`);
    expect(r.status).toBe(200);
    const rows: Figures[] = r.body.data;
    expect(r.body.pagination.total).toBeGreaterThan(0);
    if (r.body.pagination.total <= 100) {
      expect(rows.reduce((s, x) => s + x.units, 0)).toBe(sum.units);
      // each part is rounded per line: within a cent per line of the summary
      expect(Math.abs(rows.reduce((s, x) => s + x.revenue_cents, 0) - sum.revenue_cents)).toBeLessThanOrEqual(sum.units);
    }
    // sorted by net margin, highest first; products whose margin is unknown (a cost missing) last
    const nets = rows.map((x) => x.net_margin_cents);
    const known = nets.filter((n): n is number => n !== null);
    expect(nets).toEqual([...known.sort((a, b) => b - a), ...nets.filter((n) => n === null)]);
  });

  it('is refused with 409 in words while the store\'s advanced analytics are off; the summary still answers', async () => {
    expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableAdvancedAnalytics', { enabled: false })).status).toBe(200);
    try {
      const refused = await call(SELLER, `/api/analytics/breakdown?from=${from}&to=${to}&by=marketplace`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'feature_disabled', message: expect.stringContaining('The analytics breakdowns (by marketplace, supplier, product) is turned off') });
      const csv = await fetch(`${h.url}/api/analytics/breakdown/export.csv?from=${from}&to=${to}&by=marketplace`, { headers: await headersFor(h, SELLER) });
      expect(csv.status).toBe(409);
      expect((await call(SELLER, `/api/analytics/summary?from=${from}&to=${to}`)).status).toBe(200);
      // another store's flag is its own: Northwind never turned it on
      expect((await call(NW, `/api/analytics/breakdown?from=${from}&to=${to}&by=marketplace`)).status).toBe(409);
    } finally {
      expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableAdvancedAnalytics', { enabled: true })).status).toBe(200);
    }
  });

  it('exports a breakdown as CSV', async () => {
    const res = await fetch(`${h.url}/api/analytics/breakdown/export.csv?from=${addDays(to, -30)}&to=${to}&by=marketplace`, {
      headers: await headersFor(h, SELLER),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Net margin');
    expect(lines.length).toBeGreaterThan(1);
  });
});
