/** The events capital writes (docs/capital.md "Advances", docs/events.md "Event catalogue"). */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';

const advance = {
  id: z.string(),
  number: z.string(),
  offer_kind: z.enum(['receivables', 'merchant_cash', 'fixed_fee']),
  principal_cents: z.number().int(),
  fee_cents: z.number().int(),
};

export const capitalEvents = defineEvents({
  'capital.advance_requested': event('JOBS', 'A seller requested a working-capital advance on an offer', z.strictObject({ ...advance, order_id: z.string().nullable() })),
  'capital.advance_decided': event(
    'JOBS',
    'An admin approved or rejected a requested advance',
    z.strictObject({ ...advance, decision: z.enum(['approved', 'rejected']), reason: z.string().nullable() }),
  ),
  'capital.advance_disbursed': event('JOBS', 'An approved advance was paid out to the seller (principal to cash, fee owed)', z.strictObject({ ...advance })),
  'capital.advance_repayment': event(
    'JOBS',
    "Part of an advance was repaid: held back from a payout, or paid off early",
    z.strictObject({
      id: z.string(),
      number: z.string(),
      kind: z.enum(['holdback', 'payoff']),
      settlement_id: z.string().nullable(),
      amount_cents: z.number().int(),
      outstanding_cents: z.number().int(),
    }),
  ),
  'capital.advance_repaid': event('JOBS', 'An advance was repaid in full (principal and fee)', z.strictObject({ id: z.string(), number: z.string(), total_cents: z.number().int() })),
});
