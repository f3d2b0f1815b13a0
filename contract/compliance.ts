/**
 * Compliance (docs/governance.md "Compliance"): one customer's data (what the tenant holds, its
 * export, its erasure) and the tenant's retention settings. Shared by the server (validation) and
 * the Compliance tab (types, the form's bounds). Browser-safe: zod only.
 */
import { z } from 'zod';
import { badTextReason } from './fields';

/** Longest email address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A customer's email: trimmed, lower-cased, one `@` with something on both sides. */
export const customerEmail = z
  .string({ error: "Enter the customer's email address" })
  .trim()
  .min(1, "Enter the customer's email address")
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters`)
  .refine((s) => badTextReason(s) === null, { message: 'Not an email address' })
  .transform((s) => s.toLowerCase())
  .refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), { message: 'Not an email address (such as jane@example.com)' });

export const customerQuery = z.object({ email: customerEmail });
export type CustomerQuery = z.infer<typeof customerQuery>;

export const CONFIRM_MESSAGE = "Type the customer's email again, exactly as above";

/** `POST /governance/customers/erase`: the email, and the same email typed again. */
export const eraseCustomerBody = z
  .object({
    email: customerEmail,
    confirm: z.string({ error: CONFIRM_MESSAGE }).max(EMAIL_MAX, `At most ${EMAIL_MAX} characters`),
  })
  .superRefine((b, ctx) => {
    if (b.confirm.trim().toLowerCase() !== b.email) ctx.addIssue({ code: 'custom', path: ['confirm'], message: CONFIRM_MESSAGE });
  });
export type EraseCustomerBody = z.input<typeof eraseCustomerBody>;

/** How many records of each kind hold the customer's data. */
export const customerCounts = z.object({
  orders: z.number().int(),
  order_items: z.number().int(),
  returns: z.number().int(),
  shipments: z.number().int(),
  purchase_orders: z.number().int(),
  ledger_entries: z.number().int(),
  events: z.number().int(),
  audit_entries: z.number().int(),
});
export type CustomerCounts = z.infer<typeof customerCounts>;

/** `GET /governance/customers?email=`: what the tenant holds about one customer. */
export const customerSummary = z.object({
  email: z.string(),
  found: z.boolean(),
  names: z.array(z.string()),
  counts: customerCounts,
  first_order_at: z.string().nullable(),
  last_order_at: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

/** What an erasure anonymised (records changed per kind); all zero when there was nothing left to erase. */
export const erasureRecords = z.object({
  orders: z.number().int(),
  returns: z.number().int(),
  shipments: z.number().int(),
  events: z.number().int(),
  audit_entries: z.number().int(),
  dead_letters: z.number().int(),
  stored_answers: z.number().int(),
  /** finished export files withdrawn (they were written before the erasure) */
  exports: z.number().int(),
});
export type ErasureRecords = z.infer<typeof erasureRecords>;

export const erasureResult = z.object({
  /** sha256 of the lower-cased email: the audit trail's only trace of who was erased */
  email_hash: z.string(),
  erased: z.boolean(),
  records: erasureRecords,
});
export type ErasureResult = z.infer<typeof erasureResult>;

/** Retention: days to keep each kind of record (docs/governance.md "Compliance"). */
export const RETENTION_FIELDS = {
  mailbox_days: { label: 'Development mailbox messages', min: 1, max: 3650, default: 30 },
  idempotency_days: { label: 'Stored answers of repeated requests (idempotency keys)', min: 1, max: 3650, default: 7 },
  resolved_alerts_days: { label: 'Resolved alerts', min: 1, max: 3650, default: 90 },
  event_log_days: { label: 'Delivered events in the event log', min: 7, max: 3650, default: 90 },
  expired_exports_days: { label: 'Expired exports', min: 1, max: 3650, default: 7 },
} as const;
export type RetentionField = keyof typeof RETENTION_FIELDS;
export const RETENTION_KEYS = Object.keys(RETENTION_FIELDS) as RetentionField[];

const days = (f: RetentionField) => {
  const { min, max } = RETENTION_FIELDS[f];
  return z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(min, `At least ${min} day${min === 1 ? '' : 's'}`)
    .max(max, `At most ${max} days (ten years)`);
};

export const retentionBody = z.strictObject({
  mailbox_days: days('mailbox_days'),
  idempotency_days: days('idempotency_days'),
  resolved_alerts_days: days('resolved_alerts_days'),
  event_log_days: days('event_log_days'),
  expired_exports_days: days('expired_exports_days'),
});
export type RetentionBody = z.infer<typeof retentionBody>;

export const retentionSettings = retentionBody.extend({
  /** null while the tenant keeps the defaults */
  updated_at: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const RETENTION_DEFAULTS: RetentionBody = Object.fromEntries(RETENTION_KEYS.map((k) => [k, RETENTION_FIELDS[k].default])) as RetentionBody;

const docs = z.array(z.record(z.string(), z.unknown()));

/** `GET /governance/customers/export?email=`: every record of the customer's, as downloaded. */
export const customerExport = z.object({
  email: z.string(),
  exported_at: z.string(),
  orders: docs,
  order_items: docs,
  order_status_history: docs,
  returns: docs,
  shipments: docs,
  purchase_orders: docs,
  ledger_entries: docs,
  events: docs,
  audit_entries: docs,
});
export type CustomerExport = z.infer<typeof customerExport>;
