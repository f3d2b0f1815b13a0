/**
 * The sandbox marketplace's payouts with their lines (docs/payouts.md "Sandbox payouts"), as pure
 * functions. One payout per settling tick (every `payout_every_days` simulated days of THE fee
 * schedule, contract/marketplaces.ts): per order a sale line and its fee lines split by type, whose
 * sum is the schedule's fee (`feeCents`); some orders refunded by the marketplace (a refund line
 * and the fee it gives back, `refundFeeCreditCents`); a reserve held on some payouts and released on the next one; and,
 * rarely, one thing wrong (an overcharged fee, a missing order, a reversal, a deposit that does not
 * match its lines) so that reconciliation has something real to find.
 *
 * Every choice is drawn from a PRNG seeded by the account and the tick (or the order), never
 * Math.random: the same orders give the same payouts on every engine and every run. An account's
 * first payout is always plain (every order paid at the schedule, nothing held, refunded or wrong):
 * a newly linked account's first payout shows the schedule as it is.
 *
 * The schedule is the tenant's for each order: a negotiated rate in force at the order's time is what
 * the marketplace charges (`scheduleAt`, server/domain/fee-book.ts, docs/settings.md "Fee overrides").
 */
import { feeCents, FEE_SCHEDULES, refundFeeCreditCents, type FeeSchedule, type MarketplaceKind } from '../../../contract/marketplaces';
import { addCents, DEFAULT_CURRENCY, percentOf, subtractCents, sumCents } from '../../../contract/money';
import type { FeeType, PayoutStatus } from '../../../contract/payouts';
import type { PulledPayoutLine, PulledSettlement } from '../connector';
import { rngOf } from './simulate';

/** An order the sandbox settled on a tick. */
export interface SettledOrder {
  external_id: string;
  /** What the buyer paid for its items (sandbox orders ship free): the fee's base. */
  amount_cents: number;
  created_at: Date;
  settled_tick: number;
  settled_at: Date | null;
}

/** The one thing a payout may get wrong (at most one per payout). */
export const SANDBOX_PAYOUT_ERRORS = ['overcharged_fee', 'missing_order', 'reversal', 'deposit_mismatch'] as const;
export type SandboxPayoutError = (typeof SANDBOX_PAYOUT_ERRORS)[number];

/** Chance per payout (after an account's first) that it gets one thing wrong, by error. */
export const ERROR_RATES: Readonly<Record<SandboxPayoutError, number>> = {
  overcharged_fee: 0.04,
  missing_order: 0.03,
  reversal: 0.02,
  deposit_mismatch: 0.01,
};
/** Chance per payout (after an account's first) that it holds a reserve; the next payout releases it. */
export const RESERVE_RATE = 0.25;
/** The reserve held: this share of the payout's sales, in basis points. */
export const RESERVE_BP = 1000;
/** Chance per order (after an account's first payout) that the marketplace refunds it. */
export const REFUND_RATE = 0.03;

/** The error a payout of `tick` on this account makes, or null (most payouts). */
export function payoutErrorOf(accountId: string, tick: number): SandboxPayoutError | null {
  const r = rngOf(accountId, tick, 'payout-error')();
  let acc = 0;
  for (const e of SANDBOX_PAYOUT_ERRORS) {
    acc += ERROR_RATES[e];
    if (r < acc) return e;
  }
  return null;
}

/** Whether the payout of `tick` holds a reserve. */
export function holdsReserve(accountId: string, tick: number): boolean {
  return rngOf(accountId, tick, 'reserve')() < RESERVE_RATE;
}

/** Whether the marketplace refunds this order (in the payout that pays it). */
export function refundsOrder(accountId: string, externalId: string): boolean {
  return rngOf(accountId, externalId, 'refund')() < REFUND_RATE;
}

/**
 * An order's fee split by type, as each marketplace shows it; the parts sum to the schedule's fee.
 * Amazon: referral and fulfillment (a fifth); eBay: the final value fee (referral) and the fixed
 * per-order fee as payment processing, with a part shown as advertising on promoted orders;
 * Walmart: referral; Shopify: payment processing.
 */
export function feeSplit(kind: MarketplaceKind, amountCents: number, promoted: boolean, schedule: FeeSchedule = FEE_SCHEDULES[kind]): { type: FeeType; cents: number }[] {
  const fee = feeCents(schedule, amountCents);
  const parts: { type: FeeType; cents: number }[] = [];
  switch (kind) {
    case 'amazon': {
      const fulfillment = Math.floor(fee / 5);
      parts.push({ type: 'referral', cents: subtractCents(fee, fulfillment) }, { type: 'fulfillment', cents: fulfillment });
      break;
    }
    case 'ebay': {
      const fixed = Math.min(fee, schedule.fixed_cents);
      const fvf = subtractCents(fee, fixed);
      const ad = promoted ? Math.min(fvf, percentOf(amountCents, 200)) : 0;
      parts.push({ type: 'referral', cents: subtractCents(fvf, ad) }, { type: 'advertising', cents: ad }, { type: 'payment_processing', cents: fixed });
      break;
    }
    case 'walmart':
      parts.push({ type: 'referral', cents: fee });
      break;
    case 'shopify':
      parts.push({ type: 'payment_processing', cents: fee });
      break;
  }
  return parts.filter((p) => p.cents !== 0);
}

export interface SandboxPayout extends PulledSettlement {
  tick: number;
  /** What this payout got wrong on purpose, if anything. */
  error: SandboxPayoutError | null;
  /** The reserve it held (the next payout releases it). */
  reserveHeldCents: number;
  /** The order it left out (`missing_order`). */
  missingOrder: string | null;
}

const KIND_PREFIX: Record<MarketplaceKind, string> = { amazon: 'Amazon', ebay: 'eBay', walmart: 'Walmart', shopify: 'Shopify' };

/** The schedule of an order placed at a time (the tenant's in force then); the standard one when not given. */
export type ScheduleAt = (at: Date) => FeeSchedule;

/**
 * The payout of `tick` from the orders it settles. `previousHeldCents`: the reserve the account's
 * previous payout held (released here). `first`: the account's first payout (plain).
 */
export function payoutOf(
  p: { accountId: string; kind: MarketplaceKind; tick: number; orders: readonly SettledOrder[]; previousHeldCents: number; first: boolean; status: PayoutStatus; scheduleAt?: ScheduleAt },
): SandboxPayout {
  const { accountId, kind, tick } = p;
  const scheduleAt: ScheduleAt = p.scheduleAt ?? (() => FEE_SCHEDULES[kind]);
  const currency = DEFAULT_CURRENCY;
  const error = p.first ? null : payoutErrorOf(accountId, tick);
  const orders = [...p.orders];
  const sentAt = orders.find((o) => o.settled_at)?.settled_at ?? orders[orders.length - 1]?.created_at ?? new Date(0);
  const pick = (what: string) => (orders.length ? Math.floor(rngOf(accountId, tick, what)() * orders.length) : -1);
  let missingOrder: string | null = null;
  if (error === 'missing_order' && orders.length > 1) missingOrder = orders.splice(pick('missing'), 1)[0].external_id;
  const lines: PulledPayoutLine[] = [];
  const line = (l: Omit<PulledPayoutLine, 'currency' | 'externalLineId'>) => lines.push({ ...l, currency, externalLineId: `${kind.toUpperCase()}-TX-${tick}-${lines.length + 1}` });
  const overcharged = error === 'overcharged_fee' ? pick('overcharge') : -1;
  const reversed = error === 'reversal' ? pick('reversal') : -1;
  let gross = 0;
  for (const [i, o] of orders.entries()) {
    const ext = o.external_id;
    line({ kind: 'sale', feeType: null, externalOrderId: ext, amountCents: o.amount_cents, description: `${KIND_PREFIX[kind]} order ${ext}`, postedAt: o.created_at });
    gross = addCents(gross, o.amount_cents);
    const promoted = rngOf(accountId, ext, 'promoted')() < 0.2;
    const schedule = scheduleAt(o.created_at);
    const split = feeSplit(kind, o.amount_cents, promoted, schedule);
    for (const [j, f] of split.entries()) {
      // the overcharge: the order's first fee a tenth higher (at least 50 ¢)
      const extra = i === overcharged && j === 0 ? Math.max(50, Math.round(f.cents / 10)) : 0;
      line({ kind: 'fee', feeType: f.type, externalOrderId: ext, amountCents: -addCents(f.cents, extra), description: `${feeLabel(f.type)} fee${extra ? ' (overcharged)' : ''}`, postedAt: o.created_at });
    }
    if (!p.first && refundsOrder(accountId, ext)) {
      line({ kind: 'refund', feeType: null, externalOrderId: ext, amountCents: -o.amount_cents, description: `Refund to the buyer of ${ext}`, postedAt: sentAt });
      // the fee it gives back: the one rule the ledger applies to a refund (contract/marketplaces.ts)
      const credit = refundFeeCreditCents(schedule, o.amount_cents);
      if (credit) line({ kind: 'fee', feeType: 'referral', externalOrderId: ext, amountCents: credit, description: 'Referral fee refunded (less the refund administration fee)', postedAt: sentAt });
    }
    if (i === reversed) {
      const net = subtractCents(o.amount_cents, sumCents(split.map((f) => f.cents)));
      if (net) line({ kind: 'adjustment', feeType: null, externalOrderId: ext, amountCents: -net, description: `Reversal of the payment for ${ext}`, postedAt: sentAt });
    }
  }
  if (p.previousHeldCents) line({ kind: 'reserve_released', feeType: null, externalOrderId: null, amountCents: p.previousHeldCents, description: 'Reserve released', postedAt: sentAt });
  const reserveHeld = !p.first && holdsReserve(accountId, tick) ? percentOf(gross, RESERVE_BP) : 0;
  if (reserveHeld) line({ kind: 'reserve_held', feeType: null, externalOrderId: null, amountCents: -reserveHeld, description: 'Reserve held', postedAt: sentAt });

  const sumOf = (pred: (l: PulledPayoutLine) => boolean) => sumCents(lines.filter(pred).map((l) => l.amountCents));
  const neg = (x: number) => (x === 0 ? 0 : -x);
  const linesTotal = sumOf(() => true);
  // the deposit that does not match: short by 1–10 % of the lines (at least $1)
  const shortBy = error === 'deposit_mismatch' ? Math.max(100, Math.round(Math.abs(linesTotal) * (0.01 + rngOf(accountId, tick, 'short')() * 0.09))) : 0;
  const day = sentAt.toISOString().slice(0, 10);
  const times = p.orders.map((o) => o.created_at.getTime());
  return {
    tick,
    error: missingOrder || error !== 'missing_order' ? error : null,
    reserveHeldCents: reserveHeld,
    missingOrder,
    externalId: `PAYOUT-${tick}`,
    periodStart: new Date(times.length ? Math.min(...times) : sentAt.getTime()),
    periodEnd: new Date(times.length ? Math.max(...times) : sentAt.getTime()),
    ordersCount: orders.length,
    grossCents: gross,
    feesCents: neg(sumOf((l) => l.kind === 'fee')),
    refundsCents: neg(sumOf((l) => l.kind === 'refund')),
    reserveCents: neg(sumOf((l) => l.kind === 'reserve_held' || l.kind === 'reserve_released')),
    adjustmentsCents: sumOf((l) => l.kind === 'adjustment'),
    netCents: subtractCents(linesTotal, shortBy),
    status: p.status,
    currency,
    expectedDate: day,
    receivedDate: p.status === 'paid' ? day : null,
    lines,
  };
}

const feeLabel = (t: FeeType) => ({ referral: 'Referral', fulfillment: 'Fulfillment', payment_processing: 'Payment processing', advertising: 'Advertising' })[t];

/**
 * The payouts of an account's settled orders after the tick `after`, oldest first. `orders` holds
 * the orders of every tick after `after` and, first, those of the payout just before them (whose
 * reserve the first one built releases). `firstTick`: the account's first settling tick (its plain
 * payout). A payout is `in_transit` on the simulated day it was sent (`currentTick`), `paid` from
 * the next.
 */
export function payoutsOf(p: { accountId: string; kind: MarketplaceKind; orders: readonly SettledOrder[]; firstTick: number | null; after: number; currentTick: number; scheduleAt?: ScheduleAt }): SandboxPayout[] {
  const byTick = new Map<number, SettledOrder[]>();
  for (const o of p.orders) {
    const l = byTick.get(o.settled_tick) ?? [];
    l.push(o);
    byTick.set(o.settled_tick, l);
  }
  const ticks = [...byTick.keys()].sort((a, b) => a - b);
  const out: SandboxPayout[] = [];
  let held = 0;
  for (const t of ticks) {
    const payout = payoutOf({ accountId: p.accountId, kind: p.kind, tick: t, orders: byTick.get(t)!, previousHeldCents: held, first: t === p.firstTick, status: t < p.currentTick ? 'paid' : 'in_transit', scheduleAt: p.scheduleAt });
    held = payout.reserveHeldCents;
    if (t > p.after) out.push(payout);
  }
  return out;
}
