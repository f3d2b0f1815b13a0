/** The events suppliers write (docs/events.md "Event catalogue"; docs/commerce.md). */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';

export const suppliersEvents = defineEvents({
  'suppliers.created': event('JOBS', 'A supplier was created', z.strictObject({ id: z.string(), name: z.string(), tier: z.number() })),
  'suppliers.updated': event('JOBS', 'A supplier changed (the fields sent)', z.strictObject({ id: z.string(), fields: z.array(z.string()) })),
  'suppliers.deleted': event('JOBS', 'A supplier was deleted', z.strictObject({ id: z.string(), name: z.string() })),
  'suppliers.scored': event(
    'JOBS',
    "Every supplier's score and tier were computed again for a month (Score all)",
    z.strictObject({
      as_of: z.string(),
      scored: z.number(),
      changed: z.number(),
      skipped: z.number(),
      suppliers: z.array(z.strictObject({ id: z.string(), score: z.number().nullable(), tier: z.number(), changed: z.boolean() })),
    }),
  ),
});
