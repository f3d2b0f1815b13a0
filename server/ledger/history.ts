/**
 * Opening entries for history written without events (docs/ledger.md "Seeded history"): the seed
 * inserts its orders, returns, purchase orders and labels set-based and without events,
 * so the poster never saw them. `postHistory` writes, for every such business row whose entry the
 * books do not hold yet, the entry the poster would have written when the fact happened, with its
 * real kind and key and back-dated to when it happened (`occurred_at`): a replay of the tenant's
 * whole history then balances against its rows, and a later event about the same object composes
 * with it (an unship reverses the opening sale, a refund is not posted twice).
 *
 * Set-based: one read per kind of fact and ONE write (`writeEntries`) whatever the history's size.
 * No event number (`event_seq` null): no event caused them.
 */
import type { Tx } from '../db';
import type { Marketplace } from '../../contract/orders';
import {
  labelEntry, labelVoidEntry, refundEntry, refundFeeClawbackEntry, reversalEntry, saleEntry, supplierCostEntry,
  type JournalEntry,
} from '../domain/ledger/journal';
import { writeEntries } from './poster';
import { loadFeeBook } from '../domain/fee-book';

/** The statuses of an order whose sale is recognized: it was handed to the carrier and not taken back. */
export const SOLD_STATUSES = ['shipped', 'delivered', 'partially_returned', 'returned'] as const;

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (x: number | string | null) => Number(x ?? 0);

type Entry = JournalEntry & { reversesKey?: string };

/** The opening entries of tenant `tenantId`'s history not in its books yet; answers how many were written. */
export async function postHistory(tx: Tx, tenantId: string): Promise<number> {
  const entries: Entry[] = [];
  const add = (e: JournalEntry | null, at: Date | string) => {
    if (e) entries.push({ ...e, occurredAt: iso(at) });
    return e;
  };

  // each order's fee on the tenant's schedule at the order's time (docs/settings.md "Fee overrides"), read once
  const fees = await loadFeeBook(tx, tenantId);

  // sales: orders past the carrier with no sale in the books, at their (last) step to shipped
  const sales = await tx.query<{ id: string; marketplace: Marketplace; subtotal_cents: string | number; shipping_cents: string | number; currency: string; created_at: Date; at: Date }>(
    `select o.id, o.marketplace, o.subtotal_cents, o.shipping_cents, o.currency, o.created_at,
            coalesce((select max(h.at) from order_status_history h where h.tenant_id = o.tenant_id and h.order_id = o.id and h.to_status = 'shipped'), o.created_at) as at
       from orders o
      where o.tenant_id = $1 and o.status = any($2::text[])
        and not exists (select 1 from ledger_entries e where e.tenant_id = o.tenant_id and e.object_type = 'order' and e.object_id = o.id)
      order by o.created_at, o.id`,
    [tenantId, SOLD_STATUSES],
  );
  for (const o of sales.rows) {
    add(saleEntry({
      orderId: o.id, marketplace: o.marketplace, subtotal_cents: num(o.subtotal_cents), shipping_cents: num(o.shipping_cents), currency: o.currency, n: 1, eventSeq: null,
      schedule: fees.at(o.marketplace, o.created_at),
    }), o.at);
  }

  // refunds (and the fee the marketplace gives back), at the return's step to refunded
  const refunds = await tx.query<{ id: string; number: string; order_id: string; refund_cents: string | number | null; marketplace: Marketplace; currency: string; order_at: Date; at: Date }>(
    `select r.id::text as id, r.number, r.order_id, r.refund_cents, o.marketplace, o.currency, o.created_at as order_at,
            coalesce((select max((s->>'at')::timestamptz) from jsonb_array_elements(r.history) s where s->>'status' = 'refunded'), r.updated_at) as at
       from returns r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id
      where r.tenant_id = $1 and r.status = 'refunded'
        and not exists (select 1 from ledger_entries e where e.tenant_id = r.tenant_id and e.idempotency_key = 'return:' || r.id::text || ':refunded')
      order by r.created_at, r.id`,
    [tenantId],
  );
  for (const r of refunds.rows) {
    const facts = { returnId: r.id, number: r.number, orderId: r.order_id, marketplace: r.marketplace, refundCents: num(r.refund_cents), currency: r.currency, eventSeq: null, schedule: fees.at(r.marketplace, r.order_at) };
    add(refundEntry(facts), r.at);
    add(refundFeeClawbackEntry(facts), r.at);
  }

  // purchase orders: the supplier's cost when placed, reversed when rejected or cancelled
  const pos = await tx.query<{ id: string; number: string; order_id: string; total_cents: string | number; status: string; created_at: Date; updated_at: Date }>(
    `select p.id::text as id, p.number, p.order_id, p.total_cents, p.status, p.created_at, p.updated_at
       from purchase_orders p
      where p.tenant_id = $1
        and not exists (select 1 from ledger_entries e where e.tenant_id = p.tenant_id and e.idempotency_key = 'po:' || p.id::text || ':placed')
      order by p.created_at, p.id`,
    [tenantId],
  );
  for (const p of pos.rows) {
    const placed = add(supplierCostEntry({ id: p.id, number: p.number, orderId: p.order_id, totalCents: num(p.total_cents), eventSeq: null }), p.created_at);
    if (!placed || (p.status !== 'rejected' && p.status !== 'cancelled')) continue;
    const why = p.status === 'rejected' ? 'rejected by the supplier' : `cancelled with ${p.order_id}`;
    const r = reversalEntry({ id: '', key: placed.key, kind: placed.kind, postings: placed.postings }, {
      key: `po:${p.id}:reversed`, kind: 'supplier_cost_reversal', description: `${p.number} ${why}: cost reversed`, objectType: 'purchase_order', objectId: p.id, eventSeq: null,
    });
    entries.push({ ...r, reversesId: null, reversesKey: placed.key, occurredAt: iso(p.updated_at) });
  }

  // labels: postage when bought, refunded when voided
  const labels = await tx.query<{ id: string; order_id: string; direction: 'outbound' | 'return'; tracking_number: string; rate_cents: string | number; bought_at: Date; voided_at: Date | null; status: string }>(
    `select s.id::text as id, s.order_id, s.direction, s.tracking_number, s.rate_cents, s.bought_at, s.voided_at, s.status
       from shipments s
      where s.tenant_id = $1
        and not exists (select 1 from ledger_entries e where e.tenant_id = s.tenant_id and e.idempotency_key = 'label:' || s.id::text || ':bought')
      order by s.bought_at, s.id`,
    [tenantId],
  );
  for (const l of labels.rows) {
    const facts = { id: l.id, orderId: l.order_id, direction: l.direction, trackingNumber: l.tracking_number, cents: num(l.rate_cents), eventSeq: null };
    const bought = add(labelEntry(facts), l.bought_at);
    if (!bought || l.status !== 'voided') continue;
    const v = labelVoidEntry(facts, null);
    if (v) entries.push({ ...v, reversesKey: bought.key, occurredAt: iso(l.voided_at ?? l.bought_at) });
  }

  // payouts are not history: the seed has none, and each payout posts from its own event with its
  // lines (docs/ledger.md "What posts what")

  return writeEntries(tx, tenantId, entries);
}
