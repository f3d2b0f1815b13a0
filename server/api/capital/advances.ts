/**
 * Advances as rows and the steps that move them (docs/capital.md "Advances"): read with what has been
 * repaid (the sum of capital_repayments, whose rows are written with their ledger entries), and the
 * repayment step shared by the holdback consumer and the early payoff: one repayment row, one
 * ledger entry, the status that follows, audit and events, all in the caller's transaction.
 */
import type { Tx } from '../../db';
import type { AdvanceRow, AdvanceStatus, OfferKind } from '../../../contract/capital';
import { iso, isoOrNull } from '../wire';
import { writeEntries } from '../../ledger/poster';
import { appendEvents, newEvent, type NewEvent } from '../../events/outbox';
import { writeAudit } from '../kit';
import { repaymentEntry, repaymentKey, type AdvanceFacts } from '../../domain/capital/entries';
import { statusAfter } from '../../domain/capital/repayment';

export const ADVANCE_COLUMNS = `a.*, coalesce((select sum(r.amount_cents) from capital_repayments r where r.tenant_id = a.tenant_id and r.advance_id = a.id), 0) as repaid_cents`;

const DISBURSED: readonly AdvanceStatus[] = ['disbursed', 'repaying', 'repaid'];

export function mapAdvance(r: Record<string, unknown>): AdvanceRow {
  const principal = Number(r.principal_cents);
  const fee = Number(r.fee_cents);
  const repaid = Number(r.repaid_cents ?? 0);
  const status = r.status as AdvanceStatus;
  const parse = <T>(v: unknown, d: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T) ?? d));
  return {
    id: String(r.id),
    number: String(r.number),
    offer_kind: r.offer_kind as OfferKind,
    status,
    principal_cents: principal,
    fee_cents: fee,
    total_cents: principal + fee,
    repaid_cents: repaid,
    outstanding_cents: DISBURSED.includes(status) ? principal + fee - repaid : 0,
    holdback_bp: Number(r.holdback_bp),
    term_months: r.term_months == null ? null : Number(r.term_months),
    terms: parse<Record<string, unknown>>(r.terms, {}),
    currency: String(r.currency),
    order_id: (r.order_id as string | null) ?? null,
    reasons: parse<string[]>(r.reasons, []),
    requested_by_email: (r.requested_by_email as string | null) ?? null,
    requested_at: iso(r.requested_at),
    decided_by_email: (r.decided_by_email as string | null) ?? null,
    decided_at: isoOrNull(r.decided_at),
    reject_reason: (r.reject_reason as string | null) ?? null,
    disbursed_at: isoOrNull(r.disbursed_at),
    repaid_at: isoOrNull(r.repaid_at),
  };
}

export async function getAdvance(tx: Tx, tenantId: string, id: string, lock = false): Promise<AdvanceRow | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${ADVANCE_COLUMNS} from capital_advances a where a.tenant_id = $1 and a.id = $2 ${lock ? 'for update of a' : ''}`,
    [tenantId, id],
  );
  return rows[0] ? mapAdvance(rows[0]) : null;
}

export const factsOf = (a: AdvanceRow): AdvanceFacts => ({ id: a.id, number: a.number, principal_cents: a.principal_cents, fee_cents: a.fee_cents, currency: a.currency });

export interface Actor { tenantId: string; userId: string | null; email: string | null; correlationId?: string }

/**
 * Repays `amount` of a disbursed advance (locked by the caller): the repayment row and its ledger
 * entry under one key (a payout held back twice, or a payoff retried, writes nothing and answers
 * false), then the status that follows, an audit row and the events.
 */
export async function repay(
  tx: Tx, actor: Actor, a: AdvanceRow, amount: number,
  r: { kind: 'holdback'; settlementId: string; payout: string } | { kind: 'payoff' },
  causationId?: string,
): Promise<AdvanceRow | null> {
  if (amount <= 0) return null;
  const key = repaymentKey(a.id, r.kind === 'holdback' ? { kind: 'holdback', settlementId: r.settlementId } : { kind: 'payoff' });
  const { rows } = await tx.query<{ id: string }>(
    `insert into capital_repayments (tenant_id, advance_id, kind, settlement_id, amount_cents, ledger_key)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id`,
    [actor.tenantId, a.id, r.kind, r.kind === 'holdback' ? r.settlementId : null, amount, key],
  );
  if (rows.length === 0) return null;
  const written = await writeEntries(tx, actor.tenantId, [repaymentEntry(factsOf(a), key, r.kind, amount, r.kind === 'holdback' ? r.payout : undefined)]);
  if (written !== 1) throw new Error(`advance ${a.number}: repayment ${key} is in the books without its row`);
  const repaid = a.repaid_cents + amount;
  const status = statusAfter(a.total_cents, repaid);
  await tx.query(
    `update capital_advances set status = $3, repaid_at = case when $3 = 'repaid' then now() else null end, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [actor.tenantId, a.id, status],
  );
  const after = { ...a, status, repaid_cents: repaid, outstanding_cents: a.total_cents - repaid };
  await writeAudit(tx, actor, actor.correlationId, {
    action: r.kind === 'holdback' ? 'advance.holdback' : 'advance.payoff',
    resource: 'advance',
    resourceId: a.id,
    before: { status: a.status, repaid_cents: a.repaid_cents },
    after: { status, repaid_cents: repaid, amount_cents: amount, settlement_id: r.kind === 'holdback' ? r.settlementId : null },
  });
  const events: NewEvent[] = [newEvent('capital.advance_repayment', {
    id: a.id, number: a.number, kind: r.kind, settlement_id: r.kind === 'holdback' ? r.settlementId : null, amount_cents: amount, outstanding_cents: after.outstanding_cents,
  }, causationId)];
  if (status === 'repaid') events.push(newEvent('capital.advance_repaid', { id: a.id, number: a.number, total_cents: a.total_cents }, causationId));
  await appendEvents(tx, actor.tenantId, events, { correlationId: actor.correlationId });
  return after;
}
