/**
 * Eligibility and offers (docs/capital.md "Offers"): pure functions from what the tenant's books and
 * tables say (`EligibilityBasis`, read by server/api/capital/eligibility.ts) to the offers of the
 * three shapes, each with its terms and total cost, and the reasons that deny or cap them. Integer
 * cents through contract/money.ts: a principal's bound is rounded down to whole dollars, a fee half
 * up (THE rule), a holdback share is basis points.
 */
import { CAPITAL_RULES as R, OFFER_KIND_LABEL, type CapitalOffer, type CapitalReason, type EligibilityBasis, type OfferKind, type RiskTier } from '../../../contract/capital';
import { BP, formatCents, mulDivCeil, pctOfFloor, percentOf, type Cents } from '../../../contract/money';

/** The risk tier a return rate puts the tenant in. */
export function riskOf(returnRateBp: number): RiskTier {
  if (returnRateBp < R.risk.lowBelowBp) return 'low';
  if (returnRateBp < R.risk.mediumBelowBp) return 'medium';
  return 'high';
}

/** A bound on a principal: whole dollars, rounded down (never more than the share). */
export const wholeDollars = (c: Cents): Cents => Math.max(0, c - (c % 100));

/** Sales per day over the window (or over the history when it is shorter), rounded down. */
export function dailySales(b: Pick<EligibilityBasis, 'sales_cents' | 'history_days'>): Cents {
  const days = Math.max(1, Math.min(R.historyWindowDays, b.history_days));
  return Math.floor(b.sales_cents / days);
}

/** Days to repay `total` when `holdbackBp` of `perDay` is held back every day; null when nothing comes in. */
export function repaymentDays(total: Cents, holdbackBp: number, perDay: Cents): number | null {
  const held = pctOfFloor(perDay, holdbackBp);
  return held > 0 ? mulDivCeil(total, 1, held) : null;
}

const pct = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** The largest principal of each kind for this basis, before caps (0: none). */
export function maxPrincipal(kind: OfferKind, b: EligibilityBasis): Cents {
  switch (kind) {
    case 'receivables': return wholeDollars(pctOfFloor(Math.max(0, b.receivables_cents), R.receivables.advanceBp));
    case 'merchant_cash': return wholeDollars(pctOfFloor(b.sales_cents, R.merchantCash.maxOfSalesBp));
    case 'fixed_fee': return wholeDollars(pctOfFloor(Math.floor(b.sales_cents / 3), R.fixedFee.maxOfMonthlySalesBp));
  }
}

export interface Priced {
  fee_cents: Cents;
  holdback_bp: number;
  factor: number | null;
  fee_rate_bp: number;
  term_months: number | null;
  est_repayment_days: number | null;
}

/**
 * What `principal` costs as an offer of `kind` for this basis: the fee, the share of each payout
 * held back, the term. A fixed-fee term holds back the share of the payouts that repays it within
 * its months at the window's sales pace (at least 1 %, at most all of each payout).
 */
export function price(kind: OfferKind, principal: Cents, b: EligibilityBasis, termMonths?: number): Priced {
  const perDay = dailySales(b);
  switch (kind) {
    case 'receivables': {
      const fee = percentOf(principal, R.receivables.feeBp);
      return { fee_cents: fee, holdback_bp: R.receivables.holdbackBp, factor: null, fee_rate_bp: R.receivables.feeBp, term_months: null, est_repayment_days: repaymentDays(principal + fee, R.receivables.holdbackBp, perDay) };
    }
    case 'merchant_cash': {
      const tier = b.risk;
      const factorBp = R.merchantCash.factorBp[tier];
      const fee = percentOf(principal, factorBp - BP);
      const hb = R.merchantCash.holdbackBp[tier];
      return { fee_cents: fee, holdback_bp: hb, factor: factorBp / BP, fee_rate_bp: factorBp - BP, term_months: null, est_repayment_days: repaymentDays(principal + fee, hb, perDay) };
    }
    case 'fixed_fee': {
      const term = R.fixedFee.terms.find((t) => t.months === termMonths) ?? R.fixedFee.terms[0];
      const fee = percentOf(principal, term.feeBp);
      const termSales = perDay * 30 * term.months;
      const hb = termSales > 0 ? Math.min(BP, Math.max(100, mulDivCeil(principal + fee, BP, termSales))) : BP;
      return { fee_cents: fee, holdback_bp: hb, factor: null, fee_rate_bp: term.feeBp, term_months: term.months, est_repayment_days: repaymentDays(principal + fee, hb, perDay) };
    }
  }
}

const DESCRIPTION: Record<OfferKind, (p: Priced) => string> = {
  receivables: (p) => `Up to ${pct(R.receivables.advanceBp)} of what the marketplaces owe you for shipped orders, for a flat ${pct(p.fee_rate_bp)} fee, repaid from your next payouts.`,
  merchant_cash: (p) => `A factor of ${p.factor?.toFixed(3)} on the amount, repaid by holding back ${pct(p.holdback_bp)} of each payout. Pay it off early at any time.`,
  fixed_fee: (p) => `A flat ${pct(p.fee_rate_bp)} fee over ${p.term_months} months, repaid by holding back ${pct(p.holdback_bp)} of each payout.`,
};

export interface Evaluation {
  eligible: boolean;
  offers: CapitalOffer[];
  reasons: CapitalReason[];
}

/**
 * The offers for this basis. Denials (no offer at all): too little history, too few orders, a return
 * rate above the threshold, an advance already open. Caps: open reconciliation problems halve
 * every amount. A kind whose amount is below the minimum is left out, with its reason.
 */
export function evaluate(b: EligibilityBasis): Evaluation {
  const reasons: CapitalReason[] = [];
  if (b.history_days < R.minHistoryDays)
    reasons.push({ code: 'short_history', effect: 'deny', message: `Too little sales history: ${b.history_days} days of orders, at least ${R.minHistoryDays} are needed.` });
  if (b.orders < R.minOrders)
    reasons.push({ code: 'few_orders', effect: 'deny', message: `Too few orders: ${b.orders} in the last ${R.historyWindowDays} days, at least ${R.minOrders} are needed.` });
  if (b.return_rate_bp > R.maxReturnRateBp)
    reasons.push({ code: 'returns_high', effect: 'deny', message: `Return rate ${pct(b.return_rate_bp)} is above ${pct(R.maxReturnRateBp)} (${b.returned_orders} of ${b.shipped_orders} shipped orders returned).` });
  if (b.outstanding_advance)
    reasons.push({ code: 'advance_outstanding', effect: 'deny', message: `Advance ${b.outstanding_advance} is still open: one advance at a time.` });
  if (b.open_problems > 0)
    reasons.push({ code: 'reconciliation_open', effect: 'cap', message: `${b.open_problems} open reconciliation problem${b.open_problems === 1 ? '' : 's'}: every offer is capped at ${pct(R.reconciliationCapBp)} until they are resolved.` });
  if (reasons.some((r) => r.effect === 'deny')) return { eligible: false, offers: [], reasons };

  const capped = b.open_problems > 0;
  const offers: CapitalOffer[] = [];
  const kinds: { kind: OfferKind; term?: number; id: string }[] = [
    { kind: 'receivables', id: 'receivables' },
    { kind: 'merchant_cash', id: 'merchant_cash' },
    ...R.fixedFee.terms.map((t) => ({ kind: 'fixed_fee' as const, term: t.months, id: `fixed_fee_${t.months}m` })),
  ];
  for (const k of kinds) {
    const uncapped = maxPrincipal(k.kind, b);
    const max = capped ? wholeDollars(pctOfFloor(uncapped, R.reconciliationCapBp)) : uncapped;
    if (max < R.minPrincipalCents) {
      if (k.kind === 'receivables' && b.receivables_cents <= 0)
        reasons.push({ code: 'nothing_receivable', effect: 'info', message: 'No receivables advance: the marketplaces owe nothing for shipped orders right now.' });
      else if (!reasons.some((r) => r.code === 'below_minimum' && r.message.startsWith(OFFER_KIND_LABEL[k.kind])))
        reasons.push({ code: 'below_minimum', effect: 'info', message: `${OFFER_KIND_LABEL[k.kind]}: at most ${formatCents(max)}, below the ${formatCents(R.minPrincipalCents)} minimum.` });
      continue;
    }
    const p = price(k.kind, max, b, k.term);
    offers.push({
      id: k.id,
      kind: k.kind,
      title: k.term ? `${OFFER_KIND_LABEL[k.kind]}, ${k.term} months` : OFFER_KIND_LABEL[k.kind],
      max_principal_cents: max,
      principal_cents: max,
      fee_cents: p.fee_cents,
      total_repay_cents: max + p.fee_cents,
      total_cost_cents: p.fee_cents,
      holdback_bp: p.holdback_bp,
      term_months: p.term_months,
      factor: p.factor,
      fee_rate_bp: p.fee_rate_bp,
      est_repayment_days: p.est_repayment_days,
      early_payoff: true,
      description: DESCRIPTION[k.kind](p),
      reasons: capped ? [`Capped at ${pct(R.reconciliationCapBp)} of ${formatCents(uncapped)}: open reconciliation problems.`] : [],
    });
  }
  return { eligible: offers.length > 0, offers, reasons };
}
