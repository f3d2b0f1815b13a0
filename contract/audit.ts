/** The audit trail on the wire (docs/api-conventions.md "Audit"). */
import { z } from 'zod';
import { listQuery } from './api';
import { isoDateTime, text } from './fields';

export const auditQuery = listQuery
  .pick({ limit: true, offset: true, order: true })
  .extend({
    actor: text({ max: 320, min: 1 }).optional(),
    resource: text({ max: 100, min: 1 }).optional(),
    action: text({ max: 100, min: 1 }).optional(),
    resource_id: text({ max: 200, min: 1 }).optional(),
    from: isoDateTime().optional(),
    to: isoDateTime().optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'Must not be before from', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  correlation_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
