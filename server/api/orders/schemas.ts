/** Order request shapes — issue 5 §1, spec §7.2 (GET /me/orders with search and limit). */
import { z } from 'zod';
import { listQuery } from '../../../contract/api';
import { MARKETPLACES, ORDER_STATUSES } from '../../../contract/orders';

export const ORDER_SORTS = ['created_at', 'total', 'status'] as const;

/** `?status=pending` or `?status=pending,routed` (Refine "in" filters send a list). */
const csvEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));

export const orderListQuery = listQuery.extend({
  sort: z.enum(ORDER_SORTS).default('created_at'),
  cursor: z.string().max(500).optional(),
  id: z.string().trim().min(1).max(64).optional(),
  status: csvEnum(ORDER_STATUSES).optional(),
  marketplace: csvEnum(MARKETPLACES).optional(),
  created_from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  created_to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not an order id') });

const reason = z.string().trim().min(1).max(500);

export const statusBody = z
  .object({ status: z.enum(ORDER_STATUSES), reason: reason.optional() })
  .refine((b) => b.status !== 'cancelled' || b.reason, { path: ['reason'], message: 'A reason is required to cancel an order' });

export const cancelBody = z.object({ reason });
