/**
 * Compliance's events (docs/governance.md "Compliance"): a customer's personal data was erased, the
 * retention settings were changed. Neither payload carries personal data: an erased customer is
 * named by the sha256 of their email only.
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';

export const COMPLIANCE_EVENTS = {
  customerErased: 'compliance.customer_erased',
  retentionChanged: 'compliance.retention_changed',
} as const;

export const complianceEvents = defineEvents({
  [COMPLIANCE_EVENTS.customerErased]: event(
    'JOBS',
    "A customer's names, addresses, email and phone were anonymised everywhere the tenant held them (orders keep their amounts)",
    z.strictObject({ email_hash: z.string(), orders: z.number().int(), records: z.number().int() }),
  ),
  [COMPLIANCE_EVENTS.retentionChanged]: event('JOBS', 'How many days the tenant keeps its records was changed', z.strictObject({ fields: z.array(z.string()) })),
});
