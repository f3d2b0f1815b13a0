/** The events products write (docs/events.md "Event catalogue"; docs/commerce.md). */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';

/** A CSV import writes the product (docs/commerce.md "Import jobs"). */
const source = z.literal('shopify_import').optional();

export const productsEvents = defineEvents({
  'products.created': event('PRICING', 'A product was created (by hand or by a Shopify products import)', z.strictObject({ id: z.string(), sku: z.string(), title: z.string(), source })),
  'products.updated': event(
    'PRICING',
    'A product changed: an edit (the fields sent), a bulk price or stock change, or a Shopify products import; the repricer prices its listings again',
    z.strictObject({
      id: z.string(),
      sku: z.string(),
      /** the fields an edit sent */
      fields: z.array(z.string()).optional(),
      /** a bulk update's changes */
      changes: z.strictObject({ price: z.number().optional(), price_delta_pct: z.number().optional(), stock: z.number().optional() }).optional(),
      bulk: z.literal(true).optional(),
      source,
    }),
  ),
  'products.deleted': event('PRICING', 'A product was deleted (alone or in a bulk)', z.strictObject({ id: z.string(), sku: z.string(), bulk: z.literal(true).optional() })),
  'products.variant_created': event(
    'PRICING',
    'A variant was added to a product',
    z.strictObject({ product_id: z.string(), id: z.string(), sku: z.string(), price: z.number(), stock: z.number() }),
  ),
  'products.variant_updated': event(
    'PRICING',
    'A variant changed (the fields sent); the repricer prices its listings again',
    z.strictObject({ product_id: z.string(), id: z.string(), sku: z.string(), fields: z.array(z.string()) }),
  ),
  'products.variant_deleted': event(
    'PRICING',
    'A variant was deleted (its orders keep their lines)',
    z.strictObject({ product_id: z.string(), id: z.string(), sku: z.string(), orders_count: z.number() }),
  ),
  'products.suppliers_reordered': event(
    'PRICING',
    "A product's (or one variant's) suppliers were put in a new order of preference for the router",
    z.strictObject({ id: z.string(), variant_id: z.string().nullable(), supplier_ids: z.array(z.string()) }),
  ),
});
