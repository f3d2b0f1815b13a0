/**
 * The one interface every marketplace implements (docs/marketplaces.md "Connectors"): the built-in
 * sandbox and real APIs alike. Connectors run inside event consumers, never inside a request: a
 * throw is a failed delivery (retried with backoff, then dead-lettered with an alert).
 */
import type { CompetitorOffer, QuantityRule } from '../../contract/listings';
import type { MarketplaceKind } from '../../contract/marketplaces';
import type { ShipTo } from '../../contract/addresses';
import type { FeeType, PayoutLineKind, PayoutStatus } from '../../contract/payouts';

export interface AccountInfo {
  id: string;
  tenantId: string;
  kind: MarketplaceKind;
  mode: 'sandbox' | 'live';
  name: string;
}

/** What a listing push carries: the whole listing, so every operation is idempotent. */
export interface ListingPush {
  /** create (or re-create), update_price, update_quantity, end; an update of an unknown item creates it. */
  action: 'create' | 'update_price' | 'update_quantity' | 'update' | 'end';
  listingId: string;
  externalId: string | null;
  sku: string;
  title: string;
  priceCents: number;
  quantity: number;
  quantityRule: QuantityRule;
  /** draft/paused listings are sent inactive (quantity 0 for buyers). */
  active: boolean;
  images: { url: string; alt: string | null; position: number }[];
}

export type PushResult =
  | { ok: true; externalId: string; message?: string | null }
  /** The marketplace refused the listing (its reason becomes the feed message); not retried. */
  | { ok: false; reason: string };

export interface PulledOrder {
  externalId: string;
  /** The item the order bought (our listing's external id). */
  itemExternalId: string;
  quantity: number;
  unitPriceCents: number;
  buyer: string;
  /** The buyer's email when the marketplace gives one (the order's `customer_email`, docs/governance.md "Compliance"). */
  buyerEmail?: string | null;
  /**
   * Where it ships, checked by contract/addresses.ts; null when the marketplace gave no address that
   * passes (an order with nothing to ship, such as a digital one): such an order is not taken in
   * (docs/marketplaces.md "Connectors").
   */
  shipTo: ShipTo | null;
  createdAt: Date;
}

/**
 * A line of a payout (docs/payouts.md "Model"): signed integer cents, what it adds to the deposit
 * (a sale positive; a fee, a refund, a reserve held negative; a reserve released positive).
 */
export interface PulledPayoutLine {
  kind: PayoutLineKind;
  /** Set on a fee line, null on the others. */
  feeType: FeeType | null;
  /** The marketplace's order id, when the line belongs to an order. */
  externalOrderId: string | null;
  /** The marketplace's own id of the line (a balance transaction), when it gives one. */
  externalLineId: string | null;
  amountCents: number;
  currency: string;
  description: string;
  postedAt: Date;
}

/**
 * A payout (a settlement report): its totals and its lines. `netCents` is the deposit: the sum of
 * the lines, unless the marketplace got it wrong (reconciliation finds it). `grossCents` is the
 * sales, `feesCents` and `refundsCents` positive amounts taken, `reserveCents` held minus released,
 * `adjustmentsCents` signed. A payout pulled again (its status moved) updates status and dates only.
 */
export interface PulledSettlement {
  externalId: string;
  periodStart: Date;
  periodEnd: Date;
  ordersCount: number;
  grossCents: number;
  feesCents: number;
  netCents: number;
  refundsCents: number;
  reserveCents: number;
  adjustmentsCents: number;
  status: PayoutStatus;
  currency: string;
  /** YYYY-MM-DD: when the marketplace said it would arrive, and when it did (null until paid). */
  expectedDate: string | null;
  receivedDate: string | null;
  lines: PulledPayoutLine[];
}

export interface OffersSnapshot {
  externalId: string;
  offers: CompetitorOffer[];
  /** `you` when our listing holds the buy box, a seller's name, or null. */
  buyBoxOwner: string | null;
  buyBoxPriceCents: number | null;
}

export interface MarketplaceConnector {
  verify(): Promise<{ ok: true } | { ok: false; message: string }>;
  pushListing(p: ListingPush): Promise<PushResult>;
  /** Orders after the cursor (null = from the start), oldest first, and the cursor to continue from. */
  /** Orders after `cursor`, a page of them; `more`: another page is waiting (the sync pulls it at once). */
  pullOrders(cursor: string | null): Promise<{ orders: PulledOrder[]; cursor: string | null; more?: boolean }>;
  pushTracking(orderExternalId: string, t: { carrier: string; trackingNumber: string }): Promise<void>;
  /** Several orders' tracking in one call, where the marketplace takes them together (the sandbox: one statement). */
  pushTrackings?(items: TrackingPush[]): Promise<void>;
  pullSettlements(cursor: string | null): Promise<{ settlements: PulledSettlement[]; cursor: string | null }>;
  /** Competitor offers and the buy-box owner of our items. */
  pullOffers(externalIds: string[]): Promise<OffersSnapshot[]>;
}

/** A connector call that failed for a reason worth retrying (outage, timeout, 5xx). */
export class ConnectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export interface TrackingPush { orderExternalId: string; carrier: string; trackingNumber: string }

/** Pushes tracking through a connector: together where it can take them, else one after another. */
export async function pushTrackingAll(c: MarketplaceConnector, items: TrackingPush[]): Promise<void> {
  if (items.length === 0) return;
  if (c.pushTrackings) return c.pushTrackings(items);
  for (const i of items) await c.pushTracking(i.orderExternalId, { carrier: i.carrier, trackingNumber: i.trackingNumber });
}

/** Pushes listings through a connector one after another (sandbox batches go across accounts: marketplaces/push-many.ts). */
export async function pushAll(c: MarketplaceConnector, ps: ListingPush[]): Promise<PushResult[]> {
  const out: PushResult[] = [];
  for (const p of ps) out.push(await c.pushListing(p));
  return out;
}
