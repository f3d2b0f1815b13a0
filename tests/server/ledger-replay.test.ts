/**
 * The Demo Store's whole history against its books (docs/ledger.md "Seeded history", "What posts
 * what"): the seeded history (opening entries, back-dated), then facts as they happen (orders given
 * a purchase order and a label, an order cancelled with its purchase order open, the weekly payment
 * of suppliers and carriers). Every account's balance, summed from the postings, equals what the
 * business tables say: each marketplace's receivable = its shipped sales − their fees − refunds +
 * the fees given back − payouts; revenue, fees, refunds; cost of goods = purchase orders not
 * rejected or cancelled; shipping = labels not voided; the payables paid to zero from cash. Every
 * entry balances, the books sum to zero, and a 90-day window of cash-relevant entries has data.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { costOrder } from './ledger-support';
import { feeBaseCents, feeCents, refundFeeCreditCents } from '../../contract/marketplaces';
import { MARKETPLACES, type Marketplace } from '../../contract/orders';
import { SOLD_STATUSES } from '../../server/ledger/history';
import { lastCutoff, payPayables } from '../../server/ledger/payables';
import type { Tx } from '../../server/db';

let h: Harness;
const SELLER = 'seller@demo.local';
const inDemo = <T>(fn: (tx: Tx) => Promise<T>) => h.db.transaction(fn, { tenantId: DEMO_TENANT.id });
const num = (x: unknown) => Number(x ?? 0);

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

/** The balance each account should hold, from the business tables alone (no ledger table read). */
async function expectedFromBusiness(): Promise<Map<string, number>> {
  return inDemo(async (tx) => {
    const want = new Map<string, number>();
    const add = (a: string, c: number) => want.set(a, (want.get(a) ?? 0) + c);
    const sold = await tx.query<{ marketplace: Marketplace; subtotal_cents: string; shipping_cents: string }>(
      'select marketplace, subtotal_cents, shipping_cents from orders where tenant_id = $1 and status = any($2::text[])', [DEMO_TENANT.id, SOLD_STATUSES],
    );
    for (const o of sold.rows) {
      const sale = feeBaseCents({ subtotal_cents: num(o.subtotal_cents), shipping_cents: num(o.shipping_cents) });
      const fee = feeCents(o.marketplace, sale);
      add('sales_revenue', -sale);
      add('marketplace_fees', fee);
      add(`marketplace_receivable:${o.marketplace}`, sale - fee);
    }
    const refunds = await tx.query<{ marketplace: Marketplace; refund_cents: string }>(
      `select o.marketplace, r.refund_cents from returns r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id
        where r.tenant_id = $1 and r.status = 'refunded'`, [DEMO_TENANT.id],
    );
    for (const r of refunds.rows) {
      const credit = refundFeeCreditCents(r.marketplace, num(r.refund_cents));
      add('refunds', num(r.refund_cents));
      add(`marketplace_receivable:${r.marketplace}`, -num(r.refund_cents) + credit);
      add('marketplace_fees', -credit);
    }
    const payouts = await tx.query<{ kind: Marketplace; net: string }>(
      `select a.kind, sum(s.net_cents) as net from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id
        where s.tenant_id = $1 group by a.kind`, [DEMO_TENANT.id],
    );
    for (const p of payouts.rows) {
      add('cash', num(p.net));
      add(`marketplace_receivable:${p.kind}`, -num(p.net));
    }
    const cogs = num((await tx.query<{ t: string }>(
      `select coalesce(sum(total_cents), 0) as t from purchase_orders where tenant_id = $1 and status not in ('rejected', 'cancelled')`, [DEMO_TENANT.id],
    )).rows[0].t);
    const postage = num((await tx.query<{ t: string }>(
      `select coalesce(sum(rate_cents), 0) as t from shipments where tenant_id = $1 and status <> 'voided'`, [DEMO_TENANT.id],
    )).rows[0].t);
    // everything was bought before the payment run's cutoff: the payables are paid to zero, from cash
    add('cost_of_goods', cogs);
    add('shipping_expense', postage);
    add('cash', -cogs - postage);
    return want;
  });
}

describe('the Demo Store replayed against its business tables', () => {
  it('holds its seeded history from the seed on: opening entries dated when each fact happened', async () => {
    const r = await inDemo((tx) => tx.query<{ n: string; first: Date; last: Date; kinds: string[] }>(
      `select count(*) as n, min(occurred_at) as first, max(occurred_at) as last, array_agg(distinct kind order by kind) as kinds
         from ledger_entries where tenant_id = $1 and event_seq is null`, [DEMO_TENANT.id],
    ));
    const row = r.rows[0];
    expect(num(row.n)).toBeGreaterThan(1000);
    expect(row.kinds).toEqual(expect.arrayContaining(['sale', 'refund', 'refund_fee_clawback']));
    // back-dated over the seed's 180 days, not all written "now"
    expect(new Date(row.last).getTime() - new Date(row.first).getTime()).toBeGreaterThan(90 * 86_400_000);
    // a 90-day cashflow window has entries on its receivables
    const recent = await inDemo((tx) => tx.query<{ n: string }>(
      `select count(*) as n from ledger_postings where tenant_id = $1 and account like 'marketplace_receivable:%' and occurred_at > now() - interval '90 days'`, [DEMO_TENANT.id],
    ));
    expect(num(recent.rows[0].n)).toBeGreaterThan(100);
  });

  it('every account balance equals the business tables after live facts and the weekly payment run', async () => {
    const supplierId = (await callAs(h, SELLER, 'GET', '/api/suppliers?limit=1')).body.data[0].id as string;
    const pending = (await callAs(h, SELLER, 'GET', '/api/me/orders?status=pending&limit=3')).body.data as { id: string }[];
    expect(pending.length).toBe(3);
    // two orders get their purchase order and label; a third is cancelled with its purchase order open
    await costOrder(h, pending[0].id, { supplierId, poCents: 1234, labelCents: 567 });
    await costOrder(h, pending[1].id, { supplierId, poCents: 2000, labelCents: 700 });
    const cancelled = await costOrder(h, pending[2].id, { supplierId, poCents: 999, labelCents: 450 });
    const c = await callAs(h, SELLER, 'POST', `/api/orders/${pending[2].id}/cancel`, { reason: 'Buyer requested cancellation' });
    expect(c.status).toBe(200);
    const po = (await callAs(h, SELLER, 'GET', `/api/purchase-orders?order_id=${pending[2].id}`)).body.data[0];
    expect(po.status).toBe('cancelled');
    const reversal = await inDemo((tx) => tx.query<{ kind: string; n: string }>(
      `select e.kind, (select sum(p.amount_cents) from ledger_postings p where p.entry_id = e.id and p.account = 'cost_of_goods') as n
         from ledger_entries e where e.tenant_id = $1 and e.idempotency_key = $2`, [DEMO_TENANT.id, `po:${cancelled.poId}:reversed`],
    ));
    expect(reversal.rows.map((r) => [r.kind, num(r.n)])).toEqual([['supplier_cost_reversal', -999]]);

    // the payment run of the Monday after everything: suppliers and carriers paid what they are owed
    const monday = new Date(new Date(lastCutoff(new Date())).getTime() + 7 * 86_400_000);
    expect(await inDemo((tx) => payPayables(tx, DEMO_TENANT.id, monday))).toBe(2);
    expect(await inDemo((tx) => payPayables(tx, DEMO_TENANT.id, monday))).toBe(0); // once

    const want = await expectedFromBusiness();
    const got = new Map(((await callAs(h, SELLER, 'GET', '/api/ledger/accounts')).body.data as { code: string; balance_cents: number }[]).map((a) => [a.code, a.balance_cents]));
    const accounts = ['cash', 'sales_revenue', 'refunds', 'marketplace_fees', 'cost_of_goods', 'shipping_expense', 'supplier_payable', 'shipping_payable',
      ...MARKETPLACES.map((m) => `marketplace_receivable:${m}`)];
    for (const a of accounts) expect(got.get(a) ?? 0, a).toBe(want.get(a) ?? 0);
    expect([...got.values()].reduce((s, x) => s + x, 0)).toBe(0);
    expect(want.get('cost_of_goods')).toBe(1234 + 2000);
  });

  it('every entry balances and every posting belongs to an entry of its tenant', async () => {
    const bad = await inDemo((tx) => tx.query<{ id: string }>(
      `select e.id from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.tenant_id = $1 group by e.id, p.currency having sum(p.amount_cents) <> 0`, [DEMO_TENANT.id],
    ));
    expect(bad.rows).toEqual([]);
    const orphans = await inDemo((tx) => tx.query<{ n: string }>(
      `select count(*) as n from ledger_entries e where e.tenant_id = $1 and not exists (select 1 from ledger_postings p where p.entry_id = e.id)`, [DEMO_TENANT.id],
    ));
    expect(num(orphans.rows[0].n)).toBe(0);
  });
});
