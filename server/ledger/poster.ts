/**
 * The ledger poster (docs/ledger.md "Posting"): called by the outbox (`appendEvents`,
 * server/events/outbox.ts) with the events it has just written, inside the transaction that wrote
 * them, it turns the money-carrying ones into journal entries (server/domain/ledger/journal.ts) in
 * that same transaction: the books change exactly when the business fact commits.
 *
 * Set-based, as the outbox is: whatever the batch (the automation appends thousands of events per
 * round), it reads the business rows it needs in at most one statement per kind of fact (orders and
 * their earlier sale entries, returns, settlements, the entries a rejection reverses) and writes
 * every account, entry and posting in ONE statement. A batch without money events costs nothing but
 * a look at its subjects.
 *
 * Each entry's idempotency key names its business fact (`po:<id>:placed`, `label:<id>:voided`…),
 * unique per tenant: a fact announced twice (a redelivered consumer, a replayed event) posts once.
 */
import type { Tx } from '../db';
import type { EventData } from '../../contract/event-catalogue';
import { LEDGER_ACCOUNT_BY_CODE, receivableAccount, type EntryKind } from '../../contract/ledger';
import type { Marketplace } from '../../contract/orders';
import {
  labelEntry, labelVoidEntry, refundEntry, refundFeeClawbackEntry, reversalEntry, saleEntry, supplierCostEntry,
  type JournalEntry, type PostedEntry, type Posting,
} from '../domain/ledger/journal';
import { failedPayoutReversals, payoutLedgerEntries, POSTED_STATUSES } from './payouts';
import { refundBeyondPayouts } from '../domain/ledger/refund-overlap';
import { loadFeeBook, STANDARD_BOOK } from '../domain/fee-book';

/** An event the outbox wrote: its subject, payload text and the tenant's number of it. */
export interface WrittenEvent {
  subject: string;
  json: string;
  tenantSeq: number | null;
}

const MONEY_SUBJECTS: ReadonlySet<string> = new Set([
  'orders.status_changed', 'fulfillment.po_placed', 'fulfillment.po_rejected', 'fulfillment.po_cancelled', 'labels.bought', 'labels.voided',
  'returns.status_changed', 'marketplaces.settlement_created', 'marketplaces.payout_status_changed',
]);

/** Whether any of these subjects may post (a set lookup per event). */
export function mayPost(subjects: Iterable<string>): boolean {
  for (const s of subjects) if (MONEY_SUBJECTS.has(s)) return true;
  return false;
}

type Fact =
  | { t: 'ship' | 'unship'; orderId: string; seq: number | null }
  | { t: 'po'; d: EventData<'fulfillment.po_placed'>; seq: number | null }
  | { t: 'po_rejected'; d: EventData<'fulfillment.po_rejected'>; seq: number | null }
  | { t: 'po_cancelled'; d: EventData<'fulfillment.po_cancelled'>; seq: number | null }
  | { t: 'label'; d: EventData<'labels.bought'>; seq: number | null }
  | { t: 'void'; d: EventData<'labels.voided'>; seq: number | null }
  | { t: 'refund'; returnId: string; seq: number | null }
  | { t: 'settlement'; d: { marketplace_id: string; external_id: string }; seq: number | null; failed: boolean };

/** The facts of the batch that move money, in the order they happened. */
function factsOf(events: readonly WrittenEvent[]): Fact[] {
  const facts: Fact[] = [];
  for (const e of events) {
    if (!MONEY_SUBJECTS.has(e.subject)) continue;
    const seq = e.tenantSeq;
    switch (e.subject) {
      case 'orders.status_changed': {
        const d = JSON.parse(e.json) as EventData<'orders.status_changed'>;
        if (d.to === 'shipped') facts.push({ t: 'ship', orderId: d.id, seq });
        else if (d.from === 'shipped' && d.to === 'ordered_from_supplier') facts.push({ t: 'unship', orderId: d.id, seq });
        break;
      }
      case 'fulfillment.po_placed': facts.push({ t: 'po', d: JSON.parse(e.json), seq }); break;
      case 'fulfillment.po_rejected': facts.push({ t: 'po_rejected', d: JSON.parse(e.json), seq }); break;
      case 'fulfillment.po_cancelled': facts.push({ t: 'po_cancelled', d: JSON.parse(e.json), seq }); break;
      case 'labels.bought': facts.push({ t: 'label', d: JSON.parse(e.json), seq }); break;
      case 'labels.voided': facts.push({ t: 'void', d: JSON.parse(e.json), seq }); break;
      case 'returns.status_changed': {
        const d = JSON.parse(e.json) as EventData<'returns.status_changed'>;
        if (d.to === 'refunded') facts.push({ t: 'refund', returnId: d.id, seq });
        break;
      }
      case 'marketplaces.settlement_created': {
        const d = JSON.parse(e.json) as EventData<'marketplaces.settlement_created'>;
        facts.push({ t: 'settlement', d: { marketplace_id: d.marketplace_id, external_id: d.external_id }, seq, failed: false });
        break;
      }
      case 'marketplaces.payout_status_changed': {
        const d = JSON.parse(e.json) as EventData<'marketplaces.payout_status_changed'>;
        facts.push({ t: 'settlement', d: { marketplace_id: d.marketplace_id, external_id: d.external_id }, seq, failed: d.to === 'failed' });
        break;
      }
    }
  }
  return facts;
}

interface EntryRow { id: string; key: string; kind: EntryKind; object_id: string; postings: { account: string; amount: number | string; currency: string }[] | string }

const postedOf = (r: EntryRow): PostedEntry => {
  const ps = typeof r.postings === 'string' ? JSON.parse(r.postings) as { account: string; amount: number | string; currency: string }[] : r.postings;
  return { id: r.id, key: r.key, kind: r.kind, postings: ps.map((p): Posting => ({ account: p.account, amount: Number(p.amount), currency: p.currency })) };
};

const ENTRY_JSON = `e.id::text as id, e.idempotency_key as key, e.kind, e.object_id,
  (select json_agg(json_build_object('account', p.account, 'amount', p.amount_cents, 'currency', p.currency) order by p.id) from ledger_postings p where p.entry_id = e.id) as postings`;

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/**
 * Posts the journal entries of the events just written in `tx` (the transaction that wrote them).
 * Answers how many entries were written (facts already in the books are not written again).
 */
export async function postLedger(tx: Tx, tenantId: string, events: readonly WrittenEvent[]): Promise<number> {
  const facts = factsOf(events);
  if (facts.length === 0) return 0;
  const entries: JournalEntry[] = [];
  // entries built earlier in this batch, by key, so that a later fact of the batch can reverse them
  const pending = new Map<string, JournalEntry | null>();

  // orders shipped and unshipped: the order's sale amounts and its sale entries so far, one statement
  const orderIds = uniq(facts.flatMap((f) => (f.t === 'ship' || f.t === 'unship' ? [f.orderId] : [])));
  const orders = new Map<string, { marketplace: Marketplace; subtotal_cents: number; shipping_cents: number; currency: string; created_at: Date; sales: PostedEntry[]; reversals: number }>();
  if (orderIds.length) {
    const { rows } = await tx.query<{ id: string; marketplace: Marketplace; subtotal_cents: string | number; shipping_cents: string | number; currency: string; created_at: Date | string; entries: EntryRow[] | string | null }>(
      `select o.id, o.marketplace, o.subtotal_cents, o.shipping_cents, o.currency, o.created_at,
              (select json_agg(x order by x.key) from (select ${ENTRY_JSON} from ledger_entries e
                 where e.tenant_id = o.tenant_id and e.object_type = 'order' and e.object_id = o.id and e.kind in ('sale', 'sale_reversal')) x) as entries
         from orders o where o.tenant_id = $1 and o.id = any($2::text[])`,
      [tenantId, orderIds],
    );
    for (const r of rows) {
      const es = (typeof r.entries === 'string' ? JSON.parse(r.entries) as EntryRow[] : r.entries ?? []).map(postedOf);
      const sales = es.filter((e) => e.kind === 'sale').sort((a, b) => nOf(a.key) - nOf(b.key));
      orders.set(r.id, { marketplace: r.marketplace, subtotal_cents: Number(r.subtotal_cents), shipping_cents: Number(r.shipping_cents), currency: r.currency, created_at: new Date(r.created_at), sales, reversals: es.length - sales.length });
    }
  }

  // returns refunded: the refund and the order's marketplace, one statement
  const returnIds = uniq(facts.flatMap((f) => (f.t === 'refund' ? [f.returnId] : [])));
  // and what payouts sent already refunded of the order and gave back of its fee, beside its other refunded returns
  const returns = new Map<string, { number: string; order_id: string; refund_cents: number; marketplace: Marketplace; currency: string; order_at: Date; other_returned: number; paid_refunds: number; paid_credits: number }>();
  if (returnIds.length) {
    type ReturnRow = { id: string; number: string; order_id: string; refund_cents: string | number | null; marketplace: Marketplace; currency: string; order_at: Date | string; other_returned: string | number; paid_refunds: string | number; paid_credits: string | number };
    const { rows } = await tx.query<ReturnRow>(
      `select r.id::text as id, r.number, r.order_id, r.refund_cents, o.marketplace, o.currency, o.created_at as order_at,
              coalesce((select sum(x.refund_cents) from returns x where x.tenant_id = $1 and x.order_id = r.order_id and x.status = 'refunded' and x.id <> r.id), 0) as other_returned,
              coalesce(p.refunds, 0) as paid_refunds, coalesce(p.credits, 0) as paid_credits
         from returns r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id
         left join lateral (
           select -sum(l.amount_cents) filter (where l.kind = 'refund') as refunds, sum(l.amount_cents) filter (where l.kind = 'fee' and l.amount_cents > 0) as credits
             from payout_lines l join marketplace_settlements s on s.tenant_id = l.tenant_id and s.id = l.payout_id and s.status = any($3::text[])
            where l.tenant_id = $1 and l.order_id = r.order_id and l.kind in ('refund', 'fee')
         ) p on true
        where r.tenant_id = $1 and r.id = any($2::uuid[])`,
      [tenantId, returnIds, POSTED_STATUSES],
    );
    for (const r of rows) returns.set(r.id, { ...r, order_at: new Date(r.order_at), refund_cents: Number(r.refund_cents ?? 0), other_returned: Number(r.other_returned), paid_refunds: Number(r.paid_refunds), paid_credits: Number(r.paid_credits) });
  }

  // the tenant's fee schedules over time (docs/settings.md "Fee overrides"): one statement for the
  // batch, only when a sale, a refund or a payout is in it; each order's fee on its time's schedule
  const payoutFacts = facts.flatMap((f) => (f.t === 'settlement' ? [{ ...f.d, seq: f.seq }] : []));
  const fees = orders.size || returns.size || payoutFacts.length ? await loadFeeBook(tx, tenantId) : STANDARD_BOOK;

  // payouts: each with its lines summed, once it is sent (server/ledger/payouts.ts), one statement
  const payouts = await payoutLedgerEntries(tx, tenantId, payoutFacts, fees);
  // payouts that failed after they were sent: what they posted is undone (one statement, only when one moved)
  const failed = facts.some((f) => f.t === 'settlement' && f.failed) ? await failedPayoutReversals(tx, tenantId, payoutFacts) : [];

  // the entries a rejection or a void undoes, by key, one statement
  const reversedKeys = uniq(facts.flatMap((f) => (f.t === 'po_rejected' || f.t === 'po_cancelled' ? [`po:${f.d.id}:placed`] : f.t === 'void' ? [`label:${f.d.id}:bought`] : [])));
  const originals = new Map<string, PostedEntry>();
  if (reversedKeys.length) {
    const { rows } = await tx.query<EntryRow>(`select ${ENTRY_JSON} from ledger_entries e where e.tenant_id = $1 and e.idempotency_key = any($2::text[])`, [tenantId, reversedKeys]);
    for (const r of rows) originals.set(r.key, postedOf(r));
  }

  const push = (e: JournalEntry | null) => {
    if (e) entries.push(e);
    return e;
  };
  for (const f of facts) {
    switch (f.t) {
      case 'ship': {
        const o = orders.get(f.orderId);
        if (!o || o.sales.length > o.reversals) break; // already recognized (a repeat) or gone
        const e = saleEntry({
          orderId: f.orderId, marketplace: o.marketplace, subtotal_cents: o.subtotal_cents, shipping_cents: o.shipping_cents, currency: o.currency, n: o.sales.length + 1, eventSeq: f.seq,
          schedule: fees.at(o.marketplace, o.created_at),
        });
        // an order of nothing still counts as recognized, so that a later unship reverses nothing
        o.sales.push(e ? { id: '', key: e.key, kind: 'sale', postings: e.postings } : { id: '', key: `order:${f.orderId}:sale:${o.sales.length + 1}`, kind: 'sale', postings: [] });
        push(e);
        break;
      }
      case 'unship': {
        const o = orders.get(f.orderId);
        if (!o || o.sales.length <= o.reversals) break; // nothing recognized to undo
        const sale = o.sales[o.sales.length - 1];
        o.reversals += 1;
        if (sale.postings.length === 0) break;
        push(withReverses(reversalEntry(sale, {
          key: `order:${f.orderId}:sale_reversal:${o.reversals}`, kind: 'sale_reversal', description: `${f.orderId} back to ordered from supplier: sale reversed`,
          objectType: 'order', objectId: f.orderId, eventSeq: f.seq,
        }), sale));
        break;
      }
      case 'po':
        pending.set(`po:${f.d.id}:placed`, push(supplierCostEntry({ id: f.d.id, number: f.d.number, orderId: f.d.order_id, totalCents: f.d.total_cents, eventSeq: f.seq })));
        break;
      case 'po_rejected': {
        const key = `po:${f.d.id}:placed`;
        const original = originals.get(key) ?? asPosted(pending.get(key));
        if (!original) break; // placed before the ledger existed, or of nothing
        push(withReverses(reversalEntry(original, {
          key: `po:${f.d.id}:reversed`, kind: 'supplier_cost_reversal', description: `${f.d.number} rejected by the supplier: cost reversed`,
          objectType: 'purchase_order', objectId: f.d.id, eventSeq: f.seq,
        }), original));
        break;
      }
      case 'po_cancelled': {
        // the order was cancelled with this PO open: the supplier's cost is reversed (the same key as a rejection: a PO is undone once)
        const key = `po:${f.d.id}:placed`;
        const original = originals.get(key) ?? asPosted(pending.get(key));
        if (!original) break;
        push(withReverses(reversalEntry(original, {
          key: `po:${f.d.id}:reversed`, kind: 'supplier_cost_reversal', description: `${f.d.number} cancelled with ${f.d.order_id}: cost reversed`,
          objectType: 'purchase_order', objectId: f.d.id, eventSeq: f.seq,
        }), original));
        break;
      }
      case 'label':
        pending.set(`label:${f.d.id}:bought`, push(labelEntry({ id: f.d.id, orderId: f.d.order_id, direction: f.d.direction, trackingNumber: f.d.tracking_number, cents: f.d.rate_cents, eventSeq: f.seq })));
        break;
      case 'void': {
        const original = originals.get(`label:${f.d.id}:bought`) ?? asPosted(pending.get(`label:${f.d.id}:bought`));
        const e = labelVoidEntry({ id: f.d.id, orderId: f.d.order_id, direction: 'outbound', trackingNumber: f.d.tracking_number, cents: f.d.refund_cents, eventSeq: f.seq }, null);
        push(e && original ? withReverses(e, original) : e);
        break;
      }
      case 'refund': {
        const r = returns.get(f.returnId);
        if (!r) break;
        const schedule = fees.at(r.marketplace, r.order_at);
        const facts = { returnId: f.returnId, number: r.number, orderId: r.order_id, marketplace: r.marketplace, refundCents: r.refund_cents, currency: r.currency, eventSeq: f.seq, schedule };
        if (r.paid_refunds === 0 && r.paid_credits === 0) {
          push(refundEntry(facts));
          push(refundFeeClawbackEntry(facts)); // the marketplace gives back its fee on the refund (docs/ledger.md)
          break;
        }
        // a payout already refunded (part of) this order: only what goes beyond it (docs/ledger.md "What posts what")
        const beyond = refundBeyondPayouts({
          marketplace: r.marketplace, schedule, refundCents: r.refund_cents, otherReturnedCents: r.other_returned, payoutRefundCents: r.paid_refunds, payoutFeeCreditCents: r.paid_credits,
        });
        push(refundEntry({ ...facts, refundCents: beyond.refundCents }));
        push(refundFeeClawbackEntry({ ...facts, feeCreditCents: beyond.feeCreditCents }));
        break;
      }
      case 'settlement':
        for (const e of payouts.get(`${f.d.marketplace_id}:${f.d.external_id}`) ?? []) push(e);
        break;
    }
  }
  entries.push(...failed);
  return writeEntries(tx, tenantId, entries);
}

const asPosted = (e: JournalEntry | null | undefined): PostedEntry | undefined => (e ? { id: '', key: e.key, kind: e.kind, postings: e.postings } : undefined);
const nOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/** A reversal points at the entry it undoes: by id when it is in the books, by key when it is in this batch. */
function withReverses(e: JournalEntry, original: PostedEntry): JournalEntry & { reversesKey?: string } {
  return original.id ? { ...e, reversesId: original.id } : { ...e, reversesId: null, reversesKey: original.key };
}

/**
 * Writes the accounts the entries use (if new), the entries (those whose key the tenant's books do
 * not hold yet) and their postings in ONE statement. An entry whose key is already there is skipped
 * with its postings: the fact is in the books. An entry happens now unless it says when
 * (`occurredAt`: the opening entries of seeded history, a weekly payment run's cutoff).
 */
export async function writeEntries(tx: Tx, tenantId: string, all: readonly (JournalEntry & { reversesKey?: string })[]): Promise<number> {
  // one entry per key within a batch (the first wins, as the database's unique key would have it)
  const seen = new Set<string>();
  const entries = all.filter((e) => !seen.has(e.key) && !!seen.add(e.key));
  if (entries.length === 0) return 0;
  const accounts = uniq(entries.flatMap((e) => e.postings.map((p) => p.account)));
  const specOf = (code: string) => LEDGER_ACCOUNT_BY_CODE.get(code) ?? (code.startsWith('marketplace_receivable:') ? receivableAccount(code.split(':')[1] as Marketplace) : null);
  const specs = accounts.map((c) => {
    const s = specOf(c);
    if (!s) throw new Error(`ledger account ${c} is not in the chart (contract/ledger.ts)`);
    return s;
  });
  const ps = entries.flatMap((e) => e.postings.map((p) => ({ key: e.key, ...p })));
  const { rows } = await tx.query<{ n: number | string }>(
    `with a as (
       insert into ledger_accounts (tenant_id, code, type, name)
       select $1::uuid, c, t, n from unnest($2::text[], $3::text[], $4::text[]) as x(c, t, n)
       on conflict (tenant_id, code) do nothing
     ), k as (
       select * from unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int8[], $11::uuid[], $12::text[], $17::timestamptz[])
         with ordinality as k(key, kind, description, object_type, object_id, event_seq, reverses_id, reverses_key, occurred_at, n)
     ), ids as (
       select k.*, gen_random_uuid() as id from k
     ), e as (
       insert into ledger_entries (id, tenant_id, kind, description, object_type, object_id, event_seq, reverses_id, idempotency_key, occurred_at)
       select i.id, $1::uuid, i.kind, i.description, i.object_type, i.object_id, i.event_seq, coalesce(i.reverses_id, r.id), i.key, coalesce(i.occurred_at, now())
         from ids i left join ids r on r.key = i.reverses_key
        order by i.n
       on conflict (tenant_id, idempotency_key) do nothing
       returning id, idempotency_key, occurred_at
     ), p as (
       insert into ledger_postings (tenant_id, entry_id, account, amount_cents, currency, occurred_at)
       select $1::uuid, e.id, p.account, p.amount, p.currency, e.occurred_at
         from e join unnest($13::text[], $14::text[], $15::int8[], $16::text[]) with ordinality as p(key, account, amount, currency, n) on p.key = e.idempotency_key
        order by p.n
     )
     select count(*) as n from e`,
    [
      tenantId,
      specs.map((s) => s.code), specs.map((s) => s.type), specs.map((s) => s.name),
      entries.map((e) => e.key), entries.map((e) => e.kind), entries.map((e) => e.description), entries.map((e) => e.objectType), entries.map((e) => e.objectId),
      entries.map((e) => e.eventSeq), entries.map((e) => e.reversesId), entries.map((e) => e.reversesKey ?? null),
      ps.map((p) => p.key), ps.map((p) => p.account), ps.map((p) => p.amount), ps.map((p) => p.currency),
      entries.map((e) => e.occurredAt ?? null),
    ],
  );
  return Number(rows[0]?.n ?? 0);
}
