/**
 * The reconciliation rules (docs/reconciliation.md "Rules"), pure: when a marketplace should have
 * paid a shipped order, what its fee should have been, and which problems a set of orders, payouts
 * and lines shows. The reconciler (server/api/reconciliation/reconcile.ts) applies the same rules
 * set-based in SQL over a tenant's whole books; tests/unit/reconciliation-rules.test.ts pins these
 * and tests/server/reconciliation.test.ts checks the SQL finds what `findProblems` finds.
 */
import { FEE_SCHEDULES, feeBaseCents, feeCents, type ScheduleOf } from '../../../contract/marketplaces';
import type { Marketplace } from '../../../contract/orders';
import type { ProblemKind } from '../../../contract/reconciliation';
import { subtractCents } from '../../../contract/money';

/** Days between a payout's period end and the money on the bank account (the marketplaces say 1–5 business days). */
export const TRANSIT_DAYS = 3;
/** Payouts received after an order shipped that left it out, before it counts as unpaid whatever the calendar says. */
export const LATER_PAYOUTS_OVERDUE = 2;
/** The fee types the fee schedule covers (contract/marketplaces.ts): the referral / transaction fee and the payment processing fee. */
export const SCHEDULED_FEE_TYPES = ['referral', 'payment_processing'] as const;
/** Order statuses that were shipped (a delivered or returned order was shipped first). */
export const SHIPPED_STATUSES = ['shipped', 'delivered', 'returned'] as const;

const DAY_MS = 86_400_000;

/**
 * The day a shipped order's money should be on the seller's bank account (UTC, YYYY-MM-DD): the
 * marketplace's payout periods are `payout_every_days` long, counted from 1970-01-01; the order is
 * paid by the payout of the first period ending after the day it shipped, TRANSIT_DAYS after that
 * period's end.
 */
export function expectedPayoutDate(kind: Marketplace, shippedAt: Date): string {
  const every = FEE_SCHEDULES[kind].payout_every_days;
  const day = Math.floor(shippedAt.getTime() / DAY_MS);
  const paid = (Math.floor(day / every) + 1) * every + TRANSIT_DAYS;
  return new Date(paid * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The fee the schedule says an order pays (contract/marketplaces.ts `feeCents` of its base): the
 * order's schedule, the tenant's in force at the order's time (docs/settings.md "Fee overrides"), or
 * the marketplace's standard one when not given.
 */
export function scheduledFeeCents(kind: Marketplace, o: { subtotal_cents: number; shipping_cents: number; schedule?: ScheduleOf }): number {
  return feeCents(o.schedule ?? kind, feeBaseCents(o));
}

export interface OrderFacts {
  id: string; marketplace: Marketplace; status: string; subtotal_cents: number; shipping_cents: number; shipped_at: Date | null; external_order_id: string | null;
  /** The order's fee schedule (the tenant's effective one at the order's time); the standard one when absent. */
  schedule?: ScheduleOf;
}
export interface PayoutFacts { id: string; kind: Marketplace; net_cents: number; created_at: Date }
export interface LineFacts { id: string; payout_id: string; kind: string; fee_type: string | null; order_id: string | null; external_order_id: string | null; amount_cents: number }
export interface FoundProblem { kind: ProblemKind; object_key: string; amount_cents: number }

/**
 * The problems the facts show (what the SQL reconciler finds, row by row): orders shipped and not
 * paid past their expected day (or left out by LATER_PAYOUTS_OVERDUE later payouts), fees above the
 * schedule, payouts whose lines do not add up to the deposit, refunds of orders without a return, and
 * sale lines of orders that are not the tenant's. `lines` are matched (order_id set) already.
 */
export function findProblems(orders: readonly OrderFacts[], payouts: readonly PayoutFacts[], lines: readonly LineFacts[], returnsOf: ReadonlySet<string>, now: Date): FoundProblem[] {
  const out: FoundProblem[] = [];
  const byOrder = new Map<string, LineFacts[]>();
  for (const l of lines) if (l.order_id) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  const today = now.toISOString().slice(0, 10);
  for (const o of orders) {
    if (!(SHIPPED_STATUSES as readonly string[]).includes(o.status) || !o.shipped_at) continue;
    const ls = byOrder.get(o.id) ?? [];
    const fee = scheduledFeeCents(o.marketplace, o);
    if (!ls.some((l) => l.kind === 'sale')) {
      const later = payouts.filter((p) => p.kind === o.marketplace && p.created_at > o.shipped_at!).length;
      if (expectedPayoutDate(o.marketplace, o.shipped_at) < today || later >= LATER_PAYOUTS_OVERDUE) {
        out.push({ kind: 'shipped_unpaid', object_key: o.id, amount_cents: Math.max(0, subtractCents(feeBaseCents(o), fee)) });
      }
    }
    const fees = ls.filter((l) => l.kind === 'fee' && (SCHEDULED_FEE_TYPES as readonly string[]).includes(l.fee_type ?? ''));
    if (fees.length) {
      const charged = -fees.reduce((s, l) => s + l.amount_cents, 0);
      if (charged > fee) out.push({ kind: 'fee_above_schedule', object_key: o.id, amount_cents: charged - fee });
    }
  }
  for (const [orderId, ls] of byOrder) {
    const refunded = -ls.filter((l) => l.kind === 'refund').reduce((s, l) => s + l.amount_cents, 0);
    if (refunded > 0 && !returnsOf.has(orderId)) out.push({ kind: 'refund_without_return', object_key: orderId, amount_cents: refunded });
  }
  for (const p of payouts) {
    const ls = lines.filter((l) => l.payout_id === p.id);
    if (!ls.length) continue;
    const sum = ls.reduce((s, l) => s + l.amount_cents, 0);
    if (sum !== p.net_cents) out.push({ kind: 'payout_lines_mismatch', object_key: p.id, amount_cents: Math.abs(p.net_cents - sum) });
  }
  for (const l of lines) {
    if (l.kind === 'sale' && !l.order_id && l.external_order_id) out.push({ kind: 'order_not_found', object_key: l.id, amount_cents: Math.abs(l.amount_cents) });
  }
  return out;
}
