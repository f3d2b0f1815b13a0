/**
 * The price floor of a listing (docs/repricing.md "Floor"):
 *   floor = max(MAP, ⌈(cost + shipping + fixed fee) / (1 − fee rate − minimum margin)⌉)
 * in integer cents, the division done in integers over basis points and rounded UP, so a price at
 * the floor always keeps at least the minimum margin after the marketplace's fee.
 */
import { mulDivCeil } from '../../../contract/money';

export interface FloorInput {
  cost_cents: number | null;
  shipping_cents: number;
  map_cents: number | null;
  fee_rate_bp: number;
  fee_fixed_cents: number;
  min_margin_bp: number;
}

export interface Floor {
  floor_cents: number;
  /** What set the floor: the MAP, or cost + fees + margin. */
  source: 'map' | 'cost';
  /** The cost-based floor alone (0 when the cost is unknown). */
  cost_floor_cents: number;
}

/** Thrown for a fee rate + margin of 100 % or more: no price can keep that margin. */
export class FloorUnreachable extends Error {
  constructor() {
    super('Fee rate plus minimum margin must be below 100 %');
    this.name = 'FloorUnreachable';
  }
}

export function computeFloor(f: FloorInput): Floor {
  const denominator = 10_000 - f.fee_rate_bp - f.min_margin_bp;
  if (denominator <= 0) throw new FloorUnreachable();
  // Without a known cost the cost floor is 0: the MAP alone (if any) bounds the price.
  const costs = f.cost_cents == null ? 0 : f.cost_cents + f.shipping_cents + f.fee_fixed_cents;
  const costFloor = costs <= 0 ? 0 : mulDivCeil(costs, 10_000, denominator);
  const map = f.map_cents ?? 0;
  return map >= costFloor && f.map_cents != null
    ? { floor_cents: map, source: 'map', cost_floor_cents: costFloor }
    : { floor_cents: costFloor, source: 'cost', cost_floor_cents: costFloor };
}
