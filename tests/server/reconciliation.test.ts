/**
 * Payout uploads and reconciliation over HTTP on a real database (docs/reconciliation.md): Amazon
 * settlement reports and Shopify payout files become payouts with lines, once; the reconciler finds
 * each deliberate problem once and a rerun adds none; a new problem raises one alert; accept and
 * dispute are audited, take effect once (two at once: one wins, the other 409), write the ledger
 * write-off; roles and tenants are kept apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, headersFor, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { consumersSettled } from './consumers-settled';
import { problemRow, type ProblemRow } from '../../contract/reconciliation';
import { runReconciliation, RECONCILER_CONSUMER } from '../../server/api/reconciliation/runner';

let h: Harness;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const NW = 'owner@northwind.local';
const AMAZON_US = 'c0000000-0000-4000-8000-000000000001';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const upload = async (email: string, kind: string, text: string, query = '') => {
  const headers = { ...(await headersFor(h, email)), 'content-type': kind === 'amazon-settlement' ? 'text/tab-separated-values' : 'text/csv' };
  const res = await fetch(`${h.url}/api/imports/${kind}${query}`, { method: 'POST', headers, body: text });
  return { status: res.status, body: await res.json() };
};
const rows = async <T>(sql: string, args: unknown[] = [], tenantId: string = DEMO_TENANT.id) =>
  (await h.db.transaction((tx) => tx.query<T>(sql, args), { tenantId })).rows;
const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures', name), 'utf8');

/**
 * The US sample with the sandbox's kinds of error made on purpose: the first order's commission is
 * $15.00 above the 15 % schedule, a line pays an order that is not the tenant's, and the deposit is
 * $1.33 more than the lines (the second order's partial refund has no return).
 */
const SETTLEMENT_ID = '11223344556';
function amazonFile(): string {
  const lines = fixture('amazon-settlement-us.txt').split('\r\n');
  lines[1] = lines[1].replace('\t933.67\t', '\t930.00\t');
  const i = lines.findIndex((l) => l.includes('112-1234567-1234567') && l.includes('Commission'));
  lines[i] = lines[i].replace('-150.00', '-165.00');
  const stranger = lines[2].replaceAll('112-1234567-1234567', '112-0000000-0000000').replace('1000.00', '10.00');
  lines.splice(i + 1, 0, stranger);
  return lines.join('\r\n');
}

async function insertShippedOrder(ext: string, subtotal: number, shipping: number, shippedAt: string): Promise<string> {
  const [o] = await rows<{ id: string }>(
    `insert into orders (tenant_id, marketplace, external_order_id, status, subtotal_cents, shipping_cents, total_cents, items_count, created_at, ship_to_country, ship_to)
     values ($1, 'amazon', $2, 'shipped', $3::int8, $4::int8, $3::int8 + $4::int8, 1, $5::timestamptz - interval '2 days', 'US',
             '{"name":"Ada Buyer","line1":"1 Main St","line2":"","city":"Austin","region":"TX","postal_code":"78701","country":"US"}') returning id`,
    [DEMO_TENANT.id, ext, subtotal, shipping, shippedAt],
  );
  await rows(`insert into order_status_history (tenant_id, order_id, from_status, to_status, actor, at) values ($1, $2, 'ordered_from_supplier', 'shipped', 'test', $3)`, [DEMO_TENANT.id, o.id, shippedAt]);
  return o.id;
}

let first: string;
let second: string;
let unpaid: string;

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  first = await insertShippedOrder('112-1234567-1234567', 100000, 0, '2024-03-03T14:00:00Z');
  second = await insertShippedOrder('112-7654321-7654321', 20000, 1000, '2024-03-05T14:00:00Z');
  unpaid = await insertShippedOrder('112-9999999-9999999', 5000, 0, '2024-03-02T14:00:00Z');
}, 120_000);
afterAll(async () => h?.close());

async function page(email: string, query: string): Promise<ProblemRow[]> {
  const r = await call(email, 'GET', `/api/payouts/reconciliation?limit=100${query}`);
  expect(r.status).toBe(200);
  return (r.body.data as unknown[]).map((p) => problemRow.parse(p));
}
/** The problems of this file's orders and payout (the seeded Demo Store has shipped orders of its own), by search. */
async function problems(email: string, query = ''): Promise<ProblemRow[]> {
  if (query.includes('search=')) return page(email, query);
  const pages = await Promise.all(['112-1234567', '112-7654321', '112-9999999', SETTLEMENT_ID].map((q) => page(email, `${query}&search=${q}`)));
  return [...new Map(pages.flat().map((p) => [p.id, p])).values()];
}

describe('uploads', () => {
  it('an Amazon settlement report becomes a payout with its lines on the Amazon account; again: nothing', async () => {
    const dry = await upload(SELLER, 'amazon-settlement', amazonFile(), '?dry_run=true');
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ created: 1, dry_run: true });
    const r = await upload(SELLER, 'amazon-settlement', amazonFile());
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 1, updated: 0, rows: 21 });
    expect(r.body.data.notes[0]).toBe('1 payout(s) with 18 line(s) go to "Amazon US"');
    const [p] = await rows<{ id: string; source: string; net_cents: string; lines_count: number; gross_cents: string; fees_cents: string; refunds_cents: string; reserve_cents: string; status: string; received_date: string }>(
      `select id::text, source, net_cents, lines_count, gross_cents, fees_cents, refunds_cents, reserve_cents, status, received_date::text from marketplace_settlements where marketplace_id = $1 and external_id = $2`, [AMAZON_US, SETTLEMENT_ID]);
    expect(p).toMatchObject({ source: 'import', lines_count: 18, status: 'paid', received_date: '2024-03-17' });
    expect(Number(p.net_cents)).toBe(93000);
    expect(Number(p.gross_cents)).toBe(100000 + 20000 + 1000 + 1000);
    expect(Number(p.fees_cents)).toBe(16500 + 540 + 3150 - 750 + 150 + 2544);
    expect(Number(p.refunds_cents)).toBe(5000);
    expect(Number(p.reserve_cents)).toBe(-2000);
    const lines = await rows<{ order_id: string | null; external_order_id: string | null; kind: string; amount_cents: string }>('select order_id, external_order_id, kind, amount_cents from payout_lines where payout_id = $1 order by line_no', [p.id]);
    expect(lines).toHaveLength(18);
    expect(lines[0]).toMatchObject({ order_id: first, kind: 'sale' });
    expect(lines.filter((l) => l.external_order_id === '112-0000000-0000000').map((l) => l.order_id)).toEqual([null]);
    // the same file again changes nothing, and says so
    const again = await upload(SELLER, 'amazon-settlement', amazonFile());
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, notes: [`Amazon payout ${SETTLEMENT_ID} is already here (uploaded before): nothing changed`] });
    expect(await rows('select 1 from payout_lines where payout_id = $1', [p.id])).toHaveLength(18);
    // posted to the books like a connector's payout
    await consumersSettled(h, [RECONCILER_CONSUMER]);
    const entries = await rows<{ kind: string }>(`select kind from ledger_entries where tenant_id = $1 and idempotency_key = $2`, [DEMO_TENANT.id, `settlement:${AMAZON_US}:${SETTLEMENT_ID}`]);
    expect(entries.map((e) => e.kind)).toEqual(['settlement']);
  });

  it('a payout already received from the connector changes nothing', async () => {
    await rows(
      `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, source)
       values ($1, $2, '99887766554', '2024-03-01', '2024-03-15', 1, 120000, 18410, 106340, 'connector')`, [DEMO_TENANT.id, AMAZON_US]);
    const r = await upload(SELLER, 'amazon-settlement', fixture('amazon-settlement-eu.txt'));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 0, notes: ['Amazon payout 99887766554 is already here (received from the connector): nothing changed'] });
    expect(await rows(`select 1 from marketplace_settlements where external_id = '99887766554'`)).toHaveLength(1);
  });

  it('a Shopify payout file without a Shopify account links one for uploads (paused); twice: once', async () => {
    const r = await upload(SELLER, 'shopify-payouts', fixture('shopify-payouts.csv'));
    expect(r.status).toBe(200);
    expect(r.body.data.created).toBe(2);
    expect(r.body.data.notes).toContain('1 transaction(s) not in a payout yet (no Payout ID, or pending) were left out');
    const acc = await rows<{ id: string; mode: string; status: string }>(`select id::text, mode, status from marketplace_accounts where kind = 'shopify' and name = 'Shopify (uploaded reports)'`);
    expect(acc).toMatchObject([{ mode: 'live', status: 'paused' }]);
    const again = await upload(SELLER, 'shopify-payouts', fixture('shopify-payouts.csv'));
    expect(again.body.data.created).toBe(0);
    expect(await rows(`select status from marketplace_settlements where marketplace_id = $1 order by external_id`, [acc[0].id])).toEqual([{ status: 'paid' }, { status: 'in_transit' }]);
  });

  it('two uploads of one file at once write it once', async () => {
    const file = fixture('shopify-payouts.csv').replaceAll('87123456', '55500001').replaceAll('87123499', '55500002');
    const [a, b] = await Promise.all([upload(SELLER, 'shopify-payouts', file), upload(SELLER, 'shopify-payouts', file)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.created + b.body.data.created).toBe(2);
    expect(await rows(`select 1 from payout_lines l join marketplace_settlements s on s.id = l.payout_id where s.external_id like '5550000%'`)).toHaveLength(9);
  });

  it('reports bad rows and the wrong account in words; writes nothing', async () => {
    const bad = amazonFile().replace('\t1000.00\t', '\tten\t');
    const r = await upload(SELLER, 'amazon-settlement', bad.replaceAll(SETTLEMENT_ID, '77777'));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('import_invalid');
    expect(r.body.details.errors).toEqual([{ row: 3, column: 'amount', reason: 'Not an amount: "ten" (-12.34)' }]);
    const wrong = await upload(SELLER, 'amazon-settlement', amazonFile().replaceAll(SETTLEMENT_ID, '77777'), `?account_id=c0000000-0000-4000-8000-000000000002`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0]).toMatchObject({ column: 'account_id', reason: `"eBay Store" is a ebay account; this file is Amazon's` });
    expect(await rows(`select 1 from marketplace_settlements where external_id = '77777'`)).toHaveLength(0);
  });

  it('the agent may not upload payouts', async () => {
    expect((await upload(AGENT, 'amazon-settlement', amazonFile())).status).toBe(403);
  });
});

describe('reconciliation', () => {
  const ours = (ps: ProblemRow[]) => ps.filter((p) => [first, second, unpaid].includes(p.order_id ?? '') || p.facts.external_payout_id === SETTLEMENT_ID);

  it('finds each deliberate problem once, with its amount and what to do', async () => {
    await consumersSettled(h, [RECONCILER_CONSUMER]);
    const found = ours(await problems(SELLER));
    const byKind = Object.fromEntries(found.map((p) => [p.kind, p]));
    expect(found.map((p) => p.kind).sort()).toEqual(['fee_above_schedule', 'order_not_found', 'payout_lines_mismatch', 'refund_without_return', 'shipped_unpaid']);
    expect(byKind.fee_above_schedule).toMatchObject({ order_id: first, amount_cents: 1500, status: 'open', marketplace: 'amazon', facts: { expected_cents: 15000, charged_cents: 16500 } });
    expect(byKind.fee_above_schedule.explanation).toBe('Amazon charged $165.00 in fees; the fee schedule says $150.00.');
    expect(byKind.fee_above_schedule.what_to_do).toMatch(/dispute|disputed/);
    expect(byKind.refund_without_return).toMatchObject({ order_id: second, amount_cents: 5000 });
    expect(byKind.shipped_unpaid).toMatchObject({ order_id: unpaid, amount_cents: 5000 - 750, facts: { expected_date: '2024-03-17' } });
    expect(byKind.payout_lines_mismatch).toMatchObject({ amount_cents: 133, facts: { deposit_cents: 93000, lines_cents: 92867 } });
    expect(byKind.order_not_found).toMatchObject({ amount_cents: 1000, facts: { external_order_id: '112-0000000-0000000' } });
    // the table's filters and search
    expect((await problems(SELLER, '&kind=fee_above_schedule&status=open&marketplace=amazon')).map((p) => p.id)).toContain(byKind.fee_above_schedule.id);
    expect((await problems(SELLER, `&search=${SETTLEMENT_ID}`)).map((p) => p.kind).sort()).toEqual(['order_not_found', 'payout_lines_mismatch']);
    expect((await call(SELLER, 'GET', '/api/payouts/reconciliation?kind=nope')).status).toBe(400);
  });

  it('a rerun finds nothing new; the new problems raised one alert each kind', async () => {
    const before = await rows<{ n: number }>('select count(*)::int as n from reconciliation_problems');
    const r = await runReconciliation(h.db, DEMO_TENANT.id, { trigger: 'manual' });
    expect(r.opened).toBe(0);
    expect((await rows<{ n: number }>('select count(*)::int as n from reconciliation_problems'))[0].n).toBe(before[0].n);
    const [fee] = ours(await problems(SELLER, '&kind=fee_above_schedule'));
    const alerts = await rows<{ payload: { kind: string; problem_ids: string[] } }>(`select payload from events where subject = 'alerts.reconciliation_problem'`);
    expect(alerts.filter((a) => a.payload.problem_ids.includes(fee.id))).toHaveLength(1);
    expect(alerts.filter((a) => a.payload.kind === 'fee_above_schedule')).toHaveLength(1);
  });

  it('accepting a fee overcharge is audited, once, and writes nothing more: the payout posted it; again: 409', async () => {
    const [fee] = ours(await problems(SELLER, '&kind=fee_above_schedule'));
    const r = await call(SELLER, 'POST', `/api/payouts/reconciliation/${fee.id}/resolve`, { action: 'accept' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'accepted', resolved_by: SELLER });
    const again = await call(SELLER, 'POST', `/api/payouts/reconciliation/${fee.id}/resolve`, { action: 'dispute', note: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`This problem is already accepted by ${SELLER}; nothing was changed.`);
    expect(await rows(`select 1 from ledger_entries where object_id = $1`, [fee.id])).toHaveLength(0);
    const audit = await rows<{ action: string; after: unknown }>(`select action, after from audit_log where resource = 'reconciliation_problem' and resource_id = $1`, [fee.id]);
    expect(audit).toEqual([{ action: 'reconciliation_problem.accept', after: { status: 'accepted', note: null, written_off_cents: 0 } }]);
    // an accepted problem stays accepted on a rerun
    await runReconciliation(h.db, DEMO_TENANT.id, { trigger: 'manual' });
    expect(ours(await problems(SELLER, '&kind=fee_above_schedule'))[0].status).toBe('accepted');
  });

  it("accepting a deposit short of its lines writes the difference off the receivable", async () => {
    const [m] = ours(await problems(SELLER, '&kind=payout_lines_mismatch'));
    const r = await call(SELLER, 'POST', `/api/payouts/reconciliation/${m.id}/resolve`, { action: 'accept', note: 'Amazon kept $1.33' });
    expect(r.status).toBe(200);
    const postings = await rows<{ account: string; amount_cents: string }>(
      `select p.account, p.amount_cents from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.kind = 'reconciliation_writeoff' and e.object_type = 'reconciliation_problem' and e.object_id = $1 order by p.account`, [m.id]);
    // the deposit (930.00) is 1.33 above its lines (928.67): the receivable was credited 1.33 too much
    expect(postings.map((e) => [e.account, Number(e.amount_cents)])).toEqual([['marketplace_adjustments', -133], ['marketplace_receivable:amazon', 133]]);
  });

  it('a dispute needs a note; disputed, it moves no money', async () => {
    const [refund] = ours(await problems(SELLER, '&kind=refund_without_return'));
    const bare = await call(SELLER, 'POST', `/api/payouts/reconciliation/${refund.id}/resolve`, { action: 'dispute' });
    expect(bare.status).toBe(400);
    expect(bare.body.details).toEqual([expect.objectContaining({ field: 'note' })]);
    const r = await call(ADMIN, 'POST', `/api/payouts/reconciliation/${refund.id}/resolve`, { action: 'dispute', note: 'Case 123: the buyer kept the item' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'disputed', note: 'Case 123: the buyer kept the item' });
    expect(await rows(`select 1 from ledger_entries where object_id = $1`, [refund.id])).toHaveLength(0);
  });

  it('two resolves at once: one wins, the other answers 409 in words; one write-off', async () => {
    const [u] = ours(await problems(SELLER, '&kind=shipped_unpaid'));
    const [a, b] = await Promise.all([
      call(SELLER, 'POST', `/api/payouts/reconciliation/${u.id}/resolve`, { action: 'accept' }),
      call(ADMIN, 'POST', `/api/payouts/reconciliation/${u.id}/resolve`, { action: 'accept' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.message).toMatch(/^This problem is already accepted by .+; nothing was changed\.$/);
    const [wo] = await rows<{ kind: string; postings: number }>(`select e.kind, (select count(*)::int from ledger_postings p where p.entry_id = e.id) as postings from ledger_entries e where e.object_id = $1`, [u.id]);
    expect(wo).toEqual({ kind: 'reconciliation_writeoff', postings: 2 });
    expect(await rows(`select 1 from ledger_entries where object_id = $1`, [u.id])).toHaveLength(1);
    expect(await rows(`select 1 from audit_log where resource_id = $1`, [u.id])).toHaveLength(1);
  });

  it('roles: the agent reads and may not decide; tenants see only their own problems', async () => {
    const [nf] = ours(await problems(AGENT, '&kind=order_not_found'));
    expect(nf).toBeDefined();
    expect((await call(AGENT, 'POST', `/api/payouts/reconciliation/${nf.id}/resolve`, { action: 'accept' })).status).toBe(403);
    expect((await problems(NW)).map((p) => p.id)).not.toContain(nf.id);
    expect((await call(NW, 'POST', `/api/payouts/reconciliation/${nf.id}/resolve`, { action: 'accept' })).status).toBe(404);
    expect((await rows('select 1 from reconciliation_problems', [], NORTHWIND_TENANT.id)).length).toBeGreaterThanOrEqual(0);
    expect(await rows('select 1 from reconciliation_problems where id = $1', [nf.id], NORTHWIND_TENANT.id)).toHaveLength(0);
  });

  it('a problem the data no longer shows is resolved by the next run', async () => {
    // the missing order is imported after all: the line now matches it
    const id = await insertShippedOrder('112-0000000-0000000', 1000, 0, '2024-03-04T10:00:00Z');
    const r = await runReconciliation(h.db, DEMO_TENANT.id, { trigger: 'manual' });
    expect(r.resolved).toBeGreaterThanOrEqual(1);
    const [nf] = ours(await problems(SELLER, `&kind=order_not_found&search=${SETTLEMENT_ID}`));
    expect(nf).toMatchObject({ status: 'resolved', resolved_by: 'Reconciliation' });
    expect(await rows('select 1 from payout_lines where order_id = $1', [id])).toHaveLength(1);
  });
});
