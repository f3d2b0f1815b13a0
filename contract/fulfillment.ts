/**
 * Dropshipping on the wire (docs/dropshipping.md): purchase orders to suppliers, shipments (labels
 * bought from carriers), returns (RMA), the order timeline and the tenant's automation settings.
 * Reads are open to every signed-in role (read:orders); commands need write:orders. Money is
 * integer cents, weights grams. Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { INT4_MAX, QUANTITY_MAX, WEIGHT_MAX, int, optText, reqText, text } from './fields';
import { countryCode } from './countries';
import { humanize } from './words';
import { multiplyCents, sumCents } from './money';

export const cents = int(0, INT4_MAX);

// ---- purchase orders ---------------------------------------------------------------------

/** placed → confirmed → shipped; placed → rejected (the router tries the backup); placed/confirmed → cancelled. */
export const PO_STATUSES = ['placed', 'confirmed', 'rejected', 'shipped', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
/** Why a supplier refuses a purchase order. */
export const REJECT_REASONS = ['out_of_stock', 'price_changed'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const purchaseOrderListQuery = listQuery.extend({
  sort: z.enum(['created_at', 'status', 'total_cents']).default('created_at'),
  status: z.enum(PO_STATUSES).optional(),
  supplier_id: z.uuid().optional(),
  order_id: text({ max: 40 }).optional(),
});
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuery>;

/** A purchase order as GET /api/purchase-orders answers it: money in cents, the supplier's answers oldest first. */
export const purchaseOrderRow = z.object({
  id: z.uuid(), number: z.string(), order_id: z.string(), supplier_id: z.uuid(), supplier_name: z.string().nullable(), attempt: z.number(),
  status: z.enum(PO_STATUSES), total_cents: z.number(), reject_reason: z.enum(REJECT_REASONS).nullable(), supplier_reference: z.string().nullable(),
  answers: z.array(z.object({ at: z.string(), status: z.string(), message: z.string().optional() })), created_at: z.string(), updated_at: z.string(),
});
export type PurchaseOrderRow = z.infer<typeof purchaseOrderRow>;

// ---- shipments -----------------------------------------------------------------------------

export const CARRIERS = ['usps', 'ups', 'fedex'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABEL: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };
/** A carrier's service as the console names it: `ups`, `ground` → "UPS Ground"; `2nd_day_air` → "2nd day air". */
export function carrierService(carrier: string, service: string): string {
  return `${CARRIER_LABEL[carrier as Carrier] ?? carrier} ${humanize(service)}`;
}

/** label_created until the carrier's first scan; exception can recover to in_transit; voided is final. */
export const SHIPMENT_STATUSES = ['label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'voided'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** Outbound to the customer, or a return label from the customer. */
export const SHIPMENT_DIRECTIONS = ['outbound', 'return'] as const;

export const shipmentListQuery = listQuery.extend({
  sort: z.enum(['created_at', 'status', 'rate_cents', 'promised_by']).default('created_at'),
  status: z.enum(SHIPMENT_STATUSES).optional(),
  carrier: z.enum(CARRIERS).optional(),
  order_id: text({ max: 40 }).optional(),
  /** only shipments that will miss (or missed) the promised date */
  late: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuery>;

/** POST /api/shipments: buy a label by hand; carrier and service default to rate shopping. */
export const shipmentCreate = z
  .object({
    order_id: reqText(40),
    carrier: z.enum(CARRIERS).optional(),
    service: text({ max: 40, min: 1 }).optional(),
    weight_grams: int(1, WEIGHT_MAX).optional(),
  })
  .refine((b) => (b.carrier === undefined) === (b.service === undefined), { path: ['service'], message: 'Give carrier and service together, or neither for the cheapest' });
export type ShipmentCreate = z.infer<typeof shipmentCreate>;

export const idParams = z.object({ id: z.uuid() });
export const orderParams = z.object({ id: reqText(40) });

// ---- returns -------------------------------------------------------------------------------

export const RMA_STATUSES = ['requested', 'approved', 'in_transit', 'received', 'refunded', 'replaced', 'rejected'] as const;
export type RmaStatus = (typeof RMA_STATUSES)[number];
export const RMA_ACTIONS = ['approve', 'reject', 'ship', 'receive', 'refund', 'replace'] as const;
export type RmaAction = (typeof RMA_ACTIONS)[number];
export const RETURN_REASONS = ['damaged', 'defective', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_CONDITIONS = ['new', 'like_new', 'used', 'damaged', 'defective'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RESOLUTIONS = ['refund', 'replace'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * The return (RMA) lifecycle (docs/dropshipping.md "Returns"): action → the statuses it applies to
 * and the one it leads to. The one table the server's commands and the console's buttons read.
 *
 *   requested ─approve→ approved ─ship→ in_transit ─receive→ received ─refund→ refunded
 *       │                  └──────────receive──────────────┘     ├─replace→ replaced
 *       └─reject→ rejected                                         └─reject→ rejected
 */
export const RMA_TRANSITIONS: Record<RmaAction, { from: readonly RmaStatus[]; to: RmaStatus }> = {
  approve: { from: ['requested'], to: 'approved' },
  // a received return may still be refused (not what was sold, outside the policy)
  reject: { from: ['requested', 'received'], to: 'rejected' },
  // the carrier's first scan of the return label, never a person
  ship: { from: ['approved'], to: 'in_transit' },
  // dropped off at the warehouse without a scan counts as received too
  receive: { from: ['approved', 'in_transit'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  replace: { from: ['received'], to: 'replaced' },
};

export const RMA_FINAL: readonly RmaStatus[] = ['refunded', 'replaced', 'rejected'];

export type RmaStep = { ok: true; to: RmaStatus } | { ok: false; message: string };

/** Where `action` takes a return that is `status`, or why it cannot (the API answers 409 with that message). */
export function rmaStep(status: RmaStatus, action: RmaAction): RmaStep {
  const t = RMA_TRANSITIONS[action];
  if (t.from.includes(status)) return { ok: true, to: t.to };
  return { ok: false, message: `Cannot ${action} a return that is ${status.replace('_', ' ')} (needs ${t.from.map((s) => s.replace('_', ' ')).join(' or ')})` };
}

/** Actions open from a status. */
export const rmaActions = (status: RmaStatus): RmaAction[] => RMA_ACTIONS.filter((a) => RMA_TRANSITIONS[a].from.includes(status));

/** What a return refunds: each line's quantity at its unit price, in integer cents (contract/money.ts). */
export function refundCents(lines: readonly { quantity: number; unit_price_cents: number }[]): number {
  return sumCents(lines.map((l) => multiplyCents(l.unit_price_cents, l.quantity)));
}

/** The commands a person gives from the console (all but `ship`, which the carrier does), open from a status. */
export const rmaCommands = (status: RmaStatus): Exclude<RmaAction, 'ship'>[] => rmaActions(status).filter((a): a is Exclude<RmaAction, 'ship'> => a !== 'ship');

export const returnListQuery = listQuery.extend({
  sort: z.enum(['created_at', 'status']).default('created_at'),
  status: z.enum(RMA_STATUSES).optional(),
  order_id: text({ max: 40 }).optional(),
});

export const returnCreate = z.object({
  order_id: reqText(40),
  reason: z.enum(RETURN_REASONS),
  note: optText(2000),
  /** the order lines coming back (order_items ids) and how many of each; all lines when omitted */
  items: z.array(z.object({ order_item_id: z.string().regex(/^\d{1,18}$/, 'an order item id'), quantity: int(1, QUANTITY_MAX) })).min(1).max(100).optional(),
});
export type ReturnCreate = z.infer<typeof returnCreate>;

export const returnReceive = z.object({ condition: z.enum(RETURN_CONDITIONS), note: optText(2000) });
export const returnResolve = z.object({ resolution: z.enum(RESOLUTIONS).optional(), note: optText(2000) });
export const returnReject = z.object({ reason: reqText(500) });

// ---- settings ------------------------------------------------------------------------------

/** The tenant's automation thresholds (null = rule off) and return default. */
export const fulfillmentSettings = z.object({
  /** marketplace orders route, order from suppliers and get labels without a click */
  automation_enabled: z.boolean(),
  hold_min_supplier_stock: int(0, INT4_MAX).nullable(),
  hold_max_handling_days: int(0, 365).nullable(),
  hold_min_margin_percent: z.number().min(-100).max(100).nullable(),
  return_default_resolution: z.enum(RESOLUTIONS),
  /** where return labels are addressed */
  return_country: countryCode,
});
export type FulfillmentSettings = z.infer<typeof fulfillmentSettings>;
export const fulfillmentSettingsUpdate = fulfillmentSettings.partial().refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: 'Give at least one field to change',
});

export const fulfillmentTickBody = z.object({ ticks: int(1, 100).default(1) }).default({ ticks: 1 });

/** Promised delivery default when the marketplace gives none: days after the order. */
export const DEFAULT_PROMISE_DAYS = 7;

// ---- work queue, holds, supplier mappings --------------------------------------------------

/** GET /api/fulfillment/queue: orders still to ship (held first, then those waiting for a label). */
export const fulfillmentQueueQuery = listQuery.extend({
  sort: z.enum(['created_at', 'promised_by']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** only held orders, or only those not held */
  held: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type FulfillmentQueueQuery = z.infer<typeof fulfillmentQueueQuery>;

/** GET /api/fulfillment/summary: what waits on dropshipping now, counted on the server (the dashboard's card). */
export const fulfillmentSummary = z.object({
  /** in the work queue and not held: waiting for a label */
  to_ship: z.number(),
  /** held with a reason (hold rules, unmapped SKU, no supplier left) */
  held: z.number(),
  /** purchase orders placed and not yet answered by the supplier */
  awaiting_supplier: z.number(),
  /** outbound labels past their promised date and not yet delivered */
  late_shipments: z.number(),
  /** parcels the carrier reported an exception for */
  exceptions: z.number(),
  /** returns requested, approved, in transit or received: not yet resolved */
  open_returns: z.number(),
});
export type FulfillmentSummary = z.infer<typeof fulfillmentSummary>;

export const queueOrder = z.object({
  id: z.string(),
  marketplace: z.string(),
  customer_name: z.string().nullable(),
  status: z.string(),
  hold_reason: z.string().nullable(),
  held_at: z.string().nullable(),
  items_count: z.number(),
  total_cents: z.number(),
  ship_to_country: z.string(),
  promised_by: z.string().nullable(),
  created_at: z.string(),
});
export type QueueOrder = z.infer<typeof queueOrder>;

/** One supplier mapping of a variant (or of the whole product when variant_id is null). Cost in cents. */
export const supplierMapping = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  product_title: z.string(),
  variant_id: z.uuid().nullable(),
  variant_sku: z.string().nullable(),
  variant_label: z.string().nullable(),
  supplier_id: z.uuid(),
  supplier_name: z.string(),
  supplier_sku: z.string().nullable(),
  cost_cents: z.number().nullable(),
  shipping_cents: z.number(),
  stock: z.number(),
  handling_days: z.number(),
  ship_from: z.string().nullable(),
  countries_served: z.array(z.string()),
  priority: z.number(),
});
export type SupplierMapping = z.infer<typeof supplierMapping>;

/** PUT /api/products/:id/suppliers/order: the variant's suppliers best first; priorities become 1..n. */
export const supplierOrderBody = z
  .object({
    /** null: the product-level links (every variant) */
    variant_id: z.uuid().nullable(),
    supplier_ids: z.array(z.uuid()).min(1).max(10),
  })
  .refine((b) => new Set(b.supplier_ids).size === b.supplier_ids.length, { path: ['supplier_ids'], message: 'A supplier appears twice' });
export type SupplierOrderBody = z.infer<typeof supplierOrderBody>;
export const mappingListQuery = listQuery.extend({ sort: z.enum(['product', 'priority', 'cost']).default('product'), order: z.enum(['asc', 'desc']).default('asc') });
export const productParams = z.object({ id: z.uuid() });

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { fulfillmentLive, returnsLive, fulfillmentPermissions, returnsPermissions } from './modules/fulfillment';

/** A label can be voided for a refund within this many days of its purchase, and only before the carrier scans it. */
export const VOID_WINDOW_DAYS = 14;

/** A shipment (label) as GET /api/shipments answers it. */
export const shipmentRow = z.object({
  id: z.uuid(), order_id: z.string(), return_id: z.string().nullable(), direction: z.enum(SHIPMENT_DIRECTIONS), carrier: z.enum(CARRIERS),
  service: z.string(), zone: z.number(), rate_cents: z.number(), weight_grams: z.number(), tracking_number: z.string(), status: z.enum(SHIPMENT_STATUSES),
  ship_from: z.string(), ship_to_country: z.string(), promised_by: z.string().nullable(), estimated_delivery: z.string().nullable(), late: z.boolean(),
  events: z.array(z.object({ at: z.string(), status: z.string(), message: z.string().optional() })), tracking_pushed_at: z.string().nullable(),
  bought_at: z.string().nullable(), voided_at: z.string().nullable(), delivered_at: z.string().nullable(), label_url: z.string(),
});
export type ShipmentRow = z.infer<typeof shipmentRow>;

/** A return (RMA) as GET /api/returns(/:id) answers it; money in cents. */
export const returnRow = z.object({
  id: z.uuid(), number: z.string(), order_id: z.string(), status: z.enum(RMA_STATUSES), reason: z.enum(RETURN_REASONS), note: z.string().nullable(),
  items: z.array(z.object({ order_item_id: z.string(), sku: z.string(), title: z.string(), quantity: z.number(), unit_price_cents: z.number() })),
  condition: z.enum(RETURN_CONDITIONS).nullable(), resolution: z.enum(RESOLUTIONS).nullable(), refund_cents: z.number().nullable(), restocked: z.boolean(),
  replacement_order_id: z.string().nullable(), reject_reason: z.string().nullable(), return_shipment_id: z.string().nullable(),
  history: z.array(z.object({ at: z.string(), status: z.string(), by: z.string().optional(), note: z.string().nullable().optional() })),
  created_at: z.string(), updated_at: z.string(),
});
export type ReturnRow = z.infer<typeof returnRow>;

/** One step of an order's timeline (GET /api/orders/:id/timeline). */
/** `seq`: the tenant's number of the event (its `id` in the events API). */
export const timelineEntry = z.object({ seq: z.number(), subject: z.string(), at: z.string(), text: z.string() });
export type TimelineEntry = z.infer<typeof timelineEntry>;
