/**
 * POST /suppliers/score-all — docs/commerce.md: the documented weighted score (server/domain/supplier-score.ts)
 * from the last 12 months of supplier_performance, tier re-assigned by score; every change is audited
 * with before/after score and tier, and one `suppliers.scored` event names the run.
 */
import type { ScoreResult, SkippedSupplier } from '../../../contract/suppliers';
import type { Ctx } from '../kit';
import { num, numOrNull } from '../../domain/numbers';
import { currentMonth, scoreSupplier, HISTORY_MONTHS, type MonthPerformance } from '../../domain/supplier-score';

export type { ScoreResult, SkippedSupplier };

export const NO_HISTORY_MESSAGE = `No performance recorded in the last ${HISTORY_MONTHS} months`;

export async function scoreAll(
  ctx: Ctx<unknown, unknown, unknown>,
): Promise<{ as_of: string; scored: number; changed: number; suppliers: ScoreResult[]; skipped: SkippedSupplier[] }> {
  const { tx, auth } = ctx;
  const asOf = currentMonth();
  const suppliers = await tx.query<{ id: string; name: string; tier: unknown; score: unknown }>(
    'select id, name, tier, score from suppliers where tenant_id = $1 order by name, id for update',
    [auth.tenantId],
  );
  const perf = await tx.query<{ supplier_id: string; month: string; on_time_rate: unknown; defect_rate: unknown; cancellation_rate: unknown; lead_time_days: unknown }>(
    `select supplier_id, to_char(month, 'YYYY-MM-DD') as month, on_time_rate, defect_rate, cancellation_rate, lead_time_days
       from supplier_performance
      where tenant_id = $1 and month > ($2::date - make_interval(months => $3)) and month <= $2::date`,
    [auth.tenantId, asOf, HISTORY_MONTHS],
  );
  const history = new Map<string, MonthPerformance[]>();
  for (const p of perf.rows) {
    const list = history.get(p.supplier_id) ?? [];
    list.push({
      month: p.month,
      on_time_rate: num(p.on_time_rate),
      defect_rate: num(p.defect_rate),
      cancellation_rate: num(p.cancellation_rate),
      lead_time_days: num(p.lead_time_days),
    });
    history.set(p.supplier_id, list);
  }
  const results: ScoreResult[] = [];
  const skipped: SkippedSupplier[] = [];
  for (const s of suppliers.rows) {
    const prevScore = numOrNull(s.score);
    const prevTier = num(s.tier);
    const r = scoreSupplier(history.get(s.id) ?? [], asOf);
    if (!r) {
      // nothing to score from: the answer says so rather than counting it silently as "unchanged"
      skipped.push({ id: s.id, name: s.name, reason: 'no_history', message: NO_HISTORY_MESSAGE });
      results.push({ id: s.id, name: s.name, score: prevScore, tier: prevTier, previous_score: prevScore, previous_tier: prevTier, changed: false });
      continue;
    }
    const changed = r.score !== prevScore || r.tier !== prevTier;
    await tx.query(
      `update suppliers set score = $3, tier = $4, on_time_rate = $5, defect_rate = $6, cancellation_rate = $7, lead_time_days = $8,
              scored_at = now(), updated_at = case when $9 then now() else updated_at end
        where tenant_id = $1 and id = $2`,
      [auth.tenantId, s.id, r.score, r.tier, r.on_time_rate, r.defect_rate, r.cancellation_rate, r.lead_time_days, changed],
    );
    if (changed) {
      await ctx.audit({
        action: 'supplier.score',
        resource: 'supplier',
        resourceId: s.id,
        before: { score: prevScore, tier: prevTier },
        after: { score: r.score, tier: r.tier },
      });
    }
    results.push({ id: s.id, name: s.name, score: r.score, tier: r.tier, previous_score: prevScore, previous_tier: prevTier, changed });
  }
  const changedCount = results.filter((r) => r.changed).length;
  const scored = results.length - skipped.length;
  await ctx.emit('suppliers.scored', {
    as_of: asOf,
    scored,
    changed: changedCount,
    skipped: skipped.length,
    suppliers: results.map((r) => ({ id: r.id, score: r.score, tier: r.tier, changed: r.changed })),
  });
  return { as_of: asOf, scored, changed: changedCount, suppliers: results, skipped };
}
