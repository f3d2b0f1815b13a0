/**
 * Subjects of the dropshipping automation (docs/dropshipping.md "Automation"). `fulfillment.*`, `labels.*`
 * and `returns.*` live on the FULFILLMENT stream (contract/events.ts); the order timeline reads them.
 */
export const FULFILLMENT_EVENTS = {
  routed: 'fulfillment.routed',
  held: 'fulfillment.held',
  /** a person released a hold: the router routes the order again */
  released: 'fulfillment.released',
  poPlaced: 'fulfillment.po_placed',
  poConfirmed: 'fulfillment.po_confirmed',
  poRejected: 'fulfillment.po_rejected',
  poShipped: 'fulfillment.po_shipped',
  trackingPushed: 'fulfillment.tracking_pushed',
  ticked: 'fulfillment.ticked',
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
