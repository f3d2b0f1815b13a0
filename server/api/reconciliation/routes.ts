/**
 * Reconciliation's API (docs/reconciliation.md "API"): the problems found between shipped orders and
 * the payouts that should have paid them, and a person's decision on one. Reading is `read:capital`,
 * deciding `capital:request` (contract/modules/reconciliation.ts). The reconciler itself runs in the
 * `payout-reconciler` consumer and on a periodic tick (runner.ts), never in a request.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { conflict, notFound } from '../errors';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  PROBLEM_STATUS_LABEL, WRITE_OFF_KINDS, problemListQuery, problemParams, problemRow, reconciliationLive, reconciliationPermissions, resolveBody,
} from '../../../contract/reconciliation';
import { RECONCILIATION_EVENTS } from '../../../contract/reconciliation-events';
import { writeEntries } from '../../ledger/poster';
import { carriedCents, writeOffEntry } from '../../domain/reconciliation/write-off';
import { COLUMNS, listProblems, toRow, type Raw } from './queries';
import { reconcileEveryMs, reconcilerConsumer, startReconcileTick } from './runner';

const reconciliation: ApiModule = (api) => {
  let stopTick: (() => void) | null = null;
  api.app.addHook('onReady', async () => {
    stopTick = startReconcileTick(api.services.db, reconcileEveryMs(), (e) => api.app.log.error({ err: e }, 'reconciliation tick'));
  });
  api.app.addHook('onClose', async () => stopTick?.());

  api.route({
    method: 'GET',
    url: '/payouts/reconciliation',
    access: reconciliationPermissions.reconciliation.read,
    answer: listAnswer(problemRow),
    query: problemListQuery,
    async handler({ tx, auth, query }) {
      const { rows, total } = await listProblems(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/payouts/reconciliation/:id/resolve',
    access: reconciliationPermissions.reconciliation.manage,
    lock: { table: 'reconciliation_problems', what: 'Reconciliation problem' },
    params: problemParams,
    body: resolveBody,
    answer: oneAnswer(problemRow),
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const found = await ctx.tx.query<Raw>(`select ${COLUMNS} from reconciliation_problems where tenant_id = $1 and id = $2`, [t, ctx.params.id]);
      const before = found.rows[0];
      if (!before) throw notFound('Reconciliation problem');
      const { action, note } = ctx.body;
      // open → accepted | disputed; a dispute the marketplace turned down may still be accepted
      const allowed = before.status === 'open' || (before.status === 'disputed' && action === 'accept');
      if (!allowed) {
        const by = before.resolved_by ? ` by ${before.resolved_by}` : '';
        throw conflict(`This problem is already ${PROBLEM_STATUS_LABEL[before.status].toLowerCase()}${by}; nothing was changed.`, { status: before.status });
      }
      const status = action === 'accept' ? 'accepted' : 'disputed';
      const who = ctx.auth.email ?? ctx.auth.userId;
      const { rows } = await ctx.tx.query<Raw>(
        `update reconciliation_problems set status = $3, note = coalesce($4, note), resolved_by = $5, resolved_at = now(), updated_at = now()
          where tenant_id = $1 and id = $2 and status = $6 returning ${COLUMNS}`,
        [t, ctx.params.id, status, note ?? null, who, before.status],
      );
      if (!rows[0]) throw conflict('This problem was decided meanwhile; nothing was changed.');
      const after = toRow(rows[0]);
      let writtenOff = 0;
      if (action === 'accept' && WRITE_OFF_KINDS.has(after.kind)) {
        const label = after.order_id ?? `Payout ${after.facts.external_payout_id ?? after.payout_id ?? after.id}`;
        const entry = writeOffEntry({ problemId: after.id, kind: after.kind, marketplace: after.marketplace, amountCents: after.amount_cents, currency: after.currency, label, facts: after.facts });
        if (entry && (await writeEntries(ctx.tx, t, [entry])) > 0) writtenOff = Math.abs(carriedCents({ kind: after.kind, amountCents: after.amount_cents, facts: after.facts }));
      }
      await ctx.audit({ action: `reconciliation_problem.${action}`, resource: 'reconciliation_problem', resourceId: after.id, before: { status: before.status }, after: { status, note: note ?? null, written_off_cents: writtenOff } });
      await ctx.emit(RECONCILIATION_EVENTS.resolved, { id: after.id, kind: after.kind, action, status: after.status, amount_cents: after.amount_cents, written_off_cents: writtenOff });
      return one(after);
    },
  });
};

export default defineModule({ name: 'reconciliation', routes: reconciliation, consumers: [reconcilerConsumer], live: reconciliationLive });
