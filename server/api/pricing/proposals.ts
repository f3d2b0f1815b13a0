/**
 * Proposals (docs/repricing.md "Proposals"): the list, and deciding one. Approving re-reads the
 * listing: if anything the proposal was computed from changed (price, cost, MAP, offers, buy box,
 * rule), the proposal has expired (409 proposal_expired) instead of applying a stale price. An
 * approved price (as proposed, or edited within [floor, ceiling]) goes through the listings
 * domain's update path, and the proposal's decision row becomes applied.
 */
import type { Tx } from '../../db';
import { PRICING_EVENTS, type PriceProposal, type ProposalListQuery } from '../../../contract/pricing';
import { HttpError, notFound } from '../errors';
import { afterHash, applyPrices, evaluateSelection, type Emit } from './evaluate';

export const PROPOSAL_EXPIRED = 'The proposal has expired: the listing\u2019s price, cost, MAP, offers or rule changed since it was made. Run propose again.';

const COLUMNS = `x.id, x.listing_id, x.decision_id, x.rule_id, l.marketplace_id, m.name as marketplace_name, l.sku, l.title, x.status, x.old_price_cents,
  x.new_price_cents, x.margin_before_cents, x.margin_after_cents, x.floor_cents, x.ceiling_cents, x.reason, x.decided_at, x.decided_by, x.created_at, x.inputs_hash`;
const FROM = 'price_proposals x join listings l on l.id = x.listing_id join marketplace_accounts m on m.id = l.marketplace_id';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

export function mapProposal(r: Record<string, unknown>): PriceProposal {
  return {
    id: String(r.id),
    listing_id: String(r.listing_id),
    decision_id: String(r.decision_id),
    rule_id: (r.rule_id as string | null) ?? null,
    marketplace_id: String(r.marketplace_id),
    marketplace_name: String(r.marketplace_name),
    sku: String(r.sku),
    title: String(r.title),
    status: r.status as PriceProposal['status'],
    old_price_cents: Number(r.old_price_cents),
    new_price_cents: Number(r.new_price_cents),
    margin_before_cents: numOrNull(r.margin_before_cents),
    margin_after_cents: numOrNull(r.margin_after_cents),
    floor_cents: Number(r.floor_cents),
    ceiling_cents: numOrNull(r.ceiling_cents),
    reason: String(r.reason),
    decided_at: iso(r.decided_at),
    decided_by: (r.decided_by as string | null) ?? null,
    created_at: iso(r.created_at)!,
  };
}

const SORTS: Record<ProposalListQuery['sort'], string> = {
  created_at: 'x.created_at',
  margin_impact: 'coalesce(x.margin_after_cents - x.margin_before_cents, 0)',
  change: 'abs(x.new_price_cents - x.old_price_cents)',
  sku: 'l.sku',
};

function filters(tenantId: string, q: { status?: string; marketplace_id?: string; listing_id?: string; margin_impact?: 'down' | 'up'; ids?: string[] }) {
  const where = ['x.tenant_id = $1'];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (q.status) add('x.status = ?', q.status);
  if (q.marketplace_id) add('l.marketplace_id = ?', q.marketplace_id);
  if (q.listing_id) add('x.listing_id = ?', q.listing_id);
  if (q.ids) add('x.id = any(?::uuid[])', q.ids);
  if (q.margin_impact === 'down') where.push('x.margin_after_cents < x.margin_before_cents');
  if (q.margin_impact === 'up') where.push('x.margin_after_cents > x.margin_before_cents');
  return { where: where.join(' and '), args };
}

export async function listProposals(tx: Tx, tenantId: string, q: ProposalListQuery): Promise<{ rows: PriceProposal[]; total: number }> {
  const f = filters(tenantId, q);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${COLUMNS}, count(*) over () as total from ${FROM} where ${f.where}
      order by ${SORTS[q.sort]} ${dir}, x.id ${dir} limit ${q.limit} offset ${q.offset}`,
    f.args,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.offset > 0) total = Number((await tx.query<{ n: number }>(`select count(*)::int as n from ${FROM} where ${f.where}`, f.args)).rows[0].n);
  return { rows: rows.map(mapProposal), total };
}

export async function pendingIds(tx: Tx, tenantId: string, filter: { marketplace_id?: string; margin_impact?: 'down' | 'up' }): Promise<string[]> {
  const f = filters(tenantId, { ...filter, status: 'pending' });
  const { rows } = await tx.query<{ id: string }>(`select x.id from ${FROM} where ${f.where} order by x.created_at, x.id limit 10000`, f.args);
  return rows.map((r) => r.id);
}

export async function getProposal(tx: Tx, tenantId: string, id: string): Promise<(PriceProposal & { inputs_hash: string }) | null> {
  const { rows } = await tx.query<Record<string, unknown>>(`select ${COLUMNS} from ${FROM} where x.tenant_id = $1 and x.id = $2`, [tenantId, id]);
  return rows[0] ? { ...mapProposal(rows[0]), inputs_hash: String(rows[0].inputs_hash) } : null;
}

const notPending = (status: string) => new HttpError(409, 'proposal_decided', `This proposal is already ${status}`);

export async function decideProposal(
  tx: Tx,
  tenantId: string,
  id: string,
  action: 'approve' | 'reject',
  o: { actor: string; emit: Emit; priceCents?: number },
): Promise<PriceProposal> {
  const locked = await tx.query<{ status: string }>('select status from price_proposals where tenant_id = $1 and id = $2 for update', [tenantId, id]);
  if (!locked.rows[0]) throw notFound('Proposal');
  const p = (await getProposal(tx, tenantId, id))!;
  if (p.status !== 'pending') throw notPending(p.status);
  if (action === 'reject') {
    await tx.query(`update price_proposals set status = 'rejected', decided_at = now(), decided_by = $3 where tenant_id = $1 and id = $2`, [tenantId, id, o.actor]);
  } else {
    // the inputs now, under the rule that governs the listing now
    const [now] = await evaluateSelection(tx, tenantId, { listingIds: [p.listing_id] });
    if (!now || now.hash !== p.inputs_hash) {
      await tx.query(`update price_proposals set status = 'expired', decided_at = now() where tenant_id = $1 and id = $2`, [tenantId, id]);
      await o.emit(PRICING_EVENTS.proposalDecided, { id, status: 'expired' });
      return { ...p, status: 'expired' };
    }
    const price = o.priceCents ?? p.new_price_cents;
    const ceiling = p.ceiling_cents == null ? null : Math.max(p.ceiling_cents, p.floor_cents);
    if (price < p.floor_cents || (ceiling != null && price > ceiling)) {
      const message = `The price must be between the floor $${(p.floor_cents / 100).toFixed(2)}${ceiling != null ? ` and the ceiling $${(ceiling / 100).toFixed(2)}` : ''}`;
      throw new HttpError(400, 'validation_failed', message, [{ field: 'price_cents', message, code: 'out_of_bounds' }]);
    }
    const reason = price === p.new_price_cents ? p.reason : `${p.reason} (approved at $${(price / 100).toFixed(2)})`;
    await applyPrices(tx, tenantId, [{ listingId: p.listing_id, price, reason: `approved: ${reason}` }], o.actor, o.emit);
    await tx.query(`update price_decisions set applied = true, new_price_cents = $3 where tenant_id = $1 and id = $2`, [tenantId, p.decision_id, price]);
    await tx.query(
      `update price_proposals set status = 'applied', new_price_cents = $3, decided_at = now(), decided_by = $4 where tenant_id = $1 and id = $2`,
      [tenantId, id, price, o.actor],
    );
    await tx.query(`update pricing_listing_state set last_change_at = now(), inputs_hash = $2 where listing_id = $1`, [p.listing_id, afterHash(now, price)]);
  }
  const after = (await getProposal(tx, tenantId, id))!;
  await o.emit(PRICING_EVENTS.proposalDecided, { id, status: after.status, listing_id: after.listing_id, new_price_cents: after.new_price_cents });
  return after;
}
