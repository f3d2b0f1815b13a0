/**
 * The ledger's read of payouts (docs/ledger.md "What posts what", docs/payouts.md "In the ledger"):
 * for the payouts a batch of events announced (`marketplaces.settlement_created`, or
 * `marketplaces.payout_status_changed`), ONE statement reads each payout, its lines summed by what
 * the ledger needs, and what the refunded orders' returns already recognized; the entries are built
 * by server/domain/ledger (`settlementEntry`, `payoutEntries`). A payout posts once it is sent
 * (in transit or paid): a scheduled one waits for its status to move, a failed one posts nothing —
 * and a payout that fails after it was sent has each of its entries reversed (`failedPayoutReversals`).
 * The entries' keys name the payout, so a payout announced twice posts once.
 */
import type { Tx } from '../db';
import type { Marketplace } from '../../contract/orders';
import { reversalEntry, settlementEntry, type JournalEntry, type PostedEntry, type Posting } from '../domain/ledger/journal';
import { payoutEntries } from '../domain/ledger/payout-entries';
import { STANDARD_BOOK, type FeeBook } from '../domain/fee-book';

export interface PayoutFact { marketplace_id: string; external_id: string; seq: number | null }

/** The statuses in which a payout has left the marketplace: it posts. */
export const POSTED_STATUSES = ['in_transit', 'paid'] as const;

interface Row {
  id: string; marketplace_id: string; external_id: string; kind: Marketplace; net_cents: string | number; currency: string; status: string;
  sales: { base: string | number; at: string | Date }[] | string; fees_charged: string | number; other_credits: string | number; reserve_held: string | number;
  reserve_released: string | number; adjustments: string | number;
  refunds: { order_id: string | null; refund: string | number | null; credit: string | number | null; returned: string | number; at: string | null }[] | string;
}

const arr = <T>(v: T[] | string): T[] => (typeof v === 'string' ? JSON.parse(v) as T[] : v);

/**
 * Each announced payout's entries, by `marketplace_id:external_id` (absent: not sent yet, or unknown).
 * `fees`: the tenant's fee book of the batch (server/domain/fee-book.ts): each sale's scheduled fee on
 * its order's schedule (docs/settings.md "Fee overrides").
 */
export async function payoutLedgerEntries(tx: Tx, tenantId: string, facts: readonly PayoutFact[], fees: FeeBook = STANDARD_BOOK): Promise<Map<string, JournalEntry[]>> {
  const out = new Map<string, JournalEntry[]>();
  if (facts.length === 0) return out;
  const { rows } = await tx.query<Row>(
    `select s.id::text as id, s.marketplace_id::text as marketplace_id, s.external_id, a.kind, s.net_cents, s.currency, s.status,
            z.sales, x.fees_charged, x.other_credits, x.reserve_held, x.reserve_released, x.adjustments, y.refunds
       from (select distinct * from unnest($2::uuid[], $3::text[]) as k(marketplace_id, external_id)) k
       join marketplace_settlements s on s.tenant_id = $1 and s.marketplace_id = k.marketplace_id and s.external_id = k.external_id
       join marketplace_accounts a on a.id = s.marketplace_id
       cross join lateral (
         select coalesce(sum(l.amount_cents) filter (where l.kind = 'fee' and l.amount_cents < 0), 0) as fees_charged,
                coalesce(sum(l.amount_cents) filter (where l.kind = 'fee' and l.amount_cents > 0 and l.order_id is null and l.external_order_id is null), 0) as other_credits,
                coalesce(-sum(l.amount_cents) filter (where l.kind = 'reserve_held'), 0) as reserve_held,
                coalesce(sum(l.amount_cents) filter (where l.kind = 'reserve_released'), 0) as reserve_released,
                coalesce(sum(l.amount_cents) filter (where l.kind = 'adjustment'), 0) as adjustments
           from payout_lines l where l.tenant_id = $1 and l.payout_id = s.id
       ) x
       cross join lateral (
         -- the fee's base of what it paid: an order's own (items and shipping, never the tax a
         -- Shopify charge includes: contract/marketplaces.ts feeBaseCents), once per order, as its
         -- sale entry recognized it; a sale line without an order, its amount. With the order's time
         -- (a line without an order: when it was posted), whose fee schedule applies
         select coalesce(json_agg(json_build_object('base', b.base, 'at', b.at)), '[]') as sales from (
           select case when o.id is null then sum(l.amount_cents) else max(o.subtotal_cents + o.shipping_cents) end as base,
                  coalesce(max(o.created_at), min(l.posted_at)) as at
             from payout_lines l left join orders o on o.tenant_id = $1 and o.id = l.order_id
            where l.tenant_id = $1 and l.payout_id = s.id and l.kind = 'sale'
            group by coalesce(l.order_id, l.id::text), o.id
         ) b
       ) z
       cross join lateral (
         select coalesce(json_agg(json_build_object('order_id', g.order_id, 'refund', g.refund, 'credit', g.credit, 'returned', g.returned, 'at', g.at)), '[]') as refunds
           from (
             select l.order_id,
                    (select o.created_at from orders o where o.tenant_id = $1 and o.id = l.order_id) as at,
                    -sum(l.amount_cents) filter (where l.kind = 'refund') as refund,
                    sum(l.amount_cents) filter (where l.kind = 'fee') as credit,
                    coalesce((select sum(r.refund_cents) from returns r where r.tenant_id = $1 and r.order_id = l.order_id and r.status = 'refunded'), 0) as returned
               from payout_lines l
              where l.tenant_id = $1 and l.payout_id = s.id
                and (l.kind = 'refund' or (l.kind = 'fee' and l.amount_cents > 0 and (l.order_id is not null or l.external_order_id is not null)))
              group by l.order_id, l.external_order_id
           ) g
       ) y
      where s.status = any($4::text[])`,
    [tenantId, facts.map((f) => f.marketplace_id), facts.map((f) => f.external_id), POSTED_STATUSES],
  );
  const seqOf = new Map(facts.map((f) => [`${f.marketplace_id}:${f.external_id}`, f.seq]));
  for (const r of rows) {
    const key = `${r.marketplace_id}:${r.external_id}`;
    const eventSeq = seqOf.get(key) ?? null;
    const entries: JournalEntry[] = [];
    const settled = settlementEntry({ settlementId: r.id, marketplaceId: r.marketplace_id, marketplace: r.kind, externalId: r.external_id, netCents: Number(r.net_cents), eventSeq });
    if (settled) entries.push(settled);
    entries.push(...payoutEntries({
      payoutId: r.id, marketplace: r.kind, externalId: r.external_id, currency: r.currency, eventSeq,
      saleCents: arr(r.sales).map((x) => Number(x.base)),
      saleSchedules: fees.empty ? undefined : arr(r.sales).map((x) => fees.at(r.kind, new Date(x.at))),
      feesChargedCents: Number(r.fees_charged),
      otherFeeCreditsCents: Number(r.other_credits),
      refunds: arr(r.refunds).map((g) => ({
        orderId: g.order_id, refundCents: Number(g.refund ?? 0), feeCreditCents: Number(g.credit ?? 0), returnedCents: Number(g.returned),
        schedule: g.at ? fees.at(r.kind, new Date(g.at)) : undefined,
      })),
      reserveHeldCents: Number(r.reserve_held),
      reserveReleasedCents: Number(r.reserve_released),
      adjustmentsCents: Number(r.adjustments),
    }));
    out.set(key, entries);
  }
  return out;
}

/**
 * The reversals of what the announced payouts that have failed had posted when they were sent
 * (docs/ledger.md "What posts what"): each entry of the payout not reversed yet, undone by an entry
 * of its own keyed `<its key>:failed`, so that a failed payout, sent or not, leaves nothing in the
 * books (the deposit back in the receivable, its fee, refund, reserve and adjustment differences
 * undone: a later payout that carries its lines again posts them then). A repeat reverses nothing.
 */
export async function failedPayoutReversals(tx: Tx, tenantId: string, facts: readonly PayoutFact[]): Promise<JournalEntry[]> {
  if (facts.length === 0) return [];
  const { rows } = await tx.query<{ id: string; key: string; kind: PostedEntry['kind']; payout_id: string; external_id: string; marketplace_id: string; postings: { account: string; amount: number | string; currency: string }[] | string }>(
    `select e.id::text as id, e.idempotency_key as key, e.kind, s.id::text as payout_id, s.external_id, s.marketplace_id::text as marketplace_id,
            (select json_agg(json_build_object('account', p.account, 'amount', p.amount_cents, 'currency', p.currency) order by p.id)
               from ledger_postings p where p.entry_id = e.id) as postings
       from (select distinct * from unnest($2::uuid[], $3::text[]) as k(marketplace_id, external_id)) k
       join marketplace_settlements s on s.tenant_id = $1 and s.marketplace_id = k.marketplace_id and s.external_id = k.external_id and s.status = 'failed'
       join ledger_entries e on e.tenant_id = $1 and e.object_type = 'settlement' and e.object_id = s.id::text and e.reverses_id is null
      where not exists (select 1 from ledger_entries r where r.tenant_id = $1 and r.reverses_id = e.id)
      order by e.occurred_at, e.id`,
    [tenantId, facts.map((f) => f.marketplace_id), facts.map((f) => f.external_id)],
  );
  const seqOf = new Map(facts.map((f) => [`${f.marketplace_id}:${f.external_id}`, f.seq]));
  return rows.map((r) => {
    const ps = (typeof r.postings === 'string' ? JSON.parse(r.postings) as { account: string; amount: number | string; currency: string }[] : r.postings ?? [])
      .map((p): Posting => ({ account: p.account, amount: Number(p.amount), currency: p.currency }));
    const original: PostedEntry = { id: r.id, key: r.key, kind: r.kind, postings: ps };
    return {
      ...reversalEntry(original, {
        key: `${r.key}:failed`, kind: 'payout_reversal', description: `Payout ${r.external_id} failed after it was sent: reversed`,
        objectType: 'settlement', objectId: r.payout_id, eventSeq: seqOf.get(`${r.marketplace_id}:${r.external_id}`) ?? null,
      }),
      reversesId: r.id,
    };
  });
}
