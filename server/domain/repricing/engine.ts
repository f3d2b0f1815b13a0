/**
 * The repricing engine (docs/repricing.md): one pure function from a listing, the competitor
 * offers, the buy-box owner and a rule to a decision. Integer cents throughout; percentages are
 * basis points computed in integers with explicit rounding (money.ts).
 *
 * Order of evaluation: floor and ceiling → scenario (hold, no competition, own buy box, strategy,
 * below floor) → clamp to [floor, ceiling] → maximum change per run → minimum interval.
 */
import { computeFloor } from './floor';
import { formatCents, pctOfCeil, pctOfFloor } from '../../../contract/money';
import { countedOffers } from './offers';
import { reasonOf } from './reason';
import type { Decision, DecisionFlags, EngineInput, EngineOffer, EngineRule, Scenario } from './types';

/** The owner name connectors use for our own listing in the buy box. */
export const OWN_BUY_BOX = 'you';

const at = (o: { seller: string; price_cents: number }) => `${o.seller} at ${formatCents(o.price_cents)}`;

function stepBelow(price: number, r: EngineRule): number {
  return price - (r.step_unit === 'cents' ? r.step_value : pctOfCeil(price, r.step_value));
}
function stepAbove(price: number, r: EngineRule): number {
  return price + (r.step_unit === 'cents' ? r.step_value : pctOfCeil(price, r.step_value));
}

interface Plan {
  scenario: Scenario;
  target: number | null;
  competitor: { seller: string; price_cents: number } | null;
  purpose: string;
}

function strategyPlan(input: EngineInput, lowest: EngineOffer, floor: number): Plan {
  const r = input.rule;
  let ref = { seller: lowest.seller, price_cents: lowest.price_cents };
  let target: number;
  let purpose: string;
  switch (r.strategy) {
    case 'beat_lowest':
      target = stepBelow(ref.price_cents, r);
      purpose = `to beat ${at(ref)}`;
      break;
    case 'match_lowest':
      target = ref.price_cents;
      purpose = `to match ${at(ref)}`;
      break;
    case 'stay_above':
      target = stepAbove(ref.price_cents, r);
      purpose = `to stay above ${at(ref)}`;
      break;
    default: {
      // buy_box: beat whoever holds it (a competitor's buy-box price), else the lowest counted offer.
      const owner = input.buy_box_owner;
      if (owner != null && owner !== OWN_BUY_BOX && input.buy_box_price_cents != null) ref = { seller: owner, price_cents: input.buy_box_price_cents };
      target = stepBelow(ref.price_cents, r);
      purpose = `to take the buy box from ${at(ref)}`;
    }
  }
  if (target >= floor) return { scenario: 'strategy', target, competitor: ref, purpose };
  return r.below_floor === 'floor'
    ? { scenario: 'below_floor', target: floor, competitor: ref, purpose: `to the floor: ${at(ref)} is below it` }
    : { scenario: 'below_floor', target: null, competitor: ref, purpose: `: ${at(ref)} is below the floor` };
}

function plan(input: EngineInput, counted: EngineOffer[], floor: number, ceiling: number | null): Plan {
  const r = input.rule;
  const price = input.listing.price_cents;
  if (r.strategy === 'hold') return { scenario: 'hold', target: null, competitor: null, purpose: '(strategy: hold)' };
  const lowest = counted[0];
  if (!lowest) {
    return r.no_competition === 'ceiling' && ceiling != null
      ? { scenario: 'no_competition', target: ceiling, competitor: null, purpose: 'to the ceiling: no competing offers' }
      : { scenario: 'no_competition', target: null, competitor: null, purpose: ': no competing offers' };
  }
  if (input.buy_box_owner === OWN_BUY_BOX && r.own_buy_box !== 'strategy') {
    const next = { seller: lowest.seller, price_cents: lowest.price_cents };
    if (r.own_buy_box === 'hold') return { scenario: 'own_buy_box', target: null, competitor: next, purpose: ': you own the buy box' };
    // "Reprice upwards": only ever raise while holding the buy box, never chase the next offer down.
    const target = next.price_cents - r.raise_step_cents;
    return target > price
      ? { scenario: 'own_buy_box', target, competitor: next, purpose: `toward ${at(next)} while owning the buy box` }
      : { scenario: 'own_buy_box', target: null, competitor: next, purpose: `: you own the buy box and ${at(next)} leaves no room to raise` };
  }
  return strategyPlan(input, lowest, floor);
}

export function decide(input: EngineInput): Decision {
  const { listing: l, rule: r } = input;
  const f = computeFloor({
    cost_cents: l.cost_cents,
    shipping_cents: l.shipping_cents,
    map_cents: l.map_cents,
    fee_rate_bp: l.fee_rate_bp,
    fee_fixed_cents: l.fee_fixed_cents,
    min_margin_bp: r.min_margin_bp,
  });
  const floor = f.floor_cents;
  const floorAboveCeiling = r.ceiling_cents != null && floor > r.ceiling_cents;
  // The floor wins over a lower ceiling: never sell below cost, fees and margin (or MAP).
  const ceiling = r.ceiling_cents == null ? null : Math.max(r.ceiling_cents, floor);
  const counted = countedOffers(input.offers, r.filters);
  const flags: DecisionFlags = {
    at_floor: false,
    at_ceiling: false,
    floor_above_ceiling: floorAboveCeiling,
    max_change_limited: false,
    too_soon: false,
    missing_cost: l.cost_cents == null,
  };

  const p = plan(input, counted, floor, ceiling);
  let target = p.target;
  let scenario = p.scenario;
  let purpose = p.purpose;
  const price = l.price_cents;

  if (target != null) {
    if (ceiling != null && target > ceiling) target = ceiling;
    if (target < floor) target = floor;
    if (r.max_change_bp != null) {
      const limit = Math.max(1, pctOfFloor(price, r.max_change_bp));
      if (Math.abs(target - price) > limit) {
        target = target < price ? price - limit : price + limit;
        flags.max_change_limited = true;
      }
    }
    if (target === price) {
      target = null;
      purpose = purpose.startsWith('to ') ? `(already priced ${purpose})` : purpose;
    }
  }
  if (target != null && r.min_interval_seconds && l.last_change_at) {
    const elapsed = Math.floor((input.now.getTime() - l.last_change_at.getTime()) / 1000);
    if (elapsed < r.min_interval_seconds) {
      flags.too_soon = true;
      scenario = 'too_soon';
      purpose = `: last change ${Math.max(0, Math.floor(elapsed / 60))} min ago, minimum interval ${Math.ceil(r.min_interval_seconds / 60)} min (would move to ${formatCents(target)})`;
      target = null;
    }
  }
  const final = target ?? price;
  flags.at_floor = final === floor;
  flags.at_ceiling = ceiling != null && final === ceiling;

  const decision: Omit<Decision, 'reason'> = {
    old_price_cents: price,
    new_price_cents: target,
    floor_cents: floor,
    floor_source: f.source,
    ceiling_cents: r.ceiling_cents,
    strategy: r.strategy,
    scenario,
    flags,
    competitor: p.competitor,
    competitors_counted: counted.length,
  };
  return { ...decision, reason: reasonOf({ ...decision, purpose, maxChangeBp: r.max_change_bp }) };
}
