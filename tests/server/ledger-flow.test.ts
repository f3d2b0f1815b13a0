/**
 * The double-entry ledger over HTTP on a real database (docs/ledger.md): an order routed, confirmed,
 * labelled, shipped, returned and refunded posts the expected entries in the transactions of those
 * facts; a voided label reverses its postage and the sale; balances are the sums of the postings and
 * sum to zero; the database refuses an unbalanced entry and any UPDATE or DELETE of the books; a
 * replayed event posts nothing twice; tenants and roles are kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { demoSuppliers, mappedVariant, marketplaceOrder, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';
import { appendEvent, appendEvents, newEvent } from '../../server/events/outbox';
import { ledgerAccountRow, ledgerEntryRow, type LedgerAccountRow, type LedgerEntryRow } from '../../contract/ledger';
import { feeCents, refundFeeCreditCents } from '../../contract/marketplaces';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let supplier: { id: string };
/** When this file's facts began: the seeded history's opening entries are dated before it (docs/ledger.md "Seeded history"). */
let since = '';

const inTenant = <T>(fn: Parameters<Harness['db']['transaction']>[0], tenantId: string = DEMO_TENANT.id) => h.db.transaction(fn, { tenantId }) as Promise<T>;
const tick = async () => expect((await call(AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 })).status).toBe(200);

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  since = new Date().toISOString();
  [supplier] = await demoSuppliers(h, 1);
  expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
}, 120_000);
afterAll(async () => h?.close());

/** Every entry of the caller's tenant, following next_cursor to the end (pages of `limit`). */
async function allEntries(email: string, query = '', limit = 50): Promise<LedgerEntryRow[]> {
  const out: LedgerEntryRow[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const r = await call(email, 'GET', `/api/ledger/entries?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    out.push(...(r.body.data as unknown[]).map((e) => ledgerEntryRow.parse(e)));
    cursor = r.body.pagination.next_cursor;
    if (!cursor) {
      expect(r.body.pagination.total).toBe(out.length);
      return out;
    }
  }
  throw new Error('too many pages');
}

async function accounts(email: string): Promise<Map<string, LedgerAccountRow>> {
  const r = await call(email, 'GET', '/api/ledger/accounts');
  expect(r.status).toBe(200);
  return new Map((r.body.data as unknown[]).map((a) => ledgerAccountRow.parse(a)).map((a) => [a.code, a]));
}

const entriesOf = (all: LedgerEntryRow[], ids: string[]) => all.filter((e) => ids.includes(e.object.id));
const postingsOf = (e: LedgerEntryRow) => Object.fromEntries(e.postings.map((p) => [p.account, p.amount_cents]));

async function shippedOrder(sku: string, price = 2500, cost = 800) {
  const v = await mappedVariant(h, sku, price, [{ supplierId: supplier.id, costCents: cost, stock: 50 }]);
  const id = await marketplaceOrder(h, v, price);
  await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
  await tick();
  await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
  return { id, v };
}

describe('an order through the books', () => {
  it('routed → PO → confirmed → label → shipped → returned → refunded posts each fact once, balanced', async () => {
    const { id } = await shippedOrder('LEDGER-FLOW-1');
    const [po] = (await call(SELLER, 'GET', `/api/purchase-orders?order_id=${id}`)).body.data;
    const [label] = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    expect(po.total_cents).toBe(800);

    // the return: approved (a return label), in transit, received, refunded
    const rid = (await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'defective' })).body.data.id;
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/approve`)).status).toBe(200);
    await tick();
    await waitFor(async () => (await call(SELLER, 'GET', `/api/returns/${rid}`)).body.data.status === 'in_transit', 'the return in transit');
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/receive`, { condition: 'like_new' })).status).toBe(200);
    const ref = await call(SELLER, 'POST', `/api/returns/${rid}/refund`, {});
    expect(ref.status).toBe(200);
    const returnLabel = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data.find((s: { direction: string }) => s.direction === 'return');

    const all = await allEntries(SELLER, '', 500);
    const mine = entriesOf(await allEntries(SELLER, `&from=${since}`, 7), [id, po.id, label.id, returnLabel.id, rid]);
    const byKind = (k: string) => mine.filter((e) => e.kind === k);
    expect(mine.map((e) => e.kind).sort()).toEqual(['label', 'label', 'refund', 'refund_fee_clawback', 'sale', 'supplier_cost']);

    const fee = feeCents('ebay', 2500); // 13.25 % of $25.00 = 331.25 → 331 (half up) + 30 fixed
    expect(fee).toBe(361);
    const [sale] = byKind('sale');
    expect(sale.object).toEqual({ type: 'order', id });
    expect(postingsOf(sale)).toEqual({ 'marketplace_receivable:ebay': 2500 - fee, marketplace_fees: fee, sales_revenue: -2500 });
    const [cost] = byKind('supplier_cost');
    expect(cost.object).toEqual({ type: 'purchase_order', id: po.id });
    expect(postingsOf(cost)).toEqual({ cost_of_goods: 800, supplier_payable: -800 });
    const labels = byKind('label');
    expect(labels.map((e) => e.object.id).sort()).toEqual([label.id, returnLabel.id].sort());
    for (const e of labels) {
      const rate = e.object.id === label.id ? label.rate_cents : returnLabel.rate_cents;
      expect(postingsOf(e)).toEqual({ shipping_expense: rate, shipping_payable: -rate });
    }
    const [refund] = byKind('refund');
    expect(refund.object).toEqual({ type: 'return', id: rid });
    expect(postingsOf(refund)).toEqual({ refunds: 2500, 'marketplace_receivable:ebay': -2500 });
    // eBay gives back its referral fee on the refund (13.25 % of $25.00 = 331) less 20 % of it (66): 265
    const credit = refundFeeCreditCents('ebay', 2500);
    expect(credit).toBe(265);
    const [clawback] = byKind('refund_fee_clawback');
    expect(clawback.object).toEqual({ type: 'return', id: rid });
    expect(postingsOf(clawback)).toEqual({ 'marketplace_receivable:ebay': credit, marketplace_fees: -credit });
    // each came from its event: the tenant's number of it
    for (const e of mine) expect(e.event_seq).toBeGreaterThan(0);

    // the timeline's events are the ones named
    const tl = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { seq: number; subject: string }[];
    expect(tl.find((x) => x.seq === sale.event_seq)?.subject).toBe('orders.status_changed');
    expect(tl.find((x) => x.seq === cost.event_seq)?.subject).toBe('fulfillment.po_placed');

    // balances are the sums of the postings, and they sum to zero
    const acc = await accounts(SELLER);
    const sums = new Map<string, number>();
    for (const e of all) for (const p of e.postings) sums.set(p.account, (sums.get(p.account) ?? 0) + p.amount_cents);
    for (const [code, a] of acc) expect(a.balance_cents, code).toBe(sums.get(code) ?? 0);
    expect([...acc.values()].reduce((s, a) => s + a.balance_cents, 0)).toBe(0);
    expect(acc.get('sales_revenue')!.type).toBe('revenue');
  }, 180_000);

  it('a return refunded after a payout refunded the order recognizes only what goes beyond it: the refund is not counted twice', async () => {
    const { id } = await shippedOrder('LEDGER-FLOW-OVERLAP');
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'Ledger eBay refunds', sandbox_order_rate: 0 })).body.data.id as string;
    const credit = refundFeeCreditCents('ebay', 2500);
    // the marketplace refunded the buyer first: its payout carries the refund line and the fee it gives back
    await inTenant(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, status)
         values ($1, $2, 'PAYOUT-R1', now(), now(), 1, 0, 0, ${-2500 + credit}, 'in_transit') returning id`,
        [DEMO_TENANT.id, acc],
      );
      await tx.query(
        `insert into payout_lines (tenant_id, payout_id, marketplace_id, line_no, order_id, kind, fee_type, amount_cents, currency, description, posted_at)
         values ($1, $2, $3, 1, $4, 'refund', null, -2500, 'USD', 'Refund', now()), ($1, $2, $3, 2, $4, 'fee', 'referral', ${credit}, 'USD', 'Fee credit', now())`,
        [DEMO_TENANT.id, rows[0].id, acc, id],
      );
      await appendEvent(tx, DEMO_TENANT.id, 'marketplaces.settlement_created', { marketplace_id: acc, external_id: 'PAYOUT-R1', net_cents: -2500 + credit });
    });
    const payoutKinds = (await allEntries(SELLER, `&from=${since}`)).filter((e) => e.description.includes('PAYOUT-R1')).map((e) => [e.kind, postingsOf(e)]);
    expect(payoutKinds).toContainEqual(['refund', { refunds: 2500, 'marketplace_receivable:ebay': -2500 }]);
    expect(payoutKinds).toContainEqual(['refund_fee_clawback', { 'marketplace_receivable:ebay': credit, marketplace_fees: -credit }]);

    // then the seller records the return in the console and refunds it: already refunded by the payout
    const rid = (await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'defective' })).body.data.id;
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/approve`)).status).toBe(200);
    await tick();
    await waitFor(async () => (await call(SELLER, 'GET', `/api/returns/${rid}`)).body.data.status === 'in_transit', 'the return in transit');
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/receive`, { condition: 'like_new' })).status).toBe(200);
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/refund`, {})).status).toBe(200);
    const ofReturn = entriesOf(await allEntries(SELLER, `&from=${since}`), [rid]).map((e) => e.kind);
    expect(ofReturn).not.toContain('refund');
    expect(ofReturn).not.toContain('refund_fee_clawback');
    // the order's refunds in the books: once, $25.00
    const refunds = await inTenant<number>(async (tx) => Number((await tx.query<{ n: string }>(
      `select coalesce(sum(p.amount_cents), 0) as n from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.tenant_id = $1 and p.account = 'refunds' and ((e.object_type = 'return' and e.object_id = $2) or e.description like '%PAYOUT-R1%')`,
      [DEMO_TENANT.id, rid],
    )).rows[0].n));
    expect(refunds).toBe(2500);
  }, 180_000);

  it("a payout's sale line that includes the tax (Shopify's charges) is no fee difference: the fee's base is the order's items and shipping", async () => {
    const { id } = await shippedOrder('LEDGER-FLOW-TAX');
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'Ledger eBay tax', sandbox_order_rate: 0 })).body.data.id as string;
    const fee = feeCents('ebay', 2500);
    await inTenant(async (tx) => {
      await tx.query(`update orders set tax_cents = 200 where tenant_id = $1 and id = $2`, [DEMO_TENANT.id, id]);
      const { rows } = await tx.query<{ id: string }>(
        `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, status)
         values ($1, $2, 'PAYOUT-T1', now(), now(), 1, 2700, ${fee}, ${2700 - fee}, 'in_transit') returning id`,
        [DEMO_TENANT.id, acc],
      );
      // the charge with its tax, and the fee the schedule says on the items and shipping
      await tx.query(
        `insert into payout_lines (tenant_id, payout_id, marketplace_id, line_no, order_id, kind, fee_type, amount_cents, currency, description, posted_at)
         values ($1, $2, $3, 1, $4, 'sale', null, 2700, 'USD', 'Charge', now()), ($1, $2, $3, 2, $4, 'fee', 'referral', ${-fee}, 'USD', 'Fee', now())`,
        [DEMO_TENANT.id, rows[0].id, acc, id],
      );
      await appendEvent(tx, DEMO_TENANT.id, 'marketplaces.settlement_created', { marketplace_id: acc, external_id: 'PAYOUT-T1', net_cents: 2700 - fee });
    });
    const kinds = (await allEntries(SELLER, `&from=${since}`)).filter((e) => e.description.includes('PAYOUT-T1')).map((e) => e.kind);
    expect(kinds).toEqual(['settlement']);
  }, 180_000);

  it('a voided label reverses its postage and the sale; the new label and shipment post again', async () => {
    const v = await mappedVariant(h, 'LEDGER-VOID-1', 3000, [{ supplierId: supplier.id, costCents: 900, stock: 50 }]);
    const id = await marketplaceOrder(h, v, 3000);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
    await tick(); // confirmed and labelled; no further tick, so the parcel is not scanned yet
    await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
    const [auto] = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    expect((await call(SELLER, 'POST', `/api/shipments/${auto.id}/void`)).status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.status).toBe('ordered_from_supplier');

    let mine = entriesOf(await allEntries(SELLER, `&from=${since}`), [id, auto.id]);
    const sale = mine.find((e) => e.kind === 'sale')!;
    const reversal = mine.find((e) => e.kind === 'sale_reversal')!;
    expect(reversal.reverses_id).toBe(sale.id);
    expect(postingsOf(reversal)).toEqual(Object.fromEntries(Object.entries(postingsOf(sale)).map(([k, c]) => [k, -c])));
    const bought = mine.find((e) => e.kind === 'label')!;
    const voided = mine.find((e) => e.kind === 'label_void')!;
    expect(voided.reverses_id).toBe(bought.id);
    expect(postingsOf(voided)).toEqual({ shipping_payable: auto.rate_cents, shipping_expense: -auto.rate_cents });

    // a new label ships it again: a second recognition of the sale
    const again = await call(SELLER, 'POST', '/api/shipments', { order_id: id });
    expect(again.status).toBe(201);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped again');
    mine = entriesOf(await allEntries(SELLER, `&from=${since}`), [id]);
    expect(mine.filter((e) => e.kind === 'sale')).toHaveLength(2);
    const net = mine.flatMap((e) => e.postings).filter((p) => p.account === 'sales_revenue').reduce((s, p) => s + p.amount_cents, 0);
    expect(net).toBe(-3000);
  }, 180_000);
});

describe('facts announced by their events alone', () => {
  it('a purchase order rejected reverses its cost, in the same batch or a later one', async () => {
    const po = (id: string, n: string) => newEvent('fulfillment.po_placed', { id, number: n, order_id: 'ORD-X', supplier_id: supplier.id, supplier_name: 'S', attempt: 1, total_cents: 1234 });
    const rejected = (id: string, n: string) => newEvent('fulfillment.po_rejected', { id, number: n, order_id: 'ORD-X', supplier_id: supplier.id, attempt: 1, reason: 'out_of_stock' });
    const [a, b] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    await inTenant((tx) => appendEvents(tx, DEMO_TENANT.id, [po(a, 'PO-A'), rejected(a, 'PO-A')]));
    await inTenant((tx) => appendEvents(tx, DEMO_TENANT.id, [po(b, 'PO-B')]));
    await inTenant((tx) => appendEvents(tx, DEMO_TENANT.id, [rejected(b, 'PO-B'), rejected(b, 'PO-B')]));
    const mine = entriesOf(await allEntries(SELLER, `&from=${since}`), [a, b]);
    for (const id of [a, b]) {
      const placed = mine.find((e) => e.object.id === id && e.kind === 'supplier_cost')!;
      const reversed = mine.filter((e) => e.object.id === id && e.kind === 'supplier_cost_reversal');
      expect(reversed).toHaveLength(1);
      expect(reversed[0].reverses_id).toBe(placed.id);
      expect(postingsOf(reversed[0])).toEqual({ cost_of_goods: -1234, supplier_payable: 1234 });
    }
  });

  it('a payout moves its net from the marketplace receivable to cash', async () => {
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Ledger Amazon', sandbox_order_rate: 0 })).body.data.id as string;
    await inTenant(async (tx) => {
      await tx.query(
        `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents)
         values ($1, $2, 'PAYOUT-L1', now(), now(), 2, 10000, 1500, 8500)`,
        [DEMO_TENANT.id, acc],
      );
      await appendEvent(tx, DEMO_TENANT.id, 'marketplaces.settlement_created', { marketplace_id: acc, external_id: 'PAYOUT-L1', net_cents: 8500 });
    });
    const [e] = (await allEntries(SELLER, `&from=${since}`)).filter((x) => x.kind === 'settlement' && x.description.includes('PAYOUT-L1'));
    expect(e.object.type).toBe('settlement');
    expect(postingsOf(e)).toEqual({ cash: 8500, 'marketplace_receivable:amazon': -8500 });
  });

  it('a payout that fails after it was sent is reversed entry by entry, once; one that fails unsent posts nothing', async () => {
    const acc = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'Ledger eBay failing', sandbox_order_rate: 0 })).body.data.id as string;
    const T = DEMO_TENANT.id;
    const payoutBooks = async (external: string) => inTenant<{ byAccount: Record<string, number>; kinds: string[] }>(async (tx) => {
      const { rows } = await tx.query<{ account: string; kind: string; n: string }>(
        `select p.account, e.kind, sum(p.amount_cents) as n from ledger_entries e join ledger_postings p on p.entry_id = e.id
           join marketplace_settlements s on s.tenant_id = e.tenant_id and e.object_type = 'settlement' and e.object_id = s.id::text
          where e.tenant_id = $1 and s.external_id = $2 group by p.account, e.kind`,
        [T, external],
      );
      const byAccount: Record<string, number> = {};
      for (const r of rows) byAccount[r.account] = (byAccount[r.account] ?? 0) + Number(r.n);
      return { byAccount, kinds: [...new Set(rows.map((r) => r.kind))].sort() };
    });
    const move = (external: string, from: string, to: string) => inTenant(async (tx) => {
      await tx.query(`update marketplace_settlements set status = $3 where tenant_id = $1 and external_id = $2`, [T, external, to]);
      await appendEvent(tx, T, 'marketplaces.payout_status_changed', { marketplace_id: acc, external_id: external, from: from as 'in_transit', to: to as 'failed' });
    });
    await inTenant(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, status)
         values ($1, $2, 'PAYOUT-F1', now(), now(), 1, 10000, 1500, 8000, 'in_transit') returning id`,
        [T, acc],
      );
      // an adjustment line the marketplace took: a difference entry of its own beside the deposit
      await tx.query(
        `insert into payout_lines (tenant_id, payout_id, marketplace_id, line_no, kind, amount_cents, currency, description, posted_at) values ($1, $2, $3, 1, 'adjustment', -500, 'USD', 'Chargeback', now())`,
        [T, rows[0].id, acc],
      );
      await appendEvent(tx, T, 'marketplaces.settlement_created', { marketplace_id: acc, external_id: 'PAYOUT-F1', net_cents: 8000 });
      await tx.query(
        `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, status)
         values ($1, $2, 'PAYOUT-F2', now(), now(), 1, 5000, 500, 4500, 'scheduled')`,
        [T, acc],
      );
      await appendEvent(tx, T, 'marketplaces.settlement_created', { marketplace_id: acc, external_id: 'PAYOUT-F2', net_cents: 4500 });
    });
    const sent = await payoutBooks('PAYOUT-F1');
    expect(sent.byAccount.cash).toBe(8000);
    expect(sent.byAccount.marketplace_adjustments).toBe(500);
    expect(sent.kinds).toEqual(['payout_adjustment', 'settlement']);

    await move('PAYOUT-F1', 'in_transit', 'failed');
    const failed = await payoutBooks('PAYOUT-F1');
    // every account the payout moved is back where it was: no cash arrived, the receivable is owed again
    expect(Object.entries(failed.byAccount).filter(([, n]) => n !== 0)).toEqual([]);
    expect(failed.kinds).toEqual(['payout_adjustment', 'payout_reversal', 'settlement']);
    const reversals = (await allEntries(SELLER, `&from=${since}`)).filter((x) => x.kind === 'payout_reversal' && x.description.includes('PAYOUT-F1'));
    expect(reversals).toHaveLength(2);
    expect(reversals.every((r) => r.object.type === 'settlement' && r.reverses_id !== null)).toBe(true);

    // the same status announced again (a redelivery, a second sync) reverses nothing twice
    await inTenant(async (tx) => appendEvent(tx, T, 'marketplaces.payout_status_changed', { marketplace_id: acc, external_id: 'PAYOUT-F1', from: 'in_transit', to: 'failed' }));
    expect((await allEntries(SELLER, `&from=${since}`)).filter((x) => x.kind === 'payout_reversal' && x.description.includes('PAYOUT-F1'))).toHaveLength(2);

    // scheduled, then failed without being sent: nothing was posted, nothing is reversed
    await move('PAYOUT-F2', 'scheduled', 'failed');
    expect(await payoutBooks('PAYOUT-F2')).toEqual({ byAccount: {}, kinds: [] });
  });
});

describe('the database keeps the books', () => {
  it('refuses an unbalanced entry and an entry without postings at commit', async () => {
    const attempt = (postings: [string, number][]) => inTenant(async (tx) => {
      await tx.query(`insert into ledger_accounts (tenant_id, code, type, name) values ($1, 'cash', 'asset', 'Cash'), ($1, 'sales_revenue', 'revenue', 'Sales revenue') on conflict do nothing`, [DEMO_TENANT.id]);
      const e = await tx.query<{ id: string }>(
        `insert into ledger_entries (tenant_id, kind, description, object_type, object_id, idempotency_key) values ($1, 'adjustment', 'test', 'order', 'X', $2) returning id`,
        [DEMO_TENANT.id, `test:${Math.random()}`],
      );
      for (const [account, amount] of postings) {
        await tx.query(`insert into ledger_postings (tenant_id, entry_id, account, amount_cents, currency, occurred_at) values ($1, $2, $3, $4, 'USD', now())`, [DEMO_TENANT.id, e.rows[0].id, account, amount]);
      }
    });
    await expect(attempt([['cash', 100]])).rejects.toThrow(/unbalanced/);
    await expect(attempt([['cash', 100], ['sales_revenue', -99]])).rejects.toThrow(/unbalanced/);
    await expect(attempt([])).rejects.toThrow(/no postings/);
    // a balanced one commits
    await attempt([['cash', 100], ['sales_revenue', -100]]);
  });

  it('refuses UPDATE and DELETE of postings and entries', async () => {
    await expect(inTenant((tx) => tx.query('update ledger_postings set amount_cents = amount_cents + 1 where tenant_id = $1', [DEMO_TENANT.id]))).rejects.toThrow(/append-only/);
    await expect(inTenant((tx) => tx.query('delete from ledger_postings where tenant_id = $1', [DEMO_TENANT.id]))).rejects.toThrow(/append-only/);
    await expect(inTenant((tx) => tx.query(`update ledger_entries set description = 'x' where tenant_id = $1`, [DEMO_TENANT.id]))).rejects.toThrow(/append-only/);
    await expect(inTenant((tx) => tx.query('delete from ledger_entries where tenant_id = $1', [DEMO_TENANT.id]))).rejects.toThrow(/append-only/);
  });
});

describe('idempotency', () => {
  it('a replayed event posts nothing twice', async () => {
    const { id } = await shippedOrder('LEDGER-REPLAY-1', 4000, 1000);
    const [po] = (await call(SELLER, 'GET', `/api/purchase-orders?order_id=${id}`)).body.data;
    const [label] = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    const before = entriesOf(await allEntries(SELLER, `&from=${since}`), [id, po.id, label.id]);
    expect(before).toHaveLength(3);
    // the same facts announced again, one at a time and in one batch
    await inTenant((tx) => appendEvent(tx, DEMO_TENANT.id, 'orders.status_changed', { id, from: 'ordered_from_supplier', to: 'shipped', reason: 'replayed' }));
    await inTenant((tx) => appendEvents(tx, DEMO_TENANT.id, [
      newEvent('fulfillment.po_placed', { id: po.id, number: po.number, order_id: id, supplier_id: po.supplier_id, supplier_name: 'x', attempt: 1, total_cents: po.total_cents }),
      newEvent('labels.bought', { id: label.id, order_id: id, direction: 'outbound', carrier: label.carrier, service: label.service, rate_cents: label.rate_cents, tracking_number: label.tracking_number, late: false, promised_by: null }),
      newEvent('orders.status_changed', { id, from: 'ordered_from_supplier', to: 'shipped', reason: 'replayed' }),
    ]));
    const after = entriesOf(await allEntries(SELLER, `&from=${since}`), [id, po.id, label.id]);
    expect(after.map((e) => e.id).sort()).toEqual(before.map((e) => e.id).sort());
  }, 120_000);
});

describe('tenants and roles', () => {
  it('another tenant sees none of these books, and every role of the tenant reads them', async () => {
    const demo = await allEntries(ADMIN, '', 500);
    expect(demo.length).toBeGreaterThan(0);
    const nw = await allEntries(NW, '', 500);
    expect(nw.filter((e) => demo.some((d) => d.id === e.id))).toEqual([]);
    const nwAcc = await accounts(NW);
    expect([...nwAcc.values()].reduce((sum, a) => sum + a.balance_cents, 0)).toBe(0);
    expect(nwAcc.get('sales_revenue')!.balance_cents).toBe(nw.flatMap((e) => e.postings).filter((p) => p.account === 'sales_revenue').reduce((sum, p) => sum + p.amount_cents, 0));
    // row-level security: the Demo Store's rows are invisible inside Northwind's transaction
    const seen = await inTenant<number>(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from ledger_postings where tenant_id = $1', [DEMO_TENANT.id])).rows[0].n), NORTHWIND_TENANT.id);
    if (h.databaseUrl) expect(seen).toBe(0);
    for (const who of [ADMIN, AGENT, SELLER]) expect((await call(who, 'GET', '/api/ledger/accounts')).status).toBe(200);
    const anon = await h.app.inject({ method: 'GET', url: '/api/ledger/entries' });
    expect(anon.statusCode).toBe(401);
  });

  it('pages are filtered by account and time, and a foreign cursor is refused', async () => {
    const fees = await allEntries(SELLER, `&from=${since}&account=marketplace_fees`, 2);
    expect(fees.length).toBeGreaterThan(0);
    for (const e of fees) expect(e.postings.some((p) => p.account === 'marketplace_fees')).toBe(true);
    const none = await call(SELLER, 'GET', '/api/ledger/entries?to=2000-01-01');
    expect(none.body.data).toEqual([]);
    const bad = await call(SELLER, 'GET', `/api/ledger/entries?cursor=${Buffer.from('["x","2024-01-01T00:00:00Z","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');
  });
});
