/**
 * Repayment by holdback (docs/capital.md "Repayment"): the durable consumer `capital-holdback`
 * reads every payout (`marketplaces.settlement_created`, the signal that a payout arrived) and holds
 * back the share its terms name of the payout's net for the tenant's disbursed advance, until
 * principal and fee are repaid. A payout that arrived before the advance was disbursed repays
 * nothing. Exactly once per payout: the repayment row and its ledger entry share one key per
 * (advance, payout), so a redelivered or replayed event writes nothing.
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { holdbackOf } from '../../domain/capital/repayment';
import { ADVANCE_COLUMNS, mapAdvance, repay } from './advances';

export const HOLDBACK_CONSUMER = 'capital-holdback';

export function capitalHoldbackConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: HOLDBACK_CONSUMER,
    filterSubjects: ['marketplaces.settlement_created'],
    async handle(msg) {
      const d = msg.data;
      await ctx.db.transaction(async (tx) => {
        const { rows: [s] } = await tx.query<{ id: string; external_id: string; net_cents: string | number; created_at: Date | string }>(
          `select id::text as id, external_id, net_cents, created_at from marketplace_settlements
            where tenant_id = $1 and marketplace_id = $2 and external_id = $3`,
          [msg.tenantId, d.marketplace_id, d.external_id],
        );
        if (!s) return; // the payout is gone (its account deleted)
        const { rows } = await tx.query<Record<string, unknown>>(
          `select ${ADVANCE_COLUMNS} from capital_advances a
            where a.tenant_id = $1 and a.status in ('disbursed', 'repaying') and a.disbursed_at < $2
            order by a.disbursed_at, a.id for update of a`,
          [msg.tenantId, s.created_at],
        );
        let net = Number(s.net_cents);
        for (const row of rows) {
          const a = mapAdvance(row);
          const x = holdbackOf(net, a.holdback_bp, a.outstanding_cents);
          if (x <= 0) continue;
          const done = await repay(tx, { tenantId: msg.tenantId, userId: null, email: null, correlationId: msg.correlationId ?? undefined }, a, x,
            { kind: 'holdback', settlementId: s.id, payout: s.external_id }, String(msg.tenantSeq));
          if (done) net -= x;
        }
      }, { tenantId: msg.tenantId });
    },
  });
}
