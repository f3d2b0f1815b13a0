/**
 * The audit trail on the wire (docs/governance.md "Audit log"; docs/api-conventions.md "Audit"):
 * filters, keyset or offset pages, and each entry with its before/after and the computed diff.
 * Names follow one vocabulary (contract/audit-vocabulary.ts).
 */
import { z } from 'zod';
import { listQuery } from './api';
import { cursor, isoDateTime, text } from './fields';

/** The filters of the list (also an audit export's `filters`, contract/exports.ts). */
export const auditFilterFields = {
  /** A user id or an email (any case). */
  actor: text({ max: 320, min: 1 }).optional(),
  /** A resource (`product`; older plural names read as their current one). */
  resource: text({ max: 100, min: 1 }).optional(),
  /** A full action (`product.update`) or a bare verb (`update`: on any resource). */
  action: text({ max: 100, min: 1 }).optional(),
  resource_id: text({ max: 200, min: 1 }).optional(),
  /** The request's `x-correlation-id`: the entries one request wrote. */
  correlation_id: text({ max: 200, min: 1 }).optional(),
  from: isoDateTime().optional(),
  to: isoDateTime().optional(),
};

const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const FROM_BEFORE_TO = { message: 'Must not be before from', path: ['to'] };

export const auditFilters = z.object(auditFilterFields).refine(fromBeforeTo, FROM_BEFORE_TO);
export type AuditFilters = z.infer<typeof auditFilters>;

/** `?cursor=` (the previous page's `pagination.next_cursor`) pages by keyset; `?offset=` still works for shallow pages. */
export const auditQuery = listQuery
  .pick({ limit: true, offset: true, order: true })
  .extend({ ...auditFilterFields, cursor: cursor.optional() })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type AuditQuery = z.infer<typeof auditQuery>;

/** One changed path of an entry: `path` dotted (`address.city`, `tags[1]`); a value absent on one side is null there. */
export const auditChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.number(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** What changed from before to after (contract/audit-diff.ts). */
  diff: z.array(auditChange),
  correlation_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/audit/:id — the entry's id (a positive whole number). */
export const auditParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
