/**
 * The sandbox carriers (docs/dropshipping.md "Sandbox"): USPS, UPS and FedEx quoting from the rate
 * table in server/domain/dropship/rates.ts, selling labels with deterministic tracking numbers, and
 * scanning parcels tick by tick. `sandbox_carrier_outage` in the tenant's settings makes every call
 * fail like a 503, so the failure path (retries, DLQ, replay) can be shown.
 */
import type { Tx } from '../../db';
import { rngOf } from '../../marketplaces/sandbox/simulate';
import type { CarrierCode } from '../../domain/dropship/rates';

export const CARRIER_OUTAGE_MESSAGE = 'Carrier API unavailable (503 Service Unavailable)';

export class CarrierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierError';
  }
}

export async function carrierGuard(tx: Tx, tenantId: string): Promise<void> {
  const { rows } = await tx.query<{ sandbox_carrier_outage: boolean }>('select sandbox_carrier_outage from fulfillment_settings where tenant_id = $1', [tenantId]);
  if (rows[0]?.sandbox_carrier_outage) throw new CarrierError(CARRIER_OUTAGE_MESSAGE);
}

const TRACKING_FORMAT: Record<CarrierCode, (r: () => number) => string> = {
  usps: (r) => `9400${digits(r, 18)}`,
  ups: (r) => `1Z${alnum(r, 6)}${digits(r, 10)}`,
  fedex: (r) => digits(r, 12),
};
function digits(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
}
function alnum(r: () => number, n: number): string {
  const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < n; i++) s += A[Math.floor(r() * A.length)];
  return s;
}

/** A tracking number: the same order, direction and attempt always get the same one. */
export function trackingNumber(carrier: CarrierCode, ...seed: (string | number)[]): string {
  return TRACKING_FORMAT[carrier](rngOf('label', carrier, ...seed));
}

/** The scan after `status`, or null once delivered: label → in transit → out for delivery → delivered. */
export function nextScan(status: string): { status: 'in_transit' | 'out_for_delivery' | 'delivered'; message: string } | null {
  switch (status) {
    case 'label_created':
      return { status: 'in_transit', message: 'Accepted at origin facility' };
    case 'in_transit':
    case 'exception':
      return { status: 'out_for_delivery', message: 'Out for delivery' };
    case 'out_for_delivery':
      return { status: 'delivered', message: 'Delivered' };
    default:
      return null;
  }
}

/**
 * Ticks until the next scan: the first scan the next tick, out for delivery when the transit days
 * are nearly used up, delivered the tick after. One tick is one simulated day.
 */
export function scanDelay(status: string, transitDays: number): number {
  if (status === 'label_created') return 1;
  if (status === 'in_transit' || status === 'exception') return Math.max(1, transitDays - 2);
  return 1;
}
