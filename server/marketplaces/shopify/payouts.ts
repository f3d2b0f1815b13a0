/**
 * Shopify Payments payouts as payouts with lines (docs/payouts.md "Shopify"): a payout
 * (`ShopifyPaymentsPayout`) and its balance transactions (`ShopifyPaymentsBalanceTransaction`,
 * `balanceTransactions(query: "payout_id:<id>")`) become a PulledSettlement whose lines are:
 * a CHARGE → a sale (its amount) and a payment-processing fee (its fee); a REFUND → a refund (and a
 * fee line when Shopify charges or returns one); RESERVED_FUNDS → reserve held;
 * RESERVED_FUNDS_WITHDRAWAL / RESERVED_FUNDS_REVERSAL → reserve released; anything else (disputes,
 * adjustments, …) an adjustment of its net. The PAYOUT transaction (the transfer itself) is no line.
 */
import { parseCents, sumCents } from '../../../contract/money';
import type { PayoutStatus } from '../../../contract/payouts';
import type { PulledPayoutLine, PulledSettlement } from '../connector';

export interface ShopifyMoney { amount: string; currencyCode?: string }

export interface ShopifyPayout {
  id: string;
  issuedAt: string;
  status: string;
  net: ShopifyMoney;
  summary?: Record<string, { amount: string }>;
}

export interface ShopifyBalanceTransaction {
  id: string;
  type: string;
  transactionDate: string;
  amount: ShopifyMoney;
  fee: ShopifyMoney;
  net: ShopifyMoney;
  associatedOrder?: { id: string; name?: string | null } | null;
  adjustmentReason?: string | null;
}

/** Shopify's payout status as ours: SCHEDULED, IN_TRANSIT, PAID, FAILED (CANCELED: failed). */
export function payoutStatusOf(s: string): PayoutStatus {
  switch (s) {
    case 'SCHEDULED': return 'scheduled';
    case 'IN_TRANSIT': return 'in_transit';
    case 'PAID': return 'paid';
    default: return 'failed';
  }
}

/** A status Shopify no longer changes: the pull's cursor may pass it. */
export const isFinal = (s: string) => s === 'PAID' || s === 'FAILED' || s === 'CANCELED';

const c = (m: ShopifyMoney | undefined | null) => parseCents(m?.amount) ?? 0;

/** The lines of a payout's balance transactions, oldest first. */
export function linesOf(txs: readonly ShopifyBalanceTransaction[], currency: string): PulledPayoutLine[] {
  const lines: PulledPayoutLine[] = [];
  const sorted = [...txs].sort((a, b) => a.transactionDate.localeCompare(b.transactionDate) || a.id.localeCompare(b.id));
  for (const t of sorted) {
    const order = t.associatedOrder?.id ?? null;
    const base = { externalOrderId: order, externalLineId: t.id, currency: t.amount.currencyCode ?? currency, postedAt: new Date(t.transactionDate) };
    const name = t.associatedOrder?.name ? ` ${t.associatedOrder.name}` : '';
    const fee = c(t.fee);
    switch (t.type) {
      case 'PAYOUT':
        break;
      case 'CHARGE':
        lines.push({ ...base, kind: 'sale', feeType: null, amountCents: c(t.amount), description: `Charge${name}` });
        if (fee) lines.push({ ...base, kind: 'fee', feeType: 'payment_processing', amountCents: -fee, description: `Processing fee${name}` });
        break;
      case 'REFUND':
        lines.push({ ...base, kind: 'refund', feeType: null, amountCents: c(t.amount), description: `Refund${name}` });
        if (fee) lines.push({ ...base, kind: 'fee', feeType: 'payment_processing', amountCents: -fee, description: `Processing fee on the refund${name}` });
        break;
      case 'RESERVED_FUNDS':
        lines.push({ ...base, kind: 'reserve_held', feeType: null, amountCents: c(t.net), description: 'Reserve held' });
        break;
      case 'RESERVED_FUNDS_WITHDRAWAL':
      case 'RESERVED_FUNDS_REVERSAL':
        lines.push({ ...base, kind: 'reserve_released', feeType: null, amountCents: c(t.net), description: 'Reserve released' });
        break;
      default:
        lines.push({ ...base, kind: 'adjustment', feeType: null, amountCents: c(t.net), description: `${t.adjustmentReason || t.type.toLowerCase().replace(/_/g, ' ')}${name}` });
    }
  }
  return lines.filter((l) => l.amountCents !== 0);
}

/** A payout and its transactions as a PulledSettlement (totals from its lines; net as paid). */
export function settlementOf(p: ShopifyPayout, txs: readonly ShopifyBalanceTransaction[]): PulledSettlement {
  const currency = p.net.currencyCode ?? 'USD';
  const lines = linesOf(txs, currency);
  const at = new Date(p.issuedAt);
  const times = lines.map((l) => l.postedAt.getTime());
  const sumOf = (k: PulledPayoutLine['kind'][]) => sumCents(lines.filter((l) => k.includes(l.kind)).map((l) => l.amountCents));
  const neg = (x: number) => (x === 0 ? 0 : -x);
  const status = payoutStatusOf(p.status);
  const day = p.issuedAt.slice(0, 10);
  const summaryGross = c(p.summary?.chargesGross);
  return {
    externalId: p.id,
    periodStart: new Date(times.length ? Math.min(...times) : at.getTime()),
    periodEnd: new Date(times.length ? Math.max(...times) : at.getTime()),
    ordersCount: new Set(lines.filter((l) => l.kind === 'sale' && l.externalOrderId).map((l) => l.externalOrderId)).size,
    // without transactions (an old payout, a token without the scope) the summary's charges stand
    grossCents: lines.length ? sumOf(['sale']) : summaryGross,
    feesCents: lines.length ? neg(sumOf(['fee'])) : c(p.summary?.chargesFee),
    refundsCents: neg(sumOf(['refund'])),
    reserveCents: neg(sumOf(['reserve_held', 'reserve_released'])),
    adjustmentsCents: sumOf(['adjustment']),
    netCents: c(p.net),
    status,
    currency,
    expectedDate: day,
    receivedDate: status === 'paid' ? day : null,
    lines,
  };
}

/** Shopify's numeric id of a GID (`gid://shopify/ShopifyPaymentsPayout/123` → `123`), for its search syntax. */
export const legacyIdOf = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

