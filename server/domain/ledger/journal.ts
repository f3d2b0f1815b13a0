/**
 * What posts what (docs/ledger.md "What posts what"): pure functions from a business fact to its
 * journal entry, in integer cents through contract/money.ts. No I/O: the poster
 * (server/ledger/poster.ts) reads the facts and writes the entries; these decide the postings.
 *
 * A posting is signed: a debit positive, a credit negative. Every entry built here sums to zero per
 * currency (`assertBalanced`), which the database checks again at commit.
 */
import { LEDGER_ACCOUNTS as A, receivableAccount, type EntryKind, type ObjectType } from '../../../contract/ledger';
import { feeBaseCents, feeCents, refundFeeCreditCents, type ScheduleOf } from '../../../contract/marketplaces';
import { addCents, cents, DEFAULT_CURRENCY, subtractCents, type Cents } from '../../../contract/money';
import type { Marketplace } from '../../../contract/orders';

export interface Posting {
  account: string;
  amount: Cents;
  currency: string;
}

export interface JournalEntry {
  /** Unique per tenant: the same business fact always has the same key, so it posts once. */
  key: string;
  kind: EntryKind;
  description: string;
  objectType: ObjectType;
  objectId: string;
  /** The tenant's number of the causing event. */
  eventSeq: number | null;
  /** The id of the entry this one reverses. */
  reversesId: string | null;
  postings: Posting[];
  /**
   * When the fact happened (ISO), for an entry written after the fact (the opening entries of
   * seeded history, docs/ledger.md "Seeded history"); absent, the entry happens when it is written.
   */
  occurredAt?: string;
}

/** An entry as the books hold it, enough to reverse it. */
export interface PostedEntry {
  id: string;
  key: string;
  kind: EntryKind;
  postings: Posting[];
}

/** The sum of postings per currency (a balanced entry: every sum 0). */
export function sumsByCurrency(postings: readonly Posting[]): Map<string, Cents> {
  const m = new Map<string, Cents>();
  for (const p of postings) m.set(p.currency, addCents(m.get(p.currency) ?? 0, p.amount));
  return m;
}

export function isBalanced(postings: readonly Posting[]): boolean {
  return [...sumsByCurrency(postings).values()].every((s) => s === 0);
}

/** Throws unless the entry's postings sum to zero per currency and it has some. */
export function assertBalanced(e: JournalEntry): JournalEntry {
  if (e.postings.length === 0) throw new RangeError(`ledger entry ${e.key} has no postings`);
  if (!isBalanced(e.postings)) throw new RangeError(`ledger entry ${e.key} is unbalanced`);
  return e;
}

/** The postings without the zero amounts (a posting of 0 moves nothing; the database refuses it). */
const nonZero = (ps: Posting[]): Posting[] => ps.filter((p) => p.amount !== 0).map((p) => ({ ...p, amount: cents(p.amount), currency: p.currency.toUpperCase() }));

export interface SaleFacts {
  orderId: string;
  marketplace: Marketplace;
  subtotal_cents: number;
  shipping_cents: number;
  currency: string;
  /** Which recognition of the order's sale this is (1, then 2 after a reversal and a new shipment). */
  n: number;
  eventSeq: number | null;
  /**
   * The order's fee schedule: the tenant's effective one at the order's time (server/domain/fee-book.ts,
   * docs/settings.md "Fee overrides"); the marketplace's standard one when absent.
   */
  schedule?: ScheduleOf;
}

/**
 * An order shipped: the sale is revenue (items + the shipping the buyer paid: the fee's base, never
 * the tax, which the marketplace collects and remits), the marketplace's fee from THE fee schedule
 * is an expense, and what is left is owed by the marketplace. Null for a sale of nothing (a
 * replacement order at no charge).
 */
export function saleEntry(f: SaleFacts): JournalEntry | null {
  const sale = feeBaseCents(f);
  if (sale === 0) return null;
  const fee = feeCents(f.schedule ?? f.marketplace, sale);
  return assertBalanced({
    key: `order:${f.orderId}:sale:${f.n}`,
    kind: 'sale',
    description: `${f.orderId} shipped: sale on ${f.marketplace}`,
    objectType: 'order',
    objectId: f.orderId,
    eventSeq: f.eventSeq,
    reversesId: null,
    postings: nonZero([
      { account: receivableAccount(f.marketplace).code, amount: subtractCents(sale, fee), currency: f.currency },
      { account: A.marketplaceFees.code, amount: fee, currency: f.currency },
      { account: A.salesRevenue.code, amount: -sale, currency: f.currency },
    ]),
  });
}

/** The entry that undoes `original`: the same postings with the opposite signs. */
export function reversalEntry(original: PostedEntry, r: { key: string; kind: EntryKind; description: string; objectType: ObjectType; objectId: string; eventSeq: number | null }): JournalEntry {
  return assertBalanced({
    ...r,
    reversesId: original.id,
    postings: original.postings.map((p) => ({ account: p.account, amount: cents(-p.amount), currency: p.currency })),
  });
}

export interface PurchaseOrderFacts { id: string; number: string; orderId: string; totalCents: number; eventSeq: number | null }

/** A purchase order placed: the supplier's cost is owed to it. Null for a PO of nothing. */
export function supplierCostEntry(po: PurchaseOrderFacts): JournalEntry | null {
  if (po.totalCents === 0) return null;
  return assertBalanced({
    key: `po:${po.id}:placed`,
    kind: 'supplier_cost',
    description: `${po.number} placed for ${po.orderId}`,
    objectType: 'purchase_order',
    objectId: po.id,
    eventSeq: po.eventSeq,
    reversesId: null,
    postings: [
      { account: A.costOfGoods.code, amount: cents(po.totalCents), currency: DEFAULT_CURRENCY },
      { account: A.supplierPayable.code, amount: cents(-po.totalCents), currency: DEFAULT_CURRENCY },
    ],
  });
}

export interface LabelFacts { id: string; orderId: string; direction: 'outbound' | 'return'; trackingNumber: string; cents: number; eventSeq: number | null }

/** A label bought: postage is an expense, owed to the carrier. Null for a free label. */
export function labelEntry(l: LabelFacts): JournalEntry | null {
  if (l.cents === 0) return null;
  return assertBalanced({
    key: `label:${l.id}:bought`,
    kind: 'label',
    description: `${l.direction === 'return' ? 'Return label' : 'Label'} ${l.trackingNumber} for ${l.orderId}`,
    objectType: 'shipment',
    objectId: l.id,
    eventSeq: l.eventSeq,
    reversesId: null,
    postings: [
      { account: A.shippingExpense.code, amount: cents(l.cents), currency: DEFAULT_CURRENCY },
      { account: A.shippingPayable.code, amount: cents(-l.cents), currency: DEFAULT_CURRENCY },
    ],
  });
}

/** A label voided: its refund reverses the postage (`cents` is the refund). */
export function labelVoidEntry(l: LabelFacts, reversesId: string | null): JournalEntry | null {
  if (l.cents === 0) return null;
  return assertBalanced({
    key: `label:${l.id}:voided`,
    kind: 'label_void',
    description: `Label ${l.trackingNumber} of ${l.orderId} voided: postage refunded`,
    objectType: 'shipment',
    objectId: l.id,
    eventSeq: l.eventSeq,
    reversesId,
    postings: [
      { account: A.shippingPayable.code, amount: cents(l.cents), currency: DEFAULT_CURRENCY },
      { account: A.shippingExpense.code, amount: cents(-l.cents), currency: DEFAULT_CURRENCY },
    ],
  });
}

export interface RefundFacts {
  returnId: string; number: string; orderId: string; marketplace: Marketplace; refundCents: number; currency: string; eventSeq: number | null;
  /** The fee the marketplace gives back with it, when not the schedule's credit of `refundCents` (a payout already gave part back: refund-overlap.ts). */
  feeCreditCents?: number;
  /** The order's fee schedule (as `SaleFacts.schedule`): its rate is what the credit gives back of. */
  schedule?: ScheduleOf;
}

/** A return refunded: the refund reduces revenue (contra-revenue) and what the marketplace owes. */
export function refundEntry(r: RefundFacts): JournalEntry | null {
  if (r.refundCents === 0) return null;
  return assertBalanced({
    key: `return:${r.returnId}:refunded`,
    kind: 'refund',
    description: `${r.number} of ${r.orderId} refunded`,
    objectType: 'return',
    objectId: r.returnId,
    eventSeq: r.eventSeq,
    reversesId: null,
    postings: nonZero([
      { account: A.refunds.code, amount: r.refundCents, currency: r.currency },
      { account: receivableAccount(r.marketplace).code, amount: -r.refundCents, currency: r.currency },
    ]),
  });
}

export interface SettlementFacts { settlementId: string; marketplaceId: string; marketplace: Marketplace; externalId: string; netCents: number; eventSeq: number | null }

/**
 * A marketplace paid out: the net arrives in cash and settles the receivable (the fees were
 * recognized when each order shipped, so the payout's net is what the receivable holds for it).
 */
export function settlementEntry(s: SettlementFacts): JournalEntry | null {
  if (s.netCents === 0) return null;
  return assertBalanced({
    key: `settlement:${s.marketplaceId}:${s.externalId}`,
    kind: 'settlement',
    description: `Payout ${s.externalId} from ${s.marketplace}`,
    objectType: 'settlement',
    objectId: s.settlementId,
    eventSeq: s.eventSeq,
    reversesId: null,
    postings: [
      { account: A.cash.code, amount: cents(s.netCents), currency: DEFAULT_CURRENCY },
      { account: receivableAccount(s.marketplace).code, amount: cents(-s.netCents), currency: DEFAULT_CURRENCY },
    ],
  });
}

/**
 * A refund's fee credit: the marketplace gives back the referral part of its fee on the refunded
 * amount, less its refund administration fee (contract/marketplaces.ts `refundFeeCreditCents`);
 * the credit lowers the fees and is owed by the marketplace with its next payout. Null for none.
 */
export function refundFeeClawbackEntry(r: RefundFacts): JournalEntry | null {
  const credit = r.feeCreditCents ?? refundFeeCreditCents(r.schedule ?? r.marketplace, r.refundCents);
  if (credit === 0) return null;
  return assertBalanced({
    key: `return:${r.returnId}:fee_clawback`,
    kind: 'refund_fee_clawback',
    description: `${r.number} of ${r.orderId} refunded: ${r.marketplace} gives back its fee`,
    objectType: 'return',
    objectId: r.returnId,
    eventSeq: r.eventSeq,
    reversesId: null,
    postings: [
      { account: receivableAccount(r.marketplace).code, amount: cents(credit), currency: r.currency.toUpperCase() },
      { account: A.marketplaceFees.code, amount: cents(-credit), currency: r.currency.toUpperCase() },
    ],
  });
}

export interface PayableRunFacts {
  /** Which payable: the suppliers' or the carriers'. */
  payee: 'supplier' | 'carrier';
  /** The run's cutoff (ISO instant, a Monday 00:00 UTC): what the payable held before it is paid. */
  cutoff: string;
  /** The payable's balance before the cutoff (a liability: negative when money is owed). */
  balanceCents: number;
  tenantId: string;
}

/**
 * The weekly payment run (docs/ledger.md "Paying suppliers and carriers"): on each Monday 00:00 UTC
 * the tenant pays what the payable held before it, from cash; a payable that holds a credit (a
 * purchase order cancelled after the week it was paid for) is refunded into cash the same way.
 * Null when nothing is owed either way.
 */
export function payableRunEntry(f: PayableRunFacts): JournalEntry | null {
  if (f.balanceCents === 0) return null;
  const account = f.payee === 'supplier' ? A.supplierPayable.code : A.shippingPayable.code;
  const who = f.payee === 'supplier' ? 'suppliers' : 'carriers';
  const day = f.cutoff.slice(0, 10);
  return assertBalanced({
    key: `${f.payee}_payment:${day}`,
    kind: f.payee === 'supplier' ? 'supplier_payment' : 'carrier_payment',
    description: f.balanceCents < 0 ? `Payment to ${who} for the week before ${day}` : `Refund from ${who} for the week before ${day}`,
    objectType: 'tenant',
    objectId: f.tenantId,
    eventSeq: null,
    reversesId: null,
    occurredAt: f.cutoff,
    postings: [
      { account, amount: cents(-f.balanceCents), currency: DEFAULT_CURRENCY },
      { account: A.cash.code, amount: cents(f.balanceCents), currency: DEFAULT_CURRENCY },
    ],
  });
}
