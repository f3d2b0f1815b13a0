/**
 * Payouts with lines over HTTP on a real database (docs/payouts.md): a sandbox eBay account (daily
 * payouts) ticked forward pays out every day with lines per order, its first payout plain and the
 * later ones with what the sandbox does on purpose (a reserve held and released, a marketplace
 * refund, an overcharged fee, a missing order, a reversal, a deposit that does not match its lines;
 * the account's id is fixed so that these fall within the ticks, server/marketplaces/sandbox/payouts.ts);
 * GET /api/payouts filters, sorts, searches and pages; the detail's lines and totals; the CSV; the
 * ledger's receivable after the payouts equals what is still unpaid; tenants kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { variantsWithMap } from './listings-support';
import { waitFor } from './wait-for';
import { feeCents } from '../../contract/marketplaces';
import type { PayoutDetail, PayoutRow } from '../../contract/payouts';
import { postLedger } from '../../server/ledger/poster';

const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
/** A fixed account id whose first 10 daily payouts hold each deliberate error once, reserves and refunds. */
const ACC = '5a001d80-0000-4000-8000-00000000e2e0';
const PREFIX = `EBAY-SBX-${ACC.slice(0, 8)}-`;
let h: Harness;

const call = (who: string, method: string, path: string, body?: unknown) => callAs(h, who, method, path, body);
const payoutsOf = async (q = '') => (await call(SELLER, 'GET', `/api/payouts?marketplace_id=${ACC}&limit=100${q}`)).body as { data: PayoutRow[]; pagination: { total: number } };
const detail = async (id: string, q = 'lines_limit=200') => (await call(SELLER, 'GET', `/api/payouts/${id}?${q}`)).body.data as PayoutDetail;
/**
 * Each payout of the account with its lines, in one read (the HTTP detail is tested on its own
 * below): on PGlite's one connection twenty requests would each wait their turn behind the consumers.
 */
type Line = PayoutDetail['lines'][number];
const detailsOf = async (ps: PayoutRow[]): Promise<(PayoutRow & { lines: Line[]; lines_total_cents: number })[]> => {
  const rows = await inTenant<(Line & { payout_id: string })[]>(async (tx) => (await tx.query<Line & { payout_id: string }>(
    `select payout_id::text as payout_id, id::text as id, line_no, kind, fee_type, order_id, external_order_id, external_line_id, amount_cents, currency, description, posted_at
       from payout_lines where tenant_id = $1 and payout_id = any($2::uuid[]) order by payout_id, line_no`,
    [T, ps.map((p) => p.id)],
  )).rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));
  return ps.map((p) => {
    const lines = rows.filter((l) => l.payout_id === p.id);
    return { ...p, lines, lines_total_cents: lines.reduce((a, l) => a + l.amount_cents, 0) };
  });
};
const inTenant = <R>(fn: Parameters<Harness['db']['transaction']>[0], tenantId: string = T) => h.db.transaction(fn, { tenantId }) as Promise<R>;

beforeAll(async () => {
  h = await startServer();
  const [v1, v2] = await variantsWithMap(h, 2, 7);
  await inTenant(async (tx) => {
    await tx.query(
      `insert into marketplace_accounts (id, tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, $2, 'ebay', 'Payouts eBay', 'sandbox', 'connected', 1)`,
      [ACC, T],
    );
    for (const [i, v] of [v1, v2].entries()) {
      const item = `PAYOUTS-ITEM-${i + 1}`;
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, $5, 'Payouts item', $6, 'active', 'synced', $7) returning id`, [T, ACC, v.product_id, v.id, v.sku, 1999 + i * 1000, item],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, $3, $4, 'Payouts item', $5, 100000, 'active', 0)`, [T, ACC, item, l, 1999 + i * 1000],
      );
    }
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('a sandbox account ticked forward', () => {
  let payouts: PayoutRow[];

  it('pays out every day (eBay) with lines per order; the last one in transit, the others paid', async () => {
    const t = await call(ADMIN, 'POST', `/api/marketplaces/${ACC}/sandbox/tick`, { ticks: 10 });
    expect(t.status).toBe(200);
    expect(t.body.data.settlements_created).toBe(10);
    payouts = await waitFor(async () => {
      const b = await payoutsOf('&sort=period_end&order=asc');
      return b.data.length === 10 ? b.data : null;
    }, 'the 10 payouts', 60_000);
    const byTick = [...payouts].sort((a, b) => Number(a.external_id.split('-')[1]) - Number(b.external_id.split('-')[1]));
    expect(byTick.map((p) => p.external_id)).toEqual(Array.from({ length: 10 }, (_, i) => `PAYOUT-${i + 1}`));
    expect(byTick.map((p) => p.status)).toEqual([...Array(9).fill('paid'), 'in_transit']);
    expect(byTick[9].received_date).toBeNull();
    for (const p of payouts) {
      expect(p).toMatchObject({ marketplace: 'ebay', account_name: 'Payouts eBay', source: 'connector', currency: 'USD' });
      expect(p.lines_count).toBeGreaterThan(0);
      expect(p.expected_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    payouts = byTick;
  }, 180_000);

  it("lines add up to the deposit but for the deliberate mismatch; the first is plain; each deliberate error shows", { timeout: 180_000 }, async () => {
    const details = await detailsOf(payouts);
    const first = details[0];
    expect(first.net_cents).toBe(first.gross_cents - first.fees_cents);
    expect(first.lines.filter((l) => l.kind === 'sale').every((l) => l.order_id !== null)).toBe(true);
    const mismatched = details.filter((d) => d.lines_total_cents !== d.net_cents);
    expect(mismatched).toHaveLength(1);
    expect(mismatched[0].net_cents).toBeLessThan(mismatched[0].lines_total_cents);
    for (const d of details) {
      expect(d.lines).toHaveLength(d.lines_count);
      expect(d.lines.map((l) => l.line_no)).toEqual(d.lines.map((_, i) => i + 1));
      expect(d.gross_cents - d.fees_cents - d.refunds_cents - d.reserve_cents + d.adjustments_cents).toBe(d.lines_total_cents);
      // every sale line found the order it paid
      for (const l of d.lines.filter((x) => x.kind === 'sale')) {
        expect(l.order_id).not.toBeNull();
        expect(l.external_order_id?.startsWith(PREFIX)).toBe(true);
      }
    }
    const all = details.flatMap((d) => d.lines);
    expect(all.some((l) => l.kind === 'fee' && l.description.includes('overcharged'))).toBe(true);
    expect(all.some((l) => l.kind === 'adjustment' && l.amount_cents < 0)).toBe(true);
    expect(all.some((l) => l.kind === 'refund')).toBe(true);
    expect(all.some((l) => l.kind === 'reserve_held')).toBe(true);
    expect(all.some((l) => l.kind === 'reserve_released')).toBe(true);
    expect(new Set(all.filter((l) => l.kind === 'fee').map((l) => l.fee_type))).toEqual(new Set(['referral', 'payment_processing', 'advertising']));
    // the missing order: sold before the last payout, paid by none
    const paid = new Set(all.filter((l) => l.kind === 'sale').map((l) => l.external_order_id));
    const sold = await inTenant<string[]>(async (tx) => (await tx.query<{ e: string }>(
      `select external_id as e from sandbox_orders where marketplace_id = $1 and settled_tick <= 10`, [ACC],
    )).rows.map((r) => r.e));
    expect(sold.filter((e) => !paid.has(e))).toHaveLength(1);
  });

  it("the ledger: the receivable of these orders and payouts is what is still unpaid, the reserve what is still held; a payout moving to paid posts nothing twice", async () => {
    // every order shipped: the sale entries recognize sale − the schedule's fee (as the outbox does on orders.status_changed)
    const orders = await inTenant<{ id: string; sale: number }[]>(async (tx) => (await tx.query<{ id: string; sale: string }>(
      `select id, subtotal_cents + shipping_cents as sale from orders where tenant_id = $1 and marketplace = 'ebay' and external_order_id like $2`, [T, `${PREFIX}%`],
    )).rows.map((r) => ({ id: r.id, sale: Number(r.sale) })));
    expect(orders.length).toBeGreaterThanOrEqual(20);
    await inTenant(async (tx) => {
      await postLedger(tx, T, orders.map((o) => ({ subject: 'orders.status_changed', json: JSON.stringify({ id: o.id, from: 'ordered_from_supplier', to: 'shipped', reason: 'test' }), tenantSeq: null })));
    });
    const check = async () => {
      const list = (await payoutsOf()).data;
      const details = await detailsOf(list);
      const paidOrders = new Set(details.flatMap((d) => d.lines.filter((l) => l.kind === 'sale').map((l) => l.order_id)));
      const unpaid = orders.filter((o) => !paidOrders.has(o.id)).reduce((a, o) => a + o.sale - feeCents('ebay', o.sale), 0);
      const sent = details.filter((d) => d.status === 'paid' || d.status === 'in_transit');
      const shortfall = sent.reduce((a, d) => a + d.lines_total_cents - d.net_cents, 0);
      const held = sent.reduce((a, d) => a + d.reserve_cents, 0);
      const books = await inTenant<Record<string, number>>(async (tx) => {
        const { rows } = await tx.query<{ account: string; n: string }>(
          `select p.account, sum(p.amount_cents) as n from ledger_postings p join ledger_entries e on e.id = p.entry_id
            where e.tenant_id = $1 and ((e.object_type = 'order' and e.object_id = any($2::text[])) or (e.object_type = 'settlement' and e.object_id = any($3::text[])))
            group by p.account`,
          [T, orders.map((o) => o.id), list.map((p) => p.id)],
        );
        return Object.fromEntries(rows.map((r) => [r.account, Number(r.n)]));
      });
      expect(books['marketplace_receivable:ebay']).toBe(unpaid + shortfall);
      expect(books.marketplace_reserve ?? 0).toBe(held);
      // what arrived is cash: every sent payout's deposit
      expect(books.cash).toBe(sent.reduce((a, d) => a + d.net_cents, 0));
      // the entries of each payout, by payout
      return inTenant<Map<string, number>>(async (tx) => new Map((await tx.query<{ id: string; n: string }>(
        `select object_id as id, count(*) as n from ledger_entries where tenant_id = $1 and object_type = 'settlement' and object_id = any($2::text[]) group by object_id`,
        [T, list.map((p) => p.id)],
      )).rows.map((r) => [r.id, Number(r.n)])));
    };
    const before = await check();
    // one more day: the payout in transit arrives (its status moves, it posts nothing again) and a new one is sent
    const t = await call(ADMIN, 'POST', `/api/marketplaces/${ACC}/sandbox/tick`, { ticks: 1 });
    expect(t.status).toBe(200);
    const list = await waitFor(async () => {
      const b = await payoutsOf();
      return b.data.length === 11 && b.data.find((p) => p.external_id === 'PAYOUT-10')?.status === 'paid' ? b.data : null;
    }, 'payout 10 paid and payout 11', 120_000);
    const last = list.find((p) => p.external_id === 'PAYOUT-11')!;
    expect(last.status).toBe('in_transit');
    const newOrders = await inTenant<{ id: string; sale: number }[]>(async (tx) => (await tx.query<{ id: string; sale: string }>(
      `select id, subtotal_cents + shipping_cents as sale from orders where tenant_id = $1 and marketplace = 'ebay' and external_order_id like $2 and not (id = any($3::text[]))`,
      [T, `${PREFIX}%`, orders.map((o) => o.id)],
    )).rows.map((r) => ({ id: r.id, sale: Number(r.sale) })));
    await inTenant(async (tx) => {
      await postLedger(tx, T, newOrders.map((o) => ({ subject: 'orders.status_changed', json: JSON.stringify({ id: o.id, from: 'ordered_from_supplier', to: 'shipped', reason: 'test' }), tenantSeq: null })));
    });
    orders.push(...newOrders);
    const after = await check();
    // payout 10 was posted when it was sent: arriving posts nothing again; payout 11 posted its own
    for (const [id, n] of before) expect([id, after.get(id)]).toEqual([id, n]);
    expect(after.get(last.id)).toBeGreaterThanOrEqual(1);
  }, 180_000);
});

describe('GET /api/payouts', () => {
  it('filters by status, marketplace and period, sorts, searches by payout id and pages', { timeout: 180_000 }, async () => {
    const all = await payoutsOf();
    expect(all.pagination.total).toBe(11);
    const transit = await payoutsOf('&status=in_transit');
    expect(transit.data.map((p) => p.external_id)).toEqual(['PAYOUT-11']);
    expect((await payoutsOf('&status=paid,failed')).pagination.total).toBe(10);
    expect((await payoutsOf('&marketplace=amazon')).pagination.total).toBe(0);
    expect((await payoutsOf('&marketplace=ebay')).pagination.total).toBe(11);
    const today = all.data[0].period_end.slice(0, 10);
    expect((await payoutsOf(`&from=${today}&to=${today}`)).pagination.total).toBe(11);
    expect((await payoutsOf('&to=2000-01-01')).pagination.total).toBe(0);
    const asc = (await payoutsOf('&sort=net_cents&order=asc')).data.map((p) => p.net_cents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await payoutsOf('&sort=gross_cents&order=desc')).data.map((p) => p.gross_cents);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const found = await payoutsOf('&search=payout-1');
    expect(found.data.map((p) => p.external_id).sort()).toEqual(['PAYOUT-1', 'PAYOUT-10', 'PAYOUT-11']);
    const p1 = await call(SELLER, 'GET', `/api/payouts?marketplace_id=${ACC}&sort=net_cents&order=asc&limit=5&offset=0`);
    const p2 = await call(SELLER, 'GET', `/api/payouts?marketplace_id=${ACC}&sort=net_cents&order=asc&limit=5&offset=5`);
    expect(p1.body.pagination).toMatchObject({ total: 11, limit: 5, offset: 0 });
    expect([...p1.body.data, ...p2.body.data].map((p: PayoutRow) => p.id)).toEqual((await payoutsOf('&sort=net_cents&order=asc')).data.slice(0, 10).map((p) => p.id));
    const bad = await call(SELLER, 'GET', '/api/payouts?status=lost&sort=nope');
    expect(bad.status).toBe(400);
  });

  it('one payout: its lines paged and filtered by kind, totals by kind; 404 for an unknown id', { timeout: 180_000 }, async () => {
    const withFees = (await payoutsOf('&sort=gross_cents&order=desc')).data[0];
    const d = await detail(withFees.id, 'lines_limit=3&lines_offset=0');
    expect(d.lines).toHaveLength(3);
    expect(d.lines_page).toEqual({ total: withFees.lines_count, limit: 3, offset: 0 });
    expect(d.lines.map((l) => l.line_no)).toEqual([1, 2, 3]);
    const fees = await detail(withFees.id, 'kind=fee&lines_limit=200');
    expect(fees.lines.every((l) => l.kind === 'fee')).toBe(true);
    expect(fees.lines.reduce((a, l) => a + l.amount_cents, 0)).toBe(d.totals.filter((x) => x.kind === 'fee').reduce((a, x) => a + x.amount_cents, 0));
    expect(d.totals.find((x) => x.kind === 'sale')!.amount_cents).toBe(d.gross_cents);
    const missing = await call(SELLER, 'GET', '/api/payouts/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await call(SELLER, 'GET', '/api/payouts/not-a-uuid')).status).toBe(400);
  });

  it('exports the filtered view as CSV', { timeout: 180_000 }, async () => {
    const r = await h.app.inject({ method: 'GET', url: `/api/payouts/export.csv?marketplace_id=${ACC}&status=paid&sort=period_end&order=asc`, headers: await import('./tokens').then((m) => m.headersFor(h, SELLER)) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const rows = r.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe('Payout ID,Marketplace,Account,Period Start,Period End,Status,Currency,Orders,Gross,Fees,Refunds,Reserve,Adjustments,Net,Expected Date,Received Date,Lines,Source');
    expect(rows).toHaveLength(11);
    expect(rows.slice(1).every((l) => l.includes(',ebay,Payouts eBay,') && l.includes(',paid,'))).toBe(true);
  });

  it('net paid per week by marketplace for the chart', { timeout: 180_000 }, async () => {
    const r = await call(SELLER, 'GET', '/api/payouts/weekly?weeks=4');
    expect(r.status).toBe(200);
    const ebay = (r.body.data as { marketplace: string; net_cents: number; payouts: number }[]).filter((w) => w.marketplace === 'ebay');
    const ours = (await payoutsOf()).data;
    expect(ebay.reduce((a, w) => a + w.payouts, 0)).toBeGreaterThanOrEqual(ours.length);
  });

  it('keeps tenants apart and answers the roles that read capital', { timeout: 180_000 }, async () => {
    const nw = await call(NW, 'GET', `/api/payouts?marketplace_id=${ACC}`);
    expect(nw.status).toBe(200);
    expect(nw.body.pagination.total).toBe(0);
    const one = (await payoutsOf()).data[0];
    expect((await call(NW, 'GET', `/api/payouts/${one.id}`)).status).toBe(404);
    // row-level security: the lines are invisible inside Northwind's transaction (the test's PGlite user owns the tables)
    const seen = await inTenant<number>(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from payout_lines where payout_id = $1', [one.id])).rows[0].n), NORTHWIND_TENANT.id);
    if (h.databaseUrl) expect(seen).toBe(0);
    for (const who of [ADMIN, 'agent@demo.local', SELLER]) expect((await call(who, 'GET', '/api/payouts?limit=1')).status).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/payouts' })).statusCode).toBe(401);
  });
});
