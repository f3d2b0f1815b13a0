/** The events orders write (docs/events.md "Event catalogue"; docs/commerce.md, docs/dropshipping.md). */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';
import { MARKETPLACES, ORDER_STATUSES } from './orders';

const status = z.enum(ORDER_STATUSES);
/** Where an order came from: a marketplace's sync, a return's replacement, or a CSV import of that marketplace. */
export const ORDER_SOURCES = ['marketplace', 'replacement', ...MARKETPLACES.map((m) => `${m}_import` as const)] as const;

export const ordersEvents = defineEvents({
  'orders.created': event(
    'ORDERS',
    'An order arrived: synced from a marketplace, imported from a CSV file, or created to replace a returned one',
    z.strictObject({
      id: z.string(),
      marketplace: z.enum(MARKETPLACES),
      /** the marketplace's own number of the order (none for a replacement) */
      external_order_id: z.string().nullable().optional(),
      /** `marketplace` and `replacement` orders are routed by the automation; imported ones are worked by hand */
      source: z.enum(ORDER_SOURCES),
      /** the returned order a replacement replaces */
      replaces: z.string().optional(),
    }),
  ),
  'orders.updated': event(
    'ORDERS',
    'An imported order was imported again: its lines and totals were rewritten',
    z.strictObject({ id: z.string(), marketplace: z.enum(MARKETPLACES), external_order_id: z.string(), source: z.enum(ORDER_SOURCES) }),
  ),
  'orders.status_changed': event(
    'ORDERS',
    'An order moved one step along its statuses (contract/orders.ts ORDER_TRANSITIONS), by a person or the automation',
    z.strictObject({ id: z.string(), from: status, to: status, reason: z.string().nullable() }),
  ),
  'orders.cancelled': event(
    'ORDERS',
    'An order was cancelled (written after its orders.status_changed)',
    z.strictObject({ id: z.string(), from: status, reason: z.string().optional() }),
  ),
});
