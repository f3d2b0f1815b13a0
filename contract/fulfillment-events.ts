/**
 * The events of the dropshipping automation, labels and returns (docs/events.md "Event catalogue";
 * docs/dropshipping.md "Automation"). `fulfillment.*`, `labels.*` and `returns.*` are stored in the
 * FULFILLMENT stream; the order timeline reads them.
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { CARRIERS, REJECT_REASONS, RETURN_REASONS, RMA_STATUSES, SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES, fulfillmentSettings } from './fulfillment';
import { MARKETPLACES } from './orders';

export const FULFILLMENT_EVENTS = {
  routed: 'fulfillment.routed',
  held: 'fulfillment.held',
  /** a person released a hold: the router routes the order again */
  released: 'fulfillment.released',
  poPlaced: 'fulfillment.po_placed',
  poConfirmed: 'fulfillment.po_confirmed',
  poRejected: 'fulfillment.po_rejected',
  poShipped: 'fulfillment.po_shipped',
  /** its order was cancelled while the PO was open (placed or confirmed): the supplier's cost is reversed */
  poCancelled: 'fulfillment.po_cancelled',
  trackingPushed: 'fulfillment.tracking_pushed',
  ticked: 'fulfillment.ticked',
  /** automation was switched on: the orders waiting for it are routed, oldest first */
  intake: 'fulfillment.intake',
  settingsChanged: 'fulfillment.settings_changed',
  alert: 'alerts.fulfillment_failed',
} as const;

export const LABEL_EVENTS = {
  bought: 'labels.bought',
  voided: 'labels.voided',
  tracking: 'labels.tracking',
} as const;

export const RETURN_EVENTS = {
  requested: 'returns.requested',
  changed: 'returns.status_changed',
} as const;

const routing = { id: z.string(), order_id: z.string(), attempt: z.number() };
const po = { id: z.string(), number: z.string(), order_id: z.string() };

export const fulfillmentEvents = defineEvents({
  [FULFILLMENT_EVENTS.routed]: event(
    'FULFILLMENT',
    "An order's items were routed to suppliers (one reason per line); its purchase orders follow",
    z.strictObject({ ...routing, reasons: z.array(z.string()) }),
  ),
  [FULFILLMENT_EVENTS.held]: event(
    'FULFILLMENT',
    "An order was held back: an item cannot be routed, or the tenant's hold rules stop it",
    z.strictObject({ ...routing, reasons: z.array(z.string()) }),
  ),
  [FULFILLMENT_EVENTS.released]: event(
    'FULFILLMENT',
    'A person released a held order: the router routes it again past the hold rules',
    z.strictObject({ ...routing, reason: z.string(), by: z.string() }),
  ),
  [FULFILLMENT_EVENTS.intake]: event(
    'FULFILLMENT',
    'Automation was switched on: the orders that arrived before (pending, never routed, not held) are routed, oldest first',
    z.strictObject({ id: z.string(), by: z.string(), waiting: z.number() }),
  ),
  [FULFILLMENT_EVENTS.poPlaced]: event(
    'FULFILLMENT',
    'A purchase order was sent to a supplier',
    z.strictObject({ ...po, supplier_id: z.string(), supplier_name: z.string(), attempt: z.number(), total_cents: z.number() }),
  ),
  [FULFILLMENT_EVENTS.poConfirmed]: event(
    'FULFILLMENT',
    'A supplier confirmed a purchase order: the label is bought once all of the order are confirmed',
    z.strictObject({ ...po, supplier_id: z.string(), attempt: z.number(), reference: z.string() }),
  ),
  [FULFILLMENT_EVENTS.poRejected]: event(
    'FULFILLMENT',
    'A supplier refused a purchase order: the router tries the next supplier',
    z.strictObject({ ...po, supplier_id: z.string(), attempt: z.number(), reason: z.enum(REJECT_REASONS) }),
  ),
  [FULFILLMENT_EVENTS.poCancelled]: event(
    'FULFILLMENT',
    'A purchase order was cancelled with its order (it was placed or confirmed): the supplier is told and its cost reversed',
    z.strictObject({ ...po, supplier_id: z.string(), from: z.enum(['placed', 'confirmed']) }),
  ),
  [FULFILLMENT_EVENTS.poShipped]: event('FULFILLMENT', "A purchase order's parcel was handed to the carrier", z.strictObject(po)),
  [FULFILLMENT_EVENTS.trackingPushed]: event(
    'FULFILLMENT',
    "An order's tracking number was sent to the marketplace that sold it",
    z.strictObject({ id: z.string(), order_id: z.string(), marketplace_id: z.string(), marketplace: z.enum(MARKETPLACES), carrier: z.enum(CARRIERS), tracking_number: z.string() }),
  ),
  [FULFILLMENT_EVENTS.ticked]: event(
    'FULFILLMENT',
    'The sandbox suppliers and carriers advanced: purchase orders answered, parcels scanned',
    z.strictObject({ tick: z.number(), answered: z.number(), confirmed: z.number(), rejected: z.number(), scans: z.number(), ticks: z.number() }),
  ),
  [FULFILLMENT_EVENTS.settingsChanged]: event("FULFILLMENT", "The tenant's automation settings changed (the settings after)", fulfillmentSettings.extend({ sandbox_tick: z.number() }).strict()),
  [FULFILLMENT_EVENTS.alert]: event(
    'ALERTS',
    "Alert: a dropshipping step's message was dead-lettered (routing, label or tracking)",
    alertPayload('fulfillment_failed', { dlq_id: z.number(), order_id: z.string().nullable() }),
  ),
  [LABEL_EVENTS.bought]: event(
    'FULFILLMENT',
    'A shipping label was bought (outbound: the order ships; return: the customer sends it back)',
    z.strictObject({
      id: z.string(),
      order_id: z.string(),
      direction: z.enum(SHIPMENT_DIRECTIONS),
      carrier: z.enum(CARRIERS),
      service: z.string(),
      rate_cents: z.number(),
      tracking_number: z.string(),
      /** the delivery date misses the promise */
      late: z.boolean(),
      promised_by: z.string().nullable(),
    }),
  ),
  [LABEL_EVENTS.voided]: event(
    'FULFILLMENT',
    'A label was voided before its first scan (its cost is refunded)',
    z.strictObject({ id: z.string(), order_id: z.string(), carrier: z.enum(CARRIERS), tracking_number: z.string(), refund_cents: z.number() }),
  ),
  [LABEL_EVENTS.tracking]: event(
    'FULFILLMENT',
    'The carrier scanned a parcel (in transit, out for delivery, delivered, exception)',
    z.strictObject({ id: z.string(), order_id: z.string(), status: z.enum(SHIPMENT_STATUSES), carrier: z.enum(CARRIERS), tracking_number: z.string(), message: z.string() }),
  ),
  [RETURN_EVENTS.requested]: event(
    'FULFILLMENT',
    'A customer asked to return items of an order (an RMA was opened)',
    z.strictObject({ id: z.string(), number: z.string(), order_id: z.string(), reason: z.enum(RETURN_REASONS) }),
  ),
  [RETURN_EVENTS.changed]: event(
    'FULFILLMENT',
    'A return moved along its lifecycle (contract/fulfillment.ts RMA_TRANSITIONS)',
    z.strictObject({ id: z.string(), number: z.string(), order_id: z.string(), from: z.enum(RMA_STATUSES), to: z.enum(RMA_STATUSES) }),
  ),
});
