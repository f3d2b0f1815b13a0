/**
 * The problems' table (docs/reconciliation.md "API"): server-side filters (kind, status,
 * marketplace), search (order id, the marketplace's order or payout id), sort and offset pages, each
 * row with its explanation and what to do in words.
 */
import type { Queryable } from '../../db';
import { iso } from '../wire';
import {
  PROBLEM_ADVICE, problemExplanation,
  type ProblemFacts, type ProblemKind, type ProblemListQuery, type ProblemRow, type ProblemStatus,
} from '../../../contract/reconciliation';
import type { Marketplace } from '../../../contract/orders';

export interface Raw {
  id: string; kind: ProblemKind; status: ProblemStatus; marketplace: Marketplace; marketplace_id: string | null; order_id: string | null;
  payout_id: string | null; payout_line_id: string | null; amount_cents: string | number; currency: string; facts: ProblemFacts | string;
  note: string | null; resolved_by: string | null; resolved_at: Date | string | null; found_at: Date | string;
}

export const COLUMNS = `id::text as id, kind, status, marketplace, marketplace_id::text as marketplace_id, order_id, payout_id::text as payout_id,
  payout_line_id::text as payout_line_id, amount_cents, currency, facts, note, resolved_by, resolved_at, found_at`;

export function toRow(r: Raw): ProblemRow {
  const facts = (typeof r.facts === 'string' ? JSON.parse(r.facts) : r.facts) as ProblemFacts;
  return {
    id: r.id, kind: r.kind, status: r.status, marketplace: r.marketplace, marketplace_id: r.marketplace_id, order_id: r.order_id,
    payout_id: r.payout_id, payout_line_id: r.payout_line_id, amount_cents: Number(r.amount_cents), currency: r.currency, facts,
    explanation: problemExplanation(r.kind, facts, r.marketplace), what_to_do: PROBLEM_ADVICE[r.kind],
    note: r.note, resolved_by: r.resolved_by, resolved_at: r.resolved_at === null ? null : iso(r.resolved_at), found_at: iso(r.found_at),
  };
}

const SORT_SQL: Record<ProblemListQuery['sort'], string> = {
  found_at: 'found_at', amount_cents: 'amount_cents', kind: 'kind', status: 'status',
};

export async function listProblems(tx: Queryable, tenantId: string, q: ProblemListQuery): Promise<{ rows: ProblemRow[]; total: number }> {
  const where = ['tenant_id = $1'];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (q.kind) add('kind = any(?::text[])', q.kind);
  if (q.status) add('status = any(?::text[])', q.status);
  if (q.marketplace) add('marketplace = any(?::text[])', q.marketplace);
  if (q.search) add(`(order_id ilike ? or facts->>'external_order_id' ilike ? or facts->>'external_payout_id' ilike ?)`.replaceAll('?', `$${args.length + 1}`), `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  args.push(q.limit, q.offset);
  const { rows } = await tx.query<Raw & { _total: string | number }>(
    `select ${COLUMNS}, count(*) over () as _total from reconciliation_problems where ${where.join(' and ')}
      order by ${SORT_SQL[q.sort]} ${dir}, id ${dir} limit $${args.length - 1} offset $${args.length}`,
    args,
  );
  let total = rows.length ? Number(rows[0]._total) : 0;
  if (!rows.length && q.offset > 0) {
    const c = await tx.query<{ n: number }>(`select count(*)::int as n from reconciliation_problems where ${where.join(' and ')}`, args.slice(0, -2));
    total = Number(c.rows[0].n);
  }
  return { rows: rows.map(toRow), total };
}
